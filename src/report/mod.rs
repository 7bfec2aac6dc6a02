//! What a run tells: per file, as text for people or JSON for programs (SPEC.md, `schema: 1`).

pub mod bbp;
pub mod javafo;
pub mod standings_table;
pub mod text;

use std::io::{self, Write};

use serde::Serialize;

use crate::diagnostics::render::{self, Style};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::exit::Status;
use crate::formats::Loaded;
use crate::model::SourceFormat;

/// JSON schema number; bumped only when a field is removed or changes meaning.
pub const SCHEMA: u32 = 1;

/// Output format of `check`, `validate` and `watch`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    #[default]
    Text,
    Json,
    /// The bbpPairings/JaVaFo checker layout (`check` only).
    Bbp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStatus {
    Match,
    Mismatch,
    NoValidPairing,
    NotChecked,
}

/// One round's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundReport {
    pub round: u32,
    pub status: RoundStatus,
    /// `[white, black]` by pairing number, a PAB as `[player, 0]`, in board order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Vec<[u32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<Vec<[u32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// The criterion or article the explanation rests on (`C12`, `5.2.1`, `art. 4`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub criterion: Option<String>,
    /// The recorded pairing beats the computed one on a criterion: a trfcheck bug.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub engine_bug: bool,
    /// Why a round was not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The boards behind the verdict, for the text and bbpPairings renderings.
    #[serde(skip)]
    pub detail: Option<RoundDetail>,
}

/// The pairings a round verdict compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundDetail {
    /// The pairing computed under the system, in board order.
    pub computed: Vec<crate::systems::pairing::Board>,
    /// The recorded pairing, in board order.
    pub recorded: Vec<crate::systems::pairing::Board>,
    /// The computed boards the record does not have, and the recorded boards of their players, in
    /// board order (the reference checker's two columns).
    pub differing_computed: Vec<crate::systems::pairing::Board>,
    pub differing_recorded: Vec<crate::systems::pairing::Board>,
}

impl RoundReport {
    pub fn not_checked(round: u32, reason: String) -> RoundReport {
        RoundReport {
            round,
            status: RoundStatus::NotChecked,
            expected: None,
            recorded: None,
            explanation: None,
            criterion: None,
            engine_bug: false,
            reason: Some(reason),
            detail: None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub rounds_checked: u32,
    pub mismatched_rounds: Vec<u32>,
    /// Rounds given no verdict (`not-checked`, each with its reason), when the engine ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_checked_rounds: Vec<u32>,
}

/// The outcome of `check` for one file.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub schema: u32,
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<SourceFormat>,
    pub system: Option<String>,
    pub system_source: Option<String>,
    /// Why this system: how it was declared, dated, or assumed.
    pub system_reason: Option<String>,
    /// When the rules checked are only the nearest trfcheck has (not those in force then), why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_caveat: Option<String>,
    /// The FMJD organiser's options used, each with where it came from (flag, XDO record, default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<crate::systems::fmjd::UsedOption>>,
    pub rounds: Vec<RoundReport>,
    pub summary: Summary,
    pub status: Status,
    /// What stopped the check, when something did (unreadable file, invalid file, no system, no engine).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// The final standings of an FMJD system (section 5 and the tie-breaks of 3.1); an added field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standings: Option<crate::standings::Standings>,
}

impl CheckReport {
    pub fn new(file: String) -> CheckReport {
        CheckReport {
            schema: SCHEMA,
            file,
            format: None,
            system: None,
            system_source: None,
            system_reason: None,
            system_caveat: None,
            options: None,
            rounds: Vec::new(),
            summary: Summary::default(),
            status: Status::Ok,
            error: None,
            diagnostics: Vec::new(),
            standings: None,
        }
    }

    /// One line, for `watch` and logs.
    pub fn summary_line(&self) -> String {
        let errors = self.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = self.diagnostics.iter().filter(|d| d.severity == crate::diagnostics::Severity::Warning).count();
        let findings = match (errors, warnings) {
            (0, 0) => String::new(),
            (e, w) => format!(" [{e} error{}, {w} warning{}]", plural(e), plural(w)),
        };
        let system = match (self.system.as_deref(), &self.system_caveat) {
            (Some(s), Some(_)) => format!(" {s} (the nearest rules trfcheck has; the event predates them):"),
            (Some(s), None) => format!(" {s}:"),
            (None, _) => String::new(),
        };
        let verdict = match (&self.error, self.status) {
            (Some(error), _) => error.clone(),
            (None, Status::Ok) => {
                format!("all {} checked rounds match", self.summary.rounds_checked)
            }
            (None, _) => {
                let rounds: Vec<String> = self.summary.mismatched_rounds.iter().map(u32::to_string).collect();
                format!(
                    "{} of {} checked rounds differ (rounds {})",
                    rounds.len(),
                    self.summary.rounds_checked,
                    rounds.join(", ")
                )
            }
        };
        let verdict = match (&self.error, self.summary.not_checked_rounds.as_slice()) {
            (None, not_checked @ [_, ..]) => {
                let rounds: Vec<String> = not_checked.iter().map(u32::to_string).collect();
                format!("{verdict}; {} not checked (rounds {})", rounds.len(), rounds.join(", "))
            }
            _ => verdict,
        };
        format!("{}:{system} {verdict}{findings}", self.file)
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The outcome of `validate` for one file.
#[derive(Clone, Debug, Serialize)]
pub struct ValidationReport {
    pub schema: u32,
    pub file: String,
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<SourceFormat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<crate::formats::source::Encoding>,
    pub players: usize,
    pub rounds_paired: u32,
    /// The next round, when the file carries its markers (byes and absences set in advance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_to_pair: Option<u32>,
    pub errors: usize,
    pub warnings: usize,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
}

impl ValidationReport {
    pub fn summary_line(&self) -> String {
        if let Some(error) = &self.error {
            return format!("{}: {error}", self.file);
        }
        let verdict = if self.valid { "valid" } else { "invalid" };
        let pending = self.round_to_pair.map(|r| format!(", round {r} to pair")).unwrap_or_default();
        format!(
            "{}: {verdict} ({} player{}, {} round{} paired{pending}; {} error{}, {} warning{})",
            self.file,
            self.players,
            plural(self.players),
            self.rounds_paired,
            plural(self.rounds_paired as usize),
            self.errors,
            plural(self.errors),
            self.warnings,
            plural(self.warnings)
        )
    }
}

/// Writes rendered findings (to stderr in the CLI) for one file.
pub fn write_diagnostics(
    out: &mut dyn Write,
    loaded: Option<&Loaded>,
    path: &str,
    diagnostics: &Diagnostics,
    style: Style,
) -> io::Result<()> {
    for diagnostic in diagnostics {
        let text = render::render(path, loaded.map(|l| &l.source), diagnostic, style);
        writeln!(out, "{text}")?;
    }
    Ok(())
}

/// One JSON object per line.
pub fn write_json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)?;
    writeln!(out)
}
