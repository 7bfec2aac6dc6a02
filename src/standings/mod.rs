//! Final standings: the FMJD Swiss systems' tie-breaks ([`fmjd`], re-exported here) and FIDE's
//! tie-break regulations C.07 ([`fide`]), and the verdict on the ranks a file states under either
//! ([`verdict`]).

pub mod fide;
pub mod fmjd;
pub mod verdict;

pub use fmjd::{Printed, Standing, Standings, TieBreaks, order, performance_rating, standings};
