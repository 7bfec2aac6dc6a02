//! The team tie-breaks of Arts. 12 and 13 as values: the knock-out tie-breaks of Art. 12 (Board
//! Count, Top Board Results, Bottom Board Elimination) from each team's points board by board,
//! Match Points versus Game Points (13.1), the Extended Sonneborn-Berger family (13.2) and the
//! Scores and Schedule Strength Combination (13.4). How Art. 12 and Extended Direct Encounter
//! (13.3) order a tied group is in `order.rs`.

use crate::model::team::TeamScore;
use crate::model::{Points, Tournament};
use crate::validate::teams::TeamResults;

use super::columns::{self, Context, Term};
use super::descriptor::{Descriptor, TeamCode};
use super::value::Value;

/// The two scores of a team tournament (Art. 11), each with its fields, and each team's points
/// board by board.
pub struct TeamContexts<'a> {
    pub match_points: Context<'a>,
    pub game_points: Context<'a>,
    pub primary: TeamScore,
    pub boards: &'a [Vec<Points>],
}

/// Each team (in the order of `t.teams`) its points on each board over the rounds up to `last`, for
/// Art. 12: "in all games played by the team in the tournament", individual forfeits as standard
/// wins and losses, and a pairing-allocated bye as a standard win on every board (Art. 12's
/// preamble). A round without a match gives no board points (docs/standings.md, reading T2).
pub fn board_totals(t: &Tournament, results: &TeamResults, last: u32) -> Vec<Vec<Points>> {
    let boards = results.boards.unwrap_or(0);
    let position: std::collections::HashMap<u32, usize> =
        t.teams.iter().enumerate().map(|(i, team)| (team.number, i)).collect();
    let mut totals = vec![vec![Points::ZERO; boards]; t.teams.len()];
    for round in results.rounds.iter().filter(|r| (1..=last).contains(&r.round)) {
        for game in &round.matches {
            for side in 0..2 {
                let Some(&team) = position.get(&game.teams[side]) else { continue };
                for (total, &points) in totals[team].iter_mut().zip(&game.boards[side]) {
                    *total += points;
                }
            }
        }
        for bye in round.byes.iter().filter(|bye| bye.kind == "PAB") {
            if let Some(&team) = position.get(&bye.team) {
                for total in &mut totals[team] {
                    *total += t.point_system.white_win;
                }
            }
        }
    }
    totals
}

/// 12.1: each board's points times the board number, summed (the lower ranks first).
pub fn board_count(boards: &[Vec<Points>]) -> Vec<Value> {
    boards
        .iter()
        .map(|team| {
            let tenths: i64 = team.iter().enumerate().map(|(b, points)| (b as i64 + 1) * points.tenths()).sum();
            Value::ratio(i128::from(tenths), 10)
        })
        .collect()
}

/// 12.2: the points on board 1, then on board 2 for the teams still tied, and so on.
pub fn top_boards(boards: &[Vec<Points>]) -> Vec<Vec<Points>> {
    boards.to_vec()
}

/// 12.3: the points on every board but the bottom one, then but the two bottom ones for the teams
/// still tied, and so on.
pub fn bottom_board_elimination(boards: &[Vec<Points>]) -> Vec<Vec<Points>> {
    boards
        .iter()
        .map(|team| {
            let mut sums = Vec::with_capacity(team.len().saturating_sub(1));
            let mut sum: Points = team.iter().copied().sum();
            for &bottom in team.iter().skip(1).rev() {
                sum = sum - bottom;
                sums.push(sum);
            }
            sums
        })
        .collect()
}

impl TeamContexts<'_> {
    fn on(&self, score: TeamScore) -> &Context<'_> {
        match score {
            TeamScore::MatchPoints => &self.match_points,
            TeamScore::GamePoints => &self.game_points,
        }
    }

    fn secondary(&self) -> &Context<'_> {
        match self.primary {
            TeamScore::MatchPoints => &self.game_points,
            TeamScore::GamePoints => &self.match_points,
        }
    }
}

