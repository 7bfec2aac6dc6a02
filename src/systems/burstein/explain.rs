//! Why a recorded round differs from the Burstein pairing (after the seeding rounds): the first of
//! the absolute criteria the record breaks; else the PAB by the keys of 3.1; else, for the same
//! pairs, the colour rule of 5.2 that gives a board the other way; else the first bracket, from the
//! top, that the record pairs otherwise, judged criterion by criterion ([C5]–[C8], then the order
//! of art. 4).

use std::collections::BTreeMap;

use crate::model::{PlayerId, Points};
use crate::state::RoundState;
use crate::systems::common::absolute;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::colour::allocate;
use super::player::{preferences_agree, same_absolute};
use super::{Round, next_bracket};

fn finding(criterion: &str, text: String) -> Explanation {
    Explanation { criterion: criterion.to_owned(), text, recorded_is_better: false }
}

fn engine_bug(criterion: &str, text: String) -> Explanation {
    Explanation {
        criterion: criterion.to_owned(),
        text: format!("{text} — the record does better here, which is a trfcheck bug"),
        recorded_is_better: true,
    }
}

/// A verdict on one criterion: the record worse (a finding) or better (a trfcheck bug).
fn verdict(criterion: &str, record_is_worse: bool, text: String) -> Explanation {
    if record_is_worse { finding(criterion, text) } else { engine_bug(criterion, text) }
}

pub(crate) fn explain(state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
    let round = Round::new(state);
    let index: BTreeMap<PlayerId, usize> = round.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    if let Some(found) = absolute(&round, &index, recorded) {
        return found;
    }
    let computed_partners = computed.partners(&index);
    let recorded_partners = recorded.partners(&index);
    let bye_of = |p: &BTreeMap<usize, Option<usize>>| p.iter().find(|(_, m)| m.is_none()).map(|(&v, _)| v);
    let (computed_bye, recorded_bye) = (bye_of(&computed_partners), bye_of(&recorded_partners));
    if computed_bye != recorded_bye {
        return bye(&round, computed_bye, recorded_bye);
    }
    if computed_partners == recorded_partners {
        return colours(&round, &index, computed, recorded);
    }
    brackets(&round, computed_bye, &computed_partners, &recorded_partners, recorded)
}

/// [C1]–[C3] (2.1) on the recorded pairing.
fn absolute(round: &Round<'_>, index: &BTreeMap<PlayerId, usize>, recorded: &RoundPairing) -> Option<Explanation> {
    let articles = absolute::Articles {
        keys: absolute::KEYS,
        c1: "C1 (2.1.1, two participants shall not play against each other more than once)",
        c2: "C2 (2.1.2, no second pairing-allocated bye)",
        c2_barred: "already had a bye or scored a win's points without playing",
        c3: "C3 (2.1.3, two players with the same absolute colour preference shall not meet)",
        absolute_preference: "1.5.1",
    };
    let same = |a: usize, b: usize| {
        let (x, y) = (&round.players[a], &round.players[b]);
        if same_absolute(x, y) { x.preference } else { None }
    };
    let judge = absolute::Judge {
        state: round.state,
        index,
        pab_eligible: &|v| round.players[v].pab_eligible,
        compatible: &|a, b| round.compatible[a][b],
        same_absolute: &same,
    };
    absolute::first_broken(&judge, &articles, recorded)
}

/// 3.1: a different PAB assignee, judged by the keys of 3.1 in turn.
fn bye(round: &Round<'_>, computed: Option<usize>, recorded: Option<usize>) -> Explanation {
    let name = |v: Option<usize>| v.map_or("nobody".to_owned(), |v| round.players[v].id.to_string());
    let (Some(c), Some(r)) = (computed, recorded) else {
        return finding(
            "1.3",
            format!(
                "1.3 (one participant is not paired when the number to pair is odd): the rules give the \
                 pairing-allocated bye to {}, the record to {}",
                name(computed),
                name(recorded)
            ),
        );
    };
    let (x, y) = (&round.players[c], &round.players[r]);
    let who = format!("the record gives the pairing-allocated bye to {}, the rules to {}", y.id, x.id);
    if x.score != y.score {
        return verdict(
            "3.1.3",
            y.score > x.score,
            format!("3.1.3 (the lowest score): {who}, who have {} and {} points", y.score, x.score),
        );
    }
    if x.played_games != y.played_games {
        return verdict(
            "3.1.4",
            y.played_games < x.played_games,
            format!(
                "3.1.4 (the most games played): {who}, who have played {} and {} games",
                y.played_games, x.played_games
            ),
        );
    }
    verdict(
        "3.1.5",
        y.ranks_above(x),
        format!(
            "3.1.5 (the lowest ranking by 1.8: Buchholz, Sonneborn-Berger, TPN): {who}; {} ranks {} {}",
            y.id,
            if y.ranks_above(x) { "above" } else { "below" },
            x.id
        ),
    )
}

