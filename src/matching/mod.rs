//! Maximum-weight matching in general graphs, with cheap re-solves after local weight changes.
//!
//! Dutch-system pairing engines encode every pairing criterion into one wide integer per pair of
//! players and ask for a matching of maximum total weight; while building a pairing they change
//! the weights around one or two players at a time and ask again, thousands of times per round.
//! [`Matcher`] serves that pattern.
//!
//! # Algorithm
//!
//! The primal-dual blossom algorithm of Edmonds in the O(n³) form described by Galil, Micali and
//! Gabow ("An O(EV log V) algorithm for finding a maximal weighted matching in general graphs",
//! 1986), on a dense graph: every pair of vertices is an edge, and an edge of weight zero is absent.
//! A *stage* grows alternating trees from the exposed vertices that still have a positive dual,
//! adjusting duals until it can augment; each stage costs O(n²).
//!
//! Unlike the textbook version, exposed vertices need not share one dual value. A stage ends when
//! it (a) augments between two trees, (b) augments from a tree to an exposed vertex whose dual is
//! already zero, or (c) drives the dual of some tree vertex to zero, and then shifts the tree's
//! matching so that this vertex becomes the exposed one. Each of these removes at least one
//! exposed vertex with positive dual, and the matching is optimal once none is left.
//!
//! # Incremental updates
//!
//! After weights change on edges covered by a set K of vertices (see [`Matcher::set_weight`]),
//! [`Matcher::solve`] first repairs the previous optimum locally, in the way of bbpPairings:
//! for each vertex of K it unmatches the vertex's blossom, rotates that blossom so the vertex is
//! its base, and dissolves every blossom containing the vertex, moving each blossom's dual into
//! its vertices (internal edges keep their reduced cost, outgoing edges only gain). The vertex is
//! then given the smallest dual that makes all its edges feasible again. The result is a feasible
//! dual solution that satisfies complementary slackness except at no more than 2|K| exposed
//! vertices, so at most 2|K| stages, O(|K| n²) in all, restore optimality. Before any stage, the
//! exposed vertices are matched greedily to each other along tight edges: a nudge that leaves a
//! vertex's old matched edge tight, or fixing a pair that is already matched, then costs O(|K| n)
//! and no stage.
//!
//! A run of decisions can be guessed instead ([`Matcher::fix_pairs_if_optimal`]): several pairs
//! are fixed at once and one solve shows whether an optimal matching holds them all (the optimum
//! then loses exactly what fixing them costs); if not, the matcher returns to the optimum before.
//! [`Matcher::rules_out_pair`] reads from the duals which pairs no optimum holds.
//!
//! # Units and the weight bound
//!
//! Internally the duals are kept doubled so that all arithmetic stays integral: the reduced cost
//! of an edge `{a, b}` is `dual(a) + dual(b) + 2·Σ z(B) − 2·w(a, b)`, summed over the blossoms `B`
//! that contain both ends. Vertex duals stay below `2·max_weight + 2`, so every weight must be at
//! most [`Weight::headroom_limit`], that is `W::max_value() >> 2`.

pub mod augmenting;
pub(crate) mod cardinality;
mod certificate;
mod forest;
mod keep;
mod stage;
mod table;
mod trial;
mod update;
mod weight;
pub mod witness;

#[cfg(test)]
mod tests;

pub use certificate::OptimalityViolation;
use table::WeightTable;
pub use trial::Guesses;
pub use update::Exchange;
pub use weight::{Weight, Wide};

/// The label a top-level blossom (or, for the vertex-level entries, a single vertex) carries
/// during a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// Not in any alternating tree.
    Free,
    /// At an even distance from a tree root (an "S" blossom): its duals go down.
    Outer,
    /// At an odd distance from a tree root (a "T" blossom): its duals go up.
    Inner,
}

