//! The command line: argument parsing (clap) and the commands, over the library.

mod output;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use crate::audit::Entry;
use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::{self, ReadOptions};
use crate::generate;
use crate::report::table::{self, Mode};
use crate::report::{self, OutputFormat};
use crate::systems::{Severity, SystemId};
use crate::verify::{self, CheckOptions, RoundRange};

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
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColourChoice::Auto, global = true)]
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
/// usage error (exit 2) rather than accepted and ignored (issue #15).
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
    fn options(&self) -> ReadOptions {
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
    /// Leave out the final standings of the FMJD systems.
    #[arg(long)]
    pub no_standings: bool,
}

/// The FMJD organiser's options (Annex 5: sections 6, 7, 8 and 4.1); each overrides the file's
/// `XDO` record, and the annex's preferred default applies to what neither says.
#[derive(Debug, Default, Args)]
pub struct DraughtsArgs {
    /// FMJD systems: avoid a second float in the same direction (section 8); default on.
    #[arg(long, value_name = "on|off", value_parser = crate::model::parse_on_off, action = clap::ArgAction::Set)]
    pub floats: Option<bool>,
    /// FMJD systems: colour preference in the pairing (section 7: none, weak 7b, strong 7c); default none.
    #[arg(long, value_name = "none|weak|strong", value_parser = parse_colour_preference)]
    pub colour_preference: Option<crate::model::ColourPreference>,
    /// FMJD systems: acceleration (section 6: four-groups 6.1, haley 6.2); default none.
    #[arg(long, value_name = "none|four-groups|haley", value_parser = parse_acceleration)]
    pub acceleration: Option<crate::model::AccelerationMethod>,
    /// FMJD systems: the points of the bye (4.1); default a win's points.
    #[arg(long, value_name = "P", value_parser = parse_points)]
    pub bye_points: Option<crate::model::Points>,
}

impl DraughtsArgs {
    pub fn options(&self) -> crate::model::DraughtsOptions {
        crate::model::DraughtsOptions {
            floats: self.floats,
            colour_preference: self.colour_preference,
            acceleration: self.acceleration,
            bye_points: self.bye_points,
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
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates);
        /// without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemId>,
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
        /// The mildest severity of a difference that makes the exit status 1: absolute, quality,
        /// colours or order (any difference).
        #[arg(long, value_enum, default_value_t = Severity::Order, value_name = "SEVERITY")]
        fail_on: Severity,
        #[command(flatten)]
        audit: AuditArgs,
        #[command(flatten)]
        draughts: DraughtsArgs,
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
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates);
        /// without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemId>,
        #[command(flatten)]
        draughts: DraughtsArgs,
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
    /// Stay running and re-check every TRF/FMJD file under the paths whenever it changes.
    Watch {
        /// Files and folders to watch (folders recursively); not `-`: standard input does not change.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The pairing system, overriding what the file declares (record 192, 092 or the dates);
        /// without it, the file's own declaration, or the system assumed and said why.
        #[arg(long, value_enum)]
        system: Option<SystemId>,
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
        draughts: DraughtsArgs,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        standings: StandingsArgs,
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
}

/// The report of a batch audit.
#[derive(Debug, Default, Args)]
pub struct AuditArgs {
    /// Also write the summary table to FILE: CSV when it ends in .csv, a self-contained HTML page
    /// (the files worst-first, each with its rounds) when it ends in .html.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
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
    /// Team systems: the boards of a match (each team has one reserve more).
    #[arg(long, default_value_t = generate::DEFAULT_BOARDS)]
    pub boards: u32,
    /// Team systems: the 192 code, naming the competition's options (FIDE_TEAM_TYPEA_MP_GP,
    /// FIDE_TEAM_TYPEB_GP_MP, FIDE_TEAM_MP_BAKU, …; FIDE_TEAM is Type A, match points, game points
    /// for colours).
    #[arg(long, default_value = "FIDE_TEAM")]
    pub team_code: String,
    /// The number of rounds, every one paired and played.
    #[arg(long)]
    pub rounds: u32,
    /// The same seed (and options) gives the same file, on every machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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
    #[command(flatten)]
    pub draughts: DraughtsArgs,
}

impl GenerateArgs {
    pub fn options(&self) -> generate::GenerateOptions {
        generate::GenerateOptions {
            draw_rate: self.draw_rate,
            forfeit_rate: self.forfeit_rate,
            bye_rate: self.bye_rate,
            withdraw_rate: self.withdraw_rate,
            scoring: self.points,
            ratings: self.ratings,
            draughts: self.draughts.options(),
            boards: self.boards,
            team_code: self.team_code.clone(),
            ..generate::GenerateOptions::new(self.system, self.players, self.rounds, self.seed)
        }
    }
}

/// A probability flag: a number from 0 to 1.
fn probability(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(value) if (0.0..=1.0).contains(&value) => Ok(value),
        _ => Err(format!("`{text}` is not a probability; expected a number from 0 to 1")),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTarget {
    /// TRF-2026.
    Trf,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { Status::Usage.code() } else { 0 });
        }
    };
    init_logging(cli.verbose);
    let style = Style { colour: colour(cli.color) };
    // A verdict that cannot be written is no verdict: the run is not even begun (exit 5).
    if cli.command.writes_to_stdout() && stdout_is_closed() {
        eprintln!("trfcheck: standard output is closed; the results could not be written");
        return Status::Io.into();
    }
    match run(cli.command, style) {
        Ok(status) => status.into(),
        // The reader went away (`| head`): what it did not read was not written, so the run
        // cannot stand for its verdict; said, and exit 5, never a pass.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            eprintln!("trfcheck: standard output was closed before all the results were written");
            Status::Io.into()
        }
        Err(error) => {
            eprintln!("trfcheck: cannot write the results: {error}");
            Status::Io.into()
        }
    }
}

