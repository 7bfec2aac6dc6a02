//! Why a recorded pairing differs from the one the 2012 text gives.
//!
//! First the absolute criteria are checked on the record: B.1a (two players meet again), B.2
//! (two players with the same absolute colour preference, neither a topscorer), B.1b (the bye to a
//! player who already scored without playing). Then the procedure's brackets are followed from the
//! top; at the first bracket whose pairs the record does not share, the record's pairing of that
//! bracket is measured as the rules measure a candidate: fewer pairs than the rules make (C.14
//! lowers P only when no pairing has more), a requirement it breaks more often (the criteria kept
//! longest by C.10 first: B.2 between topscorers, A.7.d, B.4's X and Z, B.5 and B.6 for
//! downfloaters then upfloaters; D.4 in the lowest bracket), or, meeting the same requirements, a
//! later place in the order of D.1–D.3. When every pair agrees, the rule of section E that decides
//! a differing board is named.
//!
//! A record that does *better* than the rules' pairing on that measure means trfcheck is wrong:
//! it is flagged as such.

use std::collections::BTreeMap;

use crate::model::{Colour, PlayerId};
use crate::state::RoundState;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::colour;
use super::procedure::{Event, Outcome, Placed, Repair};
use super::round::Round;
use super::step::{self, COUNT_ARTICLES, COUNT_NAMES, COUNTS, Candidate, Shape};

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation {
        criterion: criterion.to_owned(),
        text: format!("Dutch 2012, {criterion}: {text}"),
        recorded_is_better: false,
    }
}

fn bug(criterion: &str, text: String) -> Explanation {
    Explanation {
        criterion: criterion.to_owned(),
        // The bug is said in the first line; the details (after `\n`) follow it.
        text: {
            let (head, details) =
                text.split_once('\n').map_or((text.as_str(), String::new()), |(h, d)| (h, format!("\n{d}")));
            format!(
                "Dutch 2012, {criterion}: {head} — the record does better here than trfcheck: a trfcheck bug{details}"
            )
        },
        recorded_is_better: true,
    }
}

fn score_text(round: &Round, i: usize) -> String {
    let tenths = round.score(i).tenths();
    if tenths % 10 == 0 { format!("{}", tenths / 10) } else { format!("{}.{}", tenths / 10, tenths.abs() % 10) }
}

fn pair_text(round: &Round, (a, b): (usize, usize)) -> String {
    format!("{}–{}", round.players[a].id, round.players[b].id)
}

fn list(round: &Round, pairs: &[(usize, usize)]) -> String {
    pairs.iter().map(|&p| pair_text(round, p)).collect::<Vec<_>>().join(", ")
}

fn ids(round: &Round, players: &[usize]) -> String {
    players.iter().map(|&p| round.players[p].id.to_string()).collect::<Vec<_>>().join(", ")
}

/// The record, by player index: the partner, `None` for the bye.
struct Record {
    partner: BTreeMap<usize, Option<usize>>,
    /// White of each recorded game, by player index.
    white: BTreeMap<usize, bool>,
}

impl Record {
    fn new(round: &Round, pairing: &RoundPairing) -> Record {
        let index: BTreeMap<PlayerId, usize> = round.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut partner = BTreeMap::new();
        let mut white = BTreeMap::new();
        for board in &pairing.boards {
            let Some(&w) = index.get(&board.white) else { continue };
            match board.black.and_then(|b| index.get(&b)) {
                Some(&b) => {
                    partner.insert(w, Some(b));
                    partner.insert(b, Some(w));
                    white.insert(w, true);
                    white.insert(b, false);
                }
                None if board.black.is_none() => {
                    partner.insert(w, None);
                }
                None => {}
            }
        }
        Record { partner, white }
    }

    fn pairs(&self) -> Vec<(usize, usize)> {
        self.partner.iter().filter_map(|(&a, &b)| b.filter(|&b| a < b).map(|b| (a, b))).collect()
    }
}

