#!/usr/bin/env bash
# The README's test run, several times in a row, with the machine kept busy beside it: the
# suite must hold under load (its waits are on real conditions, never on a time that load
# can exceed). Usage, from the repository, after `bash .ci/run` has set it up once:
#
#     bash scripts/suite_under_load.sh [runs=3] [busy loops=2]
#
# Each run's output goes to .ci/under-load/run<N>.log; a line per run says how it went.
set -uo pipefail
runs=${1:-3}
loops=${2:-2}
cd "$(dirname "$0")/.."
out=.ci/under-load
mkdir -p "$out"
export VANDATTA_REQUIRE_BROWSER=1
export VANDATTA_SITE="${VANDATTA_SITE:-$PWD/.site-cache/site}"
busy=()
for _ in $(seq "$loops"); do
    ( while :; do :; done ) &
    busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
failed=0
for i in $(seq "$runs"); do
    start=$(date +%s)
    .venv/bin/python -m pytest -p no:cacheprovider -q > "$out/run$i.log" 2>&1
    rc=$?
    summary=$(grep -E '^(=+ )?[0-9]+ (passed|failed)' "$out/run$i.log" | tail -1)
    echo "run $i: exit $rc in $(( $(date +%s) - start )) s — $summary"
    [ "$rc" -eq 0 ] || failed=1
done
exit "$failed"
