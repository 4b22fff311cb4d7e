# test_stages.sh: runs the stages of scripts/test.sh, each with its output in a log file of its own, and reports
# them: one line per stage as it ends, a table of every stage and the total time at the end, and, when a stage
# fails, its failing tests with their messages, the end of its log and the log's path. A failed stage does not
# stop the run (FAIL_FAST=1 stops it there); the run fails at the end. Sourced by scripts/test.sh.
#
#   stages_begin LOG_DIR         start the report; LOG_DIR is emptied
#   run_stage NAME FUNCTION      run FUNCTION in a subshell with `set -e`, its output in LOG_DIR/NAME.log
#   stage_skipped NAME REASON    report a stage that was not run
#   stages_end                   print the table and the total time
#
# Inside FUNCTION, $stage_log is its log, `stage_count TEXT` sets what its line reports as counts (test stages
# are counted from Swift Testing's output), and `stage_export NAME...` hands variables on to later stages.

die() {
    printf 'test.sh: error: %s\n' "$*" >&2
    exit 1
}

# shellcheck source=scripts/apt_install.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"

stages_begin() {
    _stage_dir=$1
    _stage_rows=()
    _stage_started=$SECONDS
    _stage_failed=0
    rm -rf "$_stage_dir"
    mkdir -p "$_stage_dir"
}

stage_count() { printf '%s\n' "$*" >"$_stage_dir/$_stage_name.count"; }

stage_export() {
    local name
    for name in "$@"; do printf 'export %s=%q\n' "$name" "${!name}"; done >>"$_stage_dir/$_stage_name.env"
}

# "366 tests, 2 skipped" from Swift Testing's summaries (one per `swift test` the stage ran), or nothing.
_stage_test_counts() {
    local log=$1 tests skipped
    grep -qE 'Test run with [0-9]+ tests?' "$log" || return 0
    tests=$(grep -oE 'Test run with [0-9]+ tests?' "$log" | awk '{ total += $4 } END { print total }')
    skipped=$(grep -cE '(Test|Suite) .* skipped(: ".*"|\.)$' "$log" || true)
    printf '%s tests, %s skipped' "$tests" "$skipped"
}

# Skips whose reason says a server's variable is not set, in a run that requires the servers.
_stage_server_skips() {
    [[ ${NETWORKLAYER_REQUIRE_INTEGRATION:-0} == 1 ]] || return 0
    grep -E '(Test|Suite) .* skipped: ".*[A-Z_]+_URL is not set' "$1" || true
}

_stage_line() { # NAME RESULT COUNTS SECONDS
    printf '%-14s %-7s %-42s %6s\n' "$1" "$2" "$3" "$4"
}

run_stage() {
    _stage_name=$1
    local function=$2 started=$SECONDS rc=0 counts seconds skips
    stage_log=$_stage_dir/$_stage_name.log
    set +e
    (
        set -e
        "$function"
    ) >"$stage_log" 2>&1 </dev/null
    rc=$?
    set -e
    seconds=$((SECONDS - started))
    if [[ -f $_stage_dir/$_stage_name.env ]]; then
        # shellcheck disable=SC1090
        source "$_stage_dir/$_stage_name.env"
    fi
    counts=$(_stage_test_counts "$stage_log")
    if [[ -z $counts && -f $_stage_dir/$_stage_name.count ]]; then counts=$(<"$_stage_dir/$_stage_name.count"); fi
    skips=$(_stage_server_skips "$stage_log")
    if ((rc == 0)) && [[ -n $skips ]]; then
        printf '%s\nskipped because a server was not there, in a run that requires it\n' "$skips" >>"$stage_log"
        rc=1
    fi
    local result=pass
    ((rc == 0)) || result=FAIL
    _stage_rows+=("$(_stage_line "$_stage_name" "$result" "${counts:--}" "$seconds s")")
    _stage_line "$_stage_name" "$result" "${counts:--}" "$seconds s"
    if ((rc != 0)); then
        _stage_report_failure "$rc"
        _stage_failed=1
        if [[ ${FAIL_FAST:-0} == 1 ]]; then stages_end; fi
    fi
}

# What failed in $stage_log: Swift Testing's failed expectations and errors (up to 40), then the log's end.
_stage_report_failure() {
    local issues
    issues=$(grep -E '^(✘ Test .* recorded an issue|.*error: |.*Fatal error)' "$stage_log" | head -n 40 || true)
    if [[ -n $issues ]]; then
        printf '\n--- what failed in %s (exit %s) ---\n%s\n' "$_stage_name" "$1" "$issues"
    fi
    printf '\n--- last 15 lines of %s (exit %s) ---\n' "$stage_log" "$1"
    tail -n 15 "$stage_log"
    printf -- '--- full log: %s ---\n\n' "$stage_log"
}

stage_skipped() {
    _stage_rows+=("$(_stage_line "$1" skipped "$2" -)")
    _stage_line "$1" skipped "$2" -
}

stages_end() {
    local row total=$((SECONDS - _stage_started))
    printf '\n'
    _stage_line STAGE RESULT COUNTS TIME
    for row in "${_stage_rows[@]}"; do printf '%s\n' "$row"; done
    _stage_line total "$( ((_stage_failed)) && echo FAIL || echo pass)" "logs in $_stage_dir" "$total s"
    ((_stage_failed == 0)) || exit 1
}
