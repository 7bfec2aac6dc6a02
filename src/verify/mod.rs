//! The verifier: for every round, rebuild the state from the rounds before it, pair the round
//! under the declared system, and compare with the record.
//!
//! The pairing engines come with the systems (`crate::systems`). Until an engine exists for a
//! system, `check` says so for every round (`not-checked`, exit 4) — never a verdict it did not
//! compute.

pub mod ahead;
pub mod memory;
pub mod reuse;
pub mod round;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::diagnostics::Diagnostics;
use crate::exit::Status;
use crate::formats::{self, Loaded, ReadError, ReadOptions};
use crate::report::{CheckReport, RoundReport, RoundStatus, ValidationReport};
use crate::systems::{self, SystemId};
use crate::validate;

/// Which rounds to check: `3`, `3-5`, `3-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRange {
    pub first: u32,
    pub last: Option<u32>,
}

impl RoundRange {
    pub fn contains(&self, round: u32) -> bool {
        round >= self.first && self.last.is_none_or(|last| round <= last)
    }
}

impl std::fmt::Display for RoundRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.last {
            Some(last) if last == self.first => write!(f, "{}", self.first),
            Some(last) => write!(f, "{}-{last}", self.first),
            None => write!(f, "{}-", self.first),
        }
    }
}

impl std::str::FromStr for RoundRange {
    type Err = String;
    fn from_str(text: &str) -> Result<RoundRange, String> {
        let number = |t: &str| t.trim().parse::<u32>().ok().filter(|&n| n > 0);
        let bad = || format!("`{text}` is not a round range; expected N, N-M or N- (rounds count from 1)");
        let range = match text.split_once('-') {
            None => {
                let n = number(text).ok_or_else(bad)?;
                RoundRange { first: n, last: Some(n) }
            }
            Some((first, "")) => RoundRange { first: number(first).ok_or_else(bad)?, last: None },
            Some((first, last)) => {
                RoundRange { first: number(first).ok_or_else(bad)?, last: Some(number(last).ok_or_else(bad)?) }
            }
        };
        if range.last.is_some_and(|last| last < range.first) {
            return Err(bad());
        }
        Ok(range)
    }
}

/// The threads a `--jobs` value asks for: the value, or one per core when it is not given (one
/// when the cores cannot be counted).
pub fn threads(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions {
    pub system: Option<crate::systems::SystemChoice>,
    pub rounds: Option<RoundRange>,
    pub read: ReadOptions,
    /// Rounds checked at once (each round is paired independently); `None`: one per core.
    pub jobs: Option<usize>,
    /// Leave out the standings: the FMJD systems' final standings and the check of a chess file's
    /// stated ranks.
    pub no_standings: bool,
    /// The rule for unplayed rounds in the FMJD tie-breaks, over the file's `XDT` record.
    pub unplayed: Option<crate::model::UnplayedRule>,
    /// The organiser's options given as flags: FMJD's over the file's `XDO` record, and the Lim
    /// system's Maxi-tournament.
    pub organiser: crate::model::OrganiserFlags,
    /// The mildest severity of a differing round that makes the file's status 1 (`--fail-on`);
    /// the default, `order`, makes any differing round count.
    pub fail_on: crate::systems::Severity,
    /// Only differing rounds decide the status (`--fail-on` names a pairing severity): a stated
    /// rank the tie-breaks do not give is reported, and the status stays a pass.
    pub pairings_only: bool,
}

/// Reported while a file's rounds are checked: rounds done out of the rounds to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// A file read and validated: the findings of both, and what was loaded.
pub struct Inspected {
    pub loaded: Option<Loaded>,
    pub diagnostics: Diagnostics,
    /// Why the file could not be read at all.
    pub read_error: Option<String>,
}

/// How outputs name standard input, the file argument `-` (docs/output.md, "`-` reads standard
/// input").
pub const STDIN_NAME: &str = "<stdin>";

/// True for the file argument `-`: standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How outputs name a file argument: `<stdin>` for `-`, else the path as given.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) { STDIN_NAME.to_owned() } else { path.display().to_string() }
}

