//! Draughts crosstables: the Draughts Arbiter export, the FMJD-report matrix and the forum
//! crosstable.
//!
//! All three are `;`-separated tables with one row per player and one cell per round. They differ
//! in how a cell is written and in how players are numbered:
//!
//! | | Draughts Arbiter (`Place;S.No.;…`) | FMJD-report (`Pl;FMJD-id;…`, `Pl;Sno;…`) | forum (`Pl;Name;1;2;…`) |
//! |---|---|---|---|
//! | cell | `68b2`: opponent, colour, score (`+`/`-` unplayed) | `2/18b`: score, opponent, colour (`+`/`-` after) | `4w2`, `1w-`, `3b+` as the Arbiter's |
//! | opponent numbered by | final place | final place | final place |
//! | starting number | `S.No.` column | `Sno` column, when there is one | none |
//! | bye | (not seen) | a game against a row named `Dummy` | (not seen) |
//!
//! All become the same [`Tournament`] as a TRF: players numbered by starting number where the
//! file has one (opponents are renumbered from place to starting number), by final place otherwise
//! ([`Numbering::FinalPlaces`]). Scores become TRF result codes under the draughts point system
//! (2/1/0); a score no code expresses (the Delft scale) is kept per game.
//!
//! Cells are split at `;` outside double quotes (RFC 4180 quoting, within a line: a spreadsheet
//! quotes a name such as `"Kirakeri; Ousmane"`). The split is done here, not with the `csv` crate:
//! findings name the character column of a cell in its line, and `csv` gives the byte position of
//! a record only, not of its fields; a quoted cell never spans lines in these tables.

use std::borrow::Cow;
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
    /// The Draughts Arbiter export: `Place;S.No.;…`, cells `68b2`.
    Arbiter,
    /// The FMJD-report matrix: `Pl;FMJD-id;…` or `Pl;Sno;…`, cells `2/18b`.
    Report,
    /// The crosstable of draughts forums (and Toernooibase's plain table): `Pl;Name;1;2;…`, cells
    /// `4w2` as the Arbiter export writes them.
    Forum,
}

impl Layout {
    /// The layout a header row announces, if the row is a crosstable header.
    fn of_header(cells: &[Cell<'_>]) -> Option<Layout> {
        let name = |i: usize| cells.get(i).map(|c| c.text.as_ref());
        match (name(0)?, name(1)?) {
            ("Place", "S.No.") => Some(Layout::Arbiter),
            ("Pl", "FMJD-id" | "Sno") => Some(Layout::Report),
            // `Pl;Name` alone heads many tables; a round column makes it a crosstable.
            ("Pl", "Name") if cells.iter().any(|c| round_number(&c.text).is_some()) => Some(Layout::Forum),
            _ => None,
        }
    }

    /// What a round cell of this layout looks like, for findings.
    fn expected_cell(self) -> &'static str {
        match self {
            Layout::Arbiter => "opponent, colour and score, as `68b2`, or `67w-` for an unplayed game",
            Layout::Report => "score, opponent and colour, as `2/18b`, or an empty cell",
            Layout::Forum => "opponent, colour and score, as `4w2`, `1w-` or `3b+`, or an empty cell",
        }
    }
}

/// Finds the header row of a crosstable, if the text is one.
pub fn detect(source: &SourceText) -> Option<Layout> {
    source
        .lines_starting_before(super::SNIFF_BYTES)
        .filter(|line| !is_comment(line.text))
        .find_map(|line| Layout::of_header(&split_cells(line.text).0))
}

/// A line that starts with `#` (after blanks) is a comment, before or after the table (the R
/// reader of these files, `clpippel/tiebreak/gf.r`, reads them with `comment.char = "#"`).
fn is_comment(text: &str) -> bool {
    text.trim_start().starts_with('#')
}

/// A cell of a row: its text (trimmed of blanks, quotes removed) and the character columns where
/// it is written.
struct Cell<'a> {
    text: Cow<'a, str>,
    /// 1-based character column of the cell's first character that is not a blank.
    column: usize,
    /// Characters from `column` to the cell's last character that is not a blank (quotes included).
    width: usize,
    /// 1-based character column of the first character of `text` (after an opening quote).
    text_column: usize,
}

