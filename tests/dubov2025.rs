//! The FIDE Dubov system, 2025 rules (C.04.4.1): the fast engine against the literal reference on
//! thousands of rounds, and generated tournaments that check clean.

use proptest::prelude::*;
use trfcheck::model::Tournament;
use trfcheck::state::{Participation, RoundState};
use trfcheck::systems::dubov::{Dubov2025, Dubov2025Literal};
use trfcheck::systems::{Engine, SystemId};

use crate::support::Agreement;

/// `cases` random tournaments made by `system`'s engine, compared on every round (see
/// [`Agreement`]; `DUBOV_CASES_FACTOR=10` runs ten times as many).
fn agree_on(
    system: SystemId,
    players: std::ops::RangeInclusive<u32>,
    rounds: std::ops::RangeInclusive<u32>,
    cases: u32,
) -> usize {
    Agreement {
        system,
        players,
        rounds,
        cases,
        factor: "DUBOV_CASES_FACTOR",
        baku_code: Some("FIDE_DUBOV_BAKU"),
        fast: &Dubov2025,
        literal: &Dubov2025Literal,
        compares: |_| true,
        tune: |_| {},
    }
    .run()
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

// ---------------------------------------------------------------------------------------------
// The worked examples of the text (C.04.4.1, 2025), derived by hand from it.

use std::collections::BTreeSet;

use trfcheck::model::Points;
use trfcheck::systems::dubov::order::{c6_key, combinations, from_the_middle, permutations, upfloater_sets};
use trfcheck::verify;

/// The example of 4.3.3: seven players A–G sorted as in 4.3.2; #1 D, #2 C, #3 E, #4 B, #5 F, #6 A,
/// #7 G.
#[test]
fn shifter_example_of_4_3_3() {
    let names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    let order: String = from_the_middle(7).into_iter().map(|i| names[i]).collect();
    assert_eq!(order, "DCEBFAG");
    // Six: the middle pair is C, D: the higher in the list (C) first, then D (the middle of the five
    // left), then B (higher of B, E), E, A, F.
    let order: String = from_the_middle(6).into_iter().map(|i| names[i]).collect();
    assert_eq!(order, "CDBEAF");
    assert_eq!(from_the_middle(1), vec![0]);
    assert!(from_the_middle(0).is_empty());
}

/// The note of 4.4.2: A, B, C in G2 give {A, B, C} {A, C, B} {B, A, C} {B, C, A} {C, A, B}
/// {C, B, A}, in that exact order.
#[test]
fn transposition_example_of_4_4_2() {
    let names = ['A', 'B', 'C'];
    let all: Vec<String> = permutations(3).map(|p| p.into_iter().map(|i| names[i]).collect()).collect();
    assert_eq!(all, ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]);
    assert_eq!(permutations(4).count(), 24);
    assert_eq!(permutations(10).nth(1), Some(vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 8]));
    assert_eq!(permutations(0).collect::<Vec<_>>(), vec![Vec::<usize>::new()]);
    assert_eq!(permutations(1).collect::<Vec<_>>(), vec![vec![0]]);
}

/// 4.1.3: with K = 2, {#1,#2} precedes {#1,#3}, and {#1,#P} precedes {#2,#3}.
#[test]
fn lexicographic_sets_of_4_1_3() {
    let sets = combinations(4, 2);
    assert_eq!(sets, vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]);
    assert!(combinations(2, 3).is_empty());
}

