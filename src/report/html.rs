//! The HTML page of a batch audit (`--report FILE.html`): one self-contained page (no script, no
//! network, no external asset; the style sheet is inline), the files worst-first, each opening on
//! its rounds: the recorded and computed boards side by side with the differences marked, the
//! explanation, and the file's diagnostics. `<details>` elements open and close without a script.
//!
//! The page is the template `templates/report/check.html`, rendered by askama, which escapes every
//! value it writes: the code here only gathers what the page shows, as plain text.

use std::collections::BTreeMap;
use std::io::{self, Write};

use askama::Template;

use super::table::{Mode, Row, StandingsVerdict, Totals, cut, status_label, status_name};
use super::{CheckReport, PlayerLabel, RoundReport, RoundStatus};
use crate::diagnostics::Diagnostic;
use crate::systems::pairing::Board;

/// What makes the page an audit record: who wrote it, when, and how it was asked.
#[derive(Clone, Debug)]
pub struct Record {
    /// trfcheck's version.
    pub version: &'static str,
    /// When the run ended, RFC 3339 with the local offset.
    pub time: String,
    /// The command line, its arguments quoted where a shell would need it.
    pub command: String,
}

impl Record {
    /// The record of this run: the version, the time now and the process's command line.
    pub fn now() -> Record {
        let quote = |arg: String| {
            if !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,@+%".contains(c)) {
                arg
            } else {
                format!("'{}'", arg.replace('\'', "'\\''"))
            }
        };
        let mut args = std::env::args();
        let program = args.next().map(|_| "trfcheck".to_owned()).unwrap_or_default();
        let command = std::iter::once(program).chain(args.map(quote)).collect::<Vec<_>>().join(" ");
        Record::asked_by(command)
    }

    /// The record of a check asked for by `command` (how a request asked it, for `serve`), made now.
    pub fn asked_by(command: String) -> Record {
        Record { version: env!("CARGO_PKG_VERSION"), time: super::local_time_now(), command }
    }
}

/// The systems and the tie-break editions the reports were checked under, with how many files
/// each: `dutch-2025 (12), dubov-2025 (1)`.
fn used(reports: &[CheckReport]) -> (String, String) {
    let count = |names: Vec<String>| {
        let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
        for name in names {
            *counts.entry(name).or_default() += 1;
        }
        counts.iter().map(|(name, n)| format!("{name} ({n})")).collect::<Vec<_>>().join(", ")
    };
    let systems = count(reports.iter().filter_map(|r| r.system().map(|s| s.id().to_owned())).collect());
    let editions = count(reports.iter().filter_map(|r| r.ranks.as_ref().map(|ranks| ranks.rules.to_owned())).collect());
    (systems, editions)
}

/// A link at the head of the page, back to where the files came from (serve's upload form).
#[derive(Clone, Copy, Debug)]
pub struct WayBack {
    pub href: &'static str,
    pub text: &'static str,
}

/// Writes the page. `reports` are the files' reports, in any order: the page lists them worst-first.
pub fn write(
    out: &mut dyn Write,
    reports: &[CheckReport],
    totals: &Totals,
    mode: Mode,
    title: &str,
    record: &Record,
) -> io::Result<()> {
    out.write_all(render(reports, totals, mode, title, record, None)?.as_bytes())
}

/// The page as [`write`] writes it, with a link back (`back`) at its head when there is one.
pub fn render(
    reports: &[CheckReport],
    totals: &Totals,
    mode: Mode,
    title: &str,
    record: &Record,
    back: Option<WayBack>,
) -> io::Result<String> {
    // A validation is shown through a CheckReport without rounds (`ValidationReport::as_check_report`).
    let rows: Vec<Row> = reports.iter().map(Row::of_check).collect();
    let mut order: Vec<usize> = (0..reports.len()).collect();
    order.sort_by(|&a, &b| rows[b].badness().cmp(&rows[a].badness()).then_with(|| rows[a].file.cmp(&rows[b].file)));
    let names = super::table::short_names(&rows);
    let (systems, editions) = used(reports);
    let files = order
        .iter()
        .enumerate()
        .map(|(position, &i)| FileView::of(&reports[i], &rows[i], &names[i], position, mode))
        .collect();
    let page = CheckPage {
        title,
        record,
        back,
        systems,
        editions,
        totals: totals.text(mode),
        checked: mode == Mode::Check,
        files,
    };
    page.render().map_err(io::Error::other)
}

