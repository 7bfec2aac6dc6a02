//! The fast engine: the first pairing of a step under C.3–C.10 found with weighted matchings.
//!
//! Why matchings find the same pairing as the text's enumeration:
//!
//! - Every stage of C.3–C.10 is a set of allowances, one per requirement, and the stages come in
//!   lexicographic order of those allowances (B2 outermost, then A.7.d, X, Z, the downfloat and
//!   upfloat criteria): each relaxation restarts the inner requirements at their strictest (the
//!   "restart from C.3.x" of C.10). A candidate meets a stage when each of its counts is within
//!   the allowance, so the first stage any candidate meets is the lexicographically smallest
//!   count vector of all candidates (X1 and Z1, where the stages for X and Z start, are lower
//!   bounds of the counts: A.8). At that stage the candidates that meet it are exactly those with
//!   that count vector, and the pairing is the first of them in the order of D.1–D.3.
//! - Counts add up over pairs and moved-down players, so the smallest count vector is a
//!   maximum-weight matching whose weights hold the counts as fields, most important first.
//! - The order of D.2 ranks exchanges by the number of players exchanged and the difference of
//!   their positions, both of which also add up over pairs (a pair inside S1 sends its lower
//!   player to S2, a pair inside S2 brings its higher player to S1), then by the lists of S1 and
//!   S2 subsets, which are lexicographic and settled one position at a time; D.1 then settles the
//!   partner of each S1 player in turn, and D.3 the set of moved-down players paired first. Each
//!   such choice is made by re-solving with a small bonus for the preferred option, in the
//!   lowest field, so it never costs a higher one.
//!
//! When the procedure backtracks (C.12, C.13) the pairing must also move down players that suit
//! the bracket below, a condition on the whole candidate. Then the partners of the moved-down
//! players paired first are explored as a branch and bound: every node's matching is the best any
//! candidate below it can do, so a branch that cannot beat the best candidate found is cut. A
//! homogeneous bracket or remainder is searched by the set of players moved down, since the
//! condition reads nothing else ([`by_down_sets`]). The first of the best candidates in the text's
//! order that meets the condition wins.

use crate::matching::{Matcher, Weight, Wide};
use crate::systems::common::fields::{Frame, Pack, Row, Width};

use super::procedure::{Extra, Search};
use super::round::Round;
use super::step::{self, COUNTS, Candidate, Counts, Shape, Step};

/// The fields of an edge weight, most significant first.
const TOP: usize = 0;
/// Fields 1..=9 are the counts of [`step`], in their order.
const FIRST_COUNT: usize = 1;
/// D.2: pairs inside S2 (as many as the players exchanged).
const EXCHANGED: usize = 10;
/// D.2: the difference of the positions exchanged, shifted to be positive.
const DIFFERENCE: usize = 11;
/// The preference for one choice, settled one at a time.
const BONUS: usize = 12;
const FIELDS: usize = 13;

fn bits(value: u64) -> u32 {
    64 - value.leading_zeros()
}

/// The fields of a model's weights (docs/engine-design.md, "Criteria as fields of one weight"),
/// each wide enough for the sum of `edges` edges of at most `cap` each; a field whose cap is zero
/// takes no bits.
fn frame(cap: &[u64; FIELDS], edges: u64) -> Frame {
    let widths = cap.iter().map(|&c| Width::Bits(if c == 0 { 0 } else { bits(c.saturating_mul(edges.max(1))) }));
    Frame::new(widths.collect(), 0)
}

/// The part a player plays in a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A moved-down player paired first (C.6): only with a resident, never left over.
    PairedFirst,
    /// Any other player.
    Free,
}

/// One matching problem: the players of a step (or of its remainder), the leftovers as dummy
/// vertices, and what each edge costs.
struct Model<'a> {
    round: &'a Round,
    step: &'a Step,
    /// Players by index in the round, in A.2 order; vertex `k` is `players[k]`.
    players: Vec<usize>,
    role: Vec<Role>,
    /// Whether each player is a moved-down one (for the heterogeneous part).
    mdp: Vec<bool>,
    dummies: usize,
    /// The size of S1 in a homogeneous model (D.2 is measured against it); `None` for the model
    /// of a heterogeneous step.
    s1: Option<usize>,
    /// The counts of pairs fixed outside the model (the heterogeneous part of a step).
    offset: Counts,
}

