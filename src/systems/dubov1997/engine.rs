//! The fast engine: the same procedure, with the searches done by matchings.
//!
//! * "Can the players left all be paired?" is answered by a [`Witness`], a pairing of them all kept
//!   up to date; testing a proposed pair is one augmenting-path search.
//! * A score group is paired by 6.2–6.4 as the literal reference pairs it, the first pairing in the
//!   order of 6.3 among those of the best [`Value`] that leave the round pairable, found without
//!   enumerating:
//!   1. one maximum-weight matching gives the best value: every criterion of [`Value`] is a field
//!      of the edge weight (pairs, floaters of each category, white–black pairs), and a matching's
//!      weight is the sum of its edges', so the heaviest matching has the best value;
//!   2. the rows of 6.3 are then settled in order, each with the first partner in the order of
//!      [`procedure::options`] for which a matching of that same best weight still exists with all
//!      the rows settled so far (the partner is fixed by removing every other edge of both players
//!      and re-solving incrementally). This is the literal depth-first search of 6.3 with the
//!      branches that cannot end in a best pairing cut off before they are entered: it never
//!      backtracks, so a group of m players costs at most m² re-solves of O(m²) each, usually m.
//!
//!   The group is first solved on its own; when the result would leave the round unpairable, it
//!   is solved again together with all the players still to pair below, with "pair them all" as
//!   the top field, which makes the best weight exactly the best value among the pairings that
//!   leave the round pairable.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::matching::Matcher;
use crate::systems::common::fields::{Frame, Width};

use super::procedure::{self, Category, Group, Search};
use super::rules::Context;
use crate::matching::witness::Witness;

/// How many times a group was solved a second time, with the players below, because its own best
/// pairing would have left the round unpairable (the tests read it to see the path is exercised).
pub static SOLVED_WITH_REST: AtomicU64 = AtomicU64::new(0);

pub struct Fast {
    witness: Option<Witness>,
}

impl Fast {
    pub fn new() -> Fast {
        Fast { witness: None }
    }

    fn witness(&mut self, ctx: &Context) -> &mut Witness {
        self.witness.get_or_insert_with(|| Witness::new(ctx.n(), |a, b| ctx.legal(a, b)))
    }
}

impl Default for Fast {
    fn default() -> Self {
        Fast::new()
    }
}

impl Search for Fast {
    fn start(&mut self, ctx: &Context) -> bool {
        let w = Witness::new(ctx.n(), |a, b| ctx.legal(a, b));
        let ok = w.exposed() == ctx.n() % 2;
        self.witness = Some(w);
        ok
    }

    fn try_bye(&mut self, ctx: &Context, x: usize) -> bool {
        let mut trial = self.witness(ctx).clone();
        if trial.remove(|a, b| ctx.legal(a, b), x) {
            self.witness = Some(trial);
            return true;
        }
        false
    }

    fn try_pair(&mut self, ctx: &Context, a: usize, b: usize) -> bool {
        if !ctx.legal(a, b) {
            return false;
        }
        let current = self.witness(ctx);
        if current.has_pair(a, b) {
            return current.pair(|x, y| ctx.legal(x, y), a, b);
        }
        let mut trial = current.clone();
        if trial.pair(|x, y| ctx.legal(x, y), a, b) {
            self.witness = Some(trial);
            return true;
        }
        false
    }

    fn pair_group(&mut self, ctx: &Context, group: &Group) -> Vec<(usize, usize)> {
        let alone = solve(ctx, group, false);
        let mut trial = self.witness(ctx).clone();
        if alone.iter().all(|&(a, b)| trial.pair(|x, y| ctx.legal(x, y), a, b)) {
            self.witness = Some(trial);
            return alone;
        }
        SOLVED_WITH_REST.fetch_add(1, Ordering::Relaxed);
        let with_rest = solve(ctx, group, true);
        let witness = self.witness(ctx);
        for &(a, b) in &with_rest {
            let made = witness.pair(|x, y| ctx.legal(x, y), a, b);
            debug_assert!(made, "a group pairing that leaves the round pairable");
        }
        with_rest
    }
}

