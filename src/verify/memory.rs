//! How many rounds are checked at once, by memory as well as by cores.
//!
//! A round of a large event is paired with a matcher whose weight table holds every pair of a
//! bracket list (a bracket and the next scoregroup): at 9,999 players a round holds up to half a
//! gigabyte, and one round per core in flight would take a machine's memory with its cores. So a
//! round starts only when its estimated memory ([`round_estimate`]) fits, beside the rounds in
//! flight, in a budget ([`detect_budget`]); a round alone may always start, and small ones always do.
//!
//! The gate is one for the whole process ([`RoundGate::global`]): the rounds of several files
//! checked at once (`check DIR`) draw on the same budget as the rounds of one file.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

use crate::model::{Points, Tournament};

/// The most a check keeps in flight by default, whatever the machine has. A check is a tool run
/// beside others (on a CI runner, on the arbiter's laptop), so by default it aims to stay within
/// 1 GiB: seven eighths for the rounds in flight, the rest for the file, the reports and the
/// error of the estimates. More memory buys wall time only on more cores, for events of
/// thousands of players; [`BUDGET_VARIABLE`] gives it (docs/performance.md, "Memory").
pub const DEFAULT_BUDGET_CAP: u64 = 896 << 20;

/// The share of the available memory a check may plan for: half, so that the estimates' error and
/// the rest of the machine have room.
const AVAILABLE_SHARE: u64 = 2;

/// A round estimated at no more than this share of the budget starts whatever is in flight, so
/// small rounds never wait for large ones.
const SMALL_SHARE: u64 = 64;

/// Bytes per pair of a bracket list's weight table: the weights of large rounds take 181–244 bits
/// with the matcher's headroom, four 64-bit limbs (docs/performance.md, "Memory").
const PAIR_BYTES: u64 = 32;

/// Bytes per player of a round beside the weight table: its state, the engine's players, the
/// matcher's per-vertex arrays (a 9,999-player round without a matcher peaks at 20 MB).
const PLAYER_BYTES: u64 = 2048;

/// The environment variable that sets the budget in bytes (`K`, `M` and `G` suffixes for binary
/// units), over the one [`detect_budget`] works out.
pub const BUDGET_VARIABLE: &str = "TRFCHECK_MEMORY_BUDGET";

/// The sizes of the groups of equal score among the players `round` pairs (their scores before
/// it), from the highest score down. A player takes part when the record pairs them: a game,
/// played, pending or forfeited, or the pairing-allocated bye (as the state of the round counts
/// them); byes asked for and absences are left out.
pub(super) fn scoregroups(tournament: &Tournament, round: u32) -> Vec<u64> {
    scoregroups_of_rounds(tournament, &[round]).pop().unwrap_or_default()
}

/// [`scoregroups`] of each of `rounds`, in that order, with each player's points of each round
/// read once (not once for every later round).
pub(super) fn scoregroups_of_rounds(tournament: &Tournament, rounds: &[u32]) -> Vec<Vec<u64>> {
    let last = rounds.iter().copied().max().unwrap_or(0);
    // Each player's score before each round up to the last: `before[r - 1]` before round `r`.
    let before: Vec<Vec<Points>> = tournament
        .players
        .iter()
        .map(|player| {
            let mut score = Points::ZERO;
            (1..=last)
                .map(|r| {
                    let now = score;
                    if r < last {
                        score += tournament.round_points(player, r);
                    }
                    now
                })
                .collect()
        })
        .collect();
    rounds
        .iter()
        .map(|&round| {
            let mut groups: std::collections::BTreeMap<Points, u64> = std::collections::BTreeMap::new();
            for (player, scores) in tournament.players.iter().zip(&before) {
                if player.round(round).kind().is_paired() {
                    let score = round.checked_sub(1).map_or(Points::ZERO, |r| scores[r as usize]);
                    *groups.entry(score).or_insert(0) += 1;
                }
            }
            groups.into_values().rev().collect()
        })
        .collect()
}

/// A guess at the memory, in bytes, that checking a round with these scoregroups takes: the
/// weight table of its largest bracket list, taken as a scoregroup and the next one (the Dutch
/// engines' lists; the moved-down players are left out), as a triangle of [`PAIR_BYTES`] per pair,
/// plus a bit per ordered pair of players (which pairs may meet) and [`PLAYER_BYTES`] per player.
/// At 9,999 players the estimates of rounds 2 to 5 are within 3% of the measured peaks; it
/// is too high for a first round that the engines pair without a matcher (everyone on zero).
pub fn round_estimate(groups: &[u64]) -> u64 {
    let players: u64 = groups.iter().sum();
    let list = groups.windows(2).map(|pair| pair[0] + pair[1]).chain(groups.first().copied()).max().unwrap_or(0);
    let table = PAIR_BYTES.saturating_mul(list.saturating_mul(list + 1) / 2);
    table.saturating_add(players.saturating_mul(players) / 8).saturating_add(PLAYER_BYTES.saturating_mul(players))
}

