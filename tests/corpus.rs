//! The shared corpora: real TRF files, FMJD crosstables, and the Dutch conformance tournaments.
//! Each file's reading and validation outcome was examined by hand and is written down here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use trfcheck::formats::{self, ReadOptions};
use trfcheck::verify;

/// `../shared`: the corpora, conformance and bench files beside the project. A test that calls this
/// is marked `#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]`: when the
/// project is tested alone the build script sets `no_shared_data` and the test is reported as
/// ignored, in the summary. With `CI` set the flag is never set and a missing `../shared` fails
/// the test, as it does for a test that lacks the mark: a test never passes without its data.
pub fn shared() -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if !path.is_dir() {
        if std::env::var_os("CI").is_some() {
            panic!("CI is set and ../shared, which this test needs, is missing");
        }
        panic!("../shared is missing: this test needs it and lacks #[cfg_attr(no_shared_data, ignore = …)]");
    }
    path
}

pub fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)))
        .collect();
    out.sort();
    out
}

/// Severity and code of every finding, counted.
fn findings(path: &Path) -> (bool, usize, u32, BTreeMap<String, usize>) {
    let (_, report) = verify::validate_path(path, ReadOptions::default());
    let mut counts = BTreeMap::new();
    for d in &report.diagnostics {
        let severity = format!("{:?}", d.severity).to_lowercase();
        *counts.entry(format!("{severity} {}", d.code.id())).or_insert(0) += 1;
    }
    (report.valid, report.players, report.rounds_paired, counts)
}

fn expect(path: &Path, valid: bool, players: usize, rounds: u32, expected: &[(&str, usize)]) {
    let (is_valid, n, r, counts) = findings(path);
    let expected: BTreeMap<String, usize> = expected.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    let name = path.file_name().unwrap().to_string_lossy();
    assert_eq!((is_valid, n, r, &counts), (valid, players, rounds, &expected), "{name}");
}

/// A file, and what validating it gives: valid, players, rounds paired, findings by severity and code.
type Expectation<'a> = (&'a str, bool, usize, u32, &'a [(&'a str, usize)]);

