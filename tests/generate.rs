//! `trfcheck generate`: a generated tournament is a valid TRF-2026 file that reads back as it was
//! made, every round of it checks clean (our engine paired it), a changed round is caught, and a
//! seed is always the same tournament.

use std::path::Path;

use predicates::prelude::*;

use crate::support::{sample, trfcheck};
use proptest::prelude::*;
use trfcheck::exit::Status;
use trfcheck::formats::{self, ReadOptions};
use trfcheck::generate::{self, GenerateError, GenerateOptions, Scoring};
use trfcheck::model::{Colour, EntryKind, PlayerId, ResultCode, RoundEntry, Tournament};
use trfcheck::report::{CheckReport, RoundStatus};
use trfcheck::systems::SystemId;
use trfcheck::verify::{self, CheckOptions};

fn text_of(t: &Tournament) -> String {
    let (text, warnings) = formats::trf::write(t);
    assert!(warnings.is_empty(), "{warnings:?}");
    text
}

/// Writes the tournament to a file and checks it as `trfcheck check` does.
fn check(t: &Tournament) -> CheckReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("generated.trf");
    std::fs::write(&path, text_of(t)).unwrap();
    let (inspected, report) = verify::check_path(&path, &CheckOptions::default());
    // A small event may complete a round robin (every two players paired once): a note, no finding.
    let findings = inspected.diagnostics.iter().filter(|d| d.code != trfcheck::diagnostics::Code::RoundRobin);
    assert_eq!(findings.count(), 0, "{:?}\n{}", inspected.diagnostics, text_of(t));
    report
}

/// The 001 lines: what differs between two tournaments apart from the seed written in 012 and ###.
fn player_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("001")).collect()
}

/// What a property test may try: small events, the three Dutch engines and Burstein, any rates and
/// three scorings.
fn small_options() -> impl Strategy<Value = GenerateOptions> {
    let system = prop_oneof![
        Just(SystemId::Dutch2025),
        Just(SystemId::Dutch2017),
        Just(SystemId::Dutch2012),
        Just(SystemId::Burstein2026)
    ];
    let scoring = prop_oneof![Just("1,0.5,0"), Just("3,1,0"), Just("2,1,0")];
    let size = (2u32..=40).prop_flat_map(|players| (Just(players), 1u32..=9));
    (system, size, any::<u64>(), 0.0..=1.0f64, 0.0..=0.25f64, 0.0..=0.25f64, 0.0..=0.1f64, scoring).prop_map(
        |(system, (players, rounds), seed, draw_rate, forfeit_rate, bye_rate, withdraw_rate, scoring)| {
            GenerateOptions {
                draw_rate,
                forfeit_rate,
                bye_rate,
                withdraw_rate,
                scoring: scoring.parse().unwrap(),
                ..GenerateOptions::new(system, players, rounds, seed)
            }
        },
    )
}

/// Generates, leaving out the events where the rules run out of pairings (tiny fields, many rounds).
fn generated(options: &GenerateOptions) -> Result<Tournament, TestCaseError> {
    match generate::generate(options) {
        Ok(t) => Ok(t),
        Err(GenerateError::NoValidPairing { .. }) => Err(TestCaseError::reject("no valid pairing")),
        Err(error) => Err(TestCaseError::fail(format!("{error}"))),
    }
}

/// The boards of a round played over the board: (white, black).
fn played_boards(t: &Tournament, round: u32) -> Vec<(PlayerId, PlayerId)> {
    let mut boards = Vec::new();
    for p in &t.players {
        if let EntryKind::Played { opponent, colour: Colour::White, .. } = p.round(round).kind() {
            boards.push((p.id, opponent));
        }
    }
    boards
}

fn entry_mut(t: &mut Tournament, id: PlayerId, round: u32) -> &mut RoundEntry {
    let player = t.players.iter_mut().find(|p| p.id == id).unwrap();
    &mut player.rounds[round as usize - 1]
}

fn opposite(result: ResultCode) -> ResultCode {
    match result {
        ResultCode::Win => ResultCode::Loss,
        ResultCode::Loss => ResultCode::Win,
        other => other,
    }
}

/// The Points column after results were changed.
fn rescore(t: &mut Tournament) {
    let system = t.point_system.clone();
    for p in &mut t.players {
        p.points = Some(p.points_from_results(&system));
    }
}

