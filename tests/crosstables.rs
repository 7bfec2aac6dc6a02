//! Draughts crosstables as real files have them (docs/formats.md, "Inputs"): quoted cells, negative
//! scores, the FMJD-report matrices with `;` comment lines and a starting-number column, the
//! crosstable of draughts forums, and the note that says a file is a round robin.
//!
//! The layouts follow the real files the research notes describe (`research/fmjd.md`, sections 1.2
//! and 6): `clpippel/tiebreak` at commit feea7f2b5a73c15137eb40ab0ea7616ed4940330, `gamefiles/`.
//! Those that are not in `corpus/fmjd` are reproduced here, or rebuilt in their layout with
//! invented players where a whole table would be long; each test names its source.

use std::path::Path;

use trfcheck::diagnostics::{Code, Diagnostic, Severity};
use trfcheck::formats::{self, ReadOptions};
use trfcheck::model::{Colour, Numbering, Points, ResultCode, RoundEntry, SourceFormat, Tournament};
use trfcheck::validate;

use crate::support::trfcheck;

/// Reads a crosstable and cross-checks it: the tournament and every finding of both steps.
fn inspect(text: &str) -> (Option<Tournament>, Vec<Diagnostic>) {
    let loaded = formats::read_bytes(Path::new("crosstable.csv"), text.as_bytes(), ReadOptions::default());
    let mut findings: Vec<Diagnostic> = loaded.diagnostics.iter().cloned().collect();
    if let Some(t) = &loaded.tournament {
        findings.extend(validate::validate(t).iter().cloned());
    }
    (loaded.tournament, findings)
}

/// Findings other than notes.
fn defects(findings: &[Diagnostic]) -> Vec<&Diagnostic> {
    findings.iter().filter(|d| d.severity != Severity::Note).collect()
}

/// The `round-robin` notes.
fn round_robin_notes(findings: &[Diagnostic]) -> Vec<String> {
    findings.iter().filter(|d| d.code == Code::RoundRobin).map(|d| d.message.clone()).collect()
}

/// A spreadsheet quotes a cell that holds the separator: `"Ndjofang; Jean Marc"` is one name, and
/// `""` inside quotes is a quote. (Before: the name was cut at its `;`, every later cell moved one
/// column left, and the results were read from the wrong columns.)
#[test]
fn a_quoted_cell_keeps_its_semicolon() {
    let text = "Place;S.No.;Title;Name;Fed.;FMJD;R1;R2;Total;SSolk\n\
                1;2;GMI;\"Ndjofang; Jean Marc\";CMR;A 2339;2b2;3w1;3;1\n\
                2;1;;\"Nga, \"\"Landry\"\"\";CMR;;1w0;;0;3\n\
                3;3;; \"Città; Gioffré\" ;ITA;;;1b1;1;3\n";
    let (t, findings) = inspect(text);
    assert!(defects(&findings).is_empty(), "{findings:?}");
    let t = t.unwrap();
    // Numbered by S.No.: place 1 is S.No. 2.
    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Nga, \"Landry\"", "Ndjofang; Jean Marc", "Città; Gioffré"]);
    let leader = t.player(2).unwrap();
    assert_eq!(leader.federation.as_deref(), Some("CMR"));
    assert_eq!(leader.rating, Some(2339));
    assert_eq!(leader.rounds[0], RoundEntry::game(1, Colour::Black, ResultCode::Win));
    assert_eq!(leader.rounds[1], RoundEntry::game(3, Colour::White, ResultCode::Draw));
    assert_eq!(leader.points, Some(Points::whole(3)));
    let tie_break = &leader.draughts.as_ref().unwrap().reported_tie_breaks;
    assert_eq!(tie_break, &[("SSolk".to_owned(), Points::whole(1))]);
}

/// A finding after a quoted cell names the character column (`Città; Gioffré` has two letters of
/// two bytes before the cell), and a quote not closed on its line is an error at the quote.
#[test]
fn findings_after_quoted_cells_name_character_columns() {
    // `3;3;;"Città; Gioffré";ITA;;` is 27 characters (29 bytes): the bad cell is at column 28.
    let text = "Place;S.No.;Title;Name;Fed.;FMJD;R1;R2;Total\n\
                1;1;;A;NED;;;3w1;1\n\
                2;2;;B;NED;;;;0\n\
                3;3;;\"Città; Gioffré\";ITA;;1x1;1b1;1\n\
                4;4;;\"Open quote;NED;;;;0\n";
    let (_, findings) = inspect(text);
    let bad = findings.iter().find(|d| d.message.contains("`1x1`")).expect("the bad cell is reported");
    let span = bad.span.as_ref().unwrap();
    assert_eq!((span.line, span.column, span.end_column), (4, 28, 31), "{bad:?}");
    let quote = findings.iter().find(|d| d.message.contains("not closed")).expect("the open quote is reported");
    assert_eq!(quote.severity, Severity::Error);
    let span = quote.span.as_ref().unwrap();
    assert_eq!((span.line, span.column), (5, 6), "{quote:?}");
}

