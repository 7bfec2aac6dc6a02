//! The edge weights, stored as 64-bit limbs with only as many limbs per edge as the largest
//! weight so far needs: a `Wide<16>` type chosen for a 600-bit layout then costs 10 limbs per edge
//! instead of 16, in memory and in every scan.

use super::Weight;

/// A table whose square form would take at most this many bytes (at the weight type's full width)
/// is kept square: every edge twice, once in each end's row, so that a scan reads one contiguous
/// row. Larger ones keep each edge once, in a triangle. On 500 and 1,000 players (13 rounds) the
/// square took 5–13% less CPU time than the triangle (docs/performance.md, "A square weight
/// table"); above this size the triangle's half memory counts for more (a 3,000-player round at
/// four limbs: 144 MB instead of 288 MB).
const SQUARE_TABLE_BYTES: usize = 48 << 20;

/// Weights of a complete graph, zero on the diagonal, in one of two layouts.
///
/// - A square, row by row: the row of `u` holds its edges to every vertex, contiguous.
/// - A triangle, diagonal included, row by row: half the memory of a square, at the price of
///   strided reads for one side of a vertex's edges. The rows run from the last vertex up: the
///   row of `u` holds its edges to the vertices after it, contiguous, and its edges to the
///   vertices before it are the strided ones. The Dutch engines number players in pairing order
///   and pair from the top down, so the vertices a stage scans most are the first ones, and most
///   of their edges lead to the vertices after them (the rest of the round). On 1000 players and
///   13 rounds this orientation took 10–25% less CPU time than rows counted from the first vertex
///   (docs/performance.md, "A square weight table").
#[derive(Clone, Debug)]
pub(super) struct WeightTable {
    count: usize,
    /// Limbs per entry: enough for every weight set so far, for the duals (below four times the
    /// largest weight plus four) and for the reduced costs.
    limbs: usize,
    /// The square layout (else the triangle), chosen once for the table's vertex count.
    square: bool,
    /// The entry of `{u, v}` starts at `index(u, v) * limbs` (and, in a square, the one of
    /// `{v, u}`, which holds the same weight, at `index(v, u) * limbs`).
    data: Vec<u64>,
}

impl WeightTable {
    /// A table of `count` vertices without edges, for weights of at most `max_limbs` limbs.
    pub(super) fn new(count: usize, max_limbs: usize) -> Self {
        Self::for_bits(count, max_limbs, 0)
    }

    /// A table of `count` vertices without edges whose entries are wide enough for weights of
    /// `bits` bits (at most `max_limbs` limbs) from the start, as setting the first such weight
    /// would make them, without allocating and zeroing a narrower table first.
    pub(super) fn for_bits(count: usize, max_limbs: usize, bits: u32) -> Self {
        let square_bytes = count.saturating_mul(count).saturating_mul(max_limbs.max(1)).saturating_mul(8);
        Self::with_layout_and_limbs(count, square_bytes <= SQUARE_TABLE_BYTES, limbs_for(bits, max_limbs))
    }

    /// A table of `count` vertices without edges, square or triangular (for tests of both).
    #[cfg(test)]
    pub(super) fn with_layout(count: usize, square: bool) -> Self {
        Self::with_layout_and_limbs(count, square, 1)
    }

    fn with_layout_and_limbs(count: usize, square: bool, limbs: usize) -> Self {
        let mut table = Self { count, limbs, square, data: Vec::new() };
        let entries = table.entries(count);
        table.data.resize(entries * limbs, 0);
        table
    }

    /// The limbs of the weight of `{u, v}`, least significant first.
    #[inline]
    pub(super) fn entry(&self, u: usize, v: usize) -> &[u64] {
        let start = self.index(u, v) * self.limbs;
        &self.data[start..start + self.limbs]
    }

