//! The FIDE Burstein system, C.04.4.2 as applied from 1 February 2026 ("burstein-2026").
//!
//! The seeding rounds (1.6) are paired by the Dutch rules in force (the `dutch-2025` engine, its
//! explanations and severities). After them, two implementations of one reading of the text:
//! [`engine`], which `check`, `pair` and `generate` use (the criteria of 2.3 as fields of one
//! matching weight, the order of art. 4 settled player by player), and [`reference`], which
//! enumerates every pairing of a bracket in the order of art. 4 and takes the first that complies
//! best, as 3.2.2 says; tests require them to agree. Readings: docs/burstein.md.

mod colour;
mod engine;
mod explain;
pub mod order;
mod player;
pub(crate) mod reference;
mod severity;
mod weights;

use crate::model::Colour;
use crate::state::RoundState;
use crate::systems::engine::Engine;
use crate::systems::outcome::{Explanation, NoValidPairing, PairFailure};
use crate::systems::pairing::{Board, RoundPairing};

use player::{BursteinPlayer, burstein_players, compatibility, seeding_rounds};

/// The Burstein rules of 2026 (C.04.4.2, applied from 1 February 2026).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burstein2026;

/// The literal reference for Burstein 2026 as an engine: small tournaments only (exponential).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burstein2026Literal;

/// The rules that pair `state`'s round: the Dutch rules in a seeding round (1.6), else Burstein's.
fn dutch_seeding(state: &RoundState) -> Option<&'static dyn Engine> {
    (state.round <= seeding_rounds(state.total_rounds)).then_some(&crate::systems::dutch::Rules::Dutch2025)
}

fn pair_with(
    state: &RoundState,
    pair: fn(&RoundState) -> Result<RoundPairing, NoValidPairing>,
) -> Result<RoundPairing, PairFailure> {
    match dutch_seeding(state) {
        Some(dutch) => dutch.pair(state),
        None => Ok(pair(state)?),
    }
}

fn explain_with(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    match dutch_seeding(state) {
        Some(dutch) => {
            let mut found = dutch.explain(state, computed, recorded);
            found.text = format!(
                "seeding round {} of {} (1.6: paired by the Dutch rules): {}",
                state.round,
                seeding_rounds(state.total_rounds),
                found.text
            );
            found
        }
        None => explain::explain(state, computed, recorded),
    }
}

macro_rules! burstein_engine {
    ($ty:ty, $pair:path) => {
        impl Engine for $ty {
            fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
                pair_with(state, $pair)
            }

            fn explain(&self, state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
                explain_with(state, computed, recorded)
            }

            fn severity(&self, criterion: &str) -> crate::systems::severity::Severity {
                severity::CLASSES.of(criterion)
            }
        }
    };
}

burstein_engine!(Burstein2026, engine::pair);
burstein_engine!(Burstein2026Literal, reference::pair);

impl crate::systems::system::System for Burstein2026 {
    fn id(&self) -> crate::systems::id::SystemId {
        crate::systems::id::SystemId::Burstein2026
    }

    fn engine(&self) -> Option<&dyn Engine> {
        Some(self)
    }
}

/// A round's pairs (player indices into [`Round::players`]) and its PAB.
pub(crate) type Paired = (Vec<(usize, usize)>, Option<usize>);

/// A round as the Burstein rules see it: the players in scoregroups, each in the order of 1.8, and
/// the absolute criteria between them.
pub(crate) struct Round<'a> {
    pub state: &'a RoundState,
    pub players: Vec<BursteinPlayer>,
    /// [C1] and [C3] allow the pair.
    pub compatible: Vec<Vec<bool>>,
}

