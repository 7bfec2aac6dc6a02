//! Unit tests of the matcher against brute force on small graphs.

use super::{Guesses, Matcher, Weight, Wide};

/// The maximum total weight over all matchings, by enumeration.
pub(super) fn brute_force_best(weights: &[Vec<u128>]) -> u128 {
    fn best_from(weights: &[Vec<u128>], used: &mut [bool]) -> u128 {
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

fn matcher_from(weights: &[Vec<u128>]) -> Matcher<u128> {
    matcher_with_layout(weights, true)
}

/// A matcher holding `weights` in a square weight table or a triangular one.
fn matcher_with_layout(weights: &[Vec<u128>], square: bool) -> Matcher<u128> {
    let mut matcher = Matcher::with_layout(weights.len(), square);
    for (u, row) in weights.iter().enumerate() {
        for (v, &weight) in row.iter().enumerate().take(u) {
            matcher.set_weight(u, v, weight);
        }
    }
    matcher
}

#[test]
fn empty_and_single_vertex_graphs() {
    let mut matcher = Matcher::<u64>::new(0);
    matcher.solve();
    assert_eq!(matcher.total_weight(), 0);
    let mut matcher = Matcher::<u64>::new(1);
    matcher.solve();
    assert_eq!(matcher.mate(0), None);
}

#[test]
fn prefers_weight_over_cardinality() {
    // A path a-b-c-d where the middle edge outweighs both ends together.
    let mut matcher = Matcher::<u64>::new(4);
    matcher.set_weight(0, 1, 3);
    matcher.set_weight(1, 2, 10);
    matcher.set_weight(2, 3, 3);
    matcher.solve();
    assert_eq!(matcher.matching(), vec![None, Some(2), Some(1), None]);
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn odd_cycle_forms_a_blossom() {
    // Triangle plus pendant edges: the optimum needs a blossom to be found.
    let weights = vec![
        vec![0, 8, 9, 0, 0, 0],
        vec![8, 0, 10, 7, 0, 0],
        vec![9, 10, 0, 0, 0, 0],
        vec![0, 7, 0, 0, 6, 0],
        vec![0, 0, 0, 6, 0, 5],
        vec![0, 0, 0, 0, 5, 0],
    ];
    let mut matcher = matcher_from(&weights);
    matcher.solve();
    assert_eq!(matcher.total_weight(), brute_force_best(&weights));
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn never_uses_absent_edges() {
    let mut matcher = Matcher::<u64>::new(3);
    matcher.set_weight(0, 1, 1);
    matcher.solve();
    assert_eq!(matcher.mate(2), None);
    matcher.set_weight(0, 1, 0);
    matcher.solve();
    assert_eq!(matcher.matching(), vec![None; 3]);
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn add_vertex_keeps_the_solution_and_extends_it() {
    let mut matcher = Matcher::<u64>::new(3);
    matcher.set_weight(0, 1, 4);
    matcher.set_weight(1, 2, 5);
    matcher.set_weight(0, 2, 6);
    matcher.solve();
    assert_eq!(matcher.total_weight(), 6);
    let added = matcher.add_vertex();
    assert_eq!(added, 3);
    assert_eq!(matcher.check_optimality(), Ok(()));
    matcher.set_weight(3, 1, 7);
    matcher.solve();
    assert_eq!(matcher.total_weight(), 13);
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn wide_weights_with_lexicographic_fields() {
    // Cardinality in the top field beats any score below it.
    let field = |count: u64, score: u64| {
        let mut weight = Wide::<5>::from_u64(count);
        weight.shl_in_place(250);
        weight.or_u64_in_place(score);
        weight
    };
    let mut matcher = Matcher::<Wide<5>>::new(4);
    matcher.set_weight(0, 1, field(1, 1));
    matcher.set_weight(1, 2, field(1, u64::MAX));
    matcher.set_weight(2, 3, field(1, 1));
    matcher.solve();
    assert_eq!(matcher.matching(), vec![Some(1), Some(0), Some(3), Some(2)]);
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn weights_survive_widening_and_added_vertices() {
    for square in [true, false] {
        weights_survive_widening_and_added_vertices_in(square);
    }
}

fn weights_survive_widening_and_added_vertices_in(square: bool) {
    // Small weights take one limb each; a wide one widens every entry in place, and an added
    // vertex moves every row: nothing may get lost or mixed up on the way, in either layout of
    // the table.
    let small = |u: usize, v: usize| Wide::<4>::from_u64((u * 31 + v * 7) as u64 % 50);
    let mut matcher = Matcher::<Wide<4>>::with_layout(7, square);
    for u in 0..7 {
        for v in 0..u {
            matcher.set_weight(u, v, small(u, v));
        }
    }
    matcher.solve();
    let mut wide = Wide::<4>::from_u64(3);
    wide.shl_in_place(200);
    matcher.set_weight(5, 2, wide);
    let added = matcher.add_vertex();
    matcher.set_weight(added, 0, wide);
    for u in 0..8 {
        for v in 0..8 {
            let expected = match (u.max(v), u.min(v)) {
                _ if u == v => Wide::zero(),
                (5, 2) => wide,
                (7, 0) => wide,
                (7, _) => Wide::zero(),
                (high, low) => small(high, low),
            };
            assert_eq!(matcher.weight(u, v), expected, "{{{u}, {v}}}, square: {square}");
        }
    }
    matcher.solve();
    assert_eq!(matcher.check_optimality(), Ok(()));
    assert_eq!(matcher.mate(5), Some(2));
    assert_eq!(matcher.mate(7), Some(0));
}

/// A `Wide<4>` with the value of a `u128`.
fn wide(value: u128) -> Wide<4> {
    let mut weight = Wide::<4>::zero();
    weight.set_from_limbs(&[value as u64, (value >> 64) as u64]);
    weight
}

#[test]
fn scaling_up_keeps_the_optimum_and_its_certificate() {
    // The blossom graph of `odd_cycle_forms_a_blossom` plus a vertex, so the duals include a
    // blossom's; 70 bits take the weights across a limb boundary.
    let weights = vec![
        vec![0, 8, 9, 0, 0, 0, 3],
        vec![8, 0, 10, 7, 0, 0, 0],
        vec![9, 10, 0, 0, 0, 0, 0],
        vec![0, 7, 0, 0, 6, 0, 0],
        vec![0, 0, 0, 6, 0, 5, 2],
        vec![0, 0, 0, 0, 5, 0, 0],
        vec![3, 0, 0, 0, 2, 0, 0],
    ];
    let mut matcher = Matcher::<Wide<4>>::new(weights.len());
    for (u, row) in weights.iter().enumerate() {
        for (v, &weight) in row.iter().enumerate().take(u) {
            matcher.set_weight(u, v, wide(weight));
        }
    }
    matcher.solve();
    let before = matcher.matching();
    matcher.scale_up(70);
    // Still optimal for the scaled weights, without a solve.
    assert_eq!(matcher.check_optimality(), Ok(()));
    assert_eq!(matcher.matching(), before);
    assert_eq!(matcher.total_weight(), wide(brute_force_best(&weights) << 70));
    for (u, row) in weights.iter().enumerate() {
        for (v, &weight) in row.iter().enumerate() {
            assert_eq!(matcher.weight(u, v), wide(weight << 70), "{{{u}, {v}}}");
        }
    }
    // A change made before a scaling keeps its meaning after it.
    let mut changed = weights.clone();
    changed[1][2] = 1;
    changed[2][1] = 1;
    matcher.set_weight(1, 2, wide(1 << 70));
    matcher.scale_up(3);
    matcher.solve();
    assert_eq!(matcher.check_optimality(), Ok(()));
    assert_eq!(matcher.total_weight(), wide(brute_force_best(&changed) << 73));
}

#[test]
#[should_panic(expected = "leave no headroom")]
fn scaling_up_refuses_to_lose_the_headroom() {
    let mut matcher = Matcher::<u64>::new(2);
    matcher.set_weight(0, 1, 1 << 40);
    matcher.scale_up(21);
}

/// A small deterministic generator (64-bit LCG), so the random tests are reproducible.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }

    /// A random graph on `n` vertices as a symmetric weight matrix: each pair is an edge unless
    /// a draw below `one_in` gives zero, and an edge weighs `lowest` plus a draw below `spread`.
    // The matrix is filled on both sides at once.
    #[allow(clippy::needless_range_loop)]
    fn graph(&mut self, n: usize, one_in: u64, lowest: u128, spread: u64) -> Vec<Vec<u128>> {
        let mut weights = vec![vec![0u128; n]; n];
        for u in 0..n {
            for v in 0..u {
                if self.below(one_in) > 0 {
                    let weight = lowest + u128::from(self.below(spread));
                    weights[u][v] = weight;
                    weights[v][u] = weight;
                }
            }
        }
        weights
    }
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn changes_that_keep_the_duals_give_the_optimum() {
    // Random graphs, solved, then changed through `raise_dual` and `set_weight_keeping_duals`:
    // raised duals with edges raised by as much (the remainder weights of the Dutch procedure),
    // lowered edges, removed ones and arbitrary ones mixed; every solve must be optimal.
    let mut random = Lcg(17);
    for round in 0..400 {
        // Both layouts of the weight table: a scan reads a row of each differently.
        let square = round % 2 == 0;
        let n = 4 + random.below(7) as usize;
        let mut weights = random.graph(n, 4, 1, 40);
        let mut matcher = matcher_with_layout(&weights, square);
        matcher.solve();
        for _ in 0..4 {
            match random.below(3) {
                0 => {
                    // Raise one vertex's dual and all its edges by the same amount.
                    let v = random.below(n as u64) as usize;
                    let amount = 1 + u128::from(random.below(20));
                    matcher.raise_dual(v, &amount);
                    for other in 0..n {
                        if other == v || weights[v][other] == 0 {
                            continue;
                        }
                        weights[v][other] += amount;
                        weights[other][v] += amount;
                        matcher.set_weight_keeping_duals(v, other, weights[v][other]);
                    }
                }
                1 => {
                    // Lower or remove a few edges.
                    for _ in 0..3 {
                        let (u, v) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
                        if u != v {
                            let weight = weights[u][v].saturating_sub(u128::from(random.below(50)));
                            weights[u][v] = weight;
                            weights[v][u] = weight;
                            matcher.set_weight_keeping_duals(u, v, weight);
                        }
                    }
                }
                _ => {
                    // Anything, including raises the duals do not cover.
                    for _ in 0..3 {
                        let (u, v) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
                        if u != v {
                            let weight = u128::from(random.below(60));
                            weights[u][v] = weight;
                            weights[v][u] = weight;
                            matcher.set_weight_keeping_duals(u, v, weight);
                        }
                    }
                }
            }
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
            assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}");
        }
    }
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn lowering_edges_inside_blossoms_keeps_the_optimum() {
    // Near-uniform weights make blossoms; edges lowered inside one (neither matched nor on a
    // cycle) need no repair: the matching must be optimal before the next solve, as after it.
    let mut random = Lcg(29);
    let mut kept_inside = 0;
    for round in 0..300 {
        let square = round % 2 == 0;
        let n = 5 + random.below(8) as usize;
        let mut weights = random.graph(n, 6, 20, 3);
        let mut matcher = matcher_with_layout(&weights, square);
        matcher.solve();
        for _ in 0..3 {
            for _ in 0..4 {
                let (u, v) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
                if u == v || weights[u][v] == 0 {
                    continue;
                }
                let inside = matcher.solution.top[u] == matcher.solution.top[v] && matcher.solution.top[u] != u;
                let weight = if random.below(2) == 0 { 0 } else { weights[u][v] - 1 };
                weights[u][v] = weight;
                weights[v][u] = weight;
                matcher.set_weight_keeping_duals(u, v, weight);
                if inside && !matcher.has_pending_changes() {
                    kept_inside += 1;
                }
            }
            if !matcher.has_pending_changes() {
                assert_eq!(matcher.check_optimality(), Ok(()), "round {round}, before the solve");
            }
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
            assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}");
        }
    }
    assert!(kept_inside > 50, "only {kept_inside} edges were lowered inside a blossom without a repair");
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn bounded_bookkeeping_gives_the_optimum() {
    // With every scan record dropped (its vertex scanned again when a blossom forms around it)
    // and every blossom list compacted as soon as it would grow, the fallbacks of the bounded
    // bookkeeping run at every stage; the matching must stay optimal. Near-uniform weights make
    // blossoms, spread ones make trees grow.
    let mut random = Lcg(41);
    for round in 0..300 {
        let n = 4 + random.below(9) as usize;
        let mut weights = if round % 2 == 0 { random.graph(n, 6, 20, 3) } else { random.graph(n, 4, 1, 40) };
        let mut matcher = matcher_with_layout(&weights, round % 4 < 2).with_least_bookkeeping();
        matcher.solve();
        assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
        assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}");
        for _ in 0..3 {
            let (u, v) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
            if u != v {
                let weight = u128::from(random.below(25));
                weights[u][v] = weight;
                weights[v][u] = weight;
                matcher.set_weight(u, v, weight);
            }
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}, after a change");
            assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}, after a change");
        }
    }
    // Larger graphs, beyond brute force: the same total as with the default bookkeeping, and an
    // optimality certificate.
    for round in 0..20 {
        let n = 30 + random.below(40) as usize;
        let spread = 2 + random.below(3);
        let weights = random.graph(n, 8, 100, spread);
        let mut bounded = matcher_from(&weights).with_least_bookkeeping();
        let mut default = matcher_from(&weights);
        bounded.solve();
        default.solve();
        assert_eq!(bounded.check_optimality(), Ok(()), "large round {round}");
        assert_eq!(bounded.total_weight(), default.total_weight(), "large round {round}");
    }
}

/// Runs `body` on a thread of its own and fails if it does not finish within `seconds`, so that
/// a matcher caught in an endless loop fails the test instead of hanging the run.
fn within_seconds(seconds: u64, body: impl FnOnce() + Send + 'static) {
    use std::sync::mpsc::RecvTimeoutError;
    let (done, finished) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        body();
        let _ = done.send(());
    });
    match finished.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(()) | Err(RecvTimeoutError::Disconnected) => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        // The worker is left spinning: a thread cannot be stopped, and the run ends with it.
        Err(RecvTimeoutError::Timeout) => panic!("no result within {seconds} s: an endless loop"),
    }
}

#[test]
fn raise_dual_after_fix_pair_in_nested_blossoms_terminates() {
    // The optimum leaves 4 exposed at the base of three nested blossoms: the triangle {4, 5, 6}
    // inside {·, 3, 1} inside {·, 2, 0}. Raising the dual of 0 dissolves the outermost one and
    // queues its base 4 for a tightness check; the pair fixed before it, {3, 2}, then detaches 3
    // from the middle blossom, whose rotation to base 3 matches 4 to 6 inside the triangle. A
    // check applied after the fixes looked at 4–6 with vertex duals alone, found it slack,
    // unmatched it inside the triangle, and the next stage never ended (the Burstein engine's
    // `raise_dual` + `set_weight_keeping_duals` + `fix_pair` sequence, shrunk).
    within_seconds(10, || {
        let edges =
            [(0, 1, 6), (0, 2, 10), (1, 2, 13), (1, 3, 13), (4, 5, 10), (1, 6, 8), (3, 6, 11), (4, 6, 5), (5, 6, 12)];
        let mut matcher = Matcher::<u64>::new(7);
        for &(u, v, weight) in &edges {
            matcher.set_weight(u, v, weight);
        }
        matcher.solve();
        assert_eq!(matcher.mate(4), None);
        assert!(
            (0..7).all(|v| matcher.solution.top[v] == matcher.solution.top[4] && matcher.solution.top[v] != v),
            "one blossom holds all"
        );
        matcher.fix_pair(3, 2, 1);
        matcher.raise_dual(0, &1);
        matcher.solve();
        assert_eq!(matcher.check_optimality(), Ok(()));
        // The fixing leaves {2, 3} and the edges of neither.
        let mut weights = vec![vec![0_u128; 7]; 7];
        let kept = edges.iter().filter(|&&(u, v, _)| u != 2 && u != 3 && v != 2 && v != 3);
        for &(u, v, weight) in kept.chain(&[(2, 3, 1)]) {
            weights[u][v] = u128::from(weight);
            weights[v][u] = u128::from(weight);
        }
        assert_eq!(u128::from(matcher.total_weight()), brute_force_best(&weights));
        assert_eq!(matcher.mate(3), Some(2));
    });
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn fixing_pairs_between_raised_duals_gives_the_optimum() {
    // The Burstein engine's walk: for each vertex in turn, raise its dual and its edges to the
    // later vertices by a bonus within the raise, solve, then fix it to its mate or drop those
    // edges; every solve must be optimal. Near-uniform weights make nested blossoms, so that the
    // fixes detach vertices from blossoms that a raise has just queued checks in.
    within_seconds(120, || {
        let mut random = Lcg(61);
        for round in 0..1000 {
            let n = 5 + random.below(6) as usize;
            let mut weights = random.graph(n, 3, 8, 6);
            let mut matcher = matcher_with_layout(&weights, round % 2 == 0);
            matcher.solve();
            let amount = n as u128;
            let mut fixed = vec![false; n];
            for k in 0..n {
                if fixed[k] {
                    continue;
                }
                let later: Vec<usize> = (k + 1..n).filter(|&j| !fixed[j] && weights[k][j] > 0).collect();
                if later.is_empty() {
                    continue;
                }
                let base: Vec<u128> = later.iter().map(|&j| weights[k][j]).collect();
                matcher.raise_dual(k, &amount);
                for &j in &later {
                    weights[k][j] += j as u128 + 1;
                    weights[j][k] = weights[k][j];
                    matcher.set_weight_keeping_duals(k, j, weights[k][j]);
                }
                matcher.solve();
                assert_eq!(matcher.check_optimality(), Ok(()), "round {round}, vertex {k}");
                assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}, vertex {k}");
                match matcher.mate(k) {
                    Some(j) if later.contains(&j) => {
                        let weight = base[later.iter().position(|&c| c == j).expect("a later vertex")];
                        matcher.fix_pair(k, j, weight);
                        for v in 0..n {
                            for end in [k, j] {
                                weights[end][v] = 0;
                                weights[v][end] = 0;
                            }
                        }
                        weights[k][j] = weight;
                        weights[j][k] = weight;
                        fixed[k] = true;
                        fixed[j] = true;
                    }
                    _ => {
                        for &j in &later {
                            weights[k][j] = 0;
                            weights[j][k] = 0;
                            matcher.set_weight_keeping_duals(k, j, 0);
                        }
                    }
                }
            }
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}, at the end");
            assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}, at the end");
        }
    });
}

