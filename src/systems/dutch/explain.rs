//! Why a recorded pairing differs from the one the rules give.
//!
//! The recorded pairing is judged by the same criteria the engine optimises, in the same order:
//! first the absolute criteria (C1–C3: a repeated game, a prohibited pair, two players with the
//! same absolute colour preference, a second bye), then (2025) the PAB's score (C5), then bracket
//! by bracket from the top, in the engine's own brackets (its MDPs, and the 2017 PPB and CLB of
//! A.9; [`super::progress::BracketTrace`], [`super::rules2017::BracketTrace`]). At the first bracket
//! where the two pairings part, each candidate is scored with the engine's edge weights — its own
//! pairs and the best pairing it leaves for the players after it — and the first criterion on
//! which the recorded one is worse is named, with its boards. A recorded pairing that ties on
//! every criterion loses on the order of generation (art. 4). When only colours differ, the
//! article of the colour allocation rules that decides is named.
//!
//! A recorded pairing that is *better* than the computed one on a criterion cannot happen when the
//! engine is right; such a finding is flagged so that tests catch it.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::matching::{Matcher, Weight, Wide};
use crate::model::PlayerId;
use crate::state::RoundState;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::player::{DutchPlayer, Float};
use super::rules2017;
use super::weights::{self, ByeContext, Layout, Reach};
use super::{Rules, Trace, dutch_players};
use crate::systems::common::absolute;
use crate::systems::common::fields::{Collect, Frame, Pack, Row, Value, sum_rows};

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
    // The engine again, keeping its brackets: the record is judged in the same brackets.
    let engine = match super::engine_partners(state, &cx.players, rules, true, super::Route::Fastest, None) {
        Ok(engine) if engine.0.iter().copied().enumerate().collect::<BTreeMap<_, _>>() == computed_partners => engine,
        _ => {
            tracing::warn!(round = state.round, "the engine's brackets do not give its pairing again");
            return finding("art. 4", "the recorded pairing differs from the rules' pairing".to_owned());
        }
    };
    brackets(&cx, recorded, &recorded_partners, &engine)
}

/// C1–C3 and the prohibited pairs, on the recorded pairing, in the shared form of the absolute
/// findings.
fn absolute(cx: &Context<'_>, recorded: &RoundPairing) -> Option<Explanation> {
    let articles = match cx.rules {
        Rules::Dutch2025 => absolute::Articles {
            keys: absolute::KEYS,
            c1: "C1 (two players shall not play against each other more than once)",
            c2: "C2 (no second pairing-allocated bye)",
            c2_barred: "already had the pairing-allocated bye, or scored a win's points without playing",
            c3: "C3 (non-topscorers with the same absolute colour preference shall not meet)",
            absolute_preference: "a colour difference beyond ±1, or the same colour in the last two games",
        },
        Rules::Dutch2017 => absolute::Articles {
            keys: ["C.1", "C.2", "C.3"],
            c1: "C.1 (two players shall not play against each other more than once)",
            c2: "C.2 (no second pairing-allocated bye)",
            c2_barred: "already had the pairing-allocated bye or a forfeit win",
            c3: "C.3 (non-topscorers with the same absolute colour preference shall not meet)",
            absolute_preference: "A.6.a",
        },
    };
    let same_absolute = |a: usize, b: usize| {
        let (x, y) = (&cx.players[a], &cx.players[b]);
        (x.is_absolute() && y.is_absolute() && x.preference == y.preference).then_some(x.preference).flatten()
    };
    let judge = absolute::Judge {
        state: cx.state,
        index: &cx.index,
        pab_eligible: &|v| cx.players[v].pab_eligible,
        compatible: &|a, b| cx.compatible(a, b),
        same_absolute: &same_absolute,
    };
    absolute::first_broken(&judge, &articles, recorded)
}

