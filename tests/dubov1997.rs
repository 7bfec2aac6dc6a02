//! Dubov 1997: the fast engine against the literal reference on thousands of small tournaments,
//! the rules' own examples, hand-derived tournaments (each carries its derivation), explanations,
//! and `generate` → `check`.

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use trfcheck::generate::{self, GenerateError, GenerateOptions, RatingRange};
use trfcheck::model::{Colour, PlayerId, ResultCode, RoundEntry, Tournament};
use trfcheck::state::{Participation, RoundState};
use trfcheck::systems::SystemId;
use trfcheck::systems::dubov1997::{self, LiteralError};

/// Rounds on which the fast engine and the literal reference were compared.
static ROUNDS_COMPARED: AtomicU64 = AtomicU64::new(0);

/// How often each kind of decision occurred in the rounds compared: the tests are only as good as
/// the paths they take.
static STEPS: [AtomicU64; 9] = [const { AtomicU64::new(0) }; 9];
const STEP_NAMES: [&str; 9] = [
    "bye passed over for completion",
    "floater paired (8.2)",
    "floater paired with another floater",
    "floater floating on",
    "7.1 transfer",
    "7.2 transfer",
    "7.3/7.4 shift",
    "group with a pair inside a column (6.3)",
    "group with floaters (6.4)",
];

fn count_steps(outcome: &dubov1997::procedure::Outcome) {
    use dubov1997::procedure::Step;
    let bump = |k: usize| {
        STEPS[k].fetch_add(1, Ordering::Relaxed);
    };
    for step in &outcome.steps {
        match step {
            Step::Bye { passed, .. } if !passed.is_empty() => bump(0),
            Step::Floater { chosen: Some(c), candidates, residents, .. } => {
                let resident = candidates.iter().position(|x| x == c).is_some_and(|k| k < *residents);
                bump(if resident { 1 } else { 2 });
            }
            Step::Floater { chosen: None, .. } => bump(3),
            Step::Lone { chosen: Some(_), .. } => bump(4),
            Step::Odd { chosen: Some(_), .. } => bump(5),
            Step::Group { group, pairs } => {
                if !group.shifted.is_empty() {
                    bump(6);
                }
                if pairs.iter().any(|&(a, b)| group.is_white(a) == group.is_white(b)) {
                    bump(7);
                }
                if 2 * pairs.len() < group.white.len() + group.black.len() {
                    bump(8);
                }
            }
            _ => {}
        }
    }
}

/// Small events: Dubov-paired (the states the engine meets) or Dutch-paired (other states: other
/// floats, colour runs, transfers), ratings wide or so narrow that R and ARO often tie.
fn small_options() -> impl Strategy<Value = GenerateOptions> {
    let system = prop_oneof![3 => Just(SystemId::Dubov1997), 1 => Just(SystemId::Dutch2025)];
    let ratings = prop_oneof![
        Just(RatingRange { lowest: 1200, highest: 2700 }),
        Just(RatingRange { lowest: 1500, highest: 1504 })
    ];
    let size = (2u32..=14).prop_flat_map(|players| (Just(players), 1u32..=9));
    (system, size, any::<u64>(), 0.0..=0.8f64, 0.0..=0.15f64, 0.0..=0.2f64, 0.0..=0.1f64, ratings).prop_map(
        |(system, (players, rounds), seed, draw_rate, forfeit_rate, bye_rate, withdraw_rate, ratings)| {
            GenerateOptions {
                draw_rate,
                forfeit_rate,
                bye_rate,
                withdraw_rate,
                ratings,
                ..GenerateOptions::new(system, players, rounds, seed)
            }
        },
    )
}

fn generated(options: &GenerateOptions) -> Result<Tournament, TestCaseError> {
    match generate::generate(options) {
        Ok(t) => Ok(t),
        Err(GenerateError::NoValidPairing { .. }) => Err(TestCaseError::reject("no valid pairing")),
        Err(error) => Err(TestCaseError::fail(format!("{error}"))),
    }
}

/// Every round of `t`: the fast engine and the literal reference give the same pairing.
fn engines_agree(t: &Tournament, rounds: u32) -> Result<(), TestCaseError> {
    for round in 1..=rounds {
        let state = RoundState::build(t, round, Participation::Recorded);
        let fast = dubov1997::pair(&state);
        let literal = dubov1997::pair_literal(&state);
        match (&fast, &literal) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "round {}", round),
            (Err(_), Err(LiteralError::NoValidPairing)) => {}
            _ => prop_assert!(false, "round {round}: fast {fast:?}, literal {literal:?}"),
        }
        ROUNDS_COMPARED.fetch_add(1, Ordering::Relaxed);
        if let Ok(outcome) = dubov1997::trace(&state) {
            count_steps(&outcome);
        }
    }
    Ok(())
}

