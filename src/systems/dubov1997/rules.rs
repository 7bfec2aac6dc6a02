//! The articles of the 1997 text that the procedure applies to one player or one pair: the
//! limitations of chapter 2, the colour allocation of chapter 3, and the orders in which chapters
//! 4, 6, 7 and 8 list players. Both engines (the literal reference and the fast one) read them from
//! here, so they can differ only in how they search.

use std::cmp::{Ordering, Reverse};

use crate::model::{Colour, Points};
use crate::state::RoundState;

use super::player::{self, Player};

/// The round as the 1997 rules see it.
pub struct Context<'a> {
    pub state: &'a RoundState,
    /// In pairing order.
    pub players: Vec<Player>,
    /// `legal[a * n + b]`: the pair may be made (2.1, 2.3, 2.4).
    legal: Vec<bool>,
    /// 2.1: the pair has met (or may not meet: 260/XXP).
    met: Vec<bool>,
    /// 2.5 applies "apart from the last round".
    pub last_round: bool,
}

/// Which article a pair breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// 2.1: they have played each other (or the organiser forbids the pair).
    Met,
    /// 2.3/2.4: no colour allocation keeps both within the colour limitations.
    Colours,
}

impl<'a> Context<'a> {
    pub fn new(state: &'a RoundState) -> Context<'a> {
        let players = player::players(state);
        let n = players.len();
        let met = state.met_matrix(&players.iter().map(|p| p.id).collect::<Vec<_>>());
        let mut ctx = Context { state, players, legal: Vec::new(), met, last_round: state.is_final_round() };
        let mut legal = vec![false; n * n];
        for a in 0..n {
            for b in 0..a {
                let ok = ctx.breach(a, b).is_none();
                legal[a * n + b] = ok;
                legal[b * n + a] = ok;
            }
        }
        ctx.legal = legal;
        ctx
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn p(&self, i: usize) -> &Player {
        &self.players[i]
    }

    pub fn legal(&self, a: usize, b: usize) -> bool {
        a != b && self.legal[a * self.n() + b]
    }

    pub fn met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.n() + b]
    }

    /// The first limitation of chapter 2 that pairing `a` with `b` breaks. 2.5 is not among them:
    /// it limits the transfers of 7.1 and 7.2 ([`Context::transferable`]), and a player who meets a
    /// floater come down from a higher group (6.4, 8) is not transferred anywhere.
    pub fn breach(&self, a: usize, b: usize) -> Option<Breach> {
        if self.met(a, b) {
            return Some(Breach::Met);
        }
        if self.colour_options(a, b).is_empty() {
            return Some(Breach::Colours);
        }
        None
    }

    /// Dubov 1997, 2.5: may `p` be transferred to a higher score group (7.1, 7.2)? "Apart from the
    /// last round", not two times running, and not beyond three transfers (under 10 rounds) or
    /// four (10 rounds or more).
    pub fn transferable(&self, i: usize) -> bool {
        let p = self.p(i);
        self.last_round || (!p.upfloated_last_round && p.upfloats < player::transfer_limit(self.state.total_rounds))
    }

    /// The colours `a` may get against `b` within 2.3 and 2.4 (White means `a` white).
    pub fn colour_options(&self, a: usize, b: usize) -> Vec<Colour> {
        let (x, y) = (self.p(a), self.p(b));
        [Colour::White, Colour::Black].into_iter().filter(|&c| x.may_take(c) && y.may_take(c.opposite())).collect()
    }

