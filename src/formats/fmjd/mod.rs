//! Draughts crosstables: the Draughts Arbiter export and the FMJD-report matrix.
//!
//! Both are `;`-separated tables with one row per player and one cell per round. They differ in
//! how a cell is written and in how players are numbered:
//!
//! | | Draughts Arbiter (`Place;S.No.;…`) | FMJD-report (`Pl;FMJD-id;…`) |
//! |---|---|---|
//! | cell | `68b2`: opponent, colour, score (`+`/`-` unplayed) | `2/18b`: score, opponent, colour (`+`/`-` after) |
//! | opponent numbered by | final place | final place |
//! | starting number | `S.No.` column | none |
//! | bye | (not seen) | a game against a row named `Dummy` |
//!
//! Both become the same [`Tournament`] as a TRF: players numbered by starting number where the
//! file has one (the Arbiter export; opponents are renumbered from place to starting number), by
//! final place otherwise ([`Numbering::FinalPlaces`]). Scores become TRF result codes under the
//! draughts point system (2/1/0); a score no code expresses (the Delft scale) is kept per game.

use std::collections::BTreeMap;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::formats::source::{Line, SourceText};
use crate::model::{
    Colour, DraughtsPlayer, Numbering, Player, PlayerId, PointSystem, Points, ResultCode, RoundEntry, SourceFormat,
    Tournament,
};

/// Which crosstable layout a file uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Arbiter,
    Report,
}

/// Finds the header row of a crosstable, if the text is one.
pub fn detect(source: &SourceText) -> Option<Layout> {
    source.lines_starting_before(super::SNIFF_BYTES).find_map(|line| {
        let cells: Vec<&str> = line.text.split(';').map(str::trim).collect();
        match cells.as_slice() {
            ["Place", "S.No.", ..] => Some(Layout::Arbiter),
            ["Pl", "FMJD-id", ..] => Some(Layout::Report),
            _ => None,
        }
    })
}

/// A cell of a row, with the character column where it starts.
struct Cell<'a> {
    text: &'a str,
    column: usize,
}

impl Cell<'_> {
    fn span(&self, line: usize) -> Span {
        Span::new(line, self.column, self.column + self.text.chars().count().max(1))
    }
}

fn cells<'a>(line: &Line<'a>) -> Vec<Cell<'a>> {
    let mut out = Vec::new();
    let mut column = 1;
    for text in line.text.split(';') {
        out.push(Cell { text: text.trim(), column });
        column += text.chars().count() + 1;
    }
    out
}

/// One round cell, read.
#[derive(Clone, Copy, Debug)]
struct Game {
    /// Opponent as the file numbers it (final place).
    opponent: u32,
    colour: Colour,
    /// The points written in the cell; `None` for the Arbiter export's `+`/`-`.
    score: Option<Points>,
    /// `Some(true)` for `+`, `Some(false)` for `-`: not played over the board.
    forfeit: Option<bool>,
}

/// `68b2`, `67w-`, `3w+`.
fn arbiter_cell(text: &str) -> Option<Game> {
    let split = text.find(['w', 'b'])?;
    let opponent = text[..split].parse().ok()?;
    let colour = if &text[split..split + 1] == "w" { Colour::White } else { Colour::Black };
    let rest = &text[split + 1..];
    let (score, forfeit) = match rest {
        "+" => (None, Some(true)),
        "-" => (None, Some(false)),
        digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            (Some(Points::parse(digits)?), None)
        }
        _ => return None,
    };
    Some(Game { opponent, colour, score, forfeit })
}

/// `2/18b`, `12/3w`, `2/4b+`, `1.5/7w`.
fn report_cell(text: &str) -> Option<Game> {
    let (score, rest) = text.split_once('/')?;
    let score = Points::parse(score)?;
    let (rest, forfeit) = match rest.as_bytes().last()? {
        b'+' => (&rest[..rest.len() - 1], Some(true)),
        b'-' => (&rest[..rest.len() - 1], Some(false)),
        _ => (rest, None),
    };
    let colour = match rest.chars().last()? {
        'w' => Colour::White,
        'b' => Colour::Black,
        _ => return None,
    };
    let number = &rest[..rest.len() - 1];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Game { opponent: number.parse().ok()?, colour, score: Some(score), forfeit })
}

/// A player row before numbering is settled.
struct Row {
    place: u32,
    start: Option<u32>,
    player: Player,
    games: Vec<Option<(Game, Span)>>,
    line: usize,
    points_span: Option<Span>,
}

