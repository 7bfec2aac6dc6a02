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
//!   file when its name says so ([`names::TRF_EXTENSIONS`]: checked whatever it holds, so a
//!   `.trf` that stays empty is reported invalid), or when its name has another tournament
//!   extension ([`names::TOURNAMENT_EXTENSIONS`], case-insensitive) *and* its content reads as a
//!   TRF or an FMJD crosstable ([`crate::formats::is_tournament_file`]), so a `README.txt` is left
//!   alone. Hidden directories and temporary, swap, lock and backup files
//!   ([`names::is_ignored_name`]) are never looked at. Only regular files are read: a named pipe,
//!   a socket or a device with a tournament's name (or a link to one) is skipped, with one note on
//!   standard error (`task.rs` opens without blocking and judges the handle). A candidate that
//!   cannot be read is reported `unreadable`; a folder that cannot be listed is said once on
//!   standard error, and the rest of the tree is watched ([`watch_directory`]).
//! * A file PATH is watched through its parent directory (non-recursively), and is checked
//!   whatever its name and content, as `trfcheck check` would. It need not exist yet (a warning
//!   says so); it is checked when it appears.
//!
//! Once a file has been reported it stays *known*: a later half-written or garbage save is checked
//! and reported invalid (it is not dropped for no longer looking like a tournament), and the next
//! good save is checked again.
//!
//! A watched directory (a directory PATH, or a file PATH's parent) that is removed, moved away or
//! replaced loses its watch: its known files are reported removed, standard error says that it is
//! gone, and the daemon looks for it every half second; when a directory is there again it
//! is watched again (standard error says so) and its files are checked as at start.
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
//! daemon indifferent to how a program saves. A check that would see the same save of the file
//! as the last report (same bytes, same file, same modification time: a late event, or closing a
//! file after writing it) reports nothing.
//!
//! # Checks run at once
//!
//! Each check runs on a thread of its own, up to twice the cores (at least four) at once; the main
//! loop only takes in events and prints, so a slow file holds one thread and the others go on.
//! A check whose file changes again is cancelled (it stops before its next round; its result is
//! dropped) and the file is checked again after its quiet period. Reports come as checks end.
//!
//! # Output
//!
//! At start, one line on standard error says what is watched, how many tournament files were
//! found and the format ([`output::start_line`]). Then one line per check on standard output,
//! flushed at once (it is usually a pipe): [`CheckReport::summary_line`] in text format, with the
//! findings, the rounds as `check` prints them and what changed since the file's last report on
//! standard error; one [`CheckReport`] JSON object per line with `--format json`, with the fields
//! `time` (RFC 3339), `reused_rounds` and `changes` added ([`output::JsonLine`]). (`--format bbp`
//! is for `check`; here it means text.)
//!
//! # Incremental re-checks, and files still being written
//!
//! Each file's last verdicts are kept with the key of each round's inputs
//! ([`crate::verify::reuse::round_input_key`]); a re-check keeps the verdict of every round whose
//! key is unchanged and checks the others. A file that reads as invalid while it is still being
//! written (it changed during the check, or was written less than the settling time ago) is not
//! reported until it has been left alone that long.
//!
//! A known file that vanishes (deleted, or renamed out of the watched tree) gives one line:
//! `FILE: removed` in text format, `{"schema": 1, "file": FILE, "status": "removed"}` in JSON
//! (the only JSON line that is not a `CheckReport`; tell them apart by `status`). A file that
//! vanishes and comes back within the quiet period (an atomic save) is simply checked.
//!
//! Ctrl-C, SIGTERM or SIGHUP stop the daemon at once, with exit status 0: checks under way are
//! cancelled and not waited for. A PATH that cannot be watched at start is an error (exit status
//! 5); later trouble (a file that cannot be read, a watched directory deleted) is reported and the
//! daemon keeps running. The whole behaviour, with its limits: `docs/watch.md`.

mod output;
mod task;

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, ModifyKind};
use notify_debouncer_full::notify::{self, EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, DebouncedEvent, Debouncer, RecommendedCache, new_debouncer};
use tracing::{debug, info, warn};

use crate::diagnostics::render::render_short;
use crate::discover::{Unreadable, names};
use crate::exit::Status;
use crate::report::{self, CheckReport, OutputFormat};
use crate::verify::CheckOptions;
use crate::verify::ahead::PairedAhead;
use output::{Changes, Verdicts};
use task::{CheckTask, ContentKey, Outcome, RoundMemory};