/// `-2/4w` is not a score of −2: a draughts score is the points a player took from a game, never
/// below zero. The finding names the line and the columns of the score. (Before: read as −2, which
/// only showed up, if at all, as a Points total that did not add up.)
#[test]
fn a_negative_score_is_refused_at_its_line_and_column() {
    let text = "Pl;FMJD-id;Title;Name;Cn;rating;R1;R2;Pt\n\
                1;;;Anna;nl;;2/2w;1/3b;3\n\
                2;;;Bert;nl;;-2/1b;;0\n\
                3;;;Cor;nl;;;1/1w;-1\n";
    let (_, findings) = inspect(text);
    let negative = findings.iter().find(|d| d.message.contains("negative score")).expect("refused");
    assert_eq!((negative.severity, negative.code), (Severity::Error, Code::BadCell));
    assert!(negative.message.contains("round 1") && negative.message.contains("`-2`"), "{negative:?}");
    // `2;;;Bert;nl;;` is 13 characters: the score `-2` is columns 14–15.
    let span = negative.span.as_ref().unwrap();
    assert_eq!((span.line, span.column, span.end_column), (3, 14, 16), "{negative:?}");
    let total = findings.iter().find(|d| d.message.contains("negative total")).expect("refused");
    assert_eq!(total.span.as_ref().map(|s| (s.line, s.column)), Some((4, 19)), "{total:?}");
}

/// The layout of the KNDB world championships in `clpippel/tiebreak` (`1948-wereldkampioenschap-
/// KNDB.csv`, `1960-Wereldkampioenschap KNDB.csv`): `;` comment lines before the header, the header
/// `Pl;Sno;p2;Title;Name;Cn;rating;R1…;Pt ` (a blank after `Pt`), cells padded with blanks, CRLF line
/// ends, empty cells for the rest rounds of a round robin with an odd number of players, and a `#`
/// comment after the table. The players here are invented: five players, one round robin on Berger's
/// table for six (the sixth number is the rest), whose numbers are the `Sno` column:
/// R1 1 rests, 2–5, 3–4; R2 4 rests, 5–3, 1–2; R3 2 rests, 3–1, 4–5; R4 5 rests, 1–4, 2–3; R5 3
/// rests, 4–2, 5–1 (white first). Places: 1 (7 points), 3 and 2 (5), 4 (3), 5 (0), so Sno 3 is place
/// 2 and Sno 2 place 3; `p2` (a second numbering in the 1948 file, meaning unknown) is not read.
const KNDB_1948_LAYOUT: &str = "; Wereldkampioenschap (layout of KNDB 1948)\r\n\
; https://toernooibase.kndb.nl/opvraag/standen.php?&kl=46&Id=670\r\n\
;Blokrooster\r\n\
;fill in FMJD-report\r\n\
Pl;Sno;p2;Title;Name;Cn;rating;R1;R2;R3;R4;R5;Pt \r\n \
1; 1; 4;;Anna Aap;nl;;;2/3w;1/2b;2/4w;2/5b;7\r\n \
2; 3; 5;;Cor Cobra;nl;;1/4w;2/5b;1/1w;1/3b;;5\r\n \
3; 2; 1;;Bert Beer;nl;;2/5w;0/1b;;1/2w;2/4b;5\r\n \
4; 4; 2;;Dirk Das;nl;;1/2b;;2/5w;0/1b;0/3w;3\r\n \
5; 5; 3;;Eva Eend;nl;;0/3b;0/2w;0/4b;;0/1w;0\r\n\
# 1, 3, 2, 4, 5\r\n";

