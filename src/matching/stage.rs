//! One stage of the primal-dual algorithm: grow alternating trees from the exposed vertices with
//! positive dual, changing duals when no tight edge is left, until the stage can augment.

use super::{Label, Matcher, Weight, table};

/// What stopped a dual change.
enum DualEvent {
    /// The dual of this Outer vertex reached zero.
    VertexDualZero(usize),
    /// This edge `(outer, other)` became tight.
    TightEdge(usize, usize),
    /// The dual of this Inner top-level blossom reached zero.
    InnerBlossomDualZero(usize),
}

impl<W: Weight> Matcher<W> {
    /// Sizes the per-stage arrays for the current vertex count.
    pub(super) fn prepare_stage_state(&mut self) {
        let nodes = 2 * self.vertex_count();
        let slots = self.vertex_count();
        let stage = &mut self.stage;
        stage.label.resize(nodes, Label::Free);
        stage.label_edge.resize(nodes, None);
        stage.best_edge.resize(nodes, None);
        stage.best_cost.resize(nodes, W::zero());
        stage.best_cost_epoch.resize(nodes, 0);
        stage.best_edges_to_outer.resize(slots, None);
        stage.scan_record.resize_with(slots, Vec::new);
        stage.record_dropped.resize(slots, false);
        stage.scan_best.resize(nodes, None);
        stage.scan_best_cost.resize(nodes, W::zero());
        stage.marked.resize(nodes, false);
        stage.best_edge_to.resize(nodes, None);
        stage.best_edge_to_cost.resize(nodes, W::zero());
    }

    /// Runs one stage; returns false, doing nothing, when no exposed vertex has a positive dual,
    /// that is when the matching is optimal.
    pub(super) fn run_stage(&mut self) -> bool {
        let stage = &mut self.stage;
        stage.label.fill(Label::Free);
        stage.label_edge.fill(None);
        stage.best_edge.fill(None);
        stage.best_edges_to_outer.fill(None);
        for &vertex in &self.solution.active {
            stage.scan_record[vertex].clear();
            stage.record_dropped[vertex] = false;
        }
        let bookkeeping = stage.bookkeeping;
        let active = self.solution.active.len();
        stage.record_limit = bookkeeping.record_min.max(active / bookkeeping.record_share);
        stage.list_compact_length =
            bookkeeping.list_compact_min.max(active.saturating_mul(bookkeeping.list_compact_factor));
        stage.queue.clear();
        stage.epoch += 1;

        let mut any_root = false;
        for index in 0..self.solution.active.len() {
            let vertex = self.solution.active[index];
            // An exposed vertex is always the base of its top-level blossom.
            if self.solution.mate[vertex].is_none()
                && !self.solution.vertex_dual[vertex].is_zero()
                && self.stage.label[self.solution.top[vertex]] == Label::Free
            {
                self.assign_label(vertex, Label::Outer, None);
                any_root = true;
            }
        }
        if !any_root {
            return false;
        }

        loop {
            if self.scan_queue() {
                break;
            }
            match self.change_duals() {
                DualEvent::VertexDualZero(vertex) => {
                    // Shift the tree's matching so that this vertex, whose dual may now be zero
                    // while exposed, is the one left unmatched instead of the root.
                    self.augment_to_root(vertex, None);
                    break;
                }
                DualEvent::TightEdge(outer, other) => {
                    if self.use_tight_edge(outer, other) {
                        break;
                    }
                }
                DualEvent::InnerBlossomDualZero(blossom) => self.expand_inner_blossom(blossom),
            }
        }
        self.expand_outer_blossoms_without_dual();
        true
    }

