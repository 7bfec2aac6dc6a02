//! `check`'s verdict on the ranks a file states (001 columns 86–89): under the tie-breaks the file
//! declares (212, or 202 after the points), or, when it declares none, that ranks follow points,
//! with the common list that gives the stated order, if one does (docs/standings.md, "The check").

use crate::model::{Points, Tournament};
use crate::standings::verdict::{self, Placed};
pub use crate::standings::verdict::{RankCheck, RankStatus};

use super::{Descriptor, Edition, Line, Ranker, columns, declared, last_round_with_results, order};

/// Common lists tried, in this order, when the file declares none: the list of the first that
/// gives every stated rank is named in a hint.
const COMMON_LISTS: [&str; 8] =
    ["BH/C1,BH,SB", "BH/C1,BH,SB,DE", "DE,BH/C1,BH,SB", "BH,SB", "BH/C2,BH/C1,BH", "BH/M1,BH,SB", "SB,BH", "ARO"];

/// Common team lists tried, in this order, when a team tournament declares none.
const COMMON_TEAM_LISTS: [&str; 6] = ["MPvGP", "EDE,MPvGP", "MPvGP,EDE", "EMGSB", "MPvGP,EMGSB", "SSSC"];

/// The verdict on the stated ranks of a chess tournament (the players' of 001, or in a team
/// tournament the teams' of 310); `None` when there is nothing to check: no rank stated, a rank
/// column that repeats the pairing numbers (pairing programs write that), a draughts event (FMJD
/// Annex 5 ranks it), or no round with a result.
pub fn check_ranks(t: &Tournament) -> Option<RankCheck> {
    if crate::systems::is_draughts(t) {
        return None;
    }
    let last = last_round_with_results(t);
    if last == 0 {
        return None;
    }
    let teams = t.is_team_tournament() && !t.teams.is_empty();
    let stated: Vec<(u32, u32)> = if teams {
        t.teams.iter().filter_map(|team| team.rank.map(|r| (team.number, r))).collect()
    } else {
        t.players.iter().filter_map(|p| p.rank.map(|r| (p.id, r))).collect()
    };
    if stated.is_empty() || stated.iter().all(|&(id, rank)| id == rank) {
        return None;
    }
    let (edition, _) = Edition::for_tournament(t);
    let not_checked = |reason: String, source| RankCheck {
        reason: Some(reason),
        ..RankCheck::not_checked(edition.name(), last, source)
    };
    let (list, source) = match declared(t) {
        Ok(Some((list, source))) => (list, source),
        Ok(None) => (Vec::new(), "none declared"),
        Err(error) => {
            let source = super::declared_text(t).map_or("record 212", |(_, _, source)| source);
            return Some(not_checked(error.to_string(), source));
        }
    };
    let mut ranker = match Ranker::for_tournament(t, edition, last, None) {
        Ok(ranker) => ranker,
        Err(error) => return Some(not_checked(error.to_string(), source)),
    };
    // Ranks follow the file's own scores; where its scores disagree with the results (a finding of
    // its own), the ranks cannot be told right or wrong from the results.
    if let Some(reason) = if teams { team_points_differ(t, &ranker) } else { points_differ(t, &ranker, last) } {
        return Some(not_checked(reason, source));
    }
    let (tie_breaks, notes) = match ranker.settle_list(list) {
        Ok(settled) => settled,
        Err(error) => return Some(not_checked(error.to_string(), source)),
    };
    let lines = ranker.lines(&tie_breaks);
    let findings = findings(&ranker, &tie_breaks, &lines);
    let common: &[&str] = if teams { &COMMON_TEAM_LISTS } else { &COMMON_LISTS };
    let hint = if findings.is_empty() && source == "none declared" {
        explaining_list(&mut ranker, &lines, common)
    } else {
        None
    };
    Some(RankCheck {
        status: if findings.is_empty() { RankStatus::Match } else { RankStatus::Mismatch },
        reason: None,
        rules: edition.name(),
        after_round: last,
        tie_breaks: tie_breaks.iter().map(ToString::to_string).collect(),
        source,
        ranks_checked: stated.len(),
        findings,
        hint,
        notes,
    })
}

/// Why the Points column of 001 keeps the ranks from being checked, if it does.
fn points_differ(t: &Tournament, ranker: &Ranker, last: u32) -> Option<String> {
    let differing =
        t.players.iter().enumerate().filter(|(i, p)| p.points.is_some_and(|s| s != ranker.score(*i))).count();
    if differing == 0 {
        return None;
    }
    let plural = if differing == 1 { "" } else { "s" };
    // JaVaFo's input counts the byes of the round to pair, marked before it is paired.
    let recorded = t.rounds_recorded();
    let with_markers = |p: &crate::model::Player| (1..=recorded).map(|r| t.round_points(p, r)).sum();
    Some(if recorded > last && t.players.iter().all(|p| p.points.is_none_or(|s| s == with_markers(p))) {
        format!(
            "the Points column of {differing} participant{plural} counts the byes of round {recorded}, which is \
             not paired yet, so the ranks are not those after round {last}"
        )
    } else {
        format!(
            "the Points column of {differing} participant{plural} differs from the results, so the ranks cannot \
             be checked against them"
        )
    })
}

