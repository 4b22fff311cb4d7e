#!/usr/bin/env bash
# Issue 41, point 3: for every operation of petstore.yaml, the URLRequest that Router.makeRequest(for:) builds
# from the generated enum against the HTTPRequest that swift-openapi-generator's Client hands to a recording
# ClientTransport. Copies Comparison/ to .build/comparison, adds the document (read from ../shared, never
# checked in) and the generated enum, builds and runs `compare`. Skips, saying so, without ../shared.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
document="${OPENAPI_DOCUMENTS:-$root/../shared/reference/openapi}/petstore.yaml"
if [ ! -f "$document" ]; then
    echo "compare-reference: $document is absent (CI has it); skipped"
    exit 0
fi
tool="$here/.build/debug/networklayer-openapi"
[ -x "$tool" ] || (cd "$here" && swift build --product networklayer-openapi >/dev/null)
scratch="$here/.build/comparison"
mkdir -p "$scratch/Sources"
cp "$here/Comparison/Package.swift" "$scratch/Package.swift"
for target in Theirs compare EventStreams event-streams-latency; do
    rm -rf "$scratch/Sources/$target"
    cp -R "$here/Comparison/Sources/$target" "$scratch/Sources/$target"
done
cp "$document" "$scratch/Sources/Theirs/openapi.yaml"
# The same manifest builds event-streams-latency (event-streams-latency.sh), whose target needs its document.
cp "$(dirname "$document")/event-streams.yaml" "$scratch/Sources/EventStreams/openapi.yaml"
rm -rf "$scratch/Sources/Ours"
"$tool" generate "$document" --output "$scratch/Sources/Ours" --name PetstoreAPI --access public
cd "$scratch"
swift build --product compare >build.log 2>&1 || { grep -E "error" build.log | sort -u | head -30; exit 1; }
.build/debug/compare