/// The container example of 4.2.3.1: #1–#3 have 3 points, #4 and #5 2.5, #6 1.5; two upfloaters.
/// The text lists the five containers and their sets: {3,3}: {#1,#2} {#1,#3} {#2,#3};
/// {3,2.5}: {#1,#4} {#1,#5} {#2,#4} {#2,#5} {#3,#4} {#3,#5}; {3,1.5}: {#1,#6} {#2,#6} {#3,#6};
/// {2.5,2.5}: {#4,#5}; {2.5,1.5}: {#4,#6} {#5,#6}. 4.2.3.2 then sorts the containers "along the lines
/// described by [C6]": maximise the lowest score, then the second lowest. By hand: {3,3} (lowest 3);
/// {3,2.5} and {2.5,2.5} (lowest 2.5; the second lowest 3 beats 2.5); {3,1.5} and {2.5,1.5}
/// (lowest 1.5; second 3 beats 2.5). So the text's third container ({3,1.5}) comes fourth: its
/// "first … fifth" counts the containers as the sets first appear in lexicographic order, which
/// 4.2.3.2 does not keep (README, readings). Within a container the sets keep the order of 4.2.3.3.
#[test]
fn container_example_of_4_2_3_1() {
    let p = Points::from_tenths;
    let scores = [p(30), p(30), p(30), p(25), p(25), p(15)];
    let named: Vec<Vec<Vec<usize>>> = upfloater_sets(&scores, 2)
        .into_iter()
        .map(|sets| sets.into_iter().map(|s| s.into_iter().map(|i| i + 1).collect()).collect())
        .collect();
    assert_eq!(
        named,
        vec![
            vec![vec![1, 2], vec![1, 3], vec![2, 3]],
            vec![vec![1, 4], vec![1, 5], vec![2, 4], vec![2, 5], vec![3, 4], vec![3, 5]],
            vec![vec![4, 5]],
            vec![vec![1, 6], vec![2, 6], vec![3, 6]],
            vec![vec![4, 6], vec![5, 6]],
        ]
    );
    // Every set of the example appears once: C(6, 2) = 15.
    let count: usize = upfloater_sets(&scores, 2).iter().map(Vec::len).sum();
    assert_eq!(count, 15);
}

/// A small Dubov tournament as TRF-2006 text: players `1..=n` rated 2600, 2500, … (so the pairing
/// number is the initial ranking), `XXR`, `XXC`, and the recorded rounds as `(white, black, result
/// of white)`.
fn dubov_file(players: u32, total_rounds: u32, initial: &str, rounds: &[&[(u32, u32, char)]]) -> String {
    let header = [
        "012 trfcheck Dubov example".to_owned(),
        "042 2025/09/01".to_owned(),
        "092 Individual: Swiss-System".to_owned(),
        "192 FIDE_DUBOV_2025".to_owned(),
        format!("XXR {total_rounds}"),
        format!("XXC {initial}1"),
    ];
    let ratings: Vec<u32> = (1..=players).map(|id| 2700 - 100 * id).collect();
    crate::support::tournament_file(&header, &ratings, rounds, &[], 10)
}

fn read(text: &str) -> Tournament {
    crate::support::read_valid("dubov.trf", text)
}

