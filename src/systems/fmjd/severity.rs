//! The severity class of each article the FMJD explanations name (`explain.rs`), in Annex 5
//! (`rules/fmjd-swiss-2013.txt`). The annex has no criteria: a pairing follows its procedure or it
//! does not. The nearest equivalent of each class is documented in docs/fmjd.md ("Severity").

use crate::systems::severity::Classes;

/// The classes of the criteria and articles the FMJD explanations name.
///
/// Every other departure is one from a step of the procedure (A.d, B.d, 5.3: the half pairing
/// 4a/4b, the floats 5a/5b, 6a/6b, section 8) or from the organiser's options (6, 6.1, 6.2
/// acceleration; 7a–7c colour preference; 8 floats), of the quality class.
pub const CLASSES: Classes = Classes {
    // Section 1: a player cannot play more than one time against the same opponent; 4.1: a
    // player cannot get more than one bye.
    absolute: &["1", "4.1"],
    // No order breaks ties: the procedure decides every step.
    order: &[],
    // A.d's even distribution of colours, and the round-1 schemas (A.b, B.b); `5.3` is also
    // the KNDB colour rule, told apart by the pairs being the same (`classify`).
    colours: &["A.d colours", "A.b", "B.b"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::severity::Severity;

    #[test]
    fn every_article_the_explanations_name_has_its_class() {
        for absolute in ["1", "4.1"] {
            assert_eq!(CLASSES.of(absolute), Severity::Absolute, "{absolute}");
        }
        for colours in ["A.d colours", "A.b", "B.b"] {
            assert_eq!(CLASSES.of(colours), Severity::Colours, "{colours}");
        }
        for quality in ["A.d", "B.d", "5.3", "6", "6.1", "6.2", "7a", "7b", "7c", "8"] {
            assert_eq!(CLASSES.of(quality), Severity::Quality, "{quality}");
        }
    }
}
