//! Verdicts a federation can act on (docs/audit.md): the severity of each differing round and
//! `--fail-on`, honest totals (a run that checks nothing never passes), batch audits of folders
//! with the summary table and the CSV and HTML reports, the exit status of many files, and no
//! silent cross-game checks.

use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;
use trfcheck::generate::{self, GenerateOptions};
use trfcheck::model::Colour;
use trfcheck::report::RoundStatus;
use trfcheck::systems::{Severity, SystemId};
use trfcheck::verify::{self, CheckOptions};

use crate::corpus::shared;
use crate::support::{sample, trfcheck};

fn json_lines(output: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output).lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

/// sklangen's lichess export of 26 June 2020 (9 players, 9 rounds): rounds 1–3 differ from the
/// 2017 rules only in the order of generation (section D), the rest match.
fn lichess_2020(shared: &Path) -> String {
    fs::read_to_string(shared.join("corpus/real/sklangen__TRF__2021_03.trf")).unwrap()
}

/// The same file with round 9 edited into two rematches, results and points kept: the record's
/// 9–2 and 6–4 become 4–2 (who met in round 1: 2's `4 b 0`) and 6–9 (who met in round 7: 9's
/// `6 b 0`).
fn with_rematches(text: &str) -> String {
    let edit = |text: String, line_start: &str, old: &str, new: &str| -> String {
        let mut found = false;
        let lines: Vec<String> = text
            .lines()
            .map(|line| {
                if line.starts_with(line_start) && line.trim_end().ends_with(old) {
                    found = true;
                    format!("{}{new}", &line.trim_end()[..line.trim_end().len() - old.len()])
                } else {
                    line.to_owned()
                }
            })
            .collect();
        assert!(found, "{line_start} … {old}");
        lines.join("\n") + "\n"
    };
    let text = edit(text.to_owned(), "001    2 ", "9 b 1", "4 b 1");
    let text = edit(text, "001    4 ", "6 b 0", "2 w 0");
    let text = edit(text, "001    6 ", "4 w 1", "9 w 1");
    edit(text, "001    9 ", "2 w 0", "6 b 0")
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_rematch_reads_absolute_and_a_tie_break_order_only() {
    let shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rematch.trf");
    fs::write(&path, with_rematches(&lichess_2020(&shared))).unwrap();
    let output = trfcheck().arg("check").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().last().unwrap();
    // The worst first: round 9's rematch (C.1 of the 2017 rules), then the order-only rounds.
    assert!(summary.contains("9 of 9 rounds checked: 4 differ — round 9: absolute (C.1: "), "{summary}");
    assert!(summary.contains("already met in round"), "{summary}");
    assert!(summary.ends_with("; rounds 1–3: order only"), "{summary}");
    assert!(stdout.contains("round 9: ✗ absolute: "), "{stdout}");
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["worst_severity"], "absolute");
    let severities: Vec<&str> =
        report["rounds"].as_array().unwrap().iter().filter_map(|r| r["severity"].as_str()).collect();
    assert_eq!(severities, ["order", "order", "order", "absolute"]);
    assert_eq!(report["summary"]["rounds_by_severity"], serde_json::json!({"order": [1, 2, 3], "absolute": [9]}));
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn fail_on_sets_which_severities_make_the_status_1() {
    let shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let order_only = dir.path().join("order.trf");
    fs::write(&order_only, lichess_2020(&shared)).unwrap();
    let rematch = dir.path().join("rematch.trf");
    fs::write(&rematch, with_rematches(&lichess_2020(&shared))).unwrap();
    trfcheck().arg("check").arg(&order_only).assert().code(1);
    trfcheck().args(["check", "--fail-on", "order"]).arg(&order_only).assert().code(1);
    // Differences in the order of generation only: a pass unless order counts.
    trfcheck()
        .args(["check", "--fail-on", "colours"])
        .arg(&order_only)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("3 differ — rounds 1–3: order only"));
    trfcheck().args(["check", "--fail-on", "absolute"]).arg(&rematch).assert().code(1);
    trfcheck().args(["check", "--fail-on", "bogus"]).arg(&rematch).assert().code(2);
    let output =
        trfcheck().args(["check", "--format", "json", "--fail-on", "quality"]).arg(&order_only).output().unwrap();
    let report = &json_lines(&output.stdout)[0];
    assert_eq!((report["status"].as_str(), report["worst_severity"].as_str()), (Some("match"), Some("order")));
}