impl Cell<'_> {
    fn span(&self, line: usize) -> Span {
        Span::new(line, self.column, self.column + self.width.max(1))
    }

    fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// Splits a line into cells at `;`, except inside double quotes (`"a; b"`, with `""` for a quote).
/// Also returns the column of a quote that is not closed on the line (that cell runs to the end of
/// the line). Linear in the length of the line.
fn split_cells(text: &str) -> (Vec<Cell<'_>>, Option<usize>) {
    let mut cells = Vec::new();
    let mut unclosed = None;
    let mut rest = text;
    // Column of the first character of `rest`.
    let mut column = 1;
    loop {
        let trimmed = rest.trim_start();
        let lead = rest[..rest.len() - trimmed.len()].chars().count();
        let start = column + lead;
        let (cell, consumed) = if let Some(body) = trimmed.strip_prefix('"') {
            match closing_quote(body) {
                Some(close) => {
                    // Text after the closing quote, up to the separator, is kept (`"a"b` reads `ab`,
                    // as spreadsheets read it).
                    let after = &body[close + 1..];
                    let end = after.find(';').unwrap_or(after.len());
                    let inner = &body[..close];
                    let extra = after[..end].trim_end();
                    let text = if inner.contains("\"\"") || !extra.is_empty() {
                        Cow::Owned(format!("{}{extra}", inner.replace("\"\"", "\"")).trim().to_owned())
                    } else {
                        Cow::Borrowed(inner.trim())
                    };
                    let raw = &trimmed[..1 + close + 1 + extra.len()];
                    let text_column = start + 1 + inner[..inner.len() - inner.trim_start().len()].chars().count();
                    let cell = Cell { text, column: start, width: raw.chars().count(), text_column };
                    (cell, &trimmed[1 + close + 1 + end..])
                }
                None => {
                    unclosed.get_or_insert(start);
                    let raw = trimmed.trim_end();
                    let text = Cow::Owned(body.replace("\"\"", "\"").trim().to_owned());
                    let text_column = start + 1 + body[..body.len() - body.trim_start().len()].chars().count();
                    (Cell { text, column: start, width: raw.chars().count(), text_column }, "")
                }
            }
        } else {
            let end = trimmed.find(';').unwrap_or(trimmed.len());
            let raw = trimmed[..end].trim_end();
            let cell = Cell { text: Cow::Borrowed(raw), column: start, width: raw.chars().count(), text_column: start };
            (cell, &trimmed[end..])
        };
        column = start + trimmed[..trimmed.len() - consumed.len()].chars().count();
        cells.push(cell);
        match consumed.strip_prefix(';') {
            Some(next) => {
                rest = next;
                column += 1;
            }
            None => break,
        }
    }
    (cells, unclosed)
}

/// The byte index in `body` (the text after an opening quote) of the closing quote: the first `"`
/// not doubled.
fn closing_quote(body: &str) -> Option<usize> {
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            if bytes.get(i + 1) == Some(&b'"') {
                i += 2;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
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

/// Why a round cell could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BadGame {
    /// Not in the layout's form.
    Unreadable,
    /// A score below zero (`-2/4w`), in the cell's first `len` bytes.
    Negative { len: usize },
}

/// `68b2`, `67w-`, `3w+` (the Arbiter export and the forum crosstable).
fn arbiter_cell(text: &str) -> Result<Game, BadGame> {
    let split = text.find(['w', 'b']).ok_or(BadGame::Unreadable)?;
    let number = &text[..split];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadGame::Unreadable);
    }
    let opponent = number.parse().map_err(|_| BadGame::Unreadable)?;
    let colour = if &text[split..split + 1] == "w" { Colour::White } else { Colour::Black };
    let rest = &text[split + 1..];
    let (score, forfeit) = match rest {
        "+" => (None, Some(true)),
        "-" => (None, Some(false)),
        digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            (Some(Points::parse(digits).ok_or(BadGame::Unreadable)?), None)
        }
        _ => return Err(BadGame::Unreadable),
    };
    Ok(Game { opponent, colour, score, forfeit })
}

