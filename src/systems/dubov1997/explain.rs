//! Why a recorded pairing differs from the one the 1997 text gives.
//!
//! First the limitations of chapter 2 are checked on the record (2.1 a repeated game, 2.2 a second
//! bye, 2.3/2.4 colours, 2.5 transfers). Then the procedure is run again and its decisions are
//! followed in order (the bye, each floater, each transfer, each group's pairing); at the first
//! decision the record does not share, the article that made it is named, with the players and
//! the boards of the record. When every pair agrees, the colour rule of chapter 3 that decides a
//! differing board is named.
//!
//! A record that is *better* than the engine at that first decision (an earlier entry of the
//! text's list that still leaves the round pairable, which the record itself proves) means the
//! engine is wrong: it is flagged as such.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::engine::Fast;
use super::procedure::{self, Category, Group, Step, Value};
use super::rules::Context;

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation::under("Dubov 1997", criterion, text)
}

fn bug(criterion: &str, text: String) -> Explanation {
    Explanation::engine_bug("Dubov 1997", criterion, text)
}

type Record<'a> = crate::systems::common::record::Seats<'a>;

/// A score group's score as the explanations name it: `1.5`, or, where the Baku acceleration's
/// virtual points (C.04.7) put players in it, `1.5 (1.5 points with the acceleration's virtual
/// point)`, so a reader does not take the score for points won.
fn group_score(ctx: &Context, score: crate::model::Points) -> String {
    let members = ctx.state.players.iter().filter(|c| c.pairing_score() == score).map(|c| c.id);
    format!("{score}{}", crate::systems::common::acceleration::note(ctx.state, score, members))
}

fn who(ctx: &Context, i: usize) -> String {
    let p = ctx.p(i);
    let due = p.due.map_or("no due colour".to_owned(), |c| format!("due {}", c.name()));
    format!("{} (R {}, ARO {}, {due}, score {})", p.id, p.rating, p.aro, p.score)
}

/// Explains why `recorded` differs from `computed` (the engine's pairing of the same state).
pub fn explain(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let ctx = Context::new(state);
    let index: BTreeMap<PlayerId, usize> = (0..ctx.n()).map(|i| (ctx.p(i).id, i)).collect();
    let record = Record::new(recorded, ctx.players.iter().map(|p| p.id).collect(), "the bye");
    if let Some(found) = limitations(&ctx, &record, recorded, &index) {
        return found;
    }
    let outcome = match procedure::run(&ctx, &mut Fast::new()) {
        Ok(outcome) => outcome,
        Err(_) => return finding("9", "no pairing of the round keeps the limitations of chapter 2".to_owned()),
    };
    if matches!(outcome.steps.as_slice(), [Step::FirstRound]) {
        return first_round(&ctx, &record, &outcome);
    }
    for step in &outcome.steps {
        if let Some(found) = step_difference(&ctx, &record, step) {
            return found;
        }
    }
    colours(&ctx, &record, computed, recorded, &index)
}

/// Chapter 2 on the record.
fn limitations(
    ctx: &Context,
    record: &Record,
    recorded: &RoundPairing,
    index: &BTreeMap<PlayerId, usize>,
) -> Option<Explanation> {
    for (k, board) in recorded.boards.iter().enumerate() {
        let board_no = k + 1;
        let Some(&w) = index.get(&board.white) else { continue };
        let Some(black) = board.black else {
            if !ctx.p(w).bye_allowed {
                return Some(finding(
                    "2.2",
                    format!(
                        "the record gives the bye to {}, who already received a point without playing (board {board_no})",
                        ctx.p(w).id
                    ),
                ));
            }
            continue;
        };
        let Some(&b) = index.get(&black) else { continue };
        let (x, y) = (ctx.p(w), ctx.p(b));
        if ctx.met(w, b) {
            let round = x.by_round.len();
            let past = ctx.state.past_of(x.id);
            let when = past.iter().position(|r| r.played_opponent() == Some(y.id));
            let text = match when {
                Some(r) => {
                    format!("{} and {} already played each other, in round {} (board {board_no})", x.id, y.id, r + 1)
                }
                None => format!(
                    "{} and {} may not meet: the tournament forbids the pair (record 260/XXP; board {board_no}, round {})",
                    x.id,
                    y.id,
                    round + 1
                ),
            };
            return Some(finding("2.1", text));
        }
        for (p, colour) in [(x, Colour::White), (y, Colour::Black)] {
            if !p.may_take(colour) {
                let (article, why) = if matches!(p.sequence.as_slice(), [.., a, c] if *a == colour && *c == colour) {
                    ("2.4", format!("{} would have {} three times in a row", p.id, colour.name()))
                } else {
                    (
                        "2.3",
                        format!(
                            "{} would have a difference of {} between whites and blacks ({} white, {} black before)",
                            p.id,
                            (p.difference() + if colour == Colour::White { 1 } else { -1 }).abs(),
                            p.whites,
                            p.blacks
                        ),
                    )
                };
                return Some(finding(article, format!("on board {board_no} of the record {why}")));
            }
        }
    }
    let _ = record;
    None
}

