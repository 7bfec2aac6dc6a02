//! Colours in the Swiss Team Pairing System (C.04.6 1.6, 1.7 and 4). A team's colour in a match is
//! its first board's colour in a match actually played (1.6.1), so a team's history here is the
//! sequence of those colours, oldest first. Unplayed rounds are left out of it: "only played games
//! or matches count in situations where the colour sequence is meaningful" (General Handling Rules
//! 3.4, to which 4.3.6 refers), which is the same as moving them to the start of the history.

use crate::model::Colour;

use super::{Edition, Tpn};

/// Which colour preferences the competition uses (1.7): Type A unless its rules say Type B or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PreferenceType {
    #[default]
    A,
    B,
    /// "colour preferences are not to be used at all" (1.7).
    None,
}

/// How strong a colour preference is: Type A preferences are all `Simple` (1.7.1); Type B ones
/// are `Strong` or `Mild` (1.7.2). There are no absolute preferences for teams (0. Preface).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    Mild,
    Simple,
    Strong,
}

/// A team's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Colour,
    pub strength: Strength,
}

/// The colour difference (1.6.2): matches with White minus matches with Black.
pub fn colour_difference(played: &[Colour]) -> i32 {
    played.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
}

/// The colour of the last two played matches, when both were the same.
fn last_two_same(played: &[Colour]) -> Option<Colour> {
    match played {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    }
}

/// The preference of 1.7.1's wording, which Type A calls simple and Type B strong: White when the
/// CD is below −1, or is 0 or −1 after two Blacks in the last two played matches; Black the other
/// way round.
fn firm(played: &[Colour]) -> Option<Colour> {
    let cd = colour_difference(played);
    let last_two = last_two_same(played);
    if cd < -1 || ((cd == 0 || cd == -1) && last_two == Some(Colour::Black)) {
        Some(Colour::White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last_two == Some(Colour::White)) {
        Some(Colour::Black)
    } else {
        None
    }
}

/// A team's colour preference before a round (1.7). `played` is its history (the colours of its
/// played matches, oldest first); `last_round` says whether the round to pair is the last one.
///
/// Reading: under Type B a CD of 0 after two Blacks (or two Whites) in the last two played
/// matches is a strong preference in the last round too. 1.7.2 lists the strong preferences first
/// and words them as 1.7.1 does, without an exception for the last round; its last bullet ("no
/// preference … when its CD is zero when pairing for the last round") matches the exception the
/// mild bullets make ("if it is zero and it is not the last round"), so it is read as closing the
/// mild case, not as overriding the strong one.
pub fn preference(kind: PreferenceType, played: &[Colour], last_round: bool) -> Option<Preference> {
    match kind {
        PreferenceType::None => None,
        PreferenceType::A => firm(played).map(|colour| Preference { colour, strength: Strength::Simple }),
        PreferenceType::B => {
            if played.is_empty() {
                return None;
            }
            if let Some(colour) = firm(played) {
                return Some(Preference { colour, strength: Strength::Strong });
            }
            let cd = colour_difference(played);
            let last = played.last().copied();
            let mild = match cd {
                -1 => Some(Colour::White),
                1 => Some(Colour::Black),
                0 if !last_round => last.map(Colour::opposite),
                _ => None,
            };
            mild.map(|colour| Preference { colour, strength: Strength::Mild })
        }
    }
}

/// [C8] and [C9] (2024: [C7] and [C8]) for one team given `colour`: whether it misses its colour
/// preference, and whether that preference was strong.
pub fn missed_preference(kind: PreferenceType, played: &[Colour], last_round: bool, colour: Colour) -> (bool, bool) {
    match preference(kind, played, last_round) {
        Some(p) if p.colour != colour => (true, p.strength == Strength::Strong),
        _ => (false, false),
    }
}

/// What colour allocation reads of one team of a pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamColours<'a> {
    pub tpn: Tpn,
    /// The primary score (1.2), in any fixed unit (tenths of a point, say).
    pub primary: i64,
    /// The secondary score; `None` when the competition's rules say not to use it (4.2.2).
    pub secondary: Option<i64>,
    /// The colours of its played matches, oldest first.
    pub played: &'a [Colour],
}