/// The budget for the rounds in flight: [`BUDGET_VARIABLE`] if set, else half the memory available
/// to the process ([`available_memory`]), at most [`DEFAULT_BUDGET_CAP`] (the cap alone when the
/// available memory cannot be read).
pub fn detect_budget() -> u64 {
    if let Ok(text) = std::env::var(BUDGET_VARIABLE) {
        match parse_bytes(&text) {
            Some(bytes) => return bytes,
            None => tracing::warn!("{BUDGET_VARIABLE}={text:?} is not a number of bytes (as 512M or 2G); ignored"),
        }
    }
    budget_for(available_memory())
}

/// The budget for `available` bytes of memory (`None`: unknown).
fn budget_for(available: Option<u64>) -> u64 {
    available.map_or(DEFAULT_BUDGET_CAP, |bytes| (bytes / AVAILABLE_SHARE).min(DEFAULT_BUDGET_CAP))
}

/// `512`, `64K`, `512M`, `2G` (binary units) as bytes.
fn parse_bytes(text: &str) -> Option<u64> {
    let text = text.trim();
    let (digits, shift) = match text.char_indices().last()? {
        (at, 'k' | 'K') => (&text[..at], 10),
        (at, 'm' | 'M') => (&text[..at], 20),
        (at, 'g' | 'G') => (&text[..at], 30),
        _ => (text, 0),
    };
    digits.trim().parse::<u64>().ok()?.checked_mul(1 << shift)
}

/// The memory the process may still take, in bytes: the least of the kernel's estimate of the
/// memory available without swapping (`MemAvailable`) and what each cgroup memory limit over the
/// process leaves (cgroup v2 `memory.max` less `memory.current`, v1 `memory.limit_in_bytes` less
/// `memory.usage_in_bytes`, for its cgroup and every one above it). `None` where none can be read
/// (not Linux).
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let meminfo = read("/proc/meminfo").and_then(|text| mem_available(&text));
    let cgroups = match (read("/proc/self/cgroup"), read("/proc/self/mountinfo")) {
        (Some(membership), Some(mounts)) => cgroup_headroom(&membership, &mounts, |path| read(path)),
        _ => None,
    };
    [meminfo, cgroups].into_iter().flatten().min()
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kilobytes = line.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
    kilobytes.checked_mul(1024)
}

/// What the memory limits of the process's cgroups leave, in bytes; `None` without a limit.
/// `membership` is `/proc/self/cgroup`, `mounts` `/proc/self/mountinfo`; `read` reads a file.
fn cgroup_headroom(membership: &str, mounts: &str, read: impl Fn(&str) -> Option<String>) -> Option<u64> {
    let mut least: Option<u64> = None;
    for line in membership.lines() {
        // `hierarchy-id:controllers:path`; v2 is `0::path`.
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let (limit_file, usage_file, mount) = if id == "0" && controllers.is_empty() {
            ("memory.max", "memory.current", cgroup_mount(mounts, "cgroup2", None))
        } else if controllers.split(',').any(|c| c == "memory") {
            ("memory.limit_in_bytes", "memory.usage_in_bytes", cgroup_mount(mounts, "cgroup", Some("memory")))
        } else {
            continue;
        };
        let Some((mount_point, mount_root)) = mount else { continue };
        // The cgroup's directory under the mount point, then each one above it up to the mount.
        let relative = path.strip_prefix(mount_root.trim_end_matches('/')).unwrap_or(path);
        let mut directory = format!("{}/{}", mount_point.trim_end_matches('/'), relative.trim_matches('/'));
        loop {
            let directory_trimmed = directory.trim_end_matches('/');
            let number =
                |file: &str| read(&format!("{directory_trimmed}/{file}")).and_then(|t| t.trim().parse::<u64>().ok());
            // "max" (v2) does not parse: no limit; v1 writes its "no limit" as a huge number.
            if let (Some(limit), Some(usage)) = (number(limit_file), number(usage_file))
                && limit < (1 << 60)
            {
                let left = limit.saturating_sub(usage);
                least = Some(least.map_or(left, |least| least.min(left)));
            }
            if directory_trimmed.len() <= mount_point.trim_end_matches('/').len() {
                break;
            }
            match directory_trimmed.rfind('/') {
                Some(at) => directory.truncate(at),
                None => break,
            }
        }
    }
    least
}

