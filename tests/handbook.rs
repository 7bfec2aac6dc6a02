//! The worked examples of the FIDE handbook texts, as pairings.
//!
//! The texts are the authority: C.04.3 (Dutch system, from 2026-02-01, "2025" here, and the
//! 2017 text in force until 2026-01-31), C.04.2 (general handling rules), C.04.7 (accelerated
//! systems). An ordering rule is made observable by a small tournament whose bracket has the size
//! of the example, with every quality criterion equal among the candidates compared (round 1, or
//! players without colour histories and floats), and forbidden pairs (`XXP a b`) that rule out the
//! candidates generated before the one the example is about. The engine takes the first candidate
//! in generation order among equally good ones, so its pairing must be the one the rule names.
//! Every expected pairing below was derived by hand from the rule text; the derivation is in the
//! comment next to it.
//!
//! Colours follow C.04.3 5.2 (2017: E). In round 1 nobody has a colour preference, so 5.2.5
//! decides every board: the higher-ranked player (the smaller pairing number, all scores being
//! equal) gets the initial colour (`XXC white1`: White) with an odd pairing number, the other
//! colour with an even one. Boards are written `(white, black)`; board order is not asserted.

use std::collections::BTreeSet;
use std::path::Path;

use trfcheck::exit::Status;
use trfcheck::formats::{self, ReadOptions};
use trfcheck::model::{Colour, Points, Tournament};
use trfcheck::state::{Participation, PreferenceStrength, RoundState};
use trfcheck::systems::SystemId;
use trfcheck::verify::CheckOptions;
use trfcheck::{validate, verify};

/// Both versions of the Dutch rules, where their texts say the same.
const BOTH: [SystemId; 2] = [SystemId::Dutch2025, SystemId::Dutch2017];
/// The three versions, where the 2012 text says the same too: its D.1 lists the transpositions in
/// the same lexicographic order, its D.2 orders exchanges by the number of players exchanged, the
/// difference of the sums of their numbers, then the S1 subsets in decreasing and the S2 subsets
/// in increasing lexicographic order (2025 4.3.2 rules 1-4 in other words), and its E.5 gives the
/// odd-numbered S1 players of round 1 the colour drawn by lot.
const ALL_DUTCH: [SystemId; 3] = [SystemId::Dutch2025, SystemId::Dutch2017, SystemId::Dutch2012];
const DUTCH_2025: [SystemId; 1] = [SystemId::Dutch2025];

/// A player's record of one round.
#[derive(Clone, Copy, Debug)]
enum Cell {
    Game { opponent: u32, colour: char, result: char },
    Unpaired(char),
}

/// A tournament written as TRF-2026 text: players `1..=n` (ratings falling with the pairing
/// number), the recorded rounds, and the markers of the round to pair.
struct Trf {
    players: u32,
    header: Vec<String>,
    rounds: Vec<Vec<Cell>>,
    /// Players marked `0000 - Z` in the round to pair (not paired in it).
    absent: Vec<u32>,
    /// Points of a win and of a draw, in tenths.
    win: i64,
    draw: i64,
    /// Points of the pairing-allocated bye, in tenths (a win's unless declared otherwise).
    pab: i64,
}

impl Trf {
    /// `players` players in a tournament of `total_rounds` rounds, White drawn for the top player.
    fn new(players: u32, total_rounds: u32) -> Trf {
        Trf {
            players,
            header: vec![
                "012 trfcheck handbook example".to_owned(),
                format!("XXR {total_rounds}"),
                "XXC white1".to_owned(),
            ],
            rounds: Vec::new(),
            absent: Vec::new(),
            win: 10,
            draw: 5,
            pab: 10,
        }
    }

    /// Replaces the initial colour (`XXC white1`/`XXC black1`).
    fn initial(mut self, colour: &str) -> Trf {
        for line in &mut self.header {
            if line.starts_with("XXC") {
                *line = format!("XXC {colour}1");
            }
        }
        self
    }

    fn record(mut self, line: &str) -> Trf {
        self.header.push(line.to_owned());
        self
    }

    /// The pairing-allocated bye is worth `tenths` (`XXS PAB=…`), as the tournament's rules may
    /// decide (C.04.1 Art. 3).
    fn pab_worth(mut self, tenths: i64) -> Trf {
        self.pab = tenths;
        self.record(&format!("XXS PAB={}", Points::from_tenths(tenths)))
    }

    /// Forbids each pair (`XXP a b`: the two may not meet).
    fn forbid(mut self, pairs: &[(u32, u32)]) -> Trf {
        for &(a, b) in pairs {
            self.header.push(format!("XXP {a} {b}"));
        }
        self
    }

    /// Forbids every pair among `1..=within` except the `allowed` ones.
    fn allow_only(self, within: u32, allowed: &[(u32, u32)]) -> Trf {
        let allowed: BTreeSet<(u32, u32)> = allowed.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        let forbidden: Vec<(u32, u32)> =
            (1..=within).flat_map(|a| (a + 1..=within).map(move |b| (a, b))).filter(|p| !allowed.contains(p)).collect();
        self.forbid(&forbidden)
    }

    /// A recorded round: games `(white, black, result)` with the result as the white player's
    /// code (`1 = 0 + -`), and players without a game `(player, code)` (`H F U Z`). Players not
    /// named are absent (`Z`).
    fn round(mut self, games: &[(u32, u32, char)], unpaired: &[(u32, char)]) -> Trf {
        let mut cells: Vec<Option<Cell>> = vec![None; self.players as usize];
        let mut put = |player: u32, cell: Cell| {
            let slot = &mut cells[player as usize - 1];
            assert!(slot.is_none(), "player {player} twice in round {}", self.rounds.len() + 1);
            *slot = Some(cell);
        };
        for &(white, black, result) in games {
            let mirrored = match result {
                '1' => '0',
                '0' => '1',
                '=' => '=',
                '+' => '-',
                '-' => '+',
                other => panic!("result {other}"),
            };
            put(white, Cell::Game { opponent: black, colour: 'w', result });
            put(black, Cell::Game { opponent: white, colour: 'b', result: mirrored });
        }
        for &(player, code) in unpaired {
            put(player, Cell::Unpaired(code));
        }
        self.rounds.push(cells.into_iter().map(|c| c.unwrap_or(Cell::Unpaired('Z'))).collect());
        self
    }

    /// Marks players as not paired in the round to pair.
    fn absent(mut self, players: impl IntoIterator<Item = u32>) -> Trf {
        self.absent.extend(players);
        self
    }

    fn points(&self, cell: Cell) -> i64 {
        let code = match cell {
            Cell::Game { result, .. } => result,
            Cell::Unpaired(code) => code,
        };
        match code {
            '1' | '+' | 'F' => self.win,
            'U' => self.pab,
            '=' | 'H' => self.draw,
            _ => 0,
        }
    }

    /// The file: header records, then one `001` record per player in the TRF16/2026 columns.
    fn text(&self) -> String {
        let mut out: Vec<String> = self.header.clone();
        for id in 1..=self.players {
            let cells: Vec<Cell> = self.rounds.iter().map(|round| round[id as usize - 1]).collect();
            let points = Points::from_tenths(cells.iter().map(|&c| self.points(c)).sum());
            let name = format!("Player {id:03}");
            let rating = 2600 - 10 * id;
            // Columns 1-89: tag, number, sex, title, name, rating, federation, FIDE id, birth date,
            // points, rank; then a 10-column block per round from column 90.
            let mut line =
                format!("001 {id:>4} m    {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {:>4}", "", "", "", "");
            for cell in cells {
                line += &match cell {
                    Cell::Game { opponent, colour, result } => format!("  {opponent:>4} {colour} {result}"),
                    Cell::Unpaired(code) => format!("  0000 - {code}"),
                };
            }
            if self.absent.contains(&id) {
                line += "  0000 - Z";
            }
            out.push(line.trim_end().to_owned());
        }
        out.join("\n") + "\n"
    }

    /// The tournament, read and cross-checked without errors.
    fn tournament(&self) -> Tournament {
        let text = self.text();
        let loaded = formats::read_bytes(Path::new("handbook.trf"), text.as_bytes(), ReadOptions::default());
        let errors: Vec<String> = loaded.diagnostics.iter().map(|d| format!("{d:?}")).collect();
        let t = loaded.valid_tournament().unwrap_or_else(|| panic!("not read: {errors:#?}\n{text}")).clone();
        let found = validate::validate(&t);
        assert!(!found.has_errors(), "invalid: {:#?}\n{text}", found.iter().collect::<Vec<_>>());
        t
    }
}

/// The engine's pairing of the round to pair: the games as `(white, black)`, and the bye.
fn pairing(t: &Tournament, system: SystemId) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let next = verify::pair_next(t, Some(system.into())).unwrap_or_else(|e| panic!("{system}: {e}"));
    let mut games = BTreeSet::new();
    let mut bye = None;
    for board in &next.pairing.boards {
        match board.black {
            Some(black) => {
                games.insert((board.white, black));
            }
            None => {
                assert!(bye.replace(board.white).is_none(), "two byes");
            }
        }
    }
    (games, bye)
}

