//! The articles of the Lim text (C.04.4.3) that apply to one player or one pair: compatibility
//! (2.1, with the last-round exception of 6), a proper pair (5.2), and the colours of a pair (5.3–
//! 5.6, 7.2). The procedure and both engines read them from here, so that the engines differ only
//! in how they search.

use std::cmp::Reverse;

use crate::model::{Colour, Points};
use crate::state::RoundState;

use super::player::{self, Player};

/// The round as the Lim text sees it.
pub struct Context<'a> {
    pub state: &'a RoundState,
    /// In pairing order (TPN).
    pub players: Vec<Player>,
    /// `compatible[a * n + b]`: 2.1 (and 6 in the last round).
    compatible: Vec<bool>,
    /// 2.1: the pair has played (or may not meet: 260/XXP, docs/lim.md R4).
    met: Vec<bool>,
    /// The median score, half the rounds played (2.2; docs/lim.md R3, R28).
    pub median: Points,
    /// A Maxi-tournament: the 100-point rules of 3.2.3, 3.8 and 5.7 apply (docs/lim.md R26).
    pub maxi: bool,
}

/// The article that gives a pair its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// 5.3 (5.1.1, 5.1.2): a player must have the other colour.
    Mandatory,
    /// 5.5 (odd rounds) / 5.6 (even rounds): each player's due colour.
    Due,
    /// 5.4: both due the same colour; the colours of earlier rounds, going back, decide.
    History,
    /// 5.4: identical histories; the higher ranked (median or above) or the lower ranked (below).
    Rank,
    /// 7.2 (and docs/lim.md R9 beyond round 1): neither player has a colour yet, so the lot of
    /// round 1 decides by the position in the group.
    Lot,
}

impl ColourRule {
    /// The article, as the explanations name it: 5.5 in odd rounds, 5.6 in even ones.
    pub fn article(self, round: u32) -> &'static str {
        match self {
            ColourRule::Mandatory => "5.3",
            ColourRule::Due if round % 2 == 1 => "5.5",
            ColourRule::Due => "5.6",
            ColourRule::History | ColourRule::Rank => "5.4",
            ColourRule::Lot => "7.2",
        }
    }
}

