//! The quality criteria of 2.3 as fields of one edge weight (docs/engine-design.md, "Criteria as
//! fields of one weight"), for the pairing of one bracket.
//!
//! A pair belongs to the bracket of its lower-scored player: floaters only go down, so a pair of a
//! bracket's outgoing floater with a player of the next scoregroup is a pair of the next bracket.
//! That makes every criterion a sum over pairs:
//! - [C4] (completion, only where the matching spans every player left): one per pair;
//! - [C5] (most pairs): one per pair of the bracket;
//! - [C6] (lowest scores of the outgoing floaters, taken in descending order): one per paired
//!   player of the bracket, counted per score from the highest: the bracket's players are given,
//!   so more paired at a score is fewer floating at it;
//! - [C7] (floaters that let the next bracket comply with [C1]–[C6]): the next bracket's [C5] and
//!   [C6] the same way, over the pairs with a player of the next scoregroup;
//! - [C8] (fewest players without their colour preference): one per pair of the bracket that
//!   grants both preferences (the bracket's pairs are as many in every candidate [C5] leaves).

use std::collections::BTreeMap;

use crate::matching::Weight;
use crate::systems::common::fields::{Frame, Pack, Row, Width};

use super::Round;
use super::player::preferences_agree;

pub(crate) struct Layout {
    pub frame: Frame,
    /// [C4] is the top field (a matching over every player left).
    pub completion: bool,
    in_bracket: Vec<bool>,
    in_list: Vec<bool>,
}

/// Bits that hold the numbers up to `max`.
pub(crate) fn bits_for(max: usize) -> u32 {
    (usize::BITS - max.leading_zeros()).max(1)
}

/// One counter per score of `players`, each as wide as the players at that score need.
fn counters(round: &Round<'_>, players: &[usize]) -> Width {
    let mut per_score: BTreeMap<i64, usize> = BTreeMap::new();
    for &v in players {
        *per_score.entry(round.players[v].score.tenths()).or_insert(0) += 1;
    }
    let mut offsets = BTreeMap::new();
    let mut bits = 0;
    for (score, count) in per_score {
        offsets.insert(score, bits);
        bits += bits_for(count);
    }
    Width::Counters { offsets: offsets.into(), bits }
}

impl Layout {
    /// The layout for pairing `bracket` (its members, by player index) with `next` (the residents
    /// of the next scoregroup) below it, in a matching of `vertices` players, with `tail` bits
    /// left free under the fields for the order of art. 4.
    pub fn new(
        round: &Round<'_>,
        bracket: &[usize],
        next: &[usize],
        vertices: usize,
        completion: bool,
        tail: u32,
    ) -> Layout {
        let mut in_bracket = vec![false; round.n()];
        let mut in_list = vec![false; round.n()];
        for &v in bracket {
            in_bracket[v] = true;
            in_list[v] = true;
        }
        for &v in next {
            in_list[v] = true;
        }
        let list: Vec<usize> = bracket.iter().chain(next).copied().collect();
        let mut widths = Vec::new();
        if completion {
            widths.push(Width::Bits(bits_for(vertices / 2)));
        }
        widths.push(Width::Bits(bits_for(bracket.len() / 2)));
        widths.push(counters(round, bracket));
        widths.push(Width::Bits(bits_for(list.len() / 2)));
        widths.push(counters(round, &list));
        widths.push(Width::Bits(bits_for(bracket.len() / 2)));
        Layout { frame: Frame::new(widths, tail), completion, in_bracket, in_list }
    }

    /// The values of the pair `u`–`v` (players allowed to meet), field by field.
    pub fn row(&self, round: &Round<'_>, u: usize, v: usize, out: &mut impl Row) {
        let (x, y) = (&round.players[u], &round.players[v]);
        let scores = [(x.score.tenths(), 1), (y.score.tenths(), 1)];
        let in_bracket = self.in_bracket[u] && self.in_bracket[v];
        let in_next = self.in_list[u] && self.in_list[v] && !in_bracket;
        if self.completion {
            out.count(1);
        }
        out.count(i64::from(in_bracket));
        out.counters(if in_bracket { &scores } else { &[] });
        out.count(i64::from(in_next));
        out.counters(if in_next { &scores } else { &[] });
        out.count(i64::from(in_bracket && preferences_agree(x, y)));
    }

    pub fn weight<W: Weight>(&self, round: &Round<'_>, u: usize, v: usize) -> W {
        let mut pack = Pack::new(&self.frame);
        self.row(round, u, v, &mut pack);
        pack.finish()
    }
}
