//! The fast engine of the Swiss Team Pairing System (C.04.6, 2026 edition): the same procedure as
//! [`reference`] (articles 3.3–3.6 and 4), returning exactly what [`reference::pair`] returns, with
//! every enumeration of the text replaced by tests on matchings, so that a round of 400 teams is
//! paired in a fraction of a second. docs/teams.md ("Fast engine") has the argument in full.
//!
//! - [C1]/[C3] and the bye (3.4): a maximum-cardinality matching of the teams still to pair,
//!   repaired by one augmenting path per bye candidate, taken in the order of 3.4.2–3.4.4.
//! - The upfloaters (3.5): a set S of teams below the top-scoregroup R is legal when R ∪ S and the
//!   teams left can both be paired; that is, when some perfect matching of all the teams still to
//!   pair matches exactly S into R. So one maximum-weight perfect matching whose edge weights
//!   count, field by field, the pairs R–below ([C4]), those pairs by the score of the lower team,
//!   the lowest score first ([C5]), the pairs of the next scoregroup with teams below it (the
//!   upfloaters the next bracket needs, [C6]) and the upfloaters that floated in the previous
//!   round ([C7]) finds the optimal counts; the first optimal set in the order of 3.5.3–3.5.4 is
//!   then fixed team by team, each choice tested by keeping the optimum.
//! - The bracket (3.6): a maximum-weight perfect matching of the bracket whose weights count the
//!   unfulfilled colour preferences of each pair as 4.3 colours it ([C8], [C9]) and [C10]; the
//!   first optimal pairing by identifier (3.6.2–3.6.3) is then fixed: first which teams are top
//!   members, in TPN order, then each top member's bottom member, each choice tested the same way.

use crate::matching::augmenting::{NONE, augment_from};
use crate::matching::{Matcher, Weight, Wide};
use crate::model::Colour;
use crate::systems::common::fields::{Frame, Pack, Row, Width};

use std::ops::ControlFlow;

use super::colour::{self, TeamColours};
use super::order;
use super::reference::{Pairing, Round, Team};
use super::{Edition, Tpn};

/// Pairs the round as [`reference::pair`] does; `None` exactly when it returns `None` (no legal
/// round-pairing, 3.3.3).
///
/// [`reference::pair`]: super::reference::pair
pub fn pair(round: &Round) -> Option<Pairing> {
    let ctx = Context::new(round)?;
    let n = ctx.teams.len();
    let mut unpaired: Vec<usize> = (0..n).collect();
    let mut pairing = Pairing::default();
    if n % 2 == 1 {
        let bye = ctx.bye()?;
        pairing.bye = Some(ctx.teams[bye].tpn);
        unpaired.retain(|&v| v != bye);
    } else if !ctx.completable(&unpaired) {
        return None;
    }
    while !unpaired.is_empty() {
        let (bracket, upfloaters) = ctx.bracket(&unpaired)?;
        let pairs = ctx.pair_bracket(&bracket, &upfloaters)?;
        unpaired.retain(|v| !bracket.contains(v));
        pairing.matches.extend(pairs);
    }
    Some(pairing)
}

/// The round with its teams in TPN order, indexed `0..n`.
struct Context<'a> {
    round: &'a Round,
    teams: Vec<&'a Team>,
    /// [C1] and forbidden pairs: `allowed[a][b]` when a and b may meet.
    allowed: Vec<Vec<bool>>,
}

