//! The pairing procedure of the 1997 text, chapter by chapter: the first round (5), the bye (4),
//! then the score groups from the top (6): the floaters that came down are paired first (8), a
//! player without a possible opponent gets one from a lower group (7.1), an odd group gets a
//! player from a lower group (7.2), the colour subgroups are evened out (7.3, 7.4), and the group
//! is paired (6.2, 6.3); who is left floats to the next group (6.4).
//!
//! Every choice the text makes by going down a list (who gets the bye, whom a floater meets, who is
//! transferred, how a group is paired) takes the first entry of the list that leaves the rest of
//! the round pairable (docs/dubov.md: readings; chapter 9 asks the arbiter to resolve what the text does
//! not, "in the spirit of the basic principles", and a round with unpaired players is no pairing).
//! Whether the rest is pairable, and how a group is paired, is asked of a [`Search`]: the literal
//! reference answers by enumeration, the fast engine by matchings. Everything else is here, once.

use std::cmp::{Ordering, Reverse};
use std::collections::BTreeSet;

use crate::model::{Colour, Points};

use super::rules::{ColourRule, Context};

/// No pairing of the round keeps the limitations of chapter 2 (chapter 9: the arbiter decides).
pub use crate::systems::outcome::NoValidPairing;

/// How the procedure asks whether the rest of the round can be paired, and how a group is paired.
pub trait Search {
    /// Starts with all players of the round: false when they cannot all be paired (all but one,
    /// when their number is odd).
    fn start(&mut self, ctx: &Context) -> bool;
    /// Gives `x` the bye when all the others can still be paired.
    fn try_bye(&mut self, ctx: &Context, x: usize) -> bool;
    /// Pairs `a` with `b` (a legal pair) when all the players left can still be paired.
    fn try_pair(&mut self, ctx: &Context, a: usize, b: usize) -> bool;
    /// Pairs a score group by 6.2–6.4 ([`best_group_pairing`] says which pairing that is) and
    /// makes its pairs; the players left can still all be paired.
    fn pair_group(&mut self, ctx: &Context, group: &Group) -> Vec<(usize, usize)>;
}

/// The floater characteristics of 6.4, in the order the text prefers them for floating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// Was not a floater from higher score groups and can be paired in the lower score group.
    NewPairable = 0,
    /// Was not a floater, cannot be paired in the lower group.
    NewUnpairable = 1,
    /// Was a floater, can be paired in the lower group.
    AgainPairable = 2,
    /// Was a floater, cannot be paired in the lower group.
    AgainUnpairable = 3,
}

impl Category {
    pub fn describe(self) -> &'static str {
        match self {
            Category::NewPairable => "was not a floater before and can be paired in the lower score group",
            Category::NewUnpairable => "was not a floater before and cannot be paired in the lower score group",
            Category::AgainPairable => "was a floater before and can be paired in the lower score group",
            Category::AgainUnpairable => "was a floater before and cannot be paired in the lower score group",
        }
    }
}

/// A score group ready for 6.2–6.4.
#[derive(Clone, Debug)]
pub struct Group {
    pub score: Points,
    /// The "white" column in the order of 6.2 (after 7.3/7.4).
    pub white: Vec<usize>,
    /// The "black" column in the order of 6.2.
    pub black: Vec<usize>,
    /// Players moved between the columns by 7.3/7.4.
    pub shifted: Vec<usize>,
    /// The 6.4 category of each player, aligned with [`Group::members`].
    pub category: Vec<Category>,
    /// The players of the round still to pair outside this group.
    pub outside: Vec<usize>,
}

impl Group {
    /// The white column, then the black column: the order 6.3 goes through the rows.
    pub fn members(&self) -> Vec<usize> {
        self.white.iter().chain(&self.black).copied().collect()
    }

    pub fn category_of(&self, player: usize) -> Option<Category> {
        self.members().iter().position(|&m| m == player).map(|k| self.category[k])
    }

