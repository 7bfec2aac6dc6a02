//! The Dutch criteria as fields of one edge weight.
//!
//! A pair of players gets one integer whose bit fields are the criteria in priority order, most
//! important on top; each field is wide enough that its sum over all the pairs of a matching
//! cannot carry into the field above. A matching of maximum total weight is then the pairing that
//! is best on the first criterion, then the second, and so on. Absolute criteria (C1, C3) remove
//! the edge (weight zero). The lowest fields are left empty here: the bracket procedure uses them to
//! settle the rules of sequential generation (C.04.3 art. 4) one decision at a time.
//!
//! [`pair_row`] gives a pair's value on each criterion, in the order of [`fields`], so the same
//! definitions give the weights and, summed per bracket, the criterion-by-criterion explanation of
//! a pairing. The engine packs each bracket with fields only as wide as that bracket needs
//! ([`BracketLayout`]), which keeps the weights a few limbs long in large rounds.

use std::collections::BTreeMap;

use crate::matching::Weight;
use crate::model::Points;

use crate::systems::common::fields::{Frame, Pack, Row, Width};

use super::player::{DutchPlayer, Float};
use crate::state::RoundState;

/// Bits needed to count up to `value`.
pub fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// The fields of a round as a whole: counts as wide as the largest scoregroup, and a counter
/// for every scoregroup in each per-score field.
///
/// Explanations pack candidates of any bracket with it; the engine packs each bracket's weights
/// in the narrower [`BracketLayout`].
#[derive(Clone, Debug)]
pub struct Layout {
    /// How many earlier rounds the float criteria look at (0, 1 or 2).
    pub float_rounds: usize,
    /// The fields in the packed weight.
    pub frame: Frame,
}

impl Layout {
    /// `players` sorted by pairing score, highest first.
    pub fn new(players: &[DutchPlayer], round: u32) -> Layout {
        let largest = players.chunk_by(|a, b| a.score == b.score).map(<[DutchPlayer]>::len).max().unwrap_or(0);
        let float_rounds = Layout::float_rounds(round);
        let count_bits = bits_for(largest).max(1);
        let widths = FieldWidths::uniform(count_bits, score_counters(players.iter().map(|p| p.score)));
        Layout { float_rounds, frame: frame(&widths, float_rounds, count_bits) }
    }

    /// How many earlier rounds the float criteria of round `round` look at (0, 1 or 2).
    pub fn float_rounds(round: u32) -> usize {
        (round.max(1) as usize - 1).min(2)
    }
}

/// The fields of one bracket's weights (its MDPs and residents, and the next scoregroup).
///
/// Each field is only as wide as its sum over a matching of this bracket can get: a per-score
/// field has counters only for the scores present (C7 and C18–C21, which count pairs inside the
/// bracket, only for the bracket's own scores), each as wide as the number of its players there,
/// and a count field is as wide as the bracket's pairs or players. In a round of many
/// scoregroups that is a fraction of the round-wide [`Layout`], so the matcher's weights take
/// fewer limbs. C4 sits at the top of the round's weight in every bracket ([`Self::lift_to`]),
/// where the edges outside the bracket, which carry only C4, keep it.
#[derive(Clone, Debug)]
pub struct BracketLayout {
    /// Bits to count the list's players, for the generation-order indices (the tail).
    pub count_bits: u32,
    pub frame: Frame,
}

impl BracketLayout {
    /// `scores`: the scores of the list (MDPs, residents, then the next scoregroup), whose first
    /// `end` players form the bracket. `bye_ranks`: the largest sum of C9 ranks a matching of the
    /// list can have.
    pub fn new(scores: &[Points], end: usize, bye_ranks: u64, float_rounds: usize) -> BracketLayout {
        let widths = FieldWidths {
            pairs: bits_for(end / 2),
            players: bits_for(end),
            next_pairs: bits_for(scores.len() / 2),
            bye_ranks: bits_for(bye_ranks as usize),
            in_bracket: score_counters(scores[..end].iter().copied()),
            in_list: score_counters(scores.iter().copied()),
        };
        let count_bits = bits_for(scores.len()).max(1);
        BracketLayout { count_bits, frame: frame(&widths, float_rounds, count_bits) }
    }

