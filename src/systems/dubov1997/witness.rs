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
use crate::matching::augmenting::{self, NONE};

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

    /// [`augmenting::augment_from`] over the players left, along the legal pairs.
    fn augment_from(&mut self, ctx: &Context, root: usize) -> bool {
        augmenting::augment_from(&mut self.mate, &self.alive, root, |a, b| ctx.legal(a, b))
    }
}