/// Reads either layout.
pub fn read(source: &SourceText, layout: Layout) -> (Tournament, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    let mut tournament = Tournament::default();
    let mut header: Option<(Vec<String>, usize)> = None;
    let mut rows: Vec<Row> = Vec::new();
    let mut titles: Vec<String> = Vec::new();
    let mut delft = false;
    for line in source.lines() {
        let row = cells(&line);
        if row.iter().all(|c| c.text.is_empty()) {
            continue;
        }
        let Some((names, _)) = &header else {
            let first = row[0].text;
            if (layout == Layout::Arbiter && first == "Place") || (layout == Layout::Report && first == "Pl") {
                header = Some((row.iter().map(|c| c.text.to_owned()).collect(), line.number));
            } else {
                // Title lines: the tournament name, and markers such as `fill in FMJD-report`.
                for cell in row.iter().filter(|c| !c.text.is_empty()) {
                    if cell.text.eq_ignore_ascii_case("Delftse telling") {
                        delft = true;
                    } else if !cell.text.contains("FMJD-report")
                        && !cell.text.eq_ignore_ascii_case("Tournament table")
                        && !cell.text.starts_with("http")
                    {
                        titles.push(cell.text.to_owned());
                    }
                }
            }
            continue;
        };
        match read_row(&line, &row, names, layout, &mut diagnostics) {
            Some(player_row) => rows.push(player_row),
            None => continue,
        }
    }
    let Some((names, header_line)) = header else {
        diagnostics.push(
            Diagnostic::error(Code::UnknownFormat, "no header row in the crosstable")
                .expected("a row starting `Place;S.No.;` (Draughts Arbiter) or `Pl;FMJD-id;` (FMJD-report)"),
        );
        return (tournament, diagnostics);
    };
    tournament.header.name = titles.first().cloned();
    let round_count = names.iter().filter(|n| round_number(n).is_some()).count() as u32;
    tournament.header.rounds = (round_count > 0).then_some(round_count);
    tournament.point_system = if delft { delft_point_system() } else { PointSystem::draughts() };
    tournament.point_system_declared = true;
    tournament.origin.format = Some(match layout {
        Layout::Arbiter => SourceFormat::DraughtsArbiter,
        Layout::Report => SourceFormat::FmjdReport,
    });
    tournament.origin.record_lines.insert("header".into(), header_line);
    settle(&mut tournament, rows, layout, &mut diagnostics);
    (tournament, diagnostics)
}

/// Delft scoring ("Delftse telling"): a game is worth 12 points shared by the scale the research
/// notes quote (12-0, 9-1, 8-2, 7-3, 6-4); the crosstable gives each game's points, which are kept
/// per game. The nominal values here only price a bye: a win 12, a draw 6.
fn delft_point_system() -> PointSystem {
    let mut system = PointSystem::draughts();
    system.white_win = Points::whole(12);
    system.black_win = Points::whole(12);
    system.forfeit_win = Points::whole(12);
    system.full_point_bye = Points::whole(12);
    system.white_draw = Points::whole(6);
    system.black_draw = Points::whole(6);
    system.half_point_bye = Points::whole(6);
    system
}

/// `R7` → 7.
fn round_number(name: &str) -> Option<u32> {
    name.strip_prefix('R')?.parse().ok()
}

