//! The 2025 procedure bracket by bracket, each bracket in a matcher of its own list, with the
//! completion of the round (C4) checked by a witness instead of being carried in the weights.
//!
//! [`super::engine`] pairs every bracket in one matcher over all the players, where the edges
//! below the bracket's list carry only C4. That is exact, but the matcher's trees run through the
//! whole lower part of the round (its equal C4 weights make every edge there tight), so each
//! solve costs as much as the round. Here a bracket's list (MDPs, residents, next scoregroup) gets
//! a matcher of its own, whose edges have the same weights without C4, and a list player left
//! unmatched stands for one matched below. The rules' choice is then made the same way
//! ([`super::generation::settle`]), and kept only if the round can still be completed.
//!
//! Why that is exact. Among the pairings that complete the round with the PAB to a player who may
//! have it (C4, C5), C4's field has the same total (every player is paired but the one PAB), so the
//! global matcher's optimum is the best list matching whose unmatched players, with everyone
//! below, can be paired. Call `R` the list matchings best on the fields below C4 and `T` those that
//! also leave a completable rest. If the list matching `L` this module settles on, the first of
//! `R` in the order of generation, leaves a completable rest, the optima of both problems have
//! the same value, so `T` is `R` less the uncompletable ones, and `L`, first in `R`, is first in
//! `T`: the global procedure's choice. The completion is shown by building one ([`Witness`]); when
//! the cheap search for it fails, the round is paired again by [`super::engine`] (the caller does
//! that on `Ok(None)`), which is exact in every case.

use crate::matching::{Exchange, Matcher, Weight};
use crate::model::Points;
use crate::state::RoundState;

use super::criteria::{Frame, Pack, Row, all_ones};
use super::engine::{
    BracketTrace, EngineError, HEADROOM_BITS, Paired, Progress, completion_bits, finalize_pair, place_bye,
};
use super::generation::{self, BaseWeights, Bracket, Scope};
use super::player::DutchPlayer;
use super::weights::{self, BracketLayout, ByeContext, Reach};

/// No partner (in [`Witness::mate`]).
const NONE: usize = usize::MAX;

/// How many vertices a search for an alternating path may grow before the witness gives up.
const SEARCH_LIMIT: usize = 4096;

/// A completion of the round: a pairing of every player not yet paired, with the PAB as a pair
/// with a dummy vertex `n` (odd fields only).
struct Witness<'a> {
    players: &'a [DutchPlayer],
    compatible: &'a [bool],
    bye: Option<ByeContext>,
    /// Each vertex's partner, `NONE` for a player paired for good (or not yet covered).
    mate: Vec<usize>,
    /// Still to be paired by the witness: not paired for good, and not held by the list matching
    /// being checked.
    open: Vec<bool>,
}

impl<'a> Witness<'a> {
    fn n(&self) -> usize {
        self.players.len()
    }

    fn dummy(&self) -> Option<usize> {
        self.bye.as_ref().map(|_| self.n())
    }

    /// Can `u` and `v` be paired (the dummy: may the player have the PAB, C2 and C5)?
    fn adjacent(&self, u: usize, v: usize) -> bool {
        let n = self.n();
        match (u == n, v == n) {
            (false, false) => self.compatible[u * n + v],
            (true, false) => self.bye.as_ref().is_some_and(|bye| bye.candidate(&self.players[v])),
            (false, true) => self.bye.as_ref().is_some_and(|bye| bye.candidate(&self.players[u])),
            (true, true) => false,
        }
    }

