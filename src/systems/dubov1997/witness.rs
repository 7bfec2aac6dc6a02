//! Cardinality only (the weighted matcher of `crate::matching` does the group pairings): a pairing
//! of all the players left (a perfect matching on the legal pairs), kept up to date as
//! the procedure makes pairs: it proves that the rest of the round can still be paired, and a
//! proposed pair is tested by one augmenting-path search (Edmonds' blossom algorithm) instead of a
//! search through pairings.
//!
//! Removing two matched players `a`, `b` exposes their partners `a'`, `b'`; the players left can all
//! be paired again exactly when an augmenting path joins `a'` and `b'` (Berge: a matching is maximum
//! when no augmenting path exists, and the old matching minus two pairs is one pair short of
//! perfect). One search costs O(n²) at most and usually stops after a few players.

use super::rules::Context;

const NONE: usize = usize::MAX;

#[derive(Clone, Debug)]
pub struct Witness {
    mate: Vec<usize>,
    alive: Vec<bool>,
}

impl Witness {
    /// A maximum matching of all players: greedy, then augmenting paths.
    pub fn new(ctx: &Context) -> Witness {
        let n = ctx.n();
        let mut w = Witness { mate: vec![NONE; n], alive: vec![true; n] };
        for a in 0..n {
            if w.mate[a] != NONE {
                continue;
            }
            if let Some(b) = (a + 1..n).find(|&b| w.mate[b] == NONE && ctx.legal(a, b)) {
                w.mate[a] = b;
                w.mate[b] = a;
            }
        }
        for root in 0..n {
            if w.mate[root] == NONE {
                w.augment_from(ctx, root);
            }
        }
        w
    }

    /// Players left without a partner.
    pub fn exposed(&self) -> usize {
        (0..self.mate.len()).filter(|&v| self.alive[v] && self.mate[v] == NONE).count()
    }

    pub fn has_pair(&self, a: usize, b: usize) -> bool {
        self.mate[a] == b
    }

    fn take_out(&mut self, v: usize) -> Option<usize> {
        self.alive[v] = false;
        let m = std::mem::replace(&mut self.mate[v], NONE);
        if m != NONE {
            self.mate[m] = NONE;
            Some(m)
        } else {
            None
        }
    }

    /// Takes `v` out (the bye); true when the others are still all paired (at most `spare` left
    /// over). On false the witness is unusable: work on a clone.
    pub fn remove(&mut self, ctx: &Context, v: usize) -> bool {
        if let Some(m) = self.take_out(v) {
            self.augment_from(ctx, m);
        }
        self.exposed() == 0
    }

    /// Takes out `a` and `b` as a pair; true when the players left can still all be paired. On false
    /// the witness is unusable: work on a clone.
    pub fn pair(&mut self, ctx: &Context, a: usize, b: usize) -> bool {
        if self.mate[a] == b {
            self.take_out(a);
            self.alive[b] = false;
            return true;
        }
        let freed: Vec<usize> = [self.take_out(a), self.take_out(b)].into_iter().flatten().collect();
        for v in freed {
            if self.mate[v] == NONE && !self.augment_from(ctx, v) {
                return false;
            }
        }
        self.exposed() == 0
    }

    /// Edmonds' search for an augmenting path from the exposed `root`; augments and returns true
    /// when one exists.
    fn augment_from(&mut self, ctx: &Context, root: usize) -> bool {
        let n = self.mate.len();
        let mut used = vec![false; n];
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut queue = std::collections::VecDeque::new();
        used[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            for to in 0..n {
                if !self.alive[to] || to == v || !ctx.legal(v, to) {
                    continue;
                }
                if base[v] == base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    // An odd cycle: contract it into a blossom with base `b`.
                    let b = self.lca(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&base, &mut parent, &mut blossom, v, b, to);
                    self.mark_path(&base, &mut parent, &mut blossom, to, b, v);
                    for i in 0..n {
                        if self.alive[i] && blossom[base[i]] {
                            base[i] = b;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        // Augment along the path back to the root.
                        let mut x = to;
                        while x != NONE {
                            let px = parent[x];
                            let next = self.mate[px];
                            self.mate[x] = px;
                            self.mate[px] = x;
                            x = next;
                        }
                        return true;
                    }
                    let m = self.mate[to];
                    used[m] = true;
                    queue.push_back(m);
                }
            }
        }
        false
    }

    fn lca(&self, base: &[usize], parent: &[usize], a: usize, b: usize) -> usize {
        let n = self.mate.len();
        let mut seen = vec![false; n];
        let mut a = a;
        loop {
            a = base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        base: &[usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }
}
