//! Pairing systems: their identifiers, and which one a tournament declares.
//!
//! SPEC: the declared system comes from record 192 (and 092 where it holds a 192 code, as
//! bbpPairings writes it), from free text in 092 that names Dubov or Dutch, or from `--system`.
//! `FIDE_DUTCH` / `FIDE_DUBOV` without a year resolve by the tournament's dates to the rules in
//! force then. When nothing declares the system, the one assumed is said, with the reason.

pub mod common;
pub mod dubov;
pub mod dubov1997;
pub mod dutch;
pub mod dutch2012;
pub mod engine;
pub mod fmjd;
mod game;
pub mod outcome;
pub mod pairing;
pub mod severity;
pub mod system;
pub mod team;

use std::fmt;

use serde::Serialize;

use crate::model::{Date, Tournament};
pub use engine::Engine;
pub use game::{GameDeclaration, cross_game_warning, declared_game, is_draughts};
pub use outcome::{Explanation, NoValidPairing, PairFailure};
pub use severity::Severity;
pub use system::System;

/// The systems trfcheck knows, by the identifiers used everywhere (CLI, JSON, docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
#[value(rename_all = "kebab-case")]
pub enum SystemId {
    /// FIDE Dutch, C.04.3 in force from 1 Feb 2026.
    #[value(name = "dutch-2025")]
    #[serde(rename = "dutch-2025")]
    Dutch2025,
    /// FIDE Dutch, Baku 2016 / Goynuk 2017, 1 Jul 2017 – 31 Jan 2026.
    #[value(name = "dutch-2017")]
    #[serde(rename = "dutch-2017")]
    Dutch2017,
    /// FIDE Dutch, Istanbul 2012, until 30 Jun 2017.
    #[value(name = "dutch-2012")]
    #[serde(rename = "dutch-2012")]
    Dutch2012,
    /// FIDE Dubov, C.04.4.1, applied from 1 Jul 2025.
    #[value(name = "dubov-2025")]
    #[serde(rename = "dubov-2025")]
    Dubov2025,
    /// FIDE Dubov as approved in 1997.
    #[value(name = "dubov-1997")]
    #[serde(rename = "dubov-1997")]
    Dubov1997,
    /// FMJD Swiss on rating (Annex 5, 2013, appendix A).
    FmjdRating,
    /// FMJD Swiss on Solkoff (appendix B).
    FmjdSolkoff,
    /// KNDB Swiss on Solkoff (5.3).
    KndbSolkoff,
    /// FIDE Swiss Team Pairing System, C.04.6 approved 28 Oct 2025, applied from 1 Feb 2026.
    #[value(name = "team-2025")]
    #[serde(rename = "team-2025")]
    Team2025,
    /// The same, edition approved 27 Jul 2024, applied 1 Aug 2024 – 31 Jan 2026.
    #[value(name = "team-2024")]
    #[serde(rename = "team-2024")]
    Team2024,
}

impl SystemId {
    pub const ALL: [SystemId; 10] = [
        SystemId::Dutch2025,
        SystemId::Dutch2017,
        SystemId::Dutch2012,
        SystemId::Dubov2025,
        SystemId::Dubov1997,
        SystemId::FmjdRating,
        SystemId::FmjdSolkoff,
        SystemId::KndbSolkoff,
        SystemId::Team2025,
        SystemId::Team2024,
    ];

    /// The systems that pair players: [`SystemId::ALL`] but its last two, the team systems.
    pub const INDIVIDUAL: &'static [SystemId] = SystemId::ALL.split_at(SystemId::ALL.len() - 2).0;

