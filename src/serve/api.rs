//! The JSON API: `POST /api/check` answers with exactly what `check --format json` prints, one
//! object per file (docs/json.md), and the check's outcome becomes an HTTP status a client can act
//! on (docs/serve.md, "Answers").

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::body::{Body, Bytes};
use axum::extract::{Extension, FromRequest, Multipart, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::gate::Refused;
use super::record::Entry;
use super::{ClientAddress, Shared};
use crate::formats;
use crate::report::table::{self, Mode};
use crate::report::{self, CheckReport};
use crate::systems::SystemChoice;
use crate::verify::{self, CheckOptions, RoundRange};

/// A file sent: its bytes, and the name the client gave it (a label for the answer, never a path).
pub(crate) struct Upload {
    pub name: String,
    pub bytes: Bytes,
}

/// The longest name kept from a client.
const NAME_LIMIT: usize = 200;

/// The name a client gave, cut to [`NAME_LIMIT`] characters and stripped of control characters;
/// `upload` when none was given.
fn label(given: Option<&str>) -> String {
    let name: String = given.unwrap_or("").chars().filter(|c| !c.is_control()).take(NAME_LIMIT).collect();
    if name.trim().is_empty() { "upload".to_owned() } else { name }
}

/// The query of `POST /api/check`: the options `check` takes on its command line.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct CheckQuery {
    /// `--system`: an edition or a family.
    pub system: Option<String>,
    /// `--rounds`: N, N-M or N-.
    pub rounds: Option<String>,
    /// The file's name, for a body that is the file itself.
    pub name: Option<String>,
}

/// An answer that is not a verdict: its HTTP status and what went wrong, as JSON
/// (`{"schema", "status", "error"}`).
#[derive(Debug)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub error: String,
}

impl ApiError {
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError { status, error: error.into() }
    }

    fn word(&self) -> &'static str {
        match self.status {
            StatusCode::BAD_REQUEST => "bad-request",
            StatusCode::NOT_FOUND => "not-found",
            StatusCode::UNAUTHORIZED => "unauthorized",
            StatusCode::PAYLOAD_TOO_LARGE => "too-large",
            StatusCode::TOO_MANY_REQUESTS => "busy",
            StatusCode::SERVICE_UNAVAILABLE => "unavailable",
            _ => "server-error",
        }
    }
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        match refused {
            Refused::Busy => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "every check is taken and the queue is full; try again shortly",
            ),
            Refused::TimedOut(limit) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the check took longer than its limit of {} s and was stopped", limit.as_secs_f64()),
            ),
            Refused::Failed => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the check failed inside trfcheck: a bug, please report it with the file",
            ),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"schema": report::SCHEMA, "status": self.word(), "error": self.error});
        let mut response = (self.status, axum::Json(body)).into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        }
        response
    }
}

/// The check's options from the query, as `check` builds them from its command line (every
/// default the same), the size limit the service's.
pub(crate) fn check_options(query: &CheckQuery, shared: &Shared) -> Result<CheckOptions, ApiError> {
    let system = match query.system.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(name) => Some(<SystemChoice as clap::ValueEnum>::from_str(name, true).map_err(|_| {
            let known: Vec<String> = system_choices().iter().map(|v| v.get_name().to_owned()).collect();
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("system `{name}` is unknown; expected one of {}", known.join(", ")),
            )
        })?),
    };
    let rounds = match query.rounds.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(
            text.parse::<RoundRange>()
                .map_err(|error| ApiError::new(StatusCode::BAD_REQUEST, format!("rounds `{text}`: {error}")))?,
        ),
    };
    let mut options = CheckOptions { system, rounds, jobs: Some(1), ..CheckOptions::default() };
    options.read.max_file_size = shared.options.max_file_size;
    Ok(options)
}

/// What `system` may name, as `--system` takes it: the editions, then the families.
pub(crate) fn system_choices() -> Vec<clap::builder::PossibleValue> {
    <SystemChoice as clap::ValueEnum>::value_variants().iter().filter_map(clap::ValueEnum::to_possible_value).collect()
}

/// What a request sends: its files, and a form's other fields (the upload page's `system`).
#[derive(Default)]
pub(crate) struct Sent {
    pub files: Vec<Upload>,
    pub fields: Vec<(String, String)>,
}

