//! The next round, paired ahead: while `watch` is idle after checking a file whose tournament has
//! rounds still to play, it pairs the next round from the rounds recorded (as `trfcheck pair`
//! does). When that round is published, its check takes the pairing made ahead instead of pairing
//! the round again — but only when the engine would be given exactly the same input: the pairing
//! is kept with a fingerprint of the whole state it was made from (and the system), and
//! the round's check compares the fingerprint of its own state with it. A player who does not turn
//! up, a bye requested late, a corrected result in an earlier round: any difference in what the
//! engine reads makes the fingerprints differ, and the round is paired as usual. So a verdict that
//! uses a pairing made ahead is the verdict the check would have given without it.

use crate::model::Tournament;
use crate::systems::pairing::RoundPairing;
use crate::systems::{PairFailure, SystemId};

use super::CheckOptions;

/// A round paired before it was recorded.
#[derive(Clone, Debug)]
pub struct PairedAhead {
    pub system: SystemId,
    pub round: u32,
    /// The fingerprint of the state the pairing was made from
    /// ([`crate::systems::round::RoundToPair::settle_as_checked`]).
    pub(super) fingerprint: u64,
    pub result: Result<RoundPairing, PairFailure>,
}

/// Pairs the round after the last one recorded, when the tournament declares more rounds
/// (142/XXR) than it records: without a declared total, a round appended would change the total
/// the state reads (and with it whether a round is the last), so the pairing could never be used.
/// `None` when there is nothing to pair ahead, or the system or the file does not allow it.
pub fn pair_ahead(t: &Tournament, options: &CheckOptions) -> Option<PairedAhead> {
    // As `pair` builds it (a round past the declared total is refused there), then as the
    // round's check will once the round is recorded.
    super::with_next_round(t, options.system, &options.organiser, |resolved, tournament, next| {
        tournament.header.rounds?;
        let fingerprint = next.settle_as_checked()?;
        let result = next.pair();
        Some(PairedAhead { system: resolved.system, round: next.round(), fingerprint, result })
    })
    .ok()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

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

    /// The pairing made ahead answers only the state it was made from: once round 3 is recorded
    /// as paired ahead, its check takes that pairing (a planted one, to tell it from a pairing made
    /// again); a round whose state differs (a player gone), or a pairing of another system, is
    /// paired again.
    #[test]
    fn the_pairing_made_ahead_answers_only_its_own_state() {
        use crate::report::RoundStatus;
        let mut t = sample();
        t.header.rounds = Some(3);
        let ahead = pair_ahead(&t, &CheckOptions::default()).unwrap();
        let computed = ahead.result.clone().unwrap();
        // Round 3 recorded as paired ahead, all games drawn.
        let mut recorded = t.clone();
        for board in &computed.boards {
            let black = board.black.unwrap();
            use crate::model::{Colour, ResultCode, RoundEntry};
            for (player, opponent, colour) in [(board.white, black, Colour::White), (black, board.white, Colour::Black)]
            {
                let entry = RoundEntry::game(opponent, colour, ResultCode::Draw);
                recorded.players.iter_mut().find(|p| p.id == player).unwrap().rounds.push(entry);
            }
        }
        let system = crate::systems::of(SystemId::Dutch2025);
        let planted = PairedAhead { result: Err(PairFailure::GaveUp("planted".into())), ..ahead.clone() };
        let report = super::super::round::check_round(&recorded, 3, system, Some(&planted));
        assert_eq!(report.reason.as_deref(), Some("planted"), "the same state takes the pairing made ahead");
        let report = super::super::round::check_round(&recorded, 3, system, Some(&ahead));
        assert_eq!(report.status, RoundStatus::Match);
        let other = PairedAhead { system: SystemId::Dutch2017, ..planted.clone() };
        let report = super::super::round::check_round(&recorded, 3, system, Some(&other));
        assert_eq!(report.status, RoundStatus::Match, "another system's pairing is not taken");
        let mut without = recorded.clone();
        let gone = without.players.iter_mut().find(|p| p.id == computed.boards[0].white).unwrap();
        gone.rounds.truncate(2);
        let report = super::super::round::check_round(&without, 3, system, Some(&planted));
        assert_ne!(report.reason.as_deref(), Some("planted"), "another state is paired again");
    }
}
