//! Colour allocation (C.04.3 art. 5; 2017 section E).

use crate::model::Colour;
use crate::state::compatible_preferences;

use super::player::DutchPlayer;

/// The colour `player` gets against `opponent`, or `None` when no preference or history decides.
fn by_preferences(player: &DutchPlayer, opponent: &DutchPlayer) -> Option<Colour> {
    // 5.2.1: grant both preferences.
    if compatible_preferences(player.preference, opponent.preference) {
        return player.preference.or(opponent.preference.map(Colour::opposite));
    }
    // 5.2.2: grant the stronger preference; of two absolute ones, the wider colour difference.
    if player.is_absolute() && (player.imbalance > opponent.imbalance || !opponent.is_absolute()) {
        return player.preference;
    }
    if opponent.is_absolute() && (opponent.imbalance > player.imbalance || !player.is_absolute()) {
        return opponent.preference.map(Colour::opposite);
    }
    if player.is_strong() && !opponent.is_strong() {
        return player.preference;
    }
    if opponent.is_strong() && !player.is_strong() {
        return opponent.preference.map(Colour::opposite);
    }
    // 5.2.3: alternate the colours to the most recent round in which they differed (played games
    // only, aligned from the latest: C.04.2 3.4).
    player.colours.iter().rev().zip(opponent.colours.iter().rev()).find(|(a, b)| a != b).map(|(_, theirs)| *theirs)
}

/// The colour of `player`, paired with `opponent`; `player_is_higher` when `player` ranks higher
/// (C.04.3 1.2: score, then pairing number).
pub fn colour_of(player: &DutchPlayer, opponent: &DutchPlayer, player_is_higher: bool, initial: Colour) -> Colour {
    if let Some(colour) = by_preferences(player, opponent) {
        return colour;
    }
    let (higher, colour_of_higher) = match (player.preference, player_is_higher) {
        // 5.2.4: grant the preference of the higher-ranked player (both want the same colour here).
        (Some(preference), true) => return preference,
        (Some(_), false) => return opponent.preference.map_or(initial, Colour::opposite),
        // 5.2.5: the higher-ranked player gets the initial colour with an odd pairing number.
        (None, true) => (player, initial),
        (None, false) => (opponent, initial),
    };
    let higher_colour = if higher.rank % 2 == 0 { colour_of_higher } else { colour_of_higher.opposite() };
    if player_is_higher { higher_colour } else { higher_colour.opposite() }
}
