//! Team tournaments (docs/teams.md, "Team tournaments: reading"): TRF-2026 and TRF16 team files
//! read exactly, the games aggregated into team matches, and every team record held to its grammar.

use std::path::{Path, PathBuf};

use trfcheck::diagnostics::{Code, Diagnostic, Severity};
use trfcheck::formats::source::{Encoding, SourceText};
use trfcheck::formats::{ReadOptions, trf};
use trfcheck::model::{Points, TeamColourType, TeamScore};
use trfcheck::systems::team::Edition;
use trfcheck::validate::{self, teams};
use trfcheck::verify;

use crate::corpus::shared;
use crate::support::trfcheck;

/// A 001 record with TRF's columns (points at 81–84, rank at 86–89, round blocks from 92).
fn player(id: u32, points: &str, blocks: &[&str]) -> String {
    let name = format!("Player {id}");
    let blocks: String = blocks.iter().map(|b| format!("{b:<8}  ")).collect();
    format!(
        "001 {id:>4}      {name:<33} 2000 {:<3} {:>11} {:<10} {points:>4} {:>4}  {}\n",
        "",
        "",
        "",
        "",
        blocks.trim_end()
    )
}

/// A team event worked by hand: five teams of two boards (team 1 has a reserve, player 11),
/// `352 WB`, two rounds.
///
/// Round 1: team 1 (players 1, 2) has white against team 2 (3, 4): 1–0 and ½–½, so 1.5–0.5 and
/// match points 2–0. Team 4 (7, 8) has white against team 3 (5, 6): 0–1 and 0–1 (board 2 of
/// team 4 plays black by `WB`), 0–2 and 0–2. Team 5 (9, 10) has the pairing-allocated bye, at
/// 320's 1 match point and 1.0 game point (a drawn match, C.04.6 1.4).
///
/// Round 2: 330 forfeits team 3's match against team 1 (`+-`: white team 1 wins): team 1's
/// boards `0000 - +`, 2.0 game points, 2 match points; team 3's `0000 - -`, 0 and 0. Team 2 has
/// white against team 5, whose line-up (300) leaves board 2 empty: player 4 wins it by forfeit
/// with his scheduled colour (`0000 b +`); board 1 is drawn: 1.5–0.5, 2–0. Team 4 has a
/// half-point bye (240 H): 1 match point, 2 × ½ game points, its players `0000 - -`.
///
/// Totals: team 1 4 MP / 3.5 GP, team 2 2 / 2.0, team 3 2 / 2.0, team 4 1 / 1.0, team 5 1 / 1.5.
fn hand_worked() -> String {
    let mut text = String::from(
        "012 Hand-worked team event\n042 2026/03/01\n142 2\n192 FIDE_TEAM\n352 WB\n362 TW 2.0   TD 1.0   TL 0.0\n",
    );
    for line in [
        player(1, "2.0", &["   3 w 1", "0000 - +"]),
        player(2, "1.5", &["   4 b =", "0000 - +"]),
        player(3, "0.5", &["   1 b 0", "   9 w ="]),
        player(4, "1.5", &["   2 w =", "0000 b +"]),
        player(5, "1.0", &["   7 b 1", "0000 - -"]),
        player(6, "1.0", &["   8 w 1", "0000 - -"]),
        player(7, "0.0", &["   5 w 0", "0000 - -"]),
        player(8, "0.0", &["   6 b 0", "0000 - -"]),
        player(9, "1.5", &["0000 - U", "   3 b ="]),
        player(10, "1.0", &["0000 - U", "0000 - -"]),
        player(11, "0.0", &["", ""]),
    ] {
        text.push_str(&line);
    }
    text.push_str(concat!(
        "310   1 One                              ONE               4    3.5   1     1    2   11\n",
        "310   2 Two                              TWO               2    2.0   2     3    4\n",
        "310   3 Three                            THR               2    2.0   3     5    6\n",
        "310   4 Four                             FOU               1    1.0   5     7    8\n",
        "310   5 Five                             FIV               1    1.5   4     9   10\n",
        "013 One                                1    2   11\n",
        "013 Two                                3    4\n",
        "013 Three                              5    6\n",
        "013 Four                               7    8\n",
        "013 Five                               9   10\n",
        "240 H   2    4\n",
        "320    1  1.0   5\n",
        "330 +-   2   1   3\n",
        "300   2   5   2    9    0\n",
        "802   1 ONE        4    3.5   2 w  1.5     3 w  2.0f\n",
        "802   2 TWO        2    2.0   1 b  0.5     5 w  1.5\n",
        "802   3 THR        2    2.0   4 b  2.0     1 b  0.0f\n",
        "802   4 FOU        1    1.0   3 w  0.0   HPB    1.0\n",
        "802   5 FIV        1    1.5 PAB    1.0     2 b  0.5\n",
    ));
    text
}

