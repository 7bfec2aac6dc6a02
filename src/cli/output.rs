//! `-o FILE` of `generate` and `convert`: what lands at the path is what a user expects of a
//! shell redirection, without half-written files.
//!
//! - A regular file (or a path that does not exist yet) is written through a temporary file in
//!   its own directory and renamed over it, so that a watcher (ours, or a pairing program's)
//!   never sees half a file.
//! - A symbolic link is followed: the file it leads to is replaced, beside itself, and the link
//!   stays a link. A dangling link creates the file it names, as `>` would.
//! - Anything else that exists (a character device such as `/dev/null`, a FIFO, `/dev/stdout`
//!   on a pipe or a terminal) is opened and written in place: renaming over it would replace the
//!   device node. A directory is refused.
//! - A new file gets the mode `0666` less the umask, as the shell's `>` gives; a replaced file
//!   keeps its mode (and, where the user may set them, its owner and group).

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// An output file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}{}: {source}", target.display(), via(target, real.as_deref()))]
pub struct OutputError {
    /// The path as given.
    pub target: PathBuf,
    /// The file the symbolic links at `target` lead to, when it is another path.
    pub real: Option<PathBuf>,
    #[source]
    pub source: io::Error,
}

fn via(target: &Path, real: Option<&Path>) -> String {
    match real {
        Some(real) if real != target => format!(" (a symbolic link to {})", real.display()),
        _ => String::new(),
    }
}

/// Symbolic links the kernel follows before giving up (Linux `MAXSYMLINKS`).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `target` (see the module documentation).
pub fn write_output(target: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let fail = |real: Option<PathBuf>| move |source: io::Error| OutputError { target: target.to_owned(), real, source };
    match fs::metadata(target) {
        Ok(metadata) if metadata.is_dir() => {
            Err(fail(None)(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory")))
        }
        Ok(metadata) if !metadata.is_file() => write_in_place(target, bytes, false).map_err(fail(None)),
        Ok(metadata) => {
            let real = follow_links(target).map_err(fail(None))?;
            // `/dev/stdout` on a file that was deleted leads nowhere a rename could reach (its
            // link reads `… (deleted)`): written in place, as the shell would.
            if !same_file(&real, &metadata) {
                return write_in_place(target, bytes, true).map_err(fail(None));
            }
            replace(&real, bytes, Some(&metadata)).map_err(fail(Some(real.clone())))
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            // Nothing there, or a dangling link: the file is created where the links lead.
            let real = follow_links(target).map_err(fail(None))?;
            replace(&real, bytes, None).map_err(fail(Some(real.clone())))
        }
        Err(error) => Err(fail(None)(error)),
    }
}

/// The path the chain of symbolic links at `path` leads to (`path` itself when it is not a
/// link); it need not exist. Each link's target is read relative to the link's directory.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(directory) => directory.join(link),
                    None => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links in a chain")))
}

#[cfg(unix)]
fn same_file(path: &Path, metadata: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).is_ok_and(|m| m.dev() == metadata.dev() && m.ino() == metadata.ino())
}

#[cfg(not(unix))]
fn same_file(path: &Path, _metadata: &Metadata) -> bool {
    path.is_file()
}

/// Opens what is at `path` without creating or replacing it, and writes `bytes` into it.
fn write_in_place(path: &Path, bytes: &[u8], truncate: bool) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).truncate(truncate).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`. The temporary
/// file is created with the mode of the file it replaces, or `0666` less the umask (the kernel
/// applies the umask to the mode asked for at creation, so none is read or changed here).
fn replace(path: &Path, bytes: &[u8], existing: Option<&Metadata>) -> io::Result<()> {
    let directory = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(directory)?;
    if let Some(metadata) = existing {
        keep_owner_and_mode(file.as_file(), metadata)?;
    }
    file.write_all(bytes)?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// Gives the new file the mode of the one it replaces, and its owner and group where the user may
/// (root may; others may give their own files a group they belong to): the owner first, as a
/// change of owner clears the set-user-ID and set-group-ID bits.
fn keep_owner_and_mode(file: &File, metadata: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, fchown};
        let ours = file.metadata()?;
        if (ours.uid(), ours.gid()) != (metadata.uid(), metadata.gid())
            && fchown(file, Some(metadata.uid()), Some(metadata.gid())).is_err()
        {
            // Not allowed to give the file away: the group alone, when it is one of ours.
            let _ = fchown(file, None, Some(metadata.gid()));
        }
    }
    file.set_permissions(metadata.permissions())
}