/// The mount point and the root within its hierarchy of the first mount of `fstype` (with the
/// super option `option`, for a v1 controller) in `/proc/self/mountinfo`.
fn cgroup_mount<'a>(mounts: &'a str, fstype: &str, option: Option<&str>) -> Option<(&'a str, &'a str)> {
    mounts.lines().find_map(|line| {
        // `id parent major:minor root mount-point options [optional…] - fstype source super-options`
        let (before, after) = line.split_once(" - ")?;
        let mut after = after.split(' ');
        if after.next()? != fstype {
            return None;
        }
        let super_options = after.nth(1).unwrap_or("");
        if option.is_some_and(|option| !super_options.split(',').any(|o| o == option)) {
            return None;
        }
        let mut before = before.split(' ');
        let root = before.nth(3)?;
        let mount_point = before.next()?;
        Some((mount_point, root))
    })
}

/// Admits rounds by memory: see the module's comment.
pub struct RoundGate {
    budget: u64,
    in_flight: Mutex<InFlight>,
    /// Signalled whenever a round ends, for the workers waiting for memory.
    ended: Condvar,
}

#[derive(Debug, Default)]
struct InFlight {
    rounds: usize,
    bytes: u64,
}

impl RoundGate {
    /// A gate with a budget of `budget` bytes.
    pub fn new(budget: u64) -> Self {
        RoundGate { budget, in_flight: Mutex::new(InFlight::default()), ended: Condvar::new() }
    }

    /// The process's gate, its budget worked out at first use ([`detect_budget`]).
    pub fn global() -> &'static RoundGate {
        static GLOBAL: OnceLock<RoundGate> = OnceLock::new();
        GLOBAL.get_or_init(|| {
            let budget = detect_budget();
            tracing::debug!(budget, "memory budget for the rounds in flight");
            RoundGate::new(budget)
        })
    }

    /// The budget, in bytes.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Whether a round estimated at `bytes` may start beside `in_flight`: when it fits in the
    /// budget, when it is small, or when nothing else runs (a round above the budget runs alone).
    fn admits(&self, in_flight: &InFlight, bytes: u64) -> bool {
        in_flight.rounds == 0
            || bytes <= self.budget / SMALL_SHARE
            || in_flight.bytes.saturating_add(bytes) <= self.budget
    }

    /// Takes from `pending` (rounds as (index, estimated bytes), in the order they are to start)
    /// the first that may start, waiting while none may. `None` once `pending` is empty or
    /// `cancel` is set. The round counts as in flight until its permit is dropped.
    pub fn take(&self, pending: &Mutex<Vec<(usize, u64)>>, cancel: &AtomicBool) -> Option<Permit<'_>> {
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let mut pending = pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match self.admit_first(&mut in_flight, &mut pending) {
                Admitted::Round(permit) => return Some(permit),
                Admitted::NothingLeft => return None,
                // Something is in flight (else the first round would start), and its end wakes us.
                Admitted::NothingFits => {
                    drop(pending);
                    in_flight = self.ended.wait(in_flight).unwrap_or_else(|poisoned| poisoned.into_inner());
                }
            }
        }
    }

    /// Admits one round estimated at `bytes`, waiting until it may start.
    pub fn admit(&self, bytes: u64) -> Permit<'_> {
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Something is in flight while it does not fit, and its end wakes us.
        while !self.admits(&in_flight, bytes) {
            in_flight = self.ended.wait(in_flight).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        in_flight.rounds += 1;
        in_flight.bytes = in_flight.bytes.saturating_add(bytes);
        Permit { gate: self, index: 0, bytes }
    }

    /// [`Self::take`] without waiting.
    #[cfg(test)]
    fn try_take(&self, pending: &mut Vec<(usize, u64)>) -> Admitted<'_> {
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.admit_first(&mut in_flight, pending)
    }

    /// Admits the first of `pending` that may start beside `in_flight`.
    fn admit_first(&self, in_flight: &mut InFlight, pending: &mut Vec<(usize, u64)>) -> Admitted<'_> {
        if pending.is_empty() {
            return Admitted::NothingLeft;
        }
        let Some(at) = pending.iter().position(|&(_, bytes)| self.admits(in_flight, bytes)) else {
            return Admitted::NothingFits;
        };
        let (index, bytes) = pending.remove(at);
        in_flight.rounds += 1;
        in_flight.bytes = in_flight.bytes.saturating_add(bytes);
        Admitted::Round(Permit { gate: self, index, bytes })
    }
}

