//! The rules for the sequential generation of the pairings (C.04.3 art. 4; 2017 section D), as
//! decisions taken one at a time on top of a maximum-weight matching.
//!
//! Every candidate that is best on the criteria is an optimal matching; the rules prefer the one
//! generated first. Instead of generating candidates, each choice the generation order makes is
//! settled in turn: the weights of one player's edges are nudged in the lowest (generation-order)
//! bits towards the preferred option, the matching is re-solved, and the outcome is fixed before
//! the next choice. The choices, in order:
//!
//! 1. which MDPs are paired (4.4: the set with the highest scores, then the smallest BSNs);
//! 2. their opponents (S1 and S2 in order, 3.3.1, and the transpositions of 4.2);
//! 3. in the remainder, the fewest resident exchanges with the smallest BSN difference (4.3.2,
//!    rules 1–2), then which S1 players move down (rule 3) and which S2 players move up (rule 4);
//! 4. who pairs with whom: each S1 player, in order, with the first S2 player possible (4.2).

use crate::matching::{Exchange, Guesses, Matcher, Weight};
use crate::model::Points;
use crate::systems::common::fields::all_ones;

/// The players of a bracket and the next scoregroup, by position: `0..mdps` are the moved-down
/// players, `mdps..end` the residents, `end..len` the next scoregroup. Positions follow the pairing
/// order, so "a later position" means "ranked lower".
pub trait Scope<W: Weight> {
    fn len(&self) -> usize;
    /// Sets a weight, keeping the matcher's duals where they still cover it
    /// ([`crate::matching::Matcher::set_weight_keeping_duals`]).
    fn set_weight(&mut self, a: usize, b: usize, weight: W);
    /// Lets every edge of `a` gain up to `amount` without a repair
    /// ([`crate::matching::Matcher::raise_dual`]).
    fn raise_dual(&mut self, a: usize, amount: &W);
    /// The weight the scope's matcher holds for the edge (zero if none).
    fn weight(&self, a: usize, b: usize) -> W;
    fn solve(&mut self);
    /// The partner's position; the position itself when unpaired; `usize::MAX` for a partner
    /// outside the list (ranked below all of it).
    fn mate(&self, a: usize) -> usize;
    /// Fixes the pair: every other edge of either player goes.
    fn finalize(&mut self, a: usize, b: usize);
    /// Fixes the pair if the solved matching turns into an optimal one holding it by a swap along
    /// tight edges, or tells that no optimal matching holds it
    /// ([`crate::matching::Matcher::fix_pair_by_exchange`]).
    fn finalize_by_exchange(&mut self, a: usize, b: usize) -> Exchange;
    /// Whether the duals of the last solve show that no optimal matching holds the pair
    /// ([`crate::matching::Matcher::rules_out_pair`]).
    fn rules_out(&self, a: usize, b: usize) -> bool;
    /// Fixes all the pairs, as [`Scope::finalize`] does, if an optimal matching holds them all,
    /// proven by one solve; else changes nothing and returns false
    /// ([`crate::matching::Matcher::fix_pairs_if_optimal`]).
    fn finalize_if_optimal(&mut self, pairs: &[(usize, usize)]) -> bool;
    /// The total weight of the solved matching, exact
    /// ([`crate::matching::Matcher::exact_total_weight`]).
    fn total_weight(&self) -> (u64, W);
}

/// A bracket list in a matcher of its own: positions are the matcher's vertices.
pub struct ListScope<W: Weight> {
    matcher: Matcher<W>,
    /// The weight a fixed pair gets: at least any weight of the list.
    max_weight: W,
}

impl<W: Weight> ListScope<W> {
    pub fn new(matcher: Matcher<W>, max_weight: W) -> Self {
        ListScope { matcher, max_weight }
    }
}

impl<W: Weight> Scope<W> for ListScope<W> {
    fn len(&self) -> usize {
        self.matcher.vertex_count()
    }

    fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        self.matcher.set_weight_keeping_duals(a, b, weight);
    }

    fn raise_dual(&mut self, a: usize, amount: &W) {
        self.matcher.raise_dual(a, amount);
    }

    fn weight(&self, a: usize, b: usize) -> W {
        self.matcher.weight(a, b)
    }

    fn solve(&mut self) {
        self.matcher.solve();
    }

    fn mate(&self, a: usize) -> usize {
        self.matcher.mate(a).unwrap_or(a)
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.matcher.fix_pair(a, b, self.max_weight.clone());
    }

    fn finalize_by_exchange(&mut self, a: usize, b: usize) -> Exchange {
        self.matcher.fix_pair_by_exchange(a, b, self.max_weight.clone())
    }

    fn rules_out(&self, a: usize, b: usize) -> bool {
        self.matcher.rules_out_pair(a, b)
    }

    fn finalize_if_optimal(&mut self, pairs: &[(usize, usize)]) -> bool {
        let pairs: Vec<(usize, usize, W)> = pairs.iter().map(|&(a, b)| (a, b, self.max_weight.clone())).collect();
        self.matcher.fix_pairs_if_optimal(&pairs)
    }

    fn total_weight(&self) -> (u64, W) {
        self.matcher.exact_total_weight()
    }
}

/// The edge weights a bracket list starts with, by position (`larger` is the lower-ranked player's
/// position), for every pair whose lower player is a resident or in the next scoregroup.
///
/// A small list keeps them as computed: the steps ask for them again about as many times as
/// there are pairs. A large one does not: its matcher already holds a table of every pair, and a
/// second one at the weight type's full width doubled the memory of a round (9,999 players:
/// 0.5 GB of 1.26 GB; docs/performance.md, "Memory"); a weight is then computed again from the
/// players when a step asks for it. Either way one bit per pair tells whether the pair still has
/// an edge (none when the players may not meet, or once a step has taken the edge out for good).
pub struct BaseWeights<W, F> {
    first_row: usize,
    /// One bit per pair `(smaller, larger)` with `first_row <= larger`, `smaller < larger`, row
    /// by row ([`Self::bit`]).
    live: Vec<u64>,
    /// A small list's weights by the pairs' bits; empty for a large list.
    kept: Vec<W>,
    weight: F,
}

/// The most pairs a list keeps the weights of ([`BaseWeights`]): lists of up to about 500
/// players, 2 MB at 128 bits a weight.
const MOST_KEPT_PAIRS: usize = 1 << 17;

impl<W: Weight, F: Fn(usize, usize) -> W> BaseWeights<W, F> {
    /// The bit of the pair: the rows before `larger` hold `first_row + … + (larger − 1)` pairs.
    fn bit(&self, larger: usize, smaller: usize) -> usize {
        debug_assert!(self.first_row <= larger && smaller < larger);
        triangle(larger) - triangle(self.first_row) + smaller
    }

