//! `trfcheck watch`: re-checks files as other programs write them.
//!
//! # What is watched
//!
//! Every PATH is a file or a directory, and the daemon watches *directories*, never files:
//! editors and pairing programs save by writing a temporary file and renaming it over the target,
//! and a watch on the old file's inode dies with the first such save.
//!
//! * A directory PATH is watched recursively. Every file below it that is a tournament file is
//!   checked at start, and again after each change; a tournament file that appears later (created,
//!   renamed or moved in, also inside a new subdirectory) is picked up. A file is a tournament
//!   file when its name has a tournament extension ([`filter::TOURNAMENT_EXTENSIONS`],
//!   case-insensitive) *and* its content reads as a TRF or an FMJD crosstable
//!   ([`crate::formats::is_tournament_file`]), so a `README.txt` is left alone. Hidden
//!   directories and temporary, swap, lock and backup files ([`filter::is_ignored_name`]) are
//!   never looked at.
//! * A file PATH is watched through its parent directory (non-recursively), and is checked
//!   whatever its name and content, as `trfcheck check` would. It need not exist yet (a warning
//!   says so); it is checked when it appears.
//!
//! Once a file has been reported it stays *known*: a later half-written or garbage save is checked
//! and reported invalid (it is not dropped for no longer looking like a tournament), and the next
//! good save is checked again.
//!
//! # Timing
//!
//! The `notify` events go through `notify-debouncer-full`, with a short window (20–50 ms) that
//! stitches a rename's two halves together and drops duplicates. The quiet period
//! ([`WatchOptions::debounce`], 200 ms by default) is then kept per file: a file is checked once
//! no event has touched it for that long, so a burst of writes, a write-then-rename save, or an
//! editor's backup-and-rewrite dance gives ONE check per affected file, shortly after the burst
//! (the debounce plus at most three windows, as the debouncer hands events over late: about
//! 350 ms by default).
//! What a check sees is the file on disk at that moment, not the event kinds, which makes the
//! daemon indifferent to how a program saves.
//!
//! # Output
//!
//! One line per check on standard output, flushed at once (it is usually a pipe):
//! [`CheckReport::summary_line`] in text format (the findings also go to standard error, one
//! short line each), one [`CheckReport`] JSON object per line with `--format json`
//! (`--format bbp` is for `check`; here it means text).
//!
//! A known file that vanishes (deleted, or renamed out of the watched tree) gives one line:
//! `FILE: removed` in text format, `{"schema": 1, "file": FILE, "status": "removed"}` in JSON
//! (the only JSON line that is not a `CheckReport`; tell them apart by `status`). A file that
//! vanishes and comes back within the quiet period (an atomic save) is simply checked.
//!
//! Ctrl-C, SIGTERM or SIGHUP stop the daemon cleanly, with exit status 0. A PATH that cannot be
//! watched at start is an error (exit status 5); later trouble (a file that cannot be read, a
//! watched directory deleted) is reported and the daemon keeps running.

pub mod filter;

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, ModifyKind};
use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use tracing::{debug, info, warn};

use crate::diagnostics::render::render_short;
use crate::exit::Status;
use crate::report::{self, CheckReport, OutputFormat};
use crate::verify::{self, CheckOptions};

#[derive(Clone, Debug)]
pub struct WatchOptions {
    pub check: CheckOptions,
    pub format: OutputFormat,
    /// Quiet period: a file is checked once nothing has touched it for this long.
    pub debounce: Duration,
}

/// What the main loop receives: file-system events from the debouncer, or the request to stop.
enum Message {
    Events(DebounceEventResult),
    Quit,
}

/// Watches the paths until Ctrl-C or SIGTERM, printing to standard output.
///
/// `Err` only when standard output cannot be written (a closed pipe ends the daemon).
pub fn run(paths: &[PathBuf], options: &WatchOptions) -> io::Result<Status> {
    let mut out = io::stdout();
    let (sender, receiver) = mpsc::channel();
    install_quit_handler(sender.clone());
    let result = watch(paths, options, sender, &receiver, &mut out);
    *QUIT.lock().unwrap_or_else(PoisonError::into_inner) = None;
    result
}

/// Where the signal handler sends `Quit`: the channel of the `run` under way. `ctrlc` takes one
/// handler per process, so the handler is installed once and reads its target from here.
static QUIT: Mutex<Option<Sender<Message>>> = Mutex::new(None);
static HANDLER: OnceLock<Result<(), String>> = OnceLock::new();

