//! The Dutch rules of Baku 2016 / Goynuk 2017 (in force 1 Jul 2017 – 31 Jan 2026).
//!
//! They differ from the 2025 rules in three ways that shape the procedure:
//! - the quality of a bracket's score differences is the Pairing Score Difference (A.8): the list
//!   of the pairs' score differences and the downfloaters' differences to "one point less than the
//!   lowest score", compared from the largest down;
//! - completion is checked after each bracket (A.9): when the downfloaters a bracket produced make
//!   the round impossible to complete, that bracket is the Penultimate Pairing Bracket (PPB); it is
//!   paired again, and all the players below form the Collapsed Last Bracket (CLB);
//! - C.7 looks one bracket ahead: the downfloaters are chosen to maximise the pairs, then minimise
//!   the PSD, of the following bracket.
//!
//! So each bracket is solved in a matcher of its own (the bracket and the next scoregroup), and a
//! second matcher over all players, with 0/1 weights, keeps track of whether the round can still
//! be completed.

use std::collections::BTreeMap;

use crate::matching::{Matcher, Weight};
use crate::model::Points;
use crate::state::RoundState;

use super::engine::{EngineError, finalize_pair};
use super::generation::{self, BaseWeights, Bracket, Scope};
use super::player::{DutchPlayer, Float};
use super::weights::{bits_for, colour_fields};

/// One point, in tenths: A.8's artificial value is one point below the lowest score.
const ONE_POINT: i64 = 10;

/// The field widths of one bracket.
struct Layout2017 {
    /// Bits to count the residents of the bracket.
    count_bits: u32,
    /// Bits to count the next scoregroup.
    next_count_bits: u32,
    /// One counter per score difference (in tenths, downfloaters as score − lowest + 1 point).
    difference_offsets: BTreeMap<i64, u32>,
    difference_bits: u32,
    lowest_score: Points,
    /// The bracket is the last, the PPB or the CLB: completion is part of its weights.
    special: bool,
    /// The next bracket is the last one.
    last_next: bool,
    float_rounds: usize,
}

impl Layout2017 {
    fn difference_bit(&self, difference: i64) -> u32 {
        self.difference_offsets.get(&difference).copied().unwrap_or(0)
    }

    /// The key of a downfloater's score difference (A.8).
    fn floater_key(&self, score: Points) -> i64 {
        (score - self.lowest_score).tenths() + ONE_POINT
    }

    fn pair_key(higher: Points, lower: Points) -> i64 {
        (higher - lower).tenths()
    }
}

struct Builder<W: Weight> {
    value: W,
}

impl<W: Weight> Builder<W> {
    fn shift(&mut self, bits: u32) {
        self.value.shl_in_place(bits);
    }

    fn or(&mut self, value: u64) {
        self.value.or_u64_in_place(value);
    }

    fn add_difference(&mut self, layout: &Layout2017, key: i64, count: u64) {
        if count > 0 {
            let mut unit = W::from_u64(count);
            unit.shl_in_place(layout.difference_bit(key));
            self.value.add_in_place(&unit);
        }
    }

    fn sub_difference(&mut self, layout: &Layout2017, key: i64) {
        let mut unit = W::from_u64(1);
        unit.shl_in_place(layout.difference_bit(key));
        self.value.sub_in_place(&unit);
    }
}

