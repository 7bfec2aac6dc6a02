//! The command line as a user meets it: commands, exit codes, output formats (SPEC.md).

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::{sample, trfcheck};

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
    trfcheck()
        .arg("validate")
        .arg("no/such/file.trf")
        .assert()
        .code(5)
        .stdout("")
        .stderr("trfcheck: cannot read no/such/file.trf: No such file or directory (os error 2)\n");
    trfcheck().arg("validate").assert().code(2);
    trfcheck().arg("frobnicate").assert().code(2);
    // Several files: the highest code wins.
    trfcheck().arg("validate").arg(sample("dutch-4p-2r.trf")).arg(sample("defective.trf")).assert().code(3);
}

/// Standard output carries the results, and a file that cannot be read has
/// none; its error goes to stderr with the findings, in every text layout. JSON keeps it in the
/// file's object (`error`), which is the result there.
#[test]
fn files_that_cannot_be_read_are_reported_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.trf");
    // A path below a file cannot be read, even by root (who reads a file of mode 000); a folder is
    // searched for tournament files (docs/input.md, "Folders").
    let plain = dir.path().join("plain.trf");
    std::fs::write(&plain, "").unwrap();
    let below_a_file = plain.join("inner.trf");
    let good = sample("dutch-4p-2r.trf");
    for command in [&["validate"][..], &["check"], &["check", "--format", "bbp"]] {
        for unreadable in [&missing, &below_a_file] {
            let output = trfcheck().args(command).arg(&good).arg(unreadable).output().unwrap();
            let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
            assert_eq!(output.status.code(), Some(5), "{command:?} {unreadable:?}: {stdout}{stderr}");
            let name = unreadable.display().to_string();
            assert!(!stdout.contains(&name), "{command:?}: the error is on stdout:\n{stdout}");
            assert!(stdout.contains("dutch-4p-2r"), "{command:?}: the readable file's result is missing:\n{stdout}");
            assert!(stderr.contains(&format!("trfcheck: cannot read {name}: ")), "{command:?}:\n{stderr}");
        }
    }
    // An empty folder beside a good file: nothing was checked from it (4), and it says so.
    let folder = dir.path().join("folder.trf");
    std::fs::create_dir(&folder).unwrap();
    for command in ["validate", "check"] {
        trfcheck()
            .arg(command)
            .arg(&good)
            .arg(&folder)
            .assert()
            .code(4)
            .stdout(predicate::str::contains("dutch-4p-2r"))
            .stderr(predicate::str::contains("folder.trf: nothing to check: no tournament file under it"));
    }
    let output = trfcheck().args(["check", "--format", "json"]).arg(&missing).output().unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert!(json_lines(&output.stdout)[0]["error"].as_str().unwrap().starts_with("cannot read"));
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
    assert_eq!(objects[0]["schema"], 2);
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
    // The sample's two rounds, by hand (C.04.3): round 1 is S1 {1, 2} against S2 {3, 4}, 1–3 and
    // 2–4, the initial colour (152 W) to TPN 1, the other to TPN 2 (5.2.5). Round 2: 1 (1.0) is
    // the lone MDP of the 0.5 bracket {2, 4}; 1–2 comes first in the generation order and 4 floats
    // down to 3; every colour preference is granted (5.2.1): 2 and 3 white.
    let output = trfcheck().args(["check", "--format", "json"]).arg(sample("dutch-4p-2r.trf")).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["schema"], 2);
    assert_eq!(report["system"], "dutch-2025");
    assert_eq!(report["system_source"], "192 record");
    let rounds = report["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert!(rounds.iter().all(|r| r["status"] == "match"), "{rounds:?}");
    assert_eq!(report["summary"]["rounds_checked"], 2);
    // The 2012 rules chosen for a file paired under 2025: both rounds are the same under them.
    let output = trfcheck()
        .args(["check", "--format", "json", "--system", "dutch-2012"])
        .arg(sample("dutch-4p-2r.trf"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!((report["system"].as_str(), report["system_source"].as_str()), (Some("dutch-2012"), Some("--system")));
    assert!(report.get("system_caveat").is_none(), "the file is dated 2026: no caveat");
    let rounds = report["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert!(rounds.iter().all(|r| r["status"] == "match"), "{rounds:?}");
    // A 2009 file: the 2012 rules are assumed, and every output says they are only the nearest.
    // Round 2 pairs 4–5 in the 1-point bracket where the rules pair 1–5 without an exchange (D.2).
    trfcheck()
        .arg("check")
        .arg(sample("legacy-latin1.trf"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("pairing system dutch-2012 (assumed)"))
        .stdout(predicate::str::contains("2009/03/14"))
        .stdout(predicate::str::contains("note: the start date (042) 2009/03/14 is before 1 July 2013"))
        .stdout(predicate::str::contains("Dutch 2012, D.2"));
    let output = trfcheck().args(["check", "--format", "json"]).arg(sample("legacy-latin1.trf")).output().unwrap();
    let report = &json_lines(&output.stdout)[0];
    assert!(report["system_caveat"].as_str().is_some_and(|c| c.contains("nearest rules")), "{report}");
    assert_eq!(report["summary"]["mismatched_rounds"], serde_json::json!([2]));
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
        .args(["check", "--format", "bbp"])
        .arg(sample("legacy-latin1.trf"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("note: the start date (042) 2009/03/14"));
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
    // With the system chosen, each round gets a verdict. Round 1 of the four players under B.b, the
    // starting numbers read as lot numbers: 1–3, 2–4; the file records 1–4, 2–3.
    trfcheck()
        .args(["check", "--system", "fmjd-solkoff"])
        .arg(sample("draughts-arbiter.csv"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("fmjd-solkoff"))
        .stdout(predicate::str::contains("1.   1 - 3"))
        .stdout(predicate::str::contains("appendix B"));
    trfcheck().arg("check").arg("missing.trf").assert().code(5);
}

/// `pair` on the JaVaFo sample: players 5 (`0000 - H`) and 6 (`0000 - Z`) sit out round 3, so
/// 1, 2, 3 and 4 are paired. By hand (C.04.3, 3/1/0 scoring from XXS): 1 has 6 points and has met
/// 3 and 4, so C1 leaves only 2 (3 points); 3 has met 1 and 6 and must take 4 (`XXP 2 4` forbids
/// the other way). Colours: 1 (WB) prefers white, 2 (BW) black — both granted (5.2.1); 3 (WW) has
/// an absolute preference for black (1.7.1), 4 (BW) a mild one for black: the stronger wins
/// (5.2.2), so 4 has white. Boards by the higher player's score (C.04.2 3.6): 1–2, then 4–3.
#[test]
fn pair_prints_the_next_round_in_the_javafo_format() {
    trfcheck().arg("pair").arg(sample("javafo-round-to-pair.trf")).assert().code(0).stdout("2\n1 2\n4 3\n");
    // Every round of the 4-player sample is paired (XXR 2): nothing is left to pair, exit 4 as
    // for a check with nothing to check.
    trfcheck()
        .arg("pair")
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(4)
        .stderr(predicate::str::contains("all are paired"));
}

/// The reference engine's own tests (bbpPairings `test/tests/*.input`, `-p`): the pairing it prints.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn pair_matches_the_reference_engine_tests() {
    let shared = crate::corpus::shared();
    let real = shared.join("corpus/real");
    for name in [
        "BieremaBoyzProgramming__bbpPairings__dutch_2025_C5",
        "BieremaBoyzProgramming__bbpPairings__dutch_2025_C9",
        "BieremaBoyzProgramming__bbpPairings__issue_7",
        "Sharly-Chess__bbpPairings__indiv_299_bonus",
    ] {
        let expected = std::fs::read_to_string(real.join(format!("{name}.output.expected"))).unwrap();
        trfcheck()
            .args(["pair", "--system", "dutch-2025"])
            .arg(real.join(format!("{name}.input.trf")))
            .assert()
            .code(0)
            .stdout(expected);
    }
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

/// The 4-player sample with round 2 altered, two ways; the verdicts worked out by hand.
#[test]
fn check_explains_a_round_that_differs() {
    let original = std::fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    // 1. Colours of board 1 swapped (1 white, 2 black). After round 1, 1 (W) and 2 (B) both have a
    //    strong preference (colour difference ±1, C.04.3 1.7.2), for black and white: 5.2.1 grants
    //    both, so 2 has white.
    let swapped = original
        .replace("     3 w 1     2 b 1", "     3 w 1     2 w 1")
        .replace("     4 b =     1 w 0", "     4 b =     1 b 0");
    let path = dir.path().join("colours.trf");
    std::fs::write(&path, swapped).unwrap();
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["summary"]["mismatched_rounds"], serde_json::json!([2]));
    let round = &report["rounds"][1];
    assert_eq!(round["status"], "mismatch");
    assert_eq!(round["expected"], serde_json::json!([[2, 1], [3, 4]]));
    assert_eq!(round["recorded"], serde_json::json!([[1, 2], [3, 4]]));
    assert_eq!(round["criterion"], "5.2.1");
    // The same pairs in other colours; 1 (W, W) and 2 (B, B) stay within the colour limits.
    assert_eq!((round["severity"].as_str(), report["worst_severity"].as_str()), (Some("colours"), Some("colours")));
    assert!(round.get("engine_bug").is_none());
    // 2. Opponents exchanged: 4–1 and 3–2. In the 0.5 bracket (MDP 1, residents 2 and 4) the
    //    pair 1–4 leaves one of them without their colour preference (both prefer black), where
    //    1–2 grants both; nothing before C12 tells the two apart (one pair, one 0.5 downfloater,
    //    no topscorer beyond ±2 or three in a row).
    let exchanged = original
        .replace("     3 w 1     2 b 1", "     3 w 1     4 b 1")
        .replace("     4 b =     1 w 0", "     4 b =     3 b 0")
        .replace("     1 b 0     4 w 1", "     1 b 0     2 w 1")
        .replace("     2 w =     3 b 0", "     2 w =     1 w 0");
    let path = dir.path().join("opponents.trf");
    std::fs::write(&path, exchanged).unwrap();
    trfcheck()
        .arg("check")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("round 2: ✗ quality: 2 of 2 boards differ"))
        .stdout(predicate::str::contains("1.   4 - 1"))
        .stdout(predicate::str::contains("1.   2 - 1"))
        .stdout(predicate::str::contains("why: C12"))
        .stdout(predicate::str::contains(
            "leaves 1 player who does not get their colour preference, the rules allow 0",
        ));
    trfcheck()
        .args(["check", "--format", "bbp"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(
            "opponents: Round #1\nopponents: Round #2\n  Checker pairings        Tournament pairings \n      2 -   1                  4 -   1\n      3 -   4                  3 -   2\n\n\n",
        );
}

/// The threads that check rounds log to stderr (and draw the progress bar there on a terminal);
/// the command once held stderr's lock from start to end, so a check with logs on and more than
/// one job waited forever. The timeout turns such a hang into a failure.
#[test]
fn check_logs_from_every_job_without_waiting_on_stderr() {
    let assert = trfcheck()
        .env("RUST_LOG", "debug")
        .args(["check", "--jobs", "2"])
        .arg(sample("generated-dutch-2025.trf"))
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .code(0);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    let rounds_logged = stderr.lines().filter(|line| line.contains("checked")).count();
    assert!(rounds_logged >= 2, "each checked round is logged:\n{stderr}");
}

/// The same lock, as a user first meets it: on a terminal, the threads that check rounds draw the
/// progress bar on stderr. `script` (util-linux) gives the command a terminal; without it the test
/// says SKIPPED.
#[test]
fn check_on_a_terminal_draws_progress_from_every_job() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("SKIPPED: `script` (util-linux) is not available to give check a terminal");
        return;
    }
    let command = format!(
        "'{}' --color never check --jobs 2 '{}'",
        env!("CARGO_BIN_EXE_trfcheck"),
        sample("generated-dutch-2025.trf").display()
    );
    Command::new("script")
        .env_remove("RUST_LOG")
        .args(["-qec", &command, "/dev/null"])
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("rounds checked: all match"))
        // The bar starts with the number of rounds known, never as a full bar
        // reading "round 0/0".
        .stdout(predicate::str::contains("round 0/0").not())
        .stdout(predicate::str::contains("] round 1/7"));
}

/// A Dutch tournament generated under `system`, with round 1 changed from the rules' 1–7, 8–2 to
/// 1–8, 7–2: the S2 of the 0-point bracket (S1 = 1–6, S2 = 7–12) transposed, which ties on every
/// criterion (nobody has a history in round 1) and loses only on the order of generation (C.04.3
/// 2025 art. 4.2: the first candidate pairs S1[i] with S2[i]; 2017 section D.1, the same order).
/// Players 7 and 8 swap their round-1 entries and their points, so the file stays consistent.
fn transposed_round_one(dir: &std::path::Path, system: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{system}.trf"));
    let args = ["generate", "--system", system, "--players", "12", "--rounds", "5", "--seed", "3", "-o"];
    trfcheck().args(args).arg(&path).assert().code(0);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let find = |lines: &[String], id: u32| {
        lines.iter().position(|l| l.starts_with("001") && l[4..8].trim() == id.to_string()).unwrap()
    };
    let (one, two, seven, eight) = (find(&lines, 1), find(&lines, 2), find(&lines, 7), find(&lines, 8));
    // The generated round 1 is the rules' pairing: 1 (white) – 7 and 8 (white) – 2.
    assert_eq!(&lines[one][91..97], "   7 w", "{text}");
    assert_eq!(&lines[two][91..97], "   8 b", "{text}");
    let (seven_line, eight_line) = (lines[seven].clone(), lines[eight].clone());
    let swap = |mine: &str, theirs: &str| {
        format!("{}{}{}{}{}", &mine[..80], &theirs[80..84], &mine[84..91], &theirs[91..101], &mine[101..])
    };
    lines[seven] = swap(&seven_line, &eight_line);
    lines[eight] = swap(&eight_line, &seven_line);
    lines[one].replace_range(91..95, "   8");
    lines[two].replace_range(91..95, "   7");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The JSON `criterion` is the text's, in the version's own terms: the order of
/// generation is section D of the 2017 rules, art. 4.2 of the 2025 rules (never `art. 4` for 2017).
#[test]
fn json_and_text_name_the_criterion_alike() {
    let dir = tempfile::tempdir().unwrap();
    for (system, criterion) in [("dutch-2017", "section D"), ("dutch-2025", "art. 4.2")] {
        let path = transposed_round_one(dir.path(), system);
        let text = trfcheck().args(["check", "--rounds", "1"]).arg(&path).output().unwrap();
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        assert!(text.contains(&format!("    why: {criterion}: in the 0.0-point bracket")), "{system}: {text}");
        let json = trfcheck().args(["check", "--rounds", "1", "--format", "json"]).arg(&path).assert().code(1);
        let objects = json_lines(&json.get_output().stdout);
        let round = &objects[0]["rounds"][0];
        assert_eq!(
            (round["severity"].as_str(), round["criterion"].as_str()),
            (Some("order"), Some(criterion)),
            "{round}"
        );
        assert_eq!(objects[0]["status"], "differs");
    }
}

/// The file `status` of the JSON is the summary table's word.
#[test]
fn file_statuses_are_words_a_reader_understands() {
    let dir = tempfile::tempdir().unwrap();
    let differs = transposed_round_one(dir.path(), "dutch-2017");
    let missing = dir.path().join("missing.trf");
    let cases = [
        (sample("dutch-4p-2r.trf"), "match", 0),
        (differs, "differs", 1),
        (sample("defective.trf"), "invalid", 3),
        (missing.clone(), "unreadable", 5),
    ];
    for (path, status, code) in cases {
        let output = trfcheck().args(["check", "--format", "json"]).arg(&path).assert().code(code);
        assert_eq!(json_lines(&output.get_output().stdout)[0]["status"], status, "{path:?}");
    }
    for (path, status, code) in [(sample("dutch-4p-2r.trf"), "valid", 0), (missing, "unreadable", 5)] {
        let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).assert().code(code);
        assert_eq!(json_lines(&output.get_output().stdout)[0]["status"], status, "{path:?}");
    }
}

/// With `--format json`, standard error is for logs only; the findings, notes
/// and warnings are in the objects (a skipped file and an empty folder get objects of their own).
#[test]
fn json_keeps_standard_error_for_logs() {
    let dir = tempfile::tempdir().unwrap();
    let (mixed, empty) = (dir.path().join("mixed"), dir.path().join("empty"));
    std::fs::create_dir_all(&mixed).unwrap();
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::copy(sample("defective.trf"), mixed.join("defective.trf")).unwrap();
    std::fs::write(mixed.join("notes.txt"), "not a tournament\n").unwrap();
    let good = sample("dutch-4p-2r.trf");
    let output = trfcheck()
        .args(["check", "--format", "json", "--floats", "off"])
        .arg(&mixed)
        .arg(&empty)
        .arg(&good)
        .assert()
        .code(3)
        .stderr("");
    let objects = json_lines(&output.get_output().stdout);
    let status = |name: &str| {
        let object = objects.iter().find(|o| o["file"].as_str().is_some_and(|f| f.ends_with(name))).expect(name);
        object["status"].as_str().unwrap().to_owned()
    };
    assert_eq!(status("notes.txt"), "skipped");
    assert_eq!(status("empty"), "nothing-to-check");
    assert_eq!(status("defective.trf"), "invalid");
    let good = objects.iter().find(|o| o["status"] == "match").unwrap();
    assert_eq!(good["warnings"][0], "--floats applies to the FMJD systems only; dutch-2025 ignores it");
    trfcheck().args(["validate", "--format", "json"]).arg(sample("defective.trf")).assert().code(3).stderr("");
    let output =
        trfcheck().args(["identify", "--format", "json"]).arg(sample("defective.trf")).assert().code(3).stderr("");
    let object = &json_lines(&output.get_output().stdout)[0];
    assert_eq!(object["status"], "invalid");
    assert!(!object["diagnostics"].as_array().unwrap().is_empty(), "{object}");
    trfcheck().args(["check", "--format", "json"]).arg(&empty).assert().code(4).stderr("");
}

/// `-` reads standard input, named `<stdin>`; `watch` refuses it.
#[test]
fn a_dash_reads_standard_input() {
    let good = std::fs::read(sample("dutch-4p-2r.trf")).unwrap();
    trfcheck()
        .args(["check", "-"])
        .write_stdin(good.clone())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("<stdin>: dutch-2025: 2 of 2 rounds checked: all match"));
    let output = trfcheck().args(["check", "--format", "json", "-"]).write_stdin(good.clone()).assert().code(0);
    assert_eq!(json_lines(&output.get_output().stdout)[0]["file"], "<stdin>");
    trfcheck()
        .args(["validate", "-"])
        .write_stdin(good.clone())
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("<stdin>: valid (4 players, 2 rounds paired"));
    trfcheck()
        .args(["validate", "-"])
        .write_stdin(std::fs::read(sample("defective.trf")).unwrap())
        .assert()
        .code(3)
        .stderr(predicate::str::contains("--> <stdin>:8:99"));
    let to_pair = std::fs::read(sample("javafo-round-to-pair.trf")).unwrap();
    let from_file = trfcheck().arg("pair").arg(sample("javafo-round-to-pair.trf")).output().unwrap();
    trfcheck().args(["pair", "-"]).write_stdin(to_pair).assert().code(0).stdout(from_file.stdout);
    let crosstable = std::fs::read(sample("draughts-arbiter.csv")).unwrap();
    let from_file = trfcheck().args(["convert", "--to", "trf"]).arg(sample("draughts-arbiter.csv")).output().unwrap();
    trfcheck().args(["convert", "--to", "trf", "-"]).write_stdin(crosstable).assert().code(0).stdout(from_file.stdout);
    trfcheck().args(["watch", "-"]).assert().code(2).stderr(predicate::str::contains("standard input"));
}

/// One round, one player are singular.
#[test]
fn one_round_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.trf");
    let args = ["generate", "--system", "dutch-2025", "--players", "6", "--rounds", "1", "-o"];
    trfcheck().args(args).arg(&path).assert().code(0);
    trfcheck()
        .arg("check")
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1 of 1 round checked: it matches"));
    trfcheck()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("valid (6 players, 1 round paired; 0 errors, 0 warnings)"));
    trfcheck().arg("identify").arg(&path).assert().stdout(predicate::str::contains(": 1 round recorded;"));
}

