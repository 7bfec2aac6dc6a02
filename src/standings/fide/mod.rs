//! Standings under FIDE's tie-break regulations (C.07, editions 2023/24, 2024 and 2026;
//! docs/standings.md): the tie-break list the file declares (212, or 202 after the points) or the
//! one asked for, each participant's values and the order of 4.2.
//!
//! - `descriptor` (`model::descriptor`): the 202/212 grammar; `edition`: which text applies.
//! - `rounds`: the rounds as Art. 16 sees them (categories, adjusted scores, the dummy).
//! - `columns`: each tie-break's values (Arts. 7–10, modifiers of Art. 14).
//! - `order`: the order of 4.2 and Direct Encounter (Art. 6).
//! - `check`: `check`'s verdict on the ranks a file states.

pub mod check;
pub use crate::model::descriptor;
pub mod edition;
pub mod rating;
pub mod value;

mod columns;
mod order;
mod rounds;
mod team;

use crate::model::Tournament;
use crate::model::descriptor::TeamScore as DescriptorScore;
use crate::model::team::TeamScore;
use crate::standings::verdict::Placed;
use crate::validate::teams::TeamResults;

pub use descriptor::{Code, Descriptor, DescriptorError, TeamCode};
pub use edition::Edition;
pub use value::{Shown, Value};

/// What the standings are asked for.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The edition of C.07; by default the one in force at the tournament's date.
    pub edition: Option<Edition>,
    /// The tie-breaks after the points; by default the file's 212 or 202.
    pub tie_breaks: Option<Vec<Descriptor>>,
    /// The rating an unrated participant counts with in Art. 10's tie-breaks, as the tournament's
    /// regulations may publish; without it those tie-breaks are dropped when a participant is unrated.
    pub unrated_rating: Option<i64>,
    /// Standings after this round; by default the last round with a result.
    pub after_round: Option<u32>,
}

/// Why standings could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("record {record}: {error}")]
    Declaration { record: &'static str, error: DescriptorError },
    #[error("{0} is a team tie-break (Arts. 11–13), and this is not a team tournament")]
    Team(String),
    #[error("the teams' matches cannot be read from the boards: {0}")]
    TeamMatches(String),
    #[error("no round has a result yet, so there are no standings")]
    NoRounds,
    #[error("a draughts event is ranked by FMJD Annex 5, not by C.07: `check` gives its final standings")]
    Draughts,
}

/// One participant's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Index into the tournament's players.
    pub index: usize,
    pub id: u32,
    pub name: String,
    pub rating: Option<u32>,
    /// The place; participants the list cannot separate share the first of their places.
    pub rank: u32,
    pub tied: bool,
    /// One per entry of [`Standings::tie_breaks`].
    pub values: Vec<Value>,
    /// The rank the file states (001 columns 86–89).
    pub stated_rank: Option<u32>,
}

/// The standings of an individual tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub edition: Edition,
    pub edition_reason: String,
    pub after_round: u32,
    /// `PTS` first, then the tie-breaks in order.
    pub tie_breaks: Vec<Descriptor>,
    /// Where the list came from: "record 212", "record 202", "--tie-breaks", or "none declared".
    pub source: &'static str,
    /// What the reader should know: dropped tie-breaks, readings applied.
    pub notes: Vec<String>,
    /// In a team tournament, the teams are ranked, on this primary score (`PTS`).
    pub teams: Option<TeamScore>,
    /// In standings order.
    pub lines: Vec<Line>,
}

impl Standings {
    pub fn shown(&self, line: &Line, k: usize) -> Option<String> {
        line.values[k].show(columns::shown(self.tie_breaks[k].code))
    }
}

/// The tie-break list a tournament declares: 212 (which starts with the points), else 202.
pub fn declared(t: &Tournament) -> Result<Option<(Vec<Descriptor>, &'static str)>, StandingsError> {
    let Some((text, record, source)) = declared_text(t) else { return Ok(None) };
    let list = descriptor::parse_list(text).map_err(|error| StandingsError::Declaration { record, error })?;
    Ok(Some((list, source)))
}

/// The tie-break list the file declares, unread: record 212's, else 202's (a blank record
/// declares none), with the record and the source as the verdicts name it.
pub fn declared_text(t: &Tournament) -> Option<(&str, &'static str, &'static str)> {
    fn text(record: &Option<String>) -> Option<&str> {
        record.as_deref().filter(|s| !s.trim().is_empty())
    }
    match (text(&t.header.standings_tie_breaks), text(&t.header.tie_breaks)) {
        (Some(list), _) => Some((list, "212", "record 212")),
        (None, Some(list)) => Some((list, "202", "record 202")),
        (None, None) => None,
    }
}

