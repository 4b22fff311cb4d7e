#!/usr/bin/env bash
# Builds and tests the LiveEvents example with -warnings-as-errors, then plays its offline sample with the
# built `events` command and checks what it printed. SWIFT_SCRATCH_PATH, when set, is used as
# "$SWIFT_SCRATCH_PATH-liveevents".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scratch=()
if [[ -n ${SWIFT_SCRATCH_PATH:-} ]]; then scratch=(--scratch-path "$SWIFT_SCRATCH_PATH-liveevents"); fi

swift build ${scratch[@]+"${scratch[@]}"} -Xswiftc -warnings-as-errors --build-tests </dev/null
swift test ${scratch[@]+"${scratch[@]}"} --skip-build --disable-xctest </dev/null
output=$(swift run ${scratch[@]+"${scratch[@]}"} --skip-build events </dev/null 2>/dev/null)
printf '%s\n' "$output"
[[ $(grep -c '^#[0-9]' <<<"$output") == 5 && $(tail -n 1 <<<"$output") == "#5 full-time  Rovers 1-1 United" ]] || {
    echo "LiveEvents: the offline sample did not print its five events" >&2
    exit 1
}