    pub fn id(self) -> &'static str {
        match self {
            SystemId::Dutch2025 => "dutch-2025",
            SystemId::Dutch2017 => "dutch-2017",
            SystemId::Dutch2012 => "dutch-2012",
            SystemId::Dubov2025 => "dubov-2025",
            SystemId::Dubov1997 => "dubov-1997",
            SystemId::FmjdRating => "fmjd-rating",
            SystemId::FmjdSolkoff => "fmjd-solkoff",
            SystemId::KndbSolkoff => "kndb-solkoff",
            SystemId::Team2025 => "team-2025",
            SystemId::Team2024 => "team-2024",
        }
    }

    /// The TRF-2026 192 code trfcheck writes for this system. The FMJD codes are trfcheck's own
    /// (the FIDE code table has none for draughts; it says the list is open).
    pub fn code(self) -> &'static str {
        match self {
            SystemId::Dutch2025 => "FIDE_DUTCH_2025",
            SystemId::Dutch2017 => "FIDE_DUTCH_2017",
            SystemId::Dutch2012 => "FIDE_DUTCH_2012",
            SystemId::Dubov2025 => "FIDE_DUBOV_2025",
            SystemId::Dubov1997 => "FIDE_DUBOV_1997",
            SystemId::FmjdRating => "FMJD_SWISS_RATING",
            SystemId::FmjdSolkoff => "FMJD_SWISS_SOLKOFF",
            SystemId::KndbSolkoff => "KNDB_SWISS_SOLKOFF",
            // C.04.6's defaults (1.2.2, 1.7): Type A preferences, match points, game points for
            // colours.
            SystemId::Team2025 | SystemId::Team2024 => "FIDE_TEAM_TYPEA_MP_GP",
        }
    }

    /// One of the FMJD Swiss systems for draughts (they take the organiser's options of Annex 5).
    pub fn is_fmjd(self) -> bool {
        matches!(self, SystemId::FmjdRating | SystemId::FmjdSolkoff | SystemId::KndbSolkoff)
    }

    /// One of the editions of the FIDE Swiss Team Pairing System (C.04.6): teams are paired.
    pub fn is_team(self) -> bool {
        matches!(self, SystemId::Team2025 | SystemId::Team2024)
    }

    pub fn from_id(id: &str) -> Option<SystemId> {
        SystemId::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The system a tournament is checked under, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolved {
    pub system: SystemId,
    /// Where it came from: `--system`, `192 record`, `092 record`, or `assumed`.
    pub source: String,
    /// A sentence saying why, including how a year-less code was dated.
    pub reason: String,
    /// Baku acceleration declared (a `_BAKU` code, or CPPDubovSystem's `ACC true`).
    pub baku: bool,
    /// Said in every output when the rules checked are not the ones the event was paired under
    /// (a Dutch event before the Istanbul rules took effect is checked under them).
    pub caveat: Option<String>,
}

/// Why no system could be settled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SystemError {
    #[error("{source_text} declares `{code}`, which trfcheck does not support (it checks {})", supported_list())]
    Unsupported { code: String, source_text: String },
    #[error("{source_text} declares `{code}`, which does not follow the FIDE_TEAM code grammar: {error}")]
    BadTeamCode { code: String, source_text: String, error: String },
    #[error(
        "--system {system} pairs teams, and this is not a team tournament (no FIDE_TEAM code, no 310/013 team records)"
    )]
    TeamSystemForIndividuals { system: SystemId },
    #[error("{source_text} declares `{code}`, which is not a pairing system trfcheck knows")]
    UnknownCode { code: String, source_text: String },
    #[error("{0}")]
    NotInferable(String),
}

fn supported_list() -> String {
    SystemId::ALL.iter().map(|s| s.id()).collect::<Vec<_>>().join(", ")
}

/// Codes of the FIDE table (and its variants) that name systems trfcheck does not pair.
const UNSUPPORTED_PREFIXES: [&str; 10] = [
    "FIDE_BURSTEIN",
    "FIDE_LIM",
    "CUSTOM_",
    "FIDE_DOUBLESWISS",
    "BERGER_",
    "FIDE_ROUNDROBIN",
    "FIDE_DOUBLEROUNDROBIN",
    "FIDE_SCHILLER",
    "FIDE_SCHEVENINGEN",
    "FIDE_TEAM",
];

/// The date that decides which version of a system was in force: the start date (042), else the
/// first round date (132), else the end date (052).
pub fn tournament_date(t: &Tournament) -> Option<(Date, &'static str)> {
    let h = &t.header;
    if let Some(date) = h.start_date.as_ref().and_then(|d| d.date()) {
        return Some((date, "start date (042)"));
    }
    if let Some(date) = h.round_dates.iter().flatten().find_map(|d| d.date()) {
        return Some((date, "first round date (132)"));
    }
    h.end_date.as_ref().and_then(|d| d.date()).map(|date| (date, "end date (052)"))
}

