//! The value of every individual tie-break of C.07 for every participant (Arts. 7–10), with the
//! modifiers of Art. 14 and the unplayed rounds of Art. 16. Direct encounter (Art. 6) depends on
//! the tied group, so it is in `order.rs`.

use crate::model::{Colour, Outcome, Points};

use super::descriptor::{Code, Descriptor};
use super::edition::Edition;
use super::rating;
use super::rounds::{Category, Field, Happened, RoundView};
use super::value::{Shown, Value};

/// What the columns are computed from.
pub struct Context<'a> {
    pub field: &'a Field,
    /// Fore Buchholz's field (8.3): the last round's paired games drawn.
    pub fore: &'a Field,
    pub edition: Edition,
    /// Each participant's rating for Art. 10 (unrated ones given the published default, if any).
    pub ratings: &'a [Option<i64>],
    /// Pairing numbers, for TPN.
    pub numbers: &'a [u32],
}

/// Whether a higher value ranks first.
pub fn higher_first(d: &Descriptor) -> bool {
    match d.code {
        // 7.8: ascending pairing numbers, unless reversed.
        Code::Tpn => d.reverse,
        // 10.6: from the highest rating, unless reversed.
        Code::Rtng => !d.reverse,
        _ => true,
    }
}

pub fn shown(code: Code) -> Shown {
    match code {
        Code::Win
        | Code::Won
        | Code::Bpg
        | Code::Bwg
        | Code::Rep
        | Code::Tpn
        | Code::Rtng
        | Code::Aro
        | Code::Tpr
        | Code::Ptp
        | Code::Apro
        | Code::Appo => Shown::Whole,
        Code::Aob => Shown::Average,
        _ => Shown::Points,
    }
}

/// One value of a sum that cuts may remove (Art. 14), with what makes it the least significant.
#[derive(Clone, Copy, Debug)]
pub(super) struct Term {
    /// Least significant first: the value itself, or for SB the opponent's score, then the product
    /// (14.1.1 d).
    pub key: (i64, i64),
    pub value: i64,
    /// A voluntarily unplayed round's contribution (16.5).
    pub vur: bool,
}

/// The column of one tie-break (not DE), in participant order.
pub fn column(ctx: &Context<'_>, d: &Descriptor) -> Vec<Value> {
    let n = ctx.field.len();
    (0..n).map(|p| value(ctx, d, p)).collect()
}

