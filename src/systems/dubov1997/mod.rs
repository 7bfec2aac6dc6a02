//! The FIDE Dubov system as approved by the 1997 General Assembly (`rules/dubov-1997.txt`).
//!
//! The text is a procedure: the first round by halves (5), the bye to the lowest player of the
//! lowest score group (4), then each score group from the top: floaters from above first (8),
//! transfers from below for a player without an opponent (7.1) or an odd group (7.2), colour
//! subgroups evened out (7.3, 7.4), "whites" by ascending ARO against "blacks" by descending R
//! (6.2), the rows changed from the bottom when players have met (6.3), and floaters down (6.4).
//! [`procedure`] is that procedure, once; where the text leaves a gap, docs/dubov.md lists the reading
//! taken ("Dubov 1997: readings of the text").
//!
//! Two engines run it: [`reference`], which answers every search by enumeration in the text's order
//! (small tournaments only), and [`engine`], which answers the same questions with matchings and is
//! the engine `check`, `pair` and `generate` use. The property tests require them to agree.

pub mod engine;
mod explain;
pub mod player;
pub mod procedure;
pub mod reference;
pub mod rules;
mod severity;

use crate::state::RoundState;

use super::pairing::RoundPairing;
use crate::systems::outcome::NoValidPairing;
use procedure::{Outcome, Search};
use rules::Context;

/// The engine of `dubov-1997`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dubov1997;

/// Why the literal reference could not pair a round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    #[error("no pairing of the round keeps the limitations of chapter 2")]
    NoValidPairing,
    #[error("the literal reference takes at most {max} players, the round has {0}", max = reference::MAX_PLAYERS)]
    TooLarge(usize),
}

/// Runs the procedure with a search, returning the outcome with the context it was made in.
fn outcome<S: Search>(ctx: &Context, search: &mut S) -> Result<Outcome, NoValidPairing> {
    procedure::run(ctx, search)
}

fn to_pairing(state: &RoundState, ctx: &Context, outcome: &Outcome) -> RoundPairing {
    let games = outcome.boards.iter().map(|&(w, b, _)| (w, b));
    RoundPairing::from_positions(state, games, outcome.bye, |i| ctx.p(i).id)
}

/// Pairs a round with the fast engine.
pub fn pair(state: &RoundState) -> Result<RoundPairing, NoValidPairing> {
    let ctx = Context::new(state);
    let result = outcome(&ctx, &mut engine::Fast::new())?;
    Ok(to_pairing(state, &ctx, &result))
}

/// The decisions the fast engine takes on a round (who floats, who is transferred, how each group
/// is paired), with player indices in pairing order.
pub fn trace(state: &RoundState) -> Result<Outcome, NoValidPairing> {
    let ctx = Context::new(state);
    outcome(&ctx, &mut engine::Fast::new())
}

/// Pairs a round with the literal reference (at most [`reference::MAX_PLAYERS`] players; meant for
/// small tournaments, its time grows exponentially with the size of the score groups).
pub fn pair_literal(state: &RoundState) -> Result<RoundPairing, LiteralError> {
    let ctx = Context::new(state);
    if ctx.n() > reference::MAX_PLAYERS {
        return Err(LiteralError::TooLarge(ctx.n()));
    }
    let result = outcome(&ctx, &mut reference::Literal::new()).map_err(|_| LiteralError::NoValidPairing)?;
    Ok(to_pairing(state, &ctx, &result))
}

crate::systems::system::engine_of!(
    Dubov1997,
    system: Dubov1997,
    pair: pair,
    explain: explain::explain,
    severity: severity::CLASSES,
);
