//! What `--system` names: a system's edition (`dutch-2025`), or a system by its family name
//! (`dutch`, `dubov`, `burstein`, `lim`, `double-swiss`, `team`), which each file resolves to the
//! edition in force on its dates, as a 192 code without a year does.

use std::fmt;

use super::code::{self, C04_2026_IN_FORCE};
use super::id::SystemId;
#[cfg(test)]
use crate::model::Date;
use crate::model::Tournament;

/// A system without its edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Dutch,
    Dubov,
    Burstein,
    Lim,
    DoubleSwiss,
    Team,
}

impl Family {
    pub const ALL: [Family; 6] =
        [Family::Dutch, Family::Dubov, Family::Burstein, Family::Lim, Family::DoubleSwiss, Family::Team];

    pub fn name(self) -> &'static str {
        match self {
            Family::Dutch => "dutch",
            Family::Dubov => "dubov",
            Family::Burstein => "burstein",
            Family::Lim => "lim",
            Family::DoubleSwiss => "double-swiss",
            Family::Team => "team",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Family::Dutch => "The FIDE Dutch edition in force on the file's dates (2012, 2017 or 2025)",
            Family::Dubov => "The FIDE Dubov edition in force on the file's dates (1997, 2018 or 2025)",
            Family::Burstein => "FIDE Burstein (burstein-2026, the one text trfcheck has)",
            Family::Lim => "FIDE Lim (lim-2026, the one text trfcheck has)",
            Family::DoubleSwiss => "FIDE Double-Swiss (double-swiss-2026, the one text trfcheck has)",
            Family::Team => "The FIDE Swiss Team edition in force on the file's dates (2024 or 2025)",
        }
    }

    /// The edition in force on the tournament's date, and why.
    pub fn edition(self, t: &Tournament) -> (SystemId, String) {
        let date = code::tournament_date(t);
        let single = |system: SystemId| -> (SystemId, String) {
            match date {
                Some((date, what)) if date < C04_2026_IN_FORCE => {
                    (system, format!("the one text trfcheck has, though the {what}, {date}, predates it"))
                }
                _ => (system, "the one text trfcheck has".to_owned()),
            }
        };
        match self {
            Family::Dutch => code::dutch_by_date(date),
            Family::Dubov => code::dubov_by_date(date),
            Family::Team => code::team_by_date(date),
            Family::Burstein => single(SystemId::Burstein2026),
            Family::Lim => single(SystemId::Lim2026),
            Family::DoubleSwiss => single(SystemId::DoubleSwiss2026),
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The system `--system` chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SystemChoice {
    /// An edition, as named.
    Exact(SystemId),
    /// A family, resolved per file by its dates.
    Family(Family),
}

impl SystemChoice {
    /// The system for this tournament, and why (for a family, the date that picked the edition).
    pub fn for_tournament(self, t: &Tournament) -> (SystemId, String) {
        match self {
            SystemChoice::Exact(system) => (system, "chosen with --system".to_owned()),
            SystemChoice::Family(family) => {
                let (system, why) = family.edition(t);
                (system, format!("--system {family}: {why}"))
            }
        }
    }
}

impl From<SystemId> for SystemChoice {
    fn from(system: SystemId) -> SystemChoice {
        SystemChoice::Exact(system)
    }
}

impl fmt::Display for SystemChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemChoice::Exact(system) => system.fmt(f),
            SystemChoice::Family(family) => family.fmt(f),
        }
    }
}

/// The possible values of `--system`: the editions, then the families.
static CHOICES: std::sync::LazyLock<Vec<SystemChoice>> = std::sync::LazyLock::new(|| {
    let editions = SystemId::ALL.iter().map(|&s| SystemChoice::Exact(s));
    editions.chain(Family::ALL.iter().map(|&f| SystemChoice::Family(f))).collect()
});

impl clap::ValueEnum for SystemChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &CHOICES
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            SystemChoice::Exact(system) => system.to_possible_value(),
            SystemChoice::Family(family) => Some(clap::builder::PossibleValue::new(family.name()).help(family.help())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::date::DateText;

    fn starting(year: i32, month: u8, day: u8) -> Tournament {
        let mut t = Tournament::default();
        t.header.start_date = Date::new(year, month, day).map(DateText::Date);
        t
    }

    #[test]
    fn a_family_resolves_to_the_edition_in_force_on_the_tournaments_date() {
        // C.04.3: 2012 until 30 Jun 2017, 2017 until 31 Jan 2026, 2025 from 1 Feb 2026.
        assert_eq!(Family::Dutch.edition(&starting(2017, 6, 30)).0, SystemId::Dutch2012);
        assert_eq!(Family::Dutch.edition(&starting(2017, 7, 1)).0, SystemId::Dutch2017);
        assert_eq!(Family::Dutch.edition(&starting(2026, 2, 1)).0, SystemId::Dutch2025);
        assert_eq!(Family::Dubov.edition(&starting(2018, 12, 31)).0, SystemId::Dubov1997);
        assert_eq!(Family::Dubov.edition(&starting(2020, 5, 1)).0, SystemId::Dubov2018);
        assert_eq!(Family::Dubov.edition(&starting(2025, 7, 1)).0, SystemId::Dubov2025);
        assert_eq!(Family::Team.edition(&starting(2025, 5, 1)).0, SystemId::Team2024);
        let (system, why) = SystemChoice::Family(Family::Burstein).for_tournament(&starting(2020, 5, 1));
        assert_eq!(system, SystemId::Burstein2026);
        assert!(why.starts_with("--system burstein: the one text trfcheck has, though"), "{why}");
        let (system, why) = SystemChoice::Family(Family::Dutch).for_tournament(&Tournament::default());
        assert_eq!(system, SystemId::Dutch2025);
        assert!(why.contains("no readable date"), "{why}");
    }
}
