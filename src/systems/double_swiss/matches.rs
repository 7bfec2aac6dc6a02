//! A Double-Swiss tournament read match by match (docs/double-swiss.md, "The file").
//!
//! TRF-2026 has one result per round column and no record for a match of two games, so a
//! Double-Swiss event is written with the two games of a match in two consecutive round columns:
//! match `k` is columns `2k − 1` (the first game) and `2k` (the second), against the same opponent
//! with alternating colours (4.4), and `142` counts games. A bye applies to the whole match
//! (Preface) and is written in both columns: the pairing-allocated bye as `U` then `H`, worth a won
//! game and a drawn one (1.4) under the file's own point system (or `U U` in a file that prices its
//! byes per match, [`PointSystem::byes_per_match`]).
//!
//! [`by_match`] makes the tournament the Double-Swiss pairs: one round per match, each player's
//! entry its match. What the text says a match is, each entry keeps:
//! - a match "ends by forfeit only if at least one player forfeits both games" (Preface): that
//!   player's entry is a forfeit loss, the opponent's a forfeit win (both a loss when both did);
//! - any other match "is considered as regularly played": a win, draw or loss by the points of
//!   its two games, with the colour of the first game (1.6, 4.4) — rated (`1 = 0`) when a game of
//!   it was played over the board, unrated (`W D L`) when none was (each player forfeited one), so
//!   that the state can give such a match no colour (1.6) and still count the meeting ([C1]);
//! - the points of a match are those of its two games, as the file scores them;
//! - a match not yet complete (the second game blank) is a pending pairing: its players were paired.
//!
//! The round numbers of the records that name rounds (240, 250, 260) become match numbers; a 250
//! record's points are summed over the games of each match it covers. The point system is doubled
//! (a match is worth two games): the Baku method's virtual points are then a match win, 2, and half
//! of it, 1 (C.04.7 1.4.2–1.4.3, with a match as the round).

use std::cmp::Ordering;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::model::{
    Acceleration, ByeKind, EntryKind, Player, PointSystem, Points, RequestedBye, ResultCode, RoundEntry, Tournament,
};

/// The games of match `k`: its first and second round columns.
pub fn games(k: u32) -> (u32, u32) {
    (2 * k - 1, 2 * k)
}

/// The match a round column belongs to.
pub fn match_of(column: u32) -> u32 {
    column.div_ceil(2)
}

/// The tournament with one round per match ([module docs](self)).
pub fn by_match(t: &Tournament) -> Tournament {
    let mut out = t.clone();
    let matches = match_of(t.rounds_recorded());
    for (player, original) in out.players.iter_mut().zip(&t.players) {
        player.rounds = (1..=matches).map(|k| match_entry(t, original, k)).collect();
        while player.rounds.last().is_some_and(RoundEntry::is_blank) {
            player.rounds.pop();
        }
    }
    out.header.rounds = t.header.rounds.map(match_of);
    out.point_system = doubled(&t.point_system);
    out.abnormal_points.clear();
    out.accelerations = accelerations(&t.accelerations);
    for forbidden in &mut out.forbidden_pairs {
        forbidden.first_round = forbidden.first_round.map(match_of);
        forbidden.last_round = forbidden.last_round.map(match_of);
    }
    let mut byes: Vec<RequestedBye> = Vec::new();
    for bye in &t.requested_byes {
        let round = match_of(bye.round);
        match byes.iter_mut().find(|b| b.round == round && b.kind == bye.kind) {
            Some(found) => {
                for &player in &bye.players {
                    if !found.players.contains(&player) {
                        found.players.push(player);
                    }
                }
            }
            None => byes.push(RequestedBye { round, ..bye.clone() }),
        }
    }
    out.requested_byes = byes;
    out
}

/// True when the file reads as a Double-Swiss event: some match was paired, and in every match
/// whose two columns are both recorded, each player meets the same opponent twice (or has no
/// opponent twice). No Swiss event of one game a round does ([C1]).
pub fn looks_like_matches(t: &Tournament) -> bool {
    let matches = match_of(t.rounds_recorded());
    let mut paired = false;
    for player in &t.players {
        for k in 1..=matches {
            let (g1, g2) = games(k);
            let (first, second) = (player.round(g1), player.round(g2));
            if second.is_blank() {
                continue;
            }
            if first.scheduled_opponent() != second.scheduled_opponent() {
                return false;
            }
            paired |= first.scheduled_opponent().is_some();
        }
    }
    paired
}

