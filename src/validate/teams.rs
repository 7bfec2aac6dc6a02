//! Team tournaments: the games of a round make team matches, and the matches make match points
//! and game points per team, which are checked against what the file declares (310's totals, the
//! informative 801/802 records).
//!
//! The reading follows TRF-2026 and C.04.6 (`../shared/rules/team-swiss-2026.md`):
//! - a team's game points in a round are its players' points under the `162` scale; its match
//!   points follow from comparing the two teams' game points under `362` (default 2/1/0);
//! - a `330` record makes a forfeited match (`+-` the white team wins, `-+` the black team, `--`
//!   both lose); game points are still its players' (`0000 - +` on the boards of the winner);
//! - a `240` bye of a team: F gives a match win and a win on every board, H a draw, Z nothing
//!   (the TEC sample writes `FPB 4.0` and `HPB 2.0` in 802 for four boards);
//! - the pairing-allocated bye (`320`, or every player of the team with `U`): 320's match and game
//!   points, by default those of a drawn match (C.04.6 1.4);
//! - `299` records name teams: a typed one replaces the points of that result (W D L for a match,
//!   + - for a forfeited one, F H Z for a bye), a blank-typed one adds its points in its round;
//! - a team's colour in a match is its first-board player's scheduled colour, in a match actually
//!   played (C.04.6 1.6.1); a board's colour is read back to the team's through the `352` sequence
//!   (default `WBWB…`), so that an empty first board still gives the colour.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::formats::trf::team::{self as report, ReportOpponent, TeamReport};
use crate::model::{
    Colour, EntryKind, PlayerId, Points, RequestedByeKind, ResultCode, RoundEntry, TeamSystemCode, Tournament,
};

/// What `validate` understood of a team tournament (`validate --format json`, field `teams`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamResults {
    /// The number of teams.
    pub count: usize,
    /// Where the rosters come from: `310` (TRF-2026) or `013` (TRF16; `310` when a file has both).
    pub rosters: &'static str,
    /// Boards per match: the length of 352, else the most players a team fielded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<usize>,
    /// The 192 code, read (absent when the file has none, or a team code that is not C.04.6's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<TeamSystemCode>,
    /// The match points of a won, drawn and lost match (362).
    pub match_scoring: [Points; 3],
    /// Totals per team over the rounds paired, from the games.
    pub teams: Vec<TeamTotal>,
    pub rounds: Vec<TeamRound>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamTotal {
    pub number: u32,
    pub name: String,
    pub match_points: Points,
    pub game_points: Points,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamRound {
    pub round: u32,
    pub matches: Vec<TeamMatch>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<TeamBye>,
}

/// A match: `teams` is `[white, black]` when `colours` is true (the first-board colours of a
/// match played, or the order of a 330 record), else in team-number order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamMatch {
    pub teams: [u32; 2],
    pub colours: bool,
    pub game_points: [Points; 2],
    pub match_points: [Points; 2],
    /// The 330 record's type (`+-`, `-+`, `--`) for a forfeited match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<String>,
    /// Whether a game of the match was played over the board (C.07 15.1: a match with none is an
    /// unplayed round for both teams).
    #[serde(skip)]
    pub played: bool,
    /// Each team's points board by board, an individual forfeit counted as a standard win or loss
    /// (C.07 Art. 12's boards).
    #[serde(skip)]
    pub boards: [Vec<Points>; 2],
}

/// A team without a match in a round: `PAB`, a requested bye `F`, `H`, `Z`, or `absent`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamBye {
    pub team: u32,
    pub kind: &'static str,
    pub match_points: Points,
    pub game_points: Points,
}

/// A team's result in one round, before it goes into the report.
#[derive(Clone, Debug)]
struct Outcome {
    opponent: Option<u32>,
    colour: Option<Colour>,
    game_points: Points,
    match_points: Points,
    /// The 299 result type: `W D L` (match), `+ -` (forfeited), `F H Z` (bye), `U` (PAB).
    kind: Option<char>,
    forfeit: bool,
    /// The points board by board (Art. 12 of C.07).
    boards: Vec<Points>,
}

/// The players of a team in one round, together.
struct Members {
    /// The teams of their opponents.
    opponents: BTreeSet<u32>,
    game_points: Points,
    /// Anything recorded for one of them.
    any: bool,
    /// All of them on the pairing-allocated bye (or absent, or forfeited), at least one on it.
    all_pab: bool,
    /// None of them played or is to play a game.
    all_forfeits: bool,
}

struct Context<'t> {
    t: &'t Tournament,
    team_of: BTreeMap<PlayerId, u32>,
    index: BTreeMap<PlayerId, usize>,
    boards: Option<usize>,
    sequence: Vec<Colour>,
    scoring: [Points; 3],
    out: Diagnostics,
    /// Lookups by team, so that a round costs what its records hold, not records × teams.
    team_pos: BTreeMap<u32, usize>,
    lineup_at: BTreeMap<(u32, u32), usize>,
    bye_at: BTreeMap<(u32, u32), (RequestedByeKind, Option<usize>)>,
    forfeit_at: BTreeMap<(u32, u32), usize>,
    abnormal_all: Vec<usize>,
    abnormal_of: BTreeMap<u32, Vec<usize>>,
}

