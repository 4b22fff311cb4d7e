#!/usr/bin/env bash
# run.sh: builds the libFuzzer harnesses in Fuzz/Harnesses and runs them.
#
#   bash Fuzz/run.sh [--smoke] [HARNESS...]
#
# HARNESS is a file name in Fuzz/Harnesses without `Fuzz.swift` (QueryEncoder, JSONBody, ...);
# without any, every harness runs, one after the other, each as a single process.
#   --smoke   20,000 inputs or 20 s per harness, whichever comes first, from a fresh corpus, built
#             without optimisation so that building stays quick (CI)
#   default   10,000,000 inputs per harness, built with -O; the corpus grows in $FUZZ_BUILD_DIR/corpus/HARNESS
#
# Exits non-zero when a build fails or any harness crashes or breaks an invariant; the input is
# saved as $FUZZ_BUILD_DIR/artifacts/HARNESS/crash-* (replay: BINARY ARTIFACT).
#
# Environment:
#   FUZZ_BUILD_DIR    binaries, logs, corpora, artifacts      [.build-fuzz]
#   FUZZ_SOURCES_DIR  the library sources to fuzz              [Sources]
#   FUZZ_RUNS         inputs per harness, overriding the mode  [20000 smoke, 10000000 default]
#   FUZZ_MAX_TIME     seconds per harness, 0 = no limit        [20 smoke, 0 default]
#   FUZZ_OPTIMIZATION swiftc optimisation flag                 [-Onone smoke, -O default]
#   FUZZ_RSS_LIMIT_MB libFuzzer's -rss_limit_mb                [2048]
#   FUZZ_MAX_LEN      libFuzzer's -max_len, the longest input  [4096]
#   ASAN_OPTIONS      AddressSanitizer's options               [none; HostileParameters malloc_context_size=0]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '==> %s\n' "$*" >&2; }
die() {
    printf 'Fuzz/run.sh: error: %s\n' "$*" >&2
    exit 1
}

smoke=0
harnesses=()
for arg in "$@"; do
    case $arg in
        --smoke) smoke=1 ;;
        -h | --help)
            sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        -*) die "unknown option $arg" ;;
        *) harnesses+=("$arg") ;;
    esac
done
if ((${#harnesses[@]} == 0)); then
    for file in Fuzz/Harnesses/*Fuzz.swift; do
        name=$(basename "$file" .swift)
        harnesses+=("${name%Fuzz}")
    done
fi
for harness in "${harnesses[@]}"; do
    [[ -f Fuzz/Harnesses/${harness}Fuzz.swift ]] || die "no harness Fuzz/Harnesses/${harness}Fuzz.swift"
done

build_dir=${FUZZ_BUILD_DIR:-.build-fuzz}
sources_dir=${FUZZ_SOURCES_DIR:-Sources}
if ((smoke)); then
    runs=${FUZZ_RUNS:-20000}
    max_time=${FUZZ_MAX_TIME:-20}
    optimization=${FUZZ_OPTIMIZATION:--Onone}
else
    runs=${FUZZ_RUNS:-10000000}
    max_time=${FUZZ_MAX_TIME:-0}
    optimization=${FUZZ_OPTIMIZATION:--O}
fi
mkdir -p "$build_dir/lib" "$build_dir/bin" "$build_dir/logs"

# The library once, as a static library with testing enabled, so harnesses reach its internal API.
library_sources=()
while IFS= read -r file; do library_sources+=("$file"); done < <(
    find "$sources_dir"/{EndPoint,Encoding,Service,Manager,Model} -name '*.swift' | sort
)
sanitize=("$optimization" "-sanitize=fuzzer,address" -swift-version 6 -parse-as-library)
say "building NetworkLayer for fuzzing (${#library_sources[@]} files from $sources_dir, $optimization)"
# -I: the system zlib's module map (the package's CZlib target), which request compression imports.
zlib_module=$sources_dir/Encoding/Compression/CZlib
if ! swiftc "${sanitize[@]}" -enable-testing -module-name NetworkLayer -package-name networklayer -I "$zlib_module" \
    -emit-module -emit-module-path "$build_dir/lib/NetworkLayer.swiftmodule" \
    -emit-library -static -o "$build_dir/lib/libNetworkLayer.a" \
    "${library_sources[@]}" >"$build_dir/logs/NetworkLayer.build.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$build_dir/logs/NetworkLayer.build.log" | tail -n 40 >&2
    die "building the library failed"
fi

failures=()
for harness in "${harnesses[@]}"; do
    binary=$build_dir/bin/$harness
    log=$build_dir/logs/$harness.log
    say "building $harness"
    if ! swiftc "${sanitize[@]}" -module-name "${harness}Fuzz" -I "$build_dir/lib" -I "$zlib_module" -lz \
        Fuzz/Support/*.swift "Fuzz/Harnesses/${harness}Fuzz.swift" "$build_dir/lib/libNetworkLayer.a" \
        -o "$binary" >"$build_dir/logs/$harness.build.log" 2>&1; then
        grep -v 'Cannot export local symbol' "$build_dir/logs/$harness.build.log" | tail -n 40 >&2
        die "building $harness failed"
    fi

    if ((smoke)); then
        corpus=$build_dir/smoke-corpus/$harness
        rm -rf "$corpus"
    else
        corpus=$build_dir/corpus/$harness
    fi
    artifacts=$build_dir/artifacts/$harness
    mkdir -p "$corpus" "$artifacts"
    seeds=()
    [[ -d Fuzz/corpus/$harness ]] && seeds+=("Fuzz/corpus/$harness")
    rss_limit=${FUZZ_RSS_LIMIT_MB:-2048}
    asan_options=${ASAN_OPTIONS:-}
    # Deep recursion gives nearly every allocation a call stack of its own, and AddressSanitizer keeps
    # each one it records: about 4.6 MB more per 1,000 inputs, until the RSS limit ends the run. Not
    # recording allocation stacks keeps the run at a steady size; crashes still show their own stack.
    [[ $harness == HostileParameters ]] && asan_options=${ASAN_OPTIONS:-malloc_context_size=0}
    options=(-runs="$runs" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout=10 -rss_limit_mb="$rss_limit" -print_final_stats=1
        -artifact_prefix="$artifacts/")
    ((max_time > 0)) && options+=(-max_total_time="$max_time")
    [[ -f Fuzz/dictionaries/$harness.dict ]] && options+=(-dict="Fuzz/dictionaries/$harness.dict")

    limit="$runs inputs"
    ((max_time > 0)) && limit+=" or ${max_time}s"
    say "fuzzing $harness ($limit)"
    started=$(date +%s)
    status=0
    # The Swift runtime's own crash handler would race libFuzzer's and ASan's reports.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=$asan_options "$binary" "${options[@]}" "$corpus" "${seeds[@]}" \
        >"$log" 2>&1 || status=$?
    elapsed=$(($(date +%s) - started))
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    if ((status != 0)); then
        grep -E 'invariant violated|ERROR|SUMMARY|Test unit written' "$log" >&2 || tail -n 40 "$log" >&2
        failures+=("$harness")
        say "$harness: FAILED (exit $status) after ${executed:-?} inputs; log: $log"
    else
        say "$harness: ok, ${executed:-?} inputs, ${speed:-?} exec/s, ${elapsed}s, 0 crashes"
    fi
done

((${#failures[@]} == 0)) || die "crashes or broken invariants in: ${failures[*]}"
say "fuzzing passed: ${harnesses[*]}"