fn bye_of(pairing: &RoundPairing) -> Option<PlayerId> {
    pairing.boards.iter().find(|b| b.black.is_none()).map(|b| b.white)
}

/// C5 (2025): the score of the PAB assignee, over the whole round. A legal record whose assignee
/// scores less than trfcheck's would be a trfcheck bug: C5 comes before every quality criterion
/// (3.8.1) and the engine minimises it over all complete pairings. The 2017 rules have no such
/// criterion: the PAB goes to the downfloater of the last bracket (A.9), which the bracket walk
/// judges. Whether C9 applies depends on the bracket, so the bracket walk judges it too.
fn bye(cx: &Context<'_>, computed: &RoundPairing, recorded: &RoundPairing) -> Option<Explanation> {
    if cx.rules != Rules::Dutch2025 {
        return None;
    }
    let (Some(c), Some(r)) =
        (bye_of(computed).and_then(|id| cx.player(id)), bye_of(recorded).and_then(|id| cx.player(id)))
    else {
        return None;
    };
    match r.score.cmp(&c.score) {
        Ordering::Greater => Some(finding(
            "C5",
            format!(
                "C5: the recorded bye goes to player {} with {} points; the rules give it at the lowest score possible, {} (player {})",
                r.id, r.score, c.score, c.id
            ),
        )),
        Ordering::Less => Some(Explanation {
            recorded_is_better: true,
            ..finding(
                "C5",
                format!(
                    "C5: the recorded bye goes to player {} with {} points, lower than trfcheck's {} (player {}) — this is a trfcheck bug",
                    r.id, r.score, c.score, c.id
                ),
            )
        }),
        Ordering::Equal => None,
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
            format!("{} has {strength} preference for {}", p.id, c.name())
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

/// A bracket as the engine paired it, and the weights it judged the bracket's candidates by.
struct BracketView<'a> {
    /// The bracket's players (MDPs first), then the players its downfloaters may meet.
    list: &'a [usize],
    mdps: usize,
    /// The bracket is `list[..end]`.
    end: usize,
    judge: Judge<'a>,
}

enum Judge<'a> {
    Dutch2025 { bye: &'a ByeContext, frame: &'a Frame },
    Dutch2017 { layout: &'a rules2017::Layout2017, role: rules2017::Role },
}

impl BracketView<'_> {
    fn bracket(&self) -> &[usize] {
        &self.list[..self.end]
    }

    /// How the bracket is named in a sentence.
    fn name(&self, cx: &Context<'_>) -> String {
        let bracket = self.bracket();
        let score = cx.players[bracket[self.mdps.min(bracket.len() - 1)]].score;
        // The residents (after the MDPs) carry the bracket's score; acceleration named where it adds to it.
        let residents = bracket[self.mdps.min(bracket.len())..].iter().map(|&v| cx.players[v].id);
        let accelerated = crate::systems::common::acceleration::note(cx.state, score, residents);
        match self.judge {
            Judge::Dutch2017 { role: rules2017::Role::Penultimate, .. } => {
                format!("the {score}-point bracket{accelerated} (the penultimate pairing bracket, A.9)")
            }
            Judge::Dutch2017 { role: rules2017::Role::Collapsed, .. } => "the collapsed last bracket (A.9)".to_owned(),
            _ => format!("the {score}-point bracket{accelerated}"),
        }
    }
}

