//! Why a recorded pairing differs from the one the Lim text gives.
//!
//! First the rules no pairing may break are checked on the record (C.04.1 arts. 2 and 4, and
//! 2.1 with 5.1.1–5.1.2 of the text). Then the procedure is run again and its decisions are
//! followed in the order it took them (the PAB, each transfer, each floater's opponent, each
//! scoregroup's pairs, each pairing cracked for the median); at the first decision the record
//! does not share, the article that made it is named, with the players and the record's boards.
//! A scoregroup whose players the record pairs among themselves, all compatibly, is told apart
//! by the second scrutiny: fewer proper pairs (5.2) or as many, reached later in the exchange
//! order of 4.1–4.3. When every pair agrees, the colour article that decides a differing board
//! is named.

use std::collections::BTreeMap;

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;
use crate::systems::common::absolute;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::{RoundPairing, partner_in};

use super::procedure::{Direction, Step, exchange_places, exchange_within_100};
use super::rules::{ColourRule, Context};

/// A record that does better than the engine at the decision named: a trfcheck bug.
fn bug(criterion: &str, text: String) -> Explanation {
    Explanation::engine_bug("Lim", criterion, text)
}

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation::under("Lim", criterion, text)
}

type Record<'a> = crate::systems::common::record::Seats<'a>;

/// A player with their rating, for the 100-point rules of a Maxi-tournament.
fn rated(ctx: &Context, i: usize) -> String {
    let p = ctx.p(i);
    format!("{} (rated {})", p.id, p.rating)
}

fn who(ctx: &Context, i: usize) -> String {
    let p = ctx.p(i);
    format!("{} (score {})", p.id, p.score)
}

/// Why the procedure transfers a player under `article`, after "they".
fn transfer_reason(article: &str) -> &'static str {
    match article {
        "2.3.1" => "have already played every other player of the group",
        "2.3.2" => "have two more of one colour, and no compatible opponent in the group can give them the other",
        "2.3.3" => {
            "had the same colour in the previous two rounds, and no compatible opponent in the group can give them \
             the other"
        }
        "2.1" => "have no compatible opponent in the group",
        "2.3.4" => "make the odd group even",
        "3.5" => "came into the group as a floater and have no compatible opponent left in it, so float further",
        "4.4" => {
            "cannot be given a compatible opponent in the scrutiny (4.1–4.3) while every player before them keeps one"
        }
        "4.4.1" => {
            "cannot be given a compatible opponent in the scrutiny (4.1–4.3) while every player before them keeps \
             one, and float in place of the player floated to make the group even, who comes back"
        }
        "4.4.2" => "are the lowest numbered player remaining, floated with the player of 4.4 to keep the group even",
        "2.6" => "had their pairing cracked for the median scoregroup",
        _ => "are transferred",
    }
}

fn colour_reason(ctx: &Context, rule: ColourRule, white: usize, black: usize) -> String {
    let (w, b) = (ctx.p(white).id, ctx.p(black).id);
    match rule {
        ColourRule::Mandatory => {
            let forced = if ctx.p(white).mandatory == Some(Colour::White) { white } else { black };
            format!(
                "{} had the same colour in the previous two rounds or has two more of one colour, and must have the \
                 other (5.1.1, 5.1.2), so {w} has White against {b}",
                ctx.p(forced).id
            )
        }
        ColourRule::Due => format!("each player has their due colour: {w} White, {b} Black"),
        ColourRule::History => format!(
            "both are due the same colour; going back through their colours, the first round in which they differ \
             gives it to {w}, who has White against {b}"
        ),
        ColourRule::Rank => format!(
            "both are due the same colour with identical histories: in the median scoregroup or above the higher \
             ranked player has it, below it the lower ranked; {w} has White against {b}"
        ),
        ColourRule::Lot => format!(
            "the colour drawn for #1 ({}) goes to the odd-numbered players of the upper half, the other to the \
             even-numbered: {w} has White against {b}",
            ctx.state.initial_colour
        ),
    }
}

