//! The FIDE Dutch system as agreed by the 2012 Congress in Istanbul (C.04.3.1, in the Tallinn 2013
//! edition: `rules/dutch-2012.txt`), in force until 30 June 2017.
//!
//! The text is a procedure, not a quality order: the score brackets are paired from the top
//! (section C); within a bracket the pairing is the first candidate that meets the requirements of
//! C.3, tried in the order of section D (transpositions, exchanges, sets of moved-down players),
//! the requirements relaxed in the order of C.10, "only for the minimum number of pairs"; then
//! fewer pairs (C.14), backtracking to the bracket above (C.12) and, for the lowest bracket, the
//! penultimate one and merging (C.13). [`procedure`] runs that, once; what comes first in a
//! bracket is asked of a search:
//!
//! - [`reference`] enumerates what the text enumerates, stage by stage (small brackets only);
//! - [`engine`] finds the same pairing with weighted matchings, and is the engine `check`, `pair` and
//!   `generate` use. The property tests require both to agree on every round.
//!
//! The definitions are the 2012 text's own ([`player`]): floats by A.4 and B.1b (an absence is no
//! float), colour preferences by A.7 with A.7.d and A.7.e, X1 and Z1 by A.8, the bye by B.1b.
//! Where the text is silent, the reading taken is listed in `docs/dutch-2012.md`.

pub mod colour;
pub mod engine;
mod explain;
pub mod order;
pub mod player;
pub mod procedure;
pub mod reference;
pub mod round;
mod severity;
pub mod step;

use crate::state::RoundState;

use super::pairing::{Board, RoundPairing};
use crate::systems::outcome::NoValidPairing;
use procedure::{Failure, Outcome, Search};
use round::Round;

/// The engine of `dutch-2012`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dutch2012;

/// Why the literal reference could not pair a round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    #[error("no pairing of the round satisfies the absolute criteria")]
    NoValidPairing,
    #[error("the literal reference enumerates brackets of at most {max} players, the round has one of {0}", max = reference::MAX_BRACKET)]
    TooLarge(usize),
}

/// The boards of an outcome, with the colours of section E, in the publication order.
pub fn to_pairing(state: &RoundState, round: &Round, outcome: &Outcome) -> RoundPairing {
    let id = |i: usize| round.players[i].id;
    let mut boards: Vec<Board> =
        colour::allocate(round, &outcome.pairs()).into_iter().map(|(w, b, _)| Board::game(id(w), id(b))).collect();
    if let Some(bye) = outcome.bye() {
        boards.push(Board::bye(id(bye)));
    }
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    pairing
}

/// The procedure's decisions on a round, with the fast engine.
pub fn trace(state: &RoundState) -> Result<(Round, Outcome), NoValidPairing> {
    let round = Round::new(state);
    let outcome = procedure::run(&round, &mut engine::Fast::new()).map_err(|_| NoValidPairing)?;
    Ok((round, outcome))
}

/// Pairs a round with the fast engine.
pub fn pair(state: &RoundState) -> Result<RoundPairing, NoValidPairing> {
    let (round, outcome) = trace(state)?;
    Ok(to_pairing(state, &round, &outcome))
}

/// Pairs a round with the literal reference (brackets of at most [`reference::MAX_BRACKET`]
/// players; its time grows exponentially with their size).
pub fn pair_literal(state: &RoundState) -> Result<RoundPairing, LiteralError> {
    let round = Round::new(state);
    let mut search = reference::Literal::new();
    match procedure::run(&round, &mut search) {
        Ok(outcome) => Ok(to_pairing(state, &round, &outcome)),
        Err(Failure::NoValidPairing) => Err(LiteralError::NoValidPairing),
        Err(Failure::GaveUp(size)) => Err(LiteralError::TooLarge(size)),
    }
}

/// Runs the procedure with any search (for tests that count what the searches do).
pub fn run_with(state: &RoundState, search: &mut dyn Search) -> Result<(Round, Outcome), Failure> {
    let round = Round::new(state);
    let outcome = procedure::run(&round, search)?;
    Ok((round, outcome))
}

crate::systems::system::engine_of!(Dutch2012, pair: pair, explain: explain::explain, severity: severity::CLASSES);

impl crate::systems::system::System for Dutch2012 {
    fn id(&self) -> crate::systems::id::SystemId {
        crate::systems::id::SystemId::Dutch2012
    }

    fn engine(&self) -> Option<&dyn crate::systems::engine::Engine> {
        Some(self)
    }

    /// The topscorers of A.7 and their final-round exception to C.3.
    fn reads_only_whether_last(&self) -> bool {
        true
    }
}
