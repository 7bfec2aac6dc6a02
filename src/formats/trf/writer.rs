//! Writes a [`Tournament`] as TRF-2026.
//!
//! Everything the model holds has a place: the standard records where TRF-2026 has one (162 for a
//! point system it can express, 240/250/260/299 for byes, accelerations, prohibited pairings and
//! abnormal points, 310 for teams), JaVaFo's XXS for a point system that scores white and black
//! differently, and trfcheck's own `XD?` records for draughts data TRF has no column for (`XDK`
//! for the game itself: TRF-2026 has no record for it, and its 192 codes name chess systems only).
//! Reading the output gives back the same model; the round-trip tests hold the writer to that.
//!
//! Lines end in CR LF: the TRF text asks for a CR at the end of each line, and every reader we
//! know (bbpPairings, JaVaFo, Swiss-Manager) also accepts the LF after it.

use std::fmt::Write as _;

use super::layout;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::{DateText, Numbering, Player, PointSystem, Points, RoundEntry, Tournament};

const EOL: &str = "\r\n";

/// The text of the file, and warnings for values that had to be shortened to fit their columns.
pub fn write(tournament: &Tournament) -> (String, Vec<Diagnostic>) {
    let mut writer = Writer { out: String::new(), warnings: Vec::new() };
    writer.tournament(tournament);
    (writer.out, writer.warnings)
}

struct Writer {
    out: String,
    warnings: Vec<Diagnostic>,
}

impl Writer {
    fn line(&mut self, text: &str) {
        self.out.push_str(text.trim_end());
        self.out.push_str(EOL);
    }

    fn text_record(&mut self, tag: &str, value: &Option<String>) {
        if let Some(value) = value {
            self.line(&format!("{tag} {value}"));
        }
    }

    /// A value cut to the width of its columns, with a warning when that loses text.
    fn fit(&mut self, value: &str, columns: layout::Columns, what: &str) -> String {
        let width = columns.last - columns.first + 1;
        if value.chars().count() <= width {
            return value.to_owned();
        }
        self.warnings.push(Diagnostic::warning(
            Code::Nonstandard,
            format!("{what} `{value}` is longer than columns {}–{} and was shortened", columns.first, columns.last),
        ));
        value.chars().take(width).collect()
    }

    /// A number or score for columns of `width`, right-aligned; a warning when it does not fit.
    fn cell(&mut self, text: String, width: usize, what: &str) -> String {
        if text.chars().count() > width {
            self.warnings.push(Diagnostic::warning(
                Code::Nonstandard,
                format!("{what} `{text}` does not fit its {width} columns"),
            ));
        }
        format!("{text:>width$}")
    }

    fn number(&mut self, n: impl std::fmt::Display, width: usize, what: &str) -> String {
        self.cell(n.to_string(), width, what)
    }

    fn opt_number(&mut self, n: Option<u32>, width: usize, what: &str) -> String {
        match n {
            Some(n) => self.number(n, width, what),
            None => " ".repeat(width),
        }
    }

    fn points(&mut self, p: Points, width: usize, what: &str) -> String {
        self.cell(points_text(p, width), width, what)
    }

    fn opt_points(&mut self, p: Option<Points>, width: usize, what: &str) -> String {
        match p {
            Some(p) => self.points(p, width, what),
            None => " ".repeat(width),
        }
    }

    fn tournament(&mut self, t: &Tournament) {
        self.header(t);
        self.extensions(t);
        for player in &t.players {
            self.player(player, t);
        }
        let unstated = t.players.iter().filter(|p| p.points.is_none()).count();
        if unstated > 0 {
            // Columns 81–84 are mandatory in TRF; a forum crosstable may print no totals.
            self.warnings.push(Diagnostic::warning(
                Code::Nonstandard,
                format!(
                    "{unstated} player{} had no points in the source; columns 81–84 hold the points of the results",
                    if unstated == 1 { "" } else { "s" }
                ),
            ));
        }
        for player in &t.players {
            self.draughts(player);
        }
        self.national_ratings(t);
        self.teams(t);
        self.round_records(t);
        self.team_records(t);
        for record in &t.verbatim {
            self.line(&record.text);
        }
    }

