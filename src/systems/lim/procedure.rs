//! The pairing procedure of the Lim text (C.04.4.3), once, in the order of docs/lim.md §1: the
//! PAB (1.1, 7.1), the scoregroups and their order (2.2, 8.3), then each scoregroup in turn:
//!
//! * a. the group: its own players and the floaters transferred into it (3.2.1);
//! * b. players without a compatible opponent in the group are transferred (2.3.1–2.3.3, 3.5);
//! * c. an odd group transfers one more (2.3.4), chosen by 3.9, 3.10, 3.2.2–3.2.4 and 3.3/3.4;
//! * d. the floaters are paired first, each with the player 3.8 names (3.6–3.8);
//! * e–g. the rest are proposed by halves (2.4) and scrutinised in the exchange order of 4.1–4.3;
//!   a player who cannot be given a compatible opponent floats (4.4, 4.4.1, 4.4.2);
//! * h. the second scrutiny gives as many players as it can their due colour (5.2);
//! * i. the floaters go to the next group (3.2.1).
//!
//! The median scoregroup (or, when no player has the median score, the last group handled) is
//! paired last; when it cannot be paired, the neighbouring groups' pairings are cracked (2.6).
//! Colours follow 5.3–5.6 and 7.2 ([`Context::allocate`]).
//!
//! The two questions the text answers by going through exchanges — the first scrutiny and the
//! second — and the number of pairings a group can make (3.10.2) are asked of a [`Search`]: the
//! literal reference answers them by enumeration in the text's order, the fast engine with
//! matchings. Everything else is here. Where the text leaves a choice, the reading taken is the
//! one docs/lim.md lists (cited as R1, R2, …).

use std::cmp::Reverse;
use std::collections::BTreeMap;

use crate::model::Points;
use crate::systems::outcome::PairFailure;
use crate::systems::pairing::partner_in;

use super::rules::{ColourRule, Context};

/// The direction a scoregroup is paired in (2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Down,
    Up,
}

/// A floater transferred into a group: from a higher group (down-floater, DF) or a lower one
/// (up-floater, UF).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub player: usize,
    pub from_higher: bool,
}

/// The first scrutiny of a list (4.1–4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scrutiny {
    /// The first configuration, in the exchange order, in which every pair is compatible.
    Paired(Vec<(usize, usize)>),
    /// `player` is the first in scrutiny order who cannot have a compatible opponent together with
    /// all before them; `kept` are the pairs of those before them, retained (4.4).
    Stuck { kept: Vec<(usize, usize)>, player: usize },
}

/// How the procedure asks the questions the text answers by exchanges.
pub trait Search {
    /// 4.1–4.4 on `list`, players in scrutiny order (an even number).
    fn first_scrutiny(&mut self, ctx: &Context, list: &[usize]) -> Scrutiny;
    /// 5.2 on `list` (players in scrutiny order who can all be paired compatibly, and `may_meet`
    /// pairs them so): of the configurations in which every pair is compatible and one `may_meet`
    /// allows, the first in the exchange order among those with the most proper pairs
    /// (docs/lim.md R21). `may_meet` is the limit of 5.7 in a Maxi-tournament, else every pair.
    fn second_scrutiny(
        &mut self,
        ctx: &Context,
        list: &[usize],
        may_meet: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)>;
    /// The most compatible pairs the players can make (3.10.2).
    fn max_pairs(&mut self, ctx: &Context, players: &[usize]) -> usize;
}

/// 4.2, 4.3: the positions, in a list of `m` players, that the first player is tried against:
/// the proposed opponent and the rest of the lower half in order, then the upper half from its
/// last player back to the second (docs/lim.md §1.5 f, R19).
pub fn candidates(m: usize) -> impl Iterator<Item = usize> {
    let h = m / 2;
    (h..m).chain((1..h).rev())
}

/// Where a configuration of `players` stands in the exchange order of 4.1–4.3: for each leader in
/// turn, the leader, its opponent and the opponent's place among the leader's candidates.
/// Configurations compare as the lists of places do. `None` when `pairs` do not pair every player
/// of `players` among themselves.
pub fn exchange_places(
    players: &[usize],
    pairs: &[(usize, usize)],
    direction: Direction,
) -> Option<Vec<(usize, usize, usize)>> {
    let mut list = players.to_vec();
    scrutiny_order(&mut list, direction);
    let partner = |p: usize| partner_in(pairs, p);
    let mut places = Vec::new();
    while let Some(&leader) = list.first() {
        let opponent = partner(leader)?;
        let place = candidates(list.len()).position(|c| list[c] == opponent)?;
        places.push((leader, opponent, place));
        list.retain(|&p| p != leader && p != opponent);
    }
    Some(places)
}