/// Maximum-weight matching on a complete graph whose zero-weight edges count as absent.
///
/// ```
/// use trfcheck::matching::Matcher;
/// let mut matcher = Matcher::<u64>::new(4);
/// matcher.set_weight(0, 1, 5);
/// matcher.set_weight(1, 2, 9);
/// matcher.set_weight(2, 3, 5);
/// matcher.solve();
/// assert_eq!(matcher.total_weight(), 10);
/// assert_eq!(matcher.mate(0), Some(1));
/// // Forbid the pair {0, 1} and re-solve incrementally.
/// matcher.set_weight(0, 1, 0);
/// matcher.solve();
/// assert_eq!(matcher.matching(), vec![None, Some(2), Some(1), None]);
/// ```
#[derive(Clone, Debug)]
pub struct Matcher<W: Weight> {
    /// Edge weights, the lower triangle of the table (zero on the diagonal), in as few limbs as
    /// they need: with wide weights the table is most of the memory of a large round.
    weights: WeightTable,
    weight_limit: W,
    /// Edges whose weight changed since the last solve, not yet accounted for in the duals (as
    /// `u32` pairs: setting all weights at once makes this list about as long as the table).
    changed_edges: Vec<(u32, u32)>,
    /// Once the changes outnumber a few per vertex (all weights set at once), the changed edges
    /// are no longer listed: both ends of each are marked here instead, and all the marked
    /// vertices form the cover (of a clique of changes, a greedy cover leaves out one at most).
    changed_vertices: Vec<usize>,
    /// Per vertex: listed in `changed_vertices`.
    changed_vertex: Vec<bool>,
    /// [`Matcher::set_row_weights`]' scratch: the other ends of a row's changed edges.
    row_changes: Vec<usize>,

    /// The matching, its duals, the fixed pairs and the blossom forest.
    solution: Solution<W>,
    /// Vertices whose matched edge may have lost its tightness without a repair
    /// ([`Matcher::set_weight_keeping_duals`], [`Matcher::raise_dual`]).
    pending_checks: Vec<usize>,
    /// The blossom cycles' edges by vertex, for lowering weights inside blossoms.
    cycle_partners: keep::CyclePartners,

    /// Working state of the current stage, kept between solves only to reuse its allocations.
    stage: StageState<W>,
    /// The state saved before the last guess ([`Matcher::fix_pairs_if_optimal`]), kept only to
    /// reuse its allocations for the next.
    spare_guess: Option<trial::Before<W>>,
    /// Until the first [`Matcher::solve`]: each vertex dual holds the largest weight of the
    /// vertex's edges. The first pass of the first solve's duals gives each vertex that when all
    /// its edges changed ([`Matcher::choose_cover_duals`]); a table filled a row at a time
    /// ([`Matcher::set_row_weights`], a bracket list's matcher) keeps it in the duals as it goes,
    /// from the weights in hand, which saves that pass a read of the whole table. Any other change
    /// before the first solve (a weight set one at a time or set again, a pair fixed, a dual
    /// raised) gives it up ([`Matcher::forget_largest`]).
    duals_hold_largest: bool,
}

/// What a solve leaves and the next one starts from: the matching, the duals, the fixed pairs and
/// the blossom forest. A guess that does not hold ([`Matcher::fix_pairs_if_optimal`]) puts all of
/// it back at once, so a field added here is restored with the others.
#[derive(Debug)]
struct Solution<W> {
    mate: Vec<Option<usize>>,
    vertex_dual: Vec<W>,
    /// The vertices not fixed by [`Matcher::fix_pair`] (as of the last solve), in increasing
    /// order: the only ones any scan looks at.
    active: Vec<usize>,
    /// Per vertex: the vertex it is fixed to by [`Matcher::fix_pair`].
    fixed_to: Vec<Option<usize>>,
    /// Pairs fixed since the last solve, not yet accounted for in the matching and the duals.
    pending_fixes: Vec<(usize, usize)>,

