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
    /// A downfloat for the pairing-allocated bye whatever it gave, and for any other round that
    /// gave more points than a loss.
    PabOrMoreThanALoss,
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
        WithoutGame::PabOrMoreThanALoss => {
            super::bye::is_pab(round.kind) || round.points > state.point_system.white_loss
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{ReadOptions, read_bytes};
    use crate::state::Participation;

    /// Six players, two rounds. Round 1 (everyone on 0): 1 beats 2 over the board, 3 wins by
    /// forfeit against 4, 5 has a full-point bye and 6 a zero-point bye. Round 2: 1–3 on equal
    /// scores, 5 (1 point) against 2 (0), 4 against 6 (both 0).
    const TRF: &str = "\
012 floats
142 3
001    1      Player 1                          2400                             2.0          2 w 1     3 w =
001    2      Player 2                          2300                             0.0          1 b 0     5 b 0
001    3      Player 3                          2200                             1.5          4 w +     1 b =
001    4      Player 4                          2100                             0.5          3 b -     6 w =
001    5      Player 5                          2000                             2.0       0000 - F     2 w 1
001    6      Player 6                          1900                             0.5       0000 - Z     4 b =
";

    fn policy(forfeit_is_game: bool, without_game: WithoutGame) -> FloatPolicy {
        FloatPolicy { forfeit_is_game, pending_is_game: true, without_game }
    }

    #[test]
    fn a_game_floats_by_score_and_each_policy_reads_the_rest_as_it_says() {
        let loaded = read_bytes(std::path::Path::new("floats.trf"), TRF.as_bytes(), ReadOptions::default());
        assert!(!loaded.diagnostics.has_errors(), "{:?}", loaded.diagnostics);
        let t = loaded.tournament.expect("a tournament");
        let state = RoundState::build(&t, 3, Participation::Recorded);
        let float =
            |player: u32, index: usize, policy: FloatPolicy| float_in(&state, state.past_of(player), index, policy);
        use WithoutGame::*;
        // A game between equal scores floats nobody; between 1 and 0 the higher goes down.
        assert_eq!(float(1, 0, policy(false, NoFloat)), Float::None);
        assert_eq!(float(5, 1, policy(false, NoFloat)), Float::Down);
        assert_eq!(float(2, 1, policy(false, NoFloat)), Float::Up);
        assert_eq!(float_back(&state, state.past_of(5), 1, policy(false, NoFloat)), Float::Down);
        // The forfeit of round 1 between equal scores: a game, no float; else a round without a
        // game that gave the winner a point.
        assert_eq!(float(3, 0, policy(true, DownIfMoreThanALoss)), Float::None);
        assert_eq!(float(3, 0, policy(false, DownIfMoreThanALoss)), Float::Down);
        assert_eq!(float(4, 0, policy(false, DownIfMoreThanALoss)), Float::None);
        assert_eq!(float(4, 0, policy(false, Down)), Float::Down);
        // Byes: the full-point bye and the zero-point bye under each reading.
        for (without_game, full, zero) in [
            (NoFloat, Float::None, Float::None),
            (Down, Float::Down, Float::Down),
            (DownIfMoreThanALoss, Float::Down, Float::None),
            (PabOrMoreThanALoss, Float::Down, Float::None),
            (DownIfAnyPoints, Float::Down, Float::None),
        ] {
            assert_eq!(float(5, 0, policy(false, without_game)), full, "{without_game:?}");
            assert_eq!(float(6, 0, policy(false, without_game)), zero, "{without_game:?}");
        }
        // No float before a player's first round.
        assert_eq!(float_back(&state, state.past_of(1), 3, policy(false, Down)), Float::None);
    }
}
