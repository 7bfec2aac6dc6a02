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
    /// `None` when the file states no ranks to check and prints no tie-break. An FMJD file's
    /// findings are its places out of section 5's order and the printed tie-breaks that differ.
    pub fn of(report: &CheckReport) -> Option<StandingsVerdict> {
        use crate::standings::verdict::RankStatus;
        let (printed, disagreements) = report.standings.as_ref().map_or((0, 0), |standings| {
            (standings.players.iter().map(|s| s.printed.len()).sum::<usize>(), standings.disagreements().count())
        });
        match report.rank_check() {
            Some(ranks) => Some(match ranks.status {
                RankStatus::Match if disagreements == 0 => StandingsVerdict::Match,
                RankStatus::Match => StandingsVerdict::Differ(disagreements),
                RankStatus::Mismatch => StandingsVerdict::Differ(ranks.findings.len() + disagreements),
                RankStatus::NotChecked if disagreements > 0 => StandingsVerdict::Differ(disagreements),
                RankStatus::NotChecked => StandingsVerdict::NotChecked,
            }),
            None if disagreements > 0 => Some(StandingsVerdict::Differ(disagreements)),
            None if printed > 0 => Some(StandingsVerdict::Match),
            None => None,
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

/// The display width of a cell (a CJK character takes two columns).
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Cuts a cell to `width` columns at its end, with an ellipsis.
pub fn cut(text: &str, width: usize) -> String {
    if display_width(text) <= width {
        return text.to_owned();
    }
    let mut cut = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        cut.push(c);
        used += w;
    }
    cut.push('…');
    cut
}

/// Shortens a cell to `width` columns in its middle, with an ellipsis: both ends of a file's name
/// say which file it is (its folder or prefix, its number and extension).
pub fn cut_middle(text: &str, width: usize) -> String {
    if display_width(text) <= width {
        return text.to_owned();
    }
    if width < 3 {
        return cut(text, width);
    }
    let chars: Vec<char> = text.chars().collect();
    let char_width = |c: char| unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    let room = width - 1;
    // The end keeps half the room, the start the rest.
    let (mut tail, mut tail_width) = (chars.len(), 0);
    while tail > 0 && tail_width + char_width(chars[tail - 1]) <= room / 2 {
        tail -= 1;
        tail_width += char_width(chars[tail]);
    }
    let (mut head, mut head_width) = (0, 0);
    while head < tail && head_width + char_width(chars[head]) <= room - tail_width {
        head_width += char_width(chars[head]);
        head += 1;
    }
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[tail..]);
    out
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

/// One column of the text table.
struct Column {
    name: &'static str,
    /// Right-aligned (counts).
    numeric: bool,
    cells: Vec<String>,
}

impl Column {
    fn width(&self) -> usize {
        self.cells.iter().map(|c| display_width(c)).chain([self.name.len()]).max().unwrap_or(0)
    }
}

/// Between two columns.
const GAP: usize = 2;

/// The table as text: a header, a line per file (in the order given), and the totals. Given a
/// `width` (the terminal's), the table fits it (docs/output.md, "The summary table"): long names
/// are shortened (a file's in the middle, an event's at its end), the system loses the source of
/// its declaration, then the dates, players, rounds not checked and event columns go, in that
/// order, until it fits.
pub fn write_text(
    out: &mut dyn Write,
    rows: &[Row],
    totals: &Totals,
    mode: Mode,
    width: Option<usize>,
) -> io::Result<()> {
    let names = short_names(rows);
    let column = |name: &'static str, numeric: bool, cell: &dyn Fn(usize) -> String| Column {
        name,
        numeric,
        cells: (0..rows.len()).map(cell).collect(),
    };
    let mut columns = vec![
        column("file", false, &|i| names[i].clone()),
        column("event", false, &|i| cut(&rows[i].event_name(), 32)),
        column("dates", false, &|i| cut(&rows[i].dates(), 23)),
        column("players", true, &|i| rows[i].players()),
    ];
    match mode {
        Mode::Check => columns.extend([
            column("system", false, &|i| cut(&rows[i].system_text(), 28)),
            column("checked", false, &|i| format!("{} of {}", rows[i].rounds_checked, rows[i].rounds_recorded)),
            column("differ", true, &|i| rows[i].rounds_differing.to_string()),
            column("not checked", true, &|i| rows[i].rounds_not_checked.to_string()),
            column("worst", false, &|i| rows[i].worst_severity.map_or("-".to_owned(), |s| s.to_string())),
            column("standings", false, &|i| rows[i].standings.map_or("-".to_owned(), StandingsVerdict::label)),
            column("status", false, &|i| status_label(rows[i].status, mode).to_owned()),
        ]),
        Mode::Validate => columns.extend([
            column("rounds", true, &|i| rows[i].rounds_recorded.to_string()),
            column("errors", true, &|i| rows[i].errors.to_string()),
            column("warnings", true, &|i| rows[i].warnings.to_string()),
            column("status", false, &|i| status_label(rows[i].status, mode).to_owned()),
        ]),
    }
    if let Some(width) = width {
        fit(&mut columns, rows, width);
        // The file's name takes the room left, up to its whole length.
        let others: usize = columns[1..].iter().map(|c| c.width() + GAP).sum();
        let room = width.saturating_sub(others).max(16);
        columns[0].cells = names.iter().map(|name| cut_middle(name, room)).collect();
    }
    let header: Vec<String> = columns.iter().map(|c| c.name.to_uppercase()).collect();
    let lines: Vec<Vec<String>> =
        (0..rows.len()).map(|i| columns.iter().map(|c| c.cells[i].clone()).collect()).collect();
    let right: Vec<bool> = columns.iter().map(|c| c.numeric).collect();
    writeln!(out)?;
    for line in plain_lines(&header, &lines, &right) {
        writeln!(out, "{line}")?;
    }
    let text = format!("totals: {}", totals.text(mode));
    match width {
        // Too long for the terminal: a line a part, the parts after the first indented, each
        // wrapped at a word.
        Some(width) if display_width(&text) > width => {
            for (i, part) in text.split("; ").enumerate() {
                let indent = if i == 0 { "" } else { "  " };
                let options = textwrap::Options::new(width).initial_indent(indent).subsequent_indent("    ");
                for line in textwrap::wrap(part, options) {
                    writeln!(out, "{line}")?;
                }
            }
            Ok(())
        }
        _ => writeln!(out, "{text}"),
    }
}

