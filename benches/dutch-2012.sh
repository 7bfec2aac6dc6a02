#!/usr/bin/env bash
# The dutch-2012 engine at scale (the goal: a 1000-player, 11-round tournament checked within 60 s
# on the 2-core machine; docs/dutch-2012.md, "Speed"). Generates the events with the engine itself
# (fixed seeds), checks each under dutch-2012 and, as the baseline of the same session, under
# dutch-2017 (the same file: the 2017 engine's verdict is not the point, its time is). Prints wall
# and CPU seconds and peak memory for each, and the ratio of dutch-2012 to the baseline.
#
#   benches/dutch-2012.sh [PLAYERS ROUNDS SEED]...      default: 1000 11 1  1000 11 2  200 11 1
#
# JOBS=N passes --jobs N to check (default: every core).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
trfcheck=target/release/trfcheck
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
  specs=(1000 11 1 1000 11 2 200 11 1)
fi
jobs=()
if [ -n "${JOBS:-}" ]; then
  jobs=(--jobs "$JOBS")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$work/out" 2>/dev/null || true
  # A check that finds a difference exits 1, which time(1) reports on a line of its own first.
  tail -1 "$work/time" | awk '{printf "%.2f %.2f %.1f", $1, $2 + $3, $4 / 1024}'
}
printf '%-16s %-10s %8s %8s %8s  %s\n' event system wall_s cpu_s peak_mb verdict
while [ ${#specs[@]} -ge 3 ]; do
  players=${specs[0]} rounds=${specs[1]} seed=${specs[2]}
  specs=("${specs[@]:3}")
  file="$work/p$players-r$rounds-s$seed.trf"
  "$trfcheck" generate --system dutch-2012 --players "$players" --rounds "$rounds" --seed "$seed" -o "$file"
  read -r wall cpu mem <<<"$(measure "$trfcheck" check "${jobs[@]}" --system dutch-2012 "$file")"
  verdict=$(tail -1 "$work/out" | sed 's/.*: //')
  read -r bwall bcpu bmem <<<"$(measure "$trfcheck" check "${jobs[@]}" --system dutch-2017 "$file")"
  printf '%-16s %-10s %8s %8s %8s  %s\n' "p$players r$rounds s$seed" dutch-2012 "$wall" "$cpu" "$mem" "$verdict"
  printf '%-16s %-10s %8s %8s %8s  %s\n' "" dutch-2017 "$bwall" "$bcpu" "$bmem" "(baseline)"
  awk -v a="$cpu" -v b="$bcpu" 'BEGIN {printf "%-16s %-10s CPU time dutch-2012 / dutch-2017: %.2f\n", "", "", (b > 0 ? a / b : 0)}'
done