/// Asserts the pairing of the round to pair under each system.
fn expect(trf: &Trf, systems: &[SystemId], games: &[(u32, u32)], bye: Option<u32>) {
    let t = trf.tournament();
    let expected: BTreeSet<(u32, u32)> = games.iter().copied().collect();
    for &system in systems {
        assert_eq!(pairing(&t, system), (expected.clone(), bye), "{system}\n{}", trf.text());
    }
}

/// `(player, other)` for each `other` in `others`.
fn pairs_with(player: u32, others: impl IntoIterator<Item = u32>) -> Vec<(u32, u32)> {
    others.into_iter().map(|other| (player, other)).collect()
}

fn forbid_all(groups: &[Vec<(u32, u32)>]) -> Vec<(u32, u32)> {
    groups.concat()
}

// ---------------------------------------------------------------------------------------------
// C.04.3 4.2 (2017: D.1): transpositions in S2, homogeneous 11-player bracket.
//
// Round 1 of an 11-player tournament: one homogeneous bracket, everybody on 0 points, nobody with
// a colour preference or a float, everybody eligible for the bye. Every candidate with five pairs
// is therefore equally good on C5-C21 (2017: C.5-C.19); the one generated first is the pairing.
// S1 = 1-5, S2 = 6-11 (MaxPairs 5); the S2 player left over downfloats and gets the bye.
// ---------------------------------------------------------------------------------------------

/// C.04.3 4.2.2 (2017 D.1): "in a 11-player homogeneous bracket, it is 6-7-8-9-10,
/// 6-7-8-9-11, ...": the second transposition is 6-7-8-9-11.
#[test]
fn c0403_4_2_the_second_transposition_is_6_7_8_9_11() {
    // 5-10 forbidden: the first candidate 1-6 2-7 3-8 4-9 5-10 fails C1. The next transposition,
    // 6-7-8-9-11, gives 1-6 2-7 3-8 4-9 5-11, valid; 10 is left over (bye).
    // Colours (5.2.5): 1, 3, 5 odd -> White; 2, 4 even -> Black.
    let trf = Trf::new(11, 5).forbid(&[(5, 10)]);
    expect(&trf, &ALL_DUTCH, &[(1, 6), (7, 2), (3, 8), (9, 4), (5, 11)], Some(10));
}

/// C.04.3 4.2.2 (2017 D.1): "6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-11, ...". With both 6-7-8-9-x
/// candidates ruled out and 5-9 forbidden, the example's third transposition 6-7-8-10-11 is the
/// pairing.
#[test]
fn c0403_4_2_the_example_third_transposition_6_7_8_10_11() {
    // 4-9 forbidden: 6-7-8-9-10 and 6-7-8-9-11 (both pair 4-9) fail. Lexicographically next is
    // 6-7-8-10-9 (5-9): forbidden too. Then 6-7-8-10-11: 1-6 2-7 3-8 4-10 5-11, valid; 9 is left.
    let trf = Trf::new(11, 5).forbid(&[(4, 9), (5, 9)]);
    expect(&trf, &ALL_DUTCH, &[(1, 6), (7, 2), (3, 8), (10, 4), (5, 11)], Some(9));
}

/// C.04.3 4.2.2 (2017 D.1): transpositions "are sorted depending on the lexicographic value of
/// their first N1 BSN(s)". The example lists "6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-11, ..." and
/// leaves out 6-7-8-10-9, which the lexicographic order puts before 6-7-8-10-11 (at the fourth
/// position 10 = 10, at the fifth 9 < 11); the rule, not the abridged list, decides.
#[test]
fn c0403_4_2_lexicographic_order_puts_6_7_8_10_9_before_6_7_8_10_11() {
    // 4-9 forbidden: both 6-7-8-9-x fail. 6-7-8-10-9 pairs 1-6 2-7 3-8 4-10 5-9: valid, and it
    // comes before 6-7-8-10-11 (which would leave 9 for the bye instead of 11).
    let trf = Trf::new(11, 5).forbid(&[(4, 9)]);
    expect(&trf, &ALL_DUTCH, &[(1, 6), (7, 2), (3, 8), (10, 4), (5, 9)], Some(11));
}

/// C.04.3 4.2.2 (2017 D.1): "..., 6-11-10-9-8, 7-6-8-9-10, ...": once no transposition starting
/// with 6 is left, the next one is 7-6-8-9-10.
#[test]
fn c0403_4_2_after_the_6_block_comes_7_6_8_9_10() {
    // 1-6 forbidden: every transposition starting with 6 fails. The first starting with 7 is
    // 7-6-8-9-10: 1-7 2-6 3-8 4-9 5-10, valid; 11 is left.
    let trf = Trf::new(11, 5).forbid(&[(1, 6)]);
    expect(&trf, &ALL_DUTCH, &[(1, 7), (6, 2), (3, 8), (9, 4), (5, 10)], Some(11));
}

/// C.04.3 4.2.2 (2017 D.1): "..., 6-11-10-9-8, 7-6-8-9-10, ...": 6-11-10-9-8, the last
/// transposition starting with 6, comes before every transposition starting with 7.
#[test]
fn c0403_4_2_6_11_10_9_8_comes_before_the_7_block() {
    // Forbidden: 2-7 2-8 2-9 2-10, 3-7 3-8 3-9, 4-7 4-8, 5-7. With 1-6, player 2 can only take 11,
    // then 3 only 10 (7, 8, 9 forbidden), 4 only 9, 5 only 8: 6-11-10-9-8 is the only valid
    // transposition starting with 6 (7 is left). 7-6-10-9-8 (1-7 2-6 3-10 4-9 5-8) is valid too,
    // but comes later.
    let forbidden = forbid_all(&[pairs_with(2, 7..=10), pairs_with(3, 7..=9), pairs_with(4, 7..=8), vec![(5, 7)]]);
    let trf = Trf::new(11, 5).forbid(&forbidden);
    expect(&trf, &ALL_DUTCH, &[(1, 6), (11, 2), (3, 10), (9, 4), (5, 8)], Some(7));
}

/// C.04.3 4.2.2 (2017 D.1): "..., 11-10-9-8-7 (720 transpositions)", and 3.6.1 (2017 B.6):
/// exchanges come only when "no more transpositions of S2 are available". The last transposition
/// is still generated before the first exchange.
#[test]
fn c0403_4_2_the_720th_transposition_11_10_9_8_7_comes_before_any_exchange() {
    // Forbidden: 1-6..1-10, 2-6..2-9, 3-6..3-8, 4-6 4-7, 5-6. With the original S1, 1 can only
    // take 11, 2 only 10, 3 only 9, 4 only 8, 5 only 7: the last transposition, 11-10-9-8-7, is
    // the only valid one (6 is left). The first exchange (5<->6: S1 1-2-3-4-6, S2 5-7-8-9-10-11)
    // has valid candidates too, e.g. 1-5 2-10 3-9 4-8 6-7, but every transposition comes first.
    let forbidden = forbid_all(&[
        pairs_with(1, 6..=10),
        pairs_with(2, 6..=9),
        pairs_with(3, 6..=8),
        pairs_with(4, 6..=7),
        vec![(5, 6)],
    ]);
    let trf = Trf::new(11, 5).forbid(&forbidden);
    expect(&trf, &ALL_DUTCH, &[(1, 11), (10, 2), (3, 9), (8, 4), (5, 7)], Some(6));
}

// ---------------------------------------------------------------------------------------------
// C.04.3 4.2 (2017: D.1): transpositions in S2, heterogeneous 11-player bracket with two MDPs.
//
// Round 2. Round 1: 1-2 drawn (1 White), everybody else absent (Z, 0 points: in 2025 no float,
// 1.4.3; in 2017 a downfloat for all of them alike, A.4.b). Top scoregroup {1, 2} (0.5): they have
// met, so both float down (C6 cannot pair them). Bracket: MDPs 1, 2 (BSN 1, 2) and residents
// 3-11 (BSN 3-11), so S1 = 1-2, S2 = 3-11 (N1 = 2), and the remainder of the seven residents left
// is paired as a homogeneous bracket (S1R the first three, S2R the other four, one left over for
// the bye). Every candidate pairs both MDPs, three remainder pairs and gives a resident the bye:
// equal on every criterion (the residents have no colour preference, 1.7.4, so 1 and 2 get theirs
// against any of them; no resident had an upfloat). Colours: 1 (White in round 1, colour
// difference +1) gets Black, 2 gets White; remainder pairs by 5.2.5.
// ---------------------------------------------------------------------------------------------

/// Round 2 of the heterogeneous examples, with extra forbidden pairs.
fn two_mdps(forbidden: &[(u32, u32)]) -> Trf {
    Trf::new(11, 5).round(&[(1, 2, '=')], &[]).forbid(forbidden)
}

/// C.04.3 4.2.2 (2017 D.1): "if the bracket is heterogeneous with two MDPs, it is: 3-4, 3-5,
/// 3-6, ..., 3-11, 4-3, ...": 3-11 is the last transposition starting with 3.
#[test]
fn c0403_4_2_heterogeneous_3_11_is_the_last_with_3() {
    // 2-4..2-10 forbidden: 3-4 ... 3-10 fail (MDP 2 may only meet 3 or 11, and 3 goes to 1).
    // 3-11: 1-3, 2-11. Remainder 4-10: S1R 4-5-6, S2R 7-8-9-10: 4-7 5-8 6-9, 10 left (bye).
    let trf = two_mdps(&pairs_with(2, 4..=10));
    expect(&trf, &BOTH, &[(3, 1), (2, 11), (7, 4), (5, 8), (9, 6)], Some(10));
}

