//! Which game a file holds, chess or draughts, as the file declares it, so that a draughts system
//! on a chess file, or a chess system on a draughts file, is never a silent check.
//!
//! The game is declared, never guessed from the scoring: 2/1/0 and 3/1/0 are chess point systems
//! too (TRF-2026 162 exists to declare them; bbpPairings writes them), and a draughts event may be
//! scored otherwise (Delft). What declares it, first found first:
//! 1. trfcheck's `XDK` record, or the source: an FMJD crosstable is a draughts tournament;
//! 2. trfcheck's draughts records, which only a draughts tournament has: `XDO` (the organiser's
//!    options of FMJD Annex 5), `XDT` (the unplayed rounds in its tie-breaks, 3.1), `XDN
//!    FINAL-PLACES`, `XDG` (points no point system expresses: Delft), `XDP` with FMJD data
//!    (`FMJDID`, `RLIST`, a printed tie-break);
//! 3. the system the file declares (record 192, or 092 as `systems::resolve` reads it): a code of
//!    FIDE's Tournament-Type Code Table, or 092 naming a FIDE system, declares chess; trfcheck's
//!    `FMJD_…`/`KNDB_…` codes declare draughts.
//!
//! A file with none of these declares no game: it is checked under the system it declares, else
//! the assumed FIDE Dutch system, and no cross-game warning is given.

use crate::model::{Game, Numbering, SourceFormat, Tournament};

use super::code::SystemError;
use super::id::SystemId;

/// The game a file declares, and what declares it (for messages: "an FMJD draughts crosstable",
/// "a chess tournament (record 192 `FIDE_DUTCH_2025`)").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDeclaration {
    pub game: Game,
    pub what: String,
}

impl GameDeclaration {
    fn new(game: Game, by: &str) -> GameDeclaration {
        GameDeclaration { game, what: format!("a {} tournament ({by})", game.name()) }
    }
}

/// The game the file's records (or its source) declare; `None` when nothing does.
pub fn declared_game(t: &Tournament) -> Option<GameDeclaration> {
    if matches!(
        t.origin.format,
        Some(SourceFormat::DraughtsArbiter | SourceFormat::FmjdReport | SourceFormat::ForumCrosstable)
    ) {
        return Some(GameDeclaration { game: Game::Draughts, what: "an FMJD draughts crosstable".into() });
    }
    if let Some(game) = t.game {
        return Some(GameDeclaration::new(game, "record XDK"));
    }
    let records = draughts_records(t);
    if !records.is_empty() {
        let by =
            format!("trfcheck's draughts record{} {}", if records.len() == 1 { "" } else { "s" }, records.join(", "));
        return Some(GameDeclaration::new(Game::Draughts, &by));
    }
    system_declaration(t)
}

/// True when the file declares a draughts tournament.
pub fn is_draughts(t: &Tournament) -> bool {
    declared_game(t).is_some_and(|d| d.game == Game::Draughts)
}

/// The game a pairing system belongs to.
pub fn game_of(system: SystemId) -> Game {
    if system.is_fmjd() { Game::Draughts } else { Game::Chess }
}

/// trfcheck's draughts records the file has (see the module's list), by tag.
fn draughts_records(t: &Tournament) -> Vec<&'static str> {
    let mut records = Vec::new();
    if !t.draughts_options.is_empty() {
        records.push("XDO");
    }
    if t.unplayed_rule.is_some() {
        records.push("XDT");
    }
    if t.numbering == Numbering::FinalPlaces {
        records.push("XDN");
    }
    if t.players.iter().any(|p| p.rounds.iter().any(|e| e.game_points.is_some())) {
        records.push("XDG");
    }
    // An XDP record with only NAME or TITLE holds what the 001 columns cannot (a long name), which
    // says nothing about the game; FMJD ids, rating lists and printed tie-breaks do.
    if t.players.iter().any(|p| p.draughts.is_some()) {
        records.push("XDP");
    }
    records
}

