//! The Dutch criteria as fields of one edge weight.
//!
//! A pair of players gets one integer whose bit fields are the criteria in priority order, most
//! important on top; each field is wide enough that its sum over all the pairs of a matching
//! cannot carry into the field above. A matching of maximum total weight is then the pairing that
//! is best on the first criterion, then the second, and so on. Absolute criteria (C1, C3) remove
//! the edge (weight zero). The lowest fields are left empty here: the bracket procedure uses them to
//! settle the rules of sequential generation (C.04.3 art. 4) one decision at a time.
//!
//! Each criterion is a [`Field`] that declares its width and its value for a pair, so the same
//! definitions give the weights and, summed per bracket, the criterion-by-criterion explanation of
//! a pairing.

use std::collections::BTreeMap;

use crate::matching::Weight;
use crate::model::Points;

use super::player::{DutchPlayer, Float};
use crate::state::RoundState;

/// Bits needed to count up to `value`.
pub fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Field widths that depend on the round: the largest scoregroup, and one counter per scoregroup.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Bits to count the players of the largest scoregroup.
    pub group_size_bits: u32,
    /// Bit offset of each scoregroup's counter inside a per-score field (lowest score at 0).
    pub score_offsets: BTreeMap<Points, u32>,
    /// Total width of a per-score field.
    pub score_field_bits: u32,
    /// True when the previous round (and the one before) exist, so float criteria apply.
    pub float_rounds: usize,
}

impl Layout {
    /// `players` sorted by pairing score, highest first.
    pub fn new(players: &[DutchPlayer], round: u32) -> Layout {
        let mut score_offsets = BTreeMap::new();
        let mut offset = 0;
        let mut largest = 0;
        // From the lowest score up, each scoregroup gets a counter as wide as its size needs.
        let mut index = players.len();
        while index > 0 {
            let score = players[index - 1].score;
            let start = players[..index].iter().rposition(|p| p.score != score).map_or(0, |i| i + 1);
            let size = index - start;
            score_offsets.insert(score, offset);
            offset += bits_for(size);
            largest = largest.max(size);
            index = start;
        }
        Layout {
            group_size_bits: bits_for(largest).max(1),
            score_offsets,
            score_field_bits: offset.max(1),
            float_rounds: (round as usize - 1).min(2),
        }
    }

    fn score_bit(&self, score: Points) -> u32 {
        self.score_offsets.get(&score).copied().unwrap_or(0)
    }

    /// Total bits of a weight (without the matcher's headroom).
    pub fn total_bits(&self) -> u32 {
        let g = self.group_size_bits;
        let s = self.score_field_bits;
        let mut bits = 2 + g + s + g + s + 2 * g + 4 * g;
        if self.float_rounds >= 1 {
            bits += 2 * g;
        }
        if self.float_rounds >= 2 {
            bits += 2 * g;
        }
        if self.float_rounds >= 1 {
            bits += 2 * s;
        }
        if self.float_rounds >= 2 {
            bits += 2 * s;
        }
        bits + 3 * g + 1
    }

    /// The width of the fields below the criteria, kept for the generation-order decisions.
    pub fn ordering_bits(&self) -> u32 {
        3 * self.group_size_bits + 1
    }

    /// The largest weight: all bits of all fields set.
    pub fn max_weight<W: Weight>(&self) -> W {
        let mut w = W::zero();
        // Build 2^bits − 1 without ever shifting by the full width.
        for _ in 0..self.total_bits() {
            w.shl_in_place(1);
            w.or_u64_in_place(1);
        }
        w
    }
}

/// Where the lower player of a pair stands relative to the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Both in the current bracket.
    Bracket,
    /// The lower player is in the next scoregroup.
    NextBracket,
    /// Further down: only completion and the bye count.
    Beyond,
}

/// The round-wide facts the bye criteria need.
#[derive(Clone, Debug, Default)]
pub struct ByeContext {
    /// The score of the player who gets the PAB, when the player count is odd (C5).
    pub assignee_score: Option<Points>,
    /// C9 applies: the bracket downfloats exactly one player, who will get the PAB.
    pub single_downfloater_gets_bye: bool,
    /// For C9: a rank per number of played games among the players with the bye score, so that
    /// summing ranks over the paired players prefers leaving out the one who played most.
    pub unplayed_ranks: BTreeMap<u32, u64>,
}

impl ByeContext {
    fn candidate(&self, p: &DutchPlayer) -> bool {
        p.pab_eligible && self.assignee_score.is_none_or(|s| p.score <= s)
    }
}

/// A weight being built field by field, most important first.
struct Builder<W: Weight> {
    value: W,
}

impl<W: Weight> Builder<W> {
    fn new(top: u64) -> Self {
        Builder { value: W::from_u64(top) }
    }

    /// Opens a field of `bits` bits and puts a small value in it.
    fn field(&mut self, bits: u32, value: u64) {
        self.value.shl_in_place(bits);
        self.value.or_u64_in_place(value);
    }

    /// Opens a per-score field and adds `count` at the counter of each listed score.
    fn score_field(&mut self, layout: &Layout, scores: &[(Points, u64)]) {
        self.value.shl_in_place(layout.score_field_bits);
        for &(score, count) in scores {
            if count > 0 {
                let mut unit = W::from_u64(count);
                unit.shl_in_place(layout.score_bit(score));
                self.value.add_in_place(&unit);
            }
        }
    }
}

