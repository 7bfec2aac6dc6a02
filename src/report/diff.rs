//! The board diff of a differing round (docs/output.md, "A differing round"): the recorded and the
//! computed pairing side by side, a row per differing recorded board with the computed board that
//! shares one of its players, and the boards both pairings have folded into one line. The text and
//! HTML renderings both lay a round out from [`lines`].
//!
//! Each player sits on one board of each pairing, so a recorded board shares a player with at
//! most two computed boards (its white's and its black's) and the other way round: the boards and
//! "shares a player" form paths and cycles, and a row per board pair is a matching on them. It is
//! found by augmenting paths (Kuhn), which on a graph of degree 2 are walks, so every board that
//! can share a row with another does, and a board is left alone on its row only at a path's end.

use super::RoundDetail;
use crate::model::PlayerId;
use crate::systems::pairing::Board;

/// A line of the diff, in recorded board order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Boards both pairings have, folded: how many, and the first and last of their recorded
    /// board numbers (1-based).
    Agree { count: usize, first: usize, last: usize },
    /// A recorded board and the computed board that shares a player with it, each with its board
    /// number (1-based); one side is missing when no board of the other is left to share with.
    Row { recorded: Option<(usize, Board)>, computed: Option<(usize, Board)> },
}

fn players(board: &Board) -> impl Iterator<Item = PlayerId> {
    [Some(board.white), board.black].into_iter().flatten()
}

/// The lines of `detail`'s diff. Boards are "differing" as the verdict found them
/// (`differing_recorded`, `differing_computed`); every other recorded board is folded.
pub fn lines(detail: &RoundDetail) -> Vec<Line> {
    let recorded: Vec<usize> =
        (0..detail.recorded.len()).filter(|&i| detail.differing_recorded.contains(&detail.recorded[i])).collect();
    let computed: Vec<usize> =
        (0..detail.computed.len()).filter(|&i| detail.differing_computed.contains(&detail.computed[i])).collect();
    // The differing computed board of each player (by position in `computed`).
    let mut board_of = std::collections::HashMap::new();
    for (c, &i) in computed.iter().enumerate() {
        for p in players(&detail.computed[i]) {
            board_of.insert(p, c);
        }
    }
    // The computed boards a recorded board may share a row with: its white's first, then its black's.
    let candidates = |r: usize| -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for p in players(&detail.recorded[recorded[r]]) {
            if let Some(&c) = board_of.get(&p)
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
        out
    };
    let mut row_of_computed: Vec<Option<usize>> = vec![None; computed.len()];
    let mut row_of_recorded: Vec<Option<usize>> = vec![None; recorded.len()];
    for r in 0..recorded.len() {
        // An augmenting path from `r`: each matched recorded board on it moves to its other
        // candidate; with two candidates per board the path is a walk, tried from each start.
        'start: for first in candidates(r) {
            let mut path = vec![(r, first)];
            let mut visited = vec![false; computed.len()];
            let mut c = first;
            loop {
                if visited[c] {
                    continue 'start;
                }
                visited[c] = true;
                let Some(holder) = row_of_computed[c] else { break };
                let Some(next) = candidates(holder).into_iter().find(|&other| other != c) else { continue 'start };
                path.push((holder, next));
                c = next;
            }
            for (r, c) in path {
                row_of_computed[c] = Some(r);
                row_of_recorded[r] = Some(c);
            }
            break;
        }
    }
    // The rows and folded boards by recorded board number; a computed board alone on its row goes
    // where its own number falls.
    let mut items: Vec<((usize, u8), Option<Line>)> = Vec::new();
    for i in 0..detail.recorded.len() {
        items.push(((i, 0), None));
    }
    for (r, &i) in recorded.iter().enumerate() {
        items[i].1 = Some(Line::Row {
            recorded: Some((i + 1, detail.recorded[i])),
            computed: row_of_recorded[r].map(|c| (computed[c] + 1, detail.computed[computed[c]])),
        });
    }
    for (c, &i) in computed.iter().enumerate() {
        if row_of_computed[c].is_none() {
            items.push(((i, 1), Some(Line::Row { recorded: None, computed: Some((i + 1, detail.computed[i])) })));
        }
    }
    items.sort_by_key(|(key, _)| *key);
    let mut out: Vec<Line> = Vec::new();
    for ((i, side), line) in items {
        match line {
            Some(line) => out.push(line),
            None if side == 0 => match out.last_mut() {
                Some(Line::Agree { count, last, .. }) => {
                    *count += 1;
                    *last = i + 1;
                }
                _ => out.push(Line::Agree { count: 1, first: i + 1, last: i + 1 }),
            },
            None => {}
        }
    }
    out
}

/// `… 12 boards agree (10–21)`, `… 1 board agrees (5)`.
pub fn agree_text(count: usize, first: usize, last: usize) -> String {
    if count == 1 {
        format!("… 1 board agrees ({first})")
    } else {
        format!("… {count} boards agree ({first}–{last})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(recorded: &[(u32, u32)], computed: &[(u32, u32)]) -> RoundDetail {
        let board = |&(w, b): &(u32, u32)| if b == 0 { Board::bye(w) } else { Board::game(w, b) };
        let recorded: Vec<Board> = recorded.iter().map(board).collect();
        let computed: Vec<Board> = computed.iter().map(board).collect();
        RoundDetail {
            differing_computed: computed.iter().filter(|b| !recorded.contains(b)).copied().collect(),
            differing_recorded: recorded.iter().filter(|b| !computed.contains(b)).copied().collect(),
            computed,
            recorded,
        }
    }

    #[test]
    fn a_cycle_of_boards_pairs_every_board_with_one_sharing_a_player() {
        // Boards 1 (1–2) and 3 (5–6) agree; 3–4, 7–8 and 9–bye become 3–8, 7–9 and 4–bye, a
        // cycle: 3–4 takes 3–8 (its white's), 7–8 takes 7–9, and 9–bye, whose only partner is
        // 7–9, moves 7–8 to 3–8 and 3–4 to 4–bye (its black's) — every board on a row that shares
        // a player.
        let d = detail(&[(1, 2), (3, 4), (5, 6), (7, 8), (9, 0)], &[(1, 2), (3, 8), (5, 6), (7, 9), (4, 0)]);
        assert_eq!(
            lines(&d),
            [
                Line::Agree { count: 1, first: 1, last: 1 },
                Line::Row { recorded: Some((2, Board::game(3, 4))), computed: Some((5, Board::bye(4))) },
                Line::Agree { count: 1, first: 3, last: 3 },
                Line::Row { recorded: Some((4, Board::game(7, 8))), computed: Some((2, Board::game(3, 8))) },
                Line::Row { recorded: Some((5, Board::bye(9))), computed: Some((4, Board::game(7, 9))) },
            ]
        );
    }

    #[test]
    fn a_board_whose_partners_are_taken_moves_the_others_along() {
        // Recorded 1–2, 3–4; computed 2–3, 4–1: white-first, board 1 takes 4–1, then board 2 takes
        // 2–3 — both rows share a player.
        let d = detail(&[(1, 2), (3, 4)], &[(2, 3), (4, 1)]);
        for line in lines(&d) {
            let Line::Row { recorded: Some((_, r)), computed: Some((_, c)) } = line else { panic!("{line:?}") };
            assert!(players(&r).any(|p| players(&c).any(|q| p == q)), "{r:?} {c:?}");
        }
    }
}
