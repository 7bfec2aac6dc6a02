//! C8 for a bracket that downfloats a single player: how the next bracket pairs that player.
//!
//! C8 (C.04.3, 2025) chooses the downfloaters so as to have as many pairs in the next bracket as
//! possible, then as high scores as possible paired there. Take the next scoregroup `G`, one
//! score below the bracket, whose own maximum matching has `m` pairs, and one downfloater `d`:
//!
//! - if `d` may meet a player of `G` whom some maximum matching of `G` leaves out (the set D of
//!   its Gallai–Edmonds decomposition), the next bracket has `m + 1` pairs: that matching and
//!   `d`'s pair. Only then: a matching of `m + 1` pairs pairs `d`, and the rest of it is a
//!   maximum matching of `G` that leaves `d`'s partner out;
//! - else, if `d` may meet anyone `g` of `G`, it has `m` pairs, and one of its maximum matchings
//!   pairs `d`: `G`'s own with `g`'s pair there (`g` is in every maximum matching of `G`)
//!   replaced by `d`–`g`; pairing `d`, whose score is higher, is better;
//! - else `d` is not paired there, and the next bracket has `G`'s `m` pairs.
//!
//! The pairs inside `G` all count at `G`'s one score, so of C8 a candidate can change only these
//! three steps. [`super::relaxed`] uses it to solve such a bracket with one vertex standing for
//! the next scoregroup instead of the whole scoregroup.

use crate::matching::cardinality::{Graph, Matching, NONE};

use super::compatibility::Compatibility;

/// How the next bracket pairs a downfloater, in one of its maximum matchings that pairs them.
pub(super) struct Below {
    /// The downfloater's graph vertex, and their partner's.
    vertex: usize,
    partner_vertex: usize,
    /// A player of the scoregroup the downfloater may be paired with in such a matching.
    pub partner: usize,
    /// The pair of the scoregroup's own matching that the downfloater breaks, when the next
    /// bracket has no more pairs with them than without.
    pub displaced: Option<(usize, usize)>,
}

/// The next scoregroup and the players of the bracket above it, as a graph of who may meet whom
/// across the two (and inside the scoregroup), with a maximum matching of the scoregroup alone.
pub(super) struct NextBracket {
    /// The players by graph vertex: the next scoregroup's first, then the bracket's, by position.
    players: Vec<usize>,
    /// How many of the vertices are the next scoregroup's.
    group: usize,
    graph: Graph,
    /// A maximum matching of the next scoregroup alone.
    matching: Matching,
    /// Per vertex of the scoregroup: some maximum matching of the scoregroup leaves it out.
    missable: Vec<bool>,
}

impl NextBracket {
    /// `group`: the next scoregroup's players; `bracket`: the bracket's, by position.
    pub fn new(compatible: &Compatibility, group: &[usize], bracket: &[usize]) -> Self {
        let players: Vec<usize> = group.iter().chain(bracket).copied().collect();
        let k = group.len();
        // `from_fn` asks each pair once, the smaller vertex first: an edge only where that one is
        // in the scoregroup (two bracket players are no pair of the next bracket).
        let graph = Graph::from_fn(players.len(), |a, b| a < k && compatible.get(players[a], players[b]));
        let active = active(players.len(), k, None);
        let mut matching = Matching::empty(players.len());
        matching.maximise(&graph, &active);
        let missable = matching.missable(&graph, &active);
        NextBracket { players, group: k, graph, matching, missable }
    }

    /// How the next bracket pairs the bracket player at `position` if that player downfloats:
    /// `None` when it cannot (no player of the scoregroup may meet them).
    pub fn downfloat(&self, position: usize) -> Option<Below> {
        let vertex = self.group + position;
        let meets = |g: &usize| self.graph.has(*g, vertex);
        // One more pair exactly when the player may meet someone a maximum matching of the
        // scoregroup leaves out.
        if let Some(g) = (0..self.group).filter(meets).find(|&g| self.missable[g]) {
            return Some(Below { vertex, partner_vertex: g, partner: self.players[g], displaced: None });
        }
        // Else as many pairs, one of them the player's if they may meet anyone there: that one
        // is matched in every maximum matching of the scoregroup, and their partner is left out.
        let g = (0..self.group).find(meets)?;
        let displaced = (self.players[g], self.players[self.matching.mate[g]]);
        Some(Below { vertex, partner_vertex: g, partner: self.players[g], displaced: Some(displaced) })
    }

