//! The text rendering of the FMJD final standings: one line per player, the system's order first.

use std::io::{self, Write};

use crate::standings::Standings;

fn opt<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

pub fn write(out: &mut dyn Write, standings: &Standings) -> io::Result<()> {
    writeln!(
        out,
        "  standings after round {} (order: {}; unplayed rounds: {}, {})",
        standings.after_round,
        standings.order.join(", "),
        standings.unplayed,
        standings.unplayed_source
    )?;
    let header: Vec<String> = ["rank", "no", "name", "score", "solk", "median", "trunc", "SB", "ARO", "TPR", "rating"]
        .iter()
        .map(|h| (*h).to_owned())
        .collect();
    let rows: Vec<Vec<String>> = standings
        .players
        .iter()
        .map(|s| {
            let t = &s.tiebreaks;
            vec![
                s.rank.to_string(),
                s.player.to_string(),
                super::table::cut(&s.name, 28),
                s.score.to_string(),
                t.solkoff.to_string(),
                t.solkoff_median.to_string(),
                opt(t.solkoff_truncated.first()),
                t.sonneborn_berger.to_string(),
                opt(t.average_rating.map(|a| format!("{a:.1}"))),
                opt(t.performance),
                opt(t.rating),
            ]
        })
        .collect();
    // The name left-aligned, numbers right-aligned.
    let right: Vec<bool> = (0..header.len()).map(|c| c != 2).collect();
    for line in super::table::plain_lines(&header, &rows, &right) {
        writeln!(out, "  {line}")?;
    }
    for line in standings.disagreement_lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}
