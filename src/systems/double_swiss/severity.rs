//! The severity class of each criterion or article the Double-Swiss explanations name (the
//! Top-Scoregroup procedure's, `team::explain`), in C.04.5 (`../shared/rules/double-swiss-2026.md`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Double-Swiss explanations name (the Top-Scoregroup procedure's, `team::explain`).
///
/// Everything else — [C4]–[C8], and 3.4 (who gets the PAB) — is of the quality class.
pub const CLASSES: Classes = Classes {
    // 2.1, the absolute criteria: [C1] no rematch (and the pairs the tournament forbids), [C2]
    // no second pairing-allocated bye.
    absolute: &["C1", "C2"],
    // The record ties on every criterion and loses on the order the text takes candidates in:
    // the sets of upfloaters (3.5.3–3.5.5) and the pairings by identifier (3.6.2–3.6.4).
    order: &["3.5.5", "3.6.4"],
    // Same pairs: the colour allocation rules (4.3).
    colours: &["4.3"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_criterion_the_explanations_name_has_its_class() {
        for (criterion, class) in [
            ("C1", Severity::Absolute),
            ("C2", Severity::Absolute),
            ("C4", Severity::Quality),
            ("C8", Severity::Quality),
            ("3.4", Severity::Quality),
            ("3.5.5", Severity::Order),
            ("3.6.4", Severity::Order),
            ("4.3.2", Severity::Colours),
        ] {
            assert_eq!(CLASSES.of(criterion), class, "{criterion}");
        }
    }
}