    /// The pairs of the next bracket, as players: with a downfloater paired as `below` says, or
    /// the scoregroup's alone.
    pub fn pairs(&self, below: Option<&Below>) -> Vec<(usize, usize)> {
        let mut matching = self.matching.clone();
        if let Some(below) = below {
            if below.displaced.is_some() {
                let g = below.partner_vertex;
                matching.unmatch(g);
                matching.mate[g] = below.vertex;
                matching.mate[below.vertex] = g;
            } else {
                let active = active(self.players.len(), self.group, Some(below.vertex));
                matching.augment(&self.graph, &active, below.vertex);
            }
        }
        (0..self.players.len())
            .filter(|&v| matching.mate[v] != NONE && matching.mate[v] > v)
            .map(|v| (self.players[v], self.players[matching.mate[v]]))
            .collect()
    }
}

/// The scoregroup's vertices (the first `group` of `len`), and `extra` if any.
fn active(len: usize, group: usize, extra: Option<usize>) -> Vec<bool> {
    let mut active = vec![false; len];
    active[..group].fill(true);
    if let Some(vertex) = extra {
        active[vertex] = true;
    }
    active
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest number of pairs among `free` players who may meet, and whether some matching
    /// that large pairs `must`, by trying every matching.
    fn brute(compatible: &Compatibility, free: &[usize], must: usize) -> (usize, bool) {
        let Some((&first, rest)) = free.split_first() else { return (0, false) };
        // `first` unpaired.
        let mut best = brute(compatible, rest, must);
        if first == must {
            best.1 = false;
        }
        for (i, &other) in rest.iter().enumerate() {
            if !compatible.get(first, other) {
                continue;
            }
            let mut left = rest.to_vec();
            left.remove(i);
            let (pairs, paired) = brute(compatible, &left, must);
            let candidate = (pairs + 1, paired || first == must || other == must);
            if candidate.0 > best.0 || (candidate.0 == best.0 && candidate.1) {
                best = candidate;
            }
        }
        best
    }

    #[test]
    fn downfloat_agrees_with_trying_every_matching() {
        let mut seed: u64 = 2026;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..2000 {
            let group_size = 1 + (next() % 7) as usize;
            let bracket_size = 1 + (next() % 4) as usize;
            let n = group_size + bracket_size;
            let density = 15 + next() % 70;
            // Players 0..bracket_size are the bracket, the rest the next scoregroup.
            let mut forbidden = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 100 >= density {
                        forbidden.push((a, b));
                    }
                }
            }
            let compatible = Compatibility::all_but(n, forbidden);
            let bracket: Vec<usize> = (0..bracket_size).collect();
            let group: Vec<usize> = (bracket_size..n).collect();
            let next_bracket = NextBracket::new(&compatible, &group, &bracket);
            let (alone, _) = brute(&compatible, &group, usize::MAX);
            assert_eq!(next_bracket.pairs(None).len(), alone, "the scoregroup's own matching is maximum");
            for (position, &d) in bracket.iter().enumerate() {
                let mut free = group.clone();
                free.push(d);
                let (pairs, paired) = brute(&compatible, &free, d);
                let below = next_bracket.downfloat(position);
                assert_eq!(below.is_some(), paired, "is {d} paired below?");
                let Some(below) = below else { continue };
                assert_eq!(below.displaced.is_none(), pairs > alone);
                // The next bracket's pairs: a maximum matching of the scoregroup with `d`, pairing
                // `d` with `partner`, and breaking only the displaced pair of the scoregroup's own.
                let with = next_bracket.pairs(Some(&below));
                assert_eq!(with.len(), pairs);
                assert!(with.iter().all(|&(a, b)| compatible.get(a, b) && free.contains(&a) && free.contains(&b)));
                let mut seen: Vec<usize> = with.iter().flat_map(|&(a, b)| [a, b]).collect();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), 2 * with.len(), "a matching");
                assert!(compatible.get(d, below.partner) && group.contains(&below.partner));
                assert!(with.iter().any(|&(a, b)| a == d || b == d), "the downfloater is paired");
                if below.displaced.is_some() {
                    assert!(with.iter().any(|&pair| pair == (d, below.partner) || pair == (below.partner, d)));
                }
                if let Some((g, h)) = below.displaced {
                    assert_eq!(g, below.partner);
                    let own = next_bracket.pairs(None);
                    assert!(own.iter().any(|&pair| pair == (g, h) || pair == (h, g)));
                }
            }
        }
    }
}
