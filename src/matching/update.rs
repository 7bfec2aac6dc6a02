//! Repairing an optimal solution after weight changes, so that only a few stages must run.

use super::table::is_absent;
use super::{Matcher, Weight};

/// The largest matcher whose changed covers [`Matcher::choose_cover_duals`] jump-starts. In
/// lists of thousands of players the jump-started duals left as many stages and made each dearer:
/// with every matcher jump-started, round 2 of a 9,999-player event (lists of 3,976–5,694) took
/// 31% more CPU, while a 3,000-player event took 10% less and events of 200–1,000 players 5–17%
/// less (docs/performance.md, "Jump-started duals").
const JUMP_START_MOST: usize = 2048;

impl<W: Weight> Matcher<W> {
    /// Turns the last optimum into a feasible starting point for the changed weights: every changed
    /// edge gets an endpoint that is detached (unmatched, in no blossom) and given a dual large
    /// enough for all its edges. What remains of the old solution keeps complementary slackness,
    /// except that detached vertices and their former mates may be exposed with a positive dual.
    /// The pending tightness checks are applied first, then the pairs fixed since the last solve.
    pub(super) fn repair_after_changes(&mut self) {
        if !self.has_pending_changes() {
            return;
        }
        // Before the first solve, once the changes are marked by vertex, every vertex with an edge
        // is in the cover and the first pass would give each its largest weight: the duals that
        // `set_row_weights` kept. While they are kept no pair is fixed and no check is pending.
        let largest_kept = self.duals_hold_largest && self.changed_edges.is_empty();
        if !largest_kept {
            self.forget_largest();
        }
        let mut released = Vec::new();
        // Checks before fixes. A vertex is queued for a check while it is exposed or matched to
        // another top-level blossom, and until the repair the blossoms only ever split
        // (`raise_dual` dissolves), so that still holds here; the check reads the matched edge's
        // reduced cost from the vertex duals alone, which is right only across top-level
        // blossoms. Applying a fix detaches its vertices, rotating their blossoms: that can
        // match a queued vertex (say the exposed base of a blossom `raise_dual` dissolved) inside
        // a surviving sub-blossom, along a cycle edge that is tight only with that sub-blossom's
        // dual; checked then, the edge looked slack, and unmatching it left a blossom with an
        // exposed vertex other than its base, on which the next stage never ended.
        self.apply_pending_checks(&mut released);
        self.apply_pending_fixes(&mut released);
        let cover = self.cover_changed_edges();
        self.changed_edges.clear();
        for vertex in self.changed_vertices.drain(..) {
            self.changed_vertex[vertex] = false;
        }
        for &vertex in &cover {
            released.push(vertex);
            if let Some(mate) = self.detach_vertex(vertex) {
                released.push(mate);
            }
        }
        self.choose_cover_duals(&cover, largest_kept);
        self.rematch_tight(&released);
    }

    /// Gives the vertices of `cover` duals that make every edge feasible again, each as low as one
    /// pass allows, so that a vertex usually has a tight edge for [`Self::rematch_tight`].
    ///
    /// First each takes the larger of its weight to any other cover vertex (that vertex takes at
    /// least as much, so the two cover the doubled weight together) and what its edges to the
    /// other vertices need: every edge is then feasible. Then each, in turn, comes down to the
    /// lowest dual its edges allow against the duals as they stand, which leaves it a tight edge
    /// unless it reaches zero. For a cover of every vertex (a bracket list's first solve) this
    /// takes about a fifth of the stages off, against duals chosen in one pass against zero for
    /// the vertices not chosen yet, which start most vertices near twice their largest weight
    /// (docs/performance.md, "Jump-started duals").
    ///
    /// `first_pass_done`: the duals hold the first pass's outcome already, each cover vertex's
    /// largest weight before the first solve (`Matcher::duals_hold_largest`).
    ///
    /// A matcher of more than [`JUMP_START_MOST`] vertices keeps the one pass.
    fn choose_cover_duals(&mut self, cover: &[usize], first_pass_done: bool) {
        if self.vertex_count() > JUMP_START_MOST {
            // The one pass: each dual is chosen against the final duals of the vertices chosen
            // before it and zero for those after; those only grow from zero, so every edge
            // between two of them stays feasible.
            for &vertex in cover {
                self.solution.vertex_dual[vertex] = W::zero();
            }
        } else if !first_pass_done {
            self.pay_half_of_cover_edges(cover);
        }
        for &vertex in cover {
            self.solution.vertex_dual[vertex] = self.lowest_feasible_dual(vertex);
        }
    }

