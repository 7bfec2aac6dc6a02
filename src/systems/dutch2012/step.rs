//! One step of pairing a score bracket: the players, its shape and its number of pairs (C.2,
//! C.14), what a candidate pairing is, and how a candidate is measured against the requirements
//! of C.3 and C.10.
//!
//! The requirements a candidate must meet at a stage of C.3–C.10 are allowances: a criterion in
//! force allows no pair (or player) that breaks it; dropped, it allows one more at a time, "only
//! for the minimum number of pairs" (end of C.10). So every candidate is measured by one count per
//! requirement ([`Counts`]), and a stage accepts it when each count is within that stage's
//! allowance.

use crate::model::Points;

use super::player::Float;
use super::round::Round;

/// D.4's B3-factor, in tenths of a point squared (only in the lowest bracket).
pub const B3: usize = 0;
/// Pairs that break B.2 between topscorers (dropped last, C.10.g).
pub const B2: usize = 1;
/// Odd rounds: pairs that break A.7.d (dropped at C.10.f).
pub const A7D: usize = 2;
/// Pairs not fulfilling all colour preferences (A.8.a's X, raised at C.10.e).
pub const X: usize = 3;
/// Even rounds: pairs not fulfilling the strong preferences (A.8.b's Z, raised at C.10.e).
pub const Z: usize = 4;
/// Downfloaters that downfloated in the previous round (B.5, dropped at C.10.d).
pub const DOWN_B5: usize = 5;
/// Downfloaters that downfloated two rounds before (B.6, dropped at C.10.c).
pub const DOWN_B6: usize = 6;
/// Upfloaters (heterogeneous part) that upfloated in the previous round (B.5, C.10.b).
pub const UP_B5: usize = 7;
/// Upfloaters that upfloated two rounds before (B.6, C.10.a).
pub const UP_B6: usize = 8;
pub const COUNTS: usize = 9;

/// What a candidate costs on each requirement, most important first: the order in which C.10
/// keeps the requirements (the last dropped first), after D.4's B3-factor.
pub type Counts = [u64; COUNTS];

/// What each count is called in explanations.
pub const COUNT_NAMES: [&str; COUNTS] = [
    "D.4 (B3-factor: the sum of the squared score differences)",
    "B.2 (two players with the same absolute colour preference, when pairing topscorers)",
    "A.7.d (two players with the same strong colour preference in an odd round)",
    "B.4 (pairs not fulfilling all colour preferences, A.8's X)",
    "B.4 (pairs not fulfilling the strong colour preferences, A.8's Z)",
    "B.5 (downfloaters who downfloated in the previous round)",
    "B.6 (downfloaters who downfloated two rounds before)",
    "B.5 (upfloaters who upfloated in the previous round)",
    "B.6 (upfloaters who upfloated two rounds before)",
];

/// The article a count stands for, for the criterion field of a verdict.
/// B.2 between top scorers is C.10.g's: the absolute criterion is set aside for them only when
/// that is needed, so breaking it more often than the rules is a matter of quality.
pub const COUNT_ARTICLES: [&str; COUNTS] = ["D.4", "C.10.g", "A.7.d", "B.4", "B.4", "B.5", "B.6", "B.5", "B.6"];

/// How a bracket is paired at this step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Homogeneous, or treated so (A.3's second paragraph, C.14.b2 with M1 = 0): `pairs` pairs.
    Homogeneous { pairs: usize },
    /// Heterogeneous: `m1` of the moved-down players are paired first (C.6), then the remainder,
    /// for `pairs` pairs in all (P1).
    Heterogeneous { m1: usize, pairs: usize },
}

/// A bracket at one step of C.14: the players (with the moved-down ones), its shape, and whether
/// it is the lowest bracket (whose leftover player, if any, receives the bye).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Players by index in the round, in the order of A.2.
    pub players: Vec<usize>,
    /// The moved-down players among them (higher scores than the bracket's own), in A.2 order.
    pub mdps: Vec<usize>,
    pub shape: Shape,
    pub lowest: bool,
}

impl Step {
    /// P1: the number of pairs the step makes.
    pub fn pairs(&self) -> usize {
        match self.shape {
            Shape::Homogeneous { pairs } | Shape::Heterogeneous { pairs, .. } => pairs,
        }
    }

    /// Players moved down out of the bracket (in the lowest bracket: the bye, if any).
    pub fn leftovers(&self) -> usize {
        self.players.len() - 2 * self.pairs()
    }

    pub fn residents(&self) -> Vec<usize> {
        self.players.iter().copied().filter(|p| !self.mdps.contains(p)).collect()
    }

    /// The score of the lowest-ranked player (D.4: the bye counts as a game against one point
    /// less).
    pub fn lowest_score(&self, round: &Round) -> Points {
        self.players.last().map_or(Points::ZERO, |&p| round.score(p))
    }
}

/// A pairing of one bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// Moved-down players paired in the heterogeneous part (C.6): (moved-down, resident).
    pub het: Vec<(usize, usize)>,
    /// Pairs of the homogeneous bracket or remainder: (S1 player, S2 player).
    pub pairs: Vec<(usize, usize)>,
    /// Players moved down to the next bracket (in the lowest bracket: the bye), in A.2 order.
    pub down: Vec<usize>,
}