    /// The tournament section: 012 to 222.
    fn header(&mut self, t: &Tournament) {
        let h = &t.header;
        // 012 is mandatory in TRF (and makes even an empty tournament a TRF file).
        self.line(&format!("012 {}", h.name.as_deref().unwrap_or("")));
        self.text_record("022", &h.city);
        self.text_record("032", &h.federation);
        self.text_record("042", &h.start_date.as_ref().map(date_text));
        self.text_record("052", &h.end_date.as_ref().map(date_text));
        self.text_record("062", &h.number_of_players);
        self.text_record("072", &h.number_of_rated_players);
        self.text_record("082", &h.number_of_teams);
        self.text_record("092", &h.tournament_type);
        self.text_record("102", &h.chief_arbiter);
        for deputy in &h.deputy_arbiters {
            self.line(&format!("112 {deputy}"));
        }
        self.text_record("122", &h.time_control);
        if !h.round_dates.is_empty() {
            let mut line = format!("{:<91}", "132");
            for date in &h.round_dates {
                let text = match date {
                    Some(DateText::Date(date)) => date.short(),
                    Some(DateText::Text(text)) => text.clone(),
                    None => String::new(),
                };
                let _ = write!(line, "{text:<8}  ");
            }
            self.line(&line);
        }
        self.text_record("142", &h.rounds.map(|r| r.to_string()));
        self.text_record("152", &h.initial_colour.map(|c| if c.trf_char() == 'w' { "W" } else { "B" }.to_owned()));
        if t.point_system_declared {
            self.point_system(&t.point_system);
        }
        if let Some((federation, method)) = &h.starting_rank_method {
            self.line(&format!("172 {federation:<3} {method}"));
        }
        self.text_record("182", &h.pairing_controller);
        self.text_record("192", &h.system_code);
        self.text_record("202", &h.tie_breaks);
        self.text_record("212", &h.standings_tie_breaks);
        self.text_record("222", &h.encoded_time_control);
    }

    /// The records of the programs' extensions (XXC, ACC, XDK, XDN, XDT and the draughts options).
    fn extensions(&mut self, t: &Tournament) {
        if t.pair_by_rank {
            self.line("XXC rank");
        }
        if t.header.baku_acceleration_flag {
            self.line("ACC true");
        }
        if let Some(game) = t.game {
            self.line(&format!("XDK {}", game.record_word()));
        }
        if t.numbering == Numbering::FinalPlaces {
            self.line("XDN FINAL-PLACES");
        }
        if let Some(rule) = &t.unplayed_rule {
            let upper = |c: crate::model::UnplayedCount| c.name().to_ascii_uppercase();
            self.line(&format!(
                "XDT BYE={} FORFEIT={} ABSENT={}",
                upper(rule.bye),
                upper(rule.forfeit),
                upper(rule.absent)
            ));
        }
        if let Some(line) = draughts_options(&t.draughts_options) {
            self.line(&line);
        }
    }

    /// The national rating records (FED 4-digit).
    fn national_ratings(&mut self, t: &Tournament) {
        for rating in &t.national_ratings {
            let player = self.number(rating.player, 4, "player number");
            let value = self.opt_number(rating.rating, 4, "national rating");
            let line = format!(
                "{:<3} {player} {}{:>3} {:<33} {value} {:<3} {:>11} {:<10}",
                rating.federation,
                rating.sex.unwrap_or(' '),
                rating.class.as_deref().unwrap_or(""),
                rating.name.as_deref().unwrap_or(""),
                rating.origin.as_deref().unwrap_or(""),
                rating.national_id.as_deref().unwrap_or(""),
                rating.birth.as_deref().unwrap_or(""),
            );
            self.line(&line);
        }
    }