/// 2.4: the proposed pairings of a list: 1 v (n/2 + 1), 2 v (n/2 + 2), …
pub fn proposal(list: &[usize]) -> Vec<(usize, usize)> {
    let h = list.len() / 2;
    (0..h).map(|i| (list[i], list[h + i])).collect()
}

/// A decision of the procedure, in the order it was taken, for the explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// 1.1 (7.1 in round 1): the PAB.
    Bye { player: usize },
    /// The player is transferred out of the scoregroup of score `group` under `article`; `why`
    /// says which rule chose them among others (2.3.4), empty where the article says it all.
    Float { player: usize, group: Points, article: &'static str, why: String },
    /// 3.8: a floater paired first in the scoregroup of score `group`; `due_alternate`: the
    /// opponent is due the other colour.
    FloaterPair { floater: usize, opponent: usize, group: Points, due_alternate: bool },
    /// The pairs the two scrutinies give the rest of the scoregroup (4.1–4.4, 5.2), paired in
    /// `direction`; `first`: the first scrutiny's, from which 5.7 limits the exchanges in a
    /// Maxi-tournament.
    Pairs { group: Points, direction: Direction, pairs: Vec<(usize, usize)>, first: Vec<(usize, usize)> },
    /// 2.6: the pairing `pair` of the scoregroup of score `group` is cracked for the blocked median.
    Crack { pair: (usize, usize), group: Points, article: &'static str },
}

/// A round paired by the procedure.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// White, black and the article that gave the colours.
    pub boards: Boards,
    pub bye: Option<usize>,
    pub steps: Vec<Step>,
}

/// Boards as the procedure makes them: white, black, and the article that gave the colours.
pub type Boards = Vec<(usize, usize, ColourRule)>;

/// A scoregroup that must be paired without transferring anyone (the median, 2.6) and cannot be.
struct Blocked;

/// What a paired scoregroup gives.
struct GroupOutcome {
    boards: Boards,
    out: Vec<usize>,
    steps: Vec<Step>,
}

/// The next group a scoregroup transfers its floaters to, as it stands when they are chosen.
struct Next {
    /// Its own players and the floaters already transferred into it.
    members: Vec<usize>,
    floaters: Vec<Incoming>,
    dir: Direction,
}

struct GroupInput {
    score: Points,
    dir: Direction,
    natives: Vec<usize>,
    incoming: Vec<Incoming>,
    /// `None` for the group paired last, which has no group to transfer to (2.6).
    next: Option<Next>,
}

/// The order of the floaters that 3.6 and 3.7 pair first: DFs from the highest score, then the
/// higher pairing number (3.6, 3.6.1, 3.6.2); UFs from the lowest score, then the lower pairing
/// number (3.7, 3.7.1; docs/lim.md R1 on 3.7.2's parenthesis).
fn floater_key(ctx: &Context, f: Incoming) -> (i64, i64) {
    let p = ctx.p(f.player);
    let (score, tpn) = (p.score.tenths(), i64::from(p.tpn));
    if f.from_higher { (-score, tpn) } else { (score, -tpn) }
}

