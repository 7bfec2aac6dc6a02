//! The federation's audit record (`--record FILE.sqlite`): each file submitted, with what was
//! asked and found, in an embedded SQLite database (rusqlite, SQLite bundled). Never the client's
//! address unless `--record-clients` asks for it; without `--record`, nothing is kept.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// One file submitted, as the record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Submission {
    pub id: i64,
    /// When it was answered, RFC 3339 with the local offset.
    pub time: String,
    /// The request: `check`, `validate`, `pair`, `standings`, or `page` (the upload form).
    pub request: String,
    /// The name the client gave the file.
    pub file: String,
    /// SHA-256 of the bytes, in hex.
    pub sha256: String,
    pub size: u64,
    /// The system the file was checked or paired under, when one was settled.
    pub system: Option<String>,
    /// The answer's `status` (`match`, `differs`, `invalid`, `nothing-to-pair`, …).
    pub status: String,
    /// The worst severity of a differing round (`check`).
    pub worst_severity: Option<String>,
    /// The rounds checked and those that differ (`check`).
    pub rounds_checked: Option<u32>,
    pub rounds_differing: Option<u32>,
    pub trfcheck: String,
    /// The client's address, with `--record-clients` only.
    pub client: Option<String>,
}

/// What a submission is about, before the record numbers and dates it.
pub struct Entry<'a> {
    pub request: &'a str,
    pub file: &'a str,
    pub bytes: &'a [u8],
    pub system: Option<String>,
    pub status: String,
    pub worst_severity: Option<String>,
    pub rounds: Option<(u32, u32)>,
    pub client: Option<String>,
}

/// The open record.
pub struct Record {
    connection: Mutex<Connection>,
    clients: bool,
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    request TEXT NOT NULL,
    file TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    system TEXT,
    status TEXT NOT NULL,
    worst_severity TEXT,
    rounds_checked INTEGER,
    rounds_differing INTEGER,
    trfcheck TEXT NOT NULL,
    client TEXT
)";

impl Record {
    /// Opens the record at `path`, creating it (and its table) when it does not exist.
    pub fn open(path: &Path, clients: bool) -> rusqlite::Result<Record> {
        let connection = Connection::open(path)?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.execute(SCHEMA, [])?;
        Ok(Record { connection: Mutex::new(connection), clients })
    }

    /// Keeps a submission; a failure to write is logged, and the answer still goes out.
    pub fn add(&self, entry: Entry<'_>) {
        let time = crate::report::local_time_now();
        let sha256 = hex(&Sha256::digest(entry.bytes));
        let client = if self.clients { entry.client } else { None };
        let (checked, differing) = entry.rounds.unzip();
        let Ok(connection) = self.connection.lock() else {
            tracing::error!("the audit record is unusable after a failed write");
            return;
        };
        let written = connection.execute(
            "INSERT INTO submissions (time, request, file, sha256, size, system, status, worst_severity,
                rounds_checked, rounds_differing, trfcheck, client)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                time,
                entry.request,
                entry.file,
                sha256,
                entry.bytes.len() as i64,
                entry.system,
                entry.status,
                entry.worst_severity,
                checked,
                differing,
                env!("CARGO_PKG_VERSION"),
                client
            ],
        );
        if let Err(error) = written {
            tracing::error!(%error, file = entry.file, "the submission could not be recorded");
        }
    }

    /// Every submission, the latest first.
    pub fn list(&self) -> rusqlite::Result<Vec<Submission>> {
        let connection = self.connection.lock().map_err(|_| rusqlite::Error::InvalidQuery)?;
        let mut statement = connection.prepare(
            "SELECT id, time, request, file, sha256, size, system, status, worst_severity, rounds_checked,
                rounds_differing, trfcheck, client FROM submissions ORDER BY id DESC",
        )?;
        let rows = statement.query_map([], |row| {
            Ok(Submission {
                id: row.get(0)?,
                time: row.get(1)?,
                request: row.get(2)?,
                file: row.get(3)?,
                sha256: row.get(4)?,
                size: row.get::<_, i64>(5)?.try_into().unwrap_or(0),
                system: row.get(6)?,
                status: row.get(7)?,
                worst_severity: row.get(8)?,
                rounds_checked: row.get(9)?,
                rounds_differing: row.get(10)?,
                trfcheck: row.get(11)?,
                client: row.get(12)?,
            })
        })?;
        rows.collect()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The submissions as CSV, a header line first (the csv crate quotes what needs it; a cell a
/// spreadsheet would run as a formula is prefixed with `'`, as the `--report FILE.csv` cells are).
pub fn csv(submissions: &[Submission]) -> std::io::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "id",
        "time",
        "request",
        "file",
        "sha256",
        "size",
        "system",
        "status",
        "worst_severity",
        "rounds_checked",
        "rounds_differing",
        "trfcheck",
        "client",
    ])?;
    let number = |n: Option<u32>| n.map_or_else(String::new, |n| n.to_string());
    for s in submissions {
        writer.write_record([
            s.id.to_string(),
            s.time.clone(),
            s.request.clone(),
            crate::report::table::spreadsheet_safe(&s.file).into_owned(),
            s.sha256.clone(),
            s.size.to_string(),
            s.system.clone().unwrap_or_default(),
            s.status.clone(),
            s.worst_severity.clone().unwrap_or_default(),
            number(s.rounds_checked),
            number(s.rounds_differing),
            s.trfcheck.clone(),
            s.client.clone().unwrap_or_default(),
        ])?;
    }
    writer.into_inner().map_err(|e| std::io::Error::other(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_submission_is_kept_with_its_digest_and_without_the_client_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        for clients in [false, true] {
            let path = dir.path().join(format!("record-{clients}.sqlite"));
            let record = Record::open(&path, clients).unwrap();
            record.add(Entry {
                request: "check",
                file: "=cmd|' /C calc'!A0.trf",
                bytes: b"abc",
                system: Some("dutch-2025".into()),
                status: "differs".into(),
                worst_severity: Some("quality".into()),
                rounds: Some((7, 2)),
                client: Some("192.0.2.7:5000".into()),
            });
            // Reopened: the submission is on disk.
            let listed = Record::open(&path, clients).unwrap().list().unwrap();
            assert_eq!(listed.len(), 1);
            let s = &listed[0];
            // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
            assert_eq!(s.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
            assert_eq!((s.size, s.rounds_checked, s.rounds_differing), (3, Some(7), Some(2)));
            assert_eq!(s.client.is_some(), clients);
            let csv = String::from_utf8(csv(&listed).unwrap()).unwrap();
            assert!(csv.starts_with("id,time,request,file,"), "{csv}");
            assert!(csv.contains("'=cmd"), "a formula is defused: {csv}");
        }
    }
}
