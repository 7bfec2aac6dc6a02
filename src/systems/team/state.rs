//! The state of a team tournament before a round, as C.04.6 reads it, rebuilt from the matches of
//! the rounds before it (`validate::teams` aggregates the games into matches), and the round's
//! recorded pairing.
//!
//! What each field rests on:
//! - the score (1.2) is the primary score the `192` code names (match points by default), summed
//!   over every earlier round, byes and forfeits included, as the file scores them; the secondary
//!   score likewise, when the code names one (4.2.2);
//! - a team's colours are those of the matches actually played, by the first board (1.6.1): a
//!   forfeited match (330) gives none, and neither does a match whose first-board colour the file
//!   does not give;
//! - [C1]: two teams met when they played a match (a forfeited match does not count, as for
//!   individuals: General Handling Rules, and `state::RoundState::have_met`); 260 records (team
//!   numbers in a team file) add forbidden pairs;
//! - [C2]: a team that had the pairing-allocated bye, won a forfeited match, or had a full-point
//!   bye (240 F) may not have it again (the 2024 text: "scored, without playing, the same score
//!   rewarded for a win", which the same three cover when the PAB is worth a draw); this is C.04.1
//!   art. 4 as `systems::common::bye` writes it for players, read here off the match records (a
//!   team's rounds are matches aggregated from boards, not a player's past rounds);
//! - a floater (1.5) is a team that played a team of another score: a forfeited match makes none
//!   ("plays against"), nor does the bye (no opponent);
//! - the initial-colour (4.1) is the file's (152, XXC), else read back from the first match of the
//!   event by 4.3.1.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Colour, TeamScore, TeamSystemCode, Tournament};
use crate::validate::teams::TeamResults;

use super::colour::PreferenceType;
use super::reference::{Pairing, Round, Team};
use super::{Edition, Tpn};

/// A round of a team tournament, ready to pair and to compare.
#[derive(Clone, Debug)]
pub struct TeamRoundInput {
    pub round: Round,
    /// The recorded pairing: each match as (White, Black) when its colours are known, else in TPN
    /// order (see `colours_known`), and the pairing-allocated bye.
    pub recorded: Pairing,
    /// The recorded matches whose colours the file gives, smaller TPN first.
    pub colours_known: BTreeSet<(Tpn, Tpn)>,
    /// The round each pair of teams met in ([C1]), smaller TPN first.
    pub met_in: BTreeMap<(Tpn, Tpn), u32>,
    /// The pairs a 260 record forbids in this round, smaller TPN first.
    pub forbidden: BTreeSet<(Tpn, Tpn)>,
    /// Where the initial-colour comes from, in words.
    pub initial_source: String,
}

/// The options of the competition, from the `192` code (C.04.6 1.2, 1.7); C.04.6's defaults when
/// the file declares none.
pub fn options(results: &TeamResults) -> TeamSystemCode {
    results.system.clone().unwrap_or(TeamSystemCode {
        colour_type: Some(crate::model::TeamColourType::A),
        primary: TeamScore::MatchPoints,
        secondary: Some(TeamScore::GamePoints),
        baku: false,
    })
}

/// What a team scored in one round: (match points, game points).
fn round_points(results: &TeamResults, round: u32) -> BTreeMap<Tpn, (i64, i64)> {
    let mut points = BTreeMap::new();
    let Some(r) = results.rounds.iter().find(|r| r.round == round) else { return points };
    for m in &r.matches {
        for side in 0..2 {
            points.insert(m.teams[side], (m.match_points[side].tenths(), m.game_points[side].tenths()));
        }
    }
    for b in &r.byes {
        points.insert(b.team, (b.match_points.tenths(), b.game_points.tenths()));
    }
    points
}

/// The state before a round: the round to pair, and what the explanations cite.
#[derive(Clone, Debug)]
pub struct TeamState {
    pub round: Round,
    pub met_in: BTreeMap<(Tpn, Tpn), u32>,
    pub forbidden: BTreeSet<(Tpn, Tpn)>,
    pub initial_source: String,
}

/// Builds the state before `round` and the round's recorded pairing. `Err` says why the round
/// cannot be checked.
pub fn round_input(
    t: &Tournament,
    results: &TeamResults,
    edition: Edition,
    round: u32,
) -> Result<TeamRoundInput, String> {
    let Some(this) = results.rounds.iter().find(|r| r.round == round) else {
        return Err(format!("round {round} has no team matches recorded"));
    };
    let byes: Vec<Tpn> = this.byes.iter().filter(|b| b.kind == "PAB").map(|b| b.team).collect();
    if byes.len() > 1 {
        return Err(format!("round {round} gives the pairing-allocated bye to {} teams", byes.len()));
    }
    let participants: Vec<Tpn> = this.matches.iter().flat_map(|m| m.teams).chain(byes.iter().copied()).collect();
    let state = state_before(t, results, edition, round, &participants);
    let mut recorded = Pairing { matches: Vec::new(), bye: byes.first().copied() };
    let mut colours_known = BTreeSet::new();
    for m in &this.matches {
        let [a, b] = m.teams;
        if m.colours {
            colours_known.insert((a.min(b), a.max(b)));
            recorded.matches.push((a, b));
        } else {
            recorded.matches.push((a.min(b), a.max(b)));
        }
    }
    Ok(TeamRoundInput {
        round: state.round,
        recorded,
        colours_known,
        met_in: state.met_in,
        forbidden: state.forbidden,
        initial_source: state.initial_source,
    })
}

