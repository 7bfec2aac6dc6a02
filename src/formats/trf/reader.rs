//! Reads TRF16, TRF-2026 and the engine extensions into a [`Tournament`].
//!
//! The reader is strict: every line must be a record it knows, laid out as `layout` says. It never
//! stops at the first problem: each finding becomes a [`Diagnostic`] with line and columns, the
//! record (or field) is skipped, and reading goes on. Known real-world habits that are not
//! defects (legacy `0000 - +` byes, lichess's blank-opponent absences, JaVaFo's one-letter titles,
//! rulers that start with `012`, trimmed trailing blanks, …) are accepted.

use std::collections::{BTreeMap, HashMap};

use tracing::debug;

use super::fields;
use super::layout::{self, Columns, Repeated};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::formats::source::{Field, Line, SourceText};
use crate::model::date::{read_date, read_date_list};
use crate::model::{
    AbnormalPoints, Acceleration, Colour, DateText, DraughtsPlayer, ForbiddenPairs, Game, NationalRating, Numbering,
    Player, PlayerId, Points, RequestedBye, RequestedByeKind, ResultCode, RoundEntry, SourceFormat, Team, TeamForfeit,
    TeamLineup, TeamPab, TeamScoring, Tournament, UnplayedCount, UnplayedRule, VerbatimRecord,
};

/// Reads a TRF file that has already been decoded into lines.
pub fn read(source: &SourceText) -> (Tournament, Diagnostics) {
    let mut reader = Reader::default();
    reader.make_room(source);
    for line in source.lines() {
        reader.line(line);
    }
    reader.finish()
}

/// How many round blocks a player record of `width` characters holds: every block whose
/// opponent field's two leading blanks the line reaches (a block cut short is read as far as it
/// goes).
fn round_block_count(width: usize) -> usize {
    let first = layout::player::OPPONENT.nth(0).first - 2;
    let stride = layout::player::OPPONENT.stride;
    if width < first { 0 } else { (width - first) / stride + 1 }
}

/// The record tags that hold one free-text value each.
const TEXT_RECORDS: [&str; 15] =
    ["012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122", "182", "192", "202", "212"];

/// Which family of records declared a point-system value (conflicts across families are errors;
/// within one family later values override earlier ones, as JaVaFo documents for XXS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScoringFamily {
    Trf2026,
    JaVaFo,
    Bbp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum PointField {
    WhiteWin,
    BlackWin,
    WhiteDraw,
    BlackDraw,
    WhiteLoss,
    BlackLoss,
    ForfeitWin,
    ForfeitLoss,
    ZeroPointBye,
    HalfPointBye,
    FullPointBye,
    PairingAllocatedBye,
    UnknownResult,
}

use PointField as F;
const WIN: &[PointField] = &[F::WhiteWin, F::BlackWin, F::ForfeitWin, F::FullPointBye];
const DRAW: &[PointField] = &[F::WhiteDraw, F::BlackDraw, F::HalfPointBye];
const LOSS: &[PointField] = &[F::WhiteLoss, F::BlackLoss];

/// TRF-2026 162 codes.
fn trf2026_scoring_code(code: char) -> Option<&'static [PointField]> {
    Some(match code {
        'W' => WIN,
        'D' => DRAW,
        'L' => LOSS,
        'A' => &[F::ZeroPointBye, F::ForfeitLoss],
        'P' => &[F::PairingAllocatedBye],
        'X' => &[F::UnknownResult],
        _ => return None,
    })
}

/// Codes some programs write in 162 beside TRF-2026's: `F` the full-point bye, `H` the half-point
/// bye (MarkDechamps/fide-swiss-pairing-engine prices a Double-Swiss match's byes so, docs/double-swiss.md).
fn byes_162(code: char) -> Option<&'static [PointField]> {
    match code {
        'F' => Some(&[F::FullPointBye]),
        'H' => Some(&[F::HalfPointBye]),
        _ => None,
    }
}

/// JaVaFo XXS codes, including the shortcuts W and D.
fn javafo_scoring_code(code: &str) -> Option<&'static [PointField]> {
    Some(match code.to_ascii_uppercase().as_str() {
        "WW" => &[F::WhiteWin],
        "BW" => &[F::BlackWin],
        "WD" => &[F::WhiteDraw],
        "BD" => &[F::BlackDraw],
        "WL" => &[F::WhiteLoss],
        "BL" => &[F::BlackLoss],
        "ZPB" => &[F::ZeroPointBye],
        "HPB" => &[F::HalfPointBye],
        "FPB" => &[F::FullPointBye],
        "PAB" => &[F::PairingAllocatedBye],
        "FW" => &[F::ForfeitWin],
        "FL" => &[F::ForfeitLoss],
        "W" => &[F::WhiteWin, F::BlackWin, F::ForfeitWin, F::FullPointBye],
        "D" => DRAW,
        _ => return None,
    })
}

/// bbpPairings BBx records.
fn bbp_scoring_tag(tag: &str) -> Option<&'static [PointField]> {
    Some(match tag {
        "BBW" => WIN,
        "BBD" => DRAW,
        "BBL" => LOSS,
        "BBZ" => &[F::ZeroPointBye],
        "BBF" => &[F::ForfeitLoss],
        "BBU" => &[F::PairingAllocatedBye],
        _ => return None,
    })
}

const FIDE_TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
const JAVAFO_TITLES: [&str; 8] = ["g", "m", "f", "c", "wg", "wm", "wf", "wc"];
/// FMJD titles that fit the three columns (longer ones go in an XDP record).
const FMJD_TITLES: [&str; 8] = ["GMI", "MI", "MF", "CMF", "MIF", "MFF", "GMF", "CM"];

const RESULT_EXPECTED: &str = "a result code: 1 = 0 + - W D L H F U Z, or blank";

/// What an XDP record adds to a player.
struct ExtraPlayerData {
    player: PlayerId,
    data: DraughtsPlayer,
    title: Option<String>,
    name: Option<String>,
    line: usize,
}

/// At most this many 001 records are searched for a shift ([`Reader::shift_of`]).
const SHIFT_SEARCHES: usize = 50;
/// The most characters inserted or missing at one place that a search for a shift tries.
const MAX_SHIFT: usize = 2;
/// The longest 001 record searched for a shift: 99 rounds.
const SHIFT_WIDTH: usize = 91 + 10 * 99;

/// A 001 record's fields shifted from their columns, and the record put back.
struct Shift {
    /// Characters inserted (the fields after them moved right), else missing (moved left).
    inserted: bool,
    count: usize,
    /// The columns where taking the characters out (or putting blanks in) puts every field back:
    /// a run of blanks gives several.
    first: usize,
    last: usize,
    corrected: String,
}

impl Shift {
    fn diagnostic(&self, line: usize) -> Diagnostic {
        let place = if self.first == self.last {
            format!("at column {}", self.first)
        } else {
            format!("between columns {} and {}", self.first, self.last)
        };
        let (what, shifts, columns) = if self.count == 1 {
            (if self.inserted { "an" } else { "a" }.to_owned(), "shifts", "one column".to_owned())
        } else {
            (self.count.to_string(), "shift", format!("{} columns", self.count))
        };
        let s = if self.count == 1 { "" } else { "s" };
        let (message, reading) = if self.inserted {
            let after = if self.count == 1 { "it" } else { "them" };
            (
                format!("{what} extra character{s} {place} {shifts} every field after {after} {columns} right"),
                format!("read as if the extra character{s} were not there"),
            )
        } else {
            (
                format!("{what} missing character{s} {place} {shifts} every field after the gap {columns} left"),
                format!("read as if blank{s} filled the gap"),
            )
        };
        Diagnostic::error(Code::ShiftedLine, format!("player record shifted: {message}"))
            .at(Span::new(line, self.first, self.last + 1))
            .expected("each field in its columns (TRF's player record)")
            .note(reading)
            .recoverable()
    }
}

/// Whether a 001 record gives no finding on its own.
fn clean_player(line: &Line<'_>) -> bool {
    let mut scratch = Reader::default();
    scratch.player_record(line);
    scratch.diagnostics.is_empty()
}

#[derive(Default)]
struct Reader {
    /// 001 records searched for a shift so far ([`Reader::shift_of`]).
    shift_searches: usize,
    tournament: Tournament,
    diagnostics: Diagnostics,
    /// Point-system values set so far: field → (value, family, tag, line).
    scoring: BTreeMap<PointField, (Points, ScoringFamily, String, usize)>,
    /// First line of each single-valued record.
    single_lines: HashMap<String, usize>,
    rounds: Option<(u32, String, usize)>,
    initial_colour: Option<(Colour, String, usize)>,
    /// XXZ and BYE: absent in the round to pair, which is known only at the end.
    absent_next: Vec<(Vec<PlayerId>, usize)>,
    teams16: Vec<(Team, usize)>,
    teams26: Vec<(Team, usize)>,
    /// XDG: per-game points to attach to round entries at the end.
    game_points: Vec<(PlayerId, u32, Points, Span)>,
    /// XDP records to attach to players at the end.
    draughts: Vec<ExtraPlayerData>,
    /// Where the `XDO` record set `BYE`, to name it if the point system's records disagree.
    draughts_bye: Option<Span>,
    round_date_texts: Vec<(String, usize, usize)>,
}

impl Reader {
    fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    fn bad_field(&mut self, field: &Field<'_>, what: &str, expected: &str) -> Diagnostic {
        let found = field.trimmed();
        let message = if found.is_empty() { format!("{what} is blank") } else { format!("invalid {what} `{found}`") };
        Diagnostic::error(Code::BadField, message).at(field.span()).expected(expected.to_owned())
    }

    /// A number field that must be present.
    fn required_number(&mut self, line: &Line<'_>, columns: Columns, record: &str) -> Option<u32> {
        let field = line.field(columns.first, columns.last);
        match fields::number(field.text) {
            Some(n) => Some(n),
            None => {
                let what = format!("{} in record {record}", columns.name);
                let expected = format!("a whole number in columns {}–{}", columns.first, columns.last);
                let d = self.bad_field(&field, &what, &expected);
                self.push(d);
                None
            }
        }
    }

    /// A number field that may be blank. `Err(())` after reporting a bad value.
    fn optional_number(&mut self, line: &Line<'_>, columns: Columns, record: &str) -> Result<Option<u32>, ()> {
        let field = line.field(columns.first, columns.last);
        if field.is_blank() {
            return Ok(None);
        }
        self.required_number(line, columns, record).map(Some).ok_or(())
    }