/// The files of a request: each file part of a `multipart/form-data` body (named by its file
/// name), or the body itself, named by `name`.
pub(crate) async fn uploads(request: Request, name: Option<&str>) -> Result<Sent, ApiError> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"));
    let mut sent = Sent::default();
    if !multipart {
        let bytes = Bytes::from_request(request, &())
            .await
            .map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
        // An empty body sends no file.
        if !bytes.is_empty() {
            sent.files.push(Upload { name: label(name), bytes });
        }
        return Ok(sent);
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    let failed = |error: axum::extract::multipart::MultipartError| ApiError::new(error.status(), error.body_text());
    while let Some(field) = form.next_field().await.map_err(failed)? {
        let Some(file_name) = field.file_name().map(str::to_owned) else {
            let name = field.name().unwrap_or_default().to_owned();
            sent.fields.push((name, field.text().await.map_err(failed)?));
            continue;
        };
        let bytes = field.bytes().await.map_err(failed)?;
        // A form sent with no file chosen has one empty part without a name.
        if file_name.is_empty() && bytes.is_empty() {
            continue;
        }
        sent.files.push(Upload { name: label(Some(&file_name)), bytes });
    }
    Ok(sent)
}

/// One file checked as `check --format json FILE` checks it: the report, hints included, and
/// whether the file was no tournament at all (trfcheck reads no such format).
pub(crate) fn check_upload(upload: &Upload, options: &CheckOptions, cancel: &AtomicBool) -> (CheckReport, bool) {
    let path = Path::new(&upload.name);
    let loaded = formats::read_bytes(path, &upload.bytes, options.read);
    let not_a_tournament = loaded.tournament.is_none();
    let (_, report) = crate::identify::check_with_hints(path, Ok(loaded), options, &|_| {}, cancel);
    (report, not_a_tournament)
}

/// Keeps a checked file in the audit record, when there is one (`request` names the request).
pub(crate) fn keep_check(
    shared: &Shared,
    request: &str,
    upload: &Upload,
    report: &CheckReport,
    client: Option<ClientAddress>,
) {
    let system = report.system().map(|s| s.id().to_owned());
    keep(shared, request, upload, system, table::status_name(report.status, Mode::Check), Some(report), client);
}

/// Keeps a file in the audit record, when there is one: the system it was read under, the
/// answer's `status` word, and for a check its worst severity and rounds.
fn keep(
    shared: &Shared,
    request: &str,
    upload: &Upload,
    system: Option<String>,
    status: String,
    check: Option<&CheckReport>,
    client: Option<ClientAddress>,
) {
    let Some(record) = &shared.record else { return };
    record.add(Entry {
        request,
        file: &upload.name,
        bytes: &upload.bytes,
        system,
        status,
        worst_severity: check.and_then(|r| r.worst_severity).map(|s| s.name().to_owned()),
        rounds: check.map(|r| (r.summary.rounds_checked, r.summary.mismatched_rounds.len() as u32)),
        client: client.map(|c| c.0.to_string()),
    });
}

/// `POST /api/check`.
pub(crate) async fn check(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<CheckQuery>,
    client: Option<Extension<ClientAddress>>,
    request: Request,
) -> Result<Response, ApiError> {
    let client = client.map(|Extension(c)| c);
    let kept = Arc::clone(&shared);
    let options = check_options(&query, &shared)?;
    let files = some_files(uploads(request, query.name.as_deref()).await?)?;
    let limit = shared.options.check_timeout;
    let checked = shared
        .gate
        .run(limit, size(&files), move |cancel| {
            let checked: Vec<_> = files.iter().map(|upload| check_upload(upload, &options, cancel)).collect();
            // A check stopped by the time limit is answered 503, and not recorded.
            if !cancel.load(Ordering::Relaxed) {
                for (upload, (report, _)) in files.iter().zip(&checked) {
                    keep_check(&kept, "check", upload, report, client);
                }
            }
            checked
        })
        .await?;
    one_object_a_file(&checked)
}

