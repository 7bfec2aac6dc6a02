//! `-o FILE` of `generate` and `convert` (docs/output.md): through symbolic links to the file
//! they lead to, in place into devices and FIFOs, and with the mode a shell redirection gives.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;

use crate::support::trfcheck;

const GENERATE: [&str; 8] = ["generate", "--system", "dutch-2025", "--players", "8", "--rounds", "3", "--seed"];

/// What `generate` prints with this seed, on standard output.
fn generated(seed: &str) -> Vec<u8> {
    let output = trfcheck().args(GENERATE).arg(seed).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.starts_with(b"012 "), "{}", String::from_utf8_lossy(&output.stdout));
    output.stdout
}

/// `generate -o target` with this seed.
fn generate_to(target: &Path, seed: &str) -> assert_cmd::assert::Assert {
    trfcheck().args(GENERATE).arg(seed).arg("-o").arg(target).assert()
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn output_through_a_symbolic_link_replaces_the_file_it_leads_to() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.trf");
    fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.trf");
    symlink("real.trf", &link).unwrap();
    // A chain of two links, the second one relative to its own directory.
    fs::create_dir(dir.path().join("sub")).unwrap();
    let chained = dir.path().join("sub").join("chained.trf");
    symlink("../link.trf", &chained).unwrap();

    generate_to(&link, "1").code(0).stdout("");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("real.trf"));
    assert_eq!(fs::read(&real).unwrap(), generated("1"));

    generate_to(&chained, "2").code(0);
    assert!(fs::symlink_metadata(&chained).unwrap().file_type().is_symlink());
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(fs::read(&real).unwrap(), generated("2"));
    // No temporary file is left beside either.
    let mut names: Vec<String> =
        fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["link.trf", "real.trf", "sub"]);

    // A dangling link: the file it names is created, and the link now leads to it.
    let dangling = dir.path().join("dangling.trf");
    symlink("new.trf", &dangling).unwrap();
    generate_to(&dangling, "3").code(0);
    assert!(fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert_eq!(fs::read(dir.path().join("new.trf")).unwrap(), generated("3"));

    // A link into a directory that does not exist: a clear error, nothing written.
    let nowhere = dir.path().join("nowhere.trf");
    symlink("missing/x.trf", &nowhere).unwrap();
    generate_to(&nowhere, "3")
        .code(5)
        .stderr(predicates::str::contains("nowhere.trf (a symbolic link to"))
        .stderr(predicates::str::contains("missing/x.trf): the folder "))
        .stderr(predicates::str::contains("missing does not exist"));
    assert!(fs::symlink_metadata(&nowhere).unwrap().file_type().is_symlink());

    // `convert` writes the same way.
    let converted = dir.path().join("converted.trf");
    symlink("real.trf", &converted).unwrap();
    trfcheck()
        .args(["convert", "--to", "trf", "-o"])
        .arg(&converted)
        .arg(crate::support::sample("dutch-4p-2r.trf"))
        .assert()
        .code(0);
    assert!(fs::symlink_metadata(&converted).unwrap().file_type().is_symlink());
    assert!(fs::read_to_string(&real).unwrap().starts_with("012 trfcheck sample"));
}

#[test]
fn output_to_a_device_or_a_fifo_writes_into_it() {
    // Renaming over /dev/null (as root) would replace the device with a regular file.
    generate_to(Path::new("/dev/null"), "1").code(0).stderr("");
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());

    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.trf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    // The reader opens the FIFO while trfcheck writes into it. Were the FIFO replaced by a file
    // instead, the reader would wait forever: it is left behind, and the assertion below fails
    // first.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(&fifo).unwrap())
    };
    generate_to(&fifo, "1").code(0);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(reader.join().unwrap(), generated("1"));

    // A directory is refused.
    generate_to(dir.path(), "1").code(5).stderr(predicates::str::contains("it is a directory"));
    assert!(dir.path().is_dir());
}