/// The weight of the pair `higher`–`lower` in a 2017 bracket.
fn edge_weight<W: Weight>(
    layout: &Layout2017,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    higher_in_bracket: bool,
    lower_in_bracket: bool,
) -> W {
    let mut b = Builder { value: W::zero() };
    let bye_penalty = |p: &DutchPlayer| u64::from(!p.pab_eligible);
    // Completion (C.4) and the bye (C.2), in the brackets where the round must be completed.
    if layout.special {
        b.or(1 + bye_penalty(higher) + bye_penalty(lower));
    }
    // C.5: the number of pairs.
    b.shift(layout.count_bits);
    b.or(u64::from(lower_in_bracket));
    // C.6: the PSD — counted as if everyone downfloated, a pair replaces two floaters' differences
    // by its own.
    b.shift(layout.difference_bits);
    if lower_in_bracket {
        b.add_difference(layout, layout.floater_key(higher.score), 1);
        b.add_difference(layout, layout.floater_key(lower.score), 1);
        b.sub_difference(layout, Layout2017::pair_key(higher.score, lower.score));
    }
    if !layout.special {
        // C.7: pairs in the next bracket, then its PSD (for the last bracket: completion).
        if layout.last_next {
            b.shift(layout.count_bits.max(layout.next_count_bits));
            b.shift(3);
            b.or(1 + bye_penalty(higher) + bye_penalty(lower));
        } else {
            b.shift(layout.next_count_bits);
            b.or(u64::from(!lower_in_bracket));
        }
        b.shift(layout.difference_bits);
        if higher_in_bracket {
            let mut unit = W::from_u64(1);
            unit.shl_in_place(layout.difference_bit(layout.floater_key(higher.score)));
            // The field is still empty here, so or-ing is adding.
            b.value.add_in_place(&unit);
        }
        if lower_in_bracket {
            b.add_difference(layout, layout.floater_key(lower.score), 1);
        }
    }
    // C.8–C.11: colours.
    for satisfied in colour_fields(higher, lower) {
        b.shift(layout.count_bits);
        b.or(u64::from(lower_in_bracket && satisfied));
    }
    // C.12–C.15: repeated floats.
    let mdp_pair = higher.score > lower.score;
    for back in 0..layout.float_rounds {
        b.shift(layout.count_bits);
        if lower_in_bracket {
            b.or(u64::from(lower.floats[back] == Float::Down));
            b.value.add_in_place(&W::from_u64(u64::from(!mdp_pair && higher.floats[back] == Float::Down)));
        }
        b.shift(layout.count_bits);
        if lower_in_bracket && mdp_pair && lower.floats[back] == Float::Up {
            b.value.sub_in_place(&W::from_u64(1));
        }
    }
    // C.16–C.19: their score differences.
    for back in 0..layout.float_rounds {
        b.shift(layout.difference_bits);
        if lower_in_bracket {
            b.add_difference(layout, layout.floater_key(lower.score), u64::from(lower.floats[back] == Float::Down));
            if higher.floats[back] == Float::Down {
                b.add_difference(layout, layout.floater_key(higher.score), 1);
                if mdp_pair {
                    b.sub_difference(layout, Layout2017::pair_key(higher.score, lower.score));
                }
            }
        }
        b.shift(layout.difference_bits);
        if lower_in_bracket && lower.floats[back] == Float::Up && mdp_pair {
            b.sub_difference(layout, Layout2017::pair_key(higher.score, lower.score));
        }
    }
    // The generation-order fields.
    b.shift(3 * layout.count_bits + 1);
    b.value
}

/// The number of bits of a bracket's weights.
fn total_bits(layout: &Layout2017) -> u32 {
    let count = layout.count_bits;
    let floats = layout.float_rounds as u32;
    let mut bits = if layout.special { 2 + count } else { count };
    bits += layout.difference_bits;
    if !layout.special {
        bits += if layout.last_next { count.max(layout.next_count_bits) + 3 } else { layout.next_count_bits };
        bits += layout.difference_bits;
    }
    bits + 4 * count + 2 * count * floats + 2 * layout.difference_bits * floats + 3 * count + 1
}

/// The largest weight of a bracket: all its bits set.
fn max_weight<W: Weight>(layout: &Layout2017) -> W {
    let mut w = W::zero();
    for _ in 0..total_bits(layout) {
        w.shl_in_place(1);
        w.or_u64_in_place(1);
    }
    w
}

/// A bracket's own matcher.
struct LocalScope<'a, W: Weight> {
    matcher: Matcher<W>,
    max_weight: W,
    /// The round-wide completion matcher and each position's vertex in it.
    validity: &'a mut Matcher<u64>,
    vertices: &'a [usize],
}

impl<W: Weight> Scope<W> for LocalScope<'_, W> {
    fn len(&self) -> usize {
        self.matcher.vertex_count()
    }

    fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        self.matcher.set_weight(a, b, weight);
    }

    fn solve(&mut self) {
        self.matcher.solve();
    }

    fn mate(&self, a: usize) -> usize {
        self.matcher.mate(a).unwrap_or(a)
    }

    fn finalize(&mut self, a: usize, b: usize) {
        finalize_pair(&mut self.matcher, a, b, &self.max_weight);
        finalize_pair(self.validity, self.vertices[a], self.vertices[b], &1);
    }
}

fn complete(validity: &Matcher<u64>) -> bool {
    (0..validity.vertex_count()).all(|v| validity.mate(v).is_some())
}

