//! The Dutch pairing procedure of the 2025 rules (C.04.3), as a sequence of maximum-weight
//! matchings.
//!
//! One matching over all players, with the criteria packed into the edge weights
//! ([`super::weights`]), gives the best pairing on the criteria. The rules then choose among the
//! equally good candidates by their order of generation (art. 4): which MDPs are paired and with
//! whom, which resident exchanges, and who pairs with whom in the remainder. Each of those choices
//! is settled in turn: weights are nudged in the lowest bits to prefer the earlier candidate,
//! the matching is re-solved incrementally, and the choice is fixed before the next one. Brackets
//! are taken from the top scoregroup down (1.9.2); players left unpaired in one bracket are the
//! moved-down players (MDPs) of the next.
//!
//! That one matcher is exact but costs a solve over the whole round per decision; [`pair`] first
//! pairs the brackets in matchers of their own lists ([`super::relaxed`]), and hands the round to
//! this procedure only from the first bracket where completion (C4) decides.

use crate::matching::{Exchange, Matcher, Weight};
use crate::model::Points;
use crate::state::RoundState;

use super::bye::{completion_bits, place_bye};
use super::compatibility::Compatibility;
use super::generation::{self, Bracket, Scope};
use super::player::DutchPlayer;
use super::progress::{BracketTrace, EngineError, HEADROOM_BITS, Paired, Progress};
use super::weights::{self, BracketLayout, ByeContext, Layout, Reach};
use crate::systems::common::fields::{Frame, all_ones};

struct Procedure<'a, W: Weight> {
    players: &'a [DutchPlayer],
    compatible: Compatibility,
    /// How many earlier rounds the float criteria look at.
    float_rounds: usize,
    /// The width of every weight of the round: C4 always sits at its top. At least the width
    /// asked for, fixed once the bye is known.
    round_bits: u32,
    /// The fields of the bracket being paired (before the first bracket, only C4's is used).
    frame: Frame,
    bye: ByeContext,
    matcher: Matcher<W>,
    max_weight: W,
    /// The brackets paired so far, when asked for (explanations).
    trace: Option<Vec<BracketTrace>>,
}

