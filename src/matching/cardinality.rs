//! Maximum cardinality matching in general graphs (Edmonds' blossom algorithm, breadth-first
//! search from one exposed vertex at a time), for the legality questions of the pairing
//! procedures (the Dubov and Burstein engines): can these players all be paired (their [C4]); can
//! they, with this player left out, or these pairs forbidden. A previous matching is kept and only repaired, so each question costs one or a few
//! searches of O(n²) on a dense graph.

use std::collections::VecDeque;

pub(crate) const NONE: usize = usize::MAX;

/// An undirected graph on `0..n` as an adjacency matrix. Matchings work on the subgraph induced
/// by a set of active vertices (`active[v]`).
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    n: usize,
    adjacent: Vec<bool>,
}

impl Graph {
    pub fn new(n: usize) -> Graph {
        Graph { n, adjacent: vec![false; n * n] }
    }

    /// The graph of the pairs for which `edge` holds.
    pub fn from_fn(n: usize, mut edge: impl FnMut(usize, usize) -> bool) -> Graph {
        let mut graph = Graph::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if edge(a, b) {
                    graph.set(a, b, true);
                }
            }
        }
        graph
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn set(&mut self, a: usize, b: usize, present: bool) {
        self.adjacent[a * self.n + b] = present;
        self.adjacent[b * self.n + a] = present;
    }

    pub fn has(&self, a: usize, b: usize) -> bool {
        self.adjacent[a * self.n + b]
    }

    fn usable(&self, active: &[bool], a: usize, b: usize) -> bool {
        active[a] && active[b] && self.has(a, b)
    }
}

/// A matching of a [`Graph`]: `mate[v]` or [`NONE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Matching {
    pub mate: Vec<usize>,
}

impl Matching {
    pub fn empty(n: usize) -> Matching {
        Matching { mate: vec![NONE; n] }
    }

    /// Drops the pairs that are no longer edges between active vertices.
    pub fn restrict(&mut self, graph: &Graph, active: &[bool]) {
        for v in 0..self.mate.len() {
            let m = self.mate[v];
            if m != NONE && !graph.usable(active, v, m) {
                self.mate[v] = NONE;
                if self.mate[m] == v {
                    self.mate[m] = NONE;
                }
            }
        }
    }

    /// Active vertices left unmatched.
    pub fn exposed(&self, active: &[bool]) -> Vec<usize> {
        (0..active.len()).filter(|&v| active[v] && self.mate[v] == NONE).collect()
    }

