//! Read → write TRF-2026 → read: a clean read must survive the round trip unchanged.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    trfcheck::fuzzing::round_trip(data);
});
