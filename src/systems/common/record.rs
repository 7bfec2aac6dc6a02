//! What the record says a round was: each player's seat, the recorded pairing as boards (and as
//! an explanation reads it, [`Seats`]), and the boards of a computed pairing that the record does
//! not have.

use rustc_hash::FxHashMap;

use crate::model::{Colour, Player, PlayerId, Tournament};
use crate::state::RoundState;
use crate::systems::pairing::{Board, RoundPairing};

/// What a player's record says about their pairing in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordedSeat {
    /// The opponent, or the player themself for a pairing-allocated bye.
    pub opponent: PlayerId,
    pub colour: Option<Colour>,
}

/// The recorded pairing of a player in a round: a game (played, forfeited or not yet played) or
/// the pairing-allocated bye; `None` when the player was not paired.
pub fn recorded_seat(t: &Tournament, player: PlayerId, round: u32) -> Option<RecordedSeat> {
    seat_of(t.player(player)?, round)
}

/// [`recorded_seat`] of a player at hand.
fn seat_of(player: &Player, round: u32) -> Option<RecordedSeat> {
    let entry = player.round(round);
    use crate::model::{ByeKind, EntryKind};
    match entry.kind() {
        EntryKind::Played { opponent, colour, .. } | EntryKind::Pending { opponent, colour } => {
            Some(RecordedSeat { opponent, colour: Some(colour) })
        }
        EntryKind::Forfeit { opponent, colour, .. } => Some(RecordedSeat { opponent, colour }),
        EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin) => {
            Some(RecordedSeat { opponent: player.id, colour: None })
        }
        _ => None,
    }
}

/// A recorded seat as a board, the player on the side their colour says (an uncoloured forfeit
/// puts the opponent on white, as the reference checker prints it).
pub fn recorded_board(player: PlayerId, seat: RecordedSeat) -> Board {
    if seat.opponent == player {
        return Board::bye(player);
    }
    match seat.colour {
        Some(Colour::White) => Board::game(player, seat.opponent),
        _ => Board::game(seat.opponent, player),
    }
}

/// The boards of the computed pairing that the record does not have (same opponent, and the
/// computed white not recorded with black), and the recorded boards of the players involved.
pub struct Difference {
    pub computed: Vec<Board>,
    pub recorded: Vec<Board>,
}

impl Difference {
    pub fn is_empty(&self) -> bool {
        self.computed.is_empty()
    }
}

/// The seat of each player of the round by pairing number, looked up as [`Tournament::player`]
/// does (the first player of a number) but at once: asked of every player, that search made
/// reading a round's record quadratic.
fn seats(t: &Tournament, round: u32) -> impl Fn(PlayerId) -> Option<RecordedSeat> + '_ {
    let mut by_id: FxHashMap<PlayerId, &Player> =
        FxHashMap::with_capacity_and_hasher(t.players.len(), Default::default());
    for player in &t.players {
        by_id.entry(player.id).or_insert(player);
    }
    move |id| by_id.get(&id).and_then(|player| seat_of(player, round))
}

pub fn compare(t: &Tournament, round: u32, computed: &RoundPairing) -> Difference {
    let seat = seats(t, round);
    let mut wrong = Vec::new();
    let mut recorded = Vec::new();
    for board in &computed.boards {
        let white = board.white;
        let black = board.black.unwrap_or(white);
        let white_seat = seat(white);
        let agrees = white_seat.is_some_and(|s| s.opponent == black && s.colour != Some(Colour::Black));
        if agrees {
            continue;
        }
        wrong.push(*board);
        // The recorded pairs of both players, each listed once (from its lower-numbered end).
        for player in [Some(white), board.black].into_iter().flatten() {
            if let Some(s) = seat(player)
                && player <= s.opponent
            {
                let recorded_board = recorded_board(player, s);
                if !recorded.contains(&recorded_board) {
                    recorded.push(recorded_board);
                }
            }
        }
    }
    Difference { computed: wrong, recorded }
}

/// The recorded pairing of a round, in board order.
pub fn recorded_pairing(t: &Tournament, round: u32, state: &RoundState) -> RoundPairing {
    let seat_by_id = seats(t, round);
    let mut boards: Vec<Board> = Vec::new();
    for player in &t.players {
        if let Some(seat) = seat_by_id(player.id)
            && (seat.opponent == player.id || player.id < seat.opponent || seat_by_id(seat.opponent).is_none())
        {
            boards.push(recorded_board(player.id, seat));
        }
    }
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    pairing
}

/// A recorded pairing as an explanation reads it: each player's partner and board, by position
/// in a system's list of the round's players.
pub struct Seats<'a> {
    pairing: &'a RoundPairing,
    ids: Vec<PlayerId>,
    partner: std::collections::BTreeMap<usize, Option<usize>>,
    /// How the system's text names the PAB ("the bye", "the pairing-allocated bye").
    bye: &'static str,
}

impl<'a> Seats<'a> {
    /// `ids`: the players of the round in the system's list.
    pub fn new(pairing: &'a RoundPairing, ids: Vec<PlayerId>, bye: &'static str) -> Seats<'a> {
        let index = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        Seats { partner: pairing.partners(&index), pairing, ids, bye }
    }

    /// The player's partner: `Some(None)` the PAB, `None` not paired.
    pub fn partner(&self, player: usize) -> Option<Option<usize>> {
        self.partner.get(&player).copied()
    }

    /// The record pairs `a` with `b`.
    pub fn pairs(&self, a: usize, b: usize) -> bool {
        self.partner(a) == Some(Some(b))
    }

    /// The player who has the PAB, if anyone has.
    pub fn bye_holder(&self) -> Option<usize> {
        self.partner.iter().find(|(_, p)| p.is_none()).map(|(&q, _)| q)
    }

    /// The record has the board `white`–`black`, in those colours.
    pub fn has_board(&self, white: PlayerId, black: PlayerId) -> bool {
        self.pairing.boards.iter().any(|b| b.white == white && b.black == Some(black))
    }

    /// `board 3`, or `not paired`.
    pub fn board(&self, player: usize) -> String {
        let id = self.ids[player];
        match self.pairing.boards.iter().position(|b| b.has(id)) {
            Some(k) => format!("board {}", k + 1),
            None => "not paired".to_owned(),
        }
    }

    /// `pairs 4 with 7 (board 2)`, `gives 4 the bye`, `does not pair 4`.
    pub fn with(&self, player: usize) -> String {
        let id = self.ids[player];
        match self.partner(player) {
            Some(Some(q)) => format!("pairs {id} with {} ({})", self.ids[q], self.board(player)),
            Some(None) => format!("gives {id} {}", self.bye),
            None => format!("does not pair {id}"),
        }
    }
}
