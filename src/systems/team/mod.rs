//! The FIDE Swiss Team Pairing System (C.04.6; `../shared/rules/team-swiss-2026.md` for the
//! edition applied from 1 February 2026, `team-swiss-2024.md` for the one before): the rules'
//! building blocks, each a small function that follows one article and is tested on the
//! handbook's own examples. The engines (a literal one that enumerates what the text enumerates,
//! and a fast one) are built on them (docs/teams.md).
//!
//! - [`colour`]: colour difference and colour preferences (1.6, 1.7) and the colour allocation of a
//!   pair (4.2, 4.3).
//! - [`order`]: the orders the text enumerates: sets of upfloaters (3.5.3, 3.5.4) and the pairings
//!   of a bracket by their identifiers (3.6.1–3.6.3).
//!
//! Articles are cited in the 2026 edition's numbers. The 2024 edition words these blocks alike
//! under other numbers (the upfloater sets are its 2.2.3–2.2.4, the bracket's pairings 2.3.1–2.3.3,
//! the colour rules the same 1.6, 1.7 and 4.1–4.3.8), and has no 4.3.9: where the 2026 edition
//! falls to it (the first-team has never played, the other has, nothing before decides), the 2024
//! text says nothing; its engine will have to take a reading there. The editions differ in the
//! criteria (2024's C2, C3, C6 and C9 are worded otherwise), which the engines, not these blocks,
//! carry.

pub mod check;
pub mod colour;
pub mod engine;
pub mod explain;
pub mod order;
pub mod reference;
pub mod state;

/// A team's tournament pairing number (1.1).
pub type Tpn = u32;

/// Whose criteria pair the round: an edition of C.04.6, or the Double-Swiss system (C.04.5), whose
/// text pairs by the same Top-Scoregroup procedure (its 3.3–3.6 are C.04.6 2026's, word for word,
/// with "player" for "team"). The building blocks are the same in all three; the criteria differ
/// (see the module comment), and the Double-Swiss has its own colour rules (its Article 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edition {
    /// Approved 27 July 2024, applied 1 August 2024 – 31 January 2026 (`team-2024`).
    Team2024,
    /// Approved 28 October 2025, applied from 1 February 2026 (`team-2025`).
    Team2026,
    /// C.04.5, approved 28 October 2025, applied from 1 February 2026 (`double-swiss-2026`): its
    /// [C7] and [C8] are C.04.6 2026's [C7] and [C10], not applied in the last round only; it has
    /// no colour criteria ([C8], [C9] of C.04.6).
    DoubleSwiss2026,
}

/// A team system: C.04.6 in one of its editions. The team systems pair teams on the teams' state
/// ([`check`]), not players one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamSwiss(pub Edition);

impl crate::systems::system::System for TeamSwiss {
    fn id(&self) -> crate::systems::id::SystemId {
        match self.0 {
            Edition::Team2026 => crate::systems::id::SystemId::Team2025,
            Edition::Team2024 => crate::systems::id::SystemId::Team2024,
            Edition::DoubleSwiss2026 => crate::systems::id::SystemId::DoubleSwiss2026,
        }
    }

    fn engine(&self) -> Option<&dyn crate::systems::engine::Engine> {
        None
    }

    fn recorded<'a>(&'a self, t: &'a crate::model::Tournament) -> Box<dyn crate::systems::round::RecordedRounds + 'a> {
        Box::new(check::TeamRounds::new(t, self.0))
    }

    fn next_round<'a>(
        &'a self,
        t: &'a crate::model::Tournament,
        round: u32,
    ) -> Option<Box<dyn crate::systems::round::RoundToPair + 'a>> {
        check::next_round(t, self.0, round)
    }
}

impl Edition {
    /// Whether a team of a pair counts for 2026's [C10] (an upfloater whose opponent floated in the
    /// previous round) or 2024's [C9] (a team that floats, playing a team of another score, after
    /// floating in the previous round).
    pub(crate) fn counts_repeated_float(
        self,
        upfloater: bool,
        scores_differ: bool,
        floated_previous: bool,
        opponent_floated_previous: bool,
    ) -> bool {
        match self {
            Edition::Team2026 | Edition::DoubleSwiss2026 => upfloater && opponent_floated_previous,
            Edition::Team2024 => scores_differ && floated_previous,
        }
    }

    /// Who is paired, in the explanations' words: (one, several).
    pub(crate) fn participants(self) -> (&'static str, &'static str) {
        match self {
            Edition::Team2026 | Edition::Team2024 => ("team", "teams"),
            Edition::DoubleSwiss2026 => ("player", "players"),
        }
    }

    /// The edition a team system pairs under; `None` for a system that pairs players.
    pub fn of(system: crate::systems::id::SystemId) -> Option<Edition> {
        match system {
            crate::systems::id::SystemId::Team2025 => Some(Edition::Team2026),
            crate::systems::id::SystemId::Team2024 => Some(Edition::Team2024),
            _ => None,
        }
    }
}