/// The last round with a result: the last round paired (markers for a round not paired yet do not
/// make one), unless its games are only paired and not played yet.
pub fn last_round_with_results(t: &Tournament) -> u32 {
    (1..=t.rounds_paired())
        .rev()
        .find(|&r| {
            t.players.iter().any(|p| {
                !matches!(
                    p.round(r).kind(),
                    crate::model::EntryKind::NotRecorded | crate::model::EntryKind::Pending { .. }
                )
            })
        })
        .unwrap_or(0)
}

/// The standings of `t` as `request` asks.
pub fn standings(t: &Tournament, request: &Request) -> Result<Standings, StandingsError> {
    if crate::systems::is_draughts(t) {
        return Err(StandingsError::Draughts);
    }
    let (edition, edition_reason) = match request.edition {
        Some(edition) => (edition, format!("the {} text, as asked", edition.name())),
        None => Edition::for_tournament(t),
    };
    let (list, source) = match &request.tie_breaks {
        Some(list) => (list.clone(), "--tie-breaks"),
        None => declared(t)?.unwrap_or((Vec::new(), "none declared")),
    };
    let last = request.after_round.unwrap_or_else(|| last_round_with_results(t));
    if last == 0 {
        return Err(StandingsError::NoRounds);
    }
    let mut ranker = Ranker::for_tournament(t, edition, last, request.unrated_rating)?;
    let (tie_breaks, notes) = ranker.settle_list(list)?;
    let lines = ranker.lines(&tie_breaks);
    let teams = ranker.primary_score();
    Ok(Standings { edition, edition_reason, after_round: last, tie_breaks, source, notes, teams, lines })
}

/// Who is ranked: the players of an individual tournament, or the teams of a team tournament.
#[derive(Clone, Debug)]
struct Entrant {
    id: u32,
    name: String,
    rating: Option<u32>,
    stated_rank: Option<u32>,
}

/// The scores the tie-breaks are computed on: the points of an individual tournament; a team
/// tournament's primary score and its secondary one (Art. 11: match points and game points, the
/// primary being the competition's choice, C.04.6 1.2.1), each with Fore Buchholz's field.
#[derive(Clone, Debug)]
struct Scores {
    primary: rounds::Field,
    primary_fore: rounds::Field,
    /// Teams only.
    team: Option<TeamScores>,
}

/// What a team tournament adds: which score is primary, the secondary score's fields, and each
/// team's points board by board over the tournament (Art. 12).
#[derive(Clone, Debug)]
struct TeamScores {
    primary: TeamScore,
    secondary: rounds::Field,
    secondary_fore: rounds::Field,
    boards: Vec<Vec<crate::model::Points>>,
}

impl Scores {
    fn with_fore(primary: rounds::Field, final_round: u32, last: u32) -> (rounds::Field, rounds::Field) {
        // 8.3: Fore Buchholz draws the games of the tournament's final round; standings after an
        // earlier round do not hold that round, and Fore Buchholz is Buchholz there.
        let fore = if final_round == last { primary.fore() } else { primary.clone() };
        (primary, fore)
    }

    /// The field of a tie-break on `score` (`:MP`, `:GP`; the primary score when it names none)
    /// and its Fore field.
    fn on(&self, score: Option<DescriptorScore>) -> (&rounds::Field, &rounds::Field) {
        match (&self.team, score) {
            (Some(team), Some(score)) if !same_score(team.primary, score) => (&team.secondary, &team.secondary_fore),
            _ => (&self.primary, &self.primary_fore),
        }
    }

    /// The secondary score's field (teams only).
    fn secondary(&self) -> Option<&rounds::Field> {
        self.team.as_ref().map(|team| &team.secondary)
    }

    /// Each team's points board by board (teams only).
    fn boards(&self) -> Option<&[Vec<crate::model::Points>]> {
        self.team.as_ref().map(|team| team.boards.as_slice())
    }
}

fn same_score(team: TeamScore, score: DescriptorScore) -> bool {
    matches!(
        (team, score),
        (TeamScore::MatchPoints, DescriptorScore::Match) | (TeamScore::GamePoints, DescriptorScore::Game)
    )
}

/// The participants under a settled list of tie-breaks, in groups of equal standing.
struct Grouped {
    /// Each entry's column.
    columns: Vec<Vec<Value>>,
    /// Per entry whose value depends on the group (Direct Encounter): each participant's value in
    /// the first group the entry was applied to.
    group_values: Vec<Vec<Option<Value>>>,
    /// The groups, in standings order.
    groups: Vec<Vec<usize>>,
}