impl<'a> Context<'a> {
    /// `None` when two teams share a TPN (the literal engine reads such a round by its first team
    /// of each TPN; no round built from a file has one).
    fn new(round: &'a Round) -> Option<Context<'a>> {
        let mut teams: Vec<&Team> = round.teams.iter().collect();
        teams.sort_by_key(|t| t.tpn);
        if teams.windows(2).any(|w| w[0].tpn == w[1].tpn) {
            return None;
        }
        let n = teams.len();
        let allowed = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| {
                        let (x, y) = (teams[a].tpn.min(teams[b].tpn), teams[a].tpn.max(teams[b].tpn));
                        a != b && !round.barred.contains(&(x, y))
                    })
                    .collect()
            })
            .collect();
        Some(Context { round, teams, allowed })
    }

    fn score(&self, v: usize) -> i64 {
        self.teams[v].score
    }

    fn floats_count(&self) -> bool {
        self.round.floats_count()
    }

    fn last_round(&self) -> bool {
        self.round.round >= self.round.total_rounds
    }

    /// A maximum-cardinality matching of `members` along allowed pairs (Edmonds), as mates
    /// indexed by team (`NONE` for the unmatched and the teams not in `members`).
    fn max_matching(&self, members: &[usize]) -> Vec<usize> {
        let n = self.teams.len();
        let mut alive = vec![false; n];
        members.iter().for_each(|&v| alive[v] = true);
        let mut mate = vec![NONE; n];
        // Greedy first: most augmenting searches then never start.
        for (i, &a) in members.iter().enumerate() {
            if mate[a] != NONE {
                continue;
            }
            if let Some(&b) = members[i + 1..].iter().find(|&&b| mate[b] == NONE && self.allowed[a][b]) {
                mate[a] = b;
                mate[b] = a;
            }
        }
        // One search per exposed team suffices: a team with no augmenting path never gets one
        // after other augmentations.
        for &v in members {
            if mate[v] == NONE {
                augment_from(&mut mate, &alive, v, |a, b| self.allowed[a][b]);
            }
        }
        mate
    }

    /// [C1]/[C3]: the teams can all be paired with one another.
    fn completable(&self, members: &[usize]) -> bool {
        let mate = self.max_matching(members);
        members.iter().all(|&v| mate[v] != NONE)
    }

    /// 3.4: the first team, by lowest score, most matches played, largest TPN, that [C2] allows
    /// and whose removal leaves a legal pairing for all others (3.4.1). One maximum matching of
    /// all the teams serves every candidate: the rest can be paired exactly when the matching
    /// without the candidate can be augmented from the candidate's mate (Berge).
    fn bye(&self) -> Option<usize> {
        let n = self.teams.len();
        let all: Vec<usize> = (0..n).collect();
        let mate = self.max_matching(&all);
        if all.iter().filter(|&&v| mate[v] == NONE).count() != 1 {
            return None;
        }
        let mut candidates: Vec<usize> = all.iter().copied().filter(|&v| !self.teams[v].bye_barred).collect();
        candidates.sort_by_key(|&v| {
            let t = self.teams[v];
            (t.score, std::cmp::Reverse(t.matches_played), std::cmp::Reverse(t.tpn))
        });
        let mut alive = vec![true; n];
        candidates.into_iter().find(|&t| {
            if mate[t] == NONE {
                return true;
            }
            let mut trial = mate.clone();
            let m = trial[t];
            trial[t] = NONE;
            trial[m] = NONE;
            alive[t] = false;
            let found = augment_from(&mut trial, &alive, m, |a, b| self.allowed[a][b]);
            alive[t] = true;
            found
        })
    }

    /// 3.5: the bracket of the top-scoregroup of `unpaired` (TPN order, even in number and
    /// completable) and its upfloaters.
    fn bracket(&self, unpaired: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
        let top = unpaired.iter().map(|&v| self.score(v)).max()?;
        let (residents, below): (Vec<usize>, Vec<usize>) = unpaired.iter().partition(|&&v| self.score(v) == top);
        // No upfloater: [C4] is at its least, and the empty set is the only set of that make-up.
        if below.is_empty() || (residents.len() % 2 == 0 && self.completable(&residents) && self.completable(&below)) {
            return Some((residents, Vec::new()));
        }
        if let Some(one) = self.one_upfloater(&residents, &below) {
            let mut bracket = residents;
            bracket.push(one);
            bracket.sort_unstable();
            return Some((bracket, vec![one]));
        }
        let set = self.upfloaters(unpaired, &residents, &below)?;
        let mut bracket: Vec<usize> = residents.iter().chain(&set).copied().collect();
        bracket.sort_unstable();
        Some((bracket, set))
    }

    /// 3.5 when one upfloater suffices, by the text's own enumeration with matchings as its tests
    /// (2026 criteria only; `None` leaves the round to [`Self::upfloaters`]): an odd
    /// top-scoregroup takes one upfloater when some team below is a legal set ([C4]); [C5] takes
    /// the highest score that has one; 3.5.3–3.5.4 order the single sets of that score by TPN; and
    /// 3.5.5 takes the first whose [C6] and [C7] counts are the least of them. [C6] is the number of
    /// upfloaters the following scoregroup's bracket will need, at least the parity of what is left
    /// of that scoregroup, the same for every candidate of the score: a candidate that reaches it
    /// is least on [C6]. When no candidate reaches it, `None` (the weighted matching decides).
    /// This costs a few maximum-cardinality matchings, where the weighted one over every team left
    /// costs a cubic solve: in a round of thousands of players most brackets are decided here.
    fn one_upfloater(&self, residents: &[usize], below: &[usize]) -> Option<usize> {
        if self.round.edition == Edition::Team2024 || residents.len().is_multiple_of(2) {
            return None;
        }
        let mut levels: Vec<i64> = below.iter().map(|&v| self.score(v)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let next = *levels.first()?;
        let with = |set: &[usize], v: usize| -> Vec<usize> { set.iter().copied().chain([v]).collect() };
        let without = |set: &[usize], v: usize| -> Vec<usize> { set.iter().copied().filter(|&x| x != v).collect() };
        for level in levels {
            let mut first_legal_with_least_c6: Option<usize> = None;
            let mut any_legal = false;
            for &s in below.iter().filter(|&&v| self.score(v) == level) {
                let left = without(below, s);
                if !self.completable(&with(residents, s)) || !self.completable(&left) {
                    continue;
                }
                any_legal = true;
                if !self.next_bracket_needs_least(&left, next) {
                    continue;
                }
                let c7 = self.floats_count() && self.teams[s].floated_previous;
                if !c7 {
                    return Some(s);
                }
                first_legal_with_least_c6.get_or_insert(s);
            }
            if any_legal {
                return first_legal_with_least_c6;
            }
        }
        None
    }

    /// [C6] at its least once a set is taken: the following scoregroup (score `next`) of `left`,
    /// the teams still to pair after the set, can be paired with as few upfloaters as its parity
    /// allows ([C1], [C3] and [C4] in its bracket): none when even (it pairs alone and the rest
    /// too), one when odd (some team below it is a legal set for it). True when it is empty.
    fn next_bracket_needs_least(&self, left: &[usize], next: i64) -> bool {
        let (group, rest): (Vec<usize>, Vec<usize>) = left.iter().partition(|&&v| self.score(v) == next);
        if group.is_empty() {
            return true;
        }
        if group.len() % 2 == 0 {
            return self.completable(&group) && self.completable(&rest);
        }
        rest.iter().any(|&t| {
            let bracket: Vec<usize> = group.iter().copied().chain([t]).collect();
            let others: Vec<usize> = rest.iter().copied().filter(|&x| x != t).collect();
            self.completable(&bracket) && self.completable(&others)
        })
    }

    /// 3.5.2–3.5.5 by a weighted matching of all the teams still to pair (see the module comment).
    /// [C5] needs a field per score below; most often the upfloaters come from the first few, so
    /// the matching is made first with those few and one field for all the scores under them,
    /// above theirs: an optimum that takes no upfloater from under them is an optimum of the full
    /// fields too (each of those scores is then at its least, zero), and only otherwise is the
    /// matching made again with four times as many scores with a field of their own.
    ///
    /// `None` also when the fields would need more than 8192 bits (over 500 scores, each with an
    /// upfloater from under it, in an event of tens of thousands of teams): the engine does not
    /// pair such a round rather than pair it wrong.
    fn upfloaters(&self, unpaired: &[usize], residents: &[usize], below: &[usize]) -> Option<Vec<usize>> {
        let mut own = FIRST_LEVELS;
        loop {
            let layout = SetLayout::new(self, unpaired, residents, below, Some(own));
            if layout.bits() + 4 > MAX_WEIGHT_BITS {
                tracing::warn!(bits = layout.bits(), "team fast engine: upfloater weights too wide");
                return None;
            }
            match self.dispatch_set(unpaired, &layout) {
                Choice::Widen => own = own.saturating_mul(4),
                choice => return choice.set(),
            }
        }
    }

    fn dispatch_set(&self, unpaired: &[usize], layout: &SetLayout) -> Choice {
        match layout.bits() + 4 {
            0..=64 => self.choose_set::<u64>(unpaired, layout),
            65..=128 => self.choose_set::<u128>(unpaired, layout),
            129..=256 => self.choose_set::<Wide<4>>(unpaired, layout),
            257..=512 => self.choose_set::<Wide<8>>(unpaired, layout),
            513..=1024 => self.choose_set::<Wide<16>>(unpaired, layout),
            1025..=2048 => self.choose_set::<Wide<32>>(unpaired, layout),
            2049..=4096 => self.choose_set::<Wide<64>>(unpaired, layout),
            _ => self.choose_set::<Wide<{ MAX_WEIGHT_BITS as usize / 64 }>>(unpaired, layout),
        }
    }

    fn choose_set<W: Weight>(&self, unpaired: &[usize], layout: &SetLayout) -> Choice {
        let m = unpaired.len();
        let is_resident: Vec<bool> = unpaired.iter().map(|&v| self.score(v) == layout.top).collect();
        let table = layout.table::<W>();
        let kinds: Vec<Kind> = unpaired.iter().map(|&v| layout.kind(self, v)).collect();
        let base = |i: usize, j: usize| -> Option<W> {
            self.allowed[unpaired[i]][unpaired[j]].then(|| table.weight(kinds[i], kinds[j]).clone())
        };
        let Some(mut search) = Search::<W>::new(m, base) else { return Choice::NoSet };
        // Forced membership of each team below: Some(true) in the set, Some(false) out of it.
        let mut forced: Vec<Option<bool>> = vec![None; m];
        let keep = |forced: &[Option<bool>], i: usize, j: usize| {
            let ok = |x: usize, y: usize| match forced[x] {
                Some(true) => is_resident[y],
                Some(false) => !is_resident[y],
                None => true,
            };
            ok(i, j) && ok(j, i)
        };
        // The make-up ([C4], [C5]): the optimum's count of upfloaters of each score, the same in
        // every optimum, as each score has a field of its own.
        let in_set =
            |search: &Search<W>, i: usize| !is_resident[i] && search.matcher.mate(i).is_some_and(|j| is_resident[j]);
        let mut make_up: Vec<(i64, usize)> = Vec::new();
        for (i, &v) in unpaired.iter().enumerate() {
            if in_set(&search, i) {
                let s = self.score(v);
                match make_up.iter_mut().find(|(score, _)| *score == s) {
                    Some((_, count)) => *count += 1,
                    None => make_up.push((s, 1)),
                }
            }
        }
        make_up.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        if layout.merged.is_some_and(|under| make_up.iter().any(|&(s, _)| s < under)) {
            return Choice::Widen;
        }
        let mut chosen = Vec::new();
        // 2024's [C6] (its 3.3.3): "maximise the number of remaining teams that can be legally
        // paired in the following scoregroup", the teams of the next scoregroup G left after the
        // set, paired among themselves (literal reading). It depends only on the upfloaters taken
        // from G, which come first in the order of the sets: their subsets of the make-up's size
        // are tried in that order (a few, as G rarely gives more than one upfloater), each for a
        // legal optimal set and the most teams of G left paired.
        if self.round.edition == Edition::Team2024
            && let Some(&(score, count)) = make_up.first()
            && score == layout.next
        {
            let members: Vec<usize> = (0..m).filter(|&i| !is_resident[i] && self.score(unpaired[i]) == score).collect();
            let mut best: Option<(usize, Vec<usize>)> = None;
            let _ = order::each_combination(members.len(), count, &mut |picked| {
                let left: Vec<usize> =
                    (0..members.len()).filter(|x| !picked.contains(x)).map(|x| unpaired[members[x]]).collect();
                let mate = self.max_matching(&left);
                let paired = left.iter().filter(|&&v| mate[v] != NONE).count();
                if best.as_ref().is_some_and(|(most, _)| paired <= *most) {
                    return ControlFlow::Continue(());
                }
                for (x, &i) in members.iter().enumerate() {
                    forced[i] = Some(picked.contains(&x));
                    search.refresh(i, |a, b| keep(&forced, a, b), base);
                }
                if search.keeps_optimum() {
                    best = Some((paired, picked.iter().map(|&x| members[x]).collect()));
                }
                ControlFlow::Continue(())
            });
            let Some((_, picked)) = best else { return Choice::NoSet };
            for &i in &members {
                forced[i] = Some(picked.contains(&i));
                search.refresh(i, |a, b| keep(&forced, a, b), base);
            }
            if !search.keeps_optimum() {
                return Choice::NoSet;
            }
            chosen.extend(picked.iter().map(|&i| unpaired[i]));
        }
        // 3.5.3–3.5.5: the first optimal set in the order of the sets, the highest score's members
        // first, each score's in ascending TPN: the lexicographically first combination is the one
        // that takes each team, in that order, whenever an optimal set with the teams taken so far
        // (and without those passed over) holds it.
        for &(score, count) in &make_up {
            if chosen.iter().any(|&v| self.score(v) == score) {
                continue;
            }
            let mut taken = 0;
            for i in 0..m {
                if taken == count {
                    break;
                }
                if is_resident[i] || self.score(unpaired[i]) != score {
                    continue;
                }
                if in_set(&search, i) {
                    forced[i] = Some(true);
                    search.refresh(i, |a, b| keep(&forced, a, b), base);
                    taken += 1;
                    chosen.push(unpaired[i]);
                    continue;
                }
                forced[i] = Some(true);
                search.refresh(i, |a, b| keep(&forced, a, b), base);
                if search.keeps_optimum() {
                    taken += 1;
                    chosen.push(unpaired[i]);
                } else {
                    forced[i] = Some(false);
                    search.refresh(i, |a, b| keep(&forced, a, b), base);
                    // The failed test's matching is not optimal under the constraints kept.
                    search.matcher.solve();
                }
            }
            if taken != count {
                return Choice::NoSet;
            }
        }
        Choice::Set(chosen)
    }

    /// 3.6: the first pairing by identifier among the legal pairings of the bracket with the least
    /// [C8], [C9], [C10]; each pair as (White, Black) by 4.3.
    fn pair_bracket(&self, bracket: &[usize], upfloaters: &[usize]) -> Option<Vec<(Tpn, Tpn)>> {
        let bits = bracket_bits(bracket.len());
        match bits + 4 {
            0..=64 => self.settle_bracket::<u64>(bracket, upfloaters),
            65..=128 => self.settle_bracket::<u128>(bracket, upfloaters),
            _ => self.settle_bracket::<Wide<4>>(bracket, upfloaters),
        }
    }

    fn settle_bracket<W: Weight>(&self, bracket: &[usize], upfloaters: &[usize]) -> Option<Vec<(Tpn, Tpn)>> {
        let m = bracket.len();
        let frame = penalty_frame(3, count_bits(m));
        let base = |i: usize, j: usize| -> Option<W> {
            let (a, b) = (bracket[i], bracket[j]);
            if !self.allowed[a][b] {
                return None;
            }
            let (c8, c9, c10) = self.pair_quality(a, b, upfloaters);
            Some(less_penalties(&frame, [c8, c9, c10]))
        };
        let mut search = Search::<W>::new(m, base)?;
        // Roles: Some(true) top member (matched to a larger TPN), Some(false) bottom member.
        let mut role: Vec<Option<bool>> = vec![None; m];
        let mut partner: Vec<Option<usize>> = vec![None; m];
        let keep = |role: &[Option<bool>], partner: &[Option<usize>], i: usize, j: usize| {
            let (small, large) = (i.min(j), i.max(j));
            role[small] != Some(false)
                && role[large] != Some(true)
                && partner[i].is_none_or(|p| p == j)
                && partner[j].is_none_or(|p| p == i)
        };
        // 3.6.2–3.6.3: identifiers start with the top members in ascending order, all of the same
        // length: the first optimal identifier makes each team, in TPN order, a top member
        // whenever an optimal pairing with the roles settled so far allows it.
        let half = m / 2;
        let (mut tops, mut bottoms) = (0, 0);
        for i in 0..m {
            let is_top_now = search.matcher.mate(i).is_some_and(|j| j > i);
            let top = if bottoms == half {
                true
            } else if tops == half {
                false
            } else if is_top_now {
                true
            } else {
                role[i] = Some(true);
                search.refresh(i, |a, b| keep(&role, &partner, a, b), base);
                search.keeps_optimum()
            };
            role[i] = Some(top);
            search.refresh(i, |a, b| keep(&role, &partner, a, b), base);
            if !top && !is_top_now && tops < half {
                // The failed test's matching is not optimal under the roles kept.
                search.matcher.solve();
            }
            if top {
                tops += 1;
            } else {
                bottoms += 1;
            }
        }
        // Then the bottom members, in the order of their top members: each the smallest TPN an
        // optimal pairing with the pairs fixed so far allows.
        let mut used = vec![false; m];
        for t in 0..m {
            if role[t] != Some(true) {
                continue;
            }
            let mut found = false;
            for b in t + 1..m {
                if used[b] || role[b] != Some(false) || !self.allowed[bracket[t]][bracket[b]] {
                    continue;
                }
                let matched_now = search.matcher.mate(t) == Some(b);
                partner[t] = Some(b);
                partner[b] = Some(t);
                search.refresh(t, |x, y| keep(&role, &partner, x, y), base);
                search.refresh(b, |x, y| keep(&role, &partner, x, y), base);
                if matched_now || search.keeps_optimum() {
                    used[b] = true;
                    found = true;
                    break;
                }
                partner[t] = None;
                partner[b] = None;
                search.refresh(t, |x, y| keep(&role, &partner, x, y), base);
                search.refresh(b, |x, y| keep(&role, &partner, x, y), base);
                search.matcher.solve();
            }
            if !found {
                return None;
            }
        }
        let mut pairs = Vec::with_capacity(half);
        for t in 0..m {
            if let Some(b) = partner[t]
                && t < b
            {
                pairs.push(self.colours(bracket[t], bracket[b]));
            }
        }
        Some(pairs)
    }

    /// The pair as (White, Black) by 4.3.
    fn colours(&self, a: usize, b: usize) -> (Tpn, Tpn) {
        fn view(t: &Team) -> TeamColours<'_> {
            // 4.2.1 compares the primary score without the acceleration's virtual points (the
            // literal engine's reading).
            TeamColours { tpn: t.tpn, primary: t.score - t.virtual_points, secondary: t.secondary, played: &t.played }
        }
        let (ta, tb) = (self.teams[a], self.teams[b]);
        let (colour, _) = self.round.allocate(&view(ta), &view(tb));
        if colour == Colour::White { (ta.tpn, tb.tpn) } else { (tb.tpn, ta.tpn) }
    }

    /// [C8], [C9] and [C10] of one pair coloured by 4.3 (each pair's colours depend on it alone,
    /// so the counts of a pairing are the sums of its pairs').
    fn pair_quality(&self, a: usize, b: usize, upfloaters: &[usize]) -> (u64, u64, u64) {
        let (white, black) = self.colours(a.min(b), a.max(b));
        let index = |tpn: Tpn| if self.teams[a].tpn == tpn { a } else { b };
        let (w, bl) = (index(white), index(black));
        let (mut c8, mut c9, mut c10) = (0, 0, 0);
        for (v, colour) in [(w, Colour::White), (bl, Colour::Black)] {
            let (missed, strong) =
                colour::missed_preference(self.round.preferences, &self.teams[v].played, self.last_round(), colour);
            c8 += u64::from(missed);
            c9 += u64::from(strong);
        }
        if self.floats_count() {
            for (me, opponent) in [(w, bl), (bl, w)] {
                let counts = self.round.edition.counts_repeated_float(
                    upfloaters.contains(&me),
                    self.score(me) != self.score(opponent),
                    self.teams[me].floated_previous,
                    self.teams[opponent].floated_previous,
                );
                c10 += u64::from(counts);
            }
        }
        (c8, c9, c10)
    }
}

