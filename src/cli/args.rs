//! Every argument of the command line (clap): the commands, their flags, value enums and parsers.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::formats::{self, ReadOptions};
use crate::generate;
use crate::report::OutputFormat;
use crate::systems::{Severity, SystemChoice, SystemId};
use crate::verify::{CheckOptions, RoundRange};

#[derive(Debug, Parser)]
#[command(
    name = "trfcheck",
    version,
    about = "Verifies Swiss-system tournament pairings in FIDE TRF files and FMJD crosstables",
    after_help = "Exit codes: 0 all checked rounds match (or all files valid), 1 a round differs, 2 usage error, \
                  3 invalid input file, 4 pairing system unknown or unsupported, or nothing to check, 5 a file or \
                  folder cannot be read, or an output or the results cannot be written. With several files: \
                  2 > 5 > 3 > 1 > 4 > 0 (a difference found outranks a file that could not be checked)."
)]
pub struct Cli {
    /// More log output on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    /// Colour in diagnostics (`--colour` is the same flag).
    #[arg(long, alias = "colour", value_enum, default_value_t = ColourChoice::Auto, global = true)]
    pub color: ColourChoice,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColourChoice {
    /// Colour when standard error is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

/// `--format` of the commands without the checker layout: `--format bbp` is refused there with a
/// usage error (exit 2) rather than accepted and ignored (docs/output.md, "`--format` where it
/// applies").
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlainFormat {
    /// For people.
    Text,
    /// One JSON object per line (docs/json.md).
    Json,
}

impl From<PlainFormat> for OutputFormat {
    fn from(format: PlainFormat) -> OutputFormat {
        match format {
            PlainFormat::Text => OutputFormat::Text,
            PlainFormat::Json => OutputFormat::Json,
        }
    }
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Turn recoverable errors (unknown records, bad informative fields, a Points column that
    /// disagrees with the results) into warnings.
    #[arg(long)]
    pub lenient: bool,
    /// Refuse input files larger than this (exit 5): a number of bytes, or one with K, M or G
    /// (powers of 1024), such as 200M.
    #[arg(long, value_name = "SIZE", default_value_t = formats::DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: formats::FileSize,
}

impl ReadArgs {
    pub(super) fn options(&self) -> ReadOptions {
        ReadOptions { lenient: self.lenient, max_file_size: self.max_file_size }
    }
}

/// The final standings `check` prints for the FMJD systems (README "The FMJD Swiss systems").
#[derive(Debug, Clone, clap::Args)]
pub struct StandingsArgs {
    /// How unplayed rounds count in Solkoff, its median and truncation, and Sonneborn-Berger: one of
    /// ignore, zero, scheduled, own-score, virtual for all, or KIND=RULE pairs (bye, forfeit, absent),
    /// e.g. `bye=zero,forfeit=scheduled`. Overrides the file's XDT record. Default:
    /// bye=zero,forfeit=scheduled,absent=ignore.
    #[arg(long, value_name = "RULE")]
    pub solkoff_unplayed: Option<crate::model::UnplayedRule>,
    /// Leave out the standings: the final standings of the FMJD systems, and the check of the ranks
    /// a chess file states.
    #[arg(long)]
    pub no_standings: bool,
}

/// The organiser's options: FMJD's (Annex 5: sections 6, 7, 8 and 4.1), each over the file's `XDO`
/// record, with the annex's preferred default for what neither says; and the Lim system's
/// Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7), which no record declares.
#[derive(Debug, Default, Args)]
pub struct OrganiserArgs {
    /// FMJD systems: avoid a second float in the same direction (section 8); default on.
    #[arg(long, value_name = "on|off", value_parser = crate::model::parse_on_off, action = clap::ArgAction::Set)]
    pub floats: Option<bool>,
    /// FMJD systems: colour preference in the pairing (section 7: none, weak 7b, strong 7c); default none.
    #[arg(long, alias = "color-preference", value_name = "none|weak|strong", value_parser = parse_colour_preference)]
    pub colour_preference: Option<crate::model::ColourPreference>,
    /// FMJD systems: acceleration (section 6: four-groups 6.1, haley 6.2); default none.
    #[arg(long, value_name = "none|four-groups|haley", value_parser = parse_acceleration)]
    pub acceleration: Option<crate::model::AccelerationMethod>,
    /// FMJD systems: the points of the bye (4.1); default a win's points.
    #[arg(long, value_name = "P", value_parser = parse_points)]
    pub bye_points: Option<crate::model::Points>,
    /// Lim system: the tournament is a Maxi-tournament, so the 100-point rules of 3.2.3, 3.8 and
    /// 5.7 apply (no record declares one); default off.
    #[arg(long)]
    pub lim_maxi: bool,
}

impl OrganiserArgs {
    pub fn options(&self) -> crate::model::OrganiserFlags {
        crate::model::OrganiserFlags {
            draughts: crate::model::DraughtsOptions {
                floats: self.floats,
                colour_preference: self.colour_preference,
                acceleration: self.acceleration,
                bye_points: self.bye_points,
            },
            lim_maxi: self.lim_maxi,
        }
    }
}

fn parse_colour_preference(text: &str) -> Result<crate::model::ColourPreference, String> {
    text.parse()
}

fn parse_acceleration(text: &str) -> Result<crate::model::AccelerationMethod, String> {
    text.parse()
}

fn parse_points(text: &str) -> Result<crate::model::Points, String> {
    crate::model::Points::parse(text)
        .filter(|p| *p >= crate::model::Points::ZERO)
        .ok_or_else(|| format!("`{text}` is not a number of points (such as 2 or 1.5)"))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate, then verify every round against the pairing system.
    Check {
        /// Files, and folders (searched recursively for tournament files); `-` reads standard
        /// input, named `<stdin>` in the output.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates):
        /// an edition, or a family (`dutch`, `dubov`, `team`, …) for the edition in force on the
        /// file's dates; without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemChoice>,
        /// Rounds to check: N, N-M or N-.
        #[arg(long)]
        rounds: Option<RoundRange>,
        /// text: a line per round, the differing boards and why, for people; json: one object per
        /// file (docs/json.md); bbp: the bbpPairings/JaVaFo checker layout.
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
        /// Rounds (one file) or files (several) checked at once (default: one per core).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// The mildest difference that makes the exit status 1: a round's absolute, quality,
        /// colours or order (any pairing difference), or standings (any difference, a stated rank
        /// the tie-breaks do not give included).
        #[arg(long, value_enum, default_value_t = FailOn::Standings, value_name = "SEVERITY")]
        fail_on: FailOn,
        #[command(flatten)]
        audit: AuditArgs,
        #[command(flatten)]
        organiser: OrganiserArgs,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        standings: StandingsArgs,
    },
    /// Parse and cross-check only: mirrored games, point totals, ids, byes.
    Validate {
        /// Files, and folders (searched recursively for tournament files); `-` reads standard
        /// input, named `<stdin>` in the output.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// text: a line per file, the findings on standard error; json: one object per file with
        /// the findings in it (docs/json.md).
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Files read at once (default: one per core).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        #[command(flatten)]
        audit: AuditArgs,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Pair the next round (JaVaFo/bbpPairings output: the number of pairs, then `white black`, a bye as `id 0`).
    Pair {
        /// The tournament file whose next round is paired; `-` reads standard input.
        file: PathBuf,
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates):
        /// an edition, or a family (`dutch`, `dubov`, `team`, …) for the edition in force on the
        /// file's dates; without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemChoice>,
        /// text: the JaVaFo/bbpPairings layout; json: one object with the round, the system and the
        /// boards (docs/json.md, "pair").
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Write the pairing to FILE instead of standard output (as bbpPairings' `-p FILE`).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        organiser: OrganiserArgs,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Which systems, versions and organiser's options explain the recorded rounds, round by round.
    Identify {
        /// The tournament file; `-` reads standard input.
        file: PathBuf,
        /// text: a line per candidate system, for people; json: one object (docs/json.md).
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Candidates checked at once (default: one per core).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// The standings under FIDE's tie-break regulations (C.07): each participant's rank, points
    /// and every tie-break of the list the file declares (212, or 202 after the points).
    Standings {
        /// The tournament file; `-` reads standard input.
        file: PathBuf,
        /// The edition of the tie-break regulations: 2023, 2023/24, 2024 or 2026; by default the
        /// one in force at the tournament's start date.
        #[arg(long, value_name = "EDITION")]
        rules: Option<crate::standings::fide::Edition>,
        /// Tie-breaks after the points, comma-separated as record 212 writes them (such as
        /// `BH/C1,BH,SB,DE`), instead of the file's.
        #[arg(long, value_name = "LIST", value_parser = parse_tie_breaks)]
        tie_breaks: Option<TieBreakList>,
        /// The rating unrated participants count with in the rating tie-breaks (Art. 10), as the
        /// tournament's regulations publish it; without it, those tie-breaks are dropped when a
        /// participant is unrated.
        #[arg(long, value_name = "RATING")]
        unrated_rating: Option<u32>,
        /// The standings after this round; by default after the last round with a result.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        after_round: Option<u32>,
        /// text: a table for people; json: one object (docs/json.md); csv: one line per participant.
        #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
        format: StandingsFormat,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Stay running and re-check every TRF/FMJD file under the paths whenever it changes.
    Watch {
        /// Files and folders to watch (folders recursively); not `-`: standard input does not change.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates):
        /// an edition, or a family (`dutch`, `dubov`, `team`, …) for the edition in force on the
        /// file's dates; without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemChoice>,
        /// text: a line per check; json: one object per check (JSON Lines, docs/json.md).
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Quiet period after a change before the file is checked, in milliseconds.
        #[arg(long, default_value_t = 200)]
        debounce_ms: u64,
        /// Do not pair a file's next round while idle. By default, after checking a file whose
        /// tournament declares more rounds (142/XXR) than it records, watch pairs the next round
        /// ahead, so that its check is almost instant once it is published.
        #[arg(long)]
        no_pair_ahead: bool,
        #[command(flatten)]
        organiser: OrganiserArgs,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        standings: StandingsArgs,
    },
    /// Serve the checks over HTTP: an upload page for arbiters and a JSON API (docs/serve.md).
    Serve {
        /// The address and port to listen on; port 0 takes a free one.
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
        listen: std::net::SocketAddr,
        /// Refuse request bodies larger than this (answered 413): a number of bytes, or one with
        /// K, M or G (powers of 1024).
        #[arg(long, value_name = "SIZE", default_value_t = crate::serve::DEFAULT_MAX_FILE_SIZE)]
        max_file_size: formats::FileSize,
        /// Checks run at once (default: one more than the cores).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Checks that may wait for a free job; a request beyond them is answered 429.
        #[arg(long, default_value_t = 16)]
        queue: usize,
        /// Seconds a check may take before it is stopped (answered 503); fractions allowed.
        #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = seconds)]
        check_timeout: std::time::Duration,
        /// Seconds a client has to send a request's head before the connection is closed.
        #[arg(long, default_value_t = 10, value_name = "SECONDS")]
        header_timeout: u64,
        /// Keep each submission (time, file name, SHA-256, size, system, verdict, trfcheck's
        /// version) in this SQLite database, created if need be; without it nothing is kept.
        #[arg(long, value_name = "FILE.sqlite")]
        record: Option<PathBuf>,
        /// Keep the client's address in the record too.
        #[arg(long, requires = "record")]
        record_clients: bool,
        /// A file holding the bearer token that `GET /submissions` asks for (the record, as JSON
        /// or CSV); without it the record is not served.
        #[arg(long, value_name = "FILE", requires = "record")]
        token_file: Option<PathBuf>,
    },
    /// Generate a random complete tournament, paired by the engine, as TRF-2026.
    Generate {
        #[command(flatten)]
        options: GenerateArgs,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Convert a file (an FMJD crosstable, or a TRF) to TRF-2026.
    Convert {
        /// The file to convert (an FMJD crosstable, or a TRF); `-` reads standard input.
        file: PathBuf,
        /// The format to write: trf (TRF-2026, with the point system in record 162).
        #[arg(long, value_enum)]
        to: ConvertTarget,
        /// The pairing system the event was paired under, written as record 192 (so that `check`
        /// of the result needs no flag); without it, what the file declares is kept.
        #[arg(long, value_enum)]
        system: Option<SystemId>,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// Test another pairing program as FIDE's endorsement does: trfcheck's generator draws the
    /// players and results, the program pairs every round, trfcheck checks each of its rounds.
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Crosscheck {
        #[command(subcommand)]
        part: Option<CrosscheckPart>,
        /// The program's command line, run by the shell for each round: `{in}` is the tournament so
        /// far (TRF-2026), `{out}` the file it writes its pairing to (the JaVaFo layout), such as
        /// `bbpPairings.exe --dutch {in} -p {out}`.
        #[arg(long, value_name = "COMMAND", required_unless_present = "generator", conflicts_with = "generator")]
        engine: Option<String>,
        /// The other direction: the program generates each tournament (paired by itself) and
        /// trfcheck checks it. Its command line, run by the shell once a tournament: `{out}` is the
        /// TRF file it writes, `{seed}` the tournament's seed, such as `bbpPairings.exe --dutch -g
        /// -o {out} -s {seed}`.
        #[arg(long, value_name = "COMMAND")]
        generator: Option<String>,
        /// The pairing system the program pairs under (an individual system).
        #[arg(long, value_enum, required = true)]
        system: Option<SystemId>,
        /// How many tournaments.
        #[arg(long, default_value_t = 100)]
        tournaments: u32,
        /// The first tournament's seed; tournament N has seed X + N − 1 (the same tournaments on
        /// every machine).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players per tournament, drawn in this range (FIDE's generator uses 15–415).
        #[arg(long, default_value = "15-415", value_name = "LOW-HIGH", value_parser = parse_count_range)]
        players: (u32, u32),
        /// Rounds per tournament, drawn in this range (FIDE's generator uses 5–17).
        #[arg(long, default_value = "5-17", value_name = "LOW-HIGH", value_parser = parse_count_range)]
        rounds: (u32, u32),
        /// The longest one call of the program may take, in seconds.
        #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
        timeout: f64,
        /// Write each tournament with a difference or a failure to this folder, as TRF.
        #[arg(long, value_name = "FOLDER")]
        save: Option<PathBuf>,
        // How the players, absences and results are drawn, and the organiser's options the
        // tournaments are generated and checked with, as `generate` takes them.
        #[command(flatten)]
        draw: DrawArgs,
        #[command(flatten)]
        organiser: OrganiserArgs,
        /// The longest shrinking one difference to the smallest tournament that still shows it
        /// may take, in seconds (the first differing round of each tournament is shrunk).
        #[arg(long, default_value_t = 120.0, value_name = "SECONDS")]
        shrink_time: f64,
        /// Do not shrink the differences.
        #[arg(long, conflicts_with = "shrink_time")]
        no_shrink: bool,
        /// Tournaments run at once (default: one more than the cores).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Run part K of M of the tournaments (those numbered K, K + M, K + 2M, …), for a scheduler
        /// that runs the parts apart; `crosscheck merge` joins the parts' JSON reports.
        #[arg(long, value_name = "K/M", value_parser = parse_shard)]
        shard: Option<crate::crosscheck::Shard>,
        /// text: the figures and a line per difference; json: one object (docs/crosscheck.md).
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Also write the report to FILE.html: a self-contained page with the figures of FIDE's
        /// endorsement form, each difference and each failure of the program.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell), to source or
    /// to install where the shell looks for completions.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff, section 1): `trfcheck man > trfcheck.1`.
    Man,
}

/// The report of a batch audit.
#[derive(Debug, Default, Args)]
pub struct AuditArgs {
    /// Also write the summary table to FILE: CSV when it ends in .csv, a self-contained HTML page
    /// (the files worst-first, each with its rounds) when it ends in .html.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Print only the summary table and its totals (several files), or the file's summary line
    /// (one file); the exit status and --report are the same.
    #[arg(long, short = 'q', conflicts_with = "boards")]
    pub quiet: bool,
    /// Several files: show the boards of every differing round side by side, as a file checked
    /// alone does (by default a file of several gets its summary line, and each differing round
    /// its line and why).
    #[arg(long)]
    pub boards: bool,
}

/// What `generate` makes; the result model is documented in [`crate::generate::model`].
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The pairing system that pairs every round (written as record 192).
    #[arg(long, value_enum)]
    pub system: SystemId,
    /// The number of players (pairing numbers by rating, highest first); under a team system
    /// (team-2025, team-2024), the number of teams.
    #[arg(long)]
    pub players: u32,
    /// The number of rounds, every one paired and played.
    #[arg(long)]
    pub rounds: u32,
    /// The same seed (and options) gives the same file, on every machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub organiser: OrganiserArgs,
}

/// How the random tournament generator draws the players, absences and results (`generate` and
/// `crosscheck` alike).
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Draw probability between equally rated players; draws get rarer as the rating gap grows.
    #[arg(long, default_value_t = generate::DEFAULT_DRAW_RATE, value_parser = probability)]
    pub draw_rate: f64,
    /// Share of games forfeited (`+`/`-`; one in ten of them a double forfeit).
    #[arg(long, default_value_t = generate::DEFAULT_FORFEIT_RATE, value_parser = probability)]
    pub forfeit_rate: f64,
    /// Chance that a player asks for a bye in a round (`0000 - H`, or `0000 - Z` one time in four).
    #[arg(long, default_value_t = generate::DEFAULT_BYE_RATE, value_parser = probability)]
    pub bye_rate: f64,
    /// Chance that a player withdraws before a round (absent, `0000 - Z`, from then on).
    #[arg(long, default_value_t = generate::DEFAULT_WITHDRAW_RATE, value_parser = probability)]
    pub withdraw_rate: f64,
    /// Points for a win, a draw and a loss, such as 3,1,0; a system other than FIDE's is declared in record 162.
    #[arg(long, default_value = "1,0.5,0", value_name = "WIN,DRAW,LOSS")]
    pub points: generate::Scoring,
    /// Ratings are drawn from this range (pairing numbers follow them).
    #[arg(long, default_value = "1200-2700", value_name = "LOW-HIGH")]
    pub ratings: generate::RatingRange,
    /// Chess systems: the tie-breaks after the points, comma-separated (such as `BH/C1,BH,SB`, or
    /// for teams `EDE,MPvGP,EMGSB`), written as record 212 with the ranks they give (C.07): the
    /// players' (001) or the teams' (310).
    #[arg(long, value_name = "LIST", value_parser = parse_tie_breaks)]
    pub tie_breaks: Option<TieBreakList>,
    /// Individual FIDE systems: Baku acceleration (C.04.7), declared by the 192 code's `_BAKU` and
    /// written as 250 records.
    #[arg(long)]
    pub baku: bool,
    /// Team systems: the boards of a match (each team has one reserve more).
    #[arg(long, default_value_t = generate::DEFAULT_BOARDS)]
    pub boards: u32,
    /// Team systems: the 192 code, naming the competition's options (FIDE_TEAM_TYPEA_MP_GP,
    /// FIDE_TEAM_TYPEB_GP_MP, FIDE_TEAM_MP_BAKU, …; FIDE_TEAM is Type A, match points, game points
    /// for colours).
    #[arg(long, default_value = "FIDE_TEAM")]
    pub team_code: String,
}

impl DrawArgs {
    /// The generator's options with these rates, points, ratings, tie-breaks and team options.
    pub fn apply(&self, options: generate::GenerateOptions) -> generate::GenerateOptions {
        generate::GenerateOptions {
            draw_rate: self.draw_rate,
            forfeit_rate: self.forfeit_rate,
            bye_rate: self.bye_rate,
            withdraw_rate: self.withdraw_rate,
            scoring: self.points,
            ratings: self.ratings,
            tie_breaks: self.tie_breaks.as_ref().map(|list| list.0.clone()),
            baku: self.baku,
            boards: self.boards,
            team_code: self.team_code.clone(),
            ..options
        }
    }
}

impl GenerateArgs {
    pub fn options(&self) -> generate::GenerateOptions {
        self.draw.apply(generate::GenerateOptions {
            organiser: self.organiser.options(),
            ..generate::GenerateOptions::new(self.system, self.players, self.rounds, self.seed)
        })
    }
}

/// The options of a file's check that `check` and `watch` take alike: the system, the organiser's
/// options, the reading and the standings; the rest as [`CheckOptions::default`].
pub(super) fn check_options(
    system: Option<SystemChoice>,
    organiser: &OrganiserArgs,
    read: &ReadArgs,
    standings: &StandingsArgs,
) -> CheckOptions {
    CheckOptions {
        system,
        read: read.options(),
        no_standings: standings.no_standings,
        unplayed: standings.solkoff_unplayed,
        organiser: organiser.options(),
        ..CheckOptions::default()
    }
}

/// A positive number of seconds, fractions allowed.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(value) if value > 0.0 && value.is_finite() => Ok(std::time::Duration::from_secs_f64(value)),
        _ => Err(format!("`{text}` is not a number of seconds above 0")),
    }
}

/// A probability flag: a number from 0 to 1.
fn probability(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(value) if (0.0..=1.0).contains(&value) => Ok(value),
        _ => Err(format!("`{text}` is not a probability; expected a number from 0 to 1")),
    }
}

/// `--fail-on`: the severities of a round's difference, then the standings, mildest of all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Absolute,
    Quality,
    #[value(alias = "colors")]
    Colours,
    Order,
    Standings,
}

impl FailOn {
    /// The severity of a round that fails, and whether only rounds decide.
    pub fn split(self) -> (Severity, bool) {
        match self {
            FailOn::Absolute => (Severity::Absolute, true),
            FailOn::Quality => (Severity::Quality, true),
            FailOn::Colours => (Severity::Colours, true),
            FailOn::Order => (Severity::Order, true),
            FailOn::Standings => (Severity::Order, false),
        }
    }
}

/// `--format` of `standings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// A table for people.
    Text,
    /// One JSON object (docs/json.md).
    Json,
    /// A header line, then one line per participant in standings order.
    Csv,
}

/// `LOW-HIGH` (or one number): a range of players or rounds.
fn parse_count_range(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{text}` is not a range; expected LOW-HIGH such as 15-415, or one number");
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: u32 = low.trim().parse().map_err(|_| bad())?;
    let high: u32 = high.trim().parse().map_err(|_| bad())?;
    if low == 0 || low > high {
        return Err(format!("`{text}`: the range must run from 1 or more up to a number not below it"));
    }
    Ok((low, high))
}

/// `K/M`: part K of M, 1 ≤ K ≤ M.
fn parse_shard(text: &str) -> Result<crate::crosscheck::Shard, String> {
    let bad = || format!("`{text}` is not a part; expected K/M such as 3/8, with 1 ≤ K ≤ M");
    let (index, count) = text.split_once('/').ok_or_else(bad)?;
    let index: u32 = index.trim().parse().map_err(|_| bad())?;
    let count: u32 = count.trim().parse().map_err(|_| bad())?;
    if index == 0 || index > count {
        return Err(bad());
    }
    Ok(crate::crosscheck::Shard { index, count })
}

/// What `crosscheck` does besides running a cross-check.
#[derive(Debug, Subcommand)]
pub enum CrosscheckPart {
    /// Join the JSON reports of the parts of one run (`crosscheck --shard K/M --format json`, each
    /// part once) into the report of the whole run; a part missing, given twice, or from another
    /// run is refused.
    Merge {
        /// The parts' JSON reports.
        #[arg(required = true, value_name = "REPORT")]
        reports: Vec<PathBuf>,
        /// text: the figures and a line per difference; json: one object, as a run without
        /// --shard prints it.
        #[arg(long, value_enum, default_value_t = PlainFormat::Text)]
        format: PlainFormat,
        /// Also write the whole run's report to FILE.html, as `crosscheck --report` writes it.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
    },
}

/// A tie-break list given on the command line (`--tie-breaks`).
#[derive(Clone, Debug)]
pub struct TieBreakList(pub Vec<crate::standings::fide::Descriptor>);

fn parse_tie_breaks(text: &str) -> Result<TieBreakList, String> {
    crate::standings::fide::descriptor::parse_list(text).map(TieBreakList).map_err(|error| error.to_string())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTarget {
    /// TRF-2026.
    Trf,
}

impl Command {
    /// True when the command's results go to standard output.
    pub(super) fn writes_to_stdout(&self) -> bool {
        match self {
            Command::Generate { output, .. } | Command::Convert { output, .. } => output.is_none(),
            Command::Serve { .. } => false,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Every argument and option of every command says what it is for in `--help`, and
    /// `--system` is described wherever it is accepted.
    #[test]
    fn every_argument_of_every_command_has_help() {
        fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>, systems: &mut usize) {
            for arg in command.get_arguments() {
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                if help.trim().is_empty() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
                if arg.get_id() == "system" {
                    *systems += 1;
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing, systems);
            }
        }
        let mut command = Cli::command();
        command.build();
        let (mut missing, mut systems) = (Vec::new(), 0);
        walk(&command, "trfcheck", &mut missing, &mut systems);
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
        // check, pair, watch, generate, convert, crosscheck.
        assert_eq!(systems, 6);
    }

    #[test]
    fn parses_the_spec_commands() {
        let cli = Cli::try_parse_from([
            "trfcheck",
            "check",
            "a.trf",
            "--system",
            "dutch-2025",
            "--rounds",
            "3-5",
            "--format",
            "bbp",
        ])
        .unwrap();
        assert!(matches!(
            cli.command,
            Command::Check { format: OutputFormat::Bbp, system: Some(SystemChoice::Exact(SystemId::Dutch2025)), .. }
        ));
        assert!(Cli::try_parse_from(["trfcheck", "check"]).is_err());
        assert!(Cli::try_parse_from(["trfcheck", "check", "a.trf", "--rounds", "x"]).is_err());
        assert!(Cli::try_parse_from(["trfcheck", "convert", "a.csv", "--to", "trf"]).is_ok());
        let generate = ["trfcheck", "generate", "--system", "dutch-2025", "--players", "9", "--rounds", "4"];
        let Command::Generate { options, output: None } = Cli::try_parse_from(generate).unwrap().command else {
            panic!("not a generate command");
        };
        assert_eq!(options.options(), generate::GenerateOptions::new(SystemId::Dutch2025, 9, 4, 1));
        let football = Cli::try_parse_from(generate.into_iter().chain(["--points", "3,1,0", "--draw-rate", "0"]));
        assert!(matches!(
            football.unwrap().command,
            Command::Generate {
                options: GenerateArgs { draw: DrawArgs { draw_rate: 0.0, points: generate::Scoring { .. }, .. }, .. },
                ..
            }
        ));
        for bad in [["--draw-rate", "1.5"], ["--bye-rate", "-0.1"], ["--points", "3,1"], ["--ratings", "2000"]] {
            assert!(Cli::try_parse_from(generate.into_iter().chain(bad)).is_err(), "{bad:?}");
        }
    }
}
