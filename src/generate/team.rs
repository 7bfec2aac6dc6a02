//! `trfcheck generate` for the team systems (C.04.6): complete multi-board team
//! tournaments, paired round by round by trfcheck's team engine and written as TRF-2026 team files
//! (001 players, 310 teams, 320 pairing-allocated byes, 330 forfeited matches, 240 team byes, 352
//! board colours, 362 match scoring), so that `check` re-pairs exactly what was paired here.
//!
//! What is random (the rates of the individual generator, applied to teams and boards):
//! - `--players` teams of `--boards` players and one reserve; ratings as for individuals; teams in
//!   TPN order by the mean rating of their first `--boards` players (the competition's rule, 1.1);
//!   each team's players in rating order, which is the board order;
//! - before each round, a team withdraws (from round 2 on) with the withdrawal rate (its players
//!   `0000 - Z` from then on), or asks for a bye with the bye rate: `240 H` three times in four,
//!   else `240 Z`, or now and then `240 F` (a full-point bye, which bars the pairing-allocated bye,
//!   C2);
//! - each match: forfeited as a whole (330) with a quarter of the forfeit rate; else the reserve
//!   plays instead of one of the others one match in five, and each board is played or forfeited
//!   as an individual game is;
//! - the pairing-allocated bye is worth a drawn match (1.4): 1 match point and half the boards in
//!   game points (320).

use std::collections::BTreeSet;

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::{DOUBLE_FORFEIT_SHARE, GenerateError, GenerateOptions, RatingRange, Streams, next_day, start_date};
use crate::model::{
    Acceleration, Colour, DateText, Header, Player, PlayerId, Points, RequestedBye, RequestedByeKind, ResultCode,
    RoundEntry, Team, TeamForfeit, TeamPab, TeamRecords, TeamScoring, TeamSystemCode, Tournament, VerbatimRecord,
};
use crate::systems::team::Tpn;
use crate::systems::team::reference::{Pairing, Round};

/// The most teams and boards generated (TRF's team number has three columns).
pub const MAX_TEAMS: u32 = 999;
pub const MAX_BOARDS: u32 = 20;

/// Checks the options of a team event.
pub fn check_options(options: &GenerateOptions) -> Result<(), GenerateError> {
    let invalid = |option: &'static str, reason: String| Err(GenerateError::InvalidOption { option, reason });
    if !(2..=MAX_TEAMS).contains(&options.players) {
        return invalid("--players", format!("{}: a team event has 2 to {MAX_TEAMS} teams", options.players));
    }
    if !(1..=MAX_BOARDS).contains(&options.boards) {
        return invalid("--boards", format!("{}: expected 1 to {MAX_BOARDS} boards", options.boards));
    }
    if !(1..=super::MAX_ROUNDS).contains(&options.rounds) {
        return invalid("--rounds", format!("{}: expected 1 to {} rounds", options.rounds, super::MAX_ROUNDS));
    }
    for (option, rate) in [
        ("--draw-rate", options.draw_rate),
        ("--forfeit-rate", options.forfeit_rate),
        ("--bye-rate", options.bye_rate),
        ("--withdraw-rate", options.withdraw_rate),
    ] {
        if !(0.0..=1.0).contains(&rate) {
            return invalid(option, format!("{rate} is not a probability from 0 to 1"));
        }
    }
    match TeamSystemCode::parse(&options.team_code) {
        Some(Ok(_)) => {}
        Some(Err(error)) => return invalid("--team-code", format!("{}: {error}", options.team_code)),
        None => return invalid("--team-code", format!("{}: not a FIDE_TEAM code of C.04.6", options.team_code)),
    }
    let RatingRange { lowest, highest } = options.ratings;
    if lowest == 0 || lowest > highest || highest > 9999 {
        return invalid("--ratings", format!("{lowest}-{highest}; expected 1 ≤ LOW ≤ HIGH ≤ 9999"));
    }
    if options.scoring != super::Scoring::FIDE {
        return invalid("--points", "a team event scores its boards 1, ½, 0 (its matches by 362)".into());
    }
    Ok(())
}

/// What pairs a round of a team tournament: the tournament so far (the round's team byes and
/// absences marked), the round as the system reads it, and its number. `generate` pairs with the
/// team engine, `crosscheck` with another program.
pub type TeamPairer<'a> = dyn FnMut(&Tournament, &Round, u32) -> Result<Pairing, GenerateError> + 'a;

