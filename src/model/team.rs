//! What makes a tournament a team tournament, and the `192` codes of the FIDE Swiss Team Pairing
//! System (C.04.6).
//!
//! Code grammar (the TEC's Tournament-Type Code Table, as gacrux's trf2json and the Sharly-Chess
//! fork of bbpPairings read it; `../shared/research/trf-team.md`):
//! `FIDE_TEAM[_TYPEA|_TYPEB][_<MP|GP>[_<MP|GP>]][_BAKU]`, where a bare `FIDE_TEAM` means
//! `FIDE_TEAM_TYPEA_MP_GP` (the defaults of C.04.6 1.2.2 and 1.7), and a code that names the
//! scores but no type has no colour preferences.

use serde::Serialize;

/// The colour-preference type of C.04.6 1.7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TeamColourType {
    #[serde(rename = "A")]
    A,
    #[serde(rename = "B")]
    B,
}

/// A team score (C.04.6 1.2): match points or game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TeamScore {
    #[serde(rename = "MP")]
    MatchPoints,
    #[serde(rename = "GP")]
    GamePoints,
}

/// A `FIDE_TEAM…` code, read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamSystemCode {
    /// `None`: no colour preferences (a code that names its scores but no type).
    pub colour_type: Option<TeamColourType>,
    pub primary: TeamScore,
    /// The score used for the colour allocation (C.04.6 4.2.2); `None` when the code names none.
    pub secondary: Option<TeamScore>,
    pub baku: bool,
}

/// Why a `FIDE_TEAM…` code does not follow the grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamCodeError {
    #[error("`{word}` is not a part of a FIDE_TEAM code")]
    UnknownWord { word: String },
    #[error("the code names a colour-preference type but no primary score")]
    NoScore,
    #[error("the code names the same score twice")]
    SameScore,
    #[error("Baku acceleration with game points as the primary score (C.04.7 1.4.4 allows it with match points only)")]
    BakuWithGamePoints,
}

impl TeamSystemCode {
    /// Reads a `192` code. `None` when the code is not a FIDE team Swiss code (other team codes,
    /// such as `FIDE_TEAM_ROUNDROBIN` or `CUSTOM_TEAM_SWISS`, are team tournaments too, but not
    /// C.04.6's).
    pub fn parse(code: &str) -> Option<Result<TeamSystemCode, TeamCodeError>> {
        let upper = code.trim().to_ascii_uppercase();
        let rest = upper.strip_prefix("FIDE_TEAM")?;
        if !(rest.is_empty() || rest.starts_with('_')) || rest.contains("ROUNDROBIN") {
            return None;
        }
        let mut words: Vec<&str> = rest.split('_').filter(|w| !w.is_empty()).collect();
        let baku = words.last() == Some(&"BAKU");
        if baku {
            words.pop();
        }
        let score = |word: &str| match word {
            "MP" => Some(TeamScore::MatchPoints),
            "GP" => Some(TeamScore::GamePoints),
            _ => None,
        };
        let read = || -> Result<TeamSystemCode, TeamCodeError> {
            let unknown = |word: &str| TeamCodeError::UnknownWord { word: word.to_owned() };
            if words.is_empty() {
                // FIDE_TEAM (and FIDE_TEAM_BAKU) = FIDE_TEAM_TYPEA_MP_GP: C.04.6 1.2.2 and 1.7.
                return Ok(TeamSystemCode {
                    colour_type: Some(TeamColourType::A),
                    primary: TeamScore::MatchPoints,
                    secondary: Some(TeamScore::GamePoints),
                    baku,
                });
            }
            let mut iter = words.iter().copied().peekable();
            let colour_type = match iter.peek().copied() {
                Some("TYPEA") => Some(TeamColourType::A),
                Some("TYPEB") => Some(TeamColourType::B),
                _ => None,
            };
            if colour_type.is_some() {
                iter.next();
            }
            let primary = match iter.next() {
                Some(word) => score(word).ok_or_else(|| unknown(word))?,
                None => return Err(TeamCodeError::NoScore),
            };
            let secondary = match iter.next() {
                Some(word) => Some(score(word).ok_or_else(|| unknown(word))?),
                None => None,
            };
            if let Some(word) = iter.next() {
                return Err(unknown(word));
            }
            if secondary == Some(primary) {
                return Err(TeamCodeError::SameScore);
            }
            if baku && primary == TeamScore::GamePoints {
                return Err(TeamCodeError::BakuWithGamePoints);
            }
            Ok(TeamSystemCode { colour_type, primary, secondary, baku })
        };
        Some(read())
    }
}

/// True for a `192` code (or a 192 code in `092`) of any team tournament: the FIDE team Swiss,
/// team round robins and knock-outs, custom team systems.
pub fn is_team_code(code: &str) -> bool {
    let upper = code.trim().to_ascii_uppercase();
    upper.starts_with("FIDE_TEAM") || upper.contains("_TEAM_") || upper.starts_with("CUSTOM_TEAM")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(code: &str) -> TeamSystemCode {
        TeamSystemCode::parse(code).expect("a team code").expect("a valid code")
    }

    #[test]
    fn the_code_grammar() {
        let default = ok("FIDE_TEAM");
        assert_eq!(
            (default.colour_type, default.primary, default.secondary, default.baku),
            (Some(TeamColourType::A), TeamScore::MatchPoints, Some(TeamScore::GamePoints), false)
        );
        assert_eq!(ok("FIDE_TEAM"), ok("FIDE_TEAM_TYPEA_MP_GP"));
        assert!(ok("FIDE_TEAM_BAKU").baku);
        let b = ok("FIDE_TEAM_TYPEB_GP");
        assert_eq!((b.colour_type, b.primary, b.secondary), (Some(TeamColourType::B), TeamScore::GamePoints, None));
        let none = ok("fide_team_gp_mp");
        assert_eq!((none.colour_type, none.primary), (None, TeamScore::GamePoints));
        assert!(ok("FIDE_TEAM_TYPEA_MP_BAKU").baku);
        assert_eq!(TeamSystemCode::parse("FIDE_DUTCH_2025"), None);
        assert_eq!(TeamSystemCode::parse("FIDE_TEAM_ROUNDROBIN"), None);
        assert_eq!(TeamSystemCode::parse("FIDE_TEAMS"), None);
        let err = |code: &str| TeamSystemCode::parse(code).expect("a team code").expect_err("an invalid code");
        assert_eq!(err("FIDE_TEAM_TYPEC_MP"), TeamCodeError::UnknownWord { word: "TYPEC".into() });
        assert_eq!(err("FIDE_TEAM_TYPEA"), TeamCodeError::NoScore);
        assert_eq!(err("FIDE_TEAM_MP_MP"), TeamCodeError::SameScore);
        assert_eq!(err("FIDE_TEAM_GP_MP_BAKU"), TeamCodeError::BakuWithGamePoints);
        assert_eq!(err("FIDE_TEAM_MP_GP_XX"), TeamCodeError::UnknownWord { word: "XX".into() });
    }

    #[test]
    fn team_codes() {
        for code in ["FIDE_TEAM", "FIDE_TEAM_TYPEB_GP_BAKU", "CUSTOM_TEAM_SWISS_MP", "BERGER_TEAM_ROUNDROBIN"] {
            assert!(is_team_code(code), "{code}");
        }
        for code in ["FIDE_DUTCH_2025", "CUSTOM_SWISS", "FIDE_DUBOV"] {
            assert!(!is_team_code(code), "{code}");
        }
    }
}