/// `POST /api/validate`: the JSON of `validate --format json`, one object per file.
pub(crate) async fn validate(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<CheckQuery>,
    client: Option<Extension<ClientAddress>>,
    request: Request,
) -> Result<Response, ApiError> {
    let client = client.map(|Extension(c)| c);
    let kept = Arc::clone(&shared);
    let options = check_options(&query, &shared)?.read;
    let files = some_files(uploads(request, query.name.as_deref()).await?)?;
    let validated = shared
        .gate
        .run(shared.options.check_timeout, size(&files), move |_| {
            files
                .iter()
                .map(|upload| {
                    let path = Path::new(&upload.name);
                    let loaded = formats::read_bytes(path, &upload.bytes, options);
                    let not_a_tournament = loaded.tournament.is_none();
                    let report = verify::validate_read(path, Ok(loaded), options).1;
                    keep(
                        &kept,
                        "validate",
                        upload,
                        None,
                        table::status_name(report.status, Mode::Validate),
                        None,
                        client,
                    );
                    (report, not_a_tournament)
                })
                .collect::<Vec<_>>()
        })
        .await?;
    one_object_a_file(&validated)
}

/// The bytes sent, which tell a large request from a small one (`gate::LARGE`).
pub(crate) fn size(files: &[Upload]) -> usize {
    files.iter().map(|f| f.bytes.len()).sum()
}

/// The files of a request that takes one or several.
fn some_files(sent: Sent) -> Result<Vec<Upload>, ApiError> {
    if sent.files.is_empty() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "no file in the request"));
    }
    Ok(sent.files)
}

/// The answer to several files, as the command line prints them: one JSON object a file, each
/// with whether the file was no tournament at all. One file that is no tournament is answered
/// 422, with the object that says why.
fn one_object_a_file(answers: &[(impl serde::Serialize, bool)]) -> Result<Response, ApiError> {
    let mut body = Vec::new();
    for (answer, _) in answers {
        report::write_json_line(&mut body, answer).map_err(internal)?;
    }
    let single = answers.len() == 1;
    let status = if single && answers[0].1 { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
    Ok(json_lines(status, single, body))
}

/// The query of `POST /api/pair`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PairQuery {
    /// `--system`.
    pub system: Option<String>,
    pub name: Option<String>,
}

/// An answer made on a blocking thread: the JSON body, or a refusal with its status and body.
type Made = Result<Vec<u8>, (StatusCode, Vec<u8>)>;

/// `POST /api/pair`: the JSON of `pair --format json`. A file that is no valid tournament is
/// answered 422 with the JSON of `validate`; a round that cannot be paired 422 with why
/// (`no-valid-pairing`, `nothing-to-pair`, `unsupported`).
pub(crate) async fn pair(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<PairQuery>,
    client: Option<Extension<ClientAddress>>,
    request: Request,
) -> Result<Response, ApiError> {
    let client = client.map(|Extension(c)| c);
    let kept = Arc::clone(&shared);
    let check = CheckQuery { system: query.system.clone(), ..CheckQuery::default() };
    let options = check_options(&check, &shared)?;
    let upload = one_file(uploads(request, query.name.as_deref()).await?)?;
    let bytes = upload.bytes.len();
    let made = shared
        .gate
        .run(shared.options.check_timeout, bytes, move |_| -> Made {
            let tournament = valid_tournament(&upload, options.read).inspect_err(|_| {
                keep(&kept, "pair", &upload, None, "invalid".to_owned(), None, client);
            })?;
            let flags = crate::model::OrganiserFlags::default();
            match verify::pair_next_with(&tournament, options.system, &flags) {
                Ok(next) => {
                    let system = Some(next.resolved.system.id().to_owned());
                    keep(&kept, "pair", &upload, system, "paired".to_owned(), None, client);
                    let notes = report::json::pair_notes(&tournament, &next, &flags);
                    json_body(&report::json::PairJson::new(&upload.name, &next, notes))
                }
                Err(error) => {
                    let word = match error {
                        verify::PairError::NoValidPairing { .. } | verify::PairError::GaveUp { .. } => {
                            "no-valid-pairing"
                        }
                        verify::PairError::Finished(_) | verify::PairError::NobodyToPair(_) => "nothing-to-pair",
                        verify::PairError::System(_) | verify::PairError::Unsupported(..) => "unsupported",
                    };
                    keep(&kept, "pair", &upload, None, word.to_owned(), None, client);
                    Err(refusal(&upload.name, word, &error.to_string()))
                }
            }
        })
        .await?;
    Ok(answer_made(made))
}

/// The query of `POST /api/standings`: the options `standings` takes on its command line.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct StandingsQuery {
    /// `--rules`: 2023, 2023/24, 2024 or 2026.
    pub rules: Option<String>,
    /// `--tie-breaks`: a list such as `BH/C1,BH,SB,DE`.
    pub tie_breaks: Option<String>,
    /// `--unrated-rating`.
    pub unrated_rating: Option<String>,
    /// `--after-round`.
    pub after_round: Option<String>,
    pub name: Option<String>,
}

