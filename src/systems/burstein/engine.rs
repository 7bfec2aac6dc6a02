//! The fast Burstein 2026 engine (after the seeding rounds).
//!
//! - The PAB (3.1): the candidates in the order of 3.1.3–3.1.5, the first for whom the others can
//!   all be paired (3.1.2, [C4]), told by a maximum cardinality matching kept from one candidate
//!   to the next.
//! - Each bracket, from the top (1.9.2): a maximum-weight matching of the bracket and the next
//!   scoregroup with [C5]–[C8] as fields (`weights.rs`); the first pairing in the order of art. 4
//!   among the optimal ones is fixed player by player in sequence order, each player's partner
//!   being the highest sequence number an optimum allows (4.3), or none (a floater, BSN 0): read
//!   from the duals where they tell, else guessed in runs that one solve proves, else solved for
//!   a group of players at once (`settle`). Where that matching leaves players who cannot all be
//!   paired, the bracket is paired again in a matching of every player left with [C4] on top
//!   (docs/engine-design.md, "Each bracket in a matcher of its own list": exact for the same
//!   reason).

use crate::matching::cardinality::{Graph, Matching, NONE};
use crate::matching::{Exchange, Guesses, Matcher, Weight, Wide};
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
    // The weight type is the one that holds the criteria and one member's bonus of art. 4
    // (`settle`) in the tail; the rest of its last limb holds the bonuses of the next members.
    let order_bits = bits_for(members.len());
    let narrow = Layout::new(round, members, next, vertices.len(), completion, order_bits);
    let bits = narrow.frame.total_bits + 3;
    let group = 1 + (bits.div_ceil(64) * 64 - bits) / order_bits;
    let layout = Layout::new(round, members, next, vertices.len(), completion, order_bits * group);
    let order = Order { members: members.len(), bits: order_bits, group: group as usize };
    match bits {
        0..=64 => settle::<u64>(round, vertices, &layout, &order),
        65..=128 => settle::<u128>(round, vertices, &layout, &order),
        129..=256 => settle::<Wide<4>>(round, vertices, &layout, &order),
        257..=512 => settle::<Wide<8>>(round, vertices, &layout, &order),
        513..=1024 => settle::<Wide<16>>(round, vertices, &layout, &order),
        _ => settle::<Wide<64>>(round, vertices, &layout, &order),
    }
}

/// The order of art. 4 in a bracket's weights.
struct Order {
    /// The bracket's members, the first vertices of the matcher.
    members: usize,
    /// The bits of one member's bonus (the opponent's sequence number, plus one).
    bits: u32,
    /// The members whose bonuses the tail holds at once, the first in the highest bits.
    group: usize,
}

/// Pairs guessed at once at most ([`Guesses`]). Rounds 5–11 of the 3,000-player bench event
/// (docs/burstein.md, "Figures") took 3.5 s of CPU with 16 or 32, 3.7 s with 8 or 64, 4.0 s
/// with 4, 4.2 s with 128 and 6.3 s without guesses.
const MOST_GUESSES: usize = 32;