/// `add_shifted_u64` as the trait's default computes it: from the value, shifted, added.
fn add_shifted_by_parts<W: Weight>(sum: &W, value: u64, shift: u32) -> W {
    let mut unit = W::from_u64(value);
    unit.shl_in_place(shift);
    let mut out = sum.clone();
    out.add_in_place(&unit);
    out
}

#[test]
fn adding_a_shifted_value_in_place_is_shifting_then_adding() {
    // Every shift of each width, values of every length. Where there is room, the sum holds ones
    // from the shift up, so that the addition carries across limbs (staying below the top, where
    // a carry out would overflow); near the top, the value's high bits are shifted out.
    fn check<W: Weight>(random: &mut Lcg) {
        for shift in 0..W::BITS {
            for _ in 0..4 {
                let value = match random.below(3) {
                    0 => u64::MAX >> random.below(64),
                    1 => 1,
                    _ => random.below(u64::MAX),
                };
                let mut sum = W::zero();
                if shift + 65 < W::BITS {
                    let length = 1 + random.below(u64::from(W::BITS - shift - 65)) as u32;
                    for _ in 0..length {
                        sum.shl_in_place(1);
                        sum.or_u64_in_place(1);
                    }
                    sum.shl_in_place(shift);
                } else if shift > 0 {
                    sum = W::from_u64(random.below(u64::MAX) >> (64 - shift.min(64)));
                }
                let expected = add_shifted_by_parts(&sum, value, shift);
                let mut got = sum.clone();
                got.add_shifted_u64(value, shift);
                assert_eq!(got, expected, "{sum:?} + {value} << {shift}");
            }
        }
    }
    let mut random = Lcg(53);
    check::<u64>(&mut random);
    check::<u128>(&mut random);
    check::<Wide<1>>(&mut random);
    check::<Wide<2>>(&mut random);
    check::<Wide<4>>(&mut random);
}

