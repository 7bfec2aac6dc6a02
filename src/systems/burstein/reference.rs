//! The literal Burstein 2026 procedure (after the seeding rounds), for small tournaments: the PAB
//! by 3.1, then each bracket from the top (1.9.2) by enumerating every pairing of it in the order
//! of art. 4 and taking the first that complies best with [C4]–[C8] (3.2.2). Exponential; the
//! tests hold the fast engine to it.

use std::cmp::Ordering;

use crate::matching::cardinality::{Graph, has_perfect};
use crate::model::Points;
use crate::state::RoundState;
use crate::systems::outcome::NoValidPairing;
use crate::systems::pairing::RoundPairing;

use super::order::{self, Candidate};
use super::player::preferences_agree;
use super::{Paired, Round, Settled, pair_brackets};

pub(crate) fn pair(state: &RoundState) -> Result<RoundPairing, NoValidPairing> {
    let round = Round::new(state);
    let (pairs, bye) = pairs(&round)?;
    Ok(round.pairing(&pairs, bye))
}

/// How a candidate does on [C5]–[C8], compared criterion by criterion.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Quality {
    /// [C5]: the pairs.
    pairs: usize,
    /// [C6]: the floaters' scores, highest first (lower is better).
    floater_scores: Vec<Points>,
    /// [C7]: the following bracket's best [C5] and [C6].
    next: (usize, Vec<Points>),
    /// [C8]: players who do not get their colour preference (lower is better).
    colour_failures: usize,
}

impl Quality {
    /// `Greater` when `self` is better.
    fn compare(&self, other: &Quality) -> Ordering {
        self.pairs
            .cmp(&other.pairs)
            .then_with(|| other.floater_scores.cmp(&self.floater_scores))
            .then_with(|| self.next.0.cmp(&other.next.0))
            .then_with(|| other.next.1.cmp(&self.next.1))
            .then_with(|| other.colour_failures.cmp(&self.colour_failures))
    }
}

struct Literal<'r, 'a> {
    round: &'r Round<'a>,
    graph: Graph,
}

pub(crate) fn pairs(round: &Round<'_>) -> Result<Paired, NoValidPairing> {
    let literal = Literal { round, graph: Graph::from_fn(round.n(), |a, b| round.compatible[a][b]) };
    let mut active = vec![true; round.n()];
    let bye = if round.n() % 2 == 1 {
        // 3.1: the first candidate (3.1.1, 3.1.3–3.1.5) who allows a complete pairing (3.1.2).
        let bye = round
            .bye_candidates()
            .into_iter()
            .find(|&c| {
                let mut rest = active.clone();
                rest[c] = false;
                has_perfect(&literal.graph, &rest)
            })
            .ok_or(NoValidPairing)?;
        active[bye] = false;
        Some(bye)
    } else {
        if !has_perfect(&literal.graph, &active) {
            return Err(NoValidPairing);
        }
        None
    };
    let pairs = pair_brackets(round, &mut active, |members, next, active| {
        let chosen = literal.best(members, next, active).ok_or(NoValidPairing)?;
        let mut settled = Settled { pairs: Vec::new(), floaters: Vec::new() };
        for (i, partner) in chosen.iter().enumerate() {
            match partner {
                Some(j) if i < *j => settled.pairs.push((members[i], members[*j])),
                Some(_) => {}
                None => settled.floaters.push(members[i]),
            }
        }
        Ok(settled)
    })?;
    Ok((pairs, bye))
}

impl Literal<'_, '_> {
    /// Every pairing of `members` (in sequence order) in the order of art. 4.
    fn candidates(&self, members: &[usize]) -> Vec<Candidate> {
        order::pairings(members.len(), &|a, b| self.round.compatible[members[a]][members[b]])
    }

    /// [C4]: the players of `active` that `candidate` leaves unpaired can all be paired.
    fn completes(&self, members: &[usize], candidate: &Candidate, active: &[bool]) -> bool {
        let mut rest = active.to_vec();
        for (i, partner) in candidate.iter().enumerate() {
            if partner.is_some() {
                rest[members[i]] = false;
            }
        }
        has_perfect(&self.graph, &rest)
    }

    fn floater_scores(&self, members: &[usize], candidate: &Candidate) -> Vec<Points> {
        let mut scores: Vec<Points> = (0..members.len())
            .filter(|&i| candidate[i].is_none())
            .map(|i| self.round.players[members[i]].score)
            .collect();
        scores.sort_by(|a, b| b.cmp(a));
        scores
    }

    /// The best [C5] and [C6] of a bracket of `members` (any order) among its pairings that keep [C4].
    fn best_pairs_and_scores(&self, members: &[usize], active: &[bool]) -> (usize, Vec<Points>) {
        let mut best: Option<(usize, Vec<Points>)> = None;
        for candidate in self.candidates(members) {
            if !self.completes(members, &candidate, active) {
                continue;
            }
            let value = (candidate.iter().flatten().count() / 2, self.floater_scores(members, &candidate));
            let better = match &best {
                None => true,
                Some((pairs, scores)) => value.0.cmp(pairs).then_with(|| scores.cmp(&value.1)) == Ordering::Greater,
            };
            if better {
                best = Some(value);
            }
        }
        best.unwrap_or_default()
    }

    /// The first pairing of `members` in the order of art. 4 among those that comply best with
    /// [C4]–[C8] (3.2.2).
    fn best(&self, members: &[usize], next: &[usize], active: &[bool]) -> Option<Candidate> {
        let mut best: Option<(Quality, Candidate)> = None;
        for candidate in self.candidates(members) {
            if !self.completes(members, &candidate, active) {
                continue;
            }
            let floaters: Vec<usize> =
                (0..members.len()).filter(|&i| candidate[i].is_none()).map(|i| members[i]).collect();
            let mut after = active.to_vec();
            for (i, partner) in candidate.iter().enumerate() {
                if partner.is_some() {
                    after[members[i]] = false;
                }
            }
            let following: Vec<usize> = floaters.iter().chain(next).copied().collect();
            let next_value =
                if next.is_empty() { (0, Vec::new()) } else { self.best_pairs_and_scores(&following, &after) };
            let colour_failures = (0..members.len())
                .filter_map(|i| candidate[i].filter(|&j| i < j).map(|j| (members[i], members[j])))
                .filter(|&(a, b)| !preferences_agree(&self.round.players[a], &self.round.players[b]))
                .count();
            let quality = Quality {
                pairs: candidate.iter().flatten().count() / 2,
                floater_scores: self.floater_scores(members, &candidate),
                next: next_value,
                colour_failures,
            };
            let better = match &best {
                None => true,
                Some((q, _)) => quality.compare(q) == Ordering::Greater,
            };
            if better {
                best = Some((quality, candidate));
            }
        }
        best.map(|(_, candidate)| candidate)
    }
}