    /// The edges of `vertex`, for a scan over many other vertices: a [`RowReader`] works out
    /// the start of the vertex's row once instead of at every edge.
    #[inline]
    pub(super) fn row(&self, vertex: usize) -> RowReader<'_> {
        let column = self.count - 1 - vertex;
        let row_start = if self.square { vertex * self.count } else { triangle(column) };
        RowReader { table: self, vertex, row_start, column }
    }

    /// The limbs of each entry.
    pub(super) fn limbs(&self) -> usize {
        self.limbs
    }

    /// In a square table, the entries of `vertex`'s row, one for each vertex in order.
    pub(super) fn square_row(&self, vertex: usize) -> Option<&[u64]> {
        let length = self.count * self.limbs;
        self.square.then(|| &self.data[vertex * length..(vertex + 1) * length])
    }

    /// Whether `{u, v}` has no edge. The most significant limb is read first: weights that pack
    /// criteria have their top fields set on most edges (the Dutch weights: completing the round),
    /// while their low limbs (rarely set criteria, generation-order bits) are mostly zero.
    #[inline]
    pub(super) fn is_zero(&self, u: usize, v: usize) -> bool {
        is_absent(self.entry(u, v))
    }

    /// `out = ` the weight of `{u, v}`.
    pub(super) fn get_into<W: Weight>(&self, u: usize, v: usize, out: &mut W) {
        out.set_from_limbs(self.entry(u, v));
    }

    /// The weight of `{u, v}`.
    pub(super) fn get<W: Weight>(&self, u: usize, v: usize) -> W {
        let mut weight = W::zero();
        self.get_into(u, v, &mut weight);
        weight
    }

    /// Whether the weight of `{u, v}` is `weight`.
    pub(super) fn equals<W: Weight>(&self, u: usize, v: usize, weight: &W) -> bool {
        holds(self.entry(u, v), weight)
    }

    /// Sets the weight of `{u, v}`, widening the entries if `weight` needs it.
    pub(super) fn set<W: Weight>(&mut self, u: usize, v: usize, weight: &W) {
        self.fit::<W>(|| weight.bit_length());
        self.rewrite(u, v, |entry| {
            write_limbs(entry, weight);
            true
        });
    }

    /// Sets the weights of the edges from `vertex` to `first..first + weights.len()` as
    /// [`Self::set`] sets each, widening the entries once for the row, and lists in `changed` the
    /// other ends of the edges whose weight changed, in order. Returns whether a weight was written
    /// over another, not over an empty entry.
    pub(super) fn set_row<W: Weight>(
        &mut self,
        vertex: usize,
        first: usize,
        weights: &[W],
        changed: &mut Vec<usize>,
    ) -> bool {
        // A weight the entries already hold fits them, so widening for the row's widest weight
        // widens exactly when setting the weights one by one would.
        self.fit::<W>(|| weights.iter().map(Weight::bit_length).max().unwrap_or(0));
        let mut overwrote = false;
        if self.square {
            // The row's entries side by side, each mirrored in its column: no place worked out
            // anew for each (a bracket list's table is filled this way, a row at a time).
            let (count, limbs) = (self.count, self.limbs);
            let row = vertex * count * limbs;
            for (other, weight) in (first..).zip(weights) {
                let start = row + other * limbs;
                let entry = &mut self.data[start..start + limbs];
                if holds(entry, weight) {
                    continue;
                }
                overwrote |= !is_absent(entry);
                write_limbs(entry, weight);
                let mirror = (other * count + vertex) * limbs;
                write_limbs(&mut self.data[mirror..mirror + limbs], weight);
                changed.push(other);
            }
            return overwrote;
        }
        for (other, weight) in (first..).zip(weights) {
            let rewritten = self.rewrite(vertex, other, |entry| {
                let differs = !holds(entry, weight);
                if differs {
                    overwrote |= !is_absent(entry);
                    write_limbs(entry, weight);
                }
                differs
            });
            if rewritten {
                changed.push(other);
            }
        }
        overwrote
    }

    /// Clears the weight of `{u, v}`: a zero fits any entry.
    pub(super) fn clear(&mut self, u: usize, v: usize) {
        self.rewrite(u, v, |entry| {
            clear_entry(entry);
            true
        });
    }

    /// Removes every edge of `vertex`: each weight zero, as [`Self::set`] would set it.
    pub(super) fn clear_edges_of(&mut self, vertex: usize) {
        if self.square {
            // The vertex's row at once, then its place in every other row.
            let (count, limbs) = (self.count, self.limbs);
            let row = self.index(vertex, 0) * limbs;
            self.data[row..row + count * limbs].fill(0);
            for other in 0..count {
                let start = self.index(other, vertex) * limbs;
                clear_entry(&mut self.data[start..start + limbs]);
            }
        } else {
            for other in 0..self.count {
                self.clear(vertex, other);
            }
        }
    }

    /// Widens the entries if weights of `bits()` bits need it. Entries as wide as the type hold any
    /// of its weights (`limbs_for`), and most tables have them: the length is then not asked.
    fn fit<W: Weight>(&mut self, bits: impl FnOnce() -> u32) {
        if self.limbs < W::LIMBS {
            let needed = limbs_for(bits(), W::LIMBS);
            if needed > self.limbs {
                self.relayout(self.count, needed);
            }
        }
    }

    /// Rewrites the entry of `{u, v}` by `rewrite`, which tells whether it changed it; in a square
    /// table, whose two places of an entry always agree, the second place is then rewritten the
    /// same way. Returns whether the entry changed.
    fn rewrite(&mut self, u: usize, v: usize, mut rewrite: impl FnMut(&mut [u64]) -> bool) -> bool {
        let limbs = self.limbs;
        let start = self.index(u, v) * limbs;
        if !rewrite(&mut self.data[start..start + limbs]) {
            return false;
        }
        if self.square {
            let start = self.index(v, u) * limbs;
            rewrite(&mut self.data[start..start + limbs]);
        }
        true
    }

    /// The number of bits of the largest weight.
    pub(super) fn bit_length(&self) -> u32 {
        let top = self.data.chunks_exact(self.limbs).fold(0u64, |top, entry| top | entry[self.limbs - 1]);
        if top != 0 {
            return 64 * (self.limbs as u32 - 1) + (64 - top.leading_zeros());
        }
        let mut longest = 0;
        for entry in self.data.chunks_exact(self.limbs) {
            if let Some(index) = entry.iter().rposition(|&limb| limb != 0) {
                longest = longest.max(64 * index as u32 + (64 - entry[index].leading_zeros()));
            }
        }
        longest
    }

    /// Multiplies every weight by `2^bits`, widening the entries as needed (up to `max_limbs`, which
    /// the shifted weights must fit in).
    pub(super) fn shift_left(&mut self, bits: u32, max_limbs: usize) {
        let needed = limbs_for(self.bit_length() + bits, max_limbs);
        if needed > self.limbs {
            self.relayout(self.count, needed);
        }
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        for entry in self.data.chunks_exact_mut(self.limbs) {
            for index in (0..entry.len()).rev() {
                let low = index.checked_sub(words).map_or(0, |source| entry[source]);
                let below = index.checked_sub(words + 1).map_or(0, |source| entry[source]);
                entry[index] = if rest == 0 { low } else { (low << rest) | (below >> (64 - rest)) };
            }
        }
    }

    /// Adds a vertex without edges. Every entry moves (a triangle's rows count from the last
    /// vertex, a square's rows get one entry longer), so the entries are copied into a new table;
    /// the engines never add vertices to a large matcher.
    pub(super) fn add_vertex(&mut self) {
        let mut grown = WeightTable { count: self.count + 1, limbs: self.limbs, square: self.square, data: Vec::new() };
        let entries = grown.entries(grown.count);
        grown.data.resize(entries * self.limbs, 0);
        for u in 0..self.count {
            let others = if self.square { self.count } else { u + 1 };
            for v in 0..others {
                let (from, to) = (self.index(u, v) * self.limbs, grown.index(u, v) * self.limbs);
                grown.data[to..to + self.limbs].copy_from_slice(&self.data[from..from + self.limbs]);
            }
        }
        *self = grown;
    }

    /// The place of the entry of `{u, v}`. In a square, row `u`, column `v`. In a triangle
    /// (diagonal included), row by row from the last vertex: vertex `x` is row `count − 1 − x`, so
    /// the row of the smaller end holds the edge, and a vertex's edges to the vertices after it
    /// lie side by side.
    #[inline]
    fn index(&self, u: usize, v: usize) -> usize {
        if self.square {
            return u * self.count + v;
        }
        let (first, last) = if u <= v { (u, v) } else { (v, u) };
        triangle(self.count - 1 - first) + (self.count - 1 - last)
    }

    /// The number of entries of a table of `count` vertices in this layout.
    fn entries(&self, count: usize) -> usize {
        if self.square { count * count } else { count * (count + 1) / 2 }
    }

    /// Moves the entries into a table of `limbs` limbs per entry, not fewer than now. The table
    /// grows in place and the entries move from the last one down, each to a place at or after
    /// its old one, so no second table is ever held (the table dominates the memory of a large
    /// tournament).
    fn relayout(&mut self, count: usize, limbs: usize) {
        debug_assert!(count == self.count && limbs >= self.limbs);
        let old_limbs = self.limbs;
        let entries = self.entries(count);
        self.data.resize(entries * limbs, 0);
        if limbs != old_limbs {
            for entry in (0..self.entries(self.count)).rev() {
                let (old, new) = (entry * old_limbs, entry * limbs);
                self.data.copy_within(old..old + old_limbs, new);
                // The old place, where not overwritten yet, belongs to earlier entries' new
                // places or to the gaps, which must be zero.
                let stale_end = (old + old_limbs).min(new);
                self.data[old..stale_end].fill(0);
                self.data[new + old_limbs..new + limbs].fill(0);
            }
        }
        self.count = count;
        self.limbs = limbs;
    }
}

