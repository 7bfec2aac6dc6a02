//! `trfcheck generate`: random complete tournaments, paired round by round by our own engines.
//!
//! A generated tournament is what an endorsed program's Random Tournament Generator makes (FIDE
//! C.04.A asks every endorsed program for one): players with ratings, and for each round the
//! absences known before it is paired (requested byes, withdrawals), the engine's pairing of
//! everybody else, and random results. It is built in the [`model`](crate::model) and written by
//! the TRF-2026 writer, so `check` on the output re-pairs exactly what was paired here: a generated
//! tournament must check clean, and a changed round must not.
//!
//! What is random, and how (the options set the rates):
//! - ratings: the mean of three uniform draws in the rating range (a bell shape, in integers);
//!   pairing numbers follow the ratings, highest first (the initial order of C.04.2, the general
//!   handling rules for Swiss tournaments), and `Player 001` is the top seed. The colour of the top seed in round 1 (record 152) is drawn by lot (C.04.3 5.2.5).
//! - before each round: every player still in the event withdraws (from round 2 on) with the
//!   withdrawal rate, and is absent (`0000 - Z`) from then on; otherwise asks for a bye with the
//!   bye rate: a half-point bye (`0000 - H`) three times in four, else a zero-point bye
//!   (`0000 - Z`). Requests that would leave fewer than two players to pair are dropped.
//! - each game: forfeited with the forfeit rate (one player absent, `+`/`-` with the paired
//!   colours; one forfeit in ten is a double forfeit, `-`/`-`), else played, with chances by the
//!   [`model`] (Elo expected score; draws rarer as the rating gap grows).
//! - the pairing-allocated bye is `0000 - U`, worth a win (TRF-2026 `P` = `W`).
//! - a Double-Swiss event (`--rounds` counts its matches) is written a match to two round columns
//!   (`systems::double_swiss::matches`): the second game with the colours swapped, each game's
//!   result drawn as above (so a player may forfeit one game of a match, or both); a requested bye
//!   and a withdrawal in both columns; the pairing-allocated bye as `U` then `H`, a won game and a
//!   drawn one (C.04.5 1.4).
//!
//! Randomness comes from ChaCha8 seeded with the seed (`SeedableRng::seed_from_u64`): a named
//! generator whose output `rand` promises not to change and not to depend on the platform, with one
//! stream each for the players, the absences and the games, so that changing, say, the forfeit rate
//! leaves the players and the absences as they were. Only integer ranges of fixed width and uniform
//! `f64`s are drawn, and the result model uses no platform maths: a seed gives the same file on
//! every machine. `Cargo.lock` pins `rand`, whose sampling may change between its major versions;
//! the committed sample `trf-samples/generated-dutch-2025.trf` is a test that would notice.

pub mod model;
pub mod team;

use std::fmt;
use std::str::FromStr;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::model::{
    Colour, Date, DateText, Header, Player, PlayerId, PointSystem, Points, ResultCode, RoundEntry, Tournament,
    VerbatimRecord,
};
use crate::state::{Participation, RoundState};
use crate::systems::pairing::RoundPairing;
use crate::systems::{self, SystemId};

pub use model::{Outcomes, expected_score, outcomes};

/// Default draw probability between equally rated players: about what open tournaments see.
pub const DEFAULT_DRAW_RATE: f64 = 0.3;
/// Default share of games forfeited.
pub const DEFAULT_FORFEIT_RATE: f64 = 0.02;
/// Default chance that a player asks for a bye in a round.
pub const DEFAULT_BYE_RATE: f64 = 0.03;
/// Default chance that a player withdraws before a round.
pub const DEFAULT_WITHDRAW_RATE: f64 = 0.01;
/// The most players TRF can number (001 columns 5–8).
pub const MAX_PLAYERS: u32 = 9999;
/// The most rounds generated (bbpPairings and JaVaFo stop at 99 as well).
pub const MAX_ROUNDS: u32 = 99;

/// Share of requested byes that are half-point byes; the rest are zero-point byes.
const HALF_POINT_BYE_SHARE: f64 = 0.75;
/// Share of forfeited games that are double forfeits (neither player came).
const DOUBLE_FORFEIT_SHARE: f64 = 0.1;