    /// Covers every exposed vertex of `exposed` (all open), keeping the pairs of the others: first
    /// by pairing exposed vertices with each other, then by alternating paths. False when a
    /// vertex stays exposed (which does not prove that no completion exists).
    fn cover(&mut self, exposed: &[usize]) -> bool {
        for (i, &u) in exposed.iter().enumerate() {
            if self.mate[u] != NONE {
                continue;
            }
            if let Some(&v) = exposed[i + 1..].iter().find(|&&v| self.mate[v] == NONE && self.adjacent(u, v)) {
                self.mate[u] = v;
                self.mate[v] = u;
            }
        }
        let vertices: Vec<usize> = (0..self.mate.len()).filter(|&v| self.open[v]).collect();
        exposed.iter().all(|&root| self.mate[root] != NONE || self.augment_from(root, &vertices))
    }

    /// A breadth-first search for an alternating path from the exposed `root` to another exposed
    /// vertex, over `vertices` (the open ones), without shrinking odd cycles: it may miss a path
    /// that exists. Augments along the path found.
    fn augment_from(&mut self, root: usize, vertices: &[usize]) -> bool {
        // For an inner vertex, the outer vertex it was reached from; for an outer one, NONE.
        let mut parent = vec![NONE; self.mate.len()];
        let mut labelled = vec![false; self.mate.len()];
        labelled[root] = true;
        let mut queue = vec![root];
        let mut head = 0;
        while head < queue.len() && queue.len() < SEARCH_LIMIT {
            let outer = queue[head];
            head += 1;
            for &v in vertices {
                if labelled[v] || !self.adjacent(outer, v) {
                    continue;
                }
                labelled[v] = true;
                parent[v] = outer;
                let next = self.mate[v];
                if next == NONE {
                    // Flip the path root … outer – v.
                    let mut inner = v;
                    loop {
                        let from = parent[inner];
                        let previous = self.mate[from];
                        self.mate[inner] = from;
                        self.mate[from] = inner;
                        if from == root {
                            return true;
                        }
                        inner = previous;
                    }
                }
                labelled[next] = true;
                queue.push(next);
            }
        }
        false
    }

    /// Replaces the witness's pairs of the list's players by the list matching (`pairs`), and
    /// completes the rest. False if that fails; the witness is then unusable.
    fn accept(&mut self, pairs: &[(usize, usize)]) -> bool {
        for &(a, b) in pairs {
            self.open[a] = false;
            self.open[b] = false;
        }
        let mut exposed = Vec::new();
        for &(a, b) in pairs {
            for v in [a, b] {
                let old = self.mate[v];
                if old != NONE && self.open[old] {
                    self.mate[old] = NONE;
                    exposed.push(old);
                }
            }
        }
        for &(a, b) in pairs {
            self.mate[a] = b;
            self.mate[b] = a;
        }
        let mut covered = self.cover(&exposed);
        if !covered {
            covered = self.solve_exactly();
        }
        for &(a, b) in pairs {
            self.open[a] = true;
            self.open[b] = true;
        }
        covered
    }

    /// Pairs the open vertices with a matcher: the exact answer, when the searches of [`Self::cover`]
    /// found none. False if no completion exists; the witness is then unusable.
    fn solve_exactly(&mut self) -> bool {
        let vertices: Vec<usize> = (0..self.mate.len()).filter(|&v| self.open[v]).collect();
        let mut matcher = Matcher::<u64>::new(vertices.len());
        for (j, &v) in vertices.iter().enumerate() {
            for (i, &u) in vertices[..j].iter().enumerate() {
                matcher.set_weight(j, i, u64::from(self.adjacent(u, v)));
            }
        }
        matcher.solve();
        if (0..vertices.len()).any(|i| matcher.mate(i).is_none()) {
            tracing::debug!(open = vertices.len(), "no completion");
            return false;
        }
        for (i, &v) in vertices.iter().enumerate() {
            self.mate[v] = matcher.mate(i).map_or(NONE, |j| vertices[j]);
        }
        tracing::debug!(open = vertices.len(), "completion found by a matcher");
        true
    }

    /// The pair is final: both leave the witness.
    fn retire(&mut self, a: usize, b: usize) {
        debug_assert_eq!(self.mate[a], b);
        for v in [a, b] {
            self.open[v] = false;
            self.mate[v] = NONE;
        }
    }

