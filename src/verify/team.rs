//! `check` of a team tournament (C.04.6; docs/teams.md): for every round, the team state is rebuilt
//! from the matches of the rounds before it (`systems::team::state`), the round is paired by the
//! edition's procedure, and the pairing is compared with the recorded one, match by match (pairs
//! are team numbers, SPEC), with the explanation of `systems::team::explain`.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::model::Tournament;
use crate::report::{RoundDetail, RoundReport, RoundStatus};
use crate::systems::SystemId;
use crate::systems::pairing::Board;
use crate::systems::team::literal::{Pairing, Round};
use crate::systems::team::state::{self, TeamRoundInput};
use crate::systems::team::{Edition, Tpn, explain};

/// The edition a team system pairs under.
pub fn edition(system: SystemId) -> Option<Edition> {
    match system {
        SystemId::Team2025 => Some(Edition::Team2026),
        SystemId::Team2024 => Some(Edition::Team2024),
        _ => None,
    }
}

/// Pairs a team round with the fast engine (`systems::team::fast`, held to the literal reading by
/// property tests); `Err` says why it cannot be paired here.
pub fn pair(round: &Round) -> Result<Option<Pairing>, String> {
    Ok(crate::systems::team::fast::pair(round))
}

/// The boards of a team pairing, in board order: the matches by the higher score of their two
/// teams, then the smaller TPN; the bye last.
fn boards(round: &Round, pairing: &Pairing) -> Vec<Board> {
    let score = |t: Tpn| round.teams.iter().find(|x| x.tpn == t).map_or(0, |x| x.score);
    let mut matches = pairing.matches.clone();
    matches.sort_by_key(|&(w, b)| (std::cmp::Reverse(score(w).max(score(b))), w.min(b)));
    let mut out: Vec<Board> = matches.into_iter().map(|(w, b)| Board::game(w, b)).collect();
    out.extend(pairing.bye.map(Board::bye));
    out
}

/// Checks the rounds of a team tournament under `system` (a team system).
pub fn check_rounds(t: &Tournament, system: SystemId, rounds: &[u32], cancel: &AtomicBool) -> Vec<RoundReport> {
    let Some(edition) = edition(system) else { return Vec::new() };
    let Some((results, _)) = crate::validate::teams::team_results(t) else {
        return rounds
            .iter()
            .map(|&r| RoundReport::not_checked(r, "not a team tournament: no teams to pair".into()))
            .collect();
    };
    rounds
        .iter()
        .map(|&round| {
            if cancel.load(Ordering::Relaxed) {
                return RoundReport::not_checked(round, "cancelled".into());
            }
            match state::round_input(t, &results, edition, round) {
                Err(reason) => RoundReport::not_checked(round, reason),
                Ok(input) => check_round(&input),
            }
        })
        .collect()
}

/// Pairs one team round and compares it with the record.
pub fn check_round(input: &TeamRoundInput) -> RoundReport {
    let round_number = input.round.round;
    let recorded_boards = boards(&input.round, &input.recorded);
    let pairs = |boards: &[Board]| boards.iter().map(Board::as_pair).collect::<Vec<_>>();
    let computed = match pair(&input.round) {
        Err(reason) => return RoundReport::not_checked(round_number, reason),
        Ok(None) => {
            return RoundReport::no_valid_pairing(
                round_number,
                recorded_boards,
                "no pairing of this round satisfies the absolute criteria (C1, C2)",
            );
        }
        Ok(Some(pairing)) => pairing,
    };
    let computed_boards = boards(&input.round, &computed);
    let explanation = explain::explain(input, &computed);
    let Some(explanation) = explanation else {
        return RoundReport::matched(round_number, computed_boards, recorded_boards);
    };
    // A board agrees when the other pairing has it with the same colours, or with either colours
    // where the file does not give them.
    let same = |a: &Board, b: &Board| {
        let key = |x: &Board| x.black.map(|black| (x.white.min(black), x.white.max(black)));
        match (key(a), key(b)) {
            (Some(ka), Some(kb)) => ka == kb && (a == b || !input.colours_known.contains(&ka)),
            (None, None) => a.white == b.white,
            _ => false,
        }
    };
    let differing_computed: Vec<Board> =
        computed_boards.iter().filter(|c| !recorded_boards.iter().any(|r| same(c, r))).copied().collect();
    let differing_recorded: Vec<Board> =
        recorded_boards.iter().filter(|r| !computed_boards.iter().any(|c| same(c, r))).copied().collect();
    let (text, mut details) = crate::report::explanation_lines(&explanation.text);
    details.extend(explanation.details);
    RoundReport {
        round: round_number,
        status: RoundStatus::Mismatch,
        severity: Some(explanation.severity),
        expected: Some(pairs(&computed_boards)),
        recorded: Some(pairs(&recorded_boards)),
        explanation: Some(text),
        details,
        criterion: Some(explanation.criterion),
        engine_bug: explanation.engine_bug,
        reason: None,
        detail: Some(RoundDetail {
            computed: computed_boards,
            recorded: recorded_boards,
            differing_computed,
            differing_recorded,
        }),
    }
}

/// Pairs the round after the last paired one of a team tournament (`trfcheck pair`): the teams
/// with no 240 bye in it and with a player not marked absent in it (a team whose players are all
/// `0000 - Z` there has withdrawn). The boards are matches, team numbers (SPEC).
pub fn pair_next(t: &Tournament, resolved: crate::systems::Resolved) -> Result<super::NextRound, super::PairError> {
    use super::PairError;
    let system = resolved.system;
    let round = t.round_to_pair();
    if let Some(rounds) = t.header.rounds.filter(|&rounds| round > rounds) {
        return Err(PairError::Finished(rounds));
    }
    let (Some(edition), Some((results, _))) = (edition(system), crate::validate::teams::team_results(t)) else {
        return Err(PairError::Unsupported(system, round));
    };
    let asked = |team: u32| t.requested_byes.iter().any(|b| b.round == round && b.players.contains(&team));
    let present = |member: &crate::model::PlayerId| {
        t.players.iter().find(|p| p.id == *member).is_some_and(|p| p.round(round).is_blank())
    };
    let participants: Vec<Tpn> = t
        .teams
        .iter()
        .filter(|team| !asked(team.number) && team.members.iter().any(present))
        .map(|team| team.number)
        .collect();
    if participants.is_empty() {
        return Err(PairError::NobodyToPair(round));
    }
    let state = state::state_before(t, &results, edition, round, &participants);
    match pair(&state.round) {
        Err(reason) => Err(PairError::GaveUp { system, round, reason }),
        Ok(None) => Err(PairError::NoValidPairing { system, round }),
        Ok(Some(pairing)) => Ok(super::NextRound {
            round,
            resolved,
            pairing: crate::systems::pairing::RoundPairing { boards: boards(&state.round, &pairing) },
        }),
    }
}