    /// The first of [`Self::choose_cover_duals`]' two passes: each vertex of `cover` takes the
    /// larger of its weight to any other cover vertex and what its edges to the other vertices
    /// need, which makes every edge feasible.
    // Kept out of `choose_cover_duals`: inlined there, the large matchers' repairs (which skip
    // it) took about 10% more CPU.
    #[inline(never)]
    fn pay_half_of_cover_edges(&mut self, cover: &[usize]) {
        let mut in_cover = std::mem::take(&mut self.changed_vertex);
        for &vertex in cover {
            in_cover[vertex] = true;
        }
        let mut needed = W::zero();
        for &vertex in cover {
            let mut highest = W::zero();
            let row = self.weights.row(vertex);
            for &other in &self.solution.active {
                let entry = row.entry(other);
                if other == vertex || is_absent(entry) {
                    continue;
                }
                needed.set_from_limbs(entry);
                if !in_cover[other] {
                    needed.double_in_place();
                    if needed <= self.solution.vertex_dual[other] {
                        continue;
                    }
                    needed.sub_in_place(&self.solution.vertex_dual[other]);
                }
                if needed > highest {
                    highest.clone_from(&needed);
                }
            }
            self.solution.vertex_dual[vertex] = highest;
        }
        for &vertex in cover {
            in_cover[vertex] = false;
        }
        self.changed_vertex = in_cover;
    }

    /// Matches exposed vertices of `candidates` to each other along tight edges, greedily, so
    /// that a vertex whose old matched edge stayed tight (the usual case after a small nudge) does
    /// not cost a stage. Two exposed vertices are the bases of their top-level blossoms, and no
    /// blossom holds both, so matching them keeps every blossom full and every matched edge tight.
    fn rematch_tight(&mut self, candidates: &[usize]) {
        let (mut sum, mut doubled) = (W::zero(), W::zero());
        for (index, &first) in candidates.iter().enumerate() {
            if self.solution.mate[first].is_some() {
                continue;
            }
            for &second in &candidates[index + 1..] {
                if self.solution.mate[second].is_some()
                    || second == first
                    || self.solution.top[first] == self.solution.top[second]
                    || self.weights.is_zero(first, second)
                    || (self.solution.vertex_dual[first].is_zero() && self.solution.vertex_dual[second].is_zero())
                {
                    continue;
                }
                // Compared rather than subtracted: an edge changed since the last solve may be
                // infeasible for now (the next repair takes care of it).
                sum.clone_from(&self.solution.vertex_dual[first]);
                sum.add_in_place(&self.solution.vertex_dual[second]);
                self.weights.get_into(first, second, &mut doubled);
                doubled.double_in_place();
                if sum == doubled {
                    self.solution.mate[first] = Some(second);
                    self.solution.mate[second] = Some(first);
                    break;
                }
            }
        }
    }

    /// Fixes `a` and `b` as a matched pair for good: the edge `{a, b}` gets `weight` and every
    /// other edge of either vertex is removed, as the corresponding [`Matcher::set_weight`] calls
    /// would do, and from the next [`Matcher::solve`] on no solve looks at either vertex again.
    /// That solve matches the pair and leaves their old mates, if any, exposed: fixing a pair that
    /// is already matched costs it O(n) and no stage. Until then the matching stays as it was.
    ///
    /// A later [`Matcher::set_weight`] that changes an edge of `a` or `b` undoes the fixing (the
    /// weights stay as they are) and counts as an ordinary change.
    ///
    /// # Panics
    ///
    /// If `a == b`, if either is not a vertex, or if `weight` is zero or above
    /// [`Weight::headroom_limit`].
    pub fn fix_pair(&mut self, a: usize, b: usize, weight: W) {
        self.forget_largest();
        let count = self.vertex_count();
        assert!(a < count && b < count, "pair {{{a}, {b}}} outside a graph of {count} vertices");
        assert_ne!(a, b, "a vertex cannot be matched to itself");
        assert!(!weight.is_zero(), "a fixed pair needs an edge");
        assert!(weight <= self.weight_limit, "weight {weight:?} above the limit {:?}", self.weight_limit);
        for vertex in [a, b] {
            if self.solution.fixed_to[vertex].is_some() {
                self.unfix(vertex);
            }
        }
        // Pending changes of these edges are settled by the fixing: the removed edges no longer
        // constrain the duals, and the pair's edge is made tight when the fixing is applied.
        let (a32, b32) = (a as u32, b as u32);
        self.changed_edges.retain(|&(u, v)| u != a32 && u != b32 && v != a32 && v != b32);
        // Marks are left: a fixed vertex is left out of the cover.
        self.weights.clear_edges_of(a);
        self.weights.clear_edges_of(b);
        self.weights.set(a, b, &weight);
        self.solution.fixed_to[a] = Some(b);
        self.solution.fixed_to[b] = Some(a);
        self.solution.pending_fixes.push((a, b));
    }

