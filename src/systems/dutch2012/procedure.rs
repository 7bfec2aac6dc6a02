//! The pairing procedure of section C over the round: the score brackets from the highest (C
//! intro), incompatible players (C.1), the steps of C.14 (fewer pairs, fewer moved-down players
//! paired first), backtracking to the bracket above (C.12) and, for the lowest bracket, to the
//! penultimate one with merging (C.13).
//!
//! Within a step, which pairing comes first under C.3–C.10 is asked of a [`Search`]: the literal
//! reference answers by enumerating what the text enumerates, the fast engine with matchings. The
//! rest of the procedure is here, once.

use crate::matching::Matcher;
use crate::model::Points;

use super::round::Round;
use super::step::{Candidate, Shape, Step};

/// A condition on the players a candidate moves down, beyond the bracket's own requirements: the
/// pairing the procedure looks for when it backtracks (C.12, C.13).
pub trait Extra {
    fn accepts(&self, down: &[usize]) -> bool;

    /// For C.13's condition: the lowest bracket's players that do not depend on the pairing
    /// sought (a search may use them to tell at once that no pairing of a step can help).
    fn lowest_bracket(&self) -> Option<&[usize]> {
        None
    }
}

/// How the procedure asks for the first pairing of a step.
pub trait Search {
    /// The first candidate of the step under C.3–C.10 (and D.4 in the lowest bracket): of the
    /// candidates that `extra` accepts, when given. `None` when there is none.
    fn first(&mut self, round: &Round, step: &Step, extra: Option<&dyn Extra>) -> Option<Candidate>;
    /// C.14.b1: whether the procedure reaches the remainder of this heterogeneous step at all,
    /// that is whether `m1` moved-down players can be paired with residents.
    fn reaches_remainder(&mut self, round: &Round, step: &Step) -> bool;
    /// The size of a bracket the search could not handle, if it met one (the literal reference
    /// enumerates small brackets only).
    fn gave_up(&self) -> Option<usize> {
        None
    }
}

/// The steps of one bracket: C.2 (P0, M0; A.3's brackets treated as homogeneous), then C.14.
#[derive(Clone, Debug)]
pub struct Steps {
    players: Vec<usize>,
    mdps: Vec<usize>,
    lowest: bool,
    shape: Option<Shape>,
    reached_remainder: bool,
}

impl Steps {
    pub fn new(players: Vec<usize>, mdps: Vec<usize>, lowest: bool) -> Steps {
        let n = players.len();
        let m0 = mdps.len();
        // A.3: a heterogeneous bracket of which at least half came from above is treated as
        // homogeneous.
        let shape = if m0 == 0 || 2 * m0 >= n {
            Shape::Homogeneous { pairs: n / 2 }
        } else {
            Shape::Heterogeneous { m1: m0, pairs: n / 2 }
        };
        Steps { players, mdps, lowest, shape: Some(shape), reached_remainder: false }
    }

    pub fn current(&self) -> Option<Step> {
        let shape = self.shape.clone()?;
        Some(Step { players: self.players.clone(), mdps: self.mdps.clone(), shape, lowest: self.lowest })
    }

    /// The next step after a failed one (C.14; C.13 in the lowest bracket: only M1 is reduced).
    pub fn advance(&mut self, round: &Round, search: &mut dyn Search) {
        let Some(step) = self.current() else { return };
        self.shape = match step.shape {
            // C.14.a: one pair fewer; at zero the whole bracket moves down. The lowest bracket
            // cannot move players down (C.13).
            Shape::Homogeneous { pairs } => {
                (!self.lowest && pairs > 0).then(|| Shape::Homogeneous { pairs: pairs - 1 })
            }
            Shape::Heterogeneous { m1, pairs } => {
                if !self.reached_remainder {
                    self.reached_remainder = search.reaches_remainder(round, &step);
                }
                if !self.lowest && self.reached_remainder && pairs > m1 {
                    // C.14.b1: fewer pairs in the remainder.
                    Some(Shape::Heterogeneous { m1, pairs: pairs - 1 })
                } else if m1 > 1 {
                    // C.14.b2 (and C.13 for the lowest bracket): one moved-down player fewer paired
                    // first, chosen by D.3.
                    Some(Shape::Heterogeneous { m1: m1 - 1, pairs })
                } else {
                    // C.14.b2: "set M1 = 0, manage the bracket as homogeneous, set P1 = P0".
                    Some(Shape::Homogeneous { pairs: self.players.len() / 2 })
                }
            }
        };
    }