/// The game of the system the file declares in 192 (or in 092, where 192 is absent).
fn system_declaration(t: &Tournament) -> Option<GameDeclaration> {
    let h = &t.header;
    if let Some(code) = &h.system_code {
        let game = code_game(code, t)?;
        return Some(GameDeclaration::new(game, &format!("record 192 `{}`", code.trim())));
    }
    let text = h.tournament_type.as_deref()?.trim();
    if !text.contains(' ')
        && let Some(game) = code_game(text, t)
    {
        return Some(GameDeclaration::new(game, &format!("record 092 `{text}`")));
    }
    // The FIDE systems 092's free text is read for (`declaration::declared_system`).
    let lower = text.to_lowercase();
    ["dubov", "dutch", "burstein", "double-swiss", "double swiss", "doubleswiss"]
        .iter()
        .any(|name| lower.contains(name))
        .then(|| GameDeclaration::new(Game::Chess, &format!("record 092 `{text}` names a FIDE system")))
}

/// The game of a 192 code: that of the system it names; a code `from_code` refuses is one of FIDE's
/// Tournament-Type Code Table (a system trfcheck does not pair, or a malformed team code), which
/// is a chess table. `None` for a code no table has.
fn code_game(code: &str, t: &Tournament) -> Option<Game> {
    match super::code::from_code(code, t, "record 192") {
        Ok(Some((system, ..))) => Some(game_of(system)),
        Ok(None) => None,
        Err(SystemError::Unsupported { .. } | SystemError::BadTeamCode { .. }) => Some(Game::Chess),
        Err(_) => None,
    }
}