    /// Looks at every edge of the queued Outer vertices; returns true if it augmented.
    ///
    /// The innermost loop of the matcher (most of a large round's time): the cheap tests on labels
    /// and blossoms come before the weight table is read, and each edge's entry is read once.
    fn scan_queue(&mut self) -> bool {
        let mut cost = W::zero();
        while let Some(vertex) = self.stage.queue.pop() {
            self.stage.scanning = Some(vertex);
            // Blossoms form only through `use_tight_edge`, so the top of `vertex` is read afresh
            // after each call of it.
            let mut vertex_top = self.solution.top[vertex];
            for index in 0..self.solution.active.len() {
                let other = self.solution.active[index];
                let other_top = self.solution.top[other];
                // A vertex of an Inner blossom already reached needs nothing more from this edge
                // (the vertex label alone is not enough: it outlives a merge into an Outer blossom).
                if vertex_top == other_top
                    || (self.stage.label[other] == Label::Inner && self.stage.label[other_top] == Label::Inner)
                {
                    continue;
                }
                let row = self.weights.row(vertex);
                let entry = row.entry(other);
                if table::is_absent(entry) {
                    continue;
                }
                W::set_to_sum_minus_double_limbs(
                    &mut cost,
                    &self.solution.vertex_dual[vertex],
                    &self.solution.vertex_dual[other],
                    entry,
                );
                if cost.is_zero() {
                    if self.use_tight_edge(vertex, other) {
                        self.flush_scan_record();
                        self.stage.scanning = None;
                        return true;
                    }
                    vertex_top = self.solution.top[vertex];
                } else if self.stage.label[other_top] == Label::Outer {
                    self.offer_best_edge(vertex_top, (vertex, other), &cost);
                    self.record_edge_to_outer(other, other_top, &cost);
                } else if self.stage.label[other] == Label::Free {
                    self.offer_best_edge(other, (vertex, other), &cost);
                }
            }
            self.flush_scan_record();
            self.stage.scanning = None;
        }
        false
    }

    /// Keeps the edge `(vertex, other)` between two Outer blossoms for blossom formation, if it is
    /// the cheapest so far from the vertex being scanned to `other`'s blossom.
    fn record_edge_to_outer(&mut self, other: usize, other_top: usize, cost: &W) {
        let stage = &mut self.stage;
        match stage.scan_best[other_top] {
            None => stage.scan_touched.push(other_top),
            Some(_) if *cost < stage.scan_best_cost[other_top] => {}
            Some(_) => return,
        }
        stage.scan_best[other_top] = Some(other);
        stage.scan_best_cost[other_top].clone_from(cost);
    }

    /// Moves the edges the vertex being scanned has gathered so far into the list of its blossom
    /// if it has one, else into its record; a record that would grow past the limit is dropped.
    fn flush_scan_record(&mut self) {
        let Some(vertex) = self.stage.scanning else {
            return;
        };
        let top = self.solution.top[vertex];
        let slot = top.checked_sub(self.vertex_count());
        let mut list = slot.and_then(|slot| self.stage.best_edges_to_outer[slot].take());
        let adding = self.stage.scan_touched.len();
        // Compacting keeps at most one edge per Outer blossom, fewer than the active vertices, so
        // a list twice as long loses at least half, and grows back to it before the next time.
        let compact_length = self.stage.list_compact_length;
        if let Some(edges) =
            list.take_if(|edges| edges.len() >= compact_length && edges.len() + adding > edges.capacity())
        {
            list = Some(self.compacted_edges_to_outer(top, edges));
        }
        let stage = &mut self.stage;
        let keep_record = list.is_none()
            && !stage.record_dropped[vertex]
            && stage.scan_record[vertex].len() + adding <= stage.record_limit;
        if list.is_none() && !keep_record && !stage.record_dropped[vertex] {
            stage.record_dropped[vertex] = true;
            stage.scan_record[vertex] = Vec::new();
        }
        if keep_record {
            stage.scan_record[vertex].reserve(adding);
        }
        for node in stage.scan_touched.drain(..) {
            let other = stage.scan_best[node].take().expect("touched entries are set");
            match &mut list {
                Some(list) => list.push((vertex as u32, other as u32)),
                None if keep_record => stage.scan_record[vertex].push(other as u32),
                None => {}
            }
        }
        if let (Some(slot), Some(list)) = (slot, list) {
            stage.best_edges_to_outer[slot] = Some(list);
        }
    }

