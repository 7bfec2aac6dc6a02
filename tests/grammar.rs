//! `grammar/trf.md` against the code: its column tables must list exactly the fields of
//! `trfcheck::formats::trf::layout::all_fixed()` (same record, name and columns, and the same
//! strides for repeated fields), and lines assembled from the documented columns must read back
//! into the values placed there.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use trfcheck::formats::trf::layout::{self, Columns, Repeated};
use trfcheck::formats::{self, Loaded, ReadOptions};
use trfcheck::model::{
    Acceleration, Colour, Date, ForbiddenPairs, NationalRating, Points, RequestedBye, RequestedByeKind, ResultCode,
    RoundEntry, Team, TeamForfeit, TeamLineup, TeamPab, Tournament,
};

/// One row of a column table in the document.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct DocField {
    record: String,
    name: String,
    first: usize,
    last: usize,
    stride: Option<usize>,
    line: usize,
}

fn doc_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/trf.md")
}

fn cells(row: &str) -> Vec<String> {
    let row = row.trim();
    let inner = row.strip_prefix('|').unwrap_or(row);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').map(|cell| cell.trim().to_owned()).collect()
}

/// `5–8`, `5-8` or `10`.
fn column_range(text: &str) -> Option<(usize, usize)> {
    match text.split_once(['–', '-']) {
        Some((first, last)) => Some((first.trim().parse().ok()?, last.trim().parse().ok()?)),
        None => {
            let column = text.trim().parse().ok()?;
            Some((column, column))
        }
    }
}

/// The column tables of `grammar/trf.md`: a `### `CODE` …` heading names the record, and a table
/// whose header row starts `| columns | field |` lists its fields.
fn parse_doc(text: &str) -> Vec<DocField> {
    let mut out = Vec::new();
    let mut record: Option<String> = None;
    let mut in_table = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_prefix('#') {
            in_table = false;
            let heading = heading.trim_start_matches('#');
            record = heading.split('`').nth(1).map(str::to_owned).filter(|_| heading.contains('`'));
            continue;
        }
        if !trimmed.starts_with('|') {
            in_table = false;
            continue;
        }
        let row = cells(trimmed);
        if row.len() >= 2 && row[0] == "columns" && row[1] == "field" {
            assert!(record.is_some(), "grammar/trf.md:{number}: a column table outside a record heading");
            in_table = true;
            continue;
        }
        if !in_table || row.iter().all(|c| c.chars().all(|ch| ch == '-' || ch == ':')) {
            continue;
        }
        let (first, last) = column_range(&row[0])
            .unwrap_or_else(|| panic!("grammar/trf.md:{number}: `{}` is not a column range", row[0]));
        assert!(first <= last, "grammar/trf.md:{number}: columns {first}–{last} run backwards");
        let stride = match row.get(2).map(String::as_str) {
            None | Some("") => None,
            Some(text) => Some(
                text.parse().unwrap_or_else(|_| panic!("grammar/trf.md:{number}: stride `{text}` is not a number")),
            ),
        };
        out.push(DocField {
            record: record.clone().expect("checked at the table header"),
            name: row[1].clone(),
            first,
            last,
            stride,
            line: number,
        });
    }
    out
}

fn documented() -> Vec<DocField> {
    let text = std::fs::read_to_string(doc_path()).expect("grammar/trf.md");
    let fields = parse_doc(&text);
    assert!(!fields.is_empty(), "grammar/trf.md has no column tables");
    fields
}

/// The repeated fields of `layout`, by record and name.
fn repeated() -> Vec<(&'static str, Repeated)> {
    use layout::*;
    vec![
        ("001", player::OPPONENT),
        ("001", player::COLOUR),
        ("001", player::RESULT),
        ("132", round_dates::DATE),
        ("013", team16::MEMBER),
        ("162", scoring::CODE),
        ("162", scoring::POINTS),
        ("240", byes::PLAYER),
        ("260", prohibited::PLAYER),
        ("299", abnormal::PLAYER),
        ("300", lineup::BOARD),
        ("310", team::MEMBER),
        ("320", team_pab::TEAM),
        ("802", team_report::OPPONENT),
        ("802", team_report::COLOUR),
        ("802", team_report::ROUND_GAME_POINTS),
        ("802", team_report::FORFEIT),
        ("XXA", per_round::VALUE),
    ]
}

