//! What several test modules share: the command as a user runs it, the project's samples, and a
//! generated tournament, written out and checked.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use trfcheck::diagnostics::Code;
use trfcheck::exit::Status;
use trfcheck::generate::{self, GenerateOptions};
use trfcheck::report::{CheckReport, RoundStatus};
use trfcheck::{formats, verify};

/// The `trfcheck` binary with logs off, colours never and no terminal width (`COLUMNS`), so its
/// output is what a test compares.
pub fn trfcheck() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_trfcheck"));
    command.env_remove("RUST_LOG").env_remove("COLUMNS").arg("--color").arg("never");
    command
}

/// A file of the project's `trf-samples/`.
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples").join(name)
}

/// Generates a tournament from `options`, writes it to `path` as TRF-2026, checks it with the
/// default options, and asserts that it checks clean: no diagnostic (but the note of a complete
/// round robin), exit status 0 and every round a match (the engine that paired it must agree with
/// itself through the file). `None` when the generator refuses the options.
pub fn check_generated(options: &GenerateOptions, path: &Path) -> Result<Option<CheckReport>, TestCaseError> {
    let Ok(t) = generate::generate(options) else { return Ok(None) };
    let (text, _) = formats::trf::write(&t);
    std::fs::write(path, &text).unwrap();
    let (inspected, report) = verify::check_path(path, &verify::CheckOptions::default());
    // A small Swiss may complete a round robin (every two players paired once): said in a note,
    // not a finding against the file.
    let findings = inspected.diagnostics.iter().filter(|d| d.code != Code::RoundRobin).count();
    prop_assert!(findings == 0, "{:?}\n{}", inspected.diagnostics, text);
    prop_assert_eq!(report.status, Status::Ok, "{:?}\n{}", report.rounds, text);
    prop_assert!(report.rounds.iter().all(|r| r.status == RoundStatus::Match), "{:?}\n{}", report.rounds, text);
    Ok(Some(report))
}

/// The `trfcheck` binary run as an unprivileged user, for the tests of what permissions protect:
/// as it is when the tests do not run as root, and through `setpriv` as `nobody` (65534) when
/// they do. `None` (and a visible skip) where neither is possible; under CI that is a failure.
pub fn unprivileged() -> Option<std::process::Command> {
    let program = env!("CARGO_BIN_EXE_trfcheck");
    let mut command = if rustix::process::geteuid().is_root() {
        let works = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
            .status()
            .is_ok_and(|status| status.success());
        if !works {
            assert!(std::env::var_os("CI").is_none(), "running as root without a working setpriv");
            eprintln!("SKIPPED: running as root, and setpriv cannot drop to an unprivileged user");
            return None;
        }
        let mut command = std::process::Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", program]);
        command
    } else {
        std::process::Command::new(program)
    };
    command.env_remove("RUST_LOG").args(["--color", "never"]);
    Some(command)
}

/// The user id `unprivileged` runs as.
pub fn unprivileged_uid() -> u32 {
    let user = rustix::process::geteuid();
    if user.is_root() { 65534 } else { user.as_raw() }
}

