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
//! So each bracket is solved in a matcher of its own (the bracket and the next scoregroup, or the
//! bracket alone when it can be paired whole), and a completion of the round ([`Witness`]) keeps
//! track of whether the round can still be completed.

use std::collections::BTreeMap;

use crate::matching::Weight;
use crate::model::Points;
use crate::state::RoundState;

use super::compatibility::Compatibility;
use super::generation::{self, Bracket};
use super::player::{DutchPlayer, Float};
use super::progress::EngineError;
use super::weights::{bits_for, colour_fields};
use super::witness::Witness;
use crate::systems::common::fields::{CounterOffsets, Frame, Pack, Row, Width};

/// One point, in tenths: A.8's artificial value is one point below the lowest score.
const ONE_POINT: i64 = 10;

/// The field widths of one bracket.
#[derive(Clone, Debug)]
pub(super) struct Layout2017 {
    /// Bits to count the residents of the bracket.
    count_bits: u32,
    /// Bits to count the next scoregroup.
    next_count_bits: u32,
    /// One counter per score difference (in tenths, downfloaters as score − lowest + 1 point).
    difference_offsets: CounterOffsets,
    difference_bits: u32,
    lowest_score: Points,
    /// The bracket is the last, the PPB or the CLB: completion is part of its weights.
    special: bool,
    /// The next bracket is the last one.
    last_next: bool,
    float_rounds: usize,
}

impl Layout2017 {
    /// The key of a downfloater's score difference (A.8).
    fn floater_key(&self, score: Points) -> i64 {
        (score - self.lowest_score).tenths() + ONE_POINT
    }

    fn pair_key(higher: Points, lower: Points) -> i64 {
        (higher - lower).tenths()
    }
}

impl Layout2017 {
    /// The criteria of the 2017 rules in priority order, as fields of the edge weight.
    pub(super) fn fields(&self) -> Vec<(&'static str, Width)> {
        let count = self.count_bits;
        let differences = || Width::Counters { offsets: self.difference_offsets.clone(), bits: self.difference_bits };
        let mut fields = Vec::new();
        if self.special {
            fields.push(("C.4", Width::Bits(2)));
        }
        fields.push(("C.5", Width::Bits(count)));
        fields.push(("C.6", differences()));
        if !self.special {
            let next = if self.last_next { count.max(self.next_count_bits) + 3 } else { self.next_count_bits };
            fields.push(("C.7", Width::Bits(next)));
            fields.push(("C.7", differences()));
        }
        for name in ["C.8", "C.9", "C.10", "C.11"] {
            fields.push((name, Width::Bits(count)));
        }
        let names = [["C.12", "C.13", "C.16", "C.17"], ["C.14", "C.15", "C.18", "C.19"]];
        for back in names.iter().take(self.float_rounds) {
            fields.push((back[0], Width::Bits(count)));
            fields.push((back[1], Width::Bits(count)));
        }
        for back in names.iter().take(self.float_rounds) {
            fields.push((back[2], differences()));
            fields.push((back[3], differences()));
        }
        fields
    }

    pub(super) fn frame(&self) -> Frame {
        Frame::new(self.fields().into_iter().map(|(_, width)| width).collect(), 3 * self.count_bits + 1)
    }
}