/// The page: `templates/report/check.html`.
#[derive(Template)]
#[template(path = "report/check.html")]
struct CheckPage<'a> {
    title: &'a str,
    record: &'a Record,
    back: Option<WayBack>,
    /// The systems and tie-break editions used, with how many files each (empty: none).
    systems: String,
    editions: String,
    totals: String,
    /// `check`'s columns, not `validate`'s.
    checked: bool,
    /// Worst first.
    files: Vec<FileView<'a>>,
}

/// A file: its line of the overview, its row of the table and its section.
struct FileView<'a> {
    /// Its place in the page, worst first: the section's id is `file-{position}`.
    position: usize,
    row: &'a Row,
    /// The whole path, and the path without the folders all files share.
    file: &'a str,
    name: &'a str,
    status: String,
    status_label: &'static str,
    /// The overview's cells: a round checked each, or one of the status when none was.
    cells: Vec<Cell>,
    event_name: Option<&'a str>,
    dates: String,
    players: String,
    /// The system and where it came from.
    system: String,
    worst: Option<crate::systems::Severity>,
    /// The event's city, dates and size.
    facts: Vec<String>,
    system_line: Option<SystemLine<'a>>,
    caveat: Option<&'a str>,
    /// `check`: the verdict of the summary line; `validate`: what stopped the file, if anything.
    verdict: Option<String>,
    error: Option<&'a str>,
    hints: &'a [String],
    standings: StandingsView,
    diagnostics: Vec<DiagnosticView>,
    rounds: Vec<RoundView>,
}

/// A cell of the overview, linking to `#{target}`.
struct Cell {
    class: String,
    target: String,
    title: String,
}

/// The system a file was checked under, where it came from and why.
struct SystemLine<'a> {
    id: &'static str,
    source: &'a str,
    reason: &'a str,
}

/// The standings of a file: the verdict on its stated ranks with each finding, the hint and the
/// notes (C.07); or the FMJD tie-breaks it prints that differ from the computed ones.
#[derive(Default)]
struct StandingsView {
    line: Option<StandingsLine>,
    items: Vec<String>,
    hint: Option<String>,
}

struct StandingsLine {
    verdict: Option<StandingsVerdict>,
    text: String,
}

struct DiagnosticView {
    class: &'static str,
    /// `line:column: error[code]: message (expected …)`.
    text: String,
}

/// A round's line or section; `anchor` is the id the overview's cell links to.
struct RoundView {
    number: u32,
    anchor: String,
    verdict: RoundVerdict,
}

enum RoundVerdict {
    Match { boards: usize },
    NotChecked { reason: String },
    Differs(Box<Differs>),
}

struct Differs {
    severity: Option<crate::systems::Severity>,
    /// `2 of 9 boards differ`, or that no pairing satisfies the absolute criteria.
    headline: String,
    criterion: Option<String>,
    explanation: Option<String>,
    details: Vec<String>,
    boards: Option<BoardsTable>,
}

/// The recorded and computed boards of a differing round, side by side.
struct BoardsTable {
    /// The computed column's heading: the system's id.
    system: String,
    lines: Vec<BoardLine>,
}

enum BoardLine {
    /// Boards both pairings have, folded into one row.
    Agree(String),
    Row {
        recorded: Option<BoardSide>,
        computed: Option<BoardSide>,
    },
}

/// A differing board: its number, its players' numbers, and who they are before the round.
struct BoardSide {
    number: usize,
    pair: String,
    who: String,
}