/// The edges of one vertex ([`WeightTable::row`]).
pub(super) struct RowReader<'a> {
    table: &'a WeightTable,
    vertex: usize,
    /// Square: where the vertex's row starts. Triangle: where its own row starts (its edges to
    /// the vertices after it).
    row_start: usize,
    /// Triangle: the vertex's column in the rows of the vertices before it (`count − 1 − vertex`).
    column: usize,
}

impl RowReader<'_> {
    /// The limbs of the weight of `{vertex, other}`, least significant first (as
    /// [`WeightTable::entry`]).
    #[inline]
    pub(super) fn entry(&self, other: usize) -> &[u64] {
        let table = self.table;
        let index = if table.square {
            self.row_start + other
        } else if other > self.vertex {
            // In the vertex's own row: column `count − 1 − other`.
            self.row_start + (table.count - 1 - other)
        } else {
            triangle(table.count - 1 - other) + self.column
        };
        let start = index * table.limbs;
        &table.data[start..start + table.limbs]
    }
}

/// Sets an entry to zero, without a call of `memset` for the one or two limbs of most tables
/// (clearing a fixed pair's column was about a memset call an entry).
fn clear_entry(entry: &mut [u64]) {
    match entry {
        [low] => *low = 0,
        [low, high] => (*low, *high) = (0, 0),
        _ => entry.fill(0),
    }
}

