//! `trfcheck watch`, driven as a user drives it: the real binary, real files in a temporary
//! directory, saves made the way editors and pairing programs make them, and signals.
//!
//! Every wait has a timeout, so a failing test fails within seconds instead of hanging.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

/// Two players who played each other once: a small, consistent TRF.
const VALID: &str = "012 Watch test\n\
001    1      Player One                        2000                             1.0    1     2 w 1\n\
001    2      Player Two                        1900                             0.0    2     1 b 0\n";

/// How long a change may take to show up (the spec asks for about a second; CI machines are slow).
const CHANGE: Duration = Duration::from_secs(5);

/// A running `trfcheck watch`, killed when dropped.
struct Daemon {
    child: Child,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

impl Daemon {
    fn start(args: &[&str], dir: &Path) -> Daemon {
        Daemon::start_with(Command::new(env!("CARGO_BIN_EXE_trfcheck")), args, dir)
    }

    /// `command` is the binary, or a command that runs it (as another user).
    fn start_with(mut command: Command, args: &[&str], dir: &Path) -> Daemon {
        let mut child = command
            .arg("watch")
            .args(args)
            .arg(dir)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start trfcheck");
        let (sender, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().unwrap();
        let collected = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n) = pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                collected.lock().unwrap().push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        Daemon { child, lines, stderr }
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Waits until standard error holds `text`, at most `timeout`; fails the test otherwise.
    fn wait_for_stderr(&self, text: &str, timeout: Duration) {
        self.wait_for_stderr_times(text, 1, timeout);
    }

    /// Waits until standard error holds `text` `times` times, at most `timeout`.
    fn wait_for_stderr_times(&self, text: &str, times: usize, timeout: Duration) {
        let start = Instant::now();
        while self.stderr().matches(text).count() < times {
            assert!(
                start.elapsed() < timeout,
                "`{text}` not {times} times on stderr within {timeout:?}; stderr:\n{}",
                self.stderr()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// The next output line, if one comes within `timeout`.
    fn next_line(&self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                // Give the stderr thread a moment, for the failure message.
                thread::sleep(Duration::from_millis(100));
                panic!("trfcheck watch closed its output; stderr:\n{}", self.stderr())
            }
        }
    }

    /// The next JSON line; fails the test when none comes within `timeout`.
    fn next_json(&self, timeout: Duration, waiting_for: &str) -> Value {
        let Some(line) = self.next_line(timeout) else {
            panic!("no line within {timeout:?} ({waiting_for}); stderr:\n{}", self.stderr())
        };
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
    }

    /// Fails the test when a line comes within `duration`.
    fn expect_silence(&self, duration: Duration, why: &str) {
        if let Some(line) = self.next_line(duration) {
            panic!("unexpected line ({why}): {line}");
        }
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().expect("cannot query the child").is_none()
    }

    /// Sends a signal by name (`INT`, `TERM`) with kill(1).
    #[cfg(unix)]
    fn signal(&self, name: &str) {
        let status = Command::new("kill").arg(format!("-{name}")).arg(self.child.id().to_string()).status();
        assert!(status.expect("cannot run kill").success(), "kill -{name} failed");
    }

    /// Waits for the process to end, at most `timeout`.
    fn wait(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Some(status) = self.child.try_wait().expect("cannot query the child") {
                return Some(status);
            }
            thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes a file the way editors and pairing programs save: a temporary file in the same
/// directory, renamed over the target.
fn save_atomically(path: &Path, text: &str) {
    let mut file = tempfile::NamedTempFile::new_in(path.parent().unwrap()).unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file.persist(path).unwrap();
}

fn file_of(line: &Value) -> &str {
    line["file"].as_str().unwrap_or_else(|| panic!("no file in {line}"))
}

fn status_of(line: &Value) -> &str {
    line["status"].as_str().unwrap_or_else(|| panic!("no status in {line}"))
}

/// Asserts that the line reports the file (by name) as a valid tournament: the check got as far
/// as the pairing system (no engine exists yet, so `status` is `system`, not a match verdict).
fn assert_valid_report(line: &Value, name: &str) {
    assert!(file_of(line).ends_with(name), "expected a report on {name}: {line}");
    assert_eq!(line["schema"], 2, "{line}");
    assert_ne!(status_of(line), "invalid", "{line}");
    assert_eq!(line["format"], "trf", "{line}");
    assert!(line["diagnostics"].as_array().is_some_and(Vec::is_empty), "{line}");
}

fn assert_invalid_report(line: &Value, name: &str) {
    assert!(file_of(line).ends_with(name), "expected a report on {name}: {line}");
    assert_eq!(status_of(line), "invalid", "{line}");
    assert!(line["error"].is_string(), "{line}");
}

#[test]
fn checks_the_files_present_at_start_but_not_other_text_files() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("t.trf"), VALID).unwrap();
    fs::write(dir.path().join("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub").join("u.TRF"), VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    // Files are checked at once, each on a thread of its own: reports come as checks end.
    let mut reports = [daemon.next_json(CHANGE, "the first pass"), daemon.next_json(CHANGE, "the first pass")];
    reports.sort_by(|a, b| file_of(a).cmp(file_of(b)));
    assert_valid_report(&reports[0], "/sub/u.TRF");
    assert_valid_report(&reports[1], "/t.trf");
    assert_eq!(status_of(&reports[1]), "match", "{}", reports[1]);
    daemon.expect_silence(Duration::from_millis(800), "README.txt is not a tournament file");
}

#[test]
fn an_atomic_save_is_checked_again_once() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    let mut daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");
    // Twice: a watch on the file itself would die with the first rename.
    for save in 1..=2 {
        let started = Instant::now();
        save_atomically(&target, VALID);
        let line = daemon.next_json(CHANGE, &format!("atomic save {save}"));
        assert_valid_report(&line, "/t.trf");
        assert!(started.elapsed() < Duration::from_secs(3), "save {save} took {:?}", started.elapsed());
        // The save's burst of events (create, write, close, rename) gives one check.
        daemon.expect_silence(Duration::from_millis(700), "one check per save");
    }
    assert!(daemon.is_running());
}

#[test]
fn survives_garbage_and_half_written_files() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    let mut daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");

    fs::write(&target, "\u{0}\u{1}garbage, not a tournament\n").unwrap();
    assert_invalid_report(&daemon.next_json(CHANGE, "the garbage save"), "/t.trf");
    assert!(daemon.is_running(), "the daemon died on garbage");

    save_atomically(&target, VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "the good save after garbage"), "/t.trf");

