//! What the record says a round was: each player's seat, the recorded pairing as boards, and the
//! boards of a computed pairing that the record does not have.

use crate::model::{Colour, PlayerId, Tournament};
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
    let entry = t.player(player)?.round(round);
    use crate::model::{ByeKind, EntryKind};
    match entry.kind() {
        EntryKind::Played { opponent, colour, .. } | EntryKind::Pending { opponent, colour } => {
            Some(RecordedSeat { opponent, colour: Some(colour) })
        }
        EntryKind::Forfeit { opponent, colour, .. } => Some(RecordedSeat { opponent, colour }),
        EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin) => {
            Some(RecordedSeat { opponent: player, colour: None })
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

pub fn compare(t: &Tournament, round: u32, computed: &RoundPairing) -> Difference {
    let seat = |p: PlayerId| recorded_seat(t, p, round);
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
    let mut boards: Vec<Board> = Vec::new();
    for player in &t.players {
        if let Some(seat) = recorded_seat(t, player.id, round)
            && (seat.opponent == player.id
                || player.id < seat.opponent
                || recorded_seat(t, seat.opponent, round).is_none())
        {
            boards.push(recorded_board(player.id, seat));
        }
    }
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    pairing
}
