//! What the 2012 text says about a player before a round is paired: the order (A.2), colour
//! preferences (A.7), floats (A.4 with B.1b), who may receive the bye (B.1b) and topscorers (A.10).

use crate::model::{Colour, PlayerId, Points};
use crate::state::{Contender, PreferenceStrength, RoundState};
use crate::systems::common::bye::{self, PabRule};
use crate::systems::common::float::{self, FloatPolicy, WithoutGame};

pub use crate::systems::common::float::Float;

/// A player to pair, with what the 2012 rules read off their record.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: PlayerId,
    /// Position by pairing number among the players who count (A.2's second key).
    pub rank: u32,
    /// Standings points plus any acceleration (A.2's first key).
    pub score: Points,
    /// The acceleration's virtual points in `score` (records 250/XXA), which the explanations name.
    pub acceleration: Points,
    /// The colour preference of A.7 (`None` for a player who has not played: A.7.f).
    pub preference: Option<Colour>,
    pub strength: PreferenceStrength,
    /// Colours of the games played, oldest first (E.3).
    pub colours: Vec<Colour>,
    /// The floats of the previous round and of the round before it (B.5, B.6).
    pub floats: [Float; 2],
    /// B.1b: no point or half point received without playing before.
    pub bye_eligible: bool,
    /// A.10, in the last round only.
    pub topscorer: bool,
}

impl Player {
    pub fn new(contender: &Contender, state: &RoundState) -> Player {
        let colours = &contender.colours;
        Player {
            id: contender.id,
            rank: contender.rank,
            score: contender.pairing_score(),
            acceleration: contender.acceleration,
            preference: colours.preference(),
            strength: colours.strength(),
            colours: colours.sequence.clone(),
            floats: [float(contender, state, 1), float(contender, state, 2)],
            bye_eligible: bye_eligible(contender, state),
            topscorer: state.is_topscorer(contender),
        }
    }

    pub fn is_absolute(&self) -> bool {
        self.strength == PreferenceStrength::Absolute
    }

    /// A strong or absolute preference (A.7.a, A.7.b).
    pub fn is_strong_or_absolute(&self) -> bool {
        self.strength >= PreferenceStrength::Strong
    }
}

/// B.1b: "A player who has received a point or half point without playing, either through a bye
/// or due to an opponent not appearing in time, … shall not receive a bye." Any round that gave
/// points without a game counts: the pairing-allocated bye, a requested full- or half-point bye,
/// a forfeit win. The 2012 text is stricter than C.04.1 art. 4 (a half point bars too), so it has
/// its own form.
fn bye_eligible(contender: &Contender, state: &RoundState) -> bool {
    bye::pab_eligible(&contender.past, state.point_system.white_win, PabRule::AnyPointsWithoutPlaying)
}

/// How the 2012 text reads past rounds for floats.
///
/// A.4: when players with unequal scores are paired, the higher one receives a downfloat and the
/// lower one an upfloat; a game paired and not played yet counts as paired. B.1b: a point or half
/// point without playing (a bye, a forfeit win) is a downfloat. Nothing makes an absent player a
/// floater. A forfeited game is read as a game not played (C.04.2: it counts neither as a meeting
/// nor for colours): the player who scored by it downfloats by B.1b, the other gets no float
/// (docs/dutch-2012.md, reading 3).
const FLOATS: FloatPolicy =
    FloatPolicy { forfeit_is_game: false, pending_is_game: true, without_game: WithoutGame::DownIfAnyPoints };

/// The float of the round `rounds_back` rounds before the one being paired ([`FLOATS`]).
fn float(contender: &Contender, state: &RoundState, rounds_back: usize) -> Float {
    float::float_back(state, &contender.past, rounds_back, FLOATS)
}
