//! Lim 2026 (C.04.4.3): the fast engine against the literal reference on thousands of small
//! tournaments, whole rounds derived by hand from the text (docs/lim.md §3, each with its
//! derivation), explanations and severities, and `generate` → `check`.

use std::collections::BTreeSet;

use trfcheck::report::RoundStatus;
use trfcheck::systems::SystemId;
use trfcheck::systems::lim::{Lim2026, Lim2026Literal};

use crate::support::Agreement;

/// Two implementations, one verdict: on every round of small tournaments, paired by Lim itself
/// and by the Dutch rules (other states: other floats and colour runs), with byes, forfeits,
/// withdrawals and Baku acceleration, the fast engine pairs exactly as the literal reference.
#[test]
fn fast_engine_agrees_with_the_literal_reference() {
    let mut compared = 0;
    for (system, cases) in [(SystemId::Lim2026, 3000), (SystemId::Dutch2025, 1000)] {
        compared += Agreement {
            system,
            players: 2..=12,
            rounds: 1..=8,
            cases,
            factor: "LIM_CASES_FACTOR",
            baku_code: Some(if system == SystemId::Lim2026 { "FIDE_LIM_BAKU" } else { "FIDE_DUTCH_2025_BAKU" }),
            fast: &Lim2026,
            literal: &Lim2026Literal,
            compares: |_| true,
        }
        .run();
    }
    eprintln!("lim-2026 fast vs literal: {compared} rounds compared");
    assert!(compared > 8000, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Whole rounds derived by hand (docs/lim.md §3).

/// A Lim file: players rated 2300, 2250, … (50 apart); `total_rounds` in XXR; the lot of round 1
/// (`XXC white1` or `black1`); `rounds` as `(white, black, result for White)`, a `black` of 0 the PAB.
fn lim_file(players: u32, total_rounds: u32, lot: &str, rounds: &[&[(u32, u32, char)]]) -> String {
    let header = [
        "012 trfcheck Lim example".to_owned(),
        "042 2026/03/01".to_owned(),
        "092 Individual: Swiss-System Lim".to_owned(),
        format!("XXR {total_rounds}"),
        format!("XXC {lot}"),
    ];
    let ratings: Vec<u32> = (1..=players).map(|id| 2350 - 50 * id).collect();
    crate::support::tournament_file(&header, &ratings, rounds, &[], 10)
}

fn next_round(text: &str) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let (system, games, bye) = crate::support::next_round("lim.trf", text);
    assert_eq!(system, SystemId::Lim2026);
    (games, bye)
}

/// §3 (a), 7.1 and 7.2: seven players, so the last player of the Pairing List, #7, has the PAB;
/// 1 v 4, 2 v 5, 3 v 6 (2.4); the lot gives #1 White, so #3 (odd) White and #2 (even) Black.
/// With the lot Black, every colour turns.
#[test]
fn round_one_by_halves_and_the_lot() {
    let (games, bye) = next_round(&lim_file(7, 5, "white1", &[]));
    assert_eq!((games, bye), (BTreeSet::from([(1, 4), (5, 2), (3, 6)]), Some(7)));
    let (games, bye) = next_round(&lim_file(7, 5, "black1", &[]));
    assert_eq!((games, bye), (BTreeSet::from([(4, 1), (2, 5), (6, 3)]), Some(7)));
}

const EIGHT_ROUND_ONE: &[(u32, u32, char)] = &[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')];
const EIGHT_ROUND_TWO: &[(u32, u32, char)] = &[(4, 1, '0'), (2, 3, '='), (5, 6, '0'), (7, 8, '1')];

/// §3 (b), round 2 of eight players. Groups (8.1): 1 = {1, 3, 4}, ½ = {2, 6}, 0 = {5, 7, 8};
/// the median is ½ (2.2), paired last (8.3).
/// * Group 1, downward, odd (2.3.4): all three have a compatible opponent below (3.9 type d);
///   two are due Black, one White, so a player due Black floats (3.2.2), the lowest numbered of
///   them, #3 (3.3). 1 v 4: #4 due White, #1 Black (5.6): 4-1.
/// * Group 0, upward, odd: #5 and #7 due White, #8 Black, so a player due White floats up, the
///   highest numbered, #5 (3.4). (8, 7) gives 7-8.
/// * The median {2, 6} with DF #3 and UF #5: the DF first (3.6.3) takes the highest numbered
///   player due White, #2 (3.8): 2-3; the UF then #6: 5-6.
#[test]
fn round_two_floats_by_colour_and_pairs_the_floaters_first() {
    let (games, bye) = next_round(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE]));
    assert_eq!((games, bye), (BTreeSet::from([(4, 1), (2, 3), (5, 6), (7, 8)]), None));
}

