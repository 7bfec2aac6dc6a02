//! Dubov 1997: the fast engine against the literal reference on thousands of small tournaments,
//! the rules' own examples, hand-derived tournaments (each carries its derivation), explanations,
//! and `generate` → `check`.

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use trfcheck::formats;
use trfcheck::generate::{self, GenerateError, GenerateOptions, RatingRange};
use trfcheck::model::{Colour, Date, DateText, PlayerId, ResultCode, RoundEntry, Tournament};
use trfcheck::report::{CheckReport, RoundReport, RoundStatus};
use trfcheck::state::{Participation, RoundState};
use trfcheck::systems::SystemId;
use trfcheck::systems::dubov1997::{self, LiteralError};
use trfcheck::verify::{self, CheckOptions};

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
        dubov1997::engine::SOLVED_WITH_REST.load(Ordering::Relaxed)
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
fn table_6_2() -> Tournament {
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
    t
}

#[test]
fn the_table_of_6_2() {
    let t = table_6_2();
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

// ---------------------------------------------------------------------------------------------
// Explanations of a differing round.

/// Writes `t` to a file and checks it as `trfcheck check` does.
fn check(t: &Tournament) -> CheckReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dubov1997.trf");
    let mut t = t.clone();
    let system = t.point_system.clone();
    for p in &mut t.players {
        p.points = Some(p.points_from_results(&system));
    }
    let (text, _) = formats::trf::write(&t);
    std::fs::write(&path, &text).unwrap();
    let (_, report) = verify::check_path(&path, &CheckOptions::default());
    // Both Dubov versions have an engine: every file must check.
    assert!(report.error.is_none(), "{:?}\n{:?}\n{text}", report.error, report.diagnostics);
    report
}

fn round_report(report: &CheckReport, round: u32) -> &RoundReport {
    report.rounds.iter().find(|r| r.round == round).expect("the round is reported")
}

/// Chapter 5 by hand: 1–4, 5–2, 3–6 (see above). A record of 1–2, 3–4, 5–6 breaks it at board 1:
/// No. 1 should meet No. 4, three places below; the explanation names 5 and both players.
#[test]
fn a_first_round_not_by_halves_is_explained_by_chapter_5() {
    let mut t = event(&[2400, 2300, 2200, 2100, 2000, 1900], 2);
    game(&mut t, 1, 1, 2, '1');
    game(&mut t, 1, 4, 3, '=');
    game(&mut t, 1, 5, 6, '0');
    let report = check(&t);
    assert_eq!(report.system().map(|s| s.id()), Some("dubov-1997"));
    let round = round_report(&report, 1);
    assert_eq!(round.status, RoundStatus::Mismatch);
    assert_eq!(round.criterion.as_deref(), Some("5"));
    assert!(!round.engine_bug);
    let why = round.explanation.as_deref().unwrap();
    assert!(why.starts_with("Dubov 1997, 5:"), "{why}");
    assert!(why.contains("No. 1 (1) plays No. 4 (4)") && why.contains("the record pairs 1 with 2"), "{why}");
}

/// The 6.2 table with its first two rows exchanged (2310.0 against 2365, 2318.5 against 2380): the
/// first decision the record does not share is row 1 of the score group of 2 points, where 6.2
/// pairs the first "white" (2, ARO 2310.0) with the first "black" (8, R 2380). The outsiders are
/// recorded as the engine pairs them, so the top group is the only difference.
#[test]
fn the_6_2_table_with_rows_exchanged_is_explained_by_6_2() {
    let mut t = table_6_2();
    let state = RoundState::build(&t, 3, Participation::NextRound);
    let pairing = dubov1997::pair(&state).expect("a pairing");
    for board in &pairing.boards {
        let Some(black) = board.black else { continue };
        let (white, black) = match (board.white, black) {
            (2, 8) => (2, 10),
            (5, 10) => (5, 8),
            other => other,
        };
        game(&mut t, 3, white, black, '=');
    }
    let report = check(&t);
    let round = round_report(&report, 3);
    assert_eq!(round.status, RoundStatus::Mismatch);
    assert_eq!(round.criterion.as_deref(), Some("6.2"), "{:?}", round.explanation);
    assert!(!round.engine_bug);
    // The first line and its details.
    let why = format!("{} {}", round.explanation.as_deref().unwrap(), round.details.join(" "));
    assert!(why.contains("2 (R 2210, ARO 2310.0") && why.contains("meets 8 (R 2380"), "{why}");
    assert!(why.contains("the record pairs 2 with 10"), "{why}");
}

// ---------------------------------------------------------------------------------------------
// `generate` → `check`, and the version of a year-less Dubov declaration.

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, max_global_rejects: 4000, ..ProptestConfig::default() })]

    /// Tournaments our `generate` pairs by dubov-1997 check clean, every round.
    #[test]
    fn generated_dubov_1997_tournaments_check_clean(
        players in 2u32..=40, rounds in 1u32..=9, seed in any::<u64>(), draw_rate in 0.0..=1.0f64,
        bye_rate in 0.0..=0.2f64, scoring in prop_oneof![Just("1,0.5,0"), Just("3,1,0")],
    ) {
        let options = GenerateOptions {
            draw_rate,
            bye_rate,
            scoring: scoring.parse().unwrap(),
            ..GenerateOptions::new(SystemId::Dubov1997, players, rounds, seed)
        };
        let t = generated(&options)?;
        let report = check(&t);
        prop_assert_eq!(report.system().map(|s| s.id()), Some("dubov-1997"));
        for round in &report.rounds {
            prop_assert_eq!(round.status, RoundStatus::Match, "round {}: {:?}", round.round, round.explanation);
        }
    }
}

