#!/usr/bin/env bash
# record_har.sh: records Tests/TMDBTests/Fixtures/tmdb.har again, the HAR file MovieManagerReplayTests replay.
#
#   bash Examples/MovieDB/scripts/record_har.sh
#
# Starts scripts/fake_tmdb.py (TMDB's answers from the sample's data) on 127.0.0.1, then runs the suite
# "Recording the TMDB fixture", whose MovieManager sends its calls through NetworkLayer's HARRecordingTransport
# (the API key is redacted in the file). Run it when the sample data or the calls change, and commit the file.
#
# Optional environment:
#   FAKE_TMDB_PORT   the fake server's port [18490]: a fixed port keeps the file's URLs the same between recordings
set -euo pipefail
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$package_dir"

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
python3 scripts/fake_tmdb.py --port "${FAKE_TMDB_PORT:-18490}" >"$work_dir/port" 2>"$work_dir/server.log" &
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

export FAKE_TMDB_URL="http://127.0.0.1:$port" MOVIEDB_RECORD_HAR=1
export no_proxy="127.0.0.1,localhost" NO_PROXY="127.0.0.1,localhost"
swift test -Xswiftc -warnings-as-errors --disable-xctest --filter RecordTMDBFixture 2>&1 | tee "$work_dir/test.log"
grep -q 'Suite "Recording the TMDB fixture" passed' "$work_dir/test.log"
entries=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' \
    Tests/TMDBTests/Fixtures/tmdb.har)
echo "record_har: $entries exchanges written to Examples/MovieDB/Tests/TMDBTests/Fixtures/tmdb.har"
