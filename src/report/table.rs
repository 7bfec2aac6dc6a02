//! The summary table of a batch audit (`check`/`validate` over folders or several files): one row
//! per file, then the totals; as text after the files, and as CSV for `--report FILE.csv`.

use std::io::{self, Write};

use super::{CheckReport, Event, ValidationReport};
use crate::exit::Status;
use crate::systems::Severity;

/// What was done to the files: the columns of the table depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Check,
    Validate,
}

/// One file's line of the table.
#[derive(Clone, Debug)]
pub struct Row {
    pub file: String,
    pub event: Option<Event>,
    pub system: Option<String>,
    pub system_source: Option<String>,
    /// Rounds the file records.
    pub rounds_recorded: u32,
    pub rounds_checked: u32,
    pub rounds_differing: u32,
    /// Recorded rounds given no verdict (without the engine, or left out by `--rounds`).
    pub rounds_not_checked: u32,
    /// Differing rounds per severity, worst first (as [`Severity::WORST_FIRST`]).
    pub by_severity: [u32; 4],
    pub worst_severity: Option<Severity>,
    pub status: Status,
    pub errors: usize,
    pub warnings: usize,
    /// What stopped the check, when something did.
    pub error: Option<String>,
    /// The verdict on the standings, when the file has any to check.
    pub standings: Option<StandingsVerdict>,
}

/// The verdict on a file's standings, for the table: the ranks a chess file states (C.07,
/// docs/standings.md), or the tie-breaks an FMJD crosstable prints (docs/fmjd-standings.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingsVerdict {
    Match,
    /// With so many findings: pairs of participants the file ranks otherwise than the tie-breaks
    /// do, or printed tie-break values that differ from the computed ones.
    Differ(usize),
    NotChecked,
}

impl StandingsVerdict {
    /// `None` when the file states no ranks to check and prints no tie-break.
    pub fn of(report: &CheckReport) -> Option<StandingsVerdict> {
        use crate::standings::fide::check::RankStatus;
        if let Some(ranks) = &report.ranks {
            return Some(match ranks.status {
                RankStatus::Match => StandingsVerdict::Match,
                RankStatus::Mismatch => StandingsVerdict::Differ(ranks.findings.len()),
                RankStatus::NotChecked => StandingsVerdict::NotChecked,
            });
        }
        let standings = report.standings.as_ref()?;
        let printed: usize = standings.players.iter().map(|s| s.printed.len()).sum();
        match standings.disagreements().count() {
            0 if printed == 0 => None,
            0 => Some(StandingsVerdict::Match),
            n => Some(StandingsVerdict::Differ(n)),
        }
    }

    /// `match`, `differ` or `not-checked`, as the CSV and the HTML classes write it.
    pub fn name(self) -> &'static str {
        match self {
            StandingsVerdict::Match => "match",
            StandingsVerdict::Differ(_) => "differ",
            StandingsVerdict::NotChecked => "not-checked",
        }
    }

    /// `match`, `differ (2)` or `not checked`, for the tables.
    pub fn label(self) -> String {
        match self {
            StandingsVerdict::Match => "match".to_owned(),
            StandingsVerdict::Differ(n) => format!("differ ({n})"),
            StandingsVerdict::NotChecked => "not checked".to_owned(),
        }
    }

    /// The place of the verdict in [`Totals::standings`].
    fn slot(self) -> usize {
        match self {
            StandingsVerdict::Match => 0,
            StandingsVerdict::Differ(_) => 1,
            StandingsVerdict::NotChecked => 2,
        }
    }
}

