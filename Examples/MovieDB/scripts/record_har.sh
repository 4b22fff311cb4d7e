#!/usr/bin/env bash
# record_har.sh: records Sources/TMDB/SampleData/tmdb.har again, the traffic the offline sample replays.
#
#   bash Examples/MovieDB/scripts/record_har.sh
#
# Starts scripts/fake_tmdb.py (TMDB's shapes, the catalog in scripts/catalog) on 127.0.0.1, then runs the suite
# "Recording the sample's traffic", whose MovieManager sends every call the offline sample answers through
# NetworkLayer's HARRecordingTransport, with TMDB's URLs (the token is redacted in the file). Run it when the
# catalog or the calls change, and commit the file.
#
# Optional environment:
#   FAKE_TMDB_PORT   the fake server's port [18490]
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
swift test -Xswiftc -warnings-as-errors --disable-xctest --filter RecordSampleTraffic 2>&1 | tee "$work_dir/test.log"
grep -q "Suite \"Recording the sample's traffic\" passed" "$work_dir/test.log"
entries=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' \
    Sources/TMDB/SampleData/tmdb.har)
echo "record_har: $entries exchanges written to Examples/MovieDB/Sources/TMDB/SampleData/tmdb.har"