/// Every real TRF file: read, cross-checked, and judged as its content deserves.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn real_trf_files_validate_as_examined() {
    let shared = shared();
    let dir = shared.join("corpus/real");
    let table: &[Expectation] = &[
        ("BieremaBoyzProgramming__bbpPairings__dutch_2025_C5.input.trf", true, 6, 2, &[]),
        ("BieremaBoyzProgramming__bbpPairings__dutch_2025_C9.input.trf", true, 5, 1, &[]),
        ("BieremaBoyzProgramming__bbpPairings__issue_15.input.trf", true, 180, 11, &[]),
        ("BieremaBoyzProgramming__bbpPairings__issue_7.input.trf", true, 60, 14, &[]),
        ("GrzegorzKi__CompetiChess__testTrfFile.txt", true, 52, 4, &[("note date", 1)]),
        (
            "OpenSwissPairings__openswisspairings_lib__lichess_swiss_2021.02.20_sniu3bgA_fm-maurizio-brancaleoni-pract.trf",
            true,
            9,
            5,
            &[],
        ),
        // The deliberate negative sample: every defect is reported (see the next test for where).
        (
            "OpenSwissPairings__openswisspairings_lib__test_file.trf",
            false,
            10,
            3,
            &[
                ("error bad-field", 14),
                ("error bad-round-entry", 1),
                ("error no-separator", 1),
                ("error short-line", 1),
                ("error unknown-record", 1),
                ("warning nonstandard", 2),
            ],
        ),
        ("Sharly-Chess__bbpPairings__indiv_299_bonus.input.trf", true, 5, 1, &[]),
        ("Sharly-Chess__bbpPairings__team_299_all.input.trf", true, 5, 1, &[]),
        ("Sharly-Chess__bbpPairings__team_330_forfeit.input.trf", true, 4, 1, &[]),
        // Three boards of the team with the PAB record U in one round: one team PAB, not three.
        ("Sharly-Chess__bbpPairings__team_board_forfeit_win.input.trf", true, 15, 1, &[]),
        ("Sharly-Chess__bbpPairings__team_utf8_names.input.trf", true, 8, 2, &[]),
        // JaVaFo's sample: Points include the H of the round to pair, as JaVaFo wants.
        ("echecsjs__trf__javafo_sample2.trf", true, 52, 4, &[("note date", 1)]),
        // Synthetic fixture, a team tournament by its 310 record (no 192 code): Points 4.0 and 3.5
        // after one game, the two players of its only team play each other, 310's totals are not
        // the game's, 260 names a team 2 that does not exist, and a birth date one column to the
        // right of its field (docs/teams.md). Its 240 H bye is team 1's, not player 1's.
        (
            "echecsjs__trf__trf26_team.trf",
            false,
            2,
            1,
            &[
                ("error points-mismatch", 2),
                ("error team-match", 1),
                ("error team-points", 2),
                ("error unknown-player", 1),
                ("warning bad-field", 2),
            ],
        ),
        ("pierotofy__CPPDubovSystem__baku_test.trf", true, 20, 5, &[("warning date", 2)]),
        ("pierotofy__CPPDubovSystem__parsing_test.trf", true, 20, 5, &[("warning date", 2)]),
        ("pierotofy__CPPDubovSystem__random1.trf", true, 20, 5, &[("warning date", 2)]),
        ("pierotofy__CPPDubovSystem__test.trf", true, 20, 5, &[("warning date", 2)]),
        ("pierotofy__CPPDubovSystem__test2.trf", true, 21, 5, &[("warning date", 2)]),
        ("sanichi__icu_tournament__armstrong_2011.tab", true, 160, 11, &[("note date", 2)]),
        ("sanichi__icu_tournament__armstrong_2012_with_bom.tab", true, 2, 1, &[("note date", 2)]),
        // SwissPerfect byes without a result letter, counted in Points.
        (
            "sanichi__icu_tournament__bunratty_challengers_2011.tab",
            true,
            63,
            6,
            &[("note date", 1), ("warning points-explained", 8)],
        ),
        (
            "sanichi__icu_tournament__bunratty_major_2011.tab",
            true,
            56,
            6,
            &[("note date", 1), ("warning points-explained", 11)],
        ),
        (
            "sanichi__icu_tournament__bunratty_minor_2011.tab",
            true,
            103,
            6,
            &[("note date", 1), ("warning nonstandard", 1), ("warning points-explained", 17)],
        ),
        (
            "sanichi__icu_tournament__irish_intermediate_champs_2011.tab",
            true,
            21,
            5,
            &[("warning latin-1", 1), ("warning points-explained", 1)],
        ),
        (
            "sanichi__icu_tournament__irish_junior_champs_2011.tab",
            true,
            34,
            5,
            &[("warning latin-1", 1), ("warning points-explained", 5)],
        ),
        ("sanichi__icu_tournament__latin-1.tab", true, 3, 3, &[("warning latin-1", 1), ("note round-robin", 1)]),
        ("sanichi__icu_tournament__utf-8.tab", true, 3, 3, &[("note round-robin", 1)]),
        ("sanichi__icu_tournament__valid.tab", true, 12, 5, &[]),
        ("sklangen__TRF__2020_06.trf", true, 13, 10, &[]),
        ("sklangen__TRF__2021_03.trf", true, 9, 9, &[("note round-robin", 1)]),
        // JavaPairing's events, converted to TRF16: clean. The notes are dates whose layout had to
        // be chosen: `09-10-2011` (day or month first), and `151213` read day first (15 Dec 2013).
        ("yoyold__JavaPairing__8.i_CII_PN_2011.trf", true, 14, 6, &[]),
        ("yoyold__JavaPairing__CIG16_Cordenons_2011.trf", true, 14, 5, &[("note date", 1)]),
        ("yoyold__JavaPairing__CIG16_Cordenons_2012.trf", true, 9, 5, &[("note date", 2)]),
        ("yoyold__JavaPairing__Citt__di_Cordenons_2012.trf", true, 34, 7, &[]),
        ("yoyold__JavaPairing__Citt__di_Cordenons_2013.trf", true, 42, 9, &[("note date", 2)]),
        ("yoyold__JavaPairing__Spilimbergo_U16_2013.trf", true, 10, 5, &[]),
        ("yoyold__JavaPairing__TorneoNatalizio2010.trf", true, 31, 7, &[]),
        ("yoyold__JavaPairing__XI_torneo_natalizio_2013_semilampo.trf", true, 36, 7, &[("note date", 2)]),
        ("yoyold__JavaPairing__X_San_Gregorio_PN.trf", true, 27, 6, &[]),
        ("yoyold__JavaPairing__X__TROFEO_SCAPOLAN.trf", true, 23, 7, &[]),
        ("yoyold__JavaPairing__X__torneo_San_Gregorio.trf", true, 26, 7, &[("note date", 1)]),
        ("yoyold__JavaPairing__festa_in_piassa_2011.trf", true, 26, 6, &[]),
        ("yoyold__JavaPairing__festa_in_piassa_2012.trf", true, 23, 7, &[]),
        ("yoyold__JavaPairing__festa_in_piassa_2013.trf", true, 12, 6, &[]),
        ("yoyold__JavaPairing__natalizio_2011.trf", true, 44, 6, &[]),
        ("yoyold__JavaPairing__natalizio_2012.trf", true, 40, 7, &[]),
        ("yoyold__JavaPairing__torneo_infinito_2010_-_semilampo_45_minuti.trf", true, 16, 7, &[]),
    ];
    let on_disk = files(&dir, &["trf", "tab", "txt"]);
    assert_eq!(on_disk.len(), table.len(), "a file of corpus/real is not in the table (or gone)");
    for (name, valid, players, rounds, expected) in table {
        expect(&dir.join(name), *valid, *players, *rounds, expected);
    }
}