impl<W: Weight> Procedure<'_, W> {
    fn n(&self) -> usize {
        self.players.len()
    }

    fn score(&self, v: usize) -> Points {
        self.players[v].score
    }

    /// The matched vertex, or the vertex itself when it is unmatched.
    fn mate(&self, v: usize) -> usize {
        self.matcher.mate(v).unwrap_or(v)
    }

    fn edge(&self, higher: usize, lower: usize, reach: Reach) -> W {
        self.edges().weight(higher, lower, reach)
    }

    /// What the weights of the round's edges are computed from.
    fn edges(&self) -> EdgeWeights<'_> {
        EdgeWeights {
            players: self.players,
            compatible: &self.compatible,
            frame: &self.frame,
            bye: &self.bye,
            float_rounds: self.float_rounds,
        }
    }

    /// Before the brackets: can the round be completed at all (C4, with C1–C3 and the bye
    /// eligibility of C2), and at what score does the PAB go (C5)?
    fn completion(&mut self) -> Result<(), EngineError> {
        let n = self.n();
        if n % 2 == 1 {
            let (group_bits, index_bits) = completion_bits(self.players);
            // The round's first width (`estimate_round_bits`) covers these fields.
            debug_assert!(2 + index_bits + group_bits <= self.round_bits);
            self.bye = place_bye(self.players, &self.compatible, &mut self.matcher)?;
            self.set_round_bits()?;
            for lower in 0..n {
                for higher in 0..lower {
                    let w = self.edge(higher, lower, Reach::Beyond);
                    self.matcher.set_weight(lower, higher, w);
                }
            }
        } else {
            // An even field has no PAB to place, so nothing below depends on this solve: the first
            // bracket's solve, whose weights keep C4 on top, completes the round as well and is
            // checked instead (`run`). Solving here too would only double the work.
            self.set_round_bits()?;
            for lower in 0..n {
                for higher in 0..lower {
                    let w = self.edge(higher, lower, Reach::Beyond);
                    self.matcher.set_weight(lower, higher, w);
                }
            }
        }
        Ok(())
    }

    /// Sets the width of the round's weights, now that the bye is known
    /// ([`estimate_round_bits`]).
    fn set_round_bits(&mut self) -> Result<(), EngineError> {
        let bits = estimate_round_bits(self.players, self.float_rounds, |p| self.bye.rank(p)).max(self.round_bits);
        if bits + HEADROOM_BITS > W::BITS {
            return Err(EngineError::Wider(bits + HEADROOM_BITS));
        }
        tracing::debug!(bits, "weights of the round");
        self.round_bits = bits;
        // Until the first bracket only C4 is set, at the top.
        self.frame = BracketLayout::new(&[], 0, 0, self.float_rounds).frame;
        self.frame.lift_first_field(bits);
        self.max_weight = all_ones(bits);
        Ok(())
    }

    /// Makes the round's weights `bits` wide for a bracket that needs more than they have: every
    /// weight is scaled up (the matcher keeps its optimum), which moves C4 on the edges outside
    /// the bracket to the new top; the bracket's own edges are set afresh anyway.
    fn widen(&mut self, bits: u32) -> Result<(), EngineError> {
        if bits + HEADROOM_BITS > W::BITS {
            return Err(EngineError::Wider(bits + HEADROOM_BITS));
        }
        tracing::trace!(from = self.round_bits, to = bits, "widening the weights");
        self.matcher.scale_up(bits - self.round_bits);
        self.round_bits = bits;
        self.max_weight = all_ones(bits);
        Ok(())
    }

    /// Pairs the round; returns each vertex's partner (`None`: the PAB). From the first bracket, or
    /// with `resume` from where the bracket lists left it ([`super::relaxed`]): their pairs are
    /// fixed, and the brackets go on from there.
    fn run(mut self, resume: Option<Progress>) -> Result<Paired, EngineError> {
        self.completion()?;
        let n = self.n();
        let Progress { mut partner, mut bracket, mdps: mut mdp_count, mut next, bye, paired_brackets, traces } =
            resume.unwrap_or_else(|| Progress::start(self.players, self.bye.clone(), self.trace.is_some()));
        self.bye = bye;
        self.trace = traces;
        for (v, mate) in partner.iter().enumerate() {
            if let Some(mate) = mate.filter(|&mate| v < mate) {
                self.matcher.fix_pair(v, mate, self.max_weight.clone());
            }
        }
        let mut matched = vec![false; n];
        let mut first_bracket = paired_brackets == 0;
        while bracket.len() > 1 || next < n {
            let bracket_end = bracket.len();
            let next_group_start = next;
            if next < n {
                let score = self.score(next);
                while next < n && self.score(next) >= score {
                    bracket.push(next);
                    next += 1;
                }
            }
            let scores: Vec<Points> = bracket.iter().map(|&v| self.score(v)).collect();
            let bye_ranks = if self.bye.single_downfloater_gets_bye {
                bracket.iter().map(|&v| self.bye.rank(&self.players[v])).sum()
            } else {
                0
            };
            let mut layout = BracketLayout::new(&scores, bracket_end, bye_ranks, self.float_rounds);
            if let Some(trace) = &mut self.trace {
                trace.push(BracketTrace {
                    list: bracket.clone(),
                    mdps: mdp_count,
                    end: bracket_end,
                    bye: self.bye.clone(),
                    frame: layout.frame.clone(),
                });
            }
            if layout.bits() > self.round_bits {
                self.widen(layout.bits())?;
            }
            layout.lift_to(self.round_bits);
            self.frame = layout.frame;
            // MDPs are paired with residents only (3.3.3): never with each other.
            for larger in 0..mdp_count {
                for smaller in 0..larger {
                    self.matcher.set_weight(bracket[larger], bracket[smaller], W::zero());
                }
            }
            // The bracket's weights (kept, or in a large bracket computed again when `settle` asks
            // for them: `generation::BaseWeights`) come from fields the scope's borrow of the
            // matcher leaves free.
            let edges = EdgeWeights {
                players: self.players,
                compatible: &self.compatible,
                frame: &self.frame,
                bye: &self.bye,
                float_rounds: self.float_rounds,
            };
            let list = &bracket;
            let weight = move |smaller: usize, larger: usize| {
                let reach = if larger < bracket_end { Reach::Bracket } else { Reach::NextBracket };
                edges.weight::<W>(list[smaller], list[larger], reach)
            };
            let matcher = &mut self.matcher;
            let mut base = generation::base_weights(bracket.len(), mdp_count, weight, |larger, row| {
                for (smaller, w) in row.iter().enumerate() {
                    matcher.set_weight(list[larger], list[smaller], w.clone());
                }
            });
            self.matcher.solve();
            if first_bracket && n.is_multiple_of(2) && (0..n).any(|v| self.matcher.mate(v).is_none()) {
                // C4 for an even field (see `completion`).
                return Err(EngineError::NoValidPairing);
            }
            first_bracket = false;
            let mdp_scores: Vec<Points> = bracket[..mdp_count].iter().map(|&v| self.score(v)).collect();
            let settled = {
                let mut scope = GlobalScope::new(&mut self.matcher, &bracket, &self.max_weight);
                let shape = Bracket {
                    mdps: mdp_count,
                    end: bracket_end,
                    count_bits: layout.count_bits,
                    mdp_scores: &mdp_scores,
                    guide: None,
                };
                generation::settle(&mut scope, &mut base, &shape)
            };
            for (position, &paired) in settled.iter().enumerate() {
                if paired {
                    matched[bracket[position]] = true;
                }
            }

            // The unpaired players of the bracket move down; the next scoregroup joins them.
            let next_score = (next_group_start < n).then(|| self.score(next_group_start));
            let mut single = n % 2 == 1 && next_score.is_some_and(|s| self.bye.assignee_score.is_some_and(|b| b >= s));
            let mut new_bracket = Vec::new();
            mdp_count = 0;
            for (position, &v) in bracket.iter().enumerate() {
                if position < bracket_end && matched[v] {
                    partner[v] = Some(self.mate(v));
                } else {
                    new_bracket.push(v);
                    if position < bracket_end {
                        mdp_count += 1;
                    }
                    if single && next_score.is_some_and(|s| self.score(self.mate(v)) < s) {
                        single = false;
                    }
                }
            }
            self.bye.single_downfloater_gets_bye = single;
            bracket = new_bracket;
        }
        for v in 0..n {
            if let Some(mate) = partner[v] {
                partner[mate] = Some(v);
            }
        }
        Ok(Paired { partners: partner, brackets: self.trace.unwrap_or_default() })
    }
}

