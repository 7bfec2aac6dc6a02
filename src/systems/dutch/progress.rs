//! What the pairing of a round has settled, shared by the two ways the engine pairs brackets: the
//! round's one matcher ([`super::engine`]) and the brackets' own matchers ([`super::relaxed`]).

use crate::systems::outcome::NoValidPairing;

use super::player::DutchPlayer;
use super::weights::ByeContext;
use crate::systems::common::fields::Frame;

/// Bits a weight type must have above the round's weights: two for the matcher
/// ([`crate::matching::Weight::headroom_limit`]) and one for scaling them up ([`crate::matching::Matcher::scale_up`]).
pub const HEADROOM_BITS: u32 = 3;

/// Why an engine run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    NoValidPairing,
    /// The weights need this many bits (the matcher's headroom included); run again with a wider
    /// integer.
    Wider(u32),
}

impl From<NoValidPairing> for EngineError {
    fn from(_: NoValidPairing) -> Self {
        EngineError::NoValidPairing
    }
}

/// One bracket as the engine paired it: what an explanation needs to judge another candidate of
/// the same bracket by the same weights.
#[derive(Clone, Debug)]
pub struct BracketTrace {
    /// Positions (in pairing order) of the bracket's players, MDPs first, then of the next
    /// scoregroup.
    pub list: Vec<usize>,
    /// How many of `list` are MDPs.
    pub mdps: usize,
    /// The bracket is `list[..end]`.
    pub end: usize,
    /// The bye facts the bracket's weights used (C5, C9).
    pub bye: ByeContext,
    /// The bracket's fields, C4 on top.
    pub frame: Frame,
}

/// A round's pairing: each position's partner (`None`: the PAB), and the brackets on request.
#[derive(Clone, Debug)]
pub struct Paired {
    pub partners: Vec<Option<usize>>,
    pub brackets: Vec<BracketTrace>,
}

/// Where the brackets of a round stand between two brackets.
pub(super) struct Progress {
    /// The partners of the players paired so far (both ways).
    pub partner: Vec<Option<usize>>,
    /// The next bracket: its MDPs, then its residents (the next scoregroup joins it later).
    pub bracket: Vec<usize>,
    pub mdps: usize,
    /// The first player below the bracket.
    pub next: usize,
    pub bye: ByeContext,
    /// How many brackets are paired.
    pub paired_brackets: usize,
    /// The traces of the brackets paired, when asked for.
    pub traces: Option<Vec<BracketTrace>>,
}

impl Progress {
    /// Before the first bracket, the top scoregroup.
    pub fn start(players: &[DutchPlayer], bye: ByeContext, trace: bool) -> Progress {
        let n = players.len();
        let top = players.first().map(|p| p.score);
        let next = players.iter().position(|p| Some(p.score) < top).unwrap_or(n);
        Progress {
            partner: vec![None; n],
            bracket: (0..next).collect(),
            mdps: 0,
            next,
            bye,
            paired_brackets: 0,
            traces: trace.then(Vec::new),
        }
    }
}