/// 3.8: the opponents of floater `f` among `available` (in the group's pairing direction `dir`)
/// in the order the article takes them: the players due the other colour, then the other
/// compatible players (docs/lim.md R17), each from the highest numbered (the smallest TPN)
/// downward or from the lowest numbered upward; in a Maxi-tournament only the players due the
/// other colour within 100 points of the first compatible one come first (3.8, R26). The flag
/// says whether the opponent is due the other colour (a floater without a due colour takes anyone
/// as such).
fn floater_options(ctx: &Context, f: usize, available: &[usize], dir: Direction) -> Vec<(usize, bool)> {
    let mut ordered: Vec<usize> = available.iter().copied().filter(|&q| q != f && ctx.compatible(f, q)).collect();
    ordered.sort_unstable();
    if dir == Direction::Up {
        ordered.reverse();
    }
    let alternate = |q: usize| match ctx.p(f).due {
        Some(due) => ctx.p(q).due == Some(due.opposite()),
        None => true,
    };
    let mut options: Vec<(usize, bool)> = ordered.iter().filter(|&&q| alternate(q)).map(|&q| (q, true)).collect();
    if let (true, Some(_), Some(&first)) = (ctx.maxi, ctx.p(f).due, ordered.first()) {
        // 3.8 (Maxi-tournaments): a player due the alternate colour is taken instead of the first
        // compatible one only when the ratings of these "proposed opponents who are exchanged"
        // differ by 100 points or less; the first such, else the compatible players in order
        // (docs/lim.md R26).
        options.retain(|&(q, _)| ctx.within_100(q, first));
        let rest: Vec<(usize, bool)> =
            ordered.iter().filter(|&&q| !options.iter().any(|&(o, _)| o == q)).map(|&q| (q, alternate(q))).collect();
        options.extend(rest);
        return options;
    }
    options.extend(ordered.iter().filter(|&&q| !alternate(q)).map(|&q| (q, false)));
    options
}

/// 3.8: the opponent of floater `f` among `available`, the first of [`floater_options`].
fn floater_opponent(ctx: &Context, f: usize, available: &[usize], dir: Direction) -> Option<(usize, bool)> {
    floater_options(ctx, f, available, dir).first().copied()
}

/// Players in scrutiny order (4.1.1 downward from #1; 4.1.2 upward from the lowest numbered).
fn scrutiny_order(players: &mut [usize], dir: Direction) {
    players.sort_unstable();
    if dir == Direction::Up {
        players.reverse();
    }
}

/// 1.1 and C.04.1 art. 4: the PAB goes to the lowest ranked player of the lowest scoregroup who
/// may have it; when nobody there may, the next group up (docs/lim.md R25). 7.1 (round 1): the
/// lowest rated player in the Pairing List, its last player (R24).
fn pab(ctx: &Context) -> Option<usize> {
    let mut order: Vec<usize> = (0..ctx.n()).collect();
    order.sort_by_key(|&i| (ctx.p(i).score, Reverse(ctx.p(i).tpn)));
    order.into_iter().find(|&i| ctx.p(i).pab_eligible)
}

