//! The pages as a browser shows them: headless Chromium driven through ChromeDriver (the W3C
//! WebDriver protocol, spoken over HTTP with the tests' client), at a phone's width (400 px) and a
//! desk's (1400 px). `.ci/run` installs Debian's `chromium` and `chromium-driver`.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn program(variable: &str, default: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.to_owned())
}

/// A running ChromeDriver, stopped when dropped.
struct Driver {
    child: Child,
    base: String,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(program("TRFCHECK_CHROMEDRIVER", "/usr/bin/chromedriver"))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver { child, base: format!("http://127.0.0.1:{port}") };
        let deadline = Instant::now() + Duration::from_secs(20);
        while driver.call("GET", "/status", None).get("value").and_then(|v| v["ready"].as_bool()) != Some(true) {
            assert!(Instant::now() < deadline, "chromedriver is not ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        driver
    }

    /// A WebDriver command; its JSON answer (`{"value": …}`), or `{}` when there is none yet.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let agent = crate::serve::agent();
        let url = format!("{}{path}", self.base);
        let response = match (method, body) {
            ("GET", _) => agent.get(&url).call(),
            ("DELETE", _) => agent.delete(&url).call(),
            (_, body) => {
                let bytes = serde_json::to_vec(&body.unwrap_or_else(|| json!({}))).unwrap();
                agent.post(&url).header("content-type", "application/json").send(&bytes[..])
            }
        };
        let text = match response {
            Ok(mut response) => response.body_mut().read_to_string().unwrap_or_default(),
            Err(_) => String::new(),
        };
        serde_json::from_str(&text).unwrap_or_else(|_| json!({}))
    }

    /// A browser window `width` pixels wide.
    fn session(&self, width: u32, profile: &Path) -> Session<'_> {
        let args = [
            "--headless=new".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            format!("--window-size={width},900"),
            format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": program("TRFCHECK_CHROMIUM", "/usr/bin/chromium"), "args": args}}}});
        let answer = self.call("POST", "/session", Some(capabilities));
        let id = answer["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}")).to_owned();
        Session { driver: self, id }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

impl Session<'_> {
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let answer = self.driver.call(method, &format!("/session/{}{path}", self.id), body);
        if let Some(error) = answer["value"]["error"].as_str() {
            panic!("WebDriver {path}: {error}: {}", answer["value"]["message"]);
        }
        answer["value"].clone()
    }

    fn open(&self, url: &str) {
        self.command("POST", "/url", Some(json!({"url": url})));
    }

    /// Runs `script` in the page (WebDriver's own channel: the pages' policy forbids their scripts,
    /// not the browser's automation) and returns its value.
    fn run(&self, script: &str) -> Value {
        self.command("POST", "/execute/sync", Some(json!({"script": script, "args": []})))
    }

    fn element(&self, css: &str) -> String {
        let found = self.command("POST", "/element", Some(json!({"using": "css selector", "value": css})));
        found.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).expect("an element").to_owned()
    }

    /// The page is no wider than the window: nothing is cut off or needs a sideways scroll.
    fn overflow(&self) -> i64 {
        self.run("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
            .as_i64()
            .unwrap_or(i64::MAX)
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.driver.call("DELETE", &format!("/session/{}", self.id), None);
    }
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples").join(name)
}