/// The record's pairing of a bracket, as a candidate of the bracket's step: its pairs inside the
/// bracket, and the players it does not pair there.
fn recorded_candidate(placed: &Placed, record: &Record) -> Candidate {
    let step = &placed.step;
    let inside = |p: usize| step.players.contains(&p);
    let mut het = Vec::new();
    let mut pairs = Vec::new();
    let mut down = Vec::new();
    for &p in &step.players {
        match record.partner.get(&p).copied().flatten() {
            Some(q) if inside(q) => {
                if p < q {
                    let heterogeneous = matches!(step.shape, Shape::Heterogeneous { .. })
                        && (step.mdps.contains(&p) != step.mdps.contains(&q));
                    if heterogeneous {
                        het.push((p, q));
                    } else {
                        pairs.push((p, q));
                    }
                }
            }
            _ => down.push(p),
        }
    }
    Candidate { het, pairs, down }
}

/// `the 1-point bracket`, with the acceleration named where its virtual points put players in the
/// bracket (`(1.0 points with the acceleration's virtual point)`), so the score is not read as
/// points won.
fn bracket_name(round: &Round, placed: &Placed) -> String {
    let lowest = placed.residents.iter().copied().min_by_key(|&r| round.score(r));
    let base = lowest.map(|r| score_text(round, r));
    let accelerations: Vec<_> = placed.residents.iter().map(|&r| round.players[r].acceleration).collect();
    let note = lowest
        .map(|r| crate::systems::common::acceleration::note_of(round.score(r), &accelerations))
        .unwrap_or_default();
    format!("the {}-point bracket{note}", base.unwrap_or_default())
}

fn same_pairs(a: &Candidate, b: &Candidate) -> bool {
    let norm = |c: &Candidate| {
        let mut v: Vec<(usize, usize)> = c.all_pairs().map(|(x, y)| (x.min(y), x.max(y))).collect();
        v.sort_unstable();
        v
    };
    norm(a) == norm(b)
}

/// Why `recorded` differs from `computed`, the rules' pairing of the same state.
pub fn explain(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let round = Round::new(state);
    let record = Record::new(&round, recorded);
    // The absolute criteria first.
    for (a, b) in record.pairs() {
        if round.have_met(a, b) {
            let (x, y) = (round.players[a].id, round.players[b].id);
            let when = state.players.iter().find(|c| c.id == x).and_then(|c| {
                c.past.iter().position(|r| r.played_opponent() == Some(y)).map(|r| format!(" in round {}", r + 1))
            });
            let text = match when {
                Some(when) => format!(
                    "the record pairs {x} and {y}, who already met{when} (two players shall not meet more than once)"
                ),
                None => format!("the record pairs {x} and {y}, whom the file forbids to meet"),
            };
            return finding("B.1a", text);
        }
        let facts = round.facts(a, b);
        if facts.forbidden {
            let colour = round.players[a].preference.map_or("", Colour::name);
            return finding(
                "B.2",
                format!(
                    "the record pairs {} and {}, who both have an absolute preference for {colour} and are not topscorers",
                    round.players[a].id, round.players[b].id
                ),
            );
        }
    }
    if let Some((&p, _)) = record.partner.iter().find(|(p, q)| q.is_none() && !round.players[**p].bye_eligible) {
        return finding(
            "B.1b",
            format!(
                "the record gives the bye to {}, who already received a point or half point without playing",
                round.players[p].id
            ),
        );
    }
    let (_, outcome) = match super::trace(state) {
        Ok(found) => found,
        Err(_) => return finding("C.13", "the rules find no pairing of this round".into()),
    };
    if let Some((mut explanation, differing)) = first_differing_bracket(&round, &outcome, &record) {
        explanation.text += &boards_note(&round, recorded, &differing);
        return explanation;
    }
    colours(&round, &outcome, &record, computed, recorded)
}

/// Where the record's pairs that the rules do not make sit: "— boards 3 and 7 of the record".
fn boards_note(round: &Round, recorded: &RoundPairing, pairs: &[(usize, usize)]) -> String {
    let mut boards: Vec<usize> = pairs
        .iter()
        .filter_map(|&(a, _)| recorded.boards.iter().position(|b| b.has(round.players[a].id)))
        .map(|k| k + 1)
        .collect();
    boards.sort_unstable();
    boards.dedup();
    match boards.as_slice() {
        [] => String::new(),
        [one] => format!(" — board {one} of the record"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!(" — boards {} and {last} of the record", rest.join(", "))
        }
    }
}

