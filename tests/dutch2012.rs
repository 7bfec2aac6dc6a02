//! Dutch 2012: the fast engine against the literal reference on thousands of small tournaments,
//! Held's worked example from the FIDE Arbiters' Manual 2014, rounds derived by hand (each with
//! its derivation), the JavaPairing corpus with every difference classified, and the real files.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use trfcheck::formats::{self, ReadOptions};
use trfcheck::generate::{self, GenerateError, GenerateOptions, RatingRange};
use trfcheck::model::Tournament;
use trfcheck::report::RoundStatus;
use trfcheck::state::{Participation, RoundState};
use trfcheck::systems::SystemId;
use trfcheck::systems::dutch2012::procedure::{self, Event};
use trfcheck::systems::dutch2012::step::{self, Shape};
use trfcheck::systems::dutch2012::{self, LiteralError, round::Round};
use trfcheck::systems::pairing::Board;
use trfcheck::verify::{self, CheckOptions};

use crate::corpus::{files, shared};

/// Rounds on which the fast engine and the literal reference were compared.
static ROUNDS_COMPARED: AtomicU64 = AtomicU64::new(0);

/// How often each path of the procedure was taken in the rounds compared: the comparison is only
/// as good as the paths it covers.
static PATHS: [AtomicU64; 11] = [const { AtomicU64::new(0) }; 11];
const PATH_NAMES: [&str; 11] = [
    "C.1 moved a player down",
    "C.12 backtracked",
    "C.13 paired the penultimate bracket again",
    "C.13 joined the two lowest brackets",
    "heterogeneous bracket",
    "fewer moved-down players paired first (C.14.b2, D.3)",
    "bracket treated as homogeneous with moved-down players (A.3)",
    "exchange between S1 and S2 (D.2)",
    "fewer pairs (C.14)",
    "a requirement relaxed (C.10)",
    "lowest bracket with several scores (D.4)",
];

fn count_paths(state: &RoundState) {
    let Ok((round, outcome)) = dutch2012::trace(state) else { return };
    let bump = |k: usize| {
        PATHS[k].fetch_add(1, Ordering::Relaxed);
    };
    for event in &outcome.events {
        bump(match event {
            Event::Backtracked { .. } => 1,
            Event::Penultimate { .. } => 2,
            Event::Merged { .. } => 3,
        });
    }
    for bracket in &outcome.brackets {
        let s = &bracket.step;
        if !bracket.moved.is_empty() {
            bump(0);
        }
        match s.shape {
            Shape::Heterogeneous { m1, .. } => {
                bump(4);
                if m1 < s.mdps.len() {
                    bump(5);
                }
            }
            Shape::Homogeneous { pairs } => {
                if !s.mdps.is_empty() {
                    bump(6);
                }
                if bracket.candidate.pairs.iter().any(|(a, _)| !s.players[..pairs].contains(a)) {
                    bump(7);
                }
            }
        }
        if s.pairs() < s.players.len() / 2 {
            bump(8);
        }
        let c = step::counts(&round, s, &bracket.candidate);
        let (x1, z1) = step::x1_z1(&round, &s.players, s.pairs());
        if c[step::B2] + c[step::A7D] + c[step::DOWN_B5..].iter().sum::<u64>() > 0 || c[step::X] > x1 || c[step::Z] > z1
        {
            bump(9);
        }
        if s.lowest && s.players.first().map(|&p| round.score(p)) != s.players.last().map(|&p| round.score(p)) {
            bump(10);
        }
    }
}

