//! Why a recorded team round differs from the pairing C.04.6 gives, criterion by criterion
//! (docs/teams.md, "Team tournaments: pairing").
//!
//! The walk follows the procedure (3.3.2): first the absolute criteria on the record ([C1], [C2]),
//! then the bye (3.4), then bracket by bracket from the top, as long as the record made the same
//! bracket and paired it the same way: the set of upfloaters (3.5: [C4], [C5], [C6], [C7], then
//! the order of 3.5.4), the bracket's pairing (3.6: [C8], [C9], [C10], then the identifier order),
//! the colours of each match (4.3). The first step where the record leaves the procedure is the
//! explanation; colour differences in brackets paired alike are collected over the whole round.
//!
//! The 2024 edition numbers its articles otherwise (bye 2.1, upfloaters 2.2, bracket 2.3) and its
//! criteria too (its [C7]–[C9] are the bracket's; it has no upfloater-float criterion); the
//! explanation names them in the edition's own terms.

use crate::matching::augmenting::{NONE, augment_from};
use std::collections::{BTreeMap, BTreeSet};

use crate::model::Points;
use crate::systems::severity::Severity;

use super::colour::TeamColours;
use super::reference::{self, Pairing, Round};
use super::state::TeamRoundInput;
use super::{Edition, Tpn};

/// A differing round, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamExplanation {
    pub severity: Severity,
    /// The criterion or article: `C1`, `C4`, `3.4`, `3.6.4`, `4.3.5`, …
    pub criterion: String,
    pub text: String,
    pub details: Vec<String>,
    /// The record beats the computed pairing on a criterion: a trfcheck bug.
    pub engine_bug: bool,
}

fn points(score: i64) -> String {
    format!("{}", Points::from_tenths(score))
}

fn articles(edition: Edition) -> (&'static str, &'static str, &'static str) {
    match edition {
        Edition::Team2026 | Edition::DoubleSwiss2026 => ("3.4", "3.5.5", "3.6.4"),
        Edition::Team2024 => ("2.1", "2.2.5", "2.3.4"),
    }
}

fn quality_names(edition: Edition) -> [&'static str; 3] {
    match edition {
        Edition::Team2026 => ["C8", "C9", "C10"],
        Edition::Team2024 => ["C7", "C8", "C9"],
        // No colour criteria (its pairs never count on the first two).
        Edition::DoubleSwiss2026 => ["C8", "C8", "C8"],
    }
}

/// What each bracket-pairing criterion counts, as (one, several).
fn quality_words(edition: Edition) -> [(&'static str, &'static str); 3] {
    const PREFERENCE: (&str, &str) =
        ("team whose colour preference is not fulfilled", "teams whose colour preference is not fulfilled");
    const STRONG: (&str, &str) = (
        "team whose strong colour preference is not fulfilled",
        "teams whose strong colour preference is not fulfilled",
    );
    const OPPONENTS: (&str, &str) = (
        "upfloater's opponent that was a floater in the previous round",
        "upfloaters' opponents that were floaters in the previous round",
    );
    match edition {
        Edition::Team2026 => [PREFERENCE, STRONG, OPPONENTS],
        Edition::DoubleSwiss2026 => [OPPONENTS; 3],
        Edition::Team2024 => {
            [PREFERENCE, STRONG, ("team that floats in consecutive rounds", "teams that float in consecutive rounds")]
        }
    }
}

fn pair_key(a: Tpn, b: Tpn) -> (Tpn, Tpn) {
    (a.min(b), a.max(b))
}

fn opponents(p: &Pairing) -> BTreeMap<Tpn, Tpn> {
    p.matches.iter().flat_map(|&(w, b)| [(w, b), (b, w)]).collect()
}

fn list(teams: &[Tpn]) -> String {
    if teams.is_empty() {
        return "none".into();
    }
    teams.iter().map(Tpn::to_string).collect::<Vec<_>>().join(", ")
}

fn explanation(severity: Severity, criterion: &str, text: String, details: Vec<String>) -> TeamExplanation {
    TeamExplanation { severity, criterion: criterion.to_owned(), text, details, engine_bug: false }
}

