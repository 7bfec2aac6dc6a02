//! The order of the standings (4.2): by each tie-break of the list in turn, for each group still
//! tied, and Direct Encounter (Art. 6), whose value depends on the group it is applied to.

use std::collections::BTreeMap;

use crate::model::Points;

use super::rounds::{Field, Happened};
use super::value::Value;

/// One entry of the list, ready to order a group.
pub enum Key<'a> {
    /// The values of a tie-break, and whether the higher ranks first.
    Values { values: &'a [Value], higher_first: bool },
    /// Art. 6; `/P` counts forfeits as games (6.1.1).
    DirectEncounter { forfeits_played: bool },
}

/// The groups of participants in standings order; a group of more than one is a tie the list does
/// not break. `de` receives each participant's score in the separate standings of the first group
/// Direct Encounter was applied to.
pub fn order(field: &Field, keys: &[Key<'_>], de: &mut [Option<Value>]) -> Vec<Vec<usize>> {
    let everyone: Vec<usize> = (0..field.len()).collect();
    let mut out = Vec::new();
    split(field, keys, everyone, 0, de, &mut out);
    out
}

fn split(
    field: &Field,
    keys: &[Key<'_>],
    group: Vec<usize>,
    k: usize,
    de: &mut [Option<Value>],
    out: &mut Vec<Vec<usize>>,
) {
    if group.len() < 2 || k == keys.len() {
        out.push(group);
        return;
    }
    let parts = match &keys[k] {
        Key::Values { values, higher_first } => {
            let mut group = group;
            group.sort_by(|&a, &b| {
                let order = values[b].cmp(&values[a]);
                if *higher_first { order } else { order.reverse() }
            });
            group.chunk_by(|&a, &b| values[a] == values[b]).map(<[usize]>::to_vec).collect()
        }
        Key::DirectEncounter { forfeits_played } => direct_encounter(field, &group, *forfeits_played, de),
    };
    for part in parts {
        split(field, keys, part, k + 1, de, out);
    }
}

/// Art. 6 on a tied group: the separate standings of the games among its members (6.1; forfeits
/// left out unless `/P`, 6.1.1; repeated meetings averaged, 6.1.2). If everyone has met everyone,
/// the separate standings rank them, and a part still tied is ranked by Art. 6 again (6.2).
/// Otherwise a participant ranks first who is alone at the top whatever the missing games give,
/// then the next likewise, and Art. 6 starts again on those left (6.3).
fn direct_encounter(
    field: &Field,
    group: &[usize],
    forfeits_played: bool,
    de: &mut [Option<Value>],
) -> Vec<Vec<usize>> {
    let (scores, missing) = separate_standings(field, group, forfeits_played);
    for (i, &p) in group.iter().enumerate() {
        de[p].get_or_insert(scores[i]);
    }
    let by_score = |members: &[usize]| -> Vec<Vec<usize>> {
        let mut sorted: Vec<usize> = members.to_vec();
        sorted.sort_by(|&a, &b| scores[b].cmp(&scores[a]));
        sorted.chunk_by(|&a, &b| scores[a] == scores[b]).map(<[usize]>::to_vec).collect()
    };
    let positions: Vec<usize> = (0..group.len()).collect();
    let to_players = |parts: Vec<Vec<usize>>| -> Vec<Vec<usize>> {
        parts.into_iter().map(|part| part.into_iter().map(|i| group[i]).collect()).collect()
    };
    if missing.iter().all(|&m| m == 0) {
        let parts = by_score(&positions);
        if parts.len() == 1 {
            return vec![group.to_vec()];
        }
        let mut out = Vec::new();
        for part in to_players(parts) {
            if part.len() > 1 {
                out.extend(direct_encounter(field, &part, forfeits_played, de));
            } else {
                out.push(part);
            }
        }
        return out;
    }
    // 6.3: the most a participant can still reach is its score plus a win for every missing game.
    let best = |i: usize| scores[i].plus_points(field.win.times(missing[i] as i64));
    let mut left = positions;
    let mut out = Vec::new();
    // Only a participant with the highest score can be alone at the top (each can still reach at
    // least its own score), so one look at the others per place: quadratic in the group.
    while left.len() > 1 {
        let Some(&top) = left.iter().max_by(|&&a, &&b| scores[a].cmp(&scores[b])) else { break };
        if !left.iter().all(|&j| j == top || scores[top] > best(j)) {
            break;
        }
        out.push(vec![group[top]]);
        left.retain(|&j| j != top);
    }
    if out.is_empty() {
        return vec![group.to_vec()];
    }
    let rest: Vec<usize> = left.into_iter().map(|i| group[i]).collect();
    if rest.len() > 1 {
        out.extend(direct_encounter(field, &rest, forfeits_played, de));
    } else if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Each member's score against the others (exact, 6.1.2's averages included) and the number of
/// other members it has not met.
fn separate_standings(field: &Field, group: &[usize], forfeits_played: bool) -> (Vec<Value>, Vec<usize>) {
    let position: BTreeMap<usize, usize> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut scores = Vec::with_capacity(group.len());
    let mut missing = Vec::with_capacity(group.len());
    for &p in group {
        // Per opponent in the group: the points and the number of games.
        let mut met: BTreeMap<usize, (i64, i64)> = BTreeMap::new();
        for view in &field.rounds[p] {
            let opponent = match view.happened {
                Happened::Played { opponent, .. } => Some(opponent),
                // 6.1.1: forfeits are left out, but for those 15.2 makes games (a round robin's).
                Happened::Forfeit { opponent, .. } if forfeits_played || field.predetermined => Some(opponent),
                _ => None,
            };
            if let Some(o) = opponent.filter(|o| position.contains_key(o)) {
                let entry = met.entry(o).or_default();
                entry.0 += view.points.tenths();
                entry.1 += 1;
            }
        }
        let score = met.values().fold(Value::whole(0), |sum, &(points, games)| {
            sum.add(Value::ratio(i128::from(points), 10 * i128::from(games)))
        });
        scores.push(score);
        missing.push(group.len() - 1 - met.len());
    }
    (scores, missing)
}

impl Value {
    fn add(self, other: Value) -> Value {
        match (self, other) {
            (Value::Exact { numerator: a, denominator: b }, Value::Exact { numerator: c, denominator: d }) => {
                Value::ratio(a * d + c * b, b * d)
            }
            _ => Value::Missing,
        }
    }

    fn plus_points(self, points: Points) -> Value {
        self.add(Value::points(points))
    }
}