/// The bits of a count of at most `m` (pairs or teams of `m` teams).
fn count_bits(m: usize) -> u32 {
    usize::BITS - m.leading_zeros()
}

fn bracket_bits(m: usize) -> u32 {
    3 * count_bits(m) + 1
}

/// The frame of an edge weight whose fields after the first are penalties (docs/engine-design.md,
/// "Criteria as fields of one weight"): one bit for the pair, then `penalties` fields of `bits`
/// each, most significant first. An edge weighs the pair less its penalties, so a maximum-weight
/// matching is first of all perfect (a perfect matching's total penalty stays below one pair, as
/// each field holds any sum over a matching), then lexicographically least in its fields.
fn penalty_frame(penalties: usize, bits: u32) -> Frame {
    let mut widths = vec![Width::Bits(1)];
    widths.extend((0..penalties).map(|_| Width::Bits(bits)));
    Frame::new(widths, 0)
}

/// The weight of a pair with these penalties in a [`penalty_frame`].
fn less_penalties<W: Weight>(frame: &Frame, penalties: impl IntoIterator<Item = u64>) -> W {
    let mut pack = Pack::<W>::new(frame);
    pack.count(1);
    for penalty in penalties {
        pack.count(-(penalty as i64));
    }
    pack.finish()
}

/// The widest weight of the upfloater choice.
const MAX_WEIGHT_BITS: u32 = 8192;

