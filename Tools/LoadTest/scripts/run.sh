#!/usr/bin/env bash
# run.sh: the load test. Starts a private httpbin on loopback (scripts/httpbin.sh of the root package),
# builds `loadtest` in release, sends 10,000 GETs per phase at concurrency 64 through one Router,
# and stops the server again. Exits with loadtest's status: 0 only when every request completed exactly
# once, without errors, and resident memory stayed within its bound.
#
#   bash Tools/LoadTest/scripts/run.sh [LOADTEST_ARGS...]
#
# LOADTEST_ARGS override the defaults (`--requests 10000 --concurrency 64`); `loadtest --help` lists them.
#
# Environment:
#   LOADTEST_SCRATCH_PATH  build directory                          [Tools/LoadTest/.build-load]
#   HTTPBIN_*              see scripts/httpbin.sh; the run gets a server and state dir of its own
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
package=$PWD
root=$(cd ../.. && pwd)

say() { printf '==> %s\n' "$*" >&2; }

# Loopback only, never through a proxy.
unset http_proxy https_proxy all_proxy ftp_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY FTP_PROXY
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost

state_dir=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-loadtest.XXXXXX")
export HTTPBIN_STATE_DIR=$state_dir
export HTTPBIN_TTL=${HTTPBIN_TTL:-1800}
# shellcheck source-path=SCRIPTDIR source=../../../scripts/httpbin.sh
source "$root/scripts/httpbin.sh"

cleanup() {
    local rc=$?
    httpbin_stop || true
    rm -rf "$state_dir"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

scratch=${LOADTEST_SCRATCH_PATH:-$package/.build-load}
say "swift build -c release (in $scratch)"
swift build -c release --scratch-path "$scratch" -Xswiftc -warnings-as-errors </dev/null
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path </dev/null)/loadtest

say "starting httpbin"
httpbin_start || {
    printf 'run.sh: error: could not start httpbin\n' >&2
    exit 1
}
say "httpbin at $HTTPBIN_URL"

"$bin" --url "$HTTPBIN_URL/get" --requests 10000 --concurrency 64 "$@" </dev/null