fn status_of(report: &CheckReport, round: u32) -> Option<RoundStatus> {
    report.rounds.iter().find(|r| r.round == round).map(|r| r.status)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, max_global_rejects: 4000, ..ProptestConfig::default() })]

    /// The key property: tournaments from our `generate` check clean, and read back as they were made.
    #[test]
    fn generated_tournaments_validate_and_check_clean(options in small_options()) {
        let t = generated(&options)?;
        let text = text_of(&t);
        let loaded = formats::read_bytes(Path::new("generated.trf"), text.as_bytes(), ReadOptions::default());
        prop_assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        prop_assert_eq!(loaded.tournament.as_ref(), Some(&t));
        let report = check(&t);
        prop_assert_eq!(report.status, Status::Ok, "{:?}\n{}", report, text);
        prop_assert_eq!(report.summary.rounds_checked, options.rounds);
        prop_assert!(report.rounds.iter().all(|r| r.status == RoundStatus::Match), "{:?}", report.rounds);
        prop_assert_eq!(report.system().map(|s| s.id()), Some(options.system.id()));
    }

    /// A round whose record differs from the engine's pairing is reported as a mismatch: colours
    /// swapped on one board, or opponents swapped between two boards (both records rewritten, so
    /// the file stays valid).
    #[test]
    fn a_changed_round_is_caught(options in small_options(), pick in any::<prop::sample::Index>(), swap_opponents in any::<bool>()) {
        let mut t = generated(&options)?;
        let rounds: Vec<u32> = (1..=options.rounds)
            .filter(|&r| played_boards(&t, r).len() >= if swap_opponents { 2 } else { 1 })
            .collect();
        prop_assume!(!rounds.is_empty());
        let round = *pick.get(&rounds);
        let boards = played_boards(&t, round);
        let first = pick.index(boards.len());
        let (white, black) = boards[first];
        if swap_opponents {
            // white–black and other_white–other_black become white–other_black and other_white–black.
            let (other_white, other_black) = boards[(first + 1) % boards.len()];
            let white_result = entry_mut(&mut t, white, round).result;
            let other_result = entry_mut(&mut t, other_white, round).result;
            entry_mut(&mut t, white, round).opponent = Some(other_black);
            *entry_mut(&mut t, other_black, round) = RoundEntry::game(white, Colour::Black, opposite(white_result));
            entry_mut(&mut t, other_white, round).opponent = Some(black);
            *entry_mut(&mut t, black, round) = RoundEntry::game(other_white, Colour::Black, opposite(other_result));
        } else {
            entry_mut(&mut t, white, round).colour = Some(Colour::Black);
            entry_mut(&mut t, black, round).colour = Some(Colour::White);
        }
        rescore(&mut t);
        let report = check(&t);
        prop_assert_eq!(status_of(&report, round), Some(RoundStatus::Mismatch), "round {}: {:?}", round, report.rounds);
        prop_assert!(report.summary.mismatched_rounds.contains(&round));
        prop_assert_eq!(report.status, Status::Mismatch);
        // The rounds before it were not touched, and still match.
        for earlier in 1..round {
            prop_assert_eq!(status_of(&report, earlier), Some(RoundStatus::Match), "round {}", earlier);
        }
    }
}

#[test]
fn a_seed_always_gives_the_same_bytes() {
    let options = GenerateOptions::new(SystemId::Dutch2025, 23, 6, 42);
    let first = text_of(&generate::generate(&options).unwrap());
    let second = text_of(&generate::generate(&options).unwrap());
    assert_eq!(first, second);
    // The committed sample was made by the command in its `###` line: the draws of a seed (ChaCha8,
    // rand's value-stable generator) and the engine's pairings must never change it.
    let golden = std::fs::read_to_string(sample("generated-dutch-2025.trf")).unwrap();
    let command = golden.lines().find_map(|l| l.strip_prefix("### trfcheck ")).unwrap();
    trfcheck().args(command.split(' ')).assert().code(0).stdout(golden.clone());
    assert!(golden.contains("0000 - U") && golden.contains(" = "), "the sample should show a PAB and draws");
}

