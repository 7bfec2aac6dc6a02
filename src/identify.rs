//! What the data suggests when the rounds of a file differ (docs/audit.md, "Hints and `identify`"):
//! under which system, version or organiser's option the recorded rounds match (`trfcheck
//! identify`), whether the event is a round robin, and whether the player numbers are the order the
//! record was paired in. Every hint is computed — each candidate system is run on every recorded
//! round — never guessed from names.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::{
    AccelerationMethod, ColourPreference, DraughtsOptions, OrganiserFlags, PlayerId, TeamSystemCode, Tournament,
};
use crate::report::{CheckReport, RoundStatus};
use crate::systems::SystemId;
use crate::systems::common::record::recorded_seat;
use crate::verify::round::round_status;
use crate::verify::{self, CheckOptions, Inspected};

/// One way of pairing the file: a system, with Baku acceleration (the FIDE systems), the Lim
/// system's Maxi-tournament rules, or the FMJD organiser's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub system: SystemId,
    /// `Baku acceleration`, the Maxi-tournament rules (Lim), or the FMJD options
    /// (`colour-preference weak, floats off, …`); `None`: the system as the file declares it
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// Rounds whose record this candidate's pairing matches.
    pub matching: Vec<u32>,
    pub differing: Vec<u32>,
    /// Rounds it cannot check (numbers missing), with no verdict.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_checked: Vec<u32>,
    #[serde(skip)]
    baku: bool,
    #[serde(skip)]
    draughts: Option<DraughtsOptions>,
    /// Lim: the Maxi-tournament rules (3.2.3, 3.8, 5.7).
    #[serde(skip)]
    maxi: bool,
    /// A team system's options, as the `192` code that declares them.
    #[serde(skip)]
    team_code: Option<TeamSystemCode>,
}

impl Candidate {
    /// `dutch-2017`, `dutch-2025 with Baku acceleration`, `fmjd-solkoff with colour-preference weak`.
    pub fn label(&self) -> String {
        match &self.option {
            Some(option) => format!("{} with {option}", self.system),
            None => self.system.to_string(),
        }
    }

    /// Files `round` under the list its status belongs to.
    fn record(&mut self, round: u32, status: RoundStatus) {
        match status {
            RoundStatus::Match => self.matching.push(round),
            RoundStatus::Mismatch | RoundStatus::NoValidPairing => self.differing.push(round),
            RoundStatus::NotChecked => self.not_checked.push(round),
        }
    }

    /// True when this is the system and options a check of `t` uses.
    fn is_declared(&self, t: &Tournament, system: SystemId) -> bool {
        if let Some(code) = &self.team_code {
            return self.system == system && Some(code) == declared_team_code(t).as_ref();
        }
        let options = |d: &DraughtsOptions| (d.floats, d.colour_preference, d.acceleration);
        self.system == system
            && self.baku == baku_declared(t)
            && self.maxi == t.maxi_tournament
            && self.draughts.as_ref().is_none_or(|d| options(d) == options(&resolved_options(t)))
    }
}

/// Baku acceleration as the state reads it: a `_BAKU` code, or `ACC true`.
fn baku_declared(t: &Tournament) -> bool {
    t.header.baku_acceleration_flag
        || t.header.system_code.as_deref().is_some_and(|c| c.trim().to_ascii_uppercase().ends_with("_BAKU"))
}

/// The options a check of a team file uses: its `192` code's, else C.04.6's defaults
/// (`FIDE_TEAM`, as `systems::team::state::options` reads them).
fn declared_team_code(t: &Tournament) -> Option<TeamSystemCode> {
    let code = match t.header.system_code.as_deref().and_then(TeamSystemCode::parse) {
        Some(code) => code.ok(),
        None => TeamSystemCode::parse("FIDE_TEAM").and_then(Result::ok),
    }?;
    // As [`team_codes`] lists it: with 250 records the virtual points are the file's.
    Some(TeamSystemCode { baku: code.baku && t.accelerations.is_empty(), ..code })
}

