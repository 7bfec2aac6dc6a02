//! Tie-break descriptors as records 202 and 212 write them (TRF-2026; grammar in docs/standings.md,
//! "Descriptors"): `ACRONYM[:MP|:GP][/MODIFIER]…`, case-insensitive, with the handbook's hyphen
//! forms (`BH-C1`) read as the slash forms.

use std::fmt;
use std::str::FromStr;

/// The acronyms of C.07 Art. 5 (2023/24 numbering; STD, TPN and RTNG from 2026), and `PTS`, the
/// score itself, which record 212 lists first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    Pts,
    /// Art. 6
    De,
    /// 7.1
    Win,
    /// 7.2
    Won,
    /// 7.3
    Bpg,
    /// 7.4
    Bwg,
    /// 7.5
    Ps,
    /// 7.6; written GE up to the 2023/24 text.
    Rep,
    /// 7.7 (2026)
    Std,
    /// 7.8 (2026)
    Tpn,
    /// 8.1
    Bh,
    /// 8.2
    Aob,
    /// 8.3
    Fb,
    /// 9.1
    Sb,
    /// 9.2
    Ks,
    /// 10.1
    Aro,
    /// 10.2
    Tpr,
    /// 10.3
    Ptp,
    /// 10.4
    Apro,
    /// 10.5
    Appo,
    /// 10.6 (2026)
    Rtng,
    /// Arts. 12–13: the tie-breaks of team competitions.
    Team(TeamCode),
}

/// The team tie-breaks (Arts. 12–13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamCode {
    Bc,
    Tbr,
    Bbe,
    MpVGp,
    Emmsb,
    Emgsb,
    Egmsb,
    Eggsb,
    Ede,
    Edet,
    Edeb,
    Edebt,
    Edebb,
    Sssc,
}

const NAMES: [(&str, Code); 36] = [
    ("PTS", Code::Pts),
    ("DE", Code::De),
    ("WIN", Code::Win),
    ("WON", Code::Won),
    ("BPG", Code::Bpg),
    ("BWG", Code::Bwg),
    ("PS", Code::Ps),
    ("REP", Code::Rep),
    ("GE", Code::Rep),
    ("STD", Code::Std),
    ("TPN", Code::Tpn),
    ("BH", Code::Bh),
    ("AOB", Code::Aob),
    ("FB", Code::Fb),
    ("SB", Code::Sb),
    ("KS", Code::Ks),
    ("ARO", Code::Aro),
    ("TPR", Code::Tpr),
    ("PTP", Code::Ptp),
    ("APRO", Code::Apro),
    ("APPO", Code::Appo),
    ("RTNG", Code::Rtng),
    ("BC", Code::Team(TeamCode::Bc)),
    ("TBR", Code::Team(TeamCode::Tbr)),
    ("BBE", Code::Team(TeamCode::Bbe)),
    ("MPVGP", Code::Team(TeamCode::MpVGp)),
    ("EMMSB", Code::Team(TeamCode::Emmsb)),
    ("EMGSB", Code::Team(TeamCode::Emgsb)),
    ("EGMSB", Code::Team(TeamCode::Egmsb)),
    ("EGGSB", Code::Team(TeamCode::Eggsb)),
    ("EDE", Code::Team(TeamCode::Ede)),
    ("EDET", Code::Team(TeamCode::Edet)),
    ("EDEB", Code::Team(TeamCode::Edeb)),
    ("EDEBT", Code::Team(TeamCode::Edebt)),
    ("EDEBB", Code::Team(TeamCode::Edebb)),
    ("SSSC", Code::Team(TeamCode::Sssc)),
];

impl Code {
    /// Art. 14's modifiers "apply to each tie-break based on a sum of values"; Art. 5 marks Cut-1 for
    /// PS, BH, FB, SB and ARO (and ESB for teams).
    pub fn takes_cuts(self) -> bool {
        matches!(self, Code::Ps | Code::Bh | Code::Fb | Code::Sb | Code::Aro)
    }

    /// Art. 10: tie-breaks computed from ratings.
    pub fn needs_ratings(self) -> bool {
        matches!(self, Code::Aro | Code::Tpr | Code::Ptp | Code::Apro | Code::Appo | Code::Rtng)
    }
}

