//! Final standings of the FMJD systems (FMJD Annex 5 section 3.1, section 5, appendix D): a small
//! tournament computed by hand for every tie-break and every rule for unplayed rounds, the printed
//! `SSolk` column of the 2022 Ouagadougou Open, the `XDT` record, and `check`'s output.

use std::path::Path;

use assert_cmd::Command;
use trfcheck::formats::{self, ReadOptions};
use trfcheck::model::{Points, Tournament, UnplayedCount, UnplayedRule};
use trfcheck::standings::{self, Standings};
use trfcheck::systems::SystemId;
use trfcheck::systems::fmjd::Variant;
use trfcheck::verify;

/// Five players rated 2000, 1900, 1800, 1700, 1600, draughts points (win 2, draw 1, bye 2):
///
/// | round | games (white–black: white's result) | bye |
/// |---|---|---|
/// | 1 | 1–4 win, 2–5 draw | 3 |
/// | 2 | 3–1 draw, 4–2 loss | 5 |
/// | 3 | 1–5 forfeit won by 1, 2–3 loss | 4 |
///
/// Scores: 1: 2+1+2 = 5; 2: 1+2+0 = 3; 3: 2+1+2 = 5; 4: 0+0+2 = 2; 5: 1+2+0 = 3 (18 = 3 × 6).
const ROUNDS: [[(u32, u32, char); 3]; 3] = [
    [(1, 4, '1'), (2, 5, '='), (3, 0, 'U')],
    [(3, 1, '='), (4, 2, '0'), (5, 0, 'U')],
    [(1, 5, '+'), (2, 3, '0'), (4, 0, 'U')],
];

/// The tournament of `ROUNDS` in the model, then as TRF text with `extra` records added.
fn tournament() -> Tournament {
    use trfcheck::model::{Colour, Header, Player, PointSystem, ResultCode, RoundEntry};
    let entry = |id: u32, round: &[(u32, u32, char)]| {
        let (w, b, r) = *round.iter().find(|&&(w, b, _)| w == id || b == id).expect("everyone is paired");
        let (opponent, colour) = if w == id { (b, Colour::White) } else { (w, Colour::Black) };
        let mirrored = match r {
            '1' => '0',
            '0' => '1',
            '+' => '-',
            '-' => '+',
            c => c,
        };
        let code = if w == id { r } else { mirrored };
        match code {
            'U' => RoundEntry::bye(ResultCode::PairingAllocatedBye),
            c @ ('+' | '-') => {
                RoundEntry { colour: None, ..RoundEntry::game(opponent, colour, ResultCode::from_char(c).unwrap()) }
            }
            c => RoundEntry::game(opponent, colour, ResultCode::from_char(c).unwrap()),
        }
    };
    let system = PointSystem::draughts();
    let players = [2000, 1900, 1800, 1700, 1600]
        .iter()
        .zip(1..)
        .map(|(&rating, id)| {
            let rounds: Vec<RoundEntry> = ROUNDS.iter().map(|round| entry(id, round)).collect();
            let mut player =
                Player { id, name: format!("Player {id:03}"), rating: Some(rating), rounds, ..Player::default() };
            player.points = Some(player.points_from_results(&system));
            player
        })
        .collect();
    Tournament {
        header: Header {
            name: Some("trfcheck FMJD standings example".into()),
            rounds: Some(3),
            system_code: Some("FMJD_SWISS_SOLKOFF".into()),
            ..Header::default()
        },
        players,
        point_system: system,
        point_system_declared: true,
        ..Tournament::default()
    }
}

fn trf(extra: &str) -> String {
    let (text, warnings) = formats::trf::write(&tournament());
    assert!(warnings.is_empty(), "{warnings:?}");
    if extra.is_empty() { text } else { format!("{extra}\n{text}") }
}

