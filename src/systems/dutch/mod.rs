//! The FIDE (Dutch) system: C.04.3 as in force from 1 February 2026, and the 2017 rules.

mod bye;
mod colour;
mod compatibility;
mod engine;
mod explain;
mod generation;
mod next_bracket;
pub mod player;
mod progress;
mod relaxed;
mod rules2017;
mod severity;
pub mod weights;
mod witness;

pub use crate::systems::outcome::NoValidPairing;

use crate::matching::Wide;
use crate::state::RoundState;

use super::pairing::{Board, RoundPairing};
use player::DutchPlayer;
use weights::Layout;

/// Which version of the Dutch rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// C.04.3 applied from 1 February 2026 (criteria C1–C21).
    Dutch2025,
    /// Baku 2016 / Goynuk 2017 (criteria C.1–C.19).
    Dutch2017,
}

/// The players of the round in pairing order: pairing score, then pairing number (1.2).
pub fn dutch_players(state: &RoundState, rules: Rules) -> Vec<DutchPlayer> {
    let mut players: Vec<DutchPlayer> = state.players.iter().map(|c| DutchPlayer::new(c, state, rules)).collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    players
}

/// Runs an engine with weights of `bits` bits (headroom included) in the narrowest type that
/// holds them, again with more bits as long as it asks for them.
fn with_width<T, F>(mut bits: u32, run: F) -> Result<T, NoValidPairing>
where
    F: Fn(Width, u32) -> Result<T, progress::EngineError>,
{
    loop {
        let width = Width::for_bits(bits);
        match run(width, bits) {
            Ok(partners) => return Ok(partners),
            Err(progress::EngineError::NoValidPairing) => return Err(NoValidPairing),
            Err(progress::EngineError::Wider(needed)) => {
                debug_assert!(needed > bits, "an engine asks for more bits than it had");
                tracing::debug!(bits, needed, "pairing the round again with wider weights");
                bits = needed.max(bits + 1);
            }
        }
    }
}

/// The integer types edge weights come in.
#[derive(Clone, Copy, Debug)]
enum Width {
    U64,
    U128,
    W4,
    W8,
    W16,
    W32,
    W64,
    W128,
}

impl Width {
    fn for_bits(bits: u32) -> Width {
        match bits {
            0..=64 => Width::U64,
            65..=128 => Width::U128,
            129..=256 => Width::W4,
            257..=512 => Width::W8,
            513..=1024 => Width::W16,
            1025..=2048 => Width::W32,
            2049..=4096 => Width::W64,
            _ => Width::W128,
        }
    }
}

/// Calls `$run::<W>(...)` with the weight type of a [`Width`].
macro_rules! by_width {
    ($width:expr, $($run:ident)::+, ( $($arg:expr),* )) => {
        match $width {
            Width::U64 => $($run)::+::<u64>($($arg),*),
            Width::U128 => $($run)::+::<u128>($($arg),*),
            Width::W4 => $($run)::+::<Wide<4>>($($arg),*),
            Width::W8 => $($run)::+::<Wide<8>>($($arg),*),
            Width::W16 => $($run)::+::<Wide<16>>($($arg),*),
            Width::W32 => $($run)::+::<Wide<32>>($($arg),*),
            Width::W64 => $($run)::+::<Wide<64>>($($arg),*),
            Width::W128 => $($run)::+::<Wide<128>>($($arg),*),
        }
    };
}

