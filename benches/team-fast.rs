//! The fast team Swiss engine (C.04.6, 2026 edition) on large events: random tournaments of
//! `TEAMS` teams (default 400) with six boards, paired round after round by
//! `systems::team::engine::pair` from random board results, for `ROUNDS` rounds (default 11).
//! Prints the time of each round and the total. `PRIMARY=gp` makes game points the primary score
//! (many more scoregroups); the default is match points, with game points for colours (1.2.2).
//!
//! `EDITION=2024` pairs under the 2024 edition's criteria.
//!
//! `cargo bench --bench team-fast` (or `TEAMS=1000 ROUNDS=11 SEED=7 cargo bench --bench team-fast`).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use trfcheck::model::Colour;
use trfcheck::systems::team::colour::PreferenceType;
use trfcheck::systems::team::engine;
use trfcheck::systems::team::reference::{Round, Team};
use trfcheck::systems::team::{Edition, Tpn};

/// SplitMix64, so every run pairs the same tournaments.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut mixed = *state;
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^ (mixed >> 31)
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

const BOARDS: u64 = 6;

fn main() {
    let teams = env("TEAMS", 400) as usize;
    let rounds = env("ROUNDS", 11) as u32;
    let mut seed = env("SEED", 1);
    let game_points_primary = std::env::var("PRIMARY").is_ok_and(|p| p == "gp");
    let edition_2024 = std::env::var("EDITION").is_ok_and(|e| e == "2024");
    // Match points (2 win, 1 draw) and game points, in half points.
    let mut mp = vec![0i64; teams];
    let mut gp = vec![0i64; teams];
    let mut played: Vec<Vec<Colour>> = vec![Vec::new(); teams];
    let mut bye_barred = vec![false; teams];
    let mut floated = vec![false; teams];
    let mut barred: BTreeSet<(Tpn, Tpn)> = BTreeSet::new();
    let mut total = Duration::ZERO;
    let mut slowest = Duration::ZERO;
    for number in 1..=rounds {
        let round = Round {
            teams: (0..teams)
                .map(|i| Team {
                    tpn: i as Tpn + 1,
                    score: if game_points_primary { gp[i] } else { mp[i] },
                    virtual_points: 0,
                    secondary: Some(if game_points_primary { mp[i] } else { gp[i] }),
                    played: played[i].clone(),
                    matches_played: played[i].len() as u32,
                    bye_barred: bye_barred[i],
                    floated_previous: floated[i],
                })
                .collect(),
            barred: barred.clone(),
            preferences: PreferenceType::A,
            initial: Colour::White,
            round: number,
            total_rounds: rounds,
            edition: if edition_2024 { Edition::Team2024 } else { Edition::Team2026 },
        };
        let start = Instant::now();
        let Some(pairing) = engine::pair(&round) else {
            println!("round {number}: no legal pairing");
            return;
        };
        let took = start.elapsed();
        // The round-pairing is legal (3.3.1): every team once, no pair that met, the bye to a
        // team [C2] allows.
        let mut seen: Vec<Tpn> = pairing.matches.iter().flat_map(|&(w, b)| [w, b]).chain(pairing.bye).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=teams as Tpn).collect::<Vec<_>>(), "round {number}: not every team once");
        assert!(
            pairing.matches.iter().all(|&(w, b)| !barred.contains(&(w.min(b), w.max(b)))),
            "round {number}: a rematch"
        );
        assert!(pairing.bye.is_none_or(|t| !bye_barred[t as usize - 1]), "round {number}: a second bye");
        total += took;
        slowest = slowest.max(took);
        println!("round {number:2}: {:>9.3} ms, {} matches", took.as_secs_f64() * 1e3, pairing.matches.len());
        let before: Vec<i64> = round.teams.iter().map(|t| t.score).collect();
        let mut next_floated = vec![false; teams];
        for &(white, black) in &pairing.matches {
            let (w, b) = (white as usize - 1, black as usize - 1);
            // 1.5: a floater plays an opponent with a different score.
            next_floated[w] = before[w] != before[b];
            next_floated[b] = before[w] != before[b];
            barred.insert((white.min(black), white.max(black)));
            played[w].push(Colour::White);
            played[b].push(Colour::Black);
            // Each board: White wins, draws or loses, the stronger team (smaller TPN) a little
            // more likely to win.
            let mut halves = 0;
            for _ in 0..BOARDS {
                let r = next_random(&mut seed) % 100;
                let edge = if w < b { 5 } else { 0 };
                halves += if r < 35 + edge {
                    2
                } else if r < 70 {
                    1
                } else {
                    0
                };
            }
            gp[w] += halves;
            gp[b] += 2 * BOARDS as i64 - halves;
            match halves.cmp(&(BOARDS as i64)) {
                std::cmp::Ordering::Greater => mp[w] += 2,
                std::cmp::Ordering::Less => mp[b] += 2,
                std::cmp::Ordering::Equal => {
                    mp[w] += 1;
                    mp[b] += 1;
                }
            }
        }
        if let Some(bye) = pairing.bye {
            let i = bye as usize - 1;
            // 1.4: a drawn match's points.
            mp[i] += 1;
            gp[i] += BOARDS as i64;
            bye_barred[i] = true;
        }
        floated = next_floated;
    }
    println!(
        "{teams} teams, {rounds} rounds, edition {} ({}): total {:.3} s, slowest round {:.3} ms",
        if edition_2024 { 2024 } else { 2026 },
        if game_points_primary { "game points primary" } else { "match points primary" },
        total.as_secs_f64(),
        slowest.as_secs_f64() * 1e3
    );
}
