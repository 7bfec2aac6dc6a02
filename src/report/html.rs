//! The HTML page of a batch audit (`--report FILE.html`): one self-contained page (no script, no
//! network, no external asset; the style sheet is inline), the files worst-first, each opening on
//! its rounds: the recorded and computed boards side by side with the differences marked, the
//! explanation, and the file's diagnostics. `<details>` elements open and close without a script.

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::table::{Mode, Row, StandingsVerdict, Totals, cut, status_label, status_name};
use super::{CheckReport, PlayerLabel, RoundReport, RoundStatus};
use crate::diagnostics::Diagnostic;
use crate::systems::pairing::Board;

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 1.5rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
p.totals { margin: .2rem 0 1rem; }
table { border-collapse: collapse; }
table.files { width: 100%; font-size: .88rem; margin-bottom: 1.5rem; }
table.files th, table.files td { border-bottom: 1px solid #ddd; padding: .25rem .5rem; text-align: left; vertical-align: top; }
table.files td.num { text-align: right; white-space: nowrap; }
table.files td.name { overflow-wrap: anywhere; min-width: 16rem; max-width: 28rem; }
table.files td.dates { white-space: nowrap; }
table.files td:last-child, table.files td:nth-last-child(2) { white-space: nowrap; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .8rem; font-weight: 600; }
.s-differs { background: #fde2e1; color: #8a1c12; }
.s-invalid, .s-unreadable, .s-usage-error { background: #ffe8c2; color: #7a4500; }
.s-unsupported, .s-nothing-to-check { background: #e6e6ea; color: #3c3c43; }
.s-match, .s-valid, .t-match { background: #dff3e3; color: #1d6b31; }
.t-differ { background: #fde2e1; color: #8a1c12; }
.t-not-checked { background: #e6e6ea; color: #3c3c43; }
.v-absolute { background: #c62828; color: #fff; }
.v-quality { background: #ef6c00; color: #fff; }
.v-colours { background: #1565c0; color: #fff; }
.v-order { background: #6a6a73; color: #fff; }
details.file { border: 1px solid #ccc; border-radius: .4rem; margin: .6rem 0; padding: .3rem .7rem; }
details.file > summary { cursor: pointer; font-weight: 600; }
details.round { margin: .3rem 0 .3rem 1rem; }
details.round > summary { cursor: pointer; }
p.why { margin: .3rem 0; max-width: 70rem; }
p.error { color: #8a1c12; }
p.hint { background: #fff8d6; padding: .2rem .5rem; border-radius: .3rem; max-width: 70rem; }
ul.diagnostics { font-family: ui-monospace, monospace; font-size: .82rem; }
li.d-error { color: #8a1c12; }
li.d-warning { color: #7a4500; }
table.boards { font-family: ui-monospace, monospace; font-size: .85rem; margin: .3rem 0 .6rem; }
table.boards th, table.boards td { padding: .1rem .6rem; border: 1px solid #ddd; }
table.boards td.differs { background: #fde2e1; font-weight: 700; }
table.boards td.differs.computed { background: #dff3e3; }
table.boards span.who { display: block; font-family: system-ui, sans-serif; font-size: .78rem; font-weight: 400; color: #3c3c43; }
.muted { color: #6e6e73; }
dl.record { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .1rem .8rem; margin: .4rem 0 .8rem; font-size: .9rem; }
dl.record dt { font-weight: 600; }
dl.record dd { margin: 0; overflow-wrap: anywhere; }
p.round { margin: .15rem 0 .15rem 1rem; }
nav.overview { margin: .2rem 0 1rem; font-size: .8rem; }
nav.overview div.line { display: flex; align-items: center; gap: .5rem; margin: 1px 0; }
nav.overview a.name { width: 16rem; flex: none; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: inherit; }
nav.overview span.cells { display: flex; flex-wrap: wrap; gap: 2px; }
nav.overview a.cell { display: block; width: .8rem; height: .8rem; border-radius: 2px; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
nav.overview .s-match, nav.overview .s-valid { background: #2e7d32; }
nav.overview .s-differs { background: #c62828; }
nav.overview .s-invalid, nav.overview .s-unreadable, nav.overview .s-usage-error { background: #e08a00; }
nav.overview .s-unsupported, nav.overview .s-nothing-to-check { background: #d5d5db; }
@media (max-width: 40rem) {
  body { margin: 1rem .6rem; }
  nav.overview a.name { width: 8rem; }
  table.files .wide { display: none; }
  table.files td.name { min-width: 8rem; max-width: 12rem; }
}
";

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

/// Writes the page. `reports` are the files' reports, in any order: the page lists them worst-first.
pub fn write(
    out: &mut dyn Write,
    reports: &[CheckReport],
    totals: &Totals,
    mode: Mode,
    title: &str,
    record: &Record,
) -> io::Result<()> {
    // A validation is shown through a CheckReport without rounds (`ValidationReport::as_check_report`).
    let rows: Vec<Row> = reports.iter().map(Row::of_check).collect();
    let mut order: Vec<usize> = (0..reports.len()).collect();
    order.sort_by(|&a, &b| rows[b].badness().cmp(&rows[a].badness()).then_with(|| rows[a].file.cmp(&rows[b].file)));
    writeln!(out, "<!DOCTYPE html>")?;
    writeln!(out, "<html lang=\"en\"><head><meta charset=\"utf-8\">")?;
    writeln!(out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    writeln!(out, "<style>{STYLE}</style></head><body>")?;
    writeln!(out, "<h1>{}</h1>", escape(title))?;
    let (systems, editions) = used(reports);
    let mut facts = vec![
        format!("<dt>trfcheck</dt><dd>{}</dd>", escape(record.version)),
        format!("<dt>Run</dt><dd><time datetime=\"{0}\">{0}</time></dd>", escape(&record.time)),
        format!("<dt>Command</dt><dd><code>{}</code></dd>", escape(&record.command)),
    ];
    if !systems.is_empty() {
        facts.push(format!("<dt>Pairing systems</dt><dd>{}</dd>", escape(&systems)));
    }
    if !editions.is_empty() {
        facts.push(format!("<dt>Tie-break rules (C.07)</dt><dd>{}</dd>", escape(&editions)));
    }
    writeln!(out, "<dl class=\"record\">{}</dl>", facts.join(""))?;
    writeln!(out, "<p class=\"totals\">{}</p>", escape(&totals.text(mode)))?;
    let names = super::table::short_names(&rows);
    write_overview(out, reports, &rows, &names, &order, mode)?;
    write_table(out, &rows, &names, &order, mode)?;
    for (position, &i) in order.iter().enumerate() {
        write_file(out, &reports[i], &rows[i], position, mode)?;
    }
    writeln!(out, "</body></html>")
}

/// The whole audit at a glance: a line a file, worst first, with a cell a round coloured by its
/// verdict (a differing round by its severity); a file whose rounds were not checked has one cell,
/// its status. Each cell links to its round in the file's section; the colours print too.
fn write_overview(
    out: &mut dyn Write,
    reports: &[CheckReport],
    rows: &[Row],
    names: &[String],
    order: &[usize],
    mode: Mode,
) -> io::Result<()> {
    writeln!(out, "<nav class=\"overview\" aria-label=\"every round of every file, worst file first\">")?;
    for (position, &i) in order.iter().enumerate() {
        let row = &rows[i];
        write!(
            out,
            "<div class=\"line\"><a class=\"name\" href=\"#file-{position}\" title=\"{}\">{}</a><span class=\"cells\">",
            escape(&row.file),
            escape(&names[i])
        )?;
        let rounds: Vec<&RoundReport> =
            reports[i].rounds.iter().filter(|r| r.status != RoundStatus::NotChecked).collect();
        if rounds.is_empty() {
            let label = status_label(row.status, mode);
            write!(
                out,
                "<a class=\"cell s-{}\" href=\"#file-{position}\" title=\"{}\"></a>",
                status_name(row.status, mode),
                escape(label)
            )?;
        }
        for round in rounds {
            let n = round.round;
            let (class, verdict) = match (round.status, round.severity) {
                (RoundStatus::Match, _) => ("s-match".to_owned(), "matches".to_owned()),
                (_, Some(severity)) => (format!("v-{severity}"), format!("differs ({severity})")),
                _ => ("s-differs".to_owned(), "differs".to_owned()),
            };
            write!(
                out,
                "<a class=\"cell {class}\" href=\"#file-{position}-round-{n}\" title=\"{}, round {n}: {verdict}\"></a>",
                escape(&names[i])
            )?;
        }
        writeln!(out, "</span></div>")?;
    }
    writeln!(out, "</nav>")
}

/// The columns of the file table left out on a narrow window: the event's description, which the
/// file's own section repeats.
const WIDE_ONLY: [&str; 4] = ["Event", "Dates", "Players", "System"];

fn write_table(out: &mut dyn Write, rows: &[Row], names: &[String], order: &[usize], mode: Mode) -> io::Result<()> {
    let head: &[&str] = match mode {
        Mode::Check => &[
            "File",
            "Event",
            "Dates",
            "Players",
            "System",
            "Checked",
            "Differ",
            "Not checked",
            "Worst",
            "Standings",
            "Status",
        ],
        Mode::Validate => &["File", "Event", "Dates", "Players", "Rounds", "Errors", "Warnings", "Status"],
    };
    // The table scrolls in its own box when the window is narrower (a phone): the page never does.
    write!(out, "<div class=\"scroll\"><table class=\"files\"><thead><tr>")?;
    for h in head {
        // On a phone the columns that describe the event give way to the verdicts (STYLE, `.wide`).
        let class = if WIDE_ONLY.contains(h) { " class=\"wide\"" } else { "" };
        write!(out, "<th{class}>{h}</th>")?;
    }
    writeln!(out, "</tr></thead><tbody>")?;
    for (position, &i) in order.iter().enumerate() {
        let row = &rows[i];
        let event = row.event.clone().unwrap_or_default();
        write!(
            out,
            "<tr class=\"file-row\"><td class=\"name\"><a href=\"#file-{position}\" title=\"{}\">{}</a></td><td class=\"wide\">{}</td><td class=\"dates wide\">{}</td><td class=\"num wide\">{}</td>",
            escape(&row.file),
            escape(&names[i]),
            escape(event.name.as_deref().unwrap_or("")),
            escape(&cut(&event.dates(), 23)),
            row.event.as_ref().map_or(String::new(), |e| e.players.to_string())
        )?;
        match mode {
            Mode::Check => {
                let system = match (&row.system, &row.system_source) {
                    (Some(s), Some(source)) => format!("{s} ({source})"),
                    (Some(s), None) => s.clone(),
                    _ => String::new(),
                };
                write!(
                    out,
                    "<td class=\"wide\">{}</td><td class=\"num\">{} of {}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td>",
                    escape(&system),
                    row.rounds_checked,
                    row.rounds_recorded,
                    row.rounds_differing,
                    row.rounds_not_checked,
                    severity_badge(row.worst_severity),
                    standings_badge(row.standings)
                )?;
            }
            Mode::Validate => write!(
                out,
                "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
                row.rounds_recorded, row.errors, row.warnings
            )?,
        }
        writeln!(out, "<td>{}</td></tr>", status_badge(row, mode))?;
    }
    writeln!(out, "</tbody></table></div>")
}

fn status_badge(row: &Row, mode: Mode) -> String {
    format!(
        "<span class=\"badge status s-{}\">{}</span>",
        status_name(row.status, mode),
        escape(status_label(row.status, mode))
    )
}

fn standings_badge(verdict: Option<StandingsVerdict>) -> String {
    match verdict {
        Some(v) => format!("<span class=\"badge standings t-{}\">{}</span>", v.name(), escape(&v.label())),
        None => "<span class=\"muted\">–</span>".to_owned(),
    }
}

/// The standings of a file: the verdict on its stated ranks with each finding, the hint and the
/// notes (C.07); or the FMJD tie-breaks it prints that differ from the computed ones.
fn write_standings(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    use crate::standings::fide::check::RankStatus;
    if let Some(ranks) = &report.ranks {
        let against = ranks.against();
        let verdict = match ranks.status {
            RankStatus::NotChecked => ranks.reason.clone().unwrap_or_default(),
            RankStatus::Match => format!("the {} stated ranks follow {against}", ranks.ranks_checked),
            RankStatus::Mismatch => format!("the stated ranks do not follow {against}"),
        };
        writeln!(
            out,
            "<p class=\"standings\">{} standings: {}</p>",
            standings_badge(StandingsVerdict::of(report)),
            escape(&verdict)
        )?;
        let lines: Vec<String> = ranks
            .findings
            .iter()
            .map(|f| escape(f))
            .chain(ranks.notes.iter().map(|n| format!("note: {}", escape(n))))
            .collect();
        if !lines.is_empty() {
            writeln!(out, "<ul class=\"standings\"><li>{}</li></ul>", lines.join("</li><li>"))?;
        }
        if let Some(hint) = &ranks.hint {
            writeln!(out, "<p class=\"hint\">hint: {}</p>", escape(hint))?;
        }
    } else if let Some(standings) = &report.standings {
        let differing: Vec<String> = standings.disagreement_lines().map(|line| escape(&line)).collect();
        if let Some(verdict) = StandingsVerdict::of(report) {
            let text = if differing.is_empty() {
                "the printed tie-breaks agree with the computed ones"
            } else {
                "printed tie-breaks differ from the computed ones"
            };
            writeln!(out, "<p class=\"standings\">{} standings: {text}</p>", standings_badge(Some(verdict)))?;
        }
        if !differing.is_empty() {
            writeln!(out, "<ul class=\"standings\"><li>{}</li></ul>", differing.join("</li><li>"))?;
        }
    }
    Ok(())
}

fn severity_badge(severity: Option<crate::systems::Severity>) -> String {
    match severity {
        Some(s) => format!("<span class=\"badge severity v-{s}\">{s}</span>"),
        None => "<span class=\"muted\">–</span>".to_owned(),
    }
}

fn write_file(out: &mut dyn Write, report: &CheckReport, row: &Row, position: usize, mode: Mode) -> io::Result<()> {
    let event = row.event.clone().unwrap_or_default();
    let name = event.name.as_deref().map(|n| format!(" — {}", escape(n))).unwrap_or_default();
    writeln!(
        out,
        // The table's link targets the section's content, not the closed `<details>` itself: a
        // browser opens a `<details>` when a fragment names something inside it (HTML's
        // "ancestor details revealing algorithm"), with no script.
        "<details class=\"file\" data-file=\"{}\"><summary>{} {}{name} {}</summary><div id=\"file-{position}\"></div>",
        escape(&row.file),
        status_badge(row, mode),
        escape(&row.file),
        if row.worst_severity.is_some() { severity_badge(row.worst_severity) } else { String::new() }
    )?;
    let mut facts = Vec::new();
    if let Some(city) = &event.city {
        facts.push(escape(city));
    }
    if !event.dates().is_empty() {
        facts.push(escape(&event.dates()));
    }
    if row.event.is_some() {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        facts.push(format!(
            "{} player{}, {} round{}",
            event.players,
            s(event.players),
            event.rounds,
            s(event.rounds as usize)
        ));
    }
    if !facts.is_empty() {
        writeln!(out, "<p class=\"event\">{}</p>", facts.join(" · "))?;
    }
    if let Some(crate::systems::Resolved { system, source, reason, .. }) = &report.resolved {
        writeln!(
            out,
            "<p class=\"system\"><b>{}</b> ({}): {}</p>",
            escape(system.id()),
            escape(source),
            escape(reason)
        )?;
    }
    if let Some(caveat) = report.resolved.as_ref().and_then(|r| r.caveat.as_ref()) {
        writeln!(out, "<p class=\"caveat\">note: {}</p>", escape(caveat))?;
    }
    if mode == Mode::Check {
        let verdict = report.summary_line();
        let verdict = verdict.strip_prefix(&report.file).unwrap_or(&verdict).trim_start_matches(':').trim_start();
        writeln!(out, "<p class=\"verdict\">{}</p>", escape(verdict))?;
    } else if let Some(error) = &report.error {
        writeln!(out, "<p class=\"error\">{}</p>", escape(error))?;
    }
    for hint in &report.hints {
        writeln!(out, "<p class=\"hint\">hint: {}</p>", escape(hint))?;
    }
    write_standings(out, report)?;
    write_diagnostics(out, &report.diagnostics)?;
    if !report.rounds.is_empty() {
        writeln!(out, "<div class=\"rounds\">")?;
        let system = report.system().map_or("computed", crate::systems::SystemId::id);
        for round in &report.rounds {
            write_round(out, round, system, &report.players, &format!("file-{position}-round-{}", round.round))?;
        }
        writeln!(out, "</div>")?;
    }
    writeln!(out, "</details>")
}

fn write_diagnostics(out: &mut dyn Write, diagnostics: &[Diagnostic]) -> io::Result<()> {
    if diagnostics.is_empty() {
        return Ok(());
    }
    writeln!(out, "<ul class=\"diagnostics\">")?;
    for d in diagnostics {
        let (class, word) = match d.severity {
            crate::diagnostics::Severity::Error => ("d-error", "error"),
            crate::diagnostics::Severity::Warning => ("d-warning", "warning"),
            crate::diagnostics::Severity::Note => ("d-note", "note"),
        };
        let place = d.span.as_ref().map(|s| format!("{}:{}: ", s.line, s.column)).unwrap_or_default();
        let expected = d.expected.as_ref().map(|e| format!(" (expected {e})")).unwrap_or_default();
        writeln!(
            out,
            "<li class=\"diagnostic {class}\">{}{word}[{}]: {}{}</li>",
            escape(&place),
            escape(d.code.id()),
            escape(&d.message),
            escape(&expected)
        )?;
    }
    writeln!(out, "</ul>")
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

/// A round's line or section; `anchor` is the id the overview's cell links to, inside the round's
/// own `<details>` when it has one, so that the link opens it.
fn write_round(
    out: &mut dyn Write,
    round: &RoundReport,
    system: &str,
    players: &BTreeMap<u32, PlayerLabel>,
    anchor: &str,
) -> io::Result<()> {
    let n = round.round;
    match round.status {
        // A round that matches has nothing to open: a line, not a disclosure.
        RoundStatus::Match => {
            let boards = round.detail.as_ref().map_or(0, |d| d.computed.len());
            writeln!(
                out,
                "<p class=\"round match\" id=\"{anchor}\" data-round=\"{n}\">Round {n}: matches ({boards} boards)</p>"
            )
        }
        RoundStatus::NotChecked => writeln!(
            out,
            "<p class=\"round not-checked\" id=\"{anchor}\" data-round=\"{n}\">Round {n}: not checked: {}</p>",
            escape(round.reason.as_deref().unwrap_or(""))
        ),
        RoundStatus::Mismatch | RoundStatus::NoValidPairing => {
            let severity = round.severity.map_or(String::new(), |s| s.to_string());
            let detail = round.detail.as_ref();
            let headline = match (round.status, detail) {
                (RoundStatus::Mismatch, Some(d)) => {
                    format!(
                        "{} of {} board{} {}",
                        d.differing_computed.len(),
                        d.computed.len(),
                        if d.computed.len() == 1 { "" } else { "s" },
                        if d.differing_computed.len() == 1 { "differs" } else { "differ" }
                    )
                }
                _ => "no pairing satisfies the absolute criteria".to_owned(),
            };
            let criterion = round.criterion.as_deref().map(|c| format!(" ({})", escape(c))).unwrap_or_default();
            writeln!(
                out,
                "<details class=\"round differs\" data-round=\"{n}\" data-severity=\"{severity}\"><summary>Round {n}: {} {}{criterion}</summary><div id=\"{anchor}\"></div>",
                severity_badge(round.severity),
                escape(&headline)
            )?;
            if let Some(why) = &round.explanation {
                writeln!(out, "<p class=\"why\">{}</p>", escape(why))?;
                for detail in &round.details {
                    writeln!(out, "<p class=\"why-detail muted\">{}</p>", escape(detail))?;
                }
            }
            if let Some(detail) = detail {
                // Laid out as the text report is (`super::diff`): a row per differing recorded
                // board beside the computed board that shares a player with it, each with its own
                // board number, and the boards both pairings have folded into one row.
                write!(
                    out,
                    "<div class=\"scroll\"><table class=\"boards\"><thead><tr><th>Board</th><th>Recorded</th><th>Board</th><th>{}</th></tr></thead><tbody>",
                    escape(system)
                )?;
                for line in super::diff::lines(detail) {
                    match line {
                        super::diff::Line::Agree { count, first, last } => write!(
                            out,
                            "<tr class=\"agree\"><td colspan=\"4\" class=\"muted\">{}</td></tr>",
                            escape(&super::diff::agree_text(count, first, last))
                        )?,
                        super::diff::Line::Row { recorded, computed } => {
                            let cells = |side: Option<(usize, Board)>, class: &str| match side {
                                Some((number, board)) => format!(
                                    "<td>{number}</td><td class=\"{class} differs\"><span class=\"pair\">{}</span><span class=\"who\">{}</span></td>",
                                    escape(&board_text(&board)),
                                    escape(&board_players(&board, n, players))
                                ),
                                None => format!("<td></td><td class=\"{class}\"></td>"),
                            };
                            write!(out, "<tr>{}{}</tr>", cells(recorded, "recorded"), cells(computed, "computed"))?;
                        }
                    }
                }
                writeln!(out, "</tbody></table></div>")?;
            }
            writeln!(out, "</details>")
        }
    }
}