impl<'a> Context<'a> {
    pub fn new(state: &'a RoundState) -> Context<'a> {
        let players = player::players(state);
        let n = players.len();
        let met = state.met_matrix(&players.iter().map(|p| p.id).collect::<Vec<_>>());
        // 2.2: "half the number of rounds that have been played", scored 1 / ½ / 0 (7.3); another
        // declared scoring counts half a win a round (docs/lim.md R28).
        let played = i64::from(state.round.saturating_sub(1));
        let median = Points::from_tenths(played * state.point_system.white_win.tenths() / 2);
        let mut ctx = Context { state, players, compatible: Vec::new(), met, median, maxi: state.maxi_tournament };
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..a {
                let ok = ctx.check_compatible(a, b);
                compatible[a * n + b] = ok;
                compatible[b * n + a] = ok;
            }
        }
        ctx.compatible = compatible;
        ctx
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn p(&self, i: usize) -> &Player {
        &self.players[i]
    }

    pub fn met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.n() + b]
    }

    /// 2.1: `a` and `b` have not played each other, and a colour keeps both within 5.1.1 and
    /// 5.1.2; in the last round, two players with the same score need only not have played (6).
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        a != b && self.compatible[a * self.n() + b]
    }

    fn check_compatible(&self, a: usize, b: usize) -> bool {
        if self.met(a, b) {
            return false;
        }
        if self.last_round_exception(a, b) {
            return true;
        }
        !self.colour_options(a, b).is_empty()
    }

    /// 6: in the last round, the basic rules' pairing of equal scores (C.04.1 art. 5) comes before
    /// the colour limits (docs/lim.md R23).
    pub fn last_round_exception(&self, a: usize, b: usize) -> bool {
        self.state.is_final_round() && self.p(a).score == self.p(b).score
    }

    /// The colours `a` may get against `b` within 5.1.1 and 5.1.2 (White means `a` white).
    pub fn colour_options(&self, a: usize, b: usize) -> Vec<Colour> {
        let (x, y) = (self.p(a), self.p(b));
        [Colour::White, Colour::Black].into_iter().filter(|&c| x.may_take(c) && y.may_take(c.opposite())).collect()
    }

    /// 3.2.3, 3.8, 5.7 (Maxi-tournaments): the ratings of `a` and `b` "differ by 100 points or
    /// less". An unrated player counts as 0 ([`Player::rating`]; docs/lim.md R26).
    pub fn within_100(&self, a: usize, b: usize) -> bool {
        self.p(a).rating.abs_diff(self.p(b).rating) <= 100
    }

    /// 5.2: a proper pair gives both players their due colour (or one of them has none).
    pub fn proper(&self, a: usize, b: usize) -> bool {
        match (self.p(a).due, self.p(b).due) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// The ranking of 5.4 and 1.1 (docs/lim.md R2): the higher score, then the pairing number.
    pub fn rank_key(&self, i: usize) -> (Reverse<Points>, u32) {
        (Reverse(self.p(i).score), self.p(i).tpn)
    }

    /// Who of `a` and `b` has White, and the article that says so, for a pair formed in the
    /// scoregroup of score `group`; `position` is the place of the higher ranked player in that
    /// group's list (from 0), which the lot of 7.2 reads.
    pub fn allocate(&self, a: usize, b: usize, group: Points, position: usize) -> (usize, usize, ColourRule) {
        let (x, y) = (self.p(a), self.p(b));
        let give = |colour: Colour, player: usize, rule: ColourRule| {
            let other = if player == a { b } else { a };
            if colour == Colour::White { (player, other, rule) } else { (other, player, rule) }
        };
        // A rule decides when one player has a colour under it and the other has none or the
        // other one.
        let decides = |cx: Option<Colour>, cy: Option<Colour>| match (cx, cy) {
            (Some(c), d) if d != Some(c) => Some((c, a)),
            (None, Some(d)) => Some((d, b)),
            _ => None,
        };
        if let Some((colour, player)) = decides(x.mandatory, y.mandatory) {
            return give(colour, player, ColourRule::Mandatory);
        }
        // Both with the same mandatory colour: only in the last round (6); 5.4 decides who has it.
        let wanted = match x.mandatory {
            Some(colour) => colour,
            None => {
                if let Some((colour, player)) = decides(x.due, y.due) {
                    return give(colour, player, ColourRule::Due);
                }
                let Some(colour) = x.due else {
                    // 7.2: the odd-numbered players of the upper half have #1's colour, drawn by
                    // lot; a pair of players without colours later on is read the same way
                    // (docs/lim.md R9).
                    let higher = if self.rank_key(a) <= self.rank_key(b) { a } else { b };
                    let lot = self.state.initial_colour;
                    let colour = if position.is_multiple_of(2) { lot } else { lot.opposite() };
                    return give(colour, higher, ColourRule::Lot);
                };
                colour
            }
        };
        // 5.4: both are due `wanted`. Going back from the latest game (C.04.2 3.4), the first
        // game in which they had different colours decides: the player who then had the other
        // colour has `wanted` now, so each goes on alternating (docs/lim.md R7).
        for (cx, cy) in x.sequence.iter().rev().zip(y.sequence.iter().rev()) {
            if cx != cy {
                let player = if *cx == wanted.opposite() { a } else { b };
                return give(wanted, player, ColourRule::History);
            }
        }
        // Identical histories: the higher ranked in the median scoregroup or above, the lower
        // ranked below it (5.4; the group the pair is formed in, docs/lim.md R8).
        let (higher, lower) = if self.rank_key(a) <= self.rank_key(b) { (a, b) } else { (b, a) };
        let player = if group >= self.median { higher } else { lower };
        give(wanted, player, ColourRule::Rank)
    }
}