impl Model<'_> {
    fn vertices(&self) -> usize {
        self.players.len() + self.dummies
    }

    /// The field values of an edge before the complement (counts as they are), or `None` when the
    /// edge is absent.
    fn raw(&self, u: usize, v: usize) -> Option<[u64; FIELDS]> {
        let n = self.players.len();
        let (u, v) = (u.min(v), u.max(v));
        if u >= n {
            return None;
        }
        let mut f = [0u64; FIELDS];
        f[TOP] = 1;
        if v >= n {
            // `u` is left over: moved down, or the bye in the lowest bracket.
            if self.role[u] == Role::PairedFirst
                || (self.step.lowest && !self.round.players[self.players[u]].bye_eligible)
            {
                return None;
            }
            let c = step::down_counts(self.round, self.step, self.players[u]);
            f[FIRST_COUNT..FIRST_COUNT + COUNTS].copy_from_slice(&c);
            if let Some(s1) = self.s1 {
                // A leftover of S1 goes to S2 in the exchange.
                let g = if u < s1 { u as i64 + 1 } else { 0 };
                f[DIFFERENCE] = (n as i64 + g) as u64;
            }
            return Some(f);
        }
        let (a, b) = (self.players[u], self.players[v]);
        let het = match (self.role[u], self.role[v]) {
            (Role::PairedFirst, Role::PairedFirst) => return None,
            (Role::PairedFirst, Role::Free) if self.mdp[v] => return None,
            (Role::Free, Role::PairedFirst) if self.mdp[u] => return None,
            (Role::Free, Role::Free) => false,
            _ => true,
        };
        if self.round.facts(a, b).forbidden {
            return None;
        }
        let c = step::pair_counts(self.round, self.step, a, b, het);
        f[FIRST_COUNT..FIRST_COUNT + COUNTS].copy_from_slice(&c);
        if let Some(s1) = self.s1 {
            let (in_s1_u, in_s1_v) = (u < s1, v < s1);
            f[EXCHANGED] = u64::from(!in_s1_u && !in_s1_v);
            // −(the difference's share): a pair inside S1 sends its lower player (higher position)
            // to S2, a pair inside S2 brings its higher player (lower position) to S1.
            let g = match (in_s1_u, in_s1_v) {
                (true, true) => v as i64 + 1,
                (false, false) => -(u as i64 + 1),
                _ => 0,
            };
            f[DIFFERENCE] = (n as i64 + g) as u64;
        }
        Some(f)
    }
}

/// The best a node of the search can reach: its counts and the D.2 measures.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bound {
    counts: Counts,
    exchanged: i64,
    difference: i64,
}

/// A model with its matcher.
struct Solver<'a, W: Weight> {
    model: Model<'a>,
    frame: Frame,
    /// The largest raw value of each field (the complement is taken against it).
    cap: [u64; FIELDS],
    matcher: Matcher<W>,
    removed: Vec<bool>,
    bonus: Option<(usize, Vec<u64>)>,
    solves: u64,
}

impl<'a, W: Weight> Solver<'a, W> {
    fn new(model: Model<'a>, frame: Frame, cap: [u64; FIELDS]) -> Self {
        let vertices = model.vertices();
        let mut solver = Solver {
            matcher: Matcher::new(vertices),
            removed: vec![false; vertices * vertices],
            model,
            frame,
            cap,
            bonus: None,
            solves: 0,
        };
        for u in 0..vertices {
            for v in u + 1..vertices {
                solver.refresh(u, v);
            }
        }
        solver
    }

    fn weight(&self, u: usize, v: usize) -> W {
        if self.removed[u * self.model.vertices() + v] {
            return W::zero();
        }
        let Some(raw) = self.model.raw(u, v) else { return W::zero() };
        let mut values = [0u64; FIELDS];
        values[TOP] = 1;
        for k in FIRST_COUNT..FIRST_COUNT + COUNTS {
            values[k] = self.cap[k] - raw[k];
        }
        values[EXCHANGED] = self.cap[EXCHANGED] - raw[EXCHANGED];
        values[DIFFERENCE] = raw[DIFFERENCE];
        if let Some((vertex, bonus)) = &self.bonus {
            if *vertex == u {
                values[BONUS] = bonus[v];
            } else if *vertex == v {
                values[BONUS] = bonus[u];
            }
        }
        let mut pack = Pack::<W>::new(&self.frame);
        for (value, width) in values.iter().zip(&self.frame.widths) {
            // A field without bits holds nothing (its cap is zero).
            pack.count(if width.bits() == 0 { 0 } else { *value as i64 });
        }
        pack.finish()
    }

    fn refresh(&mut self, u: usize, v: usize) {
        if u == v {
            return;
        }
        let weight = self.weight(u, v);
        self.matcher.set_weight(u, v, weight);
    }

    fn set_removed(&mut self, u: usize, v: usize, removed: bool) {
        let n = self.model.vertices();
        self.removed[u * n + v] = removed;
        self.removed[v * n + u] = removed;
        self.refresh(u, v);
    }

    fn is_removed(&self, u: usize, v: usize) -> bool {
        self.removed[u * self.model.vertices() + v]
    }