/// Chapter 5.
fn first_round(ctx: &Context, record: &Record, outcome: &procedure::Outcome) -> Explanation {
    let n = ctx.n();
    let half = (n - n % 2) / 2;
    if let Some(x) = outcome.bye
        && record.partner(x) != Some(None)
    {
        return finding(
            "5",
            format!(
                "with an odd number of players the last of the list, {}, gets the bye; the record {}",
                ctx.p(x).id,
                record.with(x)
            ),
        );
    }
    for &(w, b, _) in &outcome.boards {
        let (left, right) = (w.min(b), w.max(b));
        if record.partner(left) != Some(Some(right)) {
            return finding(
                "5",
                format!(
                    "the upper half of the list meets the lower half in order: No. {} ({}) plays No. {} ({}), {} places below; the record {}",
                    left + 1,
                    ctx.p(left).id,
                    right + 1,
                    ctx.p(right).id,
                    half,
                    record.with(left)
                ),
            );
        }
    }
    for (k, &(w, b, _)) in outcome.boards.iter().enumerate() {
        let white_in_record = record.has_board(ctx.p(w).id, ctx.p(b).id);
        if !white_in_record {
            return finding(
                "5",
                format!(
                    "the lot gives the first pair's colours, odd pairs have them and even pairs the others: pair {} is {} (white) – {} (black); the record has it the other way round ({})",
                    k + 1,
                    ctx.p(w).id,
                    ctx.p(b).id,
                    record.board(w)
                ),
            );
        }
    }
    finding("5", "the first round differs from the halves of the list".to_owned())
}

/// The first way the record departs from one decision of the procedure.
fn step_difference(ctx: &Context, record: &Record, step: &Step) -> Option<Explanation> {
    match step {
        Step::FirstRound => None,
        Step::Bye { player, passed } => {
            let recorded_bye = record.bye_holder();
            if recorded_bye == Some(*player) {
                return None;
            }
            let Some(r) = recorded_bye else {
                return Some(finding("4", format!("the bye goes to {}; the record gives no bye", who(ctx, *player))));
            };
            if passed.contains(&r) {
                return Some(bug(
                    "4",
                    format!(
                        "the record gives the bye to {}, before {} in the order of chapter 4, and still pairs everybody else",
                        ctx.p(r).id,
                        ctx.p(*player).id
                    ),
                ));
            }
            let (c, x) = (ctx.p(*player), ctx.p(r));
            let why = if x.score != c.score {
                format!("the lowest score group with a possible bye is {}, {} has {}", c.score, x.id, x.score)
            } else if x.rating != c.rating {
                format!("in the lowest score group the lowest R is {} ({}), {} has {}", c.rating, c.id, x.id, x.rating)
            } else if x.due != c.due {
                "with equal R in both colour subgroups the bye goes to the dominating colour".to_owned()
            } else if x.aro != c.aro {
                format!("with equal R the higher ARO gets it: {} against {}", c.aro, x.aro)
            } else {
                "everything equal, the player further down the list gets it".to_owned()
            };
            Some(finding(
                "4",
                format!("the bye goes to {}: {why}; the record gives it to {}", who(ctx, *player), who(ctx, r)),
            ))
        }
        Step::Floater { score, floater, candidates, chosen, .. } => {
            let group = group_score(ctx, *score);
            let f = *floater;
            let rp = record.partner(f).flatten();
            if rp == *chosen {
                return None;
            }
            let pos = |x: usize| candidates.iter().position(|&c| c == x);
            match (*chosen, rp) {
                (None, Some(r)) if pos(r).is_some() => Some(bug(
                    "8.2",
                    format!(
                        "the record pairs floater {} with {} in score group {group}, which trfcheck thought left the round unpairable",
                        ctx.p(f).id,
                        ctx.p(r).id
                    ),
                )),
                // The floater goes on down in both.
                (None, _) => None,
                (Some(c), Some(r)) if pos(r).is_some_and(|pr| pos(c).is_some_and(|pc| pr < pc)) => Some(bug(
                    "8.2",
                    format!(
                        "the record pairs floater {} with {}, who comes before {} in the order of 8.2",
                        ctx.p(f).id,
                        ctx.p(r).id,
                        ctx.p(c).id
                    ),
                )),
                (Some(c), _) => Some(finding(
                    "8.2",
                    format!(
                        "{} floats into score group {group} and is paired first (8.1) with the player of the highest R, if possible of the opposite due colour, whose pairing leaves the round pairable: {}; the record {}",
                        who(ctx, f),
                        who(ctx, c),
                        record.with(f)
                    ),
                )),
            }
        }
        Step::Lone { score, player, candidates, chosen } => {
            let group = group_score(ctx, *score);
            let x = *player;
            let rp = record.partner(x).flatten();
            if rp == *chosen {
                return None;
            }
            let pos = |y: usize| candidates.iter().position(|&c| c == y);
            match (*chosen, rp) {
                (None, Some(r)) if pos(r).is_some() => Some(bug(
                    "7.1",
                    format!(
                        "the record pairs {} with {} from a lower score group, which trfcheck thought left the round unpairable",
                        ctx.p(x).id,
                        ctx.p(r).id
                    ),
                )),
                (None, _) => None,
                (Some(c), Some(r)) if pos(r).is_some_and(|pr| pos(c).is_some_and(|pc| pr < pc)) => Some(bug(
                    "7.1",
                    format!(
                        "the record transfers {} to meet {}, before {} in the order of 7.1",
                        ctx.p(r).id,
                        ctx.p(x).id,
                        ctx.p(c).id
                    ),
                )),
                (Some(c), _) => Some(finding(
                    "7.1",
                    format!(
                        "{} can meet nobody of score group {group}, so a player of the next possible lower group is transferred to meet him (due colour opposite, then the highest R, then the lowest ARO): {}; the record {}",
                        who(ctx, x),
                        who(ctx, c),
                        record.with(x)
                    ),
                )),
            }
        }
        // Checked with the group it feeds.
        Step::Odd { .. } => None,
        Step::Group { group, pairs } => group_difference(ctx, record, group, pairs),
    }
}

