//! Which names a folder audit and `watch` look at inside a folder.
//!
//! Three tests, all cheap and all on the name alone: temporary and swap files are never looked at;
//! only names with a tournament extension are candidates; and of those, a TRF name says the file
//! is a tournament. Whether any other candidate (`.txt`, `.csv`, …) really is a tournament file is
//! judged by its content (`formats::is_tournament_file`).

use std::ffi::OsStr;
use std::path::{Component, Path};

/// Extensions of files that may hold a tournament (compared case-insensitively).
pub const TOURNAMENT_EXTENSIONS: &[&str] = &["trf", "trfx", "txt", "tab", "csv"];

/// Extensions that say the file is a tournament: a FIDE TRF, JaVaFo's TRF(x). A file so named that
/// does not read as a tournament is a defective tournament file, never a file to pass over.
pub const TRF_EXTENSIONS: &[&str] = &["trf", "trfx"];

/// Extensions of editors' and downloaders' temporary, swap and backup files.
const TEMPORARY_EXTENSIONS: &[&str] = &["swp", "swx", "swo", "tmp", "temp", "bak", "part", "partial", "crdownload"];

/// True for names that editors, office suites, pairing programs and `tempfile` use for temporary,
/// swap, lock and backup files, and for hidden names in general:
/// `.#t.trf`, `#t.trf#`, `t.trf.swp`, `.t.trf.swx`, `t.trf~`, `t.tmp`, `.~lock.t.csv#`, `~$t.csv`,
/// `.tmpA1b2C3` (tempfile), `.t.trf` (any name starting with a dot).
pub fn is_ignored_name(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    if name.starts_with('.') || name.starts_with("~$") || name.ends_with('~') {
        return true;
    }
    if name.starts_with('#') && name.ends_with('#') {
        return true;
    }
    extension(&name).is_some_and(|ext| TEMPORARY_EXTENSIONS.iter().any(|t| ext.eq_ignore_ascii_case(t)))
}

/// True when the name has one of [`TOURNAMENT_EXTENSIONS`].
pub fn has_tournament_extension(path: &Path) -> bool {
    let Some(name) = path.file_name() else { return false };
    let name = name.to_string_lossy();
    extension(&name).is_some_and(|ext| TOURNAMENT_EXTENSIONS.iter().any(|t| ext.eq_ignore_ascii_case(t)))
}

/// True when the name says the file is a tournament ([`TRF_EXTENSIONS`]), whatever it holds.
pub fn names_a_tournament(path: &Path) -> bool {
    let Some(name) = path.file_name() else { return false };
    let name = name.to_string_lossy();
    extension(&name).is_some_and(|ext| TRF_EXTENSIONS.iter().any(|t| ext.eq_ignore_ascii_case(t)))
}

/// True when a path below a watched directory (given relative to it) is out of bounds: a hidden
/// directory on the way (`.git/…`), or an ignored file name.
pub fn is_ignored_relative(relative: &Path) -> bool {
    let mut components = relative.components().peekable();
    while let Some(component) = components.next() {
        let Component::Normal(name) = component else { continue };
        let last = components.peek().is_none();
        if if last { is_ignored_name(name) } else { name.to_string_lossy().starts_with('.') } {
            return true;
        }
    }
    false
}

fn extension(name: &str) -> Option<&str> {
    name.rsplit_once('.').map(|(_, ext)| ext)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_and_swap_names_are_ignored() {
        for name in [
            ".#t.trf",
            "#t.trf#",
            "t.trf.swp",
            "t.trf.SWX",
            ".t.trf.swp",
            ".t.trf.swo",
            "t.trf~",
            "t.tmp",
            "t.trf.tmp",
            ".~lock.t.csv#",
            "~$t.csv",
            ".tmpA1b2C3",
            ".hidden.trf",
            "t.trf.part",
            "t.trf.bak",
        ] {
            assert!(is_ignored_name(OsStr::new(name)), "{name}");
        }
        for name in ["t.trf", "round 5.TRF", "crosstable.csv", "t#1.trf", "a~b.txt"] {
            assert!(!is_ignored_name(OsStr::new(name)), "{name}");
        }
    }

    #[test]
    fn tournament_extensions_are_case_insensitive() {
        for name in ["t.trf", "t.TRF", "t.trfx", "t.txt", "t.Tab", "t.csv", "dir.x/t.trf"] {
            assert!(has_tournament_extension(Path::new(name)), "{name}");
        }
        for name in ["t", "t.pdf", "t.trf.swp", "trf", "t.csv~", "t.pgn"] {
            assert!(!has_tournament_extension(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn only_trf_names_say_the_file_is_a_tournament() {
        for name in ["t.trf", "T.TRF", "t.trfx", "dir.x/t.Trf"] {
            assert!(names_a_tournament(Path::new(name)), "{name}");
            assert!(has_tournament_extension(Path::new(name)), "{name}");
        }
        for name in ["t.txt", "t.csv", "t.tab", "trf", "t.trf.swp", "t.pdf"] {
            assert!(!names_a_tournament(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn hidden_directories_are_out_of_bounds() {
        assert!(is_ignored_relative(Path::new(".git/t.trf")));
        assert!(is_ignored_relative(Path::new("a/.cache/b/t.trf")));
        assert!(is_ignored_relative(Path::new("a/t.trf.swp")));
        assert!(!is_ignored_relative(Path::new("a/b/t.trf")));
        assert!(!is_ignored_relative(Path::new("t.trf")));
        assert!(!is_ignored_relative(Path::new("")));
    }
}