/// How many scores below the top-scoregroup get a [C5] field of their own in the first matching
/// of the upfloater choice.
#[cfg(not(test))]
const FIRST_LEVELS: usize = 3;
/// One in the tests, whose rounds have at most five scores: the merged field and the widening
/// then occur in them.
#[cfg(test)]
const FIRST_LEVELS: usize = 1;

/// The outcome of one weighted upfloater choice.
enum Choice {
    Set(Vec<usize>),
    NoSet,
    /// The optimum took an upfloater from under the scores with a field of their own.
    Widen,
}

impl Choice {
    fn set(self) -> Option<Vec<usize>> {
        match self {
            Choice::Set(set) => Some(set),
            Choice::NoSet | Choice::Widen => None,
        }
    }
}

/// What an edge's weight in the upfloater choice reads of one of its teams.
#[derive(Clone, Copy)]
enum Kind {
    Resident,
    Below {
        /// Its [C5] field, if it may meet a resident.
        field: Option<usize>,
        floated: bool,
        /// In the next scoregroup ([C6]), or below it.
        next: bool,
    },
}

/// The fields of the upfloater choice (3.5), most significant first: pairs of a resident with a
/// team below ([C4]); such pairs by the score of the team below, the lowest score first ([C5]:
/// the upfloaters' scores in ascending order as high as possible); pairs of the next scoregroup
/// with teams below it ([C6]); upfloaters that floated in the previous round ([C7]).
struct SetLayout {
    top: i64,
    next: i64,
    /// The scores below the top-scoregroup of teams that may meet a resident, lowest first, that
    /// have a [C5] field of their own.
    levels: Vec<i64>,
    /// The scores under this one (that may meet a resident) share one [C5] field, the first.
    merged: Option<i64>,
    bits: u32,
    /// 2026's [C6] as a field (2024's is settled apart, see [`Context::choose_set`]).
    c6: bool,
    /// [C7] (2026 only, not in the last two rounds).
    c7: bool,
}

