//! Batch audits: the files `check` and `validate` take from folders, and the checking of many
//! files on several threads with their results handed over in order.
//!
//! A folder is walked recursively ([`crate::discover::walk`], the walk `watch` makes too): hidden
//! folders and temporary, swap, lock and backup names are never looked at. Of the rest, a file is
//! audited when its name has a tournament extension and either its name says it is a tournament
//! (`.trf`, `.trfx`: one that does not read as a tournament is reported invalid, never passed over)
//! or its content reads as a TRF or an FMJD crosstable ([`crate::formats::is_tournament_file`] on
//! its first bytes). Every other file is skipped with its reason (counted, so that the run says
//! so once). A candidate that cannot be opened is audited, and its read error makes it
//! unreadable (exit 5); a folder or entry the walk could not look at is kept in
//! [`Collected::unreadable`], an error of the run too.
//!
//! A file named alone on the command line is always audited, whatever its name and content, and
//! gets a verdict (or an error) of its own; among several paths (a shell glob), a named file whose
//! content reads as no tournament is skipped like a folder's, unless its name says it is a
//! tournament (see [`is_plainly_not_a_tournament`]).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::discover::{self, names};
use crate::formats::{self, OpenFailure};

/// The files of a batch audit.
#[derive(Debug, Default)]
pub struct Collected {
    /// The files to audit: the named ones in the order given, a folder's in walk order.
    pub files: Vec<PathBuf>,
    /// Files under the folders (or named in a glob) that are not audited, with why.
    pub skipped: Vec<Skipped>,
    /// How many of the paths given were folders.
    pub folders: usize,
    /// The folders given that hold no tournament file: nothing was checked from them.
    pub empty_folders: Vec<PathBuf>,
    /// Folders and entries the walk could not look at: errors of the run (exit 5).
    pub unreadable: Vec<discover::Unreadable>,
}

impl Collected {
    /// True when the run is a batch: a folder, or more than one file. A batch ends with the
    /// summary table.
    pub fn is_batch(&self) -> bool {
        self.folders > 0 || self.files.len() + self.unreadable.len() > 1
    }

    /// The entries to report, the paths that could not be looked at first (they are errors of the
    /// run), then the files; both are left empty.
    pub fn take_entries(&mut self) -> Vec<Entry> {
        let unreadable = std::mem::take(&mut self.unreadable).into_iter().map(Entry::Unreadable);
        unreadable.chain(std::mem::take(&mut self.files).into_iter().map(Entry::File)).collect()
    }
}

/// One entry of a batch audit, in the order it is reported.
#[derive(Debug)]
pub enum Entry {
    /// A file to read and audit.
    File(PathBuf),
    /// A path the folder walk could not look at: reported unreadable.
    Unreadable(discover::Unreadable),
}

impl Entry {
    /// The entry's path.
    pub fn path(&self) -> &Path {
        match self {
            Entry::File(path) => path,
            Entry::Unreadable(unreadable) => &unreadable.path,
        }
    }

    /// What the entry's report names: the path, with a `/` after a folder's.
    pub fn name(&self) -> PathBuf {
        match self {
            Entry::Unreadable(unreadable) if unreadable.folder => {
                let mut name = unreadable.path.clone().into_os_string();
                name.push("/");
                name.into()
            }
            entry => entry.path().to_path_buf(),
        }
    }
}

/// A file left out of an audit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub reason: SkipReason,
}

/// Why a file is left out of an audit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// Its name or its content says it is no tournament file (a README, a PDF, notes).
    NotTournament,
    /// A named pipe, a socket or a device with a tournament's name: never read.
    NotRegular(&'static str),
    /// A symbolic link to a folder: not followed (a link back up would make a cycle).
    FolderLink,
}

impl SkipReason {
    /// The kind of file, for the summary line's count of skipped files, as (one, several).
    pub fn kind(self) -> (&'static str, &'static str) {
        match self {
            SkipReason::NotTournament => ("not a tournament file", "not tournament files"),
            SkipReason::NotRegular(_) => ("not a regular file", "not regular files"),
            SkipReason::FolderLink => ("a link to a folder", "links to folders"),
        }
    }

    /// Why, in the words of the note and the JSON `reason`.
    pub fn text(self) -> String {
        match self {
            SkipReason::NotTournament => "not a tournament file (TRF or FMJD crosstable)".to_owned(),
            SkipReason::NotRegular(kind) => format!("{kind}, not a regular file"),
            SkipReason::FolderLink => "a symbolic link to a folder, not followed".to_owned(),
        }
    }
}

