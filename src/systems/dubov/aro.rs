//! The average rating of opponents (ARO), shared by both Dubov versions.
//!
//! C.04.4.1 (2025) 1.6.1: the ratings of the opponents met over the board (played games only),
//! divided by their number, rounded to the nearest integer, 0.5 upwards; 1.6.3: zero before the
//! first game. A player without a rating in the file counts as rated 0: the file is where the
//! arbiter's provisional rating (1.1.2) would be written, and it has none (see docs/dubov.md, "Dubov 2025:
//! readings of the text").

use std::collections::BTreeMap;

use crate::model::PlayerId;
use crate::state::PastRound;

/// The ARO of a player with these past rounds, given every player's rating.
pub(crate) fn aro(past: &[PastRound], ratings: &BTreeMap<PlayerId, Option<u32>>) -> u32 {
    let opponents: Vec<u64> = past
        .iter()
        .filter_map(PastRound::played_opponent)
        .map(|id| u64::from(ratings.get(&id).copied().flatten().unwrap_or(0)))
        .collect();
    rounded_mean(opponents.iter().sum(), opponents.len() as u64)
}

/// `sum / count` rounded half up (1.6.1); 0 when `count` is 0 (1.6.3).
pub(crate) fn rounded_mean(sum: u64, count: u64) -> u32 {
    if count == 0 {
        return 0;
    }
    let mean = (2 * sum + count) / (2 * count);
    u32::try_from(mean).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_half_up() {
        // (2000 + 2001) / 2 = 2000.5 → 2001; (2000 + 2000 + 2001) / 3 = 2000.33 → 2000.
        assert_eq!(rounded_mean(4001, 2), 2001);
        assert_eq!(rounded_mean(6001, 3), 2000);
        // 2000.67 → 2001.
        assert_eq!(rounded_mean(6002, 3), 2001);
        assert_eq!(rounded_mean(0, 0), 0);
    }
}