/// Pairs the round.
pub fn run(ctx: &Context, search: &mut dyn Search) -> Result<Outcome, PairFailure> {
    let mut steps = Vec::new();
    let mut alive: Vec<usize> = (0..ctx.n()).collect();
    let mut bye = None;
    if ctx.n() % 2 == 1 {
        let x = pab(ctx).ok_or(PairFailure::NoValidPairing)?;
        bye = Some(x);
        steps.push(Step::Bye { player: x });
        alive.retain(|&p| p != x);
    }
    // 2.2: the scoregroups, and the order they are paired in.
    let mut scores: Vec<Points> = alive.iter().map(|&p| ctx.p(p).score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let natives =
        |score: Points| -> Vec<usize> { alive.iter().copied().filter(|&p| ctx.p(p).score == score).collect() };
    let median = ctx.median;
    let mut order: Vec<(Points, Direction)> = Vec::new();
    order.extend(scores.iter().filter(|&&s| s > median).map(|&s| (s, Direction::Down)));
    order.extend(scores.iter().rev().filter(|&&s| s < median).map(|&s| (s, Direction::Up)));
    // The median group last, downward; without one, the last group handled plays its part
    // (docs/lim.md R3, M1).
    if scores.contains(&median) {
        order.push((median, Direction::Down));
    }
    let Some((&(last_score, last_dir), others)) = order.split_last() else {
        return Ok(Outcome { boards: Vec::new(), bye, steps });
    };
    let next_score = |score: Points, dir: Direction| -> Option<Points> {
        match dir {
            Direction::Down => scores.iter().copied().find(|&s| s < score),
            Direction::Up => scores.iter().rev().copied().find(|&s| s > score),
        }
    };
    let mut incoming: BTreeMap<Points, Vec<Incoming>> = BTreeMap::new();
    // The boards each group made, by score, for the cracking of 2.6.
    let mut made: Vec<(Points, Boards)> = Vec::new();
    for &(score, dir) in others {
        let next = next_score(score, dir).ok_or_else(|| {
            PairFailure::GaveUp(format!("the scoregroup {score} has no group to transfer its floaters to"))
        })?;
        let next_dir = order.iter().find(|(s, _)| *s == next).map_or(Direction::Down, |&(_, d)| d);
        let next_floaters = incoming.get(&next).cloned().unwrap_or_default();
        let mut next_members = natives(next);
        next_members.extend(next_floaters.iter().map(|f| f.player));
        let input = GroupInput {
            score,
            dir,
            natives: natives(score),
            incoming: incoming.remove(&score).unwrap_or_default(),
            next: Some(Next { members: next_members, floaters: next_floaters, dir: next_dir }),
        };
        let Ok(outcome) = pair_group(ctx, search, &input) else {
            return Err(PairFailure::GaveUp(format!("the scoregroup {score} could not be paired")));
        };
        let from_higher = dir == Direction::Down;
        incoming.entry(next).or_default().extend(outcome.out.iter().map(|&player| Incoming { player, from_higher }));
        steps.extend(outcome.steps);
        made.push((score, outcome.boards));
    }
    // The group paired last, extended step by step while it cannot be paired (2.6).
    let mut cracked: Vec<Incoming> = Vec::new();
    let mut crack_steps: Vec<Step> = Vec::new();
    loop {
        let mut arrived = incoming.get(&last_score).cloned().unwrap_or_default();
        arrived.extend(cracked.iter().copied());
        let input = GroupInput {
            score: last_score,
            dir: last_dir,
            natives: natives(last_score),
            incoming: arrived.clone(),
            next: None,
        };
        if let Ok(outcome) = pair_group(ctx, search, &input) {
            steps.extend(crack_steps);
            steps.extend(outcome.steps);
            made.push((last_score, outcome.boards));
            break;
        }
        // 2.6.1: more floaters from higher groups than from lower ones: crack the next pairing of
        // the lower group; 2.6.2 otherwise, the higher group. A side with nothing left to crack
        // gives way to the other (docs/lim.md R22).
        let from_higher = arrived.iter().filter(|f| f.from_higher).count();
        let lower_first = from_higher > arrived.len() - from_higher;
        let mut done = false;
        for lower in [lower_first, !lower_first] {
            if let Some((group, pair)) = crack(ctx, &mut made, last_score, lower) {
                forget_pair(&mut steps, pair);
                cracked.push(Incoming { player: pair.0, from_higher: !lower });
                cracked.push(Incoming { player: pair.1, from_higher: !lower });
                crack_steps.push(Step::Crack { pair, group, article: if lower { "2.6.1" } else { "2.6.2" } });
                done = true;
                break;
            }
        }
        if !done {
            // Every pairing cracked, and the round still cannot be paired.
            return Err(PairFailure::NoValidPairing);
        }
    }
    let boards = made.into_iter().flat_map(|(_, boards)| boards).collect();
    Ok(Outcome { boards, bye, steps })
}

/// 2.6: "the next pairing" of the nearest group above (`lower` false) or below the group of score
/// `last` that has one left: above, the pairing of its lowest ranked player; below, of its highest
/// ranked (docs/lim.md R22). It is removed from the group's boards.
fn crack(ctx: &Context, made: &mut [(Points, Boards)], last: Points, lower: bool) -> Option<(Points, (usize, usize))> {
    let mut sides: Vec<usize> =
        (0..made.len()).filter(|&k| if lower { made[k].0 < last } else { made[k].0 > last }).collect();
    // Nearest first.
    sides.sort_by_key(|&k| if lower { -made[k].0.tenths() } else { made[k].0.tenths() });
    for k in sides {
        let boards = &mut made[k].1;
        if boards.is_empty() {
            continue;
        }
        let rank = |b: &(usize, usize, ColourRule)| {
            let (x, y) = (ctx.rank_key(b.0), ctx.rank_key(b.1));
            if lower { x.min(y) } else { x.max(y) }
        };
        let at = if lower {
            (0..boards.len()).min_by_key(|&i| rank(&boards[i]))
        } else {
            (0..boards.len()).max_by_key(|&i| rank(&boards[i]))
        }?;
        let (w, b, _) = boards.remove(at);
        return Some((made[k].0, (w.min(b), w.max(b))));
    }
    None
}

/// Takes a cracked pair out of the steps that made it.
fn forget_pair(steps: &mut [Step], pair: (usize, usize)) {
    let same = |a: usize, b: usize| (a.min(b), a.max(b)) == pair;
    for step in steps.iter_mut() {
        match step {
            Step::Pairs { pairs, .. } => pairs.retain(|&(a, b)| !same(a, b)),
            Step::FloaterPair { floater, opponent, group, .. } if same(*floater, *opponent) => {
                // Kept as a float out of the group, which is what the crack makes of it.
                *step = Step::Float { player: *floater, group: *group, article: "2.6", why: String::new() };
            }
            _ => {}
        }
    }
}

/// Why a member of a scoregroup has no compatible opponent in it (2.3.1–2.3.3; 3.5 for a floater
/// transferred into it).
fn transfer_article(ctx: &Context, p: usize, members: &[usize], floater: bool) -> &'static str {
    if floater {
        return "3.5";
    }
    let player = ctx.p(p);
    if members.iter().all(|&q| q == p || ctx.met(p, q)) {
        "2.3.1"
    } else if player.whites.abs_diff(player.blacks) >= 2 {
        "2.3.2"
    } else if player.mandatory.is_some() {
        "2.3.3"
    } else {
        "2.1"
    }
}

