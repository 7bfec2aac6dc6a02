//! The FMJD option flags (`--floats`, `--colour-preference`, `--acceleration`, `--bye-points`)
//! given for a file whose system is not one of FMJD's (Annex 5 options apply to FMJD systems only).

use crate::systems::SystemId;

/// The warning that the FMJD option flags given do nothing under `system`, if any.
pub(super) fn unused_draughts_flags(system: SystemId, draughts: &crate::model::DraughtsOptions) -> Option<String> {
    if system.is_fmjd() {
        return None;
    }
    let given: Vec<&str> = [
        ("--floats", draughts.floats.is_some()),
        ("--colour-preference", draughts.colour_preference.is_some()),
        ("--acceleration", draughts.acceleration.is_some()),
        ("--bye-points", draughts.bye_points.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, set)| set.then_some(flag))
    .collect();
    if given.is_empty() {
        return None;
    }
    let (verb, object) = if given.len() == 1 { ("applies", "it") } else { ("apply", "them") };
    Some(format!("{} {verb} to the FMJD systems only; {system} ignores {object}", given.join(", ")))
}