/// C.04.3 4.2.2 (2017 D.1): "3-4, 3-5, 3-6, ..., 3-11, 4-3, 4-5, ...": after the transpositions
/// starting with 3 comes 4-3.
#[test]
fn c0403_4_2_heterogeneous_4_3_follows_3_11() {
    // 2-4..2-11 forbidden: MDP 2 may only meet 3, so every transposition starting with 3 fails.
    // 4-3: 1-4, 2-3. Remainder 5-11: S1R 5-6-7, S2R 8-9-10-11: 5-8 6-9 7-10, 11 left.
    let trf = two_mdps(&pairs_with(2, 4..=11));
    expect(&trf, &BOTH, &[(4, 1), (2, 3), (5, 8), (9, 6), (7, 10)], Some(11));
}

/// C.04.3 4.2.2 (2017 D.1): "..., 4-3, 4-5, ...".
#[test]
fn c0403_4_2_heterogeneous_4_5_follows_4_3() {
    // 1-3 and 2-3 forbidden: the 3-x transpositions fail (1-3), 4-3 fails (2-3); 4-5: 1-4, 2-5.
    // Remainder 3, 6-11 (BSN order 3, 6, 7, 8, 9, 10, 11): S1R 3-6-7, S2R 8-9-10-11: 3-8 6-9 7-10,
    // 11 left.
    let trf = two_mdps(&[(1, 3), (2, 3)]);
    expect(&trf, &BOTH, &[(4, 1), (2, 5), (3, 8), (9, 6), (7, 10)], Some(11));
}

/// C.04.3 4.2.2 (2017 D.1): "..., 11-10 (72 transpositions)": the last one.
#[test]
fn c0403_4_2_heterogeneous_the_72nd_transposition_11_10() {
    // 1-3..1-10 and 2-3..2-9 forbidden: MDP 1 may only meet 11, MDP 2 only 10 (or 11): 11-10.
    // Remainder 3-9: S1R 3-4-5, S2R 6-7-8-9: 3-6 4-7 5-8, 9 left.
    let forbidden = forbid_all(&[pairs_with(1, 3..=10), pairs_with(2, 3..=9)]);
    let trf = two_mdps(&forbidden);
    expect(&trf, &BOTH, &[(11, 1), (2, 10), (3, 6), (7, 4), (5, 8)], Some(9));
}

// ---------------------------------------------------------------------------------------------
// C.04.3 4.3 (2017: D.2): resident exchanges, 11-player homogeneous bracket.
//
// Original S1 = 1-5, S2 = 6-11. An exchange moves BSNs from S1 down to S2 and as many from S2 up
// to S1; the new S1 and S2 are sorted (3.6.1) and their transpositions tried in turn.
//
// How a pairing is first generated. For a pairing (five pairs and one player left), a choice of
// subgroups produces it exactly when S1 holds one player of each pair and S2 the other and the
// player left. So the exchange that first produces it takes, from each pair, the player that keeps
// the exchange earliest: in a pair of two original-S1 players one of them must move down, in a
// pair of two original-S2 players one must move up, a mixed pair moves nobody; a player left over
// from the original S1 moves down. In most tests the allowed pairs form one even cycle (or one
// cycle and some fixed pairs), which has exactly two perfect matchings: the two pairings the
// example compares, both valid, both equal on every criterion in round 1, so the earlier exchange
// decides.
// ---------------------------------------------------------------------------------------------

/// C.04.3 4.3.2 rule 2 (2017 D.2.b) and 3.6.1: after all transpositions, the first exchange is
/// 5<->6 (one BSN, difference 1, the smallest possible).
#[test]
fn c0403_4_3_the_first_exchange_is_5_with_6() {
    // 5-6..5-11 forbidden: with the original S1, 5 has no partner in S2, so no transposition is
    // valid. Exchange 5<->6: S1 = 1-2-3-4-6, S2 = 5-7-8-9-10-11; its first transposition pairs
    // 1-5 2-7 3-8 4-9 6-10, valid; 11 is left.
    let trf = Trf::new(11, 5).forbid(&pairs_with(5, 6..=11));
    expect(&trf, &ALL_DUTCH, &[(1, 5), (7, 2), (3, 8), (9, 4), (10, 6)], Some(11));
}

/// C.04.3 4.3.2 rule 1 (2017 D.2.a): "the smallest number of exchanged BSN(s) (e.g. exchanging
/// just one BSN is better than exchanging two of them)", even when the two-BSN exchange has the
/// smaller sum difference.
#[test]
fn c0403_4_3_rule_1_one_bsn_is_better_than_two() {
    // Allowed pairs: the 10-cycle 1-2-5-8-3-6-9-10-7-4-1; 11 may meet nobody (bye). Its two
    // matchings:
    //   A = 1-2 3-6 4-7 5-8 9-10: one pair inside the original S1 (1-2), one inside S2 (9-10): one
    //       BSN exchanged, at best 2<->9 (difference 7; 1<->9 is 8, 2<->10 is 8).
    //   B = 1-4 2-5 3-8 6-9 7-10: two pairs inside S1, two inside S2: two BSNs, at best 4+5<->6+7
    //       (difference 13 - 9 = 4).
    // Rule 1 puts 2<->9 first despite the larger difference: A, from S1 = 1-3-4-5-9,
    // S2 = 2-6-7-8-10-11.
    let cycle = [(1, 2), (2, 5), (5, 8), (8, 3), (3, 6), (6, 9), (9, 10), (10, 7), (7, 4), (4, 1)];
    let trf = Trf::new(11, 5).allow_only(11, &cycle);
    expect(&trf, &ALL_DUTCH, &[(1, 2), (3, 6), (7, 4), (5, 8), (9, 10)], Some(11));
}

/// The rule-1 example through `check`: a recorded round 1 with the pairing of the rule matches;
/// one with the other candidate (two BSNs exchanged) does not.
#[test]
fn c0403_4_3_rule_1_through_check() {
    let cycle = [(1, 2), (2, 5), (5, 8), (8, 3), (3, 6), (6, 9), (9, 10), (10, 7), (7, 4), (4, 1)];
    let by_the_rule = [(1, 2, '='), (3, 6, '='), (7, 4, '='), (5, 8, '='), (9, 10, '=')];
    let two_exchanged = [(1, 4, '='), (5, 2, '='), (3, 8, '='), (9, 6, '='), (7, 10, '=')];
    let dir = tempfile::tempdir().unwrap();
    for (name, games, status) in [("rule", by_the_rule, Status::Ok), ("other", two_exchanged, Status::Mismatch)] {
        let trf = Trf::new(11, 5).allow_only(11, &cycle).round(&games, &[(11, 'U')]);
        trf.tournament();
        let path = dir.path().join(format!("{name}.trf"));
        std::fs::write(&path, trf.text()).unwrap();
        for system in BOTH {
            let (_, report) =
                verify::check_path(&path, &CheckOptions { system: Some(system.into()), ..Default::default() });
            assert_eq!((report.status, report.summary.rounds_checked), (status, 1), "{system} {name}");
        }
    }
}

/// C.04.3 4.3.2 rule 2 (2017 D.2.b): "in a bracket containing eleven players, exchanging 6 with
/// 4 is better than exchanging 8 with 5".
#[test]
fn c0403_4_3_rule_2_6_with_4_is_better_than_8_with_5() {
    // Allowed pairs: the 10-cycle 3-4-5-10-1-7-2-8-9-6-3; 11 may meet nobody.
    //   A = 3-4 5-10 1-7 2-8 6-9: 3-4 inside S1, 6-9 inside S2, the rest mixed: one BSN, at best
    //       4<->6 (difference 2; 3<->6 is 3, 4<->9 is 5).
    //   B = 4-5 1-10 2-7 8-9 3-6: at best 5<->8 (difference 3).
    // Difference 2 < 3: A (S1 = 1-2-3-5-6, S2 = 4-7-8-9-10-11). Moving 5 (rule 3) would have
    // picked B, but rule 2 comes first.
    let cycle = [(3, 4), (4, 5), (5, 10), (10, 1), (1, 7), (7, 2), (2, 8), (8, 9), (9, 6), (6, 3)];
    let trf = Trf::new(11, 5).allow_only(11, &cycle);
    expect(&trf, &ALL_DUTCH, &[(1, 7), (8, 2), (3, 4), (5, 10), (9, 6)], Some(11));
}

/// C.04.3 4.3.2 rule 2 (2017 D.2.b): "similarly exchanging 8+6 with 4+3 is better than
/// exchanging 9+8 with 5+4".
#[test]
fn c0403_4_3_rule_2_8_6_with_4_3_is_better_than_9_8_with_5_4() {
    // Allowed pairs: 2-4 and 8-10, and the 6-cycle 1-3-6-9-11-5-1; 7 may meet nobody (bye).
    //   A = 1-3 2-4 6-9 8-10 5-11: two pairs inside S1 (down 3 or 1, 4 or 2: at most 3+4), two
    //       inside S2 (up 6 or 9, 8 or 10: at least 6+8): 8+6<->4+3, difference 14 - 7 = 7.
    //   B = 1-5 2-4 3-6 8-10 9-11: down at most 5+4, up at least 8+9: 9+8<->5+4, difference
    //       17 - 9 = 8.
    // 7 < 8: A (S1 = 1-2-5-6-8, S2 = 3-4-7-9-10-11). Rule 3 (moving 5) would have picked B.
    let allowed = [(2, 4), (8, 10), (1, 3), (3, 6), (6, 9), (9, 11), (11, 5), (5, 1)];
    let trf = Trf::new(11, 5).allow_only(11, &allowed);
    expect(&trf, &ALL_DUTCH, &[(1, 3), (4, 2), (5, 11), (9, 6), (10, 8)], Some(7));
}

