//! The JSON objects of `pair` and `standings` (docs/json.md), which `serve` answers with too.

use serde::Serialize;

use crate::model::{OrganiserFlags, Tournament};
use crate::standings::fide::Standings;
use crate::systems::SystemId;
use crate::verify::NextRound;

/// The JSON of `pair --format json` (docs/json.md, "pair").
#[derive(Serialize)]
pub struct PairJson<'a> {
    pub schema: u32,
    pub file: &'a str,
    pub system: SystemId,
    pub system_source: &'a str,
    pub system_reason: &'a str,
    pub round: u32,
    /// `[white, black]` per board in board order, the pairing-allocated bye as `[player, 0]`.
    pub boards: Vec<[u32; 2]>,
    /// What the pairing rests on besides the system, said on standard error in text: the caveat,
    /// the organiser's options chosen by a flag or the XDO record, flags that do nothing.
    pub notes: Vec<String>,
}

/// What a pairing rests on besides its system: the caveat of the system's dates, and the
/// organiser's options when a flag or the XDO record chose one (the JaVaFo layout has no place
/// for them).
pub fn pair_notes(tournament: &Tournament, next: &NextRound, flags: &OrganiserFlags) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(caveat) = &next.resolved.caveat {
        notes.push(format!("note: {caveat}"));
    }
    if let Some(used) = crate::systems::of(next.resolved.system).used_options(tournament, flags)
        && used.iter().any(|o| o.source == "flag" || o.source == "XDO record")
    {
        notes.push(format!("options: {}", crate::systems::system::describe_options(&used)));
    }
    notes
}

impl<'a> PairJson<'a> {
    pub fn new(file: &'a str, next: &'a NextRound, notes: Vec<String>) -> PairJson<'a> {
        PairJson {
            schema: super::SCHEMA,
            file,
            system: next.resolved.system,
            system_source: &next.resolved.source,
            system_reason: &next.resolved.reason,
            round: next.round,
            boards: next.pairing.boards.iter().map(|b| b.as_pair()).collect(),
            notes,
        }
    }
}

/// The JSON of `standings --format json` (docs/json.md, "standings").
pub fn standings_json(name: &str, s: &Standings) -> serde_json::Value {
    let participants: Vec<serde_json::Value> = s
        .lines
        .iter()
        .map(|line| {
            let values: serde_json::Map<String, serde_json::Value> = s
                .tie_breaks
                .iter()
                .enumerate()
                .map(|(k, d)| {
                    (d.to_string(), s.shown(line, k).map_or(serde_json::Value::Null, serde_json::Value::from))
                })
                .collect();
            serde_json::json!({"id": line.id, "name": line.name, "rank": line.rank, "tied": line.tied,
                "stated_rank": line.stated_rank, "values": values})
        })
        .collect();
    serde_json::json!({
        "schema": super::SCHEMA,
        "file": name,
        "rules": s.edition.name(),
        "rules_reason": s.edition_reason,
        "after_round": s.after_round,
        "tie_breaks": s.tie_breaks.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "tie_breaks_source": s.source,
        "participants_are": if s.teams.is_some() { "teams" } else { "players" },
        "primary_score": s.teams,
        "notes": s.notes,
        "participants": participants,
    })
}