#[test]
fn different_seeds_give_different_tournaments() {
    let texts: Vec<String> = (1..=6)
        .map(|seed| text_of(&generate::generate(&GenerateOptions::new(SystemId::Dutch2017, 16, 5, seed)).unwrap()))
        .collect();
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            assert_ne!(player_lines(a), player_lines(b));
        }
    }
    // Only the games' stream depends on the results options: the players stay the same.
    let mut drawish = GenerateOptions::new(SystemId::Dutch2025, 16, 5, 1);
    drawish.draw_rate = 0.9;
    let a = generate::generate(&GenerateOptions::new(SystemId::Dutch2025, 16, 5, 1)).unwrap();
    let b = generate::generate(&drawish).unwrap();
    let ratings = |t: &Tournament| t.players.iter().map(|p| p.rating).collect::<Vec<_>>();
    assert_eq!(ratings(&a), ratings(&b));
    assert_ne!(player_lines(&text_of(&a)), player_lines(&text_of(&b)));
}

/// Every result code in a tournament's rounds.
fn codes(t: &Tournament) -> Vec<ResultCode> {
    t.players.iter().flat_map(|p| p.rounds.iter().map(|e| e.result)).collect()
}

#[test]
fn the_rates_decide_what_happens() {
    let mut quiet = GenerateOptions::new(SystemId::Dutch2025, 40, 7, 9);
    (quiet.draw_rate, quiet.forfeit_rate, quiet.bye_rate, quiet.withdraw_rate) = (0.0, 0.0, 0.0, 0.0);
    let t = generate::generate(&quiet).unwrap();
    assert!(
        codes(&t).iter().all(|c| matches!(c, ResultCode::Win | ResultCode::Loss)),
        "only decisive games (40 players: no PAB)"
    );
    let mut eventful = quiet.clone();
    (eventful.draw_rate, eventful.forfeit_rate, eventful.bye_rate, eventful.withdraw_rate) = (0.5, 0.2, 0.2, 0.03);
    let t = generate::generate(&eventful).unwrap();
    let codes = codes(&t);
    for code in [
        ResultCode::Draw,
        ResultCode::ForfeitWin,
        ResultCode::ForfeitLoss,
        ResultCode::HalfPointBye,
        ResultCode::ZeroPointBye,
    ] {
        assert!(codes.contains(&code), "no `{}` in {codes:?}", code.trf_char());
    }
    // Double forfeits: both players of a board forfeit.
    let double = t.players.iter().any(|p| {
        p.rounds.iter().enumerate().any(|(i, e)| {
            e.result == ResultCode::ForfeitLoss
                && e.opponent.and_then(|o| t.player(o)).is_some_and(|o| o.rounds[i].result == ResultCode::ForfeitLoss)
        })
    });
    assert!(double, "no double forfeit");
    assert_eq!(check(&t).status, Status::Ok);
}

/// Over many games, draws and white's score come out as the model says they should.
#[test]
fn results_follow_the_model() {
    let mut options = GenerateOptions::new(SystemId::Dutch2025, 200, 9, 5);
    (options.forfeit_rate, options.bye_rate, options.withdraw_rate) = (0.0, 0.0, 0.0);
    let t = generate::generate(&options).unwrap();
    let (mut games, mut draws, mut expected_draws, mut white_score, mut expected_white) = (0.0, 0.0, 0.0, 0.0, 0.0);
    let mut variance = 0.0;
    for p in &t.players {
        for entry in &p.rounds {
            let EntryKind::Played { opponent, colour: Colour::White, outcome, .. } = entry.kind() else { continue };
            let black = t.player(opponent).unwrap();
            let chances = generate::outcomes(p.rating.unwrap(), black.rating.unwrap(), options.draw_rate);
            games += 1.0;
            expected_draws += chances.draw;
            variance += chances.draw * (1.0 - chances.draw);
            expected_white += chances.white_expected();
            match outcome {
                trfcheck::model::Outcome::Win => white_score += 1.0,
                trfcheck::model::Outcome::Draw => {
                    draws += 1.0;
                    white_score += 0.5;
                }
                trfcheck::model::Outcome::Loss => {}
            }
        }
    }
    assert_eq!(games, 900.0);
    let sigma: f64 = variance.sqrt();
    assert!((draws - expected_draws).abs() < 4.0 * sigma, "{draws} draws, {expected_draws:.1} expected (σ {sigma:.1})");
    // White's score: each game's variance is at most 1/4.
    assert!(
        (white_score - expected_white).abs() < 4.0 * (games / 4.0f64).sqrt(),
        "{white_score} vs {expected_white:.1}"
    );
    // Top seeds do better than bottom seeds.
    let points =
        |range: std::ops::Range<usize>| t.players[range].iter().map(|p| p.points.unwrap().tenths()).sum::<i64>();
    assert!(points(0..50) * 2 > points(150..200) * 3, "{} vs {}", points(0..50), points(150..200));
}

