#!/usr/bin/env bash
# `check --jobs 1` of Double-Swiss events of 200, 1,000 and 3,000 players over 11 matches (goals:
# 0.2 s and 10 s on the 2-core machine). Generates the events with trfcheck itself, then times
# `check` of each. Compare two builds by running it with each (TRFCHECK=…) in the same session.
#
#   benches/double-swiss-check.sh      (TRFCHECK=path/to/trfcheck, PLAYERS="200 1000 3000", SEED=7)
set -euo pipefail
trfcheck=${TRFCHECK:-target/release/trfcheck}
players=${PLAYERS:-"200 1000 3000"} seed=${SEED:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for n in $players; do
  file="$dir/double-swiss-$n.trf"
  printf '%s players: generate ' "$n"
  /usr/bin/time -f '%e s wall, %M KB peak' "$trfcheck" generate --system double-swiss-2026 --players "$n" \
    --rounds 11 --seed "$seed" -o "$file" 2>&1 | tail -1 | tr -d '\n'
  printf '; check '
  /usr/bin/time -f '%U s user, %S s sys, %e s wall, %M KB peak' "$trfcheck" check --jobs 1 "$file" 2>&1 >/dev/null \
    | tail -1
done
