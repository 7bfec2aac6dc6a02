//! The FMJD Swiss systems for draughts (FMJD Annex 5, 2013): `fmjd-rating` (5.1, appendix A),
//! `fmjd-solkoff` (5.2, appendix B) and `kndb-solkoff` (5.3), one procedure with the choices of
//! section 5 as a [`Variant`].
//!
//! The annex describes a procedure, not a set of criteria, and says (appendix A.d) that "it is not
//! easy or even impossible to give all rules in detail". This engine follows the procedure as
//! written and, where the text stops, the readings listed in docs/fmjd.md,
//! each cited below by the section it rests on:
//!
//! - Score groups top down (A.c), each ordered by own rating (3.3b, 5.1) or by Solkoff then
//!   Sonneborn-Berger (3.3a, 5.2, 5.3, B.c); remaining ties by pairing number (= lot number, B.a).
//!   Round 1 (A.b, B.b, 5.3): by rating, or by lot number; KNDB pairs 1–2, 3–4, ….
//! - Solkoff for pairing (3.1a): the current scores of the opponents met over the board (a forfeit
//!   or a bye gives no opponent); Sonneborn-Berger (3.1d): twice the score of each beaten opponent
//!   plus the score of each drawn one.
//! - Players moved down from the group above meet the highest of the group first (6a), one after
//!   the other in their order (3.6 example: A–1, B–2, C–3).
//! - An odd group moves its lowest player down (5b); with floats (section 8, A.d, the preferred
//!   option of 5.1) a player who floated down in the previous round is passed over for the next
//!   higher, and a player who floated up is passed over as the floater's opponent.
//! - The rest of the group pairs by halves, A1–B1, A2–B2, … (4a). A pair that may not meet (section
//!   1: no one meets another twice) is mended as the weak colour rule of A.d mends a colour problem:
//!   "the player of the higher group is paired against a next player from the lower group" — the
//!   first arrangement in that order, so A1 keeps B1 when it can, and so on.
//! - When no pairing of the group exists, more players move down, the fewest needed (3.5: "within one
//!   score-group the maximum possible number of pairings is made").
//! - An odd total adds a dummy (4.1) below every group: the last player of the lowest group meets it
//!   and gets the bye; nobody gets it twice, so a player who had it is passed over as in 5b.
//! - The player who had the bye in round 1 is paired in round 2 with zero points (4.1); games not yet
//!   played count as draws for pairing (4.3).
//! - Colours (A.d): "an even distribution of colors to all players … as much as possible": the player
//!   with fewer whites than blacks (relative) gets white; equal, the one who had black in the latest
//!   round where their colours differed; equal histories, the round-1 schema of A.b (A1 white,
//!   A2 black, …): the higher of the two gets white when its place in the round's order is odd.

mod explain;
mod numbers;
mod severity;
mod witness;

pub(crate) use explain::Trace;

use std::cmp::Reverse;

use crate::model::{
    AccelerationMethod, Colour, ColourPreference, DraughtsOptions, EntryKind, Outcome, PlayerId, Points,
};
use crate::state::RoundState;
use crate::systems::common::bye::{self, PabRule, is_pab};
use crate::systems::common::float::{self, Float, FloatPolicy, WithoutGame};

use super::pairing::{Board, RoundPairing};
use crate::systems::outcome::PairFailure;
use witness::{ColourWitness, Role, Witness};

/// The three standard systems of section 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// 5.1, appendix A: own rating, two halves, lowest moved down to the highest.
    Rating,
    /// 5.2, appendix B: Solkoff and SB, two halves, lowest moved down to the highest.
    FmjdSolkoff,
    /// 5.3: Solkoff and SB, highest against lowest (4b), highest moved down (5a) to the lowest (6b).
    KndbSolkoff,
}

impl Variant {
    fn by_rating(self) -> bool {
        self == Variant::Rating
    }

    /// 4b: highest against lowest (KNDB); else 4a, two halves.
    fn folds(self) -> bool {
        self == Variant::KndbSolkoff
    }
}

/// FMJD Swiss on rating (5.1, appendix A), with the preferred options: floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmjdRating;

/// FMJD Swiss on Solkoff (5.2, appendix B), floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmjdSolkoff;

/// KNDB Swiss on Solkoff (5.3), floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KndbSolkoff;

