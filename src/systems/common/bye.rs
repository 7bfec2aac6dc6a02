//! Who may receive the pairing-allocated bye (PAB).
//!
//! C.04.1 art. 4 (basic rules for Swiss systems, the text in force from 2025): "A participant who
//! has already received a pairing allocated bye, or has already scored in one single round, without
//! playing, as many points as rewarded for a win, shall not receive the pairing allocated bye."
//! The earlier texts say less or otherwise, and the systems that follow them keep their own forms,
//! each named by the text it follows ([`PabRule`]).

use crate::model::{ByeKind, EntryKind, Points};
use crate::state::PastRound;

/// The text a system reads for who may not receive the PAB again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PabRule {
    /// C.04.1 art. 4 (2025 text; Dutch 2025 [C2], Dubov 2025 [C2] and 2.1.1, and the 1997 Dubov
    /// text 2.2, "a point without playing"): not after the PAB, nor after a round that gave, without
    /// a game, as many points as a win (a forfeit win, a requested full-point bye, the legacy `+`
    /// bye).
    WinWithoutPlaying,
    /// C.04.1.d (the basic rules the Dutch 2017 text rests on): not after the PAB, nor after a
    /// forfeit win "due to an opponent not appearing in time". A full-point bye the player asked for
    /// does not count.
    ByeOrForfeitWin,
    /// Dutch 2012 B.1b: "A player who has received a point or half point without playing, either
    /// through a bye or due to an opponent not appearing in time, … shall not receive a bye": any
    /// round that gave points without a game (the PAB, a requested full- or half-point bye, a
    /// forfeit win).
    AnyPointsWithoutPlaying,
    /// FMJD Annex 5 (2013) 4.1: "A player cannot get more than one bye in a tournament": only the
    /// bye itself counts.
    ByeOnly,
}

/// The pairing-allocated bye as a round records it: `U`, or the legacy `0000 - +` that older
/// programs wrote for it (the pairing rules treat both alike).
pub fn is_pab(kind: EntryKind) -> bool {
    matches!(kind, EntryKind::Bye(ByeKind::PairingAllocated | ByeKind::LegacyWin))
}

/// May a player with the past rounds `past` receive the PAB, under `rule`? `win` is what a win
/// gives (the point system's), which [`PabRule::WinWithoutPlaying`] compares with.
pub fn pab_eligible(past: &[PastRound], win: Points, rule: PabRule) -> bool {
    past.iter().all(|round| {
        // Every form speaks of points received without playing: a game over the board never bars.
        if round.played() {
            return true;
        }
        let pab = is_pab(round.kind);
        let barred = match rule {
            PabRule::WinWithoutPlaying => pab || round.points >= win,
            PabRule::ByeOrForfeitWin => match round.kind {
                EntryKind::Forfeit { won, .. } => won,
                _ => pab,
            },
            PabRule::AnyPointsWithoutPlaying => round.points > Points::ZERO,
            PabRule::ByeOnly => pab,
        };
        !barred
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, Outcome};

    fn round(kind: EntryKind, points: Points) -> PastRound {
        PastRound { kind, points, score_before: Points::ZERO, acceleration: Points::ZERO }
    }

    /// What each form counts: the PAB always; a forfeit win in all but FMJD's; a requested
    /// full-point bye under art. 4 (2025) and the 2012 text; a half-point bye under 2012 only.
    #[test]
    fn each_form_bars_what_its_text_says() {
        let win = Points::ONE;
        let half = Points::from_tenths(5);
        let pab = round(EntryKind::Bye(ByeKind::PairingAllocated), win);
        let forfeit_win = round(EntryKind::Forfeit { opponent: 2, colour: None, won: true }, win);
        let full = round(EntryKind::Bye(ByeKind::FullPoint), win);
        let half_bye = round(EntryKind::Bye(ByeKind::HalfPoint), half);
        let game =
            round(EntryKind::Played { opponent: 2, colour: Colour::White, outcome: Outcome::Win, rated: true }, win);
        use PabRule::*;
        let forms = [WinWithoutPlaying, ByeOrForfeitWin, AnyPointsWithoutPlaying, ByeOnly];
        let eligible = |r: &PastRound| forms.map(|form| pab_eligible(std::slice::from_ref(r), win, form));
        assert_eq!(eligible(&pab), [false; 4]);
        assert_eq!(eligible(&forfeit_win), [false, false, false, true]);
        assert_eq!(eligible(&full), [false, true, false, true]);
        assert_eq!(eligible(&half_bye), [true, true, false, true]);
        assert_eq!(eligible(&game), [true; 4]);
    }
}
