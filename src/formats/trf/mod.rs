//! FIDE TRF: TRF16, TRF-2026 and the JaVaFo/bbpPairings extensions.

pub mod fields;
pub mod layout;
pub mod reader;
pub mod team;
pub mod writer;

pub use reader::read;
pub use writer::write;

/// Record tags the reader knows (besides three-letter federation codes heading national rating
/// records). A file counts as TRF when a line starts with one of these.
pub const KNOWN_TAGS: &[&str] = &[
    "001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "142",
    "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299", "300", "310", "320", "330",
    "352", "362", "801", "802", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
    "TNR", "ACC", "BYE", "FOR", "DAT", "XRS", "XDP", "XDG", "XDN", "XDT", "XDO", "XDK",
];
