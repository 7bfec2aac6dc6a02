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
    writeln!(
        out,
        "  {:>4} {:>4}  {:<28} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>5} {:>6}",
        "rank", "no", "name", "score", "solk", "median", "trunc", "SB", "ARO", "TPR", "rating"
    )?;
    for s in &standings.players {
        let t = &s.tiebreaks;
        let name: String = s.name.chars().take(28).collect();
        writeln!(
            out,
            "  {:>4} {:>4}  {:<28} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>5} {:>6}",
            s.rank,
            s.player,
            name,
            s.score.to_string(),
            t.solkoff.to_string(),
            t.solkoff_median.to_string(),
            opt(t.solkoff_truncated.first()),
            t.sonneborn_berger.to_string(),
            opt(t.average_rating.map(|a| format!("{a:.1}"))),
            opt(t.performance),
            opt(t.rating),
        )?;
    }
    for line in standings.disagreement_lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}
