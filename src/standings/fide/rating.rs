//! The FIDE Rating Regulations' tables that C.07 Art. 10 refers to: 8.1.1 (the rating difference
//! `dp` for a fractional score) for TPR, 8.1.2 (the expected score for a rating difference) for PTP.

/// 8.1.1: `dp` for p = 1.00, 0.99, …, 0.50; below 0.50, dp(p) = −dp(1 − p).
const DP: [i64; 51] = [
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262, 251, 240, 230, 220,
    211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21,
    14, 7, 0,
];

/// 8.1.2: the lowest rating difference of each band, from which the higher-rated player's
/// expected score is 0.50, 0.51, …, 0.99; above 735 it is 1.00.
const BANDS: [i64; 50] = [
    0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146, 154, 163, 171, 180, 189,
    198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345, 358, 375, 392, 412, 433, 457, 485, 518, 560,
    620,
];

/// `dp` for a score in hundredths of the games (0–100).
pub fn dp(percent: i64) -> i64 {
    let percent = percent.clamp(0, 100);
    if percent >= 50 { DP[(100 - percent) as usize] } else { -DP[percent as usize] }
}

/// The expected score, in hundredths, of a player rated `difference` points above the opponent
/// (negative below), on the table's full scale: 10.3 does not apply the 400-point rule.
pub fn expected(difference: i64) -> i64 {
    let gap = difference.abs();
    let higher = if gap > 735 { 100 } else { 50 + BANDS.iter().rposition(|&low| gap >= low).unwrap_or(0) as i64 };
    if difference >= 0 { higher } else { 100 - higher }
}

/// `numerator / denominator` rounded to the nearest integer, halves up (towards +∞).
pub fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

/// 10.2: the average rating of the opponents (rounded, 10.1) plus `dp` for the score over the
/// games, rounded to hundredths. `points` in tenths; `None` without a game.
pub fn performance(opponents: &[i64], points_tenths: i64) -> Option<i64> {
    let games = opponents.len() as i64;
    if games == 0 {
        return None;
    }
    let average = round_half_up(opponents.iter().sum(), games);
    Some(average + dp(round_half_up(points_tenths * 10, games)))
}

/// 10.3: the lowest rating at which the expected score against the opponents reaches the score;
/// with no point, the lowest-rated opponent's rating less 800. `points` in tenths.
pub fn perfect_performance(opponents: &[i64], points_tenths: i64) -> Option<i64> {
    let (low, high) = (*opponents.iter().min()?, *opponents.iter().max()?);
    if points_tenths <= 0 {
        return Some(low - 800);
    }
    let wanted = points_tenths * 10;
    let reaches = |rating: i64| opponents.iter().map(|&o| expected(rating - o)).sum::<i64>() >= wanted;
    // The expected total grows with the rating and reaches every score at 736 above the highest.
    let (mut lo, mut hi) = (low - 800, high + 736);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) { hi = mid } else { lo = mid + 1 }
    }
    Some(lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_read_as_the_rating_regulations_print_them() {
        assert_eq!((dp(100), dp(99), dp(50), dp(49), dp(0)), (800, 677, 0, -7, -800));
        assert_eq!((dp(75), dp(25)), (193, -193));
        // 8.1.2: 0–3 → .50, 4–10 → .51, 620–735 → .99, above 735 → 1.00.
        assert_eq!((expected(3), expected(4), expected(10), expected(11)), (50, 51, 51, 52));
        assert_eq!((expected(735), expected(736), expected(-736), expected(-100)), (99, 100, 0, 36));
    }

    #[test]
    fn performance_and_perfect_performance_by_hand() {
        // 2 of 3 against 2000, 2100, 2200: average 2100, p = 0.67 → dp 125.
        assert_eq!(performance(&[2000, 2100, 2200], 20), Some(2225));
        // Against one opponent rated 2000, a draw needs 0.50: the lowest such rating is 1997
        // (difference −3 is still in the 0–3 band).
        assert_eq!(perfect_performance(&[2000], 5), Some(1997));
        // A win needs 1.00: 736 above.
        assert_eq!(perfect_performance(&[2000], 10), Some(2736));
        assert_eq!(perfect_performance(&[2000, 1800], 0), Some(1000));
        assert_eq!(round_half_up(5, 2), 3);
        assert_eq!(round_half_up(-5, 2), -2);
    }
}
