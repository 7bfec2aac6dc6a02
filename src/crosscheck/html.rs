//! The endorsement report as one self-contained page (`crosscheck --report FILE.html`, and
//! `crosscheck merge --report`): the figures FIDE's endorsement form asks for, then each
//! difference with trfcheck's explanation, the saved files and the smallest reproducer, and each
//! failure of the program. The page is the template `templates/crosscheck.html`, which escapes
//! every value it writes (the program's command line among them), with the check report's style
//! sheet; the record at its head (version, time, command line) is the check report's
//! ([`crate::report::html::Record`]).

use askama::Template;

use super::{Difference, Direction, Shrink, Summary, reproducer_commands};
use crate::report::html::Record;

/// The page of `summary`, made as `record` says; `merged`: the report of `crosscheck merge`, whose
/// wall time is the parts' summed.
pub fn render(summary: &Summary, record: &Record, merged: bool) -> std::io::Result<String> {
    let title = match summary.direction {
        Direction::Pairs => format!("trfcheck crosscheck of {} under {}", summary.engine, summary.system),
        Direction::Generates => {
            format!("trfcheck crosscheck of the tournaments {} generated, under {}", summary.engine, summary.system)
        }
    };
    let (does, paired, trfcheck_does) = match summary.direction {
        Direction::Pairs => ("pairs every round of trfcheck's random tournaments", "paired", "generating and checking"),
        Direction::Generates => {
            ("generates the tournaments, paired by itself, that trfcheck checks", "generated", "checking")
        }
    };
    let last_seed = summary.seed + u64::from(summary.shard.map_or(summary.tournaments, |p| p.of).saturating_sub(1));
    let page = CrosscheckPage {
        title,
        record,
        s: summary,
        does,
        paired,
        trfcheck_does,
        options: crate::systems::system::describe_options(&summary.options),
        seeds: if last_seed == summary.seed {
            format!("seed {last_seed}")
        } else {
            format!("seeds {}–{last_seed}", summary.seed)
        },
        merged,
        entrants: if summary.team_system() { "Teams" } else { "Players" },
        differences: summary.differences.iter().map(|d| DifferenceView::of(d, summary)).collect(),
    };
    page.render().map_err(std::io::Error::other)
}

/// The page: `templates/crosscheck.html`.
#[derive(Template)]
#[template(path = "crosscheck.html")]
struct CrosscheckPage<'a> {
    title: String,
    record: &'a Record,
    s: &'a Summary,
    /// What the program does, the verb of its rounds (`paired`, `generated`), and what trfcheck's
    /// time was spent on.
    does: &'static str,
    paired: &'static str,
    trfcheck_does: &'static str,
    /// The organiser's options the checks used (Lim's Maxi-tournament), empty when none.
    options: String,
    /// The seeds of all the tournaments of the run (of every part): `seeds 1–20`.
    seeds: String,
    /// The report of `crosscheck merge`: its wall time is the parts'.
    merged: bool,
    /// What a tournament is drawn in: players, or teams under a team system.
    entrants: &'static str,
    differences: Vec<DifferenceView<'a>>,
}

/// A difference, with the commands that show its smallest reproducer again.
struct DifferenceView<'a> {
    it: &'a Difference,
    /// The program's command line on the shrunk input, and `check` on it with the program's
    /// pairing (empty when nothing was saved).
    pair_again: String,
    see_why: String,
}

impl<'a> DifferenceView<'a> {
    fn of(difference: &'a Difference, summary: &Summary) -> DifferenceView<'a> {
        let commands = match &difference.shrunk {
            Some(Shrink::Shrunk(shrunk)) => reproducer_commands(shrunk, summary),
            _ => None,
        };
        let (pair_again, see_why) = commands.unwrap_or_default();
        DifferenceView { it: difference, pair_again, see_why }
    }
}
