//! What a federation officer must be able to trust of a run, whatever the files: every file of a
//! folder audit is accounted for (checked, skipped with its reason, or an error of the run), no
//! output replaces a file the user did not mean it to, no input blocks the run, and the verdict
//! reaches its reader or the run says it did not.
//!
//! The permission cases run the binary as an unprivileged user (`support::unprivileged`): root may
//! read and write anything, so as root they would prove nothing.

#![cfg(unix)]

use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use predicates::prelude::*;

use crate::support::{give_away, sample, trfcheck, unprivileged, unprivileged_uid};

fn json_lines(output: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output).lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// A folder as a submission arrives: one good tournament, an empty `.trf` and one of random bytes.
fn submissions() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(sample("dutch-4p-2r.trf"), dir.path().join("orig.trf")).unwrap();
    fs::write(dir.path().join("empty.trf"), "").unwrap();
    // Bytes as /dev/urandom gives them, fixed: NULs among them, no line a TRF record.
    let garbage: Vec<u8> = (0u32..3000).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    assert!(garbage.contains(&0));
    fs::write(dir.path().join("garbage.trf"), garbage).unwrap();
    fs::write(dir.path().join("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
    dir
}

/// A file named as a tournament that does not read as one is invalid in a folder, as it is named
/// alone: the audit exits 3 and lists it, and only the README is skipped.
#[test]
fn a_folder_reports_every_file_named_as_a_tournament() {
    let dir = submissions();
    for command in ["check", "validate"] {
        let output = trfcheck().arg(command).arg(dir.path()).output().unwrap();
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(3), "{command}: {stdout}{stderr}");
        for name in ["empty.trf", "garbage.trf"] {
            let row = stdout.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{command}: {stdout}"));
            assert!(row.ends_with("invalid"), "{command}: {row}");
        }
        assert!(stdout.contains("3 files:") && stdout.contains("2 invalid"), "{command}: {stdout}");
        assert!(stderr.contains("skipped 1 file that is not a tournament file"), "{command}: {stderr}");
        assert!(stderr.contains("README.txt") && !stderr.contains("empty.trf, "), "{command}: {stderr}");

        let output = trfcheck().arg(command).args(["--format", "json"]).arg(dir.path()).output().unwrap();
        let objects = json_lines(&output.stdout);
        let status = |file: &str| {
            let object = objects.iter().find(|o| o["file"].as_str().is_some_and(|f| f.ends_with(file))).unwrap();
            object["status"].as_str().unwrap().to_owned()
        };
        assert_eq!((status("empty.trf"), status("garbage.trf")), ("invalid".into(), "invalid".into()));
        assert_eq!(status("README.txt"), "skipped");
    }
    // The CSV report lists them too.
    let report = dir.path().join("audit.csv");
    trfcheck().arg("check").arg(dir.path()).arg("--report").arg(&report).assert().code(3);
    let csv = fs::read_to_string(&report).unwrap();
    assert!(csv.lines().any(|l| l.contains("empty.trf") && l.contains("invalid")), "{csv}");
    assert!(csv.lines().any(|l| l.contains("garbage.trf") && l.contains("invalid")), "{csv}");
    // Named alone, each is invalid (exit 3) too.
    for name in ["empty.trf", "garbage.trf"] {
        trfcheck().arg("check").arg(dir.path().join(name)).assert().code(3);
    }
}

/// Binary input is said to be binary, with where its NUL bytes are, not read as Latin-1 and shown
/// as a line of mojibake under an encoding warning.
#[test]
fn a_binary_file_is_called_binary() {
    let dir = submissions();
    let output = trfcheck().arg("validate").arg(dir.path().join("garbage.trf")).output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr.contains("error[binary-file]: binary file (NUL bytes at line "), "{stderr}");
    assert!(!stderr.contains("latin-1") && !stderr.contains(" | "), "{stderr}");
    let output =
        trfcheck().args(["validate", "--format", "json"]).arg(dir.path().join("garbage.trf")).output().unwrap();
    let object = &json_lines(&output.stdout)[0];
    assert_eq!(object["encoding"], "binary");
    assert_eq!(object["diagnostics"][0]["code"], "binary-file");
}

