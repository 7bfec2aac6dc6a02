//! Standings under FIDE's tie-break regulations (C.07): two small events whose every value was
//! derived by hand from the articles (docs/standings.md, "Worked examples"), the declarations of
//! records 202/212, and the refusals of `standings`.

use serde_json::Value;

use crate::support::trfcheck;

/// Six players, three rounds, every kind of unplayed round (docs/standings.md, example 1):
///
/// | round | games (white–black) | without a game |
/// |---|---|---|
/// | 1 | 1–4 1-0, 2–5 ½-½, 3–6 forfeit won by 3 | |
/// | 2 | 3–1 0-1, 4–2 1-0 | 5 half-point bye (H), 6 PAB (U) |
/// | 3 | 2–3 0-1, 4–5 1-0 | 1 half-point bye (H), 6 absent (Z) |
///
/// Scores 2.5, 0.5, 2.0, 2.0, 1.0, 1.0. Unplayed rounds (16.2): 3's forfeit win is category 2;
/// 5's bye in round 2 is category 3 (a game follows); 1's bye in the last round and 6's absence are
/// category 5; 6's forfeit loss category 4; the PAB category 1. Adjusted scores (16.3): 6's absence
/// counts as a draw, 1.5; the others' are their scores (1's last-round bye was worth a draw).
const EXAMPLE: &str = "\
012 Hand-derived C.07 example
042 2025/05/01
XXR 3
001    1 m    Player 001                        2000                             2.5          4 w 1     3 b 1  0000 - H
001    2 m    Player 002                        1900                             0.5          5 w =     4 b 0     3 w 0
001    3 m    Player 003                        1800                             2.0          6 w +     1 w 0     2 b 1
001    4 m    Player 004                        1700                             2.0          1 b 0     2 w 1     5 w 1
001    5 m    Player 005                        1600                             1.0          2 b =  0000 - H     4 b 0
001    6 m    Player 006                        1500                             1.0          3 b -  0000 - U  0000 - Z
";

/// Four players who all met (docs/standings.md, example 2): 1 beat 2 and 4, lost to 3; 2 beat 3
/// and 4; 4 beat 3. Scores 2, 2, 1, 1; Buchholz 4, 4, 5, 5.
const ALL_MET: &str = "\
012 Four players, all met
XXR 3
001    1 m    Player 001                        2000                             2.0          2 w 1     3 b 0     4 w 1
001    2 m    Player 002                        1900                             2.0          1 b 0     4 w 1     3 w 1
001    3 m    Player 003                        1800                             1.0          4 w 0     1 w 1     2 b 0
001    4 m    Player 004                        1700                             1.0          3 b 1     2 b 0     1 b 0
";

const LIST: &str = "BH,BH/C1,SB,SB/C1,PS,PS/C1,WIN,WON,BPG,BWG,REP,STD,KS,KS/L-1,ARO,TPR";

fn standings(text: &str, args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, text).unwrap();
    let output = trfcheck().arg("standings").args(args).arg("--format").arg("json").arg(&path).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Each participant's id and the values of `names`, in standings order.
fn table(json: &Value, names: &[&str]) -> Vec<(u64, Vec<String>)> {
    json["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let values = names.iter().map(|n| p["values"][*n].as_str().unwrap_or("-").to_owned()).collect();
            (p["id"].as_u64().unwrap(), values)
        })
        .collect()
}

fn row(id: u64, values: &str) -> (u64, Vec<String>) {
    (id, values.split_whitespace().map(str::to_owned).collect())
}

#[test]
fn every_individual_tie_break_of_the_example_under_the_2024_text() {
    let json = standings(EXAMPLE, &["--rules", "2024", "--tie-breaks", LIST]);
    assert_eq!(json["rules"], "2024");
    let names: Vec<&str> = LIST.split(',').collect();
    // BH (8.1): own unplayed rounds against a dummy with the participant's own score (16.4, 2024):
    //   1: 2.0 + 2.0 + 2.5 = 6.5; 3: 2.0 (dummy, the forfeit) + 2.5 + 0.5 = 5.0; 5: 0.5 + 1.0 + 2.0.
    // BH/C1 (14.1, 16.5): 1's lowest VUR contribution, 2.5, is cut, not the 2.0 (6.5 − 2.5); 5's
    //   VUR, 1.0, is cut, not the 0.5 (3.5 − 1.0); 6's three contributions are 1.0.
    // SB (9.1): 1: 2.0 + 2.0 + 2.5 × ½ = 5.25; 3: 2.0 × 1 (dummy) + 0 + 0.5; 6: the PAB, 1.0 × 1.
    // SB/C1 (14.1.1): the product for the lowest-scoring opponent; 1's VUR contribution 1.25 is
    //   lower than that product (2.0), so the product goes (16.5): 3.25; 5's VUR 0.5 is higher than
    //   the product for opponent 2 (0.25), so the VUR goes: 0.25.
    // PS (7.5): 1: 1 + 2 + 2.5; PS/C1 cuts the lowest, round 1's.
    // WIN (7.1) counts 3's forfeit win and 6's PAB; WON (7.2) games won over the board.
    // REP (7.6): rounds less the VURs: 1 and 5 had a bye, 6 a forfeit loss and an absence.
    // STD (7.7): a game against the opponent, a round without one against a draw: 1's half-point
    //   bye is worth ½, 6's PAB 1.
    // KS (9.2): against 1, 3 and 4 (at least 1.5 of 3); KS/L-1 lowers the limit to 1.0 (14.5), so
    //   5 and 6 count too, and forfeits count: 3 scored 1 against 6.
    // ARO (10.1), TPR (10.2): 4 met 2000, 1900, 1600: 1833; 2 of 3 is 0.67, dp 125: 1958; 2 scored
    //   0.5 of 3, 0.17, dp −273: 1700 − 273; 6 played no game: no value.
    assert_eq!(
        table(&json, &names),
        [
            row(1, "6.5 4.0 5.25 3.25 5.5 4.5 2 2 1 1 2 2.5 2.0 2.0 1750 2550"),
            row(3, "5.0 4.5 2.5 2.0 4.0 3.0 2 1 1 1 3 2.0 0.0 1.0 1950 1950"),
            row(4, "4.0 3.5 1.5 1.0 3.0 3.0 2 2 1 0 3 2.0 0.0 1.0 1833 1958"),
            row(5, "3.5 2.5 0.75 0.25 2.5 2.0 0 0 2 0 2 1.0 0.0 0.0 1800 1607"),
            row(6, "3.0 2.0 1.0 1.0 2.0 2.0 1 0 0 0 1 1.0 0.0 0.0 - -"),
            row(2, "5.0 4.0 0.5 0.0 1.5 1.0 0 0 1 0 3 0.5 0.0 0.5 1700 1427"),
        ]
    );
}