#[test]
fn the_document_lists_every_fixed_field_of_the_code_and_no_other() {
    let doc = documented();
    let key = |record: &str, c: &Columns| (record.to_owned(), c.name.to_owned(), c.first, c.last);
    let code: BTreeSet<_> = layout::all_fixed().iter().map(|(record, c)| key(record, c)).collect();
    let written: BTreeSet<_> = doc.iter().map(|f| (f.record.clone(), f.name.clone(), f.first, f.last)).collect();
    let missing: Vec<_> = code.difference(&written).collect();
    let extra: Vec<_> = written.difference(&code).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "grammar/trf.md and layout::all_fixed() differ.\n  in the code, not (so) in the document: {missing:?}\n  \
         in the document, not (so) in the code: {extra:?}"
    );
    let mut seen = BTreeMap::new();
    for field in &doc {
        if let Some(first) = seen.insert((field.record.clone(), field.name.clone()), field.line) {
            panic!(
                "grammar/trf.md:{}: {} `{}` is listed twice (first at line {first})",
                field.line, field.record, field.name
            );
        }
    }
}

#[test]
fn the_documented_strides_are_the_code_strides() {
    let doc = documented();
    let repeated = repeated();
    for field in &doc {
        let code = repeated.iter().find(|(record, r)| *record == field.record && r.name == field.name);
        match (code, field.stride) {
            (Some((_, r)), Some(stride)) => assert_eq!(
                (r.first, r.last, r.stride),
                (field.first, field.last, stride),
                "grammar/trf.md:{}: {} `{}`",
                field.line,
                field.record,
                field.name
            ),
            (Some((_, r)), None) => {
                panic!(
                    "grammar/trf.md:{}: {} `{}` repeats every {} columns",
                    field.line, field.record, field.name, r.stride
                )
            }
            (None, Some(_)) => {
                panic!("grammar/trf.md:{}: {} `{}` does not repeat in the code", field.line, field.record, field.name)
            }
            (None, None) => {}
        }
    }
    // Every repeated field of the code is documented (and so in all_fixed).
    for (record, r) in repeated {
        assert!(
            doc.iter().any(|f| f.record == record && f.name == r.name && f.stride == Some(r.stride)),
            "grammar/trf.md: {record} `{}` with stride {} is not documented",
            r.name,
            r.stride
        );
    }
}

#[test]
fn the_documented_separator_columns_are_the_code_separators() {
    let text = std::fs::read_to_string(doc_path()).expect("grammar/trf.md");
    let sentence = text
        .split("\n\n")
        .map(|paragraph| paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|paragraph| paragraph.contains("separate fields"))
        .expect("grammar/trf.md names the separator columns of a player record");
    let before = sentence.split("separate fields").next().unwrap_or_default();
    let columns: Vec<usize> = before
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a column number"))
        .collect();
    assert_eq!(columns, layout::player::SEPARATORS.to_vec(), "{sentence}");
}

// --- The reader against the document: lines built from the documented columns.

/// A line under construction: values placed at the documented columns of one record.
struct LineBuilder<'a> {
    doc: &'a [DocField],
    record: &'static str,
    chars: Vec<char>,
}

impl<'a> LineBuilder<'a> {
    fn new(doc: &'a [DocField], record: &'static str, tag: &str) -> Self {
        LineBuilder { doc, record, chars: tag.chars().collect() }
    }