/// The `192` codes of C.04.6's options (1.2, 1.7; C.04.7 for Baku): Type A, Type B or no colour
/// preferences; match or game points primary, with or without the other as the secondary score;
/// Baku acceleration with match points primary (C.04.7 1.4.4), unless 250 records give the
/// virtual points. The file's own code comes first (ties are listed in this order).
fn team_codes(t: &Tournament) -> Vec<(String, TeamSystemCode)> {
    let declared = t.header.system_code.as_deref().map(str::trim).filter(|c| !c.is_empty()).unwrap_or("FIDE_TEAM");
    let mut codes: Vec<String> = vec![declared.to_ascii_uppercase()];
    for colours in ["TYPEA_", "TYPEB_", ""] {
        for scores in ["MP_GP", "GP_MP", "MP", "GP"] {
            codes.push(format!("FIDE_TEAM_{colours}{scores}"));
            if scores.starts_with("MP") && t.accelerations.is_empty() {
                codes.push(format!("FIDE_TEAM_{colours}{scores}_BAKU"));
            }
        }
    }
    let mut out: Vec<(String, TeamSystemCode)> = Vec::new();
    for code in codes {
        let Some(Ok(read)) = TeamSystemCode::parse(&code) else { continue };
        // With 250 records the virtual points are the file's whatever the code says.
        let read = TeamSystemCode { baku: read.baku && t.accelerations.is_empty(), ..read };
        if !out.iter().any(|(_, seen)| *seen == read) {
            out.push((code, read));
        }
    }
    out
}

/// The FMJD options a check uses when no flag is given: the file's XDO over the annex's defaults.
fn resolved_options(t: &Tournament) -> DraughtsOptions {
    let defaults = DraughtsOptions {
        floats: Some(true),
        colour_preference: Some(ColourPreference::None),
        acceleration: Some(AccelerationMethod::None),
        bye_points: None,
    };
    t.draughts_options.over(&defaults)
}

/// One way of pairing a file: the system, Baku acceleration (a FIDE individual system), the FMJD
/// options (a draughts file), a team system's `192` code (a team file), and the Maxi-tournament
/// rules (Lim).
type Variant = (SystemId, bool, Option<DraughtsOptions>, Option<(String, TeamSystemCode)>, bool);

/// Every system (and option) that applies to the file's game: the six FIDE systems with and
/// without Baku acceleration for a chess file, Lim also with and without the Maxi-tournament rules
/// (docs/lim.md R26); the three FMJD systems with every combination of
/// colour preference, floats and acceleration for a draughts file; both editions of the team
/// Swiss with every option its `192` code can declare for a team file. The game is the one the
/// file declares (`systems::game`: its source, XDK or the other XD records, its 192 code), never
/// its scoring; a file that declares none is tried as chess, as `check` assumes the Dutch system
/// for it.
fn candidates(t: &Tournament) -> Vec<Variant> {
    // A file whose columns pair up into matches is a Double-Swiss one; no other file can be.
    let matches = crate::systems::double_swiss::matches::looks_like_matches(t);
    let mut fide: Vec<SystemId> = SystemId::INDIVIDUAL
        .iter()
        .copied()
        .filter(|s| !s.is_fmjd() && (*s == SystemId::DoubleSwiss2026) == matches)
        .collect();
    // In the order `--help` lists them (the enum's), so that systems that tie are listed as
    // editions of one family together: dubov-2018 between dubov-2025 and dubov-1997.
    fide.sort();
    if t.is_team_tournament() {
        let codes = team_codes(t);
        return [SystemId::Team2025, SystemId::Team2024]
            .into_iter()
            .flat_map(|system| codes.iter().map(move |code| (system, false, None, Some(code.clone()), false)))
            .collect();
    }
    if crate::systems::is_draughts(t) {
        let mut out = Vec::new();
        for system in [SystemId::FmjdRating, SystemId::FmjdSolkoff, SystemId::KndbSolkoff] {
            for colour_preference in ColourPreference::ALL {
                for floats in [true, false] {
                    for acceleration in AccelerationMethod::ALL {
                        let options = DraughtsOptions {
                            floats: Some(floats),
                            colour_preference: Some(colour_preference),
                            acceleration: Some(acceleration),
                            bye_points: t.draughts_options.bye_points,
                        };
                        out.push((system, false, Some(options), None, false));
                    }
                }
            }
        }
        out
    } else {
        let accelerations = if t.accelerations.is_empty() { vec![false, true] } else { vec![false] };
        let maxi = |s: SystemId| if s == SystemId::Lim2026 { vec![false, true] } else { vec![false] };
        fide.into_iter()
            .flat_map(|s| {
                let accelerations = &accelerations;
                maxi(s)
                    .into_iter()
                    .flat_map(move |maxi| accelerations.iter().map(move |&baku| (s, baku, None, None, maxi)))
            })
            .collect()
    }
}

