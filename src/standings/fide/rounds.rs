//! Each participant's rounds as C.07 sees them: games over the board, and the unplayed rounds of
//! Art. 16 with their categories (16.2), the score others see (16.3) and the dummy (16.4).

use crate::model::team::TeamScore;
use crate::model::{ByeKind, Colour, EntryKind, Outcome, PointSystem, Points, Tournament};
use crate::validate::teams::TeamResults;

use super::edition::Edition;

/// What happened to a participant in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happened {
    /// A game over the board (`1 = 0`, and `W D L`, played though not rated).
    Played { opponent: usize, colour: Colour, outcome: Outcome },
    /// A scheduled game not played (`+`, `-`), or a game paired but not yet played, which
    /// gives no points; the colour when the file gives one.
    Forfeit { opponent: usize, won: bool, colour: Option<Colour> },
    /// No opponent: byes, absences and rounds not recorded.
    Bye(ByeKind),
}

/// The categories of unplayed rounds (16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// 16.2.1: a pairing-allocated bye or a full-point bye.
    Awarded,
    /// 16.2.2: a forfeit win.
    ForfeitWin,
    /// 16.2.3: a requested bye followed by at least one round that is not a VUR.
    ByeThenPlay,
    /// 16.2.4: a forfeit loss.
    ForfeitLoss,
    /// 16.2.5: a requested bye followed only by VURs, or in the last round (a withdrawal's rounds).
    ByeToTheEnd,
}

/// One round of one participant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundView {
    pub happened: Happened,
    /// The points awarded in the round for its game or bye (a typed 299 record applied).
    pub points: Points,
    /// Points outside the game: a bonus or penalty (blank-type 299), part of the score only.
    pub bonus: Points,
    /// `None` for a game over the board.
    pub category: Option<Category>,
}

impl RoundView {
    /// 16.1.2: a voluntarily unplayed round, a requested bye or a forfeit loss.
    pub fn is_vur(&self) -> bool {
        matches!(self.category, Some(Category::ByeThenPlay | Category::ByeToTheEnd | Category::ForfeitLoss))
    }

    /// The scheduled opponent: of a game played or forfeited.
    pub fn opponent(&self) -> Option<usize> {
        match self.happened {
            Happened::Played { opponent, .. } | Happened::Forfeit { opponent, .. } => Some(opponent),
            Happened::Bye(_) => None,
        }
    }

    pub fn played_opponent(&self) -> Option<usize> {
        match self.happened {
            Happened::Played { opponent, .. } => Some(opponent),
            _ => None,
        }
    }
}

/// Every participant's rounds 1 to `rounds`, and the scores that follow from them.
#[derive(Clone, Debug)]
pub struct Field {
    /// `rounds[p][r]`: participant `p` (index into the tournament's players) in round `r + 1`.
    pub rounds: Vec<Vec<RoundView>>,
    /// The final score: the points of the rounds considered with the bonuses and penalties of 299
    /// (acceleration's fictitious points are no result, so no part of it).
    pub score: Vec<Points>,
    /// 16.3: the score the participant's opponents see.
    pub adjusted: Vec<Points>,
    /// The points of a win and of a draw under the file's point system.
    pub win: Points,
    pub draw: Points,
    /// "The number of rounds in the tournament" (16.4.2, and 9.2's most points): the rounds the
    /// standings are made after (docs/standings.md, reading S3).
    pub scheduled_rounds: u32,
    /// Pre-determined pairings (a round robin): Art. 16 does not apply, forfeits are games (15.2).
    pub predetermined: bool,
}

impl Field {
    /// The field after `last` rounds. A game paired without a result counts as a forfeit lost by
    /// both: a round without points.
    pub fn new(t: &Tournament, last: u32) -> Field {
        let system = &t.point_system;
        let numbers = t.player_index();
        let index = |id: u32| numbers.get(&id).copied();
        let mut rounds: Vec<Vec<RoundView>> = t
            .players
            .iter()
            .map(|p| {
                (1..=last)
                    .map(|r| {
                        let bonus = t.bonus_points(p, r);
                        RoundView { points: t.round_points(p, r) - bonus, bonus, ..view(p.round(r), system, &index) }
                    })
                    .collect()
            })
            .collect();
        for views in &mut rounds {
            categorise(views);
        }
        Field::from_rounds(rounds, system.white_win, system.white_draw, last, predetermined(t))
    }