/// The next round as `(white, black)` games, with the system the file resolved to.
fn next_round(text: &str) -> (SystemId, BTreeSet<(u32, u32)>) {
    let t = read(text);
    let next = verify::pair_next(&t, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let games = next.pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    (next.resolved.system, games)
}

/// Round 1, eight players. 2.2.3: nobody has played, so G1 is the first half by initial ranking,
/// {1, 2, 3, 4}, G2 {5, 6, 7, 8}. 2.2.5: S1 by ascending ARO (all 0), then initial ranking: 1 2 3 4.
/// 2.2.6, 4.4: the first transposition of G2 by initial ranking, 5 6 7 8, is legal: 1–5, 2–6, 3–7,
/// 4–8. Colours 5.2.1: the higher-ranked player gets the initial colour with an odd pairing number,
/// the other with an even one: with White drawn, 1, 3 White, 2, 4 Black; with Black, the reverse.
#[test]
fn round_one_pairs_the_first_half_against_the_second() {
    let (system, games) = next_round(&dubov_file(8, 5, "white", &[]));
    assert_eq!(system, SystemId::Dubov2025);
    assert_eq!(games, BTreeSet::from([(1, 5), (6, 2), (3, 7), (8, 4)]));
    let (_, games) = next_round(&dubov_file(8, 5, "black", &[]));
    assert_eq!(games, BTreeSet::from([(5, 1), (2, 6), (7, 3), (4, 8)]));
}

/// Round 2 of eight players, derived by hand. Round 1 (White drawn): 1–5 1-0, 6–2 0-1, 3–7 0-1,
/// 8–4 0-1. Ratings 2600 (1), 2500 (2), … 1900 (8).
///
/// Score 1: 1 (played White: strong preference for Black, 1.5.2.2), and 2, 4, 7 (played Black:
/// White). AROs (1.6): 2 met 6, 2100; 4 met 8, 1900; 7 met 3, 2400. The bracket is even and pairs
/// without upfloaters ([C5]). G1 = {2, 4, 7}, G2 = {1} (2.2.3). 2.2.4.1: G2 is the smaller and holds
/// one player, so nothing is unavoidable. 2.2.4.2: one White seeker moves to G2. 4.3.2: White
/// seekers by ascending ARO: 4 (1900), 2 (2100), 7 (2400); 4.3.3 numbers from the middle: #1 is 2.
/// Every choice leaves one pair of White seekers (one failure, [C7] equal), and moving 2 is legal, so 2 moves.
/// S1 = {4, 7} by ARO; G2 = {1, 2} by ranking; T2 = 1 2: 4–1, 7–2, both new (C1). Moving 4 instead
/// (the lowest ARO first) would give 2–1, 7–4: the test tells the readings apart.
/// Colours: 4–1: both preferences granted (5.2.2), 4 White. 7–2: both want White with the same
/// strength; 5.2.4 finds no round with one White and the other Black (both had Black); 5.2.5 gives
/// the preference to the higher ranked, 2: 2 White.
///
/// Score 0: 5 (played Black: White), 3, 6, 8 (played White: Black). G1 = {5}, G2 = {3, 6, 8}.
/// 2.2.4.2: one Black seeker moves to G1; 4.3.2: Black seekers by initial ranking 3, 6, 8; #1 the
/// middle, 6. G1 = {5, 6}: S1 by ascending ARO: 6 (met 2, 2500), 5 (met 1, 2600). G2 = {3, 8}.
/// T2 = 3 8: 6–3, 5–8, both new. Colours: 6–3 both want Black, equally strong; 5.2.4 nothing (both
/// had White); 5.2.5: the higher ranked, 3, gets Black: 6 White. 5–8: both granted, 5 White.
#[test]
fn round_two_shifts_from_the_middle_and_sorts_s1_by_aro() {
    let round_one: &[(u32, u32, char)] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '0'), (8, 4, '0')];
    let text = dubov_file(8, 5, "white", &[round_one]);
    let (_, games) = next_round(&text);
    assert_eq!(games, BTreeSet::from([(4, 1), (2, 7), (6, 3), (5, 8)]));
    // The literal reference gives the same round.
    let t = read(&text);
    let state = RoundState::build(&t, 2, Participation::NextRound);
    let literal = Dubov2025Literal.pair(&state).unwrap();
    let literal: BTreeSet<(u32, u32)> =
        literal.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    assert_eq!(literal, games);
}

/// Six players, round 2, one upfloater. Round 1 (White drawn): 1–4 1-0, 5–2 1-0, 3–6 0-1. Score 1:
/// 1, 5 (played White: prefer Black) and 6 (played Black: White): odd, so one upfloater (2.2.1). The
/// pool (4.2.1) is 2, 3, 4, all with 0, numbered by initial ranking (4.2.2): #1 2, #2 3, #3 4. One
/// container ([C6] equal). [C7]: with 2 (prefers White) the bracket {1, 5, 6, 2} has two White and
/// two Black seekers, and 2–1, 6–5 is legal (2 met 5): 0 failures; with 3 (prefers Black) three
/// Black seekers, so one pair of Black seekers: 1 failure; with 4 (prefers White) also 0, but {2} comes first (4.2.3.3).
/// Left: 3, 4, who can meet ([C4]). The bracket: G1 = {6, 2}, G2 = {1, 5}; S1 by ascending ARO:
/// 2 (met 5, 2200), 6 (met 3, 2400); T2 = 1 5: 2–1, 6–5, legal. Colours all granted: 2, 6 White.
/// Score 0: 4 (White seeker) – 3: 4 White.
#[test]
fn the_upfloater_is_the_first_set_that_pairs_best() {
    let round_one: &[(u32, u32, char)] = &[(1, 4, '1'), (5, 2, '1'), (3, 6, '0')];
    let (_, games) = next_round(&dubov_file(6, 5, "white", &[round_one]));
    assert_eq!(games, BTreeSet::from([(2, 1), (6, 5), (4, 3)]));
}

/// 2.1: with seven players in round 1 the PAB goes to the lowest in the initial ranking (all have
/// the same score and games, 2.1.3–2.1.5): 7. The others pair 1–4, 5–2, 3–6 (2.2.3, 2.2.6, 5.2.1).
#[test]
fn the_pab_goes_to_the_lowest_ranked_in_round_one() {
    let t = read(&dubov_file(7, 5, "white", &[]));
    let next = verify::pair_next(&t, None).unwrap();
    let byes: Vec<u32> = next.pairing.boards.iter().filter(|b| b.black.is_none()).map(|b| b.white).collect();
    assert_eq!(byes, vec![7]);
    let games: BTreeSet<(u32, u32)> =
        next.pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    assert_eq!(games, BTreeSet::from([(1, 4), (5, 2), (3, 6)]));
}