/// One entry of a tie-break list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Descriptor {
    pub code: Code,
    /// The acronym as the list spelt it (`GE` and `REP` are the same tie-break).
    pub acronym: &'static str,
    /// `:MP` or `:GP`: the score the tie-break is taken on in a team competition (Art. 13).
    pub score: Option<TeamScore>,
    /// Cut-n (14.1, 14.2): the n least significant values cut.
    pub low_cut: u8,
    /// Median-n (14.3, 14.4): the n least and the n most significant values cut.
    pub median: u8,
    /// 14.5: the Koya limit moved by this many half points (KS only).
    pub limit: i8,
    /// `/P`: forfeits counted as games against the scheduled opponent (6.1.1, 16.6).
    pub forfeits_played: bool,
    /// `/F`: AOB over the opponents' Fore Buchholz (8.2, 2026).
    pub fore: bool,
    /// `/R`: the reverse order (TPN, RTNG: 7.8, 10.6).
    pub reverse: bool,
    /// `/Kx`: SSSC's normalising factor (13.4).
    pub factor: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamScore {
    Match,
    Game,
}

impl Descriptor {
    /// `PTS`: the score, which record 212 lists first.
    pub fn points() -> Descriptor {
        Descriptor::plain(Code::Pts, "PTS")
    }

    /// A tie-break without modifiers.
    fn plain(code: Code, acronym: &'static str) -> Descriptor {
        Descriptor {
            code,
            acronym,
            score: None,
            low_cut: 0,
            median: 0,
            limit: 0,
            forfeits_played: false,
            fore: false,
            reverse: false,
            factor: None,
        }
    }
}

/// Why a descriptor could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DescriptorError {
    #[error("`{0}` is not a tie-break of C.07 Art. 5 (expected one such as BH, SB, DE, WIN, ARO, or PTS)")]
    Acronym(String),
    #[error("`{modifier}` in `{descriptor}` is not a modifier (expected C1, C2, M1, M2, L+1, P, F, R or Kx)")]
    Modifier { descriptor: String, modifier: String },
    #[error("`{descriptor}`: {acronym} is not a sum of values, so it takes no cut or median (Art. 14)")]
    NotASum { descriptor: String, acronym: String },
    #[error("`{descriptor}`: only KS takes a limit (14.5)")]
    NotKoya { descriptor: String },
    #[error("an empty entry in the tie-break list `{0}`")]
    Empty(String),
}

impl FromStr for Descriptor {
    type Err = DescriptorError;

    fn from_str(text: &str) -> Result<Descriptor, DescriptorError> {
        let written = text.trim().to_ascii_uppercase();
        if written.is_empty() {
            return Err(DescriptorError::Empty(text.to_owned()));
        }
        // The handbook writes `BH-C1`, `BH-M1`; TRF-2026 `BH/C1`. A hyphen before a digit is a
        // sign (`KS/L-1`).
        let chars: Vec<char> = written.chars().collect();
        let normalised: String = chars
            .iter()
            .enumerate()
            .map(|(i, &c)| if c == '-' && chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic()) { '/' } else { c })
            .collect();
        let mut parts = normalised.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, score) = match head.split_once(':') {
            Some((name, "MP")) => (name, Some(TeamScore::Match)),
            Some((name, "GP")) => (name, Some(TeamScore::Game)),
            Some(_) => {
                return Err(DescriptorError::Modifier { descriptor: written.clone(), modifier: head.to_owned() });
            }
            None => (head, None),
        };
        let (acronym, code) = NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(n, c)| (n, c))
            .ok_or_else(|| DescriptorError::Acronym(text.trim().to_owned()))?;
        let mut d = Descriptor { score, ..Descriptor::plain(code, acronym) };
        let bad =
            |modifier: &str| DescriptorError::Modifier { descriptor: written.clone(), modifier: modifier.to_owned() };
        for modifier in parts {
            let count = |rest: &str| rest.parse::<u8>().ok().filter(|n| (1..=9).contains(n));
            match modifier.as_bytes().first() {
                Some(b'C') => d.low_cut = count(&modifier[1..]).ok_or_else(|| bad(modifier))?,
                Some(b'M') => d.median = count(&modifier[1..]).ok_or_else(|| bad(modifier))?,
                Some(b'L') => {
                    d.limit = modifier[1..].parse::<i8>().map_err(|_| bad(modifier))?;
                    if code != Code::Ks {
                        return Err(DescriptorError::NotKoya { descriptor: written.clone() });
                    }
                }
                Some(b'K') if modifier.len() > 1 => d.factor = Some(modifier[1..].to_owned()),
                _ if modifier == "P" => d.forfeits_played = true,
                _ if modifier == "F" => d.fore = true,
                _ if modifier == "R" => d.reverse = true,
                _ => return Err(bad(modifier)),
            }
        }
        if (d.low_cut > 0 || d.median > 0) && !code.takes_cuts() && !is_esb(code) {
            return Err(DescriptorError::NotASum { descriptor: written, acronym: acronym.to_owned() });
        }
        Ok(d)
    }
}