    /// The step a bracket starts with.
    pub fn initial(players: Vec<usize>, mdps: Vec<usize>, lowest: bool) -> Step {
        Steps::new(players, mdps, lowest).current().unwrap_or_else(|| unreachable!("a new bracket has a step"))
    }
}

/// Something the procedure did beyond pairing brackets in turn, for explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// C.12: the bracket above was paired again to move other players down.
    Backtracked { bracket: Points },
    /// C.13: the penultimate bracket was paired again so that the lowest one can be paired.
    Penultimate { bracket: Points },
    /// C.13: the penultimate bracket joined the lowest one.
    Merged { bracket: Points },
}

/// A bracket as the procedure paired it.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The bracket's own players (those of brackets merged into it included).
    pub residents: Vec<usize>,
    /// The players moved down into it from above.
    pub incoming: Vec<usize>,
    /// Players moved down by C.1 before the bracket was paired.
    pub moved: Vec<usize>,
    pub steps: Steps,
    pub step: Step,
    pub candidate: Candidate,
    /// The condition the bracket was paired again under, when the procedure backtracked to it.
    pub repaired: Option<Repair>,
}

/// Why a bracket was paired again, and the condition its new pairing had to meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    /// C.12: another set of the same size and scores than `instead`, with which the bracket below
    /// (its own players `below`, of which `added` are the latest bracket C.13 joined to it) can
    /// make its pairs.
    OtherSet { instead: Vec<usize>, below: Vec<usize>, added: Vec<usize>, lowest: bool, every_mdp_compatible: bool },
    /// C.13: players with which the lowest bracket (with `fixed`) can be paired.
    LowestPairable { fixed: Vec<usize> },
}

impl Repair {
    /// Whether moving down `down` (besides the bracket's C.1 players `moved`) meets the condition.
    pub fn accepts(&self, round: &Round, moved: &[usize], down: &[usize]) -> bool {
        match self {
            Repair::OtherSet { instead, below, added, lowest, every_mdp_compatible } => {
                let mut scores: Vec<Points> = instead.iter().map(|&p| round.score(p)).collect();
                scores.sort_unstable();
                let extra = OtherSet {
                    round,
                    fixed: moved,
                    current: instead,
                    scores,
                    residents: below,
                    added,
                    lowest: *lowest,
                    every_mdp_compatible: *every_mdp_compatible,
                };
                extra.accepts(down)
            }
            Repair::LowestPairable { fixed } => LowestPairable { round, fixed: fixed.clone() }.accepts(down),
        }
    }

    pub fn article(&self) -> &'static str {
        match self {
            Repair::OtherSet { .. } => "C.12",
            Repair::LowestPairable { .. } => "C.13",
        }
    }
}

impl Placed {
    /// What the bracket moves down to the next one.
    pub fn outgoing(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.candidate.down.iter().chain(&self.moved).copied().collect();
        out.sort_unstable();
        out
    }
}

/// The procedure's result: every bracket as paired, and what happened on the way.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub brackets: Vec<Placed>,
    pub events: Vec<Event>,
}

impl Outcome {
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        self.brackets.iter().flat_map(|b| b.candidate.all_pairs()).collect()
    }

    /// The player left over in the lowest bracket: the bye.
    pub fn bye(&self) -> Option<usize> {
        self.brackets.last().and_then(|b| b.candidate.down.first().copied())
    }
}

/// Why the procedure stopped without a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The lowest bracket cannot be paired even with every player above moved down to it.
    NoValidPairing,
    /// The search met a bracket it could not handle (the literal reference's size limit).
    GaveUp(usize),
}

