//! `trfcheck pair`: the next round paired (JaVaFo/bbpPairings output).

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::report;
use crate::systems::SystemChoice;
use crate::verify;

use super::args::PlainFormat;
use super::organiser_flags::unused_organiser_flags;
use super::writing::{refuse_unwritable, write_to};

/// What `pair` is asked: the system, the organiser's options as flags, and where and how to write.
pub(super) struct PairRequest<'a> {
    pub system: Option<SystemChoice>,
    pub organiser: &'a crate::model::OrganiserFlags,
    pub format: PlainFormat,
    /// `-o FILE`; standard output without it.
    pub output: Option<&'a Path>,
}

/// `trfcheck pair`: the next round of the file, paired by the engine, in the JaVaFo layout (or
/// JSON) on standard output or in `-o FILE`; in text, what the pairing rests on (the system
/// assumed, the organiser's options) on standard error.
pub(super) fn pair(
    path: &Path,
    to: PairRequest<'_>,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if let Err(status) = refuse_unwritable(to.output, &[path], err)? {
        return Ok(status);
    }
    let (tournament, name) = match super::reading::valid_tournament(path, options, "no pairing made", style, err)? {
        Ok(read) => read,
        Err(status) => return Ok(status),
    };
    let flags = to.organiser;
    match verify::pair_next_with(&tournament, to.system, flags) {
        Ok(next) => {
            let unused = unused_organiser_flags(next.resolved.system, flags).map(|w| format!("warning: {w}"));
            let mut notes = report::json::pair_notes(&tournament, &next, flags);
            tracing::info!(file = %name, round = next.round, system = %next.resolved.system, "paired");
            let mut bytes = Vec::new();
            match to.format {
                PlainFormat::Text => {
                    if let Some(warning) = &unused {
                        writeln!(err, "trfcheck: {name}: {warning}")?;
                    }
                    if next.resolved.source == "assumed" {
                        writeln!(err, "trfcheck: {name}: {}", next.resolved.reason)?;
                    }
                    for note in &notes {
                        writeln!(err, "trfcheck: {name}: {note}")?;
                    }
                    report::javafo::write(&mut bytes, &next.pairing)?;
                }
                PlainFormat::Json => {
                    notes.splice(0..0, unused);
                    let json = report::json::PairJson::new(&name, &next, notes);
                    report::write_json_line(&mut bytes, &json)?;
                }
            }
            write_to(to.output, &bytes, out, err)
        }
        Err(error @ verify::PairError::NoValidPairing { .. }) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::Mismatch)
        }
        // Nothing to pair, as `check` has nothing to check: exit 4, not a usage error.
        Err(error @ (verify::PairError::Finished(_) | verify::PairError::NobodyToPair(_))) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::NothingToCheck)
        }
        Err(error) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::System)
        }
    }
}