    // Half a file, cut in the middle of a player record.
    fs::write(&target, &VALID[..VALID.len() - 40]).unwrap();
    assert_invalid_report(&daemon.next_json(CHANGE, "the half-written save"), "/t.trf");
    assert!(daemon.is_running(), "the daemon died on a half-written file");

    fs::write(&target, VALID).unwrap();
    assert_valid_report(&daemon.next_json(CHANGE, "the good save after half a file"), "/t.trf");
    assert!(daemon.is_running());
}

#[test]
fn picks_up_new_files_and_reports_removed_ones() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("t.trf"), VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");

    fs::write(dir.path().join("new.trf"), VALID).unwrap();
    assert_valid_report(&daemon.next_json(CHANGE, "a new file"), "/new.trf");

    let sub = dir.path().join("round-2");
    fs::create_dir(&sub).unwrap();
    save_atomically(&sub.join("later.trf"), VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a new file in a new directory"), "/round-2/later.trf");
    daemon.expect_silence(Duration::from_millis(700), "one check for a new file in a new directory");

    fs::remove_file(dir.path().join("new.trf")).unwrap();
    let removed = daemon.next_json(CHANGE, "a removed file");
    assert!(file_of(&removed).ends_with("/new.trf"), "{removed}");
    assert_eq!(status_of(&removed), "removed", "{removed}");
}

#[test]
fn ignores_swap_and_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");

    // Valid tournament content under names that editors and office suites use for swap, lock,
    // backup and temporary files.
    for name in [".t.trf.swp", "t.trf.swx", "t.trf~", "#t.trf#", ".#t.trf", ".~lock.t.csv#", "t.tmp", ".tmpAbC123"] {
        fs::write(dir.path().join(name), VALID).unwrap();
    }
    fs::write(dir.path().join("notes.txt"), "not a tournament\n").unwrap();
    daemon.expect_silence(Duration::from_millis(1200), "swap and temporary files");

    // Still watching: the next line is about the next real file.
    fs::write(dir.path().join("z.trf"), VALID).unwrap();
    assert_valid_report(&daemon.next_json(CHANGE, "a real file after the swap files"), "/z.trf");
}

#[test]
fn text_format_prints_one_summary_line_per_check() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    let daemon = Daemon::start(&[], dir.path());
    let Some(line) = daemon.next_line(CHANGE) else { panic!("no line; stderr:\n{}", daemon.stderr()) };
    assert!(line.contains("t.trf: "), "{line}");
    save_atomically(&target, "garbage\n");
    let Some(line) = daemon.next_line(CHANGE) else { panic!("no line; stderr:\n{}", daemon.stderr()) };
    assert!(line.contains("t.trf: ") && line.contains("error"), "{line}");
}

#[test]
fn watches_a_file_path_through_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    fs::write(dir.path().join("other.trf"), VALID).unwrap();
    let mut daemon = Daemon::start(&["--format", "json"], &target);
    let line = daemon.next_json(CHANGE, "the first pass");
    assert_valid_report(&line, "/t.trf");
    assert_eq!(file_of(&line), target.display().to_string());
    save_atomically(&target, VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "an atomic save"), "/t.trf");
    save_atomically(&dir.path().join("other.trf"), VALID);
    daemon.expect_silence(Duration::from_millis(800), "a file next to the watched one");
    assert!(daemon.is_running());
}

#[test]
fn a_path_that_cannot_be_watched_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut daemon = Daemon::start(&[], &dir.path().join("no-such-dir").join("t.trf"));
    let status = daemon.wait(Duration::from_secs(10)).expect("trfcheck watch kept running");
    assert_eq!(status.code(), Some(5), "stderr:\n{}", daemon.stderr());
}

#[cfg(unix)]
#[test]
fn sigint_and_sigterm_stop_it_cleanly() {
    for signal in ["INT", "TERM"] {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("t.trf"), VALID).unwrap();
        let mut daemon = Daemon::start(&["--format", "json"], dir.path());
        assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");
        daemon.signal(signal);
        let status = daemon.wait(Duration::from_secs(5)).unwrap_or_else(|| panic!("still running after SIG{signal}"));
        assert_eq!(status.code(), Some(0), "SIG{signal}: {status}; stderr:\n{}", daemon.stderr());
    }
}

/// The FMJD option flags and the standings flags work in `watch` as in `check`: here a flag
/// overrides the file's `XDO` acceleration, so the rounds paired with Haley's no longer match.
#[test]
fn takes_the_fmjd_and_standings_flags_of_check() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("haley.trf");
    let generated = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
        .args(["generate", "--system", "fmjd-rating", "--players", "12", "--rounds", "4", "--points", "2,1,0"])
        .args(["--acceleration", "haley", "-o"])
        .arg(&target)
        .env_remove("RUST_LOG")
        .status()
        .expect("cannot run trfcheck generate");
    assert!(generated.success());
    let daemon = Daemon::start(&["--format", "json", "--acceleration", "none", "--no-standings"], dir.path());
    let line = daemon.next_json(CHANGE, "the first pass");
    assert!(file_of(&line).ends_with("haley.trf"), "{line}");
    assert_eq!(line["options"][2]["value"], "none", "{line}");
    assert_eq!(line["options"][2]["source"], "flag", "{line}");
    assert_eq!(status_of(&line), "differs", "{line}");
    assert!(line.get("standings").is_none_or(Value::is_null), "{line}");
}

