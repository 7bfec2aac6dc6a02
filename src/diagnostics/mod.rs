//! Findings about an input file: what is wrong (or odd), where, and what was expected.
//!
//! A diagnostic is data, not a Rust error: a reader collects all of them, so one bad record never
//! hides the others, and `validate` lists them all. Rendering (source snippets with
//! annotate-snippets, or JSON) is done by [`render`].

pub mod render;

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// Stable identifiers of the kinds of findings (they appear as `error[id]` and in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The file, or some of its lines, is not UTF-8 and was read as Latin-1 (Windows-1252).
    Latin1,
    /// The file is UTF-16.
    Utf16,
    /// The file is not a format trfcheck reads.
    UnknownFormat,
    /// The file is not text: it holds NUL bytes (and is not UTF-16).
    BinaryFile,
    /// A line shorter than a record tag.
    ShortLine,
    /// Column 4 of a record is not blank.
    NoSeparator,
    /// A record tag that is not TRF16, TRF-2026 or a known extension.
    UnknownRecord,
    /// A field that does not hold what its column table says.
    BadField,
    /// A player record whose fields are shifted from their columns by characters inserted or
    /// missing at one place (one finding instead of one per field).
    ShiftedLine,
    /// A round block whose opponent, colour and result do not go together.
    BadRoundEntry,
    /// Text beyond the last column a record defines.
    TrailingText,
    /// A tab inside a fixed-column record.
    Tab,
    /// A record that may occur once occurs again.
    Duplicate,
    /// Two records declare the same thing differently.
    Conflict,
    /// A player number that no 001 record defines.
    UnknownPlayer,
    /// Pairing numbers do not run 1..N.
    NumberingGap,
    /// A game whose two records disagree (opponent, colour or result).
    Unmirrored,
    /// A player paired with himself.
    SelfPairing,
    /// Two pairing-allocated byes in one round.
    SecondPab,
    /// The Points column differs from the results.
    PointsMismatch,
    /// The Points column differs from the results for a reason the file format explains.
    PointsExplained,
    /// More rounds recorded than the declared number of rounds.
    TooManyRounds,
    /// A date field that could not be read, or was read by choosing a layout.
    Date,
    /// A field value trfcheck reads but that the standard does not list.
    Nonstandard,
    /// A player in two teams, or twice in one.
    TeamMembership,
    /// A requested bye that contradicts the round record.
    ByeConflict,
    /// A crosstable cell that cannot be read.
    BadCell,
    /// Findings on a line beyond the first [`FINDINGS_PER_LINE`], counted in one summary.
    MoreFindings,
    /// Every two players were paired equally often: a round robin, not a Swiss tournament.
    RoundRobin,
    /// In a Double-Swiss event, the two round columns of a match that do not make one match of two
    /// games (another opponent, a bye beside a game, the same colour twice).
    SplitMatch,
    /// In a team tournament, a round's games that do not make team matches (players of one team
    /// meeting several teams, or each other), or team records (300, 330) that contradict them.
    TeamMatch,
    /// A team's match or game points in record 310 differ from the games.
    TeamPoints,
    /// An entry of a tie-break list (records 202, 212) that is not a tie-break of C.07.
    TieBreakList,
}

impl Code {
    pub fn id(self) -> &'static str {
        match self {
            Code::Latin1 => "latin-1",
            Code::Utf16 => "utf-16",
            Code::UnknownFormat => "unknown-format",
            Code::BinaryFile => "binary-file",
            Code::ShortLine => "short-line",
            Code::NoSeparator => "no-separator",
            Code::UnknownRecord => "unknown-record",
            Code::BadField => "bad-field",
            Code::ShiftedLine => "shifted-line",
            Code::BadRoundEntry => "bad-round-entry",
            Code::TrailingText => "trailing-text",
            Code::Tab => "tab",
            Code::Duplicate => "duplicate",
            Code::Conflict => "conflict",
            Code::UnknownPlayer => "unknown-player",
            Code::NumberingGap => "numbering-gap",
            Code::Unmirrored => "unmirrored",
            Code::SelfPairing => "self-pairing",
            Code::SecondPab => "second-pab",
            Code::PointsMismatch => "points-mismatch",
            Code::PointsExplained => "points-explained",
            Code::TooManyRounds => "too-many-rounds",
            Code::Date => "date",
            Code::Nonstandard => "nonstandard",
            Code::TeamMembership => "team-membership",
            Code::ByeConflict => "bye-conflict",
            Code::BadCell => "bad-cell",
            Code::MoreFindings => "more-findings",
            Code::RoundRobin => "round-robin",
            Code::SplitMatch => "split-match",
            Code::TeamMatch => "team-match",
            Code::TeamPoints => "team-points",
            Code::TieBreakList => "tie-break-list",
        }
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// A place in a file: a line and a range of character columns (1-based, end exclusive).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Span {
    pub line: usize,
    pub column: usize,
    pub end_column: usize,
}

