//! `-o FILE` of `generate` and `convert`, and `--report FILE` of `check`, `validate` and
//! `crosscheck`: what lands at the path is what a user expects of a shell redirection, without
//! half-written files, and nothing is replaced that the user did not mean to replace.
//!
//! - A regular file the user owns (or a path that does not exist yet) is written through a
//!   temporary file in its own directory and renamed over it, so that a watcher (ours, or a
//!   pairing program's) never sees half a file. The replaced file keeps its mode, and its owner
//!   and group where the user may set them.
//! - A file the user may not write (mode 444, another user's file) is refused: a rename would go
//!   around its permission, as the folder's permission allows it. A file of another user that the
//!   user may write (a group's shared file) is written in place, so that its owner and mode stay.
//!   So is a file in a folder where the user may not create the temporary file.
//! - A symbolic link is followed: the file it leads to is replaced, beside itself, and the link
//!   stays a link. A dangling link creates the file it names, as `>` would. A link in a shared
//!   sticky folder (`/tmp`) that belongs to another user is not followed, as the kernel's
//!   `protected_symlinks` would not follow it: it may lead anywhere its owner chose.
//! - Anything else that exists (a character device such as `/dev/null`, a FIFO, `/dev/stdout`
//!   on a pipe or a terminal) is opened and written in place: renaming over it would replace the
//!   device node. A directory is refused.
//! - A new file gets the mode `0666` less the umask, as the shell's `>` gives.
//! - An output that is one of the run's inputs (the same file, by device and inode) is refused:
//!   `check --report results.csv results.csv` would replace the crosstable it checks.
//!
//! [`check_writable`] says before a run whether its output can be written, so that a run of
//! minutes does not end in a refusal; [`write_output`] decides again when it writes.

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

/// How an output is written.
#[derive(Debug, PartialEq, Eq)]
enum Plan {
    /// A temporary file beside `real`, renamed over it (`existing`: there is a file to replace).
    Replace { real: PathBuf, existing: bool },
    /// Opened and written where it is: truncated first when it is a regular file.
    InPlace { path: PathBuf, truncate: bool },
}

/// Says whether `target` can be written as [`write_output`] would write it, without writing
/// anything: run before the work whose result it receives. `inputs` are the run's input files;
/// an output that is one of them is refused.
pub fn check_writable(target: &Path, inputs: &[&Path]) -> Result<(), OutputError> {
    refuse_inputs(target, inputs)?;
    plan(target).map(|_| ())
}

/// Writes `bytes` to `target` (see the module documentation).
pub fn write_output(target: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let fail = |real: &Path| {
        let real = Some(real.to_path_buf());
        move |source: io::Error| OutputError { target: target.to_owned(), real, source }
    };
    match plan(target)? {
        Plan::InPlace { path, truncate } => write_in_place(&path, bytes, truncate).map_err(fail(&path)),
        Plan::Replace { real, existing } => {
            let metadata = if existing { Some(fs::metadata(&real).map_err(fail(&real))?) } else { None };
            match replace(&real, bytes, metadata.as_ref()) {
                Ok(()) => Ok(()),
                // The new file could not keep the old one's owner, group or mode: written in
                // place instead, where they stay.
                Err(Replaced::NotKept) => write_in_place(&real, bytes, true).map_err(fail(&real)),
                Err(Replaced::Failed(error)) => Err(fail(&real)(error)),
            }
        }
    }
}

/// Refuses an output that is one of the inputs (by device and inode; standard input too).
fn refuse_inputs(target: &Path, inputs: &[&Path]) -> Result<(), OutputError> {
    let Some(output) = identity(target) else { return Ok(()) };
    for &input in inputs {
        let same = if crate::verify::is_stdin(input) { stdin_identity() } else { identity(input) };
        if same == Some(output) {
            let what = if crate::verify::is_stdin(input) {
                "it is standard input, which the run reads".to_owned()
            } else {
                format!("it is {}, one of the files the run reads; it would be replaced", input.display())
            };
            return Err(OutputError {
                target: target.to_owned(),
                real: None,
                source: io::Error::new(io::ErrorKind::AlreadyExists, what),
            });
        }
    }
    Ok(())
}