fn group_difference(ctx: &Context, record: &Record, group: &Group, pairs: &[(usize, usize)]) -> Option<Explanation> {
    let members = group.members();
    let inside: BTreeSet<usize> = members.iter().copied().collect();
    let mut recorded_pairs: Vec<(usize, usize)> = Vec::new();
    for &m in &members {
        if let Some(Some(q)) = record.partner(m)
            && inside.contains(&q)
            && !recorded_pairs.iter().any(|&(a, b)| a == q || b == q)
        {
            recorded_pairs.push((m, q));
        }
    }
    let norm = |ps: &[(usize, usize)]| ps.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect::<BTreeSet<_>>();
    if norm(&recorded_pairs) == norm(pairs) {
        return None;
    }
    let score = group.score;
    let named = group_score(ctx, score);
    // 7.2: the player transferred into an odd group.
    if let Some(&t) = members.iter().find(|&&m| ctx.p(m).score < score)
        && !recorded_pairs.iter().any(|&(a, b)| a == t || b == t)
    {
        return Some(finding(
            "7.2",
            format!(
                "score group {named} has an odd number of players, so the player of the next possible lower group who can meet one of them, of due colour opposite to the group's dominating one, with the highest R, then the lowest ARO, is transferred: {}; the record {}",
                who(ctx, t),
                record.with(t)
            ),
        ));
    }
    let ours = Value::of(group, pairs);
    let theirs = Value::of(group, &recorded_pairs);
    let floats = |ps: &[(usize, usize)]| -> Vec<usize> {
        members.iter().copied().filter(|m| !ps.iter().any(|&(a, b)| a == *m || b == *m)).collect()
    };
    let list = |xs: &[usize]| xs.iter().map(|&x| ctx.p(x).id.to_string()).collect::<Vec<_>>().join(", ");
    let columns = format!(
        "\"whites\" by ascending ARO: {}; \"blacks\" by descending R: {}",
        list(&group.white),
        list(&group.black)
    );
    if theirs > ours {
        return Some(bug(
            "6.4",
            format!(
                "in score group {named} ({columns}) the record's pairing {} is better on 6.3/6.4 than trfcheck's",
                list_pairs(ctx, &recorded_pairs)
            ),
        ));
    }
    if theirs.pairs < ours.pairs {
        let gone = floats(&recorded_pairs);
        return Some(finding(
            "6.4",
            format!(
                "score group {named} ({columns}) can pair {} of its {} players among themselves; the record pairs only {} and floats {} ({})",
                2 * ours.pairs,
                members.len(),
                2 * theirs.pairs,
                list(&gone),
                gone.iter().map(|&g| record.with(g)).collect::<Vec<_>>().join("; ")
            ),
        ));
    }
    if theirs.floaters != ours.floaters {
        let (a, b) = (floats(pairs), floats(&recorded_pairs));
        let describe = |xs: &[usize]| {
            xs.iter()
                .map(|&x| format!("{} ({})", ctx.p(x).id, group.category_of(x).map_or("", Category::describe)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Some(finding(
            "6.4",
            format!(
                "in score group {named} the floaters are chosen by preference: the rules float {}; the record floats {}",
                describe(&a),
                describe(&b)
            ),
        ));
    }
    if theirs.cross < ours.cross {
        let same: Vec<(usize, usize)> =
            recorded_pairs.iter().copied().filter(|&(a, b)| group.is_white(a) == group.is_white(b)).collect();
        // 6.1's standard: as many "whites" as "blacks", each meeting one of the other column.
        return Some(finding(
            "6.1",
            format!(
                "in score group {named} ({columns}) every row can get an opponent from the other column for {} pairs; the record pairs within a column: {}",
                ours.cross,
                list_pairs(ctx, &same)
            ),
        ));
    }
    // Same value: the order of 6.3 decides.
    let (key_ours, key_theirs) =
        (procedure::order_key(ctx, group, pairs), procedure::order_key(ctx, group, &recorded_pairs));
    let slot = key_ours.iter().zip(&key_theirs).position(|(a, b)| a != b).unwrap_or(0);
    let me = members[slot];
    let partner_in = |ps: &[(usize, usize)]| {
        ps.iter().find_map(|&(a, b)| {
            if a == me {
                Some(b)
            } else if b == me {
                Some(a)
            } else {
                None
            }
        })
    };
    let (mine, theirs_p) = (partner_in(pairs), partner_in(&recorded_pairs));
    let column = if group.is_white(me) { "white" } else { "black" };
    let row = if group.is_white(me) { slot + 1 } else { slot - group.white.len() + 1 };
    let name = |p: Option<usize>| p.map_or("nobody (he floats)".to_owned(), |q| who(ctx, q));
    if key_theirs < key_ours {
        return Some(bug(
            "6.3",
            format!(
                "in score group {named} ({columns}) the record gives the {column} No. {row}, {}, the opponent {}, earlier in the order of 6.3 than trfcheck's {}",
                ctx.p(me).id,
                name(theirs_p),
                name(mine)
            ),
        ));
    }
    let article = if key_ours.iter().all(|&k| k == 0) { "6.2" } else { "6.3" };
    Some(finding(
        article,
        format!(
            "in score group {named} ({columns}) the {column} No. {row}, {}, meets {}: the first in the order of 6.2/6.3 (the blacks from the top, changing the rows from the bottom) that lets the group and the round be paired; the record {}",
            who(ctx, me),
            name(mine),
            record.with(me)
        ),
    ))
}

fn list_pairs(ctx: &Context, pairs: &[(usize, usize)]) -> String {
    pairs.iter().map(|&(a, b)| format!("{}–{}", ctx.p(a).id, ctx.p(b).id)).collect::<Vec<_>>().join(", ")
}

/// Same pairs: chapter 3 for a board with the colours the other way round.
fn colours(
    ctx: &Context,
    record: &Record,
    computed: &RoundPairing,
    recorded: &RoundPairing,
    index: &BTreeMap<PlayerId, usize>,
) -> Explanation {
    for board in &computed.boards {
        let Some(black) = board.black else { continue };
        if recorded.boards.contains(board) {
            continue;
        }
        let (Some(&w), Some(&b)) = (index.get(&board.white), index.get(&black)) else { continue };
        if record.partner(w) != Some(Some(b)) {
            continue;
        }
        let (white, _, rule) = ctx.allocate(w, b);
        let detail = |i: usize| {
            let p = ctx.p(i);
            let due = p.due.map_or("no due colour".to_owned(), |c| format!("due {}", c.name()));
            format!("{} ({due}, {} white/{} black, ARO {}, R {})", p.id, p.whites, p.blacks, p.aro, p.rating)
        };
        debug_assert_eq!(white, w);
        return finding(
            rule.article(),
            format!(
                "same pairs, different colours on {}: {} gets white against {} because {}; the record has them the other way round",
                record.board(w),
                detail(w),
                detail(b),
                rule.describe()
            ),
        );
    }
    finding("3", "the record differs from the pairing of the rules".to_owned())
}
