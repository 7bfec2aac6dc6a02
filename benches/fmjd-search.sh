#!/usr/bin/env bash
# The FMJD search (docs/fmjd-search.md): generate long events under the three FMJD systems and say
# how many reach their last round, how many stop with no valid pairing, how many stop because the
# search gave up (a search limit: never expected), and the most steps a round took. Then the time
# of a large event (2000 players, 11 rounds) against a baseline in the same session: the same
# event's check, which pairs every round again, divided by its generation.
#
#   benches/fmjd-search.sh [SEEDS]     default 60 seeds per system: 20–60 players, 9–20 rounds
#
# Options (section 6, 7, 8) as in `generate`: FMJD_OPTIONS="--colour-preference strong" …
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
trfcheck=$PWD/target/release/trfcheck
seeds=${1:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
for system in fmjd-rating fmjd-solkoff kndb-solkoff; do
  ok=0 none=0 gave=0 most=0
  for seed in $(seq 1 "$seeds"); do
    players=$((20 + (seed * 7) % 41)) rounds=$((9 + (seed * 5) % 12))
    if out=$(RUST_LOG=trfcheck=trace NO_COLOR=1 "$trfcheck" generate --system "$system" --players "$players" \
        --rounds "$rounds" --seed "$seed" --withdraw-rate 0 ${FMJD_OPTIONS:-} -o "$work/event.trf" 2>&1); then
      ok=$((ok + 1))
    elif grep -q "no pairing that satisfies" <<<"$out"; then
      none=$((none + 1))
    else
      gave=$((gave + 1)); echo "  $system seed $seed: $(tail -1 <<<"$out")"
    fi
    steps=$(sed 's/\x1b\[[0-9;]*m//g' <<<"$out" | grep -o 'steps=[0-9]*' | cut -d= -f2 | sort -n | tail -1)
    if [ -n "$steps" ] && [ "$steps" -gt "$most" ]; then most=$steps; fi
  done
  echo "$system: $seeds events: $ok to the last round, $none no valid pairing, $gave gave up; most steps in a round: $most"
done
seconds() { /usr/bin/time -f %U "$@" 2>&1 >/dev/null | tail -1; }
generate=$(seconds "$trfcheck" generate --system fmjd-rating --players 2000 --rounds 11 --seed 1 -o "$work/large.trf")
check=$(seconds "$trfcheck" check "$work/large.trf")
echo "2000 players, 11 rounds: generate ${generate} s CPU, check ${check} s CPU, ratio $(awk -v a="$check" -v b="$generate" 'BEGIN { printf "%.2f", a / b }')"