macro_rules! engine {
    ($name:ident, $variant:expr, $id:ident) => {
        impl crate::systems::engine::Engine for $name {
            fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
                pair(state, &Options::declared($variant, &state.draughts))
            }

            fn explain(
                &self,
                state: &RoundState,
                computed: &RoundPairing,
                recorded: &RoundPairing,
            ) -> crate::systems::outcome::Explanation {
                explain::explain(state, $variant, computed, recorded)
            }

            fn severity(&self, criterion: &str) -> crate::systems::severity::Severity {
                severity::of(criterion)
            }

            fn keeps_colour_limits(&self) -> bool {
                false
            }

            fn missing_numbers(&self, t: &crate::model::Tournament, state: &mut RoundState) -> Option<String> {
                // The organiser's options (XDO, flags) decide the pairing, so the tie search uses them too.
                let options = Options::declared($variant, &state.draughts);
                numbers::missing_numbers(t, state, &options)
            }
        }

        impl crate::systems::system::System for $name {
            fn id(&self) -> crate::systems::id::SystemId {
                crate::systems::id::SystemId::$id
            }

            fn engine(&self) -> Option<&dyn crate::systems::engine::Engine> {
                Some(self)
            }

            fn read<'a>(
                &self,
                t: &'a crate::model::Tournament,
                flags: &DraughtsOptions,
            ) -> std::borrow::Cow<'a, crate::model::Tournament> {
                with_flags(t, flags)
            }

            fn used_options(&self, t: &crate::model::Tournament, flags: &DraughtsOptions) -> Option<Vec<UsedOption>> {
                Some(used_options(flags, &t.draughts_options, &t.point_system, t.point_system_declared))
            }
        }
    };
}

engine!(FmjdRating, Variant::Rating, FmjdRating);
engine!(FmjdSolkoff, Variant::FmjdSolkoff, FmjdSolkoff);
engine!(KndbSolkoff, Variant::KndbSolkoff, KndbSolkoff);

/// The tournament as the FMJD engines are to see it: the flags' options over the file's (`XDO`),
/// and the flags' bye points (4.1) as the price of the pairing-allocated bye. Borrowed unchanged
/// when no flag is given.
pub fn with_flags<'a>(
    t: &'a crate::model::Tournament,
    flags: &DraughtsOptions,
) -> std::borrow::Cow<'a, crate::model::Tournament> {
    if flags.is_empty() {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut t = t.clone();
    t.draughts_options = flags.over(&t.draughts_options);
    if let Some(bye) = flags.bye_points {
        t.point_system.pairing_allocated_bye = Some(bye);
    }
    std::borrow::Cow::Owned(t)
}

/// The organiser's options the annex leaves open (sections 6, 7, 8). The bye's points (4.1) are
/// the point system's (`RoundState::point_system`), so they are not here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    /// Section 8 / A.d: avoid a second float in the same direction. Preferred for 5.1.
    pub floats: bool,
    /// Section 7 / A.d: none (7a, preferred in 5.1), weak (7b) or strong (7c).
    pub colours: ColourPreference,
    /// Section 6: none (preferred: 5.1–5.3 name none), four groups (6.1) or Haley (6.2).
    pub acceleration: AccelerationMethod,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Rating,
            floats: true,
            colours: ColourPreference::None,
            acceleration: AccelerationMethod::None,
        }
    }
}

impl Options {
    /// The options declared (XDO record or flags), with the annex's preferred defaults (5.1–5.3:
    /// floats on, no colour preference; section 6 is an option, so no acceleration) for the rest.
    pub fn declared(variant: Variant, declared: &DraughtsOptions) -> Options {
        Options {
            variant,
            floats: declared.floats.unwrap_or(true),
            colours: declared.colour_preference.unwrap_or_default(),
            acceleration: declared.acceleration.unwrap_or_default(),
        }
    }
}

/// The options the engine uses and where each came from (`flag`, `XDO record`, a point-system
/// record, or `default`), for the reports.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UsedOption {
    pub name: &'static str,
    pub value: String,
    pub source: String,
}

/// `floats on (default), colour-preference weak (XDO record), …`, for the text outputs.
pub fn describe_options(options: &[UsedOption]) -> String {
    options.iter().map(|o| format!("{} {} ({})", o.name, o.value, o.source)).collect::<Vec<_>>().join(", ")
}

/// What each option is and where it came from: `flags` over `record` (the file's XDO) over the
/// defaults; the bye's points from the point system when neither says them.
pub fn used_options(
    flags: &DraughtsOptions,
    record: &DraughtsOptions,
    point_system: &crate::model::PointSystem,
    point_system_declared: bool,
) -> Vec<UsedOption> {
    fn pick<T: Copy>(flag: Option<T>, record: Option<T>, default: T) -> (T, &'static str) {
        match (flag, record) {
            (Some(v), _) => (v, "flag"),
            (None, Some(v)) => (v, "XDO record"),
            (None, None) => (default, "default"),
        }
    }
    let (floats, floats_from) = pick(flags.floats, record.floats, true);
    let (colours, colours_from) = pick(flags.colour_preference, record.colour_preference, ColourPreference::None);
    let (acceleration, acceleration_from) = pick(flags.acceleration, record.acceleration, AccelerationMethod::None);
    let (bye, bye_from) = match (flags.bye_points, record.bye_points, point_system.pairing_allocated_bye) {
        (Some(v), ..) => (v, "flag".to_owned()),
        (None, Some(v), _) => (v, "XDO record".to_owned()),
        (None, None, Some(v)) if point_system_declared => (v, "point-system record (162/XXS/BBU)".to_owned()),
        _ => (point_system.white_win, "default (a win's points, 4.1)".to_owned()),
    };
    vec![
        UsedOption { name: "floats", value: if floats { "on" } else { "off" }.into(), source: floats_from.into() },
        UsedOption { name: "colour-preference", value: colours.to_string(), source: colours_from.into() },
        UsedOption { name: "acceleration", value: acceleration.to_string(), source: acceleration_from.into() },
        UsedOption { name: "bye-points", value: bye.to_string(), source: bye_from },
    ]
}

