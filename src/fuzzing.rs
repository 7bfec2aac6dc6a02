//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*`), here so that `cargo test` can replay
//! every corpus file through exactly the same code on stable Rust.

use std::path::Path;

use crate::formats::{self, ReadOptions};
use crate::model::{Points, Tournament};
use crate::report::{CheckReport, RoundStatus};
use crate::systems::SystemId;
use crate::verify::{self, CheckOptions};

/// Reads any bytes as the CLI would (format detection, TRF or crosstable reader), then runs the
/// cross-checks and the system resolution. Must never panic.
pub fn read_any(data: &[u8]) {
    for lenient in [false, true] {
        let loaded =
            formats::read_bytes(Path::new("fuzz-input"), data, ReadOptions { lenient, ..ReadOptions::default() });
        if let Some(tournament) = &loaded.tournament {
            let _ = crate::validate::validate(tournament);
            if let Ok(resolved) = crate::systems::resolve(tournament, None) {
                let _ = crate::systems::of(resolved.system).validate(tournament);
            }
            for diagnostic in &loaded.diagnostics {
                let _ = crate::diagnostics::render::render(
                    "fuzz-input",
                    Some(&loaded.source),
                    diagnostic,
                    Default::default(),
                );
            }
        }
    }
}

/// Reads, writes TRF-2026, and reads again: when the first read is clean and everything fitted its
/// columns, the second read must be clean and give the same tournament.
pub fn round_trip(data: &[u8]) {
    if let Some((first, second)) = round_trip_pair(data) {
        assert_eq!(first, second, "write → read changed the tournament");
    }
}

/// The tournament before and after a write → read, when the round trip applies.
pub fn round_trip_pair(data: &[u8]) -> Option<(Tournament, Tournament)> {
    let loaded = formats::read_bytes(Path::new("fuzz-input"), data, ReadOptions::default());
    let tournament = loaded.valid_tournament()?;
    let (text, warnings) = formats::trf::write(tournament);
    if !warnings.is_empty() {
        return None;
    }
    let again = formats::read_bytes(Path::new("written"), text.as_bytes(), ReadOptions::default());
    assert!(!again.diagnostics.has_errors(), "the written TRF does not read cleanly: {:?}\n{text}", again.diagnostics);
    Some((tournament.clone(), again.tournament.expect("a written TRF is a TRF")))
}

/// The bytes of a fuzz input, read front to back; zeros once they run out, so that every input,
/// however short, decodes to a tournament.
struct Bytes<'a> {
    data: &'a [u8],
}

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// A number in `low..=high`.
    fn range(&mut self, low: u32, high: u32) -> u32 {
        low + u32::from(self.byte()) % (high - low + 1)
    }

    /// One of `items`.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::from(self.byte()) % items.len()]
    }

    /// A probability in steps of 1/255, at most `max`.
    fn rate(&mut self, max: f64) -> f64 {
        f64::from(self.byte()) / 255.0 * max
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |value, _| value << 8 | u64::from(self.byte()))
    }
}

/// The most players and rounds `check_engines` builds: small enough that the eight systems check
/// a tournament in milliseconds (CI stops an input after 10 s), large enough for score groups,
/// floaters, byes and rematches.
pub const ENGINE_INPUT_PLAYERS: u32 = 16;
/// See [`ENGINE_INPUT_PLAYERS`].
pub const ENGINE_INPUT_ROUNDS: u32 = 6;

/// A small tournament built from fuzz bytes.
pub struct EngineInput {
    /// The tournament as TRF-2026, as the writer writes it.
    pub trf: String,
    /// Read with `--lenient`.
    pub lenient: bool,
    /// The system under which it must check clean: that of a generated tournament left as its
    /// engine paired it.
    pub clean_under: Option<SystemId>,
}