/// Why record 310's match or game points keep the team ranks from being checked, if they do.
fn team_points_differ(t: &Tournament, ranker: &Ranker) -> Option<String> {
    let differs = |stated: Option<Points>, computed: Option<Points>| stated.is_some_and(|s| Some(s) != computed);
    let differing = t
        .teams
        .iter()
        .enumerate()
        .filter(|&(i, team)| {
            let (match_points, game_points) = ranker.team_points(i).unzip();
            differs(team.match_points, match_points) || differs(team.game_points, game_points)
        })
        .count();
    let plural = if differing == 1 { "" } else { "s" };
    (differing > 0).then(|| {
        format!(
            "the match or game points of {differing} team{plural} in record 310 differ from the matches, so the \
             ranks cannot be checked against them"
        )
    })
}

/// One finding per pair of participants next to each other in the file's order whom the standings
/// order the other way (or separate where the file has them share a place), naming the tie-break
/// that decides and both values.
fn findings(ranker: &Ranker, tie_breaks: &[Descriptor], lines: &[Line]) -> Vec<String> {
    let placed: Vec<Placed> = lines.iter().enumerate().map(|(k, l)| placed(k, l)).collect();
    verdict::findings(&placed, &|first, second| {
        let (first, second) = (&lines[first.at], &lines[second.at]);
        let who = |l: &Line| format!("{} ({})", l.name.trim(), l.id);
        tie_breaks
            .iter()
            .enumerate()
            .find_map(|(k, d)| {
                if first.values[k] != second.values[k] {
                    let show = |l: &Line| l.values[k].show(columns::shown(d.code)).unwrap_or_else(|| "no value".into());
                    return Some(format!(
                        "{d} gives {} {} and {} {}",
                        who(first),
                        show(first),
                        who(second),
                        show(second)
                    ));
                }
                let (what, one, other) = ranker.separation(d, first.index, second.index)?;
                Some(format!("{d} ({what}) gives {} {one} and {} {other}", who(first), who(second)))
            })
            .unwrap_or_else(|| "the direct encounter separates them".to_owned())
    })
}

/// Whether a list whose first tie-break after the points is `first` cannot give every stated rank:
/// within a tie on points, `first` puts a participant strictly ahead of one that the file ranks
/// above them. The tie-breaks after it only split the groups it leaves (4.2), so the later
/// participant would stay ahead. `stated`: the participants with a stated rank, by their place on
/// points, then by the stated rank. Only a tie-break that orders by a column of values is judged
/// here. Each list is tried without ordering its standings when this rules it out, as it does most
/// lists for a file whose ties are in pairing order.
fn first_break_contradicts(ranker: &mut Ranker, stated: &[&Line], first: &Descriptor) -> bool {
    let column = ranker.column(first);
    // Direct Encounter and the team tie-breaks of Arts. 12 and 13.3 order a group by other keys.
    let order::Key::Values { values, higher_first } =
        order::Key::of(first, &column, columns::higher_first(first), &ranker.scores)
    else {
        return false;
    };
    // Consecutive pairs only, and not those that share a stated rank: a cheap test that rules out
    // most such lists. A list it keeps is ordered and judged in full.
    stated.windows(2).any(|pair| {
        let (above, below) = (pair[0], pair[1]);
        if above.rank != below.rank || above.stated_rank == below.stated_rank {
            return false;
        }
        let order = values[below.index].cmp(&values[above.index]);
        if higher_first { order.is_gt() } else { order.is_lt() }
    })
}

/// A line as the verdict reads it.
fn placed(at: usize, line: &Line) -> Placed<'_> {
    Placed { at, id: line.id, name: &line.name, rank: line.rank, stated_rank: line.stated_rank }
}

/// The first common list that gives every stated rank and breaks a tie on points, as a hint.
fn explaining_list(ranker: &mut Ranker, by_points: &[Line], common: &[&str]) -> Option<String> {
    let ties = by_points.iter().any(|l| l.tied);
    if !ties {
        return None;
    }
    // The participants with a stated rank, by their place on points, then by the stated rank.
    let mut stated: Vec<&Line> = by_points.iter().filter(|l| l.stated_rank.is_some()).collect();
    stated.sort_by_key(|l| (l.rank, l.stated_rank));
    common.iter().find_map(|&text| {
        let list: Vec<Descriptor> = super::descriptor::parse_list(text).ok()?;
        let (tie_breaks, _) = ranker.settle_list(list).ok()?;
        if tie_breaks.get(1).is_some_and(|first| first_break_contradicts(ranker, &stated, first)) {
            return None;
        }
        let (placed, tied) = ranker.places(&tie_breaks);
        let breaks_a_tie = tied < by_points.iter().filter(|l| l.tied).count();
        let all = verdict::all_given(&placed);
        (all && breaks_a_tie).then(|| {
            let list: Vec<String> = tie_breaks.iter().map(ToString::to_string).collect();
            format!("the ranks follow the tie-breaks {} (declare them in record 212)", list.join(", "))
        })
    })
}