#[test]
fn a_new_file_gets_the_mode_of_the_umask_and_a_replaced_one_keeps_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let under_umask = |umask: &str, target: &Path| {
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("umask {umask}; exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_trfcheck"))
            .args(GENERATE)
            .arg("1")
            .arg("-o")
            .arg(target)
            .status()
            .unwrap();
        assert!(status.success());
    };
    // New files: 0666 less the umask, as `>` gives.
    let new = dir.path().join("new.trf");
    under_umask("022", &new);
    assert_eq!(mode(&new), 0o644);
    let private = dir.path().join("private.trf");
    under_umask("077", &private);
    assert_eq!(mode(&private), 0o600);
    let shared = dir.path().join("shared.trf");
    under_umask("002", &shared);
    assert_eq!(mode(&shared), 0o664);
    assert_eq!(fs::read(&shared).unwrap(), generated("1"));

    // A replaced file keeps its mode, whatever the umask; through a link too.
    let existing = dir.path().join("existing.trf");
    fs::write(&existing, "old").unwrap();
    fs::set_permissions(&existing, fs::Permissions::from_mode(0o640)).unwrap();
    under_umask("022", &existing);
    assert_eq!(mode(&existing), 0o640);
    assert_eq!(fs::read(&existing).unwrap(), generated("1"));
    fs::set_permissions(&existing, fs::Permissions::from_mode(0o664)).unwrap();
    let link = dir.path().join("link.trf");
    symlink(&existing, &link).unwrap();
    under_umask("077", &link);
    assert_eq!(mode(&existing), 0o664);
}

/// The README's examples are what a run prints: each block that starts with `$ trfcheck …` is run
/// from the project's folder, and its lines must come out in that order (standard error, then
/// standard output, as a terminal shows a single file's run). A `…` in a line stands for text cut
/// out of it, a `⋮` line for lines left out. A block over `../shared` is run when the data is there
/// (with `CI` set it must be).
#[test]
fn the_readme_examples_are_what_a_run_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut current, line.starts_with("```")) {
            (None, true) => current = Some(Vec::new()),
            (Some(block), true) => {
                if block.first().is_some_and(|l| l.starts_with("$ trfcheck ")) {
                    blocks.push(std::mem::take(block));
                }
                current = None;
            }
            (Some(block), false) => block.push(line),
            (None, false) => {}
        }
    }
    assert!(blocks.len() >= 4, "the README's examples: {}", blocks.len());
    let shared_present = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")).exists();
    let mut run = 0;
    for block in &blocks {
        let args: Vec<&str> = block[0]["$ trfcheck ".len()..].split_whitespace().collect();
        if args.iter().any(|a| a.starts_with("../shared")) && !shared_present {
            assert!(std::env::var_os("CI").is_none(), "../shared is needed for: {}", block[0]);
            continue;
        }
        let output = trfcheck().current_dir(env!("CARGO_MANIFEST_DIR")).args(&args).output().unwrap();
        let printed = String::from_utf8_lossy(&output.stderr).into_owned() + &String::from_utf8_lossy(&output.stdout);
        let mut lines = printed.lines();
        for expected in block[1..].iter().filter(|l| l.trim() != "⋮") {
            let parts: Vec<&str> = expected.split('…').collect();
            let matches = |actual: &str| {
                let mut rest = actual;
                for (i, part) in parts.iter().enumerate() {
                    let found = if i == 0 { rest.starts_with(part).then_some(0) } else { rest.find(part) };
                    let Some(at) = found else { return false };
                    rest = &rest[at + part.len()..];
                }
                parts.len() > 1 || rest.is_empty()
            };
            assert!(
                lines.any(matches),
                "{}: the README's line is not printed (in order):\n{expected}\n\nprinted:\n{printed}",
                block[0]
            );
        }
        run += 1;
    }
    assert!(run >= 3, "{run} examples run");
}
