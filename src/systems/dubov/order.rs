//! The sorting criteria of C.04.4.1 (2025) art. 4: sequence numbers and the order of sets. Public
//! so that the worked examples of the text (4.1.3, 4.2.3.1, 4.3.3, 4.4.2) are tested against them in
//! `tests/dubov2025.rs`.

use crate::model::Points;

/// 4.3.3: the sequence numbers "from the middle". Given a list sorted as in 4.3.2, returns the
/// positions in the list in sequence-number order (`result[0]` is the position of #1): the player
/// in the (remaining) middle first, or of two in the middle the one higher in the list.
pub fn from_the_middle(len: usize) -> Vec<usize> {
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
pub fn combinations(p: usize, k: usize) -> Vec<Vec<usize>> {
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

/// 4.4.2: the permutations of `0..k` in lexicographic order (the transpositions), one at a time:
/// the literal reference stops at the first legal one, and 10! of them would not fit in memory.
pub fn permutations(k: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut next: Option<Vec<usize>> = Some((0..k).collect());
    std::iter::from_fn(move || {
        let current = next.take()?;
        // The next permutation in lexicographic order (Narayana Pandita); none after the last.
        if let Some(i) = (0..k.saturating_sub(1)).rev().find(|&i| current[i] < current[i + 1]) {
            let mut following = current.clone();
            let j = (i + 1..k).rev().find(|&j| following[j] > following[i]).unwrap_or(i + 1);
            following.swap(i, j);
            following[i + 1..].reverse();
            next = Some(following);
        }
        Some(current)
    })
}

/// [C6] (3.3.2) as a comparable key: the scores of the upfloaters in ascending order. A larger key
/// is better: the lowest score as high as possible, then the second lowest, and so on.
pub fn c6_key(mut scores: Vec<Points>) -> Vec<Points> {
    scores.sort();
    scores
}

/// 4.2.3: the `k`-sets of a pool (given by the scores of its members in sequence-number order,
/// 4.2.2), grouped in containers (sets whose players have the same scores), the containers sorted
/// along [C6] (best first), the sets of a container in lexicographic order (4.2.3.3).
pub fn upfloater_sets(pool_scores: &[Points], k: usize) -> Vec<Vec<Vec<usize>>> {
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