/// The most work (team-rounds times what each costs) the aggregation takes on: far above any real
/// event (400 teams of 6 boards over 11 rounds is about 30 000), low enough that a crafted file
/// cannot make `validate` hang.
const WORK_LIMIT: u64 = 50_000_000;

/// Reads the team structure of a team tournament; `None` for an individual one.
pub fn team_results(t: &Tournament) -> Option<(TeamResults, Diagnostics)> {
    if !t.is_team_tournament() {
        return None;
    }
    let mut cx = Context::new(t);
    let members: u64 = t.teams.iter().map(|team| team.members.len() as u64).sum();
    let work = (members + t.teams.len() as u64 * (1 + cx.abnormal_all.len() as u64))
        .saturating_mul(u64::from(cx.last_round()).max(1));
    if work > WORK_LIMIT {
        return Some(too_large(t, cx.scoring, cx.last_round()));
    }
    cx.boards = cx.board_count();
    cx.sequence = match &t.team_records.board_colours {
        Some(text) => text.chars().map(|c| if c == 'B' { Colour::Black } else { Colour::White }).collect(),
        None => (0..cx.boards.unwrap_or(0)).map(|b| if b % 2 == 0 { Colour::White } else { Colour::Black }).collect(),
    };
    cx.check_board_colours_cover_the_boards();
    cx.team_references();
    let system = t.header.system_code.as_deref().and_then(TeamSystemCode::parse).and_then(Result::ok);
    let last_round = cx.last_round();
    let mut totals: BTreeMap<u32, (Points, Points)> =
        t.teams.iter().map(|team| (team.number, Default::default())).collect();
    let mut outcomes: BTreeMap<(u32, u32), Outcome> = BTreeMap::new();
    let mut rounds = Vec::new();
    for round in 1..=last_round {
        let found = cx.round(round);
        for (&team, outcome) in &found {
            let total = totals.entry(team).or_default();
            total.0 += outcome.match_points;
            total.1 += outcome.game_points;
            outcomes.insert((team, round), outcome.clone());
        }
        rounds.push(cx.matches_and_byes(round, &found));
    }
    cx.declared_totals(&totals);
    cx.reports(&outcomes, &totals, last_round);
    let teams = t
        .teams
        .iter()
        .map(|team| {
            let (mp, gp) = totals.get(&team.number).copied().unwrap_or_default();
            TeamTotal { number: team.number, name: team.name.clone(), match_points: mp, game_points: gp }
        })
        .collect();
    let results = TeamResults {
        count: t.teams.len(),
        rosters: t.origin.team_rosters.unwrap_or("310"),
        boards: cx.boards,
        system,
        match_scoring: cx.scoring,
        teams,
        rounds,
    };
    let mut out = cx.out;
    out.sort_by_line();
    Some((results, out))
}

/// The answer for an event too large to aggregate ([`WORK_LIMIT`]): its teams counted, a note.
fn too_large(t: &Tournament, scoring: [Points; 3], last_round: u32) -> (TeamResults, Diagnostics) {
    let mut out = Diagnostics::new();
    out.push(Diagnostic::note_level(
        Code::TeamMatch,
        format!(
            "{} teams over {} rounds: too large to aggregate into matches; the team totals are not checked",
            t.teams.len(),
            last_round
        ),
    ));
    let results = TeamResults {
        count: t.teams.len(),
        rosters: t.origin.team_rosters.unwrap_or("310"),
        boards: None,
        system: t.header.system_code.as_deref().and_then(TeamSystemCode::parse).and_then(Result::ok),
        match_scoring: scoring,
        teams: Vec::new(),
        rounds: Vec::new(),
    };
    (results, out)
}

impl<'t> Context<'t> {
    /// The indexes of the tournament's records that the team checks look up.
    fn new(t: &'t Tournament) -> Self {
        let mut team_of = BTreeMap::new();
        for team in &t.teams {
            for &member in &team.members {
                team_of.entry(member).or_insert(team.number);
            }
        }
        let index = t.player_index();
        let scoring = t
            .team_records
            .scoring
            .as_ref()
            .map_or([Points::whole(2), Points::ONE, Points::ZERO], |s| [s.win, s.draw, s.loss]);
        let mut team_pos = BTreeMap::new();
        for (i, team) in t.teams.iter().enumerate() {
            team_pos.entry(team.number).or_insert(i);
        }
        let mut lineup_at = BTreeMap::new();
        for (i, l) in t.team_records.lineups.iter().enumerate() {
            lineup_at.entry((l.round, l.team)).or_insert(i);
        }
        let mut bye_at = BTreeMap::new();
        for (i, b) in t.requested_byes.iter().enumerate() {
            for &team in &b.players {
                bye_at.entry((team, b.round)).or_insert((b.kind, t.origin.requested_bye_lines.get(i).copied()));
            }
        }
        let mut forfeit_at = BTreeMap::new();
        for (i, f) in t.team_records.forfeits.iter().enumerate() {
            forfeit_at.entry((f.round, f.white)).or_insert(i);
            forfeit_at.entry((f.round, f.black)).or_insert(i);
        }
        let (mut abnormal_all, mut abnormal_of) = (Vec::new(), BTreeMap::<u32, Vec<usize>>::new());
        for (i, a) in t.abnormal_points.iter().enumerate() {
            if a.players.is_empty() {
                abnormal_all.push(i);
            }
            let named: BTreeSet<u32> = a.players.iter().copied().collect();
            for team in named {
                abnormal_of.entry(team).or_default().push(i);
            }
        }
        Context {
            t,
            team_of,
            index,
            boards: None,
            sequence: Vec::new(),
            scoring,
            out: Diagnostics::new(),
            team_pos,
            lineup_at,
            bye_at,
            forfeit_at,
            abnormal_all,
            abnormal_of,
        }
    }