    /// Removes the edges of `v` that `keep` rejects; returns them (to put back).
    fn restrict(&mut self, v: usize, keep: &dyn Fn(usize) -> bool) -> Vec<(usize, usize)> {
        let mut log = Vec::new();
        for u in 0..self.model.vertices() {
            if u != v && !keep(u) && !self.is_removed(u, v) && self.model.raw(u, v).is_some() {
                self.set_removed(u, v, true);
                log.push((u, v));
            }
        }
        log
    }

    fn restore(&mut self, log: &[(usize, usize)]) {
        for &(u, v) in log {
            self.set_removed(u, v, false);
        }
    }

    fn set_bonus(&mut self, bonus: Option<(usize, Vec<u64>)>) {
        let touched: Vec<usize> = self.bonus.iter().chain(&bonus).map(|(v, _)| *v).collect();
        self.bonus = bonus;
        for v in touched {
            for u in 0..self.model.vertices() {
                self.refresh(u, v);
            }
        }
    }

    /// Solves; `None` when no candidate is left (the matching cannot cover every vertex).
    fn solve(&mut self) -> Option<Bound> {
        self.matcher.solve();
        self.solves += 1;
        let total = self.matcher.total_weight();
        let fields = self.frame.unpack(&total);
        let edges = self.model.vertices() as u64 / 2;
        if fields[TOP] != edges || self.model.vertices() % 2 == 1 {
            return None;
        }
        let mut counts = self.model.offset;
        for k in 0..COUNTS {
            counts[k] += edges * self.cap[FIRST_COUNT + k] - fields[FIRST_COUNT + k];
        }
        let n = self.model.players.len() as i64;
        Some(Bound {
            counts,
            exchanged: (edges * self.cap[EXCHANGED]) as i64 - fields[EXCHANGED] as i64,
            difference: -(fields[DIFFERENCE] as i64 - edges as i64 * n),
        })
    }

    fn mate(&self, v: usize) -> Option<usize> {
        self.matcher.mate(v)
    }
}

/// Builds a solver for a model, in the narrowest weight type that holds it.
fn caps(model: &Model<'_>) -> [u64; FIELDS] {
    let vertices = model.vertices();
    let mut cap = [0u64; FIELDS];
    cap[TOP] = 1;
    for u in 0..vertices {
        for v in u + 1..vertices {
            if let Some(raw) = model.raw(u, v) {
                for k in FIRST_COUNT..BONUS {
                    cap[k] = cap[k].max(raw[k]);
                }
            }
        }
    }
    if model.s1.is_some() {
        cap[EXCHANGED] = 1;
        cap[DIFFERENCE] = 2 * model.players.len() as u64;
    }
    cap[BONUS] = vertices as u64 + 1;
    cap
}

/// What the search is after, and the best candidate found so far.
struct Hunt<'e> {
    extra: Option<&'e dyn Extra>,
    /// The key of the best candidate: its counts, then its place in the text's order.
    best: Option<(Vec<i64>, Candidate)>,
    solves: u64,
}

impl Hunt<'_> {
    /// A branch and bound is needed: a condition on the whole candidate may reject the first.
    fn exhaustive(&self) -> bool {
        self.extra.is_some()
    }

    fn done(&self) -> bool {
        !self.exhaustive() && self.best.is_some()
    }

    fn beaten(&self, lower_bound: &[i64]) -> bool {
        self.best.as_ref().is_some_and(|(key, _)| lower_bound > key.as_slice())
    }

    fn offer(&mut self, key: Vec<i64>, candidate: Candidate) {
        if self.extra.is_some_and(|extra| !extra.accepts(&candidate.down)) {
            return;
        }
        if self.best.as_ref().is_none_or(|(best, _)| key < *best) {
            self.best = Some((key, candidate));
        }
    }
}

fn key_of(counts: &Counts) -> Vec<i64> {
    counts.iter().map(|&c| c as i64).collect()
}

/// A homogeneous bracket or remainder: D.2's exchanges (settled position by position), then D.1's
/// transpositions.
struct Homogeneous<'m> {
    /// Vertices of S1 and S2 before any exchange (local indices, A.2 order).
    s1: usize,
    n: usize,
    pairs: usize,
    /// Choices made (0 preferred), after the counts and D.2 measures in the key.
    prefix_before: &'m [i64],
}

impl Homogeneous<'_> {
    /// "p ∈ I": p leaves S1 (left over, or paired with a higher S1 player).
    fn leaves_s1(&self, p: usize, u: usize) -> bool {
        u >= self.n || u < p
    }

    /// "q ∈ J": q enters S1 (paired with a lower S2 player).
    fn enters_s1(&self, q: usize, u: usize) -> bool {
        u < self.n && u > q
    }
}

