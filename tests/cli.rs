//! The command line as a user meets it: commands, exit codes, output formats (SPEC.md).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn trfcheck() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_trfcheck"));
    command.env_remove("RUST_LOG").arg("--color").arg("never");
    command
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples").join(name)
}

fn json_lines(output: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output).lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

#[test]
fn validate_exit_codes() {
    trfcheck()
        .arg("validate")
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("valid (4 players, 2 rounds paired"));
    trfcheck()
        .arg("validate")
        .arg(sample("defective.trf"))
        .assert()
        .code(3)
        .stdout(predicate::str::contains("invalid"))
        .stderr(predicate::str::contains("error[unknown-record]: unknown record `XYZ`"))
        .stderr(predicate::str::contains("defective.trf:8:99"))
        .stderr(predicate::str::contains("error[unmirrored]: round 1: players 1 and 2 both have white"));
    trfcheck().arg("validate").arg("no/such/file.trf").assert().code(5).stdout(predicate::str::contains("cannot read"));
    trfcheck().arg("validate").assert().code(2);
    trfcheck().arg("frobnicate").assert().code(2);
    // Several files: the highest code wins.
    trfcheck().arg("validate").arg(sample("dutch-4p-2r.trf")).arg(sample("defective.trf")).assert().code(3);
}

#[test]
fn validate_json_is_one_object_per_file() {
    let output = trfcheck()
        .args(["validate", "--format", "json"])
        .arg(sample("dutch-4p-2r.trf"))
        .arg(sample("defective.trf"))
        .output()
        .unwrap();
    let objects = json_lines(&output.stdout);
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["schema"], 1);
    assert_eq!(objects[0]["valid"], true);
    assert_eq!(objects[1]["valid"], false);
    let diagnostics = objects[1]["diagnostics"].as_array().unwrap();
    let bad_result = diagnostics.iter().find(|d| d["code"] == "bad-round-entry").unwrap();
    assert_eq!((bad_result["line"].as_u64(), bad_result["column"].as_u64()), (Some(8), Some(99)));
    assert!(bad_result["expected"].as_str().unwrap().contains("result code"));
}

#[test]
fn lenient_turns_recoverable_errors_into_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap() + "XYZ an engine record we do not know\r\n";
    let path = dir.path().join("extra.trf");
    std::fs::write(&path, text).unwrap();
    trfcheck().arg("validate").arg(&path).assert().code(3);
    trfcheck()
        .args(["validate", "--lenient"])
        .arg(&path)
        .assert()
        .code(0)
        .stderr(predicate::str::contains("warning[unknown-record]"));
    // A bad result code is not recoverable: leniency does not guess a result.
    trfcheck().args(["validate", "--lenient"]).arg(sample("defective.trf")).assert().code(3);
}

#[test]
fn check_says_which_system_and_why_and_never_fakes_a_verdict() {
    let output = trfcheck().args(["check", "--format", "json"]).arg(sample("dutch-4p-2r.trf")).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["schema"], 1);
    assert_eq!(report["system"], "dutch-2025");
    assert_eq!(report["system_source"], "192 record");
    let rounds = report["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert!(rounds.iter().all(|r| r["status"] == "match"), "{report}");
    // A system without an engine: every round is not checked, never a verdict.
    let output = trfcheck()
        .args(["check", "--format", "json", "--system", "dubov-2025"])
        .arg(sample("dutch-4p-2r.trf"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["system_source"], "--system");
    let rounds = report["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert!(
        rounds
            .iter()
            .all(|r| r["status"] == "not-checked" && r["reason"].as_str().unwrap().contains("no pairing engine"))
    );
    trfcheck()
        .arg("check")
        .arg(sample("legacy-latin1.trf"))
        .assert()
        .code(4)
        .stdout(predicate::str::contains("pairing system dutch-2012 (assumed)"))
        .stdout(predicate::str::contains("2009/03/14"));
    trfcheck()
        .args(["check", "--rounds", "2"])
        .arg(sample("dutch-4p-2r.trf"))
        .arg("--format")
        .arg("json")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(r#""rounds":[{"round":2,"status":"match"}]"#));
    trfcheck()
        .args(["check", "--format", "bbp"])
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(0)
        .stdout("dutch-4p-2r: Round #1\ndutch-4p-2r: Round #2\n\n");
    trfcheck()
        .args(["check", "--format", "bbp", "--system", "dubov-2025"])
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(4)
        .stdout("");
}

#[test]
fn check_refuses_what_it_cannot_check() {
    trfcheck()
        .arg("check")
        .arg(sample("defective.trf"))
        .assert()
        .code(3)
        .stdout(predicate::str::contains("rounds are not checked"));
    trfcheck()
        .arg("check")
        .arg(sample("draughts-arbiter.csv"))
        .assert()
        .code(4)
        .stdout(predicate::str::contains("--system fmjd-rating, fmjd-solkoff or kndb-solkoff"));
    trfcheck()
        .args(["check", "--system", "fmjd-solkoff"])
        .arg(sample("draughts-arbiter.csv"))
        .assert()
        .code(4)
        .stdout(predicate::str::contains("fmjd-solkoff"));
    trfcheck().arg("check").arg("missing.trf").assert().code(5);
}

#[test]
fn pair_and_generate_need_an_engine() {
    // Players 5 and 6 are out of round 3 (`0000 - H/Z`); 2 and 4 may not meet (XXP).
    trfcheck().arg("pair").arg(sample("javafo-round-to-pair.trf")).assert().code(0).stdout("2\n1 2\n4 3\n");
    trfcheck()
        .args(["pair", "--system", "dubov-2025"])
        .arg(sample("javafo-round-to-pair.trf"))
        .assert()
        .code(4)
        .stderr(predicate::str::contains("round 3 cannot be paired"));
    trfcheck()
        .args(["generate", "--system", "dubov-2025", "--players", "10", "--rounds", "3", "--seed", "7"])
        .assert()
        .code(4);
}

#[test]
fn convert_writes_a_trf_that_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("report.trf");
    trfcheck().args(["convert", "--to", "trf", "-o"]).arg(&target).arg(sample("draughts-report.csv")).assert().code(0);
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("XDN FINAL-PLACES"), "{text}");
    assert!(text.contains("162  W 2.0"), "{text}");
    // Anna Boer had the bye against Dummy in round 1.
    assert!(text.lines().any(|l| l.starts_with("001    1") && l.contains("0000 - U")), "{text}");
    trfcheck().arg("validate").arg(&target).assert().code(0);
    let before = trfcheck::formats::read_path(&sample("draughts-report.csv"), Default::default()).unwrap();
    let after = trfcheck::formats::read_path(&target, Default::default()).unwrap();
    assert_eq!(before.tournament, after.tournament);
    // To standard output; an invalid file is not converted.
    trfcheck()
        .args(["convert", "--to", "trf"])
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("012 trfcheck sample"));
    trfcheck().args(["convert", "--to", "trf"]).arg(sample("defective.trf")).assert().code(3).stdout("");
}

#[test]
fn logging_goes_to_stderr() {
    trfcheck()
        .args(["-vv", "validate", "--format", "json"])
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(0)
        .stderr(predicate::str::contains("reading as TRF"))
        .stdout(predicate::str::starts_with("{"));
}