/// Points for a win, a draw and a loss. Byes follow them: the pairing-allocated bye and a forfeit
/// win are worth a win, a half-point bye a draw; a zero-point bye and a forfeit loss are worth 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Scoring {
    /// FIDE's 1, ½, 0.
    pub const FIDE: Scoring = Scoring { win: Points::ONE, draw: Points::HALF, loss: Points::ZERO };

    /// The point system of a tournament scored this way.
    pub fn point_system(&self) -> PointSystem {
        let mut system = PointSystem::fide();
        system.white_win = self.win;
        system.black_win = self.win;
        system.white_draw = self.draw;
        system.black_draw = self.draw;
        system.white_loss = self.loss;
        system.black_loss = self.loss;
        system.forfeit_win = self.win;
        system.full_point_bye = self.win;
        system.half_point_bye = self.draw;
        system.forfeit_loss = Points::ZERO;
        system.zero_point_bye = Points::ZERO;
        system
    }
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::FIDE
    }
}

impl FromStr for Scoring {
    type Err = String;

    /// `WIN,DRAW,LOSS`: `1,0.5,0`, `3,1,0`.
    fn from_str(text: &str) -> Result<Scoring, String> {
        let bad = || format!("`{text}` is not a point system; expected WIN,DRAW,LOSS such as 1,0.5,0 or 3,1,0");
        let values: Vec<Points> =
            text.split(',').map(|part| Points::parse(part).ok_or_else(bad)).collect::<Result<_, _>>()?;
        match values.as_slice() {
            &[win, draw, loss] => Ok(Scoring { win, draw, loss }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.win, self.draw, self.loss)
    }
}

/// The range ratings are drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    pub lowest: u32,
    pub highest: u32,
}

impl Default for RatingRange {
    fn default() -> RatingRange {
        RatingRange { lowest: 1200, highest: 2700 }
    }
}

impl FromStr for RatingRange {
    type Err = String;

    /// `LOW-HIGH`: `1200-2700`.
    fn from_str(text: &str) -> Result<RatingRange, String> {
        let bad = || format!("`{text}` is not a rating range; expected LOW-HIGH such as 1200-2700");
        let (low, high) = text.split_once('-').ok_or_else(bad)?;
        let lowest = low.trim().parse().map_err(|_| bad())?;
        let highest = high.trim().parse().map_err(|_| bad())?;
        Ok(RatingRange { lowest, highest })
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.lowest, self.highest)
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    pub system: SystemId,
    pub players: u32,
    pub rounds: u32,
    pub seed: u64,
    /// Draw probability between equally rated players (see [`model`]).
    pub draw_rate: f64,
    /// Chance that a paired game is forfeited.
    pub forfeit_rate: f64,
    /// Chance that a player asks for a bye (H or Z) in a round.
    pub bye_rate: f64,
    /// Chance that a player still in the event withdraws before a round (from round 2 on).
    pub withdraw_rate: f64,
    pub scoring: Scoring,
    pub ratings: RatingRange,
    /// The organiser's options. FMJD's (FMJD systems only): all of them, defaults included, are
    /// written in the file's `XDO` record so that `check` pairs with the same. The Lim system's
    /// Maxi-tournament: no record declares it, so `check` needs `--lim-maxi` too.
    pub organiser: crate::model::OrganiserFlags,
    /// Team systems: the boards of a match (a team has one reserve more).
    pub boards: u32,
    /// Team systems: the `192` code, which names the competition's options (C.04.6 1.2, 1.7).
    pub team_code: String,
    /// Individual chess systems: the tie-breaks after the points, written as record 212, with the
    /// ranks they give (C.07); without them players with equal points share a rank.
    pub tie_breaks: Option<Vec<crate::standings::fide::Descriptor>>,
    /// Individual FIDE systems: Baku acceleration (C.04.7), declared by a `_BAKU` code and written
    /// out as 250 records.
    pub baku: bool,
}

/// The default number of boards of a generated team event.
pub const DEFAULT_BOARDS: u32 = 4;

impl GenerateOptions {
    /// The options with the default rates, FIDE scoring and ratings 1200–2700.
    pub fn new(system: SystemId, players: u32, rounds: u32, seed: u64) -> GenerateOptions {
        GenerateOptions {
            system,
            players,
            rounds,
            seed,
            draw_rate: DEFAULT_DRAW_RATE,
            forfeit_rate: DEFAULT_FORFEIT_RATE,
            bye_rate: DEFAULT_BYE_RATE,
            withdraw_rate: DEFAULT_WITHDRAW_RATE,
            scoring: Scoring::FIDE,
            ratings: RatingRange::default(),
            organiser: crate::model::OrganiserFlags::default(),
            boards: DEFAULT_BOARDS,
            team_code: "FIDE_TEAM".to_owned(),
            tie_breaks: None,
            baku: false,
        }
    }