/// Everything the order of a tournament's standings is computed from, with each tie-break's values
/// computed once however many lists are ranked (the check's search for a list that explains the
/// stated ranks ranks several).
pub struct Ranker {
    edition: Edition,
    entrants: Vec<Entrant>,
    scores: Scores,
    ratings: Vec<Option<i64>>,
    unrated: bool,
    numbers: Vec<u32>,
    columns: std::collections::HashMap<String, Vec<Value>>,
}

impl Ranker {
    /// The ranker of a tournament: its teams in a team tournament, else its players.
    pub fn for_tournament(
        t: &Tournament,
        edition: Edition,
        last: u32,
        unrated_rating: Option<i64>,
    ) -> Result<Ranker, StandingsError> {
        if !t.is_team_tournament() || t.teams.is_empty() {
            return Ok(Ranker::new(t, edition, last, unrated_rating));
        }
        match crate::validate::teams::team_results(t) {
            Some((results, _)) if results.teams.len() == t.teams.len() => Ok(Ranker::teams(t, &results, edition, last)),
            _ => Err(StandingsError::TeamMatches("the event is too large to aggregate".to_owned())),
        }
    }

    /// The ranker of an individual tournament's players.
    pub fn new(t: &Tournament, edition: Edition, last: u32, unrated_rating: Option<i64>) -> Ranker {
        let final_round = t.header.rounds.unwrap_or(last);
        let (primary, primary_fore) = Scores::with_fore(rounds::Field::new(t, last), final_round, last);
        let unrated = unrated_rating.is_none() && t.players.iter().any(|p| p.rating.is_none_or(|r| r == 0));
        let ratings = t.players.iter().map(|p| p.rating.filter(|&r| r > 0).map(i64::from).or(unrated_rating)).collect();
        let entrants = t
            .players
            .iter()
            .map(|p| Entrant { id: p.id, name: p.name.clone(), rating: p.rating, stated_rank: p.rank })
            .collect();
        Ranker {
            edition,
            entrants,
            scores: Scores { primary, primary_fore, team: None },
            ratings,
            unrated,
            numbers: t.players.iter().map(|p| p.id).collect(),
            columns: Default::default(),
        }
    }

    /// The ranker of a team tournament's teams (Arts. 11–13), on the primary score of the team
    /// system (C.04.6 1.2.1: match points unless the 192 code names game points first).
    pub fn teams(t: &Tournament, results: &TeamResults, edition: Edition, last: u32) -> Ranker {
        let primary_score = results.system.as_ref().map_or(TeamScore::MatchPoints, |code| code.primary);
        let secondary_score = match primary_score {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        };
        let final_round = t.header.rounds.unwrap_or(last);
        let (primary, primary_fore) =
            Scores::with_fore(rounds::Field::teams(t, results, last, primary_score), final_round, last);
        let (secondary, secondary_fore) =
            Scores::with_fore(rounds::Field::teams(t, results, last, secondary_score), final_round, last);
        let entrants = t
            .teams
            .iter()
            .map(|team| Entrant { id: team.number, name: team.name.clone(), rating: None, stated_rank: team.rank })
            .collect();
        Ranker {
            edition,
            entrants,
            scores: Scores {
                primary,
                primary_fore,
                team: Some(TeamScores {
                    primary: primary_score,
                    secondary,
                    secondary_fore,
                    boards: team::board_totals(t, results, last),
                }),
            },
            ratings: vec![None; t.teams.len()],
            unrated: false,
            numbers: t.teams.iter().map(|team| team.number).collect(),
            columns: Default::default(),
        }
    }

    /// Whether the entrants are teams.
    pub fn is_team(&self) -> bool {
        self.scores.team.is_some()
    }

    /// The primary score of a team tournament.
    pub fn primary_score(&self) -> Option<TeamScore> {
        self.scores.team.as_ref().map(|team| team.primary)
    }

