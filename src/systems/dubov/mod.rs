//! The FIDE Dubov system, C.04.4.1: the 2025 text and its 2026 re-issue ("dubov-2025"), and the
//! 2018 text ("dubov-2018"), which differs from them in [C2] only ([`Edition`]).
//!
//! Two implementations of one reading of the text: [`engine`], the engine `check`, `pair` and
//! `generate` use (matchings and lexicographic searches with exact feasibility tests, no
//! enumeration of sets or transpositions), and [`reference`], which follows articles 2.1 and 2.2 step
//! by step, enumerating in the text's own orders; tests require them to agree. What both Dubov
//! versions share (ARO 1.6, the colour preferences of 1.5, colour allocation) lives in
//! [`aro`], [`colour`] and [`player`].

pub(crate) mod aro;
pub(crate) mod colour;
mod engine;
mod explain;
pub mod order;
pub(crate) mod player;
pub(crate) mod reference;
mod severity;

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;

use super::pairing::{Board, RoundPairing};
use player::DubovPlayer;

/// Two players paired together (indices into the Dubov players of a round).
pub(crate) type Pair = (usize, usize);

/// The texts of C.04.4.1 one reading follows: the 2018 text is the 2025 text before its sections
/// A–E became articles 1–5, but for [C2] (docs/dubov.md, "The 2018 text").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    /// The text approved 13/04/2024 and its 2026 re-issue (`dubov-2025`).
    Dubov2025,
    /// The text approved by the 2018 General Assembly, in force until 31 January 2026
    /// (`dubov-2018`): [C2] (its C.2, C.04.1.d) bars the PAB after a PAB or a forfeit win only.
    Dubov2018,
}

/// The Dubov rules of 2025 (C.04.4.1, approved 13/04/2024) and their 2026 re-issue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dubov2025;

/// The literal reference for Dubov 2025 as an engine: small tournaments only (exponential).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dubov2025Literal;

/// The Dubov rules of 2018 (C.04.4.1 as approved by the 2018 General Assembly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dubov2018;

/// The literal reference for Dubov 2018 as an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dubov2018Literal;

fn pair_2025(state: &RoundState) -> Result<RoundPairing, super::NoValidPairing> {
    engine::pair(state, Edition::Dubov2025)
}

fn pair_2018(state: &RoundState) -> Result<RoundPairing, super::NoValidPairing> {
    engine::pair(state, Edition::Dubov2018)
}

fn pair_2025_literally(state: &RoundState) -> Result<RoundPairing, super::NoValidPairing> {
    reference::pair(state, Edition::Dubov2025)
}

fn pair_2018_literally(state: &RoundState) -> Result<RoundPairing, super::NoValidPairing> {
    reference::pair(state, Edition::Dubov2018)
}

fn explain_2025(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> super::Explanation {
    explain::explain(state, Edition::Dubov2025, computed, recorded)
}

fn explain_2018(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> super::Explanation {
    explain::explain(state, Edition::Dubov2018, computed, recorded)
}

crate::systems::system::engine_of!(
    Dubov2025,
    system: Dubov2025,
    pair: pair_2025,
    explain: explain_2025,
    severity: severity::CLASSES,
);

crate::systems::system::engine_of!(
    Dubov2025Literal,
    pair: pair_2025_literally,
    explain: explain_2025,
    severity: severity::CLASSES,
);

// The explanations cite the articles as the 2025 text numbers them (docs/dubov.md gives the 2018
// sections they were renumbered from).
crate::systems::system::engine_of!(
    Dubov2018,
    system: Dubov2018,
    pair: pair_2018,
    explain: explain_2018,
    severity: severity::CLASSES,
);

crate::systems::system::engine_of!(
    Dubov2018Literal,
    pair: pair_2018_literally,
    explain: explain_2018,
    severity: severity::CLASSES,
);

/// How a bracket's pairing does on the quality criteria after [C5] and [C6] (which the order of
/// the upfloater sets already settles): smaller is better in every field, compared in order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// [C7]: players who do not get their colour preference.
    pub c7: usize,
    /// [C8]: upfloaters who are maximum upfloaters (not in the last round).
    pub c8: usize,
    /// [C9]: the times those maximum upfloaters have been upfloated (not in the last round).
    pub c9: u64,
    /// [C10]: upfloaters who upfloated in the previous round (not in the last round).
    pub c10: usize,
}

impl Quality {
    pub(crate) fn of(
        players: &[DubovPlayer],
        upfloaters: &[usize],
        c7: usize,
        max_t: u32,
        final_round: bool,
    ) -> Quality {
        if final_round {
            return Quality { c7, c8: 0, c9: 0, c10: 0 };
        }
        let maximum: Vec<&DubovPlayer> =
            upfloaters.iter().map(|&v| &players[v]).filter(|p| p.is_max_upfloater(max_t)).collect();
        Quality {
            c7,
            c8: maximum.len(),
            c9: maximum.iter().map(|p| u64::from(p.upfloats)).sum(),
            c10: upfloaters.iter().filter(|&&v| players[v].upfloated_last).count(),
        }
    }
}

/// The boards of a round: colours by art. 5, board order by C.04.2.
pub(crate) fn build_pairing(
    state: &RoundState,
    players: &[DubovPlayer],
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> RoundPairing {
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (&players[a], &players[b]);
            let (colour, _) = colour::allocate(&x.side(y), &y.side(x), state.initial_colour);
            match colour {
                Colour::White => Board::game(x.id, y.id),
                Colour::Black => Board::game(y.id, x.id),
            }
        })
        .collect();
    if let Some(v) = bye {
        boards.push(Board::bye(players[v].id));
    }
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    pairing
}

/// The article of 5.2 that decides the colours of `white` against `black`, and the colour it gives `white`.
pub(crate) fn colour_decision(
    players: &[DubovPlayer],
    white: PlayerId,
    black: PlayerId,
    initial: Colour,
) -> Option<(Colour, colour::Decided)> {
    let x = players.iter().find(|p| p.id == white)?;
    let y = players.iter().find(|p| p.id == black)?;
    Some(colour::allocate(&x.side(y), &y.side(x), initial))
}
