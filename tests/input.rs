//! Reading input files (docs/input.md): a size limit that holds for devices too, reading time
//! linear in the length of a line, a bounded number of findings per line, and encodings told line by
//! line (UTF-8, Latin-1, both mixed) or by the NUL bytes of UTF-16.
//!
//! The timeouts below are hang detectors, not timings: the code before these fixes took minutes on
//! a 1 MB line and read `/dev/zero` until memory ran out; now each run takes well under a second.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use predicates::prelude::*;
use trfcheck::formats;

use crate::support::{sample, trfcheck};

const HANG: Duration = Duration::from_secs(120);

fn json_lines(output: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output).lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

/// The first 89 columns of a 001 record (through the rank), for player `id` with `points`.
fn player_head(id: u32, name: &str, points: &str) -> String {
    // Name in columns 15–47, rating 49–52, points 81–84, rank 86–89.
    let head = format!("001 {id:>4}      {name:<33} 2000{:28}{points:>4} {id:>4}", "");
    assert_eq!(head.chars().count(), 89, "{head}");
    head
}

/// A device named as a file is refused without being read (it may never end, and a named pipe
/// would block the run); fed on standard input, where only the bytes count, the size limit stops
/// it.
#[test]
fn a_device_is_refused_and_one_without_end_on_standard_input_stops_at_the_size_limit() {
    if !Path::new("/dev/zero").exists() {
        eprintln!("SKIPPED: no /dev/zero on this system");
        return;
    }
    trfcheck()
        .args(["validate", "/dev/zero"])
        .timeout(HANG)
        .assert()
        .code(5)
        .stdout("")
        .stderr(predicate::str::contains("cannot read /dev/zero: it is a character device, not a regular file"));
    let (sender, done) = mpsc::channel();
    thread::spawn(move || {
        let output = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
            .args(["check", "--format", "json", "--max-file-size", "1M", "-"])
            .stdin(fs::File::open("/dev/zero").unwrap())
            .output();
        let _ = sender.send(output);
    });
    let output = done.recv_timeout(HANG).expect("hangs on /dev/zero").unwrap();
    assert_eq!(output.status.code(), Some(5));
    let report = &json_lines(&output.stdout)[0];
    let error = report["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("<stdin>") && error.contains("larger than 1 MiB") && error.contains("--max-file-size"),
        "{report}"
    );
}

#[test]
fn a_file_over_the_limit_is_refused_and_the_flag_raises_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.trf");
    fs::copy(sample("dutch-4p-2r.trf"), &path).unwrap();
    let size = fs::metadata(&path).unwrap().len();
    trfcheck()
        .args(["validate", "--max-file-size", &(size - 1).to_string()])
        .arg(&path)
        .assert()
        .code(5)
        .stdout("")
        .stderr(predicate::str::contains(format!("larger than {} bytes", size - 1)))
        .stderr(predicate::str::contains("t.trf"));
    trfcheck().args(["validate", "--max-file-size", &size.to_string()]).arg(&path).assert().code(0);
    trfcheck().args(["check", "--max-file-size", "1k"]).arg(&path).assert().code(0);
    trfcheck()
        .args(["pair", "--max-file-size", "512"])
        .arg(&path)
        .assert()
        .code(5)
        .stderr(predicate::str::contains("larger than 512 bytes").and(predicate::str::contains("--max-file-size")));
    for bad in ["12X", "M", "0", "-5", "99999999999T"] {
        trfcheck().args(["validate", "--max-file-size", bad]).arg(&path).assert().code(2);
    }
}

#[test]
fn a_megabyte_line_is_read_and_its_findings_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.trf");
    // 100 000 rounds against players that do not exist: 1 MB on one line, an error per round.
    let blocks: String = (0..100_000).map(|r| format!("  {:>4} w 1", r % 9000 + 2)).collect();
    fs::write(&path, format!("012 Long line\n{}{blocks}\n", player_head(1, "Doe, John", "1.0"))).unwrap();
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).timeout(HANG).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let report = &json_lines(&output.stdout)[0];
    let diagnostics = report["diagnostics"].as_array().unwrap();
    let on_line_2: Vec<&serde_json::Value> = diagnostics.iter().filter(|d| d["line"] == 2).collect();
    assert_eq!(on_line_2.len(), 21, "{:?}", &diagnostics[..diagnostics.len().min(30)]);
    let summary = on_line_2[20];
    assert_eq!(summary["code"], "more-findings");
    assert!(summary["message"].as_str().unwrap().starts_with("… and "), "{summary}");
    // The counts still say how many there were.
    assert!(report["errors"].as_u64().unwrap() >= 100_000, "{}", report["errors"]);
}

