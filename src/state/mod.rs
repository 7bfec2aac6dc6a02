//! The tournament as it stood before a round was paired, rebuilt from the recorded rounds before it.
//!
//! Everything here holds for every Swiss system: who takes part in the round, their scores
//! (with acceleration), their colour histories and preferences, their eligibility for the
//! pairing-allocated bye, who has met whom. What a system makes of it (brackets, floats as its
//! rules define them, criteria) lives with the system.

mod colours;

use std::collections::{BTreeMap, BTreeSet};

pub use colours::{ColourHistory, PreferenceStrength, compatible_preferences};

use crate::model::{
    Colour, DraughtsOptions, EntryKind, InitialColourSource, PlayerId, PointSystem, Points, Tournament,
};

/// How the players of the round are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Participation {
    /// Checking a recorded round: the players it paired (a game, played or forfeited, or the PAB).
    Recorded,
    /// Pairing the next round: every player without a bye, an absence or a withdrawal marked for it.
    NextRound,
}

/// One player's record of a past round, with the scores it was played at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastRound {
    pub kind: EntryKind,
    /// Points the round gave.
    pub points: Points,
    /// The player's score before that round, without acceleration.
    pub score_before: Points,
    /// Fictitious points the player had for pairing that round.
    pub acceleration: Points,
}

impl PastRound {
    /// The score the player was paired with in that round.
    pub fn pairing_score(&self) -> Points {
        self.score_before + self.acceleration
    }

    /// True when a game was played over the board (it gives a colour).
    pub fn played(&self) -> bool {
        matches!(self.kind, EntryKind::Played { .. })
    }

    /// True when the player took part in that round's pairing: a game (played or forfeited) or
    /// the pairing-allocated bye (also the legacy `0000 - +`, which older programs wrote for it).
    pub fn paired(&self) -> bool {
        self.kind.is_paired()
    }

    /// The opponent of a game played over the board.
    pub fn played_opponent(&self) -> Option<PlayerId> {
        match self.kind {
            EntryKind::Played { opponent, .. } => Some(opponent),
            _ => None,
        }
    }
}

/// A player to be paired in the round.
#[derive(Clone, Debug)]
pub struct Contender {
    pub id: PlayerId,
    /// Position in the pairing order (0-based): the tournament pairing number among the players who
    /// count for this round (C.04.2 2.4–2.5: a late entry gets a number only when they arrive).
    pub rank: u32,
    pub rating: Option<u32>,
    /// Score from the rounds before, without acceleration.
    pub score: Points,
    /// Fictitious points for pairing this round (C.04.7, records 250/XXA).
    pub acceleration: Points,
    /// Rounds 1 to round-1.
    pub past: Vec<PastRound>,
    pub colours: ColourHistory,
}

impl Contender {
    /// The score that places the player in a scoregroup: standings points plus virtual points.
    pub fn pairing_score(&self) -> Points {
        self.score + self.acceleration
    }

    /// The pairing score `rounds_back` rounds ago (1 = the previous round), as it was paired then.
    pub fn pairing_score_back(&self, rounds_back: usize) -> Option<Points> {
        let index = self.past.len().checked_sub(rounds_back)?;
        Some(self.past[index].pairing_score())
    }

    /// Games actually played over the board.
    pub fn played_games(&self) -> u32 {
        self.past.iter().filter(|r| r.played()).count() as u32
    }
}

/// The state before pairing one round.
#[derive(Clone, Debug)]
pub struct RoundState {
    /// The round to pair (1-based).
    pub round: u32,
    /// The number of rounds of the tournament (142/XXR, or the rounds recorded when undeclared).
    pub total_rounds: u32,
    pub point_system: PointSystem,
    /// The colour the top player got in round 1 (drawn by lot before round 1).
    pub initial_colour: Colour,
    pub initial_colour_source: Option<InitialColourSource>,
    /// The players to pair, in pairing order (by rank).
    pub players: Vec<Contender>,
    /// Pairs that may not meet in this round (260, XXP, FOR), smaller number first.
    pub forbidden: BTreeSet<(PlayerId, PlayerId)>,
    /// The past rounds of every player, by pairing number (also those not paired in this round).
    pub histories: BTreeMap<PlayerId, Vec<PastRound>>,
    /// The rating of every player, by pairing number (also those not paired in this round: the
    /// Dubov system's ARO counts the ratings of past opponents, C.04.4.1 1.6).
    pub ratings: BTreeMap<PlayerId, Option<u32>>,
    /// The FMJD organiser's options as declared (`XDO`, or flags); the FMJD engines read them.
    pub draughts: DraughtsOptions,
    /// The Lim system's Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7), from the flag; the Lim
    /// engines read it.
    pub maxi_tournament: bool,
}

