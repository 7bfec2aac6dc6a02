//! `trfcheck completions SHELL` and `trfcheck man`: a shell completion script and the manual page,
//! generated from the argument definitions (`args.rs`) so that they follow every flag.

use std::io::{self, Write};

use clap::CommandFactory;

use super::args::Cli;
use crate::exit::Status;

/// The completion script for `shell`.
pub(super) fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> io::Result<Status> {
    clap_complete::generate(shell, &mut Cli::command(), "trfcheck", out);
    Ok(Status::Ok)
}

/// The manual page, roff, section 1.
pub(super) fn man(out: &mut dyn Write) -> io::Result<Status> {
    clap_mangen::Man::new(Cli::command()).render(out)?;
    Ok(Status::Ok)
}