/// Explains how the recorded pairing of `input` differs from `computed`; `None` when they agree
/// (the colours of a match compared only where the file gives them).
pub fn explain(input: &TeamRoundInput, computed: &Pairing) -> Option<TeamExplanation> {
    let round = &input.round;
    let recorded = &input.recorded;
    let edition = round.edition;
    let (one, several) = edition.participants();
    let (bye_article, set_article, pairing_article) = articles(edition);
    // The absolute criteria, on the record alone.
    for &(a, b) in &recorded.matches {
        let key = pair_key(a, b);
        if let Some(met) = input.met_in.get(&key) {
            return Some(explanation(
                Severity::Absolute,
                "C1",
                format!("{several} {} and {} already met in round {met} (C1)", key.0, key.1),
                Vec::new(),
            ));
        }
        if input.forbidden.contains(&key) {
            return Some(explanation(
                Severity::Absolute,
                "C1",
                format!("{several} {} and {} are a forbidden pair (260) and may not meet", key.0, key.1),
                Vec::new(),
            ));
        }
    }
    if let Some(bye) = recorded.bye
        && round.teams.iter().any(|t| t.tpn == bye && t.bye_barred)
    {
        return Some(explanation(
            Severity::Absolute,
            "C2",
            format!(
                "{one} {bye} gets the pairing-allocated bye, which C2 forbids: it already had it, won a match by \
                 forfeit, or had a full-point bye"
            ),
            Vec::new(),
        ));
    }
    if recorded.bye != computed.bye {
        let describe = |tpn: Option<Tpn>| match tpn.and_then(|t| round.teams.iter().find(|x| x.tpn == t)) {
            Some(t) => format!(
                "{one} {} ({} points, {} match{} played)",
                t.tpn,
                points(t.score),
                t.matches_played,
                if t.matches_played == 1 { "" } else { "es" }
            ),
            None => format!("no {one}"),
        };
        return Some(explanation(
            Severity::Quality,
            bye_article,
            format!(
                "the pairing-allocated bye goes to {}, not {} as recorded ({bye_article})",
                describe(computed.bye),
                describe(recorded.bye)
            ),
            vec![format!(
                "{bye_article}: among the {several} whose bye leaves a legal pairing for all the others, the lowest \
                 score, then the most matches played, then the largest TPN"
            )],
        ));
    }
    let record_of = opponents(recorded);
    let computed_of = opponents(computed);
    let mut unpaired: Vec<Tpn> = round.teams.iter().map(|t| t.tpn).filter(|&t| Some(t) != computed.bye).collect();
    unpaired.sort_unstable();
    let mut colour_notes: Vec<(String, String)> = Vec::new();
    while !unpaired.is_empty() {
        let (residents, below) = reference::split_top(round, &unpaired);
        // The computed bracket: the residents and the teams the computed pairing gives them.
        let mut set: Vec<Tpn> =
            residents.iter().filter_map(|t| computed_of.get(t).copied()).filter(|o| !residents.contains(o)).collect();
        set.sort_unstable();
        set.dedup();
        let bracket: Vec<Tpn> = residents.iter().chain(&set).copied().collect();
        let score = round.team(residents[0]).score;
        let mut record_set: Vec<Tpn> =
            residents.iter().filter_map(|t| record_of.get(t).copied()).filter(|o| !residents.contains(o)).collect();
        record_set.sort_unstable();
        record_set.dedup();
        let mut computed_set = set.clone();
        computed_set.sort_unstable();
        let group = format!("the {}-point scoregroup", points(score));
        if record_set != computed_set {
            return Some(upfloaters(round, &group, &residents, &below, &record_set, &computed_set, set_article));
        }
        let in_bracket = |of: &BTreeMap<Tpn, Tpn>| -> BTreeSet<(Tpn, Tpn)> {
            bracket.iter().filter_map(|&t| of.get(&t).map(|&o| pair_key(t, o))).collect()
        };
        let (record_pairs, computed_pairs) = (in_bracket(&record_of), in_bracket(&computed_of));
        if record_pairs != computed_pairs {
            return Some(bracket_pairing(round, &group, &set, &record_pairs, &computed_pairs, pairing_article));
        }
        for &(a, b) in &computed_pairs {
            if !input.colours_known.contains(&(a, b)) {
                continue;
            }
            let white = |p: &Pairing| p.matches.iter().find(|&&(w, bl)| pair_key(w, bl) == (a, b)).map(|m| m.0);
            let (Some(rec), Some(comp)) = (white(recorded), white(computed)) else { continue };
            if rec != comp {
                let view = |tpn: Tpn| {
                    let t = round.team(tpn);
                    TeamColours { tpn, primary: t.score - t.virtual_points, secondary: t.secondary, played: &t.played }
                };
                let (_, rule) = round.allocate(&view(a), &view(b));
                colour_notes.push((
                    rule.article(edition).to_owned(),
                    format!(
                        "match {a}–{b}: {} ({}) gives White to {one} {comp}; the record gives it to {one} {rec}",
                        rule.article(edition),
                        rule.words(edition)
                    ),
                ));
            }
        }
        unpaired.retain(|t| !bracket.contains(t));
    }
    let (article, _) = colour_notes.first()?;
    let article = article.clone();
    let count = colour_notes.len();
    let text = if count == 1 {
        colour_notes[0].1.clone()
    } else {
        format!("the same matches, with the colours of {count} of them otherwise (first by {article})")
    };
    let details = if count == 1 { Vec::new() } else { colour_notes.into_iter().map(|(_, note)| note).collect() };
    Some(explanation(Severity::Colours, &article, text, details))
}