#[test]
fn the_2026_text_caps_the_dummy() {
    let json = standings(EXAMPLE, &["--rules", "2026", "--tie-breaks", "BH,BH/C1,SB,SB/C1"]);
    // 16.4.2: 1's last-round bye meets a dummy of at most a draw per round, 1.5 (not 2.5);
    // 16.4.1: 3's forfeit win a dummy of at most 6's adjusted score, 1.5 (not 2.0).
    // BH: 1: 2.0 + 2.0 + 1.5; 3: 1.5 + 2.5 + 0.5. BH/C1: 1 loses the VUR's 1.5; 3 the 0.5.
    // SB: 1: 2.0 + 2.0 + 1.5 × ½; 3: 1.5 + 0 + 0.5. SB/C1: 1's VUR contribution 0.75 is the
    // product for the lowest-scoring "opponent" (the dummy, 1.5) itself, so it goes: 4.0.
    assert_eq!(
        table(&json, &["BH", "BH/C1", "SB", "SB/C1"])[..2],
        [row(1, "5.5 4.0 4.75 4.0"), row(3, "4.5 4.0 2.0 1.5")]
    );
    assert_eq!(table(&json, &["BH"])[2..], [row(4, "4.0"), row(5, "3.5"), row(6, "3.0"), row(2, "5.0")]);
}

#[test]
fn direct_encounter_ranks_those_who_met_and_leaves_those_who_did_not() {
    // 6.2: 1 and 2 are tied on points and Buchholz and met: 1 won. 3 and 4 likewise: 4 won.
    let json = standings(ALL_MET, &["--tie-breaks", "BH,DE"]);
    assert_eq!(
        table(&json, &["BH", "DE"]),
        [row(1, "4.0 1.0"), row(2, "4.0 0.0"), row(4, "5.0 1.0"), row(3, "5.0 0.0")]
    );
    assert!(json["participants"].as_array().unwrap().iter().all(|p| p["tied"] == false));
    // 6.3: in the first example 3 and 4 (2.0) never met, nor 5 and 6 (1.0): a missing game could
    // give either the win, so Direct Encounter separates no one, and Buchholz does.
    let json = standings(EXAMPLE, &["--rules", "2024", "--tie-breaks", "DE,BH"]);
    assert_eq!(
        table(&json, &["DE", "BH"])[1..5],
        [row(3, "0.0 5.0"), row(4, "0.0 4.0"), row(5, "0.0 3.5"), row(6, "0.0 3.0")]
    );
    // Without a tie-break that separates them, they share the place (4.2; lots are not in a file).
    let json = standings(EXAMPLE, &["--tie-breaks", "DE"]);
    let ranks: Vec<(u64, bool)> = json["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["rank"].as_u64().unwrap(), p["tied"].as_bool().unwrap()))
        .collect();
    assert_eq!(ranks, [(1, false), (2, true), (2, true), (4, true), (4, true), (6, false)]);
}

#[test]
fn the_declared_list_and_the_edition_come_from_the_file() {
    let with_212 = EXAMPLE.replace("XXR 3\n", "XXR 3\n212 PTS, BH-C1, SB\n");
    let json = standings(&with_212, &[]);
    assert_eq!(json["tie_breaks"], serde_json::json!(["PTS", "BH/C1", "SB"]));
    assert_eq!(json["tie_breaks_source"], "record 212");
    // 042 2025/05/01 falls under the 2024 text (in force 1 August 2024 – 28 February 2026).
    assert_eq!(json["rules"], "2024");
    let with_202 = EXAMPLE.replace("042 2025/05/01", "042 2026/05/01").replace("XXR 3\n", "XXR 3\n202 BH\n");
    let json = standings(&with_202, &[]);
    assert_eq!((json["tie_breaks"].clone(), json["rules"].clone()), (serde_json::json!(["PTS", "BH"]), "2026".into()));
    assert_eq!(json["participants"][0]["values"]["BH"], "5.5");
}

#[test]
fn a_participant_without_a_rating_drops_the_rating_tie_breaks_unless_told_how_they_count() {
    let unrated = EXAMPLE.replace("Player 006                        1500", "Player 006                            ");
    let json = standings(&unrated, &["--tie-breaks", "ARO,BH"]);
    assert_eq!(json["tie_breaks"], serde_json::json!(["PTS", "BH"]));
    assert!(json["notes"][0].as_str().unwrap().contains("ARO dropped"), "{}", json["notes"]);
    let json = standings(&unrated, &["--tie-breaks", "ARO,BH", "--unrated-rating", "1000"]);
    assert_eq!(json["tie_breaks"], serde_json::json!(["PTS", "ARO", "BH"]));
}

#[test]
fn a_bonus_of_record_299_is_part_of_the_score_and_no_game() {
    // 299 with a blank type: two points for player 2 outside any game (docs/standings.md, S10).
    let bonus = EXAMPLE.replace("XXR 3\n", "XXR 3\n299           2.0    1    2\n").replace(
        "Player 002                        1900                             0.5",
        "Player 002                        1900                             2.5",
    );
    let json = standings(&bonus, &["--tie-breaks", "SB,PS"]);
    let two = json["participants"].as_array().unwrap().iter().find(|p| p["id"] == 2).unwrap().clone();
    // Score 0.5 + 2; PS counts the bonus in round 1 (2.5 + 2.5 + 2.5); SB only the games: a draw
    // against 5 (1.0 × ½).
    assert_eq!((two["values"]["PTS"].as_str(), two["values"]["PS"].as_str()), (Some("2.5"), Some("7.5")));
    assert_eq!(two["values"]["SB"], "0.5");
}

#[test]
fn standings_say_what_they_cannot_do_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, EXAMPLE.replace("XXR 3\n", "XXR 3\n212 PTS, BH, XYZ\n")).unwrap();
    let output = trfcheck().args(["standings"]).arg(&bad).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("warning[tie-break-list]") && stderr.contains("bad.trf:4:14"), "{stderr}");
    assert!(stderr.contains("record 212: `XYZ` is not a tie-break"), "{stderr}");
    // A team tie-break: not computed yet, and said (exit 4).
    let output = trfcheck().args(["standings", "--tie-breaks", "EDE"]).arg(&bad).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    // A list on the command line that C.07 does not define: a usage error.
    let output = trfcheck().args(["standings", "--tie-breaks", "WIN/C1"]).arg(&bad).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("takes no cut"));
    // A draughts event has its own standings (FMJD Annex 5).
    let draughts = dir.path().join("draughts.trf");
    std::fs::write(&draughts, ALL_MET.replace("XXR 3\n", "XXR 3\n192 FMJD_SWISS_SOLKOFF\n")).unwrap();
    let output = trfcheck().args(["standings"]).arg(&draughts).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&output.stderr).contains("FMJD Annex 5"));
    // Nothing played: nothing to rank (exit 4), never an empty table that reads as standings.
    let empty = dir.path().join("empty.trf");
    let not_started: String = ALL_MET
        .lines()
        .map(|l| format!("{}\n", l.get(..80).map_or(l.to_owned(), |head| format!("{head} 0.0"))))
        .collect();
    std::fs::write(&empty, not_started).unwrap();
    let output = trfcheck().args(["standings"]).arg(&empty).output().unwrap();
    assert_eq!(output.status.code(), Some(4), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn csv_and_text_carry_the_same_standings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, ALL_MET).unwrap();
    let csv = trfcheck().args(["standings", "--tie-breaks", "BH,DE", "--format", "csv"]).arg(&path).output().unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(csv.lines().next(), Some("rank,tied,id,name,rating,stated_rank,PTS,BH,DE"));
    assert_eq!(csv.lines().nth(3), Some("3,false,4,Player 004,1700,,1.0,5.0,1.0"));
    let text = trfcheck().args(["standings", "--tie-breaks", "BH,DE"]).arg(&path).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("order: PTS, BH, DE (--tie-breaks)"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["3", "4", "Player", "004", "1700", "1.0", "5.0", "1.0"]),
        "{text}"
    );
}

