//! `trfcheck serve`: the verifier as an HTTP service (docs/serve.md).
//!
//! An axum router on hyper, served by an accept loop of our own so that the connection's limits are
//! set where hyper has them: a time limit on reading a request's head (slow-loris), and a graceful
//! shutdown that lets the requests in flight finish within [`ServeOptions::grace`]. The checks are
//! the library's, run on blocking threads: at most [`ServeOptions::jobs`] at once, at most
//! [`ServeOptions::queue`] more waiting ([`gate::Gate`]), each cancelled after
//! [`ServeOptions::check_timeout`]. No path is ever taken from a request: a file is its bytes, named
//! by the name the client gave, which only labels the answer.

mod api;
mod gate;
mod page;
pub mod record;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::formats::FileSize;

/// How the service runs, and what it accepts.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The largest request body accepted (a file, or all the files of a form).
    pub max_file_size: FileSize,
    /// Checks run at once.
    pub jobs: usize,
    /// Checks that may wait for a free job; beyond them a request is answered 429.
    pub queue: usize,
    /// The time a check may take before it is cancelled (answered 503).
    pub check_timeout: Duration,
    /// The time a whole request may take, its body read included (answered 408).
    pub request_timeout: Duration,
    /// The time a client has to send a request's head.
    pub header_timeout: Duration,
    /// On shutdown, the time the requests in flight have to finish.
    pub grace: Duration,
    /// The audit record (`--record FILE.sqlite`): each submission kept; `None` keeps nothing.
    pub record: Option<PathBuf>,
    /// Keep the client's address in the record too (`--record-clients`).
    pub record_clients: bool,
    /// The file whose content is the bearer token that `GET /submissions` asks for
    /// (`--token-file`); without it the submissions are not served.
    pub token_file: Option<PathBuf>,
}

/// Why the service cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("the audit record {path} cannot be opened: {error}")]
    Record { path: PathBuf, error: rusqlite::Error },
    #[error("the token file {path} cannot be read: {error}")]
    TokenFile { path: PathBuf, error: std::io::Error },
    #[error("the token file {path} is empty")]
    EmptyToken { path: PathBuf },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A request body accepted by default: lower than the command line's 64 MiB, and above the
/// largest tournament file seen (a 9,999-player TRF is about 2 MB).
pub const DEFAULT_MAX_FILE_SIZE: FileSize = FileSize(8 * 1024 * 1024);

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            // One more than the cores: while a finished check hands its core to the next one (a
            // thread woken on each side), the extra check keeps the core busy (docs/serve.md,
            // "Load"), as crosscheck's extra job does (`crosscheck::default_jobs`).
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()) + 1,
            queue: 16,
            check_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(120),
            header_timeout: Duration::from_secs(10),
            grace: Duration::from_secs(5),
            record: None,
            record_clients: false,
            token_file: None,
        }
    }
}

/// What every handler shares.
pub(crate) struct Shared {
    pub options: ServeOptions,
    pub gate: gate::Gate,
    pub record: Option<record::Record>,
    /// The bearer token of `GET /submissions`.
    pub token: Option<String>,
}

/// The address of the client a request came from, set on each connection.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientAddress(pub SocketAddr);

/// Every answer forbids scripts and outside resources: the pages are the report's, with their
/// style sheet inline; a name from a file is escaped, and even if it were not, nothing could run.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The routes, with the limits that apply to every request; the audit record opened and the
/// token read, when the options ask for them.
pub fn router(options: ServeOptions) -> Result<Router, ServeError> {
    let record = match &options.record {
        Some(path) => Some(
            record::Record::open(path, options.record_clients)
                .map_err(|error| ServeError::Record { path: path.clone(), error })?,
        ),
        None => None,
    };
    let token = match &options.token_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|error| ServeError::TokenFile { path: path.clone(), error })?;
            let token = text.trim().to_owned();
            if token.is_empty() {
                return Err(ServeError::EmptyToken { path: path.clone() });
            }
            Some(token)
        }
        None => None,
    };
    let shared = Arc::new(Shared { gate: gate::Gate::new(options.jobs, options.queue), options, record, token });
    let limit = usize::try_from(shared.options.max_file_size.bytes()).unwrap_or(usize::MAX);
    Ok(Router::new()
        .route("/", get(page::upload))
        .route("/check", post(page::check))
        .route("/api/check", post(api::check))
        .route("/api/validate", post(api::validate))
        .route("/api/pair", post(api::pair))
        .route("/api/standings", post(api::standings))
        .route("/api/health", get(api::health))
        .route("/submissions", get(api::submissions))
        .route("/api/version", get(api::version))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(limit))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, shared.options.request_timeout))
        .layer(CatchPanicLayer::custom(api::panicked))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .with_state(shared))
}

/// Serves `listener` until `shutdown` completes; then no connection is accepted, the requests in
/// flight have [`ServeOptions::grace`] to finish, and the rest are dropped.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    grace: Duration,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    // HTTP/1.1: what browsers and scripts send to a service on a local network without TLS.
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header_timeout).keep_alive(true);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        // Out of file descriptors and the like: the listener itself stays good.
                        tracing::warn!(%error, "accepting a connection failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                tracing::debug!(%peer, "connection");
                let service = TowerToHyperService::new(app.clone().layer(axum::Extension(ClientAddress(peer))));
                let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
                tokio::spawn(async move {
                    if let Err(error) = connection.await {
                        tracing::debug!(%peer, %error, "connection ended");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    tracing::info!("shutting down: finishing the requests in flight");
    if tokio::time::timeout(grace, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still in flight after {grace:?} were dropped");
    }
    Ok(())
}

/// Completes on SIGINT or SIGTERM.
pub async fn signalled() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

/// Binds `address` and serves it until a signal, on a runtime of its own; `ready` is told the
/// address bound (port 0 gives a free one).
pub fn run(address: SocketAddr, options: ServeOptions, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let (grace, header_timeout) = (options.grace, options.header_timeout);
    let app = router(options)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(address).await?;
        ready(listener.local_addr()?);
        serve(listener, app, grace, header_timeout, signalled()).await?;
        Ok(())
    })
}