/// A warning naming both the system and the file's game when they are not the same game; `None`
/// when they are, or when the file does not say which game it holds.
pub fn cross_game_warning(t: &Tournament, system: SystemId) -> Option<String> {
    let declared = declared_game(t)?;
    if declared.game == game_of(system) {
        return None;
    }
    let what = declared.what;
    Some(match declared.game {
        Game::Chess => format!(
            "{system} is a draughts system (FMJD Annex 5), but the file is {what}; a chess event is paired under a \
             FIDE system (--system dutch-2025, dubov-2025, …)"
        ),
        Game::Draughts => format!(
            "{system} is a FIDE chess system, but the file is {what}; a draughts event is paired under an FMJD \
             system (--system fmjd-rating, fmjd-solkoff or kndb-solkoff)"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DraughtsOptions, DraughtsPlayer, Player, PointSystem, Points, UnplayedRule};

    fn declared(t: &Tournament) -> Option<(Game, String)> {
        declared_game(t).map(|d| (d.game, d.what))
    }

    fn with_code(code: &str) -> Tournament {
        let mut t = Tournament::default();
        t.header.system_code = Some(code.to_owned());
        t
    }

    /// Scoring alone declares no game: 2/1/0 (draughts' and a chess league's), 3/1/0 (football
    /// scoring, used in chess), Delft's 12-point scale and FIDE's 1-½-0.
    #[test]
    fn the_point_system_alone_declares_no_game() {
        let three_one_zero = PointSystem {
            white_win: Points::whole(3),
            black_win: Points::whole(3),
            white_draw: Points::ONE,
            black_draw: Points::ONE,
            ..PointSystem::fide()
        };
        for point_system in [PointSystem::draughts(), three_one_zero, PointSystem::fide()] {
            let t = Tournament { point_system, point_system_declared: true, ..Tournament::default() };
            assert_eq!(declared(&t), None, "{:?}", t.point_system);
            assert!(!is_draughts(&t));
            for system in SystemId::INDIVIDUAL {
                assert_eq!(cross_game_warning(&t, *system), None, "{system}");
            }
        }
    }

    /// A chess code in 192 declares chess whatever the scoring; a FIDE code trfcheck does not pair
    /// (Burstein, a round robin) and a team code too; an FMJD code declares draughts.
    #[test]
    fn a_192_code_declares_the_game_of_its_system() {
        for code in
            ["FIDE_DUTCH_2025", "FIDE_DUBOV", "fide_dutch_baku", "FIDE_BURSTEIN", "BERGER_ROUNDROBIN", "FIDE_TEAM"]
        {
            let mut t = with_code(code);
            t.point_system = PointSystem::draughts();
            assert_eq!(declared(&t), Some((Game::Chess, format!("a chess tournament (record 192 `{code}`)"))));
        }
        for code in ["FMJD_SWISS_RATING", "FMJD_SWISS_SOLKOFF", "KNDB_SWISS_SOLKOFF"] {
            assert_eq!(declared(&with_code(code)).map(|d| d.0), Some(Game::Draughts), "{code}");
        }
        assert_eq!(declared(&with_code("NOT_A_CODE")), None);
    }

    /// 092 declares the game where it declares the system: a code (bbpPairings writes one there)
    /// or free text naming a FIDE system; generic text declares nothing, and 192 comes first.
    #[test]
    fn record_092_declares_the_game_where_it_names_a_system() {
        let mut t = Tournament::default();
        for (text, game) in [
            ("FIDE_DUTCH_2025", Some(Game::Chess)),
            ("Individual FIDE Dubov", Some(Game::Chess)),
            ("FMJD_SWISS_SOLKOFF", Some(Game::Draughts)),
            ("Individual: Swiss-System", None),
        ] {
            t.header.tournament_type = Some(text.to_owned());
            assert_eq!(declared(&t).map(|d| d.0), game, "{text}");
        }
        t.header.system_code = Some("FIDE_DUTCH_2017".to_owned());
        assert_eq!(declared(&t).map(|d| d.0), Some(Game::Chess));
    }

    /// Each of trfcheck's draughts records declares draughts, named in the message; an XDP record
    /// with only a long name does not.
    #[test]
    fn trfchecks_draughts_records_declare_draughts() {
        let records = |t: &Tournament| declared(t).map(|(game, what)| (game, what.contains("trfcheck's draughts")));
        let mut t = Tournament { players: vec![Player { id: 1, ..Player::default() }], ..Tournament::default() };
        assert_eq!(declared(&t), None);
        let mut options = t.clone();
        options.draughts_options = DraughtsOptions { floats: Some(false), ..DraughtsOptions::default() };
        assert_eq!(records(&options), Some((Game::Draughts, true)));
        let mut rule = t.clone();
        rule.unplayed_rule = Some(UnplayedRule::default());
        assert_eq!(records(&rule), Some((Game::Draughts, true)));
        let mut places = t.clone();
        places.numbering = Numbering::FinalPlaces;
        assert_eq!(records(&places), Some((Game::Draughts, true)));
        t.players[0].draughts = Some(DraughtsPlayer { fmjd_id: Some("12345".into()), ..DraughtsPlayer::default() });
        let (game, what) = declared(&t).unwrap();
        assert_eq!((game, what.as_str()), (Game::Draughts, "a draughts tournament (trfcheck's draughts record XDP)"));
        // Before a chess code in 192: the file's own draughts data says more than its system.
        t.header.system_code = Some("FIDE_DUTCH_2025".to_owned());
        assert_eq!(records(&t), Some((Game::Draughts, true)));
    }

    /// XDK, and an FMJD crosstable as the source, come before everything else.
    #[test]
    fn xdk_and_a_crosstable_source_declare_the_game() {
        let mut t = with_code("FMJD_SWISS_RATING");
        t.game = Some(Game::Chess);
        assert_eq!(declared(&t), Some((Game::Chess, "a chess tournament (record XDK)".into())));
        t.game = Some(Game::Draughts);
        t.origin.format = Some(SourceFormat::ForumCrosstable);
        assert_eq!(declared(&t), Some((Game::Draughts, "an FMJD draughts crosstable".into())));
    }

    #[test]
    fn a_system_of_the_other_game_is_named_with_the_file() {
        let mut chess = with_code("FIDE_DUTCH_2025");
        assert_eq!(cross_game_warning(&chess, SystemId::Dutch2025), None);
        let warning = cross_game_warning(&chess, SystemId::FmjdSolkoff).unwrap();
        assert!(warning.contains("fmjd-solkoff") && warning.contains("chess tournament (record 192"), "{warning}");
        // 2/1/0 on a file declared chess changes nothing.
        chess.point_system = PointSystem::draughts();
        assert_eq!(cross_game_warning(&chess, SystemId::Dutch2017), None);
        let mut draughts = Tournament { game: Some(Game::Draughts), ..Tournament::default() };
        let warning = cross_game_warning(&draughts, SystemId::Dutch2017).unwrap();
        assert!(warning.contains("dutch-2017") && warning.contains("draughts tournament (record XDK)"), "{warning}");
        assert_eq!(cross_game_warning(&draughts, SystemId::KndbSolkoff), None);
        draughts.game = None;
        assert_eq!(cross_game_warning(&draughts, SystemId::Dutch2017), None, "nothing declares a game");
    }
}
