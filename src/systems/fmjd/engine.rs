//! The FMJD procedure as a search (docs/fmjd-search.md): score groups top down, each paired by
//! halves with the mends the annex describes, every choice tried only when the rest of the round
//! can still be paired.

use crate::model::{AccelerationMethod, Colour, ColourPreference, PlayerId};
use crate::state::RoundState;

use super::player::*;
use super::witness::{ColourWitness, Role, Witness};
use super::{Options, Variant};
use crate::systems::outcome::PairFailure;
use crate::systems::pairing::{Board, RoundPairing};

/// A reading of docs/fmjd.md (numbered) that the pairing found rests on,
/// with the players it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Trace {
    pub reading: u8,
    pub players: Vec<PlayerId>,
}

impl Trace {
    pub(crate) fn new(reading: u8, players: impl IntoIterator<Item = PlayerId>) -> Trace {
        Trace { reading, players: players.into_iter().collect() }
    }
}

/// How many steps (choices and feasibility tests) the search may take before it gives up on a
/// round. Every choice is tried only when the rest of the round can still be paired (see
/// [`Role`]), so the search hardly ever backtracks and real rounds need a few hundred steps (the
/// figures are in docs/fmjd-search.md); the limit only bounds a pathological input, and reaching
/// it is a round `not-checked`, never a verdict.
const LIMIT: u64 = 1_000_000;

struct Search<'a> {
    players: &'a [FmjdPlayer],
    options: Options,
    /// 5.3: "the pairing in the first round is 1-2, 3-4, etc."
    first_round_kndb: bool,
    /// 4b/5a/6b (KNDB), except in an accelerated round 1 (6.1: group 1 against group 2 "in the
    /// order of their ratings", A1–B1 as 4a; reading 17).
    fold: bool,
    /// Section 7 applies in this round (from round 2, when there are colours; reading 13).
    colours: ColourPreference,
    steps: u64,
    /// The readings the pairing being built rests on (kept in step with the search: a branch that
    /// fails takes its entries back).
    trace: Vec<Trace>,
    /// The step at which the search gives up: [`LIMIT`].
    limit: u64,
    /// A pairing of every player still to pair, in the roles of the search's position; `None`
    /// when the round has no pairing at all.
    witness: Option<Witness>,
}

