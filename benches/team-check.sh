#!/usr/bin/env bash
# `check` of a 400-team event of 6 boards over 11 rounds (goal: within 10 s on the
# 2-core machine). Generates the events with trfcheck itself, then times `check` of each.
#
#   benches/team-check.sh            (TRFCHECK=path/to/trfcheck, TEAMS=400, BOARDS=6, ROUNDS=11)
set -euo pipefail
trfcheck=${TRFCHECK:-target/release/trfcheck}
teams=${TEAMS:-400} boards=${BOARDS:-6} rounds=${ROUNDS:-11}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for spec in "team-2025 FIDE_TEAM 1" "team-2025 FIDE_TEAM_TYPEB_GP_MP 2" "team-2024 FIDE_TEAM 3"; do
  read -r system code seed <<<"$spec"
  file="$dir/$system-$code.trf"
  "$trfcheck" generate --system "$system" --players "$teams" --boards "$boards" --rounds "$rounds" \
    --seed "$seed" --team-code "$code" >"$file"
  printf '%s %s: ' "$system" "$code"
  /usr/bin/time -f '%U s user, %S s sys, %e s wall, %M KB peak' "$trfcheck" check "$file" 2>&1 >/dev/null | tail -1
done
