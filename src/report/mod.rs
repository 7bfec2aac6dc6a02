//! What a run tells: per file, as text for people or JSON for programs (SPEC.md; `schema` is [`SCHEMA`]).

pub mod bbp;
pub mod diff;
pub mod html;
pub mod javafo;
pub mod json;
pub mod standings_table;
pub mod table;
pub mod text;

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use crate::diagnostics::render::{self, Style};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::exit::Status;
use crate::formats::Loaded;
use crate::model::{SourceFormat, Tournament};
use crate::systems::Severity;
use crate::systems::pairing::Board;

/// JSON schema number; bumped only when a field is removed or changes meaning. 2: the file's
/// `status` speaks the words of the summary table (`match`, `differs`, `unsupported`,
/// `unreadable`, … for schema 1's `ok`, `mismatch`, `system`, `io`; docs/json.md).
pub const SCHEMA: u32 = 2;

/// Output format of `check`, `validate` and `watch`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    #[default]
    Text,
    Json,
    /// The bbpPairings/JaVaFo checker layout (`check` only).
    Bbp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStatus {
    Match,
    Mismatch,
    NoValidPairing,
    NotChecked,
}

/// One round's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundReport {
    pub round: u32,
    pub status: RoundStatus,
    /// How much a difference matters (`mismatch`, and `no-valid-pairing`, which is `absolute`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub severity: Option<Severity>,
    /// `[white, black]` by pairing number, a PAB as `[player, 0]`, in board order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Vec<[u32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<Vec<[u32; 2]>>,
    /// Why the round differs, in one line of at most [`FIRST_LINE_MAX`] characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// What the explanation rests on, a line each: the numbers behind it, the procedure, the
    /// readings of the rules (docs/output.md, "A differing round"); an added field.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
    /// The criterion or article the explanation rests on (`C12`, `5.2.1`, `art. 4`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub criterion: Option<String>,
    /// The recorded pairing beats the computed one on a criterion: a trfcheck bug.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub engine_bug: bool,
    /// Why a round was not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The boards behind the verdict, for the text and bbpPairings renderings.
    #[serde(skip)]
    pub detail: Option<RoundDetail>,
}

/// The pairings a round verdict compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundDetail {
    /// The pairing computed under the system, in board order.
    pub computed: Vec<crate::systems::pairing::Board>,
    /// The recorded pairing, in board order.
    pub recorded: Vec<crate::systems::pairing::Board>,
    /// The computed boards the record does not have, and the recorded boards of their players, in
    /// board order (the reference checker's two columns).
    pub differing_computed: Vec<crate::systems::pairing::Board>,
    pub differing_recorded: Vec<crate::systems::pairing::Board>,
}

impl RoundReport {
    /// A round whose recorded pairing is the computed one.
    pub fn matched(round: u32, computed: Vec<Board>, recorded: Vec<Board>) -> RoundReport {
        RoundReport {
            detail: Some(RoundDetail {
                computed,
                recorded,
                differing_computed: Vec::new(),
                differing_recorded: Vec::new(),
            }),
            ..RoundReport::bare(round, RoundStatus::Match)
        }
    }

    /// A round that no pairing satisfying the absolute criteria exists for, so the recorded one
    /// breaks one of them (`absolute`). No one criterion is named: the absolute criteria together
    /// admit no pairing.
    pub fn no_valid_pairing(round: u32, recorded: Vec<Board>, explanation: &str) -> RoundReport {
        RoundReport {
            severity: Some(Severity::Absolute),
            recorded: Some(recorded.iter().map(Board::as_pair).collect()),
            explanation: Some(explanation.to_owned()),
            detail: Some(RoundDetail {
                computed: Vec::new(),
                recorded,
                differing_computed: Vec::new(),
                differing_recorded: Vec::new(),
            }),
            ..RoundReport::bare(round, RoundStatus::NoValidPairing)
        }
    }

    pub fn not_checked(round: u32, reason: String) -> RoundReport {
        RoundReport { reason: Some(reason), ..RoundReport::bare(round, RoundStatus::NotChecked) }
    }