impl Search<'_> {
    fn new(players: &[FmjdPlayer], options: Options, round: u32) -> Search<'_> {
        let accelerated_round_one = round == 1 && options.acceleration != AccelerationMethod::None;
        Search {
            players,
            options,
            first_round_kndb: options.variant == Variant::KndbSolkoff && round == 1 && !accelerated_round_one,
            fold: options.variant.folds() && !accelerated_round_one,
            colours: if round >= 2 { options.colours } else { ColourPreference::None },
            steps: 0,
            trace: Vec::new(),
            limit: LIMIT,
            witness: Witness::new(players),
        }
    }

    fn tick(&mut self) -> bool {
        self.steps += 1;
        self.steps <= self.limit
    }

    /// The search gave up: [`LIMIT`] reached.
    fn over(&self) -> bool {
        self.steps > self.limit
    }

    /// Takes `paired` out of the witness and gives `roles` theirs. When the rest of the round can
    /// still be paired, returns the witness as it was, for the caller to restore if the branch
    /// fails; otherwise `None`, and the witness is as it was. One step of the limit.
    fn try_update(&mut self, paired: &[usize], roles: &[(usize, Role)]) -> Option<Witness> {
        self.steps += 1;
        let mut next = self.witness.clone()?;
        if next.update(self.players, paired, roles) { self.witness.replace(next) } else { None }
    }

    /// Pairs the groups from `gi` down, with `incoming` players moved down from above (in order).
    fn groups(&mut self, groups: &[Vec<usize>], gi: usize, incoming: &[usize]) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        let Some(group) = groups.get(gi) else {
            return incoming.is_empty().then(Vec::new);
        };
        // 6a: the moved-down players meet the highest of the group in turn; with floats, one who
        // floated up last round is passed over for the next lower (A.d).
        let mut opponents: Vec<usize> = group.clone();
        if self.fold {
            // 5.3, 6b: the moved-down player meets the lowest of the group (3.6: A–6, B–5, C–4).
            opponents.reverse();
        }
        if self.options.floats {
            opponents.sort_by_key(|&v| self.players[v].upfloated_last);
        }
        // The next group: the players moved down may now meet its players, and its players each
        // other, the incoming ones and those below — only more pairs than before.
        if let Some(witness) = &mut self.witness {
            witness.widen(incoming.iter().map(|&f| (f, Role::Incoming)).chain(group.iter().map(|&v| (v, Role::Group))));
        }
        let mut chosen = Vec::new();
        self.floaters_in(groups, gi, incoming, 0, &opponents, &mut chosen)
    }

    /// Chooses an opponent in the group (or none: moved further down) for incoming floater `k`.
    fn floaters_in(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        incoming: &[usize],
        k: usize,
        opponents: &[usize],
        chosen: &mut Vec<(usize, Option<usize>)>,
    ) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        if k == incoming.len() {
            return self.rest_of_group(groups, gi, chosen);
        }
        let floater = incoming[k];
        let mark = self.trace.len();
        for (i, &v) in opponents.iter().enumerate() {
            if chosen.iter().any(|&(_, o)| o == Some(v)) || !compatible(self.players, floater, v) {
                continue;
            }
            // Reading 6: an opponent who floated up last round was passed over for this one (A.d).
            let passed: Vec<PlayerId> = opponents[i + 1..]
                .iter()
                .filter(|&&w| self.players[w].upfloated_last && self.players[v].score == self.players[w].score)
                .filter(|&&w| groups[gi].iter().position(|&x| x == w) < groups[gi].iter().position(|&x| x == v))
                .map(|&w| self.players[w].id)
                .collect();
            // Only an opponent after whom the rest of the round can still be paired.
            let Some(saved) = self.try_update(&[floater, v], &[]) else {
                if self.over() {
                    return None;
                }
                continue;
            };
            if self.options.floats && !passed.is_empty() {
                self.trace.push(Trace::new(6, [self.players[floater].id].into_iter().chain(passed)));
            }
            chosen.push((floater, Some(v)));
            let found = self.floaters_in(groups, gi, incoming, k + 1, opponents, chosen);
            chosen.pop();
            if found.is_some() || self.over() {
                return found;
            }
            self.witness = Some(saved);
            self.trace.truncate(mark);
        }
        // 3.6: a player who cannot be paired in this group moves on to the next (reading 2).
        let saved = self.try_update(&[], &[(floater, Role::Passed)])?;
        self.trace.push(Trace::new(2, [self.players[floater].id]));
        chosen.push((floater, None));
        let found = self.floaters_in(groups, gi, incoming, k + 1, opponents, chosen);
        chosen.pop();
        if found.is_none() {
            self.witness = Some(saved);
            self.trace.truncate(mark);
        }
        found
    }

    /// The group's own players once the moved-down ones have their opponents: the fewest floaters
    /// (5b, 3.5), then the pairing by halves (4a).
    fn rest_of_group(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        chosen: &[(usize, Option<usize>)],
    ) -> Option<Vec<(usize, usize)>> {
        let group = &groups[gi];
        let rest: Vec<usize> = group.iter().copied().filter(|v| !chosen.iter().any(|&(_, o)| o == Some(*v))).collect();
        let passed_on: Vec<usize> = chosen.iter().filter(|(_, o)| o.is_none()).map(|&(f, _)| f).collect();
        let made: Vec<(usize, usize)> = chosen.iter().filter_map(|&(f, o)| o.map(|o| (f, o))).collect();
        // 5b: the floater is the lowest; with floats (A.d), one who floated down last round is
        // passed over for the next higher. The dummy's group cannot move anyone further.
        let mut candidates: Vec<usize> = rest.iter().rev().copied().collect();
        // 4.1: "the last player of the lowest Group is paired with this dummy player", whatever
        // the group's own rule for moving a player down (5a for KNDB); meeting the dummy is no float.
        let dummy_next = groups.get(gi + 1).is_some_and(|g| g.iter().any(|&v| self.players[v].dummy));
        if self.fold && !dummy_next {
            // 5.3, 5a: the highest of the group moves down.
            candidates.reverse();
        }
        if self.options.floats && !dummy_next {
            candidates.sort_by_key(|&v| self.players[v].downfloated_last);
        }
        let last_group = gi + 1 == groups.len();
        let mut k = rest.len() % 2;
        while k <= rest.len() {
            if last_group && k > 0 {
                break;
            }
            let mut set = Vec::new();
            // floater_sets leaves the witness as it found it when it fails.
            if let Some(found) = self.floater_sets(groups, gi, &rest, &candidates, k, 0, &mut set, &passed_on, &made) {
                return Some(found);
            }
            if self.over() {
                return None;
            }
            k += 2;
        }
        None
    }

    /// Sets of `k` floaters in the order of `candidates` (lexicographic), each tried in turn.
    #[allow(clippy::too_many_arguments)]
    fn floater_sets(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        rest: &[usize],
        candidates: &[usize],
        k: usize,
        from: usize,
        set: &mut Vec<usize>,
        passed_on: &[usize],
        made: &[(usize, usize)],
    ) -> Option<Vec<(usize, usize)>> {
        if !self.tick() {
            return None;
        }
        if set.len() == k {
            // The set is complete: the others stay (the candidates not yet passed over too).
            let stay: Vec<(usize, Role)> =
                candidates[from..].iter().filter(|v| !set.contains(v)).map(|&v| (v, Role::Stayer)).collect();
            let saved = self.try_update(&[], &stay)?;
            let remaining: Vec<usize> = rest.iter().copied().filter(|v| !set.contains(v)).collect();
            let mark = self.trace.len();
            let Some(halves) = self.halves(&remaining) else {
                self.witness = Some(saved);
                return None;
            };
            self.trace_floaters(groups, gi, rest, set);
            // Moved down: those passed on from above first, then this group's floaters, in order.
            let mut down: Vec<usize> = passed_on.to_vec();
            let mut own = set.clone();
            own.sort_unstable();
            down.extend(own);
            let Some(below) = self.groups(groups, gi + 1, &down) else {
                self.witness = Some(saved);
                self.trace.truncate(mark);
                return None;
            };
            let mut all = made.to_vec();
            all.extend(halves);
            all.extend(below);
            return Some(all);
        }
        for i in from..candidates.len() {
            if candidates.len() - i < k - set.len() {
                break;
            }
            // Only a set whose players so far can move down, and the players passed over stay,
            // with the rest of the round still paired.
            let mut roles: Vec<(usize, Role)> = candidates[from..i].iter().map(|&v| (v, Role::Stayer)).collect();
            roles.push((candidates[i], Role::Floater));
            let Some(saved) = self.try_update(&[], &roles) else {
                if self.over() {
                    return None;
                }
                continue;
            };
            set.push(candidates[i]);
            let found = self.floater_sets(groups, gi, rest, candidates, k, i + 1, set, passed_on, made);
            set.pop();
            if found.is_some() || self.over() {
                return found;
            }
            self.witness = Some(saved);
        }
        None
    }

    /// Records why this group moves down `set` rather than the players 5b (5a) names first: a
    /// repeated float passed over (reading 6), the dummy's group (reading 3: 4.1's "last player",
    /// also under 5a; nobody gets the bye twice), or more or other players than the rule's first
    /// choice because the rest could not pair (reading 2).
    fn trace_floaters(&mut self, groups: &[Vec<usize>], gi: usize, rest: &[usize], set: &[usize]) {
        let players = self.players;
        let dummy_next = groups.get(gi + 1).is_some_and(|g| g.iter().any(|&v| players[v].dummy));
        if dummy_next {
            let lowest = rest.last().copied();
            if self.options.variant.folds() || set.first().copied() != lowest {
                self.trace.push(Trace::new(3, set.iter().chain(lowest.iter()).map(|&v| players[v].id)));
            }
            return;
        }
        let mut natural: Vec<usize> = rest.iter().rev().copied().collect();
        if self.options.variant.folds() {
            natural.reverse();
        }
        let minimum = rest.len() % 2;
        let first: Vec<usize> = natural.iter().take(set.len()).copied().collect();
        let mut sorted_set = set.to_vec();
        sorted_set.sort_unstable();
        let mut sorted_first = first.clone();
        sorted_first.sort_unstable();
        if set.len() > minimum {
            self.trace.push(Trace::new(2, set.iter().map(|&v| players[v].id)));
        } else if sorted_set != sorted_first {
            let skipped: Vec<usize> = first.iter().copied().filter(|v| !set.contains(v)).collect();
            let reading =
                if self.options.floats && skipped.iter().all(|&v| players[v].downfloated_last) { 6 } else { 2 };
            self.trace.push(Trace::new(reading, skipped.iter().chain(set.iter()).map(|&v| players[v].id)));
        }
    }

    /// 4a: the first half against the second, A1–B1, A2–B2, …; when a pair may not meet, the higher
    /// player takes the next player of the lower half (A.d), and only then one of its own half.
    ///
    /// With a colour preference (section 7, A.d), each player takes the first player in that order
    /// against whom both colours can be correct, a colour problem only when it must, and the
    /// arrangement has the fewest colour problems: "the pairing may be adjusted … the player of the higher group is
    /// paired against a next player from the lower group against who it is possible to attribute
    /// colors to both players. If necessary the whole pairing may be changed" — never by moving
    /// more players down (the group is given; section 7: "provided that the maximum number of
    /// games to be paired within a score group is not influenced").
    fn halves(&mut self, group: &[usize]) -> Option<Vec<(usize, usize)>> {
        let half = group.len() / 2;
        // Section 7: the fewest colour problems any arrangement of the group can have; each player
        // then takes the first opponent in order that keeps the group within them.
        let colours = if self.colours == ColourPreference::None {
            None
        } else {
            self.steps += 1;
            let witness = ColourWitness::new(self.players, self.colours, group)?;
            let fewest = witness.problems()?;
            Some((witness, fewest))
        };
        let mut paired = vec![false; group.len()];
        let mut out = Vec::with_capacity(half);
        if !self.match_in_order(group, half, &mut paired, &mut out, colours) {
            return None;
        }
        self.note_mended(group, half, &out);
        Some(out)
    }

    /// Reading 1: a pair that may not meet was mended; records the players whose pair is not the
    /// plain A1–B1 (4a), 1–n (4b) or 1–2 (5.3 round 1).
    fn note_mended(&mut self, group: &[usize], half: usize, out: &[(usize, usize)]) {
        let plain = |x: usize| -> Option<usize> {
            let n = group.len();
            if self.first_round_kndb {
                Some(if x.is_multiple_of(2) { x + 1 } else { x - 1 })
            } else if self.fold {
                Some(n - 1 - x)
            } else if x < half {
                Some(x + half)
            } else {
                Some(x - half)
            }
        };
        let position = |v: usize| group.iter().position(|&g| g == v);
        let mended: Vec<PlayerId> = out
            .iter()
            .filter(|&&(a, b)| match (position(a), position(b)) {
                (Some(x), Some(y)) => plain(x) != Some(y),
                _ => false,
            })
            .flat_map(|&(a, b)| [self.players[a].id, self.players[b].id])
            .collect();
        if !mended.is_empty() {
            self.trace.push(Trace::new(1, mended));
        }
    }

    /// Each player in turn, from the top, takes the first opponent in the order of 4a/4b (5.3's
    /// round 1: the next player) after whom the rest of the group can still be paired, with no
    /// more colour problems than the fewest possible. Since every pair made keeps a completion,
    /// no pair is ever taken back: one pass, no search.
    fn match_in_order(
        &mut self,
        group: &[usize],
        half: usize,
        paired: &mut [bool],
        out: &mut Vec<(usize, usize)>,
        mut colours: Option<(ColourWitness, usize)>,
    ) -> bool {
        while let Some(x) = paired.iter().position(|p| !p) {
            if !self.tick() {
                return false;
            }
            paired[x] = true;
            // 4a: the lower half first, in order; 4b (KNDB): from the lowest up; round 1 of KNDB
            // (5.3): the next player, 1–2, 3–4.
            let mut order: Vec<usize> = if self.first_round_kndb {
                (x + 1..group.len()).collect()
            } else if self.fold {
                (0..group.len()).rev().collect()
            } else {
                (half..group.len()).chain(0..half).collect()
            };
            // A.d: "the player of the higher group is paired against a next player from the lower
            // group against who it is possible to attribute colors to both players" — those first.
            if self.colours != ColourPreference::None {
                order.sort_by_key(|&y| colour_problem(self.colours, &self.players[group[x]], &self.players[group[y]]));
            }
            let mut found = None;
            for y in order {
                if paired[y] || !compatible(self.players, group[x], group[y]) {
                    continue;
                }
                let next_colours = match &colours {
                    None => None,
                    Some((witness, fewest)) => {
                        let problem = colour_problem(self.colours, &self.players[group[x]], &self.players[group[y]]);
                        self.steps += 1;
                        match witness.with_pair(group[x], group[y], problem) {
                            Some((next, problems)) if problems <= *fewest => Some((next, *fewest)),
                            _ => continue,
                        }
                    }
                };
                if self.try_update(&[group[x], group[y]], &[]).is_some() {
                    found = Some((y, next_colours));
                    break;
                }
                if self.over() {
                    return false;
                }
            }
            let Some((y, next_colours)) = found else { return false };
            paired[y] = true;
            out.push((group[x], group[y]));
            colours = next_colours;
        }
        true
    }
}