    /// The team records (310).
    fn teams(&mut self, t: &Tournament) {
        for team in &t.teams {
            let number = self.number(team.number, 3, "team number");
            let match_points = self.opt_points(team.match_points, 6, "match points");
            let game_points = self.opt_points(team.game_points, 6, "game points");
            let rank = self.opt_number(team.rank, 3, "team rank");
            let mut line = format!(
                "310 {number} {:<32} {:<5} {:>6} {match_points} {game_points} {rank}  ",
                team.name,
                team.nickname.as_deref().unwrap_or(""),
                team.strength.as_deref().unwrap_or(""),
            );
            for &member in &team.members {
                let member = self.number(member, 4, "player number");
                let _ = write!(line, "{member} ");
            }
            self.line(&line);
        }
    }

    /// The records about rounds: requested byes (240), accelerations (250), forbidden pairs (260),
    /// abnormal points (299).
    fn round_records(&mut self, t: &Tournament) {
        for bye in &t.requested_byes {
            let round = self.number(bye.round, 3, "round");
            let mut line = format!("240 {} {round} ", bye.kind.trf_char());
            for &player in &bye.players {
                let player = self.number(player, 4, "player number");
                let _ = write!(line, "{player} ");
            }
            self.line(&line);
        }
        for a in &t.accelerations {
            let match_points = self.opt_points(a.match_points, 4, "fictitious match points");
            let game_points = self.points(a.game_points, 4, "fictitious points");
            let first_round = self.number(a.first_round, 3, "round");
            let last_round = self.number(a.last_round, 3, "round");
            let first_player = self.number(a.first_player, 4, "player number");
            let last_player = self.number(a.last_player, 4, "player number");
            self.line(&format!(
                "250 {match_points} {game_points} {first_round} {last_round} {first_player} {last_player}"
            ));
        }
        for f in &t.forbidden_pairs {
            let first = self.opt_number(f.first_round, 3, "round");
            let last = self.opt_number(f.last_round, 3, "round");
            let mut line = format!("260 {first} {last} ");
            for &player in &f.players {
                let player = self.number(player, 4, "player number");
                let _ = write!(line, "{player} ");
            }
            self.line(&line);
        }
        for a in &t.abnormal_points {
            let match_points = self.opt_points(a.match_points, 4, "match points");
            let points = self.opt_points(a.points, 4, "points");
            let round = self.opt_number(a.round, 3, "round");
            let mut line = format!("299 {}  {match_points}  {points}  {round} ", a.kind.unwrap_or(' '));
            for &player in &a.players {
                let player = self.number(player, 4, "player number");
                let _ = write!(line, "{player} ");
            }
            self.line(&line);
        }
    }

    /// The team tournament records: lineups (300), the pairing-allocated bye (320), forfeited matches
    /// (330), board colours (352), match scoring (362).
    fn team_records(&mut self, t: &Tournament) {
        let records = &t.team_records;
        for lineup in &records.lineups {
            let round = self.number(lineup.round, 3, "round");
            let team = self.number(lineup.team, 3, "team number");
            let opponent = self.number(lineup.opponent, 3, "team number");
            let mut line = format!("300 {round} {team} {opponent} ");
            for board in &lineup.boards {
                let board = self.number(board.unwrap_or(0), 4, "player number");
                let _ = write!(line, "{board} ");
            }
            self.line(&line);
        }
        if let Some(pab) = &records.pab {
            let match_points = self.opt_points(pab.match_points, 4, "match points");
            let game_points = self.opt_points(pab.game_points, 4, "game points");
            let mut line = format!("320 {match_points} {game_points} ");
            for &team in &pab.teams {
                let team = self.opt_number(team, 3, "team number");
                let _ = write!(line, "{team} ");
            }
            self.line(&line);
        }
        for forfeit in &records.forfeits {
            let round = self.number(forfeit.round, 3, "round");
            let white = self.number(forfeit.white, 3, "team number");
            let black = self.number(forfeit.black, 3, "team number");
            self.line(&format!("330 {} {round} {white} {black}", forfeit.kind));
        }
        self.text_record("352", &records.board_colours);
        if let Some(s) = &records.scoring {
            // Read as code–value pairs, so any width will do.
            self.line(&format!("362 TW {}   TD {}   TL {}", s.win, s.draw, s.loss));
        }
    }