    /// The list of `blossom`'s edges to Outer blossoms with only the first least-cost edge to each
    /// Outer blossom kept, in the order they stood. Exact: within a stage every Outer blossom
    /// stays Outer (it can only join a larger one), and a dual change lowers the reduced cost of
    /// every edge between two Outer blossoms by the same amount, so the edge that blossom
    /// formation would pick from the whole list, the first of least cost to a blossom, is in the
    /// shorter one, still the first of least cost.
    fn compacted_edges_to_outer(&mut self, blossom: usize, mut list: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        let mut touched = Vec::new();
        let mut cost = W::zero();
        for &(inside, outside) in &list {
            self.offer_edge_to_outer(blossom, inside as usize, outside as usize, &mut cost, &mut touched);
        }
        let (top, stage) = (&self.solution.top, &mut self.stage);
        list.retain(|&(inside, outside)| {
            let outside_top = top[outside as usize];
            let edge = Some((inside as usize, outside as usize));
            // Only the first occurrence is kept: the scratch entry is cleared as it is.
            let kept = outside_top != blossom
                && stage.label[outside_top] == Label::Outer
                && stage.best_edge_to[outside_top] == edge;
            if kept {
                stage.best_edge_to[outside_top] = None;
            }
            kept
        });
        debug_assert!(touched.iter().all(|&node| self.stage.best_edge_to[node].is_none()));
        list
    }

    /// Records `edge` as the best edge of `node` if it is cheaper than the current one.
    fn offer_best_edge(&mut self, node: usize, edge: (usize, usize), cost: &W) {
        if let Some(best) = self.stage.best_edge[node] {
            self.refresh_best_cost(node, best);
            if *cost >= self.stage.best_cost[node] {
                return;
            }
        }
        self.stage.best_edge[node] = Some(edge);
        self.stage.best_cost[node].clone_from(cost);
        self.stage.best_cost_epoch[node] = self.stage.epoch;
    }

    /// Brings the cached cost of `node`'s best edge up to date with the current duals.
    fn refresh_best_cost(&mut self, node: usize, (a, b): (usize, usize)) {
        if self.stage.best_cost_epoch[node] != self.stage.epoch {
            let mut cost = std::mem::replace(&mut self.stage.best_cost[node], W::zero());
            self.reduced_cost_into(&mut cost, a, b);
            self.stage.best_cost[node] = cost;
            self.stage.best_cost_epoch[node] = self.stage.epoch;
        }
    }

    /// Labels the top-level blossom of `vertex`, reached through an edge from `remote` (None for
    /// a root), and for an Inner label also the blossom matched to it.
    fn assign_label(&mut self, vertex: usize, label: Label, remote: Option<usize>) {
        let top = self.solution.top[vertex];
        let stage = &mut self.stage;
        let label_edge = remote.map(|remote| (remote, vertex));
        for node in [vertex, top] {
            stage.label[node] = label;
            stage.label_edge[node] = label_edge;
            stage.best_edge[node] = None;
        }
        match label {
            Label::Outer => {
                let mut queue = std::mem::take(&mut self.stage.queue);
                self.push_leaves(top, &mut queue);
                self.stage.queue = queue;
            }
            Label::Inner => {
                let base = self.base(top);
                let mate = self.solution.mate[base].expect("only matched blossoms become Inner");
                self.assign_label(mate, Label::Outer, Some(base));
            }
            Label::Free => unreachable!("labels are only ever assigned, never cleared this way"),
        }
    }

    /// Acts on a tight edge from Outer vertex `outer` to `other` in another top-level blossom;
    /// returns true if it augmented.
    fn use_tight_edge(&mut self, outer: usize, other: usize) -> bool {
        let other_top = self.solution.top[other];
        match self.stage.label[other_top] {
            Label::Free => {
                if self.solution.mate[self.base(other_top)].is_none() {
                    // An exposed blossom with zero dual: augmenting to it costs nothing in duals.
                    self.augment_to_root(outer, Some(other));
                    if !self.is_vertex(other_top) {
                        self.rotate_blossom(other_top, other);
                    }
                    self.solution.mate[other] = Some(outer);
                    return true;
                }
                self.assign_label(other, Label::Inner, Some(outer));
                false
            }
            Label::Outer => match self.common_tree_base(outer, other) {
                Some(base) => {
                    self.add_blossom(base, outer, other);
                    false
                }
                None => {
                    self.augment_to_root(outer, Some(other));
                    self.augment_to_root(other, Some(outer));
                    true
                }
            },
            Label::Inner => {
                // Remember that this vertex is reachable, in case its blossom gets expanded.
                if self.stage.label[other] == Label::Free {
                    self.stage.label[other] = Label::Inner;
                    self.stage.label_edge[other] = Some((outer, other));
                }
                false
            }
        }
    }