    /// Whether the pair of this bit still has an edge.
    fn is_live(&self, bit: usize) -> bool {
        self.live[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// Whether the pair has no edge (or no longer has one).
    pub fn is_zero(&self, larger: usize, smaller: usize) -> bool {
        !self.is_live(self.bit(larger, smaller))
    }

    /// Takes the pair's edge out: from here on its base weight is zero.
    pub fn clear(&mut self, larger: usize, smaller: usize) {
        let bit = self.bit(larger, smaller);
        self.live[bit / 64] &= !(1 << (bit % 64));
    }

    /// The pair's base weight: zero once cleared, else as kept or computed again.
    pub fn get(&self, larger: usize, smaller: usize) -> W {
        let bit = self.bit(larger, smaller);
        if !self.is_live(bit) {
            W::zero()
        } else if let Some(weight) = self.kept.get(bit) {
            weight.clone()
        } else {
            (self.weight)(smaller, larger)
        }
    }
}

/// The number of pairs among `count` positions (`0 + 1 + … + (count − 1)`).
fn triangle(count: usize) -> usize {
    count * count.saturating_sub(1) / 2
}

/// A bracket list's base weights, for `len` positions of which the first `mdps` are MDPs:
/// `weight(smaller, larger)` for every pair whose lower player is a resident or in the next
/// scoregroup (MDPs are paired with residents only, 3.3.3: their edges among themselves stay
/// empty). `set_row(larger, row)` is told each of those weights once, zero or not, as they are
/// computed, a row at a time (`row[smaller]` for every `smaller < larger`: to fill a matcher);
/// `weight` must give the same weight again whenever it is asked.
pub fn base_weights<W: Weight, F: Fn(usize, usize) -> W>(
    len: usize,
    mdps: usize,
    weight: F,
    mut set_row: impl FnMut(usize, &[W]),
) -> BaseWeights<W, F> {
    let pairs = triangle(len) - triangle(mdps.min(len));
    let keep = pairs <= MOST_KEPT_PAIRS;
    let kept = Vec::with_capacity(if keep { pairs } else { 0 });
    let mut base = BaseWeights { first_row: mdps, live: vec![0; pairs.div_ceil(64)], kept, weight };
    let mut row = Vec::with_capacity(len);
    for larger in mdps..len {
        // A row's weights first, then the matcher's: the table entries of a row lie a table row
        // apart, each a cache miss, and set in a tight loop the misses overlap (computed one by
        // one between them, they took a tenth of a 9,999-player round).
        row.extend((0..larger).map(|smaller| (base.weight)(smaller, larger)));
        for (smaller, w) in row.iter().enumerate() {
            if !w.is_zero() {
                let bit = base.bit(larger, smaller);
                base.live[bit / 64] |= 1 << (bit % 64);
            }
            if keep {
                base.kept.push(w.clone());
            }
        }
        set_row(larger, &row);
        row.clear();
    }
    base
}

/// A bracket list's matcher, solved, with its base weights ([`base_weights`]). Both Dutch engines
/// start each bracket here, each with its own weights, of at most `bits` bits (the fixed pairs'
/// weight, which every bracket sets, takes them all).
///
/// The MDPs' edges join the matcher only after a first solve without them. Under the 2025 rules an
/// MDP's pair counts in C7 at the MDP's score, above any pair of residents, so with them from the
/// start every resident's first dual was its edge to an MDP, which left the residents' edges among
/// themselves slack: the first solve needed a stage for about every second player (42 stages for
/// a list of 86 with one MDP). Solved first without them, the residents' duals come out tight on
/// their own edges, and adding the MDPs' edges is a repair around the MDPs alone, a stage or two
/// each (docs/performance.md, "The MDPs' edges after the residents'").
pub fn list_matcher<W: Weight, F: Fn(usize, usize) -> W>(
    len: usize,
    mdps: usize,
    bits: u32,
    weight: F,
) -> (Matcher<W>, BaseWeights<W, F>) {
    let mut matcher = Matcher::<W>::with_weight_bits(len, bits);
    let base = base_weights(len, mdps, weight, |larger, row| matcher.set_row_weights(larger, mdps, &row[mdps..]));
    if mdps > 0 {
        matcher.solve();
        for larger in mdps..len {
            for mdp in 0..mdps {
                if !base.is_zero(larger, mdp) {
                    matcher.set_weight(larger, mdp, base.get(larger, mdp));
                }
            }
        }
    }
    matcher.solve();
    (matcher, base)
}

/// Settles a bracket list that [`list_matcher`] solved with weights of at most `bits` bits:
/// [`settle`] in a [`ListScope`]. Returns, per position of the bracket, whether the player is
/// paired in it, and each list position's mate (the position itself when unpaired).
pub fn settle_list<W: Weight, F: Fn(usize, usize) -> W>(
    matcher: Matcher<W>,
    mut base: BaseWeights<W, F>,
    bits: u32,
    bracket: &Bracket,
) -> (Vec<bool>, Vec<usize>) {
    let len = matcher.vertex_count();
    let mut scope = ListScope::new(matcher, all_ones(bits));
    let settled = settle(&mut scope, &mut base, bracket);
    let mates = (0..len).map(|p| scope.mate(p)).collect();
    (settled, mates)
}

/// A recorded pairing being checked, as each round position's partner, read list by list for
/// [`Bracket::guide`].
pub struct Guide<'a> {
    partners: &'a [Option<usize>],
    /// Each round position's place in the list being read; `usize::MAX` between reads.
    list_position: Vec<usize>,
}

impl<'a> Guide<'a> {
    pub fn new(partners: &'a [Option<usize>]) -> Self {
        Guide { partners, list_position: vec![usize::MAX; partners.len()] }
    }

