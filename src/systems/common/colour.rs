//! Colour words. The lower-case word every message uses is the colour's own ([`Colour::name`], its
//! `Display`); this holds the other form a system's text needs.

use crate::model::Colour;

/// `White`, `Black`: the colours as the Dubov 2025 text writes them ("an absolute preference for
/// White", 1.5.2), which its explanations quote.
pub fn capitalised(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}
