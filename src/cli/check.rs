//! `trfcheck check`: every round of every file verified against the pairing system, as a batch
//! audit ([`super::batch`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::audit::Entry;
use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::report::text::Detail;
use crate::report::{self, CheckReport, OutputFormat};
use crate::verify::{self, CheckOptions};

use super::batch::{self, Batch, BatchFlags, FileAudit, Printed};
use super::organiser_flags::unused_organiser_flags;

/// Checks the files and folders given (`check`), with the summary table and `--report` when
/// there are several.
pub(super) fn check(
    paths: &[PathBuf],
    options: &CheckOptions,
    format: OutputFormat,
    flags: BatchFlags<'_>,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let batch = Batch { command: "check", paths, format, flags };
    let detail = Detail::Differences { boards: flags.boards };
    let audit = CheckFiles { options, per_file: CheckOptions { jobs: Some(1), ..*options }, format, detail, style };
    batch::run(&batch, &audit, out, err)
}

/// `check` as the batch runs it on each file.
struct CheckFiles<'a> {
    /// The options given: a file alone has its rounds checked on `--jobs` threads.
    options: &'a CheckOptions,
    /// One file of several: the files run on `--jobs` threads, each file's rounds on one.
    per_file: CheckOptions,
    format: OutputFormat,
    /// How a file of several is shown.
    detail: Detail,
    style: Style,
}

impl FileAudit for CheckFiles<'_> {
    type Report = CheckReport;

    /// A file of several: its summary line, and what differs under it.
    fn audit_one_of_many(&self, entry: &Entry) -> io::Result<Printed<CheckReport>> {
        check_file(entry, &self.per_file, self.format, self.detail, self.style, &|_| {})
    }

    /// One file: its rounds on `--jobs` threads, with a bar over the rounds.
    fn audit_alone(&self, entry: &Entry) -> io::Result<Printed<CheckReport>> {
        let bar = progress_bar(entry.path());
        let checked = check_file(entry, self.options, self.format, Detail::Full, self.style, &|progress| {
            if bar.length() != Some(progress.total as u64) {
                bar.set_length(progress.total as u64);
                // Drawn from the first round done on: before, the bar knew no length and its first
                // frame was a full bar reading "round 0/0" (docs/output.md, "The progress bar").
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.set_position(progress.done as u64);
        });
        bar.finish_and_clear();
        checked
    }
}

/// Checks one file and prints its result (in buffers, until its turn comes).
fn check_file(
    entry: &Entry,
    options: &CheckOptions,
    format: OutputFormat,
    detail: Detail,
    style: Style,
    observe: &(dyn Fn(verify::Progress) + Sync),
) -> io::Result<Printed<CheckReport>> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (name, read) = match entry {
        Entry::File(path) => (PathBuf::from(verify::display_name(path)), verify::read_input(path, options.read)),
        Entry::Unreadable(unreadable) => (entry.name(), Err(unreadable.read_error())),
    };
    // When most rounds differ, the hints say what the data suggests instead (another system or
    // option under which they match, a round robin, numbers that are not the pairing order).
    let never = std::sync::atomic::AtomicBool::new(false);
    let (inspected, mut report) = crate::identify::check_with_hints(&name, read, options, observe, &never);
    let unused = report.system().and_then(|s| unused_organiser_flags(s, &options.organiser));
    if format == OutputFormat::Json {
        // Everything is in the object (diagnostics, system_warning, warnings): standard error
        // carries logs only (docs/json.md, "Standard error under `--format json`").
        report.warnings.extend(unused);
        report::write_json_line(&mut out, &report)?;
        return Ok(Printed { report, out, err });
    }
    report::write_diagnostics(&mut err, inspected.loaded.as_ref(), &report.file, &inspected.diagnostics, style)?;
    if let Some(unused) = unused {
        writeln!(err, "trfcheck: {}: warning: {unused}", report.file)?;
    }
    if let Some(warning) = &report.system_warning {
        writeln!(err, "trfcheck: {}: warning: {warning}", report.file)?;
    }
    match format {
        OutputFormat::Json => report::write_json_line(&mut out, &report)?,
        // A file that cannot be read has no result: the error goes with the others, on stderr.
        OutputFormat::Text | OutputFormat::Bbp if report.status == Status::Io => {
            writeln!(err, "trfcheck: {}", report.error.as_deref().unwrap_or("cannot read the file"))?;
        }
        OutputFormat::Text => report::text::write_with(&mut out, &report, detail)?,
        OutputFormat::Bbp => {
            if let Some(error) = &report.error {
                writeln!(err, "trfcheck: {}: {error}", report.file)?;
            }
            // The checker layout has no place for it: said on stderr.
            if let Some(caveat) = report.resolved.as_ref().and_then(|r| r.caveat.as_ref()) {
                writeln!(err, "trfcheck: {}: note: {caveat}", report.file)?;
            }
            report::bbp::write(&mut out, &report)?;
        }
    }
    Ok(Printed { report, out, err })
}

/// A progress bar for the rounds of a file, on stderr once the number of rounds is known (hidden
/// until then, and when stderr is not a terminal).
fn progress_bar(path: &Path) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::hidden();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:30}] round {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(verify::display_name(path));
    bar
}