/// The bracket walk: find the first bracket where the pairings part and compare them there.
///
/// The brackets are the engine's own, so the recorded candidate is judged in the bracket, with the
/// moved-down players and (2017) the PPB and CLB, that the rules give at that point: above the
/// first bracket where the two pairings part, they pair and float the same players.
fn brackets(
    cx: &Context<'_>,
    recorded: &RoundPairing,
    recorded_partners: &BTreeMap<usize, Option<usize>>,
    engine: &(Vec<Option<usize>>, Trace),
) -> Explanation {
    let (partners, trace) = engine;
    let computed_partners: BTreeMap<usize, Option<usize>> = partners.iter().copied().enumerate().collect();
    let views: Vec<BracketView<'_>> = match trace {
        Trace::Dutch2025(brackets) => brackets
            .iter()
            .map(|b| BracketView {
                list: &b.list,
                mdps: b.mdps,
                end: b.end,
                judge: Judge::Dutch2025 { bye: &b.bye, frame: &b.frame },
            })
            .collect(),
        Trace::Dutch2017(brackets) => brackets
            .iter()
            .map(|b| BracketView {
                list: &b.list,
                mdps: b.mdps,
                end: b.end,
                judge: Judge::Dutch2017 { layout: &b.layout, role: b.role },
            })
            .collect(),
    };
    for view in &views {
        let c = candidate(view.bracket(), &computed_partners);
        let r = candidate(view.bracket(), recorded_partners);
        if c.pairs == r.pairs && c.floaters == r.floaters {
            continue;
        }
        return compare_bracket(cx, recorded, view, &c, &r);
    }
    finding("art. 4", "the pairings differ only in ways the criteria do not weigh".to_owned())
}

/// Judges the two candidates of a bracket by the engine's weights, criterion by criterion.
fn compare_bracket(
    cx: &Context<'_>,
    recorded: &RoundPairing,
    view: &BracketView<'_>,
    c: &Candidate,
    r: &Candidate,
) -> Explanation {
    let bracket_text = view.name(cx);
    let names: Vec<&str> = match view.judge {
        Judge::Dutch2025 { .. } => weights::field_names(Layout::float_rounds(cx.state.round)),
        Judge::Dutch2017 { layout, .. } => layout.fields().into_iter().map(|(name, _)| name).collect(),
    };
    let (Some(c_row), Some(r_row)) = (candidate_rows(cx, view, c), candidate_rows(cx, view, r)) else {
        // Weights wider than any type the matcher has: the verdict stands, unexplained.
        return finding("art. 4", format!("the pairings part in {bracket_text}"));
    };
    let ids = |list: &[usize]| list.iter().map(|&i| cx.players[i].id).collect::<Vec<_>>();
    let pair_ids =
        |cand: &Candidate| cand.pairs.iter().map(|&(h, l)| (cx.players[h].id, cx.players[l].id)).collect::<Vec<_>>();
    tracing::debug!(
        bracket = ?ids(view.bracket()), mdps = view.mdps, below = ?ids(&view.list[view.end..]),
        computed_pairs = ?pair_ids(c), computed_floaters = ?ids(&c.floaters),
        recorded_pairs = ?pair_ids(r), recorded_floaters = ?ids(&r.floaters),
        ?names, ?c_row, ?r_row, "explaining a bracket"
    );
    let comparison =
        Comparison { cx, recorded_pairing: recorded, view, bracket_text: &bracket_text, computed: c, recorded: r };
    for (i, name) in names.iter().enumerate() {
        match c_row[i].compare(&r_row[i]) {
            Ordering::Equal => continue,
            Ordering::Greater => return finding(name, describe(&comparison, name, &c_row[i], &r_row[i])),
            Ordering::Less => {
                return Explanation {
                    recorded_is_better: true,
                    ..finding(
                        name,
                        format!(
                            "in {bracket_text} the recorded pairing does better than trfcheck's on {name} — this is a trfcheck bug"
                        ),
                    )
                };
            }
        }
    }
    finding("art. 4", generation_order(&comparison))
}