/// Small events (every bracket within the literal reference's reach), paired by the 2012 engine
/// itself or by the 2025 one (other histories: other floats and colour runs), with byes, forfeits,
/// withdrawals and absences from the first rounds (late entries), ratings wide or all but equal.
fn small_options() -> impl Strategy<Value = GenerateOptions> {
    let system = prop_oneof![3 => Just(SystemId::Dutch2012), 1 => Just(SystemId::Dutch2025)];
    let ratings = prop_oneof![
        Just(RatingRange { lowest: 1200, highest: 2700 }),
        Just(RatingRange { lowest: 1500, highest: 1504 })
    ];
    let size = (3u32..=12).prop_flat_map(|players| (Just(players), 1u32..=(players.min(9))));
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

/// Every round of `t`: the fast engine and the literal reference give the same pairing; when there
/// is none, no pairing of the round's players meets the absolute criteria at all.
fn engines_agree(t: &Tournament, rounds: u32) -> Result<(), TestCaseError> {
    for number in 1..=rounds {
        let state = RoundState::build(t, number, Participation::Recorded);
        if state.players.is_empty() {
            continue;
        }
        let fast = dutch2012::pair(&state);
        let literal = dutch2012::pair_literal(&state);
        match (&fast, &literal) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "round {}", number),
            (Err(_), Err(LiteralError::NoValidPairing)) => {
                let round = Round::new(&state);
                let everybody: Vec<usize> = (0..round.len()).collect();
                prop_assert!(
                    !procedure::lowest_can_be_paired(&round, &everybody),
                    "round {}: a pairing exists",
                    number
                );
            }
            _ => prop_assert!(false, "round {number}: fast {fast:?}, literal {literal:?}"),
        }
        ROUNDS_COMPARED.fetch_add(1, Ordering::Relaxed);
        count_paths(&state);
    }
    Ok(())
}

/// Two implementations, one verdict: on every round of thousands of small tournaments the fast
/// engine pairs exactly as the literal reference, which walks the stages of C.3–C.10 over the
/// candidates of D.1–D.3 in the text's order.
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
    println!("Dutch 2012: the fast engine and the literal reference agree on {compared} rounds");
    for (name, count) in PATH_NAMES.iter().zip(&PATHS) {
        let count = count.load(Ordering::Relaxed);
        println!("  {name}: {count}");
        assert!(count > 0, "no round took the path `{name}`");
    }
    assert!(compared >= 10_000, "only {compared} rounds compared");
}

/// Held's 14-player example ("Mastering the Dutch", FIDE Arbiters' Manual 2014), worked by hand
/// under the 2012 rules: all five rounds (round 5's results are placeholders; its pairing is the
/// example's).
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn held_worked_example_all_five_rounds() {
    let shared = shared();
    let folder = shared.join("corpus/dutch-2012-worked");
    let expected = std::fs::read_to_string(folder.join("held2014.expected")).unwrap();
    let path = folder.join("held2014_placeholder_r5.trf");
    let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
    let t = loaded.tournament.unwrap();
    for line in expected.lines() {
        let (round, boards) = line.split_once(':').unwrap();
        let round: u32 = round.trim_start_matches("round ").parse().unwrap();
        let mut want: Vec<[u32; 2]> = boards
            .split_whitespace()
            .map(|b| {
                let (w, bl) = b.split_once('-').unwrap();
                [w.parse().unwrap(), bl.parse().unwrap()]
            })
            .collect();
        want.sort_unstable();
        let state = RoundState::build(&t, round, Participation::Recorded);
        let mut got: Vec<[u32; 2]> = dutch2012::pair(&state).unwrap().boards.iter().map(|b| b.as_pair()).collect();
        got.sort_unstable();
        assert_eq!(got, want, "round {round}");
    }
    let (_, report) = verify::check_path(&path, &CheckOptions::default());
    assert_eq!(report.system().map(|s| s.id()), Some("dutch-2012"));
    assert_eq!(report.summary.rounds_checked, 5);
    assert!(report.summary.mismatched_rounds.is_empty(), "{:?}", report.rounds);
}

