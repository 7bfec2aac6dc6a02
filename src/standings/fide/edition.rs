//! Which text of C.07 a tournament is ranked under (docs/standings.md, "Editions").

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::model::{Date, Tournament};

/// The editions of the tie-break regulations that TRF files can need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Edition {
    /// Approved 04/08/2022, applied from 1 July 2023.
    E2023,
    /// Approved 01/08/2023, applied from 1 September 2023 (EVE and GSC) and 1 April 2024 (all
    /// rated events); its clarified re-issue of 14/12/2023 changed no definition.
    E2023_24,
    /// Approved 29/07/2024, applied from 1 August 2024.
    E2024,
    /// Approved 02/02/2026, applied from 1 March 2026.
    E2026,
}

impl Edition {
    pub const ALL: [Edition; 4] = [Edition::E2023, Edition::E2023_24, Edition::E2024, Edition::E2026];

    pub fn name(self) -> &'static str {
        match self {
            Edition::E2023 => "2023",
            Edition::E2023_24 => "2023/24",
            Edition::E2024 => "2024",
            Edition::E2026 => "2026",
        }
    }

    /// The edition in force on a date. The 2023/24 text reached rated events outside FIDE's own
    /// competitions on 1 April 2024; trfcheck takes that date for every event, since a file does not
    /// say whether FIDE's commissions ran it.
    pub fn in_force(date: Date) -> Option<Edition> {
        let from = |year, month, day| Date { year, month, day };
        Some(if date >= from(2026, 3, 1) {
            Edition::E2026
        } else if date >= from(2024, 8, 1) {
            Edition::E2024
        } else if date >= from(2024, 4, 1) {
            Edition::E2023_24
        } else if date >= from(2023, 7, 1) {
            Edition::E2023
        } else {
            return None;
        })
    }

    /// The edition for a tournament: by its date (the start date, else the first round date,
    /// else the end date), else the newest, and why.
    pub fn for_tournament(t: &Tournament) -> (Edition, String) {
        match crate::systems::tournament_date(t) {
            Some((date, what)) => match Edition::in_force(date) {
                Some(edition) => {
                    (edition, format!("the {what} {} falls under the {} text", date.short(), edition.name()))
                }
                None => (
                    Edition::E2023,
                    format!(
                        "the {what} {} is before 1 July 2023, when C.07 took its present form; ranked under the 2023 text",
                        date.short()
                    ),
                ),
            },
            None => (Edition::E2026, "the file gives no date; ranked under the newest text, 2026".to_owned()),
        }
    }

    /// 16.4 as amended in 2026: the dummy's score is capped.
    pub fn caps_the_dummy(self) -> bool {
        self >= Edition::E2026
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(text: &str) -> Result<Edition, String> {
        let wanted = text.trim().replace(['-', '_'], "/");
        Edition::ALL
            .into_iter()
            .find(|e| e.name() == wanted || (wanted == "2023/2024" && *e == Edition::E2023_24))
            .ok_or_else(|| {
                format!("`{text}` is not an edition of the tie-break regulations; expected 2023, 2023/24, 2024 or 2026")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_follow_their_dates_of_application() {
        let on = |y, m, d| Edition::in_force(Date { year: y, month: m, day: d });
        assert_eq!(on(2023, 6, 30), None);
        assert_eq!(on(2023, 7, 1), Some(Edition::E2023));
        assert_eq!(on(2024, 3, 31), Some(Edition::E2023));
        assert_eq!(on(2024, 4, 1), Some(Edition::E2023_24));
        assert_eq!(on(2024, 8, 1), Some(Edition::E2024));
        assert_eq!(on(2026, 2, 28), Some(Edition::E2024));
        assert_eq!(on(2026, 3, 1), Some(Edition::E2026));
        assert_eq!("2023-24".parse::<Edition>(), Ok(Edition::E2023_24));
        assert!("2025".parse::<Edition>().is_err());
    }
}
