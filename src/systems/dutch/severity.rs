//! The severity class of each criterion the Dutch explanations name (`explain.rs`), for the 2025
//! rules (C.04.3 from 1 Feb 2026: C1–C21) and the 2017 rules (C.1–C.19).

use crate::systems::severity::Classes;

/// The classes of the criteria the Dutch explanations name, in both editions.
///
/// Everything else is a completion or quality criterion — 2025 C4 (completion), C5–C21; 2017 C.4
/// (completion), C.5–C.19 — and of the quality class.
pub const CLASSES: Classes = Classes {
    // 2025 art. 2.1 / 2017 C.1–C.3, the absolute criteria: no rematch (C1), no second
    // pairing-allocated bye (C2), no meeting of two non-topscorers with the same absolute colour
    // preference (C3, which keeps the colour limits of C.04.1 arts. 6–7); and the pairs the
    // tournament forbids (records 260/XXP).
    absolute: &["C1", "C2", "C3", "C.1", "C.2", "C.3", "260"],
    // The order of generation: the record ties on every criterion (2025 art. 4.2–4.4, named
    // `art. 4`; 2017 section D).
    order: &["art. 4"],
    // Same pairs: the colour allocation rules (2025 art. 5.2, 2017 section E).
    colours: &["5.2", "E"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_criterion_of_both_editions_has_its_class() {
        for absolute in ["C1", "C2", "C3", "C.1", "C.2", "C.3", "260"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        let quality_2025 = (4..=21).map(|n| format!("C{n}"));
        let quality_2017 = (4..=19).map(|n| format!("C.{n}"));
        for quality in quality_2025.chain(quality_2017) {
            assert_eq!(CLASSES.of(&quality), Severity::Quality, "{quality}");
        }
        for colours in ["5.2", "5.2.1", "5.2.5", "E", "E.1", "E.5"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
        assert_eq!(CLASSES.of("art. 4"), Severity::Order);
    }
}
