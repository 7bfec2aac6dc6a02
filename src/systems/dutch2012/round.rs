//! A round to pair: the players in the order of A.2, and what the criteria say of each pair.

use std::collections::HashSet;

use crate::model::{Colour, Points};
use crate::state::RoundState;

use super::player::{Float, Player};

/// What the criteria say of one pair of players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairFacts {
    /// B.1a (a game played before, or a pair the file forbids) or B.2 between two players who are
    /// not topscorers: no pairing may contain the pair.
    pub forbidden: bool,
    /// B.2 between two players one of whom is a topscorer: allowed only once B2 is dropped
    /// (C.10.g, B.2's note).
    pub b2_topscorers: bool,
    /// Odd rounds, A.7.d: both want the same colour, both strongly or absolutely, one strongly.
    pub a7d: bool,
    /// A.11/A.8.a: both have a colour preference, for the same colour (X counts such pairs).
    pub colour: bool,
    /// Even rounds, A.8.b: both have a strong or absolute preference, for the same colour (Z).
    pub strong_colour: bool,
}

/// The players of the round in pairing order (A.2: score, then pairing number), and the facts
/// the criteria need.
#[derive(Clone, Debug)]
pub struct Round {
    /// The round being paired.
    pub number: u32,
    pub players: Vec<Player>,
    /// The colour the top player received in round 1 (drawn by lot, A.7.c and E.5).
    pub initial_colour: Colour,
    /// Pairs that may not meet (B.1a: played before, or forbidden by the file), by index.
    met: HashSet<(u32, u32)>,
}

impl Round {
    pub fn new(state: &RoundState) -> Round {
        let mut players: Vec<Player> = state.players.iter().map(|c| Player::new(c, state)).collect();
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let index: std::collections::HashMap<u32, u32> =
            players.iter().enumerate().map(|(i, p)| (p.id, i as u32)).collect();
        let mut met = HashSet::new();
        for contender in &state.players {
            let a = index[&contender.id];
            for round in &contender.past {
                if let Some(b) = round.played_opponent().and_then(|o| index.get(&o)) {
                    met.insert((a.min(*b), a.max(*b)));
                }
            }
        }
        for &(x, y) in &state.forbidden {
            if let (Some(&a), Some(&b)) = (index.get(&x), index.get(&y)) {
                met.insert((a.min(b), a.max(b)));
            }
        }
        Round { number: state.round, players, initial_colour: state.initial_colour, met }
    }

    /// A.7.d applies in odd rounds, A.7.e and Z in even rounds.
    pub fn odd(&self) -> bool {
        self.number % 2 == 1
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    pub fn score(&self, i: usize) -> Points {
        self.players[i].score
    }

    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b) as u32, a.max(b) as u32))
    }

    pub fn facts(&self, a: usize, b: usize) -> PairFacts {
        let (p, q) = (&self.players[a], &self.players[b]);
        let same = p.preference.is_some() && p.preference == q.preference;
        let both_absolute = same && p.is_absolute() && q.is_absolute();
        let topscorer = p.topscorer || q.topscorer;
        let both_strong = same && p.is_strong_or_absolute() && q.is_strong_or_absolute();
        PairFacts {
            forbidden: self.have_met(a, b) || (both_absolute && !topscorer),
            b2_topscorers: both_absolute && topscorer,
            a7d: self.odd() && both_strong && !both_absolute,
            colour: same,
            strong_colour: !self.odd() && both_strong,
        }
    }

    /// C.1: may the two meet under B1 and B2 (B2 not applied when pairing topscorers)?
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        !self.facts(a, b).forbidden
    }

    pub fn float(&self, i: usize, rounds_back: usize) -> Float {
        self.players[i].floats[rounds_back - 1]
    }
}
