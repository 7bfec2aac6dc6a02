//! The Dutch conformance corpus (`../shared/conformance/`): random tournaments paired by the
//! reference engine, clean and with one round altered, and the reference checker's verdicts.
//!
//! For every file, `check` must report exactly the discrepant rounds of `*.expected.json`, its
//! pairing must contain every `expected` pair, every differing round must be explained without the
//! recorded pairing beating ours on a criterion (that would be an engine bug), and `--format bbp`
//! must print, byte for byte, what the reference checker printed (rebuilt from the verdicts).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use trfcheck::model::Points;
use trfcheck::report::{self, RoundStatus};
use trfcheck::systems::SystemId;
use trfcheck::verify::{self, CheckOptions};

use crate::corpus::{files, shared};

/// The reference checker's output for a file, rebuilt from its verdicts: `<stem>: Round #k` for
/// every round, and for a discrepant round the two columns of differing pairs.
fn reference_bbp_text(stem: &str, expected: &Value) -> String {
    let mut text = String::new();
    let discrepancies = &expected["discrepancies"];
    for round in expected["rounds_checked"].as_array().unwrap() {
        let round = round.as_u64().unwrap();
        writeln!(text, "{stem}: Round #{round}").unwrap();
        let Some(rows) = discrepancies.get(round.to_string()) else { continue };
        if let Some(message) = rows.get("message").and_then(Value::as_str) {
            writeln!(text, "{message}\n").unwrap();
            continue;
        }
        text.push_str("  Checker pairings        Tournament pairings \n");
        for row in rows.as_array().unwrap() {
            let pair = |key: &str| {
                let pair = row[key].as_array().unwrap();
                format!("{:>3} - {:>3}", pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap())
            };
            writeln!(text, "    {}                {}", pair("expected"), pair("recorded")).unwrap();
        }
        text.push('\n');
    }
    text.push('\n');
    text
}

/// `[white, black]` from the verdict file.
fn pair_of(value: &Value) -> [u32; 2] {
    [value[0].as_u64().unwrap() as u32, value[1].as_u64().unwrap() as u32]
}