/// Reads a file argument: a file from disk, or for `-` standard input to its end (at most
/// `--max-file-size` bytes, as a file: a pipe says no size, so the limit is kept while reading).
pub fn read_input(path: &Path, options: ReadOptions) -> Result<Loaded, ReadError> {
    if !is_stdin(path) {
        return formats::read_path(path, options);
    }
    use std::io::Read;
    let name = Path::new(STDIN_NAME);
    let limit = options.max_file_size.bytes();
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| ReadError::Io { path: name.to_owned(), source })?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { path: name.to_owned(), limit: options.max_file_size });
    }
    Ok(formats::read_bytes(name, &bytes, options))
}

/// Reads a file (or standard input, for `-`) and runs the cross-checks.
pub fn inspect(path: &Path, options: ReadOptions) -> Inspected {
    inspect_read(read_input(path, options), options)
}

/// [`inspect`] for bytes already in memory (the fuzz targets'); `path` only names them.
pub fn inspect_bytes(path: &Path, bytes: &[u8], options: ReadOptions) -> Inspected {
    inspect_read(Ok(formats::read_bytes(path, bytes, options)), options)
}

/// Runs the cross-checks on a file read already (or on the error reading it).
pub fn inspect_read(read: Result<Loaded, ReadError>, options: ReadOptions) -> Inspected {
    match read {
        Err(error) => Inspected { loaded: None, diagnostics: Diagnostics::new(), read_error: Some(error.to_string()) },
        Ok(mut loaded) => {
            let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
            // Cross-checks run even after reading errors: one bad record must not hide the
            // findings about the others (records that had errors are left out of them).
            if let Some(tournament) = &loaded.tournament {
                let mut found = validate::validate(tournament);
                // And what the declared system asks of the file (declared as `check` resolves it,
                // without `--system`).
                if let Ok(resolved) = systems::resolve(tournament, None) {
                    found.extend(systems::of(resolved.system).validate(tournament));
                }
                if options.lenient {
                    found.make_lenient();
                }
                diagnostics.extend(found);
            }
            diagnostics.sort_by_line();
            Inspected { loaded: Some(loaded), diagnostics, read_error: None }
        }
    }
}

/// `trfcheck validate` for one file.
pub fn validate_path(path: &Path, options: ReadOptions) -> (Inspected, ValidationReport) {
    validate_read(path, read_input(path, options), options)
}

/// `trfcheck validate` for a file read already (or the error reading it).
pub fn validate_read(
    path: &Path,
    read: Result<Loaded, ReadError>,
    options: ReadOptions,
) -> (Inspected, ValidationReport) {
    let inspected = inspect_read(read, options);
    let tournament = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref());
    let errors = inspected.diagnostics.error_count();
    let status = if inspected.read_error.is_some() {
        Status::Io
    } else if errors > 0 || tournament.is_none() {
        Status::Invalid
    } else {
        Status::Ok
    };
    let report = ValidationReport {
        schema: crate::report::SCHEMA,
        file: display_name(path),
        valid: status == Status::Ok,
        format: tournament.and_then(|t| t.origin.format),
        encoding: inspected.loaded.as_ref().map(|l| l.source.encoding),
        players: tournament.map_or(0, |t| t.players.len()),
        rounds_paired: tournament.map_or(0, |t| t.rounds_paired()),
        event: tournament.map(crate::report::Event::of),
        round_to_pair: tournament.filter(|t| t.has_round_to_pair_markers()).map(|t| t.round_to_pair()),
        teams: tournament.and_then(crate::validate::teams::team_results).map(|(results, _)| results),
        errors,
        warnings: inspected.diagnostics.warning_count(),
        status,
        error: inspected.read_error.clone(),
        diagnostics: inspected.diagnostics.iter().cloned().collect(),
    };
    (inspected, report)
}

/// `trfcheck check` for one file.
pub fn check_path(path: &Path, options: &CheckOptions) -> (Inspected, CheckReport) {
    check_path_observed(path, options, &|_| {})
}

