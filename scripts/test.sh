#!/usr/bin/env bash
# test.sh: the project's test command, and CI's. Runs every check in stages, each with its output in a log
# file of its own, and prints one line per stage (name, result, counts, seconds) and a table at the end.
#
#   bash scripts/test.sh [ARGS...] [-- TEST_ARGS...]
#   QUICK=1 bash scripts/test.sh            the build and the unit, integration and fault tests only
#   ONLY=tsan,docs bash scripts/test.sh     the named stages only (with the test servers when they need them)
#
# ARGS go to both `swift build` and `swift test` of the root package (for example `--scratch-path .build-ci`);
# TEST_ARGS only to `swift test` (for example `--filter Integration`).
#
# Stages, in order (the names ONLY takes):
#   prerequisites  libcurl4 (FoundationNetworking loads it), python3-venv, and the headers of zlib, Brotli and
#                  Zstandard (the package's module maps), installed with apt-get if missing
#   lint           scripts/lint.sh: swift format lint --strict over every package
#   layers         scripts/check_layers.sh: the core's folders in one order, each compiling with only the ones
#                  below it; README, the Architecture article and the test tree follow it
#   surface        scripts/public_surface.py: the core's lines starting with public/open, per folder, at most the
#                  number in api/public-surface-limit
#   servers        psf/httpbin and sse-starlette on uvicorn (from PyPI, in virtualenvs under ~/.cache),
#                  scripts/fault_server.py and scripts/compression_server.py (br and zstd bodies made by PyPI's
#                  brotli and zstandard), Python's websockets (scripts/websocket_server.py, from PyPI) and the
#                  hostile WebSocket server scripts/websocket_hostile_server.py on free loopback ports, stopped
#                  when the run ends
#   build          swift build --build-tests, warnings as errors
#   api            scripts/api_breaks.sh: every API break since the commit in api/baseline is listed in
#                  CHANGELOG.md's Unreleased section (swift package diagnose-api-breaking-changes)
#   test           swift test: unit, integration and fault suites; every integration and fault suite must pass;
#                  then scripts/check_har.sh: the HAR files the HAR integration suites recorded load in haralyzer
#   tsan           the unit suites again under Thread Sanitizer
#   examples       Examples/*/scripts/test.sh: the MovieDB and LiveEvents samples; Tests/BeagleSamples/scripts/test.sh:
#                  the code of Beagle's published pages and the Beagle bridge, in Swift 5 and Swift 6 modes
#   benchmarks     Benchmarks/scripts/test.sh (smoke mode)
#   integrations   Integrations/scripts/test.sh (AsyncHTTPClient, swift-log, swift-metrics, tracing)
#   cachetests     scripts/cache_tests.sh: the RFC 9111 suite of http-tests/cache-tests (../shared/reference)
#                  through a proxy over a Router with a shared HTTPCache; at least 135 of 163 required tests
#   install        scripts/check_install.sh: apps that depend on a file:// clone of HEAD by URL; the core alone
#                  clones nothing else, the trait AsyncHTTPClient builds and sends a request to httpbin (built in
#                  the integrations package's build folder, which already holds SwiftNIO and AsyncHTTPClient)
#   loadtest       Tools/LoadTest/scripts/run.sh --requests 2000 --warmup 200
#   completion     scripts/check_completion.py: sourcekit-lsp offers every MovieDB endpoint case at
#                  router.request(., router.stream(., router.events(. and router.webSocket(.
#   snippets       scripts/check_snippets.py: every Swift sample of the docs compiles (in the integrations
#                  package's build folder too)
#   docs           scripts/docs.sh: DocC, warnings as errors
#   fuzz           Fuzz/run.sh --smoke
#
# Logs go to .build/test-logs/<stage>.log; a failing stage prints its failing tests with their messages, the
# end of its log and its path, and the run goes on to the next stage. A test stage fails when a suite was
# skipped because its server was not there (a skip reason "… is not set"). The run ends by saying how much
# disk its build folders keep.
#
# Environment:
#   QUICK=1, ONLY=…                 see above
#   SWIFT_SCRATCH_PATH              build directory for the root package        [SwiftPM's default, .build]
#   NETWORKLAYER_SKIP_<STAGE>=1     skip a stage: LINT, API, DOCS, EXAMPLES (examples and completion), BENCHMARKS,
#                                   INTEGRATIONS, INSTALL, COMPLETION, FUZZ, SNIPPETS, TSAN, LOADTEST
#   NETWORKLAYER_TSAN_INTEGRATION=1 run the integration and fault suites under Thread Sanitizer too
#   NETWORKLAYER_TEST_STALL         seconds without a test event after which a test run is stopped as stuck,
#                                   naming the tests it was running (scripts/watch_tests.py)  [180]
#   FAIL_FAST=1                     stop at the first failed stage; by default every stage runs and the run
#                                   fails at the end
#   CLEAN=1                         remove the build folders once the run ends (3–5 GB; they make the next run
#                                   build only what changed), keeping .build/test-logs
#   HTTPBIN_*, FAULT_SERVER_TTL, SSE_SERVER_*, COMPRESSION_SERVER_*, WEBSOCKET_SERVER_*  see scripts/httpbin.sh,
#                                   fault_server.sh, sse_server.sh, compression_server.sh and websocket_server.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
# shellcheck source=scripts/test_stages.sh
source "$root/scripts/test_stages.sh"