/// Pairs a round of `fmjd-rating`.
pub(crate) fn pair(state: &RoundState, options: &Options) -> Result<RoundPairing, PairFailure> {
    pair_ordered(state, options, &players(state, options.variant), state.initial_colour).map(|(pairing, _)| pairing)
}

/// Pairs the players in the order given (`players` as [`players`] orders them, possibly with tied
/// players in another order, see `numbers.rs`), with `initial` the colour drawn for round 1 (A.b);
/// also returns the readings the pairing found rests on (docs/fmjd.md).
pub(crate) fn pair_ordered(
    state: &RoundState,
    options: &Options,
    players: &[FmjdPlayer],
    initial: Colour,
) -> Result<(RoundPairing, Vec<Trace>), PairFailure> {
    // Score groups, in the order of the players (A.c); the dummy alone at the bottom.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (v, p) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == p.score && !p.dummy => g.push(v),
            _ => groups.push(vec![v]),
        }
    }
    let groups = accelerate(groups, players, state, options);
    let mut search = Search::new(players, *options, state.round);
    // Section 1 and 4.1: when no pairing of the whole round lets everybody meet a new opponent (and
    // nobody get a second bye), the procedure cannot succeed whatever it chooses.
    if search.witness.is_none() {
        return Err(PairFailure::NoValidPairing);
    }
    let found = search.groups(&groups, 0, &[]);
    tracing::trace!(round = state.round, steps = search.steps, "fmjd search");
    let Some(pairs) = found else {
        // A pairing exists, so the search stopped short of it: no verdict (docs/fmjd-search.md, "The
        // bound that remains").
        return Err(PairFailure::GaveUp(if search.over() {
            format!("search limit reached ({LIMIT} steps) before the FMJD procedure found the round's pairing")
        } else {
            "the FMJD search ended without a pairing although the round has one (a trfcheck bug)".to_owned()
        }));
    };
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (a.min(b), a.max(b));
            if players[b].dummy {
                return Board::bye(players[a].id);
            }
            match colour_of_higher(players, a, b, initial, options.variant) {
                Colour::White => Board::game(players[a].id, players[b].id),
                Colour::Black => Board::game(players[b].id, players[a].id),
            }
        })
        .collect();
    boards.sort_by_key(|b| b.black.is_none());
    let mut pairing = RoundPairing { boards };
    pairing.sort_boards(state);
    Ok((pairing, search.trace))
}

