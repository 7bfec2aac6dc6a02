//! The rule for rounds without a game over the board in the opponent-based tie-breaks of FMJD Annex 5
//! section 3.1 (Solkoff and its variants, Sonneborn-Berger). The annex says "the sum of scores of all
//! opponents" (3.1a) and no more; arbiters and programs differ (docs/fmjd.md), so
//! the rule is declared (trfcheck's `XDT` record, `check --solkoff-unplayed`) with a default that
//! follows the annex's own devices.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// What one unplayed round adds to the list of "scores of opponents".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnplayedCount {
    /// No opponent: the round adds nothing (and is not a value that median or truncation can drop).
    Ignore,
    /// An opponent with no points: the dummy of 4.1, Draughts Arbiter's "opponent's bye score is 0",
    /// Toernooibase's `Dummy` row.
    Zero,
    /// The opponent the round was paired with counts as if the game had been played (Draughts
    /// Arbiter's export, measured on the 2022 Ouagadougou Open). Without such an opponent (a bye,
    /// an absence) the round counts as `Zero`.
    Scheduled,
    /// A draw against oneself: the player's own score (the Dutch clubs' rule for weerstandspunten).
    OwnScore,
    /// FIDE's virtual opponent (Handbook C.02, 2012): the player's score before the round, plus a
    /// win minus what the round gave, plus a draw for every later round.
    Virtual,
}

impl UnplayedCount {
    pub const ALL: [UnplayedCount; 5] = [
        UnplayedCount::Ignore,
        UnplayedCount::Zero,
        UnplayedCount::Scheduled,
        UnplayedCount::OwnScore,
        UnplayedCount::Virtual,
    ];

    pub fn name(self) -> &'static str {
        match self {
            UnplayedCount::Ignore => "ignore",
            UnplayedCount::Zero => "zero",
            UnplayedCount::Scheduled => "scheduled",
            UnplayedCount::OwnScore => "own-score",
            UnplayedCount::Virtual => "virtual",
        }
    }
}

impl fmt::Display for UnplayedCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a rule could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnplayedRuleError {
    #[error("`{0}` is not a rule for unplayed rounds; expected ignore, zero, scheduled, own-score or virtual")]
    Count(String),
    #[error("`{0}` is not a kind of unplayed round; expected bye, forfeit or absent")]
    Kind(String),
    #[error("`{0}` is not a rule; expected a rule for all unplayed rounds, or KIND=RULE pairs (bye, forfeit, absent)")]
    Syntax(String),
}

impl FromStr for UnplayedCount {
    type Err = UnplayedRuleError;
    fn from_str(text: &str) -> Result<UnplayedCount, UnplayedRuleError> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        let wanted = if wanted == "own" { "own-score".to_owned() } else { wanted };
        UnplayedCount::ALL
            .into_iter()
            .find(|c| c.name() == wanted)
            .ok_or_else(|| UnplayedRuleError::Count(text.trim().to_owned()))
    }
}

/// The rule for each kind of unplayed round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct UnplayedRule {
    /// The pairing-allocated bye (4.1): a pairing with the dummy.
    pub bye: UnplayedCount,
    /// A scheduled game not played (`+`/`-`).
    pub forfeit: UnplayedCount,
    /// A round without a pairing: absence, requested bye, a withdrawn player's rounds (4.2).
    pub absent: UnplayedCount,
}

impl Default for UnplayedRule {
    /// "Opponents" are those the pairing gave (reading T1 in docs/fmjd-standings.md): the bye's opponent is
    /// 4.1's dummy, who has no points; a forfeit's is the scheduled opponent; an absent player was
    /// given none.
    fn default() -> Self {
        UnplayedRule { bye: UnplayedCount::Zero, forfeit: UnplayedCount::Scheduled, absent: UnplayedCount::Ignore }
    }
}

impl UnplayedRule {
    pub fn uniform(count: UnplayedCount) -> UnplayedRule {
        UnplayedRule { bye: count, forfeit: count, absent: count }
    }

    /// Sets one kind by its name (`bye`, `forfeit`, `absent`; any case).
    pub fn set(&mut self, kind: &str, count: UnplayedCount) -> Result<(), UnplayedRuleError> {
        match kind.trim().to_ascii_lowercase().as_str() {
            "bye" => self.bye = count,
            "forfeit" => self.forfeit = count,
            "absent" => self.absent = count,
            _ => return Err(UnplayedRuleError::Kind(kind.trim().to_owned())),
        }
        Ok(())
    }
}

impl fmt::Display for UnplayedRule {
    /// `bye=zero,forfeit=scheduled,absent=ignore`: what `FromStr` reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bye={},forfeit={},absent={}", self.bye, self.forfeit, self.absent)
    }
}

impl FromStr for UnplayedRule {
    type Err = UnplayedRuleError;
    /// One rule for every kind (`zero`), or `KIND=RULE` pairs separated by commas or blanks; kinds
    /// not named keep the default.
    fn from_str(text: &str) -> Result<UnplayedRule, UnplayedRuleError> {
        if !text.contains('=') {
            return text.parse().map(UnplayedRule::uniform);
        }
        let mut rule = UnplayedRule::default();
        let mut any = false;
        for pair in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()) {
            let Some((kind, count)) = pair.split_once('=') else {
                return Err(UnplayedRuleError::Syntax(text.to_owned()));
            };
            rule.set(kind, count.parse()?)?;
            any = true;
        }
        if !any {
            return Err(UnplayedRuleError::Syntax(text.to_owned()));
        }
        Ok(rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_and_print_back() {
        let rule: UnplayedRule = "bye=ignore, forfeit=own".parse().unwrap();
        assert_eq!(
            rule,
            UnplayedRule {
                bye: UnplayedCount::Ignore,
                forfeit: UnplayedCount::OwnScore,
                absent: UnplayedCount::Ignore
            }
        );
        assert_eq!(rule.to_string().parse::<UnplayedRule>(), Ok(rule));
        assert_eq!("Virtual".parse::<UnplayedRule>(), Ok(UnplayedRule::uniform(UnplayedCount::Virtual)));
        assert!(matches!("draw".parse::<UnplayedRule>(), Err(UnplayedRuleError::Count(_))));
        assert!(matches!("game=zero".parse::<UnplayedRule>(), Err(UnplayedRuleError::Kind(_))));
        assert!(matches!("=".parse::<UnplayedRule>(), Err(UnplayedRuleError::Count(_))));
        assert!(matches!(" , ".parse::<UnplayedRule>(), Err(UnplayedRuleError::Count(_))));
    }
}
