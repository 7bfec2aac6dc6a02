//! The organiser's options of the FMJD Swiss systems (Annex 5, 2013): floats (section 8),
//! colour preference (section 7, A.d), acceleration (section 6), the bye's points (4.1), and
//! withdrawn players (4.2). Every expected round is derived by hand from the annex's text in the
//! comment above it; the `XDO` record and the flags that override it; `generate` → `check` clean
//! for every system and option combination.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use trfcheck::formats::{self, ReadOptions};
use trfcheck::generate::GenerateOptions;
use trfcheck::model::{AccelerationMethod, ColourPreference, DraughtsOptions, Points};
use trfcheck::systems::SystemId;
use trfcheck::systems::fmjd::FmjdRating;
use trfcheck::verify;

use crate::fmjd::{EIGHT, Game, fmjd_file_with, read};

/// The tournaments of these tests have five rounds ([`fmjd_file_with`]).
fn file(code: &str, extra: &[&str], ratings: &[u32], rounds: &[&[Game]], absent: &[u32], bye: i64) -> String {
    fmjd_file_with(code, extra, ratings, 5, rounds, absent, bye)
}

/// The next round with `flags` over the file's options: games `(white, black)` and bye holders.
fn next_with(text: &str, flags: &DraughtsOptions) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    let t = read(text);
    let next = verify::pair_next_with(&t, None, &(*flags).into()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let games = next.pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    let byes = next.pairing.boards.iter().filter(|b| b.black.is_none()).map(|b| b.white).collect();
    (games, byes)
}

fn next(text: &str) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    next_with(text, &DraughtsOptions::default())
}