/// What the pair `higher`–`lower` is worth on each criterion of a 2017 bracket.
pub(super) fn pair_row(
    row: &mut (impl Row + ?Sized),
    layout: &Layout2017,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    higher_in_bracket: bool,
    lower_in_bracket: bool,
) {
    let flag = |b: bool| i64::from(b);
    let penalty = |p: &DutchPlayer| flag(!p.pab_eligible);
    let (fh, fl) = (layout.floater_key(higher.score), layout.floater_key(lower.score));
    let pair = Layout2017::pair_key(higher.score, lower.score);
    // Completion (C.4) and the bye (C.2), in the brackets where the round must be completed.
    if layout.special {
        row.count(1 + penalty(higher) + penalty(lower));
    }
    // C.5: the number of pairs. C.6: the PSD, counted as if everyone downfloated: a pair replaces
    // two floaters' differences by its own.
    row.count(flag(lower_in_bracket));
    if lower_in_bracket {
        row.counters(&[(fh, 1), (fl, 1), (pair, -1)]);
    } else {
        row.counters(&[]);
    }
    if !layout.special {
        // C.7: pairs in the next bracket (for the last one: its completion), then its PSD.
        row.count(if layout.last_next { 1 + penalty(higher) + penalty(lower) } else { flag(!lower_in_bracket) });
        row.counters(&[(fh, flag(higher_in_bracket)), (fl, flag(lower_in_bracket))]);
    }
    // C.8–C.11: colours.
    for satisfied in colour_fields(higher, lower) {
        row.count(flag(lower_in_bracket && satisfied));
    }
    // C.12–C.15: repeated floats.
    let mdp_pair = higher.score > lower.score;
    for back in 0..layout.float_rounds {
        let down = flag(lower.floats[back] == Float::Down) + flag(!mdp_pair && higher.floats[back] == Float::Down);
        row.count(if lower_in_bracket { down } else { 0 });
        row.count(-flag(lower_in_bracket && mdp_pair && lower.floats[back] == Float::Up));
    }
    // C.16–C.19: their score differences.
    for back in 0..layout.float_rounds {
        if lower_in_bracket {
            let higher_down = higher.floats[back] == Float::Down;
            row.counters(&[
                (fl, flag(lower.floats[back] == Float::Down)),
                (fh, flag(higher_down)),
                (pair, -flag(higher_down && mdp_pair)),
            ]);
        } else {
            row.counters(&[]);
        }
        row.counters(&[(pair, -flag(lower_in_bracket && lower.floats[back] == Float::Up && mdp_pair))]);
    }
}

/// The weight of the pair `higher`–`lower` in a 2017 bracket.
fn edge_weight<W: Weight>(
    frame: &Frame,
    layout: &Layout2017,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    higher_in_bracket: bool,
    lower_in_bracket: bool,
) -> W {
    let mut pack = Pack::new(frame);
    pair_row(&mut pack, layout, higher, lower, higher_in_bracket, lower_in_bracket);
    pack.finish()
}

/// Where a bracket stands in the round-pairing outlook (A.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// A bracket followed by another one (C.7 looks at the next scoregroup).
    Ordinary,
    /// The last scoregroup's bracket: it completes the round (C.4 applies as for the CLB).
    Last,
    /// The Penultimate Pairing Bracket, paired again with all the players below collapsed.
    Penultimate,
    /// The Collapsed Last Bracket: the PPB's downfloaters and the collapsed scoregroup.
    Collapsed,
}

/// One bracket as the engine paired it, for explanations.
#[derive(Clone, Debug)]
pub(super) struct BracketTrace {
    /// Positions (in pairing order) of the bracket's players, MDPs first, then of the next
    /// scoregroup, or of all the players below when the bracket completes the round.
    pub list: Vec<usize>,
    pub mdps: usize,
    /// The bracket is `list[..end]`.
    pub end: usize,
    pub layout: Layout2017,
    pub role: Role,
}

/// The edge weights of a 2017 bracket list (`list`, whose players from `end` on are the next
/// scoregroup's or those below), by positions in the list.
fn list_weight<'a, W: Weight>(
    players: &'a [DutchPlayer],
    compatibility: &'a Compatibility,
    list: &'a [usize],
    end: usize,
    layout: &'a Layout2017,
    frame: &'a Frame,
) -> impl Fn(usize, usize) -> W + 'a {
    move |smaller, larger| {
        let (h, l) = (list[smaller], list[larger]);
        if compatibility.get(h, l) {
            edge_weight(frame, layout, &players[h], &players[l], smaller < end, larger < end)
        } else {
            W::zero()
        }
    }
}

