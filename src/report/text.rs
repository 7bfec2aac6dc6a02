//! The text rendering of `check`: a line per round, and for a round that differs, the board lists
//! side by side as a diff (recorded → computed) with the reason.

use std::io::{self, Write};

use super::diff::{self, Line};
use super::{CheckReport, RoundDetail, RoundStatus};
use crate::systems::pairing::Board;

/// `29 - 2`, `1 - bye`, the white right-aligned in `width` digits, the black left-aligned.
fn board_cell(board: &Board, width: usize) -> String {
    match board.black {
        Some(black) => format!("{:>width$} - {black:<width$}", board.white),
        None => format!("{:>width$} - {:<width$}", board.white, "bye"),
    }
}

/// A differing round board by board (docs/output.md, "A differing round"): the recorded board on
/// the left, the computed board that shares a player with it on the right, each with its own board
/// number; the boards both pairings have folded into `… N boards agree (first–last)`. Each pairing
/// keeps its own numbers, and a row never puts two boards side by side that have no player in
/// common.
fn write_diff(out: &mut dyn Write, detail: &RoundDetail, system: &str) -> io::Result<()> {
    let lines = diff::lines(detail);
    let digits = |n: u32| n.checked_ilog10().map_or(1, |d| d as usize + 1);
    let players = detail.recorded.iter().chain(&detail.computed).flat_map(|b| [Some(b.white), b.black]).flatten();
    let width = players.map(digits).max().unwrap_or(1).max(2);
    let boards = detail.recorded.len().max(detail.computed.len()).max(1);
    let number_width = digits(u32::try_from(boards).unwrap_or(u32::MAX)) + 1;
    let cell_width = (2 * width + 3).max(3 + width + 3).max("recorded".len());
    let side = |board: Option<(usize, Board)>| match board {
        Some((number, board)) => {
            format!("{:>number_width$}  {:<cell_width$}", format!("{number}."), board_cell(&board, width))
        }
        None => format!("{:>number_width$}  {:<cell_width$}", "", "–"),
    };
    let head = format!("{:>number_width$}  {:<cell_width$}", "", "recorded");
    writeln!(out, "    {head}   {:>number_width$}  {system}", "")?;
    for line in lines {
        match line {
            Line::Agree { count, first, last } => {
                writeln!(out, "    {:>number_width$}  {}", "", diff::agree_text(count, first, last))?;
            }
            Line::Row { recorded, computed } => {
                let row = format!("    {}   {}", side(recorded), side(computed));
                writeln!(out, "{}", row.trim_end())?;
            }
        }
    }
    Ok(())
}

/// How much of a file's check the text shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Every round, the system and why it applies (a file checked alone).
    Full,
    /// The summary line, then what differs under it (each differing round's line and why, its
    /// boards side by side with `boards`): a file that matches gets its line alone (a file of a
    /// folder audit, docs/output.md, "Several files").
    Differences { boards: bool },
}

pub fn write(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    write_with(out, report, Detail::Full)
}

pub fn write_with(out: &mut dyn Write, report: &CheckReport, detail: Detail) -> io::Result<()> {
    if let Detail::Differences { boards } = detail {
        return write_differences(out, report, boards);
    }
    write_details(out, report)?;
    writeln!(out, "{}", report.summary_line())
}

/// Everything [`Detail::Full`] writes but the summary line: the system and why, every round, the
/// standings and the hints (`watch` writes the summary line apart, on standard output).
pub fn write_details(out: &mut dyn Write, report: &CheckReport) -> io::Result<()> {
    if let Some(crate::systems::Resolved { system, source, reason, .. }) = &report.resolved {
        writeln!(out, "{}: pairing system {system} ({source}): {reason}", report.file)?;
    }
    if let Some(caveat) = report.resolved.as_ref().and_then(|r| r.caveat.as_ref()) {
        writeln!(out, "{}: note: {caveat}", report.file)?;
    }
    if let Some(options) = &report.options {
        writeln!(out, "{}: options: {}", report.file, crate::systems::system::describe_options(options))?;
    }
    write_rounds(out, report, |_| true)?;
    if let Some(standings) = &report.standings {
        super::standings_table::write(out, standings)?;
    }
    if let Some(ranks) = report.rank_check() {
        write_ranks(out, ranks)?;
    }
    for hint in &report.hints {
        writeln!(out, "  hint: {hint}")?;
    }
    Ok(())
}

