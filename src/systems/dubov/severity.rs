//! The severity class of each criterion or article the Dubov 2025 explanations name
//! (`explain.rs`), in C.04.4.1 (`rules/dubov-2025.txt`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Dubov 2025 explanations name.
///
/// Everything else is [C4] (completion), [C5]–[C10] (quality) or a step of the procedure — 1.4 (one
/// player unpaired when the number is odd), 2.1 and 2.1.3–2.1.4 (who gets the bye), 2.2 — and of the
/// quality class.
pub const CLASSES: Classes = Classes {
    // 3.1, the absolute criteria: [C1] no rematch, [C2] no second pairing-allocated bye, [C3]
    // no meeting of two players with the same absolute colour preference (the colour limits
    // of the basic rules, arts. 6 and 7); and the pairs the tournament forbids (records 260/XXP).
    absolute: crate::systems::common::absolute::CRITERIA,
    // The record ties on [C5]–[C10] and loses on the order the rules take candidates in: the
    // sets of upfloaters (4.2), the shifters and transpositions (2.2.4–2.2.6, 4.3, 4.4); or,
    // for the bye, on the last of 2.1's keys, the position in the initial ranking (2.1.5).
    order: &["4.2", "2.2.6", "2.1.5"],
    // Same pairs: the colour allocation rules (5.2).
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
        for quality in ["C4", "C5", "C6", "C7", "C8", "C9", "C10", "1.4", "2.1", "2.1.3", "2.1.4", "2.2"] {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
        for order in ["4.2", "2.2.6", "2.1.5"] {
            assert_eq!(CLASSES.of(order), Severity::Order, "{order}");
        }
        for colours in ["5.2", "5.2.1", "5.2.5"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
    }
}
