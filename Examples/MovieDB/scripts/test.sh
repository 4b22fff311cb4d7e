#!/usr/bin/env bash
# Builds and tests the MovieDB example with -warnings-as-errors, running the end-to-end suite
# against scripts/fake_tmdb.py on 127.0.0.1.
#
# Extra arguments go to both `swift build` and `swift test` (for example `-c release`).
# SWIFT_SCRATCH_PATH, when set, is used as "$SWIFT_SCRATCH_PATH-moviedb".
# Fails when the end-to-end suite or the usage suite did not run and pass.
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$package_dir"

scratch=()
if [[ -n "${SWIFT_SCRATCH_PATH:-}" ]]; then
    scratch=(--scratch-path "$SWIFT_SCRATCH_PATH-moviedb")
fi

work_dir="$(mktemp -d)"
# shellcheck source=Examples/MovieDB/scripts/fake_tmdb.sh
source scripts/fake_tmdb.sh
cleanup() {
    fake_tmdb_stop
    rm -rf "$work_dir"
}
trap cleanup EXIT
fake_tmdb_start "$work_dir"
export no_proxy="127.0.0.1,localhost" NO_PROXY="127.0.0.1,localhost"
export NETWORKLAYER_REQUIRE_INTEGRATION=1
echo "MovieDB: fake TMDB server at $FAKE_TMDB_URL"

swift build ${scratch[@]+"${scratch[@]}"} -Xswiftc -warnings-as-errors "$@"
swift test ${scratch[@]+"${scratch[@]}"} -Xswiftc -warnings-as-errors --disable-xctest "$@" 2>&1 | tee "$work_dir/test.log"

for suite in "moviedb end to end" "moviedb usage"; do
    if ! grep -q "Suite \"$suite\" passed" "$work_dir/test.log"; then
        echo "MovieDB: the suite \"$suite\" did not run and pass although FAKE_TMDB_URL was set" >&2
        exit 1
    fi
done