/// The lines of the rounds `shown` picks, as a file checked alone shows them: a line for a round
/// that matches or was not checked, and for a differing round its boards side by side and why.
pub fn write_rounds(out: &mut dyn Write, report: &CheckReport, shown: impl Fn(u32) -> bool) -> io::Result<()> {
    for round in report.rounds.iter().filter(|round| shown(round.round)) {
        write_round(out, report, round, true)?;
    }
    Ok(())
}

/// One round's lines; `boards`: a differing round's boards side by side.
fn write_round(out: &mut dyn Write, report: &CheckReport, round: &super::RoundReport, boards: bool) -> io::Result<()> {
    // A team round's lines are matches (and the bye), not boards.
    let team = report.system().is_some_and(crate::systems::SystemId::is_team);
    let (one, many) = if team { ("match", "matches") } else { ("board", "boards") };
    match round.status {
        RoundStatus::Match => {
            let count = round.detail.as_ref().map_or(0, |d| d.computed.len());
            let noun = if count == 1 { one } else { many };
            writeln!(out, "  round {}: ✓ matches ({count} {noun})", round.round)
        }
        RoundStatus::NotChecked => {
            writeln!(out, "  round {}: not checked: {}", round.round, round.reason.as_deref().unwrap_or(""))
        }
        RoundStatus::NoValidPairing => {
            writeln!(out, "  round {}: ✗ absolute: no pairing satisfies the absolute criteria", round.round)
        }
        RoundStatus::Mismatch => write_mismatch(out, report, round, many, boards),
    }
}

/// A differing round: its line, the boards side by side, and why.
fn write_mismatch(
    out: &mut dyn Write,
    report: &CheckReport,
    round: &super::RoundReport,
    many: &str,
    boards: bool,
) -> io::Result<()> {
    let Some(detail) = &round.detail else { return Ok(()) };
    let severity = round.severity.map_or(String::new(), |s| format!("{s}: "));
    writeln!(
        out,
        "  round {}: ✗ {severity}{} of {} {many} differ",
        round.round,
        detail.differing_computed.len(),
        detail.computed.len(),
    )?;
    if boards {
        write_diff(out, detail, report.system().map_or("computed", crate::systems::SystemId::id))?;
    }
    if let Some(explanation) = &round.explanation {
        writeln!(out, "    why: {explanation}")?;
        for detail in &round.details {
            writeln!(out, "         {detail}")?;
        }
    }
    Ok(())
}

/// [`Detail::Differences`]: the summary line, then the rounds that differ or have no valid
/// pairing, the standings when they differ, and the hints.
fn write_differences(out: &mut dyn Write, report: &CheckReport, boards: bool) -> io::Result<()> {
    writeln!(out, "{}", report.summary_line())?;
    let differing =
        |round: &&super::RoundReport| matches!(round.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing);
    for round in report.rounds.iter().filter(differing) {
        write_round(out, report, round, boards)?;
    }
    if let Some(standings) = &report.standings
        && standings.disagreements().next().is_some()
    {
        super::standings_table::write(out, standings)?;
    }
    if let Some(ranks) = report.rank_check().filter(|r| r.status != crate::standings::verdict::RankStatus::Match) {
        write_ranks(out, ranks)?;
    }
    for hint in &report.hints {
        writeln!(out, "  hint: {hint}")?;
    }
    Ok(())
}