/// C1, C3 and the forbidden pairs: may the two meet at all?
pub fn compatible(state: &RoundState, a: &DutchPlayer, b: &DutchPlayer, met: bool) -> bool {
    if met {
        return false;
    }
    // C3: non-topscorers with the same absolute colour preference shall not meet.
    let same_absolute = a.is_absolute() && b.is_absolute() && a.preference == b.preference;
    !same_absolute || (state.is_final_round() && (a.topscorer || b.topscorer))
}

/// The weight of the pair `higher` (ranked higher) – `lower`, before any generation-order bits.
pub fn edge_weight<W: Weight>(
    layout: &Layout,
    bye: &ByeContext,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    reach: Reach,
) -> W {
    let g = layout.group_size_bits;
    let in_bracket = reach == Reach::Bracket;
    // C4/C5 (with C2): complete the round, and keep the bye for a player who may have it at the
    // lowest possible score: pairing two non-candidates is worth most.
    let mut b = Builder::<W>::new(1 + u64::from(!bye.candidate(higher)) + u64::from(!bye.candidate(lower)));
    // C6: the number of pairs in the bracket.
    b.field(g, u64::from(in_bracket));
    // C7: the scores of the players paired in the bracket (so the downfloaters' are lowest).
    b.score_field(layout, &[(higher.score, u64::from(in_bracket))]);
    // C8: in the next bracket, as many pairs and as high scores as possible.
    b.field(g, u64::from(reach == Reach::NextBracket));
    b.score_field(layout, &[(higher.score, u64::from(reach == Reach::NextBracket))]);
    // C9: the PAB assignee should have as few unplayed games as possible.
    let mut unplayed = 0;
    if bye.single_downfloater_gets_bye {
        let rank = |p: &DutchPlayer| {
            if Some(p.score) == bye.assignee_score { bye.unplayed_ranks.get(&p.played_games).copied().unwrap_or(0) } else { 0 }
        };
        unplayed = rank(higher) + rank(lower);
    }
    b.field(2 * g, unplayed);
    // C10–C13: colours (counted only for pairs inside the bracket).
    for satisfied in colour_fields(higher, lower) {
        b.field(g, u64::from(in_bracket && satisfied));
    }
    // C14–C21: repeated floats, one and two rounds back.
    let float_counts = |back: usize| {
        let lower_was_down = lower.floats[back] == Float::Down;
        let higher_was_down = higher.floats[back] == Float::Down;
        let mdp_pair = higher.score > lower.score;
        // C14/C16: a resident who downfloated before is paired (not floated again).
        let down = u64::from(lower_was_down) + u64::from(!mdp_pair && higher_was_down);
        // C15/C17: an MDP's opponent is not again an upfloater.
        let up = u64::from(!(mdp_pair && lower.floats[back] == Float::Up));
        (down, up)
    };
    for back in 0..layout.float_rounds {
        let (down, up) = float_counts(back);
        b.field(g, if in_bracket { down } else { 0 });
        b.field(g, if in_bracket { up } else { 0 });
    }
    for back in 0..layout.float_rounds {
        let lower_was_down = lower.floats[back] == Float::Down;
        let higher_was_down = higher.floats[back] == Float::Down;
        // C18/C20: the scores of downfloaters who downfloated before, as low as possible (so the
        // paired ones' as high as possible).
        let scores = if in_bracket {
            vec![(lower.score, u64::from(lower_was_down)), (higher.score, u64::from(higher_was_down))]
        } else {
            vec![]
        };
        b.score_field(layout, &scores);
        // C19/C21: the scores of the opponents of MDPs who upfloated before.
        let upfloated_again = higher.score > lower.score && lower.floats[back] == Float::Up;
        let scores = if in_bracket && !upfloated_again { vec![(higher.score, 1)] } else { vec![] };
        b.score_field(layout, &scores);
    }
    // The generation-order fields, filled by the bracket procedure.
    b.field(layout.ordering_bits(), 0);
    b.value
}

/// C10–C13 for one pair: is each colour criterion satisfied?
///
/// C10: no topscorer (or opponent) gets a colour difference beyond ±2 — both players with an
/// absolute colour imbalance towards the same colour cannot both be helped. C11: no one gets the same
/// colour three times — with the same absolute preference, the player who loses it (the one with the
/// smaller colour difference, see 5.2.2) must not already have had that colour twice. C12: both
/// preferences granted. C13: no strong preference lost to another strong (or absolute) one.
pub fn colour_fields(higher: &DutchPlayer, lower: &DutchPlayer) -> [bool; 4] {
    let same = higher.preference.is_some() && higher.preference == lower.preference;
    let c10 = !(lower.absolute_imbalance() && higher.absolute_imbalance() && same);
    let c11 = if !(lower.is_absolute() && higher.is_absolute() && same) {
        true
    } else if lower.imbalance == higher.imbalance {
        lower.repeated.is_none() || lower.repeated != higher.repeated
    } else {
        let loser = if lower.imbalance > higher.imbalance { higher } else { lower };
        loser.repeated != lower.preference.map(crate::model::Colour::opposite)
    };
    let c12 = crate::state::compatible_preferences(lower.preference, higher.preference);
    let strongish = |p: &DutchPlayer| p.is_strong() || p.is_absolute();
    let c13 = !strongish(lower) || !strongish(higher) || (lower.is_absolute() && higher.is_absolute()) || !same;
    [c10, c11, c12, c13]
}