/// Two implementations, one verdict: on every round of thousands of small tournaments the fast
/// engine pairs exactly as the literal, enumerating reference does.
#[test]
fn fast_engine_agrees_with_the_literal_reference() {
    let config = ProptestConfig { cases: 4000, max_global_rejects: 40000, ..ProptestConfig::default() };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let result = runner.run(&small_options(), |options| {
        let t = generated(&options)?;
        engines_agree(&t, options.rounds)
    });
    if let Err(error) = result {
        panic!("{error}");
    }
    let compared = ROUNDS_COMPARED.load(Ordering::Relaxed);
    println!("Dubov 1997: the fast engine and the literal reference agree on {compared} rounds");
    for (name, count) in STEP_NAMES.iter().zip(&STEPS) {
        println!("  {name}: {}", count.load(Ordering::Relaxed));
    }
    println!(
        "  groups solved again with the players below: {}",
        dubov1997::fast::SOLVED_WITH_REST.load(Ordering::Relaxed)
    );
    assert!(compared >= 10_000, "only {compared} rounds compared");
}

// ---------------------------------------------------------------------------------------------
// Hand-built tournaments.

/// A tournament of `ratings.len()` players (pairing numbers 1.. in the order given) and `rounds`
/// rounds, declared Dubov 1997, top player white in round 1.
fn event(ratings: &[u32], rounds: u32) -> Tournament {
    let mut t = Tournament::default();
    t.header.rounds = Some(rounds);
    t.header.initial_colour = Some(Colour::White);
    t.header.system_code = Some("FIDE_DUBOV_1997".to_owned());
    for (k, &rating) in ratings.iter().enumerate() {
        t.players.push(trfcheck::model::Player {
            id: k as PlayerId + 1,
            name: format!("Player {}", k + 1),
            rating: Some(rating),
            rounds: vec![RoundEntry::BLANK; rounds as usize],
            ..Default::default()
        });
    }
    t
}

/// Records a game of `round`: `result` is White's (`'1'`, `'='`, `'0'`).
fn game(t: &mut Tournament, round: u32, white: PlayerId, black: PlayerId, result: char) {
    let (w, b) = match result {
        '1' => (ResultCode::Win, ResultCode::Loss),
        '0' => (ResultCode::Loss, ResultCode::Win),
        _ => (ResultCode::Draw, ResultCode::Draw),
    };
    t.players[white as usize - 1].rounds[round as usize - 1] = RoundEntry::game(black, Colour::White, w);
    t.players[black as usize - 1].rounds[round as usize - 1] = RoundEntry::game(white, Colour::Black, b);
}

fn bye(t: &mut Tournament, round: u32, player: PlayerId, code: ResultCode) {
    t.players[player as usize - 1].rounds[round as usize - 1] = RoundEntry::bye(code);
}

/// The next round's pairing by both engines (which must agree), as (white, black) and the bye.
fn next_round(t: &Tournament, round: u32) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let state = RoundState::build(t, round, Participation::NextRound);
    let fast = dubov1997::pair(&state).expect("a pairing");
    let literal = dubov1997::pair_literal(&state).expect("a pairing");
    assert_eq!(fast, literal, "the engines disagree");
    let games = fast.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    let bye = fast.boards.iter().find(|b| b.black.is_none()).map(|b| b.white);
    (games, bye)
}

fn sorted(mut pairs: Vec<(PlayerId, PlayerId)>) -> Vec<(PlayerId, PlayerId)> {
    pairs.sort();
    pairs
}

// ---------------------------------------------------------------------------------------------
// The rules' own examples, derived by hand from the text.

/// Chapter 5 with an even number: 6 players, upper half 1–3 against lower half 4–6, the lot (XXC
/// white1) gives board 1's colours, odd boards have them, even boards the others: 1–4, 5–2, 3–6.
#[test]
fn first_round_by_halves_with_alternating_colours() {
    let t = event(&[2400, 2300, 2200, 2100, 2000, 1900], 5);
    let (games, bye) = next_round(&t, 1);
    assert_eq!(sorted(games), vec![(1, 4), (3, 6), (5, 2)]);
    assert_eq!(bye, None);
}