/// Pairs one scoregroup (docs/lim.md §1.5 a–i).
fn pair_group(ctx: &Context, search: &mut dyn Search, g: &GroupInput) -> Result<GroupOutcome, Blocked> {
    let mut members: Vec<usize> = g.natives.clone();
    members.extend(g.incoming.iter().map(|f| f.player));
    members.sort_unstable();
    // The lot of 7.2 reads a player's place in the group's list.
    let listed = members.clone();
    let is_floater = |p: usize| g.incoming.iter().any(|f| f.player == p);
    let mut steps = Vec::new();
    let mut out: Vec<usize> = Vec::new();
    // b. 2.3.1–2.3.3 (and 3.5), until every member has a compatible opponent (docs/lim.md R10).
    loop {
        let lonely: Vec<usize> =
            members.iter().copied().filter(|&p| !members.iter().any(|&q| ctx.compatible(p, q))).collect();
        if lonely.is_empty() {
            break;
        }
        if g.next.is_none() {
            return Err(Blocked);
        }
        for &p in &lonely {
            let article = transfer_article(ctx, p, &members, is_floater(p));
            steps.push(Step::Float { player: p, group: g.score, article, why: String::new() });
        }
        out.extend(&lonely);
        members.retain(|p| !lonely.contains(p));
    }
    // c. 2.3.4.
    let mut parity = float_for_parity(ctx, search, g, &mut members, &mut out, &mut steps)?;
    // d. The floaters first (3.6–3.8): DFs before UFs in the median and above (3.6.3), UFs first
    // below it (3.7.3).
    let down_first = g.score >= ctx.median;
    let mut floaters: Vec<Incoming> = g.incoming.iter().copied().filter(|f| members.contains(&f.player)).collect();
    floaters.sort_by_key(|&f| (f.from_higher != down_first, floater_key(ctx, f)));
    let mut boards = Vec::new();
    let mut free = members.clone();
    let position = |a: usize, b: usize| -> usize {
        let higher = if ctx.rank_key(a) <= ctx.rank_key(b) { a } else { b };
        listed.iter().position(|&p| p == higher).unwrap_or(0)
    };
    for f in floaters {
        if !free.contains(&f.player) {
            continue;
        }
        // The group paired last transfers nobody: there a floater takes the first player of 3.8's
        // order with whom the rest of the group can still all be paired, and the group is blocked
        // (2.6) only when it cannot be paired at all (docs/lim.md R22).
        let choice = if g.next.is_none() {
            let options = floater_options(ctx, f.player, &free, g.dir);
            options.into_iter().find(|&(o, _)| {
                let rest: Vec<usize> = free.iter().copied().filter(|&p| p != f.player && p != o).collect();
                search.max_pairs(ctx, &rest) * 2 == rest.len()
            })
        } else {
            floater_opponent(ctx, f.player, &free, g.dir)
        };
        match choice {
            Some((o, due_alternate)) => {
                free.retain(|&p| p != f.player && p != o);
                boards.push(ctx.allocate(f.player, o, g.score, position(f.player, o)));
                steps.push(Step::FloaterPair { floater: f.player, opponent: o, group: g.score, due_alternate });
            }
            None => {
                if g.next.is_none() {
                    return Err(Blocked);
                }
                free.retain(|&p| p != f.player);
                out.push(f.player);
                steps.push(Step::Float { player: f.player, group: g.score, article: "3.5", why: String::new() });
            }
        }
    }
    let mut rest = free;
    scrutiny_order(&mut rest, g.dir);
    // A floater that floated on leaves the rest odd: 2.3.4 again (docs/lim.md §1.5 d).
    if let Some(f) = float_for_parity(ctx, search, g, &mut rest, &mut out, &mut steps)? {
        parity = Some(f);
    }
    // e–g. The first scrutiny, and 4.4 while a player cannot be given a compatible opponent.
    let mut paired: Vec<(usize, usize)> = Vec::new();
    while !rest.is_empty() {
        match search.first_scrutiny(ctx, &rest) {
            Scrutiny::Paired(pairs) => {
                paired.extend(pairs);
                break;
            }
            Scrutiny::Stuck { kept, player } => {
                if g.next.is_none() {
                    return Err(Blocked);
                }
                rest.retain(|&p| p != player && !kept.iter().any(|&(a, b)| a == p || b == p));
                paired.extend(kept);
                out.push(player);
                if let Some(f) = parity.take() {
                    // 4.4.1: the player floats in place of the parity floater, who comes back.
                    out.retain(|&p| p != f);
                    steps.retain(|s| !matches!(s, Step::Float { player, article: "2.3.4", .. } if *player == f));
                    steps.push(Step::Float { player, group: g.score, article: "4.4.1", why: String::new() });
                    rest.push(f);
                    scrutiny_order(&mut rest, g.dir);
                } else {
                    // 4.4.2: the lowest numbered player remaining floats with them.
                    steps.push(Step::Float { player, group: g.score, article: "4.4", why: String::new() });
                    if let Some(y) = rest.pop() {
                        out.push(y);
                        steps.push(Step::Float { player: y, group: g.score, article: "4.4.2", why: String::new() });
                    }
                }
            }
        }
    }
    // h. The second scrutiny (5.2), on the players the first one paired.
    let mut list: Vec<usize> = paired.iter().flat_map(|&(a, b)| [a, b]).collect();
    scrutiny_order(&mut list, g.dir);
    let may_meet = |a: usize, b: usize| !ctx.maxi || exchange_within_100(ctx, &paired, a, b);
    let pairs = if list.is_empty() { Vec::new() } else { search.second_scrutiny(ctx, &list, &may_meet) };
    for &(a, b) in &pairs {
        boards.push(ctx.allocate(a, b, g.score, position(a, b)));
    }
    steps.push(Step::Pairs { group: g.score, direction: g.dir, pairs, first: paired });
    Ok(GroupOutcome { boards, out, steps })
}

