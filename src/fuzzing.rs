//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*`), here so that `cargo test` can replay
//! every corpus file through exactly the same code on stable Rust.

use std::path::Path;

use crate::formats::{self, ReadOptions};
use crate::model::Tournament;

/// Reads any bytes as the CLI would (format detection, TRF or crosstable reader), then runs the
/// cross-checks and the system resolution. Must never panic.
pub fn read_any(data: &[u8]) {
    for lenient in [false, true] {
        let loaded =
            formats::read_bytes(Path::new("fuzz-input"), data, ReadOptions { lenient, ..ReadOptions::default() });
        if let Some(tournament) = &loaded.tournament {
            let _ = crate::validate::validate(tournament);
            let _ = crate::systems::resolve(tournament, None);
            for diagnostic in &loaded.diagnostics {
                let _ = crate::diagnostics::render::render(
                    "fuzz-input",
                    Some(&loaded.source),
                    diagnostic,
                    Default::default(),
                );
            }
        }
    }
}

/// Reads, writes TRF-2026, and reads again: when the first read is clean and everything fitted its
/// columns, the second read must be clean and give the same tournament.
pub fn round_trip(data: &[u8]) {
    if let Some((first, second)) = round_trip_pair(data) {
        assert_eq!(first, second, "write → read changed the tournament");
    }
}

/// The tournament before and after a write → read, when the round trip applies.
pub fn round_trip_pair(data: &[u8]) -> Option<(Tournament, Tournament)> {
    let loaded = formats::read_bytes(Path::new("fuzz-input"), data, ReadOptions::default());
    let tournament = loaded.valid_tournament()?;
    let (text, warnings) = formats::trf::write(tournament);
    if !warnings.is_empty() {
        return None;
    }
    let again = formats::read_bytes(Path::new("written"), text.as_bytes(), ReadOptions::default());
    assert!(!again.diagnostics.has_errors(), "the written TRF does not read cleanly: {:?}\n{text}", again.diagnostics);
    Some((tournament.clone(), again.tournament.expect("a written TRF is a TRF")))
}
