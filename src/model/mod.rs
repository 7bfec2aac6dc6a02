//! The tournament as recorded: what every reader produces and every later stage reads.
//!
//! The model keeps what the file says, in TRF terms (a TRF-2026 file can express all of it, which
//! is what makes `convert` and the write→read round trip possible). Meaning that depends on the
//! pairing system (who floated, colour preferences, …) belongs to the round state, not here.

pub mod date;
pub mod descriptor;
mod entry;
mod options;
mod points;
pub mod team;
mod tie_break;

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::diagnostics::Span;

pub use date::{Date, DateText};
pub use entry::{ByeKind, Colour, EntryKind, Outcome, PlayerId, ResultCode, RoundEntry};
pub use options::{AccelerationMethod, ColourPreference, DraughtsOptions, OrganiserFlags, parse_on_off};
pub use points::{PointSystem, Points};
pub use team::{TeamCodeError, TeamColourType, TeamScore, TeamSystemCode};
pub use tie_break::{UnplayedCount, UnplayedRule, UnplayedRuleError};

/// A whole tournament.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tournament {
    pub header: Header,
    /// Players in file order.
    pub players: Vec<Player>,
    pub point_system: PointSystem,
    /// True when a record (162, XXS, BBx) declared the point system.
    pub point_system_declared: bool,
    pub accelerations: Vec<Acceleration>,
    pub forbidden_pairs: Vec<ForbiddenPairs>,
    pub requested_byes: Vec<RequestedBye>,
    pub abnormal_points: Vec<AbnormalPoints>,
    pub teams: Vec<Team>,
    pub team_records: TeamRecords,
    pub national_ratings: Vec<NationalRating>,
    /// JaVaFo `XXC rank`: pair by the order of the 001 records, not by pairing number.
    pub pair_by_rank: bool,
    /// What the player numbers of this file are.
    pub numbering: Numbering,
    /// trfcheck `XDT`: how unplayed rounds count in the opponent-based tie-breaks (FMJD 3.1).
    pub unplayed_rule: Option<UnplayedRule>,
    /// The FMJD organiser's options (trfcheck's `XDO` record, or flags).
    pub draughts_options: DraughtsOptions,
    /// The Lim system's Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7): no record declares it, so it
    /// is set only by the Lim system's reading of the `--lim-maxi` flag (docs/lim.md R26).
    pub maxi_tournament: bool,
    /// The game the file says it holds in a record of its own: trfcheck's `XDK` record, or
    /// `Draughts` for an FMJD crosstable. `None` when no such record says it; a 192 code or
    /// trfcheck's other draughts records may still declare the game (`systems::game`).
    pub game: Option<Game>,
    /// Records kept verbatim because they carry nothing the checks use (`###` comments, 801/802,
    /// Tornelo's DAT and XRS).
    pub verbatim: Vec<VerbatimRecord>,
    /// Where things were read; not part of the tournament's identity.
    pub origin: Origin,
}

/// The game a tournament is played in: it decides which pairing systems apply (FIDE's for chess,
/// FMJD Annex 5 for draughts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Chess,
    Draughts,
}

impl Game {
    /// The word of trfcheck's `XDK` record: `CHESS`, `DRAUGHTS`.
    pub fn record_word(self) -> &'static str {
        match self {
            Game::Chess => "CHESS",
            Game::Draughts => "DRAUGHTS",
        }
    }

    /// `chess`, `draughts`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Chess => "chess",
            Game::Draughts => "draughts",
        }
    }
}

/// How the numbers in the player column are assigned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Numbering {
    /// Pairing (starting) numbers, as TRF defines them.
    #[default]
    PairingNumbers,
    /// Final places: the FMJD-report matrix numbers its rows by final standing and has no starting
    /// numbers, so the round-1 order cannot be rebuilt.
    FinalPlaces,
}

