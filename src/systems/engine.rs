//! What every pairing system implements to be checked: pair a round from its state, explain a
//! recorded pairing that differs, class a criterion's severity. It imports no system, so the
//! systems implement it without reaching back to `systems/mod.rs`, which lists them.

use super::outcome::{Explanation, PairFailure};
use super::pairing;
use super::severity::Severity;

/// A pairing system trfcheck can pair.
pub trait Engine: Sync {
    fn pair(&self, state: &crate::state::RoundState) -> Result<pairing::RoundPairing, PairFailure>;

    /// Pairs the round as [`Engine::pair`] does, for a check of `recorded`: an engine that guesses
    /// runs of its choices and proves each run may shape its guesses by the record. The result is
    /// the same whatever `recorded` holds; a right record is only paired sooner.
    fn pair_checking(
        &self,
        state: &crate::state::RoundState,
        recorded: &pairing::RoundPairing,
    ) -> Result<pairing::RoundPairing, PairFailure> {
        let _ = recorded;
        self.pair(state)
    }

    /// Why `recorded` differs from `computed`, this engine's pairing of the same state.
    fn explain(
        &self,
        state: &crate::state::RoundState,
        computed: &pairing::RoundPairing,
        recorded: &pairing::RoundPairing,
    ) -> Explanation;

    /// The severity class of the criterion an explanation of this engine names (each system's
    /// `severity.rs`, with the articles); [`super::severity::classify`] settles a round's class from it.
    /// An engine without its own mapping calls every difference `quality`, never milder.
    fn severity(&self, criterion: &str) -> Severity {
        let _ = criterion;
        Severity::Quality
    }

    /// True when the system keeps the colour limits of the basic rules for Swiss systems (C.04.1
    /// arts. 6 and 7: a colour difference beyond ±2, or the same colour three times in a row), so
    /// that a recorded board whose colours break them where the other colours would not is an
    /// absolute difference. The FMJD annex has no such limits (its colour preference is an
    /// organiser's option, section 7).
    fn keeps_colour_limits(&self) -> bool {
        true
    }

    /// Why round `state.round` of `t` cannot be checked because the file lacks numbers its pairing
    /// rests on (`None`: it can). A file numbered by final place has no pairing numbers, which
    /// every system without its own answer needs. An engine may settle here what the state read
    /// from those numbers (the colour drawn for round 1) when the file tells it otherwise.
    fn missing_numbers(&self, t: &crate::model::Tournament, state: &mut crate::state::RoundState) -> Option<String> {
        let _ = state;
        (t.numbering == crate::model::Numbering::FinalPlaces).then(|| {
            "the player numbers are final places (the crosstable has no starting numbers), and this system \
             orders players by pairing number"
                .to_owned()
        })
    }
}