/// A candidate's value on each criterion, as the engine weighs it: its own pairs, and the best
/// pairing of the players after it that the candidate allows — with the same edges and weights as
/// the engine's matching of the bracket. Its downfloaters may not meet each other there (that
/// would be another candidate of this bracket). In 2025 the engine's matching holds the whole rest
/// of the round, so completion (C4, the PAB's score of C5) is judged with it; in 2017 a bracket's
/// matching holds the bracket and the next scoregroup, or all the players below in the PPB and
/// the CLB (A.9). `None` when the weights are too wide for the matcher.
fn candidate_rows(cx: &Context<'_>, view: &BracketView<'_>, cand: &Candidate) -> Option<Vec<Value>> {
    let n = cx.players.len();
    let mut floating = vec![false; n];
    for &p in &cand.floaters {
        floating[p] = true;
    }
    let (mut in_list, mut in_bracket) = (vec![false; n], vec![false; n]);
    for (position, &p) in view.list.iter().enumerate() {
        in_list[p] = true;
        in_bracket[p] = position < view.end;
    }
    let mut pool: Vec<usize> = cand.floaters.iter().chain(&view.list[view.end..]).copied().collect();
    let rows_of = |pairs: &[(usize, usize)], row: &dyn Fn(usize, usize, &mut dyn Row)| -> Vec<Vec<Value>> {
        pairs
            .iter()
            .map(|&(h, l)| {
                let mut collect = Collect::default();
                row(h, l, &mut collect);
                collect.0
            })
            .collect()
    };
    let allowed = |h: usize, l: usize| !(floating[h] && floating[l]) && cx.compatible(h, l);
    match view.judge {
        Judge::Dutch2025 { bye, frame } => {
            let float_rounds = Layout::float_rounds(cx.state.round);
            // Everyone below the list: the engine's edges there carry completion (C4) only.
            let below = view.list.iter().max().map_or(n, |&last| last + 1);
            pool.extend(below..n);
            pool.sort_unstable();
            let reach = |h: usize, l: usize| {
                if in_bracket[h] && in_bracket[l] {
                    Reach::Bracket
                } else if in_list[h] && in_list[l] {
                    Reach::NextBracket
                } else {
                    Reach::Beyond
                }
            };
            let row = |h: usize, l: usize, out: &mut dyn Row| {
                weights::pair_row(out, bye, &cx.players[h], &cx.players[l], reach(h, l), float_rounds);
            };
            let rest = best_pairs(&pool, allowed, &row, frame)?;
            let mut rows = rows_of(&cand.pairs, &row);
            rows.extend(rows_of(&rest, &row));
            let mut template = Collect::default();
            weights::pair_row(&mut template, bye, &cx.players[0], &cx.players[0], Reach::Beyond, float_rounds);
            Some(sum_rows(&template.0, rows.iter()))
        }
        Judge::Dutch2017 { layout, .. } => {
            pool.sort_unstable();
            let row = |h: usize, l: usize, out: &mut dyn Row| {
                rules2017::pair_row(out, layout, &cx.players[h], &cx.players[l], in_bracket[h], in_bracket[l]);
            };
            let rest = best_pairs(&pool, allowed, &row, &layout.frame())?;
            let mut rows = rows_of(&cand.pairs, &row);
            rows.extend(rows_of(&rest, &row));
            let mut template = Collect::default();
            row(view.list[0], view.list[0], &mut template);
            Some(sum_rows(&template.0, rows.iter()))
        }
    }
}

