//! Why a recorded pairing differs from the one the rules give.
//!
//! The recorded pairing is judged by the same criteria the engine optimises, in the same order:
//! first the absolute criteria (C1–C3: a repeated game, a prohibited pair, two players with the
//! same absolute colour preference, a second bye), then the bye (C5, C9), then bracket by bracket
//! from the top: at the first bracket where the two pairings part, the criteria rows of both are
//! summed and the first criterion on which the recorded one is worse is named, with its boards. A
//! recorded pairing that ties on every criterion loses on the order of generation (art. 4). When
//! only colours differ, the article of the colour allocation rules that decides is named.
//!
//! A recorded pairing that is *better* than the computed one on a criterion cannot happen when the
//! engine is right; such a finding is flagged so that tests catch it.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::matching::{Matcher, Wide};
use crate::model::{Colour, PlayerId, Points};
use crate::state::RoundState;
use crate::systems::Explanation;
use crate::systems::pairing::RoundPairing;

use super::criteria::{Collect, Frame, Pack, Value, sum_rows};
use super::player::{DutchPlayer, Float};
use super::rules2017;
use super::weights::{self, ByeContext, Layout, Reach};
use super::{Rules, dutch_players};

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation { criterion: criterion.to_owned(), text, recorded_is_better: false }
}

struct Context<'a> {
    state: &'a RoundState,
    rules: Rules,
    players: Vec<DutchPlayer>,
    index: BTreeMap<PlayerId, usize>,
}

impl Context<'_> {
    fn player(&self, id: PlayerId) -> Option<&DutchPlayer> {
        self.index.get(&id).map(|&i| &self.players[i])
    }

    fn met(&self, a: PlayerId, b: PlayerId) -> bool {
        let contender = |id| self.state.players.iter().find(|c| c.id == id);
        match (contender(a), contender(b)) {
            (Some(x), Some(y)) => self.state.have_met(x, y),
            _ => false,
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.players[a], &self.players[b]);
        weights::compatible(self.state, x, y, self.met(x.id, y.id))
    }

    /// Partner of each player (by position), `None` for the bye.
    fn partners(&self, pairing: &RoundPairing) -> BTreeMap<usize, Option<usize>> {
        let mut partners = BTreeMap::new();
        for board in &pairing.boards {
            let (Some(&w), black) =
                (self.index.get(&board.white), board.black.and_then(|b| self.index.get(&b).copied()))
            else {
                continue;
            };
            partners.insert(w, black);
            if let Some(b) = black {
                partners.insert(b, Some(w));
            }
        }
        partners
    }

    fn board_number(pairing: &RoundPairing, player: PlayerId) -> usize {
        pairing.boards.iter().position(|b| b.has(player)).map_or(0, |i| i + 1)
    }

    fn boards(pairing: &RoundPairing, players: impl IntoIterator<Item = PlayerId>) -> String {
        let boards: BTreeSet<usize> = players.into_iter().map(|p| Self::board_number(pairing, p)).collect();
        let list: Vec<String> = boards.iter().map(usize::to_string).collect();
        match list.len() {
            0 => String::new(),
            1 => format!("board {}", list[0]),
            _ => format!("boards {}", list.join(", ")),
        }
    }
}

/// Explains why `recorded` differs from `computed` (the engine's pairing of the same state).
pub fn explain(state: &RoundState, rules: Rules, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let players = dutch_players(state, rules);
    let index = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let cx = Context { state, rules, players, index };
    if let Some(found) = absolute(&cx, recorded) {
        return found;
    }
    if let Some(found) = bye(&cx, computed, recorded) {
        return found;
    }
    let computed_partners = cx.partners(computed);
    let recorded_partners = cx.partners(recorded);
    if computed_partners == recorded_partners {
        return colours(&cx, computed, recorded);
    }
    brackets(&cx, computed, recorded, &computed_partners, &recorded_partners)
}