/// §3 (d), round 3 of the same event. Groups: 2 = {1}, 1½ = {3, 6}, 1 = {2, 4, 7} (the median),
/// 0 = {5, 8}.
/// * #1 is alone, so transferred down (2.3).
/// * 1½ with DF #1 is odd: #1 would be a floater of type b (3.9), so a native floats; #3 floated
///   in round 2 (it met #2 in the median as a DF), 3.10 protects it, and #6 floats. #1 meets #3,
///   the only one left (no one is due Black, 3.8 takes the first compatible); identical histories
///   above the median give the higher ranked #1 White (5.4): 1-3.
/// * 0: 8-5 (due colours).
/// * The median with DF #6: #6 is due White, #2 due Black but met #6, so #4 (3.8): 6-4; 2 v 7 are
///   both due Black with identical histories, the higher ranked #2 has Black (5.4): 7-2.
#[test]
fn round_three_protects_the_floater_of_the_round_before() {
    let (games, bye) = next_round(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE, EIGHT_ROUND_TWO]));
    assert_eq!((games, bye), (BTreeSet::from([(1, 3), (6, 4), (7, 2), (8, 5)]), None));
}

/// §3 (c), round 3 of six players who drew every game (one group, the median). The proposal
/// 1 v 4 repeats round 1, so #1 takes #5 (4.2's second column), #2 keeps #4; 3 v 6 repeats too,
/// and with #1 kept compatible the exchange moves #2 to #6 (4.3, 4.4): 1 v 5, 2 v 6, 3 v 4, all
/// proper. #5 and #6 had the same colour twice (5.3): 1-5, 6-2; 3-4 by due colours.
#[test]
fn round_three_exchanges_for_a_compatible_opponent() {
    let r1: &[(u32, u32, char)] = &[(1, 4, '='), (5, 2, '='), (3, 6, '=')];
    let r2: &[(u32, u32, char)] = &[(2, 1, '='), (5, 3, '='), (4, 6, '=')];
    let (games, bye) = next_round(&lim_file(6, 7, "white1", &[r1, r2]));
    assert_eq!((games, bye), (BTreeSet::from([(1, 5), (6, 2), (3, 4)]), None));
}

/// §3 (e), round 5 of six players who drew every game: 1 v 4 and 1 v 5 were played, so #1 meets #6
/// (4.2's third column): 1 v 6, 2 v 4, 3 v 5. #4 had White twice and must have Black (5.3): 2-4;
/// #3 had Black twice: 3-5; #1 and #6 are both due White, and going back they first differ in
/// round 2, where #1 had Black: #1 has White (5.4).
#[test]
fn round_five_colours_by_5_3_and_going_back_by_5_4() {
    let r1: &[(u32, u32, char)] = &[(1, 4, '='), (5, 2, '='), (3, 6, '=')];
    let r2: &[(u32, u32, char)] = &[(2, 1, '='), (3, 4, '='), (6, 5, '=')];
    let r3: &[(u32, u32, char)] = &[(1, 3, '='), (6, 2, '='), (4, 5, '=')];
    let r4: &[(u32, u32, char)] = &[(5, 1, '='), (2, 3, '='), (4, 6, '=')];
    let (games, bye) = next_round(&lim_file(6, 7, "white1", &[r1, r2, r3, r4]));
    assert_eq!((games, bye), (BTreeSet::from([(1, 6), (2, 4), (3, 5)]), None));
}

