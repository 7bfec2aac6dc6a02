//! Batch audits: the files `check` and `validate` take from folders, and the checking of many
//! files on several threads with their results handed over in order.
//!
//! A folder is walked recursively with the same filter as `watch` ([`crate::watch::filter`]):
//! hidden directories and temporary, swap, lock and backup names are never looked at; a file is
//! taken when its name has a tournament extension and its content reads as a TRF or an FMJD
//! crosstable ([`crate::formats::is_tournament_file`] on its first bytes). Everything else under a folder is skipped
//! (and counted, so that the run can say so once). A file named alone on the command line is always
//! taken, whatever its name and content, and gets a verdict (or an error) of its own; among several
//! paths (a shell glob), a named file whose content reads as no tournament is skipped like a
//! folder's, unless it is named `.trf`/`.trfx` (see [`is_plainly_not_a_tournament`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::watch::filter;

/// The files of a batch audit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// The files to audit: the named ones in the order given, a folder's sorted by path.
    pub files: Vec<PathBuf>,
    /// Files under the folders that are not tournament files.
    pub skipped: Vec<PathBuf>,
    /// How many of the paths given were folders.
    pub folders: usize,
    /// The folders given that hold no tournament file: nothing was checked from them.
    pub empty_folders: Vec<PathBuf>,
}

impl Collected {
    /// True when the run is a batch: a folder, or more than one file. A batch ends with the
    /// summary table.
    pub fn is_batch(&self) -> bool {
        self.folders > 0 || self.files.len() > 1
    }
}

/// The files named by `paths`: each file as given, each folder walked.
pub fn collect(paths: &[PathBuf]) -> Collected {
    let mut collected = Collected::default();
    for path in paths {
        if path.is_dir() {
            collected.folders += 1;
            let mut found = Vec::new();
            walk(path, &mut found);
            let before = collected.files.len();
            for file in found {
                let named = filter::has_tournament_extension(&file);
                if named && looks_like_tournament(&file) {
                    collected.files.push(file);
                } else {
                    collected.skipped.push(file);
                }
            }
            if collected.files.len() == before {
                collected.empty_folders.push(path.clone());
            }
        } else if paths.len() > 1 && is_plainly_not_a_tournament(path) {
            // A shell glob (`check corpus/*`) names the folder's notes and expected outputs too;
            // they are skipped as a folder's would be, not reported as invalid files.
            collected.skipped.push(path.clone());
        } else {
            collected.files.push(path.clone());
        }
    }
    // A file reached twice (named and in a folder, or two overlapping folders) is audited once.
    let mut seen = std::collections::BTreeSet::new();
    collected.files.retain(|file| seen.insert(file.clone()));
    collected.skipped.retain(|file| !seen.contains(file));
    collected
}

/// True for a named file of a batch that is not a tournament file: a readable regular file whose
/// first bytes read as neither a TRF nor an FMJD crosstable (a README, a `.md` or `.csv` note, an
/// `.output.expected` file), unless it is named `.trf`/`.trfx` — a TRF submission that does not read
/// as one is a defective file, checked and reported invalid. A missing or unreadable file is
/// checked too, and gets its error (exit 5). Whatever its name, a file that reads as a tournament is
/// checked.
fn is_plainly_not_a_tournament(path: &Path) -> bool {
    let named_trf =
        path.extension().is_some_and(|ext| ext.eq_ignore_ascii_case("trf") || ext.eq_ignore_ascii_case("trfx"));
    !named_trf
        && fs::File::open(path).is_ok()
        && fs::metadata(path).is_ok_and(|m| m.is_file())
        && !looks_like_tournament(path)
}

/// True when the path is a regular file whose first [`crate::formats::SNIFF_BYTES`] bytes (the
/// only ones read) read as a TRF or an FMJD crosstable: a large file costs no more than a small one,
/// and a device or a named pipe is not a tournament file.
fn looks_like_tournament(path: &Path) -> bool {
    use std::io::Read;
    if !fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = Vec::with_capacity(crate::formats::SNIFF_BYTES);
    let read = fs::File::open(path).and_then(|f| f.take(crate::formats::SNIFF_BYTES as u64).read_to_end(&mut head));
    read.is_ok() && crate::formats::is_tournament_file(&head)
}

/// The files below a folder, sorted, skipping hidden directories and ignored names; symbolic links
/// to files are followed, to directories not (no cycles).
fn walk(directory: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(directory) else {
        tracing::debug!(directory = %directory.display(), "cannot list it");
        return;
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
        assert_eq!(collected.skipped, vec![dir.path().join("README.txt"), dir.path().join("notes.md")]);
        assert!(collected.is_batch());
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
        assert_eq!(collected.skipped, vec![path("PROVENANCE.md"), path("README.txt"), path("a.output.expected")]);
        // Named alone, a file is checked whatever it is, and gets its error.
        assert_eq!(collect(&[path("PROVENANCE.md")]).files, vec![path("PROVENANCE.md")]);
    }
}
