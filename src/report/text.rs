//! The text rendering of `check`: a line per round, and for a round that differs, the board lists
//! side by side as a diff (recorded → computed) with the reason.

use std::io::{self, Write};

use similar::{ChangeTag, TextDiff};

use super::{CheckReport, RoundStatus};
use crate::systems::pairing::Board;

fn board_line(board: &Board) -> String {
    match board.black {
        Some(black) => format!("{:>4} - {:<4}\n", board.white, black),
        None => format!("{:>4} - bye\n", board.white),
    }
}

pub fn write(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    if let (Some(system), Some(source), Some(reason)) = (&report.system, &report.system_source, &report.system_reason) {
        writeln!(out, "{}: pairing system {system} ({source}): {reason}", report.file)?;
    }
    for round in &report.rounds {
        match round.status {
            RoundStatus::Match => {
                let boards = round.detail.as_ref().map_or(0, |d| d.computed.len());
                writeln!(out, "  round {}: ✓ matches ({boards} boards)", round.round)?;
            }
            RoundStatus::NotChecked => {
                writeln!(out, "  round {}: not checked: {}", round.round, round.reason.as_deref().unwrap_or(""))?;
            }
            RoundStatus::NoValidPairing => {
                writeln!(out, "  round {}: ✗ no pairing satisfies the absolute criteria", round.round)?;
            }
            RoundStatus::Mismatch => {
                let Some(detail) = &round.detail else { continue };
                writeln!(
                    out,
                    "  round {}: ✗ {} of {} boards differ (- recorded, + {})",
                    round.round,
                    detail.differing_computed.len(),
                    detail.computed.len(),
                    report.system.as_deref().unwrap_or("computed")
                )?;
                let recorded: String = detail.recorded.iter().map(board_line).collect();
                let computed: String = detail.computed.iter().map(board_line).collect();
                let diff = TextDiff::from_lines(&recorded, &computed);
                for group in diff.grouped_ops(1) {
                    writeln!(out, "      ...")?;
                    for op in group {
                        for change in diff.iter_changes(&op) {
                            let sign = match change.tag() {
                                ChangeTag::Delete => '-',
                                ChangeTag::Insert => '+',
                                ChangeTag::Equal => ' ',
                            };
                            write!(out, "    {sign} {}", change.value())?;
                        }
                    }
                }
            }
        }
        if let Some(explanation) = &round.explanation
            && round.status == RoundStatus::Mismatch
        {
            writeln!(out, "    why: {explanation}")?;
        }
    }
    writeln!(out, "{}", report.summary_line())
}