/// A sub-folder or a `.trf` the user may not read is an error of the run (exit 5), named in the
/// summary, never passed over; so is a path longer than the system allows.
#[test]
fn what_cannot_be_read_is_an_error_of_the_run() {
    let Some(mut as_user) = unprivileged() else { return };
    let dir = tempfile::tempdir().unwrap();
    give_away(dir.path());
    let path = |name: &str| dir.path().join(name);
    fs::copy(sample("dutch-4p-2r.trf"), path("orig.trf")).unwrap();
    give_away(&path("orig.trf"));
    fs::create_dir(path("locked")).unwrap();
    fs::copy(sample("dutch-4p-2r.trf"), path("locked/inside.trf")).unwrap();
    fs::copy(sample("dutch-4p-2r.trf"), path("closed.trf")).unwrap();
    give_away(&path("locked"));
    give_away(&path("closed.trf"));
    set_mode(&path("locked"), 0o000);
    set_mode(&path("closed.trf"), 0o000);
    let output = as_user.arg("check").arg(dir.path()).output().unwrap();
    set_mode(&path("locked"), 0o755);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(5), "{stdout}{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("locked/") && l.ends_with("unreadable")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("closed.trf") && l.ends_with("unreadable")), "{stdout}");
    assert!(stdout.contains("1 match, 2 unreadable"), "{stdout}");
    assert!(stderr.contains("locked (a folder): Permission denied") && stderr.contains("nothing under it"), "{stderr}");
    assert!(stderr.contains("closed.trf: Permission denied"), "{stderr}");

    // Deeper than PATH_MAX (4096 bytes on Linux): met while walking, and said.
    let deep = tempfile::tempdir().unwrap();
    fs::copy(sample("dutch-4p-2r.trf"), deep.path().join("orig.trf")).unwrap();
    // Made one level at a time, each from its parent's handle: a path this long cannot be named.
    let name = "d".repeat(250);
    let mut folder = rustix::fs::open(deep.path(), rustix::fs::OFlags::DIRECTORY, rustix::fs::Mode::empty()).unwrap();
    for _ in 0..20 {
        rustix::fs::mkdirat(&folder, name.as_str(), rustix::fs::Mode::from_raw_mode(0o755)).unwrap();
        folder = rustix::fs::openat(&folder, name.as_str(), rustix::fs::OFlags::DIRECTORY, rustix::fs::Mode::empty())
            .unwrap();
    }
    let output = trfcheck().arg("check").arg(deep.path()).output().unwrap();
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(5), "{stdout}");
    assert!(stderr.contains("File name too long"), "{stderr}");
    assert!(stdout.contains("1 match, 1 unreadable"), "{stdout}");
    let removed = Command::new("rm").arg("-rf").arg(deep.path().join(&name)).status().unwrap();
    assert!(removed.success());
}

/// A named pipe or a device named as the file to check is refused at once, not waited on.
#[test]
fn a_named_pipe_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("round.trf");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for command in ["check", "validate", "pair", "identify", "convert"] {
        let mut run = trfcheck();
        run.arg(command).arg(&fifo).timeout(Duration::from_secs(20));
        if command == "convert" {
            run.args(["--to", "trf"]);
        }
        run.assert().code(5).stderr(predicate::str::contains("round.trf: it is a named pipe, not a regular file"));
    }
    // Among several files too; with `-`, a pipe is read as standard input.
    trfcheck().arg("check").arg(sample("dutch-4p-2r.trf")).arg(&fifo).timeout(Duration::from_secs(20)).assert().code(5);
    trfcheck()
        .args(["check", "-"])
        .write_stdin(fs::read(sample("dutch-4p-2r.trf")).unwrap())
        .timeout(Duration::from_secs(20))
        .assert()
        .code(0);
}

/// Runs the binary as the unprivileged user with these arguments.
fn run_as_user(args: &[OsString]) -> Option<Output> {
    let mut command = unprivileged()?;
    Some(command.args(args).stdin(Stdio::null()).output().unwrap())
}

/// Arguments: words and paths.
fn args(words: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    words.iter().map(|word| word.as_ref().to_owned()).collect()
}

const GENERATE: [&str; 7] = ["generate", "--system", "dutch-2025", "--players", "6", "--rounds", "2"];

fn generate_args(target: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = GENERATE.iter().map(OsString::from).collect();
    args.extend([OsString::from("-o"), target.as_os_str().to_owned()]);
    args
}