#[derive(Clone, Debug)]
pub struct WatchOptions {
    pub check: CheckOptions,
    pub format: OutputFormat,
    /// Quiet period: a file is checked once nothing has touched it for this long.
    pub debounce: Duration,
    /// After checking a file with rounds still to play, pair its next round while idle, so that
    /// the round's check, once it is published, need not pair it ([`crate::verify::ahead`]).
    pub pair_ahead: bool,
    /// Colour the summary lines of the text output by their status.
    pub colour: bool,
}

/// How often the watched directories are looked at, to see that each is still the directory
/// that is watched, and whether one that went away has come back.
const DIRECTORY_POLL: Duration = Duration::from_millis(500);

/// How long a file that reads as invalid must be left alone before it is reported invalid: five
/// quiet periods, at least a second. A program that writes a file in place in chunks leaves it
/// half-written between them, often for longer than the quiet period.
fn settling_time(debounce: Duration) -> Duration {
    (debounce * 5).max(Duration::from_secs(1))
}

/// What the main loop receives: file-system events from the debouncer, the end of a check, or the
/// request to stop.
enum Message {
    Events(DebounceEventResult),
    Checked(Finished),
    /// A file's next round, paired ahead after the check `id` of the file (`None`: not paired:
    /// cancelled, or nothing to pair).
    PairedAhead {
        path: PathBuf,
        id: u64,
        paired: Option<PairedAhead>,
        seconds: f64,
    },
    Quit,
}

