//! The 2025 procedure bracket by bracket, each bracket in a matcher of its own list, with the
//! completion of the round (C4) checked by a witness instead of being carried in the weights.
//!
//! [`super::engine`] pairs every bracket in one matcher over all the players, where the edges
//! below the bracket's list carry only C4. That is exact, but the matcher's trees run through the
//! whole lower part of the round (its equal C4 weights make every edge there tight), so each
//! solve costs as much as the round. Here a bracket's list (MDPs, residents, next scoregroup) gets
//! a matcher of its own, whose edges have the same weights without C4, and a list player left
//! unmatched stands for one matched below. A bracket that can be paired whole is solved without
//! its next scoregroup, and one that leaves a single player to downfloat with one vertex standing
//! for it (why both are exact: in [`pair`]). The rules' choice is then made the same way
//! ([`super::generation::settle`]), and kept only if the round can still be completed.
//!
//! Why that is exact. Among the pairings that complete the round with the PAB to a player who may
//! have it (C4, C5), C4's field has the same total (every player is paired but the one PAB), so the
//! global matcher's optimum is the best list matching whose unmatched players, with everyone
//! below, can be paired. Call `R` the list matchings best on the fields below C4 and `T` those that
//! also leave a completable rest. If the list matching `L` this module settles on, the first of
//! `R` in the order of generation, leaves a completable rest, the optima of both problems have
//! the same value, so `T` is `R` less the uncompletable ones, and `L`, first in `R`, is first in
//! `T`: the global procedure's choice. The completion is shown by building one ([`Witness`]). When
//! none exists, C4 decides in that bracket: the global procedure pairs the round on from there
//! (the caller does that on `Ok(Err(progress))`), with the pairs of the brackets before fixed.

use crate::matching::{Matcher, Weight};
use crate::model::Points;
use crate::state::RoundState;

use super::bye::{bye_facts, completion_bits, place_bye};
use super::compatibility::Compatibility;
use super::generation::{self, Bracket};
use super::next_bracket::NextBracket;
use super::player::DutchPlayer;
use super::progress::{BracketTrace, EngineError, HEADROOM_BITS, Paired, Progress};
use super::weights::{self, BracketLayout, ByeContext, Completion, Reach, SameScoreWeights};
use super::witness::Witness;
use crate::systems::common::fields::Frame;

/// A first completion of the round, and the bye facts (C5); or `NoValidPairing`.
fn first_witness<'a>(
    players: &[DutchPlayer],
    compatible: &'a Compatibility,
) -> Result<(Witness<'a>, ByeContext), EngineError> {
    let n = players.len();
    if n.is_multiple_of(2) {
        let mut witness = Witness::new(compatible, None);
        if !witness.complete() {
            // C4 for an even field: a perfect matching.
            return Err(EngineError::NoValidPairing);
        }
        return Ok((witness, ByeContext::default()));
    }
    // C5: the PAB goes to the lowest score at which an eligible player can have it with the rest
    // paired (what `place_bye`'s weights maximise): the scores are tried from the lowest up, each
    // with a witness, which costs a matcher only where the search fails.
    let mut scores: Vec<Points> = players.iter().map(|p| p.score).collect();
    scores.dedup();
    for &bye_score in scores.iter().rev() {
        let allowed: Vec<bool> = players.iter().map(|p| p.pab_eligible && p.score == bye_score).collect();
        if !allowed.contains(&true) {
            continue;
        }
        let mut witness = Witness::new(compatible, Some(allowed));
        if !witness.complete() {
            continue;
        }
        if bye_score >= players[0].score {
            // The PAB in the top scoregroup: C9's fact in the first bracket is read from the
            // matching of `place_bye`, so that solve decides.
            break;
        }
        let bye = bye_facts(players, bye_score, false);
        witness.allow_bye(players.iter().map(|p| bye.candidate(p)).collect());
        return Ok((witness, bye));
    }
    // The same solve as the global procedure's, in a narrow integer when its fields fit.
    let (group_bits, index_bits) = completion_bits(players);
    if 2 + index_bits + group_bits + 2 <= u64::BITS {
        place_bye_in::<u64>(players, compatible)
    } else {
        place_bye_in::<u128>(players, compatible)
    }
}

/// Places the PAB ([`place_bye`]) with a matcher of `V` weights, whose matching is the witness.
fn place_bye_in<'a, V: Weight>(
    players: &[DutchPlayer],
    compatible: &'a Compatibility,
) -> Result<(Witness<'a>, ByeContext), EngineError> {
    let mut matcher = Matcher::<V>::new(players.len());
    let bye = place_bye(players, compatible, &mut matcher)?;
    let allowed = players.iter().map(|p| bye.candidate(p)).collect();
    let mut witness = Witness::new(compatible, Some(allowed));
    witness.take_matching(|v| matcher.mate(v));
    Ok((witness, bye))
}