/// The weights of the edge kinds of a [`SetLayout`].
struct Table<W> {
    plain: W,
    next_below: W,
    /// Per [C5] field, a resident's pair with a team below that did not (did) float.
    upfloat: Vec<[W; 2]>,
}

impl<W: Weight> Table<W> {
    fn weight(&self, a: Kind, b: Kind) -> &W {
        match (a, b) {
            (Kind::Resident, Kind::Resident) => &self.plain,
            (Kind::Resident, Kind::Below { field, floated, .. })
            | (Kind::Below { field, floated, .. }, Kind::Resident) => {
                field.map_or(&self.plain, |f| &self.upfloat[f][usize::from(floated)])
            }
            (Kind::Below { next: x, .. }, Kind::Below { next: y, .. }) => {
                if x != y {
                    &self.next_below
                } else {
                    &self.plain
                }
            }
        }
    }
}

impl SetLayout {
    /// `own`: how many of the highest scores below get a field of their own (all when `None`).
    fn new(ctx: &Context, unpaired: &[usize], residents: &[usize], below: &[usize], own: Option<usize>) -> SetLayout {
        let top = ctx.score(residents[0]);
        let next = below.iter().map(|&v| ctx.score(v)).max().unwrap_or(top);
        let mut levels: Vec<i64> =
            below.iter().filter(|&&v| residents.iter().any(|&r| ctx.allowed[r][v])).map(|&v| ctx.score(v)).collect();
        levels.sort_unstable();
        levels.dedup();
        let mut merged = None;
        if let Some(own) = own
            && levels.len() > own + 1
        {
            levels.drain(..levels.len() - own);
            merged = levels.first().copied();
        }
        // 2024 chooses the set by [C4]–[C6] only (its 2.2.5), its [C6] counted apart (`choose_set`).
        let edition_2026 = ctx.round.edition != Edition::Team2024;
        SetLayout {
            top,
            next,
            levels,
            merged,
            bits: count_bits(unpaired.len() / 2),
            c6: edition_2026,
            c7: edition_2026 && ctx.floats_count(),
        }
    }