    /// Bits of the bracket's fields, from C4 down to the generation-order tail.
    pub fn bits(&self) -> u32 {
        self.frame.total_bits
    }

    /// Moves C4 to the top of a round's weights of `round_bits` bits (at least [`Self::bits`]).
    pub fn lift_to(&mut self, round_bits: u32) {
        self.frame.lift_first_field(round_bits);
    }
}

/// The fields in priority order, above a generation-order tail of `3 · count_bits + 1` bits.
fn frame(widths: &FieldWidths, float_rounds: usize, count_bits: u32) -> Frame {
    let widths = fields(widths, float_rounds).into_iter().map(|(_, width)| width).collect();
    Frame::new(widths, 3 * count_bits + 1)
}

/// A per-score field for these players' scores: a counter per score, from the lowest up, each as
/// wide as the number of players with that score needs.
fn score_counters(scores: impl IntoIterator<Item = Points>) -> Width {
    // Counted by sorting: a list's scores are a few runs of equal ones.
    let mut scores: Vec<Points> = scores.into_iter().collect();
    scores.sort_unstable();
    let mut offsets = BTreeMap::new();
    let mut offset = 0;
    for equal in scores.chunk_by(|a, b| a == b) {
        offsets.insert(equal[0].tenths(), offset);
        offset += bits_for(equal.len());
    }
    Width::Counters { offsets: offsets.into(), bits: offset }
}

/// Where the lower player of a pair stands relative to the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Both in the current bracket.
    Bracket,
    /// The lower player is in the next scoregroup.
    NextBracket,
    /// Further down: only completion (C4) counts. The weight keeps nothing else, so it stays
    /// valid from bracket to bracket whatever each bracket's layout: C9 would only tell apart
    /// candidates that pair a bracket player this far down, and those already lose on C6–C8.
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

    /// A player's C9 rank: by played games among the players with the bye score (0 for others).
    pub fn rank(&self, p: &DutchPlayer) -> u64 {
        if Some(p.score) == self.assignee_score {
            self.unplayed_ranks.get(&p.played_games).copied().unwrap_or(0)
        } else {
            0
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

/// How wide each kind of field is: what a field counts bounds its sum over a matching.
#[derive(Clone, Debug)]
pub struct FieldWidths {
    /// Pairs inside the bracket (C6, C10–C13, C15/C17).
    pub pairs: u32,
    /// Players inside the bracket (C14/C16 count up to two per pair).
    pub players: u32,
    /// Pairs of the next bracket (C8's count).
    pub next_pairs: u32,
    /// C9's sum of ranks.
    pub bye_ranks: u32,
    /// The per-score fields that count inside the bracket (C7, C18–C21).
    pub in_bracket: Width,
    /// C8's per-score field, over the next bracket too.
    pub in_list: Width,
}

impl FieldWidths {
    /// Every count as wide as `count_bits` (C9's ranks twice that) and every per-score field laid
    /// out as `counters`: wide enough for any bracket of a round whose largest scoregroup needs
    /// `count_bits`.
    pub fn uniform(count_bits: u32, counters: Width) -> FieldWidths {
        FieldWidths {
            pairs: count_bits,
            players: count_bits,
            next_pairs: count_bits,
            bye_ranks: 2 * count_bits,
            in_bracket: counters.clone(),
            in_list: counters,
        }
    }
}

/// The criteria of the 2025 rules in priority order, as fields of the edge weight: their names
/// and widths. The order matches [`pair_row`].
pub fn fields(widths: &FieldWidths, float_rounds: usize) -> Vec<(&'static str, Width)> {
    let bits = Width::Bits;
    let mut fields = vec![
        ("C4", bits(2)),
        ("C6", bits(widths.pairs)),
        ("C7", widths.in_bracket.clone()),
        ("C8", bits(widths.next_pairs)),
        ("C8", widths.in_list.clone()),
        ("C9", bits(widths.bye_ranks)),
        ("C10", bits(widths.pairs)),
        ("C11", bits(widths.pairs)),
        ("C12", bits(widths.pairs)),
        ("C13", bits(widths.pairs)),
    ];
    let names = [["C14", "C15", "C18", "C19"], ["C16", "C17", "C20", "C21"]];
    for back in names.iter().take(float_rounds) {
        fields.push((back[0], bits(widths.players)));
        fields.push((back[1], bits(widths.pairs)));
    }
    for back in names.iter().take(float_rounds) {
        fields.push((back[2], widths.in_bracket.clone()));
        fields.push((back[3], widths.in_bracket.clone()));
    }
    fields
}

/// The names of the criteria of [`fields`], in priority order.
pub fn field_names(float_rounds: usize) -> Vec<&'static str> {
    fields(&FieldWidths::uniform(1, Width::Bits(1)), float_rounds).into_iter().map(|(name, _)| name).collect()
}

/// What the pair `higher` (ranked higher) – `lower` is worth on each criterion of [`fields`].
pub fn pair_row(
    row: &mut (impl Row + ?Sized),
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
    if bye.single_downfloater_gets_bye && reach != Reach::Beyond {
        unplayed = (bye.rank(higher) + bye.rank(lower)) as i64;
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

/// Whether a pair's weight counts C4, the completion of the round: the matcher over the whole
/// round counts it; a bracket list's matcher leaves the field empty, since a completion witness
/// keeps the round completable instead (`relaxed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    Counted,
    Left,
}

/// Packs a pair's row, with its first field (C4) left empty when `skip_first` is set.
struct CompletionRow<'a, W> {
    pack: Pack<'a, W>,
    skip_first: bool,
}

// Inlined: every list's weights are computed once, and a large list's again for each step that
// asks (generation.rs), some twenty fields a pair, and the calls cost as much as the fields.
impl<W: Weight> Row for CompletionRow<'_, W> {
    #[inline]
    fn count(&mut self, value: i64) {
        let value = if std::mem::take(&mut self.skip_first) { 0 } else { value };
        self.pack.count(value);
    }

    #[inline]
    fn counters(&mut self, entries: &[(i64, i64)]) {
        self.skip_first = false;
        self.pack.counters(entries);
    }
}