/// The tournament section (records 012–132 and the TRF-2026 additions 142–222).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    /// 012
    pub name: Option<String>,
    /// 022
    pub city: Option<String>,
    /// 032
    pub federation: Option<String>,
    /// 042
    pub start_date: Option<DateText>,
    /// 052
    pub end_date: Option<DateText>,
    /// 062 (free text: Swiss-Manager writes `129 (88)`)
    pub number_of_players: Option<String>,
    /// 072
    pub number_of_rated_players: Option<String>,
    /// 082
    pub number_of_teams: Option<String>,
    /// 092 (free text)
    pub tournament_type: Option<String>,
    /// 102
    pub chief_arbiter: Option<String>,
    /// 112, one per line
    pub deputy_arbiters: Vec<String>,
    /// 122
    pub time_control: Option<String>,
    /// 132: round r at index r-1; `None` where the column is blank.
    pub round_dates: Vec<Option<DateText>>,
    /// 142, XXR, or CPPDubovSystem's TNR: the total number of rounds.
    pub rounds: Option<u32>,
    /// 152 or XXC white1/black1: the colour of the top-ranked player in round 1.
    pub initial_colour: Option<Colour>,
    /// 172: federation and method of the encoded starting rank.
    pub starting_rank_method: Option<(String, String)>,
    /// 182
    pub pairing_controller: Option<String>,
    /// 192: the code of the Tournament-Type Code Table, as written.
    pub system_code: Option<String>,
    /// 202
    pub tie_breaks: Option<String>,
    /// 212
    pub standings_tie_breaks: Option<String>,
    /// 222
    pub encoded_time_control: Option<String>,
    /// CPPDubovSystem's `ACC true`: Baku acceleration.
    pub baku_acceleration_flag: bool,
}

/// One 001 record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Player {
    pub id: PlayerId,
    pub sex: Option<char>,
    /// As written (`GM`, JaVaFo's `g`, draughts `GMI`, …).
    pub title: Option<String>,
    pub name: String,
    /// `None` for blank or 0 (unrated).
    pub rating: Option<u32>,
    pub federation: Option<String>,
    /// FIDE id column (some files hold national ids there).
    pub fide_id: Option<String>,
    /// As written: `YYYY/MM/DD`, `1978`, `0000/00/00`, …
    pub birth: Option<String>,
    /// The Points column. `None` when blank.
    pub points: Option<Points>,
    pub rank: Option<u32>,
    /// Round r at index r-1.
    pub rounds: Vec<RoundEntry>,
    /// Draughts data that TRF has no column for.
    pub draughts: Option<DraughtsPlayer>,
}

impl Player {
    pub fn round(&self, round: u32) -> RoundEntry {
        round.checked_sub(1).and_then(|index| self.rounds.get(index as usize)).copied().unwrap_or(RoundEntry::BLANK)
    }

    /// The number of the last round with anything recorded.
    pub fn last_recorded_round(&self) -> u32 {
        self.rounds.iter().rposition(|e| !e.is_blank()).map_or(0, |i| i as u32 + 1)
    }

    /// Points from the results under a point system (without 299 adjustments).
    pub fn points_from_results(&self, system: &PointSystem) -> Points {
        self.rounds.iter().map(|entry| entry.points(system)).sum()
    }
}

/// FMJD data for a player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DraughtsPlayer {
    pub fmjd_id: Option<String>,
    /// The letter before an FMJD rating (`A 2339`).
    pub rating_list: Option<String>,
    /// Tie-break values printed in the crosstable, by column name (`SSolk`).
    pub reported_tie_breaks: Vec<(String, Points)>,
}

/// 250 (or a JaVaFo XXA value): fictitious points added for pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acceleration {
    pub match_points: Option<Points>,
    pub game_points: Points,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: PlayerId,
    pub last_player: PlayerId,
}

impl Acceleration {
    pub fn applies(&self, player: PlayerId, round: u32) -> bool {
        (self.first_round..=self.last_round).contains(&round)
            && (self.first_player..=self.last_player).contains(&player)
    }
}

/// 260, XXP or FOR: players who must not meet each other (in a range of rounds; `None` = open).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenPairs {
    pub first_round: Option<u32>,
    pub last_round: Option<u32>,
    pub players: Vec<PlayerId>,
}

