//! Calendar dates as tournament files write them.
//!
//! TRF-2026 wants `YYYY/MM/DD` in 042/052 and `YY/MM/DD` in 132, but real files use many layouts
//! (day first, two-digit years, month names, …). Dates matter for one thing here: which version of a
//! pairing system was in force (SPEC: `FIDE_DUTCH` without a year resolves by the dates). So a date
//! is read when its layout can be told, and the reading is reported when it had to be chosen.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days_in_month).contains(&day).then_some(Date { year, month, day })
    }

    /// `YY/MM/DD`, the layout of record 132.
    pub fn short(&self) -> String {
        format!("{:02}/{:02}/{:02}", self.year.rem_euclid(100), self.month, self.day)
    }
}

impl fmt::Display for Date {
    /// `YYYY/MM/DD`, the layout of TRF-2026 records 042 and 052.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }
}

/// A date field: a date when it could be read, the text otherwise (TRF16 leaves 042/052 free).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateText {
    Date(Date),
    Text(String),
}

impl DateText {
    pub fn date(&self) -> Option<Date> {
        match self {
            DateText::Date(date) => Some(*date),
            DateText::Text(_) => None,
        }
    }
}

/// A date read from text, with a note when the layout had to be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadDate {
    pub date: Date,
    /// Why this reading, when the text allowed another one or used a non-standard layout.
    pub note: Option<String>,
}

/// The order of day, month and year in a date written with numbers only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldOrder {
    YearMonthDay,
    DayMonthYear,
    MonthDayYear,
    YearDayMonth,
}

impl FieldOrder {
    pub fn describe(self) -> &'static str {
        match self {
            FieldOrder::YearMonthDay => "year/month/day",
            FieldOrder::DayMonthYear => "day/month/year",
            FieldOrder::MonthDayYear => "month/day/year",
            FieldOrder::YearDayMonth => "year/day/month",
        }
    }

    /// Builds a date from three numbers in this order; two-digit years are 20YY before 70, 19YY after.
    pub fn apply(self, numbers: [u32; 3]) -> Option<Date> {
        let (y, m, d) = match self {
            FieldOrder::YearMonthDay => (numbers[0], numbers[1], numbers[2]),
            FieldOrder::DayMonthYear => (numbers[2], numbers[1], numbers[0]),
            FieldOrder::MonthDayYear => (numbers[2], numbers[0], numbers[1]),
            FieldOrder::YearDayMonth => (numbers[0], numbers[2], numbers[1]),
        };
        let year = full_year(y)?;
        Date::new(year, u8::try_from(m).ok()?, u8::try_from(d).ok()?)
    }
}

fn full_year(y: u32) -> Option<i32> {
    match y {
        0..=69 => Some(2000 + y as i32),
        70..=99 => Some(1900 + y as i32),
        1000..=9999 => Some(y as i32),
        _ => None,
    }
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

enum Token {
    Number { value: u32, digits: usize },
    Month(u8),
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let c = rest.chars().next()?;
        if c.is_ascii_digit() {
            let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let digits = &rest[..end];
            if digits.len() > 4 {
                return None;
            }
            out.push(Token::Number { value: digits.parse().ok()?, digits: digits.len() });
            rest = &rest[end..];
        } else if c.is_alphabetic() {
            let end = rest.find(|c: char| !c.is_alphabetic()).unwrap_or(rest.len());
            let word = rest[..end].to_lowercase();
            let month = MONTHS.iter().position(|m| word.starts_with(m) && word.len() >= 3)?;
            out.push(Token::Month(month as u8 + 1));
            rest = &rest[end..];
        } else if matches!(c, '/' | '.' | '-' | ',' | ' ') {
            rest = &rest[c.len_utf8()..];
        } else {
            return None;
        }
    }
    Some(out)
}

