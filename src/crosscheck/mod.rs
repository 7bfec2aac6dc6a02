//! `trfcheck crosscheck`: another pairing program tested as FIDE's endorsement tests one
//! (docs/crosscheck.md). trfcheck's random tournament generator draws the players, the absences and
//! the results; the program pairs every round (the tournament so far written as TRF to `{in}`, its
//! pairing read from `{out}` in the JaVaFo layout); trfcheck then checks every round the program
//! paired, as `check` would, and counts the rounds that differ, with its explanation, and the
//! program's failures (a crash, a time-out, an unreadable or illegal pairing), which end that
//! tournament.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use crate::generate::{GenerateError, GenerateOptions, generate_with};
use crate::model::{OrganiserFlags, Tournament};
use crate::report::{CheckReport, RoundStatus};
use crate::state::RoundState;
use crate::systems::SystemId;
use crate::systems::pairing::{Board, RoundPairing};
use crate::systems::system::UsedOption;
use crate::verify::{self, CheckOptions};

/// What to run.
#[derive(Clone, Debug)]
pub struct CrosscheckOptions {
    pub system: SystemId,
    /// The program's command line, with `{in}` and `{out}` for the files (run by the shell).
    pub engine: String,
    pub tournaments: u32,
    pub seed: u64,
    /// Players and rounds of each tournament, drawn in these ranges (inclusive).
    pub players: (u32, u32),
    pub rounds: (u32, u32),
    /// The longest a call of the program may take.
    pub timeout: Duration,
    /// Where the tournaments with a difference or a failure are written, if anywhere.
    pub save: Option<PathBuf>,
    /// Lim: the tournaments are Maxi-tournaments (3.2.3, 3.8, 5.7), generated and checked so.
    pub lim_maxi: bool,
}

impl CrosscheckOptions {
    /// The organiser's options the generator and the check take from the command line.
    fn flags(&self) -> OrganiserFlags {
        OrganiserFlags { lim_maxi: self.lim_maxi, ..OrganiserFlags::default() }
    }

    /// The options of tournament `seed` as `generate` takes them.
    pub fn generate_options(&self, players: u32, rounds: u32, seed: u64) -> GenerateOptions {
        GenerateOptions { organiser: self.flags(), ..GenerateOptions::new(self.system, players, rounds, seed) }
    }
}

/// Why the program gave no pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
}

impl std::fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFailure::NotStarted(why) => write!(f, "could not be started: {why}"),
            EngineFailure::Crashed(why) => write!(f, "failed: {why}"),
            EngineFailure::TimedOut => write!(f, "took longer than the time limit"),
            EngineFailure::Unreadable(why) => write!(f, "printed no pairing: {why}"),
            EngineFailure::Illegal(why) => write!(f, "printed a pairing that is not one of the round's players: {why}"),
        }
    }
}

/// One round the program paired otherwise than the rules.
#[derive(Clone, Debug, Serialize)]
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
}

/// A tournament the program stopped.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    pub tournament: u32,
    pub seed: u64,
    pub round: u32,
    pub failure: EngineFailure,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The figures FIDE's endorsement form asks for, and each difference and failure.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub schema: u32,
    pub system: String,
    /// The organiser's options the checks used, from the command line (the Lim system's
    /// Maxi-tournament); FMJD's are in the `XDO` record every generated file carries.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<UsedOption>,
    pub tournaments: u32,
    pub seed: u64,
    /// Least, most and mean over the tournaments.
    pub players: (u32, u32, f64),
    pub rounds: (u32, u32, f64),
    /// Rounds the program paired.
    pub rounds_paired: u64,
    pub rounds_differing: u64,
    /// Rounds that differ per 500 tournaments, as the endorsement counts them.
    pub differences_per_500: f64,
    pub engine_failures: u64,
    /// Seconds spent in the program, and in trfcheck (generating and checking).
    pub engine_seconds: f64,
    pub trfcheck_seconds: f64,
    pub differences: Vec<Difference>,
    pub failures: Vec<Failure>,
}