    /// Tries to fix `a`–`b` as [`Matcher::fix_pair`] does, without a stage, from the duals of the
    /// last solve (no weights may have changed since; pairs fixed since must already be matched):
    ///
    /// - [`Exchange::Impossible`]: the edge has a positive reduced cost, so by complementary
    ///   slackness no optimal matching holds the pair; nothing changes.
    /// - [`Exchange::Fixed`]: the pair is matched already, or the matching becomes an optimal one
    ///   holding it by a swap: `a`–`b` and the pair of their old mates are tight (or the mate left
    ///   exposed has a zero dual), none of the four in a blossom. The swapped matching satisfies
    ///   complementary slackness with the same duals, so it is a matching a solve could return.
    /// - [`Exchange::Unknown`]: neither can be told this cheaply; nothing changes.
    pub fn fix_pair_by_exchange(&mut self, a: usize, b: usize, weight: W) -> Exchange {
        if !self.changed_edges.is_empty() || !self.changed_vertices.is_empty() || !self.pending_checks.is_empty() {
            return Exchange::Unknown;
        }
        if self.solution.pending_fixes.iter().any(|&(c, d)| self.solution.mate[c] != Some(d)) {
            return Exchange::Unknown;
        }
        let count = self.vertex_count();
        if a >= count || b >= count || a == b || weight.is_zero() || weight > self.weight_limit {
            return Exchange::Unknown;
        }
        if self.solution.fixed_to[a].is_some() || self.solution.fixed_to[b].is_some() {
            return Exchange::Unknown;
        }
        if self.solution.mate[a] == Some(b) {
            self.fix_pair(a, b, weight);
            return Exchange::Fixed;
        }
        if self.weights.is_zero(a, b) {
            return Exchange::Impossible;
        }
        if self.solution.top[a] == self.solution.top[b] {
            // Inside one blossom: only a slack edge can be told (the swap needs single vertices).
            return if self.is_slack_inside_blossoms(a, b) { Exchange::Impossible } else { Exchange::Unknown };
        }
        // Without a blossom holding both, the reduced cost is the vertex duals' part alone,
        // and dual feasibility keeps it non-negative.
        if !self.is_tight(a, b) {
            return Exchange::Impossible;
        }
        let (old_a, old_b) = (self.solution.mate[a], self.solution.mate[b]);
        let involved = [Some(a), Some(b), old_a, old_b];
        if involved.iter().flatten().any(|&v| self.solution.top[v] != v || self.solution.fixed_to[v].is_some()) {
            return Exchange::Unknown;
        }
        match (old_a, old_b) {
            (Some(m), Some(x)) if !self.is_tight(m, x) => return Exchange::Unknown,
            // The one left exposed must not keep a positive dual.
            (Some(v), None) | (None, Some(v)) if !self.solution.vertex_dual[v].is_zero() => return Exchange::Unknown,
            _ => {}
        }
        self.solution.mate[a] = Some(b);
        self.solution.mate[b] = Some(a);
        match (old_a, old_b) {
            (Some(m), Some(x)) => {
                self.solution.mate[m] = Some(x);
                self.solution.mate[x] = Some(m);
            }
            (Some(v), None) | (None, Some(v)) => self.solution.mate[v] = None,
            (None, None) => {}
        }
        self.fix_pair(a, b, weight);
        Exchange::Fixed
    }

    /// Whether the duals of the last solve show that no optimal matching holds the pair `a`–`b`:
    /// it is no edge (or no longer one, as the pairs of a fixed vertex), or its reduced cost is
    /// positive (complementary slackness). False whenever that cannot be told: weights changed
    /// since the solve, a pair fixed since it is not matched yet, or `a` and `b` are not two
    /// vertices. A pair ruled out stays so while the engine only fixes pairs of optimal
    /// matchings: the optimal matchings left are some of these.
    pub fn rules_out_pair(&self, a: usize, b: usize) -> bool {
        if !self.changed_edges.is_empty() || !self.changed_vertices.is_empty() || !self.pending_checks.is_empty() {
            return false;
        }
        if self.solution.pending_fixes.iter().any(|&(c, d)| self.solution.mate[c] != Some(d)) {
            return false;
        }
        let count = self.vertex_count();
        if a >= count || b >= count || a == b {
            return false;
        }
        if self.weights.is_zero(a, b) {
            return true;
        }
        if self.solution.top[a] == self.solution.top[b] {
            self.is_slack_inside_blossoms(a, b)
        } else {
            // Without a blossom holding both, the vertex duals alone make the reduced cost.
            !self.is_tight(a, b)
        }
    }

