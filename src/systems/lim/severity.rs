//! The severity class of each article the Lim explanations name (`explain.rs`), in C.04.4.3
//! (`../shared/rules/lim-2026.md`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Lim explanations name.
///
/// Everything else is a step of the procedure — 1.1 and 7.1 (the PAB), 2.3.1–2.3.4, 3.5, 4.4,
/// 4.4.1, 4.4.2 (transfers), 2.4 (a scoregroup paired inside itself), 2.6.1, 2.6.2 (the blocked
/// median), 3.8 (a floater's opponent), 5.2 (fewer proper pairs), 5.7 (an exchange wider than
/// 100 points in a Maxi-tournament) — and of the quality class.
pub const CLASSES: Classes = Classes {
    // C.04.1 arts. 2 and 4, and 2.1 with 5.1.1–5.1.2 (the colour limits), in the shared form of
    // the absolute findings; and the pairs the tournament forbids (records 260/XXP).
    absolute: crate::systems::common::absolute::CRITERIA,
    // 4.1–4.3: the record's pairs of a scoregroup are compatible and as many are proper, and
    // come later in the exchange order.
    order: &["4.1"],
    // The colour rules: 5.3, 5.4, 5.5 (odd rounds), 5.6 (even rounds), and the lot of 7.2.
    colours: &["5.3", "5.4", "5.5", "5.6", "7.2"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_article_the_explanations_name_has_its_class() {
        for absolute in ["C1", "C2", "C3", "260"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        for quality in
            ["1.1", "7.1", "2.1", "2.3.1", "2.3.4", "2.4", "2.6.1", "2.6.2", "3.5", "3.8", "4.4", "4.4.2", "5.2", "5.7"]
        {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
        assert_eq!(CLASSES.of("4.1"), Severity::Order);
        for colours in ["5.3", "5.4", "5.5", "5.6", "7.2"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
    }
}