/// Chapter 5 with an odd number: "the last player in the list gets the bye having no colour"; the
/// other six are paired as above.
#[test]
fn first_round_odd_gives_the_last_player_the_bye() {
    let t = event(&[2400, 2300, 2200, 2100, 2000, 1900, 1800], 5);
    let (games, bye) = next_round(&t, 1);
    assert_eq!(sorted(games), vec![(1, 4), (3, 6), (5, 2)]);
    assert_eq!(bye, Some(7));
}

/// The table of 6.2, rebuilt as a round: twelve players on 2 points after two rounds, six due white
/// (they had white, then black) and six due black (black, then white), none of whom have met. Each
/// beat two of 24 outsiders who play one game each (absent, `Z`, in the other round), so the group
/// of 2 points is exactly these twelve and each ARO is the average of two outsiders' ratings. The
/// AROs of the "whites" are the table's to the nearest half point (the order is what 6.2 reads:
/// 2310.0, 2318.5, 2322.5, 2333.5, 2340.5, 2344.5), the "blacks" have the table's ratings (2380,
/// 2365, 2300, 2280, 2260, 2250). They are entered shuffled, so the columns must be sorted.
///
/// 6.2: whites by increasing ARO, blacks by decreasing R, row by row; nobody has met, so 6.3 changes
/// nothing; chapter 3 gives each its due colour. The expected boards are the table's rows.
#[test]
fn the_table_of_6_2() {
    // (pairing number, own rating, two opponents' ratings) of the "whites" and "blacks".
    let whites: [(PlayerId, u32, [u32; 2]); 6] = [
        (1, 2200, [2340, 2341]), // ARO 2340.5
        (2, 2210, [2310, 2310]), // ARO 2310.0
        (3, 2190, [2344, 2345]), // ARO 2344.5
        (4, 2220, [2322, 2323]), // ARO 2322.5
        (5, 2180, [2318, 2319]), // ARO 2318.5
        (6, 2230, [2333, 2334]), // ARO 2333.5
    ];
    let blacks: [(PlayerId, u32, [u32; 2]); 6] = [
        (7, 2280, [1900, 1900]),
        (8, 2380, [1900, 1900]),
        (9, 2260, [1900, 1900]),
        (10, 2365, [1900, 1900]),
        (11, 2250, [1900, 1900]),
        (12, 2300, [1900, 1900]),
    ];
    let mut ratings = vec![0u32; 36];
    let mut next_outsider = 13;
    let mut games = Vec::new();
    for (group, white_first) in [(&whites, true), (&blacks, false)] {
        for &(id, rating, opponents) in group.iter() {
            ratings[id as usize - 1] = rating;
            for (round, &r) in opponents.iter().enumerate() {
                let o: PlayerId = next_outsider;
                next_outsider += 1;
                ratings[o as usize - 1] = r;
                let round = round as u32 + 1;
                // Round 1 in the first colour, round 2 in the other; the group player wins.
                if (round == 1) == white_first {
                    games.push((round, id, o, '1'));
                } else {
                    games.push((round, o, id, '0'));
                }
            }
        }
    }
    let mut t = event(&ratings, 3);
    for &(round, white, black, result) in &games {
        game(&mut t, round, white, black, result);
    }
    for o in 13..=36u32 {
        for round in 1..=2 {
            if t.players[o as usize - 1].rounds[round - 1] == RoundEntry::BLANK {
                bye(&mut t, round as u32, o, ResultCode::ZeroPointBye);
            }
        }
    }
    let state = RoundState::build(&t, 3, Participation::NextRound);
    let pairing = dubov1997::pair(&state).expect("a pairing");
    let top: Vec<(PlayerId, PlayerId)> =
        pairing.boards.iter().filter_map(|b| b.black.map(|k| (b.white, k))).filter(|&(w, _)| w <= 12).collect();
    // White (ARO) against black (R), the rows of the table.
    let expected = vec![
        (2, 8),  // 2310.0 – 2380
        (5, 10), // 2318.5 – 2365
        (4, 12), // 2322.5 – 2300
        (6, 7),  // 2333.5 – 2280
        (1, 9),  // 2340.5 – 2260
        (3, 11), // 2344.5 – 2250
    ];
    assert_eq!(sorted(top), sorted(expected));
}