/// C.04.3 4.3.2 rule 3 (2017 D.2.c): "moving 5 from S1 to S2 is better than moving 4" (two
/// one-BSN exchanges with the same difference: 5<->7 and 4<->6).
#[test]
fn c0403_4_3_rule_3_moving_5_is_better_than_moving_4() {
    // Allowed pairs: the 10-cycle 5-3-4-10-6-1-7-8-2-9-5; 11 may meet nobody.
    //   A = 3-5 4-10 1-6 7-8 2-9: 3-5 inside S1, 7-8 inside S2, 6 in a mixed pair: at best 5<->7
    //       (difference 2).
    //   B = 3-4 6-10 1-7 2-8 5-9: at best 4<->6 (difference 2).
    // Rules 1 and 2 tie; rule 3, the largest BSN moved down, 5 > 4: A (S1 = 1-2-3-4-7,
    // S2 = 5-6-8-9-10-11). Rule 4 (moving 6 up) would have picked B.
    let cycle = [(5, 3), (3, 4), (4, 10), (10, 6), (6, 1), (1, 7), (7, 8), (8, 2), (2, 9), (9, 5)];
    let trf = Trf::new(11, 5).allow_only(11, &cycle);
    expect(&trf, &ALL_DUTCH, &[(1, 6), (9, 2), (3, 5), (10, 4), (7, 8)], Some(11));
}

/// C.04.3 4.3.2 rule 3 (2017 D.2.c): "similarly, 5-2 is better than 4-3".
#[test]
fn c0403_4_3_rule_3_5_2_is_better_than_4_3() {
    // Allowed pairs: 6-9 and 7-10, and the 6-cycle 1-2-4-8-5-3-1; 11 may meet nobody.
    //   A = 1-2 3-5 4-8 6-9 7-10: down 2 or 1, 5 or 3 (best 5+2 = 7), up 6+7: 5-2<->6-7,
    //       difference 13 - 7 = 6.
    //   B = 1-3 2-4 5-8 6-9 7-10: down best 4+3 = 7, up 6+7: 4-3<->6-7, difference 6.
    // Rules 1 and 2 tie; rule 3: the largest differing BSN moved down is 5 (in A): A
    // (S1 = 1-3-4-6-7, S2 = 2-5-8-9-10-11).
    let allowed = [(6, 9), (7, 10), (1, 2), (2, 4), (4, 8), (8, 5), (5, 3), (3, 1)];
    let trf = Trf::new(11, 5).allow_only(11, &allowed);
    expect(&trf, &ALL_DUTCH, &[(1, 2), (3, 5), (8, 4), (9, 6), (7, 10)], Some(11));
}

/// The rounds before round 3 that make everybody score 1 point without a game, and leave only
/// `eligible` players able to receive the pairing-allocated bye.
///
/// `eligible`: a half-point bye in rounds 1 and 2. The others win by forfeit in round 1 (C2 in
/// 2025, C.2 in 2017: no pairing-allocated bye after a forfeit win) against players 12, 13, ...,
/// who are absent afterwards (but for one game between two of them in round 2), and are absent in
/// round 2. Nobody has played a game: no colour
/// preferences. Floats are equal among the bye candidates: in 2025 (1.4.3) the eligible players
/// had a downfloat in rounds 1 and 2 (more points than a loss without playing), and they alone can
/// be the downfloater (C14, C16 count 1 for every candidate; C9 finds 2 unplayed games for each);
/// in 2017 (A.4.b) everybody had a downfloat in both rounds.
fn only_eligible_for_the_bye(eligible: &[u32], extra_allowed: &[(u32, u32)]) -> Trf {
    let ineligible: Vec<u32> = (1..=11).filter(|p| !eligible.contains(p)).collect();
    let players = 11 + ineligible.len() as u32;
    let forfeits: Vec<(u32, u32, char)> =
        ineligible.iter().enumerate().map(|(i, &p)| (p, 12 + i as u32, '+')).collect();
    let byes: Vec<(u32, char)> = eligible.iter().map(|&p| (p, 'H')).collect();
    Trf::new(players, 5)
        .round(&forfeits, &byes)
        // A game between two of the forfeit losers makes round 2 a paired round (a round of byes and
        // absences only would read as the markers of the round to pair).
        .round(&[(12, 13, '=')], &byes)
        .absent(12..=players)
        .allow_only(11, extra_allowed)
}

/// C.04.3 4.3.2 rule 3 (2017 D.2.c): "5-4-1 is better than 5-3-2" (three BSNs down, the same
/// sum).
#[test]
fn c0403_4_3_rule_3_5_4_1_is_better_than_5_3_2() {
    // Three BSNs move down only when the player left over is from the original S1 and two pairs
    // lie inside it (all three original-S2 pairs inside S2). Round 3, everybody on 1 point (see
    // `only_eligible_for_the_bye`), only 1 and 3 may receive the bye.
    // Allowed pairs: 6-9, 7-10, 8-11 (so 6+7+8 move up, sum 21), and the path 1-2-4-5-3, whose
    // matchings leave out 1, 4 or 3; 4 may not have the bye, so two pairings remain:
    //   A = 2-4 3-5 + 6-9 7-10 8-11, 1 left: down 1, 4 or 2, 5 or 3: best 5-4-1 (sum 10),
    //       difference 21 - 10 = 11.
    //   B = 1-2 4-5 + the same, 3 left: down 3, 2 or 1, 5 or 4: best 5-3-2 (sum 10), difference 11.
    // Rules 1 and 2 tie; rule 3: the largest differing BSN moved down is 4 (in A): A
    // (S1 = 2-3-6-7-8, S2 = 1-4-5-9-10-11).
    let allowed = [(6, 9), (7, 10), (8, 11), (1, 2), (2, 4), (4, 5), (5, 3)];
    let trf = only_eligible_for_the_bye(&[1, 3], &allowed);
    expect(&trf, &BOTH, &[(4, 2), (3, 5), (9, 6), (7, 10), (11, 8)], Some(1));
}

/// C.04.3 4.3.2 rule 4 (2017 D.2.d): "moving 6 from S2 to S1 is better than moving 7; similarly,
/// 6-9 is better than 7-8" (two BSNs up, the same sum, the same BSNs down).
#[test]
fn c0403_4_3_rule_4_6_9_is_better_than_7_8() {
    // Round 3, everybody on 1 point, only 6 and 8 may receive the bye.
    // Allowed pairs: 1-4, 2-5 (down 4+5, sum 9), 3-10 (mixed), and the path 6-7-9-11-8, whose
    // matchings leave out 6, 9 or 8; 9 may not have the bye:
    //   A = 6-7 9-11, 8 left: up 6 or 7, 9 or 11: best 6+9 = 15, difference 15 - 9 = 6.
    //   B = 7-9 8-11, 6 left: up 7 or 9, 8 or 11: best 7+8 = 15, difference 6.
    // Rules 1-3 tie (the same 4+5 move down); rule 4, the smallest differing BSN moved up, 6 < 7:
    // A (S1 = 1-2-3-6-9, S2 = 4-5-7-8-10-11). Moving 6 up also beats moving 7 here.
    let allowed = [(1, 4), (2, 5), (3, 10), (6, 7), (7, 9), (9, 11), (11, 8)];
    let trf = only_eligible_for_the_bye(&[6, 8], &allowed);
    expect(&trf, &BOTH, &[(1, 4), (5, 2), (3, 10), (7, 6), (9, 11)], Some(8));
}

/// C.04.3 4.3.2 rule 4 (2017 D.2.d): "6-7-10 is better than 6-8-9".
#[test]
fn c0403_4_3_rule_4_6_7_10_is_better_than_6_8_9() {
    // Round 1. Allowed pairs: 2-4, 3-5 (1 may meet nobody: bye; down 1, 4, 5), and the 6-cycle
    // 6-8-10-11-9-7-6 with its two matchings:
    //   A = 6-8 7-9 10-11: up 6 or 8, 7 or 9, 10 or 11: best 6-7-10 (23), difference 23 - 10 = 13.
    //   B = 6-7 8-10 9-11: up best 6-8-9 (23), difference 13.
    // Rules 1-3 tie (5-4-1 down in both); rule 4: the smallest differing BSN moved up is 7 (in A):
    // A (S1 = 2-3-6-7-10, S2 = 1-4-5-8-9-11).
    let allowed = [(2, 4), (3, 5), (6, 8), (8, 10), (10, 11), (11, 9), (9, 7), (7, 6)];
    let trf = Trf::new(11, 5).allow_only(11, &allowed);
    expect(&trf, &ALL_DUTCH, &[(4, 2), (3, 5), (8, 6), (7, 9), (11, 10)], Some(1));
}