/// Decodes fuzz bytes into a tournament. The first byte chooses how:
/// - even: `generate` makes it (system, size, seed, rates, ratings and the FMJD options from the
///   bytes), then up to three changes are made to its rounds, each kept consistent on both sides of
///   a game: two boards swap opponents, a game changes colours or result (forfeits, a double
///   forfeit, a game left without a result), or a game becomes byes;
/// - odd: the rounds are made from the bytes directly: who is absent (a zero-, half- or full-point
///   bye, or a withdrawal), who meets whom (rematches allowed), colours and results, and the
///   pairing-allocated bye for the odd one out; ratings may tie or be missing.
///
/// Then, from the bytes, the Points column may be left stale or the declared rounds too few (both
/// recoverable: read leniently they are warnings, and the engines still run). `None` when
/// `generate` finds no pairing for a round (a small field with many rounds).
pub fn engine_input(data: &[u8]) -> Option<EngineInput> {
    let mut bytes = Bytes { data };
    let mode = bytes.byte();
    let lenient = mode & 2 != 0;
    let (mut t, mut clean_under) = if mode & 1 == 0 {
        let (mut t, system) = generated(&mut bytes)?;
        let changes = bytes.range(0, 3);
        for _ in 0..changes {
            change(&mut t, &mut bytes);
        }
        (t, (changes == 0).then_some(system))
    } else {
        (built(&mut bytes), None)
    };
    let points: Vec<Points> =
        t.players.iter().map(|p| (1..=p.rounds.len() as u32).map(|round| t.round_points(p, round)).sum()).collect();
    for (player, points) in t.players.iter_mut().zip(points) {
        player.points = Some(points);
    }
    match bytes.range(0, 15) {
        0 => {
            // A stale total: points-mismatch, recoverable.
            if let Some(player) = t.players.first_mut() {
                player.points = Some(player.points.unwrap_or_default() + Points::ONE);
                clean_under = None;
            }
        }
        1 => {
            // Fewer rounds declared than played: too-many-rounds, recoverable.
            t.header.rounds = Some(t.rounds_paired().saturating_sub(1).max(1));
            clean_under = None;
        }
        _ => {}
    }
    let (trf, _) = formats::trf::write(&t);
    Some(EngineInput { trf, lenient, clean_under })
}

/// A generated tournament, and the system that paired it.
fn generated(bytes: &mut Bytes<'_>) -> Option<(Tournament, SystemId)> {
    use crate::generate::{GenerateOptions, RatingRange, Scoring};
    use crate::model::{AccelerationMethod, ColourPreference, DraughtsOptions};
    let system = bytes.pick(SystemId::INDIVIDUAL);
    let players = bytes.range(2, ENGINE_INPUT_PLAYERS);
    let rounds = bytes.range(1, ENGINE_INPUT_ROUNDS);
    let mut options = GenerateOptions::new(system, players, rounds, bytes.u64());
    options.draw_rate = bytes.rate(1.0);
    options.forfeit_rate = bytes.rate(0.3);
    options.bye_rate = bytes.rate(0.3);
    options.withdraw_rate = bytes.rate(0.2);
    options.scoring =
        bytes.pick(&[Scoring::FIDE, Scoring { win: Points::whole(2), draw: Points::ONE, loss: Points::ZERO }]);
    // A narrow range ties ratings (ties in the order are where the rules say least).
    let lowest = 1000 + 4 * u32::from(bytes.byte());
    options.ratings = RatingRange { lowest, highest: lowest + 4 * u32::from(bytes.byte()) };
    if system.is_fmjd() {
        options.organiser.draughts = DraughtsOptions {
            floats: Some(bytes.byte() & 1 == 0),
            colour_preference: Some(bytes.pick(&[
                ColourPreference::None,
                ColourPreference::Weak,
                ColourPreference::Strong,
            ])),
            acceleration: Some(bytes.pick(&[
                AccelerationMethod::None,
                AccelerationMethod::FourGroups,
                AccelerationMethod::Haley,
            ])),
            bye_points: bytes.pick(&[None, Some(Points::ONE), Some(Points::ZERO)]),
        };
    }
    Some((crate::generate::generate(&options).ok()?, system))
}