/// Runs the decisions of a homogeneous model from `at` on: the first candidate in the text's order,
/// each decision settled by one solve with a bonus for its preferred side. Only without a
/// condition on the whole candidate; with one, [`by_down_sets`] calls this on parts of the
/// candidates.
#[allow(clippy::too_many_arguments)]
fn homogeneous_decisions<W: Weight>(
    solver: &mut Solver<'_, W>,
    shape: &Homogeneous<'_>,
    at: usize,
    choices: &mut Vec<i64>,
    leaves: &mut Vec<bool>,
    enters: &mut Vec<bool>,
    hunt: &mut Hunt<'_>,
    het: &[(usize, usize)],
) {
    debug_assert!(!hunt.exhaustive());
    let (s1, n) = (shape.s1, shape.n);
    // Decisions 0..s1: I, from the lowest S1 player up; s1..n: J, from the highest S2 player
    // down; then the transpositions.
    if at < n {
        let (vertex, yes): (usize, Box<dyn Fn(usize) -> bool>) = if at < s1 {
            let p = s1 - 1 - at;
            (p, Box::new(move |u| shape.leaves_s1(p, u)))
        } else {
            let q = s1 + (at - s1);
            (q, Box::new(move |u| shape.enters_s1(q, u)))
        };
        // The preferred side if any best candidate allows it.
        let bonus: Vec<u64> = (0..solver.model.vertices()).map(|u| u64::from(yes(u))).collect();
        solver.set_bonus(Some((vertex, bonus)));
        let Some(_) = solver.solve() else { return };
        hunt.solves += 1;
        let mate = solver.mate(vertex);
        solver.set_bonus(None);
        let choice = i64::from(!mate.is_some_and(&yes));
        let keep = |u: usize| (choice == 0) == yes(u);
        let log = solver.restrict(vertex, &keep);
        if at < s1 {
            leaves[vertex] = choice == 0;
        } else {
            enters[vertex - s1] = choice == 0;
        }
        choices.push(choice);
        homogeneous_decisions(solver, shape, at + 1, choices, leaves, enters, hunt, het);
        choices.pop();
        solver.restore(&log);
        return;
    }
    // The exchange is settled: S1' and S2', each in A.2 order; only S1'–S2' pairs remain, and
    // only S2' players may be left over.
    let new_s1: Vec<usize> = (0..n).filter(|&v| if v < s1 { !leaves[v] } else { enters[v - s1] }).collect();
    let new_s2: Vec<usize> = (0..n).filter(|v| !new_s1.contains(v)).collect();
    let in_s1: Vec<bool> = (0..n).map(|v| new_s1.contains(&v)).collect();
    let mut log = Vec::new();
    for &v in &new_s1 {
        log.extend(solver.restrict(v, &|u| u < n && !in_s1[u]));
    }
    for &v in &new_s2 {
        log.extend(solver.restrict(v, &|u| u >= n || in_s1[u]));
    }
    transpose(solver, shape, &new_s1, &new_s2, 0, choices, hunt, het);
    solver.restore(&log);
}

/// The part of a node's key its bound gives, a prefix of the key of every candidate below it (whose
/// key goes on with its choices of D.1–D.2): the counts, the choices before the model and the D.2
/// measures.
fn bound_key(bound: &Bound, before: &[i64]) -> Vec<i64> {
    let mut key = key_of(&bound.counts);
    key.extend_from_slice(before);
    key.push(bound.exchanged);
    key.push(bound.difference);
    key
}

/// D.1: the partner of each S1' player in turn, the first possible in S2' order.
#[allow(clippy::too_many_arguments)]
fn transpose<W: Weight>(
    solver: &mut Solver<'_, W>,
    shape: &Homogeneous<'_>,
    s1: &[usize],
    s2: &[usize],
    i: usize,
    choices: &mut Vec<i64>,
    hunt: &mut Hunt<'_>,
    het: &[(usize, usize)],
) {
    if i == shape.pairs {
        let Some(bound) = solver.solve() else { return };
        hunt.solves += 1;
        let players = &solver.model.players;
        let pairs: Vec<(usize, usize)> =
            s1.iter().map(|&v| (players[v], players[solver.mate(v).unwrap_or(v)])).collect();
        let down: Vec<usize> =
            s2.iter().copied().filter(|&v| solver.mate(v).is_none_or(|m| m >= shape.n)).map(|v| players[v]).collect();
        // A candidate's key: its bound's, then its choices of D.1–D.2.
        let mut key = bound_key(&bound, shape.prefix_before);
        key.extend_from_slice(choices);
        hunt.offer(key, Candidate { het: het.to_vec(), pairs, down });
        return;
    }
    let v = s1[i];
    let position = |u: usize| s2.iter().position(|&x| x == u);
    let bonus: Vec<u64> =
        (0..solver.model.vertices()).map(|u| position(u).map_or(0, |k| (s2.len() - k) as u64)).collect();
    solver.set_bonus(Some((v, bonus)));
    let bound = solver.solve();
    hunt.solves += 1;
    solver.set_bonus(None);
    if bound.is_none() {
        return;
    }
    let Some(partner) = solver.mate(v).filter(|&m| m < shape.n) else { return };
    let k = position(partner).unwrap_or(usize::MAX) as i64;
    let log = solver.restrict(v, &|u| u == partner);
    choices.push(k);
    transpose(solver, shape, s1, s2, i + 1, choices, hunt, het);
    choices.pop();
    solver.restore(&log);
}

