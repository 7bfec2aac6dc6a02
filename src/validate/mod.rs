//! Cross-checks of a tournament as a whole: what no single record can show.
//!
//! Every played game must be recorded by both players with opposite colours and matching results,
//! every player number must exist, a round has at most one pairing-allocated bye, and each
//! player's Points column must equal the results under the declared point system. When the points
//! differ for a reason the file formats explain (the round to pair, acceleration, a half point for
//! a bye written without a result), the finding names that reason instead of calling it an error.

pub mod teams;

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::model::{
    ByeKind, EntryKind, Numbering, Player, PlayerId, Points, RequestedByeKind, ResultCode, RoundEntry, Tournament,
};

/// All cross-checks.
pub fn validate(tournament: &Tournament) -> Diagnostics {
    let team_mode = tournament.is_team_tournament();
    let mut v = Validator { t: tournament, index: tournament.player_index(), out: Diagnostics::new(), team_mode };
    v.numbering();
    v.team_code();
    v.games();
    v.pairing_allocated_byes();
    v.rounds_declared();
    v.references();
    v.requested_byes();
    v.teams();
    v.points();
    v.round_robin();
    if let Some((_, found)) = teams::team_results(tournament) {
        v.out.extend(found);
    }
    v.out.sort_by_line();
    v.out
}

struct Validator<'t> {
    t: &'t Tournament,
    index: BTreeMap<PlayerId, usize>,
    out: Diagnostics,
    /// A team tournament: the ids of 240, 250, 260 and 299 are team numbers.
    team_mode: bool,
}