fn read(text: &str) -> (trfcheck::model::Tournament, Vec<Diagnostic>) {
    let (t, mut d) = trf::read(&SourceText::new(text.to_owned(), Encoding::Utf8));
    d.extend(validate::validate(&t));
    (t, d.into_vec())
}

fn codes(found: &[Diagnostic]) -> Vec<(Severity, &'static str, usize, usize)> {
    found
        .iter()
        .map(|d| {
            let span = d.span.as_ref();
            (d.severity, d.code.id(), span.map_or(0, |s| s.line), span.map_or(0, |s| s.column))
        })
        .collect()
}

#[test]
fn a_hand_worked_team_event_reads_clean_and_aggregates_as_worked() {
    let text = hand_worked();
    let (t, found) = read(&text);
    assert!(found.is_empty(), "{:#?}", codes(&found));
    assert!(t.is_team_tournament());
    let (results, findings) = teams::team_results(&t).expect("a team tournament");
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!((results.count, results.boards, results.rosters), (5, Some(2), "310"));
    let system = results.system.as_ref().unwrap();
    assert_eq!(
        (system.colour_type, system.primary, system.baku),
        (Some(TeamColourType::A), TeamScore::MatchPoints, false)
    );
    let totals: Vec<(u32, Points, Points)> =
        results.teams.iter().map(|t| (t.number, t.match_points, t.game_points)).collect();
    let p = Points::from_tenths;
    assert_eq!(totals, [(1, p(40), p(35)), (2, p(20), p(20)), (3, p(20), p(20)), (4, p(10), p(10)), (5, p(10), p(15))]);
    // Round 1: [white, black] by the first boards' colours.
    let r1 = &results.rounds[0];
    let pairs: Vec<([u32; 2], bool)> = r1.matches.iter().map(|m| (m.teams, m.colours)).collect();
    assert_eq!(pairs, [([1, 2], true), ([4, 3], true)]);
    assert_eq!(r1.matches[0].game_points, [p(15), p(5)]);
    assert_eq!(r1.matches[1].match_points, [p(0), p(20)]);
    assert_eq!((r1.byes[0].team, r1.byes[0].kind, r1.byes[0].match_points), (5, "PAB", p(10)));
    // Round 2: the forfeited match in 330's order, team 2 white (its board 1 had white), the H bye.
    let r2 = &results.rounds[1];
    let pairs: Vec<([u32; 2], Option<&str>)> = r2.matches.iter().map(|m| (m.teams, m.forfeit.as_deref())).collect();
    assert_eq!(pairs, [([1, 3], Some("+-")), ([2, 5], None)]);
    assert_eq!(r2.matches[1].game_points, [p(15), p(5)]);
    assert_eq!((r2.byes[0].team, r2.byes[0].kind, r2.byes[0].game_points), (4, "H", p(10)));
}

#[test]
fn in_a_team_event_240_250_260_299_name_teams() {
    // Team 4's bye is team 4's, not player 4's (who played); 250 and 260 name teams 1, 2 and 5.
    let text = hand_worked() + "260   1   2    1    5\n250    1  0.5   1   1    1    2\n";
    let (_, found) = read(&text);
    assert!(found.is_empty(), "{:#?}", codes(&found));
    // 299 gives team 4 (not player 4) 1 match point for its lost match of round 1: 310 and 802
    // now disagree with the games, at their match-point columns.
    let (_, found) = read(&(hand_worked() + "299 L   1.0          1    4\n"));
    assert_eq!(codes(&found), [(Severity::Error, "team-points", 21, 55), (Severity::Warning, "conflict", 35, 15)]);
    // A team number that does not exist is named as a team.
    let text = hand_worked() + "260   1   2    1    6\n";
    let (_, found) = read(&text);
    assert_eq!(codes(&found), [(Severity::Error, "unknown-player", 37, 1)]);
    assert!(found[0].message.contains("team 6"), "{}", found[0].message);
}

#[test]
fn the_totals_of_310_and_802_are_checked_against_the_games() {
    let text = hand_worked().replace(
        "310   2 Two                              TWO               2",
        "310   2 Two                              TWO               3",
    );
    let (_, found) = read(&text);
    assert_eq!(codes(&found), [(Severity::Error, "team-points", 19, 55)]);
    // 802 is informative: a difference is a warning at its column.
    let text = hand_worked().replace("HPB", "FPB");
    let (_, found) = read(&text);
    assert_eq!(codes(&found), [(Severity::Warning, "conflict", 35, 42)]);
    assert!(found[0].message.contains("round 2"), "{}", found[0].message);
}

