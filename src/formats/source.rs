//! Turning the bytes of a file into numbered lines of characters.
//!
//! TRF counts columns in characters, not bytes (accented names are common), lines end in CR (as
//! the TRF remark says and bbpPairings writes), LF or CRLF, sometimes mixed, and older files are
//! Latin-1. Everything after this module works on `&str` lines and character columns.
//!
//! Encodings: UTF-8 (with or without BOM); UTF-16 (with a BOM, or told by its NUL bytes); and
//! otherwise line by line, UTF-8 where a line is valid UTF-8 and Windows-1252 where it is not, so
//! a file pieced together from a UTF-8 and a Latin-1 program keeps its UTF-8 lines intact.
//!
//! Columns: a line that is not ASCII keeps the byte offset of every [`CHECKPOINT_STRIDE`]-th
//! character, so finding a column costs at most that many steps, not a scan from the start of the
//! line. Reading a record field by field is then linear in the length of the line.

use std::ops::Range;

use serde::Serialize;

use crate::diagnostics::{Code, Diagnostic, Span};

/// How the bytes were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    Utf8,
    Utf8WithBom,
    /// Not UTF-8: decoded as Windows-1252, the superset of Latin-1 that "latin1" means in practice.
    Latin1,
    /// UTF-16, little-endian (with a byte-order mark, or told by its NUL bytes).
    #[serde(rename = "utf16le")]
    Utf16Le,
    /// UTF-16, big-endian.
    #[serde(rename = "utf16be")]
    Utf16Be,
    /// Some lines UTF-8, others not (read as Windows-1252), each line decoded on its own.
    Mixed,
    /// Not text: NUL bytes outside UTF-16 ([`nul_bytes`]); nothing of it is decoded.
    Binary,
}

/// Where the NUL bytes of a file that is not text are: the first one's line and column (a
/// column counts bytes), and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NulBytes {
    pub line: usize,
    pub column: usize,
    pub count: usize,
}

/// The NUL bytes of `bytes` when they make it a binary file: no text encoding trfcheck reads puts
/// a NUL in a line, except UTF-16, which is full of them and is told apart first. `None` for text.
pub fn nul_bytes(bytes: &[u8]) -> Option<NulBytes> {
    let first = bytes.iter().position(|&b| b == 0)?;
    if Utf16::detect(bytes).is_some() {
        return None;
    }
    let before = &bytes[..first];
    // Lines end at LF, CR LF or a lone CR, as `SourceText::new` splits them.
    let breaks = before
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && before.get(i + 1) != Some(&b'\n')))
        .count();
    let line_start = before.iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(0, |i| i + 1);
    let count = bytes[first..].iter().filter(|&&b| b == 0).count();
    Some(NulBytes { line: breaks + 1, column: first - line_start + 1, count })
}

/// Characters between two remembered byte offsets of a line that is not ASCII.
pub const CHECKPOINT_STRIDE: usize = 32;

/// The decoded text of a file with its line boundaries.
#[derive(Clone, Debug)]
pub struct SourceText {
    text: String,
    lines: Vec<Range<usize>>,
    /// The lines that are not ASCII, in line order (ASCII lines need no index: byte = column).
    wide: Vec<WideLine>,
    /// The byte offsets (within their line) of characters 0, STRIDE, 2×STRIDE, … of each wide line.
    checkpoints: Vec<usize>,
    pub encoding: Encoding,
}

/// A line that is not ASCII: its width in characters and where its checkpoints are.
#[derive(Clone, Debug)]
struct WideLine {
    /// 0-based index into `lines`.
    index: usize,
    width: usize,
    checkpoints: Range<usize>,
}

/// One line: its 1-based number and its text without the line end.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
    /// Length in characters.
    width: usize,
    /// Empty for an ASCII line; see [`SourceText::checkpoints`].
    checkpoints: &'a [usize],
}

