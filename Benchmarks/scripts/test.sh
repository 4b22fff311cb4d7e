#!/usr/bin/env bash
# test.sh: the benchmarks' CI check. Builds the suite in release mode and runs every benchmark
# once (smoke mode: no warm-up, one iteration), against a private nginx on 127.0.0.1. Fails if a
# benchmark does not build, throws, or is missing from the results. No time is asserted.
#
#   bash Benchmarks/scripts/test.sh
#
# Environment: as for run.sh (SWIFT_SCRATCH_PATH is honoured). The transport benchmarks are left out
# (NETWORKLAYER_BENCH_TRANSPORTS=0) unless asked for: their AsyncHTTPClient release build takes about ten
# minutes; the integrations package's own tests build it in debug.
set -euo pipefail
export NETWORKLAYER_BENCH_SMOKE=1
export NETWORKLAYER_BENCH_TRANSPORTS=${NETWORKLAYER_BENCH_TRANSPORTS:-0}
exec bash "$(dirname "${BASH_SOURCE[0]}")/run.sh" "$@"
