//! The smallest reproducer of a difference (docs/crosscheck.md, "The smallest reproducer"): from
//! the program's input for a round it paired otherwise than the rules, the earlier rounds, the
//! players and the games the difference does not need are taken out, the program is run again on
//! each candidate, and a candidate is kept when the program's pairing of its round still differs
//! from the rules' with the same severity. What is taken out goes by halves, then quarters, down to
//! one (the complement steps of Zeller's delta debugging), until nothing more can go or the time
//! given is spent.
//!
//! Taking out a player turns each of their opponents' games with them into the unplayed round
//! worth the same points (a full-point bye for a win, a half-point bye for a draw, a zero-point
//! bye for a loss, an absence for a forfeit loss), and numbers the players left 1, 2, … in their
//! order; taking out a game does the same for both its players; taking out a round drops its
//! columns, and one round from the total (record 142), so the rounds still to play stay as many.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{CrosscheckOptions, pair_externally};
use crate::model::{PlayerId, ResultCode, RoundEntry, Tournament};
use crate::report::{RoundReport, RoundStatus};
use crate::state::{Participation, RoundState};
use crate::systems::Severity;
use crate::verify::{self, CheckOptions, RoundRange};

/// What shrinking a difference found.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Shrink {
    /// The smallest tournament found whose round still differs.
    Shrunk(Shrunk),
    /// The program's pairing of the round, run again on the round's input alone, did not differ
    /// as it had (the program pairs otherwise on a second run, or reads more than the input).
    NotReproduced,
}

/// The smallest tournament found that still shows the difference.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shrunk {
    pub players: u32,
    /// Rounds before the differing one, and the games played over the board in them.
    pub rounds_before: u32,
    pub games: u32,
    /// The differing round in it (`rounds_before + 1`), and trfcheck's verdict on it.
    pub round: u32,
    pub severity: Option<String>,
    pub explanation: Option<String>,
    /// Runs of the program while shrinking, and the time they and the checks took.
    pub runs: u32,
    pub seconds: f64,
    /// False when the time given ran out before every piece had been tried.
    pub finished: bool,
    /// With `--save`: the program's input (pair its last round), and the same with the program's
    /// pairing of that round, which `check` shows differing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired_file: Option<String>,
}

/// The smallest tournament found, as files to write.
pub(super) struct Found {
    pub summary: Shrunk,
    pub input: Tournament,
    pub paired: Tournament,
}

/// A game of a round before the differing one, by its players' original numbers (lower first).
type Game = (u32, PlayerId, PlayerId);

/// What a candidate keeps of the program's input.
#[derive(Clone, Debug)]
struct Candidate {
    players: Vec<PlayerId>,
    rounds: Vec<u32>,
    games: Vec<Game>,
}

struct Shrinker<'a> {
    options: &'a CrosscheckOptions,
    work: &'a Path,
    columns: usize,
    /// The program's input for the differing round, which every candidate is cut from.
    input: Tournament,
    round: u32,
    severity: Option<Severity>,
    deadline: Instant,
    runs: u32,
    timed_out: bool,
    /// The last candidate that differed, written out.
    best: Option<(Tournament, Tournament, RoundReport)>,
}

/// Shrinks the difference of `round` in `t` (the tournament as the program paired it); `None` when
/// the program, run on the round's input alone, does not pair it otherwise than the rules again.
pub(super) fn shrink(
    options: &CrosscheckOptions,
    work: &Path,
    t: &Tournament,
    round: u32,
    severity: Option<Severity>,
    columns: usize,
    time: Duration,
) -> Option<Found> {
    let started = Instant::now();
    let input = super::round_input(t, round, columns);
    let games = played_games(&input, round, columns);
    let mut shrinker = Shrinker {
        options,
        work,
        columns,
        round,
        severity,
        deadline: started + time,
        runs: 0,
        timed_out: false,
        best: None,
        input,
    };
    let mut players: Vec<PlayerId> = shrinker.input.players.iter().map(|p| p.id).collect();
    // Sorted: the games left are looked up in it.
    players.sort_unstable();
    let mut best = Candidate { players, rounds: (1..round).collect(), games };
    if !shrinker.differs(&best) {
        return None;
    }
    loop {
        let before = (best.players.len(), best.rounds.len(), best.games.len());
        best.rounds = shrinker.reduce(&best, |c| &mut c.rounds);
        best.players = shrinker.reduce(&best, |c| &mut c.players);
        // The games left are those between players left, in rounds left.
        best.games.retain(|&(r, a, b)| {
            best.rounds.contains(&r) && best.players.binary_search(&a).is_ok() && best.players.binary_search(&b).is_ok()
        });
        best.games = shrinker.reduce(&best, |c| &mut c.games);
        if (best.players.len(), best.rounds.len(), best.games.len()) == before || shrinker.timed_out {
            break;
        }
    }
    let finished = !shrinker.timed_out;
    let runs = shrinker.runs;
    let (input, paired, report) = shrinker.best?;
    let summary = Shrunk {
        players: input.players.len() as u32,
        rounds_before: best.rounds.len() as u32,
        games: best.games.len() as u32,
        round: report.round,
        severity: report.severity.map(|s| s.to_string()),
        explanation: report.explanation,
        runs,
        seconds: (started.elapsed().as_secs_f64() * 100.0).round() / 100.0,
        finished,
        file: None,
        paired_file: None,
    };
    Some(Found { summary, input, paired })
}