/// Generates a team tournament: every round paired by the team engine of `options.system`.
pub fn generate(options: &GenerateOptions) -> Result<Tournament, GenerateError> {
    let system = options.system;
    generate_with(options, &mut |_: &Tournament, round: &Round, number: u32| {
        crate::systems::team::engine::pair(round).ok_or(GenerateError::NoValidPairing { system, round: number })
    })
}

/// Generates a team tournament whose rounds `pair` pairs; the teams, absences and results are
/// drawn as [`generate`] draws them, and a pairing that is not one of the round's teams is an
/// [`GenerateError::EngineFault`].
pub fn generate_with(options: &GenerateOptions, pair: &mut TeamPairer<'_>) -> Result<Tournament, GenerateError> {
    options.check()?;
    let system = options.system;
    let edition = crate::systems::team::Edition::of(system).ok_or(GenerateError::Unsupported(system))?;
    let mut streams = Streams::new(options.seed);
    let mut t = skeleton(options, &mut streams.players);
    let teams = options.players;
    let mut withdrawn: BTreeSet<Tpn> = BTreeSet::new();
    for round in 1..=options.rounds {
        let participants = absences(&mut t, round, options, &mut streams.attendance, &mut withdrawn);
        if round == 1 {
            baku_records(&mut t, options, &participants);
        }
        let Some((results, _)) = crate::validate::teams::team_results(&t) else {
            return Err(GenerateError::EngineFault { system, round, problem: "not a team tournament".into() });
        };
        let state = crate::systems::team::state::state_before(&t, &results, edition, round, &participants);
        let pairing = pair(&t, &state.round, round)?;
        check_pairing(&participants, &pairing).map_err(|problem| GenerateError::EngineFault {
            system,
            round,
            problem,
        })?;
        play(&mut t, round, &pairing, options, &mut streams.games);
        tracing::debug!(round, matches = pairing.matches.len(), teams, "generated");
    }
    standings(&mut t);
    if let Some(list) = &options.tie_breaks {
        super::ranks_under(&mut t, list)?;
    }
    Ok(t)
}

fn skeleton(options: &GenerateOptions, rng: &mut ChaCha8Rng) -> Tournament {
    let RatingRange { lowest, highest } = options.ratings;
    let size = options.boards + 1;
    // Each team's ratings, best first; teams by the mean of their first `boards`, best first.
    let mut rosters: Vec<Vec<u32>> = (0..options.players)
        .map(|_| {
            let mut ratings: Vec<u32> =
                (0..size).map(|_| (0..3).map(|_| rng.random_range(lowest..=highest)).sum::<u32>() / 3).collect();
            ratings.sort_unstable_by(|a, b| b.cmp(a));
            ratings
        })
        .collect();
    let strength = |r: &Vec<u32>| r.iter().take(options.boards as usize).map(|&x| u64::from(x)).sum::<u64>();
    rosters.sort_by_key(|r| std::cmp::Reverse(strength(r)));
    let initial_colour = if rng.random::<bool>() { Colour::White } else { Colour::Black };
    let mut players = Vec::new();
    let mut teams = Vec::new();
    for (index, ratings) in rosters.iter().enumerate() {
        let number = index as u32 + 1;
        let mut members = Vec::new();
        for &rating in ratings {
            let id = players.len() as PlayerId + 1;
            members.push(id);
            players.push(Player {
                id,
                name: format!("Player {id:04}"),
                rating: Some(rating),
                rounds: vec![RoundEntry::BLANK; options.rounds as usize],
                ..Player::default()
            });
        }
        teams.push(Team {
            number,
            name: format!("Team {number:03}"),
            nickname: Some(format!("T{number:03}")),
            strength: Some((strength(ratings) / u64::from(options.boards)).to_string()),
            match_points: None,
            game_points: None,
            rank: None,
            members,
        });
    }
    let start = start_date(options.system);
    let mut round_dates = Vec::new();
    let mut day = start;
    for round in 1..=options.rounds {
        if round > 1 {
            day = next_day(day);
        }
        round_dates.push(Some(DateText::Date(day)));
    }
    let board_colours: String = (0..options.boards).map(|board| if board % 2 == 0 { 'W' } else { 'B' }).collect();
    let header = Header {
        name: Some(format!("Random team tournament {} ({})", options.seed, options.system)),
        start_date: Some(DateText::Date(start)),
        end_date: Some(DateText::Date(day)),
        number_of_players: Some(players.len().to_string()),
        number_of_teams: Some(options.players.to_string()),
        tournament_type: Some("Team: Swiss-System".to_owned()),
        round_dates,
        rounds: Some(options.rounds),
        initial_colour: Some(initial_colour),
        pairing_controller: Some("trfcheck generate".to_owned()),
        system_code: Some(options.team_code.clone()),
        ..Header::default()
    };
    Tournament {
        header,
        players,
        teams,
        team_records: TeamRecords {
            pab: Some(TeamPab {
                match_points: Some(Points::ONE),
                game_points: Some(Points::from_tenths(i64::from(options.boards) * 5)),
                teams: vec![None; options.rounds as usize],
            }),
            board_colours: Some(board_colours),
            scoring: Some(TeamScoring { win: Points::whole(2), draw: Points::ONE, loss: Points::ZERO }),
            ..TeamRecords::default()
        },
        verbatim: vec![VerbatimRecord { text: format!("### {}", options.command_line()) }],
        ..Tournament::default()
    }
}