    /// A team tournament's field after `last` rounds, the teams in the order of `t.teams`, each
    /// round's points being its match points or its game points (`score`): Art. 13 applies Arts.
    /// 6–10 to teams on either score, and Art. 16's "points" are both (16.4). A match is a game of
    /// the team's (15.1: a round without a match is unplayed), won, drawn or lost as its match
    /// points say and played with the colour of the team's first board (C.04.6 1.6.1); a match
    /// forfeited (330) or without a game over the board is a forfeit; the PAB and a full-point bye (240 F) are awarded rounds, a half-
    /// or zero-point bye (240 H, Z) a requested bye, and a round without a match an absence.
    pub fn teams(t: &Tournament, results: &TeamResults, last: u32, score: TeamScore) -> Field {
        let position: std::collections::HashMap<u32, usize> =
            t.teams.iter().enumerate().map(|(i, team)| (team.number, i)).collect();
        let pick = |pair: [Points; 2], side: usize| pair[side];
        let absent = RoundView {
            happened: Happened::Bye(ByeKind::ZeroPoint),
            points: Points::ZERO,
            bonus: Points::ZERO,
            category: None,
        };
        let mut rounds = vec![vec![absent; last as usize]; t.teams.len()];
        for round in results.rounds.iter().filter(|r| (1..=last).contains(&r.round)) {
            let r = round.round as usize - 1;
            for game in &round.matches {
                let sides = game.teams.map(|number| position.get(&number).copied());
                for side in 0..2 {
                    let (Some(me), Some(opponent)) = (sides[side], sides[1 - side]) else { continue };
                    let points = match score {
                        TeamScore::MatchPoints => pick(game.match_points, side),
                        TeamScore::GamePoints => pick(game.game_points, side),
                    };
                    let colour = game.colours.then_some(if side == 0 { Colour::White } else { Colour::Black });
                    let (mine, theirs) = (game.match_points[side], game.match_points[1 - side]);
                    let happened = if game.forfeit.is_some() || !game.played {
                        Happened::Forfeit { opponent, won: mine > theirs, colour }
                    } else {
                        let outcome = match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => Outcome::Win,
                            std::cmp::Ordering::Equal => Outcome::Draw,
                            std::cmp::Ordering::Less => Outcome::Loss,
                        };
                        Happened::Played { opponent, colour: colour.unwrap_or(Colour::White), outcome }
                    };
                    rounds[me][r] = RoundView { happened, points, bonus: Points::ZERO, category: None };
                }
            }
            for bye in &round.byes {
                let Some(&me) = position.get(&bye.team) else { continue };
                let kind = match bye.kind {
                    "PAB" => ByeKind::PairingAllocated,
                    "F" => ByeKind::FullPoint,
                    "H" => ByeKind::HalfPoint,
                    _ => ByeKind::ZeroPoint,
                };
                let points = match score {
                    TeamScore::MatchPoints => bye.match_points,
                    TeamScore::GamePoints => bye.game_points,
                };
                rounds[me][r] =
                    RoundView { happened: Happened::Bye(kind), points, bonus: Points::ZERO, category: None };
            }
        }
        for views in &mut rounds {
            categorise(views);
        }
        let (win, draw) = match score {
            TeamScore::MatchPoints => (results.match_scoring[0], results.match_scoring[1]),
            TeamScore::GamePoints => {
                let boards = results.boards.unwrap_or(1).max(1) as i64;
                (t.point_system.white_win.times(boards), t.point_system.white_draw.times(boards))
            }
        };
        let predetermined = declared_round_robin(t) || every_pair_met(&rounds);
        Field::from_rounds(rounds, win, draw, last, predetermined)
    }

    fn from_rounds(
        rounds: Vec<Vec<RoundView>>,
        win: Points,
        draw: Points,
        scheduled_rounds: u32,
        predetermined: bool,
    ) -> Field {
        let score: Vec<Points> = rounds.iter().map(|v| v.iter().map(|r| r.points + r.bonus).sum::<Points>()).collect();
        let adjusted = rounds
            .iter()
            .zip(&score)
            .map(|(views, &score)| {
                // 16.3.2: a category-5 round counts as a draw for the opponents.
                views
                    .iter()
                    .filter(|r| r.category == Some(Category::ByeToTheEnd))
                    .fold(score, |s, r| s - r.points + draw)
            })
            .collect();
        Field { rounds, score, adjusted, win, draw, scheduled_rounds, predetermined }
    }

    /// Fore Buchholz's field (8.3): as if every game paired in the last round had ended in a draw
    /// (forfeits included, since they were paired).
    pub fn fore(&self) -> Field {
        let mut rounds = self.rounds.clone();
        for views in &mut rounds {
            if let Some(last) = views.last_mut()
                && let Some(opponent) = last.opponent()
            {
                *last = RoundView {
                    happened: Happened::Played { opponent, colour: Colour::White, outcome: Outcome::Draw },
                    points: self.draw,
                    bonus: last.bonus,
                    category: None,
                };
            }
            categorise(views);
        }
        Field::from_rounds(rounds, self.win, self.draw, self.scheduled_rounds, self.predetermined)
    }

    pub fn len(&self) -> usize {
        self.rounds.len()
    }

    /// 16.4: the score of the dummy a participant meets in an unplayed round. Up to 2024 it is the
    /// participant's own score; from 2026 it is capped by the scheduled opponent's adjusted score for
    /// forfeits (16.4.1) and by a draw in every round of the tournament for the others (16.4.2).
    pub fn dummy(&self, p: usize, round: &RoundView, edition: Edition) -> Points {
        let own = self.score[p];
        if !edition.caps_the_dummy() {
            return own;
        }
        let cap = match (round.category, round.opponent()) {
            (Some(Category::ForfeitWin | Category::ForfeitLoss), Some(opponent)) => self.adjusted[opponent],
            _ => self.draw.times(i64::from(self.scheduled_rounds)),
        };
        own.min(cap)
    }
}