/// docs/lim.md R3, reading M1: no player has the median score ½ after round 1 without draws.
/// Group 1 {1, 3, 5} (downward) floats #5 (all due Black, 3.2.4/3.3) and pairs 1 v 3, identical
/// histories above the median: the higher ranked #1 Black, 3-1. Group 0 {2, 4, 6} with DF #5,
/// paired upward as the last group: the DF first, with the lowest numbered player due White, #6
/// (3.8): 6-5; then 2 v 4, identical histories below the median: the lower ranked #4 White, 4-2.
#[test]
fn round_two_without_a_median_group() {
    let r1: &[(u32, u32, char)] = &[(1, 4, '1'), (5, 2, '1'), (3, 6, '1')];
    let (games, bye) = next_round(&lim_file(6, 5, "white1", &[r1]));
    assert_eq!((games, bye), (BTreeSet::from([(3, 1), (6, 5), (4, 2)]), None));
}

/// docs/lim.md R13: §3 (a) continued. Round 1: 1-4 1-0, 5-2 ½, 3-6 0-1, PAB #7. Round 2: the PAB
/// goes to #4, the lowest ranked of the lowest group {3, 4} (1.1). Group 1 {1, 6, 7}: one due
/// Black, one due White, #7 none, so by position #7 floats (3.2.4; the PAB was no float, 3.10
/// does not protect it); 6-1. Group 0 {3} is alone and goes up to the median. The median {2, 5}
/// with DF #7 and UF #3: #7 has no due colour and takes the highest numbered player, #2 (3.8):
/// 2-7 (#2's due White); UF #3 takes #5, both due Black with identical histories: the higher
/// ranked #5 (more points) has Black, 3-5.
#[test]
fn a_pab_is_not_a_float() {
    let r1: &[(u32, u32, char)] = &[(1, 4, '1'), (5, 2, '='), (3, 6, '0'), (7, 0, 'U')];
    let (games, bye) = next_round(&lim_file(7, 5, "white1", &[r1]));
    assert_eq!((games, bye), (BTreeSet::from([(6, 1), (2, 7), (3, 5)]), Some(4)));
}

// ---------------------------------------------------------------------------------------------
// Explanations and severities.

fn check_text(text: &str) -> trfcheck::report::CheckReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lim.trf");
    std::fs::write(&path, text).unwrap();
    let (_, report) = trfcheck::verify::check_path(&path, &trfcheck::verify::CheckOptions::default());
    assert!(report.error.is_none(), "{:?}\n{text}", report.error);
    report
}

/// Round 2 of §3 (b) recorded as the proposal of 2.4 without the floats (1 v 3 in group 1, …) is
/// a departure from 2.3.4, named with the player who had to float and the rules that chose them.
#[test]
fn a_round_without_the_floats_is_explained_by_2_3_4() {
    let wrong: &[(u32, u32, char)] = &[(3, 1, '='), (4, 2, '='), (7, 5, '='), (6, 8, '=')];
    let report = check_text(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE, wrong]));
    let round = report.rounds.iter().find(|r| r.round == 2).unwrap();
    assert_eq!(round.status, RoundStatus::Mismatch);
    let explanation = round.explanation.as_deref().unwrap();
    assert_eq!(round.criterion.as_deref(), Some("2.3.4"), "{explanation}");
    assert!(explanation.contains("scoregroup 1"), "{explanation}");
    // And the rule that chose #3 among the group: the due colours (3.2.2), then the position.
    let whole = format!("{explanation} {}", round.details.join(" "));
    assert!(whole.contains("3.2.2") && whole.contains("3.3"), "{whole}");
    assert_eq!(round.severity.map(|s| s.name()), Some("quality"));
}

/// The same pairs with one board's colours turned: the colour article that decides it, and the
/// `colours` class.
#[test]
fn turned_colours_are_explained_by_the_colour_article() {
    let turned: &[(u32, u32, char)] = &[(1, 4, '1'), (2, 3, '='), (5, 6, '0'), (7, 8, '1')];
    let report = check_text(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE, turned]));
    let round = report.rounds.iter().find(|r| r.round == 2).unwrap();
    let explanation = round.explanation.as_deref().unwrap();
    assert_eq!(round.criterion.as_deref(), Some("5.6"), "{explanation}");
    assert_eq!(round.severity.map(|s| s.name()), Some("colours"));
    // The round as Lim pairs it checks clean.
    let report = check_text(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE, EIGHT_ROUND_TWO]));
    assert!(report.rounds.iter().all(|r| r.status == RoundStatus::Match), "{:?}", report.rounds);
}

