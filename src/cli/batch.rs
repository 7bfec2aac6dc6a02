//! The batch audit shared by `check` and `validate`: the files found under the paths given, the
//! notes on what was skipped, the files audited in parallel and printed in order under a bar, the
//! summary table, the `--report` file (docs/output.md) and the exit status of the whole run.

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::audit::Entry;
use crate::exit::Status;
use crate::report::table::{self, Mode};
use crate::report::{self, OutputFormat};
use crate::verify;

use super::output;
use super::writing::refuse_unwritable;

/// How a batch audit is run and reported.
pub(super) struct Batch<'a> {
    /// The command, named in the title of the HTML report.
    pub command: &'static str,
    /// The files and folders given.
    pub paths: &'a [PathBuf],
    pub format: OutputFormat,
    pub flags: BatchFlags<'a>,
}

/// `--report`, `--jobs` and `--quiet`, as a command of several files takes them.
#[derive(Clone, Copy)]
pub(super) struct BatchFlags<'a> {
    /// `--report FILE.csv|FILE.html`.
    pub report: Option<&'a Path>,
    /// Files at once; `None`: one per core.
    pub jobs: Option<usize>,
    /// `--quiet`: the summary table alone (several files), or the summary line (one file).
    pub quiet: bool,
    /// `--boards`: a file of several shows the boards of its differing rounds.
    pub boards: bool,
}

/// What a command does with each file of a batch.
pub(super) trait FileAudit: Sync {
    type Report: AuditReport;

    /// Audits one file of several: the files run on `--jobs` threads, so each on one.
    fn audit_one_of_many(&self, entry: &Entry) -> io::Result<Printed<Self::Report>>;

    /// Audits the only file of a run; by default as one of many.
    fn audit_alone(&self, entry: &Entry) -> io::Result<Printed<Self::Report>> {
        self.audit_one_of_many(entry)
    }
}

/// A file's result, as the summary table, the report and the exit status take it.
pub(super) trait AuditReport: Send + Sized {
    /// The columns of the summary table and of the report.
    const MODE: Mode;

    /// The file's exit status.
    fn status(&self) -> Status;

    /// The file's row of the summary table and of the CSV report.
    fn row(&self) -> table::Row;

    /// The results as the HTML report shows them.
    fn as_check_reports(reports: &[Self]) -> Cow<'_, [report::CheckReport]>;

    /// The file's one line (the text of `--quiet` for one file).
    fn summary_line(&self) -> String;
}

impl AuditReport for report::CheckReport {
    const MODE: Mode = Mode::Check;

    fn status(&self) -> Status {
        self.status
    }

    fn row(&self) -> table::Row {
        table::Row::of_check(self)
    }

    fn as_check_reports(reports: &[Self]) -> Cow<'_, [report::CheckReport]> {
        Cow::Borrowed(reports)
    }

    fn summary_line(&self) -> String {
        report::CheckReport::summary_line(self)
    }
}

impl AuditReport for report::ValidationReport {
    const MODE: Mode = Mode::Validate;

    fn status(&self) -> Status {
        self.status
    }

    fn row(&self) -> table::Row {
        table::Row::of_validation(self)
    }

    fn as_check_reports(reports: &[Self]) -> Cow<'_, [report::CheckReport]> {
        Cow::Owned(reports.iter().map(report::ValidationReport::as_check_report).collect())
    }

    fn summary_line(&self) -> String {
        report::ValidationReport::summary_line(self)
    }
}

/// What auditing one file printed, kept until its turn comes (files are audited in parallel and
/// printed in order).
pub(super) struct Printed<R> {
    pub report: R,
    pub out: Vec<u8>,
    pub err: Vec<u8>,
}

