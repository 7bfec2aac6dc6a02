//! `trfcheck crosscheck`: another pairing program tested on trfcheck's random tournaments
//! ([`crate::crosscheck`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::crosscheck::{self, CrosscheckOptions, Summary};
use crate::exit::Status;
use crate::report;

use super::args::PlainFormat;
use super::writing::{refuse_unwritable, write_to};

/// Exit 0 when every round the program paired (or generated) matches and it never failed; 1 when a
/// round differs or the program failed; 2 for ranges `generate` would refuse, or a `--report`
/// that is not an .html file; 5 when the report cannot be written (said before the
/// run when it can be told then, as `check --report` does).
pub(super) fn crosscheck(
    options: &CrosscheckOptions,
    format: PlainFormat,
    report: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    // The ranges' ends as `generate` would refuse them (too few players for the rounds, …).
    let drawn = options.direction == crosscheck::Direction::Pairs;
    for (players, rounds) in [(options.players.0, options.rounds.0), (options.players.1, options.rounds.1)] {
        if let (true, Err(error)) = (drawn, options.generate_options(players, rounds, options.seed).check()) {
            writeln!(err, "trfcheck: crosscheck: {players} players and {rounds} rounds: {error}")?;
            return Ok(Status::Usage);
        }
    }
    if let Err(status) = refuse_report(report, &[], err)? {
        return Ok(status);
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
    finish(&summary, format, report, false, out, err)
}

/// `crosscheck merge`: the parts' reports joined. Exit as a run of the whole would (0 or 1); 2 when
/// the parts do not make one run (or `--report` is not an .html file); 5 when a part cannot be
/// read or the page cannot be written (a page over one of the parts is refused before reading).
pub(super) fn merge(
    reports: &[PathBuf],
    format: PlainFormat,
    report: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let inputs: Vec<&Path> = reports.iter().map(PathBuf::as_path).collect();
    if let Err(status) = refuse_report(report, &inputs, err)? {
        return Ok(status);
    }
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
    finish(&summary, format, report, true, out, err)
}

/// Prints the report, writes the `--report` page, and gives the run's status: 1 when a round
/// differs or the program failed, 5 (which outranks it) when the page could not be written.
fn finish(
    summary: &Summary,
    format: PlainFormat,
    report: Option<&Path>,
    merged: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    match format {
        PlainFormat::Text => crosscheck::write_text(out, summary)?,
        PlainFormat::Json => report::write_json_line(out, summary)?,
    }
    let verdict =
        if summary.rounds_differing > 0 || summary.engine_failures > 0 { Status::Mismatch } else { Status::Ok };
    let Some(path) = report else { return Ok(verdict) };
    let page = match crosscheck::html::render(summary, &report::html::Record::now(), merged) {
        Ok(page) => page,
        Err(error) => {
            writeln!(err, "trfcheck: crosscheck: --report {}: {error}", path.display())?;
            return Ok(verdict.combine(Status::Io));
        }
    };
    Ok(verdict.combine(write_to(Some(path), page.as_bytes(), &mut io::sink(), err)?))
}

/// Refuses, before any work, a `--report` that is not an .html file (a usage error) or that could
/// not be written or is one of the `inputs` (exit 5), as `check --report` refuses its report.
fn refuse_report(report: Option<&Path>, inputs: &[&Path], err: &mut dyn Write) -> io::Result<Result<(), Status>> {
    let Some(path) = report else { return Ok(Ok(())) };
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    if !matches!(extension.as_deref(), Some("html" | "htm")) {
        writeln!(
            err,
            "trfcheck: crosscheck: --report {}: the report is an .html file (told by the name's extension)",
            path.display()
        )?;
        return Ok(Err(Status::Usage));
    }
    refuse_unwritable(Some(path), inputs, err)
}
