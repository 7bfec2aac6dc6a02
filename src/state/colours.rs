//! Colour histories and preferences (C.04.3 1.6–1.7; C.04.2 3.4: only played games count).

use super::PastRound;
use crate::model::{Colour, EntryKind};

/// How strongly a player wants a colour (C.04.3 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PreferenceStrength {
    /// No games played: no preference (1.7.4).
    None,
    /// Colour difference 0: alternate with the last game (1.7.3).
    Mild,
    /// Colour difference ±1 (1.7.2).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest games (1.7.1).
    Absolute,
}

/// A player's colours in the games they played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColourHistory {
    /// Colours of the games played over the board, oldest first (unplayed rounds left out).
    pub sequence: Vec<Colour>,
    pub whites: u32,
    pub blacks: u32,
}

impl ColourHistory {
    pub fn from_past(past: &[PastRound]) -> ColourHistory {
        let mut history = ColourHistory { sequence: Vec::with_capacity(past.len()), ..ColourHistory::default() };
        for round in past {
            if let EntryKind::Played { colour, .. } = round.kind {
                history.sequence.push(colour);
                match colour {
                    Colour::White => history.whites += 1,
                    Colour::Black => history.blacks += 1,
                }
            }
        }
        history
    }

    /// Whites minus blacks (1.6).
    pub fn difference(&self) -> i64 {
        i64::from(self.whites) - i64::from(self.blacks)
    }

    /// The size of the colour difference.
    pub fn imbalance(&self) -> u32 {
        self.whites.abs_diff(self.blacks)
    }

    pub fn last(&self) -> Option<Colour> {
        self.sequence.last().copied()
    }

    /// The colour of the two latest games, when they had the same one.
    pub fn repeated(&self) -> Option<Colour> {
        match self.sequence.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        }
    }

    /// The colour played less often, when the difference is not zero.
    fn lower(&self) -> Option<Colour> {
        match self.whites.cmp(&self.blacks) {
            std::cmp::Ordering::Greater => Some(Colour::Black),
            std::cmp::Ordering::Less => Some(Colour::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The colour the player should ideally get next (1.7).
    pub fn preference(&self) -> Option<Colour> {
        if self.imbalance() > 1 {
            return self.lower();
        }
        if let Some(repeated) = self.repeated() {
            return Some(repeated.opposite());
        }
        if self.imbalance() > 0 {
            return self.lower();
        }
        self.last().map(Colour::opposite)
    }

    pub fn strength(&self) -> PreferenceStrength {
        if self.sequence.is_empty() {
            PreferenceStrength::None
        } else if self.imbalance() > 1 || self.repeated().is_some() {
            PreferenceStrength::Absolute
        } else if self.imbalance() > 0 {
            PreferenceStrength::Strong
        } else {
            PreferenceStrength::Mild
        }
    }

    pub fn is_absolute(&self) -> bool {
        self.strength() == PreferenceStrength::Absolute
    }

    /// An absolute preference that comes from the colour difference (beyond ±1).
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance() > 1
    }

    pub fn is_strong(&self) -> bool {
        self.strength() == PreferenceStrength::Strong
    }
}

/// True when two preferences can both be granted (different, or either player has none).
pub fn compatible_preferences(a: Option<Colour>, b: Option<Colour>) -> bool {
    a.is_none() || b.is_none() || a != b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Outcome, Points};

    fn history(colours: &str) -> ColourHistory {
        let past: Vec<PastRound> = colours
            .chars()
            .map(|c| PastRound {
                kind: match c {
                    'W' => {
                        EntryKind::Played { opponent: 99, colour: Colour::White, outcome: Outcome::Draw, rated: true }
                    }
                    'B' => {
                        EntryKind::Played { opponent: 99, colour: Colour::Black, outcome: Outcome::Draw, rated: true }
                    }
                    _ => EntryKind::NotRecorded,
                },
                points: Points::ZERO,
                score_before: Points::ZERO,
                acceleration: Points::ZERO,
            })
            .collect();
        ColourHistory::from_past(&past)
    }

    #[test]
    fn preferences_follow_1_7() {
        // 1.7.1: two blacks in a row (an unplayed round in between does not break the run, C.04.2 3.4).
        assert_eq!(
            (history("WBuB").preference(), history("WBuB").strength()),
            (Some(Colour::White), PreferenceStrength::Absolute)
        );
        // 1.7.1: colour difference +2.
        let h = history("WBWW");
        assert_eq!(
            (h.preference(), h.strength(), h.absolute_imbalance()),
            (Some(Colour::Black), PreferenceStrength::Absolute, true)
        );
        // 1.7.2: difference -1.
        assert_eq!(
            (history("B").preference(), history("B").strength()),
            (Some(Colour::White), PreferenceStrength::Strong)
        );
        // 1.7.3: balanced: alternate.
        assert_eq!(
            (history("BW").preference(), history("BW").strength()),
            (Some(Colour::Black), PreferenceStrength::Mild)
        );
        // 1.7.4: no games.
        assert_eq!((history("uu").preference(), history("uu").strength()), (None, PreferenceStrength::None));
    }
}