impl Span {
    pub fn new(line: usize, column: usize, end_column: usize) -> Span {
        Span { line, column, end_column: end_column.max(column + 1) }
    }

    /// The whole of a line of `width` characters (at least one column, for empty lines).
    pub fn line(line: usize, width: usize) -> Span {
        Span::new(line, 1, width + 1)
    }
}

/// The lines of the file a finding is about, as its spans count them: what [`render::render`]
/// shows beside a finding. The readers' decoded text implements it, so that findings are drawn
/// without this module knowing how a file was decoded.
pub trait SourceLines {
    /// The text of line `number` (1-based), without its line end.
    fn line_text(&self, number: usize) -> Option<&str>;
    /// The byte offset in line `number` of character column `column` (1-based; the end of the
    /// line if it is shorter).
    fn byte_of_column(&self, number: usize, column: usize) -> usize;
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    pub span: Option<Span>,
    /// What the columns should have held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// `--lenient` turns this error into a warning: the reader can carry on without guessing
    /// anything that the checks depend on.
    #[serde(skip)]
    pub recoverable: bool,
}

impl Diagnostic {
    pub fn error(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            expected: None,
            notes: Vec::new(),
            recoverable: false,
        }
    }

    pub fn warning(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    pub fn note_level(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Note, ..Diagnostic::error(code, message) }
    }

    pub fn at(mut self, span: Span) -> Diagnostic {
        self.span = Some(span);
        self
    }

    pub fn expected(mut self, expected: impl Into<String>) -> Diagnostic {
        self.expected = Some(expected.into());
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Marks an error as one that `--lenient` may downgrade.
    pub fn recoverable(mut self) -> Diagnostic {
        self.recoverable = true;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// At most this many findings are kept for one line; the rest are counted in one summary finding
/// (`more-findings`). A line of junk must not bury the file's other findings under its own (a
/// 160 KB 001 line of junk made over 100 000), nor fill memory with them.
pub const FINDINGS_PER_LINE: usize = 20;

/// A list of findings, in the order they were made, at most [`FINDINGS_PER_LINE`] per line and a
/// summary of the others.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    /// Findings kept in `list`, per line.
    #[serde(skip)]
    kept_per_line: HashMap<usize, usize>,
    /// The findings left out, per line; each line's summary is the last finding of that line in
    /// `list` (nothing more is kept for a line once its summary is there).
    #[serde(skip)]
    left_out: BTreeMap<usize, LeftOut>,
}

/// The findings left out on one line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct LeftOut {
    /// Where the first of them was.
    span: Option<Span>,
    errors: usize,
    /// Those of `errors` that `--lenient` may turn into warnings.
    recoverable_errors: usize,
    warnings: usize,
    notes: usize,
    /// Index of the summary in `list`.
    summary: usize,
}

