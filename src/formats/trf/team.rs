//! The informative team records of TRF-2026, read leniently: `802` (fixed columns) and `801`
//! (variable width). TRF-2026 says a program may ignore them; trfcheck reads them only to
//! cross-check them against the results it computes from the games (`validate::teams`), so a
//! record it cannot read is a warning, never a reason to reject the file.

use super::fields;
use super::layout::{Columns, team_report as columns};
use crate::model::{Colour, Points};

/// Why an informative record could not be read: the column (1-based, in characters) and what
/// was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ReportError {
    pub column: usize,
    pub message: String,
}

fn error(column: usize, message: impl Into<String>) -> ReportError {
    ReportError { column, message: message.into() }
}

/// A team's round as 801 or 802 writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportOpponent {
    /// A match against this team.
    Team(u32),
    /// A bye: `PAB`, `FPB`, `HPB`, `ZPB` (802), or the board letters `U`, `F`, `H`, `Z` (801).
    Bye(char),
    /// Nothing written for the round.
    None,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRound {
    pub opponent: ReportOpponent,
    pub colour: Option<Colour>,
    /// 802: the game points of the round; 801: the points of its board results (1, = and 0 as
    /// one, a half and nothing), when every board letter is one of those.
    pub game_points: Option<Points>,
    /// 802 column 39: the match was forfeited (`f`/`F`).
    pub forfeit: bool,
    /// 801: the board results as written (`=0=1`, `FFFF`).
    pub boards: Option<String>,
    /// 801: the roster id of each board's player (`1534`: the 1st, 5th, 3rd and 4th of the
    /// roster; `0` an empty board), when written.
    pub roster_ids: Option<String>,
    /// First column of the round's field, for messages.
    pub column: usize,
}

/// One 801 or 802 record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamReport {
    pub team: u32,
    pub nickname: Option<String>,
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    pub rounds: Vec<ReportRound>,
}

fn slice(chars: &[char], first: usize, last: usize) -> String {
    let start = (first - 1).min(chars.len());
    let end = last.min(chars.len());
    chars[start..end].iter().collect()
}

fn colour(text: &str) -> Result<Option<Colour>, ()> {
    match text.trim() {
        "w" | "W" => Ok(Some(Colour::White)),
        "b" | "B" => Ok(Some(Colour::Black)),
        "" | "-" => Ok(None),
        _ => Err(()),
    }
}

fn optional_points(text: &str, column: usize, what: &str) -> Result<Option<Points>, ReportError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    fields::points(text).map(Some).ok_or_else(|| error(column, format!("{what} `{}` is not a score", text.trim())))
}

/// Reads an 802 record: TPN 5–7, nickname 9–13, match points 15–20, game points 22–27, then
/// per round, every 13 columns from 29: opponent (or PAB/FPB/HPB/ZPB) 29–31, colour 33, game
/// points 35–38, forfeit flag 39.
pub fn read_802(text: &str) -> Result<TeamReport, ReportError> {
    let chars: Vec<char> = text.trim_end().chars().collect();
    let field = |c: Columns| slice(&chars, c.first, c.last);
    let team = fields::number(&field(columns::TEAM))
        .filter(|&n| n > 0)
        .ok_or_else(|| error(columns::TEAM.first, "a team number in columns 5–7"))?;
    let nickname = Some(field(columns::NICKNAME).trim().to_owned()).filter(|n| !n.is_empty());
    let match_points = optional_points(&field(columns::MATCH_POINTS), columns::MATCH_POINTS.first, "match points")?;
    let game_points = optional_points(&field(columns::GAME_POINTS), columns::GAME_POINTS.first, "game points")?;
    let mut rounds = Vec::new();
    let mut index = 0;
    while columns::OPPONENT.nth(index).first <= chars.len() {
        let opponent_columns = columns::OPPONENT.nth(index);
        let first = opponent_columns.first;
        let opponent_text = slice(&chars, first, opponent_columns.last);
        let opponent = match opponent_text.trim() {
            "" => ReportOpponent::None,
            "PAB" => ReportOpponent::Bye('U'),
            "FPB" => ReportOpponent::Bye('F'),
            "HPB" => ReportOpponent::Bye('H'),
            "ZPB" => ReportOpponent::Bye('Z'),
            other => match fields::number(other) {
                Some(n) if n > 0 => ReportOpponent::Team(n),
                _ => return Err(error(first, format!("`{other}` is neither a team number nor PAB, FPB, HPB, ZPB"))),
            },
        };
        let c = columns::COLOUR.nth(index);
        let colour = colour(&slice(&chars, c.first, c.last))
            .map_err(|()| error(c.first, "a colour (w, b or blank)".to_owned()))?;
        let g = columns::ROUND_GAME_POINTS.nth(index);
        let game_points = optional_points(&slice(&chars, g.first, g.last), g.first, "game points")?;
        let f = columns::FORFEIT.nth(index);
        let forfeit = match slice(&chars, f.first, f.last).trim() {
            "" => false,
            "f" | "F" => true,
            other => return Err(error(f.first, format!("forfeit flag `{other}`: expected f, F or blank"))),
        };
        rounds.push(ReportRound {
            opponent,
            colour,
            game_points,
            forfeit,
            boards: None,
            roster_ids: None,
            column: first,
        });
        index += 1;
    }
    while rounds.last().is_some_and(|r| r.opponent == ReportOpponent::None && r.game_points.is_none()) {
        rounds.pop();
    }
    Ok(TeamReport { team, nickname, match_points, game_points, rounds })
}