impl Command {
    /// True when the command's results go to standard output.
    fn writes_to_stdout(&self) -> bool {
        match self {
            Command::Generate { output, .. } | Command::Convert { output, .. } => output.is_none(),
            _ => true,
        }
    }
}

/// True when standard output was closed when trfcheck started (`>&-`). Rust's runtime opens
/// `/dev/null` read-write in place of a closed standard descriptor before `main`, so every write
/// would vanish without an error: a descriptor 1 that is `/dev/null` opened read-write is taken
/// for a closed one. `> /dev/null`, which a shell opens write-only, is an output like any other.
fn stdout_is_closed() -> bool {
    #[cfg(unix)]
    {
        use rustix::fs::{FileType, OFlags};
        let stdout = rustix::stdio::stdout();
        let Ok(stat) = rustix::fs::fstat(stdout) else { return true };
        let Ok(null) = rustix::fs::stat("/dev/null") else { return false };
        let is_null =
            FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice && stat.st_rdev == null.st_rdev;
        let read_write = rustix::fs::fcntl_getfl(stdout).is_ok_and(|flags| flags & OFlags::RWMODE == OFlags::RDWR);
        is_null && read_write
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Logs go to stderr at the level of `-v` (warnings by default); `RUST_LOG` overrides it with
/// `level` or `target=level,...` directives. A `Targets` filter parses those without a regex
/// engine (EnvFilter's field filters would add one to every build for a feature we do not use).
fn init_logging(verbose: u8) {
    let default = match verbose {
        0 => LevelFilter::WARN,
        1 => LevelFilter::INFO,
        2 => LevelFilter::DEBUG,
        _ => LevelFilter::TRACE,
    };
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(default));
    // Colours only on a terminal: a log piped into a file or `grep` must hold no escape codes.
    use std::io::IsTerminal;
    let ansi = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let layer = tracing_subscriber::fmt::layer().with_writer(io::stderr).with_target(false).with_ansi(ansi);
    let _ = tracing_subscriber::registry().with(layer).with(filter).try_init();
}

fn colour(choice: ColourChoice) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// Runs a command; `Err` only for failures to write the output.
pub fn run(command: Command, style: Style) -> io::Result<Status> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Not locked for the whole command: the threads that check rounds log to stderr and draw the
    // progress bar there, and would wait forever for a lock this thread holds.
    let mut err = io::stderr();
    match command {
        Command::Check { files, system, rounds, format, jobs, fail_on, audit, draughts, read, standings } => {
            let options = CheckOptions {
                system,
                rounds,
                read: read.options(),
                jobs,
                no_standings: standings.no_standings,
                unplayed: standings.solkoff_unplayed,
                draughts: draughts.options(),
                fail_on,
                hints: true,
            };
            check(&files, &options, format, audit.report.as_deref(), style, &mut out, &mut err)
        }
        Command::Validate { files, format, jobs, audit, read } => {
            let batch = Batch { report: audit.report.as_deref(), jobs };
            validate(&files, read.options(), format.into(), &batch, style, &mut out, &mut err)
        }
        Command::Identify { file, format, jobs, read } => {
            identify(&file, format.into(), jobs, read.options(), style, &mut out, &mut err)
        }
        Command::Pair { file, system, draughts, read } => {
            pair(&file, system, &draughts.options(), read.options(), style, &mut out, &mut err)
        }
        Command::Watch { paths, system, format, debounce_ms, no_pair_ahead, draughts, read, standings } => {
            drop(out);
            // Standard input does not change, and is read once: nothing to watch (a usage error).
            if paths.iter().any(|p| verify::is_stdin(p)) {
                writeln!(err, "trfcheck: watch: `-` (standard input) cannot be watched; name files or folders")?;
                return Ok(Status::Usage);
            }
            let options = crate::watch::WatchOptions {
                check: CheckOptions {
                    system,
                    read: read.options(),
                    no_standings: standings.no_standings,
                    unplayed: standings.solkoff_unplayed,
                    draughts: draughts.options(),
                    ..CheckOptions::default()
                },
                format: format.into(),
                debounce: std::time::Duration::from_millis(debounce_ms),
                pair_ahead: !no_pair_ahead,
            };
            crate::watch::run(&paths, &options)
        }
        Command::Generate { options, output } => {
            generate_tournament(&options.options(), output.as_deref(), &mut out, &mut err)
        }
        Command::Convert { file, to: ConvertTarget::Trf, system, output, read } => {
            convert(&file, system, output.as_deref(), read.options(), style, &mut out, &mut err)
        }
    }
}