    /// The command that generates this tournament (written into the file, to replay it).
    pub fn command_line(&self) -> String {
        format!(
            "trfcheck generate --system {} --players {} --rounds {} --seed {}{}",
            self.system,
            self.players,
            self.rounds,
            self.seed,
            self.draw_flags()
        )
    }

    /// The options of the command line after the players, rounds and seed: how the players,
    /// absences and results are drawn, and the organiser's options (`crosscheck` takes the same).
    pub fn draw_flags(&self) -> String {
        let mut flags = format!(
            " --draw-rate {} --forfeit-rate {} --bye-rate {} --withdraw-rate {} --points {} --ratings {}",
            self.draw_rate, self.forfeit_rate, self.bye_rate, self.withdraw_rate, self.scoring, self.ratings
        );
        let d = &self.organiser.draughts;
        if let Some(floats) = d.floats {
            flags += &format!(" --floats {}", if floats { "on" } else { "off" });
        }
        if let Some(colours) = d.colour_preference {
            flags += &format!(" --colour-preference {colours}");
        }
        if let Some(acceleration) = d.acceleration {
            flags += &format!(" --acceleration {acceleration}");
        }
        if let Some(bye) = d.bye_points {
            flags += &format!(" --bye-points {bye}");
        }
        if self.organiser.lim_maxi {
            flags += " --lim-maxi";
        }
        if self.system.is_team() {
            flags += &format!(" --boards {} --team-code {}", self.boards, self.team_code);
        }
        if let Some(list) = &self.tie_breaks {
            let list: Vec<String> = list.iter().map(ToString::to_string).collect();
            flags += &format!(" --tie-breaks {}", list.join(","));
        }
        if self.baku {
            flags += " --baku";
        }
        flags
    }

    /// Refuses what cannot make a tournament, or a file, before anything is drawn.
    pub fn check(&self) -> Result<(), GenerateError> {
        let invalid = |option: &'static str, reason: String| Err(GenerateError::InvalidOption { option, reason });
        if self.tie_breaks.is_some() && self.system.is_fmjd() {
            return invalid(
                "--tie-breaks",
                format!("{} is a draughts system; FMJD Annex 5 ranks its events, not C.07", self.system),
            );
        }
        if self.baku && (self.system.is_fmjd() || self.system.is_team()) {
            return invalid(
                "--baku",
                format!(
                    "C.04.7's Baku method is for the individual FIDE systems (a team event names it in \
                     --team-code; the FMJD systems have --acceleration), not {}",
                    self.system
                ),
            );
        }
        if self.system != SystemId::Lim2026 && self.organiser.lim_maxi {
            return invalid("--lim-maxi", format!("an option of the Lim system (lim-2026), not of {}", self.system));
        }
        if self.system.is_team() {
            return team::check_options(self);
        }
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return invalid("--players", format!("{}: a tournament has 2 to {MAX_PLAYERS} players", self.players));
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return invalid("--rounds", format!("{}: expected 1 to {MAX_ROUNDS} rounds", self.rounds));
        }
        for (option, rate) in [
            ("--draw-rate", self.draw_rate),
            ("--forfeit-rate", self.forfeit_rate),
            ("--bye-rate", self.bye_rate),
            ("--withdraw-rate", self.withdraw_rate),
        ] {
            if !(0.0..=1.0).contains(&rate) {
                return invalid(option, format!("{rate} is not a probability from 0 to 1"));
            }
        }
        if !self.system.is_fmjd() && !self.organiser.draughts.is_empty() {
            return invalid(
                "--floats/--colour-preference/--acceleration/--bye-points",
                format!("these are options of the FMJD systems, not of {}", self.system),
            );
        }
        let RatingRange { lowest, highest } = self.ratings;
        if lowest == 0 || lowest > highest || highest > 9999 {
            return invalid("--ratings", format!("{lowest}-{highest}; expected 1 ≤ LOW ≤ HIGH ≤ 9999"));
        }
        let Scoring { win, draw, loss } = self.scoring;
        if loss < Points::ZERO || draw < loss || win < draw || win == loss {
            return invalid("--points", format!("{}: expected WIN ≥ DRAW ≥ LOSS ≥ 0 and WIN > LOSS", self.scoring));
        }
        // The Points column has four characters: `99.5`, or a whole `9999`.
        let best = win.times(i64::from(self.rounds));
        let whole = [win, draw, loss].iter().all(|p| p.tenths() % 10 == 0);
        if best.tenths() >= 1000 && !(whole && best.tenths() <= 99_990) {
            return invalid(
                "--points",
                format!("{} rounds at {win} a win make scores too wide for the TRF Points column", self.rounds),
            );
        }
        Ok(())
    }
}

