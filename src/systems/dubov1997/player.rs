//! What the 1997 Dubov text needs to know about each player before a round: R, ARO, the due colour
//! of chapter 1, the colour limits of 2.3–2.4, the bye limit of 2.2 and the transfer history that
//! 2.5 and 6.4 look at.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use crate::model::{Colour, EntryKind, PlayerId, Points};
use crate::state::{Contender, RoundState};
use crate::systems::common::bye::{self, PabRule};
use crate::systems::common::float::{self, Float, FloatPolicy, WithoutGame};

/// The average rating of a player's opponents, kept as a sum and a count so that comparisons are
/// exact (Dubov 1997, 1: "ARO is the average rating of a player's opponents"; the 6.2 table shows
/// tenths, we do not round at all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aro {
    pub sum: u64,
    pub count: u64,
}

impl Aro {
    /// The value as a fraction `numerator / denominator`; a player without games has ARO 0.
    fn fraction(self) -> (u128, u128) {
        if self.count == 0 { (0, 1) } else { (u128::from(self.sum), u128::from(self.count)) }
    }
}

impl Ord for Aro {
    fn cmp(&self, other: &Aro) -> Ordering {
        let (a, b) = (self.fraction(), other.fraction());
        (a.0 * b.1).cmp(&(b.0 * a.1))
    }
}

impl PartialOrd for Aro {
    fn partial_cmp(&self, other: &Aro) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Aro {
    /// With one decimal, as the 6.2 table writes it (rounded half up for display only).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (num, den) = self.fraction();
        let tenths = (num * 10 * 2 + den) / (2 * den);
        write!(f, "{}.{}", tenths / 10, tenths % 10)
    }
}

/// How the 1997 text reads past rounds for transfers (2.5) and floats (6.4): a game against a
/// higher score group is a transfer up, one against a lower a float down, by the scores the pairing
/// was made at. The text is silent on unplayed games; the pairing made them, so a forfeited game and
/// a game not played yet count as games. A round without an opponent makes no transfer.
const FLOATS: FloatPolicy =
    FloatPolicy { forfeit_is_game: true, pending_is_game: true, without_game: WithoutGame::NoFloat };

/// A player to pair, with everything the 1997 rules read.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: PlayerId,
    /// Position in the pairing order (0-based).
    pub rank: u32,
    /// R. An unrated player counts as 0 (docs/dubov.md: readings).
    pub rating: u32,
    /// The score that places the player in a score group (with acceleration, if any).
    pub score: Points,
    pub aro: Aro,
    pub whites: u32,
    pub blacks: u32,
    /// Colours of the games played over the board, oldest first.
    pub sequence: Vec<Colour>,
    /// The colour of each past round (index = round − 1), `None` when no game was played.
    pub by_round: Vec<Option<Colour>>,
    /// Dubov 1997, 1.
    pub due: Option<Colour>,
    /// Dubov 1997, 2.2: may receive the bye.
    pub bye_allowed: bool,
    /// Dubov 1997, 2.5: times the player met an opponent of a higher score group.
    pub upfloats: u32,
    /// … and whether the previous round was one of them.
    pub upfloated_last_round: bool,
    /// Dubov 1997, 6.4: the player was a floater from a higher score group in an earlier round.
    pub was_floater: bool,
}

impl Player {
    pub fn new(contender: &Contender, state: &RoundState, ratings: &BTreeMap<PlayerId, u32>) -> Player {
        let mut aro = Aro::default();
        let mut by_round = Vec::with_capacity(contender.past.len());
        let mut sequence = Vec::new();
        let (mut whites, mut blacks) = (0, 0);
        let mut upfloats = 0;
        let mut upfloated_last_round = false;
        let mut was_floater = false;
        for (index, round) in contender.past.iter().enumerate() {
            let mut colour = None;
            if let EntryKind::Played { opponent, colour: c, .. } = round.kind {
                colour = Some(c);
                sequence.push(c);
                match c {
                    Colour::White => whites += 1,
                    Colour::Black => blacks += 1,
                }
                // ARO: over the games played over the board; an opponent the round state does not
                // know (not in this round) is left out (docs/dubov.md: readings).
                if let Some(&r) = ratings.get(&opponent) {
                    aro.sum += u64::from(r);
                    aro.count += 1;
                }
            }
            by_round.push(colour);
            // Transfers (2.5) and floats (6.4) are read from the scores the pairing was made at
            // ([`FLOATS`]).
            match float::float_in(state, &contender.past, index, FLOATS) {
                Float::Up => {
                    upfloats += 1;
                    if index + 1 == contender.past.len() {
                        upfloated_last_round = true;
                    }
                }
                Float::Down => was_floater = true,
                Float::None => {}
            }
        }
        // 2.2: "a point without playing": the bye, or as many points as a win without a game, as
        // C.04.1 art. 4 says it.
        let bye_allowed = bye::pab_eligible(&contender.past, state.point_system.white_win, PabRule::WinWithoutPlaying);
        let due = match whites.cmp(&blacks) {
            Ordering::Less => Some(Colour::White),
            Ordering::Greater => Some(Colour::Black),
            Ordering::Equal => sequence.last().map(|c| c.opposite()),
        };
        Player {
            id: contender.id,
            rank: contender.rank,
            rating: contender.rating.unwrap_or(0),
            score: contender.pairing_score(),
            aro,
            whites,
            blacks,
            sequence,
            by_round,
            due,
            bye_allowed,
            upfloats,
            upfloated_last_round,
            was_floater,
        }
    }

