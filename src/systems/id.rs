//! The identifiers of the systems trfcheck knows, as the CLI, the JSON and the docs name them, and
//! the TRF-2026 192 code written for each.

use std::fmt;

use serde::Serialize;

/// The systems trfcheck knows, by the identifiers used everywhere (CLI, JSON, docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
#[value(rename_all = "kebab-case")]
pub enum SystemId {
    /// FIDE Dutch, C.04.3 in force from 1 Feb 2026.
    #[value(name = "dutch-2025")]
    #[serde(rename = "dutch-2025")]
    Dutch2025,
    /// FIDE Dutch, Baku 2016 / Goynuk 2017, 1 Jul 2017 – 31 Jan 2026.
    #[value(name = "dutch-2017")]
    #[serde(rename = "dutch-2017")]
    Dutch2017,
    /// FIDE Dutch, Istanbul 2012, until 30 Jun 2017.
    #[value(name = "dutch-2012")]
    #[serde(rename = "dutch-2012")]
    Dutch2012,
    /// FIDE Dubov, C.04.4.1 (2025) and its re-issue in force from 1 Feb 2026 (alias dubov-2026)
    // The re-issue pairs every position the same way: docs/dubov.md, "The 2026 re-issue".
    #[value(name = "dubov-2025", alias = "dubov-2026")]
    #[serde(rename = "dubov-2025")]
    Dubov2025,
    /// FIDE Dubov as approved by the 2018 General Assembly, until 31 Jan 2026.
    #[value(name = "dubov-2018")]
    #[serde(rename = "dubov-2018")]
    Dubov2018,
    /// FIDE Dubov as approved in 1997.
    #[value(name = "dubov-1997")]
    #[serde(rename = "dubov-1997")]
    Dubov1997,
    /// FIDE Burstein, C.04.4.2, applied from 1 Feb 2026.
    #[value(name = "burstein-2026")]
    #[serde(rename = "burstein-2026")]
    Burstein2026,
    /// FIDE Double-Swiss, C.04.5, applied from 1 Feb 2026: every pairing is a two-game match.
    #[value(name = "double-swiss-2026")]
    #[serde(rename = "double-swiss-2026")]
    DoubleSwiss2026,
    /// FIDE Lim, C.04.4.3, applied from 1 Feb 2026.
    #[value(name = "lim-2026")]
    #[serde(rename = "lim-2026")]
    Lim2026,
    /// FMJD Swiss on rating (Annex 5, 2013, appendix A).
    FmjdRating,
    /// FMJD Swiss on Solkoff (appendix B).
    FmjdSolkoff,
    /// KNDB Swiss on Solkoff (5.3).
    KndbSolkoff,
    /// FIDE Swiss Team Pairing System, C.04.6 approved 28 Oct 2025, applied from 1 Feb 2026.
    #[value(name = "team-2025")]
    #[serde(rename = "team-2025")]
    Team2025,
    /// The same, edition approved 27 Jul 2024, applied 1 Aug 2024 – 31 Jan 2026.
    #[value(name = "team-2024")]
    #[serde(rename = "team-2024")]
    Team2024,
}

impl SystemId {
    /// Lim and Dubov 2018 come after the FMJD systems so that the systems before them keep their
    /// places (the fuzz seeds name a system by its place in [`SystemId::INDIVIDUAL`]).
    pub const ALL: [SystemId; 14] = [
        SystemId::Dutch2025,
        SystemId::Dutch2017,
        SystemId::Dutch2012,
        SystemId::Dubov2025,
        SystemId::Dubov1997,
        SystemId::Burstein2026,
        SystemId::DoubleSwiss2026,
        SystemId::FmjdRating,
        SystemId::FmjdSolkoff,
        SystemId::KndbSolkoff,
        SystemId::Lim2026,
        SystemId::Dubov2018,
        SystemId::Team2025,
        SystemId::Team2024,
    ];

    /// The systems that pair players: [`SystemId::ALL`] but its last two, the team systems.
    pub const INDIVIDUAL: &'static [SystemId] = SystemId::ALL.split_at(SystemId::ALL.len() - 2).0;

    pub fn id(self) -> &'static str {
        match self {
            SystemId::Dutch2025 => "dutch-2025",
            SystemId::Dutch2017 => "dutch-2017",
            SystemId::Dutch2012 => "dutch-2012",
            SystemId::Dubov2025 => "dubov-2025",
            SystemId::Dubov2018 => "dubov-2018",
            SystemId::Dubov1997 => "dubov-1997",
            SystemId::Burstein2026 => "burstein-2026",
            SystemId::DoubleSwiss2026 => "double-swiss-2026",
            SystemId::Lim2026 => "lim-2026",
            SystemId::FmjdRating => "fmjd-rating",
            SystemId::FmjdSolkoff => "fmjd-solkoff",
            SystemId::KndbSolkoff => "kndb-solkoff",
            SystemId::Team2025 => "team-2025",
            SystemId::Team2024 => "team-2024",
        }
    }

    /// The TRF-2026 192 code trfcheck writes for this system. The FMJD codes are trfcheck's own
    /// (the FIDE code table has none for draughts; it says the list is open).
    pub fn code(self) -> &'static str {
        match self {
            SystemId::Dutch2025 => "FIDE_DUTCH_2025",
            SystemId::Dutch2017 => "FIDE_DUTCH_2017",
            SystemId::Dutch2012 => "FIDE_DUTCH_2012",
            SystemId::Dubov2025 => "FIDE_DUBOV_2025",
            SystemId::Dubov2018 => "FIDE_DUBOV_2018",
            SystemId::Dubov1997 => "FIDE_DUBOV_1997",
            // The code table has no year for Burstein; a date decides (`code.rs`).
            SystemId::Burstein2026 => "FIDE_BURSTEIN",
            SystemId::DoubleSwiss2026 => "FIDE_DOUBLESWISS",
            // The code table has no Lim code; trfcheck writes FIDE_LIM, the name other FIDE codes
            // would give it, and reads it back.
            SystemId::Lim2026 => "FIDE_LIM",
            SystemId::FmjdRating => "FMJD_SWISS_RATING",
            SystemId::FmjdSolkoff => "FMJD_SWISS_SOLKOFF",
            SystemId::KndbSolkoff => "KNDB_SWISS_SOLKOFF",
            // C.04.6's defaults (1.2.2, 1.7): Type A preferences, match points, game points for
            // colours.
            SystemId::Team2025 | SystemId::Team2024 => "FIDE_TEAM_TYPEA_MP_GP",
        }
    }

    /// One of the FMJD Swiss systems for draughts (they take the organiser's options of Annex 5).
    pub fn is_fmjd(self) -> bool {
        matches!(self, SystemId::FmjdRating | SystemId::FmjdSolkoff | SystemId::KndbSolkoff)
    }

    /// One of the editions of the FIDE Swiss Team Pairing System (C.04.6): teams are paired.
    pub fn is_team(self) -> bool {
        matches!(self, SystemId::Team2025 | SystemId::Team2024)
    }

    pub fn from_id(id: &str) -> Option<SystemId> {
        SystemId::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