/// The record brought other upfloaters into the bracket of `group` (3.5).
fn upfloaters(
    round: &Round,
    group: &str,
    residents: &[Tpn],
    below: &[Tpn],
    record_set: &[Tpn],
    computed_set: &[Tpn],
    set_article: &str,
) -> TeamExplanation {
    let edition = round.edition;
    let details = vec![
        format!("residents of {group}: {}", list(residents)),
        format!("upfloaters: recorded {}; by {set_article}, {}", list(record_set), list(computed_set)),
    ];
    let scores = |set: &[Tpn]| {
        let mut s: Vec<i64> = set.iter().map(|&t| round.team(t).score).collect();
        s.sort_unstable();
        s
    };
    if record_set.len() != computed_set.len() {
        let bug = record_set.len() < computed_set.len();
        let mut e = explanation(
            Severity::Quality,
            "C4",
            format!(
                "the record pairs {} upfloater{} into {group}, where {} suffice{} (C4)",
                record_set.len(),
                if record_set.len() == 1 { "" } else { "s" },
                computed_set.len(),
                if computed_set.len() == 1 { "s" } else { "" }
            ),
            details,
        );
        e.engine_bug = bug;
        return e;
    }
    let (record_scores, computed_scores) = (scores(record_set), scores(computed_set));
    if record_scores != computed_scores {
        let shown = |s: &[i64]| s.iter().map(|&x| points(x)).collect::<Vec<_>>().join(", ");
        let mut e = explanation(
            Severity::Quality,
            "C5",
            format!(
                "the record's upfloaters into {group} have the scores {}, where {} is possible (C5: the upfloaters' \
                 scores as high as possible)",
                shown(&record_scores),
                shown(&computed_scores)
            ),
            details,
        );
        e.engine_bug = record_scores > computed_scores;
        return e;
    }
    let c6 = |set: &[Tpn]| c6(round, set, below);
    let c7 = |set: &[Tpn]| reference::c7(round, set);
    let (record_c6, computed_c6) = (c6(record_set), c6(computed_set));
    if record_c6 != computed_c6 {
        let text = match edition {
            Edition::Team2026 | Edition::DoubleSwiss2026 => format!(
                "with the record's upfloaters, the following scoregroup's bracket needs {} upfloater{}, where {} \
                 suffice{} with {} (C6)",
                shown_count(record_c6),
                if record_c6 == 1 { "" } else { "s" },
                shown_count(computed_c6),
                if computed_c6 == 1 { "s" } else { "" },
                list(computed_set)
            ),
            Edition::Team2024 => format!(
                "with the record's upfloaters, {} teams of the following scoregroup can be paired among themselves, \
                 where {} can with {} (C6)",
                -record_c6,
                -computed_c6,
                list(computed_set)
            ),
        };
        let mut e = explanation(Severity::Quality, "C6", text, details);
        e.engine_bug = record_c6 < computed_c6;
        return e;
    }
    let (record_c7, computed_c7) = (c7(record_set), c7(computed_set));
    if record_c7 != computed_c7 {
        let mut e = explanation(
            Severity::Quality,
            "C7",
            format!(
                "{record_c7} of the record's upfloaters into {group} {} in the previous round, where \
                 {computed_c7} need be (C7)",
                if record_c7 == 1 { "was a floater" } else { "were floaters" }
            ),
            details,
        );
        e.engine_bug = record_c7 < computed_c7;
        return e;
    }
    explanation(
        Severity::Order,
        set_article,
        format!(
            "upfloaters {} into {group} tie on C4–C{} with the record's {}, and come first in the order of the \
             sets ({set_article})",
            list(computed_set),
            if edition == Edition::Team2024 { 6 } else { 7 },
            list(record_set)
        ),
        details,
    )
}

/// The most teams of the following scoregroup whose [C6] is counted by the literal engine's
/// enumeration; beyond it, by the equivalent computations below.
const C6_ENUMERATED: usize = 14;

/// [C6] of a set of upfloaters, as [`reference::c6`] counts it, without its enumeration where the
/// round is large: the 2026 count is the upfloaters the next bracket takes when the teams left are
/// paired by the procedure (the fast engine, held to the literal one), and the 2024 count (the
/// most teams of the scoregroup paired among themselves) is a maximum-cardinality matching.
fn c6(round: &Round, set: &[Tpn], below: &[Tpn]) -> i64 {
    let Some((left, following)) = reference::following_scoregroup(round, set, below) else { return 0 };
    match round.edition {
        Edition::Team2024 if following.len() <= C6_ENUMERATED => reference::c6(round, set, below),
        Edition::Team2024 => -(most_paired(round, &following) as i64),
        Edition::Team2026 | Edition::DoubleSwiss2026 => {
            if left.len() <= C6_ENUMERATED {
                return reference::c6(round, set, below);
            }
            let mut rest = round.clone();
            rest.teams.retain(|t| left.contains(&t.tpn));
            let Some(pairing) = super::engine::pair(&rest) else { return i64::MAX };
            let opponents = opponents(&pairing);
            let upfloaters: BTreeSet<Tpn> =
                following.iter().filter_map(|t| opponents.get(t).copied()).filter(|o| !following.contains(o)).collect();
            upfloaters.len() as i64
        }
    }
}