/// Pairings fixed in advance (15.2): a complete round robin, or one that record 192 declares.
pub fn predetermined(t: &Tournament) -> bool {
    declared_round_robin(t) || t.round_robin().is_some()
}

fn declared_round_robin(t: &Tournament) -> bool {
    t.header.system_code.as_deref().is_some_and(|code| {
        let code = code.trim().to_ascii_uppercase();
        code.starts_with("FIDE_ROUNDROBIN") || code.starts_with("FIDE_DOUBLEROUNDROBIN")
    })
}

/// Whether every participant was scheduled against every other (a complete round robin of at
/// least three).
fn every_pair_met(rounds: &[Vec<RoundView>]) -> bool {
    let n = rounds.len();
    n >= 3
        && rounds.iter().enumerate().all(|(p, views)| {
            let met: std::collections::BTreeSet<usize> = views.iter().filter_map(RoundView::opponent).collect();
            met.len() == n - 1 && !met.contains(&p)
        })
}

fn view(entry: crate::model::RoundEntry, system: &PointSystem, index: &impl Fn(u32) -> Option<usize>) -> RoundView {
    let points = entry.points(system);
    let happened = match entry.kind() {
        EntryKind::Played { opponent, colour, outcome, .. } => match index(opponent) {
            Some(opponent) => Happened::Played { opponent, colour, outcome },
            None => Happened::Bye(ByeKind::ZeroPoint),
        },
        EntryKind::Forfeit { opponent, won, colour } => match index(opponent) {
            Some(opponent) => Happened::Forfeit { opponent, won, colour },
            None => Happened::Bye(if won { ByeKind::LegacyWin } else { ByeKind::ZeroPoint }),
        },
        EntryKind::Pending { opponent, .. } => match index(opponent) {
            Some(opponent) => Happened::Forfeit { opponent, won: false, colour: None },
            None => Happened::Bye(ByeKind::ZeroPoint),
        },
        EntryKind::Bye(kind) => Happened::Bye(kind),
        // A round without a block: absent, "equivalent to Z" in the TRF tables.
        EntryKind::NotRecorded => Happened::Bye(ByeKind::ZeroPoint),
    };
    RoundView { happened, points, bonus: Points::ZERO, category: None }
}

/// 16.2: the category of each unplayed round; 16.2.3 and 16.2.5 depend on what follows.
fn categorise(views: &mut [RoundView]) {
    let mut later_non_vur = false;
    for round in views.iter_mut().rev() {
        round.category = match round.happened {
            Happened::Played { .. } => None,
            Happened::Forfeit { won: true, .. } => Some(Category::ForfeitWin),
            Happened::Forfeit { won: false, .. } => Some(Category::ForfeitLoss),
            Happened::Bye(ByeKind::PairingAllocated | ByeKind::FullPoint | ByeKind::LegacyWin) => {
                Some(Category::Awarded)
            }
            Happened::Bye(ByeKind::HalfPoint | ByeKind::ZeroPoint) => {
                Some(if later_non_vur { Category::ByeThenPlay } else { Category::ByeToTheEnd })
            }
        };
        if !round.is_vur() {
            later_non_vur = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bye(kind: ByeKind, points: Points) -> RoundView {
        RoundView { happened: Happened::Bye(kind), points, bonus: Points::ZERO, category: None }
    }

    #[test]
    fn a_requested_bye_is_category_3_only_before_a_round_that_is_not_a_vur() {
        let game = RoundView {
            happened: Happened::Played { opponent: 1, colour: Colour::White, outcome: Outcome::Win },
            points: Points::ONE,
            bonus: Points::ZERO,
            category: None,
        };
        let lost = RoundView {
            happened: Happened::Forfeit { opponent: 1, won: false, colour: None },
            points: Points::ZERO,
            bonus: Points::ZERO,
            category: None,
        };
        let half = bye(ByeKind::HalfPoint, Points::HALF);
        let zero = bye(ByeKind::ZeroPoint, Points::ZERO);
        let mut views = [half, game, zero, lost, zero];
        categorise(&mut views);
        let categories: Vec<_> = views.iter().map(|v| v.category).collect();
        assert_eq!(
            categories,
            [
                Some(Category::ByeThenPlay),
                None,
                Some(Category::ByeToTheEnd),
                Some(Category::ForfeitLoss),
                Some(Category::ByeToTheEnd)
            ]
        );
        let mut views = [zero, bye(ByeKind::PairingAllocated, Points::ONE)];
        categorise(&mut views);
        assert_eq!(views[0].category, Some(Category::ByeThenPlay), "a PAB is not a VUR (16.1.2)");
    }
}
