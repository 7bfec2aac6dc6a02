//! The literal reference: C.3–C.10 as the text runs them, with nothing but enumeration.
//!
//! Every candidate of a step is listed in the order the text tries them: for a heterogeneous
//! bracket the sets of moved-down players of D.3, for each the transpositions of S2 (D.1.2), and
//! for each the remainder (C.6, C.9); for a homogeneous bracket or a remainder the exchanges of
//! D.2 (the unchanged S1 first), for each the transpositions of D.1. Then the stages of C.3–C.10
//! are walked in their order (B2, then A.7.d, then X and Z, then the float criteria, each
//! requirement kept as long as possible and dropped "only for the minimum number of pairs"), and
//! the first candidate in the list that meets a stage is the pairing. In the lowest bracket D.4
//! first keeps only the candidates of the smallest B3-factor.
//!
//! This is exponential and meant for small brackets: it is the yardstick the fast engine is
//! measured against in the tests.

use super::order::{combinations, exchanges, transpositions};
use super::procedure::{Extra, Search};
use super::round::Round;
use super::step::{self, COUNTS, Candidate, Counts, Shape, Step};

/// The largest bracket the reference enumerates.
pub const MAX_BRACKET: usize = 12;

/// Why the reference gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge(pub usize);

#[derive(Debug, Default)]
pub struct Literal {
    /// The largest bracket met that was too large to enumerate.
    pub too_large: Option<usize>,
    /// Candidates listed, for the tests' statistics.
    pub listed: u64,
}

impl Literal {
    pub fn new() -> Literal {
        Literal::default()
    }
}

/// The pairs and leftovers of a homogeneous bracket or remainder of `players` (A.2 order) with
/// `pairs` pairs, in the order of D.2 and D.1; pairs the text forbids outright (B.1a, B.2) end a
/// branch, as no stage accepts them. `visit` returns false to stop.
fn homogeneous(
    round: &Round,
    players: &[usize],
    pairs: usize,
    visit: &mut dyn FnMut(Vec<(usize, usize)>, Vec<usize>) -> bool,
) -> bool {
    let n = players.len();
    let mut configs = vec![players.to_vec()];
    for exchange in exchanges(pairs, n - pairs) {
        // Positions are 1-based in the bracket; after the exchange both halves are ordered by A.2.
        let mut s1: Vec<usize> = (1..=pairs).filter(|p| !exchange.from_s1.contains(p)).collect();
        s1.extend(&exchange.from_s2);
        s1.sort_unstable();
        let mut s2: Vec<usize> = (pairs + 1..=n).filter(|p| !exchange.from_s2.contains(p)).collect();
        s2.extend(&exchange.from_s1);
        s2.sort_unstable();
        configs.push(s1.into_iter().chain(s2).map(|p| players[p - 1]).collect());
    }
    for config in configs {
        let (s1, s2) = config.split_at(pairs);
        let mut go_on = true;
        transpositions(s2.len(), pairs, &mut |t| {
            if t.iter().enumerate().any(|(i, &j)| round.facts(s1[i], s2[j]).forbidden) {
                return true;
            }
            let chosen: Vec<(usize, usize)> = t.iter().enumerate().map(|(i, &j)| (s1[i], s2[j])).collect();
            let down: Vec<usize> = (0..s2.len()).filter(|j| !t.contains(j)).map(|j| s2[j]).collect();
            go_on = visit(chosen, down);
            go_on
        });
        if !go_on {
            return false;
        }
    }
    true
}

/// Every candidate of the step that breaks no absolute criterion, in the order the text tries
/// them, with its counts; `visit` returns false to stop.
fn each_candidate(round: &Round, step: &Step, listed: &mut u64, visit: &mut dyn FnMut(Candidate, Counts) -> bool) {
    let mut keep = |candidate: Candidate| {
        *listed += 1;
        if !step::absolute_ok(round, step, &candidate) {
            return true;
        }
        let counts = step::counts(round, step, &candidate);
        visit(candidate, counts)
    };
    match step.shape {
        Shape::Homogeneous { pairs } => {
            homogeneous(round, &step.players, pairs, &mut |pairs, down| {
                keep(Candidate { het: Vec::new(), pairs, down })
            });
        }
        Shape::Heterogeneous { m1, pairs } => {
            let residents = step.residents();
            for subset in combinations(step.mdps.len(), m1) {
                let s1: Vec<usize> = subset.iter().map(|&k| step.mdps[k]).collect();
                let mut go_on = true;
                transpositions(residents.len(), m1, &mut |t| {
                    if t.iter().enumerate().any(|(i, &j)| round.facts(s1[i], residents[j]).forbidden) {
                        return true;
                    }
                    let het: Vec<(usize, usize)> = t.iter().enumerate().map(|(i, &j)| (s1[i], residents[j])).collect();
                    let remainder: Vec<usize> = step
                        .players
                        .iter()
                        .copied()
                        .filter(|p| !het.iter().any(|&(a, b)| a == *p || b == *p))
                        .collect();
                    go_on = homogeneous(round, &remainder, pairs - m1, &mut |rest, down| {
                        keep(Candidate { het: het.clone(), pairs: rest, down })
                    });
                    go_on
                });
                if !go_on {
                    return;
                }
            }
        }
    }
}

