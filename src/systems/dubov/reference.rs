//! The literal reference: C.04.4.1 (2025) articles 2.1 and 2.2 followed step by step, enumerating
//! upfloater sets (4.2), shifter sets (4.3) and transpositions (4.4) in exactly the order the text
//! gives, and every legal pairing by brute force where the text asks what is possible or
//! unavoidable. Exponential: for small brackets only (tests compare it with the fast engine).

use std::cmp::Reverse;

use crate::state::RoundState;
use crate::systems::outcome::NoValidPairing;
use crate::systems::pairing::RoundPairing;

use super::order::{combinations, permutations, shifter_order, upfloater_sets};
use super::player::{DubovPlayer, compatibility, dubov_players};
use super::{Edition, Pair, Quality, build_pairing};

struct Literal<'a> {
    players: &'a [DubovPlayer],
    compatible: Vec<Vec<bool>>,
    max_t: u32,
    final_round: bool,
}

impl Literal<'_> {
    fn ok(&self, a: usize, b: usize) -> bool {
        self.compatible[a][b]
    }

    /// Every pairing of `set` that satisfies [C1] and [C3], each as a list of pairs.
    fn all_pairings(&self, set: &[usize]) -> Vec<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        let mut current = Vec::new();
        self.enumerate(set.to_vec(), &mut current, &mut out, false);
        out
    }

    fn exists_pairing(&self, set: &[usize]) -> bool {
        let mut out = Vec::new();
        self.enumerate(set.to_vec(), &mut Vec::new(), &mut out, true);
        !out.is_empty()
    }

    fn enumerate(
        &self,
        mut free: Vec<usize>,
        current: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
        first_only: bool,
    ) {
        if first_only && !out.is_empty() {
            return;
        }
        let Some(first) = free.pop() else {
            out.push(current.clone());
            return;
        };
        for i in 0..free.len() {
            let other = free[i];
            if self.ok(first, other) {
                let mut rest = free.clone();
                rest.remove(i);
                current.push((other, first));
                self.enumerate(rest, current, out, first_only);
                current.pop();
            }
        }
    }

    fn failures(&self, pairs: &[(usize, usize)]) -> usize {
        pairs.iter().filter(|(a, b)| self.players[*a].preference.colour == self.players[*b].preference.colour).count()
    }

    fn shifter_order(&self, pool: &[usize]) -> Vec<usize> {
        shifter_order(self.players, pool)
    }

    /// 2.2.5 and 2.2.6: S1 (G1 by ascending ARO, then initial ranking) against the first legal
    /// transposition of G2 (sequence numbers by initial ranking, 4.4.2).
    fn first_transposition(&self, g1: &[usize], g2: &[usize]) -> Option<Vec<(usize, usize)>> {
        let mut s1 = g1.to_vec();
        s1.sort_by_key(|&v| (self.players[v].aro, self.players[v].rank));
        let mut t = g2.to_vec();
        t.sort_by_key(|&v| self.players[v].rank);
        permutations(t.len()).find_map(|perm| {
            let pairs: Vec<(usize, usize)> = s1.iter().zip(&perm).map(|(&a, &i)| (a, t[i])).collect();
            pairs.iter().all(|&(a, b)| self.ok(a, b)).then_some(pairs)
        })
    }

    /// The fewest players without their colour preference ([C7]) over all legal pairings of G1
    /// against G2, or `None` when there is none.
    fn best_bipartite(&self, g1: &[usize], g2: &[usize]) -> Option<usize> {
        if g1.len() != g2.len() {
            return None;
        }
        permutations(g2.len())
            .filter_map(|perm| {
                let pairs: Vec<(usize, usize)> = g1.iter().zip(&perm).map(|(&a, &i)| (a, g2[i])).collect();
                pairs.iter().all(|&(a, b)| self.ok(a, b)).then(|| self.failures(&pairs))
            })
            .min()
    }

    /// Step 2 of 2.2.4: from the larger subgroup, the first set (4.3 order) of shifters that
    /// equalises the sizes and can yield a legal pairing that complies at best with [C7]. Returns
    /// the new (G1, G2) and that [C7] value.
    fn equalise(&self, g1: &[usize], g2: &[usize], movable: &[usize]) -> Option<(Vec<usize>, Vec<usize>, usize)> {
        if g1.len() == g2.len() {
            return self.best_bipartite(g1, g2).map(|c7| (g1.to_vec(), g2.to_vec(), c7));
        }
        let g1_larger = g1.len() > g2.len();
        let (larger, smaller) = if g1_larger { (g1, g2) } else { (g2, g1) };
        let k = (larger.len() - smaller.len()) / 2;
        let pool: Vec<usize> = larger.iter().copied().filter(|v| movable.contains(v)).collect();
        let pool = self.shifter_order(&pool);
        let mut best: Option<(Vec<usize>, Vec<usize>, usize)> = None;
        for set in combinations(pool.len(), k) {
            let moved: Vec<usize> = set.iter().map(|&i| pool[i]).collect();
            let new_larger: Vec<usize> = larger.iter().copied().filter(|v| !moved.contains(v)).collect();
            let new_smaller: Vec<usize> = smaller.iter().copied().chain(moved.iter().copied()).collect();
            let (n1, n2) = if g1_larger { (new_larger, new_smaller) } else { (new_smaller, new_larger) };
            if let Some(c7) = self.best_bipartite(&n1, &n2)
                && best.as_ref().is_none_or(|b| c7 < b.2)
            {
                best = Some((n1, n2, c7));
            }
        }
        best
    }

    /// 2.2.3 to 2.2.6 for a bracket: the pairs, or `None` when no legal pairing exists.
    fn pair_bracket(&self, bracket: &[usize]) -> Option<Vec<(usize, usize)>> {
        let pairings = self.all_pairings(bracket);
        if pairings.is_empty() {
            return None;
        }
        // 2.2.3: G1 the White seekers, unless nobody in the bracket has played: then the first
        // half by initial ranking.
        let (g1, g2): (Vec<usize>, Vec<usize>) = if bracket.iter().all(|&v| self.players[v].played_games == 0) {
            let mut sorted = bracket.to_vec();
            sorted.sort_by_key(|&v| self.players[v].rank);
            let half = sorted.len() / 2;
            (sorted[..half].to_vec(), sorted[half..].to_vec())
        } else {
            bracket.iter().partition(|&&v| self.players[v].wants_white())
        };
        // 2.2.4.1: the smaller subgroup (G1 when equal); how many of its pairs are unavoidable.
        let g1_smaller = g1.len() <= g2.len();
        let smaller = if g1_smaller { &g1 } else { &g2 };
        let unavoidable = pairings
            .iter()
            .map(|pairs| pairs.iter().filter(|(a, b)| smaller.contains(a) && smaller.contains(b)).count())
            .min()
            .unwrap_or(0);
        let pool = self.shifter_order(smaller);
        let mut best: Option<(Vec<usize>, Vec<usize>, usize)> = None;
        for set in combinations(pool.len(), unavoidable) {
            let moved: Vec<usize> = set.iter().map(|&i| pool[i]).collect();
            let (n1, n2): (Vec<usize>, Vec<usize>) = if g1_smaller {
                (g1.iter().copied().filter(|v| !moved.contains(v)).collect(), [&g2[..], &moved[..]].concat())
            } else {
                ([&g1[..], &moved[..]].concat(), g2.iter().copied().filter(|v| !moved.contains(v)).collect())
            };
            // 2.2.4.2 follows; shifted players are not shifted back.
            let movable: Vec<usize> = bracket.iter().copied().filter(|v| !moved.contains(v)).collect();
            if let Some((e1, e2, c7)) = self.equalise(&n1, &n2, &movable)
                && best.as_ref().is_none_or(|b| c7 < b.2)
            {
                best = Some((e1, e2, c7));
            }
        }
        let (g1, g2, _) = best?;
        self.first_transposition(&g1, &g2)
    }

    fn quality(&self, upfloaters: &[usize], pairs: &[(usize, usize)]) -> Quality {
        Quality::of(self.players, upfloaters, self.failures(pairs), self.max_t, self.final_round)
    }

    /// 2.2.1 and 2.2.2 for one scoregroup: the upfloaters and the pairs of the bracket.
    fn pair_scoregroup(&self, residents: &[usize], pool: &[usize]) -> Option<(Vec<usize>, Vec<Pair>)> {
        // 4.2.2: the pool in sequence-number order: score (highest first), then initial ranking.
        let mut pool = pool.to_vec();
        pool.sort_by_key(|&v| (Reverse(self.players[v].score), self.players[v].rank));
        let scores: Vec<_> = pool.iter().map(|&v| self.players[v].score).collect();
        // 2.2.1: the fewest upfloaters that give a legal pairing ([C1], [C3], [C4]).
        for k in 0..=pool.len() {
            if !(residents.len() + k).is_multiple_of(2) {
                continue;
            }
            // 2.2.2: the first set, in the order of 4.2, whose bracket is paired best on [C5]–[C10].
            let mut best: Option<(usize, Quality, Vec<usize>, Vec<Pair>)> = None;
            for (container, sets) in upfloater_sets(&scores, k).into_iter().enumerate() {
                for set in sets {
                    let upfloaters: Vec<usize> = set.iter().map(|&i| pool[i]).collect();
                    let rest: Vec<usize> = pool.iter().copied().filter(|v| !upfloaters.contains(v)).collect();
                    // [C4]: the players left can still all be paired.
                    if !self.exists_pairing(&rest) {
                        continue;
                    }
                    let bracket: Vec<usize> = residents.iter().chain(&upfloaters).copied().collect();
                    let Some(pairs) = self.pair_bracket(&bracket) else { continue };
                    let quality = self.quality(&upfloaters, &pairs);
                    if best.as_ref().is_none_or(|b| (container, &quality) < (b.0, &b.1)) {
                        best = Some((container, quality, upfloaters, pairs));
                    }
                }
            }
            if let Some((_, _, upfloaters, pairs)) = best {
                return Some((upfloaters, pairs));
            }
        }
        None
    }
}