    // The blossom forest. A node is a vertex `0..n` or a non-trivial blossom `n + slot`.
    /// The blossom directly containing each vertex, if any.
    vertex_parent: Vec<Option<usize>>,
    /// The top-level blossom (possibly the vertex itself) containing each vertex.
    top: Vec<usize>,
    /// Per blossom slot: the blossom directly containing it, if any.
    blossom_parent: Vec<Option<usize>>,
    /// Per blossom slot: its base vertex, the one vertex not matched inside it.
    blossom_base: Vec<usize>,
    /// Per blossom slot: the sub-blossoms around its odd cycle, starting with the one holding the
    /// base. Empty for an unused slot.
    children: Vec<Vec<usize>>,
    /// Per blossom slot: `cycle_edges[i]` joins a vertex of `children[i]` to a vertex of
    /// `children[i + 1]` (cyclically), in that order.
    cycle_edges: Vec<Vec<(usize, usize)>>,
    /// Per blossom slot: the blossom's dual `z`, counted twice in reduced costs.
    blossom_dual: Vec<W>,
    unused_slots: Vec<usize>,
}

impl<W> Solution<W> {
    /// No vertex yet; the per-vertex and per-slot vectors have room for `vertex_count`.
    fn with_capacity(vertex_count: usize) -> Self {
        Solution {
            mate: Vec::with_capacity(vertex_count),
            vertex_dual: Vec::with_capacity(vertex_count),
            active: Vec::with_capacity(vertex_count),
            fixed_to: Vec::with_capacity(vertex_count),
            pending_fixes: Vec::new(),
            vertex_parent: Vec::with_capacity(vertex_count),
            top: Vec::with_capacity(vertex_count),
            blossom_parent: Vec::with_capacity(vertex_count),
            blossom_base: Vec::with_capacity(vertex_count),
            children: Vec::with_capacity(vertex_count),
            cycle_edges: Vec::with_capacity(vertex_count),
            blossom_dual: Vec::with_capacity(vertex_count),
            unused_slots: Vec::with_capacity(vertex_count),
        }
    }
}

impl<W: Clone> Clone for Solution<W> {
    fn clone(&self) -> Self {
        let mut copy = Solution::with_capacity(0);
        copy.clone_from(self);
        copy
    }

    /// Field by field, into the vectors already there: a guess's saved state
    /// ([`Matcher::fix_pairs_if_optimal`]) reuses the allocations of the one before. The pattern
    /// names every field, so one added to the struct cannot be left out.
    fn clone_from(&mut self, source: &Self) {
        let Solution {
            mate,
            vertex_dual,
            active,
            fixed_to,
            pending_fixes,
            vertex_parent,
            top,
            blossom_parent,
            blossom_base,
            children,
            cycle_edges,
            blossom_dual,
            unused_slots,
        } = source;
        self.mate.clone_from(mate);
        self.vertex_dual.clone_from(vertex_dual);
        self.active.clone_from(active);
        self.fixed_to.clone_from(fixed_to);
        self.pending_fixes.clone_from(pending_fixes);
        self.vertex_parent.clone_from(vertex_parent);
        self.top.clone_from(top);
        self.blossom_parent.clone_from(blossom_parent);
        self.blossom_base.clone_from(blossom_base);
        self.children.clone_from(children);
        self.cycle_edges.clone_from(cycle_edges);
        self.blossom_dual.clone_from(blossom_dual);
        self.unused_slots.clone_from(unused_slots);
    }
}