/// `text` with the ranks of 001 columns 86–89 set, `ranks[i]` for player `i + 1`.
fn with_ranks(text: &str, ranks: &[u32]) -> String {
    text.lines()
        .map(|line| {
            let id: Option<usize> =
                line.strip_prefix("001").and_then(|rest| rest.get(..5)).and_then(|n| n.trim().parse().ok());
            match id.and_then(|id| ranks.get(id - 1)) {
                Some(rank) => format!("{}{rank:>4}{}\n", &line[..85], &line[89..]),
                None => format!("{line}\n"),
            }
        })
        .collect()
}

fn check_json(text: &str, args: &[&str]) -> (Option<i32>, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, text).unwrap();
    let output = trfcheck()
        .args(["check", "--system", "dutch-2025", "--format", "json"])
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    (output.status.code(), serde_json::from_slice(&output.stdout).unwrap())
}

#[test]
fn check_verifies_stated_ranks_under_the_declared_tie_breaks() {
    // Under 212 `PTS, BH, SB` and the 2024 text (042 2025/05/01), the order is 1, 3, 4, 5, 6, 2:
    // 3 and 4 tie on 2.0 and BH gives 5.0 and 4.0; 5 and 6 tie on 1.0 and BH gives 3.5 and 3.0.
    let declared = EXAMPLE.replace("XXR 3\n", "XXR 3\n212 PTS, BH, SB\n");
    let right = with_ranks(&declared, &[1, 6, 2, 3, 4, 5]);
    let (_, json) = check_json(&right, &[]);
    assert_eq!(json["standings"]["status"], "match", "{}", json["standings"]);
    assert_eq!(json["standings"]["tie_breaks"], serde_json::json!(["PTS", "BH", "SB"]));
    assert_eq!(json["standings"]["ranks_checked"], 6);
    // 3 and 4 swapped: a finding names the tie-break that decides and both values; exit 1.
    let swapped = with_ranks(&declared, &[1, 6, 3, 2, 4, 5]);
    let (code, json) = check_json(&swapped, &[]);
    assert_eq!(json["standings"]["status"], "mismatch");
    assert_eq!(
        json["standings"]["findings"],
        serde_json::json!([
            "ranks 2 and 3 swapped: Player 004 (4) and Player 003 (3); BH gives Player 003 (3) 5.0 and Player 004 (4) 4.0"
        ])
    );
    assert_eq!(code, Some(1));
    // --no-standings leaves the ranks unread.
    let (_, json) = check_json(&swapped, &["--no-standings"]);
    assert!(json.get("standings").is_none());
}

#[test]
fn a_wrong_rank_fails_a_check_whose_rounds_all_match_unless_only_pairings_are_asked_for() {
    // A generated event (every round as dutch-2025 pairs it), with 212 added and the ranks that
    // `standings` gives written in: the check passes. Two participants of different scores swapped
    // fail it, by the standings alone.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("generated.trf");
    trfcheck()
        .args(["generate", "--system", "dutch-2025", "--players", "14", "--rounds", "5", "--seed", "3", "-o"])
        .arg(&path)
        .assert()
        .success();
    // TRF-2026 ends lines with CR LF; the helpers here write LF.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\r\n", "\n")
        .replace("142 5\n", "142 5\n212 PTS, BH/C1, BH, SB\n");
    assert!(text.contains("212 PTS"), "generate writes 142");
    let json = standings(&text, &[]);
    let mut ranks = vec![0; 14];
    for p in json["participants"].as_array().unwrap() {
        ranks[p["id"].as_u64().unwrap() as usize - 1] = p["rank"].as_u64().unwrap() as u32;
    }
    let (code, report) = check_json(&with_ranks(&text, &ranks), &[]);
    assert_eq!((code, report["standings"]["status"].as_str()), (Some(0), Some("match")), "{}", report["standings"]);
    let first = ranks.iter().position(|&r| r == 1).unwrap();
    let last = ranks.iter().position(|&r| r == 14).unwrap();
    ranks.swap(first, last);
    let (code, report) = check_json(&with_ranks(&text, &ranks), &[]);
    assert_eq!((code, report["standings"]["status"].as_str()), (Some(1), Some("mismatch")));
    assert!(report["summary"]["mismatched_rounds"].as_array().unwrap().is_empty());
    // --fail-on a pairing severity: the standings are reported, only rounds decide the status.
    let (code, report) = check_json(&with_ranks(&text, &ranks), &["--fail-on", "order"]);
    assert_eq!((code, report["standings"]["status"].as_str()), (Some(0), Some("mismatch")));
}