fn built(bytes: &mut Bytes<'_>) -> Tournament {
    use crate::model::{Colour, Header, Player, PointSystem, ResultCode, RoundEntry};
    let players = bytes.range(2, ENGINE_INPUT_PLAYERS);
    let rounds = bytes.range(1, ENGINE_INPUT_ROUNDS);
    let draughts = bytes.byte() & 1 == 1;
    let mut t = Tournament {
        header: Header {
            name: Some("fuzz".to_owned()),
            rounds: Some(rounds),
            initial_colour: bytes.pick(&[None, Some(Colour::White), Some(Colour::Black)]),
            ..Header::default()
        },
        point_system: if draughts { PointSystem::draughts() } else { PointSystem::fide() },
        point_system_declared: draughts,
        ..Tournament::default()
    };
    for id in 1..=players {
        let rating = match bytes.byte() {
            0..=15 => None,
            b => Some(1000 + 8 * u32::from(b / 4)),
        };
        t.players.push(Player {
            id,
            name: format!("Player {id}"),
            rating,
            rounds: vec![RoundEntry::BLANK; rounds as usize],
            ..Player::default()
        });
    }
    let mut withdrawn = vec![false; players as usize];
    for at in 0..rounds as usize {
        let mut present = Vec::new();
        for (index, (player, gone)) in t.players.iter_mut().zip(&mut withdrawn).enumerate() {
            let absence = if *gone {
                ResultCode::ZeroPointBye
            } else {
                match bytes.byte() % 32 {
                    0 => ResultCode::ZeroPointBye,
                    1 => ResultCode::HalfPointBye,
                    2 => ResultCode::FullPointBye,
                    3 => {
                        *gone = true;
                        ResultCode::ZeroPointBye
                    }
                    _ => {
                        present.push(index);
                        continue;
                    }
                }
            };
            player.rounds[at] = RoundEntry::bye(absence);
        }
        while present.len() >= 2 {
            let first = present.remove(0);
            let second = present.remove(usize::from(bytes.byte()) % present.len());
            let (white, black) = if bytes.byte() & 1 == 0 { (first, second) } else { (second, first) };
            let (white_result, black_result) = result(bytes.byte());
            t.players[white].rounds[at] = RoundEntry::game(black as u32 + 1, Colour::White, white_result);
            t.players[black].rounds[at] = RoundEntry::game(white as u32 + 1, Colour::Black, black_result);
        }
        if let Some(&last) = present.first() {
            t.players[last].rounds[at] = RoundEntry::bye(ResultCode::PairingAllocatedBye);
        }
    }
    t
}

