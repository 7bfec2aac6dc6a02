//! What trfcheck makes of its standard streams: the log on standard error, the colour of the
//! diagnostics, and a standard output closed before the start.

use std::io;

use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use super::args::ColourChoice;

/// True when standard output was closed when trfcheck started (`>&-`). Rust's runtime opens
/// `/dev/null` read-write in place of a closed standard descriptor before `main`, so every write
/// would vanish without an error: a descriptor 1 that is `/dev/null` opened read-write is taken
/// for a closed one. `> /dev/null`, which a shell opens write-only, is an output like any other.
pub(super) fn stdout_is_closed() -> bool {
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
pub(super) fn init_logging(verbose: u8) {
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
    let ansi = anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
    let layer = tracing_subscriber::fmt::layer().with_writer(io::stderr).with_target(false).with_ansi(ansi);
    let _ = tracing_subscriber::registry().with(layer).with(filter).try_init();
}

/// Whether the diagnostics are coloured: `--color`, and under `auto` a terminal on standard error
/// without NO_COLOR (<https://no-color.org>), as anstream decides.
pub(super) fn colour(choice: ColourChoice) -> bool {
    decide(choice, anstream::AutoStream::choice(&io::stderr()))
}

/// Whether standard output takes colour (the summary lines of `watch`).
pub(super) fn colour_on_stdout(choice: ColourChoice) -> bool {
    decide(choice, anstream::AutoStream::choice(&io::stdout()))
}

/// `auto` as anstream decides for the stream: a terminal, unless `NO_COLOR` is set (or
/// `CLICOLOR=0`; `CLICOLOR_FORCE` forces it).
fn decide(choice: ColourChoice, auto: anstream::ColorChoice) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => auto != anstream::ColorChoice::Never,
    }
}
