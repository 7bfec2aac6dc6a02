//! The severity class of each criterion or article the Double-Swiss explanations name (the
//! Top-Scoregroup procedure's, `team::explain`), in C.04.5 (`../shared/rules/double-swiss-2026.md`).

use crate::systems::severity::Severity;

/// The class of `criterion`, as the explanations name it.
pub fn of(criterion: &str) -> Severity {
    match criterion {
        // 2.1, the absolute criteria: [C1] no rematch (and the pairs the tournament forbids), [C2]
        // no second pairing-allocated bye.
        "C1" | "C2" => Severity::Absolute,
        // The record ties on every criterion and loses on the order the text takes candidates in:
        // the sets of upfloaters (3.5.3–3.5.5) and the pairings by identifier (3.6.2–3.6.4).
        "3.5.5" | "3.6.4" => Severity::Order,
        // Same pairs: the colour allocation rules (4.3).
        c if c.starts_with("4.") => Severity::Colours,
        // [C4]–[C8] and 3.4 (who gets the PAB).
        _ => Severity::Quality,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(of(criterion), class, "{criterion}");
        }
    }
}
