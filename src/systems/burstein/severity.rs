//! The severity class of each criterion or article the Burstein 2026 explanations name
//! (`explain.rs`; in a seeding round, the Dutch explanations'), in C.04.4.2
//! (`../shared/rules/burstein-2026.md`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Burstein explanations name.
///
/// Everything else is [C4] (completion), [C5]–[C8] (quality) or a step of the procedure — 1.3 (one
/// player unpaired when the number is odd), 3.1.3–3.1.4 (who gets the PAB), 3.2; in a seeding
/// round, the Dutch C4–C21 — and of the quality class.
pub const CLASSES: Classes = Classes {
    // 2.1, the absolute criteria: [C1] no rematch, [C2] no second pairing-allocated bye, [C3]
    // no meeting of two players with the same absolute colour preference (the colour limits of
    // the basic rules, arts. 6 and 7); and the pairs the tournament forbids (records 260/XXP).
    absolute: crate::systems::common::absolute::CRITERIA,
    // The record ties on every criterion and loses on the order the rules take candidates in:
    // art. 4 (4.3), the last key of the PAB (3.1.5, the lowest ranking), and the Dutch
    // generation order in a seeding round.
    order: &["4.3", "3.1.5", "art. 4"],
    // Same pairs: the colour allocation rules (5.2; the Dutch 5.2 in a seeding round).
    colours: &["5.2"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_criterion_the_explanations_name_has_its_class() {
        for absolute in ["C1", "C2", "C3", "260"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        for quality in ["C4", "C5", "C6", "C7", "C8", "1.3", "3.1.3", "3.1.4", "3.2", "C21"] {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
        for order in ["4.3", "3.1.5", "art. 4"] {
            assert_eq!(CLASSES.of(order), Severity::Order, "{order}");
        }
        for colours in ["5.2", "5.2.1", "5.2.5"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
    }
}