/// `2/18b`, `12/3w`, `2/4b+`, `1.5/7w`.
fn report_cell(text: &str) -> Result<Game, BadGame> {
    let (score_text, rest) = text.split_once('/').ok_or(BadGame::Unreadable)?;
    let score = Points::parse(score_text).ok_or(BadGame::Unreadable)?;
    // A draughts score is the points a player took from a game: never below zero.
    if score < Points::ZERO {
        return Err(BadGame::Negative { len: score_text.len() });
    }
    let (rest, forfeit) = match rest.as_bytes().last().ok_or(BadGame::Unreadable)? {
        b'+' => (&rest[..rest.len() - 1], Some(true)),
        b'-' => (&rest[..rest.len() - 1], Some(false)),
        _ => (rest, None),
    };
    let colour = match rest.chars().last().ok_or(BadGame::Unreadable)? {
        'w' => Colour::White,
        'b' => Colour::Black,
        _ => return Err(BadGame::Unreadable),
    };
    let number = &rest[..rest.len() - 1];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadGame::Unreadable);
    }
    Ok(Game { opponent: number.parse().map_err(|_| BadGame::Unreadable)?, colour, score: Some(score), forfeit })
}

/// The header row: where each known column is.
struct Header {
    layout: Layout,
    line: usize,
    names: Vec<String>,
    /// The starting number: `S.No.` (Arbiter) or `Sno` (FMJD-report).
    start: Option<usize>,
    title: Option<usize>,
    name: Option<usize>,
    federation: Option<usize>,
    fmjd_id: Option<usize>,
    rating: Option<usize>,
    total: Option<usize>,
    /// The round columns, in the order of the header (round 1 first).
    rounds: Vec<usize>,
}

