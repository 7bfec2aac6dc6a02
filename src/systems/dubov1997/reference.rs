//! The literal reference: the procedure of the text with nothing but enumeration.
//!
//! Whether the players left can all be paired is found by trying every pairing of them; a score
//! group is paired by going through all its pairings in exactly the order 6.3 generates them (row
//! by row, each row's partners in the order of [`procedure::options`]) and keeping the first of
//! the best. This is exponential and meant for small tournaments: it is the yardstick the fast
//! engine is tested against.

use std::collections::HashMap;

use super::procedure::{self, Group, Search, Value};
use super::rules::Context;

/// The most players the reference takes (sets of players are bit masks).
pub const MAX_PLAYERS: usize = 64;

pub struct Literal {
    /// Players still to pair.
    alive: u64,
    /// Sets of players known to be pairable (or not).
    memo: HashMap<u64, bool>,
    /// Pairings of groups enumerated, for the tests' statistics.
    pub enumerated: u64,
}

impl Literal {
    pub fn new() -> Literal {
        Literal { alive: 0, memo: HashMap::new(), enumerated: 0 }
    }

    /// Can the players of `set` all be paired? Tries every partner of the first of them.
    fn pairable(&mut self, ctx: &Context, set: u64) -> bool {
        if set == 0 {
            return true;
        }
        if let Some(&known) = self.memo.get(&set) {
            return known;
        }
        let a = set.trailing_zeros() as usize;
        let rest = set & !(1u64 << a);
        let mut bits = rest;
        let mut found = false;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if ctx.legal(a, b) && self.pairable(ctx, rest & !(1u64 << b)) {
                found = true;
                break;
            }
        }
        self.memo.insert(set, found);
        found
    }

    #[allow(clippy::too_many_arguments)]
    fn enumerate(
        &mut self,
        ctx: &Context,
        group: &Group,
        members: &[usize],
        slot: usize,
        taken: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        best: &mut Option<(Value, Vec<(usize, usize)>)>,
    ) {
        if slot == members.len() {
            self.enumerated += 1;
            let value = Value::of(group, pairs);
            if best.as_ref().is_some_and(|(v, _)| value <= *v) {
                return;
            }
            let paired: u64 = pairs.iter().fold(0, |m, &(a, b)| m | (1u64 << a) | (1u64 << b));
            if self.pairable(ctx, self.alive & !paired) {
                *best = Some((value, pairs.clone()));
            }
            return;
        }
        let me = members[slot];
        if taken[me] {
            self.enumerate(ctx, group, members, slot + 1, taken, pairs, best);
            return;
        }
        let options = procedure::options(ctx, group, slot, &|x| taken[x]);
        taken[me] = true;
        for option in options {
            if let Some(x) = option {
                taken[x] = true;
                pairs.push((me, x));
            }
            self.enumerate(ctx, group, members, slot + 1, taken, pairs, best);
            if let Some(x) = option {
                taken[x] = false;
                pairs.pop();
            }
        }
        taken[me] = false;
    }
}

impl Default for Literal {
    fn default() -> Self {
        Literal::new()
    }
}

impl Search for Literal {
    fn start(&mut self, ctx: &Context) -> bool {
        let n = ctx.n();
        self.alive = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        if n.is_multiple_of(2) {
            return self.pairable(ctx, self.alive);
        }
        (0..n).any(|x| self.pairable(ctx, self.alive & !(1u64 << x)))
    }

    fn try_bye(&mut self, ctx: &Context, x: usize) -> bool {
        let rest = self.alive & !(1u64 << x);
        if self.pairable(ctx, rest) {
            self.alive = rest;
            return true;
        }
        false
    }

    fn try_pair(&mut self, ctx: &Context, a: usize, b: usize) -> bool {
        let rest = self.alive & !(1u64 << a) & !(1u64 << b);
        if ctx.legal(a, b) && self.pairable(ctx, rest) {
            self.alive = rest;
            return true;
        }
        false
    }

    fn pair_group(&mut self, ctx: &Context, group: &Group) -> Vec<(usize, usize)> {
        let members = group.members();
        let mut taken = vec![false; ctx.n()];
        let mut best = None;
        self.enumerate(ctx, group, &members, 0, &mut taken, &mut Vec::new(), &mut best);
        // Pairing nobody always leaves the round pairable, so there is a best.
        let pairs = best.map(|(_, p)| p).unwrap_or_default();
        for &(a, b) in &pairs {
            self.alive &= !(1u64 << a) & !(1u64 << b);
        }
        pairs
    }
}
