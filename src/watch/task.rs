//! One check of one file, as `watch` runs it on a thread of its own.
//!
//! The file is opened without blocking and judged by the handle, not the name: a named pipe, a
//! socket or a device (directly, or through a symbolic link) is never read, since opening a named
//! pipe for reading blocks until a writer comes and reading a device may never end. The content
//! read is keyed ([`ContentKey`]), so a check that would report what was last reported, for the
//! same save of the file, is skipped. The check itself stops between rounds once it is cancelled.

use std::collections::HashMap;
use std::fs::{self, File, Metadata};
use std::hash::{DefaultHasher, Hasher};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use crate::diagnostics::Diagnostics;
use crate::exit::Status;
use crate::formats::{self, ReadError, SNIFF_BYTES};
use crate::report::{CheckReport, RoundReport};
use crate::verify::{self, CheckOptions, ahead::PairedAhead};

/// The verdicts of a file's last check, by round, each with the key of its inputs
/// ([`verify::reuse::round_input_key`]): a round whose key is unchanged keeps its verdict.
pub type RoundMemory = HashMap<u32, (u64, RoundReport)>;

/// What a file held when it was checked: one save of it. Two reads with the same key read the
/// same bytes from the same file, written at the same time, so the second check would repeat the
/// first. A save that writes the same bytes again (a new file renamed over the old, or a new
/// modification time) has a new key, and is checked and reported again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentKey {
    len: u64,
    modified: Option<SystemTime>,
    /// Device and inode: an atomic save replaces the file by another.
    file: Option<(u64, u64)>,
    hash: u64,
}

impl ContentKey {
    fn of(metadata: &Metadata, bytes: &[u8]) -> ContentKey {
        let mut hasher = DefaultHasher::new();
        hasher.write(bytes);
        ContentKey {
            len: bytes.len() as u64,
            modified: metadata.modified().ok(),
            file: file_identity(metadata),
            hash: hasher.finish(),
        }
    }
}