common_args=()
test_args=()
if [[ -n ${SWIFT_SCRATCH_PATH:-} ]]; then
    common_args+=(--scratch-path "$SWIFT_SCRATCH_PATH")
fi
while (($# > 0)); do
    if [[ $1 == -- ]]; then
        shift
        test_args+=("$@")
        break
    fi
    common_args+=("$1")
    shift
done

# Loopback only, never through a proxy: curl (under FoundationNetworking) honours these variables.
unset http_proxy https_proxy all_proxy ftp_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY FTP_PROXY
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost

# A state directory and servers of this run's own, so concurrent runs never stop each other's peer.
state_dir=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-test.XXXXXX")
export HTTPBIN_STATE_DIR=$state_dir
export HTTPBIN_TTL=${HTTPBIN_TTL:-3600}
export FAULT_SERVER_STATE_DIR=$state_dir/fault-server
export FAULT_SERVER_TTL=${FAULT_SERVER_TTL:-3600}
export SSE_SERVER_STATE_DIR=$state_dir/sse-server
export SSE_SERVER_TTL=${SSE_SERVER_TTL:-3600}
export COMPRESSION_SERVER_STATE_DIR=$state_dir/compression-server
export COMPRESSION_SERVER_TTL=${COMPRESSION_SERVER_TTL:-3600}
export WEBSOCKET_SERVER_STATE_DIR=$state_dir/websocket-server
export WEBSOCKET_SERVER_TTL=${WEBSOCKET_SERVER_TTL:-3600}
# shellcheck source=scripts/httpbin.sh
source "$root/scripts/httpbin.sh"
# shellcheck source=scripts/fault_server.sh
source "$root/scripts/fault_server.sh"
# shellcheck source=scripts/sse_server.sh
source "$root/scripts/sse_server.sh"
# shellcheck source=scripts/compression_server.sh
source "$root/scripts/compression_server.sh"
# shellcheck source=scripts/websocket_server.sh
source "$root/scripts/websocket_server.sh"

cleanup() {
    local rc=$?
    fault_server_stop >/dev/null 2>&1 || true
    sse_server_stop >/dev/null 2>&1 || true
    compression_server_stop >/dev/null 2>&1 || true
    websocket_server_stop >/dev/null 2>&1 || true
    httpbin_stop >/dev/null 2>&1 || true
    rm -rf "$state_dir"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Stages --------------------------------------------------------------------------------------

stage_prerequisites() {
    local python=${HTTPBIN_PYTHON:-python3} missing=()
    # No `grep -q`: it would close the pipe early and pipefail would report ldconfig's SIGPIPE.
    { ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true; } | grep 'libcurl\.so\.4' >/dev/null ||
        missing+=(libcurl4)
    if ! command -v "$python" >/dev/null 2>&1; then
        missing+=(python3 python3-venv)
    elif ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
        missing+=(python3-venv)
    fi
    # Headers of the system libraries the package's module maps name: zlib (the core's request compression),
    # Brotli and Zstandard (the AsyncHTTPClient transport's decoders, and its tests' encoders).
    local header
    for header in zlib.h:zlib1g-dev brotli/decode.h:libbrotli-dev brotli/encode.h:libbrotli-dev zstd.h:libzstd-dev; do
        [[ $(uname -s) != Linux || -f /usr/include/${header%%:*} ]] || missing+=("${header#*:}")
    done
    if ((${#missing[@]} > 0)); then
        mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
        apt_install "${missing[@]}" || return 1
        stage_count "installed ${missing[*]}"
    else
        stage_count "all present"
    fi
}

stage_lint() {
    bash scripts/lint.sh
    stage_count "$(sed -n 's/^lint: \([0-9]*\) Swift files.*/\1 files/p' "$stage_log")"
}

stage_layers() {
    bash scripts/check_layers.sh
    stage_count "$(sed -n 's/^check_layers: \([0-9]* layers\) in order, \([0-9]* files\).*/\1, \2/p' "$stage_log")"
}

stage_surface() {
    local rc=0
    python3 scripts/public_surface.py --limit "$(awk '!/^#/ && NF { print $1; exit }' api/public-surface-limit)" ||
        rc=$?
    stage_count "$(sed -n 's/^public_surface: //p' "$stage_log")"
    return "$rc"
}

stage_servers() {
    httpbin_start
    fault_server_start
    sse_server_start
    compression_server_start
    websocket_server_start
    NETWORKLAYER_REQUIRE_INTEGRATION=1
    stage_export HTTPBIN_URL FAULT_SERVER_URL SSE_SERVER_URL COMPRESSION_SERVER_URL WEBSOCKET_SERVER_URL \
        WEBSOCKET_HOSTILE_SERVER_URL NETWORKLAYER_REQUIRE_INTEGRATION
    echo "httpbin at $HTTPBIN_URL, fault server at $FAULT_SERVER_URL, sse-starlette at $SSE_SERVER_URL," \
        "compression server at $COMPRESSION_SERVER_URL, websockets at $WEBSOCKET_SERVER_URL," \
        "hostile WebSocket server at $WEBSOCKET_HOSTILE_SERVER_URL"
    stage_count "httpbin, fault, SSE, br/zstd, WebSocket on 127.0.0.1"
}

stage_build() {
    swift build -Xswiftc -warnings-as-errors --build-tests "${common_args[@]}"
}

stage_api() {
    local rc=0
    # The build stage's folder and flags, so that only the baseline is built here.
    bash scripts/api_breaks.sh "${SWIFT_SCRATCH_PATH:-.build}" -Xswiftc -warnings-as-errors || rc=$?
    stage_count "$(sed -n 's/^api_breaks: //p' "$stage_log")"
    return "$rc"
}

# Runs the root package's test binary, built by `swift build ARGS...`, under scripts/watch_tests.py: a run that
# stops making progress is stopped and the tests it was running are named.
run_test_binary() { # NAME BUILD_ARGS... -- TEST_ARGS...
    local name=$1 build_args=() bin
    shift
    while [[ $1 != -- ]]; do
        build_args+=("$1")
        shift
    done
    shift
    bin=$(swift build --show-bin-path "${build_args[@]}")/NetworkLayerPackageTests.xctest
    python3 scripts/watch_tests.py --stall "${NETWORKLAYER_TEST_STALL:-180}" \
        --backtrace "$_stage_dir/$name-backtrace.txt" -- "$bin" --testing-library swift-testing "$@"
}

stage_test() {
    swift build -Xswiftc -warnings-as-errors --build-tests "${common_args[@]}"
    # The HAR integration suites leave their recordings here, for haralyzer to load.
    export NETWORKLAYER_HAR_OUTPUT_DIR=$state_dir/har
    run_test_binary test "${common_args[@]}" -- "${test_args[@]}"
    # The integration and fault suites must really have run, not been skipped or filtered away unnoticed.
    local arg expected passed har_files
    har_files=(httpbin.har sse.har)
    for arg in "${common_args[@]}" "${test_args[@]}"; do
        case $arg in --filter | --filter=* | --skip | --skip=* | -s)
            if compgen -G "$NETWORKLAYER_HAR_OUTPUT_DIR/*.har" >/dev/null; then
                bash scripts/check_har.sh "$NETWORKLAYER_HAR_OUTPUT_DIR"/*.har
            fi
            return 0
            ;;
        esac
    done
    expected=$(grep -rhoE '@Suite\("(Integration|Faults)[^"]*"' Tests | sort -u | wc -l)
    passed=$(grep -E 'Suite "(Integration|Faults)[^"]*" passed' "$stage_log" | sort -u | wc -l)
    if ((expected == 0 || passed < expected)); then
        echo "only $passed of $expected integration and fault suites passed; they need httpbin and the fault server"
        return 1
    fi
    bash scripts/check_har.sh "${har_files[@]/#/$NETWORKLAYER_HAR_OUTPUT_DIR/}"
}

stage_tsan() {
    local scratch=${SWIFT_SCRATCH_PATH:+$SWIFT_SCRATCH_PATH-tsan}
    local args=(--sanitize=thread --scratch-path "${scratch:-.build-tsan}") skips=()
    if [[ ${NETWORKLAYER_TSAN_INTEGRATION:-0} != 1 ]]; then
        skips=(--skip 'IntegrationTests|FaultTests')
    fi
    local rc=0 reports
    swift build --build-tests "${args[@]}"
    run_test_binary tsan "${args[@]}" -- "${skips[@]}" "${test_args[@]}" || rc=$?
    reports=$(grep -c 'WARNING: ThreadSanitizer' "$stage_log" || true)
    if ((reports > 0)); then
        echo "Thread Sanitizer reported $reports data race(s) or other errors"
        return 1
    fi
    return "$rc"
}

stage_examples() {
    local script
    for script in Examples/*/scripts/test.sh Tests/BeagleSamples/scripts/test.sh; do bash "$script"; done
}
stage_benchmarks() {
    bash Benchmarks/scripts/test.sh
    stage_count "$(grep -c '^| [^-]' "$stage_log" || true) table rows"
}
stage_integrations() { bash Integrations/scripts/test.sh; }
stage_cachetests() {
    CACHE_TESTS_MINIMUM=135 bash scripts/cache_tests.sh
    stage_count "$(grep -oE 'required [0-9]+/[0-9]+, optimal [0-9]+/[0-9]+|skipped: .*' "$stage_log" | tail -n 1)"
}
# The integrations package's build folder (Integrations/scripts/test.sh), which the install and snippets stages
# share: it holds SwiftNIO, AsyncHTTPClient and the other packages built with the same flags, so only what is
# new to them is compiled.
integrations_build_path() {
    local path=${INTEGRATIONS_SCRATCH_PATH:-.build}
    [[ $path == /* ]] || path=$root/Integrations/$path
    printf '%s\n' "$path"
}

stage_install() {
    INSTALL_BUILD_PATH=$(integrations_build_path) bash scripts/check_install.sh
    stage_count "$(sed -n 's/^check_install: ok: \([0-9]*\) s to build with the trait$/core: 1 clone; AHC: built in \1 s, 200/p' \
        "$stage_log")"
}

stage_loadtest() {
    local scratch=
    case ${SWIFT_SCRATCH_PATH:-} in
    '') ;;
    /*) scratch=$SWIFT_SCRATCH_PATH-load ;;
    *) scratch=$root/$SWIFT_SCRATCH_PATH-load ;;
    esac
    LOADTEST_SCRATCH_PATH=$scratch bash Tools/LoadTest/scripts/run.sh --requests 2000 --warmup 200
    stage_count "$(awk '$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ { sent += $2; done += $3 } END { print done " of " sent }' \
        "$stage_log") requests completed once"
}

stage_completion() {
    python3 scripts/check_completion.py
    python3 scripts/check_completion.py --no-build --method stream
    python3 scripts/check_completion.py --no-build --method events
    python3 scripts/check_completion.py --no-build --method webSocket
    stage_count "$(grep -c '^check_completion: all ' "$stage_log") of 4 calls offer every endpoint case"
}

stage_snippets() {
    SNIPPETS_BUILD_PATH=$(integrations_build_path) python3 scripts/check_snippets.py
    stage_count "$(sed -n 's/^==> \([0-9]* of [0-9]*\) checks passed (\([0-9]* blocks in [0-9]* documents\).*/\1 checks, \2/p' \
        "$stage_log")"
}

stage_docs() {
    local scratch=${SWIFT_SCRATCH_PATH:-.build}-docs
    SWIFT_SCRATCH_PATH=$scratch bash scripts/docs.sh "$scratch/archives"
}

stage_fuzz() {
    bash Fuzz/run.sh --smoke
    stage_count "$(grep -c ': ok, .* 0 crashes$' "$stage_log" || true) harnesses, 0 crashes"
}

# --- Plan ----------------------------------------------------------------------------------------

all_stages=(prerequisites lint layers surface servers build api test tsan examples benchmarks integrations cachetests
    install loadtest completion snippets docs fuzz)
skip_variable() {
    case $1 in
    lint) echo NETWORKLAYER_SKIP_LINT ;;
    api) echo NETWORKLAYER_SKIP_API ;;
    tsan) echo NETWORKLAYER_SKIP_TSAN ;;
    examples) echo NETWORKLAYER_SKIP_EXAMPLES ;;
    benchmarks) echo NETWORKLAYER_SKIP_BENCHMARKS ;;
    integrations) echo NETWORKLAYER_SKIP_INTEGRATIONS ;;
    cachetests) echo NETWORKLAYER_SKIP_CACHETESTS ;;
    install) echo NETWORKLAYER_SKIP_INSTALL ;;
    loadtest) echo NETWORKLAYER_SKIP_LOADTEST ;;
    completion) echo "NETWORKLAYER_SKIP_COMPLETION NETWORKLAYER_SKIP_EXAMPLES" ;;
    snippets) echo NETWORKLAYER_SKIP_SNIPPETS ;;
    docs) echo NETWORKLAYER_SKIP_DOCS ;;
    fuzz) echo NETWORKLAYER_SKIP_FUZZ ;;
    esac
}