/// What [`RoundGate::admit_first`] found.
enum Admitted<'a> {
    Round(Permit<'a>),
    NothingFits,
    NothingLeft,
}

/// A round admitted by a [`RoundGate`], in flight until dropped.
pub struct Permit<'a> {
    gate: &'a RoundGate,
    /// The round's index in the caller's list.
    pub index: usize,
    bytes: u64,
}

impl Permit<'_> {
    /// The round's estimated memory, in bytes.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut in_flight = self.gate.in_flight.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        in_flight.rounds -= 1;
        in_flight.bytes = in_flight.bytes.saturating_sub(self.bytes);
        drop(in_flight);
        self.gate.ended.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    #[test]
    fn the_estimate_is_the_largest_list_and_the_players() {
        // Round 2 of a 9,999-player event: 3,910 on one point, 1,719 on a half, 3,970 on zero.
        let groups = [3910, 1719, 3970];
        let list = 1719 + 3970;
        let players: u64 = groups.iter().sum();
        let expected = 32 * list * (list + 1) / 2 + players * players / 8 + 2048 * players;
        assert_eq!(round_estimate(&groups), expected);
        // About 530 MB, where that round peaks at 536 MB.
        assert!((500 * MIB..530 * MIB).contains(&round_estimate(&groups)));
        // One scoregroup is one list; no players, nothing.
        assert_eq!(round_estimate(&[10]), 32 * 55 + 100 / 8 + 2048 * 10);
        assert_eq!(round_estimate(&[]), 0);
        // Later rounds, with smaller groups, come lower.
        assert!(round_estimate(&[1200, 2400, 2500, 2400, 1200]) < round_estimate(&groups));
    }

    #[test]
    fn the_budget_is_half_the_available_memory_capped() {
        assert_eq!(budget_for(None), DEFAULT_BUDGET_CAP);
        assert_eq!(budget_for(Some(24 << 30)), DEFAULT_BUDGET_CAP);
        assert_eq!(DEFAULT_BUDGET_CAP, 896 * MIB);
        assert_eq!(budget_for(Some(1 << 30)), 512 * MIB);
        assert_eq!(budget_for(Some(0)), 0);
        assert_eq!(parse_bytes("2G"), Some(2 << 30));
        assert_eq!(parse_bytes(" 512m "), Some(512 * MIB));
        assert_eq!(parse_bytes("64K"), Some(64 << 10));
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("lots"), None);
        assert_eq!(parse_bytes("G"), None);
        assert_eq!(parse_bytes("99999999999G"), None);
    }

    #[test]
    fn available_memory_reads_meminfo_and_cgroup_limits() {
        let meminfo = "MemTotal:       24683656 kB\nMemFree:  1 kB\nMemAvailable:   21728260 kB\n";
        assert_eq!(mem_available(meminfo), Some(21728260 * 1024));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);

        // cgroup v2 in a container: the limit of the process's cgroup and of the one above it.
        let membership = "0::/ci/job\n";
        let mounts = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
        let files = |path: &str| {
            Some(
                match path {
                    "/sys/fs/cgroup/ci/job/memory.max" => "max\n",
                    "/sys/fs/cgroup/ci/job/memory.current" => "100\n",
                    "/sys/fs/cgroup/ci/memory.max" => "4096\n",
                    "/sys/fs/cgroup/ci/memory.current" => "1096\n",
                    _ => return None,
                }
                .to_owned(),
            )
        };
        assert_eq!(cgroup_headroom(membership, mounts, files), Some(3000));

        // cgroup v1 beside a v2 mount (hybrid), the memory controller mounted on its own: only the
        // v1 limit is set (v1 writes "no limit" as a huge number, which is left out).
        let membership = "4:memory:/runner/42\n1:cpu:/\n0::/\n";
        let mounts = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                      41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        let files = |path: &str| {
            Some(
                match path {
                    "/sys/fs/cgroup/memory/runner/42/memory.limit_in_bytes" => "2147483648\n",
                    "/sys/fs/cgroup/memory/runner/42/memory.usage_in_bytes" => "1073741824\n",
                    "/sys/fs/cgroup/memory/runner/memory.limit_in_bytes" => "9223372036854771712\n",
                    "/sys/fs/cgroup/memory/runner/memory.usage_in_bytes" => "5\n",
                    "/sys/fs/cgroup/unified/memory.max" => "max\n",
                    _ => return None,
                }
                .to_owned(),
            )
        };
        assert_eq!(cgroup_headroom(membership, mounts, files), Some(1 << 30));
        // No limit anywhere, or nothing readable: none.
        assert_eq!(cgroup_headroom(membership, mounts, |_| None), None);
        assert_eq!(cgroup_headroom("", "", |_| None), None);
    }

    /// Admits rounds from `pending` without waiting, holding their permits, until none fits;
    /// returns the indices admitted.
    fn admit_all<'a>(gate: &'a RoundGate, pending: &mut Vec<(usize, u64)>, held: &mut Vec<Permit<'a>>) -> Vec<usize> {
        let mut admitted = Vec::new();
        while let Admitted::Round(permit) = gate.try_take(pending) {
            admitted.push(permit.index);
            held.push(permit);
        }
        admitted
    }

    #[test]
    fn two_rounds_above_half_the_budget_never_run_together() {
        let gate = RoundGate::new(DEFAULT_BUDGET_CAP);
        let mut pending = vec![(0, 500 * MIB), (1, 460 * MIB), (2, 450 * MIB), (3, 890 * MIB)];
        let mut held = Vec::new();
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [0]);
        assert!(matches!(gate.try_take(&mut pending), Admitted::NothingFits));
        // Each ends before the next starts.
        for next in 1..4 {
            held.clear();
            assert_eq!(admit_all(&gate, &mut pending, &mut held), [next]);
        }
        held.clear();
        assert!(matches!(gate.try_take(&mut pending), Admitted::NothingLeft));
        // A round above the whole budget still runs, alone.
        let mut pending = vec![(0, 2000 * MIB), (1, 500 * MIB)];
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [0]);
        held.clear();
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [1]);
    }

    #[test]
    fn a_round_that_fits_starts_before_one_that_waits() {
        // The estimates of rounds 2 to 5 of a 9,999-player event, dearest first. Round 3 does not
        // fit beside round 2, round 4 does and starts; round 3 starts once round 2 ends, round 5
        // once round 4 ends.
        let gate = RoundGate::new(DEFAULT_BUDGET_CAP);
        let mut pending = vec![(2, 525 * MIB), (3, 394 * MIB), (4, 295 * MIB), (5, 247 * MIB)];
        let mut held = Vec::new();
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [2, 4]);
        held.remove(0);
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [3]);
        held.remove(0);
        assert_eq!(admit_all(&gate, &mut pending, &mut held), [5]);
    }

    #[test]
    fn small_rounds_are_not_serialized() {
        // Beside a round that takes nearly the whole budget, small rounds still start, all of them.
        let gate = RoundGate::new(DEFAULT_BUDGET_CAP);
        let mut pending: Vec<(usize, u64)> = vec![(0, 890 * MIB)];
        pending.extend((1..=12).map(|index| (index, MIB)));
        let mut held = Vec::new();
        assert_eq!(admit_all(&gate, &mut pending, &mut held), (0..=12).collect::<Vec<_>>());
        // Rounds that fit the budget together all start together.
        held.clear();
        let mut pending: Vec<(usize, u64)> = (0..8).map(|index| (index, 110 * MIB)).collect();
        assert_eq!(admit_all(&gate, &mut pending, &mut held).len(), 8);
    }

    #[test]
    fn rounds_on_threads_keep_to_the_budget_and_all_run() {
        // Whatever the timing, the rounds in flight never exceed the budget (none here is small
        // or above the budget), and every round is taken once.
        let gate = RoundGate::new(DEFAULT_BUDGET_CAP);
        let rounds: Vec<u64> = [525, 394, 295, 247, 120, 880, 60, 380].map(|mib| mib * MIB).to_vec();
        let pending = Mutex::new(rounds.iter().copied().enumerate().collect::<Vec<_>>());
        let never = AtomicBool::new(false);
        let in_flight = Mutex::new(0u64);
        let taken = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    while let Some(permit) = gate.take(&pending, &never) {
                        let bytes = rounds[permit.index];
                        {
                            let mut now = in_flight.lock().unwrap();
                            *now += bytes;
                            assert!(*now <= DEFAULT_BUDGET_CAP, "{} MiB in flight", *now / MIB);
                        }
                        std::thread::yield_now();
                        *in_flight.lock().unwrap() -= bytes;
                        taken.lock().unwrap().push(permit.index);
                    }
                });
            }
        });
        let mut taken = taken.into_inner().unwrap();
        taken.sort_unstable();
        assert_eq!(taken, (0..rounds.len()).collect::<Vec<_>>());
    }

    #[test]
    fn a_cancelled_gate_hands_out_nothing() {
        let gate = RoundGate::new(MIB);
        let pending = Mutex::new(vec![(0, 1), (1, 1)]);
        let cancel = AtomicBool::new(true);
        assert!(gate.take(&pending, &cancel).is_none());
        assert_eq!(pending.lock().unwrap().len(), 2);
    }
}