    fn optional_points(&mut self, line: &Line<'_>, columns: Columns, record: &str) -> Result<Option<Points>, ()> {
        let field = line.field(columns.first, columns.last);
        if field.is_blank() {
            return Ok(None);
        }
        match fields::points(field.text) {
            Some(p) => Ok(Some(p)),
            None => {
                let what = format!("{} in record {record}", columns.name);
                let expected = format!("a score such as `1.5` in columns {}–{}", columns.first, columns.last);
                let d = self.bad_field(&field, &what, &expected);
                self.push(d);
                Err(())
            }
        }
    }

    /// Player numbers repeated at a stride until the line ends. Blank slots are skipped.
    fn player_list(&mut self, line: &Line<'_>, repeated: Repeated, record: &str) -> Vec<PlayerId> {
        let mut players = Vec::new();
        let mut index = 0;
        while repeated.nth(index).first <= line.width() {
            let columns = repeated.nth(index);
            if let Ok(Some(id)) = self.optional_number(line, columns, record) {
                if id == 0 {
                    let field = line.field(columns.first, columns.last);
                    self.push(
                        Diagnostic::error(Code::BadField, format!("player number 0 in record {record}"))
                            .at(field.span())
                            .expected("a pairing number from 1"),
                    );
                } else {
                    players.push(id);
                }
            }
            // Anything between the slots must be blank.
            let gap = line.field(columns.last + 1, repeated.nth(index + 1).first - 1);
            if !gap.is_blank() && gap.column <= line.width() {
                self.misaligned(&gap, record);
            }
            index += 1;
        }
        players
    }

    fn misaligned(&mut self, field: &Field<'_>, record: &str) {
        self.push(
            Diagnostic::error(
                Code::BadField,
                format!("text `{}` between the fields of record {record}", field.trimmed()),
            )
            .at(field.span())
            .expected("blank columns between fields (the record may be shifted)"),
        );
    }

    /// Remembers a record that may appear only once; warns on repeats.
    fn single(&mut self, tag: &str, line: &Line<'_>) {
        if let Some(first) = self.single_lines.get(tag) {
            let first = *first;
            self.push(
                Diagnostic::warning(Code::Duplicate, format!("record {tag} appears again (first at line {first})"))
                    .at(line.span())
                    .expected(format!("one {tag} record"))
                    .note("the later record is used"),
            );
        } else {
            self.single_lines.insert(tag.to_owned(), line.number);
        }
        self.tournament.origin.record_lines.insert(tag.to_owned(), line.number);
    }

    fn line(&mut self, line: Line<'_>) {
        let text = line.text;
        if text.trim().is_empty() {
            return;
        }
        if text.starts_with("###") {
            self.tournament.verbatim.push(VerbatimRecord { text: text.trim_end().to_owned() });
            self.tournament.origin.verbatim_lines.push(line.number);
            return;
        }
        if line.width() < 3 {
            self.push(
                Diagnostic::error(Code::ShortLine, format!("line too short to be a record: `{}`", text.trim_end()))
                    .at(line.span())
                    .expected("a three-character record tag such as 001 or 012, then a blank")
                    .recoverable(),
            );
            return;
        }
        if is_ruler_or_legend(text) {
            debug!(line = line.number, "skipping a ruler or legend line");
            return;
        }
        let tag: String = text.chars().take(3).collect();
        if !super::KNOWN_TAGS.contains(&tag.as_str()) && !is_federation_code(&tag) {
            self.push(
                Diagnostic::error(Code::UnknownRecord, format!("unknown record `{}`", tag.trim_end()))
                    .at(Span::new(line.number, 1, 4))
                    .expected(
                        "a TRF record (001, 012–132, 142–222, 240–362, a federation code), \
                         an engine extension (XXR XXC XXS XXA XXP XXZ, BBW BBD BBL BBZ BBF BBU), \
                         or ### for a comment",
                    )
                    .recoverable(),
            );
            return;
        }
        if let Some(c) = text.chars().nth(3)
            && c != ' '
            && c != '\t'
        {
            self.push(
                Diagnostic::error(Code::NoSeparator, format!("column 4 of record `{tag}` holds `{c}`"))
                    .at(Span::new(line.number, 4, 5))
                    .expected("a blank in column 4, after the three-character record tag")
                    .recoverable(),
            );
            return;
        }
        if text.contains('\t')
            && !matches!(tag.as_str(), "XXC" | "XXP" | "XXZ" | "XXS" | "XXR" | "142" | "FOR" | "BYE" | "TNR" | "ACC")
            && !TEXT_RECORDS.contains(&tag.as_str())
        {
            let column = text.chars().position(|c| c == '\t').unwrap_or(0) + 1;
            self.push(
                Diagnostic::warning(Code::Tab, format!("a tab in fixed-column record {tag}"))
                    .at(Span::new(line.number, column, column + 1))
                    .expected("blanks: columns are counted in characters, so the tab counts as one column"),
            );
        }
        match tag.as_str() {
            "001" => self.player(&line),
            t if TEXT_RECORDS.contains(&t) => self.text_record(t, &line),
            "112" => {
                let value = line.rest(5).trimmed();
                if !value.is_empty() {
                    self.tournament.header.deputy_arbiters.push(value.to_owned());
                }
            }
            "132" => self.round_dates(&line),
            "142" | "XXR" | "TNR" => self.number_of_rounds(&tag, &line),
            "152" => self.initial_colour_152(&line),
            "162" => self.scoring_162(&line),
            "172" => self.rank_method(&line),
            "222" => {
                self.single("222", &line);
                self.tournament.header.encoded_time_control = non_empty(line.rest(5).trimmed());
            }
            "013" => self.team16(&line),
            "240" => self.byes_240(&line),
            "250" => self.acceleration_250(&line),
            "260" => self.prohibited_260(&line),
            "299" => self.abnormal_299(&line),
            "300" => self.lineup_300(&line),
            "310" => self.team26(&line),
            "320" => self.team_pab(&line),
            "330" => self.team_forfeit(&line),
            "352" => self.board_colours(&line),
            "362" => self.team_scoring(&line),
            // Informative team results: kept as written (TRF-2026 says they may be ignored).
            // 801 and 802 are read again, leniently, by the team cross-checks (`validate::teams`).
            "801" | "802" | "DAT" | "XRS" => {
                self.tournament.verbatim.push(VerbatimRecord { text: text.trim_end().to_owned() });
                self.tournament.origin.verbatim_lines.push(line.number);
            }
            "XXC" => self.javafo_configuration(&line),
            "XXS" => self.scoring_xxs(&line),
            "XXA" => self.acceleration_xxa(&line),
            "XXP" => self.forbidden_list(&line, "XXP"),
            "FOR" => self.forbidden_list(&line, "FOR"),
            "XXZ" => self.absent_list(&line, "XXZ"),
            "BYE" => self.absent_list(&line, "BYE"),
            "ACC" => self.acc_flag(&line),
            t if bbp_scoring_tag(t).is_some() => self.scoring_bbp(t, &line),
            "XDP" => self.draughts_player(&line),
            "XDG" => self.game_points(&line),
            "XDN" => self.numbering(&line),
            "XDK" => self.game(&line),
            "XDT" => self.unplayed_rule(&line),
            "XDO" => self.draughts_options(&line),
            t if is_federation_code(t) && fields::number(line.field(5, 8).text).is_some() => {
                self.national_rating(t, &line)
            }
            _ => self.push(
                Diagnostic::error(Code::UnknownRecord, format!("unknown record `{}`", tag.trim_end()))
                    .at(Span::new(line.number, 1, 4))
                    .expected(
                        "a TRF record (001, 012–132, 142–222, 240–362, a federation code), \
                         an engine extension (XXR XXC XXS XXA XXP XXZ, BBW BBD BBL BBZ BBF BBU), \
                         or ### for a comment",
                    )
                    .recoverable(),
            ),
        }
    }

    fn text_record(&mut self, tag: &str, line: &Line<'_>) {
        self.single(tag, line);
        let value = non_empty(line.rest(5).trimmed());
        let header = &mut self.tournament.header;
        match tag {
            "012" => header.name = value,
            "022" => header.city = value,
            "032" => header.federation = value,
            "042" | "052" => {
                let date = value.map(|text| self.date(&text, line, tag));
                let header = &mut self.tournament.header;
                if tag == "042" {
                    header.start_date = date;
                } else {
                    header.end_date = date;
                }
            }
            "062" => header.number_of_players = value,
            "072" => header.number_of_rated_players = value,
            "082" => header.number_of_teams = value,
            "092" => header.tournament_type = value,
            "102" => header.chief_arbiter = value,
            "122" => header.time_control = value,
            "182" => header.pairing_controller = value,
            "192" => header.system_code = value,
            "202" | "212" => {
                self.tie_break_list(tag, line);
                let header = &mut self.tournament.header;
                if tag == "202" {
                    header.tie_breaks = value;
                } else {
                    header.standings_tie_breaks = value;
                }
            }
            _ => unreachable!("TEXT_RECORDS and this match list the same tags"),
        }
    }

    /// Records 202 and 212: each entry a tie-break descriptor of C.07 (docs/standings.md,
    /// "Descriptors"); one that is not is said where it stands, and the standings refuse the list.
    fn tie_break_list(&mut self, tag: &str, line: &Line<'_>) {
        let field = line.rest(5);
        for (offset, entry) in crate::model::descriptor::entries(field.text) {
            if let Err(error) = entry.parse::<crate::model::descriptor::Descriptor>() {
                let column = field.column + offset;
                let width = entry.chars().count().max(1);
                self.push(
                    Diagnostic::warning(Code::TieBreakList, format!("record {tag}: {error}"))
                        .at(Span::new(line.number, column, column + width))
                        .expected("tie-breaks such as BH/C1, SB, DE, WIN, ARO, separated by commas (C.07 Art. 5)"),
                );
            }
        }
    }

    fn date(&mut self, text: &str, line: &Line<'_>, tag: &str) -> DateText {
        let field = line.rest(5);
        let span = Span::new(line.number, 5, line.width().max(5) + 1);
        match read_date(text) {
            Some(read) => {
                if let Some(note) = read.note {
                    self.push(
                        Diagnostic::note_level(Code::Date, format!("record {tag}: date `{text}` {note}"))
                            .at(span)
                            .expected("YYYY/MM/DD (TRF-2026)"),
                    );
                }
                DateText::Date(read.date)
            }
            None => {
                self.push(
                    Diagnostic::warning(Code::Date, format!("record {tag}: `{}` is not a date", field.trimmed()))
                        .at(span)
                        .expected("a date, YYYY/MM/DD (TRF-2026)")
                        .note("kept as text; the rules in force on this date cannot be told from it"),
                );
                DateText::Text(text.to_owned())
            }
        }
    }