// ---------------------------------------------------------------------------------------------
// C.04.2 3.4 (2017: D.5): colour histories with unplayed rounds, and C.04.3 5.2 (2017: E).
//
// Each test pairs two players, the only ones present in the round: Q (pairing number 1, ranked
// higher) and P (2), who have not met. Their opponents play once or twice each and are absent
// otherwise. All games are drawn unless said otherwise.
// ---------------------------------------------------------------------------------------------

/// The colour history of a player before `round`, as the pairing sees it: the colours of the games
/// played, the preference and its strength.
fn history(t: &Tournament, round: u32, player: u32) -> (Vec<Colour>, Option<Colour>, PreferenceStrength) {
    let state = RoundState::build(t, round, Participation::NextRound);
    let contender = state.players.iter().find(|c| c.id == player).expect("player present");
    (contender.colours.sequence.clone(), contender.colours.preference(), contender.colours.strength())
}

fn colours(text: &str) -> Vec<Colour> {
    text.chars().map(|c| if c == 'W' { Colour::White } else { Colour::Black }).collect()
}

/// C.04.2 3.4 (2017 D.5): "a participant with a colour history of BWBuW ... will be treated as if
/// their colour history was uBWBW", and C.04.3 5.2.3 (2017 E.3): "Alternate the colours to the
/// most recent time in which one player had White and the other Black. Note: Always consider
/// Article 3.4".
#[test]
fn c0402_3_4_bwbuw_counts_as_ubwbw() {
    // P = BWBuW (uBWBW), Q = WuBBW (uWBBW). Both mild Black (colour difference 0, last game
    // White): 5.2.1 cannot grant both, 5.2.2 finds equal strengths. 5.2.3 on the played games,
    // latest first: W/W, B/B, then P White and Q Black: alternate, P Black, Q White.
    // (Round by round instead: round 5 W/W, round 3 B/B, round 1 P Black, Q White: P White. And
    // 5.2.4 would give Q, the higher ranked, Black.)
    let trf = Trf::new(7, 9)
        .round(&[(1, 3, '='), (4, 2, '=')], &[])
        .round(&[(2, 3, '=')], &[])
        .round(&[(4, 1, '='), (5, 2, '=')], &[])
        .round(&[(5, 1, '=')], &[])
        .round(&[(1, 6, '='), (2, 7, '=')], &[])
        .absent(3..=7);
    let t = trf.tournament();
    assert_eq!(history(&t, 6, 2), (colours("BWBW"), Some(Colour::Black), PreferenceStrength::Mild));
    assert_eq!(history(&t, 6, 1), (colours("WBBW"), Some(Colour::Black), PreferenceStrength::Mild));
    expect(&trf, &ALL_DUTCH, &[(1, 2)], None);
}

/// C.04.2 3.4 (2017 D.5): "WBuWB will count as uWBWB", with C.04.3 5.2.3 (2017 E.3).
#[test]
fn c0402_3_4_wbuwb_counts_as_uwbwb() {
    // P = WBuWB (uWBWB), Q = BuWWB (uBWWB). Both mild White. 5.2.3, latest first: B/B, W/W, then
    // P Black and Q White: P White, Q Black. (Round by round: rounds 5, 4 equal, round 2 Q
    // unplayed, round 1 P White, Q Black: P Black. 5.2.4 would give Q White.)
    let trf = Trf::new(7, 9)
        .round(&[(3, 1, '='), (2, 4, '=')], &[])
        .round(&[(3, 2, '=')], &[])
        .round(&[(1, 4, '=')], &[])
        .round(&[(1, 5, '='), (2, 6, '=')], &[])
        .round(&[(6, 1, '='), (7, 2, '=')], &[])
        .absent(3..=7);
    let t = trf.tournament();
    assert_eq!(history(&t, 6, 2), (colours("WBWB"), Some(Colour::White), PreferenceStrength::Mild));
    assert_eq!(history(&t, 6, 1), (colours("BWWB"), Some(Colour::White), PreferenceStrength::Mild));
    expect(&trf, &ALL_DUTCH, &[(2, 1)], None);
}

/// C.04.2 3.4 (2017 D.5): "BWWuBuW as uuBWWBW", with C.04.3 1.7 and 5.2.3 (2017 A.6, E.3).
#[test]
fn c0402_3_4_bwwubuw_counts_as_uubwwbw() {
    // P = BWWuBuW (uuBWWBW): colour difference +1, last two games B, W: strong Black, not absolute.
    // Q = uWuWBBW (uuWWBBW): +1, last two B, W: strong Black. 5.2.3, latest first: W/W, B/B, then
    // P White and Q Black: P Black, Q White. (Round by round, the rounds both played, 2, 5 and 7,
    // have equal colours, so 5.2.3 would not decide and 5.2.4 would give Q Black.)
    let trf = Trf::new(7, 9)
        .round(&[(3, 2, '=')], &[])
        .round(&[(1, 3, '='), (2, 4, '=')], &[])
        .round(&[(2, 5, '=')], &[])
        .round(&[(1, 4, '=')], &[])
        .round(&[(6, 1, '='), (7, 2, '=')], &[])
        .round(&[(5, 1, '=')], &[])
        .round(&[(1, 7, '='), (2, 6, '=')], &[])
        .absent(3..=7);
    let t = trf.tournament();
    assert_eq!(history(&t, 8, 2), (colours("BWWBW"), Some(Colour::Black), PreferenceStrength::Strong));
    assert_eq!(history(&t, 8, 1), (colours("WWBBW"), Some(Colour::Black), PreferenceStrength::Strong));
    expect(&trf, &ALL_DUTCH, &[(1, 2)], None);
}

/// C.04.3 1.7.4 and 5.2.1 (2017 A.6.d, E.1): "Players who did not play any games have no colour
/// preference (the preference of their opponents is granted)".
#[test]
fn c0403_5_2_1_a_player_without_games_grants_the_opponent_preference() {
    // Round 2: 1 (White in round 1 against 2: strong Black) against 3 (absent in round 1, no
    // preference): 1 Black. (5.2.5 would give 1, odd, the initial colour White.)
    let trf = Trf::new(3, 5).round(&[(1, 2, '=')], &[]).absent([2]);
    expect(&trf, &ALL_DUTCH, &[(3, 1)], None);
}

/// C.04.3 5.2.2 (2017 E.2): "Grant the stronger colour preference" — before 5.2.3 and 5.2.4.
#[test]
fn c0403_5_2_2_the_stronger_preference_wins() {
    // P (2) = BBWBBW: colour difference -2, absolute White. Q (1) = uBWBWB: -1, strong White; Q
    // won all five games, P drew all six, so Q ranks higher. 5.2.2: P White. (5.2.3 would
    // alternate from the last round, P White / Q Black, giving Q White; so would 5.2.4.)
    let trf = Trf::new(13, 9)
        .round(&[(3, 2, '=')], &[])
        .round(&[(4, 2, '='), (9, 1, '0')], &[])
        .round(&[(2, 5, '='), (1, 10, '1')], &[])
        .round(&[(6, 2, '='), (11, 1, '0')], &[])
        .round(&[(7, 2, '='), (1, 12, '1')], &[])
        .round(&[(2, 8, '='), (13, 1, '0')], &[])
        .absent(3..=13);
    let t = trf.tournament();
    assert_eq!(history(&t, 7, 2), (colours("BBWBBW"), Some(Colour::White), PreferenceStrength::Absolute));
    assert_eq!(history(&t, 7, 1), (colours("BWBWB"), Some(Colour::White), PreferenceStrength::Strong));
    expect(&trf, &ALL_DUTCH, &[(2, 1)], None);
}

/// C.04.3 5.2.2 (2017 E.2): "If both are absolute (topscorers, see Article 1.8) grant the wider
/// colour difference".
#[test]
fn c0403_5_2_2_of_two_absolute_topscorers_the_wider_difference_wins() {
    // Final round (5 of 5). Q (1): full-point bye, then W (won), B (won), B (drawn): 3.5 points,
    // colours WBB, difference -1, absolute White (two Blacks). P (2): B (won), W (won), B (won),
    // B (lost): 3 points, BWBB, difference -2, absolute White. Both over 50% of 4: topscorers, so
    // C3 lets them meet. 5.2.2: the wider difference, P White. (5.2.3: B/B, B/B, W/W, then Q has
    // no game: undecided; 5.2.4 would give Q White.)
    let trf = Trf::new(9, 5)
        .round(&[(3, 2, '0')], &[(1, 'F')])
        .round(&[(2, 4, '1'), (1, 7, '1')], &[])
        .round(&[(5, 2, '0'), (8, 1, '0')], &[])
        .round(&[(6, 2, '1'), (9, 1, '=')], &[])
        .absent(3..=9);
    let t = trf.tournament();
    assert_eq!(history(&t, 5, 2), (colours("BWBB"), Some(Colour::White), PreferenceStrength::Absolute));
    assert_eq!(history(&t, 5, 1), (colours("WBB"), Some(Colour::White), PreferenceStrength::Absolute));
    expect(&trf, &BOTH, &[(2, 1)], None);
}