    /// The documented columns of a field of this record.
    fn field(&self, name: &str) -> &'a DocField {
        self.doc
            .iter()
            .find(|f| f.record == self.record && f.name == name)
            .unwrap_or_else(|| panic!("grammar/trf.md documents no field `{name}` for record {}", self.record))
    }

    /// Puts `value` right-aligned in the `nth` repetition (0-based) of the field.
    fn put_nth(mut self, name: &str, nth: usize, value: &str) -> Self {
        let field = self.field(name);
        let stride = field.stride.unwrap_or_else(|| {
            assert_eq!(nth, 0, "{} `{name}` does not repeat", self.record);
            0
        });
        let (first, last) = (field.first + nth * stride, field.last + nth * stride);
        let width = last - first + 1;
        let value: Vec<char> = value.chars().collect();
        assert!(value.len() <= width, "`{}` does not fit columns {first}–{last}", value.iter().collect::<String>());
        if self.chars.len() < last {
            self.chars.resize(last, ' ');
        }
        let start = first - 1 + (width - value.len());
        for (i, c) in value.into_iter().enumerate() {
            assert_eq!(self.chars[start + i], ' ', "{} `{name}` overlaps another field", self.record);
            self.chars[start + i] = c;
        }
        self
    }

    fn put(self, name: &str, value: &str) -> Self {
        self.put_nth(name, 0, value)
    }

    /// Puts `value` left-aligned (text fields such as names).
    fn put_left(self, name: &str, value: &str) -> Self {
        let field = self.field(name);
        let width = field.last - field.first + 1;
        self.put(name, &format!("{value:<width$}"))
    }

    fn build(self) -> String {
        self.chars.into_iter().collect::<String>().trim_end().to_owned()
    }
}

/// Two players who met in round 1 (and player 1 had a half-point bye in round 2), built from the
/// documented 001 columns.
fn players(doc: &[DocField]) -> Vec<String> {
    let one = LineBuilder::new(doc, "001", "001")
        .put("starting rank", "1")
        .put("sex", "w")
        .put("title", "WGM")
        .put_left("name", "Ötzi, Ånna")
        .put("FIDE rating", "2345")
        .put("federation", "NED")
        .put("FIDE id", "12345678")
        .put("birth date", "1990/01/02")
        .put("points", "1.5")
        .put("rank", "1")
        .put("opponent", "2")
        .put("colour", "w")
        .put("result", "1")
        .put_nth("opponent", 1, "0000")
        .put_nth("colour", 1, "-")
        .put_nth("result", 1, "H")
        .build();
    let two = LineBuilder::new(doc, "001", "001")
        .put("starting rank", "2")
        .put("sex", "m")
        .put_left("name", "Bakker, Cor")
        .put("FIDE rating", "2100")
        .put("points", "0.0")
        .put("rank", "2")
        .put("opponent", "1")
        .put("colour", "b")
        .put("result", "0")
        .put_nth("opponent", 1, "0000")
        .put_nth("colour", 1, "-")
        .put_nth("result", 1, "Z")
        .build();
    vec!["012 Columns from grammar/trf.md".to_owned(), "XXR 2".to_owned(), one, two]
}

fn read(lines: &[String]) -> Loaded {
    let text = lines.join("\n") + "\n";
    let loaded = formats::read_bytes(Path::new("grammar.trf"), text.as_bytes(), ReadOptions::default());
    assert!(
        loaded.diagnostics.is_empty(),
        "a file built from grammar/trf.md does not read cleanly:\n{text}\n{:?}",
        loaded.diagnostics
    );
    loaded
}

fn tournament_with(doc: &[DocField], extra: &[String]) -> Tournament {
    let mut lines = players(doc);
    lines.extend(extra.iter().cloned());
    read(&lines).tournament.expect("a TRF")
}

