//! Why a recorded Dubov pairing differs from the one the rules give.
//!
//! The recorded pairing is judged the way the procedure builds a pairing: first the absolute
//! criteria ([C1]–[C3]), then the PAB (2.1), then bracket by bracket from the top scoregroup
//! (1.8.2). At the first bracket where the two pairings part, the criteria [C5]–[C10] are compared
//! in order and the first on which the record does worse is named, with its players and boards;
//! when the record ties on all of them, the order of the sets of 4.2, the shifters of 2.2.4 (4.3)
//! or the transposition of 2.2.6 (4.4) decides. When only colours differ, the article of 5.2 that
//! decides is named. A record that does *better* than the engine on a criterion is flagged
//! (`recorded_is_better`): that is an engine bug.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use crate::model::{PlayerId, Points};
use crate::state::RoundState;
use crate::systems::common::absolute;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::player::{DubovPlayer, compatibility, dubov_players, max_t};
use super::{Edition, Quality};

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation { criterion: criterion.to_owned(), text, recorded_is_better: false }
}

fn engine_bug(criterion: &str, text: String) -> Explanation {
    Explanation { criterion: criterion.to_owned(), text, recorded_is_better: true }
}

struct Context<'a> {
    state: &'a RoundState,
    players: Vec<DubovPlayer>,
    index: BTreeMap<PlayerId, usize>,
    compatible: Vec<Vec<bool>>,
}

fn names(cx: &Context<'_>, set: &[usize]) -> String {
    let list: Vec<String> = set.iter().map(|&v| cx.players[v].id.to_string()).collect();
    if list.is_empty() { "none".to_owned() } else { list.join(", ") }
}

/// `word(s)` as `word` for one and `words` otherwise.
fn plural(count: usize, text: &str) -> String {
    text.replace("(s)", if count == 1 { "" } else { "s" })
}

fn scores_of(cx: &Context<'_>, set: &[usize]) -> String {
    let list: Vec<String> = set.iter().map(|&v| cx.players[v].score.to_string()).collect();
    list.join(", ")
}

fn pair_text(cx: &Context<'_>, pairing: &RoundPairing, a: usize, b: usize) -> String {
    let (x, y) = (cx.players[a].id, cx.players[b].id);
    format!("{x}–{y} (board {})", pairing.board_number(x))
}