/// What the weight of an edge of the round's matcher is computed from: the procedure's fields
/// that a bracket's base weights read while its scope borrows the matcher.
#[derive(Clone, Copy)]
struct EdgeWeights<'a> {
    players: &'a [DutchPlayer],
    compatible: &'a Compatibility,
    frame: &'a Frame,
    bye: &'a ByeContext,
    float_rounds: usize,
}

impl EdgeWeights<'_> {
    /// The weight of the pair, C4 counted (zero when the two may not meet).
    fn weight<W: Weight>(&self, higher: usize, lower: usize, reach: Reach) -> W {
        if !self.compatible.get(higher, lower) {
            return W::zero();
        }
        weights::edge_weight(
            self.frame,
            self.float_rounds,
            self.bye,
            &self.players[higher],
            &self.players[lower],
            reach,
            weights::Completion::Counted,
        )
    }
}

/// The bracket list of the 2025 procedure over the one matcher of the whole round.
struct GlobalScope<'a, W: Weight> {
    matcher: &'a mut Matcher<W>,
    list: &'a [usize],
    position_of: Vec<usize>,
    max_weight: &'a W,
}

impl<'a, W: Weight> GlobalScope<'a, W> {
    fn new(matcher: &'a mut Matcher<W>, list: &'a [usize], max_weight: &'a W) -> Self {
        let mut position_of = vec![usize::MAX; matcher.vertex_count()];
        for (position, &v) in list.iter().enumerate() {
            position_of[v] = position;
        }
        GlobalScope { matcher, list, position_of, max_weight }
    }
}

