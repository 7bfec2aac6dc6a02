//! The edge weights, stored as 64-bit limbs with only as many limbs per edge as the largest
//! weight so far needs: a `Wide<16>` type chosen for a 600-bit layout then costs 10 limbs per edge
//! instead of 16, in memory and in every scan.

use super::Weight;

/// Weights of a complete graph, both halves, one contiguous row per vertex.
#[derive(Clone, Debug)]
pub(super) struct WeightTable {
    count: usize,
    /// Limbs per entry: enough for every weight set so far, for the duals (below four times the
    /// largest weight plus four) and for the reduced costs.
    limbs: usize,
    /// The entry of `{u, v}` starts at `(u * count + v) * limbs`.
    data: Vec<u64>,
}

impl WeightTable {
    /// A table of `count` vertices without edges.
    pub(super) fn new(count: usize) -> Self {
        Self { count, limbs: 1, data: vec![0; count * count] }
    }

    /// The limbs of the weight of `{u, v}`, least significant first.
    #[inline]
    pub(super) fn entry(&self, u: usize, v: usize) -> &[u64] {
        let start = (u * self.count + v) * self.limbs;
        &self.data[start..start + self.limbs]
    }

    /// Whether `{u, v}` has no edge.
    #[inline]
    pub(super) fn is_zero(&self, u: usize, v: usize) -> bool {
        self.entry(u, v).iter().all(|&limb| limb == 0)
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
        let entry = self.entry(u, v);
        (entry.len()..W::LIMBS).all(|index| weight.limb(index) == 0)
            && entry.iter().enumerate().all(|(index, &limb)| weight.limb(index) == limb)
    }

    /// Sets the weight of `{u, v}` (both halves), widening the entries if `weight` needs it.
    pub(super) fn set<W: Weight>(&mut self, u: usize, v: usize, weight: &W) {
        // Three bits of headroom: a sum of two duals stays below four times the largest weight
        // plus four. A weight type's full width is enough by its own headroom limit.
        let needed = ((weight.bit_length() + 3).div_ceil(64) as usize).clamp(1, W::LIMBS.max(1));
        if needed > self.limbs {
            self.relayout(self.count, needed);
        }
        for (row, column) in [(u, v), (v, u)] {
            let start = (row * self.count + column) * self.limbs;
            for (index, limb) in self.data[start..start + self.limbs].iter_mut().enumerate() {
                *limb = weight.limb(index);
            }
        }
    }

    /// Adds a vertex without edges.
    pub(super) fn add_vertex(&mut self) {
        self.relayout(self.count + 1, self.limbs);
    }

    /// Copies the entries into a table of `count` vertices and `limbs` limbs per entry.
    fn relayout(&mut self, count: usize, limbs: usize) {
        let mut data = vec![0; count * count * limbs];
        let old_limbs = self.limbs;
        for row in 0..self.count {
            for column in 0..self.count {
                let old = (row * self.count + column) * old_limbs;
                let new = (row * count + column) * limbs;
                data[new..new + old_limbs].copy_from_slice(&self.data[old..old + old_limbs]);
            }
        }
        self.count = count;
        self.limbs = limbs;
        self.data = data;
    }
}