    /// The parent Outer vertex of an Outer top-level blossom in its tree, None for a root.
    fn tree_grandparent(&self, outer_top: usize) -> Option<usize> {
        let (inner_vertex, _) = self.stage.label_edge[outer_top]?;
        let (grandparent, _) =
            self.stage.label_edge[self.solution.top[inner_vertex]].expect("Inner blossoms have a label edge");
        Some(grandparent)
    }

    /// Walks up the trees of two Outer vertices together; returns the base of the first blossom
    /// both walks meet, or None if they are in different trees.
    fn common_tree_base(&mut self, first: usize, second: usize) -> Option<usize> {
        let mut visited = std::mem::take(&mut self.stage.visited);
        visited.clear();
        let mut found = None;
        let (mut current, mut other) = (Some(first), Some(second));
        while let Some(vertex) = current {
            let top = self.solution.top[vertex];
            if self.stage.marked[top] {
                found = Some(self.base(top));
                break;
            }
            self.stage.marked[top] = true;
            visited.push(top);
            current = self.tree_grandparent(top);
            // Alternate between the two walks while both last.
            if other.is_some() {
                std::mem::swap(&mut current, &mut other);
            }
        }
        for &top in &visited {
            self.stage.marked[top] = false;
        }
        self.stage.visited = visited;
        found
    }

    /// Forms a new Outer blossom from the cycle closed by tight edge `{first, second}` through
    /// the tree blossom with base `base`.
    fn add_blossom(&mut self, base: usize, first: usize, second: usize) {
        // The record of a vertex being scanned must be complete before it is read below.
        self.flush_scan_record();
        let base_top = self.solution.top[base];
        let blossom = self.allocate_blossom();
        let slot = self.slot(blossom);

        // The cycle: base_top, the tree path down to `first`, then the path up from `second`.
        // The slot's vectors keep their capacity from the blossoms it held before.
        let mut children = std::mem::take(&mut self.solution.children[slot]);
        children.clear();
        let mut edges = std::mem::take(&mut self.solution.cycle_edges[slot]);
        edges.clear();
        edges.push((first, second));
        let mut node = self.solution.top[first];
        while node != base_top {
            children.push(node);
            let edge = self.stage.label_edge[node].expect("a non-root tree blossom has a label edge");
            edges.push(edge);
            node = self.solution.top[edge.0];
        }
        children.push(base_top);
        children.reverse();
        edges.reverse();
        let mut node = self.solution.top[second];
        while node != base_top {
            children.push(node);
            let (remote, local) = self.stage.label_edge[node].expect("a non-root tree blossom has a label edge");
            edges.push((local, remote));
            node = self.solution.top[remote];
        }
        for &child in &children {
            self.set_parent(child, Some(blossom));
        }
        self.solution.blossom_parent[slot] = None;
        self.solution.blossom_base[slot] = base;
        self.solution.blossom_dual[slot] = W::zero();
        self.stage.label[blossom] = Label::Outer;
        self.stage.label_edge[blossom] = self.stage.label_edge[base_top];

        self.solution.children[slot] = children;
        self.solution.cycle_edges[slot] = edges;
        self.cycle_partners.valid = false;

        // Inner vertices turn Outer and need scanning.
        let mut leaves = std::mem::take(&mut self.stage.leaves);
        leaves.clear();
        self.push_leaves(blossom, &mut leaves);
        for &vertex in &leaves {
            if self.stage.label[self.solution.top[vertex]] == Label::Inner {
                self.stage.queue.push(vertex);
            }
            self.solution.top[vertex] = blossom;
        }
        self.stage.leaves = leaves;
        self.collect_best_edges_to_outer(blossom);
    }

