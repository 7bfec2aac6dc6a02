//! The FMJD crosstables of `corpus/fmjd` (docs/fmjd.md, "Crosstables that lack numbers"):
//! crosstables that lack what a round needs give `not-checked` with the reason; rounds derived by
//! hand from the annex match; `convert` → `check` gives the same verdicts.

use std::path::{Path, PathBuf};

use trfcheck::formats::{self, ReadOptions};
use trfcheck::report::{CheckReport, RoundStatus};
use trfcheck::systems::SystemId;
use trfcheck::verify::{self, CheckOptions};

const SYSTEMS: [SystemId; 3] = [SystemId::FmjdRating, SystemId::FmjdSolkoff, SystemId::KndbSolkoff];

fn crosstable(name: &str) -> PathBuf {
    crate::corpus::shared().join("corpus/fmjd").join(name)
}

fn check(path: &Path, system: SystemId, lenient: bool) -> CheckReport {
    check_under(path, Some(system), lenient)
}

/// As `check`, with `--system` given or not.
fn check_under(path: &Path, system: Option<SystemId>, lenient: bool) -> CheckReport {
    let options = CheckOptions {
        system: system.map(Into::into),
        read: ReadOptions { lenient, ..ReadOptions::default() },
        jobs: Some(1),
        ..CheckOptions::default()
    };
    verify::check_path(path, &options).1
}

fn statuses(report: &CheckReport) -> Vec<(u32, RoundStatus)> {
    report.rounds.iter().map(|r| (r.round, r.status)).collect()
}

/// The 2018 Delft exhibition (FMJD-report matrix, Delft scoring, 4 players numbered by final
/// place). By hand from the file: round 1 was 1–3 (1 won), 4–2 (2 won).
/// - Round 1 on Solkoff is ordered by lot number (B.a), which the matrix lacks: not checked.
/// - Round 2, every system: the score groups are {1, 2} (won) and {3, 4} (lost). Each group is
///   two players, so whatever their order (rating: 2 2336 before 1 2315, 3 2373 before 4 2273;
///   Solkoff: tied at 0, any order) they meet (4a, 4b alike): 1–2 and 3–4. Colours (A.d, even
///   distribution): 1 had white, 2 black, so 2 has white; 3 had black, 4 white, so 3 has white:
///   2–1 and 3–4, which is the record (2: `4/1w`, 3: `12/4w`). Round 2 matches under all three.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn delft_round_two_matches_by_hand_and_round_one_rests_on_lot_numbers() {
    let path = crosstable("clpippel__tiebreak__2018-delft-expo-gma-rapid.csv");
    for system in SYSTEMS {
        let report = check(&path, system, false);
        assert_eq!(report.rounds.len(), 3, "{system}");
        assert_eq!(report.rounds[1].status, RoundStatus::Match, "{system}: {:?}", report.rounds[1]);
        if system != SystemId::FmjdRating {
            let first = &report.rounds[0];
            assert_eq!(first.status, RoundStatus::NotChecked, "{system}");
            let reason = first.reason.as_deref().unwrap_or("");
            assert!(reason.contains("final places") && reason.contains("B.a"), "{reason}");
        }
    }
}

/// Round 1 of the Delft exhibition on rating (A.b) by hand: by rating 3 (2373), 2 (2336), 1 (2315),
/// 4 (2273); A = {3, 2}, B = {1, 4}: 3–1 and 2–4. The draw gave A1 (3) black (the record, `0/1b`),
/// so A.b's alternation gives A2 (2) white: 1–3 and 2–4. The record has 4–2 (`12/4b`): the
/// opponents match and the colours of board 2 break A.b's alternation (both of group A black, as
/// B.b would give), so the round differs on colours only.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn delft_round_one_on_rating_differs_on_the_colours_of_a_b() {
    let path = crosstable("clpippel__tiebreak__2018-delft-expo-gma-rapid.csv");
    let report = check(&path, SystemId::FmjdRating, false);
    let first = &report.rounds[0];
    assert_eq!(first.status, RoundStatus::Mismatch);
    assert_eq!(first.expected.as_deref(), Some(&[[1, 3], [2, 4]][..]));
    // The rule that gives the colours is among the details.
    let explanation = format!("{} {}", first.explanation.as_deref().unwrap_or(""), first.details.join(" "));
    assert!(explanation.contains("A.b"), "{explanation}");
}

/// The 1970 Dutch open (FMJD-report, no ratings): on rating every player of a score group ties, so
/// no round can be checked (exit 4, `not-checked` with the reason for every round) — never a guess.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_matrix_without_ratings_is_not_checked_on_rating() {
    let path = crosstable("clpippel__tiebreak__1970-open-nk-KNDB.csv");
    let report = check(&path, SystemId::FmjdRating, false);
    assert_eq!(report.rounds.len(), 10);
    assert!(report.rounds.iter().all(|r| r.status == RoundStatus::NotChecked && r.reason.is_some()));
    assert_eq!(report.status, trfcheck::exit::Status::System);
    assert_eq!(report.summary.rounds_checked, 0);
}

