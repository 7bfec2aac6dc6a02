//! What the Lim text (C.04.4.3) reads of each player before a round: the score, the colours of
//! the games played (C.04.2 3.4), the due and the mandatory colour, whether the PAB is allowed
//! (C.04.1 art. 4) and whether the player floated in the round before (3.10).

use crate::model::{ByeKind, Colour, EntryKind, PlayerId, Points};
use crate::state::{Contender, PastRound, RoundState};
use crate::systems::common::bye::{self, PabRule};

/// A player to pair, with everything the Lim text reads.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: PlayerId,
    /// The pairing number among the players of the round (1 = the highest numbered, docs/lim.md R1).
    pub tpn: u32,
    /// An unrated player counts as 0.
    pub rating: u32,
    /// The score that places the player in a scoregroup (with the acceleration's virtual points).
    pub score: Points,
    /// Colours of the games played over the board, oldest first (C.04.2 3.4).
    pub sequence: Vec<Colour>,
    pub whites: u32,
    pub blacks: u32,
    /// The due colour (docs/lim.md R5): the colour played less, else the other of the last one;
    /// none before the first game.
    pub due: Option<Colour>,
    /// The colour the player must get: the other after the same colour twice (5.1.1, 5.3), the
    /// lower after two more of one colour (5.1.2).
    pub mandatory: Option<Colour>,
    /// C.04.1 art. 4: no earlier PAB, and no round that gave a win's points without a game.
    pub pab_eligible: bool,
    /// 3.10: the player floated in the round just before.
    pub floated_last_round: bool,
}

impl Player {
    pub fn new(contender: &Contender, state: &RoundState) -> Player {
        let sequence = contender.colours.sequence.clone();
        let (whites, blacks) = (contender.colours.whites, contender.colours.blacks);
        let due = match whites.cmp(&blacks) {
            std::cmp::Ordering::Less => Some(Colour::White),
            std::cmp::Ordering::Greater => Some(Colour::Black),
            std::cmp::Ordering::Equal => sequence.last().map(|c| c.opposite()),
        };
        let repeated = match sequence.as_slice() {
            [.., a, b] if a == b => Some(b.opposite()),
            _ => None,
        };
        let mandatory = repeated.or(if whites.abs_diff(blacks) >= 2 { due } else { None });
        let floated_last_round = transferred_last_round(state, contender);
        Player {
            id: contender.id,
            tpn: contender.rank + 1,
            rating: contender.rating.unwrap_or(0),
            score: contender.pairing_score(),
            sequence,
            whites,
            blacks,
            due,
            mandatory,
            pab_eligible: bye::pab_eligible(&contender.past, state.point_system.white_win, PabRule::WinWithoutPlaying),
            floated_last_round,
        }
    }

    /// 5.1.1, 5.1.2 (C.04.1 arts. 6 and 7): may the player get `colour` in this round?
    pub fn may_take(&self, colour: Colour) -> bool {
        let (w, b) = match colour {
            Colour::White => (self.whites + 1, self.blacks),
            Colour::Black => (self.whites, self.blacks + 1),
        };
        w.abs_diff(b) <= 2 && !matches!(self.sequence.as_slice(), [.., x, y] if *x == colour && *y == colour)
    }
}

/// The opponent a round paired the player with: a game played, forfeited or not played yet (the
/// pairing was made all the same).
fn paired_opponent(round: &PastRound) -> Option<PlayerId> {
    match round.kind {
        EntryKind::Played { opponent, .. }
        | EntryKind::Forfeit { opponent, .. }
        | EntryKind::Pending { opponent, .. } => Some(opponent),
        _ => None,
    }
}

/// 3.10: was the player transferred to another scoregroup (3.1) in the round before? Read from
/// the record (docs/lim.md R13): a pair of different scores was made in one group, and only the
/// player who came into it floated. Downfloaters go no lower than the median group (or, without
/// one, the highest group below the median score), upfloaters no higher than the median (2.2,
/// 2.6, 3.2.1); so in a pair of scores x > y, the higher player floated when y is at least the
/// median score or x is above it, and the lower player floated when x is at most the median
/// score, or when x is above and y below it and the pair was not made in y's group (both floated
/// into the median group, or into the highest group below the median when there is no median
/// group). A bye or an absence transfers nobody.
fn transferred_last_round(state: &RoundState, contender: &Contender) -> bool {
    let Some(index) = contender.past.len().checked_sub(1) else { return false };
    let last = &contender.past[index];
    let Some(opponent) = paired_opponent(last) else { return false };
    let Some(theirs) = state.past_of(opponent).get(index) else { return false };
    let (mine, other) = (last.pairing_score(), theirs.pairing_score());
    if mine == other {
        return false;
    }
    // The median score of that round, and the scoregroups of its players (the PAB left out).
    let median = Points::from_tenths(index as i64 * state.point_system.white_win.tenths() / 2);
    let scores: Vec<Points> = state
        .histories
        .values()
        .filter_map(|past| past.get(index))
        .filter(|r| r.paired() && !matches!(r.kind, EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin)))
        .map(PastRound::pairing_score)
        .collect();
    let (x, y) = if mine > other { (mine, other) } else { (other, mine) };
    let higher_floated = y >= median || x > median;
    let lower_floated = if y >= median {
        false
    } else if x <= median || scores.contains(&median) {
        true
    } else {
        let highest_below = scores.iter().copied().filter(|&s| s < median).max();
        Some(y) != highest_below
    };
    if mine > other { higher_floated } else { lower_floated }
}

/// The players of the round in pairing order.
pub fn players(state: &RoundState) -> Vec<Player> {
    let mut players: Vec<Player> = state.players.iter().map(|c| Player::new(c, state)).collect();
    players.sort_by_key(|p| p.tpn);
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_colours(sequence: &[Colour]) -> Player {
        let whites = sequence.iter().filter(|&&c| c == Colour::White).count() as u32;
        let blacks = sequence.len() as u32 - whites;
        let due = match whites.cmp(&blacks) {
            std::cmp::Ordering::Less => Some(Colour::White),
            std::cmp::Ordering::Greater => Some(Colour::Black),
            std::cmp::Ordering::Equal => sequence.last().map(|c| c.opposite()),
        };
        Player {
            id: 1,
            tpn: 1,
            rating: 0,
            score: Points::ZERO,
            sequence: sequence.to_vec(),
            whites,
            blacks,
            due,
            mandatory: None,
            pab_eligible: true,
            floated_last_round: false,
        }
    }

    /// 5.1.1 and 5.1.2: no third colour in a row, no difference of three.
    #[test]
    fn colour_limits() {
        use Colour::{Black as B, White as W};
        assert!(!with_colours(&[W, W]).may_take(W));
        assert!(with_colours(&[W, W]).may_take(B));
        assert!(!with_colours(&[W, B, W, W]).may_take(W));
        assert!(!with_colours(&[W, W, B, W]).may_take(W));
        assert!(with_colours(&[W, B, W]).may_take(W));
        // R5: W W B is due B (played less), W B due W (the other of the last).
        assert_eq!(with_colours(&[W, W, B]).due, Some(B));
        assert_eq!(with_colours(&[W, B]).due, Some(W));
    }
}