/// Gives a path to the unprivileged user, and makes a folder one it may enter and write.
#[cfg(unix)]
pub fn give_away(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if rustix::process::geteuid().is_root() {
        std::os::unix::fs::chown(path, Some(65534), Some(65534)).unwrap();
    }
    if path.is_dir() {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// A fast engine held to its literal reference: `cases` random tournaments of `players` and
/// `rounds`, made by `system`'s engine (times the factor in the environment variable `factor`, so
/// that `DUBOV_CASES_FACTOR=10 cargo test …` runs ten times as many); a quarter with many forfeits,
/// byes and withdrawals (unplayed games, players without a colour, PAB eligibility), a quarter
/// without draws, and, when `baku_code` is given, a quarter declared with that `_BAKU` code
/// (C.04.7 1). Every round of each whose state `compares` accepts is paired by both engines, which
/// must give the same boards.
pub struct Agreement<'a> {
    pub system: trfcheck::systems::SystemId,
    pub players: std::ops::RangeInclusive<u32>,
    pub rounds: std::ops::RangeInclusive<u32>,
    pub cases: u32,
    pub factor: &'a str,
    pub baku_code: Option<&'a str>,
    pub fast: &'a dyn trfcheck::systems::Engine,
    pub literal: &'a dyn trfcheck::systems::Engine,
    pub compares: fn(&trfcheck::state::RoundState) -> bool,
    /// Sets what every tournament is generated with beyond its flavour: the ratings, the
    /// organiser's flags (which also read it for both engines, as `check` reads it with them).
    pub tune: fn(&mut GenerateOptions),
}

impl Agreement<'_> {
    /// The rounds compared, over all the tournaments.
    pub fn run(&self) -> usize {
        use std::sync::atomic::{AtomicUsize, Ordering};

        use proptest::test_runner::{Config, TestRunner};
        let factor: u32 = std::env::var(self.factor).ok().and_then(|f| f.parse().ok()).unwrap_or(1);
        let total = AtomicUsize::new(0);
        let config = Config { cases: self.cases * factor, failure_persistence: None, ..Config::default() };
        let mut runner = TestRunner::new(config);
        let strategy = (self.players.clone(), self.rounds.clone(), any::<u64>(), 0u32..4);
        runner
            .run(&strategy, |(players, rounds, seed, flavour)| {
                let mut options = GenerateOptions::new(self.system, players, rounds, seed);
                if flavour == 0 {
                    options.forfeit_rate = 0.2;
                    options.bye_rate = 0.15;
                    options.withdraw_rate = 0.05;
                }
                if flavour == 1 {
                    options.draw_rate = 0.0;
                }
                (self.tune)(&mut options);
                let Ok(mut t) = generate::generate(&options) else { return Ok(()) };
                if let (2, Some(code)) = (flavour, self.baku_code) {
                    t.header.system_code = Some(code.to_owned());
                }
                total.fetch_add(self.compare_rounds(&t, &options.organiser)?, Ordering::Relaxed);
                Ok(())
            })
            .unwrap();
        total.into_inner()
    }

    /// Pairs every round of `t` that `compares` accepts from its recorded state with both engines;
    /// returns the rounds compared.
    fn compare_rounds(
        &self,
        t: &trfcheck::model::Tournament,
        flags: &trfcheck::model::OrganiserFlags,
    ) -> Result<usize, TestCaseError> {
        use trfcheck::state::{Participation, RoundState};
        let mut compared = 0;
        // The rounds as the system reads them (a Double-Swiss round is a match of two columns),
        // with the organiser's flags.
        let read = trfcheck::systems::of(self.system).read(t, flags);
        let t = read.as_ref();
        for round in 1..=t.rounds_paired() {
            let state = RoundState::build(t, round, Participation::Recorded);
            if state.players.is_empty() || !(self.compares)(&state) {
                continue;
            }
            let fast = self.fast.pair(&state);
            let literal = self.literal.pair(&state);
            prop_assert_eq!(
                fast.as_ref().map(|p| &p.boards),
                literal.as_ref().map(|p| &p.boards),
                "round {} of\n{}",
                round,
                formats::trf::write(t).0
            );
            compared += 1;
        }
        Ok(compared)
    }
}

/// A small tournament as TRF text: the `header` lines, then player `i` rated `ratings[i - 1]`
/// (named `Player 00i`), with the recorded rounds as `(white, black, result of white)`; `black` 0 is
/// the PAB (`0000 - U`, worth `bye` tenths), and `absent` players are marked `0000 - Z` in the round
/// after them (a withdrawal before the round to pair). Scoring 1, ½, 0.
pub fn tournament_file(
    header: &[String],
    ratings: &[u32],
    rounds: &[&[(u32, u32, char)]],
    absent: &[u32],
    bye: i64,
) -> String {
    let mut out = header.to_vec();
    for (index, rating) in ratings.iter().enumerate() {
        let id = index as u32 + 1;
        let mut points = 0;
        let mut cells = String::new();
        for round in rounds {
            let (opponent, colour, result) = round
                .iter()
                .find_map(|&(w, b, r)| {
                    let mirrored = match r {
                        '1' => '0',
                        '0' => '1',
                        other => other,
                    };
                    if w == id {
                        Some((b, if b == 0 { '-' } else { 'w' }, if b == 0 { 'U' } else { r }))
                    } else if b == id {
                        Some((w, 'b', mirrored))
                    } else {
                        None
                    }
                })
                .expect("every player is paired in every recorded round");
            points += match result {
                '1' => 10,
                'U' => bye,
                '=' => 5,
                _ => 0,
            };
            cells += &format!("  {opponent:>4} {colour} {result}");
        }
        if absent.contains(&id) {
            cells += "  0000 - Z";
        }
        let points = trfcheck::model::Points::from_tenths(points);
        let name = format!("Player {id:03}");
        out.push(format!(
            "001 {id:>4} m    {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {:>4}{cells}",
            "", "", "", ""
        ));
    }
    out.join("\n") + "\n"
}

/// `text` read as the file `name`, which must be read and validated without an error.
pub fn read_valid(name: &str, text: &str) -> trfcheck::model::Tournament {
    let loaded = formats::read_bytes(Path::new(name), text.as_bytes(), formats::ReadOptions::default());
    let t = loaded.valid_tournament().unwrap_or_else(|| panic!("not read:\n{text}")).clone();
    let findings = trfcheck::validate::validate(&t);
    assert!(!findings.has_errors(), "invalid: {findings:?}\n{text}");
    t
}

/// The next round of the tournament `text` (read as `name`, which must be valid), as `pair` makes
/// it: the system, the games as `(white, black)`, and the PAB's player.
pub fn next_round(
    name: &str,
    text: &str,
) -> (trfcheck::systems::SystemId, std::collections::BTreeSet<(u32, u32)>, Option<u32>) {
    let t = read_valid(name, text);
    let next = trfcheck::verify::pair_next(&t, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let games = next.pairing.boards.iter().filter_map(|b| b.black.map(|black| (b.white, black))).collect();
    let bye = next.pairing.boards.iter().find(|b| b.black.is_none()).map(|b| b.white);
    (next.resolved.system, games, bye)
}