/// Which rule of 4.3 decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// 4.3.1: neither team has played; the first-team's TPN parity and the initial colour.
    FirstMatch,
    /// 4.3.2: only one team has a preference.
    OnePreference,
    /// 4.3.3: opposite preferences.
    OppositePreferences,
    /// 4.3.4 (Type B): only one strong preference.
    OneStrongPreference,
    /// 4.3.5: White to the lower colour difference.
    LowerColourDifference,
    /// 4.3.6: alternate from the latest played round where they had different colours.
    Alternate,
    /// 4.3.7: the first-team's preference.
    FirstTeamPreference,
    /// 4.3.8: alternate the first-team's colour from its last played match.
    FirstTeamAlternates,
    /// 4.3.9: alternate the other team's colour from its last played match.
    OtherTeamAlternates,
    /// The Double-Swiss's 4.3.2: White to the player with fewer Whites.
    FewerWhites,
}

impl ColourRule {
    /// The article, `4.3.1` … `4.3.9` (C.04.6) or `4.3.1` … `4.3.5` (C.04.5, the Double-Swiss).
    pub fn article(self, edition: Edition) -> &'static str {
        if edition == Edition::DoubleSwiss2026 {
            return match self {
                ColourRule::FirstMatch => "4.3.1",
                ColourRule::FewerWhites => "4.3.2",
                ColourRule::Alternate => "4.3.3",
                ColourRule::FirstTeamAlternates => "4.3.4",
                // The Double-Swiss has no colour preferences: no other rule decides there.
                _ => "4.3.5",
            };
        }
        match self {
            ColourRule::FirstMatch => "4.3.1",
            ColourRule::OnePreference => "4.3.2",
            ColourRule::OppositePreferences => "4.3.3",
            ColourRule::OneStrongPreference => "4.3.4",
            ColourRule::LowerColourDifference => "4.3.5",
            ColourRule::Alternate => "4.3.6",
            ColourRule::FirstTeamPreference => "4.3.7",
            ColourRule::FirstTeamAlternates => "4.3.8",
            ColourRule::OtherTeamAlternates => "4.3.9",
            ColourRule::FewerWhites => "4.3.2",
        }
    }

    /// What the rule does, in the text's words.
    pub fn words(self, edition: Edition) -> &'static str {
        if edition == Edition::DoubleSwiss2026 {
            return match self {
                ColourRule::FirstMatch => {
                    "neither player has played a match: the higher-ranked player's TPN parity and the initial-colour"
                }
                ColourRule::FewerWhites => "White to the player with the lower number of Whites",
                ColourRule::Alternate => "alternate from the most recent match in which their colours differed",
                ColourRule::FirstTeamAlternates => "the higher-ranked player alternates from their last played match",
                _ => "the higher-ranked player's opponent alternates from their last played match",
            };
        }
        match self {
            ColourRule::FirstMatch => "neither team has played: the first-team's TPN parity and the initial-colour",
            ColourRule::OnePreference => "only one team has a colour preference",
            ColourRule::OppositePreferences => "the teams have opposite colour preferences",
            ColourRule::OneStrongPreference => "only one team has a strong colour preference",
            ColourRule::LowerColourDifference => "White to the team with the lower colour difference",
            ColourRule::Alternate => "alternate from the most recent match in which their colours differed",
            ColourRule::FirstTeamPreference => "the first-team's colour preference",
            ColourRule::FirstTeamAlternates => "the first-team alternates from its last played match",
            ColourRule::OtherTeamAlternates => "the other team alternates from its last played match",
            ColourRule::FewerWhites => "White to the team with fewer Whites",
        }
    }
}