/// A table as plain text lines (no borders, two spaces between columns, no trailing space), laid
/// out by comfy-table so that columns line up by display width; `right[i]` right-aligns column `i`.
pub fn plain_lines(header: &[String], rows: &[Vec<String>], right: &[bool]) -> Vec<String> {
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::NOTHING);
    table.set_header(header.to_vec());
    for row in rows {
        table.add_row(row.clone());
    }
    let last = header.len().saturating_sub(1);
    for (i, layout) in table.column_iter_mut().enumerate() {
        layout.set_padding((0, if i < last { GAP as u16 } else { 0 }));
        if right.get(i).copied().unwrap_or(false) {
            layout.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
    table.lines().map(|line| line.trim_end().to_owned()).collect()
}

/// Narrows the table towards `width` columns, a step at a time until it fits (the file's name then
/// takes the room left, down to a readable minimum).
fn fit(columns: &mut Vec<Column>, rows: &[Row], width: usize) {
    let total =
        |columns: &[Column]| columns.iter().map(Column::width).sum::<usize>() + GAP * columns.len().saturating_sub(1);
    let shorten = |columns: &mut [Column], name: &str, to: usize, middle: bool| {
        if let Some(column) = columns.iter_mut().find(|c| c.name == name) {
            for cell in &mut column.cells {
                *cell = if middle { cut_middle(cell, to) } else { cut(cell, to) };
            }
        }
    };
    enum Step {
        Shorten(&'static str, usize, bool),
        SystemIdOnly,
        Drop(&'static str),
    }
    let steps = [
        Step::Shorten("file", 48, true),
        Step::Shorten("event", 24, false),
        Step::SystemIdOnly,
        Step::Drop("dates"),
        Step::Drop("players"),
        Step::Drop("not checked"),
        Step::Shorten("file", 32, true),
        Step::Shorten("event", 16, false),
        Step::Drop("event"),
    ];
    for step in steps {
        if total(columns) <= width {
            return;
        }
        match step {
            Step::Shorten(name, to, middle) => shorten(columns, name, to, middle),
            Step::SystemIdOnly => {
                if let Some(column) = columns.iter_mut().find(|c| c.name == "system") {
                    column.cells = rows.iter().map(|r| r.system.clone().unwrap_or_default()).collect();
                }
            }
            Step::Drop(name) => columns.retain(|c| c.name != name),
        }
    }
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
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
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
    fn cells_are_cut_by_display_columns() {
        assert_eq!(cut("Città di Cordenons", 8), "Città d…");
        assert_eq!(cut("short", 8), "short");
        // Each of these characters takes two columns: three of them and the ellipsis make 7.
        assert_eq!(cut("北京国际象棋公开赛", 8), "北京国…");
        assert_eq!(
            cut_middle("BieremaBoyzProgramming__bbpPairings__issue_15.input.trf", 24),
            "BieremaBoyzP…5.input.trf"
        );
        assert_eq!(display_width(&cut_middle("week4/北京国际象棋公开赛_final.trf", 20)), 20);
        assert_eq!(cut_middle("short.trf", 24), "short.trf");
    }
}