/// The homogeneous model of `players` (A.2 order) with `pairs` pairs.
fn homogeneous_model<'a>(
    round: &'a Round,
    step: &'a Step,
    players: Vec<usize>,
    pairs: usize,
    offset: Counts,
) -> Model<'a> {
    let n = players.len();
    Model {
        round,
        step,
        role: vec![Role::Free; n],
        mdp: vec![false; n],
        dummies: n - 2 * pairs,
        s1: Some(pairs),
        offset,
        players,
    }
}

/// Pairs a homogeneous bracket or remainder with the weight type `W`.
fn run_homogeneous<W: Weight>(model: Model<'_>, prefix_before: &[i64], het: &[(usize, usize)], hunt: &mut Hunt<'_>) {
    let cap = caps(&model);
    let frame = frame(&cap, model.vertices() as u64 / 2);
    let pairs = model.s1.unwrap_or(0);
    let n = model.players.len();
    let mut solver = Solver::<W>::new(model, frame, cap);
    let Some(root) = solver.solve() else { return };
    hunt.solves += 1;
    if hunt.beaten(&bound_key(&root, prefix_before)) {
        return;
    }
    let shape = Homogeneous { s1: pairs, n, pairs, prefix_before };
    match hunt.extra {
        None => first_of_model(&mut solver, &shape, &root, hunt, het),
        Some(extra) => by_down_sets(&mut solver, &shape, root, extra, hunt, het),
    }
}

/// The first candidate of a homogeneous model in the text's order (its smallest key), with no
/// condition on the whole candidate: each decision settled by one solve with a bonus.
fn first_of_model<W: Weight>(
    solver: &mut Solver<'_, W>,
    shape: &Homogeneous<'_>,
    root: &Bound,
    hunt: &mut Hunt<'_>,
    het: &[(usize, usize)],
) {
    debug_assert!(!hunt.exhaustive());
    let mut leaves = vec![false; shape.pairs];
    let mut enters = vec![false; shape.n - shape.pairs];
    if root.exchanged == 0 {
        // No exchange in the best candidates: S1 and S2 stay as they are (every I and J "no").
        let mut choices = vec![1i64; shape.n];
        homogeneous_decisions(solver, shape, shape.n, &mut choices, &mut leaves, &mut enters, hunt, het);
    } else {
        homogeneous_decisions(solver, shape, 0, &mut Vec::new(), &mut leaves, &mut enters, hunt, het);
    }
}

/// A part of the candidates of a homogeneous model, for [`by_down_sets`]: those in which each
/// listed vertex is moved down (`true`) or paired (`false`).
struct Cell {
    fixed: Vec<(usize, bool)>,
    /// Its best candidate once searched; until then only its bound is known.
    first: Option<Candidate>,
}

/// Applies a cell's conditions to the solver; returns what to restore.
fn enter_cell<W: Weight>(solver: &mut Solver<'_, W>, n: usize, fixed: &[(usize, bool)]) -> Vec<(usize, usize)> {
    let mut log = Vec::new();
    for &(v, down) in fixed {
        log.extend(solver.restrict(v, &|u| (u >= n) == down));
    }
    log
}