impl ForbiddenPairs {
    pub fn applies_in(&self, round: u32) -> bool {
        self.first_round.is_none_or(|first| round >= first) && self.last_round.is_none_or(|last| round <= last)
    }
}

/// The bye a player asked for (240, XXZ, BYE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestedByeKind {
    Full,
    Half,
    Zero,
}

impl RequestedByeKind {
    pub fn trf_char(self) -> char {
        match self {
            RequestedByeKind::Full => 'F',
            RequestedByeKind::Half => 'H',
            RequestedByeKind::Zero => 'Z',
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestedBye {
    pub kind: RequestedByeKind,
    pub round: u32,
    pub players: Vec<PlayerId>,
}

/// 299: points given or taken outside the results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// The result type (`W D L F H Z + -`), or `None` for a plain bonus or penalty.
    pub kind: Option<char>,
    pub match_points: Option<Points>,
    pub points: Option<Points>,
    /// `None`: every round.
    pub round: Option<u32>,
    /// Empty: every player.
    pub players: Vec<PlayerId>,
}

impl AbnormalPoints {
    /// Whether the record is about the player: it names them, or names nobody (every player).
    pub fn applies_to(&self, player: PlayerId) -> bool {
        self.players.is_empty() || self.players.contains(&player)
    }
}

/// A team (310, or 013 numbered in file order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Team {
    pub number: u32,
    pub name: String,
    pub nickname: Option<String>,
    pub strength: Option<String>,
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    pub rank: Option<u32>,
    pub members: Vec<PlayerId>,
}

/// The team records of TRF-2026 that pair and score teams.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeamRecords {
    /// 320
    pub pab: Option<TeamPab>,
    /// 330
    pub forfeits: Vec<TeamForfeit>,
    /// 300
    pub lineups: Vec<TeamLineup>,
    /// 352
    pub board_colours: Option<String>,
    /// 362: win, draw, loss match points.
    pub scoring: Option<TeamScoring>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPab {
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    /// Team with the PAB in round r at index r-1.
    pub teams: Vec<Option<u32>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamForfeit {
    /// `+-`, `-+` or `--`.
    pub kind: String,
    pub round: u32,
    pub white: u32,
    pub black: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamLineup {
    pub round: u32,
    pub team: u32,
    pub opponent: u32,
    pub boards: Vec<Option<PlayerId>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamScoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

/// A TRF-2026 national rating record (a 3-letter federation code in place of 001).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationalRating {
    pub federation: String,
    pub player: PlayerId,
    pub sex: Option<char>,
    pub class: Option<String>,
    pub name: Option<String>,
    pub rating: Option<u32>,
    pub origin: Option<String>,
    pub national_id: Option<String>,
    pub birth: Option<String>,
}

/// A record kept as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerbatimRecord {
    pub text: String,
}

/// Where the parts of a tournament were read. Two tournaments that differ only here are equal.
#[derive(Clone, Debug, Default)]
pub struct Origin {
    pub format: Option<SourceFormat>,
    /// Line of each player's record, by pairing number. (The maps of places are only looked up,
    /// never walked in order: hashed, a file's few thousand inserts cost less than in a B-tree.)
    pub player_lines: FxHashMap<PlayerId, usize>,
    /// Where each player's points are written (the Points columns, or a crosstable's total cell).
    pub points_spans: FxHashMap<PlayerId, Span>,
    /// Where each player's record of each round is written (a TRF round block, or a cell).
    pub round_spans: FxHashMap<(PlayerId, u32), Span>,
    /// Line of each single-value record by its tag (`012`, `XXR`, `192`, …): the last one read.
    pub record_lines: BTreeMap<String, usize>,
    /// Players whose record had an error: cross-checks leave them out, since what was read of them
    /// may not be what the file meant.
    pub damaged: std::collections::BTreeSet<PlayerId>,
    /// True when some player record could not be read at all, so a missing player may exist.
    pub incomplete: bool,
    /// Line of the record behind each entry of the lists above, in the same order.
    pub team_lines: Vec<usize>,
    pub acceleration_lines: Vec<usize>,
    pub forbidden_lines: Vec<usize>,
    pub national_rating_lines: Vec<usize>,
    pub requested_bye_lines: Vec<usize>,
    pub abnormal_lines: Vec<usize>,
    /// The record the team rosters were read from: `310` (TRF-2026) or `013` (TRF16).
    pub team_rosters: Option<&'static str>,
    /// Line of each `verbatim` record, in the same order.
    pub verbatim_lines: Vec<usize>,
    /// Line of each 300 record (`team_records.lineups`) and each 330 record (`team_records.forfeits`).
    pub lineup_lines: Vec<usize>,
    pub team_forfeit_lines: Vec<usize>,
}

impl PartialEq for Origin {
    fn eq(&self, _: &Origin) -> bool {
        true
    }
}

/// Where the initial colour comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitialColourSource {
    /// Record 152 or JaVaFo's `XXC white1/black1`.
    Declared,
    /// The colour `player` had in `round`, the first round with colours.
    Recorded { player: PlayerId, round: u32 },
}

/// The kind of file a tournament was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceFormat {
    Trf,
    /// Draughts Arbiter crosstable export (`Place;S.No.;…`).
    DraughtsArbiter,
    /// FMJD-report matrix (`Pl;FMJD-id;…`, `Pl;Sno;…`).
    FmjdReport,
    /// The crosstable of draughts forums (`Pl;Name;1;2;…`).
    ForumCrosstable,
}

