//! The severity class of each article the Dutch 2012 explanations name (`explain.rs`), in the
//! Istanbul 2012 text (`rules/dutch-2012.txt`).

use crate::systems::severity::Severity;

/// The class of `criterion`, as [`super::explain`] names it.
pub fn of(criterion: &str) -> Severity {
    match criterion {
        // B.1a (no rematch), B.1b (no second bye), B.2 (two players with the same absolute colour
        // preference shall not meet, "therefore no player's colour difference will become >+2 or
        // <-2 nor a player will receive the same colour three times in row"): the absolute
        // criteria; and the pairs the tournament forbids.
        "B.1a" | "B.1b" | "B.2" | "260" => Severity::Absolute,
        // Section D: the record meets the same requirements and comes later in the order of
        // transpositions (D.1), exchanges (D.2) or sets of moved-down players (D.3).
        "D.1" | "D.2" | "D.3" => Severity::Order,
        // Section E, the colour allocation rules.
        c if c == "E" || c.starts_with("E.") => Severity::Colours,
        // The relative criteria and the procedure: B.3/D.4 (score differences), A.7.d, B.4, B.5,
        // B.6, C.6 (moved-down players paired first), C.10.g (B.2 set aside for top scorers only
        // when needed), C.12/C.13 (backtracking), C.14 (the number of pairs).
        _ => Severity::Quality,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_article_the_explanations_name_has_its_class() {
        for absolute in ["B.1a", "B.1b", "B.2", "260"] {
            assert_eq!(of(absolute), Severity::Absolute, "{absolute}");
        }
        for order in ["D.1", "D.2", "D.3"] {
            assert_eq!(of(order), Severity::Order, "{order}");
        }
        for colours in ["E", "E.1", "E.5", "E.4 (reading: neither player has a preference)"] {
            assert_eq!(of(colours), Severity::Colours, "{colours}");
        }
        for quality in super::super::step::COUNT_ARTICLES.into_iter().chain(["C.6", "C.12", "C.13", "C.14"]) {
            assert_eq!(of(quality), Severity::Quality, "{quality}");
        }
    }
}
