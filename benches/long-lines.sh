#!/usr/bin/env bash
# Reading time against the length of a line (docs/input.md: a 160 KB 001 line once took 38 s, 10 MB
# over 100 s, because every field was found by walking the line from its start). Writes files
# whose second line is one 001 record of about 1 MB (the baseline) and of about 10 MB, runs
# `validate` on each, and prints wall and CPU seconds, peak memory, and the ratio of the CPU time of
# the 10 MB line to the 1 MB one, in the same session. Linear reading gives a ratio near 10
# (a quadratic one, near 100).
#
#   benches/long-lines.sh [ROUNDS_BASELINE ROUNDS_LONG]     default: 100000 1000000 (10 bytes a round)
#
# Three kinds of line: `games` (rounds against players that do not exist: one error per round,
# counted past the first 20), `accents` (the same with a name that is not ASCII, so columns are
# found through the line's character index), `junk` (letters only: seven errors per round).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
trfcheck=$PWD/target/release/trfcheck
baseline=${1:-100000}
long=${2:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# write KIND ROUNDS FILE
write() {
  awk -v kind="$1" -v rounds="$2" 'BEGIN {
    # Names padded by hand to 33 characters (awk may pad by bytes).
    name = (kind == "accents") ? "Ødegaard, Jürgen                 " : "Doe, John                        "
    printf "012 Long line\n"
    printf "001    1      %s 2000%28s 1.0    1", name, ""
    for (r = 0; r < rounds; r++) {
      if (kind == "junk") printf "xxxxxxxxxx"
      else printf "  %4d w 1", r % 9000 + 2
    }
    printf "\n"
  }' >"$3"
}

measure() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$trfcheck" validate "$1" >/dev/null 2>&1 || true
  # validate exits 3 on these files, which time(1) reports on a line of its own first.
  tail -1 "$work/time" | awk '{printf "%.2f %.2f %.1f", $1, $2 + $3, $4 / 1024}'
}

printf '%-8s %10s %8s %8s %8s\n' kind bytes wall_s cpu_s peak_mb
for kind in games accents junk; do
  write "$kind" "$baseline" "$work/base.trf"
  write "$kind" "$long" "$work/long.trf"
  read -r bwall bcpu bmem <<<"$(measure "$work/base.trf")"
  read -r wall cpu mem <<<"$(measure "$work/long.trf")"
  printf '%-8s %10s %8s %8s %8s  (baseline)\n' "$kind" "$(wc -c <"$work/base.trf")" "$bwall" "$bcpu" "$bmem"
  printf '%-8s %10s %8s %8s %8s\n' "$kind" "$(wc -c <"$work/long.trf")" "$wall" "$cpu" "$mem"
  awk -v a="$cpu" -v b="$bcpu" -v n="$long" -v m="$baseline" \
    'BEGIN {printf "%-8s CPU time long / baseline: %.1f for %.0f times the length\n", "", (b > 0 ? a / b : 0), n / m}'
done
