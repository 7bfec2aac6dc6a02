//! The result model of `generate`: how likely a game between two ratings is to end in a win, a
//! draw or a loss.
//!
//! The expected score is the Elo formula, `E = 1 / (1 + 10^(-d/400))` for a rating difference `d`
//! (FIDE Rating Regulations B.02 8.1 tabulate the same curve). A draw is most likely between equal
//! players and grows rarer as the gap widens:
//!
//! ```text
//! p_draw = min(D · 2·√(E·(1−E)),  2·min(E, 1−E))
//! p_win  = E − p_draw / 2
//! p_loss = 1 − E − p_draw / 2
//! ```
//!
//! `D` is the draw rate of the options: the draw probability between equally rated players
//! (`E = ½` makes the first term exactly `D`). `2·√(E·(1−E))` is 1 at `d = 0` and falls with `|d|`
//! (0.85 at 200 points, 0.57 at 400, 0.2 at 800): the shape of Davidson's draw model, in which a
//! draw's weight is the geometric mean of the two players' strengths. The second term of the
//! minimum keeps both decisive outcomes non-negative; with it, the expected score stays exactly
//! `E` for every `D`, so the draw rate changes how results spread, never who is favoured. Colour
//! plays no part: the model has no white advantage.
//!
//! The numbers are computed with IEEE-754 basic operations only (`+ − × ÷` and `sqrt`, which the
//! standard requires to be correctly rounded), never with `powf` or `exp`, whose last bit depends on
//! the platform's maths library: a seed must give the same tournament on every machine.

/// The chances of the outcomes of one game, from white's side; they add up to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcomes {
    pub white_wins: f64,
    pub draw: f64,
    pub black_wins: f64,
}

impl Outcomes {
    /// White's expected score.
    pub fn white_expected(&self) -> f64 {
        self.white_wins + self.draw / 2.0
    }
}

/// The chances of a game between a white player rated `white` and a black player rated `black`,
/// with draw rate `draw_rate` (0 to 1) between equals.
pub fn outcomes(white: u32, black: u32, draw_rate: f64) -> Outcomes {
    let expected = expected_score(i64::from(white) - i64::from(black));
    let draw_rate = if draw_rate.is_finite() { draw_rate.clamp(0.0, 1.0) } else { 0.0 };
    let shape = 2.0 * (expected * (1.0 - expected)).sqrt();
    let draw = (draw_rate * shape).min(2.0 * expected.min(1.0 - expected)).max(0.0);
    let white_wins = (expected - draw / 2.0).max(0.0);
    let black_wins = (1.0 - white_wins - draw).max(0.0);
    Outcomes { white_wins, draw, black_wins }
}

/// The Elo expected score of a player `difference` rating points above the opponent.
pub fn expected_score(difference: i64) -> f64 {
    // `1 / (1 + 10^(-d/400))`, written as `x / (1 + x)` with `x = 10^(d/400)` for d ≥ 0 and
    // mirrored for d < 0, so that E(d) + E(-d) = 1 exactly.
    let x = ten_to_the_400th(difference.unsigned_abs());
    let higher = x / (1.0 + x);
    if difference >= 0 { higher } else { 1.0 - higher }
}

/// `10^(n/400)`, by exact powers of ten times integer powers of `10^(1/400)` (square and
/// multiply): basic operations only, so the same bits everywhere. Capped at `10^22` (a rating
/// difference of 8800, far beyond any rating list), where the expected score is 1 to the last bit.
fn ten_to_the_400th(n: u64) -> f64 {
    /// `10^(1/400)`, rounded to the nearest double.
    const ROOT: f64 = 1.005_773_063_001_738_3;
    let whole = (n / 400).min(22);
    let mut power = 1.0_f64;
    for _ in 0..whole {
        power *= 10.0;
    }
    if n / 400 >= 22 {
        return power;
    }
    let mut rest = n % 400;
    let mut base = ROOT;
    while rest > 0 {
        if rest & 1 == 1 {
            power *= base;
        }
        base *= base;
        rest >>= 1;
    }
    power
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn expected_score_is_the_elo_curve() {
        assert_eq!(expected_score(0), 0.5);
        // The FIDE table (B.02 8.1.2) gives 0.76 for a 200-point gap and 0.92 for 400 (rounded).
        assert!((expected_score(200) - 0.759_746).abs() < 1e-6, "{}", expected_score(200));
        assert!((expected_score(400) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(800) - 100.0 / 101.0).abs() < 1e-12);
        for d in [1, 17, 399, 400, 401, 1234, 5000] {
            assert!(close(expected_score(d) + expected_score(-d), 1.0), "{d}");
            assert!(expected_score(d) > expected_score(d - 1), "{d}");
        }
        assert_eq!((expected_score(20_000), expected_score(-100_000)), (1.0, 0.0));
    }

    #[test]
    fn outcomes_add_up_and_keep_the_expected_score() {
        for draw_rate in [0.0, 0.1, 0.3, 0.7, 1.0] {
            for (white, black) in [(2000, 2000), (2400, 2000), (1200, 2700), (2700, 1200), (1500, 1520)] {
                let o = outcomes(white, black, draw_rate);
                assert!(close(o.white_wins + o.draw + o.black_wins, 1.0), "{o:?}");
                assert!(o.white_wins >= 0.0 && o.draw >= 0.0 && o.black_wins >= 0.0, "{o:?}");
                let elo = expected_score(i64::from(white) - i64::from(black));
                assert!(close(o.white_expected(), elo), "{white} {black} {draw_rate}: {o:?}");
            }
        }
    }

    #[test]
    fn draws_are_the_rate_between_equals_and_rarer_with_the_gap() {
        assert!(close(outcomes(1800, 1800, 0.3).draw, 0.3));
        assert!(close(outcomes(1800, 1800, 0.0).draw, 0.0));
        assert!(close(outcomes(1800, 1800, 1.0).draw, 1.0));
        let mut previous = 1.0;
        for gap in (0..=1500).step_by(50) {
            let draw = outcomes(1200 + gap, 1200, 0.3).draw;
            assert!(draw < previous || gap == 0, "gap {gap}: {draw} after {previous}");
            assert!(close(draw, outcomes(1200, 1200 + gap, 0.3).draw), "symmetric at {gap}");
            previous = draw;
        }
        // At a 400-point gap the shape is 2·√(10/121) ≈ 0.575.
        assert!((outcomes(2400, 2000, 0.3).draw - 0.3 * 0.574_960).abs() < 1e-6);
        // Out-of-range rates are clamped, never a panic or NaN.
        assert!(close(outcomes(2000, 2000, f64::NAN).draw, 0.0));
        assert!(close(outcomes(2000, 2000, 7.0).draw, 1.0));
    }
}
