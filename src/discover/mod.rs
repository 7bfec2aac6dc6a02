//! Which files a folder holds, for a folder audit ([`crate::audit`]) and for `watch`: one walk,
//! and the name rules both apply ([`names`]).
//!
//! The walk ([`walk`]) goes depth first, each folder's entries in name order, and passes over
//! hidden folders (`.git`) and ignored names (temporary, swap, lock and backup files). Symbolic
//! links to files are listed (and read through); links to folders are not followed, so no link
//! can make a cycle, and are listed apart. Whatever could not be looked at (a folder that cannot
//! be listed, an entry whose path is longer than the system allows) is kept with its error: a
//! folder audit must never pass over a file it did not read in silence.

pub mod names;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// What a walk found below a folder.
#[derive(Debug, Default)]
pub struct Walked {
    /// Everything below the folder that is not a folder, in walk order: regular files, links to
    /// them, and also named pipes, sockets, devices and dangling links, which the callers judge.
    pub files: Vec<PathBuf>,
    /// Symbolic links to folders: not followed.
    pub folder_links: Vec<PathBuf>,
    /// What could not be looked at, with why.
    pub unreadable: Vec<Unreadable>,
}

/// A path the walk could not look at: a folder that cannot be listed (nothing below it is seen),
/// or an entry that cannot be read.
#[derive(Debug)]
pub struct Unreadable {
    pub path: PathBuf,
    pub error: std::io::Error,
    /// True when the path is a folder (one that cannot be listed).
    pub folder: bool,
}

impl Unreadable {
    /// The error of the run this stands for, as reading a file that cannot be read is.
    pub fn read_error(&self) -> crate::formats::ReadError {
        let source = std::io::Error::new(self.error.kind(), self.error.to_string());
        crate::formats::ReadError::Unlisted { path: self.path.clone(), folder: self.folder, source }
    }
}

/// Walks `folder` (see the module documentation).
pub fn walk(folder: &Path) -> Walked {
    let mut walked = Walked::default();
    let entries = walkdir::WalkDir::new(folder)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| entry.depth() == 0 || !(entry.file_type().is_dir() && is_hidden(entry.file_name())));
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                let path = error.path().unwrap_or(folder).to_path_buf();
                let error = match error.into_io_error() {
                    Some(error) => error,
                    // Only a loop of followed links gives no I/O error, and links are not followed.
                    None => std::io::Error::other("a loop of symbolic links"),
                };
                tracing::debug!(path = %path.display(), %error, "cannot look at it");
                let folder = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
                walked.unreadable.push(Unreadable { path, error, folder });
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() || names::is_ignored_name(entry.file_name()) {
            continue;
        }
        if kind.is_symlink() && entry.path().is_dir() {
            walked.folder_links.push(entry.into_path());
        } else {
            walked.files.push(entry.into_path());
        }
    }
    walked
}

fn is_hidden(name: &OsStr) -> bool {
    name.to_string_lossy().starts_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn walks_in_name_order_past_hidden_folders_and_ignored_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        for folder in ["b", "b/c", ".git", "a"] {
            fs::create_dir(path(folder)).unwrap();
        }
        for file in ["z.trf", "b/c/x.trf", "b/y.trf", ".git/h.trf", "a/t.trf.swp", "a/w.txt", "m.csv"] {
            fs::write(path(file), "").unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(path("b"), path("link-to-b")).unwrap();
        let walked = walk(dir.path());
        assert_eq!(walked.files, ["a/w.txt", "b/c/x.trf", "b/y.trf", "m.csv", "z.trf"].map(path));
        #[cfg(unix)]
        assert_eq!(walked.folder_links, [path("link-to-b")]);
        assert!(walked.unreadable.is_empty(), "{:?}", walked.unreadable);
    }

    #[test]
    fn a_folder_that_is_not_there_is_unreadable() {
        let dir = tempfile::tempdir().unwrap();
        let walked = walk(&dir.path().join("gone"));
        assert_eq!(walked.unreadable.len(), 1);
        assert_eq!(walked.unreadable[0].error.kind(), std::io::ErrorKind::NotFound);
    }
}