/// Whether an entry holds `weight` (its limbs past the entry zero).
fn holds<W: Weight>(entry: &[u64], weight: &W) -> bool {
    (entry.len()..W::LIMBS).all(|index| weight.limb(index) == 0)
        && entry.iter().enumerate().all(|(index, &limb)| weight.limb(index) == limb)
}

/// Writes `weight` into an entry wide enough for it.
fn write_limbs<W: Weight>(entry: &mut [u64], weight: &W) {
    for (index, limb) in entry.iter_mut().enumerate() {
        *limb = weight.limb(index);
    }
}

/// Whether an entry holds no edge (as [`WeightTable::is_zero`], whose comment says why the most
/// significant limb is read first).
#[inline]
pub(super) fn is_absent(entry: &[u64]) -> bool {
    entry.iter().rev().all(|&limb| limb == 0)
}

/// Where row `row` of the triangle starts: the rows before it hold `1 + 2 + … + row` entries.
#[inline]
fn triangle(row: usize) -> usize {
    row * (row + 1) / 2
}

/// The limbs an entry needs for weights of `bits` bits, at most `max_limbs`. Three bits of
/// headroom: a sum of two duals stays below four times the largest weight plus four. A weight
/// type's full width is enough by its own headroom limit.
fn limbs_for(bits: u32, max_limbs: usize) -> usize {
    ((bits + 3).div_ceil(64) as usize).clamp(1, max_limbs.max(1))
}
