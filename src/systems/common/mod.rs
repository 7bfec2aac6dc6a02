//! The rule kit: rules of the basic rules for Swiss systems (C.04.1) and of the systems' own
//! texts that several systems read alike, written once. Each function states which text it
//! follows; where the systems' texts differ, the caller passes the difference explicitly (a rule
//! form, a policy), so that no system's reading is folded into another's.
//!
//! Nothing here imports a system: the systems import the kit.

pub mod absolute;
pub mod acceleration;
pub mod bye;
pub mod colour;
pub mod criterion;
pub mod fields;
pub mod float;
pub mod limits;
pub mod record;
pub mod round;
