//! `trfcheck watch`: the files under the paths re-checked whenever they change ([`crate::watch`]).

use std::io::{self, Write};
use std::path::PathBuf;

use crate::exit::Status;
use crate::verify;
use crate::watch::WatchOptions;

/// Watches the paths until interrupted; `-` is refused with a usage error.
pub(super) fn watch(paths: &[PathBuf], options: &WatchOptions, err: &mut dyn Write) -> io::Result<Status> {
    // Standard input does not change, and is read once: nothing to watch (a usage error).
    if paths.iter().any(|p| verify::is_stdin(p)) {
        writeln!(err, "trfcheck: watch: `-` (standard input) cannot be watched; name files or folders")?;
        return Ok(Status::Usage);
    }
    crate::watch::run(paths, options)
}
