//! The orders of section D in which the procedure tries pairings: transpositions of S2 (D.1),
//! exchanges between S1 and S2 (D.2) and sets of moved-down players (D.3), as the text lists them.
//! The literal reference walks these lists; the fast engine reaches their first acceptable entry
//! by other means, and the tests hold the two to the same answer.

/// D.1: the transpositions of an S2 of `len` players, as far as they matter for an S1 of `take`
/// players: the first `take` entries of each permutation of S2, in lexicographic order (D.1.1;
/// D.1.2: "only the S1 first listed players of a transposition may be paired with S1"), each
/// distinct beginning once. Calls `visit` until it returns false.
pub fn transpositions(len: usize, take: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    fn go(
        len: usize,
        take: usize,
        seq: &mut Vec<usize>,
        used: &mut [bool],
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if seq.len() == take {
            return visit(seq);
        }
        for j in 0..len {
            if used[j] {
                continue;
            }
            used[j] = true;
            seq.push(j);
            let go_on = go(len, take, seq, used, visit);
            seq.pop();
            used[j] = false;
            if !go_on {
                return false;
            }
        }
        true
    }
    if take > len {
        return;
    }
    go(len, take, &mut Vec::with_capacity(take), &mut vec![false; len], visit);
}

/// All `k`-subsets of `0..n`, each in increasing order, in lexicographic order (D.3's table).
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            if n - i < k - current.len() {
                break;
            }
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    if k <= n {
        go(0, n, k, &mut Vec::with_capacity(k), &mut out);
    }
    out
}

/// One exchange of D.2: the positions of S1 (`from_s1`) and of S2 (`from_s2`) that change sides,
/// as 1-based positions in the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub from_s1: Vec<usize>,
    pub from_s2: Vec<usize>,
}