/// How many steps (choices and feasibility tests) the search may take before it gives up on a
/// round. Every choice is tried only when the rest of the round can still be paired (see
/// [`Role`]), so the search hardly ever backtracks and real rounds need a few hundred steps (the
/// figures are in docs/fmjd-search.md); the limit only bounds a pathological input, and reaching
/// it is a round `not-checked`, never a verdict.
const LIMIT: u64 = 1_000_000;

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
fn haley_groups_one_and_two(state: &RoundState, variant: Variant) -> Vec<PlayerId> {
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
fn floated_last(state: &RoundState, id: PlayerId) -> (bool, bool) {
    let float = float::float_back(state, state.past_of(id), 1, FLOATS);
    (float == Float::Down, float == Float::Up)
}

/// May `a` and `b` (indices) meet? Section 1: not twice; 4.1: the bye (the dummy) not twice.
fn compatible(players: &[FmjdPlayer], a: usize, b: usize) -> bool {
    let (x, y) = (&players[a], &players[b]);
    if x.dummy || y.dummy {
        return !(x.had_bye || y.had_bye);
    }
    !x.met.contains(&y.id) && !y.met.contains(&x.id)
}

/// 7b (A.d "if both players played two times more with white it is not possible to give them both
/// a correct color"): the colour a player has played at least two more times, if any.
fn twice_more(p: &FmjdPlayer) -> Option<Colour> {
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

struct Search<'a> {
    players: &'a [FmjdPlayer],
    options: Options,
    /// 5.3: "the pairing in the first round is 1-2, 3-4, etc."
    first_round_kndb: bool,
    /// 4b/5a/6b (KNDB), except in an accelerated round 1 (6.1: group 1 against group 2 "in the
    /// order of their ratings", A1–B1 as 4a; reading 17).
    fold: bool,
    /// Section 7 applies in this round (from round 2, when there are colours; reading 13).
    colours: ColourPreference,
    steps: u64,
    /// The readings the pairing being built rests on (kept in step with the search: a branch that
    /// fails takes its entries back).
    trace: Vec<Trace>,
    /// The step at which the search gives up: [`LIMIT`].
    limit: u64,
    /// A pairing of every player still to pair, in the roles of the search's position; `None`
    /// when the round has no pairing at all.
    witness: Option<Witness>,
}

impl Search<'_> {
    fn new(players: &[FmjdPlayer], options: Options, round: u32) -> Search<'_> {
        let accelerated_round_one = round == 1 && options.acceleration != AccelerationMethod::None;
        Search {
            players,
            options,
            first_round_kndb: options.variant == Variant::KndbSolkoff && round == 1 && !accelerated_round_one,
            fold: options.variant.folds() && !accelerated_round_one,
            colours: if round >= 2 { options.colours } else { ColourPreference::None },
            steps: 0,
            trace: Vec::new(),
            limit: LIMIT,
            witness: Witness::new(players),
        }
    }

    fn tick(&mut self) -> bool {
        self.steps += 1;
        self.steps <= self.limit
    }

    /// The search gave up: [`LIMIT`] reached.
    fn over(&self) -> bool {
        self.steps > self.limit
    }

    /// Takes `paired` out of the witness and gives `roles` theirs. When the rest of the round can
    /// still be paired, returns the witness as it was, for the caller to restore if the branch
    /// fails; otherwise `None`, and the witness is as it was. One step of the limit.
    fn try_update(&mut self, paired: &[usize], roles: &[(usize, Role)]) -> Option<Witness> {
        self.steps += 1;
        let mut next = self.witness.clone()?;
        if next.update(self.players, paired, roles) { self.witness.replace(next) } else { None }
    }

    /// Pairs the groups from `gi` down, with `incoming` players moved down from above (in order).
    fn groups(&mut self, groups: &[Vec<usize>], gi: usize, incoming: &[usize]) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        let Some(group) = groups.get(gi) else {
            return incoming.is_empty().then(Vec::new);
        };
        // 6a: the moved-down players meet the highest of the group in turn; with floats, one who
        // floated up last round is passed over for the next lower (A.d).
        let mut opponents: Vec<usize> = group.clone();
        if self.fold {
            // 5.3, 6b: the moved-down player meets the lowest of the group (3.6: A–6, B–5, C–4).
            opponents.reverse();
        }
        if self.options.floats {
            opponents.sort_by_key(|&v| self.players[v].upfloated_last);
        }
        // The next group: the players moved down may now meet its players, and its players each
        // other, the incoming ones and those below — only more pairs than before.
        if let Some(witness) = &mut self.witness {
            witness.widen(incoming.iter().map(|&f| (f, Role::Incoming)).chain(group.iter().map(|&v| (v, Role::Group))));
        }
        let mut chosen = Vec::new();
        self.floaters_in(groups, gi, incoming, 0, &opponents, &mut chosen)
    }

    /// Chooses an opponent in the group (or none: moved further down) for incoming floater `k`.
    fn floaters_in(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        incoming: &[usize],
        k: usize,
        opponents: &[usize],
        chosen: &mut Vec<(usize, Option<usize>)>,
    ) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        if k == incoming.len() {
            return self.rest_of_group(groups, gi, chosen);
        }
        let floater = incoming[k];
        let mark = self.trace.len();
        for (i, &v) in opponents.iter().enumerate() {
            if chosen.iter().any(|&(_, o)| o == Some(v)) || !compatible(self.players, floater, v) {
                continue;
            }
            // Reading 6: an opponent who floated up last round was passed over for this one (A.d).
            let passed: Vec<PlayerId> = opponents[i + 1..]
                .iter()
                .filter(|&&w| self.players[w].upfloated_last && self.players[v].score == self.players[w].score)
                .filter(|&&w| groups[gi].iter().position(|&x| x == w) < groups[gi].iter().position(|&x| x == v))
                .map(|&w| self.players[w].id)
                .collect();
            // Only an opponent after whom the rest of the round can still be paired.
            let Some(saved) = self.try_update(&[floater, v], &[]) else {
                if self.over() {
                    return None;
                }
                continue;
            };
            if self.options.floats && !passed.is_empty() {
                self.trace.push(Trace::new(6, [self.players[floater].id].into_iter().chain(passed)));
            }
            chosen.push((floater, Some(v)));
            let found = self.floaters_in(groups, gi, incoming, k + 1, opponents, chosen);
            chosen.pop();
            if found.is_some() || self.over() {
                return found;
            }
            self.witness = Some(saved);
            self.trace.truncate(mark);
        }
        // 3.6: a player who cannot be paired in this group moves on to the next (reading 2).
        let saved = self.try_update(&[], &[(floater, Role::Passed)])?;
        self.trace.push(Trace::new(2, [self.players[floater].id]));
        chosen.push((floater, None));
        let found = self.floaters_in(groups, gi, incoming, k + 1, opponents, chosen);
        chosen.pop();
        if found.is_none() {
            self.witness = Some(saved);
            self.trace.truncate(mark);
        }
        found
    }

    /// The group's own players once the moved-down ones have their opponents: the fewest floaters
    /// (5b, 3.5), then the pairing by halves (4a).
    fn rest_of_group(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        chosen: &[(usize, Option<usize>)],
    ) -> Option<Vec<(usize, usize)>> {
        let group = &groups[gi];
        let rest: Vec<usize> = group.iter().copied().filter(|v| !chosen.iter().any(|&(_, o)| o == Some(*v))).collect();
        let passed_on: Vec<usize> = chosen.iter().filter(|(_, o)| o.is_none()).map(|&(f, _)| f).collect();
        let made: Vec<(usize, usize)> = chosen.iter().filter_map(|&(f, o)| o.map(|o| (f, o))).collect();
        // 5b: the floater is the lowest; with floats (A.d), one who floated down last round is
        // passed over for the next higher. The dummy's group cannot move anyone further.
        let mut candidates: Vec<usize> = rest.iter().rev().copied().collect();
        // 4.1: "the last player of the lowest Group is paired with this dummy player", whatever
        // the group's own rule for moving a player down (5a for KNDB); meeting the dummy is no float.
        let dummy_next = groups.get(gi + 1).is_some_and(|g| g.iter().any(|&v| self.players[v].dummy));
        if self.fold && !dummy_next {
            // 5.3, 5a: the highest of the group moves down.
            candidates.reverse();
        }
        if self.options.floats && !dummy_next {
            candidates.sort_by_key(|&v| self.players[v].downfloated_last);
        }
        let last_group = gi + 1 == groups.len();
        let mut k = rest.len() % 2;
        while k <= rest.len() {
            if last_group && k > 0 {
                break;
            }
            let mut set = Vec::new();
            // floater_sets leaves the witness as it found it when it fails.
            if let Some(found) = self.floater_sets(groups, gi, &rest, &candidates, k, 0, &mut set, &passed_on, &made) {
                return Some(found);
            }
            if self.over() {
                return None;
            }
            k += 2;
        }
        None
    }

    /// Sets of `k` floaters in the order of `candidates` (lexicographic), each tried in turn.
    #[allow(clippy::too_many_arguments)]
    fn floater_sets(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        rest: &[usize],
        candidates: &[usize],
        k: usize,
        from: usize,
        set: &mut Vec<usize>,
        passed_on: &[usize],
        made: &[(usize, usize)],
    ) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        if set.len() == k {
            // The set is complete: the others stay (the candidates not yet passed over too).
            let stay: Vec<(usize, Role)> =
                candidates[from..].iter().filter(|v| !set.contains(v)).map(|&v| (v, Role::Stayer)).collect();
            let saved = self.try_update(&[], &stay)?;
            let remaining: Vec<usize> = rest.iter().copied().filter(|v| !set.contains(v)).collect();
            let mark = self.trace.len();
            let Some(halves) = self.halves(&remaining) else {
                self.witness = Some(saved);
                return None;
            };
            self.trace_floaters(groups, gi, rest, set);
            // Moved down: those passed on from above first, then this group's floaters, in order.
            let mut down: Vec<usize> = passed_on.to_vec();
            let mut own = set.clone();
            own.sort_unstable();
            down.extend(own);
            let Some(below) = self.groups(groups, gi + 1, &down) else {
                self.witness = Some(saved);
                self.trace.truncate(mark);
                return None;
            };
            let mut all = made.to_vec();
            all.extend(halves);
            all.extend(below);
            return Some(all);
        }
        for i in from..candidates.len() {
            if candidates.len() - i < k - set.len() {
                break;
            }
            // Only a set whose players so far can move down, and the players passed over stay,
            // with the rest of the round still paired.
            let mut roles: Vec<(usize, Role)> = candidates[from..i].iter().map(|&v| (v, Role::Stayer)).collect();
            roles.push((candidates[i], Role::Floater));
            let Some(saved) = self.try_update(&[], &roles) else {
                if self.over() {
                    return None;
                }
                continue;
            };
            set.push(candidates[i]);
            let found = self.floater_sets(groups, gi, rest, candidates, k, i + 1, set, passed_on, made);
            set.pop();
            if found.is_some() || self.over() {
                return found;
            }
            self.witness = Some(saved);
        }
        None
    }

    /// Records why this group moves down `set` rather than the players 5b (5a) names first: a
    /// repeated float passed over (reading 6), the dummy's group (reading 3: 4.1's "last player",
    /// also under 5a; nobody gets the bye twice), or more or other players than the rule's first
    /// choice because the rest could not pair (reading 2).
    fn trace_floaters(&mut self, groups: &[Vec<usize>], gi: usize, rest: &[usize], set: &[usize]) {
        let players = self.players;
        let dummy_next = groups.get(gi + 1).is_some_and(|g| g.iter().any(|&v| players[v].dummy));
        if dummy_next {
            let lowest = rest.last().copied();
            if self.options.variant.folds() || set.first().copied() != lowest {
                self.trace.push(Trace::new(3, set.iter().chain(lowest.iter()).map(|&v| players[v].id)));
            }
            return;
        }
        let mut natural: Vec<usize> = rest.iter().rev().copied().collect();
        if self.options.variant.folds() {
            natural.reverse();
        }
        let minimum = rest.len() % 2;
        let first: Vec<usize> = natural.iter().take(set.len()).copied().collect();
        let mut sorted_set = set.to_vec();
        sorted_set.sort_unstable();
        let mut sorted_first = first.clone();
        sorted_first.sort_unstable();
        if set.len() > minimum {
            self.trace.push(Trace::new(2, set.iter().map(|&v| players[v].id)));
        } else if sorted_set != sorted_first {
            let skipped: Vec<usize> = first.iter().copied().filter(|v| !set.contains(v)).collect();
            let reading =
                if self.options.floats && skipped.iter().all(|&v| players[v].downfloated_last) { 6 } else { 2 };
            self.trace.push(Trace::new(reading, skipped.iter().chain(set.iter()).map(|&v| players[v].id)));
        }
    }

    /// 4a: the first half against the second, A1–B1, A2–B2, …; when a pair may not meet, the higher
    /// player takes the next player of the lower half (A.d), and only then one of its own half.
    ///
    /// With a colour preference (section 7, A.d), each player takes the first player in that order
    /// against whom both colours can be correct, a colour problem only when it must, and the
    /// arrangement has the fewest colour problems: "the pairing may be adjusted … the player of the higher group is
    /// paired against a next player from the lower group against who it is possible to attribute
    /// colors to both players. If necessary the whole pairing may be changed" — never by moving
    /// more players down (the group is given; section 7: "provided that the maximum number of
    /// games to be paired within a score group is not influenced").
    fn halves(&mut self, group: &[usize]) -> Option<Vec<(usize, usize)>> {
        let half = group.len() / 2;
        // Section 7: the fewest colour problems any arrangement of the group can have; each player
        // then takes the first opponent in order that keeps the group within them.
        let colours = if self.colours == ColourPreference::None {
            None
        } else {
            self.steps += 1;
            let witness = ColourWitness::new(self.players, self.colours, group)?;
            let fewest = witness.problems()?;
            Some((witness, fewest))
        };
        let mut paired = vec![false; group.len()];
        let mut out = Vec::with_capacity(half);
        if !self.match_in_order(group, half, &mut paired, &mut out, colours) {
            return None;
        }
        self.note_mended(group, half, &out);
        Some(out)
    }

    /// Reading 1: a pair that may not meet was mended; records the players whose pair is not the
    /// plain A1–B1 (4a), 1–n (4b) or 1–2 (5.3 round 1).
    fn note_mended(&mut self, group: &[usize], half: usize, out: &[(usize, usize)]) {
        let plain = |x: usize| -> Option<usize> {
            let n = group.len();
            if self.first_round_kndb {
                Some(if x.is_multiple_of(2) { x + 1 } else { x - 1 })
            } else if self.fold {
                Some(n - 1 - x)
            } else if x < half {
                Some(x + half)
            } else {
                Some(x - half)
            }
        };
        let position = |v: usize| group.iter().position(|&g| g == v);
        let mended: Vec<PlayerId> = out
            .iter()
            .filter(|&&(a, b)| match (position(a), position(b)) {
                (Some(x), Some(y)) => plain(x) != Some(y),
                _ => false,
            })
            .flat_map(|&(a, b)| [self.players[a].id, self.players[b].id])
            .collect();
        if !mended.is_empty() {
            self.trace.push(Trace::new(1, mended));
        }
    }

    /// Each player in turn, from the top, takes the first opponent in the order of 4a/4b (5.3's
    /// round 1: the next player) after whom the rest of the group can still be paired, with no
    /// more colour problems than the fewest possible. Since every pair made keeps a completion,
    /// no pair is ever taken back: one pass, no search.
    fn match_in_order(
        &mut self,
        group: &[usize],
        half: usize,
        paired: &mut [bool],
        out: &mut Vec<(usize, usize)>,
        mut colours: Option<(ColourWitness, usize)>,
    ) -> bool {
        while let Some(x) = paired.iter().position(|p| !p) {
            if !self.tick() {
                return false;
            }
            paired[x] = true;
            // 4a: the lower half first, in order; 4b (KNDB): from the lowest up; round 1 of KNDB
            // (5.3): the next player, 1–2, 3–4.
            let mut order: Vec<usize> = if self.first_round_kndb {
                (x + 1..group.len()).collect()
            } else if self.fold {
                (0..group.len()).rev().collect()
            } else {
                (half..group.len()).chain(0..half).collect()
            };
            // A.d: "the player of the higher group is paired against a next player from the lower
            // group against who it is possible to attribute colors to both players" — those first.
            if self.colours != ColourPreference::None {
                order.sort_by_key(|&y| colour_problem(self.colours, &self.players[group[x]], &self.players[group[y]]));
            }
            let mut found = None;
            for y in order {
                if paired[y] || !compatible(self.players, group[x], group[y]) {
                    continue;
                }
                let next_colours = match &colours {
                    None => None,
                    Some((witness, fewest)) => {
                        let problem = colour_problem(self.colours, &self.players[group[x]], &self.players[group[y]]);
                        self.steps += 1;
                        match witness.with_pair(group[x], group[y], problem) {
                            Some((next, problems)) if problems <= *fewest => Some((next, *fewest)),
                            _ => continue,
                        }
                    }
                };
                if self.try_update(&[group[x], group[y]], &[]).is_some() {
                    found = Some((y, next_colours));
                    break;
                }
                if self.over() {
                    return false;
                }
            }
            let Some((y, next_colours)) = found else { return false };
            paired[y] = true;
            out.push((group[x], group[y]));
            colours = next_colours;
        }
        true
    }
}