/// The games without colours.
fn pairs(games: &BTreeSet<(u32, u32)>) -> BTreeSet<(u32, u32)> {
    games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

fn set(pairs: &[(u32, u32)]) -> BTreeSet<(u32, u32)> {
    pairs.iter().copied().collect()
}

/// Sixteen players rated 2500 (1) down to 1750 (16), 50 apart.
fn sixteen() -> Vec<u32> {
    (0..16).map(|i| 2500 - 50 * i).collect()
}

/// Section 8 and A.d, floats on against off. Round 1 (A.b): 1–5 1-0, 6–2 ½, 3–7 1-0, 8–4 0-1.
/// Round 2 as recorded: 1–3 1-0, 4–2 ½, 5–6 ½, 7–8 ½. Floats of round 2: 4 (1 point) met 2 (½):
/// 4 down, 2 up; 6 (½) met 5 (0): 6 down, 5 up; 1–3 and 7–8 met equal scores.
///
/// Round 3 groups (A.c, by rating): 2 {1}, 1½ {4}, 1 {2, 3, 6}, ½ {5, 7, 8}. 1 moves down and meets
/// 4 (6a). The 1-point group is odd:
/// - floats on: its lowest, 6, floated down last round and is passed over (A.d: "the next higher
///   player in the score group is selected"): 3 — but then 2–6 is left, who met in round 1; so the
///   next, 2, moves down, and 3–6 pair. 2 meets the highest of the ½ group, 5, who floated up last
///   round and is passed over (A.d: "the next lower player"): 2–7; then 5–8.
/// - floats off: 6 moves down (5b); 2–3 pair; 6 meets 5 (6a) — met in round 2 — so the next, 7;
///   then 5–8.
///
/// Colours (A.d, even distribution): 4 (BW) white against 1 (WW); 2 (BB) white against 3 or 7;
/// 8 (WB) and 5 (BW) even, 8 had black last: white. Floats off: 6 (WB) and 7 (BW) even, 6 had black
/// last: white. Floats on: 3 (WB) and 6 (WB) identical: the A.b schema by the place in the round's
/// order (1, 4, 2, 3, 6, …): 3 is fourth, even place, black.
#[test]
fn floats_on_and_off_section_8() {
    let r1: &[Game] = &[(1, 5, '1'), (6, 2, '='), (3, 7, '1'), (8, 4, '0')];
    let r2: &[Game] = &[(1, 3, '1'), (4, 2, '='), (5, 6, '='), (7, 8, '=')];
    let on = set(&[(4, 1), (6, 3), (2, 7), (8, 5)]);
    let off = set(&[(4, 1), (2, 3), (6, 7), (8, 5)]);
    let default = file("FMJD_SWISS_RATING", &[], &EIGHT, &[r1, r2], &[], 10);
    assert_eq!(next(&default).0, on, "the preferred default is floats on (5.1)");
    let record_off = file("FMJD_SWISS_RATING", &["XDO FLOATS=OFF"], &EIGHT, &[r1, r2], &[], 10);
    assert_eq!(next(&record_off).0, off);
    // The flag overrides the record, both ways.
    let flag_on = DraughtsOptions { floats: Some(true), ..DraughtsOptions::default() };
    assert_eq!(next_with(&record_off, &flag_on).0, on);
    let flag_off = DraughtsOptions { floats: Some(false), ..DraughtsOptions::default() };
    assert_eq!(next_with(&default, &flag_off).0, off);

    // `check` on a round 3 paired without floats, in a tournament with floats on: section 8.
    let r3: Vec<Game> = off.iter().map(|&(w, b)| (w, b, '=')).collect();
    let t = read(&file("FMJD_SWISS_RATING", &[], &EIGHT, &[r1, r2, &r3], &[], 10));
    let round = verify::round::check_round(&t, 3, &FmjdRating, None);
    assert_eq!(round.criterion.as_deref(), Some("8"), "{:?}", round.explanation);
    assert!(round.explanation.unwrap_or_default().contains("with floats off (8)"));
}

/// 7b and A.d, weak colour preference. Round 1: 1–5 1-0, 3–7 1-0, 6–2 ½, 8–4 ½. Round 2: 1–6 0-1,
/// 3–8 0-1, 2–7 ½, 4–5 ½. Scores: 1½ {6, 8}; 1 {1 (WW), 2 (BW), 3 (WW), 4 (BW)}; ½ {5 (BB), 7 (BB)}.
///
/// Without preference (7a): 6–8; 1–3, 2–4 by halves; 5–7.
/// Weak (7b: "if a player has played 2 times more with one color and he should play again with this
/// color then the pairing in a group may be changed"): 1 and 3 "both played two times more with
/// white", so A.d pairs "the player of the higher group … against a next player from the lower
/// group against who it is possible to attribute colors to both players": 1–4, and 2–3. 5 and 7 both
/// played black twice, but their group has no other pairing, and "it is not allowed to move 2 or
/// more players to another score group": 5–7 stays.
#[test]
fn weak_colour_preference_7b() {
    let r1: &[Game] = &[(1, 5, '1'), (3, 7, '1'), (6, 2, '='), (8, 4, '=')];
    let r2: &[Game] = &[(1, 6, '0'), (3, 8, '0'), (2, 7, '='), (4, 5, '=')];
    let none = file("FMJD_SWISS_RATING", &[], &EIGHT, &[r1, r2], &[], 10);
    assert_eq!(pairs(&next(&none).0), set(&[(6, 8), (1, 3), (2, 4), (5, 7)]));
    let weak = file("FMJD_SWISS_RATING", &["XDO COLOURS=WEAK"], &EIGHT, &[r1, r2], &[], 10);
    let (games, _) = next(&weak);
    assert_eq!(pairs(&games), set(&[(6, 8), (1, 4), (2, 3), (5, 7)]));
    // A.d's even distribution: 1 (two more whites) gets black against 4 (even).
    assert!(games.contains(&(4, 1)), "{games:?}");
    let flag_none = DraughtsOptions { colour_preference: Some(ColourPreference::None), ..DraughtsOptions::default() };
    assert_eq!(pairs(&next_with(&weak, &flag_none).0), set(&[(6, 8), (1, 3), (2, 4), (5, 7)]));

    // `check` on the record of the unchanged pairing names 7b.
    let recorded: &[Game] = &[(6, 8, '='), (1, 3, '='), (2, 4, '='), (5, 7, '=')];
    let t = read(&file("FMJD_SWISS_RATING", &["XDO COLOURS=WEAK"], &EIGHT, &[r1, r2, recorded], &[], 10));
    let round = verify::round::check_round(&t, 3, &FmjdRating, None);
    assert_eq!(round.criterion.as_deref(), Some("7b"), "{:?}", round.explanation);
    let why = round.explanation.unwrap_or_default();
    assert!(why.contains("1 and 3 have both played two more games with white"), "{why}");
}

/// 7c and A.d, strong colour preference, round 2 after A.b's round 1: 1–5 1-0, 6–2 0-1, 3–7 1-0,
/// 8–4 0-1. Groups: 1 {1, 2, 3, 4}, 0 {5, 6, 7, 8}. Due colours (the other of round 1's): 1 black,
/// 2 white, 3 black, 4 white; 5 white, 6 black, 7 white, 8 black.
///
/// Without preference, and weak (nobody has two more of a colour yet): halves 1–3, 2–4, 5–7, 6–8.
/// Strong (A.d: "the group … is divided in a group W of players who should play with white and a
/// group B …; in principle the players of group W play with white against the players of group B";
/// "as much as possible" in the order of 4a): 1 takes the next of the lower half, 4; 2–3; 5–8,
/// 6–7. W plays white: 4–1, 2–3, 5–8, 7–6.
#[test]
fn strong_colour_preference_7c() {
    let r1: &[Game] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')];
    let halves = set(&[(1, 3), (2, 4), (5, 7), (6, 8)]);
    let none = file("FMJD_SWISS_RATING", &[], &EIGHT, &[r1], &[], 10);
    assert_eq!(pairs(&next(&none).0), halves);
    let weak = file("FMJD_SWISS_RATING", &["XDO COLOURS=WEAK"], &EIGHT, &[r1], &[], 10);
    assert_eq!(pairs(&next(&weak).0), halves);
    let strong = file("FMJD_SWISS_RATING", &["XDO COLOURS=STRONG"], &EIGHT, &[r1], &[], 10);
    assert_eq!(next(&strong).0, set(&[(4, 1), (2, 3), (5, 8), (7, 6)]));
    let flag = DraughtsOptions { colour_preference: Some(ColourPreference::Strong), ..DraughtsOptions::default() };
    assert_eq!(next_with(&none, &flag).0, set(&[(4, 1), (2, 3), (5, 8), (7, 6)]));

    let recorded: &[Game] = &[(1, 3, '='), (2, 4, '='), (5, 7, '='), (6, 8, '=')];
    let t = read(&file("FMJD_SWISS_RATING", &["XDO COLOURS=STRONG"], &EIGHT, &[r1, recorded], &[], 10));
    let round = verify::round::check_round(&t, 2, &FmjdRating, None);
    assert_eq!(round.criterion.as_deref(), Some("7c"), "{:?}", round.explanation);
}

/// 6.1, round 1 with 16 players: "divided in 4 groups in the order of the players ratings … the
/// players of the first group play against the players of the second group and the players of the
/// third group against the fourth group, in the order of their ratings": groups {1–4}, {5–8},
/// {9–12}, {13–16}: 1–5, 2–6, 3–7, 4–8, 9–13, 10–14, 11–15, 12–16 — against A.b's 1–9, 2–10, ….
/// The same under 6.2 (Haley: "for the first round … as in method 1"), and for the Solkoff systems
/// (by lot number, which is the rating order here; KNDB's 1–2, 3–4 gives way, reading 17).
/// Fifteen players (reading 14): groups 1–2 are the upper 2·⌈15/4⌉ = 8, {1–4} against {5–8}; the
/// dummy is no member of the groups (4.1: "the last player of the lowest Group is paired with this
/// dummy"), so 15 gets the bye and the rest of groups 3–4, {9–14}, pairs by halves: 9–12, 10–13,
/// 11–14.
#[test]
fn four_groups_round_one_6_1() {
    let plain = set(&[(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)]);
    let accelerated = set(&[(1, 5), (2, 6), (3, 7), (4, 8), (9, 13), (10, 14), (11, 15), (12, 16)]);
    let ratings = sixteen();
    assert_eq!(pairs(&next(&file("FMJD_SWISS_RATING", &[], &ratings, &[], &[], 10)).0), plain);
    for code in ["FMJD_SWISS_RATING", "FMJD_SWISS_SOLKOFF", "KNDB_SWISS_SOLKOFF"] {
        for xdo in ["XDO ACCELERATION=FOUR-GROUPS", "XDO ACCELERATION=HALEY"] {
            assert_eq!(pairs(&next(&file(code, &[xdo], &ratings, &[], &[], 10)).0), accelerated, "{code} {xdo}");
        }
    }
    // `check` on A.b's round 1 in a tournament declaring 6.1: the record is the unaccelerated pairing.
    let plain_round: Vec<Game> = plain.iter().map(|&(w, b)| (w, b, '=')).collect();
    let t = read(&file("FMJD_SWISS_RATING", &["XDO ACCELERATION=FOUR-GROUPS"], &ratings, &[&plain_round], &[], 10));
    let round = verify::round::check_round(&t, 1, &FmjdRating, None);
    assert_eq!(round.criterion.as_deref(), Some("6"), "{:?}", round.explanation);
    assert!(round.explanation.unwrap_or_default().contains("with acceleration none (6)"));
    let (games, byes) =
        next(&file("FMJD_SWISS_RATING", &["XDO ACCELERATION=FOUR-GROUPS"], &ratings[..15], &[], &[], 10));
    assert_eq!(pairs(&games), set(&[(1, 5), (2, 6), (3, 7), (4, 8), (9, 12), (10, 13), (11, 14)]));
    assert_eq!(byes, vec![15]);
}

/// 6.1 after round 1: "as long as the first group is larger than the number of rounds to be played,
/// the same method is used with the division of the players with equal score in 4 groups". Round 1
/// (6.1) all won by the higher player: 1–5, 2–6, 3–7, 4–8, 9–13, 10–14, 11–15, 12–16 (1-0). Round 2
/// groups: 1 point {1, 2, 3, 4, 9, 10, 11, 12}, 0 {5, 6, 7, 8, 13, 14, 15, 16}; each has eight, so
/// its first group has two.
/// - `XXR 2`: one round to play (this one), 2 > 1: divided: 1–3, 2–4, 9–11, 10–12; 5–7, 6–8, 13–15,
///   14–16.
/// - `XXR 3`: two rounds to play, 2 > 2 fails: halves of the whole group: 1–9, 2–10, 3–11, 4–12;
///   5–13, 6–14, 7–15, 8–16.
#[test]
fn four_groups_later_rounds_while_the_first_group_is_larger_than_the_rounds_left() {
    let ratings = sixteen();
    let r1: &[Game] = &[
        (1, 5, '1'),
        (6, 2, '0'),
        (3, 7, '1'),
        (8, 4, '0'),
        (9, 13, '1'),
        (14, 10, '0'),
        (11, 15, '1'),
        (16, 12, '0'),
    ];
    let with_rounds = |n: u32| {
        file("FMJD_SWISS_RATING", &["XDO ACCELERATION=FOUR-GROUPS"], &ratings, &[r1], &[], 10)
            .replace("XXR 5", &format!("XXR {n}"))
    };
    assert_eq!(
        pairs(&next(&with_rounds(2)).0),
        set(&[(1, 3), (2, 4), (9, 11), (10, 12), (5, 7), (6, 8), (13, 15), (14, 16)])
    );
    assert_eq!(
        pairs(&next(&with_rounds(3)).0),
        set(&[(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)])
    );
}

/// 6.2 Haley, round 2: "the players of the first two groups get two extra points, only for pairing
/// purposes" (a win's points: 1 under the 1, ½, 0 scoring here). Round 1 (6.1): 1–5 1-0, 6–2 0-1,
/// 3–7 1-0, 8–4 1-0, 9–13 1-0, 14–10 0-1, 11–15 0-1, 16–12 ½.
///
/// Pairing scores: 1, 2, 3, 8: 1 + 1 = 2; 4, 5, 6, 7: 0 + 1 = 1; 9, 10, 15: 1; 12, 16: ½;
/// 11, 13, 14: 0. Groups: 2 {1, 2, 3, 8}: 1–3, 2–8. 1 {4, 5, 6, 7, 9, 10, 15}: odd, its lowest, 15,
/// moves down (5b; no float in round 1); halves of 4, 5, 6, 7, 9, 10: 4–7, 5–9, 6–10. ½ {12, 16}:
/// 15 meets the highest, 12 (6a); 16 moves down and meets 11 (6a); 13–14.
/// Without the bonus (6.1) the 1-point group would be {1, 2, 3, 8, 9, 10, 15}.
#[test]
fn haley_round_two_6_2() {
    let ratings = sixteen();
    let r1: &[Game] = &[
        (1, 5, '1'),
        (6, 2, '0'),
        (3, 7, '1'),
        (8, 4, '1'),
        (9, 13, '1'),
        (14, 10, '0'),
        (11, 15, '0'),
        (16, 12, '='),
    ];
    let haley = file("FMJD_SWISS_RATING", &["XDO ACCELERATION=HALEY"], &ratings, &[r1], &[], 10);
    let expected = set(&[(1, 3), (2, 8), (4, 7), (5, 9), (6, 10), (12, 15), (11, 16), (13, 14)]);
    assert_eq!(pairs(&next(&haley).0), expected);
    let flag = DraughtsOptions { acceleration: Some(AccelerationMethod::FourGroups), ..DraughtsOptions::default() };
    assert_ne!(pairs(&next_with(&haley, &flag).0), expected);
}

/// 4.1, the bye's points. Seven players; round 1: 1–4 1-0, 5–2 1-0, 3–6 ½, 7 the bye; round 2:
/// 1–5 1-0, 2–3 ½, 6–7 0-1, 4 the bye.
///
/// The bye worth a win (the default): 1: 2, 7: 2, 3: 1, 4: 1, 5: 1, 2: ½, 6: ½. Groups: 2 {1, 7}:
/// 1–7. 1 {3, 4, 5}: the lowest, 5, moves down (5b); 3–4. ½ {2, 6}: 5 meets 2 — met in round 1 —
/// so 6 (6a, the next); 2, the last of the lowest group, gets the bye (4.1).
/// The bye worth ½ (`XDO BYE=0.5`): 1: 2, 7: 1½, 3: 1, 5: 1, 2: ½, 4: ½, 6: ½. 1 moves down and
/// meets 7; 3–5; ½ {2, 4, 6}: 6, the last, gets the bye; 2–4.
#[test]
fn bye_points_4_1() {
    let ratings = &EIGHT[..7];
    let r1: &[Game] = &[(1, 4, '1'), (5, 2, '1'), (3, 6, '='), (7, 0, 'U')];
    let r2: &[Game] = &[(1, 5, '1'), (2, 3, '='), (6, 7, '0'), (4, 0, 'U')];
    let (games, byes) = next(&file("FMJD_SWISS_RATING", &[], ratings, &[r1, r2], &[], 10));
    assert_eq!((pairs(&games), byes), (set(&[(1, 7), (3, 4), (5, 6)]), vec![2]));
    let half = file("FMJD_SWISS_RATING", &["XDO BYE=0.5"], ratings, &[r1, r2], &[], 5);
    let (games, byes) = next(&half);
    assert_eq!((pairs(&games), byes), (set(&[(1, 7), (3, 5), (2, 4)]), vec![6]));
    // The record's BYE prices the pairing-allocated bye, so the Points column agrees (`read`
    // validates it); the flag overrides it for the pairing.
    let t = read(&half);
    assert_eq!(t.point_system.pairing_allocated_bye, Some(Points::HALF));
    let flag = DraughtsOptions { bye_points: Some(Points::ONE), ..DraughtsOptions::default() };
    let (games, byes) = next_with(&half, &flag);
    assert_eq!((pairs(&games), byes), (set(&[(1, 7), (3, 4), (5, 6)]), vec![2]));
}

/// 4.2, withdrawn players: "The player is not paired anymore … When the number of players was even
/// a dummy player is added … If there was already a dummy player in the tournament this dummy player
/// is not paired anymore."
///
/// Even to odd: eight players, round 1 (A.b) 1–5 1-0, 6–2 0-1, 3–7 ½, 8–4 1-0; 6 withdraws. Seven
/// left, so the dummy: groups 1 {1, 2, 8}, ½ {3, 7}, 0 {4, 5}. 8 moves down (5b) and meets 3 (6a);
/// 1–2; 7 moves down and meets 4; 5, the last of the lowest group, gets the bye.
///
/// Odd to even: seven players, round 1 1–4 1-0, 5–2 1-0, 3–6 ½, 7 the bye; 7 withdraws. Six left:
/// no dummy, no bye. Groups 1 {1, 5}: 1–5; ½ {3, 6} met in round 1, so both move down (3.5) and meet
/// the 0 group {2, 4} in turn (6a): 3–2, 6–4.
#[test]
fn withdrawn_players_4_2() {
    let r1: &[Game] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '='), (8, 4, '1')];
    let (games, byes) = next(&file("FMJD_SWISS_RATING", &[], &EIGHT, &[r1], &[6], 10));
    assert_eq!((pairs(&games), byes), (set(&[(1, 2), (3, 8), (4, 7)]), vec![5]));
    let r1: &[Game] = &[(1, 4, '1'), (5, 2, '1'), (3, 6, '='), (7, 0, 'U')];
    let (games, byes) = next(&file("FMJD_SWISS_RATING", &[], &EIGHT[..7], &[r1], &[7], 10));
    assert_eq!((pairs(&games), byes), (set(&[(1, 5), (2, 3), (4, 6)]), Vec::<u32>::new()));
}

