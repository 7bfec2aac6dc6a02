//! Rounds whose pairing would rest on numbers the file lacks (docs/fmjd.md, "Crosstables that lack
//! numbers").
//!
//! The FMJD-report matrix numbers its players by final place (`Numbering::FinalPlaces`, `XDN
//! FINAL-PLACES` once converted): it has no lot numbers. The annex orders players by score, then
//! rating (A.c, 3.3b) or Solkoff and Sonneborn-Berger (B.c, 3.3a), and only then by lot number
//! (B.a: "the pairing numbers are given by lot"). A round of such a file can be checked only when no
//! tie that the lot number would break decides anything: the round is paired under every order of
//! the tied players (and under both colours of the round-1 draw when the file does not tell it,
//! A.b), and checked only when all of them give the same pairing. Otherwise it is `not-checked`
//! with the tie that decides — never a guess.

use std::ops::Range;

use crate::model::{Colour, EntryKind, Numbering, PlayerId, Tournament};
use crate::state::RoundState;

use super::engine::pair_ordered;
use super::player::{FmjdPlayer, players};
use super::{Options, Variant};
use crate::systems::outcome::PairFailure;

/// The most orders of tied players (times the colours of the draw) tried before the round is
/// reported as resting on lot numbers without a proof either way.
const ORDERS: u64 = 720;

/// Why round `state.round` of `t` cannot be checked under `options` without numbers the file
/// lacks; `None` when it can.
pub(crate) fn missing_numbers(t: &Tournament, state: &mut RoundState, options: &Options) -> Option<String> {
    if t.numbering != Numbering::FinalPlaces {
        return None;
    }
    let colours = drawn_colours(t, options.variant);
    // The state read the draw from player 1's first game, but player 1 is the winner here; the
    // draw the file does tell (reading 11) replaces it, and an unknown one is tried both ways.
    if let [colour] = colours.as_slice() {
        state.initial_colour = *colour;
    }
    let state = &*state;
    let players = players(state, options.variant);
    let blocks = tied_blocks(&players, options.variant);
    let lead = "the player numbers are final places (the crosstable has no lot numbers)";
    let ties = || describe_ties(&players, &blocks, options.variant);
    if state.round == 1 && options.variant != Variant::Rating && players.iter().filter(|p| !p.dummy).count() > 2 {
        return Some(format!("{lead}, and round 1 is ordered by lot number (B.a, 5.3), which the file lacks"));
    }
    let mut orders: u64 = colours.len() as u64;
    for block in &blocks {
        for k in 2..=block.len() as u64 {
            orders = orders.saturating_mul(k);
        }
    }
    if orders > ORDERS {
        return Some(format!(
            "{lead}; {}; the annex breaks such ties by lot number (A.c, B.a), and more than {ORDERS} orders of the \
             tied players are too many to show that the tie decides nothing",
            ties()
        ));
    }
    let outcome = |order: &[FmjdPlayer], colour: Colour| {
        pair_ordered(state, options, order, colour).map(|(pairing, _)| {
            let mut boards: Vec<(PlayerId, PlayerId)> =
                pairing.boards.iter().map(|b| (b.white, b.black.unwrap_or(0))).collect();
            boards.sort_unstable();
            boards
        })
    };
    let reference = outcome(&players, colours[0]);
    // A search that gave up decides nothing about the tie either (docs/fmjd-search.md, "The bound
    // that remains").
    if let Err(PairFailure::GaveUp(reason)) = &reference {
        return Some(reason.clone());
    }
    let mut perms: Vec<Vec<usize>> = blocks.iter().map(|b| b.clone().collect()).collect();
    loop {
        let mut order = players.clone();
        for (block, perm) in blocks.iter().zip(&perms) {
            for (slot, &from) in block.clone().zip(perm) {
                order[slot] = players[from].clone();
            }
        }
        for &colour in &colours {
            let this = outcome(&order, colour);
            if let Err(PairFailure::GaveUp(reason)) = this {
                return Some(reason);
            }
            if this != reference {
                let cause = if blocks.is_empty() {
                    "the colour drawn for round 1 (A.b) decides the colours, and the file does not tell it (its \
                     player 1 is the winner, not the first of the round-1 order)"
                        .to_owned()
                } else {
                    format!(
                        "{}; ordered one way or another (the lot number, A.c, B.a{}), the round pairs differently",
                        ties(),
                        if colours.len() > 1 { ", and the colour drawn for round 1, A.b" } else { "" }
                    )
                };
                return Some(format!("{lead}; {cause}"));
            }
        }
        // The next order: the blocks' permutations as an odometer.
        let mut advanced = false;
        for perm in perms.iter_mut() {
            if next_permutation(perm) {
                advanced = true;
                break;
            }
        }
        if !advanced {
            return None;
        }
    }
}