/// Why no tournament was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("no pairing engine supports {0} yet, so it cannot generate a tournament")]
    Unsupported(SystemId),
    #[error("{option}: {reason}")]
    InvalidOption { option: &'static str, reason: String },
    /// The absolute criteria leave no pairing (in a small event with many rounds, everybody may
    /// already have met everybody). In a real event the arbiter would decide; a generator cannot,
    /// and changing the declared number of rounds afterwards would change how the earlier rounds
    /// were paired (the final round pairs topscorers differently), so it stops and says so.
    #[error(
        "round {round} has no pairing that satisfies the absolute criteria of {system}; \
         try fewer rounds, more players or another seed"
    )]
    NoValidPairing { system: SystemId, round: u32 },
    /// The engine stopped without deciding the round (a search limit): neither a pairing nor a
    /// proof that none exists.
    #[error("round {round} could not be paired under {system}: {reason}")]
    GaveUp { system: SystemId, round: u32, reason: String },
    /// The engine's pairing left out a player to pair, or paired one twice or one not to pair.
    #[error("the {system} engine's pairing of round {round} is not a pairing of its players: {problem}")]
    EngineFault { system: SystemId, round: u32, problem: String },
    #[error("--tie-breaks: {0}")]
    TieBreaks(String),
}

/// Generates a tournament: every round paired by the engine of `options.system`.
pub fn generate(options: &GenerateOptions) -> Result<Tournament, GenerateError> {
    let system = options.system;
    // A system without an engine pairs teams on the teams' state (C.04.6), not players one by one.
    let Some(engine) = systems::of(system).engine() else {
        return team::generate(options);
    };
    generate_with(options, &mut |_, state, round| {
        engine.pair(state).map_err(|failure| match failure {
            systems::PairFailure::NoValidPairing => GenerateError::NoValidPairing { system, round },
            systems::PairFailure::GaveUp(reason) => GenerateError::GaveUp { system, round, reason },
        })
    })
}

/// What pairs each round of a generated tournament: given the tournament so far (the round to pair
/// holding only its absences), the round as the system reads it, and its number.
pub type Pairer<'a> = dyn FnMut(&Tournament, &RoundState, u32) -> Result<RoundPairing, GenerateError> + 'a;

/// Generates a tournament of an individual system whose rounds `pair` pairs (`crosscheck` hands
/// them to another program); the players, absences and results are drawn as [`generate`] draws
/// them, and a pairing that is not one of the round's players is an [`GenerateError::EngineFault`].
pub fn generate_with(options: &GenerateOptions, pair: &mut Pairer<'_>) -> Result<Tournament, GenerateError> {
    let system = options.system;
    options.check()?;
    let mut streams = Streams::new(options.seed);
    let mut tournament = skeleton(options, &mut streams.players);
    let mut withdrawn = vec![false; tournament.players.len()];
    let games = systems::of(system).columns_per_round();
    if options.baku {
        tournament.header.system_code = tournament.header.system_code.map(|code| format!("{code}_BAKU"));
    }
    for round in 1..=options.rounds {
        let columns: Vec<usize> = (0..games).map(|game| (round - 1) as usize * games + game).collect();
        absences(&mut tournament, &columns, options, &mut streams.attendance, &mut withdrawn);
        // C.04.7 1.2: GA is drawn from the players to pair in round 1, known once its absences are.
        if options.baku && round == 1 {
            tournament.accelerations = crate::state::baku_records(&tournament);
        }
        // The rounds as the system reads them (a Double-Swiss round is a match of two columns).
        let view = systems::of(system).read(&tournament, &options.organiser);
        let state = RoundState::build(&view, round, Participation::NextRound);
        let pairing = pair(&tournament, &state, round)?;
        check_pairing(&state, &pairing).map_err(|problem| GenerateError::EngineFault { system, round, problem })?;
        play(&mut tournament, &columns, &pairing, options, &mut streams.games);
        tracing::debug!(round, boards = pairing.boards.len(), "generated");
    }
    standings(&mut tournament);
    // A draughts event is ranked by its system's order (FMJD Annex 5 section 5), as `check` reads
    // the places.
    if let Some(order) = crate::verify::fmjd_standings(&tournament, system, options.rounds, None) {
        for line in &order.players {
            if let Some(player) = tournament.players.iter_mut().find(|p| p.id == line.player) {
                player.rank = Some(line.rank);
            }
        }
    }
    if let Some(list) = &options.tie_breaks {
        ranks_under(&mut tournament, list)?;
    }
    Ok(tournament)
}

