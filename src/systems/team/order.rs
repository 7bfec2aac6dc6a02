//! The orders the Swiss Team Pairing System enumerates (C.04.6 3.5 and 3.6). The text does not
//! search for a best pairing: it lists candidates in a fixed order and takes the first that meets
//! the criteria. These enumerate in exactly that order, each to a visitor that may stop the walk.

use std::ops::ControlFlow;

use super::Tpn;

/// A visitor of pairings: given each pairing's pairs, says whether to go on.
pub type PairingVisitor<'a> = dyn FnMut(&[(Tpn, Tpn)]) -> ControlFlow<()> + 'a;

/// The identifier of a pairing (3.6.2): the top members' TPNs in ascending order (the smaller TPN
/// of each pair is its top member, 3.6.1), then the bottom member of each of those pairs.
pub fn identifier(pairs: &[(Tpn, Tpn)]) -> Vec<Tpn> {
    let mut pairs: Vec<(Tpn, Tpn)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    pairs.iter().map(|p| p.0).chain(pairs.iter().map(|p| p.1)).collect()
}

/// Visits every pairing of `teams` (an even number of distinct TPNs) in the lexicographic order
/// of their identifiers (3.6.3), each as its pairs (top member first) in the order of the
/// identifier; stops when `visit` breaks.
///
/// Every identifier has the same length, so the order is that of the top members first, then of
/// the bottom members. The sets of top members are walked in lexicographic order, skipping those
/// no pairing has (the smallest TPN is always a top member; a set has a pairing when, both sorted,
/// each top member is below the bottom member of the same rank); for each, the bottom members are
/// given to the top members in order, each the smallest one left that is above it, first.
pub fn each_pairing(teams: &[Tpn], visit: &mut PairingVisitor) -> ControlFlow<()> {
    let mut sorted = teams.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != teams.len() || sorted.len() % 2 == 1 {
        return ControlFlow::Continue(());
    }
    let half = sorted.len() / 2;
    each_combination(sorted.len(), half, &mut |chosen| {
        let tops: Vec<Tpn> = chosen.iter().map(|&i| sorted[i]).collect();
        let bottoms: Vec<Tpn> = sorted.iter().copied().filter(|t| !tops.contains(t)).collect();
        if tops.iter().zip(&bottoms).any(|(t, b)| t >= b) {
            return ControlFlow::Continue(());
        }
        let mut pairs = Vec::with_capacity(half);
        let mut used = vec![false; half];
        assign_bottoms(&tops, &bottoms, &mut used, &mut pairs, visit)
    })
}

/// Gives each top member, in order, a bottom member above it, in ascending order.
fn assign_bottoms(
    tops: &[Tpn],
    bottoms: &[Tpn],
    used: &mut [bool],
    pairs: &mut Vec<(Tpn, Tpn)>,
    visit: &mut PairingVisitor,
) -> ControlFlow<()> {
    let Some(&top) = tops.get(pairs.len()) else { return visit(pairs) };
    for i in 0..bottoms.len() {
        if used[i] || bottoms[i] <= top {
            continue;
        }
        used[i] = true;
        pairs.push((top, bottoms[i]));
        let flow = assign_bottoms(tops, bottoms, used, pairs, visit);
        pairs.pop();
        used[i] = false;
        flow?;
    }
    ControlFlow::Continue(())
}

