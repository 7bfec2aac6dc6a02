//! Column tables of the fixed-column TRF records: the one place the numbers live.
//!
//! `grammar/trf.md` writes the same tables down for people; a test reads that file and checks it
//! against these constants, so the documentation and the parser cannot drift apart.
//! Columns are 1-based and inclusive, as the FIDE text numbers them, and count characters.

/// A named run of columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns {
    pub name: &'static str,
    pub first: usize,
    pub last: usize,
}

const fn cols(name: &'static str, first: usize, last: usize) -> Columns {
    Columns { name, first, last }
}

/// A field repeated at a fixed stride (round blocks, member lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeated {
    pub name: &'static str,
    pub first: usize,
    pub last: usize,
    pub stride: usize,
}

impl Repeated {
    /// The columns of the `index`-th repetition (0-based).
    pub const fn nth(&self, index: usize) -> Columns {
        cols(self.name, self.first + index * self.stride, self.last + index * self.stride)
    }
}

const fn rep(name: &'static str, first: usize, last: usize, stride: usize) -> Repeated {
    Repeated { name, first, last, stride }
}

/// Record 001, the player section (TRF16 and TRF-2026 alike).
pub mod player {
    use super::*;
    pub const ID: Columns = cols("starting rank", 5, 8);
    pub const SEX: Columns = cols("sex", 10, 10);
    pub const TITLE: Columns = cols("title", 11, 13);
    pub const NAME: Columns = cols("name", 15, 47);
    pub const RATING: Columns = cols("FIDE rating", 49, 52);
    pub const FEDERATION: Columns = cols("federation", 54, 56);
    pub const FIDE_ID: Columns = cols("FIDE id", 58, 68);
    pub const BIRTH: Columns = cols("birth date", 70, 79);
    pub const POINTS: Columns = cols("points", 81, 84);
    pub const RANK: Columns = cols("rank", 86, 89);
    /// Round r: opponent at 92–95, colour at 97, result at 99, then every 10 columns.
    pub const OPPONENT: Repeated = rep("opponent", 92, 95, 10);
    pub const COLOUR: Repeated = rep("colour", 97, 97, 10);
    pub const RESULT: Repeated = rep("result", 99, 99, 10);
    /// Columns that separate fields and must be blank.
    pub const SEPARATORS: [usize; 8] = [9, 14, 48, 53, 57, 69, 80, 85];
    pub const FIXED: [Columns; 10] = [ID, SEX, TITLE, NAME, RATING, FEDERATION, FIDE_ID, BIRTH, POINTS, RANK];
}

/// A TRF-2026 national rating record: the 001 static columns under a federation code.
pub mod national {
    use super::*;
    pub const ID: Columns = cols("starting rank", 5, 8);
    pub const SEX: Columns = cols("sex", 10, 10);
    pub const CLASS: Columns = cols("national class", 11, 13);
    pub const NAME: Columns = cols("name", 15, 47);
    pub const RATING: Columns = cols("national rating", 49, 52);
    pub const ORIGIN: Columns = cols("origin", 54, 56);
    pub const NATIONAL_ID: Columns = cols("national id", 58, 68);
    pub const BIRTH: Columns = cols("birth date", 70, 79);
    pub const FIXED: [Columns; 8] = [ID, SEX, CLASS, NAME, RATING, ORIGIN, NATIONAL_ID, BIRTH];
}

/// Record 132: round dates, on the same grid as the 001 round blocks.
pub mod round_dates {
    use super::*;
    pub const DATE: Repeated = rep("round date", 92, 99, 10);
}

/// Record 013 (TRF16 team).
pub mod team16 {
    use super::*;
    pub const NAME: Columns = cols("team name", 5, 36);
    pub const MEMBER: Repeated = rep("member", 37, 40, 5);
}

/// Record 162 (individual scoring system): a code letter and a value, repeated.
pub mod scoring {
    use super::*;
    pub const CODE: Repeated = rep("result code", 6, 6, 9);
    pub const POINTS: Repeated = rep("points", 7, 10, 9);
}