/// Per-stage bookkeeping, indexed by node unless said otherwise.
#[derive(Clone, Debug)]
struct StageState<W> {
    label: Vec<Label>,
    /// For a labelled node, the edge `(remote, local)` through which it got its label: `remote`
    /// lies in the tree parent, `local` in this node. `None` for tree roots.
    label_edge: Vec<Option<(usize, usize)>>,
    /// For an Outer top-level blossom: its least-cost edge `(inside, outside)` to another Outer
    /// blossom. For a vertex not labelled itself: its least-cost edge `(outer, vertex)` from an
    /// Outer vertex.
    best_edge: Vec<Option<(usize, usize)>>,
    /// Cached reduced cost of `best_edge`, valid while `best_cost_epoch` equals `epoch`.
    best_cost: Vec<W>,
    best_cost_epoch: Vec<u64>,
    /// Bumped at every dual change, which invalidates the cached costs.
    epoch: u64,
    /// Per blossom slot, for Outer blossoms formed in this stage: the least-cost edge
    /// `(inside, outside)` to each other Outer blossom as of its formation, then the edges to
    /// Outer blossoms found by scanning its vertices, so forming a bigger blossom does not rescan
    /// all its vertices. A list that would grow past twice the active vertices is first compacted
    /// to one edge per Outer blossom ([`Matcher::compacted_edges_to_outer`]): each scanned vertex
    /// adds an edge to every Outer blossom, so a large blossom's list would otherwise hold its
    /// vertices times the blossoms.
    best_edges_to_outer: Vec<Option<Vec<(u32, u32)>>>,
    /// Per vertex scanned in this stage while its top-level blossom had no such list: the far
    /// ends of its least-cost edges to each Outer blossom of the time, so that forming a blossom
    /// around it does not scan its edges again. Every edge between two Outer blossoms is kept by
    /// whichever end was scanned later: in that end's record, or in its blossom's list, or, for a
    /// vertex whose record grew past `record_limit`, by scanning the vertex again when a blossom
    /// forms around it (`record_dropped`).
    scan_record: Vec<Vec<u32>>,
    /// Per vertex: its record grew past `record_limit` in this stage and was dropped.
    record_dropped: Vec<bool>,
    /// The most entries a record may hold in this stage ([`Bookkeeping`]).
    record_limit: usize,
    /// A blossom list this long is compacted before it grows ([`Bookkeeping`]).
    list_compact_length: usize,
    bookkeeping: Bookkeeping,
    /// The vertex being scanned, whose record is still being gathered in `scan_best`.
    scanning: Option<usize>,
    /// Per Outer top-level node, the least-cost edge's far end (and its cost) from the vertex
    /// being scanned, for its record; `scan_touched` lists the nodes set.
    scan_best: Vec<Option<usize>>,
    scan_best_cost: Vec<W>,
    scan_touched: Vec<usize>,
    /// Outer vertices whose edges still need a look.
    queue: Vec<usize>,
    /// Marks for the search of a common ancestor when two trees meet.
    marked: Vec<bool>,
    /// Scratch for blossom formation, indexed by node: the best edge to it and that edge's cost.
    best_edge_to: Vec<Option<(usize, usize)>>,
    best_edge_to_cost: Vec<W>,
    /// Scratch for the top-level nodes during a dual change.
    top_level: Vec<usize>,
    /// Scratch for the vertices of a blossom, and for the blossoms one walk visits: taken and put
    /// back, so that forming and dissolving blossoms allocates nothing once they have grown.
    leaves: Vec<usize>,
    visited: Vec<usize>,
    touched: Vec<usize>,
}

/// How much a stage keeps of what its scans found, for the blossoms it forms.
///
/// The records and the blossom lists save scanning a vertex's edges again when a blossom forms
/// around it. In a dense graph whose first solve starts from many exposed vertices, they would
/// hold an entry per scanned vertex and Outer blossom, close to a second table of the graph (a
/// 5,694-vertex matcher: 310 MB beside its 380 MB of weights). Bounded, they hold a few entries
/// per vertex; a dropped record costs one more scan of its vertex, and a compaction one look at
/// each entry (docs/performance.md, "Memory").
#[derive(Clone, Copy, Debug)]
struct Bookkeeping {
    /// A record may hold this many entries, or a `record_share`-th of the active vertices if more:
    /// merging a record that long costs about what scanning the vertex again does.
    record_min: usize,
    record_share: usize,
    /// A blossom list is compacted when it would grow past this many entries, or past
    /// `list_compact_factor` times the active vertices if more.
    list_compact_min: usize,
    list_compact_factor: usize,
}

impl Default for Bookkeeping {
    fn default() -> Self {
        Bookkeeping { record_min: 64, record_share: 16, list_compact_min: 256, list_compact_factor: 2 }
    }
}

