//! Running the other program: its command line filled in, started, waited for within the time
//! limit, and stopped with what it started when it takes too long.

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::{EngineFailure, read_javafo};
use crate::model::Tournament;
use crate::systems::pairing::RoundPairing;

/// Runs the program on the tournament so far and reads its pairing of the round.
pub(super) fn pair_externally(
    template: &str,
    t: &Tournament,
    work: &Path,
    timeout: Duration,
) -> Result<RoundPairing, EngineFailure> {
    let input = work.join("in.trf");
    let output = work.join("out.txt");
    let (text, _) = crate::formats::trf::write(t);
    // A new file each round, not the last one cut short: ext4 (`auto_da_alloc`) starts writing a
    // file replaced by truncation out to disk when it is closed.
    let _ = std::fs::remove_file(&input);
    std::fs::write(&input, text).map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
    let _ = std::fs::remove_file(&output);
    run_program(template, &[("{in}", quoted(&input)), ("{out}", quoted(&output))], work, timeout)?;
    let printed = std::fs::read_to_string(&output)
        .map_err(|e| EngineFailure::Unreadable(format!("{}: {e}", output.display())))?;
    read_javafo(&printed).map_err(EngineFailure::Unreadable)
}

/// Runs a command line, its placeholders filled in (each value one shell word, as [`quoted`]
/// makes it), to its end within `timeout`, its standard error kept in `work`.
pub(super) fn run_program(
    template: &str,
    fill: &[(&str, String)],
    work: &Path,
    timeout: Duration,
) -> Result<(), EngineFailure> {
    // Its standard error to a file, not a pipe: a program that writes more than a pipe holds
    // before it ends would wait for a reader forever.
    let errors = work.join("stderr.txt");
    let errors_file = std::fs::File::create(&errors).map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
    let command = fill.iter().fold(template.to_owned(), |line, (name, value)| line.replace(name, value));
    let start = |mut program: Command, errors_file: std::fs::File| {
        program.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::from(errors_file)).spawn()
    };
    let started = match plain_words(template, fill, &command) {
        Some(words) => {
            let copy = errors_file.try_clone().map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
            match start(direct(&words), copy) {
                // A builtin of the shell not listed below (`exit 1`), a program not found (the
                // shell says so, exit 127), a script without a `#!` line (the shell runs it, as
                // POSIX's `execvp` on ENOEXEC): as the shell does it.
                Err(error) if error.kind() == std::io::ErrorKind::NotFound || is_not_executable(&error) => {
                    start(shell(&command), errors_file)
                }
                started => started,
            }
        }
        None => start(shell(&command), errors_file),
    };
    let mut child = started.map_err(|e| EngineFailure::NotStarted(format!("{command}: {e}")))?;
    let status = match wait_until(&mut child, Instant::now() + timeout) {
        Ok(Some(status)) => status,
        Ok(None) => {
            stop(&mut child);
            return Err(EngineFailure::TimedOut);
        }
        Err(e) => return Err(EngineFailure::Crashed(e.to_string())),
    };
    if !status.success() {
        let stderr = std::fs::read_to_string(&errors).unwrap_or_default();
        let tail: String =
            stderr.lines().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" / ");
        return Err(EngineFailure::Crashed(format!(
            "{status}{}",
            if tail.is_empty() { String::new() } else { format!(": {tail}") }
        )));
    }
    Ok(())
}

/// The words of a command line that uses nothing of the shell's own language, which then need no
/// shell to start them: a shell given such a line only splits it into words (quotes removed) and
/// starts the program, so starting it directly does the same and spares a process a round (about
/// 5% of a run against `trfcheck pair`, docs/crosscheck.md). Anything else (a pipe, a redirection,
/// a variable, a pattern, a `~`, an assignment or a builtin first) is left to the shell. The
/// placeholders' values are quoted words, so only the template's own text is looked at.
fn plain_words(template: &str, fill: &[(&str, String)], command: &str) -> Option<Vec<String>> {
    if !cfg!(unix) {
        return None;
    }
    const SHELL_SYNTAX: &[char] =
        &['|', '&', ';', '<', '>', '(', ')', '$', '`', '\\', '*', '?', '[', ']', '~', '#', '{', '}', '!', '\n', '\r'];
    let own_text = fill.iter().fold(template.to_owned(), |line, (name, _)| line.replace(name, " "));
    if own_text.contains(SHELL_SYNTAX) {
        return None;
    }
    let words = shlex::split(command)?;
    let first = words.first()?;
    // `name=value program …` sets a variable; a builtin or keyword is the shell's even where a
    // program of its name exists (`cd`, `time`); other builtins are not found as programs and
    // fall back to the shell when started.
    const SHELL_ONLY: &[&str] = &[
        ".", ":", "alias", "case", "cd", "command", "eval", "exec", "exit", "export", "for", "if", "read", "set",
        "shift", "source", "time", "trap", "ulimit", "umask", "unset", "until", "wait", "while",
    ];
    if first.contains('=') || SHELL_ONLY.contains(&first.as_str()) {
        return None;
    }
    Some(words)
}

