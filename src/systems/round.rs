//! A round as the checks see it under any system: the recorded rounds of a file
//! ([`RecordedRounds`]), one recorded round to pair again and judge ([`RoundCheck`], with its
//! [`Judgement`]), and the round to pair next ([`RoundToPair`]). The systems that pair players
//! implement them once, through their engine (`common::round`); the team systems on the teams'
//! state (`team::check`).

use super::outcome::PairFailure;
use super::pairing::{Board, RoundPairing};
use super::severity::Severity;

/// The recorded rounds of a file under a system ([`super::system::System::recorded`]).
pub trait RecordedRounds: Sync {
    /// Round `round` as recorded, ready to be paired again and compared; `Err` says why the round
    /// cannot be checked (the file lacks what its pairing rests on).
    fn round(&self, round: u32) -> Result<Box<dyn RoundCheck + '_>, String>;
}

/// A recorded round under a system: its recorded pairing, the system's pairing of the same state,
/// and the judgement of a record that differs.
pub trait RoundCheck {
    /// The pairing the file records, in board order.
    fn recorded(&self) -> &RoundPairing;

    /// The system's pairing of the round.
    fn pair(&self) -> Result<RoundPairing, PairFailure>;

    /// A hash of everything the pairing is made from (with the system), when the system offers
    /// one: a pairing made ahead from a state with the same fingerprint is this round's pairing
    /// (`verify::ahead`). `None`: a pairing made ahead is never taken.
    fn fingerprint(&self) -> Option<u64>;

    /// True when the record has the boards of `computed` (the verdict alone: `identify` and the
    /// hints only count the rounds that match, and judging a difference costs far more).
    fn agrees(&self, computed: &RoundPairing) -> bool;

    /// How and why the record differs from `computed`; `None` when it agrees.
    fn judge(&self, computed: &RoundPairing) -> Option<Judgement>;

    /// What a round without a valid pairing is told: the system's absolute criteria.
    fn without_valid_pairing(&self) -> &'static str {
        // Each system numbers its absolute criteria its own way (C1–C3, B.1–B.2, FMJD section 1),
        // so none is named.
        "no pairing of this round satisfies the absolute criteria"
    }
}

/// Why a recorded round differs from the system's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The computed boards the record does not have, in board order.
    pub differing_computed: Vec<Board>,
    /// The recorded boards of the players those boards involve, in board order.
    pub differing_recorded: Vec<Board>,
    /// The explanation, its first line the verdict's (`report::explanation_lines` splits it).
    pub text: String,
    /// Lines that follow the explanation's own.
    pub details: Vec<String>,
    /// The criterion the verdict rests on, as the system's explanations key it.
    pub criterion: String,
    pub severity: Severity,
    /// The record does better than the computed pairing on `criterion`: an engine bug.
    pub engine_bug: bool,
    /// When the record's colours break the colour limits of the basic rules where the other
    /// colours would not (C.04.1 arts. 6, 7), the sentence that says so: it makes the round
    /// absolute, and the report puts it in the first line.
    pub breach: Option<String>,
}

/// The round after the last one recorded, ready to pair.
pub trait RoundToPair {
    fn round(&self) -> u32;

    /// True when no one takes part in the round.
    fn is_empty(&self) -> bool;

    fn pair(&self) -> Result<RoundPairing, PairFailure>;

    /// Settles the round as its check will read it once it is recorded (an engine may settle
    /// there what the file's numbers leave open, [`Engine::missing_numbers`]), and gives the
    /// [`RoundCheck::fingerprint`] that check will find when the round is recorded as paired here;
    /// `None` when the system offers none, or when the round's check will not pair it (the file
    /// lacks what the pairing rests on).
    fn settle_as_checked(&mut self) -> Option<u64>;
}
