//! The verdict on the ranks a file states, for every game: the standings computed under the rules
//! (C.07's tie-breaks for chess, FMJD Annex 5 section 5 for draughts) against the ranks written in
//! the file, with a finding for each pair of neighbours the file orders otherwise
//! (docs/standings.md, "The check"; docs/fmjd-standings.md).

use rustc_hash::FxHashMap;

use serde::Serialize;

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
    /// The rules the ranks follow: the edition of C.07 (the tournament's date's), or FMJD's `Annex 5`.
    pub rules: &'static str,
    pub after_round: u32,
    /// The list the ranks were checked against, `PTS` (FMJD: `score`) first.
    pub tie_breaks: Vec<String>,
    /// "record 212", "record 202", or "none declared" (then only points are checked); FMJD: the
    /// article of section 5 that gives the order.
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
    /// What the ranks were checked against, as the reports write it: the list, where it comes from,
    /// the edition (which matters only to tie-breaks: points are points under every text) and the
    /// round the standings are after.
    pub fn against(&self) -> String {
        let edition = if self.tie_breaks.len() > 1 { format!("{} text, ", self.rules) } else { String::new() };
        format!("{} ({}, {edition}after round {})", self.tie_breaks.join(", "), self.source, self.after_round)
    }

    /// A verdict not reached yet (or not reachable): nothing checked, no reason given.
    pub fn not_checked(rules: &'static str, after_round: u32, source: &'static str) -> RankCheck {
        RankCheck {
            status: RankStatus::NotChecked,
            reason: None,
            rules,
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

/// A participant as the verdict compares them: the place the standings give (the first of the
/// places a tied group shares), the place the file states, and how to name them.
#[derive(Clone, Copy, Debug)]
pub struct Placed<'a> {
    /// Where the caller keeps the participant's values.
    pub at: usize,
    pub id: u32,
    pub name: &'a str,
    pub rank: u32,
    pub stated_rank: Option<u32>,
}

/// The number of participants sharing each place of the standings.
fn group_sizes(placed: &[Placed]) -> FxHashMap<u32, u32> {
    let mut sizes = FxHashMap::default();
    for p in placed {
        *sizes.entry(p.rank).or_insert(0) += 1;
    }
    sizes
}

/// Whether a stated rank is one the standings give: within the places its tied group shares.
fn gives(sizes: &FxHashMap<u32, u32>, p: &Placed) -> bool {
    let size = sizes.get(&p.rank).copied().unwrap_or(1);
    p.stated_rank.is_some_and(|r| (p.rank..p.rank + size).contains(&r))
}

/// Whether every stated rank is one the standings give.
pub fn all_given(placed: &[Placed]) -> bool {
    let sizes = group_sizes(placed);
    placed.iter().all(|p| p.stated_rank.is_none() || gives(&sizes, p))
}

/// One finding per pair of participants next to each other in the file's order whom the standings
/// order the other way (or separate where the file has them share a place); `decides(first,
/// second)` names what puts `first` ahead, with both values.
pub fn findings(placed: &[Placed], decides: &dyn Fn(&Placed, &Placed) -> String) -> Vec<String> {
    let sizes = group_sizes(placed);
    let mut by_stated: Vec<&Placed> = placed.iter().filter(|p| p.stated_rank.is_some()).collect();
    by_stated.sort_by_key(|p| (p.stated_rank, p.rank));
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
        let who = |p: &Placed| format!("{} ({})", p.name.trim(), p.id);
        let (first, second) = if b.rank < a.rank { (b, a) } else { (a, b) };
        let order = if ra == rb { "" } else { " swapped" };
        out.push(format!("{how}{order}: {} and {}; {}", who(a), who(b), decides(first, second)));
    }
    out
}