#[test]
fn a_line_of_junk_gives_twenty_findings_and_a_count_of_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.trf");
    let junk = "x".repeat(160_000);
    fs::write(&path, format!("012 Junk\n{}{junk}\n", player_head(1, "Doe, John", "1.0"))).unwrap();
    let output = trfcheck().arg("validate").arg(&path).timeout(HANG).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let headers: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).collect();
    assert_eq!(headers.len(), 21, "{headers:?}");
    assert!(headers[20].starts_with("error[more-findings]: … and "), "{}", headers[20]);
    assert!(headers[20].ends_with("more findings on this line (111980 errors)"), "{}", headers[20]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("112000 errors"));
}

#[test]
fn points_over_many_rounds_without_a_result_letter_are_checked_in_linear_time() {
    // Rounds written `0000 -` with no result letter may explain a Points column (SwissPerfect and
    // Vega count them as byes); the search for how many of each kind once tried every pair of
    // counts, half a million rounds squared. Here no count explains it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("unmarked.trf");
    let unmarked = "  0000 -  ".repeat(500_000);
    let text = format!(
        "012 Unmarked\n{}{unmarked}     2 w 1\n{}{unmarked}     1 b 0\n",
        player_head(1, "Doe, John", "0.0"),
        player_head(2, "Roe, Jane", "0.0")
    );
    fs::write(&path, text).unwrap();
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).timeout(HANG).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let report = &json_lines(&output.stdout)[0];
    let codes: Vec<&str> =
        report["diagnostics"].as_array().unwrap().iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, ["points-mismatch"], "{report}");
}

/// The sample as UTF-16 code units, big- or little-endian, with or without a BOM.
fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
    units.flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
}

#[test]
fn utf16_is_read_and_named_with_or_without_a_bom() {
    let text = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap().replace("Aalders", "Åalders");
    let dir = tempfile::tempdir().unwrap();
    for (big_endian, name) in [(false, "utf16le"), (true, "utf16be")] {
        for bom in [true, false] {
            let path = dir.path().join(format!("{name}-{bom}.trf"));
            fs::write(&path, utf16(&text, big_endian, bom)).unwrap();
            let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).output().unwrap();
            assert_eq!(output.status.code(), Some(0), "{name}, BOM {bom}: {}", String::from_utf8_lossy(&output.stdout));
            let report = &json_lines(&output.stdout)[0];
            assert_eq!(report["encoding"], name, "{report}");
            assert_eq!(report["diagnostics"][0]["code"], "utf-16", "{report}");
            trfcheck().arg("check").arg(&path).assert().code(0);
            trfcheck()
                .args(["convert", "--to", "trf"])
                .arg(&path)
                .assert()
                .code(0)
                .stdout(predicate::str::contains("Åalders, Bram"));
        }
    }
}