    /// Record 352 gives a colour for every board a team fielded.
    fn check_board_colours_cover_the_boards(&mut self) {
        let t = self.t;
        if let (Some(text), Some(fielded)) = (&t.team_records.board_colours, self.most_fielded())
            && fielded > text.chars().count()
        {
            let d = Diagnostic::warning(
                Code::Conflict,
                format!("record 352 gives colours for {} boards, but a team fielded {fielded} players", text.len()),
            )
            .expected("one colour per board");
            self.out.push(match t.tag_line("352") {
                Some(line) => d.at(Span::new(line, 5, 5 + text.len())),
                None => d,
            });
        }
    }

    /// The matches (each once, the team with white first) and the teams without a match in
    /// `round`, from each team's outcome.
    fn matches_and_byes(&self, round: u32, found: &BTreeMap<u32, Outcome>) -> TeamRound {
        let t = self.t;
        let mut matches = Vec::new();
        let mut byes = Vec::new();
        for (&team, outcome) in found {
            match outcome.opponent {
                Some(opponent) if opponent > team || !found.contains_key(&opponent) => {
                    let theirs = found.get(&opponent);
                    let (gp, mp) = (
                        theirs.map_or(Points::ZERO, |o| o.game_points),
                        theirs.map_or(Points::ZERO, |o| o.match_points),
                    );
                    let mut m = TeamMatch {
                        teams: [team, opponent],
                        colours: outcome.colour.is_some(),
                        game_points: [outcome.game_points, gp],
                        match_points: [outcome.match_points, mp],
                        forfeit: None,
                        played: !outcome.forfeit,
                        boards: [outcome.boards.clone(), theirs.map_or_else(Vec::new, |o| o.boards.clone())],
                    };
                    if let Some(f) = self
                        .forfeit_at
                        .get(&(round, team))
                        .map(|&i| &t.team_records.forfeits[i])
                        .filter(|f| [f.white, f.black].contains(&opponent))
                    {
                        m.forfeit = Some(f.kind.clone());
                        m.colours = true;
                        if f.white != team {
                            m.teams.swap(0, 1);
                            m.game_points.swap(0, 1);
                            m.match_points.swap(0, 1);
                            m.boards.swap(0, 1);
                        }
                    } else if outcome.colour == Some(Colour::Black) {
                        m.teams.swap(0, 1);
                        m.game_points.swap(0, 1);
                        m.match_points.swap(0, 1);
                        m.boards.swap(0, 1);
                    }
                    matches.push(m);
                }
                Some(_) => {}
                None => byes.push(TeamBye {
                    team,
                    kind: match outcome.kind {
                        Some('U') => "PAB",
                        Some('F') => "F",
                        Some('H') => "H",
                        Some('Z') => "Z",
                        _ => "absent",
                    },
                    match_points: outcome.match_points,
                    game_points: outcome.game_points,
                }),
            }
        }
        TeamRound { round, matches, byes }
    }

    /// The team numbers of 300, 320 and 330 must be teams of the rosters.
    fn team_references(&mut self) {
        let t = self.t;
        let numbers: BTreeSet<u32> = t.teams.iter().map(|team| team.number).collect();
        let mut named: Vec<(u32, &str, Option<usize>, usize, usize)> = Vec::new();
        for (i, l) in t.team_records.lineups.iter().enumerate() {
            let line = t.origin.lineup_lines.get(i).copied();
            named.push((l.team, "300", line, 9, 11));
            named.push((l.opponent, "300", line, 13, 15));
        }
        for (i, f) in t.team_records.forfeits.iter().enumerate() {
            let line = t.origin.team_forfeit_lines.get(i).copied();
            named.push((f.white, "330", line, 12, 14));
            named.push((f.black, "330", line, 16, 18));
        }
        if let Some(pab) = &t.team_records.pab {
            for (round, team) in pab.teams.iter().enumerate() {
                if let Some(team) = team {
                    let columns = crate::formats::trf::layout::team_pab::TEAM.nth(round);
                    named.push((*team, "320", t.tag_line("320"), columns.first, columns.last));
                }
            }
        }
        for (team, record, line, first, last) in named {
            if numbers.contains(&team) {
                continue;
            }
            let d = Diagnostic::error(
                Code::UnknownPlayer,
                format!("record {record} names team {team}, which has no 310 (or 013) record"),
            )
            .expected("a team number of the rosters");
            self.out.push(match line {
                Some(line) => d.at(Span::new(line, first, last + 1)),
                None => d,
            });
        }
    }

    fn team_line(&self, team: u32) -> Option<usize> {
        let &i = self.team_pos.get(&team)?;
        self.t.origin.team_lines.get(i).copied()
    }

