//! The organiser's options of the FMJD Swiss systems (Annex 5, 2013) that the annex leaves open:
//! floats (section 8), colour preference (section 7), acceleration (section 6) and the bye's points
//! (4.1). As recorded (trfcheck's `XDO` record) or chosen on the command line; `None` is "not said",
//! and the engine then uses the annex's preferred default (5.1–5.3: floats on, no colour
//! preference, no acceleration; the bye a win's points). With them, on the command line only
//! ([`OrganiserFlags`]), the Lim system's Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7), which no
//! record declares.

use std::fmt;
use std::str::FromStr;

use super::Points;

/// Section 7: how much the colour preference weighs in the pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColourPreference {
    /// 7a: colours are given after the pairing is made (preferred, 5.1).
    #[default]
    None,
    /// 7b, A.d: the pairing in a group is changed so that nobody with two more games of one colour
    /// gets it again.
    Weak,
    /// 7c, A.d: the group is split into players due white and due black, who meet first.
    Strong,
}

/// Section 6: acceleration of the first rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AccelerationMethod {
    #[default]
    None,
    /// 6.1: four groups (1–2 and 3–4), again in a score group while its first group is larger than
    /// the number of rounds still to be played.
    FourGroups,
    /// 6.2: round 1 as 6.1; in round 2 the players of groups 1–2 get two extra points for pairing.
    Haley,
}

impl ColourPreference {
    pub const ALL: [ColourPreference; 3] = [ColourPreference::None, ColourPreference::Weak, ColourPreference::Strong];

    pub fn name(self) -> &'static str {
        match self {
            ColourPreference::None => "none",
            ColourPreference::Weak => "weak",
            ColourPreference::Strong => "strong",
        }
    }
}

impl AccelerationMethod {
    pub const ALL: [AccelerationMethod; 3] =
        [AccelerationMethod::None, AccelerationMethod::FourGroups, AccelerationMethod::Haley];

    pub fn name(self) -> &'static str {
        match self {
            AccelerationMethod::None => "none",
            AccelerationMethod::FourGroups => "four-groups",
            AccelerationMethod::Haley => "haley",
        }
    }
}

impl fmt::Display for ColourPreference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for AccelerationMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ColourPreference {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        ColourPreference::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("`{text}` is not a colour preference; expected none, weak or strong"))
    }
}

impl FromStr for AccelerationMethod {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        AccelerationMethod::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("`{text}` is not an acceleration; expected none, four-groups or haley"))
    }
}

/// `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`), for the floats option.
pub fn parse_on_off(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("`{text}` is not on or off")),
    }
}

/// The options as declared: each `None` when not said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DraughtsOptions {
    /// Section 8: avoid a second float in the same direction.
    pub floats: Option<bool>,
    pub colour_preference: Option<ColourPreference>,
    pub acceleration: Option<AccelerationMethod>,
    /// 4.1: the points of the bye (the point system's pairing-allocated bye).
    pub bye_points: Option<Points>,
}

impl DraughtsOptions {
    /// True when nothing is declared.
    pub fn is_empty(&self) -> bool {
        *self == DraughtsOptions::default()
    }

    /// `self` where it says something, else `under`.
    pub fn over(&self, under: &DraughtsOptions) -> DraughtsOptions {
        DraughtsOptions {
            floats: self.floats.or(under.floats),
            colour_preference: self.colour_preference.or(under.colour_preference),
            acceleration: self.acceleration.or(under.acceleration),
            bye_points: self.bye_points.or(under.bye_points),
        }
    }
}

/// The organiser's options given on the command line, for the systems that have some: FMJD's
/// (over the file's `XDO` record) and the Lim system's Maxi-tournament. Each system reads its own
/// (`System::read`) and says which it used (`System::used_options`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrganiserFlags {
    pub draughts: DraughtsOptions,
    /// Lim (C.04.4.3) 3.2.3, 3.8 and 5.7: the tournament is a Maxi-tournament, so the 100-point
    /// rules apply (docs/lim.md R26). No record declares it; off unless asked for.
    pub lim_maxi: bool,
}

impl From<DraughtsOptions> for OrganiserFlags {
    fn from(draughts: DraughtsOptions) -> OrganiserFlags {
        OrganiserFlags { draughts, lim_maxi: false }
    }
}
