//! `check`'s verdict on the ranks a file states (001 columns 86–89): under the tie-breaks the file
//! declares (212, or 202 after the points), or, when it declares none, that ranks follow points,
//! with the common list that gives the stated order, if one does (docs/standings.md, "The check").

use std::collections::HashMap;

use serde::Serialize;

use crate::model::{Points, Tournament};

use super::{Descriptor, Edition, Line, Ranker, columns, declared, last_round_with_results};

/// The verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RankStatus {
    Match,
    Mismatch,
    NotChecked,
}

/// The standings part of a check report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankCheck {
    pub status: RankStatus,
    /// Why the ranks were not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The edition of C.07 (the tournament's date's).
    pub rules: &'static str,
    pub after_round: u32,
    /// The list the ranks were checked against, `PTS` first.
    pub tie_breaks: Vec<String>,
    /// "record 212", "record 202", or "none declared" (then only points are checked).
    pub source: &'static str,
    /// The participants with a stated rank.
    pub ranks_checked: usize,
    /// Pairs of participants the file orders otherwise than the list does.
    pub findings: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl RankCheck {
    /// A verdict not reached yet (or not reachable): nothing checked, no reason given.
    fn not_checked(edition: Edition, after_round: u32, source: &'static str) -> RankCheck {
        RankCheck {
            status: RankStatus::NotChecked,
            reason: None,
            rules: edition.name(),
            after_round,
            tie_breaks: Vec::new(),
            source,
            ranks_checked: 0,
            findings: Vec::new(),
            hint: None,
            notes: Vec::new(),
        }
    }
}

/// Common lists tried, in this order, when the file declares none: the list of the first that
/// gives every stated rank is named in a hint.
const COMMON_LISTS: [&str; 8] =
    ["BH/C1,BH,SB", "BH/C1,BH,SB,DE", "DE,BH/C1,BH,SB", "BH,SB", "BH/C2,BH/C1,BH", "BH/M1,BH,SB", "SB,BH", "ARO"];

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
    if !t.teams.is_empty() {
        return check_team_ranks(t, last);
    }
    let stated: Vec<(u32, u32)> = t.players.iter().filter_map(|p| p.rank.map(|r| (p.id, r))).collect();
    if stated.is_empty() || stated.iter().all(|&(id, rank)| id == rank) {
        return None;
    }
    let (edition, _) = Edition::for_tournament(t);
    let not_checked =
        |reason: String, source| RankCheck { reason: Some(reason), ..RankCheck::not_checked(edition, last, source) };
    let (list, source) = match declared(t) {
        Ok(Some((list, source))) => (list, source),
        Ok(None) => (Vec::new(), "none declared"),
        Err(error) => {
            let source = super::declared_text(t).map_or("record 212", |(_, _, source)| source);
            return Some(not_checked(error.to_string(), source));
        }
    };
    let mut ranker = Ranker::new(t, edition, last, None);
    // Ranks follow the file's own scores; where its Points column disagrees with the results (a
    // finding of its own), the ranks cannot be told right or wrong from the results.
    let differing =
        t.players.iter().enumerate().filter(|(i, p)| p.points.is_some_and(|s| s != ranker.score(*i))).count();
    if differing > 0 {
        let plural = if differing == 1 { "" } else { "s" };
        // JaVaFo's input counts the byes of the round to pair, marked before it is paired.
        let recorded = t.rounds_recorded();
        let with_markers = |p: &crate::model::Player| (1..=recorded).map(|r| t.round_points(p, r)).sum();
        let reason = if recorded > last && t.players.iter().all(|p| p.points.is_none_or(|s| s == with_markers(p))) {
            format!(
                "the Points column of {differing} participant{plural} counts the byes of round {recorded}, \
                 which is not paired yet, so the ranks are not those after round {last}"
            )
        } else {
            format!(
                "the Points column of {differing} participant{plural} differs from the results, so the ranks \
                 cannot be checked against them"
            )
        };
        return Some(not_checked(reason, source));
    }
    let (tie_breaks, notes) = match ranker.settle_list(list) {
        Ok(settled) => settled,
        Err(error) => return Some(not_checked(error.to_string(), source)),
    };
    let lines = ranker.lines(&tie_breaks);
    let findings = findings(&tie_breaks, &lines);
    let hint =
        if findings.is_empty() && source == "none declared" { explaining_list(&mut ranker, &lines) } else { None };
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