/// Independent random streams of one seed.
pub(crate) struct Streams {
    pub(crate) players: ChaCha8Rng,
    pub(crate) attendance: ChaCha8Rng,
    pub(crate) games: ChaCha8Rng,
}

impl Streams {
    pub(crate) fn new(seed: u64) -> Streams {
        let stream = |number: u64| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(number);
            rng
        };
        Streams { players: stream(0), attendance: stream(1), games: stream(2) }
    }
}

/// The date the event starts: one when `system`'s rules were in force, so that even a reader that
/// ignored the year in the 192 code would date the rules right.
pub(crate) fn start_date(system: SystemId) -> Date {
    let year = match system {
        SystemId::Dutch2012 => 2016,
        SystemId::Dutch2017 | SystemId::Dubov2018 | SystemId::Team2024 => 2025,
        SystemId::Dubov1997 => 2018,
        _ => 2026,
    };
    Date { year, month: 3, day: 2 }
}

pub(crate) fn next_day(date: Date) -> Date {
    Date::new(date.year, date.month, date.day + 1).or_else(|| Date::new(date.year, date.month + 1, 1)).unwrap_or(Date {
        year: date.year + 1,
        month: 1,
        day: 1,
    })
}

/// The header and the players, with no rounds played.
fn skeleton(options: &GenerateOptions, rng: &mut ChaCha8Rng) -> Tournament {
    let RatingRange { lowest, highest } = options.ratings;
    let mut ratings: Vec<u32> =
        (0..options.players).map(|_| (0..3).map(|_| rng.random_range(lowest..=highest)).sum::<u32>() / 3).collect();
    // Pairing numbers by rating, highest first (C.04.2's initial order; TRF numbers players that way).
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let initial_colour = if rng.random::<bool>() { Colour::White } else { Colour::Black };
    let columns = options.rounds * systems::of(options.system).columns_per_round() as u32;
    let players = ratings
        .iter()
        .zip(1..)
        .map(|(&rating, id): (&u32, PlayerId)| Player {
            id,
            name: format!("Player {id:03}"),
            rating: Some(rating),
            rounds: vec![RoundEntry::BLANK; columns as usize],
            ..Player::default()
        })
        .collect();
    let start = start_date(options.system);
    let mut round_dates = Vec::with_capacity(columns as usize);
    let mut day = start;
    for round in 1..=columns {
        if round > 1 {
            day = next_day(day);
        }
        round_dates.push(Some(DateText::Date(day)));
    }
    let scoring = options.scoring.point_system();
    let header = Header {
        name: Some(format!("Random tournament {} ({})", options.seed, options.system)),
        start_date: Some(DateText::Date(start)),
        end_date: Some(DateText::Date(day)),
        number_of_players: Some(options.players.to_string()),
        number_of_rated_players: Some(options.players.to_string()),
        // 092 names the Double-Swiss too (two columns a match), for readers that go by it alone.
        tournament_type: Some(
            if options.system == SystemId::DoubleSwiss2026 {
                "Individual: Double-Swiss System"
            } else {
                "Individual: Swiss-System"
            }
            .to_owned(),
        ),
        round_dates,
        rounds: Some(columns),
        initial_colour: Some(initial_colour),
        pairing_controller: Some("trfcheck generate".to_owned()),
        system_code: Some(options.system.code().to_owned()),
        ..Header::default()
    };
    let mut scoring = scoring;
    let mut draughts_options = crate::model::DraughtsOptions::default();
    if options.system.is_fmjd() {
        // Every option written out, defaults included (5.1: floats on, 7a, no acceleration; 4.1:
        // the bye a win's points), so that the file says what paired it.
        let d = &options.organiser.draughts;
        let bye = d.bye_points.unwrap_or(options.scoring.win);
        scoring.pairing_allocated_bye = Some(bye);
        draughts_options = crate::model::DraughtsOptions {
            floats: Some(d.floats.unwrap_or(true)),
            colour_preference: Some(d.colour_preference.unwrap_or_default()),
            acceleration: Some(d.acceleration.unwrap_or_default()),
            bye_points: Some(bye),
        };
    }
    Tournament {
        header,
        players,
        draughts_options,
        point_system_declared: !scoring.is_fide_default(),
        point_system: scoring,
        verbatim: vec![VerbatimRecord { text: format!("### {}", options.command_line()) }],
        ..Tournament::default()
    }
}