/// The rounds of the JavaPairing corpus where trfcheck's pairing differs from JavaPairing 2.9's,
/// each classified by hand (docs/dutch-2012.md, "JavaPairing corpus"): file stem, round, and the
/// criterion trfcheck's explanation names.
const JAVAPAIRING_DIFFERENCES: [(&str, u32, &str); 4] = [
    // JavaPairing's deviation. In the 4-point bracket (A.3: 4, 12, 16 moved down by C.1, with 1,
    // 3, 14) the rules move on 4 and 16, who downfloat this round whichever pairing (A.4), and
    // pair 14 with 3 (equal scores); the record moves 14 down, a downfloat as in round 6 (B.6;
    // C.10.c keeps B.6 for downfloaters before B.5/B.6 for upfloaters are dropped). Its choice
    // fits counting every moved-down player moved on as a B.6 violation.
    ("dutch-2012-jp-s2-p20-r9", 8, "B.6"),
    // JavaPairing's deviation: it weighs squared score differences (its "B3 mode") in brackets
    // other than the lowest; D.4 is for the lowest bracket after C.13. In the 5-point bracket
    // (treated as homogeneous, A.3) the rules fulfil every colour preference (X = 0); the record
    // pairs 27 and 3, both due white.
    ("dutch-2012-jp-s1-p30-r9", 9, "B.4"),
    // A reading: in the lowest bracket, merged by C.13 and treated as homogeneous (A.3), C.3
    // sets no requirement for upfloaters (C.3.g/h are for heterogeneous brackets) and D.4's
    // B3-factor ties, so D.1/D.2 decide (1–13 needs no exchange); JavaPairing weighs 13's second
    // upfloat in a row and exchanges.
    ("dutch-2012-jp-s3-p14-r7", 7, "D.2"),
    // JavaPairing's deviation: it pairs a lowest bracket that C.13 joined with the penultimate one
    // as one homogeneous bracket (its "B3 mode"), where the text treats it "as a heterogeneous
    // score bracket with the latest added score bracket as S1". Here 7 and 18 (moved down) and 12
    // (the latest added) are three of eight, so they are paired first, with residents (C.6); the
    // record pairs 18 with 12.
    ("dutch-2012-jp-s2-p24-r9", 9, "C.6"),
];

/// The 34 tournaments JavaPairing 2.9 paired round by round: every round agrees with it, but for
/// the rounds classified above, which differ as said and nowhere else.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn javapairing_corpus_agrees_but_for_the_classified_rounds() {
    let shared = shared();
    let paths = files(&shared.join("conformance/dutch-2012"), &["trf"]);
    assert_eq!(paths.len(), 34);
    let known: BTreeMap<(String, u32), &str> =
        JAVAPAIRING_DIFFERENCES.iter().map(|&(stem, round, criterion)| ((stem.to_owned(), round), criterion)).collect();
    let (mut rounds, mut agree) = (0, 0);
    for path in &paths {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let (_, report) = verify::check_path(path, &CheckOptions::default());
        assert_eq!(report.system().map(|s| s.id()), Some("dutch-2012"), "{stem}");
        for round in &report.rounds {
            rounds += 1;
            match known.get(&(stem.clone(), round.round)) {
                None => {
                    assert_eq!(
                        round.status,
                        RoundStatus::Match,
                        "{stem} round {}: {:?}",
                        round.round,
                        round.explanation
                    );
                    agree += 1;
                }
                Some(criterion) => {
                    assert_eq!(round.status, RoundStatus::Mismatch, "{stem} round {}", round.round);
                    assert_eq!(
                        round.criterion.as_deref(),
                        Some(*criterion),
                        "{stem} round {}: {:?}",
                        round.round,
                        round.explanation
                    );
                    assert!(!round.engine_bug, "{stem} round {}", round.round);
                }
            }
        }
    }
    println!("Dutch 2012: {agree} of {rounds} rounds of the JavaPairing corpus agree; the rest are classified");
    assert_eq!(rounds - agree, JAVAPAIRING_DIFFERENCES.len());
}