selected=${ONLY:-}
if [[ ${QUICK:-0} == 1 ]]; then selected=${selected:-build,test}; fi
if [[ -n $selected ]]; then
    for name in ${selected//,/ }; do
        [[ " ${all_stages[*]} " == *" $name "* ]] || die "unknown stage '$name'; the stages are: ${all_stages[*]}"
    done
    plan=(prerequisites)
    if [[ ,$selected, == *,test,* || ,$selected, == *,integrations,* || ,$selected, == *,install,* ||
        (,$selected, == *,tsan,* && ${NETWORKLAYER_TSAN_INTEGRATION:-0} == 1) ]]; then
        plan+=(servers)
    fi
    for name in "${all_stages[@]}"; do
        if [[ ,$selected, == *",$name,"* && " ${plan[*]} " != *" $name "* ]]; then plan+=("$name"); fi
    done
else
    plan=("${all_stages[@]}")
fi

# The build folders every package's stages leave, kept so that the next run builds only what changed.
build_folders() {
    find . -maxdepth 3 -type d \( -name '.build' -o -name '.build-*' -o -name '.build_*' \) -prune -print 2>/dev/null |
        grep -v '^\./\.build/test-logs' || true
}

report_build_folders() {
    local folders
    mapfile -t folders < <(build_folders)
    ((${#folders[@]} > 0)) || return 0
    if [[ ${CLEAN:-0} == 1 ]]; then
        for folder in "${folders[@]}"; do [[ $folder == ./.build ]] || rm -rf "$folder"; done
        find ./.build -mindepth 1 -maxdepth 1 ! -name test-logs -exec rm -rf {} + 2>/dev/null || true
        printf 'CLEAN=1: removed %s build folders; the logs stay in .build/test-logs\n' "${#folders[@]}"
    else
        printf 'kept %s in %s build folders for the next run (CLEAN=1 removes them after the run)\n' \
            "$(du -csh "${folders[@]}" 2>/dev/null | awk 'END { print $1 }')" "${#folders[@]}"
    fi
}

stages_begin "$root/.build/test-logs"
for name in "${plan[@]}"; do
    skip=
    for variable in $(skip_variable "$name"); do
        if [[ ${!variable:-0} == 1 ]]; then skip=$variable; fi
    done
    if [[ -n $skip ]]; then
        stage_skipped "$name" "$skip=1"
    else
        run_stage "$name" "stage_$name"
    fi
done
report_build_folders
stages_end