/// A game's two results: mostly played, sometimes forfeited (one side or both), rarely pending.
fn result(byte: u8) -> (crate::model::ResultCode, crate::model::ResultCode) {
    use crate::model::ResultCode::{Blank, Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    match byte % 16 {
        0..=4 => (Win, Loss),
        5..=9 => (Loss, Win),
        10..=12 => (Draw, Draw),
        13 => (ForfeitWin, ForfeitLoss),
        14 => (ForfeitLoss, ForfeitLoss),
        _ => (Blank, Blank),
    }
}

/// One change to a round of a generated tournament, kept consistent on both sides of each game.
fn change(t: &mut Tournament, bytes: &mut Bytes<'_>) {
    use crate::model::{Colour, ResultCode, RoundEntry};
    let rounds = t.rounds_paired();
    if rounds == 0 {
        return;
    }
    let at = bytes.range(0, rounds - 1) as usize;
    // The games of the round, as (white index, black index).
    let games: Vec<(usize, usize)> = t
        .players
        .iter()
        .enumerate()
        .filter_map(|(index, p)| {
            let entry = p.rounds.get(at)?;
            let opponent = entry.opponent? as usize - 1;
            (entry.colour == Some(Colour::White) && opponent < t.players.len()).then_some((index, opponent))
        })
        .collect();
    if games.is_empty() {
        return;
    }
    let (white, black) = games[usize::from(bytes.byte()) % games.len()];
    let entry = |t: &Tournament, index: usize| t.players[index].rounds[at];
    match bytes.byte() % 4 {
        0 => {
            // Two boards swap their black players.
            let (other_white, other_black) = games[usize::from(bytes.byte()) % games.len()];
            if other_white == white {
                return;
            }
            let (a, b) = (entry(t, black), entry(t, other_black));
            t.players[white].rounds[at].opponent = Some(other_black as u32 + 1);
            t.players[other_black].rounds[at] = RoundEntry { opponent: Some(white as u32 + 1), ..b };
            t.players[other_white].rounds[at].opponent = Some(black as u32 + 1);
            t.players[black].rounds[at] = RoundEntry { opponent: Some(other_white as u32 + 1), ..a };
        }
        1 => {
            // The colours change sides.
            t.players[white].rounds[at].colour = Some(Colour::Black);
            t.players[black].rounds[at].colour = Some(Colour::White);
        }
        2 => {
            let (white_result, black_result) = result(bytes.byte());
            t.players[white].rounds[at].result = white_result;
            t.players[black].rounds[at].result = black_result;
        }
        _ => {
            // The game becomes byes (two pairing-allocated byes in a round is an error, kept).
            let codes = [ResultCode::PairingAllocatedBye, ResultCode::HalfPointBye, ResultCode::ZeroPointBye];
            t.players[white].rounds[at] = RoundEntry::bye(bytes.pick(&codes));
            t.players[black].rounds[at] = RoundEntry::bye(bytes.pick(&codes));
        }
    }
}

/// Builds a small tournament from the bytes ([`engine_input`]) and runs the whole `check` on it
/// under every system: nothing may panic, the report must be well formed (JSON, text and the
/// checker layout render; its summary agrees with its rounds), and a generated tournament left as
/// its engine paired it must check clean under that engine's system.
pub fn check_engines(data: &[u8]) {
    let Some(input) = engine_input(data) else { return };
    for system in SystemId::ALL {
        let options = CheckOptions {
            system: Some(system.into()),
            read: ReadOptions { lenient: input.lenient, ..ReadOptions::default() },
            jobs: Some(1),
            ..CheckOptions::default()
        };
        let (_, report) = verify::check_bytes(Path::new("fuzz.trf"), input.trf.as_bytes(), &options);
        assert_well_formed(&report);
        if input.clean_under == Some(system) {
            assert!(
                report.status == crate::exit::Status::Ok
                    && report.rounds.iter().all(|r| r.status == RoundStatus::Match),
                "a generated tournament does not check clean under {system}: {:?}\n{}",
                report.rounds,
                input.trf
            );
        }
    }
}

/// A report that renders in every format and whose summary says what its rounds say.
fn assert_well_formed(report: &CheckReport) {
    let json = serde_json::to_string(report).expect("the report serialises as JSON");
    let value: serde_json::Value = serde_json::from_str(&json).expect("the JSON reads back");
    assert_eq!(value["schema"], crate::report::SCHEMA, "{json}");
    let mut out = Vec::new();
    crate::report::text::write(&mut out, report).expect("the text report renders");
    crate::report::bbp::write(&mut out, report).expect("the checker layout renders");
    let numbers: Vec<u32> = report.rounds.iter().map(|r| r.round).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "rounds out of order: {numbers:?}");
    let checked = report.rounds.iter().filter(|r| r.status != RoundStatus::NotChecked).count();
    let differing: Vec<u32> = report
        .rounds
        .iter()
        .filter(|r| matches!(r.status, RoundStatus::Mismatch | RoundStatus::NoValidPairing))
        .map(|r| r.round)
        .collect();
    if report.error.is_none() {
        assert_eq!(report.summary.rounds_checked as usize, checked, "{json}");
        assert_eq!(report.summary.mismatched_rounds, differing, "{json}");
    }
    if !differing.is_empty() {
        assert_ne!(report.status, crate::exit::Status::Ok, "{json}");
    }
}