impl Row {
    pub fn of_check(report: &CheckReport) -> Row {
        let summary = &report.summary;
        let mut by_severity = [0; 4];
        for (i, severity) in Severity::WORST_FIRST.iter().enumerate() {
            by_severity[i] = summary.rounds_by_severity.get(severity).map_or(0, |r| r.len() as u32);
        }
        let differing = summary.mismatched_rounds.len() as u32;
        Row {
            file: report.file.clone(),
            event: report.event.clone(),
            system: report.system().map(|system| system.id().to_owned()),
            system_source: report.resolved.as_ref().map(|r| r.source.clone()),
            rounds_recorded: summary.rounds_recorded,
            rounds_checked: summary.rounds_checked,
            rounds_differing: differing,
            rounds_not_checked: summary.rounds_recorded.saturating_sub(summary.rounds_checked),
            by_severity,
            worst_severity: report.worst_severity,
            status: report.status,
            errors: report.diagnostics.iter().filter(|d| d.is_error()).count(),
            warnings: report.diagnostics.iter().filter(|d| d.severity == crate::diagnostics::Severity::Warning).count(),
            error: report.error.clone(),
            standings: StandingsVerdict::of(report),
        }
    }

    pub fn of_validation(report: &ValidationReport) -> Row {
        Row {
            file: report.file.clone(),
            event: report.event.clone(),
            system: None,
            system_source: None,
            rounds_recorded: report.rounds_paired,
            rounds_checked: 0,
            rounds_differing: 0,
            rounds_not_checked: 0,
            by_severity: [0; 4],
            worst_severity: None,
            status: report.status,
            errors: report.errors,
            warnings: report.warnings,
            error: report.error.clone(),
            standings: None,
        }
    }

    fn event_name(&self) -> String {
        self.event.as_ref().and_then(|e| e.name.clone()).unwrap_or_default()
    }

    pub fn dates(&self) -> String {
        self.event.as_ref().map(Event::dates).unwrap_or_default()
    }

    fn players(&self) -> String {
        self.event.as_ref().map_or(String::new(), |e| e.players.to_string())
    }

    fn system_text(&self) -> String {
        match (&self.system, &self.system_source) {
            (Some(system), Some(source)) => format!("{system} ({source})"),
            (Some(system), None) => system.clone(),
            _ => String::new(),
        }
    }

    /// Worse first: by the exit status's rank, then the worst severity, then the differing rounds.
    pub fn badness(&self) -> (u8, Option<Severity>, u32) {
        (self.status.rank(), self.worst_severity, self.rounds_differing)
    }
}

/// The word for a file's status in the table and the HTML page.
pub fn status_label(status: Status, mode: Mode) -> &'static str {
    match status {
        Status::Ok if mode == Mode::Validate => "valid",
        Status::Ok => "match",
        Status::Mismatch => "differs",
        Status::Usage => "usage error",
        Status::Invalid => "invalid",
        Status::System => "unsupported",
        Status::NothingToCheck => "nothing to check",
        Status::Io => "unreadable",
    }
}

/// The status as JSON names it (`match`, `differs`, `nothing-to-check`, …; `valid` in
/// `validate`): the word of [`status_label`], kebab-cased.
pub fn status_name(status: Status, mode: Mode) -> String {
    status_label(status, mode).replace(' ', "-")
}

/// The totals over the rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    /// Files per status, in the order of [`Totals::STATUSES`].
    pub by_status: Vec<(Status, usize)>,
    pub rounds_recorded: u64,
    pub rounds_checked: u64,
    pub rounds_differing: u64,
    pub rounds_not_checked: u64,
    pub by_severity: [u64; 4],
    /// Files whose standings match, differ, or could not be checked.
    pub standings: [usize; 3],
    /// Files left out of the audit, by why: each kind in words, as (one, several), with its
    /// count ([`crate::audit::SkipReason::kind`]).
    pub skipped: Vec<((&'static str, &'static str), usize)>,
}

impl Totals {
    const STATUSES: [Status; 7] = [
        Status::Ok,
        Status::Mismatch,
        Status::Invalid,
        Status::System,
        Status::NothingToCheck,
        Status::Io,
        Status::Usage,
    ];