/// 5.7 (Maxi-tournaments): "an exchange of opponents … is allowed only if the ratings of the
/// opponents to be exchanged differ by 100 points or less". An exchange of opponents gives every
/// player of the pairs concerned a new opponent for the one the first scrutiny gave them, so `a`
/// may meet `b` when `b` is within 100 points of `a`'s opponent in `first` (the first scrutiny's
/// pairs), and `a` of `b`'s (docs/lim.md R26). A pair of `first` is always allowed.
pub fn exchange_within_100(ctx: &Context, first: &[(usize, usize)], a: usize, b: usize) -> bool {
    let within = |p: usize, q: usize| partner_in(first, p).is_none_or(|before| ctx.within_100(q, before));
    within(a, b) && within(b, a)
}

/// 2.3.4: when `players` are odd, transfers the floater [`choose_floater`] names out of them (to
/// `out`, with its step); the group paired last cannot, and is blocked.
fn float_for_parity(
    ctx: &Context,
    search: &mut dyn Search,
    g: &GroupInput,
    players: &mut Vec<usize>,
    out: &mut Vec<usize>,
    steps: &mut Vec<Step>,
) -> Result<Option<usize>, Blocked> {
    if players.len().is_multiple_of(2) {
        return Ok(None);
    }
    let Some(next) = &g.next else { return Err(Blocked) };
    let (f, why) = choose_floater(ctx, search, players, g, next, out);
    steps.push(Step::Float { player: f, group: g.score, article: "2.3.4", why });
    out.push(f);
    players.retain(|&p| p != f);
    Ok(Some(f))
}