// The fields of a group weight, most significant first (docs/engine-design.md, "Criteria as fields
// of one weight"): all pairs; pairs in the group; paired players of category 3, 2, 1 (the
// complement of the floaters of that category); white–black pairs.
const ALL: usize = 0;
const IN_GROUP: usize = 1;
const PAIRED_AGAIN_UNPAIRABLE: usize = 2;
const PAIRED_AGAIN_PAIRABLE: usize = 3;
const PAIRED_NEW_UNPAIRABLE: usize = 4;
const CROSS: usize = 5;
const FIELDS: usize = 6;

/// The pairing of a group that 6.2–6.4 give, among those that pair every player of `outside` too
/// when `with_rest` (otherwise the group alone).
fn solve(ctx: &Context, group: &Group, with_rest: bool) -> Vec<(usize, usize)> {
    let members = group.members();
    let m = members.len();
    let mut vertices = members.clone();
    if with_rest {
        vertices.extend(&group.outside);
    }
    let v = vertices.len();
    // Each field sums at most one unit per player.
    let width = usize::BITS - v.leading_zeros() + 1;
    let frame = Frame::new(vec![Width::Bits(width); FIELDS], 0);
    let unit = |field: usize| 1u128 << frame.bases[field];
    let category: Vec<Option<Category>> = (0..v).map(|k| if k < m { Some(group.category[k]) } else { None }).collect();
    let is_white = |k: usize| k < group.white.len();
    let paired_unit = |k: usize| match category[k] {
        Some(Category::NewUnpairable) => unit(PAIRED_NEW_UNPAIRABLE),
        Some(Category::AgainPairable) => unit(PAIRED_AGAIN_PAIRABLE),
        Some(Category::AgainUnpairable) => unit(PAIRED_AGAIN_UNPAIRABLE),
        _ => 0,
    };
    let weight = |a: usize, b: usize| -> u128 {
        if !ctx.legal(vertices[a], vertices[b]) {
            return 0;
        }
        let mut w = unit(ALL);
        if a < m && b < m {
            w += unit(IN_GROUP) + paired_unit(a) + paired_unit(b);
            if is_white(a) != is_white(b) {
                w += unit(CROSS);
            }
        }
        w
    };
    let mut matcher = Matcher::<u128>::from_fn(v, |a, b| Some(weight(a, b)).filter(|&w| w != 0));
    matcher.solve();
    let target = matcher.total_weight();
    // Settle the rows of 6.3 in order.
    let mut taken = vec![false; ctx.n()];
    let local = |p: usize| members.iter().position(|&x| x == p);
    for (slot, &me) in members.iter().enumerate() {
        if taken[me] {
            continue;
        }
        let options = procedure::options(ctx, group, slot, &|x| taken[x]);
        for option in options {
            // Cut: keep only the edges of this choice around the player (and its partner).
            let mut saved: Vec<(usize, usize, u128)> = Vec::new();
            let mut cut = |matcher: &mut Matcher<u128>, x: usize, keep: Option<usize>, only_group: bool| {
                for y in 0..v {
                    if y == x || Some(y) == keep || (only_group && y >= m) {
                        continue;
                    }
                    let w = matcher.weight(x, y);
                    if w != 0 {
                        saved.push((x, y, w));
                        matcher.set_weight(x, y, 0);
                    }
                }
            };
            match option {
                Some(partner) => {
                    let (a, b) = (slot, local(partner).unwrap_or(slot));
                    cut(&mut matcher, a, Some(b), false);
                    cut(&mut matcher, b, Some(a), false);
                }
                // Unpaired in the group: it may still meet a player below (with_rest).
                None => cut(&mut matcher, slot, None, true),
            }
            let unchanged = saved.is_empty();
            if !unchanged {
                matcher.solve();
            }
            if unchanged || matcher.total_weight() == target {
                taken[me] = true;
                if let Some(partner) = option {
                    taken[partner] = true;
                }
                break;
            }
            for (x, y, w) in saved {
                matcher.set_weight(x, y, w);
            }
            matcher.solve();
        }
    }
    let mut pairs = Vec::new();
    for a in 0..m {
        if let Some(b) = matcher.mate(a)
            && b < m
            && a < b
        {
            pairs.push((members[a], members[b]));
        }
    }
    pairs
}
