//! The weighted matcher: against brute force, against itself solved from scratch after incremental
//! updates, against its own optimality certificate on a large case, and against NetworkX.

use std::io::Write as _;
use std::process::{Command, Stdio};

use proptest::prelude::*;
use trfcheck::matching::{Exchange, Matcher, Weight, Wide};

/// Weights of a small graph as a full symmetric table, zero for absent edges.
type Table = Vec<Vec<u128>>;

/// The maximum total weight over all matchings, by enumeration.
fn brute_force_best(weights: &Table) -> u128 {
    fn best_from(weights: &Table, used: &mut [bool]) -> u128 {
        let Some(first) = used.iter().position(|&used| !used) else {
            return 0;
        };
        used[first] = true;
        let mut best = best_from(weights, used);
        for partner in first + 1..used.len() {
            if !used[partner] && weights[first][partner] > 0 {
                used[partner] = true;
                best = best.max(weights[first][partner] + best_from(weights, used));
                used[partner] = false;
            }
        }
        used[first] = false;
        best
    }
    best_from(weights, &mut vec![false; weights.len()])
}

/// A table of `count` vertices with the weights of the pairs `{u, v}`, `v < u`, drawn in order.
fn symmetric_table(count: usize, mut next_weight: impl FnMut() -> u128) -> Table {
    let mut table = vec![vec![0; count]; count];
    for u in 0..count {
        for v in 0..u {
            set_symmetric(&mut table, u, v, next_weight());
        }
    }
    table
}

fn set_symmetric(table: &mut Table, u: usize, v: usize, weight: u128) {
    table[u][v] = weight;
    table[v][u] = weight;
}

fn wide<const LIMBS: usize>(value: u128) -> Wide<LIMBS> {
    Wide::from_u128(value).expect("fits")
}

fn solved<W: Weight>(weights: &Table, convert: impl Fn(u128) -> W) -> Matcher<W> {
    let mut matcher = Matcher::new(weights.len());
    for (u, row) in weights.iter().enumerate() {
        for (v, &weight) in row.iter().enumerate().take(u) {
            matcher.set_weight(u, v, convert(weight));
        }
    }
    matcher.solve();
    matcher
}

/// Checks what every solution must satisfy besides its total.
fn assert_valid<W: Weight>(matcher: &Matcher<W>) {
    assert_eq!(matcher.check_optimality(), Ok(()));
    for (vertex, mate) in matcher.matching().into_iter().enumerate() {
        if let Some(mate) = mate {
            assert_eq!(matcher.mate(mate), Some(vertex));
            assert!(!matcher.weight(vertex, mate).is_zero(), "absent edge {{{vertex}, {mate}}} matched");
        }
    }
}

/// Edge weights with many zeros and ties, or wide random values (below the u128 headroom).
fn weight_strategy() -> impl Strategy<Value = u128> {
    prop_oneof![
        3 => Just(0_u128),
        4 => 1_u128..8,
        2 => 1_u128..1_000,
        2 => 1_u128..(1 << 100),
        1 => (1_u128 << 120)..(1 << 125),
    ]
}