/// Explains why `recorded` differs from `computed`.
pub(crate) fn explain(
    state: &RoundState,
    edition: Edition,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> Explanation {
    let players = dubov_players(state, edition);
    let index = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let compatible = compatibility(state, &players);
    let cx = Context { state, players, index, compatible };
    if let Some(found) = absolute(&cx, edition, recorded) {
        return found;
    }
    let computed_partners = computed.partners(&cx.index);
    let recorded_partners = recorded.partners(&cx.index);
    let bye_of = |p: &BTreeMap<usize, Option<usize>>| p.iter().find(|(_, m)| m.is_none()).map(|(&v, _)| v);
    let (computed_bye, recorded_bye) = (bye_of(&computed_partners), bye_of(&recorded_partners));
    if computed_bye != recorded_bye {
        return bye(&cx, computed_bye, recorded_bye, recorded);
    }
    if computed_partners == recorded_partners {
        return colours(&cx, computed, recorded);
    }
    brackets(&cx, computed_bye, &computed_partners, &recorded_partners, recorded)
}

/// [C1]–[C3] on the recorded pairing.
fn absolute(cx: &Context<'_>, edition: Edition, recorded: &RoundPairing) -> Option<Explanation> {
    let articles = absolute::Articles {
        keys: absolute::KEYS,
        c1: "C1 (3.1.1, two players shall not play each other more than once)",
        c2: "C2 (3.1.2, no second pairing-allocated bye)",
        c2_barred: match edition {
            Edition::Dubov2025 => "already had a bye or a win without playing",
            Edition::Dubov2018 => "already had a bye or a forfeit win",
        },
        c3: "C3 (3.1.3, two players with the same absolute colour preference shall not meet)",
        absolute_preference: "1.5.2.1",
    };
    let same_absolute = |a: usize, b: usize| {
        let (x, y) = (&cx.players[a], &cx.players[b]);
        (x.is_absolute() && y.is_absolute() && x.preference.colour == y.preference.colour)
            .then_some(x.preference.colour)
    };
    let judge = absolute::Judge {
        state: cx.state,
        index: &cx.index,
        pab_eligible: &|v| cx.players[v].pab_eligible,
        compatible: &|a, b| cx.compatible[a][b],
        same_absolute: &same_absolute,
    };
    absolute::first_broken(&judge, &articles, recorded)
}

/// 2.1: a different PAB assignee.
fn bye(cx: &Context<'_>, computed: Option<usize>, recorded: Option<usize>, pairing: &RoundPairing) -> Explanation {
    let describe = |v: Option<usize>| v.map_or("nobody".to_owned(), |v| cx.players[v].id.to_string());
    let (Some(c), Some(r)) = (computed, recorded) else {
        return finding(
            "1.4",
            format!(
                "1.4 (one player is unpaired when the number of players is odd): the rules give the \
                 pairing-allocated bye to {}, the record to {}",
                describe(computed),
                describe(recorded)
            ),
        );
    };
    let (pc, pr) = (&cx.players[c], &cx.players[r]);
    let board = pairing.board_number(pr.id);
    let head =
        format!("the record gives the pairing-allocated bye (board {board}) to {}, the rules to {}", pr.id, pc.id);
    let key = |p: &DubovPlayer| (p.score, Reverse(p.played_games), Reverse(p.rank));
    if key(pr) < key(pc) {
        // The record's assignee comes first in 2.1.3–2.1.5 and the record completes the round, so
        // the engine should have chosen them.
        return engine_bug(
            "2.1",
            format!(
                "2.1 (the pairing-allocated bye): {head}; the record's choice comes first in 2.1.3–2.1.5 (engine error)"
            ),
        );
    }
    if pr.score != pc.score {
        return finding(
            "2.1.3",
            format!(
                "2.1.3 (the lowest score): {head}: {} has the lower score ({} against {})",
                pc.id, pc.score, pr.score
            ),
        );
    }
    if pr.played_games != pc.played_games {
        return finding(
            "2.1.4",
            format!(
                "2.1.4 (the most games played): {head}: with equal scores, {} has played more games ({} against {})",
                pc.id, pc.played_games, pr.played_games
            ),
        );
    }
    finding(
        "2.1.5",
        format!(
            "2.1.5 (the lowest position in the initial ranking): {head}: with equal scores and games, {} is ranked lower",
            pc.id
        ),
    )
}

/// Only colours differ: the article of 5.2 that decides the first board that differs.
fn colours(cx: &Context<'_>, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    for (number, board) in recorded.boards.iter().enumerate() {
        let Some(black) = board.black else { continue };
        let Some(ours) = computed.board_of(board.white) else { continue };
        if ours.white == board.white {
            continue;
        }
        let Some((_, decided)) = super::colour_decision(&cx.players, black, board.white, cx.state.initial_colour)
        else {
            continue;
        };
        let why = match decided {
            super::colour::Decided::Initial => {
                "neither has played yet: the initial colour and the pairing number's parity"
            }
            super::colour::Decided::Both => "both colour preferences can be granted",
            super::colour::Decided::Stronger => "the stronger colour preference is granted",
            super::colour::Decided::Alternation => "the colours alternate from the latest round in which they differed",
            super::colour::Decided::Higher => "the higher-ranked player's preference is granted",
        };
        return finding(
            decided.article(),
            format!(
                "same pairs, different colours on board {}: {} gives {black} white and {} black ({why}); the record has \
                 them the other way round",
                number + 1,
                decided.article(),
                board.white
            ),
        );
    }
    finding("5.2", "the colours differ".to_owned())
}

/// One bracket as a pairing forms it: the upfloaters and the pairs.
struct Formed {
    upfloaters: Vec<usize>,
    pairs: BTreeSet<(usize, usize)>,
}

fn formed(residents: &[usize], partners: &BTreeMap<usize, Option<usize>>) -> Formed {
    let mut upfloaters = Vec::new();
    let mut pairs = BTreeSet::new();
    for &v in residents {
        let Some(Some(m)) = partners.get(&v).copied() else { continue };
        if !residents.contains(&m) {
            upfloaters.push(m);
        }
        pairs.insert((v.min(m), v.max(m)));
    }
    upfloaters.sort();
    Formed { upfloaters, pairs }
}