    /// A report of `round` with `status` and nothing else, for the constructors to fill in.
    fn bare(round: u32, status: RoundStatus) -> RoundReport {
        RoundReport {
            round,
            status,
            severity: None,
            expected: None,
            recorded: None,
            explanation: None,
            details: Vec::new(),
            criterion: None,
            engine_bug: false,
            reason: None,
            detail: None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub rounds_checked: u32,
    pub mismatched_rounds: Vec<u32>,
    /// Rounds given no verdict (`not-checked`, each with its reason), when the engine ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_checked_rounds: Vec<u32>,
    /// The rounds the file records (paired): the M of "N of M rounds checked".
    pub rounds_recorded: u32,
    /// Recorded rounds left out by `--rounds`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_requested_rounds: Vec<u32>,
    /// The differing rounds by severity.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub rounds_by_severity: std::collections::BTreeMap<Severity, Vec<u32>>,
}

/// What the file says about the event: the header records and the size of the field.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Event {
    /// 012
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// 022
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// 042, `YYYY/MM/DD` when it could be read, else as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_date: Option<String>,
    /// 052
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    pub players: usize,
    /// Rounds paired in the file.
    pub rounds: u32,
    /// The number of rounds the file declares (142, XXR), when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_declared: Option<u32>,
}

impl Event {
    pub fn of(t: &Tournament) -> Event {
        let date = |d: &Option<crate::model::DateText>| {
            d.as_ref().map(|d| match d {
                crate::model::DateText::Date(date) => date.to_string(),
                crate::model::DateText::Text(text) => text.clone(),
            })
        };
        let text = |s: &Option<String>| s.as_ref().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        Event {
            name: text(&t.header.name),
            city: text(&t.header.city),
            start_date: date(&t.header.start_date),
            end_date: date(&t.header.end_date),
            players: t.players.len(),
            rounds: t.rounds_paired(),
            rounds_declared: t.header.rounds,
        }
    }

    /// `2021/03/05–2021/03/07`, one date, or nothing.
    pub fn dates(&self) -> String {
        match (&self.start_date, &self.end_date) {
            (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
            (Some(a), _) | (None, Some(a)) => a.clone(),
            (None, None) => String::new(),
        }
    }
}

/// The time now, RFC 3339 in the system's time zone with its offset (`2026-11-29T20:30:01+01:00`):
/// when an audit record (the HTML report's head, `serve`'s database) says it was made.
pub fn local_time_now() -> String {
    jiff::Zoned::now().strftime("%Y-%m-%dT%H:%M:%S%:z").to_string()
}

/// A player as the HTML report's boards show one beside the number: the name, the rating, and the
/// points after each round (as the system counts rounds: a Double-Swiss round is a match).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLabel {
    pub name: String,
    pub rating: Option<u32>,
    pub points_after: Vec<crate::model::Points>,
}

impl PlayerLabel {
    /// The labels of the players of an individual tournament (none for a team one, whose boards
    /// number teams).
    pub fn of(t: &crate::model::Tournament) -> BTreeMap<u32, PlayerLabel> {
        if t.is_team_tournament() {
            return BTreeMap::new();
        }
        let rounds = t.rounds_paired();
        t.players
            .iter()
            .map(|p| {
                let mut total = crate::model::Points::ZERO;
                let points_after = (1..=rounds)
                    .map(|r| {
                        total += t.round_points(p, r);
                        total
                    })
                    .collect();
                (p.id, PlayerLabel { name: p.name.clone(), rating: p.rating, points_after })
            })
            .collect()
    }