    pub fn of(rows: &[Row], skipped: Vec<((&'static str, &'static str), usize)>) -> Totals {
        let mut totals = Totals { files: rows.len(), skipped, ..Totals::default() };
        for status in Totals::STATUSES {
            let count = rows.iter().filter(|r| r.status == status).count();
            if count > 0 {
                totals.by_status.push((status, count));
            }
        }
        for row in rows {
            totals.rounds_recorded += u64::from(row.rounds_recorded);
            totals.rounds_checked += u64::from(row.rounds_checked);
            totals.rounds_differing += u64::from(row.rounds_differing);
            totals.rounds_not_checked += u64::from(row.rounds_not_checked);
            for (total, count) in totals.by_severity.iter_mut().zip(row.by_severity) {
                *total += u64::from(count);
            }
            if let Some(verdict) = row.standings {
                totals.standings[verdict.slot()] += 1;
            }
        }
        totals
    }

    /// One paragraph: the files by status, the rounds, the files skipped.
    pub fn text(&self, mode: Mode) -> String {
        let statuses: Vec<String> = self
            .by_status
            .iter()
            .map(|(status, n)| {
                let label = match status_label(*status, mode) {
                    "differs" if *n != 1 => "differ",
                    label => label,
                };
                format!("{n} {label}")
            })
            .collect();
        let mut text = format!(
            "{} file{}: {}",
            self.files,
            if self.files == 1 { "" } else { "s" },
            if statuses.is_empty() { "none".to_owned() } else { statuses.join(", ") }
        );
        if mode == Mode::Check {
            let classes: Vec<String> = Severity::WORST_FIRST
                .iter()
                .zip(self.by_severity)
                .filter(|(_, n)| *n > 0)
                .map(|(severity, n)| format!("{n} {severity}"))
                .collect();
            let classes = if classes.is_empty() { String::new() } else { format!(" ({})", classes.join(", ")) };
            text += &format!(
                "; rounds: {} of {} checked, {} differ{classes}, {} not checked",
                self.rounds_checked, self.rounds_recorded, self.rounds_differing, self.rounds_not_checked
            );
            let standings: Vec<String> = ["match", "differ", "not checked"]
                .iter()
                .zip(self.standings)
                .filter(|(_, n)| *n > 0)
                .map(|(word, n)| format!("{n} {word}"))
                .collect();
            if !standings.is_empty() {
                text += &format!("; standings: {}", standings.join(", "));
            }
        }
        let skipped: usize = self.skipped.iter().map(|(_, n)| n).sum();
        if skipped > 0 {
            // One kind is named without its count, which the total already says.
            let kinds = match self.skipped.as_slice() {
                [((one, several), n)] => if *n == 1 { one } else { several }.to_string(),
                kinds => kinds
                    .iter()
                    .map(|&((one, several), n)| if n == 1 { format!("1 {one}") } else { format!("{n} {several}") })
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            text += &format!("; {skipped} file{} skipped ({kinds})", if skipped == 1 { "" } else { "s" });
        }
        text
    }
}

/// Cuts a cell to `width` characters, with an ellipsis.
pub fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width - 1).collect();
    cut.push('…');
    cut
}

/// The files' paths without the folders all of them share, which the table's reader knows from the
/// command line (the CSV keeps the whole path).
pub fn short_names(rows: &[Row]) -> Vec<String> {
    let paths: Vec<&std::path::Path> = rows.iter().map(|r| std::path::Path::new(&r.file)).collect();
    let Some(first) = paths.first() else { return Vec::new() };
    let mut common: Vec<std::path::Component<'_>> =
        first.parent().map(|p| p.components().collect()).unwrap_or_default();
    for path in &paths[1..] {
        let parent: Vec<_> = path.parent().map(|p| p.components().collect()).unwrap_or_default();
        let shared = common.iter().zip(&parent).take_while(|(a, b)| a == b).count();
        common.truncate(shared);
    }
    let prefix: std::path::PathBuf = common.iter().collect();
    // A folder's row (one that could not be read) keeps the `/` that says it is a folder.
    let slash = |row: &Row| if row.file.ends_with('/') { "/" } else { "" };
    paths
        .iter()
        .zip(rows)
        .map(|(p, row)| match p.strip_prefix(&prefix) {
            Ok(relative) => format!("{}{}", relative.display(), slash(row)),
            Err(_) => p.display().to_string(),
        })
        .collect()
}