/// The best total of a matching holding every pair of `pairs`, the pairs' own weights counted:
/// brute force over the vertices the pairs leave.
fn brute_force_best_holding(weights: &[Vec<u128>], pairs: &[(usize, usize)]) -> u128 {
    let mut rest = weights.to_vec();
    let mut held = 0;
    for &(a, b) in pairs {
        held += weights[a][b];
        for end in [a, b] {
            rest[end].fill(0);
            for row in rest.iter_mut() {
                row[end] = 0;
            }
        }
    }
    held + brute_force_best(&rest)
}

#[test]
fn dissolving_around_a_vertex_is_dissolving_level_by_level() {
    // Near-uniform weights nest blossoms; dissolving all of them around a vertex in one pass must
    // leave the very state that dissolving the top-level one, again and again, leaves.
    let mut random = Lcg(71);
    let mut nested = 0;
    for round in 0..300 {
        let n = 6 + random.below(9) as usize;
        let weights = random.graph(n, 5, 30, 2);
        let mut solved = matcher_with_layout(&weights, round % 2 == 0);
        solved.solve();
        for v in 0..n {
            let mut by_levels = solved.clone();
            let mut bases = Vec::new();
            while by_levels.solution.top[v] != v {
                let top = by_levels.solution.top[v];
                bases.push(by_levels.base(top));
                by_levels.dissolve_top_blossom(top);
            }
            nested += usize::from(bases.len() >= 2);
            let mut at_once = solved.clone();
            assert_eq!(at_once.dissolve_blossoms_around(v), bases, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.top, by_levels.solution.top, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.vertex_dual, by_levels.solution.vertex_dual, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.blossom_dual, by_levels.solution.blossom_dual, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.vertex_parent, by_levels.solution.vertex_parent, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.blossom_parent, by_levels.solution.blossom_parent, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.children, by_levels.solution.children, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.cycle_edges, by_levels.solution.cycle_edges, "round {round}, vertex {v}");
            assert_eq!(at_once.solution.unused_slots, by_levels.solution.unused_slots, "round {round}, vertex {v}");
        }
    }
    assert!(nested > 100, "only {nested} vertices in nested blossoms");
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn ruled_out_pairs_are_in_no_optimum() {
    let mut random = Lcg(73);
    let mut ruled_out = 0;
    for round in 0..300 {
        let n = 4 + random.below(7) as usize;
        let weights = if round % 2 == 0 { random.graph(n, 5, 20, 3) } else { random.graph(n, 3, 1, 30) };
        let mut matcher = matcher_with_layout(&weights, round % 4 < 2);
        matcher.solve();
        let best = brute_force_best(&weights);
        for a in 0..n {
            for b in 0..n {
                if a != b && matcher.rules_out_pair(a, b) {
                    ruled_out += 1;
                    assert!(
                        weights[a][b] == 0 || brute_force_best_holding(&weights, &[(a, b)]) < best,
                        "round {round}: {a}-{b} is in an optimum"
                    );
                }
            }
        }
        // Changed weights leave nothing ruled out until the next solve.
        matcher.set_weight(0, 1, weights[0][1] + 1);
        assert!((0..n).all(|a| (0..n).all(|b| !matcher.rules_out_pair(a, b))), "round {round}");
    }
    assert!(ruled_out > 1000, "only {ruled_out} pairs ruled out");
}

#[test]
// The weights are a symmetric matrix, updated on both sides at once.
#[allow(clippy::needless_range_loop)]
fn pairs_fixed_on_a_guess_hold_exactly_when_an_optimum_holds_them() {
    // A guess of pairs (some in an optimum, some not) is kept exactly when brute force finds an
    // optimum holding them all; one that is not leaves the matcher as it was, and the matcher
    // goes on from there as if it had never been made.
    let mut random = Lcg(79);
    let (mut held, mut refused) = (0, 0);
    for round in 0..600 {
        let n = 4 + random.below(7) as usize;
        let mut weights = if round % 2 == 0 { random.graph(n, 4, 20, 3) } else { random.graph(n, 3, 1, 30) };
        let mut matcher = matcher_with_layout(&weights, round % 4 < 2);
        matcher.solve();
        // Sometimes a pair is fixed (the optimum holds it) and left for the guess's solve.
        let mut fixed = vec![false; n];
        if round % 3 == 0
            && let Some(mate) = matcher.mate(0)
        {
            let weight = weights[0][mate];
            matcher.fix_pair(0, mate, weight);
            for v in 0..n {
                for end in [0, mate] {
                    weights[end][v] = 0;
                    weights[v][end] = 0;
                }
            }
            weights[0][mate] = weight;
            weights[mate][0] = weight;
            fixed[0] = true;
            fixed[mate] = true;
        }
        // Up to three pairs of vertices not fixed, each an edge, chosen at random.
        let mut pairs = Vec::new();
        let mut named = fixed.clone();
        for _ in 0..1 + random.below(3) {
            let (a, b) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
            if a != b && !named[a] && !named[b] && weights[a][b] > 0 {
                named[a] = true;
                named[b] = true;
                pairs.push((a, b));
            }
        }
        let best = brute_force_best(&weights);
        let holds = brute_force_best_holding(&weights, &pairs) == best;
        let mate_before = matcher.matching();
        let guess: Vec<(usize, usize, u128)> = pairs.iter().map(|&(a, b)| (a, b, weights[a][b] + 1)).collect();
        assert_eq!(matcher.fix_pairs_if_optimal(&guess), holds, "round {round}: {pairs:?}");
        if holds {
            held += usize::from(!pairs.is_empty());
            for &(a, b) in &pairs {
                assert_eq!(matcher.mate(a), Some(b), "round {round}");
                for v in 0..n {
                    for end in [a, b] {
                        weights[end][v] = 0;
                        weights[v][end] = 0;
                    }
                }
                weights[a][b] = weights[a][b].max(1);
            }
            for &(a, b, weight) in &guess {
                weights[a][b] = weight;
                weights[b][a] = weight;
            }
        } else {
            refused += 1;
            assert_eq!(matcher.matching(), mate_before, "round {round}: the matching before the guess");
        }
        // A pair fixed before a guess that does not hold is still to be solved, as before it.
        matcher.solve();
        assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
        assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}");
        // A change after it is solved as after any optimum.
        let (u, v) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
        if u != v && !named[u] && !named[v] {
            let weight = u128::from(random.below(40));
            weights[u][v] = weight;
            weights[v][u] = weight;
            matcher.set_weight(u, v, weight);
        }
        matcher.solve();
        assert_eq!(matcher.check_optimality(), Ok(()), "round {round}, after a change");
        assert_eq!(matcher.total_weight(), brute_force_best(&weights), "round {round}, after a change");
    }
    assert!(held > 50 && refused > 50, "{held} guesses held, {refused} refused");
}

