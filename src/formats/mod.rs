//! Input formats: telling them apart, and reading any of them into a [`Tournament`].

pub mod fmjd;
pub mod source;
pub mod trf;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use tracing::debug;

use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::model::Tournament;
use source::SourceText;

/// The format (and the encoding) is told from this many bytes at the start of a file: enough for
/// the header records of a TRF or the header row of a crosstable, and all that `watch` reads of a
/// file to decide whether it is a tournament at all.
pub const SNIFF_BYTES: usize = 16 * 1024;

/// Files larger than this are refused unless `--max-file-size` raises the limit. The largest real
/// tournament files are a few megabytes (a 1000-player, 11-round TRF is about 200 KB); the limit
/// keeps `/dev/zero`, a log file or a disk image given by mistake from filling memory.
pub const DEFAULT_MAX_FILE_SIZE: FileSize = FileSize(64 * 1024 * 1024);

/// A number of bytes, as `--max-file-size` takes it: `200M`, `1G`, `512K`, `1048576`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileSize(pub u64);

impl FileSize {
    pub fn bytes(self) -> u64 {
        self.0
    }
}

impl std::str::FromStr for FileSize {
    type Err = String;

    /// Digits, then optionally a unit K, M or G (powers of 1024), which may be followed by `B` or
    /// `iB`, in any case: `64M`, `64MB`, `64MiB`, `65536k`, `67108864`.
    fn from_str(text: &str) -> Result<FileSize, String> {
        let trimmed = text.trim();
        let digits = trimmed.find(|c: char| !c.is_ascii_digit()).unwrap_or(trimmed.len());
        let (number, unit) = trimmed.split_at(digits);
        let shift = match unit.trim_start().to_ascii_lowercase().as_str() {
            "" | "b" => 0,
            "k" | "kb" | "kib" => 10,
            "m" | "mb" | "mib" => 20,
            "g" | "gb" | "gib" => 30,
            "t" | "tb" | "tib" => 40,
            _ => {
                return Err(format!(
                    "`{text}` is not a size; expected a number of bytes, or one with K, M or G (such as 200M)"
                ));
            }
        };
        let value: u64 =
            number.parse().map_err(|_| format!("`{text}` is not a size; expected a number such as 200M"))?;
        value
            .checked_mul(1 << shift)
            .filter(|&bytes| bytes > 0)
            .map(FileSize)
            .ok_or_else(|| format!("`{text}` is not a usable size; expected more than 0 bytes and less than 16 EiB"))
    }
}

impl fmt::Display for FileSize {
    /// In the largest unit that divides it (`64 MiB`), else in bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
            if self.0 >= 1 << shift && self.0.is_multiple_of(1 << shift) {
                return write!(f, "{} {unit}", self.0 >> shift);
            }
        }
        write!(f, "{} bytes", self.0)
    }
}

/// Reading options.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions {
    /// Turn recoverable errors into warnings.
    pub lenient: bool,
    /// Refuse files larger than this.
    pub max_file_size: FileSize,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions { lenient: false, max_file_size: DEFAULT_MAX_FILE_SIZE }
    }
}

/// A file that could be opened, read as far as it goes.
#[derive(Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub source: SourceText,
    /// `None` when the file is not in a format trfcheck reads.
    pub tournament: Option<Tournament>,
    pub diagnostics: Diagnostics,
}

impl Loaded {
    pub fn display_path(&self) -> String {
        self.path.display().to_string()
    }

    /// The tournament, if it was read without errors.
    pub fn valid_tournament(&self) -> Option<&Tournament> {
        self.tournament.as_ref().filter(|_| !self.diagnostics.has_errors())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "cannot read {}: the file is larger than {limit}, the limit on input files; \
         raise it with --max-file-size (such as --max-file-size 200M)",
        path.display()
    )]
    TooLarge { path: PathBuf, limit: FileSize },
    #[error(
        "cannot read {}: it is {kind}, not a regular file; a tournament is read from a file, or from \
         standard input with `-` (such as `… | trfcheck check -`)",
        path.display()
    )]
    NotRegular { path: PathBuf, kind: &'static str },
    /// A path met while walking a folder that could not be looked at.
    #[error(
        "cannot read {}{}: {source}{}",
        path.display(),
        if *folder { " (a folder)" } else { "" },
        if *folder { "; nothing under it is checked" } else { "" }
    )]
    Unlisted {
        path: PathBuf,
        folder: bool,
        #[source]
        source: std::io::Error,
    },
}