/// Makes a named pipe with mkfifo(1).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("cannot run mkfifo");
    assert!(status.success(), "mkfifo {} failed", path.display());
}

/// The next JSON line about the file `name`, passing over lines about other files.
fn next_json_about(daemon: &Daemon, name: &str, timeout: Duration, waiting_for: &str) -> Value {
    let start = Instant::now();
    loop {
        let left = timeout.saturating_sub(start.elapsed());
        let line = daemon.next_json(left, waiting_for);
        if file_of(&line).ends_with(name) {
            return line;
        }
    }
}

/// A named pipe with a tournament's name is skipped with one note, never opened for a blocking
/// read: the old daemon blocked for good in `open` on a known file replaced by a pipe, and then
/// ignored SIGTERM. A link to a device is skipped the same way.
#[cfg(unix)]
#[test]
fn a_named_pipe_never_blocks_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.trf"), VALID).unwrap();
    mkfifo(&dir.path().join("x.trf"));
    fs::write(dir.path().join("z.trf"), VALID).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.trf")).unwrap();
    let mut daemon = Daemon::start(&["--format", "json"], dir.path());
    let mut reports = [daemon.next_json(CHANGE, "the first pass"), daemon.next_json(CHANGE, "the first pass")];
    reports.sort_by(|a, b| file_of(a).cmp(file_of(b)));
    assert_valid_report(&reports[0], "/a.trf");
    assert_valid_report(&reports[1], "/z.trf");
    daemon.wait_for_stderr("x.trf is a named pipe, not a regular file; watch skips it", CHANGE);
    daemon.wait_for_stderr("zero.trf is a character device, not a regular file; watch skips it", CHANGE);

    // A known file replaced by a named pipe: no longer a file that is checked.
    fs::remove_file(dir.path().join("a.trf")).unwrap();
    mkfifo(&dir.path().join("a.trf"));
    let removed = daemon.next_json(CHANGE, "a.trf replaced by a named pipe");
    assert!(file_of(&removed).ends_with("/a.trf"), "{removed}");
    assert_eq!(status_of(&removed), "removed", "{removed}");
    daemon.wait_for_stderr("a.trf is a named pipe", CHANGE);

    // The other files are still watched.
    save_atomically(&dir.path().join("z.trf"), VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a save after the pipes"), "/z.trf");
    let stderr = daemon.stderr();
    assert_eq!(stderr.matches("x.trf is a named pipe").count(), 1, "one note per path; stderr:\n{stderr}");

    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(10)).expect("still running after SIGTERM");
    assert_eq!(status.code(), Some(0), "stderr:\n{}", daemon.stderr());
}

/// A file PATH that is a named pipe is skipped until a regular file takes its place.
#[cfg(unix)]
#[test]
fn a_named_pipe_given_as_the_path_is_skipped_until_it_is_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    mkfifo(&target);
    let daemon = Daemon::start(&["--format", "json"], &target);
    daemon.wait_for_stderr("t.trf is a named pipe, not a regular file; watch skips it", CHANGE);
    fs::remove_file(&target).unwrap();
    save_atomically(&target, VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a regular file in the pipe's place"), "/t.trf");
}

/// Copies the 1000-player, 11-round Dutch tournament of `../shared/bench` to `to`. Checked as
/// Dutch it takes about half a second; with [`SLOW_SYSTEM`] every round differs from the record
/// and each difference is explained, which takes seconds.
fn copy_slow_tournament(to: &Path) {
    fs::copy(crate::corpus::shared().join("bench/dutch-2025-p1000-r11.trf"), to).unwrap();
}

/// The system that makes [`copy_slow_tournament`]'s file slow to check.
const SLOW_SYSTEM: [&str; 2] = ["--system", "burstein-2026"];

/// A file that is slow to check holds one thread: the other files are checked and re-checked meanwhile, and SIGTERM ends the
/// daemon without waiting for the slow check. (The old daemon checked one file at a time, in name
/// order, and read signals only between files.)
#[cfg(unix)]
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_slow_file_does_not_delay_the_others_or_the_end() {
    let dir = tempfile::tempdir().unwrap();
    // Named to come first in name order.
    copy_slow_tournament(&dir.path().join("a-large.trf"));
    let small = dir.path().join("b-small.trf");
    fs::write(&small, VALID).unwrap();
    let mut daemon = Daemon::start(&[&SLOW_SYSTEM[..], &["--format", "json"]].concat(), dir.path());
    // Generous: an upper bound for a loaded machine, far below the large file's check.
    let first = daemon.next_json(Duration::from_secs(20), "the small file, while the large one is checked");
    assert_valid_report(&first, "/b-small.trf");
    save_atomically(&small, VALID);
    let again = next_json_about(&daemon, "/b-small.trf", Duration::from_secs(20), "the small file saved again");
    assert_valid_report(&again, "/b-small.trf");
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(10)).expect("still running 10 s after SIGTERM");
    assert_eq!(status.code(), Some(0), "stderr:\n{}", daemon.stderr());
}