/// Round 8 of `dutch-2012-jp-s101-p33-r9`, worked by hand from the text (docs/dutch-2012.md,
/// reading 8). Before the round 7 and 23 have 2 points, 3 has 1.5 and 18 has 1 (no forfeits; 28
/// is absent, so no bye); every bracket above pairs all its players. 7 and 23 met in round 1, so
/// C.1 moves both down. The 1.5-point bracket {7, 23, 3} is treated as homogeneous (A.3: two of
/// three came from above): S1 = {7}, S2 = {23, 3}. C.6's 7–23 breaks B.1a; D.1's next
/// transposition, 7–3, moves 23 down to 18. Two rounds before, in round 6, 23 downfloated (2
/// points against 25's 1.5) and 7 did not (1.5 against 4's 1.5), so B.6 would favour moving 7 on
/// if moving on were a float. It is not: whichever of 7 and 23 meets 3, both play a lower score in
/// round 8 and both receive a downfloat (A.4), so 23 has "an identical float as two rounds
/// before" (B.6) under either pairing. B.5 (round 7: 7 upfloated, 23 none) and the upfloats of 3
/// and 18 are the same too (18's PAB, a downfloat by B.1b, was in round 5). The requirements of C.3 do not tell the
/// two apart, so D.1's order does: 7–3, then 23–18. Colours (E): 3 (colour difference 0, last
/// black) has a mild preference for white, 7 (+1) a strong one for black, so 3 has white (E.1);
/// 18 (0, last white) mildly wants black, 23 (+1) strongly, so 23 has black (E.2).
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_moved_down_player_moved_on_takes_no_second_downfloat() {
    let shared = shared();
    let path = shared.join("conformance/dutch-2012/dutch-2012-jp-s101-p33-r9.trf");
    let t = formats::read_path(&path, ReadOptions::default()).unwrap().tournament.unwrap();
    let state = RoundState::build(&t, 8, Participation::Recorded);
    let bottom = |boards: &[Board]| -> Vec<[u32; 2]> {
        let mut got: Vec<[u32; 2]> =
            boards.iter().filter(|b| [3, 7, 18, 23].iter().any(|&p| b.has(p))).map(|b| b.as_pair()).collect();
        got.sort_unstable();
        got
    };
    assert_eq!(bottom(&dutch2012::pair(&state).unwrap().boards), [[3, 7], [18, 23]], "fast engine");
    assert_eq!(bottom(&dutch2012::pair_literal(&state).unwrap().boards), [[3, 7], [18, 23]], "literal reference");
    let (_, report) = verify::check_path(&path, &CheckOptions::default());
    let round = report.rounds.iter().find(|r| r.round == 8).unwrap();
    assert_eq!(round.status, RoundStatus::Match, "{:?}", round.explanation);
}

