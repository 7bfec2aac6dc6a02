//! A player as the FMJD procedure sees it (sections 3, 4, 5 and 8 of Annex 5): the order of the
//! round, the floats and the bye, and the colour rules of A.d and section 7.

use std::cmp::Reverse;

use crate::model::{AccelerationMethod, Colour, ColourPreference, EntryKind, Outcome, PlayerId, Points};
use crate::state::RoundState;
use crate::systems::common::bye::{self, PabRule, is_pab};
use crate::systems::common::float::{self, Float, FloatPolicy, WithoutGame};

use super::{Options, Variant};

/// A player as the FMJD procedure sees it.
#[derive(Clone, Debug)]
pub(crate) struct FmjdPlayer {
    pub id: PlayerId,
    /// Pairing number − 1.
    pub rank: u32,
    pub rating: u32,
    /// Solkoff (3.1a) and Sonneborn-Berger (3.1d), in tenths of points.
    pub solkoff: i64,
    pub sb: i64,
    /// The score for pairing (4.1 round-2 rule, 4.3 pending games as draws, acceleration).
    pub score: Points,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Colour>,
    /// Opponents the player may not meet: met over the board, paired and pending, or forbidden.
    pub met: Vec<PlayerId>,
    pub had_bye: bool,
    pub downfloated_last: bool,
    pub upfloated_last: bool,
    /// The dummy of 4.1 (not a real player).
    pub dummy: bool,
}

impl FmjdPlayer {
    pub(crate) fn balance(&self) -> i64 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }
}

/// The players of the round in the order of the procedure: pairing score, then own rating (3.3b),
/// then pairing number; the dummy last when the total is odd (4.1).
pub(crate) fn players(state: &RoundState, variant: Variant) -> Vec<FmjdPlayer> {
    let options = Options::declared(variant, &state.draughts);
    // 6.2: "in the second round the players of the first two groups get two extra points, only for
    // pairing purposes" — two points being a win's under the annex's 2/1/0 scoring (reading 16).
    let haley = if options.acceleration == AccelerationMethod::Haley && state.round == 2 {
        haley_groups_one_and_two(state, variant)
    } else {
        Vec::new()
    };
    let draw = state.point_system.white_draw;
    // 4.3: a game not yet played counts as a draw for pairing.
    let standing = |id: PlayerId| -> i64 {
        state
            .past_of(id)
            .iter()
            .map(|r| if matches!(r.kind, EntryKind::Pending { .. }) { draw } else { r.points })
            .sum::<Points>()
            .tenths()
    };
    let mut out: Vec<FmjdPlayer> = state
        .players
        .iter()
        .map(|c| {
            // 4.3: a game not yet played counts as a draw for pairing.
            let mut score: Points =
                c.past.iter().map(|r| if matches!(r.kind, EntryKind::Pending { .. }) { draw } else { r.points }).sum();
            // 4.1: the round-1 bye holder is paired in round 2 as if he had zero points.
            if state.round == 2 && c.past.first().is_some_and(|r| is_pab(r.kind)) {
                score = Points::ZERO;
            }
            let mut met: Vec<PlayerId> = c
                .past
                .iter()
                .filter_map(|r| match r.kind {
                    EntryKind::Played { opponent, .. } | EntryKind::Pending { opponent, .. } => Some(opponent),
                    _ => None,
                })
                .collect();
            met.extend(state.forbidden.iter().filter_map(|&(a, b)| {
                if a == c.id {
                    Some(b)
                } else if b == c.id {
                    Some(a)
                } else {
                    None
                }
            }));
            let (down, up) = floated_last(state, c.id);
            // 3.1a and 3.1d over the games played (and pending, 4.3: a draw).
            let (mut solkoff, mut sb) = (0, 0);
            for r in &c.past {
                let (opponent, weight) = match r.kind {
                    EntryKind::Played { opponent, outcome, .. } => (
                        opponent,
                        match outcome {
                            Outcome::Win => 2,
                            Outcome::Draw => 1,
                            Outcome::Loss => 0,
                        },
                    ),
                    EntryKind::Pending { opponent, .. } => (opponent, 1),
                    _ => continue,
                };
                let theirs = standing(opponent);
                solkoff += theirs;
                sb += weight * theirs;
            }
            FmjdPlayer {
                id: c.id,
                rank: c.rank,
                rating: c.rating.unwrap_or(0),
                solkoff,
                sb,
                score: score
                    + c.acceleration
                    + if haley.contains(&c.id) { state.point_system.white_win } else { Points::ZERO },
                colours: c.colours.sequence.clone(),
                met,
                // 4.1: "A player cannot get more than one bye": only the bye itself bars it (a forfeit
                // win does not, unlike C.04.1 art. 4).
                had_bye: !bye::pab_eligible(&c.past, state.point_system.white_win, PabRule::ByeOnly),
                downfloated_last: down,
                upfloated_last: up,
                dummy: false,
            }
        })
        .collect();
    if variant.by_rating() {
        out.sort_by_key(|p| (Reverse(p.score), Reverse(p.rating), p.rank));
    } else {
        out.sort_by_key(|p| (Reverse(p.score), Reverse(p.solkoff), Reverse(p.sb), p.rank));
    }
    if out.len() % 2 == 1 {
        let lowest = out.iter().map(|p| p.rating).min().unwrap_or(0);
        out.push(FmjdPlayer {
            id: 0,
            rank: u32::MAX,
            rating: lowest.saturating_sub(1),
            solkoff: 0,
            sb: 0,
            score: Points::from_tenths(i64::MIN / 4),
            colours: Vec::new(),
            met: Vec::new(),
            had_bye: false,
            downfloated_last: false,
            upfloated_last: false,
            dummy: true,
        });
    }
    out
}