/// The final content of a file written slowly is checked once: closing the file (which changes
/// nothing) is not a new save. The old daemon checked the last content again on the close.
#[test]
fn a_slowly_written_file_is_reported_once_per_content() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("slow.trf");
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    daemon.expect_silence(Duration::from_millis(300), "an empty directory");
    let mut file = fs::File::create(&target).unwrap();
    let half = VALID.find("001    2").unwrap();
    file.write_all(&VALID.as_bytes()[..half]).unwrap();
    file.flush().unwrap();
    let first = daemon.next_json(CHANGE, "the first half");
    assert!(file_of(&first).ends_with("/slow.trf"), "{first}");
    file.write_all(&VALID.as_bytes()[half..]).unwrap();
    file.flush().unwrap();
    assert_valid_report(&daemon.next_json(CHANGE, "the whole file"), "/slow.trf");
    drop(file);
    daemon.expect_silence(Duration::from_millis(1000), "closing the file after writing changes nothing");
    // A save of the same bytes is a new save, and is reported.
    save_atomically(&target, VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a save of the same content"), "/slow.trf");
}

/// Many files written at once: each is reported once.
#[test]
fn a_flood_of_files_is_reported_once_each() {
    const FILES: usize = 300;
    let dir = tempfile::tempdir().unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    daemon.expect_silence(Duration::from_millis(300), "an empty directory");
    for n in 0..FILES {
        fs::write(dir.path().join(format!("t{n:04}.trf")), VALID).unwrap();
    }
    let mut seen = std::collections::BTreeMap::new();
    for _ in 0..FILES {
        let line = daemon.next_json(CHANGE, "the flood");
        assert_valid_report(&line, ".trf");
        *seen.entry(file_of(&line).to_owned()).or_insert(0) += 1;
    }
    let twice: Vec<_> = seen.iter().filter(|(_, count)| **count > 1).collect();
    assert!(twice.is_empty(), "reported more than once: {twice:?}");
    assert_eq!(seen.len(), FILES);
    daemon.expect_silence(Duration::from_millis(1000), "every file reported once");
}

/// The watched directory removed and made again: the daemon says so and watches the new one.
/// (The old daemon's watch died with the directory, and it reported nothing ever again.)
#[test]
fn keeps_watching_a_directory_removed_and_made_again() {
    let outer = tempfile::tempdir().unwrap();
    let watched = outer.path().join("games");
    fs::create_dir(&watched).unwrap();
    fs::write(watched.join("t.trf"), VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], &watched);
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");

    fs::remove_dir_all(&watched).unwrap();
    let removed = daemon.next_json(CHANGE, "the directory removed");
    assert!(file_of(&removed).ends_with("/t.trf"), "{removed}");
    assert_eq!(status_of(&removed), "removed", "{removed}");
    // Made again at once, before the daemon need have looked.
    fs::create_dir(&watched).unwrap();
    fs::write(watched.join("u.trf"), VALID).unwrap();
    assert_valid_report(&daemon.next_json(Duration::from_secs(10), "a file in the new directory"), "/u.trf");
    daemon.wait_for_stderr("games is back; watching it again", CHANGE);
    save_atomically(&watched.join("u.trf"), VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a save in the new directory"), "/u.trf");

    // And again, waiting for the daemon to say the directory is gone.
    fs::remove_dir_all(&watched).unwrap();
    let removed = daemon.next_json(CHANGE, "the directory removed again");
    assert!(file_of(&removed).ends_with("/u.trf"), "{removed}");
    daemon.wait_for_stderr_times("games is gone (removed or moved away)", 2, CHANGE);
    fs::create_dir(&watched).unwrap();
    save_atomically(&watched.join("v.trf"), VALID);
    assert_valid_report(&daemon.next_json(Duration::from_secs(10), "a file in the third directory"), "/v.trf");
    daemon.wait_for_stderr_times("games is back; watching it again", 2, CHANGE);
}

/// The watched directory moved away and made again: the new one is watched, the one moved away
/// no longer (its files would be reported under the old names).
#[test]
fn keeps_watching_a_directory_moved_away_and_made_again() {
    let outer = tempfile::tempdir().unwrap();
    let watched = outer.path().join("games");
    let moved = outer.path().join("archive");
    fs::create_dir(&watched).unwrap();
    fs::write(watched.join("t.trf"), VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], &watched);
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");

    fs::rename(&watched, &moved).unwrap();
    let removed = daemon.next_json(CHANGE, "the directory moved away");
    assert!(file_of(&removed).ends_with("/t.trf"), "{removed}");
    assert_eq!(status_of(&removed), "removed", "{removed}");
    daemon.wait_for_stderr("games is gone (removed or moved away)", CHANGE);
    fs::create_dir(&watched).unwrap();
    fs::write(watched.join("u.trf"), VALID).unwrap();
    let line = daemon.next_json(Duration::from_secs(10), "a file in the new directory");
    assert_valid_report(&line, "/u.trf");
    assert!(file_of(&line).contains("games"), "{line}");
    daemon.wait_for_stderr("games is back; watching it again", CHANGE);

    save_atomically(&moved.join("t.trf"), VALID);
    fs::write(moved.join("w.trf"), VALID).unwrap();
    daemon.expect_silence(Duration::from_millis(1000), "changes in the directory moved away");
    save_atomically(&watched.join("u.trf"), VALID);
    assert_valid_report(&daemon.next_json(CHANGE, "a save in the new directory"), "/u.trf");
}

/// A file that changes while it is checked: the check under way is dropped (it would report a
/// content that is gone) and the new content is checked. Here a slow tournament is replaced by a
/// small one.
#[cfg(unix)]
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_check_under_way_is_dropped_when_its_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    copy_slow_tournament(&target);
    let daemon = Daemon::start(&[&SLOW_SYSTEM[..], &["--format", "json", "-vv"]].concat(), dir.path());
    // The change comes once the check is under way (a debug line says so), seconds before its end.
    daemon.wait_for_stderr("checking path=", CHANGE);
    save_atomically(&target, VALID);
    let line = daemon.next_json(Duration::from_secs(20), "the new content");
    assert_valid_report(&line, "/t.trf");
    assert_eq!(line["summary"]["rounds_checked"], 1, "the report of the old content: {line}");
    // The old check ends (cancelled, or at worst finished) and its report is not given.
    daemon.wait_for_stderr("superseded; not reported", Duration::from_secs(60));
    daemon.expect_silence(Duration::from_millis(500), "the check of the old content");
}

