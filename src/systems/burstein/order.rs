//! The order of pairings of art. 4: every pairing of a bracket's players, by in-bracket sequence
//! number (4.1), the outgoing floaters paired with virtual players of BSN 0 (4.2), sorted so that
//! a pairing comes first when BSN 1's opponent has a larger BSN, then BSN 2's, and so on (4.3).

/// A pairing of a bracket: each member's partner by position (BSN − 1), `None` for a floater.
pub type Candidate = Vec<Option<usize>>;

/// Every pairing of `size` players in the order of 4.3, the pairs allowed by `allowed` (positions).
/// Generated rather than sorted: the first member not yet placed takes, in turn, each partner from
/// the largest BSN down, then none (BSN 0, the smallest).
pub fn pairings(size: usize, allowed: &dyn Fn(usize, usize) -> bool) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut current = vec![None; size];
    let mut placed = vec![false; size];
    extend(allowed, &mut current, &mut placed, &mut out);
    out
}

fn extend(
    allowed: &dyn Fn(usize, usize) -> bool,
    current: &mut Candidate,
    placed: &mut [bool],
    out: &mut Vec<Candidate>,
) {
    let Some(k) = placed.iter().position(|&p| !p) else {
        out.push(current.clone());
        return;
    };
    placed[k] = true;
    for j in (k + 1..placed.len()).rev() {
        if placed[j] || !allowed(k, j) {
            continue;
        }
        placed[j] = true;
        current[k] = Some(j);
        current[j] = Some(k);
        extend(allowed, current, placed, out);
        current[k] = None;
        current[j] = None;
        placed[j] = false;
    }
    extend(allowed, current, placed, out);
    placed[k] = false;
}

/// A pairing written as the note of 4.3 writes it: `1-6, 2-5, 3-0, 4-0` (each player with a
/// larger BSN than their opponent is left out, as in the note).
pub fn written(candidate: &Candidate) -> String {
    let mut parts = Vec::new();
    for (i, partner) in candidate.iter().enumerate() {
        match partner {
            Some(j) if *j < i => {}
            Some(j) => parts.push(format!("{}-{}", i + 1, j + 1)),
            None => parts.push(format!("{}-0", i + 1)),
        }
    }
    parts.join(", ")
}