/// The options in `check`'s report, each with where it came from: flag over record over default.
#[test]
fn check_reports_the_options_and_their_sources() {
    let r1: &[Game] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("options.trf");
    std::fs::write(&path, file("FMJD_SWISS_RATING", &["XDO COLOURS=STRONG FLOATS=ON"], &EIGHT, &[r1], &[], 10))
        .unwrap();
    let flags = DraughtsOptions { floats: Some(false), ..DraughtsOptions::default() };
    let (_, report) =
        verify::check_path(&path, &verify::CheckOptions { organiser: flags.into(), ..Default::default() });
    let options = report.options.expect("FMJD options reported");
    let found: Vec<(&str, &str, &str)> =
        options.iter().map(|o| (o.name.as_ref(), o.value.as_str(), o.source.as_str())).collect();
    assert_eq!(
        found,
        vec![
            ("floats", "off", "flag"),
            ("colour-preference", "strong", "XDO record"),
            ("acceleration", "none", "default"),
            ("bye-points", "1.0", "default (a win's points, 4.1)"),
        ]
    );
    let json = serde_json::to_string(&options).unwrap();
    assert!(json.contains(r#""source":"XDO record""#), "{json}");
}

/// The XDO record round-trips through the writer, and a bad value is a finding, not a panic.
#[test]
fn the_xdo_record_round_trips() {
    let text = file(
        "KNDB_SWISS_SOLKOFF",
        &["XDO FLOATS=OFF COLOURS=WEAK ACCELERATION=FOUR-GROUPS BYE=1.5"],
        &EIGHT,
        &[],
        &[],
        10,
    );
    let t = read(&text);
    let declared = DraughtsOptions {
        floats: Some(false),
        colour_preference: Some(ColourPreference::Weak),
        acceleration: Some(AccelerationMethod::FourGroups),
        bye_points: Some(Points::from_tenths(15)),
    };
    assert_eq!(t.draughts_options, declared);
    let (written, _) = formats::trf::write(&t);
    assert!(written.contains("XDO FLOATS=OFF COLOURS=WEAK ACCELERATION=FOUR-GROUPS BYE=1.5"), "{written}");
    assert_eq!(read(&written).draughts_options, declared);
    for bad in
        ["XDO FLOATS=MAYBE", "XDO COLOURS=", "XDO SPEED=FAST", "XDO BYE=-1", "XDO \"", "XDO ACCELERATION=HALEY=1"]
    {
        let text = file("FMJD_SWISS_RATING", &[bad], &EIGHT, &[], &[], 10);
        let loaded = formats::read_bytes(Path::new("bad.trf"), text.as_bytes(), ReadOptions::default());
        assert!(loaded.diagnostics.has_errors(), "{bad}");
    }
}

/// `generate` → `check` is clean for every system and option combination (3 systems × floats on/off
/// × 3 colour preferences × 3 accelerations × bye points default or ½), on small random tournaments
/// with forfeits, byes and withdrawals; the options go through the XDO record `generate` writes.
#[test]
fn generated_tournaments_check_clean_under_every_option() {
    use crate::support::check_generated;
    let systems = [SystemId::FmjdRating, SystemId::FmjdSolkoff, SystemId::KndbSolkoff];
    let checked = AtomicUsize::new(0);
    let combinations = AtomicUsize::new(0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("generated.trf");
    for system in systems {
        for floats in [true, false] {
            for colours in ColourPreference::ALL {
                for acceleration in AccelerationMethod::ALL {
                    let mut runner =
                        TestRunner::new(Config { cases: 4, failure_persistence: None, ..Config::default() });
                    runner
                        .run(&(2u32..=18, 1u32..=6, any::<u64>(), any::<bool>()), |(players, rounds, seed, rough)| {
                            let mut options = GenerateOptions::new(system, players, rounds, seed);
                            options.scoring = "2,1,0".parse().unwrap();
                            options.organiser.draughts = DraughtsOptions {
                                floats: Some(floats),
                                colour_preference: Some(colours),
                                acceleration: Some(acceleration),
                                bye_points: rough.then_some(Points::ONE),
                            };
                            if rough {
                                options.forfeit_rate = 0.1;
                                options.bye_rate = 0.1;
                                options.withdraw_rate = 0.05;
                            }
                            let Some(report) = check_generated(&options, &path)? else { return Ok(()) };
                            let used = report.options.clone().unwrap_or_default();
                            prop_assert!(used.iter().all(|o| o.source == "XDO record"), "{:?}", used);
                            checked.fetch_add(report.rounds.len(), Ordering::Relaxed);
                            Ok(())
                        })
                        .unwrap_or_else(|e| panic!("{system} floats {floats} {colours} {acceleration}: {e}"));
                    combinations.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
    let checked = checked.into_inner();
    eprintln!("FMJD options generate → check: {} combinations, {checked} rounds clean", combinations.into_inner());
    assert!(checked > 300, "{checked}");
}

/// The flags end to end: `generate` writes its options into `XDO`; `check` says each option and its
/// source in text and JSON; a flag on `check` overrides the record (and round 1 of 6.1 then
/// differs from A.b's); `pair` takes the flags; bad values are usage errors (exit 2); the options
/// are refused by `generate` for a FIDE system.
#[test]
fn the_flags_on_generate_check_and_pair() {
    use crate::support::trfcheck;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("haley.trf");
    let generate = ["generate", "--system", "fmjd-rating", "--players", "12", "--rounds", "4", "--points", "2,1,0"];
    trfcheck()
        .args(generate)
        .args(["--acceleration", "haley", "--colour-preference", "weak", "--floats", "off", "--bye-points", "1", "-o"])
        .arg(&path)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("XDO FLOATS=OFF COLOURS=WEAK ACCELERATION=HALEY BYE=1.0"), "{text}");
    let out = trfcheck().arg("check").arg(&path).assert().code(0).get_output().stdout.clone();
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.contains(
            "options: floats off (XDO record), colour-preference weak (XDO record), acceleration haley (XDO \
             record), bye-points 1.0 (XDO record)"
        ),
        "{out}"
    );
    let out = trfcheck()
        .args(["check", "--format", "json", "--acceleration", "none"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["options"][2]["value"], "none");
    assert_eq!(json["options"][2]["source"], "flag");
    assert_eq!(json["rounds"][0]["status"], "mismatch", "{json}");
    // `pair` on 7c's round 2 (see `strong_colour_preference_7c`): the record's strong preference,
    // then the flag's none.
    let r1: &[Game] = &[(1, 5, '1'), (6, 2, '0'), (3, 7, '1'), (8, 4, '0')];
    let strong = dir.path().join("strong.trf");
    std::fs::write(&strong, file("FMJD_SWISS_RATING", &["XDO COLOURS=STRONG"], &EIGHT, &[r1], &[], 10)).unwrap();
    let output = trfcheck().arg("pair").arg(&strong).assert().code(0).get_output().clone();
    let boards = String::from_utf8_lossy(&output.stdout).to_string();
    let lines: BTreeSet<&str> = boards.lines().skip(1).collect();
    assert_eq!(lines, BTreeSet::from(["4 1", "2 3", "5 8", "7 6"]), "{boards}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("colour-preference strong (XDO record)"));
    let output =
        trfcheck().args(["pair", "--colour-preference", "none"]).arg(&strong).assert().code(0).get_output().clone();
    let boards = String::from_utf8_lossy(&output.stdout).to_string();
    let games: BTreeSet<(u32, u32)> = boards
        .lines()
        .skip(1)
        .map(|l| {
            let (a, b) = l.split_once(' ').unwrap();
            let (a, b) = (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap());
            (a.min(b), a.max(b))
        })
        .collect();
    assert_eq!(games, set(&[(1, 3), (2, 4), (5, 7), (6, 8)]), "{boards}");
    trfcheck().args(["check", "--colour-preference", "purple"]).arg(&path).assert().code(2);
    trfcheck().args(["check", "--bye-points", "-1"]).arg(&path).assert().code(2);
    trfcheck()
        .args(["generate", "--system", "dutch-2025", "--players", "8", "--rounds", "3", "--floats", "off"])
        .assert()
        .code(2);
}

/// The FMJD flags on a file under another system: `check` and `pair` say they are ignored (the
/// system comes from the file, so they cannot refuse them up front as `generate` does), and the
/// verdict stays that of the system.
#[test]
fn the_flags_are_said_to_be_ignored_under_other_systems() {
    use crate::support::trfcheck;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dutch.trf");
    trfcheck()
        .args(["generate", "--system", "dutch-2025", "--players", "10", "--rounds", "3", "--seed", "5", "-o"])
        .arg(&path)
        .assert()
        .code(0);
    let warning = "warning: --floats, --acceleration apply to the FMJD systems only; dutch-2025 ignores them";
    let output = trfcheck().args(["check", "--floats", "off", "--acceleration", "haley"]).arg(&path).assert().code(0);
    let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
    assert!(stderr.contains(warning), "{stderr}");
    // Without the flags, no warning.
    let output = trfcheck().arg("check").arg(&path).assert().code(0);
    assert!(output.get_output().stderr.is_empty(), "{:?}", String::from_utf8_lossy(&output.get_output().stderr));
    // `pair` with a fourth round to pair (142: the number of rounds): the same warning, and the
    // pairing.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\n142 3\r\n"), "{text}");
    std::fs::write(&path, text.replace("\n142 3\r\n", "\n142 4\r\n")).unwrap();
    let output = trfcheck().args(["pair", "--bye-points", "1"]).arg(&path).assert().code(0);
    assert!(!output.get_output().stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
    assert!(
        stderr.contains("warning: --bye-points applies to the FMJD systems only; dutch-2025 ignores it"),
        "{stderr}"
    );
}