    fn round_dates(&mut self, line: &Line<'_>) {
        self.single("132", line);
        let mut texts = Vec::new();
        let mut index = 0;
        while layout::round_dates::DATE.nth(index).first <= line.width() {
            let columns = layout::round_dates::DATE.nth(index);
            let field = line.field(columns.first, columns.last);
            texts.push((field.trimmed().to_owned(), line.number, columns.first));
            index += 1;
        }
        self.round_date_texts = texts;
    }

    fn finish_round_dates(&mut self) {
        let texts = std::mem::take(&mut self.round_date_texts);
        let present: Vec<&str> = texts.iter().map(|t| t.0.as_str()).filter(|t| !t.is_empty()).collect();
        if present.is_empty() {
            return;
        }
        let dates = read_date_list(&present);
        if let Some((order, _)) = &dates
            && *order != crate::model::date::FieldOrder::YearMonthDay
        {
            let (_, line, column) = texts[0];
            self.push(
                Diagnostic::note_level(Code::Date, format!("record 132 writes its dates as {}", order.describe()))
                    .at(Span::new(line, column, column + 8))
                    .expected("YY/MM/DD")
                    .note("that is the only order under which every round date is a date, in round order"),
            );
        }
        let mut dates = dates.map(|(_, d)| d.into_iter());
        let mut out = Vec::new();
        for (text, line, column) in &texts {
            if text.is_empty() {
                out.push(None);
                continue;
            }
            match dates.as_mut().and_then(Iterator::next) {
                Some(date) => out.push(Some(DateText::Date(date))),
                None => {
                    self.push(
                        Diagnostic::warning(Code::Date, format!("record 132: `{text}` is not a round date"))
                            .at(Span::new(*line, *column, column + 8))
                            .expected("YY/MM/DD, in round order"),
                    );
                    out.push(Some(DateText::Text(text.clone())));
                }
            }
        }
        while out.last() == Some(&None) {
            out.pop();
        }
        self.tournament.header.round_dates = out;
    }

    fn number_of_rounds(&mut self, tag: &str, line: &Line<'_>) {
        self.tournament.origin.record_lines.insert(tag.to_owned(), line.number);
        let field = line.rest(5);
        let Some(rounds) = fields::number(field.text).filter(|&n| n > 0) else {
            let d = self.bad_field(&field, &format!("number of rounds in record {tag}"), "a number of rounds from 1");
            self.push(d);
            return;
        };
        if let Some((previous, previous_tag, previous_line)) = &self.rounds
            && *previous != rounds
        {
            let message = format!(
                "record {tag} says {rounds} rounds, record {previous_tag} at line {previous_line} says {previous}"
            );
            self.push(
                Diagnostic::error(Code::Conflict, message)
                    .at(field.span())
                    .expected(format!("{previous}, as the earlier record"))
                    .note("the later record is used")
                    .recoverable(),
            );
        }
        self.rounds = Some((rounds, tag.to_owned(), line.number));
        self.tournament.header.rounds = Some(rounds);
    }

    fn set_initial_colour(&mut self, colour: Colour, tag: &str, field: &Field<'_>) {
        if let Some((previous, previous_tag, previous_line)) = &self.initial_colour
            && *previous != colour
        {
            let message = format!(
                "record {tag} gives the first player {colour} in round 1, record {previous_tag} at line {previous_line} {previous}"
            );
            self.push(
                Diagnostic::error(Code::Conflict, message)
                    .at(field.span())
                    .expected(format!("{previous}, as the earlier record"))
                    .note("the later record is used")
                    .recoverable(),
            );
        }
        self.initial_colour = Some((colour, tag.to_owned(), field.line));
        self.tournament.header.initial_colour = Some(colour);
    }

    fn initial_colour_152(&mut self, line: &Line<'_>) {
        self.single("152", line);
        let field = line.rest(5);
        match field.trimmed().to_ascii_uppercase().as_str() {
            "W" => self.set_initial_colour(Colour::White, "152", &field),
            "B" => self.set_initial_colour(Colour::Black, "152", &field),
            _ => {
                let d = self.bad_field(&field, "initial colour in record 152", "W or B in column 5");
                self.push(d);
            }
        }
    }

    fn javafo_configuration(&mut self, line: &Line<'_>) {
        let field = line.rest(5);
        for word in fields::words(field.text, false) {
            match word.to_ascii_lowercase().as_str() {
                "rank" => self.tournament.pair_by_rank = true,
                "white1" => self.set_initial_colour(Colour::White, "XXC", &field),
                "black1" => self.set_initial_colour(Colour::Black, "XXC", &field),
                _ => self.push(
                    Diagnostic::warning(Code::Nonstandard, format!("unknown XXC option `{word}`"))
                        .at(field.span())
                        .expected("rank, white1 or black1")
                        .note("ignored, as JaVaFo ignores it"),
                ),
            }
        }
    }

    fn set_points(&mut self, targets: &[PointField], value: Points, family: ScoringFamily, tag: &str, span: Span) {
        let mut conflicts: Vec<(PointField, Points, String, usize)> = Vec::new();
        for &target in targets {
            if let Some((previous, previous_family, previous_tag, previous_line)) = self.scoring.get(&target)
                && *previous_family != family
                && *previous != value
            {
                conflicts.push((target, *previous, previous_tag.clone(), *previous_line));
            }
            self.scoring.insert(target, (value, family, tag.to_owned(), span.line));
        }
        if let Some((_, previous, previous_tag, previous_line)) = conflicts.first() {
            let fields: Vec<&str> = conflicts.iter().map(|c| point_field_name(c.0)).collect();
            let message = format!(
                "record {tag} sets {} to {value}, record {previous_tag} at line {previous_line} set {} to {previous}",
                fields.join(", "),
                if fields.len() == 1 { "it" } else { "them" }
            );
            self.push(
                Diagnostic::error(Code::Conflict, message)
                    .at(span)
                    .expected("one point system, declared once")
                    .note("the later record is used")
                    .recoverable(),
            );
        }
    }

    fn scoring_162(&mut self, line: &Line<'_>) {
        self.tournament.origin.record_lines.insert("162".into(), line.number);
        let mut specific = Vec::new();
        let mut index = 0;
        while layout::scoring::CODE.nth(index).first <= line.width() {
            let code_columns = layout::scoring::CODE.nth(index);
            let points_columns = layout::scoring::POINTS.nth(index);
            let code_field = line.field(code_columns.first, code_columns.last);
            let gap = line.field(points_columns.last + 1, layout::scoring::CODE.nth(index + 1).first - 1);
            if !gap.is_blank() {
                self.misaligned(&gap, "162");
            }
            index += 1;
            if code_field.is_blank() && line.field(points_columns.first, points_columns.last).is_blank() {
                continue;
            }
            let code = code_field.trimmed().chars().next().unwrap_or(' ');
            let byes = byes_162(code.to_ascii_uppercase());
            let Some(targets) = trf2026_scoring_code(code.to_ascii_uppercase()).or(byes) else {
                let d = self.bad_field(&code_field, "result code in record 162", "W, D, L, A, P or X");
                self.push(d);
                continue;
            };
            let points_field = line.field(points_columns.first, points_columns.last);
            match fields::points(points_field.text) {
                Some(value) if byes.is_some() => {
                    self.push(
                        Diagnostic::note_level(
                            Code::Nonstandard,
                            format!(
                                "record 162 prices `{code}`, which TRF-2026 does not list (W D L A P X): read as the {}'s \
                                 points, {value}",
                                if code.eq_ignore_ascii_case(&'F') { "full-point bye" } else { "half-point bye" }
                            ),
                        )
                        .at(code_field.span()),
                    );
                    // After the codes of the table, which price these byes with W and D.
                    specific.push((targets, value, points_field.span()));
                }
                Some(value) => self.set_points(targets, value, ScoringFamily::Trf2026, "162", points_field.span()),
                None => {
                    let d = self.bad_field(
                        &points_field,
                        &format!("points for `{code}` in record 162"),
                        &format!("a score such as `1.0` in columns {}–{}", points_columns.first, points_columns.last),
                    );
                    self.push(d);
                }
            }
        }
        for (targets, value, span) in specific {
            self.set_points(targets, value, ScoringFamily::Trf2026, "162", span);
        }
        self.tournament.point_system_declared = true;
    }

    fn scoring_xxs(&mut self, line: &Line<'_>) {
        self.tournament.origin.record_lines.insert("XXS".into(), line.number);
        let field = line.rest(5);
        match fields::assignments(field.text) {
            Ok(pairs) => {
                for (code, value) in pairs {
                    match javafo_scoring_code(code) {
                        Some(targets) => self.set_points(targets, value, ScoringFamily::JaVaFo, "XXS", field.span()),
                        None => self.push(
                            Diagnostic::error(Code::BadField, format!("unknown XXS code `{code}`"))
                                .at(field.span())
                                .expected("WW BW WD BD WL BL ZPB HPB FPB PAB FW FL, or the shortcuts W and D"),
                        ),
                    }
                }
                self.tournament.point_system_declared = true;
            }
            Err(bad) => self.push(
                Diagnostic::error(Code::BadField, format!("cannot read `{bad}` in record XXS"))
                    .at(field.span())
                    .expected("CODE=value pairs, such as `WW=1 BW=1 D=.5`"),
            ),
        }
    }

    fn scoring_bbp(&mut self, tag: &str, line: &Line<'_>) {
        self.tournament.origin.record_lines.insert(tag.to_owned(), line.number);
        let field = line.rest(5);
        let targets = bbp_scoring_tag(tag).unwrap_or_default();
        match fields::points(field.text) {
            Some(value) => {
                self.set_points(targets, value, ScoringFamily::Bbp, tag, field.span());
                self.tournament.point_system_declared = true;
            }
            None => {
                let d =
                    self.bad_field(&field, &format!("points in record {tag}"), "a score such as `1.0` from column 5");
                self.push(d);
            }
        }
    }

    fn rank_method(&mut self, line: &Line<'_>) {
        self.single("172", line);
        use layout::rank_method::*;
        let federation = line.field(FEDERATION.first, FEDERATION.last).trimmed().to_owned();
        let method_field = line.field(METHOD.first, METHOD.last);
        let method = method_field.trimmed().to_owned();
        if !["FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"].contains(&method.as_str()) {
            self.push(
                Diagnostic::warning(Code::Nonstandard, format!("unknown starting-rank method `{method}`"))
                    .at(method_field.span())
                    .expected("FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER"),
            );
        }
        self.tournament.header.starting_rank_method = Some((federation, method));
    }