    /// The partners by position in `list` (of round positions), `None` where the partner is not in
    /// the list.
    pub fn for_list(&mut self, list: &[usize]) -> Vec<Option<usize>> {
        for (p, &v) in list.iter().enumerate() {
            self.list_position[v] = p;
        }
        let partners = list
            .iter()
            .map(|&v| self.partners[v].map(|partner| self.list_position[partner]).filter(|&q| q != usize::MAX))
            .collect();
        for &v in list {
            self.list_position[v] = usize::MAX;
        }
        partners
    }
}

/// The bracket being settled.
pub struct Bracket<'a> {
    /// Number of MDPs at the start of the list.
    pub mdps: usize,
    /// End of the bracket (start of the next scoregroup) in the list.
    pub end: usize,
    /// Width of the count fields, for the exchange weights.
    pub count_bits: u32,
    /// The MDPs' scores, in order.
    pub mdp_scores: &'a [Points],
    /// Each position's partner in a recorded pairing being checked (`None` where the record pairs
    /// the player outside the scope, or not at all; [`Guide::for_list`]). It only bounds step 4's
    /// guesses ([`pair_s1_in_order`]): the outcome is the same without it.
    pub guide: Option<&'a [Option<usize>]>,
}

/// The weight of a remainder pair while exchanges are chosen (4.3.2, rules 1–2): the base weight
/// plus 2·(2^(2·bits)·[the upper player is in S1] − the upper player's index in the remainder).
/// Every pair with an S1 player on top outweighs any sum of indices.
fn remainder_weight<W: Weight>(
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    smaller: usize,
    larger: usize,
    index: usize,
    pairs: usize,
    bits: u32,
) -> W {
    let mut w: W = base.get(larger, smaller);
    if !w.is_zero() {
        if index < pairs {
            let mut upper = W::from_u64(1);
            upper.shl_in_place(2 * bits + 1);
            w.add_in_place(&upper);
        }
        w.sub_in_place(&W::from_u64(2 * index as u64));
    }
    w
}

/// Gives `a` the edge weights `changes` (partner, weight) that single out its preferred partner,
/// and re-solves — unless the matching already pairs `a` with the partner whose edge gains the
/// most, strictly more than any other edge of `a` (which gain less, or nothing when unchanged).
/// Every other partner then costs weight, so the current matching stays optimal and the solve
/// is skipped. Only for a decision that is finalized at once: the skipped weights never matter.
fn prefer<W: Weight, S: Scope<W>>(scope: &mut S, a: usize, changes: Vec<(usize, W)>) {
    let mate = scope.mate(a);
    if let Some((_, mate_new)) = changes.iter().find(|(o, _)| *o == mate) {
        let mate_old = scope.weight(a, mate);
        // gain(o) < gain(mate) ⇔ new(o) + old(mate) < new(mate) + old(o); and gain(mate) > 0.
        let keeps = *mate_new > mate_old
            && changes.iter().all(|(o, new)| {
                if *o == mate {
                    return true;
                }
                let mut left = new.clone();
                left.add_in_place(&mate_old);
                let mut right = mate_new.clone();
                right.add_in_place(&scope.weight(a, *o));
                left < right
            });
        if keeps {
            return;
        }
    }
    for (o, w) in changes {
        scope.set_weight(a, o, w);
    }
    scope.solve();
}

/// Settles the bracket. `base` holds the weights already set in the scope; the scope has been
/// solved once. Returns, per position of the bracket, whether the player is paired in it.
///
/// The choices are settled in the order the generation makes them (C.04.3 art. 4; the module
/// documentation lists them), each step starting from the optimum the previous one left.
pub fn settle<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &mut BaseWeights<W, impl Fn(usize, usize) -> W>,
    bracket: &Bracket,
) -> Vec<bool> {
    let mut matched = vec![false; scope.len()];
    choose_paired_mdps(scope, base, bracket, &mut matched);
    fix_mdp_opponents(scope, base, bracket, &mut matched);
    let mut remainder = Remainder::of(scope, bracket);
    let exchanges = weigh_exchanges(scope, base, &mut remainder);
    choose_s1_players_moving_down(scope, base, &remainder, exchanges);
    choose_s2_players_moving_up(scope, base, &remainder, exchanges);
    fix_exchanges(scope, base, &remainder);
    pair_s1_in_order(scope, base, &remainder, &mut matched, bracket.guide);
    matched
}