/// c. The floater that makes an odd group even (2.3.4), in the order of docs/lim.md R11: the type
/// of 3.9 (avoid a, then b, then c), the protection of 3.10, the colours of 3.2.2, and the
/// position of 3.2.4/3.3/3.4; with the rules that decided, in words.
fn choose_floater(
    ctx: &Context,
    search: &mut dyn Search,
    members: &[usize],
    g: &GroupInput,
    next: &Next,
    already_out: &[usize],
) -> (usize, String) {
    let from_higher = g.dir == Direction::Down;
    let heading: Vec<Incoming> = next
        .floaters
        .iter()
        .copied()
        .chain(already_out.iter().map(|&player| Incoming { player, from_higher }))
        .collect();
    // 3.3/3.4: a compatible opponent in the next group, after the floaters with priority (higher
    // score or pairing number down, lower up) have taken theirs by 3.8 (docs/lim.md R14).
    let has_opponent = |cand: usize| -> bool {
        let key = floater_key(ctx, Incoming { player: cand, from_higher });
        let mut first: Vec<Incoming> =
            heading.iter().copied().filter(|f| f.from_higher == from_higher && floater_key(ctx, *f) < key).collect();
        first.sort_by_key(|&f| floater_key(ctx, f));
        let mut available: Vec<usize> = next.members.clone();
        available.extend(already_out);
        for f in first {
            if !available.contains(&f.player) {
                continue;
            }
            if let Some((o, _)) = floater_opponent(ctx, f.player, &available, next.dir) {
                available.retain(|&p| p != o);
            }
            available.retain(|&p| p != f.player);
        }
        available.iter().any(|&q| q != cand && ctx.compatible(cand, q))
    };
    // 3.9.1: a (0), b (1), c (2), d (3); 3.9.2 prefers the highest.
    let kind = |p: usize| -> u8 {
        let floater = g.incoming.iter().any(|f| f.player == p);
        match (floater, has_opponent(p)) {
            (true, false) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (false, true) => 3,
        }
    };
    let kinds: Vec<u8> = members.iter().map(|&p| kind(p)).collect();
    let best = kinds.iter().copied().max().unwrap_or(3);
    let candidates: Vec<usize> = members.iter().zip(&kinds).filter(|(_, k)| **k == best).map(|(&p, _)| p).collect();
    // 3.2.2: a player due the colour more members are due (players without a due colour are not
    // counted, R12); 3.2.4, 3.3, 3.4: the lowest numbered downward, the highest numbered upward.
    let due = |c: crate::model::Colour| members.iter().filter(|&&p| ctx.p(p).due == Some(c)).count();
    let (white, black) = (due(crate::model::Colour::White), due(crate::model::Colour::Black));
    // The pick of a pool, and the player due the majority colour that 3.2.3 passed over for it.
    let pick = |pool: &[usize]| -> (usize, Option<usize>) {
        let majority = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(crate::model::Colour::White),
            std::cmp::Ordering::Less => Some(crate::model::Colour::Black),
            std::cmp::Ordering::Equal => None,
        };
        let by_position = |players: Vec<usize>| match g.dir {
            Direction::Down => players.into_iter().max(),
            Direction::Up => players.into_iter().min(),
        };
        let default = by_position(pool.to_vec()).unwrap_or(members[0]);
        let coloured =
            by_position(pool.iter().copied().filter(|&p| majority.is_some() && ctx.p(p).due == majority).collect());
        match coloured {
            // 3.2.3 (Maxi-tournaments): the player 3.2.2 chose floats only if their rating and the
            // lowest numbered player's (downward; upward the highest numbered) "differ by 100
            // points or less", otherwise that player floats (docs/lim.md R26).
            Some(p) if ctx.maxi && !ctx.within_100(p, default) => (default, Some(p)),
            Some(p) => (p, None),
            None => (default, None),
        }
    };
    let (chosen, passed_over) = pick(&candidates);
    let mut why = Vec::new();
    if kinds.iter().any(|&k| k != best) {
        why.push(match best {
            3 => {
                "3.9.2: the others would be floaters of types a, b or c (no compatible opponent in the next group, or \
                  already floated into this group)"
                    .to_owned()
            }
            kind => format!(
                "3.9.2: no player of the group can float as type d, and the least disadvantaged type here is {}",
                ["a", "b", "c"][usize::from(kind)]
            ),
        });
    }
    let colour_clause = |player: usize, passed_over: Option<usize>| -> Option<String> {
        let majority = match white.cmp(&black) {
            std::cmp::Ordering::Greater => crate::model::Colour::White,
            std::cmp::Ordering::Less => crate::model::Colour::Black,
            std::cmp::Ordering::Equal => return None,
        };
        if let Some(q) = passed_over {
            let (a, b) = (ctx.p(q), ctx.p(player));
            return Some(format!(
                "3.2.2, 3.2.3: the group's due colours are {white} White and {black} Black, but in a \
                 Maxi-tournament {} (due {}, rated {}) is more than 100 points from {} (rated {}), who floats",
                a.id,
                crate::systems::common::colour::capitalised(majority),
                a.rating,
                b.id,
                b.rating
            ));
        }
        (ctx.p(player).due == Some(majority)).then(|| {
            format!(
                "3.2.2: the group's due colours are {white} White and {black} Black, so a player due {} floats",
                crate::systems::common::colour::capitalised(majority)
            )
        })
    };
    let position = match g.dir {
        Direction::Down => "3.2.4/3.3: the lowest numbered of those left",
        Direction::Up => "3.2.4/3.4: the highest numbered of those left",
    };
    // 3.10: a player who floated in the round before is not floated again, when another of type d
    // can float and the group makes as many pairings without them (3.10.1, 3.10.2; R13).
    if best == 3 && ctx.p(chosen).floated_last_round {
        let others: Vec<usize> = candidates.iter().copied().filter(|&p| !ctx.p(p).floated_last_round).collect();
        if !others.is_empty() {
            let (alternative, alternative_passed_over) = pick(&others);
            let without = |x: usize| -> Vec<usize> { members.iter().copied().filter(|&p| p != x).collect() };
            if search.max_pairs(ctx, &without(alternative)) >= search.max_pairs(ctx, &without(chosen)) {
                why.push(format!("3.10: {} floated in the round before and is not floated again", ctx.p(chosen).id));
                why.extend(colour_clause(alternative, alternative_passed_over));
                why.push(position.to_owned());
                return (alternative, why.join("; "));
            }
            why.push(format!(
                "3.10.2: {} floated in the round before, but the group makes fewer pairings without another",
                ctx.p(chosen).id
            ));
        }
    }
    why.extend(colour_clause(chosen, passed_over));
    why.push(position.to_owned());
    (chosen, why.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 4.2's table: #1 tries #4, #5, #6, #3, #2 in that order (positions 3, 4, 5, 2, 1).
    #[test]
    fn the_exchange_order_of_4_2() {
        assert_eq!(candidates(6).collect::<Vec<_>>(), vec![3, 4, 5, 2, 1]);
        assert_eq!(candidates(2).collect::<Vec<_>>(), vec![1]);
        assert_eq!(candidates(8).collect::<Vec<_>>(), vec![4, 5, 6, 7, 3, 2, 1]);
        assert_eq!(proposal(&[1, 2, 3, 4, 5, 6]), vec![(1, 4), (2, 5), (3, 6)]);
    }

    /// The five columns of 4.2's table, and those of 4.3's, come in the exchange order, each
    /// later than the one before it.
    #[test]
    fn the_columns_of_4_2_and_4_3_in_the_exchange_order() {
        let players = [1, 2, 3, 4, 5, 6];
        let place = |pairs: &[(usize, usize)]| -> Vec<usize> {
            exchange_places(&players, pairs, Direction::Down).unwrap().into_iter().map(|(_, _, p)| p).collect()
        };
        for table in [
            [
                [(1, 4), (2, 5), (3, 6)],
                [(1, 5), (2, 4), (3, 6)],
                [(1, 6), (2, 4), (3, 5)],
                [(1, 3), (2, 5), (4, 6)],
                [(1, 2), (3, 5), (4, 6)],
            ],
            [
                [(1, 6), (2, 4), (3, 5)],
                [(1, 6), (2, 5), (3, 4)],
                [(1, 6), (2, 3), (4, 5)],
                [(1, 3), (2, 6), (4, 5)],
                [(1, 2), (3, 5), (4, 6)],
            ],
        ] {
            let places: Vec<Vec<usize>> = table.iter().map(|column| place(column)).collect();
            assert!(places.windows(2).all(|w| w[0] < w[1]), "{places:?}");
        }
        // Upward the mirror: #6 first, its proposed opponent #3 (2.4's pairs).
        assert_eq!(
            exchange_places(&players, &[(6, 3), (5, 2), (4, 1)], Direction::Up).unwrap(),
            vec![(6, 3, 0), (5, 2, 0), (4, 1, 0)]
        );
    }
}