/// The first-team of a pair (4.2): the higher primary score, then the higher secondary score
/// (when used), then the smaller TPN. True when `a` is the first-team.
pub fn is_first_team(a: &TeamColours, b: &TeamColours) -> bool {
    (a.primary, a.secondary, std::cmp::Reverse(a.tpn)) > (b.primary, b.secondary, std::cmp::Reverse(b.tpn))
}

/// The colour of team `a` in its match against `b` (4.3), and the rule that decided it.
/// `last_round`: the round to pair is the last one (Type B's mild preferences, 1.7.2).
pub fn allocate(
    kind: PreferenceType,
    initial: Colour,
    a: &TeamColours,
    b: &TeamColours,
    last_round: bool,
) -> (Colour, ColourRule) {
    let a_first = is_first_team(a, b);
    let (first, other) = if a_first { (a, b) } else { (b, a) };
    let (colour, rule) = allocate_first(kind, initial, first, other, last_round);
    (if a_first { colour } else { colour.opposite() }, rule)
}

/// 4.3, from the first-team's side: the first-team's colour.
fn allocate_first(
    kind: PreferenceType,
    initial: Colour,
    first: &TeamColours,
    other: &TeamColours,
    last_round: bool,
) -> (Colour, ColourRule) {
    // 4.3.1
    if first.played.is_empty() && other.played.is_empty() {
        let colour = if first.tpn % 2 == 1 { initial } else { initial.opposite() };
        return (colour, ColourRule::FirstMatch);
    }
    let pf = preference(kind, first.played, last_round);
    let po = preference(kind, other.played, last_round);
    match (pf, po) {
        // 4.3.2
        (Some(p), None) => return (p.colour, ColourRule::OnePreference),
        (None, Some(p)) => return (p.colour.opposite(), ColourRule::OnePreference),
        // 4.3.3
        (Some(p), Some(q)) if p.colour != q.colour => return (p.colour, ColourRule::OppositePreferences),
        // 4.3.4: the same colour preferred by both; under Type B a lone strong one is granted.
        (Some(p), Some(q))
            if kind == PreferenceType::B && (p.strength == Strength::Strong) != (q.strength == Strength::Strong) =>
        {
            let colour = if p.strength == Strength::Strong { p.colour } else { q.colour.opposite() };
            return (colour, ColourRule::OneStrongPreference);
        }
        _ => {}
    }
    // 4.3.5: "-2 is lower than -1; +1 is lower than +2".
    let (cf, co) = (colour_difference(first.played), colour_difference(other.played));
    if cf != co {
        return (if cf < co { Colour::White } else { Colour::Black }, ColourRule::LowerColourDifference);
    }
    // 4.3.6, on the histories of played matches aligned at their ends (General Handling 3.4).
    for (f, o) in first.played.iter().rev().zip(other.played.iter().rev()) {
        if f != o {
            return (f.opposite(), ColourRule::Alternate);
        }
    }
    // 4.3.7
    if let Some(p) = pf {
        return (p.colour, ColourRule::FirstTeamPreference);
    }
    // 4.3.8
    if let Some(&last) = first.played.last() {
        return (last.opposite(), ColourRule::FirstTeamAlternates);
    }
    // 4.3.9: the other team has played (4.3.1 covers both not having played).
    let last = other.played.last().copied().unwrap_or(initial);
    (last, ColourRule::OtherTeamAlternates)
}