impl Shrinker<'_> {
    /// Takes out of the list `part` picks every chunk the difference does not need: halves first,
    /// then quarters, down to single items.
    fn reduce<T: Clone>(&mut self, from: &Candidate, part: impl Fn(&mut Candidate) -> &mut Vec<T>) -> Vec<T> {
        let mut current = from.clone();
        let mut chunk = part(&mut current).len().div_ceil(2).max(1);
        while !part(&mut current).is_empty() && !self.timed_out {
            let mut start = 0;
            let mut removed_any = false;
            while start < part(&mut current).len() && !self.timed_out {
                let mut candidate = current.clone();
                let items = part(&mut candidate);
                let end = (start + chunk).min(items.len());
                items.drain(start..end);
                if self.differs(&candidate) {
                    current = candidate;
                    removed_any = true;
                } else {
                    start += chunk;
                }
            }
            match chunk {
                1 if !removed_any => break,
                1 => {}
                _ => chunk = chunk.div_ceil(2),
            }
        }
        part(&mut current).clone()
    }

    /// Whether the program's pairing of the candidate's round differs from the rules' with the
    /// severity of the difference being shrunk.
    fn differs(&mut self, candidate: &Candidate) -> bool {
        if Instant::now() >= self.deadline {
            self.timed_out = true;
            return false;
        }
        let input = self.build(candidate);
        let round = candidate.rounds.len() as u32 + 1;
        self.runs += 1;
        let Ok(pairing) = pair_externally(&self.options.engine, &input, self.work, self.options.timeout) else {
            return false;
        };
        let flags = self.options.flags();
        let view = crate::systems::of(self.options.system).read(&input, &flags);
        let state = RoundState::build(&view, round, Participation::NextRound);
        if crate::generate::check_pairing(&state, &pairing).is_err() {
            return false;
        }
        let mut paired = input.clone();
        let columns: Vec<usize> = (0..self.columns).map(|game| (round as usize - 1) * self.columns + game).collect();
        crate::generate::enter_round(&mut paired, &columns, &pairing, &mut |_, _, _| {
            (ResultCode::Blank, ResultCode::Blank)
        });
        let (text, _) = crate::formats::trf::write(&paired);
        let check = CheckOptions {
            system: Some(self.options.system.into()),
            organiser: flags,
            rounds: Some(RoundRange { first: round, last: Some(round) }),
            jobs: Some(1),
            no_standings: true,
            ..CheckOptions::default()
        };
        let (_, report) = verify::check_bytes(Path::new("shrink.trf"), text.as_bytes(), &check);
        let Some(verdict) = report.rounds.into_iter().find(|r| r.round == round) else { return false };
        let differs = matches!(verdict.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing)
            && verdict.severity == self.severity;
        if differs {
            self.best = Some((input, paired, verdict));
        }
        differs
    }

    /// The program's input cut down to what the candidate keeps.
    fn build(&self, candidate: &Candidate) -> Tournament {
        let mut t = self.input.clone();
        let players: BTreeSet<PlayerId> = candidate.players.iter().copied().collect();
        let games: BTreeSet<Game> = candidate.games.iter().copied().collect();
        for player in &mut t.players {
            let id = player.id;
            for (column, entry) in player.rounds.iter_mut().enumerate() {
                let round = (column / self.columns) as u32 + 1;
                let Some(opponent) = entry.scheduled_opponent() else { continue };
                if round >= self.round {
                    continue;
                }
                if !players.contains(&opponent) || !games.contains(&(round, id.min(opponent), id.max(opponent))) {
                    *entry = unplayed(*entry);
                }
            }
        }
        t.players.retain(|p| players.contains(&p.id));
        // The rounds taken out, last first so that the columns of the earlier ones stay put.
        let dropped: Vec<u32> = (1..self.round).rev().filter(|r| !candidate.rounds.contains(r)).collect();
        for &round in &dropped {
            let columns = (round as usize - 1) * self.columns..round as usize * self.columns;
            for player in &mut t.players {
                if columns.end <= player.rounds.len() {
                    player.rounds.drain(columns.clone());
                }
            }
            if columns.end <= t.header.round_dates.len() {
                t.header.round_dates.drain(columns.clone());
            }
            t.header.rounds = t.header.rounds.map(|n| n.saturating_sub(1));
            shift_rounds(&mut t, round);
        }
        renumber(&mut t);
        // The ranks of what is left.
        super::with_standings_so_far(&mut t);
        t.verbatim.push(crate::model::VerbatimRecord {
            text: format!(
                "### shrunk by trfcheck crosscheck from round {} of that tournament: players taken out, games \
                 made byes, rounds before it dropped",
                self.round
            ),
        });
        t
    }
}

