//! `trfcheck crosscheck`: another pairing program tested on trfcheck's random tournaments
//! ([`crate::crosscheck`]).

use std::io::{self, Write};

use crate::crosscheck::{self, CrosscheckOptions};
use crate::exit::Status;
use crate::report;

use super::args::PlainFormat;

/// Exit 0 when every round the program paired (or generated) matches and it never failed; 1 when a
/// round differs or the program failed; 2 for a team system when the program pairs.
pub(super) fn crosscheck(
    options: &CrosscheckOptions,
    format: PlainFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    // A team system's rounds pair teams, which the JaVaFo layout cannot write; a program's generated
    // team tournaments are checked as any file is.
    if options.direction == crosscheck::Direction::Pairs && crate::systems::of(options.system).engine().is_none() {
        writeln!(
            err,
            "trfcheck: crosscheck: {} is not an individual system; crosscheck pairs players",
            options.system
        )?;
        return Ok(Status::Usage);
    }
    // The ranges' ends as `generate` would refuse them (too few players for the rounds, …).
    let drawn = options.direction == crosscheck::Direction::Pairs;
    for (players, rounds) in [(options.players.0, options.rounds.0), (options.players.1, options.rounds.1)] {
        if let (true, Err(error)) = (drawn, options.generate_options(players, rounds, options.seed).check()) {
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
        PlainFormat::Text => crosscheck::write_text(out, &summary)?,
        PlainFormat::Json => report::write_json_line(out, &summary)?,
    }
    Ok(if summary.rounds_differing > 0 || summary.engine_failures > 0 { Status::Mismatch } else { Status::Ok })
}

/// `crosscheck merge`: the parts' reports joined. Exit as a run of the whole would (0 or 1); 2 when
/// the parts do not make one run; 5 when a report cannot be read.
pub(super) fn merge(
    reports: &[std::path::PathBuf],
    format: PlainFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let mut parts = Vec::with_capacity(reports.len());
    for path in reports {
        let name = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                writeln!(err, "trfcheck: crosscheck merge: {name}: {error}")?;
                return Ok(Status::Io);
            }
        };
        match serde_json::from_str::<crosscheck::Summary>(&text) {
            Ok(summary) => parts.push((name, summary)),
            Err(error) => {
                writeln!(
                    err,
                    "trfcheck: crosscheck merge: {name}:{}:{}: not a report of `crosscheck --format json`: {error}",
                    error.line(),
                    error.column()
                )?;
                return Ok(Status::Usage);
            }
        }
    }
    let summary = match crosscheck::merge(parts) {
        Ok(summary) => summary,
        Err(why) => {
            writeln!(err, "trfcheck: crosscheck merge: {why}")?;
            return Ok(Status::Usage);
        }
    };
    match format {
        PlainFormat::Text => crosscheck::write_text(out, &summary)?,
        PlainFormat::Json => report::write_json_line(out, &summary)?,
    }
    Ok(if summary.rounds_differing > 0 || summary.engine_failures > 0 { Status::Mismatch } else { Status::Ok })
}