impl RoundState {
    /// Rebuilds the state before `round` (1-based) from the recorded rounds before it.
    pub fn build(t: &Tournament, round: u32, participation: Participation) -> RoundState {
        let system = t.point_system.clone();
        let total_rounds = t.header.rounds.unwrap_or_else(|| t.rounds_paired().max(round));
        // Pairing order: pairing numbers, or the order of the 001 records under JaVaFo's `XXC rank`.
        let mut order: Vec<usize> = (0..t.players.len()).collect();
        if !t.pair_by_rank {
            order.sort_by_key(|&i| t.players[i].id);
        }
        let requested: BTreeSet<PlayerId> =
            t.requested_byes.iter().filter(|b| b.round == round).flat_map(|b| b.players.iter().copied()).collect();
        let takes_part = |i: usize| {
            let entry = t.players[i].round(round);
            match participation {
                Participation::Recorded => entry.kind().is_paired(),
                // A marker in the round to pair (`0000 - Z/H/F`, or a bye request) keeps a player out.
                Participation::NextRound => entry.is_blank() && !requested.contains(&t.players[i].id),
            }
        };
        // Who counts for pairing numbers: present now, or paired in an earlier round.
        let counts = |i: usize| takes_part(i) || (1..round).any(|r| t.players[i].round(r).kind().is_paired());
        let accelerations = Accelerations::new(t, &order);
        // Collected at once, the map is built from the sorted pairs instead of by an insertion each.
        let histories: BTreeMap<PlayerId, Vec<PastRound>> = t
            .players
            .iter()
            .map(|player| {
                let mut score = Points::ZERO;
                let mut past = Vec::with_capacity(round as usize - 1);
                for r in 1..round {
                    let entry = player.round(r);
                    let points = t.round_points(player, r);
                    past.push(PastRound {
                        kind: entry.kind(),
                        points,
                        score_before: score,
                        acceleration: accelerations.get(player.id, r),
                    });
                    score += points;
                }
                (player.id, past)
            })
            .collect();
        let mut players = Vec::with_capacity(t.players.len());
        let mut rank = 0;
        for &i in &order {
            if !counts(i) {
                continue;
            }
            let player = &t.players[i];
            let this_rank = rank;
            rank += 1;
            if !takes_part(i) {
                continue;
            }
            let past = histories[&player.id].clone();
            let score = past.iter().map(|r| r.points).sum();
            players.push(Contender {
                id: player.id,
                rank: this_rank,
                rating: player.rating,
                score,
                acceleration: accelerations.get(player.id, round),
                colours: ColourHistory::from_past(&past),
                past,
            });
        }
        let forbidden = t.forbidden_in(round);
        let initial = t.initial_colour();
        RoundState {
            round,
            total_rounds,
            point_system: system,
            initial_colour: initial.map_or(Colour::White, |(c, _)| c),
            initial_colour_source: initial.map(|(_, source)| source),
            players,
            forbidden,
            histories,
            ratings: t.players.iter().map(|p| (p.id, p.rating)).collect(),
            draughts: t.draughts_options,
            maxi_tournament: t.maxi_tournament,
        }
    }

    /// True when pairing the final round (topscorers exist only then: C.04.3 1.8).
    pub fn is_final_round(&self) -> bool {
        self.round >= self.total_rounds
    }