fn is_esb(code: Code) -> bool {
    matches!(code, Code::Team(TeamCode::Emmsb | TeamCode::Emgsb | TeamCode::Egmsb | TeamCode::Eggsb))
}

impl fmt::Display for Descriptor {
    /// The TRF-2026 spelling: `BH/C1`, `KS/L+1`, `BH:MP/C1/P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.acronym)?;
        match self.score {
            Some(TeamScore::Match) => f.write_str(":MP")?,
            Some(TeamScore::Game) => f.write_str(":GP")?,
            None => {}
        }
        if self.low_cut > 0 {
            write!(f, "/C{}", self.low_cut)?;
        }
        if self.median > 0 {
            write!(f, "/M{}", self.median)?;
        }
        if self.limit != 0 {
            write!(f, "/L{:+}", self.limit)?;
        }
        if let Some(factor) = &self.factor {
            write!(f, "/K{factor}")?;
        }
        if self.forfeits_played {
            f.write_str("/P")?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        if self.reverse {
            f.write_str("/R")?;
        }
        Ok(())
    }
}

/// The entries of a tie-break list (record 202 or 212, or `--tie-breaks`) with the character offset
/// of each in `text`: separated by commas; a list without commas may separate them by spaces (as
/// gacrux reads them).
pub fn entries(text: &str) -> Vec<(usize, &str)> {
    let separator = |c: char| if text.contains(',') { c == ',' } else { c.is_whitespace() };
    let mut out = Vec::new();
    let mut start = 0;
    for (at, c) in text.char_indices().chain([(text.len(), ',')]) {
        if at == text.len() || separator(c) {
            let entry = &text[start..at];
            let lead = entry.len() - entry.trim_start().len();
            if !entry.trim().is_empty() || text.contains(',') {
                out.push((text[..start + lead].chars().count(), entry.trim()));
            }
            start = at + c.len_utf8();
        }
    }
    if text.trim().is_empty() { Vec::new() } else { out }
}

/// Reads a tie-break list.
pub fn parse_list(text: &str) -> Result<Vec<Descriptor>, DescriptorError> {
    entries(text).into_iter().map(|(_, entry)| entry.parse()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_trf_2026_grammar_and_the_handbook_hyphens() {
        let d: Descriptor = "bh-c1".parse().unwrap();
        assert_eq!((d.code, d.low_cut, d.to_string()), (Code::Bh, 1, "BH/C1".to_owned()));
        let d: Descriptor = "BH:MP/C1/P".parse().unwrap();
        assert_eq!((d.score, d.forfeits_played, d.to_string()), (Some(TeamScore::Match), true, "BH:MP/C1/P".into()));
        let d: Descriptor = "KS/L+1".parse().unwrap();
        assert_eq!((d.limit, d.to_string()), (1, "KS/L+1".to_owned()));
        assert_eq!("ks-l-2".parse::<Descriptor>().unwrap().limit, -2);
        assert_eq!("GE".parse::<Descriptor>().unwrap().code, Code::Rep);
        assert_eq!("ge".parse::<Descriptor>().unwrap().to_string(), "GE");
        let list = parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP").unwrap();
        assert_eq!(
            list.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"]
        );
        assert_eq!(parse_list("PTS BH/C1 SB").unwrap().len(), 3);
        assert_eq!(entries(" PTS, BH/C1 ,SB"), [(1, "PTS"), (6, "BH/C1"), (13, "SB")]);
        assert!(entries("  ").is_empty());
    }

    #[test]
    fn refuses_what_c07_does_not_define() {
        assert!(matches!("XYZ".parse::<Descriptor>(), Err(DescriptorError::Acronym(_))));
        assert!(matches!("WIN/C1".parse::<Descriptor>(), Err(DescriptorError::NotASum { .. })));
        assert!(matches!("BH/L+1".parse::<Descriptor>(), Err(DescriptorError::NotKoya { .. })));
        assert!(matches!("BH/Q".parse::<Descriptor>(), Err(DescriptorError::Modifier { .. })));
        assert!(matches!(parse_list("BH,,SB"), Err(DescriptorError::Empty(_))));
    }
}