/// The device and inode of the file at `path` (through links), if there is one.
fn identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        fs::canonicalize(path).ok().map(|p| (0, fxhash(&p)))
    }
}

#[cfg(not(unix))]
fn fxhash(path: &Path) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut hasher);
    hasher.finish()
}

/// The device and inode of standard input, when it is a file.
fn stdin_identity() -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        let stat = rustix::fs::fstat(rustix::stdio::stdin()).ok()?;
        Some((stat.st_dev, stat.st_ino))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Decides how `target` is written, refusing what must not be written (module documentation).
fn plan(target: &Path) -> Result<Plan, OutputError> {
    let fail = |real: Option<&Path>| {
        let real = real.map(Path::to_path_buf);
        move |source: io::Error| OutputError { target: target.to_owned(), real, source }
    };
    match fs::metadata(target) {
        Ok(metadata) if metadata.is_dir() => {
            Err(fail(None)(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory")))
        }
        Ok(metadata) if !metadata.is_file() => {
            may_write(target).map_err(fail(None))?;
            Ok(Plan::InPlace { path: target.to_owned(), truncate: false })
        }
        Ok(metadata) => {
            let real = follow_links(target).map_err(fail(None))?;
            // `/dev/stdout` on a file that was deleted leads nowhere a rename could reach (its
            // link reads `… (deleted)`): written in place, as the shell would.
            if !same_file(&real, &metadata) {
                may_write(target).map_err(fail(None))?;
                return Ok(Plan::InPlace { path: target.to_owned(), truncate: true });
            }
            may_write(&real).map_err(fail(Some(&real)))?;
            if is_own(&metadata) && may_create_in(directory_of(&real)).is_ok() {
                Ok(Plan::Replace { real, existing: true })
            } else {
                Ok(Plan::InPlace { path: real, truncate: true })
            }
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            // Nothing there, or a dangling link: the file is created where the links lead.
            let real = follow_links(target).map_err(fail(None))?;
            may_create_in(directory_of(&real)).map_err(fail(Some(&real)))?;
            Ok(Plan::Replace { real, existing: false })
        }
        Err(error) => Err(fail(None)(error)),
    }
}

fn directory_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The user may open the file for writing (access(2): permissions, ACLs, a read-only file
/// system). A refusal says why in the user's terms.
fn may_write(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Err(error) = rustix::fs::access(path, rustix::fs::Access::WRITE_OK) {
            let error = io::Error::from(error);
            if error.kind() != io::ErrorKind::PermissionDenied {
                return Err(error);
            }
            let mode = fs::metadata(path).map_or(0, |m| m.permissions().mode() & 0o7777);
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("you may not write it (mode {mode:04o}); it is left as it is"),
            ));
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        match fs::metadata(path) {
            Ok(metadata) if metadata.permissions().readonly() => {
                Err(io::Error::new(io::ErrorKind::PermissionDenied, "it is read-only; it is left as it is"))
            }
            _ => Ok(()),
        }
    }
}

/// The user may create a file in the folder (write and search permission).
fn may_create_in(directory: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use rustix::fs::Access;
        match fs::metadata(directory) {
            Ok(metadata) if !metadata.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    format!("{} is not a folder", directory.display()),
                ));
            }
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("the folder {} does not exist", directory.display()),
                ));
            }
            Err(error) => return Err(error),
        }
        rustix::fs::access(directory, Access::WRITE_OK | Access::EXEC_OK).map_err(|error| {
            let error = io::Error::from(error);
            match error.kind() {
                io::ErrorKind::PermissionDenied => io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!("you may not create files in {}", directory.display()),
                ),
                _ => error,
            }
        })
    }
    #[cfg(not(unix))]
    {
        fs::metadata(directory).map(|_| ())
    }
}