    /// For a new Outer blossom, merges its children's least-cost edges to other Outer blossoms
    /// into one list and picks its best edge from it.
    fn collect_best_edges_to_outer(&mut self, blossom: usize) {
        let slot = self.slot(blossom);
        let mut touched = std::mem::take(&mut self.stage.touched);
        touched.clear();
        let mut leaves = std::mem::take(&mut self.stage.leaves);
        let mut cost = W::zero();
        for child_index in 0..self.solution.children[slot].len() {
            let child = self.solution.children[slot][child_index];
            let known = if self.is_vertex(child) {
                None
            } else {
                let child_slot = self.slot(child);
                self.stage.best_edges_to_outer[child_slot].take()
            };
            match known {
                Some(list) => {
                    for (inside, outside) in list {
                        self.offer_edge_to_outer(blossom, inside as usize, outside as usize, &mut cost, &mut touched);
                    }
                }
                None => {
                    // No list kept for this child: its vertices' records. A vertex not scanned yet
                    // has none and adds its edges to the new blossom's list when it is; one whose
                    // record was dropped is scanned again.
                    leaves.clear();
                    self.push_leaves(child, &mut leaves);
                    for &inside in &leaves {
                        if self.stage.record_dropped[inside] {
                            self.offer_edges_to_outer(blossom, inside, &mut cost, &mut touched);
                            continue;
                        }
                        let record = std::mem::take(&mut self.stage.scan_record[inside]);
                        for &outside in &record {
                            self.offer_edge_to_outer(blossom, inside, outside as usize, &mut cost, &mut touched);
                        }
                        let mut record = record;
                        record.clear();
                        self.stage.scan_record[inside] = record;
                    }
                }
            }
            self.stage.best_edge[child] = None;
        }

        self.stage.leaves = leaves;
        let mut list = Vec::with_capacity(touched.len());
        let mut best: Option<((usize, usize), usize)> = None;
        for &outside_top in &touched {
            let edge = self.stage.best_edge_to[outside_top].take().expect("touched entries are set");
            let cost = &self.stage.best_edge_to_cost[outside_top];
            if best.is_none_or(|(_, best_top)| *cost < self.stage.best_edge_to_cost[best_top]) {
                best = Some((edge, outside_top));
            }
            list.push((edge.0 as u32, edge.1 as u32));
        }
        self.stage.best_edge[blossom] = best.map(|(edge, _)| edge);
        if let Some((_, best_top)) = best {
            let cost = self.stage.best_edge_to_cost[best_top].clone();
            self.stage.best_cost[blossom] = cost;
            self.stage.best_cost_epoch[blossom] = self.stage.epoch;
        }
        self.stage.best_edges_to_outer[slot] = Some(list);
        self.stage.touched = touched;
    }

    /// During blossom formation, offers every edge of `inside` to an Outer blossom, for a vertex
    /// whose record was dropped: what its record would have held, from its edges as they are now.
    fn offer_edges_to_outer(&mut self, blossom: usize, inside: usize, cost: &mut W, touched: &mut Vec<usize>) {
        for index in 0..self.solution.active.len() {
            let outside = self.solution.active[index];
            let outside_top = self.solution.top[outside];
            if outside_top != blossom
                && self.stage.label[outside_top] == Label::Outer
                && !self.weights.is_zero(inside, outside)
            {
                self.offer_edge_to_outer(blossom, inside, outside, cost, touched);
            }
        }
    }

    /// During blossom formation, keeps `(inside, outside)` if it is the cheapest edge so far from
    /// `blossom` to the Outer blossom around `outside`.
    fn offer_edge_to_outer(
        &mut self,
        blossom: usize,
        inside: usize,
        outside: usize,
        cost: &mut W,
        touched: &mut Vec<usize>,
    ) {
        let outside_top = self.solution.top[outside];
        if outside_top == blossom || self.stage.label[outside_top] != Label::Outer {
            return;
        }
        self.reduced_cost_into(cost, inside, outside);
        let better = match self.stage.best_edge_to[outside_top] {
            None => {
                touched.push(outside_top);
                true
            }
            Some(_) => *cost < self.stage.best_edge_to_cost[outside_top],
        };
        if better {
            self.stage.best_edge_to[outside_top] = Some((inside, outside));
            self.stage.best_edge_to_cost[outside_top].clone_from(cost);
        }
    }

