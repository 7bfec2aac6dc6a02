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

use crate::model::Tournament;

pub use descriptor::{Code, Descriptor, DescriptorError};
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
    #[error("{0} is a team tie-break (Arts. 11–13); team standings are not computed yet")]
    Team(String),
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
    let mut ranker = Ranker::new(t, edition, last, request.unrated_rating);
    let (tie_breaks, notes) = ranker.settle_list(list)?;
    let lines = ranker.lines(&tie_breaks);
    Ok(Standings { edition, edition_reason, after_round: last, tie_breaks, source, notes, lines })
}

/// Everything the order of a tournament's standings is computed from, with each tie-break's values
/// computed once however many lists are ranked (the check's search for a list that explains the
/// stated ranks ranks several).
pub struct Ranker<'t> {
    t: &'t Tournament,
    edition: Edition,
    field: rounds::Field,
    fore: rounds::Field,
    ratings: Vec<Option<i64>>,
    unrated: bool,
    numbers: Vec<u32>,
    columns: std::collections::HashMap<String, Vec<Value>>,
}

impl<'t> Ranker<'t> {
    pub fn new(t: &'t Tournament, edition: Edition, last: u32, unrated_rating: Option<i64>) -> Ranker<'t> {
        let field = rounds::Field::new(t, last);
        // 8.3: Fore Buchholz draws the games of the tournament's final round; standings after an
        // earlier round do not hold that round, and Fore Buchholz is Buchholz there.
        let final_round = t.header.rounds.unwrap_or(last);
        let fore = if final_round == last { field.fore() } else { field.clone() };
        let unrated = unrated_rating.is_none() && t.players.iter().any(|p| p.rating.is_none_or(|r| r == 0));
        let ratings = t.players.iter().map(|p| p.rating.filter(|&r| r > 0).map(i64::from).or(unrated_rating)).collect();
        let numbers = t.players.iter().map(|p| p.id).collect();
        Ranker { t, edition, field, fore, ratings, unrated, numbers, columns: Default::default() }
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
        if self.field.predetermined {
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
        if let Some(team) = tie_breaks.iter().find(|d| matches!(d.code, Code::Team(_)) || d.score.is_some()) {
            return Err(StandingsError::Team(team.to_string()));
        }
        if self.unrated {
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

    /// A participant's score (index into the tournament's players).
    pub fn score(&self, p: usize) -> crate::model::Points {
        self.field.score[p]
    }

    fn column(&mut self, d: &Descriptor) -> Vec<Value> {
        if d.code == Code::De {
            return vec![Value::Missing; self.field.len()];
        }
        let key = d.to_string();
        if let Some(values) = self.columns.get(&key) {
            return values.clone();
        }
        let ctx = columns::Context {
            field: &self.field,
            fore: &self.fore,
            edition: self.edition,
            ratings: &self.ratings,
            numbers: &self.numbers,
        };
        let values = columns::column(&ctx, d);
        self.columns.insert(key, values.clone());
        values
    }

    /// The standings under a settled list (see [`Ranker::settle_list`]).
    pub fn lines(&mut self, tie_breaks: &[Descriptor]) -> Vec<Line> {
        let columns: Vec<Vec<Value>> = tie_breaks.iter().map(|d| self.column(d)).collect();
        let keys: Vec<order::Key<'_>> = tie_breaks
            .iter()
            .zip(&columns)
            .map(|(d, values)| match d.code {
                Code::De => order::Key::DirectEncounter { forfeits_played: d.forfeits_played },
                _ => order::Key::Values { values, higher_first: columns::higher_first(d) },
            })
            .collect();
        let mut de = vec![None; self.field.len()];
        let groups = order::order(&self.field, &keys, &mut de);
        let mut lines = Vec::with_capacity(self.field.len());
        for group in groups {
            let rank = lines.len() as u32 + 1;
            let tied = group.len() > 1;
            for p in group {
                let player = &self.t.players[p];
                let values = tie_breaks
                    .iter()
                    .zip(&columns)
                    .map(|(d, column)| if d.code == Code::De { de[p].unwrap_or(Value::Missing) } else { column[p] })
                    .collect();
                lines.push(Line {
                    index: p,
                    id: player.id,
                    name: player.name.clone(),
                    rating: player.rating,
                    rank,
                    tied,
                    values,
                    stated_rank: player.rank,
                });
            }
        }
        lines
    }
}