    pub fn is_white(&self, player: usize) -> bool {
        self.white.contains(&player)
    }
}

/// How good a pairing of a score group is, better is greater: 6.4 first pairs as many as possible,
/// then floats the players it prefers to float; 6.3 pairs "white" against "black" wherever it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Value {
    pub pairs: usize,
    /// Floaters of the categories 3, 2 and 1 (0-based: AgainUnpairable, AgainPairable,
    /// NewUnpairable), fewer is better, the least wanted first.
    pub floaters: [Reverse<usize>; 3],
    /// Pairs of a "white" with a "black".
    pub cross: usize,
}

impl Value {
    pub fn of(group: &Group, pairs: &[(usize, usize)]) -> Value {
        let members = group.members();
        let paired: BTreeSet<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let mut counts = [0usize; 4];
        for (k, m) in members.iter().enumerate() {
            if !paired.contains(m) {
                counts[group.category[k] as usize] += 1;
            }
        }
        let cross = pairs.iter().filter(|&&(a, b)| group.is_white(a) != group.is_white(b)).count();
        Value { pairs: pairs.len(), floaters: [Reverse(counts[3]), Reverse(counts[2]), Reverse(counts[1])], cross }
    }
}

/// The partners a row of 6.3 tries, in the order it tries them, given the players already taken:
/// for a "white" No. k, the "blacks" from the top, then the "whites" from No. k+1 down, then from
/// No. k−1 up to No. 1; for a "black" (after all whites), the "blacks" below it, then above it. The
/// last choice, `None`, leaves the player unpaired in the group (6.4).
pub fn options(ctx: &Context, group: &Group, slot: usize, taken: &dyn Fn(usize) -> bool) -> Vec<Option<usize>> {
    let members = group.members();
    let me = members[slot];
    let w = group.white.len();
    let mut list: Vec<usize> = Vec::new();
    if slot < w {
        let k = slot;
        list.extend(&group.black);
        list.extend(&group.white[k + 1..]);
        list.extend(group.white[..k].iter().rev());
    } else {
        let i = slot - w;
        list.extend(&group.black[i + 1..]);
        list.extend(group.black[..i].iter().rev());
    }
    let mut out: Vec<Option<usize>> = list.into_iter().filter(|&x| !taken(x) && ctx.legal(me, x)).map(Some).collect();
    out.push(None);
    out
}

/// The rank of a pairing of a group in the order 6.3 generates pairings: for each row in turn
/// (whites, then blacks), the position of its partner in [`options`].
pub fn order_key(ctx: &Context, group: &Group, pairs: &[(usize, usize)]) -> Vec<usize> {
    let members = group.members();
    let partner = |p: usize| crate::systems::pairing::partner_in(pairs, p);
    let mut decided: BTreeSet<usize> = BTreeSet::new();
    let mut key = Vec::with_capacity(members.len());
    for (slot, &m) in members.iter().enumerate() {
        if decided.contains(&m) {
            key.push(0);
            continue;
        }
        let taken = |x: usize| decided.contains(&x);
        let opts = options(ctx, group, slot, &taken);
        let mine = partner(m).filter(|p| members.contains(p));
        key.push(opts.iter().position(|&o| o == mine).unwrap_or(usize::MAX));
        decided.insert(m);
        if let Some(p) = mine {
            decided.insert(p);
        }
    }
    key
}

/// A decision of the procedure, kept for explanations.
#[derive(Clone, Debug)]
pub enum Step {
    /// Chapter 4: the bye; `passed` are the players before it in the chapter's order whose bye
    /// would have left the others unpairable.
    Bye { player: usize, passed: Vec<usize> },
    /// Chapter 5.
    FirstRound,
    /// Chapter 8: a floater from above and the players it could meet, in the order of 8.2.
    /// `residents` of the candidates are players of the group, the others floaters too.
    Floater { score: Points, floater: usize, candidates: Vec<usize>, residents: usize, chosen: Option<usize> },
    /// 7.1: a player without a possible opponent in the group and the players of lower groups
    /// that could be transferred to meet him.
    Lone { score: Points, player: usize, candidates: Vec<usize>, chosen: Option<usize> },
    /// 7.2: an odd group and the players of lower groups that could be transferred into it.
    Odd { score: Points, candidates: Vec<usize>, chosen: Option<usize> },
    /// 6.2–6.4: a group and its pairing.
    Group { group: Group, pairs: Vec<(usize, usize)> },
}