/// `text.trim()`, on bytes where the text stops at ASCII characters on both sides (a TRF file's
/// fields nearly always): `str::trim` steps over characters, which took a quarter of reading a
/// file. The white space it trims among ASCII characters is tab, line feed, vertical tab, form
/// feed, carriage return and space; any other character ends the trim, and where a character
/// outside ASCII is reached (it may be white space, such as U+00A0) `str::trim` decides.
fn trim(text: &str) -> &str {
    let white = |byte: &u8| matches!(byte, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ');
    let bytes = text.as_bytes();
    let Some(start) = bytes.iter().position(|byte| !white(byte)) else { return "" };
    let end = bytes.iter().rposition(|byte| !white(byte)).map_or(start, |last| last + 1);
    if !bytes[start].is_ascii() || !bytes[end - 1].is_ascii() {
        return text.trim();
    }
    &text[start..end]
}

/// The characters between two columns of a line.
#[derive(Clone, Copy, Debug)]
pub struct Field<'a> {
    /// The text of the columns (shorter, or empty, where the line ends early).
    pub text: &'a str,
    pub line: usize,
    /// First column, 1-based.
    pub column: usize,
    /// Last column, 1-based, inclusive.
    pub last_column: usize,
}

impl<'a> Field<'a> {
    pub fn trimmed(&self) -> &'a str {
        trim(self.text)
    }

    pub fn is_blank(&self) -> bool {
        trim(self.text).is_empty()
    }

    pub fn span(&self) -> Span {
        Span::new(self.line, self.column, self.last_column + 1)
    }
}

/// UTF-16 as a file announces it (a byte-order mark) or shows it (NUL bytes in every other place).
#[derive(Clone, Copy, Debug)]
struct Utf16 {
    big_endian: bool,
    bom: bool,
}

impl Utf16 {
    /// UTF-16 by its BOM, or, without one, by its NULs: text in UTF-16 that is mostly ASCII (as
    /// TRF is: digits, blanks, Latin names) has a NUL in the high byte of nearly every unit, and
    /// UTF-8 or Latin-1 text has none. Judged on the first [`super::SNIFF_BYTES`] bytes.
    fn detect(bytes: &[u8]) -> Option<Utf16> {
        match bytes {
            [0xFF, 0xFE, ..] => return Some(Utf16 { big_endian: false, bom: true }),
            [0xFE, 0xFF, ..] => return Some(Utf16 { big_endian: true, bom: true }),
            _ => {}
        }
        let sample = &bytes[..bytes.len().min(super::SNIFF_BYTES)];
        let units = sample.len() / 2;
        if units == 0 {
            return None;
        }
        let (mut even_nuls, mut odd_nuls) = (0, 0);
        for pair in sample.chunks_exact(2) {
            even_nuls += usize::from(pair[0] == 0);
            odd_nuls += usize::from(pair[1] == 0);
        }
        // Mostly NULs on one side, hardly any on the other (a file of NULs is neither).
        let mostly = |nuls: usize| nuls * 2 > units;
        let hardly = |nuls: usize| nuls * 10 < units;
        if mostly(odd_nuls) && hardly(even_nuls) {
            Some(Utf16 { big_endian: false, bom: false })
        } else if mostly(even_nuls) && hardly(odd_nuls) {
            Some(Utf16 { big_endian: true, bom: false })
        } else {
            None
        }
    }

    fn decode(self, bytes: &[u8]) -> (SourceText, Option<Diagnostic>) {
        let body = if self.bom { &bytes[2..] } else { bytes };
        let (decoder, encoding, order) = if self.big_endian {
            (encoding_rs::UTF_16BE, Encoding::Utf16Be, "big-endian")
        } else {
            (encoding_rs::UTF_16LE, Encoding::Utf16Le, "little-endian")
        };
        let (text, malformed) = decoder.decode_without_bom_handling(body);
        let how = if self.bom { "with a byte-order mark" } else { "without a byte-order mark, told by its NUL bytes" };
        let mut warning =
            Diagnostic::warning(Code::Utf16, format!("the file is UTF-16 ({order}, {how}); read as such"))
                .at(Span::new(1, 1, 2))
                .expected("UTF-8 text (TRF-2026 and the pairing engines expect UTF-8)");
        if malformed {
            warning = warning.note("some of it is not valid UTF-16; those characters are read as U+FFFD");
        }
        (SourceText::new(text.into_owned(), encoding), Some(warning))
    }
}