fn install_quit_handler(sender: Sender<Message>) {
    *QUIT.lock().unwrap_or_else(PoisonError::into_inner) = Some(sender);
    let installed = HANDLER.get_or_init(|| {
        // `set_handler`, not `try_set_handler`: a daemon started in the background by a
        // non-interactive shell inherits an ignored SIGINT, and must still stop cleanly on it.
        ctrlc::set_handler(|| {
            debug!("signal received; stopping");
            if let Some(sender) = QUIT.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
                let _ = sender.send(Message::Quit);
            }
        })
        .map_err(|error| error.to_string())
    });
    if let Err(error) = installed {
        warn!("cannot handle Ctrl-C and SIGTERM: {error}");
    }
}

fn watch(
    paths: &[PathBuf],
    options: &WatchOptions,
    sender: Sender<Message>,
    receiver: &Receiver<Message>,
    out: &mut dyn Write,
) -> io::Result<Status> {
    let roots = match Root::resolve_all(paths) {
        Ok(roots) => roots,
        Err(message) => {
            eprintln!("trfcheck: {message}");
            return Ok(Status::Io);
        }
    };
    // A short window: the debouncer stitches renames and drops duplicates; the quiet period is
    // kept per file by `Watcher::pending`.
    let window = options.debounce.clamp(Duration::from_millis(20), Duration::from_millis(50));
    let mut debouncer = match new_debouncer(window, Some(window), move |result: DebounceEventResult| {
        let _ = sender.send(Message::Events(result));
    }) {
        Ok(debouncer) => debouncer,
        Err(error) => {
            eprintln!("trfcheck: cannot start watching: {error}");
            return Ok(Status::Io);
        }
    };
    for (directory, mode) in directories_to_watch(&roots) {
        debug!(directory = %directory.display(), ?mode, "watching");
        if let Err(error) = debouncer.watch(&directory, mode) {
            eprintln!("trfcheck: cannot watch {}: {error}", directory.display());
            return Ok(Status::Io);
        }
    }
    for root in &roots {
        if root.kind == RootKind::File && !root.absolute.exists() {
            eprintln!("trfcheck: {} does not exist yet; it is checked when it appears", root.given.display());
        }
    }
    info!(paths = roots.len(), "watching; Ctrl-C stops");

    // The debouncer hands an event over between one and two windows after it happened; a file's
    // quiet period is over only when every event that could still fall into it has arrived.
    let lag = window * 3;
    let mut watcher = Watcher { roots, options, lag, known: BTreeSet::new(), pending: HashMap::new() };
    // Watching started before this first pass, so no change made during it is lost.
    let result = watcher.initial_pass(receiver, out).and_then(|flow| match flow {
        Flow::Quit => Ok(()),
        Flow::Continue => watcher.event_loop(receiver, out),
    });
    debouncer.stop();
    debug!("stopped");
    result.map(|()| Status::Ok)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RootKind {
    File,
    Directory,
}

/// A PATH from the command line.
#[derive(Debug)]
struct Root {
    /// As given, to name files in the output the way the user named them.
    given: PathBuf,
    /// The current directory joined with `given`: the form of the paths in `notify`'s events.
    absolute: PathBuf,
    kind: RootKind,
}

impl Root {
    fn resolve_all(paths: &[PathBuf]) -> Result<Vec<Root>, String> {
        let current = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
        let mut roots: Vec<Root> = Vec::new();
        for given in paths {
            let absolute = current.join(given);
            let kind = match fs::metadata(&absolute) {
                Ok(metadata) if metadata.is_dir() => RootKind::Directory,
                Ok(_) => RootKind::File,
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    let parent = absolute.parent().filter(|p| p.is_dir());
                    if parent.is_none() || absolute.file_name().is_none() {
                        return Err(format!("cannot watch {}: {error}", given.display()));
                    }
                    RootKind::File
                }
                Err(error) => return Err(format!("cannot watch {}: {error}", given.display())),
            };
            if roots.iter().any(|root| root.absolute == absolute) {
                continue;
            }
            roots.push(Root { given: given.clone(), absolute, kind });
        }
        Ok(roots)
    }

    /// How to name a file below this root (or the root itself) in the output.
    fn display(&self, path: &Path) -> String {
        let relative = path.strip_prefix(&self.absolute).unwrap_or(path);
        if relative.as_os_str().is_empty() {
            return self.given.display().to_string();
        }
        if self.given.components().all(|c| c == Component::CurDir) {
            return relative.display().to_string();
        }
        self.given.join(relative).display().to_string()
    }
}