impl Tournament {
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// An index from pairing number to position in `players`.
    pub fn player_index(&self) -> BTreeMap<PlayerId, usize> {
        self.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect()
    }

    /// The number of round columns that hold anything.
    pub fn rounds_recorded(&self) -> u32 {
        self.players.iter().map(Player::last_recorded_round).max().unwrap_or(0)
    }

    /// How many times every two players were paired (played or forfeited), when each pair was
    /// paired equally often: a complete round robin (single, double, …); `None` otherwise, or with
    /// fewer than three players.
    pub fn round_robin(&self) -> Option<usize> {
        let n = self.players.len();
        if n < 3 {
            return None;
        }
        let index = self.player_index();
        // Scheduled games per player first: a round robin gives each the same count, a multiple of
        // n − 1, which rules out every ordinary Swiss (fewer rounds than players) before any pair
        // is counted.
        let scheduled = |player: &Player| -> Vec<PlayerId> {
            player
                .rounds
                .iter()
                .filter_map(RoundEntry::scheduled_opponent)
                .filter(|&o| o != player.id && index.contains_key(&o))
                .collect()
        };
        let games = scheduled(&self.players[0]).len();
        if games == 0 || games % (n - 1) != 0 || self.players.iter().any(|p| scheduled(p).len() != games) {
            return None;
        }
        let times = games / (n - 1);
        // Each pair counted from both sides, so that a game only one side records spoils it.
        let mut pairs: std::collections::BTreeMap<(PlayerId, PlayerId), usize> = std::collections::BTreeMap::new();
        for player in &self.players {
            for opponent in scheduled(player) {
                *pairs.entry((player.id.min(opponent), player.id.max(opponent))).or_default() += 1;
            }
        }
        (pairs.len() == n * (n - 1) / 2 && pairs.values().all(|&count| count == 2 * times)).then_some(times)
    }

    /// True when round `round` has at least one pairing: a game (played or forfeited) or a PAB.
    pub fn round_is_paired(&self, round: u32) -> bool {
        self.players.iter().any(|p| p.round(round).kind().is_paired())
    }

    /// Rounds that were paired, from round 1 up to the last one with a pairing.
    pub fn rounds_paired(&self) -> u32 {
        // Each player's last pairing, looked for from the end of the player's rounds: linear in
        // the entries recorded, where asking every round of every player would cost rounds ×
        // players (one line of a million rounds in a file of a thousand players).
        let last =
            self.players.iter().filter_map(|p| p.rounds.iter().rposition(|entry| entry.kind().is_paired())).max();
        last.map_or(0, |index| index as u32 + 1)
    }

