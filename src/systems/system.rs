//! What every system gives the verifier, `pair`, `identify` and `generate`: one [`System`] value
//! for each of the fourteen ids ([`super::of`]), teams included, so that a round is checked the same way
//! under every system (`verify::check_rounds` never asks which system it runs).
//!
//! A round is checked in three steps, each the system's (`super::round`): the round as recorded
//! is read into what the system pairs from ([`System::recorded`], [`RecordedRounds::round`]: the
//! players' state, or the teams'); that state is paired again ([`RoundCheck::pair`]); and a
//! record that differs is judged ([`RoundCheck::judge`]: which boards differ, the explanation in
//! the system's own terms, and its severity). The systems that pair players do all three through their [`Engine`]
//! ([`super::common::round`]); the team systems pair the teams' state (`team::check`).

use std::borrow::Cow;

use super::engine::Engine;
use super::id::SystemId;
use super::round::{RecordedRounds, RoundCheck, RoundToPair};
use crate::diagnostics::Diagnostics;
use crate::model::{OrganiserFlags, Tournament};

/// A pairing system, as the checks use it.
pub trait System: Sync {
    fn id(&self) -> SystemId;

    /// The engine that pairs the players one by one; `None` for a system that pairs teams.
    fn engine(&self) -> Option<&dyn Engine>;

    /// The tournament as this system reads it, given the organiser's options set on the command
    /// line. Only the FMJD systems (Annex 5, sections 4.1, 5 and 7) and the Lim system (its
    /// Maxi-tournament, C.04.4.3 3.2.3, 3.8, 5.7) have such options; every other system reads the
    /// file as it is.
    fn read<'a>(&self, t: &'a Tournament, flags: &OrganiserFlags) -> Cow<'a, Tournament> {
        let _ = flags;
        Cow::Borrowed(t)
    }

    /// What a file declared for this system must hold beyond the cross-checks every file gets
    /// (`validate`), as findings of the same kind; none for most systems.
    fn validate(&self, t: &Tournament) -> Diagnostics {
        let _ = t;
        Diagnostics::new()
    }

    /// The organiser's options a check used, each with where it came from; `None` for a system
    /// that has none.
    fn used_options(&self, t: &Tournament, flags: &OrganiserFlags) -> Option<Vec<UsedOption>> {
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

    /// The round columns of the file that make one round of this system: two for a Double-Swiss
    /// match (its games, C.04.5 0), one for every other system. `generate` writes a round in as
    /// many columns, and [`System::read`] reads them back as one.
    fn columns_per_round(&self) -> usize {
        1
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

/// An organiser's option a check used and where it came from (`flag`, `XDO record`, a
/// point-system record, or `default`), for the reports.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct UsedOption {
    pub name: std::borrow::Cow<'static, str>,
    pub value: String,
    pub source: String,
}

/// `floats on (default), colour-preference weak (XDO record), …`, for the text outputs.
pub fn describe_options(options: &[UsedOption]) -> String {
    options.iter().map(|o| format!("{} {} ({})", o.name, o.value, o.source)).collect::<Vec<_>>().join(", ")
}

/// The rounds of a system without an engine: none can be checked.
struct NoEngine(SystemId);

impl RecordedRounds for NoEngine {
    fn round(&self, _: u32) -> Result<Box<dyn RoundCheck + '_>, String> {
        Err(format!("no pairing engine supports {} yet", self.0))
    }
}

/// Implements [`Engine`] for a system whose engine is three functions of its own: `pair` (its
/// error converts into a [`super::outcome::PairFailure`]), `explain`, and the severity classes `severity` (a [`super::severity::Classes`]). Given an
/// id (`system: Id`), it also implements [`System`] under that id, for a
/// system that asks nothing else of the checks (no organiser's options, criteria named as its
/// explanations name them).
macro_rules! engine_of {
    ($ty:ty, pair: $pair:path, explain: $explain:path, severity: $classes:expr $(,)?) => {
        impl $crate::systems::engine::Engine for $ty {
            fn pair(
                &self,
                state: &$crate::state::RoundState,
            ) -> Result<$crate::systems::pairing::RoundPairing, $crate::systems::outcome::PairFailure> {
                // `$pair` returns its own error (converted) or a `PairFailure` already.
                #[allow(clippy::needless_question_mark)]
                Ok($pair(state)?)
            }

            fn explain(
                &self,
                state: &$crate::state::RoundState,
                computed: &$crate::systems::pairing::RoundPairing,
                recorded: &$crate::systems::pairing::RoundPairing,
            ) -> $crate::systems::outcome::Explanation {
                $explain(state, computed, recorded)
            }

            fn severity(&self, criterion: &str) -> $crate::systems::severity::Severity {
                $classes.of(criterion)
            }
        }
    };
    ($ty:ty, system: $id:ident, pair: $pair:path, explain: $explain:path, severity: $classes:expr $(,)?) => {
        $crate::systems::system::engine_of!($ty, pair: $pair, explain: $explain, severity: $classes);

        impl $crate::systems::system::System for $ty {
            fn id(&self) -> $crate::systems::id::SystemId {
                $crate::systems::id::SystemId::$id
            }

            fn engine(&self) -> Option<&dyn $crate::systems::engine::Engine> {
                Some(self)
            }
        }
    };
}
pub(crate) use engine_of;