/// How a batch audit is run and reported.
struct Batch<'a> {
    /// `--report FILE.csv|FILE.html`.
    report: Option<&'a Path>,
    /// Files at once; `None`: one per core.
    jobs: Option<usize>,
}

/// The kind of `--report` file, told by its extension; a usage error for any other.
fn report_kind(path: Option<&Path>, err: &mut dyn Write) -> io::Result<Result<Option<ReportKind>, Status>> {
    let Some(path) = path else { return Ok(Ok(None)) };
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("csv") => Ok(Ok(Some(ReportKind::Csv))),
        Some("html" | "htm") => Ok(Ok(Some(ReportKind::Html))),
        _ => {
            writeln!(
                err,
                "trfcheck: --report {}: the report is a .csv or an .html file (told by the name's extension)",
                path.display()
            )?;
            Ok(Err(Status::Usage))
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReportKind {
    Csv,
    Html,
}

/// The entries of a batch, and what was left out.
struct Gathered {
    entries: Vec<crate::audit::Entry>,
    /// Files skipped (each said once on stderr, or as a JSON object).
    skipped: usize,
    /// True when a folder given holds no tournament file: it checked nothing (exit 4 at least).
    empty_folder: bool,
    /// A folder, or more than one entry: the run ends with the summary table.
    batch: bool,
}

impl Gathered {
    /// The files the run reads.
    fn inputs(&self) -> Vec<&Path> {
        self.entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::File(path) => Some(path.as_path()),
                Entry::Unreadable(_) => None,
            })
            .collect()
    }
}

/// Finds the files of a batch, says once on stderr what was skipped, and refuses a run without
/// any file: a run that checked nothing is never a pass (exit 4).
fn collect_files(
    paths: &[PathBuf],
    format: OutputFormat,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Result<Gathered, Status>> {
    // `-` is standard input: a file, first, once (it can be read only once), never skipped.
    let (stdin, named): (Vec<PathBuf>, Vec<PathBuf>) = paths.iter().cloned().partition(|p| verify::is_stdin(p));
    let mut collected = crate::audit::collect(&named);
    if let Some(dash) = stdin.into_iter().next() {
        collected.files.insert(0, dash);
    }
    let batch = collected.is_batch();
    let (skipped, empty_folder) = (collected.skipped.len(), !collected.empty_folders.is_empty());
    let entries = collected.take_entries();
    let gathered = Gathered { entries, skipped, empty_folder, batch };
    // With --format json, standard output says what was left out, one object per path, and
    // standard error carries logs only (issue #15 item 2).
    if format == OutputFormat::Json {
        for skipped in &collected.skipped {
            let value = serde_json::json!({"schema": report::SCHEMA, "file": skipped.path.display().to_string(),
                "status": "skipped", "reason": skipped.reason.text()});
            report::write_json_line(out, &value)?;
        }
        // A folder without a tournament file says so; a file named is skipped or checked, so it
        // has its object already.
        for path in &collected.empty_folders {
            let value = serde_json::json!({"schema": report::SCHEMA, "file": path.display().to_string(),
                "status": "nothing-to-check", "error": "no tournament file under it"});
            report::write_json_line(out, &value)?;
        }
        return Ok(if gathered.entries.is_empty() { Err(Status::NothingToCheck) } else { Ok(gathered) });
    }
    write_skipped_note(&collected.skipped, err)?;
    if gathered.entries.is_empty() {
        let given: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        writeln!(err, "trfcheck: nothing to check: no tournament file under {}", given.join(", "))?;
        return Ok(Err(Status::NothingToCheck));
    }
    // A folder named that holds no tournament file checked nothing: said, and exit 4 at least.
    for folder in &collected.empty_folders {
        writeln!(err, "trfcheck: {}: nothing to check: no tournament file under it", folder.display())?;
    }
    Ok(Ok(gathered))
}

/// One note on stderr for each reason files were skipped, naming the first few of them.
fn write_skipped_note(skipped: &[crate::audit::Skipped], err: &mut dyn Write) -> io::Result<()> {
    let mut reasons: Vec<crate::audit::SkipReason> = Vec::new();
    for file in skipped {
        if !reasons.contains(&file.reason) {
            reasons.push(file.reason);
        }
    }
    for reason in reasons {
        let files: Vec<&Path> = skipped.iter().filter(|s| s.reason == reason).map(|s| s.path.as_path()).collect();
        let names: Vec<String> = files
            .iter()
            .take(5)
            .map(|p| p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()))
            .collect();
        let more = files.len().saturating_sub(names.len());
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let what = match (reason, files.len()) {
            (crate::audit::SkipReason::NotTournament, 1) => {
                "1 file that is not a tournament file (TRF or FMJD crosstable)".to_owned()
            }
            (crate::audit::SkipReason::NotTournament, n) => {
                format!("{n} files that are not tournament files (TRF or FMJD crosstable)")
            }
            (crate::audit::SkipReason::NotRegular(kind), 1) => format!("1 path that is {kind}, not a regular file"),
            (crate::audit::SkipReason::NotRegular(kind), n) => format!("{n} paths that are not regular files ({kind})"),
            (crate::audit::SkipReason::FolderLink, 1) => "1 symbolic link to a folder (not followed)".to_owned(),
            (crate::audit::SkipReason::FolderLink, n) => format!("{n} symbolic links to folders (not followed)"),
        };
        writeln!(err, "trfcheck: note: skipped {what}: {}{more}", names.join(", "))?;
    }
    Ok(())
}