    fn player(&mut self, line: &Line<'_>) {
        let findings_before = self.diagnostics.len();
        let players_before = self.tournament.players.len();
        let incomplete_before = self.tournament.origin.incomplete;
        self.player_read(line);
        // A cascade of findings on the record: read again as put back, if a shift explains it.
        let Some(shift) = self.shift_of(line, findings_before) else { return };
        self.diagnostics.forget_since(findings_before, line.number);
        self.tournament.origin.incomplete = incomplete_before;
        if self.tournament.players.len() > players_before
            && let Some(player) = self.tournament.players.pop()
        {
            let origin = &mut self.tournament.origin;
            origin.player_lines.remove(&player.id);
            origin.points_spans.remove(&player.id);
            origin.damaged.remove(&player.id);
            for round in 1..=player.rounds.len() as u32 {
                origin.round_spans.remove(&(player.id, round));
            }
        }
        let corrected = SourceText::new(shift.corrected.clone(), crate::formats::source::Encoding::Utf8);
        if let Some(mut fixed) = corrected.lines().next() {
            fixed.number = line.number;
            self.push(shift.diagnostic(line.number));
            self.player_read(&fixed);
        }
    }

    fn player_read(&mut self, line: &Line<'_>) {
        // Only the findings made from here on are looked at: counting all of them for every
        // record would make reading quadratic in a file with many findings.
        let findings_before = self.diagnostics.len();
        match self.player_record(line) {
            None => self.tournament.origin.incomplete = true,
            Some(id) if self.diagnostics.unrecoverable_error_since(findings_before) => {
                self.tournament.origin.damaged.insert(id);
            }
            Some(_) => {}
        }
    }

    /// A 001 record whose findings (three or more, a cascade) all go when its fields are put back
    /// in their columns: some characters taken out at one place (an insertion shifted the rest
    /// right) or blanks put in (a deletion shifted them left), the fewest that do. Searched in the
    /// first [`SHIFT_SEARCHES`] records with a cascade, so that a file of another layout costs
    /// little more to read.
    /// The findings are those the record gave from `findings_before` on (a pairing number used
    /// again is not the record's own and does not count).
    fn shift_of(&mut self, line: &Line<'_>, findings_before: usize) -> Option<Shift> {
        if self.shift_searches >= SHIFT_SEARCHES || line.width() > SHIFT_WIDTH {
            return None;
        }
        let own: Vec<&Diagnostic> =
            self.diagnostics.iter().skip(findings_before).filter(|d| d.code != Code::Duplicate).collect();
        if own.len() < 3 {
            return None;
        }
        let first_finding = own.iter().filter_map(|d| d.span.as_ref().map(|s| s.column)).min().unwrap_or(usize::MAX);
        self.shift_searches += 1;
        let chars: Vec<char> = line.text.chars().collect();
        // The shift starts at or before the first column found wrong.
        let last_place = first_finding.min(chars.len());
        // Blanks taken out first: that changes no field's text (a blank too many in a name's
        // padding), where taking out another character would cut it from its field.
        let kinds = [(true, true), (true, false), (false, true)];
        for count in 1..=MAX_SHIFT {
            for (inserted, blanks_only) in kinds {
                // Each way of putting the fields back, with the columns that give it.
                let mut found: Vec<Shift> = Vec::new();
                // Column 4 and after: the tag itself is read, or the line would not be a 001.
                for at in 3..last_place {
                    let mut corrected: Vec<char> = chars.clone();
                    if inserted {
                        if at + count > corrected.len() {
                            break;
                        }
                        if blanks_only && corrected[at..at + count].iter().any(|&c| c != ' ') {
                            continue;
                        }
                        corrected.drain(at..at + count);
                    } else {
                        corrected.splice(at..at, std::iter::repeat_n(' ', count));
                    }
                    let corrected: String = corrected.into_iter().collect();
                    let source = SourceText::new(corrected.clone(), crate::formats::source::Encoding::Utf8);
                    let clean = source.lines().next().is_some_and(|l| clean_player(&l));
                    if !clean {
                        continue;
                    }
                    let column = at + 1;
                    match found.iter_mut().find(|shift| shift.corrected == corrected) {
                        Some(shift) => shift.last = column,
                        None => found.push(Shift { inserted, count, first: column, last: column, corrected }),
                    }
                }
                // The widest run of places: a blank too many in a field's padding, rather than the
                // one blank inside a name ("Aalders, Bram") that happens to put the fields back too.
                if let Some(best) = found.into_iter().rev().max_by_key(|shift| shift.last - shift.first) {
                    return Some(best);
                }
            }
        }
        None
    }

    /// Reads a 001 record; `None` when no player could be added.
    fn player_record(&mut self, line: &Line<'_>) -> Option<PlayerId> {
        use layout::player::*;
        if line.width() < POINTS.first {
            self.push(
                Diagnostic::error(Code::BadField, format!("player record ends at column {}", line.width()))
                    .at(Span::new(line.number, line.width() + 1, line.width() + 2))
                    .expected(format!(
                        "a player record running at least to the Points column ({}–{})",
                        POINTS.first, POINTS.last
                    )),
            );
            return None;
        }
        let id_field = line.field(ID.first, ID.last);
        let id = fields::number(id_field.text).filter(|&n| n > 0);
        if id.is_none() {
            let d = self.bad_field(&id_field, "pairing number", "a pairing number from 1 to 9999 in columns 5–8");
            self.push(d);
        }
        self.check_separators(line);
        let sex = self.sex(line);
        let title = self.title(line);
        let name = line.field(NAME.first, NAME.last).trimmed().to_owned();
        let rating = self.rating(line);
        let federation = non_empty(line.field(FEDERATION.first, FEDERATION.last).trimmed());
        let fide_id = self.fide_id(line);
        let birth = non_empty(line.field(BIRTH.first, BIRTH.last).trimmed());
        let (points, points_span) = self.points(line);
        let rank = self.rank(line);
        let rounds = self.round_blocks(line, id);
        let id = id?;
        if let Some(first) = self.tournament.origin.player_lines.get(&id) {
            let message = format!("pairing number {id} is used again (first at line {first})");
            self.push(
                Diagnostic::error(Code::Duplicate, message).at(id_field.span()).expected("each pairing number once"),
            );
            return None;
        }
        let origin = &mut self.tournament.origin;
        origin.player_lines.insert(id, line.number);
        origin.points_spans.insert(id, points_span);
        for index in 0..rounds.len() {
            let columns = (layout::player::OPPONENT.nth(index).first, layout::player::RESULT.nth(index).last + 1);
            origin.round_spans.insert((id, index as u32 + 1), Span::new(line.number, columns.0, columns.1));
        }
        self.tournament.players.push(Player {
            id,
            sex,
            title,
            name,
            rating,
            federation,
            fide_id,
            birth,
            points,
            rank,
            rounds,
            draughts: None,
        });
        Some(id)
    }

    /// Reserves the maps of where each player's records are for the player records of `source`
    /// and their round blocks, counted before reading: grown as they are read instead, the map of
    /// round blocks was rehashed a dozen times in a file of a few hundred players.
    fn make_room(&mut self, source: &SourceText) {
        let (mut players, mut blocks) = (0, 0);
        for line in source.lines().filter(|line| line.text.starts_with("001")) {
            players += 1;
            blocks += round_block_count(line.width());
        }
        let origin = &mut self.tournament.origin;
        origin.player_lines.reserve(players);
        origin.points_spans.reserve(players);
        origin.round_spans.reserve(blocks);
        self.tournament.players.reserve(players);
    }

    /// Warns of a non-blank separator column between two fields (a shifted line).
    fn check_separators(&mut self, line: &Line<'_>) {
        use layout::player::*;
        for column in SEPARATORS {
            let field = line.field(column, column);
            if !field.is_blank() {
                self.push(
                    Diagnostic::warning(
                        Code::BadField,
                        format!("column {column} of a player record holds `{}`", field.text),
                    )
                    .at(field.span())
                    .expected(format!("a blank in column {column}, between two fields (is the line shifted?)")),
                );
            }
        }
    }

    /// The sex in column 10.
    fn sex(&mut self, line: &Line<'_>) -> Option<char> {
        use layout::player::*;
        let sex_field = line.field(SEX.first, SEX.last);
        let sex = sex_field.trimmed().chars().next();
        // Letter codes are case-insensitive (TRF-2026, note to the result table); `M` is common.
        if let Some(c) = sex
            && !matches!(c.to_ascii_lowercase(), 'm' | 'w')
        {
            self.push(
                Diagnostic::warning(Code::Nonstandard, format!("sex `{c}`"))
                    .at(sex_field.span())
                    .expected("m or w in column 10")
                    .note("kept as written; it does not affect pairing"),
            );
        }
        sex
    }

    /// The title in columns 11–13.
    fn title(&mut self, line: &Line<'_>) -> Option<String> {
        use layout::player::*;
        let title_field = line.field(TITLE.first, TITLE.last);
        let title = non_empty(title_field.trimmed());
        if let Some(title) = &title
            && !FIDE_TITLES.contains(&title.as_str())
            && !JAVAFO_TITLES.contains(&title.as_str())
            && !FMJD_TITLES.contains(&title.to_ascii_uppercase().as_str())
        {
            self.push(
                Diagnostic::warning(Code::Nonstandard, format!("title `{title}`"))
                    .at(title_field.span())
                    .expected("GM IM WGM FM WIM CM WFM WCM (or JaVaFo's g m f c wg wm wf wc) in columns 11–13")
                    .note("kept as written; titles do not affect pairing"),
            );
        }
        title
    }

    /// The rating in columns 49–52 (0 or blank: unrated).
    fn rating(&mut self, line: &Line<'_>) -> Option<u32> {
        use layout::player::*;
        let rating_field = line.field(RATING.first, RATING.last);
        if rating_field.is_blank() {
            None
        } else {
            match fields::number(rating_field.text) {
                Some(0) => None,
                Some(r) => Some(r),
                None => {
                    let d = self
                        .bad_field(&rating_field, "rating", "a rating of up to four digits in columns 49–52, or blank")
                        .note("with --lenient the player is read as unrated")
                        .recoverable();
                    self.push(d);
                    None
                }
            }
        }
    }

    /// The FIDE id in columns 58–68.
    fn fide_id(&mut self, line: &Line<'_>) -> Option<String> {
        use layout::player::*;
        let fide_id_field = line.field(FIDE_ID.first, FIDE_ID.last);
        match fide_id_field.trimmed() {
            "" | "0" => None,
            text if text.chars().all(|c| c == '-') => None,
            text => {
                if !text.chars().all(|c| c.is_ascii_digit()) {
                    self.push(
                        Diagnostic::warning(Code::Nonstandard, format!("FIDE id `{text}`"))
                            .at(fide_id_field.span())
                            .expected("digits in columns 58–68"),
                    );
                }
                Some(text.to_owned())
            }
        }
    }