#[test]
fn a_guess_that_cannot_be_fixed_changes_nothing() {
    let mut matcher = Matcher::<u64>::new(5);
    for (u, v, weight) in [(0, 1, 5), (1, 2, 6), (2, 3, 5), (3, 4, 4)] {
        matcher.set_weight(u, v, weight);
    }
    matcher.solve();
    matcher.fix_pair(1, 2, 6);
    let before = matcher.matching();
    for guess in [
        vec![(0, 0, 1)],            // a vertex twice
        vec![(0, 1, 1), (1, 3, 1)], // a vertex in two pairs
        vec![(1, 2, 1)],            // a fixed vertex
        vec![(0, 4, 1)],            // no edge
        vec![(3, 4, 0)],            // a zero weight
        vec![(3, 4, u64::MAX)],     // above the limit
        vec![(3, 9, 1)],            // no vertex
    ] {
        assert!(!matcher.fix_pairs_if_optimal(&guess), "{guess:?}");
        assert_eq!(matcher.matching(), before, "{guess:?}");
    }
    assert!(matcher.fix_pairs_if_optimal(&[]));
    assert!(matcher.fix_pairs_if_optimal(&[(3, 4, 4)]));
    assert_eq!(matcher.check_optimality(), Ok(()));
}

#[test]
fn guesses_double_halve_and_start_again() {
    let mut guesses = Guesses::new(8);
    assert_eq!(guesses.count(), 8);
    guesses.failed();
    guesses.failed();
    guesses.failed();
    assert_eq!(guesses.count(), 1);
    guesses.failed();
    assert_eq!(guesses.count(), 0);
    guesses.held();
    assert_eq!(guesses.count(), 1, "a held guess of none is not made; held starts at one");
    guesses.failed();
    guesses.would_have_held();
    assert_eq!(guesses.count(), 1);
    for _ in 0..5 {
        guesses.held();
    }
    assert_eq!(guesses.count(), 8);
    let mut none = Guesses::new(0);
    none.held();
    none.would_have_held();
    assert_eq!(none.count(), 0);
}