#[test]
fn without_a_declared_list_ranks_must_follow_points_and_a_list_that_gives_them_is_named() {
    let (_, json) = check_json(&with_ranks(EXAMPLE, &[1, 6, 2, 3, 4, 5]), &[]);
    let standings = &json["standings"];
    assert_eq!((standings["status"].as_str(), standings["source"].as_str()), (Some("match"), Some("none declared")));
    // BH/C1 (2024) gives 3 4.5 and 4 3.5, 5 2.5 and 6 2.0: the first common list tried.
    assert_eq!(standings["hint"], "the ranks follow the tie-breaks PTS, BH/C1, BH, SB (declare them in record 212)");
    // Player 2 (0.5 points) stated above player 5 (1.0): points decide, whatever the tie-breaks.
    let (code, json) = check_json(&with_ranks(EXAMPLE, &[1, 4, 2, 3, 5, 6]), &[]);
    assert_eq!(json["standings"]["status"], "mismatch");
    assert_eq!(
        json["standings"]["findings"][0],
        "ranks 4 and 5 swapped: Player 002 (2) and Player 005 (5); PTS gives Player 005 (5) 1.0 and Player 002 (2) 0.5"
    );
    assert_eq!(code, Some(1));
    // A rank column that repeats the pairing numbers is no ranking (pairing programs write it so).
    let (_, json) = check_json(&with_ranks(EXAMPLE, &[1, 2, 3, 4, 5, 6]), &[]);
    assert!(json.get("standings").is_none(), "{}", json["standings"]);
}

#[test]
fn a_hint_skips_the_lists_whose_first_tie_break_reverses_a_stated_pair_and_names_a_later_one() {
    // ALL_MET with 2 stated above 1 (both 2 points) and 4 above 3 (both 1). Ratings 2000, 1900,
    // 1800, 1700, everyone met everyone: the average rating of the opponents (ARO) is 1800 for 1,
    // 1833 for 2, 1867 for 3 and 1900 for 4, which gives both stated orders. Each list tried
    // before it puts 1 ahead of 2: Sonneborn–Berger (1 beat 2 and 4: 3; 2 beat 3 and 4: 2) where
    // BH/C1, BH and BH/M1 tie them (4, 3 and 1 each), the direct encounter (1 beat 2), and SB
    // first in `SB,BH`, which rules that list out before any ordering; BH/C2 breaks no tie.
    // (Its rounds are a round robin, not a Swiss pairing: only the standings are read here.)
    let (_, json) = check_json(&with_ranks(ALL_MET, &[2, 1, 4, 3]), &[]);
    let standings = &json["standings"];
    assert_eq!(standings["status"], "match", "{standings}");
    assert_eq!(standings["hint"], "the ranks follow the tie-breaks PTS, ARO (declare them in record 212)");
}