/// The files skipped, counted by kind ([`SkipReason::kind`]): files that are no tournament files,
/// then files that are not regular files, then links to folders; kinds without a file left out.
pub fn count_by_kind(skipped: &[Skipped]) -> Vec<((&'static str, &'static str), usize)> {
    let rank = |reason: SkipReason| match reason {
        SkipReason::NotTournament => 0,
        SkipReason::NotRegular(_) => 1,
        SkipReason::FolderLink => 2,
    };
    (0..3)
        .filter_map(|kind| {
            let of_kind: Vec<&Skipped> = skipped.iter().filter(|s| rank(s.reason) == kind).collect();
            of_kind.first().map(|first| (first.reason.kind(), of_kind.len()))
        })
        .collect()
}

/// The files named by `paths`: each file as given, each folder walked.
pub fn collect(paths: &[PathBuf]) -> Collected {
    let mut collected = Collected::default();
    let skip = |path: PathBuf, reason| Skipped { path, reason };
    for path in paths {
        if path.is_dir() {
            collected.folders += 1;
            let walked = discover::walk(path);
            let before = collected.files.len();
            for file in walked.files {
                match judge(&file) {
                    None => collected.files.push(file),
                    Some(reason) => collected.skipped.push(skip(file, reason)),
                }
            }
            collected.skipped.extend(walked.folder_links.into_iter().map(|link| skip(link, SkipReason::FolderLink)));
            if collected.files.len() == before && walked.unreadable.is_empty() {
                collected.empty_folders.push(path.clone());
            }
            collected.unreadable.extend(walked.unreadable);
        } else if paths.len() > 1 && is_plainly_not_a_tournament(path) {
            // A shell glob (`check corpus/*`) names the folder's notes and expected outputs too;
            // they are skipped as a folder's would be, not reported as invalid files.
            collected.skipped.push(skip(path.clone(), SkipReason::NotTournament));
        } else {
            collected.files.push(path.clone());
        }
    }
    // A file reached twice (named and in a folder, or two overlapping folders) is audited once.
    let mut seen = std::collections::BTreeSet::new();
    collected.files.retain(|file| seen.insert(file.clone()));
    collected.skipped.retain(|skipped| !seen.contains(&skipped.path));
    let mut seen_skipped = std::collections::BTreeSet::new();
    collected.skipped.retain(|skipped| seen_skipped.insert(skipped.path.clone()));
    let mut seen_unreadable = std::collections::BTreeSet::new();
    collected.unreadable.retain(|unreadable| seen_unreadable.insert(unreadable.path.clone()));
    collected
}

/// Whether a file found in a folder is audited (`None`) or skipped, and why. Only candidates (a
/// tournament extension) are opened; one that cannot be opened or read is audited, so that its
/// error is reported, never passed over.
fn judge(file: &Path) -> Option<SkipReason> {
    if !names::has_tournament_extension(file) {
        return Some(SkipReason::NotTournament);
    }
    let opened = match formats::open_regular(file) {
        Ok((opened, _)) => opened,
        Err(OpenFailure::NotRegular(kind)) => return Some(SkipReason::NotRegular(kind)),
        Err(OpenFailure::Io(_)) => return None,
    };
    if names::names_a_tournament(file) {
        return None;
    }
    let mut head = Vec::with_capacity(formats::SNIFF_BYTES);
    match opened.take(formats::SNIFF_BYTES as u64).read_to_end(&mut head) {
        Ok(_) if !formats::is_tournament_file(&head) => Some(SkipReason::NotTournament),
        _ => None,
    }
}

/// True for a named file of a batch that is not a tournament file: a readable regular file whose
/// first bytes read as neither a TRF nor an FMJD crosstable (a README, a `.md` or `.csv` note, an
/// `.output.expected` file), unless its name says it is a tournament (`.trf`, `.trfx`): a TRF
/// submission that does not read as one is a defective file, checked and reported invalid. A
/// missing or unreadable file, or one that is not a regular file, is checked too, and gets its
/// error (exit 5). Whatever its name, a file that reads as a tournament is checked.
fn is_plainly_not_a_tournament(path: &Path) -> bool {
    if names::names_a_tournament(path) {
        return false;
    }
    let Ok((opened, _)) = formats::open_regular(path) else { return false };
    let mut head = Vec::with_capacity(formats::SNIFF_BYTES);
    opened.take(formats::SNIFF_BYTES as u64).read_to_end(&mut head).is_ok() && !formats::is_tournament_file(&head)
}