    /// A topscorer: over 50% of the maximum possible score when pairing the final round.
    pub fn is_topscorer(&self, player: &Contender) -> bool {
        let played = i64::from(self.round - 1);
        let best = self.point_system.white_win.max(self.point_system.white_draw);
        self.is_final_round() && player.pairing_score().tenths() * 2 > played * best.tenths()
    }

    /// True when the two players already met in a game played over the board (C1: a forfeited
    /// game does not count, C.04.2 3.5), or may not meet in this round (260/XXP).
    pub fn have_met(&self, a: &Contender, b: &Contender) -> bool {
        a.past.iter().any(|r| r.played_opponent() == Some(b.id))
            || self.forbidden.contains(&(a.id.min(b.id), a.id.max(b.id)))
    }

    /// [`RoundState::have_met`] for every two of the players `order` (a system's list of this
    /// round's players): `met[a * n + b]` by their positions, `n = order.len()`, asked of the
    /// later of the two (as [`RoundState::met_by_position`] answers it) and set both ways. A
    /// player the state does not pair meets nobody.
    pub fn met_matrix(&self, order: &[PlayerId]) -> Vec<bool> {
        let n = order.len();
        let mut met = vec![false; n * n];
        for (a, earlier) in self.met_by_position(order).iter().enumerate() {
            for &b in earlier.iter().filter(|&&b| b < a) {
                met[a * n + b] = true;
                met[b * n + a] = true;
            }
        }
        met
    }

    /// [`RoundState::have_met`] for the players `order` (a system's list of this round's players)
    /// as lists: `met[a]` holds the positions `b` for which `have_met(order[a], order[b])`. Read
    /// from each player's own rounds once, where a large round asking `have_met` of every pair
    /// would scan a player's rounds `n` times. A player the state does not pair meets nobody.
    pub fn met_by_position(&self, order: &[PlayerId]) -> Vec<Vec<usize>> {
        let paired: Vec<PlayerId> = self.players.iter().map(|c| c.id).collect();
        let positions = Positions::new(order, &paired);
        let position = |id: PlayerId| positions.get(id);
        let mut met = vec![Vec::new(); order.len()];
        for contender in &self.players {
            if let Some(a) = position(contender.id) {
                met[a].reserve_exact(contender.past.len());
                let opponents = contender.past.iter().filter_map(PastRound::played_opponent);
                met[a].extend(opponents.filter_map(position));
            }
        }
        for &(x, y) in &self.forbidden {
            if let (Some(a), Some(b)) = (position(x), position(y)) {
                met[a].push(b);
                met[b].push(a);
            }
        }
        met
    }

    /// The past rounds of any player (also one not paired in this round).
    pub fn past_of(&self, id: PlayerId) -> &[PastRound] {
        self.histories.get(&id).map_or(&[], Vec::as_slice)
    }
}

/// Positions in a list of players by pairing number, for looking up every past game of a round:
/// a table indexed by the number where the numbers are dense (pairing numbers run from 1 to about
/// the field's size in nearly every file; two hash maps took 2% of a 200-player check), else the
/// numbers sorted, searched by halves (a crosstable may number its players far apart, and a table
/// as long as the largest number would be as large).
enum Positions {
    Table(Vec<usize>),
    Sorted(Vec<(PlayerId, usize)>),
}

impl Positions {
    /// The positions in `order` of the players among `paired`.
    fn new(order: &[PlayerId], paired: &[PlayerId]) -> Positions {
        let largest = paired.iter().max().map_or(0, |&id| id as usize);
        if largest <= 4 * paired.len() + 1024 {
            let mut is_paired = vec![false; largest + 1];
            for &id in paired {
                is_paired[id as usize] = true;
            }
            let mut table = vec![usize::MAX; largest + 1];
            for (position, &id) in order.iter().enumerate() {
                if is_paired.get(id as usize) == Some(&true) {
                    table[id as usize] = position;
                }
            }
            return Positions::Table(table);
        }
        let mut paired = paired.to_vec();
        paired.sort_unstable();
        let mut sorted: Vec<(PlayerId, usize)> = order
            .iter()
            .enumerate()
            .filter(|(_, id)| paired.binary_search(id).is_ok())
            .map(|(p, &id)| (id, p))
            .collect();
        sorted.sort_unstable();
        Positions::Sorted(sorted)
    }