impl Validator<'_> {
    fn line_of(&self, id: PlayerId) -> usize {
        self.t.origin.player_lines.get(&id).copied().unwrap_or(0)
    }

    fn at_player(&self, diagnostic: Diagnostic, id: PlayerId) -> Diagnostic {
        match self.t.origin.player_lines.get(&id) {
            Some(&line) => diagnostic.at(Span::new(line, 5, 9)),
            None => diagnostic,
        }
    }

    fn at_block(&self, diagnostic: Diagnostic, id: PlayerId, round: u32) -> Diagnostic {
        match self.t.origin.round_spans.get(&(id, round)) {
            Some(span) => diagnostic.at(span.clone()),
            None => self.at_player(diagnostic, id),
        }
    }

    /// A player whose record had an error (already reported), or one that may be the record that
    /// could not be read at all.
    fn damaged(&self, id: PlayerId) -> bool {
        self.t.origin.damaged.contains(&id) || (self.t.origin.incomplete && !self.index.contains_key(&id))
    }

    fn player(&self, id: PlayerId) -> Option<&Player> {
        self.index.get(&id).map(|&i| &self.t.players[i])
    }

    fn numbering(&mut self) {
        if self.t.numbering == Numbering::FinalPlaces {
            return;
        }
        let Some(&max) = self.index.keys().last() else { return };
        // Pairing numbers are unique here, so the count of missing ones is known without listing them.
        let missing_count = max as usize - self.index.len();
        if missing_count > 0 && !self.t.pair_by_rank {
            let shown: Vec<String> =
                (1..=max).filter(|id| !self.index.contains_key(id)).take(10).map(|id| id.to_string()).collect();
            let more = if missing_count > 10 { format!(" and {} more", missing_count - 10) } else { String::new() };
            self.out.push(
                Diagnostic::warning(
                    Code::NumberingGap,
                    format!("pairing numbers {}{more} are missing", shown.join(", ")),
                )
                .expected(format!("pairing numbers 1 to {max} without gaps"))
                .note("pairing orders players by pairing number; a gap is harmless if the player never existed"),
            );
        }
    }

    fn games(&mut self) {
        for player in &self.t.players {
            for round in 1..=player.rounds.len() as u32 {
                let entry = player.round(round);
                let Some(opponent_id) = entry.opponent else {
                    continue;
                };
                if self.damaged(player.id) || self.damaged(opponent_id) {
                    continue;
                }
                if opponent_id == player.id {
                    let d = Diagnostic::error(
                        Code::SelfPairing,
                        format!("round {round}: player {} is paired with himself", player.id),
                    )
                    .expected("another player's pairing number");
                    let d = self.at_block(d, player.id, round);
                    self.out.push(d);
                    continue;
                }
                let Some(opponent) = self.player(opponent_id) else {
                    let d = Diagnostic::error(
                        Code::UnknownPlayer,
                        format!("round {round}: opponent {opponent_id} of player {} has no 001 record", player.id),
                    )
                    .expected("the pairing number of a player in the file");
                    let d = self.at_block(d, player.id, round);
                    self.out.push(d);
                    continue;
                };
                let mirror = opponent.round(round);
                if let Some(problem) = mirror_problem(player.id, &entry, opponent_id, &mirror) {
                    // A symmetric disagreement is reported once, from the lower number.
                    if mirror.opponent == Some(player.id) && opponent_id < player.id {
                        continue;
                    }
                    let other_line = self.line_of(opponent_id);
                    let d = Diagnostic::error(Code::Unmirrored, format!("round {round}: {problem}")).expected(format!(
                        "player {opponent_id}'s record (line {other_line}) to show the same game from the other side"
                    ));
                    let d = self.at_block(d, player.id, round);
                    self.out.push(d);
                }
            }
        }
    }

    fn pairing_allocated_byes(&mut self) {
        if self.team_mode {
            // A team's PAB is written on all its boards: `teams::team_results` counts teams.
            return;
        }
        // The holders of each round's PAB, gathered player by player: linear in the entries,
        // where asking every player about every round would cost rounds × players.
        let mut holders_by_round: BTreeMap<u32, Vec<PlayerId>> = BTreeMap::new();
        for player in &self.t.players {
            for (index, entry) in player.rounds.iter().enumerate() {
                if entry.kind() == EntryKind::Bye(ByeKind::PairingAllocated) {
                    holders_by_round.entry(index as u32 + 1).or_default().push(player.id);
                }
            }
        }
        for (round, holders) in holders_by_round {
            // In a team tournament every board of the team with the PAB records it.
            let teams: BTreeSet<Option<u32>> = holders
                .iter()
                .map(|id| self.t.teams.iter().find(|t| t.members.contains(id)).map(|t| t.number))
                .collect();
            let one_team = !self.t.teams.is_empty() && teams.len() == 1 && !teams.contains(&None);
            if holders.len() > 1 && !one_team {
                let list: Vec<String> = holders.iter().map(u32::to_string).collect();
                let d = Diagnostic::error(
                    Code::SecondPab,
                    format!(
                        "round {round}: {} players have the pairing-allocated bye ({})",
                        holders.len(),
                        list.join(", ")
                    ),
                )
                .expected("at most one pairing-allocated bye (U) per round");
                let d = self.at_block(d, holders[1], round);
                self.out.push(d);
            }
        }
    }

    fn rounds_declared(&mut self) {
        let Some(declared) = self.t.header.rounds else {
            return;
        };
        let paired = self.t.rounds_paired();
        if paired > declared {
            let tag = ["142", "XXR", "TNR"].into_iter().find(|t| self.t.tag_line(t).is_some()).unwrap_or("142");
            let mut d = Diagnostic::error(
                Code::TooManyRounds,
                format!("{paired} rounds are paired, but record {tag} declares {declared}"),
            )
            .expected(format!("at most {declared} paired rounds"))
            .recoverable();
            if let Some(line) = self.t.tag_line(tag) {
                d = d.at(Span::new(line, 5, 9));
            }
            self.out.push(d);
        }
    }

    fn unknown(&mut self, id: PlayerId, record: &str, line: Option<usize>) {
        if self.damaged(id) {
            return;
        }
        let mut d =
            Diagnostic::error(Code::UnknownPlayer, format!("record {record} names player {id}, who has no 001 record"))
                .expected("the pairing number of a player in the file");
        if let Some(line) = line {
            d = d.at(Span::new(line, 1, 4));
        }
        self.out.push(d);
    }

    /// In a team tournament, a record that names a team number with no roster (310 or 013).
    fn unknown_team(&mut self, id: PlayerId, record: &str, line: Option<usize>) {
        let mut d = Diagnostic::error(
            Code::UnknownPlayer,
            format!("record {record} names team {id}, which has no 310 (or 013) record"),
        )
        .expected(format!("a team number: in a team tournament record {record} names teams, not players"));
        if let Some(line) = line {
            d = d.at(Span::new(line, 1, 4));
        }
        self.out.push(d);
    }

    fn references(&mut self) {
        let origin = &self.t.origin;
        let mut unknown = Vec::new();
        for (i, f) in self.t.forbidden_pairs.iter().enumerate() {
            unknown.extend(f.players.iter().map(|&id| (id, "260/XXP", origin.forbidden_lines.get(i).copied())));
        }
        for (i, a) in self.t.accelerations.iter().enumerate() {
            let line = origin.acceleration_lines.get(i).copied();
            if a.first_player > a.last_player || a.first_round > a.last_round {
                let mut d = Diagnostic::error(Code::BadField, "an acceleration range runs backwards")
                    .expected("first round ≤ last round and first player ≤ last player");
                if let Some(line) = line {
                    d = d.at(Span::new(line, 1, 4));
                }
                self.out.push(d);
            }
            if a.first_player == a.last_player || self.team_mode {
                unknown.push((a.first_player, "250/XXA", line));
            }
            if self.team_mode && a.last_player != a.first_player {
                unknown.push((a.last_player, "250/XXA", line));
            }
        }
        for (i, a) in self.t.abnormal_points.iter().enumerate() {
            unknown.extend(a.players.iter().map(|&id| (id, "299", origin.abnormal_lines.get(i).copied())));
        }
        if self.team_mode {
            // 250, 260 and 299 name teams (their TPNs), and 240 too (checked in `requested_byes`).
            let numbers: BTreeSet<u32> = self.t.teams.iter().map(|t| t.number).collect();
            for (id, record, line) in std::mem::take(&mut unknown) {
                if !numbers.contains(&id) {
                    self.unknown_team(id, record, line);
                }
            }
        }
        for (id, record, line) in unknown {
            if !self.index.contains_key(&id) {
                self.unknown(id, record, line);
            }
        }
        // A national rating record names its player in the 001 record's columns 5–8.
        for (i, rating) in self.t.national_ratings.iter().enumerate() {
            if !self.index.contains_key(&rating.player) && !self.damaged(rating.player) {
                let mut d = Diagnostic::error(
                    Code::UnknownPlayer,
                    format!(
                        "national rating record {} names player {}, who has no 001 record",
                        rating.federation, rating.player
                    ),
                )
                .expected("the pairing number of a player in the file");
                if let Some(&line) = origin.national_rating_lines.get(i) {
                    d = d.at(Span::new(line, 5, 9));
                }
                self.out.push(d);
            }
        }
    }

    fn requested_byes(&mut self) {
        let mut seen: BTreeMap<(PlayerId, u32), usize> = BTreeMap::new();
        for (i, bye) in self.t.requested_byes.iter().enumerate() {
            let line = self.t.origin.requested_bye_lines.get(i).copied();
            for &id in &bye.players {
                if self.team_mode {
                    // Team byes: `teams::team_results` checks them against the team's games.
                    if !self.t.teams.iter().any(|t| t.number == id) {
                        self.unknown_team(id, "240", line);
                    }
                    if let Some(first) = seen.insert((id, bye.round), line.unwrap_or(0)) {
                        let mut d = Diagnostic::warning(
                            Code::Duplicate,
                            format!(
                                "team {id} has a bye request for round {} again (first at line {first})",
                                bye.round
                            ),
                        )
                        .expected("one bye request per team and round");
                        if let Some(line) = line {
                            d = d.at(Span::new(line, 1, 4));
                        }
                        self.out.push(d);
                    }
                    continue;
                }
                let Some(player) = self.player(id) else {
                    self.unknown(id, "240/XXZ", line);
                    continue;
                };
                let entry = player.round(bye.round);
                let agrees = matches!(
                    (bye.kind, entry.kind()),
                    (_, EntryKind::NotRecorded)
                        | (RequestedByeKind::Full, EntryKind::Bye(ByeKind::FullPoint | ByeKind::LegacyWin))
                        | (RequestedByeKind::Half, EntryKind::Bye(ByeKind::HalfPoint))
                        | (RequestedByeKind::Zero, EntryKind::Bye(ByeKind::ZeroPoint))
                );
                if !agrees {
                    let mut d = Diagnostic::error(
                        Code::ByeConflict,
                        format!(
                            "a {} bye is requested for player {id} in round {}, whose record there shows `{}`",
                            bye.kind.trf_char(),
                            bye.round,
                            block_text(&entry)
                        ),
                    )
                    .expected(format!(
                        "`0000 - {}` or a blank block in round {}",
                        bye.kind.trf_char(),
                        bye.round
                    ));
                    if let Some(line) = line {
                        d = d.at(Span::new(line, 1, 4));
                    }
                    self.out.push(d);
                }
                if let Some(first) = seen.insert((id, bye.round), line.unwrap_or(0)) {
                    let mut d = Diagnostic::warning(
                        Code::Duplicate,
                        format!("player {id} has a bye request for round {} again (first at line {first})", bye.round),
                    )
                    .expected("one bye request per player and round");
                    if let Some(line) = line {
                        d = d.at(Span::new(line, 1, 4));
                    }
                    self.out.push(d);
                }
            }
        }
    }

    /// A `FIDE_TEAM…` code must follow the code grammar (`model::team`).
    fn team_code(&mut self) {
        let Some(code) = &self.t.header.system_code else { return };
        if let Some(Err(error)) = crate::model::TeamSystemCode::parse(code) {
            let mut d = Diagnostic::error(Code::BadField, format!("record 192: `{}`: {error}", code.trim()))
                .expected("FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP[_MP|_GP]][_BAKU]");
            if let Some(line) = self.t.tag_line("192") {
                d = d.at(Span::new(line, 5, 5 + code.chars().count()));
            }
            self.out.push(d);
        }
    }

    fn teams(&mut self) {
        let mut numbers: BTreeMap<u32, usize> = BTreeMap::new();
        for (i, team) in self.t.teams.iter().enumerate() {
            let line = self.t.origin.team_lines.get(i).copied();
            if let Some(first) = numbers.insert(team.number, line.unwrap_or(0)) {
                let mut d = Diagnostic::error(
                    Code::TeamMembership,
                    format!("team number {} again (first at line {first})", team.number),
                )
                .expected("one 310 record per team number");
                if let Some(line) = line {
                    d = d.at(Span::new(line, 5, 9));
                }
                self.out.push(d);
            }
        }
        let mut team_of: BTreeMap<PlayerId, u32> = BTreeMap::new();
        for (i, team) in self.t.teams.iter().enumerate() {
            let line = self.t.origin.team_lines.get(i).copied();
            for &member in &team.members {
                if !self.index.contains_key(&member) {
                    self.unknown(member, "310/013", line);
                }
                if let Some(other) = team_of.insert(member, team.number) {
                    let where_ =
                        if other == team.number { "twice in team".to_owned() } else { format!("in teams {other} and") };
                    let mut d =
                        Diagnostic::error(Code::TeamMembership, format!("player {member} is {where_} {}", team.number))
                            .expected("each player in one team, once");
                    if let Some(line) = line {
                        d = d.at(Span::new(line, 1, 4));
                    }
                    self.out.push(d);
                }
            }
        }
    }

    /// A complete round robin: every two players paired the same number of times (played or
    /// forfeited). Said as a note, `round-robin`: most draughts crosstables are round robins, whose
    /// rounds follow a schedule (such as Berger's tables), not a Swiss system's pairing, so a Swiss
    /// check of them compares the record with pairings nobody meant to make. (A small Swiss can
    /// complete a round robin too: 9 players in 9 rounds on lichess; the note says what happened,
    /// and the user knows which it was.)
    fn round_robin(&mut self) {
        let n = self.t.players.len();
        let Some(times) = self.t.round_robin() else { return };
        let (how_often, kind) = match times {
            1 => ("once".to_owned(), "a round robin".to_owned()),
            2 => ("twice".to_owned(), "a double round robin".to_owned()),
            k => (format!("{k} times"), format!("a {k}-fold round robin")),
        };
        let rounds = self.t.rounds_paired();
        let mut d = Diagnostic::note_level(
            Code::RoundRobin,
            format!("every two of the {n} players were paired {how_often} in rounds 1–{rounds}: {kind}"),
        )
        .note(
            "when the rounds followed a round-robin schedule (such as Berger's tables) and not a Swiss \
             system's pairing, a Swiss check does not apply: `check` still pairs each round under the \
             system it is given, but a round that differs then says nothing about the schedule",
        );
        if let Some(&line) = self.t.origin.record_lines.get("header") {
            d = d.at(Span::new(line, 1, 2));
        }
        self.out.push(d);
    }

    fn points(&mut self) {
        let system = &self.t.point_system;
        let paired = self.t.rounds_paired();
        for player in &self.t.players {
            let Some(declared) = player.points.filter(|_| !self.damaged(player.id)) else {
                continue;
            };
            let computed = self.t.score_from_results(player);
            if computed == declared {
                continue;
            }
            let difference = declared - computed;
            let reason = self.benign_reason(player, difference, paired);
            let system_text = describe_system(system);
            match reason {
                Some((severity_warning, reason)) => {
                    let message = format!(
                        "player {}: Points {declared} differ from the results ({computed}); {reason}",
                        player.id
                    );
                    let d = if severity_warning {
                        Diagnostic::warning(Code::PointsExplained, message)
                    } else {
                        Diagnostic::note_level(Code::PointsExplained, message)
                    };
                    let d = d.expected(format!("{computed} under {system_text}"));
                    let d = self.at_points(d, player.id);
                    self.out.push(d);
                }
                None => {
                    let d = Diagnostic::error(
                        Code::PointsMismatch,
                        format!("player {}: Points {declared}, but the results give {computed}", player.id),
                    )
                    .expected(format!("{computed} under {system_text}"))
                    .note("a player's points must be the sum of the results; TRF 299 records declare other points")
                    .recoverable();
                    let d = self.at_points(d, player.id);
                    self.out.push(d);
                }
            }
        }
    }

    fn at_points(&self, d: Diagnostic, id: PlayerId) -> Diagnostic {
        match self.t.origin.points_spans.get(&id) {
            Some(span) => d.at(span.clone()),
            None => self.at_player(d, id),
        }
    }

    /// The reason the file formats give for a difference between Points and the results, if any.
    /// `true` marks reasons that still deserve a warning.
    fn benign_reason(&self, player: &Player, difference: Points, paired: u32) -> Option<(bool, String)> {
        let system = &self.t.point_system;
        // The round to pair: JaVaFo counts its byes in Points, bbpPairings does not.
        let pending: Points = player.rounds.iter().skip(paired as usize).map(|e| e.points(system)).sum();
        if !pending.is_zero() && difference == -pending {
            return Some((
                false,
                format!("Points leave out the {pending} of the bye already set for round {}", paired + 1),
            ));
        }
        let requested: Points = self
            .t
            .requested_byes
            .iter()
            .filter(|b| !self.team_mode && b.round > paired && b.players.contains(&player.id))
            .map(|b| match b.kind {
                RequestedByeKind::Full => system.full_point_bye,
                RequestedByeKind::Half => system.half_point_bye,
                RequestedByeKind::Zero => system.zero_point_bye,
            })
            .sum();
        if !requested.is_zero() && difference == requested {
            return Some((
                false,
                format!("Points include the {requested} of a bye requested for round {}", paired + 1),
            ));
        }
        // Acceleration: some programs write the fictitious points into the Points column.
        for round in [paired + 1, paired] {
            let accelerated: Points = self
                .t
                .accelerations
                .iter()
                .filter(|a| !self.team_mode && a.applies(player.id, round))
                .map(|a| a.game_points)
                .sum();
            if !accelerated.is_zero() && difference == accelerated {
                return Some((
                    false,
                    format!("Points include {accelerated} fictitious points of acceleration (round {round})"),
                ));
            }
        }
        // Some exports (SwissPerfect, Vega) write a bye with no result letter, but count it in
        // Points: half a point for a requested bye, a full point for the pairing bye.
        let unmarked: Vec<u32> = (1..=paired)
            .filter(|&r| {
                let entry = player.round(r);
                entry.opponent.is_none() && entry.result == ResultCode::Blank
            })
            .collect();
        let (half, pab) = (system.half_point_bye, system.pab());
        // The fewest pairing-allocated byes, then the fewest half-point ones, that make up the
        // difference. For each number of the first, the second is found by division, not by
        // trying every count: a line of thousands of such rounds must not take quadratic time.
        for full in 0..=unmarked.len() {
            let rest = difference - pab.times(full as i64);
            let halves = if half.is_zero() {
                if rest.is_zero() { 0 } else { continue }
            } else if rest.tenths() % half.tenths() == 0 && rest.tenths() / half.tenths() >= 0 {
                (rest.tenths() / half.tenths()) as usize
            } else {
                continue;
            };
            if full + halves == 0 || halves > unmarked.len() - full {
                continue;
            }
            let rounds: Vec<String> = unmarked.iter().map(u32::to_string).collect();
            let counted = match (halves, full) {
                (h, 0) => format!("{h} as half-point byes"),
                (0, f) => format!("{f} as pairing-allocated byes"),
                (h, f) => format!("{h} as half-point and {f} as pairing-allocated byes"),
            };
            return Some((
                true,
                format!(
                    "Points count rounds written without a result letter (rounds {}), {counted}, \
                     as SwissPerfect and Vega exports do",
                    rounds.join(", ")
                ),
            ));
        }
        None
    }
}

