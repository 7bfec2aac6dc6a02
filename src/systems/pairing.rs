//! A round's pairing, as every system returns it: boards with colours, and the bye.

use rustc_hash::FxHashMap;
use std::cmp::Reverse;

use serde::Serialize;

use crate::model::PlayerId;
use crate::state::RoundState;

/// One board: `white` against `black`, or the pairing-allocated bye when `black` is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Board {
    pub white: PlayerId,
    pub black: Option<PlayerId>,
}

impl Board {
    pub fn game(white: PlayerId, black: PlayerId) -> Board {
        Board { white, black: Some(black) }
    }

    pub fn bye(player: PlayerId) -> Board {
        Board { white: player, black: None }
    }

    /// `[white, black]`, a bye as `[player, 0]` (SPEC JSON).
    pub fn as_pair(&self) -> [u32; 2] {
        [self.white, self.black.unwrap_or(0)]
    }

    pub fn has(&self, player: PlayerId) -> bool {
        self.white == player || self.black == Some(player)
    }
}

/// The partner of `player` among `pairs` (two players each, in any order).
pub fn partner_in(pairs: &[(usize, usize)], player: usize) -> Option<usize> {
    pairs.iter().find_map(|&(a, b)| {
        if a == player {
            Some(b)
        } else if b == player {
            Some(a)
        } else {
            None
        }
    })
}

/// The boards of a round, in board order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    pub boards: Vec<Board>,
}

impl RoundPairing {
    /// The pairing of games `(white, black)` and a PAB given by positions in a system's list of the
    /// round's players (`id` names them), in the publication order ([`RoundPairing::sort_boards`]).
    pub fn from_positions(
        state: &RoundState,
        games: impl IntoIterator<Item = (usize, usize)>,
        bye: Option<usize>,
        id: impl Fn(usize) -> PlayerId,
    ) -> RoundPairing {
        let mut boards: Vec<Board> = games.into_iter().map(|(w, b)| Board::game(id(w), id(b))).collect();
        boards.extend(bye.map(|x| Board::bye(id(x))));
        let mut pairing = RoundPairing { boards };
        pairing.sort_boards(state);
        pairing
    }

    /// Puts the boards in the publication order of C.04.2 3.6: by the score of the higher-ranked
    /// player, then the sum of both scores, then the pairing number of the higher-ranked player;
    /// the bye last. Scores here are standings points, without acceleration.
    pub fn sort_boards(&mut self, state: &RoundState) {
        // Each player's standing, looked up by id: searching the players at every comparison
        // took 5% of the check of a 3,000-player event. The first player of an id counts, as
        // the search found.
        let mut standings = FxHashMap::with_capacity_and_hasher(state.players.len(), Default::default());
        for p in &state.players {
            standings.entry(p.id).or_insert((p.score, p.rank));
        }
        let standing = |id: PlayerId| standings.get(&id).copied().unwrap_or((Default::default(), u32::MAX));
        // Each board's key once (a stable sort, as `sort_by_key`), not at every comparison.
        self.boards.sort_by_cached_key(|board| {
            let Some(black) = board.black else {
                return (true, Reverse(Default::default()), Reverse(Default::default()), standing(board.white).1);
            };
            let (a, b) = (standing(board.white), standing(black));
            // The higher-ranked player: more points, or equal points and the better pairing number.
            let (higher, lower) = if (a.0, Reverse(a.1)) >= (b.0, Reverse(b.1)) { (a, b) } else { (b, a) };
            (false, Reverse(higher.0), Reverse(lower.0), higher.1)
        });
    }

    /// The board of a player.
    pub fn board_of(&self, player: PlayerId) -> Option<&Board> {
        self.boards.iter().find(|b| b.has(player))
    }

    /// The number of a player's board (from 1; 0 when the player has none).
    pub fn board_number(&self, player: PlayerId) -> usize {
        self.boards.iter().position(|b| b.has(player)).map_or(0, |i| i + 1)
    }

    /// Each player's partner (`None`: the PAB), both by their position in a system's list of the
    /// round's players (`index`); a player not in it is left out.
    pub fn partners(
        &self,
        index: &std::collections::BTreeMap<PlayerId, usize>,
    ) -> std::collections::BTreeMap<usize, Option<usize>> {
        let mut out = std::collections::BTreeMap::new();
        for board in &self.boards {
            let Some(&w) = index.get(&board.white) else { continue };
            let black = board.black.and_then(|b| index.get(&b).copied());
            out.insert(w, black);
            if let Some(b) = black {
                out.insert(b, Some(w));
            }
        }
        out
    }
}
