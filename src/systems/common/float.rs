//! Floats received in past rounds: who was paired against a higher or a lower pairing score, and
//! what a round without a game counts as.
//!
//! Every system reads a game between different pairing scores alike: the higher player floated
//! down, the lower one up (C.04.3 1.4.2; Dutch 2012 and 2017 A.4.a; Dubov 2025 1.7; Dubov 1997 2.5
//! and 6.4; FMJD Annex 5 section 8). They differ on the rounds that are not a game played over the
//! board: a forfeit, a game not played yet, a bye, an absence. Each system says how it reads those
//! with a [`FloatPolicy`], documented where the system defines it.

use std::cmp::Ordering;

use crate::model::{EntryKind, Points};
use crate::state::{PastRound, RoundState};

/// A float a player received in a past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    Down,
    Up,
    None,
}

/// How a system reads a past round for floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatPolicy {
    /// A forfeited game compares pairing scores as a game does (the pairing made the float);
    /// otherwise it is a round without a game.
    pub forfeit_is_game: bool,
    /// A game paired and without a result yet (pending) compares pairing scores as a game does;
    /// otherwise it is a round without a game.
    pub pending_is_game: bool,
    /// What a round without a game gives.
    pub without_game: WithoutGame,
}

/// The float of a round without a game (a bye, an absence, and forfeits or pending games where
/// the policy does not read them as games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithoutGame {
    /// No float: a float needs an opponent.
    NoFloat,
    /// A downfloat, whatever the round gave.
    Down,
    /// A downfloat when the round gave more points than a loss (the point system's), else none.
    DownIfMoreThanALoss,
    /// A downfloat when the round gave any points, else none.
    DownIfAnyPoints,
}

/// The float of round `index` (0-based) of `past`, a player's past rounds; opponents' pairing
/// scores are read from `state`. An opponent whose round `index` the state does not know counts as
/// one of the same score (no float).
pub fn float_in(state: &RoundState, past: &[PastRound], index: usize, policy: FloatPolicy) -> Float {
    let Some(round) = past.get(index) else { return Float::None };
    let opponent = match round.kind {
        EntryKind::Played { opponent, .. } => Some(opponent),
        EntryKind::Forfeit { opponent, .. } if policy.forfeit_is_game => Some(opponent),
        EntryKind::Pending { opponent, .. } if policy.pending_is_game => Some(opponent),
        _ => None,
    };
    if let Some(opponent) = opponent {
        let own = round.pairing_score();
        let theirs = state.past_of(opponent).get(index).map_or(own, PastRound::pairing_score);
        return match own.cmp(&theirs) {
            Ordering::Greater => Float::Down,
            Ordering::Less => Float::Up,
            Ordering::Equal => Float::None,
        };
    }
    let down = match policy.without_game {
        WithoutGame::NoFloat => false,
        WithoutGame::Down => true,
        WithoutGame::DownIfMoreThanALoss => round.points > state.point_system.white_loss,
        WithoutGame::DownIfAnyPoints => round.points > Points::ZERO,
    };
    if down { Float::Down } else { Float::None }
}

/// The float of the round `rounds_back` rounds before the one being paired (1 = the previous
/// round); none when the player has fewer past rounds.
pub fn float_back(state: &RoundState, past: &[PastRound], rounds_back: usize, policy: FloatPolicy) -> Float {
    match past.len().checked_sub(rounds_back) {
        Some(index) => float_in(state, past, index, policy),
        None => Float::None,
    }
}
