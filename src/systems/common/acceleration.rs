//! The acceleration in the explanations: what it adds to a bracket's score (C.04.7; the virtual
//! points of the 250/XXA records or of the Baku method, as the state has them).

/// What acceleration adds to a bracket's score, for the explanations (the acceleration is named
/// where it moves a player's score; docs/output.md, "A differing round"): ` (1.0 points with the
/// acceleration's virtual point)` when every player of `players` carries the same virtual points in
/// `state`, ` (3 of its players with virtual points of the acceleration)` when only some do, else
/// nothing. The virtual points are the 250/XXA records' or the Baku method's (C.04.7 1), as the
/// state has them.
pub fn note(
    state: &crate::state::RoundState,
    score: crate::model::Points,
    players: impl IntoIterator<Item = crate::model::PlayerId>,
) -> String {
    let accelerations: Vec<crate::model::Points> = players
        .into_iter()
        .filter_map(|id| state.players.iter().find(|c| c.id == id))
        .map(|c| c.acceleration)
        .collect();
    note_of(score, &accelerations)
}

/// [`note`] from the virtual points of the bracket's players.
pub fn note_of(score: crate::model::Points, accelerations: &[crate::model::Points]) -> String {
    let accelerated = accelerations.iter().filter(|a| !a.is_zero()).count();
    match accelerations.first() {
        _ if accelerated == 0 => String::new(),
        Some(&first) if accelerated == accelerations.len() && accelerations.iter().all(|&a| a == first) => {
            let virtual_points = if first == crate::model::Points::ONE {
                "virtual point".to_owned()
            } else {
                format!("virtual {first} points")
            };
            format!(" ({score} points with the acceleration's {virtual_points})")
        }
        _ => {
            let points = if accelerated == 1 { "a virtual point" } else { "virtual points" };
            format!(" ({accelerated} of its players with {points} of the acceleration)")
        }
    }
}
