#!/usr/bin/env bash
# `check --jobs 1` of events of 200, 1,000 and 3,000 players over 11 rounds under one system (the
# goals for the systems of C.04.4.2–C.04.5: 0.2 s and 10 s on the 2-core machine; a Double-Swiss
# round is a match). Generates the events with trfcheck itself, then times `check` of each. Compare
# two builds by running it with each (TRFCHECK=…) in the same session.
#
#   benches/system-check.sh      (SYSTEM=double-swiss-2026, TRFCHECK=path/to/trfcheck,
#                                 PLAYERS="200 1000 3000", ROUNDS=11, SEED=7)
set -euo pipefail
trfcheck=${TRFCHECK:-target/release/trfcheck}
system=${SYSTEM:-double-swiss-2026}
players=${PLAYERS:-"200 1000 3000"} rounds=${ROUNDS:-11} seed=${SEED:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for n in $players; do
  file="$dir/$system-$n.trf"
  printf '%s %s players: generate ' "$system" "$n"
  /usr/bin/time -f '%e s wall, %M KB peak' "$trfcheck" generate --system "$system" --players "$n" \
    --rounds "$rounds" --seed "$seed" -o "$file" 2>&1 | tail -1 | tr -d '\n'
  printf '; check '
  /usr/bin/time -f '%U s user, %S s sys, %e s wall, %M KB peak' "$trfcheck" check --jobs 1 "$file" 2>&1 >/dev/null \
    | tail -1
done