/// Why [`open_regular`] opened nothing.
#[derive(Debug)]
pub enum OpenFailure {
    /// Something that is not a regular file is at the path: what it is ("a named pipe").
    NotRegular(&'static str),
    /// The path could not be looked at or opened (`NotFound` when nothing is there).
    Io(std::io::Error),
}

impl OpenFailure {
    /// The error of reading the file at `path` that this failure stops.
    pub fn into_read_error(self, path: &Path) -> ReadError {
        match self {
            OpenFailure::NotRegular(kind) => ReadError::NotRegular { path: path.to_owned(), kind },
            OpenFailure::Io(source) => ReadError::Io { path: path.to_owned(), source },
        }
    }
}

/// Opens a regular file (directly or through symbolic links) for reading, without ever blocking:
/// a named pipe, a socket or a device is never read, since opening a named pipe for reading
/// blocks until a writer comes and reading a device may never end. What counts is the file
/// opened, judged by its handle: the path may have been replaced since it was looked at.
pub fn open_regular(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), OpenFailure> {
    // Looked at first: a socket cannot be opened at all, and is named here.
    match std::fs::metadata(path) {
        Err(error) => return Err(OpenFailure::Io(error)),
        Ok(metadata) if !metadata.is_file() => return Err(OpenFailure::NotRegular(kind_of(&metadata))),
        Ok(_) => {}
    }
    let file = open_without_blocking(path).map_err(OpenFailure::Io)?;
    let metadata = file.metadata().map_err(OpenFailure::Io)?;
    if !metadata.is_file() {
        return Err(OpenFailure::NotRegular(kind_of(&metadata)));
    }
    Ok((file, metadata))
}

/// `O_NONBLOCK`: opening a named pipe for reading returns at once instead of waiting for a
/// writer. It changes nothing for a regular file (POSIX leaves it unspecified there; Linux and
/// the BSDs ignore it).
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// What a path that is not a regular file is, for the message that says it is not read.
pub fn kind_of(metadata: &std::fs::Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    "not a regular file"
}

/// Reads a regular file from disk ([`open_regular`]: a named pipe or a device is refused, never
/// waited on), at most `options.max_file_size` bytes of it.
pub fn read_path(path: &Path, options: ReadOptions) -> Result<Loaded, ReadError> {
    let (file, _) = open_regular(path).map_err(|failure| failure.into_read_error(path))?;
    let bytes = read_open_file(path, &file, Vec::new(), options)?;
    Ok(read_bytes(path, &bytes, options))
}

/// Reads the rest of a file that is open already, after `start` (what was read from it before,
/// such as the head `watch` sniffs), to at most `options.max_file_size` bytes in all. `path` only
/// names the file in errors.
pub fn read_open_file(
    path: &Path,
    file: &std::fs::File,
    start: Vec<u8>,
    options: ReadOptions,
) -> Result<Vec<u8>, ReadError> {
    let io_error = |source| ReadError::Io { path: path.to_owned(), source };
    let too_large = || ReadError::TooLarge { path: path.to_owned(), limit: options.max_file_size };
    let limit = options.max_file_size.bytes();
    // A regular file says its size: refused without reading it. (Devices and pipes say 0.)
    let known_size = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    if known_size.is_some_and(|size| size > limit) {
        return Err(too_large());
    }
    let mut bytes = start;
    let capacity = known_size.unwrap_or(0).min(limit).saturating_add(1);
    bytes.reserve(usize::try_from(capacity).unwrap_or(0).saturating_sub(bytes.len()));
    // One byte more than the limit tells a file at the limit from a larger one.
    let room = limit.saturating_add(1).saturating_sub(bytes.len() as u64);
    file.take(room).read_to_end(&mut bytes).map_err(io_error)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads the bytes of a file; `path` is only used to name it.
pub fn read_bytes(path: &Path, bytes: &[u8], options: ReadOptions) -> Loaded {
    if let Some(nuls) = source::nul_bytes(bytes) {
        // Not text at all: said as such, rather than decoded as Latin-1 and shown as a line of
        // mojibake under an encoding warning.
        let mut diagnostics = Diagnostics::new();
        diagnostics.push(binary_file(nuls));
        return Loaded { path: path.to_owned(), source: SourceText::binary(), tournament: None, diagnostics };
    }
    let (source, encoding_warning) = SourceText::decode(bytes);
    let mut diagnostics = Diagnostics::new();
    if let Some(warning) = encoding_warning {
        diagnostics.push(warning);
    }
    let tournament = match detect(&source) {
        Ok(Detected::Trf) => {
            debug!(path = %path.display(), "reading as TRF");
            let (tournament, found) = trf::read(&source);
            diagnostics.extend(found);
            Some(tournament)
        }
        Ok(Detected::Crosstable(layout)) => {
            debug!(path = %path.display(), ?layout, "reading as a draughts crosstable");
            let (tournament, found) = fmjd::read(&source, layout);
            diagnostics.extend(found);
            Some(tournament)
        }
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            None
        }
    };
    if options.lenient {
        diagnostics.make_lenient();
    }
    diagnostics.sort_by_line();
    Loaded { path: path.to_owned(), source, tournament, diagnostics }
}

/// The error of a binary file, placed in its message (the file has no text to show a snippet of).
fn binary_file(nuls: source::NulBytes) -> Diagnostic {
    let more = match nuls.count {
        1 => String::new(),
        count => format!("; {count} NUL bytes in all"),
    };
    Diagnostic::error(
        Code::BinaryFile,
        format!("binary file (NUL bytes at line {}, column {}{more}): not text", nuls.line, nuls.column),
    )
    .expected("a text file: a FIDE TRF file or an FMJD crosstable")
}

/// True when the bytes look like a file trfcheck reads (a TRF or an FMJD crosstable), judged by
/// content as `read_bytes` judges it: by the first [`SNIFF_BYTES`] bytes.
pub fn is_tournament_file(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if source::nul_bytes(head).is_some() {
        return false;
    }
    let (source, _) = SourceText::decode(head);
    detect(&source).is_ok()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Detected {
    Trf,
    Crosstable(fmjd::Layout),
}

/// Tells the format from the content, not the file name: from the lines that start in the first
/// [`SNIFF_BYTES`] bytes, so that it costs the same for any size of file.
fn detect(source: &SourceText) -> Result<Detected, Diagnostic> {
    if let Some(layout) = fmjd::detect(source) {
        return Ok(Detected::Crosstable(layout));
    }
    let head = || source.lines_starting_before(SNIFF_BYTES);
    let first = head().find(|l| !l.text.trim().is_empty());
    let Some(first) = first else {
        return Err(
            Diagnostic::error(Code::UnknownFormat, "the file is empty").expected("a TRF file or an FMJD crosstable")
        );
    };
    let looks_like_trf = head().any(|line| {
        let tag: String = line.text.chars().take(3).collect();
        let fourth = line.text.chars().nth(3);
        (trf::KNOWN_TAGS.contains(&tag.as_str()) && matches!(fourth, None | Some(' ') | Some('\t')))
            || line.text.starts_with("###")
    });
    if looks_like_trf {
        return Ok(Detected::Trf);
    }
    let what = if first.text.trim_start().starts_with('[') {
        "a PDN game file: it has games, but not the byes, absences and starting order a round check needs"
    } else if head().any(|l| l.text.trim().starts_with("AW;-;Pt;WP;SB")) {
        "a Toernooimanager standings export: it has totals but no pairings"
    } else {
        "not a format trfcheck reads"
    };
    Err(Diagnostic::error(Code::UnknownFormat, format!("the file is {what}"))
        .at(first.span())
        .expected("a FIDE TRF file (records such as `012`, `001`), a Draughts Arbiter crosstable (`Place;S.No.;…`) or an FMJD-report matrix (`Pl;FMJD-id;…`)"))
}