/// The state before `round` for the teams `participants` (those to pair), from the rounds of
/// `results` before it.
pub fn state_before(
    t: &Tournament,
    results: &TeamResults,
    edition: Edition,
    round: u32,
    participants: &[Tpn],
) -> TeamState {
    let code = options(results);
    // Before round 1 is recorded (pairing it), its teams to pair are those given.
    let accelerate = virtual_points(t, results, &code, (round == 1).then_some(participants));
    let score_of = |(mp, gp): (i64, i64), which: TeamScore| match which {
        TeamScore::MatchPoints => mp,
        TeamScore::GamePoints => gp,
    };
    // Scores before each round, for the floats of the previous round.
    let mut totals: BTreeMap<Tpn, (i64, i64)> = results.teams.iter().map(|team| (team.number, (0, 0))).collect();
    let mut before_previous = BTreeMap::new();
    let mut played: BTreeMap<Tpn, Vec<Colour>> = BTreeMap::new();
    let mut matches_played: BTreeMap<Tpn, u32> = BTreeMap::new();
    let mut bye_barred: BTreeSet<Tpn> = BTreeSet::new();
    let mut met_in = BTreeMap::new();
    for earlier in results.rounds.iter().filter(|r| r.round < round) {
        if earlier.round + 1 == round {
            before_previous = totals.clone();
        }
        for m in &earlier.matches {
            let [white, black] = m.teams;
            match m.forfeit.as_deref() {
                Some(kind) => {
                    // [C2]: the winner of a forfeited match.
                    if kind == "+-" {
                        bye_barred.insert(white);
                    } else if kind == "-+" {
                        bye_barred.insert(black);
                    }
                }
                None => {
                    met_in.insert((white.min(black), white.max(black)), earlier.round);
                    *matches_played.entry(white).or_default() += 1;
                    *matches_played.entry(black).or_default() += 1;
                    if m.colours {
                        played.entry(white).or_default().push(Colour::White);
                        played.entry(black).or_default().push(Colour::Black);
                    }
                }
            }
        }
        for b in &earlier.byes {
            if b.kind == "PAB" || b.kind == "F" {
                bye_barred.insert(b.team);
            }
        }
        for (team, points) in round_points(results, earlier.round) {
            let total = totals.entry(team).or_default();
            total.0 += points.0;
            total.1 += points.1;
        }
    }
    // 1.5: floaters of the previous round, by the pairing scores before it. "A floater is a team
    // that plays against an opponent with a different score": a forfeited match was not played.
    let mut floated = BTreeSet::new();
    if let Some(previous) = results.rounds.iter().find(|r| r.round + 1 == round) {
        for m in previous.matches.iter().filter(|m| m.forfeit.is_none()) {
            let [a, b] = m.teams;
            let score = |t: Tpn| {
                before_previous.get(&t).map(|&p| score_of(p, code.primary)).unwrap_or_default()
                    + accelerate(t, round - 1)
            };
            if score(a) != score(b) {
                floated.insert(a);
                floated.insert(b);
            }
        }
    }
    let mut participants = participants.to_vec();
    participants.sort_unstable();
    participants.dedup();
    let teams = participants
        .iter()
        .map(|&tpn| {
            let total = totals.get(&tpn).copied().unwrap_or_default();
            let virtual_points = accelerate(tpn, round);
            Team {
                tpn,
                score: score_of(total, code.primary) + virtual_points,
                virtual_points,
                secondary: code.secondary.map(|which| score_of(total, which)),
                played: played.get(&tpn).cloned().unwrap_or_default(),
                matches_played: matches_played.get(&tpn).copied().unwrap_or_default(),
                bye_barred: bye_barred.contains(&tpn),
                floated_previous: floated.contains(&tpn),
            }
        })
        .collect();
    // 260 records: team numbers in a team file.
    let forbidden = t.forbidden_in(round);
    let mut barred: BTreeSet<(Tpn, Tpn)> = met_in.keys().copied().collect();
    barred.extend(forbidden.iter().copied());
    let (initial, initial_source) = initial_colour(t, results, &code);
    let preferences = match code.colour_type {
        Some(crate::model::TeamColourType::A) => PreferenceType::A,
        Some(crate::model::TeamColourType::B) => PreferenceType::B,
        None => PreferenceType::None,
    };
    let recorded_rounds = results.rounds.iter().map(|r| r.round).max().unwrap_or(round);
    TeamState {
        round: Round {
            teams,
            barred,
            preferences,
            initial,
            round,
            total_rounds: t.header.rounds.unwrap_or(recorded_rounds).max(round),
            edition,
        },
        met_in,
        forbidden,
        initial_source,
    }
}