fn dutch_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
    match date {
        Some((date, what)) => {
            let system = if date < (Date { year: 2017, month: 7, day: 1 }) {
                SystemId::Dutch2012
            } else if date < (Date { year: 2026, month: 2, day: 1 }) {
                SystemId::Dutch2017
            } else {
                SystemId::Dutch2025
            };
            (system, format!("the Dutch rules in force on the {what}, {date}"))
        }
        None => (SystemId::Dutch2025, "no readable date in the file, so the Dutch rules in force now".to_owned()),
    }
}

/// The 2024 edition of C.04.6 was applied from 1 August 2024, the 2026 one from 1 February 2026.
fn team_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
    match date {
        Some((date, what)) => {
            let system =
                if date < (Date { year: 2026, month: 2, day: 1 }) { SystemId::Team2024 } else { SystemId::Team2025 };
            (system, format!("the edition in force on the {what}, {date}"))
        }
        None => (SystemId::Team2025, "no readable date in the file, so the edition in force now".to_owned()),
    }
}

/// The first edition of the FIDE Swiss Team Pairing System (C.04.6) was applied from 1 August 2024.
const TEAM_2024_IN_FORCE: Date = Date { year: 2024, month: 8, day: 1 };

fn dubov_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
    match date {
        Some((date, what)) => {
            let system =
                if date < (Date { year: 2025, month: 7, day: 1 }) { SystemId::Dubov1997 } else { SystemId::Dubov2025 };
            (system, format!("the Dubov rules in force on the {what}, {date}"))
        }
        None => (SystemId::Dubov2025, "no readable date in the file, so the Dubov rules in force now".to_owned()),
    }
}

/// Reads a 192 code (also found in 092, where bbpPairings writes it).
fn from_code(code: &str, t: &Tournament, source_text: &str) -> Result<Option<(SystemId, String, bool)>, SystemError> {
    let upper = code.trim().to_ascii_uppercase();
    let (base, baku) = match upper.strip_suffix("_BAKU") {
        Some(base) => (base.to_owned(), true),
        None => (upper.clone(), false),
    };
    let date = tournament_date(t);
    let found = match base.as_str() {
        "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => (SystemId::Dutch2025, format!("{source_text} names the 2025 rules")),
        "FIDE_DUTCH_2017" => (SystemId::Dutch2017, format!("{source_text} names the 2017 rules")),
        "FIDE_DUTCH_2012" => (SystemId::Dutch2012, format!("{source_text} names the 2012 rules")),
        "FIDE_DUBOV_2025" => (SystemId::Dubov2025, format!("{source_text} names the 2025 rules")),
        "FIDE_DUBOV_1997" => (SystemId::Dubov1997, format!("{source_text} names the 1997 rules")),
        "FIDE_DUTCH" => {
            let (system, why) = dutch_by_date(date);
            (system, format!("{source_text} says FIDE_DUTCH without a year: {why}"))
        }
        "FIDE_DUBOV" => {
            let (system, why) = dubov_by_date(date);
            (system, format!("{source_text} says FIDE_DUBOV without a year: {why}"))
        }
        "FMJD_SWISS_RATING" => (SystemId::FmjdRating, format!("{source_text} names it")),
        "FMJD_SWISS_SOLKOFF" => (SystemId::FmjdSolkoff, format!("{source_text} names it")),
        "KNDB_SWISS_SOLKOFF" => (SystemId::KndbSolkoff, format!("{source_text} names it")),
        _ => {
            if crate::model::team::is_team_code(&base) {
                return match crate::model::TeamSystemCode::parse(&upper) {
                    Some(Ok(_)) => {
                        let (system, why) = team_by_date(date);
                        Ok(Some((
                            system,
                            format!("{source_text} names the FIDE Swiss Team Pairing System: {why}"),
                            baku,
                        )))
                    }
                    Some(Err(error)) => Err(SystemError::BadTeamCode {
                        code: code.trim().to_owned(),
                        source_text: source_text.to_owned(),
                        error: error.to_string(),
                    }),
                    // A team code that is not C.04.6's (a team round robin, a custom team Swiss).
                    None => Err(SystemError::Unsupported {
                        code: code.trim().to_owned(),
                        source_text: source_text.to_owned(),
                    }),
                };
            }
            if UNSUPPORTED_PREFIXES.iter().any(|p| base.starts_with(p)) || base.starts_with("WORLDCUP_") {
                return Err(SystemError::Unsupported {
                    code: code.trim().to_owned(),
                    source_text: source_text.to_owned(),
                });
            }
            return Ok(None);
        }
    };
    Ok(Some((found.0, found.1, baku)))
}