/// The pairs of a maximum-weight matching of `pool` (positions, ascending) over the `allowed`
/// edges, each weighted by `row` packed in `frame`; in the narrowest weight type that holds the
/// frame. `None` when no type does.
fn best_pairs(
    pool: &[usize],
    allowed: impl Fn(usize, usize) -> bool,
    row: &dyn Fn(usize, usize, &mut dyn Row),
    frame: &Frame,
) -> Option<Vec<(usize, usize)>> {
    fn solve<W: Weight>(
        pool: &[usize],
        allowed: impl Fn(usize, usize) -> bool,
        row: &dyn Fn(usize, usize, &mut dyn Row),
        frame: &Frame,
    ) -> Vec<(usize, usize)> {
        let mut matcher = Matcher::<W>::new(pool.len());
        for (j, &l) in pool.iter().enumerate() {
            for (i, &h) in pool[..j].iter().enumerate() {
                if allowed(h, l) {
                    let mut pack = Pack::<W>::new(frame);
                    row(h, l, &mut pack);
                    matcher.set_weight(i, j, pack.finish());
                }
            }
        }
        matcher.solve();
        (0..pool.len()).filter_map(|i| matcher.mate(i).filter(|&j| i < j).map(|j| (pool[i], pool[j]))).collect()
    }
    // The matcher's headroom above the widest weight, as the engine leaves it.
    Some(match frame.total_bits + super::progress::HEADROOM_BITS {
        0..=64 => solve::<u64>(pool, allowed, row, frame),
        65..=128 => solve::<u128>(pool, allowed, row, frame),
        129..=256 => solve::<Wide<4>>(pool, allowed, row, frame),
        257..=512 => solve::<Wide<8>>(pool, allowed, row, frame),
        513..=1024 => solve::<Wide<16>>(pool, allowed, row, frame),
        1025..=2048 => solve::<Wide<32>>(pool, allowed, row, frame),
        2049..=4096 => solve::<Wide<64>>(pool, allowed, row, frame),
        4097..=8192 => solve::<Wide<128>>(pool, allowed, row, frame),
        _ => return None,
    })
}

/// The bracket where the two pairings part, with its two candidates: what a sentence about the
/// difference names (C.04.3 art. 3, the criteria; art. 4 when they tie).
struct Comparison<'a> {
    cx: &'a Context<'a>,
    /// The recorded pairing, for its boards.
    recorded_pairing: &'a RoundPairing,
    view: &'a BracketView<'a>,
    /// How the bracket is named in a sentence ([`BracketView::name`]).
    bracket_text: &'a str,
    /// The rules' candidate.
    computed: &'a Candidate,
    /// The recorded pairing's candidate.
    recorded: &'a Candidate,
}

impl Comparison<'_> {
    fn id(&self, i: usize) -> PlayerId {
        self.cx.players[i].id
    }

    /// The players' ids, comma-separated.
    fn ids(&self, list: &[usize]) -> String {
        list.iter().map(|&i| self.id(i).to_string()).collect::<Vec<_>>().join(", ")
    }

    /// Whether the player is a resident of the bracket, not an MDP.
    fn resident(&self, i: usize) -> bool {
        !self.view.bracket()[..self.view.mdps].contains(&i)
    }
}

/// A criterion's name with what it asks for, as a sentence opens.
fn rule(name: &str, text: &str) -> String {
    format!("{name} ({text})")
}

/// A sentence for the first criterion on which the recorded pairing loses. `computed_value` and
/// `recorded_value` are the two candidates' values on it.
fn describe(comparison: &Comparison<'_>, name: &str, computed_value: &Value, recorded_value: &Value) -> String {
    match name {
        "C4" | "C.4" => completion(comparison, name),
        "C9" => pab_unplayed_games(comparison, name),
        "C6" | "C.5" => pair_count(comparison, name),
        "C7" => downfloater_scores(comparison, name),
        "C.6" => score_difference(comparison, name),
        "C8" | "C.7" => next_bracket(comparison, name),
        "C10" | "C11" | "C12" | "C13" | "C.8" | "C.9" | "C.10" | "C.11" => colour_failures(comparison, name),
        "C14" | "C16" | "C.12" | "C.14" => repeated_downfloats(comparison, name),
        "C15" | "C17" | "C.13" | "C.15" => repeated_upfloats(comparison, name),
        _ => {
            let count = |v: &Value| match v {
                Value::Count(n) => *n,
                Value::Counters(m) => m.values().sum(),
            };
            format!(
                "{name}: in {} the recorded pairing does worse on the scores of repeated floaters ({} against {})",
                comparison.bracket_text,
                count(recorded_value),
                count(computed_value)
            )
        }
    }
}