/// The 1948 layout reads: players numbered by `Sno` (the starting numbers the Berger table used),
/// opponents renumbered from place to `Sno`, rest rounds blank, and a note that it is a round robin.
/// (Before: `Pl;Sno;…` was not recognised, and the file was refused as an unknown format.)
#[test]
fn an_fmjd_report_matrix_with_comment_lines_and_starting_numbers_reads() {
    let (t, findings) = inspect(KNDB_1948_LAYOUT);
    assert!(defects(&findings).is_empty(), "{findings:?}");
    let t = t.unwrap();
    assert_eq!(t.origin.format, Some(SourceFormat::FmjdReport));
    assert_eq!(t.numbering, Numbering::PairingNumbers);
    assert_eq!(t.header.name.as_deref(), Some("Wereldkampioenschap (layout of KNDB 1948)"));
    assert_eq!((t.players.len(), t.rounds_paired()), (5, 5));
    // Sno 2 is place 3; in round 1 (Berger: 2–5) it beat Sno 5 with white.
    let bert = t.player(2).unwrap();
    assert_eq!((bert.name.as_str(), bert.rank), ("Bert Beer", Some(3)));
    assert_eq!(bert.rounds[0], RoundEntry::game(5, Colour::White, ResultCode::Win));
    // Round 3 is its rest: nothing recorded.
    assert!(bert.rounds[2].is_blank());
    // Round 1 of Sno 1 is its rest, and Sno 3 (place 2) drew Sno 4 in round 1 (3–4).
    assert!(t.player(1).unwrap().rounds[0].is_blank());
    assert_eq!(t.player(3).unwrap().rounds[0], RoundEntry::game(4, Colour::White, ResultCode::Draw));
    assert_eq!(
        round_robin_notes(&findings),
        ["every two of the 5 players were paired once in rounds 1–5: a round robin"]
    );
    // The 1960 file has the same layout without `p2` (`Pl;Sno;Title;Name;Cn;FMJD;…`).
    let without_p2: String = KNDB_1948_LAYOUT
        .split("\r\n")
        .map(|line| match line.split_once(';') {
            Some((first, rest)) if !line.starts_with(';') && !line.starts_with('#') => {
                let (sno, rest) = rest.split_once(';').unwrap();
                let (_, rest) = rest.split_once(';').unwrap();
                format!("{first};{sno};{rest}\r\n")
            }
            _ => format!("{line}\r\n"),
        })
        .collect();
    let (again, findings) = inspect(&without_p2);
    assert!(defects(&findings).is_empty(), "{findings:?}\n{without_p2}");
    assert_eq!(again.unwrap().players, t.players);
}

/// A crosstable from a draughts forum (`@validate-grs-damforum.csv`: Trainingsvierkamp Harm Wiersma,
/// Huizum 2005, from https://damforum.nl/bb3/viewtopic.php?f=65&t=8141&start=15#p126874; reproduced
/// as posted, comment lines shortened): `Pl;Name;1;2;…` with padded cells, cells `4w2` (opponent by
/// place, colour, score), `4b+` and `1w-` (a game not played: won and lost by forfeit; the post says
/// the game of Wiersma against Adema was left out), no total column, `#` comments after the table.
/// A four-player double round robin. (Before: refused as an unknown format.)
const HUIZUM_2005: &str = "Trainingsvierkamp Harm Wiersma Huizum 2005 (Blitz) -  - Hoofdklasse          \r\n\
Game file after Round 6 - 2005-09-08;https://laatste.info/bb3/viewtopic.php?f=65&t=8141&start=15#p126874\r\n\
ε = 8, y = 16;grs = c(3.428571,1.000000,-1.000000,-3.428571)          \r\n\
Pl;Name                  ;  1;  2;  3;  4;  5;  6\r\n\
1; Harm Wiersma          ;4w2;3w2;2w0;4b+;3b2;2b2\r\n\
2; Rein van der Pal      ;3b0;4w1;1b2;3w2;4b2;1w0\r\n\
3; Tjalling van den Bosch;2w2;1b0;4b2;2b0;1w0;4w1\r\n\
4; Jan Adema             ;1b0;2b1;3w0;1w-;2w0;3b1\r\n\
#\r\n\
#                S1  S2  S3  S4     s\r\n\
#Wiersma       | xx  02  22  2. | | 3|\r\n";

#[test]
fn a_forum_crosstable_reads_with_its_forfeits() {
    let (t, findings) = inspect(HUIZUM_2005);
    assert!(defects(&findings).is_empty(), "{findings:?}");
    let t = t.unwrap();
    assert_eq!(t.origin.format, Some(SourceFormat::ForumCrosstable));
    assert_eq!(t.numbering, Numbering::FinalPlaces);
    assert_eq!((t.players.len(), t.rounds_paired()), (4, 6));
    assert_eq!(t.header.name.as_deref(), Some("Trainingsvierkamp Harm Wiersma Huizum 2005 (Blitz) -  - Hoofdklasse"));
    let wiersma = t.player(1).unwrap();
    assert_eq!(wiersma.name, "Harm Wiersma");
    assert_eq!(wiersma.rounds[0], RoundEntry::game(4, Colour::White, ResultCode::Win));
    assert_eq!(wiersma.rounds[2], RoundEntry::game(2, Colour::White, ResultCode::Loss));
    assert_eq!(wiersma.rounds[3], RoundEntry::game(4, Colour::Black, ResultCode::ForfeitWin));
    assert_eq!(t.player(4).unwrap().rounds[3], RoundEntry::game(1, Colour::White, ResultCode::ForfeitLoss));
    assert_eq!(t.player(2).unwrap().rounds[1], RoundEntry::game(4, Colour::White, ResultCode::Draw));
    // No total column: the points are the results' (10, 7, 5, 2), and nothing is reported missing.
    assert_eq!(wiersma.points, None);
    assert_eq!(wiersma.points_from_results(&t.point_system), Points::whole(10));
    // Every two players were paired twice (the forfeit counts: the game was scheduled).
    assert_eq!(
        round_robin_notes(&findings),
        ["every two of the 4 players were paired twice in rounds 1–6: a double round robin"]
    );
}

