#!/usr/bin/env bash
# Tests/corpus-lint.sh — lint whole checkouts of the corpus apps as a team's CI would, one
# repository at a time, and print every finding and warning (see Docs/Lint.md, "The corpus of
# real apps").
#
#   Tests/corpus-lint.sh [CHECKOUTS] [LOCSIM]
#
# CHECKOUTS: the folder holding <owner>__<name> checkouts at the commits of SOURCES.tsv (default:
# ../corpus beside the repository, or $LOCSIM_CHECKOUTS). LOCSIM: the binary (default: the debug
# build, built if missing). Exit status: 1 if any repository has a finding of error severity or
# lint exits 2, else 0.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
checkouts=${1:-${LOCSIM_CHECKOUTS:-$root/../corpus}}
locsim=${2:-$root/.build/debug/locsim}
if [ ! -x "$locsim" ]; then (cd "$root" && swift build --product locsim >/dev/null) || exit 2; fi
# locsim lint runs locsim-lint from locsim's directory.
if [ ! -x "$(dirname "$locsim")/locsim-lint" ]; then (cd "$root" && swift build --product locsim-lint >/dev/null) || exit 2; fi
[ -d "$checkouts" ] || { echo "no checkouts at $checkouts" >&2; exit 2; }
checkouts=$(cd "$checkouts" && pwd -P)
status=0
for repo in "$checkouts"/*__*/; do
    repo=${repo%/}
    echo "=== $(basename "$repo")"
    out=$("$locsim" lint "$repo" 2>&1)
    code=$?
    # Paths relative to the checkout, so runs in different folders compare.
    printf '%s\n' "$out" | sed "s|$repo/||g"
    if [ "$code" -eq 2 ] || printf '%s\n' "$out" | grep -q ": error: "; then status=1; fi
done
exit $status
