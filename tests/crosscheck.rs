//! `trfcheck crosscheck` run on programs whose pairings are known: trfcheck's own `pair` (no
//! difference), wrappers that break one thing (every round they touch differs, with trfcheck's
//! explanation, and the first is shrunk to a few players), and programs that fail in each way a
//! program can (docs/crosscheck.md); the parts of a run (`--shard`) merge into the whole run; the
//! `--report` page holds what the JSON report does.
#![cfg(unix)]

use serde_json::Value;

use crate::support::trfcheck;

fn crosscheck(engine: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--players", "8-16", "--rounds", "4-5", "--format", "json"])
        .args(["--engine", engine])
        .args(extra)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("no JSON: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code(), json)
}

fn pair_command() -> String {
    format!("'{}' pair --system dutch-2025", env!("CARGO_BIN_EXE_trfcheck"))
}

#[test]
fn trfchecks_own_pairing_has_no_difference_and_the_same_seed_gives_the_same_tournaments() {
    let engine = format!("{} {{in}} -o {{out}}", pair_command());
    let (code, json) = crosscheck(&engine, &["--tournaments", "4", "--seed", "7"]);
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(json["rounds_differing"], 0);
    assert_eq!(json["engine_failures"], 0);
    let (least, most) = (json["players"][0].as_u64().unwrap(), json["players"][1].as_u64().unwrap());
    assert!((8..=16).contains(&least) && (8..=16).contains(&most), "{json}");
    let rounds = json["rounds_paired"].as_u64().unwrap();
    assert!((16..=20).contains(&rounds), "every round of 4 tournaments of 4–5 rounds: {json}");
    let (_, again) = crosscheck(&engine, &["--tournaments", "4", "--seed", "7"]);
    assert_eq!((again["players"].clone(), again["rounds"].clone()), (json["players"].clone(), json["rounds"].clone()));
}

#[test]
fn a_program_that_swaps_the_colours_of_board_1_differs_in_every_round_and_each_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!(
        "{} {{in}} -o {{out}}.tmp && awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}",
        pair_command()
    );
    let save = dir.path().join("saved");
    let (code, json) = crosscheck(&engine, &["--tournaments", "2", "--seed", "3", "--save", save.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    let differences = json["differences"].as_array().unwrap();
    assert_eq!(differences.len() as u64, json["rounds_paired"].as_u64().unwrap(), "{json}");
    for d in differences {
        let severity = d["severity"].as_str().unwrap();
        assert!(matches!(severity, "colours" | "absolute"), "{d}");
        assert!(d["explanation"].as_str().unwrap().contains("board 1"), "{d}");
    }
    // The saved tournament differs under `check` as it did here.
    let file = differences[0]["file"].as_str().unwrap();
    trfcheck().args(["check", "--system", "dutch-2025", file]).assert().code(1);
    // Each tournament's first difference is shrunk (to two players: round 1's colours on a
    // board alone), and the shrunk tournament with the program's pairing differs under `check`.
    let shrunk: Vec<&Value> = differences.iter().filter(|d| d.get("shrunk").is_some()).collect();
    assert_eq!(shrunk.len(), 2, "one a tournament: {json}");
    for d in shrunk {
        let s = &d["shrunk"];
        assert_eq!(s["outcome"], "shrunk", "{s}");
        assert!(s["players"].as_u64().unwrap() <= 8, "{s}");
        assert_eq!(s["severity"], d["severity"], "{s}");
        assert!(s["explanation"].as_str().unwrap().contains("board 1"), "{s}");
        let paired = s["paired_file"].as_str().unwrap();
        trfcheck().args(["check", "--system", "dutch-2025", paired]).assert().code(1);
    }
    // The program's input for a differing round is that round to pair again (its absences kept,
    // the later rounds gone): `pair` pairs that round of it.
    let last = differences.last().unwrap();
    let input = last["input"].as_str().unwrap();
    let output = trfcheck().args(["pair", "--system", "dutch-2025", "--format", "json", input]).output().unwrap();
    let paired: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(paired["round"], last["round"], "{paired}");
}

#[test]
fn a_program_that_fails_is_counted_as_a_failure_never_as_a_pairing() {
    let failure = |engine: &str, extra: &[&str]| -> Value {
        let (code, json) = crosscheck(engine, &[&["--tournaments", "1"], extra].concat());
        assert_eq!(code, Some(1), "{json}");
        assert_eq!(json["rounds_paired"], 0, "{json}");
        json["failures"][0]["failure"].clone()
    };
    assert_eq!(failure("exit 3", &[])["kind"], "crashed");
    // A plain command line is started without a shell; a program not found is still the shell's
    // answer (127), as the same line through `sh -c` gives.
    let missing = failure("trfcheck-no-such-program {in} {out}", &[]);
    assert_eq!(missing["kind"], "crashed", "{missing}");
    assert!(missing["detail"].as_str().unwrap().contains("127"), "{missing}");
    assert_eq!(failure("echo hello > {out}", &[])["kind"], "unreadable");
    let illegal = failure("printf '1\\n1 2\\n' > {out}", &[]);
    assert_eq!(illegal["kind"], "illegal");
    assert!(illegal["detail"].as_str().unwrap().ends_with("is not paired"), "{illegal}");
    // The page of `--report` lists each failure with its kind and what happened.
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("failures.html");
    assert_eq!(failure("exit 3", &["--report", report.to_str().unwrap()])["kind"], "crashed");
    let page = scraper::Html::parse_document(&std::fs::read_to_string(&report).unwrap());
    let row = page.select(&scraper::Selector::parse("tr.failure").unwrap()).next().expect("a failure's row");
    assert_eq!(row.value().attr("data-kind"), Some("crashed"));
    assert!(row.text().collect::<String>().contains("the program failed: exit status: 3"), "{}", page.html());
    let started = std::time::Instant::now();
    assert_eq!(failure("sleep 30", &["--timeout", "0.3"])["kind"], "timed-out");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "the program was stopped");
}

/// A program that pairs as the rules do until two rounds are recorded, then flips the colours of
/// board 1 (player 1's 001 record reaches column 109 once it holds two rounds).
fn flip_from_round_three() -> String {
    format!(
        "{} {{in}} -o {{out}}.tmp && if [ \"$(awk '/^001/ {{print length($0); exit}}' {{in}})\" -ge 109 ]; then \
         awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}; else cp {{out}}.tmp {{out}}; fi",
        pair_command()
    )
}

#[test]
fn a_difference_from_round_three_on_is_shrunk_to_at_most_eight_players_keeping_two_rounds_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--players", "30-40", "--rounds", "5", "--format", "json"])
        .args(["--tournaments", "2", "--seed", "11", "--save", save.to_str().unwrap()])
        .args(["--engine", &flip_from_round_three()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let differences = json["differences"].as_array().unwrap();
    assert!(differences.iter().all(|d| d["round"].as_u64().unwrap() >= 3), "rounds 1 and 2 are the rules': {json}");
    let firsts: Vec<&Value> = differences.iter().filter(|d| d.get("shrunk").is_some()).collect();
    assert_eq!(firsts.len(), 2, "{json}");
    for d in firsts {
        assert_eq!(d["round"], 3, "{d}");
        let s = &d["shrunk"];
        assert_eq!(s["outcome"], "shrunk", "{s}");
        assert!(s["players"].as_u64().unwrap() <= 8, "{s}");
        // The program flips nothing before two rounds are recorded, so two are kept.
        assert_eq!(s["rounds_before"], 2, "{s}");
        assert_eq!(s["round"], 3, "{s}");
        assert_eq!(s["finished"], true, "{s}");
        // The shrunk input has the players and rounds reported, and the program, run on it again,
        // pairs its round 3 as in the paired file, which `check` shows differing.
        let input = std::fs::read_to_string(s["file"].as_str().unwrap()).unwrap();
        assert_eq!(input.lines().filter(|l| l.starts_with("001")).count() as u64, s["players"].as_u64().unwrap());
        let paired = s["paired_file"].as_str().unwrap();
        let check = trfcheck().args(["check", "--system", "dutch-2025", "--format", "json", paired]).output().unwrap();
        let report: Value = serde_json::from_slice(&check.stdout).unwrap();
        let round = report["rounds"].as_array().unwrap().iter().find(|r| r["round"] == 3).unwrap().clone();
        assert_eq!(round["status"], "mismatch", "{report}");
        assert_eq!(round["severity"], d["severity"], "{report}");
    }
}

#[test]
fn the_parts_of_a_run_merge_into_the_whole_run_and_a_part_missing_or_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let engine = flip_from_round_three();
    let run = |extra: &[&str]| -> Value {
        let output = trfcheck()
            .args(["crosscheck", "--system", "dutch-2025", "--players", "10-16", "--rounds", "4", "--format", "json"])
            .args(["--tournaments", "5", "--seed", "2", "--no-shrink", "--engine", &engine])
            .args(extra)
            .output()
            .unwrap();
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let whole = run(&["--jobs", "1"]);
    assert_eq!(run(&["--jobs", "2"])["differences"], whole["differences"], "the jobs change nothing but the time");
    let mut parts = Vec::new();
    for k in 1..=3 {
        let part = run(&["--shard", &format!("{k}/3")]);
        let path = dir.path().join(format!("part-{k}.json"));
        std::fs::write(&path, part.to_string()).unwrap();
        parts.push(path.to_str().unwrap().to_owned());
    }
    let merge =
        |files: &[&String]| trfcheck().args(["crosscheck", "merge", "--format", "json"]).args(files).output().unwrap();
    let merged = merge(&parts.iter().collect::<Vec<_>>());
    assert_eq!(merged.status.code(), Some(1), "{}", String::from_utf8_lossy(&merged.stderr));
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    for field in ["tournaments", "players", "rounds", "rounds_paired", "rounds_differing", "differences", "failures"] {
        assert_eq!(merged[field], whole[field], "{field}");
    }
    assert!(merged.get("shard").is_none());
    // The merge's page is the whole run's.
    let page = dir.path().join("merged.html");
    let (flag, path) = ("--report".to_owned(), page.to_str().unwrap().to_owned());
    let with_page: Vec<&String> = parts.iter().chain([&flag, &path]).collect();
    assert_eq!(merge(&with_page).status.code(), Some(1));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(&format!("<span data-figure=\"tournaments\">{}</span>", whole["tournaments"])), "{html}");
    assert!(html.contains("(the parts' summed)"), "the wall time of a merge is the parts'");
    let missing = merge(&[&parts[0], &parts[2]]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("parts missing (of 3): 2"));
    let twice = merge(&[&parts[0], &parts[1], &parts[1], &parts[2]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("part 2/3 is given twice"));
}

#[test]
fn the_generator_takes_the_options_of_generate_and_the_files_carry_them() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    let engine = format!(
        "{} {{in}} -o {{out}}.tmp && awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}",
        pair_command()
    );
    let (code, json) = crosscheck(
        &engine,
        &[
            "--tournaments",
            "1",
            "--no-shrink",
            "--points",
            "3,1,0",
            "--forfeit-rate",
            "0.4",
            "--tie-breaks",
            "BH/C1,SB",
            "--save",
            save.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{json}");
    let generator = json["rtg_options"].as_str().unwrap();
    assert!(generator.contains("--forfeit-rate 0.4") && generator.contains("--points 3.0,1.0,0.0"), "{generator}");
    assert!(generator.contains("--tie-breaks BH/C1,SB"), "{generator}");
    let file = std::fs::read_to_string(json["differences"][0]["file"].as_str().unwrap()).unwrap();
    assert!(file.lines().any(|l| l.starts_with("162")), "the point system declared:\n{file}");
    assert!(file.lines().any(|l| l.starts_with("212")), "the tie-breaks declared:\n{file}");
    let forfeits =
        file.lines().filter(|l| l.starts_with("001")).filter(|l| l.contains(" + ") || l.contains(" - ")).count();
    assert!(forfeits > 0, "forfeits drawn at 40 %:\n{file}");
}

#[test]
fn a_round_the_rules_cannot_pair_either_ends_the_tournament_without_a_failure() {
    // Four players meet each other in three rounds (the three perfect matchings of four); no
    // fourth round satisfies C.04.1's absolute criteria, and `pair` says so with exit 1.
    let engine = format!("{} {{in}} -o {{out}}", pair_command());
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--players", "4", "--rounds", "4", "--format", "json"])
        .args(["--bye-rate", "0", "--withdraw-rate", "0", "--forfeit-rate", "0", "--tournaments", "2"])
        .args(["--engine", &engine])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["engine_failures"], 0, "{json}");
    assert_eq!(json["rounds_paired"], 6, "{json}");
    let unpairable = json["unpairable"].as_array().unwrap();
    assert_eq!(unpairable.len(), 2, "{json}");
    assert!(unpairable.iter().all(|u| u["round"] == 4), "{json}");
    // A program that gives up on round 1, which the rules can pair, has failed.
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--players", "4", "--rounds", "4", "--format", "json"])
        .args(["--tournaments", "1", "--engine", "exit 1"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    assert_eq!(json["failures"][0]["failure"]["kind"], "crashed", "{json}");
}

#[test]
fn the_program_s_own_tournaments_are_checked_with_generator() {
    // trfcheck's `generate` as the other program's generator: every round matches. A generator
    // that writes no tournament has failed.
    let generator = format!(
        "'{}' generate --system dutch-2025 --players 12 --rounds 4 --seed {{seed}} -o {{out}}",
        env!("CARGO_BIN_EXE_trfcheck")
    );
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--tournaments", "3", "--format", "json"])
        .args(["--generator", &generator])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    assert_eq!(json["direction"], "generates");
    assert_eq!(json["rounds_paired"], 12, "{json}");
    assert_eq!(json["players"][0], 12, "{json}");
    assert!(json.get("ranges").is_none() && json.get("rtg_options").is_none(), "{json}");
    // A program that pairs by other rules (Dubov's) differs, each round explained, and the
    // tournament is saved as it wrote it.
    let dir = tempfile::tempdir().unwrap();
    let other = generator.replace("generate --system dutch-2025", "generate --system dubov-2025");
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--tournaments", "3", "--format", "json"])
        .args(["--generator", &other, "--save", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    let differences = json["differences"].as_array().unwrap();
    assert!(!differences.is_empty(), "{json}");
    assert!(differences.iter().all(|d| d["explanation"].as_str().is_some_and(|e| !e.is_empty())), "{json}");
    let saved = std::fs::read_to_string(differences[0]["file"].as_str().unwrap()).unwrap();
    assert!(saved.contains("FIDE_DUBOV"), "the program's file as it wrote it");
    let output = trfcheck()
        .args(["crosscheck", "--system", "dutch-2025", "--tournaments", "2", "--format", "json"])
        .args(["--generator", "echo 012 nothing > {out}"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    assert_eq!(json["failures"][0]["failure"]["kind"], "no-tournament", "{json}");
    assert_eq!(json["failures"][0]["round"], 0, "{json}");
}

#[test]
fn a_difference_the_program_does_not_make_again_on_its_input_is_not_reproduced() {
    // The program swaps the colours of board 1 on its first call only.
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("called");
    let engine = format!(
        "{} {{in}} -o {{out}}.tmp && if [ -e '{flag}' ]; then cp {{out}}.tmp {{out}}; else touch '{flag}' && \
         awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}; fi",
        pair_command(),
        flag = flag.display()
    );
    let (code, json) = crosscheck(&engine, &["--tournaments", "1"]);
    assert_eq!(code, Some(1), "{json}");
    let differences = json["differences"].as_array().unwrap();
    assert_eq!(differences.len(), 1, "{json}");
    assert_eq!(differences[0]["round"], 1, "{json}");
    assert_eq!(differences[0]["shrunk"], serde_json::json!({"outcome": "not-reproduced"}), "{json}");
}

/// `--report FILE.html`: the endorsement report as one page, beside the JSON of the same run: the
/// figures as the JSON gives them, every difference with its explanation and saved files, each
/// shrunk one with its reproducer, and the program's command line (the one text of the page the
/// user wrote, here with HTML in a shell comment) escaped wherever it is shown.
#[test]
fn the_html_report_holds_the_figures_and_every_difference_and_escapes_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("endorsement.html");
    let save = dir.path().join("saved");
    let engine = format!(
        "{} {{in}} -o {{out}}.tmp && awk 'NR==2 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}} # <b>&",
        pair_command()
    );
    let (code, json) = crosscheck(
        &engine,
        &["--tournaments", "2", "--seed", "3", "--save", save.to_str().unwrap(), "--report", report.to_str().unwrap()],
    );
    assert_eq!(code, Some(1), "{json}");
    let html = std::fs::read_to_string(&report).unwrap();
    let page = scraper::Html::parse_document(&html);
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let text = |e: scraper::ElementRef<'_>| e.text().collect::<String>();
    // Self-contained, as the check report is: no script, nothing from elsewhere, no link out.
    assert_eq!(page.select(&select("script, link, img, iframe, object, embed")).count(), 0);
    assert!(page.select(&select("[href], [src]")).all(|e| e.value().attr("href").is_some_and(|h| h.starts_with('#'))));
    // The record: trfcheck's version, when it ran, and the command line.
    let record: Vec<String> = page.select(&select("dl.record dd")).map(text).collect();
    assert_eq!(record[0], env!("CARGO_PKG_VERSION"));
    assert!(record[1].len() == 25 && record[1].as_bytes()[10] == b'T', "RFC 3339 with an offset: {}", record[1]);
    assert!(
        record[2].starts_with("trfcheck --color never crosscheck ") && record[2].contains("--report"),
        "{}",
        record[2]
    );
    // The figures of the endorsement form.
    let figure = |name: &str| -> String {
        page.select(&select(&format!("[data-figure=\"{name}\"]"))).next().map(text).unwrap_or_default()
    };
    for name in ["tournaments", "rounds_paired", "rounds_differing", "engine_failures"] {
        assert_eq!(figure(name), json[name].to_string(), "{name}");
    }
    let number = |name: &str| figure(name).parse::<f64>().unwrap_or(f64::NAN);
    assert_eq!(number("differences_per_500"), json["differences_per_500"].as_f64().unwrap());
    for (i, which) in ["least", "most", "mean"].into_iter().enumerate() {
        assert_eq!(number(&format!("players_{which}")), json["players"][i].as_f64().unwrap(), "players {which}");
        assert_eq!(number(&format!("rounds_{which}")), json["rounds"][i].as_f64().unwrap(), "rounds {which}");
    }
    for name in ["engine_seconds", "trfcheck_seconds", "shrink_seconds", "wall_seconds"] {
        assert!((number(name) - json[name].as_f64().unwrap()).abs() < 0.006, "{name}: {}", figure(name));
    }
    assert_eq!(figure("unpairable"), "0");
    // Every difference, in the JSON's order, with its severity, explanation and saved files.
    let differences = json["differences"].as_array().unwrap();
    let rows: Vec<scraper::ElementRef<'_>> = page.select(&select("tr.difference")).collect();
    assert_eq!(rows.len(), differences.len(), "{json}");
    for (row, d) in rows.iter().zip(differences) {
        let attr = |name: &str| row.value().attr(name).unwrap_or_default().to_owned();
        assert_eq!(
            (attr("data-tournament"), attr("data-round")),
            (d["tournament"].to_string(), d["round"].to_string())
        );
        assert_eq!(attr("data-severity"), d["severity"].as_str().unwrap());
        assert_eq!(text(row.select(&select("td.why")).next().unwrap()), d["explanation"].as_str().unwrap());
        let files = text(row.select(&select("td.files")).next().unwrap());
        assert!(files.contains(d["file"].as_str().unwrap()) && files.contains(d["input"].as_str().unwrap()), "{files}");
    }
    // Each tournament's first difference with its smallest reproducer: its size, its difference
    // and its files.
    let shrunk: Vec<&Value> = differences.iter().filter(|d| d.get("shrunk").is_some()).collect();
    let reproducers: Vec<String> = page.select(&select("tr.reproducer")).map(text).collect();
    assert_eq!(reproducers.len(), shrunk.len(), "{json}");
    for (reproducer, d) in reproducers.iter().zip(shrunk) {
        let s = &d["shrunk"];
        assert!(reproducer.contains(&format!("shrunk to {} players", s["players"])), "{reproducer}");
        assert!(reproducer.contains(s["explanation"].as_str().unwrap()), "{reproducer}");
        assert!(reproducer.contains(s["paired_file"].as_str().unwrap()), "{reproducer}");
    }
    // The program's command line is text, not markup: no element comes of its `<b>`, the page
    // shows it as it was given, and its `<b>&` is nowhere in the page as written.
    assert_eq!(page.select(&select("b")).count(), 0, "{html}");
    assert!(!html.contains("<b>&"), "{html}");
    let program = page.select(&select("dl.record dd code")).map(text).find(|c| c.ends_with("# <b>&"));
    assert_eq!(program.as_deref(), Some(engine.as_str()));
    assert!(text(page.select(&select("h1")).next().unwrap()).contains(&engine));
}

/// A `--report` that is not an .html file is a usage error, and one that could not be written,
/// or is one of the parts a merge reads, is refused with exit 5: both before any work.
#[test]
fn a_report_that_could_not_be_written_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let run = |report: &std::path::Path| {
        trfcheck()
            .args(["crosscheck", "--system", "dutch-2025", "--tournaments", "1", "--engine", "exit 3", "--report"])
            .arg(report)
            .output()
            .unwrap()
    };
    let csv = run(&dir.path().join("report.csv"));
    assert_eq!(csv.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&csv.stderr).contains("an .html file"), "{}", String::from_utf8_lossy(&csv.stderr));
    assert!(csv.stdout.is_empty(), "no run");
    let nowhere = run(&dir.path().join("missing").join("report.html"));
    assert_eq!(nowhere.status.code(), Some(5));
    assert!(nowhere.stdout.is_empty(), "no run");
    // (A part is read whatever its name: here one the page could be written to.)
    let part = dir.path().join("part.html");
    std::fs::write(&part, "{}").unwrap();
    let merge = trfcheck().args(["crosscheck", "merge"]).arg(&part).arg("--report").arg(&part).output().unwrap();
    assert_eq!(merge.status.code(), Some(5), "{}", String::from_utf8_lossy(&merge.stderr));
    assert_eq!(std::fs::read_to_string(&part).unwrap(), "{}", "the part is left as it was");
}

/// A team system: the program reads the team file (310 teams, 240 team byes, 320, 330, …) and
/// writes the JaVaFo layout with team numbers, the first team named taking White on board 1, as
/// `trfcheck pair` writes a team round. trfcheck's own `pair` agrees in every round; a wrapper that
/// names the two teams of the first match the other way round differs in every round on colours,
/// each explained by C.04.6's colour rules (4.3.x), and is not shrunk (a team tournament is not
/// cut down player by player). The text report counts teams.
#[test]
fn a_team_program_is_checked_match_by_match() {
    for system in ["team-2025", "team-2024"] {
        let pair = format!("'{}' pair --system {system}", env!("CARGO_BIN_EXE_trfcheck"));
        let run = |engine: &str, format: &str| {
            trfcheck()
                .args(["crosscheck", "--system", system, "--players", "8-14", "--rounds", "4-6"])
                .args(["--tournaments", "3", "--seed", "2", "--format", format, "--engine", engine])
                .output()
                .unwrap()
        };
        let json = |output: &std::process::Output| -> Value {
            serde_json::from_slice(&output.stdout)
                .unwrap_or_else(|_| panic!("no JSON: {}", String::from_utf8_lossy(&output.stderr)))
        };
        let agreeing = run(&format!("{pair} {{in}} -o {{out}}"), "json");
        let report = json(&agreeing);
        assert_eq!(agreeing.status.code(), Some(0), "{report}");
        assert_eq!((report["rounds_differing"].as_u64(), report["engine_failures"].as_u64()), (Some(0), Some(0)));
        let paired = report["rounds_paired"].as_u64().unwrap();
        assert!((12..=18).contains(&paired), "every round of 3 tournaments of 4–6 rounds: {report}");
        let swap = format!(
            "{pair} {{in}} -o {{out}}.tmp && awk 'NR==2 && $2 != 0 {{print $2, $1; next}} {{print}}' {{out}}.tmp > {{out}}"
        );
        let swapped = run(&swap, "json");
        let report = json(&swapped);
        assert_eq!(swapped.status.code(), Some(1), "{report}");
        let differences = report["differences"].as_array().unwrap();
        assert_eq!(differences.len() as u64, report["rounds_paired"].as_u64().unwrap(), "{report}");
        for d in differences {
            assert_eq!(d["severity"], "colours", "{d}");
            assert!(d["explanation"].as_str().unwrap().contains(" 4.3."), "{d}");
            assert!(d["shrunk"].is_null(), "{d}");
        }
        let text = String::from_utf8(run(&format!("{pair} {{in}} -o {{out}}"), "text").stdout).unwrap();
        assert!(text.contains("); teams "), "{text}");
    }
}