#[test]
fn games_that_do_not_make_team_matches_are_errors() {
    // Player 3 (team 2) plays player 5 (team 3) while his board-mate plays team 1.
    let text = hand_worked()
        .replace(&player(1, "2.0", &["   3 w 1", "0000 - +"]), &player(1, "2.0", &["   5 w 1", "0000 - +"]))
        .replace(&player(5, "1.0", &["   7 b 1", "0000 - -"]), &player(5, "1.0", &["   1 b 0", "0000 - -"]));
    let (_, found) = read(&text);
    let team_match: Vec<_> = found.iter().filter(|d| d.code == Code::TeamMatch).collect();
    assert!(!team_match.is_empty(), "{:#?}", codes(&found));
    assert!(team_match.iter().all(|d| d.span.as_ref().is_some_and(|s| s.line > 0)));
}

#[test]
fn a_team_bye_whose_players_play_is_a_conflict() {
    let text = hand_worked().replace("240 H   2    4", "240 H   2    2");
    let (_, found) = read(&text);
    assert!(
        codes(&found).iter().any(|&(s, c, line, col)| (s, c, line, col) == (Severity::Error, "bye-conflict", 28, 1)),
        "{:#?}",
        codes(&found)
    );
}

#[test]
fn two_teams_with_the_pairing_allocated_bye_in_a_round_are_an_error() {
    // 320 gives team 5 the PAB of round 1, and team 4's players are written with U as well.
    let text = hand_worked()
        .replace(&player(7, "0.0", &["   5 w 0", "0000 - -"]), &player(7, "1.0", &["0000 - U", "0000 - -"]))
        .replace(&player(8, "0.0", &["   6 b 0", "0000 - -"]), &player(8, "1.0", &["0000 - U", "0000 - -"]))
        .replace(&player(5, "1.0", &["   7 b 1", "0000 - -"]), &player(5, "0.0", &["0000 - -", "0000 - -"]))
        .replace(&player(6, "1.0", &["   8 w 1", "0000 - -"]), &player(6, "0.0", &["0000 - -", "0000 - -"]));
    let (_, found) = read(&text);
    let second: Vec<_> = found.iter().filter(|d| d.code == Code::SecondPab).collect();
    assert_eq!(second.len(), 1, "{:#?}", codes(&found));
    assert!(second[0].message.contains("teams 4, 5"), "{}", second[0].message);
    assert_eq!(second[0].span.as_ref().map(|s| s.line), Some(29));
}

#[test]
fn malformed_team_records_are_typed_errors_with_line_and_column() {
    let cases: [(&str, &str, usize); 9] = [
        ("310   x One", "bad-field", 5),
        ("310   6 Six                              SIX               x", "bad-field", 55),
        ("300   2   x   2    9", "bad-field", 9),
        ("320    x", "bad-field", 5),
        ("330 ++   2   1   3", "bad-field", 5),
        ("330 +-   2   1   y", "bad-field", 16),
        ("352 WXB", "bad-field", 5),
        ("362 TW 2 TQ 1", "bad-field", 5),
        ("240 Q   1    1", "bad-field", 5),
    ];
    for (record, code, column) in cases {
        let (_, found) = trf::read(&SourceText::new(format!("{record}\n"), Encoding::Utf8));
        let found = codes(&found.into_vec());
        assert!(found.contains(&(Severity::Error, code, 1, column)), "{record}: {found:?}");
    }
    // A FIDE_TEAM code outside the grammar: an error at record 192.
    let (_, found) = read(&hand_worked().replace("192 FIDE_TEAM\n", "192 FIDE_TEAM_TYPEC_MP\n"));
    assert_eq!(codes(&found), [(Severity::Error, "bad-field", 4, 5)]);
    // 801/802 that cannot be read are warnings (informative records), with the column.
    let (_, found) = read(&(hand_worked() + "802   5 FIV        1    1.5 PAB    1.0     2 q  0.5\n"));
    assert_eq!(codes(&found), [(Severity::Warning, "bad-field", 37, 46)]);
}

#[test]
fn rosters_013_and_310_for_the_same_teams_are_read_once_and_compared() {
    let (t, found) = read(&hand_worked());
    assert!(found.is_empty());
    assert_eq!(t.teams.len(), 5, "310 wins, 013 is not counted twice");
    let text = hand_worked()
        .replace("013 Two                                3    4", "013 Two                                4    3");
    let (t, found) = read(&text);
    assert_eq!(t.teams[1].members, [3, 4], "310's roster is used");
    assert_eq!(codes(&found), [(Severity::Warning, "conflict", 24, 37)]);
}

#[test]
fn a_file_with_team_records_but_an_individual_code_stays_individual() {
    let text = hand_worked().replace("192 FIDE_TEAM\n", "192 FIDE_DUTCH_2025\n");
    let (t, _) = read(&text);
    assert!(!t.is_team_tournament());
    let text = hand_worked().replace("192 FIDE_TEAM\n", "");
    let (t, _) = read(&text);
    assert!(t.is_team_tournament(), "no code, team records: a team tournament");
}