/// Pairs a round of `fmjd-rating`.
pub(crate) fn pair(state: &RoundState, options: &Options) -> Result<RoundPairing, PairFailure> {
    pair_ordered(state, options, &players(state, options.variant), state.initial_colour).map(|(pairing, _)| pairing)
}

/// Pairs the players in the order given (`players` as [`players`] orders them, possibly with tied
/// players in another order, see `numbers.rs`), with `initial` the colour drawn for round 1 (A.b);
/// also returns the readings the pairing found rests on (docs/fmjd.md).
pub(crate) fn pair_ordered(
    state: &RoundState,
    options: &Options,
    players: &[FmjdPlayer],
    initial: Colour,
) -> Result<(RoundPairing, Vec<Trace>), PairFailure> {
    // Score groups, in the order of the players (A.c); the dummy alone at the bottom.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (v, p) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == p.score && !p.dummy => g.push(v),
            _ => groups.push(vec![v]),
        }
    }
    let groups = accelerate(groups, players, state, options);
    let mut search = Search::new(players, *options, state.round);
    // Section 1 and 4.1: when no pairing of the whole round lets everybody meet a new opponent (and
    // nobody get a second bye), the procedure cannot succeed whatever it chooses.
    if search.witness.is_none() {
        return Err(PairFailure::NoValidPairing);
    }
    let found = search.groups(&groups, 0, &[]);
    tracing::trace!(round = state.round, steps = search.steps, "fmjd search");
    let Some(pairs) = found else {
        // A pairing exists, so the search stopped short of it: no verdict (docs/fmjd-search.md, "The
        // bound that remains").
        return Err(PairFailure::GaveUp(if search.over() {
            format!("search limit reached ({LIMIT} steps) before the FMJD procedure found the round's pairing")
        } else {
            "the FMJD search ended without a pairing although the round has one (a trfcheck bug)".to_owned()
        }));
    };
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (a.min(b), a.max(b));
            if players[b].dummy {
                return Board::bye(players[a].id);
            }
            match colour_of_higher(players, a, b, initial, options.variant) {
                Colour::White => Board::game(players[a].id, players[b].id),
                Colour::Black => Board::game(players[b].id, players[a].id),
            }
        })
        .collect();
    boards.sort_by_key(|b| b.black.is_none());
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    Ok((pairing, search.trace))
}