    fn entry(&self, player: PlayerId, round: u32) -> RoundEntry {
        self.index.get(&player).map_or(RoundEntry::BLANK, |&i| self.t.players[i].round(round))
    }

    fn members(&self, team: u32) -> &[PlayerId] {
        self.team_pos.get(&team).map_or(&[], |&i| self.t.teams[i].members.as_slice())
    }

    fn most_fielded(&self) -> Option<usize> {
        let rounds = self.t.rounds_paired();
        (1..=rounds)
            .flat_map(|r| {
                self.t
                    .teams
                    .iter()
                    .map(move |team| team.members.iter().filter(|&&m| on_board(&self.entry(m, r))).count())
            })
            .max()
            .filter(|&n| n > 0)
    }

    fn board_count(&self) -> Option<usize> {
        if let Some(text) = &self.t.team_records.board_colours {
            return Some(text.chars().count());
        }
        let lineups = self.t.team_records.lineups.iter().map(|l| l.boards.len()).max();
        self.most_fielded().max(lineups)
    }

    /// The last round with anything to read: the rounds paired, the 330 records, the 320 list.
    fn last_round(&self) -> u32 {
        let records = &self.t.team_records;
        let forfeits = records.forfeits.iter().map(|f| f.round).max().unwrap_or(0);
        let pab = records.pab.as_ref().map_or(0, |p| p.teams.iter().rposition(Option::is_some).map_or(0, |i| i + 1));
        self.t.rounds_paired().max(forfeits).max(pab as u32)
    }

    /// The players on the boards of `team` in `round`, board by board: the 300 line-up if there
    /// is one, else the players with a game, in roster order.
    fn lineup(&self, team: u32, round: u32) -> Vec<Option<PlayerId>> {
        if let Some(&i) = self.lineup_at.get(&(round, team)) {
            return self.t.team_records.lineups[i].boards.clone();
        }
        self.members(team).iter().filter(|&&m| on_board(&self.entry(m, round))).map(|&m| Some(m)).collect()
    }

    /// The team's colour read from its boards (C.04.6 1.6.1): the first board with a colour
    /// decides; the other boards must agree through the 352 sequence (a warning, once per team
    /// and round, when one does not).
    fn colour(&self, team: u32, round: u32) -> (Option<Colour>, Option<Diagnostic>) {
        let mut found: Option<(usize, Colour)> = None;
        for (board, player) in self.lineup(team, round).iter().enumerate() {
            let (Some(player), Some(&board_colour)) = (player, self.sequence.get(board)) else {
                continue;
            };
            let entry = self.entry(*player, round);
            // A board whose opponent's board is empty keeps its scheduled colour (`0000 w +`).
            let Some(colour) = entry.colour else {
                continue;
            };
            let team_colour = if board_colour == Colour::White { colour } else { colour.opposite() };
            match found {
                None => found = Some((board, team_colour)),
                Some((_, c)) if c != team_colour && self.t.team_records.board_colours.is_none() => {
                    // Without 352 the board order of the colours is not known: the first board
                    // read (the first player of the roster who played) decides.
                    return (Some(c), None);
                }
                Some((first, c)) if c != team_colour => {
                    let mut d = Diagnostic::warning(
                        Code::Conflict,
                        format!(
                            "round {round}: the colours of team {team}'s boards {} and {} do not follow the board \
                             colour sequence {}",
                            first + 1,
                            board + 1,
                            self.sequence_text()
                        ),
                    )
                    .expected("every board of a team with the colour the sequence gives it")
                    .note("the first board's colour is taken as the team's (C.04.6 1.6.1)");
                    if let Some(span) = self.t.origin.round_spans.get(&(*player, round)) {
                        d = d.at(span.clone());
                    }
                    return (Some(c), Some(d));
                }
                Some(_) => {}
            }
        }
        (found.map(|(_, c)| c), None)
    }

    fn sequence_text(&self) -> String {
        let text: String = self.sequence.iter().map(|c| c.trf_char().to_ascii_uppercase()).collect();
        if self.t.team_records.board_colours.is_some() {
            format!("`{text}` (352)")
        } else {
            format!("`{text}` (by default)")
        }
    }

    fn bye_line(&self, team: u32, round: u32) -> Option<(RequestedByeKind, Option<usize>)> {
        self.bye_at.get(&(team, round)).copied()
    }

    /// The team's points on each board of its line-up in `round`: the game's points, an individual
    /// forfeit counted as a standard win or loss (C.07 Art. 12), an empty board as nothing.
    fn board_points(&self, team: u32, round: u32) -> Vec<Points> {
        let system = &self.t.point_system;
        self.lineup(team, round)
            .iter()
            .map(|player| {
                let Some(player) = player else { return Points::ZERO };
                let entry = self.entry(*player, round);
                match entry.kind() {
                    EntryKind::Forfeit { won: true, .. } => system.white_win,
                    EntryKind::Forfeit { won: false, .. } => system.white_loss,
                    _ => entry.points(system),
                }
            })
            .collect()
    }

    fn boards_times(&self, points: Points) -> Points {
        points.times(self.boards.unwrap_or(0) as i64)
    }

