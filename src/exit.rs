//! Exit codes: part of the contract (SPEC.md), documented in the README.

use std::process::ExitCode;

/// What a file's check (or a run) ends with. Its JSON name (the file's `status`) is the word of
/// the summary table (`report::table::status_label`), kebab-cased: `match`, `differs`,
/// `usage-error`, `invalid`, `unsupported`, `nothing-to-check`, `unreadable` (docs/json.md).
///
/// With several files, the run exits with the status of highest [`Status::rank`], which is not the
/// highest code: a difference found (1) outranks a file that could not be checked (4), so that a
/// folder with one unsupported team event among the files that differ still exits with 1. The
/// order, from the highest: 2 usage, 5 read or write failure, 3 invalid input, 1 a round differs,
/// 4 system unsupported or nothing to check, 0 every checked round matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// 0: every checked round matches (or: every file is valid). JSON `match` (`valid` in
    /// `validate`'s objects).
    #[serde(rename = "match")]
    Ok,
    /// 1: at least one round differs, or a recorded round has no legal pairing under the system.
    #[serde(rename = "differs")]
    Mismatch,
    /// 2: usage error.
    #[serde(rename = "usage-error")]
    Usage,
    /// 3: an input file is invalid (parse or consistency error).
    Invalid,
    /// 4: the pairing system is unknown, not declared and not inferable, or not supported for this file.
    #[serde(rename = "unsupported")]
    System,
    /// 4: the file records no round to check (or a folder holds no tournament file): a run that
    /// checked nothing is never a pass.
    NothingToCheck,
    /// 5: a file cannot be read or written.
    #[serde(rename = "unreadable")]
    Io,
}

impl Status {
    pub fn code(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Mismatch => 1,
            Status::Usage => 2,
            Status::Invalid => 3,
            Status::System | Status::NothingToCheck => 4,
            Status::Io => 5,
        }
    }

    /// The place of the status in the order of several files: higher wins.
    pub fn rank(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::System | Status::NothingToCheck => 1,
            Status::Mismatch => 2,
            Status::Invalid => 3,
            Status::Io => 4,
            Status::Usage => 5,
        }
    }

    /// The status of a run over several files: the one of higher [`rank`](Status::rank).
    pub fn combine(self, other: Status) -> Status {
        if other.rank() > self.rank() { other } else { self }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_outranks_a_file_that_could_not_be_checked() {
        let order = [Status::Ok, Status::System, Status::Mismatch, Status::Invalid, Status::Io, Status::Usage];
        for (i, &low) in order.iter().enumerate() {
            for &high in &order[i..] {
                assert_eq!(low.combine(high), high, "{low:?} then {high:?}");
                assert_eq!(high.combine(low), high, "{high:?} then {low:?}");
            }
        }
        assert_eq!(Status::NothingToCheck.combine(Status::Mismatch), Status::Mismatch);
        assert_eq!(Status::Ok.combine(Status::NothingToCheck).code(), 4);
    }
}