/// The directories to hand to `notify`: each directory PATH recursively, unless another one holds
/// it, and the parent of each file PATH, unless a directory PATH holds it already.
fn directories_to_watch(roots: &[Root]) -> Vec<(PathBuf, RecursiveMode)> {
    let recursive: Vec<&Path> = roots
        .iter()
        .filter(|root| root.kind == RootKind::Directory)
        .map(|root| root.absolute.as_path())
        .filter(|&dir| {
            !roots.iter().any(|r| r.kind == RootKind::Directory && r.absolute != dir && dir.starts_with(&r.absolute))
        })
        .collect();
    let mut watched: Vec<(PathBuf, RecursiveMode)> =
        recursive.iter().map(|dir| (dir.to_path_buf(), RecursiveMode::Recursive)).collect();
    for root in roots.iter().filter(|root| root.kind == RootKind::File) {
        let Some(parent) = root.absolute.parent() else { continue };
        if recursive.iter().any(|dir| parent.starts_with(dir)) || watched.iter().any(|(dir, _)| dir == parent) {
            continue;
        }
        watched.push((parent.to_path_buf(), RecursiveMode::NonRecursive));
    }
    watched
}

/// True for the events that can change what a check sees. Opening, reading and closing a file
/// after reading (which the checks themselves cause) and metadata changes are not.
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) => true,
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Modify(_) => true,
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    }
}

enum Flow {
    Continue,
    Quit,
}

struct Watcher<'a> {
    roots: Vec<Root>,
    options: &'a WatchOptions,
    /// How late the debouncer may hand over an event, at most.
    lag: Duration,
    /// Files reported so far (absolute): checked on every change whatever their content, and
    /// reported when they vanish.
    known: BTreeSet<PathBuf>,
    /// Paths touched by events, with the time when their quiet period ends.
    pending: HashMap<PathBuf, Instant>,
}