/// C1–C3 and the prohibited pairs, on the recorded pairing.
fn absolute(cx: &Context<'_>, recorded: &RoundPairing) -> Option<Explanation> {
    let c = |s: &str| if cx.rules == Rules::Dutch2025 { s.to_owned() } else { format!("C.{}", &s[1..]) };
    for (number, board) in recorded.boards.iter().enumerate() {
        let board_no = number + 1;
        match board.black {
            Some(black) => {
                let (Some(w), Some(b)) = (cx.player(board.white), cx.player(black)) else { continue };
                let contender = |id| cx.state.players.iter().find(|p| p.id == id);
                if let (Some(x), Some(y)) = (contender(w.id), contender(b.id)) {
                    if let Some(round) = x.past.iter().position(|r| r.played_opponent() == Some(y.id)) {
                        return Some(finding(
                            &c("C1"),
                            format!(
                                "{}: the recorded pairing repeats a game: players {} and {} already met in round {} (board {board_no})",
                                c("C1"),
                                w.id,
                                b.id,
                                round + 1
                            ),
                        ));
                    }
                    if cx.state.forbidden.contains(&(w.id.min(b.id), w.id.max(b.id))) {
                        return Some(finding(
                            "260",
                            format!(
                                "the recorded pairing pairs {} and {}, whom the tournament prohibits from meeting (record 260/XXP; board {board_no})",
                                w.id, b.id
                            ),
                        ));
                    }
                }
                let same_absolute = w.is_absolute() && b.is_absolute() && w.preference == b.preference;
                if same_absolute && !weights::compatible(cx.state, w, b, false) {
                    let colour = w.preference.map_or("", colour_word);
                    return Some(finding(
                        &c("C3"),
                        format!(
                            "{}: players {} and {} both have an absolute preference for {colour} and neither is a topscorer, so they may not meet (board {board_no})",
                            c("C3"),
                            w.id,
                            b.id
                        ),
                    ));
                }
            }
            None => {
                if let Some(p) = cx.player(board.white)
                    && !p.pab_eligible
                {
                    let why = match cx.rules {
                        Rules::Dutch2025 => {
                            "already had the pairing-allocated bye, or scored a win's points without playing"
                        }
                        Rules::Dutch2017 => "already had the pairing-allocated bye or a forfeit win",
                    };
                    return Some(finding(
                        &c("C2"),
                        format!("{}: the recorded bye goes to player {}, who {why} (board {board_no})", c("C2"), p.id),
                    ));
                }
            }
        }
    }
    None
}

fn bye_of(pairing: &RoundPairing) -> Option<PlayerId> {
    pairing.boards.iter().find(|b| b.black.is_none()).map(|b| b.white)
}

/// C5 (the score of the bye assignee) and C9 (their unplayed games), over the whole round.
fn bye(cx: &Context<'_>, computed: &RoundPairing, recorded: &RoundPairing) -> Option<Explanation> {
    let (Some(c), Some(r)) =
        (bye_of(computed).and_then(|id| cx.player(id)), bye_of(recorded).and_then(|id| cx.player(id)))
    else {
        return None;
    };
    if c.id == r.id {
        return None;
    }
    let (c5, c9) = match cx.rules {
        Rules::Dutch2025 => ("C5", Some("C9")),
        // The 2017 rules give the bye in the last bracket (C.4/C.5 there).
        Rules::Dutch2017 => ("C.5", None),
    };
    match r.score.cmp(&c.score) {
        Ordering::Greater => Some(finding(
            c5,
            format!(
                "{c5}: the recorded bye goes to player {} with {} points; the rules give it at the lowest score possible, {} (player {})",
                r.id, r.score, c.score, c.id
            ),
        )),
        Ordering::Less => Some(Explanation {
            recorded_is_better: true,
            ..finding(
                c5,
                format!(
                    "{c5}: the recorded bye goes to player {} with {} points, lower than trfcheck's {} (player {}) — this is a trfcheck bug",
                    r.id, r.score, c.score, c.id
                ),
            )
        }),
        Ordering::Equal => {
            let unplayed = |p: &DutchPlayer| cx.state.round - 1 - p.played_games;
            let c9 = c9?;
            (unplayed(r) > unplayed(c)).then(|| {
                finding(
                    c9,
                    format!(
                        "{c9}: the recorded bye goes to player {}, who has {} unplayed games; player {} (trfcheck's choice) has {}",
                        r.id,
                        unplayed(r),
                        c.id,
                        unplayed(c)
                    ),
                )
            })
        }
    }
}