#[test]
fn generated_events_with_tie_breaks_state_the_ranks_check_verifies_and_a_swap_is_caught() {
    use trfcheck::generate::{GenerateOptions, generate};
    use trfcheck::standings::fide::check::{RankStatus, check_ranks};
    use trfcheck::standings::fide::descriptor::parse_list;
    use trfcheck::systems::SystemId;
    let systems = [SystemId::Dutch2025, SystemId::Dubov2025, SystemId::Burstein2026, SystemId::Lim2026];
    // Between them, every individual tie-break of Art. 5.
    let lists =
        ["BH/C1,BH,SB", "DE,SB,WIN,WON", "ARO,TPR,PTP,APRO,APPO,RTNG", "PS,BPG,BWG,KS,TPN", "BH/M1,AOB,FB,STD,REP"];
    let mut checked = 0;
    for seed in 1..=5u64 {
        for (i, system) in systems.iter().enumerate() {
            let list = lists[(seed as usize + i) % lists.len()];
            let options = GenerateOptions {
                tie_breaks: Some(parse_list(list).unwrap()),
                bye_rate: 0.05,
                forfeit_rate: 0.04,
                ..GenerateOptions::new(*system, 12 + 5 * seed as u32, 6, seed)
            };
            let t = generate(&options).unwrap_or_else(|e| panic!("{system} seed {seed}: {e}"));
            // Through the writer and the reader, as a file reaches `check`.
            let (text, _) = trfcheck::formats::trf::write(&t);
            let t = crate::support::read_valid("generated.trf", &text);
            let verdict = check_ranks(&t).expect("ranks are stated");
            assert_eq!(verdict.status, RankStatus::Match, "{system} seed {seed} {list}: {verdict:?}");
            assert_eq!(verdict.source, "record 212");
            // The winner and the last swapped: caught, with a finding.
            let mut swapped = t.clone();
            let first = swapped.players.iter().position(|p| p.rank == Some(1)).unwrap();
            let last = swapped.players.iter().enumerate().max_by_key(|(_, p)| p.rank).unwrap().0;
            let (a, b) = (swapped.players[first].rank, swapped.players[last].rank);
            swapped.players[first].rank = b;
            swapped.players[last].rank = a;
            let verdict = check_ranks(&swapped).unwrap();
            assert_eq!(verdict.status, RankStatus::Mismatch, "{system} seed {seed} {list}");
            assert!(!verdict.findings.is_empty());
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}

/// The same for team events: every team tie-break of Arts. 12–13 in some list, the ranks of 310
/// written by `generate --tie-breaks`, read back and checked; the first and the last team swapped
/// are caught.
#[test]
fn generated_team_events_with_team_tie_breaks_state_the_ranks_check_verifies_and_a_swap_is_caught() {
    use trfcheck::generate::{GenerateOptions, generate};
    use trfcheck::standings::fide::check::{RankStatus, check_ranks};
    use trfcheck::standings::fide::descriptor::parse_list;
    use trfcheck::systems::SystemId;
    let lists = [
        "EDE,MPvGP,EMGSB",
        "EDEBT,BC,TBR,BBE",
        "EMMSB/C1,EGMSB,EGGSB,SSSC",
        "EDET,BH:GP,SB:MP,MPvGP",
        "EDEBB,EDEB,SSSC/F,PS:MP",
    ];
    for seed in 1..=5u64 {
        for system in [SystemId::Team2025, SystemId::Team2024] {
            let list = lists[seed as usize - 1];
            let options = GenerateOptions {
                tie_breaks: Some(parse_list(list).unwrap()),
                boards: 3,
                ..GenerateOptions::new(system, 9 + seed as u32, 5, seed)
            };
            let t = generate(&options).unwrap_or_else(|e| panic!("{system} seed {seed}: {e}"));
            let (text, _) = trfcheck::formats::trf::write(&t);
            let t = crate::support::read_valid("generated.trf", &text);
            let verdict = check_ranks(&t).expect("ranks are stated");
            assert_eq!(verdict.status, RankStatus::Match, "{system} seed {seed} {list}: {verdict:?}");
            assert_eq!(verdict.tie_breaks[0], "PTS:MP");
            let mut swapped = t.clone();
            let first = swapped.teams.iter().position(|team| team.rank == Some(1)).unwrap();
            let last = swapped.teams.iter().enumerate().max_by_key(|(_, team)| team.rank).unwrap().0;
            let (a, b) = (swapped.teams[first].rank, swapped.teams[last].rank);
            swapped.teams[first].rank = b;
            swapped.teams[last].rank = a;
            let verdict = check_ranks(&swapped).unwrap();
            assert_eq!(verdict.status, RankStatus::Mismatch, "{system} seed {seed} {list}");
            assert!(!verdict.findings.is_empty());
        }
    }
}

#[test]
fn a_round_robin_counts_its_forfeits_as_games_as_15_2_says_and_the_2026_text_keeps_its_exceptions() {
    // Example 2 with the last game of 1 and 4 forfeited (won by 1): a complete round robin, so
    // the pairings were pre-determined (15.2).
    let forfeit = ALL_MET.replace("    4 w 1\n", "    4 w +\n").replace("    1 b 0\n", "    1 b -\n");
    assert!(forfeit.contains("4 w +") && forfeit.contains("1 b -"));
    let list = "BH,WON,BPG,REP,ARO,TPR";
    let json = standings(&forfeit, &["--rules", "2024", "--tie-breaks", list]);
    let names: Vec<&str> = list.split(',').collect();
    // 2024: the forfeit is a game. BH of 1 is 2.0 + 1.0 + 1.0 (4's score, not a dummy of 2.0); 1's
    // ARO counts 4 (1900, 1800, 1700) and TPR 2 of 3 (0.67, +125). 4's forfeit loss with Black is a
    // game with Black and a round it played (BPG 3, REP 3); it beat 3 (WON 1); ARO over 1800, 1900,
    // 2000, TPR 1 of 3 (0.33, −125).
    let of = |json: &Value, id: u64| table(json, &names).into_iter().find(|(i, _)| *i == id).unwrap();
    assert_eq!(of(&json, 1), row(1, "4.0 2 1 3 1800 1925"));
    assert_eq!(of(&json, 4), row(4, "5.0 1 3 3 1900 1775"));
    assert!(json["notes"][0].as_str().unwrap().contains("pre-determined"), "{}", json["notes"]);
    // 2026 (15.2): forfeit losses stay unplayed rounds in Art. 7 (4: BPG 2, REP 2), and every
    // forfeit in Art. 10 (1's ARO over 2 and 3, 1850, TPR 1 of 2, 1850; 4's over 3 and 2, 1850, TPR
    // 1 of 2); BH is not for round robins (Art. 8), said in a note.
    let json = standings(&forfeit, &["--rules", "2026", "--tie-breaks", list]);
    assert_eq!(of(&json, 1), row(1, "4.0 2 1 3 1850 1850"));
    assert_eq!(of(&json, 4), row(4, "5.0 1 2 2 1850 1850"));
    assert!(json["notes"][1].as_str().unwrap().contains("Art. 8"), "{}", json["notes"]);
}

/// The folder audit carries the standings of each file: a column of the table, a total, two CSV
/// columns and, in the HTML report, a badge in the table and the findings in the file's section.
/// The two files are the example with 212 `PTS, BH, SB`, ranked right (1, 6, 2, 3, 4, 5, as in
/// `check_verifies_stated_ranks_under_the_declared_tie_breaks`) and with 3 and 4 swapped.
#[test]
fn a_folder_audit_reports_the_standings_of_each_file() {
    let dir = tempfile::tempdir().unwrap();
    let declared = EXAMPLE.replace("XXR 3\n", "XXR 3\n212 PTS, BH, SB\n");
    std::fs::write(dir.path().join("right.trf"), with_ranks(&declared, &[1, 6, 2, 3, 4, 5])).unwrap();
    std::fs::write(dir.path().join("swapped.trf"), with_ranks(&declared, &[1, 6, 3, 2, 4, 5])).unwrap();
    let finding = "ranks 2 and 3 swapped: Player 004 (4) and Player 003 (3); BH gives Player 003 (3) 5.0 and \
                   Player 004 (4) 4.0";
    let csv = dir.path().join("audit.csv");
    let html = dir.path().join("audit.html");
    let audit = |report: &std::path::Path| {
        trfcheck()
            .args(["check", "--system", "dutch-2025", "--fail-on", "absolute"])
            .arg(dir.path().join("right.trf"))
            .arg(dir.path().join("swapped.trf"))
            .arg("--report")
            .arg(report)
            .output()
            .unwrap()
    };
    let output = audit(&csv);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let table = &stdout[stdout.find("\nFILE ").expect("a table") + 1..];
    let lines: Vec<&str> = table.lines().collect();
    let column = lines[0].find("STANDINGS").expect("a standings column");
    assert!(lines[1].starts_with("right.trf") && lines[1][column..].starts_with("match "), "{table}");
    assert!(lines[2].starts_with("swapped.trf") && lines[2][column..].starts_with("differ (1) "), "{table}");
    assert!(lines[3].contains("; standings: 1 match, 1 differ"), "{table}");
    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let cells: Vec<(&str, &str)> = rows.iter().map(|r| (&r[at("standings")], &r[at("standings_findings")])).collect();
    assert_eq!(cells, [("match", "0"), ("differ", "1")]);
    audit(&html);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<th>Standings</th>"), "no standings column");
    assert!(page.contains("<span class=\"badge standings t-differ\">differ (1)</span>"));
    assert!(page.contains("<span class=\"badge standings t-match\">match</span>"));
    assert!(page.contains(&format!("<li>{finding}</li>")), "the finding in the file's section");
    assert!(page.contains("the 6 stated ranks follow PTS, BH, SB (record 212, 2024 text, after round 3)"));
}

/// The team ranks of record 310 are checked by the primary score of the team system (match points
/// under `FIDE_TEAM`), which every C.07 list for teams starts with; without a declared list, teams
/// level on match points may stand in any order, and the hint names MPvGP, the order `generate`
/// writes. The two first teams' ranks swapped fail the check (exit 1), and the summary line says
/// so although every round matches.
#[test]
fn team_ranks_follow_the_primary_score() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("teams.trf");
    trfcheck()
        .args(["generate", "--system", "team-2025", "--players", "8", "--boards", "2", "--rounds", "4"])
        .args(["--seed", "2", "-o"])
        .arg(&path)
        .assert()
        .success();
    let (code, json) = check_team(&path);
    assert_eq!(json["standings"]["status"], "match", "{}", json["standings"]);
    assert_eq!(json["standings"]["tie_breaks"], serde_json::json!(["PTS:MP"]));
    assert_eq!(json["standings"]["ranks_checked"], 8);
    assert!(json["standings"]["hint"].as_str().unwrap().contains("PTS:MP, MPVGP"), "{json}");
    assert_eq!(code, Some(0));
    // 310: number (columns 5–7), name (9–40), match points (54–59), rank (68–71).
    let text = std::fs::read_to_string(&path).unwrap();
    let teams: Vec<(u32, String, f64, u32)> = text
        .lines()
        .filter(|l| l.starts_with("310"))
        .map(|l| {
            let field = |a: usize, b: usize| l.get(a - 1..b).unwrap_or("").trim().to_owned();
            (field(5, 7).parse().unwrap(), field(9, 40), field(54, 59).parse().unwrap(), field(68, 71).parse().unwrap())
        })
        .collect();
    let first = teams.iter().find(|t| t.3 == 1).expect("a first team").clone();
    let second = teams.iter().filter(|t| t.2 < first.2).max_by(|a, b| a.2.total_cmp(&b.2)).expect("a team behind");
    assert!(teams.iter().filter(|t| t.2 == first.2).count() == 1, "the first team alone on its points");
    let second_rank = 1 + teams.iter().filter(|t| t.2 > second.2).count() as u32;
    let swapped: String = text
        .lines()
        .map(|l| {
            let number: Option<u32> =
                l.strip_prefix("310").and_then(|r| r.get(..4)).and_then(|n| n.trim().parse().ok());
            let rank = if number == Some(first.0) {
                Some(second_rank)
            } else if number == Some(second.0) {
                Some(1)
            } else {
                None
            };
            match rank {
                Some(rank) => format!("{}{rank:>4}{}\r\n", &l[..67], &l[71..]),
                None => format!("{l}\r\n"),
            }
        })
        .collect();
    std::fs::write(&path, swapped).unwrap();
    let (code, json) = check_team(&path);
    assert_eq!(json["standings"]["status"], "mismatch", "{}", json["standings"]);
    let finding = json["standings"]["findings"][0].as_str().unwrap();
    let expected = format!(
        "({}); PTS:MP gives {} ({}) {:.1} and {} ({}) {:.1}",
        first.0, first.1, first.0, first.2, second.1, second.0, second.2
    );
    assert!(finding.ends_with(&expected), "{finding}\nexpected the end {expected}");
    assert_eq!(code, Some(1));
    let text = trfcheck().arg("check").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.trim_end().ends_with("all match; standings differ (1 finding)"), "{stdout}");
}