    /// The points in columns 81–84, and where they stand.
    fn points(&mut self, line: &Line<'_>) -> (Option<Points>, Span) {
        use layout::player::*;
        let points_field = line.field(POINTS.first, POINTS.last);
        let points = match fields::points(points_field.text) {
            Some(points) => {
                if points_field.text.contains(',') {
                    self.push(
                        Diagnostic::warning(Code::Nonstandard, "decimal comma in the points column")
                            .at(points_field.span())
                            .expected("a decimal point, as in `4.5`"),
                    );
                }
                Some(points)
            }
            None => {
                let d = self
                    .bad_field(&points_field, "points", "the player's score, such as `4.5`, in columns 81–84")
                    .note("the points are checked against the results; with --lenient the check is skipped for this player")
                    .recoverable();
                self.push(d);
                None
            }
        };
        (points, points_field.span())
    }

    /// The rank in columns 86–89.
    fn rank(&mut self, line: &Line<'_>) -> Option<u32> {
        use layout::player::*;
        let rank_field = line.field(RANK.first, RANK.last);
        if rank_field.is_blank() {
            None
        } else {
            let rank = fields::number(rank_field.text);
            if rank.is_none() {
                self.push(
                    Diagnostic::warning(Code::BadField, format!("invalid rank `{}`", rank_field.trimmed()))
                        .at(rank_field.span())
                        .expected("a rank number in columns 86–89, or blank"),
                );
            }
            rank
        }
    }

    fn round_blocks(&mut self, line: &Line<'_>, id: Option<PlayerId>) -> Vec<RoundEntry> {
        use layout::player::{COLOUR, OPPONENT, RESULT};
        let blocks = round_block_count(line.width());
        let mut rounds = Vec::with_capacity(blocks);
        for index in 0..blocks {
            let round = index + 1;
            let opponent_columns = OPPONENT.nth(index);
            let colour_columns = COLOUR.nth(index);
            let result_columns = RESULT.nth(index);
            let block = line.field(opponent_columns.first - 2, result_columns.last + 2);
            if block.is_blank() {
                rounds.push(RoundEntry::BLANK);
                continue;
            }
            let mut bad = false;
            for column in [
                opponent_columns.first - 2,
                opponent_columns.first - 1,
                colour_columns.first - 1,
                result_columns.first - 1,
            ] {
                let field = line.field(column, column);
                if !field.is_blank() {
                    self.push(
                        Diagnostic::error(Code::BadRoundEntry, format!("round {round}: column {column} holds `{}`", field.text))
                            .at(field.span())
                            .expected(format!(
                                "a blank in column {column}: round {round} is opponent in columns {}–{}, colour in {}, result in {}",
                                opponent_columns.first, opponent_columns.last, colour_columns.first, result_columns.first
                            )),
                    );
                    bad = true;
                }
            }
            let opponent_field = line.field(opponent_columns.first, opponent_columns.last);
            let opponent = match opponent_field.trimmed() {
                "" => None,
                text => match fields::number(text) {
                    Some(0) => None,
                    Some(n) => Some(n),
                    None => {
                        self.push(
                            Diagnostic::error(Code::BadRoundEntry, format!("round {round}: invalid opponent `{text}`"))
                                .at(opponent_field.span())
                                .expected(format!(
                                    "the opponent's pairing number, or 0000 for none, in columns {}–{}",
                                    opponent_columns.first, opponent_columns.last
                                )),
                        );
                        bad = true;
                        None
                    }
                },
            };
            let colour_field = line.field(colour_columns.first, colour_columns.last);
            let colour = match colour_field.text.chars().next().unwrap_or(' ') {
                'w' => Some(Colour::White),
                'b' => Some(Colour::Black),
                '-' | ' ' => None,
                c @ ('W' | 'B' | 's' | 'S') => {
                    self.push(
                        Diagnostic::warning(Code::Nonstandard, format!("round {round}: colour `{c}`"))
                            .at(colour_field.span())
                            .expected(format!("w, b or - in column {}", colour_columns.first))
                            .note(if c == 's' || c == 'S' {
                                "read as black (schwarz)"
                            } else {
                                "read as written, in lower case"
                            }),
                    );
                    Some(if c == 'W' { Colour::White } else { Colour::Black })
                }
                c => {
                    self.push(
                        Diagnostic::error(Code::BadRoundEntry, format!("round {round}: invalid colour `{c}`"))
                            .at(colour_field.span())
                            .expected(format!("w, b, - or blank in column {}", colour_columns.first)),
                    );
                    bad = true;
                    None
                }
            };
            let result_field = line.field(result_columns.first, result_columns.last);
            let result_char = result_field.text.chars().next().unwrap_or(' ');
            let result = match ResultCode::from_char(result_char) {
                Some(result) => result,
                None => {
                    self.push(
                        Diagnostic::error(
                            Code::BadRoundEntry,
                            format!("round {round}: invalid result `{result_char}`"),
                        )
                        .at(result_field.span())
                        .expected(format!("{RESULT_EXPECTED} in column {}", result_columns.first)),
                    );
                    bad = true;
                    ResultCode::Blank
                }
            };
            if bad {
                rounds.push(RoundEntry::BLANK);
                continue;
            }
            let entry = RoundEntry { opponent, colour, result, game_points: None };
            self.check_block(&entry, round, id, &block);
            rounds.push(entry);
        }
        // Trailing blank blocks (trailing spaces, or rounds not yet played) say nothing.
        while rounds.last().is_some_and(RoundEntry::is_blank) {
            rounds.pop();
        }
        rounds
    }

    /// Opponent, colour and result must make sense together.
    fn check_block(&mut self, entry: &RoundEntry, round: usize, id: Option<PlayerId>, block: &Field<'_>) {
        let span = Span::new(block.line, block.column + 2, block.column + 10);
        let code = entry.result.trf_char();
        let problem = match (entry.opponent, entry.colour, entry.result) {
            // A published round: the pairing is there, the result not yet.
            (Some(_), Some(_), ResultCode::Blank) => None,
            (Some(_), None, ResultCode::Blank) => Some((
                format!("round {round}: an opponent, but neither a colour nor a result"),
                "a colour (w or b) for a paired game, or 0000 for no opponent".to_owned(),
            )),
            (Some(_), _, r) if r.is_bye_code() => Some((
                format!("round {round}: `{}` is a bye and has no opponent", code.to_string().trim()),
                "0000 (no opponent) with a bye code, or a game result with an opponent".to_owned(),
            )),
            (Some(_), None, r) if r.played_outcome().is_some() => Some((
                format!("round {round}: a game with result `{code}` but no colour"),
                "w or b for a game that was played; a forfeit is written + or -".to_owned(),
            )),
            // TRF-2026 (330): a team board whose opponent's board is empty is written with its
            // scheduled colour and a forfeit (`0000 w +`).
            (None, Some(_), ResultCode::ForfeitWin | ResultCode::ForfeitLoss) => None,
            (None, Some(_), _) => Some((
                format!("round {round}: a colour but no opponent"),
                "- as the colour when there is no opponent".to_owned(),
            )),
            (None, None, ResultCode::Win | ResultCode::Loss | ResultCode::WinUnrated | ResultCode::LossUnrated) => {
                Some((
                    format!("round {round}: result `{code}` needs an opponent"),
                    "an opponent for a game result; H F U Z (or the legacy + = -) for a bye".to_owned(),
                ))
            }
            _ => None,
        };
        if let Some((message, expected)) = problem {
            let who = id.map(|id| format!(" (player {id})")).unwrap_or_default();
            self.push(Diagnostic::error(Code::BadRoundEntry, format!("{message}{who}")).at(span).expected(expected));
        }
    }

    fn team16(&mut self, line: &Line<'_>) {
        use layout::team16::*;
        let name = line.field(NAME.first, NAME.last).trimmed().to_owned();
        let members = self.player_list(line, MEMBER, "013");
        let number = self.teams16.len() as u32 + 1;
        self.teams16.push((Team { number, name, members, ..Team::default() }, line.number));
    }

    fn team26(&mut self, line: &Line<'_>) {
        use layout::team::*;
        let Some(number) = self.required_number(line, NUMBER, "310") else {
            return;
        };
        let name = line.field(NAME.first, NAME.last).trimmed().to_owned();
        let nickname = non_empty(line.field(NICKNAME.first, NICKNAME.last).trimmed());
        let strength = non_empty(line.field(STRENGTH.first, STRENGTH.last).trimmed());
        let match_points = self.optional_points(line, MATCH_POINTS, "310").unwrap_or(None);
        let game_points = self.optional_points(line, GAME_POINTS, "310").unwrap_or(None);
        let rank = self.optional_number(line, RANK, "310").unwrap_or(None);
        let members = self.player_list(line, MEMBER, "310");
        let team = Team { number, name, nickname, strength, match_points, game_points, rank, members };
        self.teams26.push((team, line.number));
    }

    fn byes_240(&mut self, line: &Line<'_>) {
        use layout::byes::*;
        let kind_field = line.field(KIND.first, KIND.last);
        let kind = match kind_field.trimmed().to_ascii_uppercase().as_str() {
            "F" => RequestedByeKind::Full,
            "H" => RequestedByeKind::Half,
            "Z" => RequestedByeKind::Zero,
            _ => {
                let d = self.bad_field(&kind_field, "bye type in record 240", "F, H or Z in column 5");
                self.push(d);
                return;
            }
        };
        let Some(round) = self.required_number(line, ROUND, "240") else {
            return;
        };
        let players = self.player_list(line, PLAYER, "240");
        self.tournament.requested_byes.push(RequestedBye { kind, round, players });
        self.tournament.origin.requested_bye_lines.push(line.number);
    }

    fn acceleration_250(&mut self, line: &Line<'_>) {
        use layout::acceleration::*;
        let match_points = self.optional_points(line, MATCH_POINTS, "250");
        let game_points = self.optional_points(line, GAME_POINTS, "250");
        let first_round = self.required_number(line, FIRST_ROUND, "250");
        let last_round = self.required_number(line, LAST_ROUND, "250");
        let first_player = self.required_number(line, FIRST_PLAYER, "250");
        let last_player = self.required_number(line, LAST_PLAYER, "250");
        if let (
            Ok(match_points),
            Ok(game_points),
            Some(first_round),
            Some(last_round),
            Some(first_player),
            Some(last_player),
        ) = (match_points, game_points, first_round, last_round, first_player, last_player)
        {
            self.tournament.accelerations.push(Acceleration {
                match_points,
                game_points: game_points.unwrap_or(Points::ZERO),
                first_round,
                last_round,
                first_player,
                last_player,
            });
            self.tournament.origin.acceleration_lines.push(line.number);
        }
    }