/// The verdict on a chess file's stated ranks (C.07): one line, the pairs the file orders otherwise
/// than its tie-breaks, and the common list that gives the ranks when the file declares none.
fn write_ranks(out: &mut dyn Write, ranks: &crate::standings::verdict::RankCheck) -> io::Result<()> {
    use crate::standings::verdict::RankStatus;
    let against = ranks.against();
    match ranks.status {
        RankStatus::NotChecked => {
            writeln!(out, "  standings: not checked: {}", ranks.reason.as_deref().unwrap_or_default())?;
        }
        RankStatus::Match => writeln!(out, "  standings: ✓ the {} stated ranks follow {against}", ranks.ranks_checked)?,
        RankStatus::Mismatch => {
            writeln!(out, "  standings: ✗ the stated ranks do not follow {against}")?;
            for finding in &ranks.findings {
                writeln!(out, "    {finding}")?;
            }
        }
    }
    for note in &ranks.notes {
        writeln!(out, "    note: {note}")?;
    }
    if let Some(hint) = &ranks.hint {
        writeln!(out, "  hint: {hint}")?;
    }
    Ok(())
}

/// The text fitted to a terminal `width` columns wide (display columns, a CJK character two): a
/// line wider than that is wrapped at words, each continuation indented under the text after the
/// line's label (`    why: ` gives 9 columns, `  hint: ` 8), or two columns deeper than the
/// line when it has none. Lines that fit are left as they are, so the boards side by side keep
/// their columns.
pub fn fit_to_width(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let mut fitted = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if body.width() <= width {
            fitted.push_str(line);
            continue;
        }
        let content = body.trim_start_matches(' ');
        let indent = &body[..body.len() - content.len()];
        // A label is a first word of letters ending in a colon (`why:`, `hint:`, `note:`), not a
        // file's name.
        let label = content
            .split_once(' ')
            .and_then(|(word, _)| word.strip_suffix(':'))
            .filter(|word| !word.is_empty() && word.len() <= 12 && word.chars().all(|c| c.is_ascii_alphabetic()));
        let label = label.map(|word| word.len() + 1);
        let hanging = indent.len() + label.map_or(2, |label| label + 1);
        // Too narrow a terminal to indent under the label: two columns in.
        let hanging = if hanging + 20 > width { indent.len().min(width / 4) + 2 } else { hanging };
        let continuation = " ".repeat(hanging);
        let options = textwrap::Options::new(width).initial_indent(indent).subsequent_indent(&continuation);
        for part in textwrap::wrap(content, options) {
            fitted.push_str(part.trim_end());
            fitted.push('\n');
        }
        if newline.is_empty() {
            fitted.pop();
        }
    }
    fitted
}

#[cfg(test)]
mod fit_tests {
    use super::fit_to_width;

    #[test]
    fn long_lines_wrap_under_their_label_and_short_ones_stay() {
        let text = "  round 3: ✗ order: 2 of 5 boards differ\n    why: Dutch 2012, D.2: in the 0-point bracket the record's pairing meets the same requirements\n         the record's pairs in the bracket: 3–8, 6–10, 7–15, 9–16\n";
        let fitted = fit_to_width(text, 40);
        let lines: Vec<&str> = fitted.lines().collect();
        assert_eq!(lines[0], "  round 3: ✗ order: 2 of 5 boards differ");
        assert_eq!(lines[1], "    why: Dutch 2012, D.2: in the 0-point");
        assert_eq!(lines[2], "         bracket the record's pairing");
        assert!(lines[3..].iter().all(|l| l.starts_with("         ") && l.chars().count() <= 40), "{fitted}");
        // Every word is still there, in order.
        let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(words(&fitted), words(text));
        assert!(fitted.ends_with('\n'));
        // A line with no label goes two columns in; one that fits is left alone.
        let plain = fit_to_width("a.trf: dutch-2025: 11 of 11 rounds checked: 11 differ", 30);
        assert_eq!(plain, "a.trf: dutch-2025: 11 of 11\n  rounds checked: 11 differ");
        assert_eq!(fit_to_width(text, 200), text);
    }

    #[test]
    fn widths_are_display_columns() {
        // Ten CJK characters take 20 columns: at 24 the line with four more words wraps.
        let text = "北京国际象棋公开赛赛 one two three four";
        let fitted = fit_to_width(text, 24);
        assert_eq!(fitted, "北京国际象棋公开赛赛 one\n  two three four");
    }
}