fn is_not_executable(error: &std::io::Error) -> bool {
    // ENOEXEC: 8 on Linux and the BSDs.
    error.raw_os_error() == Some(8)
}

/// The program started as its words say; on Unix in a process group of its own, so that a
/// time-out stops what it started as well.
fn direct<S: AsRef<std::ffi::OsStr>>(words: &[S]) -> Command {
    let mut program = Command::new(&words[0]);
    program.args(&words[1..]);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        program.process_group(0);
    }
    program
}

/// The shell that runs the program's command line (in a process group of its own on Unix, as
/// [`direct`] starts a program).
fn shell(command: &str) -> Command {
    if cfg!(unix) { direct(&["sh", "-c", command]) } else { direct(&["cmd", "/C", command]) }
}

/// Waits for the program to end, until `deadline`; `None` when it has not. On Linux the wait
/// sleeps on a pidfd, woken the moment the program ends; elsewhere (or on a kernel before 5.3) it
/// naps at growing intervals of at most half a millisecond: a pairing program takes some
/// milliseconds a round, and time asleep after it ended is time no job works.
fn wait_until(child: &mut Child, deadline: Instant) -> std::io::Result<Option<ExitStatus>> {
    #[cfg(target_os = "linux")]
    let pidfd = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .and_then(|pid| rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok());
    let mut nap = Duration::from_micros(50);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(None);
        }
        #[cfg(target_os = "linux")]
        if let Some(fd) = &pidfd {
            use rustix::event::{PollFd, PollFlags, Timespec};
            let timeout = Timespec::try_from(left).ok();
            // Readable once the process has ended; an interruption (EINTR) just loops.
            let _ = rustix::event::poll(&mut [PollFd::new(fd, PollFlags::IN)], timeout.as_ref());
            continue;
        }
        std::thread::sleep(nap.min(left));
        nap = (nap * 2).min(Duration::from_micros(500));
    }
}

/// Stops a program that took too long, and its children.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    if let Some(group) = i32::try_from(child.id()).ok().and_then(rustix::process::Pid::from_raw) {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A path as one word of a shell command line.
pub(super) fn quoted(path: &Path) -> String {
    let text = path.display().to_string();
    if cfg!(windows) { format!("\"{text}\"") } else { format!("'{}'", text.replace('\'', "'\\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(template: &str) -> Option<Vec<String>> {
        let fill = [("{in}", quoted(Path::new("/tmp/a b/in.trf"))), ("{out}", quoted(Path::new("/tmp/it's/out")))];
        let command = fill.iter().fold(template.to_owned(), |line, (name, value)| line.replace(name, value));
        plain_words(template, &fill, &command)
    }

    #[test]
    fn a_plain_command_line_is_started_without_a_shell_and_anything_else_with_one() {
        // Quotes are taken off as the shell takes them off, paths with spaces and quotes kept whole.
        assert_eq!(
            words("bbpPairings.exe --dutch {in} -p {out}").unwrap(),
            ["bbpPairings.exe", "--dutch", "/tmp/a b/in.trf", "-p", "/tmp/it's/out"]
        );
        assert_eq!(words("'my engine' \"--x y\" {in}").unwrap(), ["my engine", "--x y", "/tmp/a b/in.trf"]);
        // The shell's own language: left to the shell.
        for template in [
            "engine {in} > {out}",
            "engine {in} | tee {out}",
            "engine {in} {out}; true",
            "engine $HOME/{in} {out}",
            "~/engine {in} {out}",
            "engine *.cfg {in} {out}",
            "RUST_LOG=debug engine {in} {out}",
            "exec engine {in} {out}",
            "engine {in} {out} # a comment",
            "engine \"unclosed {in} {out}",
        ] {
            assert_eq!(words(template), None, "{template}");
        }
    }
}