    /// Changes the duals by the largest amount that keeps them feasible and the tree edges
    /// tight, and reports what stopped the change.
    fn change_duals(&mut self) -> DualEvent {
        let mut delta: Option<W> = None;
        let mut event = None;
        let mut cost = W::zero();

        // An Outer vertex dual must not go negative. Ties go to this event, which ends the stage.
        for &vertex in &self.solution.active {
            if self.stage.label[self.solution.top[vertex]] == Label::Outer
                && delta.as_ref().is_none_or(|delta| self.solution.vertex_dual[vertex] < *delta)
            {
                delta = Some(self.solution.vertex_dual[vertex].clone());
                event = Some(DualEvent::VertexDualZero(vertex));
            }
        }
        let mut delta = delta.expect("a stage has at least one root");
        // Several events often come due at once; nothing beats a zero change, so stop looking.
        if delta.is_zero() {
            return event.expect("set with delta");
        }

        // An edge from an Outer vertex to a vertex in a free blossom goes down by delta.
        for index in 0..self.solution.active.len() {
            let vertex = self.solution.active[index];
            if self.stage.label[self.solution.top[vertex]] == Label::Free
                && let Some(edge) = self.stage.best_edge[vertex]
            {
                self.refresh_best_cost(vertex, edge);
                if self.stage.best_cost[vertex] < delta {
                    delta.clone_from(&self.stage.best_cost[vertex]);
                    event = Some(DualEvent::TightEdge(edge.0, edge.1));
                    if delta.is_zero() {
                        break;
                    }
                }
            }
        }
        if delta.is_zero() {
            return event.expect("set with delta");
        }

        // An edge between two Outer blossoms goes down by twice delta; its cost is even.
        let mut tops = std::mem::take(&mut self.stage.top_level);
        tops.clear();
        tops.extend(self.top_level_nodes());
        for &top in &tops {
            if self.stage.label[top] == Label::Outer
                && let Some(edge) = self.stage.best_edge[top]
            {
                self.refresh_best_cost(top, edge);
                cost.clone_from(&self.stage.best_cost[top]);
                debug_assert!(!cost.is_odd(), "odd cost {cost:?} between Outer blossoms");
                cost.halve_in_place();
                if cost < delta {
                    delta.clone_from(&cost);
                    event = Some(DualEvent::TightEdge(edge.0, edge.1));
                }
            }
        }

        // An Inner blossom's dual goes down by delta.
        for &top in &tops {
            if !self.is_vertex(top)
                && self.stage.label[top] == Label::Inner
                && self.solution.blossom_dual[self.slot(top)] < delta
            {
                delta.clone_from(&self.solution.blossom_dual[self.slot(top)]);
                event = Some(DualEvent::InnerBlossomDualZero(top));
            }
        }

        if !delta.is_zero() {
            for &vertex in &self.solution.active {
                match self.stage.label[self.solution.top[vertex]] {
                    Label::Outer => self.solution.vertex_dual[vertex].sub_in_place(&delta),
                    Label::Inner => self.solution.vertex_dual[vertex].add_in_place(&delta),
                    Label::Free => {}
                }
            }
            for &top in &tops {
                if !self.is_vertex(top) {
                    let slot = self.slot(top);
                    match self.stage.label[top] {
                        Label::Outer => self.solution.blossom_dual[slot].add_in_place(&delta),
                        Label::Inner => self.solution.blossom_dual[slot].sub_in_place(&delta),
                        Label::Free => {}
                    }
                }
            }
            self.stage.epoch += 1;
        }
        self.stage.top_level = tops;
        event.expect("the root's dual bounds every change")
    }

    /// Flips the alternating path from Outer vertex `start` up to its tree root, matching `start`
    /// to `new_mate` (None leaves it exposed and the root matched).
    fn augment_to_root(&mut self, start: usize, new_mate: Option<usize>) {
        let (mut outer, mut new_mate) = (start, new_mate);
        loop {
            let outer_top = self.solution.top[outer];
            if !self.is_vertex(outer_top) {
                self.rotate_blossom(outer_top, outer);
            }
            self.solution.mate[outer] = new_mate;
            let Some((inner, _)) = self.stage.label_edge[outer_top] else {
                break;
            };
            // `inner` is the base of the Inner blossom above, entered from its parent through
            // `(grandparent, entry)`: the path now runs through `entry`.
            let inner_top = self.solution.top[inner];
            let (grandparent, entry) = self.stage.label_edge[inner_top].expect("Inner blossoms have a label edge");
            if !self.is_vertex(inner_top) {
                self.rotate_blossom(inner_top, entry);
            }
            self.solution.mate[entry] = Some(grandparent);
            outer = grandparent;
            new_mate = Some(entry);
        }
    }