    fn get(&self, id: PlayerId) -> Option<usize> {
        match self {
            Positions::Table(table) => table.get(id as usize).copied().filter(|&position| position != usize::MAX),
            Positions::Sorted(sorted) => {
                sorted.binary_search_by_key(&id, |&(id, _)| id).ok().map(|index| sorted[index].1)
            }
        }
    }
}

/// The Baku method's virtual points (C.04.7 1) as 250 records, as a `_BAKU` code without records
/// gives them: for each run of consecutive pairing numbers in GA, a win's points in the first half
/// of the accelerated rounds and a draw's in the rest (`generate --baku` writes them, so that a
/// program that reads the records and not the code pairs the same).
pub fn baku_records(t: &Tournament) -> Vec<crate::model::Acceleration> {
    let mut declared = t.clone();
    declared.accelerations.clear();
    declared.header.baku_acceleration_flag = true;
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    if !t.pair_by_rank {
        order.sort_by_key(|&i| t.players[i].id);
    }
    let baku = Accelerations::new(&declared, &order).baku;
    let mut records = Vec::new();
    let mut ids = baku.keys().copied().peekable();
    while let Some(first) = ids.next() {
        let mut last = first;
        while ids.peek() == Some(&(last + 1)) {
            last = ids.next().unwrap_or(last);
        }
        // Every GA player's points are the same: rounds of equal points make one record.
        let points = &baku[&first];
        let mut round = 1;
        while round <= points.len() {
            let value = points[round - 1];
            let end = (round..=points.len()).take_while(|&r| points[r - 1] == value).last().unwrap_or(round);
            records.push(crate::model::Acceleration {
                match_points: None,
                game_points: value,
                first_round: round as u32,
                last_round: end as u32,
                first_player: first,
                last_player: last,
            });
            round = end + 1;
        }
    }
    records
}

/// Fictitious points per player and round: the 250/XXA records, or the Baku method (C.04.7 1)
/// when a `_BAKU` code or `ACC true` declares it and no record gives them.
struct Accelerations {
    explicit: Vec<crate::model::Acceleration>,
    baku: BTreeMap<PlayerId, Vec<Points>>,
}