/// The negative sample's defects, each at its line and column.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_negative_sample_is_rejected_defect_by_defect() {
    let shared = shared();
    let path = shared.join("corpus/real/OpenSwissPairings__openswisspairings_lib__test_file.trf");
    let (_, report) = verify::validate_path(&path, ReadOptions::default());
    let at: Vec<(String, usize, usize)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code.id().to_owned(), d.span.as_ref().unwrap().line, d.span.as_ref().unwrap().column))
        .collect();
    for expected in [
        ("bad-round-entry", 43, 109), // result `ù` (a multibyte character, counted as one column)
        ("bad-field", 46, 5),         // starting rank -1
        ("bad-field", 46, 49),        // rating `u`
        ("nonstandard", 46, 10),      // sex `a`
        ("nonstandard", 46, 11),      // title `ff`
        ("short-line", 49, 1),        // `01`
        ("bad-field", 50, 4),         // `001` with nothing after it
        ("no-separator", 51, 4),      // `001-`
        ("unknown-record", 52, 1),    // `^ Trolling`
        ("bad-field", 13, 81),        // blank Points
    ] {
        let expected = (expected.0.to_owned(), expected.1, expected.2);
        assert!(at.contains(&expected), "{expected:?} not in {at:?}");
    }
    // Tornelo's DAT and XRS lines and the blank lines are not defects.
    assert!(!at.iter().any(|(_, line, _)| [11, 14, 15, 16].contains(line)), "{at:?}");
}

/// Draughts crosstables read into the tournament model; the other files in corpus/fmjd are
/// refused with the reason.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn fmjd_files_validate_as_examined() {
    let shared = shared();
    let dir = shared.join("corpus/fmjd");
    let table: &[Expectation] = &[
        // Its Pt column holds other numbers than points (114, 78, …): only two rows agree.
        (
            "clpippel__tiebreak__1934-Nederlands_Kampioenschap_Algemeen_KNDB-SB-FB.csv",
            false,
            10,
            9,
            &[("error points-mismatch", 8), ("note round-robin", 1)],
        ),
        ("clpippel__tiebreak__1970-open-nk-KNDB.csv", true, 20, 10, &[]),
        ("clpippel__tiebreak__2018-delft-expo-gma-rapid.csv", true, 4, 3, &[("note round-robin", 1)]),
        // A 0–0 "game" against Dummy in round 6 is read as an absence, with a warning.
        ("clpippel__tiebreak__2021-coppa-cita-di-Verona-Italie-rapid.csv", true, 45, 6, &[("warning bad-cell", 1)]),
        ("clpippel__tiebreak__2022-Ouagadougou-Open.csv", true, 68, 9, &[]),
        (
            "clpippel__tiebreak__2022-WK_(onofficieel)_Computerdammen_(Rapid).csv",
            true,
            18,
            34,
            &[("note round-robin", 1)],
        ),
        ("clpippel__tiebreak__2023-Zomerrapid_020.csv", true, 22, 36, &[]),
        // Standings only, and PDN game files: no pairings to check.
        ("KNDB__tm2ppt__ronde1.CSV", false, 0, 0, &[("error unknown-format", 1)]),
        ("bas080__dammen__all.pdn", false, 0, 0, &[("error unknown-format", 1)]),
        ("wiegerw__pdn__090417ronde12.pdn", false, 0, 0, &[("error unknown-format", 1)]),
        ("wiegerw__pdn__40Camp.DamaInternazionaleAssoluto.pdn", false, 0, 0, &[("error unknown-format", 1)]),
        ("wiegerw__pdn__delfts.pdn", false, 0, 0, &[("error unknown-format", 1)]),
        ("wiegerw__pdn__mrcd2007.pdn", false, 0, 0, &[("error unknown-format", 1)]),
        ("wiegerw__pdn__nk2003-amsterdam.pdn", false, 0, 0, &[("error unknown-format", 1)]),
    ];
    let on_disk = files(&dir, &["csv", "CSV", "pdn"]);
    assert_eq!(on_disk.len(), table.len(), "a file of corpus/fmjd is not in the table (or gone)");
    for (name, valid, players, rounds, expected) in table {
        expect(&dir.join(name), *valid, *players, *rounds, expected);
    }
}