/// 6.1, 6.2: the players of groups 1 and 2 of round 1: the upper `accelerated_upper(m)` of the m
/// players paired in round 1, in round 1's order (own rating for 5.1, lot number for 5.2 and 5.3 —
/// reading 15); ties in rating by pairing number.
pub(crate) fn haley_groups_one_and_two(state: &RoundState, variant: Variant) -> Vec<PlayerId> {
    let mut first: Vec<(PlayerId, u32)> = state
        .histories
        .iter()
        .filter(|(_, past)| past.first().is_some_and(|r| r.paired()))
        .map(|(&id, _)| (id, state.ratings.get(&id).copied().flatten().unwrap_or(0)))
        .collect();
    if variant.by_rating() {
        first.sort_by_key(|&(id, rating)| (Reverse(rating), id));
    }
    let upper = accelerated_upper(first.len());
    first.into_iter().take(upper).map(|(id, _)| id).collect()
}

/// 6.1: a group of `size` divided in four: groups 1 and 2 together are the upper 2·⌈size/4⌉
/// players (an even number, so that 1 against 2 pairs them all; reading 14).
pub(crate) fn accelerated_upper(size: usize) -> usize {
    2 * size.div_ceil(4)
}

/// How section 8 (floats, A.d) reads the previous round: a player who met an opponent paired with
/// a lower score floated down, one who met a higher score floated up. Games, forfeits and games not
/// played yet count (the pairing made the float; the annex is silent on unplayed games); the bye
/// (the dummy of 4.1) makes no float.
const FLOATS: FloatPolicy =
    FloatPolicy { forfeit_is_game: true, pending_is_game: true, without_game: WithoutGame::NoFloat };

/// Section 8: did the player float down, or up, in the previous round ([`FLOATS`])?
pub(crate) fn floated_last(state: &RoundState, id: PlayerId) -> (bool, bool) {
    let float = float::float_back(state, state.past_of(id), 1, FLOATS);
    (float == Float::Down, float == Float::Up)
}

/// May `a` and `b` (indices) meet? Section 1: not twice; 4.1: the bye (the dummy) not twice.
pub(crate) fn compatible(players: &[FmjdPlayer], a: usize, b: usize) -> bool {
    let (x, y) = (&players[a], &players[b]);
    if x.dummy || y.dummy {
        return !(x.had_bye || y.had_bye);
    }
    !x.met.contains(&y.id) && !y.met.contains(&x.id)
}

/// 7b (A.d "if both players played two times more with white it is not possible to give them both
/// a correct color"): the colour a player has played at least two more times, if any.
pub(crate) fn twice_more(p: &FmjdPlayer) -> Option<Colour> {
    match p.balance() {
        b if b >= 2 => Some(Colour::White),
        b if b <= -2 => Some(Colour::Black),
        _ => None,
    }
}

/// 7c, A.d: the colour a player "should play with": the one played less, or, even, the other of
/// the last game's (reading 13); none before the first game.
pub(crate) fn due(p: &FmjdPlayer) -> Option<Colour> {
    match p.balance() {
        b if b > 0 => Some(Colour::Black),
        b if b < 0 => Some(Colour::White),
        _ => p.colours.last().map(|c| c.opposite()),
    }
}

/// A pair the colour preference objects to: under 7b both played two more games with the same
/// colour; under 7c both are due the same colour. Never under 7a.
pub(crate) fn colour_problem(colours: ColourPreference, x: &FmjdPlayer, y: &FmjdPlayer) -> bool {
    match colours {
        ColourPreference::None => false,
        ColourPreference::Weak => twice_more(x).is_some_and(|c| twice_more(y) == Some(c)),
        ColourPreference::Strong => due(x).is_some_and(|c| due(y) == Some(c)),
    }
}
