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
    /// Every pair of distinct players may meet but the `forbidden` pairs (each both ways).
    pub fn all_but(n: usize, forbidden: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let mut compatibility = Compatibility { n, bits: vec![u64::MAX; (n * n).div_ceil(64)] };
        for a in 0..n {
            compatibility.forbid(a, a);
        }
        for (a, b) in forbidden {
            compatibility.forbid(a, b);
            compatibility.forbid(b, a);
        }
        compatibility
    }

    /// The players of a round, who may meet unless C1 or C3 parts them ([`super::weights::compatible`]):
    /// `met[a]` lists whom `a` has met or may not meet (C1 and the prohibited pairs), and C3 is
    /// asked only of two players who both have an absolute colour preference, the only ones it can
    /// part. Asking every pair took a twentieth of a 200-player check.
    pub fn of_round(
        state: &crate::state::RoundState,
        players: &[super::player::DutchPlayer],
        met: &[Vec<usize>],
    ) -> Self {
        let absolute: Vec<usize> = (0..players.len()).filter(|&v| players[v].is_absolute()).collect();
        let c3 = absolute.iter().enumerate().flat_map(|(i, &a)| absolute[..i].iter().map(move |&b| (a, b)));
        let parted_by_c3 = c3.filter(|&(a, b)| !super::weights::compatible(state, &players[a], &players[b], false));
        let met_pairs = met.iter().enumerate().flat_map(|(a, list)| list.iter().map(move |&b| (a, b)));
        Compatibility::all_but(players.len(), met_pairs.chain(parted_by_c3))
    }

    fn forbid(&mut self, a: usize, b: usize) {
        let bit = a * self.n + b;
        self.bits[bit / 64] &= !(1 << (bit % 64));
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

    /// `of_round` asks C3 only of pairs of absolute preferences; asking `weights::compatible` of
    /// every pair must give the same bits, on every round of generated events (C3 parts some
    /// pairs, and in the final round lets some topscorers meet).
    #[test]
    fn of_round_agrees_with_asking_every_pair() {
        use crate::generate::{GenerateOptions, generate};
        use crate::state::{Participation, RoundState};
        use crate::systems::SystemId;
        use crate::systems::dutch::{Rules, dutch_players};

        let (mut parted_by_c3, mut final_round_exemptions) = (0, 0);
        for seed in 1..=6 {
            let t = generate(&GenerateOptions::new(SystemId::Dutch2025, 31 + seed as u32, 9, seed)).unwrap();
            for round in 1..=t.rounds_paired() {
                let state = RoundState::build(&t, round, Participation::Recorded);
                let players = dutch_players(&state, Rules::Dutch2025);
                let met = state.met_by_position(&players.iter().map(|p| p.id).collect::<Vec<_>>());
                let c = Compatibility::of_round(&state, &players, &met);
                for a in 0..players.len() {
                    for b in 0..players.len() {
                        let met_before = met[a].contains(&b);
                        let asked = a != b
                            && crate::systems::dutch::weights::compatible(&state, &players[a], &players[b], met_before);
                        assert_eq!(c.get(a, b), asked, "seed {seed}, round {round}: {a} {b}");
                        let same_absolute = a != b
                            && !met_before
                            && players[a].is_absolute()
                            && players[b].is_absolute()
                            && players[a].preference == players[b].preference;
                        parted_by_c3 += usize::from(same_absolute && !asked);
                        final_round_exemptions += usize::from(same_absolute && asked);
                    }
                }
            }
        }
        assert!(parted_by_c3 > 0 && final_round_exemptions > 0, "{parted_by_c3} {final_round_exemptions}");
    }

    #[test]
    fn all_but_forbids_each_pair_both_ways() {
        for n in [0, 1, 8, 9] {
            let forbidden: Vec<(usize, usize)> =
                (0..n).flat_map(|a| (0..a).map(move |b| (a, b))).filter(|&(a, b)| (a + 2 * b) % 3 == 0).collect();
            let c = Compatibility::all_but(n, forbidden.iter().copied());
            for a in 0..n {
                for b in 0..n {
                    let parted = a == b || forbidden.contains(&(a, b)) || forbidden.contains(&(b, a));
                    assert_eq!(c.get(a, b), !parted, "{n}: {a} {b}");
                }
            }
        }
    }
}
