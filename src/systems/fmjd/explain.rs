//! Why a recorded round differs from the FMJD procedure, in the annex's terms.

use crate::model::PlayerId;
use crate::state::RoundState;
use crate::systems::Explanation;
use crate::systems::pairing::RoundPairing;

use super::{FmjdPlayer, Variant, players};

/// A reading of the README ("The FMJD Swiss systems", numbered) that the pairing found rests on,
/// with the players it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Trace {
    pub reading: u8,
    pub players: Vec<PlayerId>,
}

impl Trace {
    pub(crate) fn new(reading: u8, players: impl IntoIterator<Item = PlayerId>) -> Trace {
        Trace { reading, players: players.into_iter().collect() }
    }
}

fn opponent(pairing: &RoundPairing, id: PlayerId) -> Option<Option<PlayerId>> {
    let board = pairing.board_of(id)?;
    Some(if board.white == id { board.black } else { Some(board.white) })
}

fn describe(p: &FmjdPlayer, variant: Variant) -> String {
    if variant == Variant::Rating {
        format!("{} ({} points, rating {})", p.id, p.score, p.rating)
    } else {
        let tenths = |t: i64| crate::model::Points::from_tenths(t);
        format!("{} ({} points, Solkoff {}, SB {})", p.id, p.score, tenths(p.solkoff), tenths(p.sb))
    }
}

/// The procedure of the variant, in the annex's terms.
fn procedure(variant: Variant) -> &'static str {
    match variant {
        Variant::Rating => {
            "the procedure of appendix A (score groups by own rating, A.c; the lowest of an odd group moved down to \
             the highest of the next, 5b/6a, passing over a repeated float, section 8; two half groups, 4a, the next \
             player of the lower half when a pair may not meet)"
        }
        Variant::FmjdSolkoff => {
            "the procedure of appendix B (score groups by Solkoff and SB, B.c; the lowest of an odd group moved down \
             to the highest of the next, 5b/6a, passing over a repeated float, section 8; two half groups, 4a, the \
             next player of the lower half when a pair may not meet)"
        }
        Variant::KndbSolkoff => {
            "the procedure of 5.3 (score groups by Solkoff and SB; the highest of an odd group moved down to the \
             lowest of the next, 5a/6b, passing over a repeated float, section 8; highest against lowest, 4b, the \
             next lower player when a pair may not meet; round 1 1-2, 3-4)"
        }
    }
}

/// The first rule the recorded round departs from: section 1 (a second meeting), 4.1 (a second
/// bye), the pairing procedure (A.c, A.d, 4a, 5b, 6a) at the first player in the round's order whose
/// opponent differs, or the colours of A.d.
pub(crate) fn explain(
    state: &RoundState,
    variant: Variant,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> Explanation {
    let players = players(state, variant);
    let find = |id: PlayerId| players.iter().find(|p| !p.dummy && p.id == id);
    for board in &recorded.boards {
        match board.black {
            Some(black) => {
                if let (Some(w), Some(b)) = (find(board.white), find(black))
                    && (w.met.contains(&b.id) || b.met.contains(&w.id))
                {
                    return Explanation {
                        criterion: "1".into(),
                        text: format!(
                            "the record pairs {} and {}, who may not meet again (section 1: a player cannot play more \
                             than one time against the same opponent)",
                            w.id, b.id
                        ),
                        recorded_is_better: false,
                    };
                }
            }
            None => {
                if find(board.white).is_some_and(|p| p.had_bye) {
                    return Explanation {
                        criterion: "4.1".into(),
                        text: format!(
                            "the record gives {} a second bye (4.1: a player cannot get more than one bye)",
                            board.white
                        ),
                        recorded_is_better: false,
                    };
                }
            }
        }
    }
    for p in players.iter().filter(|p| !p.dummy) {
        let (ours, theirs) = (opponent(computed, p.id), opponent(recorded, p.id));
        if ours == theirs {
            continue;
        }
        let name = |o: Option<Option<PlayerId>>| match o {
            Some(Some(id)) => find(id).map_or(id.to_string(), |p| describe(p, variant)),
            Some(None) => "the bye (the dummy of 4.1)".to_owned(),
            None => "no pairing".to_owned(),
        };
        return Explanation {
            criterion: if variant == Variant::KndbSolkoff {
                "5.3"
            } else if variant == Variant::Rating {
                "A.d"
            } else {
                "B.d"
            }
            .into(),
            text: format!(
                "{}: {} gives {}, the record {}",
                describe(p, variant),
                procedure(variant),
                name(ours),
                name(theirs)
            ),
            recorded_is_better: false,
        };
    }
    // Same pairs: the colours differ.
    for board in &recorded.boards {
        let Some(black) = board.black else { continue };
        if computed.boards.iter().any(|b| b.white == black && b.black == Some(board.white)) {
            return Explanation {
                criterion: "A.d colours".into(),
                text: format!(
                    "{}–{}: the colours should even out the distribution (A.d): the procedure gives {} white",
                    board.white, black, black
                ),
                recorded_is_better: false,
            };
        }
    }
    Explanation { criterion: "A.d".into(), text: "the boards differ".into(), recorded_is_better: false }
}