/// Pairs a round under the 2017 rules; returns each player's partner by position, `None` for the PAB.
/// `Err(EngineError::Wider(bits))` when a bracket needs weights wider than `W`.
pub fn pair<W: Weight>(state: &RoundState, players: &[DutchPlayer]) -> Result<Vec<Option<usize>>, EngineError> {
    let n = players.len();
    if n == 0 {
        return Ok(Vec::new());
    }
    let contenders: BTreeMap<u32, &crate::state::Contender> = state.players.iter().map(|c| (c.id, c)).collect();
    let compatible = |a: usize, b: usize| {
        let met = state.have_met(contenders[&players[a].id], contenders[&players[b].id]);
        super::weights::compatible(state, &players[a], &players[b], met)
    };
    // The completion matcher: all players, plus a dummy who stands for the bye when n is odd.
    let odd = n % 2 == 1;
    let mut validity = Matcher::<u64>::new(n + usize::from(odd));
    let mut compatibility = vec![false; n * n];
    for a in 0..n {
        for b in 0..a {
            let c = compatible(a, b);
            compatibility[a * n + b] = c;
            compatibility[b * n + a] = c;
            validity.set_weight(a, b, u64::from(c));
        }
        if odd {
            validity.set_weight(a, n, u64::from(players[a].pab_eligible));
        }
    }
    validity.solve();
    if !complete(&validity) {
        return Err(EngineError::NoValidPairing);
    }
    let score = |v: usize| players[v].score;
    let mut partner: Vec<Option<usize>> = vec![None; n];
    let top = score(0);
    let mut next = (0..n).find(|&v| score(v) < top).unwrap_or(n);
    let mut list: Vec<usize> = (0..next).collect();
    let mut special = next == n;
    let mut mdps = 0;
    while list.len() > 1 || next < n {
        let end = list.len();
        let group_iterator = next;
        if next < n {
            let group_score = score(next);
            while next < n && (special || score(next) >= group_score) {
                list.push(next);
                next += 1;
            }
        }
        let layout = layout_for(players, &list, mdps, end, special, next == n, state.round);
        // The matcher needs two spare bits above the widest weight.
        if total_bits(&layout) + 2 > W::BITS {
            return Err(EngineError::Wider(total_bits(&layout) + 2));
        }
        let max_weight = max_weight::<W>(&layout);
        let mut matcher = Matcher::<W>::new(list.len());
        let mut base = BaseWeights { first_row: mdps, rows: Vec::with_capacity(list.len() - mdps) };
        for larger in mdps..list.len() {
            let row: Vec<W> = (0..larger)
                .map(|smaller| {
                    let (h, l) = (list[smaller], list[larger]);
                    if compatibility[h * n + l] {
                        edge_weight(&layout, &players[h], &players[l], smaller < end, larger < end)
                    } else {
                        W::zero()
                    }
                })
                .collect();
            for (smaller, w) in row.iter().enumerate() {
                matcher.set_weight(larger, smaller, w.clone());
            }
            base.rows.push(row);
        }
        matcher.solve();
        let mdp_scores: Vec<Points> = list[..mdps].iter().map(|&v| score(v)).collect();
        let mut scope = LocalScope { matcher, max_weight, validity: &mut validity, vertices: &list };
        let shape = Bracket { mdps, end, count_bits: layout.count_bits };
        let matched = generation::settle(&mut scope, &mut base, &shape, &mdp_scores);
        let mates: Vec<usize> = (0..list.len()).map(|p| scope.mate(p)).collect();
        drop(scope);
        if !special {
            validity.solve();
            if !complete(&validity) {
                // This bracket is the PPB (A.9): pair it again with everyone below collapsed.
                list.truncate(end);
                next = group_iterator;
                special = true;
                continue;
            }
        }
        special = next == n;
        let mut new_list = Vec::new();
        let mut new_mdps = 0;
        for (position, &v) in list.iter().enumerate() {
            if position < end && matched[position] {
                partner[v] = Some(list[mates[position]]);
            } else {
                new_list.push(v);
                if position < end {
                    new_mdps += 1;
                }
            }
        }
        list = new_list;
        mdps = new_mdps;
    }
    for v in 0..n {
        if let Some(mate) = partner[v] {
            partner[mate] = Some(v);
        }
    }
    Ok(partner)
}

/// The widths of one bracket's fields.
fn layout_for(
    players: &[DutchPlayer],
    list: &[usize],
    mdps: usize,
    end: usize,
    special: bool,
    last_next: bool,
    round: u32,
) -> Layout2017 {
    let score = |position: usize| players[list[position]].score;
    let lowest_score = score(list.len() - 1);
    // Every score difference a pair or a downfloater of the bracket can have, counted.
    let mut differences: Vec<i64> = Vec::new();
    for p in 0..end {
        differences.push((score(p) - lowest_score).tenths() + ONE_POINT);
        let first = mdps.max(p + 1);
        for o in first..end {
            if o == first || score(o) < score(o - 1) {
                differences.push((score(p) - score(o)).tenths());
            }
        }
        // Two MDPs may also meet; their difference needs a counter too.
        for o in p + 1..mdps.min(end) {
            if o == p + 1 || score(o) < score(o - 1) {
                differences.push((score(p) - score(o)).tenths());
            }
        }
    }
    differences.sort_unstable();
    let mut difference_offsets = BTreeMap::new();
    let mut offset = 0;
    let mut i = 0;
    while i < differences.len() {
        let value = differences[i];
        let count = differences[i..].iter().take_while(|&&d| d == value).count();
        difference_offsets.insert(value, offset);
        offset += bits_for(count);
        i += count;
    }
    Layout2017 {
        count_bits: bits_for(end - mdps).max(1),
        next_count_bits: bits_for(list.len() - end).max(1),
        difference_offsets,
        difference_bits: offset,
        lowest_score,
        special,
        last_next,
        float_rounds: (round as usize - 1).min(2),
    }
}