fn read_row(line: &Line<'_>, row: &[Cell<'_>], names: &[String], layout: Layout, d: &mut Diagnostics) -> Option<Row> {
    let column = |name: &str| names.iter().position(|n| n == name);
    let cell = |index: Option<usize>| index.and_then(|i| row.get(i));
    let text = |index: Option<usize>| cell(index).map(|c| c.text).filter(|t| !t.is_empty());
    let place_cell = &row[0];
    let Some(place) = place_cell.text.parse::<u32>().ok().filter(|p| (1..=9999).contains(p)) else {
        d.push(
            Diagnostic::error(Code::BadCell, format!("`{}` is not a place", place_cell.text))
                .at(place_cell.span(line.number))
                .expected("the player's final place, a number from 1 to 9999, in the first column"),
        );
        return None;
    };
    let mut player = Player { id: place, rank: Some(place), ..Player::default() };
    let mut draughts = DraughtsPlayer::default();
    let start = match layout {
        Layout::Arbiter => {
            let index = column("S.No.");
            match text(index).map(str::parse::<u32>) {
                // TRF holds pairing numbers in four columns.
                Some(Ok(n)) if (1..=9999).contains(&n) => Some(n),
                _ => {
                    let c = cell(index).unwrap_or(place_cell);
                    d.push(
                        Diagnostic::error(Code::BadCell, format!("starting number `{}`", c.text))
                            .at(c.span(line.number))
                            .expected("a starting number from 1 to 9999 in the S.No. column"),
                    );
                    return None;
                }
            }
        }
        Layout::Report => None,
    };
    player.title = text(column("Title")).map(str::to_owned);
    player.name = text(column("Name")).unwrap_or_default().to_owned();
    player.federation = text(column("Fed.").or(column("Cn"))).map(str::to_owned);
    draughts.fmjd_id = text(column("FMJD-id")).map(str::to_owned);
    let rating_index = match layout {
        Layout::Arbiter => column("FMJD"),
        Layout::Report => column("FMJD").or(column("rating")),
    };
    if let Some(rating) = text(rating_index) {
        // `A 2339`: a list letter, then the rating.
        let (list, number) = match rating.split_once(' ') {
            Some((list, number)) if list.chars().all(|c| c.is_ascii_alphabetic()) => (Some(list), number),
            _ => (None, rating),
        };
        match number.trim().parse::<u32>() {
            Ok(r) => {
                player.rating = (r > 0).then_some(r);
                draughts.rating_list = list.map(str::to_owned);
            }
            Err(_) => {
                let c = cell(rating_index).unwrap_or(place_cell);
                d.push(
                    Diagnostic::error(Code::BadCell, format!("rating `{rating}`"))
                        .at(c.span(line.number))
                        .expected("a rating, optionally after a list letter (`A 2339`)")
                        .recoverable(),
                );
            }
        }
    }
    let total_index = ["Total", "Pt", "Pts"].iter().find_map(|n| column(n));
    let points_span = cell(total_index).map(|c| c.span(line.number));
    // Both layouts print every player's points; without them the results cannot be cross-checked.
    if text(total_index).is_none() {
        let c = cell(total_index).unwrap_or(place_cell);
        let span = if total_index.is_some() && cell(total_index).is_some() {
            c.span(line.number)
        } else {
            Span::new(line.number, line.width() + 1, line.width() + 2)
        };
        d.push(
            Diagnostic::error(Code::BadCell, "no points for this player")
                .at(span)
                .expected(match total_index {
                    Some(_) => "the player's points in the total column".to_owned(),
                    None => "a total column (`Total`, `Pt` or `Pts`) in the header".to_owned(),
                })
                .recoverable(),
        );
    }
    if let Some(total) = text(total_index) {
        match Points::parse(total) {
            Some(points) => player.points = Some(points),
            None => {
                let c = cell(total_index).unwrap_or(place_cell);
                d.push(
                    Diagnostic::error(Code::BadCell, format!("total `{total}`"))
                        .at(c.span(line.number))
                        .expected("the player's points")
                        .recoverable(),
                );
            }
        }
    }
    // Tie-break columns printed after the total (the Arbiter export's SSolk).
    if let Some(total) = total_index {
        for (name, index) in names.iter().zip(0..).skip(total + 1) {
            if name.is_empty() {
                continue;
            }
            if let Some(value) = text(Some(index)).and_then(Points::parse) {
                draughts.reported_tie_breaks.push((name.clone(), value));
            }
        }
    }
    let mut games = Vec::new();
    for (index, name) in names.iter().enumerate() {
        let Some(round) = round_number(name) else {
            continue;
        };
        let Some(c) = row.get(index).filter(|c| !c.text.is_empty()) else {
            games.push(None);
            continue;
        };
        let game = match layout {
            Layout::Arbiter => arbiter_cell(c.text),
            Layout::Report => report_cell(c.text),
        };
        match game {
            Some(game) => games.push(Some((game, c.span(line.number)))),
            None => {
                let expected = match layout {
                    Layout::Arbiter => "opponent, colour and score, as `68b2`, or `67w-` for an unplayed game",
                    Layout::Report => "score, opponent and colour, as `2/18b`, or an empty cell",
                };
                d.push(
                    Diagnostic::error(Code::BadCell, format!("round {round}: cannot read `{}`", c.text))
                        .at(c.span(line.number))
                        .expected(expected),
                );
                games.push(None);
            }
        }
    }
    if draughts != DraughtsPlayer::default() {
        player.draughts = Some(draughts);
    }
    Some(Row { place, start, player, games, line: line.number, points_span })
}

