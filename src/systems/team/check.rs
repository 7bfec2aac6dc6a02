//! A team round as the checks use it ([`crate::systems::system::System`]; docs/teams.md): for every
//! round, the team state is rebuilt from the matches of the rounds before it ([`super::state`]),
//! the round is paired by the edition's procedure (the fast engine, held to the literal reading by
//! property tests), and the record is compared with it match by match (pairs are team numbers,
//! SPEC), with the explanation of [`super::explain`].

use crate::model::Tournament;
use crate::systems::outcome::PairFailure;
use crate::systems::pairing::{Board, RoundPairing};
use crate::systems::round::{Judgement, RecordedRounds, RoundCheck, RoundToPair};
use crate::validate::teams::TeamResults;

use super::reference::{Pairing, Round};
use super::state::{self, TeamRoundInput};
use super::{Edition, Tpn, explain};

/// The recorded rounds of a team tournament: its matches, aggregated from the boards once.
pub(super) struct TeamRounds<'a> {
    t: &'a Tournament,
    edition: Edition,
    results: Option<TeamResults>,
}

impl<'a> TeamRounds<'a> {
    pub(super) fn new(t: &'a Tournament, edition: Edition) -> TeamRounds<'a> {
        TeamRounds { t, edition, results: crate::validate::teams::team_results(t).map(|(results, _)| results) }
    }
}

impl RecordedRounds for TeamRounds<'_> {
    fn round(&self, round: u32) -> Result<Box<dyn RoundCheck + '_>, String> {
        let Some(results) = &self.results else {
            return Err("not a team tournament: no teams to pair".into());
        };
        let input = state::round_input(self.t, results, self.edition, round)?;
        Ok(Box::new(TeamRound { recorded: RoundPairing { boards: boards(&input.round, &input.recorded) }, input }))
    }
}

/// Round `round` of `t` to pair: the teams with no 240 bye in the round and with a player not
/// marked absent in it (a team whose players are all `0000 - Z` there has withdrawn). `None` when
/// `t` has no teams.
pub(super) fn next_round(t: &Tournament, edition: Edition, round: u32) -> Option<Box<dyn RoundToPair>> {
    let (results, _) = crate::validate::teams::team_results(t)?;
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
    let state = state::state_before(t, &results, edition, round, &participants);
    Some(Box::new(TeamRoundToPair { round, teams: participants.len(), state: state.round }))
}

/// Pairs a team round with the fast engine; `GaveUp` says why it cannot be paired here.
fn pair(round: &Round) -> Result<RoundPairing, PairFailure> {
    match super::engine::pair(round) {
        Some(pairing) => Ok(RoundPairing { boards: boards(round, &pairing) }),
        None => Err(PairFailure::NoValidPairing),
    }
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

/// The team pairing as boards back again: the matches as the boards give them, the bye apart.
fn as_team_pairing(pairing: &RoundPairing) -> Pairing {
    let mut out = Pairing { matches: Vec::new(), bye: None };
    for board in &pairing.boards {
        match board.black {
            Some(black) => out.matches.push((board.white, black)),
            None => out.bye = Some(board.white),
        }
    }
    out
}

/// A recorded round of a team tournament.
struct TeamRound {
    input: TeamRoundInput,
    recorded: RoundPairing,
}

impl RoundCheck for TeamRound {
    fn recorded(&self) -> &RoundPairing {
        &self.recorded
    }

    fn pair(&self) -> Result<RoundPairing, PairFailure> {
        pair(&self.input.round)
    }

    /// Team rounds are not paired ahead.
    fn fingerprint(&self) -> Option<u64> {
        None
    }

    fn agrees(&self, computed: &RoundPairing) -> bool {
        self.judge(computed).is_none()
    }

    fn judge(&self, computed: &RoundPairing) -> Option<Judgement> {
        let explanation = explain::explain(&self.input, &as_team_pairing(computed))?;
        // A board agrees when the other pairing has it with the same colours, or with either
        // colours where the file does not give them.
        let same = |a: &Board, b: &Board| {
            let key = |x: &Board| x.black.map(|black| (x.white.min(black), x.white.max(black)));
            match (key(a), key(b)) {
                (Some(ka), Some(kb)) => ka == kb && (a == b || !self.input.colours_known.contains(&ka)),
                (None, None) => a.white == b.white,
                _ => false,
            }
        };
        let recorded = &self.recorded.boards;
        let differing = |these: &[Board], others: &[Board]| -> Vec<Board> {
            these.iter().filter(|c| !others.iter().any(|r| same(c, r))).copied().collect()
        };
        Some(Judgement {
            differing_computed: differing(&computed.boards, recorded),
            differing_recorded: differing(recorded, &computed.boards),
            text: explanation.text,
            details: explanation.details,
            criterion: explanation.criterion,
            severity: explanation.severity,
            engine_bug: explanation.engine_bug,
            breach: None,
        })
    }

    fn without_valid_pairing(&self) -> &'static str {
        "no pairing of this round satisfies the absolute criteria (C1, C2)"
    }
}

/// The next round of a team tournament.
struct TeamRoundToPair {
    round: u32,
    teams: usize,
    state: Round,
}

impl RoundToPair for TeamRoundToPair {
    fn round(&self) -> u32 {
        self.round
    }

    fn is_empty(&self) -> bool {
        self.teams == 0
    }

    fn pair(&self) -> Result<RoundPairing, PairFailure> {
        pair(&self.state)
    }

    /// Team rounds are not paired ahead.
    fn settle_as_checked(&mut self) -> Option<u64> {
        None
    }
}