impl LeftOut {
    fn count(&mut self, diagnostic: &Diagnostic) {
        match diagnostic.severity {
            Severity::Error => {
                self.errors += 1;
                self.recoverable_errors += usize::from(diagnostic.recoverable);
            }
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    fn add(&mut self, other: &LeftOut) {
        self.errors += other.errors;
        self.recoverable_errors += other.recoverable_errors;
        self.warnings += other.warnings;
        self.notes += other.notes;
    }

    fn total(&self) -> usize {
        self.errors + self.warnings + self.notes
    }

    /// The summary: as severe as the worst finding it stands for, and recoverable only when all
    /// its errors are.
    fn summary(&self) -> Diagnostic {
        let total = self.total();
        let kinds: Vec<String> = [(self.errors, "error"), (self.warnings, "warning"), (self.notes, "note")]
            .into_iter()
            .filter(|(count, _)| *count > 0)
            .map(|(count, kind)| format!("{count} {kind}{}", if count == 1 { "" } else { "s" }))
            .collect();
        let message = format!(
            "… and {total} more finding{} on this line ({})",
            if total == 1 { "" } else { "s" },
            kinds.join(", ")
        );
        let mut summary = if self.errors > 0 {
            Diagnostic::error(Code::MoreFindings, message)
        } else if self.warnings > 0 {
            Diagnostic::warning(Code::MoreFindings, message)
        } else {
            Diagnostic::note_level(Code::MoreFindings, message)
        };
        summary.span = self.span.clone();
        summary.recoverable = self.errors == self.recoverable_errors;
        summary.note(format!(
            "only the first {FINDINGS_PER_LINE} findings of a line are shown; fix them and read the file again"
        ))
    }
}

fn line_of(diagnostic: &Diagnostic) -> usize {
    diagnostic.span.as_ref().map_or(0, |s| s.line)
}

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// Adds a finding, or counts it in its line's summary when the line has its share already.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        let line = line_of(&diagnostic);
        // Findings about the whole file (line 0) are few and never left out.
        if line == 0 {
            self.list.push(diagnostic);
            return;
        }
        let kept = self.kept_per_line.entry(line).or_default();
        if *kept < FINDINGS_PER_LINE {
            *kept += 1;
            self.list.push(diagnostic);
            return;
        }
        let mut one = LeftOut { span: diagnostic.span.clone(), ..LeftOut::default() };
        one.count(&diagnostic);
        self.leave_out(line, &one);
    }

    /// Counts findings left out on `line` in its summary, which is added if it is not there yet.
    fn leave_out(&mut self, line: usize, counts: &LeftOut) {
        let list = &mut self.list;
        let left_out = self.left_out.entry(line).or_insert_with(|| {
            list.push(Diagnostic::note_level(Code::MoreFindings, String::new()));
            LeftOut { span: counts.span.clone(), summary: list.len() - 1, ..LeftOut::default() }
        });
        left_out.add(counts);
        list[left_out.summary] = left_out.summary();
    }

    /// Forgets the findings from `start` on, all of them on `line` (its record read again), as if
    /// they had never been pushed.
    pub fn forget_since(&mut self, start: usize, line: usize) {
        debug_assert!(self.list.get(start..).is_none_or(|added| added.iter().all(|d| line_of(d) == line)));
        self.list.truncate(start);
        if self.left_out.get(&line).is_some_and(|left_out| left_out.summary >= start) {
            self.left_out.remove(&line);
        }
        let kept = self.list.iter().filter(|d| line_of(d) == line).count();
        if kept == 0 {
            self.kept_per_line.remove(&line);
        } else {
            self.kept_per_line.insert(line, kept);
        }
    }

    /// Adds the findings of `other`, each as [`Diagnostics::push`] would.
    pub fn extend(&mut self, other: Diagnostics) {
        let summaries: HashSet<usize> = other.left_out.values().map(|l| l.summary).collect();
        for (index, diagnostic) in other.list.into_iter().enumerate() {
            if !summaries.contains(&index) {
                self.push(diagnostic);
            }
        }
        for (line, counts) in &other.left_out {
            self.leave_out(*line, counts);
        }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.list.iter()
    }

    /// The findings listed, summaries included.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// True when some findings are only counted in a summary.
    pub fn has_left_out(&self) -> bool {
        !self.left_out.is_empty()
    }

    /// Errors found, those only counted in a summary included.
    pub fn error_count(&self) -> usize {
        let summaries = self.left_out.values().filter(|l| l.errors > 0).count();
        let left_out: usize = self.left_out.values().map(|l| l.errors).sum();
        self.list.iter().filter(|d| d.is_error()).count() - summaries + left_out
    }