/// Colours swapped on one board of the last round of a generated tournament, whose every round
/// checks clean before the edit: `colours` when the swapped colours keep the colour limits,
/// `absolute` when they give a player a colour difference beyond ±2 or a third colour in a row
/// (C.04.1 arts. 6–7) that the rules' colours give nobody.
#[test]
fn swapped_colours_are_colours_unless_they_break_the_colour_limits() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen = [false, false];
    for seed in 1..40 {
        let options = GenerateOptions {
            forfeit_rate: 0.0,
            bye_rate: 0.0,
            withdraw_rate: 0.0,
            ..GenerateOptions::new(SystemId::Dutch2025, 16, 7, seed)
        };
        let t = generate::generate(&options).unwrap();
        let last = 7;
        let colours_before = |id: u32| -> Vec<Colour> {
            let player = t.player(id).unwrap();
            (1..last).filter_map(|r| player.round(r).colour.filter(|_| player.round(r).opponent.is_some())).collect()
        };
        // The basic rules' limits, on the games before the last round.
        let breaks = |history: &[Colour], colour: Colour| {
            let difference: i64 = history.iter().map(|&c| if c == Colour::White { 1 } else { -1 }).sum();
            let step = if colour == Colour::White { 1 } else { -1 };
            (difference + step).abs() > 2 || history.ends_with(&[colour, colour])
        };
        for player in &t.players {
            let entry = player.round(last);
            let (Some(opponent), Some(Colour::White)) = (entry.opponent, entry.colour) else { continue };
            let (white, black) = (colours_before(player.id), colours_before(opponent));
            if breaks(&white, Colour::White) || breaks(&black, Colour::Black) {
                continue;
            }
            let swapped_breaks = breaks(&white, Colour::Black) || breaks(&black, Colour::White);
            let kind = usize::from(swapped_breaks);
            if seen[kind] {
                continue;
            }
            let mut edited = t.clone();
            for (id, colour) in [(player.id, Colour::Black), (opponent, Colour::White)] {
                let p = edited.players.iter_mut().find(|p| p.id == id).unwrap();
                p.rounds[last as usize - 1].colour = Some(colour);
            }
            let path = dir.path().join(format!("seed{seed}-{}.trf", player.id));
            fs::write(&path, trfcheck::formats::trf::write(&edited).0).unwrap();
            let (_, report) = verify::check_path(&path, &CheckOptions::default());
            let round = report.rounds.iter().find(|r| r.round == last).unwrap();
            assert_eq!(round.status, RoundStatus::Mismatch, "{path:?}");
            let expected = if swapped_breaks { Severity::Absolute } else { Severity::Colours };
            assert_eq!(round.severity, Some(expected), "{path:?}: {:?}", round.explanation);
            if swapped_breaks {
                assert!(round.explanation.as_deref().is_some_and(|e| e.contains("colour limits")), "{round:?}");
            }
            assert_eq!(report.worst_severity, Some(expected));
            seen[kind] = true;
        }
        if seen == [true, true] {
            return;
        }
    }
    panic!("no board of the kinds wanted in 39 seeds: {seen:?}");
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn rounds_past_the_last_are_a_usage_error() {
    let shared = shared();
    let path = shared.join("corpus/real/sklangen__TRF__2021_03.trf");
    for rounds in ["12", "8-12", "10-"] {
        trfcheck()
            .args(["check", "--rounds", rounds])
            .arg(&path)
            .assert()
            .code(2)
            .stdout(predicate::str::contains("but the file records 9 rounds"));
    }
    // Within the record: "N of M rounds checked", with the rounds left out and why.
    trfcheck().args(["check", "--rounds", "3-5"]).arg(&path).assert().code(1).stdout(predicate::str::contains(
        "3 of 9 rounds checked (rounds 1, 2, 6–9 not asked for by --rounds): 1 differs — round 3: order only",
    ));
}

#[test]
fn a_file_with_no_round_has_nothing_to_check_and_never_passes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.trf");
    fs::write(&path, "012 broken\n").unwrap();
    trfcheck().arg("check").arg(&path).assert().code(4).stdout(predicate::str::contains("nothing to check"));
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    let report = &json_lines(&output.stdout)[0];
    assert_eq!(report["status"], "nothing-to-check");
    assert_eq!(report["summary"]["rounds_checked"], 0);
    // A folder without a tournament file checks nothing either.
    let empty = tempfile::tempdir().unwrap();
    fs::write(empty.path().join("README.md"), "# notes\n").unwrap();
    trfcheck()
        .arg("check")
        .arg(empty.path())
        .assert()
        .code(4)
        .stderr(predicate::str::contains("skipped 1 file that is not"))
        .stderr(predicate::str::contains("nothing to check: no tournament file under"));
    trfcheck().arg("validate").arg(empty.path()).assert().code(4);
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn json_names_the_event() {
    let shared = shared();
    let path = shared.join("corpus/real/sklangen__TRF__2021_03.trf");
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let event = &json_lines(&output.stdout)[0]["event"];
    assert_eq!(event["name"], "Juni Blitzschach 5 Plus 0");
    assert_eq!(event["city"], "https://lichess.org/swiss/QLMFFLBq");
    assert_eq!((event["start_date"].as_str(), event["end_date"].as_str()), (Some("2020/06/26"), Some("2020/06/26")));
    assert_eq!((event["players"].as_u64(), event["rounds"].as_u64()), (Some(9), Some(9)));
    assert_eq!(event["rounds_declared"], 9);
    let output = trfcheck().args(["validate", "--format", "json"]).arg(&path).output().unwrap();
    assert_eq!(json_lines(&output.stdout)[0]["event"]["name"], "Juni Blitzschach 5 Plus 0");
}

