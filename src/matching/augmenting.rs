//! Edmonds' search for an augmenting path in a cardinality matching (1965), for the witnesses
//! of the procedures that must know whether the players left can all still be paired
//! (`systems::dubov1997::witness`, `systems::fmjd::witness`). A witness keeps a matching of the
//! players left; after it takes players out or forbids pairs it searches a path from each player
//! left without a partner. One search costs O(n²) at most and usually stops after a few players.

/// No partner (in `mate`), no parent (in the search).
pub const NONE: usize = usize::MAX;

/// Searches an augmenting path from the exposed `root` over the players `alive`, along the pairs
/// `allowed` (asked for two distinct living players); augments `mate` and returns true when one
/// exists. By Berge's theorem, when the players left have a perfect matching, every exposed one
/// starts such a path.
pub fn augment_from(mate: &mut [usize], alive: &[bool], root: usize, allowed: impl Fn(usize, usize) -> bool) -> bool {
    let n = mate.len();
    let mut used = vec![false; n];
    let mut parent = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut queue = std::collections::VecDeque::new();
    used[root] = true;
    queue.push_back(root);
    while let Some(v) = queue.pop_front() {
        for to in 0..n {
            if !alive[to] || to == v || !allowed(v, to) {
                continue;
            }
            if base[v] == base[to] || mate[v] == to {
                continue;
            }
            if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                // An odd cycle: contract it into a blossom with base `b`.
                let b = lca(mate, &base, &parent, v, to);
                let mut blossom = vec![false; n];
                mark_path(mate, &base, &mut parent, &mut blossom, v, b, to);
                mark_path(mate, &base, &mut parent, &mut blossom, to, b, v);
                for i in 0..n {
                    if alive[i] && blossom[base[i]] {
                        base[i] = b;
                        if !used[i] {
                            used[i] = true;
                            queue.push_back(i);
                        }
                    }
                }
            } else if parent[to] == NONE {
                parent[to] = v;
                if mate[to] == NONE {
                    // Augment along the path back to the root.
                    let mut x = to;
                    while x != NONE {
                        let px = parent[x];
                        let next = mate[px];
                        mate[x] = px;
                        mate[px] = x;
                        x = next;
                    }
                    return true;
                }
                let m = mate[to];
                used[m] = true;
                queue.push_back(m);
            }
        }
    }
    false
}

fn lca(mate: &[usize], base: &[usize], parent: &[usize], a: usize, b: usize) -> usize {
    let mut seen = vec![false; mate.len()];
    let mut a = a;
    loop {
        a = base[a];
        seen[a] = true;
        if mate[a] == NONE {
            break;
        }
        a = parent[mate[a]];
    }
    let mut b = b;
    loop {
        b = base[b];
        if seen[b] {
            return b;
        }
        b = parent[mate[b]];
    }
}

fn mark_path(
    mate: &[usize],
    base: &[usize],
    parent: &mut [usize],
    blossom: &mut [bool],
    mut v: usize,
    b: usize,
    mut child: usize,
) {
    while base[v] != b {
        blossom[base[v]] = true;
        blossom[base[mate[v]]] = true;
        parent[v] = child;
        child = mate[v];
        v = parent[mate[v]];
    }
}