/// Same pairs, other colours: the article of 5.2 that decides the first board that differs.
fn colours(
    round: &Round<'_>,
    index: &BTreeMap<PlayerId, usize>,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> Explanation {
    for board in &recorded.boards {
        let Some(black) = board.black else { continue };
        let ours = computed.boards.iter().find(|b| b.has(board.white) && b.black.is_some_and(|o| board.has(o)));
        let Some(ours) = ours else { continue };
        if ours.white == board.white {
            continue;
        }
        let (Some(&w), Some(&b)) = (index.get(&ours.white), index.get(&black)) else { continue };
        let (_, decided) = allocate(&round.players[w], &round.players[b], round.state.initial_colour);
        return finding(
            decided.article(),
            format!(
                "{} ({}): board {} gives White to {}, the rules to {}",
                decided.article(),
                decided.text(),
                recorded.board_number(board.white),
                board.white,
                ours.white
            ),
        );
    }
    finding("5.2", "the same pairs with other colours (5.2)".to_owned())
}

/// One bracket's pairing: partners by position in the bracket, `None` for a floater.
fn in_bracket(members: &[usize], partners: &BTreeMap<usize, Option<usize>>) -> Vec<Option<usize>> {
    members
        .iter()
        .map(|v| partners.get(v).copied().flatten().and_then(|p| members.iter().position(|&m| m == p)))
        .collect()
}

fn ids(round: &Round<'_>, players: impl IntoIterator<Item = usize>) -> String {
    let list: Vec<String> = players.into_iter().map(|v| round.players[v].id.to_string()).collect();
    if list.is_empty() { "none".to_owned() } else { list.join(", ") }
}

fn scores(list: &[Points]) -> String {
    if list.is_empty() {
        return "none".to_owned();
    }
    list.iter().map(Points::to_string).collect::<Vec<_>>().join(", ")
}

/// The brackets from the top, as both pairings make them, up to the first they pair otherwise.
fn brackets(
    round: &Round<'_>,
    bye: Option<usize>,
    computed: &BTreeMap<usize, Option<usize>>,
    recorded: &BTreeMap<usize, Option<usize>>,
    pairing: &RoundPairing,
) -> Explanation {
    let mut active = vec![true; round.n()];
    if let Some(v) = bye {
        active[v] = false;
    }
    let mut floaters: Vec<usize> = Vec::new();
    while let Some((members, next)) = next_bracket(round, &active, &floaters) {
        let next = next.as_slice();
        let ours = in_bracket(&members, computed);
        let theirs = in_bracket(&members, recorded);
        if ours != theirs {
            let judge = Judge { round, members: &members, next, active: &active, pairing };
            return judge.compare(&ours, &theirs);
        }
        floaters.clear();
        for (i, partner) in ours.iter().enumerate() {
            match partner {
                Some(_) => active[members[i]] = false,
                None => floaters.push(members[i]),
            }
        }
    }
    finding("3.2", "the recorded pairing differs from the rules' pairing (3.2)".to_owned())
}

struct Judge<'j, 'a> {
    round: &'j Round<'a>,
    members: &'j [usize],
    next: &'j [usize],
    active: &'j [bool],
    pairing: &'j RoundPairing,
}

impl Judge<'_, '_> {
    fn name(&self) -> String {
        let score = self.members.iter().map(|&v| self.round.players[v].score).min().unwrap_or_default();
        format!(
            "the bracket down to {score} points (sequence order: {})",
            ids(self.round, self.members.iter().copied())
        )
    }

    fn pairs(&self, candidate: &[Option<usize>]) -> usize {
        candidate.iter().flatten().count() / 2
    }

    fn floaters(&self, candidate: &[Option<usize>]) -> Vec<usize> {
        (0..self.members.len()).filter(|&i| candidate[i].is_none()).map(|i| self.members[i]).collect()
    }

    fn floater_scores(&self, candidate: &[Option<usize>]) -> Vec<Points> {
        let mut list: Vec<Points> = self.floaters(candidate).iter().map(|&v| self.round.players[v].score).collect();
        list.sort_by(|a, b| b.cmp(a));
        list
    }

    /// [C7]: the best pairs and floater scores of the following bracket (with [C4]).
    fn following(&self, candidate: &[Option<usize>]) -> (usize, Vec<Points>) {
        if self.next.is_empty() {
            return (0, Vec::new());
        }
        let mut after = self.active.to_vec();
        for (i, partner) in candidate.iter().enumerate() {
            if partner.is_some() {
                after[self.members[i]] = false;
            }
        }
        let following: Vec<usize> = self.floaters(candidate).into_iter().chain(self.next.iter().copied()).collect();
        let mut vertices = following.clone();
        vertices.extend((0..self.round.n()).filter(|&v| after[v] && !following.contains(&v)));
        let mates = super::engine::matching_of(self.round, &vertices, &following, &[], true);
        let within = |i: usize| mates[i].is_some_and(|j| j < following.len());
        let pairs = (0..following.len()).filter(|&i| within(i)).count() / 2;
        let mut left: Vec<Points> =
            (0..following.len()).filter(|&i| !within(i)).map(|i| self.round.players[following[i]].score).collect();
        left.sort_by(|a, b| b.cmp(a));
        (pairs, left)
    }

    fn colour_failures(&self, candidate: &[Option<usize>]) -> usize {
        (0..self.members.len())
            .filter_map(|i| candidate[i].filter(|&j| i < j).map(|j| (self.members[i], self.members[j])))
            .filter(|&(a, b)| !preferences_agree(&self.round.players[a], &self.round.players[b]))
            .count()
    }

    fn board_list(&self, candidate: &[Option<usize>]) -> String {
        let mut list = Vec::new();
        for (i, partner) in candidate.iter().enumerate() {
            if let Some(j) = partner.filter(|&j| i < j) {
                let (x, y) = (self.round.players[self.members[i]].id, self.round.players[self.members[j]].id);
                let board = self.pairing.board_number(x);
                list.push(if board > 0 { format!("{x}–{y} (board {board})") } else { format!("{x}–{y}") });
            }
        }
        if list.is_empty() { "no pairs".to_owned() } else { list.join(", ") }
    }

    fn compare(&self, ours: &[Option<usize>], theirs: &[Option<usize>]) -> Explanation {
        let name = self.name();
        let (p_ours, p_theirs) = (self.pairs(ours), self.pairs(theirs));
        if p_ours != p_theirs {
            return verdict(
                "C5",
                p_theirs < p_ours,
                format!(
                    "C5 (2.3.1, maximise the number of pairs): in {name}, the record makes {p_theirs} pairs ({}), the \
                     rules {p_ours} ({})",
                    self.board_list(theirs),
                    self.board_list(ours)
                ),
            );
        }
        let (s_ours, s_theirs) = (self.floater_scores(ours), self.floater_scores(theirs));
        if s_ours != s_theirs {
            return verdict(
                "C6",
                s_theirs > s_ours,
                format!(
                    "C6 (2.3.2, minimise the scores of the outgoing floaters): in {name}, the record floats {} with {} \
                     points, the rules {} with {}",
                    ids(self.round, self.floaters(theirs)),
                    scores(&s_theirs),
                    ids(self.round, self.floaters(ours)),
                    scores(&s_ours)
                ),
            );
        }
        let (f_ours, f_theirs) = (self.following(ours), self.following(theirs));
        if f_ours != f_theirs {
            let worse = f_theirs.0 < f_ours.0 || (f_theirs.0 == f_ours.0 && f_theirs.1 > f_ours.1);
            return verdict(
                "C7",
                worse,
                format!(
                    "C7 (2.3.3, floaters that let the following bracket comply with C1–C6): in {name}, the record \
                     floats {}, after which the following bracket makes at best {} pairs and floats scores {}; the \
                     rules float {}, which allows {} pairs, floating {}",
                    ids(self.round, self.floaters(theirs)),
                    f_theirs.0,
                    scores(&f_theirs.1),
                    ids(self.round, self.floaters(ours)),
                    f_ours.0,
                    scores(&f_ours.1)
                ),
            );
        }
        let (c_ours, c_theirs) = (self.colour_failures(ours), self.colour_failures(theirs));
        if c_ours != c_theirs {
            return verdict(
                "C8",
                c_theirs > c_ours,
                format!(
                    "C8 (2.3.4, minimise the players who do not get their colour preference): in {name}, {c_theirs} \
                     in the record's pairs ({}), {c_ours} in the rules' ({})",
                    self.board_list(theirs),
                    self.board_list(ours)
                ),
            );
        }
        // Art. 4: the first sequence number whose opponent differs; a floater's is 0.
        let bsn = |partner: Option<usize>| partner.map_or(0, |j| j + 1);
        let first = (0..self.members.len()).find(|&i| ours[i] != theirs[i]).unwrap_or(0);
        let (o, t) = (bsn(ours[first]), bsn(theirs[first]));
        verdict(
            "4.3",
            t < o,
            format!(
                "4.3 (order of pairings; the record ties on C5–C8): in {name}, BSN {} (player {}) meets BSN {t} in the \
                 record and BSN {o} in the rules' pairing, which comes first (a larger opponent BSN first, 0 for a \
                 floater); the record pairs {}, the rules {}",
                first + 1,
                self.round.players[self.members[first]].id,
                self.board_list(theirs),
                self.board_list(ours)
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_against_the_record_is_a_finding_and_for_it_a_bug() {
        assert!(!verdict("C5", true, String::new()).recorded_is_better);
        assert!(verdict("C5", false, String::new()).recorded_is_better);
    }
}