fn check_team(path: &std::path::Path) -> (Option<i32>, Value) {
    let output = trfcheck().args(["check", "--format", "json"]).arg(path).output().unwrap();
    (output.status.code(), serde_json::from_slice(&output.stdout).unwrap())
}

/// Five teams of two boards, three rounds, a PAB in each round (320: a drawn match, 1 MP and 1 GP;
/// C.04.6 1.4); 362 scores 2/1/0, so match points are primary (C.04.6 1.2.2). The matches, board 1
/// first (white's points, black's):
///
/// | round | matches | PAB |
/// |---|---|---|
/// | 1 | T3–T1 ½-½, 0-1 (0.5–1.5); T2–T4 1-0, 1-0 (2–0) | T5 |
/// | 2 | T1–T2 0-1, 1-0 (1–1); T5–T3 1-0, 0-1 (1–1) | T4 |
/// | 3 | T1–T4 1-0, 1-0 (2–0); T2–T5 1-0, ½-½ (1.5–0.5) | T3 |
///
/// Match points 5, 5, 2, 1, 2 and game points 4.5, 4.5, 2.5, 1, 2.5 (T1–T5). T1 and T2 are level on
/// both and drew their match, so are T3 and T5. Board points over the tournament (Art. 12, a PAB a
/// win on each board): T1 1.5 and 3, T2 3 and 1.5, T3 1.5 and 2, T4 1 and 1, T5 2 and 1.5.
const TEAMS: &str = "\
012 Random team tournament 1 (team-2025)
042 2026/03/02
052 2026/03/04
062 15
082 5
092 Team: Swiss-System
132                                                                                        26/03/02  26/03/03  26/03/04
142 3
152 B
182 trfcheck generate
192 FIDE_TEAM
001    1      Player 0001                       2201                             1.5    3     7 b =     4 w 0    10 b 1
001    2      Player 0002                       2155                             3.0    1     8 w 1     5 b 1    11 w 1
001    3      Player 0003                       1653                             0.0    9
001    4      Player 0004                       2507                             3.0    1    10 w 1     1 b 1    13 w 1
001    5      Player 0005                       1782                             0.0    9               2 w 0
001    6      Player 0006                       1584                             1.5    3    12 b 1              15 b =
001    7      Player 0007                       2154                             0.5    7     1 w =    13 b 0
001    8      Player 0008                       2033                             0.0    9     2 b 0
001    9      Player 0009                       1734                             1.0    5              15 w 1
001   10      Player 0010                       2168                             0.0    9     4 b 0               1 w 0
001   11      Player 0011                       1919                             0.0    9                         2 b 0
001   12      Player 0012                       1643                             0.0    9     6 w 0
001   13      Player 0013                       2195                             1.0    5               7 w 1     4 b 0
001   14      Player 0014                       1623                             0.0    9
001   15      Player 0015                       1468                             0.5    7               9 b 0     6 w =
310   1 Team 001                         T001    2178    5.0    4.5   1     1    2    3
310   2 Team 002                         T002    2144    5.0    4.5   1     4    5    6
310   3 Team 003                         T003    2093    2.0    2.5   3     7    8    9
310   4 Team 004                         T004    2043    1.0    1.0   5    10   11   12
310   5 Team 005                         T005    1909    2.0    2.5   3    13   14   15
320  1.0  1.0   5   4   3
352 WB
362 TW 2.0   TD 1.0   TL 0.0
";

