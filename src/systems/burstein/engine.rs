//! The fast Burstein 2026 engine (after the seeding rounds).
//!
//! - The PAB (3.1): the candidates in the order of 3.1.3–3.1.5, the first for whom the others can
//!   all be paired (3.1.2, [C4]), told by a maximum cardinality matching kept from one candidate
//!   to the next.
//! - Each bracket, from the top (1.9.2): a maximum-weight matching of the bracket and the next
//!   scoregroup with [C5]–[C8] as fields (`weights.rs`); the first pairing in the order of art. 4
//!   among the optimal ones is fixed player by player in sequence order, each player's partner
//!   being the highest sequence number an optimum allows (4.3), or none (a floater, BSN 0). Where
//!   that matching leaves players who cannot all be paired, the bracket is paired again in a
//!   matching of every player left with [C4] on top (docs/engine-design.md, "Each bracket in a
//!   matcher of its own list": exact for the same reason).

use crate::matching::cardinality::{Graph, Matching, NONE};
use crate::matching::{Exchange, Matcher, Weight, Wide};
use crate::state::RoundState;
use crate::systems::outcome::NoValidPairing;
use crate::systems::pairing::RoundPairing;

use super::weights::{Layout, bits_for};
use super::{Paired, Round, Settled, pair_brackets};

/// Pairs a round after the seeding rounds.
pub(crate) fn pair(state: &RoundState) -> Result<RoundPairing, NoValidPairing> {
    let round = Round::new(state);
    let (pairs, bye) = pairs(&round)?;
    Ok(round.pairing(&pairs, bye))
}

/// The pairs (player indices) and the PAB of a round.
pub(crate) fn pairs(round: &Round<'_>) -> Result<Paired, NoValidPairing> {
    let n = round.n();
    let graph = Graph::from_fn(n, |a, b| round.compatible[a][b]);
    let mut active = vec![true; n];
    let mut completion = Matching::empty(n);
    let exposed = completion.maximise(&graph, &active);
    let bye = if n % 2 == 1 {
        let bye = pab(round, &graph, &active, &completion).ok_or(NoValidPairing)?;
        active[bye] = false;
        completion.unmatch(bye);
        if completion.maximise(&graph, &active) != 0 {
            return Err(NoValidPairing);
        }
        Some(bye)
    } else {
        if exposed != 0 {
            return Err(NoValidPairing);
        }
        None
    };
    let pairs = pair_brackets(round, &mut active, |members, next, active| {
        settle_bracket(round, &graph, active, &mut completion, members, next)
    })?;
    Ok((pairs, bye))
}

/// The PAB: the first candidate of 3.1 who leaves a complete pairing of the others (3.1.2).
fn pab(round: &Round<'_>, graph: &Graph, active: &[bool], maximum: &Matching) -> Option<usize> {
    round.bye_candidates().into_iter().find(|&candidate| {
        let mut matching = maximum.clone();
        let mut active = active.to_vec();
        active[candidate] = false;
        let partner = matching.mate[candidate];
        matching.unmatch(candidate);
        partner == NONE || matching.augment(graph, &active, partner)
    })
}

/// Pairs one bracket (`members` in sequence order) above `next`, keeping `completion` a perfect
/// matching of the players still active once the bracket's pairs are made.
fn settle_bracket(
    round: &Round<'_>,
    graph: &Graph,
    active: &[bool],
    completion: &mut Matching,
    members: &[usize],
    next: &[usize],
) -> Result<Settled, NoValidPairing> {
    let list: Vec<usize> = members.iter().chain(next).copied().collect();
    let mates = matching_of(round, &list, members, next, false);
    // The players the list matching pairs, and whether everyone else can still be paired.
    let mut rest = active.to_vec();
    for (i, &v) in list.iter().enumerate() {
        if mates[i].is_some() {
            rest[v] = false;
        }
    }
    let mut witness = completion.clone();
    if witness.maximise(graph, &rest) == 0 {
        for (i, &v) in list.iter().enumerate() {
            if let Some(j) = mates[i] {
                witness.mate[v] = list[j];
            }
        }
        *completion = witness;
        return Ok(outcome(&list, &mates, members));
    }
    // [C4] decides in this bracket: every player left, with completion on top.
    let everyone: Vec<usize> = {
        let mut all: Vec<usize> = members.to_vec();
        all.extend(next);
        let in_list: std::collections::BTreeSet<usize> = all.iter().copied().collect();
        all.extend((0..round.n()).filter(|&v| active[v] && !in_list.contains(&v)));
        all
    };
    let mates = matching_of(round, &everyone, members, next, true);
    if mates.iter().any(Option::is_none) {
        return Err(NoValidPairing);
    }
    for (i, &v) in everyone.iter().enumerate() {
        completion.mate[v] = mates[i].map_or(NONE, |j| everyone[j]);
    }
    Ok(outcome(&everyone, &mates, members))
}