/// Every real file that resolves to dutch-2012, with the rounds that differ. Each differing round
/// was classified (docs/dutch-2012.md, "The real files"): in the JavaPairing events and the ICU
/// files JavaPairing 2.9, the engine endorsed for these rules, pairs every differing round after
/// the first as trfcheck does, so the record is an older program's or rules' pairing, or a hand
/// change (the events before July 2013 were paired under the rules before Istanbul); the first
/// rounds that differ were not paired top half against bottom half in the file's numbering; the
/// CompetiChess file carries accelerations (XXA) its recorded rounds were not paired with; the
/// Gros open (JaVaFo's sample) was paired by another program, whose rounds 2 and 4 none of the
/// three Dutch versions gives.
const REAL_FILES: [(&str, u32, &[u32]); 28] = [
    ("yoyold__JavaPairing__8.i_CII_PN_2011.trf", 6, &[1, 2, 4]),
    ("yoyold__JavaPairing__CIG16_Cordenons_2011.trf", 5, &[1, 2]),
    ("yoyold__JavaPairing__CIG16_Cordenons_2012.trf", 5, &[5]),
    ("yoyold__JavaPairing__Citt__di_Cordenons_2012.trf", 7, &[]),
    ("yoyold__JavaPairing__Citt__di_Cordenons_2013.trf", 9, &[1]),
    ("yoyold__JavaPairing__Spilimbergo_U16_2013.trf", 5, &[]),
    ("yoyold__JavaPairing__TorneoNatalizio2010.trf", 7, &[6]),
    ("yoyold__JavaPairing__XI_torneo_natalizio_2013_semilampo.trf", 7, &[1, 2, 3, 4, 5]),
    ("yoyold__JavaPairing__X_San_Gregorio_PN.trf", 6, &[1]),
    ("yoyold__JavaPairing__X__TROFEO_SCAPOLAN.trf", 7, &[1]),
    ("yoyold__JavaPairing__X__torneo_San_Gregorio.trf", 7, &[1, 6]),
    ("yoyold__JavaPairing__festa_in_piassa_2011.trf", 6, &[1]),
    ("yoyold__JavaPairing__festa_in_piassa_2012.trf", 7, &[]),
    ("yoyold__JavaPairing__festa_in_piassa_2013.trf", 6, &[]),
    ("yoyold__JavaPairing__natalizio_2011.trf", 6, &[]),
    ("yoyold__JavaPairing__natalizio_2012.trf", 7, &[1, 2, 3, 4]),
    ("yoyold__JavaPairing__torneo_infinito_2010_-_semilampo_45_minuti.trf", 7, &[1, 2, 4, 6]),
    ("sanichi__icu_tournament__armstrong_2012_with_bom.tab", 1, &[]),
    ("sanichi__icu_tournament__bunratty_challengers_2011.tab", 6, &[1, 2, 3, 4, 5, 6]),
    ("sanichi__icu_tournament__bunratty_major_2011.tab", 6, &[1, 2, 3, 4, 5, 6]),
    ("sanichi__icu_tournament__bunratty_minor_2011.tab", 6, &[1, 2, 3, 4, 5, 6]),
    ("sanichi__icu_tournament__irish_intermediate_champs_2011.tab", 5, &[1, 2, 4, 5]),
    ("sanichi__icu_tournament__irish_junior_champs_2011.tab", 5, &[1, 2, 3, 4, 5]),
    ("sanichi__icu_tournament__latin-1.tab", 3, &[]),
    ("sanichi__icu_tournament__utf-8.tab", 3, &[]),
    ("sanichi__icu_tournament__valid.tab", 5, &[1, 2, 3]),
    ("GrzegorzKi__CompetiChess__testTrfFile.txt", 4, &[1, 2, 3, 4]),
    ("echecsjs__trf__javafo_sample2.trf", 4, &[2, 4]),
];