/// The verdict on the team ranks of record 310 under the primary score of the team system (the
/// competition's choice, C.04.6 1.2.1, as the 192 code names it: match points when it names
/// none), which every team list of C.07 starts with (212's `PTS`, Art. 13). The team tie-breaks
/// (Arts. 11–13) are not computed yet, so teams tied on the primary score may stand in any order,
/// and a note says so.
fn check_team_ranks(t: &Tournament, last: u32) -> Option<RankCheck> {
    use crate::model::team::TeamScore;
    let stated = t.teams.iter().filter(|team| team.rank.is_some()).count();
    if stated == 0 || t.teams.iter().all(|team| team.rank.is_none_or(|r| r == team.number)) {
        return None;
    }
    let (edition, _) = Edition::for_tournament(t);
    let source = super::declared_text(t).map_or("none declared", |(_, _, source)| source);
    let mut check = RankCheck::not_checked(edition, last, source);
    let Some((results, _)) = crate::validate::teams::team_results(t) else {
        check.reason = Some("the teams' matches cannot be read from the boards".to_owned());
        return Some(check);
    };
    let primary = results.system.as_ref().map_or(TeamScore::MatchPoints, |code| code.primary);
    let totals: HashMap<u32, &crate::validate::teams::TeamTotal> =
        results.teams.iter().map(|total| (total.number, total)).collect();
    // Ranks follow the file's own scores; where record 310's points disagree with the matches (a
    // finding of its own), the ranks cannot be told right or wrong from the matches.
    let differing = t
        .teams
        .iter()
        .filter(|team| {
            let total = totals.get(&team.number);
            let differs =
                |stated: Option<Points>, computed: Option<Points>| stated.is_some_and(|s| Some(s) != computed);
            differs(team.match_points, total.map(|x| x.match_points))
                || differs(team.game_points, total.map(|x| x.game_points))
        })
        .count();
    if differing > 0 {
        let plural = if differing == 1 { "" } else { "s" };
        check.reason = Some(format!(
            "the match or game points of {differing} team{plural} in record 310 differ from the matches, so the \
             ranks cannot be checked against them"
        ));
        return Some(check);
    }
    let acronym = match primary {
        TeamScore::MatchPoints => "PTS:MP",
        TeamScore::GamePoints => "PTS:GP",
    };
    let score = |total: &crate::validate::teams::TeamTotal| match primary {
        TeamScore::MatchPoints => total.match_points,
        TeamScore::GamePoints => total.game_points,
    };
    let scores: Vec<Points> =
        t.teams.iter().map(|team| totals.get(&team.number).map_or(Points::ZERO, |total| score(total))).collect();
    let lines: Vec<Line> = t
        .teams
        .iter()
        .enumerate()
        .map(|(i, team)| Line {
            index: i,
            id: team.number,
            name: team.name.clone(),
            rating: None,
            rank: 1 + scores.iter().filter(|&&other| other > scores[i]).count() as u32,
            tied: scores.iter().filter(|&&other| other == scores[i]).count() > 1,
            values: vec![super::Value::points(scores[i])],
            stated_rank: team.rank,
        })
        .collect();
    let tie_breaks: Vec<Descriptor> = vec![acronym.parse().ok()?];
    let findings = findings(&tie_breaks, &lines);
    let score_name = if primary == TeamScore::MatchPoints { "match points" } else { "game points" };
    check.notes.push(format!(
        "the team tie-breaks (C.07 Arts. 11–13) are not computed yet: the ranks are checked by the primary \
         score ({score_name}, C.04.6 1.2.1) alone, and teams with the same {score_name} may stand in any order"
    ));
    check.status = if findings.is_empty() { RankStatus::Match } else { RankStatus::Mismatch };
    check.tie_breaks = tie_breaks.iter().map(ToString::to_string).collect();
    check.ranks_checked = stated;
    check.findings = findings;
    Some(check)
}