    /// `Name (rating, points before round n)`.
    pub fn before_round(&self, round: u32) -> String {
        let points = match round {
            0 | 1 => crate::model::Points::ZERO,
            r => self.points_after.get(r as usize - 2).copied().unwrap_or_default(),
        };
        match self.rating {
            Some(rating) => format!("{} ({rating}, {points})", self.name),
            None => format!("{} ({points})", self.name),
        }
    }
}

/// The outcome of `check` for one file.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub schema: u32,
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<SourceFormat>,
    /// The system checked under, where it came from and why, and when the rules checked are only
    /// the nearest trfcheck has (not those in force then), why: the JSON's `system`,
    /// `system_source`, `system_reason` and `system_caveat` ([`system_fields`]).
    #[serde(flatten, serialize_with = "system_fields")]
    pub resolved: Option<crate::systems::Resolved>,
    /// When the system is of another game than the file (a draughts system on a chess file, or a
    /// chess system on a draughts file), the warning that names both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_warning: Option<String>,
    /// The FMJD organiser's options used, each with where it came from (flag, XDO record, default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<crate::systems::system::UsedOption>>,
    /// The event's name, city, dates, players and rounds, when the file could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<Event>,
    pub rounds: Vec<RoundReport>,
    pub summary: Summary,
    /// The worst severity of the differing rounds; `null` when none differs.
    pub worst_severity: Option<Severity>,
    /// When most rounds differ, what the data suggests, each computed (`crate::identify`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    /// Warnings about the run rather than the file (a flag the system ignores), which the text
    /// formats print on stderr.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    pub status: Status,
    /// What stopped the check, when something did (unreadable file, invalid file, no system, no engine).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// The final standings of an FMJD system (section 5 and the tie-breaks of 3.1); an added field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standings: Option<crate::standings::Standings>,
    /// The verdict on the ranks a chess file states (C.07), written as `standings` too: a file has
    /// one or the other, never both.
    #[serde(rename = "standings", skip_serializing_if = "Option::is_none")]
    pub ranks: Option<crate::standings::fide::check::RankCheck>,
    /// Who the numbers of the boards are, for the pages people read (the HTML report): not in the
    /// JSON, which names players by their numbers.
    #[serde(skip)]
    pub players: BTreeMap<u32, PlayerLabel>,
}

/// The system of a check report as its JSON gives it (docs/json.md): `system`, `system_source`
/// and `system_reason`, `null` when no system was settled, and `system_caveat` when there is one.
fn system_fields<S: serde::Serializer>(
    resolved: &Option<crate::systems::Resolved>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let caveat = resolved.as_ref().and_then(|r| r.caveat.as_ref());
    let mut map = serializer.serialize_map(Some(3 + usize::from(caveat.is_some())))?;
    map.serialize_entry("system", &resolved.as_ref().map(|r| r.system))?;
    map.serialize_entry("system_source", &resolved.as_ref().map(|r| &r.source))?;
    map.serialize_entry("system_reason", &resolved.as_ref().map(|r| &r.reason))?;
    if let Some(caveat) = caveat {
        map.serialize_entry("system_caveat", caveat)?;
    }
    map.end()
}

impl CheckReport {
    /// The verdict on the ranks the file states: a chess file's under C.07, or a draughts file's
    /// places under FMJD Annex 5 section 5 (kept with its standings).
    pub fn rank_check(&self) -> Option<&crate::standings::verdict::RankCheck> {
        self.ranks.as_ref().or_else(|| self.standings.as_ref().and_then(|s| s.ranks.as_ref()))
    }

    /// The system the file was checked under, once it was settled.
    pub fn system(&self) -> Option<crate::systems::SystemId> {
        self.resolved.as_ref().map(|r| r.system)
    }

    pub fn new(file: String) -> CheckReport {
        CheckReport {
            schema: SCHEMA,
            file,
            format: None,
            resolved: None,
            system_warning: None,
            options: None,
            event: None,
            rounds: Vec::new(),
            summary: Summary::default(),
            worst_severity: None,
            hints: Vec::new(),
            warnings: Vec::new(),
            status: Status::Ok,
            error: None,
            diagnostics: Vec::new(),
            standings: None,
            ranks: None,
            players: BTreeMap::new(),
        }
    }