/// Visits the `k`-subsets of `0..n` as ascending index lists, in lexicographic order.
pub(super) fn each_combination(
    n: usize,
    k: usize,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn go(
        start: usize,
        n: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == k {
            return visit(chosen);
        }
        let left = k - chosen.len();
        for i in start..=n.saturating_sub(left) {
            if n - i < left {
                break;
            }
            chosen.push(i);
            let flow = go(i + 1, n, k, chosen, visit);
            chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
    go(0, n, k, &mut Vec::with_capacity(k), visit)
}

/// Visits the sets of upfloaters of a given make-up (how many of each score, which [C4] and [C5]
/// settle: 3.5.2) in the order of 3.5.3–3.5.4: each set sorted by descending score, then by
/// ascending TPN, and the sets in the lexicographic order of those TPN sequences.
///
/// `potential`: the potential upfloaters (3.5.1) with their scores; `make_up`: how many to take of
/// each score. Scores are in any unit (tenths of a point, say). As the make-up fixes which places
/// of a set hold which score, the lexicographic order is that of the highest score's choices
/// first, then the next score's, and so on.
pub fn each_upfloater_set(
    potential: &[(Tpn, i64)],
    make_up: &[(i64, usize)],
    visit: &mut dyn FnMut(&[Tpn]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut groups: Vec<(i64, usize, Vec<Tpn>)> = make_up
        .iter()
        .filter(|(_, count)| *count > 0)
        .map(|&(score, count)| {
            let mut tpns: Vec<Tpn> = potential.iter().filter(|(_, s)| *s == score).map(|(t, _)| *t).collect();
            tpns.sort_unstable();
            (score, count, tpns)
        })
        .collect();
    groups.sort_by_key(|(score, _, _)| std::cmp::Reverse(*score));
    if groups.iter().any(|(_, count, tpns)| tpns.len() < *count) {
        return ControlFlow::Continue(());
    }
    fn go(
        groups: &[(i64, usize, Vec<Tpn>)],
        set: &mut Vec<Tpn>,
        visit: &mut dyn FnMut(&[Tpn]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(((_, count, tpns), rest)) = groups.split_first() else { return visit(set) };
        each_combination(tpns.len(), *count, &mut |chosen| {
            let before = set.len();
            set.extend(chosen.iter().map(|&i| tpns[i]));
            let flow = go(rest, set, visit);
            set.truncate(before);
            flow
        })
    }
    go(&groups, &mut Vec::new(), visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_pairings(teams: &[Tpn]) -> Vec<Vec<(Tpn, Tpn)>> {
        let mut out = Vec::new();
        let _ = each_pairing(teams, &mut |pairs| {
            out.push(pairs.to_vec());
            ControlFlow::Continue(())
        });
        out
    }

    /// 3.6.2's example: "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24."
    #[test]
    fn the_identifier_of_the_handbooks_example() {
        assert_eq!(identifier(&[(11, 24), (16, 6), (10, 9), (8, 4)]), [4, 6, 9, 11, 8, 16, 10, 24]);
    }

    /// Four teams have three pairings; by identifier: 1-3 2-4 (1 2 3 4), 1-4 2-3 (1 2 4 3),
    /// 1-2 3-4 (1 3 2 4).
    #[test]
    fn four_teams_in_identifier_order() {
        assert_eq!(all_pairings(&[4, 3, 2, 1]), [vec![(1, 3), (2, 4)], vec![(1, 4), (2, 3)], vec![(1, 2), (3, 4)]]);
    }

    /// Every pairing once, in strictly increasing identifier order: (2n−1)!! of them.
    #[test]
    fn every_pairing_once_in_strictly_increasing_order() {
        for (teams, count) in
            [(vec![1, 2], 1), (vec![2, 5, 7, 9, 11, 12], 15), ((1..=8).collect(), 105), ((1..=10).collect(), 945)]
        {
            let pairings = all_pairings(&teams);
            assert_eq!(pairings.len(), count, "{teams:?}");
            let ids: Vec<Vec<Tpn>> = pairings.iter().map(|p| identifier(p)).collect();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "{teams:?}");
            for (pairs, id) in pairings.iter().zip(&ids) {
                assert_eq!(&identifier(pairs), id, "pairs come in the identifier's order");
                let mut members: Vec<Tpn> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
                members.sort_unstable();
                let mut expected = teams.clone();
                expected.sort_unstable();
                assert_eq!(members, expected);
            }
        }
        assert!(all_pairings(&[1, 2, 3]).is_empty(), "an odd bracket has no pairing");
    }

    /// The walk stops where the visitor says: 3.6.4 takes the first pairing that fits.
    #[test]
    fn the_walk_stops_at_the_first_that_fits() {
        let mut seen = 0;
        let flow = each_pairing(&[1, 2, 3, 4, 5, 6], &mut |pairs| {
            seen += 1;
            if pairs.contains(&(1, 2)) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!(flow, ControlFlow::Break(()));
        // Identifiers start with the top members, so the pairings with tops {1,2,3} (6), {1,2,4}
        // (4) and {1,2,5} (2) come first; the first with 1-2 is 1-2 3-5 4-6, the 13th.
        assert_eq!(seen, 13);
        let ids: Vec<Vec<Tpn>> = all_pairings(&[1, 2, 3, 4, 5, 6]).iter().map(|p| identifier(p)).collect();
        let first = ids.iter().position(|id| {
            let pairs: Vec<(Tpn, Tpn)> = (0..3).map(|i| (id[i], id[i + 3])).collect();
            pairs.contains(&(1, 2))
        });
        assert_eq!(Some(seen - 1), first);
    }

    /// 3.5.4's example: 2, 6, 8 have 3 points and 1, 3, 5 have 2.5; two upfloaters of 3 points and
    /// one of 2.5 are needed: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < {2,8,3} < {2,8,5} < {6,8,1}
    /// < {6,8,3} < {6,8,5}.
    #[test]
    fn the_upfloater_sets_of_the_handbooks_example() {
        let potential = [(1, 25), (2, 30), (3, 25), (5, 25), (6, 30), (8, 30)];
        let mut sets = Vec::new();
        let _ = each_upfloater_set(&potential, &[(25, 1), (30, 2)], &mut |set| {
            sets.push(set.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(
            sets,
            [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5], [6, 8, 1], [6, 8, 3], [6, 8, 5]]
        );
        let mut none = 0;
        let _ = each_upfloater_set(&potential, &[(30, 4)], &mut |_| {
            none += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(none, 0, "four of 3 points cannot be taken from three");
    }
}