/// C.04.3 5.2.4 (2017 E.4): "Grant the colour preference of the higher ranked player (see Article
/// 1.2)" — ranked by score first, not by pairing number.
#[test]
fn c0403_5_2_4_the_higher_ranked_player_by_score() {
    // Round 3. P (3) and Q (4) both played White then Black (identical histories: mild White, and
    // 5.2.3 finds no round with different colours). Q won both, P lost both: Q ranks higher, so Q
    // White. (By pairing number P would rank higher; 5.2.5 would give Q, even, Black.)
    let trf = Trf::new(8, 5)
        .round(&[(1, 2, '='), (3, 5, '0'), (4, 7, '1')], &[])
        .round(&[(6, 3, '1'), (8, 4, '0')], &[])
        .absent([1, 2, 5, 6, 7, 8]);
    expect(&trf, &ALL_DUTCH, &[(4, 3)], None);
}

/// C.04.3 5.2.5 (2017 E.5): "If the higher ranked player has an odd TPN, give them the
/// initial-colour; otherwise, give them the opposite colour." 5.1: the initial colour is drawn.
#[test]
fn c0403_5_2_5_initial_colour_and_pairing_number_parity() {
    // Round 1, four players: 1-3 and 2-4. Initial colour Black: 1 (odd) Black, 2 (even) White.
    expect(&Trf::new(4, 5).initial("black"), &BOTH, &[(3, 1), (2, 4)], None);
    // Initial colour White: 1 White, 2 Black.
    expect(&Trf::new(4, 5), &BOTH, &[(1, 3), (4, 2)], None);
    // Round 2, between two players who have not played (absent in round 1): 3 (odd) gets the
    // initial colour, Black.
    let trf = Trf::new(4, 5).initial("black").round(&[(1, 2, '=')], &[]).absent([1, 2]);
    expect(&trf, &BOTH, &[(4, 3)], None);
}

// ---------------------------------------------------------------------------------------------
// Where the 2017 texts differ from the 2025 ones, on the definitions the examples above rely on.
// ---------------------------------------------------------------------------------------------

/// C.04.1 art. 4 (2025, C.04.3 C2): no pairing-allocated bye for a participant who "has already
/// scored in one single round, without playing, as many points as rewarded for a win"; C.04.1.d
/// (2017, C.2) bars only a previous PAB or "a (forfeit) win due to an opponent not appearing in
/// time", so a full-point bye the player asked for does not bar it.
#[test]
fn c0401_4_a_full_point_bye_bars_the_pab_in_2025_only() {
    // Round 3, one bracket 1, 2, 3, all on 1 point, none with a game (no colour preferences):
    // 1 and 2 had half-point byes in rounds 1 and 2, 3 a full-point bye in round 1 and was absent
    // in round 2 (4-5 is the game that makes round 2 a paired round; they are absent in round 3).
    // Floats are equal among the bye candidates: 2017 (A.4.b) gives all three a downfloat in both
    // rounds; 2025 (1.4.3) gives 1 and 2 one in both rounds (C14, C16 equal, C9: two unplayed games
    // each). S1 = 1, S2 = 2-3.
    // 2017: 1-2, 3 left (the first candidate). 2025: 3 may not have the bye; the next transposition
    // 1-3 leaves 2. Colours by 5.2.5: 1 White.
    let trf = Trf::new(5, 5)
        .round(&[], &[(1, 'H'), (2, 'H'), (3, 'F')])
        .round(&[(4, 5, '=')], &[(1, 'H'), (2, 'H')])
        .absent([4, 5]);
    expect(&trf, &[SystemId::Dutch2017], &[(1, 2)], Some(3));
    expect(&trf, &[SystemId::Dutch2025], &[(1, 3)], Some(2));
}

/// C.04.3 1.4.3 (2025): a downfloat goes to a player who receives the PAB or "who, without
/// playing in a round, scores more points than those rewarded for a loss"; 2017 A.4.b: "A player
/// who, for whatever reason, does not play in a round, also receives a downfloat". An absence
/// (0 points) is a downfloat in 2017 only, which C.12 (2017) / C14 (2025) then weigh for the
/// player who gets the bye.
#[test]
fn c0403_1_4_3_an_absence_is_a_downfloat_in_2017_only() {
    // Round 3, one bracket 1, 2, 3, all on 1 point, one unplayed round each (C9 equal):
    //   1: half-point bye, then drew 5 (0.5 each) with White: strong Black; no float in round 2.
    //   2: absent, then beat 6 (0 each) with Black: strong White; no float in round 2 (2017: a
    //      downfloat in round 1).
    //   3: beat 4 (0 each) with Black: strong White; absent in round 2: a downfloat in round 2 in
    //      2017 only.
    // The candidates: 1-2 (3 left), 1-3 (2 left), 2-3 (1 left; both want White: C12 / C.10 fails
    // one, so it is the worst). 1-2 and 1-3 grant every preference.
    // 2017: C.12 (same downfloat as the previous round): 3 left fails it, 2 left does not (its
    // round-1 downfloat weighs only in C.14, lower): 1-3, 2 left, 3 White.
    // 2025: neither 2 nor 3 had a downfloat (0 points without playing is not one): C14, C16 equal;
    // the first candidate 1-2, 3 left, 2 White.
    let trf = Trf::new(6, 5)
        .round(&[(4, 3, '0')], &[(1, 'H'), (5, 'H')])
        .round(&[(1, 5, '='), (6, 2, '0')], &[])
        .absent([4, 5, 6]);
    expect(&trf, &[SystemId::Dutch2017], &[(3, 1)], Some(2));
    expect(&trf, &[SystemId::Dutch2025], &[(2, 1)], Some(3));
}

// ---------------------------------------------------------------------------------------------
// C.04.7 1 (Baku acceleration).
// ---------------------------------------------------------------------------------------------

/// The virtual points of each player for `round`.
fn virtual_points(t: &Tournament, round: u32) -> Vec<(u32, Points)> {
    let state = RoundState::build(t, round, Participation::NextRound);
    state.players.iter().map(|c| (c.id, c.acceleration)).collect()
}

/// C.04.7 1.4.4 example 1: "In a nine-round individual tournament that uses the standard scoring
/// point system, the accelerated rounds are five. The players in GA are assigned one virtual point
/// in the first three rounds, and half virtual point in the next two rounds." With 8 players GA is
/// 1-4 (1.2: the first half, rounded up to an even number).
#[test]
fn c0407_1_4_4_example_1_nine_rounds() {
    let t = Trf::new(8, 9).record("192 FIDE_DUTCH_2025_BAKU").tournament();
    for round in 1..=9 {
        let ga = match round {
            1..=3 => Points::ONE,
            4..=5 => Points::HALF,
            _ => Points::ZERO,
        };
        let expected: Vec<(u32, Points)> = (1..=8).map(|p| (p, if p <= 4 { ga } else { Points::ZERO })).collect();
        assert_eq!(virtual_points(&t, round), expected, "round {round}");
    }
}

/// C.04.7 1.4.4 example 2: "In an 11-round team competition with matchpoints as the primary score
/// (2 MP for win, 1 MP for draw), the teams in GA are assigned two virtual matchpoints in the
/// first three rounds and one virtual matchpoint in the next three rounds." trfcheck pairs
/// individual tournaments; the same arithmetic with an individual 2-1-0 point system (1.1: a win
/// is worth two draws, a loss nothing).
#[test]
fn c0407_1_4_4_example_2_eleven_rounds_two_points_a_win() {
    let t = Trf::new(8, 11).record("XXS W=2 D=1").record("192 FIDE_DUTCH_2025_BAKU").tournament();
    for round in 1..=11 {
        let ga = match round {
            1..=3 => Points::whole(2),
            4..=6 => Points::ONE,
            _ => Points::ZERO,
        };
        let expected: Vec<(u32, Points)> = (1..=8).map(|p| (p, if p <= 4 { ga } else { Points::ZERO })).collect();
        assert_eq!(virtual_points(&t, round), expected, "round {round}");
    }
}

/// C.04.7 1.2 note: "if there are 161 participants in the tournament, the nearest even number
/// that comprises the first half of the participants (i.e. 80.5) is 82".
#[test]
fn c0407_1_2_161_participants_make_a_group_a_of_82() {
    let t = Trf::new(161, 9).record("192 FIDE_DUTCH_2025_BAKU").tournament();
    let points = virtual_points(&t, 1);
    let group_a: Vec<u32> = points.iter().filter(|(_, p)| *p == Points::ONE).map(|(id, _)| *id).collect();
    assert_eq!(group_a, (1..=82).collect::<Vec<_>>());
    assert!(points.iter().filter(|(id, _)| *id > 82).all(|(_, p)| p.is_zero()));
}

/// C.04.7 1.4.2 and 1.5, through a pairing: round 1 of the nine-round example. GA (1-4) pairs at
/// 1 point, GB (5-8) at 0: two brackets, 1-3 2-4 and 5-7 6-8 (unaccelerated it would be 1-5 2-6
/// 3-7 4-8). Colours by 5.2.5.
#[test]
fn c0407_1_4_round_1_pairs_group_a_and_group_b_apart() {
    let trf = Trf::new(8, 9).record("192 FIDE_DUTCH_2025_BAKU");
    expect(&trf, &DUTCH_2025, &[(1, 3), (4, 2), (5, 7), (8, 6)], None);
}