/// The players of equal score, from the highest score down.
fn score_groups(round: &Round) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..round.len() {
        match groups.last_mut() {
            Some(group) if round.score(group[0]) == round.score(i) => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

fn merged(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut all: Vec<usize> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The moved-down players of a bracket: those moved down into it, and in a lowest bracket that
/// C.13 joined with the penultimate one, that bracket's players ("treated as a heterogeneous score
/// bracket with the latest added score bracket as S1").
fn mdps_of(players: &[usize], incoming: &[usize], added: &[usize]) -> Vec<usize> {
    players.iter().copied().filter(|p| incoming.contains(p) || added.contains(p)).collect()
}

/// Whether a step has any candidate at all under the absolute criteria (B.1a, B.2 outside
/// topscorers, the bye in the lowest bracket) with its shape: the question C.12 ("this now allows
/// P1 pairings to be made") and C.13 ("which will allow a pairing in the lowest score bracket")
/// ask of the bracket below. Only the first step of a bracket (all moved-down players paired
/// first) or a homogeneous one is asked.
pub fn has_candidate(round: &Round, step: &Step) -> bool {
    let n = step.players.len();
    let d = step.leftovers();
    let paired_first = match step.shape {
        Shape::Heterogeneous { m1, .. } => {
            debug_assert_eq!(m1, step.mdps.len(), "only the first step of a heterogeneous bracket is asked");
            true
        }
        Shape::Homogeneous { .. } => false,
    };
    let is_mdp: Vec<bool> = step.players.iter().map(|p| paired_first && step.mdps.contains(p)).collect();
    let mut matcher = Matcher::<u64>::new(n + d);
    for a in 0..n {
        for b in a + 1..n {
            if !(round.facts(step.players[a], step.players[b]).forbidden || is_mdp[a] && is_mdp[b]) {
                matcher.set_weight(a, b, 1);
            }
        }
        let may_float = !is_mdp[a] && (!step.lowest || round.players[step.players[a]].bye_eligible);
        if may_float {
            for k in 0..d {
                matcher.set_weight(a, n + k, 1);
            }
        }
    }
    matcher.solve();
    matcher.total_weight() as usize * 2 == n + d
}

/// Whether the lowest bracket can be paired at all with these players (C.13).
pub fn lowest_can_be_paired(round: &Round, players: &[usize]) -> bool {
    let step = Step {
        players: players.to_vec(),
        mdps: Vec::new(),
        shape: Shape::Homogeneous { pairs: players.len() / 2 },
        lowest: true,
    };
    has_candidate(round, &step)
}

/// C.12: the bracket above moves down another set of players of the same size and scores, with
/// which the bracket below can make its pairs (and, when C.1 asked, in which every moved-down
/// player has a possible opponent).
struct OtherSet<'a> {
    round: &'a Round,
    /// Moved down by the bracket above whatever its pairing (its C.1).
    fixed: &'a [usize],
    current: &'a [usize],
    scores: Vec<Points>,
    /// The bracket below's own players, and those of them that C.13 joined to it last.
    residents: &'a [usize],
    added: &'a [usize],
    lowest: bool,
    every_mdp_compatible: bool,
}

impl OtherSet<'_> {
    fn incoming(&self, down: &[usize]) -> Vec<usize> {
        merged(down, self.fixed)
    }
}

impl Extra for OtherSet<'_> {
    fn accepts(&self, down: &[usize]) -> bool {
        let incoming = self.incoming(down);
        let mut scores: Vec<Points> = incoming.iter().map(|&p| self.round.score(p)).collect();
        scores.sort_unstable();
        if incoming.as_slice() == self.current || scores != self.scores {
            return false;
        }
        let players = merged(&merged(&incoming, self.residents), self.added);
        if self.every_mdp_compatible
            && incoming.iter().any(|&m| !players.iter().any(|&q| q != m && self.round.compatible(m, q)))
        {
            return false;
        }
        let mdps = mdps_of(&players, &incoming, self.added);
        has_candidate(self.round, &Steps::initial(players, mdps, self.lowest))
    }
}

/// C.13: the penultimate bracket moves down players with which the lowest bracket can be paired.
struct LowestPairable<'a> {
    round: &'a Round,
    /// The lowest bracket's players that do not depend on the penultimate bracket's pairing.
    fixed: Vec<usize>,
}