/// The weight of the pair `higher` (ranked higher) – `lower`, before any generation-order bits.
pub fn edge_weight<W: Weight>(
    frame: &Frame,
    float_rounds: usize,
    bye: &ByeContext,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    reach: Reach,
    completion: Completion,
) -> W {
    let mut row = CompletionRow { pack: Pack::new(frame), skip_first: completion == Completion::Left };
    pair_row(&mut row, bye, higher, lower, reach, float_rounds);
    row.pack.finish()
}

/// The weights of the pairs inside a bracket whose two players have the same score
/// ([`Reach::Bracket`], C4 left to the completion witness: [`Completion::Left`]), as
/// [`edge_weight`] packs them, from parts computed once a player.
///
/// In such a pair every field of [`pair_row`] counts either one for every pair of that score
/// (C6, C7, and, since neither player is an MDP, C15/C17 and C19/C21), or what one player
/// brings alone, whichever end of the pair they are (C9's rank; C14/C16 and C18/C20, a player who
/// downfloated before), or a colour criterion (C10–C13), which the two decide together. A weight is
/// the sum of each field's count at its place, so the pair's is the higher player's part (with
/// its score's shared one) plus the lower player's plus the colour units satisfied: a few
/// additions instead of some twenty fields packed. Pairs with an MDP on top, where C14–C21 ask who
/// the MDP is, and pairs reaching the next scoregroup keep [`edge_weight`].
pub struct SameScoreWeights<W> {
    /// Per position: the player's own part and the shared part of their score.
    as_higher: Vec<W>,
    /// Per position: the player's own part.
    as_lower: Vec<W>,
    /// C10–C13's units.
    colours: [W; 4],
}

