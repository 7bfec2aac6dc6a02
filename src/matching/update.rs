//! Repairing an optimal solution after weight changes, so that only a few stages must run.

use super::{Matcher, Weight};

impl<W: Weight> Matcher<W> {
    /// Turns the last optimum into a feasible starting point for the changed weights: every changed
    /// edge gets an endpoint that is detached (unmatched, in no blossom) and given a dual large
    /// enough for all its edges. What remains of the old solution keeps complementary slackness,
    /// except that detached vertices and their former mates may be exposed with a positive dual.
    pub(super) fn repair_after_changes(&mut self) {
        if self.changed_edges.is_empty() {
            return;
        }
        let cover = self.cover_changed_edges();
        self.changed_edges.clear();
        let mut released = Vec::with_capacity(2 * cover.len());
        for &vertex in &cover {
            released.push(vertex);
            if let Some(mate) = self.detach_vertex(vertex) {
                released.push(mate);
            }
        }
        // Each dual is chosen against the final duals of the vertices chosen before it and zero for
        // those after; those only grow from zero, so every edge between two of them stays feasible.
        for &vertex in &cover {
            self.vertex_dual[vertex] = W::zero();
        }
        for &vertex in &cover {
            self.vertex_dual[vertex] = self.lowest_feasible_dual(vertex);
        }
        self.rematch_tight(&released);
    }

    /// Matches exposed vertices of `candidates` to each other along tight edges, greedily, so
    /// that a vertex whose old matched edge stayed tight (the usual case after a small nudge) does
    /// not cost a stage. Two exposed vertices are the bases of their top-level blossoms, and no
    /// blossom holds both, so matching them keeps every blossom full and every matched edge tight.
    fn rematch_tight(&mut self, candidates: &[usize]) {
        let mut cost = W::zero();
        for (index, &first) in candidates.iter().enumerate() {
            if self.mate[first].is_some() {
                continue;
            }
            for &second in &candidates[index + 1..] {
                if self.mate[second].is_some()
                    || second == first
                    || self.top[first] == self.top[second]
                    || self.weights[first][second].is_zero()
                    || (self.vertex_dual[first].is_zero() && self.vertex_dual[second].is_zero())
                {
                    continue;
                }
                self.reduced_cost_into(&mut cost, first, second);
                if cost.is_zero() {
                    self.mate[first] = Some(second);
                    self.mate[second] = Some(first);
                    break;
                }
            }
        }
    }

    /// A small set of vertices touching every changed edge: greedily, each uncovered edge is
    /// covered by whichever endpoint has more changed edges, so the edges around one vertex cost
    /// one vertex whichever endpoint the caller named first.
    fn cover_changed_edges(&self) -> Vec<usize> {
        let mut changed_degree = vec![0_usize; self.vertex_count()];
        for &(u, v) in &self.changed_edges {
            changed_degree[u] += 1;
            changed_degree[v] += 1;
        }
        let mut in_cover = vec![false; self.vertex_count()];
        let mut cover = Vec::new();
        for &(u, v) in &self.changed_edges {
            if !in_cover[u] && !in_cover[v] {
                let chosen = if changed_degree[u] >= changed_degree[v] { u } else { v };
                in_cover[chosen] = true;
                cover.push(chosen);
            }
        }
        cover
    }

    /// Unmatches `vertex` and pulls it out of every blossom, keeping the duals feasible and every
    /// remaining blossom full and tight. Returns the vertex this left exposed besides `vertex`
    /// itself, if any.
    fn detach_vertex(&mut self, vertex: usize) -> Option<usize> {
        let top = self.top[vertex];
        let top_base = self.base(top);
        let released = self.mate[top_base].take();
        if let Some(mate) = released {
            // The mate becomes the exposed base of its own top-level blossom.
            self.mate[mate] = None;
        }
        if top == vertex {
            return released;
        }
        // With the blossom exposed, rotating it leaves `vertex` as the one unmatched vertex inside,
        // and the sub-blossoms left over when it is dissolved pair up along the cycle.
        self.rotate_blossom(top, vertex);
        self.mate[vertex] = None;
        while self.top[vertex] != vertex {
            self.dissolve_top_blossom(self.top[vertex]);
        }
        released
    }

    /// The smallest dual for a vertex in no blossom that keeps all its edges feasible:
    /// `max(0, max over x of 2·w(vertex, x) − dual(x))`.
    fn lowest_feasible_dual(&self, vertex: usize) -> W {
        let mut lowest = W::zero();
        let mut needed = W::zero();
        for other in (0..self.vertex_count()).filter(|&other| other != vertex) {
            let weight = &self.weights[vertex][other];
            if weight.is_zero() {
                continue;
            }
            needed.clone_from(weight);
            needed.add_in_place(weight);
            if needed > self.vertex_dual[other] {
                needed.sub_in_place(&self.vertex_dual[other]);
                if needed > lowest {
                    lowest.clone_from(&needed);
                }
            }
        }
        lowest
    }

    /// Gives every exposed vertex an even dual, so that the duals of all tree roots share a
    /// parity. Tree vertices then share it too (a tight edge has an even dual sum), which keeps
    /// the reduced cost between two Outer vertices even and halving it exact.
    pub(super) fn make_root_duals_even(&mut self) {
        let one = W::from_u64(1);
        for root in 0..self.vertex_count() {
            if self.mate[root].is_some() || !self.vertex_dual[root].is_odd() {
                continue;
            }
            // Raise by one the duals of the innermost blossom around `root` that can pay for it: a
            // blossom with positive dual gives one unit back, so its inside edges keep their
            // cost. A top-level blossom with zero dual owes nothing and is dissolved on the way.
            loop {
                let top = self.top[root];
                if top == root {
                    self.vertex_dual[root].add_in_place(&one);
                    break;
                }
                let slot = self.slot(top);
                if self.blossom_dual[slot].is_zero() {
                    self.dissolve_top_blossom(top);
                    continue;
                }
                self.blossom_dual[slot].sub_in_place(&one);
                for vertex in self.leaves(top) {
                    self.vertex_dual[vertex].add_in_place(&one);
                }
                break;
            }
        }
    }
}
