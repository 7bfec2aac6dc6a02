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

use super::criteria::{Frame, Pack, Row, Width, all_ones};

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
    /// The fields in the packed weight.
    pub frame: Frame,
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
        let mut layout = Layout {
            group_size_bits: bits_for(largest).max(1),
            score_offsets,
            score_field_bits: offset.max(1),
            float_rounds: (round as usize - 1).min(2),
            frame: Frame::new(Vec::new(), 0),
        };
        let widths = fields(&layout).into_iter().map(|(_, width)| width).collect();
        layout.frame = Frame::new(widths, layout.ordering_bits());
        layout
    }

    /// Total bits of a weight (without the matcher's headroom).
    pub fn total_bits(&self) -> u32 {
        self.frame.total_bits
    }

    /// The width of the fields below the criteria, kept for the generation-order decisions.
    pub fn ordering_bits(&self) -> u32 {
        3 * self.group_size_bits + 1
    }

    /// The largest weight: all bits of all fields set.
    pub fn max_weight<W: Weight>(&self) -> W {
        all_ones(self.total_bits())
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
    pub fn candidate(&self, p: &DutchPlayer) -> bool {
        p.pab_eligible && self.assignee_score.is_none_or(|s| p.score <= s)
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

/// The criteria of the 2025 rules in priority order, as fields of the edge weight: their names
/// and widths. The order matches [`pair_row`].
pub fn fields(layout: &Layout) -> Vec<(&'static str, Width)> {
    let g = layout.group_size_bits;
    let scores = || Width::Counters {
        offsets: layout.score_offsets.iter().map(|(score, offset)| (score.tenths(), *offset)).collect(),
        bits: layout.score_field_bits,
    };
    let mut fields = vec![
        ("C4", Width::Bits(2)),
        ("C6", Width::Bits(g)),
        ("C7", scores()),
        ("C8", Width::Bits(g)),
        ("C8", scores()),
        ("C9", Width::Bits(2 * g)),
        ("C10", Width::Bits(g)),
        ("C11", Width::Bits(g)),
        ("C12", Width::Bits(g)),
        ("C13", Width::Bits(g)),
    ];
    let names = [["C14", "C15", "C18", "C19"], ["C16", "C17", "C20", "C21"]];
    for back in names.iter().take(layout.float_rounds) {
        fields.push((back[0], Width::Bits(g)));
        fields.push((back[1], Width::Bits(g)));
    }
    for back in names.iter().take(layout.float_rounds) {
        fields.push((back[2], scores()));
        fields.push((back[3], scores()));
    }
    fields
}

/// What the pair `higher` (ranked higher) – `lower` is worth on each criterion of [`fields`].
pub fn pair_row(
    row: &mut impl Row,
    bye: &ByeContext,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    reach: Reach,
    float_rounds: usize,
) {
    let in_bracket = reach == Reach::Bracket;
    let next = reach == Reach::NextBracket;
    let flag = |b: bool| i64::from(b);
    let (high, low) = (higher.score.tenths(), lower.score.tenths());
    // C4/C5 (with C2): complete the round, and keep the bye for a player who may have it at the
    // lowest possible score: pairing two non-candidates is worth most.
    row.count(1 + flag(!bye.candidate(higher)) + flag(!bye.candidate(lower)));
    // C6: the number of pairs in the bracket. C7: the scores of the players paired in the bracket
    // (so that the downfloaters' are as low as possible).
    row.count(flag(in_bracket));
    row.counters(&[(high, flag(in_bracket))]);
    // C8: in the next bracket, as many pairs and as high scores as possible.
    row.count(flag(next));
    row.counters(&[(high, flag(next))]);
    // C9: the PAB assignee should have as few unplayed games as possible.
    let mut unplayed = 0;
    if bye.single_downfloater_gets_bye {
        let rank = |p: &DutchPlayer| {
            if Some(p.score) == bye.assignee_score {
                bye.unplayed_ranks.get(&p.played_games).copied().unwrap_or(0)
            } else {
                0
            }
        };
        unplayed = (rank(higher) + rank(lower)) as i64;
    }
    row.count(unplayed);
    // C10–C13: colours (counted only for pairs inside the bracket).
    for satisfied in colour_fields(higher, lower) {
        row.count(flag(in_bracket && satisfied));
    }
    // C14–C17: repeated floats, one and two rounds back.
    let mdp_pair = higher.score > lower.score;
    for back in 0..float_rounds {
        // C14/C16: a resident who downfloated before is paired (not floated again).
        let down = flag(lower.floats[back] == Float::Down) + flag(!mdp_pair && higher.floats[back] == Float::Down);
        // C15/C17: an MDP's opponent is not again an upfloater.
        let up = flag(!(mdp_pair && lower.floats[back] == Float::Up));
        row.count(if in_bracket { down } else { 0 });
        row.count(if in_bracket { up } else { 0 });
    }
    // C18–C21: the scores involved in those repeated floats.
    for back in 0..float_rounds {
        row.counters(&[
            (low, flag(in_bracket && lower.floats[back] == Float::Down)),
            (high, flag(in_bracket && higher.floats[back] == Float::Down)),
        ]);
        let upfloated_again = mdp_pair && lower.floats[back] == Float::Up;
        row.counters(&[(high, flag(in_bracket && !upfloated_again))]);
    }
}

/// The weight of the pair `higher` (ranked higher) – `lower`, before any generation-order bits.
pub fn edge_weight<W: Weight>(
    layout: &Layout,
    bye: &ByeContext,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    reach: Reach,
) -> W {
    let mut pack = Pack::new(&layout.frame);
    pair_row(&mut pack, bye, higher, lower, reach, layout.float_rounds);
    pack.finish()
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