/// C4 (2025; C.4 in 2017): the round must be completed, the PAB at the lowest score possible
/// (C5, 2025 only).
fn completion(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    format!(
        "{}: after the recorded pairing of {bracket_text} (downfloaters {}) the remaining players cannot all be paired, but for one who may receive the PAB{}; the rules' choice (downfloaters {}) allows it",
        rule(name, "complete the round-pairing"),
        comparison.ids(&r.floaters),
        if name == "C4" { " at the lowest score possible (C5)" } else { "" },
        comparison.ids(&c.floaters)
    )
}

/// C9 (2025): the PAB assignee, floated down from the last bracket, has the fewest unplayed games.
fn pab_unplayed_games(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
    let unplayed = |list: &[usize]| {
        list.iter()
            .map(|&i| format!("player {} with {}", comparison.id(i), cx.state.round - 1 - cx.players[i].played_games))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{}: {bracket_text} downfloats one player, who receives the PAB: the record floats {} unplayed games, the rules {}",
        rule(name, "minimise the unplayed games of the PAB assignee"),
        unplayed(&r.floaters),
        unplayed(&c.floaters)
    )
}

/// C6 (2025; C.5 in 2017): the most pairs in the bracket.
fn pair_count(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    format!(
        "{}: in {bracket_text} the recorded pairing makes {} pair{}, the rules require {} — it floats down {} (player{} {}) where {} float{} down",
        rule(name, "maximise the number of pairs"),
        r.pairs.len(),
        plural(r.pairs.len()),
        c.pairs.len(),
        r.floaters.len(),
        plural(r.floaters.len()),
        comparison.ids(&r.floaters),
        c.floaters.len(),
        if c.floaters.len() == 1 { "s" } else { "" }
    )
}

/// C7 (2025): the lowest scores among the downfloaters.
fn downfloater_scores(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
    let scores = |list: &[usize]| list.iter().map(|&i| cx.players[i].score.to_string()).collect::<Vec<_>>().join(", ");
    format!(
        "{}: in {bracket_text} the recorded downfloaters are players {} (scores {}), the rules float players {} (scores {})",
        rule(name, "minimise the scores of the downfloaters"),
        comparison.ids(&r.floaters),
        scores(&r.floaters),
        comparison.ids(&c.floaters),
        scores(&c.floaters)
    )
}

/// C.6 (2017): the smallest pairing score difference (PSD, A.8).
fn score_difference(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
    // What the PSD (A.8) is made of: the pairs' score differences and the downfloaters.
    let parts = |cand: &Candidate| {
        let mut differences: Vec<_> =
            cand.pairs.iter().map(|&(h, l)| cx.players[h].score - cx.players[l].score).collect();
        differences.sort_unstable_by(|a, b| b.cmp(a));
        let differences = differences.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        let floaters = cand
            .floaters
            .iter()
            .map(|&i| format!("{} ({})", comparison.id(i), cx.players[i].score))
            .collect::<Vec<_>>()
            .join(", ");
        let floaters = if floaters.is_empty() { "none".to_owned() } else { floaters };
        format!("pairs with score differences [{differences}], downfloaters {floaters}")
    };
    format!(
        "{}: in {bracket_text} the recorded pairing ({}) has a larger pairing score difference than the rules' choice ({})",
        rule(name, "minimise the PSD"),
        parts(r),
        parts(c)
    )
}

/// C8 (2025; C.7 in 2017): the downfloaters chosen so that the next bracket pairs best.
fn next_bracket(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    format!(
        "{}: the recorded downfloaters of {bracket_text} (players {}) allow a worse pairing of the next bracket than the rules' choice (players {})",
        rule(name, "choose the downfloaters so that the next bracket pairs best"),
        comparison.ids(&r.floaters),
        comparison.ids(&c.floaters)
    )
}

