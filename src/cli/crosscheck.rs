//! `trfcheck crosscheck`: another pairing program tested on trfcheck's random tournaments
//! ([`crate::crosscheck`]).

use std::io::{self, Write};

use crate::crosscheck::{self, CrosscheckOptions};
use crate::exit::Status;
use crate::report;

use super::args::PlainFormat;

/// Exit 0 when every round the program paired matches and it never failed; 1 when a round differs
/// or the program failed; 2 for a system trfcheck cannot generate (a team system).
pub(super) fn crosscheck(
    options: &CrosscheckOptions,
    format: PlainFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if crate::systems::of(options.system).engine().is_none() {
        writeln!(
            err,
            "trfcheck: crosscheck: {} is not an individual system; crosscheck pairs players",
            options.system
        )?;
        return Ok(Status::Usage);
    }
    // The ranges' ends as `generate` would refuse them (too few players for the rounds, …).
    for (players, rounds) in [(options.players.0, options.rounds.0), (options.players.1, options.rounds.1)] {
        if let Err(error) = options.generate_options(players, rounds, options.seed).check() {
            writeln!(err, "trfcheck: crosscheck: {players} players and {rounds} rounds: {error}")?;
            return Ok(Status::Usage);
        }
    }
    let bar = indicatif::ProgressBar::new(u64::from(options.tournaments));
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("[{bar:30}] tournament {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    let summary = crosscheck::run(options, &|done| bar.set_position(u64::from(done)));
    bar.finish_and_clear();
    let summary = match summary {
        Ok(summary) => summary,
        Err(error) => {
            writeln!(err, "trfcheck: crosscheck: {error}")?;
            return Ok(Status::Io);
        }
    };
    match format {
        PlainFormat::Text => crosscheck::write_text(out, &summary, &options.engine)?,
        PlainFormat::Json => report::write_json_line(out, &summary)?,
    }
    Ok(if summary.rounds_differing > 0 || summary.engine_failures > 0 { Status::Mismatch } else { Status::Ok })
}
