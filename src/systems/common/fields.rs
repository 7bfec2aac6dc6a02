//! Criteria as fields of one weight: what each criterion counts for one pair, and how the counts
//! of a whole pairing compare (docs/engine-design.md, "Criteria as fields of one weight").
//!
//! Where a system's text ranks pairings by criteria in priority order, each quality criterion is a
//! sum over pairs (or over paired players) of either a plain count or one count per score (or
//! score difference); the Dutch rules' are (`dutch/weights.rs` writes them as rows). A [`Value`]
//! is that summand; a row of values, one per criterion in priority order, describes a pair. Laid
//! out by a [`Frame`] and packed into one integer ([`Pack`]), the row is an edge weight for the
//! matcher; collected ([`Collect`]) and summed over the pairs of a bracket ([`sum_rows`]), it tells
//! how a candidate does on each criterion, which is what explanations print
//! ([`first_difference`]). Larger is better in every field (a criterion that minimises something
//! counts what it does not want negatively, or counts the complement).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::matching::Weight;

/// One criterion's contribution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A plain count.
    Count(i64),
    /// One count per key (a score or a score difference, in tenths); compared from the highest
    /// key down.
    Counters(BTreeMap<i64, i64>),
}

impl Value {
    pub fn empty_like(&self) -> Value {
        match self {
            Value::Count(_) => Value::Count(0),
            Value::Counters(_) => Value::Counters(BTreeMap::new()),
        }
    }

    pub fn add(&mut self, other: &Value) {
        match (self, other) {
            (Value::Count(a), Value::Count(b)) => *a += b,
            (Value::Counters(a), Value::Counters(b)) => {
                for (key, count) in b {
                    *a.entry(*key).or_insert(0) += count;
                }
                a.retain(|_, count| *count != 0);
            }
            _ => unreachable!("a criterion keeps its kind of value"),
        }
    }

    /// Compares two sums of the same criterion: `Greater` is better.
    pub fn compare(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Count(a), Value::Count(b)) => a.cmp(b),
            (Value::Counters(a), Value::Counters(b)) => {
                let keys: std::collections::BTreeSet<i64> = a.keys().chain(b.keys()).copied().collect();
                for key in keys.into_iter().rev() {
                    let (x, y) = (a.get(&key).copied().unwrap_or(0), b.get(&key).copied().unwrap_or(0));
                    if x != y {
                        return x.cmp(&y);
                    }
                }
                Ordering::Equal
            }
            _ => unreachable!("a criterion keeps its kind of value"),
        }
    }

    pub fn counters(pairs: impl IntoIterator<Item = (i64, i64)>) -> Value {
        let mut map = BTreeMap::new();
        for (key, count) in pairs {
            if count != 0 {
                *map.entry(key).or_insert(0) += count;
            }
        }
        Value::Counters(map)
    }
}

/// How a field is laid out in the packed weight.
#[derive(Clone, Debug)]
pub enum Width {
    /// A count field of so many bits.
    Bits(u32),
    /// One counter per key, at the given bit offsets, in a field of the given total width.
    Counters { offsets: CounterOffsets, bits: u32 },
}

impl Width {
    pub fn bits(&self) -> u32 {
        match self {
            Width::Bits(bits) => *bits,
            Width::Counters { bits, .. } => *bits,
        }
    }
}

/// The bit offset of each counter of a per-score field, by key. A field has a counter for each
/// score (or score difference) of one bracket's list, a handful, and the offset is looked up for
/// every counter of every edge weight: a sorted list searched by halves is several times cheaper
/// than a tree for that.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CounterOffsets(Vec<(i64, u32)>);

impl CounterOffsets {
    pub fn get(&self, key: i64) -> Option<u32> {
        self.0.binary_search_by_key(&key, |&(k, _)| k).ok().map(|i| self.0[i].1)
    }

    /// The keys and their offsets, keys ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u32)> + '_ {
        self.0.iter().copied()
    }
}

impl From<BTreeMap<i64, u32>> for CounterOffsets {
    fn from(offsets: BTreeMap<i64, u32>) -> Self {
        CounterOffsets(offsets.into_iter().collect())
    }
}

/// Where a row's fields sit in a packed weight.
#[derive(Clone, Debug)]
pub struct Frame {
    pub widths: Vec<Width>,
    /// The bit position of each field's lowest bit.
    pub bases: Vec<u32>,
    /// All bits, the generation-order tail included.
    pub total_bits: u32,
}

impl Frame {
    /// Fields most important first, then `tail` empty bits for the generation-order decisions.
    pub fn new(widths: Vec<Width>, tail: u32) -> Frame {
        let mut bases = vec![0; widths.len()];
        let mut position = tail;
        for (i, width) in widths.iter().enumerate().rev() {
            bases[i] = position;
            position += width.bits();
        }
        Frame { widths, bases, total_bits: position }
    }