fn check_folder(version: &str, kind: &str) {
    let shared = shared();
    let folder: PathBuf = shared.join("conformance").join(version).join(kind);
    let system = match version {
        "dutch-2025" => SystemId::Dutch2025,
        _ => SystemId::Dutch2017,
    };
    let paths = files(&folder, &["trf"]);
    assert!(paths.len() > 100, "only {} files in {}", paths.len(), folder.display());
    let mut failures = Vec::new();
    let mut two_one_zero = 0;
    for path in &paths {
        match check_file(path, system) {
            Ok(scored_two_one_zero) => two_one_zero += usize::from(scored_two_one_zero),
            Err(failure) => failures.push(format!("{}: {failure}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{} of {} files disagree:\n{}", failures.len(), paths.len(), failures.join("\n"));
    // The reference engine scores some of its tournaments 2/1/0 (162 or BBW/BBD): chess events,
    // on which check_file has found no cross-game warning. Every folder has some, so the absence
    // of a warning was tested.
    assert!(two_one_zero > 0, "no 2/1/0 tournament in {}", folder.display());
}

/// Checks one file against the reference's verdicts; `Ok(true)` when it is scored 2/1/0.
fn check_file(path: &Path, system: SystemId) -> Result<bool, String> {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("expected.json")).unwrap()).unwrap();
    assert_eq!(expected["system"].as_str(), Some(system.id()));
    let options = CheckOptions { system: Some(system.into()), ..CheckOptions::default() };
    let (inspected, report) = verify::check_path(path, &options);
    // Chess or draughts is declared, never guessed from the scoring: a 2/1/0 chess file is
    // checked under the chess system with no warning (its 092 code declares chess, or nothing
    // declares a game).
    if let Some(warning) = &report.system_warning {
        return Err(format!("a cross-game warning on a chess file: {warning}"));
    }
    let points = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()).map(|t| &t.point_system);
    let scored_two_one_zero = points.is_some_and(|p| (p.white_win, p.white_draw) == (Points::whole(2), Points::ONE));
    let want: Vec<u32> =
        expected["discrepant_rounds"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap() as u32).collect();
    if report.summary.mismatched_rounds != want {
        return Err(format!("discrepant rounds {:?}, the reference says {want:?}", report.summary.mismatched_rounds));
    }
    for round in &report.rounds {
        if round.status != RoundStatus::Mismatch {
            continue;
        }
        let ours = round.expected.as_ref().ok_or("a mismatch without the computed pairing")?;
        for row in expected["discrepancies"][round.round.to_string()].as_array().unwrap() {
            let pair = pair_of(&row["expected"]);
            if !ours.contains(&pair) {
                return Err(format!("round {}: the reference pairs {pair:?}, we do not", round.round));
            }
        }
        if round.engine_bug {
            return Err(format!("round {}: the recorded pairing is better on {:?}", round.round, round.criterion));
        }
        if round.criterion.is_none() || round.explanation.as_deref().is_none_or(str::is_empty) {
            return Err(format!("round {}: no explanation", round.round));
        }
    }
    let mut ours = Vec::new();
    report::bbp::write(&mut ours, &report).unwrap();
    let stem = path.file_stem().unwrap().to_string_lossy();
    let reference = reference_bbp_text(&stem, &expected);
    if String::from_utf8_lossy(&ours) != reference {
        return Err(format!(
            "--format bbp differs from the reference checker:\n{}",
            similar::TextDiff::from_lines(reference.as_str(), &*String::from_utf8_lossy(&ours)).unified_diff()
        ));
    }
    Ok(scored_two_one_zero)
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn dutch_2025_clean_files_agree_with_the_reference() {
    check_folder("dutch-2025", "clean");
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn dutch_2025_mutated_files_agree_with_the_reference() {
    check_folder("dutch-2025", "mutated");
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn dutch_2017_clean_files_agree_with_the_reference() {
    check_folder("dutch-2017", "clean");
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn dutch_2017_mutated_files_agree_with_the_reference() {
    check_folder("dutch-2017", "mutated");
}

/// The rebuilt reference text is the layout the reference prints (a sanity check of the rebuild,
/// on a verdict written out by hand from a reference run).
#[test]
fn reference_layout_is_rebuilt_exactly() {
    let verdict = serde_json::json!({
        "rounds_checked": [1, 2],
        "discrepancies": {"2": [{"expected": [1, 31], "recorded": [1, 17]}, {"expected": [44, 17], "recorded": [44, 31]}]}
    });
    assert_eq!(
        reference_bbp_text("t", &verdict),
        "t: Round #1\nt: Round #2\n  Checker pairings        Tournament pairings \n      1 -  31                  1 -  17\n     44 -  17                 44 -  31\n\n\n"
    );
}

/// The engine's shortcut for a first round that is one homogeneous bracket (S1[i]–S2[i], the last
/// player of an odd field gets the PAB) must give exactly what the full engine gives: on the
/// round 1 of every conformance file (even and odd fields, with and without initial colour) and of
/// generated tournaments of 2 to 41 players.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_first_round_shortcut_pairs_as_the_engine_does() {
    use trfcheck::formats::{self, ReadOptions};
    use trfcheck::generate::{self, GenerateOptions};
    use trfcheck::model::Tournament;
    use trfcheck::state::{Participation, RoundState};
    use trfcheck::systems::dutch::{self, Rules};

    let compare = |t: &Tournament, rules: Rules, what: &str| {
        let state = RoundState::build(t, 1, Participation::Recorded);
        let shortcut = dutch::pair(&state, rules).map(|p| p.boards);
        let engine = dutch::pair_with_engine(&state, rules).map(|p| p.boards);
        assert_eq!(shortcut, engine, "round 1 of {what}");
    };
    let mut compared = 0;
    let shared = shared();
    for (version, rules) in [("dutch-2025", Rules::Dutch2025), ("dutch-2017", Rules::Dutch2017)] {
        for path in files(&shared.join("conformance").join(version).join("clean"), &["trf"]) {
            let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
            compare(loaded.tournament.as_ref().unwrap(), rules, &path.display().to_string());
            compared += 1;
        }
    }
    for (system, rules) in [(SystemId::Dutch2025, Rules::Dutch2025), (SystemId::Dutch2017, Rules::Dutch2017)] {
        for players in 2..=41 {
            let t = generate::generate(&GenerateOptions::new(system, players, 1, u64::from(players))).unwrap();
            compare(&t, rules, &format!("{players} generated players"));
            compared += 1;
        }
    }
    assert!(compared >= 80);
}

/// The 2025 engine pairs each bracket in a matcher of its own list and checks the completion of
/// the round (C4) with a witness, handing the round to the one matcher over all players from the
/// first bracket where C4 decides. Both ways must give exactly the same pairing: on every round of
/// every dutch-2025 conformance file, clean and mutated (in these small fields C4 decides in 203
/// rounds of 71 of the 120 clean files, so both the lists and the hand-over are exercised), and of generated
/// tournaments of 10 to 40 players, odd and even, paired under both Dutch rules.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_bracket_lists_pair_as_the_global_matcher_does() {
    use trfcheck::formats::{self, ReadOptions};
    use trfcheck::generate::{self, GenerateOptions};
    use trfcheck::model::Tournament;
    use trfcheck::state::{Participation, RoundState};
    use trfcheck::systems::dutch::{self, Rules};

    let mut rounds = 0;
    let mut compare = |t: &Tournament, what: &str| {
        for round in 1..=t.rounds_paired() {
            let state = RoundState::build(t, round, Participation::Recorded);
            let lists = dutch::pair_with_engine(&state, Rules::Dutch2025).map(|p| p.boards);
            let global = dutch::pair_with_global_engine(&state, Rules::Dutch2025).map(|p| p.boards);
            assert_eq!(lists, global, "round {round} of {what}");
            rounds += 1;
        }
    };
    let shared = shared();
    for kind in ["clean", "mutated"] {
        for path in files(&shared.join("conformance").join("dutch-2025").join(kind), &["trf"]) {
            let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
            compare(loaded.tournament.as_ref().unwrap(), &path.display().to_string());
        }
    }
    for (system, seed) in [(SystemId::Dutch2025, 1), (SystemId::Dutch2017, 2)] {
        for players in (10..=40).step_by(5).chain([11, 13, 21, 33]) {
            let rounds = if players < 20 { 5 } else { 9 };
            let options = GenerateOptions::new(system, players, rounds, seed * 100 + players as u64);
            let t = generate::generate(&options).unwrap();
            compare(&t, &format!("{players} players generated by {system:?}"));
        }
    }
    assert!(rounds >= 100, "only {rounds} rounds compared");
}

/// Checking a round, the Dutch engines bound step 4's guessed runs by the record
/// (`Engine::pair_checking`), and prove each run they guess. Whatever the record holds, the
/// pairing must be the one `Engine::pair` gives: on every round of every dutch-2025 and dutch-2017
/// conformance file, clean (mostly right records) and mutated (wrong ones), under its rules,
/// guided by the record and by the record with its games shuffled (each board's black moved to the
/// next board), and on generated tournaments of 10 to 60 players.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_record_that_guides_the_engine_does_not_change_its_pairing() {
    use trfcheck::formats::{self, ReadOptions};
    use trfcheck::generate::{self, GenerateOptions};
    use trfcheck::model::Tournament;
    use trfcheck::state::{Participation, RoundState};
    use trfcheck::systems::Engine;
    use trfcheck::systems::common::record::recorded_pairing;
    use trfcheck::systems::dutch::Rules;
    use trfcheck::systems::pairing::RoundPairing;

    let mut rounds = 0;
    let mut compare = |t: &Tournament, rules: Rules, what: &str| {
        for round in 1..=t.rounds_paired() {
            let state = RoundState::build(t, round, Participation::Recorded);
            let recorded = recorded_pairing(t, round, &state);
            let mut shuffled = recorded.clone();
            let games: Vec<usize> =
                (0..shuffled.boards.len()).filter(|&b| shuffled.boards[b].black.is_some()).collect();
            let blacks: Vec<_> = games.iter().map(|&b| shuffled.boards[b].black).collect();
            for (k, &b) in games.iter().enumerate() {
                shuffled.boards[b].black = blacks[(k + 1) % blacks.len()];
            }
            let boards = |paired: Result<RoundPairing, _>| paired.map(|p| p.boards).map_err(|e| format!("{e:?}"));
            let unguided = boards(rules.pair(&state));
            for (guide, which) in [(&recorded, "the record"), (&shuffled, "the shuffled record")] {
                let guided = boards(rules.pair_checking(&state, guide));
                assert_eq!(guided, unguided, "round {round} of {what}, guided by {which}");
            }
            rounds += 1;
        }
    };
    let shared = shared();
    let editions =
        [("dutch-2025", SystemId::Dutch2025, Rules::Dutch2025), ("dutch-2017", SystemId::Dutch2017, Rules::Dutch2017)];
    for (folder, system, rules) in editions {
        for kind in ["clean", "mutated"] {
            for path in files(&shared.join("conformance").join(folder).join(kind), &["trf"]) {
                let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
                compare(loaded.tournament.as_ref().unwrap(), rules, &path.display().to_string());
            }
        }
        for players in (10..=60).step_by(10).chain([15, 33]) {
            let rounds = if players < 20 { 5 } else { 9 };
            let options = GenerateOptions::new(system, players, rounds, 700 + players as u64);
            let t = generate::generate(&options).unwrap();
            compare(&t, rules, &format!("{players} players generated by {folder}"));
        }
    }
    assert!(rounds >= 2000, "only {rounds} rounds compared");
}