/// A file the user may not write is never replaced (a rename would go around its mode); a file of
/// another user that the user may write is written in place, keeping its owner and mode.
#[test]
fn outputs_never_replace_what_the_user_may_not_write() {
    if unprivileged().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A folder anyone may write, without the sticky bit: the kernel would allow any rename.
    set_mode(dir.path(), 0o777);
    let path = |name: &str| dir.path().join(name);

    fs::write(path("keep.csv"), "kept\n").unwrap();
    give_away(&path("keep.csv"));
    set_mode(&path("keep.csv"), 0o444);
    fs::copy(sample("dutch-4p-2r.trf"), path("a.trf")).unwrap();
    let output = run_as_user(&args(&[&"check", &path("a.trf"), &"--report", &path("keep.csv")])).unwrap();
    assert_eq!(output.status.code(), Some(5), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("keep.csv: you may not write it (mode 0444)"), "{}", text(&output.stderr));
    // Refused before the run: nothing was checked.
    assert_eq!(text(&output.stdout), "");
    assert_eq!(fs::read_to_string(path("keep.csv")).unwrap(), "kept\n");

    fs::write(path("g.trf"), "kept\n").unwrap();
    give_away(&path("g.trf"));
    set_mode(&path("g.trf"), 0o444);
    let output = run_as_user(&generate_args(&path("g.trf"))).unwrap();
    assert_eq!(output.status.code(), Some(5), "{}", text(&output.stderr));
    assert_eq!(fs::read_to_string(path("g.trf")).unwrap(), "kept\n");
    assert_eq!(fs::metadata(path("g.trf")).unwrap().uid(), unprivileged_uid());

    // Root's file (mode 644) through a link the user made: refused, and still root's.
    if rustix::process::geteuid().is_root() {
        fs::write(path("root.txt"), "root's\n").unwrap();
        symlink("root.txt", path("link.trf")).unwrap();
        std::os::unix::fs::lchown(path("link.trf"), Some(65534), Some(65534)).unwrap();
        let output = run_as_user(&generate_args(&path("link.trf"))).unwrap();
        assert_eq!(output.status.code(), Some(5), "{}", text(&output.stderr));
        assert_eq!(fs::read_to_string(path("root.txt")).unwrap(), "root's\n");
        assert_eq!(fs::metadata(path("root.txt")).unwrap().uid(), 0);

        // Another user's file that the user's group may write: written in place, owner and mode kept.
        fs::write(path("shared.trf"), "old\n").unwrap();
        std::os::unix::fs::chown(path("shared.trf"), Some(4321), Some(65534)).unwrap();
        set_mode(&path("shared.trf"), 0o664);
        let mut as_member = Command::new("setpriv");
        as_member.args(["--reuid=65534", "--regid=65534", "--init-groups", env!("CARGO_BIN_EXE_trfcheck")]);
        let output = as_member.args(generate_args(&path("shared.trf"))).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let metadata = fs::metadata(path("shared.trf")).unwrap();
        assert_eq!((metadata.uid(), metadata.gid(), metadata.mode() & 0o7777), (4321, 65534, 0o664));
        assert!(fs::read_to_string(path("shared.trf")).unwrap().starts_with("012 "));
    }
}

/// In a sticky folder anyone may write (`/tmp`), a symbolic link of another user is not followed,
/// as the kernel's `protected_symlinks` would not: it could lead the output onto the user's own
/// file.
#[test]
fn a_link_of_another_user_in_a_sticky_folder_is_not_followed() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("SKIPPED: making another user's link needs root");
        assert!(std::env::var_os("CI").is_none() || Command::new("setpriv").arg("--version").output().is_err());
        return;
    }
    let Some(_) = unprivileged() else { return };
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o1777);
    let mine = dir.path().join("mine.trf");
    fs::write(&mine, "the user's\n").unwrap();
    give_away(&mine);
    let trap = dir.path().join("trap.trf");
    symlink("mine.trf", &trap).unwrap();
    std::os::unix::fs::lchown(&trap, Some(4321), Some(4321)).unwrap();
    let output = run_as_user(&generate_args(&trap)).unwrap();
    assert_eq!(output.status.code(), Some(5), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("a symbolic link of another user in a shared folder"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(fs::read_to_string(&mine).unwrap(), "the user's\n");
}

/// An output that is one of the inputs is refused: `check --report results.csv results.csv` would
/// replace the crosstable it checks. So is `convert -o` onto its own input.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let crosstable = dir.path().join("results.csv");
    fs::copy(sample("draughts-arbiter.csv"), &crosstable).unwrap();
    let before = fs::read(&crosstable).unwrap();
    trfcheck()
        .args(["check", "--system", "fmjd-solkoff"])
        .arg(&crosstable)
        .arg("--report")
        .arg(&crosstable)
        .assert()
        .code(5)
        .stdout("")
        .stderr(predicate::str::contains("one of the files the run reads"));
    // Through a folder, and through a link.
    let link = dir.path().join("link.csv");
    symlink("results.csv", &link).unwrap();
    trfcheck().args(["validate"]).arg(dir.path()).arg("--report").arg(&link).assert().code(5);
    trfcheck().args(["convert", "--to", "trf"]).arg(&crosstable).arg("-o").arg(&crosstable).assert().code(5);
    assert_eq!(fs::read(&crosstable).unwrap(), before);
}

