//! The FMJD Swiss systems for draughts (FMJD Annex 5, 2013): `fmjd-rating` (5.1, appendix A),
//! `fmjd-solkoff` (5.2, appendix B) and `kndb-solkoff` (5.3), one procedure with the choices of
//! section 5 as a [`Variant`].
//!
//! The annex describes a procedure, not a set of criteria, and says (appendix A.d) that "it is not
//! easy or even impossible to give all rules in detail". This engine follows the procedure as
//! written and, where the text stops, the readings listed in docs/fmjd.md,
//! each cited below by the section it rests on:
//!
//! - Score groups top down (A.c), each ordered by own rating (3.3b, 5.1) or by Solkoff then
//!   Sonneborn-Berger (3.3a, 5.2, 5.3, B.c); remaining ties by pairing number (= lot number, B.a).
//!   Round 1 (A.b, B.b, 5.3): by rating, or by lot number; KNDB pairs 1–2, 3–4, ….
//! - Solkoff for pairing (3.1a): the current scores of the opponents met over the board (a forfeit
//!   or a bye gives no opponent); Sonneborn-Berger (3.1d): twice the score of each beaten opponent
//!   plus the score of each drawn one.
//! - Players moved down from the group above meet the highest of the group first (6a), one after
//!   the other in their order (3.6 example: A–1, B–2, C–3).
//! - An odd group moves its lowest player down (5b); with floats (section 8, A.d, the preferred
//!   option of 5.1) a player who floated down in the previous round is passed over for the next
//!   higher, and a player who floated up is passed over as the floater's opponent.
//! - The rest of the group pairs by halves, A1–B1, A2–B2, … (4a). A pair that may not meet (section
//!   1: no one meets another twice) is mended as the weak colour rule of A.d mends a colour problem:
//!   "the player of the higher group is paired against a next player from the lower group" — the
//!   first arrangement in that order, so A1 keeps B1 when it can, and so on.
//! - When no pairing of the group exists, more players move down, the fewest needed (3.5: "within one
//!   score-group the maximum possible number of pairings is made").
//! - An odd total adds a dummy (4.1) below every group: the last player of the lowest group meets it
//!   and gets the bye; nobody gets it twice, so a player who had it is passed over as in 5b.
//! - The player who had the bye in round 1 is paired in round 2 with zero points (4.1); games not yet
//!   played count as draws for pairing (4.3).
//! - Colours (A.d): "an even distribution of colors to all players … as much as possible": the player
//!   with fewer whites than blacks (relative) gets white; equal, the one who had black in the latest
//!   round where their colours differed; equal histories, the round-1 schema of A.b (A1 white,
//!   A2 black, …): the higher of the two gets white when its place in the round's order is odd.

mod engine;
mod explain;
mod numbers;
mod player;
mod severity;
mod witness;

use crate::model::{AccelerationMethod, ColourPreference, DraughtsOptions};
use crate::state::RoundState;

use super::pairing::RoundPairing;
use crate::systems::outcome::PairFailure;

/// The three standard systems of section 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// 5.1, appendix A: own rating, two halves, lowest moved down to the highest.
    Rating,
    /// 5.2, appendix B: Solkoff and SB, two halves, lowest moved down to the highest.
    FmjdSolkoff,
    /// 5.3: Solkoff and SB, highest against lowest (4b), highest moved down (5a) to the lowest (6b).
    KndbSolkoff,
}

impl Variant {
    fn by_rating(self) -> bool {
        self == Variant::Rating
    }

    /// 4b: highest against lowest (KNDB); else 4a, two halves.
    fn folds(self) -> bool {
        self == Variant::KndbSolkoff
    }
}

/// FMJD Swiss on rating (5.1, appendix A), with the preferred options: floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmjdRating;

/// FMJD Swiss on Solkoff (5.2, appendix B), floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FmjdSolkoff;

/// KNDB Swiss on Solkoff (5.3), floats on, no colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KndbSolkoff;

macro_rules! engine {
    ($name:ident, $variant:expr, $id:ident) => {
        impl crate::systems::engine::Engine for $name {
            fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
                engine::pair(state, &Options::declared($variant, &state.draughts))
            }

            fn explain(
                &self,
                state: &RoundState,
                computed: &RoundPairing,
                recorded: &RoundPairing,
            ) -> crate::systems::outcome::Explanation {
                explain::explain(state, $variant, computed, recorded)
            }

            fn severity(&self, criterion: &str) -> crate::systems::severity::Severity {
                severity::CLASSES.of(criterion)
            }

            fn keeps_colour_limits(&self) -> bool {
                false
            }

            fn missing_numbers(&self, t: &crate::model::Tournament, state: &mut RoundState) -> Option<String> {
                // The organiser's options (XDO, flags) decide the pairing, so the tie search uses them too.
                let options = Options::declared($variant, &state.draughts);
                numbers::missing_numbers(t, state, &options)
            }
        }

        impl crate::systems::system::System for $name {
            fn id(&self) -> crate::systems::id::SystemId {
                crate::systems::id::SystemId::$id
            }

            fn engine(&self) -> Option<&dyn crate::systems::engine::Engine> {
                Some(self)
            }

            fn read<'a>(
                &self,
                t: &'a crate::model::Tournament,
                flags: &crate::model::OrganiserFlags,
            ) -> std::borrow::Cow<'a, crate::model::Tournament> {
                with_flags(t, &flags.draughts)
            }

            fn used_options(
                &self,
                t: &crate::model::Tournament,
                flags: &crate::model::OrganiserFlags,
            ) -> Option<Vec<UsedOption>> {
                Some(used_options(&flags.draughts, &t.draughts_options, &t.point_system, t.point_system_declared))
            }
        }
    };
}

