//! The optimality certificate: the duals prove the matching optimal when they are feasible and
//! complementary slackness holds (the check of van Rantwijk's `verifyOptimum`).

use super::{Matcher, Weight};

/// Why the current matching and duals fail to certify each other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptimalityViolation {
    /// Weights changed since the last solve, so there is nothing to check yet.
    #[error("weights changed since the last solve")]
    PendingChanges,
    /// The mate relation is not symmetric.
    #[error("vertex {vertex} is matched to {mate}, which is not matched back")]
    AsymmetricMate { vertex: usize, mate: usize },
    /// A matched edge has weight zero, that is, does not exist.
    #[error("vertices {u} and {v} are matched without an edge between them")]
    MatchedAbsentEdge { u: usize, v: usize },
    /// The duals do not cover the weight of an edge.
    #[error("edge {{{u}, {v}}} has a negative reduced cost")]
    InfeasibleEdge { u: usize, v: usize },
    /// A matched edge is not tight.
    #[error("matched edge {{{u}, {v}}} has a positive reduced cost")]
    SlackMatchedEdge { u: usize, v: usize },
    /// An exposed vertex has a positive dual.
    #[error("vertex {vertex} is exposed with a positive dual")]
    ExposedWithDual { vertex: usize },
    /// A blossom with a positive dual has more than one vertex not matched inside it.
    #[error("the blossom with base {base} has a positive dual but is not full")]
    BlossomNotFull { base: usize },
}

impl<W: Weight> Matcher<W> {
    /// Checks that the duals kept by the last [`Matcher::solve`] prove its matching to be of
    /// maximum weight: all reduced costs non-negative, matched edges tight, exposed vertices and
    /// non-full blossoms at zero dual. Takes O(n²·d) time for blossoms nested d deep; meant for
    /// tests and debugging.
    ///
    /// # Errors
    ///
    /// The first violation found.
    pub fn check_optimality(&self) -> Result<(), OptimalityViolation> {
        if self.has_pending_changes() {
            return Err(OptimalityViolation::PendingChanges);
        }
        let count = self.vertex_count();
        for vertex in 0..count {
            match self.solution.mate[vertex] {
                Some(mate) if self.solution.mate[mate] != Some(vertex) => {
                    return Err(OptimalityViolation::AsymmetricMate { vertex, mate });
                }
                Some(mate) if self.weight(vertex, mate).is_zero() => {
                    return Err(OptimalityViolation::MatchedAbsentEdge { u: vertex, v: mate });
                }
                None if !self.solution.vertex_dual[vertex].is_zero() => {
                    return Err(OptimalityViolation::ExposedWithDual { vertex });
                }
                _ => {}
            }
        }

        // Blossoms enclosing each vertex, outermost first, so two vertices share a prefix.
        let enclosing: Vec<Vec<usize>> = (0..count)
            .map(|vertex| {
                let mut chain: Vec<usize> =
                    std::iter::successors(self.parent(vertex), |&node| self.parent(node)).collect();
                chain.reverse();
                chain
            })
            .collect();
        let mut covered = W::zero();
        let mut doubled_weight = W::zero();
        for u in 0..count {
            for v in 0..u {
                let weight = &self.weight(u, v);
                // Without an edge the constraint reads "covered >= 0", which always holds.
                if weight.is_zero() {
                    continue;
                }
                covered.clone_from(&self.solution.vertex_dual[u]);
                let mut overflowed = covered.overflowing_add_in_place(&self.solution.vertex_dual[v]);
                for (outer_u, outer_v) in enclosing[u].iter().zip(&enclosing[v]) {
                    if outer_u != outer_v {
                        break;
                    }
                    let dual = &self.solution.blossom_dual[self.slot(*outer_u)];
                    overflowed |= covered.overflowing_add_in_place(dual);
                    overflowed |= covered.overflowing_add_in_place(dual);
                }
                doubled_weight.clone_from(weight);
                doubled_weight.add_in_place(weight);
                // An overflowing sum certainly covers a doubled weight below the limit.
                if !overflowed && covered < doubled_weight {
                    return Err(OptimalityViolation::InfeasibleEdge { u, v });
                }
                if self.solution.mate[u] == Some(v) && (overflowed || covered != doubled_weight) {
                    return Err(OptimalityViolation::SlackMatchedEdge { u, v });
                }
            }
        }

        let mut leaves = Vec::new();
        for slot in 0..self.solution.children.len() {
            if self.solution.children[slot].is_empty() || self.solution.blossom_dual[slot].is_zero() {
                continue;
            }
            let blossom = count + slot;
            leaves.clear();
            self.push_leaves(blossom, &mut leaves);
            let inside = |vertex: usize| enclosing[vertex].contains(&blossom);
            let matched_inside =
                leaves.iter().filter(|&&vertex| self.solution.mate[vertex].is_some_and(inside)).count();
            if matched_inside + 1 != leaves.len() {
                return Err(OptimalityViolation::BlossomNotFull { base: self.solution.blossom_base[slot] });
            }
        }
        Ok(())
    }
}
