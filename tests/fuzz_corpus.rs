//! Replays the committed fuzz corpora as ordinary tests: every file under `fuzz/seeds/<target>/`
//! and `tests/fuzz-regressions/<target>/` goes through the same `trfcheck::fuzzing` function as the
//! fuzz target of that name, so `cargo test` on stable catches a regression without cargo-fuzz.

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// The body of a fuzz target.
type Body = fn(&[u8]);

/// The fuzz targets and the library function each one calls.
const TARGETS: [(&str, Body); 4] = [
    ("read_trf", trfcheck::fuzzing::read_any),
    ("read_fmjd", trfcheck::fuzzing::read_any),
    ("round_trip", trfcheck::fuzzing::round_trip),
    ("check_engines", trfcheck::fuzzing::check_engines),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files directly in `dir`, sorted; none when the directory is absent.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> =
        entries.map(|entry| entry.expect("readable directory entry").path()).filter(|path| path.is_file()).collect();
    files.sort();
    files
}

/// Runs `body` on every file and names each file that panicked.
fn replay(files: &[PathBuf], body: Body) -> Vec<String> {
    let mut failures = Vec::new();
    for file in files {
        let data = fs::read(file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| body(&data))) {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "a panic".to_owned());
            failures.push(format!("{}: {message}", file.display()));
        }
    }
    failures
}

fn replay_target(target: &str) {
    let (_, body) = TARGETS.iter().find(|(name, _)| *name == target).expect("a known target");
    let seeds = files(&root().join("fuzz/seeds").join(target));
    assert!(!seeds.is_empty(), "fuzz/seeds/{target}/ holds no files: the replay would test nothing");
    let regressions = files(&root().join("tests/fuzz-regressions").join(target));
    let all: Vec<PathBuf> = seeds.into_iter().chain(regressions).collect();
    let failures = replay(&all, *body);
    assert!(
        failures.is_empty(),
        "{} of {} {target} inputs panicked:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn read_trf_corpus_replays() {
    replay_target("read_trf");
}

#[test]
fn read_fmjd_corpus_replays() {
    replay_target("read_fmjd");
}

#[test]
fn round_trip_corpus_replays() {
    replay_target("round_trip");
}

#[test]
fn check_engines_corpus_replays() {
    replay_target("check_engines");
}

/// The fuzz crate declares exactly the targets replayed here, each calling the same function.
#[test]
fn every_fuzz_target_is_replayed() {
    let manifest = fs::read_to_string(root().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    let declared: Vec<&str> = manifest
        .lines()
        .filter_map(|line| line.trim().strip_prefix("name = \""))
        .filter_map(|rest| rest.strip_suffix('"'))
        .filter(|name| *name != "trfcheck-fuzz")
        .collect();
    let replayed: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(declared, replayed, "fuzz/Cargo.toml [[bin]] targets");
    for (target, _) in TARGETS {
        let source = fs::read_to_string(root().join("fuzz/fuzz_targets").join(format!("{target}.rs")))
            .unwrap_or_else(|e| panic!("fuzz/fuzz_targets/{target}.rs: {e}"));
        let function = match target {
            "round_trip" => "trfcheck::fuzzing::round_trip",
            "check_engines" => "trfcheck::fuzzing::check_engines",
            _ => "trfcheck::fuzzing::read_any",
        };
        assert!(source.contains(function), "fuzz/fuzz_targets/{target}.rs should call {function}");
    }
}

/// The round-trip seeds are not all rejected by the reader: at least one reads cleanly and is
/// written and read back, so the round_trip target starts from inputs that reach the writer.
#[test]
fn round_trip_seeds_reach_the_writer() {
    let seeds = files(&root().join("fuzz/seeds/round_trip"));
    let reached: Vec<String> = seeds
        .iter()
        .filter(|file| trfcheck::fuzzing::round_trip_pair(&fs::read(file).expect("readable seed")).is_some())
        .map(|file| file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
        .collect();
    assert!(!reached.is_empty(), "no round_trip seed reads cleanly; the target would never reach the writer");
}

/// The check_engines seeds reach every engine: between them they hold, for each of the eight
/// systems, a generated tournament that must check clean under it (the target's strongest
/// assertion), and changed or built ones that no engine paired. (A few seeds decode to nothing:
/// `generate` finds no pairing for them, a path the target takes too.)
#[test]
fn check_engines_seeds_reach_every_engine() {
    let seeds = files(&root().join("fuzz/seeds/check_engines"));
    let mut clean_under = std::collections::BTreeSet::new();
    let mut others = 0;
    for seed in &seeds {
        let Some(input) = trfcheck::fuzzing::engine_input(&fs::read(seed).expect("readable seed")) else {
            continue;
        };
        match input.clean_under {
            Some(system) => {
                clean_under.insert(system);
            }
            None => others += 1,
        }
    }
    assert_eq!(clean_under.len(), trfcheck::systems::SystemId::INDIVIDUAL.len(), "{clean_under:?}");
    assert!(others >= 3, "only {others} seeds are changed or built tournaments");
}