    /// Warnings found, those only counted in a summary included.
    pub fn warning_count(&self) -> usize {
        let summaries = self.left_out.values().filter(|l| l.errors == 0 && l.warnings > 0).count();
        let left_out: usize = self.left_out.values().map(|l| l.warnings).sum();
        self.list.iter().filter(|d| d.severity == Severity::Warning).count() - summaries + left_out
    }

    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }

    /// True when a finding from position `start` on (a [`Diagnostics::len`] taken before) is an
    /// error that `--lenient` cannot turn into a warning.
    pub fn unrecoverable_error_since(&self, start: usize) -> bool {
        self.list.get(start..).is_some_and(|added| added.iter().any(|d| d.is_error() && !d.recoverable))
    }

    /// `--lenient`: recoverable errors become warnings.
    pub fn make_lenient(&mut self) {
        for diagnostic in &mut self.list {
            if diagnostic.is_error() && diagnostic.recoverable {
                diagnostic.severity = Severity::Warning;
            }
        }
        for left_out in self.left_out.values_mut() {
            left_out.errors -= left_out.recoverable_errors;
            left_out.warnings += left_out.recoverable_errors;
            left_out.recoverable_errors = 0;
            self.list[left_out.summary] = left_out.summary();
        }
    }

    /// Orders findings by line, keeping the order of findings on one line.
    pub fn sort_by_line(&mut self) {
        self.list.sort_by_key(line_of);
        // The sort is stable, so each summary is still the last finding of its line.
        for (line, left_out) in &mut self.left_out {
            left_out.summary = self.list.partition_point(|d| line_of(d) <= *line) - 1;
        }
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Diagnostics {
        let mut diagnostics = Diagnostics::new();
        for diagnostic in iter {
            diagnostics.push(diagnostic);
        }
        diagnostics
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(line: usize, column: usize, severity: Severity, recoverable: bool) -> Diagnostic {
        let d = Diagnostic { severity, ..Diagnostic::error(Code::BadField, format!("field {column}")) };
        let d = d.at(Span::new(line, column, column + 1));
        if recoverable { d.recoverable() } else { d }
    }

    #[test]
    fn a_line_keeps_its_first_findings_and_counts_the_rest() {
        let mut diagnostics = Diagnostics::new();
        for column in 1..=30 {
            diagnostics.push(finding(2, column, Severity::Error, false));
        }
        for column in 1..=5 {
            diagnostics.push(finding(3, column, Severity::Warning, false));
        }
        diagnostics.push(finding(2, 99, Severity::Warning, false));
        diagnostics.push(Diagnostic::warning(Code::NumberingGap, "about the file"));
        assert_eq!(diagnostics.len(), FINDINGS_PER_LINE + 1 + 5 + 1);
        assert_eq!((diagnostics.error_count(), diagnostics.warning_count()), (30, 7));
        diagnostics.sort_by_line();
        let on_line_2: Vec<&Diagnostic> = diagnostics.iter().filter(|d| line_of(d) == 2).collect();
        assert_eq!(on_line_2.len(), FINDINGS_PER_LINE + 1);
        assert!(on_line_2[..FINDINGS_PER_LINE].iter().all(|d| d.code == Code::BadField));
        let summary = on_line_2[FINDINGS_PER_LINE];
        assert_eq!(summary.code, Code::MoreFindings);
        assert_eq!(summary.severity, Severity::Error);
        assert_eq!(summary.message, "… and 11 more findings on this line (10 errors, 1 warning)");
        assert_eq!(summary.span.as_ref().map(|s| s.column), Some(21));
        assert!(!summary.recoverable);
        // Findings made later (the cross-checks) join the same count.
        let mut later = Diagnostics::new();
        for column in 40..=64 {
            later.push(finding(2, column, Severity::Error, false));
        }
        later.push(finding(1, 1, Severity::Note, false));
        diagnostics.extend(later);
        diagnostics.sort_by_line();
        assert_eq!(diagnostics.iter().filter(|d| line_of(d) == 2).count(), FINDINGS_PER_LINE + 1);
        assert_eq!(diagnostics.iter().filter(|d| d.code == Code::MoreFindings).count(), 1);
        let summary = diagnostics.iter().rfind(|d| line_of(d) == 2).unwrap();
        assert_eq!(summary.message, "… and 36 more findings on this line (35 errors, 1 warning)");
        assert_eq!((diagnostics.error_count(), diagnostics.warning_count()), (55, 7));
    }

    #[test]
    fn lenient_reading_downgrades_the_findings_left_out_too() {
        let mut diagnostics: Diagnostics =
            (1..=25).map(|column| finding(4, column, Severity::Error, column != 1)).collect();
        assert!(diagnostics.iter().rfind(|d| line_of(d) == 4).unwrap().recoverable);
        diagnostics.make_lenient();
        assert_eq!((diagnostics.error_count(), diagnostics.warning_count()), (1, 24));
        let summary = diagnostics.iter().rfind(|d| line_of(d) == 4).unwrap();
        assert_eq!(summary.severity, Severity::Warning);
        assert_eq!(summary.message, "… and 5 more findings on this line (5 warnings)");
        assert!(diagnostics.has_errors());
    }
}