impl StandingsQuery {
    /// The request `standings` builds from its command line; 400 for a value it would refuse.
    fn request(&self) -> Result<crate::standings::fide::Request, ApiError> {
        use crate::standings::fide;
        let bad = |what: &str, text: &str, error: String| {
            ApiError::new(StatusCode::BAD_REQUEST, format!("{what} `{text}`: {error}"))
        };
        fn given(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|t| !t.is_empty())
        }
        let edition = match given(&self.rules) {
            None => None,
            Some(text) => Some(text.parse::<fide::Edition>().map_err(|e| bad("rules", text, e.to_string()))?),
        };
        let tie_breaks = match given(&self.tie_breaks) {
            None => None,
            Some(text) => Some(fide::descriptor::parse_list(text).map_err(|e| bad("tie_breaks", text, e.to_string()))?),
        };
        let unrated_rating = match given(&self.unrated_rating) {
            None => None,
            Some(text) => Some(text.parse::<i64>().map_err(|e| bad("unrated_rating", text, e.to_string()))?),
        };
        let after_round = match given(&self.after_round) {
            None => None,
            Some(text) => Some(text.parse::<u32>().map_err(|e| bad("after_round", text, e.to_string()))?),
        };
        Ok(fide::Request { edition, tie_breaks, unrated_rating, after_round })
    }
}

/// `POST /api/standings`: the JSON of `standings --format json`; 422 with the JSON of `validate`
/// for a file that is no valid tournament, or with why there is nothing to rank.
pub(crate) async fn standings(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<StandingsQuery>,
    client: Option<Extension<ClientAddress>>,
    request: Request,
) -> Result<Response, ApiError> {
    use crate::standings::fide;
    let client = client.map(|Extension(c)| c);
    let kept = Arc::clone(&shared);
    let asked = query.request()?;
    let read = check_options(&CheckQuery::default(), &shared)?.read;
    let upload = one_file(uploads(request, query.name.as_deref()).await?)?;
    let bytes = upload.bytes.len();
    let made = shared
        .gate
        .run(shared.options.check_timeout, bytes, move |_| -> Made {
            let tournament = valid_tournament(&upload, read).inspect_err(|_| {
                keep(&kept, "standings", &upload, None, "invalid".to_owned(), None, client);
            })?;
            match fide::standings(&tournament, &asked) {
                Ok(standings) => {
                    keep(&kept, "standings", &upload, None, "ranked".to_owned(), None, client);
                    json_body(&report::json::standings_json(&upload.name, &standings))
                }
                Err(error) => {
                    let word = match error {
                        fide::StandingsError::Declaration { .. } => "invalid",
                        _ => "nothing-to-rank",
                    };
                    keep(&kept, "standings", &upload, None, word.to_owned(), None, client);
                    Err(refusal(&upload.name, word, &error.to_string()))
                }
            }
        })
        .await?;
    Ok(answer_made(made))
}

/// The one file of a request that takes one.
fn one_file(sent: Sent) -> Result<Upload, ApiError> {
    let count = sent.files.len();
    let mut files = sent.files.into_iter();
    match (files.next(), count) {
        (Some(file), 1) => Ok(file),
        (None, _) => Err(ApiError::new(StatusCode::BAD_REQUEST, "no file in the request")),
        _ => Err(ApiError::new(StatusCode::BAD_REQUEST, format!("{count} files sent; this request takes one"))),
    }
}

/// The tournament of a file, or the answer that refuses it: 422 with the JSON of `validate` for a
/// file that is no tournament or an invalid one (as `pair` and `standings` refuse it, exit 3).
fn valid_tournament(
    upload: &Upload,
    options: formats::ReadOptions,
) -> Result<crate::model::Tournament, (StatusCode, Vec<u8>)> {
    let path = Path::new(&upload.name);
    let read = Ok(formats::read_bytes(path, &upload.bytes, options));
    let (inspected, report) = verify::validate_read(path, read, options);
    if !inspected.diagnostics.has_errors()
        && let Some(tournament) = inspected.loaded.and_then(|l| l.tournament)
    {
        return Ok(tournament);
    }
    Err((StatusCode::UNPROCESSABLE_ENTITY, json_body(&report)?))
}