/// A check's end, from its thread.
struct Finished {
    path: PathBuf,
    id: u64,
    outcome: Outcome,
    /// The thread goes on to pair the file's next round ahead, and keeps its place until then.
    ahead_follows: bool,
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
    let events = sender.clone();
    let mut debouncer = match new_debouncer(window, Some(window), move |result: DebounceEventResult| {
        let _ = events.send(Message::Events(result));
    }) {
        Ok(debouncer) => debouncer,
        Err(error) => {
            eprintln!("trfcheck: cannot start watching: {error}");
            return Ok(Status::Io);
        }
    };
    let mut directories = Vec::new();
    for (path, mode) in directories_to_watch(&roots) {
        debug!(directory = %path.display(), ?mode, "watching");
        let identity = directory_identity(&path);
        if let Err(error) = watch_directory(&mut debouncer, &path, mode) {
            eprintln!("trfcheck: cannot watch {}: {error}", path.display());
            return Ok(Status::Io);
        }
        let name = directory_name(&roots, &path);
        directories.push(WatchedDirectory {
            path,
            mode,
            name,
            state: DirectoryState::Watched(identity, Instant::now()),
        });
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
    let cores = crate::verify::threads(None);
    let mut watcher = Watcher {
        roots,
        options,
        lag,
        debouncer,
        directories,
        next_poll: Instant::now() + DIRECTORY_POLL,
        known: BTreeSet::new(),
        checked: HashMap::new(),
        pending: HashMap::new(),
        queue: VecDeque::new(),
        queued: HashSet::new(),
        running: HashMap::new(),
        threads: 0,
        max_threads: (2 * cores).max(4),
        next_id: 0,
        noted: HashSet::new(),
        unlisted: BTreeSet::new(),
        memory: HashMap::new(),
        verdicts: HashMap::new(),
        ahead: HashMap::new(),
        pairing_ahead: HashMap::new(),
        sender,
    };
    // Watching started before this first pass, so no change made during it is lost.
    let found = watcher.initial_pass();
    eprintln!("{}", output::start_line(&watcher.roots, found, options));
    let result = watcher.event_loop(receiver, out);
    // Checks under way are told to stop, and not waited for: a round under way may take seconds,
    // and the process ends with this thread.
    watcher.cancel_all();
    watcher.debouncer.stop();
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

/// How to name a watched directory in messages: the directory PATH as given, or the parent of the
/// file PATH as given (`.` for a file named without a directory).
fn directory_name(roots: &[Root], directory: &Path) -> String {
    if let Some(root) = roots.iter().find(|root| root.kind == RootKind::Directory && root.absolute == directory) {
        return root.given.display().to_string();
    }
    roots
        .iter()
        .find(|root| root.kind == RootKind::File && root.absolute.parent() == Some(directory))
        .and_then(|root| root.given.parent())
        .filter(|parent| !parent.as_os_str().is_empty())
        .map_or_else(|| ".".to_owned(), |parent| parent.display().to_string())
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

/// True for the events that say that a watched directory itself went away: removed, or renamed
/// (moved away, or into its place).
fn is_gone_or_moved(kind: &EventKind) -> bool {
    matches!(kind, EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_)))
}

/// Which directory is at a path: its device and inode (on Unix), or `None` when no directory is
/// there. A watch is on an inode, so a directory that was replaced by another needs a new watch.
fn directory_identity(path: &Path) -> Option<(u64, u64)> {
    let metadata = fs::metadata(path).ok().filter(fs::Metadata::is_dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        Some((0, 0))
    }
}

/// A directory handed to `notify`.
struct WatchedDirectory {
    path: PathBuf,
    mode: RecursiveMode,
    /// For messages.
    name: String,
    state: DirectoryState,
}

enum DirectoryState {
    /// Watched since the instant, with this identity (`None` when it could not be read).
    Watched(Option<(u64, u64)>, Instant),
    /// Gone (removed, moved away or replaced); looked for at every poll.
    Lost,
}

/// A check under way, the latest of its file.
struct Running {
    id: u64,
    cancel: Arc<AtomicBool>,
}

enum Flow {
    Continue,
    Quit,
}

type FileWatcher = Debouncer<RecommendedWatcher, RecommendedCache>;

/// Watches a directory, recursively when `mode` says so. A recursive watch stops at the first
/// folder below that cannot be watched (one the user may not read); the rest of the tree is then
/// watched child by child, passing over that folder, which the walk says it cannot read
/// ([`Watcher::note_unlisted`]). A directory PATH that cannot be watched itself is an error.
fn watch_directory(debouncer: &mut FileWatcher, directory: &Path, mode: RecursiveMode) -> notify::Result<()> {
    let error = match debouncer.watch(directory, mode) {
        Ok(()) => return Ok(()),
        Err(error) => error,
    };
    let below = error.paths.first().filter(|failed| failed.as_path() != directory && failed.starts_with(directory));
    let Some(failed) = below.cloned() else { return Err(error) };
    if mode != RecursiveMode::Recursive || !matches!(error.kind, notify::ErrorKind::Io(_)) {
        return Err(error);
    }
    debug!(directory = %failed.display(), %error, "cannot watch it; watching the rest");
    // The watch stopped part way, in the order the directory lists its entries: every other
    // child folder is watched (again, for those done already: a watch added twice is one).
    let Ok(entries) = fs::read_dir(directory) else { return Err(error) };
    for entry in entries.flatten() {
        let child = entry.path();
        if child != failed && entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            watch_directory(debouncer, &child, mode)?;
        }
    }
    Ok(())
}

struct Watcher<'a> {
    roots: Vec<Root>,
    options: &'a WatchOptions,
    /// How late the debouncer may hand over an event, at most.
    lag: Duration,
    debouncer: FileWatcher,
    directories: Vec<WatchedDirectory>,
    next_poll: Instant,
    /// Files reported so far (absolute): checked on every change whatever their content, and
    /// reported when they vanish.
    known: BTreeSet<PathBuf>,
    /// The save of each known file that was last reported.
    checked: HashMap<PathBuf, ContentKey>,
    /// Paths touched by events, with the time when their quiet period ends.
    pending: HashMap<PathBuf, Instant>,
    /// Files due for a check, waiting for a thread, in order; an entry counts only while it is
    /// in `queued` too (a file that changed again leaves the set, and its entry is passed over).
    queue: VecDeque<PathBuf>,
    queued: HashSet<PathBuf>,
    /// The latest check of each file under way; a check of a file that changed again since is
    /// cancelled, and no longer here.
    running: HashMap<PathBuf, Running>,
    /// Check threads alive, cancelled ones included.
    threads: usize,
    /// At most this many check threads at once.
    max_threads: usize,
    next_id: u64,
    /// Paths skipped as not regular files, which have been said so once.
    noted: HashSet<PathBuf>,
    /// The folders and entries below the watched directories that could not be looked at, said once.
    unlisted: BTreeSet<PathBuf>,
    /// The verdicts of each file's last check that got to its rounds, with the keys of their
    /// inputs: the next check keeps those whose inputs are unchanged.
    memory: HashMap<PathBuf, Arc<RoundMemory>>,
    /// The round verdicts of each file's last report, to say what changed since.
    verdicts: HashMap<PathBuf, Verdicts>,
    /// Each file's next round as paired ahead after its last check.
    ahead: HashMap<PathBuf, Arc<PairedAhead>>,
    /// The pairings ahead under way: the check they follow, and how to cancel them.
    pairing_ahead: HashMap<PathBuf, (u64, Arc<AtomicBool>)>,
    /// For the check threads' results.
    sender: Sender<Message>,
}