/// The brackets from the top: the first that differs, judged on [C5]–[C10], then 4.2, 2.2.4, 2.2.6.
fn brackets(
    cx: &Context<'_>,
    bye: Option<usize>,
    computed: &BTreeMap<usize, Option<usize>>,
    recorded: &BTreeMap<usize, Option<usize>>,
    recorded_pairing: &RoundPairing,
) -> Explanation {
    let n = cx.players.len();
    let mut remaining: Vec<bool> = (0..n).map(|v| Some(v) != bye).collect();
    let mut scores: Vec<Points> = cx.players.iter().map(|p| p.score).collect();
    scores.dedup();
    for score in scores {
        let residents: Vec<usize> = (0..n).filter(|&v| remaining[v] && cx.players[v].score == score).collect();
        if residents.is_empty() {
            continue;
        }
        let ours = formed(&residents, computed);
        let theirs = formed(&residents, recorded);
        if ours.pairs == theirs.pairs {
            for &v in residents.iter().chain(&ours.upfloaters) {
                remaining[v] = false;
            }
            continue;
        }
        let accelerated =
            crate::systems::common::acceleration::note(cx.state, score, residents.iter().map(|&v| cx.players[v].id));
        let parting = Parting {
            cx,
            bracket: format!("in the {score}-point bracket{accelerated} the recorded pairing"),
            ours,
            theirs,
            recorded,
            recorded_pairing,
        };
        return upfloater_count(&parting)
            .or_else(|| upfloater_scores(&parting))
            .or_else(|| colour_and_upfloat_criteria(&parting))
            .or_else(|| upfloater_order(&parting))
            .unwrap_or_else(|| generation_order(&parting));
    }
    finding("2.2", "the pairings differ".to_owned())
}

/// The first bracket, from the top, that the two pairings form differently (1.8.2).
struct Parting<'a> {
    cx: &'a Context<'a>,
    /// How a sentence about the bracket opens: "in the N-point bracket … the recorded pairing".
    bracket: String,
    /// The bracket as the rules form it.
    ours: Formed,
    /// The bracket as the record forms it.
    theirs: Formed,
    /// The record's partners by position.
    recorded: &'a BTreeMap<usize, Option<usize>>,
    recorded_pairing: &'a RoundPairing,
}

impl Parting<'_> {
    /// The upfloaters of a formed bracket, with their boards in the record.
    fn listed(&self, f: &Formed) -> String {
        let cx = self.cx;
        let boards: BTreeSet<usize> =
            f.upfloaters.iter().map(|&v| self.recorded_pairing.board_number(cx.players[v].id)).collect();
        let boards: Vec<String> = boards.into_iter().map(|b| b.to_string()).collect();
        let word = if boards.len() == 1 { "board" } else { "boards" };
        format!("{} ({word} {})", names(cx, &f.upfloaters), boards.join(", "))
    }
}

/// The finding on a criterion the two pairings part on: when the record does better, the engine
/// is wrong ([`engine_bug`]).
fn verdict(criterion: &str, better_is_ours: bool, text: String) -> Explanation {
    if better_is_ours {
        finding(criterion, text)
    } else {
        // The engine-error mark belongs to the first line, before any details.
        let (head, details) = text.split_once('\n').unwrap_or((&text, ""));
        let details = if details.is_empty() { String::new() } else { format!("\n{details}") };
        engine_bug(criterion, format!("{head} (engine error){details}"))
    }
}

/// [C5] (3.3.1): the fewest upfloaters.
fn upfloater_count(parting: &Parting<'_>) -> Option<Explanation> {
    let (cx, ours, theirs, bracket) = (parting.cx, &parting.ours, &parting.theirs, &parting.bracket);
    if ours.upfloaters.len() == theirs.upfloaters.len() {
        return None;
    }
    Some(verdict(
        "C5",
        ours.upfloaters.len() < theirs.upfloaters.len(),
        format!(
            "C5 (3.3.1, minimise the number of upfloaters): {bracket} upfloats {} {} {}; the rules need {} \
             ({})",
            theirs.upfloaters.len(),
            plural(theirs.upfloaters.len(), "player(s),"),
            parting.listed(theirs),
            ours.upfloaters.len(),
            names(cx, &ours.upfloaters)
        ),
    ))
}

/// [C6] (3.3.2): the highest lowest score among the upfloaters, then the next.
fn upfloater_scores(parting: &Parting<'_>) -> Option<Explanation> {
    let (cx, ours, theirs, bracket) = (parting.cx, &parting.ours, &parting.theirs, &parting.bracket);
    let c6 = |f: &Formed| super::order::c6_key(f.upfloaters.iter().map(|&v| cx.players[v].score).collect());
    if c6(ours) == c6(theirs) {
        return None;
    }
    Some(verdict(
        "C6",
        c6(ours) > c6(theirs),
        format!(
            "C6 (3.3.2, maximise the lowest score among the upfloaters, then the next): {bracket} upfloats {} \
             (score {}), the rules {} (score {})",
            parting.listed(theirs),
            scores_of(cx, &theirs.upfloaters),
            names(cx, &ours.upfloaters),
            scores_of(cx, &ours.upfloaters)
        ),
    ))
}