/// Withdrawals and requested byes known before a round is paired, marked in its round `columns`
/// (and, for a withdrawal, every column after them), so that the round state leaves those players
/// out.
fn absences(
    t: &mut Tournament,
    columns: &[usize],
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
    withdrawn: &mut [bool],
) {
    let at = columns[0];
    let mut withdrawals = Vec::new();
    let mut byes = Vec::new();
    for (index, _) in withdrawn.iter().enumerate().filter(|(_, gone)| !**gone) {
        // Every player draws the same numbers whatever the rates, to keep the stream aligned.
        let (leave, ask, half) = (rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>());
        if at > 0 && leave < options.withdraw_rate {
            withdrawals.push(index);
        } else if ask < options.bye_rate {
            byes.push((
                index,
                if half < HALF_POINT_BYE_SHARE { ResultCode::HalfPointBye } else { ResultCode::ZeroPointBye },
            ));
        }
    }
    let present = withdrawn.iter().filter(|gone| !**gone).count();
    // A round needs two players to pair: drop the last requests until it has them.
    while present - withdrawals.len() - byes.len() < 2 {
        if byes.pop().is_none() && withdrawals.pop().is_none() {
            break;
        }
    }
    for index in withdrawals {
        withdrawn[index] = true;
        for entry in &mut t.players[index].rounds[at..] {
            *entry = RoundEntry::bye(ResultCode::ZeroPointBye);
        }
    }
    for (index, code) in byes {
        for &column in columns {
            t.players[index].rounds[column] = RoundEntry::bye(code);
        }
    }
}

/// Every player to pair on exactly one board, and nobody else.
pub(crate) fn check_pairing(state: &RoundState, pairing: &RoundPairing) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for id in pairing.boards.iter().flat_map(|b| [Some(b.white), b.black]).flatten() {
        if !state.players.iter().any(|p| p.id == id) {
            return Err(format!("player {id} is not to be paired"));
        }
        if !seen.insert(id) {
            return Err(format!("player {id} is on two boards"));
        }
    }
    match state.players.iter().find(|p| !seen.contains(&p.id)) {
        Some(missing) => Err(format!("player {} is not paired", missing.id)),
        None => Ok(()),
    }
}

/// The results of a paired round, drawn for each game as [`game_result`] draws them.
fn play(
    t: &mut Tournament,
    columns: &[usize],
    pairing: &RoundPairing,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) {
    let rating = |t: &Tournament, id: PlayerId| t.players[id as usize - 1].rating.unwrap_or(0);
    enter_round(t, columns, pairing, &mut |t, white, black| {
        // Every game draws the same numbers whatever the rates, to keep the stream aligned.
        let (forfeit, who, result) = (rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>());
        game_result([forfeit, who, result], [rating(t, white), rating(t, black)], options)
    });
}

