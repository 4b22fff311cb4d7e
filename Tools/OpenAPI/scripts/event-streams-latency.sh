#!/usr/bin/env bash
# Issue 41, point 4: event-streams.yaml's generated client reads a stream of one event every 200 ms for about
# 5 s from scripts/sse_server.py (GET /api/greetings), over NetworkLayer's RouterClientTransport and over
# swift-openapi-urlsession 1.4.0, and prints when the first event and the end reached it for each. Builds in
# the comparison's scratch package (.build/comparison, see compare-reference.sh), with the document copied from
# ../shared. Uses the peer named by SSE_SERVER_URL, or starts one. Skips, saying so, without ../shared.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
document="${OPENAPI_DOCUMENTS:-$root/../shared/reference/openapi}/event-streams.yaml"
if [ ! -f "$document" ]; then
    echo "event-streams-latency: $document is absent (CI has it); skipped"
    exit 0
fi
scratch="$here/.build/comparison"
mkdir -p "$scratch/Sources"
cp "$here/Comparison/Package.swift" "$scratch/Package.swift"
for target in EventStreams event-streams-latency; do
    rm -rf "$scratch/Sources/$target"
    cp -R "$here/Comparison/Sources/$target" "$scratch/Sources/$target"
done
cp "$document" "$scratch/Sources/EventStreams/openapi.yaml"
# The comparison's targets, which compare-reference.sh fills, are in the same manifest: they must exist here too.
for target in Theirs compare; do
    [ -d "$scratch/Sources/$target" ] || cp -R "$here/Comparison/Sources/$target" "$scratch/Sources/$target"
done
[ -f "$scratch/Sources/Theirs/openapi.yaml" ] || cp "$(dirname "$document")/petstore.yaml" "$scratch/Sources/Theirs/openapi.yaml"
[ -d "$scratch/Sources/Ours" ] || { mkdir -p "$scratch/Sources/Ours" && echo "// compare-reference.sh generates this target." >"$scratch/Sources/Ours/Ours.swift"; }
if [ -z "${SSE_SERVER_URL:-}" ]; then
    # shellcheck source=../../../scripts/sse_server.sh
    source "$root/scripts/sse_server.sh"
    export SSE_SERVER_STATE_DIR="$scratch/sse-server"
    sse_server_start >/dev/null || exit 1
    trap sse_server_stop EXIT
fi
cd "$scratch"
swift build --product event-streams-latency >latency-build.log 2>&1 ||
    { grep -E "error" latency-build.log | sort -u | head -30; exit 1; }
export no_proxy=127.0.0.1,localhost
.build/debug/event-streams-latency "$SSE_SERVER_URL/api" 25