/// Section 6: the score groups divided in four, groups 1–2 above groups 3–4, each part paired as a
/// group of its own (1 against 2, 3 against 4): in round 1 under 6.1 and 6.2, and under 6.1 in a
/// later round for each score group whose first group is larger than the number of rounds still
/// to be played, this one included (reading 14). The dummy's group is never divided.
fn accelerate(
    groups: Vec<Vec<usize>>,
    players: &[FmjdPlayer],
    state: &RoundState,
    options: &Options,
) -> Vec<Vec<usize>> {
    let to_play = (state.total_rounds + 1).saturating_sub(state.round) as usize;
    let divide = |size: usize| match options.acceleration {
        AccelerationMethod::None => false,
        AccelerationMethod::Haley => state.round == 1,
        AccelerationMethod::FourGroups => state.round == 1 || size.div_ceil(4) > to_play,
    };
    let mut out = Vec::with_capacity(groups.len() + 1);
    for group in groups {
        let upper = accelerated_upper(group.len());
        if divide(group.len()) && upper < group.len() && !group.iter().any(|&v| players[v].dummy) {
            out.push(group[..upper].to_vec());
            out.push(group[upper..].to_vec());
        } else {
            out.push(group);
        }
    }
    out
}

/// True when `state`'s round divides score groups in four (section 6), for the explanations.
pub(crate) fn accelerated(state: &RoundState, options: &Options) -> bool {
    match options.acceleration {
        AccelerationMethod::None => false,
        AccelerationMethod::Haley => state.round <= 2,
        AccelerationMethod::FourGroups => true,
    }
}

