//! The severity class of each article the Dubov 1997 explanations name (`explain.rs`), in the
//! 1997 text (`rules/dubov-1997.txt`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Dubov 1997 explanations name.
///
/// Everything else is a step of the procedure — 4 (the bye), 5 (the first round by halves), 6.1
/// (fewer "whites" against "blacks" than the group allows), 6.4 (floaters), 7.1, 7.2 (transfers),
/// 8.2 (whom a floater meets) — and of the quality class.
pub const CLASSES: Classes = Classes {
    // Chapter 2, the limitations: 2.1 no rematch (and the pairs the tournament forbids), 2.2
    // no second bye, 2.3 the colour difference, 2.4 three times the same colour; 9: no pairing
    // keeps them.
    absolute: &["2.1", "2.2", "2.3", "2.4", "2.3/2.4", "9"],
    // 6.2/6.3: the group's pairing has the same value (pairs, floaters, "whites" against
    // "blacks") and comes later in the order of 6.2/6.3 (the rows changed from the bottom).
    order: &["6.2", "6.3"],
    // Chapter 3, the colour allocation.
    colours: &["3"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_article_the_explanations_name_has_its_class() {
        for absolute in ["2.1", "2.2", "2.3", "2.4", "2.3/2.4", "9"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        for quality in ["4", "5", "6.1", "6.4", "7.1", "7.2", "8.2"] {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
        for order in ["6.2", "6.3"] {
            assert_eq!(CLASSES.of(order), Severity::Order, "{order}");
        }
        assert_eq!(CLASSES.of("3"), Severity::Colours);
    }
}
