//! How much a recorded round's difference from the rules' pairing matters (SPEC: `severity`).
//!
//! Every differing round gets one class, from the worst to the mildest:
//!
//! * `absolute`: the record breaks a rule no pairing may break: a rematch, a second
//!   pairing-allocated bye, the colour limits, a forbidden pair (the absolute criteria of each
//!   system, and the basic rules for Swiss systems, C.04.1 articles 2, 4, 6 and 7);
//! * `quality`: the record is worse on a quality criterion, or departs from a step of the
//!   procedure;
//! * `colours`: the same pairs (and bye), other colours;
//! * `order`: the record ties with the rules' pairing on every criterion and loses only on the
//!   order the rules use to break ties (the order of generation of the Dutch rules, art. 4 / D.1–D.3;
//!   the order of the Dubov sets, 4.2–4.4).
//!
//! Each system maps the criterion its explanation names to a class (`src/systems/*/severity.rs`,
//! the rule articles cited there); [`classify`] then settles the class from that and from the
//! shape of the difference, which no criterion can hide: the same pairs in other colours are
//! `colours` whatever the colour rule named, unless the record's colours break the colour limits
//! where the other colours would not.

use serde::Serialize;

/// The class of a differing round. Ordered from the mildest to the worst, so that `max` is the
/// worst of several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    /// Ties on every criterion; loses only on the order that breaks ties.
    #[default]
    Order,
    /// The same pairs, other colours.
    Colours,
    /// Worse on a quality criterion, or a step of the procedure.
    Quality,
    /// Breaks a rule no pairing may break.
    Absolute,
}

impl Severity {
    /// From the worst to the mildest, the order summaries list them in.
    pub const WORST_FIRST: [Severity; 4] = [Severity::Absolute, Severity::Quality, Severity::Colours, Severity::Order];

    pub fn name(self) -> &'static str {
        match self {
            Severity::Absolute => "absolute",
            Severity::Quality => "quality",
            Severity::Colours => "colours",
            Severity::Order => "order",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The classes of the criteria and articles a system's explanations name (each system's
/// `severity.rs` gives its own, with the articles): its absolute criteria, the articles of the
/// order that breaks ties, and its colour allocation rules; every other criterion or step of the
/// procedure is a quality one (`quality`, never milder, for a name no list has).
pub struct Classes {
    pub absolute: &'static [&'static str],
    pub order: &'static [&'static str],
    /// The colour rules, each named alone or with a sub-article (`5.2` covers `5.2.3`).
    pub colours: &'static [&'static str],
}

impl Classes {
    pub fn of(&self, criterion: &str) -> Severity {
        let under = |article: &&str| {
            criterion == *article || criterion.strip_prefix(*article).is_some_and(|rest| rest.starts_with('.'))
        };
        if self.absolute.contains(&criterion) {
            Severity::Absolute
        } else if self.order.contains(&criterion) {
            Severity::Order
        } else if self.colours.iter().any(under) {
            Severity::Colours
        } else {
            Severity::Quality
        }
    }
}

/// The class of a differing round, from the class of the criterion the explanation names, whether
/// the record has the same pairs (and bye) as the rules, and whether its colours break the colour
/// limits where the other colours of the same board would not.
pub fn classify(criterion_class: Severity, same_pairs: bool, breaks_colour_limits: bool) -> Severity {
    if criterion_class == Severity::Absolute || breaks_colour_limits {
        Severity::Absolute
    } else if same_pairs {
        Severity::Colours
    } else if criterion_class == Severity::Colours {
        // Other pairs are never a matter of colours only; a colour rule named for them is the
        // colour criterion of the pairing (a quality criterion).
        Severity::Quality
    } else {
        criterion_class
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_of_the_difference_settles_what_the_criterion_cannot() {
        use Severity::*;
        assert_eq!(classify(Absolute, true, false), Absolute);
        assert_eq!(classify(Order, true, false), Colours);
        assert_eq!(classify(Colours, false, false), Quality);
        assert_eq!(classify(Order, false, false), Order);
        assert_eq!(classify(Colours, true, true), Absolute);
        assert_eq!(Severity::WORST_FIRST.iter().max(), Some(&Absolute));
        assert!(Order < Colours && Colours < Quality && Quality < Absolute);
    }
}
