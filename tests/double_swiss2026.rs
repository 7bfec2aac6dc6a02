//! The Double-Swiss system of 2026 (C.04.5): the fast engine held to the literal reference, whole
//! rounds derived by hand from the text, the Preface's forfeited matches, the file's two columns
//! a match, and generate → check.

use std::collections::BTreeSet;
use std::path::Path;

use trfcheck::exit::Status;
use trfcheck::formats::{self, ReadOptions};
use trfcheck::model::Tournament;
use trfcheck::report::RoundStatus;
use trfcheck::systems::SystemId;
use trfcheck::systems::double_swiss::{DoubleSwiss2026, DoubleSwiss2026Literal};
use trfcheck::verify::{self, CheckOptions};

use crate::support::Agreement;

/// Random Double-Swiss tournaments of up to twelve players (the literal reference enumerates every
/// pairing of a bracket), compared on every match; `DOUBLE_SWISS_CASES_FACTOR=10` runs ten times as
/// many.
#[test]
fn fast_engine_agrees_with_the_literal_reference() {
    let compared = Agreement {
        system: SystemId::DoubleSwiss2026,
        players: 2..=12,
        rounds: 1..=7,
        cases: 2000,
        factor: "DOUBLE_SWISS_CASES_FACTOR",
        baku_code: Some("FIDE_DOUBLESWISS_BAKU"),
        fast: &DoubleSwiss2026,
        literal: &DoubleSwiss2026Literal,
        compares: |_| true,
        tune: |_| {},
    }
    .run();
    eprintln!("double-swiss-2026 fast vs literal: {compared} matches compared");
    assert!(compared > 4000, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Rounds derived by hand from the text.

/// A Double-Swiss file: the header, then player `i` (rated `2700 − 100 i`) with the round columns
/// of `cells[i − 1]`, two a match, as TRF writes them (`   4 w 1`, `0000 - U`); the Points column
/// is their sum (`1 +` and `U` a point, `= H` half).
fn ds_file(total_matches: u32, extra: &[&str], cells: &[&[&str]]) -> String {
    let mut out = vec![
        "012 trfcheck Double-Swiss example".to_owned(),
        "042 2026/03/01".to_owned(),
        "092 Individual: Double-Swiss".to_owned(),
        "192 FIDE_DOUBLESWISS".to_owned(),
        format!("142 {}", 2 * total_matches),
    ];
    out.extend(extra.iter().map(|line| (*line).to_owned()));
    for (index, player) in cells.iter().enumerate() {
        let id = index + 1;
        let tenths: i64 = player
            .iter()
            .map(|cell| match cell.chars().last() {
                Some('1' | '+' | 'U') => 10,
                Some('=' | 'H') => 5,
                _ => 0,
            })
            .sum();
        let points = trfcheck::model::Points::from_tenths(tenths);
        let rating = 2700 - 100 * id;
        let name = format!("Player {id:03}");
        let cells: String = player.iter().map(|cell| format!("  {cell}")).collect();
        out.push(format!(
            "001 {id:>4} m    {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {:>4}{cells}",
            "", "", "", ""
        ));
    }
    out.join("\n") + "\n"
}

fn read(text: &str) -> Tournament {
    crate::support::read_valid("double-swiss.trf", text)
}

/// The next match: the system, the matches as `(White in the first game, Black)`, and the PAB.
fn next_match(text: &str) -> (SystemId, BTreeSet<(u32, u32)>, Option<u32>) {
    crate::support::next_round("double-swiss.trf", text)
}

/// Match 1 of seven players, the initial-colour drawn Black (152). 3.4: everyone has 0 points and
/// no match, so the PAB goes to the largest TPN, 7 (3.4.4), whose bye leaves a legal pairing.
/// 3.5: one scoregroup, no upfloaters. 3.6: the first pairing by identifier (3.6.2) of 1–6 is
/// 1-4 2-5 3-6 (identifier 1 2 3 4 5 6), and [C1], [C8] exclude nothing. 4.3.1: in each pair the
/// higher-ranked player (4.2: same score, smaller TPN) is 1, 2, 3; an odd TPN gets the
/// initial-colour, Black: 4-1, 6-3; 2 the opposite, White: 2-5.
#[test]
fn the_first_match_pairs_the_halves_and_colours_by_tpn_parity() {
    let text = ds_file(3, &["152 B"], &[&[], &[], &[], &[], &[], &[], &[]]);
    let (system, games, bye) = next_match(&text);
    assert_eq!(system, SystemId::DoubleSwiss2026);
    assert_eq!(games, BTreeSet::from([(4, 1), (2, 5), (6, 3)]));
    assert_eq!(bye, Some(7));
}

/// Baku acceleration (C.04.7) with a match as the round. Eight players, four matches: GA is the
/// first half rounded up to an even number, 4 (1.2); the accelerated rounds are the first half of
/// the matches, 2, and in the first half of those, match 1, GA has the points of a won match, 2
/// (1.4.2; reading 7 of docs/double-swiss.md). So match 1 pairs {1, 2, 3, 4} (2 virtual points)
/// apart from {5, 6, 7, 8}: 1-3 2-4 and 5-7 6-8 by identifier (3.6.2), where without acceleration
/// it is 1-5 2-6 3-7 4-8. Colours 4.3.1, the initial-colour White: the higher-ranked players 1 and
/// 5 (odd) White, 2 and 6 (even) Black.
#[test]
fn baku_acceleration_gives_a_match_win_in_virtual_points() {
    let eight: &[&[&str]] = &[&[], &[], &[], &[], &[], &[], &[], &[]];
    let text = ds_file(4, &["152 W"], eight).replace("192 FIDE_DOUBLESWISS", "192 FIDE_DOUBLESWISS_BAKU");
    let (_, games, bye) = next_match(&text);
    assert_eq!((games, bye), (BTreeSet::from([(1, 3), (4, 2), (5, 7), (8, 6)]), None));
    let (_, games, _) = next_match(&ds_file(4, &["152 W"], eight));
    assert_eq!(games, BTreeSet::from([(1, 5), (6, 2), (3, 7), (8, 4)]));
}

/// Five players after match 1 of `forfeits_and_the_pab_decide_whole_matches`: 1 beats 3 twice, 4
/// forfeits both games against 2, 5 has the PAB.
const AFTER_MATCH_1: &[&[&str]] = &[
    &["   3 w 1", "   3 b 1"],
    &["   4 b +", "   4 w +"],
    &["   1 b 0", "   1 w 0"],
    &["   2 w -", "   2 b -"],
    &["0000 - U", "0000 - H"],
];

/// Five players, four matches. Match 1 (as the first match above, initial White): PAB 5 (`U H`,
/// 1.5 points, 1.4); 1-3, 1 wins both games; 4-2, 4 forfeits both games — a match "ends by
/// forfeit" (Preface): 2 won it by forfeit, and neither played a game, so neither had a colour
/// (1.6). Before match 2: 1 and 2 have 2 points, 5 1.5, 3 and 4 none.
///
/// Match 2, by hand. 3.4: [C2] bars 5 (the PAB) and 2 (a match won by forfeit); of 1, 3, 4 the
/// lowest score is 3's and 4's, and 3 has played more matches (one; 4's match was forfeited):
/// 3.4.3 gives 3 the PAB. 3.5: the top-scoregroup {1, 2} pairs alone (1-2 never met): no upfloater
/// ([C4]). Colours: the higher-ranked player is 1 (same score, smaller TPN); 1 had White, 2 no
/// colour, so 4.3.2 (the lower number of Whites) gives 2 White: 2-1. Then {5} takes the one
/// upfloater left, 4: neither has played a match (4.3.1), the higher-ranked player 5 (more points)
/// has an odd TPN and gets the initial-colour, White: 5-4.
///
/// Match 2 played: 2-1, 2 wins the first game, the second is drawn (2 3.5, 1 2.5); 5-4, 4 wins both
/// (4 2 points, 5 1.5, and both floated: 1.5 against 0); 3 has the PAB (1.5).
///
/// Match 3, by hand. 3.4: [C2] bars 5, 2 and 3; of 1 (2.5) and 4 (2) the lowest score is 4's, and
/// its bye leaves 1-5 2-3 legal: PAB 4. 3.5: {2} (3.5) needs one upfloater ([C4]); [C5] wants the
/// highest score, 1 (2.5), but 1 met 2 (C1); of the 1.5-point players, 5 would leave 1 and 3, who
/// met ([C3]), so the set is {3}: 2-3; 4.3.2: 3 has no White, 2 one: 3-2. Then {1} with 5: both
/// had one White; 4.3.3 alternates from their last matches, where 1 had Black and 5 White: 1-5.
#[test]
fn forfeits_and_the_pab_decide_whole_matches() {
    let (_, games, bye) = next_match(&ds_file(4, &["152 W"], AFTER_MATCH_1));
    assert_eq!(games, BTreeSet::from([(2, 1), (5, 4)]));
    assert_eq!(bye, Some(3));
    let m2: &[&[&str]] = &[
        &["   3 w 1", "   3 b 1", "   2 b 0", "   2 w ="],
        &["   4 b +", "   4 w +", "   1 w 1", "   1 b ="],
        &["   1 b 0", "   1 w 0", "0000 - U", "0000 - H"],
        &["   2 w -", "   2 b -", "   5 b 1", "   5 w 1"],
        &["0000 - U", "0000 - H", "   4 w 0", "   4 b 0"],
    ];
    let (_, games, bye) = next_match(&ds_file(4, &["152 W"], m2));
    assert_eq!(games, BTreeSet::from([(3, 2), (1, 5)]));
    assert_eq!(bye, Some(4));
}

/// A record that gives match 2's PAB to 4 instead of 3 (the position above) is told by 3.4: both
/// have no points, 3 has played a match and 4 has not (3.4.3), a quality difference.
#[test]
fn a_pab_given_against_3_4_3_is_explained_by_it() {
    let record: &[&[&str]] = &[
        &["   3 w 1", "   3 b 1", "   2 b 0", "   2 w ="],
        &["   4 b +", "   4 w +", "   1 w 1", "   1 b ="],
        &["   1 b 0", "   1 w 0", "   5 b 0", "   5 w 0"],
        &["   2 w -", "   2 b -", "0000 - U", "0000 - H"],
        &["0000 - U", "0000 - H", "   3 w 1", "   3 b 1"],
    ];
    let report = check_text(&ds_file(4, &["152 W"], record));
    let round = |k: u32| report.rounds.iter().find(|r| r.round == k).unwrap();
    assert_eq!(round(1).status, RoundStatus::Match);
    assert_eq!(round(2).status, RoundStatus::Mismatch);
    assert_eq!(round(2).criterion.as_deref(), Some("3.4"), "{:?}", round(2).explanation);
    assert_eq!(round(2).severity, Some(trfcheck::systems::Severity::Quality));
    let text = round(2).explanation.clone().unwrap_or_default();
    assert!(text.contains("player 3 (0.0 points, 1 match played), not player 4 (0.0 points, 0 matches"), "{text}");
}

/// The command line on the position of `forfeits_and_the_pab_decide_whole_matches` after match 1:
/// `pair` prints match 2 (one line a match, White in its first game, the PAB as `3 0`), and
/// `check --format json` names the system and counts matches as rounds.
#[test]
fn pair_and_check_on_the_command_line_count_matches() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("double-swiss.trf");
    std::fs::write(&path, ds_file(4, &["152 W"], AFTER_MATCH_1)).unwrap();
    let pair = crate::support::trfcheck().arg("pair").arg(&path).output().unwrap();
    assert_eq!(pair.status.code(), Some(0), "{}", String::from_utf8_lossy(&pair.stderr));
    let printed = String::from_utf8_lossy(&pair.stdout).into_owned();
    let lines: BTreeSet<&str> = printed.lines().skip(1).collect();
    assert_eq!(lines, BTreeSet::from(["2 1", "5 4", "3 0"]), "{printed}");
    let check = crate::support::trfcheck().args(["check", "--format", "json"]).arg(&path).output().unwrap();
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&check.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(report["system"], "double-swiss-2026", "{report}");
    assert_eq!(report["summary"]["rounds_recorded"], 1, "{report}");
    assert_eq!((&report["event"]["rounds"], &report["event"]["rounds_declared"]), (&1.into(), &4.into()), "{report}");
}

/// The Preface: "A match ends by forfeit only if at least one player forfeits both games. In this
/// case, the same pairing may be repeated"; otherwise the match counts as played. Two players, two
/// matches: after a forfeited match they meet again, neither having a colour (1.6), so 4.3.1 gives
/// the higher-ranked player, 1 (two points), the initial-colour, White. After a match in which 2
/// forfeited one game only, or each forfeited one, they have met ([C1]): no legal pairing.
#[test]
fn only_a_forfeited_match_may_be_repeated() {
    let forfeited = ds_file(2, &["152 W"], &[&["   2 w +", "   2 b +"], &["   1 b -", "   1 w -"]]);
    let (_, games, bye) = next_match(&forfeited);
    assert_eq!((games, bye), (BTreeSet::from([(1, 2)]), None));
    for (one, two) in
        [(["   2 w +", "   2 b 1"], ["   1 b -", "   1 w 0"]), (["   2 w +", "   2 b -"], ["   1 b -", "   1 w +"])]
    {
        let text = ds_file(2, &["152 W"], &[&one, &two]);
        let t = read(&text);
        assert!(
            matches!(verify::pair_next(&t, None), Err(verify::PairError::NoValidPairing { round: 2, .. })),
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The file, identify, and generate → check.

fn check_text(text: &str) -> trfcheck::report::CheckReport {
    let options = CheckOptions { jobs: Some(1), ..CheckOptions::default() };
    verify::check_bytes(Path::new("double-swiss.trf"), text.as_bytes(), &options).1
}

/// A match whose two columns do not make one match is an error (`split-match`), and the file is
/// not checked.
#[test]
fn the_two_columns_of_a_match_must_make_one_match() {
    let split = ds_file(
        2,
        &["152 W"],
        &[&["   2 w 1", "   3 b 1"], &["   1 b 0", "   4 w 1"], &["   4 w 1", "   1 w 0"], &["   3 b 0", "   2 b 0"]],
    );
    let report = check_text(&split);
    assert_eq!(report.status, Status::Invalid);
    assert!(report.diagnostics.iter().any(|d| d.code.id() == "split-match"), "{:?}", report.diagnostics);
}

/// generate → check is clean match by match, `identify` finds the system from the columns alone,
/// and a match changed in both its columns (colours swapped, or opponents exchanged between two
/// matches) is caught in that match, the matches before it still agreeing.
#[test]
fn generated_events_check_clean_and_a_changed_match_is_caught() {
    use trfcheck::generate::{self, GenerateOptions};
    for seed in 0..12u64 {
        let mut options = GenerateOptions::new(SystemId::DoubleSwiss2026, 9 + seed as u32 * 3, 7, seed);
        options.forfeit_rate = if seed % 2 == 0 { 0.15 } else { 0.02 };
        options.bye_rate = 0.05;
        let Ok(t) = generate::generate(&options) else { continue };
        let text = formats::trf::write(&t).0;
        let report = check_text(&text);
        assert_eq!(report.status, Status::Ok, "seed {seed}: {:?}\n{text}", report.rounds);
        assert_eq!(report.summary.rounds_checked, 7, "seed {seed}");
        let mut no_code = t.clone();
        no_code.header.system_code = None;
        let found = trfcheck::identify::identify(&no_code, 1);
        assert_eq!(found[0].system, SystemId::DoubleSwiss2026, "seed {seed}");
        assert_eq!(found[0].matching.len(), 7, "seed {seed}");

        let k = 2 + (seed as u32 % 5);
        let mutated = if seed % 3 == 0 { exchange_opponents(&t, k) } else { swap_colours(&t, k) };
        let Some(mutated) = mutated else { continue };
        let text = formats::trf::write(&mutated).0;
        let loaded = formats::read_bytes(Path::new("m.trf"), text.as_bytes(), ReadOptions::default());
        assert!(loaded.valid_tournament().is_some());
        let report = check_text(&text);
        let status = |round: u32| report.rounds.iter().find(|r| r.round == round).map(|r| r.status);
        assert_eq!(status(k), Some(RoundStatus::Mismatch), "seed {seed}, match {k}: {:?}", report.rounds);
        for earlier in 1..k {
            assert_eq!(status(earlier), Some(RoundStatus::Match), "seed {seed}, match {earlier}");
        }
    }
}

/// The committed sample was made by the command in its `###` line, and must stay so (the seed's
/// draws and the engine's pairings); it shows what a Double-Swiss file holds — a PAB written `U H`,
/// a match forfeited entirely, single forfeited games, draws — and checks clean match by match.
#[test]
fn the_sample_is_reproduced_by_its_command_and_checks_clean() {
    let golden = std::fs::read_to_string(crate::support::sample("generated-double-swiss-2026.trf")).unwrap();
    let command = golden.lines().find_map(|l| l.strip_prefix("### trfcheck ")).unwrap();
    crate::support::trfcheck().args(command.split(' ')).assert().code(0).stdout(golden.clone());
    for shown in ["0000 - U  0000 - H", " = ", " -  ", " + "] {
        assert!(golden.contains(shown), "the sample should show `{shown}`");
    }
    let report = check_text(&golden);
    assert_eq!((report.status, report.summary.rounds_checked), (Status::Ok, 5), "{:?}", report.rounds);
}

/// The played matches of match `k`: (White in game 1, Black), both games played over the board.
fn played_matches(t: &Tournament, k: u32) -> Vec<(u32, u32)> {
    use trfcheck::model::{Colour, EntryKind};
    let (g1, g2) = (2 * k - 1, 2 * k);
    t.players
        .iter()
        .filter_map(|p| match (p.round(g1).kind(), p.round(g2).kind()) {
            (EntryKind::Played { opponent, colour: Colour::White, .. }, EntryKind::Played { opponent: again, .. })
                if opponent == again =>
            {
                Some((p.id, opponent))
            }
            _ => None,
        })
        .collect()
}

fn rescored(mut t: Tournament) -> Tournament {
    let system = t.point_system.clone();
    for p in &mut t.players {
        p.points = Some(p.points_from_results(&system));
    }
    t
}

/// Match `k` with the colours of its first played match swapped in both games.
fn swap_colours(t: &Tournament, k: u32) -> Option<Tournament> {
    let &(white, black) = played_matches(t, k).first()?;
    let mut out = t.clone();
    for id in [white, black] {
        let player = out.players.iter_mut().find(|p| p.id == id)?;
        for g in [2 * k - 2, 2 * k - 1] {
            let entry = &mut player.rounds[g as usize];
            entry.colour = entry.colour.map(|c| c.opposite());
        }
    }
    Some(out)
}

/// Match `k` with the opponents of its first two played matches exchanged (w1-b1, w2-b2 become
/// w1-b2, w2-b1), every game a draw so that the file stays consistent.
fn exchange_opponents(t: &Tournament, k: u32) -> Option<Tournament> {
    use trfcheck::model::{Colour, ResultCode, RoundEntry};
    let matches = played_matches(t, k);
    let (&(w1, b1), &(w2, b2)) = (matches.first()?, matches.get(1)?);
    let mut out = t.clone();
    for (white, black) in [(w1, b2), (w2, b1)] {
        for (g, (first, second)) in [(2 * k - 2, (white, black)), (2 * k - 1, (black, white))] {
            for (me, other, colour) in [(first, second, Colour::White), (second, first, Colour::Black)] {
                let player = out.players.iter_mut().find(|p| p.id == me)?;
                player.rounds[g as usize] = RoundEntry::game(other, colour, ResultCode::Draw);
            }
        }
    }
    Some(rescored(out))
}

/// MarkDechamps/fide-swiss-pairing-engine writes a bye in both columns of its match, the PAB as
/// `U U`, and prices the byes per match in `162` (`P 1.5 F 2.0 H 1.0`: 1.4's won game and drawn
/// one; a drawn match; a won match). A PAB priced above a won game tells that dialect apart, and a
/// bye in both columns then counts once: generated events rewritten so read as valid, with the
/// same Points column, and check clean match by match. Without that `162`, `U U` is two won
/// games and the Points column disagrees (`points-mismatch`).
#[test]
fn byes_priced_per_match_count_once() {
    use trfcheck::generate::{self, GenerateOptions};
    let mut rewritten = 0;
    for seed in 0..6u64 {
        let mut options = GenerateOptions::new(SystemId::DoubleSwiss2026, 9 + seed as u32 * 2, 5, seed);
        options.bye_rate = 0.08;
        let Ok(t) = generate::generate(&options) else { continue };
        let text = formats::trf::write(&t).0;
        assert!(!text.contains("\n162"), "the generated event declares FIDE points");
        let dialect = text.replace("0000 - U  0000 - H", "0000 - U  0000 - U");
        let priced =
            dialect.replace("192 FIDE_DOUBLESWISS\r\n", "192 FIDE_DOUBLESWISS\r\n162  P 1.5    F 2.0    H 1.0\r\n");
        assert_ne!(priced, dialect, "seed {seed}");
        if dialect == text {
            continue;
        }
        rewritten += 1;
        let report = check_text(&priced);
        assert_eq!(report.status, Status::Ok, "seed {seed}: {:?} {:?}", report.diagnostics, report.rounds);
        assert_eq!(report.summary.rounds_checked, 5, "seed {seed}");
        let report = check_text(&dialect);
        assert_eq!(report.status, Status::Invalid, "seed {seed}");
        assert!(report.diagnostics.iter().any(|d| d.code.id() == "points-mismatch"), "{:?}", report.diagnostics);
    }
    assert!(rewritten >= 4, "only {rewritten} events had a PAB");
}

/// The dialect's own example (its `DoubleSwissTrfTest`): player 3's PAB written `U U` under
/// `162 P 1.5 F 2.0 H 1.0` is one bye of 1½ points; a requested bye `H H` is one of 1 point, a
/// full-point bye `F F` one of 2. Read per game, as trfcheck's own files are, the same columns
/// give 2 (`U U` as two won games), 1 and 2.
#[test]
fn the_dialects_byes_are_worth_their_match_price() {
    let file = |price: &str| {
        let extra: Vec<&str> = if price.is_empty() { vec![] } else { vec![price] };
        ds_file(
            2,
            &extra,
            &[
                &["   2 w 1", "   2 b 1", "0000 - H", "0000 - H"],
                &["   1 b 0", "   1 w 0", "0000 - F", "0000 - F"],
                &["0000 - U", "0000 - U", "0000 - Z", "0000 - Z"],
            ],
        )
    };
    let scores = |text: &str| {
        let options = ReadOptions { lenient: true, ..ReadOptions::default() };
        let loaded = formats::read_bytes(Path::new("d.trf"), text.as_bytes(), options);
        let t = loaded.tournament.expect("read");
        t.players
            .iter()
            .map(|p| (0..4).map(|c| t.round_points(p, c + 1)).sum::<trfcheck::model::Points>().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(scores(&file("162  P 1.5    F 2.0    H 1.0")), ["3.0", "2.0", "1.5"]);
    assert_eq!(scores(&file("")), ["3.0", "2.0", "2.0"]);
}
