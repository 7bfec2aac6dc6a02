//! Checking one round: the verdict, and for a differing round its explanation and severity.

use crate::model::Tournament;
use crate::report::{RoundDetail, RoundReport, RoundStatus};
use crate::state::{Participation, RoundState};
use crate::systems::pairing::{Board, RoundPairing};

use super::record::{compare, recorded_pairing};

/// The verdict alone of a recorded round under `engine`, without the explanation and severity that
/// [`check_round`] adds: `identify` and the hints run every candidate on every round and only count
/// the rounds that match, and explaining a differing round costs far more than pairing it.
pub fn round_status(t: &Tournament, round: u32, engine: &dyn crate::systems::Engine) -> RoundStatus {
    // The candidates run on several threads (`identify`'s jobs), each round under the memory
    // budget of the rounds `check` pairs.
    let _permit =
        super::memory::RoundGate::global().admit(super::memory::round_estimate(&super::memory::scoregroups(t, round)));
    let mut state = RoundState::build(t, round, Participation::Recorded);
    if engine.missing_numbers(t, &mut state).is_some() {
        return RoundStatus::NotChecked;
    }
    match engine.pair(&state) {
        Err(crate::systems::PairFailure::NoValidPairing) => RoundStatus::NoValidPairing,
        Err(crate::systems::PairFailure::GaveUp(_)) => RoundStatus::NotChecked,
        Ok(computed) if compare(t, round, &computed).is_empty() => RoundStatus::Match,
        Ok(_) => RoundStatus::Mismatch,
    }
}

/// Pairs a recorded round again and compares.
pub fn check_round(t: &Tournament, round: u32, engine: &dyn crate::systems::Engine) -> RoundReport {
    let mut state = RoundState::build(t, round, Participation::Recorded);
    // A round whose pairing rests on numbers the file lacks gets no verdict, only the reason.
    if let Some(reason) = engine.missing_numbers(t, &mut state) {
        return RoundReport::not_checked(round, reason);
    }
    let recorded = recorded_pairing(t, round, &state);
    let pairs = |p: &RoundPairing| p.boards.iter().map(Board::as_pair).collect::<Vec<_>>();
    match engine.pair(&state) {
        Err(crate::systems::PairFailure::GaveUp(reason)) => RoundReport::not_checked(round, reason),
        // Each system numbers its absolute criteria its own way (C1–C3, B.1–B.2, FMJD section 1),
        // so none is named.
        Err(crate::systems::PairFailure::NoValidPairing) => RoundReport::no_valid_pairing(
            round,
            recorded.boards,
            "no pairing of this round satisfies the absolute criteria",
        ),
        Ok(computed) => {
            let mut difference = compare(t, round, &computed);
            if difference.is_empty() {
                return RoundReport::matched(round, computed.boards, recorded.boards);
            }
            for list in [&mut difference.computed, &mut difference.recorded] {
                let mut sorted = RoundPairing { boards: std::mem::take(list) };
                sorted.sort_boards(&state);
                *list = sorted.boards;
            }
            let explanation = engine.explain(&state, &computed, &recorded);
            let (severity, breach) = super::severity::of_round(t, &state, engine, &explanation, &computed, &recorded);
            let (mut text, mut details) = crate::report::explanation_lines(&explanation.text);
            if let Some(breach) = breach {
                // The colour-limit breach is what makes the round absolute: it stays in the first
                // line, after the explanation when both fit there (`FIRST_LINE_MAX`), else in its
                // place, the explanation's first line becoming the first detail.
                let with_breach = format!("{text}; {breach}");
                if with_breach.chars().count() <= crate::report::FIRST_LINE_MAX {
                    text = with_breach;
                } else {
                    let (breach, mut more) = crate::report::explanation_lines(&breach);
                    more.push(std::mem::replace(&mut text, breach));
                    details.splice(0..0, more);
                }
            }
            RoundReport {
                round,
                status: RoundStatus::Mismatch,
                severity: Some(severity),
                expected: Some(pairs(&computed)),
                recorded: Some(pairs(&recorded)),
                explanation: Some(text),
                details,
                criterion: Some(explanation.criterion.clone()),
                engine_bug: explanation.recorded_is_better,
                reason: None,
                detail: Some(RoundDetail {
                    computed: computed.boards,
                    recorded: recorded.boards,
                    differing_computed: difference.computed,
                    differing_recorded: difference.recorded,
                }),
            }
        }
    }
}
