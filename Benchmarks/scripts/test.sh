#!/usr/bin/env bash
# test.sh: the benchmarks' CI check. Builds the suite in release mode and runs every benchmark
# once (smoke mode: no warm-up, one iteration), against a private nginx on 127.0.0.1. Fails if a
# benchmark does not build, throws, or is missing from the results. No time is asserted.
#
#   bash Benchmarks/scripts/test.sh
#
# Environment: as for run.sh (SWIFT_SCRATCH_PATH is honoured).
set -euo pipefail
export NETWORKLAYER_BENCH_SMOKE=1
exec bash "$(dirname "${BASH_SOURCE[0]}")/run.sh" "$@"
