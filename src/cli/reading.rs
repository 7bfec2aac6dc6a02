//! The start of a command that needs one valid tournament (`pair`, `standings`): the file read,
//! its findings on standard error, and a refusal said when there is no valid tournament in it.

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::model::Tournament;
use crate::report;
use crate::verify;

/// The tournament of `path` and the name outputs give the file; or, after saying why, the exit
/// status: 5 when the file cannot be read, 3 when it holds no tournament or an invalid one
/// (`refusal` says what is then not done, such as "no pairing made").
pub(super) fn valid_tournament(
    path: &Path,
    options: ReadOptions,
    refusal: &str,
    style: Style,
    err: &mut dyn Write,
) -> io::Result<Result<(Tournament, String), Status>> {
    let inspected = verify::inspect(path, options);
    let name = verify::display_name(path);
    if let Some(error) = inspected.read_error {
        writeln!(err, "trfcheck: {error}")?;
        return Ok(Err(Status::Io));
    }
    report::write_diagnostics(err, inspected.loaded.as_ref(), &name, &inspected.diagnostics, style)?;
    let Some(tournament) = inspected.loaded.and_then(|l| l.tournament) else {
        writeln!(err, "trfcheck: {name} is not a tournament file trfcheck reads")?;
        return Ok(Err(Status::Invalid));
    };
    if inspected.diagnostics.has_errors() {
        writeln!(err, "trfcheck: {name} is invalid; {refusal}")?;
        return Ok(Err(Status::Invalid));
    }
    Ok(Ok((tournament, name)))
}