    /// The list as ranked: `PTS` first; rating tie-breaks dropped when a participant is unrated and
    /// no rating was given for them (Art. 10); with the notes that say so. Team tie-breaks refused.
    pub fn settle_list(&self, list: Vec<Descriptor>) -> Result<(Vec<Descriptor>, Vec<String>), StandingsError> {
        let mut notes = Vec::new();
        if self.edition == Edition::E2023 && list.iter().any(|d| d.code != Code::Pts) {
            notes.push(
                "the 2023 text's own rules for unplayed rounds (the participant's game against itself, Direct \
                 Encounter by percentage) are not modelled; values follow the 2023/24 text"
                    .to_owned(),
            );
        }
        if self.scores.primary.predetermined {
            notes.push(
                "the pairings were pre-determined (a round robin): forfeits count as games, and a round without \
                 a game counts for nothing (15.2)"
                    .to_owned(),
            );
            let buchholz: Vec<String> = list
                .iter()
                .filter(|d| matches!(d.code, Code::Bh | Code::Fb | Code::Aob))
                .map(ToString::to_string)
                .collect();
            if self.edition >= Edition::E2026 && !buchholz.is_empty() {
                notes.push(format!("{}: Art. 8 says these must not be used in round robins", buchholz.join(", ")));
            }
        }
        let mut tie_breaks: Vec<Descriptor> = Vec::new();
        if list.first().is_none_or(|d| d.code != Code::Pts) {
            tie_breaks.push(Descriptor::points());
        }
        tie_breaks.extend(list);
        // A team's `PTS` is its primary score (Art. 13), named as such.
        if let Some(primary) = self.primary_score() {
            for d in tie_breaks.iter_mut().filter(|d| d.code == Code::Pts && d.score.is_none()) {
                d.score = Some(match primary {
                    TeamScore::MatchPoints => DescriptorScore::Match,
                    TeamScore::GamePoints => DescriptorScore::Game,
                });
            }
        }
        if !self.is_team()
            && let Some(team) = tie_breaks.iter().find(|d| matches!(d.code, Code::Team(_)) || d.score.is_some())
        {
            return Err(StandingsError::Team(team.to_string()));
        }
        if self.is_team() {
            let dropped: Vec<String> =
                tie_breaks.iter().filter(|d| d.code.needs_ratings()).map(ToString::to_string).collect();
            if !dropped.is_empty() {
                notes.push(format!(
                    "{} dropped: Art. 10's tie-breaks rank individuals by their ratings, and a team has none",
                    dropped.join(", ")
                ));
                tie_breaks.retain(|d| !d.code.needs_ratings());
            }
        } else if self.unrated {
            let dropped: Vec<String> =
                tie_breaks.iter().filter(|d| d.code.needs_ratings()).map(ToString::to_string).collect();
            if !dropped.is_empty() {
                notes.push(format!(
                    "{} dropped: a participant is unrated, and Art. 10 drops rating tie-breaks then unless the \
                     tournament's regulations say how unrated players count (--unrated-rating)",
                    dropped.join(", ")
                ));
                tie_breaks.retain(|d| !d.code.needs_ratings());
            }
        }
        Ok((tie_breaks, notes))
    }

    /// For a tie-break whose shown value leaves two participants level though it separates them,
    /// what does: a later board of Art. 12.2 or 12.3, or a knock-out step of 13.3.2 for two teams
    /// level on both scores. The step's name and the two values as shown.
    pub fn separation(&self, d: &Descriptor, a: usize, b: usize) -> Option<(String, String, String)> {
        let Code::Team(code) = d.code else { return None };
        let boards = self.scores.boards()?;
        let show = |p: crate::model::Points| Value::points(p).show(Shown::Points).unwrap_or_default();
        let successive = |name: &str, vectors: &[Vec<crate::model::Points>], label: &dyn Fn(usize) -> String| {
            let k = (0..vectors[a].len().min(vectors[b].len())).find(|&k| vectors[a][k] != vectors[b][k])?;
            Some((format!("{name}, {}", label(k)), show(vectors[a][k]), show(vectors[b][k])))
        };
        let top = || successive("TBR", &team::top_boards(boards), &|k| format!("board {}", k + 1));
        let n = boards.first().map_or(0, Vec::len);
        let bottom = || {
            let label = |k: usize| match n - 1 - k {
                1 => "board 1".to_owned(),
                upto => format!("boards 1–{upto}"),
            };
            successive("BBE", &team::bottom_board_elimination(boards), &label)
        };
        let count = || {
            let values = team::board_count(boards);
            let (game_a, game_b) = (self.team_points(a)?.1, self.team_points(b)?.1);
            (game_a == game_b && values[a] != values[b]).then(|| {
                let show = |v: Value| v.show(Shown::Points).unwrap_or_default();
                ("BC".to_owned(), show(values[a]), show(values[b]))
            })
        };
        // 13.3.2 applies to two teams level on both scores in the tournament, whose direct
        // encounters (13.3.1) tie on both scores too.
        let secondary = self.scores.secondary()?;
        let mutual = |field| {
            let (scores, _) = order::separate_standings(field, &[a, b], d.forfeits_played);
            scores[0] == scores[1]
        };
        let level = self.team_points(a)? == self.team_points(b)? && mutual(&self.scores.primary) && mutual(secondary);
        match code {
            TeamCode::Tbr => top(),
            TeamCode::Bbe => bottom(),
            TeamCode::Edet if level => top(),
            TeamCode::Edeb if level => bottom(),
            TeamCode::Edebt if level => count().or_else(top),
            TeamCode::Edebb if level => count().or_else(bottom),
            _ => None,
        }
    }

