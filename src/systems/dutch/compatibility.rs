//! Which players of a round may meet at all (C1 and C3 of the 2025 rules, C.1 and C.3 of the 2017
//! rules, and the prohibited pairs): one bit per ordered pair of players.
//!
//! Every engine of the round asks this for pairs many times over (the bracket weights, the
//! completion witness, the PAB's placement), so it is worked out once per round. A byte per pair
//! took 100 MB at 9,999 players, held through the whole round; a bit takes 12.5 MB.

/// May `a` and `b` meet? For `n` players, `a, b < n`; a player never meets itself.
pub(super) struct Compatibility {
    n: usize,
    /// Bit `a · n + b`: `a` may meet `b`.
    bits: Vec<u64>,
}

impl Compatibility {
    /// Asks `may_meet(a, b)` for every ordered pair of distinct players.
    pub fn new(n: usize, mut may_meet: impl FnMut(usize, usize) -> bool) -> Self {
        let mut compatibility = Compatibility::none(n);
        // Bit by bit in order, a word at a time.
        let mut word = 0u64;
        let mut bit = 0;
        for a in 0..n {
            for b in 0..n {
                if a != b && may_meet(a, b) {
                    word |= 1 << (bit % 64);
                }
                if bit % 64 == 63 {
                    compatibility.bits[bit / 64] = word;
                    word = 0;
                }
                bit += 1;
            }
        }
        if bit % 64 != 0 {
            compatibility.bits[bit / 64] = word;
        }
        compatibility
    }

    /// Asks `may_meet(a, b)` once for every pair `b < a`, and answers both ways with it.
    pub fn symmetric(n: usize, mut may_meet: impl FnMut(usize, usize) -> bool) -> Self {
        let mut compatibility = Compatibility::none(n);
        for a in 0..n {
            for b in 0..a {
                if may_meet(a, b) {
                    compatibility.allow(a, b);
                    compatibility.allow(b, a);
                }
            }
        }
        compatibility
    }

    /// `n` players of whom no two may meet.
    fn none(n: usize) -> Self {
        Compatibility { n, bits: vec![0; (n * n).div_ceil(64)] }
    }

    fn allow(&mut self, a: usize, b: usize) {
        let bit = a * self.n + b;
        self.bits[bit / 64] |= 1 << (bit % 64);
    }

    /// May `a` meet `b`?
    #[inline]
    pub fn get(&self, a: usize, b: usize) -> bool {
        let bit = a * self.n + b;
        self.bits[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ordered_pair_has_its_own_bit() {
        // Rows crossing word boundaries (9), ending on one (8), and the degenerate sizes.
        let allowed = |a: usize, b: usize| !(a * 7 + b * 3).is_multiple_of(5);
        for n in [0, 1, 8, 9] {
            let c = Compatibility::new(n, allowed);
            let s = Compatibility::symmetric(n, allowed);
            assert_eq!((c.players(), s.players()), (n, n));
            for a in 0..n {
                for b in 0..n {
                    assert_eq!(c.get(a, b), a != b && allowed(a, b), "{n}: {a} {b}");
                    let first = allowed(a.max(b), a.min(b));
                    assert_eq!(s.get(a, b), a != b && first, "{n}: {a} {b}");
                }
            }
        }
    }
}