fn read(text: &str) -> Tournament {
    let loaded = formats::read_bytes(Path::new("standings.trf"), text.as_bytes(), ReadOptions::default());
    assert_eq!(loaded.diagnostics.error_count(), 0, "{:?}\n{text}", loaded.diagnostics);
    loaded.valid_tournament().unwrap_or_else(|| panic!("not read:\n{text}")).clone()
}

fn table(variant: Variant, rule: UnplayedRule) -> Standings {
    standings::standings(&read(&trf("")), 3, variant, rule, "test")
}

fn p(whole: i64) -> Points {
    Points::whole(whole)
}

/// (player, score, Solkoff, median, truncated, SB) of every player, by pairing number.
fn values(s: &Standings) -> Vec<(u32, Points, Points, Points, Vec<Points>, Points)> {
    let mut out: Vec<_> = s
        .players
        .iter()
        .map(|x| {
            let t = &x.tiebreaks;
            (x.player, x.score, t.solkoff, t.solkoff_median, t.solkoff_truncated.clone(), t.sonneborn_berger)
        })
        .collect();
    out.sort_by_key(|v| v.0);
    out
}

/// The default rule (bye = the 4.1 dummy with 0 points, forfeit = the scheduled opponent), by hand:
/// - 1 met 4 (2 points, won), 3 (5, drew), forfeit against 5 (3, won): values 2, 5, 3. Solkoff
///   (3.1a) 10; median (3.1b) 10 − 5 − 2 = 3; truncated (3.1c, two levels for three rounds)
///   10 − 2 = 8, 10 − 2 − 3 = 5; SB (3.1d) 2×2 + 5 + 2×3 = 15.
/// - 2 met 5 (3, drew), 4 (2, won), 3 (5, lost): 10; 3; 8, 5; SB 3 + 2×2 = 7.
/// - 3 had the bye (0, a win), met 1 (5, drew), 2 (3, won): 8; 8 − 5 − 0 = 3; 8, 5; SB 0 + 5 + 6 = 11.
/// - 4 met 1 (5, lost), 2 (3, lost), bye (0, a win): 8; 3; 8, 5; SB 0.
/// - 5 met 2 (3, drew), bye (0), forfeit lost to 1 (5): 8; 3; 8, 5; SB 3.
#[test]
fn every_tie_break_of_3_1_by_hand() {
    let s = table(Variant::KndbSolkoff, UnplayedRule::default());
    assert_eq!(
        values(&s),
        vec![
            (1, p(5), p(10), p(3), vec![p(8), p(5)], p(15)),
            (2, p(3), p(10), p(3), vec![p(8), p(5)], p(7)),
            (3, p(5), p(8), p(3), vec![p(8), p(5)], p(11)),
            (4, p(2), p(8), p(3), vec![p(8), p(5)], p(0)),
            (5, p(3), p(8), p(3), vec![p(8), p(5)], p(3)),
        ]
    );
    let by = |id: u32| s.players.iter().find(|x| x.player == id).unwrap().tiebreaks.clone();
    // 3.1e: 1 met 1700 and 1800 and was scheduled against 1600 (counted, the forfeit rule is
    // `scheduled`): 1700. 3 met 2000 and 1900 (the bye has no rating): 1950. 2: 1600, 1700, 1800.
    assert_eq!(by(1).average_rating, Some(1700.0));
    assert_eq!(by(3).average_rating, Some(1950.0));
    assert_eq!(by(2).average_rating, Some(1700.0));
    assert_eq!(by(5).average_rating, Some(1950.0));
    // Appendix D: 2 drew 1600, beat 1700, lost to 1800: 1.5 of 3. At 1700 the expectations are
    // E(+100) + ½ + E(−100) = 1.5 (E(d) + E(−d) = 1), so 1700. 4 lost both games: no finite
    // rating, the bound 800 below the weaker opponent (1900 − 800).
    assert_eq!(by(2).performance, Some(1700));
    assert_eq!(by(4).performance, Some(1100));
    // 3.1g and 3.1h.
    assert_eq!((by(4).rating, by(4).lot), (Some(1700), Some(4)));
}

