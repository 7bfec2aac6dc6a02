//! What `watch` prints besides the summary line: the start line, the rounds of each check (the
//! text renderer of `check`), what changed since the file's last check, and the time of each JSON
//! line.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::SystemTime;

use serde::Serialize;

use super::{Root, RootKind, WatchOptions};
use crate::exit::Status;
use crate::report::table::{Mode, status_label};
use crate::report::{CheckReport, OutputFormat, RoundStatus};

/// One line on standard error when watching starts: what is watched, how many tournament files
/// were found, and the output format. (On standard error in every format: standard output is one
/// report per line, and its readers take every line for one.)
pub fn start_line(roots: &[Root], found: usize, options: &WatchOptions) -> String {
    let watched: Vec<String> = roots
        .iter()
        .map(|root| match root.kind {
            RootKind::Directory => format!("{} (a folder, with its subfolders)", root.given.display()),
            RootKind::File => root.given.display().to_string(),
        })
        .collect();
    let format = match options.format {
        OutputFormat::Json => "JSON, one object per check on standard output",
        OutputFormat::Text | OutputFormat::Bbp => {
            "text, a summary line per check on standard output, the rounds on standard error"
        }
    };
    format!(
        "trfcheck: watching {}; {found} tournament file{} found; output: {format}; Ctrl-C stops",
        watched.join(", "),
        if found == 1 { "" } else { "s" }
    )
}

/// A check as one JSON line: the `check` report with the time it ended, the rounds whose verdict
/// was kept from the file's last check, and what changed since that check.
#[derive(Serialize)]
pub struct JsonLine<'a> {
    /// RFC 3339, UTC, to the millisecond.
    pub time: String,
    #[serde(flatten)]
    pub report: &'a CheckReport,
    /// Rounds not checked again: their inputs are those of the last check of the file.
    pub reused_rounds: &'a [u32],
    /// Absent on the first check of a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<&'a Changes>,
}

/// The round verdicts of a report, and the file's status when its check stopped before the rounds
/// (an invalid or unreadable file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdicts(BTreeMap<u32, RoundStatus>, Option<&'static str>);

impl Verdicts {
    pub fn of(report: &CheckReport) -> Verdicts {
        let stopped = match report.status {
            Status::Invalid | Status::Io => Some(status_label(report.status, Mode::Check)),
            _ => None,
        };
        Verdicts(report.rounds.iter().map(|round| (round.round, round.status)).collect(), stopped)
    }

    /// True when the check stopped before the rounds.
    pub fn stopped(&self) -> bool {
        self.1.is_some()
    }

    /// What changed from these verdicts (the last report) to `now`. A file that became invalid or
    /// unreadable says so, not that every round was removed.
    pub fn changes(&self, now: &Verdicts) -> Changes {
        let mut changes = Changes::default();
        if let Some(stopped) = now.1 {
            changes.now = Some(stopped);
            return changes;
        }
        for (&round, &after) in &now.0 {
            match self.0.get(&round) {
                None => changes.rounds_added.push(round),
                Some(&before) if before != after => {
                    changes.verdicts_changed.push(VerdictChange { round, before, after })
                }
                Some(_) => {}
            }
        }
        changes.rounds_removed = self.0.keys().filter(|round| !now.0.contains_key(round)).copied().collect();
        changes
    }
}

/// What changed since the last check of a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Changes {
    pub rounds_added: Vec<u32>,
    pub rounds_removed: Vec<u32>,
    pub verdicts_changed: Vec<VerdictChange>,
    /// `invalid` or `unreadable` when the file's check now stops before its rounds; the rounds
    /// are then neither added nor removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerdictChange {
    pub round: u32,
    pub before: RoundStatus,
    pub after: RoundStatus,
}

impl Changes {
    /// "round 11 added; round 4: match → mismatch", or that nothing changed.
    fn text(&self) -> String {
        if let Some(now) = self.now {
            return format!("now {now}: its rounds are not checked until it is read again");
        }
        let mut parts = Vec::new();
        if !self.rounds_added.is_empty() {
            parts.push(format!("{} added", rounds(&self.rounds_added)));
        }
        if !self.rounds_removed.is_empty() {
            parts.push(format!("{} removed", rounds(&self.rounds_removed)));
        }
        for change in &self.verdicts_changed {
            parts.push(format!("round {}: {} → {}", change.round, status(change.before), status(change.after)));
        }
        if parts.is_empty() {
            return "no round added or removed, no verdict changed".into();
        }
        parts.join("; ")
    }
}