/// The partners of a first round that is one homogeneous bracket, without running the engine.
///
/// When nobody has a history (no game, colour, float or bye before), every pairing score is the
/// same and no pair is forbidden, every pair is allowed and ties on every criterion (C1–C21 of
/// 2025, C.1–C.19 of 2017): no colour preference, no float, no topscorer, the same PAB standing.
/// So the first candidate of the generation order is the pairing: S1[i]–S2[i] (2025 art. 4.2 and
/// 4.3 with no transposition; 2017 B.1 and B.2), and with an odd count the last player of S2, the
/// one left over, gets the PAB (2025 C5/C9 all tie, 4.3.2; 2017 A.5/C.5 likewise). `None` when the
/// round is not of that shape; the engine then pairs it. The shortcut is checked against the
/// engine in tests (`pair_with_engine`).
fn homogeneous_first_round(state: &RoundState, players: &[DutchPlayer]) -> Option<Vec<Option<usize>>> {
    let first = players.first()?;
    let blank = |p: &DutchPlayer| {
        p.score == first.score
            && p.colours.is_empty()
            && p.played_games == 0
            && p.preference.is_none()
            && p.floats == [player::Float::None; 2]
            && !p.topscorer
            && p.pab_eligible
    };
    let fresh = state.round == 1
        && state.forbidden.is_empty()
        && state.players.iter().all(|c| c.past.is_empty())
        && players.iter().all(blank);
    if !fresh {
        return None;
    }
    let n = players.len();
    let half = n / 2;
    let mut partners = vec![None; n];
    for i in 0..half {
        partners[i] = Some(half + i);
        partners[half + i] = Some(i);
    }
    Some(partners)
}

/// Pairs the round under the Dutch rules.
pub fn pair(state: &RoundState, rules: Rules) -> Result<RoundPairing, NoValidPairing> {
    pair_with(state, rules, Route::Fastest, None)
}

/// Pairs the round with the full engine even where a shortcut applies: for tests that compare the
/// two.
#[doc(hidden)]
pub fn pair_with_engine(state: &RoundState, rules: Rules) -> Result<RoundPairing, NoValidPairing> {
    pair_with(state, rules, Route::Engine, None)
}

/// Pairs the round with the 2025 engine's one matcher over the whole round for every bracket,
/// without the bracket-by-bracket lists of `relaxed`: for tests that compare the two.
#[doc(hidden)]
pub fn pair_with_global_engine(state: &RoundState, rules: Rules) -> Result<RoundPairing, NoValidPairing> {
    pair_with(state, rules, Route::GlobalEngine, None)
}

/// Which way a round is paired; all give the same pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// The first-round shortcut where it applies, then the bracket lists (2025 rules).
    Fastest,
    /// The engine, without the first-round shortcut.
    Engine,
    /// The engine with one matcher over the round for every bracket (2025 rules).
    GlobalEngine,
}

/// The brackets of a round as the engine paired them, for explanations.
#[derive(Clone, Debug)]
enum Trace {
    Dutch2025(Vec<progress::BracketTrace>),
    Dutch2017(Vec<rules2017::BracketTrace>),
}

/// Runs the engine of `rules` on `players` (in pairing order): each position's partner, `None` for
/// the PAB, and with `trace` the brackets as paired. `guide`, each position's partner in a
/// recorded pairing being checked, only bounds the bracket lists' guesses
/// ([`generation::settle`]); the partners are the same without it.
fn engine_partners(
    state: &RoundState,
    players: &[DutchPlayer],
    rules: Rules,
    trace: bool,
    route: Route,
    guide: Option<&[Option<usize>]>,
) -> Result<(Vec<Option<usize>>, Trace), NoValidPairing> {
    Ok(match rules {
        Rules::Dutch2025 => {
            let bits = engine::round_bits(players, Layout::float_rounds(state.round));
            let headroom = progress::HEADROOM_BITS;
            let by_list = route != Route::GlobalEngine;
            let paired = with_width(bits + headroom, |width, bits| {
                by_width!(width, engine::pair, (state, players, bits - headroom, trace, by_list, guide))
            })?;
            (paired.partners, Trace::Dutch2025(paired.brackets))
        }
        Rules::Dutch2017 => {
            let (partners, brackets) =
                with_width(64, |width, _| by_width!(width, rules2017::pair, (state, players, trace, guide)))?;
            (partners, Trace::Dutch2017(brackets))
        }
    })
}