impl<'a> FileView<'a> {
    fn of(report: &'a CheckReport, row: &'a Row, name: &'a str, position: usize, mode: Mode) -> FileView<'a> {
        let event = row.event.as_ref();
        let system = match (&row.system, &row.system_source) {
            (Some(s), Some(source)) => format!("{s} ({source})"),
            (Some(s), None) => s.clone(),
            _ => String::new(),
        };
        let mut facts = Vec::new();
        if let Some(event) = event {
            facts.extend(event.city.clone());
            if !event.dates().is_empty() {
                facts.push(event.dates());
            }
            let s = |n: usize| if n == 1 { "" } else { "s" };
            facts.push(format!(
                "{} player{}, {} round{}",
                event.players,
                s(event.players),
                event.rounds,
                s(event.rounds as usize)
            ));
        }
        let verdict = (mode == Mode::Check).then(|| {
            let line = report.summary_line();
            let verdict = line.strip_prefix(&report.file).unwrap_or(&line).trim_start_matches(':').trim_start();
            verdict.to_owned()
        });
        let computed = report.system().map_or("computed", crate::systems::SystemId::id);
        FileView {
            position,
            row,
            file: &row.file,
            name,
            status: status_name(row.status, mode),
            status_label: status_label(row.status, mode),
            cells: cells(report, row, name, position, mode),
            event_name: event.and_then(|e| e.name.as_deref()),
            dates: event.map_or(String::new(), |e| cut(&e.dates(), 23)),
            players: event.map_or(String::new(), |e| e.players.to_string()),
            system,
            worst: row.worst_severity,
            facts,
            system_line: report.resolved.as_ref().map(|r| SystemLine {
                id: r.system.id(),
                source: &r.source,
                reason: &r.reason,
            }),
            caveat: report.resolved.as_ref().and_then(|r| r.caveat.as_deref()),
            verdict,
            error: if mode == Mode::Check { None } else { report.error.as_deref() },
            hints: &report.hints,
            standings: standings(report),
            diagnostics: report.diagnostics.iter().map(DiagnosticView::of).collect(),
            rounds: report
                .rounds
                .iter()
                .map(|round| {
                    let anchor = format!("file-{position}-round-{}", round.round);
                    RoundView::of(round, computed, &report.players, anchor)
                })
                .collect(),
        }
    }
}

/// The overview's cells of a file: a round checked each, coloured by its verdict (a differing
/// round by its severity), linking to the round; one of its status when no round was checked.
fn cells(report: &CheckReport, row: &Row, name: &str, position: usize, mode: Mode) -> Vec<Cell> {
    let rounds: Vec<&RoundReport> = report.rounds.iter().filter(|r| r.status != RoundStatus::NotChecked).collect();
    if rounds.is_empty() {
        return vec![Cell {
            class: format!("s-{}", status_name(row.status, mode)),
            target: format!("file-{position}"),
            title: status_label(row.status, mode).to_owned(),
        }];
    }
    rounds
        .into_iter()
        .map(|round| {
            let n = round.round;
            let (class, verdict) = match (round.status, round.severity) {
                (RoundStatus::Match, _) => ("s-match".to_owned(), "matches".to_owned()),
                (_, Some(severity)) => (format!("v-{severity}"), format!("differs ({severity})")),
                _ => ("s-differs".to_owned(), "differs".to_owned()),
            };
            Cell { class, target: format!("file-{position}-round-{n}"), title: format!("{name}, round {n}: {verdict}") }
        })
        .collect()
}

/// The standings of a file (see [`StandingsView`]).
fn standings(report: &CheckReport) -> StandingsView {
    use crate::standings::verdict::RankStatus;
    // An FMJD file's printed tie-breaks that differ from the computed ones.
    let differing: Vec<String> =
        report.standings.as_ref().map(|s| s.disagreement_lines().collect()).unwrap_or_default();
    if let Some(ranks) = report.rank_check() {
        let against = ranks.against();
        let text = match ranks.status {
            RankStatus::NotChecked => ranks.reason.clone().unwrap_or_default(),
            RankStatus::Match => format!("the {} stated ranks follow {against}", ranks.ranks_checked),
            RankStatus::Mismatch => format!("the stated ranks do not follow {against}"),
        };
        let items = ranks
            .findings
            .iter()
            .cloned()
            .chain(ranks.notes.iter().map(|note| format!("note: {note}")))
            .chain(differing)
            .collect();
        StandingsView {
            line: Some(StandingsLine { verdict: StandingsVerdict::of(report), text }),
            items,
            hint: ranks.hint.clone(),
        }
    } else if report.standings.is_some() {
        let line = StandingsVerdict::of(report).map(|verdict| StandingsLine {
            verdict: Some(verdict),
            text: if differing.is_empty() {
                "the printed tie-breaks agree with the computed ones"
            } else {
                "printed tie-breaks differ from the computed ones"
            }
            .to_owned(),
        });
        StandingsView { line, items: differing, hint: None }
    } else {
        StandingsView::default()
    }
}

impl DiagnosticView {
    fn of(d: &Diagnostic) -> DiagnosticView {
        let (class, word) = match d.severity {
            crate::diagnostics::Severity::Error => ("d-error", "error"),
            crate::diagnostics::Severity::Warning => ("d-warning", "warning"),
            crate::diagnostics::Severity::Note => ("d-note", "note"),
        };
        let place = d.span.as_ref().map(|s| format!("{}:{}: ", s.line, s.column)).unwrap_or_default();
        let expected = d.expected.as_ref().map(|e| format!(" (expected {e})")).unwrap_or_default();
        DiagnosticView { class, text: format!("{place}{word}[{}]: {}{expected}", d.code.id(), d.message) }
    }
}

impl RoundView {
    fn of(round: &RoundReport, system: &str, players: &BTreeMap<u32, PlayerLabel>, anchor: String) -> RoundView {
        let n = round.round;
        let verdict = match round.status {
            RoundStatus::Match => RoundVerdict::Match { boards: round.detail.as_ref().map_or(0, |d| d.computed.len()) },
            RoundStatus::NotChecked => RoundVerdict::NotChecked { reason: round.reason.clone().unwrap_or_default() },
            RoundStatus::Mismatch | RoundStatus::NoValidPairing => {
                let detail = round.detail.as_ref();
                let headline = match (round.status, detail) {
                    (RoundStatus::Mismatch, Some(d)) => format!(
                        "{} of {} board{} {}",
                        d.differing_computed.len(),
                        d.computed.len(),
                        if d.computed.len() == 1 { "" } else { "s" },
                        if d.differing_computed.len() == 1 { "differs" } else { "differ" }
                    ),
                    _ => "no pairing satisfies the absolute criteria".to_owned(),
                };
                let side = |side: Option<(usize, Board)>| {
                    side.map(|(number, board)| BoardSide {
                        number,
                        pair: board_text(&board),
                        who: board_players(&board, n, players),
                    })
                };
                let boards = detail.map(|detail| BoardsTable {
                    system: system.to_owned(),
                    lines: super::diff::lines(detail)
                        .into_iter()
                        .map(|line| match line {
                            super::diff::Line::Agree { count, first, last } => {
                                BoardLine::Agree(super::diff::agree_text(count, first, last))
                            }
                            super::diff::Line::Row { recorded, computed } => {
                                BoardLine::Row { recorded: side(recorded), computed: side(computed) }
                            }
                        })
                        .collect(),
                });
                RoundVerdict::Differs(Box::new(Differs {
                    severity: round.severity,
                    headline,
                    criterion: round.criterion.clone(),
                    explanation: round.explanation.clone(),
                    details: round.details.clone(),
                    boards,
                }))
            }
        };
        RoundView { number: n, anchor, verdict }
    }
}

fn board_text(board: &Board) -> String {
    match board.black {
        Some(black) => format!("{} – {black}", board.white),
        None => format!("{} – bye", board.white),
    }
}

/// Who a board's players are, before the round: `Name (rating, points) – Name (…)`.
fn board_players(board: &Board, round: u32, players: &BTreeMap<u32, PlayerLabel>) -> String {
    let who = |id: u32| players.get(&id).map(|p| p.before_round(round));
    match (who(board.white), board.black.map(who)) {
        (Some(white), Some(Some(black))) => format!("{white} – {black}"),
        (Some(white), None) => format!("{white} – bye"),
        _ => String::new(),
    }
}