impl<'a> Round<'a> {
    pub fn new(state: &'a RoundState) -> Round<'a> {
        let players = burstein_players(state);
        let compatible = compatibility(state, &players);
        Round { state, players, compatible }
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    /// The candidates for the PAB in the order of 3.1: those [C2] allows (3.1.1), the lowest score
    /// first (3.1.3), then the most games played (3.1.4), then the lowest ranking (3.1.5). 3.1.2,
    /// that the others can all be paired, is asked of each in turn.
    pub fn bye_candidates(&self) -> Vec<usize> {
        let mut candidates: Vec<usize> = (0..self.n()).filter(|&v| self.players[v].pab_eligible).collect();
        candidates.sort_by(|&a, &b| {
            let (x, y) = (&self.players[a], &self.players[b]);
            x.score.cmp(&y.score).then(y.played_games.cmp(&x.played_games)).then(y.ranking(x))
        });
        candidates
    }

    /// The boards of a round: colours by art. 5, board order by C.04.2 3.6.
    pub fn pairing(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> RoundPairing {
        let mut boards: Vec<Board> = pairs
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (&self.players[a], &self.players[b]);
                match colour::allocate(x, y, self.state.initial_colour).0 {
                    Colour::White => Board::game(x.id, y.id),
                    Colour::Black => Board::game(y.id, x.id),
                }
            })
            .collect();
        if let Some(v) = bye {
            boards.push(Board::bye(self.players[v].id));
        }
        let mut pairing = RoundPairing { boards };
        pairing.sort_boards(self.state);
        pairing
    }
}

/// A bracket's pairing: its pairs and its outgoing floaters (player indices).
pub(crate) struct Settled {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// Pairs the brackets from the top (1.9.2), each by `choose` (its members in sequence order, the
/// residents of the scoregroup below, the players still to pair); the players it pairs leave
/// `active`, its floaters join the next bracket. No pairing when the last bracket leaves floaters.
pub(crate) fn pair_brackets(
    round: &Round<'_>,
    active: &mut [bool],
    mut choose: impl FnMut(&[usize], &[usize], &[bool]) -> Result<Settled, NoValidPairing>,
) -> Result<Vec<(usize, usize)>, NoValidPairing> {
    let mut pairs = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    while let Some((members, next)) = next_bracket(round, active, &floaters) {
        let settled = choose(&members, &next, active)?;
        for &(a, b) in &settled.pairs {
            active[a] = false;
            active[b] = false;
        }
        pairs.extend(settled.pairs);
        floaters = settled.floaters;
    }
    if floaters.is_empty() { Ok(pairs) } else { Err(NoValidPairing) }
}

/// The next bracket from the top (1.9.2) of the players still to pair (`active`), `floaters` the
/// outgoing floaters of the bracket before (still to pair, no longer residents of their
/// scoregroup): its members in sequence order, and the residents of the scoregroup below it.
pub(crate) fn next_bracket(round: &Round<'_>, active: &[bool], floaters: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut resident = active.to_vec();
    for &v in floaters {
        resident[v] = false;
    }
    let mut groups = scoregroups(round, &resident).into_iter();
    let residents = groups.next()?;
    Some((bracket(round, floaters, &residents), groups.next().unwrap_or_default()))
}

/// The players still to pair, split into brackets' resident scoregroups: indices into
/// [`Round::players`] by score, highest first (the players are sorted that way already).
fn scoregroups(round: &Round<'_>, active: &[bool]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for v in (0..round.n()).filter(|&v| active[v]) {
        match groups.last_mut() {
            Some(group) if round.players[group[0]].score == round.players[v].score => group.push(v),
            _ => groups.push(vec![v]),
        }
    }
    groups
}

/// A bracket (1.2.2): its incoming floaters and residents together, in the ranking order of 1.8
/// (scores are not used), which gives the in-bracket sequence numbers of 4.1.
fn bracket(round: &Round<'_>, floaters: &[usize], residents: &[usize]) -> Vec<usize> {
    let mut members: Vec<usize> = floaters.iter().chain(residents).copied().collect();
    members.sort_by(|&a, &b| round.players[a].ranking(&round.players[b]));
    members
}