/// The valid team files of `../shared/corpus/real` (the echecsjs fixture has errors of its own).
const CORPUS_TEAM_FILES: [&str; 5] = [
    "Sharly-Chess__bbpPairings__team_299_all.input.trf",
    "Sharly-Chess__bbpPairings__team_330_forfeit.input.trf",
    "Sharly-Chess__bbpPairings__team_board_forfeit_win.input.trf",
    "Sharly-Chess__bbpPairings__team_utf8_names.input.trf",
    "sanichi__icu_tournament__armstrong_2011.tab",
];

/// Every team file of `../shared/corpus/real`: no error that is trfcheck's misreading. Before team
/// files were read as such, the ids of 240 were read as players (a false `bye-conflict`) and the
/// JSON had no team structure.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_team_files_of_the_corpus_validate_with_no_false_error() {
    let shared = shared();
    let dir = shared.join("corpus/real");
    for name in CORPUS_TEAM_FILES {
        let (_, report) = verify::validate_path(&dir.join(name), ReadOptions::default());
        let findings: Vec<_> = report.diagnostics.iter().filter(|d| d.severity != Severity::Note).collect();
        assert!(report.valid && findings.is_empty(), "{name}: {findings:#?}");
        let teams = report.teams.as_ref().unwrap_or_else(|| panic!("{name}: no team structure"));
        assert_eq!(teams.rounds.len() as u32, report.rounds_paired, "{name}");
    }
    // The echecsjs fixture's only team has both of its players play each other: under the team
    // reading its errors are its own (docs/teams.md), and the 240 bye is a team's, not a player's.
    let (_, report) = verify::validate_path(&dir.join("echecsjs__trf__trf26_team.trf"), ReadOptions::default());
    assert!(report.diagnostics.iter().all(|d| d.code != Code::ByeConflict), "{:#?}", report.diagnostics);
    assert!(report.diagnostics.iter().any(|d| d.code == Code::TeamMatch));
}

/// Every valid team file of `../shared/corpus/real` gets a verdict for
/// every round under both editions (`match`, `mismatch` with an explanation and criterion, or
/// `not-checked` with a reason), never `unsupported`.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_team_files_of_the_corpus_get_a_verdict_for_every_round() {
    let shared = shared();
    let dir = shared.join("corpus/real");
    for name in CORPUS_TEAM_FILES {
        for system in ["team-2025", "team-2024"] {
            let output = trfcheck()
                .args(["check", "--format", "json", "--system", system])
                .arg(dir.join(name))
                .output()
                .unwrap();
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert!(matches!(output.status.code(), Some(0 | 1)), "{name} {system}: {json}");
            let rounds = json["rounds"].as_array().unwrap();
            assert_eq!(rounds.len() as u64, json["summary"]["rounds_recorded"].as_u64().unwrap(), "{name}: {json}");
            for round in rounds {
                match round["status"].as_str().unwrap() {
                    "match" => {}
                    "mismatch" => {
                        assert!(round["explanation"].is_string() && round["criterion"].is_string(), "{round}")
                    }
                    "not-checked" => assert!(round["reason"].is_string(), "{round}"),
                    other => panic!("{name} {system}: round status {other}: {round}"),
                }
            }
        }
    }
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn validate_json_shows_the_team_structure() {
    let shared = shared();
    let path = shared.join("corpus/real/Sharly-Chess__bbpPairings__team_board_forfeit_win.input.trf");
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let teams = &json["teams"];
    assert_eq!(
        (teams["count"].as_u64(), teams["boards"].as_u64(), teams["rosters"].as_str()),
        (Some(5), Some(3), Some("310"))
    );
    assert_eq!(teams["system"]["primary"], "GP");
    assert_eq!(teams["system"]["colour_type"], serde_json::Value::Null);
    let round = &teams["rounds"][0];
    assert_eq!(round["matches"][0]["teams"], serde_json::json!([2, 1]));
    assert_eq!(round["matches"][0]["game_points"], serde_json::json!([2, 1]));
    assert_eq!(round["byes"][0], serde_json::json!({"team": 5, "kind": "PAB", "match_points": 2, "game_points": 3}));
    // An individual tournament has no `teams` field.
    let individual = crate::support::sample("dutch-4p-2r.trf");
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&individual).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json.get("teams").is_none());
}

