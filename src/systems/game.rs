//! Which game a file holds, chess or draughts, so that a draughts system on a chess file, or a
//! chess system on a draughts file, is never a silent check (issue #14, item 5).

use crate::model::{Numbering, PointSystem, Points, SourceFormat, Tournament};

use super::SystemId;

/// The game a file's records point to, and the record that says so.
fn game_of(t: &Tournament) -> Option<(bool, &'static str)> {
    if matches!(t.origin.format, Some(SourceFormat::DraughtsArbiter | SourceFormat::FmjdReport)) {
        return Some((true, "an FMJD draughts crosstable"));
    }
    if !t.draughts_options.is_empty() || t.unplayed_rule.is_some() || t.numbering == Numbering::FinalPlaces {
        return Some((true, "a draughts tournament (trfcheck's XDO/XDT/XDN records)"));
    }
    let scores = |p: &PointSystem| (p.white_win, p.white_draw, p.white_loss);
    if scores(&t.point_system) == scores(&PointSystem::draughts()) {
        return Some((true, "a draughts tournament (2/1/0 scoring, as a converted FMJD crosstable has)"));
    }
    if scores(&t.point_system) == (Points::ONE, Points::HALF, Points::ZERO) {
        return Some((false, "a chess tournament (1-½-0 scoring)"));
    }
    None
}

/// True when the file's records say it holds a draughts tournament.
pub fn is_draughts(t: &Tournament) -> bool {
    game_of(t).is_some_and(|(draughts, _)| draughts)
}

/// A warning naming both the system and the file's game when they are not the same game; `None`
/// when they are, or when the file does not say which game it holds.
pub fn cross_game_warning(t: &Tournament, system: SystemId) -> Option<String> {
    let (draughts, what) = game_of(t)?;
    match (system.is_fmjd(), draughts) {
        (true, false) => Some(format!(
            "{system} is a draughts system (FMJD Annex 5), but the file is {what}; a chess event is paired under a \
             FIDE system (--system dutch-2025, dubov-2025, …)"
        )),
        (false, true) => Some(format!(
            "{system} is a FIDE chess system, but the file is {what}; a draughts event is paired under an FMJD \
             system (--system fmjd-rating, fmjd-solkoff or kndb-solkoff)"
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_of_the_other_game_is_named_with_the_file() {
        let mut chess = Tournament::default();
        assert_eq!(cross_game_warning(&chess, SystemId::Dutch2025), None);
        let warning = cross_game_warning(&chess, SystemId::FmjdSolkoff).unwrap();
        assert!(warning.contains("fmjd-solkoff") && warning.contains("chess tournament"), "{warning}");
        chess.point_system = PointSystem::draughts();
        let warning = cross_game_warning(&chess, SystemId::Dutch2017).unwrap();
        assert!(warning.contains("dutch-2017") && warning.contains("2/1/0"), "{warning}");
        assert_eq!(cross_game_warning(&chess, SystemId::KndbSolkoff), None);
    }
}