/// Section 5's orders on the hand tournament:
/// - 5.3 (score, Solkoff, SB): 1 (5, 10) before 3 (5, 8); 2 (3, 10) before 5 (3, 8); then 4.
/// - 5.2 (score, median, truncated): 1 and 3 are equal on both (3; 8, 5), so they share 1st; 2 and
///   5 share 3rd.
/// - 5.1 (score, average opponent rating): 3 (1950) before 1 (1700); 5 (1950) before 2 (1700).
#[test]
fn section_5_orders_the_standings() {
    let order = |variant| {
        table(variant, UnplayedRule::default()).players.iter().map(|x| (x.rank, x.player)).collect::<Vec<_>>()
    };
    assert_eq!(order(Variant::KndbSolkoff), vec![(1, 1), (2, 3), (3, 2), (4, 5), (5, 4)]);
    assert_eq!(order(Variant::FmjdSolkoff), vec![(1, 1), (1, 3), (3, 2), (3, 5), (5, 4)]);
    assert_eq!(order(Variant::Rating), vec![(1, 3), (2, 1), (3, 5), (4, 2), (5, 4)]);
}

/// The verdict on stated places, as a chess file's ranks get it (the same code): the hand
/// tournament with its places written in 001 columns 86–89.
/// - 5.3 orders 1, 3, 2, 5, 4: those places match; 3 placed before 1 is a finding, Solkoff
///   deciding (1 has 10, 3 has 8, see above).
/// - 5.2 leaves 1 and 3 tied (reading T6): either order matches.
/// - 5.1 puts 3 (opponents averaging 1950) before 1 (1700), and 5 (1950) before 2 (1700): the
///   places of 5.3 give two findings.
/// - A Points column that disagrees with the results leaves the places unchecked.
#[test]
fn stated_places_are_checked_against_section_5s_order() {
    use trfcheck::standings::verdict::RankStatus;
    let placed = |places: [u32; 5], points_of_1: Option<i64>| {
        let mut t = tournament();
        for (player, place) in t.players.iter_mut().zip(places) {
            player.rank = Some(place);
        }
        if let Some(points) = points_of_1 {
            t.players[0].points = Some(p(points));
        }
        let (text, _) = formats::trf::write(&t);
        read(&text)
    };
    let verdict = |t: &Tournament, variant| standings::standings(t, 3, variant, UnplayedRule::default(), "test").ranks;
    // Places by pairing number: players 1, 2, 3, 4, 5.
    let kndb = placed([1, 3, 2, 5, 4], None);
    let ranks = verdict(&kndb, Variant::KndbSolkoff).expect("places are stated");
    assert_eq!((ranks.status, ranks.ranks_checked, ranks.source), (RankStatus::Match, 5, "section 5.3"));
    assert_eq!(ranks.tie_breaks, ["score", "solkoff", "sonneborn_berger"]);
    let swapped = placed([2, 3, 1, 5, 4], None);
    let ranks = verdict(&swapped, Variant::KndbSolkoff).unwrap();
    assert_eq!(ranks.status, RankStatus::Mismatch);
    assert_eq!(
        ranks.findings,
        ["ranks 1 and 2 swapped: Player 003 (3) and Player 001 (1); solkoff gives Player 001 (1) 10.0 and \
          Player 003 (3) 8.0"]
    );
    assert_eq!(verdict(&swapped, Variant::FmjdSolkoff).unwrap().status, RankStatus::Match);
    let rating = verdict(&kndb, Variant::Rating).unwrap();
    assert_eq!(
        rating.findings,
        [
            "ranks 1 and 2 swapped: Player 001 (1) and Player 003 (3); average_rating gives Player 003 (3) 1950.00 \
             and Player 001 (1) 1700.00",
            "ranks 3 and 4 swapped: Player 002 (2) and Player 005 (5); average_rating gives Player 005 (5) 1950.00 \
             and Player 002 (2) 1700.00"
        ]
    );
    let ranks = verdict(&placed([1, 3, 2, 5, 4], Some(6)), Variant::KndbSolkoff).unwrap();
    assert_eq!(ranks.status, RankStatus::NotChecked);
    assert!(ranks.reason.unwrap().contains("differ from the results"));
    // `check` fails the file on it, as on a chess file's ranks.
    let (_, report) = verify::check_bytes(
        Path::new("places.trf"),
        formats::trf::write(&swapped).0.as_bytes(),
        &verify::CheckOptions { system: Some(SystemId::KndbSolkoff.into()), ..Default::default() },
    );
    assert_eq!(report.rank_check().map(|r| r.status), Some(RankStatus::Mismatch));
    assert!(report.summary_line().contains("standings differ (1 finding)"), "{}", report.summary_line());
}

