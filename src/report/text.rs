//! The text rendering of `check`: a line per round, and for a round that differs, the board lists
//! side by side as a diff (recorded → computed) with the reason.

use std::io::{self, Write};

use similar::ChangeTag;
use similar::algorithms::{Capture, Replace, myers};

use super::{CheckReport, RoundStatus};
use crate::systems::pairing::Board;

fn board_line(board: &Board) -> String {
    match board.black {
        Some(black) => format!("{:>4} - {black}\n", board.white),
        None => format!("{:>4} - bye\n", board.white),
    }
}

pub fn write(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    if let (Some(system), Some(source), Some(reason)) = (&report.system, &report.system_source, &report.system_reason) {
        writeln!(out, "{}: pairing system {system} ({source}): {reason}", report.file)?;
    }
    if let Some(caveat) = &report.system_caveat {
        writeln!(out, "{}: note: {caveat}", report.file)?;
    }
    if let Some(options) = &report.options {
        writeln!(out, "{}: options: {}", report.file, crate::systems::fmjd::describe_options(options))?;
    }
    for round in &report.rounds {
        match round.status {
            RoundStatus::Match => {
                let boards = round.detail.as_ref().map_or(0, |d| d.computed.len());
                let noun = if boards == 1 { "board" } else { "boards" };
                writeln!(out, "  round {}: ✓ matches ({boards} {noun})", round.round)?;
            }
            RoundStatus::NotChecked => {
                writeln!(out, "  round {}: not checked: {}", round.round, round.reason.as_deref().unwrap_or(""))?;
            }
            RoundStatus::NoValidPairing => {
                writeln!(out, "  round {}: ✗ absolute: no pairing satisfies the absolute criteria", round.round)?;
            }
            RoundStatus::Mismatch => {
                let Some(detail) = &round.detail else { continue };
                let severity = round.severity.map_or(String::new(), |s| format!("{s}: "));
                writeln!(
                    out,
                    "  round {}: ✗ {severity}{} of {} boards differ (- recorded, + {})",
                    round.round,
                    detail.differing_computed.len(),
                    detail.computed.len(),
                    report.system.as_deref().unwrap_or("computed")
                )?;
                let recorded: Vec<String> = detail.recorded.iter().map(board_line).collect();
                let computed: Vec<String> = detail.computed.iter().map(board_line).collect();
                // Myers on the board lines, as `TextDiff::from_lines` would run it; called directly,
                // it is compiled once, without the other algorithms TextDiff can switch to.
                let mut hook = Replace::new(Capture::new());
                let Ok(()) = myers::diff(&mut hook, &recorded, 0..recorded.len(), &computed, 0..computed.len());
                let groups = similar::group_diff_ops(hook.into_inner().into_ops(), 1);
                for (i, group) in groups.iter().enumerate() {
                    // A gap before the group: boards that agree, left out.
                    let starts_at = group.first().map_or(0, |op| op.old_range().start.min(op.new_range().start));
                    if i > 0 || starts_at > 0 {
                        writeln!(out, "          ⋮")?;
                    }
                    for op in group {
                        for change in op.iter_changes(&recorded, &computed) {
                            // The board number in the pairing the line comes from.
                            let (sign, board) = match change.tag() {
                                ChangeTag::Delete => ('-', change.old_index()),
                                ChangeTag::Insert => ('+', change.new_index()),
                                ChangeTag::Equal => (' ', change.new_index()),
                            };
                            let board = board.map_or(String::new(), |b| format!("{}.", b + 1));
                            write!(out, "    {sign} {board:>4}{}", change.value())?;
                        }
                    }
                }
                let ends_at = groups.last().and_then(|g| g.last()).map_or(0, |op| op.new_range().end);
                if ends_at < detail.computed.len() {
                    writeln!(out, "          ⋮")?;
                }
            }
        }
        if let Some(explanation) = &round.explanation
            && round.status == RoundStatus::Mismatch
        {
            writeln!(out, "    why: {explanation}")?;
        }
    }
    if let Some(standings) = &report.standings {
        super::standings_table::write(out, standings)?;
    }
    for hint in &report.hints {
        writeln!(out, "  hint: {hint}")?;
    }
    writeln!(out, "{}", report.summary_line())
}