#[cfg(unix)]
fn file_identity(metadata: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn file_identity(_: &Metadata) -> Option<(u64, u64)> {
    None
}

/// How a check ended.
#[derive(Debug)]
pub enum Outcome {
    /// Nothing is at the path now.
    Gone,
    /// Something that is not a regular file is at the path: what it is ("a named pipe").
    NotRegular(&'static str),
    /// A candidate whose first bytes are not a tournament file's.
    NotTournament,
    /// The same save of the file as the last report.
    Unchanged,
    /// Stopped before the end: the file changed again, or the daemon stops.
    Cancelled,
    /// The check panicked (a bug; the panic message is on standard error).
    Failed,
    /// The file reads as invalid but is still being written (it changed during the read, or was
    /// modified less than the settling time ago): not reported; looked at again after this long.
    Unsettled(Duration),
    Checked {
        report: Box<CheckReport>,
        diagnostics: Box<Diagnostics>,
        /// `None` when the file could not be read to the end (the report says why).
        key: Option<ContentKey>,
        /// The verdicts of this check by round, with their keys, for the next check of the file.
        memory: Box<RoundMemory>,
        /// The rounds whose verdict was kept from the last check (their inputs unchanged).
        reused: Vec<u32>,
        /// The tournament read, when its next round is to be paired ahead (the task asked for it,
        /// the file's rounds were checked, and it declares more rounds than it records).
        next: Option<Box<crate::model::Tournament>>,
    },
}

/// A check to run.
pub struct CheckTask {
    pub path: PathBuf,
    /// Checked whatever its content: a file PATH, a file reported before, or one whose name says
    /// it is a tournament (`.trf`).
    pub whatever_content: bool,
    /// The file's last reported save.
    pub last: Option<ContentKey>,
    pub options: CheckOptions,
    pub cancel: Arc<AtomicBool>,
    /// The verdicts of the file's last check that got to its rounds.
    pub memory: Option<Arc<RoundMemory>>,
    /// How long an invalid file must have been left alone before it is reported invalid: a file
    /// still being written reads as invalid until its last write.
    pub settle: Duration,
    /// The file's next round as paired ahead after its last check, if it was.
    pub ahead: Option<Arc<PairedAhead>>,
    /// Hand back the tournament for its next round to be paired ahead ([`Outcome::Checked`]).
    pub pair_ahead: bool,
}

impl CheckTask {
    pub fn run(&self) -> Outcome {
        let (file, metadata) = match open_regular(&self.path) {
            Ok(opened) => opened,
            Err(OpenFailure::Gone) => return Outcome::Gone,
            Err(OpenFailure::NotRegular(kind)) => return Outcome::NotRegular(kind),
            // A candidate that cannot be read is reported unreadable, whatever it may hold: a
            // tournament file the daemon cannot read must not go unsaid.
            Err(OpenFailure::Io(source)) => {
                return self.check(Err(ReadError::Io { path: self.path.clone(), source }), None, None);
            }
        };
        let mut head = Vec::new();
        if !self.whatever_content {
            // A candidate is judged by its first bytes, the only ones read of a file that is not a
            // tournament (a large log file costs no more than a small one).
            if let Err(source) = (&file).take(SNIFF_BYTES as u64).read_to_end(&mut head) {
                return self.check(Err(ReadError::Io { path: self.path.clone(), source }), None, Some(&metadata));
            }
            if !formats::is_tournament_file(&head) {
                return Outcome::NotTournament;
            }
        }
        let bytes = match formats::read_open_file(&self.path, &file, head, self.options.read) {
            Ok(bytes) => bytes,
            Err(error) => return self.check(Err(error), None, Some(&metadata)),
        };
        let key = ContentKey::of(&metadata, &bytes);
        if self.last.as_ref() == Some(&key) {
            return Outcome::Unchanged;
        }
        let loaded = formats::read_bytes(&self.path, &bytes, self.options.read);
        self.check(Ok(loaded), Some(key), Some(&metadata))
    }

    /// Checks what was read. `opened`: the metadata of the file read, to tell whether it is still
    /// being written.
    fn check(
        &self,
        read: Result<formats::Loaded, ReadError>,
        key: Option<ContentKey>,
        opened: Option<&Metadata>,
    ) -> Outcome {
        let new_keys: Mutex<Vec<(u32, u64)>> = Mutex::new(Vec::new());
        let reused: Mutex<Vec<u32>> = Mutex::new(Vec::new());
        let reuse = |t: &crate::model::Tournament, system, round| {
            let key = verify::reuse::round_input_key(t, system, round);
            new_keys.lock().unwrap_or_else(PoisonError::into_inner).push((round, key));
            let (old, report) = self.memory.as_deref()?.get(&round)?;
            (*old == key).then(|| {
                reused.lock().unwrap_or_else(PoisonError::into_inner).push(round);
                report.clone()
            })
        };
        let (inspected, report) = verify::check_read_reusing(
            &self.path,
            read,
            &self.options,
            &|_| {},
            &self.cancel,
            &reuse,
            self.ahead.as_deref(),
        );
        if self.cancel.load(Ordering::Relaxed) {
            return Outcome::Cancelled;
        }
        if matches!(report.status, Status::Invalid | Status::Io)
            && let Some(wait) = opened.and_then(|opened| self.still_written(opened))
        {
            return Outcome::Unsettled(wait);
        }
        let keys: HashMap<u32, u64> =
            new_keys.into_inner().unwrap_or_else(PoisonError::into_inner).into_iter().collect();
        let memory: RoundMemory = report
            .rounds
            .iter()
            .filter_map(|round| keys.get(&round.round).map(|&key| (round.round, (key, round.clone()))))
            .collect();
        let mut reused = reused.into_inner().unwrap_or_else(PoisonError::into_inner);
        reused.sort_unstable();
        let rounds_checked = matches!(report.status, Status::Ok | Status::Mismatch);
        let next = inspected
            .loaded
            .and_then(|loaded| loaded.tournament)
            .filter(|t| {
                self.pair_ahead && rounds_checked && t.header.rounds.is_some_and(|total| total > t.rounds_paired())
            })
            .map(Box::new);
        Outcome::Checked {
            report: Box::new(report),
            diagnostics: Box::new(inspected.diagnostics),
            key,
            memory: Box::new(memory),
            reused,
            next,
        }
    }

    /// How long to wait before an invalid read of the file may be reported, when it looks like a
    /// file still being written: it changed since it was opened, or its last write is more recent
    /// than the settling time. `None` once it has been left alone that long (a modification time
    /// in the future counts as settled, or a file with a wrong clock would never be reported).
    fn still_written(&self, opened: &Metadata) -> Option<Duration> {
        // Gone since it was read: its event is on its way, and says so.
        let Ok(now) = fs::metadata(&self.path) else { return Some(self.settle) };
        let identity = |m: &Metadata| (m.len(), m.modified().ok(), file_identity(m));
        if identity(&now) != identity(opened) {
            return Some(self.settle);
        }
        let age = SystemTime::now().duration_since(now.modified().ok()?).ok()?;
        self.settle.checked_sub(age).filter(|wait| !wait.is_zero())
    }
}

/// True when the file at `path` is a regular file whose first bytes read as a tournament file
/// (the start line counts these).
pub fn is_tournament_file(path: &Path) -> bool {
    let Ok((file, _)) = open_regular(path) else { return false };
    let mut head = Vec::new();
    (&file).take(SNIFF_BYTES as u64).read_to_end(&mut head).is_ok() && formats::is_tournament_file(&head)
}

/// [`formats::open_regular`], with nothing at the path told apart.
fn open_regular(path: &Path) -> Result<(File, Metadata), OpenFailure> {
    formats::open_regular(path).map_err(|failure| match failure {
        formats::OpenFailure::Io(error) if error.kind() == io::ErrorKind::NotFound => OpenFailure::Gone,
        formats::OpenFailure::Io(error) => OpenFailure::Io(error),
        formats::OpenFailure::NotRegular(kind) => OpenFailure::NotRegular(kind),
    })
}

#[derive(Debug)]
enum OpenFailure {
    Gone,
    NotRegular(&'static str),
    Io(io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(path: &Path, whatever_content: bool, last: Option<ContentKey>) -> CheckTask {
        CheckTask {
            path: path.to_owned(),
            whatever_content,
            last,
            options: CheckOptions::default(),
            cancel: Arc::new(AtomicBool::new(false)),
            memory: None,
            settle: Duration::ZERO,
            ahead: None,
            pair_ahead: false,
        }
    }

    const VALID: &str = "012 Watch test\n\
001    1      Player One                        2000                             1.0    1     2 w 1\n\
001    2      Player Two                        1900                             0.0    2     1 b 0\n";

    #[cfg(unix)]
    #[test]
    fn devices_are_not_read() {
        for whatever_content in [false, true] {
            let outcome = task(Path::new("/dev/zero"), whatever_content, None).run();
            assert!(matches!(outcome, Outcome::NotRegular("a character device")), "{outcome:?}");
        }
    }

    #[test]
    fn a_save_is_checked_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.trf");
        fs::write(&path, VALID).unwrap();
        let Outcome::Checked { key: Some(key), report, .. } = task(&path, false, None).run() else {
            panic!("not checked")
        };
        assert_eq!(report.summary.rounds_checked, 1);
        assert!(matches!(task(&path, false, Some(key.clone())).run(), Outcome::Unchanged));
        // The same bytes saved again (a new file renamed over the old one): checked again.
        let other = dir.path().join("u.trf");
        fs::write(&other, VALID).unwrap();
        fs::rename(&other, &path).unwrap();
        assert!(matches!(task(&path, false, Some(key)).run(), Outcome::Checked { .. }));
    }

    #[test]
    fn candidates_are_judged_by_content_and_known_files_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        fs::write(&path, "Round 5 starts at 15:00.\n").unwrap();
        assert!(matches!(task(&path, false, None).run(), Outcome::NotTournament));
        assert!(matches!(task(&path, true, None).run(), Outcome::Checked { key: Some(_), .. }));
        assert!(matches!(task(&dir.path().join("none.trf"), true, None).run(), Outcome::Gone));
    }

    #[test]
    fn a_cancelled_check_reports_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.trf");
        fs::write(&path, VALID).unwrap();
        let cancelled = task(&path, false, None);
        cancelled.cancel.store(true, Ordering::Relaxed);
        assert!(matches!(cancelled.run(), Outcome::Cancelled));
    }
}