fn first_differing_bracket(
    round: &Round,
    outcome: &Outcome,
    record: &Record,
) -> Option<(Explanation, Vec<(usize, usize)>)> {
    for placed in &outcome.brackets {
        let ours = &placed.candidate;
        let theirs = recorded_candidate(placed, record);
        let bye_differs = placed.step.lowest && ours.down != theirs.down;
        if same_pairs(ours, &theirs) && !bye_differs {
            continue;
        }
        let ours_set: Vec<(usize, usize)> = ours.all_pairs().map(|(a, b)| (a.min(b), a.max(b))).collect();
        let differing: Vec<(usize, usize)> =
            theirs.all_pairs().map(|(a, b)| (a.min(b), a.max(b))).filter(|p| !ours_set.contains(p)).collect();
        let explained = explain_bracket(round, outcome, placed, ours, &theirs);
        return Some((explained, differing));
    }
    None
}

/// Why the record's pairing of a bracket is not the rules' one.
fn explain_bracket(
    round: &Round,
    outcome: &Outcome,
    placed: &Placed,
    ours: &Candidate,
    theirs: &Candidate,
) -> Explanation {
    let name = bracket_name(round, placed);
    let ours_text = list(round, &ours.all_pairs().collect::<Vec<_>>());
    let theirs_text = list(round, &theirs.all_pairs().collect::<Vec<_>>());
    let procedure_note = events_note(round, outcome);
    let step = &placed.step;
    // A bracket paired again by backtracking: the record's pairing of it must meet the same
    // condition first.
    if let Some(repair) = &placed.repaired
        && !repair.accepts(round, &placed.moved, &theirs.down)
    {
        let why = match repair {
            Repair::OtherSet { instead, .. } => format!(
                "the bracket below could not make its pairs with {} moved down, so the rules pair {name} again to \
                     move down another set of the same size and with the same scores ({}: {ours_text}); the record \
                     moves down {}, which is not such a set or leaves the bracket below without its pairs",
                ids(round, instead),
                ids(round, &ours.down),
                ids(round, &theirs.down)
            ),
            Repair::LowestPairable { .. } => format!(
                "the lowest bracket could not be paired, so the rules pair {name} again ({ours_text}, moving down {}); \
                     with the record's players moved down ({}) the lowest bracket cannot be paired",
                ids(round, &ours.down),
                ids(round, &theirs.down)
            ),
        };
        return finding(repair.article(), format!("{why}{procedure_note}"));
    }
    let rules_pairs = ours.het.len() + ours.pairs.len();
    let record_pairs = theirs.het.len() + theirs.pairs.len();
    if record_pairs < rules_pairs {
        let floated: Vec<usize> = theirs.down.iter().copied().filter(|p| !ours.down.contains(p)).collect();
        let what = if step.lowest { "leaves unpaired" } else { "moves down" };
        return finding(
            "C.14",
            format!(
                "in {name} the rules make {rules_pairs} pairs ({ours_text}); the record makes {record_pairs} and {what} {} \
                     (P is lowered only when no pairing with more pairs meets the absolute criteria){procedure_note}",
                ids(round, &floated)
            ),
        );
    }
    if record_pairs > rules_pairs {
        return bug(
            "C.14",
            format!(
                "in {name} the record makes {record_pairs} pairs ({theirs_text}) where trfcheck makes {rules_pairs} ({ours_text})"
            ),
        );
    }
    // In a heterogeneous bracket the rules pair M1 moved-down players with residents first (C.6);
    // fewer come only at a later step (C.14.b2), which the rules did not need.
    if let Shape::Heterogeneous { m1, .. } = step.shape
        && theirs.het.len() < m1
    {
        let unpaired: Vec<usize> =
            step.mdps.iter().copied().filter(|m| !theirs.het.iter().any(|&(a, b)| a == *m || b == *m)).collect();
        return finding(
            "C.6",
            format!(
                "in {name} the rules pair {m1} of the moved-down players with residents first ({}); the record pairs \
                 {} of them so and not {} (M1 is lowered, C.14.b2, only when no pairing pairs them all){procedure_note}",
                list(round, &ours.het),
                theirs.het.len(),
                ids(round, &unpaired)
            ),
        );
    }
    let ours_counts = step::counts(round, step, ours);
    let theirs_counts = step::counts(round, step, theirs);
    if let Some(k) = (0..COUNTS).find(|&k| ours_counts[k] != theirs_counts[k]) {
        let (o, t) = (ours_counts[k], theirs_counts[k]);
        let what = COUNT_NAMES[k];
        let text = format!(
            "in {name} the record's pairing ({theirs_text}) has {t} where the rules' ({ours_text}) has {o}, on {what}{procedure_note}"
        );
        return if t > o { finding(COUNT_ARTICLES[k], text) } else { bug(COUNT_ARTICLES[k], text) };
    }
    // The same requirements met: the record comes later in the order of section D.
    let ours_s1: Vec<usize> = ours.all_pairs().map(|(a, _)| a).collect();
    let theirs_s1: Vec<usize> = theirs.all_pairs().map(|(a, b)| a.min(b)).collect();
    let (article, why) = if ours.het.iter().map(|&(m, _)| m).collect::<Vec<_>>()
        != theirs.het.iter().map(|&(m, _)| m).collect::<Vec<_>>()
    {
        ("D.3", "another set of moved-down players paired first comes earlier")
    } else if sorted(&ours_s1) != sorted(&theirs_s1) {
        ("D.2", "an exchange between S1 and S2 with a smaller difference comes earlier")
    } else {
        ("D.1", "a transposition of S2 that comes earlier meets the same requirements")
    };
    let text = format!(
        "in {name} the record's pairing meets the same requirements as the rules', but {why}{procedure_note}\nthe \
         record's pairs in the bracket: {theirs_text}; the rules': {ours_text}"
    );
    finding(article, text)
}

