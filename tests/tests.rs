//! The one integration-test binary (ripgrep style): every file below is a module of it, so the
//! suite links once.

mod audit;
mod browser;
mod burstein2026;
mod cli;
mod conformance;
mod corpus;
mod crosscheck;
mod crosstables;
mod double_swiss2026;
mod dubov1997;
mod dubov2025;
mod dutch2012;
mod dutch_mutations;
mod fide_standings;
mod fmjd;
mod fmjd_corpus;
mod fmjd_options;
mod fmjd_standings;
mod fuzz_corpus;
mod generate;
mod grammar;
mod handbook;
mod input;
mod lim2026;
mod matching;
mod output;
mod report_diff;
mod serve;
mod support;
mod teams;
mod trust;
mod watch;
