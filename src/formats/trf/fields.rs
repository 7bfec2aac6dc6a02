//! Value grammars for the contents of TRF fields, written with nom.
//!
//! The column tables (`layout`) say where a field is; these parsers say what it may hold. Each
//! returns `None` on anything else, and the reader turns that into a diagnostic that names the
//! columns and what was expected.

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::{char, digit1, one_of, space0};
use nom::combinator::{all_consuming, map, map_res, opt, recognize};
use nom::multi::separated_list1;
use nom::sequence::{delimited, pair, preceded, separated_pair};
use nom::{IResult, Parser};

use crate::model::Points;

fn blank_or_tab(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn padded<'a, O>(
    inner: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>> {
    delimited(nom::bytes::complete::take_while(blank_or_tab), inner, nom::bytes::complete::take_while(blank_or_tab))
}

fn unsigned(input: &str) -> IResult<&str, u32> {
    map_res(digit1, str::parse::<u32>).parse(input)
}

/// A whole number, possibly padded with blanks: `   7`, `0007`, `XXR 007` values.
pub fn number(text: &str) -> Option<u32> {
    all_consuming(padded(unsigned)).parse(text).ok().map(|(_, n)| n)
}

/// A decimal score: `11.5`, ` 4.0`, `4`, `.5`, `-1.0`, `4,5`.
pub fn points(text: &str) -> Option<Points> {
    let decimal = recognize((
        opt(one_of("+-")),
        alt((recognize(pair(digit1, opt(pair(one_of(".,"), opt(digit1))))), recognize(pair(one_of(".,"), digit1)))),
    ));
    all_consuming(padded(decimal)).parse(text).ok().and_then(|(_, s)| Points::parse(s))
}

/// Words separated by blanks, tabs, and (when `commas`) commas and slashes, as JaVaFo's
/// whitespace-tokenised records (`XXP 1 2 3`, `XXZ 4,7/9`) are written.
pub fn words(text: &str, commas: bool) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || (commas && (c == ',' || c == '/'))).filter(|w| !w.is_empty()).collect()
}

/// A list of pairing numbers (1 to 9999, the range of the 001 columns 5–8); `Err` holds the
/// first word that is not one.
pub fn pairing_numbers(text: &str, commas: bool) -> Result<Vec<u32>, String> {
    words(text, commas)
        .into_iter()
        .map(|w| number(w).filter(|n| (1..=9999).contains(n)).ok_or_else(|| w.to_owned()))
        .collect()
}

/// JaVaFo `XXS` pairs: `WW=1 BW=1 D=.5`.
pub fn assignments(text: &str) -> Result<Vec<(&str, Points)>, &str> {
    let word = take_while1(|c: char| c.is_ascii_alphanumeric());
    let value = take_while1(|c: char| !c.is_whitespace());
    let assignment = separated_pair(word, padded(char('=')), value);
    let mut list = all_consuming(padded(separated_list1(take_while1(blank_or_tab), assignment)));
    let (_, pairs) = list.parse(text).map_err(|_| text)?;
    pairs.into_iter().map(|(key, value)| points(value).map(|p| (key, p)).ok_or(value)).collect()
}

/// trfcheck `XDP` pairs: `FMJDID=17237 TITLE=GMI NAME="Edeon Sport (Naumik, Odnoklubov)"`.
/// A value runs to the next blank, or is quoted when it holds blanks.
pub fn key_values(text: &str) -> Option<Vec<(&str, &str)>> {
    let key = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':');
    let quoted = delimited(char('"'), nom::bytes::complete::take_while(|c: char| c != '"'), char('"'));
    let value = alt((quoted, take_while1(|c: char| !c.is_whitespace() && c != '"')));
    let assignment = separated_pair(key, char('='), value);
    let mut list = all_consuming(padded(opt(separated_list1(take_while1(blank_or_tab), assignment))));
    list.parse(text).ok().map(|(_, pairs)| pairs.unwrap_or_default())
}

/// A yes/no flag as CPPDubovSystem's `ACC` writes it.
pub fn flag(text: &str) -> Option<bool> {
    let yes = map(alt((tag_no_case("true"), tag("1"))), |_| true);
    let no = map(alt((tag_no_case("false"), tag("0"))), |_| false);
    all_consuming(padded(alt((yes, no)))).parse(text).ok().map(|(_, b)| b)
}

/// A team result code of record 362 (`TW`, `TD`, `TL`).
pub fn team_code(text: &str) -> Option<&str> {
    let code = preceded(space0::<&str, nom::error::Error<&str>>, alt((tag("TW"), tag("TD"), tag("TL"))));
    all_consuming(code).parse(text).ok().map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_points() {
        assert_eq!(number("   7"), Some(7));
        assert_eq!(number("0007"), Some(7));
        assert_eq!(number(" 1 "), Some(1));
        assert_eq!(number("-1"), None);
        assert_eq!(number(""), None);
        assert_eq!(number("1 2"), None);
        assert_eq!(points(" 4.0"), Some(Points::whole(4)));
        assert_eq!(points("4."), Some(Points::whole(4)));
        assert_eq!(points(".5"), Some(Points::HALF));
        assert_eq!(points("-1.0"), Some(Points::whole(-1)));
        assert_eq!(points("4,5"), Some(Points::from_tenths(45)));
        assert_eq!(points("u"), None);
        assert_eq!(points("1.0x"), None);
    }

    #[test]
    fn lists_and_assignments() {
        assert_eq!(pairing_numbers(" 1 2\t3", false), Ok(vec![1, 2, 3]));
        assert_eq!(pairing_numbers("4,7/9", true), Ok(vec![4, 7, 9]));
        assert_eq!(pairing_numbers("4 x", false), Err("x".to_owned()));
        // Found by fuzzing: 0 is not a pairing number (and 240/260 cannot hold it).
        assert_eq!(pairing_numbers("3 0", false), Err("0".to_owned()));
        assert_eq!(pairing_numbers("10000", false), Err("10000".to_owned()));
        assert_eq!(
            assignments("WW=1 BW=1  D=.5"),
            Ok(vec![("WW", Points::ONE), ("BW", Points::ONE), ("D", Points::HALF)])
        );
        assert_eq!(assignments("PAB=x"), Err("x"));
        assert_eq!(key_values(" FMJDID=17237 TITLE=GMI"), Some(vec![("FMJDID", "17237"), ("TITLE", "GMI")]));
        assert_eq!(key_values(""), Some(vec![]));
        assert_eq!(key_values(r#"NAME="A B, C" RLIST=A"#), Some(vec![("NAME", "A B, C"), ("RLIST", "A")]));
        assert_eq!(key_values(r#"NAME="unterminated"#), None);
        assert_eq!(flag("true"), Some(true));
        assert_eq!(flag(" 0"), Some(false));
        assert_eq!(flag("maybe"), None);
    }
}
