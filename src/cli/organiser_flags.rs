//! The organiser's option flags given for a file whose system does not have them: the FMJD flags
//! (`--floats`, `--colour-preference`, `--acceleration`, `--bye-points`; Annex 5 options apply to
//! the FMJD systems only) and `--lim-maxi` (the Lim system's Maxi-tournament, C.04.4.3 3.2.3, 3.8,
//! 5.7).

use crate::model::OrganiserFlags;
use crate::systems::SystemId;

/// The warning that the organiser's option flags given do nothing under `system`, if any.
pub(super) fn unused_organiser_flags(system: SystemId, flags: &OrganiserFlags) -> Option<String> {
    let draughts = &flags.draughts;
    let fmjd: Vec<&str> = [
        ("--floats", draughts.floats.is_some()),
        ("--colour-preference", draughts.colour_preference.is_some()),
        ("--acceleration", draughts.acceleration.is_some()),
        ("--bye-points", draughts.bye_points.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, set)| set.then_some(flag))
    .collect();
    let mut warnings = Vec::new();
    if !system.is_fmjd() && !fmjd.is_empty() {
        warnings.push(ignored(&fmjd, "the FMJD systems", system));
    }
    if system != SystemId::Lim2026 && flags.lim_maxi {
        warnings.push(ignored(&["--lim-maxi"], "the Lim system (lim-2026)", system));
    }
    (!warnings.is_empty()).then(|| warnings.join("; "))
}

/// `--floats, --acceleration apply to the FMJD systems only; dutch-2025 ignores them`.
fn ignored(given: &[&str], to: &str, system: SystemId) -> String {
    let (verb, object) = if given.len() == 1 { ("applies", "it") } else { ("apply", "them") };
    format!("{} {verb} to {to} only; {system} ignores {object}", given.join(", "))
}
