//! What the Burstein rules need to know about each player before pairing a round: the score, the
//! Index of 1.7–1.8, the colour preference of 1.5, and whether the player may have the PAB.

use std::cmp::Ordering;

use crate::model::{ByeKind, Colour, EntryKind, PlayerId, Points};
use crate::state::{Contender, PastRound, PreferenceStrength, RoundState};
use crate::systems::common::bye::{self, PabRule};

/// A player to pair, with the data the Burstein criteria use.
#[derive(Clone, Debug)]
pub(crate) struct BursteinPlayer {
    pub id: PlayerId,
    /// The tournament pairing number − 1 (1.1, C.04.2 art. 2).
    pub rank: u32,
    /// The pairing score: points plus acceleration; it makes the scoregroups (1.2.1).
    pub score: Points,
    /// Buchholz (1.7.1), in tenths of a point.
    pub buchholz: i64,
    /// Sonneborn-Berger (1.7.1), in hundredths (points × score, both in tenths).
    pub sonneborn_berger: i64,
    /// The colour preference of 1.5 (`None`: no game played, 1.5.4).
    pub preference: Option<Colour>,
    pub strength: PreferenceStrength,
    /// Colours of the games played, oldest first (C.04.2 3.4: unplayed rounds left out).
    pub colours: Vec<Colour>,
    /// Games played over the board (3.1.4).
    pub played_games: u32,
    /// May receive the pairing-allocated bye ([C2], C.04.1 art. 4).
    pub pab_eligible: bool,
}

impl BursteinPlayer {
    pub fn new(contender: &Contender, state: &RoundState) -> BursteinPlayer {
        let (buchholz, sonneborn_berger) = index(state, &contender.past);
        BursteinPlayer {
            id: contender.id,
            rank: contender.rank,
            score: contender.pairing_score(),
            buchholz,
            sonneborn_berger,
            preference: contender.colours.preference(),
            strength: contender.colours.strength(),
            colours: contender.colours.sequence.clone(),
            played_games: contender.played_games(),
            pab_eligible: bye::pab_eligible(&contender.past, state.point_system.white_win, PabRule::WinWithoutPlaying),
        }
    }

    /// The tournament pairing number.
    pub fn tpn(&self) -> u32 {
        self.rank + 1
    }

    pub fn is_absolute(&self) -> bool {
        self.strength == PreferenceStrength::Absolute
    }

    /// The ranking order of 1.8: the Index (Buchholz, then Sonneborn-Berger, higher first), then
    /// the TPN (lower first). `Less` ranks higher. Scores are not used (1.8, note).
    pub fn ranking(&self, other: &BursteinPlayer) -> Ordering {
        other
            .buchholz
            .cmp(&self.buchholz)
            .then(other.sonneborn_berger.cmp(&self.sonneborn_berger))
            .then(self.rank.cmp(&other.rank))
    }

    pub fn ranks_above(&self, other: &BursteinPlayer) -> bool {
        self.ranking(other) == Ordering::Less
    }
}

/// A player's current score, without acceleration (1.7.2: virtual points are excluded).
fn current_score(past: &[PastRound]) -> i64 {
    past.iter().map(|r| r.points.tenths()).sum()
}

/// A player's score as their over-the-board opponents count it (1.7.2, exception): each of a
/// series of consecutive zero-point byes up to the current round counts as a draw. A round without
/// an entry (`-`, `Z`, a blank block) is such a bye; a forfeit is not a bye.
fn score_for_opponents(past: &[PastRound], draw: Points) -> i64 {
    let trailing = past
        .iter()
        .rev()
        .take_while(|r| matches!(r.kind, EntryKind::Bye(ByeKind::ZeroPoint) | EntryKind::NotRecorded))
        .count() as i64;
    current_score(past) + trailing * draw.tenths()
}

/// Buchholz and Sonneborn-Berger of a player with the past rounds `past` (1.7.1, with the
/// common rules of 1.7.2): a game played over the board counts the opponent's current score; a
/// round the player did not play (a bye, a forfeit, an absence) counts as a game against
/// themselves with the points it gave, so it adds the player's own current score. A game whose
/// result is not recorded yet counts as played, with the points recorded.
pub(crate) fn index(state: &RoundState, past: &[PastRound]) -> (i64, i64) {
    let own = current_score(past);
    let draw = state.point_system.white_draw;
    let (mut buchholz, mut sonneborn_berger) = (0, 0);
    for round in past {
        let opponent = match round.kind {
            EntryKind::Played { opponent, .. } | EntryKind::Pending { opponent, .. } => {
                score_for_opponents(state.past_of(opponent), draw)
            }
            _ => own,
        };
        buchholz += opponent;
        sonneborn_berger += round.points.tenths() * opponent;
    }
    (buchholz, sonneborn_berger)
}

