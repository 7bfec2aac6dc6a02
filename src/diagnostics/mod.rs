//! Findings about an input file: what is wrong (or odd), where, and what was expected.
//!
//! A diagnostic is data, not a Rust error: a reader collects all of them, so one bad record never
//! hides the others, and `validate` lists them all. Rendering (source snippets with
//! annotate-snippets, or JSON) is done by [`render`].

pub mod render;

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
    /// The file is not UTF-8 and was read as Latin-1 (Windows-1252).
    Latin1,
    /// The file is not a format trfcheck reads.
    UnknownFormat,
    /// A line shorter than a record tag.
    ShortLine,
    /// Column 4 of a record is not blank.
    NoSeparator,
    /// A record tag that is not TRF16, TRF-2026 or a known extension.
    UnknownRecord,
    /// A field that does not hold what its column table says.
    BadField,
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
}

impl Code {
    pub fn id(self) -> &'static str {
        match self {
            Code::Latin1 => "latin-1",
            Code::UnknownFormat => "unknown-format",
            Code::ShortLine => "short-line",
            Code::NoSeparator => "no-separator",
            Code::UnknownRecord => "unknown-record",
            Code::BadField => "bad-field",
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

/// A list of findings, in the order they were made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.0.iter().filter(|d| d.severity == Severity::Warning).count()
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// `--lenient`: recoverable errors become warnings.
    pub fn make_lenient(&mut self) {
        for diagnostic in &mut self.0 {
            if diagnostic.is_error() && diagnostic.recoverable {
                diagnostic.severity = Severity::Warning;
            }
        }
    }

    /// Orders findings by line, keeping the order of findings on one line.
    pub fn sort_by_line(&mut self) {
        self.0.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.line));
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Diagnostics {
        Diagnostics(iter.into_iter().collect())
    }
}
