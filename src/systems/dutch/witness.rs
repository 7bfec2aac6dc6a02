//! A completion of the round, kept up to date from bracket to bracket: the proof that the players
//! not yet paired can all be paired (C4 of the 2025 rules, A.9 of the 2017 rules).
//!
//! Both Dutch engines pair one bracket at a time and must know whether what the bracket chose
//! still lets the round be completed. A matcher over all the players answers that, but each
//! answer costs a solve over the round (the first one, from nothing, is the largest). Instead the
//! witness keeps one completion and repairs it when a bracket takes some of its players: the
//! partners those players leave behind are paired with each other or by short alternating paths,
//! which almost always succeeds at once in the large lower part of a round. Only when that search
//! fails does a matcher decide, over the players still open; it is exact either way.

use crate::matching::Matcher;

use super::compatibility::Compatibility;

/// No partner.
const NONE: usize = usize::MAX;

/// How many vertices a search for an alternating path may reach before it gives up (and a
/// matcher decides).
const SEARCH_LIMIT: usize = 4096;

/// A pairing of every player not yet paired for good, with the PAB as a pair with a dummy vertex
/// `n` (odd fields only).
pub(super) struct Witness<'a> {
    n: usize,
    /// May `a` and `b` meet?
    compatible: &'a Compatibility,
    /// For an odd field: who may get the PAB (an edge to the dummy).
    bye_allowed: Option<Vec<bool>>,
    /// Each vertex's partner; `NONE` for a player paired for good.
    mate: Vec<usize>,
    /// Still to be paired by the witness: not paired for good, and not held by a matching being
    /// checked.
    open: Vec<bool>,
}

impl<'a> Witness<'a> {
    /// A witness with no pairs yet for the players of `compatible`; `bye_allowed`, for an odd
    /// field, tells who may get the PAB.
    pub fn new(compatible: &'a Compatibility, bye_allowed: Option<Vec<bool>>) -> Self {
        let n = compatible.players();
        let count = n + usize::from(bye_allowed.is_some());
        Witness { n, compatible, bye_allowed, mate: vec![NONE; count], open: vec![true; count] }
    }

    /// Pairs every player from nothing; false if the round cannot be completed.
    pub fn complete(&mut self) -> bool {
        let everyone: Vec<usize> = (0..self.mate.len()).collect();
        self.cover(&everyone) || self.solve_exactly()
    }

    /// Takes a matcher's matching of the players as the witness (its one unmatched player, in an
    /// odd field, gets the PAB).
    pub fn take_matching(&mut self, mate: impl Fn(usize) -> Option<usize>) {
        for v in 0..self.n {
            match mate(v) {
                Some(m) => self.mate[v] = m,
                None if self.bye_allowed.is_some() => {
                    self.mate[v] = self.n;
                    self.mate[self.n] = v;
                }
                None => {}
            }
        }
    }

    /// Lets more players have the PAB (`allowed` includes everyone allowed before): the witness
    /// stays a completion.
    pub fn allow_bye(&mut self, allowed: Vec<bool>) {
        debug_assert!(self.bye_allowed.as_ref().is_some_and(|old| old.iter().zip(&allowed).all(|(o, a)| !o || *a)));
        self.bye_allowed = Some(allowed);
    }

    /// Can `u` and `v` be paired (with the dummy: may the player have the PAB)?
    fn adjacent(&self, u: usize, v: usize) -> bool {
        let n = self.n;
        match (u == n, v == n) {
            (false, false) => self.compatible.get(u, v),
            (true, false) => self.bye_allowed.as_ref().is_some_and(|allowed| allowed[v]),
            (false, true) => self.bye_allowed.as_ref().is_some_and(|allowed| allowed[u]),
            (true, true) => false,
        }
    }

