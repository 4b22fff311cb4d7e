#!/usr/bin/env bash
# run.sh: runs the whole benchmark suite and prints the results table (markdown) with ratios to
# the Foundation baselines measured in the same run.
#
#   bash Benchmarks/scripts/run.sh [BENCHMARK_ARGS...]
#
# BENCHMARK_ARGS go to `swift package benchmark run` (for example `--filter 'GET build.*'`).
# Starts a private nginx on 127.0.0.1 for the network benchmarks (installing Debian's nginx with
# apt-get when it is missing) and stops it on exit. Builds in release mode.
#
# Environment:
#   SWIFT_SCRATCH_PATH              builds in "$SWIFT_SCRATCH_PATH-bench"   [Benchmarks/.build-bench]
#                                   (with "-without-transports" appended when NETWORKLAYER_BENCH_TRANSPORTS=0)
#   NETWORKLAYER_BENCH_SMOKE=1      one iteration of each benchmark, no warm-up (what CI runs)
#   NETWORKLAYER_BENCH_TRANSPORTS=0 leave out the AsyncHTTPClientTransport benchmarks and their dependencies
#                                   (Package.swift reads it; test.sh sets it)
#   NETWORKLAYER_BENCH_TMDB_FIXTURE the TMDB page to decode and serve [../shared/fixtures/tmdb/now_playing_en-US_2023-08.json]
#   NETWORKLAYER_BENCH_RESULTS      where the JMH export and the table go  [Benchmarks/.benchmarkResults]
#   NETWORKLAYER_BENCH_LIBRARY_VERSION  what the table names as the library's version [git's HEAD]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
bench_dir=$PWD
root=$(dirname "$bench_dir")

die() {
    printf 'run.sh: error: %s\n' "$*" >&2
    exit 1
}

# shellcheck source=Benchmarks/scripts/nginx.sh
source "$bench_dir/scripts/nginx.sh"

scratch=.build-bench
if [[ -n ${SWIFT_SCRATCH_PATH:-} ]]; then
    scratch=$SWIFT_SCRATCH_PATH-bench
    # A relative SWIFT_SCRATCH_PATH is relative to the repository root, as in scripts/test.sh.
    [[ $scratch == /* ]] || scratch=$root/$scratch
fi
# The manifest's dependencies differ with and without the transport benchmarks; one build folder for both
# leaves modules of one in the other's way ("missing required module 'CNIOAtomics'").
if [[ ${NETWORKLAYER_BENCH_TRANSPORTS:-} == 0 ]]; then scratch=$scratch-without-transports; fi

fixture=${NETWORKLAYER_BENCH_TMDB_FIXTURE:-$(dirname "$root")/shared/fixtures/tmdb/now_playing_en-US_2023-08.json}
export NETWORKLAYER_BENCH_TMDB_FIXTURE=$fixture
[[ -f $fixture ]] || bench_say "no TMDB fixture at $fixture: the decode benchmarks are skipped"

results=${NETWORKLAYER_BENCH_RESULTS:-$bench_dir/.benchmarkResults}
mkdir -p "$results"
rm -f "$results/Current_run.jmh.json"

# Loopback only, never through a proxy: curl (under FoundationNetworking) honours these variables.
unset http_proxy https_proxy all_proxy ftp_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY FTP_PROXY
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost

server_dir=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-bench.XXXXXX")
cleanup() {
    local rc=$?
    bench_nginx_stop
    rm -rf "$server_dir"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

bench_nginx_start "$server_dir" "$fixture" || die "could not start nginx"

mode=full
[[ ${NETWORKLAYER_BENCH_SMOKE:-0} == 1 ]] && mode=smoke
# The own-process download benchmarks run these executables of the package.
probes=(DownloadProbe)
[[ ${NETWORKLAYER_BENCH_TRANSPORTS:-1} != 0 ]] && probes+=(TransportDownloadProbe)
bin_path=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
for probe in "${probes[@]}"; do
    bench_say "swift build --product $probe (release)"
    swift build -c release --product "$probe" --scratch-path "$scratch" </dev/null >"$server_dir/probe-build.log" 2>&1 || {
        tail -n 40 "$server_dir/probe-build.log" >&2
        die "$probe did not build"
    }
done
export NETWORKLAYER_BENCH_DOWNLOAD_PROBE=$bin_path/DownloadProbe
[[ ${NETWORKLAYER_BENCH_TRANSPORTS:-1} != 0 ]] && export NETWORKLAYER_BENCH_TRANSPORT_PROBE=$bin_path/TransportDownloadProbe
bench_say "swift package benchmark ($mode mode, scratch path $scratch)"
log=$server_dir/benchmark.log
swift package --disable-sandbox --scratch-path "$scratch" \
    benchmark run --no-progress --format jmh --path "$results" "$@" </dev/null 2>&1 | tee "$log" ||
    die "the benchmarks failed to build or run"
# The plugin exits 0 even when a benchmark threw; it says so in its output instead.
if grep -q 'The following benchmarks failed' "$log"; then
    die "a benchmark failed (see above)"
fi

[[ -f $results/Current_run.jmh.json ]] || die "the benchmark run wrote no results to $results"

# The library's commit, and whether its sources differ from it.
library_version() {
    local commit
    commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null) || {
        echo unknown
        return
    }
    if [[ -n $(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null) ]]; then
        echo "$commit+local changes"
    else
        echo "$commit"
    fi
}

report_args=(--results "$results/Current_run.jmh.json")
[[ -f $fixture ]] || report_args+=(--allow-missing 'TMDB page decode')
(($# == 0)) || report_args+=(--allow-missing '')
# package-benchmark leaves out of its JMH export a benchmark whose iterations all took over 2 s
# (its integer throughput rounds to zero); such a benchmark did run, and the table says so.
while IFS= read -r slow; do
    report_args+=(--too-slow "$slow")
done < <(sed -n 's/^Throughput metric must be present for JMH export \[\(.*\)\]$/\1/p' "$log")
python3 "$bench_dir/scripts/report.py" "${report_args[@]}" \
    --nginx "$("$(bench_nginx_binary)" -v 2>&1 | sed 's/.*\///')" \
    --commit "${NETWORKLAYER_BENCH_LIBRARY_VERSION:-$(library_version)}" \
    --mode "$mode" | tee "$results/results.md"
