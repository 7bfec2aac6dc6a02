//! Any bytes, read as the CLI reads a file (seeded with draughts crosstables; the format is told
//! by content, so the seeds steer the fuzzer into the crosstable reader). Must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    trfcheck::fuzzing::read_any(data);
});