    /// Each team's outcome in `round`, as its players' records, the team records (300, 320, 330,
    /// 352) and 299 give it, with the findings that contradict them.
    fn round(&mut self, round: u32) -> BTreeMap<u32, Outcome> {
        let t = self.t;
        let pab_team = t.team_records.pab.as_ref().and_then(|p| p.teams.get(round as usize - 1).copied().flatten());
        let mut found: BTreeMap<u32, Outcome> = BTreeMap::new();
        for team in &t.teams {
            let outcome = self.team_outcome(team, round, pab_team);
            found.insert(team.number, outcome);
        }
        self.check_one_pab(round, &found);
        self.match_points_from_games(&mut found);
        self.check_team_colours(round, &mut found);
        self.apply_abnormal_points(round, &mut found);
        found
    }

    /// What the players of `team` did in `round`, together: their opponents' teams, their game
    /// points, and whether they were all absent, all on the pairing-allocated bye, all forfeited.
    fn members_in_round(&mut self, team: &crate::model::Team, round: u32) -> Members {
        let t = self.t;
        let number = team.number;
        let mut members = Members {
            opponents: BTreeSet::new(),
            game_points: Points::ZERO,
            any: false,
            all_pab: !team.members.is_empty(),
            all_forfeits: true,
        };
        for &member in &team.members {
            let entry = self.entry(member, round);
            members.game_points += entry.points(&t.point_system);
            members.any |= !entry.is_blank();
            let pab = entry.kind() == EntryKind::Bye(crate::model::ByeKind::PairingAllocated);
            members.all_pab &= pab || entry.is_blank() || entry.result == ResultCode::ForfeitLoss;
            if matches!(entry.kind(), EntryKind::Played { .. } | EntryKind::Pending { .. }) {
                members.all_forfeits = false;
            }
            let Some(opponent) = entry.opponent else { continue };
            match self.team_of.get(&opponent) {
                Some(&other) if other == number && member < opponent => {
                    self.team_match_error(
                        round,
                        member,
                        format!("players {member} and {opponent} of team {number} play each other"),
                    );
                }
                Some(&other) if other == number => {}
                Some(&other) => {
                    members.opponents.insert(other);
                }
                None if self.index.contains_key(&opponent) && !t.origin.damaged.contains(&opponent) => {
                    self.team_match_error(
                        round,
                        member,
                        format!("player {member} of team {number} plays player {opponent}, who is in no team"),
                    );
                }
                None => {}
            }
        }
        members.all_pab = members.all_pab
            && team
                .members
                .iter()
                .any(|&m| self.entry(m, round).kind() == EntryKind::Bye(crate::model::ByeKind::PairingAllocated));
        if members.opponents.len() > 1 {
            let list: Vec<String> = members.opponents.iter().map(u32::to_string).collect();
            let first = team.members.iter().copied().find(|&m| self.entry(m, round).opponent.is_some());
            self.team_match_error(
                round,
                first.unwrap_or(0),
                format!("the players of team {number} meet players of teams {}", list.join(" and ")),
            );
        }
        members
    }

    /// The outcome of `team` in `round`: a forfeited match (330), a match, a requested bye, the
    /// pairing-allocated bye, or nothing; and the findings that contradict it.
    fn team_outcome(&mut self, team: &crate::model::Team, round: u32, pab_team: Option<u32>) -> Outcome {
        let t = self.t;
        let system = &t.point_system;
        let number = team.number;
        let members = self.members_in_round(team, round);
        let opponents = &members.opponents;
        let forfeit = self.forfeit_at.get(&(round, number)).map(|&i| (i, &t.team_records.forfeits[i]));
        let bye = self.bye_line(number, round);
        let mut outcome = Outcome {
            opponent: None,
            colour: None,
            game_points: members.game_points,
            match_points: Points::ZERO,
            kind: None,
            forfeit: false,
            boards: self.board_points(number, round),
        };
        if let Some((i, f)) = forfeit {
            let other = if f.white == number { f.black } else { f.white };
            if let Some(&played) = opponents.iter().find(|&&o| o != other) {
                let d = Diagnostic::error(
                    Code::TeamMatch,
                    format!(
                        "round {round}: record 330 makes team {number} forfeit its match with team {other}, but \
                         its players meet players of team {played}"
                    ),
                )
                .expected(format!("the games of team {number} against team {other}, or none"));
                self.out.push(match t.origin.team_forfeit_lines.get(i) {
                    Some(&line) => d.at(Span::new(line, 1, 4)),
                    None => d,
                });
            }
            let white = f.white == number;
            let (win, lose) = (self.scoring[0], self.scoring[2]);
            outcome.match_points = match (f.kind.as_str(), white) {
                ("+-", true) | ("-+", false) => win,
                _ => lose,
            };
            outcome.kind = Some(if outcome.match_points == win { '+' } else { '-' });
            outcome.opponent = Some(other);
            outcome.colour = Some(if white { Colour::White } else { Colour::Black });
            outcome.forfeit = true;
        } else if let Some(&other) = opponents.first().filter(|_| opponents.len() == 1) {
            outcome.opponent = Some(other);
            let (colour, warning) = self.colour(number, round);
            outcome.colour = colour;
            if let Some(d) = warning {
                self.out.push(d);
            }
            outcome.forfeit = members.all_forfeits;
        } else if let Some((kind, _)) = bye {
            let (mp, gp, letter) = match kind {
                RequestedByeKind::Full => (self.scoring[0], self.boards_times(system.full_point_bye), 'F'),
                RequestedByeKind::Half => (self.scoring[1], self.boards_times(system.half_point_bye), 'H'),
                RequestedByeKind::Zero => (self.scoring[2], self.boards_times(system.zero_point_bye), 'Z'),
            };
            outcome.match_points = mp;
            outcome.game_points = gp;
            outcome.kind = Some(letter);
        } else if pab_team == Some(number) || members.all_pab {
            // C.04.6 1.4: the points of a drawn match unless the regulations (320) say otherwise.
            let pab = t.team_records.pab.as_ref();
            outcome.match_points = pab.and_then(|p| p.match_points).unwrap_or(self.scoring[1]);
            outcome.game_points =
                pab.and_then(|p| p.game_points).unwrap_or_else(|| self.boards_times(system.white_draw));
            outcome.kind = Some('U');
        } else if !members.any {
            // Nothing recorded for the team in this round.
            outcome.kind = None;
        }
        if outcome.opponent.is_some()
            && let Some((kind, line)) = bye
        {
            let d = Diagnostic::error(
                Code::ByeConflict,
                format!(
                    "a {} bye is requested for team {number} in round {round}, whose players play a match \
                     against team {}",
                    kind.trf_char(),
                    outcome.opponent.unwrap_or(0)
                ),
            )
            .expected(format!("no game for the players of team {number} in round {round}"));
            self.out.push(match line {
                Some(line) => d.at(Span::new(line, 1, 4)),
                None => d,
            });
        }
        if outcome.opponent.is_some() && pab_team == Some(number) {
            let d = Diagnostic::error(
                Code::ByeConflict,
                format!("record 320 gives team {number} the pairing-allocated bye in round {round}, whose players play a match"),
            )
            .expected(format!("no game for the players of team {number} in round {round}"));
            self.out.push(match t.tag_line("320") {
                Some(line) => d.at(Span::new(line, 1, 4)),
                None => d,
            });
        }
        if let Some(&l) = self.lineup_at.get(&(round, number)) {
            self.check_lineup(l, outcome.opponent);
        }
        outcome
    }

