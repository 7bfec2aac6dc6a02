#!/usr/bin/env bash
# watch's incremental re-check (docs/watch.md, "Incremental re-checks"): the time from saving a
# tournament file with one round appended to watch's report of it, against the time of watch's
# first, full check of the file before the save, in one session. Prints both and their ratio (the
# goal: below 0.1).
#
#   benches/watch-incremental.sh [FILE]       default: ../shared/bench/dutch-2025-p1000-r11.trf
#
# FILE (a TRF with its rounds in the standard columns) is cut to its rounds but the last (the
# Points column recomputed; an absence or a bye asked for in the last round, `0000 - Z/H/F`, stays,
# as the file is saved just before the round is paired), watch is started on a folder holding that cut, and once it has
# reported, FILE itself is saved over it (copied beside it and renamed, as pairing programs save).
# A FILE without a 142/XXR record gets `XXR <rounds>` (an event under way declares how many rounds
# it has: without it, appending a round makes the round before it no longer the last, which
# changes its inputs, and watch cannot pair ahead). Before the save, the script waits for watch
# to pair the next round ahead (its `-v` log says so), as a round is published long after the
# results of the one before; NO_AHEAD=1 runs watch with --no-pair-ahead instead.
# The full check's time runs from starting watch to its first report; the re-check's from the
# rename to the next report, so it includes watch's quiet period (--debounce-ms, 200 ms by default,
# plus up to 150 ms for the events to arrive). The re-check's verdict is then compared with
# `trfcheck check` of FILE (the same rounds differing, the same status); NO_VERIFY=1 skips that.
# DEBOUNCE_MS=N passes --debounce-ms N to watch.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
trfcheck=$PWD/target/release/trfcheck
file=$(realpath "${1:-../shared/bench/dutch-2025-p1000-r11.trf}")
debounce=${DEBOUNCE_MS:-200}
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/watched"

# The file without its last round: each 001 record cut after the round before it, its Points
# recomputed (1 for a win, a forfeit win or a full-point bye, 0.5 for a draw or a half-point bye).
python3 - "$file" "$work/short.trf" "$work/full.trf" <<'PY'
import re, sys
data = open(sys.argv[1], 'rb').read().decode('latin-1')
newline = '\r\n' if '\r\n' in data else ('\r' if '\r' in data else '\n')
lines = data.split(newline)
rounds = max((len(l) - 91 + 9) // 10 for l in lines if l.startswith('001'))
keep = 91 + 10 * (rounds - 1)
if not any(l.startswith(('142', 'XXR')) for l in lines):
    lines.insert(1, f'XXR {rounds}')
    open(sys.argv[3], 'wb').write(newline.join(lines).encode('latin-1'))
else:
    open(sys.argv[3], 'wb').write(data.encode('latin-1'))
out = []
for line in lines:
    if line.startswith('001') and len(line) > keep:
        last = line[keep:keep + 10]
        if re.fullmatch(r'\s*0000 - [ZHF]\s*', last):
            # An absence or a bye asked for in the last round is entered before it is paired.
            out.append(line)
            continue
        result = last[7:8] if len(last) > 7 else ' '
        points = float(line[80:84]) - {'1': 1, '+': 1, 'W': 1, 'F': 1, 'U': 1, '=': 0.5, 'D': 0.5, 'H': 0.5}.get(result, 0)
        line = line[:keep].rstrip()
        line = line[:80] + '%4.1f' % points + line[84:]
    out.append(line)
open(sys.argv[2], 'wb').write(newline.join(out).encode('latin-1'))
print(f'{rounds} rounds; watching the first {rounds - 1}, then saving all {rounds}', file=sys.stderr)
PY
cp "$work/short.trf" "$work/watched/t.trf"
file="$work/full.trf"
ahead=()
if [ -n "${NO_AHEAD:-}" ]; then ahead=(--no-pair-ahead); fi

now() { date +%s.%N; }
lines() { wc -l <"$work/out"; }
wait_for_line() {
  while [ "$(lines)" -lt "$1" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "watch ended; stderr:" >&2; cat "$work/err" >&2; exit 1; fi
    sleep 0.01
  done
}

start=$(now)
"$trfcheck" -v watch --format json --debounce-ms "$debounce" "${ahead[@]}" "$work/watched" >"$work/out" 2>"$work/err" &
pid=$!
wait_for_line 1
first=$(now)
if [ -z "${NO_AHEAD:-}" ]; then
  while ! grep -q "paired ahead" "$work/err"; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "watch ended; stderr:" >&2; cat "$work/err" >&2; exit 1; fi
    sleep 0.05
  done
  echo "the next round paired ahead after $(awk -v a="$first" -v b="$(now)" 'BEGIN {printf "%.2f", b - a}') s" >&2
fi
cp "$file" "$work/watched/.t.trf.tmp"
saved=$(now)
mv "$work/watched/.t.trf.tmp" "$work/watched/t.trf"
wait_for_line 2
second=$(now)

python3 - "$work/out" "$start" "$first" "$saved" "$second" <<'PY'
import json, sys
reports = [json.loads(l) for l in open(sys.argv[1])]
start, first, saved, second = map(float, sys.argv[2:6])
full, again = first - start, second - saved
for name, r in (('full check', reports[0]), ('re-check', reports[1])):
    print(f"{name}: {r['status']}, {r['summary']['rounds_checked']} of {r['summary']['rounds_recorded']} rounds checked, "
          f"differing {r['summary']['mismatched_rounds']}, kept {r['reused_rounds']}, changes {r.get('changes')}")
print(f'full check of the first rounds: {full:.2f} s; re-check after the save: {again:.2f} s; ratio {again / full:.3f}')
PY

if [ -z "${NO_VERIFY:-}" ]; then
  "$trfcheck" check --format json "$file" >"$work/check.json" 2>/dev/null || true
  python3 - "$work/out" "$work/check.json" <<'PY'
import json, sys
watched = [json.loads(l) for l in open(sys.argv[1])][1]
checked = json.load(open(sys.argv[2]))
verdict = lambda r: (r['status'], [(x['round'], x['status'], x.get('severity'), x.get('explanation')) for x in r['rounds']])
same = verdict(watched) == verdict(checked)
print('the re-check agrees with `trfcheck check` of the whole file' if same else 'DIFFERENT from `trfcheck check` of the whole file')
sys.exit(0 if same else 1)
PY
fi