fn value(ctx: &Context<'_>, d: &Descriptor, p: usize) -> Value {
    let f = ctx.field;
    let rounds = &f.rounds[p];
    match d.code {
        Code::Pts => Value::points(f.score[p]),
        // 7.1: the points of a win, with or without playing.
        Code::Win => count(rounds, |r| match r.happened {
            Happened::Played { outcome, .. } => outcome == Outcome::Win,
            _ => r.points >= f.win && f.win > Points::ZERO,
        }),
        // 7.2: games won over the board (with pre-determined pairings, forfeits too: 15.2).
        Code::Won => count(rounds, |r| own_game(f, r, ctx.edition).is_some_and(|(_, outcome)| outcome == Outcome::Win)),
        // 7.3, 7.4: games over the board with Black, and those won.
        Code::Bpg => {
            count(rounds, |r| own_game(f, r, ctx.edition).is_some_and(|(colour, _)| colour == Some(Colour::Black)))
        }
        Code::Bwg => count(rounds, |r| own_game(f, r, ctx.edition) == Some((Some(Colour::Black), Outcome::Win))),
        // 7.5: the score after each round, summed.
        Code::Ps => {
            let mut total = Points::ZERO;
            let terms = rounds
                .iter()
                .map(|r| {
                    total = total + r.points + r.bonus;
                    Term { key: (total.tenths(), 0), value: total.tenths(), vur: false }
                })
                .collect();
            Value::ratio(i128::from(cut(terms, d, false)), 10)
        }
        // 7.6: the rounds less the half-point byes, zero-point byes and forfeit losses: the VURs. With
        // pre-determined pairings a forfeit loss is a game up to the 2024 text (15.2).
        Code::Rep => {
            let game =
                |r: &RoundView| r.category == Some(Category::ForfeitLoss) && own_game(f, r, ctx.edition).is_some();
            Value::whole(rounds.len() as i64 - rounds.iter().filter(|r| r.is_vur() && !game(r)).count() as i64)
        }
        Code::Std => standard_points(f, p),
        Code::Tpn => Value::whole(i64::from(ctx.numbers[p])),
        Code::Rtng => ctx.ratings[p].map_or(Value::Missing, Value::whole),
        Code::Bh => Value::ratio(i128::from(cut(buchholz_terms(f, p, ctx.edition, d.forfeits_played), d, true)), 10),
        Code::Fb => {
            Value::ratio(i128::from(cut(buchholz_terms(ctx.fore, p, ctx.edition, d.forfeits_played), d, true)), 10)
        }
        Code::Aob => {
            // 8.2: the opponents' Buchholz (2026: or Fore Buchholz, `/F`) over the games played.
            let basis = if d.fore { ctx.fore } else { f };
            let opponents: Vec<usize> = rounds.iter().filter_map(RoundView::played_opponent).collect();
            let sum: i64 = opponents.iter().map(|&o| terms_sum(&buchholz_terms(basis, o, ctx.edition, false))).sum();
            Value::ratio(i128::from(sum), 10 * opponents.len() as i128)
        }
        Code::Sb => Value::ratio(i128::from(cut(sonneborn_terms(f, p, ctx.edition, d.forfeits_played), d, true)), 100),
        Code::Ks => koya(f, p, d),
        Code::Aro => {
            let terms = opponent_ratings(ctx, p).map(|ratings| {
                ratings.into_iter().map(|r| Term { key: (r, 0), value: r, vur: false }).collect::<Vec<_>>()
            });
            match terms {
                None => Value::Missing,
                Some(terms) => {
                    let kept = kept(terms, d, false);
                    if kept.is_empty() {
                        Value::Missing
                    } else {
                        let sum: i64 = kept.iter().map(|t| t.value).sum();
                        Value::whole(rating::round_half_up(sum, kept.len() as i64))
                    }
                }
            }
        }
        Code::Tpr => performance(ctx, p, rating::performance),
        Code::Ptp => performance(ctx, p, rating::perfect_performance),
        Code::Apro | Code::Appo => {
            let of: fn(&[i64], i64) -> Option<i64> =
                if d.code == Code::Apro { rating::performance } else { rating::perfect_performance };
            let opponents: Vec<usize> = rounds.iter().filter_map(|r| rated_game(ctx, r).map(|(o, _)| o)).collect();
            let values: Option<Vec<i64>> = opponents.iter().map(|&o| performance_of(ctx, o, of)).collect();
            match values {
                Some(values) if !values.is_empty() => {
                    Value::whole(rating::round_half_up(values.iter().sum(), values.len() as i64))
                }
                _ => Value::Missing,
            }
        }
        // Direct encounter is computed on the tied group; team tie-breaks are refused before.
        Code::De | Code::Team(_) => Value::Missing,
    }
}

fn count(rounds: &[RoundView], test: impl Fn(&RoundView) -> bool) -> Value {
    Value::whole(rounds.iter().filter(|r| test(r)).count() as i64)
}

/// 7.7 (2026): a round is worth 1 when the participant scores more than the scheduled opponent, or
/// obtains without playing more than a draw; ½ when as much. A forfeit is obtained without playing,
/// so it is measured against a draw (docs/standings.md, reading S8).
fn standard_points(f: &Field, p: usize) -> Value {
    let halves: i64 = f.rounds[p]
        .iter()
        .enumerate()
        .map(|(r, view)| {
            let other = match view.played_opponent() {
                Some(o) => f.rounds[o][r].points,
                None => f.draw,
            };
            match view.points.cmp(&other) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            }
        })
        .sum();
    Value::ratio(i128::from(halves), 2)
}

