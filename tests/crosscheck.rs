//! `trfcheck crosscheck` run on programs whose pairings are known: trfcheck's own `pair` (no
//! difference), a wrapper that swaps the colours of board 1 (every round differs, with trfcheck's
//! explanation), and programs that fail in each way a program can (docs/crosscheck.md).
#![cfg(unix)]

use serde_json::Value;

use crate::support::trfcheck;

fn crosscheck(engine: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--players", "8-16", "--rounds", "4-5", "--format", "json"])
        .args(["--engine", engine])
        .args(extra)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("no JSON: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code(), json)
}

fn pair_command() -> String {
    format!("'{}' pair --system dutch-2025", env!("CARGO_BIN_EXE_trfcheck"))
}

#[test]
fn trfchecks_own_pairing_has_no_difference_and_the_same_seed_gives_the_same_tournaments() {
    let engine = format!("{} {{in}} -o {{out}}", pair_command());
    let (code, json) = crosscheck(&engine, &["--tournaments", "4", "--seed", "7"]);
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(json["rounds_differing"], 0);
    assert_eq!(json["engine_failures"], 0);
    let (least, most) = (json["players"][0].as_u64().unwrap(), json["players"][1].as_u64().unwrap());
    assert!((8..=16).contains(&least) && (8..=16).contains(&most), "{json}");
    let rounds = json["rounds_paired"].as_u64().unwrap();
    assert!((16..=20).contains(&rounds), "every round of 4 tournaments of 4–5 rounds: {json}");
    let (_, again) = crosscheck(&engine, &["--tournaments", "4", "--seed", "7"]);
    assert_eq!((again["players"].clone(), again["rounds"].clone()), (json["players"].clone(), json["rounds"].clone()));
}

#[test]
fn a_program_that_swaps_the_colours_of_board_1_differs_in_every_round_and_each_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!(
        "{} {{in}} -o {{out}}.tmp && awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}",
        pair_command()
    );
    let save = dir.path().join("saved");
    let (code, json) = crosscheck(&engine, &["--tournaments", "2", "--seed", "3", "--save", save.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    let differences = json["differences"].as_array().unwrap();
    assert_eq!(differences.len() as u64, json["rounds_paired"].as_u64().unwrap(), "{json}");
    for d in differences {
        let severity = d["severity"].as_str().unwrap();
        assert!(matches!(severity, "colours" | "absolute"), "{d}");
        assert!(d["explanation"].as_str().unwrap().contains("board 1"), "{d}");
    }
    // The saved tournament differs under `check` as it did here.
    let file = differences[0]["file"].as_str().unwrap();
    trfcheck().args(["check", "--system", "dutch-2025", file]).assert().code(1);
    // The program's input for a differing round is that round to pair again (its absences kept,
    // the later rounds gone): `pair` pairs that round of it.
    let last = differences.last().unwrap();
    let input = last["input"].as_str().unwrap();
    let output = trfcheck().args(["pair", "--system", "dutch-2025", "--format", "json", input]).output().unwrap();
    let paired: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(paired["round"], last["round"], "{paired}");
}

#[test]
fn a_program_that_fails_is_counted_as_a_failure_never_as_a_pairing() {
    let failure = |engine: &str, extra: &[&str]| -> Value {
        let (code, json) = crosscheck(engine, &[&["--tournaments", "1"], extra].concat());
        assert_eq!(code, Some(1), "{json}");
        assert_eq!(json["rounds_paired"], 0, "{json}");
        json["failures"][0]["failure"].clone()
    };
    assert_eq!(failure("exit 3", &[])["kind"], "crashed");
    assert_eq!(failure("echo hello > {out}", &[])["kind"], "unreadable");
    let illegal = failure("printf '1\\n1 2\\n' > {out}", &[]);
    assert_eq!(illegal["kind"], "illegal");
    assert!(illegal["detail"].as_str().unwrap().ends_with("is not paired"), "{illegal}");
    let started = std::time::Instant::now();
    assert_eq!(failure("sleep 30", &["--timeout", "0.3"])["kind"], "timed-out");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "the program was stopped");
}
