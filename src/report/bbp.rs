//! The checker layout of bbpPairings and JaVaFo (`--format bbp`), byte for byte, so that existing
//! harnesses keep working: one `<stem>: Round #k` line per round, and for a round that differs a
//! "Checker pairings / Tournament pairings" block with the computed boards the record lacks and the
//! recorded boards of the players involved, each in board order.

use std::io::{self, Write};
use std::path::Path;

use super::{CheckReport, RoundStatus};
use crate::systems::pairing::Board;

fn side(board: &Board) -> (String, String) {
    (board.white.to_string(), board.black.map_or("0".to_owned(), |b| b.to_string()))
}

pub fn write(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    let stem =
        Path::new(&report.file).file_stem().map_or_else(|| report.file.clone(), |s| s.to_string_lossy().into_owned());
    // A round that was not checked gets no line: a bare `Round #k` is how the reference says
    // "matches", and no verdict was computed. A file with no checked round prints nothing.
    let checked: Vec<_> = report.rounds.iter().filter(|r| r.status != RoundStatus::NotChecked).collect();
    if checked.is_empty() {
        return Ok(());
    }
    for round in checked {
        writeln!(out, "{stem}: Round #{}", round.round)?;
        match round.status {
            RoundStatus::NoValidPairing => {
                writeln!(out, "No valid pairing exists for round {}.", round.round)?;
                writeln!(out)?;
            }
            RoundStatus::Mismatch => {
                let Some(detail) = &round.detail else { continue };
                writeln!(out, "  Checker pairings{:8}Tournament pairings ", "")?;
                let mut computed = detail.differing_computed.iter();
                // One row per recorded board, as the reference prints it.
                for recorded in &detail.differing_recorded {
                    match computed.next() {
                        Some(board) => {
                            let (w, b) = side(board);
                            write!(out, "    {w:>3} - {b:>3}")?;
                        }
                        None => write!(out, "    {:9}", "")?,
                    }
                    let (w, b) = side(recorded);
                    writeln!(out, "{:16}{w:>3} - {b:>3}", "")?;
                }
                writeln!(out)?;
            }
            RoundStatus::Match | RoundStatus::NotChecked => {}
        }
    }
    // The reference ends each file's check with an empty line.
    writeln!(out)
}
