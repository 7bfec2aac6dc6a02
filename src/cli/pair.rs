//! `trfcheck pair`: the next round paired (JaVaFo/bbpPairings output).

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::report;
use crate::systems::SystemChoice;
use crate::verify;

use super::draughts_flags::warn_unused_draughts_flags;

/// `trfcheck pair`: the next round of the file, paired by the engine, in the JaVaFo layout on
/// standard output; what the pairing rests on (the system assumed, FMJD options) on standard error.
pub(super) fn pair(
    path: &Path,
    system: Option<SystemChoice>,
    draughts: &crate::model::DraughtsOptions,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let (tournament, name) = match super::reading::valid_tournament(path, options, "no pairing made", style, err)? {
        Ok(read) => read,
        Err(status) => return Ok(status),
    };
    match verify::pair_next_with(&tournament, system, draughts) {
        Ok(next) => {
            warn_unused_draughts_flags(err, &name, next.resolved.system, draughts)?;
            if next.resolved.source == "assumed" {
                writeln!(err, "trfcheck: {name}: {}", next.resolved.reason)?;
            }
            if let Some(caveat) = &next.resolved.caveat {
                writeln!(err, "trfcheck: {name}: note: {caveat}")?;
            }
            // The FMJD options said on stderr when a flag or the XDO record chose one (stdout is
            // the JaVaFo layout, which has no place for them).
            if let Some(used) = crate::systems::of(next.resolved.system).used_options(&tournament, draughts)
                && used.iter().any(|o| o.source == "flag" || o.source == "XDO record")
            {
                writeln!(err, "trfcheck: {name}: options: {}", crate::systems::system::describe_options(&used))?;
            }
            tracing::info!(file = %name, round = next.round, system = %next.resolved.system, "paired");
            report::javafo::write(out, &next.pairing)?;
            Ok(Status::Ok)
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
