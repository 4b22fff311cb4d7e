#!/usr/bin/env bash
# memory.sh: resident memory per 20,000 requests over 200,000, for the library's Router and for a bare
# URLSession in the same run (one process each, the same private httpbin, one after the other), and how
# much faster the router's grows.
#
#   bash Tools/LoadTest/scripts/memory.sh [REQUESTS] [EVERY]     # defaults: 200000 20000
#
# Each client runs `loadtest --api async --concurrency 64 --warmup 5000 --rss-every EVERY`; the growth per
# EVERY requests is the slope of a least squares line through its readings. Prints both slopes and their
# difference; exits with loadtest's status, or 1 when the router's growth exceeds the bare session's by more
# than MEMORY_MAX_DIFFERENCE_MB per EVERY requests.
#
# Environment: as run.sh (LOADTEST_SCRATCH_PATH, HTTPBIN_*), and
#   MEMORY_MAX_DIFFERENCE_MB  the bound on router minus URLSession per EVERY requests   [0.5]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
requests=${1:-200000}
every=${2:-20000}
log_dir=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-memory.XXXXXX")

run_client() { # $1 = router | urlsession
    bash scripts/run.sh --api async --requests "$requests" --warmup 5000 --rss-every "$every" \
        --max-rss-growth-mb 1000 --timeout 3600 --client "$1" | tee "$log_dir/$1.log"
}

run_client urlsession
run_client router

slope() { sed -n "s/^rss-growth async: \([-+0-9.]*\) MB.*/\1/p" "$log_dir/$1.log"; }
router=$(slope router)
bare=$(slope urlsession)
difference=$(awk -v a="$router" -v b="$bare" 'BEGIN { printf "%+.3f", a - b }')
bound=${MEMORY_MAX_DIFFERENCE_MB:-0.5}
printf '==> RSS growth per %d requests: router %s MB, bare URLSession %s MB, difference %s MB (bound %s MB)\n' \
    "$every" "$router" "$bare" "$difference" "$bound"
rm -rf "$log_dir"
if awk -v d="$difference" -v b="$bound" 'BEGIN { exit !(d > b) }'; then
    printf '==> FAIL: the router grows %s MB per %d requests more than a bare URLSession\n' "$difference" "$every"
    exit 1
fi