/// Runs `work` on every item on up to `jobs` threads, the largest items (by `size`) first, and
/// hands each result to `emit` in the items' order, as soon as it and all before it are done.
pub fn map_in_order<T: Send + Sync, R: Send>(
    items: &[T],
    jobs: usize,
    size: impl Fn(&T) -> u64,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(usize, R),
) {
    let threads = jobs.clamp(1, items.len().max(1));
    if threads == 1 {
        for (i, item) in items.iter().enumerate() {
            emit(i, work(item));
        }
        return;
    }
    // Longest first, so that no large file starts last and keeps one thread busy alone.
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&items[i])));
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (order, next, work) = (&order, &next, &work);
            scope.spawn(move || {
                while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if sender.send((i, work(&items[i]))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting: std::collections::BTreeMap<usize, R> = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, result) in receiver {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                emit(due, result);
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn skipped(collected: &Collected) -> Vec<PathBuf> {
        collected.skipped.iter().map(|s| s.path.clone()).collect()
    }

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        let items: Vec<u64> = (0..50).collect();
        let mut seen = Vec::new();
        map_in_order(&items, 4, |&i| i % 7, |&i| i * 2, |index, value| seen.push((index, value)));
        assert_eq!(seen, items.iter().map(|&i| (i as usize, i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn folders_take_tournament_files_and_skip_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let trf =
            "012 Test\n001    1      Test, A                           1500                             0.0    1\n";
        fs::write(dir.path().join("a.trf"), trf).unwrap();
        fs::write(dir.path().join("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
        fs::write(dir.path().join("notes.md"), "# notes\n").unwrap();
        fs::write(dir.path().join("b.trf.swp"), trf).unwrap();
        fs::create_dir(dir.path().join(".git")).unwrap();
        fs::write(dir.path().join(".git").join("c.trf"), trf).unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        fs::write(dir.path().join("sub").join("d.TRF"), trf).unwrap();
        let named = dir.path().join("sub").join("d.TRF");
        let collected = collect(&[dir.path().to_path_buf(), named.clone()]);
        assert_eq!(collected.files, vec![dir.path().join("a.trf"), named]);
        assert_eq!(skipped(&collected), vec![dir.path().join("README.txt"), dir.path().join("notes.md")]);
        assert!(collected.is_batch());
    }

    /// A file whose name says it is a tournament is audited whatever it holds: an empty or a
    /// binary `.trf` is a defective submission, reported invalid, not a file passed over.
    #[test]
    fn a_folder_audits_every_file_named_as_a_tournament() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        fs::write(path("empty.trf"), "").unwrap();
        fs::write(path("garbage.trfx"), [0x9c, 0, 0x17, 0xff, 0]).unwrap();
        fs::write(path("empty.txt"), "").unwrap();
        let collected = collect(&[dir.path().to_path_buf()]);
        assert_eq!(collected.files, [path("empty.trf"), path("garbage.trfx")]);
        assert_eq!(collected.skipped, [Skipped { path: path("empty.txt"), reason: SkipReason::NotTournament }]);
        assert!(collected.empty_folders.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_skipped_with_its_kind_and_a_link_to_a_folder_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        let made = std::process::Command::new("mkfifo").arg(path("pipe.trf")).status();
        if !made.is_ok_and(|status| status.success()) {
            assert!(std::env::var_os("CI").is_none(), "mkfifo failed");
            eprintln!("SKIPPED: mkfifo is not available");
            return;
        }
        fs::create_dir(path("sub")).unwrap();
        std::os::unix::fs::symlink(path("sub"), path("up")).unwrap();
        let collected = collect(&[dir.path().to_path_buf()]);
        assert_eq!(
            collected.skipped,
            [
                Skipped { path: path("pipe.trf"), reason: SkipReason::NotRegular("a named pipe") },
                Skipped { path: path("up"), reason: SkipReason::FolderLink },
            ]
        );
        assert_eq!(collected.empty_folders, [dir.path().to_path_buf()]);
    }

    #[test]
    fn a_glob_skips_what_is_not_a_tournament_and_one_file_named_alone_is_checked() {
        let dir = tempfile::tempdir().unwrap();
        let trf =
            "012 Test\n001    1      Test, A                           1500                             0.0    1\n";
        let path = |name: &str| dir.path().join(name);
        fs::write(path("a.trf"), trf).unwrap();
        fs::write(path("broken.trf"), "not a tournament\n").unwrap();
        fs::write(path("PROVENANCE.md"), "# where the files came from\n").unwrap();
        fs::write(path("a.output.expected"), "3\n1 5\n2 6\n").unwrap();
        fs::write(path("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
        fs::write(path("t.dat"), trf).unwrap();
        let glob: Vec<PathBuf> =
            ["PROVENANCE.md", "README.txt", "a.output.expected", "a.trf", "broken.trf", "missing.md", "t.dat"]
                .map(path)
                .into();
        let collected = collect(&glob);
        // A `.trf` that does not read as one, a missing file and a TRF by content are checked.
        assert_eq!(collected.files, vec![path("a.trf"), path("broken.trf"), path("missing.md"), path("t.dat")]);
        assert_eq!(skipped(&collected), vec![path("PROVENANCE.md"), path("README.txt"), path("a.output.expected")]);
        // Named alone, a file is checked whatever it is, and gets its error.
        assert_eq!(collect(&[path("PROVENANCE.md")]).files, vec![path("PROVENANCE.md")]);
    }
}
