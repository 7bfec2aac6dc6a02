//! The 192 codes trfcheck reads (FIDE's Tournament-Type Code Table, TRF-2026, with its variants
//! and trfcheck's own FMJD codes), and the dates that pick the version of a system a code without
//! a year names.

use super::id::SystemId;
use crate::model::{Date, Tournament};

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
const UNSUPPORTED_PREFIXES: [&str; 7] = [
    "CUSTOM_",
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

pub(super) fn dutch_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
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
pub(super) fn team_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
    match date {
        Some((date, what)) => {
            let system =
                if date < (Date { year: 2026, month: 2, day: 1 }) { SystemId::Team2024 } else { SystemId::Team2025 };
            (system, format!("the edition in force on the {what}, {date}"))
        }
        None => (SystemId::Team2025, "no readable date in the file, so the edition in force now".to_owned()),
    }
}

/// The texts of C.04 approved on 28 October 2025 (Burstein, Lim, the Double-Swiss) were applied
/// from 1 February 2026.
pub(super) const C04_2026_IN_FORCE: Date = Date { year: 2026, month: 2, day: 1 };

/// The first edition of the FIDE Swiss Team Pairing System (C.04.6) was applied from 1 August 2024.
pub(super) const TEAM_2024_IN_FORCE: Date = Date { year: 2024, month: 8, day: 1 };

/// The day trfcheck dates the 2018 Dubov text from. The handbook says it was "approved by the 2018
/// General Assembly" (Batumi, October 2018) and gives no date of application; trfcheck takes the
/// first day of the next year (docs/dubov.md, "Which text is in force").
pub(super) const DUBOV_2018_IN_FORCE: Date = Date { year: 2019, month: 1, day: 1 };

/// The 2025 Dubov text's own date of application; the contract (SPEC, "Pairing systems") dates
/// `FIDE_DUBOV` by it.
pub(super) const DUBOV_2025_IN_FORCE: Date = Date { year: 2025, month: 7, day: 1 };

/// The Dubov text in force on `date`: the 1997 text, the 2018 text from [`DUBOV_2018_IN_FORCE`],
/// the 2025 text (and its 2026 re-issue) from [`DUBOV_2025_IN_FORCE`]. The handbook now lists the
/// 2018 text as applied until 31 January 2026; the two differ only in [C2] (docs/dubov.md).
pub(super) fn dubov_by_date(date: Option<(Date, &'static str)>) -> (SystemId, String) {
    match date {
        Some((date, what)) => {
            let system = if date < DUBOV_2018_IN_FORCE {
                SystemId::Dubov1997
            } else if date < DUBOV_2025_IN_FORCE {
                SystemId::Dubov2018
            } else {
                SystemId::Dubov2025
            };
            (system, format!("the Dubov rules in force on the {what}, {date}"))
        }
        None => (SystemId::Dubov2025, "no readable date in the file, so the Dubov rules in force now".to_owned()),
    }
}

/// Reads a 192 code (also found in 092, where bbpPairings writes it).
pub(super) fn from_code(
    code: &str,
    t: &Tournament,
    source_text: &str,
) -> Result<Option<(SystemId, String, bool)>, SystemError> {
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
        // The 2026 re-issue pairs every position as the 2025 text does (docs/dubov.md).
        "FIDE_DUBOV_2026" => (SystemId::Dubov2025, format!("{source_text} names the 2026 re-issue of the 2025 rules")),
        "FIDE_DUBOV_2018" => (SystemId::Dubov2018, format!("{source_text} names the 2018 rules")),
        "FIDE_DUBOV_1997" => (SystemId::Dubov1997, format!("{source_text} names the 1997 rules")),
        // The only Burstein text trfcheck has is the one in force from 1 February 2026; an older
        // event is checked under it with a caveat (`declaration::caveat`).
        "FIDE_BURSTEIN" | "FIDE_BURSTEIN_2026" => {
            (SystemId::Burstein2026, format!("{source_text} names the Burstein system (C.04.4.2)"))
        }
        // C.04.5 exists in one text, applied from 1 February 2026 (the code table has no year).
        "FIDE_DOUBLESWISS" | "FIDE_DOUBLESWISS_2026" => {
            (SystemId::DoubleSwiss2026, format!("{source_text} names the Double-Swiss system (C.04.5)"))
        }
        // C.04.4.3 in the text applied from 1 February 2026; the code table has no Lim code, and
        // trfcheck reads the one it writes (`id.rs`).
        "FIDE_LIM" | "FIDE_LIM_2026" => (SystemId::Lim2026, format!("{source_text} names the Lim system (C.04.4.3)")),
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