#[test]
fn football_scoring_is_declared_and_counted() {
    let mut options = GenerateOptions::new(SystemId::Dutch2025, 15, 5, 4);
    options.scoring = "3,1,0".parse::<Scoring>().unwrap();
    let t = generate::generate(&options).unwrap();
    let text = text_of(&t);
    assert!(text.lines().any(|l| l.starts_with("162  W 3.0    D 1.0    L 0.0")), "{text}");
    // 15 players: a PAB every round, worth a win.
    assert!(t.players.iter().any(|p| p.rounds.iter().any(|e| e.result == ResultCode::PairingAllocatedBye)));
    let wins = |p: &trfcheck::model::Player| {
        p.rounds
            .iter()
            .filter(|e| matches!(e.result, ResultCode::Win | ResultCode::ForfeitWin | ResultCode::PairingAllocatedBye))
            .count() as i64
    };
    let draws = |p: &trfcheck::model::Player| {
        p.rounds.iter().filter(|e| matches!(e.result, ResultCode::Draw | ResultCode::HalfPointBye)).count() as i64
    };
    for p in &t.players {
        assert_eq!(p.points.unwrap().tenths(), 30 * wins(p) + 10 * draws(p), "player {}", p.id);
    }
    assert_eq!(check(&t).status, Status::Ok);
}

/// Chess or draughts is declared, not guessed from the scoring: a chess event generated with
/// 2/1/0 (or 3/1/0) scoring declares its FIDE system in 192, and `check` checks it under that
/// system, as chess, with no word of draughts in any output.
#[test]
fn a_chess_event_scored_two_one_zero_is_checked_as_chess() {
    let dir = tempfile::tempdir().unwrap();
    for (system, points) in [("dutch-2025", "2,1,0"), ("dubov-2025", "2,1,0"), ("dutch-2017", "3,1,0")] {
        let path = dir.path().join(format!("{system}-{points}.trf"));
        trfcheck()
            .args(["generate", "--system", system, "--points", points, "--players", "13", "--rounds", "5"])
            .arg("-o")
            .arg(&path)
            .assert()
            .code(0);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("\n162  W {}.0    D 1.0", &points[..1])), "{text}");
        trfcheck()
            .arg("check")
            .arg(&path)
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!("pairing system {system} (192 record)")))
            .stdout(predicate::str::contains("draughts").not())
            .stderr(predicate::str::contains("draughts").not().and(predicate::str::contains("warning").not()));
        let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!((json["system"].as_str(), json.get("system_warning")), (Some(system), None), "{json}");
        // identify tries the systems of the declared game: chess, the generating system first.
        let output = trfcheck().arg("identify").arg(&path).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{stdout}");
        assert!(stdout.lines().nth(1).is_some_and(|best| best.contains("5 of 5")), "{stdout}");
        assert!(stdout.contains(&format!("  {system} ")) && !stdout.contains("fmjd"), "{stdout}");
        // The same file checked under an FMJD system is warned of: 192 declares chess.
        trfcheck().args(["check", "--system", "fmjd-rating"]).arg(&path).assert().stderr(predicate::str::contains(
            "fmjd-rating is a draughts system (FMJD Annex 5), but the file is a chess tournament (record 192",
        ));
    }
}

#[test]
fn no_valid_pairing_is_an_error_not_a_panic() {
    let mut options = GenerateOptions::new(SystemId::Dutch2025, 2, 3, 1);
    (options.forfeit_rate, options.bye_rate, options.withdraw_rate) = (0.0, 0.0, 0.0);
    // Two players meet in round 1 and may not meet again (C1).
    assert_eq!(
        generate::generate(&options),
        Err(GenerateError::NoValidPairing { system: SystemId::Dutch2025, round: 2 })
    );
}