/// A team event declared a round robin (`192 FIDE_TEAM_ROUNDROBIN`): trfcheck pairs C.04.6's team
/// Swiss, not this, so `check` says `unsupported` (exit 4).
fn team_round_robin(shared: &Path) -> String {
    fs::read_to_string(shared.join("corpus/real/Sharly-Chess__bbpPairings__team_330_forfeit.input.trf"))
        .unwrap()
        .replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_ROUNDROBIN")
}

/// A folder as a rating officer gets it: a file that matches, one that differs, one that is
/// invalid, a team round robin (a system trfcheck does not pair), and files that are not
/// tournaments.
fn month_of_submissions(shared: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let copy = |from: &Path, to: &str| {
        let target = dir.path().join(to);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::copy(from, target).unwrap();
    };
    copy(&sample("dutch-4p-2r.trf"), "match.trf");
    copy(&shared.join("corpus/real/sklangen__TRF__2021_03.trf"), "week2/differs.trf");
    copy(&sample("defective.trf"), "week2/invalid.trf");
    fs::create_dir_all(dir.path().join("week3")).unwrap();
    fs::write(dir.path().join("week3/team.trf"), team_round_robin(shared)).unwrap();
    copy(&shared.join("corpus/real/PROVENANCE.md"), "PROVENANCE.md");
    copy(&shared.join("corpus/real/BieremaBoyzProgramming__bbpPairings__issue_7.output.expected"), "x.output.expected");
    fs::write(dir.path().join("README.txt"), "Round 5 starts at 15:00.\n").unwrap();
    dir
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn folders_are_audited_with_a_table_and_the_rest_skipped_with_one_note() {
    let shared = shared();
    let dir = month_of_submissions(&shared);
    let output = trfcheck().arg("check").arg(dir.path()).output().unwrap();
    // The invalid file outranks the difference (3 > 1).
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("skipped 3 files that are not tournament files").count(), 1, "{stderr}");
    assert!(!stderr.contains("PROVENANCE.md: not a tournament file"), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let table = &stdout[stdout.find("\nFILE ").expect("a table") + 1..];
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("FILE") && lines[0].contains("WORST") && lines[0].ends_with("STATUS"), "{table}");
    // The files in path order, named below the folder given.
    assert!(lines[1].starts_with("match.trf ") && lines[1].ends_with("match"), "{table}");
    assert!(lines[2].starts_with("week2/differs.trf ") && lines[2].contains("9 of 9"), "{table}");
    assert!(lines[2].contains("Juni Blitzschach") && lines[2].contains("order") && lines[2].ends_with("differs"));
    assert!(lines[3].starts_with("week2/invalid.trf ") && lines[3].ends_with("invalid"), "{table}");
    assert!(lines[4].starts_with("week3/team.trf ") && lines[4].ends_with("unsupported"), "{table}");
    assert_eq!(
        lines[5],
        "totals: 4 files: 1 match, 1 differs, 1 invalid, 1 unsupported; rounds: 11 of 13 checked, 3 differ \
         (3 order), 2 not checked; standings: 1 match; 3 files skipped (not tournament files)"
    );
    // The standings column: the ranks of match.trf follow its points; the others state none.
    let column = lines[0][..lines[0].find("STANDINGS").expect("a standings column")].chars().count();
    let cell = |line: &str| line.chars().skip(column).collect::<String>();
    assert!(cell(lines[1]).starts_with("match "), "{table}");
    assert!(cell(lines[2]).starts_with("- "), "{table}");
    assert_eq!(lines.len(), 6, "{table}");
    // JSON stays one object per file, nothing else; a skipped file's says so (no note
    // on stderr under --format json; docs/json.md, "Standard error under `--format json`").
    let output = trfcheck().args(["check", "--format", "json"]).arg(dir.path()).output().unwrap();
    let (skipped, objects): (Vec<_>, Vec<_>) =
        json_lines(&output.stdout).into_iter().partition(|o| o["status"] == "skipped");
    assert_eq!((skipped.len(), objects.len()), (3, 4));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(objects[1]["file"].as_str().unwrap().ends_with("week2/differs.trf"));
    // validate takes the folder too.
    trfcheck()
        .arg("validate")
        .arg(dir.path())
        .assert()
        .code(3)
        .stdout(predicate::str::contains("totals: 4 files: 3 valid, 1 invalid; 3 files skipped"));
}

