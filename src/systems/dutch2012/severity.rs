//! The severity class of each article the Dutch 2012 explanations name (`explain.rs`), in the
//! Istanbul 2012 text (`rules/dutch-2012.txt`).

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the Dutch 2012 explanations name.
///
/// Everything else is a relative criterion or a step of the procedure — B.3/D.4 (score
/// differences), A.7.d, B.4, B.5, B.6, C.6 (moved-down players paired first), C.10.g (B.2 set aside
/// for top scorers only when needed), C.12/C.13 (backtracking), C.14 (the number of pairs) — and of
/// the quality class.
pub const CLASSES: Classes = Classes {
    // B.1a (no rematch), B.1b (no second bye), B.2 (two players with the same absolute colour
    // preference shall not meet, "therefore no player's colour difference will become >+2 or
    // <-2 nor a player will receive the same colour three times in row"): the absolute
    // criteria; and the pairs the tournament forbids.
    absolute: &["B.1a", "B.1b", "B.2", "260"],
    // Section D: the record meets the same requirements and comes later in the order of
    // transpositions (D.1), exchanges (D.2) or sets of moved-down players (D.3).
    order: &["D.1", "D.2", "D.3"],
    // Section E, the colour allocation rules.
    colours: &["E"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_article_the_explanations_name_has_its_class() {
        for absolute in ["B.1a", "B.1b", "B.2", "260"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        for order in ["D.1", "D.2", "D.3"] {
            assert_eq!(CLASSES.of(order), Severity::Order, "{order}");
        }
        for colours in ["E", "E.1", "E.5", "E.4 (reading: neither player has a preference)"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
        for quality in super::super::step::COUNT_ARTICLES.into_iter().chain(["C.6", "C.12", "C.13", "C.14"]) {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
    }
}