/// The stages of C.3–C.10 in the order the text reaches them, over the counts that can occur
/// (an allowance past the largest count of any candidate is the criterion dropped altogether).
/// Returns the first candidate that meets a stage.
fn walk_stages(round: &Round, step: &Step, list: &[(Candidate, Counts)]) -> Option<usize> {
    let (x1, z1) = step::x1_z1(round, &step.players, step.pairs());
    let mut max = [0u64; COUNTS];
    for (_, c) in list {
        for k in 0..COUNTS {
            max[k] = max[k].max(c[k]);
        }
    }
    // The order of the stages: B2 outermost (C.10.g), then A.7.d (C.10.f), X and Z (C.10.e; Z
    // from Z1 up to X for each X), then downfloaters B5, B6 (C.10.d, c), upfloaters B5, B6
    // (C.10.b, a): each inner requirement restored whenever an outer one is relaxed.
    let order = [step::B2, step::A7D, step::X, step::Z, step::DOWN_B5, step::DOWN_B6, step::UP_B5, step::UP_B6];
    let start = |k: usize| match k {
        step::X => x1,
        step::Z => z1,
        _ => 0,
    };
    let mut level = [0u64; COUNTS];
    fn go(
        depth: usize,
        order: &[usize],
        level: &mut [u64; COUNTS],
        list: &[(Candidate, Counts)],
        start: &dyn Fn(usize) -> u64,
        max: &[u64; COUNTS],
    ) -> Option<usize> {
        let fits = |c: &Counts, level: &[u64; COUNTS], upto: usize| order[..upto].iter().all(|&k| c[k] <= level[k]);
        if depth == order.len() {
            return list.iter().position(|(_, c)| fits(c, level, order.len()));
        }
        let k = order[depth];
        let from = start(k);
        // Z never exceeds X (C.10.e).
        let to = if k == step::Z { level[step::X].min(max[k].max(from)) } else { max[k].max(from) };
        for value in from..=to {
            level[k] = value;
            // No candidate fits the requirements fixed so far: the stages inside fail too.
            if !list.iter().any(|(_, c)| fits(c, level, depth + 1)) {
                continue;
            }
            if let Some(found) = go(depth + 1, order, level, list, start, max) {
                return Some(found);
            }
        }
        None
    }
    level[step::B3] = u64::MAX;
    go(0, &order, &mut level, list, &start, &max)
}

impl Search for Literal {
    fn first(&mut self, round: &Round, step: &Step, extra: Option<&dyn Extra>) -> Option<Candidate> {
        if step.players.len() > MAX_BRACKET {
            self.too_large = Some(self.too_large.unwrap_or(0).max(step.players.len()));
            return None;
        }
        let (x1, z1) = step::x1_z1(round, &step.players, step.pairs());
        let several_scores =
            step.players.first().map(|&p| round.score(p)) != step.players.last().map(|&p| round.score(p));
        let b3_matters = step.lowest && several_scores;
        // The first stage of C.3 keeps every requirement: the first candidate that meets it is the
        // pairing (unless D.4 must compare candidates first).
        if !b3_matters && extra.is_none() {
            let mut first = None;
            each_candidate(round, step, &mut self.listed, &mut |candidate, c| {
                let meets = c[step::B2] == 0
                    && c[step::A7D] == 0
                    && c[step::X] <= x1
                    && c[step::Z] <= z1
                    && c[step::DOWN_B5..].iter().all(|&v| v == 0);
                if meets {
                    first = Some(candidate);
                }
                !meets
            });
            if first.is_some() {
                return first;
            }
        }
        let mut list = Vec::new();
        each_candidate(round, step, &mut self.listed, &mut |candidate, c| {
            list.push((candidate, c));
            true
        });
        if b3_matters {
            // D.4: the best pairing of the lowest bracket minimises the B3-factor.
            if let Some(best) = list.iter().map(|(_, c)| c[step::B3]).min() {
                list.retain(|(_, c)| c[step::B3] == best);
            }
        }
        if let Some(extra) = extra {
            list.retain(|(candidate, _)| extra.accepts(&candidate.down));
        }
        let found = walk_stages(round, step, &list)?;
        Some(list.swap_remove(found).0)
    }

    fn gave_up(&self) -> Option<usize> {
        self.too_large
    }

    fn reaches_remainder(&mut self, round: &Round, step: &Step) -> bool {
        let Shape::Heterogeneous { m1, .. } = step.shape else { return false };
        let residents = step.residents();
        combinations(step.mdps.len(), m1).iter().any(|subset| {
            let s1: Vec<usize> = subset.iter().map(|&k| step.mdps[k]).collect();
            let mut found = false;
            transpositions(residents.len(), m1, &mut |t| {
                found = t.iter().enumerate().all(|(i, &j)| !round.facts(s1[i], residents[j]).forbidden);
                !found
            });
            found
        })
    }
}