#[test]
fn a_player_record_built_from_the_documented_columns_reads_back() {
    let doc = documented();
    let t = tournament_with(&doc, &[]);
    assert_eq!(t.players.len(), 2);
    let p = &t.players[0];
    assert_eq!((p.id, p.sex, p.title.as_deref(), p.name.as_str()), (1, Some('w'), Some("WGM"), "Ötzi, Ånna"));
    assert_eq!((p.rating, p.federation.as_deref(), p.fide_id.as_deref()), (Some(2345), Some("NED"), Some("12345678")));
    assert_eq!((p.birth.as_deref(), p.points, p.rank), (Some("1990/01/02"), Some(Points::from_tenths(15)), Some(1)));
    assert_eq!(p.rounds[0], RoundEntry::game(2, Colour::White, ResultCode::Win));
    assert_eq!(p.rounds[1], RoundEntry::bye(ResultCode::HalfPointBye));
    let q = &t.players[1];
    assert_eq!((q.id, q.rating, q.points, q.rank), (2, Some(2100), Some(Points::ZERO), Some(2)));
    assert_eq!(q.rounds[0], RoundEntry::game(1, Colour::Black, ResultCode::Loss));
    assert_eq!(q.rounds[1], RoundEntry::bye(ResultCode::ZeroPointBye));
}

#[test]
fn a_value_one_column_off_is_not_read_as_documented() {
    let doc = documented();
    let mut lines = players(&doc);
    // Shift player 1's record one column to the right after the tag: every field moves.
    lines[2] = format!("001 {}", &lines[2][3..]);
    let text = lines.join("\n") + "\n";
    let loaded = formats::read_bytes(Path::new("shifted.trf"), text.as_bytes(), ReadOptions::default());
    let rating = loaded.tournament.as_ref().and_then(|t| t.players.first()).and_then(|p| p.rating);
    assert!(
        rating != Some(2345) || !loaded.diagnostics.is_empty(),
        "a shifted line read exactly like the documented one: the columns would not matter"
    );
}

#[test]
fn national_team_and_round_records_built_from_the_documented_columns_read_back() {
    let doc = documented();
    let b = |record: &'static str, tag: &str| LineBuilder::new(&doc, record, tag);

    let nrs = b("NRS", "NED")
        .put("starting rank", "1")
        .put("sex", "w")
        .put("national class", "1N")
        .put_left("name", "Ötzi, Ånna")
        .put("national rating", "2400")
        .put("origin", "UTR")
        .put("national id", "987654")
        .put("birth date", "1990/01/02")
        .build();
    let t = tournament_with(&doc, &[nrs]);
    assert_eq!(
        t.national_ratings,
        vec![NationalRating {
            federation: "NED".into(),
            player: 1,
            sex: Some('w'),
            class: Some("1N".into()),
            name: Some("Ötzi, Ånna".into()),
            rating: Some(2400),
            origin: Some("UTR".into()),
            national_id: Some("987654".into()),
            birth: Some("1990/01/02".into()),
        }]
    );

    let dates = b("132", "132").put("round date", "26/01/10").put_nth("round date", 1, "26/01/11").build();
    let t = tournament_with(&doc, &[dates]);
    let read: Vec<Option<Date>> = t.header.round_dates.iter().map(|d| d.as_ref().and_then(|d| d.date())).collect();
    assert_eq!(read, vec![Date::new(2026, 1, 10), Date::new(2026, 1, 11)]);

    let team16 = b("013", "013").put_left("team name", "Old Team").put("member", "1").put_nth("member", 1, "2").build();
    let t = tournament_with(&doc, &[team16]);
    assert_eq!((t.teams.len(), t.teams[0].name.as_str(), t.teams[0].members.clone()), (1, "Old Team", vec![1, 2]));

    let team = b("310", "310")
        .put("team number", "7")
        .put_left("team name", "Liffré A")
        .put_left("nickname", "LIF")
        .put("strength factor", "1.25")
        .put("match points", "3.0")
        .put("game points", "4.5")
        .put("rank", "1")
        .put("member", "2")
        .put_nth("member", 1, "1")
        .build();
    let t = tournament_with(&doc, &[team]);
    assert_eq!(
        t.teams,
        vec![Team {
            number: 7,
            name: "Liffré A".into(),
            nickname: Some("LIF".into()),
            strength: Some("1.25".into()),
            match_points: Some(Points::whole(3)),
            game_points: Some(Points::from_tenths(45)),
            rank: Some(1),
            members: vec![2, 1],
        }]
    );

    let lineup = b("300", "300")
        .put("round", "2")
        .put("team", "7")
        .put("opponent team", "8")
        .put("board player", "2")
        .put_nth("board player", 1, "0000")
        .put_nth("board player", 2, "1")
        .build();
    let pab = b("320", "320")
        .put("PAB match points", "2.0")
        .put("PAB game points", "2.5")
        .put("team with the PAB", "7")
        .put_nth("team with the PAB", 1, "000")
        .put_nth("team with the PAB", 2, "8")
        .build();
    let forfeit = b("330", "330")
        .put("forfeit type", "-+")
        .put("round", "3")
        .put("white team", "7")
        .put("black team", "8")
        .build();
    let t = tournament_with(&doc, &[lineup, pab, forfeit]);
    assert_eq!(
        t.team_records.lineups,
        vec![TeamLineup { round: 2, team: 7, opponent: 8, boards: vec![Some(2), None, Some(1)] }]
    );
    assert_eq!(
        t.team_records.pab,
        Some(TeamPab {
            match_points: Some(Points::whole(2)),
            game_points: Some(Points::from_tenths(25)),
            teams: vec![Some(7), None, Some(8)],
        })
    );
    assert_eq!(t.team_records.forfeits, vec![TeamForfeit { kind: "-+".into(), round: 3, white: 7, black: 8 }]);
}

