//! The sorting criteria of C.04.4.1 (2025) art. 4: sequence numbers and the order of sets.

use crate::model::Points;

/// 4.3.3: the sequence numbers "from the middle". Given a list sorted as in 4.3.2, returns the
/// positions in the list in sequence-number order (`result[0]` is the position of #1): the player
/// in the (remaining) middle first, or of two in the middle the one higher in the list.
pub(crate) fn from_the_middle(len: usize) -> Vec<usize> {
    let mut remaining: Vec<usize> = (0..len).collect();
    let mut order = Vec::with_capacity(len);
    while !remaining.is_empty() {
        // Odd count: the middle one; even count: the higher (earlier) of the two middle ones.
        let middle = (remaining.len() - 1) / 2;
        order.push(remaining.remove(middle));
    }
    order
}

/// 4.1.3: the `k`-subsets of `0..p` in lexicographic order of their (sorted) members.
pub(crate) fn combinations(p: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    if k > p {
        return all;
    }
    let mut current: Vec<usize> = (0..k).collect();
    loop {
        all.push(current.clone());
        // The rightmost member that can still move right.
        let Some(i) = (0..k).rev().find(|&i| current[i] < p - k + i) else { return all };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// 4.4.2: the permutations of `0..k` in lexicographic order (the transpositions).
pub(crate) fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    loop {
        all.push(current.clone());
        // The next permutation in lexicographic order (Narayana Pandita).
        let Some(i) = (0..k.saturating_sub(1)).rev().find(|&i| current[i] < current[i + 1]) else { return all };
        let j = (i + 1..k).rev().find(|&j| current[j] > current[i]).unwrap_or(i + 1);
        current.swap(i, j);
        current[i + 1..].reverse();
    }
}

/// [C6] (3.3.2) as a comparable key: the scores of the upfloaters in ascending order. A larger key
/// is better: the lowest score as high as possible, then the second lowest, and so on.
pub(crate) fn c6_key(mut scores: Vec<Points>) -> Vec<Points> {
    scores.sort();
    scores
}

/// 4.2.3: the `k`-sets of a pool (given by the scores of its members in sequence-number order,
/// 4.2.2), grouped in containers (sets whose players have the same scores), the containers sorted
/// along [C6] (best first), the sets of a container in lexicographic order (4.2.3.3).
pub(crate) fn upfloater_sets(pool_scores: &[Points], k: usize) -> Vec<Vec<Vec<usize>>> {
    let mut containers: Vec<(Vec<Points>, Vec<Vec<usize>>)> = Vec::new();
    for set in combinations(pool_scores.len(), k) {
        let key = c6_key(set.iter().map(|&i| pool_scores[i]).collect());
        match containers.iter_mut().find(|(k, _)| *k == key) {
            Some((_, sets)) => sets.push(set),
            None => containers.push((key, vec![set])),
        }
    }
    containers.sort_by(|a, b| b.0.cmp(&a.0));
    containers.into_iter().map(|(_, sets)| sets).collect()
}

/// 4.3.2 then 4.3.3: a pool of shifters (indices into `players`) in sequence-number order. White
/// seekers by ascending ARO, then initial ranking; Black seekers by initial ranking; then numbered
/// from the middle.
pub(crate) fn shifter_order(players: &[super::player::DubovPlayer], pool: &[usize]) -> Vec<usize> {
    let mut sorted = pool.to_vec();
    sorted.sort_by_key(|&v| {
        let p = &players[v];
        if p.wants_white() { (p.aro, p.rank) } else { (0, p.rank) }
    });
    from_the_middle(sorted.len()).into_iter().map(|i| sorted[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of 4.3.3: seven players A–G; #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G.
    #[test]
    fn shifter_example_of_4_3_3() {
        let names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
        let order: String = from_the_middle(7).into_iter().map(|i| names[i]).collect();
        assert_eq!(order, "DCEBFAG");
        // Six: the middle pair is C, D: the higher (C) first, then D, then B, E, A, F.
        let order: String = from_the_middle(6).into_iter().map(|i| names[i]).collect();
        assert_eq!(order, "CDBEAF");
    }

    /// The note of 4.4.2: A, B, C give ABC, ACB, BAC, BCA, CAB, CBA in that exact order.
    #[test]
    fn transposition_example_of_4_4_2() {
        let names = ['A', 'B', 'C'];
        let all: Vec<String> = permutations(3).into_iter().map(|p| p.into_iter().map(|i| names[i]).collect()).collect();
        assert_eq!(all, ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]);
        assert_eq!(permutations(4).len(), 24);
        assert_eq!(permutations(0), vec![Vec::<usize>::new()]);
    }

    /// 4.1.3: {#1,#2} before {#1,#3}, {#1,#P} before {#2,#3}.
    #[test]
    fn lexicographic_sets_of_4_1_3() {
        let sets = combinations(4, 2);
        assert_eq!(sets, vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]);
    }

    /// The container example of 4.2.3.1: #1–#3 have 3 points, #4 and #5 2.5, #6 1.5; two
    /// upfloaters. The text lists five containers: {3,3}: {#1,#2} {#1,#3} {#2,#3}; {3,2.5}: six
    /// sets; {3,1.5}: {#1,#6} {#2,#6} {#3,#6}; {2.5,2.5}: {#4,#5}; {2.5,1.5}: {#4,#6} {#5,#6}.
    /// Sorted along [C6] (4.2.3.2: the lowest score as high as possible, then the second lowest)
    /// by hand: {3,3} (lowest 3), then {3,2.5} and {2.5,2.5} (lowest 2.5; second 3 beats 2.5),
    /// then {3,1.5} and {2.5,1.5} (lowest 1.5; second 3 beats 2.5). The text's numbering of the
    /// containers follows the sets' lexicographic order, not [C6]; see README, readings.
    #[test]
    fn container_example_of_4_2_3() {
        let p = |t: i64| Points::from_tenths(t);
        let scores = [p(30), p(30), p(30), p(25), p(25), p(15)];
        let containers = upfloater_sets(&scores, 2);
        let named: Vec<Vec<Vec<usize>>> = containers
            .into_iter()
            .map(|sets| sets.into_iter().map(|s| s.into_iter().map(|i| i + 1).collect()).collect())
            .collect();
        assert_eq!(
            named,
            vec![
                vec![vec![1, 2], vec![1, 3], vec![2, 3]],
                vec![vec![1, 4], vec![1, 5], vec![2, 4], vec![2, 5], vec![3, 4], vec![3, 5]],
                vec![vec![4, 5]],
                vec![vec![1, 6], vec![2, 6], vec![3, 6]],
                vec![vec![4, 6], vec![5, 6]],
            ]
        );
    }
}
