//! Comparing a computed pairing with the recorded one.

use crate::model::{Colour, PlayerId, Tournament};
use crate::report::{RoundDetail, RoundReport, RoundStatus};
use crate::state::{Participation, RoundState};
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

/// The verdict alone of a recorded round under `engine`, without the explanation and severity that
/// [`check_round`] adds: `identify` and the hints run every candidate on every round and only count
/// the rounds that match, and explaining a differing round costs far more than pairing it.
pub fn round_status(t: &Tournament, round: u32, engine: &dyn crate::systems::Engine) -> RoundStatus {
    // The candidates run on several threads (`identify`'s jobs), each round under the memory
    // budget of the rounds `check` pairs.
    let _permit =
        super::memory::RoundGate::global().admit(super::memory::round_estimate(&super::memory::scoregroups(t, round)));
    let mut state = RoundState::build(t, round, Participation::Recorded);
    if engine.missing_numbers(t, &mut state).is_some() {
        return RoundStatus::NotChecked;
    }
    match engine.pair(&state) {
        Err(crate::systems::PairFailure::NoValidPairing) => RoundStatus::NoValidPairing,
        Err(crate::systems::PairFailure::GaveUp(_)) => RoundStatus::NotChecked,
        Ok(computed) if compare(t, round, &computed).is_empty() => RoundStatus::Match,
        Ok(_) => RoundStatus::Mismatch,
    }
}

/// Pairs a recorded round again and compares.
pub fn check_round(t: &Tournament, round: u32, engine: &dyn crate::systems::Engine) -> RoundReport {
    let mut state = RoundState::build(t, round, Participation::Recorded);
    // A round whose pairing rests on numbers the file lacks gets no verdict, only the reason.
    if let Some(reason) = engine.missing_numbers(t, &mut state) {
        return RoundReport::not_checked(round, reason);
    }
    let recorded = recorded_pairing(t, round, &state);
    let pairs = |p: &RoundPairing| p.boards.iter().map(Board::as_pair).collect::<Vec<_>>();
    match engine.pair(&state) {
        Err(crate::systems::PairFailure::GaveUp(reason)) => RoundReport::not_checked(round, reason),
        // Each system numbers its absolute criteria its own way (C1–C3, B.1–B.2, FMJD section 1),
        // so none is named.
        Err(crate::systems::PairFailure::NoValidPairing) => RoundReport::no_valid_pairing(
            round,
            recorded.boards,
            "no pairing of this round satisfies the absolute criteria",
        ),
        Ok(computed) => {
            let mut difference = compare(t, round, &computed);
            if difference.is_empty() {
                return RoundReport::matched(round, computed.boards, recorded.boards);
            }
            for list in [&mut difference.computed, &mut difference.recorded] {
                let mut sorted = RoundPairing { boards: std::mem::take(list) };
                sorted.sort_boards(&state);
                *list = sorted.boards;
            }
            let explanation = engine.explain(&state, &computed, &recorded);
            let (severity, breach) = super::severity::of_round(t, &state, engine, &explanation, &computed, &recorded);
            let (mut text, mut details) = crate::report::explanation_lines(&explanation.text);
            if let Some(breach) = breach {
                // The colour-limit breach is what makes the round absolute: it stays in the first
                // line, after the explanation when both fit there (`FIRST_LINE_MAX`), else in its
                // place, the explanation's first line becoming the first detail.
                let with_breach = format!("{text}; {breach}");
                if with_breach.chars().count() <= crate::report::FIRST_LINE_MAX {
                    text = with_breach;
                } else {
                    let (breach, mut more) = crate::report::explanation_lines(&breach);
                    more.push(std::mem::replace(&mut text, breach));
                    details.splice(0..0, more);
                }
            }
            RoundReport {
                round,
                status: RoundStatus::Mismatch,
                severity: Some(severity),
                expected: Some(pairs(&computed)),
                recorded: Some(pairs(&recorded)),
                explanation: Some(text),
                details,
                criterion: Some(explanation.criterion.clone()),
                engine_bug: explanation.recorded_is_better,
                reason: None,
                detail: Some(RoundDetail {
                    computed: computed.boards,
                    recorded: recorded.boards,
                    differing_computed: difference.computed,
                    differing_recorded: difference.recorded,
                }),
            }
        }
    }
}