/// A bar over the files of a batch, on stderr; hidden when stderr is not a terminal.
fn files_bar(total: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("[{bar:30}] file {pos}/{len} {elapsed} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// What a batch audit found, for its report.
struct Audited<'a> {
    reports: &'a [report::CheckReport],
    rows: &'a [table::Row],
    totals: &'a table::Totals,
    mode: Mode,
    title: String,
}

/// Writes the `--report` file (as `-o` writes, [`output::write_output`]); a failure is said on
/// stderr and is exit 5.
fn write_report(path: &Path, kind: ReportKind, audited: &Audited<'_>, err: &mut dyn Write) -> io::Result<Status> {
    let mut bytes = Vec::new();
    match kind {
        ReportKind::Csv => table::write_csv(&mut bytes, audited.rows, audited.mode)?,
        ReportKind::Html => {
            report::html::write(&mut bytes, audited.reports, audited.totals, audited.mode, &audited.title)?
        }
    }
    if let Err(error) = output::write_output(path, &bytes) {
        writeln!(err, "trfcheck: {error}")?;
        return Ok(Status::Io);
    }
    Ok(Status::Ok)
}

/// The size of an entry's file, for starting the largest first (0 when it cannot be read).
fn entry_size(entry: &Entry) -> u64 {
    match entry {
        Entry::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
        Entry::Unreadable(_) => 0,
    }
}

/// Refuses, before the work, an output that could not be written or that is one of the inputs
/// (exit 5), so that a run does not end in a refusal after minutes of work.
fn refuse_unwritable(output: Option<&Path>, inputs: &[&Path], err: &mut dyn Write) -> io::Result<Result<(), Status>> {
    match output.map(|target| output::check_writable(target, inputs)) {
        Some(Err(error)) => {
            writeln!(err, "trfcheck: {error}")?;
            Ok(Err(Status::Io))
        }
        _ => Ok(Ok(())),
    }
}

/// What checking one file printed, kept until its turn comes (files are checked in parallel and
/// printed in order).
struct CheckedFile {
    report: report::CheckReport,
    out: Vec<u8>,
    err: Vec<u8>,
}

fn check_file(
    entry: &Entry,
    options: &CheckOptions,
    format: OutputFormat,
    style: Style,
    observe: &(dyn Fn(verify::Progress) + Sync),
) -> io::Result<CheckedFile> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (inspected, mut report) = match entry {
        Entry::File(path) => verify::check_path_observed(path, options, observe),
        Entry::Unreadable(unreadable) => {
            let never = std::sync::atomic::AtomicBool::new(false);
            verify::check_read(&entry.name(), Err(unreadable.read_error()), options, observe, &never)
        }
    };
    let unused =
        report.system.as_deref().and_then(SystemId::from_id).and_then(|s| unused_draughts_flags(s, &options.draughts));
    if format == OutputFormat::Json {
        // Everything is in the object (diagnostics, system_warning, warnings): standard error
        // carries logs only (issue #15 item 2).
        report.warnings.extend(unused);
        report::write_json_line(&mut out, &report)?;
        return Ok(CheckedFile { report, out, err });
    }
    report::write_diagnostics(&mut err, inspected.loaded.as_ref(), &report.file, &inspected.diagnostics, style)?;
    if let Some(unused) = unused {
        writeln!(err, "trfcheck: {}: warning: {unused}", report.file)?;
    }
    if let Some(warning) = &report.system_warning {
        writeln!(err, "trfcheck: {}: warning: {warning}", report.file)?;
    }
    match format {
        OutputFormat::Json => report::write_json_line(&mut out, &report)?,
        // A file that cannot be read has no result: the error goes with the others, on stderr.
        OutputFormat::Text | OutputFormat::Bbp if report.status == Status::Io => {
            writeln!(err, "trfcheck: {}", report.error.as_deref().unwrap_or("cannot read the file"))?;
        }
        OutputFormat::Text => report::text::write(&mut out, &report)?,
        OutputFormat::Bbp => {
            if let Some(error) = &report.error {
                writeln!(err, "trfcheck: {}: {error}", report.file)?;
            }
            // The checker layout has no place for it: said on stderr.
            if let Some(caveat) = &report.system_caveat {
                writeln!(err, "trfcheck: {}: note: {caveat}", report.file)?;
            }
            report::bbp::write(&mut out, &report)?;
        }
    }
    Ok(CheckedFile { report, out, err })
}