/// The virtual points of a team in a round, in tenths (C.04.7 1.4–1.5): the 250 records' (team
/// numbers in a team file; their match points when the primary score is match points, else their
/// game points), else, under a `_BAKU` code, the Baku method's: GA is the first half, rounded up to
/// an even number, of the teams paired in round 1 by TPN (1.2), and with it every team up to the
/// last of them (1.3.2); a win's match points in the first half (rounded up) of the accelerated
/// rounds, half of that in the rest (1.4.2–1.4.3), the accelerated rounds being the first half
/// (rounded up) of the event (1.4.1). C.04.7 1.4.4 rules it out with game points as the primary
/// score, which the code grammar refuses.
fn virtual_points<'a>(
    t: &'a Tournament,
    results: &TeamResults,
    code: &TeamSystemCode,
    round_one: Option<&[Tpn]>,
) -> Box<dyn Fn(Tpn, u32) -> i64 + 'a> {
    let primary = code.primary;
    if !t.accelerations.is_empty() {
        return Box::new(move |team, round| {
            t.accelerations
                .iter()
                .filter(|a| a.applies(team, round))
                .map(|a| match primary {
                    TeamScore::MatchPoints => a.match_points.unwrap_or(a.game_points).tenths(),
                    TeamScore::GamePoints => a.game_points.tenths(),
                })
                .sum()
        });
    }
    if !code.baku {
        return Box::new(|_, _| 0);
    }
    let mut in_round_one: Vec<Tpn> = results
        .rounds
        .iter()
        .filter(|r| r.round == 1)
        .flat_map(|r| {
            r.matches.iter().flat_map(|m| m.teams).chain(r.byes.iter().filter(|b| b.kind == "PAB").map(|b| b.team))
        })
        .collect();
    if let Some(teams) = round_one {
        in_round_one = teams.to_vec();
    }
    in_round_one.sort_unstable();
    in_round_one.dedup();
    let group_a = 2 * in_round_one.len().div_ceil(4);
    let last_of_group_a = group_a.checked_sub(1).and_then(|last| in_round_one.get(last)).copied().unwrap_or(0);
    let rounds = t.header.rounds.unwrap_or(results.rounds.len() as u32);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let win = results.match_scoring[0].tenths();
    Box::new(move |team, round| {
        if team > last_of_group_a || round > accelerated {
            0
        } else if round <= full {
            win
        } else {
            win / 2
        }
    })
}

/// The initial-colour (4.1): the file's 152/XXC, else read back through 4.3.1 from the first match
/// played between two teams that had not played before — its first-team (4.2: higher score, then
/// smaller TPN) had the initial-colour when its TPN is odd.
fn initial_colour(t: &Tournament, results: &TeamResults, code: &TeamSystemCode) -> (Colour, String) {
    if let Some(colour) = t.header.initial_colour {
        return (colour, "declared (152/XXC)".into());
    }
    let mut seen: BTreeSet<Tpn> = BTreeSet::new();
    let mut totals: BTreeMap<Tpn, (i64, i64)> = BTreeMap::new();
    for r in &results.rounds {
        let mut firsts: Vec<(Tpn, Colour)> = Vec::new();
        for m in r.matches.iter().filter(|m| m.forfeit.is_none() && m.colours) {
            let [white, black] = m.teams;
            if seen.contains(&white) || seen.contains(&black) {
                continue;
            }
            let key = |tpn: Tpn| {
                let (mp, gp) = totals.get(&tpn).copied().unwrap_or_default();
                let primary = if code.primary == TeamScore::MatchPoints { mp } else { gp };
                let secondary = match code.secondary {
                    Some(TeamScore::MatchPoints) => mp,
                    Some(TeamScore::GamePoints) => gp,
                    None => 0,
                };
                (std::cmp::Reverse(primary), std::cmp::Reverse(secondary), tpn)
            };
            let (first, colour) =
                if key(white) <= key(black) { (white, Colour::White) } else { (black, Colour::Black) };
            firsts.push((first, colour));
        }
        if let Some(&(first, colour)) = firsts.iter().min_by_key(|(first, _)| *first) {
            let initial = if first % 2 == 1 { colour } else { colour.opposite() };
            return (initial, format!("read from round {}: team {first} had {colour} by 4.3.1", r.round));
        }
        for m in r.matches.iter().filter(|m| m.forfeit.is_none()) {
            seen.extend(m.teams);
        }
        for (team, points) in round_points(results, r.round) {
            let total = totals.entry(team).or_default();
            total.0 += points.0;
            total.1 += points.1;
        }
    }
    (Colour::White, "no match tells it; White assumed".into())
}
