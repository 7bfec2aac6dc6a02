//! The findings of the absolute criteria every system that pairs players by C1–C3 keeps in the
//! same form — no rematch ([C1]), no second PAB ([C2], C.04.1 art. 4), no meeting of two players
//! with the same absolute colour preference ([C3]) — and the pairs the tournament forbids (records
//! 260/XXP), on a recorded pairing, board by board, the first broken one named with its board.
//! Each system gives its articles and words ([`Articles`]) and its judgement of a player or a pair
//! ([`Judge`]).

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;
use crate::systems::common::colour::capitalised;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

/// How a system's text names its absolute criteria.
pub struct Articles {
    /// The names of [C1], [C2] and [C3] as the severity classes know them (`C1`, or the 2017
    /// Dutch rules' `C.1`).
    pub keys: [&'static str; 3],
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

/// The criteria names of C1–C3 in the 2025-form texts (Dutch 2025, Dubov 2025, Burstein, Lim).
pub const KEYS: [&str; 3] = ["C1", "C2", "C3"];

/// The first board of `recorded` that breaks [C1]–[C3] or pairs a forbidden pair, as a finding.
/// A pair that breaks several is named by the first of: a rematch, a forbidden pair, the same
/// absolute colour preference, other colour limits.
pub fn first_broken(judge: &Judge<'_>, articles: &Articles, recorded: &RoundPairing) -> Option<Explanation> {
    let [c1, c2, c3] = articles.keys;
    for (number, board) in recorded.boards.iter().enumerate() {
        let board_no = number + 1;
        let Some(&w) = judge.index.get(&board.white) else { continue };
        let Some(black) = board.black else {
            if !(judge.pab_eligible)(w) {
                return Some(finding(
                    c2,
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
        let pairs = format!("board {board_no} pairs {} and {black}", board.white);
        if let Some(round) = judge.state.past_of(board.white).iter().position(|r| r.played_opponent() == Some(black)) {
            return Some(finding(c1, format!("{}: {pairs}, who already met in round {}", articles.c1, round + 1)));
        }
        let key = (board.white.min(black), board.white.max(black));
        if judge.state.forbidden.contains(&key) {
            return Some(finding(
                FORBIDDEN,
                format!("{pairs}, whom the tournament prohibits from meeting (record 260/XXP)"),
            ));
        }
        if let Some(colour) = (judge.same_absolute)(w, b) {
            return Some(finding(
                c3,
                format!(
                    "{}: {pairs}, who both have an absolute preference for {} ({})",
                    articles.c3,
                    capitalised(colour),
                    articles.absolute_preference
                ),
            ));
        }
        // Incompatible otherwise: by the colour limits, which leave neither player a colour the
        // other may take the opposite of.
        return Some(finding(
            c3,
            format!("{}: {pairs}, whose colour limits leave no colours for a game between them", articles.c3),
        ));
    }
    None
}

/// The criterion name of a forbidden pair: the record that declares it.
pub const FORBIDDEN: &str = "260";

/// The names of the findings of [`first_broken`] under [`KEYS`], for a system's severity classes:
/// all absolute.
pub const CRITERIA: &[&str] = &["C1", "C2", "C3", FORBIDDEN];