    /// Dubov 1997, 3: who of a legal pair gets white, and the rule that decided.
    pub fn allocate(&self, a: usize, b: usize) -> (usize, usize, ColourRule) {
        let options = self.colour_options(a, b);
        let assign = |c: Colour| if c == Colour::White { (a, b) } else { (b, a) };
        match options.as_slice() {
            [] => return (a, b, ColourRule::Limits), // never asked for an illegal pair
            [only] => return (assign(*only).0, assign(*only).1, ColourRule::Limits),
            _ => {}
        }
        let (x, y) = (self.p(a), self.p(b));
        // Each rule says which colour `a` should get, if it decides.
        let due = |p: &Player, c: Colour| p.due.is_none_or(|d| d == c);
        let both_due = |c: Colour| due(x, c) && due(y, c.opposite());
        let decided = match (both_due(Colour::White), both_due(Colour::Black)) {
            (true, false) => Some((Colour::White, ColourRule::DueColours)),
            (false, true) => Some((Colour::Black, ColourRule::DueColours)),
            _ => None,
        }
        .or_else(|| {
            // "equalise the numbers of black and white games": the larger of the two colour
            // differences after the game is the smaller one can make.
            let after = |c: Colour| {
                let dx = x.difference() + if c == Colour::White { 1 } else { -1 };
                let dy = y.difference() + if c == Colour::White { -1 } else { 1 };
                dx.abs().max(dy.abs())
            };
            match after(Colour::White).cmp(&after(Colour::Black)) {
                Ordering::Less => Some((Colour::White, ColourRule::Equalise)),
                Ordering::Greater => Some((Colour::Black, ColourRule::Equalise)),
                Ordering::Equal => None,
            }
        })
        .or_else(|| {
            // "alternate the colours … regarding the first difference of their colour history going
            // back from the previous round to the first round".
            let rounds = x.by_round.len().min(y.by_round.len());
            (0..rounds).rev().find_map(|r| match (x.by_round[r], y.by_round[r]) {
                (Some(cx), Some(cy)) if cx != cy => Some((cx.opposite(), ColourRule::Alternate)),
                _ => None,
            })
        })
        .or_else(|| match x.aro.cmp(&y.aro) {
            Ordering::Greater => Some((Colour::White, ColourRule::HigherAro)),
            Ordering::Less => Some((Colour::Black, ColourRule::HigherAro)),
            Ordering::Equal => None,
        })
        .or_else(|| match x.rating.cmp(&y.rating) {
            Ordering::Less => Some((Colour::White, ColourRule::LowerRating)),
            Ordering::Greater => Some((Colour::Black, ColourRule::LowerRating)),
            Ordering::Equal => None,
        });
        // All five equal: white to the player further down the list, in the spirit of "white to
        // the lower R" (docs/dubov.md: readings).
        let (colour, rule) = decided.unwrap_or(if x.rank > y.rank {
            (Colour::White, ColourRule::List)
        } else {
            (Colour::Black, ColourRule::List)
        });
        let (w, b) = assign(colour);
        (w, b, rule)
    }

    /// Dubov 1997, 6.2: the order of the "white" column: increasing ARO, then lower R, then the
    /// list (our "alphabetical", docs/dubov.md: readings).
    pub fn white_order(&self, a: usize, b: usize) -> Ordering {
        let (x, y) = (self.p(a), self.p(b));
        x.aro.cmp(&y.aro).then(x.rating.cmp(&y.rating)).then(x.rank.cmp(&y.rank))
    }

    /// Dubov 1997, 6.2: the order of the "black" column: decreasing R, then higher ARO, then the list.
    pub fn black_order(&self, a: usize, b: usize) -> Ordering {
        let (x, y) = (self.p(a), self.p(b));
        y.rating.cmp(&x.rating).then(y.aro.cmp(&x.aro)).then(x.rank.cmp(&y.rank))
    }

    /// The colour most players of `group` are due, if one is.
    pub fn dominating(&self, group: &[usize]) -> Option<Colour> {
        let whites = group.iter().filter(|&&i| self.p(i).due == Some(Colour::White)).count();
        let blacks = group.iter().filter(|&&i| self.p(i).due == Some(Colour::Black)).count();
        match whites.cmp(&blacks) {
            Ordering::Greater => Some(Colour::White),
            Ordering::Less => Some(Colour::Black),
            Ordering::Equal => None,
        }
    }