/// Pairs a round under the 2017 rules; returns each player's partner by position, `None` for the PAB,
/// and with `trace` the brackets as paired (the PPB only as paired again).
/// `Err(EngineError::Wider(bits))` when a bracket needs weights wider than `W`.
pub(super) fn pair<W: Weight>(
    state: &RoundState,
    players: &[DutchPlayer],
    trace: bool,
    guide: Option<&[Option<usize>]>,
) -> Result<(Vec<Option<usize>>, Vec<BracketTrace>), EngineError> {
    let n = players.len();
    let mut guide = guide.map(generation::Guide::new);
    let mut brackets = Vec::new();
    if n == 0 {
        return Ok((Vec::new(), brackets));
    }
    let met = state.met_by_position(&players.iter().map(|p| p.id).collect::<Vec<_>>());
    let compatibility = Compatibility::of_round(state, players, &met);
    // A completion of the round (A.9), kept from bracket to bracket; with a dummy player for the
    // bye when n is odd.
    let bye_allowed = (n % 2 == 1).then(|| players.iter().map(|p| p.pab_eligible).collect());
    let mut witness = Witness::new(&compatibility, bye_allowed);
    if !witness.complete() {
        return Err(EngineError::NoValidPairing);
    }
    let score = |v: usize| players[v].score;
    let mut partner: Vec<Option<usize>> = vec![None; n];
    let top = score(0);
    let mut next = (0..n).find(|&v| score(v) < top).unwrap_or(n);
    let mut list: Vec<usize> = (0..next).collect();
    let mut special = next == n;
    // A PPB was found: the brackets from it on are the PPB and the CLB.
    let mut collapsed = false;
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
        // The bracket's list solved and settled: who is paired, their mates, and the layout when
        // tracing.
        let (matched, mates, layout) = {
            // The layout of the list's first `len` players.
            let layout_of = |len: usize| {
                let layout = layout_for(players, &list[..len], mdps, end, special, next == n, state.round);
                let frame = layout.frame();
                // The matcher needs two spare bits above the widest weight.
                if frame.total_bits + 2 > W::BITS {
                    return Err(EngineError::Wider(frame.total_bits + 2));
                }
                Ok((layout, frame))
            };
            // A bracket that its best matching pairs whole has no downfloater in any candidate
            // that pairs as many (C.5), so the next scoregroup changes none of C.5–C.19 between
            // those candidates (C.7's next bracket is the same scoregroup for all of them): the
            // best of them, and the first in the order of generation, are the same without it, at
            // a fraction of the cost. Otherwise the next scoregroup joins the list for C.6–C.7.
            // (The explanations keep whole lists, as their traces show them.)
            // (Declared first, so that they outlive every weight that borrows them.)
            let (bracket_layout, list_layout);
            let mut solved = None;
            if !trace && !special && end < list.len() && end.is_multiple_of(2) {
                bracket_layout = layout_of(end)?;
                let (layout, frame) = &bracket_layout;
                let weight = list_weight::<W>(players, &compatibility, &list, end, layout, frame);
                let (matcher, base) = generation::list_matcher(end, mdps, frame.total_bits, weight);
                if (0..end).all(|p| matcher.mate(p).is_some()) {
                    solved = Some((matcher, base, &bracket_layout));
                }
            }
            let (matcher, base, (layout, frame)) = match solved {
                Some(solved) => solved,
                None => {
                    list_layout = layout_of(list.len())?;
                    let (layout, frame) = &list_layout;
                    let weight = list_weight::<W>(players, &compatibility, &list, end, layout, frame);
                    let (matcher, base) = generation::list_matcher(list.len(), mdps, frame.total_bits, weight);
                    (matcher, base, &list_layout)
                }
            };
            let mdp_scores: Vec<Points> = list[..mdps].iter().map(|&v| score(v)).collect();
            let list_guide = guide.as_mut().map(|guide| guide.for_list(&list));
            let shape = Bracket {
                mdps,
                end,
                count_bits: layout.count_bits,
                mdp_scores: &mdp_scores,
                guide: list_guide.as_deref(),
            };
            let (matched, mates) = generation::settle_list(matcher, base, frame.total_bits, &shape);
            (matched, mates, trace.then(|| layout.clone()))
        };
        if !special {
            let pairs: Vec<(usize, usize)> =
                (0..end).filter(|&p| matched[p] && mates[p] > p).map(|p| (list[p], list[mates[p]])).collect();
            if !witness.accept(&pairs) {
                // This bracket is the PPB (A.9): pair it again with everyone below collapsed.
                list.truncate(end);
                next = group_iterator;
                special = true;
                collapsed = true;
                continue;
            }
            for &(a, b) in &pairs {
                witness.retire(a, b);
            }
        }
        if trace {
            let role = match (special, collapsed) {
                (false, _) => Role::Ordinary,
                (true, false) => Role::Last,
                (true, true) if brackets.last().is_some_and(|b: &BracketTrace| b.role != Role::Ordinary) => {
                    Role::Collapsed
                }
                (true, true) => Role::Penultimate,
            };
            let layout = layout.expect("kept when tracing");
            brackets.push(BracketTrace { list: list.clone(), mdps, end, layout, role });
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
    Ok((partner, brackets))
}

/// The widths of one bracket's fields.
pub(super) fn layout_for(
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
        difference_offsets: difference_offsets.into(),
        difference_bits: offset,
        lowest_score,
        special,
        last_next,
        float_rounds: (round as usize - 1).min(2),
    }
}
