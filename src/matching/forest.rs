//! The blossom forest: nodes, their leaves, rotating a blossom to a new base, dissolving one.

use super::{Matcher, Weight};

impl<W: Weight> Matcher<W> {
    /// Whether `node` is a vertex rather than a non-trivial blossom.
    pub(super) fn is_vertex(&self, node: usize) -> bool {
        node < self.vertex_count()
    }

    pub(super) fn slot(&self, blossom: usize) -> usize {
        debug_assert!(!self.is_vertex(blossom));
        blossom - self.vertex_count()
    }

    pub(super) fn parent(&self, node: usize) -> Option<usize> {
        if self.is_vertex(node) {
            self.solution.vertex_parent[node]
        } else {
            self.solution.blossom_parent[self.slot(node)]
        }
    }

    pub(super) fn set_parent(&mut self, node: usize, parent: Option<usize>) {
        if self.is_vertex(node) {
            self.solution.vertex_parent[node] = parent;
        } else {
            let slot = self.slot(node);
            self.solution.blossom_parent[slot] = parent;
        }
    }

    pub(super) fn base(&self, node: usize) -> usize {
        if self.is_vertex(node) { node } else { self.solution.blossom_base[self.slot(node)] }
    }

    /// Appends the vertices of `node` to `out`.
    pub(super) fn push_leaves(&self, node: usize, out: &mut Vec<usize>) {
        if self.is_vertex(node) {
            out.push(node);
            return;
        }
        // Walk the subtree with `out` itself as the stack: blossom ids are replaced by their
        // children until only vertices remain past `start`.
        let start = out.len();
        out.push(node);
        let mut index = start;
        while index < out.len() {
            let current = out[index];
            if self.is_vertex(current) {
                index += 1;
            } else {
                let children = &self.solution.children[self.slot(current)];
                out[index] = children[0];
                out.extend_from_slice(&children[1..]);
            }
        }
    }

    /// The vertices of `node`, in a fresh vector.
    pub(super) fn leaves(&self, node: usize) -> Vec<usize> {
        let mut leaves = Vec::new();
        self.push_leaves(node, &mut leaves);
        leaves
    }

    /// Takes a free blossom slot and returns its node id.
    pub(super) fn allocate_blossom(&mut self) -> usize {
        let slot = self
            .solution
            .unused_slots
            .pop()
            .expect("a laminar family of blossoms never needs more slots than vertices");
        self.vertex_count() + slot
    }

    /// Makes `new_base`, a vertex of `blossom`, its base: flips matched and unmatched edges along
    /// the even alternating path from `new_base` to the old base, inside every sub-blossom on the
    /// way. The mate of `new_base` itself is left for the caller to set.
    pub(super) fn rotate_blossom(&mut self, blossom: usize, new_base: usize) {
        // Sub-blossom rotations touch disjoint parts of the structure, so any order works.
        let mut pending = vec![(blossom, new_base)];
        while let Some((blossom, new_base)) = pending.pop() {
            let mut entry_child = new_base;
            while self.parent(entry_child) != Some(blossom) {
                entry_child = self.parent(entry_child).expect("new_base lies inside the blossom");
            }
            if !self.is_vertex(entry_child) {
                pending.push((entry_child, new_base));
            }
            let slot = self.slot(blossom);
            let cycle_length = self.solution.children[slot].len() as isize;
            let entry_index =
                self.solution.children[slot].iter().position(|&child| child == entry_child).expect("a child");
            // The even-length way round the cycle from the entry child back to the base child.
            let (step, mut position) = if entry_index % 2 == 1 {
                (1, entry_index as isize - cycle_length)
            } else {
                (-1, entry_index as isize)
            };
            let wrap = |position: isize| position.rem_euclid(cycle_length) as usize;
            while position != 0 {
                position += step;
                let near_child = self.solution.children[slot][wrap(position)];
                let (near, far) = if step == 1 {
                    self.solution.cycle_edges[slot][wrap(position)]
                } else {
                    let (far, near) = self.solution.cycle_edges[slot][wrap(position - 1)];
                    (near, far)
                };
                position += step;
                let far_child = self.solution.children[slot][wrap(position)];
                for (child, vertex) in [(near_child, near), (far_child, far)] {
                    if !self.is_vertex(child) {
                        pending.push((child, vertex));
                    }
                }
                self.solution.mate[near] = Some(far);
                self.solution.mate[far] = Some(near);
            }
            self.solution.children[slot].rotate_left(entry_index);
            self.solution.cycle_edges[slot].rotate_left(entry_index);
            self.solution.blossom_base[slot] = new_base;
        }
    }

