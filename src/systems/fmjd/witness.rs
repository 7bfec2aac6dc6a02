//! What keeps the FMJD search exact without a budget (docs/fmjd-search.md): a pairing of every
//! player still to be paired (a perfect matching on the pairs that may still be made), kept up to
//! date as the search chooses. A choice is tried only when the witness can be repaired after it,
//! so the search enters no branch without a completion and never has to search a dead one.
//!
//! Which pairs may still be made depends on where the search is (see [`Role`]): the procedure
//! never pairs two players moved down together (they meet players of the groups they move to, 3.6,
//! 6a), and a group's own players either pair in the group or move down (5b, 3.5). Every pairing
//! of the rest that respects the roles can be reached by the search's later choices, so the rest
//! can be completed exactly when such a pairing exists.
//!
//! Repairing after a choice: the players paired or re-roled lose their witness partner when that
//! pair is no longer allowed; the rest can all be paired again exactly when an augmenting path
//! (Edmonds' blossom search) starts from each player left without one. By Berge's theorem, if a
//! pairing of everyone exists, every player left without a partner starts such a path, so the
//! first search that fails answers "no". One search costs O(n²) at most and usually stops after a
//! few players.

use super::player::{FmjdPlayer, colour_problem, compatible};
use crate::matching::Matcher;
use crate::matching::augmenting::{self, NONE};
use crate::model::ColourPreference;

/// What a player still unpaired may do in the rest of the round, at a point of the search in
/// group `gi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Moved down into group `gi`, its opponent not yet chosen: a player of `gi` or below.
    Incoming,
    /// Moved down through group `gi` (no opponent in it): a player below.
    Passed,
    /// A player of group `gi` not yet settled: in the group, an incoming player, or below.
    Group,
    /// Chosen to move down from group `gi`: a player below.
    Floater,
    /// Chosen to stay in group `gi`: a player of the group who stays too.
    Stayer,
    /// A player of a group below `gi`.
    Lower,
}

/// May players in these roles meet (the procedure's structure; [`compatible`] says the rest)?
fn roles_may_meet(a: Role, b: Role) -> bool {
    use Role::*;
    matches!(
        (a, b),
        (Lower, Lower | Incoming | Passed | Group | Floater)
            | (Incoming | Passed | Group | Floater, Lower)
            | (Group, Group | Incoming | Stayer)
            | (Incoming | Stayer, Group)
            | (Stayer, Stayer)
    )
}

/// A pairing of every player still to be paired, in their roles.
#[derive(Clone, Debug)]
pub(super) struct Witness {
    mate: Vec<usize>,
    /// Not yet paired by the search.
    alive: Vec<bool>,
    role: Vec<Role>,
}

impl Witness {
    /// A pairing of the whole round, every player [`Role::Lower`] (no structure yet): greedy, then
    /// augmenting paths. `None` when the round has none (section 1: nobody meets another twice;
    /// 4.1: nobody gets the bye twice).
    pub(super) fn new(players: &[FmjdPlayer]) -> Option<Witness> {
        let n = players.len();
        let mut w = Witness { mate: vec![NONE; n], alive: vec![true; n], role: vec![Role::Lower; n] };
        for a in 0..n {
            if w.mate[a] != NONE {
                continue;
            }
            if let Some(b) = (a + 1..n).find(|&b| w.mate[b] == NONE && w.allowed(players, a, b)) {
                w.mate[a] = b;
                w.mate[b] = a;
            }
        }
        (0..n).all(|root| w.mate[root] != NONE || w.augment_from(players, root)).then_some(w)
    }

    fn allowed(&self, players: &[FmjdPlayer], a: usize, b: usize) -> bool {
        a != b
            && self.alive[a]
            && self.alive[b]
            && roles_may_meet(self.role[a], self.role[b])
            && compatible(players, a, b)
    }

    /// Takes out `paired` (paired by the search) and gives `roles` their new roles; true when the
    /// players left can still all be paired. On false the witness is unusable: restore a copy.
    pub(super) fn update(&mut self, players: &[FmjdPlayer], paired: &[usize], roles: &[(usize, Role)]) -> bool {
        let mut exposed = Vec::new();
        for &v in paired {
            self.alive[v] = false;
            let m = std::mem::replace(&mut self.mate[v], NONE);
            if m != NONE {
                self.mate[m] = NONE;
                exposed.push(m);
            }
        }
        for &(v, role) in roles {
            self.role[v] = role;
        }
        for &(v, _) in roles {
            let m = self.mate[v];
            if m != NONE && !self.allowed(players, v, m) {
                self.mate[v] = NONE;
                self.mate[m] = NONE;
                exposed.extend([v, m]);
            }
        }
        exposed.into_iter().all(|v| !self.alive[v] || self.mate[v] != NONE || self.augment_from(players, v))
    }

    /// Gives `roles` their roles when that can only allow more pairs (moving on to the next group),
    /// so the witness stays a pairing of everyone.
    pub(super) fn widen(&mut self, roles: impl IntoIterator<Item = (usize, Role)>) {
        for (v, role) in roles {
            self.role[v] = role;
        }
    }

    /// [`augmenting::augment_from`] over the players left, along the pairs still allowed.
    fn augment_from(&mut self, players: &[FmjdPlayer], root: usize) -> bool {
        let (role, mate, alive) = (&self.role, &mut self.mate, &self.alive);
        augmenting::augment_from(mate, alive, root, |a, b| {
            roles_may_meet(role[a], role[b]) && compatible(players, a, b)
        })
    }
}

/// Section 7 for one group's own pairing: the fewest colour problems of a pairing of all of it,
/// kept up to date as pairs are made. A maximum-weight matching where a pair weighs `n + 1`, less
/// one for a colour problem, so that every pairing of all of them outweighs every pairing of
/// fewer, and among those the weight counts the problems.
#[derive(Clone)]
pub(super) struct ColourWitness {
    matcher: Matcher<u64>,
    pair: u64,
    group: Vec<usize>,
}

impl ColourWitness {
    /// `None` when `group` cannot pair among itself.
    pub(super) fn new(players: &[FmjdPlayer], colours: ColourPreference, group: &[usize]) -> Option<ColourWitness> {
        let n = group.len();
        let pair = n as u64 + 1;
        let mut matcher = Matcher::<u64>::from_fn(n, |a, b| {
            compatible(players, group[a], group[b])
                .then(|| pair - u64::from(colour_problem(colours, &players[group[a]], &players[group[b]])))
        });
        matcher.solve();
        let w = ColourWitness { matcher, pair, group: group.to_vec() };
        w.problems().map(|_| w)
    }

    /// The colour problems of the best pairing of the whole group with the pairs made so far, or
    /// `None` when the group cannot all be paired.
    pub(super) fn problems(&self) -> Option<usize> {
        let n = self.group.len();
        let pairs = (0..n).filter(|&v| self.matcher.mate(v).is_some()).count() / 2;
        (2 * pairs == n).then(|| (pairs as u64 * self.pair - self.matcher.total_weight()) as usize)
    }

    /// The witness with `a`–`b` (players' indices) made as a pair, and its colour problems.
    pub(super) fn with_pair(&self, a: usize, b: usize, problem: bool) -> Option<(ColourWitness, usize)> {
        let position = |v: usize| self.group.iter().position(|&g| g == v);
        let (x, y) = (position(a)?, position(b)?);
        let mut next = self.clone();
        next.matcher.fix_pair(x, y, self.pair - u64::from(problem));
        next.matcher.solve();
        let problems = next.problems()?;
        Some((next, problems))
    }
}