/// What is wrong between a player's record of a game and the opponent's record of the same round.
fn mirror_problem(id: PlayerId, entry: &RoundEntry, opponent: PlayerId, mirror: &RoundEntry) -> Option<String> {
    if mirror.opponent != Some(id) {
        let theirs = match mirror.opponent {
            Some(other) => format!("a game against {other}"),
            None if mirror.is_blank() => "nothing".to_owned(),
            None => format!("`{}`", block_text(mirror)),
        };
        return Some(format!("player {id} records a game against {opponent}, but player {opponent} records {theirs}"));
    }
    let forfeit = |e: &RoundEntry| matches!(e.result, ResultCode::ForfeitWin | ResultCode::ForfeitLoss);
    if let (Some(a), Some(b)) = (entry.colour, mirror.colour)
        && a == b
    {
        return Some(format!("players {id} and {opponent} both have {}", a.name()));
    }
    let both_played = !forfeit(entry) && !forfeit(mirror);
    if both_played && (entry.colour.is_none() || mirror.colour.is_none()) {
        return Some(format!("the game between {id} and {opponent} has a colour on one side only"));
    }
    use ResultCode::*;
    let compatible = matches!(
        (entry.result, mirror.result),
        (Win, Loss)
            | (Loss, Win)
            | (Draw, Draw)
            | (WinUnrated, LossUnrated)
            | (LossUnrated, WinUnrated)
            | (DrawUnrated, DrawUnrated)
            | (ForfeitWin, ForfeitLoss)
            | (ForfeitLoss, ForfeitWin)
            | (ForfeitLoss, ForfeitLoss)
            | (Blank, Blank)
    );
    if !compatible {
        return Some(format!(
            "player {id} records `{}` against {opponent}, who records `{}`",
            entry.result.trf_char(),
            mirror.result.trf_char()
        ));
    }
    None
}

