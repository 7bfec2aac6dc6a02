//! The pages arbiters use in a browser: `GET /` an upload form (no script: a plain form, which
//! works in any browser and on a phone), `POST /check` the verdicts as the `--report FILE.html`
//! page shows them (`report::html`, the same renderer).

use std::sync::Arc;

use axum::extract::{Extension, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use super::api::{ApiError, CheckQuery, check_options, check_upload, keep_check, size, system_choices, uploads};
use super::{ClientAddress, Shared};
use crate::report::CheckReport;
use crate::report::html::{self, Record, escape};
use crate::report::table::{self, Mode, Row};

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 1.5rem auto; max-width: 44rem; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; }
form { display: grid; grid-template-columns: minmax(0, 1fr); gap: .8rem; margin: 1rem 0; }
label { font-weight: 600; }
input[type=file], select, button { font-size: 1rem; max-width: 100%; min-width: 0; }
select { width: 100%; }
button { padding: .4rem 1rem; justify-self: start; }
p.muted, dl { color: #6e6e73; font-size: .9rem; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .1rem .8rem; }
dd { margin: 0; overflow-wrap: anywhere; }
";

/// `GET /`.
pub(crate) async fn upload() -> Html<String> {
    let choices: Vec<String> = system_choices()
        .iter()
        .map(|v| {
            let help = v.get_help().map(|h| h.to_string()).unwrap_or_default();
            format!("<option value=\"{0}\">{0} — {1}</option>", escape(v.get_name()), escape(&help))
        })
        .collect();
    let editions: Vec<&str> = crate::standings::fide::Edition::ALL.iter().map(|e| e.name()).collect();
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>trfcheck: check a tournament</title><style>{STYLE}</style></head><body>\
         <h1>Check a tournament</h1>\
         <p>Send one or several tournament files (FIDE TRF, or an FMJD draughts crosstable): every round is paired \
         again under the pairing system the file declares and compared with the record, and the standings are \
         checked under the tie-break regulations.</p>\
         <form method=\"post\" action=\"/check\" enctype=\"multipart/form-data\">\
         <label for=\"files\">Files</label><input id=\"files\" type=\"file\" name=\"files\" multiple required>\
         <label for=\"system\">Pairing system</label><select id=\"system\" name=\"system\">\
         <option value=\"\">as each file declares</option>{}</select>\
         <button type=\"submit\">Check</button></form>\
         <dl><dt>trfcheck</dt><dd>{}</dd><dt>Tie-break rules (C.07)</dt><dd>{}, by the tournament's dates</dd>\
         <dt>API</dt><dd><code>POST /api/check</code> answers with the JSON of <code>trfcheck check --format json</code></dd></dl>\
         <p class=\"muted\">Files are checked in memory and not kept.</p></body></html>\n",
        choices.join(""),
        escape(env!("CARGO_PKG_VERSION")),
        escape(&editions.join(", ")),
    );
    Html(page)
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
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>trfcheck: not checked</title><style>{STYLE}</style></head><body>\
         <h1>Not checked</h1><p>{}</p><p><a href=\"/\">Back</a></p></body></html>\n",
        escape(&error.error)
    );
    (error.status, Html(page)).into_response()
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
    let mut bytes = Vec::new();
    html::write(&mut bytes, &reports, &totals, Mode::Check, "trfcheck: the files sent", &record)
        .map_err(|error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()))?;
    // The report page, with a way back to the form.
    let page =
        String::from_utf8_lossy(&bytes).replacen("<body>", "<body><p><a href=\"/\">Check other files</a></p>", 1);
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}