/// Six teams of two boards (team k has players 2k−1 and 2k), `152 W`, `352 WB` (the default),
/// match points 2/1/0, two rounds, each round paired by hand from C.04.6 (2026 edition):
///
/// Round 1: every team has 0 points, one bracket of six (3.5: no upfloaters). No team has a
/// colour preference, so no pairing breaks C8–C10, and the first pairing by identifier (3.6.2)
/// is 1-4 2-5 3-6 (identifier 1 2 3 4 5 6). Colours by 4.3.1: the first-team is the smaller TPN
/// (4.2.3); 1 and 3 are odd and get the initial-colour, White; 2 is even and gets Black: 1-4,
/// 5-2, 3-6. Results: 1 beats 4 (2–0), 2 beats 5 (2–0), 3 and 6 draw (1–1).
///
/// Round 2: scores 1, 2: 2 MP; 3, 6: 1; 4, 5: 0. The top-scoregroup {1, 2} pairs alone (C4: no
/// upfloater), 1-2. Neither has a Type A preference after one match (1.7.1 needs two), so 4.3.5
/// gives White to the lower colour difference: 2 (−1, it had Black) against 1 (+1): 2-1. Then
/// {3, 6} have met (C1): the bracket needs two upfloaters, {4, 5} (C4, C5), and its first pairing
/// by identifier, 3-5 4-6 (3 4 5 6), is legal. Colours: 3 (first-team, more points) and 5 both had
/// White: equal colour differences, no round where they differed (4.3.6), no preference (4.3.7),
/// so 4.3.8 alternates the first-team 3 to Black: 5-3. 6 (first-team) and 4 both had Black: 6
/// alternates to White: 6-4. All of round 2 is drawn.
///
/// gacrux (the FIDE TEC's program) pairs round 2 of the same position identically (the
/// literal engine's unit test `a_scoregroup_that_cannot_pair_itself_takes_two_upfloaters`).
fn six_teams(round_two: [(u32, u32); 3]) -> String {
    let round_two = round_two.map(|(white, black)| (white, black, ["=", "="]));
    six_team_event(ROUND_ONE, &[&round_two], &[])
}

/// Round 1 of the six-team events, as worked above: 1 beats 4, 2 beats 5, 3 and 6 draw.
const ROUND_ONE: [(u32, u32, [&str; 2]); 3] = [(1, 4, ["1", "1"]), (5, 2, ["0", "0"]), (3, 6, ["=", "="])];

/// Six teams of two boards (team k has players 2k−1 and 2k), `152 W`, five rounds, match points
/// 2/1/0: `round_one`, then the matches of `later` rounds, as (white team, black team, board
/// results from the white team's side), and the forfeited matches (330) as (round, white team,
/// black team, `+-` or `-+`).
fn six_team_event(
    round_one: [(u32, u32, [&str; 2]); 3],
    later: &[&[(u32, u32, [&str; 2])]],
    forfeits: &[(u32, u32, u32, &str)],
) -> String {
    let mut text = String::from(
        "012 Six teams worked by hand\n042 2026/03/01\n142 5\n152 W\n192 FIDE_TEAM\n362 TW 2.0   TD 1.0   TL 0.0\n",
    );
    let mut blocks: Vec<Vec<String>> = vec![Vec::new(); 13];
    let mut points = [0i32; 13];
    // Board 1: the white team's first player has White; board 2 the black team's second player
    // (352 WB, the default).
    let play = |blocks: &mut Vec<Vec<String>>,
                points: &mut [i32; 13],
                white_team: u32,
                black_team: u32,
                results: [&str; 2]| {
        let (w1, w2) = (2 * white_team - 1, 2 * white_team);
        let (b1, b2) = (2 * black_team - 1, 2 * black_team);
        for (white, black, result) in [(w1, b1, results[0]), (b2, w2, results[1])] {
            let (r_white, r_black, p_white, p_black) = match result {
                "1" => ("1", "0", 2, 0),
                "0" => ("0", "1", 0, 2),
                _ => ("=", "=", 1, 1),
            };
            // results are written from the white team's side: on board 2 its player is Black.
            let (r_white, r_black, p_white, p_black) =
                if white == b2 { (r_black, r_white, p_black, p_white) } else { (r_white, r_black, p_white, p_black) };
            blocks[white as usize].push(format!("{black:>4} w {r_white}"));
            blocks[black as usize].push(format!("{white:>4} b {r_black}"));
            points[white as usize] += p_white;
            points[black as usize] += p_black;
        }
    };
    let rounds: Vec<&[(u32, u32, [&str; 2])]> = std::iter::once(&round_one[..]).chain(later.iter().copied()).collect();
    let mut records = String::new();
    for (index, matches) in rounds.iter().enumerate() {
        for &(white, black, results) in *matches {
            play(&mut blocks, &mut points, white, black, results);
        }
        // A forfeited match: its boards are not played (TRF-2026: `0000 - +` and `0000 - -`).
        for &(_, white, black, kind) in forfeits.iter().filter(|f| f.0 == index as u32 + 1) {
            let winner = if kind == "+-" { white } else { black };
            for team in [white, black] {
                for id in [2 * team - 1, 2 * team] {
                    let won = team == winner;
                    blocks[id as usize].push(format!("0000 - {}", if won { "+" } else { "-" }));
                    points[id as usize] += if won { 2 } else { 0 };
                }
            }
            records.push_str(&format!("330 {kind} {:>3} {white:>3} {black:>3}\n", index + 1));
        }
    }
    for id in 1..=12u32 {
        let half = points[id as usize];
        let refs: Vec<&str> = blocks[id as usize].iter().map(String::as_str).collect();
        text.push_str(&player(id, &format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 }), &refs));
    }
    for team in 1..=6u32 {
        text.push_str(&format!("013 Team {team:<27}{:>4} {:>4}\n", 2 * team - 1, 2 * team));
    }
    text + &records
}

