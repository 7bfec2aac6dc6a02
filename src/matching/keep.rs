//! Weight changes that keep the duals: when the current duals still cover a changed edge, the
//! edge needs no repair, and at most its two ends lose their pairing (if it was matched and is
//! no longer tight); an edge lowered inside a blossom keeps them too, unless it holds the
//! blossom together (matched, or on a cycle). A caller that raises many weights around a few
//! vertices first raises their duals ([`Matcher::raise_dual`]), so that only the pairs whose
//! tightness the raise breaks are re-solved, not every vertex whose edges changed.

use super::{Matcher, Weight};

impl<W: Weight> Matcher<W> {
    /// Sets the weight of `{u, v}` as [`Matcher::set_weight`] does, but when the current duals
    /// still cover the new weight (the reduced cost stays non-negative), they are kept: the next
    /// [`Matcher::solve`] only unmatches the pair if it was matched and is no longer tight,
    /// instead of detaching an end of the edge. The optimum found is optimal all the same.
    /// Inside a blossom, where blossom duals count too, only a lowered edge is kept this way, and
    /// only when it is neither matched nor on a blossom's cycle.
    ///
    /// # Panics
    ///
    /// As [`Matcher::set_weight`].
    pub fn set_weight_keeping_duals(&mut self, u: usize, v: usize, weight: W) {
        self.forget_largest();
        let count = self.vertex_count();
        assert!(u < count && v < count, "edge {{{u}, {v}}} outside a graph of {count} vertices");
        assert_ne!(u, v, "a vertex cannot be matched to itself");
        // A zero weight (the generation steps take out whole groups of pairs) skips the
        // arithmetic: duals are never negative, so they cover it, and it lowers any edge.
        let clearing = weight.is_zero();
        assert!(weight <= self.weight_limit, "weight {weight:?} above the limit {:?}", self.weight_limit);
        if self.weights.equals(u, v, &weight) {
            return;
        }
        // Fixed vertices and vertices whose repair is pending take the ordinary way.
        if self.solution.fixed_to[u].is_some()
            || self.solution.fixed_to[v].is_some()
            || self.changed_vertex[u]
            || self.changed_vertex[v]
        {
            self.set_weight(u, v, weight);
            return;
        }
        if self.solution.top[u] == self.solution.top[v] {
            // Inside a blossom the reduced cost counts blossom duals. A lowered edge that is
            // neither matched nor on a blossom's cycle only gains reduced cost: the duals stay
            // feasible and every blossom keeps its tight cycle, so nothing needs repair. (Clearing
            // the pairs within S1 and within S2 once the exchanges are fixed is this case.)
            let lowered = clearing || weight < self.weights.get::<W>(u, v);
            if self.solution.mate[u] != Some(v) && lowered && !self.is_cycle_edge(u, v) {
                self.weights.set(u, v, &weight);
            } else {
                self.set_weight(u, v, weight);
            }
            return;
        }
        // Covered: dual(u) + dual(v) ≥ 2·weight.
        if !clearing {
            let mut covered = self.solution.vertex_dual[u].clone();
            let overflowed = covered.overflowing_add_in_place(&self.solution.vertex_dual[v]);
            let mut doubled = weight.clone();
            doubled.double_in_place();
            if !overflowed && covered < doubled {
                self.set_weight(u, v, weight);
                return;
            }
        }
        self.weights.set(u, v, &weight);
        if self.solution.mate[u] == Some(v) {
            self.pending_checks.push(u);
        }
    }

    /// Whether `{u, v}` joins two neighbours on some blossom's cycle.
    fn is_cycle_edge(&mut self, u: usize, v: usize) -> bool {
        if !self.cycle_partners.valid {
            self.cycle_partners.rebuild(self.solution.mate.len(), &self.solution.cycle_edges);
        }
        self.cycle_partners.of(u).contains(&(v as u32))
    }