    fn point_system(&mut self, s: &PointSystem) {
        // TRF-2026 162 can say it when colours score alike, a forfeit win and a full-point bye are
        // worth a win, a half-point bye a draw, and an absence a forfeit loss.
        let fits = |p: &Points| points_text(*p, 4).len() <= 4;
        let expressible = s.is_colour_blind()
            && s.forfeit_win == s.white_win
            && s.full_point_bye == s.white_win
            && s.half_point_bye == s.white_draw
            && s.zero_point_bye == s.forfeit_loss
            && [s.white_win, s.white_draw, s.white_loss, s.zero_point_bye].iter().all(fits)
            && s.pairing_allocated_bye.iter().all(fits);
        // Record 162: pair i has its code in column 6+9i and its value in columns 7+9i to 10+9i.
        let mut pairs: Vec<(char, crate::model::Points)> = Vec::new();
        if expressible {
            pairs.extend([('W', s.white_win), ('D', s.white_draw), ('L', s.white_loss), ('A', s.zero_point_bye)]);
            if let Some(pab) = s.pairing_allocated_bye {
                pairs.push(('P', pab));
            }
        }
        if let Some(unknown) = s.unknown_result {
            pairs.push(('X', unknown));
        }
        if let Some(unknown) = s.unknown_result.filter(|u| !fits(u)) {
            self.warnings.push(Diagnostic::warning(
                Code::Nonstandard,
                format!("the points of an unknown result, {unknown}, do not fit record 162"),
            ));
        }
        if !pairs.is_empty() {
            let mut line = String::from("162 ");
            for (code, value) in pairs {
                let _ = write!(line, " {code}{:>4}   ", points_text(value, 4));
            }
            self.line(&line);
        }
        if !expressible {
            let mut xxs = format!(
                "XXS WW={} BW={} WD={} BD={} WL={} BL={} ZPB={} HPB={} FPB={} FW={} FL={}",
                s.white_win,
                s.black_win,
                s.white_draw,
                s.black_draw,
                s.white_loss,
                s.black_loss,
                s.zero_point_bye,
                s.half_point_bye,
                s.full_point_bye,
                s.forfeit_win,
                s.forfeit_loss
            );
            if let Some(pab) = s.pairing_allocated_bye {
                let _ = write!(xxs, " PAB={pab}");
            }
            self.line(&xxs);
        }
    }

    fn player(&mut self, p: &Player, t: &Tournament) {
        use layout::player::*;
        let title = p.title.as_deref().filter(|t| t.chars().count() <= 3).unwrap_or("");
        // A longer name (or one TRF cannot hold) goes whole into the XDP record.
        let name: String = p.name.chars().take(NAME.last - NAME.first + 1).collect();
        let federation = self.fit(p.federation.as_deref().unwrap_or(""), FEDERATION, "federation");
        let fide_id = self.fit(p.fide_id.as_deref().unwrap_or(""), FIDE_ID, "FIDE id");
        let birth = self.fit(p.birth.as_deref().unwrap_or(""), BIRTH, "birth date");
        let id = self.number(p.id, 4, "pairing number");
        let rating = self.opt_number(p.rating, 4, "rating");
        let points = self.points(p.points.unwrap_or_else(|| t.score_from_results(p)), 4, "points");
        let rank = self.opt_number(p.rank, 4, "rank");
        let mut line = format!(
            "001 {id} {}{:>3} {:<33} {rating} {:<3} {:>11} {:<10} {points} {rank}  ",
            p.sex.unwrap_or(' '),
            title,
            name,
            federation,
            fide_id,
            birth,
        );
        for entry in &p.rounds {
            if let Some(opponent) = entry.opponent {
                self.number(opponent, 4, "opponent");
            }
            line.push_str(&round_block(entry));
        }
        self.line(&line);
    }

