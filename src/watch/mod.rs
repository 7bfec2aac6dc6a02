//! `trfcheck watch`: re-checks files as other programs write them.

use std::path::PathBuf;
use std::time::Duration;

use crate::exit::Status;
use crate::report::OutputFormat;
use crate::verify::CheckOptions;

#[derive(Clone, Debug)]
pub struct WatchOptions {
    pub check: CheckOptions,
    pub format: OutputFormat,
    pub debounce: Duration,
}

pub fn run(paths: &[PathBuf], options: &WatchOptions) -> std::io::Result<Status> {
    let _ = (paths, options);
    Ok(Status::Usage)
}