/// The first candidate in the text's order that `extra` accepts (C.12, C.13), searched by the
/// players the candidates move down.
///
/// The condition of C.12 and C.13 is on the players a pairing moves down, and nothing else
/// (`Extra::accepts` reads `Candidate::down` only). So when the first candidate of some set of
/// candidates moves down players that `extra` rejects, every candidate of that set moving down
/// the same players is rejected too, and the search need not look at them one by one. The
/// branch and bound over D.1's transpositions did: when the rejected set is the one that the
/// best candidates all move down, nothing it finds can be offered, no branch is ever cut, and it
/// walks every transposition (12! in round 2 of a 25-player bracket, docs/dutch-2012.md).
///
/// This is the partition of k-best enumeration (Lawler, Murty) over the set moved down. A cell
/// is the candidates with some vertices fixed as moved down or paired. Its bound is one solve (its
/// counts and D.2 measures, a prefix of every key in it); once it comes first, its first candidate
/// is found as without a condition ([`first_of_model`]). Cells are taken in the order of their
/// keys, a bound before every key it prefixes. The first candidate taken that `extra` accepts is
/// the answer: every other cell's candidates have keys at least its key. A rejected one, moving
/// down D, is replaced by the cells of its candidates that do not move down exactly D: with the
/// cell's free vertices v1, v2, …, the k-th fixes v1 … v(k−1) as in D and v(k) the other way.
/// These are disjoint and hold every candidate of the cell but those moving down D, all rejected.
/// So the search returns the candidate of smallest key that `extra` accepts, as the branch and
/// bound did (a key is a function of the candidate: its counts, its D.2 measures and its choices
/// of D.1–D.2), after at most one cell per rejected set and its splits.
fn by_down_sets<W: Weight>(
    solver: &mut Solver<'_, W>,
    shape: &Homogeneous<'_>,
    root: Bound,
    extra: &dyn Extra,
    hunt: &mut Hunt<'_>,
    het: &[(usize, usize)],
) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = shape.n;
    let bound_key = |bound: &Bound| bound_key(bound, shape.prefix_before);
    let mut cells: Vec<Cell> = vec![Cell { fixed: Vec::new(), first: None }];
    // Keys in increasing order; a bound (a prefix) sorts before the keys it prefixes.
    let mut queue: BinaryHeap<Reverse<(Vec<i64>, usize)>> = BinaryHeap::new();
    queue.push(Reverse((bound_key(&root), 0)));
    while let Some(Reverse((key, index))) = queue.pop() {
        if hunt.beaten(&key) {
            // Every key left is at least this one: nothing left can beat the best found.
            return;
        }
        let fixed = cells[index].fixed.clone();
        let log = enter_cell(solver, n, &fixed);
        match cells[index].first.take() {
            None => {
                // The cell's first candidate, found as without a condition.
                let mut sub = Hunt { extra: None, best: None, solves: 0 };
                if let Some(bound) = solver.solve() {
                    hunt.solves += 1;
                    first_of_model(solver, shape, &bound, &mut sub, het);
                }
                hunt.solves += sub.solves;
                if let Some((first_key, candidate)) = sub.best {
                    cells[index].first = Some(candidate);
                    queue.push(Reverse((first_key, index)));
                }
            }
            Some(candidate) => {
                if extra.accepts(&candidate.down) {
                    solver.restore(&log);
                    hunt.offer(key, candidate);
                    return;
                }
                // Rejected: so is every candidate of the cell that moves down the same players.
                let players = &solver.model.players;
                let down: Vec<bool> = (0..n).map(|v| candidate.down.contains(&players[v])).collect();
                let free: Vec<usize> = (0..n).filter(|v| !fixed.iter().any(|&(f, _)| f == *v)).collect();
                let mut prefix = fixed.clone();
                let mut kept = Vec::new();
                for &v in &free {
                    let mut child = prefix.clone();
                    child.push((v, !down[v]));
                    let child_log = enter_cell(solver, n, &[(v, !down[v])]);
                    let bound = solver.solve();
                    hunt.solves += 1;
                    solver.restore(&child_log);
                    if let Some(bound) = bound {
                        let child_key = bound_key(&bound);
                        if !hunt.beaten(&child_key) {
                            cells.push(Cell { fixed: child, first: None });
                            queue.push(Reverse((child_key, cells.len() - 1)));
                        }
                    }
                    // The next cells fix v as in D.
                    prefix.push((v, down[v]));
                    kept.extend(enter_cell(solver, n, &[(v, down[v])]));
                }
                solver.restore(&kept);
            }
        }
        solver.restore(&log);
    }
}

/// The number of bits a model's weights need.
fn layout_bits(model: &Model<'_>) -> u32 {
    frame(&caps(model), model.vertices() as u64 / 2).total_bits
}

macro_rules! with_weight {
    ($bits:expr, $run:ident, ( $($arg:expr),* )) => {
        match $bits {
            0..=61 => $run::<u64>($($arg),*),
            62..=125 => $run::<u128>($($arg),*),
            126..=253 => $run::<Wide<4>>($($arg),*),
            254..=509 => $run::<Wide<8>>($($arg),*),
            _ => $run::<Wide<16>>($($arg),*),
        }
    };
}

/// A homogeneous bracket or remainder to pair: its players (A.2 order), its pairs, the counts of
/// pairs fixed before it (the heterogeneous part), and the choices that led to it.
struct Part<'p> {
    players: Vec<usize>,
    pairs: usize,
    offset: Counts,
    prefix: &'p [i64],
    het: &'p [(usize, usize)],
}

fn homogeneous_part(round: &Round, step: &Step, part: Part<'_>, hunt: &mut Hunt<'_>) {
    let model = homogeneous_model(round, step, part.players, part.pairs, part.offset);
    let bits = layout_bits(&model);
    with_weight!(bits, run_homogeneous, (model, part.prefix, part.het, hunt));
}