    /// trfcheck's XDP record: what a player has that the 001 columns cannot hold.
    fn draughts(&mut self, p: &Player) {
        let long_title = p.title.as_deref().filter(|t| t.chars().count() > 3);
        let name_width = layout::player::NAME.last - layout::player::NAME.first + 1;
        let mut wanted: Vec<(String, &str)> = Vec::new();
        if p.name.chars().count() > name_width {
            wanted.push(("NAME".into(), &p.name));
        }
        let tie_breaks: Vec<(String, String)> = p
            .draughts
            .iter()
            .flat_map(|d| &d.reported_tie_breaks)
            .map(|(name, value)| (format!("TB:{name}"), value.to_string()))
            .collect();
        if let Some(d) = &p.draughts {
            if let Some(id) = &d.fmjd_id {
                wanted.push(("FMJDID".into(), id));
            }
            if let Some(list) = &d.rating_list {
                wanted.push(("RLIST".into(), list));
            }
        }
        wanted.extend(tie_breaks.iter().map(|(k, v)| (k.clone(), v.as_str())));
        if let Some(title) = long_title {
            wanted.push(("TITLE".into(), title));
        }
        let mut pairs = Vec::new();
        for (key, value) in wanted {
            match xdp_pair(&key, value) {
                Some(pair) => pairs.push(pair),
                None => self.warnings.push(Diagnostic::warning(
                    Code::Nonstandard,
                    format!("player {}: `{key}` = `{value}` cannot be written in an XDP record and was left out", p.id),
                )),
            }
        }
        if !pairs.is_empty() {
            let id = self.number(p.id, 4, "pairing number");
            self.line(&format!("XDP {id} {}", pairs.join(" ")));
        }
        if p.rounds.iter().any(|e| e.game_points.is_some()) {
            let id = self.number(p.id, 4, "pairing number");
            let mut line = format!("XDG {id} ");
            for entry in &p.rounds {
                let value = self.opt_points(entry.game_points, 4, "game points");
                let _ = write!(line, "{value} ");
            }
            self.line(&line);
        }
    }
}

/// `KEY=value` for an XDP record: the value quoted when it holds blanks. `None` when the record
/// cannot hold the pair (a key outside its grammar, or a value with a double quote).
fn xdp_pair(key: &str, value: &str) -> Option<String> {
    let key_ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
    if !key_ok || value.contains('"') {
        return None;
    }
    Some(if value.is_empty() || value.contains(char::is_whitespace) {
        format!("{key}=\"{value}\"")
    } else {
        format!("{key}={value}")
    })
}

/// One ten-column round block: opponent, colour, result.
fn round_block(entry: &RoundEntry) -> String {
    if entry.is_blank() {
        return " ".repeat(10);
    }
    let opponent = entry.opponent.map_or("0000".to_owned(), |o| format!("{o:>4}"));
    let colour = entry.colour.map_or('-', |c| c.trf_char());
    format!("{opponent} {colour} {}  ", entry.result.trf_char())
}

fn date_text(date: &DateText) -> String {
    match date {
        DateText::Date(date) => date.to_string(),
        DateText::Text(text) => text.clone(),
    }
}

/// A score as short as its columns need: `11.5`, or `101` for a whole score too wide for `101.0`.
fn points_text(p: Points, width: usize) -> String {
    let text = p.to_string();
    if text.len() > width && p.tenths() % 10 == 0 { (p.tenths() / 10).to_string() } else { text }
}

/// trfcheck's `XDO` record for the FMJD organiser's options said; `None` when none is.
pub fn draughts_options(options: &crate::model::DraughtsOptions) -> Option<String> {
    let mut pairs = Vec::new();
    if let Some(floats) = options.floats {
        pairs.push(format!("FLOATS={}", if floats { "ON" } else { "OFF" }));
    }
    if let Some(colours) = options.colour_preference {
        pairs.push(format!("COLOURS={}", colours.name().to_ascii_uppercase()));
    }
    if let Some(acceleration) = options.acceleration {
        pairs.push(format!("ACCELERATION={}", acceleration.name().to_ascii_uppercase()));
    }
    if let Some(bye) = options.bye_points {
        pairs.push(format!("BYE={bye}"));
    }
    (!pairs.is_empty()).then(|| format!("XDO {}", pairs.join(" ")))
}