/// Record 172 (encoded starting-rank method).
pub mod rank_method {
    use super::*;
    pub const FEDERATION: Columns = cols("federation", 5, 7);
    pub const METHOD: Columns = cols("method", 9, 13);
}

/// Record 240 (byes).
pub mod byes {
    use super::*;
    pub const KIND: Columns = cols("bye type", 5, 5);
    pub const ROUND: Columns = cols("round", 7, 9);
    pub const PLAYER: Repeated = rep("player", 11, 14, 5);
}

/// Record 250 (accelerated rounds).
pub mod acceleration {
    use super::*;
    pub const MATCH_POINTS: Columns = cols("fictitious match points", 5, 8);
    pub const GAME_POINTS: Columns = cols("fictitious game points", 10, 13);
    pub const FIRST_ROUND: Columns = cols("first round", 15, 17);
    pub const LAST_ROUND: Columns = cols("last round", 19, 21);
    pub const FIRST_PLAYER: Columns = cols("first player", 23, 26);
    pub const LAST_PLAYER: Columns = cols("last player", 28, 31);
}

/// Record 260 (prohibited pairings).
pub mod prohibited {
    use super::*;
    pub const FIRST_ROUND: Columns = cols("first round", 5, 7);
    pub const LAST_ROUND: Columns = cols("last round", 9, 11);
    pub const PLAYER: Repeated = rep("player", 13, 16, 5);
}

/// Record 299 (abnormal assignment of points).
pub mod abnormal {
    use super::*;
    pub const KIND: Columns = cols("result type", 5, 5);
    pub const MATCH_POINTS: Columns = cols("match points", 8, 11);
    pub const POINTS: Columns = cols("game points", 14, 17);
    pub const ROUND: Columns = cols("round", 20, 22);
    pub const PLAYER: Repeated = rep("player", 24, 27, 5);
}

/// Record 300 (out-of-order team lineup).
pub mod lineup {
    use super::*;
    pub const ROUND: Columns = cols("round", 5, 7);
    pub const TEAM: Columns = cols("team", 9, 11);
    pub const OPPONENT: Columns = cols("opponent team", 13, 15);
    pub const BOARD: Repeated = rep("board player", 17, 20, 5);
}

/// Record 310 (TRF-2026 team).
pub mod team {
    use super::*;
    pub const NUMBER: Columns = cols("team number", 5, 7);
    pub const NAME: Columns = cols("team name", 9, 40);
    pub const NICKNAME: Columns = cols("nickname", 42, 46);
    pub const STRENGTH: Columns = cols("strength factor", 48, 53);
    pub const MATCH_POINTS: Columns = cols("match points", 55, 60);
    pub const GAME_POINTS: Columns = cols("game points", 62, 67);
    pub const RANK: Columns = cols("rank", 69, 71);
    pub const MEMBER: Repeated = rep("member", 74, 77, 5);
}

/// Record 320 (team pairing-allocated bye).
pub mod team_pab {
    use super::*;
    pub const MATCH_POINTS: Columns = cols("PAB match points", 5, 8);
    pub const GAME_POINTS: Columns = cols("PAB game points", 10, 13);
    pub const TEAM: Repeated = rep("team with the PAB", 15, 17, 4);
}

/// Record 330 (forfeited team match).
pub mod team_forfeit {
    use super::*;
    pub const KIND: Columns = cols("forfeit type", 5, 6);
    pub const ROUND: Columns = cols("round", 8, 10);
    pub const WHITE: Columns = cols("white team", 12, 14);
    pub const BLACK: Columns = cols("black team", 16, 18);
}

/// Record 802 (informative team results, fixed width), read leniently (`formats::trf::team`).
pub mod team_report {
    use super::*;
    pub const TEAM: Columns = cols("team number", 5, 7);
    pub const NICKNAME: Columns = cols("nickname", 9, 13);
    pub const MATCH_POINTS: Columns = cols("match points", 15, 20);
    pub const GAME_POINTS: Columns = cols("game points", 22, 27);
    /// Round r: opponent (or PAB, FPB, HPB, ZPB) at 29–31, colour at 33, game points at 35–38,
    /// forfeit flag at 39, then every 13 columns.
    pub const OPPONENT: Repeated = rep("opponent or bye", 29, 31, 13);
    pub const COLOUR: Repeated = rep("colour", 33, 33, 13);
    pub const ROUND_GAME_POINTS: Repeated = rep("round game points", 35, 38, 13);
    pub const FORFEIT: Repeated = rep("forfeit flag", 39, 39, 13);
}