/// The bracket's pairs and floaters in a matching of `vertices`.
fn outcome(vertices: &[usize], mates: &[Option<usize>], members: &[usize]) -> Settled {
    let position = |v: usize| vertices.iter().position(|&u| u == v);
    let mut pairs = Vec::new();
    let mut floaters = Vec::new();
    for &v in members {
        let partner = position(v).and_then(|i| mates[i]).map(|j| vertices[j]);
        match partner {
            Some(p) if members.contains(&p) => {
                if !pairs.iter().any(|&(a, b)| a == p || b == p) {
                    pairs.push((v, p));
                }
            }
            _ => floaters.push(v),
        }
    }
    Settled { pairs, floaters }
}

/// The matching of `vertices` (player indices; the bracket's `members` first, in sequence order)
/// that pairs the bracket as 3.2.2 asks, by position in `vertices`.
pub(crate) fn matching_of(
    round: &Round<'_>,
    vertices: &[usize],
    members: &[usize],
    next: &[usize],
    completion: bool,
) -> Vec<Option<usize>> {
    let tail = bits_for(members.len());
    let layout = Layout::new(round, members, next, vertices.len(), completion, tail);
    let bits = layout.frame.total_bits + 3;
    match bits {
        0..=64 => settle::<u64>(round, vertices, members.len(), &layout),
        65..=128 => settle::<u128>(round, vertices, members.len(), &layout),
        129..=256 => settle::<Wide<4>>(round, vertices, members.len(), &layout),
        257..=512 => settle::<Wide<8>>(round, vertices, members.len(), &layout),
        513..=1024 => settle::<Wide<16>>(round, vertices, members.len(), &layout),
        _ => settle::<Wide<64>>(round, vertices, members.len(), &layout),
    }
}

/// The optimum, then art. 4: for each member in sequence order not yet paired, the highest
/// sequence number an optimal matching can give them as an opponent, or none (a floater, BSN 0);
/// fixed before the next member. Most choices are read from the duals of the last optimum
/// ([`Matcher::fix_pair_by_exchange`]: a slack pair is in no optimum, a tight one swapped in is);
/// the others by one solve with a bonus of the opponent's sequence number on the member's edges
/// within the bracket, in the tail bits under every criterion.
fn settle<W: Weight>(round: &Round<'_>, vertices: &[usize], members: usize, layout: &Layout) -> Vec<Option<usize>> {
    let m = vertices.len();
    let base = |a: usize, b: usize| -> Option<W> {
        let (u, v) = (vertices[a], vertices[b]);
        round.compatible[u][v].then(|| layout.weight::<W>(round, u, v))
    };
    let mut matcher = Matcher::<W>::from_fn(m, base);
    matcher.solve();
    let mut decided = vec![false; members];
    // Weights changed since the last solve, so that the duals cannot decide.
    let mut changed = false;
    for k in 0..members {
        if decided[k] {
            continue;
        }
        decided[k] = true;
        let candidates: Vec<(usize, W)> =
            (k + 1..members).rev().filter(|&j| !decided[j]).filter_map(|j| base(k, j).map(|w| (j, w))).collect();
        if candidates.is_empty() {
            continue;
        }
        if changed {
            matcher.solve();
            changed = false;
        }
        let mut unknown = false;
        for (j, w) in &candidates {
            match matcher.fix_pair_by_exchange(k, *j, w.clone()) {
                Exchange::Impossible => continue,
                Exchange::Fixed => decided[*j] = true,
                Exchange::Unknown => unknown = true,
            }
            break;
        }
        if !unknown {
            // Fixed, or every pair within the bracket slack: in no optimum, so `k` floats and
            // its edges there stay out of every optimum the later choices keep.
            continue;
        }
        for (j, w) in &candidates {
            let mut with_bonus = w.clone();
            with_bonus.add_in_place(&W::from_u64(*j as u64 + 1));
            matcher.set_weight(k, *j, with_bonus);
        }
        matcher.solve();
        match matcher.mate(k) {
            Some(j) if j < members && !decided[j] => {
                decided[j] = true;
                if let Some((_, w)) = candidates.iter().find(|(c, _)| *c == j) {
                    matcher.fix_pair(k, j, w.clone());
                }
            }
            _ => {
                // A floater (BSN 0): no partner in the bracket from now on.
                for (j, _) in &candidates {
                    matcher.set_weight(k, *j, W::zero());
                }
                changed = true;
            }
        }
    }
    matcher.solve();
    matcher.matching()
}