/// Explains how `recorded` departs from `computed`, the engine's pairing of `state`.
pub fn explain(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let ctx = Context::new(state);
    let index: BTreeMap<PlayerId, usize> = ctx.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let articles = absolute::Articles {
        keys: absolute::KEYS,
        c1: "C.04.1 art. 2 and Lim 2.1 (compatible players have not played each other)",
        c2: "C.04.1 art. 4 (no second pairing-allocated bye)",
        c2_barred: "already had the pairing-allocated bye or scored a win's points without playing",
        c3: "Lim 2.1, 5.1.1 and 5.1.2 (no colour three times in a row, nor three more of one colour)",
        absolute_preference: "5.1.1, 5.1.2 and 5.3",
    };
    let same = |a: usize, b: usize| match (ctx.p(a).mandatory, ctx.p(b).mandatory) {
        (Some(x), Some(y)) if x == y && !ctx.last_round_exception(a, b) => Some(x),
        _ => None,
    };
    let eligible = |i: usize| ctx.p(i).pab_eligible;
    let compatible = |a: usize, b: usize| ctx.compatible(a, b);
    let judge = absolute::Judge {
        state,
        index: &index,
        pab_eligible: &eligible,
        compatible: &compatible,
        same_absolute: &same,
    };
    if let Some(found) = absolute::first_broken(&judge, &articles, recorded) {
        return found;
    }
    let record = Record::new(recorded, ctx.players.iter().map(|p| p.id).collect(), "the pairing-allocated bye");
    let Ok(outcome) = super::trace(state) else {
        return finding("2.4", "the record differs from the pairing of the Lim procedure".to_owned());
    };
    for step in &outcome.steps {
        if let Some(found) = departs(&ctx, &record, step) {
            return found;
        }
    }
    // Every pair agrees: the colours.
    for &(white, black, rule) in &outcome.boards {
        if record.pairs(white, black) {
            let (w, b) = (ctx.p(white).id, ctx.p(black).id);
            let swapped = record.has_board(b, w);
            if swapped {
                let article = rule.article(state.round);
                return finding(
                    article,
                    format!(
                        "{}; the record gives {b} White ({})",
                        colour_reason(&ctx, rule, white, black),
                        record.board(white)
                    ),
                );
            }
        }
    }
    let _ = computed;
    finding("2.4", "the record differs from the pairing of the Lim procedure".to_owned())
}

/// The finding at `step`, when the record does not take that decision.
fn departs(ctx: &Context, record: &Record, step: &Step) -> Option<Explanation> {
    let round_one = ctx.state.round == 1;
    match *step {
        Step::Bye { player } => {
            if record.partner(player) == Some(None) {
                return None;
            }
            let holder = record.bye_holder();
            let instead = match holder {
                Some(q) => format!("the record gives it to {}", who(ctx, q)),
                None => "the record gives it to nobody".to_owned(),
            };
            let (article, rule) = if round_one {
                ("7.1", "the lowest rated player in the Pairing List, its last player")
            } else {
                ("1.1", "the lowest ranked player of the lowest scoregroup who may have it (C.04.1 art. 4)")
            };
            Some(finding(
                article,
                format!(
                    "the pairing-allocated bye goes to {}, {rule}; {instead}, and {}",
                    who(ctx, player),
                    record.with(player)
                ),
            ))
        }
        Step::Float { player, group, article, ref why } => {
            let Some(Some(q)) = record.partner(player) else { return None };
            if ctx.p(q).score != group {
                return None;
            }
            Some(finding(
                article,
                format!(
                    "{} is transferred out of scoregroup {group} because they {}{}; the record {}, of that scoregroup",
                    who(ctx, player),
                    transfer_reason(article),
                    if why.is_empty() { String::new() } else { format!(" ({why})") },
                    record.with(player)
                ),
            ))
        }
        Step::FloaterPair { floater, opponent, group, due_alternate } => {
            if record.pairs(floater, opponent) {
                return None;
            }
            let numbered = if group >= ctx.median { "highest" } else { "lowest" };
            let which = match (due_alternate, ctx.maxi) {
                (true, _) => "due the other colour",
                (false, false) => "compatible (nobody available is due the other colour)",
                (false, true) => {
                    "compatible (nobody available who is due the other colour is within 100 points of them, as a \
                     Maxi-tournament requires)"
                }
            };
            Some(finding(
                "3.8",
                format!(
                    "{} came into scoregroup {group} as a floater and is paired first (3.6, 3.7) with the {numbered} \
                     numbered available player {which}: {}; the record {}",
                    who(ctx, floater),
                    who(ctx, opponent),
                    record.with(floater)
                ),
            ))
        }
        Step::Pairs { group, direction, ref pairs, ref first } => {
            group_pairs(ctx, record, group, direction, pairs, first)
        }
        Step::Crack { pair: (a, b), group, article } => {
            if !record.pairs(a, b) {
                return None;
            }
            Some(finding(
                article,
                format!(
                    "the median scoregroup cannot be paired as it stands, so the pairing {}–{} of scoregroup {group} \
                     is cracked and both players join it; the record keeps that pairing ({})",
                    ctx.p(a).id,
                    ctx.p(b).id,
                    record.board(a)
                ),
            ))
        }
    }
}

