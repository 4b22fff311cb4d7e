#!/usr/bin/env bash
# cache_tests.sh: scores the library's HTTP cache with the RFC 9111 suite of http-tests/cache-tests.
#
#   bash scripts/cache_tests.sh
#
# Starts the suite's origin server, builds and starts cache-tests-proxy (Integrations/Sources/CacheTestsProxy:
# a proxy that forwards every request through a NetworkLayer `Router` with a shared `HTTPCache`, configured in
# its RouterSetup.swift, built by the Integrations package), runs the suite's client
# against the proxy (about 65 s), and prints the suite's own score line, `required N/163, optimal ...,
# check yes ...`, after the requests the proxy itself answered 502 (no response from the origin), if any.
# Everything listens on 127.0.0.1 only, and everything started is stopped on exit.
#
# The suite is not part of the repository: it is looked for in ../shared/reference/cache-tests beside the
# repository (or beside the main checkout, from a git worktree), or where CACHE_TESTS_DIR says. Without it,
# or without Node 20 or later, the script says so and exits 0.
#
# Environment:
#   CACHE_TESTS_DIR          the suite's folder                                  [found as above]
#   CACHE_TESTS_ID           one test's id instead of all, e.g. freshness-max-age  [all]
#   CACHE_TESTS_RESULTS      where the client's results JSON goes                 [a temporary file]
#   CACHE_TESTS_MINIMUM      fail when fewer required tests pass                  [0]
#   INTEGRATIONS_SCRATCH_PATH the Integrations package's build directory         [Integrations/.build]
#   SHOW_FAILED=1            also list the required tests that failed (the suite's score.mjs)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

say() { printf '==> %s\n' "$*" >&2; }
skip() {
    printf 'cache_tests.sh: skipped: %s\n' "$*" >&2
    exit 0
}

# Loopback only, never through a proxy of the environment.
unset http_proxy https_proxy all_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost

find_suite() {
    local candidates=("${CACHE_TESTS_DIR:-}" "$root/../shared/reference/cache-tests") common
    common=$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
    [[ -n $common ]] && candidates+=("$(dirname "$common")/../shared/reference/cache-tests")
    local candidate
    for candidate in "${candidates[@]}"; do
        if [[ -n $candidate && -f $candidate/test-engine/server/server.mjs && -f $candidate/score.mjs ]]; then
            (cd "$candidate" && pwd)
            return
        fi
    done
}
suite=$(find_suite)
[[ -n $suite ]] || skip "no cache-tests suite in ../shared/reference/cache-tests beside the repository; set CACHE_TESTS_DIR"
command -v node >/dev/null || skip "node is not installed (the suite needs Node 20)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || skip "node $(node --version) is older than the suite's Node 20"

work=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-cache-tests.XXXXXX")
pids=()
cleanup() {
    local rc=$? pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Waits until the process `pid` prints `pattern` to `log`, and prints the port in that line.
port_from() {
    local pid=$1 log=$2 pattern=$3 line
    for _ in $(seq 1 300); do
        line=$(grep -m1 -E "$pattern" "$log" 2>/dev/null || true)
        if [[ -n $line ]]; then
            sed -E 's/.*:([0-9]+)\/?$/\1/' <<<"$line"
            return
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    printf 'cache_tests.sh: error: no "%s" in %s:\n' "$pattern" "$log" >&2
    cat "$log" >&2
    return 1
}

# The proxy is a target of the Integrations package, whose build (Integrations/scripts/test.sh) it shares.
proxy_package=$root/Integrations
scratch=${INTEGRATIONS_SCRATCH_PATH:-$proxy_package/.build}
say "building the proxy (swift build in $scratch)"
swift build --package-path "$proxy_package" --scratch-path "$scratch" -Xswiftc -warnings-as-errors \
    --product cache-tests-proxy </dev/null >&2
proxy=$(swift build --package-path "$proxy_package" --scratch-path "$scratch" -Xswiftc -warnings-as-errors \
    --show-bin-path </dev/null)/cache-tests-proxy

# The suite's server listens on every interface; this module, imported first, makes it listen on the
# loopback one only.
cat >"$work/loopback.mjs" <<'JS'
import net from 'node:net'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (port, ...rest) {
  const isPort = typeof port === 'number' || typeof port === 'string'
  return isPort ? listen.call(this, port, '127.0.0.1', ...rest) : listen.call(this, port, ...rest)
}
JS
(
    cd "$suite"
    export npm_config_protocol=http npm_config_port=0 npm_config_pidfile=$work/origin.pid
    exec node --no-warnings --import "file://$work/loopback.mjs" test-engine/server/server.mjs
) >"$work/origin.log" 2>&1 </dev/null &
pids+=($!)
origin_port=$(port_from "${pids[-1]}" "$work/origin.log" '^Listening on ')
say "origin (the suite's server) on 127.0.0.1:$origin_port"

"$proxy" --port 0 --origin "http://127.0.0.1:$origin_port" >"$work/proxy.log" 2>&1 </dev/null &
pids+=($!)
proxy_port=$(port_from "${pids[-1]}" "$work/proxy.log" 'listening on ')
say "proxy (a Router) on 127.0.0.1:$proxy_port"

results=${CACHE_TESTS_RESULTS:-$work/results.json}
say "running the suite's client through the proxy${CACHE_TESTS_ID:+ (test $CACHE_TESTS_ID)}"
started=$SECONDS
(
    cd "$suite"
    npm_config_base=http://127.0.0.1:$proxy_port npm_config_id= npm_package_config_id=${CACHE_TESTS_ID:-} \
        exec node --no-warnings test-engine/cli.mjs
) >"$results" </dev/null
say "client done in $((SECONDS - started)) s"
# The proxy's own failures (a 502 when the router got no response), apart from the cache's.
if failures=$(grep -c '^cache-tests-proxy: 502 ' "$work/proxy.log"); then
    say "the proxy answered $failures request(s) 502 itself:"
    grep '^cache-tests-proxy: 502 ' "$work/proxy.log" >&2
fi

if [[ -n ${CACHE_TESTS_ID:-} ]]; then
    cat "$results"
    exit 0
fi
score=$(cd "$suite" && node score.mjs "$results")
printf '%s\n' "$score"
required=$(head -n1 <<<"$score" | sed -E 's/.*required ([0-9]+)\/.*/\1/')
minimum=${CACHE_TESTS_MINIMUM:-0}
if ((required < minimum)); then
    printf 'cache_tests.sh: error: %s required tests passed, fewer than %s\n' "$required" "$minimum" >&2
    exit 1
fi
