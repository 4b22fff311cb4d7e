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
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work_dir"
}
trap cleanup EXIT

export FAKE_TMDB_API_KEY="${FAKE_TMDB_API_KEY:-fake-tmdb-api-key}"
export FAKE_TMDB_BEARER_TOKEN="${FAKE_TMDB_BEARER_TOKEN:-fake-tmdb-bearer-token}"
python3 scripts/fake_tmdb.py >"$work_dir/port" 2>"$work_dir/server.log" &
server_pid=$!
for _ in $(seq 1 100); do
    [[ -s "$work_dir/port" ]] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "fake_tmdb.py failed to start:" >&2
        cat "$work_dir/server.log" >&2
        exit 1
    fi
    sleep 0.1
done
port="$(head -n 1 "$work_dir/port")"
if [[ -z "$port" ]]; then
    echo "fake_tmdb.py printed no port" >&2
    exit 1
fi

export FAKE_TMDB_URL="http://127.0.0.1:$port"
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