/// The Istanbul 2012 Dutch rules took effect on 1 July 2013 (C.04.3.1, agreed in Istanbul 2012 and
/// applied from then; the Tallinn 2013 edition is the text in `rules/dutch-2012.txt`).
const DUTCH_2012_IN_FORCE: Date = Date { year: 2013, month: 7, day: 1 };

/// Why the rules `system` are only the nearest trfcheck has for this tournament, when they are.
///
/// A Dutch event that started before 1 July 2013 was paired under the rules before Istanbul (the
/// 1998 text with the 2001 additions A.7.d/e); trfcheck checks it under the 2012 rules, the
/// nearest it has, and says so (docs/dutch-2012.md).
pub fn caveat(system: SystemId, t: &Tournament) -> Option<String> {
    if system == SystemId::Team2024 {
        let (date, what) = tournament_date(t)?;
        return (date < TEAM_2024_IN_FORCE).then(|| {
            format!(
                "the {what} {date} is before 1 August 2024, when the FIDE Swiss Team Pairing System (C.04.6) was \
                 first applied: the event was paired under other rules; it is checked under team-2024, the earliest \
                 edition"
            )
        });
    }
    if system != SystemId::Dutch2012 {
        return None;
    }
    let (date, what) = tournament_date(t)?;
    (date < DUTCH_2012_IN_FORCE).then(|| {
        format!(
            "the {what} {date} is before 1 July 2013, when the Istanbul 2012 Dutch rules took effect: the event was \
             paired under the earlier rules (the 1998 text with the 2001 additions A.7.d/e), which trfcheck does not \
             have; it is checked under dutch-2012, the nearest rules trfcheck has, not the ones in force then"
        )
    })
}

/// Settles the system a tournament is checked under.
pub fn resolve(t: &Tournament, chosen: Option<SystemId>) -> Result<Resolved, SystemError> {
    let mut resolved = resolve_system(t, chosen)?;
    resolved.caveat = caveat(resolved.system, t);
    if resolved.system.is_team() {
        if !t.is_team_tournament() {
            return Err(SystemError::TeamSystemForIndividuals { system: resolved.system });
        }
        return Ok(resolved);
    }
    if t.is_team_tournament() {
        // Only --system gets here with a team tournament: it is checked as the user asked, and
        // every output says what that means.
        resolved.caveat = Some(format!(
            "a team tournament checked as an individual Swiss under --system {}: players are paired, not teams; \
             --system team-2025 or team-2024 pairs the teams (C.04.6)",
            resolved.system
        ));
    }
    Ok(resolved)
}

fn resolve_system(t: &Tournament, chosen: Option<SystemId>) -> Result<Resolved, SystemError> {
    let acc = t.header.baku_acceleration_flag;
    if let Some(system) = chosen {
        return Ok(Resolved {
            system,
            source: "--system".into(),
            reason: "chosen with --system".into(),
            baku: acc,
            caveat: None,
        });
    }
    // A system the file declares is the one it is checked under, whatever its game: a chess
    // system declared on a draughts file is checked as declared (with the cross-game warning).
    if let Some(resolved) = declared_system(t)? {
        return Ok(resolved);
    }
    // A draughts tournament (by its source, its XDK record or trfcheck's other draughts records)
    // that names no system is never checked under an assumed chess system: the three FMJD
    // systems pair the same event differently, and nothing says which one paired it.
    if game::is_draughts(t) {
        return Err(SystemError::NotInferable(DRAUGHTS_WITHOUT_SYSTEM.into()));
    }
    if !t.teams.is_empty() {
        let (system, why) = team_by_date(tournament_date(t));
        return Ok(Resolved {
            system,
            source: "assumed".into(),
            reason: format!(
                "a team tournament (310/013 records) with no 192 code, so the FIDE Swiss Team Pairing System is \
                 assumed with its defaults (match points, game points for colours, Type A preferences: C.04.6 1.2.2, \
                 1.7): {why}"
            ),
            baku: acc,
            caveat: None,
        });
    }
    let (system, why) = dutch_by_date(tournament_date(t));
    Ok(Resolved {
        system,
        source: "assumed".into(),
        reason: format!(
            "nothing declares the system (no 192 record, and 092 names none), so the FIDE Dutch system is assumed, \
             as most rated Swiss events use it: {why}"
        ),
        baku: acc,
        caveat: None,
    })
}

