//! Any bytes, read as the CLI reads a file (seeded with TRF files). Must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    trfcheck::fuzzing::read_any(data);
});