/// A shell glob names every file of the folder, notes and expected outputs too (a glob once
/// picked up `PROVENANCE.md` and `.output.expected` files as errors): they are skipped as the
/// folder's are, and the audit reads as the folder's.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_glob_is_audited_as_its_folder_is() {
    let shared = shared();
    let dir = month_of_submissions(&shared);
    let totals = |output: &std::process::Output| {
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        stdout.lines().find(|l| l.starts_with("totals:")).map(str::to_owned).expect("totals")
    };
    let folder = trfcheck().arg("check").arg(dir.path()).output().unwrap();
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in ["", "week2", "week3"] {
        for entry in fs::read_dir(dir.path().join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    assert_eq!(files.len(), 7);
    let glob = trfcheck().arg("check").args(&files).output().unwrap();
    let stderr = String::from_utf8_lossy(&glob.stderr);
    assert!(!stderr.contains("not a tournament file trfcheck reads"), "{stderr}");
    assert_eq!(stderr.matches("skipped 3 files that are not tournament files").count(), 1, "{stderr}");
    assert_eq!(totals(&glob), totals(&folder));
    assert_eq!(glob.status.code(), Some(3), "the invalid file still outranks the difference");
    // Named alone, a file that is not a tournament is an error of its own.
    trfcheck()
        .arg("check")
        .arg(dir.path().join("PROVENANCE.md"))
        .assert()
        .code(3)
        .stdout(predicate::str::contains("PROVENANCE.md: not a tournament file trfcheck reads"));
}

/// Two players who met in round 1 cannot be paired in round 2: no pairing keeps the absolute
/// criteria (Dutch 2025 C1). The summary says so without naming a criterion of one system (it read
/// "C4", the Dutch completion criterion, for every system, the FMJD ones too).
#[test]
fn a_round_with_no_legal_pairing_reads_absolute_without_a_borrowed_criterion() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.trf");
    fs::write(
        &path,
        "012 two players, two rounds\n042 2026/03/07\n052 2026/03/07\n152 W\n192 FIDE_DUTCH_2025\n\
         001    1 m    Aalders, Bram                     2210 NED     1234567 1990/01/01  2.0    1     2 w 1     2 b 1\n\
         001    2 m    Bakker, Cor                       2105 NED     2345678 1985/05/05  0.0    2     1 b 0     1 w 0\n",
    )
    .unwrap();
    let output = trfcheck().arg("check").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("  round 1: ✓ matches (1 board)\n"), "{stdout}");
    assert!(
        stdout.contains(
            "2 of 2 rounds checked: 1 differs — round 2: absolute (no pairing of this round satisfies the absolute \
             criteria)"
        ),
        "{stdout}"
    );
    let output = trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let round = &json_lines(&output.stdout)[0]["rounds"][1];
    assert_eq!((round["status"].as_str(), round["severity"].as_str()), (Some("no-valid-pairing"), Some("absolute")));
    assert_eq!(round["criterion"], serde_json::Value::Null);
}