/// The 2022 Ouagadougou Open (Draughts Arbiter export, 68 players, starting numbers): round 1 on
/// rating is A.b by hand — by rating, A = places 1–34 of the order, B = 35–68; A1–B1 with the drawn
/// colour (1 has white against 35: `35 w`), then alternating: 36–2 (2 black), 3–37, 38–4, … The
/// record has exactly this (checked here board by board), and the whole round matches.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn ouagadougou_round_one_is_a_b_by_hand() {
    let path = crosstable("clpippel__tiebreak__2022-Ouagadougou-Open.csv");
    let t = formats::read_path(&path, ReadOptions::default()).unwrap().tournament.unwrap();
    let mut by_rating: Vec<_> = t.players.iter().collect();
    by_rating.sort_by_key(|p| (std::cmp::Reverse(p.rating.unwrap_or(0)), p.id));
    let (a, b) = by_rating.split_at(34);
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let entry = x.round(1);
        let white = if i % 2 == 0 { x.id } else { y.id };
        assert_eq!(entry.scheduled_opponent(), Some(y.id), "A{} meets B{}", i + 1, i + 1);
        let recorded_white = matches!(entry.kind(), trfcheck::model::EntryKind::Played { colour, .. }
            if colour == trfcheck::model::Colour::White);
        assert_eq!(recorded_white, white == x.id, "board {}", i + 1);
    }
    assert_eq!(check(&path, SystemId::FmjdRating, false).rounds[0].status, RoundStatus::Match);
}