/// True when the file belongs to the user running trfcheck (root may give a file any owner, so
/// every file is root's to replace).
fn is_own(metadata: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let user = rustix::process::geteuid();
        user.is_root() || metadata.uid() == user.as_raw()
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        true
    }
}

/// The path the chain of symbolic links at `path` leads to (`path` itself when it is not a
/// link); it need not exist. Each link's target is read relative to the link's directory. A link
/// the kernel's `protected_symlinks` would not follow is refused.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                refuse_foreign_link(&current, &metadata)?;
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

/// Refuses a symbolic link in a sticky folder that anyone may write (`/tmp`), when it belongs
/// neither to the user nor to the folder's owner: Linux's `protected_symlinks` rule. Another user
/// may have put it there to lead the user's output onto a file of the user's own.
fn refuse_foreign_link(link: &Path, metadata: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(folder) = fs::metadata(directory_of(link)) else { return Ok(()) };
        let user = rustix::process::geteuid().as_raw();
        let shared = folder.mode() & 0o1002 == 0o1002;
        if shared && metadata.uid() != user && metadata.uid() != folder.uid() {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{} is a symbolic link of another user in a shared folder; it is not followed (name the file \
                     it leads to, if you mean it)",
                    link.display()
                ),
            ));
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (link, metadata);
        Ok(())
    }
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

/// Why a replacement did not happen.
enum Replaced {
    /// The new file cannot have the replaced one's owner, group and mode: nothing was replaced.
    NotKept,
    Failed(io::Error),
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`. The temporary
/// file is created with the mode of the file it replaces, or `0666` less the umask (the kernel
/// applies the umask to the mode asked for at creation, so none is read or changed here).
fn replace(path: &Path, bytes: &[u8], existing: Option<&Metadata>) -> Result<(), Replaced> {
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    // The error names the temporary file; the caller names the target.
    let mut file = builder.tempfile_in(directory_of(path)).map_err(|error| Replaced::Failed(bare(error)))?;
    if let Some(metadata) = existing
        && !keep_owner_and_mode(file.as_file(), metadata)
    {
        return Err(Replaced::NotKept);
    }
    file.write_all(bytes).map_err(Replaced::Failed)?;
    file.persist(path).map_err(|error| Replaced::Failed(error.error))?;
    Ok(())
}

/// The error without the path `tempfile` adds to it (its temporary file's).
fn bare(error: io::Error) -> io::Error {
    match error.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => {
            let source = error.get_ref().and_then(|inner| inner.source()).map(ToString::to_string);
            io::Error::new(error.kind(), source.unwrap_or_else(|| error.kind().to_string()))
        }
    }
}

/// Gives the new file the mode of the one it replaces, and its owner and group: the owner first,
/// as a change of owner clears the set-user-ID and set-group-ID bits. False when that is not
/// allowed (a user may give a file only a group they belong to, and no other owner).
fn keep_owner_and_mode(file: &File, metadata: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, fchown};
        let Ok(ours) = file.metadata() else { return false };
        if (ours.uid(), ours.gid()) != (metadata.uid(), metadata.gid())
            && fchown(file, Some(metadata.uid()), Some(metadata.gid())).is_err()
        {
            return false;
        }
    }
    file.set_permissions(metadata.permissions()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_does_not_exist_is_created_by_a_rename() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("new.csv");
        assert_eq!(plan(&target).unwrap(), Plan::Replace { real: target.clone(), existing: false });
        let missing = dir.path().join("missing").join("new.csv");
        let error = plan(&missing).unwrap_err();
        assert_eq!(error.source.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn an_output_that_is_an_input_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("results.csv");
        fs::write(&input, "Pl;Name\n").unwrap();
        let error = check_writable(&input, &[Path::new("other.trf"), &input]).unwrap_err();
        assert!(error.to_string().contains("one of the files the run reads"), "{error}");
        assert_eq!(fs::read(&input).unwrap(), b"Pl;Name\n");
        assert!(check_writable(&dir.path().join("report.csv"), &[&input]).is_ok());
    }
}