impl Accelerations {
    fn new(t: &Tournament, order: &[usize]) -> Accelerations {
        let explicit = t.accelerations.clone();
        let mut baku = BTreeMap::new();
        let declared = t.header.baku_acceleration_flag
            || t.header.system_code.as_deref().is_some_and(|c| c.trim().to_ascii_uppercase().ends_with("_BAKU"));
        if declared && explicit.is_empty() {
            let system = &t.point_system;
            let rounds = t.header.rounds.unwrap_or_else(|| t.rounds_paired());
            // C.04.7 1.2: before round 1, "the list of participants to be paired" is split; GA is
            // its first half, rounded up to an even number. A player not paired in round 1 is not
            // in that list (a late entry, C.04.2 2.4); 1.3.2 keeps the last GA participant fixed
            // afterwards, so GA is everyone ranked up to them — a late entry ranked above joins GA.
            let round_one_recorded = t.players.iter().any(|p| p.round(1).kind().is_paired());
            let requested_round_one =
                |id: PlayerId| t.requested_byes.iter().any(|b| b.round == 1 && b.players.contains(&id));
            let in_round_one: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&i| {
                    let player = &t.players[i];
                    if round_one_recorded {
                        player.round(1).kind().is_paired()
                    } else {
                        player.round(1).is_blank() && !requested_round_one(player.id)
                    }
                })
                .collect();
            let group_a = 2 * in_round_one.len().div_ceil(4);
            let last_of_group_a =
                group_a.min(in_round_one.len()).checked_sub(1).and_then(|last| in_round_one.get(last)).copied();
            let group_a = last_of_group_a.and_then(|last| order.iter().position(|&i| i == last)).map_or(0, |at| at + 1);
            // 1.4.1: the accelerated rounds are the first half, rounded up; 1.4.2: the first half of
            // them (rounded up) give a win's points, the rest (1.4.3) half of that.
            let accelerated = rounds.div_ceil(2);
            let full = accelerated.div_ceil(2);
            for &i in order.iter().take(group_a) {
                let points =
                    (1..=accelerated).map(|r| if r <= full { system.white_win } else { system.white_draw }).collect();
                baku.insert(t.players[i].id, points);
            }
        }
        Accelerations { explicit, baku }
    }

    fn get(&self, player: PlayerId, round: u32) -> Points {
        let explicit: Points = self.explicit.iter().filter(|a| a.applies(player, round)).map(|a| a.game_points).sum();
        let baku = self.baku.get(&player).and_then(|p| p.get(round as usize - 1)).copied().unwrap_or(Points::ZERO);
        explicit + baku
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{ReadOptions, read_bytes};

    /// Positions by pairing number, dense or far apart: each paired player's position in the
    /// order, none for a player not paired or not in the order, the same both ways.
    #[test]
    fn positions_by_number_dense_and_far_apart() {
        for scale in [1, 3, 1_000_000] {
            let order: Vec<PlayerId> = [5, 2, 9, 7, 1].iter().map(|&n| n * scale).collect();
            let paired: Vec<PlayerId> = [1, 2, 7, 9, 11].iter().map(|&n| n * scale).collect();
            let positions = Positions::new(&order, &paired);
            assert_eq!(matches!(positions, Positions::Table(_)), scale < 1_000_000);
            let found: Vec<Option<usize>> = [1, 2, 5, 7, 9, 11, 4].iter().map(|&n| positions.get(n * scale)).collect();
            assert_eq!(found, [Some(4), Some(1), None, Some(3), Some(2), None, None], "scale {scale}");
            assert_eq!(positions.get(PlayerId::MAX), None);
        }
    }

    #[test]
    fn who_met_whom_by_position_is_have_met_of_every_pair() {
        // Two rounds played, a prohibited pair (XXP 2 4), and a bye asked for round 3.
        let path = std::path::Path::new("trf-samples/javafo-round-to-pair.trf");
        let text = include_bytes!("../../trf-samples/javafo-round-to-pair.trf");
        let loaded = read_bytes(path, text, ReadOptions::default());
        let t = loaded.tournament.expect("a tournament");
        for (round, participation) in [(2, Participation::Recorded), (3, Participation::NextRound)] {
            let state = RoundState::build(&t, round, participation);
            // Every player of the file in another order, and one who is not in it (99): in round 3
            // players 5 and 6 sit out (byes asked), and meet nobody though they have played.
            let order: Vec<PlayerId> = vec![6, 99, 5, 4, 3, 2, 1];
            let met = state.met_by_position(&order);
            let matrix = state.met_matrix(&order);
            let contender = |id: PlayerId| state.players.iter().find(|c| c.id == id);
            let mut pairs = 0;
            for (a, &x) in order.iter().enumerate() {
                for (b, &y) in order.iter().enumerate() {
                    let expected = match (contender(x), contender(y)) {
                        (Some(cx), Some(cy)) => x != y && state.have_met(cx, cy),
                        _ => false,
                    };
                    assert_eq!(met[a].contains(&b), expected, "round {round}: {x} and {y}");
                    let earlier = if a > b { expected } else { met[b].contains(&a) };
                    assert_eq!(matrix[a * order.len() + b], earlier, "round {round}: {x} and {y} in the matrix");
                    pairs += usize::from(expected);
                }
            }
            // Round 2 knows round 1's games, round 3 round 2's too; the prohibited pair holds in both.
            let position = |id: PlayerId| order.iter().position(|&o| o == id).unwrap();
            assert!(met[position(1)].contains(&position(4)), "round {round}: 1 played 4 in round 1");
            assert_eq!(met[position(1)].contains(&position(3)), round == 3, "round {round}: 1 played 3 in round 2");
            assert!(met[position(2)].contains(&position(4)), "round {round}: XXP 2 4");
            assert!(pairs >= 6, "round {round}: {pairs}");
        }
    }
}
