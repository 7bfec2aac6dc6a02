//! `trfcheck serve` used as a client and an attacker would: the binary started on a free
//! localhost port, and real HTTP requests to it (docs/serve.md).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `trfcheck serve`, stopped (SIGKILL) when dropped.
pub(crate) struct Server {
    child: Child,
    base: String,
}

impl Server {
    pub(crate) fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trfcheck"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env_remove("RUST_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("trfcheck starts");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
        let mut line = String::new();
        stderr.read_line(&mut line).expect("a first line");
        // "trfcheck serve: listening on http://127.0.0.1:PORT/ (…)".
        let base = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches('/')
            .to_owned();
        // The rest of standard error is drained, so the server never blocks on it.
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        });
        Server { child, base }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn address(&self) -> String {
        self.base.trim_start_matches("http://").to_owned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: the status, the headers asked for, the body.
struct Answer {
    status: u16,
    content_type: String,
    csp: String,
    body: String,
}

pub(crate) fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut response = response.expect("an HTTP answer");
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (content_type, csp) = (header("content-type"), header("content-security-policy"));
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a text body");
    Answer { status, content_type, csp, body }
}

fn get(server: &Server, path: &str) -> Answer {
    answer(agent().get(&server.url(path)).call())
}

fn post(server: &Server, path: &str, body: &[u8]) -> Answer {
    answer(agent().post(&server.url(path)).send(body))
}

