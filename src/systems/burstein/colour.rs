//! Colour allocation (C.04.4.2 art. 5).

use crate::model::Colour;

use super::player::{BursteinPlayer, preferences_agree};

/// The article of 5.2 that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decided {
    /// 5.2.1: neither player has played; the higher ranked gets the initial colour with an odd TPN.
    FirstGame,
    /// 5.2.2: both colour preferences granted.
    BothPreferences,
    /// 5.2.3: the stronger colour preference granted.
    StrongerPreference,
    /// 5.2.4: the colours alternated to the latest round in which they differed.
    Alternation,
    /// 5.2.5: the higher ranked player's preference granted.
    HigherRanked,
}

impl Decided {
    pub fn article(self) -> &'static str {
        match self {
            Decided::FirstGame => "5.2.1",
            Decided::BothPreferences => "5.2.2",
            Decided::StrongerPreference => "5.2.3",
            Decided::Alternation => "5.2.4",
            Decided::HigherRanked => "5.2.5",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Decided::FirstGame => {
                "when both players have yet to play a game, the higher ranked one gets the initial colour with an odd TPN"
            }
            Decided::BothPreferences => "grant both colour preferences",
            Decided::StrongerPreference => "grant the stronger colour preference",
            Decided::Alternation => {
                "alternate the colours to the most recent time in which one player had White and the other Black"
            }
            Decided::HigherRanked => "grant the colour preference of the higher ranked player",
        }
    }
}

/// The colour `x` gets against `y` (5.2, in descending priority), and the article that decides it.
/// "Higher ranked" is the order of 1.8; played games only count in the colour histories, aligned
/// from the latest (C.04.2 3.4).
pub(crate) fn allocate(x: &BursteinPlayer, y: &BursteinPlayer, initial: Colour) -> (Colour, Decided) {
    let x_higher = x.ranks_above(y);
    if x.colours.is_empty() && y.colours.is_empty() {
        let higher = if x_higher { x } else { y };
        let higher_colour = if higher.tpn() % 2 == 1 { initial } else { initial.opposite() };
        let colour = if x_higher { higher_colour } else { higher_colour.opposite() };
        return (colour, Decided::FirstGame);
    }
    if preferences_agree(x, y) {
        let colour = x.preference.or(y.preference.map(Colour::opposite)).unwrap_or(initial);
        return (colour, Decided::BothPreferences);
    }
    // Both have a preference here, for the same colour (preferences that disagree are both present).
    let Some(wanted) = x.preference else { return (initial, Decided::BothPreferences) };
    let (strength_x, strength_y) = (x.strength, y.strength);
    if strength_x != strength_y {
        let colour = if strength_x > strength_y { wanted } else { wanted.opposite() };
        return (colour, Decided::StrongerPreference);
    }
    if let Some((_, theirs)) = x.colours.iter().rev().zip(y.colours.iter().rev()).find(|(a, b)| a != b) {
        return (*theirs, Decided::Alternation);
    }
    let colour = if x_higher { wanted } else { wanted.opposite() };
    (colour, Decided::HigherRanked)
}
