#!/usr/bin/env bash
# Builds and tests the Ticker example with -warnings-as-errors, then plays its offline sample with the built
# `ticker` command and checks what it printed: four quotes across a reconnection. SWIFT_SCRATCH_PATH, when set, is
# used as "$SWIFT_SCRATCH_PATH-ticker".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scratch=()
if [[ -n ${SWIFT_SCRATCH_PATH:-} ]]; then scratch=(--scratch-path "$SWIFT_SCRATCH_PATH-ticker"); fi

swift build ${scratch[@]+"${scratch[@]}"} -Xswiftc -warnings-as-errors --build-tests </dev/null
swift test ${scratch[@]+"${scratch[@]}"} --skip-build --disable-xctest </dev/null
output=$(swift run ${scratch[@]+"${scratch[@]}"} --skip-build ticker </dev/null 2>/dev/null)
printf '%s\n' "$output"
[[ $(wc -l <<<"$output") == 4 && $(tail -n 1 <<<"$output") == "MSFT   409.80" ]] || {
    echo "Ticker: the offline sample did not print its four quotes" >&2
    exit 1
}