/// Every team tie-break of Arts. 12–13 on the event above, each value derived by hand:
///
/// - EDE (13.3.1): T1–T2 drew on MP (1–1) and on GP (1–1), so did T3–T5: both pairs stay tied.
/// - BH:MP (2026, dummies capped at a draw a round, 1 × 3): T1 2+5+1 = 8, T2 1+5+2 = 8, T3 5+2 and
///   its PAB's dummy 2 = 9, T4 5+1+5 = 11, T5 2+2+5 = 9.
/// - EMGSB (13.2.2, opponent's MP × GP scored): T1 2×1.5 + 5×1 + 1×2 = 10, T2 1×2 + 5×1 + 2×1.5 = 10,
///   T3 5×0.5 + 2×1 + dummy 2×1 = 6.5, T4 0 + 1×1 + 0 = 1, T5 2×1 + 2×1 + 5×0.5 = 6.5. Cut-1
///   (14.1.2) drops the product of the opponent with the fewest MP (the lowest such product): T1 and
///   T2 lose T4's 2, T3 and T5 a 2, T4 its dummy's 1.
/// - EGGSB (13.2.4, opponent's GP × GP scored; the GP dummy capped at 1 × 3): T1 2.5×1.5 + 4.5×1 +
///   1×2 = 10.25, T3 4.5×0.5 + 2.5×1 + 2.5×1 = 7.25, T4 1.
/// - MPvGP (13.1): the game points. SSSC (13.4): GP + BH:MP ÷ ⌊(2 × 3) ÷ 2⌋ = 3: T1 4.5 + 8/3 = 7.17,
///   T3 2.5 + 3 = 5.5, T4 1 + 11/3 = 4.67.
/// - BC (12.1, the lower first): T1 1.5 + 2×3 = 7.5, T2 3 + 2×1.5 = 6, T3 1.5 + 4 = 5.5, T4 3,
///   T5 2 + 3 = 5. TBR (12.2) and BBE (12.3, two boards: board 1) show board 1.
///
/// gacrux 1.9.57 (the TEC's tool) gives the same values.
#[test]
fn every_team_tie_break_of_a_hand_checked_event() {
    let names = ["PTS:MP", "EDE", "BH:MP", "EMGSB", "EMGSB/C1", "EGGSB", "MPVGP", "SSSC", "BC", "TBR", "BBE"];
    let json = standings(TEAMS, &["--tie-breaks", "EDE,BH:MP,EMGSB,EMGSB/C1,EGGSB,MPvGP,SSSC,BC,TBR,BBE"]);
    assert_eq!(json["participants_are"], "teams");
    assert_eq!(json["primary_score"], "MP");
    assert_eq!(
        table(&json, &names),
        [
            row(2, "5.0 1.0 8.0 10.0 8.0 10.25 4.5 7.17 6.0 3.0 3.0"),
            row(1, "5.0 1.0 8.0 10.0 8.0 10.25 4.5 7.17 7.5 1.5 1.5"),
            row(5, "2.0 1.0 9.0 6.5 4.5 7.25 2.5 5.5 5.0 2.0 2.0"),
            row(3, "2.0 1.0 9.0 6.5 4.5 7.25 2.5 5.5 5.5 1.5 1.5"),
            row(4, "1.0 - 11.0 1.0 0.0 1.0 1.0 4.67 3.0 1.0 1.0"),
        ]
    );
    // Direct encounter alone leaves both pairs tied; a knock-out step (13.3.2) separates them, each
    // chain the same way here: Board Count, Top Board Results and Bottom Board Elimination agree.
    let ranks = |json: &Value| -> Vec<(u64, u64)> {
        json["participants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["id"].as_u64().unwrap(), p["rank"].as_u64().unwrap()))
            .collect()
    };
    assert_eq!(ranks(&standings(TEAMS, &["--tie-breaks", "EDE"])), [(1, 1), (2, 1), (3, 3), (5, 3), (4, 5)]);
    for chain in ["EDET", "EDEB", "EDEBT", "EDEBB"] {
        let json = standings(TEAMS, &["--tie-breaks", chain]);
        assert_eq!(ranks(&json), [(2, 1), (1, 2), (5, 3), (3, 4), (4, 5)], "{chain}");
    }
    // The 2024 text does not cap the dummy: nothing changes here (no dummy passes its cap).
    let json = standings(TEAMS, &["--rules", "2024", "--tie-breaks", "BH:MP,EGGSB"]);
    let rows = table(&json, &["BH:MP", "EGGSB"]);
    assert!(rows.contains(&row(3, "9.0 7.25")) && rows.contains(&row(5, "9.0 7.25")), "{rows:?}");
}

/// A team file's ranks (310) are checked under its declared list: the knock-out step that
/// separates two teams level on everything else is named with both values.
#[test]
fn team_ranks_are_checked_under_the_declared_team_tie_breaks() {
    let with = |list: &str, ranks: [u32; 5]| -> String {
        TEAMS
            .lines()
            .map(|l| {
                let number: Option<usize> =
                    l.strip_prefix("310").and_then(|r| r.get(..4)).and_then(|n| n.trim().parse().ok());
                match number {
                    Some(n) => format!("{}{:>4}{}\n", &l[..67], ranks[n - 1], &l[71..]),
                    None if l.starts_with("192") => format!("{l}\n212 {list}\n"),
                    None => format!("{l}\n"),
                }
            })
            .collect()
    };
    let (code, json) = check_team_text(&with("PTS, EDEBT", [2, 1, 4, 5, 3]));
    assert_eq!(json["standings"]["status"], "match", "{}", json["standings"]);
    assert_eq!(json["standings"]["tie_breaks"], serde_json::json!(["PTS:MP", "EDEBT"]));
    assert_eq!(code, Some(0));
    let (code, json) = check_team_text(&with("PTS, EDEBT", [1, 2, 4, 5, 3]));
    assert_eq!(json["standings"]["status"], "mismatch", "{}", json["standings"]);
    assert_eq!(
        json["standings"]["findings"][0],
        "ranks 1 and 2 swapped: Team 001 (1) and Team 002 (2); EDEBT (BC) gives Team 002 (2) 6.0 and Team 001 (1) 7.5"
    );
    assert_eq!(code, Some(1));
    let (_, json) = check_team_text(&with("PTS, EDET", [1, 2, 4, 5, 3]));
    assert_eq!(
        json["standings"]["findings"][0],
        "ranks 1 and 2 swapped: Team 001 (1) and Team 002 (2); EDET (TBR, board 1) gives Team 002 (2) 3.0 and Team 001 (1) 1.5"
    );
}

fn check_team_text(text: &str) -> (Option<i32>, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("teams.trf");
    std::fs::write(&path, text).unwrap();
    check_team(&path)
}

/// The Arbiters' Manual 2026's annex example (pp. 258–261, as docs/standings.md §10 quotes it):
/// Laxman scores 7.0 in ten rounds, 1 1 0 (requested zero-point bye) 1 ½ 1 ½ 1 1, against opponents
/// who finish on 5, 5, 6.5, 4.5, 6, 5, 6.5, 5.5 and 6. The published values: under the 2024 text
/// BH 57 (the bye's dummy scores Laxman's own 7), BH-C1 50 (the VUR's 7 is cut: 16.5) and SB
/// 37.25; under the 2026 text BH 55 (the dummy capped at a draw a round, 5: 16.4.2), BH-C1 50 (the
/// VUR's 5 is not below the least value, 4.5, so it is cut) and SB 37.25. The opponents reach their
/// scores against nine fillers, one absent in each round (the event is built, not the manual's).
#[test]
fn the_arbiters_manual_example_of_an_unplayed_round() {
    // Laxman (1), his opponents (2–10, by the round he meets them), the fillers (11–19).
    let laxman_rounds = [1, 2, 3, 5, 6, 7, 8, 9, 10];
    let laxman_points = ['1', '1', '0', '1', '=', '1', '=', '1', '1'];
    let finals = [50, 50, 65, 45, 60, 50, 65, 55, 60]; // tenths
    // Per player and round: (opponent, colour, result).
    let mut cells: Vec<Vec<Option<(u32, char, char)>>> = vec![vec![None; 10]; 19];
    let mirror = |r: char| match r {
        '1' => '0',
        '0' => '1',
        other => other,
    };
    for (i, (&round, &result)) in laxman_rounds.iter().zip(&laxman_points).enumerate() {
        let opponent = 2 + i as u32;
        cells[0][round - 1] = Some((opponent, if round % 2 == 1 { 'w' } else { 'b' }, result));
        cells[opponent as usize - 1][round - 1] = Some((1, if round % 2 == 1 { 'b' } else { 'w' }, mirror(result)));
    }
    for (i, &final_tenths) in finals.iter().enumerate() {
        let opponent = 2 + i;
        let from_laxman = match mirror(laxman_points[i]) {
            '1' => 10,
            '=' => 5,
            _ => 0,
        };
        // The rest from the fillers: wins, then a draw for a half, then losses.
        let mut left = final_tenths - from_laxman;
        for round in 1..=10usize {
            if cells[opponent - 1][round - 1].is_some() {
                continue;
            }
            let filler = 11 + (i + round) % 9;
            let result = if left >= 10 {
                left -= 10;
                '1'
            } else if left == 5 {
                left = 0;
                '='
            } else {
                '0'
            };
            cells[opponent - 1][round - 1] = Some((filler as u32, 'w', result));
            assert!(cells[filler - 1][round - 1].is_none(), "a filler plays once a round");
            cells[filler - 1][round - 1] = Some((opponent as u32, 'b', mirror(result)));
        }
        assert_eq!(left, 0, "opponent {opponent} reaches its score");
    }
    let mut lines = vec!["012 The Arbiters' Manual's unplayed round".to_owned(), "XXR 10".to_owned()];
    for (index, rounds) in cells.iter().enumerate() {
        let id = index + 1;
        let mut points = 0;
        let mut text = String::new();
        for cell in rounds {
            match cell {
                Some((opponent, colour, result)) => {
                    points += match result {
                        '1' => 10,
                        '=' => 5,
                        _ => 0,
                    };
                    text += &format!("  {opponent:>4} {colour} {result}");
                }
                None => text += "  0000 - Z",
            }
        }
        let name = format!("Player {id:03}");
        let points = format!("{}.{}", points / 10, points % 10);
        lines.push(format!(
            "001 {id:>4} m    {name:<33} {:>4} {:3} {:>11} {:10} {points:>4} {:>4}{text}",
            2000, "", "", "", ""
        ));
    }
    let text = lines.join("\n") + "\n";
    for (rules, values) in [("2024", "7.0 57.0 50.0 37.25"), ("2026", "7.0 55.0 50.0 37.25")] {
        let json = standings(&text, &["--rules", rules, "--tie-breaks", "BH,BH/C1,SB"]);
        let rows = table(&json, &["PTS", "BH", "BH/C1", "SB"]);
        let laxman = rows.iter().find(|(id, _)| *id == 1).unwrap();
        assert_eq!(*laxman, row(1, values), "{rules}");
    }
}