fn check(
    paths: &[PathBuf],
    options: &CheckOptions,
    format: OutputFormat,
    report_path: Option<&Path>,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let kind = match report_kind(report_path, err)? {
        Ok(kind) => kind,
        Err(status) => return Ok(status),
    };
    let gathered = match collect_files(paths, format, out, err)? {
        Ok(gathered) => gathered,
        Err(status) => return Ok(status),
    };
    if let Err(status) = refuse_unwritable(report_path, &gathered.inputs(), err)? {
        return Ok(status);
    }
    let mut status = if gathered.empty_folder { Status::NothingToCheck } else { Status::Ok };
    let mut reports = Vec::with_capacity(gathered.entries.len());
    if !gathered.batch {
        // One file: its rounds on `--jobs` threads, with a bar over the rounds.
        let entry = &gathered.entries[0];
        let bar = progress_bar(entry.path());
        let checked = check_file(entry, options, format, style, &|progress| {
            if bar.length() != Some(progress.total as u64) {
                bar.set_length(progress.total as u64);
                // Drawn from the first round done on: before, the bar knew no length and its first
                // frame was a full bar reading "round 0/0" (issue #15).
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.set_position(progress.done as u64);
        })?;
        bar.finish_and_clear();
        err.write_all(&checked.err)?;
        out.write_all(&checked.out)?;
        status = status.combine(checked.report.status);
        reports.push(checked.report);
    } else {
        // Many files: the files on `--jobs` threads (each file's rounds on one), largest first,
        // printed in order, with a bar over the files.
        let jobs = options.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        let per_file = CheckOptions { jobs: Some(1), ..*options };
        let bar = files_bar(gathered.entries.len());
        let mut failure: Option<io::Error> = None;
        crate::audit::map_in_order(
            &gathered.entries,
            jobs,
            entry_size,
            |entry| check_file(entry, &per_file, format, style, &|_| {}),
            |_, checked| {
                bar.inc(1);
                let checked = match checked {
                    Ok(checked) => checked,
                    Err(error) => {
                        failure.get_or_insert(error);
                        return;
                    }
                };
                if failure.is_none()
                    && let Err(error) =
                        bar.suspend(|| err.write_all(&checked.err).and_then(|()| out.write_all(&checked.out)))
                {
                    failure = Some(error);
                }
                status = status.combine(checked.report.status);
                reports.push(checked.report);
            },
        );
        bar.finish_and_clear();
        if let Some(error) = failure {
            return Err(error);
        }
    }
    let rows: Vec<table::Row> = reports.iter().map(table::Row::of_check).collect();
    let totals = table::Totals::of(&rows, gathered.skipped);
    if gathered.batch && format == OutputFormat::Text {
        table::write_text(out, &rows, &totals, Mode::Check)?;
    }
    if let (Some(path), Some(kind)) = (report_path, kind) {
        let audited = Audited {
            reports: &reports,
            rows: &rows,
            totals: &totals,
            mode: Mode::Check,
            title: audit_title("check", paths),
        };
        let written = write_report(path, kind, &audited, err)?;
        status = status.combine(written);
    }
    Ok(status)
}

/// The title of an audit's HTML page: the command and the paths audited.
fn audit_title(command: &str, paths: &[PathBuf]) -> String {
    let given: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    format!("trfcheck {command} {}", given.join(" "))
}

/// Says on stderr that the FMJD option flags given do nothing under `system`, when it is not an
/// FMJD system (`generate` refuses them outright; a file's system is only known once it is read).
fn warn_unused_draughts_flags(
    err: &mut dyn Write,
    file: &str,
    system: SystemId,
    draughts: &crate::model::DraughtsOptions,
) -> io::Result<()> {
    match unused_draughts_flags(system, draughts) {
        Some(warning) => writeln!(err, "trfcheck: {file}: warning: {warning}"),
        None => Ok(()),
    }
}

/// The warning that the FMJD option flags given do nothing under `system`, if any.
fn unused_draughts_flags(system: SystemId, draughts: &crate::model::DraughtsOptions) -> Option<String> {
    if system.is_fmjd() {
        return None;
    }
    let given: Vec<&str> = [
        ("--floats", draughts.floats.is_some()),
        ("--colour-preference", draughts.colour_preference.is_some()),
        ("--acceleration", draughts.acceleration.is_some()),
        ("--bye-points", draughts.bye_points.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, set)| set.then_some(flag))
    .collect();
    if given.is_empty() {
        return None;
    }
    let (verb, object) = if given.len() == 1 { ("applies", "it") } else { ("apply", "them") };
    Some(format!("{} {verb} to the FMJD systems only; {system} ignores {object}", given.join(", ")))
}

/// A progress bar for the rounds of a file, on stderr once the number of rounds is known (hidden
/// until then, and when stderr is not a terminal).
fn progress_bar(path: &Path) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::hidden();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:30}] round {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(verify::display_name(path));
    bar
}