/// The opponent a round counts against in BH and SB: the one played, or with `/P` the scheduled
/// one of a forfeit (16.6); else the dummy of 16.4.
fn counted_opponent(view: &RoundView, forfeits_played: bool) -> Option<usize> {
    match view.happened {
        Happened::Played { opponent, .. } => Some(opponent),
        Happened::Forfeit { opponent, .. } if forfeits_played => Some(opponent),
        _ => None,
    }
}

/// Per round: the score counted against the participant (the opponent's adjusted score, 16.3, or
/// the dummy's, 16.4), the points scored, and whether it is a VUR for the cuts of 16.5 (with `/P` a
/// forfeit loss counts as a game, so it is none).
pub(super) fn opposition(
    f: &Field,
    p: usize,
    edition: Edition,
    forfeits_played: bool,
) -> impl Iterator<Item = (Points, Points, bool)> {
    // 15.2: with pre-determined pairings forfeits are games, and a round without a scheduled game
    // (the free round of an odd round robin) counts for nothing: Art. 16 is for Swiss events (15.3).
    let forfeits_played = forfeits_played || f.predetermined;
    f.rounds[p].iter().filter(move |view| !f.predetermined || view.opponent().is_some()).map(move |view| {
        let score = match counted_opponent(view, forfeits_played) {
            Some(o) => f.adjusted[o],
            None => f.dummy(p, view, edition),
        };
        let covered = forfeits_played && view.category == Some(Category::ForfeitLoss);
        (score, view.points, view.is_vur() && !covered)
    })
}

/// 8.1: the opponents' scores.
pub(super) fn buchholz_terms(f: &Field, p: usize, edition: Edition, forfeits_played: bool) -> Vec<Term> {
    // Sized at once: the opponents are filtered from the rounds, which leaves no size hint.
    let mut terms = Vec::with_capacity(f.rounds[p].len());
    terms.extend(opposition(f, p, edition, forfeits_played).map(|(score, _, vur)| Term {
        key: (score.tenths(), 0),
        value: score.tenths(),
        vur,
    }));
    terms
}

/// 9.1: the opponents' scores times the points scored against them.
fn sonneborn_terms(f: &Field, p: usize, edition: Edition, forfeits_played: bool) -> Vec<Term> {
    let mut terms = Vec::with_capacity(f.rounds[p].len());
    terms.extend(opposition(f, p, edition, forfeits_played).map(|(score, points, vur)| {
        let product = score.tenths() * points.tenths();
        Term { key: (score.tenths(), product), value: product, vur }
    }));
    terms
}

/// 9.2: the points scored against participants with at least half the most points a participant
/// could score, the limit moved by half points (14.5). A forfeit's points were scored against the
/// scheduled opponent too (docs/standings.md, reading S7).
fn koya(f: &Field, p: usize, d: &Descriptor) -> Value {
    // With pre-determined pairings, the most a participant can score is a win in each scheduled game
    // (an odd round robin gives each a free round).
    let games = if f.predetermined {
        f.rounds.iter().map(|rounds| rounds.iter().filter(|r| r.opponent().is_some()).count()).max().unwrap_or(0) as i64
    } else {
        i64::from(f.scheduled_rounds)
    };
    let most = f.win.times(games);
    let limit = Points::from_tenths(most.tenths() / 2) + Points::HALF.times(i64::from(d.limit));
    let points: i64 = f.rounds[p]
        .iter()
        .filter(|view| view.opponent().is_some_and(|o| f.score[o] >= limit))
        .map(|view| view.points.tenths())
        .sum();
    Value::ratio(i128::from(points), 10)
}