/// The table as text: a header, a line per file (in the order given), and the totals.
pub fn write_text(out: &mut dyn Write, rows: &[Row], totals: &Totals, mode: Mode) -> io::Result<()> {
    let header: Vec<&str> = match mode {
        Mode::Check => {
            vec![
                "file",
                "event",
                "dates",
                "players",
                "system",
                "checked",
                "differ",
                "not checked",
                "worst",
                "standings",
                "status",
            ]
        }
        Mode::Validate => vec!["file", "event", "dates", "players", "rounds", "errors", "warnings", "status"],
    };
    let names = short_names(rows);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .zip(&names)
        .map(|(row, name)| {
            let mut line = vec![name.clone(), cut(&row.event_name(), 32), cut(&row.dates(), 23), row.players()];
            match mode {
                Mode::Check => line.extend([
                    cut(&row.system_text(), 28),
                    format!("{} of {}", row.rounds_checked, row.rounds_recorded),
                    row.rounds_differing.to_string(),
                    row.rounds_not_checked.to_string(),
                    row.worst_severity.map_or("-".to_owned(), |s| s.to_string()),
                    row.standings.map_or("-".to_owned(), StandingsVerdict::label),
                    status_label(row.status, mode).to_owned(),
                ]),
                Mode::Validate => line.extend([
                    row.rounds_recorded.to_string(),
                    row.errors.to_string(),
                    row.warnings.to_string(),
                    status_label(row.status, mode).to_owned(),
                ]),
            }
            line
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for line in &cells {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let numeric =
        |column: &str| matches!(column, "players" | "differ" | "not checked" | "rounds" | "errors" | "warnings");
    let write_line = |out: &mut dyn Write, line: &[String]| -> io::Result<()> {
        let mut text = String::new();
        for (i, cell) in line.iter().enumerate() {
            let pad = widths[i].saturating_sub(cell.chars().count());
            if i > 0 {
                text.push_str("  ");
            }
            if numeric(header[i]) {
                text.push_str(&" ".repeat(pad));
                text.push_str(cell);
            } else {
                text.push_str(cell);
                if i + 1 < line.len() {
                    text.push_str(&" ".repeat(pad));
                }
            }
        }
        writeln!(out, "{}", text.trim_end())
    };
    writeln!(out)?;
    write_line(out, &header.iter().map(|h| h.to_uppercase()).collect::<Vec<_>>())?;
    for line in &cells {
        write_line(out, line)?;
    }
    writeln!(out, "totals: {}", totals.text(mode))
}

/// The table as CSV (RFC 4180, a header line first), for `--report FILE.csv`.
pub fn write_csv(out: impl Write, rows: &[Row], mode: Mode) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    let mut header = vec!["file", "event", "city", "start_date", "end_date", "players", "rounds_recorded"];
    if mode == Mode::Check {
        header.extend([
            "system",
            "system_source",
            "rounds_checked",
            "rounds_differing",
            "rounds_not_checked",
            "absolute",
            "quality",
            "colours",
            "order",
            "worst_severity",
            "standings",
            "standings_findings",
        ]);
    }
    header.extend(["errors", "warnings", "status", "exit_code", "error"]);
    writer.write_record(&header)?;
    for row in rows {
        let event = row.event.clone().unwrap_or_default();
        let mut record = vec![
            row.file.clone(),
            event.name.unwrap_or_default(),
            event.city.unwrap_or_default(),
            event.start_date.unwrap_or_default(),
            event.end_date.unwrap_or_default(),
            row.event.as_ref().map_or(String::new(), |e| e.players.to_string()),
            row.rounds_recorded.to_string(),
        ];
        if mode == Mode::Check {
            record.extend([
                row.system.clone().unwrap_or_default(),
                row.system_source.clone().unwrap_or_default(),
                row.rounds_checked.to_string(),
                row.rounds_differing.to_string(),
                row.rounds_not_checked.to_string(),
            ]);
            record.extend(row.by_severity.iter().map(u32::to_string));
            record.push(row.worst_severity.map_or(String::new(), |s| s.to_string()));
            record.push(row.standings.map_or("", StandingsVerdict::name).to_owned());
            record.push(match row.standings {
                Some(StandingsVerdict::Differ(n)) => n.to_string(),
                Some(_) => "0".to_owned(),
                None => String::new(),
            });
        }
        record.extend([
            row.errors.to_string(),
            row.warnings.to_string(),
            status_name(row.status, mode),
            row.status.code().to_string(),
            row.error.clone().unwrap_or_default(),
        ]);
        writer.write_record(record.iter().map(|cell| spreadsheet_safe(cell).into_owned()))?;
    }
    writer.flush()
}

/// A cell a spreadsheet will show as text: one that starts with `=`, `+`, `-` or `@` (a formula
/// to Excel, LibreOffice and Google Sheets), or with a tab or a carriage return, gets a `'` in
/// front (OWASP's advice on CSV injection). File and event names come from strangers' files.
fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_a_spreadsheet_would_run_as_formulas_are_text() {
        for (cell, safe) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+1+1", "'+1+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("Open 2026", "Open 2026"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_safe(cell), safe, "{cell:?}");
        }
    }

    /// The JSON `status` of a file is the table's word (docs/json.md, "The file `status`"), so that
    /// a reader of either sees the same (and no `ok`, `system` or `io`).
    #[test]
    fn the_json_status_is_the_word_of_the_table() {
        let all = [
            Status::Ok,
            Status::Mismatch,
            Status::Usage,
            Status::Invalid,
            Status::System,
            Status::NothingToCheck,
            Status::Io,
        ];
        let names: Vec<String> =
            all.iter().map(|&s| serde_json::to_value(s).unwrap().as_str().unwrap().to_owned()).collect();
        assert_eq!(
            names,
            ["match", "differs", "usage-error", "invalid", "unsupported", "nothing-to-check", "unreadable"]
        );
        for (status, name) in all.iter().zip(&names) {
            assert_eq!(&status_name(*status, Mode::Check), name);
        }
        assert_eq!(status_name(Status::Ok, Mode::Validate), "valid");
    }

    /// The totals count the skipped files by kind; one kind is named without a second count.
    #[test]
    fn skipped_files_are_counted_by_kind() {
        use crate::audit::SkipReason;
        let skipped = |kinds: &[(SkipReason, usize)]| {
            let totals = Totals::of(&[], kinds.iter().map(|&(reason, n)| (reason.kind(), n)).collect());
            let text = totals.text(Mode::Check);
            text.rsplit_once("; ").map_or(String::new(), |(_, skipped)| skipped.to_owned())
        };
        assert_eq!(skipped(&[(SkipReason::NotTournament, 3)]), "3 files skipped (not tournament files)");
        assert_eq!(
            skipped(&[
                (SkipReason::NotTournament, 2),
                (SkipReason::NotRegular("a named pipe"), 1),
                (SkipReason::FolderLink, 2)
            ]),
            "5 files skipped (2 not tournament files, 1 not a regular file, 2 links to folders)"
        );
        assert_eq!(skipped(&[(SkipReason::FolderLink, 1)]), "1 file skipped (a link to a folder)");
    }

    #[test]
    fn cells_are_cut_by_characters() {
        assert_eq!(cut("Città di Cordenons", 8), "Città d…");
        assert_eq!(cut("short", 8), "short");
    }
}