fn validate(
    paths: &[PathBuf],
    options: ReadOptions,
    format: OutputFormat,
    batch: &Batch<'_>,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let kind = match report_kind(batch.report, err)? {
        Ok(kind) => kind,
        Err(status) => return Ok(status),
    };
    let gathered = match collect_files(paths, format, out, err)? {
        Ok(gathered) => gathered,
        Err(status) => return Ok(status),
    };
    if let Err(status) = refuse_unwritable(batch.report, &gathered.inputs(), err)? {
        return Ok(status);
    }
    let jobs = batch.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let bar = if gathered.batch { files_bar(gathered.entries.len()) } else { indicatif::ProgressBar::hidden() };
    let mut status = if gathered.empty_folder { Status::NothingToCheck } else { Status::Ok };
    let mut reports = Vec::with_capacity(gathered.entries.len());
    let mut failure: Option<io::Error> = None;
    crate::audit::map_in_order(
        &gathered.entries,
        jobs,
        entry_size,
        |entry| -> io::Result<(report::ValidationReport, Vec<u8>, Vec<u8>)> {
            let (inspected, report) = match entry {
                Entry::File(path) => verify::validate_path(path, options),
                Entry::Unreadable(unreadable) => {
                    verify::validate_read(&entry.name(), Err(unreadable.read_error()), options)
                }
            };
            let (mut out, mut err) = (Vec::new(), Vec::new());
            match format {
                OutputFormat::Json => report::write_json_line(&mut out, &report)?,
                // A file that cannot be read has no result: the error goes with the others, on stderr.
                OutputFormat::Text | OutputFormat::Bbp if report.status == Status::Io => {
                    writeln!(err, "trfcheck: {}", report.error.as_deref().unwrap_or("cannot read the file"))?;
                }
                OutputFormat::Text | OutputFormat::Bbp => {
                    report::write_diagnostics(
                        &mut err,
                        inspected.loaded.as_ref(),
                        &report.file,
                        &inspected.diagnostics,
                        style,
                    )?;
                    writeln!(out, "{}", report.summary_line())?;
                }
            }
            Ok((report, out, err))
        },
        |_, validated| {
            bar.inc(1);
            match validated {
                Ok((report, file_out, file_err)) => {
                    if failure.is_none()
                        && let Err(error) =
                            bar.suspend(|| err.write_all(&file_err).and_then(|()| out.write_all(&file_out)))
                    {
                        failure = Some(error);
                    }
                    status = status.combine(report.status);
                    reports.push(report);
                }
                Err(error) => {
                    failure.get_or_insert(error);
                }
            }
        },
    );
    bar.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    let rows: Vec<table::Row> = reports.iter().map(table::Row::of_validation).collect();
    let totals = table::Totals::of(&rows, gathered.skipped);
    if gathered.batch && format != OutputFormat::Json {
        table::write_text(out, &rows, &totals, Mode::Validate)?;
    }
    if let (Some(path), Some(kind)) = (batch.report, kind) {
        let as_checks: Vec<report::CheckReport> =
            reports.iter().map(report::ValidationReport::as_check_report).collect();
        let audited = Audited {
            reports: &as_checks,
            rows: &rows,
            totals: &totals,
            mode: Mode::Validate,
            title: audit_title("validate", paths),
        };
        let written = write_report(path, kind, &audited, err)?;
        status = status.combine(written);
    }
    Ok(status)
}