/// Writes a paired round into its round `columns`, one game in each, the colours swapped from one
/// game to the next (a Double-Swiss match, C.04.5 4.4), with the results `result` gives (white's
/// and black's; `Blank` for a round paired and not played). The pairing-allocated bye is `U` in
/// the first column; a second column is the drawn game of C.04.5 1.4, `H`.
pub(crate) fn enter_round(
    t: &mut Tournament,
    columns: &[usize],
    pairing: &RoundPairing,
    result: &mut dyn FnMut(&Tournament, PlayerId, PlayerId) -> (ResultCode, ResultCode),
) {
    // Generated files number their players 1, 2, … in file order; any other file is searched.
    let index = |t: &Tournament, id: PlayerId| match t.players.get((id as usize).wrapping_sub(1)) {
        Some(player) if player.id == id => Some(id as usize - 1),
        _ => t.players.iter().position(|p| p.id == id),
    };
    for board in &pairing.boards {
        let Some(black) = board.black else {
            let Some(at_player) = index(t, board.white) else { continue };
            let rounds = &mut t.players[at_player].rounds;
            for (game, &at) in columns.iter().enumerate() {
                if rounds.len() <= at {
                    rounds.resize(at + 1, RoundEntry::BLANK);
                }
                let code = if game == 0 { ResultCode::PairingAllocatedBye } else { ResultCode::HalfPointBye };
                rounds[at] = RoundEntry::bye(code);
            }
            continue;
        };
        for (game, &at) in columns.iter().enumerate() {
            let (white, black) = if game % 2 == 0 { (board.white, black) } else { (black, board.white) };
            let (Some(w), Some(b)) = (index(t, white), index(t, black)) else { continue };
            let (white_result, black_result) = result(t, white, black);
            for i in [w, b] {
                if t.players[i].rounds.len() <= at {
                    t.players[i].rounds.resize(at + 1, RoundEntry::BLANK);
                }
            }
            t.players[w].rounds[at] = RoundEntry::game(black, Colour::White, white_result);
            t.players[b].rounds[at] = RoundEntry::game(white, Colour::Black, black_result);
        }
    }
}