/// What the edge weights of a bracket list are computed from: the list (whose players from
/// `bracket_end` on are the next scoregroup's) and the round's facts, all but the frame the
/// weights are packed in, which each way of solving the bracket lays out for its own list.
struct ListWeights<'a> {
    players: &'a [DutchPlayer],
    compatible: &'a Compatibility,
    list: &'a [usize],
    bracket_end: usize,
    float_rounds: usize,
    bye: &'a ByeContext,
}

impl ListWeights<'_> {
    /// The edge weights of the list packed in `frame`, by positions in the list: a pair of one
    /// score inside the bracket from its players' parts ([`SameScoreWeights`]), any other as
    /// [`Self::weight`] packs it.
    fn in_frame<'f, W: Weight + 'f>(&'f self, frame: &'f Frame) -> impl Fn(usize, usize) -> W + 'f {
        let bracket = self.list[..self.bracket_end].iter().map(|&v| &self.players[v]);
        let same_score = SameScoreWeights::new(frame, self.float_rounds, self.bye, bracket);
        move |smaller, larger| {
            let (higher, lower) = (self.list[smaller], self.list[larger]);
            let (h, l) = (&self.players[higher], &self.players[lower]);
            if larger < self.bracket_end && h.score == l.score && self.compatible.get(higher, lower) {
                same_score.weight(smaller, larger, h, l)
            } else {
                let reach = if larger < self.bracket_end { Reach::Bracket } else { Reach::NextBracket };
                self.weight(frame, higher, lower, reach)
            }
        }
    }

    /// The weight of the pair of players `higher` (ranked higher) and `lower` (zero if they may
    /// not meet).
    fn weight<W: Weight>(&self, frame: &Frame, higher: usize, lower: usize, reach: Reach) -> W {
        if self.compatible.get(higher, lower) {
            let (higher, lower) = (&self.players[higher], &self.players[lower]);
            weights::edge_weight(frame, self.float_rounds, self.bye, higher, lower, reach, Completion::Left)
        } else {
            W::zero()
        }
    }
}

/// Runs `$run::<V>(args)` with the weight type `V` of a list whose weights take `$bits` bits: the
/// round's type `$round`, sized for its widest list ([`super::engine::round_bits`]), or `u128`
/// when the round's is wider and the list fits in `u128`: the matcher then moves two limbs a
/// weight instead of four or more. The weights, and so the pairing, are the same in either.
macro_rules! in_list_width {
    ($round:ty, $bits:expr, $run:ident ( $($arg:expr),* )) => {
        if <$round as Weight>::BITS > u128::BITS && $bits + HEADROOM_BITS <= u128::BITS {
            $run::<u128>($($arg),*)
        } else {
            $run::<$round>($($arg),*)
        }
    };
}

/// The bracket solved and settled without the next scoregroup, when its best matching pairs every
/// player of it; `None` otherwise. Returns, per position, whether the player is paired, and the
/// mates ([`generation::settle_list`]).
fn pair_alone<W: Weight>(
    weights: &ListWeights,
    layout: &BracketLayout,
    shape: &Bracket,
) -> Option<(Vec<bool>, Vec<usize>)> {
    let end = weights.bracket_end;
    let (matcher, base) =
        generation::list_matcher(end, shape.mdps, layout.bits(), weights.in_frame::<W>(&layout.frame));
    let whole = (0..end).all(|p| matcher.mate(p).is_some());
    whole.then(|| generation::settle_list(matcher, base, layout.bits(), shape))
}

/// The bracket solved and settled with one vertex for the next scoregroup (position
/// `bracket_end`), when its best matching leaves exactly one player of it to downfloat; `None`
/// otherwise. The vertex is joined to each player by the weight the next bracket's pairs gain
/// when that player downfloats: the player's edge to their partner there ([`NextBracket`]), less
/// the edge of the pair of the scoregroup they break, if any (of the fields below C4 those edges
/// hold C8's alone, since C9 counts nothing here).
fn pair_with_downfloat_vertex<W: Weight>(
    weights: &ListWeights,
    layout: &BracketLayout,
    shape: &Bracket,
    next: &NextBracket,
) -> Option<(Vec<bool>, Vec<usize>)> {
    let (list, end) = (weights.list, weights.bracket_end);
    let next_weight = |higher, lower| weights.weight::<W>(&layout.frame, higher, lower, Reach::NextBracket);
    let downfloat: Vec<W> = (0..end)
        .map(|p| match next.downfloat(p) {
            Some(below) => {
                let mut gain = next_weight(list[p], below.partner);
                if let Some((g, h)) = below.displaced {
                    gain.sub_in_place(&next_weight(g, h));
                }
                gain
            }
            None => W::zero(),
        })
        .collect();
    let inner = weights.in_frame::<W>(&layout.frame);
    let weight = |smaller: usize, larger: usize| {
        if larger == end { downfloat[smaller].clone() } else { inner(smaller, larger) }
    };
    let (matcher, base) = generation::list_matcher(end + 1, shape.mdps, layout.bits(), weight);
    let paired_inside = (0..end).filter(|&p| matcher.mate(p).is_some_and(|m| m < end)).count();
    (paired_inside == end - 1).then(|| generation::settle_list(matcher, base, layout.bits(), shape))
}