/// [C7]–[C10] (3.3.3–3.3.6): colour preferences, then the maximum upfloaters and the repeated
/// upfloats, in order; the first on which the pairings part.
fn colour_and_upfloat_criteria(parting: &Parting<'_>) -> Option<Explanation> {
    let (cx, ours, theirs, bracket) = (parting.cx, &parting.ours, &parting.theirs, &parting.bracket);
    let max_t = max_t(cx.state.total_rounds);
    let final_round = cx.state.is_final_round();
    let failures = |f: &Formed| {
        f.pairs.iter().filter(|(a, b)| cx.players[*a].preference.colour == cx.players[*b].preference.colour).count()
    };
    let quality = |f: &Formed| Quality::of(&cx.players, &f.upfloaters, failures(f), max_t, final_round);
    let (qo, qt) = (quality(ours), quality(theirs));
    let unmet: Vec<String> = theirs
        .pairs
        .iter()
        .filter(|(a, b)| cx.players[*a].preference.colour == cx.players[*b].preference.colour)
        .map(|&(a, b)| pair_text(cx, parting.recorded_pairing, a, b))
        .collect();
    let checks: [(&str, usize, usize, &str, &str); 4] = [
        (
            "C7",
            qo.c7,
            qt.c7,
            "3.3.3, minimise the number of players who do not get their colour preference",
            "player(s) without their colour preference",
        ),
        ("C8", qo.c8, qt.c8, "3.3.4, minimise the upfloaters who are maximum upfloaters", "maximum upfloater(s)"),
        (
            "C9",
            qo.c9 as usize,
            qt.c9 as usize,
            "3.3.5, minimise the times a maximum upfloater is upfloated",
            "upfloat(s) of maximum upfloaters",
        ),
        (
            "C10",
            qo.c10,
            qt.c10,
            "3.3.6, minimise the upfloaters who upfloated in the previous round",
            "upfloater(s) who upfloated in the previous round",
        ),
    ];
    let (criterion, o, t, what, counted) = checks.into_iter().find(|&(_, o, t, _, _)| o != t)?;
    let detail = if criterion == "C7" {
        format!("pairs with the same colour preference in the record: {}", unmet.join(", "))
    } else {
        format!("the record upfloats {}, the rules {}", parting.listed(theirs), names(cx, &ours.upfloaters))
    };
    Some(verdict(
        criterion,
        o < t,
        format!("{criterion} ({what}): {bracket} has {t} {}, the rules {o}\n{detail}", plural(t, counted)),
    ))
}

/// 4.2: on a tie on [C5]–[C10], the first set of upfloaters in the order of 4.2.3 (score, then
/// initial ranking).
fn upfloater_order(parting: &Parting<'_>) -> Option<Explanation> {
    let (cx, ours, theirs, bracket) = (parting.cx, &parting.ours, &parting.theirs, &parting.bracket);
    if ours.upfloaters == theirs.upfloaters {
        return None;
    }
    let seq = |f: &Formed| {
        let mut s: Vec<(Reverse<Points>, u32)> =
            f.upfloaters.iter().map(|&v| (Reverse(cx.players[v].score), cx.players[v].rank)).collect();
        s.sort();
        s
    };
    Some(verdict(
        "4.2",
        seq(ours) < seq(theirs),
        format!(
            "art. 4.2: {bracket} ties with the rules' choice on [C5]–[C10]; the record upfloats {}, the rules \
             {}\nthe order of the sets of upfloaters decides (4.2.3: score, then initial ranking)",
            parting.listed(theirs),
            names(cx, &ours.upfloaters)
        ),
    ))
}

/// Same upfloaters and criteria: the pairs come from the shifters (2.2.4, 4.3) and the first legal
/// transposition (2.2.6, 4.4). Names the first pair of the rules the record lacks.
fn generation_order(parting: &Parting<'_>) -> Explanation {
    let (cx, ours, theirs, bracket) = (parting.cx, &parting.ours, &parting.theirs, &parting.bracket);
    let first = ours.pairs.difference(&theirs.pairs).next().copied();
    let text = match first {
        Some((a, b)) => {
            let recorded_partner = parting.recorded.get(&a).copied().flatten();
            format!(
                "art. 2.2.4–2.2.6: {bracket} ties with the rules' choice on every criterion; the rules pair {} \
                 with {}, the record pairs {} with {} (board {})\nthe same upfloaters, and the order of \
                 generation decides: the shifters (2.2.4, in the order of 4.3) and the first legal transposition \
                 of G2 against S1 (2.2.5, 2.2.6, in the order of 4.4)",
                cx.players[a].id,
                cx.players[b].id,
                cx.players[a].id,
                recorded_partner.map_or("nobody".to_owned(), |m| cx.players[m].id.to_string()),
                parting.recorded_pairing.board_number(cx.players[a].id)
            )
        }
        None => format!("art. 2.2: {bracket} differs"),
    };
    finding("2.2.6", text)
}
