//! The FIDE Lim system, C.04.4.3 as approved on 28 October 2025 and applied from 1 February 2026
//! (`../shared/rules/lim-2026.md`).
//!
//! The text is a procedure: the PAB to the lowest ranked player of the lowest scoregroup (1.1),
//! the scoregroups from the top down to the median, then from the bottom up, the median last
//! (2.2); in each, the players without a compatible opponent and an odd group's floater are
//! transferred (2.3, 3), the floaters are paired first (3.6–3.8), the rest proposed by halves
//! (2.4) and exchanged in the order of 4.1–4.4 until every pair is compatible, then exchanged
//! again for colours (5.2); a median that cannot be paired cracks its neighbours' pairings (2.6).
//! [`procedure`] is that procedure, once; where the text leaves a gap, docs/lim.md lists the
//! reading taken (R1–R30).
//!
//! Two engines run it: [`reference`], which answers the scrutinies by going through the
//! configurations in the text's order (small tournaments only), and [`engine`], which answers the
//! same questions with matchings and is the engine `check`, `pair` and `generate` use. The property
//! tests require them to agree.

pub mod engine;
mod explain;
pub mod player;
pub mod procedure;
pub mod reference;
pub mod rules;
mod severity;

use std::borrow::Cow;

use crate::model::{OrganiserFlags, Tournament};
use crate::state::RoundState;

use super::engine::Engine;
use super::id::SystemId;
use super::outcome::PairFailure;
use super::pairing::RoundPairing;
use super::system::{System, UsedOption};
use procedure::{Outcome, Search};
use rules::Context;

/// The engine of `lim-2026`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lim2026;

/// Why the literal reference could not pair a round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    #[error("the Lim procedure gives no pairing of the round")]
    NoPairing,
    #[error("the literal reference takes at most {max} players, the round has {0}", max = reference::MAX_PLAYERS)]
    TooLarge(usize),
}

fn to_pairing(state: &RoundState, ctx: &Context, outcome: &Outcome) -> RoundPairing {
    let games = outcome.boards.iter().map(|&(w, b, _)| (w, b));
    RoundPairing::from_positions(state, games, outcome.bye, |i| ctx.p(i).id)
}

fn run<'a>(state: &'a RoundState, search: &mut dyn Search) -> Result<(Context<'a>, Outcome), PairFailure> {
    let ctx = Context::new(state);
    let outcome = procedure::run(&ctx, search)?;
    Ok((ctx, outcome))
}

/// Pairs a round with the fast engine.
pub fn pair(state: &RoundState) -> Result<RoundPairing, PairFailure> {
    let (ctx, outcome) = run(state, &mut engine::Fast::new())?;
    Ok(to_pairing(state, &ctx, &outcome))
}

/// The decisions the fast engine takes on a round, with player indices in pairing order.
pub fn trace(state: &RoundState) -> Result<Outcome, PairFailure> {
    run(state, &mut engine::Fast::new()).map(|(_, outcome)| outcome)
}

/// Pairs a round with the literal reference (at most [`reference::MAX_PLAYERS`] players).
pub fn pair_literal(state: &RoundState) -> Result<RoundPairing, LiteralError> {
    if state.players.len() > reference::MAX_PLAYERS {
        return Err(LiteralError::TooLarge(state.players.len()));
    }
    let (ctx, outcome) = run(state, &mut reference::Literal::new()).map_err(|_| LiteralError::NoPairing)?;
    Ok(to_pairing(state, &ctx, &outcome))
}

crate::systems::system::engine_of!(Lim2026, pair: pair, explain: explain::explain, severity: severity::CLASSES);

impl System for Lim2026 {
    fn id(&self) -> SystemId {
        SystemId::Lim2026
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }

    /// The Maxi-tournament (3.2.3, 3.8, 5.7) is on only when the flag asks for it: no record
    /// declares it (docs/lim.md R26).
    fn read<'a>(&self, t: &'a Tournament, flags: &OrganiserFlags) -> Cow<'a, Tournament> {
        if flags.lim_maxi == t.maxi_tournament {
            return Cow::Borrowed(t);
        }
        let mut t = t.clone();
        t.maxi_tournament = flags.lim_maxi;
        Cow::Owned(t)
    }

    fn used_options(&self, _: &Tournament, flags: &OrganiserFlags) -> Option<Vec<UsedOption>> {
        Some(vec![maxi_option(flags.lim_maxi)])
    }
}

/// The Maxi-tournament option as the reports say it: on from the flag, else off by default.
fn maxi_option(on: bool) -> UsedOption {
    let (value, source) = if on { ("on", "flag") } else { ("off", "default") };
    UsedOption { name: "lim-maxi".into(), value: value.into(), source: source.into() }
}

/// The literal reference as an engine, for the tests that hold the fast engine to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lim2026Literal;

fn pair_with_literal(state: &RoundState) -> Result<RoundPairing, PairFailure> {
    if state.players.len() > reference::MAX_PLAYERS {
        return Err(PairFailure::GaveUp(LiteralError::TooLarge(state.players.len()).to_string()));
    }
    let (ctx, outcome) = run(state, &mut reference::Literal::new())?;
    Ok(to_pairing(state, &ctx, &outcome))
}

crate::systems::system::engine_of!(
    Lim2026Literal,
    pair: pair_with_literal,
    explain: explain::explain,
    severity: severity::CLASSES,
);
