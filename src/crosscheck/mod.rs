//! `trfcheck crosscheck`: another pairing program tested as FIDE's endorsement tests one
//! (docs/crosscheck.md). trfcheck's random tournament generator draws the players, the absences and
//! the results; the program pairs every round (the tournament so far written as TRF to `{in}`, its
//! pairing read from `{out}` in the JaVaFo layout); trfcheck then checks every round the program
//! paired, as `check` would, and counts the rounds that differ, with its explanation, and the
//! program's failures (a crash, a time-out, an unreadable or illegal pairing), which end that
//! tournament.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::generate::{GenerateError, GenerateOptions, generate_with};
use crate::model::{OrganiserFlags, Tournament, VerbatimRecord};
use crate::report::{CheckReport, RoundStatus};
use crate::state::RoundState;
use crate::systems::SystemId;
use crate::systems::pairing::{Board, RoundPairing};
use crate::systems::system::UsedOption;
use crate::systems::team::reference::{Pairing as TeamPairing, Round as TeamRound};
use crate::verify::{self, CheckOptions};

pub mod html;
mod program;
mod shrink;

use program::{pair_externally, quoted, run_program};

pub use shrink::{Shrink, Shrunk};

/// What to run.
#[derive(Clone, Debug)]
pub struct CrosscheckOptions {
    pub system: SystemId,
    /// The program's command line (run by the shell): with `{in}` and `{out}` for the files when
    /// it pairs, with `{out}` and `{seed}` when it generates.
    pub engine: String,
    /// What the program does: pair every round of trfcheck's tournaments, or generate whole
    /// tournaments that trfcheck checks.
    pub direction: Direction,
    pub tournaments: u32,
    pub seed: u64,
    /// Players and rounds of each tournament, drawn in these ranges (inclusive).
    pub players: (u32, u32),
    pub rounds: (u32, u32),
    /// The longest a call of the program may take.
    pub timeout: Duration,
    /// Where the tournaments with a difference or a failure are written, if anywhere.
    pub save: Option<PathBuf>,
    /// How each tournament is drawn (its players, rounds and seed aside), and the organiser's
    /// options it is generated and checked with (the Lim system's Maxi-tournament, 3.2.3, 3.8, 5.7;
    /// FMJD's, which the generated file's `XDO` record carries).
    pub draw: GenerateOptions,
    /// The time shrinking one difference may take; `None`: differences are not shrunk.
    pub shrink_time: Option<Duration>,
    /// Tournaments run at once.
    pub jobs: usize,
    /// This run's part of the tournaments: those whose number N has N − 1 ≡ K − 1 (mod M).
    pub shard: Option<Shard>,
}

/// What the program under test does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// It pairs every round of the tournaments trfcheck's generator draws (`--engine`).
    #[default]
    Pairs,
    /// It generates whole tournaments, paired by itself, which trfcheck checks (`--generator`).
    Generates,
}

/// Part K of M of the tournaments (`--shard K/M`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether tournament `index` (0-based) is in this part.
    pub fn takes(self, index: u32) -> bool {
        index % self.count == self.index - 1
    }
}

impl CrosscheckOptions {
    /// The organiser's options the generator and the check take from the command line.
    fn flags(&self) -> OrganiserFlags {
        self.draw.organiser
    }

    /// The options of tournament `seed` as `generate` takes them.
    pub fn generate_options(&self, players: u32, rounds: u32, seed: u64) -> GenerateOptions {
        GenerateOptions { system: self.system, players, rounds, seed, ..self.draw.clone() }
    }
}

/// Why the program gave no pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "detail", rename_all = "kebab-case")]
pub enum EngineFailure {
    /// It could not be started.
    NotStarted(String),
    /// It exited with a failure status (and this end of its standard error).
    Crashed(String),
    TimedOut,
    /// Its output is not a pairing in the JaVaFo layout.
    Unreadable(String),
    /// Its pairing leaves out a player, pairs one twice or one not to pair.
    Illegal(String),
    /// It generated no tournament trfcheck can check (no file, not a tournament, no round).
    NoTournament(String),
}

impl EngineFailure {
    /// The failure's kind as the JSON report names it (`kind`).
    pub fn kind(&self) -> &'static str {
        match self {
            EngineFailure::NotStarted(_) => "not-started",
            EngineFailure::Crashed(_) => "crashed",
            EngineFailure::TimedOut => "timed-out",
            EngineFailure::Unreadable(_) => "unreadable",
            EngineFailure::Illegal(_) => "illegal",
            EngineFailure::NoTournament(_) => "no-tournament",
        }
    }
}

impl std::fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFailure::NotStarted(why) => write!(f, "could not be started: {why}"),
            EngineFailure::Crashed(why) => write!(f, "failed: {why}"),
            EngineFailure::TimedOut => write!(f, "took longer than the time limit"),
            EngineFailure::Unreadable(why) => write!(f, "printed no pairing: {why}"),
            EngineFailure::Illegal(why) => write!(f, "printed a pairing that is not one of the round's players: {why}"),
            EngineFailure::NoTournament(why) => write!(f, "wrote no tournament trfcheck can check: {why}"),
        }
    }
}

