//! The pages arbiters use in a browser: `GET /` an upload form (no script: a plain form, which
//! works in any browser and on a phone), `POST /check` the verdicts as the `--report FILE.html`
//! page shows them (`report::html`, the same renderer). The pages are askama templates
//! (`templates/serve/`), which escape every value they write.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Extension, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use super::api::{ApiError, CheckQuery, check_options, check_upload, keep_check, size, system_choices, uploads};
use super::{ClientAddress, Shared};
use crate::report::CheckReport;
use crate::report::html::{self, Record};
use crate::report::table::{self, Mode, Row};

/// `GET /`: `templates/serve/upload.html`.
#[derive(Template)]
#[template(path = "serve/upload.html")]
struct UploadPage {
    /// The systems the form offers, each with its help line.
    choices: Vec<Choice>,
    version: &'static str,
    /// The C.07 editions, the latest last.
    editions: String,
}

struct Choice {
    name: String,
    help: String,
}

/// An error page: `templates/serve/error.html`.
#[derive(Template)]
#[template(path = "serve/error.html")]
struct ErrorPage<'a> {
    error: &'a str,
}

/// `GET /`.
pub(crate) async fn upload() -> Response {
    let choices = system_choices()
        .iter()
        .map(|v| Choice {
            name: v.get_name().to_owned(),
            help: v.get_help().map(|h| h.to_string()).unwrap_or_default(),
        })
        .collect();
    let editions: Vec<&str> = crate::standings::fide::Edition::ALL.iter().map(|e| e.name()).collect();
    let page = UploadPage { choices, version: env!("CARGO_PKG_VERSION"), editions: editions.join(", ") };
    html_page(StatusCode::OK, page.render())
}

/// `POST /check`: the form's files, checked, shown as the HTML report.
pub(crate) async fn check(
    State(shared): State<Arc<Shared>>,
    client: Option<Extension<ClientAddress>>,
    request: Request,
) -> Response {
    match check_form(shared, client.map(|Extension(c)| c), request).await {
        Ok(page) => page,
        Err(error) => error_page(error),
    }
}

/// An error shown to a person: the status, what went wrong, and the way back.
fn error_page(error: ApiError) -> Response {
    html_page(error.status, ErrorPage { error: &error.error }.render())
}

/// A rendered page with its status; a page that could not be rendered is a 500 with no detail.
fn html_page(status: StatusCode, page: askama::Result<String>) -> Response {
    match page {
        Ok(page) => (status, Html(page)).into_response(),
        Err(error) => {
            tracing::error!("a page could not be rendered: {error}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

async fn check_form(
    shared: Arc<Shared>,
    client: Option<ClientAddress>,
    request: Request,
) -> Result<Response, ApiError> {
    let sent = uploads(request, None).await?;
    let files = sent.files;
    let system = sent.fields.into_iter().find(|(name, _)| name == "system").map(|(_, value)| value);
    let query = CheckQuery { system, ..CheckQuery::default() };
    if files.is_empty() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "no file was chosen"));
    }
    let options = check_options(&query, &shared)?;
    let system = query.system.clone().filter(|s| !s.trim().is_empty());
    let kept = Arc::clone(&shared);
    let reports: Vec<CheckReport> = shared
        .gate
        .run(shared.options.check_timeout, size(&files), move |cancel| {
            let reports: Vec<CheckReport> =
                files.iter().map(|upload| check_upload(upload, &options, cancel).0).collect();
            if !cancel.load(std::sync::atomic::Ordering::Relaxed) {
                for (upload, report) in files.iter().zip(&reports) {
                    keep_check(&kept, "page", upload, report, client);
                }
            }
            reports
        })
        .await?;
    let rows: Vec<Row> = reports.iter().map(Row::of_check).collect();
    let totals = table::Totals::of(&rows, Vec::new());
    let record = Record::asked_by(match system {
        Some(system) => format!("upload checked as check --system {system}"),
        None => "upload checked as check".to_owned(),
    });
    // The report page, with a way back to the form.
    let back = html::WayBack { href: "/", text: "Check other files" };
    let page = html::render(&reports, &totals, Mode::Check, "trfcheck: the files sent", &record, Some(back))
        .map_err(|error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}