/// SPEC: `FIDE_DUBOV` (192) and a 092 naming Dubov resolve by the tournament's dates: before
/// 1 Jan 2019 the 1997 rules, which `check` then applies (the file was paired by them, so every
/// round matches) and names, with the date it went by; from that day the 2018 text, and from
/// 1 Jul 2025 the 2025 text.
#[test]
fn year_less_dubov_declarations_before_2019_are_checked_as_1997() {
    let base = generate::generate(&GenerateOptions::new(SystemId::Dubov1997, 12, 4, 7)).unwrap();
    let date = |y, m, d| Some(DateText::Date(Date::new(y, m, d).unwrap()));
    let cases = [
        (Some("FIDE_DUBOV"), None, date(2018, 12, 31), SystemId::Dubov1997, "192 record"),
        (None, Some("Individual FIDE Dubov"), date(2017, 3, 2), SystemId::Dubov1997, "092 record"),
        (None, Some("FIDE_DUBOV"), date(2018, 6, 30), SystemId::Dubov1997, "092 record"),
        (Some("FIDE_DUBOV"), None, date(2019, 1, 1), SystemId::Dubov2018, "192 record"),
        (None, Some("Individual FIDE Dubov"), date(2025, 6, 30), SystemId::Dubov2018, "092 record"),
        (None, Some("Individual FIDE Dubov"), date(2025, 7, 1), SystemId::Dubov2025, "092 record"),
    ];
    for (code, kind, start, system, source) in cases {
        let mut t = base.clone();
        t.header.system_code = code.map(str::to_owned);
        t.header.tournament_type = kind.map(str::to_owned);
        t.header.start_date = start;
        let report = check(&t);
        assert_eq!(report.system().map(|s| s.id()), Some(system.id()), "{code:?} {kind:?}");
        assert_eq!(report.resolved.as_ref().map(|r| r.source.as_str()), Some(source));
        let reason = report.resolved.as_ref().map(|r| r.reason.as_str()).unwrap_or_default();
        assert!(reason.contains("start date (042)"), "{reason}");
        if system == SystemId::Dubov1997 {
            assert!(report.rounds.iter().all(|r| r.status == RoundStatus::Match), "{:?}", report.rounds);
        }
    }
    // The text report says which version was used and why.
    let mut t = base.clone();
    t.header.system_code = None;
    t.header.tournament_type = Some("Individual FIDE Dubov".to_owned());
    t.header.start_date = date(2018, 5, 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dated.trf");
    std::fs::write(&path, formats::trf::write(&t).0).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_trfcheck"))
        .args(["--color", "never", "check"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("pairing system dubov-1997 (092 record)"), "{stdout}");
    assert!(stdout.contains("2018/05/01"), "{stdout}");
    assert_eq!(output.status.code(), Some(0), "{stdout}");
}

/// Chapters 4, 7.2, 7.3–7.4, 6.2 and 3 by hand, five players (R 2400, 2300, 2200, 2100, 2000).
///
/// Round 1 (chapter 5): 1–3 and 4–2 (board 2 takes the other colours), 5 the bye. 1 and 2 win.
/// Round 2: scores 1, 2, 5 on 1 point, 3 and 4 on 0.
/// - 4: the bye goes to the lowest score group {3, 4}, lowest R: 4 (2100); 1, 2, 3, 5 can still be
///   paired (1–2, 3–5).
/// - 7.2: the group {1, 2, 5} is odd; the only player below, 3, has met 1 but can meet 2 or 5 and
///   may be transferred (2.5: never transferred before), so 3 joins it.
/// - Due colours (1): 1 black (had white), 2 white (had black), 3 white (had black), 5 none (no
///   game), who joins the smaller subgroup: whites {2, 3}, blacks {1, 5}; even, so 7.3/7.4 move
///   nobody.
/// - 6.2: whites by ascending ARO: 2 (ARO 2100, met 4), 3 (ARO 2400, met 1); blacks by descending R:
///   1 (2400), 5 (2000). Rows 2–1 and 3–5; neither pair has met, so 6.3 changes nothing.
/// - 3: 2 and 3 are due white, 1 due black, 5 takes either: 2–1, 3–5.
#[test]
fn second_round_bye_transfer_and_rows_by_hand() {
    let mut t = event(&[2400, 2300, 2200, 2100, 2000], 5);
    game(&mut t, 1, 1, 3, '1');
    game(&mut t, 1, 4, 2, '0');
    bye(&mut t, 1, 5, ResultCode::PairingAllocatedBye);
    let round_one = dubov1997::pair(&RoundState::build(&t, 1, Participation::Recorded)).unwrap();
    let boards: Vec<[u32; 2]> = round_one.boards.iter().map(|b| b.as_pair()).collect();
    assert_eq!(boards, vec![[1, 3], [4, 2], [5, 0]], "chapter 5 for round 1");
    let (games, bye) = next_round(&t, 2);
    assert_eq!(sorted(games), vec![(2, 1), (3, 5)]);
    assert_eq!(bye, Some(4));
}
