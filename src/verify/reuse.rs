//! What a round's verdict depends on, as a key: `watch` keeps a round's verdict from its last check
//! of a file when the key is the same (docs/watch.md, "Incremental re-checks"), so a save that
//! appends a round re-checks only that round.
//!
//! A round r is checked from [`crate::state::RoundState::build`] (the records of rounds 1..r, who
//! is paired in round r, the players' data, the point system, the accelerations, the forbidden
//! pairs, the bye requests for round r, the total number of rounds) and from the recorded pairing
//! of round r ([`super::round::check_round`]). The key hashes the tournament with everything after
//! round r taken out, and with what the checks never read taken out (the Points and Rank columns,
//! which a later round rewrites; printed tie-breaks; dates, which only choose the system, and the
//! system is in the key). What is not taken out counts, so an unknown dependency makes a key change
//! (a round checked again), never a stale verdict.

use std::fmt;
use std::hash::{DefaultHasher, Hasher};

use crate::model::Tournament;
use crate::systems::SystemId;
use crate::systems::common::round::HashWriter;

/// The key of round `round` of `t` checked under `system`. Two equal keys mean the same inputs
/// to the round's check (up to a 64-bit hash collision), so the same verdict.
pub fn round_input_key(t: &Tournament, system: SystemId, round: u32) -> u64 {
    let mut hasher = DefaultHasher::new();
    hasher.write(system.id().as_bytes());
    hasher.write_u32(round);
    // The total number of rounds, as the state takes it: without a 142/XXR record, the rounds
    // recorded, so appending round 11 to a file without one changes it for every round. The Dutch
    // engines read it only to know whether the round is the last one (the topscorers of C.04.3
    // A.7 and their final-round exception to C.3: `System::reads_only_whether_last`); the Dubov
    // engines (the limits on upfloats and transfers), FMJD (the rounds still to play), the team
    // systems (their last-two-rounds exceptions) and the Baku acceleration (C.04.7, which rounds
    // are accelerated) read the number itself.
    let total = t.header.rounds.unwrap_or_else(|| t.rounds_paired().max(round));
    hasher.write_u8(u8::from(round >= total));
    let baku = t.header.baku_acceleration_flag
        || t.header.system_code.as_deref().is_some_and(|c| c.trim().to_ascii_uppercase().ends_with("_BAKU"));
    if !crate::systems::of(system).reads_only_whether_last() || baku {
        hasher.write_u32(total);
        hasher.write_u32(t.header.rounds.unwrap_or_else(|| t.rounds_paired()));
    }
    // Read from the whole file (the first round with a colour recorded), so taken from it here.
    let initial = t.initial_colour().map(|(colour, _)| colour);
    fmt::write(&mut HashWriter(&mut hasher), format_args!("{initial:?}")).ok();
    let up_to = up_to_round(t, round);
    fmt::write(&mut HashWriter(&mut hasher), format_args!("{up_to:?}")).ok();
    hasher.finish()
}

/// The tournament as round `round`'s check sees it: later rounds and what no check reads removed.
fn up_to_round(t: &Tournament, round: u32) -> Tournament {
    let mut t = t.clone();
    let keep = round as usize;
    for player in &mut t.players {
        player.rounds.truncate(keep);
        // Rewritten by every round added; the checks compute the score from the results.
        player.points = None;
        player.rank = None;
        if let Some(draughts) = &mut player.draughts {
            draughts.reported_tie_breaks.clear();
        }
    }
    t.header.round_dates.truncate(keep);
    t.header.end_date = None;
    t.header.rounds = None;
    t.requested_byes.retain(|bye| bye.round <= round);
    t.abnormal_points.retain(|points| points.round.is_none_or(|r| r <= round));
    t.team_records.forfeits.retain(|forfeit| forfeit.round <= round);
    t.team_records.lineups.retain(|lineup| lineup.round <= round);
    t.verbatim.clear();
    t.origin = Default::default();
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{ReadOptions, read_bytes};
    use std::path::Path;

    fn read(text: &str) -> Tournament {
        read_bytes(Path::new("t.trf"), text.as_bytes(), ReadOptions::default()).tournament.expect("a tournament")
    }

    const R1: [&str; 4] = ["3 w 1", "4 b 1", "1 b 0", "2 w 0"];
    const R2: [&str; 4] = ["2 b 1", "1 w 0", "4 w 1", "3 b 0"];
    const R3: [&str; 4] = ["4 w 1", "3 b 1", "2 w 0", "1 b 0"];

    /// Four players and their rounds (no 142/XXR record: the rounds recorded are all there are).
    fn file(rounds: &[[&str; 4]], points: [&str; 4]) -> String {
        let names = ["Player One", "Player Two", "Player Three", "Player Four"];
        let mut text = String::from("012 Reuse test\n");
        for i in 0..4 {
            text.push_str(&format!(
                "001 {:>4}      {:<33} {:>4}                            {:>4} {:>4} ",
                i + 1,
                names[i],
                2000 - 100 * i,
                points[i],
                i + 1
            ));
            for round in rounds {
                text.push_str(&format!(" {:>8} ", round[i]));
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn a_round_appended_keeps_the_keys_of_the_rounds_before() {
        let two = read(&file(&[R1, R2], ["2.0", "1.0", "1.0", "0.0"]));
        let three = read(&file(&[R1, R2, R3], ["3.0", "2.0", "1.0", "0.0"]));
        assert_eq!(three.rounds_paired(), 3);
        let key = |t: &Tournament, system, round| round_input_key(t, system, round);
        // The Points column changed, and round 1 was not the last round and is not: the same key
        // under Dutch.
        assert_eq!(key(&two, SystemId::Dutch2025, 1), key(&three, SystemId::Dutch2025, 1));
        // Round 2 was the last round (its topscorers, C.04.3 A.7), and no longer is.
        assert_ne!(key(&two, SystemId::Dutch2025, 2), key(&three, SystemId::Dutch2025, 2));
        // Under Dubov the number of rounds itself counts.
        assert_ne!(key(&two, SystemId::Dubov2025, 1), key(&three, SystemId::Dubov2025, 1));
        assert_ne!(key(&three, SystemId::Dutch2025, 1), key(&three, SystemId::Dutch2025, 2));
        assert_ne!(key(&three, SystemId::Dutch2025, 1), key(&three, SystemId::Dutch2017, 1));
    }

    #[test]
    fn a_change_in_a_round_changes_its_key_and_those_after() {
        let before = read(&file(&[R1, R2], ["2.0", "1.0", "1.0", "0.0"]));
        let mut text = file(&[R1, R2], ["2.0", "1.0", "1.0", "0.0"]);
        // Round 1: player 1 now drew with player 3.
        text = text.replacen("3 w 1", "3 w =", 1).replacen("1 b 0", "1 b =", 1);
        let after = read(&text);
        for round in 1..=2 {
            assert_ne!(
                round_input_key(&before, SystemId::Dutch2025, round),
                round_input_key(&after, SystemId::Dutch2025, round),
                "round {round}"
            );
        }
        // Only round 2 changed: round 1 keeps its key.
        let other = read(&file(&[R1, ["2 w 1", "1 b 0", "4 w 1", "3 b 0"]], ["2.0", "1.0", "1.0", "0.0"]));
        assert_eq!(round_input_key(&before, SystemId::Dutch2025, 1), round_input_key(&other, SystemId::Dutch2025, 1));
        assert_ne!(round_input_key(&before, SystemId::Dutch2025, 2), round_input_key(&other, SystemId::Dutch2025, 2));
    }
}
