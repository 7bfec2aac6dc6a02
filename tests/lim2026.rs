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
            tune: |_| {},
        }
        .run();
    }
    eprintln!("lim-2026 fast vs literal: {compared} rounds compared");
    assert!(compared > 8000, "{compared}");
}

/// The same in Maxi-tournaments (3.2.3, 3.8, 5.7; docs/lim.md R26): tournaments generated and read
/// with `--lim-maxi`, the ratings drawn from 2000–2400 so that a player is within 100 points of
/// some players of a group and not of others.
#[test]
fn fast_engine_agrees_with_the_literal_reference_in_maxi_tournaments() {
    let compared = Agreement {
        system: SystemId::Lim2026,
        players: 2..=12,
        rounds: 1..=8,
        cases: 2500,
        factor: "LIM_CASES_FACTOR",
        baku_code: Some("FIDE_LIM_BAKU"),
        fast: &Lim2026,
        literal: &Lim2026Literal,
        compares: |state| state.maxi_tournament,
        tune: |options| {
            options.organiser.lim_maxi = true;
            options.ratings = trfcheck::generate::RatingRange { lowest: 2000, highest: 2400 };
        },
    }
    .run();
    eprintln!("lim-2026 Maxi fast vs literal: {compared} rounds compared");
    assert!(compared > 5000, "{compared}");
}

