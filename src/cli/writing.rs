//! What `convert` and `generate` write, and the refusal, before any work, of an output that could
//! not be written (docs/output.md, "`-o FILE` and `--report FILE`").

use std::io::{self, Write};
use std::path::Path;

use crate::exit::Status;
use crate::formats;

use super::output;

/// Refuses, before the work, an output that could not be written or that is one of the inputs
/// (exit 5), so that a run does not end in a refusal after minutes of work.
pub(super) fn refuse_unwritable(
    output: Option<&Path>,
    inputs: &[&Path],
    err: &mut dyn Write,
) -> io::Result<Result<(), Status>> {
    match output.map(|target| output::check_writable(target, inputs)) {
        Some(Err(error)) => {
            writeln!(err, "trfcheck: {error}")?;
            Ok(Err(Status::Io))
        }
        _ => Ok(Ok(())),
    }
}

/// Writes a tournament as TRF-2026 to `output` (see [`output::write_output`]) or standard
/// output; the writer's warnings go to `err` under `name`.
pub(super) fn write_trf(
    tournament: &crate::model::Tournament,
    name: &str,
    output: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let (text, warnings) = formats::trf::write(tournament);
    for warning in &warnings {
        writeln!(err, "{}", crate::diagnostics::render::render_short(name, warning))?;
    }
    write_to(output, text.as_bytes(), out, err)
}

/// Writes `bytes` to `output` (see [`output::write_output`]) or standard output; a failure to
/// write the file is said on `err` and is exit 5.
pub(super) fn write_to(
    output: Option<&Path>,
    bytes: &[u8],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    match output {
        None => out.write_all(bytes)?,
        Some(target) => {
            if let Err(error) = output::write_output(target, bytes) {
                writeln!(err, "trfcheck: {error}")?;
                return Ok(Status::Io);
            }
        }
    }
    Ok(Status::Ok)
}