    /// Covers the exposed (open) vertices `exposed`, keeping the pairs of the others: first by
    /// pairing exposed vertices with each other, then by alternating paths. False when a vertex
    /// stays exposed, which does not prove that no completion exists.
    fn cover(&mut self, exposed: &[usize]) -> bool {
        for (i, &u) in exposed.iter().enumerate() {
            if self.mate[u] != NONE {
                continue;
            }
            if let Some(&v) = exposed[i + 1..].iter().find(|&&v| self.mate[v] == NONE && self.adjacent(u, v)) {
                self.mate[u] = v;
                self.mate[v] = u;
            }
        }
        let vertices: Vec<usize> = (0..self.mate.len()).filter(|&v| self.open[v]).collect();
        exposed.iter().all(|&root| self.mate[root] != NONE || self.augment_from(root, &vertices))
    }

    /// A breadth-first search for an alternating path from the exposed `root` to another exposed
    /// vertex over `vertices` (the open ones), without shrinking odd cycles, so it may miss a path
    /// that exists. Augments along the path found.
    fn augment_from(&mut self, root: usize, vertices: &[usize]) -> bool {
        // For a vertex reached by an unmatched edge, the vertex it was reached from.
        let mut parent = vec![NONE; self.mate.len()];
        let mut labelled = vec![false; self.mate.len()];
        labelled[root] = true;
        let mut queue = vec![root];
        let mut head = 0;
        while head < queue.len() && queue.len() < SEARCH_LIMIT {
            let outer = queue[head];
            head += 1;
            for &v in vertices {
                if labelled[v] || !self.adjacent(outer, v) {
                    continue;
                }
                labelled[v] = true;
                parent[v] = outer;
                let next = self.mate[v];
                if next == NONE {
                    // Flip the path root … outer – v.
                    let mut inner = v;
                    loop {
                        let from = parent[inner];
                        let previous = self.mate[from];
                        self.mate[inner] = from;
                        self.mate[from] = inner;
                        if from == root {
                            return true;
                        }
                        inner = previous;
                    }
                }
                labelled[next] = true;
                queue.push(next);
            }
        }
        false
    }

    /// Pairs the open vertices with a matcher: the exact answer, when the search of
    /// [`Self::cover`] found none. False if no completion exists.
    fn solve_exactly(&mut self) -> bool {
        let vertices: Vec<usize> = (0..self.mate.len()).filter(|&v| self.open[v]).collect();
        let mut matcher = Matcher::<u64>::new(vertices.len());
        for (j, &v) in vertices.iter().enumerate() {
            for (i, &u) in vertices[..j].iter().enumerate() {
                matcher.set_weight(j, i, u64::from(self.adjacent(u, v)));
            }
        }
        matcher.solve();
        if (0..vertices.len()).any(|i| matcher.mate(i).is_none()) {
            return false;
        }
        for (i, &v) in vertices.iter().enumerate() {
            self.mate[v] = matcher.mate(i).map_or(NONE, |j| vertices[j]);
        }
        true
    }

    /// Can the round be completed with `pairs` (of open players) as they are? If so, the witness
    /// holds them and a completion of the rest; if not, it is left unusable.
    pub fn accept(&mut self, pairs: &[(usize, usize)]) -> bool {
        for &(a, b) in pairs {
            self.open[a] = false;
            self.open[b] = false;
        }
        let mut exposed = Vec::new();
        for &(a, b) in pairs {
            for v in [a, b] {
                let old = self.mate[v];
                if old != NONE && self.open[old] {
                    self.mate[old] = NONE;
                    exposed.push(old);
                }
            }
        }
        for &(a, b) in pairs {
            self.mate[a] = b;
            self.mate[b] = a;
        }
        let covered = self.cover(&exposed) || self.solve_exactly();
        for &(a, b) in pairs {
            self.open[a] = true;
            self.open[b] = true;
        }
        covered
    }

    /// The pair (held by the witness) is final: both leave it.
    pub fn retire(&mut self, a: usize, b: usize) {
        debug_assert_eq!(self.mate[a], b);
        for v in [a, b] {
            self.open[v] = false;
            self.mate[v] = NONE;
        }
    }