/// A.d colours for `higher` (earlier in the round's order, index `higher`) against `lower`.
pub(crate) fn colour_of_higher(
    players: &[FmjdPlayer],
    higher: usize,
    lower: usize,
    initial: Colour,
    variant: Variant,
) -> Colour {
    let (x, y) = (&players[higher], &players[lower]);
    let (bx, by) = (x.balance(), y.balance());
    if bx != by {
        return if bx < by { Colour::White } else { Colour::Black };
    }
    // The latest round where their colours differed: who had black then gets white now.
    for (cx, cy) in x.colours.iter().rev().zip(y.colours.iter().rev()) {
        if cx != cy {
            return if *cx == Colour::Black { Colour::White } else { Colour::Black };
        }
    }
    // Equal histories after round 1 fall back on the round-1 schema (reading 12, A.d is silent).
    // A.b: A1 white, A2 black, A3 white, … (the drawn initial colour, white unless declared). B.b:
    // "all players from group A may play with white"; 5.3 does not say (1–2, 3–4: "not
    // important"): the higher player white, as in B.b.
    if !variant.by_rating() || higher.is_multiple_of(2) { initial } else { initial.opposite() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: PlayerId, rating: u32) -> FmjdPlayer {
        FmjdPlayer {
            id,
            rank: id - 1,
            rating,
            solkoff: 0,
            sb: 0,
            score: Points::ZERO,
            colours: Vec::new(),
            met: Vec::new(),
            had_bye: false,
            downfloated_last: false,
            upfloated_last: false,
            dummy: false,
        }
    }

    fn search_halves(players: &[FmjdPlayer]) -> Vec<(PlayerId, PlayerId)> {
        let mut search = Search::new(players, Options::default(), 2);
        let group: Vec<usize> = (0..players.len()).collect();
        let pairs = search.halves(&group).unwrap();
        pairs.iter().map(|&(a, b)| (players[a].id, players[b].id)).collect()
    }

    /// 3.4a: six players ordered 1..6 pair 1–4, 2–5, 3–6.
    #[test]
    fn half_groups_of_3_4a() {
        let players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        assert_eq!(search_halves(&players), vec![(1, 4), (2, 5), (3, 6)]);
    }

    /// 3.4b (KNDB, 5.3): six players ordered 1..6 pair 1–6, 2–5, 3–4; when 1 has met 6, the next
    /// lower, 5: 1–5, then 2–6, 3–4.
    #[test]
    fn highest_against_lowest_of_3_4b() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        let group: Vec<usize> = (0..6).collect();
        let options = Options { variant: Variant::KndbSolkoff, ..Options::default() };
        let pairs = |players: &[FmjdPlayer]| {
            let mut search = Search::new(players, options, 2);
            let found = search.halves(&group).unwrap();
            found.iter().map(|&(a, b)| (players[a].id, players[b].id)).collect::<Vec<_>>()
        };
        assert_eq!(pairs(&players), vec![(1, 6), (2, 5), (3, 4)]);
        players[0].met.push(6);
        assert_eq!(pairs(&players), vec![(1, 5), (2, 6), (3, 4)]);
    }

    /// A.d: when 1 has met 4, "the player of the higher group is paired against a next player from
    /// the lower group": 1–5, then 2 takes the first left, 4, and 3–6.
    #[test]
    fn a_rematch_takes_the_next_of_the_lower_half() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        players[0].met.push(4);
        assert_eq!(search_halves(&players), vec![(1, 5), (2, 4), (3, 6)]);
    }

    /// 3.6's example: A, B and C (who have all met) cannot pair in their group and move down to a
    /// group ordered 1..7. Method a (6a): A–1, B–2, C–3, then 4–6, 5–7 by halves; method b (6b,
    /// KNDB): A–7, B–6, C–5, then 1–4, 2–3 highest against lowest.
    #[test]
    fn moved_down_players_of_3_6() {
        let mut players: Vec<FmjdPlayer> = (1..=10).map(|id| player(id, 2000 - id)).collect();
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let (x, y) = (players[a].id, players[b].id);
            players[a].met.push(y);
            players[b].met.push(x);
        }
        let groups = vec![vec![0, 1, 2], (3..10).collect::<Vec<usize>>()];
        let run = |variant: Variant| {
            let options = Options { variant, ..Options::default() };
            let mut search = Search::new(&players, options, 2);
            let mut pairs: Vec<(PlayerId, PlayerId)> =
                search.groups(&groups, 0, &[]).unwrap().iter().map(|&(a, b)| (players[a].id, players[b].id)).collect();
            pairs.sort_unstable();
            pairs
        };
        // A, B, C are players 1, 2, 3; the lower group 1..7 is players 4..10.
        assert_eq!(run(Variant::Rating), vec![(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]);
        assert_eq!(run(Variant::KndbSolkoff), vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]);
    }

    /// 6.1: sixteen players make groups of four, 1–2 the upper eight; fifteen (the dummy not being
    /// in a group, reading 14) and fourteen keep eight above; ten, six; two, both.
    #[test]
    fn four_groups_divide_at_twice_a_rounded_up_quarter() {
        let sizes: Vec<usize> = [16, 15, 14, 10, 2].into_iter().map(accelerated_upper).collect();
        assert_eq!(sizes, vec![8, 8, 8, 6, 2]);
    }

    /// 7b: two more whites each is a problem ("if both players played two times more with white");
    /// one more is not. 7c: due colours (the less played, else the other of the last) must differ.
    #[test]
    fn colour_problems_of_7b_and_7c() {
        use Colour::{Black as B, White as W};
        let with = |colours: Vec<Colour>| FmjdPlayer { colours, ..player(1, 2000) };
        let (ww, bww, wb, bw) = (with(vec![W, W]), with(vec![B, W, W]), with(vec![W, B]), with(vec![B, W]));
        assert!(colour_problem(ColourPreference::Weak, &ww, &ww));
        assert!(!colour_problem(ColourPreference::Weak, &bww, &ww));
        assert!(!colour_problem(ColourPreference::None, &ww, &ww));
        assert_eq!((due(&wb), due(&bw), due(&bww), due(&player(2, 1900))), (Some(W), Some(B), Some(B), None));
        assert!(colour_problem(ColourPreference::Strong, &bw, &bww));
        assert!(!colour_problem(ColourPreference::Strong, &wb, &bw));
    }

    /// A search that reaches its limit says so (`over`), and is never read as "no pairing"
    /// (docs/fmjd-search.md, "The bound that remains"): 3.6's example needs more than five steps.
    #[test]
    fn a_search_that_reaches_its_limit_says_so() {
        let players: Vec<FmjdPlayer> = (1..=10).map(|id| player(id, 2000 - id)).collect();
        let groups = vec![(0..10).collect::<Vec<usize>>()];
        let mut search = Search::new(&players, Options::default(), 2);
        assert!(search.groups(&groups, 0, &[]).is_some());
        assert!(!search.over());
        let mut search = Search::new(&players, Options::default(), 2);
        search.limit = 5;
        assert!(search.groups(&groups, 0, &[]).is_none());
        assert!(search.over());
    }

    /// The feasibility test of the search: player 4 of six has met all the others (section 1: no
    /// one meets another twice), so no pairing of the round exists, and the round is refused before
    /// any search; once 3 and 4 have not met, 3–4, 1–5 and 2–6 pair them.
    #[test]
    fn a_round_without_a_pairing_is_refused_before_the_search() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        let mut meet = |a: usize, b: usize| {
            let (x, y) = (players[a].id, players[b].id);
            players[a].met.push(y);
            players[b].met.push(x);
        };
        for (a, b) in [(0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5), (0, 3), (1, 3), (2, 3)] {
            meet(a, b);
        }
        assert!(Witness::new(&players).is_none());
        players[3].met.pop();
        players[2].met.pop();
        assert!(Witness::new(&players).is_some());
    }

    /// Colours (A.d): the lower balance gets white; then the latest differing round; then A.b.
    #[test]
    fn colours_even_out() {
        let mut players = vec![player(1, 2000), player(2, 1900)];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::White);
        players[0].colours = vec![Colour::White];
        players[1].colours = vec![Colour::Black];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::Black);
        players[0].colours = vec![Colour::White, Colour::Black];
        players[1].colours = vec![Colour::Black, Colour::White];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::White);
    }
}
