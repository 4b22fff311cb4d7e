#!/usr/bin/env bash
# Writes the page files out of Beagle's pages (../shared/reference/beagle-docs beside the repository), then
# builds every target of this package: the pages' code against BeagleAdapter in the Swift 5 and Swift 6
# language modes, and the bridge against the stand-in `Beagle` module, warnings as errors. The two targets
# of the page's `CustomNetworkClient` allow warnings, because its placeholder body leaves three values
# unused; any other warning of theirs fails here. Last, the bridge's tests run. Without the pages, a user's
# clone, only the bridge is built and tested, and the script says so.
#
# Extra arguments go to `swift build` and `swift test`. SWIFT_SCRATCH_PATH, when set, is used as
# "$SWIFT_SCRATCH_PATH-beagle-samples"; otherwise the repository's .build/beagle-samples.
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$package_dir"

scratch="$package_dir/../../.build/beagle-samples"
case "${SWIFT_SCRATCH_PATH:-}" in
'') ;;
/*) scratch="$SWIFT_SCRATCH_PATH-beagle-samples" ;;
*) scratch="$package_dir/../../$SWIFT_SCRATCH_PATH-beagle-samples" ;;
esac

python3 scripts/check_pages.py

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [[ -f Sources/NetworkLayerPage/NetworkClientDefault.swift ]]; then
    swift build --scratch-path "$scratch" --build-tests "$@" 2>&1 | tee "$log"
else
    echo "BeagleSamples: skipped the pages' code (Beagle's pages are not beside the repository); building the bridge"
    mkdir -p Sources/NetworkLayerPage # the manifest declares the page's target, left empty here
    swift build --scratch-path "$scratch" --product BeagleSamplesPackageTests "$@" 2>&1 | tee "$log"
fi

allowed='/CustomClientPage(Swift6)?/CustomNetworkClient\.swift:1[678]:[0-9]+: warning: (initialization of )?immutable value .(url|requestType|headers). was never used'
unexpected="$(grep -E ': warning: ' "$log" | grep -vE "$allowed" || true)"
if [[ -n "$unexpected" ]]; then
    echo "BeagleSamples: warnings beyond the three unused values of the page's placeholder:" >&2
    echo "$unexpected" >&2
    exit 1
fi
swift test --scratch-path "$scratch" --skip-build --disable-xctest "$@" 2>&1 | tee "$log"
if ! grep -q 'Suite "BeagleBridge hands Beagle.s calls to the adapter" passed' "$log"; then
    echo "BeagleSamples: the bridge's tests did not run and pass" >&2
    exit 1
fi
if [[ -f Sources/NetworkLayerPage/NetworkClientDefault.swift ]]; then
    echo "BeagleSamples: the pages' code and the bridge build in Swift 5 and Swift 6 modes; the bridge's tests pass"
else
    echo "BeagleSamples: the bridge builds in Swift 5 and Swift 6 modes and its tests pass; the pages' code was skipped"
fi