    /// The points a player's round gives, with the 299 records applied: a typed record replaces
    /// the points of that result, a blank-type record adds a bonus or penalty in its round
    /// ([`Tournament::bonus_points`]). When the bye values are a match's
    /// ([`PointSystem::byes_per_match`]), a bye in the second game of a match whose first game was
    /// a bye too is the same bye, counted with the first.
    pub fn round_points(&self, player: &Player, round: u32) -> Points {
        let entry = player.round(round);
        let applies = |a: &AbnormalPoints| a.applies_to(player.id);
        let code = entry.result.trf_char().to_ascii_uppercase();
        let overridden = self
            .abnormal_points
            .iter()
            .find(|a| a.kind == Some(code) && a.round.is_none_or(|r| r == round) && applies(a) && a.points.is_some());
        let without_game = |e: &RoundEntry| e.scheduled_opponent().is_none() && !e.is_blank();
        let points = match overridden {
            Some(a) => a.points.unwrap_or(Points::ZERO),
            None if self.point_system.byes_per_match
                && round.is_multiple_of(2)
                && without_game(&entry)
                && without_game(&player.round(round - 1)) =>
            {
                Points::ZERO
            }
            None => entry.points(&self.point_system),
        };
        points + self.bonus_points(player, round)
    }

    /// A player's points from the results, with the 299 records applied (a bonus may be recorded
    /// for a round the player has no entry for yet). In a team tournament the 299 records name
    /// teams, so a player's points are his games' alone.
    pub fn score_from_results(&self, player: &Player) -> Points {
        if self.is_team_tournament() {
            return player.points_from_results(&self.point_system);
        }
        let bonus_rounds = self.abnormal_points.iter().filter_map(|a| a.round);
        let last = bonus_rounds.fold((player.rounds.len() as u32).max(1), u32::max);
        (1..=last).map(|round| self.round_points(player, round)).sum()
    }

    /// The bonus or penalty of blank-type 299 records in a round: points outside any game (one
    /// for every round counts once, with round 1).
    pub fn bonus_points(&self, player: &Player, round: u32) -> Points {
        self.abnormal_points
            .iter()
            .filter(|a| a.kind.is_none() && a.applies_to(player.id) && a.round.unwrap_or(1) == round)
            .fold(Points::ZERO, |sum, a| sum + a.points.unwrap_or(Points::ZERO))
    }

    /// The round a pairing program would pair next, when the file holds only its markers:
    /// JaVaFo's `0000 - Z/H/F` for players who will not be paired, with everything else blank.
    pub fn round_to_pair(&self) -> u32 {
        self.rounds_paired() + 1
    }

    /// True when the record of rounds after the last paired one holds markers only.
    pub fn has_round_to_pair_markers(&self) -> bool {
        self.rounds_recorded() > self.rounds_paired()
    }