    /// At most one pairing-allocated bye a round (C.04.6 1.4): 320's team and the teams whose
    /// players all have `U` together.
    fn check_one_pab(&mut self, round: u32, found: &BTreeMap<u32, Outcome>) {
        let t = self.t;
        let pab_teams: Vec<u32> =
            found.iter().filter(|(_, o)| o.kind == Some('U') && o.opponent.is_none()).map(|(&n, _)| n).collect();
        if pab_teams.len() > 1 {
            let list: Vec<String> = pab_teams.iter().map(u32::to_string).collect();
            let d = Diagnostic::error(
                Code::SecondPab,
                format!("round {round}: teams {} have the pairing-allocated bye", list.join(", ")),
            )
            .expected("at most one team with the pairing-allocated bye per round (320, or U on its boards)");
            let line = t.tag_line("320").or_else(|| self.team_line(pab_teams[1]));
            self.out.push(match line {
                Some(line) => d.at(Span::new(line, 1, 4)),
                None => d,
            });
        }
    }

    /// The match points of the matches played (or all boards forfeited), from the game points.
    fn match_points_from_games(&self, found: &mut BTreeMap<u32, Outcome>) {
        let numbers: Vec<u32> = found.keys().copied().collect();
        for number in numbers {
            let (opponent, forfeited_match) = {
                let o = &found[&number];
                (o.opponent, o.kind.is_some())
            };
            let Some(opponent) = opponent else { continue };
            if forfeited_match {
                continue;
            }
            let theirs = found.get(&opponent).map_or(Points::ZERO, |o| o.game_points);
            let o = found.get_mut(&number).expect("a team of the round");
            let (mp, kind) = match o.game_points.cmp(&theirs) {
                std::cmp::Ordering::Greater => (self.scoring[0], if o.forfeit { '+' } else { 'W' }),
                std::cmp::Ordering::Equal => (self.scoring[1], if o.forfeit { '-' } else { 'D' }),
                std::cmp::Ordering::Less => (self.scoring[2], if o.forfeit { '-' } else { 'L' }),
            };
            o.match_points = mp;
            o.kind = Some(kind);
        }
    }

    /// The colours of the two teams of a played match must be opposite.
    fn check_team_colours(&mut self, round: u32, found: &mut BTreeMap<u32, Outcome>) {
        let t = self.t;
        let mut unknown_colours = Vec::new();
        for (&number, o) in found.iter() {
            let Some(opponent) = o.opponent.filter(|&op| op > number) else { continue };
            if let (Some(a), Some(b)) = (o.colour, found.get(&opponent).and_then(|x| x.colour))
                && a == b
                && !o.forfeit
            {
                if t.team_records.board_colours.is_none() && t.team_records.lineups.is_empty() {
                    // Without 352 and 300, which player sat on board 1 is a guess (the first of
                    // the roster who played): the colours stay unknown rather than wrong.
                    unknown_colours.push((number, opponent));
                    continue;
                }
                let d = Diagnostic::warning(
                    Code::Conflict,
                    format!("round {round}: teams {number} and {opponent} both have {} on their first board", a),
                )
                .expected(format!("opposite team colours, by the board colour sequence {}", self.sequence_text()));
                self.out.push(match self.team_line(number) {
                    Some(line) => d.at(Span::new(line, 1, 4)),
                    None => d,
                });
            }
        }
        for (a, b) in unknown_colours {
            for team in [a, b] {
                if let Some(o) = found.get_mut(&team) {
                    o.colour = None;
                }
            }
        }
    }