/// JaVaFo `XXA` (and trfcheck's `XDG`): a player and one value per round.
pub mod per_round {
    use super::*;
    pub const ID: Columns = cols("player", 5, 8);
    pub const VALUE: Repeated = rep("value for round", 10, 13, 5);
}

/// trfcheck's `XDP`: a player, then `KEY=value` tokens.
pub mod draughts_player {
    use super::*;
    pub const ID: Columns = cols("player", 5, 8);
    pub const PAIRS: Columns = cols("KEY=value list", 10, 10);
}

/// Every table, for the grammar test: (record, columns).
pub fn all_fixed() -> Vec<(&'static str, Columns)> {
    let mut out: Vec<(&'static str, Columns)> = Vec::new();
    out.extend(player::FIXED.iter().map(|c| ("001", *c)));
    out.extend([player::OPPONENT, player::COLOUR, player::RESULT].iter().map(|r| ("001", r.nth(0))));
    out.extend(national::FIXED.iter().map(|c| ("NRS", *c)));
    out.push(("132", round_dates::DATE.nth(0)));
    out.extend([team16::NAME, team16::MEMBER.nth(0)].map(|c| ("013", c)));
    out.extend([scoring::CODE.nth(0), scoring::POINTS.nth(0)].map(|c| ("162", c)));
    out.extend([rank_method::FEDERATION, rank_method::METHOD].map(|c| ("172", c)));
    out.extend([byes::KIND, byes::ROUND, byes::PLAYER.nth(0)].map(|c| ("240", c)));
    out.extend(
        [
            acceleration::MATCH_POINTS,
            acceleration::GAME_POINTS,
            acceleration::FIRST_ROUND,
            acceleration::LAST_ROUND,
            acceleration::FIRST_PLAYER,
            acceleration::LAST_PLAYER,
        ]
        .map(|c| ("250", c)),
    );
    out.extend([prohibited::FIRST_ROUND, prohibited::LAST_ROUND, prohibited::PLAYER.nth(0)].map(|c| ("260", c)));
    out.extend(
        [abnormal::KIND, abnormal::MATCH_POINTS, abnormal::POINTS, abnormal::ROUND, abnormal::PLAYER.nth(0)]
            .map(|c| ("299", c)),
    );
    out.extend([lineup::ROUND, lineup::TEAM, lineup::OPPONENT, lineup::BOARD.nth(0)].map(|c| ("300", c)));
    out.extend(
        [
            team::NUMBER,
            team::NAME,
            team::NICKNAME,
            team::STRENGTH,
            team::MATCH_POINTS,
            team::GAME_POINTS,
            team::RANK,
            team::MEMBER.nth(0),
        ]
        .map(|c| ("310", c)),
    );
    out.extend([team_pab::MATCH_POINTS, team_pab::GAME_POINTS, team_pab::TEAM.nth(0)].map(|c| ("320", c)));
    out.extend([team_forfeit::KIND, team_forfeit::ROUND, team_forfeit::WHITE, team_forfeit::BLACK].map(|c| ("330", c)));
    out.extend(
        [
            team_report::TEAM,
            team_report::NICKNAME,
            team_report::MATCH_POINTS,
            team_report::GAME_POINTS,
            team_report::OPPONENT.nth(0),
            team_report::COLOUR.nth(0),
            team_report::ROUND_GAME_POINTS.nth(0),
            team_report::FORFEIT.nth(0),
        ]
        .map(|c| ("802", c)),
    );
    out.extend([per_round::ID, per_round::VALUE.nth(0)].map(|c| ("XXA", c)));
    out.push(("XDP", draughts_player::ID));
    out
}
