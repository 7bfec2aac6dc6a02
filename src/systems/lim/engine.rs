//! The fast engine: the same questions as the literal reference, answered with matchings.
//!
//! * First scrutiny (4.1–4.4). The configurations of a list are ordered by each leader's opponent
//!   in its exchange order, so the first one in which every pair is compatible is built leader by
//!   leader: each takes the first candidate with which the players left can still all be paired
//!   compatibly. A [`Witness`] (a compatible pairing of all the players left) answers that with
//!   one augmenting-path search. When no compatible configuration exists, the first player who
//!   cannot be covered together with all before them is found by bisection: "the first `j`
//!   players can all have compatible opponents" is a perfect matching in the graph where the
//!   players from `j` on may also meet each other, and it only gets harder as `j` grows.
//! * Second scrutiny (5.2). A compatible pair (in a Maxi-tournament, one that 5.7 allows, as the
//!   procedure says) weighs more than all proper pairs together, a proper pair one unit more: a
//!   maximum-weight matching pairs everyone with the most proper pairs. The leaders then take, in
//!   order, the first candidate some such matching pairs them with: read from the duals where they
//!   tell (a slack pair is in no optimum), else by one solve with the candidate's place in the
//!   exchange order as a bonus on the leader's edges, below a proper pair; the choice is fixed
//!   before the next leader.
//! * 3.10.2: the largest compatible matching of the group (a [`Witness`] is a maximum matching).

use crate::matching::witness::Witness;
use crate::matching::{Exchange, Matcher};

use super::procedure::{Scrutiny, Search, candidates};
use super::rules::Context;

#[derive(Default)]
pub struct Fast;

impl Fast {
    pub fn new() -> Fast {
        Fast
    }
}

/// A witness for the positions of `list` under `allowed`, started from the proposal of 2.4 so that
/// the first candidates are already its pairs.
fn witness(m: usize, allowed: impl Fn(usize, usize) -> bool + Copy) -> Witness {
    let h = m / 2;
    let start: Vec<(usize, usize)> = (0..h).map(|i| (i, h + i)).filter(|&(a, b)| allowed(a, b)).collect();
    Witness::with_pairs(m, &start, allowed)
}

/// The first configuration (positions in the list) whose leaders before `j` all have compatible
/// opponents, for the leaders before `j`; `w` is a perfect witness under `allowed`.
fn first_in_order(
    m: usize,
    j: usize,
    allowed: impl Fn(usize, usize) -> bool + Copy,
    mut w: Witness,
) -> Vec<(usize, usize)> {
    let mut alive = vec![true; m];
    let mut pairs = Vec::new();
    loop {
        let remaining: Vec<usize> = (0..m).filter(|&v| alive[v]).collect();
        let Some(&leader) = remaining.first() else { break };
        if leader >= j {
            break;
        }
        let mut chosen = None;
        for c in candidates(remaining.len()) {
            let y = remaining[c];
            if !allowed(leader, y) {
                continue;
            }
            if w.mate(leader) == Some(y) {
                w.pair(allowed, leader, y);
                chosen = Some(y);
                break;
            }
            let mut trial = w.clone();
            if trial.pair(allowed, leader, y) {
                w = trial;
                chosen = Some(y);
                break;
            }
        }
        let Some(y) = chosen else { break };
        alive[leader] = false;
        alive[y] = false;
        pairs.push((leader, y));
    }
    pairs
}

