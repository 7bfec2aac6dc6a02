//! The literal reference: the exchanges of 4.1–4.4 and the second scrutiny of 5.2 done as the
//! text describes them, by going through the configurations of a list one by one in the exchange
//! order (docs/lim.md §1.5 f–h). It is exponential in the size of a scoregroup and meant for small
//! tournaments: it is the yardstick the fast engine is tested against.

use std::collections::HashMap;

use super::procedure::{Scrutiny, Search, candidates, proposal};
use super::rules::Context;

/// The most players of a round the reference takes.
pub const MAX_PLAYERS: usize = 24;

/// What [`Literal::each_compatible`] calls on each configuration.
type Visit<'a> = &'a mut dyn FnMut(&[(usize, usize)]);

#[derive(Default)]
pub struct Literal;

impl Literal {
    pub fn new() -> Literal {
        Literal
    }

    /// The first configuration of `list`, in the exchange order, in which every player of
    /// `required` has a compatible opponent. A leader who is not required (nor is anyone after
    /// them) takes the proposal of 2.4 for the rest: the first configuration of it.
    fn first_covering(
        &mut self,
        ctx: &Context,
        list: &[usize],
        required: &dyn Fn(usize) -> bool,
    ) -> Option<Vec<(usize, usize)>> {
        let Some(&leader) = list.first() else { return Some(Vec::new()) };
        if !required(leader) {
            return Some(proposal(list));
        }
        for c in candidates(list.len()) {
            let opponent = list[c];
            if !ctx.compatible(leader, opponent) {
                continue;
            }
            let rest: Vec<usize> = list.iter().copied().filter(|&p| p != leader && p != opponent).collect();
            if let Some(mut pairs) = self.first_covering(ctx, &rest, required) {
                pairs.insert(0, (leader, opponent));
                return Some(pairs);
            }
        }
        None
    }

    /// Every configuration of `list` in which all pairs are compatible and `may_meet` allows them,
    /// in the exchange order.
    fn each_compatible(
        &mut self,
        ctx: &Context,
        list: &[usize],
        may_meet: &dyn Fn(usize, usize) -> bool,
        prefix: &mut Vec<(usize, usize)>,
        visit: Visit<'_>,
    ) {
        let Some(&leader) = list.first() else {
            visit(prefix);
            return;
        };
        for c in candidates(list.len()) {
            let opponent = list[c];
            if !ctx.compatible(leader, opponent) || !may_meet(leader, opponent) {
                continue;
            }
            let rest: Vec<usize> = list.iter().copied().filter(|&p| p != leader && p != opponent).collect();
            prefix.push((leader, opponent));
            self.each_compatible(ctx, &rest, may_meet, prefix, visit);
            prefix.pop();
        }
    }
}

impl Search for Literal {
    fn first_scrutiny(&mut self, ctx: &Context, list: &[usize]) -> Scrutiny {
        let position = |p: usize| list.iter().position(|&q| q == p).unwrap_or(usize::MAX);
        let upto = |j: usize| move |p: usize| position(p) < j;
        if let Some(pairs) = self.first_covering(ctx, list, &upto(list.len())) {
            return Scrutiny::Paired(pairs);
        }
        // Scrutiny in turn (4.3, 4.4): the first player who cannot be covered with all before them.
        let stuck =
            (1..=list.len()).find(|&j| self.first_covering(ctx, list, &upto(j)).is_none()).unwrap_or(list.len());
        let before = self.first_covering(ctx, list, &upto(stuck - 1)).unwrap_or_default();
        let kept = before.into_iter().filter(|&(leader, _)| position(leader) < stuck - 1).collect();
        Scrutiny::Stuck { kept, player: list[stuck - 1] }
    }

    fn second_scrutiny(
        &mut self,
        ctx: &Context,
        list: &[usize],
        may_meet: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let mut best: Option<(usize, Vec<(usize, usize)>)> = None;
        self.each_compatible(ctx, list, may_meet, &mut Vec::new(), &mut |pairs| {
            let proper = pairs.iter().filter(|&&(a, b)| ctx.proper(a, b)).count();
            if best.as_ref().is_none_or(|(most, _)| proper > *most) {
                best = Some((proper, pairs.to_vec()));
            }
        });
        best.map(|(_, pairs)| pairs).unwrap_or_default()
    }

    fn max_pairs(&mut self, ctx: &Context, players: &[usize]) -> usize {
        fn most(ctx: &Context, players: &[usize], set: u64, memo: &mut HashMap<u64, usize>) -> usize {
            if set == 0 {
                return 0;
            }
            if let Some(&known) = memo.get(&set) {
                return known;
            }
            let a = set.trailing_zeros() as usize;
            let rest = set & !(1u64 << a);
            let mut best = most(ctx, players, rest, memo);
            let mut bits = rest;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if ctx.compatible(players[a], players[b]) {
                    best = best.max(1 + most(ctx, players, rest & !(1u64 << b), memo));
                }
            }
            memo.insert(set, best);
            best
        }
        let set = if players.len() >= 64 { u64::MAX } else { (1u64 << players.len()) - 1 };
        most(ctx, players, set, &mut HashMap::new())
    }
}
