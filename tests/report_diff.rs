//! The board diff of a differing round, and explanations with a short first line and the details
//! after it (docs/output.md, "A differing round").

use std::collections::BTreeMap;

use trfcheck::model::PlayerId;
use trfcheck::report::diff::{self, Line};
use trfcheck::report::{FIRST_LINE_MAX, RoundStatus};
use trfcheck::systems::SystemId;
use trfcheck::systems::pairing::Board;
use trfcheck::verify::{self, CheckOptions};

use crate::corpus::shared;

fn players(board: &Board) -> Vec<PlayerId> {
    [Some(board.white), board.black].into_iter().flatten().collect()
}

/// Every differing round of two real events under dutch-2017 (bunratty major, 56 players, whose
/// round 1 is the example of docs/output.md; armstrong 2011, 160 players in 48-board rounds): each
/// differing player sits on one row per side, a row with both sides shares a player, the folded
/// counts and the rows make up the recorded boards, and the text prints one line per row or fold.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn a_differing_round_is_laid_out_board_by_board_aligned_by_player() {
    let shared = shared();
    let mut rounds = 0;
    for name in ["sanichi__icu_tournament__bunratty_major_2011.tab", "sanichi__icu_tournament__armstrong_2011.tab"] {
        let path = shared.join("corpus/real").join(name);
        let options = CheckOptions { system: Some(SystemId::Dutch2017.into()), ..CheckOptions::default() };
        let (_, report) = verify::check_path(&path, &options);
        for round in report.rounds.iter().filter(|r| r.status == RoundStatus::Mismatch) {
            let detail = round.detail.as_ref().unwrap();
            let lines = diff::lines(detail);
            let (mut seen_recorded, mut seen_computed) = (BTreeMap::new(), BTreeMap::new());
            let (mut folded, mut recorded_rows, mut shared_rows) = (0, 0, 0);
            for line in &lines {
                match *line {
                    Line::Agree { count, first, last } => {
                        assert!(count > 0 && last + 1 - first >= count, "{name} round {}: {line:?}", round.round);
                        for board in &detail.recorded[first - 1..last] {
                            assert!(!detail.differing_recorded.contains(board) || count < last + 1 - first);
                        }
                        folded += count;
                    }
                    Line::Row { recorded, computed } => {
                        if let Some((number, board)) = recorded {
                            assert_eq!(detail.recorded[number - 1], board);
                            recorded_rows += 1;
                            for p in players(&board) {
                                *seen_recorded.entry(p).or_insert(0) += 1;
                            }
                        }
                        if let Some((number, board)) = computed {
                            assert_eq!(detail.computed[number - 1], board);
                            for p in players(&board) {
                                *seen_computed.entry(p).or_insert(0) += 1;
                            }
                        }
                        if let (Some((_, r)), Some((_, c))) = (recorded, computed) {
                            assert!(
                                players(&r).iter().any(|p| players(&c).contains(p)),
                                "{name} round {}: {r:?} beside {c:?} share no player",
                                round.round
                            );
                            shared_rows += 1;
                        }
                    }
                }
            }
            // Every player of a differing board once on each side, and no one else.
            let differing = |boards: &[Board]| {
                let mut all: Vec<PlayerId> = boards.iter().flat_map(players).collect();
                all.sort_unstable();
                all
            };
            assert!(seen_recorded.values().all(|&n| n == 1) && seen_computed.values().all(|&n| n == 1));
            assert_eq!(seen_recorded.keys().copied().collect::<Vec<_>>(), differing(&detail.differing_recorded));
            assert_eq!(seen_computed.keys().copied().collect::<Vec<_>>(), differing(&detail.differing_computed));
            assert_eq!(folded + recorded_rows, detail.recorded.len(), "{name} round {}", round.round);
            assert_eq!(folded, detail.recorded.len() - detail.differing_recorded.len());
            // The matching is a largest one: no recorded board alone on its row shares a player
            // with a computed board alone on another.
            let alone = |recorded_side: bool| -> Vec<Board> {
                lines
                    .iter()
                    .filter_map(|l| match *l {
                        Line::Row { recorded: Some((_, r)), computed: None } if recorded_side => Some(r),
                        Line::Row { recorded: None, computed: Some((_, c)) } if !recorded_side => Some(c),
                        _ => None,
                    })
                    .collect()
            };
            for r in alone(true) {
                for c in alone(false) {
                    assert!(!players(&r).iter().any(|p| players(&c).contains(p)), "{r:?} and {c:?} could share a row");
                }
            }
            assert!(shared_rows > 0);
            // The text: the header line, the column heads, then one line per row or fold.
            let mut single = report.clone();
            single.rounds = vec![round.clone()];
            let mut out = Vec::new();
            trfcheck::report::text::write(&mut out, &single).unwrap();
            let text = String::from_utf8(out).unwrap();
            let body: Vec<&str> = text
                .lines()
                .skip_while(|l| !l.starts_with(&format!("  round {}:", round.round)))
                .skip(2)
                .take_while(|l| !l.starts_with("    why:"))
                .collect();
            assert_eq!(body.len(), lines.len(), "{text}");
            for (printed, line) in body.iter().zip(&lines) {
                assert!(printed.chars().count() <= 100, "{printed}");
                match line {
                    Line::Agree { count, .. } => {
                        assert!(printed.contains(&format!("… {count} board")), "{printed}");
                    }
                    Line::Row { recorded: Some((number, _)), .. } => {
                        assert!(printed.trim_start().starts_with(&format!("{number}.")), "{printed}");
                    }
                    Line::Row { .. } => {}
                }
            }
            rounds += 1;
        }
    }
    // Bunratty major differs in its 6 rounds, armstrong in its 11.
    assert_eq!(rounds, 17);
}