    /// The partner of a player in the completion (the player itself for the PAB or when unpaired).
    fn partner(&self, v: usize) -> usize {
        match self.mate[v] {
            m if m == NONE || Some(m) == self.dummy() => v,
            m => m,
        }
    }
}

/// A bracket list's own matcher.
struct ListScope<W: Weight> {
    matcher: Matcher<W>,
    max_weight: W,
}

impl<W: Weight> Scope<W> for ListScope<W> {
    fn len(&self) -> usize {
        self.matcher.vertex_count()
    }

    fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        self.matcher.set_weight_keeping_duals(a, b, weight);
    }

    fn raise_dual(&mut self, a: usize, amount: &W) {
        self.matcher.raise_dual(a, amount);
    }

    fn weight(&self, a: usize, b: usize) -> W {
        self.matcher.weight(a, b)
    }

    fn solve(&mut self) {
        self.matcher.solve();
    }

    fn mate(&self, a: usize) -> usize {
        self.matcher.mate(a).unwrap_or(a)
    }

    fn finalize(&mut self, a: usize, b: usize) {
        finalize_pair(&mut self.matcher, a, b, &self.max_weight);
    }

    fn finalize_by_exchange(&mut self, a: usize, b: usize) -> Exchange {
        self.matcher.fix_pair_by_exchange(a, b, self.max_weight.clone())
    }
}

/// Packs a pair's row with its first field (C4) left empty.
struct WithoutFirst<'a, W> {
    pack: Pack<'a, W>,
    first: bool,
}

impl<W: Weight> Row for WithoutFirst<'_, W> {
    fn count(&mut self, value: i64) {
        let value = if std::mem::take(&mut self.first) { 0 } else { value };
        self.pack.count(value);
    }

    fn counters(&mut self, entries: &[(i64, i64)]) {
        self.first = false;
        self.pack.counters(entries);
    }
}

/// The weight of a pair of the list without C4 (zero when the two may not meet).
fn list_weight<W: Weight>(
    frame: &Frame,
    float_rounds: usize,
    bye: &ByeContext,
    higher: &DutchPlayer,
    lower: &DutchPlayer,
    reach: Reach,
) -> W {
    let mut row = WithoutFirst { pack: Pack::new(frame), first: true };
    weights::pair_row(&mut row, bye, higher, lower, reach, float_rounds);
    row.pack.finish()
}

/// A first completion of the round and the bye facts (C5), or `NoValidPairing`.
fn first_witness<'a>(players: &'a [DutchPlayer], compatible: &'a [bool]) -> Result<Witness<'a>, EngineError> {
    let n = players.len();
    let odd = n % 2 == 1;
    let mut witness = Witness {
        players,
        compatible,
        bye: None,
        mate: vec![NONE; n + usize::from(odd)],
        open: vec![true; n + usize::from(odd)],
    };
    if odd {
        // The same solve as the global procedure's, so the same bye facts; in a narrow integer when
        // its fields fit.
        let (group_bits, index_bits) = completion_bits(players);
        let bye = if 2 + index_bits + group_bits + 2 <= u64::BITS {
            let mut matcher = Matcher::<u64>::new(n);
            let bye = place_bye(players, compatible, &mut matcher)?;
            copy_matching(&matcher, &mut witness.mate, n);
            bye
        } else {
            let mut matcher = Matcher::<u128>::new(n);
            let bye = place_bye(players, compatible, &mut matcher)?;
            copy_matching(&matcher, &mut witness.mate, n);
            bye
        };
        witness.bye = Some(bye);
        return Ok(witness);
    }
    let everyone: Vec<usize> = (0..n).collect();
    if witness.cover(&everyone) {
        return Ok(witness);
    }
    // The cheap search failed: a matcher decides (C4 for an even field: a perfect matching).
    let mut matcher = Matcher::<u64>::new(n);
    for lower in 0..n {
        for higher in 0..lower {
            matcher.set_weight(lower, higher, u64::from(compatible[higher * n + lower]));
        }
    }
    matcher.solve();
    if (0..n).any(|v| matcher.mate(v).is_none()) {
        return Err(EngineError::NoValidPairing);
    }
    copy_matching(&matcher, &mut witness.mate, n);
    Ok(witness)
}