/// Runs the cross-check; `progress` is told of each tournament done.
pub fn run(options: &CrosscheckOptions, progress: &dyn Fn(u32)) -> std::io::Result<Summary> {
    let work = tempfile::tempdir()?;
    let mut summary = Summary {
        schema: crate::report::SCHEMA,
        system: options.system.id().to_owned(),
        options: if options.system.is_fmjd() {
            Vec::new()
        } else {
            crate::systems::of(options.system)
                .used_options(&Tournament::default(), &options.flags())
                .unwrap_or_default()
        },
        tournaments: options.tournaments,
        seed: options.seed,
        ..Summary::default()
    };
    let (mut players_seen, mut rounds_seen) = (Vec::new(), Vec::new());
    let mut engine_time = Duration::ZERO;
    let started = Instant::now();
    for index in 0..options.tournaments {
        let seed = options.seed.wrapping_add(u64::from(index));
        let mut draw = ChaCha8Rng::seed_from_u64(seed);
        let players = draw.random_range(options.players.0..=options.players.1);
        let rounds = draw.random_range(options.rounds.0..=options.rounds.1);
        let generate = options.generate_options(players, rounds, seed);
        let mut last = Tournament::default();
        let mut failure: Option<(u32, EngineFailure)> = None;
        let columns = crate::systems::of(options.system).columns_per_round();
        let result = generate_with(&generate, &mut |t: &Tournament, _: &RoundState, round: u32| {
            last = round_input(t, round, columns);
            let called = Instant::now();
            let paired = pair_externally(&options.engine, &last, work.path(), options.timeout);
            engine_time += called.elapsed();
            paired.map_err(|why| {
                failure = Some((round, why));
                GenerateError::GaveUp { system: options.system, round, reason: "the program gave no pairing".into() }
            })
        });
        players_seen.push(players);
        rounds_seen.push(rounds);
        let (tournament, paired_rounds) = match (result, failure) {
            (Ok(t), _) => (t, rounds),
            (Err(_), Some((round, why))) => {
                let file = save(options, index, seed, &last)?;
                summary.failures.push(Failure { tournament: index + 1, seed, round, failure: why, file });
                (last, round - 1)
            }
            // A pairing that leaves out a player of the round, pairs one twice or one not to
            // pair: `generate_with` refuses it.
            (Err(GenerateError::EngineFault { round, problem, .. }), None) => {
                let file = save(options, index, seed, &last)?;
                let why = EngineFailure::Illegal(problem);
                summary.failures.push(Failure { tournament: index + 1, seed, round, failure: why, file });
                (last, round - 1)
            }
            (Err(error), None) => return Err(std::io::Error::other(error.to_string())),
        };
        summary.rounds_paired += u64::from(paired_rounds);
        if paired_rounds > 0 {
            let report = check(&tournament, options, paired_rounds);
            let differing: Vec<_> = report
                .rounds
                .iter()
                .filter(|r| matches!(r.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing))
                .collect();
            if !differing.is_empty() {
                let file = save(options, index, seed, &tournament)?;
                for round in differing {
                    let input = save_input(options, index, seed, &tournament, round.round, columns)?;
                    summary.differences.push(Difference {
                        tournament: index + 1,
                        seed,
                        round: round.round,
                        severity: round.severity.map(|s| s.to_string()),
                        explanation: round.explanation.clone(),
                        file: file.clone(),
                        input,
                    });
                }
            }
        }
        progress(index + 1);
    }
    let figures = |seen: &[u32]| -> (u32, u32, f64) {
        let (least, most) = (seen.iter().min().copied().unwrap_or(0), seen.iter().max().copied().unwrap_or(0));
        let mean = if seen.is_empty() { 0.0 } else { f64::from(seen.iter().sum::<u32>()) / seen.len() as f64 };
        (least, most, (mean * 10.0).round() / 10.0)
    };
    summary.players = figures(&players_seen);
    summary.rounds = figures(&rounds_seen);
    summary.rounds_differing = summary.differences.len() as u64;
    summary.engine_failures = summary.failures.len() as u64;
    summary.differences_per_500 = if options.tournaments == 0 {
        0.0
    } else {
        (summary.rounds_differing as f64 * 500.0 / f64::from(options.tournaments) * 100.0).round() / 100.0
    };
    summary.engine_seconds = (engine_time.as_secs_f64() * 100.0).round() / 100.0;
    summary.trfcheck_seconds = ((started.elapsed() - engine_time).as_secs_f64() * 100.0).round() / 100.0;
    Ok(summary)
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
/// and no rank or points of the finished event.
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
        player.rank = None;
        player.points = None;
    }
    input
}