impl Watcher<'_> {
    fn initial_pass(&mut self, receiver: &Receiver<Message>, out: &mut dyn Write) -> io::Result<Flow> {
        let mut files = Vec::new();
        for root in &self.roots {
            match root.kind {
                RootKind::File if root.absolute.exists() => files.push(root.absolute.clone()),
                RootKind::File => {}
                RootKind::Directory => walk(&root.absolute, &mut files),
            }
        }
        debug!(files = files.len(), "first pass");
        for file in files {
            self.consider(&file, out)?;
            // Stay responsive to Ctrl-C during a long first pass.
            while let Ok(message) = receiver.try_recv() {
                if let Flow::Quit = self.absorb(message) {
                    return Ok(Flow::Quit);
                }
            }
        }
        Ok(Flow::Continue)
    }

    fn event_loop(&mut self, receiver: &Receiver<Message>, out: &mut dyn Write) -> io::Result<()> {
        loop {
            let message = match self.pending.values().min() {
                None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(deadline) => receiver.recv_timeout(deadline.saturating_duration_since(Instant::now())),
            };
            match message {
                Ok(message) => {
                    if let Flow::Quit = self.absorb(message) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    warn!("the file watcher stopped");
                    return Ok(());
                }
            }
            self.settle_due(out)?;
        }
    }

    /// Takes in a message: events make their paths pending.
    fn absorb(&mut self, message: Message) -> Flow {
        let events = match message {
            Message::Quit => return Flow::Quit,
            Message::Events(Ok(events)) => events,
            Message::Events(Err(errors)) => {
                for error in errors {
                    warn!("file watcher: {error}");
                }
                return Flow::Continue;
            }
        };
        for event in events {
            if event.need_rescan() {
                debug!("events were lost; looking at every file again");
                self.rescan(Instant::now() + self.options.debounce + self.lag);
                continue;
            }
            if !is_change(&event.kind) {
                continue;
            }
            debug!(kind = ?event.kind, paths = ?event.paths, "event");
            let deadline = event.time + self.options.debounce + self.lag;
            for path in &event.paths {
                if self.root_of(path).is_none_or(|root| self.is_ignored(root, path)) {
                    continue;
                }
                let entry = self.pending.entry(path.clone()).or_insert(deadline);
                *entry = (*entry).max(deadline);
            }
        }
        Flow::Continue
    }

    /// Makes every file pending: the known ones, the file PATHs and every candidate below the
    /// directory PATHs.
    fn rescan(&mut self, deadline: Instant) {
        let mut files: Vec<PathBuf> = self.known.iter().cloned().collect();
        for root in &self.roots {
            match root.kind {
                RootKind::File => files.push(root.absolute.clone()),
                RootKind::Directory => walk(&root.absolute, &mut files),
            }
        }
        for file in files {
            self.pending.insert(file, deadline);
        }
    }

    /// Looks at the paths whose quiet period is over, in name order.
    fn settle_due(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let now = Instant::now();
        let mut due: Vec<PathBuf> =
            self.pending.iter().filter(|(_, deadline)| **deadline <= now).map(|(path, _)| path.clone()).collect();
        due.sort();
        for path in due {
            // Gone already when a directory before it in the list was settled.
            if self.pending.remove(&path).is_some() {
                self.settle(&path, out)?;
            }
        }
        Ok(())
    }

    /// Acts on a path whose quiet period is over, by what is on disk now.
    fn settle(&mut self, path: &Path, out: &mut dyn Write) -> io::Result<()> {
        match fs::metadata(path) {
            Ok(metadata) if metadata.is_dir() => {
                // A directory created or moved in: its files have no events of their own.
                let mut files = Vec::new();
                if self.root_of(path).is_some_and(|root| root.kind == RootKind::Directory) {
                    walk(path, &mut files);
                }
                let now = Instant::now();
                for file in files {
                    // A file with events of its own is checked when its own quiet period ends.
                    if self.pending.get(&file).is_some_and(|deadline| *deadline > now) {
                        continue;
                    }
                    self.pending.remove(&file);
                    self.consider(&file, out)?;
                }
                Ok(())
            }
            Ok(_) => self.consider(path, out),
            Err(error) if error.kind() == io::ErrorKind::NotFound => self.removed(path, out),
            Err(error) => {
                debug!(path = %path.display(), %error, "cannot look at it");
                if self.known.contains(path) { self.check(path, out) } else { Ok(()) }
            }
        }
    }

    /// An existing file: checked when it is a file PATH, known, or a tournament file by name and
    /// content.
    fn consider(&mut self, path: &Path, out: &mut dyn Write) -> io::Result<()> {
        let explicit = self.roots.iter().any(|root| root.kind == RootKind::File && root.absolute == path);
        if !explicit && !self.known.contains(path) {
            if !filter::has_tournament_extension(path) {
                debug!(path = %path.display(), "not a tournament file name");
                return Ok(());
            }
            match crate::formats::is_tournament_path(path) {
                Ok(true) => {}
                Ok(false) => {
                    debug!(path = %path.display(), "not a tournament file");
                    return Ok(());
                }
                Err(error) => {
                    debug!(path = %path.display(), %error, "cannot read it");
                    return Ok(());
                }
            }
        }
        self.known.insert(path.to_path_buf());
        self.check(path, out)
    }

    fn check(&self, path: &Path, out: &mut dyn Write) -> io::Result<()> {
        let name = self.display(path);
        debug!(file = %name, "checking");
        let (inspected, mut report) = verify::check_path(path, &self.options.check);
        report.file = name;
        match self.options.format {
            OutputFormat::Json => report::write_json_line(out, &report)?,
            OutputFormat::Text | OutputFormat::Bbp => {
                write_findings(&report, &inspected.diagnostics);
                writeln!(out, "{}", report.summary_line())?;
            }
        }
        out.flush()
    }

    /// A path that is gone: every known file at or below it is reported removed.
    fn removed(&mut self, path: &Path, out: &mut dyn Write) -> io::Result<()> {
        let gone: Vec<PathBuf> = self.known.iter().filter(|file| file.starts_with(path)).cloned().collect();
        for file in gone {
            self.known.remove(&file);
            let name = self.display(&file);
            debug!(file = %name, "removed");
            match self.options.format {
                OutputFormat::Json => {
                    report::write_json_line(out, &Removed { schema: report::SCHEMA, file: &name, status: "removed" })?
                }
                OutputFormat::Text | OutputFormat::Bbp => writeln!(out, "{name}: removed")?,
            }
            out.flush()?;
        }
        Ok(())
    }

    /// The PATH a path belongs to: the file PATH it is, or the directory PATH that holds it.
    fn root_of(&self, path: &Path) -> Option<&Root> {
        self.roots.iter().find(|root| root.kind == RootKind::File && root.absolute == path).or_else(|| {
            self.roots.iter().find(|root| root.kind == RootKind::Directory && path.starts_with(&root.absolute))
        })
    }

    /// Temporary files and hidden paths below a directory PATH; never a file PATH.
    fn is_ignored(&self, root: &Root, path: &Path) -> bool {
        root.kind == RootKind::Directory && path.strip_prefix(&root.absolute).is_ok_and(filter::is_ignored_relative)
    }

    fn display(&self, path: &Path) -> String {
        self.root_of(path).map_or_else(|| path.display().to_string(), |root| root.display(path))
    }
}