/// Under a `_BAKU` code, the virtual points of the Baku method written out as 250 records (as the
/// TEC's own sample does), so that a reader that does not compute them from the code pairs the same:
/// GA is the first half, rounded up to an even number, of the teams paired in round 1 (C.04.7 1.2);
/// a win's match points in the first half of the accelerated rounds, a draw's in the rest (1.4).
fn baku_records(t: &mut Tournament, options: &GenerateOptions, round_one: &[Tpn]) {
    if !TeamSystemCode::parse(&options.team_code).and_then(Result::ok).is_some_and(|code| code.baku) {
        return;
    }
    let group_a = 2 * round_one.len().div_ceil(4);
    let Some(&last) = group_a.checked_sub(1).and_then(|at| round_one.get(at)) else { return };
    let accelerated = options.rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    for (points, first_round, last_round) in [(Points::whole(2), 1, full), (Points::ONE, full + 1, accelerated)] {
        if first_round <= last_round {
            t.accelerations.push(Acceleration {
                match_points: Some(points),
                game_points: Points::ZERO,
                first_round,
                last_round,
                first_player: 1,
                last_player: last,
            });
        }
    }
}

/// Withdrawals and team byes known before `round` is paired; the teams to pair.
fn absences(
    t: &mut Tournament,
    round: u32,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
    withdrawn: &mut BTreeSet<Tpn>,
) -> Vec<Tpn> {
    let mut withdrawals = Vec::new();
    let mut byes = Vec::new();
    for team in 1..=options.players {
        if withdrawn.contains(&team) {
            continue;
        }
        let (leave, ask, kind) = (rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>());
        if round > 1 && leave < options.withdraw_rate {
            withdrawals.push(team);
        } else if ask < options.bye_rate {
            let kind = if kind < 0.75 {
                RequestedByeKind::Half
            } else if kind < 0.9 {
                RequestedByeKind::Zero
            } else {
                RequestedByeKind::Full
            };
            byes.push((team, kind));
        }
    }
    let present = options.players as usize - withdrawn.len();
    while present - withdrawals.len() - byes.len() < 2 {
        if byes.pop().is_none() && withdrawals.pop().is_none() {
            break;
        }
    }
    let at = round as usize - 1;
    for &team in &withdrawals {
        withdrawn.insert(team);
        for &member in &t.teams[team as usize - 1].members {
            for entry in &mut t.players[member as usize - 1].rounds[at..] {
                *entry = RoundEntry::bye(ResultCode::ZeroPointBye);
            }
        }
    }
    for &(team, kind) in &byes {
        t.requested_byes.push(RequestedBye { kind, round, players: vec![team] });
    }
    let asked: BTreeSet<Tpn> = byes.iter().map(|&(team, _)| team).collect();
    (1..=options.players).filter(|team| !withdrawn.contains(team) && !asked.contains(team)).collect()
}