/// The games played or forfeited, with an opponent, in the rounds before `round` (one per pair and
/// round: a Double-Swiss match's two games are one).
fn played_games(t: &Tournament, round: u32, columns: usize) -> Vec<Game> {
    let mut games = BTreeSet::new();
    for player in &t.players {
        for (column, entry) in player.rounds.iter().enumerate() {
            let r = (column / columns) as u32 + 1;
            if r >= round {
                break;
            }
            if let Some(opponent) = entry.scheduled_opponent() {
                games.insert((r, player.id.min(opponent), player.id.max(opponent)));
            }
        }
    }
    games.into_iter().collect()
}

/// The unplayed round worth what the game gave the player (TRF-2026 result codes).
fn unplayed(entry: RoundEntry) -> RoundEntry {
    RoundEntry::bye(match entry.result {
        ResultCode::Win | ResultCode::WinUnrated | ResultCode::ForfeitWin => ResultCode::FullPointBye,
        ResultCode::Draw | ResultCode::DrawUnrated => ResultCode::HalfPointBye,
        ResultCode::ForfeitLoss => ResultCode::ForfeitLoss,
        _ => ResultCode::ZeroPointBye,
    })
}

/// The records that name a round after `dropped` name the one before.
fn shift_rounds(t: &mut Tournament, dropped: u32) {
    let shift = |r: &mut u32| {
        if *r > dropped {
            *r -= 1;
        }
    };
    for bye in &mut t.requested_byes {
        shift(&mut bye.round);
    }
    for acceleration in &mut t.accelerations {
        shift(&mut acceleration.first_round);
        shift(&mut acceleration.last_round);
    }
    for pairs in &mut t.forbidden_pairs {
        pairs.first_round.iter_mut().for_each(shift);
        pairs.last_round.iter_mut().for_each(shift);
    }
}