/// A value as one JSON line.
fn json_body(value: &impl serde::Serialize) -> Made {
    let mut body = Vec::new();
    report::write_json_line(&mut body, value)
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string().into_bytes()))?;
    Ok(body)
}

/// A 422 answer: what could not be done for the file, and why.
fn refusal(file: &str, word: &str, error: &str) -> (StatusCode, Vec<u8>) {
    let value = serde_json::json!({"schema": report::SCHEMA, "file": file, "status": word, "error": error});
    match json_body(&value) {
        Ok(body) => (StatusCode::UNPROCESSABLE_ENTITY, body),
        Err(failed) => failed,
    }
}

fn answer_made(made: Made) -> Response {
    match made {
        Ok(body) => json_lines(StatusCode::OK, true, body),
        Err((status, body)) => json_lines(status, true, body),
    }
}

fn internal(error: std::io::Error) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
}

/// JSON lines as the command line prints them: one object (`application/json`), or one a file.
fn json_lines(status: StatusCode, single: bool, body: Vec<u8>) -> Response {
    let kind = if single { "application/json" } else { "application/x-ndjson" };
    (status, [(header::CONTENT_TYPE, kind)], Body::from(body)).into_response()
}

/// The query of `GET /submissions`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SubmissionsQuery {
    /// `csv` for CSV; JSON otherwise.
    pub format: Option<String>,
}

/// Compares two byte strings in a time that depends on their lengths only, so that the time of
/// an answer does not tell how much of a guessed token was right.
fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len() && given.iter().zip(expected).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
}

/// `GET /submissions`: the audit record, the latest first, for the bearer of the token
/// (`--token-file`): JSON, or CSV with `?format=csv`.
pub(crate) async fn submissions(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<SubmissionsQuery>,
    headers: header::HeaderMap,
) -> Result<Response, ApiError> {
    let (Some(_), Some(token)) = (&shared.record, &shared.token) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no submissions are served: the service runs without --record, or without --token-file",
        ));
    };
    let given =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    if !given.is_some_and(|given| same_secret(given.trim().as_bytes(), token.as_bytes())) {
        let mut response =
            ApiError::new(StatusCode::UNAUTHORIZED, "the submissions need the bearer token").into_response();
        response.headers_mut().insert(header::WWW_AUTHENTICATE, header::HeaderValue::from_static("Bearer"));
        return Ok(response);
    }
    let csv = query.format.as_deref().is_some_and(|f| f.eq_ignore_ascii_case("csv"));
    let listed = tokio::task::spawn_blocking(move || {
        let Some(record) = shared.record.as_ref() else { return Ok(Vec::new()) };
        let submissions = record.list().map_err(|e| e.to_string())?;
        if csv {
            super::record::csv(&submissions).map_err(|e| e.to_string())
        } else {
            serde_json::to_vec(&serde_json::json!({"schema": report::SCHEMA, "submissions": submissions}))
                .map_err(|e| e.to_string())
        }
    })
    .await
    .map_err(|_| ApiError::from(Refused::Failed))?
    .map_err(|error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error))?;
    let kind = if csv { "text/csv; charset=utf-8" } else { "application/json" };
    Ok(([(header::CONTENT_TYPE, kind)], Body::from(listed)).into_response())
}

/// `GET /api/health`.
pub(crate) async fn health() -> Response {
    axum::Json(serde_json::json!({"status": "ok"})).into_response()
}

/// `GET /api/version`: trfcheck's version, the systems it pairs and the tie-break rules it ranks by.
pub(crate) async fn version() -> Response {
    let systems: Vec<&str> = crate::systems::SystemId::ALL.iter().map(|s| s.id()).collect();
    let rules: Vec<&str> = crate::standings::fide::Edition::ALL.iter().map(|e| e.name()).collect();
    axum::Json(serde_json::json!({
        "schema": report::SCHEMA,
        "trfcheck": env!("CARGO_PKG_VERSION"),
        "systems": systems,
        "tie_break_rules": rules,
    }))
    .into_response()
}

/// Any other path.
pub(crate) async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page; the API is under /api (docs/serve.md)")
}

/// A panic in a handler: answered as a trfcheck bug, never with the panic's text.
pub(crate) fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("a request handler panicked");
    ApiError::from(Refused::Failed).into_response()
}