/// The JSON line for a known file that vanished.
#[derive(serde::Serialize)]
struct Removed<'a> {
    schema: u32,
    file: &'a str,
    status: &'static str,
}

/// The findings of a check, one short line each, on standard error (text format).
fn write_findings(report: &CheckReport, diagnostics: &crate::diagnostics::Diagnostics) {
    let stderr = io::stderr();
    let mut err = stderr.lock();
    for diagnostic in diagnostics {
        let _ = writeln!(err, "{}", render_short(&report.file, diagnostic));
    }
}

/// Collects the files below a directory, skipping hidden directories and ignored names, sorted.
/// Symbolic links to files are followed, to directories not (no cycles).
fn walk(directory: &Path, found: &mut Vec<PathBuf>) {
    let entries = match fs::read_dir(directory) {
        Ok(entries) => entries,
        Err(error) => {
            debug!(directory = %directory.display(), %error, "cannot list it");
            return;
        }
    };
    let mut paths: Vec<(PathBuf, fs::FileType)> =
        entries.flatten().filter_map(|entry| entry.file_type().ok().map(|kind| (entry.path(), kind))).collect();
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, kind) in paths {
        let Some(name) = path.file_name() else { continue };
        if kind.is_dir() {
            if !name.to_string_lossy().starts_with('.') {
                walk(&path, found);
            }
        } else if !filter::is_ignored_name(name) && (kind.is_file() || (kind.is_symlink() && path.is_file())) {
            found.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(given: &str, absolute: &str, kind: RootKind) -> Root {
        Root { given: given.into(), absolute: absolute.into(), kind }
    }

    #[test]
    fn names_files_as_the_user_named_the_path() {
        let dir = root("games", "/home/a/games", RootKind::Directory);
        assert_eq!(dir.display(Path::new("/home/a/games/r/t.trf")), "games/r/t.trf");
        let here = root(".", "/home/a/.", RootKind::Directory);
        assert_eq!(here.display(Path::new("/home/a/t.trf")), "t.trf");
        let file = root("t.trf", "/home/a/t.trf", RootKind::File);
        assert_eq!(file.display(Path::new("/home/a/t.trf")), "t.trf");
    }

    #[test]
    fn watches_each_directory_once() {
        let roots = [
            root("a", "/x/a", RootKind::Directory),
            root("a/b", "/x/a/b", RootKind::Directory),
            root("a/c/t.trf", "/x/a/c/t.trf", RootKind::File),
            root("d/t.trf", "/x/d/t.trf", RootKind::File),
            root("d/u.trf", "/x/d/u.trf", RootKind::File),
        ];
        assert_eq!(
            directories_to_watch(&roots),
            vec![("/x/a".into(), RecursiveMode::Recursive), ("/x/d".into(), RecursiveMode::NonRecursive)]
        );
    }

    #[test]
    fn reading_a_file_is_not_a_change() {
        assert!(!is_change(&EventKind::Access(AccessKind::Open(AccessMode::Any))));
        assert!(!is_change(&EventKind::Access(AccessKind::Close(AccessMode::Read))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(AccessMode::Write))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Any)));
        assert!(!is_change(&EventKind::Modify(ModifyKind::Metadata(
            notify_debouncer_full::notify::event::MetadataKind::Any
        ))));
    }
}