/// Pairs the round the way `route` says; `recorded`, a pairing being checked, guides the engine
/// ([`engine_partners`]) without changing its result.
fn pair_with(
    state: &RoundState,
    rules: Rules,
    route: Route,
    recorded: Option<&RoundPairing>,
) -> Result<RoundPairing, NoValidPairing> {
    let players = dutch_players(state, rules);
    let shortcut = if route == Route::Fastest { homogeneous_first_round(state, &players) } else { None };
    let partners = match shortcut {
        Some(partners) => partners,
        None => {
            let guide = recorded.map(|recorded| partners_by_position(&players, recorded));
            engine_partners(state, &players, rules, false, route, guide.as_deref())?.0
        }
    };
    let mut boards = Vec::new();
    for (i, partner) in partners.iter().enumerate() {
        match partner {
            None => boards.push(Board::bye(players[i].id)),
            Some(j) if i < *j => {
                // `i` comes first in pairing order, so it is the higher-ranked player.
                let colour = colour::colour_of(&players[i], &players[*j], true, state.initial_colour);
                boards.push(match colour {
                    crate::model::Colour::White => Board::game(players[i].id, players[*j].id),
                    crate::model::Colour::Black => Board::game(players[*j].id, players[i].id),
                });
            }
            Some(_) => {}
        }
    }
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    Ok(pairing)
}

/// Each player's partner in `pairing`, by position in `players` (`None`: not paired with one of
/// them).
fn partners_by_position(players: &[DutchPlayer], pairing: &RoundPairing) -> Vec<Option<usize>> {
    let position: rustc_hash::FxHashMap<_, _> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut partners = vec![None; players.len()];
    for board in &pairing.boards {
        if let Some(black) = board.black
            && let (Some(&w), Some(&b)) = (position.get(&board.white), position.get(&black))
            && w != b
        {
            partners[w] = Some(b);
            partners[b] = Some(w);
        }
    }
    partners
}

impl crate::systems::engine::Engine for Rules {
    fn pair(&self, state: &RoundState) -> Result<RoundPairing, crate::systems::outcome::PairFailure> {
        Ok(pair(state, *self)?)
    }

    fn pair_checking(
        &self,
        state: &RoundState,
        recorded: &RoundPairing,
    ) -> Result<RoundPairing, crate::systems::outcome::PairFailure> {
        Ok(pair_with(state, *self, Route::Fastest, Some(recorded))?)
    }

    fn explain(
        &self,
        state: &RoundState,
        computed: &RoundPairing,
        recorded: &RoundPairing,
    ) -> crate::systems::outcome::Explanation {
        explain::explain(state, *self, computed, recorded)
    }

    fn severity(&self, criterion: &str) -> crate::systems::severity::Severity {
        severity::CLASSES.of(criterion)
    }
}

impl crate::systems::system::System for Rules {
    fn id(&self) -> crate::systems::id::SystemId {
        match self {
            Rules::Dutch2025 => crate::systems::id::SystemId::Dutch2025,
            Rules::Dutch2017 => crate::systems::id::SystemId::Dutch2017,
        }
    }

    fn engine(&self) -> Option<&dyn crate::systems::engine::Engine> {
        Some(self)
    }

    /// One explainer judges both versions, keyed by the 2025 articles; the 2017 rules call the
    /// order of generation (art. 4 of the 2025 rules) section D, "Rules for the sequential
    /// generation of the pairings", and have no art. 4 of that meaning.
    fn criterion_name(&self, key: &str, text: &str) -> String {
        if *self == Rules::Dutch2017 && key == "art. 4" {
            return "section D".to_owned();
        }
        crate::systems::common::criterion::named(key, text)
    }

    /// The topscorers of A.7 (2017) and 1.7 (2025) and their final-round exceptions.
    fn reads_only_whether_last(&self) -> bool {
        true
    }
}