/// Reads an 801 record by its words: TPN, nickname, match points, game points, then per round
/// the opponent, the colour, one result letter per board and one roster id per board, or the
/// board letters alone for a bye (`FFFF`). TRF-2026 gives its widths as formulas of the team
/// and board counts that no transcription of the text carries, so the words, not the columns,
/// are read.
pub fn read_801(text: &str) -> Result<TeamReport, ReportError> {
    // Words with the column each starts at.
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, c) in text.trim_end().chars().enumerate() {
        if c.is_whitespace() {
            if let Some(word) = current.take() {
                words.push(word);
            }
        } else {
            match &mut current {
                Some((_, word)) => word.push(c),
                None => current = Some((i + 1, c.to_string())),
            }
        }
    }
    words.extend(current);
    let mut words = words.into_iter().skip(1).peekable(); // the tag
    let (column, word) = words.next().ok_or_else(|| error(5, "a team number"))?;
    let team = fields::number(&word).filter(|&n| n > 0).ok_or_else(|| error(column, "a team number"))?;
    // The nickname is optional: the next word is one unless it reads as a score.
    let nickname = match words.peek() {
        Some((_, w)) if fields::points(w).is_none() => words.next().map(|(_, w)| w),
        _ => None,
    };
    let mut score = |what: &str| -> Result<Option<Points>, ReportError> {
        match words.next() {
            Some((column, w)) => {
                fields::points(&w).map(Some).ok_or_else(|| error(column, format!("{what} `{w}` is not a score")))
            }
            None => Ok(None),
        }
    };
    let match_points = score("match points")?;
    let game_points = score("game points")?;
    let words: Vec<(usize, String)> = words.collect();
    let mut rounds = Vec::new();
    let mut i = 0;
    let is_colour = |w: &str| matches!(w, "w" | "b" | "W" | "B" | "-");
    while i < words.len() {
        let (column, word) = &words[i];
        if let Some(n) = fields::number(word).filter(|_| words.get(i + 1).is_some_and(|(_, w)| is_colour(w))) {
            let colour = colour(&words[i + 1].1).map_err(|()| error(words[i + 1].0, "a colour"))?;
            let Some((results_column, results)) = words.get(i + 2).cloned() else {
                return Err(error(*column, "the board results after the opponent and colour"));
            };
            i += 3;
            // The roster ids follow the results after one blank, as long as them; a forfeited
            // match leaves them blank (and its letters could be ids: `HHHH` is a bye).
            let length = results.chars().count();
            let boards_word =
                words.get(i).filter(|(c, w)| *c == results_column + length + 1 && w.chars().count() == length);
            let roster_ids = boards_word.map(|(_, w)| w.clone());
            if roster_ids.is_some() {
                i += 1;
            }
            let game_points = board_points(&results);
            rounds.push(ReportRound {
                opponent: ReportOpponent::Team(n),
                colour,
                game_points,
                forfeit: false,
                boards: Some(results),
                roster_ids,
                column: *column,
            });
        } else if !word.is_empty() && word.chars().all(|c| matches!(c, 'F' | 'H' | 'Z' | 'U')) {
            let letter = word.chars().next().unwrap_or('Z');
            rounds.push(ReportRound {
                opponent: ReportOpponent::Bye(letter),
                colour: None,
                game_points: None,
                forfeit: false,
                boards: Some(word.clone()),
                roster_ids: None,
                column: *column,
            });
            i += 1;
        } else {
            return Err(error(*column, format!("`{word}`: expected an opponent and a colour, or bye letters (FFFF)")));
        }
    }
    Ok(TeamReport { team, nickname, match_points, game_points, rounds })
}

