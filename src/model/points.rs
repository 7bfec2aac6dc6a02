//! Scores and point systems.
//!
//! Scores are kept as exact tenths of a point: TRF writes every score with at most one decimal
//! (`11.5`), JaVaFo's `XXS` values such as `.5` fit as well, and draughts scores (2/1/0, or the Delft
//! scale up to 12) are whole numbers. Exact integers keep sums and comparisons free of rounding.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub};

use serde::{Serialize, Serializer};

/// A number of points, stored in tenths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(5);
    pub const ONE: Points = Points(10);

    pub const fn from_tenths(tenths: i64) -> Points {
        Points(tenths)
    }

    pub const fn whole(points: i64) -> Points {
        Points(points * 10)
    }

    pub const fn tenths(self) -> i64 {
        self.0
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Multiplies by a whole count (used for "n byes worth a draw each").
    pub fn times(self, count: i64) -> Points {
        Points(self.0 * count)
    }

    /// Parses `11.5`, ` 4.0`, `4`, `.5`, `-1.0`, and the decimal comma `4,5`.
    /// Returns `None` for anything else, including more than one decimal digit.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = match digits.find(['.', ',']) {
            Some(at) => (&digits[..at], &digits[at + 1..]),
            None => (digits, ""),
        };
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        if !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // A trailing zero beyond the first decimal is harmless (`1.50`); anything else is not a tenth.
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 1 || whole.len() > 12 {
            return None;
        }
        let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let tenth: i64 = fraction.parse().unwrap_or(0);
        let value = whole * 10 + tenth;
        Some(Points(if negative { -value } else { value }))
    }
}

impl fmt::Display for Points {
    /// Always one decimal, as TRF writes scores: `4.0`, `11.5`, `-1.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.abs();
        let text = format!("{sign}{}.{}", abs / 10, abs % 10);
        f.pad(&text)
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 10 == 0 {
            serializer.serialize_i64(self.0 / 10)
        } else {
            serializer.serialize_f64(self.0 as f64 / 10.0)
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// What each kind of round outcome is worth.
///
/// This is the union of what the three ways of declaring a point system can say: TRF-2026 record
/// `162` (codes W D L A P X), JaVaFo's `XXS` (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL) and
/// bbpPairings' `BBW BBD BBL BBZ BBF BBU`. JaVaFo distinguishes white and black, so we do too.
/// A value that no record sets keeps the FIDE default. The PAB is worth a win unless set on its own
/// (TRF-2026 `P`, "= W"; bbpPairings: "BBU defaults to BBW").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointSystem {
    pub white_win: Points,
    pub black_win: Points,
    pub white_draw: Points,
    pub black_draw: Points,
    pub white_loss: Points,
    pub black_loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub zero_point_bye: Points,
    pub half_point_bye: Points,
    pub full_point_bye: Points,
    /// `None`: the PAB is worth a played win (as white).
    pub pairing_allocated_bye: Option<Points>,
    /// TRF-2026 `X`: a result not yet known (an adjourned game); counted like a draw unless declared.
    pub unknown_result: Option<Points>,
    /// The bye values are a two-game match's, not a game's: a Double-Swiss file's `162` that prices
    /// the PAB above a won game, as C.04.5 1.4 prices the match (a won game and a drawn one). A bye
    /// written in both round columns of a match then counts once ([`super::Tournament::round_points`]).
    pub byes_per_match: bool,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem::fide()
    }
}

impl PointSystem {
    /// The FIDE default: 1, ½, 0; byes by their names.
    pub fn fide() -> PointSystem {
        PointSystem::with_win_draw(Points::ONE, Points::HALF)
    }

    /// Draughts scoring (FMJD): a win is 2, a draw 1, and the bye a win's points.
    pub fn draughts() -> PointSystem {
        PointSystem::with_win_draw(Points::whole(2), Points::ONE)
    }

    fn with_win_draw(win: Points, draw: Points) -> PointSystem {
        PointSystem {
            white_win: win,
            black_win: win,
            white_draw: draw,
            black_draw: draw,
            white_loss: Points::ZERO,
            black_loss: Points::ZERO,
            forfeit_win: win,
            forfeit_loss: Points::ZERO,
            zero_point_bye: Points::ZERO,
            half_point_bye: draw,
            full_point_bye: win,
            pairing_allocated_bye: None,
            unknown_result: None,
            byes_per_match: false,
        }
    }

    pub fn pab(&self) -> Points {
        self.pairing_allocated_bye.unwrap_or(self.white_win)
    }

    pub fn unknown(&self) -> Points {
        self.unknown_result.unwrap_or(self.white_draw)
    }

    pub fn is_fide_default(&self) -> bool {
        *self == PointSystem::fide()
    }

    /// True when white and black score alike, so that TRF-2026 `162` can express the system.
    pub fn is_colour_blind(&self) -> bool {
        self.white_win == self.black_win && self.white_draw == self.black_draw && self.white_loss == self.black_loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_trf_scores() {
        assert_eq!(Points::parse("11.5"), Some(Points::from_tenths(115)));
        assert_eq!(Points::parse(" 4.0"), Some(Points::whole(4)));
        assert_eq!(Points::parse("4"), Some(Points::whole(4)));
        assert_eq!(Points::parse(".5"), Some(Points::HALF));
        assert_eq!(Points::parse("-1.0"), Some(Points::whole(-1)));
        assert_eq!(Points::parse("4,5"), Some(Points::from_tenths(45)));
        assert_eq!(Points::parse("1.50"), Some(Points::from_tenths(15)));
        assert_eq!(Points::parse("0.25"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points::parse("."), None);
        assert_eq!(Points::parse("u"), None);
        assert_eq!(Points::parse("1.5.0"), None);
    }

    #[test]
    fn displays_one_decimal() {
        assert_eq!(Points::from_tenths(115).to_string(), "11.5");
        assert_eq!(Points::ZERO.to_string(), "0.0");
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Points::whole(3)), " 3.0");
    }

    #[test]
    fn pab_follows_win_unless_declared() {
        let mut system = PointSystem::fide();
        system.white_win = Points::whole(3);
        assert_eq!(system.pab(), Points::whole(3));
        system.pairing_allocated_bye = Some(Points::HALF);
        assert_eq!(system.pab(), Points::HALF);
    }
}
