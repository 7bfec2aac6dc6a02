//! A round of a system that pairs players one by one, for the checks ([`crate::systems::system::System`]):
//! the state of the players before it ([`RoundState`]), paired by the system's [`Engine`], the
//! record read as boards ([`super::record`]), and a record that differs judged by the engine's
//! explanation and the severity it gives with the colour limits of the basic rules
//! ([`super::limits`]).

use std::fmt;
use std::hash::{DefaultHasher, Hasher};

use crate::model::Tournament;
use crate::state::{Participation, RoundState};
use crate::systems::engine::Engine;
use crate::systems::id::SystemId;
use crate::systems::outcome::PairFailure;
use crate::systems::pairing::RoundPairing;
use crate::systems::round::{Judgement, RecordedRounds, RoundCheck, RoundToPair};

use super::record::{compare, recorded_pairing};

/// The recorded rounds of `t` under an engine that pairs players.
pub struct PlayerRounds<'a> {
    system: SystemId,
    t: &'a Tournament,
    engine: &'a dyn Engine,
}

impl<'a> PlayerRounds<'a> {
    pub fn new(system: SystemId, t: &'a Tournament, engine: &'a dyn Engine) -> PlayerRounds<'a> {
        PlayerRounds { system, t, engine }
    }
}

impl RecordedRounds for PlayerRounds<'_> {
    fn round(&self, round: u32) -> Result<Box<dyn RoundCheck + '_>, String> {
        let check = PlayerRound::recorded(self.system, self.t, round, self.engine)?;
        Ok(Box::new(check))
    }
}

/// A round of `t` under an engine that pairs players: recorded (to check) or to pair next.
pub struct PlayerRound<'a> {
    system: SystemId,
    t: &'a Tournament,
    state: RoundState,
    engine: &'a dyn Engine,
    /// The recorded pairing (empty for a round to pair).
    recorded: RoundPairing,
}

impl<'a> PlayerRound<'a> {
    /// Recorded round `round`: the players the record pairs in it, from the rounds before it. A
    /// round whose pairing rests on numbers the file lacks cannot be checked: `Err` says why.
    pub fn recorded(
        system: SystemId,
        t: &'a Tournament,
        round: u32,
        engine: &'a dyn Engine,
    ) -> Result<PlayerRound<'a>, String> {
        let mut state = RoundState::build(t, round, Participation::Recorded);
        if let Some(reason) = engine.missing_numbers(t, &mut state) {
            return Err(reason);
        }
        let recorded = recorded_pairing(t, round, &state);
        Ok(PlayerRound { system, t, state, engine, recorded })
    }

    /// Round `round` to pair: the players without a marker (`0000 - Z/H/F`, 240, XXZ) in it.
    pub fn next(system: SystemId, t: &'a Tournament, round: u32, engine: &'a dyn Engine) -> PlayerRound<'a> {
        let state = RoundState::build(t, round, Participation::NextRound);
        PlayerRound { system, t, state, engine, recorded: RoundPairing { boards: Vec::new() } }
    }
}

impl RoundCheck for PlayerRound<'_> {
    fn recorded(&self) -> &RoundPairing {
        &self.recorded
    }

    fn pair(&self) -> Result<RoundPairing, PairFailure> {
        self.engine.pair_checking(&self.state, &self.recorded)
    }

    fn fingerprint(&self) -> Option<u64> {
        Some(fingerprint(self.system, &self.state))
    }

    fn agrees(&self, computed: &RoundPairing) -> bool {
        compare(self.t, self.state.round, computed).is_empty()
    }

    fn judge(&self, computed: &RoundPairing) -> Option<Judgement> {
        let difference = compare(self.t, self.state.round, computed);
        if difference.is_empty() {
            return None;
        }
        let in_board_order = |boards| {
            let mut sorted = RoundPairing { boards };
            sorted.sort_boards(&self.state);
            sorted.boards
        };
        let explanation = self.engine.explain(&self.state, computed, &self.recorded);
        let (severity, breach) =
            super::limits::of_round(self.t, &self.state, self.engine, &explanation, computed, &self.recorded);
        Some(Judgement {
            differing_computed: in_board_order(difference.computed),
            differing_recorded: in_board_order(difference.recorded),
            text: explanation.text,
            details: Vec::new(),
            criterion: explanation.criterion,
            severity,
            engine_bug: explanation.recorded_is_better,
            breach,
        })
    }
}

impl RoundToPair for PlayerRound<'_> {
    fn round(&self) -> u32 {
        self.state.round
    }

    fn is_empty(&self) -> bool {
        self.state.players.is_empty()
    }

    fn pair(&self) -> Result<RoundPairing, PairFailure> {
        self.engine.pair(&self.state)
    }

    fn settle_as_checked(&mut self) -> Option<u64> {
        if self.engine.missing_numbers(self.t, &mut self.state).is_some() {
            return None;
        }
        Some(fingerprint(self.system, &self.state))
    }
}

/// A hash of everything the engine reads: the whole state, as its `Debug` text (every collection
/// in it is ordered, so equal states give equal text), and the system.
fn fingerprint(system: SystemId, state: &RoundState) -> u64 {
    let mut hasher = DefaultHasher::new();
    hasher.write(system.id().as_bytes());
    fmt::write(&mut HashWriter(&mut hasher), format_args!("{state:?}")).ok();
    hasher.finish()
}

/// Feeds formatted text to a hasher, without building the string.
pub struct HashWriter<'a>(pub &'a mut DefaultHasher);

impl fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.write(text.as_bytes());
        Ok(())
    }
}