/// The rules for unplayed rounds, on player 3 (bye in round 1; met 1 with 5 points, drew; 2 with 3,
/// won) and player 1 (forfeit won in round 3 against 5, who has 3 points; met 4 (2) and 3 (5)):
/// - ignore: 3 counts 5, 3: Solkoff 8, median 0, truncated 5, 0, SB 5 + 6 = 11; 1 counts 2, 5: 7, SB 9.
/// - zero: 3 as the default; 1 counts 2, 5, 0: 7, median 2, truncated 7, 5, SB 9.
/// - own-score: 3 counts its own 5: 5, 5, 3: 13, median 5, truncated 10, 5, SB 2×5 + 5 + 6 = 21.
/// - virtual (FIDE 2012): 3's round-1 virtual opponent has 0 before the round + (2 − 2) + a draw
///   (1) for each of the 2 later rounds = 2: 2, 5, 3: 10, SB 4 + 5 + 6 = 15. 1's round-3 one: 3 + 0
///   + 0 = 3.
#[test]
fn each_rule_for_unplayed_rounds_by_hand() {
    let get = |count: UnplayedCount, id: u32| {
        let s = table(Variant::KndbSolkoff, UnplayedRule::uniform(count));
        values(&s).into_iter().find(|v| v.0 == id).unwrap()
    };
    assert_eq!(get(UnplayedCount::Ignore, 3), (3, p(5), p(8), p(0), vec![p(5), p(0)], p(11)));
    assert_eq!(get(UnplayedCount::Ignore, 1), (1, p(5), p(7), p(0), vec![p(5), p(0)], p(9)));
    assert_eq!(get(UnplayedCount::Zero, 3), (3, p(5), p(8), p(3), vec![p(8), p(5)], p(11)));
    assert_eq!(get(UnplayedCount::Zero, 1), (1, p(5), p(7), p(2), vec![p(7), p(5)], p(9)));
    assert_eq!(get(UnplayedCount::OwnScore, 3), (3, p(5), p(13), p(5), vec![p(10), p(5)], p(21)));
    assert_eq!(get(UnplayedCount::Virtual, 3), (3, p(5), p(10), p(3), vec![p(8), p(5)], p(15)));
    assert_eq!(get(UnplayedCount::Virtual, 1).2, p(10));
    // `scheduled` has no opponent for a bye: it counts as `zero` there.
    assert_eq!(get(UnplayedCount::Scheduled, 3), get(UnplayedCount::Zero, 3));
}