/// A file PATH is watched through its directory: that directory removed and made again is
/// watched again too.
#[test]
fn keeps_watching_a_file_whose_directory_is_removed_and_made_again() {
    let outer = tempfile::tempdir().unwrap();
    let folder = outer.path().join("round-5");
    let target = folder.join("t.trf");
    fs::create_dir(&folder).unwrap();
    fs::write(&target, VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], &target);
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");
    fs::remove_dir_all(&folder).unwrap();
    let removed = daemon.next_json(CHANGE, "the directory removed");
    assert_eq!(status_of(&removed), "removed", "{removed}");
    daemon.wait_for_stderr("round-5 is gone (removed or moved away)", CHANGE);
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("other.trf"), VALID).unwrap();
    save_atomically(&target, VALID);
    let line = daemon.next_json(Duration::from_secs(10), "the file in the new directory");
    assert_valid_report(&line, "/t.trf");
    assert_eq!(file_of(&line), target.display().to_string());
    daemon.wait_for_stderr("round-5 is back; watching it again", CHANGE);
    daemon.expect_silence(Duration::from_millis(800), "a file next to the watched one");
}

/// A Dutch 2025 tournament made by `trfcheck generate`: `players` players, `rounds` rounds.
fn generated_tournament(dir: &Path, players: u32, rounds: u32) -> String {
    let path = dir.join("generated.trf.out");
    let status = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
        .args(["generate", "--system", "dutch-2025", "--players", &players.to_string(), "--rounds"])
        .arg(rounds.to_string())
        .arg("-o")
        .arg(&path)
        .env_remove("RUST_LOG")
        .status()
        .expect("cannot run trfcheck generate");
    assert!(status.success());
    let text = fs::read_to_string(&path).unwrap();
    fs::remove_file(&path).unwrap();
    without_ranks(&text)
}

/// The rank column (001 columns 86–89) blanked: the tests here edit results and cut rounds, after
/// which the final ranks `generate` writes would no longer be the standings `check` verifies.
fn without_ranks(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| match line.get(85..89) {
            Some(_) if line.starts_with("001") => format!("{}    {}", &line[..85], &line[89..]),
            _ => line.to_owned(),
        })
        .collect()
}

/// Where round `round`'s block starts in a 001 record (TRF: columns 92–99, ten per round).
fn block(round: u32) -> usize {
    91 + 10 * (round as usize - 1)
}

/// The index of the 001 record of the opponent the record at `index` meets in the round block at
/// column `at`.
fn opponent_record(lines: &[String], index: usize, at: usize) -> usize {
    let opponent: u32 = lines[index][at..at + 4].trim().parse().unwrap();
    lines
        .iter()
        .position(|l| l.starts_with("001") && l[4..8].trim().parse::<u32>().ok() == Some(opponent))
        .expect("the opponent's record")
}

/// The points a result code gives (TRF: column 99 of a round block).
fn result_points(result: &str) -> f64 {
    match result {
        "1" | "+" | "W" | "F" | "U" => 1.0,
        "=" | "D" | "H" => 0.5,
        _ => 0.0,
    }
}

/// A 001 record cut before round `from`'s block, its Points less those of the rounds cut.
fn cut_record(line: &str, from: u32, rounds: u32) -> String {
    let mut points: f64 = line[80..84].trim().parse().unwrap();
    for r in from..=rounds {
        let at = block(r);
        points -= result_points(line.get(at + 7..at + 8).unwrap_or(" "));
    }
    let mut cut = line[..block(from)].trim_end().to_owned();
    cut.replace_range(80..84, &format!("{points:>4.1}"));
    cut
}

/// The file with the result of one game of `round` reversed (the first decisive game, by
/// record order), the Points columns of both players corrected: a valid file whose rounds up to
/// `round` - 1 are as before, and whose round `round` is paired as before.
fn with_a_result_reversed(text: &str, round: u32) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = block(round);
    let winner = lines
        .iter()
        .position(|l| l.starts_with("001") && l.get(at + 7..at + 8) == Some("1") && &l[at..at + 4] != "0000")
        .expect("a game won in the round");
    let loser = opponent_record(&lines, winner, at);
    for (index, result, change) in [(winner, "0", -1.0), (loser, "1", 1.0)] {
        let line = &mut lines[index];
        assert_eq!(&line[at + 7..at + 8], if change < 0.0 { "1" } else { "0" }, "{line}");
        line.replace_range(at + 7..at + 8, result);
        let points: f64 = line[80..84].trim().parse().unwrap();
        line.replace_range(80..84, &format!("{:>4.1}", points + change));
    }
    lines.join("\n") + "\n"
}

/// The file with its last `drop` rounds cut off every 001 record and the Points corrected.
fn without_last_rounds(text: &str, rounds: u32, drop: u32) -> String {
    let from = rounds - drop + 1;
    let mut out = String::new();
    for line in text.lines() {
        if !line.starts_with("001") || line.len() <= block(from) {
            out.push_str(line);
        } else {
            out.push_str(&cut_record(line, from, rounds));
        }
        out.push('\n');
    }
    out
}

fn rounds_of(value: &Value) -> Vec<u64> {
    value.as_array().unwrap_or_else(|| panic!("not a list: {value}")).iter().filter_map(Value::as_u64).collect()
}