/// 2.4, 5.2 and 4.1–4.3: a scoregroup's pairs after its floaters, as the record departs from them.
fn group_pairs(
    ctx: &Context,
    record: &Record,
    group: crate::model::Points,
    direction: Direction,
    pairs: &[(usize, usize)],
    first: &[(usize, usize)],
) -> Option<Explanation> {
    let &(a, b) = pairs.iter().find(|&&(a, b)| !record.pairs(a, b))?;
    let players: Vec<usize> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
    let inside = players
        .iter()
        .all(|&p| matches!(record.partner(p), Some(Some(q)) if players.contains(&q) && ctx.compatible(p, q)));
    let listed = pairs.iter().map(|&(x, y)| format!("{}–{}", ctx.p(x).id, ctx.p(y).id)).collect::<Vec<_>>().join(", ");
    if !inside {
        return Some(finding(
            "2.4",
            format!(
                "the players of scoregroup {group} left after its floaters are all paired inside it by the \
                     scrutinies of 4.1–4.3 and 5.2 ({listed}): {} meets {}; the record {}",
                who(ctx, a),
                who(ctx, b),
                record.with(a)
            ),
        ));
    }
    // Inside: every player of the group is paired by the record with another of them.
    let record_pairs: Vec<(usize, usize)> = players
        .iter()
        .filter_map(|&p| match record.partner(p) {
            Some(Some(q)) if p < q => Some((p, q)),
            _ => None,
        })
        .collect();
    // 5.7 (Maxi-tournaments): the record exchanges opponents whose ratings differ by more than
    // 100 points.
    if ctx.maxi
        && let Some(&(x, y)) = record_pairs.iter().find(|&&(x, y)| !exchange_within_100(ctx, first, x, y))
    {
        // The player whose exchange is too wide: `x` when `y` is too far from `x`'s first opponent.
        let (p, q) = match partner_in(first, x) {
            Some(o) if !ctx.within_100(y, o) => (x, y),
            _ => (y, x),
        };
        let before = partner_in(first, p).unwrap_or(q);
        return Some(finding(
            "5.7",
            format!(
                "in a Maxi-tournament opponents are exchanged only if their ratings differ by 100 points or less \
                 (5.7), and the scrutinies of scoregroup {group} give {listed}; the record pairs {} with {}, which \
                 exchanges {}'s opponent of the first scrutiny, {}, for {}: {} points apart",
                ctx.p(x).id,
                ctx.p(y).id,
                ctx.p(p).id,
                rated(ctx, before),
                rated(ctx, q),
                ctx.p(before).rating.abs_diff(ctx.p(q).rating)
            ),
        ));
    }
    let proper = |&&(x, y): &&(usize, usize)| ctx.proper(x, y);
    let computed_proper = pairs.iter().filter(proper).count();
    let recorded_proper = record_pairs.iter().filter(proper).count();
    if recorded_proper > computed_proper {
        return Some(bug(
            "5.2",
            format!(
                "the record's pairs of scoregroup {group} give both players their due colour in \
                     {recorded_proper} pairs, the second scrutiny in {computed_proper} ({listed})"
            ),
        ));
    }
    if recorded_proper < computed_proper {
        return Some(finding(
            "5.2",
            format!(
                "the second scrutiny gives both players their due colour in {computed_proper} of the {} \
                     pairs of scoregroup {group} ({listed}); the record's pairs of the same players do so in \
                     {recorded_proper}: it {}",
                pairs.len(),
                record.with(a)
            ),
        ));
    }
    let from = if direction == Direction::Down { "highest" } else { "lowest" };
    let places = |v: &[(usize, usize, usize)]| v.iter().map(|&(_, _, place)| place).collect::<Vec<_>>();
    let ours = exchange_places(&players, pairs, direction).unwrap_or_default();
    let theirs = exchange_places(&players, &record_pairs, direction).unwrap_or_default();
    if !theirs.is_empty() && places(&theirs) < places(&ours) {
        return Some(bug(
            "4.1",
            format!(
                "the record pairs the players of scoregroup {group} compatibly, with as many proper pairs \
                     ({recorded_proper}), and earlier in the exchange order of 4.1–4.3 than the rules' pairing \
                     ({listed})"
            ),
        ));
    }
    // The first leader at which the two configurations part.
    let parting = ours.iter().zip(&theirs).find(|(a, b)| a != b);
    let at = match parting {
        Some((&(leader, opponent, place), &(_, theirs_opponent, theirs_place))) => format!(
            ": {} takes its candidate {} ({}) in the rules' pairing, its candidate {} ({}) in the record",
            who(ctx, leader),
            place + 1,
            ctx.p(opponent).id,
            theirs_place + 1,
            ctx.p(theirs_opponent).id
        ),
        None => String::new(),
    };
    Some(finding(
        "4.1",
        format!(
            "the record pairs the players of scoregroup {group} compatibly and with as many proper pairs \
                 ({recorded_proper}), but the exchanges of 4.1–4.3, from the {from} numbered player, reach \
                 {listed} first{at}"
        ),
    ))
}