/// Numbers the players, turns the `Dummy` row into byes, and writes round entries.
fn settle(tournament: &mut Tournament, rows: Vec<Row>, layout: Layout, d: &mut Diagnostics) {
    let dummy: Option<u32> = rows.iter().find(|r| r.player.name.trim().eq_ignore_ascii_case("dummy")).map(|r| r.place);
    let mut id_of_place: BTreeMap<u32, PlayerId> = BTreeMap::new();
    for row in &rows {
        let id = row.start.unwrap_or(row.place);
        if id_of_place.insert(row.place, id).is_some() {
            d.push(
                Diagnostic::error(Code::Duplicate, format!("place {} appears twice", row.place))
                    .at(Span::new(row.line, 1, 2))
                    .expected("one row per place"),
            );
        }
    }
    // The cell a player's opponent wrote about the same game, to tell wins from losses on scales
    // where points alone do not say it.
    let by_place: BTreeMap<u32, &Row> = rows.iter().map(|r| (r.place, r)).collect();
    let system = tournament.point_system.clone();
    let mut players = Vec::new();
    let mut seen_ids = BTreeMap::new();
    for row in &rows {
        if Some(row.place) == dummy {
            continue;
        }
        let mut player = row.player.clone();
        player.id = id_of_place[&row.place];
        if let Some(first) = seen_ids.insert(player.id, row.line) {
            d.push(
                Diagnostic::error(
                    Code::Duplicate,
                    format!("starting number {} is used again (first at line {first})", player.id),
                )
                .at(Span::new(row.line, 1, 2))
                .expected("each starting number once"),
            );
            continue;
        }
        for (round_index, game) in row.games.iter().enumerate() {
            let entry = match game {
                None => RoundEntry::BLANK,
                Some((game, span)) => {
                    if Some(game.opponent) == dummy {
                        dummy_entry(game, &system, span, d)
                    } else if let Some(&opponent) = id_of_place.get(&game.opponent) {
                        let mirror = by_place
                            .get(&game.opponent)
                            .and_then(|r| r.games.get(round_index).and_then(|g| g.as_ref()))
                            .map(|(g, _)| *g);
                        game_entry(game, opponent, mirror, &system)
                    } else {
                        d.push(
                            Diagnostic::error(
                                Code::UnknownPlayer,
                                format!(
                                    "round {}: opponent {} is not a place in the table",
                                    round_index + 1,
                                    game.opponent
                                ),
                            )
                            .at(span.clone())
                            .expected("the final place of another player"),
                        );
                        RoundEntry::BLANK
                    }
                }
            };
            player.rounds.push(entry);
        }
        while player.rounds.last().is_some_and(RoundEntry::is_blank) {
            player.rounds.pop();
        }
        let origin = &mut tournament.origin;
        origin.player_lines.insert(player.id, row.line);
        if let Some(span) = &row.points_span {
            origin.points_spans.insert(player.id, span.clone());
        }
        for (index, game) in row.games.iter().enumerate() {
            if let Some((_, span)) = game {
                origin.round_spans.insert((player.id, index as u32 + 1), span.clone());
            }
        }
        players.push(player);
    }
    players.sort_by_key(|p| p.id);
    tournament.players = players;
    tournament.numbering = match layout {
        Layout::Arbiter => Numbering::PairingNumbers,
        Layout::Report => Numbering::FinalPlaces,
    };
}

/// A game against the Dummy row: the FMJD-report way of writing the bye.
fn dummy_entry(game: &Game, system: &PointSystem, span: &Span, d: &mut Diagnostics) -> RoundEntry {
    let score = game.score.unwrap_or(Points::ZERO);
    if score == system.pab() {
        return RoundEntry::bye(ResultCode::PairingAllocatedBye);
    }
    if score.is_zero() {
        d.push(
            Diagnostic::warning(Code::BadCell, "a game against Dummy that scores nothing")
                .at(span.clone())
                .expected(format!("{} points for the bye", system.pab()))
                .note("read as an absence (zero-point bye): no game was played and no bye was given"),
        );
        return RoundEntry::bye(ResultCode::ZeroPointBye);
    }
    RoundEntry { game_points: Some(score), ..RoundEntry::bye(ResultCode::PairingAllocatedBye) }
}

