//! What the Dutch rules need to know about each player before pairing a round.

use crate::model::{Colour, PlayerId, Points};
use crate::state::{Contender, PreferenceStrength, RoundState};
use crate::systems::common::bye::{self, PabRule};
use crate::systems::common::float::{self, FloatPolicy, WithoutGame};

use super::Rules;

pub use crate::systems::common::float::Float;

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
/// upfloat (1.4.2). Without a game, the editions differ ([`Rules::float_policy`]).
fn float(contender: &Contender, state: &RoundState, rules: Rules, rounds_back: usize) -> Float {
    float::float_back(state, &contender.past, rounds_back, rules.float_policy())
}

impl Rules {
    /// How each edition reads a round without a game over the board for floats. Neither reads a
    /// forfeit or a game not played yet as a game: both are rounds without a game.
    /// - 2025 (C.04.3 1.4.3 of the re-issue in force from 1 February 2026): a downfloat for the
    ///   PAB, whatever it is worth, or for scoring more than a loss without playing (a forfeit
    ///   win, a full- or half-point bye); a forfeit loss or an absence gives none. A pending game
    ///   counts by the points it gave (none, as a rule). The 2024 issue, never in force, gave a
    ///   PAB worth no more than a loss no downfloat (docs/dutch.md, "Which issue of C.04.3").
    /// - 2017 (A.4.b): a player who does not play "for whatever reason" floats down: every round
    ///   without a game, a forfeit loss and an absence included.
    pub(crate) fn float_policy(self) -> FloatPolicy {
        let without_game = match self {
            Rules::Dutch2025 => WithoutGame::PabOrMoreThanALoss,
            Rules::Dutch2017 => WithoutGame::Down,
        };
        FloatPolicy { forfeit_is_game: false, pending_is_game: false, without_game }
    }
}
