//! Which system a tournament declares (SPEC): record 192 (and 092 where it holds a 192 code, as
//! bbpPairings writes it), free text in 092 that names Dubov, Dutch, Burstein or the Double-Swiss, or `--system`.
//! `FIDE_DUTCH` / `FIDE_DUBOV` without a year resolve by the tournament's dates to the rules in
//! force then. When nothing declares the system, the one assumed is said, with the reason.

use serde::Serialize;

use super::choice::SystemChoice;
use super::code::{
    C04_2026_IN_FORCE, SystemError, TEAM_2024_IN_FORCE, dubov_by_date, dutch_by_date, from_code, team_by_date,
    tournament_date,
};
use super::game;
use super::id::SystemId;
use crate::model::{Date, Tournament};

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
    if system == SystemId::Burstein2026 {
        let (date, what) = tournament_date(t)?;
        return (date < C04_2026_IN_FORCE).then(|| {
            format!(
                "the {what} {date} is before 1 February 2026, when the Burstein rules of C.04.4.2 (2026) took \
                 effect: the event was paired under an earlier Burstein text, which trfcheck does not have; it is \
                 checked under burstein-2026"
            )
        });
    }
    if system == SystemId::Lim2026 {
        let (date, what) = tournament_date(t)?;
        return (date < C04_2026_IN_FORCE).then(|| {
            format!(
                "the {what} {date} is before 1 February 2026, when the Lim text of C.04.4.3 approved on 28 October \
                 2025 was applied: the event was paired under the earlier text, which trfcheck does not have; it is \
                 checked under lim-2026"
            )
        });
    }
    if system == SystemId::DoubleSwiss2026 {
        let (date, what) = tournament_date(t)?;
        return (date < C04_2026_IN_FORCE).then(|| {
            format!(
                "the {what} {date} is before 1 February 2026, when the Double-Swiss system (C.04.5) was first \
                 applied: the event was paired under other rules; it is checked under double-swiss-2026"
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
pub fn resolve(t: &Tournament, chosen: Option<SystemChoice>) -> Result<Resolved, SystemError> {
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

fn resolve_system(t: &Tournament, chosen: Option<SystemChoice>) -> Result<Resolved, SystemError> {
    let acc = t.header.baku_acceleration_flag;
    if let Some(choice) = chosen {
        let (system, reason) = choice.for_tournament(t);
        return Ok(Resolved { system, source: "--system".into(), reason, baku: acc, caveat: None });
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
/// writes it), else 092 free text that names Dubov, Dutch, Burstein or the Double-Swiss. `None` when they declare none.
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
    if lower.contains("burstein") {
        let reason =
            format!("record 092 (`{text}`) names the Burstein system: the rules in force from 1 February 2026");
        return Ok(Some(Resolved {
            system: SystemId::Burstein2026,
            source: "092 record".into(),
            reason,
            baku: acc,
            caveat: None,
        }));
    }
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.windows(2).any(|pair| pair == ["double", "swiss"]) || lower.contains("doubleswiss") {
        let reason = format!("record 092 (`{text}`) names the Double-Swiss system (C.04.5)");
        return Ok(Some(Resolved {
            system: SystemId::DoubleSwiss2026,
            source: "092 record".into(),
            reason,
            baku: acc,
            caveat: None,
        }));
    }
    // Lim (C.04.4.3), "Lim" as a word of its own, not inside another ("preliminary").
    if words.contains(&"lim") {
        let reason = format!("record 092 (`{text}`) names the Lim system (C.04.4.3)");
        return Ok(Some(Resolved {
            system: SystemId::Lim2026,
            source: "092 record".into(),
            reason,
            baku: acc,
            caveat: None,
        }));
    }
    if lower.contains("round robin") || lower.contains("round-robin") {
        return Err(SystemError::Unsupported { code: text.clone(), source_text: "record 092".into() });
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DateText;
    use crate::systems::game::cross_game_warning;

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
        let r = resolve(&with(Some("FIDE_DUBOV"), None, d(2018, 12, 31)), None).unwrap();
        assert_eq!(r.system, SystemId::Dubov1997);
        let r = resolve(&with(Some("FIDE_DUBOV"), None, d(2025, 6, 30)), None).unwrap();
        assert_eq!(r.system, SystemId::Dubov2018);
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
            let r = resolve(&draughts, Some(SystemId::FmjdRating.into())).unwrap();
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
        let r = resolve(&with(None, None, d(2011, 2, 25)), Some(SystemId::Dutch2012.into())).unwrap();
        assert!(r.caveat.is_some());
        let r = resolve(&with(None, None, d(2011, 2, 25)), Some(SystemId::Dutch2017.into())).unwrap();
        assert!(r.caveat.is_none());
    }

    #[test]
    fn bbp_writes_the_code_in_092() {
        let r = resolve(&with(None, Some("FIDE_DUTCH_2025"), None), None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Dutch2025, "092 record"));
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

    /// C.04.4.2 (2026) was applied from 1 February 2026: `FIDE_BURSTEIN` and 092 text naming Burstein
    /// resolve to it, with a caveat for an event that started before.
    #[test]
    fn burstein_declarations_resolve_to_the_2026_rules() {
        let r = resolve(&with(Some("FIDE_BURSTEIN_BAKU"), None, d(2026, 3, 1)), None).unwrap();
        assert_eq!((r.system, r.baku, r.caveat), (SystemId::Burstein2026, true, None));
        let r = resolve(&with(None, Some("Individual: Swiss-System Burstein"), None), None).unwrap();
        assert_eq!((r.system, r.source.as_str()), (SystemId::Burstein2026, "092 record"));
        let r = resolve(&with(Some("FIDE_BURSTEIN"), None, d(2025, 5, 1)), None).unwrap();
        assert_eq!(r.system, SystemId::Burstein2026);
        assert!(r.caveat.is_some_and(|c| c.contains("1 February 2026")));
    }

    /// 092 text naming Lim resolves to lim-2026, as the code trfcheck writes for it does; "Lim"
    /// inside another word is not a name. Text naming the Double-Swiss resolves to it, as the 192
    /// code does.
    #[test]
    fn lim_and_the_double_swiss_named_in_words_are_resolved() {
        let lim = resolve(&with(None, Some("Individual: Swiss-System Lim"), d(2026, 3, 1)), None).unwrap();
        assert_eq!((lim.system, lim.source.as_str(), lim.caveat), (SystemId::Lim2026, "092 record", None));
        let lim = resolve(&with(Some("FIDE_LIM_BAKU"), None, d(2025, 3, 1)), None).unwrap();
        assert_eq!((lim.system, lim.baku), (SystemId::Lim2026, true));
        assert!(lim.caveat.is_some_and(|c| c.contains("1 February 2026")));
        for text in ["Double-Swiss", "FIDE Double Swiss System"] {
            let r = resolve(&with(None, Some(text), d(2026, 3, 1)), None).unwrap();
            assert_eq!((r.system, r.caveat), (SystemId::DoubleSwiss2026, None), "{text}");
        }
        let r = resolve(&with(Some("FIDE_DOUBLESWISS_BAKU"), None, d(2025, 3, 1)), None).unwrap();
        assert_eq!((r.system, r.baku), (SystemId::DoubleSwiss2026, true));
        assert!(r.caveat.is_some_and(|c| c.contains("1 February 2026")));
        let r = resolve(&with(None, Some("Preliminary: Swiss-System"), d(2026, 3, 1)), None).unwrap();
        assert_eq!(r.system, SystemId::Dutch2025);
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
            resolve(&with(Some("FIDE_SCHILLER"), None, None), None),
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
        let r = resolve(&with(Some("NONSENSE"), None, None), Some(SystemId::Dubov1997.into())).unwrap();
        assert_eq!(r.source, "--system");
    }
}
