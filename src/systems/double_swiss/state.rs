//! The state of a Double-Swiss round as the Top-Scoregroup procedure reads it (`team::reference`,
//! `team::engine`): each player a participant of the round, from the state rebuilt match by match
//! ([`super::matches`]).
//!
//! What each field rests on (C.04.5):
//! - the TPN (1.1) is the player's pairing number among those who count for the round (C.04.2 2,
//!   `state::Contender::rank`, from 1);
//! - the score (1.2.1) is the pairing score: the points of the matches before, with the
//!   acceleration's virtual points (C.04.7 1.5); the higher-ranked player of 4.2 is read on the
//!   points without them, as the team procedure reads its first-team;
//! - a player had a colour in a match when a game of it was played over the board: the colour of
//!   the first game (1.6);
//! - [C1]: two players met when they played a match that did not end by forfeit (Preface: "the same
//!   pairing may be repeated" only after a forfeited match); 260 records add forbidden pairs;
//! - [C2]: a player who had the pairing-allocated bye, won a match by forfeit, or had a full-point
//!   bye (reading: a match bye with `F`, the bye the text calls FIDE-deprecated) may not have it;
//! - matches played (3.4.3): the matches that did not end by forfeit;
//! - a floater (1.5) "plays against an opponent with a different score": a player whose previous
//!   match, not forfeited, was against an opponent of another pairing score then.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{ByeKind, EntryKind, PlayerId};
use crate::state::RoundState;
use crate::systems::pairing::{Board, RoundPairing};
use crate::systems::team::colour::PreferenceType;
use crate::systems::team::reference::{Pairing, Round, Team};
use crate::systems::team::state::TeamRoundInput;
use crate::systems::team::{Edition, Tpn};

/// A round's players by TPN, and back.
pub struct Numbers {
    ids: Vec<PlayerId>,
    tpns: BTreeMap<PlayerId, Tpn>,
}

impl Numbers {
    pub fn of(state: &RoundState) -> Numbers {
        let mut ids: Vec<(u32, PlayerId)> = state.players.iter().map(|p| (p.rank, p.id)).collect();
        ids.sort_unstable();
        // TPNs are ranks from 1; a rank without a player here (someone absent from this round)
        // keeps its number.
        let size = ids.last().map_or(0, |&(rank, _)| rank as usize + 1);
        let mut by_tpn = vec![0; size];
        let mut tpns = BTreeMap::new();
        for (rank, id) in ids {
            by_tpn[rank as usize] = id;
            tpns.insert(id, rank + 1);
        }
        Numbers { ids: by_tpn, tpns }
    }

    pub fn id(&self, tpn: Tpn) -> PlayerId {
        self.ids.get(tpn as usize - 1).copied().unwrap_or(0)
    }

    pub fn tpn(&self, id: PlayerId) -> Option<Tpn> {
        self.tpns.get(&id).copied()
    }

    /// The players whose TPN is not their pairing number in the file, as `TPN n = player m`.
    pub fn differing(&self) -> Vec<String> {
        self.ids
            .iter()
            .enumerate()
            .filter(|&(i, &id)| id != 0 && id as usize != i + 1)
            .map(|(i, id)| format!("TPN {} = player {id}", i + 1))
            .collect()
    }
}

/// The round to pair, with what the explanations cite.
pub struct Procedure {
    pub round: Round,
    /// The match each pair met in ([C1]), smaller TPN first.
    pub met_in: BTreeMap<(Tpn, Tpn), u32>,
    /// The pairs a 260 record forbids, smaller TPN first.
    pub forbidden: BTreeSet<(Tpn, Tpn)>,
}

