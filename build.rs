//! Tells the integration tests which shared data is missing, so that a test that needs it is
//! reported as ignored (with the reason, in the summary) rather than passing without having
//! tested anything.
//!
//! `no_shared_data`: `../shared` (the corpora, conformance and bench files beside the project) is
//! absent and `CI` is not set. With `CI` set the flag is never given: there a test that needs
//! `../shared` and cannot find it fails.
//! `no_tec_sample`: the FIDE TEC's team sample is neither named by `TRFCHECK_TEC_SAMPLE` nor at
//! `../shared/corpus/tec/GrandMommysCup.trf`.
//! `no_browser`: Chromium or ChromeDriver (Debian's `chromium` and `chromium-driver`, or the
//! programs `TRFCHECK_CHROMIUM` and `TRFCHECK_CHROMEDRIVER` name) is missing and `CI` is not set;
//! `.ci/run` installs them, and with `CI` set a browser test without them fails.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_shared_data)");
    println!("cargo::rustc-check-cfg=cfg(no_tec_sample)");
    println!("cargo::rustc-check-cfg=cfg(no_browser)");
    println!("cargo::rerun-if-env-changed=TRFCHECK_CHROMIUM");
    println!("cargo::rerun-if-env-changed=TRFCHECK_CHROMEDRIVER");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=TRFCHECK_TEC_SAMPLE");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_owned());
    let shared = Path::new(&manifest).join("../shared");
    // A file that exists is watched for its removal; a path that does not exist makes Cargo run
    // this script again on every build, which is how a `../shared` put in place later is seen.
    let marker = shared.join("README.md");
    println!("cargo::rerun-if-changed={}", if marker.is_file() { marker.display() } else { shared.display() });
    if !shared.is_dir() && std::env::var_os("CI").is_none() {
        println!("cargo::rustc-cfg=no_shared_data");
    }
    // Watched only where it is: a missing path would run this script on every build.
    let tec = shared.join("corpus/tec/GrandMommysCup.trf");
    if tec.is_file() {
        println!("cargo::rerun-if-changed={}", tec.display());
    }
    if std::env::var_os("TRFCHECK_TEC_SAMPLE").is_none() && !tec.is_file() {
        println!("cargo::rustc-cfg=no_tec_sample");
    }
    let program = |variable: &str, default: &str| std::env::var(variable).unwrap_or_else(|_| default.to_owned());
    let browser =
        [program("TRFCHECK_CHROMIUM", "/usr/bin/chromium"), program("TRFCHECK_CHROMEDRIVER", "/usr/bin/chromedriver")];
    for path in &browser {
        if Path::new(path).is_file() {
            println!("cargo::rerun-if-changed={path}");
        }
    }
    if browser.iter().any(|path| !Path::new(path).is_file()) && std::env::var_os("CI").is_none() {
        println!("cargo::rustc-cfg=no_browser");
    }
}