/// SPEC: with several files the exit status ranks a difference found above a file that could not
/// be checked: 2 > 5 > 3 > 1 > 4 > 0 (README, "Exit codes").
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_exit_status_of_many_files_ranks_a_difference_above_an_unchecked_file() {
    let shared = shared();
    let real = shared.join("corpus/real");
    let matching = sample("dutch-4p-2r.trf");
    let differs = real.join("sklangen__TRF__2021_03.trf");
    let dir = tempfile::tempdir().unwrap();
    let team = dir.path().join("team.trf");
    fs::write(&team, team_round_robin(&shared)).unwrap();
    let invalid = sample("defective.trf");
    let missing = PathBuf::from("no/such/file.trf");
    let cases: [(&[&Path], i32); 6] = [
        (&[&matching, &team], 4),
        (&[&team, &differs], 1),
        (&[&differs, &team, &matching], 1),
        (&[&differs, &invalid], 3),
        (&[&invalid, &missing], 5),
        (&[&matching, &matching], 0),
    ];
    for (files, code) in cases {
        trfcheck().arg("check").args(files).assert().code(code);
    }
    // --rounds past the last round of one file is a usage error, which outranks everything.
    trfcheck().args(["check", "--rounds", "3"]).arg(&missing).arg(&matching).assert().code(2);
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_csv_report_has_a_row_per_file() {
    let shared = shared();
    let dir = month_of_submissions(&shared);
    let out = tempfile::tempdir().unwrap();
    let csv_path = out.path().join("audit.csv");
    trfcheck().arg("check").arg(dir.path()).arg("--report").arg(&csv_path).assert().code(3);
    let mut reader = csv::Reader::from_path(&csv_path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no {name}"));
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 4);
    let differs = rows.iter().find(|r| r[column("file")].ends_with("differs.trf")).unwrap();
    assert_eq!(&differs[column("event")], "Juni Blitzschach 5 Plus 0");
    assert_eq!(&differs[column("start_date")], "2020/06/26");
    assert_eq!(&differs[column("players")], "9");
    assert_eq!(&differs[column("system")], "dutch-2017");
    assert_eq!(&differs[column("system_source")], "assumed");
    assert_eq!((&differs[column("rounds_checked")], &differs[column("rounds_differing")]), ("9", "3"));
    assert_eq!((&differs[column("order")], &differs[column("worst_severity")]), ("3", "order"));
    assert_eq!((&differs[column("status")], &differs[column("exit_code")]), ("differs", "1"));
    let team = rows.iter().find(|r| r[column("file")].ends_with("team.trf")).unwrap();
    assert_eq!((&team[column("status")], &team[column("exit_code")]), ("unsupported", "4"));
    assert!(team[column("error")].contains("FIDE_TEAM"), "{team:?}");
    // An unknown report kind is refused before any work.
    trfcheck().arg("check").arg(dir.path()).arg("--report").arg(out.path().join("audit.pdf")).assert().code(2);
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_html_report_is_one_self_contained_page_worst_first() {
    let shared = shared();
    let dir = month_of_submissions(&shared);
    fs::write(dir.path().join("rematch.trf"), with_rematches(&lichess_2020(&shared))).unwrap();
    let out = tempfile::tempdir().unwrap();
    let html_path = out.path().join("audit.html");
    trfcheck().arg("check").arg(dir.path()).arg("--report").arg(&html_path).assert().code(3);
    let page = scraper::Html::parse_document(&fs::read_to_string(&html_path).unwrap());
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let text = |e: scraper::ElementRef<'_>| e.text().collect::<String>();
    assert!(text(page.select(&select("title")).next().unwrap()).starts_with("trfcheck check "));
    // Self-contained: no script, no style sheet or image from elsewhere, links only inside the page.
    assert_eq!(page.select(&select("script, link, img, iframe, object, embed")).count(), 0);
    for element in page.select(&select("[href], [src]")) {
        let target = element.value().attr("href").or(element.value().attr("src")).unwrap();
        assert!(target.starts_with('#'), "a link out of the page: {target}");
    }
    // The table: one row per file, worst first (invalid 3, then the rematch's absolute difference,
    // then the order-only one, the unsupported team event, the match).
    let rows: Vec<String> =
        page.select(&select("table.files tbody tr")).map(|r| text(r.select(&select("td")).next().unwrap())).collect();
    let names: Vec<&str> = rows.iter().map(|r| r.rsplit('/').next().unwrap()).collect();
    assert_eq!(names, ["invalid.trf", "rematch.trf", "differs.trf", "team.trf", "match.trf"]);
    // The overview above it: a line a file in the same order, a cell a round checked coloured by
    // its verdict (a file without a checked round, one cell of its status), each a link into the
    // file's section (inside its `<details>`, which the browser then opens).
    let lines: Vec<scraper::ElementRef<'_>> = page.select(&select("nav.overview div.line")).collect();
    let line_names: Vec<String> = lines.iter().map(|l| text(l.select(&select("a.name")).next().unwrap())).collect();
    assert_eq!(line_names.iter().map(|n| n.rsplit('/').next().unwrap()).collect::<Vec<_>>(), names);
    let cells = |line: &scraper::ElementRef<'_>| -> Vec<String> {
        line.select(&select("a.cell")).map(|a| a.value().attr("class").unwrap().to_owned()).collect()
    };
    assert_eq!(cells(&lines[0]), ["cell s-invalid"]);
    let rematch_cells = cells(&lines[1]);
    assert_eq!(rematch_cells.len(), 9, "{rematch_cells:?}");
    assert_eq!(rematch_cells[8], "cell v-absolute", "round 9 is the rematch: {rematch_cells:?}");
    // Each cell says what its round's section says: the severity of a differing round, or a match.
    for (n, class) in rematch_cells.iter().enumerate() {
        let round = n + 1;
        let section =
            page.select(&select(&format!("details.file:nth-of-type(2) details.round[data-round=\"{round}\"]"))).next();
        let expected = section
            .map_or("cell s-match".to_owned(), |d| format!("cell v-{}", d.value().attr("data-severity").unwrap()));
        assert_eq!(class, &expected, "round {round}");
    }
    assert_eq!(cells(&lines[4]).iter().filter(|c| *c != "cell s-match").count(), 0);
    for link in page.select(&select("nav.overview a[href]")) {
        let target = link.value().attr("href").unwrap();
        let anchor = page.select(&select(target)).next().unwrap_or_else(|| panic!("no {target}"));
        let inside = anchor.ancestors().filter_map(scraper::ElementRef::wrap).any(|a| a.value().name() == "details");
        assert!(inside, "{target} is inside its file's section");
    }
    // Each file opens on its rounds: the rematch's round 9 shows both pairings side by side, the
    // differing boards marked, and the explanation.
    let rematch = page.select(&select("details.file")).nth(1).unwrap();
    assert!(rematch.value().attr("data-file").unwrap().ends_with("rematch.trf"));
    let round9 = rematch.select(&select("details.round[data-round=\"9\"]")).next().unwrap();
    assert_eq!(round9.value().attr("data-severity"), Some("absolute"));
    let head: Vec<String> = round9.select(&select("table.boards th")).map(text).collect();
    assert_eq!(head, ["Board", "Recorded", "Board", "dutch-2017"]);
    let recorded: Vec<String> = round9.select(&select("td.recorded.differs span.pair")).map(text).collect();
    let computed: Vec<String> = round9.select(&select("td.computed.differs span.pair")).map(text).collect();
    assert!(recorded.contains(&"4 – 2".to_owned()) && recorded.contains(&"6 – 9".to_owned()), "{recorded:?}");
    assert!(computed.contains(&"9 – 2".to_owned()) && computed.contains(&"6 – 4".to_owned()), "{computed:?}");
    // Laid out as the text diff is: a row pairs a recorded board with a computed board that
    // shares a player with it, and the boards both pairings have are folded into one row.
    let players =
        |board: &str| -> Vec<String> { board.split(" – ").filter(|p| *p != "bye").map(str::to_owned).collect() };
    let mut rows = 0;
    // A differing board is its numbers, then its players as they stood before the round.
    let pair_or_text =
        |td: scraper::ElementRef<'_>| td.select(&select("span.pair")).next().map_or_else(|| text(td), text);
    for row in round9.select(&select("table.boards tbody tr:not(.agree)")) {
        let cells: Vec<String> = row.select(&select("td")).map(pair_or_text).collect();
        assert_eq!(cells.len(), 4, "{cells:?}");
        if !cells[1].is_empty() && !cells[3].is_empty() {
            assert!(players(&cells[1]).iter().any(|p| players(&cells[3]).contains(p)), "{cells:?}");
            rows += 1;
        }
    }
    assert!(rows >= 2, "the differing boards side by side");
    let who: Vec<String> = round9.select(&select("td.recorded.differs span.who")).map(text).collect();
    let t =
        trfcheck::formats::read_path(&dir.path().join("rematch.trf"), Default::default()).unwrap().tournament.unwrap();
    assert_eq!(who.len(), recorded.len(), "{who:?}");
    for (board, names) in recorded.iter().zip(&who) {
        let white: u32 = board.split(" – ").next().unwrap().parse().unwrap();
        let player = t.players.iter().find(|p| p.id == white).unwrap();
        // Before round 9: the points of rounds 1–8.
        let points: trfcheck::model::Points = (1..=8).map(|r| t.round_points(player, r)).sum();
        let rating = player.rating.map(|r| format!("{r}, ")).unwrap_or_default();
        assert!(names.starts_with(&format!("{} ({rating}{points})", player.name)), "{board}: {names}");
    }
    let folded: Vec<String> = round9.select(&select("table.boards tr.agree")).map(text).collect();
    assert!(!folded.is_empty() && folded.iter().all(|f| f.contains("agree")), "{folded:?}");
    let why = text(round9.select(&select("p.why")).next().unwrap());
    assert!(why.contains("already met"), "{why}");
    // Every round has its line: the differing ones open on their boards, those that match are a
    // line with nothing to open.
    let differing = rematch.select(&select("details.round")).count();
    assert_eq!(differing + rematch.select(&select("p.round.match")).count(), 9);
    assert_eq!(rematch.select(&select("details.round.match")).count(), 0);
    // The page is an audit record: trfcheck's version, when it ran, the command line, and the
    // systems and tie-break rules used.
    let record: Vec<String> = page.select(&select("dl.record dt")).map(text).collect();
    assert_eq!(record[..3], ["trfcheck", "Run", "Command"]);
    let facts: Vec<String> = page.select(&select("dl.record dd")).map(text).collect();
    assert_eq!(facts[0], env!("CARGO_PKG_VERSION"));
    assert!(facts[1].len() == 25 && facts[1].as_bytes()[10] == b'T', "RFC 3339 with an offset: {}", facts[1]);
    assert!(facts[2].starts_with("trfcheck --color never check ") && facts[2].contains("--report"), "{}", facts[2]);
    assert!(facts.iter().any(|f| f.contains("dutch-2017 (")), "{facts:?}");
    // The invalid file shows its diagnostics.
    let invalid = page.select(&select("details.file")).next().unwrap();
    let diagnostics: Vec<String> = invalid.select(&select("ul.diagnostics li.d-error")).map(text).collect();
    assert!(diagnostics.iter().any(|d| d.starts_with("8:99: error[bad-round-entry]")), "{diagnostics:?}");
}

#[test]
fn convert_writes_the_system_and_a_system_of_the_other_game_is_a_warning() {
    let draughts = sample("draughts-arbiter.csv");
    trfcheck()
        .args(["convert", "--to", "trf", "--system", "fmjd-solkoff"])
        .arg(&draughts)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\n192 FMJD_SWISS_SOLKOFF\r\n"))
        .stderr(predicate::str::contains("warning").not());
    trfcheck()
        .args(["convert", "--to", "trf", "--system", "dutch-2025"])
        .arg(&draughts)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\n192 FIDE_DUTCH_2025\r\n"))
        .stderr(predicate::str::contains(
            "warning: dutch-2025 is a FIDE chess system, but the file is an FMJD draughts",
        ));
    trfcheck()
        .args(["convert", "--to", "trf", "--system", "fmjd-rating"])
        .arg(sample("dutch-4p-2r.trf"))
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "warning: fmjd-rating is a draughts system (FMJD Annex 5), but the file is a chess",
        ));
    // A crosstable converted without --system declares its game (XDK): checked under a chess
    // system only when one is asked for, and then with the warning.
    let dir = tempfile::tempdir().unwrap();
    let converted = dir.path().join("converted.trf");
    trfcheck().args(["convert", "--to", "trf", "-o"]).arg(&converted).arg(&draughts).assert().code(0);
    trfcheck().arg("check").arg(&converted).assert().code(4).stdout(predicate::str::contains(
        "the file is a draughts tournament and does not say which FMJD Swiss system paired it",
    ));
    trfcheck().args(["check", "--system", "dutch-2025"]).arg(&converted).assert().stderr(predicate::str::contains(
        "dutch-2025 is a FIDE chess system, but the file is a draughts tournament (record XDK)",
    ));
    let output =
        trfcheck().args(["check", "--format", "json", "--system", "dubov-2025"]).arg(&converted).output().unwrap();
    assert!(json_lines(&output.stdout)[0]["system_warning"].as_str().is_some_and(|w| w.contains("record XDK")));
}

