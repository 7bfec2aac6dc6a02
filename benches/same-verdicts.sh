#!/usr/bin/env bash
# Same verdicts before and after a change that should not change any: runs `check --format json`
# with two builds on every tournament file of ../shared/conformance and ../shared/corpus (or the
# files and folders given), once as the file declares its system and once under each system id,
# and compares standard output, standard error and the exit status of every run byte for byte.
#
#   benches/same-verdicts.sh BEFORE_BINARY AFTER_BINARY [FILE_OR_FOLDER...]
#
# SYSTEMS="dutch-2025 dubov-2025" limits the systems (`declared` is the run without --system);
# JOBS=N runs N checks at once (default: the cores); TIMEOUT=S stops a check after S seconds
# (default 300; a run stopped by the time limit is listed apart, not compared); KEEP=DIR keeps every
# output there. Exit status 0 when every run agrees, 1 when one differs, 2 on a usage error.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
before=$(realpath "$1")
after=$(realpath "$2")
shift 2
for binary in "$before" "$after"; do
    [ -x "$binary" ] || { echo "same-verdicts: $binary is not an executable" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$here/../shared}
if [ $# -eq 0 ]; then
    set -- "$shared/conformance" "$shared/corpus"
fi
systems=${SYSTEMS:-"declared dutch-2025 dutch-2017 dutch-2012 dubov-2025 dubov-2018 dubov-1997 burstein-2026 double-swiss-2026 lim-2026 fmjd-rating fmjd-solkoff kndb-solkoff team-2025 team-2024"}
jobs=${JOBS:-$(nproc)}
timeout=${TIMEOUT:-300}
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"

# Every tournament file: the TRF names and the names FMJD crosstables come under.
find "$@" -type f \( -iname '*.trf' -o -iname '*.trfx' -o -iname '*.csv' -o -iname '*.tab' \
    -o -iname '*.tsv' -o -iname '*.txt' \) | sort > "$out/files"
count=$(wc -l < "$out/files")
[ "$count" -gt 0 ] || { echo "same-verdicts: no tournament file under $*" >&2; exit 2; }

one() { # FILE SYSTEM: both builds, outputs in $out/{before,after}/KEY.*
    local file=$1 system=$2 key side binary
    key=$(printf '%s %s' "$file" "$system" | md5sum | cut -c1-16)
    for side in before after; do
        binary=$before
        [ "$side" = after ] && binary=$after
        mkdir -p "$out/$side"
        local flags=()
        [ "$system" = declared ] || flags=(--system "$system")
        set +e
        timeout "$timeout" "$binary" check "${flags[@]}" --format json "$file" \
            > "$out/$side/$key.out" 2> "$out/$side/$key.err" < /dev/null
        echo $? > "$out/$side/$key.status"
        set -e
    done
    if grep -qx 124 "$out/before/$key.status" "$out/after/$key.status"; then
        echo "timeout $system $file"
    elif cmp -s "$out/before/$key.out" "$out/after/$key.out" \
        && cmp -s "$out/before/$key.err" "$out/after/$key.err" \
        && cmp -s "$out/before/$key.status" "$out/after/$key.status"; then
        echo "same $system $file"
    else
        echo "DIFFERS $system $file ($out/before/$key.* against $out/after/$key.*)"
    fi
}
export -f one
export before after out timeout

while read -r file; do
    for system in $systems; do printf '%s\0%s\0' "$file" "$system"; done
done < "$out/files" | xargs -0 -n 2 -P "$jobs" bash -c 'one "$0" "$1"' > "$out/results"

same=$(grep -c '^same ' "$out/results" || true)
differs=$(grep -c '^DIFFERS ' "$out/results" || true)
timeouts=$(grep -c '^timeout ' "$out/results" || true)
grep -v '^same ' "$out/results" | sort || true
echo "same-verdicts: $count files, $((same + differs + timeouts)) runs: $same the same, $differs differ, $timeouts stopped after ${timeout} s (outputs in $out)"
[ "$differs" -eq 0 ]