/// Runs a batch audit: refuses a `--report` that could not be written before any work, audits
/// every file found, then prints the summary table (text, several files) and writes the report.
/// The status is the worst of the files', of a folder with nothing to check and of the report.
pub(super) fn run<A: FileAudit>(
    batch: &Batch<'_>,
    audit: &A,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let kind = match report_kind(batch.flags.report, err)? {
        Ok(kind) => kind,
        Err(status) => return Ok(status),
    };
    let gathered = match collect_files(batch.paths, batch.format, out, err)? {
        Ok(gathered) => gathered,
        Err(status) => return Ok(status),
    };
    if let Err(status) = refuse_unwritable(batch.flags.report, &gathered.inputs(), err)? {
        return Ok(status);
    }
    // `--quiet` keeps the files' own output (text only: JSON is one object per file whatever).
    let quiet = batch.flags.quiet && batch.format == OutputFormat::Text;
    // Text in a terminal (or with `COLUMNS`) fits its width, as the summary table does.
    let width = if batch.format == OutputFormat::Text { table_width() } else { None };
    let reports = if gathered.batch {
        audit_many(audit, &gathered.entries, batch.flags.jobs, Printing { quiet, width }, out, err)?
    } else {
        audit_alone(audit, &gathered.entries[0], Printing { quiet, width }, out, err)?
    };
    let start = if gathered.empty_folder { Status::NothingToCheck } else { Status::Ok };
    let mut status = reports.iter().fold(start, |status, report| status.combine(report.status()));
    let rows: Vec<table::Row> = reports.iter().map(AuditReport::row).collect();
    let totals = table::Totals::of(&rows, gathered.skipped);
    if gathered.batch && batch.format == OutputFormat::Text {
        table::write_text(out, &rows, &totals, A::Report::MODE, table_width())?;
    }
    if let (Some(path), Some(kind)) = (batch.flags.report, kind) {
        let audited =
            Audited { reports: &reports, rows: &rows, totals: &totals, title: audit_title(batch.command, batch.paths) };
        let written = write_report(path, kind, &audited, err)?;
        status = status.combine(written);
    }
    Ok(status)
}

/// The width the summary table fits: `COLUMNS` when it is set, else the terminal's when standard
/// output is one; none when the table goes to a file or a pipe, which keeps every column whole.
fn table_width() -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<usize>().ok()) {
        return Some(columns).filter(|&c| c > 0);
    }
    console::Term::stdout().size_checked().map(|(_, columns)| usize::from(columns))
}

/// How a file's output is printed: not at all (`--quiet`), and fitted to a width or not.
#[derive(Clone, Copy)]
struct Printing {
    quiet: bool,
    /// The terminal's width (or `COLUMNS`) that text lines are wrapped to; none to a file or pipe.
    width: Option<usize>,
}

impl Printing {
    /// A file's standard output, its long lines wrapped to the width when there is one
    /// ([`report::text::fit_to_width`]).
    fn write_out(self, out: &mut dyn Write, printed: &[u8]) -> io::Result<()> {
        match (self.width, std::str::from_utf8(printed)) {
            (Some(width), Ok(text)) => out.write_all(report::text::fit_to_width(text, width).as_bytes()),
            _ => out.write_all(printed),
        }
    }
}