/// The colour of player `a` in its match against `b` by the Double-Swiss's Article 4 (C.04.5), and
/// the rule that decided it. The higher-ranked player (4.2) is the first-team of C.04.6 without a
/// secondary score (`secondary: None`): the higher score, then the smaller TPN. `played` holds the
/// colours of the matches in which a game was played (1.6), oldest first; unplayed matches are
/// left out, as 4.3.3's note asks (General Handling Rules 3.4).
pub fn allocate_double_swiss(initial: Colour, a: &TeamColours, b: &TeamColours) -> (Colour, ColourRule) {
    let a_first = is_first_team(a, b);
    let (hrp, other) = if a_first { (a, b) } else { (b, a) };
    let whites = |played: &[Colour]| played.iter().filter(|&&c| c == Colour::White).count();
    let (colour, rule) = if hrp.played.is_empty() && other.played.is_empty() {
        // 4.3.1
        (if hrp.tpn % 2 == 1 { initial } else { initial.opposite() }, ColourRule::FirstMatch)
    } else if whites(hrp.played) != whites(other.played) {
        // 4.3.2
        (if whites(hrp.played) < whites(other.played) { Colour::White } else { Colour::Black }, ColourRule::FewerWhites)
    } else if let Some((f, _)) = hrp.played.iter().rev().zip(other.played.iter().rev()).find(|(f, o)| f != o) {
        // 4.3.3
        (f.opposite(), ColourRule::Alternate)
    } else if let Some(&last) = hrp.played.last() {
        // 4.3.4
        (last.opposite(), ColourRule::FirstTeamAlternates)
    } else {
        // 4.3.5: the opponent has played (4.3.1 covers neither having played) and alternates.
        (other.played.last().copied().unwrap_or(initial), ColourRule::OtherTeamAlternates)
    };
    (if a_first { colour } else { colour.opposite() }, rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn pref(colour: Colour, strength: Strength) -> Option<Preference> {
        Some(Preference { colour, strength })
    }

    /// 1.6.2: White minus Black.
    #[test]
    fn colour_difference_counts_whites_minus_blacks() {
        assert_eq!(colour_difference(&[]), 0);
        assert_eq!(colour_difference(&[W, W, B]), 1);
        assert_eq!(colour_difference(&[B, B, B, W]), -2);
    }

    /// 1.7.1, bullet by bullet.
    #[test]
    fn type_a_preferences() {
        let a = |played: &[Colour]| preference(PreferenceType::A, played, false);
        // CD < −1: White.
        assert_eq!(a(&[B, B]), pref(W, Strength::Simple));
        assert_eq!(a(&[W, B, B, B]), pref(W, Strength::Simple));
        // CD 0 or −1 with Black in the last two played matches: White.
        assert_eq!(a(&[W, W, B, B]), pref(W, Strength::Simple));
        assert_eq!(a(&[W, B, B]), pref(W, Strength::Simple));
        // CD > +1, or 0/+1 after two Whites: Black.
        assert_eq!(a(&[W, W]), pref(B, Strength::Simple));
        assert_eq!(a(&[B, W, W]), pref(B, Strength::Simple));
        // All other situations: none (alternating, a single match, nothing played).
        assert_eq!(a(&[W, B]), None);
        assert_eq!(a(&[B]), None);
        assert_eq!(a(&[W]), None);
        assert_eq!(a(&[]), None);
        assert_eq!(a(&[B, B, W]), None, "CD −1, but the last two are not both Black");
        assert_eq!(preference(PreferenceType::A, &[B, B], true), pref(W, Strength::Simple), "no last-round exception");
    }

    /// 1.7.2, bullet by bullet.
    #[test]
    fn type_b_preferences() {
        let b = |played: &[Colour], last| preference(PreferenceType::B, played, last);
        // Strong as 1.7.1's simple ones.
        assert_eq!(b(&[B, B], false), pref(W, Strength::Strong));
        assert_eq!(b(&[W, B, B], false), pref(W, Strength::Strong));
        assert_eq!(b(&[B, W, W], false), pref(B, Strength::Strong));
        // Mild: CD −1 or +1 otherwise.
        assert_eq!(b(&[B], false), pref(W, Strength::Mild));
        assert_eq!(b(&[B, B, W], false), pref(W, Strength::Mild));
        assert_eq!(b(&[W], true), pref(B, Strength::Mild), "CD +1 is mild in the last round too");
        // Mild: CD 0, not the last round, after the last played match's colour.
        assert_eq!(b(&[W, B], false), pref(W, Strength::Mild));
        assert_eq!(b(&[B, W], false), pref(B, Strength::Mild));
        // None: nothing played, or CD 0 in the last round.
        assert_eq!(b(&[], false), None);
        assert_eq!(b(&[W, B], true), None);
        // The reading: two Blacks with CD 0 stay strong in the last round.
        assert_eq!(b(&[W, W, B, B], true), pref(W, Strength::Strong));
        assert_eq!(preference(PreferenceType::None, &[B, B, B], false), None);
    }

    fn team(tpn: Tpn, primary: i64, played: &[Colour]) -> TeamColours<'_> {
        TeamColours { tpn, primary, secondary: None, played }
    }

    /// The Double-Swiss's Article 4, rule by rule. 4.3.2 counts Whites, not the colour difference:
    /// player 1 (W W B, CD +1, two Whites) against player 2 (W, CD +1, one White) — equal colour
    /// differences, but 2 has fewer Whites and gets White. Then 4.3.3 (the most recent match in
    /// which they differed), 4.3.4 (the higher-ranked player alternates), 4.3.5 (its opponent
    /// alternates, when the higher-ranked player has no colour yet), and 4.3.1's TPN parity.
    #[test]
    fn double_swiss_colours_rule_by_rule() {
        let allocate = |a: &TeamColours, b: &TeamColours| allocate_double_swiss(W, a, b);
        assert_eq!(allocate(&team(1, 30, &[W, W, B]), &team(2, 30, &[W])), (B, ColourRule::FewerWhites));
        assert_eq!(colour_difference(&[W, W, B]), colour_difference(&[W]));
        // 4.3.3: equal Whites; in their last matches 1 had Black and 2 White.
        assert_eq!(allocate(&team(1, 20, &[W, B]), &team(2, 20, &[B, W])), (W, ColourRule::Alternate));
        // 4.3.4: the same colours throughout; the higher-ranked player 2 (more points) had Black last.
        assert_eq!(allocate(&team(1, 10, &[W, B]), &team(2, 20, &[W, B])), (B, ColourRule::FirstTeamAlternates));
        // 4.3.5: the higher-ranked player 1 has no colour, 2 had Black only: 2 alternates to White.
        assert_eq!(allocate(&team(1, 20, &[]), &team(2, 10, &[B])), (B, ColourRule::OtherTeamAlternates));
        // 4.3.1: neither has a colour; the higher-ranked player 2 (even TPN) gets the opposite of
        // the initial-colour, so 3 gets it.
        assert_eq!(allocate(&team(3, 0, &[]), &team(2, 0, &[])), (W, ColourRule::FirstMatch));
        assert_eq!(ColourRule::OtherTeamAlternates.article(Edition::DoubleSwiss2026), "4.3.5");
        assert_eq!(ColourRule::Alternate.article(Edition::Team2026), "4.3.6");
    }

    /// 4.2: higher primary score, then higher secondary score, then smaller TPN.
    #[test]
    fn the_first_team() {
        assert!(is_first_team(&team(5, 30, &[]), &team(2, 20, &[])));
        assert!(is_first_team(&team(2, 20, &[]), &team(5, 20, &[])));
        let with = |tpn, secondary| TeamColours { tpn, primary: 20, secondary: Some(secondary), played: &[] };
        assert!(is_first_team(&with(7, 95), &with(3, 90)), "the secondary score before the TPN");
    }

    /// 4.3.1: in the first match of both, the first-team gets the initial colour when its TPN is
    /// odd, the other colour when even.
    #[test]
    fn first_match_goes_by_the_first_teams_tpn() {
        let kind = PreferenceType::A;
        assert_eq!(allocate(kind, W, &team(1, 0, &[]), &team(9, 0, &[]), false), (W, ColourRule::FirstMatch));
        assert_eq!(allocate(kind, W, &team(2, 0, &[]), &team(9, 0, &[]), false), (B, ColourRule::FirstMatch));
        assert_eq!(allocate(kind, B, &team(9, 0, &[]), &team(2, 0, &[]), false), (B, ColourRule::FirstMatch));
    }

    /// 4.3.2–4.3.4.
    #[test]
    fn preferences_are_granted_in_order() {
        let kind = PreferenceType::A;
        // 4.3.2: only the second team (not the first-team) prefers: granted.
        assert_eq!(
            allocate(kind, W, &team(1, 20, &[W, B]), &team(2, 10, &[B, B]), false),
            (B, ColourRule::OnePreference)
        );
        // 4.3.3: opposite preferences.
        assert_eq!(
            allocate(kind, W, &team(1, 20, &[W, W]), &team(2, 20, &[B, B]), false),
            (B, ColourRule::OppositePreferences)
        );
        // 4.3.4 (Type B): both prefer White, only team 2's is strong: team 2 gets White.
        let b = PreferenceType::B;
        assert_eq!(
            allocate(b, W, &team(1, 20, &[B]), &team(2, 10, &[B, B]), false),
            (B, ColourRule::OneStrongPreference)
        );
        // Under Type A, both preferring White (CD −1 after two Blacks, and CD −2) fall to 4.3.5:
        // White to the lower CD, team 2's −2.
        assert_eq!(
            allocate(kind, W, &team(1, 20, &[W, B, B]), &team(2, 10, &[B, B]), false),
            (B, ColourRule::LowerColourDifference)
        );
    }

    /// 4.3.5–4.3.9.
    #[test]
    fn the_tie_breaking_rules() {
        let kind = PreferenceType::A;
        // 4.3.5: both prefer White (CDs −2 and −3): White to the lower, −3. "−2 is lower than −1".
        assert_eq!(
            allocate(kind, W, &team(1, 20, &[B, B]), &team(2, 10, &[B, B, B]), false),
            (B, ColourRule::LowerColourDifference)
        );
        // 4.3.6: both prefer Black with CD +2 (W B W W, and W B B W W W); counted back from the
        // last played match (General Handling 3.4): W/W, W/W, then B against W — the first-team
        // had Black then, so gets White. (Counted from the first match, the third would be W
        // against B, and the answer Black.)
        assert_eq!(
            allocate(kind, W, &team(1, 20, &[W, B, W, W]), &team(2, 10, &[W, B, B, W, W, W]), false),
            (W, ColourRule::Alternate)
        );
        // 4.3.7: identical histories, and the first-team (more points) has a preference: Black
        // after two Whites; both want it, so it falls to the first-team's preference.
        assert_eq!(
            allocate(kind, W, &team(4, 20, &[B, W, W]), &team(3, 10, &[B, W, W]), false),
            (B, ColourRule::FirstTeamPreference)
        );
        // 4.3.8: identical histories, no preference (Type A, W B): the first-team alternates from
        // its last played match (Black), so White.
        assert_eq!(
            allocate(kind, W, &team(4, 20, &[W, B]), &team(3, 10, &[W, B]), false),
            (W, ColourRule::FirstTeamAlternates)
        );
        // 4.3.9: the first-team has not played, the other's only match was with White (no Type A
        // preference, CD +1 ≠ 0): 4.3.5 gives White to the lower CD first.
        assert_eq!(
            allocate(kind, W, &team(4, 20, &[]), &team(3, 10, &[W]), false),
            (W, ColourRule::LowerColourDifference)
        );
        // Without preferences at all, equal CDs and no different round: 4.3.9 when the first-team
        // never played and the other's CD is 0.
        let none = PreferenceType::None;
        assert_eq!(
            allocate(none, W, &team(4, 20, &[]), &team(3, 10, &[W, B]), false),
            (B, ColourRule::OtherTeamAlternates),
            "the other team alternates from its last Black to White, so the first-team gets Black"
        );
    }
}
