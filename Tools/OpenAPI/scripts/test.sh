#!/usr/bin/env bash
# Builds the generator package (tests, and the example target whose code the build-tool plugin generates) with
# warnings as errors, runs the tests and the example, then generates and compiles the reference documents and
# compares the petstore requests with swift-openapi-generator's (scripts/compare-reference.sh), then reads
# event-streams.yaml's stream over RouterClientTransport and swift-openapi-urlsession (event-streams-latency.sh).
# Ends with one summary line: `openapi: N passed, N failed`.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
passed=0
failed=0
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

step() { # name, command...
    local name="$1"
    shift
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        echo "ok: $name"
    else
        failed=$((failed + 1))
        echo "FAILED: $name"
        tail -40 "$log"
    fi
}

if ! swift build --build-tests -Xswiftc -warnings-as-errors >"$log" 2>&1; then
    grep -E "error|warning:" "$log" | sort -u | head -40
    echo "openapi: 0 passed, 1 failed"
    exit 1
fi
echo "ok: build (tests, generator, plugins, example) with -warnings-as-errors"

.build/debug/NetworkLayerOpenAPIPackageTests.xctest --testing-library swift-testing >"$log" 2>&1
status=$?
tests_passed=$(grep "✔.* Test .* passed" "$log" | grep -vc "Test run" || true)
tests_failed=$(grep "✘.* Test .* failed" "$log" | grep -vc "Test run" || true)
grep -E "✘|skipped" "$log" | head -20
[ "$status" -eq 0 ] || [ "$tests_failed" -gt 0 ] || tests_failed=1
passed=$((passed + tests_passed))
failed=$((failed + tests_failed))
echo "ok: $tests_passed tests passed, $tests_failed failed"

example() {
    local output
    output="$(.build/debug/PetstoreLite)"
    echo "$output"
    [ "$output" = $'listPets: Rex, Tom\nshowPet: Rex dog\naddPet: 3 Polly\nX-API-Key: demo-key' ]
}
step "example PetstoreLite runs offline against stubs" example
step "reference documents generate and compile" bash scripts/compile-reference.sh
grep "compile-reference:" "$log" || true
step "petstore requests equal swift-openapi-generator's" bash scripts/compare-reference.sh
grep "compare" "$log" | tail -1 || true
step "event-streams.yaml's first event arrives over RouterClientTransport before the end" \
    bash scripts/event-streams-latency.sh
grep -E "first event|skipped" "$log" || true

echo "openapi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
