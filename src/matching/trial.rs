//! Fixing pairs on a guess: several pairs fixed at once and kept if one solve shows that an
//! optimal matching holds them all, else rolled back to the optimum before the guess.
//!
//! The engines settle a generation order by fixing, player after player, the first partner an
//! optimal matching allows (C.04.3 art. 4.2 in the Dutch system, art. 4 of the Burstein system).
//! The duals of the last optimum rule most candidates out, but inside a large blossom they cannot
//! tell which of the others is possible, and finding out took one solve per player. The first
//! candidate the duals leave open is nearly always the one, though: fixing a run of such guesses
//! and solving once proves them all, and a run that does not hold is undone at the cost of that
//! one solve.

use super::{Matcher, Solution, Weight};

/// The matcher's state before a guess, all but the weights: the edges of the guessed pairs'
/// vertices, the only weights fixing changes, are kept apart (`rows`).
#[derive(Clone, Debug)]
pub(super) struct Before<W> {
    solution: Solution<W>,
    /// Per vertex of a guessed pair, the weights of all its edges.
    rows: Vec<(usize, Vec<W>)>,
}

/// A sum of weights that may pass the weight type's range: `value + carries · 2^BITS`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Total<W> {
    carries: u64,
    value: W,
}

impl<W: Weight> Total<W> {
    fn add(&mut self, weight: &W) {
        if self.value.overflowing_add_in_place(weight) {
            self.carries += 1;
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// Fixes every pair `(a, b, weight)` of `pairs` for good, as [`Matcher::fix_pair`] does, if
    /// some optimal matching holds them all, and returns true; otherwise leaves the matcher as it
    /// was and returns false.
    ///
    /// One solve decides. With the pairs fixed (each other edge of their vertices removed, each
    /// pair given its `weight`), the best matching weighs the optimum less the pairs' weights as
    /// they were, plus their new weights, exactly when an optimal matching holds every pair, and
    /// less otherwise (what the others can gain without the pairs' vertices is at most what they
    /// gain beside the pairs in an optimum). When the pairs do not hold, the matching, duals,
    /// blossoms and weights of before are put back, so the next solve starts from that optimum,
    /// not from the repair of a wrong guess.
    ///
    /// Weights changed before the call are solved first; pairs fixed before it that the matching
    /// holds are solved with the guess (the matching is optimal for them already, and one repair
    /// of the blossoms around all the fixed vertices costs less than two). Nothing is fixed, and
    /// false returned, when a pair names a vertex twice or one that is already fixed, is not an
    /// edge, or is given a zero weight or one above [`Weight::headroom_limit`].
    pub fn fix_pairs_if_optimal(&mut self, pairs: &[(usize, usize, W)]) -> bool {
        if !self.changed_edges.is_empty()
            || !self.changed_vertices.is_empty()
            || !self.pending_checks.is_empty()
            || self.solution.pending_fixes.iter().any(|&(a, b)| self.solution.mate[a] != Some(b))
        {
            self.solve();
        }
        let count = self.vertex_count();
        let mut named = vec![false; count];
        for (a, b, weight) in pairs {
            for v in [*a, *b] {
                if v >= count || named[v] || self.solution.fixed_to[v].is_some() {
                    return false;
                }
                named[v] = true;
            }
            if weight.is_zero() || *weight > self.weight_limit || self.weights.is_zero(*a, *b) {
                return false;
            }
        }
        if pairs.is_empty() {
            return true;
        }
        // The optimum plus the new weights, against the fixed optimum plus the old ones.
        let mut expected = self.total_with_carries();
        let mut old_weights = Vec::with_capacity(pairs.len());
        for (a, b, weight) in pairs {
            expected.add(weight);
            old_weights.push(self.weights.get::<W>(*a, *b));
        }
        let before = self.state_before(pairs);
        for (a, b, weight) in pairs {
            self.fix_pair(*a, *b, weight.clone());
        }
        self.solve();
        let mut fixed = self.total_with_carries();
        for weight in &old_weights {
            fixed.add(weight);
        }
        if fixed == expected {
            self.spare_guess = Some(before);
            return true;
        }
        self.restore(before);
        false
    }

    /// The total weight of the matching, with its carries out of the weight type.
    fn total_with_carries(&self) -> Total<W> {
        let mut total = Total { carries: 0, value: W::zero() };
        for (vertex, mate) in self.solution.mate.iter().enumerate() {
            if let Some(mate) = *mate
                && mate < vertex
            {
                total.add(&self.weights.get(vertex, mate));
            }
        }
        total
    }

    /// The state to restore if fixing `pairs` does not hold. Nothing is pending but pairs fixed
    /// that the matching holds.
    fn state_before(&mut self, pairs: &[(usize, usize, W)]) -> Before<W> {
        let count = self.vertex_count();
        // Refilled in place: the spare keeps the vectors of the guess before.
        let mut before = self
            .spare_guess
            .take()
            .unwrap_or_else(|| Before { solution: Solution::with_capacity(0), rows: Vec::new() });
        before.rows.resize_with(2 * pairs.len(), || (0, Vec::new()));
        for ((v, row), vertex) in before.rows.iter_mut().zip(pairs.iter().flat_map(|(a, b, _)| [*a, *b])) {
            *v = vertex;
            row.clear();
            row.extend((0..count).map(|other| self.weights.get(vertex, other)));
        }
        before.solution.clone_from(&self.solution);
        before
    }

    /// Puts back the state of [`Matcher::state_before`], after a solve (nothing pending).
    fn restore(&mut self, mut before: Before<W>) {
        for (v, row) in &before.rows {
            for (other, weight) in row.iter().enumerate() {
                if other != *v {
                    self.weights.set(*v, other, weight);
                }
            }
        }
        // The failed guess's state becomes the spare.
        std::mem::swap(&mut self.solution, &mut before.solution);
        self.spare_guess = Some(before);
        self.cycle_partners.valid = false;
    }
}

/// How many pairs an engine guesses at once ([`Matcher::fix_pairs_if_optimal`]): all it may at
/// first, twice as many after a guess that holds, half as many after one that does not, down to
/// none; then one again once a solve shows that the guess would have held.
#[derive(Clone, Copy, Debug)]
pub struct Guesses {
    count: usize,
    limit: usize,
}

impl Guesses {
    /// At most `limit` pairs at once.
    pub fn new(limit: usize) -> Self {
        Guesses { count: limit, limit }
    }

    /// The number of pairs to guess now; none when zero.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The last guess held.
    pub fn held(&mut self) {
        self.count = (self.count * 2).max(1).min(self.limit);
    }

    /// The last guess did not hold.
    pub fn failed(&mut self) {
        self.count /= 2;
    }

    /// A solve showed that a guess, not made, would have held.
    pub fn would_have_held(&mut self) {
        if self.count == 0 {
            self.count = self.limit.min(1);
        }
    }
}