/// A round block as TRF writes it, for messages.
fn block_text(entry: &RoundEntry) -> String {
    let opponent = entry.opponent.map_or("0000".to_owned(), |o| format!("{o:>4}"));
    let colour = entry.colour.map_or('-', |c| c.trf_char());
    format!("{opponent} {colour} {}", entry.result.trf_char()).trim().to_owned()
}

fn describe_system(system: &crate::model::PointSystem) -> String {
    if system.is_fide_default() {
        "the FIDE point system (1, ½, 0)".to_owned()
    } else {
        format!(
            "the declared point system (win {}, draw {}, loss {}, PAB {})",
            system.white_win,
            system.white_draw,
            system.white_loss,
            system.pab()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::source::{Encoding, SourceText};

    fn check(text: &str) -> Diagnostics {
        let (t, d) = crate::formats::trf::read(&SourceText::new(text.to_owned(), Encoding::Utf8));
        assert!(!d.has_errors(), "{d:?}");
        validate(&t)
    }

    /// A 001 record: columns 1–91 as TRF lays them out, then the round blocks.
    fn player(id: u32, points: &str, blocks: &str) -> String {
        let name = format!("Player {id}");
        format!("001 {id:>4}      {name:<33} 2000 {:<3} {:>11} {:<10} {points:>4} {:>4}  {blocks}\n", "", "", "", "")
    }

    #[test]
    fn a_consistent_tournament_has_no_findings() {
        let text = player(1, "1.5", "   2 w 1     3 b =")
            + &player(2, "0.5", "   1 b 0  0000 - H")
            + &player(3, "1.5", "0000 - U     1 w =");
        assert!(check(&text).is_empty());
    }

    #[test]
    fn unmirrored_games_are_found() {
        let same_colour = player(1, "1.0", "   2 w 1") + &player(2, "0.0", "   1 w 0");
        let d = check(&same_colour);
        assert_eq!(d.iter().filter(|d| d.code == Code::Unmirrored).count(), 1, "{d:?}");
        let wrong_result = player(1, "1.0", "   2 w 1") + &player(2, "1.0", "   1 b 1");
        assert!(check(&wrong_result).iter().any(|d| d.code == Code::Unmirrored));
        let one_sided = player(1, "1.0", "   2 w 1") + &player(2, "0.0", "0000 - Z");
        assert!(check(&one_sided).iter().any(|d| d.code == Code::Unmirrored));
        let double_forfeit = player(1, "0.0", "   2 w -") + &player(2, "0.0", "   1 b -");
        assert!(check(&double_forfeit).is_empty());
    }

    #[test]
    fn second_pab_and_self_pairing() {
        let d = check(&(player(1, "1.0", "0000 - U") + &player(2, "1.0", "0000 - U")));
        assert!(d.iter().any(|d| d.code == Code::SecondPab));
        let d = check(&player(1, "1.0", "   1 w 1"));
        assert!(d.iter().any(|d| d.code == Code::SelfPairing));
    }

    #[test]
    fn points_differences_name_their_reason() {
        let wrong = player(1, "2.0", "   2 w 1") + &player(2, "0.0", "   1 b 0");
        assert!(check(&wrong).iter().any(|d| d.code == Code::PointsMismatch));
        // bbpPairings style: Points leave out the half point of the round-to-pair bye.
        let pending = player(1, "1.0", "   2 w 1  0000 - H") + &player(2, "0.0", "   1 b 0");
        let d = check(&pending);
        assert!(d.iter().all(|d| d.code == Code::PointsExplained), "{d:?}");
        // SwissPerfect style: a bye without a result letter counted as half a point.
        let swissperfect = player(1, "2.0", &["   2 w 1  ", "0000 -    ", "   3 b =  "].concat())
            + &player(2, "0.0", "   1 b 0")
            + &player(3, "0.5", &["          ", "          ", "   1 w =  "].concat());
        let d = check(&swissperfect);
        assert!(d.iter().any(|d| d.code == Code::PointsExplained), "{d:?}");
        assert!(!d.has_errors(), "{d:?}");
    }
}