/// Splits bytes into lines as [`SourceText::new`] does: each CR, LF or CRLF ends one. Yields each
/// line's content and its line end (empty for a last line without one).
fn byte_lines(bytes: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (content, end) = match rest.iter().position(|&b| b == b'\r' || b == b'\n') {
            None => (rest, &rest[rest.len()..]),
            Some(i) => {
                let end_length = if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                (&rest[..i], &rest[i..i + end_length])
            }
        };
        rest = &rest[content.len() + end.len()..];
        Some((content, end))
    })
}

/// At most this many line numbers are listed in the warning about lines that are not UTF-8.
const LISTED_LINES: usize = 10;

/// Decodes bytes that are not UTF-8 as a whole, line by line: UTF-8 where a line is valid UTF-8,
/// Windows-1252 where it is not. Line ends are ASCII in both (and never inside a UTF-8 sequence),
/// so the lines are the same ones in the bytes and in the text.
fn decode_line_by_line(bytes: &[u8]) -> (SourceText, Option<Diagnostic>) {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 4);
    let mut not_utf8: Vec<usize> = Vec::new();
    let mut first_bad_column = 1;
    let mut utf8_beyond_ascii = false;
    for (index, (content, end)) in byte_lines(bytes).enumerate() {
        match std::str::from_utf8(content) {
            Ok(line) => {
                utf8_beyond_ascii |= !line.is_ascii();
                text.push_str(line);
            }
            Err(error) => {
                if not_utf8.is_empty() {
                    let valid = std::str::from_utf8(&content[..error.valid_up_to()]).unwrap_or_default();
                    first_bad_column = 1 + valid.chars().count();
                }
                not_utf8.push(index + 1);
                let (decoded, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(content);
                text.push_str(&decoded);
            }
        }
        // Line ends are CR and LF, ASCII.
        text.push_str(std::str::from_utf8(end).unwrap_or_default());
    }
    let first_line = not_utf8.first().copied().unwrap_or(1);
    let span = Span::new(first_line, first_bad_column, first_bad_column + 1);
    let warning = if utf8_beyond_ascii {
        let count = not_utf8.len();
        let listed: Vec<String> = not_utf8.iter().take(LISTED_LINES).map(usize::to_string).collect();
        let more = if count > LISTED_LINES { format!(" and {} more", count - LISTED_LINES) } else { String::new() };
        let (lines, verb) = if count == 1 { ("line", "is") } else { ("lines", "are") };
        Diagnostic::warning(
            Code::Latin1,
            format!(
                "the file mixes encodings: {lines} {}{more} {verb} not UTF-8 and {} read as Latin-1 (Windows-1252); \
                 the other lines are UTF-8",
                listed.join(", "),
                if count == 1 { "was" } else { "were" }
            ),
        )
        .at(span)
        .expected("UTF-8 text throughout (TRF-2026 and the pairing engines expect UTF-8)")
        .note("names with accents on those lines may be wrong if they used another 8-bit encoding")
    } else {
        Diagnostic::warning(Code::Latin1, "the file is not UTF-8; read as Latin-1 (Windows-1252)")
            .at(span)
            .expected("UTF-8 text (TRF-2026 and the pairing engines expect UTF-8)")
            .note("names with accents may be wrong if the file used another 8-bit encoding")
    };
    let encoding = if utf8_beyond_ascii { Encoding::Mixed } else { Encoding::Latin1 };
    (SourceText::new(text, encoding), Some(warning))
}