/// C.04.7 1.4.3 and 1.5, through a pairing: round 4 of the nine-round example, where GA players
/// have half a virtual point.
#[test]
fn c0407_1_4_round_4_adds_half_a_point_to_group_a() {
    // Rounds 1-3 (all drawn except 1 and 2 losing in round 3): 1 and 2 (GA) score 1, 5 and 6 (GB)
    // 1.5; 3, 4, 7, 8 are absent in round 4. Pairing scores: 1 + 0.5 = 1.5 for 1 and 2, 1.5 for
    // 5 and 6: one bracket 1, 2, 5, 6 (S1 1-2, S2 5-6). 1 and 2 have colours BWB (strong White),
    // 5 and 6 WBW (strong Black); none of them has met another: 1-5 and 2-6 are perfect, 1 and 2
    // White. (Without virtual points, or with a whole one, 5-6 and 1-2 would be brackets apart.)
    let trf = Trf::new(8, 9)
        .record("192 FIDE_DUTCH_2025_BAKU")
        .round(&[(3, 1, '='), (4, 2, '='), (5, 7, '='), (6, 8, '=')], &[])
        .round(&[(1, 4, '='), (2, 3, '='), (8, 5, '='), (7, 6, '=')], &[])
        .round(&[(7, 1, '1'), (8, 2, '1'), (5, 3, '='), (6, 4, '=')], &[])
        .absent([3, 4, 7, 8]);
    let t = trf.tournament();
    let scores: Vec<(u32, Points)> = virtual_points(&t, 4);
    assert_eq!(scores, vec![(1, Points::HALF), (2, Points::HALF), (5, Points::ZERO), (6, Points::ZERO)]);
    expect(&trf, &DUTCH_2025, &[(1, 5), (2, 6)], None);
}

/// C.04.7 1.2: "Before the first round, the list of participants to be paired (properly sorted)
/// shall be split in two groups"; 1.3: a later entry is accommodated by C.04.2 art. 2, and "The
/// last GA-participant shall be the same participant as in the previous round". A late entry
/// (C.04.2 2.4: "only taken into account for the pairing of rounds after the first") is not in
/// the list split before round 1.
#[test]
fn c0407_1_2_a_late_entry_does_not_enlarge_group_a() {
    // Nine-round tournament, players 1-8 paired in round 1, 9 a late entry (not paired in round 1,
    // `0000 - Z`). GA = 2 * ceil(8/4) = 4: players 1-4 with one virtual point. Round 1: brackets
    // 1-4 (1-3, 2-4) and 5-8 (5-7, 6-8), colours by 5.2.5. In round 2 the last GA participant is
    // still 4 (1.3.2): 9 joins GB.
    let trf = Trf::new(9, 9).record("192 FIDE_DUTCH_2025_BAKU").absent([9]);
    let t = trf.tournament();
    let one = |p: u32| if p <= 4 { Points::ONE } else { Points::ZERO };
    assert_eq!(virtual_points(&t, 1), (1..=8).map(|p| (p, one(p))).collect::<Vec<_>>());
    expect(&trf, &DUTCH_2025, &[(1, 3), (4, 2), (5, 7), (8, 6)], None);
    let round_2 = Trf::new(9, 9)
        .record("192 FIDE_DUTCH_2025_BAKU")
        .round(&[(1, 3, '='), (4, 2, '='), (5, 7, '='), (8, 6, '=')], &[])
        .tournament();
    assert_eq!(virtual_points(&round_2, 2), (1..=9).map(|p| (p, one(p))).collect::<Vec<_>>());
}

// ---------------------------------------------------------------------------------------------
// The 2012 text (C.04.3.1, Istanbul 2012, Tallinn 2013 edition: rules/dutch-2012.txt), where it
// pairs or colours otherwise than the 2017 and 2025 texts. Each expectation is derived by hand
// from the 2012 articles named beside it.
// ---------------------------------------------------------------------------------------------

const DUTCH_2012: [SystemId; 1] = [SystemId::Dutch2012];

/// D.1.2 with two moved-down players, as above: the same transpositions under 2012 (A.3: two of
/// eleven is less than half, so the bracket is heterogeneous; C.6 pairs the moved-down players
/// first, then the remainder as a homogeneous bracket). Colours differ in the remainder: its
/// players have not played (absent in round 1), E.1–E.4 decide nothing and E.5 is for round 1
/// only, so the higher-ranked player gets white (reading 2012-9, as JavaPairing does), where 2025
/// 5.2.5 goes by pairing-number parity.
#[test]
fn dutch_2012_d1_2_heterogeneous_transpositions() {
    // 3-11 (see c0403_4_2_heterogeneous_3_11_is_the_last_with_3): 1-3, 2-11; remainder 4-7 5-8
    // 6-9, 10 the bye. 1 (W in round 1: strong preference for black) gets black (E.1, 3 has no
    // preference), 2 white; 4, 5, 6 white against 7, 8, 9.
    expect(&two_mdps(&pairs_with(2, 4..=10)), &DUTCH_2012, &[(3, 1), (2, 11), (4, 7), (5, 8), (6, 9)], Some(10));
    // 4-3: 1-4, 2-3; remainder 5-8 6-9 7-10, 11 the bye.
    expect(&two_mdps(&pairs_with(2, 4..=11)), &DUTCH_2012, &[(4, 1), (2, 3), (5, 8), (6, 9), (7, 10)], Some(11));
    // The 72nd: 1-11, 2-10; remainder 3-6 4-7 5-8, 9 the bye.
    let forbidden = forbid_all(&[pairs_with(1, 3..=10), pairs_with(2, 3..=9)]);
    expect(&two_mdps(&forbidden), &DUTCH_2012, &[(11, 1), (2, 10), (3, 6), (4, 7), (5, 8)], Some(9));
}

/// E.2 of 2012 has no tie-break between two absolute preferences (2017 and 2025 grant the wider
/// colour difference): the fixture of c0403_5_2_2_of_two_absolute_topscorers_the_wider_difference_wins.
#[test]
fn dutch_2012_e_two_absolute_topscorers_fall_through_to_e4() {
    // Final round: Q (1, 3.5 points, WBB) and P (2, 3.0, BWBB) both want white absolutely; both
    // are topscorers (A.10), the only pairing, so B.2 is dropped (C.10.g, B.2's note). E.1 cannot
    // grant both; E.2: both absolute, neither stronger; E.3: the played colours from the latest,
    // B/B, B/B, W/W, never different; E.4: the higher-ranked player, Q (3.5 points), gets white.
    let trf = Trf::new(9, 5)
        .round(&[(3, 2, '0')], &[(1, 'F')])
        .round(&[(2, 4, '1'), (1, 7, '1')], &[])
        .round(&[(5, 2, '0'), (8, 1, '0')], &[])
        .round(&[(6, 2, '1'), (9, 1, '=')], &[])
        .absent(3..=9);
    expect(&trf, &DUTCH_2012, &[(1, 2)], None);
    expect(&trf, &BOTH, &[(2, 1)], None);
}

/// Two players without games in round 2: E.1–E.4 decide nothing and E.5 is for the first round
/// only; the higher-ranked player gets white (reading 2012-9), where 2025 5.2.5 gives 3 (odd) the
/// initial colour, black.
#[test]
fn dutch_2012_two_players_without_games_higher_ranked_gets_white() {
    let trf = Trf::new(4, 5).initial("black").round(&[(1, 2, '=')], &[]).absent([1, 2]);
    expect(&trf, &DUTCH_2012, &[(3, 4)], None);
    expect(&trf, &BOTH, &[(4, 3)], None);
}

/// A whole round where 2012 and 2017 part: B.1b of 2012 bars from the bye a player who received
/// a half point without playing; C.04.1.d of 2017 bars only a previous bye or a forfeit win.
#[test]
fn dutch_2012_a_half_point_bye_bars_the_bye_and_c13_merges() {
    // Round 1: 2 beats 4, 3 receives the bye (U, one point), 1 asks for a half-point bye (H).
    // Round 2, 4 absent: 2 and 3 on 1 point, 1 on ½.
    // 2012: the 1-point bracket {2, 3} pairs 2-3 (they have not met); the lowest bracket {1} is
    // left with 1 alone, who may not have the bye (B.1b: a half point without playing). C.13: the
    // penultimate bracket pairs 0 pairs (P lowered to zero, C.14.a), both move down, and the
    // lowest bracket {2, 3, 1} must give the bye to 2, the only one who may have it (3 had the bye,
    // 1 the half point): 3-1. Colours: neither 3 nor 1 has played: 3, ranked higher, white.
    let trf = Trf::new(4, 5).round(&[(2, 4, '1')], &[(3, 'U'), (1, 'H')]).absent([4]);
    expect(&trf, &DUTCH_2012, &[(3, 1)], Some(2));
    // 2017: 1 may have the bye; 2-3 are paired (2, who had white, gets black: E.1).
    expect(&trf, &[SystemId::Dutch2017], &[(3, 2)], Some(1));
}