impl Header {
    fn new(layout: Layout, line: usize, cells: &[Cell<'_>]) -> Header {
        let names: Vec<String> = cells.iter().map(|c| c.text.clone().into_owned()).collect();
        let column = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
        let rating = match layout {
            Layout::Arbiter => column(&["FMJD"]),
            Layout::Report | Layout::Forum => column(&["FMJD"]).or(column(&["rating"])),
        };
        Header {
            layout,
            line,
            start: column(&["S.No.", "Sno"]),
            title: column(&["Title"]),
            name: column(&["Name"]),
            federation: column(&["Fed.", "Cn"]),
            fmjd_id: column(&["FMJD-id"]),
            rating,
            total: column(&["Total", "Pt", "Pts"]),
            rounds: names.iter().enumerate().filter(|(_, n)| round_number(n).is_some()).map(|(i, _)| i).collect(),
            names,
        }
    }
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

/// Reads any of the layouts.
pub fn read(source: &SourceText, layout: Layout) -> (Tournament, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    let mut tournament = Tournament::default();
    let mut header: Option<Header> = None;
    let mut rows: Vec<Row> = Vec::new();
    let mut titles: Vec<String> = Vec::new();
    let mut delft = false;
    for line in source.lines() {
        if is_comment(line.text) {
            continue;
        }
        let (row, unclosed) = split_cells(line.text);
        if row.iter().all(Cell::is_empty) {
            continue;
        }
        let Some(header) = &header else {
            if Layout::of_header(&row) == Some(layout) {
                header = Some(Header::new(layout, line.number, &row));
            } else {
                // Title lines: the tournament name, and markers such as `fill in FMJD-report`.
                for cell in row.iter().filter(|c| !c.is_empty()) {
                    let text = cell.text.as_ref();
                    if text.eq_ignore_ascii_case("Delftse telling") {
                        delft = true;
                    } else if !text.contains("FMJD-report")
                        && !text.eq_ignore_ascii_case("Tournament table")
                        && !text.starts_with("http")
                    {
                        titles.push(text.to_owned());
                    }
                }
            }
            continue;
        };
        if let Some(column) = unclosed {
            diagnostics.push(
                Diagnostic::error(Code::BadCell, "a quoted cell is not closed on its line")
                    .at(Span::new(line.number, column, line.width() + 1))
                    .expected(
                        "a closing `\"` before the end of the line (a quote inside a quoted cell is written `\"\"`)",
                    ),
            );
        }
        if let Some(player_row) = read_row(&line, &row, header, &mut diagnostics) {
            rows.push(player_row);
        }
    }
    let Some(header) = header else {
        diagnostics.push(Diagnostic::error(Code::UnknownFormat, "no header row in the crosstable").expected(
            "a row starting `Place;S.No.;` (Draughts Arbiter), `Pl;FMJD-id;` or `Pl;Sno;` (FMJD-report), \
             or `Pl;Name;` with round columns (forum crosstable)",
        ));
        return (tournament, diagnostics);
    };
    tournament.header.name = titles.first().cloned();
    let round_count = header.rounds.len() as u32;
    tournament.header.rounds = (round_count > 0).then_some(round_count);
    tournament.point_system = if delft { delft_point_system() } else { PointSystem::draughts() };
    tournament.point_system_declared = true;
    // The crosstables are FMJD's and the draughts forums': the source declares the game, and
    // `convert` carries it into the TRF (`XDK DRAUGHTS`).
    tournament.game = Some(crate::model::Game::Draughts);
    tournament.origin.format = Some(match layout {
        Layout::Arbiter => SourceFormat::DraughtsArbiter,
        Layout::Report => SourceFormat::FmjdReport,
        Layout::Forum => SourceFormat::ForumCrosstable,
    });
    tournament.origin.record_lines.insert("header".into(), header.line);
    let numbering = if header.start.is_some() { Numbering::PairingNumbers } else { Numbering::FinalPlaces };
    settle(&mut tournament, rows, numbering, &mut diagnostics);
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

/// The round a column heads: `R7` (Arbiter, FMJD-report), `7` (forum), `rd7` (Toernooibase's plain
/// table); `R` and `rd` in any case.
fn round_number(name: &str) -> Option<u32> {
    let lower = name.to_ascii_lowercase();
    let digits = lower.strip_prefix("rd").or_else(|| lower.strip_prefix('r')).unwrap_or(&lower);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

fn read_row(line: &Line<'_>, row: &[Cell<'_>], header: &Header, d: &mut Diagnostics) -> Option<Row> {
    let cell = |index: Option<usize>| index.and_then(|i| row.get(i));
    let text = |index: Option<usize>| cell(index).map(|c| c.text.as_ref()).filter(|t| !t.is_empty());
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
    let start = match header.start {
        Some(index) => match text(Some(index)).map(str::parse::<u32>) {
            // TRF holds pairing numbers in four columns.
            Some(Ok(n)) if (1..=9999).contains(&n) => Some(n),
            _ => {
                let c = cell(Some(index)).unwrap_or(place_cell);
                d.push(
                    Diagnostic::error(Code::BadCell, format!("starting number `{}`", c.text))
                        .at(c.span(line.number))
                        .expected(format!("a starting number from 1 to 9999 in the {} column", header.names[index])),
                );
                return None;
            }
        },
        None => None,
    };
    player.title = text(header.title).map(str::to_owned);
    player.name = text(header.name).unwrap_or_default().to_owned();
    player.federation = text(header.federation).map(str::to_owned);
    draughts.fmjd_id = text(header.fmjd_id).map(str::to_owned);
    if let Some(rating) = text(header.rating) {
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
                let c = cell(header.rating).unwrap_or(place_cell);
                d.push(
                    Diagnostic::error(Code::BadCell, format!("rating `{rating}`"))
                        .at(c.span(line.number))
                        .expected("a rating, optionally after a list letter (`A 2339`)")
                        .recoverable(),
                );
            }
        }
    }
    let points_span = cell(header.total).map(|c| c.span(line.number));
    // The Arbiter export and the FMJD-report print every player's points; without them the results
    // cannot be cross-checked. A forum crosstable may have no total column at all.
    let total_needed = header.total.is_some() || header.layout != Layout::Forum;
    if text(header.total).is_none() && total_needed {
        let span = match cell(header.total) {
            Some(c) => c.span(line.number),
            None => Span::new(line.number, line.width() + 1, line.width() + 2),
        };
        d.push(
            Diagnostic::error(Code::BadCell, "no points for this player")
                .at(span)
                .expected(match header.total {
                    Some(_) => "the player's points in the total column".to_owned(),
                    None => "a total column (`Total`, `Pt` or `Pts`) in the header".to_owned(),
                })
                .recoverable(),
        );
    }
    if let Some(total) = text(header.total) {
        let c = cell(header.total).unwrap_or(place_cell);
        match Points::parse(total) {
            Some(points) if points >= Points::ZERO => player.points = Some(points),
            parsed => {
                let (message, expected) = match parsed {
                    Some(_) => (format!("a negative total `{total}`"), "the player's points, 0 or more"),
                    None => (format!("total `{total}`"), "the player's points"),
                };
                d.push(
                    Diagnostic::error(Code::BadCell, message).at(c.span(line.number)).expected(expected).recoverable(),
                );
            }
        }
    }
    // Tie-break columns printed after the total (the Arbiter export's SSolk).
    if let Some(total) = header.total {
        for (index, name) in header.names.iter().enumerate().skip(total + 1) {
            if name.is_empty() || header.rounds.contains(&index) {
                continue;
            }
            if let Some(value) = text(Some(index)).and_then(Points::parse) {
                draughts.reported_tie_breaks.push((name.clone(), value));
            }
        }
    }
    let mut games = Vec::new();
    for (round, &index) in (1..).zip(&header.rounds) {
        let Some(c) = row.get(index).filter(|c| !c.is_empty()) else {
            games.push(None);
            continue;
        };
        let game = match header.layout {
            Layout::Arbiter | Layout::Forum => arbiter_cell(&c.text),
            Layout::Report => report_cell(&c.text),
        };
        match game {
            Ok(game) => games.push(Some((game, c.span(line.number)))),
            Err(BadGame::Negative { len }) => {
                let score = &c.text[..len];
                let column = c.text_column;
                d.push(
                    Diagnostic::error(
                        Code::BadCell,
                        format!("round {round}: a negative score `{score}` in `{}`", c.text),
                    )
                    .at(Span::new(line.number, column, column + score.chars().count()))
                    .expected("the points this player scored in the game, 0 or more (`2/18b`)"),
                );
                games.push(None);
            }
            Err(BadGame::Unreadable) => {
                d.push(
                    Diagnostic::error(Code::BadCell, format!("round {round}: cannot read `{}`", c.text))
                        .at(c.span(line.number))
                        .expected(header.layout.expected_cell()),
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
fn settle(tournament: &mut Tournament, rows: Vec<Row>, numbering: Numbering, d: &mut Diagnostics) {
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
    tournament.numbering = numbering;
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
        assert!(arbiter_cell("b2").is_err());
        assert!(arbiter_cell("12x2").is_err());
        let g = report_cell("2/18b").unwrap();
        assert_eq!((g.opponent, g.colour, g.score), (18, Colour::Black, Some(Points::whole(2))));
        assert_eq!(report_cell("12/3w").unwrap().score, Some(Points::whole(12)));
        assert_eq!(report_cell("2/4b+").unwrap().forfeit, Some(true));
        assert!(report_cell("2/b").is_err());
        assert!(report_cell("2-18b").is_err());
        // Found by fuzzing: a multibyte character where the colour goes.
        assert!(report_cell("0/é").is_err());
        assert!(report_cell("2/Ð").is_err());
    }

    #[test]
    fn splits_cells_at_semicolons_outside_quotes() {
        let (cells, unclosed) = split_cells(r#" 1; "a; ""b"" c" ;é;"x"y;;"#);
        let got: Vec<(&str, usize, usize, usize)> =
            cells.iter().map(|c| (c.text.as_ref(), c.column, c.width, c.text_column)).collect();
        assert_eq!(
            got,
            [
                ("1", 2, 1, 2),
                ("a; \"b\" c", 5, 12, 6),
                ("é", 19, 1, 19),
                ("xy", 21, 4, 22),
                ("", 26, 0, 26),
                ("", 27, 0, 27)
            ]
        );
        assert_eq!(unclosed, None);
        let (cells, unclosed) = split_cells(r#"1;"open; b"#);
        assert_eq!(cells.len(), 2);
        assert_eq!((cells[1].text.as_ref(), unclosed), ("open; b", Some(3)));
        assert_eq!(round_number("R7"), Some(7));
        assert_eq!(round_number("rd3"), Some(3));
        assert_eq!(round_number("12"), Some(12));
        assert_eq!(round_number("R0"), None);
        assert_eq!(round_number("Rtg"), None);
        assert_eq!(round_number("Pt"), None);
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