    /// Expands an Inner top-level blossom whose dual reached zero, relabelling its children: the
    /// even path from the entry child to the base child stays in the tree, the rest become free
    /// unless an Outer vertex already reaches them through a tight edge.
    fn expand_inner_blossom(&mut self, blossom: usize) {
        let slot = self.slot(blossom);
        let children = std::mem::take(&mut self.solution.children[slot]);
        let edges = std::mem::take(&mut self.solution.cycle_edges[slot]);
        self.cycle_partners.valid = false;
        let mut leaves = Vec::new();
        for &child in &children {
            if self.is_vertex(child) {
                self.solution.vertex_parent[child] = None;
                self.solution.top[child] = child;
            } else {
                let child_slot = self.slot(child);
                self.solution.blossom_parent[child_slot] = None;
                leaves.clear();
                self.push_leaves(child, &mut leaves);
                for &vertex in &leaves {
                    self.solution.top[vertex] = child;
                }
            }
        }

        let (mut remote, mut entry) = self.stage.label_edge[blossom].expect("Inner blossoms have a label edge");
        let entry_child = self.solution.top[entry];
        let cycle_length = children.len() as isize;
        let entry_index = children.iter().position(|&child| child == entry_child).expect("entry is inside");
        let (step, mut position) =
            if entry_index % 2 == 1 { (1, entry_index as isize - cycle_length) } else { (-1, entry_index as isize) };
        let wrap = |position: isize| position.rem_euclid(cycle_length) as usize;
        // The edge from the child at `position` towards the next one in the walking direction.
        let edge_onward = |position: isize| {
            if step == 1 {
                edges[wrap(position)]
            } else {
                let (far, near) = edges[wrap(position - 1)];
                (near, far)
            }
        };
        while position != 0 {
            // The child entered at `entry` turns Inner; its base is matched onward, so the next
            // child turns Outer, and the edge after that enters the child after it.
            self.stage.label[entry] = Label::Free;
            self.assign_label(entry, Label::Inner, Some(remote));
            position += step;
            (remote, entry) = edge_onward(position);
            position += step;
        }
        // The base child keeps the blossom's place in the tree; its mate outside is labelled
        // already.
        let base_child = children[0];
        for node in [entry, base_child] {
            self.stage.label[node] = Label::Inner;
            self.stage.label_edge[node] = Some((remote, entry));
        }
        self.stage.best_edge[base_child] = None;

        // The children on the other side of the cycle leave the tree, unless reached already.
        position += step;
        while children[wrap(position)] != entry_child {
            let child = children[wrap(position)];
            position += step;
            if self.stage.label[child] == Label::Outer {
                continue;
            }
            leaves.clear();
            self.push_leaves(child, &mut leaves);
            if let Some(&reached) = leaves.iter().find(|&&vertex| self.stage.label[vertex] == Label::Inner) {
                let (reaching, _) = self.stage.label_edge[reached].expect("a reached vertex records its edge");
                self.stage.label[reached] = Label::Free;
                self.assign_label(reached, Label::Inner, Some(reaching));
            }
        }

        self.stage.label[blossom] = Label::Free;
        self.stage.label_edge[blossom] = None;
        self.stage.best_edge[blossom] = None;
        self.solution.unused_slots.push(slot);
    }

    /// At the end of a stage, dissolves the Outer blossoms whose dual is zero, and the zero-dual
    /// blossoms directly inside them, so that no zero-dual blossom outlives the stage it was
    /// formed in.
    fn expand_outer_blossoms_without_dual(&mut self) {
        let mut pending: Vec<usize> = self
            .top_level_nodes()
            .filter(|&top| {
                !self.is_vertex(top)
                    && self.stage.label[top] == Label::Outer
                    && self.solution.blossom_dual[self.slot(top)].is_zero()
            })
            .collect();
        while let Some(blossom) = pending.pop() {
            let slot = self.slot(blossom);
            pending.extend(
                self.solution.children[slot]
                    .iter()
                    .copied()
                    .filter(|&child| !self.is_vertex(child) && self.solution.blossom_dual[self.slot(child)].is_zero()),
            );
            self.dissolve_top_blossom(blossom);
        }
    }
}