/// One round the program paired otherwise than the rules.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Difference {
    pub tournament: u32,
    pub seed: u64,
    pub round: u32,
    pub severity: Option<String>,
    /// trfcheck's explanation of the round.
    pub explanation: Option<String>,
    /// The file written with `--save`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// With `--save`, the program's input for this round (the rounds before it, and the round's
    /// absences), on which it can be run again alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The smallest tournament found that still shows the difference (the first differing round
    /// of a tournament is shrunk).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shrunk: Option<Shrink>,
}

impl Difference {
    /// Tournament `index` (0-based) with `seed`: its round as trfcheck's check reports it, saved
    /// as `file`.
    fn of(index: u32, seed: u64, round: &crate::report::RoundReport, file: Option<String>) -> Difference {
        Difference {
            tournament: index + 1,
            seed,
            round: round.round,
            severity: round.severity.map(|s| s.to_string()),
            explanation: round.explanation.clone(),
            file,
            input: None,
            shrunk: None,
        }
    }
}

/// A tournament the program stopped.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Failure {
    pub tournament: u32,
    pub seed: u64,
    /// The round the program failed to pair; 0 when it failed to generate the tournament.
    pub round: u32,
    pub failure: EngineFailure,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The figures FIDE's endorsement form asks for, and each difference and failure.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Summary {
    pub schema: u32,
    pub system: String,
    /// The program's command line, and what it does.
    pub engine: String,
    #[serde(default)]
    pub direction: Direction,
    /// The organiser's options the checks used, from the command line (the Lim system's
    /// Maxi-tournament); FMJD's are in the `XDO` record every generated file carries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<UsedOption>,
    /// Tournaments run (with `--shard`, this part's), and the first tournament's seed.
    pub tournaments: u32,
    pub seed: u64,
    /// The ranges the players and rounds of each tournament were drawn in, and the rest of the
    /// options of trfcheck's generator, as `generate` takes them (`None` when the program
    /// generates).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranges: Option<Ranges>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtg_options: Option<String>,
    /// With `--shard K/M`: K, M, and the tournaments of all the parts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardOf>,
    /// Least, most and mean over the tournaments.
    pub players: (u32, u32, f64),
    pub rounds: (u32, u32, f64),
    /// The players and rounds summed over the tournaments (a merge's means come from them).
    pub players_sum: u64,
    pub rounds_sum: u64,
    /// Rounds the program paired.
    pub rounds_paired: u64,
    pub rounds_differing: u64,
    /// Rounds that differ per 500 tournaments, as the endorsement counts them.
    pub differences_per_500: f64,
    pub engine_failures: u64,
    /// Seconds spent in the program, in trfcheck (generating and checking), and in shrinking the
    /// differences (the program's runs and trfcheck's checks), each summed over the tournaments;
    /// and the run's wall time (summed over the parts of a merge).
    pub engine_seconds: f64,
    pub trfcheck_seconds: f64,
    pub shrink_seconds: f64,
    pub wall_seconds: f64,
    pub differences: Vec<Difference>,
    pub failures: Vec<Failure>,
    /// Rounds the program gave no pairing of where the rules allow none either: each ends its
    /// tournament, and counts neither as a difference nor as a failure.
    #[serde(default)]
    pub unpairable: Vec<Unpairable>,
}

/// A round neither the program nor the rules could pair.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Unpairable {
    pub tournament: u32,
    pub seed: u64,
    pub round: u32,
}

/// The ranges tournaments are drawn in (`--players`, `--rounds`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranges {
    pub players: (u32, u32),
    pub rounds: (u32, u32),
}

/// A part's place among the parts of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardOf {
    pub index: u32,
    pub count: u32,
    /// The tournaments of all the parts (`--tournaments`).
    pub of: u32,
}

/// One tournament's share of the figures.
struct Ran {
    players: u32,
    rounds: u32,
    rounds_paired: u64,
    engine: Duration,
    trfcheck: Duration,
    shrinking: Duration,
    differences: Vec<Difference>,
    failures: Vec<Failure>,
    unpairable: Vec<Unpairable>,
}

/// Tournaments run at once by default: one more than the cores. A job runs trfcheck or the
/// program, never both at once, and each hand-over between them (the program started, its end
/// noticed) leaves a core idle for a moment, which the extra job fills (docs/crosscheck.md,
/// "Figures").
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from) + 1
}