/// Every team to pair in exactly one match or the bye, and nobody else.
fn check_pairing(participants: &[Tpn], pairing: &Pairing) -> Result<(), String> {
    let mut seen: Vec<Tpn> = pairing.matches.iter().flat_map(|&(w, b)| [w, b]).chain(pairing.bye).collect();
    seen.sort_unstable();
    let mut expected = participants.to_vec();
    expected.sort_unstable();
    if seen == expected { Ok(()) } else { Err(format!("it pairs {seen:?}, the teams to pair are {expected:?}")) }
}

fn play(t: &mut Tournament, round: u32, pairing: &Pairing, options: &GenerateOptions, rng: &mut ChaCha8Rng) {
    let at = round as usize - 1;
    if let Some(bye) = pairing.bye
        && let Some(pab) = t.team_records.pab.as_mut()
    {
        pab.teams[at] = Some(bye);
    }
    let boards = options.boards as usize;
    for &(white, black) in &pairing.matches {
        // Every match draws the same numbers whatever the rates, to keep the stream aligned.
        let (forfeit, who, reserve, replaced) =
            (rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>(), rng.random_range(0..boards));
        let fielded = |team: Tpn| -> Vec<PlayerId> {
            let members = &t.teams[team as usize - 1].members;
            let mut lineup: Vec<PlayerId> = members.iter().take(boards).copied().collect();
            if reserve < 0.2 {
                lineup.remove(replaced);
                lineup.extend(members.get(boards).copied());
            }
            lineup
        };
        if forfeit < options.forfeit_rate / 4.0 {
            let kind = if who < DOUBLE_FORFEIT_SHARE {
                "--"
            } else if who < DOUBLE_FORFEIT_SHARE + (1.0 - DOUBLE_FORFEIT_SHARE) / 2.0 {
                "+-"
            } else {
                "-+"
            };
            t.team_records.forfeits.push(TeamForfeit { kind: kind.to_owned(), round, white, black });
            for (team, wins) in [(white, kind == "+-"), (black, kind == "-+")] {
                let code = if wins { ResultCode::ForfeitWin } else { ResultCode::ForfeitLoss };
                for id in fielded(team) {
                    t.players[id as usize - 1].rounds[at] = RoundEntry::bye(code);
                }
            }
            continue;
        }
        let (white_lineup, black_lineup) = (fielded(white), fielded(black));
        for (board, (&w, &b)) in white_lineup.iter().zip(&black_lineup).enumerate() {
            // 352 `WB…`: the white team's player has White on the odd boards (1, 3, …).
            let (first, second) = if board % 2 == 0 { (w, b) } else { (b, w) };
            // The team generator's draws come in this order: forfeit, result, who.
            let (forfeit, result, who) = (rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>());
            let rating = |id: PlayerId| t.players[id as usize - 1].rating.unwrap_or(0);
            let (first_result, second_result) =
                super::game_result([forfeit, who, result], [rating(first), rating(second)], options);
            t.players[first as usize - 1].rounds[at] = RoundEntry::game(second, Colour::White, first_result);
            t.players[second as usize - 1].rounds[at] = RoundEntry::game(first, Colour::Black, second_result);
        }
    }
}

/// The players' points, and the teams' match and game points (310) from the matches.
fn standings(t: &mut Tournament) {
    super::standings(t);
    if let Some((results, _)) = crate::validate::teams::team_results(t) {
        for total in &results.teams {
            if let Some(team) = t.teams.iter_mut().find(|team| team.number == total.number) {
                team.match_points = Some(total.match_points);
                team.game_points = Some(total.game_points);
            }
        }
        // Ranked by the primary score, then the secondary, as the 192 code names them (C.04.6
        // 1.2.1; match points, then game points, when it names none).
        use crate::model::team::TeamScore;
        let (primary, secondary) = results
            .system
            .as_ref()
            .map_or((TeamScore::MatchPoints, Some(TeamScore::GamePoints)), |code| (code.primary, code.secondary));
        let value = |team: &crate::model::Team, score: TeamScore| match score {
            TeamScore::MatchPoints => team.match_points.unwrap_or_default(),
            TeamScore::GamePoints => team.game_points.unwrap_or_default(),
        };
        let points: Vec<(Points, Points)> = t
            .teams
            .iter()
            .map(|team| (value(team, primary), secondary.map_or(Points::ZERO, |score| value(team, score))))
            .collect();
        for (team, mine) in t.teams.iter_mut().zip(&points) {
            team.rank = Some(1 + points.iter().filter(|other| *other > mine).count() as u32);
        }
    }
}