/// `trfcheck check` for one file, telling `observe` as each round is done (for a progress bar).
pub fn check_path_observed(
    path: &Path,
    options: &CheckOptions,
    observe: &(dyn Fn(Progress) + Sync),
) -> (Inspected, CheckReport) {
    let never = AtomicBool::new(false);
    check_read(Path::new(&display_name(path)), read_input(path, options.read), options, observe, &never)
}

/// `trfcheck check` for bytes already in memory (the fuzz targets'); `path` only names them.
pub fn check_bytes(path: &Path, bytes: &[u8], options: &CheckOptions) -> (Inspected, CheckReport) {
    let never = AtomicBool::new(false);
    check_read(path, Ok(formats::read_bytes(path, bytes, options.read)), options, &|_| {}, &never)
}

/// `trfcheck check` for a file read already (`watch` reads it itself, to skip what is not a
/// regular file and to tell an unchanged file). Once `cancel` is set, no further round is started
/// and the rounds left are reported `not-checked`: the caller that cancels drops the report.
pub fn check_read(
    path: &Path,
    read: Result<Loaded, ReadError>,
    options: &CheckOptions,
    observe: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> (Inspected, CheckReport) {
    check_read_reusing(path, read, options, observe, cancel, &|_, _, _| None, None)
}

/// A round's verdict from an earlier check, when the caller has one whose inputs are those of
/// this round (`watch` keys them with [`reuse::round_input_key`]): called once for each round to
/// check, with the tournament as the engine sees it and the system; `Some` keeps that verdict and
/// the round is not checked again.
pub type Reuse<'a> = dyn Fn(&crate::model::Tournament, SystemId, u32) -> Option<RoundReport> + Sync + 'a;

/// [`check_read`], keeping the verdicts `reuse` gives instead of checking those rounds again, and
/// taking the pairing `ahead` made of a round when that round's state is the one it was made from
/// ([`ahead`]).
pub fn check_read_reusing(
    path: &Path,
    read: Result<Loaded, ReadError>,
    options: &CheckOptions,
    observe: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
    reuse: &Reuse,
    ahead: Option<&ahead::PairedAhead>,
) -> (Inspected, CheckReport) {
    let inspected = inspect_read(read, options.read);
    let mut report = CheckReport::new(path.display().to_string());
    report.diagnostics = inspected.diagnostics.iter().cloned().collect();
    if let Some(error) = &inspected.read_error {
        report.status = Status::Io;
        report.error = Some(error.clone());
        return (inspected, report);
    }
    let Some(tournament) = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()) else {
        report.status = Status::Invalid;
        report.error = Some("not a tournament file trfcheck reads".into());
        return (inspected, report);
    };
    report.format = tournament.origin.format;
    report.event = Some(crate::report::Event::of(tournament));
    report.summary.rounds_recorded = tournament.rounds_paired();
    let errors = inspected.diagnostics.error_count();
    if errors > 0 {
        report.status = Status::Invalid;
        report.error = Some(format!(
            "the file is invalid ({errors} error{}); rounds are not checked",
            if errors == 1 { "" } else { "s" }
        ));
        return (inspected, report);
    }
    let resolved = match systems::resolve(tournament, options.system) {
        Ok(resolved) => resolved,
        Err(error) => {
            report.status = Status::System;
            report.error = Some(error.to_string());
            return (inspected, report);
        }
    };
    let system = systems::of(resolved.system);
    report.system_warning = systems::cross_game_warning(tournament, resolved.system);
    report.options = system.used_options(tournament, &options.organiser);
    report.resolved = Some(resolved);
    let effective = system.read(tournament, &options.organiser);
    let tournament = effective.as_ref();
    // A system may read the rounds otherwise (a Double-Swiss round is a match of two columns):
    // the report counts them as the system does.
    report.summary.rounds_recorded = tournament.rounds_paired();
    report.event = Some(crate::report::Event::of(tournament));
    report.players = crate::report::PlayerLabel::of(tournament);
    // A run that checks nothing never reads as a pass: a file without a paired round has a status
    // of its own, and rounds asked for past the last one are a usage error.
    let recorded = tournament.rounds_paired();
    if recorded == 0 {
        report.status = Status::NothingToCheck;
        report.error = Some(format!(
            "nothing to check: the file records no paired round ({} player{})",
            tournament.players.len(),
            if tournament.players.len() == 1 { "" } else { "s" }
        ));
        return (inspected, report);
    }
    if let Some(range) = options.rounds {
        let past = range.last.unwrap_or(range.first);
        if past > recorded {
            report.status = Status::Usage;
            report.error = Some(format!(
                "--rounds {range} asks for round {past}, but the file records {recorded} round{} (1–{recorded})",
                if recorded == 1 { "" } else { "s" }
            ));
            return (inspected, report);
        }
        report.summary.not_requested_rounds = (1..=recorded).filter(|&r| !range.contains(r)).collect();
    }
    let rounds: Vec<u32> =
        (1..=tournament.rounds_paired()).filter(|&r| options.rounds.is_none_or(|range| range.contains(r))).collect();
    report.status = Status::Ok;
    let mut kept = Vec::new();
    let mut to_check = Vec::new();
    for &round in &rounds {
        match reuse(tournament, system.id(), round) {
            Some(report) if report.round == round => kept.push(report),
            _ => to_check.push(round),
        }
    }
    let ahead = ahead.filter(|ahead| ahead.system == system.id());
    let mut outcomes = check_rounds(tournament, &to_check, system, ahead, threads(options.jobs), observe, cancel);
    outcomes.extend(kept);
    record_outcomes(&mut report, outcomes, options.fail_on);
    if !options.no_standings {
        let last = rounds.last().copied().unwrap_or_else(|| tournament.rounds_paired());
        report.standings = fmjd_standings(tournament, system.id(), last, options.unplayed);
        if report.standings.is_none() {
            report.ranks = crate::standings::fide::check::check_ranks(tournament);
        }
        if report.rank_check().is_some_and(|r| r.status == crate::standings::verdict::RankStatus::Mismatch)
            && !options.pairings_only
        {
            report.status = Status::Mismatch;
        }
    }
    // No round could be checked: the system is not supported for this file (exit 4), with the reason.
    if report.summary.rounds_checked == 0 && report.summary.not_checked_rounds.is_empty() {
        report.status = Status::NothingToCheck;
        report.error = Some("nothing to check: no round was checked".into());
    } else if report.summary.rounds_checked == 0 {
        report.status = Status::System;
        let reason = report.rounds.iter().find_map(|r| r.reason.clone()).unwrap_or_default();
        report.error = Some(format!("no round can be checked: {reason}"));
    }
    (inspected, report)
}