/// The number of participants sharing each place of the standings.
fn group_sizes(lines: &[Line]) -> HashMap<u32, u32> {
    let mut sizes = HashMap::new();
    for line in lines {
        *sizes.entry(line.rank).or_insert(0) += 1;
    }
    sizes
}

/// Whether a stated rank is one the standings give: within the places its tied group shares.
fn gives(sizes: &HashMap<u32, u32>, line: &Line) -> bool {
    let size = sizes.get(&line.rank).copied().unwrap_or(1);
    line.stated_rank.is_some_and(|r| (line.rank..line.rank + size).contains(&r))
}

/// One finding per pair of participants next to each other in the file's order whom the standings
/// order the other way (or separate where the file has them share a place), naming the tie-break
/// that decides and both values.
fn findings(tie_breaks: &[Descriptor], lines: &[Line]) -> Vec<String> {
    let sizes = group_sizes(lines);
    let mut by_stated: Vec<&Line> = lines.iter().filter(|l| l.stated_rank.is_some()).collect();
    by_stated.sort_by_key(|l| (l.stated_rank, l.rank));
    let mut out = Vec::new();
    for pair in by_stated.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (ra, rb) = (a.stated_rank.unwrap_or(0), b.stated_rank.unwrap_or(0));
        let wrong =
            if ra == rb { a.rank != b.rank && !(gives(&sizes, a) && gives(&sizes, b)) } else { b.rank < a.rank };
        if !wrong {
            continue;
        }
        let how = if ra == rb { format!("share rank {ra}") } else { format!("ranks {ra} and {rb}") };
        let who = |l: &Line| format!("{} ({})", l.name.trim(), l.id);
        let decides = tie_breaks
            .iter()
            .enumerate()
            .find(|&(k, _)| a.values[k] != b.values[k])
            .map(|(k, d)| {
                let show = |l: &Line| l.values[k].show(columns::shown(d.code)).unwrap_or_else(|| "no value".into());
                let (first, second) = if b.rank < a.rank { (b, a) } else { (a, b) };
                format!("{d} gives {} {} and {} {}", who(first), show(first), who(second), show(second))
            })
            .unwrap_or_else(|| "the direct encounter separates them".to_owned());
        let order = if ra == rb { "" } else { " swapped" };
        out.push(format!("{how}{order}: {} and {}; {decides}", who(a), who(b)));
    }
    out
}

/// The first common list that gives every stated rank and breaks a tie on points, as a hint.
fn explaining_list(ranker: &mut Ranker<'_>, by_points: &[Line]) -> Option<String> {
    let ties = by_points.iter().any(|l| l.tied);
    if !ties {
        return None;
    }
    COMMON_LISTS.iter().find_map(|&text| {
        let list: Vec<Descriptor> = super::descriptor::parse_list(text).ok()?;
        let (tie_breaks, _) = ranker.settle_list(list).ok()?;
        let lines = ranker.lines(&tie_breaks);
        let breaks_a_tie = lines.iter().filter(|l| l.tied).count() < by_points.iter().filter(|l| l.tied).count();
        let sizes = group_sizes(&lines);
        let all = lines.iter().all(|l| l.stated_rank.is_none() || gives(&sizes, l));
        (all && breaks_a_tie).then(|| {
            let list: Vec<String> = tie_breaks.iter().map(ToString::to_string).collect();
            format!("the ranks follow the tie-breaks {} (declare them in record 212)", list.join(", "))
        })
    })
}