/// The game points of 801 board letters under the FIDE scale, when all are results of games.
fn board_points(results: &str) -> Option<Points> {
    results
        .chars()
        .map(|c| match c {
            '1' | '+' | 'W' => Some(Points::ONE),
            '=' | 'D' => Some(Points::HALF),
            '0' | '-' | 'L' => Some(Points::ZERO),
            _ => None,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Records of the TEC's TRF-2026 sample (GrandMommysCup), shortened to three rounds.
    const R802: &str = "802   3 GEO     19     32.5 FPB    4.0    16 w  2.5    24 b  0.0f";
    const R801: &str = "801  3 GEO   19   32.5       FFFF       16 w 11=0 1254  17 w =-=1 1034  24 b ----            HHHH       29 b 1=01 1234";

    #[test]
    fn reads_802_by_columns() {
        let r = read_802(R802).unwrap();
        assert_eq!((r.team, r.nickname.as_deref()), (3, Some("GEO")));
        assert_eq!((r.match_points, r.game_points), (Some(Points::whole(19)), Some(Points::from_tenths(325))));
        assert_eq!(r.rounds.len(), 3);
        assert_eq!(
            (r.rounds[0].opponent.clone(), r.rounds[0].game_points),
            (ReportOpponent::Bye('F'), Some(Points::whole(4)))
        );
        assert_eq!((r.rounds[1].opponent.clone(), r.rounds[1].colour), (ReportOpponent::Team(16), Some(Colour::White)));
        assert!(r.rounds[2].forfeit && !r.rounds[1].forfeit);
        assert_eq!(r.rounds[2].column, 55);
    }

    #[test]
    fn malformed_802_names_the_column() {
        assert_eq!(read_802("802   x GEO").unwrap_err().column, 5);
        assert_eq!(read_802("802   3 GEO     1x     32.5").unwrap_err().column, 15);
        assert_eq!(read_802("802   3 GEO     19     32.5 XYZ    4.0").unwrap_err().column, 29);
        assert_eq!(read_802("802   3 GEO     19     32.5  16 q  2.5").unwrap_err().column, 33);
        assert_eq!(read_802("802   3 GEO     19     32.5  16 w  2.5x").unwrap_err().column, 39);
    }

    #[test]
    fn reads_801_by_words() {
        let r = read_801(R801).unwrap();
        assert_eq!((r.team, r.match_points), (3, Some(Points::whole(19))));
        let opponents: Vec<ReportOpponent> = r.rounds.iter().map(|r| r.opponent.clone()).collect();
        assert_eq!(
            opponents,
            [
                ReportOpponent::Bye('F'),
                ReportOpponent::Team(16),
                ReportOpponent::Team(17),
                ReportOpponent::Team(24),
                ReportOpponent::Bye('H'),
                ReportOpponent::Team(29)
            ]
        );
        assert_eq!(r.rounds[1].game_points, Some(Points::from_tenths(25)));
        // A forfeited match: no roster ids, and the next round follows at once.
        assert_eq!(r.rounds[3].game_points, Some(Points::ZERO));
        assert_eq!(r.rounds[4].boards.as_deref(), Some("HHHH"));
        assert_eq!(r.rounds[5].boards.as_deref(), Some("1=01"));
        assert_eq!((r.rounds[2].roster_ids.as_deref(), r.rounds[3].roster_ids.as_deref()), (Some("1034"), None));
    }

    #[test]
    fn malformed_801_names_the_column() {
        assert_eq!(read_801("801  x GEO").unwrap_err().column, 6);
        assert_eq!(read_801("801  3 GEO   19   32.5  16 w").unwrap_err().column, 25);
        assert_eq!(read_801("801  3 GEO   19   32.5  ?? w 11=0 1254").unwrap_err().column, 25);
    }
}