#[test]
fn pairing_records_built_from_the_documented_columns_read_back() {
    let doc = documented();
    let b = |record: &'static str, tag: &str| LineBuilder::new(&doc, record, tag);

    let scoring = b("162", "162")
        .put("result code", "W")
        .put("points", "3.0")
        .put_nth("result code", 1, "D")
        .put_nth("points", 1, "1.0")
        .put_nth("result code", 2, "P")
        .put_nth("points", 2, "2.5")
        .build();
    let method = b("172", "172").put_left("federation", "NED").put_left("method", "FIDE").build();
    let t = tournament_with(&doc, &[scoring, method]);
    let s = &t.point_system;
    assert_eq!((s.white_win, s.black_win, s.full_point_bye), (Points::whole(3), Points::whole(3), Points::whole(3)));
    assert_eq!((s.white_draw, s.half_point_bye, s.pab()), (Points::ONE, Points::ONE, Points::from_tenths(25)));
    assert!(t.point_system_declared);
    assert_eq!(t.header.starting_rank_method, Some(("NED".to_owned(), "FIDE".to_owned())));

    let byes =
        b("240", "240").put("bye type", "H").put("round", "3").put("player", "1").put_nth("player", 1, "2").build();
    let acceleration = b("250", "250")
        .put("fictitious game points", "1.0")
        .put("first round", "1")
        .put("last round", "2")
        .put("first player", "1")
        .put("last player", "2")
        .build();
    let prohibited = b("260", "260")
        .put("first round", "1")
        .put("last round", "3")
        .put("player", "1")
        .put_nth("player", 1, "2")
        .build();
    let per_round =
        b("XXA", "XXA").put("player", "2").put("value for round", "0.5").put_nth("value for round", 2, "1.0").build();
    let t = tournament_with(&doc, &[byes, acceleration, prohibited, per_round]);
    assert_eq!(t.requested_byes, vec![RequestedBye { kind: RequestedByeKind::Half, round: 3, players: vec![1, 2] }]);
    assert_eq!(
        t.accelerations,
        vec![
            Acceleration {
                match_points: None,
                game_points: Points::ONE,
                first_round: 1,
                last_round: 2,
                first_player: 1,
                last_player: 2
            },
            Acceleration {
                match_points: None,
                game_points: Points::HALF,
                first_round: 1,
                last_round: 1,
                first_player: 2,
                last_player: 2
            },
            Acceleration {
                match_points: None,
                game_points: Points::ONE,
                first_round: 3,
                last_round: 3,
                first_player: 2,
                last_player: 2
            },
        ]
    );
    assert_eq!(
        t.forbidden_pairs,
        vec![ForbiddenPairs { first_round: Some(1), last_round: Some(3), players: vec![1, 2] }]
    );

    let abnormal = b("299", "299")
        .put("result type", "W")
        .put("match points", "-1.0")
        .put("game points", "0.5")
        .put("round", "2")
        .put("player", "2")
        .build();
    let draughts =
        format!(r#"{} FMJDID=10001 TITLE=GMI NAME="Ötzi, Ånna Maria""#, b("XDP", "XDP").put("player", "1").build());
    let t = tournament_with(&doc, &[abnormal, draughts]);
    let a = &t.abnormal_points[0];
    assert_eq!(
        (a.kind, a.match_points, a.points, a.round, a.players.clone()),
        (Some('W'), Some(Points::whole(-1)), Some(Points::HALF), Some(2), vec![2])
    );
    let p = &t.players[0];
    assert_eq!(p.draughts.as_ref().and_then(|d| d.fmjd_id.as_deref()), Some("10001"));
    assert_eq!((p.title.as_deref(), p.name.as_str()), (Some("GMI"), "Ötzi, Ånna Maria"));
}

/// The values a cell of the round-block table stands for: backticked codes, `blank`, `any`.
fn block_values(cell: &str, any: &[char]) -> Vec<char> {
    if cell.trim() == "any" {
        return any.to_vec();
    }
    let mut values = Vec::new();
    for (i, part) in cell.split('`').enumerate() {
        if i % 2 == 1 {
            values.extend(part.split(['/', ' ']).filter(|code| !code.is_empty()).flat_map(str::chars));
        } else if part.contains("blank") {
            values.push(' ');
        }
    }
    values
}

/// Every row of the table of legal round blocks in `grammar/trf.md`, tried on a player record:
/// the reader reports a round-block error exactly for the rows the document marks as errors.
#[test]
fn the_documented_round_block_combinations_are_what_the_reader_accepts() {
    let doc = documented();
    let text = std::fs::read_to_string(doc_path()).expect("grammar/trf.md");
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        let row = cells(line);
        if !line.trim_start().starts_with('|') {
            in_table = false;
        } else if row.first().map(String::as_str) == Some("opponent")
            && row.get(1).map(String::as_str) == Some("colour")
        {
            in_table = true;
        } else if in_table && !row[0].starts_with("---") {
            rows.push(row);
        }
    }
    assert!(rows.len() >= 8, "grammar/trf.md has no table of round-block combinations");
    let mut tried = 0;
    for row in &rows {
        let opponents: Vec<&str> = match row[0].as_str() {
            "opp" => vec!["2"],
            "none" => vec!["0000", ""],
            other => panic!("grammar/trf.md: unknown opponent `{other}` in the round-block table"),
        };
        let colours = block_values(&row[1], &['w', 'b', '-', ' ']);
        let results = block_values(&row[2], &['1', '=', '0', 'W', 'D', 'L', '+', '-', 'H', 'F', 'U', 'Z', ' ']);
        assert!(!colours.is_empty() && !results.is_empty(), "grammar/trf.md: cannot read the row {row:?}");
        let error = row[3].contains("**error**");
        for opponent in &opponents {
            for colour in &colours {
                for result in &results {
                    let line = LineBuilder::new(&doc, "001", "001")
                        .put("starting rank", "1")
                        .put_left("name", "Test, Tom")
                        .put("points", "0.0")
                        .put("opponent", opponent)
                        .put("colour", &colour.to_string())
                        .put("result", &result.to_string())
                        .put_nth("result", 1, "Z") // keeps the block from being a trailing blank one
                        .put_nth("colour", 1, "-")
                        .put_nth("opponent", 1, "0000")
                        .build();
                    let loaded = formats::read_bytes(Path::new("block.trf"), line.as_bytes(), ReadOptions::default());
                    let reported = loaded.diagnostics.iter().any(|d| d.is_error());
                    assert_eq!(
                        reported, error,
                        "block `{opponent:>4} {colour} {result}` (grammar/trf.md row {row:?}):\n{line}\n{:?}",
                        loaded.diagnostics
                    );
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 50, "only {tried} blocks tried");
}