    /// The colour of the top-ranked player in round 1: as declared (152, XXC), or as recorded.
    ///
    /// TRF-2026 (record 152) makes the declaration mandatory "only if it differs from the colour of
    /// the highest ranked participant who was paired in the first round". Without one, it is read
    /// from the first round where anyone has a colour: among the players paired in that round (or
    /// before), in pairing order, the first one with a colour had the initial colour if they stand
    /// at an even position (1st, 3rd, … — odd pairing numbers among those paired), the other
    /// colour otherwise, as the colour allocation's last rule (C.04.3 5.2.5) gives colours by the
    /// parity of the pairing number in round 1.
    pub fn initial_colour(&self) -> Option<(Colour, InitialColourSource)> {
        if let Some(colour) = self.header.initial_colour {
            return Some((colour, InitialColourSource::Declared));
        }
        let colour_of = |entry: RoundEntry| match entry.kind() {
            EntryKind::Played { colour, .. } | EntryKind::Pending { colour, .. } => Some(colour),
            EntryKind::Forfeit { colour, .. } => colour,
            _ => None,
        };
        let first =
            (1..=self.rounds_recorded()).find(|&r| self.players.iter().any(|p| colour_of(p.round(r)).is_some()))?;
        let mut order: Vec<&Player> = self.players.iter().collect();
        if !self.pair_by_rank {
            order.sort_by_key(|p| p.id);
        }
        let paired = |p: &Player| {
            (1..=first).any(|r| {
                p.round(r).scheduled_opponent().is_some() || {
                    matches!(p.round(r).kind(), EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin))
                }
            })
        };
        order.into_iter().filter(|p| paired(p)).enumerate().find_map(|(position, p)| {
            let colour = colour_of(p.round(first))?;
            let colour = if position % 2 == 0 { colour } else { colour.opposite() };
            Some((colour, InitialColourSource::Recorded { player: p.id, round: first }))
        })
    }

    /// The pairs that 260/XXP/FOR records forbid in `round`, smaller id first (player ids, or team
    /// numbers in a team tournament).
    pub fn forbidden_in(&self, round: u32) -> std::collections::BTreeSet<(PlayerId, PlayerId)> {
        let mut forbidden = std::collections::BTreeSet::new();
        for group in self.forbidden_pairs.iter().filter(|f| f.applies_in(round)) {
            for (i, &a) in group.players.iter().enumerate() {
                for &b in &group.players[i + 1..] {
                    if a != b {
                        forbidden.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        forbidden
    }

    /// True for a team tournament: its `192` code (or a 192 code in `092`, where bbpPairings
    /// writes it) names a team system, or no code is given and the file has team records
    /// (310 or 013). Then the ids of 240, 250, 260 and 299 are team numbers, not players.
    pub fn is_team_tournament(&self) -> bool {
        let code = self.header.system_code.as_deref().or(self
            .header
            .tournament_type
            .as_deref()
            .filter(|text| !text.trim().contains(' ') && text.contains('_')));
        match code {
            Some(code) => team::is_team_code(code),
            None => !self.teams.is_empty(),
        }
    }

    pub fn tag_line(&self, tag: &str) -> Option<usize> {
        self.origin.record_lines.get(tag).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: PlayerId, rounds: Vec<RoundEntry>) -> Player {
        Player { id, rounds, ..Player::default() }
    }

    #[test]
    fn initial_colour_is_declared_or_read_from_the_first_coloured_round() {
        let players = vec![
            player(2, vec![RoundEntry::game(3, Colour::Black, ResultCode::Win)]),
            // Player 1 was absent in round 1; player 2 is then the top-ranked participant.
            player(1, vec![RoundEntry::bye(ResultCode::ZeroPointBye)]),
            player(3, vec![RoundEntry::game(2, Colour::White, ResultCode::Loss)]),
        ];
        let mut t = Tournament { players, ..Tournament::default() };
        assert_eq!(t.initial_colour(), Some((Colour::Black, InitialColourSource::Recorded { player: 2, round: 1 })));
        t.pair_by_rank = true;
        assert_eq!(t.initial_colour().map(|c| c.1), Some(InitialColourSource::Recorded { player: 2, round: 1 }));
        t.header.initial_colour = Some(Colour::White);
        assert_eq!(t.initial_colour(), Some((Colour::White, InitialColourSource::Declared)));
    }

    #[test]
    fn rounds_paired_and_the_round_to_pair() {
        let players = vec![
            player(
                1,
                vec![RoundEntry::game(2, Colour::White, ResultCode::Win), RoundEntry::bye(ResultCode::HalfPointBye)],
            ),
            player(2, vec![RoundEntry::game(1, Colour::Black, ResultCode::Loss)]),
        ];
        let t = Tournament { players, ..Tournament::default() };
        assert_eq!((t.rounds_recorded(), t.rounds_paired(), t.round_to_pair()), (2, 1, 2));
        assert!(t.has_round_to_pair_markers());
    }
}