impl<W: Weight> Scope<W> for GlobalScope<'_, W> {
    fn len(&self) -> usize {
        self.list.len()
    }

    fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        self.matcher.set_weight_keeping_duals(self.list[a], self.list[b], weight);
    }

    fn raise_dual(&mut self, a: usize, amount: &W) {
        self.matcher.raise_dual(self.list[a], amount);
    }

    fn weight(&self, a: usize, b: usize) -> W {
        self.matcher.weight(self.list[a], self.list[b])
    }

    fn solve(&mut self) {
        self.matcher.solve();
    }

    fn mate(&self, a: usize) -> usize {
        match self.matcher.mate(self.list[a]) {
            None => a,
            Some(v) => self.position_of[v],
        }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.matcher.fix_pair(self.list[a], self.list[b], self.max_weight.clone());
    }

    fn finalize_by_exchange(&mut self, a: usize, b: usize) -> Exchange {
        self.matcher.fix_pair_by_exchange(self.list[a], self.list[b], self.max_weight.clone())
    }

    fn rules_out(&self, a: usize, b: usize) -> bool {
        self.matcher.rules_out_pair(self.list[a], self.list[b])
    }

    fn finalize_if_optimal(&mut self, pairs: &[(usize, usize)]) -> bool {
        let pairs: Vec<(usize, usize, W)> =
            pairs.iter().map(|&(a, b)| (self.list[a], self.list[b], self.max_weight.clone())).collect();
        self.matcher.fix_pairs_if_optimal(&pairs)
    }

    fn total_weight(&self) -> (u64, W) {
        self.matcher.exact_total_weight()
    }
}

/// A first guess at the width of a round's weights, before the bye is known: see
/// [`estimate_round_bits`].
pub fn round_bits(players: &[DutchPlayer], float_rounds: usize) -> u32 {
    estimate_round_bits(players, float_rounds, |_| 0)
}

/// The width a round's weights start with: enough for the completion, and for the bracket of
/// every scoregroup without MDPs, with the next scoregroup and C9 `rank`s. A bracket with MDPs
/// may need more: the weights are then scaled up ([`Procedure::widen`]).
fn estimate_round_bits(players: &[DutchPlayer], float_rounds: usize, rank: impl Fn(&DutchPlayer) -> u64) -> u32 {
    let (group_bits, index_bits) = completion_bits(players);
    let mut bits = 2 + index_bits + group_bits;
    let mut groups: Vec<&[DutchPlayer]> = players.chunk_by(|a, b| a.score == b.score).collect();
    groups.push(&[]);
    let mut scores = Vec::new();
    for pair in groups.windows(2) {
        scores.clear();
        scores.extend(pair[0].iter().chain(pair[1]).map(|p| p.score));
        let bye_ranks = pair[0].iter().chain(pair[1]).map(&rank).sum();
        bits = bits.max(BracketLayout::new(&scores, pair[0].len(), bye_ranks, float_rounds).bits());
    }
    bits
}

/// Pairs a round: `players` in pairing order (score, then rank), with weights of at least
/// `round_bits` bits. Returns each player's partner by position, `None` for the PAB, and with
/// `trace` the brackets as paired. With `by_list`, the brackets are paired in matchers of their
/// own lists ([`super::relaxed`]) up to the first one where C4 decides, and the one matcher over
/// the round pairs the rest; without, it pairs every bracket (the same pairing, for tests).
/// `guide`, each position's partner in a recorded pairing being checked, guides the lists' guesses
/// without changing the pairing ([`super::generation::settle`]).
pub fn pair<W: Weight>(
    state: &RoundState,
    players: &[DutchPlayer],
    round_bits: u32,
    trace: bool,
    by_list: bool,
    guide: Option<&[Option<usize>]>,
) -> Result<Paired, EngineError> {
    let n = players.len();
    if n == 0 {
        return Ok(Paired { partners: Vec::new(), brackets: Vec::new() });
    }
    let met = state.met_by_position(&players.iter().map(|p| p.id).collect::<Vec<_>>());
    let compatible = Compatibility::of_round(state, players, &met);
    let mut resume = None;
    if by_list {
        match super::relaxed::pair::<W>(players, &compatible, state, trace, guide)? {
            Ok(paired) => return Ok(paired),
            Err(progress) => resume = Some(progress),
        }
    }
    let float_rounds = Layout::float_rounds(state.round);
    let procedure = Procedure {
        players,
        compatible,
        float_rounds,
        round_bits,
        frame: Frame::new(Vec::new(), 0),
        bye: ByeContext::default(),
        matcher: Matcher::new(n),
        max_weight: W::zero(),
        trace: trace.then(Vec::new),
    };
    procedure.run(resume)
}
