#!/usr/bin/env bash
# Export the LEGUP proofs of Tents puzzles and run them through LEGUP itself (the headless
# checker of ../shared/tools/legup, which builds LEGUP from LEGUP_MIRROR). Skips, exit 0, when
# the checker or LEGUP_MIRROR is not there.
#   benchmarks/legup_real.sh IDFILE [OUTDIR]     IDFILE: one Tatham game ID a line
set -euo pipefail
CHECK="${LEGUP_CHECK:-$(dirname "$0")/../../shared/tools/legup/legup_check.sh}"
if [[ ! -x "$CHECK" || -z "${LEGUP_MIRROR:-}" ]]; then
    echo "legup_real: SKIPPED (no LEGUP checker at $CHECK or LEGUP_MIRROR unset)"; exit 0
fi
ids="$1"; out="${2:-$(mktemp -d)}"; mkdir -p "$out"; i=0
while read -r id; do
    i=$((i + 1)); aspuzzle explain "$id" --to legup -o "$out/p$(printf %03d $i).xml"
done < "$ids"
"$CHECK" -q --require-complete --strict-lines "$out"/p*.xml > "$out/legup.txt" 2>&1 || true
n=$(grep -c '^SUMMARY' "$out/legup.txt" || true)
ok=$(grep '^SUMMARY' "$out/legup.txt" | grep -c 'invalid=0 unjustified=0.*complete=true.*lines_recheck_invalid=0' || true)
echo "legup_real: $ok of $n accepted by LEGUP (every transition valid, lines re-checked, complete); report $out/legup.txt"
