//! What the Dutch rules need to know about each player before pairing a round.

use crate::model::{Colour, EntryKind, PlayerId, Points};
use crate::state::{Contender, PreferenceStrength, RoundState};
use crate::systems::common::bye::{self, PabRule};

use super::Rules;

/// A float a player received in a past round (C.04.3 1.4 / 2017 A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    Down,
    Up,
    None,
}

/// A player to pair, with the derived data the criteria use.
#[derive(Clone, Debug)]
pub struct DutchPlayer {
    pub id: PlayerId,
    /// Pairing order position (tournament pairing number − 1, among the players who count).
    pub rank: u32,
    /// The pairing score: standings points plus acceleration.
    pub score: Points,
    pub preference: Option<Colour>,
    pub strength: PreferenceStrength,
    pub imbalance: u32,
    /// The colour of the two latest games, when the same.
    pub repeated: Option<Colour>,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Colour>,
    pub pab_eligible: bool,
    pub played_games: u32,
    /// Floats in the previous round and the one before it.
    pub floats: [Float; 2],
    pub topscorer: bool,
}

impl DutchPlayer {
    pub fn new(contender: &Contender, state: &RoundState, rules: Rules) -> DutchPlayer {
        let colours = &contender.colours;
        DutchPlayer {
            id: contender.id,
            rank: contender.rank,
            score: contender.pairing_score(),
            preference: colours.preference(),
            strength: colours.strength(),
            imbalance: colours.imbalance(),
            repeated: colours.repeated(),
            colours: colours.sequence.clone(),
            pab_eligible: pab_eligible(contender, state, rules),
            played_games: contender.played_games(),
            floats: [float(contender, state, rules, 1), float(contender, state, rules, 2)],
            topscorer: state.is_topscorer(contender),
        }
    }

    pub fn is_absolute(&self) -> bool {
        self.strength == PreferenceStrength::Absolute
    }

    pub fn is_strong(&self) -> bool {
        self.strength == PreferenceStrength::Strong
    }

    /// An absolute preference that comes from a colour difference beyond ±1.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
}

/// May the player receive the pairing-allocated bye? The 2025 rules read C.04.1 art. 4 (a PAB, or
/// a win's points without playing, bars it); the 2017 rules C.04.1.d (a PAB or a forfeit win; a
/// requested full-point bye does not bar it).
fn pab_eligible(contender: &Contender, state: &RoundState, rules: Rules) -> bool {
    let rule = match rules {
        Rules::Dutch2025 => PabRule::WinWithoutPlaying,
        Rules::Dutch2017 => PabRule::ByeOrForfeitWin,
    };
    bye::pab_eligible(&contender.past, state.point_system.white_win, rule)
}

/// The float the player received `rounds_back` rounds before the one being paired.
///
/// A game between different pairing scores gives the higher one a downfloat and the lower one an
/// upfloat (1.4.2). Without a game: 2025 (1.4.3) a downfloat for the PAB or for scoring more than
/// a loss without playing; 2017 (A.4.b) a downfloat "for whatever reason".
fn float(contender: &Contender, state: &RoundState, rules: Rules, rounds_back: usize) -> Float {
    let Some(index) = contender.past.len().checked_sub(rounds_back) else { return Float::None };
    let round = &contender.past[index];
    match round.kind {
        EntryKind::Played { opponent, .. } => {
            let own = round.pairing_score();
            let theirs = state.past_of(opponent).get(index).map(|r| r.pairing_score()).unwrap_or(own);
            match own.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
        _ => match rules {
            Rules::Dutch2017 => Float::Down,
            Rules::Dutch2025 if round.points > state.point_system.white_loss => Float::Down,
            Rules::Dutch2025 => Float::None,
        },
    }
}