    /// Removes the top-level `blossom`, making its children top-level, and adds its dual to
    /// every vertex inside: edges inside keep their reduced cost and edges leaving it gain, so
    /// the duals stay feasible while the blossom no longer needs to stay full.
    pub(super) fn dissolve_top_blossom(&mut self, blossom: usize) {
        debug_assert_eq!(self.parent(blossom), None);
        let slot = self.slot(blossom);
        let dual = std::mem::replace(&mut self.solution.blossom_dual[slot], W::zero());
        let mut children = std::mem::take(&mut self.solution.children[slot]);
        self.solution.cycle_edges[slot].clear();
        self.cycle_partners.valid = false;
        let mut leaves = std::mem::take(&mut self.stage.leaves);
        for &child in &children {
            self.set_parent(child, None);
            leaves.clear();
            self.push_leaves(child, &mut leaves);
            for &vertex in &leaves {
                self.solution.top[vertex] = child;
                if !dual.is_zero() {
                    self.solution.vertex_dual[vertex].add_in_place(&dual);
                }
            }
        }
        self.stage.leaves = leaves;
        // An empty list marks the slot unused; it keeps its capacity for the next blossom.
        children.clear();
        self.solution.children[slot] = children;
        self.solution.unused_slots.push(slot);
    }

    /// Dissolves every blossom around `vertex`, from the top-level one down, exactly as repeated
    /// [`Matcher::dissolve_top_blossom`] would (the same duals, tops and free slots, in the same
    /// order), and returns their bases, outermost first. Each vertex gains the duals of the
    /// dissolved blossoms that held it.
    ///
    /// In one pass: a vertex is visited once, at the level where its branch leaves the chain of
    /// blossoms around `vertex`, instead of once for every blossom above it. A stage nests
    /// blossoms hundreds deep in a large bracket whose pairs tie on most criteria (each new
    /// blossom a cycle of three around the last), and every repair detaches vertices from them:
    /// level by level, that was a fifth of the time of such rounds.
    pub(super) fn dissolve_blossoms_around(&mut self, vertex: usize) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut node = vertex;
        while let Some(parent) = self.parent(node) {
            chain.push(parent);
            node = parent;
        }
        debug_assert_eq!(node, self.solution.top[vertex]);
        let mut bases = Vec::with_capacity(chain.len());
        let mut accumulated = W::zero();
        let mut leaves = std::mem::take(&mut self.stage.leaves);
        if !chain.is_empty() {
            self.cycle_partners.valid = false;
        }
        // `chain` runs from the innermost blossom out; dissolve from the top down.
        for level in (0..chain.len()).rev() {
            let blossom = chain[level];
            let inner = if level == 0 { vertex } else { chain[level - 1] };
            let slot = self.slot(blossom);
            bases.push(self.solution.blossom_base[slot]);
            let dual = std::mem::replace(&mut self.solution.blossom_dual[slot], W::zero());
            accumulated.add_in_place(&dual);
            let mut children = std::mem::take(&mut self.solution.children[slot]);
            self.solution.cycle_edges[slot].clear();
            for &child in &children {
                self.set_parent(child, None);
                if child == inner {
                    continue;
                }
                leaves.clear();
                self.push_leaves(child, &mut leaves);
                for &leaf in &leaves {
                    self.solution.top[leaf] = child;
                    if !accumulated.is_zero() {
                        self.solution.vertex_dual[leaf].add_in_place(&accumulated);
                    }
                }
            }
            children.clear();
            self.solution.children[slot] = children;
            self.solution.unused_slots.push(slot);
        }
        self.stage.leaves = leaves;
        self.solution.top[vertex] = vertex;
        if !accumulated.is_zero() {
            self.solution.vertex_dual[vertex].add_in_place(&accumulated);
        }
        bases
    }

    /// Every top-level node, vertices and blossoms, leaving out the fixed vertices.
    pub(super) fn top_level_nodes(&self) -> impl Iterator<Item = usize> + '_ {
        let count = self.vertex_count();
        let vertices =
            self.solution.active.iter().copied().filter(|&vertex| self.solution.vertex_parent[vertex].is_none());
        let blossoms = (0..count)
            .filter(|&slot| !self.solution.children[slot].is_empty() && self.solution.blossom_parent[slot].is_none())
            .map(move |slot| count + slot);
        vertices.chain(blossoms)
    }
}