/// Pairs a round by the literal reading of the text.
pub(crate) fn pair(state: &RoundState, edition: Edition) -> Result<RoundPairing, NoValidPairing> {
    let players = dubov_players(state, edition);
    let n = players.len();
    let literal = Literal {
        compatible: compatibility(state, &players),
        players: &players,
        max_t: super::player::max_t(state.total_rounds),
        final_round: state.is_final_round(),
    };
    let everyone: Vec<usize> = (0..n).collect();
    // 2.1: the PAB to the first player, in the order 2.1.3–2.1.5, who is eligible ([C2]) and lets
    // all the others be paired ([C4]).
    let mut bye = None;
    if n % 2 == 1 {
        let mut candidates: Vec<usize> = everyone.iter().copied().filter(|&v| players[v].pab_eligible).collect();
        candidates.sort_by_key(|&v| (players[v].score, Reverse(players[v].played_games), Reverse(players[v].rank)));
        let found = candidates.into_iter().find(|&c| {
            let others: Vec<usize> = everyone.iter().copied().filter(|&v| v != c).collect();
            literal.exists_pairing(&others)
        });
        bye = Some(found.ok_or(NoValidPairing)?);
    } else if !literal.exists_pairing(&everyone) {
        return Err(NoValidPairing);
    }
    let mut remaining: Vec<usize> = everyone.into_iter().filter(|&v| Some(v) != bye).collect();
    let mut pairs = Vec::new();
    // 1.8.2: the scoregroups in descending order of score.
    let mut scores: Vec<_> = remaining.iter().map(|&v| players[v].score).collect();
    scores.sort_by(|a, b| b.cmp(a));
    scores.dedup();
    for score in scores {
        let residents: Vec<usize> = remaining.iter().copied().filter(|&v| players[v].score == score).collect();
        if residents.is_empty() {
            continue;
        }
        let pool: Vec<usize> = remaining.iter().copied().filter(|&v| players[v].score < score).collect();
        let (upfloaters, bracket_pairs) = literal.pair_scoregroup(&residents, &pool).ok_or(NoValidPairing)?;
        remaining.retain(|v| !residents.contains(v) && !upfloaters.contains(v));
        pairs.extend(bracket_pairs);
    }
    Ok(build_pairing(state, &players, &pairs, bye))
}