/// The heterogeneous part of a step with a given set of moved-down players paired first: the
/// partner of each in turn (D.1.2), then the remainder.
#[allow(clippy::too_many_arguments)]
fn pair_first<W: Weight>(
    solver: &mut Solver<'_, W>,
    chosen: &[usize],
    i: usize,
    prefix: &mut Vec<i64>,
    het: &mut Vec<(usize, usize)>,
    residents: &[usize],
    remainder_pairs: usize,
    hunt: &mut Hunt<'_>,
) {
    let round = solver.model.round;
    let step = solver.model.step;
    if i == chosen.len() {
        let remainder: Vec<usize> =
            step.players.iter().copied().filter(|p| !het.iter().any(|&(a, b)| a == *p || b == *p)).collect();
        let mut offset = [0; COUNTS];
        for &(a, b) in het.iter() {
            step::add(&mut offset, &step::pair_counts(round, step, a, b, true));
        }
        let part = Part { players: remainder, pairs: remainder_pairs, offset, prefix, het };
        homogeneous_part(round, step, part, hunt);
        return;
    }
    let v = chosen[i];
    let position = |u: usize| residents.iter().position(|&x| x == u);
    let bonus: Vec<u64> =
        (0..solver.model.vertices()).map(|u| position(u).map_or(0, |k| (residents.len() - k) as u64)).collect();
    let mut excluded = Vec::new();
    loop {
        solver.set_bonus(Some((v, bonus.clone())));
        let bound = solver.solve();
        hunt.solves += 1;
        solver.set_bonus(None);
        let Some(bound) = bound else { break };
        let Some(partner) = solver.mate(v) else { break };
        let k = position(partner).unwrap_or(usize::MAX) as i64;
        let mut lower = key_of(&bound.counts);
        lower.extend_from_slice(prefix);
        lower.push(k);
        if hunt.beaten(&lower) {
            break;
        }
        let log = solver.restrict(v, &|u| u == partner);
        prefix.push(k);
        let players = &solver.model.players;
        het.push((players[v], players[partner]));
        pair_first(solver, chosen, i + 1, prefix, het, residents, remainder_pairs, hunt);
        het.pop();
        prefix.pop();
        solver.restore(&log);
        if hunt.done() || !hunt.exhaustive() {
            break;
        }
        solver.set_removed(v, partner, true);
        excluded.push((v, partner));
    }
    solver.restore(&excluded);
}

/// A heterogeneous step with the moved-down players of `subset` (indices into `step.mdps`) paired
/// first: its model, solved, then its choices.
fn run_heterogeneous<W: Weight>(
    model: Model<'_>,
    subset_rank: i64,
    hunt: &mut Hunt<'_>,
    bound_only: bool,
) -> Option<Bound> {
    let Shape::Heterogeneous { m1, pairs } = model.step.shape else { return None };
    let cap = caps(&model);
    let frame = frame(&cap, model.vertices() as u64 / 2);
    let chosen: Vec<usize> = (0..model.players.len()).filter(|&k| model.role[k] == Role::PairedFirst).collect();
    let residents: Vec<usize> = (0..model.players.len()).filter(|&k| !model.mdp[k]).collect();
    let mut solver = Solver::<W>::new(model, frame, cap);
    let root = solver.solve()?;
    hunt.solves += 1;
    if bound_only {
        return Some(root);
    }
    let mut lower = key_of(&root.counts);
    lower.push(subset_rank);
    if hunt.beaten(&lower) {
        return Some(root);
    }
    pair_first(&mut solver, &chosen, 0, &mut vec![subset_rank], &mut Vec::new(), &residents, pairs - m1, hunt);
    Some(root)
}

fn heterogeneous_model<'a>(round: &'a Round, step: &'a Step, subset: &[usize]) -> Model<'a> {
    let n = step.players.len();
    let chosen: Vec<usize> = subset.iter().map(|&k| step.mdps[k]).collect();
    Model {
        round,
        step,
        players: step.players.clone(),
        role: step.players.iter().map(|p| if chosen.contains(p) { Role::PairedFirst } else { Role::Free }).collect(),
        mdp: step.players.iter().map(|p| step.mdps.contains(p)).collect(),
        dummies: n - 2 * step.pairs(),
        s1: None,
        offset: [0; COUNTS],
    }
}

/// The heterogeneous step with the moved-down players of `subset` (its `rank` in D.3's order)
/// paired first; only its best counts when `bound_only`.
fn heterogeneous_step(
    round: &Round,
    step: &Step,
    (rank, subset): (usize, &[usize]),
    hunt: &mut Hunt<'_>,
    bound_only: bool,
) -> Option<Bound> {
    let model = heterogeneous_model(round, step, subset);
    let bits = layout_bits(&model);
    with_weight!(bits, run_heterogeneous, (model, rank as i64, hunt, bound_only))
}

