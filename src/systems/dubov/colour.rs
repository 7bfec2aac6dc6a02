//! Dubov colour preferences (C.04.4.1 2025 1.5) and colour allocation (art. 5), shared by both
//! Dubov versions where their texts agree.
//!
//! The preferences are those of C.04.3 except for a player without a game: the Dubov text gives
//! them a mild preference for Black (1.5.2.4), so every player has a preference. Only played games
//! count, aligned from the latest (C.04.2 3.4, "Article 4.5" in the 2025 numbering).

use crate::model::Colour;
use crate::state::{ColourHistory, PreferenceStrength};

/// A colour preference: every Dubov player has one (1.5.2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub colour: Colour,
    /// Mild, strong or absolute (never `None`).
    pub strength: PreferenceStrength,
}

/// 1.5.2: absolute (colour difference beyond ±1, or the same colour in the two latest games
/// played), strong (difference ±1), mild (difference 0: alternate), and mild Black without games.
/// When a difference of +2 meets two latest blacks (the text gives both colours), the colour
/// difference decides, as in C.04.1 art. 6 and the Dutch 1.7.1.
pub(crate) fn preference(history: &ColourHistory) -> Preference {
    match history.preference() {
        None => Preference { colour: Colour::Black, strength: PreferenceStrength::Mild },
        Some(colour) => Preference { colour, strength: history.strength() },
    }
}

/// What colour allocation needs to know about one player of a pair.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'a> {
    pub preference: Preference,
    /// Colours of the games played, oldest first.
    pub colours: &'a [Colour],
    /// Ranks higher (more points, or equal points and a better initial ranking: 5.2.1).
    pub higher: bool,
    /// The tournament pairing number, 1-based (5.2.1).
    pub pairing_number: u32,
}

/// Which article of 5.2 decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decided {
    /// 5.2.1: neither has played; the initial colour and the pairing number's parity.
    Initial,
    /// 5.2.2: both preferences granted.
    Both,
    /// 5.2.3: the stronger preference.
    Stronger,
    /// 5.2.4: alternation from the latest round in which the colours differed.
    Alternation,
    /// 5.2.5: the higher-ranked player's preference.
    Higher,
}

impl Decided {
    pub(crate) fn article(self) -> &'static str {
        match self {
            Decided::Initial => "5.2.1",
            Decided::Both => "5.2.2",
            Decided::Stronger => "5.2.3",
            Decided::Alternation => "5.2.4",
            Decided::Higher => "5.2.5",
        }
    }
}

/// The colour of `a` against `b` (5.2), and the article that decided it.
pub(crate) fn allocate(a: &Side<'_>, b: &Side<'_>, initial: Colour) -> (Colour, Decided) {
    // 5.2.1: both have yet to play: the higher-ranked player gets the initial colour with an odd
    // pairing number, the other colour with an even one.
    if a.colours.is_empty() && b.colours.is_empty() {
        let (higher, a_is_higher) = if a.higher { (a, true) } else { (b, false) };
        let colour = if higher.pairing_number % 2 == 1 { initial } else { initial.opposite() };
        return (if a_is_higher { colour } else { colour.opposite() }, Decided::Initial);
    }
    // 5.2.2: grant both preferences.
    if a.preference.colour != b.preference.colour {
        return (a.preference.colour, Decided::Both);
    }
    // 5.2.3: grant the stronger preference.
    match a.preference.strength.cmp(&b.preference.strength) {
        std::cmp::Ordering::Greater => return (a.preference.colour, Decided::Stronger),
        std::cmp::Ordering::Less => return (b.preference.colour.opposite(), Decided::Stronger),
        std::cmp::Ordering::Equal => {}
    }
    // 5.2.4: alternate the colours to the most recent round in which one had White and the other
    // Black (played games only, aligned from the latest: C.04.2 3.4).
    if let Some((_, theirs)) = a.colours.iter().rev().zip(b.colours.iter().rev()).find(|(x, y)| x != y) {
        return (*theirs, Decided::Alternation);
    }
    // 5.2.5: the higher-ranked player's preference.
    if a.higher { (a.preference.colour, Decided::Higher) } else { (b.preference.colour.opposite(), Decided::Higher) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn side(colours: &[Colour], strength: PreferenceStrength, colour: Colour, higher: bool, tpn: u32) -> Side<'_> {
        Side { preference: Preference { colour, strength }, colours, higher, pairing_number: tpn }
    }

    #[test]
    fn articles_of_5_2_in_order() {
        use PreferenceStrength::*;
        // 5.2.1: TPN 3 (odd) is the higher player and gets the initial colour, Black here.
        let (c, d) = allocate(&side(&[], Mild, B, true, 3), &side(&[], Mild, B, false, 4), B);
        assert_eq!((c, d), (B, Decided::Initial));
        // TPN 2 (even) is higher: the other colour (White) for them; the lower player gets Black.
        let (c, d) = allocate(&side(&[], Mild, B, false, 5), &side(&[], Mild, B, true, 2), B);
        assert_eq!((c, d), (B, Decided::Initial));
        // 5.2.2.
        assert_eq!(allocate(&side(&[B], Strong, W, false, 9), &side(&[W], Strong, B, true, 1), W).0, W);
        // 5.2.3: absolute White (BB) beats strong White.
        let (c, d) = allocate(&side(&[W, B, B], Absolute, W, false, 9), &side(&[B], Strong, W, true, 1), W);
        assert_eq!((c, d), (W, Decided::Stronger));
        // 5.2.3: absolute Black (WW latest) beats strong Black.
        let (c, d) = allocate(&side(&[B, W, B], Strong, W, false, 9), &side(&[W, B, B], Absolute, W, true, 1), W);
        assert_eq!((c, d), (B, Decided::Stronger));
        // 5.2.4: both strong Black. From the latest: W/W, B/B, then a had W and b had B: the
        // colours of that round are alternated, so a gets Black and b White.
        let (c, d) = allocate(&side(&[W, B, W], Strong, B, false, 9), &side(&[W, W, B, B, W], Strong, B, true, 1), W);
        assert_eq!((c, d), (B, Decided::Alternation));
        // 5.2.5: identical histories: the higher player's preference.
        let (c, d) = allocate(&side(&[W], Strong, B, true, 2), &side(&[W], Strong, B, false, 7), W);
        assert_eq!((c, d), (B, Decided::Higher));
        // A player without games (mild Black, 1.5.2.4) against a mild-Black player who has played
        // the same as nobody: no round differs → 5.2.5.
        let (c, d) = allocate(&side(&[], Mild, B, false, 8), &side(&[B, W], Mild, B, true, 1), W);
        assert_eq!((c, d), (W, Decided::Higher));
    }
}