/// The Maxi agreement is only as good as the decisions it meets: in generated Maxi-tournaments,
/// each of the three rules is the first decision at which some round is paired otherwise than
/// without them (the first step of the procedure that differs: a parity floater that 3.2.3
/// chose, a floater's opponent, 3.8, or a group's pairs, 5.7).
#[test]
fn each_maxi_rule_changes_generated_rounds() {
    use std::collections::BTreeMap;

    use trfcheck::generate::{self, GenerateOptions, RatingRange};
    use trfcheck::state::{Participation, RoundState};
    use trfcheck::systems::lim::{self, procedure::Step};
    let mut changed: BTreeMap<&'static str, usize> = BTreeMap::new();
    for seed in 0..150u64 {
        let mut options = GenerateOptions::new(SystemId::Lim2026, 8 + (seed % 25) as u32, 5 + (seed % 4) as u32, seed);
        options.organiser.lim_maxi = true;
        options.ratings = RatingRange { lowest: 2000, highest: 2500 };
        let Ok(t) = generate::generate(&options) else { continue };
        let read = trfcheck::systems::of(SystemId::Lim2026).read(&t, &options.organiser);
        for round in 1..=read.rounds_paired() {
            let on = RoundState::build(&read, round, Participation::Recorded);
            let off = RoundState { maxi_tournament: false, ..on.clone() };
            let (Ok(with), Ok(without)) = (lim::trace(&on), lim::trace(&off)) else { continue };
            let Some((step, _)) = with.steps.iter().zip(&without.steps).find(|(a, b)| a != b) else { continue };
            let rule = match step {
                Step::Float { why, .. } if why.contains("3.2.3") => "3.2.3",
                Step::FloaterPair { .. } => "3.8",
                Step::Pairs { .. } => "5.7",
                _ => "other",
            };
            *changed.entry(rule).or_default() += 1;
        }
    }
    eprintln!("lim-2026 rounds a Maxi rule changes, by the first rule that does: {changed:?}");
    for rule in ["3.2.3", "3.8", "5.7"] {
        assert!(changed.get(rule).is_some_and(|&n| n > 0), "{rule} never changes a round: {changed:?}");
    }
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
// Maxi-tournaments (3.2.3, 3.8, 5.7; docs/lim.md R26): whole rounds derived by hand, each paired
// with the 100-point rules on and off. The round before is given as a record (it need not be
// Lim's own pairing: only the state it leaves counts), chosen so that the other 100-point rules
// do not change anything in the round, and the rule tested does.

/// A Lim file whose player #i is rated `ratings[i - 1]`; `rounds` as in [`lim_file`].
fn lim_file_rated(ratings: &[u32], rounds: &[&[(u32, u32, char)]]) -> String {
    let header = [
        "012 trfcheck Lim Maxi example".to_owned(),
        "042 2026/03/01".to_owned(),
        "092 Individual: Swiss-System Lim".to_owned(),
        "XXR 5".to_owned(),
        "XXC white1".to_owned(),
    ];
    crate::support::tournament_file(&header, ratings, rounds, &[], 10)
}

/// The next round of `text` with the Maxi-tournament rules on or off, as `pair` (`--lim-maxi`)
/// makes it with the fast engine; the literal reference must make the same from the same state.
fn next_round_maxi(text: &str, maxi: bool) -> BTreeSet<(u32, u32)> {
    use trfcheck::state::{Participation, RoundState};
    let t = crate::support::read_valid("lim.trf", text);
    let flags = trfcheck::model::OrganiserFlags { lim_maxi: maxi, ..Default::default() };
    let next = trfcheck::verify::pair_next_with(&t, None, &flags).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(next.resolved.system, SystemId::Lim2026);
    let games = |pairing: &trfcheck::systems::pairing::RoundPairing| -> BTreeSet<(u32, u32)> {
        pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect()
    };
    let fast = games(&next.pairing);
    let read = trfcheck::systems::of(SystemId::Lim2026).read(&t, &flags);
    let state = RoundState::build(&read, read.round_to_pair(), Participation::NextRound);
    assert_eq!(state.maxi_tournament, maxi);
    let literal = trfcheck::systems::lim::pair_literal(&state).expect("the literal reference pairs the round");
    assert_eq!(games(&literal), fast, "the literal reference and the fast engine differ (maxi {maxi})");
    fast
}

/// 3.2.3, docs/lim.md R26's example. Fourteen players; round 1 (all decisive but two draws):
/// 6-1 0-1, 7-2 0-1, 8-3 0-1, 4-9 1-0, 5-10 1-0, 11-13 ½, 12-14 ½. Ratings: #1 2300, #2 2250,
/// #3 2200, #4 2050, #5 2040, then #6 2030 down to #14 1950 by 10.
/// Round 2: group 1 = {1, 2, 3, 4, 5}, downward; ½ = {11, 12, 13, 14}, the median, last; 0 = {6,
/// 7, 8, 9, 10}, upward (2.2, 8.3).
/// * Group 1 is odd (2.3.4). Everyone has a compatible opponent in group ½ (type d, 3.9), nobody
///   floated before (3.10). Due White #1, #2, #3 (Black in round 1), due Black #4, #5 (3.2.2):
///   a player due White floats, the lowest numbered of them, #3 (3.3). In a Maxi-tournament #3
///   (2200) and the lowest numbered player #5 (2040) differ by 160 points, more than 100, so #5
///   floats (3.2.3).
///   - Without: 1 v 4, 2 v 5 (2.4), both proper: 1-4, 2-5.
///   - Maxi: 1 v 3, 2 v 4 (2.4); three due White and one due Black make one proper pair at most,
///     so no exchange (5.2). 1 v 3: both due White, the same history: the higher ranked #1 has
///     White (5.4): 1-3, 2-4.
/// * Group 0 (upward) is odd: due Black #6, #7, #8, due White #9, #10, so the highest numbered
///   player due Black, #6, floats up (3.2.2, 3.4), who is also the highest numbered of the group
///   (3.2.3 changes nothing). 10 v 8, 9 v 7 (2.4 upward), both proper: 10-8, 9-7.
/// * The median {11, 12, 13, 14} with the DF (#3, or #5), then the UF #6 (3.6.3); due Black #6,
///   #11, #12, due White #13, #14. 11 v 13 and 12 v 14 have been played.
///   - Without: DF #3 (due White) takes the highest numbered player due Black, #6 (3.8), and the
///     rest can be paired (docs/lim.md R22): 3-6. Then 11 v 13 is played, so #11 takes #14 (4.2)
///     and 12 v 13: all proper, 14-11, 13-12.
///   - Maxi: DF #5 (due Black): the highest numbered player due White is #13 (1960), within 100
///     points of the first compatible player, #6 (2030), so 3.8 takes #13 as without Maxi: 13-5.
///     UF #6 (due Black): #14 (1950), within 100 points of the first compatible #11 (1980): 14-6.
///     11 v 12: both due Black, the same history: the higher ranked #11 has Black (5.4): 12-11.
#[test]
fn maxi_3_2_3_floats_the_lowest_numbered_player_when_the_colour_choice_is_too_far_in_rating() {
    let ratings = [2300, 2250, 2200, 2050, 2040, 2030, 2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
    let r1: &[(u32, u32, char)] =
        &[(6, 1, '0'), (7, 2, '0'), (8, 3, '0'), (4, 9, '1'), (5, 10, '1'), (11, 13, '='), (12, 14, '=')];
    let text = lim_file_rated(&ratings, &[r1]);
    assert_eq!(
        next_round_maxi(&text, false),
        BTreeSet::from([(1, 4), (2, 5), (10, 8), (9, 7), (3, 6), (14, 11), (13, 12)])
    );
    assert_eq!(
        next_round_maxi(&text, true),
        BTreeSet::from([(1, 3), (2, 4), (10, 8), (9, 7), (13, 5), (14, 6), (12, 11)])
    );
}

/// 3.8. Ten players; round 1: 8-1 0-1, 9-2 0-1, 10-3 0-1, 6-4 ½, 5-7 ½. Ratings: #1 2400, #2
/// 2350, #3 2300, #4 2250, #5 2100, then #6 2090 down to #10 2050 by 10.
/// Round 2: group 1 = {1, 2, 3}, all due White: #3 floats (3.2.4; also the lowest numbered, so
/// 3.2.3 changes nothing); 1 v 2, the same history, the higher ranked #1 White (5.4): 1-2. Group 0 =
/// {8, 9, 10}, all due Black: #8 floats up (3.2.4, 3.4); 9 v 10, the same history, below the median
/// the lower ranked #10 has Black (5.4): 9-10. The median {4, 5, 6, 7}: due White #4, #7, due Black
/// #5, #6; 4 v 6 and 5 v 7 have been played. DF #3 (due White) first, then UF #8 (due Black).
/// * Without: #3 takes the highest numbered player due Black, #5 (3.8): 3-5. #8 takes the highest
///   numbered due White, #4: 4-8. 6 v 7 is proper: 7-6.
/// * Maxi: the first compatible player for #3 is #4 (2250), who is due White; #5 (2100) and #6
///   (2090) are more than 100 points from #4, so #3 meets #4 (3.8): both due White with the same
///   history, #3 ranked higher (one point): 3-4. #8: the first compatible is #5 (2100), #7 (2080)
///   due White is within 100 points: 7-8. 5 v 6, both due Black, the same history: the higher
///   ranked #5 has Black: 6-5.
#[test]
fn maxi_3_8_keeps_the_first_compatible_opponent_when_the_colour_one_is_too_far_in_rating() {
    let ratings = [2400, 2350, 2300, 2250, 2100, 2090, 2080, 2070, 2060, 2050];
    let r1: &[(u32, u32, char)] = &[(8, 1, '0'), (9, 2, '0'), (10, 3, '0'), (6, 4, '='), (5, 7, '=')];
    let text = lim_file_rated(&ratings, &[r1]);
    assert_eq!(next_round_maxi(&text, false), BTreeSet::from([(1, 2), (9, 10), (3, 5), (4, 8), (7, 6)]));
    assert_eq!(next_round_maxi(&text, true), BTreeSet::from([(1, 2), (9, 10), (3, 4), (7, 8), (6, 5)]));
}

/// 5.7. Six players who drew round 1: 2-1, 3-4, 5-6. One group, the median, paired downward: due
/// White #1, #4, #6, due Black #2, #3, #5. The proposal 1 v 4, 2 v 5, 3 v 6 (2.4) is compatible and
/// has one proper pair; the second scrutiny (5.2) reaches three first with 1 v 5, 2 v 4, 3 v 6, the
/// exchange of #4 and #5 of 4.2: 1-5, 4-2, 6-3.
/// * Ratings #1 2300, #2 2290, #3 2280, #4 2270, #5 2150, #6 2140. In a Maxi-tournament #1's
///   opponents to be exchanged, #4 and #5, differ by 120 points (5.7), and every other exchange
///   that would add a proper pair moves a player of {1, 2, 3, 4} to one of {5, 6} or back: 1 v 4
///   stays with 2 v 5, 3 v 6 or 2 v 6, 3 v 5, one proper pair each, and the proposal is kept. 1 v
///   4: both due White, the same history, the higher ranked #1 White (5.4); 2 v 5 likewise, #2
///   Black: 1-4, 5-2, 6-3.
/// * Ratings #1 2400, then #2 2280 down to #6 2240 by 10: #4 and #5 differ by 10 points, but #4
///   would exchange #1 for #2, 120 points apart. Every player whose opponent an exchange changes
///   counts (docs/lim.md R26): the proposal is kept again.
#[test]
fn maxi_5_7_limits_the_exchanges_for_colours_to_100_points() {
    let r1: &[(u32, u32, char)] = &[(2, 1, '='), (3, 4, '='), (5, 6, '=')];
    for ratings in [[2300, 2290, 2280, 2270, 2150, 2140], [2400, 2280, 2270, 2260, 2250, 2240]] {
        let text = lim_file_rated(&ratings, &[r1]);
        assert_eq!(next_round_maxi(&text, false), BTreeSet::from([(1, 5), (4, 2), (6, 3)]), "{ratings:?}");
        assert_eq!(next_round_maxi(&text, true), BTreeSet::from([(1, 4), (5, 2), (6, 3)]), "{ratings:?}");
    }
}

/// "100 points or less" (3.2.3, 3.8, 5.7): the round of 5.7 with #5 rated 2170 (#6 2160), exactly
/// 100 points below #4, is paired as without the Maxi rules: the exchange of #4 and #5 is allowed.
#[test]
fn maxi_100_points_is_within_the_limit() {
    let r1: &[(u32, u32, char)] = &[(2, 1, '='), (3, 4, '='), (5, 6, '=')];
    let text = lim_file_rated(&[2300, 2290, 2280, 2270, 2170, 2160], &[r1]);
    assert_eq!(next_round_maxi(&text, true), BTreeSet::from([(1, 5), (4, 2), (6, 3)]));
}

/// The rounds above recorded as Lim pairs them without the Maxi rules, checked as a
/// Maxi-tournament: each differs at the rule that changed it (3.2.3 choosing the parity floater,
/// named under 2.3.4; 3.8; 5.7), a quality difference; and each checks clean without `--lim-maxi`.
#[test]
fn a_round_paired_without_the_maxi_rules_is_explained_by_them() {
    let check = |text: &str, maxi: bool| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lim.trf");
        std::fs::write(&path, text).unwrap();
        let flags = trfcheck::model::OrganiserFlags { lim_maxi: maxi, ..Default::default() };
        let options = trfcheck::verify::CheckOptions { organiser: flags, ..Default::default() };
        let (_, report) = trfcheck::verify::check_path(&path, &options);
        assert!(report.error.is_none(), "{:?}\n{text}", report.error);
        report.rounds.into_iter().find(|r| r.round == 2).unwrap()
    };
    let draws = |pairs: &[(u32, u32)]| -> Vec<(u32, u32, char)> { pairs.iter().map(|&(w, b)| (w, b, '=')).collect() };
    let r1: &[(u32, u32, char)] =
        &[(6, 1, '0'), (7, 2, '0'), (8, 3, '0'), (4, 9, '1'), (5, 10, '1'), (11, 13, '='), (12, 14, '=')];
    let r2 = draws(&[(1, 4), (2, 5), (10, 8), (9, 7), (3, 6), (14, 11), (13, 12)]);
    let ratings_3_2_3 = [2300, 2250, 2200, 2050, 2040, 2030, 2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
    let floats = lim_file_rated(&ratings_3_2_3, &[r1, &r2]);
    let r1: &[(u32, u32, char)] = &[(8, 1, '0'), (9, 2, '0'), (10, 3, '0'), (6, 4, '='), (5, 7, '=')];
    let r2 = draws(&[(1, 2), (9, 10), (3, 5), (4, 8), (7, 6)]);
    let floaters = lim_file_rated(&[2400, 2350, 2300, 2250, 2100, 2090, 2080, 2070, 2060, 2050], &[r1, &r2]);
    let r1: &[(u32, u32, char)] = &[(2, 1, '='), (3, 4, '='), (5, 6, '=')];
    let r2 = draws(&[(1, 5), (4, 2), (6, 3)]);
    let exchanges = lim_file_rated(&[2300, 2290, 2280, 2270, 2150, 2140], &[r1, &r2]);
    for (text, criterion, said) in
        [(&floats, "2.3.4", "3.2.3"), (&floaters, "3.8", "within 100 points"), (&exchanges, "5.7", "120 points apart")]
    {
        assert_eq!(check(text, false).status, RoundStatus::Match, "{text}");
        let round = check(text, true);
        assert_eq!(round.status, RoundStatus::Mismatch);
        let whole = format!("{} {}", round.explanation.as_deref().unwrap_or_default(), round.details.join(" "));
        assert_eq!(round.criterion.as_deref(), Some(criterion), "{whole}");
        assert!(whole.contains(said), "{whole}");
        assert_eq!(round.severity.map(|s| s.name()), Some("quality"), "{whole}");
    }
}

/// The command line: `generate --lim-maxi` pairs a Maxi-tournament (ratings 2000–2400, so that
/// the 100-point rules decide now and then), which `check --lim-maxi` finds clean and says so
/// (text and JSON), and `check` without the flag does not (the rules are off by default, R26),
/// with the hint that the rounds match with it; `pair --lim-maxi` says the option on standard
/// error; the flag is refused by `generate` and ignored with a warning by `check` under another
/// system.
#[test]
fn the_lim_maxi_flag_on_the_command_line() {
    use crate::support::trfcheck;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("maxi.trf");
    let generate = ["generate", "--system", "lim-2026", "--players", "20", "--rounds", "5", "--seed", "3"];
    trfcheck().args(generate).args(["--ratings", "2000-2400", "--lim-maxi", "-o"]).arg(&file).assert().success();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(" --lim-maxi"), "the command line written into the file: {text}");
    let on = trfcheck().arg("check").arg(&file).arg("--lim-maxi").assert().code(0);
    let stdout = String::from_utf8_lossy(&on.get_output().stdout).into_owned();
    assert!(stdout.contains("options: lim-maxi on (flag)"), "{stdout}");
    let off = trfcheck().arg("check").arg(&file).assert().code(1);
    let stdout = String::from_utf8_lossy(&off.get_output().stdout).into_owned();
    assert!(stdout.contains("options: lim-maxi off (default)"), "{stdout}");
    assert!(stdout.contains("match under lim-2026 with Maxi-tournament rules (--lim-maxi)"), "{stdout}");
    let json = trfcheck().arg("check").arg(&file).args(["--lim-maxi", "--format", "json"]).assert().code(0);
    let object: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(object["options"], serde_json::json!([{"name": "lim-maxi", "value": "on", "source": "flag"}]));
    // `pair --lim-maxi`: the round of 3.2.3 above, as derived there, and the option said.
    let r1: &[(u32, u32, char)] =
        &[(6, 1, '0'), (7, 2, '0'), (8, 3, '0'), (4, 9, '1'), (5, 10, '1'), (11, 13, '='), (12, 14, '=')];
    let ratings = [2300, 2250, 2200, 2050, 2040, 2030, 2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950];
    let round_two = dir.path().join("round-two.trf");
    std::fs::write(&round_two, lim_file_rated(&ratings, &[r1])).unwrap();
    let paired = trfcheck().arg("pair").arg(&round_two).arg("--lim-maxi").assert().code(0);
    let stderr = String::from_utf8_lossy(&paired.get_output().stderr).into_owned();
    assert!(stderr.contains("options: lim-maxi on (flag)"), "{stderr}");
    let boards: BTreeSet<(u32, u32)> = String::from_utf8_lossy(&paired.get_output().stdout)
        .lines()
        .skip(1)
        .map(|line| {
            let (white, black) = line.split_once(' ').unwrap();
            (white.parse().unwrap(), black.parse().unwrap())
        })
        .collect();
    assert_eq!(boards, BTreeSet::from([(1, 3), (2, 4), (10, 8), (9, 7), (13, 5), (14, 6), (12, 11)]));
    // Other systems.
    let dutch = crate::support::sample("dutch-4p-2r.trf");
    let warned = trfcheck().arg("check").arg(&dutch).arg("--lim-maxi").assert().code(0);
    let stderr = String::from_utf8_lossy(&warned.get_output().stderr).into_owned();
    assert!(stderr.contains("--lim-maxi applies to the Lim system (lim-2026) only; dutch-2025 ignores it"), "{stderr}");
    let refused = ["generate", "--system", "dutch-2025", "--players", "6", "--rounds", "2", "--lim-maxi"];
    trfcheck().args(refused).assert().code(2);
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
