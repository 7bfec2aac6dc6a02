//! The command line: argument parsing (clap) and the commands, over the library. [`args`] holds
//! every argument; each command has its module; `check` and `validate` share [`batch`].

mod args;
mod batch;
mod check;
mod convert;
mod crosscheck;
mod generate;
mod identify;
mod manual;
mod organiser_flags;
mod output;
mod pair;
mod reading;
mod serve;
mod standings;
mod streams;
mod validate;
mod watch;
mod writing;

use std::io;
use std::process::ExitCode;

use clap::Parser;

pub use args::{
    AuditArgs, Cli, ColourChoice, Command, ConvertTarget, FailOn, GenerateArgs, OrganiserArgs, PlainFormat, ReadArgs,
    StandingsArgs, StandingsFormat, TieBreakList,
};

use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::verify::CheckOptions;

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { Status::Usage.code() } else { 0 });
        }
    };
    streams::init_logging(cli.verbose);
    let style = Style { colour: streams::colour(cli.color) };
    // A verdict that cannot be written is no verdict: the run is not even begun (exit 5).
    if cli.command.writes_to_stdout() && streams::stdout_is_closed() {
        eprintln!("trfcheck: standard output is closed; the results could not be written");
        return Status::Io.into();
    }
    match run(cli.command, style, cli.color) {
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

/// Runs a command; `Err` only for failures to write the output.
pub fn run(command: Command, style: Style, colour: args::ColourChoice) -> io::Result<Status> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Not locked for the whole command: the threads that check rounds log to stderr and draw the
    // progress bar there, and would wait forever for a lock this thread holds.
    let mut err = io::stderr();
    match command {
        Command::Check { files, system, rounds, format, jobs, fail_on, audit, organiser, read, standings } => {
            let file_options = args::check_options(system, &organiser, &read, &standings);
            let (fail_on, pairings_only) = fail_on.split();
            let options = CheckOptions { rounds, jobs, fail_on, pairings_only, ..file_options };
            let flags =
                batch::BatchFlags { report: audit.report.as_deref(), jobs, quiet: audit.quiet, boards: audit.boards };
            check::check(&files, &options, format, flags, style, &mut out, &mut err)
        }
        Command::Validate { files, format, jobs, audit, read } => {
            let flags =
                batch::BatchFlags { report: audit.report.as_deref(), jobs, quiet: audit.quiet, boards: audit.boards };
            validate::validate(&files, read.options(), format.into(), flags, style, &mut out, &mut err)
        }
        Command::Identify { file, format, jobs, read } => {
            identify::identify(&file, format.into(), jobs, read.options(), style, &mut out, &mut err)
        }
        Command::Pair { file, system, format, output, organiser, read } => {
            let organiser = organiser.options();
            let request = pair::PairRequest { system, organiser: &organiser, format, output: output.as_deref() };
            pair::pair(&file, request, read.options(), style, &mut out, &mut err)
        }
        Command::Standings { file, rules, tie_breaks, unrated_rating, after_round, format, read } => {
            let request = crate::standings::fide::Request {
                edition: rules,
                tie_breaks: tie_breaks.map(|list| list.0),
                unrated_rating: unrated_rating.map(i64::from),
                after_round,
            };
            standings::standings(&file, &request, format, read.options(), style, &mut out, &mut err)
        }
        Command::Watch { paths, system, format, debounce_ms, no_pair_ahead, organiser, read, standings } => {
            drop(out);
            let options = crate::watch::WatchOptions {
                check: args::check_options(system, &organiser, &read, &standings),
                format: format.into(),
                debounce: std::time::Duration::from_millis(debounce_ms),
                pair_ahead: !no_pair_ahead,
                colour: streams::colour_on_stdout(colour),
            };
            watch::watch(&paths, &options, &mut err)
        }
        Command::Serve {
            listen,
            max_file_size,
            jobs,
            queue,
            check_timeout,
            header_timeout,
            record,
            record_clients,
            token_file,
        } => {
            let defaults = crate::serve::ServeOptions::default();
            let options = crate::serve::ServeOptions {
                max_file_size,
                jobs: jobs.unwrap_or(defaults.jobs).max(1),
                queue,
                check_timeout,
                header_timeout: std::time::Duration::from_secs(header_timeout.max(1)),
                record,
                record_clients,
                token_file,
                ..defaults
            };
            serve::serve(listen, options, &mut err)
        }
        Command::Generate { options, output } => {
            generate::generate_tournament(&options.options(), output.as_deref(), &mut out, &mut err)
        }
        Command::Convert { file, to: ConvertTarget::Trf, system, output, read } => {
            convert::convert(&file, system, output.as_deref(), read.options(), style, &mut out, &mut err)
        }
        Command::Crosscheck { part: Some(args::CrosscheckPart::Merge { reports, format, report }), .. } => {
            crosscheck::merge(&reports, format, report.as_deref(), &mut out, &mut err)
        }
        Command::Crosscheck {
            part: None,
            engine,
            generator,
            system,
            tournaments,
            seed,
            players,
            rounds,
            timeout,
            save,
            draw,
            organiser,
            shrink_time,
            no_shrink,
            jobs,
            shard,
            format,
            report,
        } => {
            // clap requires a program and the system unless `merge` is given.
            let (direction, program) = match (engine, generator) {
                (Some(engine), _) => (crate::crosscheck::Direction::Pairs, engine),
                (None, Some(generator)) => (crate::crosscheck::Direction::Generates, generator),
                (None, None) => return Ok(Status::Usage),
            };
            let Some(system) = system else { return Ok(Status::Usage) };
            let options = crate::crosscheck::CrosscheckOptions {
                system,
                engine: program,
                direction,
                tournaments,
                seed,
                players,
                rounds,
                timeout: std::time::Duration::from_secs_f64(timeout.max(0.001)),
                save,
                draw: draw.apply(crate::generate::GenerateOptions {
                    organiser: organiser.options(),
                    ..crate::generate::GenerateOptions::new(system, 0, 0, 0)
                }),
                shrink_time: (!no_shrink).then(|| std::time::Duration::from_secs_f64(shrink_time.max(0.0))),
                jobs: jobs.unwrap_or_else(crate::crosscheck::default_jobs).max(1),
                shard,
            };
            crosscheck::crosscheck(&options, format, report.as_deref(), &mut out, &mut err)
        }
        Command::Completions { shell } => manual::completions(shell, &mut out),
        Command::Man => manual::man(&mut out),
    }
}
