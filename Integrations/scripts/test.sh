#!/usr/bin/env bash
# test.sh: builds the integrations package in debug with warnings as errors and runs its tests.
#
#   bash Integrations/scripts/test.sh
#
# The reliability table runs over both transports against the fault server named by FAULT_SERVER_URL
# (the root scripts/test.sh starts one and runs this script). With NETWORKLAYER_REQUIRE_INTEGRATION=1
# the run fails when that suite did not run. AsyncHTTPClient's first debug build takes a few minutes;
# a release build takes about ten, so CI builds in debug only.
#
# Environment:
#   INTEGRATIONS_SCRATCH_PATH  build directory   [SwiftPM's default, .build]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export no_proxy=127.0.0.1,localhost

args=()
[[ -n ${INTEGRATIONS_SCRATCH_PATH:-} ]] && args+=(--scratch-path "$INTEGRATIONS_SCRATCH_PATH")
log=$(mktemp)
trap 'rm -f "$log"' EXIT

printf '==> %s\n' "Integrations: swift build --build-tests (debug, warnings are errors)" >&2
swift build --build-tests -Xswiftc -warnings-as-errors "${args[@]}" </dev/null
printf '==> %s\n' "Integrations: swift test" >&2
swift test --skip-build "${args[@]}" </dev/null 2>&1 | tee "$log"
if [[ ${NETWORKLAYER_REQUIRE_INTEGRATION:-0} == 1 ]] &&
    ! grep -q 'Suite "Reliability over both transports" passed' "$log"; then
    printf 'Integrations/scripts/test.sh: error: the reliability suite did not run; set FAULT_SERVER_URL\n' >&2
    exit 1
fi