/// `trfcheck identify`: every system and option that applies to the file, with the rounds each
/// one's pairing matches. Exit 0 when one of them matches every round it checks, 1 when none does.
fn identify(
    path: &Path,
    format: OutputFormat,
    jobs: Option<usize>,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let inspected = verify::inspect(path, options);
    let name = verify::display_name(path);
    let json = format == OutputFormat::Json;
    // What stops identification: said on stderr in text, in the object with --format json (whose
    // stderr carries logs only, issue #15 item 2).
    let stop = |status: Status, error: String, out: &mut dyn Write, err: &mut dyn Write| -> io::Result<Status> {
        if json {
            let diagnostics: Vec<_> = inspected.diagnostics.iter().collect();
            let value = serde_json::json!({"schema": report::SCHEMA, "file": name, "status": status,
                "error": error, "diagnostics": diagnostics});
            report::write_json_line(out, &value)?;
        } else {
            writeln!(err, "trfcheck: {error}")?;
        }
        Ok(status)
    };
    if let Some(error) = &inspected.read_error {
        return stop(Status::Io, error.clone(), out, err);
    }
    if !json {
        report::write_diagnostics(err, inspected.loaded.as_ref(), &name, &inspected.diagnostics, style)?;
    }
    let Some(tournament) = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()) else {
        return stop(Status::Invalid, format!("{name} is not a tournament file trfcheck reads"), out, err);
    };
    if inspected.diagnostics.has_errors() {
        return stop(Status::Invalid, format!("{name} is invalid; nothing identified"), out, err);
    }
    if tournament.rounds_paired() == 0 {
        return stop(
            Status::NothingToCheck,
            format!("{name}: nothing to check: the file records no paired round"),
            out,
            err,
        );
    }
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let found = crate::identify::identify(tournament, jobs);
    let robin = crate::identify::round_robin(tournament);
    let rounds = tournament.rounds_paired();
    match format {
        OutputFormat::Json => {
            let value = serde_json::json!({
                "schema": report::SCHEMA, "file": name, "rounds": rounds, "round_robin": robin, "candidates": found,
            });
            report::write_json_line(out, &value)?;
        }
        OutputFormat::Text | OutputFormat::Bbp => {
            let noun = if rounds == 1 { "round" } else { "rounds" };
            writeln!(out, "{name}: {rounds} {noun} recorded; the rounds each system's pairing matches, best first:")?;
            let width = found.iter().map(|c| c.label().chars().count()).max().unwrap_or(0);
            for candidate in &found {
                let matching = if candidate.matching.is_empty() {
                    "none".to_owned()
                } else {
                    report::rounds_text(&candidate.matching)
                };
                let not_checked = if candidate.not_checked.is_empty() {
                    String::new()
                } else {
                    format!("; {} not checked", report::rounds_text(&candidate.not_checked))
                };
                writeln!(
                    out,
                    "  {:<width$}  {:>3} of {}  {matching}{not_checked}",
                    candidate.label(),
                    candidate.matching.len(),
                    candidate.matching.len() + candidate.differing.len()
                )?;
            }
            if let Some(robin) = &robin {
                writeln!(out, "{name}: {robin}")?;
            }
        }
    }
    let explained = found.iter().any(|c| c.differing.is_empty() && !c.matching.is_empty());
    Ok(if explained { Status::Ok } else { Status::Mismatch })
}

fn pair(
    path: &Path,
    system: Option<SystemId>,
    draughts: &crate::model::DraughtsOptions,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let inspected = verify::inspect(path, options);
    let name = verify::display_name(path);
    if let Some(error) = inspected.read_error {
        writeln!(err, "trfcheck: {error}")?;
        return Ok(Status::Io);
    }
    report::write_diagnostics(err, inspected.loaded.as_ref(), &name, &inspected.diagnostics, style)?;
    let Some(tournament) = inspected.loaded.as_ref().and_then(|l| l.tournament.as_ref()) else {
        return Ok(Status::Invalid);
    };
    if inspected.diagnostics.has_errors() {
        writeln!(err, "trfcheck: {name} is invalid; no pairing made")?;
        return Ok(Status::Invalid);
    }
    match verify::pair_next_with(tournament, system, draughts) {
        Ok(next) => {
            warn_unused_draughts_flags(err, &name, next.resolved.system, draughts)?;
            if next.resolved.source == "assumed" {
                writeln!(err, "trfcheck: {name}: {}", next.resolved.reason)?;
            }
            if let Some(caveat) = &next.resolved.caveat {
                writeln!(err, "trfcheck: {name}: note: {caveat}")?;
            }
            // The FMJD options said on stderr when a flag or the XDO record chose one (stdout is
            // the JaVaFo layout, which has no place for them).
            if let Some(used) = verify::used_options(tournament, next.resolved.system, draughts)
                && used.iter().any(|o| o.source == "flag" || o.source == "XDO record")
            {
                writeln!(err, "trfcheck: {name}: options: {}", crate::systems::fmjd::describe_options(&used))?;
            }
            tracing::info!(file = %name, round = next.round, system = %next.resolved.system, "paired");
            report::javafo::write(out, &next.pairing)?;
            Ok(Status::Ok)
        }
        Err(error @ verify::PairError::NoValidPairing { .. }) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::Mismatch)
        }
        Err(error @ (verify::PairError::Finished(_) | verify::PairError::NobodyToPair(_))) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::Usage)
        }
        Err(error) => {
            writeln!(err, "trfcheck: {name}: {error}")?;
            Ok(Status::System)
        }
    }
}