    /// Dubov 1997, 4 (with 2.2): the players who may get the bye, in the order the chapter gives:
    /// the lowest score group first; in it the lowest R; among equal R, one due to the dominating
    /// colour of the group; then the higher ARO; then the one further down the list.
    pub fn bye_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.n()).filter(|&i| self.p(i).bye_allowed).collect();
        let dominating = |score: Points| {
            let group: Vec<usize> = (0..self.n()).filter(|&i| self.p(i).score == score).collect();
            self.dominating(&group)
        };
        order.sort_by(|&a, &b| {
            let (x, y) = (self.p(a), self.p(b));
            let fits = |p: &Player| dominating(p.score).is_some_and(|d| p.due == Some(d));
            x.score
                .cmp(&y.score)
                .then(x.rating.cmp(&y.rating))
                .then(fits(y).cmp(&fits(x)))
                .then(y.aro.cmp(&x.aro))
                .then(y.rank.cmp(&x.rank))
        });
        order
    }

    /// Dubov 1997, 8.1: floaters due white in the 6.2 white order, floaters due black in the 6.2
    /// black order, taken alternately from the highest white one; floaters without a due colour
    /// come last, in list order.
    pub fn floater_order(&self, floaters: &[usize]) -> Vec<usize> {
        let mut whites: Vec<usize> =
            floaters.iter().copied().filter(|&i| self.p(i).due == Some(Colour::White)).collect();
        let mut blacks: Vec<usize> =
            floaters.iter().copied().filter(|&i| self.p(i).due == Some(Colour::Black)).collect();
        let mut none: Vec<usize> = floaters.iter().copied().filter(|&i| self.p(i).due.is_none()).collect();
        whites.sort_by(|&a, &b| self.white_order(a, b));
        blacks.sort_by(|&a, &b| self.black_order(a, b));
        none.sort_by_key(|&i| self.p(i).rank);
        let mut order = Vec::with_capacity(floaters.len());
        for k in 0..whites.len().max(blacks.len()) {
            order.extend(whites.get(k));
            order.extend(blacks.get(k));
        }
        order.extend(none);
        order
    }

    /// Dubov 1997, 8.2 and 7.1: the candidates an opponent is chosen from, best first: due colour
    /// opposite to `colour` (when asked), then the highest R, then the lowest ARO, then the list.
    pub fn by_rating(&self, candidates: &mut [usize], colour: Option<Colour>) {
        candidates.sort_by(|&a, &b| {
            let (x, y) = (self.p(a), self.p(b));
            let fits = |p: &Player| p.opposite_due(colour);
            fits(y).cmp(&fits(x)).then(y.rating.cmp(&x.rating)).then(x.aro.cmp(&y.aro)).then(x.rank.cmp(&y.rank))
        });
    }

    /// Dubov 1997, 7.1 and 7.2: the players of lower score groups that may be transferred up,
    /// best first: the next lower score group first, then by [`Context::by_rating`].
    pub fn transfer_order(&self, lower: &[usize], colour: Option<Colour>) -> Vec<usize> {
        let mut order = lower.to_vec();
        self.by_rating(&mut order, colour);
        // A stable sort keeps the rating order inside each score group.
        order.sort_by_key(|&i| Reverse(self.p(i).score));
        order
    }
}

/// The rule of chapter 3 that decided a colour allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// Only one allocation keeps both players within 2.3 and 2.4.
    Limits,
    DueColours,
    Equalise,
    Alternate,
    HigherAro,
    LowerRating,
    /// Everything equal: white to the player further down the list.
    List,
    /// Chapter 5: the lot of the first round.
    FirstRound,
}

impl ColourRule {
    pub fn article(self) -> &'static str {
        match self {
            ColourRule::Limits => "2.3/2.4",
            ColourRule::FirstRound => "5",
            _ => "3",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            ColourRule::Limits => "the only colours within the limits of 2.3 and 2.4",
            ColourRule::DueColours => "both players get their due colour",
            ColourRule::Equalise => "it equalises the numbers of black and white games",
            ColourRule::Alternate => "it alternates the colours from the last round they had different ones",
            ColourRule::HigherAro => "white goes to the higher ARO",
            ColourRule::LowerRating => "white goes to the lower R",
            ColourRule::List => "everything equal, white goes to the player further down the list",
            ColourRule::FirstRound => "the lot of the first round alternates from board to board",
        }
    }
}
