//! The pairing-allocated bye before the brackets are paired (C.04.3 C2, C4, C5, C9): whether the
//! round can be completed at all, at what score the PAB goes, and the facts the brackets' weights
//! read from it.

use crate::matching::{Matcher, Weight};
use crate::model::Points;

use super::compatibility::Compatibility;
use super::player::DutchPlayer;
use super::progress::EngineError;
use super::weights::{ByeContext, bits_for};

/// For an odd field, before the brackets: can the round be completed at all (C4, with C1–C3 and
/// the bye eligibility of C2), and at what score does the PAB go (C5)? Returns the bye facts;
/// `matcher` (any weight type wide enough for [`completion_bits`] and two more bits) is left
/// holding the matching found, a completion of the round whose one unmatched player gets the PAB.
pub(super) fn place_bye<V: Weight>(
    players: &[DutchPlayer],
    compatible: &Compatibility,
    matcher: &mut Matcher<V>,
) -> Result<ByeContext, EngineError> {
    let n = players.len();
    let score = |v: usize| players[v].score;
    let top = score(0);
    // A preliminary weight: complete the round with an eligible bye assignee, leave out the
    // player with the lowest score, and (for C9 below) pair the top scoregroup in itself.
    // The scoregroups' indices from the bottom up, summed over the paired players, are
    // largest when the one left out has the lowest score.
    let (group_bits, index_bits) = completion_bits(players);
    let mut group_index = vec![0u64; n];
    for v in (0..n.saturating_sub(1)).rev() {
        group_index[v] = group_index[v + 1] + u64::from(score(v) != score(v + 1));
    }
    for lower in 0..n {
        for higher in 0..lower {
            let mut w = V::zero();
            if compatible.get(higher, lower) {
                let (h, l) = (&players[higher], &players[lower]);
                w = V::from_u64(1 + u64::from(!h.pab_eligible) + u64::from(!l.pab_eligible));
                w.shl_in_place(index_bits);
                w.or_u64_in_place(group_index[higher] + group_index[lower]);
                w.shl_in_place(group_bits);
                w.or_u64_in_place(u64::from(l.score >= top));
            }
            matcher.set_weight(lower, higher, w);
        }
    }
    matcher.solve();
    let mate = |v: usize| matcher.mate(v).unwrap_or(v);
    let unmatched: Vec<usize> = (0..n).filter(|&v| matcher.mate(v).is_none()).collect();
    if unmatched.len() != 1 || !players[unmatched[0]].pab_eligible {
        return Err(EngineError::NoValidPairing);
    }
    let bye_score = score(unmatched[0]);
    // C9 in the first bracket: the PAB goes to a topscorer group member, and the top
    // scoregroup downfloats nobody else.
    let single = bye_score >= top && (0..n).take_while(|&v| score(v) >= top).all(|v| score(mate(v)) >= top);
    Ok(bye_facts(players, bye_score, single))
}

/// The bye facts of a round whose PAB goes at `bye_score`; `single`: C9 applies in the first
/// bracket.
pub(super) fn bye_facts(players: &[DutchPlayer], bye_score: Points, single: bool) -> ByeContext {
    let mut bye =
        ByeContext { assignee_score: Some(bye_score), single_downfloater_gets_bye: single, ..ByeContext::default() };
    let mut played: Vec<u32> = players.iter().filter(|p| p.score == bye_score).map(|p| p.played_games).collect();
    played.sort_unstable_by(|a, b| b.cmp(a));
    for (rank, games) in played.into_iter().enumerate() {
        bye.unplayed_ranks.insert(games, rank as u64);
    }
    bye
}

/// The widths of the completion's preliminary fields for odd `players`: a count of the largest
/// scoregroup, and a sum of scoregroup indices over the paired players.
pub(super) fn completion_bits(players: &[DutchPlayer]) -> (u32, u32) {
    let groups = players.chunk_by(|a, b| a.score == b.score);
    let largest = groups.clone().map(<[DutchPlayer]>::len).max().unwrap_or(0);
    (bits_for(largest).max(1), bits_for(players.len() * groups.count()).max(1))
}