fn terms_sum(terms: &[Term]) -> i64 {
    terms.iter().map(|t| t.value).sum()
}

/// The sum after the cuts of Art. 14.
pub(super) fn cut(terms: Vec<Term>, d: &Descriptor, vur_first: bool) -> i64 {
    terms_sum(&kept(terms, d, vur_first))
}

/// The terms left after Cut-n (14.1, 14.2) or Median-n (14.3, 14.4): the least significant first,
/// then the most significant. 16.5: each low cut takes the lowest VUR contribution instead, as long
/// as it is not lower than the least significant value.
fn kept(mut terms: Vec<Term>, d: &Descriptor, vur_first: bool) -> Vec<Term> {
    let low = d.low_cut.max(d.median);
    for _ in 0..low {
        let Some(least) = (0..terms.len()).min_by_key(|&i| terms[i].key) else { break };
        let vur = (0..terms.len()).filter(|&i| terms[i].vur).min_by_key(|&i| terms[i].value);
        let gone = match vur {
            Some(v) if vur_first && terms[v].value >= terms[least].value => v,
            _ => least,
        };
        terms.remove(gone);
    }
    for _ in 0..d.median {
        let Some(most) = (0..terms.len()).max_by_key(|&i| terms[i].key) else { break };
        terms.remove(most);
    }
    terms
}

/// The ratings of the opponents played over the board (10.1); `None` when one has none. With
/// pre-determined pairings forfeits are games up to the 2024 text; the 2026 text keeps them
/// unplayed rounds for Art. 10 (15.2).
fn opponent_ratings(ctx: &Context<'_>, p: usize) -> Option<Vec<i64>> {
    ctx.field.rounds[p].iter().filter_map(|r| rated_game(ctx, r).map(|(o, _)| o)).map(|o| ctx.ratings[o]).collect()
}

/// A game Art. 10 counts: the opponent, and the points in tenths as a rating counts them (1, ½, 0).
fn rated_game(ctx: &Context<'_>, view: &RoundView) -> Option<(usize, i64)> {
    match view.happened {
        Happened::Played { opponent, outcome, .. } => Some((opponent, outcome_tenths(outcome))),
        Happened::Forfeit { opponent, won, .. } if ctx.field.predetermined && ctx.edition < Edition::E2026 => {
            Some((opponent, if won { 10 } else { 0 }))
        }
        _ => None,
    }
}

fn outcome_tenths(outcome: Outcome) -> i64 {
    match outcome {
        Outcome::Win => 10,
        Outcome::Draw => 5,
        Outcome::Loss => 0,
    }
}

/// A game of the participant's own for Art. 7 (type B): one played over the board; with
/// pre-determined pairings a forfeit too, but from 2026 not a forfeit loss (15.2).
fn own_game(f: &Field, view: &RoundView, edition: Edition) -> Option<(Option<Colour>, Outcome)> {
    match view.happened {
        Happened::Played { colour, outcome, .. } => Some((Some(colour), outcome)),
        Happened::Forfeit { won, colour, .. } if f.predetermined && (won || edition < Edition::E2026) => {
            Some((colour, if won { Outcome::Win } else { Outcome::Loss }))
        }
        _ => None,
    }
}

/// The points of the games Art. 10 counts, in tenths.
fn game_points(ctx: &Context<'_>, p: usize) -> i64 {
    ctx.field.rounds[p].iter().filter_map(|r| rated_game(ctx, r).map(|(_, points)| points)).sum()
}

fn performance_of(ctx: &Context<'_>, p: usize, of: fn(&[i64], i64) -> Option<i64>) -> Option<i64> {
    of(&opponent_ratings(ctx, p)?, game_points(ctx, p))
}

fn performance(ctx: &Context<'_>, p: usize, of: fn(&[i64], i64) -> Option<i64>) -> Value {
    performance_of(ctx, p, of).map_or(Value::Missing, Value::whole)
}