/// Why a draughts tournament that declares no system is not checked: the same words for an FMJD
/// crosstable and for its conversion to TRF, so that both forms of one event get one verdict.
pub const DRAUGHTS_WITHOUT_SYSTEM: &str = "the file is a draughts tournament and does not say which FMJD Swiss system \
     paired it; choose one with --system fmjd-rating, fmjd-solkoff or kndb-solkoff";

/// The system the file's own records declare: record 192, else a 192 code in 092 (as bbpPairings
/// writes it), else 092 free text that names Dubov or Dutch. `None` when they declare none.
fn declared_system(t: &Tournament) -> Result<Option<Resolved>, SystemError> {
    let acc = t.header.baku_acceleration_flag;
    if let Some(code) = &t.header.system_code {
        return match from_code(code, t, "record 192")? {
            Some((system, reason, baku)) => {
                Ok(Some(Resolved { system, source: "192 record".into(), reason, baku: baku || acc, caveat: None }))
            }
            None => Err(SystemError::UnknownCode { code: code.clone(), source_text: "record 192".into() }),
        };
    }
    let Some(text) = &t.header.tournament_type else { return Ok(None) };
    // bbpPairings writes the 192 code into 092.
    if !text.contains(' ')
        && let Some((system, reason, baku)) = from_code(text, t, "record 092")?
    {
        return Ok(Some(Resolved { system, source: "092 record".into(), reason, baku: baku || acc, caveat: None }));
    }
    let lower = text.to_lowercase();
    let date = tournament_date(t);
    if lower.contains("dubov") {
        let (system, why) = dubov_by_date(date);
        let reason = format!("record 092 (`{text}`) names the Dubov system: {why}");
        return Ok(Some(Resolved { system, source: "092 record".into(), reason, baku: acc, caveat: None }));
    }
    if lower.contains("dutch") {
        let (system, why) = dutch_by_date(date);
        let reason = format!("record 092 (`{text}`) names the Dutch system: {why}");
        return Ok(Some(Resolved { system, source: "092 record".into(), reason, baku: acc, caveat: None }));
    }
    if lower.contains("burstein") || lower.contains("round robin") || lower.contains("round-robin") {
        return Err(SystemError::Unsupported { code: text.clone(), source_text: "record 092".into() });
    }
    Ok(None)
}

/// The system of an id: how it reads a file, checks a round and pairs the next.
pub fn of(system: SystemId) -> &'static dyn System {
    match system {
        SystemId::Dutch2025 => &dutch::Rules::Dutch2025,
        SystemId::Dutch2017 => &dutch::Rules::Dutch2017,
        SystemId::Dutch2012 => &dutch2012::Dutch2012,
        SystemId::Dubov2025 => &dubov::Dubov2025,
        SystemId::Dubov1997 => &dubov1997::Dubov1997,
        SystemId::FmjdRating => &fmjd::FmjdRating,
        SystemId::FmjdSolkoff => &fmjd::FmjdSolkoff,
        SystemId::KndbSolkoff => &fmjd::KndbSolkoff,
        SystemId::Team2025 => &team::Edition::Team2026,
        SystemId::Team2024 => &team::Edition::Team2024,
    }
}

/// What acceleration adds to a bracket's score, for the explanations (the acceleration is named
/// where it moves a player's score; docs/output.md, "A differing round"): ` (1.0 points with the
/// acceleration's virtual point)` when every player of `players` carries the same virtual points in
/// `state`, ` (3 of its players with virtual points of the acceleration)` when only some do, else
/// nothing. The virtual points are the 250/XXA records' or the Baku method's (C.04.7 1), as the
/// state has them.
pub fn acceleration_note(
    state: &crate::state::RoundState,
    score: crate::model::Points,
    players: impl IntoIterator<Item = crate::model::PlayerId>,
) -> String {
    let accelerations: Vec<crate::model::Points> = players
        .into_iter()
        .filter_map(|id| state.players.iter().find(|c| c.id == id))
        .map(|c| c.acceleration)
        .collect();
    acceleration_note_of(score, &accelerations)
}