/// Section 6: the score groups divided in four, groups 1–2 above groups 3–4, each part paired as a
/// group of its own (1 against 2, 3 against 4): in round 1 under 6.1 and 6.2, and under 6.1 in a
/// later round for each score group whose first group is larger than the number of rounds still
/// to be played, this one included (reading 14). The dummy's group is never divided.
fn accelerate(
    groups: Vec<Vec<usize>>,
    players: &[FmjdPlayer],
    state: &RoundState,
    options: &Options,
) -> Vec<Vec<usize>> {
    let to_play = (state.total_rounds + 1).saturating_sub(state.round) as usize;
    let divide = |size: usize| match options.acceleration {
        AccelerationMethod::None => false,
        AccelerationMethod::Haley => state.round == 1,
        AccelerationMethod::FourGroups => state.round == 1 || size.div_ceil(4) > to_play,
    };
    let mut out = Vec::with_capacity(groups.len() + 1);
    for group in groups {
        let upper = accelerated_upper(group.len());
        if divide(group.len()) && upper < group.len() && !group.iter().any(|&v| players[v].dummy) {
            out.push(group[..upper].to_vec());
            out.push(group[upper..].to_vec());
        } else {
            out.push(group);
        }
    }
    out
}

/// True when `state`'s round divides score groups in four (section 6), for the explanations.
pub(crate) fn accelerated(state: &RoundState, options: &Options) -> bool {
    match options.acceleration {
        AccelerationMethod::None => false,
        AccelerationMethod::Haley => state.round <= 2,
        AccelerationMethod::FourGroups => true,
    }
}

