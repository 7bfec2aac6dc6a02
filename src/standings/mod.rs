//! Final standings: the FMJD Swiss systems' tie-breaks ([`fmjd`], re-exported here) and FIDE's
//! tie-break regulations C.07 ([`fide`]).

pub mod fide;
pub mod fmjd;

pub use fmjd::{Printed, Standing, Standings, TieBreaks, order, performance_rating, standings};