/// A re-check keeps the verdict of each round whose inputs are unchanged. A change in
/// the last round re-checks only that round; a change in round 2 re-checks round 2 and every
/// round after it (their states are built from it); a round appended is checked, the others kept.
#[test]
fn a_re_check_keeps_the_verdicts_of_rounds_whose_inputs_are_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    let full = generated_tournament(dir.path(), 20, 5);
    fs::write(&target, &full).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    let first = daemon.next_json(CHANGE, "the first pass");
    assert_eq!(status_of(&first), "match", "{first}");
    assert_eq!(rounds_of(&first["reused_rounds"]), Vec::<u64>::new(), "{first}");
    assert!(first.get("changes").is_none(), "no last check to compare with: {first}");

    let last_changed = with_a_result_reversed(&full, 5);
    save_atomically(&target, &last_changed);
    let line = daemon.next_json(CHANGE, "a result of round 5 changed");
    assert_eq!(status_of(&line), "match", "{line}");
    assert_eq!(rounds_of(&line["reused_rounds"]), [1, 2, 3, 4], "{line}");
    assert_eq!(line["summary"]["rounds_checked"], 5, "{line}");
    assert_eq!(rounds_of(&line["changes"]["rounds_added"]), Vec::<u64>::new(), "{line}");

    save_atomically(&target, &with_a_result_reversed(&last_changed, 2));
    let line = daemon.next_json(CHANGE, "a result of round 2 changed");
    assert_eq!(rounds_of(&line["reused_rounds"]), [1], "rounds 2–5 rest on round 2: {line}");
    assert_eq!(line["summary"]["rounds_checked"], 5, "{line}");

    // Four rounds, then the fifth appended. Without a 142/XXR record the last round of the
    // four-round file was its final round, and is no longer: it is checked again too.
    let has_total = full.lines().any(|l| l.starts_with("XXR") || l.starts_with("142"));
    save_atomically(&target, &without_last_rounds(&full, 5, 1));
    let line = daemon.next_json(CHANGE, "round 5 taken out");
    assert_eq!(status_of(&line), "match", "{line}");
    assert_eq!(rounds_of(&line["changes"]["rounds_removed"]), [5], "{line}");
    save_atomically(&target, &full);
    let line = daemon.next_json(CHANGE, "round 5 appended");
    assert_eq!(status_of(&line), "match", "{line}");
    assert_eq!(rounds_of(&line["changes"]["rounds_added"]), [5], "{line}");
    let kept: Vec<u64> = if has_total { vec![1, 2, 3, 4] } else { vec![1, 2, 3] };
    assert_eq!(rounds_of(&line["reused_rounds"]), kept, "{line}");
}

/// watch says at start what it watches, how many tournament files it found, and the
/// output format, on standard error (standard output holds only reports, one per line).
#[test]
fn says_what_it_watches_at_start() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("t.trf"), VALID).unwrap();
    fs::write(dir.path().join("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub").join("u.trf"), VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    let start = format!(
        "trfcheck: watching {} (a folder, with its subfolders); 2 tournament files found",
        dir.path().display()
    );
    daemon.wait_for_stderr(&start, CHANGE);
    daemon.wait_for_stderr("output: JSON", CHANGE);
    // The reports still come first on standard output.
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), ".trf");

    // An empty folder: the start line says so at once.
    let empty = tempfile::tempdir().unwrap();
    let daemon = Daemon::start(&[], empty.path());
    daemon.wait_for_stderr("; 0 tournament files found; output: text", CHANGE);
}

/// Every JSON line carries the time it was written, in RFC 3339 (UTC).
#[test]
fn json_lines_carry_an_rfc_3339_time() {
    fn assert_time(line: &Value) {
        let time = line["time"].as_str().unwrap_or_else(|| panic!("no time: {line}"));
        let bytes = time.as_bytes();
        let shape = bytes.len() >= 20
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes[10] == b'T'
            && bytes[13] == b':'
            && bytes[16] == b':'
            && time.ends_with('Z');
        assert!(shape, "not RFC 3339 UTC: {time}");
        let year: i32 = time[..4].parse().unwrap();
        assert!(year >= 2024, "{time}");
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    fs::write(&target, VALID).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_time(&daemon.next_json(CHANGE, "the first pass"));
    fs::remove_file(&target).unwrap();
    let removed = daemon.next_json(CHANGE, "the file removed");
    assert_eq!(status_of(&removed), "removed", "{removed}");
    assert_time(&removed);
}

/// In text format the first check of a file prints its rounds as `check` does (a line per round,
/// the why line of a round that differs), and a re-check the rounds whose verdict changed and what
/// changed since the last check, on standard error; standard output keeps one summary line per
/// check, starting with the local time (`HH:MM:SS`), without colour when it is not a terminal.
#[test]
fn text_format_prints_the_rounds_and_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    let full = generated_tournament(dir.path(), 12, 3);
    fs::write(&target, &full).unwrap();
    let daemon = Daemon::start(&[], dir.path());
    let Some(line) = daemon.next_line(CHANGE) else { panic!("no line; stderr:\n{}", daemon.stderr()) };
    assert!(line.contains("t.trf: dutch-2025: 3 of 3 rounds checked"), "{line}");
    let time = line.split_whitespace().next().unwrap();
    let parts: Vec<&str> = time.split(':').collect();
    assert!(parts.len() == 3 && parts.iter().all(|p| p.len() == 2 && p.parse::<u8>().is_ok()), "{line}");
    assert!(!line.contains('\u{1b}'), "no colour in a pipe: {line:?}");
    daemon.wait_for_stderr("  round 3: ✓ matches (6 boards)", CHANGE);

    // Round 3's last game with its colours swapped: the record no longer follows the rules.
    let mut lines: Vec<String> = full.lines().map(str::to_owned).collect();
    let at = block(3);
    let white = lines
        .iter()
        .rposition(|l| l.starts_with("001") && l.get(at + 5..at + 6) == Some("w") && &l[at..at + 4] != "0000")
        .expect("a game in round 3");
    let opponent: u32 = lines[white][at..at + 4].trim().parse().unwrap();
    let black = lines
        .iter()
        .position(|l| l.starts_with("001") && l[4..8].trim().parse::<u32>().ok() == Some(opponent))
        .unwrap();
    lines[white].replace_range(at + 5..at + 6, "b");
    lines[black].replace_range(at + 5..at + 6, "w");
    save_atomically(&target, &(lines.join("\n") + "\n"));
    let Some(line) = daemon.next_line(CHANGE) else { panic!("no line; stderr:\n{}", daemon.stderr()) };
    assert!(line.contains("t.trf: dutch-2025: 3 of 3 rounds checked"), "{line}");
    assert!(line.contains("differ"), "{line}");
    daemon.wait_for_stderr("  round 3: ✗", CHANGE);
    daemon.wait_for_stderr("    why: ", CHANGE);
    daemon.wait_for_stderr(
        "t.trf: since the last check: round 3: match → mismatch (rounds 1, 2 kept: inputs unchanged)",
        CHANGE,
    );
    // The re-check printed round 3 alone: rounds 1 and 2, unchanged, once (on the first check).
    assert_eq!(daemon.stderr().matches("  round 1: ✓ matches").count(), 1, "{}", daemon.stderr());

    // A save that breaks the file: it is now invalid, not a file whose rounds were removed; the
    // next good save is compared with the last good check.
    save_atomically(&target, &full.replacen("001    1", "001    X", 1));
    daemon.wait_for_stderr("t.trf: since the last check: now invalid: its rounds are not checked", CHANGE);
    save_atomically(&target, &full);
    daemon.wait_for_stderr("t.trf: since the last check: round 3: mismatch → match", CHANGE);
}

