//! Why a recorded round differs from the FMJD procedure, in the annex's terms.

use crate::model::{EntryKind, PlayerId};
use crate::state::RoundState;
use crate::systems::outcome::Explanation;
use crate::systems::pairing::RoundPairing;

use super::engine::Trace;
use super::engine::accelerated;
use super::player::{FmjdPlayer, colour_problem, players};
use super::{Options, Variant};
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

/// The numbered readings of docs/fmjd.md by a short title, for the explanations' details (a
/// reading is named by its title; the document has the reasoning).
fn reading_title(reading: u8) -> &'static str {
    match reading {
        1 => "the next lower player mends a pair",
        2 => "fewest players moved down",
        3 => "the dummy meets the last player",
        4 => "round-1 bye counts zero",
        5 => "pending games as draws",
        6 => "a float is by the opponent's score",
        7 => "Solkoff over the board only",
        8 => "KNDB round 1: higher player white",
        9 => "ties by pairing number",
        11 => "round-1 colour of the highest rated",
        12 => "round-1 schema for equal colours",
        _ => "",
    }
}

/// Readings of `trace` (and those the state shows) that concern any of `involved`, in order.
fn readings_for(
    state: &RoundState,
    variant: Variant,
    players: &[FmjdPlayer],
    trace: &[Trace],
    involved: &[PlayerId],
) -> Vec<u8> {
    let mut out: Vec<u8> =
        trace.iter().filter(|t| t.players.iter().any(|p| involved.contains(p))).map(|t| t.reading).collect();
    for &id in involved {
        let Some(past) = state.histories.get(&id) else { continue };
        let bye = |r: &crate::state::PastRound| crate::systems::common::bye::is_pab(r.kind);
        if state.round == 2 && past.first().is_some_and(bye) {
            out.push(4);
        }
        if past.iter().any(|r| matches!(r.kind, EntryKind::Pending { .. })) {
            out.push(5);
        }
        let unplayed = |r: &crate::state::PastRound| matches!(r.kind, EntryKind::Forfeit { .. }) || bye(r);
        if !variant.by_rating() && past.iter().any(unplayed) {
            out.push(7);
        }
    }
    // Reading 9: a tie the pairing number broke, among the players involved.
    let tied = super::numbers::tied_blocks(players, variant)
        .into_iter()
        .any(|block| block.into_iter().any(|i| involved.contains(&players[i].id)));
    if tied && state.round > 1 {
        out.push(9);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The details line naming the readings a verdict rests on, or nothing.
fn rests_on(readings: &[u8]) -> String {
    if readings.is_empty() {
        return String::new();
    }
    let listed: Vec<String> = readings.iter().map(|&r| format!("{} ({r})", reading_title(r))).collect();
    format!("\nthis rests on the readings of docs/fmjd.md: {}", listed.join("; "))
}

/// The place of `id` among `group` (0-based) and the group's size.
fn place(group: &[&FmjdPlayer], id: PlayerId) -> Option<usize> {
    group.iter().position(|p| p.id == id)
}

/// Says, in the annex's terms, what the procedure does with `p` and what the record does instead:
/// who should have floated (5a/5b, section 8), which half pairing is broken (4a, 4b), or how a
/// moved-down player is placed (6a, 6b).
fn pairing_text(
    variant: Variant,
    players: &[FmjdPlayer],
    computed: &RoundPairing,
    recorded: &RoundPairing,
    p: &FmjdPlayer,
    first_round: bool,
) -> String {
    let find = |id: PlayerId| players.iter().find(|q| !q.dummy && q.id == id);
    let ours = opponent(computed, p.id).flatten().and_then(find);
    let theirs = opponent(recorded, p.id).flatten().and_then(find);
    let name = |o: Option<&FmjdPlayer>, bye: bool| match o {
        Some(q) => describe(q, variant),
        None if bye => "the bye (the dummy of 4.1)".to_owned(),
        None => "no pairing".to_owned(),
    };
    let ours_name = name(ours, opponent(computed, p.id).is_some());
    let theirs_name = name(theirs, opponent(recorded, p.id).is_some());
    let group: Vec<&FmjdPlayer> = players.iter().filter(|q| !q.dummy && q.score == p.score).collect();
    let (odd_rule, half_rule, moved_rule) = if variant.folds() && first_round {
        ("5a: the highest of an odd group", "5.3: round 1 pairs 1–2, 3–4", "6b: a moved-down player meets the lowest")
    } else if variant.folds() {
        ("5a: the highest of an odd group", "4b: highest against lowest", "6b: a moved-down player meets the lowest")
    } else {
        ("5b: the lowest of an odd group", "4a: A1–B1, A2–B2", "6a: a moved-down player meets the highest")
    };
    let floats = |q: Option<&FmjdPlayer>| q.is_some_and(|q| q.score != p.score);
    let passed_over: Vec<String> =
        group.iter().filter(|q| q.downfloated_last && q.id != p.id).map(|q| q.id.to_string()).collect();
    let section8 = if passed_over.is_empty() {
        String::new()
    } else {
        format!(" (section 8 passes over {}, who floated down last round)", passed_over.join(", "))
    };
    let lead = format!(
        "{} is {} of {} in the {}-point group",
        describe(p, variant),
        ordinal(&group, p.id),
        group.len(),
        p.score
    );
    // The first line names the rule and the players by number; the details line has their points,
    // ratings or Solkoff, and the place in the group.
    let short = |o: Option<&FmjdPlayer>, bye: bool| match o {
        Some(q) => q.id.to_string(),
        None if bye => "the bye".to_owned(),
        None => "no one".to_owned(),
    };
    let ours_short = short(ours, opponent(computed, p.id).is_some());
    let theirs_short = short(theirs, opponent(recorded, p.id).is_some());
    let numbers = format!("{lead}; the procedure's opponent {ours_name}, the record's {theirs_name}");
    let rule = |text: &str| text.split(':').next().unwrap_or_default().to_owned();
    match (floats(ours), floats(theirs)) {
        (true, false) if ours.is_some_and(|o| o.score < p.score) => format!(
            "{}: {p} should have floated down to meet {ours_short}; the record pairs him within his group with \
             {theirs_short}\n{numbers}; {odd_rule} moves down{section8}",
            rule(odd_rule),
            p = p.id
        ),
        (true, false) => format!(
            "{}: a player moved down from above should have met {p}: {ours_short}; the record pairs him within his \
             group with {theirs_short}\n{numbers}; {moved_rule} of the group",
            rule(moved_rule),
            p = p.id
        ),
        (false, true) => format!(
            "{}: the procedure pairs {p} within his group with {ours_short}; the record floats him to \
             {theirs_short}, so another player should have floated\n{numbers}; {odd_rule} moves down{section8}",
            rule(odd_rule),
            p = p.id
        ),
        (true, true) => format!(
            "{}: {p} floats in both, and a moved-down player meets {ours_short}, not {theirs_short} as the record \
             has it\n{numbers}; {moved_rule} of the group",
            rule(moved_rule),
            p = p.id
        ),
        (false, false) => {
            // Both within the group: the half pairing among those of the group who stay in it.
            let stays: Vec<&FmjdPlayer> = group
                .iter()
                .copied()
                .filter(|q| opponent(computed, q.id).flatten().and_then(find).is_some_and(|o| o.score == q.score))
                .collect();
            let half = stays.len() / 2;
            let label = |id: PlayerId| {
                place(&stays, id).map_or_else(
                    || "a player moved down".to_owned(),
                    |i| {
                        if variant.folds() {
                            format!("no. {} of {}", i + 1, stays.len())
                        } else if i < half {
                            format!("A{}", i + 1)
                        } else {
                            format!("B{}", i + 1 - half)
                        }
                    },
                )
            };
            format!(
                "{}: the record breaks the half pairing: {} ({}) meets {ours_short} ({}), the record {theirs_short} \
                 ({})\n{numbers}; {half_rule}, the next player when a pair may not meet, A.d",
                rule(half_rule),
                p.id,
                label(p.id),
                ours.map_or_else(String::new, |o| label(o.id)),
                theirs.map_or_else(String::new, |o| label(o.id)),
            )
        }
    }
}

fn ordinal(group: &[&FmjdPlayer], id: PlayerId) -> String {
    place(group, id).map_or_else(|| "-".to_owned(), |i| format!("no. {}", i + 1))
}

/// The colour rule that gives `white` white against `black` (A.d; A.b, B.b, 5.3 for equal
/// histories), its criterion, and whether it rests on reading 12.
fn colour_rule(state: &RoundState, variant: Variant, white: &FmjdPlayer, black: &FmjdPlayer) -> (String, String, bool) {
    let balance = |p: &FmjdPlayer| p.balance();
    if balance(white) != balance(black) {
        return (
            "A.d colours".into(),
            format!(
                "A.d, an even distribution of colours: {} has balance {:+} (whites − blacks) and {} {:+}, so {} has white",
                white.id,
                balance(white),
                black.id,
                balance(black),
                white.id
            ),
            false,
        );
    }
    let back = white.colours.iter().rev().zip(black.colours.iter().rev()).position(|(a, b)| a != b);
    if let Some(back) = back {
        let round = white.colours.len() - back;
        return (
            "A.d colours".into(),
            format!(
                "A.d, an even distribution of colours: equal balances; in the last game where their colours differed \
                 (their game {round}) {} had black, so {} has white now",
                white.id, white.id
            ),
            false,
        );
    }
    let schema = match variant {
        Variant::Rating => "A.b (A1 the drawn colour, then alternating: B2–A2, A3–B3, …)",
        Variant::FmjdSolkoff => "B.b (all of group A white)",
        Variant::KndbSolkoff => "5.3 with reading 8 (the higher player white)",
    };
    let criterion = match variant {
        Variant::Rating => "A.b",
        Variant::FmjdSolkoff => "B.b",
        Variant::KndbSolkoff => "5.3",
    };
    (
        criterion.into(),
        format!("equal colour histories: the round-1 schema of {schema} gives {} white", white.id),
        state.round > 1,
    )
}

/// The first rule the recorded round departs from: section 1 (a second meeting), 4.1 (a second
/// bye), the pairing procedure (A.c, A.d, 4a, 5b, 6a) at the first player in the round's order whose
/// opponent differs, or the colours of A.d; then the readings the verdict rests on.
pub(crate) fn explain(
    state: &RoundState,
    variant: Variant,
    computed: &RoundPairing,
    recorded: &RoundPairing,
) -> Explanation {
    let players = players(state, variant);
    let options = super::Options { variant, ..super::Options::default() };
    let trace = super::engine::pair_ordered(state, &options, &players, state.initial_colour)
        .map(|(_, t)| t)
        .unwrap_or_default();
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
        let involved: Vec<PlayerId> = [Some(p.id), ours.flatten(), theirs.flatten()].into_iter().flatten().collect();
        let readings = readings_for(state, variant, &players, &trace, &involved);
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
                "{}\nin {}{}{}",
                pairing_text(variant, &players, computed, recorded, p, state.round == 1),
                procedure(variant),
                option_note(state, &options),
                rests_on(&readings)
            ),
            recorded_is_better: false,
        };
    }
    // Same pairs: the colours differ.
    for board in &recorded.boards {
        let Some(black) = board.black else { continue };
        if computed.boards.iter().any(|b| b.white == black && b.black == Some(board.white)) {
            let (Some(w), Some(b)) = (find(black), find(board.white)) else { continue };
            let (criterion, rule, schema) = colour_rule(state, variant, w, b);
            let mut readings = Vec::new();
            if schema {
                readings.push(12);
            }
            return Explanation {
                criterion,
                text: format!(
                    "{}–{}: the colours should even out the distribution (A.d); the record gives {} white\n{rule}{}",
                    board.white,
                    black,
                    board.white,
                    rests_on(&readings)
                ),
                recorded_is_better: false,
            };
        }
    }
    Explanation { criterion: "A.d".into(), text: "the boards differ".into(), recorded_is_better: false }
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
                    c = colour.name()
                ),
            )
        }
        _ => {
            let colour = super::player::due(p).map_or("a colour", Colour::name);
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
        let Ok(pairing) = super::engine::pair(&other, &Options::declared(variant, &options)) else { continue };
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