/// A round's pairing as the procedure makes it.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// (white, black, the rule that gave the colours).
    pub boards: Vec<(usize, usize, ColourRule)>,
    pub bye: Option<usize>,
    pub steps: Vec<Step>,
}

/// Pairs the round.
pub fn run<S: Search>(ctx: &Context, search: &mut S) -> Result<Outcome, NoValidPairing> {
    let n = ctx.n();
    if ctx.state.round == 1
        && let Some(outcome) = first_round(ctx)
    {
        return Ok(outcome);
    }
    if !search.start(ctx) {
        return Err(NoValidPairing);
    }
    let mut alive = vec![true; n];
    let mut steps = Vec::new();
    let mut bye = None;
    if n % 2 == 1 {
        let mut passed = Vec::new();
        for x in ctx.bye_order() {
            if search.try_bye(ctx, x) {
                bye = Some(x);
                break;
            }
            passed.push(x);
        }
        let Some(x) = bye else { return Err(NoValidPairing) };
        alive[x] = false;
        steps.push(Step::Bye { player: x, passed });
    }
    let mut scores: Vec<Points> = (0..n).filter(|&i| alive[i]).map(|i| ctx.p(i).score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    // Players transferred up out of their own group by 7.1/7.2.
    let mut moved = vec![false; n];
    let mut floaters: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (gi, &score) in scores.iter().enumerate() {
        let resident = |alive: &[bool], moved: &[bool], i: usize| alive[i] && !moved[i] && ctx.p(i).score == score;
        // Chapter 8: the floaters from above first, one by one in the order of 8.1.
        for f in ctx.floater_order(&floaters) {
            if !alive[f] {
                continue;
            }
            // 8.2: the players of this group; other floaters only when no player of the group
            // leaves the round pairable (docs/dubov.md: readings).
            let mut candidates: Vec<usize> =
                (0..n).filter(|&i| resident(&alive, &moved, i) && ctx.legal(f, i)).collect();
            ctx.by_rating(&mut candidates, ctx.p(f).due);
            let residents = candidates.len();
            let mut others: Vec<usize> =
                floaters.iter().copied().filter(|&g| g != f && alive[g] && ctx.legal(f, g)).collect();
            ctx.by_rating(&mut others, ctx.p(f).due);
            candidates.extend(others);
            let chosen = candidates.iter().copied().find(|&c| search.try_pair(ctx, f, c));
            if let Some(c) = chosen {
                alive[f] = false;
                alive[c] = false;
                pairs.push((f, c));
            }
            steps.push(Step::Floater { score, floater: f, candidates, residents, chosen });
        }
        floaters.retain(|&f| alive[f]);
        let lower = |alive: &[bool], moved: &[bool], i: usize| alive[i] && !moved[i] && ctx.p(i).score < score;
        // 7.1: a player who cannot meet anybody of his group gets an opponent from below.
        let mut without: BTreeSet<usize> = BTreeSet::new();
        loop {
            let group: Vec<usize> = (0..n).filter(|&i| resident(&alive, &moved, i)).collect();
            let lone =
                group.iter().copied().find(|&x| !without.contains(&x) && !group.iter().any(|&y| ctx.legal(x, y)));
            let Some(x) = lone else { break };
            // 2.5: only a player who may be transferred up.
            let below: Vec<usize> =
                (0..n).filter(|&i| lower(&alive, &moved, i) && ctx.transferable(i) && ctx.legal(x, i)).collect();
            let candidates = ctx.transfer_order(&below, ctx.p(x).due);
            let chosen = candidates.iter().copied().find(|&t| search.try_pair(ctx, x, t));
            match chosen {
                Some(t) => {
                    alive[x] = false;
                    alive[t] = false;
                    moved[t] = true;
                    pairs.push((x, t));
                }
                None => {
                    without.insert(x);
                }
            }
            steps.push(Step::Lone { score, player: x, candidates, chosen });
        }
        // 7.2: an odd group gets a player from below.
        let mut group: Vec<usize> = (0..n).filter(|&i| resident(&alive, &moved, i)).collect();
        if group.len() % 2 == 1 {
            let below: Vec<usize> = (0..n)
                .filter(|&i| lower(&alive, &moved, i) && ctx.transferable(i) && group.iter().any(|&y| ctx.legal(y, i)))
                .collect();
            let candidates = ctx.transfer_order(&below, ctx.dominating(&group));
            let chosen = candidates.first().copied();
            if let Some(t) = chosen {
                moved[t] = true;
                group.push(t);
            }
            steps.push(Step::Odd { score, candidates, chosen });
        }
        if group.is_empty() {
            continue;
        }
        // 6.4: "can be paired in the lower score group": the next group below with players left.
        let next: Vec<usize> = scores[gi + 1..]
            .iter()
            .map(|&s| (0..n).filter(|&i| alive[i] && !moved[i] && ctx.p(i).score == s).collect::<Vec<_>>())
            .find(|g| !g.is_empty())
            .unwrap_or_default();
        let (white, black, shifted) = columns(ctx, &group);
        let in_group: BTreeSet<usize> = group.iter().copied().collect();
        let members: Vec<usize> = white.iter().chain(&black).copied().collect();
        let category = members
            .iter()
            .map(|&x| {
                let pairable = next.iter().any(|&y| ctx.legal(x, y));
                match (ctx.p(x).was_floater, pairable) {
                    (false, true) => Category::NewPairable,
                    (false, false) => Category::NewUnpairable,
                    (true, true) => Category::AgainPairable,
                    (true, false) => Category::AgainUnpairable,
                }
            })
            .collect();
        let outside: Vec<usize> = (0..n).filter(|&i| alive[i] && !in_group.contains(&i)).collect();
        let g = Group { score, white, black, shifted, category, outside };
        let made = search.pair_group(ctx, &g);
        for &(a, b) in &made {
            alive[a] = false;
            alive[b] = false;
            pairs.push((a, b));
        }
        floaters.extend(group.iter().copied().filter(|&x| alive[x]));
        steps.push(Step::Group { group: g, pairs: made });
    }
    if alive.iter().any(|&a| a) {
        // The searches keep the rest pairable at every step, so this does not happen.
        tracing::error!(round = ctx.state.round, "Dubov 1997: players left unpaired");
        return Err(NoValidPairing);
    }
    let boards = pairs
        .into_iter()
        .map(|(a, b)| {
            let (w, b, rule) = ctx.allocate(a, b);
            (w, b, rule)
        })
        .collect();
    Ok(Outcome { boards, bye, steps })
}

/// 7.3/7.4: the colour subgroups of a group, evened out, each in the order of 6.2.
///
/// Players without a due colour (no game played yet) have no subgroup of their own: each joins the
/// smaller one, the white one when they are equal (docs/dubov.md: readings).
pub fn columns(ctx: &Context, group: &[usize]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let mut white: Vec<usize> = group.iter().copied().filter(|&i| ctx.p(i).due == Some(Colour::White)).collect();
    let mut black: Vec<usize> = group.iter().copied().filter(|&i| ctx.p(i).due == Some(Colour::Black)).collect();
    let mut none: Vec<usize> = group.iter().copied().filter(|&i| ctx.p(i).due.is_none()).collect();
    none.sort_by_key(|&i| ctx.p(i).rank);
    for u in none {
        if white.len() <= black.len() {
            white.push(u);
        } else {
            black.push(u);
        }
    }
    let mut shifted = Vec::new();
    // "If the number of players in the score group is even".
    if group.len().is_multiple_of(2) {
        match white.len().cmp(&black.len()) {
            Ordering::Greater => {
                // 7.3: n "white" players with the lowest ARO, on equal ARO the higher R, go to the
                // black group; 2.6: not one who may not take black.
                let n = (white.len() - black.len()) / 2;
                let mut candidates: Vec<usize> = white
                    .iter()
                    .copied()
                    .filter(|&i| ctx.p(i).due == Some(Colour::White) && ctx.p(i).may_take(Colour::Black))
                    .collect();
                candidates.sort_by(|&a, &b| {
                    let (x, y) = (ctx.p(a), ctx.p(b));
                    x.aro.cmp(&y.aro).then(y.rating.cmp(&x.rating)).then(x.rank.cmp(&y.rank))
                });
                for &m in candidates.iter().take(n) {
                    white.retain(|&i| i != m);
                    black.push(m);
                    shifted.push(m);
                }
            }
            Ordering::Less => {
                // 7.4: n "black" players with the highest ARO, on equal ARO the lower R.
                let n = (black.len() - white.len()) / 2;
                let mut candidates: Vec<usize> = black
                    .iter()
                    .copied()
                    .filter(|&i| ctx.p(i).due == Some(Colour::Black) && ctx.p(i).may_take(Colour::White))
                    .collect();
                candidates.sort_by(|&a, &b| {
                    let (x, y) = (ctx.p(a), ctx.p(b));
                    y.aro.cmp(&x.aro).then(x.rating.cmp(&y.rating)).then(x.rank.cmp(&y.rank))
                });
                for &m in candidates.iter().take(n) {
                    black.retain(|&i| i != m);
                    white.push(m);
                    shifted.push(m);
                }
            }
            Ordering::Equal => {}
        }
    }
    white.sort_by(|&a, &b| ctx.white_order(a, b));
    black.sort_by(|&a, &b| ctx.black_order(a, b));
    (white, black, shifted)
}

/// Chapter 5: the upper half of the list meets the lower half, the first of each, the second of
/// each, and so on; the lot gives the first pair's colours, the odd pairs have them, the even ones
/// the others; with an odd number the last player gets the bye. `None` when a pair of it may not
/// meet (an organiser's 260/XXP record): then the round is paired like the others.
pub fn first_round(ctx: &Context) -> Option<Outcome> {
    let n = ctx.n();
    let (bye, m) = if n % 2 == 1 { (Some(n - 1), n - 1) } else { (None, n) };
    let half = m / 2;
    let lot = ctx.state.initial_colour;
    let mut boards = Vec::with_capacity(half);
    for i in 0..half {
        let (left, right) = (i, i + half);
        if !ctx.legal(left, right) {
            return None;
        }
        let colour = if i % 2 == 0 { lot } else { lot.opposite() };
        boards.push(match colour {
            Colour::White => (left, right, ColourRule::FirstRound),
            Colour::Black => (right, left, ColourRule::FirstRound),
        });
    }
    Some(Outcome { boards, bye, steps: vec![Step::FirstRound] })
}

/// The pairing 6.2–6.4 asks for, from all the pairings of a group (in the order of 6.3) that leave
/// the round pairable: the best [`Value`], and of those the first in the order.
pub fn better(ctx: &Context, group: &Group, a: &[(usize, usize)], b: &[(usize, usize)]) -> Ordering {
    Value::of(group, a).cmp(&Value::of(group, b)).then_with(|| order_key(ctx, group, b).cmp(&order_key(ctx, group, a)))
}

/// Documentation anchor for [`Search::pair_group`]: see [`better`].
pub use better as best_group_pairing;
