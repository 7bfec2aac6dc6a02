//! The next round, paired ahead: while `watch` is idle after checking a file whose tournament has
//! rounds still to play, it pairs the next round from the rounds recorded (as `trfcheck pair`
//! does). When that round is published, its check takes the pairing made ahead instead of pairing
//! the round again — but only when the engine would be given exactly the same input: the pairing
//! is kept with a fingerprint of the whole [`RoundState`] it was made from (and the system), and
//! the round's check compares the fingerprint of its own state with it. A player who does not turn
//! up, a bye requested late, a corrected result in an earlier round: any difference in what the
//! engine reads makes the fingerprints differ, and the round is paired as usual. So a verdict that
//! uses a pairing made ahead is the verdict the check would have given without it.

use std::fmt;
use std::hash::{DefaultHasher, Hasher};

use crate::model::Tournament;
use crate::state::RoundState;
use crate::systems::pairing::RoundPairing;
use crate::systems::{Engine, Explanation, PairFailure, Severity, SystemId};

use super::CheckOptions;

/// A round paired before it was recorded.
#[derive(Clone, Debug)]
pub struct PairedAhead {
    pub system: SystemId,
    pub round: u32,
    /// [`fingerprint`] of the state the pairing was made from.
    fingerprint: u64,
    pub result: Result<RoundPairing, PairFailure>,
}

/// Pairs the round after the last one recorded, when the tournament declares more rounds
/// (142/XXR) than it records: without a declared total, a round appended would change the total
/// the state reads (and with it whether a round is the last), so the pairing could never be used.
/// `None` when there is nothing to pair ahead, or the system or the file does not allow it.
pub fn pair_ahead(t: &Tournament, options: &CheckOptions) -> Option<PairedAhead> {
    // As `pair` builds it (a round past the declared total is refused there), then as the
    // round's check will once the round is recorded (`check_round` asks `missing_numbers` first).
    let super::NextState { resolved, engine, tournament, mut state } =
        super::next_round_state(t, options.system, &options.draughts).ok()?;
    if tournament.header.rounds.is_none() || engine.missing_numbers(&tournament, &mut state).is_some() {
        return None;
    }
    let fingerprint = fingerprint(resolved.system, &state);
    let result = engine.pair(&state);
    Some(PairedAhead { system: resolved.system, round: state.round, fingerprint, result })
}

/// A hash of everything the engine reads: the whole state, as its `Debug` text (every collection
/// in it is ordered, so equal states give equal text).
fn fingerprint(system: SystemId, state: &RoundState) -> u64 {
    let mut hasher = DefaultHasher::new();
    hasher.write(system.id().as_bytes());
    fmt::write(&mut super::reuse::HashWriter(&mut hasher), format_args!("{state:?}")).ok();
    hasher.finish()
}

/// An engine that answers with the pairing made ahead when asked to pair the very state it was
/// made from, and asks `inner` otherwise.
pub struct WithPairingAhead<'a> {
    pub inner: &'a dyn Engine,
    pub ahead: &'a PairedAhead,
}

impl Engine for WithPairingAhead<'_> {
    fn pair(&self, state: &RoundState) -> Result<RoundPairing, PairFailure> {
        if state.round == self.ahead.round && fingerprint(self.ahead.system, state) == self.ahead.fingerprint {
            tracing::debug!(round = state.round, "the pairing made ahead is used");
            return self.ahead.result.clone();
        }
        tracing::debug!(round = state.round, "the state differs from the one paired ahead; paired again");
        self.inner.pair(state)
    }

    fn explain(&self, state: &RoundState, computed: &RoundPairing, recorded: &RoundPairing) -> Explanation {
        self.inner.explain(state, computed, recorded)
    }

    fn severity(&self, criterion: &str) -> Severity {
        self.inner.severity(criterion)
    }

    fn keeps_colour_limits(&self) -> bool {
        self.inner.keeps_colour_limits()
    }

    fn missing_numbers(&self, t: &Tournament, state: &mut RoundState) -> Option<String> {
        self.inner.missing_numbers(t, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Participation;
    use std::path::Path;

    /// Answers every round with "the inner engine was asked".
    struct Inner;

    impl Engine for Inner {
        fn pair(&self, _: &RoundState) -> Result<RoundPairing, PairFailure> {
            Err(PairFailure::GaveUp("the inner engine was asked".into()))
        }
        fn explain(&self, _: &RoundState, _: &RoundPairing, _: &RoundPairing) -> Explanation {
            unreachable!("nothing is explained here")
        }
    }

    fn sample() -> Tournament {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples/dutch-4p-2r.trf");
        crate::formats::read_path(&path, Default::default()).unwrap().tournament.unwrap()
    }

    /// Nothing is paired ahead when the file does not declare more rounds than it records.
    #[test]
    fn only_an_event_with_rounds_to_play_is_paired_ahead() {
        let mut t = sample();
        t.header.rounds = None;
        assert!(pair_ahead(&t, &CheckOptions::default()).is_none());
        t.header.rounds = Some(2);
        assert!(pair_ahead(&t, &CheckOptions::default()).is_none());
        t.header.rounds = Some(3);
        let ahead = pair_ahead(&t, &CheckOptions::default()).expect("round 3 is paired ahead");
        assert_eq!(ahead.round, 3);
        assert_eq!(ahead.result.as_ref().map(|p| p.boards.len()), Ok(2));
    }

    /// The pairing made ahead answers only the state it was made from: the same state gets it
    /// (the inner engine is not asked); a state without one of the players goes to the engine.
    #[test]
    fn the_pairing_made_ahead_answers_only_its_own_state() {
        let mut t = sample();
        t.header.rounds = Some(3);
        let ahead = pair_ahead(&t, &CheckOptions::default()).unwrap();
        let engine = WithPairingAhead { inner: &Inner, ahead: &ahead };
        let mut state = RoundState::build(&t, 3, Participation::NextRound);
        assert_eq!(engine.pair(&state), ahead.result);
        assert!(ahead.result.is_ok());
        state.players.pop();
        assert_eq!(engine.pair(&state), Err(PairFailure::GaveUp("the inner engine was asked".into())));
        let other = PairedAhead { system: SystemId::Dutch2017, ..ahead.clone() };
        let engine = WithPairingAhead { inner: &Inner, ahead: &other };
        let state = RoundState::build(&t, 3, Participation::NextRound);
        assert!(engine.pair(&state).is_err(), "another system's pairing is not taken");
    }
}