/// TRF needs every player's points in columns 81–84: `convert` of a crosstable without totals
/// writes the points of the results (10, 7, 5 and 2 in Huizum 2005: Wiersma 2+2+0+2+2+2) and says so.
#[test]
fn convert_writes_the_results_points_of_a_crosstable_without_totals() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huizum.csv");
    std::fs::write(&path, HUIZUM_2005).unwrap();
    let output = trfcheck().args(["convert", "--to", "trf"]).arg(&path).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("4 players had no points in the source; columns 81–84 hold the points of the results"),
        "{stderr}"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let points: Vec<&str> =
        text.lines().filter(|line| line.starts_with("001")).map(|line| line[80..84].trim()).collect();
    assert_eq!(points, ["10.0", "7.0", "5.0", "2.0"]);
    let (again, findings) = inspect(&text);
    assert!(defects(&findings).is_empty(), "{findings:?}\n{text}");
    assert_eq!(again.unwrap().player(1).unwrap().points, Some(Points::whole(10)));
}

/// Toernooibase's plain crosstable (`1947-Vierkamp-Den-Haag.csv`, reproduced): a URL line, the title,
/// `Pl;Name;rd1;rd2;rd3` and cells `4w2`; a single round robin of four.
#[test]
fn a_plain_toernooibase_crosstable_reads() {
    let text = "https://toernooibase.kndb.nl/opvraag/standen.php?taal=1&kl=46&Id=8807&jr=0;;;;\r\n\
                ZHDB Vierkamp Den Haag ZHDB 1947;;;;\r\n\
                Pl;Name;rd1;rd2;rd3\r\n\
                1;Pierre Ghestem ;4w2;3w1;2w1\r\n\
                2;Piet Roozenburg;3w1;4w2;1b1\r\n\
                3;Geert van Dijk ;2b1;1b1;4w1\r\n\
                4;Freek Gordijn  ;1b0;2b0;3b1\r\n";
    let (t, findings) = inspect(text);
    assert!(defects(&findings).is_empty(), "{findings:?}");
    let t = t.unwrap();
    assert_eq!(t.header.name.as_deref(), Some("ZHDB Vierkamp Den Haag ZHDB 1947"));
    assert_eq!((t.players.len(), t.rounds_paired()), (4, 3));
    assert_eq!(t.player(1).unwrap().rounds[1], RoundEntry::game(3, Colour::White, ResultCode::Draw));
    assert_eq!(
        round_robin_notes(&findings),
        ["every two of the 4 players were paired once in rounds 1–3: a round robin"]
    );
}

/// `check` of a round robin under a Swiss system still runs, and says in text (stderr, with the
/// findings) and in JSON (`diagnostics`) that the file is a round robin.
#[test]
fn check_says_a_round_robin_is_one_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huizum.csv");
    std::fs::write(&path, HUIZUM_2005).unwrap();
    let text = trfcheck().args(["check", "--system", "fmjd-solkoff"]).arg(&path).output().unwrap();
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(stderr.contains("note[round-robin]: every two of the 4 players were paired twice"), "{stderr}");
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("round 6:"), "the rounds are still checked:\n{stdout}");
    let json = trfcheck().args(["check", "--system", "fmjd-solkoff", "--format", "json"]).arg(&path).output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let notes: Vec<&serde_json::Value> =
        report["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "round-robin").collect();
    assert_eq!(notes.len(), 1, "{report}");
    assert_eq!(notes[0]["severity"], "note");
    assert_eq!(report["rounds"].as_array().unwrap().len(), 6);
    // A Swiss tournament gets no such note.
    let swiss = trfcheck()
        .args(["validate", "--format", "json"])
        .arg(crate::support::sample("draughts-arbiter.csv"))
        .output()
        .unwrap();
    let swiss: serde_json::Value = serde_json::from_slice(&swiss.stdout).unwrap();
    assert!(!swiss["diagnostics"].to_string().contains("round-robin"), "{swiss}");
}