/// The only file of a run: audited on this thread, then printed.
fn audit_alone<A: FileAudit>(
    audit: &A,
    entry: &Entry,
    printing: Printing,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Vec<A::Report>> {
    let printed = audit.audit_alone(entry)?;
    if printing.quiet {
        writeln!(out, "{}", printed.report.summary_line())?;
    } else {
        err.write_all(&printed.err)?;
        printing.write_out(out, &printed.out)?;
    }
    Ok(vec![printed.report])
}

/// Several files: on `--jobs` threads, largest first, printed in order (nothing with `quiet`), with
/// a bar over the files that counts each when it is done. A failure to print stops the printing
/// and is the result, once every file is done.
fn audit_many<A: FileAudit>(
    audit: &A,
    entries: &[Entry],
    jobs: Option<usize>,
    printing: Printing,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Vec<A::Report>> {
    let jobs = verify::threads(jobs);
    let bar = files_bar(entries.len());
    let mut reports = Vec::with_capacity(entries.len());
    let mut failure: Option<io::Error> = None;
    crate::audit::map_in_order(
        entries,
        jobs,
        entry_size,
        |entry| {
            let printed = audit.audit_one_of_many(entry);
            bar.inc(1);
            printed
        },
        |_, printed| {
            let printed = match printed {
                Ok(printed) => printed,
                Err(error) => {
                    failure.get_or_insert(error);
                    return;
                }
            };
            if failure.is_none()
                && !printing.quiet
                && let Err(error) =
                    bar.suspend(|| err.write_all(&printed.err).and_then(|()| printing.write_out(out, &printed.out)))
            {
                failure = Some(error);
            }
            reports.push(printed.report);
        },
    );
    bar.finish_and_clear();
    match failure {
        Some(error) => Err(error),
        None => Ok(reports),
    }
}

/// The kind of `--report` file, told by its extension; a usage error for any other.
fn report_kind(path: Option<&Path>, err: &mut dyn Write) -> io::Result<Result<Option<ReportKind>, Status>> {
    let Some(path) = path else { return Ok(Ok(None)) };
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("csv") => Ok(Ok(Some(ReportKind::Csv))),
        Some("html" | "htm") => Ok(Ok(Some(ReportKind::Html))),
        _ => {
            writeln!(
                err,
                "trfcheck: --report {}: the report is a .csv or an .html file (told by the name's extension)",
                path.display()
            )?;
            Ok(Err(Status::Usage))
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReportKind {
    Csv,
    Html,
}

/// The entries of a batch, and what was left out.
struct Gathered {
    entries: Vec<crate::audit::Entry>,
    /// Files skipped by kind (each file said once on stderr, or as a JSON object).
    skipped: Vec<((&'static str, &'static str), usize)>,
    /// True when a folder given holds no tournament file: it checked nothing (exit 4 at least).
    empty_folder: bool,
    /// A folder, or more than one entry: the run ends with the summary table.
    batch: bool,
}

impl Gathered {
    /// The files the run reads.
    fn inputs(&self) -> Vec<&Path> {
        self.entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::File(path) => Some(path.as_path()),
                Entry::Unreadable(_) => None,
            })
            .collect()
    }
}

/// Finds the files of a batch, says once on stderr what was skipped, and refuses a run without
/// any file: a run that checked nothing is never a pass (exit 4).
fn collect_files(
    paths: &[PathBuf],
    format: OutputFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Result<Gathered, Status>> {
    // `-` is standard input: a file, first, once (it can be read only once), never skipped.
    let (stdin, named): (Vec<PathBuf>, Vec<PathBuf>) = paths.iter().cloned().partition(|p| verify::is_stdin(p));
    let mut collected = crate::audit::collect(&named);
    if let Some(dash) = stdin.into_iter().next() {
        collected.files.insert(0, dash);
    }
    let batch = collected.is_batch();
    let (skipped, empty_folder) =
        (crate::audit::count_by_kind(&collected.skipped), !collected.empty_folders.is_empty());
    let entries = collected.take_entries();
    let gathered = Gathered { entries, skipped, empty_folder, batch };
    // With --format json, standard output says what was left out, one object per path, and
    // standard error carries logs only (docs/json.md, "Standard error under `--format json`").
    if format == OutputFormat::Json {
        for skipped in &collected.skipped {
            let value = serde_json::json!({"schema": report::SCHEMA, "file": skipped.path.display().to_string(),
                "status": "skipped", "reason": skipped.reason.text()});
            report::write_json_line(out, &value)?;
        }
        // A folder without a tournament file says so; a file named is skipped or checked, so it
        // has its object already.
        for path in &collected.empty_folders {
            let value = serde_json::json!({"schema": report::SCHEMA, "file": path.display().to_string(),
                "status": "nothing-to-check", "error": "no tournament file under it"});
            report::write_json_line(out, &value)?;
        }
        return Ok(if gathered.entries.is_empty() { Err(Status::NothingToCheck) } else { Ok(gathered) });
    }
    write_skipped_note(&collected.skipped, err)?;
    if gathered.entries.is_empty() {
        let given: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        writeln!(err, "trfcheck: nothing to check: no tournament file under {}", given.join(", "))?;
        return Ok(Err(Status::NothingToCheck));
    }
    // A folder named that holds no tournament file checked nothing: said, and exit 4 at least.
    for folder in &collected.empty_folders {
        writeln!(err, "trfcheck: {}: nothing to check: no tournament file under it", folder.display())?;
    }
    Ok(Ok(gathered))
}

/// One note on stderr for each reason files were skipped, naming the first few of them.
fn write_skipped_note(skipped: &[crate::audit::Skipped], err: &mut dyn Write) -> io::Result<()> {
    let mut reasons: Vec<crate::audit::SkipReason> = Vec::new();
    for file in skipped {
        if !reasons.contains(&file.reason) {
            reasons.push(file.reason);
        }
    }
    for reason in reasons {
        let files: Vec<&Path> = skipped.iter().filter(|s| s.reason == reason).map(|s| s.path.as_path()).collect();
        let names: Vec<String> = files
            .iter()
            .take(5)
            .map(|p| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()))
            .collect();
        let more = files.len().saturating_sub(names.len());
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let what = match (reason, files.len()) {
            (crate::audit::SkipReason::NotTournament, 1) => {
                "1 file that is not a tournament file (TRF or FMJD crosstable)".to_owned()
            }
            (crate::audit::SkipReason::NotTournament, n) => {
                format!("{n} files that are not tournament files (TRF or FMJD crosstable)")
            }
            (crate::audit::SkipReason::NotRegular(kind), 1) => format!("1 path that is {kind}, not a regular file"),
            (crate::audit::SkipReason::NotRegular(kind), n) => format!("{n} paths that are not regular files ({kind})"),
            (crate::audit::SkipReason::FolderLink, 1) => "1 symbolic link to a folder (not followed)".to_owned(),
            (crate::audit::SkipReason::FolderLink, n) => format!("{n} symbolic links to folders (not followed)"),
        };
        writeln!(err, "trfcheck: note: skipped {what}: {}{more}", names.join(", "))?;
    }
    Ok(())
}

/// A bar over the files of a batch, on stderr; hidden when stderr is not a terminal.
fn files_bar(total: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("[{bar:30}] file {pos}/{len} {elapsed} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// What a batch audit found, for its report.
struct Audited<'a, R> {
    reports: &'a [R],
    rows: &'a [table::Row],
    totals: &'a table::Totals,
    title: String,
}

/// Writes the `--report` file (as `-o` writes, [`output::write_output`]); a failure is said on
/// stderr and is exit 5.
fn write_report<R: AuditReport>(
    path: &Path,
    kind: ReportKind,
    audited: &Audited<'_, R>,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let mut bytes = Vec::new();
    match kind {
        ReportKind::Csv => table::write_csv(&mut bytes, audited.rows, R::MODE)?,
        ReportKind::Html => {
            let reports = R::as_check_reports(audited.reports);
            let record = report::html::Record::now();
            report::html::write(&mut bytes, &reports, audited.totals, R::MODE, &audited.title, &record)?
        }
    }
    if let Err(error) = output::write_output(path, &bytes) {
        writeln!(err, "trfcheck: {error}")?;
        return Ok(Status::Io);
    }
    Ok(Status::Ok)
}

/// The size of an entry's file, for starting the largest first (0 when it cannot be read).
fn entry_size(entry: &Entry) -> u64 {
    match entry {
        Entry::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
        Entry::Unreadable(_) => 0,
    }
}

/// The title of an audit's HTML page: the command and the paths audited.
fn audit_title(command: &str, paths: &[PathBuf]) -> String {
    let given: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    format!("trfcheck {command} {}", given.join(" "))
}