#[test]
fn a_team_event_paired_by_hand_checks_clean_under_team_2025() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("six.trf");
    std::fs::write(&path, six_teams([(2, 1), (5, 3), (6, 4)])).unwrap();
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["system"], "team-2025");
    assert_eq!(json["summary"]["rounds_checked"], 2, "{json}");
    assert!(json["rounds"].as_array().unwrap().iter().all(|r| r["status"] == "match"), "{json}");
}

#[test]
fn a_changed_team_round_is_caught_with_the_criterion() {
    let dir = tempfile::tempdir().unwrap();
    let check = |round_two: [(u32, u32); 3]| {
        let path = dir.path().join("six.trf");
        std::fs::write(&path, six_teams(round_two)).unwrap();
        let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["rounds"][0]["status"], "match", "{json}");
        json["rounds"][1].clone()
    };
    // Team 1 with White against 2: 4.3.5 gives White to 2, the lower colour difference.
    let round = check([(1, 2), (5, 3), (6, 4)]);
    assert_eq!((round["severity"].as_str(), round["criterion"].as_str()), (Some("colours"), Some("4.3.5")), "{round}");
    assert_eq!(round["expected"][0], serde_json::json!([2, 1]));
    // 1-3 pairs a 2-point team with a 1-point one although {1, 2} can pair alone: C4.
    let round = check([(1, 3), (2, 6), (5, 4)]);
    assert_eq!((round["severity"].as_str(), round["criterion"].as_str()), (Some("quality"), Some("C4")), "{round}");
    // 3-4 5-6 in the bracket {3, 6, 4, 5}: same upfloaters, no criterion tells the two pairings
    // apart (no Type A preference yet, no floats in round 1), so 3-5 4-6 wins on its identifier
    // (3 4 5 6 before 3 5 4 6): 3.6.4, order.
    let round = check([(2, 1), (4, 3), (6, 5)]);
    assert_eq!((round["severity"].as_str(), round["criterion"].as_str()), (Some("order"), Some("3.6.4")), "{round}");
    // 3-6 met in round 1: C1, absolute.
    let round = check([(2, 1), (6, 3), (5, 4)]);
    assert_eq!((round["severity"].as_str(), round["criterion"].as_str()), (Some("absolute"), Some("C1")), "{round}");
}

/// The reading that a forfeited match makes no floater (C.04.6 1.5: "a floater is a team that
/// plays against an opponent with a different score"; a forfeited match is not played, 1.6.1), on
/// six teams paired by hand from the 2026 edition, five rounds (so [C7] counts in round 3).
///
/// Round 1 as in `six_teams`: 1-4, 5-2, 3-6; 1, 2 and 3 win 2–0.
///
/// Round 2: 1, 2, 3 have 2 points, 4, 5, 6 none. The top-scoregroup {1, 2, 3} needs one upfloater
/// ([C4]); the first set, {4}, pairs legally ({1, 2, 3, 4}: 1-3 2-4, first by identifier) and
/// leaves {5, 6} pairable ([C6]); nobody floated in round 1 ([C7]). Colours: 1 (first-team by
/// TPN, equal scores) and 3 both had White, nothing before 4.3.8 decides, 1 alternates: 3-1; 2-4
/// is forfeited to 4 (330 `-+`); 6 has the lower colour difference: 6-5 (4.3.5). 1 and 6 win.
///
/// Round 3: 1 has 4 points; 2, 3, 4, 6 have 2; 5 none. {1} needs one upfloater of 2 points: {2},
/// {3}, {4}, {6} in that order; 1 has met 3 and 4. {2} and {6} are legal, and each leaves the rest
/// of the scoregroup (three teams, one upfloater: 5) pairable ([C6]). [C7]: 2 and 4 met only in
/// the forfeited match of round 2, so under this reading nobody floated in round 2 and the first
/// set, {2}, is chosen: 1-2. Were a forfeit a float, 2 would have floated (2 points against 0)
/// and [C7] would choose {6}: 1-6. Then {3, 4, 6} + 5: 3-5 4-6, the only legal pairing (3-6 met
/// in round 1, 5-6 in round 2). Colours: 2 (CD −1: the forfeit gives no colour) has White against
/// 1 (CD 0), 4.3.5; 3 (White twice) wants Black, 4.3.2: 5-3; 4 (CD −1) has White against 6 (CD
/// 0): 4-6.
fn forfeit_event(round_three: [(u32, u32); 3]) -> String {
    let draws = round_three.map(|(white, black)| (white, black, ["=", "="]));
    let round_two = [(3, 1, ["0", "0"]), (6, 5, ["1", "1"])];
    six_team_event(
        [(1, 4, ["1", "1"]), (5, 2, ["0", "0"]), (3, 6, ["1", "1"])],
        &[&round_two, &draws],
        &[(2, 2, 4, "-+")],
    )
}

