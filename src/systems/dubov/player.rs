//! What the Dubov rules need to know about each player before pairing a round.

use crate::model::{Colour, PlayerId, Points};
use crate::state::{Contender, PreferenceStrength, RoundState};
use crate::systems::common::bye::{self, PabRule};
use crate::systems::common::float::{self, Float, FloatPolicy, WithoutGame};

use super::Edition;
use super::aro::aro;
use super::colour::{self, Preference, Side};

/// A player to pair, with the data the Dubov criteria use.
#[derive(Clone, Debug)]
pub(crate) struct DubovPlayer {
    pub id: PlayerId,
    /// Position in the initial ranking list (0-based): the tournament pairing number − 1
    /// (1.2.1, C.04.2 initial order).
    pub rank: u32,
    /// The pairing score: points plus acceleration (1.3.1).
    pub score: Points,
    pub preference: Preference,
    /// Colours of the games played, oldest first (C.04.2 3.4).
    pub colours: Vec<Colour>,
    /// Average rating of the opponents (1.6).
    pub aro: u32,
    pub played_games: u32,
    /// Times upfloated before this round (1.7).
    pub upfloats: u32,
    /// Upfloated in the previous round ([C10]).
    pub upfloated_last: bool,
    /// May receive the pairing-allocated bye ([C2]).
    pub pab_eligible: bool,
}

impl DubovPlayer {
    pub fn new(contender: &Contender, state: &RoundState, edition: Edition) -> DubovPlayer {
        let upfloated: Vec<bool> =
            (0..contender.past.len()).map(|index| upfloated_in(contender, state, index)).collect();
        DubovPlayer {
            id: contender.id,
            rank: contender.rank,
            score: contender.pairing_score(),
            preference: colour::preference(&contender.colours),
            colours: contender.colours.sequence.clone(),
            aro: aro(&contender.past, &state.ratings),
            played_games: contender.played_games(),
            upfloats: upfloated.iter().filter(|&&u| u).count() as u32,
            upfloated_last: upfloated.last().copied().unwrap_or(false),
            pab_eligible: pab_eligible(contender, state, edition),
        }
    }

    pub fn wants_white(&self) -> bool {
        self.preference.colour == Colour::White
    }

    pub fn is_absolute(&self) -> bool {
        self.preference.strength == PreferenceStrength::Absolute
    }

    /// A maximum upfloater (1.7.1): upfloated MaxT times already.
    pub fn is_max_upfloater(&self, max_t: u32) -> bool {
        self.upfloats >= max_t
    }

    /// Ranks higher than `other` (5.2.1: more points, or equal points and a better initial ranking).
    pub fn ranks_above(&self, other: &DubovPlayer) -> bool {
        (self.score, std::cmp::Reverse(self.rank)) > (other.score, std::cmp::Reverse(other.rank))
    }

    pub fn side<'a>(&'a self, opponent: &DubovPlayer) -> Side<'a> {
        Side {
            preference: self.preference,
            colours: &self.colours,
            higher: self.ranks_above(opponent),
            pairing_number: self.rank + 1,
        }
    }
}

/// MaxT = 2 + ⌊Rnds / 5⌋ (1.7.2).
pub(crate) fn max_t(total_rounds: u32) -> u32 {
    2 + total_rounds / 5
}

/// How the 2025 Dubov text reads past rounds for upfloats (1.7): an upfloater was paired against an
/// opponent with a higher pairing score. A forfeited game counts: the pairing made the upfloat (the
/// text is silent; see docs/dubov.md, readings). A game not played yet does not (it is no game
/// yet), and a round without an opponent makes no float.
const FLOATS: FloatPolicy =
    FloatPolicy { forfeit_is_game: true, pending_is_game: false, without_game: WithoutGame::NoFloat };

/// Was the player an upfloater in the round at `index` (0-based)? ([`FLOATS`])
fn upfloated_in(contender: &Contender, state: &RoundState, index: usize) -> bool {
    float::float_in(state, &contender.past, index, FLOATS) == Float::Up
}

/// [C2]: not a player who already received the pairing-allocated bye, nor, under the 2025 text
/// (C.04.1 art. 4), one who scored in one round, without playing, as many points as a win gives;
/// under the 2018 text (C.2, C.04.1.d), one who scored "a (forfeit) win due to an opponent not
/// appearing in time" (a requested full-point bye does not bar it).
fn pab_eligible(contender: &Contender, state: &RoundState, edition: Edition) -> bool {
    let rule = match edition {
        Edition::Dubov2025 => PabRule::WinWithoutPlaying,
        Edition::Dubov2018 => PabRule::ByeOrForfeitWin,
    };
    bye::pab_eligible(&contender.past, state.point_system.white_win, rule)
}

/// The players of the round, by pairing score (highest first), then initial ranking.
pub(crate) fn dubov_players(state: &RoundState, edition: Edition) -> Vec<DubovPlayer> {
    let mut players: Vec<DubovPlayer> = state.players.iter().map(|c| DubovPlayer::new(c, state, edition)).collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    players
}

/// The absolute criteria between two players: [C1] (not met over the board, no prohibited pair)
/// and [C3] (not both with the same absolute colour preference).
pub(crate) fn compatibility(state: &RoundState, players: &[DubovPlayer]) -> Vec<Vec<bool>> {
    let contenders: std::collections::BTreeMap<PlayerId, &Contender> =
        state.players.iter().map(|c| (c.id, c)).collect();
    let n = players.len();
    let mut compatible = vec![vec![false; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            let (x, y) = (&players[a], &players[b]);
            let met = match (contenders.get(&x.id), contenders.get(&y.id)) {
                (Some(cx), Some(cy)) => state.have_met(cx, cy),
                _ => true,
            };
            let same_absolute = x.is_absolute() && y.is_absolute() && x.preference.colour == y.preference.colour;
            let ok = !met && !same_absolute;
            compatible[a][b] = ok;
            compatible[b][a] = ok;
        }
    }
    compatible
}
