//! What the Lim text (C.04.4.3) reads of each player before a round: the score, the colours of
//! the games played (C.04.2 3.4), the due and the mandatory colour, whether the PAB is allowed
//! (C.04.1 art. 4) and whether the player floated in the round before (3.10).

use crate::model::{ByeKind, Colour, EntryKind, PlayerId, Points};
use crate::state::{ColourHistory, Contender, PastRound, RoundState};
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
    fn new(contender: &Contender, state: &RoundState, before: &RoundBefore) -> Player {
        let (due, mandatory) = due_and_mandatory(&contender.colours);
        Player {
            id: contender.id,
            tpn: contender.rank + 1,
            rating: contender.rating.unwrap_or(0),
            score: contender.pairing_score(),
            sequence: contender.colours.sequence.clone(),
            whites: contender.colours.whites,
            blacks: contender.colours.blacks,
            due,
            mandatory,
            pab_eligible: bye::pab_eligible(&contender.past, state.point_system.white_win, PabRule::WinWithoutPlaying),
            floated_last_round: before.transferred(state, contender),
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

/// The due colour (docs/lim.md R5: the colour played less, else the other of the last one; none
/// before the first game) and the mandatory colour (5.1.1, 5.3: the other after the same colour
/// twice; 5.1.2: the lower after two more of one colour) of a player's colours.
fn due_and_mandatory(colours: &ColourHistory) -> (Option<Colour>, Option<Colour>) {
    let due = match colours.whites.cmp(&colours.blacks) {
        std::cmp::Ordering::Less => Some(Colour::White),
        std::cmp::Ordering::Greater => Some(Colour::Black),
        std::cmp::Ordering::Equal => colours.last().map(Colour::opposite),
    };
    let after_a_run = colours.repeated().map(Colour::opposite);
    let mandatory = after_a_run.or(if colours.imbalance() >= 2 { due } else { None });
    (due, mandatory)
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

/// The round before the one being paired, as 3.10 reads it: its median score and its
/// scoregroups (the players it paired, the PAB left out), found once for every player.
struct RoundBefore {
    /// The round's index in the players' past rounds; `None` before round 2.
    index: Option<usize>,
    median: Points,
    /// A scoregroup had the median score.
    had_median: bool,
    /// The highest score below the median.
    highest_below: Option<Points>,
}

impl RoundBefore {
    fn new(state: &RoundState) -> RoundBefore {
        let index = (state.round as usize).checked_sub(2);
        let at = index.unwrap_or(0);
        let median = Points::from_tenths(at as i64 * state.point_system.white_win.tenths() / 2);
        let scores: Vec<Points> = state
            .histories
            .values()
            .filter_map(|past| past.get(at))
            .filter(|r| r.paired() && !matches!(r.kind, EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin)))
            .map(PastRound::pairing_score)
            .collect();
        RoundBefore {
            index,
            median,
            had_median: scores.contains(&median),
            highest_below: scores.iter().copied().filter(|&s| s < median).max(),
        }
    }

    /// 3.10: was the player transferred to another scoregroup (3.1) in this round? Read from the
    /// record (docs/lim.md R13): a pair of different scores was made in one group, and only the
    /// player who came into it floated. Downfloaters go no lower than the median group (or,
    /// without one, the highest group below the median score), upfloaters no higher than the
    /// median (2.2, 2.6, 3.2.1); so in a pair of scores x > y, the higher player floated when y is
    /// at least the median score or x is above it, and the lower player floated when x is at most
    /// the median score, or when x is above and y below it and the pair was not made in y's group
    /// (both floated into the median group, or into the highest group below the median when there
    /// is no median group). A bye or an absence transfers nobody.
    fn transferred(&self, state: &RoundState, contender: &Contender) -> bool {
        let Some(index) = self.index else { return false };
        let Some(last) = contender.past.get(index) else { return false };
        let Some(opponent) = paired_opponent(last) else { return false };
        let Some(theirs) = state.past_of(opponent).get(index) else { return false };
        let (mine, other) = (last.pairing_score(), theirs.pairing_score());
        if mine == other {
            return false;
        }
        let median = self.median;
        let (x, y) = if mine > other { (mine, other) } else { (other, mine) };
        let higher_floated = y >= median || x > median;
        let lower_floated = if y >= median {
            false
        } else if x <= median || self.had_median {
            true
        } else {
            Some(y) != self.highest_below
        };
        if mine > other { higher_floated } else { lower_floated }
    }
}

/// The players of the round in pairing order.
pub fn players(state: &RoundState) -> Vec<Player> {
    let before = RoundBefore::new(state);
    let mut players: Vec<Player> = state.players.iter().map(|c| Player::new(c, state, &before)).collect();
    players.sort_by_key(|p| p.tpn);
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_colours(sequence: &[Colour]) -> Player {
        let whites = sequence.iter().filter(|&&c| c == Colour::White).count() as u32;
        let blacks = sequence.len() as u32 - whites;
        let (due, mandatory) = due_and_mandatory(&ColourHistory { sequence: sequence.to_vec(), whites, blacks });
        Player {
            id: 1,
            tpn: 1,
            rating: 0,
            score: Points::ZERO,
            sequence: sequence.to_vec(),
            whites,
            blacks,
            due,
            mandatory,
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
        // 5.3 after a run, 5.1.2 after two more of one colour.
        assert_eq!(with_colours(&[W, B, B]).mandatory, Some(W));
        assert_eq!(with_colours(&[W, B, W, B, W, W]).mandatory, Some(B));
        assert_eq!(with_colours(&[W, B, W]).mandatory, None);
    }
}