/// A table filled a row at a time keeps each vertex's largest weight in its dual until the first
/// solve, in place of the first pass over the table (`Matcher::duals_hold_largest`): that solve must take
/// the path it takes with the weights set one at a time, to the same matching and the same duals.
/// Small graphs (whose changes stay listed by edge, so the cover need not hold every vertex), rows
/// that leave the first vertices without edges until after the first solve (a bracket list's
/// MDPs), a row set again before the first solve (which may lower a largest weight) and a pair
/// fixed before it, in both layouts of the table.
#[test]
// The weights are a symmetric matrix, set by rows and by pairs.
#[allow(clippy::needless_range_loop)]
fn rows_set_before_the_first_solve_give_the_duals_of_weights_set_one_by_one() {
    let mut random = Lcg(29);
    for round in 0..300 {
        let square = round % 2 == 0;
        let n = 2 + random.below(40) as usize;
        let mut weights = random.graph(n, 4, 1 << 40, 1 << 20);
        let first = if round % 3 == 0 { random.below(n as u64 / 2 + 1) as usize } else { 0 };
        // No edges among the first vertices, as none among a list's MDPs.
        for row in &mut weights[..first] {
            row[..first].fill(0);
        }
        let set_again = round % 5 == 0;
        let mut by_weight = Matcher::<u128>::with_layout(n, square);
        let mut by_row = Matcher::<u128>::with_layout(n, square);
        for larger in first + 1..n {
            for smaller in first..larger {
                if set_again {
                    by_weight.set_weight(larger, smaller, weights[larger][smaller] + 7);
                }
                by_weight.set_weight(larger, smaller, weights[larger][smaller]);
            }
            if set_again {
                let higher: Vec<u128> = weights[larger][first..larger].iter().map(|w| w + 7).collect();
                by_row.set_row_weights(larger, first, &higher);
            }
            by_row.set_row_weights(larger, first, &weights[larger][first..larger]);
        }
        // A pair fixed before the first solve (the duals kept are given up).
        let fixed = (round % 7 == 0 && n - first >= 2).then(|| (first + 1, first));
        for matcher in [&mut by_weight, &mut by_row] {
            if let Some((a, b)) = fixed {
                matcher.fix_pair(a, b, 1 << 60);
            }
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
        }
        assert_eq!(by_row.matching(), by_weight.matching(), "round {round}");
        assert_eq!(by_row.solution.vertex_dual, by_weight.solution.vertex_dual, "round {round}");
        if n <= 12 && first == 0 && fixed.is_none() {
            assert_eq!(by_row.total_weight(), brute_force_best(&weights), "round {round}");
        }
        // The first vertices' edges after the first solve, as a bracket list's MDPs join.
        for larger in first..n {
            for smaller in 0..first {
                for matcher in [&mut by_weight, &mut by_row] {
                    matcher.set_weight(larger, smaller, weights[larger][smaller]);
                }
            }
        }
        for matcher in [&mut by_weight, &mut by_row] {
            matcher.solve();
            assert_eq!(matcher.check_optimality(), Ok(()), "round {round}");
        }
        assert_eq!(by_row.matching(), by_weight.matching(), "round {round}");
        if n <= 12 && fixed.is_none() {
            assert_eq!(by_row.total_weight(), brute_force_best(&weights), "round {round}");
        }
    }
}