/// Every Swiss crosstable of `corpus/fmjd` that reads: each system gives a verdict for every round
/// (match, mismatch, no valid pairing, or not-checked with a reason), and `convert`'s TRF (with
/// `XDK DRAUGHTS`, and `XDN FINAL-PLACES` for a matrix) gets the same verdicts round by round.
/// Without `--system` both forms get the same verdict too: a draughts tournament that declares no
/// system is never checked under an assumed chess system (exit 4, one message).
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn convert_then_check_gives_the_same_verdicts() {
    let shared = crate::corpus::shared();
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared.join("corpus/fmjd"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    for file in &files {
        // The 1934 matrix's Pt column is not the sum of its scores (an error in the file); read
        // leniently, as `--lenient` does, its rounds can still be checked.
        let Ok(loaded) = formats::read_path(file, ReadOptions { lenient: true, ..ReadOptions::default() }) else {
            continue;
        };
        let Some(t) = loaded.tournament else { continue };
        let (text, _) = formats::trf::write(&t);
        assert!(text.contains("\r\nXDK DRAUGHTS\r\n"), "{file:?}: the game is written");
        let converted = dir.path().join(format!("{}.trf", file.file_stem().unwrap().to_string_lossy()));
        std::fs::write(&converted, text).unwrap();
        let (original, again) = (check_under(file, None, true), check_under(&converted, None, true));
        assert_eq!(original.status, trfcheck::exit::Status::System, "{file:?}");
        assert_eq!((again.status, again.system()), (original.status, None), "{file:?}");
        assert_eq!(again.error.as_deref(), Some(trfcheck::systems::DRAUGHTS_WITHOUT_SYSTEM), "{file:?}");
        assert_eq!(original.error, again.error, "{file:?}");
        for system in SYSTEMS {
            let original = check(file, system, true);
            let again = check(&converted, system, true);
            assert!(original.error.is_none() || original.status == trfcheck::exit::Status::System, "{file:?}");
            assert_eq!(original.rounds.len(), t.rounds_paired() as usize, "{file:?} {system}");
            assert!(
                original.rounds.iter().all(|r| r.status != RoundStatus::NotChecked || r.reason.is_some()),
                "{file:?}"
            );
            assert_eq!(statuses(&original), statuses(&again), "{file:?} {system}");
            let expected = |r: &CheckReport| r.rounds.iter().map(|r| r.expected.clone()).collect::<Vec<_>>();
            assert_eq!(expected(&original), expected(&again), "{file:?} {system}");
            compared += 1;
        }
    }
    assert!(compared >= 21, "{compared}");
}

/// Ouagadougou round 9 on Solkoff, by hand from the file (scores, Solkoff and SB of rounds 1–8
/// computed apart from trfcheck): the 6-point group is 56 (Solkoff 66), 61 (63), 26 (62), 42 (59),
/// 31 (56), 35 (49), 62 (48) — seven players, so 5b moves the lowest, 62, down; he did not float
/// down in round 8 (he met 25, both on 4), so section 8 does not pass him over. The 5-point group's
/// highest is 66 (Solkoff 65; no up-float in round 8; has not met 62): 6a gives 62–66. The record
/// moves 35 down instead (66–35) and pairs 62–26: a float choice the annex does not explain
/// (appendix B: "different programs use slightly different approaches").
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn ouagadougou_round_nine_floats_another_player_than_5b() {
    let path = crosstable("clpippel__tiebreak__2022-Ouagadougou-Open.csv");
    let report = check(&path, SystemId::FmjdSolkoff, false);
    let ninth = &report.rounds[8];
    assert_eq!(ninth.status, RoundStatus::Mismatch);
    let has = |pairs: &Option<Vec<[u32; 2]>>, a: u32, b: u32| {
        pairs.as_ref().is_some_and(|p| p.iter().any(|&[w, x]| (w, x) == (a, b) || (w, x) == (b, a)))
    };
    assert!(has(&ninth.expected, 62, 66) && has(&ninth.expected, 26, 35), "{:?}", ninth.expected);
    assert!(has(&ninth.recorded, 35, 66) && has(&ninth.recorded, 26, 62), "{:?}", ninth.recorded);
}

/// The Ouagadougou Open as its crosstable and as `convert` writes it: one event, one verdict.
/// Without a system both exit 4 with the same sentence (before, the TRF was checked under an
/// assumed dutch-2025, whose colour rules rounds 3–9 broke: exit 1). Converted with `--system
/// fmjd-solkoff` (record 192), the TRF checks with no flag as the crosstable checks with that flag:
/// the same rounds, statuses, severities, computed pairings and explanations, and no warning.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn ouagadougou_gets_one_verdict_as_crosstable_and_as_trf() {
    use crate::support::trfcheck;
    let source = crosstable("clpippel__tiebreak__2022-Ouagadougou-Open.csv");
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("ouagadougou.trf");
    trfcheck().args(["convert", "--to", "trf", "-o"]).arg(&plain).arg(&source).assert().code(0).stderr("");
    let text = std::fs::read_to_string(&plain).unwrap();
    assert!(text.contains("\r\n162  W 2.0    D 1.0    L 0.0    A 0.0\r\n"), "the scoring is written: {text}");
    assert!(text.contains("\r\nXDK DRAUGHTS\r\n") && !text.contains("\r\n192 "), "the game, and no system: {text}");
    let refusal = |path: &Path| {
        let output = trfcheck().arg("check").arg(path).output().unwrap();
        assert_eq!(output.status.code(), Some(4), "{}: {output:?}", path.display());
        let stdout = String::from_utf8(output.stdout).unwrap();
        stdout.strip_prefix(&format!("{}: ", path.display())).unwrap_or_else(|| panic!("{stdout}")).to_owned()
    };
    let said = refusal(&source);
    assert!(said.contains("choose one with --system fmjd-rating, fmjd-solkoff or kndb-solkoff"), "{said}");
    assert_eq!(refusal(&plain), said);
    // identify tries the FMJD systems on the TRF, as on the crosstable: XDK declares draughts.
    let identified = trfcheck().arg("identify").arg(&plain).output().unwrap();
    let listed = String::from_utf8(identified.stdout).unwrap();
    assert!(
        listed
            .lines()
            .skip(1)
            .all(|line| line.trim_start().starts_with("fmjd-") || line.trim_start().starts_with("kndb-")),
        "{listed}"
    );
    assert!(listed.lines().count() > 1, "{listed}");

    let declared = dir.path().join("ouagadougou-solkoff.trf");
    trfcheck()
        .args(["convert", "--to", "trf", "--system", "fmjd-solkoff", "-o"])
        .arg(&declared)
        .arg(&source)
        .assert()
        .code(0)
        .stderr("");
    assert!(std::fs::read_to_string(&declared).unwrap().contains("\r\n192 FMJD_SWISS_SOLKOFF\r\n"));
    let json = |flags: &[&str], path: &Path| {
        let output = trfcheck().args(["check", "--format", "json"]).args(flags).arg(path).output().unwrap();
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        (output.status.code(), value)
    };
    let (original_code, original) = json(&["--system", "fmjd-solkoff"], &source);
    let (converted_code, converted) = json(&[], &declared);
    assert_eq!(
        (converted["system"].as_str(), converted["system_source"].as_str()),
        (Some("fmjd-solkoff"), Some("192 record"))
    );
    assert_eq!((original.get("system_warning"), converted.get("system_warning")), (None, None));
    let verdicts = |report: &serde_json::Value| -> Vec<[serde_json::Value; 5]> {
        let field = |round: &serde_json::Value, key: &str| round.get(key).cloned().unwrap_or_default();
        report["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| ["round", "status", "severity", "expected", "explanation"].map(|key| field(r, key)))
            .collect()
    };
    assert_eq!(verdicts(&original).len(), 9);
    assert_eq!(verdicts(&converted), verdicts(&original));
    assert_eq!((converted_code, &converted["status"]), (original_code, &original["status"]));
}