#[test]
fn the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("g.trf");
    let base = ["generate", "--system", "dutch-2025", "--players", "21", "--rounds", "6", "--seed", "7"];
    trfcheck().args(base).arg("-o").arg(&target).assert().code(0).stdout("").stderr("");
    trfcheck()
        .arg("validate")
        .arg(&target)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("valid (21 players, 6 rounds paired"));
    trfcheck()
        .arg("check")
        .arg(&target)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("6 of 6 rounds checked: all match"));
    // To standard output: the same file.
    let written = std::fs::read(&target).unwrap();
    trfcheck().args(base).assert().code(0).stdout(written.clone());
    trfcheck()
        .args(base)
        .args([
            "--points",
            "3,1,0",
            "--draw-rate",
            "0.1",
            "--forfeit-rate",
            "0",
            "--bye-rate",
            "0.1",
            "--withdraw-rate",
            "0",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("162  W 3.0").and(predicate::str::contains("--points 3.0,1.0,0.0")));
    // Bad options (2), no legal pairing (1), an unwritable file (5).
    trfcheck().args(base).args(["--draw-rate", "1.5"]).assert().code(2);
    trfcheck().args(base).args(["--points", "1,2,0"]).assert().code(2).stderr(predicate::str::contains("--points"));
    trfcheck().args(["generate", "--system", "dutch-2025", "--players", "1", "--rounds", "3"]).assert().code(2);
    trfcheck()
        .args(["generate", "--system", "dutch-2025", "--players", "2", "--rounds", "3"])
        .args(["--forfeit-rate", "0", "--bye-rate", "0", "--withdraw-rate", "0"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("round 2 has no pairing"));
    trfcheck().args(base).arg("-o").arg(dir.path().join("no/such/dir/g.trf")).assert().code(5);
}

/// `--baku` (C.04.7): the 192 code gains `_BAKU` and the Baku method's virtual points are written as
/// 250 records. 40 players, 7 rounds: GA is the first half of the 40 paired in round 1, rounded up
/// to an even number (1.2): 20; the accelerated rounds are the first half of 7, rounded up (1.4.1):
/// 4, a win's point in the first 2 (1.4.2) and a draw's in rounds 3–4 (1.4.3). The file checks
/// clean, and as clean with the records alone or with the code alone; the acceleration changes
/// the pairing of round 1.
#[test]
fn baku_acceleration_is_declared_written_and_checks_clean_either_way() {
    use trfcheck::model::{Acceleration, Points};
    for system in [SystemId::Dutch2025, SystemId::Dubov2025, SystemId::Burstein2026, SystemId::Lim2026] {
        let options = GenerateOptions { baku: true, bye_rate: 0.0, ..GenerateOptions::new(system, 40, 7, 3) };
        let t = generate::generate(&options).unwrap();
        assert!(t.header.system_code.as_deref().unwrap().ends_with("_BAKU"), "{system}");
        let record = |points: Points, rounds: (u32, u32)| Acceleration {
            match_points: None,
            game_points: points,
            first_round: rounds.0,
            last_round: rounds.1,
            first_player: 1,
            last_player: 20,
        };
        assert_eq!(t.accelerations, [record(Points::ONE, (1, 2)), record(Points::HALF, (3, 4))], "{system}");
        let clean = |t: &Tournament| check(t).rounds.iter().all(|r| r.status == RoundStatus::Match);
        assert!(clean(&t), "{system}");
        let code_alone = Tournament { accelerations: Vec::new(), ..t.clone() };
        assert!(clean(&code_alone), "{system}: the code alone");
        let mut records_alone = t.clone();
        records_alone.header.system_code = Some(system.code().to_owned());
        assert!(clean(&records_alone), "{system}: the records alone");
        let plain = generate::generate(&GenerateOptions { baku: false, ..options.clone() }).unwrap();
        assert_ne!(played_boards(&plain, 1), played_boards(&t, 1), "{system}: the acceleration pairs round 1");
    }
    let team = GenerateOptions { baku: true, ..GenerateOptions::new(SystemId::Team2025, 8, 3, 1) };
    assert!(matches!(generate::generate(&team), Err(GenerateError::InvalidOption { option: "--baku", .. })));
}