/// A primitive weight read from limbs, as the matcher reads a table entry: as many limbs as the
/// table keeps (none, one, or two for `u128`; zeros past the value), least significant first.
#[test]
fn primitive_weights_read_from_limbs_are_the_values_written() {
    let mut random = Lcg(43);
    for _ in 0..1000 {
        let low = random.below(1 << 31) << 33 | random.below(1 << 31);
        let high = random.below(1 << 31) << 33 | random.below(1 << 31);
        let wide = u128::from(high) << 64 | u128::from(low);
        let mut read = u128::MAX;
        read.set_from_limbs(&[wide.limb(0), wide.limb(1)]);
        assert_eq!(read, wide);
        read.set_from_limbs(&[low]);
        assert_eq!(read, u128::from(low));
        read.set_from_limbs(&[low, 0, 0]);
        assert_eq!(read, u128::from(low));
        let mut narrow = u64::MAX;
        narrow.set_from_limbs(&[low]);
        assert_eq!(narrow, low);
        narrow.set_from_limbs(&[low, 0]);
        assert_eq!(narrow, low);
    }
    let (mut wide, mut narrow) = (1u128, 1u64);
    wide.set_from_limbs(&[]);
    narrow.set_from_limbs(&[]);
    assert_eq!((wide, narrow), (0, 0));
}