fn convert(
    path: &Path,
    system: Option<SystemId>,
    output: Option<&Path>,
    options: ReadOptions,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if let Err(status) = refuse_unwritable(output, &[path], err)? {
        return Ok(status);
    }
    let loaded = match verify::read_input(path, options) {
        Ok(loaded) => loaded,
        Err(error) => {
            writeln!(err, "trfcheck: {error}")?;
            return Ok(Status::Io);
        }
    };
    let name = verify::display_name(path);
    report::write_diagnostics(err, Some(&loaded), &name, &loaded.diagnostics, style)?;
    let Some(tournament) = loaded.valid_tournament() else {
        writeln!(err, "trfcheck: {name} is invalid; nothing converted")?;
        return Ok(Status::Invalid);
    };
    let Some(system) = system else { return write_trf(tournament, &name, output, out, err) };
    // SPEC: `--system` writes 192, so that a check of the converted file needs no flag.
    if let Some(warning) = crate::systems::cross_game_warning(tournament, system) {
        writeln!(err, "trfcheck: {name}: warning: {warning}")?;
    }
    let mut declared = tournament.clone();
    declared.header.system_code = Some(system.code().to_owned());
    write_trf(&declared, &name, output, out, err)
}

/// Writes a tournament as TRF-2026 to `output` (see [`output::write_output`]) or standard
/// output; the writer's warnings go to `err` under `name`.
fn write_trf(
    tournament: &crate::model::Tournament,
    name: &str,
    output: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let (text, warnings) = formats::trf::write(tournament);
    for warning in &warnings {
        writeln!(err, "{}", crate::diagnostics::render::render_short(name, warning))?;
    }
    match output {
        None => out.write_all(text.as_bytes())?,
        Some(target) => {
            if let Err(error) = output::write_output(target, text.as_bytes()) {
                writeln!(err, "trfcheck: {error}")?;
                return Ok(Status::Io);
            }
        }
    }
    Ok(Status::Ok)
}

fn generate_tournament(
    options: &generate::GenerateOptions,
    output: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    if let Err(status) = refuse_unwritable(output, &[], err)? {
        return Ok(status);
    }
    let tournament = match generate::generate(options) {
        Ok(tournament) => tournament,
        Err(error) => {
            writeln!(err, "trfcheck: {error}")?;
            return Ok(match error {
                generate::GenerateError::Unsupported(_) | generate::GenerateError::GaveUp { .. } => Status::System,
                generate::GenerateError::InvalidOption { .. } => Status::Usage,
                generate::GenerateError::NoValidPairing { .. } | generate::GenerateError::EngineFault { .. } => {
                    Status::Mismatch
                }
            });
        }
    };
    let name = output.map_or("<stdout>".to_owned(), |p| p.display().to_string());
    let status = write_trf(&tournament, &name, output, out, err)?;
    if matches!(status, Status::Ok) {
        tracing::info!(system = %options.system, players = options.players, rounds = options.rounds, seed = options.seed, "generated");
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Issue #15 item 5: every argument and option of every command says what it is for in
    /// `--help`, and `--system` is described wherever it is accepted.
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
        // check, pair, watch, generate, convert.
        assert_eq!(systems, 5);
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
            Command::Check { format: OutputFormat::Bbp, system: Some(SystemId::Dutch2025), .. }
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
            Command::Generate { options: GenerateArgs { draw_rate: 0.0, points: generate::Scoring { .. }, .. }, .. }
        ));
        for bad in [["--draw-rate", "1.5"], ["--bye-rate", "-0.1"], ["--points", "3,1"], ["--ratings", "2000"]] {
            assert!(Cli::try_parse_from(generate.into_iter().chain(bad)).is_err(), "{bad:?}");
        }
    }
}