/// Reads a date written in any of the layouts seen in real files: `2010/09/24`, `2008-02-01`,
/// `24/09/2010`, `28. 07. 2005`, `10.09.13`, `May 29, 2020`, `29 May 2020`, and digits run
/// together: `151213`, `15122013`, `20131215`.
pub fn read_date(text: &str) -> Option<ReadDate> {
    if let Some(read) = read_digit_run(text.trim()) {
        return Some(read);
    }
    let tokens = tokens(text)?;
    match tokens.as_slice() {
        [Token::Month(m), Token::Number { value: d, digits: 1..=2 }, Token::Number { value: y, digits: 4 }]
        | [Token::Number { value: d, digits: 1..=2 }, Token::Month(m), Token::Number { value: y, digits: 4 }] => {
            Some(ReadDate { date: Date::new(*y as i32, *m, u8::try_from(*d).ok()?)?, note: None })
        }
        [
            Token::Number { value: a, digits: da },
            Token::Number { value: b, digits: 1..=2 },
            Token::Number { value: c, digits: dc },
        ] => {
            let numbers = [*a, *b, *c];
            if *da == 4 {
                let date = FieldOrder::YearMonthDay.apply(numbers)?;
                return Some(ReadDate { date, note: None });
            }
            if *dc == 4 {
                let day_first = FieldOrder::DayMonthYear.apply(numbers);
                let month_first = FieldOrder::MonthDayYear.apply(numbers);
                return match (day_first, month_first) {
                    (Some(date), None) => Some(ReadDate { date, note: None }),
                    (None, Some(date)) => Some(ReadDate {
                        date,
                        note: Some("read as month/day/year: the day-first reading is not a date".into()),
                    }),
                    (Some(date), Some(other)) if date == other => Some(ReadDate { date, note: None }),
                    (Some(date), Some(other)) => Some(ReadDate {
                        date,
                        note: Some(format!("read day first as {date}; month first it would be {other}")),
                    }),
                    (None, None) => None,
                };
            }
            // Two-digit year: TRF's own short layout is YY/MM/DD (record 132).
            let orders = [FieldOrder::YearMonthDay, FieldOrder::DayMonthYear];
            let readings: Vec<(FieldOrder, Date)> =
                orders.iter().filter_map(|order| order.apply(numbers).map(|d| (*order, d))).collect();
            let (order, date) = *readings.first()?;
            let note = match readings.get(1) {
                Some((_, other)) if *other != date => Some(format!(
                    "two-digit year: read as {} ({date}), as TRF's 132 record writes dates; {} would give {other}",
                    order.describe(),
                    FieldOrder::DayMonthYear.describe()
                )),
                _ if order != FieldOrder::YearMonthDay => Some(format!("read as {}", order.describe())),
                _ => None,
            };
            Some(ReadDate { date, note })
        }
        _ => None,
    }
}

/// A date written as digits only, without separators (JavaPairing's files: `151213` for 15 December
/// 2013). Eight digits are year first when they start with a plausible year (`20131215`), else day
/// first (`15122013`). Six digits have a two-digit year: read day first (DDMMYY, the layout of the
/// files that write dates this way), and the other reading named when it is a date too.
fn read_digit_run(text: &str) -> Option<ReadDate> {
    if !text.bytes().all(|b| b.is_ascii_digit()) || !matches!(text.len(), 6 | 8) {
        return None;
    }
    let number = |range: std::ops::Range<usize>| text[range].parse::<u32>().ok();
    if text.len() == 8 {
        let year_first = FieldOrder::YearMonthDay.apply([number(0..4)?, number(4..6)?, number(6..8)?]);
        if let Some(date) = year_first.filter(|d| (1900..2100).contains(&d.year)) {
            return Some(ReadDate { date, note: Some("eight digits read as year, month, day".into()) });
        }
        let date = FieldOrder::DayMonthYear.apply([number(0..2)?, number(2..4)?, number(4..8)?])?;
        return Some(ReadDate { date, note: Some("eight digits read as day, month, year".into()) });
    }
    let (a, b, c) = (number(0..2)?, number(2..4)?, number(4..6)?);
    let day_first = FieldOrder::DayMonthYear.apply([a, b, c]);
    let year_first = FieldOrder::YearMonthDay.apply([a, b, c]);
    match (day_first, year_first) {
        (Some(date), Some(other)) if other != date => Some(ReadDate {
            date,
            note: Some(format!("six digits read as day, month, year ({date}); year first they would be {other}")),
        }),
        (Some(date), _) => Some(ReadDate { date, note: Some("six digits read as day, month, year".into()) }),
        (None, Some(date)) => Some(ReadDate {
            date,
            note: Some("six digits read as year, month, day: day first they are not a date".into()),
        }),
        (None, None) => None,
    }
}

