//! `trfcheck serve` under load (docs/serve.md, "Load"): `cargo bench --bench serve_load`.
//!
//! Starts the release binary on a free port with its defaults, then 50 clients each send the
//! 200-player bench file (`../shared/bench/dutch-2025-p200-r11.trf`) to `POST /api/check`
//! `SERVE_LOAD_REQUESTS` times (20 by default), one after the other: every answer must be 200, and
//! the latencies are reported (p50, p95, p99, max) with the server's peak memory. Then the same
//! clients run again while a large file (`SERVE_LOAD_LARGE`, a TRF of thousands of players, if
//! given) is being checked, to show that it does not starve them.
//!
//! `SERVE_LOAD_CLIENTS=10,20,50` runs the small file's load once for each number of clients, in
//! turn (50 by default; the large file's run takes the last). `SERVE_LOAD_BIN=PATH` serves with
//! another build of trfcheck, to compare two builds side by side on one machine.
//!
//! `SERVE_LOAD_RATES=20,30,40` measures arrivals instead of clients that send back to back: for
//! each rate, the 50 clients (or the last of `SERVE_LOAD_CLIENTS`) send requests at random
//! moments, `SERVE_LOAD_SECONDS` seconds long (20 by default), that many a second in all (each
//! client a Poisson stream of its share, from a fixed seed), as arbiters who upload a file and read
//! the verdict would. A request's latency counts from the moment it was due, so a client still
//! waiting for its previous answer adds the delay to the next one.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Clients at once, unless `SERVE_LOAD_CLIENTS` says otherwise.
const CLIENTS: usize = 50;

fn main() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/dutch-2025-p200-r11.trf");
    let Ok(small) = std::fs::read(&shared) else {
        eprintln!("serve_load: {} is missing; nothing measured", shared.display());
        std::process::exit(1);
    };
    let requests: usize = std::env::var("SERVE_LOAD_REQUESTS").ok().and_then(|n| n.parse().ok()).unwrap_or(20);
    let clients: Vec<usize> = match std::env::var("SERVE_LOAD_CLIENTS") {
        Ok(list) => {
            list.split(',').map(|n| n.trim().parse().expect("SERVE_LOAD_CLIENTS: numbers, comma-separated")).collect()
        }
        Err(_) => vec![CLIENTS],
    };
    let binary = std::env::var_os("SERVE_LOAD_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_trfcheck").into());
    let mut child = Command::new(&binary)
        .args(["serve", "--listen", "127.0.0.1:0", "--queue", "64"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("trfcheck serve starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let base = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap().trim_end_matches('/').to_owned();
    println!("{}", line.trim());
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));

    let run = |label: &str, clients: usize| {
        let started = Instant::now();
        let threads: Vec<_> = (0..clients)
            .map(|_| {
                let (url, body) = (format!("{base}/api/check?name=p200.trf"), small.clone());
                std::thread::spawn(move || {
                    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
                    (0..requests)
                        .map(|_| {
                            let start = Instant::now();
                            let status = agent.post(&url).send(&body[..]).map(|r| r.status().as_u16()).unwrap_or(0);
                            (status, start.elapsed())
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let answers: Vec<(u16, Duration)> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
        report(&format!("{label}: from {clients} clients"), answers, started.elapsed());
    };
    for &count in &clients {
        run("200-player file", count);
    }
    if let Ok(rates) = std::env::var("SERVE_LOAD_RATES") {
        let seconds: f64 = std::env::var("SERVE_LOAD_SECONDS").ok().and_then(|n| n.parse().ok()).unwrap_or(20.0);
        let clients = *clients.last().expect("at least one number of clients");
        for rate in
            rates.split(',').map(|r| r.trim().parse::<f64>().expect("SERVE_LOAD_RATES: numbers, comma-separated"))
        {
            arrivals(&base, &small, clients, rate, seconds);
        }
    }
    if let Some(large) = std::env::var_os("SERVE_LOAD_LARGE") {
        let body = std::fs::read(&large).expect("SERVE_LOAD_LARGE is readable");
        let url = format!("{base}/api/check?name=large.trf");
        let big = std::thread::spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
            let start = Instant::now();
            let status = agent.post(&url).send(&body[..]).map(|r| r.status().as_u16()).unwrap_or(0);
            (status, start.elapsed())
        });
        std::thread::sleep(Duration::from_millis(500));
        run("200-player file beside the large one", *clients.last().expect("at least one number of clients"));
        let (status, took) = big.join().unwrap();
        println!("the large file: {status} in {took:?}");
    }
    let peak = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok().and_then(|s| {
        s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_owned())
    });
    println!("server peak memory (VmHWM): {} kB", peak.unwrap_or_else(|| "?".to_owned()));
    let _ = child.kill();
    let _ = child.wait();
}

/// `clients` clients send the file at `rate` requests a second in all, for `seconds`: each client
/// a Poisson stream of `rate / clients` a second (exponential gaps from a fixed seed), sending
/// each request when it is due or, if its previous one is still out, as soon as that is answered.
fn arrivals(base: &str, body: &[u8], clients: usize, rate: f64, seconds: f64) {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    let started = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|client| {
            let (url, body) = (format!("{base}/api/check?name=p200.trf"), body.to_vec());
            let mut rng = ChaCha8Rng::seed_from_u64(client as u64);
            let share = rate / clients as f64;
            let mut due = Vec::new();
            let mut at = 0.0;
            loop {
                // An exponential gap: -ln(U) / rate, with U in (0, 1].
                at += -(1.0 - rng.random::<f64>()).ln() / share;
                if at >= seconds {
                    break;
                }
                due.push(Duration::from_secs_f64(at));
            }
            std::thread::spawn(move || {
                let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
                due.into_iter()
                    .map(|due| {
                        if let Some(wait) = due.checked_sub(started.elapsed()) {
                            std::thread::sleep(wait);
                        }
                        let status = agent.post(&url).send(&body[..]).map(|r| r.status().as_u16()).unwrap_or(0);
                        (status, started.elapsed().saturating_sub(due))
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let answers: Vec<(u16, Duration)> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
    report(&format!("{rate}/s due from {clients} clients"), answers, started.elapsed());
}

/// Prints how many requests were answered in `wall`, how many not with 200, and the latencies.
fn report(label: &str, mut answers: Vec<(u16, Duration)>, wall: Duration) {
    if answers.is_empty() {
        println!("{label}: no request was sent");
        return;
    }
    let failed = answers.iter().filter(|(status, _)| *status != 200).count();
    answers.sort_by_key(|&(_, latency)| latency);
    let at = |q: f64| answers[((answers.len() as f64 * q) as usize).min(answers.len() - 1)].1;
    println!(
        "{label}: {} requests in {:.1} s ({:.1}/s answered); {failed} not 200; latency p50 {:?}, p95 {:?}, p99 {:?}, max {:?}",
        answers.len(),
        wall.as_secs_f64(),
        answers.len() as f64 / wall.as_secs_f64(),
        at(0.50),
        at(0.95),
        at(0.99),
        answers.last().map(|a| a.1).unwrap_or_default(),
    );
}