/// The column of a team tie-break that is the team's own value.
pub fn column(scores: &TeamContexts<'_>, code: TeamCode, d: &Descriptor) -> Vec<Value> {
    let n = scores.match_points.field.len();
    match code {
        // 13.1: the score that does not decide the competition.
        TeamCode::MpVGp => (0..n).map(|p| Value::points(scores.secondary().field.score[p])).collect(),
        TeamCode::Emmsb | TeamCode::Emgsb | TeamCode::Egmsb | TeamCode::Eggsb => {
            let (of_opponent, scored) = match code {
                TeamCode::Emmsb => (TeamScore::MatchPoints, TeamScore::MatchPoints),
                TeamCode::Emgsb => (TeamScore::MatchPoints, TeamScore::GamePoints),
                TeamCode::Egmsb => (TeamScore::GamePoints, TeamScore::MatchPoints),
                _ => (TeamScore::GamePoints, TeamScore::GamePoints),
            };
            (0..n).map(|p| extended_sonneborn(scores.on(of_opponent), scores.on(scored), p, d)).collect()
        }
        TeamCode::Sssc => (0..n).map(|p| schedule_strength_combination(scores, p, d)).collect(),
        TeamCode::Bc => board_count(scores.boards),
        // The first of the values compared; the others are compared only where it ties.
        TeamCode::Tbr => first_values(&top_boards(scores.boards)),
        TeamCode::Bbe => first_values(&bottom_board_elimination(scores.boards)),
        // Extended Direct Encounter depends on the group.
        TeamCode::Ede | TeamCode::Edet | TeamCode::Edeb | TeamCode::Edebt | TeamCode::Edebb => vec![Value::Missing; n],
    }
}

/// 13.4: the secondary score plus the Schedule Strength, the Buchholz on the primary score (Fore
/// Buchholz with `/F`, 13.4.2 a) divided by the normalising factor: the highest primary score
/// achievable in the tournament over the highest secondary score achievable in one match, rounded
/// towards zero (13.4.2 b), or `/Kx`. The tournament's rounds are those the standings are after
/// (docs/standings.md, reading S3), and a factor that rounds to 0 counts as 1 (reading T5). The
/// value is exact: the text rounds neither the quotient nor the sum (reading T6).
fn schedule_strength_combination(scores: &TeamContexts<'_>, p: usize, d: &Descriptor) -> Value {
    let primary = scores.on(scores.primary);
    let secondary = scores.secondary().field;
    let basis = if d.fore { primary.fore } else { primary.field };
    let buchholz = columns::cut(columns::buchholz_terms(basis, p, primary.edition, d.forfeits_played), d, true);
    // The factor in tenths.
    let factor = match d.factor.as_deref().and_then(crate::model::Points::parse) {
        Some(factor) if factor.tenths() > 0 => i128::from(factor.tenths()),
        _ => {
            let most = i128::from(primary.field.win.tenths()) * i128::from(primary.field.scheduled_rounds);
            let per_match = i128::from(secondary.win.tenths());
            10 * if per_match > 0 { (most / per_match).max(1) } else { 1 }
        }
    };
    // secondary/10 + (buchholz/10) / (factor/10)
    let secondary_tenths = i128::from(secondary.score[p].tenths());
    Value::ratio(secondary_tenths * factor + 10 * i128::from(buchholz), 10 * factor)
}

fn first_values(vectors: &[Vec<Points>]) -> Vec<Value> {
    vectors.iter().map(|v| v.first().map_or(Value::Missing, |&p| Value::points(p))).collect()
}

/// 13.2: for each round, the opponent's score on one scale times the points scored against them on
/// the other, summed; an unplayed round counts against the dummy of 16.4 (the dummy's score on the
/// first scale, the points awarded on the second). Cut-1 (14.1.2) drops the product for the
/// opponent with the lowest score, the lowest product among those tied, with the VUR exception of
/// 16.5 as for SB.
fn extended_sonneborn(of_opponent: &Context<'_>, scored: &Context<'_>, p: usize, d: &Descriptor) -> Value {
    let scores = columns::opposition(of_opponent.field, p, of_opponent.edition, d.forfeits_played);
    let points = columns::opposition(scored.field, p, scored.edition, d.forfeits_played);
    let terms: Vec<Term> = scores
        .zip(points)
        .map(|((score, _, vur), (_, points, _))| {
            let product = score.tenths() * points.tenths();
            Term { key: (score.tenths(), product), value: product, vur }
        })
        .collect();
    Value::ratio(i128::from(columns::cut(terms, d, true)), 100)
}