/// A rematch is absolute, named by C.04.1 art. 2 and 2.1.
#[test]
fn a_rematch_is_absolute() {
    let again: &[(u32, u32, char)] = &[(5, 1, '0'), (2, 6, '='), (7, 3, '0'), (4, 8, '1')];
    let report = check_text(&lim_file(8, 5, "white1", &[EIGHT_ROUND_ONE, again]));
    let round = report.rounds.iter().find(|r| r.round == 2).unwrap();
    let explanation = round.explanation.as_deref().unwrap();
    assert_eq!(round.criterion.as_deref(), Some("C1"), "{explanation}");
    assert_eq!(round.severity.map(|s| s.name()), Some("absolute"));
}

/// Generated Lim rounds with two players' seats exchanged, or a board's colours turned (the
/// mutations of the Dutch sweep, `dutch_mutations.rs`): every one is caught, explained with an
/// article, and never found better than the engine's pairing.
#[test]
fn mutated_rounds_are_caught_and_explained() {
    crate::dutch_mutations::assert_sweep_clean(SystemId::Lim2026, 1500, 2026);
    // And by the decision it departs from, never by the catch-all sentence.
    let mut criteria = std::collections::BTreeMap::new();
    for outcome in crate::dutch_mutations::sweep(SystemId::Lim2026, 1500, 2026, 30) {
        let explanation = outcome.report.explanation.clone().unwrap_or_default();
        assert!(!explanation.contains("differs from the pairing of the Lim procedure"), "{explanation}");
        *criteria.entry(outcome.report.criterion.clone().unwrap_or_default()).or_insert(0) += 1;
    }
    eprintln!("lim-2026 mutated rounds by criterion: {criteria:?}");
}

// ---------------------------------------------------------------------------------------------
// generate → check.

/// Generated Lim events check clean, byes, forfeits and withdrawals included; every round of one
/// with a round changed (two boards' opponents exchanged) is caught.
#[test]
fn generated_tournaments_check_clean_and_a_changed_round_is_caught() {
    use trfcheck::generate::{self, GenerateOptions};
    for (players, rounds, seed) in [(9, 7, 1), (24, 9, 2), (61, 11, 3), (150, 9, 4)] {
        let mut options = GenerateOptions::new(SystemId::Lim2026, players, rounds, seed);
        options.forfeit_rate = 0.05;
        options.bye_rate = 0.05;
        options.withdraw_rate = 0.02;
        let t = generate::generate(&options).expect("a Lim tournament");
        let (text, _) = trfcheck::formats::trf::write(&t);
        let report = check_text(&text);
        assert_eq!(report.rounds.len(), rounds as usize);
        assert!(report.rounds.iter().all(|r| r.status == RoundStatus::Match), "{:?}\n{text}", report.rounds);
    }
}