#[test]
fn a_file_of_utf8_and_latin1_lines_reads_each_line_in_its_encoding() {
    let text = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    // Line 12 in UTF-8, line 13 in Latin-1 (same widths in characters as the original names).
    let mut bytes = Vec::new();
    for (index, line) in text.split_inclusive('\n').enumerate() {
        match index + 1 {
            12 => bytes.extend(line.replace("Aalders, Bram", "Åalders, Bräm").as_bytes()),
            13 => bytes.extend(line.replace("Bakker, Cor", "B\u{E4}kker, C\u{F6}r").chars().map(|c| c as u8)),
            _ => bytes.extend(line.as_bytes()),
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.trf");
    fs::write(&path, &bytes).unwrap();
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).output().unwrap();
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert_eq!(report["encoding"], "mixed");
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{report}");
    assert_eq!(diagnostics[0]["code"], "latin-1");
    assert_eq!(diagnostics[0]["line"], 13);
    assert!(diagnostics[0]["message"].as_str().unwrap().contains("line 13 is not UTF-8"), "{report}");
    trfcheck()
        .args(["convert", "--to", "trf"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Åalders, Bräm").and(predicate::str::contains("Bäkker, Cör")));
    // A file whose only non-ASCII lines are Latin-1 is still called Latin-1.
    let output = trfcheck().args(["validate", "--format", "json"]).arg(sample("legacy-latin1.trf")).output().unwrap();
    assert_eq!(json_lines(&output.stdout)[0]["encoding"], "latin1");
}

#[test]
fn the_format_is_told_from_the_head_of_the_file() {
    let trf = fs::read(sample("dutch-4p-2r.trf")).unwrap();
    assert!(formats::is_tournament_file(&trf));
    // A long text that happens to hold a record far down is not a tournament file.
    let mut log = "a line of some log file, not a tournament\n".repeat(2_000).into_bytes();
    assert!(log.len() > formats::SNIFF_BYTES);
    log.extend(b"012 not a header this far down\n");
    assert!(!formats::is_tournament_file(&log));
    let loaded = formats::read_bytes(Path::new("log.txt"), &log, formats::ReadOptions::default());
    assert!(loaded.tournament.is_none());
    assert_eq!(loaded.diagnostics.iter().next().map(|d| d.code.id()), Some("unknown-format"));
    // A tournament whose first line is longer than the head is still one.
    let long = format!("{}{}\n012 x\n", player_head(1, "Doe, John", "0.0"), "         ".repeat(5_000));
    assert!(formats::is_tournament_file(long.as_bytes()));
}

#[cfg(unix)]
#[test]
fn watch_passes_over_a_link_to_a_device_in_the_folder() {
    if !Path::new("/dev/zero").exists() {
        eprintln!("SKIPPED: no /dev/zero on this system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.trf");
    fs::copy(sample("dutch-4p-2r.trf"), &file).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
        .args(["watch", "--format", "json", "--debounce-ms", "50"])
        .arg(dir.path())
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (sender, lines) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let next = || lines.recv_timeout(Duration::from_secs(20));
    let first = next();
    // A link to /dev/zero appears (the old watch read it until memory ran out), then the file is
    // saved again: the save is still reported.
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.trf")).unwrap();
    thread::sleep(Duration::from_millis(500));
    fs::write(&file, fs::read(sample("dutch-4p-2r.trf")).unwrap()).unwrap();
    let second = next();
    let _ = child.kill();
    let _ = child.wait();
    let first = first.expect("the first check");
    assert!(first.contains("a.trf"), "{first}");
    let second = second.expect("a check after the link to /dev/zero appeared");
    assert!(second.contains("a.trf") && !second.contains("zero.trf"), "{second}");
}

/// A player record with a character inserted or deleted is one finding that says where the
/// fields left their columns, not one per field after it: a blank too many in a name's padding
/// (the sample's player 1, a space inserted at column 41) reads `an extra character between
/// columns 28 and 49`, a character deleted from the blanks before the federation `a missing
/// character`; the record is read as if put back, so `--lenient` checks the file as the original.
/// A line of junk is no shift and keeps its findings.
#[test]
fn a_shifted_player_record_is_one_finding_naming_the_shift() {
    let dir = tempfile::tempdir().unwrap();
    let original = fs::read_to_string(crate::support::sample("dutch-4p-2r.trf")).unwrap();
    let edit = |edit: &dyn Fn(&str) -> String| -> String {
        let mut done = false;
        let lines: Vec<String> = original
            .lines()
            .map(|l| {
                if !done && l.starts_with("001") {
                    done = true;
                    edit(l)
                } else {
                    l.to_owned()
                }
            })
            .collect();
        lines.join("\n") + "\n"
    };
    let findings = |name: &str, text: &str, args: &[&str]| -> (Option<i32>, Vec<String>, String) {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        let output = trfcheck().args(args).arg(&path).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let headers =
            stderr.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).map(str::to_owned);
        (output.status.code(), headers.collect(), String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let inserted = edit(&|l| format!("{} {}", &l[..40], &l[40..]));
    let (code, headers, _) = findings("inserted.trf", &inserted, &["validate"]);
    assert_eq!(code, Some(3));
    assert_eq!(
        headers,
        [
            "error[shifted-line]: player record shifted: an extra character between columns 28 and 49 shifts every field \
          after it one column right"
        ]
    );
    let deleted = edit(&|l| format!("{}{}", &l[..60], &l[61..]));
    let (_, headers, _) = findings("deleted.trf", &deleted, &["validate"]);
    assert_eq!(headers.len(), 1, "{headers:?}");
    assert!(headers[0].starts_with("error[shifted-line]: player record shifted: a missing character between"));
    // Read as if put back: the check under --lenient is the original's.
    let (code, _, stdout) = findings("inserted.trf", &inserted, &["check", "--lenient"]);
    let (original_code, _, original_stdout) = findings("original.trf", &original, &["check"]);
    assert_eq!(code, original_code);
    let rounds = |s: &str| s.lines().filter(|l| l.starts_with("  round")).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(rounds(&stdout), rounds(&original_stdout));
    // Junk in the middle of the record is no shift.
    let junk = edit(&|l| format!("{}xxxxxxxx{}", &l[..50], &l[58..]));
    let (_, headers, _) = findings("junk.trf", &junk, &["validate"]);
    assert!(headers.len() > 1 && headers.iter().all(|h| !h.contains("shifted-line")), "{headers:?}");
}
