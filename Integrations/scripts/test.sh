#!/usr/bin/env bash
# test.sh: builds the integrations package in debug with warnings as errors and runs its tests.
#
#   bash Integrations/scripts/test.sh
#
# The reliability table runs over both transports against the fault server named by FAULT_SERVER_URL, and
# the root package's httpbin and fault suites run again over AsyncHTTPClientTransport (HTTPBIN_URL,
# FAULT_SERVER_URL), and br and zstd bodies decode over it (COMPRESSION_SERVER_URL), and its WebSockets run
# against Python's websockets and a hostile server (WEBSOCKET_SERVER_URL, WEBSOCKET_HOSTILE_SERVER_URL,
# scripts/websocket_server.sh), and so does the Ticker example (Examples/Ticker, its `Live` trait); the root
# scripts/test.sh starts the servers and runs this script. With
# NETWORKLAYER_REQUIRE_INTEGRATION=1 the run fails when any of those suites did not run and pass. AsyncHTTPClient's first debug build takes a few minutes;
# a release build takes about ten, so CI builds in debug only.
#
# Environment:
#   INTEGRATIONS_SCRATCH_PATH  build directory   [SwiftPM's default, .build]
#
# The HTTP/2 suite runs against Debian's nghttpd over TLS (scripts/nghttpd.sh), which this script starts, and so
# does the pinning suite, against its own instances (scripts/pinning_peers.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export no_proxy=127.0.0.1,localhost

args=()
[[ -n ${INTEGRATIONS_SCRATCH_PATH:-} ]] && args+=(--scratch-path "$INTEGRATIONS_SCRATCH_PATH")
log=$(mktemp)
nghttpd_dir=$(mktemp -d)
# shellcheck source=scripts/nghttpd.sh
source ../scripts/nghttpd.sh
pinning_dir=$(mktemp -d)
# shellcheck source=scripts/pinning_peers.sh
source ../scripts/pinning_peers.sh
# The Ticker check's Package.resolved pins AsyncHTTPClient, which Ticker's builds without the trait would then fetch.
ticker_resolved=../Examples/Ticker/Package.resolved
[[ -e $ticker_resolved ]] && ticker_resolved=/dev/null
trap 'nghttpd_stop; pinning_peers_stop; rm -rf "$log" "$log.ticker" "$nghttpd_dir" "$pinning_dir"
[[ $ticker_resolved == /dev/null ]] || rm -f "$ticker_resolved"' EXIT
# The HTTP/2 suite's peer: nghttpd over TLS on 127.0.0.1 (installed with apt-get when missing).
if nghttpd_start "$nghttpd_dir"; then
    printf '==> %s\n' "Integrations: nghttpd at $NGHTTPD_URL" >&2
else
    printf '==> %s\n' "Integrations: nghttpd did not start; the HTTP/2 suite is skipped (or fails when required)" >&2
fi

# The pinning suite's peers: nghttpd over TLS on 127.0.0.1, one per certificate.
if pinning_peers_start "$pinning_dir"; then
    printf '==> %s\n' "Integrations: pinning peers in $PINNING_PEERS" >&2
else
    printf '==> %s\n' "Integrations: the pinning peers did not start; the pinning suite is skipped (or fails when required)" >&2
fi

# NetworkLayerAsyncHTTPClient decodes br and zstd with the system's libraries, and its tests encode with them.
# shellcheck source=scripts/apt_install.sh
source ../scripts/apt_install.sh
apt_require_headers brotli/decode.h:libbrotli-dev brotli/encode.h:libbrotli-dev zstd.h:libzstd-dev

printf '==> %s\n' "Integrations: swift build --build-tests (debug, warnings are errors)" >&2
swift build --build-tests -Xswiftc -warnings-as-errors "${args[@]}" </dev/null
swift build -Xswiftc -warnings-as-errors --product ServerStyleExample "${args[@]}" </dev/null
printf '==> %s\n' "Integrations: swift test" >&2
swift test --skip-build --disable-xctest "${args[@]}" </dev/null 2>&1 | tee "$log"
if [[ -n ${HTTPBIN_URL:-} ]]; then
    printf '==> %s\n' "Integrations: ServerStyleExample against $HTTPBIN_URL" >&2
    example=$(swift run --skip-build "${args[@]}" ServerStyleExample "$HTTPBIN_URL" </dev/null 2>/dev/null)
    grep -q '^statuses: \[200, 200, 200, 200, 200, 200, 200, 200, 503\]$' <<<"$example" || {
        printf '%s\nIntegrations/scripts/test.sh: error: the example did not print the expected statuses\n' "$example" >&2
        exit 1
    }
fi
# The Ticker example (Examples/Ticker) live: built with its `Live` trait in this build folder, which holds SwiftNIO
# and AsyncHTTPClient already, and run against websockets' /ticker feed, which drops the first connection.
if [[ -n ${WEBSOCKET_SERVER_URL:-} ]]; then
    started=$SECONDS
    scratch=${INTEGRATIONS_SCRATCH_PATH:-.build}
    [[ $scratch == /* ]] || scratch=$PWD/$scratch
    ticker=(--package-path ../Examples/Ticker --scratch-path "$scratch" --traits Live)
    printf '==> %s\n' "Integrations: Ticker over AsyncHTTPClientTransport against $WEBSOCKET_SERVER_URL/ticker" >&2
    swift build "${ticker[@]}" -Xswiftc -warnings-as-errors --product ticker </dev/null
    key=integrations-$$-$RANDOM
    quotes=$(timeout 60 "$(swift build "${ticker[@]}" --show-bin-path </dev/null)/ticker" \
        "$WEBSOCKET_SERVER_URL/ticker?key=$key" AAPL </dev/null 2>"$log.ticker") || true
    subscriptions=$(curl -fsS --noproxy 127.0.0.1 "$WEBSOCKET_SERVER_URL/ticker/report?key=$key") || true
    if [[ $quotes != $'AAPL   190.00\nAAPL   190.25\nAAPL   190.50\nAAPL   190.75' ||
        $subscriptions != '[["AAPL"], ["AAPL"]]' ]]; then
        printf '%s\n%s\nsubscriptions seen: %s\n' "$quotes" "$(<"$log.ticker")" "$subscriptions" >&2
        printf 'Integrations/scripts/test.sh: error: Ticker did not print 4 quotes across a reconnection\n' >&2
        exit 1
    fi
    printf '==> %s\n' "Integrations: Ticker: 4 quotes, a reconnection, 2 subscriptions, $((SECONDS - started)) s" >&2
fi
if [[ ${NETWORKLAYER_REQUIRE_INTEGRATION:-0} == 1 ]]; then
    if [[ -z ${WEBSOCKET_SERVER_URL:-} ]]; then
        printf 'Integrations/scripts/test.sh: error: Ticker did not run; it needs WEBSOCKET_SERVER_URL\n' >&2
        exit 1
    fi
    pattern='@Suite\("(Integration|Faults|Reliability)[^"]*"'
    expected=$(grep -rhoE "$pattern" Tests/ ../Tests/NetworkLayerTests/Integration ../Tests/NetworkLayerTests/Faults |
        sort -u | wc -l)
    passed=$(grep -E 'Suite "(Integration|Faults|Reliability)[^"]*" passed' "$log" | sort -u | wc -l)
    if ((passed < expected)); then
        printf 'Integrations/scripts/test.sh: error: %s of %s loopback suites passed; they need HTTPBIN_URL and FAULT_SERVER_URL\n' \
            "$passed" "$expected" >&2
        exit 1
    fi
    printf '==> %s\n' "Integrations: all $expected loopback suites ran and passed" >&2
fi