    /// One line, for `watch` and logs: "N of M rounds checked", the rounds not checked and why, and
    /// the differing rounds by severity, the worst first.
    pub fn summary_line(&self) -> String {
        let errors = self.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = self.diagnostics.iter().filter(|d| d.severity == crate::diagnostics::Severity::Warning).count();
        let findings = match (errors, warnings) {
            (0, 0) => String::new(),
            (e, w) => format!(" [{e} error{}, {w} warning{}]", plural(e), plural(w)),
        };
        let system = match &self.resolved {
            Some(r) if r.caveat.is_some() => {
                format!(" {} (the nearest rules trfcheck has; the event predates them):", r.system)
            }
            Some(r) => format!(" {}:", r.system),
            None => String::new(),
        };
        let verdict = match &self.error {
            Some(error) => error.clone(),
            None => self.rounds_verdict(),
        };
        // A wrong rank fails the file even when every round matches: the line says so.
        let standings = match self.rank_check() {
            Some(ranks) if ranks.status == crate::standings::fide::check::RankStatus::Mismatch => {
                let n = ranks.findings.len();
                format!("; standings differ ({n} finding{})", plural(n))
            }
            _ => String::new(),
        };
        format!("{}:{system} {verdict}{standings}{findings}", self.file)
    }

    /// "N of M rounds checked" with what was left out and why, then the verdict on those checked.
    fn rounds_verdict(&self) -> String {
        let summary = &self.summary;
        let mut head = format!(
            "{} of {} round{} checked",
            summary.rounds_checked,
            summary.rounds_recorded,
            plural(summary.rounds_recorded as usize)
        );
        let mut left_out = Vec::new();
        if !summary.not_requested_rounds.is_empty() {
            left_out.push(format!("{} not asked for by --rounds", rounds_text(&summary.not_requested_rounds)));
        }
        // The reasons of the rounds not checked, each once, with its rounds; a reason's details
        // after its first clause (the players of each round) are in the round's own line.
        let mut reasons: Vec<(&str, Vec<u32>)> = Vec::new();
        for round in self.rounds.iter().filter(|r| r.status == RoundStatus::NotChecked) {
            let reason = round.reason.as_deref().unwrap_or("no reason given");
            let reason = reason.split_once("; ").map_or(reason, |(first, _)| first);
            match reasons.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, rounds)) => rounds.push(round.round),
                None => reasons.push((reason, vec![round.round])),
            }
        }
        for (reason, rounds) in reasons {
            left_out.push(format!("{} not checked: {reason}", rounds_text(&rounds)));
        }
        if !left_out.is_empty() {
            head = format!("{head} ({})", left_out.join("; "));
        }
        let differing = summary.mismatched_rounds.len();
        if differing == 0 {
            // "all match" of one round reads wrong: a single round "matches".
            let verdict = if summary.rounds_checked == 1 { "it matches" } else { "all match" };
            return format!("{head}: {verdict}");
        }
        let classes: Vec<String> = Severity::WORST_FIRST
            .iter()
            .filter_map(|&severity| {
                let rounds = summary.rounds_by_severity.get(&severity)?;
                let label = match severity {
                    Severity::Order => "order only".to_owned(),
                    Severity::Colours => "colours only".to_owned(),
                    Severity::Absolute | Severity::Quality => {
                        // The criterion of each round, and for an absolute difference what it breaks.
                        let why: Vec<String> = rounds
                            .iter()
                            .filter_map(|&r| self.rounds.iter().find(|x| x.round == r))
                            .map(|r| {
                                match (severity, r.criterion.as_deref(), r.explanation.as_deref()) {
                                    (Severity::Absolute, Some(criterion), Some(text)) => {
                                        format!("{criterion}: {}", short_explanation(criterion, text))
                                    }
                                    // A round with no legal pairing names no one criterion.
                                    (Severity::Absolute, None, Some(text)) => text.to_owned(),
                                    (_, criterion, _) => criterion.unwrap_or("?").to_owned(),
                                }
                            })
                            .collect();
                        let mut why_unique: Vec<String> = Vec::new();
                        for w in why {
                            if !why_unique.contains(&w) {
                                why_unique.push(w);
                            }
                        }
                        format!("{severity} ({})", why_unique.join("; "))
                    }
                };
                Some(format!("{}: {label}", rounds_text(rounds)))
            })
            .collect();
        let verb = if differing == 1 { "differs" } else { "differ" };
        format!("{head}: {differing} {verb} — {}", classes.join("; "))
    }
}