/// The round to pair, by TPN.
pub fn round(state: &RoundState, numbers: &Numbers) -> Procedure {
    let mut met_in = BTreeMap::new();
    let previous = state.round.checked_sub(2).map(|i| i as usize);
    let mut teams = Vec::with_capacity(state.players.len());
    for p in &state.players {
        let Some(tpn) = numbers.tpn(p.id) else { continue };
        let mut played = Vec::new();
        let mut matches_played = 0;
        let mut bye_barred = false;
        for (index, past) in p.past.iter().enumerate() {
            match past.kind {
                EntryKind::Played { opponent, colour, rated, .. } => {
                    matches_played += 1;
                    // An unrated match had no game over the board (`matches`): no colour (1.6).
                    if rated {
                        played.push(colour);
                    }
                    if let Some(other) = numbers.tpn(opponent) {
                        met_in.insert((tpn.min(other), tpn.max(other)), index as u32 + 1);
                    }
                }
                EntryKind::Forfeit { won: true, .. } => bye_barred = true,
                EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::FullPoint | ByeKind::LegacyWin) => {
                    bye_barred = true;
                }
                _ => {}
            }
        }
        let floated_previous = previous.and_then(|i| p.past.get(i)).is_some_and(|last| match last.kind {
            EntryKind::Played { opponent, .. } => state
                .past_of(opponent)
                .get(previous.unwrap_or_default())
                .is_some_and(|theirs| theirs.pairing_score() != last.pairing_score()),
            _ => false,
        });
        teams.push(Team {
            tpn,
            score: p.pairing_score().tenths(),
            virtual_points: p.acceleration.tenths(),
            secondary: None,
            played,
            matches_played,
            bye_barred,
            floated_previous,
        });
    }
    let forbidden: BTreeSet<(Tpn, Tpn)> = state
        .forbidden
        .iter()
        .filter_map(|&(a, b)| Some((numbers.tpn(a)?, numbers.tpn(b)?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut barred: BTreeSet<(Tpn, Tpn)> = met_in.keys().copied().collect();
    barred.extend(forbidden.iter().copied());
    let round = Round {
        teams,
        barred,
        preferences: PreferenceType::None,
        initial: state.initial_colour,
        round: state.round,
        total_rounds: state.total_rounds,
        edition: Edition::DoubleSwiss2026,
    };
    Procedure { round, met_in, forbidden }
}

/// A pairing by TPN as boards by player id, in the publication order of C.04.2 3.6.
pub fn boards(state: &RoundState, numbers: &Numbers, pairing: &Pairing) -> RoundPairing {
    let mut out = RoundPairing {
        boards: pairing
            .matches
            .iter()
            .map(|&(white, black)| Board::game(numbers.id(white), numbers.id(black)))
            .collect(),
    };
    out.boards.extend(pairing.bye.map(|bye| Board::bye(numbers.id(bye))));
    out.sort_boards(state);
    out
}

/// Boards by player id as a pairing by TPN (the inverse of [`boards`]).
pub fn by_tpn(numbers: &Numbers, boards: &RoundPairing) -> Pairing {
    let mut pairing = Pairing::default();
    for board in &boards.boards {
        let Some(white) = numbers.tpn(board.white) else { continue };
        match board.black.and_then(|black| numbers.tpn(black)) {
            Some(black) => pairing.matches.push((white, black)),
            None => pairing.bye = Some(white),
        }
    }
    pairing
}

/// The round's input to the explanations, with the recorded boards by TPN.
pub fn input(state: &RoundState, numbers: &Numbers, recorded: &RoundPairing) -> TeamRoundInput {
    let Procedure { round, met_in, forbidden } = round(state, numbers);
    let pairing = by_tpn(numbers, recorded);
    // Every match of a Double-Swiss record gives its colours (the first game's).
    let colours_known: BTreeSet<(Tpn, Tpn)> = pairing.matches.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    let initial_source = match state.initial_colour_source {
        Some(_) => format!("{} (read from the file)", state.initial_colour),
        None => format!("{} (assumed)", state.initial_colour),
    };
    TeamRoundInput { round, recorded: pairing, colours_known, met_in, forbidden, initial_source }
}