/// A file written in place in slow chunks (a pause longer than the quiet period between
/// them) is reported once it is complete, without an error line for each half-written state.
#[test]
fn a_file_written_slowly_in_place_is_reported_once_complete() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    daemon.expect_silence(Duration::from_millis(300), "an empty directory");
    let mut file = fs::File::create(&target).unwrap();
    let bytes = VALID.as_bytes();
    let chunk = bytes.len().div_ceil(4);
    for part in bytes.chunks(chunk) {
        file.write_all(part).unwrap();
        file.flush().unwrap();
        thread::sleep(Duration::from_millis(600));
    }
    drop(file);
    let line = daemon.next_json(CHANGE, "the whole file");
    assert_valid_report(&line, "/t.trf");
    daemon.expect_silence(Duration::from_millis(1500), "one report for the whole file");
}

/// The file as it stands just before round `rounds` is paired: the round's pairings and results
/// cut off every 001 record (the Points corrected), but not the absences and byes asked for in it
/// (`0000 - Z/H/F`), which are entered before the round is paired.
fn before_last_round_is_paired(text: &str, rounds: u32) -> String {
    let at = block(rounds);
    let mut out = String::new();
    for line in text.lines() {
        let last = line.get(at..).unwrap_or("").trim_end();
        let asked = ["0000 - Z", "0000 - H", "0000 - F"].contains(&last.trim_start());
        if !line.starts_with("001") || line.len() <= at || asked {
            out.push_str(line);
        } else {
            out.push_str(&cut_record(line, rounds, rounds));
        }
        out.push('\n');
    }
    out
}

/// The file with the colours of the first game of `round` (by record order) swapped in both
/// players' records: the round's pairing differs from the system's in its colours.
fn with_colours_swapped(text: &str, round: u32) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = block(round);
    let first = lines
        .iter()
        .position(|l| l.starts_with("001") && matches!(l.get(at + 5..at + 6), Some("w" | "b")))
        .expect("a game in the round");
    let second = opponent_record(&lines, first, at);
    for index in [first, second] {
        let line = &mut lines[index];
        let swapped = if &line[at + 5..at + 6] == "w" { "b" } else { "w" };
        line.replace_range(at + 5..at + 6, swapped);
    }
    lines.join("\n") + "\n"
}

/// Watch pairs the next round of an event under way while it is idle (the event declares five
/// rounds and records four); once round 5 is published, its check takes that pairing instead of
/// pairing the round again (the debug log says so), and the verdict is `check`'s: a recorded round
/// 5 that is the system's pairing matches, one with a board's colours swapped differs. With
/// `--no-pair-ahead` nothing is paired ahead.
#[test]
fn the_next_round_is_paired_ahead_and_used_once_published() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.trf");
    let full = generated_tournament(dir.path(), 30, 5);
    assert!(full.lines().any(|l| l.starts_with("142 5")), "the generated event declares its rounds");
    fs::write(&target, before_last_round_is_paired(&full, 5)).unwrap();
    let daemon = Daemon::start(&["-vv", "--format", "json"], dir.path());
    let first = daemon.next_json(CHANGE, "the first pass");
    assert_eq!(status_of(&first), "match", "{first}");
    assert_eq!(first["summary"]["rounds_recorded"], 4, "{first}");
    daemon.wait_for_stderr("next round paired ahead", CHANGE);

    save_atomically(&target, &full);
    let line = daemon.next_json(CHANGE, "round 5 published");
    assert_eq!(status_of(&line), "match", "{line}");
    assert_eq!(rounds_of(&line["changes"]["rounds_added"]), [5], "{line}");
    daemon.wait_for_stderr("the pairing made ahead is used", CHANGE);
    assert!(!daemon.stderr().contains("paired again"), "{}", daemon.stderr());

    // Back to the file before round 5, paired ahead again, then a round 5 with wrong colours.
    save_atomically(&target, &before_last_round_is_paired(&full, 5));
    daemon.next_json(CHANGE, "round 5 taken out");
    daemon.wait_for_stderr_times("next round paired ahead", 2, CHANGE);
    let wrong = with_colours_swapped(&full, 5);
    save_atomically(&target, &wrong);
    let line = daemon.next_json(CHANGE, "round 5 published with a board's colours swapped");
    daemon.wait_for_stderr_times("the pairing made ahead is used", 2, CHANGE);
    let round5 = &line["rounds"][4];
    assert_eq!(round5["status"], "mismatch", "{line}");
    let checked = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
        .args(["check", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .env_remove("RUST_LOG")
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(wrong.as_bytes())?;
            child.wait_with_output()
        })
        .expect("cannot run trfcheck check");
    let checked: Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(round5["explanation"], checked["rounds"][4]["explanation"], "{line}\n{checked}");
    drop(daemon);

    fs::write(&target, before_last_round_is_paired(&full, 5)).unwrap();
    let daemon = Daemon::start(&["-vv", "--no-pair-ahead", "--format", "json"], dir.path());
    daemon.next_json(CHANGE, "the first pass");
    daemon.expect_silence(Duration::from_millis(500), "nothing is paired ahead");
    assert!(!daemon.stderr().contains("paired ahead"), "{}", daemon.stderr());
}