    fn acceleration_xxa(&mut self, line: &Line<'_>) {
        use layout::per_round::*;
        let Some(player) = self.required_number(line, ID, "XXA") else {
            return;
        };
        for (round, value) in self.per_round_values(line, "XXA") {
            self.tournament.accelerations.push(Acceleration {
                match_points: None,
                game_points: value,
                first_round: round,
                last_round: round,
                first_player: player,
                last_player: player,
            });
            self.tournament.origin.acceleration_lines.push(line.number);
        }
    }

    /// Values on the XXA grid: round r at columns 10+5(r-1) to 13+5(r-1); blank slots are skipped.
    fn per_round_values(&mut self, line: &Line<'_>, tag: &str) -> Vec<(u32, Points)> {
        let mut values = Vec::new();
        let mut index = 0;
        while layout::per_round::VALUE.nth(index).first <= line.width() {
            let columns = layout::per_round::VALUE.nth(index);
            if let Ok(Some(value)) = self.optional_points(line, columns, tag) {
                values.push((index as u32 + 1, value));
            }
            let gap = line.field(columns.last + 1, columns.last + 1);
            if !gap.is_blank() {
                self.misaligned(&gap, tag);
            }
            index += 1;
        }
        values
    }

    fn prohibited_260(&mut self, line: &Line<'_>) {
        use layout::prohibited::*;
        let (Ok(first_round), Ok(last_round)) =
            (self.optional_number(line, FIRST_ROUND, "260"), self.optional_number(line, LAST_ROUND, "260"))
        else {
            return;
        };
        let players = self.player_list(line, PLAYER, "260");
        self.tournament.forbidden_pairs.push(ForbiddenPairs { first_round, last_round, players });
        self.tournament.origin.forbidden_lines.push(line.number);
    }

    fn forbidden_list(&mut self, line: &Line<'_>, tag: &str) {
        let field = line.rest(5);
        match fields::pairing_numbers(field.text, false) {
            Ok(players) => {
                self.tournament.forbidden_pairs.push(ForbiddenPairs { first_round: None, last_round: None, players });
                self.tournament.origin.forbidden_lines.push(line.number);
            }
            Err(bad) => self.push(
                Diagnostic::error(Code::BadField, format!("`{bad}` in record {tag} is not a pairing number"))
                    .at(field.span())
                    .expected("pairing numbers from 1 to 9999, separated by blanks"),
            ),
        }
    }

    fn absent_list(&mut self, line: &Line<'_>, tag: &str) {
        let field = line.rest(5);
        match fields::pairing_numbers(field.text, true) {
            Ok(players) => self.absent_next.push((players, line.number)),
            Err(bad) => self.push(
                Diagnostic::error(Code::BadField, format!("`{bad}` in record {tag} is not a pairing number"))
                    .at(field.span())
                    .expected("pairing numbers from 1 to 9999, separated by blanks"),
            ),
        }
    }

    fn acc_flag(&mut self, line: &Line<'_>) {
        let field = line.rest(5);
        match fields::flag(field.text) {
            Some(flag) => self.tournament.header.baku_acceleration_flag = flag,
            None => {
                let d = self.bad_field(&field, "flag in record ACC", "true, false, 1 or 0");
                self.push(d);
            }
        }
    }

    fn abnormal_299(&mut self, line: &Line<'_>) {
        use layout::abnormal::*;
        let kind_field = line.field(KIND.first, KIND.last);
        let kind = match kind_field.trimmed().chars().next() {
            None => None,
            Some(c) if "WDLFHZ+-".contains(c.to_ascii_uppercase()) => Some(c.to_ascii_uppercase()),
            Some(_) => {
                let d =
                    self.bad_field(&kind_field, "result type in record 299", "W D L F H Z + - or blank in column 5");
                self.push(d);
                return;
            }
        };
        let (Ok(match_points), Ok(points), Ok(round)) = (
            self.optional_points(line, MATCH_POINTS, "299"),
            self.optional_points(line, POINTS, "299"),
            self.optional_number(line, ROUND, "299"),
        ) else {
            return;
        };
        let players = self.player_list(line, PLAYER, "299");
        self.tournament.abnormal_points.push(AbnormalPoints {
            kind,
            match_points,
            points,
            round: round.filter(|&r| r != 0),
            players,
        });
        self.tournament.origin.abnormal_lines.push(line.number);
    }

    fn lineup_300(&mut self, line: &Line<'_>) {
        use layout::lineup::*;
        let (Some(round), Some(team), Some(opponent)) = (
            self.required_number(line, ROUND, "300"),
            self.required_number(line, TEAM, "300"),
            self.required_number(line, OPPONENT, "300"),
        ) else {
            return;
        };
        let mut boards = Vec::new();
        let mut index = 0;
        while BOARD.nth(index).first <= line.width() {
            let columns = BOARD.nth(index);
            boards.push(self.optional_number(line, columns, "300").ok().flatten().filter(|&id| id != 0));
            index += 1;
        }
        self.tournament.team_records.lineups.push(TeamLineup { round, team, opponent, boards });
        self.tournament.origin.lineup_lines.push(line.number);
    }

    fn team_pab(&mut self, line: &Line<'_>) {
        use layout::team_pab::*;
        self.single("320", line);
        let (Ok(match_points), Ok(game_points)) =
            (self.optional_points(line, MATCH_POINTS, "320"), self.optional_points(line, GAME_POINTS, "320"))
        else {
            return;
        };
        let mut teams = Vec::new();
        let mut index = 0;
        while TEAM.nth(index).first <= line.width() {
            teams.push(self.optional_number(line, TEAM.nth(index), "320").ok().flatten().filter(|&t| t != 0));
            index += 1;
        }
        while teams.last() == Some(&None) {
            teams.pop();
        }
        self.tournament.team_records.pab = Some(TeamPab { match_points, game_points, teams });
    }

    fn team_forfeit(&mut self, line: &Line<'_>) {
        use layout::team_forfeit::*;
        let kind_field = line.field(KIND.first, KIND.last);
        let kind = kind_field.trimmed().to_owned();
        if !["+-", "-+", "--"].contains(&kind.as_str()) {
            let d = self.bad_field(&kind_field, "forfeit type in record 330", "+-, -+ or -- in columns 5–6");
            self.push(d);
            return;
        }
        let (Some(round), Some(white), Some(black)) = (
            self.required_number(line, ROUND, "330"),
            self.required_number(line, WHITE, "330"),
            self.required_number(line, BLACK, "330"),
        ) else {
            return;
        };
        self.tournament.team_records.forfeits.push(TeamForfeit { kind, round, white, black });
        self.tournament.origin.team_forfeit_lines.push(line.number);
    }

    /// Record 352: the colours of the first-named team's boards, one letter a board (`WBWB`).
    fn board_colours(&mut self, line: &Line<'_>) {
        self.single("352", line);
        let field = line.rest(5);
        let text = field.trimmed();
        if text.is_empty() || !text.chars().all(|c| matches!(c, 'W' | 'B' | 'w' | 'b')) {
            let d =
                self.bad_field(&field, "board colour sequence in record 352", "one W or B per board, such as `WBWB`");
            self.push(d);
            return;
        }
        self.tournament.team_records.board_colours = Some(text.to_ascii_uppercase());
    }

    /// Record 362. The TRF-2026 text names the codes (TW, TD, TL) and their values but not the
    /// columns, and files space them differently, so the record is read as code–value pairs.
    fn team_scoring(&mut self, line: &Line<'_>) {
        self.single("362", line);
        let field = line.rest(5);
        let mut scoring = TeamScoring { win: Points::whole(2), draw: Points::ONE, loss: Points::ZERO };
        let words = fields::words(field.text, false);
        if words.is_empty() || !words.len().is_multiple_of(2) {
            let d = self.bad_field(
                &field,
                "team scoring in record 362",
                "pairs of a code (TW, TD, TL) and its match points, such as `TW 2.0 TD 1.0 TL 0.0`",
            );
            self.push(d);
            return;
        }
        for pair in words.chunks(2) {
            let value = fields::points(pair[1]);
            match (fields::team_code(pair[0]), value) {
                (Some("TW"), Some(value)) => scoring.win = value,
                (Some("TD"), Some(value)) => scoring.draw = value,
                (Some("TL"), Some(value)) => scoring.loss = value,
                _ => {
                    let d = self.bad_field(
                        &field,
                        "team scoring in record 362",
                        "pairs of a code (TW, TD, TL) and its match points, such as `TW 2.0 TD 1.0 TL 0.0`",
                    );
                    self.push(d);
                    return;
                }
            }
        }
        self.tournament.team_records.scoring = Some(scoring);
    }

    fn national_rating(&mut self, federation: &str, line: &Line<'_>) {
        use layout::national::*;
        let Some(player) = self.required_number(line, ID, federation) else {
            return;
        };
        let rating = match self.optional_number(line, RATING, federation) {
            Ok(rating) => rating.filter(|&r| r != 0),
            Err(()) => None,
        };
        let text = |c: Columns| non_empty(line.field(c.first, c.last).trimmed());
        self.tournament.national_ratings.push(NationalRating {
            federation: federation.to_owned(),
            player,
            sex: line.field(SEX.first, SEX.last).trimmed().chars().next(),
            class: text(CLASS),
            name: text(NAME),
            rating,
            origin: text(ORIGIN),
            national_id: text(NATIONAL_ID),
            birth: text(BIRTH),
        });
        self.tournament.origin.national_rating_lines.push(line.number);
    }

    fn draughts_player(&mut self, line: &Line<'_>) {
        let Some(player) = self.required_number(line, layout::draughts_player::ID, "XDP") else {
            return;
        };
        let field = line.rest(layout::draughts_player::PAIRS.first);
        let Some(pairs) = fields::key_values(field.text) else {
            let d = self.bad_field(&field, "XDP data", "KEY=value pairs: FMJDID, TITLE, NAME, RLIST, TB:<name>");
            self.push(d);
            return;
        };
        let mut data = DraughtsPlayer::default();
        let mut title = None;
        let mut name = None;
        for (key, value) in pairs {
            match key {
                "FMJDID" => data.fmjd_id = Some(value.to_owned()),
                "TITLE" => title = Some(value.to_owned()),
                "NAME" => name = Some(value.to_owned()),
                "RLIST" => data.rating_list = Some(value.to_owned()),
                _ if key.starts_with("TB:") => match fields::points(value) {
                    Some(points) => data.reported_tie_breaks.push((key[3..].to_owned(), points)),
                    None => self.push(
                        Diagnostic::error(Code::BadField, format!("tie-break value `{value}` in record XDP"))
                            .at(field.span())
                            .expected("a number"),
                    ),
                },
                _ => self.push(
                    Diagnostic::error(Code::BadField, format!("unknown XDP key `{key}`"))
                        .at(field.span())
                        .expected("FMJDID, TITLE, NAME, RLIST or TB:<name>"),
                ),
            }
        }
        self.draughts.push(ExtraPlayerData { player, data, title, name, line: line.number });
    }