/// The results of a game from three uniform draws (`[forfeit, who, result]`) and the two ratings:
/// forfeited with the forfeit rate (a double forfeit one time in ten, else either side at even
/// chances), else played with the chances of the [`model`].
pub(crate) fn game_result(draws: [f64; 3], ratings: [u32; 2], options: &GenerateOptions) -> (ResultCode, ResultCode) {
    let [forfeit, who, result] = draws;
    if forfeit < options.forfeit_rate {
        if who < DOUBLE_FORFEIT_SHARE {
            (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
        } else if who < DOUBLE_FORFEIT_SHARE + (1.0 - DOUBLE_FORFEIT_SHARE) / 2.0 {
            (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        } else {
            (ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
        }
    } else {
        let chances = outcomes(ratings[0], ratings[1], options.draw_rate);
        if result < chances.white_wins {
            (ResultCode::Win, ResultCode::Loss)
        } else if result < chances.white_wins + chances.draw {
            (ResultCode::Draw, ResultCode::Draw)
        } else {
            (ResultCode::Loss, ResultCode::Win)
        }
    }
}

/// The Points column (the sum of the results, as the validator wants it) and the rank column
/// (players with equal points share a rank, as TRF-2026 allows).
fn standings(t: &mut Tournament) {
    let points: Vec<Points> =
        t.players.iter().map(|p| (1..=p.rounds.len() as u32).map(|round| t.round_points(p, round)).sum()).collect();
    for (player, mine) in t.players.iter_mut().zip(&points) {
        player.points = Some(*mine);
        player.rank = Some(1 + points.iter().filter(|other| *other > mine).count() as u32);
    }
}

/// The ranks in the order of C.07 under `list` (ties the list leaves share a rank), the list
/// written as record 212: the players' (001), or in a team tournament the teams' (310).
pub(crate) fn ranks_under(
    t: &mut Tournament,
    list: &[crate::standings::fide::Descriptor],
) -> Result<(), GenerateError> {
    let request = crate::standings::fide::Request { tie_breaks: Some(list.to_vec()), ..Default::default() };
    let standings =
        crate::standings::fide::standings(t, &request).map_err(|error| GenerateError::TieBreaks(error.to_string()))?;
    let written: Vec<String> = standings.tie_breaks.iter().map(ToString::to_string).collect();
    t.header.standings_tie_breaks = Some(written.join(", "));
    for line in &standings.lines {
        match standings.teams {
            Some(_) => t.teams[line.index].rank = Some(line.rank),
            None => t.players[line.index].rank = Some(line.rank),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoring_and_ratings_parse() {
        assert_eq!("1,0.5,0".parse(), Ok(Scoring::FIDE));
        let football: Scoring = "3,1,0".parse().unwrap();
        assert_eq!((football.win, football.draw), (Points::whole(3), Points::ONE));
        assert_eq!(football.to_string(), "3.0,1.0,0.0");
        assert!("3,1".parse::<Scoring>().is_err());
        assert!("3,x,0".parse::<Scoring>().is_err());
        assert_eq!("1000-2000".parse(), Ok(RatingRange { lowest: 1000, highest: 2000 }));
        assert!("1000".parse::<RatingRange>().is_err());
        assert!(Scoring::FIDE.point_system().is_fide_default());
    }

    #[test]
    fn options_are_checked_before_anything_is_drawn() {
        let ok = GenerateOptions::new(SystemId::Dutch2025, 10, 5, 1);
        assert_eq!(ok.check(), Ok(()));
        let refused = |change: fn(&mut GenerateOptions)| {
            let mut options = ok.clone();
            change(&mut options);
            matches!(generate(&options), Err(GenerateError::InvalidOption { .. }))
        };
        assert!(refused(|o| o.players = 1));
        assert!(refused(|o| o.players = 10_000));
        assert!(refused(|o| o.rounds = 0));
        assert!(refused(|o| o.rounds = 100));
        assert!(refused(|o| o.draw_rate = 1.5));
        assert!(refused(|o| o.forfeit_rate = -0.1));
        assert!(refused(|o| o.bye_rate = f64::NAN));
        assert!(refused(|o| o.ratings = RatingRange { lowest: 2000, highest: 1000 }));
        assert!(refused(|o| o.scoring = Scoring { win: Points::ONE, draw: Points::whole(2), loss: Points::ZERO }));
        // 99 rounds at 1.5 a win: 148.5 does not fit four columns; at 3 a win, 297 does.
        assert!(refused(|o| {
            o.rounds = 99;
            o.scoring = Scoring { win: Points::from_tenths(15), draw: Points::HALF, loss: Points::ZERO }
        }));
        let mut wide = ok.clone();
        wide.rounds = 99;
        wide.scoring = "3,1,0".parse().unwrap();
        assert_eq!(wide.check(), Ok(()));
    }

    #[test]
    fn dates_run_on_across_months() {
        assert_eq!(next_day(Date { year: 2026, month: 3, day: 31 }), Date { year: 2026, month: 4, day: 1 });
        assert_eq!(next_day(Date { year: 2025, month: 12, day: 31 }), Date { year: 2026, month: 1, day: 1 });
        assert_eq!(next_day(Date { year: 2024, month: 2, day: 28 }), Date { year: 2024, month: 2, day: 29 });
    }

    #[test]
    fn players_are_numbered_by_rating_and_named_by_number() {
        let t = generate(&GenerateOptions::new(SystemId::Dutch2025, 30, 3, 11)).unwrap();
        assert_eq!(t.players.len(), 30);
        for (index, pair) in t.players.windows(2).enumerate() {
            assert!(pair[0].rating >= pair[1].rating, "{index}");
        }
        for p in &t.players {
            assert_eq!(p.name, format!("Player {:03}", p.id));
            assert!(p.rating.is_some_and(|r| (1200..=2700).contains(&r)));
            assert_eq!(p.rounds.len(), 3);
        }
        assert_eq!(t.header.system_code.as_deref(), Some("FIDE_DUTCH_2025"));
        assert_eq!(t.header.rounds, Some(3));
    }

    #[test]
    fn a_withdrawn_player_stays_away() {
        let mut options = GenerateOptions::new(SystemId::Dutch2025, 40, 6, 3);
        options.withdraw_rate = 0.15;
        // Without bye requests, every `Z` is a withdrawal: from its round to the end.
        options.bye_rate = 0.0;
        let t = generate(&options).unwrap();
        let mut withdrawals = 0;
        for p in &t.players {
            let absent = |e: &RoundEntry| e.result == ResultCode::ZeroPointBye;
            assert!(!absent(&p.rounds[0]), "player {} withdrew before round 1", p.id);
            if let Some(first) = p.rounds.iter().position(absent) {
                assert!(p.rounds[first..].iter().all(absent), "player {} came back: {:?}", p.id, p.rounds);
                withdrawals += 1;
            }
        }
        assert!(withdrawals >= 3, "{withdrawals}");
    }
}