/// A `--report` that cannot be written fails before the run, naming the target, not a temporary
/// file beside it.
#[test]
fn a_report_that_cannot_be_written_fails_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("audit.csv");
    let output = trfcheck().arg("check").arg(sample("dutch-4p-2r.trf")).arg("--report").arg(&missing).output().unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert_eq!(text(&output.stdout), "", "the check ran before the refusal");
    let stderr = text(&output.stderr);
    assert!(stderr.contains(&format!("cannot write {}", missing.display())), "{stderr}");
    assert!(stderr.contains("no-such-folder does not exist"), "{stderr}");

    let Some(_) = unprivileged() else { return };
    let closed = tempfile::Builder::new().prefix("closed").tempdir().unwrap();
    give_away(closed.path());
    set_mode(closed.path(), 0o555);
    let target = closed.path().join("audit.csv");
    let output = run_as_user(&args(&[&"check", &sample("dutch-4p-2r.trf"), &"--report", &target])).unwrap();
    assert_eq!(output.status.code(), Some(5));
    let stderr = text(&output.stderr);
    assert!(stderr.contains(&format!("cannot write {}: you may not create files in", target.display())), "{stderr}");
    // The temporary file that was to be renamed over the target is not the one named.
    assert!(!stderr.contains("/.tmp"), "{stderr}");
}

/// A CSV report is safe to open in a spreadsheet: a cell that starts as a formula would is text.
#[test]
fn csv_cells_that_start_as_formulas_are_text() {
    let dir = tempfile::tempdir().unwrap();
    let trf = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    let name = "=HYPERLINK(\"http://example.com\",\"win\")";
    let edited: String = trf
        .lines()
        .map(|l| if l.starts_with("012 ") { format!("012 {name}") } else { l.to_owned() })
        .collect::<Vec<_>>()
        .join("\n");
    fs::write(dir.path().join("a.trf"), edited + "\n").unwrap();
    fs::copy(sample("dutch-4p-2r.trf"), dir.path().join("b.trf")).unwrap();
    let report = dir.path().join("audit.csv");
    trfcheck().arg("check").arg(dir.path()).arg("--report").arg(&report).assert().code(0);
    let mut reader = csv::Reader::from_path(&report).unwrap();
    let events: Vec<String> = reader.records().map(|r| r.unwrap()[1].to_owned()).collect();
    assert!(events.contains(&format!("'{name}")), "{events:?}");
}

/// JSON output escapes U+2028 and U+2029, so a reader that splits lines by Unicode's line
/// terminators keeps each object whole.
#[test]
fn json_keeps_each_object_on_one_line_for_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let trf = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    let edited: String = trf
        .lines()
        .map(|l| if l.starts_with("012 ") { "012 Open\u{2028}20\u{2029}26".to_owned() } else { l.to_owned() })
        .collect::<Vec<_>>()
        .join("\n");
    let path = dir.path().join("a.trf");
    fs::write(&path, edited + "\n").unwrap();
    for command in ["check", "validate"] {
        let output = trfcheck().args([command, "--format", "json"]).arg(&path).output().unwrap();
        let stdout = text(&output.stdout);
        assert!(stdout.contains("Open\\u202820\\u202926"), "{stdout}");
        assert!(!stdout.contains('\u{2028}') && !stdout.contains('\u{2029}'));
        let object = &json_lines(&output.stdout)[0];
        assert_eq!(object["event"]["name"], "Open\u{2028}20\u{2029}26");
    }
}

/// The error for a national rating record that names an unknown player says where it is.
#[test]
fn an_unknown_player_of_a_national_rating_record_has_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("national.trf");
    let mut trf = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    let line = trf.lines().count() + 1;
    trf.push_str("FRA    7 M     Dupont, Jean                      1800 FRA 12345678   1990/01/01\n");
    fs::write(&path, trf).unwrap();
    trfcheck()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(3)
        .stderr(predicate::str::contains("national rating record FRA names player 7, who has no 001 record"))
        .stderr(predicate::str::contains(format!("national.trf:{line}:5")));
}

/// With standard output closed, the verdict cannot be written: exit 5, said on stderr. With it
/// sent to /dev/null on purpose, the exit status is the verdict.
#[test]
fn a_verdict_that_cannot_be_written_is_exit_5() {
    let run = |redirect: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" check \"$1\" {redirect}"))
            .arg(env!("CARGO_BIN_EXE_trfcheck"))
            .arg(sample("dutch-4p-2r.trf"))
            .output()
            .unwrap()
    };
    let closed = run(">&-");
    assert_eq!(closed.status.code(), Some(5));
    assert!(text(&closed.stderr).contains("standard output is closed"), "{}", text(&closed.stderr));
    assert_eq!(run(">/dev/null").status.code(), Some(0));
}
