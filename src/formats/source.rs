//! Turning the bytes of a file into numbered lines of characters.
//!
//! TRF counts columns in characters, not bytes (accented names are common), lines end in CR (as
//! the TRF remark says and bbpPairings writes), LF or CRLF, sometimes mixed, and older files are
//! Latin-1. Everything after this module works on `&str` lines and character columns.

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
}

/// The decoded text of a file with its line boundaries.
#[derive(Clone, Debug)]
pub struct SourceText {
    text: String,
    lines: Vec<Range<usize>>,
    pub encoding: Encoding,
}

/// One line: its 1-based number and its text without the line end.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
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
        self.text.trim()
    }

    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    pub fn span(&self) -> Span {
        Span::new(self.line, self.column, self.last_column + 1)
    }
}

impl SourceText {
    /// Decodes a file. The diagnostic, if any, is the Latin-1 warning.
    pub fn decode(bytes: &[u8]) -> (SourceText, Option<Diagnostic>) {
        let (bytes, had_bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => (rest, true),
            None => (bytes, false),
        };
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                let encoding = if had_bom { Encoding::Utf8WithBom } else { Encoding::Utf8 };
                (SourceText::new(text.to_owned(), encoding), None)
            }
            Err(error) => {
                let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
                let source = SourceText::new(text.into_owned(), Encoding::Latin1);
                // Line ends are ASCII, so the byte before the bad one is on the same line in both
                // decodings; count characters up to it for the column.
                let valid = &bytes[..error.valid_up_to()];
                let line = 1 + count_line_ends(valid);
                let line_start = last_line_start(valid);
                let column = 1 + String::from_utf8_lossy(&valid[line_start..]).chars().count();
                let warning =
                    Diagnostic::warning(Code::Latin1, "the file is not UTF-8; read as Latin-1 (Windows-1252)")
                        .at(Span::new(line, column, column + 1))
                        .expected("UTF-8 text (TRF-2026 and the pairing engines expect UTF-8)")
                        .note("names with accents may be wrong if the file used another 8-bit encoding");
                (source, Some(warning))
            }
        }
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
        SourceText { text, lines, encoding }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        self.lines.iter().enumerate().map(|(i, range)| Line { number: i + 1, text: &self.text[range.clone()] })
    }

    pub fn line(&self, number: usize) -> Option<Line<'_>> {
        let range = self.lines.get(number.checked_sub(1)?)?;
        Some(Line { number, text: &self.text[range.clone()] })
    }

    pub fn line_count(&self) -> usize {
        self.lines.len()
    }
}

fn count_line_ends(bytes: &[u8]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                count += 1;
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            b'\n' => count += 1,
            _ => {}
        }
        i += 1;
    }
    count
}

fn last_line_start(bytes: &[u8]) -> usize {
    bytes.iter().rposition(|&b| b == b'\r' || b == b'\n').map_or(0, |i| i + 1)
}

impl<'a> Line<'a> {
    /// Length in characters.
    pub fn width(&self) -> usize {
        if self.text.is_ascii() { self.text.len() } else { self.text.chars().count() }
    }

    /// Byte offset of a 1-based character column (the end of the line if it is shorter).
    pub fn byte_of_column(&self, column: usize) -> usize {
        let index = column.saturating_sub(1);
        if self.text.is_ascii() {
            return index.min(self.text.len());
        }
        self.text.char_indices().nth(index).map_or(self.text.len(), |(byte, _)| byte)
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

    #[test]
    fn columns_are_characters() {
        let source = SourceText::new("310 1   Liffré A    1".to_owned(), Encoding::Utf8);
        let line = source.line(1).unwrap();
        assert_eq!(line.field(9, 14).text, "Liffré");
        assert_eq!(line.field(21, 21).text, "1");
        assert_eq!(line.field(30, 35).text, "");
        assert_eq!(line.rest(17).text, "    1");
    }
}