impl Extra for LowestPairable<'_> {
    fn accepts(&self, down: &[usize]) -> bool {
        lowest_can_be_paired(self.round, &merged(down, &self.fixed))
    }

    fn lowest_bracket(&self) -> Option<&[usize]> {
        Some(&self.fixed)
    }
}

/// Whether a homogeneous step of the penultimate bracket has any pairing with which the lowest
/// bracket (its own players `lowest`) can be paired, under the absolute criteria alone: whether
/// the two brackets together have a perfect matching (the bye to a player who may have it) with at
/// least `pairs` pairs inside the penultimate one. Any such matching gives one: `pairs` of those
/// pairs stay, the players of the others move down and meet in the lowest bracket.
pub fn penultimate_can_help(round: &Round, step: &Step, lowest: &[usize]) -> bool {
    let Shape::Homogeneous { pairs } = step.shape else { return true };
    let players: Vec<usize> = step.players.iter().chain(lowest).copied().collect();
    let n = players.len();
    let in_step = step.players.len();
    let dummies = n % 2;
    let big = n as u64 + 1;
    let mut matcher = Matcher::<u64>::new(n + dummies);
    for a in 0..n {
        for b in a + 1..n {
            if !round.facts(players[a], players[b]).forbidden {
                matcher.set_weight(a, b, big + u64::from(a < in_step && b < in_step));
            }
        }
        if dummies == 1 && round.players[players[a]].bye_eligible {
            matcher.set_weight(a, n, big);
        }
    }
    matcher.solve();
    let total = matcher.total_weight();
    let edges = (n + dummies) as u64 / 2;
    total >= edges * big && total - edges * big >= pairs as u64 && total / big == edges
}