impl<W> Default for StageState<W> {
    fn default() -> Self {
        Self {
            label: Vec::new(),
            label_edge: Vec::new(),
            best_edge: Vec::new(),
            best_cost: Vec::new(),
            best_cost_epoch: Vec::new(),
            epoch: 0,
            best_edges_to_outer: Vec::new(),
            scan_record: Vec::new(),
            record_dropped: Vec::new(),
            record_limit: 0,
            list_compact_length: 0,
            bookkeeping: Bookkeeping::default(),
            scanning: None,
            scan_best: Vec::new(),
            scan_best_cost: Vec::new(),
            scan_touched: Vec::new(),
            queue: Vec::new(),
            marked: Vec::new(),
            best_edge_to: Vec::new(),
            best_edge_to_cost: Vec::new(),
            top_level: Vec::new(),
            leaves: Vec::new(),
            visited: Vec::new(),
            touched: Vec::new(),
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// A matcher whose weight table has the layout asked for, for tests of both layouts (the
    /// matcher otherwise chooses by size).
    #[cfg(test)]
    pub(super) fn with_layout(vertex_count: usize, square: bool) -> Self {
        let mut matcher = Self::new(vertex_count);
        matcher.weights = WeightTable::with_layout(vertex_count, square);
        matcher
    }

    /// A matcher that keeps no record and compacts its blossom lists whenever they would grow,
    /// so that the tests run the fallbacks of [`Bookkeeping`] on small graphs.
    #[cfg(test)]
    pub(super) fn with_least_bookkeeping(mut self) -> Self {
        self.stage.bookkeeping =
            Bookkeeping { record_min: 0, record_share: usize::MAX, list_compact_min: 0, list_compact_factor: 0 };
        self
    }

    /// A matcher for `vertex_count` vertices with the edges `weight` gives (`None`: no edge), set
    /// pair by pair, `a < b`, in order.
    pub fn from_fn(vertex_count: usize, weight: impl Fn(usize, usize) -> Option<W>) -> Self {
        let mut matcher = Self::new(vertex_count);
        for a in 0..vertex_count {
            for b in a + 1..vertex_count {
                if let Some(w) = weight(a, b) {
                    matcher.set_weight(a, b, w);
                }
            }
        }
        matcher
    }

    /// A matcher for `vertex_count` vertices and no edges, whose weights will take up to
    /// `bits` bits: its table starts that wide, where [`Matcher::new`]'s widens (a copy of the
    /// whole table) when the first wide weight is set.
    pub fn with_weight_bits(vertex_count: usize, bits: u32) -> Self {
        Self::with_table(vertex_count, WeightTable::for_bits(vertex_count, W::LIMBS, bits))
    }

    /// A matcher for `vertex_count` vertices and no edges.
    pub fn new(vertex_count: usize) -> Self {
        Self::with_table(vertex_count, WeightTable::new(vertex_count, W::LIMBS))
    }

    /// A matcher for `vertex_count` vertices and no edges, with the table `weights` of as many.
    fn with_table(vertex_count: usize, weights: WeightTable) -> Self {
        let mut matcher = Self {
            weights,
            weight_limit: W::headroom_limit(),
            changed_edges: Vec::new(),
            changed_vertices: Vec::new(),
            changed_vertex: Vec::with_capacity(vertex_count),
            row_changes: Vec::new(),
            solution: Solution::with_capacity(vertex_count),
            pending_checks: Vec::new(),
            cycle_partners: keep::CyclePartners::default(),
            stage: StageState::default(),
            spare_guess: None,
            duals_hold_largest: true,
        };
        for _ in 0..vertex_count {
            matcher.push_vertex_state();
        }
        matcher
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.solution.mate.len()
    }

    /// Adds an isolated vertex and returns its index. The current matching stays optimal.
    pub fn add_vertex(&mut self) -> usize {
        let old_count = self.vertex_count();
        // Blossom node ids sit right after the vertices, so every stored blossom id moves up one.
        let shift = |node: usize| if node >= old_count { node + 1 } else { node };
        for parent in self.solution.vertex_parent.iter_mut().chain(self.solution.blossom_parent.iter_mut()).flatten() {
            *parent = shift(*parent);
        }
        for node in self.solution.top.iter_mut().chain(self.solution.children.iter_mut().flatten()) {
            *node = shift(*node);
        }

        self.weights.add_vertex();
        self.push_vertex_state();
        old_count
    }

    /// Appends the state of a new isolated vertex, all but its weights.
    fn push_vertex_state(&mut self) {
        let old_count = self.vertex_count();
        self.cycle_partners.valid = false;
        self.solution.mate.push(None);
        self.changed_vertex.push(false);
        self.solution.vertex_dual.push(W::zero());
        self.solution.active.push(old_count);
        self.solution.fixed_to.push(None);
        self.solution.vertex_parent.push(None);
        self.solution.top.push(old_count);
        // A laminar family of odd sets of at least three vertices has fewer members than there
        // are vertices, so one slot per vertex always suffices.
        let new_slot = self.solution.children.len();
        self.solution.blossom_parent.push(None);
        self.solution.blossom_base.push(0);
        self.solution.children.push(Vec::new());
        self.solution.cycle_edges.push(Vec::new());
        self.solution.blossom_dual.push(W::zero());
        self.solution.unused_slots.push(new_slot);
    }

    /// Sets the weight of the edge `{u, v}`; zero removes the edge.
    ///
    /// The next [`Matcher::solve`] costs O(k·n²), where k is the size of a vertex cover of the
    /// edges changed since the previous solve, as found greedily (changing the edges around one
    /// vertex gives k = 1).
    ///
    /// # Panics
    ///
    /// If `u == v`, if either is not a vertex, or if `weight` exceeds
    /// [`Weight::headroom_limit`].
    pub fn set_weight(&mut self, u: usize, v: usize, weight: W) {
        let count = self.vertex_count();
        assert!(u < count && v < count, "edge {{{u}, {v}}} outside a graph of {count} vertices");
        assert_ne!(u, v, "a vertex cannot be matched to itself");
        assert!(weight <= self.weight_limit, "weight {weight:?} above the limit {:?}", self.weight_limit);
        if !self.weights.equals(u, v, &weight) {
            for vertex in [u, v] {
                if self.solution.fixed_to[vertex].is_some() {
                    self.unfix(vertex);
                }
            }
            self.forget_largest();
            self.weights.set(u, v, &weight);
            self.note_changed_edge(u, v);
        }
    }

    /// Before the first solve, after a change other than a row of weights set where there were
    /// none: the duals no longer hold each vertex's largest weight (`duals_hold_largest`) and go
    /// back to zero, as they would be without them.
    pub(super) fn forget_largest(&mut self) {
        if self.duals_hold_largest {
            self.solution.vertex_dual.fill(W::zero());
            self.duals_hold_largest = false;
        }
    }

    /// Sets the weights of the edges from `vertex` to the vertices `first..first + weights.len()`,
    /// as [`Matcher::set_weight`] sets each in turn, with the checks and the table's widening done
    /// once for the row and each entry's place found without a search: for filling a table a row
    /// at a time (a bracket list's matcher takes tens of thousands of weights).
    ///
    /// # Panics
    ///
    /// As [`Matcher::set_weight`], for any of the edges.
    pub fn set_row_weights(&mut self, vertex: usize, first: usize, weights: &[W]) {
        let (count, end) = (self.vertex_count(), first + weights.len());
        assert!(
            vertex < count && end <= count,
            "edges of {vertex} to {first}..{end} outside a graph of {count} vertices"
        );
        assert!(!(first..end).contains(&vertex), "a vertex cannot be matched to itself");
        assert!(weights.iter().all(|w| *w <= self.weight_limit), "a weight above the limit {:?}", self.weight_limit);
        if self.solution.fixed_to[vertex].is_some() || self.solution.fixed_to[first..end].iter().any(Option::is_some) {
            for (other, weight) in (first..end).zip(weights) {
                self.set_weight(vertex, other, weight.clone());
            }
            return;
        }
        let mut changed = std::mem::take(&mut self.row_changes);
        changed.clear();
        let overwrote = self.weights.set_row(vertex, first, weights, &mut changed);
        if self.duals_hold_largest {
            if overwrote {
                // A weight set again may have been some vertex's largest.
                self.forget_largest();
            } else {
                let duals = &mut self.solution.vertex_dual;
                let mut largest = duals[vertex].clone();
                for (dual, weight) in duals[first..end].iter_mut().zip(weights) {
                    if *weight > *dual {
                        dual.clone_from(weight);
                    }
                    if *weight > largest {
                        largest.clone_from(weight);
                    }
                }
                duals[vertex] = largest;
            }
        }
        // Listed edge by edge while they are few, then marked by vertex (`note_changed_edge`):
        // once marked, `vertex` is, and each other end is marked alone.
        let mut others = changed.iter();
        for &other in others.by_ref() {
            self.note_changed_edge(vertex, other);
            if !self.changed_vertices.is_empty() {
                break;
            }
        }
        for &other in others {
            self.mark_changed(other);
        }
        self.row_changes = changed;
    }

    /// Multiplies every weight by `2^bits`, at any time, without a solve: the duals are scaled
    /// with the weights, which keeps them feasible and complementary to the matching, so an
    /// optimal matching stays optimal and pending changes keep their meaning. A caller that packs
    /// fields into the weights makes room for wider fields under the top one this way.
    ///
    /// A dual bound of `2·max_weight + 2` becomes `2·max_weight + 2^(bits + 1)` by the scaling,
    /// so the scaled weights must keep a bit more headroom: below `2^(W::BITS - 3)`.
    ///
    /// # Panics
    ///
    /// If a scaled weight would reach `2^(W::BITS - 3)`.
    pub fn scale_up(&mut self, bits: u32) {
        if bits == 0 {
            return;
        }
        let longest = self.weights.bit_length();
        assert!(longest + bits <= W::BITS - 3, "weights of {longest} bits scaled by 2^{bits} leave no headroom");
        self.weights.shift_left(bits, W::LIMBS);
        for dual in self.solution.vertex_dual.iter_mut().chain(self.solution.blossom_dual.iter_mut()) {
            if !dual.is_zero() {
                dual.shl_in_place(bits);
            }
        }
        // The cached reduced costs of a stage are stale.
        self.stage.epoch += 1;
    }

    /// The weight of the edge `{u, v}`, zero if absent (and for `u == v`).
    pub fn weight(&self, u: usize, v: usize) -> W {
        self.weights.get(u, v)
    }

    /// Makes the matching one of maximum total weight for the current weights.
    pub fn solve(&mut self) {
        self.repair_after_changes();
        self.duals_hold_largest = false;
        self.make_root_duals_even();
        self.prepare_stage_state();
        while self.run_stage() {}
        // The certificate costs as much as a full solve, so debug builds check only small graphs,
        // where it catches a broken invariant right where it happens.
        if cfg!(debug_assertions) && self.vertex_count() <= 64 {
            assert_eq!(self.check_optimality(), Ok(()));
        }
    }

    /// The vertex matched to `v` by the last [`Matcher::solve`].
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.solution.mate[v]
    }

    /// The mate of every vertex, as found by the last [`Matcher::solve`].
    pub fn matching(&self) -> Vec<Option<usize>> {
        self.solution.mate.clone()
    }

    /// The total weight of the matching, at the current weights.
    pub fn total_weight(&self) -> W {
        let (wraps, total) = self.exact_total_weight();
        debug_assert_eq!(wraps, 0, "weight arithmetic overflowed");
        total
    }

    /// The total weight of the matching at the current weights, exact for any number of pairs: how
    /// many times the sum wrapped around `W`'s range, and the sum modulo that range.
    pub fn exact_total_weight(&self) -> (u64, W) {
        let mut wraps = 0;
        let mut total = W::zero();
        for (vertex, mate) in self.solution.mate.iter().enumerate() {
            if let Some(mate) = *mate
                && mate < vertex
            {
                wraps += u64::from(total.overflowing_add_in_place(&self.weight(vertex, mate)));
            }
        }
        (wraps, total)
    }

    /// `out = ` the reduced cost of `{a, b}`, for vertices in different top-level blossoms (no
    /// blossom dual applies to such an edge).
    fn reduced_cost_into(&self, out: &mut W, a: usize, b: usize) {
        W::set_to_sum_minus_double_limbs(
            out,
            &self.solution.vertex_dual[a],
            &self.solution.vertex_dual[b],
            self.weights.entry(a, b),
        );
    }
}