    /// Whether the edge `{u, v}` has a positive reduced cost, counting the duals of the blossoms
    /// that hold both ends (`dual(u) + dual(v) + 2·Σ z(B) > 2·w(u, v)`).
    fn is_slack_inside_blossoms(&self, u: usize, v: usize) -> bool {
        let weight = self.weights.get::<W>(u, v);
        let mut covered = self.solution.vertex_dual[u].clone();
        let mut overflowed = covered.overflowing_add_in_place(&self.solution.vertex_dual[v]);
        let enclosing_u: Vec<usize> = std::iter::successors(self.parent(u), |&node| self.parent(node)).collect();
        for blossom in std::iter::successors(self.parent(v), |&node| self.parent(node)) {
            if enclosing_u.contains(&blossom) {
                let dual = &self.solution.blossom_dual[self.slot(blossom)];
                overflowed |= covered.overflowing_add_in_place(dual);
                overflowed |= covered.overflowing_add_in_place(dual);
            }
        }
        let mut doubled = weight.clone();
        doubled.add_in_place(&weight);
        overflowed || covered > doubled
    }

    /// Whether `{u, v}`, an edge between two top-level single vertices or blossoms, has zero
    /// reduced cost.
    fn is_tight(&self, u: usize, v: usize) -> bool {
        if self.weights.is_zero(u, v) {
            return false;
        }
        let mut cost = W::zero();
        self.reduced_cost_into(&mut cost, u, v);
        cost.is_zero()
    }

    /// Makes a fixed vertex and its partner ordinary vertices again. A pair fixed since the last
    /// solve counts as changed on all its edges; one fixed before stays matched, with tight duals.
    pub(super) fn unfix(&mut self, vertex: usize) {
        let partner = self.solution.fixed_to[vertex].take().expect("a fixed vertex");
        self.solution.fixed_to[partner] = None;
        let pending = self.solution.pending_fixes.len();
        self.solution.pending_fixes.retain(|&pair| pair != (vertex, partner) && pair != (partner, vertex));
        if self.solution.pending_fixes.len() < pending {
            for end in [vertex, partner] {
                for other in (0..self.vertex_count()).filter(|&other| other != end) {
                    self.note_changed_edge(end, other);
                }
            }
        } else {
            for end in [vertex, partner] {
                let position = self.solution.active.partition_point(|&active| active < end);
                self.solution.active.insert(position, end);
            }
        }
    }

    /// Applies the pending fixed pairs: detaches both vertices, matches them to each other with
    /// tight duals and drops them from the active vertices. Their old mates are added to
    /// `released`.
    fn apply_pending_fixes(&mut self, released: &mut Vec<usize>) {
        let fixes = std::mem::take(&mut self.solution.pending_fixes);
        for &(a, b) in &fixes {
            for vertex in [a, b] {
                if let Some(mate) = self.detach_vertex(vertex)
                    && mate != a
                    && mate != b
                {
                    released.push(mate);
                }
            }
            // Both are single vertices now, so the edge is tight with these duals.
            let weight: W = self.weights.get(a, b);
            self.solution.vertex_dual[a].clone_from(&weight);
            self.solution.vertex_dual[a].add_in_place(&weight);
            self.solution.vertex_dual[b] = W::zero();
            self.solution.mate[a] = Some(b);
            self.solution.mate[b] = Some(a);
        }
        self.solution.active.retain(|&vertex| self.solution.fixed_to[vertex].is_none());
        self.solution.pending_fixes = fixes;
        self.solution.pending_fixes.clear();
    }

    /// Whether weights changed or pairs were fixed since the last solve.
    pub(super) fn has_pending_changes(&self) -> bool {
        !self.changed_edges.is_empty()
            || !self.changed_vertices.is_empty()
            || !self.solution.pending_fixes.is_empty()
            || !self.pending_checks.is_empty()
    }

    /// Notes that the weight of `{u, v}` changed: in the list of changed edges, or once that
    /// holds a few edges per vertex, by marking both ends.
    pub(super) fn note_changed_edge(&mut self, u: usize, v: usize) {
        if self.changed_vertices.is_empty() && self.changed_edges.len() < 4 * self.vertex_count() {
            self.changed_edges.push((u as u32, v as u32));
            return;
        }
        let listed = std::mem::take(&mut self.changed_edges);
        for (first, second) in listed.into_iter().map(|(first, second)| (first as usize, second as usize)) {
            self.mark_changed(first);
            self.mark_changed(second);
        }
        self.mark_changed(u);
        self.mark_changed(v);
    }