    fn game_points(&mut self, line: &Line<'_>) {
        let Some(player) = self.required_number(line, layout::per_round::ID, "XDG") else {
            return;
        };
        for (round, value) in self.per_round_values(line, "XDG") {
            let columns = layout::per_round::VALUE.nth(round as usize - 1);
            self.game_points.push((player, round, value, Span::new(line.number, columns.first, columns.last + 1)));
        }
    }

    fn numbering(&mut self, line: &Line<'_>) {
        let field = line.rest(5);
        match field.trimmed() {
            "FINAL-PLACES" => self.tournament.numbering = Numbering::FinalPlaces,
            "PAIRING-NUMBERS" => self.tournament.numbering = Numbering::PairingNumbers,
            _ => {
                let d = self.bad_field(&field, "numbering in record XDN", "FINAL-PLACES or PAIRING-NUMBERS");
                self.push(d);
            }
        }
    }

    /// trfcheck's `XDK DRAUGHTS` (or `CHESS`): the game the tournament is played in, which TRF has
    /// no record for (FIDE's 192 codes name chess systems only). Any case.
    fn game(&mut self, line: &Line<'_>) {
        self.single("XDK", line);
        let field = line.rest(5);
        match field.trimmed().to_ascii_uppercase().as_str() {
            "DRAUGHTS" => self.tournament.game = Some(Game::Draughts),
            "CHESS" => self.tournament.game = Some(Game::Chess),
            _ => {
                // Not recoverable: without it the check would have to guess the game.
                let d = self.bad_field(&field, "game in record XDK", "DRAUGHTS or CHESS");
                self.push(d);
            }
        }
    }

    /// trfcheck `XDT BYE=zero FORFEIT=scheduled ABSENT=ignore`: the rule for unplayed rounds in the
    /// FMJD tie-breaks (3.1a–d). Kinds not named keep the default; a repeated record replaces it.
    fn unplayed_rule(&mut self, line: &Line<'_>) {
        self.single("XDT", line);
        let field = line.rest(5);
        let expected = "KIND=RULE pairs: BYE, FORFEIT, ABSENT = IGNORE, ZERO, SCHEDULED, OWN-SCORE or VIRTUAL";
        let Some(pairs) = fields::key_values(field.text).filter(|p| !p.is_empty()) else {
            let d = self.bad_field(&field, "XDT data", expected);
            self.push(d);
            return;
        };
        let mut rule = UnplayedRule::default();
        for (kind, value) in pairs {
            let set = value.parse::<UnplayedCount>().and_then(|count| rule.set(kind, count));
            if let Err(error) = set {
                self.push(Diagnostic::error(Code::BadField, error.to_string()).at(field.span()).expected(expected));
            }
        }
        self.tournament.unplayed_rule = Some(rule);
    }

    /// trfcheck's `XDO` record: the FMJD organiser's options (`FLOATS=ON COLOURS=WEAK
    /// ACCELERATION=HALEY BYE=2`), each optional; a key said twice keeps the later value.
    fn draughts_options(&mut self, line: &Line<'_>) {
        self.single("XDO", line);
        let field = line.rest(5);
        let expected = "FLOATS=ON|OFF, COLOURS=NONE|WEAK|STRONG, ACCELERATION=NONE|FOUR-GROUPS|HALEY, BYE=<points>";
        let Some(pairs) = fields::key_values(field.text) else {
            let d = self.bad_field(&field, "XDO options", expected);
            self.push(d);
            return;
        };
        let mut options = self.tournament.draughts_options;
        for (key, value) in pairs {
            let read = match key.to_ascii_uppercase().as_str() {
                "FLOATS" => crate::model::parse_on_off(value).map(|v| options.floats = Some(v)),
                "COLOURS" | "COLORS" => value.parse().map(|v| options.colour_preference = Some(v)),
                "ACCELERATION" => value.parse().map(|v| options.acceleration = Some(v)),
                "BYE" => match fields::points(value) {
                    Some(points) if points >= Points::ZERO => {
                        options.bye_points = Some(points);
                        self.draughts_bye = Some(field.span());
                        Ok(())
                    }
                    _ => Err(format!("`{value}` is not a number of points")),
                },
                _ => Err(format!("unknown XDO key `{key}`")),
            };
            if let Err(reason) = read {
                self.push(
                    Diagnostic::error(Code::BadField, format!("record XDO: {reason}"))
                        .at(field.span())
                        .expected(expected)
                        .recoverable(),
                );
            }
        }
        self.tournament.draughts_options = options;
    }

    fn finish(mut self) -> (Tournament, Diagnostics) {
        self.finish_round_dates();
        // The point system: the fields the records set, over the FIDE default.
        let system = &mut self.tournament.point_system;
        for (field, (value, ..)) in &self.scoring {
            let value = *value;
            match field {
                F::WhiteWin => system.white_win = value,
                F::BlackWin => system.black_win = value,
                F::WhiteDraw => system.white_draw = value,
                F::BlackDraw => system.black_draw = value,
                F::WhiteLoss => system.white_loss = value,
                F::BlackLoss => system.black_loss = value,
                F::ForfeitWin => system.forfeit_win = value,
                F::ForfeitLoss => system.forfeit_loss = value,
                F::ZeroPointBye => system.zero_point_bye = value,
                F::HalfPointBye => system.half_point_bye = value,
                F::FullPointBye => system.full_point_bye = value,
                F::PairingAllocatedBye => system.pairing_allocated_bye = Some(value),
                F::UnknownResult => system.unknown_result = Some(value),
            }
        }
        // XDO BYE (4.1: the bye's points) prices the pairing-allocated bye, over 162/XXS/BBU;
        // a record of those that says otherwise is most likely a mistake, so it is named.
        if let Some(bye) = self.tournament.draughts_options.bye_points {
            system.pairing_allocated_bye = Some(bye);
            if let Some((value, _, tag, line)) = self.scoring.get(&F::PairingAllocatedBye)
                && *value != bye
            {
                let message = format!(
                    "record XDO prices the pairing-allocated bye at {bye}, record {tag} at line {line} at {value}: \
                     XDO's value is used"
                );
                let mut warning = Diagnostic::warning(Code::Conflict, message);
                if let Some(span) = self.draughts_bye.clone() {
                    warning = warning.at(span);
                }
                self.push(warning);
            }
        }
        // A Double-Swiss file that prices the PAB above a won game prices its byes per match
        // (C.04.5 1.4: "as if the player had played a match winning a game and drawing the
        // other"), as MarkDechamps/fide-swiss-pairing-engine writes them (`162 P 1.5 F 2.0 H 1.0`,
        // a bye in both columns of its match): docs/double-swiss.md, "Another program's dialect".
        let double_swiss =
            |code: Option<&String>| code.is_some_and(|c| c.trim().to_ascii_uppercase().starts_with("FIDE_DOUBLESWISS"));
        let Tournament { header, point_system, .. } = &mut self.tournament;
        if (double_swiss(header.system_code.as_ref()) || double_swiss(header.tournament_type.as_ref()))
            && point_system.pab() > point_system.white_win
        {
            point_system.byes_per_match = true;
            let message = format!(
                "the pairing-allocated bye is worth {}, more than a won game ({}): in a Double-Swiss file the bye \
                 values are read as a match's, and a bye written in both games of a match counts once",
                point_system.pab(),
                point_system.white_win
            );
            let mut note = Diagnostic::note_level(Code::Nonstandard, message);
            if let Some((.., line)) = self.scoring.get(&F::PairingAllocatedBye) {
                note = note.at(Span::line(*line, 3));
            }
            self.push(note);
        }
        // Teams: TRF-2026 310 records replace 013 when both are present (as the TEC sample has them),
        // and the 013 records are checked against them: the same teams, in TPN order, with the
        // same members.
        if !self.teams26.is_empty() && !self.teams16.is_empty() {
            self.cross_check_013();
        }
        if !self.teams26.is_empty() {
            self.tournament.origin.team_rosters = Some("310");
        } else if !self.teams16.is_empty() {
            self.tournament.origin.team_rosters = Some("013");
        }
        let teams =
            if self.teams26.is_empty() { std::mem::take(&mut self.teams16) } else { std::mem::take(&mut self.teams26) };
        for (team, line) in teams {
            self.tournament.teams.push(team);
            self.tournament.origin.team_lines.push(line);
        }
        // XXZ and BYE name players absent in the round to pair.
        let round = self.tournament.round_to_pair();
        for (players, line) in std::mem::take(&mut self.absent_next) {
            self.tournament.requested_byes.push(RequestedBye { kind: RequestedByeKind::Zero, round, players });
            self.tournament.origin.requested_bye_lines.push(line);
        }
        let index = self.tournament.player_index();
        for (player, round, value, span) in std::mem::take(&mut self.game_points) {
            let entry = index.get(&player).and_then(|&i| self.tournament.players[i].rounds.get_mut(round as usize - 1));
            match entry {
                Some(entry) if !entry.is_blank() => entry.game_points = Some(value),
                _ => self.diagnostics.push(
                    Diagnostic::error(
                        Code::UnknownPlayer,
                        format!("XDG gives points for player {player} in round {round}, who has no game there"),
                    )
                    .at(span)
                    .expected("a player and round with a recorded result"),
                ),
            }
        }
        for extra in std::mem::take(&mut self.draughts) {
            match index.get(&extra.player) {
                Some(&i) => {
                    let p = &mut self.tournament.players[i];
                    if extra.data != DraughtsPlayer::default() {
                        p.draughts = Some(extra.data);
                    }
                    if extra.title.is_some() {
                        p.title = extra.title;
                    }
                    if let Some(name) = extra.name {
                        p.name = name;
                    }
                }
                None => self.diagnostics.push(
                    Diagnostic::error(
                        Code::UnknownPlayer,
                        format!("XDP names player {}, who has no 001 record", extra.player),
                    )
                    .at(Span::new(extra.line, 5, 9))
                    .expected("the pairing number of a player"),
                ),
            }
        }
        self.tournament.origin.format = Some(SourceFormat::Trf);
        (self.tournament, self.diagnostics)
    }
}