impl Search for Fast {
    fn first_scrutiny(&mut self, ctx: &Context, list: &[usize]) -> Scrutiny {
        let m = list.len();
        let compatible = |a: usize, b: usize| ctx.compatible(list[a], list[b]);
        let upto = |j: usize| move |a: usize, b: usize| compatible(a, b) || (a >= j && b >= j);
        let to_players = |pairs: Vec<(usize, usize)>| pairs.into_iter().map(|(a, b)| (list[a], list[b])).collect();
        let all = witness(m, upto(m));
        if all.exposed() == 0 {
            return Scrutiny::Paired(to_players(first_in_order(m, m, upto(m), all)));
        }
        // The first j for which the first j players cannot all be covered: feasible(0) holds.
        let feasible = |j: usize| witness(m, upto(j)).exposed() == 0;
        let (mut lo, mut hi) = (0, m);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if feasible(mid) { lo = mid } else { hi = mid }
        }
        let kept = first_in_order(m, hi - 1, upto(hi - 1), witness(m, upto(hi - 1)));
        Scrutiny::Stuck { kept: to_players(kept), player: list[hi - 1] }
    }

    fn second_scrutiny(
        &mut self,
        ctx: &Context,
        list: &[usize],
        may_meet: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let m = list.len();
        // The pairs the second scrutiny may form: compatible, and within 5.7's limit.
        let compatible = |a: usize, b: usize| ctx.compatible(list[a], list[b]) && may_meet(list[a], list[b]);
        let to_players = |pairs: Vec<(usize, usize)>| -> Vec<(usize, usize)> {
            pairs.into_iter().map(|(a, b)| (list[a], list[b])).collect()
        };
        // The first compatible configuration; when all its pairs are proper, no other is better.
        let first = to_players(first_in_order(m, m, compatible, witness(m, compatible)));
        if first.len() * 2 == m && first.iter().all(|&(a, b)| ctx.proper(a, b)) {
            return first;
        }
        // Fields, from the most significant: a compatible pair, a proper pair, and (on the
        // leader's edges only, while its opponent is chosen) the place of the opponent in the
        // exchange order. A leader has one edge in any matching, so the place (at most m) stays
        // under a proper pair, and every proper pair together (at most m/2 of them, each under
        // `pair`) under one more pair.
        let m64 = m as u64;
        let proper_unit = m64 + 2;
        let pair_unit = (m64 + 1) * (proper_unit + m64 + 1);
        let base = |a: usize, b: usize| -> u64 {
            if !compatible(a, b) { 0 } else { pair_unit + proper_unit * u64::from(ctx.proper(list[a], list[b])) }
        };
        let mut matcher = Matcher::<u64>::from_fn(m, |a, b| Some(base(a, b)).filter(|&w| w != 0));
        matcher.solve();
        let mut alive = vec![true; m];
        let mut pairs = Vec::new();
        loop {
            let remaining: Vec<usize> = (0..m).filter(|&v| alive[v]).collect();
            let Some(&leader) = remaining.first() else { break };
            let options: Vec<usize> =
                candidates(remaining.len()).map(|c| remaining[c]).filter(|&y| base(leader, y) != 0).collect();
            // The duals of the last optimum tell most choices: a slack pair is in no optimum, a
            // tight one swapped in is one (as the Burstein engine reads them).
            let mut chosen = None;
            let mut unknown = false;
            for &y in &options {
                match matcher.fix_pair_by_exchange(leader, y, base(leader, y)) {
                    Exchange::Impossible => continue,
                    Exchange::Fixed => chosen = Some(y),
                    Exchange::Unknown => unknown = true,
                }
                break;
            }
            if unknown {
                // One solve with the place in the exchange order as a bonus on the leader's edges.
                for (place, &y) in options.iter().enumerate() {
                    matcher.set_weight(leader, y, base(leader, y) + (m64 - place as u64));
                }
                matcher.solve();
                if let Some(y) = matcher.mate(leader) {
                    matcher.fix_pair(leader, y, base(leader, y));
                    matcher.solve();
                    chosen = Some(y);
                }
            }
            let Some(y) = chosen else { break };
            alive[leader] = false;
            alive[y] = false;
            pairs.push((leader, y));
        }
        to_players(pairs)
    }

    fn max_pairs(&mut self, ctx: &Context, players: &[usize]) -> usize {
        let w = Witness::new(players.len(), |a, b| ctx.compatible(players[a], players[b]));
        (players.len() - w.exposed()) / 2
    }
}
