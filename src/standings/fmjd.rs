//! Final standings of the FMJD Swiss systems: the tie-breaks of FMJD Annex 5 section 3.1 computed
//! from the recorded results in the file's points (draughts: 2/1/0), and the order of section 5.
//!
//! - 3.1a Solkoff: the sum of the opponents' scores.
//! - 3.1b Solkoff median: minus the highest and the lowest of them.
//! - 3.1c truncated Solkoff: minus the lowest; "if this is equal" minus the two lowest, and so on —
//!   a sequence compared level by level (B.e, appendix C's "Reduced Solkoff(-1,-2,...)").
//! - 3.1d Sonneborn-Berger: twice the score of each beaten opponent plus the score of each drawn one.
//! - 3.1e the average rating of the opponents; appendix D the tournament performance rating;
//!   3.1g own rating; 3.1h the number from the drawing of lots.
//! - Section 5: 5.1 (and A.e) score then 3.1e; 5.2 (and B.e) score, 3.1b, 3.1c; 5.3 score, 3.1a, 3.1d.
//!
//! Scores are final: as recorded up to the last round considered. Rounds without a game over the
//! board count by the declared [`UnplayedRule`] (docs/fmjd-standings.md, readings T1–T6).

use std::cmp::Ordering;

use serde::Serialize;

use crate::model::{ByeKind, EntryKind, Numbering, Outcome, PlayerId, Points, Tournament, UnplayedCount, UnplayedRule};
use crate::standings::verdict::{self, Placed, RankCheck, RankStatus};
use crate::systems::fmjd::Variant;

/// 3.1's values for one player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TieBreaks {
    /// 3.1a
    pub solkoff: Points,
    /// 3.1b
    pub solkoff_median: Points,
    /// 3.1c: Solkoff minus the lowest, minus the two lowest, … (one level per round but the last).
    pub solkoff_truncated: Vec<Points>,
    /// 3.1d
    pub sonneborn_berger: Points,
    /// 3.1e, rounded to a tenth for display; the order uses the exact value.
    pub average_rating: Option<f64>,
    /// Appendix D.
    pub performance: Option<i64>,
    /// 3.1g
    pub rating: Option<u32>,
    /// 3.1h: the pairing number, which is the lot number (B.a); none when the file numbers players by
    /// final place (FMJD-report).
    pub lot: Option<u32>,
    /// 3.1e exactly: the sum of the opponents' ratings and their number.
    #[serde(skip)]
    pub rating_sum: Option<(u64, u64)>,
}

/// A tie-break the file printed, beside the value computed here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Printed {
    pub name: String,
    pub printed: Points,
    /// `None` for a column this module does not know.
    pub computed: Option<Points>,
}

impl Printed {
    pub fn agrees(&self) -> bool {
        self.computed.is_none_or(|c| c == self.printed)
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Shared by players the system's chain cannot separate (docs/fmjd-standings.md, reading T6).
    pub rank: u32,
    pub player: PlayerId,
    pub name: String,
    pub score: Points,
    pub tiebreaks: TieBreaks,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub printed: Vec<Printed>,
}

/// The final standings under one system.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub after_round: u32,
    /// The order of section 5: `score`, then the tie-breaks by their field names.
    pub order: Vec<&'static str>,
    pub unplayed: UnplayedRule,
    /// Where the rule comes from: `default`, `XDT` or `--solkoff-unplayed`.
    pub unplayed_source: String,
    pub players: Vec<Standing>,
    /// The verdict on the places the file states, under this order (the same verdict as a chess
    /// file's ranks get under C.07).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<RankCheck>,
}

impl Standings {
    /// Printed tie-breaks that differ from the computed ones.
    pub fn disagreements(&self) -> impl Iterator<Item = (&Standing, &Printed)> {
        self.players.iter().flat_map(|s| s.printed.iter().filter(|p| !p.agrees()).map(move |p| (s, p)))
    }

    /// Each of [`Standings::disagreements`] in words: `player 7 (Name): the file prints SSolk 31,
    /// computed 30`.
    pub fn disagreement_lines(&self) -> impl Iterator<Item = String> + '_ {
        self.disagreements().map(|(s, p)| {
            let computed = p.computed.map_or_else(|| "-".to_owned(), |c| c.to_string());
            format!("player {} ({}): the file prints {} {}, computed {computed}", s.player, s.name, p.name, p.printed)
        })
    }
}