    /// A player's partner in the completion: the player itself for the PAB.
    pub fn partner(&self, v: usize) -> usize {
        match self.mate[v] {
            m if m == NONE || m == self.n => v,
            m => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compatibility matrix from a list of forbidden pairs.
    fn compatible(n: usize, forbidden: &[(usize, usize)]) -> Compatibility {
        Compatibility::all_but(n, forbidden.iter().copied())
    }

    /// Is the witness a completion: every open vertex paired, along edges, both ways?
    fn is_completion(w: &Witness) -> bool {
        (0..w.mate.len()).filter(|&v| w.open[v]).all(|v| {
            let m = w.mate[v];
            m != NONE && w.mate[m] == v && w.adjacent(v, m)
        })
    }

    #[test]
    fn a_completion_is_repaired_or_refused() {
        // Six players; 0–1 may not meet, nor 4–5.
        let c = compatible(6, &[(0, 1), (4, 5)]);
        let mut w = Witness::new(&c, None);
        assert!(w.complete());
        assert!(is_completion(&w));
        // A bracket pairs 0–2 and 1–3: 4 and 5 are left, and may not meet.
        assert!(!Witness::new(&c, None).tap_complete().accept(&[(0, 2), (1, 3)]));
        // 0–4 and 1–5 leave 2–3, which may meet.
        let mut w = Witness::new(&c, None).tap_complete();
        assert!(w.accept(&[(0, 4), (1, 5)]));
        assert!(is_completion(&w));
        assert_eq!(w.partner(2), 3);
        w.retire(0, 4);
        w.retire(1, 5);
        assert!(is_completion(&w));
    }

    #[test]
    fn the_bye_goes_only_to_an_allowed_player() {
        // Five players, only player 4 may get the PAB, and 4 may meet only 0.
        let c = compatible(5, &[(4, 1), (4, 2), (4, 3)]);
        let mut w = Witness::new(&c, Some(vec![false, false, false, false, true])).tap_complete();
        assert!(is_completion(&w));
        assert_eq!(w.partner(4), 4, "the PAB");
        // Pairing 0 with 4 leaves 1, 2, 3 for two pairs and a PAB no one of them may have.
        assert!(!w.accept(&[(0, 4)]));
        let mut w = Witness::new(&c, Some(vec![false, false, false, false, true])).tap_complete();
        assert!(w.accept(&[(0, 1)]));
        assert!(is_completion(&w));
    }

    #[test]
    fn completion_agrees_with_brute_force() {
        // Every graph of 6 players with at least 9 of the 15 pairs allowed: the search (or, where
        // it misses a path through an odd cycle, the matcher) completes exactly when a perfect
        // matching exists.
        let n = 6;
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
        for mask in 0u32..(1 << pairs.len()) {
            if mask.count_ones() < 9 {
                continue;
            }
            let forbidden: Vec<(usize, usize)> =
                pairs.iter().enumerate().filter(|(i, _)| mask & (1 << i) == 0).map(|(_, &p)| p).collect();
            let c = compatible(n, &forbidden);
            let exists = perfect_matching_exists(&c, n, &mut vec![false; n]);
            let mut w = Witness::new(&c, None);
            assert_eq!(w.complete(), exists, "forbidden {forbidden:?}");
            if exists {
                assert!(is_completion(&w));
            }
        }
    }

    fn perfect_matching_exists(c: &Compatibility, n: usize, used: &mut [bool]) -> bool {
        let Some(first) = (0..n).find(|&v| !used[v]) else { return true };
        used[first] = true;
        for other in first + 1..n {
            if !used[other] && c.get(first, other) {
                used[other] = true;
                if perfect_matching_exists(c, n, used) {
                    used[other] = false;
                    used[first] = false;
                    return true;
                }
                used[other] = false;
            }
        }
        used[first] = false;
        false
    }

    impl Witness<'_> {
        fn tap_complete(mut self) -> Self {
            assert!(self.complete());
            self
        }
    }
}