/// A file checked as `check` checks it: the hints added when most rounds differ.
fn checked_with_hints(path: &Path, options: &CheckOptions) -> trfcheck::report::CheckReport {
    let read = verify::read_input(path, options.read);
    let never = std::sync::atomic::AtomicBool::new(false);
    let name = Path::new(&verify::display_name(path)).to_owned();
    trfcheck::identify::check_with_hints(&name, read, options, &|_| {}, &never).1
}

/// A generated tournament paired under one system and declared as another: the rounds differ,
/// and the hint names the system under which they all match (each candidate run on every round).
/// With its players numbered backwards as well, round 1 matches only once they are numbered by
/// rating again.
#[test]
fn hints_name_the_system_and_the_numbering_the_record_was_paired_with() {
    let dir = tempfile::tempdir().unwrap();
    let mut found = false;
    for seed in 1..10 {
        let options = GenerateOptions { forfeit_rate: 0.0, ..GenerateOptions::new(SystemId::Dubov2025, 14, 5, seed) };
        let mut t = generate::generate(&options).unwrap();
        t.header.system_code = Some("FIDE_DUTCH_2025".into());
        let path = dir.path().join(format!("dubov-as-dutch-{seed}.trf"));
        fs::write(&path, trfcheck::formats::trf::write(&t).0).unwrap();
        let report = checked_with_hints(&path, &CheckOptions::default());
        if 2 * report.summary.mismatched_rounds.len() <= report.summary.rounds_checked as usize {
            assert!(report.hints.is_empty(), "{:?}", report.hints);
            continue;
        }
        assert!(
            report.hints.iter().any(|h| h.starts_with("all 5 checked rounds match under dubov-2025")),
            "{:?}",
            report.hints
        );
        trfcheck()
            .arg("check")
            .arg(&path)
            .assert()
            .code(1)
            .stdout(predicate::str::contains("  hint: all 5 checked rounds match under dubov-2025"));
        let output = trfcheck().arg("identify").arg(&path).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let best = stdout.lines().nth(1).unwrap();
        assert!(best.trim_start().starts_with("dubov-2025 ") && best.contains("5 of 5  rounds 1–5"), "{stdout}");
        // The same event numbered backwards (ratings kept): its round 1 matches only by rating.
        let n = t.players.len() as u32;
        t.header.system_code = Some("FIDE_DUBOV_2025".into());
        for player in &mut t.players {
            player.id = n + 1 - player.id;
            for entry in &mut player.rounds {
                entry.opponent = entry.opponent.map(|o| n + 1 - o);
            }
        }
        t.players.sort_by_key(|p| p.id);
        let backwards = dir.path().join(format!("backwards-{seed}.trf"));
        fs::write(&backwards, trfcheck::formats::trf::write(&t).0).unwrap();
        let report = checked_with_hints(&backwards, &CheckOptions::default());
        assert_eq!(report.summary.mismatched_rounds.first(), Some(&1), "{:?}", report.rounds);
        assert!(
            report
                .hints
                .iter()
                .any(|h| h.starts_with("round 1 matches under dubov-2025 when the players are numbered by rating")),
            "{:?}",
            report.hints
        );
        found = true;
        break;
    }
    assert!(found, "no seed gave a Dubov tournament that the Dutch rules pair otherwise in most rounds");
}

