//! `trfcheck identify`: the systems, versions and organiser's options that explain the recorded
//! rounds, round by round.

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::report::{self, OutputFormat};
use crate::verify;

/// `trfcheck identify`: every system and option that applies to the file, with the rounds each
/// one's pairing matches. Exit 0 when one of them matches every round it checks, 1 when none does.
pub(super) fn identify(
    path: &Path,
    format: OutputFormat,
    jobs: Option<usize>,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let inspected = verify::inspect(path, options);
    let name = verify::display_name(path);
    let json = format == OutputFormat::Json;
    // What stops identification: said on stderr in text, in the object with --format json (whose
    // stderr carries logs only: docs/json.md, "Standard error under `--format json`").
    let stop = |status: Status, error: String, out: &mut dyn Write, err: &mut dyn Write| -> io::Result<Status> {
        if json {
            let diagnostics: Vec<_> = inspected.diagnostics.iter().collect();
            let value = serde_json::json!({"schema": report::SCHEMA, "file": name, "status": status,
                "error": error, "diagnostics": diagnostics});
            report::write_json_line(out, &value)?;
        } else {
            writeln!(err, "trfcheck: {error}")?;
        }
        Ok(status)
    };
    if let Some(error) = &inspected.read_error {
        return stop(Status::Io, error.clone(), out, err);
    }
    if !json {
        report::write_diagnostics(err, inspected.loaded.as_ref(), &name, &inspected.diagnostics, style)?;
    }
    let Some(tournament) = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()) else {
        return stop(Status::Invalid, format!("{name} is not a tournament file trfcheck reads"), out, err);
    };
    if inspected.diagnostics.has_errors() {
        return stop(Status::Invalid, format!("{name} is invalid; nothing identified"), out, err);
    }
    if tournament.rounds_paired() == 0 {
        return stop(
            Status::NothingToCheck,
            format!("{name}: nothing to check: the file records no paired round"),
            out,
            err,
        );
    }
    let jobs = crate::verify::threads(jobs);
    let found = crate::identify::identify(tournament, jobs);
    let robin = crate::identify::round_robin(tournament);
    // The rounds as the candidates' systems read them (a Double-Swiss round is a match of two
    // columns): every candidate records each of them once.
    let rounds = found
        .first()
        .map_or(tournament.rounds_paired(), |c| (c.matching.len() + c.differing.len() + c.not_checked.len()) as u32);
    match format {
        OutputFormat::Json => {
            let value = serde_json::json!({
                "schema": report::SCHEMA, "file": name, "rounds": rounds, "round_robin": robin, "candidates": found,
            });
            report::write_json_line(out, &value)?;
        }
        OutputFormat::Text | OutputFormat::Bbp => {
            let noun = if rounds == 1 { "round" } else { "rounds" };
            writeln!(out, "{name}: {rounds} {noun} recorded; the rounds each system's pairing matches, best first:")?;
            let width = found.iter().map(|c| c.label().chars().count()).max().unwrap_or(0);
            for candidate in &found {
                let matching = if candidate.matching.is_empty() {
                    "none".to_owned()
                } else {
                    report::rounds_text(&candidate.matching)
                };
                let not_checked = if candidate.not_checked.is_empty() {
                    String::new()
                } else {
                    format!("; {} not checked", report::rounds_text(&candidate.not_checked))
                };
                writeln!(
                    out,
                    "  {:<width$}  {:>3} of {}  {matching}{not_checked}",
                    candidate.label(),
                    candidate.matching.len(),
                    candidate.matching.len() + candidate.differing.len()
                )?;
            }
            if let Some(robin) = &robin {
                writeln!(out, "{name}: {robin}")?;
            }
        }
    }
    let explained = found.iter().any(|c| c.differing.is_empty() && !c.matching.is_empty());
    Ok(if explained { Status::Ok } else { Status::Mismatch })
}