    fn c5_fields(&self) -> usize {
        self.levels.len() + usize::from(self.merged.is_some())
    }

    fn bits(&self) -> u32 {
        (self.c5_fields() as u32 + 3) * self.bits + 1
    }

    fn kind(&self, ctx: &Context, v: usize) -> Kind {
        let s = ctx.score(v);
        if s == self.top {
            return Kind::Resident;
        }
        let offset = usize::from(self.merged.is_some());
        let field = match self.levels.binary_search(&s) {
            Ok(i) => Some(offset + i),
            Err(_) => self.merged.filter(|&under| s < under).map(|_| 0),
        };
        Kind::Below { field, floated: self.c7 && ctx.teams[v].floated_previous, next: s == self.next }
    }

    fn table<W: Weight>(&self) -> Table<W> {
        let fields = self.c5_fields();
        let frame = penalty_frame(fields + 3, self.bits);
        let weight = |upfloat: bool, c5: Option<usize>, c6: bool, c7: bool| {
            let c5 = (0..fields).map(|f| c5 == Some(f));
            let counts = std::iter::once(upfloat).chain(c5).chain([c6, c7]).map(u64::from);
            less_penalties::<W>(&frame, counts)
        };
        Table {
            plain: weight(false, None, false, false),
            next_below: weight(false, None, self.c6, false),
            upfloat: (0..fields)
                .map(|f| [weight(true, Some(f), false, false), weight(true, Some(f), false, true)])
                .collect(),
        }
    }
}

/// A maximum-weight matching kept optimal while edges are taken out and put back around one
/// vertex at a time, with the first optimum's weight to test choices against.
struct Search<W: Weight> {
    matcher: Matcher<W>,
    best: W,
}

impl<W: Weight> Search<W> {
    /// `None` when the vertices have no perfect matching.
    fn new(m: usize, base: impl Fn(usize, usize) -> Option<W>) -> Option<Search<W>> {
        let mut matcher = Matcher::<W>::from_fn(m, base);
        matcher.solve();
        if (0..m).any(|v| matcher.mate(v).is_none()) {
            return None;
        }
        let best = matcher.total_weight();
        Some(Search { matcher, best })
    }

    /// Sets every edge of `v` to its base weight where `keep` allows it, to nothing elsewhere.
    fn refresh(&mut self, v: usize, keep: impl Fn(usize, usize) -> bool, base: impl Fn(usize, usize) -> Option<W>) {
        for u in 0..self.matcher.vertex_count() {
            if u == v {
                continue;
            }
            let w = if keep(v, u) { base(v, u).unwrap_or_else(W::zero) } else { W::zero() };
            self.matcher.set_weight(v, u, w);
        }
    }

    /// Re-solves and tells whether the optimum is still the first one's.
    fn keeps_optimum(&mut self) -> bool {
        self.matcher.solve();
        let m = self.matcher.vertex_count();
        (0..m).all(|v| self.matcher.mate(v).is_some()) && self.matcher.total_weight() == self.best
    }
}