fn describe(baku: bool, draughts: Option<&DraughtsOptions>, maxi: bool) -> Option<String> {
    if let Some(d) = draughts {
        let mut parts = Vec::new();
        if let Some(c) = d.colour_preference {
            parts.push(format!("colour-preference {c}"));
        }
        if let Some(f) = d.floats {
            parts.push(format!("floats {}", if f { "on" } else { "off" }));
        }
        if let Some(a) = d.acceleration {
            parts.push(format!("acceleration {a}"));
        }
        return Some(parts.join(", "));
    }
    let parts: Vec<&str> = [(baku, "Baku acceleration"), (maxi, "Maxi-tournament rules (--lim-maxi)")]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Every candidate, with the rounds its pairing matches, on up to `jobs` threads; the best first
/// (most rounds matching), ties in the order of [`candidates`].
pub fn identify(t: &Tournament, jobs: usize) -> Vec<Candidate> {
    let list = candidates(t);
    let rounds = t.rounds_paired();
    let mut found: Vec<Candidate> = Vec::with_capacity(list.len());
    crate::audit::map_in_order(
        &list,
        jobs,
        |_| u64::from(rounds),
        |(system, baku, draughts, team, maxi)| {
            let (system, baku, draughts, maxi) = (*system, *baku, *draughts, *maxi);
            if let Some((code, read)) = team {
                return team_candidate(t, system, code, read, rounds);
            }
            let mut variant = t.clone();
            variant.header.baku_acceleration_flag = baku;
            if baku {
                variant.header.system_code = None;
            } else if variant.header.system_code.as_deref().is_some_and(|c| c.to_ascii_uppercase().ends_with("_BAKU")) {
                // The code's `_BAKU` declares the acceleration; this candidate is without it.
                variant.header.system_code = None;
            }
            let system_of = crate::systems::of(system);
            // As the system reads the file: with the FMJD options or the Maxi-tournament rules
            // tried, or a Double-Swiss file match by match.
            let flags = OrganiserFlags { draughts: draughts.unwrap_or_default(), lim_maxi: maxi };
            if let std::borrow::Cow::Owned(read) = system_of.read(&variant, &flags) {
                variant = read;
            }
            let rounds = variant.rounds_paired();
            let mut candidate = Candidate {
                system,
                option: describe(baku, draughts.as_ref(), maxi),
                matching: Vec::new(),
                differing: Vec::new(),
                not_checked: Vec::new(),
                baku,
                draughts,
                maxi,
                team_code: None,
            };
            let recorded = system_of.recorded(&variant);
            for round in 1..=rounds {
                candidate.record(round, round_status(&variant, round, recorded.as_ref()));
            }
            candidate
        },
        |_, candidate| found.push(candidate),
    );
    found.sort_by_key(|c| std::cmp::Reverse(c.matching.len()));
    found
}

/// A team system under the options of `code`: the file with that `192` code, checked round by
/// round as `check` does.
fn team_candidate(t: &Tournament, system: SystemId, code: &str, read: &TeamSystemCode, rounds: u32) -> Candidate {
    let mut variant = t.clone();
    variant.header.system_code = Some(code.to_owned());
    let mut candidate = Candidate {
        system,
        option: Some(code.to_owned()),
        matching: Vec::new(),
        differing: Vec::new(),
        not_checked: Vec::new(),
        baku: read.baku,
        draughts: None,
        maxi: false,
        team_code: Some(read.clone()),
    };
    let recorded = crate::systems::of(system).recorded(&variant);
    for round in 1..=rounds {
        candidate.record(round, round_status(&variant, round, recorded.as_ref()));
    }
    candidate
}

/// "every pair of the 10 players met once" when the record is a round robin (single or double).
pub fn round_robin(t: &Tournament) -> Option<String> {
    let rounds = t.rounds_paired();
    let mut meetings: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
    let mut players = std::collections::BTreeSet::new();
    for player in &t.players {
        for round in 1..=rounds {
            if let Some(seat) = recorded_seat(t, player.id, round)
                && seat.opponent != player.id
            {
                players.insert(player.id);
                if player.id < seat.opponent {
                    *meetings.entry((player.id, seat.opponent)).or_default() += 1;
                }
            }
        }
    }
    let n = players.len();
    if n < 4 {
        return None;
    }
    let pairs = n * (n - 1) / 2;
    let times = *meetings.values().next()?;
    (meetings.len() == pairs && meetings.values().all(|&m| m == times) && times <= 2).then(|| {
        let how = if times == 1 { "once" } else { "twice" };
        format!(
            "a {}round robin: every pair of the {n} players met {how} — a Swiss system does not pair it",
            if times == 2 { "double " } else { "" }
        )
    })
}

/// True when the player numbers follow the final standings (points never rise with the number,
/// and not every score is the same): the file may be numbered by final rank.
fn numbered_by_final_rank(t: &Tournament) -> bool {
    let rounds = t.rounds_paired();
    let mut players: Vec<_> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    let totals: Vec<crate::model::Points> =
        players.iter().map(|p| (1..=rounds).map(|r| t.round_points(p, r)).sum()).collect();
    totals.len() >= 4 && totals.windows(2).all(|w| w[0] >= w[1]) && totals.first() != totals.last()
}

/// The tournament with its players numbered in `order` (the first gets 1), every opponent renamed
/// alike; the records that name players by number (accelerations, forbidden pairs, byes asked for)
/// are left out, which round 1 does not need.
fn renumbered(t: &Tournament, order: &[PlayerId]) -> Tournament {
    let new_id: BTreeMap<PlayerId, PlayerId> =
        order.iter().enumerate().map(|(i, &id)| (id, i as PlayerId + 1)).collect();
    let mut out = t.clone();
    out.accelerations.clear();
    out.forbidden_pairs.clear();
    out.requested_byes.clear();
    out.pair_by_rank = false;
    for player in &mut out.players {
        player.id = new_id[&player.id];
        for entry in &mut player.rounds {
            if let Some(opponent) = entry.opponent {
                entry.opponent = new_id.get(&opponent).copied().or(Some(opponent));
            }
        }
    }
    out.players.sort_by_key(|p| p.id);
    out
}

/// Round 1 under `system` with the players numbered by rating (highest first, ties by number):
/// `true` when it matches the record.
fn round_one_matches_by_rating(t: &Tournament, system: SystemId) -> bool {
    if t.players.iter().all(|p| p.rating.is_none()) || t.rounds_paired() == 0 {
        return false;
    }
    let mut order: Vec<(Option<u32>, PlayerId)> = t.players.iter().map(|p| (p.rating, p.id)).collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let ids: Vec<PlayerId> = order.into_iter().map(|(_, id)| id).collect();
    let identity: Vec<PlayerId> = {
        let mut v: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
        v.sort_unstable();
        v
    };
    if ids == identity {
        return false;
    }
    let renumbered = renumbered(t, &ids);
    round_status(&renumbered, 1, crate::systems::of(system).recorded(&renumbered).as_ref()) == RoundStatus::Match
}

/// `check` of one file as the command line and `serve` run it: the rounds ([`verify::check_read`],
/// which starts no further round once `cancel` is set), then, unless cancelled by then, the hints
/// ([`add_hints`]).
pub fn check_with_hints(
    path: &std::path::Path,
    read: Result<crate::formats::Loaded, crate::formats::ReadError>,
    options: &CheckOptions,
    observe: &(dyn Fn(verify::Progress) + Sync),
    cancel: &std::sync::atomic::AtomicBool,
) -> (Inspected, CheckReport) {
    let (inspected, mut report) = verify::check_read(path, read, options, observe, cancel);
    // The hints check every candidate system on every round: not begun once the time is up.
    if !cancel.load(std::sync::atomic::Ordering::Relaxed) {
        add_hints(&mut report, &inspected, options);
    }
    (inspected, report)
}

/// Fills in `report.hints` when most of the rounds compared differ (two at least): what the data
/// suggests instead ([`hints`]), for the tournament as it was checked (under an FMJD system, with
/// the option flags over the file's; under Lim, with `--lim-maxi`), on `options.jobs` threads. It runs every candidate on every
/// round, as many checks again as there are candidates, so `check` asks for it after
/// [`verify::check_path`] and `watch` does not.
pub fn add_hints(report: &mut CheckReport, inspected: &Inspected, options: &CheckOptions) {
    let differing = report.summary.mismatched_rounds.len() as u32;
    if report.summary.rounds_checked < 2 || 2 * differing <= report.summary.rounds_checked {
        return;
    }
    let Some(tournament) = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()) else { return };
    let Some(system) = report.system() else { return };
    let checked = crate::systems::of(system).read(tournament, &options.organiser);
    let round_one_differs = report.summary.mismatched_rounds.first() == Some(&1);
    let jobs = verify::threads(options.jobs);
    report.hints = hints(&checked, system, round_one_differs, jobs);
}

