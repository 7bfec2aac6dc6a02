//! Checking one round, the same way under every system ([`crate::systems::System`]): the round as
//! recorded is paired again, and a record that differs gets its explanation and severity.

use crate::model::Tournament;
use crate::report::{RoundDetail, RoundReport, RoundStatus};
use crate::systems::pairing::{Board, RoundPairing};
use crate::systems::round::RecordedRounds;
use crate::systems::{PairFailure, System};

use super::ahead::PairedAhead;

/// The verdict alone of a recorded round of `t` (`recorded`, its rounds under a system), without the explanation and severity
/// that [`check_round`] adds: `identify` and the hints run every candidate on every round and only
/// count the rounds that match, and explaining a differing round costs far more than pairing it.
pub fn round_status(t: &Tournament, round: u32, recorded: &dyn RecordedRounds) -> RoundStatus {
    // The candidates run on several threads (`identify`'s jobs), each round under the memory
    // budget of the rounds `check` pairs.
    let _permit =
        super::memory::RoundGate::global().admit(super::memory::round_estimate(&super::memory::scoregroups(t, round)));
    let Ok(check) = recorded.round(round) else { return RoundStatus::NotChecked };
    match check.pair() {
        Err(PairFailure::NoValidPairing) => RoundStatus::NoValidPairing,
        Err(PairFailure::GaveUp(_)) => RoundStatus::NotChecked,
        Ok(computed) if check.agrees(&computed) => RoundStatus::Match,
        Ok(_) => RoundStatus::Mismatch,
    }
}

/// Pairs round `round` of `t` again under `system` and compares, taking the pairing `ahead` made
/// of it when the round's state is the one that pairing was made from ([`super::ahead`]).
pub fn check_round(t: &Tournament, round: u32, system: &dyn System, ahead: Option<&PairedAhead>) -> RoundReport {
    check_recorded_round(round, system, system.recorded(t).as_ref(), ahead)
}

/// [`check_round`] of one of the rounds `recorded` (`system`'s).
pub fn check_recorded_round(
    round: u32,
    system: &dyn System,
    recorded: &dyn RecordedRounds,
    ahead: Option<&PairedAhead>,
) -> RoundReport {
    // A round whose pairing rests on what the file lacks gets no verdict, only the reason.
    let check = match recorded.round(round) {
        Ok(check) => check,
        Err(reason) => return RoundReport::not_checked(round, reason),
    };
    let recorded = check.recorded();
    let computed = match ahead.filter(|ahead| ahead.round == round && ahead.system == system.id()) {
        Some(ahead) if check.fingerprint() == Some(ahead.fingerprint) => {
            tracing::debug!(round, "the pairing made ahead is used");
            ahead.result.clone()
        }
        Some(_) => {
            tracing::debug!(round, "the state differs from the one paired ahead; paired again");
            check.pair()
        }
        None => check.pair(),
    };
    let computed = match computed {
        Err(PairFailure::GaveUp(reason)) => return RoundReport::not_checked(round, reason),
        Err(PairFailure::NoValidPairing) => {
            return RoundReport::no_valid_pairing(round, recorded.boards.clone(), check.without_valid_pairing());
        }
        Ok(computed) => computed,
    };
    let Some(judgement) = check.judge(&computed) else {
        return RoundReport::matched(round, computed.boards, recorded.boards.clone());
    };
    let pairs = |p: &RoundPairing| p.boards.iter().map(Board::as_pair).collect::<Vec<_>>();
    let (mut text, mut details) = crate::report::explanation_lines(&judgement.text);
    if let Some(breach) = judgement.breach {
        // The colour-limit breach is what makes the round absolute: it stays in the first line,
        // after the explanation when both fit there (`FIRST_LINE_MAX`), else in its place, the
        // explanation's first line becoming the first detail.
        let with_breach = format!("{text}; {breach}");
        if with_breach.chars().count() <= crate::report::FIRST_LINE_MAX {
            text = with_breach;
        } else {
            let (breach, mut more) = crate::report::explanation_lines(&breach);
            more.push(std::mem::replace(&mut text, breach));
            details.splice(0..0, more);
        }
    }
    details.extend(judgement.details);
    // The JSON names the criterion as the text does, in the version's own terms, read off the
    // first line as the report gives it.
    let criterion = system.criterion_name(&judgement.criterion, &text);
    RoundReport {
        round,
        status: RoundStatus::Mismatch,
        severity: Some(judgement.severity),
        expected: Some(pairs(&computed)),
        recorded: Some(pairs(recorded)),
        explanation: Some(text),
        details,
        criterion: Some(criterion),
        engine_bug: judgement.engine_bug,
        reason: None,
        detail: Some(RoundDetail {
            computed: computed.boards,
            recorded: recorded.boards.clone(),
            differing_computed: judgement.differing_computed,
            differing_recorded: judgement.differing_recorded,
        }),
    }
}