/// The unofficial computer world championship of 2022 (a crosstable): 18 engines, 34 rounds, each
/// pair twice — a double round robin, which no Swiss system pairs.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_round_robin_is_named_as_such() {
    let shared = shared();
    let path = shared.join("corpus/fmjd/clpippel__tiebreak__2022-WK_(onofficieel)_Computerdammen_(Rapid).csv");
    let options = CheckOptions { system: Some(SystemId::FmjdRating.into()), ..CheckOptions::default() };
    let report = checked_with_hints(&path, &options);
    assert!(
        report.hints.iter().any(|h| h.contains("a double round robin: every pair of the 18 players met twice")),
        "{:?}",
        report.hints
    );
    // A Swiss event whose rounds mostly match gets no hint at all.
    let report = checked_with_hints(&shared.join("corpus/real/sklangen__TRF__2021_03.trf"), &CheckOptions::default());
    assert!(report.hints.is_empty(), "{:?}", report.hints);
}

/// sanichi's `valid.tab`: its scores fall with the player number (a list by final rank), and 3 of
/// its 5 rounds differ.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_file_numbered_by_final_rank_is_said_to_be() {
    let shared = shared();
    let report =
        checked_with_hints(&shared.join("corpus/real/sanichi__icu_tournament__valid.tab"), &CheckOptions::default());
    assert_eq!(report.summary.mismatched_rounds, [1, 2, 3]);
    assert!(report.hints.iter().any(|h| h.contains("looks numbered by final rank")), "{:?}", report.hints);
}