/// The README's example: round 2 of `legacy-latin1.trf`, three boards that all differ.
#[test]
fn the_readme_example_aligns_each_recorded_board_with_one_sharing_a_player() {
    let output =
        crate::support::trfcheck().arg("check").arg(crate::support::sample("legacy-latin1.trf")).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let round2: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("  round 2:")).take(5).collect();
    assert_eq!(
        round2,
        [
            "  round 2: ✗ order: 3 of 3 boards differ",
            "        recorded       dutch-2012",
            "    1.   5 - 4     1.   5 - 1",
            "    2.   2 - 1     3.   2 - bye",
            "    3.   3 - bye   2.   3 - 4",
        ],
        "{text}"
    );
}

/// Over mutated rounds of every system, each explanation's first line is at
/// most FIRST_LINE_MAX characters, one line, with no reading named by number and path.
#[test]
fn every_systems_explanations_keep_a_short_first_line() {
    for &system in SystemId::INDIVIDUAL {
        for outcome in crate::dutch_mutations::sweep(system, 40, 15, 24) {
            let report = &outcome.report;
            let Some(first) = report.explanation.as_deref() else { continue };
            assert!(
                first.chars().count() <= FIRST_LINE_MAX && !first.contains('\n') && !first.contains("docs/fmjd.md"),
                "{system}: {} round {}: {first}\n{:?}",
                outcome.options.command_line(),
                outcome.round,
                report.details
            );
            assert!(report.details.iter().all(|d| !d.is_empty() && !d.contains('\n')), "{:?}", report.details);
        }
    }
}

/// A Baku-accelerated bracket names the virtual point in its score (C.04.7 1:
/// the players of GA start with one fictitious point), under every chess system that pairs by
/// score brackets: Dubov 2025 and the Dutch rules in round 1 (the upper half of the list is the
/// 1.0-point bracket), Dubov 1997 in round 2 (its round 1 is paired by halves, without groups).
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn an_accelerated_bracket_names_the_virtual_point() {
    let shared = shared();
    let path = shared.join("corpus/real/pierotofy__CPPDubovSystem__baku_test.trf");
    for (system, round, text) in [
        (SystemId::Dubov2025, 1, "1.0-point bracket (1.0 points with the acceleration's virtual point)"),
        (SystemId::Dubov1997, 2, "score group 2.0 (2.0 points with the acceleration's virtual point)"),
        (SystemId::Dutch2012, 1, "1-point bracket (1.0 points with the acceleration's virtual point)"),
        (SystemId::Dutch2017, 1, "1.0-point bracket (1.0 points with the acceleration's virtual point)"),
    ] {
        let options = CheckOptions { system: Some(system.into()), ..CheckOptions::default() };
        let (_, report) = verify::check_path(&path, &options);
        let found = report.rounds.iter().find(|r| r.round == round).unwrap();
        let why = found.explanation.as_deref().unwrap_or_else(|| panic!("{system}: round {round} differs"));
        assert!(why.contains(text), "{system}: {why}");
    }
}