/// [`acceleration_note`] from the virtual points of the bracket's players.
pub fn acceleration_note_of(score: crate::model::Points, accelerations: &[crate::model::Points]) -> String {
    let accelerated = accelerations.iter().filter(|a| !a.is_zero()).count();
    match accelerations.first() {
        _ if accelerated == 0 => String::new(),
        Some(&first) if accelerated == accelerations.len() && accelerations.iter().all(|&a| a == first) => {
            let virtual_points = if first == crate::model::Points::ONE {
                "virtual point".to_owned()
            } else {
                format!("virtual {first} points")
            };
            format!(" ({score} points with the acceleration's {virtual_points})")
        }
        _ => {
            let points = if accelerated == 1 { "a virtual point" } else { "virtual points" };
            format!(" ({accelerated} of its players with {points} of the acceleration)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DateText;

    fn with(code: Option<&str>, kind: Option<&str>, start: Option<Date>) -> Tournament {
        let mut t = Tournament::default();
        t.header.system_code = code.map(str::to_owned);
        t.header.tournament_type = kind.map(str::to_owned);
        t.header.start_date = start.map(DateText::Date);
        t
    }

    fn d(y: i32, m: u8, day: u8) -> Option<Date> {
        Date::new(y, m, day)
    }

    #[test]
    fn year_less_codes_resolve_by_date() {
        let r = resolve(&with(Some("FIDE_DUTCH"), None, d(2026, 1, 31)), None).unwrap();
        assert_eq!(r.system, SystemId::Dutch2017);
        let r = resolve(&with(Some("FIDE_DUTCH"), None, d(2026, 2, 1)), None).unwrap();
        assert_eq!(r.system, SystemId::Dutch2025);
        let r = resolve(&with(Some("FIDE_DUTCH_BAKU"), None, d(2017, 6, 30)), None).unwrap();
        assert_eq!((r.system, r.baku), (SystemId::Dutch2012, true));
        let r = resolve(&with(Some("FIDE_DUBOV"), None, d(2025, 6, 30)), None).unwrap();
        assert_eq!(r.system, SystemId::Dubov1997);
        let r = resolve(&with(None, Some("Individual FIDE Dubov"), d(2025, 7, 1)), None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Dubov2025, "092 record"));
    }

    /// The game decides only what the file leaves open: a declared system is used whatever the
    /// scoring or the draughts records; a draughts tournament that declares none is refused (no
    /// chess system is assumed for it); 2/1/0 scoring alone declares nothing, and Dutch is assumed.
    #[test]
    fn a_draughts_tournament_without_a_system_is_refused_and_scoring_decides_nothing() {
        use crate::model::{DraughtsOptions, Game, PointSystem};
        let mut t = with(None, None, d(2026, 3, 1));
        t.point_system = PointSystem::draughts();
        let r = resolve(&t, None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Dutch2025, "assumed"));
        let mut by_record = t.clone();
        by_record.game = Some(Game::Draughts);
        let mut by_options = t.clone();
        by_options.draughts_options = DraughtsOptions { floats: Some(true), ..DraughtsOptions::default() };
        for draughts in [by_record, by_options] {
            assert_eq!(resolve(&draughts, None), Err(SystemError::NotInferable(DRAUGHTS_WITHOUT_SYSTEM.into())));
            let r = resolve(&draughts, Some(SystemId::FmjdRating)).unwrap();
            assert_eq!(r.system, SystemId::FmjdRating);
            // A chess system in 192 is never overruled by the game: it is checked as declared,
            // with the cross-game warning.
            let mut declared = draughts.clone();
            declared.header.system_code = Some("FIDE_DUTCH_2017".into());
            let r = resolve(&declared, None).unwrap();
            assert_eq!((r.system, r.source.as_str()), (SystemId::Dutch2017, "192 record"));
            assert!(cross_game_warning(&declared, r.system).is_some());
            declared.header.system_code = Some("FMJD_SWISS_SOLKOFF".into());
            assert_eq!(resolve(&declared, None).unwrap().system, SystemId::FmjdSolkoff);
        }
        // A chess file that says it is chess: the same as one that says nothing.
        t.game = Some(Game::Chess);
        assert_eq!(resolve(&t, None).unwrap().system, SystemId::Dutch2025);
    }

    #[test]
    fn dutch_events_before_istanbul_are_checked_under_2012_with_a_caveat() {
        let r = resolve(&with(Some("FIDE_DUTCH"), None, d(2013, 6, 30)), None).unwrap();
        assert_eq!(r.system, SystemId::Dutch2012);
        assert!(r.caveat.as_deref().is_some_and(|c| c.contains("nearest rules")), "{:?}", r.caveat);
        let r = resolve(&with(Some("FIDE_DUTCH"), None, d(2013, 7, 1)), None).unwrap();
        assert_eq!((r.system, r.caveat), (SystemId::Dutch2012, None));
        // Chosen with --system, the caveat still holds: the dates say what was in force.
        let r = resolve(&with(None, None, d(2011, 2, 25)), Some(SystemId::Dutch2012)).unwrap();
        assert!(r.caveat.is_some());
        let r = resolve(&with(None, None, d(2011, 2, 25)), Some(SystemId::Dutch2017)).unwrap();
        assert!(r.caveat.is_none());
    }

    #[test]
    fn bbp_writes_the_code_in_092() {
        let r = resolve(&with(None, Some("FIDE_DUTCH_2025"), None), None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Dutch2025, "092 record"));
    }

    #[test]
    fn every_id_has_its_system() {
        for id in SystemId::ALL {
            assert_eq!(of(id).id(), id);
            assert_eq!(of(id).engine().is_some(), !id.is_team(), "{id}");
        }
    }

    #[test]
    fn the_individual_systems_are_all_but_the_team_systems() {
        let individual: Vec<SystemId> = SystemId::ALL.into_iter().filter(|s| !s.is_team()).collect();
        assert_eq!(SystemId::INDIVIDUAL, individual.as_slice());
    }

    /// C.04.6: the 2024 edition applied 1 Aug 2024 – 31 Jan 2026, the 2026 one from 1 Feb 2026.
    #[test]
    fn team_codes_resolve_by_date() {
        let r = resolve(&with(Some("FIDE_TEAM_TYPEB_MP_GP"), None, d(2026, 1, 31)), None).unwrap();
        assert_eq!((r.system, r.caveat), (SystemId::Team2024, None));
        let r = resolve(&with(Some("FIDE_TEAM_BAKU"), None, d(2026, 2, 1)), None).unwrap();
        assert_eq!((r.system, r.baku), (SystemId::Team2025, true));
        let r = resolve(&with(Some("FIDE_TEAM"), None, d(2024, 7, 31)), None).unwrap();
        assert_eq!(r.system, SystemId::Team2024);
        assert!(r.caveat.is_some_and(|c| c.contains("1 August 2024")));
    }

    #[test]
    fn undeclared_is_assumed_and_said() {
        let r = resolve(&with(None, Some("Individual: Swiss-System"), d(2010, 9, 24)), None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Dutch2012, "assumed"));
        assert!(r.reason.contains("2010/09/24"), "{}", r.reason);
    }

    #[test]
    fn unsupported_and_unknown_codes_are_refused() {
        assert!(matches!(
            resolve(&with(Some("FIDE_BURSTEIN"), None, None), None),
            Err(SystemError::Unsupported { .. })
        ));
        assert!(matches!(
            resolve(&with(Some("FIDE_TEAM_ROUNDROBIN"), None, None), None),
            Err(SystemError::Unsupported { .. })
        ));
        assert!(matches!(
            resolve(&with(Some("FIDE_TEAM_TYPEC_MP"), None, None), None),
            Err(SystemError::BadTeamCode { .. })
        ));
        assert!(matches!(resolve(&with(Some("NONSENSE"), None, None), None), Err(SystemError::UnknownCode { .. })));
        let r = resolve(&with(Some("NONSENSE"), None, None), Some(SystemId::Dubov1997)).unwrap();
        assert_eq!(r.source, "--system");
    }
}