    /// A team's match points and game points (index into the tournament's teams); `None` for a player.
    pub fn team_points(&self, p: usize) -> Option<(crate::model::Points, crate::model::Points)> {
        let match_points = self.scores.on(Some(DescriptorScore::Match)).0.score[p];
        let game_points = self.scores.on(Some(DescriptorScore::Game)).0.score[p];
        self.is_team().then_some((match_points, game_points))
    }

    /// A participant's score (index into the tournament's players or teams): the primary score.
    pub fn score(&self, p: usize) -> crate::model::Points {
        self.scores.primary.score[p]
    }

    fn context(&self, score: Option<DescriptorScore>) -> columns::Context<'_> {
        let (field, fore) = self.scores.on(score);
        columns::Context { field, fore, edition: self.edition, ratings: &self.ratings, numbers: &self.numbers }
    }

    fn column(&mut self, d: &Descriptor) -> Vec<Value> {
        if order::depends_on_the_group(d.code) {
            return vec![Value::Missing; self.entrants.len()];
        }
        let key = d.to_string();
        if let Some(values) = self.columns.get(&key) {
            return values.clone();
        }
        let values = match (d.code, self.primary_score()) {
            (Code::Team(code), Some(primary)) => {
                let contexts = team::TeamContexts {
                    match_points: self.context(Some(DescriptorScore::Match)),
                    game_points: self.context(Some(DescriptorScore::Game)),
                    primary,
                    boards: self.scores.boards().unwrap_or_default(),
                };
                team::column(&contexts, code, d)
            }
            _ => columns::column(&self.context(d.score), d),
        };
        self.columns.insert(key, values.clone());
        values
    }

    /// The groups of equal standing under a settled list ([`Grouped`]).
    fn groups(&mut self, tie_breaks: &[Descriptor]) -> Grouped {
        let columns: Vec<Vec<Value>> = tie_breaks.iter().map(|d| self.column(d)).collect();
        let keys: Vec<order::Key<'_>> = tie_breaks
            .iter()
            .zip(&columns)
            .map(|(d, values)| order::Key::of(d, values, columns::higher_first(d), &self.scores))
            .collect();
        let count = self.entrants.len();
        let mut group_values = vec![vec![None; count]; keys.len()];
        let groups = order::order(count, &keys, &mut group_values);
        Grouped { columns, group_values, groups }
    }

    /// Each participant's place under a settled list, in standings order, and how many share a
    /// place: [`Ranker::lines`] without the values, for trying a list.
    pub fn places(&mut self, tie_breaks: &[Descriptor]) -> (Vec<Placed<'_>>, usize) {
        let Grouped { groups, .. } = self.groups(tie_breaks);
        let mut placed = Vec::with_capacity(self.entrants.len());
        let mut tied = 0;
        for group in groups {
            let rank = placed.len() as u32 + 1;
            if group.len() > 1 {
                tied += group.len();
            }
            for p in group {
                let entrant = &self.entrants[p];
                let at = placed.len();
                placed.push(Placed { at, id: entrant.id, name: &entrant.name, rank, stated_rank: entrant.stated_rank });
            }
        }
        (placed, tied)
    }

    /// The standings under a settled list (see [`Ranker::settle_list`]).
    pub fn lines(&mut self, tie_breaks: &[Descriptor]) -> Vec<Line> {
        let Grouped { columns, group_values, groups } = self.groups(tie_breaks);
        let count = self.entrants.len();
        let mut lines = Vec::with_capacity(count);
        for group in groups {
            let rank = lines.len() as u32 + 1;
            let tied = group.len() > 1;
            for p in group {
                let entrant = &self.entrants[p];
                let values = tie_breaks
                    .iter()
                    .zip(&columns)
                    .zip(&group_values)
                    .map(|((d, column), found)| {
                        if order::depends_on_the_group(d.code) { found[p].unwrap_or(Value::Missing) } else { column[p] }
                    })
                    .collect();
                lines.push(Line {
                    index: p,
                    id: entrant.id,
                    name: entrant.name.clone(),
                    rating: entrant.rating,
                    rank,
                    tied,
                    values,
                    stated_rank: entrant.stated_rank,
                });
            }
        }
        lines
    }
}