    /// Dubov 1997, 2.3 and 2.4: may the player get `colour` in this round?
    pub fn may_take(&self, colour: Colour) -> bool {
        let (w, b) = match colour {
            Colour::White => (self.whites + 1, self.blacks),
            Colour::Black => (self.whites, self.blacks + 1),
        };
        // 2.3: the difference of blacks and whites stays within −2..2.
        if w.abs_diff(b) > 2 {
            return false;
        }
        // 2.4: not the same colour three times in a row.
        !matches!(self.sequence.as_slice(), [.., x, y] if *x == colour && *y == colour)
    }

    /// "the due colour is opposite": true when granting both players their due colours is
    /// possible (one without a due colour takes either).
    pub fn opposite_due(&self, other: Option<Colour>) -> bool {
        match (self.due, other) {
            (Some(a), Some(b)) => a != b,
            _ => true,
        }
    }

    /// Whites minus blacks.
    pub fn difference(&self) -> i64 {
        i64::from(self.whites) - i64::from(self.blacks)
    }
}

/// The transfer limits of 2.5: how many times a player may be transferred up in all.
pub fn transfer_limit(total_rounds: u32) -> u32 {
    // "three times (if the tournament has less than 10 rounds) or four times (if the tournament
    // has more than 9 rounds)".
    if total_rounds < 10 { 3 } else { 4 }
}

/// The players of the round in pairing order, and the ratings ARO is computed from.
pub fn players(state: &RoundState) -> Vec<Player> {
    let ratings: BTreeMap<PlayerId, u32> = state.players.iter().map(|p| (p.id, p.rating.unwrap_or(0))).collect();
    let mut players: Vec<Player> = state.players.iter().map(|c| Player::new(c, state, &ratings)).collect();
    players.sort_by_key(|p| p.rank);
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aro_compares_exactly_and_prints_tenths() {
        let a = Aro { sum: 2318 * 5 + 2, count: 5 }; // 2318.4
        let b = Aro { sum: 2318 * 5 + 2, count: 5 };
        let c = Aro { sum: 11593, count: 5 }; // 2318.6
        assert_eq!(a.cmp(&b), Ordering::Equal);
        assert!(a < c);
        assert_eq!(a.to_string(), "2318.4");
        assert_eq!(Aro::default().to_string(), "0.0");
        assert!(Aro::default() < a);
    }

    /// 2.5: "three times (if the tournament has less than 10 rounds) or four times (if the
    /// tournament has more than 9 rounds)".
    #[test]
    fn transfer_limit_depends_on_the_number_of_rounds() {
        assert_eq!(transfer_limit(5), 3);
        assert_eq!(transfer_limit(9), 3);
        assert_eq!(transfer_limit(10), 4);
        assert_eq!(transfer_limit(13), 4);
    }

    fn with_colours(sequence: &[Colour]) -> Player {
        let whites = sequence.iter().filter(|&&c| c == Colour::White).count() as u32;
        Player {
            id: 1,
            rank: 0,
            rating: 0,
            score: Points::default(),
            aro: Aro::default(),
            whites,
            blacks: sequence.len() as u32 - whites,
            sequence: sequence.to_vec(),
            by_round: sequence.iter().map(|&c| Some(c)).collect(),
            due: None,
            bye_allowed: true,
            upfloats: 0,
            upfloated_last_round: false,
            was_floater: false,
        }
    }

    /// 2.3 (difference within ±2) and 2.4 (not the same colour three times in a row).
    #[test]
    fn colour_limitations() {
        use Colour::{Black as B, White as W};
        // Two whites in a row: a third breaks 2.4 (the difference would be 3, too).
        assert!(!with_colours(&[W, W]).may_take(W));
        assert!(with_colours(&[W, W]).may_take(B));
        // W B W W: a white would make the difference 3 (2.3) and three in a row (2.4).
        assert!(!with_colours(&[W, B, W, W]).may_take(W));
        // W W B W: difference +2 already, a white makes +3: 2.3 alone forbids it.
        assert!(!with_colours(&[W, W, B, W]).may_take(W));
        // B W: either colour keeps both limits.
        assert!(with_colours(&[B, W]).may_take(W) && with_colours(&[B, W]).may_take(B));
    }
}
