//! Input formats: telling them apart, and reading any of them into a [`Tournament`].

pub mod fmjd;
pub mod source;
pub mod trf;

use std::path::{Path, PathBuf};

use tracing::debug;

use crate::diagnostics::{Code, Diagnostic, Diagnostics};
use crate::model::Tournament;
use source::SourceText;

/// Reading options.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// Turn recoverable errors into warnings.
    pub lenient: bool,
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
}

/// Reads a file from disk.
pub fn read_path(path: &Path, options: ReadOptions) -> Result<Loaded, ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io { path: path.to_owned(), source })?;
    Ok(read_bytes(path, &bytes, options))
}

/// Reads the bytes of a file; `path` is only used to name it.
pub fn read_bytes(path: &Path, bytes: &[u8], options: ReadOptions) -> Loaded {
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

/// True when the bytes look like a file trfcheck reads (a TRF or an FMJD crosstable), judged by
/// content as `read_bytes` judges it. `watch` uses it to pick files in a directory.
pub fn is_tournament_file(bytes: &[u8]) -> bool {
    let (source, _) = SourceText::decode(bytes);
    detect(&source).is_ok()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Detected {
    Trf,
    Crosstable(fmjd::Layout),
}

/// Tells the format from the content, not the file name.
fn detect(source: &SourceText) -> Result<Detected, Diagnostic> {
    if let Some(layout) = fmjd::detect(source) {
        return Ok(Detected::Crosstable(layout));
    }
    let first = source.lines().find(|l| !l.text.trim().is_empty());
    let Some(first) = first else {
        return Err(
            Diagnostic::error(Code::UnknownFormat, "the file is empty").expected("a TRF file or an FMJD crosstable")
        );
    };
    let looks_like_trf = source.lines().any(|line| {
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
    } else if source.lines().any(|l| l.text.trim().starts_with("AW;-;Pt;WP;SB")) {
        "a Toernooimanager standings export: it has totals but no pairings"
    } else {
        "not a format trfcheck reads"
    };
    Err(Diagnostic::error(Code::UnknownFormat, format!("the file is {what}"))
        .at(first.span())
        .expected("a FIDE TRF file (records such as `012`, `001`), a Draughts Arbiter crosstable (`Place;S.No.;…`) or an FMJD-report matrix (`Pl;FMJD-id;…`)"))
}