    /// 299 for teams: a result type's points replaced, or points added in a round.
    fn apply_abnormal_points(&self, round: u32, found: &mut BTreeMap<u32, Outcome>) {
        let t = self.t;
        for (&number, o) in found.iter_mut() {
            let own = self.abnormal_of.get(&number).map_or(&[][..], Vec::as_slice);
            for a in self.abnormal_all.iter().chain(own).map(|&i| &t.abnormal_points[i]) {
                match a.kind {
                    Some(kind) if Some(kind) == o.kind && a.round.is_none_or(|r| r == round) => {
                        if let Some(mp) = a.match_points {
                            o.match_points = mp;
                        }
                        if let Some(gp) = a.points {
                            o.game_points = gp;
                        }
                    }
                    None if a.round.unwrap_or(1) == round => {
                        o.match_points += a.match_points.unwrap_or(Points::ZERO);
                        o.game_points += a.points.unwrap_or(Points::ZERO);
                    }
                    _ => {}
                }
            }
        }
    }

    /// For an 801 round that names its boards' players (roster ids), the first board whose
    /// result letter is not the one in that player's own record: `(board 4, player 74: ...)`.
    fn first_differing_board(&self, team: u32, round: u32, written: &report::ReportRound) -> Option<String> {
        let (letters, ids) = (written.boards.as_deref()?, written.roster_ids.as_deref()?);
        let members = self.members(team);
        for (board, (letter, id)) in letters.chars().zip(ids.chars()).enumerate() {
            // Roster ids: 1–9, then A–Z for the 10th to the 35th player; 0 is an empty board.
            let index = match id {
                '1'..='9' => id as usize - '0' as usize,
                'A'..='Z' => id as usize - 'A' as usize + 10,
                _ => continue,
            };
            let Some(&player) = members.get(index - 1) else { continue };
            let recorded = self.entry(player, round).result.trf_char().to_ascii_uppercase();
            if recorded != letter.to_ascii_uppercase() {
                return Some(format!(
                    " (board {}, player {player}: `{letter}` in 801, `{recorded}` in his 001 record)",
                    board + 1
                ));
            }
        }
        None
    }

    fn team_match_error(&mut self, round: u32, player: PlayerId, message: String) {
        let d = Diagnostic::error(Code::TeamMatch, format!("round {round}: {message}"))
            .expected("in a team tournament, every game of a team's players against the players of one other team");
        let d = match self.t.origin.round_spans.get(&(player, round)) {
            Some(span) => d.at(span.clone()),
            None => d,
        };
        self.out.push(d);
    }

    /// A 300 line-up: its players are members of the team, and its opponent is the team met.
    fn check_lineup(&mut self, index: usize, met: Option<u32>) {
        let lineup = &self.t.team_records.lineups[index];
        let line = self.t.origin.lineup_lines.get(index).copied();
        let at = |d: Diagnostic, first: usize, last: usize| match line {
            Some(line) => d.at(Span::new(line, first, last + 1)),
            None => d,
        };
        let members = self.members(lineup.team).to_vec();
        for (board, player) in lineup.boards.iter().enumerate() {
            let Some(player) = player else { continue };
            if !members.contains(player) {
                let columns = crate::formats::trf::layout::lineup::BOARD.nth(board);
                let d = Diagnostic::error(
                    Code::TeamMembership,
                    format!(
                        "round {}: record 300 puts player {player} on board {} of team {}, who is not in its roster",
                        lineup.round,
                        board + 1,
                        lineup.team
                    ),
                )
                .expected(format!("a player of team {}", lineup.team));
                self.out.push(at(d, columns.first, columns.last));
            }
        }
        if let Some(met) = met
            && met != lineup.opponent
        {
            let d = Diagnostic::error(
                Code::TeamMatch,
                format!(
                    "round {}: record 300 gives team {} the opponent {}, but its players meet team {met}",
                    lineup.round, lineup.team, lineup.opponent
                ),
            )
            .expected(format!("team {met}"));
            self.out.push(at(d, 13, 15));
        }
    }

    /// 310's match and game points against the games. A difference is an error, as for a
    /// player's Points column: the totals are what standings and tie-breaks use.
    fn declared_totals(&mut self, totals: &BTreeMap<u32, (Points, Points)>) {
        use crate::formats::trf::layout::team::{GAME_POINTS, MATCH_POINTS};
        for (i, team) in self.t.teams.iter().enumerate() {
            let Some(&(mp, gp)) = totals.get(&team.number) else { continue };
            let line = self.t.origin.team_lines.get(i).copied();
            for (declared, computed, what, columns) in [
                (team.match_points, mp, "match points", MATCH_POINTS),
                (team.game_points, gp, "game points", GAME_POINTS),
            ] {
                let Some(declared) = declared.filter(|&d| d != computed) else { continue };
                let mut d = Diagnostic::error(
                    Code::TeamPoints,
                    format!("team {}: {what} {declared} in record 310, but the games give {computed}", team.number),
                )
                .expected(format!("{computed}"))
                .note("match points from the game points of each match under 362, byes under 240 and 320")
                .recoverable();
                if let Some(line) = line {
                    d = d.at(Span::new(line, columns.first, columns.last + 1));
                }
                self.out.push(d);
            }
        }
    }

