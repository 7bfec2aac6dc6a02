#!/usr/bin/env bash
# Times `trfcheck check` against a reference checker on the shared benchmark files, side by side in
# one session, and prints the ratio (reference / trfcheck) for wall time, CPU time and peak memory.
#
#   benches/check-vs-reference.sh [REFERENCE_BINARY] [FILES...]
#   BBP=/path/to/bbpPairings.exe JOBS=1 benches/check-vs-reference.sh [FILES...]
#
# REFERENCE_BINARY (or $BBP, and then every argument is a file) is a bbpPairings build (its
# `--dutch FILE -c` mode), built outside this repository; this script never builds it. Without it
# only trfcheck is timed. CPU time is user + system (`/usr/bin/time`), memory the peak resident
# set. FILES default to ../shared/bench/*.trf. Both programs must give the same verdict (the list
# of discrepant rounds); the script says when not.
# Each file is run REPEAT times (default 1) and the fastest run is kept. JOBS=N passes --jobs N to
# trfcheck (by default it checks rounds on every core).
#
# trfcheck is measured as it is shipped: the `dist` profile (Cargo.toml), linked statically on a
# glibc host (`-C target-feature=+crt-static`), so the process maps no shared C library. BUILD=release
# measures the plain `cargo build --release` binary instead; TRFCHECK=PATH measures that binary
# and builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${BBP:-}" ]; then
  reference="$BBP"
else
  reference="${1:-}"
  shift || true
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(../shared/bench/*.trf)
fi
repeat="${REPEAT:-1}"
jobs=()
if [ -n "${JOBS:-}" ]; then
  jobs=(--jobs "$JOBS")
fi
best_out=$(mktemp)
trap 'rm -f "$best_out"' EXIT
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}'; }
mb() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }

if [ -n "${TRFCHECK:-}" ]; then
  trfcheck="$TRFCHECK"
elif [ "${BUILD:-dist}" = release ]; then
  cargo build --release --quiet
  trfcheck="${CARGO_TARGET_DIR:-target}/release/trfcheck"
else
  # An explicit --target keeps the static flag off the build scripts and proc macros.
  host=$(rustc -vV | sed -n 's/^host: //p')
  static=()
  case "$host" in *-linux-gnu) static=(-C target-feature=+crt-static) ;; esac
  RUSTFLAGS="${RUSTFLAGS:-} ${static[*]}" cargo build --profile dist --target "$host" --quiet
  trfcheck="${CARGO_TARGET_DIR:-target}/$host/dist/trfcheck"
fi
echo "measuring $trfcheck" >&2

# Runs a command REPEAT times; prints "wall user+sys peak_kb" of the fastest run, and keeps its
# stdout in $best_out.
measure() {
  local best="" line
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f '%e %U %S %M' -o /tmp/bench-time.$$ "$@" >/tmp/bench-out.$$ 2>/dev/null || true
    line=$(awk '{printf "%.2f %.2f %d\n", $1, $2 + $3, $4}' /tmp/bench-time.$$)
    if [ -z "$best" ] || awk -v a="$line" -v b="$best" 'BEGIN {split(a, x, " "); split(b, y, " "); exit !(x[1] < y[1])}'; then
      best="$line"
      cp /tmp/bench-out.$$ /tmp/bench-best.$$
    fi
  done
  mv /tmp/bench-best.$$ "$best_out"
  rm -f /tmp/bench-time.$$ /tmp/bench-out.$$
  echo "$best"
}

# The rounds a bbp-layout report calls discrepant.
discrepant() {
  awk '/: Round #/ {round = $NF; sub("#", "", round)} /Checker pairings|No valid pairing/ {printf "%s ", round}'
}

printf '%-28s %10s %10s %10s | %10s %10s %10s | %8s %8s %8s %s\n' file "wall s" "cpu s" "peak MB" \
  "ref wall" "ref cpu" "ref MB" "× wall" "× cpu" "× mem" verdicts
for file in "${files[@]}"; do
  read -r wall cpu kb < <(measure "$trfcheck" --color never check "${jobs[@]}" --format bbp "$file")
  ours=$(discrepant <"$best_out")
  if [ -n "$reference" ]; then
    read -r rwall rcpu rkb < <(measure "$reference" --dutch "$file" -c)
    theirs=$(discrepant <"$best_out")
    same=$([ "$ours" = "$theirs" ] && echo same || echo "DIFFER: ours [$ours] reference [$theirs]")
    printf '%-28s %10s %10s %10s | %10s %10s %10s | %8s %8s %8s %s\n' "$(basename "$file")" \
      "$wall" "$cpu" "$(mb "$kb")" "$rwall" "$rcpu" "$(mb "$rkb")" \
      "$(ratio "$rwall" "$wall")" "$(ratio "$rcpu" "$cpu")" "$(ratio "$rkb" "$kb")" "$same"
  else
    printf '%-28s %10s %10s %10s\n' "$(basename "$file")" "$wall" "$cpu" "$(mb "$kb")"
  fi
done