/// Section 5's order of the final classification.
pub fn order(variant: Variant) -> Vec<&'static str> {
    match variant {
        Variant::Rating => vec!["score", "average_rating"],
        Variant::FmjdSolkoff => vec!["score", "solkoff_median", "solkoff_truncated"],
        Variant::KndbSolkoff => vec!["score", "solkoff", "sonneborn_berger"],
    }
}

/// The standings after round `last` (rounds beyond it are left out; a `last` beyond the recorded
/// rounds means the last recorded one).
pub fn standings(t: &Tournament, last: u32, variant: Variant, rule: UnplayedRule, unplayed_source: &str) -> Standings {
    let last = last.min(t.rounds_recorded());
    let index = t.player_index();
    // score[i][r]: player i's points after round r (r = 0..=last), 299 records applied.
    let cumulative: Vec<Vec<Points>> = t
        .players
        .iter()
        .map(|p| {
            let mut sum = Points::ZERO;
            let mut out = vec![Points::ZERO];
            for r in 1..=last {
                sum += t.round_points(p, r);
                out.push(sum);
            }
            out
        })
        .collect();
    let final_score = |id: PlayerId| index.get(&id).map_or(Points::ZERO, |&i| cumulative[i][last as usize]);
    let win = t.point_system.white_win;
    let draw = t.point_system.white_draw;
    let mut players: Vec<Standing> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let own = cumulative[i][last as usize];
            // (value counted as an opponent's score, 3.1d weight: 2 a win, 1 a draw, 0 a loss;
            // unplayed rounds weigh by what they gave, docs/fmjd-standings.md, reading T2)
            let mut counted: Vec<(Points, i64)> = Vec::new();
            let mut rated_opponents: Vec<u32> = Vec::new();
            let mut games: Vec<(u32, f64)> = Vec::new();
            for r in 1..=last {
                let unplayed = |count: UnplayedCount, opponent: Option<PlayerId>| -> Option<Points> {
                    match count {
                        UnplayedCount::Ignore => None,
                        UnplayedCount::Zero => Some(Points::ZERO),
                        UnplayedCount::Scheduled => Some(opponent.map_or(Points::ZERO, final_score)),
                        UnplayedCount::OwnScore => Some(own),
                        // FIDE C.02 (2012): score before the round + (a win − the round's points)
                        // + a draw for each round after it.
                        UnplayedCount::Virtual => Some(
                            cumulative[i][r as usize - 1] + win - t.round_points(p, r)
                                + draw.times(i64::from(last - r)),
                        ),
                    }
                };
                let rating_of = |id: PlayerId| index.get(&id).and_then(|&j| t.players[j].rating);
                match p.round(r).kind() {
                    EntryKind::Played { opponent, outcome, .. } => {
                        let weight = match outcome {
                            Outcome::Win => 2,
                            Outcome::Draw => 1,
                            Outcome::Loss => 0,
                        };
                        counted.push((final_score(opponent), weight));
                        if let Some(rating) = rating_of(opponent) {
                            rated_opponents.push(rating);
                            games.push((rating, weight as f64 / 2.0));
                        }
                    }
                    // A game paired but without a result: an opponent, no result for 3.1d or D.
                    EntryKind::Pending { opponent, .. } => {
                        counted.push((final_score(opponent), 0));
                        rated_opponents.extend(rating_of(opponent));
                    }
                    EntryKind::Forfeit { opponent, won, .. } => {
                        if let Some(value) = unplayed(rule.forfeit, Some(opponent)) {
                            counted.push((value, if won { 2 } else { 0 }));
                            // 3.1e counts the opponent only when the rule counts them as met (reading T4).
                            if rule.forfeit == UnplayedCount::Scheduled {
                                rated_opponents.extend(rating_of(opponent));
                            }
                        }
                    }
                    EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin) => {
                        // 4.1: the bye "receives two points": a win against the dummy.
                        counted.extend(unplayed(rule.bye, None).map(|v| (v, 2)));
                    }
                    EntryKind::Bye(kind) => {
                        let weight = match kind {
                            ByeKind::FullPoint => 2,
                            ByeKind::HalfPoint => 1,
                            _ => 0,
                        };
                        counted.extend(unplayed(rule.absent, None).map(|v| (v, weight)));
                    }
                    EntryKind::NotRecorded => counted.extend(unplayed(rule.absent, None).map(|v| (v, 0))),
                }
            }
            let tiebreaks = tie_breaks(&counted, last, &rated_opponents, &games, p.rating, lot(t, p.id));
            let printed = printed(p, &tiebreaks);
            Standing { rank: 0, player: p.id, name: p.name.clone(), score: own, tiebreaks, printed }
        })
        .collect();
    players.sort_by(|a, b| compare(variant, a, b).then(a.player.cmp(&b.player)));
    for i in 0..players.len() {
        players[i].rank = if i > 0 && compare(variant, &players[i - 1], &players[i]) == Ordering::Equal {
            players[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    let mut standings = Standings {
        after_round: last,
        order: order(variant),
        unplayed: rule,
        unplayed_source: unplayed_source.to_owned(),
        players,
        ranks: None,
    };
    standings.ranks = check_places(t, &standings, variant);
    standings
}

/// The article of section 5 that gives a system's order.
fn article(variant: Variant) -> &'static str {
    match variant {
        Variant::Rating => "section 5.1",
        Variant::FmjdSolkoff => "section 5.2",
        Variant::KndbSolkoff => "section 5.3",
    }
}

/// The verdict on the places the file states against section 5's order: an FMJD crosstable numbers
/// its rows by final place, a TRF writes them in 001 columns 86–89. `None` when no place is stated,
/// or when a file numbered by pairing number states its pairing numbers (pairing programs write
/// that). Players the order leaves tied may be in either order (reading T6).
fn check_places(t: &Tournament, standings: &Standings, variant: Variant) -> Option<RankCheck> {
    let stated: std::collections::HashMap<PlayerId, u32> =
        t.players.iter().filter_map(|p| p.rank.map(|r| (p.id, r))).collect();
    if stated.is_empty() || (t.numbering == Numbering::PairingNumbers && stated.iter().all(|(id, r)| id == r)) {
        return None;
    }
    let order: Vec<String> = standings.order.iter().map(|&field| field.to_owned()).collect();
    let mut verdict =
        RankCheck { tie_breaks: order, ..RankCheck::not_checked("Annex 5", standings.after_round, article(variant)) };
    // Places follow the file's own scores; where they disagree with the results, the places cannot
    // be told right or wrong from the results.
    let score: std::collections::HashMap<PlayerId, Points> =
        standings.players.iter().map(|s| (s.player, s.score)).collect();
    let differing =
        t.players.iter().filter(|p| p.points.is_some_and(|points| Some(&points) != score.get(&p.id))).count();
    if differing > 0 {
        let plural = if differing == 1 { "" } else { "s" };
        verdict.reason = Some(format!(
            "the points of {differing} player{plural} differ from the results, so the places cannot be checked \
             against them"
        ));
        return Some(verdict);
    }
    let placed: Vec<Placed> = standings
        .players
        .iter()
        .enumerate()
        .map(|(at, s)| Placed {
            at,
            id: s.player,
            name: &s.name,
            rank: s.rank,
            stated_rank: stated.get(&s.player).copied(),
        })
        .collect();
    verdict.findings = verdict::findings(&placed, &|first, second| {
        separation(&standings.order, &standings.players[first.at], &standings.players[second.at])
    });
    verdict.ranks_checked = stated.len();
    verdict.status = if verdict.findings.is_empty() { RankStatus::Match } else { RankStatus::Mismatch };
    Some(verdict)
}

/// The first value of section 5's order that puts `first` ahead of `second`, with both values.
fn separation(order: &[&'static str], first: &Standing, second: &Standing) -> String {
    let who = |s: &Standing| format!("{} ({})", s.name.trim(), s.player);
    let average = |s: &Standing| {
        s.tiebreaks
            .rating_sum
            .filter(|&(_, n)| n > 0)
            .map_or("none".to_owned(), |(sum, n)| format!("{:.2}", sum as f64 / n as f64))
    };
    for &field in order {
        let (one, other) = match field {
            "score" => (first.score.to_string(), second.score.to_string()),
            "solkoff" => (first.tiebreaks.solkoff.to_string(), second.tiebreaks.solkoff.to_string()),
            "solkoff_median" => {
                (first.tiebreaks.solkoff_median.to_string(), second.tiebreaks.solkoff_median.to_string())
            }
            "sonneborn_berger" => {
                (first.tiebreaks.sonneborn_berger.to_string(), second.tiebreaks.sonneborn_berger.to_string())
            }
            "average_rating" => (average(first), average(second)),
            "solkoff_truncated" => {
                let levels = first.tiebreaks.solkoff_truncated.iter().zip(&second.tiebreaks.solkoff_truncated);
                match levels.enumerate().find(|(_, (a, b))| a != b) {
                    Some((k, (a, b))) => {
                        let lowest = if k == 0 { "the lowest".to_owned() } else { format!("the {} lowest", k + 1) };
                        return format!("{field} (minus {lowest}) gives {} {a} and {} {b}", who(first), who(second));
                    }
                    None => continue,
                }
            }
            _ => continue,
        };
        if one != other {
            return format!("{field} gives {} {one} and {} {other}", who(first), who(second));
        }
    }
    "section 5's order separates them".to_owned()
}

fn lot(t: &Tournament, id: PlayerId) -> Option<u32> {
    (t.numbering == Numbering::PairingNumbers).then_some(id)
}

/// The 3.1 values from the counted opponents' scores (with their 3.1d weights).
fn tie_breaks(
    counted: &[(Points, i64)],
    rounds: u32,
    rated_opponents: &[u32],
    games: &[(u32, f64)],
    rating: Option<u32>,
    lot: Option<u32>,
) -> TieBreaks {
    let mut values: Vec<Points> = counted.iter().map(|c| c.0).collect();
    values.sort();
    let solkoff: Points = values.iter().copied().sum();
    // 3.1b: with fewer than two values, nothing is left once both ends are taken (reading T3).
    let solkoff_median = match (values.first(), values.last()) {
        (Some(&low), Some(&high)) if values.len() >= 2 => solkoff - low - high,
        _ => Points::ZERO,
    };
    // 3.1c: level k drops the k lowest; a level that drops every value is 0 (reading T3).
    let levels = rounds.saturating_sub(1).max(1) as usize;
    let solkoff_truncated =
        (1..=levels).map(|k| values.iter().skip(k).copied().sum::<Points>()).collect::<Vec<Points>>();
    let sonneborn_berger = counted.iter().map(|&(value, weight)| value.times(weight)).sum();
    let rating_sum = (!rated_opponents.is_empty())
        .then(|| (rated_opponents.iter().map(|&r| u64::from(r)).sum::<u64>(), rated_opponents.len() as u64));
    let average_rating = rating_sum.map(|(sum, n)| (sum as f64 / n as f64 * 10.0).round() / 10.0);
    TieBreaks {
        solkoff,
        solkoff_median,
        solkoff_truncated,
        sonneborn_berger,
        average_rating,
        performance: performance_rating(games),
        rating,
        lot,
        rating_sum,
    }
}

/// The tie-break columns the crosstables print, by their names there.
fn printed(p: &crate::model::Player, tb: &TieBreaks) -> Vec<Printed> {
    let Some(draughts) = &p.draughts else { return Vec::new() };
    draughts
        .reported_tie_breaks
        .iter()
        .map(|(name, value)| {
            let computed = match name.to_ascii_lowercase().as_str() {
                // Draughts Arbiter's "short truncated Solkoff": the first level of 3.1c.
                "ssolk" => tb.solkoff_truncated.first().copied(),
                "solk" | "solkoff" | "wp" | "buchholz" => Some(tb.solkoff),
                "msolk" | "median" => Some(tb.solkoff_median),
                "sb" => Some(tb.sonneborn_berger),
                _ => None,
            };
            Printed { name: name.clone(), printed: *value, computed }
        })
        .collect()
}

/// Best first under section 5's chain; players it cannot separate compare equal.
fn compare(variant: Variant, a: &Standing, b: &Standing) -> Ordering {
    let (x, y) = (&a.tiebreaks, &b.tiebreaks);
    let by_score = b.score.cmp(&a.score);
    let rest = match variant {
        // 5.1, A.e: "the highest average rating of the opponents"; no opponent with a rating ranks last.
        Variant::Rating => match (y.rating_sum, x.rating_sum) {
            (Some((sb, nb)), Some((sa, na))) => {
                (u128::from(sb) * u128::from(na)).cmp(&(u128::from(sa) * u128::from(nb)))
            }
            (Some(_), None) => Ordering::Greater,
            (None, Some(_)) => Ordering::Less,
            (None, None) => Ordering::Equal,
        },
        // 5.2, B.e: "the highest Solkoff median and Solkoff truncated".
        Variant::FmjdSolkoff => {
            y.solkoff_median.cmp(&x.solkoff_median).then_with(|| y.solkoff_truncated.cmp(&x.solkoff_truncated))
        }
        // 5.3: "Solkoff followed by Sonnenborn-Berger".
        Variant::KndbSolkoff => y.solkoff.cmp(&x.solkoff).then(y.sonneborn_berger.cmp(&x.sonneborn_berger)),
    };
    by_score.then(rest)
}

/// Appendix D: "that rating for which the expected result of the player, calculated opponent by
/// opponent, equals the realized result". `games` holds each rated opponent's rating and the result
/// (1, ½, 0). The expected result of one game is the Elo curve 1 / (1 + 10^((Ro − Rp)/400)) (the
/// annex names no curve; reading T5). The sum of expectations rises with Rp, so the root is found by
/// bisection, within 800 points of the weakest and strongest opponent: a perfect (or null) score has
/// no finite root and gets that bound (reading T5). Rounded to a whole rating; `None` without rated
/// games.
pub fn performance_rating(games: &[(u32, f64)]) -> Option<i64> {
    let low = f64::from(games.iter().map(|g| g.0).min()?) - 800.0;
    let high = f64::from(games.iter().map(|g| g.0).max()?) + 800.0;
    let realized: f64 = games.iter().map(|g| g.1).sum();
    let expected =
        |rp: f64| -> f64 { games.iter().map(|&(ro, _)| 1.0 / (1.0 + 10f64.powf((f64::from(ro) - rp) / 400.0))).sum() };
    let (mut lo, mut hi) = (low, high);
    if realized <= expected(lo) {
        return Some(lo.round() as i64);
    }
    if realized >= expected(hi) {
        return Some(hi.round() as i64);
    }
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if expected(mid) < realized {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(((lo + hi) / 2.0).round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn performance_solves_appendix_d_by_hand() {
        // One opponent at 2000, a draw: E = ½ exactly when Rp = 2000.
        assert_eq!(performance_rating(&[(2000, 0.5)]), Some(2000));
        // Two opponents at 2000, a win and a draw: ¾ each, 1/(1+10^(−d/400)) = ¾ ⇒ 10^(d/400) = 3
        // ⇒ d = 400·log10(3) = 190.85 ⇒ 2191.
        assert_eq!(performance_rating(&[(2000, 1.0), (2000, 0.5)]), Some(2191));
        // 1600 and 2400, one win and one loss: at Rp = 2000 the expectations are 1/(1+10^−1) and
        // 1/(1+10^1), 0.9091 + 0.0909 = 1 = the result.
        assert_eq!(performance_rating(&[(1600, 1.0), (2400, 0.0)]), Some(2000));
        // A perfect score has no root: the bound, 800 above the strongest.
        assert_eq!(performance_rating(&[(1900, 1.0), (2100, 1.0)]), Some(2900));
        assert_eq!(performance_rating(&[(1900, 0.0)]), Some(1100));
        assert_eq!(performance_rating(&[]), None);
    }

    #[test]
    fn median_and_truncation_of_few_values() {
        let tb = tie_breaks(&[(Points::whole(4), 2)], 3, &[], &[], None, None);
        assert_eq!(tb.solkoff_median, Points::ZERO);
        assert_eq!(tb.solkoff_truncated, vec![Points::ZERO, Points::ZERO]);
        assert_eq!(tb.sonneborn_berger, Points::whole(8));
        let tb = tie_breaks(&[], 1, &[], &[], None, None);
        assert_eq!((tb.solkoff, tb.solkoff_truncated.len()), (Points::ZERO, 1));
    }
}
