#!/usr/bin/env bash
# A second opinion on team pairings (docs/teams.md, "Verification against gacrux"): generate team
# events with trfcheck, then ask gacrux (the FIDE TEC's program, `pip install gacrux`; not an
# authority) to pair every round of each event from the same prior rounds, and compare with the
# round trfcheck paired. Prints one line per differing round, with trfcheck's explanation of
# gacrux's pairing (check of the file with that round replaced by gacrux's), and the agreement
# figures at the end.
#
#   benches/team-vs-gacrux.sh [EVENTS] [FIRST_SEED]
#   TRFCHECK=path/to/trfcheck  SYSTEMS=team-2025  MAX_TEAMS=40  OUT=dir
#
# Needs python3 with gacrux importable. The script builds nothing; it runs what is installed.
# gacrux reads the competition's options from the 192 code (passing -m would drop the scores it
# names), and implements only the 2026 edition of C.04.6: compare team-2025 events with it.
set -euo pipefail
events=${1:-200}
first=${2:-1}
trfcheck=${TRFCHECK:-target/release/trfcheck}
systems=${SYSTEMS:-team-2025}
max_teams=${MAX_TEAMS:-40}
out=${OUT:-$(mktemp -d)}
python3 -c 'import gacrux' 2>/dev/null || { echo "gacrux is not installed (pip install gacrux)" >&2; exit 2; }
mkdir -p "$out"
codes=(FIDE_TEAM FIDE_TEAM_TYPEB_MP_GP FIDE_TEAM_TYPEA_GP_MP FIDE_TEAM_MP_GP FIDE_TEAM_BAKU FIDE_TEAM_TYPEB_GP_MP)
rounds_total=0 rounds_same=0 events_done=0 generate_failed=0
for ((i = 0; i < events; i++)); do
  seed=$((first + i))
  for system in $systems; do
    teams=$((4 + seed * 7 % (max_teams - 3)))
    rounds=$((5 + seed % 7))
    code=${codes[$((seed % ${#codes[@]}))]}
    file="$out/$system-s$seed.trf"
    if ! "$trfcheck" generate --system "$system" --players "$teams" --rounds "$rounds" --boards 4 --seed "$seed" \
      --team-code "$code" --bye-rate 0.05 --forfeit-rate 0.05 --withdraw-rate 0.02 >"$file" 2>/dev/null; then
      generate_failed=$((generate_failed + 1))
      continue
    fi
    events_done=$((events_done + 1))
    for ((round = 1; round <= rounds; round++)); do
      rounds_total=$((rounds_total + 1))
      python3 -m gacrux.pairingchecker -p -i "$file" -n "$round" -o "$out/gacrux.json" >/dev/null 2>&1 || true
      verdict=$(python3 - "$file" "$round" "$out/gacrux.json" "$trfcheck" <<'PY'
import json, subprocess, sys
path, round_number, gacrux_out, trfcheck = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
ours = json.loads(subprocess.run([trfcheck, "validate", "--format", "json", path], capture_output=True, text=True).stdout)
r = next(r for r in ours["teams"]["rounds"] if r["round"] == round_number)
mine = sorted(tuple(m["teams"]) for m in r["matches"]) + sorted((b["team"], 0) for b in r.get("byes", []) if b["kind"] == "PAB")
try:
    theirs = json.load(open(gacrux_out))["pairingResult"]["pairs"]
except Exception as error:
    print(f"gacrux gave no pairing ({error})")
    sys.exit()
theirs = sorted(tuple(p) for p in theirs if p[1]) + sorted((p[0], 0) for p in theirs if not p[1])
if sorted(mine) == sorted(theirs):
    print("same")
elif sorted(tuple(sorted(p)) for p in mine) == sorted(tuple(sorted(p)) for p in theirs):
    print("colours: trfcheck " + " ".join(f"{a}-{b}" for a, b in mine) + " | gacrux " + " ".join(f"{a}-{b}" for a, b in theirs))
else:
    print("pairs: trfcheck " + " ".join(f"{a}-{b}" for a, b in mine) + " | gacrux " + " ".join(f"{a}-{b}" for a, b in theirs))
PY
)
      if [[ $verdict == same ]]; then
        rounds_same=$((rounds_same + 1))
      else
        echo "$system seed $seed ($teams teams, $code) round $round: $verdict"
      fi
    done
  done
done
echo "events: $events_done generated ($generate_failed could not be generated: no legal pairing in a late round)"
echo "rounds: $rounds_same of $rounds_total paired alike by trfcheck and gacrux"