/// Adds the rounds' verdicts to `report`, in round order, with the summary's counts; a round
/// that differs with a severity of at least `fail_on` makes the status a mismatch.
fn record_outcomes(report: &mut CheckReport, mut outcomes: Vec<RoundReport>, fail_on: crate::systems::Severity) {
    outcomes.sort_by_key(|outcome| outcome.round);
    for outcome in outcomes {
        match outcome.status {
            RoundStatus::NotChecked => report.summary.not_checked_rounds.push(outcome.round),
            RoundStatus::Match => report.summary.rounds_checked += 1,
            RoundStatus::Mismatch | RoundStatus::NoValidPairing => {
                report.summary.rounds_checked += 1;
                report.summary.mismatched_rounds.push(outcome.round);
                let severity = outcome.severity.unwrap_or(crate::systems::Severity::Absolute);
                report.summary.rounds_by_severity.entry(severity).or_default().push(outcome.round);
                report.worst_severity = report.worst_severity.max(Some(severity));
                if severity >= fail_on {
                    report.status = Status::Mismatch;
                }
            }
        }
        report.rounds.push(outcome);
    }
}

/// The final standings after round `last` when the system is one of FMJD's (section 5), under the
/// rule for unplayed rounds given on the command line, else the file's `XDT`, else the default.
pub fn fmjd_standings(
    tournament: &crate::model::Tournament,
    system: SystemId,
    last: u32,
    unplayed: Option<crate::model::UnplayedRule>,
) -> Option<crate::standings::Standings> {
    use crate::systems::fmjd::Variant;
    let variant = match system {
        SystemId::FmjdRating => Variant::Rating,
        SystemId::FmjdSolkoff => Variant::FmjdSolkoff,
        SystemId::KndbSolkoff => Variant::KndbSolkoff,
        _ => return None,
    };
    if last == 0 {
        return None;
    }
    let (rule, source) = match (unplayed, tournament.unplayed_rule) {
        (Some(rule), _) => (rule, "--solkoff-unplayed"),
        (None, Some(rule)) => (rule, "XDT"),
        (None, None) => (crate::model::UnplayedRule::default(), "default"),
    };
    Some(crate::standings::standings(tournament, last, variant, rule, source))
}

