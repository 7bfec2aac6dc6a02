//! `trfcheck standings`: the standings under FIDE's tie-break regulations, as a table, JSON or CSV.

use std::io::{self, Write};
use std::path::Path;

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::model::team::TeamScore;
use crate::report;
use crate::standings::fide::{self, Request, Standings, StandingsError};

use super::StandingsFormat;

/// Exit 0 with the standings; 3 for a file that cannot be read as a tournament or a tie-break list
/// that is not C.07's; 4 when there is nothing to rank, the event is a draughts one, or the list
/// needs what is not computed yet.
pub(super) fn standings(
    path: &Path,
    request: &Request,
    format: StandingsFormat,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let (tournament, name) = match super::reading::valid_tournament(path, options, "no standings made", style, err)? {
        Ok(read) => read,
        Err(status) => return Ok(status),
    };
    let standings = match fide::standings(&tournament, request) {
        Ok(standings) => standings,
        Err(error) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            return Ok(match error {
                StandingsError::Declaration { .. } => Status::Invalid,
                StandingsError::Team(_)
                | StandingsError::TeamMatches(_)
                | StandingsError::NoRounds
                | StandingsError::Draughts => Status::NothingToCheck,
            });
        }
    };
    for note in &standings.notes {
        writeln!(err, "trfcheck: {name}: note: {note}")?;
    }
    match format {
        StandingsFormat::Text => write_text(out, &name, &standings)?,
        StandingsFormat::Json => report::write_json_line(out, &report::json::standings_json(&name, &standings))?,
        StandingsFormat::Csv => write_csv(out, &standings)?,
    }
    Ok(Status::Ok)
}

fn value_text(standings: &Standings, line: &fide::Line, k: usize) -> String {
    standings.shown(line, k).unwrap_or_else(|| "-".to_owned())
}

fn rank_text(line: &fide::Line) -> String {
    if line.tied { format!("{}=", line.rank) } else { line.rank.to_string() }
}

fn write_text(out: &mut dyn Write, name: &str, s: &Standings) -> io::Result<()> {
    writeln!(
        out,
        "{name}: standings after round {} under the {} tie-break regulations ({})",
        s.after_round, s.edition, s.edition_reason
    )?;
    let list: Vec<String> = s.tie_breaks.iter().map(ToString::to_string).collect();
    writeln!(out, "order: {} ({})", list.join(", "), s.source)?;
    if let Some(score) = s.teams {
        writeln!(out, "teams ranked; PTS is the primary score, {}", score_name(score))?;
    }
    let stated = s.lines.iter().any(|l| l.stated_rank.is_some());
    let name = if s.teams.is_some() { "team" } else { "name" };
    let mut header = vec!["rank".to_owned(), "no".to_owned(), name.to_owned()];
    // Teams have no rating.
    let rated = s.teams.is_none();
    if rated {
        header.push("rtg".to_owned());
    }
    if stated {
        header.push("file".to_owned());
    }
    header.extend(list);
    let rows: Vec<Vec<String>> = s
        .lines
        .iter()
        .map(|line| {
            let mut row = vec![rank_text(line), line.id.to_string(), report::table::cut(&line.name, 30)];
            if rated {
                row.push(line.rating.map_or_else(String::new, |r| r.to_string()));
            }
            if stated {
                row.push(line.stated_rank.map_or_else(String::new, |r| r.to_string()));
            }
            row.extend((0..s.tie_breaks.len()).map(|k| value_text(s, line, k)));
            row
        })
        .collect();
    // The name left-aligned, numbers right-aligned.
    let right: Vec<bool> = (0..header.len()).map(|c| c != 2).collect();
    for line in report::table::plain_lines(&header, &rows, &right) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn score_name(score: TeamScore) -> &'static str {
    match score {
        TeamScore::MatchPoints => "match points",
        TeamScore::GamePoints => "game points",
    }
}

fn write_csv(out: &mut dyn Write, s: &Standings) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    let mut header: Vec<String> =
        ["rank", "tied", "id", "name", "rating", "stated_rank"].iter().map(|h| (*h).to_owned()).collect();
    header.extend(s.tie_breaks.iter().map(ToString::to_string));
    writer.write_record(&header)?;
    for line in &s.lines {
        let mut row = vec![
            line.rank.to_string(),
            line.tied.to_string(),
            line.id.to_string(),
            line.name.clone(),
            line.rating.map_or_else(String::new, |r| r.to_string()),
            line.stated_rank.map_or_else(String::new, |r| r.to_string()),
        ];
        row.extend((0..s.tie_breaks.len()).map(|k| s.shown(line, k).unwrap_or_default()));
        writer.write_record(&row)?;
    }
    writer.flush()
}
