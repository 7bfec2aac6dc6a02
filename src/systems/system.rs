//! What every system gives the verifier, `pair`, `identify` and `generate`: one [`System`] value
//! for each of the ten ids ([`super::of`]), teams included, so that a round is checked the same way
//! under every system (`verify::check_rounds` never asks which system it runs).
//!
//! A round is checked in three steps, each the system's: the round as recorded is read into what
//! the system pairs from ([`System::recorded`], [`RecordedRounds::round`]: the players' state, or
//! the teams'); that
//! state is paired again ([`RoundCheck::pair`]); and a record that differs is judged
//! ([`RoundCheck::judge`]: which boards differ, the explanation in the system's own terms, and its
//! severity). The systems that pair players do all three through their [`Engine`]
//! ([`super::common::round`]); the team systems pair the teams' state (`team::check`).

use std::borrow::Cow;

use super::engine::Engine;
use super::id::SystemId;
use super::outcome::PairFailure;
use super::pairing::{Board, RoundPairing};
use super::severity::Severity;
use crate::model::{DraughtsOptions, Tournament};

/// A pairing system, as the checks use it.
pub trait System: Sync {
    fn id(&self) -> SystemId;

    /// The engine that pairs the players one by one; `None` for a system that pairs teams.
    fn engine(&self) -> Option<&dyn Engine>;

    /// The tournament as this system reads it, given the organiser's options set on the command
    /// line. Only the FMJD systems have such options (Annex 5, sections 4.1, 5 and 7); every other
    /// system reads the file as it is.
    fn read<'a>(&self, t: &'a Tournament, flags: &DraughtsOptions) -> Cow<'a, Tournament> {
        let _ = flags;
        Cow::Borrowed(t)
    }

    /// The organiser's options a check used, each with where it came from; `None` for a system
    /// that has none.
    fn used_options(&self, t: &Tournament, flags: &DraughtsOptions) -> Option<Vec<super::fmjd::UsedOption>> {
        let _ = (t, flags);
        None
    }

    /// The criterion an explanation names (`key`, shared by the versions of a system whose rules
    /// did not change it), as this version's text names it; `text` is the explanation
    /// ([`super::common::criterion`]).
    fn criterion_name(&self, key: &str, text: &str) -> String {
        super::common::criterion::named(key, text)
    }

    /// True when the pairing reads of the total number of rounds (142/XXR) only whether a round
    /// is the last one; false (the default) when it reads the number itself, as limits on the
    /// rounds still to play do. `watch` keeps a round's verdict across saves by what it reads
    /// (`verify::reuse`).
    fn reads_only_whether_last(&self) -> bool {
        false
    }

    /// The recorded rounds of `t`, each ready to be paired again and compared: what the system
    /// reads of the whole file once (a team event's matches, aggregated from its boards), for
    /// every round the checks take from it, on as many threads as they run.
    fn recorded<'a>(&'a self, t: &'a Tournament) -> Box<dyn RecordedRounds + 'a> {
        match self.engine() {
            Some(engine) => Box::new(super::common::round::PlayerRounds::new(self.id(), t, engine)),
            None => Box::new(NoEngine(self.id())),
        }
    }

    /// Round `round` of `t`, the round after the last one recorded, ready to pair: the players (or
    /// teams) without a marker that keeps them out of it. `None` when this system cannot pair the
    /// file.
    fn next_round<'a>(&'a self, t: &'a Tournament, round: u32) -> Option<Box<dyn RoundToPair + 'a>> {
        let engine = self.engine()?;
        Some(Box::new(super::common::round::PlayerRound::next(self.id(), t, round, engine)))
    }
}

/// The recorded rounds of a file under a system ([`System::recorded`]).
pub trait RecordedRounds: Sync {
    /// Round `round` as recorded, ready to be paired again and compared; `Err` says why the round
    /// cannot be checked (the file lacks what its pairing rests on).
    fn round(&self, round: u32) -> Result<Box<dyn RoundCheck + '_>, String>;
}

/// The rounds of a system without an engine: none can be checked.
struct NoEngine(SystemId);

impl RecordedRounds for NoEngine {
    fn round(&self, _: u32) -> Result<Box<dyn RoundCheck + '_>, String> {
        Err(format!("no pairing engine supports {} yet", self.0))
    }
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