/// The findings on a file declared Double-Swiss: the two round columns of each match (`2k − 1`,
/// `2k`) hold one match: the same opponent twice with the colours swapped (C.04.5 4.4), or a bye
/// for the whole match (its Preface: "byes apply only to matches, never to individual games").
/// Players whose record had an error (already reported) are left out.
pub fn split_matches(t: &Tournament) -> Diagnostics {
    let mut out = Diagnostics::new();
    for player in &t.players {
        if t.origin.damaged.contains(&player.id) {
            continue;
        }
        for k in 1..=match_of(player.rounds.len() as u32) {
            let (g1, g2) = games(k);
            let (first, second) = (player.round(g1), player.round(g2));
            if second.is_blank() {
                continue;
            }
            let problem = match (first.scheduled_opponent(), second.scheduled_opponent()) {
                (Some(a), Some(b)) if a != b => Some(format!("the first game is against {a}, the second against {b}")),
                (Some(a), None) => Some(format!("the first game is against {a}, the second is a bye or absence")),
                (None, Some(b)) => Some(format!("the first game is a bye or absence, the second against {b}")),
                (Some(_), Some(_)) if first.colour.is_some() && first.colour == second.colour => {
                    Some("both games have the same colour".to_owned())
                }
                _ => None,
            };
            if let Some(problem) = problem {
                let d = Diagnostic::error(
                    Code::SplitMatch,
                    format!("match {k} (rounds {g1}–{g2}) of player {}: {problem}", player.id),
                )
                .expected("one match: the same opponent in both games with the colours swapped, or a bye in both");
                let at = match (t.origin.round_spans.get(&(player.id, g2)), t.origin.player_lines.get(&player.id)) {
                    (Some(span), _) => Some(span.clone()),
                    (None, Some(&line)) => Some(Span::new(line, 5, 9)),
                    (None, None) => None,
                };
                out.push(match at {
                    Some(span) => d.at(span),
                    None => d,
                });
            }
        }
    }
    out
}

/// A player lost a game by forfeit (`-` against an opponent, also in a double forfeit).
fn forfeited(entry: &RoundEntry) -> bool {
    matches!(entry.kind(), EntryKind::Forfeit { won: false, .. })
}

/// The player's entry for match `k`.
fn match_entry(t: &Tournament, player: &Player, k: u32) -> RoundEntry {
    let (g1, g2) = games(k);
    let (first, second) = (player.round(g1), player.round(g2));
    if first.is_blank() && second.is_blank() {
        return RoundEntry::BLANK;
    }
    let points = t.round_points(player, g1) + t.round_points(player, g2);
    let Some(opponent) = first.scheduled_opponent().or_else(|| second.scheduled_opponent()) else {
        return RoundEntry { game_points: Some(points), ..RoundEntry::bye(bye_code(&first, &second)) };
    };
    // The colour of the first game (4.4), else the opposite of the second's.
    let colour = first.colour.or(second.colour.map(|c| c.opposite()));
    let pending = |e: &RoundEntry| matches!(e.kind(), EntryKind::Pending { .. } | EntryKind::NotRecorded);
    if pending(&first) || pending(&second) {
        return RoundEntry { opponent: Some(opponent), colour, result: ResultCode::Blank, game_points: Some(points) };
    }
    let other = t.player(opponent);
    let their = |g: u32| other.map_or(RoundEntry::BLANK, |o| o.round(g));
    let (their_first, their_second) = (their(g1), their(g2));
    let mine_forfeited = forfeited(&first) && forfeited(&second);
    let theirs_forfeited = forfeited(&their_first) && forfeited(&their_second);
    let result = if mine_forfeited {
        ResultCode::ForfeitLoss
    } else if theirs_forfeited {
        ResultCode::ForfeitWin
    } else {
        let their_points = other.map_or(Points::ZERO, |o| t.round_points(o, g1) + t.round_points(o, g2));
        let over_the_board = [first, second].iter().any(|e| matches!(e.kind(), EntryKind::Played { .. }));
        match (points.cmp(&their_points), over_the_board) {
            (Ordering::Greater, true) => ResultCode::Win,
            (Ordering::Equal, true) => ResultCode::Draw,
            (Ordering::Less, true) => ResultCode::Loss,
            (Ordering::Greater, false) => ResultCode::WinUnrated,
            (Ordering::Equal, false) => ResultCode::DrawUnrated,
            (Ordering::Less, false) => ResultCode::LossUnrated,
        }
    };
    RoundEntry { opponent: Some(opponent), colour, result, game_points: Some(points) }
}

/// The bye a match without an opponent was: the pairing-allocated bye when a column says `U`,
/// else a full-point bye (`F`, or the legacy `+`), a half-point bye (`H`), or a zero-point bye or
/// absence.
fn bye_code(first: &RoundEntry, second: &RoundEntry) -> ResultCode {
    let kinds = [first.kind(), second.kind()];
    let any = |kind: ByeKind| kinds.contains(&EntryKind::Bye(kind));
    if any(ByeKind::PairingAllocated) {
        ResultCode::PairingAllocatedBye
    } else if any(ByeKind::FullPoint) || any(ByeKind::LegacyWin) {
        ResultCode::FullPointBye
    } else if any(ByeKind::HalfPoint) {
        ResultCode::HalfPointBye
    } else {
        ResultCode::ZeroPointBye
    }
}