impl Reader {
    /// A file with both 013 (TRF16) and 310 (TRF-2026) records: 310 is read, and each 013 record
    /// (the n-th one is team n, as TRF16 numbers teams by their order) must say what the 310
    /// record of team n says. A difference is a warning at the 013 record: 310 is what is used.
    fn cross_check_013(&mut self) {
        use layout::team16::{MEMBER, NAME};
        let by_number: BTreeMap<u32, Team> = self.teams26.iter().map(|(t, _)| (t.number, t.clone())).collect();
        let mut findings = Vec::new();
        for (team16, line) in &self.teams16 {
            let warn = |message: String, first: usize, last: usize| {
                Diagnostic::warning(Code::Conflict, message)
                    .at(Span::new(*line, first, last + 1))
                    .expected("the same team as the 310 record with this team number")
                    .note("the 310 records are used; the 013 records are the TRF16 copy of them")
            };
            let Some(team26) = by_number.get(&team16.number) else {
                findings.push(warn(
                    format!("013 record for team {} (by its order), which has no 310 record", team16.number),
                    1,
                    3,
                ));
                continue;
            };
            if team16.name.trim() != team26.name.trim() {
                findings.push(warn(
                    format!(
                        "team {} is `{}` in record 013 and `{}` in record 310",
                        team16.number, team16.name, team26.name
                    ),
                    NAME.first,
                    NAME.last,
                ));
            }
            if team16.members != team26.members {
                let list = |m: &[PlayerId]| m.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                findings.push(warn(
                    format!(
                        "team {}'s players are `{}` in record 013 and `{}` in record 310",
                        team16.number,
                        list(&team16.members),
                        list(&team26.members)
                    ),
                    MEMBER.first,
                    MEMBER.nth(team16.members.len().max(1) - 1).last,
                ));
            }
        }
        if self.teams16.len() != self.teams26.len() {
            let line = self.teams16.first().map_or(0, |(_, line)| *line);
            findings.push(
                Diagnostic::warning(
                    Code::Conflict,
                    format!("{} teams in 013 records, {} in 310 records", self.teams16.len(), self.teams26.len()),
                )
                .at(Span::new(line, 1, 4))
                .expected("one 013 record for each 310 record")
                .note("the 310 records are used"),
            );
        }
        for d in findings {
            self.push(d);
        }
    }
}

fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn point_field_name(field: PointField) -> &'static str {
    match field {
        F::WhiteWin => "a win with white",
        F::BlackWin => "a win with black",
        F::WhiteDraw => "a draw with white",
        F::BlackDraw => "a draw with black",
        F::WhiteLoss => "a loss with white",
        F::BlackLoss => "a loss with black",
        F::ForfeitWin => "a forfeit win",
        F::ForfeitLoss => "a forfeit loss",
        F::ZeroPointBye => "a zero-point bye",
        F::HalfPointBye => "a half-point bye",
        F::FullPointBye => "a full-point bye",
        F::PairingAllocatedBye => "the pairing-allocated bye",
        F::UnknownResult => "an unknown result",
    }
}

/// Three upper-case letters: a federation code heading a TRF-2026 national rating record.
fn is_federation_code(tag: &str) -> bool {
    tag.len() == 3 && tag.chars().all(|c| c.is_ascii_uppercase())
}

/// Column rulers (`0123456789012…`, which starts like a 012 record) and legends
/// (`DDD SSSS sTTT NNNN…`) that some programs print above the records.
fn is_ruler_or_legend(text: &str) -> bool {
    let trimmed = text.trim_end();
    let digits: Vec<u32> = trimmed.chars().map_while(|c| c.to_digit(10)).collect();
    let counting =
        digits.len() == trimmed.len() && digits.len() >= 20 && digits.windows(2).all(|w| w[1] == (w[0] + 1) % 10);
    let legend = trimmed.starts_with("DDD ") && trimmed.contains("SSSS");
    let spaced_numbers = trimmed.starts_with(' ')
        && trimmed.chars().all(|c| c == ' ' || c.is_ascii_digit())
        && trimmed.split_whitespace().count() >= 3;
    counting || legend || spaced_numbers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::source::Encoding;
    use crate::model::{ByeKind, EntryKind};

    fn read_text(text: &str) -> (Tournament, Diagnostics) {
        read(&SourceText::new(text.to_owned(), Encoding::Utf8))
    }

    const LINE: &str = "001    1 m  g Mirzoev Azer                      2527 AZE    13400304 1978        4.0    1    26 w 1    13 b =  0000 - H          ";

    #[test]
    fn reads_a_player_record_by_columns() {
        let (t, d) = read_text(LINE);
        assert!(d.is_empty(), "{d:?}");
        let p = &t.players[0];
        assert_eq!((p.id, p.sex, p.title.as_deref(), p.name.as_str()), (1, Some('m'), Some("g"), "Mirzoev Azer"));
        assert_eq!(
            (p.rating, p.federation.as_deref(), p.fide_id.as_deref()),
            (Some(2527), Some("AZE"), Some("13400304"))
        );
        assert_eq!((p.points, p.rank), (Some(Points::whole(4)), Some(1)));
        // The trailing blank block says nothing and is not kept.
        assert_eq!(p.rounds.len(), 3);
        assert_eq!(p.rounds[0], RoundEntry::game(26, Colour::White, ResultCode::Win));
        assert_eq!(p.rounds[2].kind(), EntryKind::Bye(ByeKind::HalfPoint));
    }

    #[test]
    fn rulers_that_start_with_012_are_not_records() {
        let (t, d) = read_text("012 Real name\n0123456789012345678901234567890123456789\nDDD SSSS sTTT NNNN\n");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(t.header.name.as_deref(), Some("Real name"));
    }

    #[test]
    fn reports_every_problem_with_its_columns() {
        let text = "01\n001-\n^ Trolling\n001   -1 a ff Test01, Testin                       u GRE     4273613 1989/00/00               5 b =     1 w ù";
        let (t, d) = read_text(text);
        assert!(t.players.is_empty());
        let found: Vec<(Code, usize, usize)> =
            d.iter().map(|d| (d.code, d.span.as_ref().unwrap().line, d.span.as_ref().unwrap().column)).collect();
        assert!(found.contains(&(Code::ShortLine, 1, 1)));
        assert!(found.contains(&(Code::NoSeparator, 2, 4)));
        assert!(found.contains(&(Code::UnknownRecord, 3, 1)));
        assert!(found.contains(&(Code::BadField, 4, 5)), "pairing number -1: {found:?}");
        assert!(found.contains(&(Code::BadField, 4, 49)), "rating u: {found:?}");
        assert!(found.contains(&(Code::BadField, 4, 81)), "blank points: {found:?}");
        assert!(found.contains(&(Code::BadRoundEntry, 4, 109)), "result ù: {found:?}");
        assert!(found.contains(&(Code::Nonstandard, 4, 10)), "sex a: {found:?}");
    }

    #[test]
    fn point_system_records_combine_in_file_order() {
        let (t, d) = read_text("XXS W=3 D=1\nXXS FPB=0\nBBU  1.0\n");
        assert!(d.is_empty(), "{d:?}");
        let s = &t.point_system;
        assert_eq!((s.white_win, s.black_win, s.forfeit_win), (Points::whole(3), Points::whole(3), Points::whole(3)));
        assert_eq!(s.full_point_bye, Points::ZERO);
        assert_eq!(s.pab(), Points::ONE);
        assert!(t.point_system_declared);
        let (_, d) = read_text("162  W 1.0\nBBW  2.0\n");
        assert_eq!(d.iter().filter(|d| d.code == Code::Conflict).count(), 1);
    }

    /// `XDK` declares the game, in any case; another word is an error at its columns (the game
    /// would otherwise be guessed), and the writer writes the record back.
    #[test]
    fn the_xdk_record_declares_the_game() {
        for (text, game) in [("XDK DRAUGHTS", Game::Draughts), ("XDK  chess ", Game::Chess)] {
            let (t, d) = read_text(text);
            assert!(d.is_empty(), "{d:?}");
            assert_eq!(t.game, Some(game));
            let (written, _) = crate::formats::trf::write(&t);
            assert!(written.contains(&format!("\r\nXDK {}\r\n", game.record_word())), "{written}");
            assert_eq!(read_text(&written).0, t);
        }
        let (t, d) = read_text("XDK checkers\n");
        assert_eq!(t.game, None);
        let errors: Vec<_> = d.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 1, "{d:?}");
        assert_eq!((errors[0].code, errors[0].span.as_ref().map(|s| s.column)), (Code::BadField, Some(5)));
        assert!(!errors[0].recoverable, "{:?}", errors[0]);
        assert!(read_text("012 No game\n").0.game.is_none());
    }

    #[test]
    fn an_xdo_bye_that_differs_from_the_point_system_is_named() {
        let (t, d) = read_text("BBU  1.0\nXDO FLOATS=ON BYE=2\n");
        assert_eq!(t.point_system.pab(), Points::whole(2), "XDO's value is used");
        let warnings: Vec<_> = d.iter().filter(|d| d.code == Code::Conflict).collect();
        assert_eq!(warnings.len(), 1, "{d:?}");
        assert_eq!(warnings[0].severity, crate::diagnostics::Severity::Warning);
        assert!(warnings[0].message.contains("record BBU at line 1 at 1.0"), "{}", warnings[0].message);
        assert_eq!(warnings[0].span.as_ref().map(|s| s.line), Some(2));
        // The same value twice, or XDO alone: nothing to say.
        let (_, d) = read_text("BBU  2.0\nXDO BYE=2\n");
        assert!(d.is_empty(), "{d:?}");
        let (_, d) = read_text("XDO BYE=1.5\n");
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn blocks_that_contradict_themselves_are_errors() {
        let line = |block: &str| format!("{}{block}", &LINE[..91]);
        for block in ["  62 b Z", "  62   1", "0000 w 1", "0000 - 1", "  62 -  "] {
            let (_, d) = read_text(&line(block));
            assert!(d.iter().any(|d| d.code == Code::BadRoundEntry), "{block}: {d:?}");
        }
        // The last: a published round, paired but without a result yet.
        for block in ["0000 - =", "0000 - +", "     - -", "       -", "  62 - +", "0000 -  ", "  62 w  "] {
            let (_, d) = read_text(&line(block));
            assert!(d.is_empty(), "{block}: {d:?}");
        }
    }
}
