//! trfcheck: verifies Swiss-system tournament pairings.
//!
//! The modules follow the pipeline: [`formats`] read files into the [`model`], [`validate`]
//! cross-checks it, [`systems`] settles the pairing system, [`verify`] checks each round, [`report`]
//! renders the outcome, and [`watch`] re-runs all of it when files change. [`generate`] makes
//! random tournaments paired by the engines. [`cli`] ties them to the command line; `main.rs` only
//! calls it.

pub mod audit;
pub mod cli;
pub mod crosscheck;
pub mod diagnostics;
pub mod discover;
pub mod exit;
pub mod formats;
pub mod fuzzing;
pub mod generate;
pub mod identify;
pub mod matching;
pub mod model;
pub mod report;
pub mod serve;
pub mod standings;
pub mod state;
pub mod systems;
pub mod validate;
pub mod verify;
pub mod watch;