/// The decisions the agreement runs through: every kind of transfer, the floaters' pairing and the
/// cracking of a blocked median occur in generated events (the property test is only as good as
/// the paths it takes).
#[test]
fn generated_rounds_take_every_path_of_the_procedure() {
    use std::collections::BTreeMap;

    use trfcheck::generate::{self, GenerateOptions};
    use trfcheck::state::{Participation, RoundState};
    use trfcheck::systems::lim::{self, procedure::Step};
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for seed in 0..300u64 {
        let system = if seed % 3 == 0 { SystemId::Dutch2025 } else { SystemId::Lim2026 };
        let mut options = GenerateOptions::new(system, 6 + (seed % 20) as u32, 5 + (seed % 5) as u32, seed);
        if seed % 2 == 0 {
            options.forfeit_rate = 0.1;
            options.bye_rate = 0.1;
        }
        let Ok(t) = generate::generate(&options) else { continue };
        for round in 1..=t.rounds_paired() {
            let state = RoundState::build(&t, round, Participation::Recorded);
            let Ok(outcome) = lim::trace(&state) else { continue };
            for step in &outcome.steps {
                let kind = match step {
                    Step::Bye { .. } => "PAB (1.1)",
                    Step::Float { article, .. } => article,
                    Step::FloaterPair { .. } => "floater paired (3.8)",
                    Step::Pairs { .. } => "group paired (4.1, 5.2)",
                    Step::Crack { .. } => "pairing cracked (2.6)",
                };
                *seen.entry(kind).or_default() += 1;
            }
        }
    }
    eprintln!("lim-2026 decisions in generated rounds: {seen:?}");
    for kind in ["PAB (1.1)", "2.3.1", "2.3.4", "3.5", "4.4", "floater paired (3.8)", "pairing cracked (2.6)"] {
        assert!(seen.get(kind).is_some_and(|&n| n > 0), "{kind} never occurs: {seen:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The text's own examples of the exchanges (4.2–4.4), with the pairs the organiser forbids (XXP)
// standing for the games already played (docs/lim.md R4).

/// Round 1 of six players, one group paired downward (the median, 2.2), with `forbidden` pairs.
fn six_with(forbidden: &[(u32, u32)]) -> String {
    let mut text = lim_file(6, 5, "white1", &[]);
    for (a, b) in forbidden {
        text = text.replace("XXC white1\n", &format!("XXC white1\nXXP {a} {b}\n"));
    }
    text
}

fn unordered(games: &BTreeSet<(u32, u32)>) -> BTreeSet<(u32, u32)> {
    games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

/// 4.2: #1 may meet neither #4 nor #5, so the third column: 1 v 6, 2 v 4, 3 v 5. 4.3: #2 may not
/// meet #4 either, so the second column of 4.3: 1 v 6, 2 v 5, 3 v 4; and not #5: the third,
/// 1 v 6, 2 v 3, 4 v 5. Colours by 7.2: the odd-numbered upper player White (the lot).
#[test]
fn the_exchange_tables_of_4_2_and_4_3() {
    let (games, _) = next_round(&six_with(&[(1, 4), (1, 5)]));
    assert_eq!(games, BTreeSet::from([(1, 6), (4, 2), (3, 5)]));
    let (games, _) = next_round(&six_with(&[(1, 4), (1, 5), (2, 4)]));
    assert_eq!(unordered(&games), BTreeSet::from([(1, 6), (2, 5), (3, 4)]));
    let (games, _) = next_round(&six_with(&[(1, 4), (1, 5), (2, 4), (2, 5)]));
    assert_eq!(unordered(&games), BTreeSet::from([(1, 6), (2, 3), (4, 5)]));
    // 4.3's fourth column: #2 may meet none of #4, #5, #3 while #1 holds #6, so #1 moves to its
    // next candidate, #3 (4.4, first sentence), and #2 takes #6: 1 v 3, 2 v 6, 4 v 5.
    let (games, _) = next_round(&six_with(&[(1, 4), (1, 5), (2, 4), (2, 5), (2, 3)]));
    assert_eq!(unordered(&games), BTreeSet::from([(1, 3), (2, 6), (4, 5)]));
}

/// 4.4 and 4.4.2 in a group that can float: round 1 under the Baku acceleration (C.04.7), where
/// #1–#6 have a virtual point (GA, the first half of twelve) and are paired downward before the
/// median {7, …, 12}. #1 and #2 may meet nobody of the group but #6. #1 keeps #6, #2 floats, and
/// with it the lowest numbered player remaining, #5 (4.4.2); then 3 v 4. In the median the two
/// floaters are paired first (3.6.3), #2 before #5 (3.6.1), each with the highest numbered
/// available player (no one has a due colour, 3.8): 2 v 7, 5 v 8; then 9 v 11, 10 v 12 (2.4).
#[test]
fn the_example_of_4_4() {
    let forbidden = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)];
    let mut text = lim_file(12, 5, "white1", &[]).replace("092 Individual: Swiss-System Lim\n", "192 FIDE_LIM_BAKU\n");
    for (a, b) in forbidden {
        text = text.replace("XXC white1\n", &format!("XXC white1\nXXP {a} {b}\n"));
    }
    let (games, bye) = next_round(&text);
    assert_eq!(bye, None);
    assert_eq!(unordered(&games), BTreeSet::from([(1, 6), (3, 4), (2, 7), (5, 8), (9, 11), (10, 12)]));
}
