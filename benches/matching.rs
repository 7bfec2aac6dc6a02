//! The weighted matcher at pairing-engine sizes: solving from scratch, and re-solving after the
//! edges of one vertex change, with ~300-bit lexicographic weights.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use trfcheck::matching::{Matcher, Weight, Wide};

/// 320 bits; the matcher accepts weights up to 318 bits.
type Weight320 = Wide<5>;

/// SplitMix64, so every run measures the same graphs.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut mixed = *state;
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^ (mixed >> 31)
}

/// A weight of about 300 bits built field by field, as a Dutch engine does: a small score-group
/// field on top, then criteria that mostly tie in their upper parts, then a random tail.
fn pairing_weight(state: &mut u64) -> Weight320 {
    let mut weight = Weight320::from_u64(1 + next_random(state) % 4);
    for field in 0..4 {
        weight.shl_in_place(64);
        let value = next_random(state);
        // The upper criteria take few distinct values, so many edges tie on them.
        weight.or_u64_in_place(if field < 2 { value % 8 } else { value });
    }
    weight.shl_in_place(40);
    weight.or_u64_in_place(next_random(state) >> 24);
    weight
}

/// A dense graph with one pair in seven forbidden.
fn random_graph(vertices: usize, state: &mut u64) -> Matcher<Weight320> {
    let mut matcher = Matcher::new(vertices);
    for u in 0..vertices {
        for v in 0..u {
            if !next_random(state).is_multiple_of(7) {
                matcher.set_weight(u, v, pairing_weight(state));
            }
        }
    }
    matcher
}

fn from_scratch(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("from_scratch");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for vertices in [200, 1000] {
        let mut state = 1;
        let graph = random_graph(vertices, &mut state);
        group.bench_function(format!("n{vertices}"), |bencher| {
            bencher.iter_batched(
                || graph.clone(),
                |mut matcher| {
                    matcher.solve();
                    black_box(matcher.total_weight())
                },
                criterion::BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

/// One re-solve after the edges of one vertex change, cycling through what an engine does:
/// new weights around the vertex, forbidding all its pairs, and forcing one pair.
fn incremental(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("update_one_vertex");
    group.sample_size(20).measurement_time(Duration::from_secs(20));
    for vertices in [200, 1000] {
        let mut state = 2;
        let mut matcher = random_graph(vertices, &mut state);
        matcher.solve();
        let mut round = 0_u64;
        group.bench_function(format!("n{vertices}"), |bencher| {
            bencher.iter(|| {
                round += 1;
                let vertex = (next_random(&mut state) % vertices as u64) as usize;
                match round % 4 {
                    0 => (0..vertices).filter(|&other| other != vertex).for_each(|other| {
                        matcher.set_weight(vertex, other, Weight320::zero());
                    }),
                    1 => {
                        let partner =
                            (vertex + 1 + (next_random(&mut state) % (vertices as u64 - 1)) as usize) % vertices;
                        let mut forced = Weight320::from_u64(1);
                        forced.shl_in_place(310);
                        for other in (0..vertices).filter(|&other| other != vertex) {
                            let weight = if other == partner { forced } else { Weight320::zero() };
                            matcher.set_weight(vertex, other, weight);
                        }
                    }
                    _ => (0..vertices).filter(|&other| other != vertex).for_each(|other| {
                        let weight = pairing_weight(&mut state);
                        matcher.set_weight(vertex, other, weight);
                    }),
                }
                matcher.solve();
                black_box(matcher.mate(vertex))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, from_scratch, incremental);
criterion_main!(benches);