fn table_strategy(max_vertices: usize) -> impl Strategy<Value = Table> {
    (0..=max_vertices).prop_flat_map(|count| {
        proptest::collection::vec(weight_strategy(), count * count.saturating_sub(1) / 2).prop_map(move |upper| {
            let mut values = upper.into_iter();
            symmetric_table(count, || values.next().expect("one value per pair"))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn small_graphs_reach_the_brute_force_optimum(table in table_strategy(10)) {
        let best = brute_force_best(&table);
        let narrow = solved(&table, |weight| weight);
        assert_valid(&narrow);
        prop_assert_eq!(narrow.total_weight(), best);
        let wide = solved(&table, wide::<3>);
        assert_valid(&wide);
        prop_assert_eq!(wide.total_weight(), self::wide::<3>(best));
    }
}

/// The best total weight of a matching that holds the pair `{a, b}`.
fn best_with_pair(table: &Table, a: usize, b: usize) -> u128 {
    let mut rest = table.clone();
    for v in 0..table.len() {
        for end in [a, b] {
            set_symmetric(&mut rest, end, v, 0);
        }
    }
    table[a][b] + brute_force_best(&rest)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `fix_pair_by_exchange` may only call a pair impossible when no optimal matching holds it,
    /// and may only fix it (without a solve) when one does; the next solve is then optimal.
    #[test]
    fn exchanges_decide_pairs_as_the_optimum_does(table in table_strategy(9)) {
        let best = brute_force_best(&table);
        let matcher = solved(&table, |weight| weight);
        for a in 0..table.len() {
            for b in 0..a {
                let mut trial = matcher.clone();
                let possible = table[a][b] > 0 && best_with_pair(&table, a, b) == best;
                match trial.fix_pair_by_exchange(a, b, 1) {
                    Exchange::Impossible => prop_assert!(!possible, "{a}-{b} is in an optimum"),
                    Exchange::Fixed => {
                        prop_assert!(possible, "{a}-{b} is in no optimum");
                        trial.solve();
                        assert_valid(&trial);
                        prop_assert_eq!(trial.mate(a), Some(b));
                        let total: u128 = (0..table.len())
                            .filter_map(|v| trial.mate(v).filter(|&m| m < v).map(|m| table[v][m]))
                            .sum();
                        prop_assert_eq!(total, best);
                    }
                    Exchange::Unknown => {}
                }
            }
        }
    }
}

/// One change to the weights around a few vertices, as a pairing engine makes them.
#[derive(Clone, Debug)]
enum Update {
    /// New random weights on every edge of a vertex.
    ReweighVertex { vertex: usize, seed: u64 },
    /// No edges at all for a vertex.
    IsolateVertex { vertex: usize },
    /// The pair must be matched: a huge weight on its edge, nothing else for either end.
    ForcePair { first: usize, second: usize },
    /// One edge gets a new weight.
    SetEdge { first: usize, second: usize, weight: u128 },
    /// As `ForcePair`, through [`Matcher::fix_pair`].
    FixPair { first: usize, second: usize },
    /// New weights on a random half of all edges, as when an engine sets up a bracket: more
    /// changes than the matcher lists edge by edge.
    ReweighMany { seed: u64 },
}

fn update_strategy(vertex_count: usize) -> impl Strategy<Value = Update> {
    let vertex = 0..vertex_count;
    prop_oneof![
        3 => (vertex.clone(), any::<u64>()).prop_map(|(vertex, seed)| Update::ReweighVertex { vertex, seed }),
        1 => vertex.clone().prop_map(|vertex| Update::IsolateVertex { vertex }),
        1 => (vertex.clone(), vertex.clone()).prop_map(|(first, second)| Update::ForcePair { first, second }),
        2 => (vertex.clone(), vertex.clone()).prop_map(|(first, second)| Update::FixPair { first, second }),
        1 => any::<u64>().prop_map(|seed| Update::ReweighMany { seed }),
        2 => (vertex.clone(), vertex, weight_strategy()).prop_map(|(first, second, weight)| Update::SetEdge {
            first,
            second,
            weight
        }),
    ]
}

/// A small deterministic generator, so an update carries its weights in a seed.
fn next_random(state: &mut u64) -> u64 {
    // SplitMix64.
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut mixed = *state;
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^ (mixed >> 31)
}

/// Applies `update` to both the table and the matcher.
fn apply(update: &Update, table: &mut Table, matcher: &mut Matcher<u128>) {
    let count = table.len();
    let mut set = |u: usize, v: usize, weight: u128| {
        if u != v {
            set_symmetric(table, u, v, weight);
            matcher.set_weight(u, v, weight);
        }
    };
    match *update {
        Update::ReweighVertex { vertex, seed } => {
            let mut state = seed;
            for other in 0..count {
                let roll = next_random(&mut state);
                let weight = match roll % 4 {
                    0 => 0,
                    1 => u128::from(roll >> 60),
                    _ => u128::from(next_random(&mut state)) << 40 | u128::from(roll >> 32),
                };
                set(vertex, other, weight);
            }
        }
        Update::IsolateVertex { vertex } => (0..count).for_each(|other| set(vertex, other, 0)),
        Update::ForcePair { first, second } => {
            for other in 0..count {
                set(first, other, 0);
                set(other, second, 0);
            }
            set(first, second, u128::MAX >> 3);
        }
        Update::SetEdge { first, second, weight } => set(first, second, weight),
        Update::ReweighMany { seed } => {
            let mut state = seed;
            for u in 0..count {
                for v in 0..u {
                    let roll = next_random(&mut state);
                    if roll.is_multiple_of(2) {
                        set(u, v, if roll.is_multiple_of(6) { 0 } else { u128::from(roll >> 20) });
                    }
                }
            }
        }
        Update::FixPair { first, second } => {
            if first != second {
                for other in 0..count {
                    for vertex in [first, second] {
                        if other != vertex {
                            set_symmetric(table, vertex, other, 0);
                        }
                    }
                }
                // Twenty such pairs still add up within a u128.
                set_symmetric(table, first, second, u128::MAX >> 10);
                matcher.fix_pair(first, second, u128::MAX >> 10);
            }
        }
    }
}

fn incremental_case() -> impl Strategy<Value = (Table, Vec<Vec<Update>>)> {
    (2_usize..=40).prop_flat_map(|count| {
        let table = proptest::collection::vec(weight_strategy(), count * (count - 1) / 2).prop_map(move |upper| {
            let mut values = upper.into_iter();
            symmetric_table(count, || values.next().expect("one value per pair") >> 3)
        });
        let batches = proptest::collection::vec(proptest::collection::vec(update_strategy(count), 1..=3), 1..=12);
        (table, batches)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn incremental_solves_match_solving_from_scratch((mut table, batches) in incremental_case()) {
        let mut matcher = solved(&table, |weight| weight);
        assert_valid(&matcher);
        for batch in &batches {
            for update in batch {
                apply(update, &mut table, &mut matcher);
            }
            matcher.solve();
            assert_valid(&matcher);
            let fresh = solved(&table, |weight| weight);
            prop_assert_eq!(matcher.total_weight(), fresh.total_weight(), "after {:?}", batch);
        }
    }

    #[test]
    fn wide_arithmetic_agrees_with_u128(first in any::<u128>(), second in any::<u128>(), shift in 0_u32..128) {
        let (a, b) = (wide::<3>(first), wide::<3>(second));
        prop_assert_eq!(a.cmp(&b), first.cmp(&second));
        let mut sum = a;
        prop_assert!(!sum.overflowing_add_in_place(&b), "three limbs hold any sum of two u128");
        let (low_sum, carried) = first.overflowing_add(second);
        prop_assert_eq!(sum.limbs(), &[low_sum as u64, (low_sum >> 64) as u64, u64::from(carried)]);
        let (big, small) = if first >= second { (first, second) } else { (second, first) };
        let mut difference = wide::<3>(big);
        prop_assert!(!difference.overflowing_sub_in_place(&wide(small)));
        prop_assert_eq!(difference.to_u128(), Some(big - small));
        let mut halved = a;
        halved.halve_in_place();
        prop_assert_eq!(halved.to_u128(), Some(first >> 1));
        let mut shifted = wide::<3>(first);
        shifted.shl_in_place(shift);
        let expected_low = first << shift;
        let expected_high = if shift == 0 { 0 } else { first >> (128 - shift) };
        prop_assert_eq!(
            shifted.limbs(),
            &[expected_low as u64, (expected_low >> 64) as u64, expected_high as u64]
        );
        // The fused reduced cost, with the sum of duals kept above twice the weight.
        let (dual_a, dual_b, weight) = (first >> 2, second >> 2, (first >> 2).min(second >> 2) >> 1);
        let mut cost = Wide::<3>::default();
        Weight::set_to_sum_minus_double(&mut cost, &wide(dual_a), &wide(dual_b), &wide(weight));
        prop_assert_eq!(cost.to_u128(), Some(dual_a + dual_b - 2 * weight));
    }
}

#[test]
fn wide_carries_and_borrows_cross_every_limb() {
    let mut value = Wide::<4>::from_limbs([u64::MAX, u64::MAX, u64::MAX, 0]);
    assert!(!value.overflowing_add_in_place(&Wide::from_u64(1)));
    assert_eq!(value.limbs(), &[0, 0, 0, 1]);
    assert!(!value.overflowing_sub_in_place(&Wide::from_u64(1)));
    assert_eq!(value.limbs(), &[u64::MAX, u64::MAX, u64::MAX, 0]);
    let mut overflow = Wide::<4>::max_value();
    assert!(overflow.overflowing_add_in_place(&Wide::from_u64(1)));
    assert!(overflow.is_zero());
    let mut underflow = Wide::<2>::zero();
    assert!(underflow.overflowing_sub_in_place(&Wide::from_u64(1)));
    assert_eq!(underflow, Wide::<2>::max_value());
    let mut halved = Wide::<3>::from_limbs([0, 1, 1]);
    halved.halve_in_place();
    assert_eq!(halved.limbs(), &[1 << 63, 1 << 63, 0]);
    let mut shifted = Wide::<3>::from_u64(0b101);
    shifted.shl_in_place(127);
    assert_eq!(shifted.limbs(), &[0, 1 << 63, 0b10]);
    shifted.shl_in_place(64);
    assert_eq!(shifted.limbs(), &[0, 0, 1 << 63]);
    // The fused reduced cost borrows across limbs: 2^128 + 0 - 2 * (2^127 - 1) = 2.
    let mut cost = Wide::<3>::default();
    Weight::set_to_sum_minus_double(
        &mut cost,
        &Wide::from_limbs([0, 0, 1]),
        &Wide::zero(),
        &Wide::from_limbs([u64::MAX, u64::MAX >> 1, 0]),
    );
    assert_eq!(cost.limbs(), &[2, 0, 0]);
    assert_eq!(Wide::<2>::headroom_limit().limbs(), &[u64::MAX, u64::MAX >> 2]);
    assert_eq!(format!("{:?}", Wide::<3>::from_limbs([1, 0, 0xab])), "0xab_0000000000000000_0000000000000001");
}

/// A random ~400-bit weight: a few lexicographic fields, as a Dutch engine builds them.
fn realistic_weight(state: &mut u64, top_bits: u32) -> Wide<7> {
    let mut weight = Wide::<7>::from_u64(1 + next_random(state) % 3);
    for _ in 0..(top_bits / 64) {
        weight.shl_in_place(64);
        weight.or_u64_in_place(next_random(state));
    }
    weight
}

#[test]
fn large_graph_stays_optimal_through_many_updates() {
    const VERTICES: usize = 300;
    let mut state = 7;
    let mut matcher = Matcher::<Wide<7>>::new(VERTICES);
    for u in 0..VERTICES {
        for v in 0..u {
            // A sixth of the pairs are forbidden.
            if !next_random(&mut state).is_multiple_of(6) {
                matcher.set_weight(u, v, realistic_weight(&mut state, 384));
            }
        }
    }
    matcher.solve();
    assert_valid(&matcher);
    for round in 0..200 {
        let vertex = (next_random(&mut state) % VERTICES as u64) as usize;
        match round % 4 {
            0 => (0..VERTICES).filter(|&other| other != vertex).for_each(|other| {
                matcher.set_weight(vertex, other, Wide::zero());
            }),
            1 => {
                let partner = (vertex + 1 + (next_random(&mut state) % (VERTICES as u64 - 1)) as usize) % VERTICES;
                for other in 0..VERTICES {
                    if other != vertex {
                        matcher.set_weight(vertex, other, Wide::zero());
                    }
                    if other != partner {
                        matcher.set_weight(other, partner, Wide::zero());
                    }
                }
                let mut huge = Wide::<7>::from_u64(1);
                huge.shl_in_place(440);
                matcher.set_weight(vertex, partner, huge);
                matcher.solve();
                assert_eq!(matcher.mate(vertex), Some(partner));
            }
            _ => {
                for other in (0..VERTICES).filter(|&other| other != vertex) {
                    let weight = realistic_weight(&mut state, 384);
                    matcher.set_weight(other, vertex, weight);
                }
            }
        }
        matcher.solve();
        assert_valid(&matcher);
    }
}

/// NetworkX's `max_weight_matching` total for `table`, or None when python3 or NetworkX is
/// missing.
fn networkx_best(table: &Table) -> Option<u128> {
    let mut script = String::from("import sys, networkx as nx\ng = nx.Graph()\n");
    script.push_str(&format!("g.add_nodes_from(range({}))\n", table.len()));
    for (u, row) in table.iter().enumerate() {
        for (v, &weight) in row.iter().enumerate().take(u) {
            if weight > 0 {
                script.push_str(&format!("g.add_edge({u}, {v}, weight={weight})\n"));
            }
        }
    }
    script.push_str("m = nx.max_weight_matching(g)\nprint(sum(g[u][v]['weight'] for u, v in m))\n");
    let mut child = Command::new("python3")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok()?.trim().parse().ok()
}

#[test]
fn agrees_with_networkx_on_random_graphs() {
    let mut state = 2024;
    for case in 0..30 {
        let count = 2 + case % 40;
        let table = symmetric_table(count, || {
            let roll = next_random(&mut state);
            match roll % 5 {
                0 => 0,
                1 => u128::from(roll >> 61),
                _ => u128::from(next_random(&mut state)) << 50 | u128::from(roll >> 40),
            }
        });
        let Some(expected) = networkx_best(&table) else {
            eprintln!("SKIPPED: python3 with networkx is not available");
            return;
        };
        let matcher = solved(&table, |weight| weight);
        assert_valid(&matcher);
        assert_eq!(matcher.total_weight(), expected, "case {case} with {count} vertices");
    }
}

/// Small integer weights make many ties, hence many tight edges at once: the case in which an
/// expanded Inner blossom has sub-blossoms already reached from outside.
#[test]
fn graphs_full_of_ties_stay_optimal_through_updates() {
    let mut state = 99;
    for case in 0..2000_u64 {
        let count = 4 + (case % 37) as usize;
        let mut matcher = Matcher::<u64>::new(count);
        let density = 1 + case % 5;
        for u in 0..count {
            for v in 0..u {
                let roll = next_random(&mut state);
                if roll % 6 < density {
                    matcher.set_weight(u, v, 1 + (roll >> 40) % (1 + case % 7));
                }
            }
        }
        matcher.solve();
        assert_valid(&matcher);
        for _ in 0..5 {
            let vertex = (next_random(&mut state) % count as u64) as usize;
            for other in 0..count {
                if other != vertex {
                    let roll = next_random(&mut state);
                    matcher.set_weight(vertex, other, if roll % 6 < density { 1 + (roll >> 40) % 9 } else { 0 });
                }
            }
            matcher.solve();
            assert_valid(&matcher);
        }
    }
}

/// Fixing pairs, as an engine does once a pair is decided: the matching stays as it was until
/// the next solve, which then matches the pair; changing a fixed vertex's edges undoes the fixing.
#[test]
fn fixed_pairs_are_matched_from_the_next_solve_on() {
    const VERTICES: usize = 60;
    let mut state = 11;
    let mut table = symmetric_table(VERTICES, || u128::from(next_random(&mut state) >> 8));
    let mut matcher = solved(&table, |weight| weight);
    let forced = u128::MAX >> 10;
    for round in 0..40 {
        let first = (next_random(&mut state) % VERTICES as u64) as usize;
        // Mostly the current mate, as an engine fixes pairs; sometimes another vertex.
        let second = match matcher.mate(first) {
            Some(mate) if round % 3 != 0 => mate,
            _ => (first + 1 + (next_random(&mut state) % (VERTICES as u64 - 1)) as usize) % VERTICES,
        };
        let before = matcher.matching();
        apply(&Update::FixPair { first, second }, &mut table, &mut matcher);
        assert_eq!(matcher.matching(), before, "the matching changes only in a solve");
        if round % 5 == 4 {
            // Undo the fixing of an earlier pair by reweighing one of its vertices.
            let vertex = (next_random(&mut state) % VERTICES as u64) as usize;
            apply(&Update::ReweighVertex { vertex, seed: next_random(&mut state) }, &mut table, &mut matcher);
        }
        matcher.solve();
        assert_valid(&matcher);
        assert_eq!(matcher.total_weight(), solved(&table, |weight| weight).total_weight());
        if round % 5 != 4 {
            assert_eq!(matcher.mate(first), Some(second));
            assert_eq!(matcher.weight(first, second), forced);
        }
    }
}