/// The Arbiter export numbers opponents by final place; after renumbering by starting number
/// the table is perfectly mirrored (validation finds nothing), and the leader is S.No. 2.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn the_ouagadougou_crosstable_is_renumbered_by_starting_number() {
    let shared = shared();
    let path = shared.join("corpus/fmjd/clpippel__tiebreak__2022-Ouagadougou-Open.csv");
    let loaded = formats::read_path(&path, ReadOptions::default()).unwrap();
    let t = loaded.tournament.unwrap();
    let leader = t.player(2).unwrap();
    assert_eq!((leader.rank, leader.name.as_str(), leader.rating), (Some(1), "Ndjofang, Jean Marc", Some(2339)));
    // Round 1: `68b2` — place 68 is S.No. 36 (per the research notes' renumbering).
    assert_eq!(leader.rounds[0].opponent, Some(36));
    assert_eq!(leader.points, Some(trfcheck::model::Points::whole(14)));
    let draughts = leader.draughts.as_ref().unwrap();
    assert_eq!(draughts.rating_list.as_deref(), Some("A"));
    assert_eq!(draughts.reported_tie_breaks, vec![("SSolk".to_owned(), trfcheck::model::Points::whole(92))]);
}

/// Every conformance tournament reads and validates without a finding, and round-trips.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn conformance_files_validate_clean_and_round_trip() {
    let shared = shared();
    let mut count = 0;
    for version in ["dutch-2025", "dutch-2017"] {
        for kind in ["clean", "mutated"] {
            for path in files(&shared.join("conformance").join(version).join(kind), &["trf"]) {
                let (_, report) = verify::validate_path(&path, ReadOptions::default());
                assert!(report.diagnostics.is_empty(), "{}: {:?}", path.display(), report.diagnostics);
                let bytes = std::fs::read(&path).unwrap();
                let (before, after) = trfcheck::fuzzing::round_trip_pair(&bytes).expect("clean files round-trip");
                assert_eq!(before, after, "{}", path.display());
                count += 1;
            }
        }
    }
    assert!(count > 400, "only {count} conformance files found");
}

/// Every file that reads without errors gives the same tournament after write → read.
#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared beside the project")]
fn corpus_files_round_trip_through_the_writer() {
    let shared = shared();
    let mut paths = files(&shared.join("corpus/real"), &["trf", "tab", "txt"]);
    paths.extend(files(&shared.join("corpus/fmjd"), &["csv"]));
    let mut checked = 0;
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let loaded = formats::read_bytes(path, &bytes, ReadOptions::default());
        if loaded.diagnostics.has_errors() {
            continue;
        }
        let (before, after) = trfcheck::fuzzing::round_trip_pair(&bytes)
            .unwrap_or_else(|| panic!("{}: a value did not fit its columns", path.display()));
        assert_eq!(before, after, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 35, "only {checked} files round-tripped");
}

/// The project's own samples.
#[test]
fn samples_validate_as_documented_and_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("trf-samples");
    for path in files(&dir, &["trf", "csv"]) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (_, report) = verify::validate_path(&path, ReadOptions::default());
        assert_eq!(report.valid, name != "defective.trf", "{name}: {:?}", report.diagnostics);
        if report.valid {
            let bytes = std::fs::read(&path).unwrap();
            let (before, after) = trfcheck::fuzzing::round_trip_pair(&bytes).unwrap();
            assert_eq!(before, after, "{name}");
        }
    }
}