/// The players of the round by pairing score (highest first), then in the ranking order of 1.8.
pub(crate) fn burstein_players(state: &RoundState) -> Vec<BursteinPlayer> {
    let mut players: Vec<BursteinPlayer> = state.players.iter().map(|c| BursteinPlayer::new(c, state)).collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.ranking(b)));
    players
}

/// The absolute criteria between two players: [C1] (not met over the board, no prohibited pair)
/// and [C3] (not both with the same absolute colour preference; the text has no exception).
pub(crate) fn compatibility(state: &RoundState, players: &[BursteinPlayer]) -> Vec<Vec<bool>> {
    let n = players.len();
    let position: std::collections::HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut compatible = vec![vec![true; n]; n];
    let mut forbid = |a: usize, b: usize| {
        compatible[a][b] = false;
        compatible[b][a] = false;
    };
    for (a, player) in players.iter().enumerate() {
        forbid(a, a);
        // [C1]: a game played over the board (a forfeited one does not count, C.04.2 3.5).
        for opponent in state.past_of(player.id).iter().filter_map(|r| r.played_opponent()) {
            if let Some(&b) = position.get(&opponent) {
                forbid(a, b);
            }
        }
    }
    for (x, y) in &state.forbidden {
        if let (Some(&a), Some(&b)) = (position.get(x), position.get(y)) {
            forbid(a, b);
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            if same_absolute(&players[a], &players[b]) {
                forbid(a, b);
            }
        }
    }
    compatible
}

/// [C3]: both players have an absolute preference for the same colour.
pub(crate) fn same_absolute(x: &BursteinPlayer, y: &BursteinPlayer) -> bool {
    x.is_absolute() && y.is_absolute() && x.preference == y.preference
}

/// Both colour preferences can be granted ([C8]: otherwise one of the two players does not get
/// theirs).
pub(crate) fn preferences_agree(x: &BursteinPlayer, y: &BursteinPlayer) -> bool {
    crate::state::compatible_preferences(x.preference, y.preference)
}

/// The number of seeding rounds (1.6.2): half the rounds of the tournament, rounded down, or four,
/// whichever is lower. They are paired by the Dutch rules (1.6.1).
pub(crate) fn seeding_rounds(total_rounds: u32) -> u32 {
    (total_rounds / 2).min(4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Participation;

    fn line(id: u32, points: &str, cells: &[&str]) -> String {
        let name = format!("Player {id:03}");
        format!(
            "001 {id:>4} m    {name:<33} {:>4} {:3} {:>11} {:10} {points:>4} {:>4}{}",
            2700 - 100 * id,
            "",
            "",
            "",
            "",
            cells.concat()
        )
    }

    /// 1.7.1–1.7.2 on a position derived by hand. Round 1: 1–2 1-0, 3–4 ½; round 2: 1–3 1-0, 4 the
    /// PAB, 2 absent (`Z`); round 3: 1–4 1-0, 3 the PAB, 2 absent. Before round 4: 2 has 0 points
    /// and two zero-point byes up to now, which count as draws for 1, his opponent (1.0); 3 and 4
    /// have 1.5. Player 1: Buchholz 1.0 + 1.5 + 1.5 = 4.0, Sonneborn-Berger the same (three wins).
    /// Player 2: his own rounds unplayed count his own score (0), not the draws: Buchholz 3.0 (his
    /// round-1 opponent) + 0 + 0. Player 4: 1.5 (3) + 1.5 (the PAB, against himself) + 3.0 (1) = 6.0;
    /// Sonneborn-Berger ½ × 1.5 + 1 × 1.5 + 0 = 2.25.
    #[test]
    fn the_index_counts_unplayed_rounds_and_trailing_zero_point_byes_as_the_text_says() {
        let text = [
            "012 Burstein index".to_owned(),
            "XXR 5".to_owned(),
            line(1, "3.0", &["     2 w 1", "     3 w 1", "     4 w 1"]),
            line(2, "0.0", &["     1 b 0", "  0000 - Z", "  0000 - Z"]),
            line(3, "1.5", &["     4 w =", "     1 b 0", "  0000 - U"]),
            line(4, "1.5", &["     3 b =", "  0000 - U", "     1 b 0"]),
        ]
        .join("\n")
            + "\n";
        let loaded = crate::formats::read_bytes(
            std::path::Path::new("index.trf"),
            text.as_bytes(),
            crate::formats::ReadOptions::default(),
        );
        let t = loaded.valid_tournament().unwrap_or_else(|| panic!("not read:\n{text}"));
        let state = RoundState::build(t, 4, Participation::NextRound);
        let of = |id: PlayerId| index(&state, state.past_of(id));
        assert_eq!(of(1), (40, 400));
        assert_eq!(of(2), (30, 0));
        assert_eq!(of(4), (60, 225));
    }
}