/// D.2, the exact procedure: for N = 1, 2, … exchanged players, the subsets of S1 (positions
/// `1..=s1`) in decreasing lexicographic order, the subsets of S2 (positions `s1+1..=s1+s2`) in
/// increasing lexicographic order, and the exchanges ordered by the difference of the sums of the
/// positions (S2 minus S1), then by the place of the S1 subset in its list, then by that of the
/// S2 subset.
pub fn exchanges(s1: usize, s2: usize) -> Vec<Exchange> {
    let mut out = Vec::new();
    for n in 1..=s1.min(s2) {
        // S1 subsets written in decreasing order, listed in decreasing lexicographic order.
        let mut s1_list: Vec<Vec<usize>> =
            combinations(s1, n).into_iter().map(|c| c.into_iter().rev().map(|i| i + 1).collect::<Vec<_>>()).collect();
        s1_list.sort_by(|a, b| b.cmp(a));
        let s2_list: Vec<Vec<usize>> =
            combinations(s2, n).into_iter().map(|c| c.into_iter().map(|i| i + s1 + 1).collect()).collect();
        let mut all: Vec<(i64, usize, usize)> = Vec::with_capacity(s1_list.len() * s2_list.len());
        for (i, a) in s1_list.iter().enumerate() {
            let sa: i64 = a.iter().map(|&x| x as i64).sum();
            for (j, b) in s2_list.iter().enumerate() {
                let sb: i64 = b.iter().map(|&x| x as i64).sum();
                all.push((sb - sa, i, j));
            }
        }
        all.sort();
        out.extend(
            all.into_iter().map(|(_, i, j)| Exchange { from_s1: s1_list[i].clone(), from_s2: s2_list[j].clone() }),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// D.1.1's table: S2 = 6..11 for an S1 of five; entries 0–5, 23 and 24, and 719 the last.
    #[test]
    fn transpositions_follow_d1() {
        let mut seen: Vec<Vec<usize>> = Vec::new();
        transpositions(6, 6, &mut |t| {
            seen.push(t.iter().map(|&i| i + 6).collect());
            true
        });
        assert_eq!(seen.len(), 720);
        assert_eq!(seen[0], [6, 7, 8, 9, 10, 11]);
        assert_eq!(seen[1], [6, 7, 8, 9, 11, 10]);
        assert_eq!(seen[2], [6, 7, 8, 10, 9, 11]);
        assert_eq!(seen[5], [6, 7, 8, 11, 10, 9]);
        assert_eq!(seen[23], [6, 7, 11, 10, 9, 8]);
        assert_eq!(&seen[24][..3], [6, 8, 7]);
        assert_eq!(seen[719], [11, 10, 9, 8, 7, 6]);
        // D.1.2: S1 of two, S2 of six: only the first two of each transposition pair.
        let mut heads = Vec::new();
        transpositions(6, 2, &mut |t| {
            heads.push(t.to_vec());
            true
        });
        assert_eq!(heads.len(), 30);
        assert_eq!(heads[..3], [vec![0, 1], vec![0, 2], vec![0, 3]]);
    }

    /// D.3's table for M0 = 5.
    #[test]
    fn moved_down_sets_follow_d3() {
        let one_based =
            |k| combinations(5, k).into_iter().map(|c| c.iter().map(|i| i + 1).collect::<Vec<_>>()).collect::<Vec<_>>();
        assert_eq!(
            one_based(4),
            [vec![1, 2, 3, 4], vec![1, 2, 3, 5], vec![1, 2, 4, 5], vec![1, 3, 4, 5], vec![2, 3, 4, 5]]
        );
        let three = one_based(3);
        assert_eq!(three.len(), 10);
        assert_eq!(three[..4], [vec![1, 2, 3], vec![1, 2, 4], vec![1, 2, 5], vec![1, 3, 4]]);
        assert_eq!(three[9], [3, 4, 5]);
        assert_eq!(one_based(2)[4], [2, 3]);
    }

    /// D.2's examples: S1 = 1..5, S2 = 6..11.
    #[test]
    fn exchanges_follow_d2() {
        let all = exchanges(5, 6);
        let ex = |a: &[usize], b: &[usize]| Exchange { from_s1: a.to_vec(), from_s2: b.to_vec() };
        // One player: 5↔6 (1), 5↔7 (2), 4↔6 (2), then difference 3: 5↔8, 4↔7, 3↔6.
        assert_eq!(
            all[..6],
            [ex(&[5], &[6]), ex(&[5], &[7]), ex(&[4], &[6]), ex(&[5], &[8]), ex(&[4], &[7]), ex(&[3], &[6])]
        );
        // The matrix of D.2: 5↔11 is the 16th, 1↔11 the 30th and last of the one-player exchanges.
        assert_eq!(all[15], ex(&[5], &[11]));
        assert_eq!(all[29], ex(&[1], &[11]));
        // Two players: 1. 5,4↔6,7 (4), 2. 5,4↔6,8 (5), 3. 5,3↔6,7 (5), 4. 5,4↔6,9, 5. 5,4↔7,8, 6. 5,3↔6,8.
        let two: Vec<&Exchange> = all.iter().filter(|e| e.from_s1.len() == 2).collect();
        assert_eq!(
            two[..6].iter().map(|e| (*e).clone()).collect::<Vec<_>>(),
            [
                ex(&[5, 4], &[6, 7]),
                ex(&[5, 4], &[6, 8]),
                ex(&[5, 3], &[6, 7]),
                ex(&[5, 4], &[6, 9]),
                ex(&[5, 4], &[7, 8]),
                ex(&[5, 3], &[6, 8])
            ]
        );
        // The matrix numbers: 4,2↔6,7 is the 16th two-player exchange, 5,1↔10,11 the 135th, 2,1↔10,11 the 150th.
        assert_eq!(*two[15], ex(&[4, 2], &[6, 7]));
        assert_eq!(*two[134], ex(&[5, 1], &[10, 11]));
        assert_eq!(*two[149], ex(&[2, 1], &[10, 11]));
        // Three players: 1. 5,4,3↔6,7,8 (9), 2. 5,4,3↔6,7,9, 3. 5,4,2↔6,7,8, 4. 5,4,3↔6,7,10, 5. 5,4,3↔6,8,9, 6. 5,4,2↔6,7,9.
        let three: Vec<&Exchange> = all.iter().filter(|e| e.from_s1.len() == 3).collect();
        assert_eq!(
            three[..6].iter().map(|e| (*e).clone()).collect::<Vec<_>>(),
            [
                ex(&[5, 4, 3], &[6, 7, 8]),
                ex(&[5, 4, 3], &[6, 7, 9]),
                ex(&[5, 4, 2], &[6, 7, 8]),
                ex(&[5, 4, 3], &[6, 7, 10]),
                ex(&[5, 4, 3], &[6, 8, 9]),
                ex(&[5, 4, 2], &[6, 7, 9])
            ]
        );
    }
}
