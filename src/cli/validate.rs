//! `trfcheck validate`: every file parsed and cross-checked (mirrored games, point totals, ids,
//! byes), without pairing, as a batch audit ([`super::batch`]).

use std::io::{self, Write};
use std::path::PathBuf;

use crate::audit::Entry;
use crate::diagnostics::render::Style;
use crate::exit::Status;
use crate::formats::ReadOptions;
use crate::report::{self, OutputFormat, ValidationReport};
use crate::verify;

use super::batch::{self, Batch, BatchFlags, FileAudit, Printed};

/// Validates the files and folders given (`validate`), with the summary table and `--report`
/// when there are several.
pub(super) fn validate(
    paths: &[PathBuf],
    options: ReadOptions,
    format: OutputFormat,
    flags: BatchFlags<'_>,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let batch = Batch { command: "validate", paths, format, flags };
    batch::run(&batch, &ValidateFiles { options, format, style }, out, err)
}

/// `validate` as the batch runs it on each file.
struct ValidateFiles {
    options: ReadOptions,
    format: OutputFormat,
    style: Style,
}

impl FileAudit for ValidateFiles {
    type Report = ValidationReport;

    fn audit_one_of_many(&self, entry: &Entry) -> io::Result<Printed<ValidationReport>> {
        let (inspected, report) = match entry {
            Entry::File(path) => verify::validate_path(path, self.options),
            Entry::Unreadable(unreadable) => {
                verify::validate_read(&entry.name(), Err(unreadable.read_error()), self.options)
            }
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        match self.format {
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
                    self.style,
                )?;
                writeln!(out, "{}", report.summary_line())?;
            }
        }
        Ok(Printed { report, out, err })
    }
}
