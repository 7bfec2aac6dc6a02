//! A witness that players can all be paired: a pairing of all the players left (a perfect matching
//! on the pairs a system allows, cardinality only), kept up to date as a procedure makes pairs. It
//! proves that the rest can still be paired, and a proposed pair is tested by one augmenting-path
//! search (Edmonds' blossom algorithm) instead of a search through pairings. The procedural
//! systems (Dubov 1997, Lim) ask it; which pairs are allowed is the caller's, passed to every call.
//!
//! Removing two matched players `a`, `b` exposes their partners `a'`, `b'`; the players left can all
//! be paired again exactly when an augmenting path joins `a'` and `b'` (Berge: a matching is maximum
//! when no augmenting path exists, and the old matching minus two pairs is one pair short of
//! perfect). One search costs O(n²) at most and usually stops after a few players.

use super::augmenting::{self, NONE};

#[derive(Clone, Debug)]
pub struct Witness {
    mate: Vec<usize>,
    alive: Vec<bool>,
}

impl Witness {
    /// A maximum matching of the players `0..n` along the pairs `allowed`: greedy, then augmenting
    /// paths.
    pub fn new(n: usize, allowed: impl Fn(usize, usize) -> bool + Copy) -> Witness {
        Witness::with_pairs(n, &[], allowed)
    }

    /// A maximum matching of the players `0..n` along the pairs `allowed` that starts from the
    /// pairs `start` (each allowed, no player twice), then pairs greedily, then augments.
    pub fn with_pairs(n: usize, start: &[(usize, usize)], allowed: impl Fn(usize, usize) -> bool + Copy) -> Witness {
        let mut w = Witness { mate: vec![NONE; n], alive: vec![true; n] };
        for &(a, b) in start {
            w.mate[a] = b;
            w.mate[b] = a;
        }
        for a in 0..n {
            if w.mate[a] != NONE {
                continue;
            }
            if let Some(b) = (a + 1..n).find(|&b| w.mate[b] == NONE && allowed(a, b)) {
                w.mate[a] = b;
                w.mate[b] = a;
            }
        }
        for root in 0..n {
            if w.mate[root] == NONE {
                w.augment_from(allowed, root);
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
    pub fn remove(&mut self, allowed: impl Fn(usize, usize) -> bool + Copy, v: usize) -> bool {
        if let Some(m) = self.take_out(v) {
            self.augment_from(allowed, m);
        }
        self.exposed() == 0
    }

    /// Takes out `a` and `b` as a pair; true when the players left can still all be paired. On false
    /// the witness is unusable: work on a clone.
    pub fn pair(&mut self, allowed: impl Fn(usize, usize) -> bool + Copy, a: usize, b: usize) -> bool {
        if self.mate[a] == b {
            self.take_out(a);
            self.alive[b] = false;
            return true;
        }
        let freed: Vec<usize> = [self.take_out(a), self.take_out(b)].into_iter().flatten().collect();
        for v in freed {
            if self.mate[v] == NONE && !self.augment_from(allowed, v) {
                return false;
            }
        }
        self.exposed() == 0
    }

    /// The partner of `v` in the witness, if it has one.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// [`augmenting::augment_from`] over the players left, along the pairs `allowed`.
    fn augment_from(&mut self, allowed: impl Fn(usize, usize) -> bool + Copy, root: usize) -> bool {
        augmenting::augment_from(&mut self.mate, &self.alive, root, allowed)
    }
}
