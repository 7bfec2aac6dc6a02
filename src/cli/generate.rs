//! `trfcheck generate`: a random complete tournament, paired by the engine.

use std::io::{self, Write};
use std::path::Path;

use crate::exit::Status;
use crate::generate;

use super::writing::{refuse_unwritable, write_trf};

/// `trfcheck generate`: a random tournament paired by the engine, as TRF-2026 on standard output
/// or in `-o FILE`.
pub(super) fn generate_tournament(
    options: &generate::GenerateOptions,
    output: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if let Err(status) = refuse_unwritable(output, &[], err)? {
        return Ok(status);
    }
    let tournament = match generate::generate(options) {
        Ok(tournament) => tournament,
        Err(error) => {
            writeln!(err, "trfcheck: {error}")?;
            return Ok(match error {
                generate::GenerateError::Unsupported(_) | generate::GenerateError::GaveUp { .. } => Status::System,
                generate::GenerateError::InvalidOption { .. } | generate::GenerateError::TieBreaks(_) => Status::Usage,
                generate::GenerateError::NoValidPairing { .. } | generate::GenerateError::EngineFault { .. } => {
                    Status::Mismatch
                }
            });
        }
    };
    let name = output.map_or("<stdout>".to_owned(), |p| p.display().to_string());
    let status = write_trf(&tournament, &name, output, out, err)?;
    if matches!(status, Status::Ok) {
        tracing::info!(system = %options.system, players = options.players, rounds = options.rounds, seed = options.seed, "generated");
    }
    Ok(status)
}