/// Runs the cross-check, `options.jobs` tournaments at once; `progress` is told how many
/// tournaments are done.
pub fn run(options: &CrosscheckOptions, progress: &(dyn Fn(u32) + Sync)) -> std::io::Result<Summary> {
    let started = Instant::now();
    let indices: Vec<u32> = (0..options.tournaments).filter(|&i| options.shard.is_none_or(|s| s.takes(i))).collect();
    let jobs = options.jobs.clamp(1, indices.len().max(1));
    let works: Vec<tempfile::TempDir> = (0..jobs).map(|_| tempfile::tempdir()).collect::<Result<_, _>>()?;
    let results: Vec<Mutex<Option<std::io::Result<Ran>>>> = indices.iter().map(|_| Mutex::new(None)).collect();
    let (next, done, failed) = (AtomicUsize::new(0), AtomicU32::new(0), AtomicBool::new(false));
    std::thread::scope(|scope| {
        for work in &works {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= indices.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let ran = match options.direction {
                        Direction::Pairs => run_one(options, indices[k], work.path()),
                        Direction::Generates => run_generated(options, indices[k], work.path()),
                    };
                    failed.fetch_or(ran.is_err(), Ordering::Relaxed);
                    if let Ok(mut slot) = results[k].lock() {
                        *slot = Some(ran);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut summary = Summary {
        schema: crate::report::SCHEMA,
        system: options.system.id().to_owned(),
        engine: options.engine.clone(),
        direction: options.direction,
        options: if options.system.is_fmjd() {
            Vec::new()
        } else {
            crate::systems::of(options.system)
                .used_options(&Tournament::default(), &options.flags())
                .unwrap_or_default()
        },
        seed: options.seed,
        ranges: (options.direction == Direction::Pairs)
            .then_some(Ranges { players: options.players, rounds: options.rounds }),
        rtg_options: (options.direction == Direction::Pairs).then(|| options.draw.draw_flags().trim().to_owned()),
        shard: options.shard.map(|s| ShardOf { index: s.index, count: s.count, of: options.tournaments }),
        ..Summary::default()
    };
    let (mut least, mut most) = ((u32::MAX, u32::MAX), (0, 0));
    for slot in results {
        let ran = match slot.into_inner().ok().flatten() {
            Some(ran) => ran?,
            // Not run: another tournament's error stopped the run, and is returned below.
            None => continue,
        };
        summary.tournaments += 1;
        (least.0, most.0) = (least.0.min(ran.players), most.0.max(ran.players));
        (least.1, most.1) = (least.1.min(ran.rounds), most.1.max(ran.rounds));
        summary.players_sum += u64::from(ran.players);
        summary.rounds_sum += u64::from(ran.rounds);
        summary.rounds_paired += ran.rounds_paired;
        summary.engine_seconds += ran.engine.as_secs_f64();
        summary.trfcheck_seconds += ran.trfcheck.as_secs_f64();
        summary.shrink_seconds += ran.shrinking.as_secs_f64();
        summary.differences.extend(ran.differences);
        summary.failures.extend(ran.failures);
        summary.unpairable.extend(ran.unpairable);
    }
    if summary.tournaments > 0 {
        summary.players = (least.0, most.0, 0.0);
        summary.rounds = (least.1, most.1, 0.0);
    }
    summary.wall_seconds = started.elapsed().as_secs_f64();
    summary.finish();
    Ok(summary)
}

impl Summary {
    /// Whether the run is under a team system, whose tournaments are drawn in teams
    /// (`players_sum` and `players` count them).
    pub fn team_system(&self) -> bool {
        SystemId::from_id(&self.system).is_some_and(SystemId::is_team)
    }

    /// The figures computed from the sums and lists: means, counts, rates, rounded times.
    fn finish(&mut self) {
        let mean = |sum: u64| {
            if self.tournaments == 0 { 0.0 } else { (sum as f64 / f64::from(self.tournaments) * 10.0).round() / 10.0 }
        };
        (self.players.2, self.rounds.2) = (mean(self.players_sum), mean(self.rounds_sum));
        self.rounds_differing = self.differences.len() as u64;
        self.engine_failures = self.failures.len() as u64;
        self.differences_per_500 = if self.tournaments == 0 {
            0.0
        } else {
            (self.rounds_differing as f64 * 500.0 / f64::from(self.tournaments) * 100.0).round() / 100.0
        };
        let hundredths = |seconds: f64| (seconds * 100.0).round() / 100.0;
        self.engine_seconds = hundredths(self.engine_seconds);
        self.trfcheck_seconds = hundredths(self.trfcheck_seconds);
        self.shrink_seconds = hundredths(self.shrink_seconds);
        self.wall_seconds = hundredths(self.wall_seconds);
    }
}

/// One tournament: generated, paired round by round by the program, checked, and its first
/// differing round shrunk.
fn run_one(options: &CrosscheckOptions, index: u32, work: &Path) -> std::io::Result<Ran> {
    let started = Instant::now();
    let seed = options.seed.wrapping_add(u64::from(index));
    let mut draw = ChaCha8Rng::seed_from_u64(seed);
    let players = draw.random_range(options.players.0..=options.players.1);
    let rounds = draw.random_range(options.rounds.0..=options.rounds.1);
    let generate = options.generate_options(players, rounds, seed);
    // What the saved files are: the generator's comment would say `generate` paired them.
    let origin = vec![VerbatimRecord {
        text: format!(
            "### trfcheck crosscheck: tournament {} (seed {seed}), the players, absences and results drawn as `{}` \
             draws them, every round paired by the program",
            index + 1,
            generate.command_line()
        ),
    }];
    let mut last = Tournament::default();
    let mut failure: Option<(u32, EngineFailure)> = None;
    let mut engine = Duration::ZERO;
    let columns = crate::systems::of(options.system).columns_per_round();
    let result = {
        let mut external = |t: &Tournament, round: u32| -> Result<RoundPairing, GenerateError> {
            last = round_input(t, round, columns);
            last.verbatim.clone_from(&origin);
            let called = Instant::now();
            let paired = pair_externally(&options.engine, &last, work, options.timeout);
            engine += called.elapsed();
            paired.map_err(|why| {
                failure = Some((round, why));
                GenerateError::GaveUp { system: options.system, round, reason: "the program gave no pairing".into() }
            })
        };
        if options.system.is_team() {
            crate::generate::team::generate_with(&generate, &mut |t: &Tournament, _: &TeamRound, round: u32| {
                external(t, round).and_then(|paired| team_pairing(paired, options.system, round))
            })
        } else {
            generate_with(&generate, &mut |t: &Tournament, _: &RoundState, round: u32| external(t, round))
        }
    };
    let mut ran = Ran {
        players,
        rounds,
        rounds_paired: 0,
        engine,
        trfcheck: Duration::ZERO,
        shrinking: Duration::ZERO,
        differences: Vec::new(),
        failures: Vec::new(),
        unpairable: Vec::new(),
    };
    let (tournament, paired_rounds) = match (result, failure) {
        (Ok(t), _) => (Tournament { verbatim: origin, ..t }, rounds),
        // The program gave no pairing where the rules allow none either (C.04.1's absolute
        // criteria leave no pairing, as in a small event of many rounds): the two agree, and the
        // tournament ends there.
        (Err(_), Some((round, EngineFailure::Crashed(_) | EngineFailure::Unreadable(_))))
            if no_valid_pairing(options, &last, round) =>
        {
            ran.unpairable.push(Unpairable { tournament: index + 1, seed, round });
            (last, round - 1)
        }
        (Err(_), Some((round, why))) => {
            let file = save(options, index, seed, &last)?;
            ran.failures.push(Failure { tournament: index + 1, seed, round, failure: why, file });
            (last, round - 1)
        }
        // A pairing that leaves out a player of the round, pairs one twice or one not to
        // pair: `generate_with` refuses it.
        (Err(GenerateError::EngineFault { round, problem, .. }), None) => {
            let file = save(options, index, seed, &last)?;
            let why = EngineFailure::Illegal(problem);
            ran.failures.push(Failure { tournament: index + 1, seed, round, failure: why, file });
            (last, round - 1)
        }
        (Err(error), None) => return Err(std::io::Error::other(error.to_string())),
    };
    ran.rounds_paired = u64::from(paired_rounds);
    if paired_rounds > 0 {
        let report = check(&tournament, options, paired_rounds);
        let differing: Vec<_> = report
            .rounds
            .iter()
            .filter(|r| matches!(r.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing))
            .collect();
        if !differing.is_empty() {
            let file = save(options, index, seed, &tournament)?;
            for (n, round) in differing.into_iter().enumerate() {
                let input = save_input(options, index, seed, &tournament, round.round, columns)?;
                ran.trfcheck = started.elapsed() - ran.engine - ran.shrinking;
                let shrunk = match options.shrink_time {
                    // The first differing round: later ones often follow from it. A team
                    // tournament is not shrunk: taking out a team or a board is not taking out a
                    // player (docs/crosscheck.md, "Team systems").
                    Some(time) if n == 0 && !options.system.is_team() => {
                        let shrinking = Instant::now();
                        let shrunk =
                            shrink::shrink(options, work, &tournament, round.round, round.severity, columns, time);
                        let shrunk = match shrunk {
                            Some(found) => save_shrunk(options, index, seed, round.round, found)?,
                            None => Shrink::NotReproduced,
                        };
                        ran.shrinking += shrinking.elapsed();
                        Some(shrunk)
                    }
                    _ => None,
                };
                ran.differences.push(Difference { input, shrunk, ..Difference::of(index, seed, round, file.clone()) });
            }
        }
    }
    ran.trfcheck = started.elapsed().saturating_sub(ran.engine + ran.shrinking);
    Ok(ran)
}

/// One tournament the program generated (`{out}`, from `{seed}`), checked round by round.
fn run_generated(options: &CrosscheckOptions, index: u32, work: &Path) -> std::io::Result<Ran> {
    let started = Instant::now();
    let seed = options.seed.wrapping_add(u64::from(index));
    let output = work.join("generated.trf");
    let _ = std::fs::remove_file(&output);
    let called = Instant::now();
    let fill = [("{out}", quoted(&output)), ("{seed}", seed.to_string())];
    let ran_program = run_program(&options.engine, &fill, work, options.timeout);
    let mut ran = Ran {
        players: 0,
        rounds: 0,
        rounds_paired: 0,
        engine: called.elapsed(),
        trfcheck: Duration::ZERO,
        shrinking: Duration::ZERO,
        differences: Vec::new(),
        failures: Vec::new(),
        unpairable: Vec::new(),
    };
    let name = format!("tournament-{}-seed-{seed}.trf", index + 1);
    let bytes = ran_program.and_then(|()| {
        std::fs::read(&output).map_err(|e| EngineFailure::NoTournament(format!("{}: {e}", output.display())))
    });
    let failed = |ran: &mut Ran, failure: EngineFailure, file: Option<String>| {
        ran.failures.push(Failure { tournament: index + 1, seed, round: 0, failure, file });
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(failure) => {
            failed(&mut ran, failure, None);
            ran.trfcheck = started.elapsed().saturating_sub(ran.engine);
            return Ok(ran);
        }
    };
    let check = CheckOptions {
        system: Some(options.system.into()),
        organiser: options.flags(),
        jobs: Some(1),
        no_standings: true,
        ..CheckOptions::default()
    };
    let (_, report) = verify::check_bytes(Path::new(&name), &bytes, &check);
    if let Some(event) = &report.event {
        (ran.players, ran.rounds) = (u32::try_from(event.players).unwrap_or(u32::MAX), event.rounds);
    }
    let checked: Vec<_> = report.rounds.iter().filter(|r| r.status != RoundStatus::NotChecked).collect();
    let differing: Vec<_> =
        checked.iter().filter(|r| matches!(r.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing)).collect();
    ran.rounds_paired = checked.len() as u64;
    let keep = |bytes: &[u8]| -> std::io::Result<Option<String>> {
        let Some(folder) = &options.save else { return Ok(None) };
        std::fs::create_dir_all(folder)?;
        let path = folder.join(&name);
        std::fs::write(&path, bytes)?;
        Ok(Some(path.display().to_string()))
    };
    if let Some(error) = &report.error {
        let file = keep(&bytes)?;
        failed(&mut ran, EngineFailure::NoTournament(error.clone()), file);
    } else if checked.is_empty() {
        let file = keep(&bytes)?;
        failed(&mut ran, EngineFailure::NoTournament("no round to check".into()), file);
    } else if !differing.is_empty() {
        let file = keep(&bytes)?;
        for round in differing {
            ran.differences.push(Difference::of(index, seed, round, file.clone()));
        }
    }
    ran.trfcheck = started.elapsed().saturating_sub(ran.engine);
    Ok(ran)
}

/// The matches of a team round from the JaVaFo layout with team numbers (the first team named
/// plays White on board 1, as `trfcheck pair` writes a team round); the bye as `team 0`.
fn team_pairing(paired: RoundPairing, system: SystemId, round: u32) -> Result<TeamPairing, GenerateError> {
    let mut pairing = TeamPairing::default();
    for board in paired.boards {
        match board.black {
            Some(black) => pairing.matches.push((board.white, black)),
            None if pairing.bye.is_none() => pairing.bye = Some(board.white),
            None => {
                let problem = "it gives two teams the pairing-allocated bye".to_owned();
                return Err(GenerateError::EngineFault { system, round, problem });
            }
        }
    }
    Ok(pairing)
}

/// Whether the rules leave no pairing of `round` of the program's input for it.
fn no_valid_pairing(options: &CrosscheckOptions, input: &Tournament, round: u32) -> bool {
    if options.system.is_team() {
        let pairing = verify::pair_next_with(input, Some(options.system.into()), &options.flags());
        return matches!(pairing, Err(verify::PairError::NoValidPairing { .. }));
    }
    let Some(engine) = crate::systems::of(options.system).engine() else { return false };
    let view = crate::systems::of(options.system).read(input, &options.flags());
    let state = RoundState::build(&view, round, crate::state::Participation::NextRound);
    matches!(engine.pair(&state), Err(crate::systems::PairFailure::NoValidPairing))
}

/// Writes the smallest tournament found with `--save`: `tournament-N-seed-S-round-R-shrunk.trf`,
/// the program's input, and `…-shrunk-paired.trf`, with the program's pairing of its last round.
fn save_shrunk(
    options: &CrosscheckOptions,
    index: u32,
    seed: u64,
    round: u32,
    found: shrink::Found,
) -> std::io::Result<Shrink> {
    let mut summary = found.summary;
    let stem = format!("tournament-{}-seed-{seed}-round-{round}-shrunk", index + 1);
    summary.file = save_as(options, &format!("{stem}.trf"), &found.input)?;
    summary.paired_file = save_as(options, &format!("{stem}-paired.trf"), &found.paired)?;
    Ok(Shrink::Shrunk(summary))
}

/// Joins the reports of the parts of one run (`--shard K/M`, each part once) into the report of
/// the whole run. Every part must come from the same command with another K; a part missing or
/// given twice, or a report of another run, is refused with the file that shows it.
pub fn merge(parts: Vec<(String, Summary)>) -> Result<Summary, String> {
    let Some((first_file, first)) = parts.first() else { return Err("no report to merge".into()) };
    let Some(shard) = first.shard else {
        return Err(format!("{first_file}: not the report of a part (`crosscheck --shard K/M`)"));
    };
    let same_run = |s: &Summary| {
        (
            &s.system,
            &s.engine,
            s.direction,
            &s.options,
            &s.rtg_options,
            s.seed,
            s.ranges,
            s.shard.map(|p| (p.count, p.of)),
        ) == (
            &first.system,
            &first.engine,
            first.direction,
            &first.options,
            &first.rtg_options,
            first.seed,
            first.ranges,
            Some((shard.count, shard.of)),
        )
    };
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    let mut merged = Summary {
        schema: first.schema,
        system: first.system.clone(),
        engine: first.engine.clone(),
        direction: first.direction,
        options: first.options.clone(),
        seed: first.seed,
        ranges: first.ranges,
        rtg_options: first.rtg_options.clone(),
        ..Summary::default()
    };
    let (mut least, mut most) = ((u32::MAX, u32::MAX), (0, 0));
    for (file, part) in &parts {
        let Some(this) = part.shard.filter(|_| same_run(part)) else {
            return Err(format!(
                "{file}: not a part of the same run as {first_file} (system, program, seed, ranges, generator and \
                 organiser's options and --shard …/{} must be the same)",
                shard.count
            ));
        };
        if let Some(other) = seen.insert(this.index, file) {
            return Err(format!("part {}/{} is given twice: {other} and {file}", this.index, this.count));
        }
        let expected = (0..shard.of).filter(|&i| Shard { index: this.index, count: this.count }.takes(i)).count();
        if part.tournaments as usize != expected {
            return Err(format!(
                "{file}: part {}/{} holds {} tournaments, not the {expected} of its seeds",
                this.index, this.count, part.tournaments
            ));
        }
        if part.tournaments > 0 {
            (least.0, most.0) = (least.0.min(part.players.0), most.0.max(part.players.1));
            (least.1, most.1) = (least.1.min(part.rounds.0), most.1.max(part.rounds.1));
        }
        merged.tournaments += part.tournaments;
        merged.players_sum += part.players_sum;
        merged.rounds_sum += part.rounds_sum;
        merged.rounds_paired += part.rounds_paired;
        merged.engine_seconds += part.engine_seconds;
        merged.trfcheck_seconds += part.trfcheck_seconds;
        merged.shrink_seconds += part.shrink_seconds;
        merged.wall_seconds += part.wall_seconds;
        merged.differences.extend(part.differences.iter().cloned());
        merged.failures.extend(part.failures.iter().cloned());
        merged.unpairable.extend(part.unpairable.iter().cloned());
    }
    let missing: Vec<String> = (1..=shard.count).filter(|k| !seen.contains_key(k)).map(|k| k.to_string()).collect();
    if !missing.is_empty() {
        return Err(format!("parts missing (of {}): {}", shard.count, missing.join(", ")));
    }
    if merged.tournaments > 0 {
        merged.players = (least.0, most.0, 0.0);
        merged.rounds = (least.1, most.1, 0.0);
    }
    merged.differences.sort_by_key(|d| (d.tournament, d.round));
    merged.failures.sort_by_key(|f| f.tournament);
    merged.unpairable.sort_by_key(|u| u.tournament);
    merged.finish();
    Ok(merged)
}

/// The rounds 1 to `rounds` of a tournament checked as `check --system` (with `--lim-maxi`)
/// checks them.
fn check(t: &Tournament, crosscheck: &CrosscheckOptions, rounds: u32) -> CheckReport {
    let (text, _) = crate::formats::trf::write(t);
    let options = CheckOptions {
        system: Some(crosscheck.system.into()),
        organiser: crosscheck.flags(),
        rounds: Some(crate::verify::RoundRange { first: 1, last: Some(rounds) }),
        jobs: Some(1),
        // The rounds are what the program is tested on; the ranks are the generator's.
        no_standings: true,
        ..CheckOptions::default()
    };
    verify::check_bytes(Path::new("crosscheck.trf"), text.as_bytes(), &options).1
}

/// Writes a tournament to the `--save` folder: `tournament-N-seed-S.trf`.
fn save(options: &CrosscheckOptions, index: u32, seed: u64, t: &Tournament) -> std::io::Result<Option<String>> {
    save_as(options, &format!("tournament-{}-seed-{seed}.trf", index + 1), t)
}

/// Writes the program's input for `round` to the `--save` folder, `tournament-N-seed-S-round-R.trf`.
fn save_input(
    options: &CrosscheckOptions,
    index: u32,
    seed: u64,
    t: &Tournament,
    round: u32,
    columns: usize,
) -> std::io::Result<Option<String>> {
    if options.save.is_none() {
        return Ok(None);
    }
    save_as(
        options,
        &format!("tournament-{}-seed-{seed}-round-{round}.trf", index + 1),
        &round_input(t, round, columns),
    )
}

fn save_as(options: &CrosscheckOptions, name: &str, t: &Tournament) -> std::io::Result<Option<String>> {
    let Some(folder) = &options.save else { return Ok(None) };
    std::fs::create_dir_all(folder)?;
    let path = folder.join(name);
    let (text, _) = crate::formats::trf::write(t);
    std::fs::write(&path, text)?;
    Ok(Some(path.display().to_string()))
}

/// The program's input for `round` (of `columns` round columns each): the rounds before it, and in
/// it only the absences marked before it was paired (an entry without an opponent other than the
/// PAB); no column after it (the generator marks a withdrawal in every later round at once, which a
/// program reads as rounds already played: bbpPairings then pairs the round after the last column),
/// and the ranks of the moment, not those of the finished event, nor its points
/// ([`with_standings_so_far`]).
fn round_input(t: &Tournament, round: u32, columns: usize) -> Tournament {
    let mut input = t.clone();
    let first = (round as usize - 1) * columns;
    for player in &mut input.players {
        player.rounds.truncate(round as usize * columns);
        for entry in player.rounds.iter_mut().skip(first) {
            let marker = matches!(
                entry.kind(),
                crate::model::EntryKind::Bye(kind) if kind != crate::model::ByeKind::PairingAllocated
            );
            if !marker {
                *entry = crate::model::RoundEntry::BLANK;
            }
        }
    }
    with_standings_so_far(&mut input);
    input
}

/// Gives each player of a program's input the rank of the moment, by the points of the results
/// so far (equal points share a rank): a program may read it (py4swiss refuses a player without
/// one). The points are left to the writer, which writes those of the results, the byes marked in
/// the round to pair included (as JaVaFo's TRF(x) writes the round to pair, and as `check` reads a
/// Points column), so that they stay true when the round is entered (the shrunk paired file).
pub(super) fn with_standings_so_far(input: &mut Tournament) {
    let points: Vec<crate::model::Points> = input.players.iter().map(|p| input.score_from_results(p)).collect();
    for (player, mine) in input.players.iter_mut().zip(&points) {
        player.points = None;
        player.rank = Some(1 + points.iter().filter(|other| *other > mine).count() as u32);
    }
}

/// The JaVaFo/bbpPairings layout: the number of pairs, then `white black` per board, the
/// pairing-allocated bye as `player 0`.
pub fn read_javafo(text: &str) -> Result<RoundPairing, String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines
        .next()
        .ok_or("the output is empty")?
        .parse()
        .map_err(|_| "the first line is not the number of pairs".to_owned())?;
    let mut boards = Vec::with_capacity(count);
    for (n, line) in lines.enumerate() {
        let numbers: Vec<u32> = line
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("line {}: `{line}` is not two pairing numbers", n + 2)))
            .collect::<Result<_, _>>()?;
        match numbers[..] {
            [white, 0] if white > 0 => boards.push(Board::bye(white)),
            [white, black] if white > 0 && black > 0 => boards.push(Board::game(white, black)),
            _ => return Err(format!("line {}: `{line}` is not two pairing numbers", n + 2)),
        }
    }
    if boards.len() != count {
        return Err(format!("{count} pairs announced, {} printed", boards.len()));
    }
    Ok(RoundPairing { boards })
}

/// The summary as text.
pub fn write_text(out: &mut dyn Write, s: &Summary) -> std::io::Result<()> {
    match s.direction {
        Direction::Pairs => writeln!(out, "crosscheck of `{}` under {}", s.engine, s.system)?,
        Direction::Generates => {
            writeln!(out, "crosscheck of the tournaments `{}` generated, under {}", s.engine, s.system)?
        }
    }
    if !s.options.is_empty() {
        writeln!(out, "options: {}", crate::systems::system::describe_options(&s.options))?;
    }
    let part = s.shard.map(|p| format!(", part {}/{} of {}", p.index, p.count, p.of)).unwrap_or_default();
    writeln!(
        out,
        "tournaments: {} (seeds {}–{}{part}); {} {}–{} (mean {:.1}); rounds {}–{} (mean {:.1})",
        s.tournaments,
        s.seed,
        s.seed + u64::from(s.shard.map_or(s.tournaments, |p| p.of).saturating_sub(1)),
        if s.team_system() { "teams" } else { "players" },
        s.players.0,
        s.players.1,
        s.players.2,
        s.rounds.0,
        s.rounds.1,
        s.rounds.2
    )?;
    writeln!(
        out,
        "rounds {} by the program: {}; differing: {} ({} per 500 tournaments); program failures: {}",
        match s.direction {
            Direction::Pairs => "paired",
            Direction::Generates => "generated",
        },
        s.rounds_paired,
        s.rounds_differing,
        s.differences_per_500,
        s.engine_failures
    )?;
    let shrinking =
        if s.shrink_seconds > 0.0 { format!(", shrinking {:.2} s", s.shrink_seconds) } else { String::new() };
    writeln!(
        out,
        "time: the program {:.2} s, trfcheck {:.2} s{shrinking}; {:.2} s wall",
        s.engine_seconds, s.trfcheck_seconds, s.wall_seconds
    )?;
    for d in &s.differences {
        let severity = d.severity.as_deref().map(|s| format!("{s}: ")).unwrap_or_default();
        writeln!(
            out,
            "tournament {} (seed {}), round {}: {severity}{}",
            d.tournament,
            d.seed,
            d.round,
            d.explanation.as_deref().unwrap_or("differs")
        )?;
        if let Some(file) = &d.file {
            writeln!(out, "  saved: {file}")?;
        }
        if let Some(input) = &d.input {
            writeln!(out, "  the program's input for the round: {input}")?;
        }
        match &d.shrunk {
            Some(Shrink::Shrunk(shrunk)) => write_shrunk(out, shrunk, s)?,
            Some(Shrink::NotReproduced) => writeln!(
                out,
                "  not shrunk: run again on the round's input alone, the program paired it as the rules do"
            )?,
            None => {}
        }
    }
    for u in &s.unpairable {
        writeln!(
            out,
            "tournament {} (seed {}), round {}: no pairing satisfies the absolute criteria, and the program gave \
             none: the tournament ends there",
            u.tournament, u.seed, u.round
        )?;
    }
    for f in &s.failures {
        // Round 0: the program's generated tournament as a whole.
        let round = if f.round == 0 { String::new() } else { format!(", round {}", f.round) };
        writeln!(out, "tournament {} (seed {}){round}: the program {}", f.tournament, f.seed, f.failure)?;
        if let Some(file) = &f.file {
            writeln!(out, "  saved: {file}")?;
        }
    }
    Ok(())
}

/// A difference's smallest reproducer, and the commands that show it.
fn write_shrunk(out: &mut dyn Write, shrunk: &Shrunk, s: &Summary) -> std::io::Result<()> {
    writeln!(
        out,
        "  shrunk to {} players, {} rounds before round {} ({} games); {} runs of the program, {:.2} s{}",
        shrunk.players,
        shrunk.rounds_before,
        shrunk.round,
        shrunk.games,
        shrunk.runs,
        shrunk.seconds,
        if shrunk.finished { "" } else { " (stopped by --shrink-time)" }
    )?;
    let severity = shrunk.severity.as_deref().map(|s| format!("{s}: ")).unwrap_or_default();
    writeln!(out, "    there: {severity}{}", shrunk.explanation.as_deref().unwrap_or("differs"))?;
    if let (Some(file), Some(paired), Some((pair_again, see_why))) =
        (&shrunk.file, &shrunk.paired_file, reproducer_commands(shrunk, s))
    {
        writeln!(out, "    the program's input: {file}")?;
        writeln!(out, "      pair it again: {pair_again}")?;
        writeln!(out, "    with the program's pairing: {paired}")?;
        writeln!(out, "      see why: {see_why}")?;
    }
    Ok(())
}

/// The commands that show a saved reproducer again: the program's command line on its input, and
/// `check` on it with the program's pairing. `None` when `--save` wrote no files.
fn reproducer_commands(shrunk: &Shrunk, s: &Summary) -> Option<(String, String)> {
    let (file, paired) = (shrunk.file.as_ref()?, shrunk.paired_file.as_ref()?);
    let pair_again = s.engine.replace("{in}", &quoted(Path::new(file))).replace("{out}", "pairing.txt");
    let see_why = format!("trfcheck check --system {} {}", s.system, quoted(Path::new(paired)));
    Some((pair_again, see_why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_javafo_layout_is_read_and_anything_else_refused() {
        let pairing = read_javafo("3\n1 2\n4 3\n5 0\n").unwrap();
        assert_eq!(pairing.boards, [Board::game(1, 2), Board::game(4, 3), Board::bye(5)]);
        assert!(read_javafo("").is_err());
        assert!(read_javafo("2\n1 2\n").unwrap_err().contains("2 pairs announced, 1 printed"));
        assert!(read_javafo("1\n1 x\n").is_err());
        assert!(read_javafo("1\n0 3\n").is_err());
    }

    /// The program's input for a round carries the ranks of the moment and the points of the
    /// results, not those the file stated for the finished event. The four-player sample after
    /// its two rounds (points 2.0, 0.5, 1.0, 0.5; stated ranks 1, 3, 2, 4), with player 4 asking
    /// for a half-point bye in round 3 (`0000 - H`, marked before the round is paired): the input
    /// for round 3 has points 2.0, 0.5, 1.0 and 1.0 (the bye counted, as JaVaFo writes the round to
    /// pair), so ranks 1, 4, 2, 2 (equal points share a rank).
    #[test]
    fn a_round_s_input_has_the_points_and_ranks_of_the_moment() {
        use crate::formats::source::{Encoding, SourceText};
        let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/trf-samples/dutch-4p-2r.trf"))
            .unwrap()
            .replace("142 2", "142 3")
            .replace("3 b 0", "3 b 0  0000 - H");
        let (t, diagnostics) = crate::formats::trf::read(&SourceText::new(sample, Encoding::Utf8));
        assert!(!diagnostics.has_errors(), "{diagnostics:?}");
        let input = round_input(&t, 3, 1);
        let ranks: Vec<Option<u32>> = input.players.iter().map(|p| p.rank).collect();
        assert_eq!(ranks, [Some(1), Some(4), Some(2), Some(2)]);
        let (text, _) = crate::formats::trf::write(&input);
        let written: Vec<(&str, &str)> =
            text.lines().filter(|l| l.starts_with("001")).map(|l| (l[80..84].trim(), l[85..89].trim())).collect();
        assert_eq!(written, [("2.0", "1"), ("0.5", "4"), ("1.0", "2"), ("1.0", "2")]);
    }
}