/// A `multipart/form-data` body of files `(name, bytes)` and fields `(name, value)`.
fn multipart(files: &[(&str, &[u8])], fields: &[(&str, &str)]) -> (String, Vec<u8>) {
    let boundary = "trfcheck-test-boundary-7f3a";
    let mut body = Vec::new();
    for (name, value) in fields {
        write!(body, "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").unwrap();
    }
    for (name, bytes) in files {
        write!(
            body,
            "--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .unwrap();
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    write!(body, "--{boundary}--\r\n").unwrap();
    (format!("multipart/form-data; boundary={boundary}"), body)
}

fn post_form(server: &Server, path: &str, files: &[(&str, &[u8])], fields: &[(&str, &str)]) -> Answer {
    let (content_type, body) = multipart(files, fields);
    answer(agent().post(&server.url(path)).header("content-type", &content_type).send(&body[..]))
}

/// What `trfcheck ARGS` prints, run from the project's folder.
fn cli(args: &[&str]) -> String {
    let output = crate::support::trfcheck().current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

fn read(file: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap()
}

/// `POST /api/check` answers with exactly the JSON `check --format json` prints: for a file sent
/// as the body (named by `?name=`), and for each file of a form, one line each.
#[test]
fn the_api_answers_with_the_json_of_check() {
    let server = Server::start(&[]);
    let (first, second) = ("trf-samples/generated-dutch-2025.trf", "trf-samples/dutch-4p-2r.trf");
    let one = post(&server, &format!("/api/check?name={first}"), &read(first));
    assert_eq!((one.status, one.content_type.as_str()), (200, "application/json"));
    assert_eq!(one.body, cli(&["check", "--format", "json", first]));
    let (a, b) = (read(first), read(second));
    let both = post_form(&server, "/api/check", &[(first, &a), (second, &b)], &[]);
    assert_eq!((both.status, both.content_type.as_str()), (200, "application/x-ndjson"));
    assert_eq!(both.body, cli(&["check", "--format", "json", first, second]));
    // --system and --rounds as query parameters.
    let under = post(&server, &format!("/api/check?name={first}&system=dutch-2017&rounds=2-3"), &a);
    let value: serde_json::Value = serde_json::from_str(&under.body).unwrap();
    assert_eq!(value["system"], "dutch-2017");
    assert_eq!(value["rounds"].as_array().map(Vec::len), Some(2), "{}", under.body);
}

/// `validate`, `pair` and `standings` are answered with exactly their command's JSON, their
/// options as query parameters; a file they refuse gets 422 and why: the JSON of `validate` for
/// an invalid file, the reason for a round with nothing to pair.
#[test]
fn validate_pair_and_standings_answer_as_their_commands() {
    let server = Server::start(&[]);
    let (sample, to_pair) = ("trf-samples/generated-dutch-2025.trf", "trf-samples/javafo-round-to-pair.trf");
    let valid = post(&server, &format!("/api/validate?name={sample}"), &read(sample));
    assert_eq!((valid.status, valid.body), (200, cli(&["validate", "--format", "json", sample])));
    let paired = post(&server, &format!("/api/pair?name={to_pair}"), &read(to_pair));
    assert_eq!((paired.status, paired.body), (200, cli(&["pair", "--format", "json", to_pair])));
    let ranked = post(&server, &format!("/api/standings?name={sample}&tie_breaks=BH/C1,SB&rules=2024"), &read(sample));
    let expected = cli(&["standings", "--format", "json", "--tie-breaks", "BH/C1,SB", "--rules", "2024", sample]);
    assert_eq!((ranked.status, ranked.body), (200, expected));

    let finished = post(&server, &format!("/api/pair?name={sample}"), &read(sample));
    assert_eq!(finished.status, 422);
    let value: serde_json::Value = serde_json::from_str(&finished.body).unwrap();
    assert_eq!(value["status"], "nothing-to-pair", "{}", finished.body);
    let defective = "trf-samples/defective.trf";
    for path in ["/api/pair", "/api/standings"] {
        let refused = post(&server, &format!("{path}?name={defective}"), &read(defective));
        assert_eq!(refused.status, 422, "{path}");
        assert_eq!(refused.body, cli(&["validate", "--format", "json", defective]), "{path}");
    }
    let bad = post(&server, "/api/standings?tie_breaks=NOPE", &read(sample));
    assert_eq!(bad.status, 400, "{}", bad.body);
    let (a, b) = (read(sample), read(to_pair));
    let two = post_form(&server, "/api/pair", &[(sample, &a), (to_pair, &b)], &[]);
    assert_eq!(two.status, 400, "{}", two.body);
}

/// Every answer that is not a verdict says why, with a status a client can act on: 422 for a file
/// that is no tournament (with the verdict that says so), 400 for options `check` would refuse,
/// 413 beyond `--max-file-size`, 404 elsewhere; the health and version answers.
#[test]
fn answers_say_what_went_wrong() {
    let server = Server::start(&["--max-file-size", "64K"]);
    let not_a_tournament = post(&server, "/api/check?name=notes.txt", b"hello, this is no tournament\n");
    assert_eq!(not_a_tournament.status, 422);
    assert!(not_a_tournament.body.contains("\"unknown-format\""), "{}", not_a_tournament.body);
    let sample = read("trf-samples/generated-dutch-2025.trf");
    for (query, said) in [("system=nonsense", "system `nonsense` is unknown"), ("rounds=x", "rounds `x`")] {
        let refused = post(&server, &format!("/api/check?{query}"), &sample);
        assert_eq!(refused.status, 400, "{query}");
        let value: serde_json::Value = serde_json::from_str(&refused.body).unwrap();
        assert_eq!(value["status"], "bad-request");
        assert!(value["error"].as_str().unwrap().contains(said), "{}", refused.body);
    }
    let too_large = post(&server, "/api/check", &vec![b' '; 65 * 1024]);
    assert_eq!(too_large.status, 413);
    assert_eq!(post(&server, "/api/check", b"").status, 400);
    assert_eq!(get(&server, "/etc/passwd").status, 404);
    assert_eq!(get(&server, "/api/health").body, "{\"status\":\"ok\"}");
    let version: serde_json::Value = serde_json::from_str(&get(&server, "/api/version").body).unwrap();
    assert_eq!(version["trfcheck"], env!("CARGO_PKG_VERSION"));
    let systems = version["systems"].as_array().unwrap();
    for system in trfcheck::systems::SystemId::ALL {
        assert!(systems.iter().any(|s| s == system.id()), "{system}");
    }
}

/// The upload page is a plain form (no script), and the answer to it is the HTML report of the
/// files sent, with every name from a file escaped, under a Content-Security-Policy that allows
/// no script at all.
#[test]
fn the_upload_page_shows_the_report_and_runs_no_script() {
    let server = Server::start(&[]);
    let page = get(&server, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("action=\"/check\"") && page.body.contains("type=\"file\""), "{}", page.body);
    assert!(!page.body.to_ascii_lowercase().contains("<script"));
    assert!(page.csp.contains("default-src 'none'") && !page.csp.contains("script-src"), "{}", page.csp);
    let sample = String::from_utf8(read("trf-samples/generated-dutch-2025.trf")).unwrap();
    let hostile = sample.replace("012 Random tournament 1 (dutch-2025)", "012 <script>alert(1)</script> & Co");
    assert_ne!(hostile, sample);
    let report = post_form(&server, "/check", &[("<img src=x>.trf", hostile.as_bytes())], &[("system", "dutch")]);
    assert_eq!(report.status, 200);
    assert!(report.content_type.starts_with("text/html"), "{}", report.content_type);
    // The name is text on the page, as a browser parses it: no element comes of it.
    assert!(!report.body.contains("<script") && !report.body.contains("<img"), "{}", report.body);
    let parsed = scraper::Html::parse_document(&report.body);
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let event = "<script>alert(1)</script> & Co";
    assert!(parsed.select(&select("td.wide")).any(|td| td.text().collect::<String>() == event), "{}", report.body);
    assert_eq!(parsed.select(&select("script, img")).count(), 0, "{}", report.body);
    assert!(report.body.contains("--system dutch") && report.body.contains("dutch-2025"), "{}", report.body);
    let empty = post_form(&server, "/check", &[], &[("system", "")]);
    assert_eq!(empty.status, 400);
    assert!(empty.body.contains("no file was chosen"), "{}", empty.body);
}

/// A client that sends its request's head too slowly is cut off after `--header-timeout`.
#[test]
fn a_slow_request_head_is_cut_off() {
    let server = Server::start(&["--header-timeout", "1"]);
    let mut stream = TcpStream::connect(server.address()).unwrap();
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let start = Instant::now();
    let mut rest = Vec::new();
    // The server closes the connection (with a 408 or without a word) instead of waiting on.
    let _ = stream.read_to_end(&mut rest);
    assert!(start.elapsed() < Duration::from_secs(15), "the connection stayed open {:?}", start.elapsed());
    let text = String::from_utf8_lossy(&rest);
    assert!(!text.contains("200 OK"), "{text}");
}

/// The 1,000-player bench file checked as a Dubov event: every round differs, so after the
/// check (about a second) the hints try every other system on every round, many seconds that
/// nothing interrupts: a job reliably taken for a while.
fn slow_request() -> Vec<u8> {
    std::fs::read(crate::corpus::shared().join("bench/dutch-2025-p1000-r11.trf")).unwrap()
}
const SLOW_QUERY: &str = "/api/check?name=big.trf&system=dubov-2025";

/// With every job taken and no queue, a request is answered 429 at once; a check that outlives
/// `--check-timeout` is stopped and answered 503.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn busy_and_overlong_checks_are_refused() {
    let big = slow_request();
    let server = Server::start(&["--jobs", "1", "--queue", "0"]);
    let url = server.url(SLOW_QUERY);
    let body = big.clone();
    let _slow = std::thread::spawn(move || answer(agent().post(&url).send(&body[..])));
    let small = read("trf-samples/dutch-4p-2r.trf");
    std::thread::sleep(Duration::from_millis(300));
    let busy = post(&server, "/api/check", &small);
    assert_eq!(busy.status, 429, "{}", busy.body);
    drop(server);
    // A 1,000-player check takes far longer than 50 ms on any machine.
    let server = Server::start(&["--check-timeout", "0.05"]);
    let overlong = post(&server, "/api/check?name=big.trf", &big);
    assert_eq!(overlong.status, 503, "{}", overlong.body);
    assert!(overlong.body.contains("longer than its limit of 0.05 s"), "{}", overlong.body);
}

/// Large files may take every job but one: while two large checks are asked for on two jobs (one
/// runs, one waits), a small file is checked at once.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn large_files_never_take_the_last_job() {
    let big = slow_request();
    assert!(big.len() > 128 * 1024, "the bench file is a large request");
    let server = Server::start(&["--jobs", "2", "--queue", "4"]);
    let slow: Vec<_> = (0..2)
        .map(|_| {
            let (url, body) = (server.url(SLOW_QUERY), big.clone());
            std::thread::spawn(move || answer(agent().post(&url).send(&body[..])))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let small = post(&server, "/api/check?name=small.trf", &read("trf-samples/dutch-4p-2r.trf"));
    assert_eq!(small.status, 200, "{}", small.body);
    assert!(slow.iter().all(|t| !t.is_finished()), "the large checks ended first; nothing was tested");
    assert!(start.elapsed() < Duration::from_secs(5), "the small file waited {:?}", start.elapsed());
}

/// SIGTERM stops the server within its grace period, saying so, with exit status 0.
#[cfg(unix)]
#[test]
fn sigterm_stops_the_server() {
    let mut server = Server::start(&[]);
    assert_eq!(get(&server, "/api/health").status, 200);
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still running after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}

/// With `--record`, each file sent is kept (its name, SHA-256, size, system and verdict, without
/// the client's address unless `--record-clients`), and `GET /submissions` lists them, the latest
/// first, as JSON or CSV, for the bearer of the token only. Without `--record`, there is nothing
/// to list.
#[test]
fn the_audit_record_keeps_each_submission_for_the_token_bearer() {
    use sha2::Digest;
    let dir = tempfile::tempdir().unwrap();
    let (database, token_file) = (dir.path().join("audit.sqlite"), dir.path().join("token"));
    std::fs::write(&token_file, "s3cret-token\n").unwrap();
    let args = ["--record", database.to_str().unwrap(), "--token-file", token_file.to_str().unwrap()];
    let sample = "trf-samples/generated-dutch-2025.trf";
    let bytes = read(sample);
    {
        let server = Server::start(&args);
        assert_eq!(post(&server, &format!("/api/check?name={sample}"), &bytes).status, 200);
        assert_eq!(post(&server, "/api/validate?name=notes.txt", b"no tournament").status, 422);
        let listed = |authorization: Option<&str>, query: &str| {
            let mut request = agent().get(&server.url(&format!("/submissions{query}")));
            if let Some(value) = authorization {
                request = request.header("authorization", value);
            }
            answer(request.call())
        };
        assert_eq!(listed(None, "").status, 401);
        assert_eq!(listed(Some("Bearer s3cret-tokeN"), "").status, 401);
        let json = listed(Some("Bearer s3cret-token"), "");
        assert_eq!(json.status, 200, "{}", json.body);
        let value: serde_json::Value = serde_json::from_str(&json.body).unwrap();
        let submissions = value["submissions"].as_array().unwrap();
        assert_eq!(submissions.len(), 2, "{}", json.body);
        let (latest, first) = (&submissions[0], &submissions[1]);
        assert_eq!((latest["request"].as_str(), latest["status"].as_str()), (Some("validate"), Some("invalid")));
        assert_eq!(first["file"], sample);
        assert_eq!(first["sha256"], hex(&sha2::Sha256::digest(&bytes)));
        assert_eq!(first["size"], bytes.len());
        assert_eq!((first["system"].as_str(), first["status"].as_str()), (Some("dutch-2025"), Some("match")));
        assert_eq!((first["rounds_checked"].as_u64(), first["rounds_differing"].as_u64()), (Some(7), Some(0)));
        assert!(first["client"].is_null(), "no address without --record-clients");
        let csv = listed(Some("Bearer s3cret-token"), "?format=csv");
        assert!(csv.content_type.starts_with("text/csv"), "{}", csv.content_type);
        assert_eq!(csv.body.lines().count(), 3, "{}", csv.body);
    }
    // The record outlives the server; a second one with --record-clients adds the address.
    let server = Server::start(&[&args[..], &["--record-clients"]].concat());
    assert_eq!(post(&server, "/api/check?name=again.trf", &bytes).status, 200);
    let all = answer(agent().get(&server.url("/submissions")).header("authorization", "Bearer s3cret-token").call());
    let value: serde_json::Value = serde_json::from_str(&all.body).unwrap();
    let submissions = value["submissions"].as_array().unwrap();
    assert_eq!(submissions.len(), 3);
    assert!(submissions[0]["client"].as_str().is_some_and(|c| c.starts_with("127.0.0.1:")), "{}", all.body);
    // Without --record nothing is kept, and nothing is listed.
    let plain = Server::start(&[]);
    assert_eq!(get(&plain, "/submissions").status, 404);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A tiny deterministic generator (xorshift64*), so that a failing mutation can be found again.
struct Mutator(u64);

impl Mutator {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// `bytes` with a few bytes changed, cut, or a line repeated.
    fn mutate(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = bytes.to_vec();
        for _ in 0..1 + self.next() % 4 {
            let at = (self.next() as usize) % out.len().max(1);
            match self.next() % 5 {
                0 => out.truncate(at),
                1 => out.insert(at, (self.next() % 256) as u8),
                2 if !out.is_empty() => {
                    let alphabet = b" 0123456789=+-wbUHFZ\r\n<>&\"'";
                    out[at] = alphabet[(self.next() as usize) % alphabet.len()]
                }
                3 if !out.is_empty() => {
                    out.remove(at);
                }
                _ => {
                    let line: Vec<u8> = out[at..].iter().take_while(|&&b| b != b'\n').copied().collect();
                    out.splice(at..at, line);
                }
            }
        }
        out
    }
}

/// Strangers' bytes: mutated tournament files (`SERVE_MUTATIONS`, 300 by default; docs/serve.md
/// gives a run of 20,000) each get a JSON answer, a verdict (200) or "no tournament" (422), never
/// an error of the server; a truncated body and a broken form are refused (400); and the server
/// answers its health check after all of them.
#[test]
fn strangers_bytes_get_an_answer_and_leave_the_server_standing() {
    let server = Server::start(&[]);
    let count: usize = std::env::var("SERVE_MUTATIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let samples: Vec<Vec<u8>> = ["generated-dutch-2025.trf", "generated-double-swiss-2026.trf", "draughts-arbiter.csv"]
        .iter()
        .map(|name| read(&format!("trf-samples/{name}")))
        .collect();
    let mut mutator = Mutator(0x5eed_1234_abcd_ef01);
    let mut statuses = std::collections::BTreeMap::new();
    for n in 0..count {
        let bytes = mutator.mutate(&samples[n % samples.len()]);
        let answer = post(&server, "/api/check?name=mutated.trf", &bytes);
        *statuses.entry(answer.status).or_insert(0) += 1;
        assert!([200, 400, 422].contains(&answer.status), "mutation {n}: {} {}", answer.status, answer.body);
        let value: serde_json::Value =
            serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("mutation {n}: {e}: {}", answer.body));
        assert!(value["status"].is_string(), "mutation {n}: {}", answer.body);
    }
    eprintln!("{count} mutated files: answers by HTTP status {statuses:?}");

    // A body that ends before its declared length.
    let mut stream = TcpStream::connect(server.address()).unwrap();
    stream.write_all(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n012 cut short").unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    assert!(!text.contains("200 OK"), "{text}");
    // A form whose parts are broken.
    let broken = answer(
        agent().post(&server.url("/api/check")).header("content-type", "multipart/form-data; boundary=xyz").send(
            &b"--xyz\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.trf\"\r\n\r\n012 no end"[..],
        ),
    );
    assert_eq!(broken.status, 400, "{}", broken.body);
    assert_eq!(get(&server, "/api/health").status, 200);
}

/// HTML in a player's name is shown as text on the report page.
#[test]
fn html_in_a_players_name_is_text() {
    let server = Server::start(&[]);
    let sample = String::from_utf8(read("trf-samples/generated-dutch-2025.trf")).unwrap();
    let name = "<img src=x onerror=alert(1)>";
    // The name field is 33 characters wide (001 columns 15-47).
    let hostile = sample.replacen("Player 001                       ", &format!("{name:<33}"), 1);
    assert_ne!(hostile, sample);
    let report = post_form(&server, "/check", &[("names.trf", hostile.as_bytes())], &[]);
    assert_eq!(report.status, 200, "{}", report.body);
    assert!(!report.body.contains("<img"), "{}", report.body);
    let json = post(&server, "/api/check?name=names.trf", hostile.as_bytes());
    assert_eq!(json.status, 200, "{}", json.body);
}

/// Every file of the shared real-world corpus gets from `POST /api/check` exactly the JSON that
/// `check --format json FILE` prints for it, and from `/api/validate` that of `validate`.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_api_answers_as_the_command_line_on_the_real_corpus() {
    let server = Server::start(&[]);
    let folder = crate::corpus::shared().join("corpus/real");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "{} files", files.len());
    for path in &files {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).unwrap();
        for command in ["check", "validate"] {
            let answer = post(&server, &format!("/api/{command}?name={}", encode(&name)), &bytes);
            assert_eq!(answer.body, cli(&[command, "--format", "json", &name]), "{command} {name}");
        }
    }
}

/// A query parameter's value, percent-encoded.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