    /// The count fields of a packed weight whose every field is a [`Width::Bits`] of at most 64
    /// bits and holds a non-negative sum (a matching's total), most important first.
    pub fn unpack<W: Weight>(&self, weight: &W) -> Vec<u64> {
        self.widths
            .iter()
            .zip(&self.bases)
            .map(|(width, &base)| {
                let bits = width.bits();
                debug_assert!(bits <= 64, "a count field of at most 64 bits");
                if bits == 0 {
                    return 0;
                }
                let (limb, shift) = ((base / 64) as usize, base % 64);
                let mut value = weight.limb(limb) >> shift;
                if shift > 0 && shift + bits > 64 {
                    value |= weight.limb(limb + 1) << (64 - shift);
                }
                if bits < 64 { value & ((1u64 << bits) - 1) } else { value }
            })
            .collect()
    }

    /// Moves the first (most important) field up to the top of `total_bits` bits, leaving the
    /// others where they are: the bits between stay zero, which only adds headroom.
    pub fn lift_first_field(&mut self, total_bits: u32) {
        debug_assert!(total_bits >= self.total_bits, "a frame only grows");
        if let Some(first) = self.widths.first() {
            self.bases[0] = total_bits - first.bits();
        }
        self.total_bits = total_bits;
    }
}

/// Receives a pair's values, field by field, in priority order.
pub trait Row {
    fn count(&mut self, value: i64);
    fn counters(&mut self, entries: &[(i64, i64)]);
}

/// Collects the values (for explanations).
#[derive(Default)]
pub struct Collect(pub Vec<Value>);

impl Row for Collect {
    fn count(&mut self, value: i64) {
        self.0.push(Value::Count(value));
    }

    fn counters(&mut self, entries: &[(i64, i64)]) {
        self.0.push(Value::counters(entries.iter().copied()));
    }
}

/// Packs the values into a weight. Negative counts borrow from the fields above; sums over a
/// matching stay exact because no field's total can overflow it.
pub struct Pack<'a, W> {
    frame: &'a Frame,
    field: usize,
    positive: W,
    negative: W,
}

impl<'a, W: Weight> Pack<'a, W> {
    pub fn new(frame: &'a Frame) -> Self {
        Pack { frame, field: 0, positive: W::zero(), negative: W::zero() }
    }

    #[inline]
    fn add(&mut self, count: i64, position: u32) {
        if count == 0 {
            return;
        }
        let sum = if count > 0 { &mut self.positive } else { &mut self.negative };
        sum.add_shifted_u64(count.unsigned_abs(), position);
    }

    pub fn finish(mut self) -> W {
        debug_assert_eq!(self.field, self.frame.widths.len(), "a value for every field");
        self.positive.sub_in_place(&self.negative);
        self.positive
    }
}

impl<W: Weight> Row for Pack<'_, W> {
    #[inline]
    fn count(&mut self, value: i64) {
        let base = self.frame.bases[self.field];
        self.field += 1;
        self.add(value, base);
    }

    #[inline]
    fn counters(&mut self, entries: &[(i64, i64)]) {
        let base = self.frame.bases[self.field];
        let Width::Counters { offsets, .. } = &self.frame.widths[self.field] else {
            unreachable!("a counters field has counter offsets")
        };
        self.field += 1;
        for &(key, count) in entries {
            if count == 0 {
                continue;
            }
            let offset = offsets.get(key);
            debug_assert!(offset.is_some(), "a counter for key {key}");
            self.add(count, base + offset.unwrap_or(0));
        }
    }
}

/// The largest weight of a frame: all its bits set.
pub fn all_ones<W: Weight>(bits: u32) -> W {
    let mut w = W::zero();
    for _ in 0..bits {
        w.shl_in_place(1);
        w.or_u64_in_place(1);
    }
    w
}

/// The first criterion (by position) on which `a` and `b` differ, with the comparison.
pub fn first_difference(a: &[Value], b: &[Value]) -> Option<(usize, Ordering)> {
    a.iter().zip(b).enumerate().find_map(|(i, (x, y))| match x.compare(y) {
        Ordering::Equal => None,
        other => Some((i, other)),
    })
}

/// Sums rows value by value.
pub fn sum_rows<'a>(template: &[Value], rows: impl IntoIterator<Item = &'a Vec<Value>>) -> Vec<Value> {
    let mut total: Vec<Value> = template.iter().map(Value::empty_like).collect();
    for row in rows {
        for (sum, value) in total.iter_mut().zip(row) {
            sum.add(value);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_compare_from_the_highest_key() {
        let a = Value::counters([(20, 1), (5, 0)]);
        let b = Value::counters([(15, 3)]);
        assert_eq!(a.compare(&b), Ordering::Greater);
        assert_eq!(Value::Count(2).compare(&Value::Count(3)), Ordering::Less);
    }

    fn pack(frame: &Frame, count: i64, entries: &[(i64, i64)]) -> u64 {
        let mut pack = Pack::<u64>::new(frame);
        pack.count(count);
        pack.counters(entries);
        pack.finish()
    }

    #[test]
    fn packing_respects_priority_and_signs() {
        let frame = Frame::new(
            vec![Width::Bits(4), Width::Counters { offsets: BTreeMap::from([(0, 0), (10, 3)]).into(), bits: 6 }],
            2,
        );
        assert_eq!((frame.bases.clone(), frame.total_bits), (vec![8, 2], 12));
        assert!(pack(&frame, 2, &[(0, 1)]) > pack(&frame, 1, &[(10, 7)]));
        assert_eq!(pack(&frame, 1, &[]) - pack(&frame, 1, &[(10, -1)]), 1 << 5);
    }
}