fn status(status: RoundStatus) -> &'static str {
    match status {
        RoundStatus::Match => "match",
        RoundStatus::Mismatch => "mismatch",
        RoundStatus::NoValidPairing => "no valid pairing",
        RoundStatus::NotChecked => "not checked",
    }
}

/// "round 4", "rounds 1, 2, 5".
fn rounds(list: &[u32]) -> String {
    let numbers: Vec<String> = list.iter().map(u32::to_string).collect();
    format!("round{} {}", if list.len() == 1 { "" } else { "s" }, numbers.join(", "))
}

/// The rounds of a check as `check` prints them (a line per round, the diff and the why line of
/// each differing round), on standard error: every round on a file's first check; on a re-check,
/// the rounds added and those whose verdict changed, then what changed since the file's last check
/// (one line when nothing did). The summary line is left to standard output.
pub fn write_rounds(report: &CheckReport, reused: &[u32], changes: Option<&Changes>) {
    let mut rendered = Vec::new();
    let written = match changes {
        None => crate::report::text::write_details(&mut rendered, report),
        Some(changes) => crate::report::text::write_rounds(&mut rendered, report, |round| {
            changes.rounds_added.contains(&round) || changes.verdicts_changed.iter().any(|c| c.round == round)
        }),
    };
    if written.is_err() {
        return;
    }
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let _ = err.write_all(&rendered);
    if let Some(changes) = changes {
        let kept =
            if reused.is_empty() { String::new() } else { format!(" ({} kept: inputs unchanged)", rounds(reused)) };
        let _ = writeln!(err, "{}: since the last check: {}{kept}", report.file, changes.text());
    }
}

/// A time as RFC 3339 in UTC, to the millisecond: `2026-11-27T18:30:00.000Z`.
pub fn rfc3339(time: SystemTime) -> String {
    match jiff::Timestamp::try_from(time) {
        Ok(timestamp) => format!("{timestamp:.3}"),
        // Outside jiff's range (years -9999 to 9999): not a time a clock gives.
        Err(_) => format!("{:.3}", jiff::Timestamp::UNIX_EPOCH),
    }
}

/// The local time of day, `17:04:09`, that starts each text line of `watch` (the system's time
/// zone; UTC when it has none).
pub fn local_time(time: SystemTime) -> String {
    jiff::Timestamp::try_from(time)
        .map(|timestamp| timestamp.to_zoned(jiff::tz::TimeZone::system()).strftime("%H:%M:%S").to_string())
        .unwrap_or_default()
}

/// The summary line of a check as text `watch` prints it: the local time, then the line, coloured by
/// its status when `colour` (green for a match, red for a difference or an invalid file, yellow
/// for a file that could not be checked).
pub fn summary_line(report: &CheckReport, time: SystemTime, colour: bool) -> String {
    let line = report.summary_line();
    let style = match report.status {
        Status::Ok => anstyle::AnsiColor::Green,
        Status::Mismatch | Status::Invalid | Status::Io => anstyle::AnsiColor::Red,
        _ => anstyle::AnsiColor::Yellow,
    };
    let style = anstyle::Style::new().fg_color(Some(style.into()));
    if colour { format!("{} {style}{line}{style:#}", local_time(time)) } else { format!("{} {line}", local_time(time)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn times_are_rfc_3339() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        // date -u -d @1795804200.25 +%FT%T → 2026-11-27T18:30:00
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_millis(1_795_804_200_250)), "2026-11-27T18:30:00.250Z");
        // A leap day, and the last second of a year.
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29T00:00:00.000Z");
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_secs(1_798_761_599)), "2026-12-31T23:59:59.000Z");
    }

    #[test]
    fn changes_name_rounds_added_and_verdicts_changed() {
        let before = Verdicts([(1, RoundStatus::Match), (2, RoundStatus::Match)].into_iter().collect(), None);
        let after = Verdicts(
            [(1, RoundStatus::Match), (2, RoundStatus::Mismatch), (3, RoundStatus::Match)].into_iter().collect(),
            None,
        );
        let changes = before.changes(&after);
        assert_eq!(changes.text(), "round 3 added; round 2: match → mismatch");
        assert_eq!(after.changes(&before).text(), "round 3 removed; round 2: mismatch → match");
        assert_eq!(after.changes(&after).text(), "no round added or removed, no verdict changed");
        // A save that makes the file invalid: said so, not as its rounds removed.
        let invalid = Verdicts(BTreeMap::new(), Some("invalid"));
        let changes = after.changes(&invalid);
        assert_eq!(changes.text(), "now invalid: its rounds are not checked until it is read again");
        assert!(changes.rounds_removed.is_empty());
        // Valid again: the rounds checked since are added.
        assert_eq!(invalid.changes(&before).text(), "rounds 1, 2 added");
    }
}