/// What the data suggests for a file checked under `system` whose rounds mostly differ: the
/// candidates under which more rounds match, a round robin, numbers that are not the pairing order.
pub fn hints(t: &Tournament, system: SystemId, round_one_differs: bool, jobs: usize) -> Vec<String> {
    let mut hints = Vec::new();
    // A team file's hints are about its teams: the player-level ones (a round robin of players,
    // players numbered by rank or rating) do not apply.
    let team = t.is_team_tournament();
    if let Some(robin) = round_robin(t).filter(|_| !team) {
        hints.push(robin);
    }
    // A Double-Swiss file comes here read match by match; no other system pairs matches, and
    // `identify` tries the Double-Swiss on a file's columns, so there is no other candidate.
    let found = if system == SystemId::DoubleSwiss2026 { Vec::new() } else { identify(t, jobs) };
    let declared = found.iter().find(|c| c.is_declared(t, system)).map_or(0, |c| c.matching.len());
    let checked = |c: &Candidate| c.matching.len() + c.differing.len();
    // Another candidate is worth naming when it matches more rounds than the system checked, and
    // at least half of those it checks.
    if let Some(best) = found.first().filter(|c| c.matching.len() > declared && 2 * c.matching.len() >= checked(c)) {
        let others: Vec<String> = found
            .iter()
            .skip(1)
            .filter(|c| c.matching.len() == best.matching.len())
            .take(3)
            .map(Candidate::label)
            .collect();
        let also = if others.is_empty() { String::new() } else { format!(" (also under {})", others.join(", ")) };
        let text = if best.differing.is_empty() {
            match best.matching.len() {
                1 => format!("the 1 checked round matches under {}{also}", best.label()),
                n => format!("all {n} checked rounds match under {}{also}", best.label()),
            }
        } else {
            format!(
                "{} of {} round{} {} under {} ({}){also}, against {declared} under {system}",
                best.matching.len(),
                checked(best),
                if checked(best) == 1 { "" } else { "s" },
                if best.matching.len() == 1 { "matches" } else { "match" },
                best.label(),
                crate::report::rounds_text(&best.matching)
            )
        };
        hints.push(text);
    }
    // A crosstable known to be numbered by final place says so in its rounds' reasons already.
    if !team && t.numbering != crate::model::Numbering::FinalPlaces && numbered_by_final_rank(t) {
        hints.push(
            "the player numbers follow the final standings (points never rise with the number): the file looks \
             numbered by final rank, not in the pairing order, which every round's pairing rests on"
                .to_owned(),
        );
    }
    if !team && round_one_differs && round_one_matches_by_rating(t, system) {
        hints.push(format!(
            "round 1 matches under {system} when the players are numbered by rating: the file's numbers are not \
             the order the record was paired in"
        ));
    }
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, Player, ResultCode, RoundEntry};

    /// Four players, three rounds, every pair once: 1–2 3–4, 1–3 2–4, 1–4 2–3.
    fn round_robin_of_four() -> Tournament {
        let mut t = Tournament::default();
        let schedule: [[(PlayerId, Colour); 3]; 4] = [
            [(2, Colour::White), (3, Colour::Black), (4, Colour::White)],
            [(1, Colour::Black), (4, Colour::White), (3, Colour::Black)],
            [(4, Colour::White), (1, Colour::White), (2, Colour::White)],
            [(3, Colour::Black), (2, Colour::Black), (1, Colour::Black)],
        ];
        for (i, games) in schedule.iter().enumerate() {
            let rounds = games.iter().map(|&(o, c)| RoundEntry::game(o, c, ResultCode::Draw)).collect();
            t.players.push(Player { id: i as PlayerId + 1, name: format!("P{i}"), rounds, ..Player::default() });
        }
        t
    }

    #[test]
    fn a_round_robin_is_recognised() {
        let t = round_robin_of_four();
        assert!(round_robin(&t).is_some_and(|h| h.contains("every pair of the 4 players met once")));
        let mut partial = t.clone();
        for p in &mut partial.players {
            p.rounds.truncate(2);
        }
        assert_eq!(round_robin(&partial), None);
    }

    #[test]
    fn renumbering_renames_opponents_alike() {
        let t = round_robin_of_four();
        let r = renumbered(&t, &[4, 3, 2, 1]);
        let first = r.player(1).unwrap();
        assert_eq!(first.name, "P3");
        assert_eq!(first.round(1).opponent, Some(2), "old 4 met old 3 in round 1");
    }
}