    pub(super) fn mark_changed(&mut self, vertex: usize) {
        if !self.changed_vertex[vertex] {
            self.changed_vertex[vertex] = true;
            self.changed_vertices.push(vertex);
        }
    }

    /// A small set of vertices touching every changed edge: the marked vertices, and greedily, each uncovered edge is
    /// covered by whichever endpoint has more changed edges, so the edges around one vertex cost
    /// one vertex whichever endpoint the caller named first.
    fn cover_changed_edges(&self) -> Vec<usize> {
        let mut changed_degree = vec![0_usize; self.vertex_count()];
        let edges = self.changed_edges.iter().map(|&(u, v)| (u as usize, v as usize));
        for (u, v) in edges.clone() {
            changed_degree[u] += 1;
            changed_degree[v] += 1;
        }
        // A marked vertex fixed since has all its changes settled by the fixing.
        let mut cover: Vec<usize> =
            self.changed_vertices.iter().copied().filter(|&vertex| self.solution.fixed_to[vertex].is_none()).collect();
        let mut in_cover = vec![false; self.vertex_count()];
        for &vertex in &cover {
            in_cover[vertex] = true;
        }
        for (u, v) in edges {
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
        let top = self.solution.top[vertex];
        let top_base = self.base(top);
        let released = self.solution.mate[top_base].take();
        if let Some(mate) = released {
            // The mate becomes the exposed base of its own top-level blossom.
            self.solution.mate[mate] = None;
        }
        if top == vertex {
            return released;
        }
        // With the blossom exposed, rotating it leaves `vertex` as the one unmatched vertex inside,
        // and the sub-blossoms left over when it is dissolved pair up along the cycle.
        self.rotate_blossom(top, vertex);
        self.solution.mate[vertex] = None;
        self.dissolve_blossoms_around(vertex);
        released
    }

    /// The smallest dual for a vertex in no blossom that keeps all its edges feasible:
    /// `max(0, max over x of 2·w(vertex, x) − dual(x))`.
    // Inlined: called, it copied each wide weight through memmove, and round 2 of a 9,999-player
    // event took about 10% more CPU.
    #[inline(always)]
    fn lowest_feasible_dual(&self, vertex: usize) -> W {
        let mut lowest = W::zero();
        let mut needed = W::zero();
        let mut offer = |entry: &[u64], dual: &W| {
            if is_absent(entry) {
                return;
            }
            needed.set_from_limbs(entry);
            needed.double_in_place();
            if needed > *dual {
                needed.sub_in_place(dual);
                if needed > lowest {
                    lowest.clone_from(&needed);
                }
            }
        };
        match self.weights.square_row(vertex) {
            // Every vertex active (a first solve): the row as it lies, beside the duals.
            Some(row) if self.solution.active.len() == self.vertex_count() => {
                for (entry, dual) in row.chunks_exact(self.weights.limbs()).zip(&self.solution.vertex_dual) {
                    offer(entry, dual);
                }
            }
            _ => {
                let row = self.weights.row(vertex);
                for &other in &self.solution.active {
                    offer(row.entry(other), &self.solution.vertex_dual[other]);
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
        for index in 0..self.solution.active.len() {
            let root = self.solution.active[index];
            if self.solution.mate[root].is_some() || !self.solution.vertex_dual[root].is_odd() {
                continue;
            }
            // Raise by one the duals of the innermost blossom around `root` that can pay for it: a
            // blossom with positive dual gives one unit back, so its inside edges keep their
            // cost. A top-level blossom with zero dual owes nothing and is dissolved on the way.
            loop {
                let top = self.solution.top[root];
                if top == root {
                    self.solution.vertex_dual[root].add_in_place(&one);
                    break;
                }
                let slot = self.slot(top);
                if self.solution.blossom_dual[slot].is_zero() {
                    self.dissolve_top_blossom(top);
                    continue;
                }
                self.solution.blossom_dual[slot].sub_in_place(&one);
                for vertex in self.leaves(top) {
                    self.solution.vertex_dual[vertex].add_in_place(&one);
                }
                break;
            }
        }
    }
}

/// What [`Matcher::fix_pair_by_exchange`] could tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// The pair is fixed, in an optimal matching.
    Fixed,
    /// No optimal matching holds the pair.
    Impossible,
    /// Only a solve can tell.
    Unknown,
}