    /// The informative 801 and 802 records against the results: every difference is a warning
    /// at the record's column (TRF-2026 lets programs ignore these records, so they never make
    /// a file invalid).
    fn reports(
        &mut self,
        outcomes: &BTreeMap<(u32, u32), Outcome>,
        totals: &BTreeMap<u32, (Points, Points)>,
        last: u32,
    ) {
        let t = self.t;
        for (i, record) in t.verbatim.iter().enumerate() {
            let Some(&line) = t.origin.verbatim_lines.get(i) else { continue };
            let tag = &record.text[..record.text.len().min(3)];
            let read = match tag {
                "801" => report::read_801(&record.text),
                "802" => report::read_802(&record.text),
                _ => continue,
            };
            let r: TeamReport = match read {
                Ok(r) => r,
                Err(e) => {
                    self.out.push(
                        Diagnostic::warning(Code::BadField, format!("record {tag} cannot be read: {}", e.message))
                            .at(Span::new(line, e.column, e.column + 1))
                            .expected("the layout of TRF-2026's informative team results")
                            .note("the record is informative: it is left out of the checks"),
                    );
                    continue;
                }
            };
            let warn = |message: String, column: usize, expected: String| {
                Diagnostic::warning(Code::Conflict, format!("record {tag}, team {}: {message}", r.team))
                    .at(Span::new(line, column, column + 1))
                    .expected(expected)
                    .note("the record is informative (TRF-2026); the results are computed from the games")
            };
            let Some(&(mp, gp)) = totals.get(&r.team) else {
                self.out.push(warn("no such team".into(), 5, "a team number of a 310 (or 013) record".into()));
                continue;
            };
            let mut findings = Vec::new();
            let total_columns = if tag == "802" { (15, 22) } else { (0, 0) };
            if let Some(declared) = r.match_points.filter(|&d| d != mp) {
                findings.push(warn(
                    format!("match points {declared}, the games give {mp}"),
                    total_columns.0.max(5),
                    mp.to_string(),
                ));
            }
            if let Some(declared) = r.game_points.filter(|&d| d != gp) {
                findings.push(warn(
                    format!("game points {declared}, the games give {gp}"),
                    total_columns.1.max(5),
                    gp.to_string(),
                ));
            }
            for (index, written) in r.rounds.iter().enumerate() {
                let round = index as u32 + 1;
                if round > last {
                    break;
                }
                let Some(o) = outcomes.get(&(r.team, round)) else { continue };
                // A team with neither a match nor a bye was absent: the zero-point bye that the
                // TEC sample writes as `ZPB` (802) and `ZZZZ` (801).
                let computed = match (o.opponent, o.kind) {
                    (Some(team), _) => ReportOpponent::Team(team),
                    (None, Some(k @ ('U' | 'F' | 'H' | 'Z'))) => ReportOpponent::Bye(k),
                    _ => ReportOpponent::Bye('Z'),
                };
                let describe = |x: &ReportOpponent| match x {
                    ReportOpponent::Team(n) => format!("team {n}"),
                    ReportOpponent::Bye('U') => "the pairing-allocated bye".to_owned(),
                    ReportOpponent::Bye(c) => format!("a {c} bye"),
                    ReportOpponent::None => "nothing".to_owned(),
                };
                if written.opponent != computed && !(written.opponent == ReportOpponent::None && o.opponent.is_none()) {
                    findings.push(warn(
                        format!(
                            "round {round}: {}, the games give {}",
                            describe(&written.opponent),
                            describe(&computed)
                        ),
                        written.column,
                        describe(&computed),
                    ));
                    continue;
                }
                if o.opponent.is_some()
                    && !o.forfeit
                    && let (Some(w), Some(c)) = (written.colour, o.colour)
                    && w != c
                {
                    findings.push(warn(
                        format!("round {round}: colour {}, the first board gives {}", w.trf_char(), c.trf_char()),
                        written.column,
                        c.trf_char().to_string(),
                    ));
                }
                if let Some(g) = written.game_points.filter(|&g| g != o.game_points) {
                    // 801's letters count the FIDE scale; compare them only under it.
                    if tag == "802" || t.point_system.is_fide_default() {
                        let board = self.first_differing_board(r.team, round, written).unwrap_or_default();
                        findings.push(warn(
                            format!("round {round}: game points {g}, the games give {}{board}", o.game_points),
                            written.column,
                            o.game_points.to_string(),
                        ));
                    }
                }
            }
            for d in findings {
                self.out.push(d);
            }
        }
    }
}

/// True when a player's entry puts him on a board of a match: a game (played or forfeited) or a
/// forfeit win against an empty board (`0000 - +`, `0000 w +`).
fn on_board(entry: &RoundEntry) -> bool {
    entry.opponent.is_some() || matches!(entry.result, ResultCode::ForfeitWin | ResultCode::Win)
}
