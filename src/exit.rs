//! Exit codes: part of the contract (SPEC.md), documented in the README.

use std::process::ExitCode;

/// What a run ends with. With several files, the run exits with the highest code of any file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// 0: every checked round matches (or: every file is valid).
    Ok = 0,
    /// 1: at least one round differs, or a recorded round has no legal pairing under the system.
    Mismatch = 1,
    /// 2: usage error.
    Usage = 2,
    /// 3: an input file is invalid (parse or consistency error).
    Invalid = 3,
    /// 4: the pairing system is unknown, not declared and not inferable, or not supported for this file.
    System = 4,
    /// 5: a file cannot be read or written.
    Io = 5,
}

impl Status {
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The status of a run over several files.
    pub fn combine(self, other: Status) -> Status {
        self.max(other)
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }
}