engine!(FmjdRating, Variant::Rating, FmjdRating);
engine!(FmjdSolkoff, Variant::FmjdSolkoff, FmjdSolkoff);
engine!(KndbSolkoff, Variant::KndbSolkoff, KndbSolkoff);

/// The tournament as the FMJD engines are to see it: the flags' options over the file's (`XDO`),
/// and the flags' bye points (4.1) as the price of the pairing-allocated bye. Borrowed unchanged
/// when no flag is given.
pub fn with_flags<'a>(
    t: &'a crate::model::Tournament,
    flags: &DraughtsOptions,
) -> std::borrow::Cow<'a, crate::model::Tournament> {
    if flags.is_empty() {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut t = t.clone();
    t.draughts_options = flags.over(&t.draughts_options);
    if let Some(bye) = flags.bye_points {
        t.point_system.pairing_allocated_bye = Some(bye);
    }
    std::borrow::Cow::Owned(t)
}

/// The organiser's options the annex leaves open (sections 6, 7, 8). The bye's points (4.1) are
/// the point system's (`RoundState::point_system`), so they are not here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    /// Section 8 / A.d: avoid a second float in the same direction. Preferred for 5.1.
    pub floats: bool,
    /// Section 7 / A.d: none (7a, preferred in 5.1), weak (7b) or strong (7c).
    pub colours: ColourPreference,
    /// Section 6: none (preferred: 5.1–5.3 name none), four groups (6.1) or Haley (6.2).
    pub acceleration: AccelerationMethod,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Rating,
            floats: true,
            colours: ColourPreference::None,
            acceleration: AccelerationMethod::None,
        }
    }
}

impl Options {
    /// The options declared (XDO record or flags), with the annex's preferred defaults (5.1–5.3:
    /// floats on, no colour preference; section 6 is an option, so no acceleration) for the rest.
    pub fn declared(variant: Variant, declared: &DraughtsOptions) -> Options {
        Options {
            variant,
            floats: declared.floats.unwrap_or(true),
            colours: declared.colour_preference.unwrap_or_default(),
            acceleration: declared.acceleration.unwrap_or_default(),
        }
    }
}

use crate::systems::system::UsedOption;

/// What each option is and where it came from: `flags` over `record` (the file's XDO) over the
/// defaults; the bye's points from the point system when neither says them.
pub fn used_options(
    flags: &DraughtsOptions,
    record: &DraughtsOptions,
    point_system: &crate::model::PointSystem,
    point_system_declared: bool,
) -> Vec<UsedOption> {
    fn pick<T: Copy>(flag: Option<T>, record: Option<T>, default: T) -> (T, &'static str) {
        match (flag, record) {
            (Some(v), _) => (v, "flag"),
            (None, Some(v)) => (v, "XDO record"),
            (None, None) => (default, "default"),
        }
    }
    let (floats, floats_from) = pick(flags.floats, record.floats, true);
    let (colours, colours_from) = pick(flags.colour_preference, record.colour_preference, ColourPreference::None);
    let (acceleration, acceleration_from) = pick(flags.acceleration, record.acceleration, AccelerationMethod::None);
    let (bye, bye_from) = match (flags.bye_points, record.bye_points, point_system.pairing_allocated_bye) {
        (Some(v), ..) => (v, "flag".to_owned()),
        (None, Some(v), _) => (v, "XDO record".to_owned()),
        (None, None, Some(v)) if point_system_declared => (v, "point-system record (162/XXS/BBU)".to_owned()),
        _ => (point_system.white_win, "default (a win's points, 4.1)".to_owned()),
    };
    vec![
        UsedOption {
            name: "floats".into(),
            value: if floats { "on" } else { "off" }.into(),
            source: floats_from.into(),
        },
        UsedOption { name: "colour-preference".into(), value: colours.to_string(), source: colours_from.into() },
        UsedOption { name: "acceleration".into(), value: acceleration.to_string(), source: acceleration_from.into() },
        UsedOption { name: "bye-points".into(), value: bye.to_string(), source: bye_from },
    ]
}