/// Step 1, which MDPs are paired: as many as can be, the highest scores first (C6/C7), then in
/// pairing order (C.04.3 art. 4.4). Marks them in `matched`; their edges to the residents keep
/// a nudge that holds the choice while the later steps re-solve.
fn choose_paired_mdps<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    bracket: &Bracket,
    matched: &mut [bool],
) {
    let (mdps, end, mdp_scores) = (bracket.mdps, bracket.end, bracket.mdp_scores);
    let resident = |m: usize| (mdps..end).contains(&m);
    // `remaining` counts the MDPs of the current score not yet decided, `remaining_matched` how
    // many of them the optimum pairs.
    let mut moved_down_score = Points::ZERO;
    let mut remaining = 0;
    let mut remaining_matched = 0;
    for i in 0..mdps {
        if i == 0 || mdp_scores[i] < moved_down_score {
            moved_down_score = mdp_scores[i];
            let run = mdp_scores[i..].iter().take_while(|&&s| s >= moved_down_score).count();
            remaining = run;
            remaining_matched = (i..i + run).filter(|&j| resident(scope.mate(j))).count();
        }
        if remaining_matched == 0 {
            continue;
        }
        if remaining <= remaining_matched {
            matched[i] = true;
            continue;
        }
        remaining -= 1;
        if !resident(scope.mate(i)) {
            // Try to pair this MDP.
            for o in mdps..end {
                let mut w: W = base.get(o, i);
                if !w.is_zero() {
                    w.or_u64_in_place(1);
                    scope.set_weight(i, o, w);
                }
            }
            scope.solve();
        }
        if resident(scope.mate(i)) {
            matched[i] = true;
            remaining_matched -= 1;
            for o in mdps..end {
                let mut w: W = base.get(o, i);
                if !w.is_zero() {
                    w.or_u64_in_place((end - mdps) as u64);
                    w.add_in_place(&W::from_u64(1));
                    scope.set_weight(i, o, w);
                }
            }
        }
    }
}

/// Step 2, their opponents: each paired MDP, in order, with the highest-ranked resident possible
/// (S1 and S2 in order, C.04.3 art. 3.3.1, and the transpositions of art. 4.2). Each pair is
/// fixed at once and marked in `matched`.
fn fix_mdp_opponents<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    bracket: &Bracket,
    matched: &mut [bool],
) {
    let (mdps, end) = (bracket.mdps, bracket.end);
    let len = scope.len();
    for i in 0..mdps {
        if !matched[i] {
            continue;
        }
        let mut addend = len as u64;
        let mut changes = Vec::new();
        for o in (mdps..end).rev() {
            if matched[o] {
                continue;
            }
            let mut w: W = base.get(o, i);
            if !w.is_zero() {
                w.add_in_place(&W::from_u64(addend));
                changes.push((o, w));
                addend += 1;
            }
        }
        prefer(scope, i, changes);
        let mate = scope.mate(i);
        matched[mate] = true;
        scope.finalize(i, mate);
    }
}

/// Step 3, the remainder: the residents not paired with an MDP (C.04.3 art. 4.3), by position.
struct Remainder {
    /// The players, in pairing order; the first `pairs` are S1.
    players: Vec<usize>,
    /// The number of pairs the solved matching makes inside the remainder: the size of S1.
    pairs: usize,
    /// End of the bracket (start of the next scoregroup) in the list.
    end: usize,
    /// Width of the count fields, for the exchange weights ([`remainder_weight`]).
    bits: u32,
    /// Whether the remainder's edges hold the exchange weights ([`remainder_weight`]) or, when
    /// no exchange is needed, their base weights ([`weigh_exchanges`]).
    exchange_weighted: bool,
}

impl Remainder {
    /// The remainder once the MDPs' pairs are fixed (step 2).
    fn of<W: Weight, S: Scope<W>>(scope: &S, bracket: &Bracket) -> Self {
        let mut players: Vec<usize> = Vec::new();
        let mut pairs = 0;
        for o in bracket.mdps..bracket.end {
            let mate = scope.mate(o);
            if mate < bracket.mdps {
                continue;
            }
            players.push(o);
            if mate < o {
                pairs += 1;
            }
        }
        Remainder { players, pairs, end: bracket.end, bits: bracket.count_bits, exchange_weighted: false }
    }