/// A.d colours for `higher` (earlier in the round's order, index `higher`) against `lower`.
pub(crate) fn colour_of_higher(
    players: &[FmjdPlayer],
    higher: usize,
    lower: usize,
    initial: Colour,
    variant: Variant,
) -> Colour {
    let (x, y) = (&players[higher], &players[lower]);
    let (bx, by) = (x.balance(), y.balance());
    if bx != by {
        return if bx < by { Colour::White } else { Colour::Black };
    }
    // The latest round where their colours differed: who had black then gets white now.
    for (cx, cy) in x.colours.iter().rev().zip(y.colours.iter().rev()) {
        if cx != cy {
            return if *cx == Colour::Black { Colour::White } else { Colour::Black };
        }
    }
    // Equal histories after round 1 fall back on the round-1 schema (reading 12, A.d is silent).
    // A.b: A1 white, A2 black, A3 white, … (the drawn initial colour, white unless declared). B.b:
    // "all players from group A may play with white"; 5.3 does not say (1–2, 3–4: "not
    // important"): the higher player white, as in B.b.
    if !variant.by_rating() || higher.is_multiple_of(2) { initial } else { initial.opposite() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, PlayerId, Points};
    use crate::systems::fmjd::*;

    fn player(id: PlayerId, rating: u32) -> FmjdPlayer {
        FmjdPlayer {
            id,
            rank: id - 1,
            rating,
            solkoff: 0,
            sb: 0,
            score: Points::ZERO,
            colours: Vec::new(),
            met: Vec::new(),
            had_bye: false,
            downfloated_last: false,
            upfloated_last: false,
            dummy: false,
        }
    }

    fn search_halves(players: &[FmjdPlayer]) -> Vec<(PlayerId, PlayerId)> {
        let mut search = Search::new(players, Options::default(), 2);
        let group: Vec<usize> = (0..players.len()).collect();
        let pairs = search.halves(&group).unwrap();
        pairs.iter().map(|&(a, b)| (players[a].id, players[b].id)).collect()
    }

    /// 3.4a: six players ordered 1..6 pair 1–4, 2–5, 3–6.
    #[test]
    fn half_groups_of_3_4a() {
        let players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        assert_eq!(search_halves(&players), vec![(1, 4), (2, 5), (3, 6)]);
    }

    /// 3.4b (KNDB, 5.3): six players ordered 1..6 pair 1–6, 2–5, 3–4; when 1 has met 6, the next
    /// lower, 5: 1–5, then 2–6, 3–4.
    #[test]
    fn highest_against_lowest_of_3_4b() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        let group: Vec<usize> = (0..6).collect();
        let options = Options { variant: Variant::KndbSolkoff, ..Options::default() };
        let pairs = |players: &[FmjdPlayer]| {
            let mut search = Search::new(players, options, 2);
            let found = search.halves(&group).unwrap();
            found.iter().map(|&(a, b)| (players[a].id, players[b].id)).collect::<Vec<_>>()
        };
        assert_eq!(pairs(&players), vec![(1, 6), (2, 5), (3, 4)]);
        players[0].met.push(6);
        assert_eq!(pairs(&players), vec![(1, 5), (2, 6), (3, 4)]);
    }

    /// A.d: when 1 has met 4, "the player of the higher group is paired against a next player from
    /// the lower group": 1–5, then 2 takes the first left, 4, and 3–6.
    #[test]
    fn a_rematch_takes_the_next_of_the_lower_half() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        players[0].met.push(4);
        assert_eq!(search_halves(&players), vec![(1, 5), (2, 4), (3, 6)]);
    }

    /// 3.6's example: A, B and C (who have all met) cannot pair in their group and move down to a
    /// group ordered 1..7. Method a (6a): A–1, B–2, C–3, then 4–6, 5–7 by halves; method b (6b,
    /// KNDB): A–7, B–6, C–5, then 1–4, 2–3 highest against lowest.
    #[test]
    fn moved_down_players_of_3_6() {
        let mut players: Vec<FmjdPlayer> = (1..=10).map(|id| player(id, 2000 - id)).collect();
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let (x, y) = (players[a].id, players[b].id);
            players[a].met.push(y);
            players[b].met.push(x);
        }
        let groups = vec![vec![0, 1, 2], (3..10).collect::<Vec<usize>>()];
        let run = |variant: Variant| {
            let options = Options { variant, ..Options::default() };
            let mut search = Search::new(&players, options, 2);
            let mut pairs: Vec<(PlayerId, PlayerId)> =
                search.groups(&groups, 0, &[]).unwrap().iter().map(|&(a, b)| (players[a].id, players[b].id)).collect();
            pairs.sort_unstable();
            pairs
        };
        // A, B, C are players 1, 2, 3; the lower group 1..7 is players 4..10.
        assert_eq!(run(Variant::Rating), vec![(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]);
        assert_eq!(run(Variant::KndbSolkoff), vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]);
    }

    /// 6.1: sixteen players make groups of four, 1–2 the upper eight; fifteen (the dummy not being
    /// in a group, reading 14) and fourteen keep eight above; ten, six; two, both.
    #[test]
    fn four_groups_divide_at_twice_a_rounded_up_quarter() {
        let sizes: Vec<usize> = [16, 15, 14, 10, 2].into_iter().map(accelerated_upper).collect();
        assert_eq!(sizes, vec![8, 8, 8, 6, 2]);
    }

    /// 7b: two more whites each is a problem ("if both players played two times more with white");
    /// one more is not. 7c: due colours (the less played, else the other of the last) must differ.
    #[test]
    fn colour_problems_of_7b_and_7c() {
        use Colour::{Black as B, White as W};
        let with = |colours: Vec<Colour>| FmjdPlayer { colours, ..player(1, 2000) };
        let (ww, bww, wb, bw) = (with(vec![W, W]), with(vec![B, W, W]), with(vec![W, B]), with(vec![B, W]));
        assert!(colour_problem(ColourPreference::Weak, &ww, &ww));
        assert!(!colour_problem(ColourPreference::Weak, &bww, &ww));
        assert!(!colour_problem(ColourPreference::None, &ww, &ww));
        assert_eq!((due(&wb), due(&bw), due(&bww), due(&player(2, 1900))), (Some(W), Some(B), Some(B), None));
        assert!(colour_problem(ColourPreference::Strong, &bw, &bww));
        assert!(!colour_problem(ColourPreference::Strong, &wb, &bw));
    }

    /// A search that reaches its limit says so (`over`), and is never read as "no pairing"
    /// (docs/fmjd-search.md, "The bound that remains"): 3.6's example needs more than five steps.
    #[test]
    fn a_search_that_reaches_its_limit_says_so() {
        let players: Vec<FmjdPlayer> = (1..=10).map(|id| player(id, 2000 - id)).collect();
        let groups = vec![(0..10).collect::<Vec<usize>>()];
        let mut search = Search::new(&players, Options::default(), 2);
        assert!(search.groups(&groups, 0, &[]).is_some());
        assert!(!search.over());
        let mut search = Search::new(&players, Options::default(), 2);
        search.limit = 5;
        assert!(search.groups(&groups, 0, &[]).is_none());
        assert!(search.over());
    }

    /// The feasibility test of the search: player 4 of six has met all the others (section 1: no
    /// one meets another twice), so no pairing of the round exists, and the round is refused before
    /// any search; once 3 and 4 have not met, 3–4, 1–5 and 2–6 pair them.
    #[test]
    fn a_round_without_a_pairing_is_refused_before_the_search() {
        let mut players: Vec<FmjdPlayer> = (1..=6).map(|id| player(id, 2000 - id)).collect();
        let mut meet = |a: usize, b: usize| {
            let (x, y) = (players[a].id, players[b].id);
            players[a].met.push(y);
            players[b].met.push(x);
        };
        for (a, b) in [(0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5), (0, 3), (1, 3), (2, 3)] {
            meet(a, b);
        }
        assert!(Witness::new(&players).is_none());
        players[3].met.pop();
        players[2].met.pop();
        assert!(Witness::new(&players).is_some());
    }

    /// Colours (A.d): the lower balance gets white; then the latest differing round; then A.b.
    #[test]
    fn colours_even_out() {
        let mut players = vec![player(1, 2000), player(2, 1900)];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::White);
        players[0].colours = vec![Colour::White];
        players[1].colours = vec![Colour::Black];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::Black);
        players[0].colours = vec![Colour::White, Colour::Black];
        players[1].colours = vec![Colour::Black, Colour::White];
        assert_eq!(colour_of_higher(&players, 0, 1, Colour::White, Variant::Rating), Colour::White);
    }
}
