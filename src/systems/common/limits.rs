//! The colour limits of the basic rules for Swiss systems (C.04.1 arts. 6, 7) as they bear on a
//! differing round, and the round's severity class (SPEC: `severity`): the system's class of the
//! criterion its explanation names, settled by the shape of the difference
//! ([`crate::systems::severity::classify`]).

use std::collections::BTreeSet;

use crate::model::{Colour, PlayerId, Tournament};
use crate::state::{ColourHistory, RoundState};
use crate::systems::engine::Engine;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;
use crate::systems::severity::{self, Severity};

/// The class of a round whose record differs from `computed`, and, when the record's colours
/// break the colour limits although the other colours of the same board would not, the sentence
/// that says so.
pub fn of_round(
    t: &Tournament,
    state: &RoundState,
    engine: &dyn Engine,
    explanation: &Explanation,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> (Severity, Option<String>) {
    let breach = if engine.keeps_colour_limits() { colour_limit_breach(t, state, recorded) } else { None };
    let class =
        severity::classify(engine.severity(&explanation.criterion), same_pairs(computed, recorded), breach.is_some());
    (class, breach)
}

/// The games of a pairing without colours, a bye as the player against 0.
fn games(pairing: &RoundPairing) -> BTreeSet<(PlayerId, PlayerId)> {
    pairing.boards.iter().map(|b| b.as_pair()).map(|[w, b]| (w.max(b), w.min(b))).collect()
}

/// The same pairs and the same bye, whatever the colours.
pub fn same_pairs(computed: &RoundPairing, recorded: &RoundPairing) -> bool {
    games(computed) == games(recorded)
}

/// True when playing `colour` next breaks the colour limits of the basic rules for Swiss systems
/// (C.04.1 art. 6: a colour difference beyond ±2; art. 7: the same colour three times in a row),
/// counted over games played, as each system's colour history counts them.
fn breaks_limits(history: &ColourHistory, colour: Colour) -> bool {
    let step = if colour == Colour::White { 1 } else { -1 };
    (history.difference() + step).abs() > 2 || history.repeated() == Some(colour)
}

/// The first recorded board, in board order, whose colours break the colour limits for one of its
/// players while the other colours would break them for neither: no colour rule gives such colours
/// (each system's exceptions, such as the Dutch topscorers, only ever allow a breach that the
/// other colours would cause too). Boards whose colours the record does not give (an uncoloured
/// forfeit) are left out.
fn colour_limit_breach(t: &Tournament, state: &RoundState, recorded: &RoundPairing) -> Option<String> {
    let history = |id: PlayerId| state.players.iter().find(|p| p.id == id).map(|p| &p.colours);
    for (number, board) in recorded.boards.iter().enumerate() {
        let Some(black) = board.black else { continue };
        let coloured = super::record::recorded_seat(t, board.white, state.round).is_some_and(|s| s.colour.is_some());
        let (Some(w), Some(b)) = (history(board.white), history(black)) else { continue };
        if !coloured {
            continue;
        }
        let as_recorded = [(board.white, breaks_limits(w, Colour::White)), (black, breaks_limits(b, Colour::Black))];
        let swapped = breaks_limits(w, Colour::Black) || breaks_limits(b, Colour::White);
        let Some(&(player, _)) = as_recorded.iter().find(|(_, breaks)| *breaks) else { continue };
        if swapped {
            continue;
        }
        let (history, colour) = if player == board.white { (w, Colour::White) } else { (b, Colour::Black) };
        let word = colour.name();
        let what = if history.repeated() == Some(colour) {
            format!("player {player} gets {word} three times in a row (C.04.1 art. 7)")
        } else {
            let step = if colour == Colour::White { 1 } else { -1 };
            format!("player {player} gets a colour difference of {:+} (C.04.1 art. 6)", history.difference() + step)
        };
        return Some(format!(
            "the record's colours on board {} break the colour limits, where the other colours would not: {what}",
            number + 1
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn history(colours: &[Colour]) -> ColourHistory {
        let mut h = ColourHistory::default();
        for &c in colours {
            h.sequence.push(c);
            match c {
                Colour::White => h.whites += 1,
                Colour::Black => h.blacks += 1,
            }
        }
        h
    }

    #[test]
    fn colour_limits_are_those_of_the_basic_rules() {
        use Colour::{Black as B, White as W};
        // Art. 7: a third black in a row.
        assert!(breaks_limits(&history(&[W, B, B]), B));
        assert!(!breaks_limits(&history(&[W, B, B]), W));
        // Art. 6: +3 after W B W W W? (four whites, one black: +3 already with W W W in a row too).
        assert!(breaks_limits(&history(&[W, B, W, W, B, W]), W), "+2 becomes +3");
        assert!(!breaks_limits(&history(&[W, B, W, B, W]), W), "+1 becomes +2, not a third white in a row");
        assert!(!breaks_limits(&history(&[]), W));
    }
}
