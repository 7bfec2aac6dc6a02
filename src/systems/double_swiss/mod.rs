//! The FIDE Double-Swiss system, C.04.5 as applied from 1 February 2026 ("double-swiss-2026";
//! `../shared/rules/double-swiss-2026.md`, docs/double-swiss.md).
//!
//! Every pairing is a match of two games. Its pairing procedure (3.3–3.6: the PAB, the upfloaters
//! of the top-scoregroup, the pairing of a bracket by identifiers) is the Swiss Team Pairing
//! System's of 2026 word for word, so the team module's literal reference and fast engine pair it
//! (`team::Edition::DoubleSwiss2026`: its own float criteria and colour rules). This module reads the
//! file match by match ([`matches`]) and gives the procedure each player's state ([`state`]).

pub mod matches;
mod severity;
mod state;

use std::borrow::Cow;

use crate::model::{OrganiserFlags, Tournament};
use crate::state::RoundState;
use crate::systems::engine::Engine;
use crate::systems::id::SystemId;
use crate::systems::outcome::{Explanation, PairFailure};
use crate::systems::pairing::RoundPairing;
use crate::systems::system::System;

/// The Double-Swiss rules of 2026 (C.04.5, applied from 1 February 2026).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleSwiss2026;

/// The literal reference for the Double-Swiss as an engine (`team::reference`, which enumerates
/// what the text enumerates): small events only (exponential).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleSwiss2026Literal;

/// Pairs `state`'s round with `pair`, one of the Top-Scoregroup procedure's two implementations.
fn pair_with(
    state: &RoundState,
    pair: fn(&crate::systems::team::reference::Round) -> Option<crate::systems::team::reference::Pairing>,
) -> Result<RoundPairing, PairFailure> {
    let numbers = state::Numbers::of(state);
    let procedure = state::round(state, &numbers);
    let pairing = pair(&procedure.round).ok_or(PairFailure::NoValidPairing)?;
    Ok(state::boards(state, &numbers, &pairing))
}

impl Engine for DoubleSwiss2026Literal {
    fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
        pair_with(state, crate::systems::team::reference::pair)
    }

    fn explain(&self, state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
        DoubleSwiss2026.explain(state, computed, recorded)
    }
}

impl System for DoubleSwiss2026 {
    fn id(&self) -> SystemId {
        SystemId::DoubleSwiss2026
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }

    /// Each match fills its two round columns as one match (C.04.5 4.4 and its Preface).
    fn validate(&self, t: &Tournament) -> crate::diagnostics::Diagnostics {
        matches::split_matches(t)
    }

    /// The rounds are matches: two round columns each.
    fn read<'a>(&self, t: &'a Tournament, flags: &OrganiserFlags) -> Cow<'a, Tournament> {
        let _ = flags;
        Cow::Owned(matches::by_match(t))
    }

    fn columns_per_round(&self) -> usize {
        2
    }
}

impl Engine for DoubleSwiss2026 {
    fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
        pair_with(state, crate::systems::team::engine::pair)
    }

    fn explain(&self, state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
        let numbers = state::Numbers::of(state);
        let input = state::input(state, &numbers, recorded);
        let computed = state::by_tpn(&numbers, computed);
        let Some(found) = crate::systems::team::explain::explain(&input, &computed) else {
            // The explanation walks the procedure that paired the round: a difference it cannot
            // place is a trfcheck bug, and is flagged as one.
            return Explanation {
                criterion: "3.3.2".into(),
                text: "the record differs from the procedure's pairing, but no step of 3.3.2 tells them apart".into(),
                recorded_is_better: true,
            };
        };
        let mut lines = vec![found.text];
        lines.extend(found.details);
        let differing = numbers.differing();
        if !differing.is_empty() {
            lines.push(format!("the explanation names players by TPN (C.04.2 2.4): {}", differing.join(", ")));
        }
        Explanation { criterion: found.criterion, text: lines.join("\n"), recorded_is_better: found.engine_bug }
    }

    fn severity(&self, criterion: &str) -> crate::systems::severity::Severity {
        severity::CLASSES.of(criterion)
    }

    /// C.04.5 has no colour limits: its absolute criteria are [C1] and [C2] (2.1), and Article 4
    /// gives colours without them (C.04.1 arts. 6–7 allow each system its exceptions).
    fn keeps_colour_limits(&self) -> bool {
        false
    }
}