#[cfg(test)]
mod tests {
    use super::super::colour::PreferenceType;
    use super::super::reference;
    use super::*;
    use Colour::{Black as B, White as W};

    use reference::tests::team;

    /// Round `number` of 7, otherwise as the literal engine's tests build it.
    fn round(number: u32, teams: Vec<Team>, barred: &[(Tpn, Tpn)]) -> Round {
        Round { total_rounds: 7, ..reference::tests::round(number, teams, barred) }
    }

    /// Both engines, which must agree, and the answer.
    fn both(r: &Round) -> Option<Pairing> {
        let fast = pair(r);
        assert_eq!(fast, reference::pair(r), "fast and literal engines differ on {r:?}");
        fast
    }

    fn matches(pairs: &[(Tpn, Tpn)], bye: Option<Tpn>) -> Option<Pairing> {
        Some(Pairing { matches: pairs.to_vec(), bye })
    }

    /// The literal engine's hand-derived rounds (literal.rs tests, derivations there) hold for the
    /// fast engine too: round 1 (1-3 2-4), the bye to the largest TPN [C2] allows, two upfloaters
    /// for a scoregroup that has met, colour preferences choosing the pairing, and no pairing.
    #[test]
    fn the_literal_engines_hand_derived_rounds() {
        let r = round(1, (1..=4).map(|t| team(t, 0, &[])).collect(), &[]);
        assert_eq!(both(&r), matches(&[(1, 3), (4, 2)], None));
        let r = round(1, (1..=5).map(|t| team(t, 0, &[])).collect(), &[]);
        assert_eq!(both(&r), matches(&[(1, 3), (4, 2)], Some(5)));
        let mut teams: Vec<Team> = (1..=5).map(|t| team(t, 0, &[])).collect();
        teams[4].bye_barred = true;
        assert_eq!(both(&round(1, teams, &[])), matches(&[(1, 3), (5, 2)], Some(4)));
        let teams = vec![
            team(1, 2, &[W]),
            team(2, 2, &[B]),
            team(3, 1, &[W]),
            team(4, 0, &[B]),
            team(5, 0, &[W]),
            team(6, 1, &[B]),
        ];
        let r = round(2, teams, &[(1, 4), (2, 5), (3, 6)]);
        assert_eq!(both(&r), matches(&[(2, 1), (5, 3), (6, 4)], None));
        let teams = vec![team(1, 2, &[B, B]), team(2, 2, &[W, W]), team(3, 2, &[B, B]), team(4, 2, &[W, W])];
        assert_eq!(both(&round(3, teams, &[])), matches(&[(1, 4), (3, 2)], None));
        let r =
            round(3, vec![team(1, 2, &[W, B]), team(2, 2, &[B, W]), team(3, 2, &[W, B])], &[(1, 2), (1, 3), (2, 3)]);
        assert_eq!(both(&r), None);
    }

    /// 3.4.1 before 3.4.4: of three teams on 0 points where 1 and 2 have met, the bye cannot go to
    /// 3 (the largest TPN) because 1-2 would be left; it goes to 2, and 1-3 is played, 1 White by
    /// 4.3.1 (first-team 1, odd TPN, initial-colour White).
    #[test]
    fn the_bye_skips_a_team_whose_removal_leaves_no_pairing() {
        let r = round(1, (1..=3).map(|t| team(t, 0, &[])).collect(), &[(1, 2)]);
        assert_eq!(both(&r), matches(&[(1, 3)], Some(2)));
    }

    /// 3.6.2–3.6.3 order by the top members first. Six teams of one scoregroup, 1 having met 4, 5
    /// and 6: no pairing has top members {1, 2, 3} (1 would need a bottom member among 4–6); the
    /// next set of top members is {1, 2, 4}, whose first pairing is 1-3 2-5 4-6 (identifier
    /// 1 2 4 3 5 6). Pairing 1's partner first (1-2 3-4 5-6, identifier 1 3 5 2 4 6) would be
    /// wrong. Colours by 4.3.1 (no team has played): first-teams 1 (odd) White, 2 and 4 (even) Black.
    #[test]
    fn the_identifier_orders_top_members_first() {
        let r = round(1, (1..=6).map(|t| team(t, 0, &[])).collect(), &[(1, 4), (1, 5), (1, 6)]);
        assert_eq!(both(&r), matches(&[(1, 3), (5, 2), (6, 4)], None));
    }

    /// [C5] before the order of 3.5.4: 1 (3 points) is alone and needs one upfloater; 2 and 4 have
    /// 1 point, 3 has 2, so 3 upfloats although 2 has the smaller TPN. Then 2-4. Colours by 4.3.1:
    /// 1 is first-team (more points), odd, White; 2 is first-team of 2-4 (smaller TPN), even, Black.
    #[test]
    fn the_highest_scored_upfloater_is_taken() {
        let teams = vec![team(1, 30, &[]), team(2, 10, &[]), team(3, 20, &[]), team(4, 10, &[])];
        assert_eq!(both(&round(2, teams, &[])), matches(&[(1, 3), (4, 2)], None));
    }

