//! Pairing systems: one folder each, in one vocabulary (docs/engine-design.md, "Module layout"),
//! the rules they share (`common`), their identifiers (`id`), which one a tournament declares
//! (`declaration`), and the [`System`] of each id ([`of`]).

pub mod burstein;
pub mod choice;
mod code;
pub mod common;
pub mod declaration;
pub mod double_swiss;
pub mod dubov;
pub mod dubov1997;
pub mod dutch;
pub mod dutch2012;
pub mod engine;
pub mod fmjd;
mod game;
pub mod id;
pub mod lim;
pub mod outcome;
pub mod pairing;
pub mod round;
pub mod severity;
pub mod system;
pub mod team;

pub use choice::{Family, SystemChoice};
pub use code::{SystemError, tournament_date};
pub use declaration::{DRAUGHTS_WITHOUT_SYSTEM, Resolved, caveat, resolve};
pub use engine::Engine;
pub use game::{GameDeclaration, cross_game_warning, declared_game, is_draughts};
pub use id::SystemId;
pub use outcome::{Explanation, NoValidPairing, PairFailure};
pub use severity::Severity;
pub use system::System;

/// The system of an id: how it reads a file, checks a round and pairs the next.
pub fn of(system: SystemId) -> &'static dyn System {
    match system {
        SystemId::Dutch2025 => &dutch::Rules::Dutch2025,
        SystemId::Dutch2017 => &dutch::Rules::Dutch2017,
        SystemId::Dutch2012 => &dutch2012::Dutch2012,
        SystemId::Dubov2025 => &dubov::Dubov2025,
        SystemId::Dubov2018 => &dubov::Dubov2018,
        SystemId::Dubov1997 => &dubov1997::Dubov1997,
        SystemId::Burstein2026 => &burstein::Burstein2026,
        SystemId::FmjdRating => &fmjd::FmjdRating,
        SystemId::FmjdSolkoff => &fmjd::FmjdSolkoff,
        SystemId::KndbSolkoff => &fmjd::KndbSolkoff,
        SystemId::DoubleSwiss2026 => &double_swiss::DoubleSwiss2026,
        SystemId::Lim2026 => &lim::Lim2026,
        SystemId::Team2025 => &team::TeamSwiss(team::Edition::Team2026),
        SystemId::Team2024 => &team::TeamSwiss(team::Edition::Team2024),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_has_its_system() {
        for id in SystemId::ALL {
            assert_eq!(of(id).id(), id);
            assert_eq!(of(id).engine().is_some(), !id.is_team(), "{id}");
        }
    }
}