/// Chooses one order for a list of two-digit dates (record 132), the one under which every date
/// is valid and the rounds come in order. Returns `None` when no order fits.
pub fn read_date_list(texts: &[&str]) -> Option<(FieldOrder, Vec<Date>)> {
    let numbers: Vec<[u32; 3]> = texts
        .iter()
        .map(|text| match tokens(text)?.as_slice() {
            [Token::Number { value: a, .. }, Token::Number { value: b, .. }, Token::Number { value: c, .. }] => {
                Some([*a, *b, *c])
            }
            _ => None,
        })
        .collect::<Option<_>>()?;
    let orders =
        [FieldOrder::YearMonthDay, FieldOrder::DayMonthYear, FieldOrder::YearDayMonth, FieldOrder::MonthDayYear];
    orders.iter().find_map(|&order| {
        let dates: Vec<Date> = numbers.iter().map(|n| order.apply(*n)).collect::<Option<_>>()?;
        dates.windows(2).all(|w| w[0] <= w[1]).then_some((order, dates))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u8, d: u8) -> Date {
        Date::new(y, m, d).unwrap()
    }

    #[test]
    fn reads_the_layouts_seen_in_real_files() {
        assert_eq!(read_date("2026/01/10").unwrap().date, date(2026, 1, 10));
        assert_eq!(read_date("2008-02-01").unwrap().date, date(2008, 2, 1));
        assert_eq!(read_date("25.02.2011").unwrap().date, date(2011, 2, 25));
        assert_eq!(read_date("28. 07. 2005").unwrap().date, date(2005, 7, 28));
        assert_eq!(read_date("May 29, 2020").unwrap().date, date(2020, 5, 29));
        assert_eq!(read_date("Feb 20, 2021").unwrap().date, date(2021, 2, 20));
        let ambiguous = read_date("02/10/2010").unwrap();
        assert_eq!(ambiguous.date, date(2010, 10, 2));
        assert!(ambiguous.note.is_some());
        let short = read_date("10.09.13").unwrap();
        assert_eq!(short.date, date(2010, 9, 13));
        assert!(short.note.is_some());
        assert!(read_date("--CPP DUBOV SYSTEM RANDOM TOURNAMENT (START DATE)--").is_none());
        assert!(read_date("2011/02/30").is_none());
    }

    #[test]
    fn reads_digits_run_together() {
        // JavaPairing's XI torneo natalizio 2013: 15 December 2013, day first.
        let read = read_date("151213").unwrap();
        assert_eq!(read.date, date(2013, 12, 15));
        assert!(read.note.unwrap().contains("2015/12/13"));
        // Only the year-first reading is a date.
        assert_eq!(read_date("991231").unwrap().date, date(1999, 12, 31));
        assert_eq!(read_date("15122013").unwrap().date, date(2013, 12, 15));
        assert_eq!(read_date("20131215").unwrap().date, date(2013, 12, 15));
        assert!(read_date("999999").is_none());
        assert!(read_date("1234567").is_none());
    }

    #[test]
    fn chooses_one_order_for_a_list_of_round_dates() {
        // bunratty_minor_2011: 132 writes year.day.month.
        let (order, dates) = read_date_list(&["11.25.02", "11.26.02", "11.27.02"]).unwrap();
        assert_eq!(order, FieldOrder::YearDayMonth);
        assert_eq!(dates[0], date(2011, 2, 25));
        // armstrong_2011: year.month.day.
        let (order, _) = read_date_list(&["10.09.13", "10.09.25", "10.10.16", "11.03.13"]).unwrap();
        assert_eq!(order, FieldOrder::YearMonthDay);
    }
}