impl SourceText {
    /// Decodes a file. The diagnostic, if any, is the warning about an encoding that is not UTF-8.
    pub fn decode(bytes: &[u8]) -> (SourceText, Option<Diagnostic>) {
        if let Some(utf16) = Utf16::detect(bytes) {
            return utf16.decode(bytes);
        }
        let (bytes, had_bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => (rest, true),
            None => (bytes, false),
        };
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                let encoding = if had_bom { Encoding::Utf8WithBom } else { Encoding::Utf8 };
                (SourceText::new(text.to_owned(), encoding), None)
            }
            Err(_) => decode_line_by_line(bytes),
        }
    }

    /// The text of a binary file: empty, as nothing of it is decoded or shown.
    pub fn binary() -> SourceText {
        SourceText::new(String::new(), Encoding::Binary)
    }

    pub fn new(text: String, encoding: Encoding) -> SourceText {
        let mut lines = Vec::new();
        let bytes = text.as_bytes();
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' => {
                    lines.push(start..i);
                    i += if bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                    start = i;
                }
                b'\n' => {
                    lines.push(start..i);
                    i += 1;
                    start = i;
                }
                _ => i += 1,
            }
        }
        if start < bytes.len() {
            lines.push(start..bytes.len());
        }
        let mut wide = Vec::new();
        let mut checkpoints = Vec::new();
        for (index, range) in lines.iter().enumerate() {
            let line = &text[range.clone()];
            if line.is_ascii() {
                continue;
            }
            let first = checkpoints.len();
            let mut width: usize = 0;
            for (byte, _) in line.char_indices() {
                if width.is_multiple_of(CHECKPOINT_STRIDE) {
                    checkpoints.push(byte);
                }
                width += 1;
            }
            wide.push(WideLine { index, width, checkpoints: first..checkpoints.len() });
        }
        SourceText { text, lines, wide, checkpoints, encoding }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    fn make_line(&self, index: usize, wide: Option<&WideLine>) -> Line<'_> {
        let text = &self.text[self.lines[index].clone()];
        match wide {
            Some(wide) => Line {
                number: index + 1,
                text,
                width: wide.width,
                checkpoints: &self.checkpoints[wide.checkpoints.clone()],
            },
            None => Line { number: index + 1, text, width: text.len(), checkpoints: &[] },
        }
    }

    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        let mut wide = self.wide.iter().peekable();
        (0..self.lines.len()).map(move |index| {
            let this_wide = wide.next_if(|w| w.index == index);
            self.make_line(index, this_wide)
        })
    }

    /// The lines that start within the first `bytes` bytes of the text (a line that starts there
    /// is whole, however long): what telling the format looks at.
    pub fn lines_starting_before(&self, bytes: usize) -> impl Iterator<Item = Line<'_>> {
        let count = self.lines.partition_point(|range| range.start < bytes);
        self.lines().take(count)
    }

    pub fn line(&self, number: usize) -> Option<Line<'_>> {
        let index = number.checked_sub(1).filter(|&i| i < self.lines.len())?;
        let wide = self.wide.binary_search_by_key(&index, |w| w.index).ok().map(|i| &self.wide[i]);
        Some(self.make_line(index, wide))
    }

    pub fn line_count(&self) -> usize {
        self.lines.len()
    }
}

impl crate::diagnostics::SourceLines for SourceText {
    fn line_text(&self, number: usize) -> Option<&str> {
        Some(self.line(number)?.text)
    }

    fn byte_of_column(&self, number: usize, column: usize) -> usize {
        self.line(number).map_or(0, |line| line.byte_of_column(column))
    }
}