    /// Whether the solved matching pairs `p` with a lower-ranked player of the bracket: `p` is in
    /// S1.
    fn upper_paired<W: Weight, S: Scope<W>>(&self, scope: &S, p: usize) -> bool {
        let mate = scope.mate(p);
        mate > p && mate < self.end
    }

    /// The weight the edge from the player at `index` to `o` holds from the exchange step on: its
    /// exchange weight ([`remainder_weight`]), or its base weight when no exchange is needed.
    fn weight<W: Weight>(&self, base: &BaseWeights<W, impl Fn(usize, usize) -> W>, index: usize, o: usize) -> W {
        if self.exchange_weighted {
            remainder_weight(base, self.players[index], o, index, self.pairs, self.bits)
        } else {
            base.get(o, self.players[index])
        }
    }
}

/// Settles the exchanges in the remainder (C.04.3 art. 4.3.2, rules 1–2: the fewest, with the
/// smallest BSN difference) and solves; returns the number of exchanges the optimum makes (the S1
/// players it does not pair downwards).
///
/// Most brackets need none, and that is found without the exchange weights. A remainder pair's
/// exchange weight adds to its base weight an amount that only its upper player sets, below every
/// criterion, and largest for a player of S1 (the first `pairs` players; [`remainder_weight`]):
/// so an optimum needs no exchange when one pairs every S1 player downwards, that is, has only
/// pairs of an S1 and an S2 player in the remainder. The pairs within S1 and within S2 are taken
/// out (as [`fix_exchanges`] takes them out once no exchange is made) and the optimum solved
/// again: if it keeps its value, no exchange is needed. Every optimum left then pairs each S1
/// player with an S2 player (the bracket's pair count is a criterion), so the exchange weights
/// would add the same amount to each of them and change no later choice: the remainder keeps
/// its base weights. Only when the value falls are the exchange weights set and solved.
fn weigh_exchanges<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &mut Remainder,
) -> usize {
    let (players, pairs, bits) = (&remainder.players, remainder.pairs, remainder.bits);
    // The pairs fixed in step 2 are matched already, so this solve only applies them.
    scope.solve();
    let best = scope.total_weight();
    for (j, &p) in players.iter().enumerate() {
        for (k, &o) in players.iter().enumerate().skip(j + 1) {
            if j >= pairs || k < pairs {
                scope.set_weight(p, o, W::zero());
            }
        }
    }
    scope.solve();
    if scope.total_weight() == best {
        return 0;
    }
    remainder.exchange_weighted = true;
    // Every edge with an S1 player on top gains the same amount, less twice the player's index
    // (`remainder_weight`); raising those players' duals by it first keeps the optimum's duals
    // valid, so the solve below re-pairs only the pairs the raise leaves slack (an S1 player not
    // paired downwards: the exchanges), not the whole remainder. Every remainder edge is set
    // again, those just taken out too.
    for (index, &p) in players[..pairs].iter().enumerate() {
        let mut raise = W::from_u64(1);
        raise.shl_in_place(2 * bits + 1);
        raise.sub_in_place(&W::from_u64(2 * index as u64));
        scope.raise_dual(p, &raise);
    }
    let mut row = Vec::with_capacity(players.len());
    for (j, &o) in players.iter().enumerate() {
        // The weights first, then the matcher's, for the cache (as in `base_weights`).
        row.extend((0..j).map(|index| remainder.weight(base, index, o)));
        for (&p, w) in players.iter().zip(row.drain(..)) {
            scope.set_weight(p, o, w);
        }
    }
    scope.solve();
    players[..pairs].iter().filter(|&&p| !remainder.upper_paired(scope, p)).count()
}

/// Which S1 players move to S2 (C.04.3 art. 4.3.2, rule 3: the highest BSNs): try the lowest
/// first. A player that moves loses its downward edges for good.
fn choose_s1_players_moving_down<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &mut BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &Remainder,
    exchanges: usize,
) {
    let players = &remainder.players;
    let mut exchanges_left = exchanges;
    let mut position = remainder.pairs;
    while position > 0 && exchanges_left > 0 {
        position -= 1;
        let p = players[position];
        if remainder.upper_paired(scope, p) {
            for &o in &players[position + 1..] {
                let mut w = remainder.weight(base, position, o);
                if !w.is_zero() {
                    w.sub_in_place(&W::from_u64(1));
                    scope.set_weight(p, o, w);
                }
            }
            scope.solve();
        }
        let exchange = !remainder.upper_paired(scope, p);
        exchanges_left -= usize::from(exchange);
        for &o in &players[position + 1..] {
            if exchange {
                base.clear(o, p);
            }
            scope.set_weight(p, o, remainder.weight(base, position, o));
        }
    }
}

