//! Colour allocation, section E: for each pair, with descending priority, grant both preferences
//! (E.1), the stronger one (E.2), alternate to the most recent round in which the two had
//! different colours (E.3), grant the higher-ranked player's preference (E.4); in the first round
//! the S1 players alternate (E.5).

use crate::model::Colour;
use crate::state::compatible_preferences;

use super::round::Round;

/// The rule of section E (or the reading) that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    E1,
    E2,
    E3,
    E4,
    /// E.5: the first round.
    E5,
    /// Neither player has a colour preference (neither has played): E.1–E.4 decide nothing; the
    /// higher-ranked player gets white (docs/dutch-2012.md, reading 2012-9).
    Unsettled,
}

impl Rule {
    pub fn article(self) -> &'static str {
        match self {
            Rule::E1 => "E.1",
            Rule::E2 => "E.2",
            Rule::E3 => "E.3",
            Rule::E4 => "E.4",
            Rule::E5 => "E.5",
            Rule::Unsettled => "E.4 (reading: neither player has a preference)",
        }
    }
}

/// The colour of `higher` (ranked above `lower` by A.2) in a round after the first, and the rule
/// that decided it.
pub fn colour_of_higher(round: &Round, higher: usize, lower: usize) -> (Colour, Rule) {
    let (p, q) = (&round.players[higher], &round.players[lower]);
    if p.preference.is_none() && q.preference.is_none() {
        // E.1–E.4 decide nothing between two players without games, and E.5 is for the first
        // round only: the higher-ranked player gets white, as JavaPairing (endorsed for these
        // rules) gives it.
        return (Colour::White, Rule::Unsettled);
    }
    if compatible_preferences(p.preference, q.preference) {
        let colour = p.preference.or(q.preference.map(Colour::opposite)).unwrap_or(round.initial_colour);
        return (colour, Rule::E1);
    }
    // Both want the same colour.
    let wanted = p.preference.unwrap_or(round.initial_colour);
    if p.strength != q.strength {
        let colour = if p.strength > q.strength { wanted } else { wanted.opposite() };
        return (colour, Rule::E2);
    }
    // E.3: the played games only, aligned from the latest (unplayed rounds left out).
    if let Some((mine, _)) = p.colours.iter().rev().zip(q.colours.iter().rev()).find(|(a, b)| a != b) {
        return (mine.opposite(), Rule::E3);
    }
    (wanted, Rule::E4)
}

/// The colours of the pairs of a round: `pairs` as (S1 player, S2 player) indices. Returns
/// (white, black) and the deciding rule for each, in the order of the higher-ranked players.
pub fn allocate(round: &Round, pairs: &[(usize, usize)]) -> Vec<(usize, usize, Rule)> {
    let mut ordered: Vec<(usize, usize)> = pairs.to_vec();
    ordered.sort_unstable_by_key(|&(a, b)| a.min(b));
    ordered
        .iter()
        .map(|&(s1, s2)| {
            let (higher, lower) = (s1.min(s2), s1.max(s2));
            if round.number == 1 {
                // E.5: "all even numbered players in S1 will receive a colour different from all
                // odd numbered players in S1"; the odd ones get the colour drawn by lot, as
                // player 1 does.
                let odd = round.players[s1].rank.is_multiple_of(2);
                let colour = if odd { round.initial_colour } else { round.initial_colour.opposite() };
                return match colour {
                    Colour::White => (s1, s2, Rule::E5),
                    Colour::Black => (s2, s1, Rule::E5),
                };
            }
            let (colour, rule) = colour_of_higher(round, higher, lower);
            match colour {
                Colour::White => (higher, lower, rule),
                Colour::Black => (lower, higher, rule),
            }
        })
        .collect()
}