/// Runs the procedure over the round.
pub fn run(round: &Round, search: &mut dyn Search) -> Result<Outcome, Failure> {
    let mut residents = score_groups(round);
    // Per bracket: the players of the bracket C.13 joined to it last (only the lowest has any).
    let mut added: Vec<Vec<usize>> = vec![Vec::new(); residents.len()];
    let mut placed: Vec<Placed> = Vec::new();
    let mut events = Vec::new();
    let mut carry: Vec<usize> = Vec::new();
    // The bracket being paired received its moved-down players by backtracking (C.12, or C.13
    // for the lowest bracket): it may not backtrack in turn (C.12: "disallowed when already
    // backtracking from a lower score bracket").
    let mut backtracked = false;
    let gave_up = |search: &dyn Search| search.gave_up().map(Failure::GaveUp);
    'brackets: while placed.len() < residents.len() {
        let i = placed.len();
        let lowest = i + 1 == residents.len();
        let base = residents[i].iter().map(|&r| round.score(r)).min().unwrap_or(Points::ZERO);
        let mut players = merged(&merged(&carry, &residents[i]), &added[i]);
        let mut moved = Vec::new();
        // C.1: a player with no possible opponent in the bracket (B1, or B2 except between
        // topscorers). In the lowest bracket this is part of asking whether it can be paired (C.13).
        if !lowest {
            while let Some(&bad) = players.iter().find(|&&p| !players.iter().any(|&q| q != p && round.compatible(p, q)))
            {
                if carry.contains(&bad) && !backtracked && i > 0 {
                    let below = (&residents[i][..], &added[i][..]);
                    if let Some(incoming) = backtrack(round, search, &mut placed, below, &carry, false, true) {
                        if let Some(failure) = gave_up(search) {
                            return Err(failure);
                        }
                        events.push(Event::Backtracked { bracket: base });
                        carry = incoming;
                        backtracked = true;
                        continue 'brackets;
                    }
                    if let Some(failure) = gave_up(search) {
                        return Err(failure);
                    }
                }
                players.retain(|&p| p != bad);
                moved.push(bad);
            }
        }
        let mdps = mdps_of(&players, &carry, &added[i]);
        let mut steps = Steps::new(players, mdps.clone(), lowest);
        let mut tried_backtracking = false;
        while let Some(step) = steps.current() {
            let found = search.first(round, &step, None);
            if let Some(failure) = gave_up(search) {
                return Err(failure);
            }
            if let Some(candidate) = found {
                let bracket = Placed {
                    residents: residents[i].clone(),
                    incoming: carry.clone(),
                    moved,
                    steps,
                    step,
                    candidate,
                    repaired: None,
                };
                carry = bracket.outgoing();
                placed.push(bracket);
                backtracked = false;
                continue 'brackets;
            }
            // C.12: the bracket cannot make its P1 pairs with the players moved down to it.
            if !tried_backtracking && !mdps.is_empty() && !backtracked && i > 0 {
                tried_backtracking = true;
                let below = (&residents[i][..], &added[i][..]);
                let incoming = backtrack(round, search, &mut placed, below, &carry, lowest, false);
                if let Some(failure) = gave_up(search) {
                    return Err(failure);
                }
                if let Some(incoming) = incoming {
                    events.push(Event::Backtracked { bracket: base });
                    carry = incoming;
                    backtracked = true;
                    continue 'brackets;
                }
            }
            steps.advance(round, search);
        }
        // Only the lowest bracket runs out of steps: C.13, the penultimate bracket is paired
        // again; if no pairing of it helps, the two lowest brackets are joined.
        debug_assert!(lowest);
        // The joined bracket is paired next, as the lowest; if it fails too, C.13 is repeated with
        // the bracket above as the penultimate one.
        let Some(penultimate) = placed.last_mut() else { return Err(Failure::NoValidPairing) };
        let pen_base = penultimate.residents.iter().map(|&r| round.score(r)).min().unwrap_or(Points::ZERO);
        let lowest_players = merged(&residents[i], &added[i]);
        let extra = LowestPairable { round, fixed: merged(&penultimate.moved, &lowest_players) };
        while let Some(step) = penultimate.steps.current() {
            let found = search.first(round, &step, Some(&extra));
            if let Some(failure) = gave_up(search) {
                return Err(failure);
            }
            if let Some(candidate) = found {
                penultimate.step = step;
                penultimate.candidate = candidate;
                penultimate.repaired = Some(Repair::LowestPairable { fixed: extra.fixed.clone() });
                carry = penultimate.outgoing();
                events.push(Event::Penultimate { bracket: pen_base });
                // The lowest bracket's moved-down players came by backtracking: it may not
                // backtrack again by C.12 ("disallowed when already backtracking").
                backtracked = true;
                continue 'brackets;
            }
            penultimate.steps.advance(round, search);
        }
        // "the two lowest score brackets are joined into a new lowest score bracket"
        let Some(joined) = placed.pop() else { return Err(Failure::NoValidPairing) };
        events.push(Event::Merged { bracket: pen_base });
        // The lowest bracket's players, those joined to it before included, are its own now; the
        // penultimate bracket's are "the latest added score bracket", paired first as S1.
        let lowest_residents = residents.remove(i);
        let lowest_added = added.remove(i);
        residents[i - 1] = merged(&lowest_residents, &lowest_added);
        added[i - 1] = joined.residents;
        carry = joined.incoming;
        backtracked = false;
        continue 'brackets;
    }
    Ok(Outcome { brackets: placed, events })
}

/// C.12: pairs the bracket above again so that it moves down another set of players of the same
/// size and with the same scores, with which this bracket can make its pairs. Returns the new set.
fn backtrack(
    round: &Round,
    search: &mut dyn Search,
    placed: &mut [Placed],
    (residents, added): (&[usize], &[usize]),
    current: &[usize],
    lowest: bool,
    every_mdp_compatible: bool,
) -> Option<Vec<usize>> {
    let above = placed.last_mut()?;
    let mut scores: Vec<Points> = current.iter().map(|&p| round.score(p)).collect();
    scores.sort_unstable();
    let extra =
        OtherSet { round, fixed: &above.moved, current, scores, residents, added, lowest, every_mdp_compatible };
    let candidate = search.first(round, &above.step, Some(&extra))?;
    let incoming = extra.incoming(&candidate.down);
    above.candidate = candidate;
    above.repaired = Some(Repair::OtherSet {
        instead: current.to_vec(),
        below: residents.to_vec(),
        added: added.to_vec(),
        lowest,
        every_mdp_compatible,
    });
    Some(incoming)
}