/// C10–C13 (2025; C.8–C.11 in 2017): the colour criteria, with the recorded boards that fail the
/// one named.
fn colour_failures(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
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
    let failures = |cand: &Candidate| -> Vec<(usize, usize)> {
        cand.pairs
            .iter()
            .copied()
            .filter(|&(h, l)| !weights::colour_fields(&cx.players[h], &cx.players[l])[which])
            .collect()
    };
    let r_fail = failures(r);
    let c_fail = failures(c);
    format!(
        "{}: in {bracket_text} the recorded pairing leaves {} {}, the rules allow {} — {}",
        rule(name, &format!("minimise the number of {many}")),
        r_fail.len(),
        if r_fail.len() == 1 { one } else { many },
        c_fail.len(),
        Context::boards(comparison.recorded_pairing, r_fail.iter().map(|&(h, _)| comparison.id(h)))
    )
}

/// C14/C16 (2025; C.12/C.14 in 2017): residents floated down again who downfloated one or two
/// rounds before.
fn repeated_downfloats(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
    let back = usize::from(name == "C16" || name == "C.14");
    let when = ["the previous round", "two rounds before"][back];
    let downfloated_before = |cand: &Candidate| -> Vec<usize> {
        cand.floaters
            .iter()
            .copied()
            .filter(|&i| comparison.resident(i))
            .filter(|&i| cx.players[i].floats[back] == Float::Down)
            .collect()
    };
    let (r_list, c_list) = (downfloated_before(r), downfloated_before(c));
    format!(
        "{}: in {bracket_text} the recorded pairing floats down {} resident{} who received a downfloat {when} (players {}), the rules {}",
        rule(name, "minimise repeated downfloats"),
        r_list.len(),
        plural(r_list.len()),
        comparison.ids(&r_list),
        c_list.len()
    )
}

/// C15/C17 (2025; C.13/C.15 in 2017): MDPs' opponents given an upfloat again who upfloated one or
/// two rounds before.
fn repeated_upfloats(comparison: &Comparison<'_>, name: &str) -> String {
    let (c, r, bracket_text) = (comparison.computed, comparison.recorded, comparison.bracket_text);
    let cx = comparison.cx;
    let back = usize::from(name == "C17" || name == "C.15");
    let when = ["the previous round", "two rounds before"][back];
    let upfloaters = |cand: &Candidate| -> Vec<usize> {
        cand.pairs
            .iter()
            .filter(|&&(h, l)| !comparison.resident(h) && cx.players[l].floats[back] == Float::Up)
            .map(|&(_, l)| l)
            .collect()
    };
    let (r_list, c_list) = (upfloaters(r), upfloaters(c));
    format!(
        "{}: in {bracket_text} the recorded pairing gives an upfloat again to {} MDP opponent{} who received one {when} (players {}), the rules to {}",
        rule(name, "minimise repeated upfloats"),
        r_list.len(),
        plural(r_list.len()),
        comparison.ids(&r_list),
        c_list.len()
    )
}

/// The two candidates tie on every criterion: the rules take the one generated first.
fn generation_order(comparison: &Comparison<'_>) -> String {
    let (cx, bracket_text, recorded) = (comparison.cx, comparison.bracket_text, comparison.recorded_pairing);
    let (bracket, mdp_count) = (comparison.view.bracket(), comparison.view.mdps);
    let (c, r) = (comparison.computed, comparison.recorded);
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
                ": the rules pair {} with {}, the record pairs {} with {opponent} (board {board})",
                id(h),
                id(l),
                id(h)
            )
        })
        .unwrap_or_default();
    let article = if cx.rules == Rules::Dutch2025 { format!("art. {article}") } else { "section D".to_owned() };
    format!(
        "{article}: in {bracket_text} the recorded pairing ties with the rules' choice on every criterion but the order of generation{first_difference}\nthe order of generation decides: {what}"
    )
}

/// The plural ending of a noun counted `n` times.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