    /// [C6]: 1 (2 points) needs one upfloater of 1 point (2, 3 or 4), and 3-4 have met. Taking 2
    /// (the first set, and legal: 3-5 4-6 pair the rest) leaves 3 and 4 to the next bracket, which
    /// then needs two upfloaters (5 and 6); taking 3 leaves 2-4, which needs none. So 3 upfloats:
    /// 1-3, 2-4, 5-6. Colours by 4.3.1: 1 first-team (odd) White; 2 first-team (even) Black; 5
    /// first-team (odd) White.
    #[test]
    fn the_upfloater_that_leaves_the_next_bracket_fewest_upfloaters() {
        let teams = vec![
            team(1, 20, &[]),
            team(2, 10, &[]),
            team(3, 10, &[]),
            team(4, 10, &[]),
            team(5, 0, &[]),
            team(6, 0, &[]),
        ];
        assert_eq!(both(&round(2, teams, &[(3, 4)])), matches(&[(1, 3), (4, 2), (5, 6)], None));
    }

    /// [C7]: 1 (2 points) needs one upfloater among 2, 3, 4 (1 point); 2 floated in the previous
    /// round, so 3, the next in the order, upfloats: 1-3, 2-4 (1 White, 2 Black by 4.3.1). In the
    /// last two rounds [C7] does not apply and 2 upfloats: 1-2, 3-4 (1 and 3 odd, White).
    #[test]
    fn an_upfloater_that_floated_before_is_passed_over_but_not_in_the_last_two_rounds() {
        let mut teams = vec![team(1, 20, &[]), team(2, 10, &[]), team(3, 10, &[]), team(4, 10, &[])];
        teams[1].floated_previous = true;
        assert_eq!(both(&round(2, teams.clone(), &[])), matches(&[(1, 3), (4, 2)], None));
        assert_eq!(both(&round(6, teams, &[])), matches(&[(1, 2), (3, 4)], None));
    }

    /// [C9] (Type B): 1 has a strong preference for White (CD −2), 2 a mild one (CD −1), 3 a
    /// strong one (CD −1, two Blacks last), 4 none (yet to play). 1-3 2-4: both strong, 4.3.5
    /// gives White to 1 (lower CD), 3's strong preference fails: [C8] 1, [C9] 1. 1-4 2-3: 1 White
    /// (4.3.2), 3 White by 4.3.4 (the only strong one), 2's mild preference fails: [C8] 1, [C9] 0;
    /// 1-2 3-4 the same counts, later by identifier. So 1-4, 3-2.
    #[test]
    fn a_strong_preference_outweighs_a_mild_one() {
        let teams = vec![team(1, 10, &[B, B]), team(2, 10, &[B]), team(3, 10, &[W, B, B]), team(4, 10, &[])];
        let mut r = round(4, teams, &[]);
        r.preferences = PreferenceType::B;
        assert_eq!(both(&r), matches(&[(1, 4), (3, 2)], None));
    }

    /// A 400-team round 1 pairs the top half against the bottom half, 1-201 2-202 … (3.6.2: every
    /// pairing is legal, and no team has a preference), colours alternating by 4.3.1.
    #[test]
    fn a_large_first_round() {
        let r = round(1, (1..=400).map(|t| team(t, 0, &[])).collect(), &[]);
        let expected: Vec<(Tpn, Tpn)> =
            (1..=200).map(|t| if t % 2 == 1 { (t, t + 200) } else { (t + 200, t) }).collect();
        assert_eq!(pair(&r), matches(&expected, None));
    }
}

#[cfg(test)]
mod properties {
    use super::super::colour::PreferenceType;
    use super::super::reference;
    use super::*;
    use proptest::prelude::*;

    /// Random rounds as literal.rs's property draws them, wider: up to 12 teams, one to five
    /// scores (so that brackets of all sizes occur), histories of up to five matches, secondary
    /// scores, virtual points (acceleration), either initial-colour, any round of 7, either
    /// edition.
    fn rounds() -> impl Strategy<Value = Round> {
        (2usize..=12, 1u32..=7, 0i64..=4)
            .prop_flat_map(|(n, number, top)| {
                let team = (
                    0i64..=top,
                    proptest::collection::vec(any::<bool>(), 0..6),
                    any::<bool>(),
                    any::<bool>(),
                    proptest::option::of(0i64..=3),
                    any::<bool>(),
                );
                (
                    proptest::collection::vec(team, n),
                    proptest::collection::vec((1..=n as Tpn, 1..=n as Tpn), 0..2 * n),
                    Just(number),
                    prop_oneof![Just(PreferenceType::A), Just(PreferenceType::B), Just(PreferenceType::None)],
                    any::<bool>(),
                    prop_oneof![Just(Edition::Team2026), Just(Edition::Team2024), Just(Edition::DoubleSwiss2026)],
                )
            })
            .prop_map(|(teams, barred, number, preferences, white, edition)| Round {
                teams: teams
                    .into_iter()
                    .enumerate()
                    .map(|(i, (score, colours, barred, floated, secondary, accelerated))| Team {
                        tpn: i as Tpn + 1,
                        score: score * 10,
                        virtual_points: if accelerated { score * 5 } else { 0 },
                        secondary,
                        played: colours.iter().map(|&w| if w { Colour::White } else { Colour::Black }).collect(),
                        matches_played: colours.len() as u32,
                        bye_barred: barred,
                        floated_previous: floated,
                    })
                    .collect(),
                barred: barred.into_iter().filter(|(a, b)| a != b).map(|(a, b)| (a.min(b), a.max(b))).collect(),
                preferences,
                initial: if white { Colour::White } else { Colour::Black },
                round: number,
                total_rounds: 7,
                edition,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The fast engine returns exactly what the literal one does: the same bye, the same
        /// pairs with the same colours, in the same order, and `None` for the same rounds.
        #[test]
        fn the_fast_engine_pairs_as_the_literal_one(round in rounds()) {
            prop_assert_eq!(pair(&round), reference::pair(&round));
        }
    }
}