/// Which S2 players move to S1 (C.04.3 art. 4.3.2, rule 4: the lowest BSNs): try the highest
/// first. A player that moves loses its upward edges and those to the next scoregroup for good.
fn choose_s2_players_moving_up<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &mut BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &Remainder,
    exchanges: usize,
) {
    let players = &remainder.players;
    let len = scope.len();
    let mut exchanges_left = exchanges;
    for position in remainder.pairs..players.len() {
        if exchanges_left <= 1 {
            break;
        }
        let p = players[position];
        let already = remainder.upper_paired(scope, p);
        if !already {
            for &o in &players[position + 1..] {
                let mut w = remainder.weight(base, position, o);
                if !w.is_zero() {
                    w.add_in_place(&W::from_u64(1));
                    scope.set_weight(p, o, w);
                }
            }
            scope.solve();
        }
        if remainder.upper_paired(scope, p) {
            exchanges_left -= 1;
            for &o in &players[..position] {
                base.clear(p, o);
                scope.set_weight(p, o, W::zero());
            }
            for o in remainder.end..len {
                base.clear(o, p);
                scope.set_weight(p, o, W::zero());
            }
        }
        if !already {
            for &o in &players[position + 1..] {
                scope.set_weight(p, o, remainder.weight(base, position, o));
            }
        }
    }
}

/// Fix the exchanges: an S1 player pairs only downwards, an S2 player only upwards. The other
/// remainder edges keep their exchange weights: every optimal matching from here on pairs each
/// S1 player downwards in the remainder (the bracket's pair count is a criterion), so the
/// constant on an S1 player's downward edges adds the same amount to every matching left and
/// changes no choice below. Clearing edges only lowers weights, which keeps the last solve's
/// duals, so step 4 starts from its optimum instead of re-pairing the bracket from scratch.
fn fix_exchanges<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &mut BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &Remainder,
) {
    let players = &remainder.players;
    // Who is in S1, read once: clearing edges changes no pairing before the next solve.
    let in_s1: Vec<bool> = players.iter().map(|&p| remainder.upper_paired(scope, p)).collect();
    for (j, &p) in players.iter().enumerate() {
        for (k, &o) in players.iter().enumerate().skip(j + 1) {
            if !in_s1[j] || in_s1[k] {
                base.clear(o, p);
                scope.set_weight(p, o, W::zero());
            }
        }
    }
}

/// Pairs guessed at once at most in step 4 ([`Guesses`]). Round 2 of the 3,000-player Burstein
/// bench event, a Dutch seeding round (docs/burstein.md, "Figures"), took 1.15 s of CPU with 64
/// or 128, 1.2 s with 32, 1.3 s with 16, 1.4 s with 8, 1.6 s with 4 and 3.35 s without guesses.
const MOST_GUESSES: usize = 64;