    pub fn unmatch(&mut self, v: usize) {
        let m = self.mate[v];
        if m != NONE {
            self.mate[m] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Makes the matching maximum on the active vertices of `graph`: first greedily, then by
    /// augmenting paths from each exposed vertex. Returns the number of exposed active vertices.
    pub fn maximise(&mut self, graph: &Graph, active: &[bool]) -> usize {
        self.restrict(graph, active);
        for a in 0..graph.len() {
            if !active[a] || self.mate[a] != NONE {
                continue;
            }
            if let Some(b) = (a + 1..graph.len()).find(|&b| self.mate[b] == NONE && graph.usable(active, a, b)) {
                self.mate[a] = b;
                self.mate[b] = a;
            }
        }
        let mut search = Search::new(graph.len());
        let mut exposed = 0;
        for root in 0..graph.len() {
            if active[root] && self.mate[root] == NONE && !search.augment(graph, active, self, root) {
                exposed += 1;
            }
        }
        exposed
    }

    /// Tries to match `root` (exposed) by an augmenting path.
    pub fn augment(&mut self, graph: &Graph, active: &[bool], root: usize) -> bool {
        Search::new(graph.len()).augment(graph, active, self, root)
    }

    /// For a maximum matching: the active vertices that some maximum matching leaves unmatched
    /// (the set D of the Gallai–Edmonds decomposition), which are those an even alternating
    /// path reaches from an exposed vertex, blossoms included.
    pub fn missable(&self, graph: &Graph, active: &[bool]) -> Vec<bool> {
        Search::new(graph.len()).even_vertices(graph, active, &self.mate)
    }
}

/// Scratch space of one search.
struct Search {
    used: Vec<bool>,
    parent: Vec<usize>,
    base: Vec<usize>,
    blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            used: vec![false; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            blossom: vec![false; n],
            seen: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// The base of the blossom an edge between two even vertices closes, if they are in one tree.
    fn lca(&mut self, mate: &[usize], mut a: usize, mut b: usize) -> Option<usize> {
        self.seen.iter_mut().for_each(|s| *s = false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return Some(b);
            }
            if mate[b] == NONE {
                return None;
            }
            b = self.parent[mate[b]];
        }
    }

    /// Shrinks the blossom the edge `v`–`to` closes (both even, `current` their base), making
    /// every vertex in it even.
    fn shrink(&mut self, active: &[bool], mate: &[usize], v: usize, to: usize, current: usize) {
        self.blossom.iter_mut().for_each(|b| *b = false);
        self.mark_path(mate, v, current, to);
        self.mark_path(mate, to, current, v);
        for (i, &on) in active.iter().enumerate() {
            if on && self.blossom[self.base[i]] {
                self.base[i] = current;
                if !self.used[i] {
                    self.used[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    /// Clears the labels of the last search.
    fn reset(&mut self) {
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
    }

    /// The even vertices of the alternating forest grown from every exposed active vertex at
    /// once, for a maximum matching (which no path between two trees can augment).
    fn even_vertices(&mut self, graph: &Graph, active: &[bool], mate: &[usize]) -> Vec<bool> {
        let exposed = (0..graph.len()).filter(|&v| active[v] && mate[v] == NONE);
        let augmenting = self.grow(graph, active, mate, exposed);
        debug_assert!(augmenting.is_none(), "the matching is maximum");
        self.used.clone()
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// The exposed end of an augmenting path from `root`, if any.
    fn find_path(&mut self, graph: &Graph, active: &[bool], mate: &[usize], root: usize) -> Option<usize> {
        self.grow(graph, active, mate, [root])
    }

    /// Grows the alternating forest from `roots` (exposed vertices), breadth first, shrinking
    /// blossoms: the exposed end of the first augmenting path from a root to a vertex that is not
    /// one, or `None` once the forest is complete (its even vertices are `used`).
    fn grow(
        &mut self,
        graph: &Graph,
        active: &[bool],
        mate: &[usize],
        roots: impl IntoIterator<Item = usize>,
    ) -> Option<usize> {
        let n = graph.len();
        self.reset();
        for root in roots {
            self.used[root] = true;
            self.queue.push_back(root);
        }
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if !graph.usable(active, v, to) || self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                // `to` is even: a root (the only exposed vertices a forest holds), or matched to
                // an odd vertex. An edge between two even vertices of one tree closes a blossom;
                // of two trees, it would augment, which a maximum matching has not.
                let root = mate[to] == NONE && self.used[to];
                if root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    if let Some(current) = self.lca(mate, v, to) {
                        self.shrink(active, mate, v, to, current);
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        return Some(to);
                    }
                    let m = mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }

    fn augment(&mut self, graph: &Graph, active: &[bool], matching: &mut Matching, root: usize) -> bool {
        let Some(mut v) = self.find_path(graph, active, &matching.mate, root) else { return false };
        while v != NONE {
            let pv = self.parent[v];
            let ppv = matching.mate[pv];
            matching.mate[v] = pv;
            matching.mate[pv] = v;
            v = ppv;
        }
        true
    }
}

/// True when the active vertices of `graph` can all be paired.
pub(crate) fn has_perfect(graph: &Graph, active: &[bool]) -> bool {
    let mut matching = Matching::empty(graph.len());
    matching.maximise(graph, active) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: can the active vertices all be paired?
    fn brute(graph: &Graph, free: &mut Vec<usize>) -> bool {
        let Some(first) = free.pop() else { return true };
        for i in 0..free.len() {
            let other = free[i];
            if graph.has(first, other) {
                free.remove(i);
                let ok = brute(graph, free);
                free.insert(i, other);
                if ok {
                    free.push(first);
                    return true;
                }
            }
        }
        free.push(first);
        false
    }

    #[test]
    fn agrees_with_brute_force_on_small_graphs() {
        // A deterministic pseudo-random sweep, blossoms included (odd cycles are common at p = 0.4).
        let mut seed: u64 = 12345;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..3000 {
            let n = 2 + (next() % 9) as usize;
            let p = 20 + next() % 60;
            let graph = Graph::from_fn(n, |_, _| next() % 100 < p);
            let mut free: Vec<usize> = (0..n).collect();
            let expected = n.is_multiple_of(2) && brute(&graph, &mut free);
            let all = vec![true; n];
            assert_eq!(has_perfect(&graph, &all), expected, "{graph:?}");
            // Maximum size, checked against the perfect test of each vertex left out.
            let mut matching = Matching::empty(n);
            let exposed = matching.maximise(&graph, &all);
            for v in 0..n {
                let m = matching.mate[v];
                assert!(m == NONE || (matching.mate[m] == v && graph.has(v, m)));
            }
            if n % 2 == 1 {
                let any = (0..n).any(|v| {
                    let mut active = all.clone();
                    active[v] = false;
                    has_perfect(&graph, &active)
                });
                assert_eq!(exposed == 1, any);
            }
            // Gallai–Edmonds' D: a vertex some maximum matching leaves out is one without which
            // the graph has as many pairs.
            let missable = matching.missable(&graph, &all);
            for v in 0..n {
                let mut active = all.clone();
                active[v] = false;
                let without = Matching::empty(n).maximise(&graph, &active);
                let pairs_without = (n - 1 - without) / 2;
                assert_eq!(missable[v], pairs_without == (n - exposed) / 2, "{v} in {graph:?}");
            }
        }
    }
}