/// `XDT` declares the rule; it reads, writes and reads back the same; `check` uses it, and
/// `--solkoff-unplayed` overrides it.
#[test]
fn the_xdt_record_round_trips_and_check_uses_it() {
    let t = read(&trf("XDT BYE=own-score forfeit=IGNORE"));
    let rule =
        UnplayedRule { bye: UnplayedCount::OwnScore, forfeit: UnplayedCount::Ignore, absent: UnplayedCount::Ignore };
    assert_eq!(t.unplayed_rule, Some(rule));
    let (written, warnings) = formats::trf::write(&t);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(written.contains("XDT BYE=OWN-SCORE FORFEIT=IGNORE ABSENT=IGNORE"), "{written}");
    assert_eq!(read(&written), t);
    for bad in ["XDT", "XDT BYE=draw", "XDT GAME=zero", "XDT BYE"] {
        let loaded = formats::read_bytes(Path::new("x.trf"), trf(bad).as_bytes(), ReadOptions::default());
        assert!(loaded.diagnostics.error_count() > 0, "{bad}");
    }

    let path = std::env::temp_dir().join(format!("trfcheck-xdt-{}.trf", std::process::id()));
    std::fs::write(&path, trf("XDT BYE=own-score")).unwrap();
    let options =
        verify::CheckOptions { system: Some(SystemId::KndbSolkoff.into()), ..verify::CheckOptions::default() };
    let (_, report) = verify::check_path(&path, &options);
    let s = report.standings.expect("standings for an FMJD system");
    assert_eq!((s.unplayed.bye, s.unplayed_source.as_str(), s.after_round), (UnplayedCount::OwnScore, "XDT", 3));
    // Own score for 3's bye: Solkoff 13 (above).
    assert_eq!(s.players.iter().find(|x| x.player == 3).unwrap().tiebreaks.solkoff, p(13));

    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_trfcheck")).arg("check").arg(&path).args(args).output().unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let json: serde_json::Value =
        serde_json::from_str(run(&["--format", "json", "--solkoff-unplayed", "bye=ignore"]).trim()).unwrap();
    assert_eq!(json["standings"]["unplayed_source"], "--solkoff-unplayed");
    assert_eq!(json["standings"]["order"], serde_json::json!(["score", "solkoff_median", "solkoff_truncated"]));
    let three = json["standings"]["players"].as_array().unwrap().iter().find(|x| x["player"] == 3).unwrap();
    assert_eq!(three["tiebreaks"]["solkoff"], 8);
    assert_eq!(three["score"], 5);
    let text = run(&[]);
    assert!(text.contains("standings after round 3"), "{text}");
    assert!(!run(&["--no-standings"]).contains("standings after"));
    assert!(!run(&["--format", "json", "--no-standings"]).contains("\"standings\""));
    assert!(!run(&["--format", "bbp"]).contains("standings after"));
    // `--rounds`: the standings after the last checked round (2: round 3 left out).
    let json: serde_json::Value = serde_json::from_str(run(&["--format", "json", "--rounds", "1-2"]).trim()).unwrap();
    assert_eq!(json["standings"]["after_round"], 2);
    // A printed tie-break that differs is named in the text (1's SSolk, 3.1c's first level, is 8).
    std::fs::write(&path, trf("XDP    1 TB:SSolk=9 TB:Buchholz=10")).unwrap();
    let text = run(&[]);
    assert!(text.contains("player 1 (Player 001): the file prints SSolk 9.0, computed 8.0"), "{text}");
    assert!(!text.contains("prints Buchholz"), "{text}");
    // A FIDE system gets no standings.
    assert!(!run(&["--system", "dutch-2025", "--format", "json"]).contains("\"standings\""));
    let _ = std::fs::remove_file(&path);
}