/// Step 4, who pairs with whom: each S1 player, in order, takes the first S2 player possible
/// (C.04.3 art. 4.2). Each pair is fixed at once and marked in `matched`.
///
/// Where the duals of the last optimum cannot tell the first possible partner (in a large bracket
/// most pairs lie inside one blossom nested hundreds deep), the first candidate they do not rule
/// out is nearly always the one: it is guessed, with the first such candidate of each S1 player
/// after it, and one solve proves or refutes the whole run ([`Scope::finalize_if_optimal`]; each
/// guess is the player's choice once the pairs before it are fixed, every earlier candidate being
/// in no optimum). When a run does not hold, the player's choice takes a solve of its own.
///
/// With a `guide` (a recorded pairing being checked), a run stops before the first guess the
/// record does not make: when the record is right, a run holding that guess cannot hold, since a
/// proven guess is the player's choice under the rules and the record makes another. Such a
/// player is decided by a solve of its own, and the runs between them hold; on 200 players and 11
/// rounds, five runs in six failed without the guide (docs/performance.md, "Step 4's guesses
/// bounded by the record"). A wrong record only shortens the runs: each run tried is proven.
fn pair_s1_in_order<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &Remainder,
    matched: &mut [bool],
    guide: Option<&[Option<usize>]>,
) {
    let players = &remainder.players;
    // The guesses read the duals of an optimum, and the edges the steps before cleared may still
    // be waiting for a solve.
    scope.solve();
    let mut guesses = Guesses::new(MOST_GUESSES);
    for (j, &p) in players.iter().enumerate() {
        if matched[p] || !remainder.upper_paired(scope, p) {
            continue;
        }
        if fix_first_possible_by_exchange(scope, base, &players[j + 1..], p, matched) {
            continue;
        }
        let first_open = first_open(scope, base, &players[j + 1..], p, matched);
        if guesses.count() > 0 {
            let (pairs, settled) = guess(scope, base, remainder, j, matched, guesses.count(), guide);
            if !pairs.is_empty() && scope.finalize_if_optimal(&pairs) {
                matched.copy_from_slice(&settled);
                guesses.held();
                continue;
            }
            // A run the guide stopped before its first guess was not tried.
            if !pairs.is_empty() || guide.is_none() {
                guesses.failed();
            }
        }
        let mut addend = 0u64;
        let mut changes = Vec::new();
        for &o in players[j + 1..].iter().rev() {
            if matched[o] {
                continue;
            }
            // The exchange weight the edge holds, plus the generation-order nudge.
            let mut w = remainder.weight(base, j, o);
            if !w.is_zero() {
                w.add_in_place(&W::from_u64(addend));
                changes.push((o, w));
            }
            addend += 1;
        }
        prefer(scope, p, changes);
        let mate = scope.mate(p);
        if first_open == Some(mate) {
            guesses.would_have_held();
        }
        matched[p] = true;
        matched[mate] = true;
        scope.finalize(p, mate);
    }
}

/// The first candidate among `below` for `p` that the duals of the last solve do not rule out.
fn first_open<W: Weight, S: Scope<W>>(
    scope: &S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    below: &[usize],
    p: usize,
    taken: &[bool],
) -> Option<usize> {
    below.iter().copied().find(|&o| !taken[o] && !base.is_zero(o, p) && !scope.rules_out(p, o))
}

/// A run of up to `count` guesses from the S1 player at `start` in the remainder: each S1 player
/// from there still to pair, in order, with the first candidate the duals do not rule out (and
/// no earlier guess takes), up to a player for whom they rule out all, or, with a `guide`, whose
/// guess the guide does not make. Returns the pairs, and `matched` as it is once they hold.
fn guess<W: Weight, S: Scope<W>>(
    scope: &S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    remainder: &Remainder,
    start: usize,
    matched: &[bool],
    count: usize,
    guide: Option<&[Option<usize>]>,
) -> (Vec<(usize, usize)>, Vec<bool>) {
    let players = &remainder.players;
    let mut settled = matched.to_vec();
    let mut pairs = Vec::new();
    for (j, &p) in players.iter().enumerate().skip(start) {
        if pairs.len() >= count {
            break;
        }
        if settled[p] || !remainder.upper_paired(scope, p) {
            continue;
        }
        let Some(o) = first_open(scope, base, &players[j + 1..], p, &settled) else { break };
        if guide.is_some_and(|guide| guide[p] != Some(o)) {
            break;
        }
        settled[p] = true;
        settled[o] = true;
        pairs.push((p, o));
    }
    (pairs, settled)
}

/// The first candidate among `below` that some optimal matching pairs with `p` is the one: the
/// duals of the last solve rule candidates out, and a swap along tight edges proves one possible,
/// without a solve (most rounds pair this way). Returns whether the pair was fixed so; otherwise
/// a solve decides (step 4).
fn fix_first_possible_by_exchange<W: Weight, S: Scope<W>>(
    scope: &mut S,
    base: &BaseWeights<W, impl Fn(usize, usize) -> W>,
    below: &[usize],
    p: usize,
    matched: &mut [bool],
) -> bool {
    for &o in below {
        if matched[o] || base.is_zero(o, p) {
            continue;
        }
        match scope.finalize_by_exchange(p, o) {
            Exchange::Impossible => continue,
            Exchange::Fixed => {
                matched[p] = true;
                matched[o] = true;
                return true;
            }
            Exchange::Unknown => return false,
        }
    }
    false
}