/// Every round of every real file that resolves to dutch-2012 gets a verdict, the differing ones
/// with an explanation that never says the record beats the rules; the JavaPairing events agree
/// with what JavaPairing 2.9 itself does (`JAVAPAIRING-REPAIR.tsv`) on every round but one, where
/// JavaPairing 2.9 deviates from the text and the record (an earlier version's) does not.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn real_files_get_a_verdict_for_every_round() {
    let shared = shared();
    let folder = shared.join("corpus/real");
    let repair = std::fs::read_to_string(folder.join("JAVAPAIRING-REPAIR.tsv")).unwrap();
    let mut javapairing_repairs: BTreeMap<(String, u32), bool> = BTreeMap::new();
    for line in repair.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        javapairing_repairs.insert((cells[0].to_owned(), cells[1].parse().unwrap()), cells[2] == "yes");
    }
    let mut resolving = 0;
    for path in files(&folder, &["trf", "tab", "txt"]) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (_, report) = verify::check_path(&path, &CheckOptions::default());
        if report.system().map(|s| s.id()) != Some("dutch-2012") {
            continue;
        }
        resolving += 1;
        let (_, rounds, differing) = REAL_FILES
            .iter()
            .find(|(file, ..)| *file == name)
            .unwrap_or_else(|| panic!("{name} resolves to dutch-2012 but is not in the table"));
        assert_eq!(report.summary.rounds_checked, *rounds, "{name}");
        assert_eq!(report.summary.mismatched_rounds, differing.to_vec(), "{name}");
        for round in &report.rounds {
            if round.status == RoundStatus::Mismatch {
                assert!(!round.engine_bug, "{name} round {}: {:?}", round.round, round.explanation);
                assert!(round.explanation.as_deref().is_some_and(|e| e.starts_with("Dutch 2012, ")), "{name}");
            }
            if let Some(&repaired) = javapairing_repairs.get(&(name.clone(), round.round)) {
                // Città di Cordenons 2012, round 7: JavaPairing 2.9 weighs squared score
                // differences in the 4.5-point bracket (not the lowest) and pairs 1–32 against
                // both colour preferences; the text keeps X = 0 and moves 1 down (C.10: the float
                // criteria are dropped before X is raised). The record, an earlier version's, is
                // the text's pairing.
                let exception = name.contains("Citt__di_Cordenons_2012") && round.round == 7;
                let agrees = (round.status == RoundStatus::Match) == repaired;
                assert!(agrees != exception, "{name} round {}: JavaPairing 2.9 re-pairs it: {repaired}", round.round);
            }
        }
        // Only two events started after 1 July 2013 (15 December and 29 August 2013); every other
        // one is said to be checked under the nearest rules trfcheck has.
        let after_istanbul = name.contains("XI_torneo_natalizio_2013") || name.contains("festa_in_piassa_2013");
        assert_eq!(
            report.resolved.as_ref().is_some_and(|r| r.caveat.is_none()),
            after_istanbul,
            "{name}: {:?}",
            report.resolved.as_ref().map(|r| &r.caveat)
        );
    }
    assert_eq!(resolving, REAL_FILES.len());
}

/// C.12 over a 25-player bracket: round 2 of a 50-player file with Baku acceleration. The best
/// candidates of the 2-point bracket (1–25) all move down 1, whom 26, alone in the 1-point
/// bracket, has met (B.1a), so the bracket is paired again for another set (C.12). The branch and
/// bound over D.1's transpositions then found nothing to offer, cut nothing and walked the
/// transpositions of 12 pairs (hours); the search by the set moved down takes a few dozen solves.
/// The pairing is not held to a hand-derived one: this is about finishing, with every player
/// paired, the backtracking taken and 1 not moved down again.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn backtracking_over_a_large_bracket_finishes() {
    let shared = shared();
    let path = shared.join("conformance/dutch-2017/clean/dutch-2017-s1026-p50-r7.trf");
    let mut bytes = b"ACC true\n".to_vec();
    bytes.extend(std::fs::read(&path).unwrap());
    let t = formats::read_bytes(&path, &bytes, ReadOptions::default()).tournament.unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    // On a thread, so that a search that does not finish fails the test instead of hanging it.
    std::thread::spawn(move || {
        let state = RoundState::build(&t, 2, Participation::Recorded);
        let round = Round::new(&state);
        let mut search = dutch2012::engine::Fast::new();
        let traced = procedure::run(&round, &mut search).map(|outcome| {
            let boards = dutch2012::to_pairing(&state, &round, &outcome).boards.len();
            let first_down: Vec<u32> =
                outcome.brackets[0].candidate.down.iter().map(|&p| round.players[p].id).collect();
            (outcome.events, first_down, boards)
        });
        let _ = send.send((traced, search.solves));
    });
    let (traced, solves) = receive.recv_timeout(std::time::Duration::from_secs(60)).expect("round 2 within a minute");
    let (events, first_down, boards) = traced.expect("round 2 has a pairing");
    println!("Dutch 2012 with Baku acceleration, round 2: {solves} solves");
    assert!(events.iter().any(|e| matches!(e, Event::Backtracked { .. })), "{events:?}");
    assert_eq!(first_down.len(), 1);
    assert_ne!(first_down, [1]);
    assert_eq!(boards, 25);
    assert!(solves < 10_000, "{solves} solves");
}