#[test]
fn a_forfeited_match_makes_no_floater() {
    let text = forfeit_event([(2, 1), (5, 3), (4, 6)]);
    let (t, found) = read(&text);
    assert!(found.iter().all(|d| d.severity == Severity::Note), "{:#?}", codes(&found));
    // The state before round 3: nobody floated in round 2.
    let (results, _) = teams::team_results(&t).unwrap();
    let state = trfcheck::systems::team::state::state_before(&t, &results, Edition::Team2026, 3, &[1, 2, 3, 4, 5, 6]);
    let scores: Vec<(u32, i64, bool)> =
        state.round.teams.iter().map(|team| (team.tpn, team.score, team.floated_previous)).collect();
    assert_eq!(scores, [(1, 40, false), (2, 20, false), (3, 20, false), (4, 20, false), (5, 0, false), (6, 20, false)]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forfeit.trf");
    std::fs::write(&path, &text).unwrap();
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["summary"]["rounds_checked"], 3, "{json}");
    // The pairing that counting the forfeit as a float would give is a mismatch: {6} taken where
    // the first set, {2}, was as good (3.5.5).
    std::fs::write(&path, forfeit_event([(1, 6), (2, 4), (5, 3)])).unwrap();
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    let round = &json["rounds"][2];
    assert_eq!((round["severity"].as_str(), round["criterion"].as_str()), (Some("order"), Some("3.5.5")), "{round}");
}

#[test]
fn team_systems_resolve_by_date_and_refuse_an_individual_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("six.trf");
    // Before 1 February 2026, the 2024 edition.
    std::fs::write(&path, six_teams([(2, 1), (5, 3), (6, 4)]).replace("042 2026/03/01", "042 2025/10/01")).unwrap();
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["system"], "team-2024", "{json}");
    let individual = crate::support::sample("dutch-4p-2r.trf");
    let output =
        trfcheck().args(["check", "--system", "team-2025", "--format", "json"]).arg(&individual).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json["error"].as_str().unwrap().contains("not a team tournament"), "{json}");
}

#[test]
fn generated_team_events_check_clean_under_both_editions() {
    for system in ["team-2025", "team-2024"] {
        for (seed, code) in
            [(1, "FIDE_TEAM"), (2, "FIDE_TEAM_TYPEB_MP_GP"), (3, "FIDE_TEAM_GP_MP"), (4, "FIDE_TEAM_BAKU")]
        {
            let output = trfcheck()
                .args(["generate", "--system", system, "--players", "9", "--rounds", "5", "--boards", "4"])
                .args(["--seed", &seed.to_string(), "--team-code", code, "--bye-rate", "0.1", "--forfeit-rate", "0.1"])
                .output()
                .unwrap();
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("generated.trf");
            std::fs::write(&path, &output.stdout).unwrap();
            let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(output.status.code(), Some(0), "{system} {code}: {json}");
            assert_eq!(json["summary"]["rounds_checked"], 5, "{json}");
        }
    }
}

/// The FIDE TEC's TRF-2026 team sample (GrandMommysCup, 50 teams of four boards, 14 rounds), from
/// `$TRFCHECK_TEC_SAMPLE` or `../shared/corpus/tec/GrandMommysCup.trf`. Its only findings are its
/// own (docs/teams.md): tabs in 240 records, and two 801 records that contradict the games.
#[test]
#[cfg_attr(no_tec_sample, ignore = "needs the TEC sample GrandMommysCup: set TRFCHECK_TEC_SAMPLE")]
fn the_tec_team_sample_reads_with_no_misreading() {
    let path = std::env::var_os("TRFCHECK_TEC_SAMPLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tec/GrandMommysCup.trf"));
    let (_, report) = verify::validate_path(&path, ReadOptions::default());
    let found: Vec<(Severity, &str, usize)> =
        report.diagnostics.iter().map(|d| (d.severity, d.code.id(), d.span.as_ref().map_or(0, |s| s.line))).collect();
    assert!(report.valid, "{found:?}");
    let not_tabs: Vec<_> = found.iter().filter(|f| f.1 != "tab").collect();
    assert_eq!(not_tabs, [&(Severity::Warning, "conflict", 558), &(Severity::Warning, "conflict", 562)]);
    let teams = report.teams.unwrap();
    assert_eq!((teams.count, teams.boards, teams.rounds.len()), (50, Some(4), 14));
    assert!(teams.system.is_some_and(|s| s.baku));
}

