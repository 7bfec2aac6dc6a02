//! `trfcheck serve`: the service on the address asked for, until SIGINT or SIGTERM.

use std::io::{self, Write};
use std::net::SocketAddr;

use crate::exit::Status;
use crate::serve::ServeOptions;

/// Serves until a signal; says on standard error where it listens. An address that cannot be
/// bound is exit 5, with the reason.
pub(super) fn serve(listen: SocketAddr, options: ServeOptions, err: &mut dyn Write) -> io::Result<Status> {
    let (jobs, queue) = (options.jobs, options.queue);
    let result = crate::serve::run(listen, options, |bound| {
        let mut stderr = io::stderr();
        let _ = writeln!(
            stderr,
            "trfcheck serve: listening on http://{bound}/ ({jobs} checks at once, {queue} waiting); Ctrl-C stops"
        );
    });
    match result {
        Ok(()) => {
            writeln!(err, "trfcheck serve: stopped")?;
            Ok(Status::Ok)
        }
        Err(error) => {
            writeln!(err, "trfcheck serve: cannot serve on {listen}: {error}")?;
            Ok(Status::Io)
        }
    }
}