/// The first candidate in the text's order when it meets the strictest stage of C.3 (every count
/// at its lower bound): then no search is needed. Most brackets of most rounds are paired so.
fn straight_away(round: &Round, step: &Step) -> Option<Candidate> {
    let several_scores = step.players.first().map(|&p| round.score(p)) != step.players.last().map(|&p| round.score(p));
    if step.lowest && several_scores {
        return None;
    }
    let (het, rest): (Vec<(usize, usize)>, Vec<usize>) = match step.shape {
        Shape::Homogeneous { .. } => (Vec::new(), step.players.clone()),
        Shape::Heterogeneous { m1, .. } => {
            if m1 != step.mdps.len() {
                return None;
            }
            let residents = step.residents();
            if residents.len() < m1 {
                return None;
            }
            let het: Vec<(usize, usize)> = (0..m1).map(|i| (step.mdps[i], residents[i])).collect();
            let rest = step.players.iter().copied().filter(|p| !het.iter().any(|&(a, b)| a == *p || b == *p)).collect();
            (het, rest)
        }
    };
    let pairs = step.pairs() - het.len();
    let (s1, s2) = rest.split_at(pairs);
    let candidate =
        Candidate { het, pairs: s1.iter().zip(s2).map(|(&a, &b)| (a, b)).collect(), down: s2[pairs..].to_vec() };
    if !step::absolute_ok(round, step, &candidate) {
        return None;
    }
    let (x1, z1) = step::x1_z1(round, &step.players, step.pairs());
    let c = step::counts(round, step, &candidate);
    let least = c[step::B2] == 0
        && c[step::A7D] == 0
        && c[step::X] <= x1
        && c[step::Z] <= z1
        && c[step::DOWN_B5..].iter().all(|&v| v == 0);
    least.then_some(candidate)
}

/// The fast engine.
#[derive(Debug, Default)]
pub struct Fast {
    /// Matchings solved, for the benchmarks.
    pub solves: u64,
}

impl Fast {
    pub fn new() -> Fast {
        Fast::default()
    }
}

impl Search for Fast {
    fn first(&mut self, round: &Round, step: &Step, extra: Option<&dyn Extra>) -> Option<Candidate> {
        if extra.is_none()
            && let Some(candidate) = straight_away(round, step)
        {
            return Some(candidate);
        }
        // C.13: when no pairing of the step can help the lowest bracket, say so at once rather
        // than search every candidate.
        if let Some(lowest) = extra.and_then(|e| e.lowest_bracket())
            && !super::procedure::penultimate_can_help(round, step, lowest)
        {
            return None;
        }
        let mut hunt = Hunt { extra, best: None, solves: 0 };
        match step.shape {
            Shape::Homogeneous { pairs } => {
                let part = Part { players: step.players.clone(), pairs, offset: [0; COUNTS], prefix: &[], het: &[] };
                homogeneous_part(round, step, part, &mut hunt);
            }
            Shape::Heterogeneous { m1, .. } => {
                let subsets = super::order::combinations(step.mdps.len(), m1);
                if hunt.exhaustive() || subsets.len() == 1 {
                    for (rank, subset) in subsets.iter().enumerate() {
                        heterogeneous_step(round, step, (rank, subset), &mut hunt, false);
                    }
                } else {
                    // D.3: the first set whose best candidates are the best of all.
                    let bounds: Vec<Option<Bound>> = subsets
                        .iter()
                        .enumerate()
                        .map(|(rank, subset)| heterogeneous_step(round, step, (rank, subset), &mut hunt, true))
                        .collect();
                    let best = bounds.iter().flatten().map(|b| b.counts).min();
                    if let Some(best) = best
                        && let Some(rank) = bounds.iter().position(|b| b.as_ref().is_some_and(|b| b.counts == best))
                    {
                        heterogeneous_step(round, step, (rank, &subsets[rank]), &mut hunt, false);
                    }
                }
            }
        }
        self.solves += hunt.solves;
        hunt.best.map(|(_, candidate)| candidate)
    }

    fn reaches_remainder(&mut self, round: &Round, step: &Step) -> bool {
        let Shape::Heterogeneous { m1, .. } = step.shape else { return false };
        let residents = step.residents();
        let mdps = &step.mdps;
        let mut matcher = Matcher::<u64>::new(mdps.len() + residents.len());
        for (i, &m) in mdps.iter().enumerate() {
            for (j, &r) in residents.iter().enumerate() {
                if !round.facts(m, r).forbidden {
                    matcher.set_weight(i, mdps.len() + j, 1);
                }
            }
        }
        matcher.solve();
        matcher.total_weight() as usize >= m1
    }
}