/// A crafted file cannot make the aggregation hang: 2 000 teams over 30 000 rounds is past the
/// work limit, so the matches are not built and a note says the totals are not checked.
#[test]
fn a_team_file_too_large_to_aggregate_is_said_not_hung() {
    let mut text = String::from("192 FIDE_TEAM\n");
    let blocks: Vec<&str> = vec!["0000 - U"; 30_000];
    text.push_str(&player(1, "0.0", &blocks));
    for team in 1..=2000 {
        text.push_str(&format!("310 {team:>3} Team{team:<28}{:>33}    1\n", ""));
    }
    let (t, found) = read(&text);
    let (results, notes) = teams::team_results(&t).expect("a team tournament");
    assert!(results.rounds.is_empty() && results.count == 2000);
    assert!(notes.iter().any(|d| d.code == Code::TeamMatch && d.message.contains("too large")), "{notes:?}");
    assert!(found.iter().any(|d| d.message.contains("too large")));
}

/// `pair` of a team file (`verify::pair_next`) pairs the next round as `check` pairs it: a
/// generated event with its last round taken out is paired back to that round (matches as team
/// numbers, White first, the bye as `team 0`).
#[test]
fn pair_of_a_team_file_gives_the_next_round() {
    let output = trfcheck()
        .args(["generate", "--system", "team-2025", "--players", "9", "--rounds", "4", "--seed", "5"])
        .args(["--team-code", "FIDE_TEAM_TYPEB_MP_GP"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let full = String::from_utf8(output.stdout).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("full.trf");
    std::fs::write(&path, &full).unwrap();
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let last = &json["teams"]["rounds"][3];
    let mut expected: Vec<String> =
        last["matches"].as_array().unwrap().iter().map(|m| format!("{} {}", m["teams"][0], m["teams"][1])).collect();
    expected.extend(
        last["byes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["kind"] == "PAB")
            .map(|b| format!("{} 0", b["team"])),
    );
    expected.sort();
    // Round 4 taken out of every player's record: the round to pair.
    let (mut t, _) = read(&full);
    for player in &mut t.players {
        player.rounds.truncate(3);
    }
    let next = verify::pair_next(&t, None).expect("the round pairs");
    assert_eq!(next.round, 4);
    let mut computed: Vec<String> =
        next.pairing.boards.iter().map(|b| format!("{} {}", b.white, b.black.unwrap_or(0))).collect();
    computed.sort();
    assert_eq!(computed, expected);
}

/// `identify` of a team file tries both editions under every option a `192` code can declare
/// (never the individual systems, which do not pair teams), and `check` names the options under
/// which the rounds match when most differ. A Type B event (game points, then match points) made
/// by `generate` is declared `FIDE_TEAM` (Type A, match points): 6 of its 7 rounds differ, and
/// its own code is found again.
#[test]
fn identify_finds_the_options_of_a_team_file() {
    let output = trfcheck()
        .args(["generate", "--system", "team-2025", "--players", "12", "--rounds", "7", "--seed", "2"])
        .args(["--team-code", "FIDE_TEAM_TYPEB_GP_MP"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().any(|line| line.trim_end() == "192 FIDE_TEAM_TYPEB_GP_MP"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typeb.trf");
    std::fs::write(&path, text.replacen("192 FIDE_TEAM_TYPEB_GP_MP", "192 FIDE_TEAM", 1)).unwrap();
    let output = trfcheck().args(["identify", "--format", "json"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let candidates = json["candidates"].as_array().unwrap();
    assert!(candidates.iter().all(|c| c["system"] == "team-2025" || c["system"] == "team-2024"), "{json}");
    // Both editions, 3 colour types × 4 score choices, and Baku with match points primary.
    assert_eq!(candidates.len(), 2 * (12 + 6), "{json}");
    let best = &candidates[0];
    assert_eq!((best["system"].as_str(), best["option"].as_str()), (Some("team-2025"), Some("FIDE_TEAM_TYPEB_GP_MP")));
    assert_eq!(best["matching"], serde_json::json!([1, 2, 3, 4, 5, 6, 7]), "{json}");
    let declared = candidates.iter().find(|c| c["system"] == "team-2025" && c["option"] == "FIDE_TEAM").unwrap();
    assert_eq!(declared["differing"].as_array().unwrap().len(), 6, "{json}");
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["hints"][0].as_str().unwrap().split(" (also").next(),
        Some("all 7 checked rounds match under team-2025 with FIDE_TEAM_TYPEB_GP_MP"),
        "{json}"
    );
}