/// SPEC: `FIDE_DUBOV` without a year, and free text in 092 that names Dubov, resolve by the
/// tournament's date (042): the 1997 rules before 1 Jan 2019, the 2018 text until 30 Jun 2025,
/// C.04.4.1 (2025, and its re-issue) from 1 Jul 2025; the reason says which date decided. `check`
/// reports the system and the reason.
#[test]
fn dubov_declarations_resolve_by_the_date() {
    let base = dubov_file(4, 3, "white", &[]);
    let with = |code: Option<&str>, kind: &str, date: &str| {
        let mut text = base.replace("042 2025/09/01", &format!("042 {date}"));
        text = text.replace("092 Individual: Swiss-System", &format!("092 {kind}"));
        text = match code {
            Some(code) => text.replace("192 FIDE_DUBOV_2025", &format!("192 {code}")),
            None => text.replace("192 FIDE_DUBOV_2025\n", ""),
        };
        trfcheck::systems::resolve(&read(&text), None).unwrap()
    };
    let r = with(Some("FIDE_DUBOV"), "Individual: Swiss-System", "2025/07/01");
    assert_eq!(r.system, SystemId::Dubov2025);
    assert!(r.reason.contains("2025/07/01"), "{}", r.reason);
    let r = with(Some("FIDE_DUBOV"), "Individual: Swiss-System", "2025/06/30");
    assert_eq!(r.system, SystemId::Dubov2018);
    assert!(r.reason.contains("2025/06/30"), "{}", r.reason);
    let r = with(Some("FIDE_DUBOV"), "Individual: Swiss-System", "2019/01/01");
    assert_eq!(r.system, SystemId::Dubov2018);
    let r = with(Some("FIDE_DUBOV"), "Individual: Swiss-System", "2018/12/31");
    assert_eq!(r.system, SystemId::Dubov1997);
    let r = with(None, "Individual FIDE Dubov", "2026/01/15");
    assert_eq!((r.system, r.source.as_str()), (SystemId::Dubov2025, "092 record"));
    let r = with(None, "Individual FIDE Dubov", "2024/01/15");
    assert_eq!(r.system, SystemId::Dubov2018);
    // A year in the code wins over the date.
    let r = with(Some("FIDE_DUBOV_2025"), "Individual: Swiss-System", "2024/01/15");
    assert_eq!(r.system, SystemId::Dubov2025);
    // The 2026 re-issue pairs as the 2025 text (docs/dubov.md): its code and id name `dubov-2025`.
    let r = with(Some("FIDE_DUBOV_2026"), "Individual: Swiss-System", "2026/03/01");
    assert_eq!(r.system, SystemId::Dubov2025);
    let parsed = <SystemId as clap::ValueEnum>::from_str("dubov-2026", false).unwrap();
    assert_eq!(parsed, SystemId::Dubov2025);
    let r = with(Some("FIDE_DUBOV_2018"), "Individual: Swiss-System", "2026/03/01");
    assert_eq!(r.system, SystemId::Dubov2018);
}

/// `check` on a record that does worse than the rules names the first criterion, with its players
/// and boards. The round of `round_two_shifts_from_the_middle_and_sorts_s1_by_aro`, recorded as
/// 2–1, 4–7 (the record moved 4, the lowest ARO, instead of 2): two White seekers still meet, so
/// [C7] ties and the shifters (2.2.4, in the order of 4.3) decide. A record that gives 1 the
/// opponent it met in round 1 is refused on [C1].
#[test]
fn check_explains_a_differing_dubov_round() {
    let round_one: &[(u32, u32, char)] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '0'), (8, 4, '0')];
    let recorded: &[(u32, u32, char)] = &[(2, 1, '='), (4, 7, '='), (6, 3, '='), (5, 8, '=')];
    let t = read(&dubov_file(8, 5, "white", &[round_one, recorded]));
    let round = verify::round::check_round(&t, 2, &Dubov2025, None);
    let explanation = round.explanation.as_deref().expect("an explanation");
    assert!(explanation.contains("2.2.4"), "{explanation}");
    assert!(round.details.iter().any(|d| d.contains("4.3")), "{:?}", round.details);
    assert!(explanation.contains("board"), "{explanation}");
    assert!(!round.engine_bug);
    let recorded: &[(u32, u32, char)] = &[(1, 5, '='), (2, 7, '='), (6, 3, '='), (4, 8, '=')];
    let t = read(&dubov_file(8, 5, "white", &[round_one, recorded]));
    let round = verify::round::check_round(&t, 2, &Dubov2025, None);
    assert_eq!(round.criterion.as_deref(), Some("C1"), "{:?}", round.explanation);
    assert!(round.explanation.as_deref().is_some_and(|e| e.contains('1') && e.contains('5')));
}