/// Runs the program on the tournament so far and reads its pairing of the round.
fn pair_externally(
    template: &str,
    t: &Tournament,
    work: &Path,
    timeout: Duration,
) -> Result<RoundPairing, EngineFailure> {
    let input = work.join("in.trf");
    let output = work.join("out.txt");
    let (text, _) = crate::formats::trf::write(t);
    std::fs::write(&input, text).map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
    let _ = std::fs::remove_file(&output);
    let command = template.replace("{in}", &quoted(&input)).replace("{out}", &quoted(&output));
    // Its standard error to a file, not a pipe: a program that writes more than a pipe holds
    // before it ends would wait for a reader forever.
    let errors = work.join("stderr.txt");
    let errors_file = std::fs::File::create(&errors).map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
    let mut child = shell(&command)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(errors_file))
        .spawn()
        .map_err(|e| EngineFailure::NotStarted(e.to_string()))?;
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                stop(&mut child);
                return Err(EngineFailure::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(EngineFailure::Crashed(e.to_string())),
        }
    };
    if !status.success() {
        let stderr = std::fs::read_to_string(&errors).unwrap_or_default();
        let tail: String =
            stderr.lines().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" / ");
        return Err(EngineFailure::Crashed(format!(
            "{status}{}",
            if tail.is_empty() { String::new() } else { format!(": {tail}") }
        )));
    }
    let printed = std::fs::read_to_string(&output)
        .map_err(|e| EngineFailure::Unreadable(format!("{}: {e}", output.display())))?;
    read_javafo(&printed).map_err(EngineFailure::Unreadable)
}

/// The shell that runs the program's command line; on Unix in a process group of its own, so that
/// a time-out stops what the command line started as well as the shell.
fn shell(command: &str) -> Command {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let mut shell = Command::new("sh");
        shell.args(["-c", command]).process_group(0);
        shell
    }
    #[cfg(not(unix))]
    {
        let mut shell = Command::new("cmd");
        shell.args(["/C", command]);
        shell
    }
}

/// Stops a program that took too long, and its children.
fn stop(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Some(group) = i32::try_from(child.id()).ok().and_then(rustix::process::Pid::from_raw) {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A path as one word of a shell command line.
fn quoted(path: &Path) -> String {
    let text = path.display().to_string();
    if cfg!(windows) { format!("\"{text}\"") } else { format!("'{}'", text.replace('\'', "'\\''")) }
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
pub fn write_text(out: &mut dyn Write, s: &Summary, engine: &str) -> std::io::Result<()> {
    writeln!(out, "crosscheck of `{engine}` under {}", s.system)?;
    if !s.options.is_empty() {
        writeln!(out, "options: {}", crate::systems::system::describe_options(&s.options))?;
    }
    writeln!(
        out,
        "tournaments: {} (seeds {}–{}); players {}–{} (mean {:.1}); rounds {}–{} (mean {:.1})",
        s.tournaments,
        s.seed,
        s.seed + u64::from(s.tournaments.saturating_sub(1)),
        s.players.0,
        s.players.1,
        s.players.2,
        s.rounds.0,
        s.rounds.1,
        s.rounds.2
    )?;
    writeln!(
        out,
        "rounds paired by the program: {}; differing: {} ({} per 500 tournaments); program failures: {}",
        s.rounds_paired, s.rounds_differing, s.differences_per_500, s.engine_failures
    )?;
    writeln!(out, "time: the program {:.2} s, trfcheck {:.2} s", s.engine_seconds, s.trfcheck_seconds)?;
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
    }
    for f in &s.failures {
        writeln!(out, "tournament {} (seed {}), round {}: the program {}", f.tournament, f.seed, f.round, f.failure)?;
        if let Some(file) = &f.file {
            writeln!(out, "  saved: {file}")?;
        }
    }
    Ok(())
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
}
