//! The findings of the absolute criteria every system that pairs players keeps in the same form —
//! no rematch ([C1], with the pairs a tournament forbids), no second PAB ([C2], C.04.1 art. 4), no
//! meeting of two players with the same absolute colour preference ([C3]) — on a recorded pairing,
//! board by board, the first broken one named with its board. Each system gives its articles and
//! words ([`Articles`]) and its judgement of a player or a pair ([`Judge`]).

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;
use crate::systems::common::colour::capitalised;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

/// How a system's text names its absolute criteria.
pub struct Articles {
    /// `C1 (3.1.1, …)`: the criterion with its article and words, as a finding opens.
    pub c1: &'static str,
    pub c2: &'static str,
    /// Who may not have the PAB again, as the text of [C2] says it (after "who").
    pub c2_barred: &'static str,
    pub c3: &'static str,
    /// The article that defines an absolute colour preference.
    pub absolute_preference: &'static str,
}

/// What a system decides of the players of a round, by their position in its list (`index`).
pub struct Judge<'a> {
    pub state: &'a RoundState,
    pub index: &'a std::collections::BTreeMap<PlayerId, usize>,
    /// [C2] allows the player the PAB.
    pub pab_eligible: &'a dyn Fn(usize) -> bool,
    /// [C1] and [C3] allow the pair.
    pub compatible: &'a dyn Fn(usize, usize) -> bool,
    /// The colour both players of a pair have an absolute preference for, if they do ([C3]).
    pub same_absolute: &'a dyn Fn(usize, usize) -> Option<Colour>,
}

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation { criterion: criterion.to_owned(), text, recorded_is_better: false }
}

/// The first board of `recorded` that breaks [C1]–[C3], as a finding.
pub fn first_broken(judge: &Judge<'_>, articles: &Articles, recorded: &RoundPairing) -> Option<Explanation> {
    for (number, board) in recorded.boards.iter().enumerate() {
        let board_no = number + 1;
        let Some(&w) = judge.index.get(&board.white) else { continue };
        let Some(black) = board.black else {
            if !(judge.pab_eligible)(w) {
                return Some(finding(
                    "C2",
                    format!(
                        "{}: the record gives the bye to {} (board {board_no}), who {}",
                        articles.c2, board.white, articles.c2_barred
                    ),
                ));
            }
            continue;
        };
        let Some(&b) = judge.index.get(&black) else { continue };
        if (judge.compatible)(w, b) {
            continue;
        }
        if let Some(colour) = (judge.same_absolute)(w, b) {
            return Some(finding(
                "C3",
                format!(
                    "{}: board {board_no} pairs {} and {black}, who both have an absolute preference for {} ({})",
                    articles.c3,
                    board.white,
                    capitalised(colour),
                    articles.absolute_preference
                ),
            ));
        }
        let met = judge.state.past_of(board.white).iter().any(|r| r.played_opponent() == Some(black));
        let what =
            if met { "have already played each other" } else { "may not meet in this round (a prohibited pair)" };
        return Some(finding(
            "C1",
            format!("{}: board {board_no} pairs {} and {black}, who {what}", articles.c1, board.white),
        ));
    }
    None
}