/// Runs of two or more players in the round's order with the same score and the same rating (5.1)
/// or Solkoff and SB (5.2, 5.3): the order inside them is the lot number's.
pub(crate) fn tied_blocks(players: &[FmjdPlayer], variant: Variant) -> Vec<Range<usize>> {
    let key = |p: &FmjdPlayer| {
        if variant == Variant::Rating { (p.score, i64::from(p.rating), 0) } else { (p.score, p.solkoff, p.sb) }
    };
    let mut blocks = Vec::new();
    let mut start = 0;
    for i in 1..=players.len() {
        let ends = i == players.len() || players[i].dummy || key(&players[i]) != key(&players[start]);
        if ends {
            if i - start >= 2 && !players[start].dummy {
                blocks.push(start..i);
            }
            start = i;
        }
    }
    blocks
}

fn describe_ties(players: &[FmjdPlayer], blocks: &[Range<usize>], variant: Variant) -> String {
    let Some(first) = blocks.first() else { return "no players tie".into() };
    let mut ids: Vec<String> = first.clone().map(|i| players[i].id.to_string()).collect();
    let last = ids.pop().unwrap_or_default();
    let p = &players[first.start];
    let on = if variant == Variant::Rating {
        format!("{} points and rating {}", p.score, p.rating)
    } else {
        let tenths = crate::model::Points::from_tenths;
        format!("{} points, Solkoff {} and SB {}", p.score, tenths(p.solkoff), tenths(p.sb))
    };
    let more = match blocks.len() {
        1 => String::new(),
        n => format!(" ({} more tie{})", n - 1, if n == 2 { "" } else { "s" }),
    };
    format!("players {} and {last} tie on {on}{more}", ids.join(", "))
}

/// The colours the round-1 draw may have given (A.b: A1 gets the drawn colour). Declared (152,
/// XXC): that one. On rating, the first of the round-1 order is the highest rated; when one player
/// is, his recorded round-1 colour is the draw (reading 11). Otherwise both.
fn drawn_colours(t: &Tournament, variant: Variant) -> Vec<Colour> {
    if let Some(colour) = t.header.initial_colour {
        return vec![colour];
    }
    if variant == Variant::Rating {
        let mut first: Vec<(u32, Option<Colour>)> = t
            .players
            .iter()
            .filter_map(|p| match p.round(1).kind() {
                EntryKind::Played { colour, .. } | EntryKind::Pending { colour, .. } => {
                    Some((p.rating.unwrap_or(0), Some(colour)))
                }
                EntryKind::Forfeit { colour, .. } => Some((p.rating.unwrap_or(0), colour)),
                _ => None,
            })
            .collect();
        first.sort_by_key(|&(rating, _)| std::cmp::Reverse(rating));
        if let [(top, Some(colour)), rest @ ..] = first.as_slice()
            && rest.first().is_none_or(|(next, _)| next < top)
        {
            return vec![*colour];
        }
    }
    vec![Colour::White, Colour::Black]
}

/// The next permutation in lexicographic order; false (and sorted back) after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        v.sort_unstable();
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    #[test]
    fn permutations_are_all_visited_once() {
        let mut v = vec![0, 1, 2, 3];
        let mut seen = std::collections::BTreeSet::new();
        loop {
            assert!(seen.insert(v.clone()));
            if !next_permutation(&mut v) {
                break;
            }
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(v, vec![0, 1, 2, 3]);
    }
}