/// The 2022 Ouagadougou Open prints `SSolk`, Draughts Arbiter's short truncated Solkoff (3.1c's
/// first level) for all 68 players. The default rule reproduces every value; a forfeit counted as
/// nothing, as 0 or as one's own score does not: players 66, 67 and 68 (by final place) had the
/// two double forfeits of round 8–9, and their values move.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn ouagadougou_printed_ssolk_is_reproduced_by_the_default_rule() {
    let shared = crate::corpus::shared();
    let path = shared.join("corpus/fmjd/clpippel__tiebreak__2022-Ouagadougou-Open.csv");
    let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
    let t = loaded.valid_tournament().unwrap();
    let differing = |rule: UnplayedRule| {
        let s = standings::standings(t, 9, Variant::FmjdSolkoff, rule, "test");
        assert_eq!(s.players.iter().filter(|x| !x.printed.is_empty()).count(), 68);
        let mut places: Vec<u32> =
            s.disagreements().map(|(x, _)| t.player(x.player).and_then(|p| p.rank).unwrap_or(0)).collect();
        places.sort();
        places
    };
    assert_eq!(differing(UnplayedRule::default()), Vec::<u32>::new());
    assert_eq!(differing(UnplayedRule::uniform(UnplayedCount::Scheduled)), Vec::<u32>::new());
    assert_eq!(differing(UnplayedRule::uniform(UnplayedCount::Ignore)), vec![66, 67, 68]);
    // As 0 the forfeit is the lowest value and truncation drops it, except for 67, who had two.
    assert_eq!(differing(UnplayedRule::uniform(UnplayedCount::Zero)), vec![67]);
    assert_eq!(differing(UnplayedRule::uniform(UnplayedCount::OwnScore)), vec![67]);

    // The printed places follow the score under every system's order: each score group holds
    // the same places (the order inside a group is the organiser's chain, not declared).
    for variant in [Variant::Rating, Variant::FmjdSolkoff, Variant::KndbSolkoff] {
        let s = standings::standings(t, 9, variant, UnplayedRule::default(), "test");
        for x in &s.players {
            let place = t.player(x.player).and_then(|p| p.rank).unwrap();
            let group: Vec<u32> = s.players.iter().filter(|y| y.score == x.score).map(|y| y.rank).collect();
            let first = *group.iter().min().unwrap();
            assert!((first..first + group.len() as u32).contains(&place), "{variant:?} {} {place}", x.player);
        }
    }
    // Inside the score groups, section 5.2's chain gives 56 of the 68 places: six neighbouring
    // pairs are the other way round, each a finding of the verdict on the places.
    let s = standings::standings(t, 9, Variant::FmjdSolkoff, UnplayedRule::default(), "test");
    let ranks = s.ranks.expect("the crosstable numbers its rows by place");
    assert_eq!(ranks.ranks_checked, 68);
    assert_eq!(ranks.findings.len(), 6, "{:#?}", ranks.findings);
    assert!(ranks.findings.iter().all(|f| f.contains(" swapped: ")), "{:#?}", ranks.findings);
}

/// Absences (`absent`): four players, draughts points. Round 1: 1–2 won by 1, 3–4 drawn. Round 2:
/// 1–3 drawn; 2 absent (`Z`), 4 withdrawn (nothing recorded). Scores 1: 3, 2: 0, 3: 2, 4: 1.
/// - 2 met 1 (3, lost). ignore: 3 alone: Solkoff 3, median 0, truncated (one level) 0.
///   zero and own-score (2 has 0): 3, 0: 3, median 0, truncated 3. virtual: 0 before the round +
///   (2 − 0) + no later round = 2: 3, 2: Solkoff 5, truncated 3. SB 0 under all (a loss, an absence).
/// - 4 drew 3 (2). ignore: Solkoff 2, truncated 0, SB 2. virtual: 1 before round 2 + 2 − 0 = 3:
///   2, 3: Solkoff 5, truncated (drops the 2) 3, SB 2.
#[test]
fn absences_by_each_rule_by_hand() {
    use trfcheck::model::{Colour, Player, PointSystem, ResultCode, RoundEntry};
    let game = RoundEntry::game;
    let player = |id: u32, rounds: Vec<RoundEntry>| Player { id, name: format!("P{id}"), rounds, ..Player::default() };
    let t = Tournament {
        players: vec![
            player(1, vec![game(2, Colour::White, ResultCode::Win), game(3, Colour::Black, ResultCode::Draw)]),
            player(2, vec![game(1, Colour::Black, ResultCode::Loss), RoundEntry::bye(ResultCode::ZeroPointBye)]),
            player(3, vec![game(4, Colour::White, ResultCode::Draw), game(1, Colour::White, ResultCode::Draw)]),
            player(4, vec![game(3, Colour::Black, ResultCode::Draw)]),
        ],
        point_system: PointSystem::draughts(),
        ..Tournament::default()
    };
    let get = |count: UnplayedCount, id: u32| {
        let rule = UnplayedRule { absent: count, ..UnplayedRule::default() };
        let s = standings::standings(&t, 2, Variant::KndbSolkoff, rule, "test");
        values(&s).into_iter().find(|v| v.0 == id).unwrap()
    };
    assert_eq!(get(UnplayedCount::Ignore, 2), (2, p(0), p(3), p(0), vec![p(0)], p(0)));
    assert_eq!(get(UnplayedCount::Zero, 2), (2, p(0), p(3), p(0), vec![p(3)], p(0)));
    assert_eq!(get(UnplayedCount::OwnScore, 2), (2, p(0), p(3), p(0), vec![p(3)], p(0)));
    assert_eq!(get(UnplayedCount::Virtual, 2), (2, p(0), p(5), p(0), vec![p(3)], p(0)));
    assert_eq!(get(UnplayedCount::Ignore, 4), (4, p(1), p(2), p(0), vec![p(0)], p(2)));
    assert_eq!(get(UnplayedCount::Virtual, 4), (4, p(1), p(5), p(0), vec![p(3)], p(2)));
}