impl Candidate {
    pub fn all_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.het.iter().chain(&self.pairs).copied()
    }
}

/// (a − b)², in tenths squared.
pub fn squared_difference(a: Points, b: Points) -> u64 {
    let d = (a.tenths() - b.tenths()).unsigned_abs();
    d * d
}

/// D.4: the bye is a game against an opponent one point below the lowest-ranked player.
pub fn bye_b3(round: &Round, step: &Step, player: usize) -> u64 {
    squared_difference(round.score(player), step.lowest_score(round) - Points::ONE)
}

/// The counts of one pair: what it costs on each requirement.
pub fn pair_counts(round: &Round, step: &Step, a: usize, b: usize, heterogeneous_part: bool) -> Counts {
    let facts = round.facts(a, b);
    let mut c = [0; COUNTS];
    if step.lowest {
        c[B3] = squared_difference(round.score(a), round.score(b));
    }
    c[B2] = u64::from(facts.b2_topscorers);
    c[A7D] = u64::from(facts.a7d);
    c[X] = u64::from(facts.colour);
    c[Z] = u64::from(facts.strong_colour);
    if heterogeneous_part {
        // C.3.g/h: the resident paired with a moved-down player upfloats.
        let resident = if step.mdps.contains(&a) { b } else { a };
        c[UP_B5] = u64::from(round.float(resident, 1) == Float::Up);
        c[UP_B6] = u64::from(round.float(resident, 2) == Float::Up);
    }
    c
}

/// The counts of a player moved down (or given the bye, which B.1b makes a downfloat).
///
/// B.5 and B.6 for downfloaters (C.3.e, f) judge the players the bracket makes downfloaters. A
/// player moved down into the bracket (by C.1 or C.6 above, or joined to it by C.13) is a
/// downfloater of the round already (A.3, A.4). Moving him on, or giving him the bye, gives him no
/// other float: paired in the bracket against a lower score he downfloats just the same. B.5 and
/// B.6 ask which float a player has in a round, not how far he falls, so neither choice breaks
/// them more than the other (docs/dutch-2012.md, reading 8).
pub fn down_counts(round: &Round, step: &Step, player: usize) -> Counts {
    let mut c = [0; COUNTS];
    if step.lowest {
        c[B3] = bye_b3(round, step, player);
    }
    if !step.mdps.contains(&player) {
        c[DOWN_B5] = u64::from(round.float(player, 1) == Float::Down);
        c[DOWN_B6] = u64::from(round.float(player, 2) == Float::Down);
    }
    c
}

pub fn add(total: &mut Counts, part: &Counts) {
    for (t, p) in total.iter_mut().zip(part) {
        *t += p;
    }
}

/// The counts of a candidate.
pub fn counts(round: &Round, step: &Step, candidate: &Candidate) -> Counts {
    let mut total = [0; COUNTS];
    for &(a, b) in &candidate.het {
        add(&mut total, &pair_counts(round, step, a, b, true));
    }
    for &(a, b) in &candidate.pairs {
        add(&mut total, &pair_counts(round, step, a, b, false));
    }
    for &d in &candidate.down {
        add(&mut total, &down_counts(round, step, d));
    }
    total
}

/// True when no pair of the candidate is forbidden (B.1a, B.2 outside topscorers) and, in the
/// lowest bracket, the player left over may receive the bye (B.1b).
pub fn absolute_ok(round: &Round, step: &Step, candidate: &Candidate) -> bool {
    candidate.all_pairs().all(|(a, b)| !round.facts(a, b).forbidden)
        && (!step.lowest || candidate.down.iter().all(|&d| round.players[d].bye_eligible))
}

/// A.8: X1 and (in even rounds) Z1 for `pairs` pairs among `players`: the fewest pairs that must
/// fail the colour preferences (all of them for X1, the strong ones for Z1). A lower bound on every
/// candidate's counts, so a stage below it accepts nothing.
pub fn x1_z1(round: &Round, players: &[usize], pairs: usize) -> (u64, u64) {
    use crate::model::Colour;
    use crate::state::PreferenceStrength;
    let (mut big_w, mut big_b, mut small_w, mut small_b, mut none) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for &i in players {
        let p = &round.players[i];
        // A.7.e: in even rounds the mild preferences are those of players with an odd number of
        // unplayed rounds (w and b of A.8); in odd rounds every preference counts in W and B.
        let mild_even = !round.odd() && p.strength == PreferenceStrength::Mild;
        match (p.preference, mild_even) {
            (None, _) => none += 1,
            (Some(Colour::White), false) => big_w += 1,
            (Some(Colour::Black), false) => big_b += 1,
            (Some(Colour::White), true) => small_w += 1,
            (Some(Colour::Black), true) => small_b += 1,
        }
    }
    let p = pairs as i64;
    let x1 = p - (big_w + small_w).min(big_b + small_b) as i64 - none as i64;
    let z1 = if round.odd() { 0 } else { p - big_w.min(big_b) as i64 - (small_w + small_b + none) as i64 };
    (x1.max(0) as u64, z1.max(0) as u64)
}