/// `generate` → `check` for dubov-2025: tournaments of 4–40 players written as TRF, read back
/// without a diagnostic, resolved to dubov-2025 from the file alone (its `192`), and every round
/// matches.
#[test]
fn generated_dubov_tournaments_check_clean() {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use proptest::test_runner::{Config, TestRunner};
    use trfcheck::generate::GenerateOptions;

    use crate::support::check_generated;
    let checked = AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config { cases: 120, failure_persistence: None, ..Config::default() });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("generated.trf");
    runner
        .run(&(4u32..=40, 2u32..=9, any::<u64>(), 0u32..3), |(players, rounds, seed, flavour)| {
            let mut options = GenerateOptions::new(SystemId::Dubov2025, players, rounds, seed);
            if flavour == 0 {
                options.forfeit_rate = 0.1;
                options.bye_rate = 0.1;
                options.withdraw_rate = 0.03;
            }
            let Some(report) = check_generated(&options, &path)? else { return Ok(()) };
            prop_assert_eq!(report.system().map(|s| s.id()), Some("dubov-2025"));
            checked.fetch_add(report.rounds.len(), Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    let checked = checked.into_inner();
    eprintln!("dubov-2025 generate → check: {checked} rounds checked clean");
    assert!(checked > 300, "{checked}");
}

/// The files CPPDubovSystem (pierotofy) paired, in the shared corpus, resolved from the files alone
/// (`092 Individual FIDE Dubov`, no date: the rules in force now). The verdicts per round, each
/// differing one derived by hand (README, "Other programs"):
/// - `parsing_test` round 3: residents 9 and 19 met in round 1, so two upfloaters are needed; {2, 3}
///   gives three White seekers and one Black (one player without their colour), {2, 8} two and two,
///   paired 9–8, 2–19 without a failure: [C7]. Round 5: one upfloater into {5, 9, 18}; 11 and 13
///   both give a bracket without a failure, but 11 upfloated in round 4 (0 points against 19's
///   0.5): [C10].
/// - `baku_test` (Baku acceleration, 5 rounds: 3 accelerated, the full virtual point in rounds 1
///   and 2, C.04.7 1.4): round 1 pairs inside the accelerated group 1–3, 4–2, … where 2.2.3 and
///   2.2.6 give the first half against the second (1–6, 7–2, 3–8, 9–4, 5–10): the transposition
///   decides. Round 2 upfloats four players into the 2-point group, which pairs by itself: [C5].
///   Rounds 3 and 4: a pair with the same colour preference where none is needed: [C7].
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn cppdubovsystem_files_get_a_verdict_per_round() {
    use trfcheck::report::RoundStatus;
    let dir = crate::corpus::shared().join("corpus/real");
    let expected: [(&str, [Option<&str>; 5]); 5] = [
        ("test", [None; 5]),
        ("test2", [None; 5]),
        ("random1", [None; 5]),
        ("parsing_test", [None, None, Some("C7"), None, Some("C10")]),
        ("baku_test", [Some("art. 2.2.4–2.2.6"), Some("C5"), Some("C7"), Some("C7"), None]),
    ];
    for (name, rounds) in expected {
        let path = dir.join(format!("pierotofy__CPPDubovSystem__{name}.trf"));
        let (_, report) = verify::check_path(&path, &verify::CheckOptions::default());
        assert_eq!(report.system().map(|s| s.id()), Some("dubov-2025"), "{name}");
        assert_eq!(report.resolved.as_ref().map(|r| r.source.as_str()), Some("092 record"), "{name}");
        let found: Vec<Option<&str>> = report
            .rounds
            .iter()
            .map(|r| match r.status {
                RoundStatus::Match => None,
                _ => Some(r.criterion.as_deref().unwrap_or("?")),
            })
            .collect();
        assert_eq!(found, rounds.to_vec(), "{name}: {:?}", report.rounds);
        assert!(report.rounds.iter().all(|r| !r.engine_bug), "{name}");
    }
}

/// Larger fields, fewer cases: up to 16 players (the literal reference lists every transposition
/// of G2, 8! of them for a bracket of 16; 20 players would need gigabytes).
#[test]
fn fast_engine_agrees_with_the_literal_reference_on_larger_fields() {
    let compared = agree_on(SystemId::Dubov2025, 14..=16, 3..=7, 40);
    eprintln!("dubov-2025 fast vs literal: {compared} rounds of 14–16 players compared");
    assert!(compared > 150, "{compared}");
}

/// 2.2.4.1, derived by hand: players that must be paired inside a subgroup. Round 1 (White drawn):
/// 1–5 1-0, 6–2 0-1, 3–7 1-0, 8–4 0-1; 2 may meet neither 1 nor 3 (`XXP`). Score 1: 2 and 4 (played
/// Black: White seekers), 1 and 3 (Black seekers); no upfloaters needed. G1 = {2, 4}, G2 = {1, 3},
/// equal sizes, so G1 is looked at: 2 can only meet 4, one pair inside G1 is unavoidable, and one
/// White seeker moves to G2. 4.3.2: by ascending ARO 4 (met 8, 1900), 2 (met 6, 2100); 4.3.3: of the
/// two in the middle the higher, 4. Then 2.2.4.2 moves one Black seeker of G2 ({1, 3} by ranking;
/// #1 is 1) to G1: G1 = {2, 1}, G2 = {3, 4}. S1 by ARO: 2 (2100), 1 (met 5, 2200); T2 = 3 4 fails
/// (2–3 is barred), 4 3 gives 2–4, 1–3. Colours: 2–4 both want White as strongly, no round with
/// different colours (5.2.4), so the higher ranked, 2, gets it (5.2.5); 1–3 both want Black: 1
/// gets it, 3 White. Score 0: G1 = {5, 7} (played Black), G2 = {6, 8}; S1 by ARO 7 (met 3, 2400),
/// 5 (met 1, 2600); T2 = 6 8: 7–6, 5–8, preferences granted.
#[test]
fn unavoidable_pairs_inside_a_subgroup_shift_players() {
    let round_one: &[(u32, u32, char)] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')];
    let text = dubov_file(8, 5, "white", &[round_one]).replace("XXC white1\n", "XXC white1\nXXP 1 2\nXXP 2 3\n");
    let (_, games) = next_round(&text);
    assert_eq!(games, BTreeSet::from([(2, 4), (3, 1), (7, 6), (5, 8)]));
}

// ---------------------------------------------------------------------------------------------
// The re-issue in force from 1 February 2026 (C.04.4.1 approved 28/10/2025, `rules/dubov-2026.md`)
// words the order of the upfloater sets differently (4.1.3, 4.2.3). These tests show that it
// chooses the same set (docs/dubov.md, "The 2026 re-issue", argument A).

/// 4.1.3 of the 2026 text: "the sets are sorted according to the smallest differing sequence
/// number of their members": of two sets, the one that holds the smallest number found in only one
/// of them comes first.
fn smallest_differing_first(a: &[usize], b: &[usize]) -> std::cmp::Ordering {
    let only_in_a = a.iter().filter(|x| !b.contains(x));
    let only_in_b = b.iter().filter(|x| !a.contains(x));
    match only_in_a.chain(only_in_b).min() {
        None => std::cmp::Ordering::Equal,
        Some(x) if a.contains(x) => std::cmp::Ordering::Less,
        Some(_) => std::cmp::Ordering::Greater,
    }
}

/// The example of 4.1.3, the same in both texts: with K = 2, {#1,#2} precedes {#1,#3}, and
/// {#1,#P} precedes {#2,#3}. For sets of one size, the 2026 order is the lexicographic order of
/// the 2025 text: every pair of K-sets of up to 7 numbers compares the same way under both.
#[test]
fn the_2026_set_order_of_4_1_3_is_the_2025_lexicographic_order() {
    let p = 6;
    assert_eq!(smallest_differing_first(&[0, 1], &[0, 2]), std::cmp::Ordering::Less);
    assert_eq!(smallest_differing_first(&[0, p - 1], &[1, 2]), std::cmp::Ordering::Less);
    for pool in 1..=7 {
        for k in 1..=pool {
            let sets = combinations(pool, k);
            for (i, a) in sets.iter().enumerate() {
                for (j, b) in sets.iter().enumerate() {
                    assert_eq!(smallest_differing_first(a, b), i.cmp(&j), "{a:?} {b:?}");
                }
            }
        }
    }
}

/// 2.2.2 (2025) and 3.2.2 (2026) both take the first set, in the order of 4.2, among those whose
/// bracket complies at best with [C1]–[C10]. The 2025 text sorts containers along [C6] and the
/// sets of a container lexicographically (4.2.3). The 2026 text lets [C5] and [C6] fix the number
/// and the scores of the valid sets (4.2.3) and sorts them by the smallest differing sequence
/// number (4.1.3). Random pools: scores highest first, as 4.2.2 numbers them in both texts. Every
/// set gets a random legality and a random quality for [C7]–[C10]. Both texts choose the same set.
/// So does the 2025 order with its containers in the numbering of the 4.2.3.1 example (the order in
/// which their first sets appear), because [C6] decides before the order of the containers can.
#[test]
fn the_2026_upfloater_order_chooses_the_2025_set() {
    let mut seed: u64 = 2026;
    let mut next = |bound: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % bound
    };
    let levels = [30, 25, 20, 15];
    let mut decided = 0;
    for _ in 0..3000 {
        let pool = 1 + next(7) as usize;
        let k = 1 + next(pool as u64) as usize;
        let mut scores: Vec<Points> = (0..pool).map(|_| Points::from_tenths(levels[next(4) as usize])).collect();
        scores.sort_by(|a, b| b.cmp(a));
        let sets = combinations(pool, k);
        // None: the set gives no legal pairing ([C1], [C3], [C4]); else the bracket's quality on
        // [C7]–[C10], smaller is better.
        let quality: Vec<Option<u64>> = sets.iter().map(|_| if next(10) < 3 { None } else { Some(next(3)) }).collect();
        let quality_of = |set: &Vec<usize>| quality[sets.iter().position(|s| s == set).unwrap()];
        let c6 = |set: &Vec<usize>| std::cmp::Reverse(c6_key(set.iter().map(|&i| scores[i]).collect()));

        // 2025: containers along [C6], the sets of a container lexicographically; the first of the
        // best (reference.rs keeps the first on ties).
        let mut chosen_2025: Option<(usize, u64, Vec<usize>)> = None;
        for (container, sets) in upfloater_sets(&scores, k).into_iter().enumerate() {
            for set in sets {
                let Some(q) = quality_of(&set) else { continue };
                if chosen_2025.as_ref().is_none_or(|b| (container, q) < (b.0, b.1)) {
                    chosen_2025 = Some((container, q, set));
                }
            }
        }

        // 2026: the valid sets are the legal ones with the best [C6] (the number K is fixed, [C5]);
        // sorted by the smallest differing sequence number; the first of those best on [C7]–[C10].
        let legal: Vec<&Vec<usize>> = sets.iter().filter(|s| quality_of(s).is_some()).collect();
        let best_c6 = legal.iter().map(|s| c6(s)).min();
        let mut valid: Vec<&Vec<usize>> = legal.iter().copied().filter(|s| Some(c6(s)) == best_c6).collect();
        valid.sort_by(|a, b| smallest_differing_first(a, b));
        let best_quality = valid.iter().filter_map(|s| quality_of(s)).min();
        let chosen_2026 = valid.iter().copied().find(|s| quality_of(s) == best_quality);

        // 2025 with the containers in the example's numbering: the order in which each container's
        // first set appears lexicographically; then the first set that complies at best with [C6]
        // and [C7]–[C10].
        let mut by_appearance: Vec<Vec<usize>> = Vec::new();
        let mut seen = Vec::new();
        for set in &sets {
            let key = c6(set);
            if !seen.contains(&key) {
                seen.push(key.clone());
                by_appearance.extend(sets.iter().filter(|s| c6(s) == key).cloned());
            }
        }
        let chosen_numbered =
            by_appearance.iter().filter(|s| quality_of(s).is_some()).min_by_key(|s| (c6(s), quality_of(s))).cloned();

        let chosen_2025 = chosen_2025.map(|(_, _, set)| set);
        assert_eq!(chosen_2025.as_ref(), chosen_2026, "scores {scores:?}, k {k}, quality {quality:?}");
        assert_eq!(chosen_2025, chosen_numbered, "scores {scores:?}, k {k}, quality {quality:?}");
        decided += usize::from(chosen_2025.is_some());
    }
    assert!(decided > 2000, "{decided}");
}

/// Four players, the 2018 text's [C2] against the 2025 text's, derived by hand. Round 1: 4 takes a
/// requested full-point bye (`F`), 3 the PAB, 1–2 1-0. Round 2: 4–1 0-1, 2–3 0-1. Round 3: 2 is
/// absent, so 1 (2 points, W then B), 3 (2 points, PAB then B) and 4 (1 point, F then W) are paired
/// and one of them gets the PAB (1.4).
/// - 2025, [C2] (C.04.1 art. 4): 3 had the PAB and 4 a win's points without playing, so only 1 may
///   have it (2.1.1); 3–4 never met (2.1.2). 3 (colour difference −1) and 4 (+1) both get their
///   strong preference (5.2.2): 3–4.
/// - 2018, C.2 (C.04.1.d): only a PAB or a forfeit win bars, so 1 and 4 may have it; 4 has the
///   lower score (2.1.3), and 1–3 never met: 4 gets the PAB. 3's strong preference for White
///   beats 1's mild one (difference 0, last Black; 5.2.3): 3–1.
#[test]
fn the_2018_text_lets_a_requested_full_point_bye_have_the_pab() {
    // Each player's round 3 as (points after it, its cell).
    let file = |code: &str, round_three: [(&str, &str); 4]| {
        let rows = [
            ("1", 2600, "0002 w 1  0004 b 1"),
            ("2", 2500, "0001 b 0  0003 w 0"),
            ("3", 2400, "0000 - U  0002 b 1"),
            ("4", 2300, "0000 - F  0001 w 0"),
        ];
        let mut text = format!("012 Dubov editions\n042 2025/09/01\n192 {code}\nXXR 5\nXXC white1\n");
        for ((id, rating, cells), (points, third)) in rows.into_iter().zip(round_three) {
            let name = format!("Player {id:0>3}");
            text += &format!(
                "001 {id:>4} m    {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {:>4}  {cells}  {third}\n",
                "", "", "", ""
            );
        }
        text
    };
    let unpaired = [("2.0", ""), ("0.0", "0000 - Z"), ("2.0", ""), ("1.0", "")];
    let next = |code: &str| {
        let t = read(&file(code, unpaired));
        let next = verify::pair_next(&t, None).unwrap();
        let byes: Vec<u32> = next.pairing.boards.iter().filter(|b| b.black.is_none()).map(|b| b.white).collect();
        let games: Vec<(u32, u32)> =
            next.pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
        // The literal reference of the same text pairs the round alike.
        let literal: &dyn Engine = match next.resolved.system {
            SystemId::Dubov2018 => &trfcheck::systems::dubov::Dubov2018Literal,
            _ => &Dubov2025Literal,
        };
        let state = RoundState::build(&t, 3, Participation::NextRound);
        assert_eq!(literal.pair(&state).unwrap().boards, next.pairing.boards, "{code}");
        (next.resolved.system, byes, games)
    };
    assert_eq!(next("FIDE_DUBOV_2025"), (SystemId::Dubov2025, vec![1], vec![(3, 4)]));
    assert_eq!(next("FIDE_DUBOV_2018"), (SystemId::Dubov2018, vec![4], vec![(3, 1)]));

    // Round 3 recorded as the 2018 text pairs it: a match under that text, and under the 2025
    // text a PAB given against [C2].
    let recorded = [("2.5", "0003 b ="), ("0.0", "0000 - Z"), ("2.5", "0001 w ="), ("2.0", "0000 - U")];
    let t = read(&file("FIDE_DUBOV_2018", recorded));
    let round = verify::round::check_round(&t, 3, &trfcheck::systems::dubov::Dubov2018, None);
    assert_eq!(round.status, trfcheck::report::RoundStatus::Match, "{:?}", round.explanation);
    let round = verify::round::check_round(&t, 3, &Dubov2025, None);
    assert_eq!(round.criterion.as_deref(), Some("C2"), "{:?}", round.explanation);
    let explanation = round.explanation.unwrap_or_default();
    assert!(explanation.contains("a win without playing") && explanation.contains('4'), "{explanation}");
}