    /// Raises the dual of `v` so that every edge of `v` can then gain up to `amount` of weight
    /// through [`Matcher::set_weight_keeping_duals`] without a repair. `v` leaves the blossoms
    /// around it (each dissolved, its dual moved into its vertices), and the next
    /// [`Matcher::solve`] unmatches the pairs the raise leaves slack: `v`'s, and those of the
    /// bases of the dissolved blossoms. Nothing else of the optimum is touched.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex.
    pub fn raise_dual(&mut self, v: usize, amount: &W) {
        self.forget_largest();
        assert!(v < self.vertex_count(), "vertex {v} outside a graph of {} vertices", self.vertex_count());
        if amount.is_zero() || self.solution.fixed_to[v].is_some() {
            return;
        }
        // Dissolving moves each blossom's dual into its vertices: the base's edge out of the
        // blossom gains, so its pair is checked.
        let bases = self.dissolve_blossoms_around(v);
        self.pending_checks.extend(bases);
        let mut doubled = amount.clone();
        doubled.double_in_place();
        self.solution.vertex_dual[v].add_in_place(&doubled);
        self.pending_checks.push(v);
    }

    /// Unmatches the checked pairs that are no longer tight (or no longer edges); their ends
    /// are added to `released`. Runs before the pending fixes are applied, while every checked
    /// vertex is still exposed or matched across top-level blossoms (see
    /// [`Matcher::repair_after_changes`]).
    pub(super) fn apply_pending_checks(&mut self, released: &mut Vec<usize>) {
        let checks = std::mem::take(&mut self.pending_checks);
        let mut cost = W::zero();
        for &vertex in &checks {
            let Some(mate) = self.solution.mate[vertex] else {
                continue;
            };
            if self.solution.fixed_to[vertex] == Some(mate) {
                continue;
            }
            let slack = self.weights.is_zero(vertex, mate) || {
                // Matched across blossoms: no blossom dual counts.
                debug_assert_ne!(self.solution.top[vertex], self.solution.top[mate]);
                self.reduced_cost_into(&mut cost, vertex, mate);
                !cost.is_zero()
            };
            if slack {
                self.solution.mate[vertex] = None;
                self.solution.mate[mate] = None;
                released.push(vertex);
                released.push(mate);
            }
        }
        self.pending_checks = checks;
        self.pending_checks.clear();
    }
}

/// Per vertex, the other ends of its edges on blossom cycles, rebuilt on demand after the blossom
/// forest changes: lowering a weight inside a blossom asks this once per edge, and a walk up
/// nested blossoms for each would cost more than the rest of the change.
#[derive(Clone, Debug, Default)]
pub(super) struct CyclePartners {
    /// Whether the lists match the blossoms (cleared whenever a blossom forms or goes).
    pub(super) valid: bool,
    /// `partners[offsets[v]..offsets[v + 1]]` are the cycle partners of `v`.
    offsets: Vec<u32>,
    partners: Vec<u32>,
}

impl CyclePartners {
    fn rebuild(&mut self, vertex_count: usize, cycle_edges: &[Vec<(usize, usize)>]) {
        self.offsets.clear();
        self.offsets.resize(vertex_count + 1, 0);
        let edges = || cycle_edges.iter().flatten().copied();
        for (u, v) in edges() {
            self.offsets[u + 1] += 1;
            self.offsets[v + 1] += 1;
        }
        for v in 0..vertex_count {
            self.offsets[v + 1] += self.offsets[v];
        }
        self.partners.clear();
        self.partners.resize(self.offsets[vertex_count] as usize, 0);
        let mut next: Vec<u32> = self.offsets[..vertex_count].to_vec();
        for (u, v) in edges() {
            self.partners[next[u] as usize] = v as u32;
            next[u] += 1;
            self.partners[next[v] as usize] = u as u32;
            next[v] += 1;
        }
        self.valid = true;
    }

    fn of(&self, v: usize) -> &[u32] {
        &self.partners[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}