/// The point system of a match: every value of a game, twice; bye values the file gives per match
/// ([`PointSystem::byes_per_match`]) as they are.
fn doubled(system: &PointSystem) -> PointSystem {
    let twice = |p: Points| p.times(2);
    // Bye values that are already a match's stay as they are.
    let bye = |p: Points| if system.byes_per_match { p } else { twice(p) };
    PointSystem {
        white_win: twice(system.white_win),
        black_win: twice(system.black_win),
        white_draw: twice(system.white_draw),
        black_draw: twice(system.black_draw),
        white_loss: twice(system.white_loss),
        black_loss: twice(system.black_loss),
        forfeit_win: twice(system.forfeit_win),
        forfeit_loss: twice(system.forfeit_loss),
        zero_point_bye: bye(system.zero_point_bye),
        half_point_bye: bye(system.half_point_bye),
        full_point_bye: bye(system.full_point_bye),
        pairing_allocated_bye: system.pairing_allocated_bye.map(bye),
        unknown_result: system.unknown_result.map(twice),
        byes_per_match: false,
    }
}

/// The 250 records by match: for each match a record covers, its points summed over the games of
/// the match it covers.
fn accelerations(records: &[Acceleration]) -> Vec<Acceleration> {
    let mut out = Vec::new();
    for record in records {
        // Round 0 names no match (a record the validator reports); matches count from 1.
        for k in match_of(record.first_round).max(1)..=match_of(record.last_round) {
            let (g1, g2) = games(k);
            let covered = [g1, g2].iter().filter(|&&g| (record.first_round..=record.last_round).contains(&g)).count();
            let times = |p: Points| p.times(covered as i64);
            out.push(Acceleration {
                match_points: record.match_points.map(times),
                game_points: times(record.game_points),
                first_round: k,
                last_round: k,
                ..record.clone()
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Colour::{Black as B, White as W};

    fn game(opponent: u32, colour: crate::model::Colour, result: ResultCode) -> RoundEntry {
        RoundEntry::game(opponent, colour, result)
    }

    fn player(id: u32, rounds: Vec<RoundEntry>) -> Player {
        Player { id, name: format!("P{id}"), rounds, ..Player::default() }
    }

    /// One match each of the kinds the Preface tells apart, and the PAB written `U` `H` (1.4).
    #[test]
    fn a_match_is_forfeited_only_when_a_player_forfeits_both_games() {
        use ResultCode::*;
        let t = Tournament {
            players: vec![
                // 1-2: 1½–½, played. 3-4: 4 forfeits both games. 5-6: each forfeits one game.
                player(1, vec![game(2, W, Win), game(2, B, Draw)]),
                player(2, vec![game(1, B, Loss), game(1, W, Draw)]),
                player(3, vec![game(4, W, ForfeitWin), game(4, B, ForfeitWin)]),
                player(4, vec![game(3, B, ForfeitLoss), game(3, W, ForfeitLoss)]),
                player(5, vec![game(6, B, ForfeitLoss), game(6, W, ForfeitWin)]),
                player(6, vec![game(5, W, ForfeitWin), game(5, B, ForfeitLoss)]),
                player(7, vec![RoundEntry::bye(PairingAllocatedBye), RoundEntry::bye(HalfPointBye)]),
            ],
            ..Tournament::default()
        };
        let m = by_match(&t);
        let entry = |id: u32| m.player(id).unwrap().round(1);
        let kind = |id: u32| entry(id).kind();
        assert!(matches!(kind(1), EntryKind::Played { opponent: 2, colour: W, rated: true, .. }));
        assert_eq!(entry(1).game_points, Some(Points::from_tenths(15)));
        assert!(matches!(kind(2), EntryKind::Played { opponent: 1, colour: B, .. }));
        assert!(matches!(kind(3), EntryKind::Forfeit { opponent: 4, won: true, .. }));
        assert!(matches!(kind(4), EntryKind::Forfeit { opponent: 3, won: false, .. }));
        // Regularly played, no game over the board: unrated, a draw on points (1–1).
        assert!(matches!(kind(5), EntryKind::Played { opponent: 6, colour: B, rated: false, .. }));
        assert_eq!(entry(5).result, DrawUnrated);
        assert_eq!(kind(7), EntryKind::Bye(ByeKind::PairingAllocated));
        assert_eq!(entry(7).game_points, Some(Points::from_tenths(15)));
        assert_eq!(m.rounds_paired(), 1);
    }

    /// Records that name rounds name games; by match, a 250 record's points add up over the
    /// games of each match it covers.
    #[test]
    fn round_records_become_match_records() {
        let record = Acceleration {
            match_points: None,
            game_points: Points::ONE,
            first_round: 1,
            last_round: 3,
            first_player: 1,
            last_player: 4,
        };
        let by_match = accelerations(std::slice::from_ref(&record));
        let points: Vec<(u32, Points)> = by_match.iter().map(|a| (a.first_round, a.game_points)).collect();
        assert_eq!(points, [(1, Points::whole(2)), (2, Points::ONE)]);
        assert_eq!((match_of(1), match_of(2), match_of(3)), (1, 1, 2));
        // A record from round 0 (invalid, read leniently) names no match 0.
        let from_zero = Acceleration { first_round: 0, ..record };
        assert_eq!(accelerations(&[from_zero]).iter().map(|a| a.first_round).collect::<Vec<_>>(), [1, 2]);
    }
}