/// A team tournament is watched like any other file: checked under its team system
/// at start and again when the file is saved (its rounds' matches, checked as `check` does).
#[test]
fn a_team_tournament_is_checked_when_saved() {
    let dir = tempfile::tempdir().unwrap();
    let generate = |rounds: u32| {
        let output = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
            .args(["generate", "--system", "team-2025", "--players", "10", "--seed", "3", "--rounds"])
            .arg(rounds.to_string())
            .env_remove("RUST_LOG")
            .output()
            .expect("cannot run trfcheck generate");
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let target = dir.path().join("teams.trf");
    fs::write(&target, generate(3)).unwrap();
    let daemon = Daemon::start(&["--format", "json"], dir.path());
    let first = daemon.next_json(CHANGE, "the first pass");
    assert_eq!((first["system"].as_str(), status_of(&first)), (Some("team-2025"), "match"), "{first}");
    assert_eq!(first["summary"]["rounds_checked"], 3, "{first}");
    // A four-round event saved over it: checked again, every round.
    save_atomically(&target, &generate(4));
    let line = daemon.next_json(CHANGE, "the file saved with four rounds");
    assert_eq!(status_of(&line), "match", "{line}");
    assert_eq!(line["summary"]["rounds_checked"], 4, "{line}");
}

/// A `.trf` that stays empty is a tournament file that does not read: reported invalid once the
/// quiet period is over, not passed over as "not a tournament file".
#[test]
fn a_new_trf_that_stays_empty_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("t.trf"), VALID).unwrap();
    let mut daemon = Daemon::start(&["--format", "json"], dir.path());
    assert_valid_report(&daemon.next_json(CHANGE, "the first pass"), "/t.trf");
    fs::write(dir.path().join("new.trf"), "").unwrap();
    let line = daemon.next_json(CHANGE, "the empty .trf");
    assert_invalid_report(&line, "/new.trf");
    assert_eq!(line["diagnostics"][0]["message"], "the file is empty", "{line}");
    // Not a tournament name: judged by content, and an empty one is not a tournament.
    fs::write(dir.path().join("notes.txt"), "").unwrap();
    daemon.expect_silence(Duration::from_millis(700), "an empty .txt");
    assert!(daemon.is_running());
}

/// As an unprivileged user: a tournament file the daemon cannot read gets its line (status
/// `unreadable`), and a folder it cannot read is said on stderr; the rest is watched.
#[cfg(unix)]
#[test]
fn what_watch_cannot_read_is_said() {
    use std::os::unix::fs::PermissionsExt;
    let Some(mut command) = crate::support::unprivileged() else { return };
    let dir = tempfile::tempdir().unwrap();
    crate::support::give_away(dir.path());
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
    fs::write(dir.path().join("t.trf"), VALID).unwrap();
    fs::write(dir.path().join("closed.trf"), VALID).unwrap();
    fs::set_permissions(dir.path().join("closed.trf"), fs::Permissions::from_mode(0o000)).unwrap();
    fs::create_dir(dir.path().join("locked")).unwrap();
    fs::write(dir.path().join("locked").join("u.trf"), VALID).unwrap();
    fs::set_permissions(dir.path().join("locked"), fs::Permissions::from_mode(0o000)).unwrap();
    command.env_remove("RUST_LOG");
    let mut daemon = Daemon::start_with(command, &["--format", "json"], dir.path());
    let mut lines = [daemon.next_json(CHANGE, "the first pass"), daemon.next_json(CHANGE, "the first pass")];
    lines.sort_by_key(|line| file_of(line).to_owned());
    assert!(file_of(&lines[0]).ends_with("/closed.trf"), "{}", lines[0]);
    assert_eq!(status_of(&lines[0]), "unreadable", "{}", lines[0]);
    assert!(lines[0]["error"].as_str().is_some_and(|e| e.contains("Permission denied")), "{}", lines[0]);
    assert_valid_report(&lines[1], "/t.trf");
    daemon.wait_for_stderr("locked (a folder): Permission denied", CHANGE);
    // A new file the daemon cannot read is said too.
    fs::write(dir.path().join("later.trf"), VALID).unwrap();
    fs::set_permissions(dir.path().join("later.trf"), fs::Permissions::from_mode(0o000)).unwrap();
    let line = daemon.next_json(CHANGE, "a new file it cannot read");
    assert!(file_of(&line).ends_with("/later.trf") && status_of(&line) == "unreadable", "{line}");
    assert!(daemon.is_running());
    fs::set_permissions(dir.path().join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
}