fn colour_word(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// Same pairs, different colours: the colour allocation rule that decides each differing board.
fn colours(cx: &Context<'_>, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let section = if cx.rules == Rules::Dutch2025 { "5.2" } else { "E" };
    for board in &computed.boards {
        let Some(black) = board.black else { continue };
        if recorded.boards.iter().any(|b| b == board) {
            continue;
        }
        let (Some(w), Some(b)) = (cx.player(board.white), cx.player(black)) else { continue };
        let board_no = Context::board_number(recorded, board.white);
        let (rule, why) = colour_rule(cx, w, b);
        let article = match cx.rules {
            Rules::Dutch2025 => format!("5.2.{rule}"),
            Rules::Dutch2017 => format!("E.{rule}"),
        };
        return finding(
            &article,
            format!(
                "same pairs, different colours on board {board_no}: {article} gives {} white and {} black ({why}); the record has them the other way round",
                w.id, b.id
            ),
        );
    }
    finding(section, "same pairs, different colours".to_owned())
}

/// Which colour rule gives `white` white against `black`, and why.
fn colour_rule(cx: &Context<'_>, white: &DutchPlayer, black: &DutchPlayer) -> (u8, String) {
    let pref = |p: &DutchPlayer| match p.preference {
        Some(c) => {
            let strength = match p.strength {
                crate::state::PreferenceStrength::Absolute => "an absolute",
                crate::state::PreferenceStrength::Strong => "a strong",
                _ => "a mild",
            };
            format!("{} has {strength} preference for {}", p.id, colour_word(c))
        }
        None => format!("{} has no preference", p.id),
    };
    if crate::state::compatible_preferences(white.preference, black.preference)
        && (white.preference.is_some() || black.preference.is_some())
    {
        return (1, format!("both preferences can be granted: {}, {}", pref(white), pref(black)));
    }
    if white.strength != black.strength
        || (white.is_absolute() && black.is_absolute() && white.imbalance != black.imbalance)
    {
        return (2, format!("the stronger preference wins: {}, {}", pref(white), pref(black)));
    }
    let alternated = white.colours.iter().rev().zip(black.colours.iter().rev()).any(|(a, b)| a != b);
    if alternated {
        return (3, "alternating with the latest round in which they had different colours".to_owned());
    }
    if white.preference.is_some() {
        return (4, format!("the higher-ranked player's preference: {}", pref(white)));
    }
    let _ = cx;
    (5, "the initial colour and the higher-ranked player's pairing number".to_owned())
}

/// One bracket's candidate under a pairing: the pairs made inside it and the players it floats.
struct Candidate {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

fn candidate(bracket: &[usize], partners: &BTreeMap<usize, Option<usize>>) -> Candidate {
    let inside: BTreeSet<usize> = bracket.iter().copied().collect();
    let mut pairs = Vec::new();
    let mut floaters = Vec::new();
    for &p in bracket {
        match partners.get(&p).copied().flatten() {
            Some(q) if inside.contains(&q) => {
                if p < q {
                    pairs.push((p, q));
                }
            }
            _ => floaters.push(p),
        }
    }
    Candidate { pairs, floaters }
}

/// The bracket walk: find the first bracket where the pairings part and compare them there.
fn brackets(
    cx: &Context<'_>,
    computed: &RoundPairing,
    recorded: &RoundPairing,
    computed_partners: &BTreeMap<usize, Option<usize>>,
    recorded_partners: &BTreeMap<usize, Option<usize>>,
) -> Explanation {
    let n = cx.players.len();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.last_mut() {
            Some(group) if cx.players[group[0]].score == cx.players[i].score => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut mdps: Vec<usize> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        let mut bracket = mdps.clone();
        bracket.extend(residents);
        let c = candidate(&bracket, computed_partners);
        let r = candidate(&bracket, recorded_partners);
        if c.pairs == r.pairs && c.floaters == r.floaters {
            mdps = c.floaters;
            continue;
        }
        let next: Vec<usize> = groups.get(g + 1).cloned().unwrap_or_default();
        let shape = Shape { mdp_count: mdps.len(), last: g + 1 == groups.len(), next_is_last: g + 2 == groups.len() };
        return compare_bracket(cx, computed, recorded, &bracket, &shape, &next, &c, &r);
    }
    finding("art. 4", "the pairings differ only in ways the criteria do not weigh".to_owned())
}

/// Where a bracket stands in the round.
struct Shape {
    mdp_count: usize,
    /// No scoregroup follows.
    last: bool,
    /// Only one scoregroup follows.
    next_is_last: bool,
}

/// Rows of the pairs of a candidate, and the best next bracket its floaters allow.
#[allow(clippy::too_many_arguments)]
fn compare_bracket(
    cx: &Context<'_>,
    computed: &RoundPairing,
    recorded: &RoundPairing,
    bracket: &[usize],
    shape: &Shape,
    next: &[usize],
    c: &Candidate,
    r: &Candidate,
) -> Explanation {
    let mdp_count = shape.mdp_count;
    let score = cx.players[bracket[mdp_count.min(bracket.len() - 1)]].score;
    let (names, c_row, r_row) = match cx.rules {
        Rules::Dutch2025 => {
            let layout = Layout::new(&cx.players, cx.state.round);
            let names = weights::field_names(layout.float_rounds);
            let row = |cand: &Candidate| rows_2025(cx, &layout, cand, next);
            (names, row(c), row(r))
        }
        Rules::Dutch2017 => {
            let mut list: Vec<usize> = bracket.to_vec();
            list.extend(next);
            let end = bracket.len();
            let layout = rules2017::layout_for(
                &cx.players,
                &list,
                mdp_count,
                end,
                shape.last,
                shape.next_is_last,
                cx.state.round,
            );
            let names: Vec<&str> = layout.fields().into_iter().map(|(name, _)| name).collect();
            let row = |cand: &Candidate| rows_2017(cx, &layout, &list, end, cand);
            (names, row(c), row(r))
        }
    };
    // The completion field is judged by the whole round, not here.
    let skip = |name: &str| name == "C4" || name == "C.4" || name == "C9";
    for (i, name) in names.iter().enumerate() {
        if skip(name) {
            continue;
        }
        match c_row[i].compare(&r_row[i]) {
            Ordering::Equal => continue,
            Ordering::Greater => {
                return finding(
                    name,
                    describe(cx, name, score, recorded, computed, bracket, mdp_count, c, r, &c_row[i], &r_row[i]),
                );
            }
            Ordering::Less => {
                return Explanation {
                    recorded_is_better: true,
                    ..finding(
                        name,
                        format!(
                            "in the {score}-point bracket the recorded pairing does better than trfcheck's on {name} — this is a trfcheck bug"
                        ),
                    )
                };
            }
        }
    }
    finding("art. 4", generation_order(cx, score, recorded, bracket, mdp_count, c, r))
}

fn rows_2025(cx: &Context<'_>, layout: &Layout, cand: &Candidate, next: &[usize]) -> Vec<Value> {
    let bye = ByeContext::default();
    let mut rows: Vec<Vec<Value>> = Vec::new();
    for &(h, l) in &cand.pairs {
        let mut collect = Collect::default();
        weights::pair_row(&mut collect, &bye, &cx.players[h], &cx.players[l], Reach::Bracket, layout.float_rounds);
        rows.push(collect.0);
    }
    // C8: the best pairing of the next bracket the floaters allow.
    let mut pool: Vec<usize> = cand.floaters.clone();
    pool.extend(next);
    pool.sort_unstable();
    for (h, l) in best_next_pairs(
        cx,
        &pool,
        |h, l, row| {
            weights::pair_row(row, &bye, &cx.players[h], &cx.players[l], Reach::NextBracket, layout.float_rounds)
        },
        &layout.frame,
    ) {
        let mut collect = Collect::default();
        weights::pair_row(&mut collect, &bye, &cx.players[h], &cx.players[l], Reach::NextBracket, layout.float_rounds);
        rows.push(collect.0);
    }
    let mut template = Collect::default();
    weights::pair_row(&mut template, &bye, &cx.players[0], &cx.players[0], Reach::Beyond, layout.float_rounds);
    sum_rows(&template.0, rows.iter())
}

fn rows_2017(
    cx: &Context<'_>,
    layout: &rules2017::Layout2017,
    list: &[usize],
    end: usize,
    cand: &Candidate,
) -> Vec<Value> {
    let position: BTreeMap<usize, usize> = list.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let row_of = |h: usize, l: usize| {
        let mut collect = Collect::default();
        rules2017::pair_row(
            &mut collect,
            layout,
            &cx.players[h],
            &cx.players[l],
            position[&h] < end,
            position[&l] < end,
        );
        collect.0
    };
    let mut rows: Vec<Vec<Value>> = cand.pairs.iter().map(|&(h, l)| row_of(h, l)).collect();
    let frame = Frame::new(layout.fields().into_iter().map(|(_, w)| w).collect(), 0);
    let mut pool: Vec<usize> = cand.floaters.clone();
    pool.extend(&list[end..]);
    pool.sort_unstable();
    let in_bracket = |p: usize| position[&p] < end;
    for (h, l) in best_next_pairs(
        cx,
        &pool,
        |h, l, row| rules2017::pair_row(row, layout, &cx.players[h], &cx.players[l], in_bracket(h), in_bracket(l)),
        &frame,
    ) {
        rows.push(row_of(h, l));
    }
    let template = row_of(list[0], list[0]);
    sum_rows(&template, rows.iter())
}

/// The pairs an optimal matching of `pool` (players by position, ascending) makes under the given
/// row function: the best continuation of a bracket's floaters.
fn best_next_pairs(
    cx: &Context<'_>,
    pool: &[usize],
    row: impl Fn(usize, usize, &mut Pack<'_, Wide<32>>),
    frame: &Frame,
) -> Vec<(usize, usize)> {
    if pool.len() < 2 || frame.total_bits + 2 > 2048 {
        return Vec::new();
    }
    let mut matcher = Matcher::<Wide<32>>::new(pool.len());
    for (j, &l) in pool.iter().enumerate() {
        for (i, &h) in pool[..j].iter().enumerate() {
            if cx.compatible(h, l) {
                let mut pack = Pack::new(frame);
                row(h, l, &mut pack);
                let w = pack.finish();
                matcher.set_weight(i, j, w);
            }
        }
    }
    matcher.solve();
    (0..pool.len()).filter_map(|i| matcher.mate(i).filter(|&j| i < j).map(|j| (pool[i], pool[j]))).collect()
}

/// A sentence for the first criterion on which the recorded pairing loses.
#[allow(clippy::too_many_arguments)]
fn describe(
    cx: &Context<'_>,
    name: &str,
    score: Points,
    recorded: &RoundPairing,
    computed: &RoundPairing,
    bracket: &[usize],
    mdp_count: usize,
    c: &Candidate,
    r: &Candidate,
    c_value: &Value,
    r_value: &Value,
) -> String {
    let id = |i: usize| cx.players[i].id;
    let ids = |list: &[usize]| list.iter().map(|&i| id(i).to_string()).collect::<Vec<_>>().join(", ");
    let bracket_text = format!("the {score}-point bracket");
    let count = |v: &Value| match v {
        Value::Count(n) => *n,
        Value::Counters(m) => m.values().sum(),
    };
    let resident = |i: usize| !bracket[..mdp_count].contains(&i);
    let colour_failures = |cand: &Candidate, which: usize| -> Vec<(usize, usize)> {
        cand.pairs
            .iter()
            .copied()
            .filter(|&(h, l)| !weights::colour_fields(&cx.players[h], &cx.players[l])[which])
            .collect()
    };
    let pair_boards =
        |pairing: &RoundPairing, pairs: &[(usize, usize)]| Context::boards(pairing, pairs.iter().map(|&(h, _)| id(h)));
    let float_history = |back: usize, direction: Float, list: &[usize]| -> Vec<usize> {
        list.iter().copied().filter(|&i| cx.players[i].floats[back] == direction).collect()
    };
    let rule = |text: &str| format!("{name} ({text})");
    let (v2025, v2017) = (cx.rules == Rules::Dutch2025, cx.rules == Rules::Dutch2017);
    match name {
        "C6" | "C.5" => format!(
            "{}: in {bracket_text} the recorded pairing makes {} pair{}, the rules require {} — it floats down {} (player{} {}) where {} float{} down",
            rule("maximise the number of pairs"),
            r.pairs.len(),
            plural(r.pairs.len()),
            c.pairs.len(),
            r.floaters.len(),
            plural(r.floaters.len()),
            ids(&r.floaters),
            c.floaters.len(),
            if c.floaters.len() == 1 { "s" } else { "" }
        ),
        "C7" => {
            let scores =
                |list: &[usize]| list.iter().map(|&i| cx.players[i].score.to_string()).collect::<Vec<_>>().join(", ");
            format!(
                "{}: in {bracket_text} the recorded downfloaters are players {} (scores {}), the rules float players {} (scores {})",
                rule("minimise the scores of the downfloaters"),
                ids(&r.floaters),
                scores(&r.floaters),
                ids(&c.floaters),
                scores(&c.floaters)
            )
        }
        "C.6" => format!(
            "{}: in {bracket_text} the recorded pairing (pairs and downfloaters {}) has a larger pairing score difference than the rules' choice (downfloaters {})",
            rule("minimise the PSD"),
            ids(&r.floaters),
            ids(&c.floaters)
        ),
        "C8" | "C.7" => format!(
            "{}: the recorded downfloaters of {bracket_text} (players {}) allow a worse pairing of the next bracket than the rules' choice (players {})",
            rule("choose the downfloaters so that the next bracket pairs best"),
            ids(&r.floaters),
            ids(&c.floaters)
        ),
        "C10" | "C11" | "C12" | "C13" | "C.8" | "C.9" | "C.10" | "C.11" => {
            let which = match name {
                "C10" | "C.8" => 0,
                "C11" | "C.9" => 1,
                "C12" | "C.10" => 2,
                _ => 3,
            };
            // (one, several): the players the criterion counts.
            let (one, many) = [
                (
                    "topscorer or topscorer's opponent who gets a colour difference beyond ±2",
                    "topscorers or topscorers' opponents who get a colour difference beyond ±2",
                ),
                (
                    "topscorer or topscorer's opponent who gets the same colour three times in a row",
                    "topscorers or topscorers' opponents who get the same colour three times in a row",
                ),
                ("player who does not get their colour preference", "players who do not get their colour preference"),
                (
                    "player who does not get their strong colour preference",
                    "players who do not get their strong colour preference",
                ),
            ][which];
            let r_fail = colour_failures(r, which);
            let c_fail = colour_failures(c, which);
            format!(
                "{}: in {bracket_text} the recorded pairing leaves {} {}, the rules allow {} — {}",
                rule(&format!("minimise the number of {many}")),
                r_fail.len(),
                if r_fail.len() == 1 { one } else { many },
                c_fail.len(),
                pair_boards(recorded, &r_fail)
            )
        }
        "C14" | "C16" | "C.12" | "C.14" => {
            let back = usize::from(name == "C16" || name == "C.14");
            let when = ["the previous round", "two rounds before"][back];
            let r_list = float_history(
                back,
                Float::Down,
                &r.floaters.iter().copied().filter(|&i| resident(i)).collect::<Vec<_>>(),
            );
            let c_list = float_history(
                back,
                Float::Down,
                &c.floaters.iter().copied().filter(|&i| resident(i)).collect::<Vec<_>>(),
            );
            format!(
                "{}: in {bracket_text} the recorded pairing floats down {} resident{} who received a downfloat {when} (players {}), the rules {}",
                rule("minimise repeated downfloats"),
                r_list.len(),
                plural(r_list.len()),
                ids(&r_list),
                c_list.len()
            )
        }
        "C15" | "C17" | "C.13" | "C.15" => {
            let back = usize::from(name == "C17" || name == "C.15");
            let when = ["the previous round", "two rounds before"][back];
            let upfloaters = |cand: &Candidate| -> Vec<usize> {
                cand.pairs
                    .iter()
                    .filter(|&&(h, l)| !resident(h) && cx.players[l].floats[back] == Float::Up)
                    .map(|&(_, l)| l)
                    .collect()
            };
            let (r_list, c_list) = (upfloaters(r), upfloaters(c));
            format!(
                "{}: in {bracket_text} the recorded pairing gives an upfloat again to {} MDP opponent{} who received one {when} (players {}), the rules to {}",
                rule("minimise repeated upfloats"),
                r_list.len(),
                plural(r_list.len()),
                ids(&r_list),
                c_list.len()
            )
        }
        _ => {
            let _ = (v2025, v2017, computed);
            format!(
                "{name}: in {bracket_text} the recorded pairing does worse on the scores of repeated floaters ({} against {})",
                count(r_value),
                count(c_value)
            )
        }
    }
}

/// The two candidates tie on every criterion: the rules take the one generated first.
fn generation_order(
    cx: &Context<'_>,
    score: Points,
    recorded: &RoundPairing,
    bracket: &[usize],
    mdp_count: usize,
    c: &Candidate,
    r: &Candidate,
) -> String {
    let id = |i: usize| cx.players[i].id;
    let mdps: BTreeSet<usize> = bracket[..mdp_count].iter().copied().collect();
    let paired_mdps = |cand: &Candidate| -> BTreeSet<usize> {
        cand.pairs.iter().flat_map(|&(h, l)| [h, l]).filter(|p| mdps.contains(p)).collect()
    };
    let (article, what) = if paired_mdps(c) != paired_mdps(r) {
        ("4.4", "which moved-down players are paired (the set with the smallest BSNs comes first)")
    } else if c.pairs.iter().filter(|(h, _)| mdps.contains(h)).ne(r.pairs.iter().filter(|(h, _)| mdps.contains(h))) {
        ("4.2", "the opponents of the moved-down players (the earlier transposition of S2 comes first)")
    } else if c.floaters != r.floaters {
        ("4.3", "which residents are exchanged between S1 and S2 (the smaller exchange comes first)")
    } else {
        ("4.2", "the order of S2 (the earlier transposition comes first)")
    };
    let first_difference = c
        .pairs
        .iter()
        .find(|pair| !r.pairs.contains(pair))
        .map(|&(h, l)| {
            let board = Context::board_number(recorded, id(h));
            let opponent = recorded
                .board_of(id(h))
                .map(|b| if b.white == id(h) { b.black } else { Some(b.white) })
                .map_or("nobody".to_owned(), |o| o.map_or("the bye".to_owned(), |o| o.to_string()));
            format!(
                "; the rules pair {} with {}, the record pairs {} with {opponent} (board {board})",
                id(h),
                id(l),
                id(h)
            )
        })
        .unwrap_or_default();
    let article = if cx.rules == Rules::Dutch2025 { format!("art. {article}") } else { "section D".to_owned() };
    format!(
        "{article}: in the {score}-point bracket the recorded pairing ties with the rules' choice on every criterion and loses on the order of generation: {what}{first_difference}"
    )
}

/// The plural ending of a noun counted `n` times.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
