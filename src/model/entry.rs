//! One player's record of one round: the TRF round block (opponent, colour, result), read
//! into what it means for pairing.

use std::fmt;

use serde::Serialize;

use super::points::{PointSystem, Points};

/// Pairing number of a player (TRF 001 columns 5–8; 1..=9999).
pub type PlayerId = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The TRF letter: `w` or `b`.
    pub fn trf_char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

impl Colour {
    /// The colour's word in every message and explanation: `white`, `black` (what [`fmt::Display`]
    /// writes), for where a `&'static str` is needed.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The result codes of TRF16/TRF-2026 (001 column 99 and every 10th after it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`
    Win,
    /// `=`
    Draw,
    /// `0`
    Loss,
    /// `W`: a win in a game that lasted less than one move (played, not rated).
    WinUnrated,
    /// `D`
    DrawUnrated,
    /// `L`
    LossUnrated,
    /// `+`: forfeit win (with an opponent); legacy full-point bye with `0000`.
    ForfeitWin,
    /// `-`: forfeit loss (with an opponent); an absence with `0000` or no opponent.
    ForfeitLoss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z`: zero-point bye (a known absence).
    ZeroPointBye,
    /// A blank result column: "equivalent to Z" in the TRF tables.
    Blank,
}

impl ResultCode {
    /// Reads a result column. Letters are case-insensitive (TRF16 remark on codes).
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'W' => ResultCode::WinUnrated,
            'D' => ResultCode::DrawUnrated,
            'L' => ResultCode::LossUnrated,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'H' => ResultCode::HalfPointBye,
            'F' => ResultCode::FullPointBye,
            'U' => ResultCode::PairingAllocatedBye,
            'Z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    pub fn trf_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::WinUnrated => 'W',
            ResultCode::DrawUnrated => 'D',
            ResultCode::LossUnrated => 'L',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// The outcome of a game played over the board (`1 = 0 W D L`).
    pub fn played_outcome(self) -> Option<Outcome> {
        match self {
            ResultCode::Win | ResultCode::WinUnrated => Some(Outcome::Win),
            ResultCode::Draw | ResultCode::DrawUnrated => Some(Outcome::Draw),
            ResultCode::Loss | ResultCode::LossUnrated => Some(Outcome::Loss),
            _ => None,
        }
    }

    /// Codes that never go with an opponent (`H F U Z` and blank).
    pub fn is_bye_code(self) -> bool {
        matches!(
            self,
            ResultCode::HalfPointBye
                | ResultCode::FullPointBye
                | ResultCode::PairingAllocatedBye
                | ResultCode::ZeroPointBye
                | ResultCode::Blank
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// Rounds a player spends without an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByeKind {
    /// `U`: the pairing-allocated bye.
    PairingAllocated,
    /// `F`: a full-point bye the player asked for.
    FullPoint,
    /// `H`, or the legacy `0000 - =`.
    HalfPoint,
    /// `Z`, a blank result, or `-` without an opponent: absent, no points.
    ZeroPoint,
    /// The legacy `0000 - +`: a point without an opponent, written before TRF had `U` and `F`.
    /// Older programs used it for the pairing bye, newer ones for a team-forfeit board; the
    /// pairing rules treat both like a win without playing.
    LegacyWin,
}

/// What a round block means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// Nothing recorded: a blank block or a block beyond the end of the line.
    NotRecorded,
    /// A game played over the board (`1 = 0 W D L`), which gives a colour.
    Played {
        opponent: PlayerId,
        colour: Colour,
        outcome: Outcome,
        rated: bool,
    },
    /// A game paired but without a result yet (opponent and colour, blank result): a round that
    /// has just been published.
    Pending {
        opponent: PlayerId,
        colour: Colour,
    },
    /// A scheduled game that was not played (`+`/`-` with an opponent). It gives no colour.
    Forfeit {
        opponent: PlayerId,
        colour: Option<Colour>,
        won: bool,
    },
    Bye(ByeKind),
}

impl EntryKind {
    /// A game (played, forfeited or still to be played) or the pairing-allocated bye (also the
    /// legacy `0000 - +`, which older programs wrote for it): the player took part in that round's
    /// pairing.
    pub fn is_paired(self) -> bool {
        match self {
            EntryKind::Played { .. } | EntryKind::Pending { .. } | EntryKind::Forfeit { .. } => true,
            EntryKind::Bye(kind) => matches!(kind, ByeKind::PairingAllocated | ByeKind::LegacyWin),
            EntryKind::NotRecorded => false,
        }
    }
}

/// One round block of a 001 record, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// `None` for `0000` or four blanks.
    pub opponent: Option<PlayerId>,
    /// `None` for `-` or blank.
    pub colour: Option<Colour>,
    pub result: ResultCode,
    /// Points for this game when no point system can express them (the Delft draughts scale,
    /// where the score of a game depends on more than win, draw or loss).
    pub game_points: Option<Points>,
}

impl RoundEntry {
    pub const BLANK: RoundEntry =
        RoundEntry { opponent: None, colour: None, result: ResultCode::Blank, game_points: None };

    pub fn game(opponent: PlayerId, colour: Colour, result: ResultCode) -> RoundEntry {
        RoundEntry { opponent: Some(opponent), colour: Some(colour), result, game_points: None }
    }

    pub fn bye(result: ResultCode) -> RoundEntry {
        RoundEntry { result, ..RoundEntry::BLANK }
    }

    /// A block with nothing in it at all.
    pub fn is_blank(&self) -> bool {
        self.opponent.is_none()
            && self.colour.is_none()
            && self.result == ResultCode::Blank
            && self.game_points.is_none()
    }

    /// The meaning of the block. Inconsistent blocks (a played result without a colour, say) are
    /// reported by the reader; here they read as the nearest sensible thing.
    pub fn kind(&self) -> EntryKind {
        if self.is_blank() {
            return EntryKind::NotRecorded;
        }
        match (self.opponent, self.result) {
            (Some(opponent), ResultCode::ForfeitWin | ResultCode::ForfeitLoss) => {
                EntryKind::Forfeit { opponent, colour: self.colour, won: self.result == ResultCode::ForfeitWin }
            }
            (Some(opponent), ResultCode::Blank) if self.colour.is_some() => {
                EntryKind::Pending { opponent, colour: self.colour.unwrap_or(Colour::White) }
            }
            (Some(opponent), result) if result.played_outcome().is_some() => match self.colour {
                Some(colour) => EntryKind::Played {
                    opponent,
                    colour,
                    outcome: result.played_outcome().unwrap_or(Outcome::Draw),
                    rated: matches!(result, ResultCode::Win | ResultCode::Draw | ResultCode::Loss),
                },
                // Without a colour the game cannot have been played over the board.
                None => {
                    EntryKind::Forfeit { opponent, colour: None, won: result.played_outcome() == Some(Outcome::Win) }
                }
            },
            (_, result) => EntryKind::Bye(match result {
                ResultCode::PairingAllocatedBye => ByeKind::PairingAllocated,
                ResultCode::FullPointBye => ByeKind::FullPoint,
                ResultCode::HalfPointBye | ResultCode::Draw | ResultCode::DrawUnrated => ByeKind::HalfPoint,
                ResultCode::ForfeitWin | ResultCode::Win | ResultCode::WinUnrated => ByeKind::LegacyWin,
                _ => ByeKind::ZeroPoint,
            }),
        }
    }

    /// The opponent of a scheduled game, played or forfeited.
    pub fn scheduled_opponent(&self) -> Option<PlayerId> {
        match self.kind() {
            EntryKind::Played { opponent, .. }
            | EntryKind::Pending { opponent, .. }
            | EntryKind::Forfeit { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// Points this block is worth under a point system.
    pub fn points(&self, system: &PointSystem) -> Points {
        if let Some(points) = self.game_points {
            return points;
        }
        let white = self.colour != Some(Colour::Black);
        let by_colour = |w: Points, b: Points| if white { w } else { b };
        match self.result {
            ResultCode::Win | ResultCode::WinUnrated if self.opponent.is_some() => {
                by_colour(system.white_win, system.black_win)
            }
            ResultCode::Draw | ResultCode::DrawUnrated if self.opponent.is_some() => {
                by_colour(system.white_draw, system.black_draw)
            }
            ResultCode::Loss | ResultCode::LossUnrated if self.opponent.is_some() => {
                by_colour(system.white_loss, system.black_loss)
            }
            // Without an opponent these are the legacy bye encodings.
            ResultCode::Win | ResultCode::WinUnrated | ResultCode::ForfeitWin => system.forfeit_win,
            ResultCode::Draw | ResultCode::DrawUnrated | ResultCode::HalfPointBye => system.half_point_bye,
            ResultCode::Loss | ResultCode::LossUnrated | ResultCode::ForfeitLoss => system.forfeit_loss,
            ResultCode::FullPointBye => system.full_point_bye,
            ResultCode::PairingAllocatedBye => system.pab(),
            // A game without a result yet scores nothing so far.
            ResultCode::Blank if self.opponent.is_some() => Points::ZERO,
            ResultCode::ZeroPointBye | ResultCode::Blank => system.zero_point_bye,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_blocks_as_the_trf_tables_define_them() {
        let played = RoundEntry::game(7, Colour::White, ResultCode::Win);
        assert!(matches!(played.kind(), EntryKind::Played { opponent: 7, rated: true, .. }));
        let quick = RoundEntry::game(7, Colour::Black, ResultCode::DrawUnrated);
        assert!(matches!(quick.kind(), EntryKind::Played { rated: false, outcome: Outcome::Draw, .. }));
        let forfeit = RoundEntry { colour: None, ..RoundEntry::game(3, Colour::White, ResultCode::ForfeitWin) };
        assert_eq!(forfeit.kind(), EntryKind::Forfeit { opponent: 3, colour: None, won: true });
        assert_eq!(RoundEntry::bye(ResultCode::PairingAllocatedBye).kind(), EntryKind::Bye(ByeKind::PairingAllocated));
        assert_eq!(RoundEntry::bye(ResultCode::ForfeitWin).kind(), EntryKind::Bye(ByeKind::LegacyWin));
        assert_eq!(RoundEntry::bye(ResultCode::Draw).kind(), EntryKind::Bye(ByeKind::HalfPoint));
        assert_eq!(RoundEntry::bye(ResultCode::ForfeitLoss).kind(), EntryKind::Bye(ByeKind::ZeroPoint));
        assert_eq!(RoundEntry::BLANK.kind(), EntryKind::NotRecorded);
        let published = RoundEntry::game(4, Colour::Black, ResultCode::Blank);
        assert_eq!(published.kind(), EntryKind::Pending { opponent: 4, colour: Colour::Black });
        assert_eq!(published.points(&PointSystem::fide()), Points::ZERO);
    }

    #[test]
    fn scores_follow_the_point_system() {
        let mut system = PointSystem::fide();
        system.black_win = Points::whole(2);
        assert_eq!(RoundEntry::game(2, Colour::Black, ResultCode::Win).points(&system), Points::whole(2));
        assert_eq!(RoundEntry::game(2, Colour::White, ResultCode::Win).points(&system), Points::ONE);
        assert_eq!(RoundEntry::bye(ResultCode::HalfPointBye).points(&system), Points::HALF);
        assert_eq!(RoundEntry::bye(ResultCode::Draw).points(&system), Points::HALF);
        assert_eq!(RoundEntry::bye(ResultCode::Blank).points(&system), Points::ZERO);
        let delft =
            RoundEntry { game_points: Some(Points::whole(9)), ..RoundEntry::game(2, Colour::White, ResultCode::Win) };
        assert_eq!(delft.points(&system), Points::whole(9));
    }
}
