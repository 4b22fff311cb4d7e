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
# shellcheck source=Examples/MovieDB/scripts/fake_tmdb.sh
source scripts/fake_tmdb.sh
cleanup() {
    fake_tmdb_stop
    rm -rf "$work_dir"
}
trap cleanup EXIT
fake_tmdb_start "$work_dir" "${FAKE_TMDB_PORT:-18490}"

export MOVIEDB_RECORD_HAR=1
export no_proxy="127.0.0.1,localhost" NO_PROXY="127.0.0.1,localhost"
swift test -Xswiftc -warnings-as-errors --disable-xctest --filter RecordTMDBFixture 2>&1 | tee "$work_dir/test.log"
grep -q 'Suite "Recording the TMDB fixture" passed' "$work_dir/test.log"
entries=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' \
    Tests/TMDBTests/Fixtures/tmdb.har)
echo "record_har: $entries exchanges written to Examples/MovieDB/Tests/TMDBTests/Fixtures/tmdb.har"