/// Numbers the players left 1, 2, … in the order of their numbers, everywhere a number is written.
fn renumber(t: &mut Tournament) {
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let new: BTreeMap<PlayerId, PlayerId> = ids.iter().zip(1..).map(|(&old, new)| (old, new)).collect();
    // A player taken out maps to none; a range's ends to the nearest player left inside it.
    let map = |id: PlayerId| new.get(&id).copied();
    t.players.sort_by_key(|p| p.id);
    for player in &mut t.players {
        player.id = map(player.id).unwrap_or(player.id);
        for entry in &mut player.rounds {
            entry.opponent = entry.opponent.and_then(map);
        }
    }
    let keep = |list: &mut Vec<PlayerId>| *list = list.iter().filter_map(|&id| map(id)).collect();
    for bye in &mut t.requested_byes {
        keep(&mut bye.players);
    }
    t.requested_byes.retain(|b| !b.players.is_empty());
    for pairs in &mut t.forbidden_pairs {
        keep(&mut pairs.players);
    }
    t.forbidden_pairs.retain(|p| p.players.len() >= 2);
    for points in &mut t.abnormal_points {
        keep(&mut points.players);
    }
    t.abnormal_points.retain(|p| !p.players.is_empty());
    t.national_ratings.retain(|r| map(r.player).is_some());
    for rating in &mut t.national_ratings {
        rating.player = map(rating.player).unwrap_or(rating.player);
    }
    t.accelerations.retain_mut(|a| {
        let first = new.range(a.first_player..=a.last_player).next().map(|(_, &n)| n);
        let last = new.range(a.first_player..=a.last_player).next_back().map(|(_, &n)| n);
        match (first, last) {
            (Some(first), Some(last)) => {
                (a.first_player, a.last_player) = (first, last);
                true
            }
            _ => false,
        }
    });
    let count = t.players.len().to_string();
    t.header.number_of_players = Some(count);
    t.header.number_of_rated_players = Some(t.players.iter().filter(|p| p.rating.is_some()).count().to_string());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, Player};

    fn player(id: PlayerId, rounds: Vec<RoundEntry>) -> Player {
        Player { id, name: format!("P{id}"), rating: Some(2000 - id), rounds, ..Player::default() }
    }

    /// Four players, two rounds played and the third to pair: 1–2 and 3–4, then 1–3 and 2–4.
    fn four() -> Tournament {
        let g = |opponent, colour, result| RoundEntry::game(opponent, colour, result);
        use Colour::{Black as B, White as W};
        use ResultCode::{Draw, Loss, Win};
        let mut t = Tournament::default();
        t.header.rounds = Some(5);
        t.players = vec![
            player(1, vec![g(2, W, Win), g(3, B, Draw), RoundEntry::BLANK]),
            player(2, vec![g(1, B, Loss), g(4, W, Win), RoundEntry::BLANK]),
            player(3, vec![g(4, W, Draw), g(1, W, Draw), RoundEntry::bye(ResultCode::HalfPointBye)]),
            player(4, vec![g(3, B, Draw), g(2, B, Loss), RoundEntry::BLANK]),
        ];
        t
    }

    #[test]
    fn a_player_taken_out_leaves_byes_worth_the_same_points_and_numbers_closed_up() {
        let shrinker_input = four();
        let options = CrosscheckOptions {
            system: crate::systems::SystemId::Dutch2025,
            engine: String::new(),
            tournaments: 1,
            seed: 1,
            players: (4, 4),
            rounds: (5, 5),
            timeout: Duration::from_secs(1),
            direction: crate::crosscheck::Direction::Pairs,
            save: None,
            draw: crate::generate::GenerateOptions::new(crate::systems::SystemId::Dutch2025, 4, 5, 1),
            shrink_time: None,
            jobs: 1,
            shard: None,
        };
        let shrinker = Shrinker {
            options: &options,
            work: Path::new("."),
            columns: 1,
            input: shrinker_input.clone(),
            round: 3,
            severity: None,
            deadline: Instant::now(),
            runs: 0,
            timed_out: false,
            best: None,
        };
        let all_games = played_games(&shrinker_input, 3, 1);
        assert_eq!(all_games, [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4)]);
        // Player 2 out: 1's win over 2 becomes a full-point bye, 4's loss to 2 a zero-point bye, and
        // 3 and 4 become 2 and 3.
        let t = shrinker.build(&Candidate { players: vec![1, 3, 4], rounds: vec![1, 2], games: all_games.clone() });
        let ids: Vec<_> = t.players.iter().map(|p| p.id).collect();
        assert_eq!(ids, [1, 2, 3]);
        assert_eq!(t.players[0].rounds[0], RoundEntry::bye(ResultCode::FullPointBye));
        assert_eq!(t.players[0].rounds[1], RoundEntry::game(2, Colour::Black, ResultCode::Draw));
        assert_eq!(t.players[2].rounds[1], RoundEntry::bye(ResultCode::ZeroPointBye));
        assert_eq!(t.players[1].rounds[0], RoundEntry::game(3, Colour::White, ResultCode::Draw));
        assert_eq!(t.header.number_of_players.as_deref(), Some("3"));
        // Round 1 out: one column fewer, one round fewer in all, the round to pair now the second.
        let t = shrinker.build(&Candidate { players: vec![1, 2, 3, 4], rounds: vec![2], games: all_games.clone() });
        assert_eq!(t.header.rounds, Some(4));
        assert_eq!(t.players[0].rounds, [RoundEntry::game(3, Colour::Black, ResultCode::Draw), RoundEntry::BLANK]);
        assert_eq!(t.players[2].rounds[1], RoundEntry::bye(ResultCode::HalfPointBye));
        // The game 1–3 of round 2 out: both get a half-point bye; every point stays.
        let games: Vec<_> = all_games.iter().copied().filter(|&g| g != (2, 1, 3)).collect();
        let t = shrinker.build(&Candidate { players: vec![1, 2, 3, 4], rounds: vec![1, 2], games });
        assert_eq!(t.players[0].rounds[1], RoundEntry::bye(ResultCode::HalfPointBye));
        assert_eq!(t.players[2].rounds[1], RoundEntry::bye(ResultCode::HalfPointBye));
        let system = crate::model::PointSystem::default();
        for (before, after) in four().players.iter().zip(&t.players) {
            assert_eq!(before.points_from_results(&system), after.points_from_results(&system));
        }
    }
}