/// The `serve` page at a phone's width and a desk's: the form fits the window; a file chosen and
/// sent through it (the browser's own upload, no script) comes back as the report, which names
/// the system, says every round matches, and fits the window too.
#[test]
#[cfg_attr(no_browser, ignore = "needs chromium and chromedriver (Debian's chromium, chromium-driver)")]
fn the_upload_page_works_in_a_browser_at_400_and_1400_pixels() {
    let server = crate::serve::Server::start(&[]);
    let driver = Driver::start();
    let profiles = tempfile::tempdir().unwrap();
    for width in [400, 1400] {
        let session = driver.session(width, &profiles.path().join(width.to_string()));
        session.open(&server.url("/"));
        assert_eq!(session.overflow(), 0, "the form is wider than {width} px");
        let input = session.element("input[type=file]");
        let file = sample("generated-dutch-2025.trf");
        session.command("POST", &format!("/element/{input}/value"), Some(json!({"text": file.display().to_string()})));
        let button = session.element("button[type=submit]");
        session.command("POST", &format!("/element/{button}/click"), None);
        let deadline = Instant::now() + Duration::from_secs(30);
        while !session.run("return document.title;").as_str().is_some_and(|t| t.contains("the files sent")) {
            assert!(Instant::now() < deadline, "the report never came");
            std::thread::sleep(Duration::from_millis(100));
        }
        let text = session.run("return document.body.innerText;");
        let text = text.as_str().unwrap_or_default();
        assert!(text.contains("dutch-2025") && text.contains("generated-dutch-2025.trf"), "{text}");
        assert!(text.contains("all match") || text.contains("match"), "{text}");
        assert_eq!(session.overflow(), 0, "the report is wider than {width} px");
    }
}

/// The `--report FILE.html` page of a folder audit at 400 and 1400 px: the page never needs a
/// sideways scroll (the file table scrolls in its own box when it must), the heading stays
/// inside the window, and at 1400 px the whole table shows.
#[test]
#[cfg_attr(no_browser, ignore = "needs chromium and chromedriver (Debian's chromium, chromium-driver)")]
fn the_html_report_fits_a_phone_and_a_desk() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("audit.html");
    crate::support::trfcheck()
        .args(["check", "--report"])
        .arg(&report)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples"))
        .output()
        .unwrap();
    assert!(report.is_file(), "no report written");
    let driver = Driver::start();
    for width in [400, 1400] {
        let session = driver.session(width, &dir.path().join(format!("profile-{width}")));
        session.open(&format!("file://{}", report.display()));
        assert_eq!(session.overflow(), 0, "the report is wider than {width} px");
        let heading = session.run("return document.querySelector('h1').getBoundingClientRect().right;");
        let window = session.run("return document.documentElement.clientWidth;");
        assert!(heading.as_f64() <= window.as_f64(), "the heading overflows at {width} px");
        // A link of the file table opens its file's section (no script: the browser reveals a
        // `<details>` whose content a fragment names).
        let link = session.element("table.files a[href^='#file-']");
        let target =
            session.run("return document.querySelector(\"table.files a[href^='#file-']\").getAttribute('href');");
        let target = target.as_str().unwrap_or_default().to_owned();
        let is_open = |session: &Session<'_>| {
            session.run(&format!("return document.getElementById('{}').closest('details').open;", &target[1..]))
        };
        assert_eq!(is_open(&session), json!(false), "the sections start closed");
        session.command("POST", &format!("/element/{link}/click"), None);
        assert_eq!(is_open(&session), json!(true), "the link to {target} did not open its section at {width} px");
        // Every link of the page has its target, and a round's cell opens the round's section.
        let missing = session.run(
            "return [...document.querySelectorAll('a[href^=\"#\"]')].map(a => a.getAttribute('href')).filter(h => !document.getElementById(h.slice(1)));",
        );
        assert_eq!(missing, json!([]), "links without a target at {width} px");
        let round = session.run(
            "const a = document.querySelector('nav.overview a.cell[href*=\"-round-\"]'); return a ? a.getAttribute('href') : null;",
        );
        let round = round.as_str().expect("a round's cell").to_owned();
        let cell = session.element(&format!("nav.overview a.cell[href='{round}']"));
        session.command("POST", &format!("/element/{cell}/click"), None);
        let opened = session.run(&format!(
            "const e = document.getElementById('{}'); return [...document.querySelectorAll('details')].filter(d => d.contains(e)).every(d => d.open);",
            &round[1..]
        ));
        assert_eq!(opened, json!(true), "{round} did not open its sections at {width} px");
        if width == 1400 {
            let hidden = session.run(
                "const t = document.querySelector('table.files'); return t.parentElement.scrollWidth - t.parentElement.clientWidth;",
            );
            assert_eq!(hidden.as_i64(), Some(0), "the file table does not show whole at 1400 px");
        }
    }
}