/// A game against a real opponent.
fn game_entry(game: &Game, opponent: PlayerId, mirror: Option<Game>, system: &PointSystem) -> RoundEntry {
    let result = match (game.forfeit, game.score) {
        (Some(true), _) => ResultCode::ForfeitWin,
        (Some(false), _) => ResultCode::ForfeitLoss,
        (None, Some(score)) => {
            let win = if game.colour == Colour::White { system.white_win } else { system.black_win };
            let draw = if game.colour == Colour::White { system.white_draw } else { system.black_draw };
            match mirror.and_then(|m| m.score) {
                // The two scores of a game tell who won whatever the scale.
                Some(other) if score > other => ResultCode::Win,
                Some(other) if score < other => ResultCode::Loss,
                Some(_) => ResultCode::Draw,
                None if score >= win => ResultCode::Win,
                None if score >= draw => ResultCode::Draw,
                None => ResultCode::Loss,
            }
        }
        (None, None) => ResultCode::Blank,
    };
    let mut entry = RoundEntry::game(opponent, game.colour, result);
    if let Some(score) = game.score
        && score != entry.points(system)
    {
        entry.game_points = Some(score);
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::source::Encoding;
    use crate::model::{ByeKind, EntryKind};

    #[test]
    fn reads_both_cell_forms() {
        let g = arbiter_cell("68b2").unwrap();
        assert_eq!((g.opponent, g.colour, g.score, g.forfeit), (68, Colour::Black, Some(Points::whole(2)), None));
        assert_eq!(arbiter_cell("67w-").unwrap().forfeit, Some(false));
        assert!(arbiter_cell("b2").is_none());
        assert!(arbiter_cell("12x2").is_none());
        let g = report_cell("2/18b").unwrap();
        assert_eq!((g.opponent, g.colour, g.score), (18, Colour::Black, Some(Points::whole(2))));
        assert_eq!(report_cell("12/3w").unwrap().score, Some(Points::whole(12)));
        assert_eq!(report_cell("2/4b+").unwrap().forfeit, Some(true));
        assert!(report_cell("2/b").is_none());
        assert!(report_cell("2-18b").is_none());
        // Found by fuzzing: a multibyte character where the colour goes.
        assert!(report_cell("0/é").is_none());
        assert!(report_cell("2/Ð").is_none());
    }

    #[test]
    fn renumbers_arbiter_opponents_from_place_to_starting_number() {
        let text = "Place;S.No.;Title;Name;Fed.;FMJD;R1;Total;SSolk\n\
                    1;2;GMI;A, B;CMR;A 2339;2b2;2;0\n\
                    2;1;;C, D;CIV;;1w0;0;2\n";
        let source = SourceText::new(text.to_owned(), Encoding::Utf8);
        let (t, d) = read(&source, Layout::Arbiter);
        assert!(d.is_empty(), "{d:?}");
        let winner = t.player(2).unwrap();
        assert_eq!(winner.rank, Some(1));
        assert_eq!(winner.rounds[0], RoundEntry::game(1, Colour::Black, ResultCode::Win));
        assert_eq!(winner.rating, Some(2339));
        assert_eq!(winner.draughts.as_ref().unwrap().rating_list.as_deref(), Some("A"));
        assert_eq!(t.player(1).unwrap().rounds[0], RoundEntry::game(2, Colour::White, ResultCode::Loss));
    }

    #[test]
    fn the_dummy_row_becomes_byes() {
        let text = "Pl;FMJD-id;Title;Name;Cn;rating;R1;R2;Pt\n\
                    1;;;A;nl;;2/3w;2/2b;4\n\
                    2;;;B;nl;;0/3b;0/1w;0\n\
                    3;;;Dummy;nl;;0/1b;0/2w;0\n";
        let source = SourceText::new(text.to_owned(), Encoding::Utf8);
        let (t, d) = read(&source, Layout::Report);
        assert_eq!(t.players.len(), 2);
        assert_eq!(t.numbering, Numbering::FinalPlaces);
        assert_eq!(t.player(1).unwrap().rounds[0].kind(), EntryKind::Bye(ByeKind::PairingAllocated));
        assert_eq!(t.player(2).unwrap().rounds[0].kind(), EntryKind::Bye(ByeKind::ZeroPoint));
        assert_eq!(d.len(), 1, "{d:?}");
    }
}