impl Watcher<'_> {
    /// Queues every file there is, in name order; returns how many are tournament files (the file
    /// PATHs that exist, and the files below the directory PATHs that read as tournaments).
    fn initial_pass(&mut self) -> usize {
        let (mut files, mut unlisted, mut walked) = (Vec::new(), Vec::new(), Vec::new());
        for root in &self.roots {
            match root.kind {
                RootKind::File if fs::symlink_metadata(&root.absolute).is_ok() => files.push(root.absolute.clone()),
                RootKind::File => {}
                RootKind::Directory => {
                    walk(&root.absolute, &mut files, &mut unlisted);
                    walked.push(root.absolute.clone());
                }
            }
        }
        self.note_unlisted(&walked, unlisted);
        debug!(files = files.len(), "first pass");
        let mut found = 0;
        for file in files {
            if self.must_check(&file)
                || names::names_a_tournament(&file)
                || (names::has_tournament_extension(&file) && task::is_tournament_file(&file))
            {
                found += 1;
            }
            self.consider(&file);
        }
        found
    }

    fn event_loop(&mut self, receiver: &Receiver<Message>, out: &mut dyn Write) -> io::Result<()> {
        loop {
            self.start_checks();
            let wake = self.pending.values().copied().fold(self.next_poll, Instant::min);
            let mut messages = Vec::new();
            match receiver.recv_timeout(wake.saturating_duration_since(Instant::now())) {
                Ok(message) => messages.push(message),
                Err(RecvTimeoutError::Timeout) => {}
                // Never: this loop holds a sender (for the check threads).
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
            // Everything that has arrived is taken in before any quiet period is judged over: a
            // late batch of events for a file must extend its quiet period, not check it twice.
            messages.extend(receiver.try_iter());
            for message in messages {
                if let Flow::Quit = self.take(message, out)? {
                    return Ok(());
                }
            }
            if Instant::now() >= self.next_poll {
                self.poll_directories(out)?;
                self.next_poll = Instant::now() + DIRECTORY_POLL;
            }
            self.settle_due(out)?;
        }
    }

    fn take(&mut self, message: Message, out: &mut dyn Write) -> io::Result<Flow> {
        match message {
            Message::Quit => return Ok(Flow::Quit),
            Message::Events(Ok(events)) => self.absorb(events, out)?,
            Message::Events(Err(errors)) => {
                for error in errors {
                    warn!("file watcher: {error}");
                }
            }
            Message::Checked(finished) => self.finished(finished, out)?,
            Message::PairedAhead { path, id, paired, seconds } => {
                self.threads = self.threads.saturating_sub(1);
                if self.pairing_ahead.get(&path).is_some_and(|(running, _)| *running == id) {
                    self.pairing_ahead.remove(&path);
                    if let Some(paired) = paired {
                        info!(file = %self.display(&path), round = paired.round, seconds, "next round paired ahead");
                        self.ahead.insert(path, Arc::new(paired));
                    }
                }
            }
        }
        Ok(Flow::Continue)
    }

    /// Takes in events: the paths they touch become pending (and their checks under way moot).
    fn absorb(&mut self, events: Vec<DebouncedEvent>, out: &mut dyn Write) -> io::Result<()> {
        for event in events {
            if event.need_rescan() {
                debug!("events were lost; looking at every file again");
                self.rescan(None, Instant::now() + self.options.debounce + self.lag);
                continue;
            }
            if !is_change(&event.kind) {
                continue;
            }
            debug!(kind = ?event.kind, paths = ?event.paths, "event");
            let deadline = event.time + self.options.debounce + self.lag;
            for path in &event.paths {
                if let Some(index) = self.directories.iter().position(|dir| &dir.path == path) {
                    if is_gone_or_moved(&event.kind) {
                        self.directory_event(index, event.time, out)?;
                    }
                    continue;
                }
                if self.root_of(path).is_none_or(|root| self.is_ignored(root, path)) {
                    continue;
                }
                let entry = self.pending.entry(path.clone()).or_insert(deadline);
                *entry = (*entry).max(deadline);
                self.supersede(path);
            }
        }
        Ok(())
    }

    /// A path changed: its check under way (or waiting for a thread) would report a state that is
    /// gone. The path is checked again when its quiet period ends.
    fn supersede(&mut self, path: &Path) {
        if let Some(running) = self.running.remove(path) {
            debug!(path = %path.display(), "changed again; its check under way is cancelled");
            running.cancel.store(true, Ordering::Relaxed);
        }
        if let Some((_, cancel)) = self.pairing_ahead.remove(path) {
            debug!(path = %path.display(), "changed; its pairing ahead is cancelled");
            cancel.store(true, Ordering::Relaxed);
        }
        self.queued.remove(path);
    }

    /// Makes every file pending: the known ones, the file PATHs and every candidate below the
    /// directory PATHs; only those at or below `under` when given.
    fn rescan(&mut self, under: Option<&Path>, deadline: Instant) {
        let below = |path: &Path| under.is_none_or(|under| path.starts_with(under));
        let mut files: Vec<PathBuf> = self.known.iter().filter(|file| below(file)).cloned().collect();
        let mut walked = Vec::new();
        for root in &self.roots {
            match root.kind {
                RootKind::File if below(&root.absolute) => files.push(root.absolute.clone()),
                RootKind::File => {}
                RootKind::Directory => match under {
                    Some(under) if root.absolute.starts_with(under) => walked.push(root.absolute.clone()),
                    Some(under) if under.starts_with(&root.absolute) => walked.push(under.to_path_buf()),
                    Some(_) => {}
                    None => walked.push(root.absolute.clone()),
                },
            }
        }
        let mut unlisted = Vec::new();
        for directory in &walked {
            walk(directory, &mut files, &mut unlisted);
        }
        self.note_unlisted(&walked, unlisted);
        for file in files {
            let entry = self.pending.entry(file).or_insert(deadline);
            *entry = (*entry).max(deadline);
        }
    }

    /// An event on a watched directory itself: removed, or renamed. Events from before its
    /// current watch began are about a directory that was there before.
    fn directory_event(&mut self, index: usize, time: Instant, out: &mut dyn Write) -> io::Result<()> {
        match self.directories[index].state {
            DirectoryState::Watched(_, since) if time >= since => self.lose_directory(index, out),
            _ => Ok(()),
        }
    }

    /// Looks at every watched directory: one that is gone, or another directory now, has lost its
    /// watch; one that went away and is back is watched again.
    fn poll_directories(&mut self, out: &mut dyn Write) -> io::Result<()> {
        for index in 0..self.directories.len() {
            let identity = directory_identity(&self.directories[index].path);
            if let DirectoryState::Watched(watched, _) = self.directories[index].state
                && (identity.is_none() || identity != watched)
            {
                self.lose_directory(index, out)?;
            }
            if identity.is_some() && matches!(self.directories[index].state, DirectoryState::Lost) {
                self.rewatch_directory(index);
            }
        }
        Ok(())
    }

    /// A watched directory is gone (removed, moved away, or replaced): its watch is dropped (a
    /// directory moved away would still be watched, its files reported under their old names), and
    /// the files known in it are reported removed.
    fn lose_directory(&mut self, index: usize, out: &mut dyn Write) -> io::Result<()> {
        let directory = &mut self.directories[index];
        if matches!(directory.state, DirectoryState::Lost) {
            return Ok(());
        }
        directory.state = DirectoryState::Lost;
        let path = directory.path.clone();
        eprintln!("trfcheck: {} is gone (removed or moved away); watching for it to come back", directory.name);
        // An error here says that the watch went with the directory already.
        if let Err(error) = self.debouncer.unwatch(&path) {
            debug!(directory = %path.display(), %error, "unwatch");
        }
        let moot: Vec<PathBuf> = self.running.keys().filter(|file| file.starts_with(&path)).cloned().collect();
        for file in moot {
            self.supersede(&file);
        }
        self.queued.retain(|file| !file.starts_with(&path));
        self.removed(&path, out)
    }

    /// A directory that was lost is there again: watched again, and its files checked as at start
    /// once the quiet period is over (they may still be being written).
    fn rewatch_directory(&mut self, index: usize) {
        let directory = &self.directories[index];
        let path = directory.path.clone();
        let identity = directory_identity(&path);
        if let Err(error) = watch_directory(&mut self.debouncer, &path, directory.mode) {
            debug!(directory = %path.display(), %error, "cannot watch it again yet");
            return;
        }
        eprintln!("trfcheck: {} is back; watching it again", directory.name);
        self.directories[index].state = DirectoryState::Watched(identity, Instant::now());
        self.rescan(Some(&path), Instant::now() + self.options.debounce + self.lag);
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
                let (mut files, mut unlisted) = (Vec::new(), Vec::new());
                if self.root_of(path).is_some_and(|root| root.kind == RootKind::Directory) {
                    walk(path, &mut files, &mut unlisted);
                    self.note_unlisted(&[path.to_path_buf()], unlisted);
                }
                let now = Instant::now();
                for file in files {
                    // A file with events of its own is checked when its own quiet period ends.
                    if self.pending.get(&file).is_some_and(|deadline| *deadline > now) {
                        continue;
                    }
                    self.pending.remove(&file);
                    self.consider(&file);
                }
                Ok(())
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => self.removed(path, out),
            // A file, or something else the check will judge (and skip when it is not a file).
            _ => {
                self.consider(path);
                Ok(())
            }
        }
    }

    /// Says on standard error, once, each folder or entry below the directories just walked that
    /// could not be looked at: the files there are not watched, and that must not go unsaid. One
    /// that can be looked at again is forgotten, to be said again if it is lost again.
    fn note_unlisted(&mut self, walked: &[PathBuf], unlisted: Vec<Unreadable>) {
        let now: BTreeSet<PathBuf> = unlisted.iter().map(|u| u.path.clone()).collect();
        self.unlisted.retain(|path| now.contains(path) || !walked.iter().any(|directory| path.starts_with(directory)));
        for unreadable in unlisted {
            if self.unlisted.insert(unreadable.path.clone()) {
                let name = self.display(&unreadable.path);
                let (what, consequence) = if unreadable.folder {
                    (" (a folder)", "; watch cannot see the files in it")
                } else {
                    ("", "; watch cannot check it")
                };
                eprintln!("trfcheck: warning: cannot read {name}{what}: {}{consequence}", unreadable.error);
            }
        }
    }

    /// Queues a check of a file that exists: a file PATH or a known file whatever it holds, and
    /// a file with a tournament extension to be judged by its content.
    fn consider(&mut self, path: &Path) {
        if !self.must_check(path) && !names::has_tournament_extension(path) {
            debug!(path = %path.display(), "not a tournament file name");
            return;
        }
        if self.queued.insert(path.to_path_buf()) {
            self.queue.push_back(path.to_path_buf());
        }
    }

    fn must_check(&self, path: &Path) -> bool {
        self.known.contains(path) || self.roots.iter().any(|root| root.kind == RootKind::File && root.absolute == path)
    }

    /// Starts checks from the queue while threads are free. A slow file holds one thread; the
    /// others go on.
    fn start_checks(&mut self) {
        while self.threads < self.max_threads {
            let Some(path) = self.queue.pop_front() else { break };
            if !self.queued.remove(&path) {
                continue;
            }
            let cancel = Arc::new(AtomicBool::new(false));
            let task = CheckTask {
                path: path.clone(),
                whatever_content: self.must_check(&path) || names::names_a_tournament(&path),
                last: self.checked.get(&path).cloned(),
                options: self.options.check,
                cancel: Arc::clone(&cancel),
                memory: self.memory.get(&path).cloned(),
                settle: settling_time(self.options.debounce),
                ahead: self.ahead.get(&path).cloned(),
                pair_ahead: self.options.pair_ahead,
            };
            let id = self.next_id;
            let sender = self.sender.clone();
            let name = path.clone();
            let spawned = thread::Builder::new().name("check".into()).spawn(move || {
                // A panic (a bug) must still free the thread's place and leave the daemon running.
                let mut outcome =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| task.run())).unwrap_or(Outcome::Failed);
                let next = match &mut outcome {
                    Outcome::Checked { next, .. } => next.take(),
                    _ => None,
                };
                let ahead_follows = next.is_some();
                let _ = sender.send(Message::Checked(Finished { path: name.clone(), id, outcome, ahead_follows }));
                if let Some(tournament) = next {
                    // The report is out; the next round is paired now, while the file is left alone.
                    let started = Instant::now();
                    let paired = if task.cancel.load(Ordering::Relaxed) {
                        None
                    } else {
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            crate::verify::ahead::pair_ahead(&tournament, &task.options)
                        }))
                        .ok()
                        .flatten()
                    };
                    let paired = paired.filter(|_| !task.cancel.load(Ordering::Relaxed));
                    let seconds = started.elapsed().as_secs_f64();
                    let _ = sender.send(Message::PairedAhead { path: name, id, paired, seconds });
                }
            });
            if let Err(error) = spawned {
                // Tried again at the next turn of the loop (within half a second).
                warn!("cannot start a check of {}: {error}", path.display());
                self.queued.insert(path.clone());
                self.queue.push_front(path);
                break;
            }
            debug!(path = %path.display(), id, "checking");
            self.next_id += 1;
            self.threads += 1;
            if let Some(previous) = self.running.insert(path, Running { id, cancel }) {
                previous.cancel.store(true, Ordering::Relaxed);
            }
        }
    }

    /// A check ended: its outcome is reported, unless it was superseded by a later check.
    fn finished(&mut self, finished: Finished, out: &mut dyn Write) -> io::Result<()> {
        let Finished { path, id, outcome, ahead_follows } = finished;
        if !ahead_follows {
            self.threads = self.threads.saturating_sub(1);
        }
        if self.running.get(&path).is_none_or(|running| running.id != id) {
            debug!(path = %path.display(), id, "superseded; not reported");
            return Ok(());
        }
        if let Some(running) = self.running.remove(&path)
            && ahead_follows
            && let Some((_, previous)) = self.pairing_ahead.insert(path.clone(), (id, running.cancel))
        {
            previous.store(true, Ordering::Relaxed);
        }
        if !matches!(outcome, Outcome::NotRegular(_)) {
            self.noted.remove(&path);
        }
        match outcome {
            Outcome::Gone => self.removed(&path, out),
            Outcome::NotRegular(kind) => {
                if self.noted.insert(path.clone()) {
                    eprintln!("trfcheck: note: {} is {kind}, not a regular file; watch skips it", self.display(&path));
                }
                // A known file replaced by, say, a named pipe is no longer a file that is checked.
                self.removed(&path, out)
            }
            Outcome::NotTournament => {
                debug!(path = %path.display(), "not a tournament file");
                Ok(())
            }
            Outcome::Unchanged => {
                debug!(path = %path.display(), "the save last reported; not reported again");
                Ok(())
            }
            Outcome::Cancelled => Ok(()),
            Outcome::Unsettled(wait) => {
                debug!(path = %path.display(), ?wait, "invalid, and still being written; looked at again later");
                let deadline = Instant::now() + wait;
                let entry = self.pending.entry(path).or_insert(deadline);
                *entry = (*entry).max(deadline);
                Ok(())
            }
            Outcome::Failed => {
                eprintln!("trfcheck: the check of {} stopped on an internal error (a bug)", self.display(&path));
                Ok(())
            }
            Outcome::Checked { mut report, diagnostics, key, memory, reused, next: _ } => {
                self.known.insert(path.clone());
                match key {
                    Some(key) => self.checked.insert(path.clone(), key),
                    None => self.checked.remove(&path),
                };
                // A check that did not get to the rounds (a half-written or invalid save) keeps
                // the verdicts of the last one that did: the next good save reuses them.
                if !memory.is_empty() {
                    self.memory.insert(path.clone(), Arc::new(*memory));
                }
                // Likewise its verdicts: the next good save is compared with the last good check.
                let verdicts = Verdicts::of(&report);
                let changes = if verdicts.stopped() {
                    self.verdicts.get(&path).map(|before| before.changes(&verdicts))
                } else {
                    self.verdicts.insert(path.clone(), verdicts.clone()).map(|before| before.changes(&verdicts))
                };
                report.file = self.display(&path);
                self.print(&report, &diagnostics, &reused, changes.as_ref(), out)
            }
        }
    }

    fn print(
        &self,
        report: &CheckReport,
        diagnostics: &crate::diagnostics::Diagnostics,
        reused: &[u32],
        changes: Option<&Changes>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match self.options.format {
            OutputFormat::Json => report::write_json_line(
                out,
                &output::JsonLine { time: output::rfc3339(SystemTime::now()), report, reused_rounds: reused, changes },
            )?,
            OutputFormat::Text | OutputFormat::Bbp => {
                write_findings(report, diagnostics);
                output::write_rounds(report, reused, changes);
                writeln!(out, "{}", output::summary_line(report, SystemTime::now(), self.options.colour))?;
            }
        }
        out.flush()
    }

    /// A path that is gone: every known file at or below it is reported removed.
    fn removed(&mut self, path: &Path, out: &mut dyn Write) -> io::Result<()> {
        let gone = at_or_below(&self.known, path);
        for file in gone {
            self.known.remove(&file);
            self.checked.remove(&file);
            self.memory.remove(&file);
            self.verdicts.remove(&file);
            self.ahead.remove(&file);
            if let Some((_, cancel)) = self.pairing_ahead.remove(&file) {
                cancel.store(true, Ordering::Relaxed);
            }
            let name = self.display(&file);
            debug!(file = %name, "removed");
            match self.options.format {
                OutputFormat::Json => report::write_json_line(
                    out,
                    &Removed {
                        time: output::rfc3339(SystemTime::now()),
                        schema: report::SCHEMA,
                        file: &name,
                        status: "removed",
                    },
                )?,
                OutputFormat::Text | OutputFormat::Bbp => {
                    writeln!(out, "{} {name}: removed", output::local_time(SystemTime::now()))?
                }
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Tells every check under way to stop.
    fn cancel_all(&mut self) {
        for (_, running) in self.running.drain() {
            running.cancel.store(true, Ordering::Relaxed);
        }
        for (_, (_, cancel)) in self.pairing_ahead.drain() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// The PATH a path belongs to: the file PATH it is, or the directory PATH that holds it.
    fn root_of(&self, path: &Path) -> Option<&Root> {
        self.roots.iter().find(|root| root.kind == RootKind::File && root.absolute == path).or_else(|| {
            self.roots.iter().find(|root| root.kind == RootKind::Directory && path.starts_with(&root.absolute))
        })
    }

    /// Temporary files and hidden paths below a directory PATH; never a file PATH.
    fn is_ignored(&self, root: &Root, path: &Path) -> bool {
        root.kind == RootKind::Directory && path.strip_prefix(&root.absolute).is_ok_and(names::is_ignored_relative)
    }

    fn display(&self, path: &Path) -> String {
        self.root_of(path).map_or_else(|| path.display().to_string(), |root| root.display(path))
    }
}

/// The paths of a set at or below `path`. Paths order by components, so these follow `path` in a
/// row (`a/b`, `a/b/c`, `a/b/d/e`, then `a/b-x`).
fn at_or_below(paths: &BTreeSet<PathBuf>, path: &Path) -> Vec<PathBuf> {
    paths.range(path.to_path_buf()..).take_while(|file| file.starts_with(path)).cloned().collect()
}

/// The JSON line for a known file that vanished.
#[derive(serde::Serialize)]
struct Removed<'a> {
    time: String,
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

/// Collects what is below a directory and is not a directory ([`crate::discover::walk`]): files,
/// and also named pipes, sockets and devices, which the checks skip with a note when their names
/// are tournament names; and, in `unlisted`, the folders and entries the walk could not look at.
fn walk(directory: &Path, found: &mut Vec<PathBuf>, unlisted: &mut Vec<Unreadable>) {
    let walked = crate::discover::walk(directory);
    found.extend(walked.files);
    unlisted.extend(walked.unreadable);
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
    fn finds_the_paths_below_a_directory() {
        let known: BTreeSet<PathBuf> =
            ["/a/b", "/a/b/c", "/a/b-x", "/a/b/d/e", "/a/a", "/a/b.trf", "/a/bb/c"].iter().map(PathBuf::from).collect();
        let below: Vec<PathBuf> = ["/a/b", "/a/b/c", "/a/b/d/e"].iter().map(PathBuf::from).collect();
        assert_eq!(at_or_below(&known, Path::new("/a/b")), below);
        assert_eq!(at_or_below(&known, Path::new("/a/b.trf")), vec![PathBuf::from("/a/b.trf")]);
        assert!(at_or_below(&known, Path::new("/z")).is_empty());
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
