//! The FIDE Dubov system, 2025 rules (C.04.4.1): the fast engine against the literal reference on
//! thousands of rounds, and generated tournaments that check clean.

use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use trfcheck::formats;
use trfcheck::generate::{self, GenerateOptions};
use trfcheck::model::Tournament;
use trfcheck::state::{Participation, RoundState};
use trfcheck::systems::dubov::{Dubov2025, Dubov2025Literal};
use trfcheck::systems::{Engine, SystemId};

fn text_of(t: &Tournament) -> String {
    formats::trf::write(t).0
}

/// Pairs every round of `t` from its recorded state with both engines; returns the rounds compared.
fn compare_rounds(t: &Tournament) -> Result<usize, TestCaseError> {
    let mut compared = 0;
    for round in 1..=t.rounds_paired() {
        let state = RoundState::build(t, round, Participation::Recorded);
        if state.players.is_empty() {
            continue;
        }
        let fast = Dubov2025.pair(&state);
        let literal = Dubov2025Literal.pair(&state);
        prop_assert_eq!(
            fast.as_ref().map(|p| &p.boards),
            literal.as_ref().map(|p| &p.boards),
            "round {} of\n{}",
            round,
            text_of(t)
        );
        compared += 1;
    }
    Ok(compared)
}

/// Runs `cases` random tournaments made by `system`'s engine (Dubov 2025 itself, or the Dutch
/// engine for states the Dubov engine would not reach) and compares the engines on every round.
fn agree_on(
    system: SystemId,
    players: std::ops::RangeInclusive<u32>,
    rounds: std::ops::RangeInclusive<u32>,
    cases: u32,
) -> usize {
    let compared = AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let strategy = (players, rounds, any::<u64>(), 0u32..4);
    runner
        .run(&strategy, |(players, rounds, seed, flavour)| {
            let mut options = GenerateOptions::new(system, players, rounds, seed);
            // Some tournaments with many forfeits, byes and withdrawals: unplayed games, players
            // without a colour, PAB eligibility.
            if flavour == 0 {
                options.forfeit_rate = 0.2;
                options.bye_rate = 0.15;
                options.withdraw_rate = 0.05;
            }
            if flavour == 1 {
                options.draw_rate = 0.0;
            }
            let Ok(t) = generate::generate(&options) else { return Ok(()) };
            compared.fetch_add(compare_rounds(&t)?, Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    compared.into_inner()
}

#[test]
fn fast_engine_agrees_with_the_literal_reference_on_dubov_tournaments() {
    let compared = agree_on(SystemId::Dubov2025, 4..=13, 2..=8, 1500);
    eprintln!("dubov-2025 fast vs literal: {compared} rounds of Dubov-paired tournaments compared");
    assert!(compared > 4000, "{compared}");
}

#[test]
fn fast_engine_agrees_with_the_literal_reference_on_dutch_paired_states() {
    let compared = agree_on(SystemId::Dutch2025, 4..=13, 2..=8, 1000);
    eprintln!("dubov-2025 fast vs literal: {compared} rounds of Dutch-paired tournaments compared");
    assert!(compared > 2500, "{compared}");
}
