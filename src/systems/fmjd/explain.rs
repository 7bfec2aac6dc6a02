//! Why a recorded round differs from the FMJD procedure, in the annex's terms.

use crate::model::PlayerId;
use crate::state::RoundState;
use crate::systems::Explanation;
use crate::systems::pairing::RoundPairing;

use super::{FmjdPlayer, Options, Variant, accelerated, colour_problem, players};
use crate::model::{AccelerationMethod, Colour, ColourPreference};

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
        let options = Options::declared(variant, &state.draughts);
        if let Some(option) = option_broken(state, &options, p, theirs.flatten().and_then(find)) {
            return option;
        }
        if let Some(option) = another_option_pairs_it(state, variant, recorded) {
            return option;
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
                "{}: {}{} gives {}, the record {}",
                describe(p, variant),
                procedure(variant),
                option_note(state, &options),
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

fn colour_name(c: Colour) -> &'static str {
    if c == Colour::White { "white" } else { "black" }
}

/// The organiser's option the record's pair for `p` breaks, when it is a colour preference (7b,
/// 7c and A.d): the pair the record made is one the option mends.
fn option_broken(state: &RoundState, options: &Options, p: &FmjdPlayer, q: Option<&FmjdPlayer>) -> Option<Explanation> {
    let q = q?;
    if state.round < 2 || !colour_problem(options.colours, p, q) {
        return None;
    }
    let (criterion, text) = match options.colours {
        ColourPreference::Weak => {
            let colour = if p.balance() > 0 { Colour::White } else { Colour::Black };
            (
                "7b",
                format!(
                    "7b weak colour preference: {} and {} have both played two more games with {c}, so one of them                      would get {c} again; A.d pairs the higher player with a next player of the lower group against                      whom both colours can be correct",
                    p.id,
                    q.id,
                    c = colour_name(colour)
                ),
            )
        }
        _ => {
            let colour = super::due(p).map_or("a colour", colour_name);
            (
                "7c",
                format!(
                    "7c strong colour preference: {} and {} are both due {colour}; the group is divided into players                      due white and due black, who meet first (A.d)",
                    p.id, q.id
                ),
            )
        }
    };
    Some(Explanation { criterion: criterion.into(), text, recorded_is_better: false })
}

/// What the options change in the procedure's description: floats off, acceleration.
fn option_note(state: &RoundState, options: &Options) -> String {
    let mut note = String::new();
    if !options.floats {
        note += "; floats off (section 8 not applied)";
    }
    if accelerated(state, options) {
        note += match (options.acceleration, state.round) {
            (AccelerationMethod::Haley, 2) => {
                "; 6.2 Haley: groups 1 and 2 of round 1 have two extra points (a win's) for pairing"
            }
            (AccelerationMethod::FourGroups, r) if r > 1 => {
                "; 6.1: a score group whose first quarter is larger than the rounds still to play is divided in \
                 four, 1–2 and 3–4"
            }
            _ => "; 6.1 round 1: the players divided in four groups, 1 against 2 and 3 against 4",
        };
    }
    note
}

/// The games of a pairing without colours (a bye as the player against 0).
fn games(pairing: &RoundPairing) -> std::collections::BTreeSet<(PlayerId, PlayerId)> {
    pairing.boards.iter().map(|b| b.as_pair()).map(|[w, b]| (w.max(b), w.min(b))).collect()
}

/// When the record's games are exactly what the procedure gives under another value of one
/// option, that option is what the record breaks: the round was paired with floats off, another
/// colour preference (section 7) or another acceleration (section 6) than the tournament declares.
fn another_option_pairs_it(state: &RoundState, variant: Variant, recorded: &RoundPairing) -> Option<Explanation> {
    let declared = Options::declared(variant, &state.draughts);
    let wanted = games(recorded);
    let mut alternatives: Vec<(crate::model::DraughtsOptions, &str, String, String)> = Vec::new();
    let floats = !declared.floats;
    alternatives.push((
        crate::model::DraughtsOptions { floats: Some(floats), ..state.draughts },
        "8",
        format!("floats {}", if floats { "on" } else { "off" }),
        format!("floats {}", if declared.floats { "on" } else { "off" }),
    ));
    for colours in ColourPreference::ALL.into_iter().filter(|&c| c != declared.colours) {
        let rule = match colours {
            ColourPreference::None => "7a",
            ColourPreference::Weak => "7b",
            ColourPreference::Strong => "7c",
        };
        alternatives.push((
            crate::model::DraughtsOptions { colour_preference: Some(colours), ..state.draughts },
            rule,
            format!("colour preference {colours}"),
            format!("colour preference {}", declared.colours),
        ));
    }
    for acceleration in AccelerationMethod::ALL.into_iter().filter(|&a| a != declared.acceleration) {
        let rule = match acceleration {
            AccelerationMethod::None => "6",
            AccelerationMethod::FourGroups => "6.1",
            AccelerationMethod::Haley => "6.2",
        };
        alternatives.push((
            crate::model::DraughtsOptions { acceleration: Some(acceleration), ..state.draughts },
            rule,
            format!("acceleration {acceleration}"),
            format!("acceleration {}", declared.acceleration),
        ));
    }
    for (options, rule, theirs, ours) in alternatives {
        let mut other = state.clone();
        other.draughts = options;
        let Ok(pairing) = super::pair(&other, &Options::declared(variant, &options)) else { continue };
        if games(&pairing) == wanted {
            return Some(Explanation {
                criterion: rule.into(),
                text: format!(
                    "the record's games are the procedure's with {theirs} ({rule}), but the tournament is paired \
                     with {ours} (its XDO record, a flag, or the annex's preferred default)"
                ),
                recorded_is_better: false,
            });
        }
    }
    None
}