/// The most of `teams` that can be paired with one another ([C1] and forbidden pairs): a
/// maximum-cardinality matching, by Edmonds' augmenting paths (one search per exposed team
/// suffices: a team with no augmenting path never gets one after other augmentations).
fn most_paired(round: &Round, teams: &[Tpn]) -> usize {
    let allowed = |a: usize, b: usize| round.may_meet(teams[a], teams[b]);
    let mut mate = vec![NONE; teams.len()];
    let alive = vec![true; teams.len()];
    for v in 0..teams.len() {
        if mate[v] == NONE {
            augment_from(&mut mate, &alive, v, allowed);
        }
    }
    mate.iter().filter(|&&m| m != NONE).count()
}

fn shown_count(count: i64) -> String {
    if count == i64::MAX { "more than any legal set allows".into() } else { count.to_string() }
}

/// The record paired the bracket of `group` otherwise (3.6).
fn bracket_pairing(
    round: &Round,
    group: &str,
    upfloaters: &[Tpn],
    record_pairs: &BTreeSet<(Tpn, Tpn)>,
    computed_pairs: &BTreeSet<(Tpn, Tpn)>,
    pairing_article: &str,
) -> TeamExplanation {
    let edition = round.edition;
    let coloured = |pairs: &BTreeSet<(Tpn, Tpn)>| -> Vec<(Tpn, Tpn)> {
        pairs.iter().map(|&(a, b)| reference::colours(round, a, b)).collect()
    };
    let (record_quality, computed_quality) = (
        reference::quality(round, &coloured(record_pairs), upfloaters),
        reference::quality(round, &coloured(computed_pairs), upfloaters),
    );
    let shown = |pairs: &BTreeSet<(Tpn, Tpn)>| pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>();
    let only_record: BTreeSet<(Tpn, Tpn)> = record_pairs.difference(computed_pairs).copied().collect();
    let only_computed: BTreeSet<(Tpn, Tpn)> = computed_pairs.difference(record_pairs).copied().collect();
    let details = vec![
        format!("recorded in {group}'s bracket: {}", shown(&only_record).join(" ")),
        format!("by {pairing_article}: {}", shown(&only_computed).join(" ")),
    ];
    let r = [record_quality.0, record_quality.1, record_quality.2];
    let c = [computed_quality.0, computed_quality.1, computed_quality.2];
    if let Some(k) = (0..3).find(|&k| r[k] != c[k]) {
        let name = quality_names(edition)[k];
        let mut e = explanation(
            Severity::Quality,
            name,
            format!(
                "the record's pairing of {group}'s bracket has {} {}, where {} is possible ({name})",
                r[k],
                if r[k] == 1 { quality_words(edition)[k].0 } else { quality_words(edition)[k].1 },
                c[k]
            ),
            details,
        );
        e.engine_bug = r[k] < c[k];
        return e;
    }
    explanation(
        Severity::Order,
        pairing_article,
        format!(
            "the pairings of {group}'s bracket tie on every criterion; {} comes first by its identifier \
             ({pairing_article})",
            shown(&only_computed).join(" ")
        ),
        details,
    )
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::systems::team::reference::tests::{round, team};
    use proptest::prelude::*;

    proptest! {
        /// The matching that counts 2024 [C6] beyond the enumeration's reach gives the literal
        /// engine's count (its enumeration) on every scoregroup small enough to enumerate.
        #[test]
        fn the_matching_counts_the_2024_c6_as_the_enumeration_does(
            n in 1usize..=10,
            met in proptest::collection::vec((1u32..=10, 1u32..=10), 0..40),
        ) {
            let teams: Vec<_> = (1..=n as Tpn).map(|t| team(t, 20, &[])).collect();
            let barred: Vec<(Tpn, Tpn)> =
                met.into_iter().filter(|&(a, b)| a != b && a as usize <= n && b as usize <= n).collect();
            let mut r = round(3, teams, &barred);
            r.edition = Edition::Team2024;
            let all: Vec<Tpn> = (1..=n as Tpn).collect();
            prop_assert_eq!(-(most_paired(&r, &all) as i64), reference::c6(&r, &[], &all));
        }
    }
}