/// The optimum, then art. 4: for each member in sequence order not yet paired, the highest
/// sequence number an optimal matching can give them as an opponent, or none (a floater, BSN 0);
/// fixed before the next member.
///
/// Most choices are read from the duals of the last optimum ([`Matcher::fix_pair_by_exchange`]:
/// a slack pair is in no optimum, a tight one swapped in is). Where they cannot tell (in large
/// brackets, where most pairs tie on every criterion, the pairs lie inside one blossom nested
/// hundreds deep), the highest candidate they leave open is nearly always the one: it is guessed,
/// with the highest open candidate of each member after it, and one solve proves or refutes the
/// whole run ([`Matcher::fix_pairs_if_optimal`]; each guess is the member's choice once the
/// pairs before it are fixed, every higher candidate being in no optimum). When a run does not
/// hold, one solve decides a group of members exactly: each member's edges within the bracket get
/// a bonus of the opponent's sequence number, plus one, in the tail bits under every criterion,
/// the first member's bonus above the second's, and so on, so that the optimum maximises the
/// first member's opponent, then the second's.
fn settle<W: Weight>(round: &Round<'_>, vertices: &[usize], layout: &Layout, order: &Order) -> Vec<Option<usize>> {
    let (m, members) = (vertices.len(), order.members);
    let base = |a: usize, b: usize| -> Option<W> {
        let (u, v) = (vertices[a], vertices[b]);
        round.compatible[u][v].then(|| layout.weight::<W>(round, u, v))
    };
    // The members after `k` not yet decided that `k` may meet, from the highest sequence number,
    // with their weights.
    let candidates = |k: usize, decided: &[bool]| -> Vec<(usize, W)> {
        (k + 1..members).rev().filter(|&j| !decided[j]).filter_map(|j| base(k, j).map(|w| (j, w))).collect()
    };
    let mut matcher = Matcher::<W>::from_fn(m, base);
    matcher.solve();
    let mut decided = vec![false; members];
    // Weights changed since the last solve, so that the duals cannot decide.
    let mut changed = false;
    let mut guesses = Guesses::new(MOST_GUESSES);
    for k in 0..members {
        if decided[k] {
            continue;
        }
        let options = candidates(k, &decided);
        if options.is_empty() {
            decided[k] = true;
            continue;
        }
        if changed {
            matcher.solve();
            changed = false;
        }
        let mut open = None;
        for (j, w) in &options {
            match matcher.fix_pair_by_exchange(k, *j, w.clone()) {
                Exchange::Impossible => continue,
                Exchange::Fixed => decided[*j] = true,
                Exchange::Unknown => open = Some((*j, w.clone())),
            }
            break;
        }
        let Some((first_open, first_weight)) = open else {
            // Fixed, or every pair within the bracket slack: in no optimum, so `k` floats and
            // its edges there stay out of every optimum the later choices keep.
            decided[k] = true;
            continue;
        };
        if guesses.count() > 0 {
            let (pairs, settled) = guess(&matcher, &decided, (k, first_open, first_weight), guesses.count());
            let held = matcher.fix_pairs_if_optimal(&pairs);
            if held {
                decided = settled;
                guesses.held();
                continue;
            }
            guesses.failed();
        }
        // The group: `k` and the members after it still to decide that have candidates.
        let mut group = vec![(k, options)];
        for l in k + 1..members {
            if group.len() == order.group {
                break;
            }
            if !decided[l] {
                let options = candidates(l, &decided);
                if !options.is_empty() {
                    group.push((l, options));
                }
            }
        }
        for (place, (l, options)) in group.iter().enumerate() {
            let shift = order.bits * (group.len() - 1 - place) as u32;
            for (j, w) in options {
                let mut with_bonus = w.clone();
                with_bonus.add_shifted_u64(*j as u64 + 1, shift);
                matcher.set_weight(*l, *j, with_bonus);
            }
        }
        matcher.solve();
        if matcher.mate(k) == Some(first_open) {
            guesses.would_have_held();
        }
        let mates: Vec<Option<usize>> = group.iter().map(|(l, _)| matcher.mate(*l)).collect();
        for ((l, options), mate) in group.iter().zip(mates) {
            if decided[*l] {
                // Paired with a member before it in the group.
                continue;
            }
            decided[*l] = true;
            match mate {
                Some(j) if j < members && !decided[j] => {
                    decided[j] = true;
                    if let Some((_, w)) = options.iter().find(|(c, _)| *c == j) {
                        matcher.fix_pair(*l, j, w.clone());
                    }
                }
                _ => {
                    // A floater (BSN 0): no partner in the bracket from now on.
                    for (j, _) in options {
                        matcher.set_weight(*l, *j, W::zero());
                    }
                    changed = true;
                }
            }
        }
    }
    matcher.solve();
    matcher.matching()
}

/// A run of up to `count` guesses from member `first.0`, whose guess is `first`: then each member
/// after it still to decide, in sequence order, with the highest member still to decide whose
/// pair the duals do not rule out, up to a member for whom they rule out all. Returns the pairs
/// with their weights, and `decided` as it is once they hold.
fn guess<W: Weight>(
    matcher: &Matcher<W>,
    decided: &[bool],
    first: (usize, usize, W),
    count: usize,
) -> (Vec<(usize, usize, W)>, Vec<bool>) {
    let members = decided.len();
    let mut settled = decided.to_vec();
    settled[first.0] = true;
    settled[first.1] = true;
    let start = first.0 + 1;
    let mut pairs = vec![first];
    for l in start..members {
        if pairs.len() >= count {
            break;
        }
        if settled[l] {
            continue;
        }
        let open = (l + 1..members)
            .rev()
            .find(|&j| !settled[j] && !matcher.weight(l, j).is_zero() && !matcher.rules_out_pair(l, j));
        // A member the duals float ends the run, which then holds a pair for every member.
        let Some(j) = open else { break };
        settled[l] = true;
        settled[j] = true;
        pairs.push((l, j, matcher.weight(l, j)));
    }
    (pairs, settled)
}