#[cfg(test)]
thread_local! {
    /// Characters stepped over to find columns, counted in tests to show that reading a line is
    /// linear in its length.
    static STEPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
pub(crate) fn take_steps() -> usize {
    STEPS.with(|steps| steps.replace(0))
}

impl<'a> Line<'a> {
    /// Length in characters.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Byte offset of a 1-based character column (the end of the line if it is shorter).
    pub fn byte_of_column(&self, column: usize) -> usize {
        let index = column.saturating_sub(1);
        if index >= self.width {
            return self.text.len();
        }
        if self.checkpoints.is_empty() {
            // ASCII: one byte per character.
            return index;
        }
        let start = self.checkpoints[index / CHECKPOINT_STRIDE];
        let skip = index % CHECKPOINT_STRIDE;
        #[cfg(test)]
        STEPS.with(|steps| steps.set(steps.get() + skip));
        self.text[start..].char_indices().nth(skip).map_or(self.text.len(), |(byte, _)| start + byte)
    }

    /// Columns `first..=last` (1-based, inclusive), clipped to the line.
    pub fn field(&self, first: usize, last: usize) -> Field<'a> {
        let start = self.byte_of_column(first);
        let end = self.byte_of_column(last + 1).max(start);
        Field { text: &self.text[start..end], line: self.number, column: first, last_column: last }
    }

    /// Everything from column `first` to the end of the line.
    pub fn rest(&self, first: usize) -> Field<'a> {
        let start = self.byte_of_column(first);
        let last = self.width().max(first);
        Field { text: &self.text[start..], line: self.number, column: first, last_column: last }
    }

    /// The whole line as a span.
    pub fn span(&self) -> Span {
        Span::line(self.number, self.width())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte trim is `str::trim`: strings of ASCII white space and letters, the white space
    /// outside ASCII (U+0085, U+00A0, U+2000, U+3000), letters outside it and the ASCII controls
    /// that are not white space, in every arrangement of up to four of them.
    #[test]
    fn trim_is_str_trim() {
        let pieces = [
            "", " ", "\t", "\n", "\u{b}", "\u{c}", "\r", "a", "Zz", "\u{85}", "\u{a0}", "\u{2000}", "\u{3000}", "é",
            "\u{1c}", "\u{1f}", "中",
        ];
        let mut text = String::new();
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        text.clear();
                        text.extend([a, b, c, d]);
                        assert_eq!(trim(&text), text.trim(), "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn splits_on_every_line_end() {
        let source = SourceText::new("a\rb\r\nc\nd\r".to_owned(), Encoding::Utf8);
        let lines: Vec<&str> = source.lines().map(|l| l.text).collect();
        assert_eq!(lines, ["a", "b", "c", "d"]);
        let blank_kept = SourceText::new("a\n\nb".to_owned(), Encoding::Utf8);
        assert_eq!(blank_kept.line_count(), 3);
    }

    #[test]
    fn strips_the_bom_and_falls_back_to_latin1() {
        let (source, warning) = SourceText::decode(b"\xEF\xBB\xBF012 x\n");
        assert_eq!(source.encoding, Encoding::Utf8WithBom);
        assert!(warning.is_none());
        assert_eq!(source.line(1).unwrap().text, "012 x");
        let (source, warning) = SourceText::decode(b"012 a\n001 M\xEDche\xE1l\n");
        assert_eq!(source.encoding, Encoding::Latin1);
        assert_eq!(source.line(2).unwrap().text, "001 Mícheál");
        let span = warning.unwrap().span.unwrap();
        assert_eq!((span.line, span.column), (2, 6));
    }

    fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
        if bom {
            bytes.extend(if big_endian { [0xFE, 0xFF] } else { [0xFF, 0xFE] });
        }
        for unit in text.encode_utf16() {
            bytes.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
        }
        bytes
    }

    #[test]
    fn reads_utf16_with_or_without_a_bom() {
        let text = "012 Open de Liffré\r\n001    1      Ødegaard, Jürgen\r\n";
        for (big_endian, encoding) in [(false, Encoding::Utf16Le), (true, Encoding::Utf16Be)] {
            for bom in [true, false] {
                let (source, warning) = SourceText::decode(&utf16(text, big_endian, bom));
                assert_eq!(source.encoding, encoding, "big-endian {big_endian}, BOM {bom}");
                assert_eq!(source.text(), text);
                let warning = warning.unwrap();
                assert_eq!(warning.code, Code::Utf16);
                assert_eq!(warning.message.contains("without a byte-order mark"), !bom, "{}", warning.message);
            }
        }
        // NULs everywhere (/dev/zero) are not text in any encoding; nor is one odd NUL.
        assert_eq!(SourceText::decode(&[0; 64]).0.encoding, Encoding::Utf8);
        assert_eq!(SourceText::decode(b"012 a\0b\n").0.encoding, Encoding::Utf8);
    }

    #[test]
    fn decodes_each_line_in_its_own_encoding() {
        let bytes = b"012 Liffr\xC3\xA9\n001 M\xEDche\xE1l\r\n042 \xC3\x98stfold\n102 Jos\xE9\n132 plain";
        let (source, warning) = SourceText::decode(bytes);
        assert_eq!(source.encoding, Encoding::Mixed);
        let lines: Vec<&str> = source.lines().map(|l| l.text).collect();
        assert_eq!(lines, ["012 Liffré", "001 Mícheál", "042 Østfold", "102 José", "132 plain"]);
        let warning = warning.unwrap();
        assert_eq!(warning.code, Code::Latin1);
        assert!(warning.message.contains("lines 2, 4 are not UTF-8"), "{}", warning.message);
        let span = warning.span.unwrap();
        assert_eq!((span.line, span.column), (2, 6));
        // Many such lines: the first ten are named.
        let many: Vec<u8> = (0..15).flat_map(|_| b"012 \xC3\xA9\n001 \xE9\n".iter().copied()).collect();
        let (source, warning) = SourceText::decode(&many);
        assert_eq!(source.encoding, Encoding::Mixed);
        let message = warning.unwrap().message;
        assert!(message.contains("lines 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 and 5 more are not UTF-8"), "{message}");
    }

    #[test]
    fn columns_are_characters() {
        let source = SourceText::new("310 1   Liffré A    1".to_owned(), Encoding::Utf8);
        let line = source.line(1).unwrap();
        assert_eq!(line.field(9, 14).text, "Liffré");
        assert_eq!(line.field(21, 21).text, "1");
        assert_eq!(line.field(30, 35).text, "");
        assert_eq!(line.rest(17).text, "    1");
    }

    #[test]
    fn every_column_of_a_long_line_is_found() {
        let text: String = (0..500).map(|i| ['a', 'é', '€', '𝄞'][i % 4]).collect();
        let source = SourceText::new(format!("ascii\n{text}\n{text}"), Encoding::Utf8);
        for number in [2, 3] {
            let line = source.line(number).unwrap();
            let by_lines = source.lines().nth(number - 1).unwrap();
            assert_eq!(line.width(), 500);
            for column in 0..=502 {
                let expected = text.char_indices().nth(column.max(1) - 1).map_or(text.len(), |(byte, _)| byte);
                assert_eq!(line.byte_of_column(column), expected, "column {column}");
                assert_eq!(by_lines.byte_of_column(column), expected, "column {column}");
            }
        }
        assert_eq!(source.line(1).unwrap().byte_of_column(3), 2);
        assert!(source.line(4).is_none() && source.line(0).is_none());
    }

    /// Reading a 001 record looks up a few columns per round; finding each must not walk the line
    /// from its start (that made a 160 KB line take 38 s). Counted in characters stepped over, the
    /// work per character stays the same when the line is ten times longer.
    #[test]
    fn reading_a_long_line_steps_over_each_character_a_bounded_number_of_times() {
        let steps_per_character = |rounds: usize| {
            let blocks: String = (0..rounds).map(|r| format!("  {:>4} w 1", r % 9000 + 2)).collect();
            let line = format!(
                "001    1      Ødegaard, Jürgen                  2100                             1.0    1{blocks}"
            );
            let width = line.chars().count();
            let source = SourceText::new(format!("012 x\n{line}\n"), Encoding::Utf8);
            take_steps();
            let _ = crate::formats::trf::read(&source);
            take_steps() as f64 / width as f64
        };
        let short = steps_per_character(2_000);
        let long = steps_per_character(20_000);
        assert!(short > 0.0, "the line is not ASCII, so columns are stepped to");
        assert!(long <= short * 1.2, "steps per character: {short:.2} for 20 000 characters, {long:.2} for 200 000");
        assert!(long <= CHECKPOINT_STRIDE as f64 * 4.0, "{long:.2} steps per character");
    }

    #[test]
    fn a_finding_is_drawn_at_its_column_and_says_what_was_expected() {
        let source = SourceText::new("012 x\n001   10 w    Tzegka   1 w ù".to_owned(), Encoding::Utf8);
        let diagnostic = crate::diagnostics::Diagnostic::error(Code::BadRoundEntry, "invalid result `ù` in round 2")
            .at(Span::new(2, 28, 29))
            .expected("a result code: 1 = 0 + - W D L H F U Z or blank");
        let text = crate::diagnostics::render::render(
            "t.trf",
            Some(&source),
            &diagnostic,
            crate::diagnostics::render::Style::default(),
        );
        assert!(text.contains("error[bad-round-entry]: invalid result `ù` in round 2"), "{text}");
        assert!(text.contains("t.trf:2:28"), "{text}");
        assert!(text.contains("expected a result code"), "{text}");
        let short = crate::diagnostics::render::render_short("t.trf", &diagnostic);
        assert_eq!(
            short,
            "t.trf:2:28: error[bad-round-entry]: invalid result `ù` in round 2 (expected a result code: 1 = 0 + - W D L H F U Z or blank)"
        );
    }
}