/// Properties on generated tournaments (2/1/0, forfeits, byes, withdrawals), for every system's order:
/// - each player's score is the Points column the generator wrote;
/// - under the default rule every scheduled game counts the opponent's final score once and byes
///   count 0, so Σ Solkoff = Σ over players of score × games scheduled (played or forfeited);
/// - median ≤ the first truncated level ≤ Solkoff, and the truncated levels never rise;
/// - the standings go by score, ranks start at 1 and never fall; `check` reports them after the last
///   checked round.
#[test]
fn generated_standings_keep_their_invariants() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    use trfcheck::generate::{self, GenerateOptions};
    let checked = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config { cases: 60, failure_persistence: None, ..Config::default() });
    runner
        .run(&(2u32..=30, 1u32..=8, any::<u64>(), 0usize..3), |(players, rounds, seed, system)| {
            let system = [SystemId::FmjdRating, SystemId::FmjdSolkoff, SystemId::KndbSolkoff][system];
            let mut options = GenerateOptions::new(system, players, rounds, seed);
            options.scoring = "2,1,0".parse().unwrap();
            options.forfeit_rate = 0.1;
            options.bye_rate = 0.1;
            options.withdraw_rate = 0.03;
            let Ok(t) = generate::generate(&options) else { return Ok(()) };
            let last = t.rounds_paired();
            let Some(s) = verify::fmjd_standings(&t, system, last, None) else {
                prop_assert_eq!(last, 0);
                return Ok(());
            };
            prop_assert_eq!(s.after_round, last);
            let mut solkoffs = Points::ZERO;
            let mut weighted = Points::ZERO;
            for x in &s.players {
                let player = t.player(x.player).unwrap();
                prop_assert_eq!(Some(x.score), player.points);
                let scheduled = (1..=last).filter(|&r| player.round(r).scheduled_opponent().is_some()).count();
                weighted += x.score.times(scheduled as i64);
                let tb = &x.tiebreaks;
                solkoffs += tb.solkoff;
                prop_assert!(tb.solkoff_median <= tb.solkoff_truncated[0] && tb.solkoff_truncated[0] <= tb.solkoff);
                prop_assert!(tb.solkoff_truncated.windows(2).all(|w| w[0] >= w[1]), "{:?}", tb.solkoff_truncated);
            }
            prop_assert_eq!(solkoffs, weighted);
            prop_assert_eq!(s.players[0].rank, 1);
            prop_assert!(s.players.windows(2).all(|w| w[0].score >= w[1].score && w[0].rank <= w[1].rank));
            checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    let checked = checked.into_inner();
    assert!(checked > 40, "only {checked} generated tournaments had standings");
}