/// The folder audit in a terminal (docs/output.md, "Several files"): a file that matches is one
/// line, a file that differs its line and each differing round's verdict and why (the boards with
/// `--boards`), and the summary table fits the terminal's width (`COLUMNS`) counted in display
/// columns, a CJK event name two columns a character: at 200 columns every column is there, at 80
/// the event, dates, players and rounds not checked go and long names are shortened in the middle;
/// in both, every row's last column starts where its heading does, and every line above the table
/// fits as well (a long `why:` wrapped under its text; whole to a pipe). `-q` prints the table alone.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_folder_audit_fits_the_terminal_and_says_most_about_what_differs() {
    use unicode_width::UnicodeWidthStr;
    let shared = shared();
    let dir = month_of_submissions(&shared);
    let cjk = fs::read_to_string(sample("dutch-4p-2r.trf")).unwrap();
    let cjk: String = cjk
        .lines()
        .map(|l| {
            if l.starts_with("012") {
                "012 北京国际象棋公开赛 2026 Beijing Open".to_owned()
            } else {
                l.to_owned()
            }
        })
        .map(|l| l + "\n")
        .collect();
    let long = "week4/a_long_name_for_the_beijing_open_2026_final.trf";
    fs::create_dir_all(dir.path().join("week4")).unwrap();
    fs::write(dir.path().join(long), cjk).unwrap();
    let table_at = |columns: &str, extra: &[&str]| -> (String, Vec<String>) {
        let output = trfcheck().env("COLUMNS", columns).arg("check").args(extra).arg(dir.path()).output().unwrap();
        assert_eq!(output.status.code(), Some(3));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let table = stdout[stdout.find("\nFILE ").expect("a table") + 1..].to_owned();
        let rows = table.lines().take_while(|l| !l.starts_with("totals:")).map(str::to_owned).collect();
        (stdout, rows)
    };
    for (columns, width) in [("200", 200), ("80", 80)] {
        let (stdout, rows) = table_at(columns, &[]);
        let status_at = rows[0].width() - "STATUS".len();
        for row in &rows {
            assert!(row.width() <= width, "{} columns wide at {width}:\n{row}", row.width());
            let last = row.split_whitespace().last().unwrap();
            assert_eq!(row.width() - last.width(), status_at, "misaligned at {width}:\n{}", rows.join("\n"));
        }
        let totals = &stdout[stdout.find("totals:").unwrap()..];
        assert!(totals.lines().all(|l| l.width() <= width), "{totals}");
        // The verdicts above the table fit too, a long `why:` wrapped under its text.
        let wide: Vec<&str> = stdout.lines().filter(|l| l.width() > width).collect();
        assert!(wide.is_empty(), "lines wider than {width}:\n{}", wide.join("\n"));
        if width == 200 {
            assert!(rows[0].contains("EVENT") && rows[0].contains("DATES") && rows[0].contains("NOT CHECKED"));
            assert!(rows.iter().any(|r| r.contains("北京国际象棋公开赛")), "{}", rows.join("\n"));
            assert!(rows.iter().any(|r| r.starts_with(long)), "the whole name fits at 200");
        } else {
            assert!(!rows[0].contains("EVENT") && !rows[0].contains("DATES"), "{}", rows[0]);
            let shortened = rows.iter().find(|r| r.starts_with("week4/")).unwrap();
            assert!(shortened.contains('…') && shortened.split_whitespace().next().unwrap().ends_with("final.trf"));
        }
        // Each file once in the verdicts above the table: a match on one line; the differing
        // file's rounds with their reason and no boards.
        let verdicts = &stdout[..stdout.find("\nFILE ").unwrap()];
        let at = verdicts.find("match.trf: dutch-2025").expect("the matching file's line");
        assert!(!verdicts[at..].lines().nth(1).unwrap_or("").starts_with("  round"), "{verdicts}");
        assert!(verdicts.contains("differs.trf: ") && verdicts.contains("  round ") && verdicts.contains("    why: "));
        let boards = |text: &str| text.lines().any(|l| l.trim_start().starts_with("recorded "));
        assert!(!boards(verdicts), "no boards without --boards:\n{verdicts}");
    }
    // To a pipe (no `COLUMNS`) the lines are whole: the `why:` line that wraps at 80 is one line.
    let piped = trfcheck().arg("check").arg(dir.path()).output().unwrap();
    let piped = String::from_utf8(piped.stdout).unwrap();
    let why = piped.lines().find(|l| l.starts_with("    why: ") && l.width() > 80).expect("a why line over 80 columns");
    let (at_80, _) = table_at("80", &[]);
    let first_words: String = why.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
    let wrapped = at_80.lines().position(|l| l.starts_with(&format!("    {first_words}"))).expect("the why line at 80");
    assert!(at_80.lines().nth(wrapped + 1).unwrap().starts_with("         "), "{at_80}");
    let (stdout, _) = table_at("200", &["--boards"]);
    assert!(stdout.lines().any(|l| l.trim_start().starts_with("recorded ")), "{stdout}");
    // -q: the table and its totals alone.
    let (stdout, rows) = table_at("200", &["-q"]);
    assert!(stdout.starts_with("\nFILE "), "{stdout}");
    assert_eq!(rows.len(), 6);
}