/// `--format bbp` (the checker layout of `check`) is a usage error where it does not apply.
#[test]
fn bbp_is_refused_where_it_does_not_apply() {
    for command in ["validate", "watch", "identify"] {
        trfcheck()
            .args([command, "--format", "bbp"])
            .arg(sample("dutch-4p-2r.trf"))
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("invalid value 'bbp'"));
    }
}

/// Logs piped into a file or another program hold no escape codes (stderr is not a terminal here).
#[test]
fn logs_on_a_pipe_have_no_colour_codes() {
    let output = trfcheck()
        .env("RUST_LOG", "trace")
        .args(["generate", "--system", "fmjd-rating", "--players", "6", "--rounds", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("fmjd search"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

/// Both spellings of colour are understood: `--colour` is `--color`, `--color-preference` is
/// `--colour-preference`, and `--fail-on colors` is `--fail-on colours`.
#[test]
fn both_spellings_of_colour_are_understood() {
    let file = sample("generated-dutch-2025.trf");
    for args in [vec!["--colour", "never", "check"], vec!["check", "--fail-on", "colors"]] {
        // Without the `--color never` of `trfcheck()`: a flag may be given once.
        Command::new(env!("CARGO_BIN_EXE_trfcheck"))
            .env_remove("RUST_LOG")
            .args(&args)
            .arg(&file)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("all match"));
    }
    let crosstable = sample("draughts-arbiter.csv");
    let british = trfcheck()
        .args(["check", "--system", "fmjd-rating", "--colour-preference", "weak", "--format", "json"])
        .arg(&crosstable)
        .output()
        .unwrap();
    let american = trfcheck()
        .args(["check", "--system", "fmjd-rating", "--color-preference", "weak", "--format", "json"])
        .arg(&crosstable)
        .output()
        .unwrap();
    assert_eq!(british.stdout, american.stdout);
    assert_eq!(british.status.code(), american.status.code());
    assert!(String::from_utf8_lossy(&american.stdout).contains("\"weak\""), "the option was used");
}

/// `completions SHELL` prints a script the shell accepts (bash parses it: `bash -n`), naming every
/// command; `man` prints a roff page of section 1 that lists the commands.
#[test]
fn completions_and_the_manual_page_are_printed() {
    let output = trfcheck().args(["completions", "bash"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let script = String::from_utf8(output.stdout).unwrap();
    for command in ["check", "validate", "pair", "identify", "standings", "watch", "generate", "convert"] {
        assert!(script.contains(command), "{command} in the bash completions");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trfcheck.bash");
    std::fs::write(&path, &script).unwrap();
    if let Ok(status) = std::process::Command::new("bash").arg("-n").arg(&path).status() {
        assert!(status.success(), "bash -n refuses the script");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        trfcheck().args(["completions", shell]).assert().code(0).stdout(predicate::str::contains("trfcheck"));
    }
    trfcheck().args(["completions", "tcsh"]).assert().code(2);
    let man = trfcheck().arg("man").output().unwrap();
    assert_eq!(man.status.code(), Some(0));
    let page = String::from_utf8(man.stdout).unwrap();
    assert!(page.contains(".TH trfcheck 1"), "{page}");
    assert!(page.contains("standings") && page.contains("watch"), "the commands are listed");
}

/// `--system dutch` (or `dubov`, `team`, …) takes the edition in force on the file's dates, as a 192
/// code without a year does, and says so: the sample of 2009 is checked under the 2012 rules, an
/// event generated in 2026 under the 2025 ones (C.04.3 2025 and C.04.4.1 2025 in force from 1
/// February 2026); `pair` takes the family too.
#[test]
fn a_system_family_resolves_to_the_edition_in_force_on_the_files_dates() {
    let system_of = |path: &std::path::Path, args: &[&str]| -> serde_json::Value {
        let output = trfcheck().args(["check", "--format", "json"]).args(args).arg(path).output().unwrap();
        json_lines(&output.stdout).remove(0)
    };
    let old = system_of(&sample("legacy-latin1.trf"), &["--system", "dutch"]);
    assert_eq!(old["system"], "dutch-2012");
    assert_eq!(
        old["system_reason"], "--system dutch: the Dutch rules in force on the start date (042), 2009/03/14",
        "{old}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.trf");
    trfcheck()
        .args(["generate", "--system", "dutch-2025", "--players", "12", "--rounds", "3", "--seed", "1", "-o"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(system_of(&path, &["--system", "dutch"])["system"], "dutch-2025");
    assert_eq!(system_of(&path, &["--system", "dubov"])["system"], "dubov-2025");
    trfcheck().args(["pair", "--system", "dutch"]).arg(sample("javafo-round-to-pair.trf")).assert().success();
}

/// `pair --format json` gives the boards the JaVaFo layout gives, with the round and the system;
/// `-o FILE` writes the pairing there (nothing on standard output), and refuses the input itself.
#[test]
fn pair_writes_json_and_to_a_file() {
    let input = sample("javafo-round-to-pair.trf");
    let text = trfcheck().arg("pair").arg(&input).output().unwrap();
    let lines: Vec<String> = String::from_utf8(text.stdout).unwrap().lines().map(str::to_owned).collect();
    let output = trfcheck().args(["pair", "--format", "json"]).arg(&input).output().unwrap();
    let json = json_lines(&output.stdout).remove(0);
    assert_eq!(json["round"], 3);
    assert_eq!(json["system"], "dutch-2025");
    let boards: Vec<String> = json["boards"].as_array().unwrap().iter().map(|b| format!("{} {}", b[0], b[1])).collect();
    assert_eq!(lines[0], boards.len().to_string());
    assert_eq!(lines[1..], boards[..]);
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("pairing.txt");
    let written = trfcheck().args(["pair", "-o"]).arg(&target).arg(&input).output().unwrap();
    assert!(written.status.success() && written.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), lines.join("\n") + "\n");
    trfcheck().args(["pair", "-o"]).arg(&input).arg(&input).assert().code(5);
}

/// `identify` lists the systems whose pairings match equally often in the order `--help` gives
/// them, so that the editions of one family stand together: every Dubov edition pairs the two
/// rounds of the four-player sample, and dubov-2018 comes between dubov-2025 and dubov-1997.
#[test]
fn identify_lists_tied_systems_in_the_order_of_help() {
    let output = trfcheck().arg("identify").arg(sample("dutch-4p-2r.trf")).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let systems: Vec<&str> = stdout
        .lines()
        .skip(1)
        .filter(|l| l.contains("2 of 2") && !l.contains(" with "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        systems,
        [
            "dutch-2025",
            "dutch-2017",
            "dutch-2012",
            "dubov-2025",
            "dubov-2018",
            "dubov-1997",
            "burstein-2026",
            "lim-2026"
        ],
        "{stdout}"
    );
}
