//! The order of the standings (4.2): by each tie-break of the list in turn, for each group still
//! tied, and Direct Encounter (Art. 6), whose value depends on the group it is applied to.

use std::collections::BTreeMap;

use crate::model::Points;

use super::descriptor::{Code, Descriptor, TeamCode, TeamScore as DescriptorScore};
use super::rounds::{Field, Happened};
use super::value::Value;
use super::{Scores, team};

/// One entry of the list, ready to order a group.
pub enum Key<'a> {
    /// The values of a tie-break, and whether the higher ranks first.
    Values { values: &'a [Value], higher_first: bool },
    /// Art. 6 on the field's score; `/P` counts forfeits as games (6.1.1).
    DirectEncounter { field: &'a Field, forfeits_played: bool },
    /// Art. 13.3 (teams): Direct Encounter on the primary score, then on the secondary one, then
    /// for two teams still level on both scores the knock-out tie-breaks the acronym names (13.3.2).
    ExtendedDirectEncounter {
        primary: &'a Field,
        secondary: &'a Field,
        forfeits_played: bool,
        knock_out: Vec<BoardKey<'a>>,
    },
    /// Art. 12 on its own.
    Board(BoardKey<'a>),
}

/// A knock-out tie-break of Art. 12 as it orders a group of teams.
pub enum BoardKey<'a> {
    /// 12.1: the lower Board Count first, and only among teams with the same game points.
    Count { values: Vec<Value>, game_points: &'a [Points] },
    /// 12.2, 12.3: the higher first, value by value: each is compared where the ones before tie.
    Successive(Vec<Vec<Points>>),
}

impl<'a> Key<'a> {
    /// The key of a list entry: its values, or for an entry whose order depends on the group, what
    /// it is computed from.
    pub fn of(d: &Descriptor, values: &'a [Value], higher_first: bool, scores: &'a Scores) -> Key<'a> {
        let forfeits_played = d.forfeits_played;
        let (Code::Team(code), Some(secondary), Some(boards)) = (d.code, scores.secondary(), scores.boards()) else {
            return match d.code {
                Code::De => Key::DirectEncounter { field: scores.on(d.score).0, forfeits_played },
                _ => Key::Values { values, higher_first },
            };
        };
        let game_points = &scores.on(Some(DescriptorScore::Game)).0.score;
        let count = || BoardKey::Count { values: team::board_count(boards), game_points };
        let top = || BoardKey::Successive(team::top_boards(boards));
        let bottom = || BoardKey::Successive(team::bottom_board_elimination(boards));
        // 13.3.2 (2026): EDEBT = EDE, BC, TBR; EDEBB = EDE, BC, BBE; EDET = EDE, TBR; EDEB = EDE, BBE.
        let knock_out = match code {
            TeamCode::Bc => return Key::Board(count()),
            TeamCode::Tbr => return Key::Board(top()),
            TeamCode::Bbe => return Key::Board(bottom()),
            TeamCode::Ede => Vec::new(),
            TeamCode::Edet => vec![top()],
            TeamCode::Edeb => vec![bottom()],
            TeamCode::Edebt => vec![count(), top()],
            TeamCode::Edebb => vec![count(), bottom()],
            _ => return Key::Values { values, higher_first },
        };
        Key::ExtendedDirectEncounter { primary: &scores.primary, secondary, forfeits_played, knock_out }
    }
}

impl BoardKey<'_> {
    fn order(&self, group: &[usize]) -> Vec<Vec<usize>> {
        let mut group = group.to_vec();
        match self {
            BoardKey::Count { values, game_points } => {
                // 12.1: "It can only be used when all tied teams have the same number of game points".
                if group.iter().any(|&p| game_points[p] != game_points[group[0]]) {
                    return vec![group];
                }
                group.sort_by(|&a, &b| values[a].cmp(&values[b]));
                group.chunk_by(|&a, &b| values[a] == values[b]).map(<[usize]>::to_vec).collect()
            }
            BoardKey::Successive(vectors) => {
                group.sort_by(|&a, &b| vectors[b].cmp(&vectors[a]));
                group.chunk_by(|&a, &b| vectors[a] == vectors[b]).map(<[usize]>::to_vec).collect()
            }
        }
    }
}

/// Whether a tie-break's value depends on the group it is applied to (Arts. 6 and 13.3).
pub fn depends_on_the_group(code: Code) -> bool {
    matches!(
        code,
        Code::De | Code::Team(TeamCode::Ede | TeamCode::Edet | TeamCode::Edeb | TeamCode::Edebt | TeamCode::Edebb)
    )
}

/// The groups of the `count` participants in standings order; a group of more than one is a tie the
/// list does not break. `found[k][p]` receives participant `p`'s value under entry `k` in the first
/// group that entry was applied to, for the entries whose value depends on the group.
pub fn order(count: usize, keys: &[Key<'_>], found: &mut [Vec<Option<Value>>]) -> Vec<Vec<usize>> {
    let everyone: Vec<usize> = (0..count).collect();
    let mut out = Vec::new();
    split(keys, everyone, 0, found, &mut out);
    out
}

fn split(keys: &[Key<'_>], group: Vec<usize>, k: usize, found: &mut [Vec<Option<Value>>], out: &mut Vec<Vec<usize>>) {
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
        Key::DirectEncounter { field, forfeits_played } => {
            direct_encounter(field, &group, *forfeits_played, &mut found[k])
        }
        Key::ExtendedDirectEncounter { primary, secondary, forfeits_played, knock_out } => {
            let ede = Ede { primary, secondary, forfeits_played: *forfeits_played, knock_out };
            ede.split(&group, &mut found[k])
        }
        Key::Board(board) => board.order(&group),
    };
    for part in parts {
        split(keys, part, k + 1, found, out);
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

/// Art. 13.3 on a tied group of teams.
struct Ede<'k, 'a> {
    primary: &'a Field,
    secondary: &'a Field,
    forfeits_played: bool,
    knock_out: &'k [BoardKey<'a>],
}

impl Ede<'_, '_> {
    /// Direct Encounter on the primary score (13.3.1); if it breaks no tie, on the secondary score;
    /// then, for exactly two teams still level on both scores, the knock-out tie-breaks in turn
    /// (13.3.2). Each tied part left starts again at 13.3.1 (13.3.3). `found` receives the primary
    /// separate standings of the first group.
    fn split(&self, group: &[usize], found: &mut [Option<Value>]) -> Vec<Vec<usize>> {
        let mut parts = direct_encounter(self.primary, group, self.forfeits_played, found);
        if parts.len() == 1 {
            let mut ignored = vec![None; found.len()];
            parts = direct_encounter(self.secondary, group, self.forfeits_played, &mut ignored);
        }
        if parts.len() == 1 && group.len() == 2 && self.level(group[0], group[1]) {
            for key in self.knock_out {
                parts = key.order(group);
                if parts.len() > 1 {
                    break;
                }
            }
        }
        if parts.len() == 1 {
            return parts;
        }
        let mut out = Vec::new();
        for part in parts {
            if part.len() > 1 {
                out.extend(self.split(&part, found));
            } else {
                out.push(part);
            }
        }
        out
    }

    /// 13.3.2: "still tied in both MP and GP", the tournament's scores.
    fn level(&self, a: usize, b: usize) -> bool {
        self.primary.score[a] == self.primary.score[b] && self.secondary.score[a] == self.secondary.score[b]
    }
}

/// Each member's score against the others (exact, 6.1.2's averages included) and the number of
/// other members it has not met.
pub(super) fn separate_standings(field: &Field, group: &[usize], forfeits_played: bool) -> (Vec<Value>, Vec<usize>) {
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