/// Copies a matcher's matching into a witness; the one unmatched vertex (odd fields) gets the
/// dummy `dummy`.
fn copy_matching<V: Weight>(matcher: &Matcher<V>, mate: &mut [usize], dummy: usize) {
    for v in 0..matcher.vertex_count() {
        match matcher.mate(v) {
            Some(m) => mate[v] = m,
            None if dummy < mate.len() => {
                mate[v] = dummy;
                mate[dummy] = v;
            }
            None => {}
        }
    }
}

/// Pairs a round as [`super::engine::pair`] does, bracket list by bracket list. `Ok(Err(progress))`:
/// a bracket's best list matching leaves a round that cannot be completed (or the completion was
/// not found), so C4 decides there; the global procedure pairs the round on from `progress`.
pub(super) fn pair<W: Weight>(
    players: &[DutchPlayer],
    compatible: &[bool],
    state: &RoundState,
    trace: bool,
) -> Result<Result<Paired, Progress>, EngineError> {
    let n = players.len();
    let mut witness = first_witness(players, compatible)?;
    let float_rounds = weights::Layout::float_rounds(state.round);
    let score = |v: usize| players[v].score;
    let mut progress = Progress::start(players, witness.bye.clone().unwrap_or_default(), trace);
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
        let scores: Vec<Points> = bracket.iter().map(|&v| score(v)).collect();
        let bye_ranks =
            if bye.single_downfloater_gets_bye { bracket.iter().map(|&v| bye.rank(&players[v])).sum() } else { 0 };
        let layout = BracketLayout::new(&scores, bracket_end, bye_ranks, float_rounds);
        let bits = layout.bits();
        if bits + HEADROOM_BITS > W::BITS {
            return Err(EngineError::Wider(bits + HEADROOM_BITS));
        }
        let frame = &layout.frame;
        let mut matcher = Matcher::<W>::new(bracket.len());
        // MDPs are paired with residents only (3.3.3): their edges among themselves stay empty.
        let mut base = BaseWeights { first_row: mdp_count, rows: Vec::with_capacity(bracket.len() - mdp_count) };
        for larger in mdp_count..bracket.len() {
            let reach = if larger < bracket_end { Reach::Bracket } else { Reach::NextBracket };
            let lower = &players[bracket[larger]];
            let row: Vec<W> = (0..larger)
                .map(|smaller| {
                    let higher = bracket[smaller];
                    if compatible[higher * n + bracket[larger]] {
                        list_weight(frame, float_rounds, bye, &players[higher], lower, reach)
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
        let mdp_scores: Vec<Points> = bracket[..mdp_count].iter().map(|&v| score(v)).collect();
        let mut scope = ListScope { matcher, max_weight: all_ones(bits) };
        let shape = Bracket { mdps: mdp_count, end: bracket_end, count_bits: layout.count_bits };
        let settled = generation::settle(&mut scope, &mut base, &shape, &mdp_scores);

        // The list matching must leave a round that can be completed (C4).
        let mates: Vec<usize> = (0..bracket.len()).map(|p| scope.mate(p)).collect();
        let pairs: Vec<(usize, usize)> =
            (0..bracket.len()).filter(|&p| mates[p] > p).map(|p| (bracket[p], bracket[mates[p]])).collect();
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
                frame: layout.frame.clone(),
            });
        }
        *paired_brackets += 1;

        // The unpaired players of the bracket move down; the next scoregroup joins them. C9 looks
        // at where the completion pairs them: the same in every optimum (see `engine::run`).
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