/// The whole list (the bracket and the next scoregroup) solved and settled.
fn pair_whole_list<W: Weight>(
    weights: &ListWeights,
    layout: &BracketLayout,
    shape: &Bracket,
) -> (Vec<bool>, Vec<usize>) {
    let weight = weights.in_frame::<W>(&layout.frame);
    let (matcher, base) = generation::list_matcher(weights.list.len(), shape.mdps, layout.bits(), weight);
    generation::settle_list(matcher, base, layout.bits(), shape)
}

/// Pairs a round as [`super::engine::pair`] does, bracket list by bracket list. `Ok(Err(progress))`:
/// a bracket's best list matching leaves a round that cannot be completed, so C4 decides there;
/// the global procedure pairs the round on from `progress`. `guide` as for
/// [`super::engine::pair`].
pub(super) fn pair<W: Weight>(
    players: &[DutchPlayer],
    compatible: &Compatibility,
    state: &RoundState,
    trace: bool,
    guide: Option<&[Option<usize>]>,
) -> Result<Result<Paired, Progress>, EngineError> {
    let n = players.len();
    let mut guide = guide.map(generation::Guide::new);
    let (mut witness, bye) = first_witness(players, compatible)?;
    let float_rounds = weights::Layout::float_rounds(state.round);
    let score = |v: usize| players[v].score;
    let mut progress = Progress::start(players, bye, trace);
    while progress.bracket.len() > 1 || progress.next < n {
        let Progress { partner, bracket, mdps, next, bye, paired_brackets, traces } = &mut progress;
        let mdp_count = *mdps;
        let bracket_end = bracket.len();
        let next_group_start = *next;
        if *next < n {
            let group = score(*next);
            while *next < n && score(*next) >= group {
                bracket.push(*next);
                *next += 1;
            }
        }
        // The bracket's list solved and settled: who of the bracket is paired, their mates by
        // position, the pairs of the list's matching as players, and the list's frame (traces).
        let (settled, mates, pairs, frame) = {
            // The weights of a list: the bracket's players, then those of the next scoregroup if any.
            let layout_of = |scores: &[Points]| -> Result<BracketLayout, EngineError> {
                let bye_ranks = if bye.single_downfloater_gets_bye {
                    bracket[..scores.len()].iter().map(|&v| bye.rank(&players[v])).sum()
                } else {
                    0
                };
                let layout = BracketLayout::new(scores, bracket_end, bye_ranks, float_rounds);
                let bits = layout.bits();
                if bits + HEADROOM_BITS > W::BITS {
                    return Err(EngineError::Wider(bits + HEADROOM_BITS));
                }
                Ok(layout)
            };
            let scores: Vec<Points> = bracket.iter().map(|&v| score(v)).collect();
            let list: &[usize] = bracket;
            let list_weights = ListWeights { players, compatible, list, bracket_end, float_rounds, bye };
            // The guide's partners by list position. A matcher of fewer positions reads only the
            // positions it has: step 4 guesses among the residents.
            let list_guide = guide.as_mut().map(|guide| guide.for_list(list));
            let mdp_scores: Vec<Points> = bracket[..mdp_count].iter().map(|&v| score(v)).collect();
            let shape = |layout: &BracketLayout| Bracket {
                mdps: mdp_count,
                end: bracket_end,
                count_bits: layout.count_bits,
                mdp_scores: &mdp_scores,
                guide: list_guide.as_deref(),
            };
            // The pairs of a settled list matching of `len` positions, as players.
            let pairs_of = |mates: &[usize], len: usize| -> Vec<(usize, usize)> {
                (0..len).filter(|&p| mates[p] > p && mates[p] < len).map(|p| (list[p], list[mates[p]])).collect()
            };
            let c9_next =
                n % 2 == 1 && next_group_start < n && bye.assignee_score.is_some_and(|b| b >= score(next_group_start));
            let alone_possible = !c9_next && traces.is_none() && bracket_end < list.len();
            let mut solved = None;
            // A bracket that its best matching pairs whole has no downfloater in any candidate
            // that pairs as many (C6). The players left to complete the round are then the same
            // for all of them, so the next scoregroup changes none of C4 and C6–C21 between those
            // candidates: the best of them, and the first in the order of generation, are the
            // same without it, at a fraction of the cost. Otherwise the next scoregroup joins the
            // list for C7–C9. Not when C9 may apply to the next bracket: that question (below)
            // reads how the whole list's matching pairs the next scoregroup. (The explanations
            // keep whole lists, as their traces show them.)
            if alone_possible && bracket_end.is_multiple_of(2) {
                let layout = layout_of(&scores[..bracket_end])?;
                let alone = in_list_width!(W, layout.bits(), pair_alone(&list_weights, &layout, &shape(&layout)));
                solved = alone.map(|(settled, mates)| {
                    let pairs = pairs_of(&mates, bracket_end);
                    (settled, mates, pairs)
                });
            }
            // A bracket whose best matching leaves one player to downfloat: the next scoregroup
            // can only tell its candidates apart by C8, by how the next bracket pairs that player
            // ([`NextBracket`]), so one vertex stands for it ([`pair_with_downfloat_vertex`]).
            // The completion below is then checked with the next bracket's pairs that C8 counted,
            // as for a whole list.
            if alone_possible && !bracket_end.is_multiple_of(2) && !bye.single_downfloater_gets_bye {
                let next = NextBracket::new(compatible, &list[bracket_end..], &list[..bracket_end]);
                let mut list_scores = scores[..bracket_end].to_vec();
                list_scores.push(scores[bracket_end]);
                let layout = layout_of(&list_scores)?;
                let shape = shape(&layout);
                let with_vertex =
                    in_list_width!(W, layout.bits(), pair_with_downfloat_vertex(&list_weights, &layout, &shape, &next));
                solved = with_vertex.map(|(settled, mates)| {
                    let mut pairs = pairs_of(&mates, bracket_end);
                    let downfloater = (0..bracket_end).find(|&p| mates[p] == bracket_end);
                    let below = downfloater.and_then(|p| next.downfloat(p));
                    pairs.extend(next.pairs(below.as_ref()));
                    (settled, mates, pairs)
                });
            }
            match solved {
                Some((settled, mates, pairs)) => (settled, mates, pairs, None),
                None => {
                    let layout = layout_of(&scores)?;
                    let (settled, mates) =
                        in_list_width!(W, layout.bits(), pair_whole_list(&list_weights, &layout, &shape(&layout)));
                    let pairs = pairs_of(&mates, list.len());
                    (settled, mates, pairs, traces.is_some().then(|| layout.frame.clone()))
                }
            }
        };

        // The list matching must leave a round that can be completed (C4).
        if !witness.accept(&pairs) {
            tracing::debug!(bracket = *paired_brackets, "C4 decides: the global procedure pairs the round on");
            bracket.truncate(bracket_end);
            *next = next_group_start;
            return Ok(Err(progress));
        }
        if let Some(traces) = traces {
            traces.push(BracketTrace {
                list: bracket.clone(),
                mdps: mdp_count,
                end: bracket_end,
                bye: bye.clone(),
                frame: frame.expect("kept when tracing"),
            });
        }
        *paired_brackets += 1;

        // The unpaired players of the bracket move down; the next scoregroup joins them. C9 asks
        // whether any of them is paired below the next scoregroup, read here from the witness as
        // `engine::run` reads it from its matcher. It only matters when the PAB's score is in the
        // list, and then every optimum pairs below the list's unmatched players less the PAB: the
        // same answer from any completion.
        let next_score = (next_group_start < n).then(|| score(next_group_start));
        let mut single = n % 2 == 1 && next_score.is_some_and(|s| bye.assignee_score.is_some_and(|b| b >= s));
        let mut new_bracket = Vec::new();
        *mdps = 0;
        for (position, &v) in bracket.iter().enumerate() {
            if position < bracket_end && settled[position] {
                let mate = bracket[mates[position]];
                partner[v] = Some(mate);
                if v < mate {
                    witness.retire(v, mate);
                }
            } else {
                new_bracket.push(v);
                if position < bracket_end {
                    *mdps += 1;
                }
                if single && next_score.is_some_and(|s| score(witness.partner(v)) < s) {
                    single = false;
                }
            }
        }
        bye.single_downfloater_gets_bye = single;
        *bracket = new_bracket;
    }
    let Progress { mut partner, traces, .. } = progress;
    for v in 0..n {
        if let Some(mate) = partner[v] {
            partner[mate] = Some(v);
        }
    }
    Ok(Ok(Paired { partners: partner, brackets: traces.unwrap_or_default() }))
}