fn sorted(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// What the procedure did beyond pairing the brackets in turn, said once.
fn events_note(round: &Round, outcome: &Outcome) -> String {
    let mut moved: Vec<usize> = Vec::new();
    for &p in outcome.brackets.iter().flat_map(|b| &b.moved) {
        if !moved.contains(&p) {
            moved.push(p);
        }
    }
    let c1 = (!moved.is_empty())
        .then(|| format!("C.1 moved {} down for want of an opponent in their bracket", ids(round, &moved)));
    let notes: Vec<String> = c1
        .into_iter()
        .chain(outcome.events.iter().map(|event| match event {
            Event::Backtracked { .. } => "C.12 backtracked to the bracket above".to_owned(),
            Event::Penultimate { .. } => "C.13 paired the penultimate bracket again".to_owned(),
            Event::Merged { .. } => "C.13 joined the two lowest brackets".to_owned(),
        }))
        .collect();
    if notes.is_empty() { String::new() } else { format!(" (on the way: {})", notes.join("; ")) }
}

fn colours(
    round: &Round,
    outcome: &Outcome,
    record: &Record,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> Explanation {
    for (white, black, rule) in colour::allocate(round, &outcome.pairs()) {
        if record.white.get(&white) == Some(&true) {
            continue;
        }
        let (w, b) = (round.players[white].id, round.players[black].id);
        let why = match rule {
            colour::Rule::E1 => "grants both colour preferences".to_owned(),
            colour::Rule::E2 => "grants the stronger colour preference".to_owned(),
            colour::Rule::E3 => "alternates the colours to the most recent round in which they had different colours".to_owned(),
            colour::Rule::E4 => "grants the colour preference of the higher-ranked player".to_owned(),
            colour::Rule::E5 => {
                "gives the odd-numbered S1 players of the first round the colour drawn by lot, the even-numbered ones the other".to_owned()
            }
            colour::Rule::Unsettled => {
                "gives the higher-ranked player white when neither has a colour preference".to_owned()
            }
        };
        let board =
            computed.boards.iter().position(|x| x.has(w)).map_or(String::new(), |k| format!(" (board {})", k + 1));
        let recorded_board = recorded
            .boards
            .iter()
            .position(|x| x.has(w))
            .map_or(String::new(), |k| format!(", board {} of the record", k + 1));
        return finding(
            rule.article(),
            format!("{w} gets white against {b}{board}: the rule {why}; the record gives {w} black{recorded_board}"),
        );
    }
    finding("E", "the pairs agree; the colours differ".into())
}
