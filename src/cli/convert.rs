//! `trfcheck convert`: an FMJD crosstable or a TRF written as TRF-2026.

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::report;
use crate::systems::SystemId;
use crate::verify;

use super::writing::{refuse_unwritable, write_trf};

/// `trfcheck convert --to trf`: the file as TRF-2026, with `--system` written as record 192.
pub(super) fn convert(
    path: &Path,
    system: Option<SystemId>,
    output: Option<&Path>,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if let Err(status) = refuse_unwritable(output, &[path], err)? {
        return Ok(status);
    }
    let loaded = match verify::read_input(path, options) {
        Ok(loaded) => loaded,
        Err(error) => {
            writeln!(err, "trfcheck: {error}")?;
            return Ok(Status::Io);
        }
    };
    let name = verify::display_name(path);
    report::write_diagnostics(err, Some(&loaded), &name, &loaded.diagnostics, style)?;
    let Some(tournament) = loaded.valid_tournament() else {
        writeln!(err, "trfcheck: {name} is invalid; nothing converted")?;
        return Ok(Status::Invalid);
    };
    let Some(system) = system else { return write_trf(tournament, &name, output, out, err) };
    // SPEC: `--system` writes 192, so that a check of the converted file needs no flag.
    if let Some(warning) = crate::systems::cross_game_warning(tournament, system) {
        writeln!(err, "trfcheck: {name}: warning: {warning}")?;
    }
    let mut declared = tournament.clone();
    declared.header.system_code = Some(system.code().to_owned());
    write_trf(&declared, &name, output, out, err)
}