/// The explanation without the criterion it starts with (the summary names the criterion first).
fn short_explanation<'a>(criterion: &str, text: &'a str) -> &'a str {
    let rest = match text.find(criterion) {
        Some(at) if at < 16 => &text[at + criterion.len()..],
        _ => return text,
    };
    let rest = rest.trim_start_matches([':', ' ']);
    // "C2 (3.1.2, no second pairing-allocated bye): the record …": the article's title goes too.
    match rest.strip_prefix('(').and_then(|r| r.split_once("): ")) {
        Some((_, after)) => after,
        None => rest,
    }
}

/// The longest first line of an explanation, in characters: the `why:` line stays under about 200
/// (docs/output.md, "A differing round").
pub const FIRST_LINE_MAX: usize = 200;

/// An engine's explanation as its first line and its details. The engines put the details on lines
/// of their own (after `\n`). A first line still longer than [`FIRST_LINE_MAX`] loses the title of
/// its criterion first (`C5 (3.3.1, minimise the number of upfloaters): …` becomes `C5: …`, the
/// title a detail), then is cut at the last clause boundary outside brackets (`; `, ` — `, `: `,
/// `, `, a space) that fits, the rest becoming the first detail.
pub fn explanation_lines(text: &str) -> (String, Vec<String>) {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut first = lines.next().unwrap_or_default().to_owned();
    let mut details: Vec<String> = lines.map(str::to_owned).collect();
    let fits = |line: &str| line.chars().count() <= FIRST_LINE_MAX;
    if fits(&first) {
        return (first, details);
    }
    if let Some((criterion, rest)) = first.split_once(" (")
        && !criterion.contains(' ')
        && let Some((title, after)) = rest.split_once("): ")
    {
        details.insert(0, format!("{criterion}: {title}"));
        first = format!("{criterion}: {after}");
        if fits(&first) {
            return (first, details);
        }
    }
    // The byte offset of the character at FIRST_LINE_MAX - 1 (room for a closing `:` or `…`), and
    // the separators outside brackets before it.
    let limit = first.char_indices().nth(FIRST_LINE_MAX - 1).map_or(first.len(), |(i, _)| i);
    let mut depth = 0i32;
    let mut outside = vec![false; limit];
    for (i, c) in first[..limit].char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        outside[i] = depth <= 0;
    }
    let window = &first[..limit];
    let cut = ["; ", " — ", ": ", ", ", " "].iter().find_map(|sep| {
        window
            .match_indices(sep)
            .map(|(at, _)| at)
            .filter(|&at| at >= FIRST_LINE_MAX / 4 && outside[at])
            .last()
            .map(|at| (at, *sep))
    });
    let (head, rest) = match cut {
        Some((at, ": ")) => (format!("{}:", &first[..at]), first[at + 2..].to_owned()),
        Some((at, sep)) => (format!("{} …", &first[..at]), first[at + sep.len()..].to_owned()),
        None => (format!("{window}…"), first[limit..].to_owned()),
    };
    details.insert(0, rest.trim().to_owned());
    (head, details)
}

/// `round 9`, `rounds 1–3, 5`: runs of consecutive rounds joined.
pub fn rounds_text(rounds: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &r in rounds {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == r => *last = r,
            _ => runs.push((r, r)),
        }
    }
    let listed: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a}–{b}"),
        })
        .collect();
    let word = if rounds.len() == 1 { "round" } else { "rounds" };
    format!("{word} {}", listed.join(", "))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The outcome of `validate` for one file.