impl<W: Weight> SameScoreWeights<W> {
    /// The parts of `players` (the bracket's, by position) in `frame`, a bracket layout's.
    pub fn new<'p>(
        frame: &Frame,
        float_rounds: usize,
        bye: &ByeContext,
        players: impl Iterator<Item = &'p DutchPlayer>,
    ) -> Self {
        let names = field_names(float_rounds);
        let field = |name: &str| names.iter().position(|n| *n == name).expect("a field of the 2025 rules");
        // One at the field's place (at the key's counter for a per-score field), as `Pack` adds it.
        let unit = |index: usize, key: i64| -> W {
            let offset = match &frame.widths[index] {
                Width::Counters { offsets, .. } => offsets.get(key).unwrap_or(0),
                Width::Bits(_) => 0,
            };
            let mut w = W::zero();
            w.add_shifted_u64(1, frame.bases[index] + offset);
            w
        };
        let (c6, c7, c9) = (field("C6"), field("C7"), field("C9"));
        // Per float round back: who downfloated, the MDP's opponent, and their scores.
        let backs: Vec<[usize; 4]> = [["C14", "C15", "C18", "C19"], ["C16", "C17", "C20", "C21"]]
            .iter()
            .take(float_rounds)
            .map(|names| names.map(field))
            .collect();
        let (mut as_higher, mut as_lower) = (Vec::with_capacity(players.size_hint().0), Vec::new());
        as_lower.reserve_exact(as_higher.capacity());
        for p in players {
            let score = p.score.tenths();
            let mut alone = W::zero();
            if bye.single_downfloater_gets_bye {
                alone.add_shifted_u64(bye.rank(p), frame.bases[c9]);
            }
            let mut shared = unit(c6, score);
            shared.add_in_place(&unit(c7, score));
            for (back, &[down, up, down_scores, up_scores]) in backs.iter().enumerate() {
                if p.floats[back] == Float::Down {
                    alone.add_in_place(&unit(down, score));
                    alone.add_in_place(&unit(down_scores, score));
                }
                shared.add_in_place(&unit(up, score));
                shared.add_in_place(&unit(up_scores, score));
            }
            shared.add_in_place(&alone);
            as_higher.push(shared);
            as_lower.push(alone);
        }
        let colours = ["C10", "C11", "C12", "C13"].map(|name| unit(field(name), 0));
        SameScoreWeights { as_higher, as_lower, colours }
    }

    /// The weight of the pair of positions `smaller` (`higher`) and `larger` (`lower`), two
    /// players of one score who may meet.
    #[inline]
    pub fn weight(&self, smaller: usize, larger: usize, higher: &DutchPlayer, lower: &DutchPlayer) -> W {
        debug_assert!(higher.score == lower.score, "a pair of one score");
        let mut w = self.as_higher[smaller].clone();
        w.add_in_place(&self.as_lower[larger]);
        for (unit, satisfied) in self.colours.iter().zip(colour_fields(higher, lower)) {
            if satisfied {
                w.add_in_place(unit);
            }
        }
        w
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The counters of a per-score field: key (tenths) → offset, and the field's width.
    fn counters(width: &Width) -> (Vec<(i64, u32)>, u32) {
        match width {
            Width::Counters { offsets, bits } => (offsets.iter().collect(), *bits),
            Width::Bits(_) => panic!("not a per-score field"),
        }
    }

    #[test]
    fn a_bracket_counts_only_its_own_scores() {
        // One MDP on 3, four residents on 2, three players on 1.5 in the next scoregroup.
        let scores: Vec<Points> = [30, 20, 20, 20, 20, 15, 15, 15].map(Points::from_tenths).to_vec();
        let layout = BracketLayout::new(&scores, 5, 0, 2);
        let names = field_names(2);
        let widths = &layout.frame.widths;
        let field = |name: &str, nth: usize| {
            let index = names.iter().enumerate().filter(|(_, n)| **n == name).nth(nth).unwrap().0;
            &widths[index]
        };
        // C7 and C18–C21 count pairs inside the bracket: a counter for 3 (one player, 1 bit) and
        // for 2 (four players, 3 bits), none for the next scoregroup.
        for (name, nth) in [("C7", 0), ("C18", 0), ("C19", 0), ("C20", 0), ("C21", 0)] {
            assert_eq!(counters(field(name, nth)), (vec![(20, 0), (30, 3)], 4), "{name}");
        }
        // C8's scores: the pairs of the next bracket may hold anyone of the list.
        assert_eq!(counters(field("C8", 1)), (vec![(15, 0), (20, 2), (30, 5)], 6));
        // Pairs inside a bracket of five: at most 2 (2 bits); its players: 5 (3 bits).
        assert_eq!(field("C6", 0).bits(), 2);
        assert_eq!(field("C12", 0).bits(), 2);
        assert_eq!(field("C14", 0).bits(), 3);
        // Pairs of the next bracket: at most 4 of the 8 players (3 bits); no C9 ranks.
        assert_eq!(field("C8", 0).bits(), 3);
        assert_eq!(field("C9", 0).bits(), 0);
        // Generation-order tail: 3 · bits(8) + 1.
        assert_eq!(layout.frame.bases.last().copied(), Some(13));
    }

    /// The parts of [`SameScoreWeights`] add up to what [`edge_weight`] packs, for every pair of
    /// one score in every scoregroup (with the next one in the list, as a bracket's) of every
    /// round of generated events, with C9 both counted and not, and float rounds 0–2.
    #[test]
    fn same_score_weights_are_the_packed_ones() {
        use crate::generate::{GenerateOptions, generate};
        use crate::state::{Participation, RoundState};
        use crate::systems::SystemId;
        use crate::systems::dutch::{Rules, dutch_players};

        let mut compared = 0;
        for seed in 1..=5 {
            let t = generate(&GenerateOptions::new(SystemId::Dutch2025, 25 + 4 * seed as u32, 9, seed)).unwrap();
            for round in 1..=t.rounds_paired() {
                let state = RoundState::build(&t, round, Participation::Recorded);
                let players = dutch_players(&state, Rules::Dutch2025);
                let groups: Vec<&[DutchPlayer]> = players.chunk_by(|a, b| a.score == b.score).collect();
                // Some C9 ranks by played games, for the rounds where C9 counts.
                let ranks: BTreeMap<u32, u64> =
                    players.iter().enumerate().map(|(i, p)| (p.played_games, i as u64 % 3)).collect();
                for (g, group) in groups.iter().enumerate() {
                    let list: Vec<&DutchPlayer> =
                        group.iter().chain(groups.get(g + 1).into_iter().copied().flatten()).collect();
                    let scores: Vec<Points> = list.iter().map(|p| p.score).collect();
                    let end = group.len();
                    for single in [false, true] {
                        let bye = ByeContext {
                            assignee_score: Some(group[0].score),
                            single_downfloater_gets_bye: single,
                            unplayed_ranks: if single { ranks.clone() } else { BTreeMap::new() },
                        };
                        let bye_ranks = list[..end].iter().map(|p| bye.rank(p)).sum();
                        let float_rounds = Layout::float_rounds(round);
                        let layout = BracketLayout::new(&scores, end, bye_ranks, float_rounds);
                        let fast = SameScoreWeights::<u128>::new(
                            &layout.frame,
                            float_rounds,
                            &bye,
                            list[..end].iter().copied(),
                        );
                        for larger in 0..end {
                            for smaller in 0..larger {
                                let (h, l) = (list[smaller], list[larger]);
                                let packed: u128 = edge_weight(
                                    &layout.frame,
                                    float_rounds,
                                    &bye,
                                    h,
                                    l,
                                    Reach::Bracket,
                                    Completion::Left,
                                );
                                assert_eq!(
                                    fast.weight(smaller, larger, h, l),
                                    packed,
                                    "seed {seed}, round {round}, {smaller}–{larger}"
                                );
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared} pairs compared");
    }

    #[test]
    fn c4_is_lifted_to_the_top_of_the_round() {
        let scores: Vec<Points> = [10, 10, 5].map(Points::from_tenths).to_vec();
        let mut layout = BracketLayout::new(&scores, 2, 0, 0);
        let natural = layout.bits();
        let second = layout.frame.bases[1];
        layout.lift_to(natural + 40);
        assert_eq!(layout.frame.bases[0], natural + 40 - 2);
        assert_eq!(layout.frame.bases[1], second, "the fields below C4 stay");
        assert_eq!(layout.bits(), natural + 40);
    }
}
