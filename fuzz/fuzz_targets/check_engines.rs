//! Small tournaments built from the bytes (generated and changed, or made round by round), checked
//! under every system: the engines must not panic or hang, and the report must be well formed.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    trfcheck::fuzzing::check_engines(data);
});