#[derive(Clone, Debug, Serialize)]
pub struct ValidationReport {
    pub schema: u32,
    pub file: String,
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<SourceFormat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<crate::formats::source::Encoding>,
    pub players: usize,
    pub rounds_paired: u32,
    /// The event's name, city, dates, players and rounds, when the file could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<Event>,
    /// The next round, when the file carries its markers (byes and absences set in advance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_to_pair: Option<u32>,
    /// A team tournament's structure as read: teams, boards, the 192 code, and the match results
    /// of every round computed from the games (docs/json.md, "Team tournaments").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<crate::validate::teams::TeamResults>,
    pub errors: usize,
    pub warnings: usize,
    /// `valid`, `invalid`, `unreadable`, `nothing-to-check` (the words of `validate`'s table).
    #[serde(serialize_with = "validation_status")]
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A validation's status by the words of `validate`'s table: a good file is `valid`, not `match`.
fn validation_status<S: serde::Serializer>(status: &Status, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&table::status_name(*status, table::Mode::Validate))
}

impl ValidationReport {
    /// The validation as a check report without rounds, for the HTML page of `validate --report`.
    pub fn as_check_report(&self) -> CheckReport {
        let mut report = CheckReport::new(self.file.clone());
        report.format = self.format;
        report.event = self.event.clone();
        report.summary.rounds_recorded = self.rounds_paired;
        report.status = self.status;
        report.error = self.error.clone().or_else(|| (!self.valid).then(|| self.summary_line()));
        report.diagnostics = self.diagnostics.clone();
        report
    }

    pub fn summary_line(&self) -> String {
        if let Some(error) = &self.error {
            return format!("{}: {error}", self.file);
        }
        let verdict = if self.valid { "valid" } else { "invalid" };
        let pending = self.round_to_pair.map(|r| format!(", round {r} to pair")).unwrap_or_default();
        let teams = self.teams.as_ref().map(|t| format!(" in {} team{}", t.count, plural(t.count))).unwrap_or_default();
        format!(
            "{}: {verdict} ({} player{}{teams}, {} round{} paired{pending}; {} error{}, {} warning{})",
            self.file,
            self.players,
            plural(self.players),
            self.rounds_paired,
            plural(self.rounds_paired as usize),
            self.errors,
            plural(self.errors),
            self.warnings,
            plural(self.warnings)
        )
    }
}

/// Writes rendered findings (to stderr in the CLI) for one file.
pub fn write_diagnostics(
    out: &mut dyn Write,
    loaded: Option<&Loaded>,
    path: &str,
    diagnostics: &Diagnostics,
    style: Style,
) -> io::Result<()> {
    for diagnostic in diagnostics {
        let text =
            render::render(path, loaded.map(|l| &l.source as &dyn crate::diagnostics::SourceLines), diagnostic, style);
        writeln!(out, "{text}")?;
    }
    Ok(())
}

/// One JSON object per line, with U+2028 and U+2029 escaped: JSON allows them raw in strings, but
/// readers that split lines by Unicode's line terminators (JavaScript before ES2019, Python's
/// `str.splitlines`) would cut the object in two.
pub fn write_json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, LineSafe);
    value.serialize(&mut serializer).map_err(io::Error::other)?;
    writeln!(out)
}

/// serde_json's compact layout, with the Unicode line and paragraph separators escaped.
struct LineSafe;

impl serde_json::ser::Formatter for LineSafe {
    fn write_string_fragment<W: ?Sized + Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(['\u{2028}', '\u{2029}']) {
            writer.write_all(&rest.as_bytes()[..at])?;
            let separator = rest[at..].chars().next().unwrap_or_default();
            write!(writer, "\\u{:04x}", u32::from(separator))?;
            rest = &rest[at + separator.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_escape_the_unicode_line_separators() {
        let mut out = Vec::new();
        let value = serde_json::json!({"event": "Open\u{2028}2026\u{2029}\"x\"", "n": 1});
        write_json_line(&mut out, &value).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "{\"event\":\"Open\\u20282026\\u2029\\\"x\\\"\",\"n\":1}\n");
        assert_eq!(text.lines().count(), 1);
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