/// The players of D.4's example after six rounds, with round 7 to pair: A (1) 3 points, B (2) and
/// C (3) 2.5, D (4) 2, E (5) 1.5, F (6) 1, and, with `g`, G (7) 1. F has met B, C, D and E, so
/// "F can only play A" (and, with `g`, G: F lost to G). A to F each had a half-point bye in round
/// 6, so only G may receive the bye (B.1b). Players 8-13 are opponents from outside, absent in
/// round 7. Colours alternate, so nobody has an absolute preference.
fn d4_example(g: bool) -> Trf {
    let (a, b, c, d, e, f, gg) = (1, 2, 3, 4, 5, 6, 7);
    let o = |k: u32| 7 + k;
    let mut r5 = vec![(e, o(4), '0'), (d, o(5), '0'), (c, o(6), '0'), (b, o(1), '0'), (a, o(2), '0')];
    let mut r5_unpaired = vec![];
    if g {
        r5.push((gg, f, '1'));
    } else {
        r5.push((f, o(3), '0'));
        r5_unpaired.push((gg, 'Z'));
    }
    Trf::new(13, 9)
        .round(&[(b, f, '1'), (e, o(1), '='), (o(2), d, '='), (c, o(3), '1'), (a, o(4), '1')], &[])
        .round(&[(f, c, '0'), (o(2), e, '1'), (d, o(3), '0'), (o(1), b, '0'), (o(5), a, '0')], &[])
        .round(&[(d, f, '1'), (e, o(3), '0'), (c, o(1), '0'), (b, o(2), '0'), (a, o(6), '=')], &[])
        .round(&[(f, e, '='), (o(1), d, '1'), (o(2), c, '1'), (o(3), b, '1'), (o(4), a, '1')], &[])
        .round(&r5, &r5_unpaired)
        .round(&[(o(1), o(2), '=')], &[(a, 'H'), (b, 'H'), (c, 'H'), (d, 'H'), (e, 'H'), (f, 'H')])
        .absent(8..=13)
}

/// D.4's example, searched as the text sets it: the lowest bracket {A, B, C} ∪ {D, E, F}, the
/// latest added bracket {A, B, C} as S1, treated as homogeneous since it came as many players as
/// the lowest had (A.3). "Png1" (A–F, B–D, C–E, B3-factor 5.25) comes first in D.1's order; D.4
/// asks for "Png2" (A–F, B–C, D–E, 4.25). With G, only G may have the bye: the bracket is
/// heterogeneous (three of seven came down), A, B and C are paired first, the B3-factor ties
/// (A–F, B–D, C–E and A–F, B–E, C–D: 4 + 0.25 + 1 + G's bye), and D.1.2 gives the text's answer,
/// "A-F, B-D, C-E, G(bye)".
#[test]
fn dutch_2012_d4_the_b3_factor_of_the_lowest_bracket() {
    use trfcheck::systems::dutch2012::engine::Fast;
    use trfcheck::systems::dutch2012::procedure::Search;
    use trfcheck::systems::dutch2012::reference::Literal;
    use trfcheck::systems::dutch2012::round::Round;
    use trfcheck::systems::dutch2012::step::{Shape, Step};
    for with_g in [false, true] {
        let t = d4_example(with_g).tournament();
        let state = RoundState::build(&t, 7, Participation::NextRound);
        let round = Round::new(&state);
        let at = |id: u32| round.players.iter().position(|p| p.id == id).unwrap();
        let mut players: Vec<usize> = (1..=if with_g { 7 } else { 6 }).map(at).collect();
        players.sort_unstable();
        let mdps = vec![at(1), at(2), at(3)];
        let shape = if with_g { Shape::Heterogeneous { m1: 3, pairs: 3 } } else { Shape::Homogeneous { pairs: 3 } };
        let step = Step { players, mdps, shape, lowest: true };
        let want: BTreeSet<(u32, u32)> =
            if with_g { [(1, 6), (2, 4), (3, 5)] } else { [(1, 6), (2, 3), (4, 5)] }.into_iter().collect();
        for (name, found) in
            [("fast", Fast::new().first(&round, &step, None)), ("literal", Literal::new().first(&round, &step, None))]
        {
            let found = found.unwrap_or_else(|| panic!("{name}: no pairing"));
            let pairs: BTreeSet<(u32, u32)> = found
                .all_pairs()
                .map(|(x, y)| {
                    let (x, y) = (round.players[x].id, round.players[y].id);
                    (x.min(y), x.max(y))
                })
                .collect();
            let bye: Vec<u32> = found.down.iter().map(|&p| round.players[p].id).collect();
            assert_eq!((pairs, bye), (want.clone(), if with_g { vec![7] } else { vec![] }), "{name}, G: {with_g}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// C.04.3 1.4.3: the two issues of the 2025 text (docs/dutch.md, "Which issue of C.04.3").
//
// The issue approved on 13/04/2024 gives a downfloat to "a player who, for whatever reason, scores
// without playing in a round more points than those rewarded for a loss". The re-issue in force
// from 1 February 2026 gives one "to any player who receives a pairing-allocated bye (see Article
// 1.5) or who, without playing in a round, scores more points than those rewarded for a loss", and
// adds 1.4.4: "No players other than those listed in the previous two articles can receive floats".
// The two differ when the PAB is worth no more than a loss, which a tournament's rules may decide
// (C.04.1 Art. 3: "unless the rules of the tournament state otherwise").
// ---------------------------------------------------------------------------------------------

/// Round 3 of 4 in an 8-player tournament whose PAB is worth 0 (`XXS PAB=0.0`), White drawn. It
/// came from trfcheck's generator (`--players 8 --rounds 4 --seed 683 --forfeit-rate 0 --bye-rate
/// 0.1 --withdraw-rate 0`), run with a zero-point PAB through a change that is not committed, and
/// cut after round 2.
///
/// Round 1: 1–6 1-0, 7–5 0-1; 2, 3, 4 half-point byes (H); 8 the PAB (0 points). Round 2: 5–1
/// 0-1, 4–2 0-1, 6–8 0-1; 3 a half-point bye; 7 the PAB (0 points). Scores: 1 2; 2 1.5; 3, 5, 8 1;
/// 4 0.5; 6, 7 0.
///
/// Floats (1.4.2 and 1.4.3 of both issues). Every game was between equal scores, so no game gave
/// a float. Every half-point bye (0.5, more than a loss) gave a downfloat: 2, 3 and 4 in round 1,
/// and 3 in round 2. The two PABs, worth 0, gave a downfloat under the re-issue (1.4.3: "any player
/// who receives a pairing-allocated bye") and none under the 2024 text.
///
/// Colour preferences (1.7, played games only). 1: W B, mild White. 2: B, strong White. 3: none
/// (no game, 1.7.4). 4: W, strong Black. 5: B W, mild Black. 6: B W, mild Black. 7: W, strong
/// Black. 8: B, strong White. Round 3 is not the last, so there are no topscorers (1.8).
///
/// The brackets from the top (1.9.2):
/// - 2 points, {1}: 1 downfloats.
/// - 1.5 points: 1 (MDP) meets 2, who have not met. Both prefer White; 2's preference is strong,
///   so 2 gets White (5.2.2).
/// - 1 point, {3, 5, 8}, BSNs 1, 2, 3 (1.2): one pair and one downfloater, who meets 4 in the next
///   bracket whichever it is ([C8]). The candidates:
///   - 3–5, 8 downfloats;
///   - 3–8, 5 downfloats;
///   - 5–8, 3 downfloats.
///
///   They tie on [C6]–[C13]: every pair grants both preferences, and 3 has none. [C14] (a resident
///   downfloater who received a downfloat the previous round) rules out downfloating 3, whose
///   round-2 half-point bye was a downfloat. [C16] (a downfloat two rounds before) counts 8's
///   round-1 PAB:
///   - under the re-issue it is a downfloat, so 3–5 with 8 downfloating breaks [C16], and the
///     candidate 3–8 with 5 downfloating (the next transposition of S2, 4.2) is perfect;
///   - under the 2024 text it is not, every criterion ties, and the first candidate is taken
///     (3.2.2, S1 = {3}, S2 = {5, 8}): 3–5, 8 downfloats.
///
///   Colours: 3–5, 3 has no preference, so 5's Black is granted, giving 3–5. 3–8: 8's White is
///   granted, giving 8–3.
/// - 0.5 points: the MDP meets 4 (strong Black). The 2024 text gives 8–4 (both preferences
///   granted). The re-issue gives 5–4: both prefer Black and 4's preference is the stronger (5.2.2).
/// - 0 points: 6–7. Both prefer Black and 7's preference is strong, so 6 gets White.
fn zero_point_pab() -> Tournament {
    let t = Trf::new(8, 4)
        .pab_worth(0)
        .round(&[(1, 6, '1'), (7, 5, '0')], &[(2, 'H'), (3, 'H'), (4, 'H'), (8, 'U')])
        .round(&[(5, 1, '0'), (4, 2, '0'), (6, 8, '0')], &[(3, 'H'), (7, 'U')])
        .tournament();
    assert_eq!(t.point_system.pairing_allocated_bye, Some(Points::ZERO));
    t
}

/// The re-issue in force from 1 February 2026: every PAB is a downfloat (1.4.3), so 8's round-1
/// PAB counts for [C16] and 5 downfloats instead of 8 (the 2024 issue, never in force, would give
/// 2–1, 3–5, 8–4, 6–7, as bbpPairings 6.0.0 does).
#[test]
fn c0403_1_4_3_every_pab_is_a_downfloat_in_the_re_issue() {
    let expected: BTreeSet<(u32, u32)> = [(2, 1), (8, 3), (5, 4), (6, 7)].into_iter().collect();
    assert_eq!(pairing(&zero_point_pab(), SystemId::Dutch2025), (expected, None));
}