/// A guess at what checking `round` costs, to start the dearest rounds first: a Swiss round is
/// paired bracket by bracket, and a bracket's matchings cost about the square of its size, so the
/// guess is the sum of the squares of the groups of equal score among the players the round
/// pairs. Early rounds, with few and large scoregroups, come first (in a 3,000-player Dutch event
/// rounds 2 to 6 cost 3 to 6 times as much as the last ones); a round with more players, as with
/// late entries, also comes earlier.
fn round_cost(groups: &[u64]) -> u64 {
    groups.iter().map(|count| count * count).sum()
}

/// Checks the rounds on up to `jobs` threads: every round is paired from the record of the rounds
/// before it, so rounds are independent. The dearest rounds start first ([`round_cost`]), which
/// keeps the threads busy to the end, and a round starts only when its estimated memory fits
/// beside the rounds in flight ([`memory::RoundGate`], shared by every check of the process).
/// Reports come back in round order. Once `cancel` is set the rounds not yet started are not
/// checked (a round under way runs to its end).
fn check_rounds(
    tournament: &crate::model::Tournament,
    rounds: &[u32],
    system: &dyn systems::System,
    ahead: Option<&ahead::PairedAhead>,
    jobs: usize,
    observe: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Vec<RoundReport> {
    use std::sync::Mutex;
    use std::sync::atomic::AtomicUsize;
    let total = rounds.len();
    let groups = memory::scoregroups_of_rounds(tournament, rounds);
    let mut order: Vec<usize> = (0..total).rev().collect();
    if jobs > 1 {
        order.sort_by_key(|&index| std::cmp::Reverse((round_cost(&groups[index]), rounds[index])));
    }
    let pending: Mutex<Vec<(usize, u64)>> =
        Mutex::new(order.iter().map(|&index| (index, memory::round_estimate(&groups[index]))).collect());
    let gate = memory::RoundGate::global();
    let recorded = system.recorded(tournament);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<RoundReport>>> = Mutex::new(vec![None; total]);
    let work = || {
        while let Some(permit) = gate.take(&pending, cancel) {
            let index = permit.index;
            let _span = tracing::info_span!("round", round = rounds[index]).entered();
            tracing::debug!(estimated_bytes = permit.bytes(), "starting");
            let outcome = round::check_recorded_round(rounds[index], system, recorded.as_ref(), ahead);
            drop(permit);
            tracing::debug!(status = ?outcome.status, "checked");
            if let Ok(mut results) = results.lock() {
                results[index] = Some(outcome);
            }
            observe(Progress { done: done.fetch_add(1, Ordering::Relaxed) + 1, total });
        }
    };
    let threads = jobs.clamp(1, total.max(1));
    if threads == 1 {
        work();
    } else {
        // This thread takes a share too: one thread fewer, and its heap (where the file was
        // read) serves a round instead of idling.
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
    }
    let results = results.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    let missing =
        if cancel.load(Ordering::Relaxed) { "the check was cancelled" } else { "the round's check did not finish" };
    results
        .into_iter()
        .zip(rounds)
        .map(|(outcome, &round)| outcome.unwrap_or_else(|| RoundReport::not_checked(round, missing.into())))
        .collect()
}

/// Why the next round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    #[error("{0}")]
    System(#[from] systems::SystemError),
    #[error("no pairing engine supports {0} yet, so round {1} cannot be paired")]
    Unsupported(SystemId, u32),
    #[error("round {round} has no pairing that satisfies the absolute criteria of {system} (the arbiter decides)")]
    NoValidPairing { system: SystemId, round: u32 },
    /// The engine stopped without deciding (a search limit): no pairing, and no proof there is none.
    #[error("round {round} could not be paired under {system}: {reason}")]
    GaveUp { system: SystemId, round: u32, reason: String },
    #[error("no player takes part in round {0}")]
    NobodyToPair(u32),
    #[error("the tournament has {0} rounds (142/XXR) and all are paired; there is no round to pair")]
    Finished(u32),
}

/// The pairing of the round after the last paired one (`trfcheck pair`).
pub struct NextRound {
    pub round: u32,
    pub resolved: systems::Resolved,
    pub pairing: crate::systems::pairing::RoundPairing,
}

/// Pairs the round to pair: the players without a marker (`0000 - Z/H/F`, 240, XXZ) in it, or for
/// a team system the teams with a player present and no bye (240).
pub fn pair_next(
    tournament: &crate::model::Tournament,
    system: Option<systems::SystemChoice>,
) -> Result<NextRound, PairError> {
    pair_next_with(tournament, system, &crate::model::OrganiserFlags::default())
}

/// [`pair_next`] with the organiser's options given as flags (FMJD's over the file's `XDO`; the
/// Lim system's Maxi-tournament).
pub fn pair_next_with(
    tournament: &crate::model::Tournament,
    system: Option<systems::SystemChoice>,
    flags: &crate::model::OrganiserFlags,
) -> Result<NextRound, PairError> {
    with_next_round(tournament, system, flags, |resolved, _, next| {
        let (system, round) = (resolved.system, next.round());
        let pairing = next.pair().map_err(|failure| match failure {
            systems::PairFailure::NoValidPairing => PairError::NoValidPairing { system, round },
            systems::PairFailure::GaveUp(reason) => PairError::GaveUp { system, round, reason },
        })?;
        Ok(NextRound { round, resolved: resolved.clone(), pairing })
    })?
}

/// Calls `work` with the round after the last paired one, ready to pair (`pair`, and `watch`'s
/// pairing ahead): the system, the tournament as the system reads it (with the organiser's
/// flags), and the round with who takes part in it.
pub(crate) fn with_next_round<R>(
    tournament: &crate::model::Tournament,
    system: Option<systems::SystemChoice>,
    flags: &crate::model::OrganiserFlags,
    work: impl FnOnce(&systems::Resolved, &crate::model::Tournament, &mut dyn systems::round::RoundToPair) -> R,
) -> Result<R, PairError> {
    let resolved = systems::resolve(tournament, system)?;
    let system = systems::of(resolved.system);
    let effective = system.read(tournament, flags);
    let round = effective.round_to_pair();
    if let Some(rounds) = effective.header.rounds.filter(|&rounds| round > rounds) {
        return Err(PairError::Finished(rounds));
    }
    let mut next = system.next_round(&effective, round).ok_or(PairError::Unsupported(resolved.system, round))?;
    if next.is_empty() {
        return Err(PairError::NobodyToPair(round));
    }
    Ok(work(&resolved, &effective, next.as_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_ranges() {
        assert_eq!("3".parse(), Ok(RoundRange { first: 3, last: Some(3) }));
        assert_eq!("3-5".parse(), Ok(RoundRange { first: 3, last: Some(5) }));
        assert_eq!("3-".parse(), Ok(RoundRange { first: 3, last: None }));
        assert!("0".parse::<RoundRange>().is_err());
        assert!("5-3".parse::<RoundRange>().is_err());
        assert!("x".parse::<RoundRange>().is_err());
    }

    /// Cancelled after its first round (one thread; the last round goes first), a check starts
    /// no other round and says so for each.
    #[test]
    fn a_cancelled_check_starts_no_further_round() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples/dutch-4p-2r.trf");
        let options = CheckOptions { jobs: Some(1), ..CheckOptions::default() };
        let cancel = AtomicBool::new(false);
        let observe = |_: Progress| cancel.store(true, Ordering::Relaxed);
        let (_, report) = check_read(&path, formats::read_path(&path, options.read), &options, &observe, &cancel);
        let statuses: Vec<(u32, RoundStatus)> = report.rounds.iter().map(|r| (r.round, r.status)).collect();
        assert_eq!(statuses, [(1, RoundStatus::NotChecked), (2, RoundStatus::Match)]);
        assert_eq!(report.rounds[0].reason.as_deref(), Some("the check was cancelled"));
        assert_eq!(report.summary.not_checked_rounds, [1]);
    }

    /// The guess that orders the rounds on several threads: in a Swiss event the early rounds,
    /// with few large scoregroups, cost more than the late ones.
    #[test]
    fn early_rounds_of_a_swiss_event_are_guessed_dearer() {
        let options = crate::generate::GenerateOptions::new(crate::systems::SystemId::Dutch2025, 40, 7, 1);
        let t = crate::generate::generate(&options).unwrap();
        // Round 1: everyone on zero, one group of 40.
        assert_eq!(round_cost(&memory::scoregroups(&t, 1)), 1600);
        let costs: Vec<u64> = (1..=7).map(|round| round_cost(&memory::scoregroups(&t, round))).collect();
        assert!(costs.windows(2).take(3).all(|pair| pair[0] > pair[1]), "{costs:?}");
        assert!(costs[1] > 2 * costs[6], "{costs:?}");
    }

    /// The scoregroups the memory guess reads for several rounds at once are those of each
    /// round's state (the players it pairs, by their score before it), in the order asked.
    #[test]
    fn scoregroups_of_rounds_are_those_of_each_rounds_state() {
        use crate::state::{Participation, RoundState};
        let options = crate::generate::GenerateOptions::new(crate::systems::SystemId::Dutch2025, 37, 9, 4);
        let t = crate::generate::generate(&options).unwrap();
        let rounds = [3, 1, 9, 5, 8];
        let together = memory::scoregroups_of_rounds(&t, &rounds);
        for (&round, groups) in rounds.iter().zip(&together) {
            let state = RoundState::build(&t, round, Participation::Recorded);
            let mut scores: Vec<_> = state.players.iter().map(|c| c.score).collect();
            scores.sort_by(|a, b| b.cmp(a));
            let sizes: Vec<u64> = scores.chunk_by(|a, b| a == b).map(|g| g.len() as u64).collect();
            assert_eq!(groups, &sizes, "round {round}");
            assert_eq!(groups, &memory::scoregroups(&t, round), "round {round}");
        }
        assert!(together[2].len() > 3, "{together:?}");
    }

    /// An engine that gives up (a search limit) leaves the round `not-checked`
    /// with its reason, never `no-valid-pairing`.
    #[test]
    fn an_engine_that_gives_up_leaves_the_round_not_checked() {
        struct GivesUp;
        impl crate::systems::Engine for GivesUp {
            fn pair(
                &self,
                _: &crate::state::RoundState,
            ) -> Result<crate::systems::pairing::RoundPairing, crate::systems::PairFailure> {
                Err(crate::systems::PairFailure::GaveUp("search limit reached (5 steps)".into()))
            }
            fn explain(
                &self,
                _: &crate::state::RoundState,
                _: &crate::systems::pairing::RoundPairing,
                _: &crate::systems::pairing::RoundPairing,
            ) -> crate::systems::Explanation {
                unreachable!("a round without a pairing is not explained")
            }
        }
        impl crate::systems::System for GivesUp {
            fn id(&self) -> SystemId {
                SystemId::Dutch2025
            }
            fn engine(&self) -> Option<&dyn crate::systems::Engine> {
                Some(self)
            }
        }
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples/dutch-4p-2r.trf");
        let t = formats::read_path(&path, formats::ReadOptions::default()).unwrap().tournament.unwrap();
        let report = round::check_round(&t, 2, &GivesUp, None);
        assert_eq!(report.status, RoundStatus::NotChecked);
        assert_eq!(report.reason.as_deref(), Some("search limit reached (5 steps)"));
        assert_eq!(report.severity, None);
    }
}
