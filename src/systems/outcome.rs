//! What an engine returns besides a pairing: why it has none ([`PairFailure`], [`NoValidPairing`])
//! and why a recorded round differs from its pairing ([`Explanation`]). Every system uses these,
//! so they live apart from the systems: this module imports none of them.

use serde::Serialize;

/// No pairing of the round satisfies the absolute criteria of the system (the Dutch rules 1.9.3,
/// the Dubov 1997 text chapter 9: the arbiter decides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoValidPairing;

/// Why an engine returned no pairing for a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairFailure {
    /// No pairing of the round satisfies the absolute criteria: a verdict on the round.
    NoValidPairing,
    /// The engine stopped without deciding (a search limit, with the reason): no verdict, the
    /// round is `not-checked` (docs/fmjd-search.md, "The bound that remains").
    GaveUp(String),
}

impl From<NoValidPairing> for PairFailure {
    fn from(_: NoValidPairing) -> Self {
        PairFailure::NoValidPairing
    }
}

/// Why a recorded round differs from the rules' pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The criterion or article the verdict rests on: `C1`, `C12`, `C.6`, `5.2.1`, `art. 4`, …
    pub criterion: String,
    pub text: String,
    /// The recorded pairing does better than the computed one on `criterion`: an engine bug.
    pub recorded_is_better: bool,
}

impl Explanation {
    /// A finding under the text of `system` (`Lim`, `Dubov 1997`): "`system`, `criterion`: `text`".
    pub fn under(system: &str, criterion: &str, text: String) -> Explanation {
        Explanation {
            criterion: criterion.to_owned(),
            text: format!("{system}, {criterion}: {text}"),
            recorded_is_better: false,
        }
    }

    /// The record does better than trfcheck's pairing at `criterion` of `system`'s text: a
    /// trfcheck bug, said as such.
    pub fn engine_bug(system: &str, criterion: &str, text: String) -> Explanation {
        Explanation {
            criterion: criterion.to_owned(),
            text: format!("{system}, {criterion}: {text} — the record does better here than trfcheck: a trfcheck bug"),
            recorded_is_better: true,
        }
    }
}
