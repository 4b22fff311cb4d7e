#!/usr/bin/env bash
# httpbin.sh: a real, independent HTTP test peer on loopback.
#
# psf/httpbin 0.10.4 served by gunicorn 23 (gthread worker, HTTP/1.1 keep-alive)
# on 127.0.0.1 only, installed into its own virtualenv (never the system Python).
#
# Used by scripts/test.sh; also handy on its own.
#
# Sourced (preferred):
#   source scripts/httpbin.sh
#   httpbin_start || exit 1          # exports HTTPBIN_URL=http://127.0.0.1:PORT, HTTPBIN_PID
#   trap httpbin_stop EXIT
#   swift test                       # tests read HTTPBIN_URL
# Run as a command:
#   url=$(bash scripts/httpbin.sh start)   # prints the URL; the server keeps running
#   eval "$(bash scripts/httpbin.sh env)"  # same, as export lines
#   bash scripts/httpbin.sh stop | status
#
# Both functions are idempotent and print nothing on success (errors go to stderr).
# A second httpbin_start reuses the running server when it still answers.
# httpbin_stop kills exactly the recorded gunicorn master pid (after checking
# that the pid really is that gunicorn), never by name.
#
# Optional environment:
#   HTTPBIN_STATE_DIR  pid/url/log files; one server per dir  [${TMPDIR:-/tmp}/networklayer-httpbin-$UID]
#   HTTPBIN_VENV       virtualenv to install into            [${XDG_CACHE_HOME:-~/.cache}/networklayer-httpbin/venv]
#   HTTPBIN_PYTHON     python used to create the venv         [python3]
#   HTTPBIN_PIP_SPECS  what pip installs (change = reinstall) [see below]
#   HTTPBIN_PORT       fixed port instead of a free one       [0 = kernel picks a free port]
#   HTTPBIN_THREADS    gthread threads (max parallel requests) [64]
#   HTTPBIN_KEEPALIVE  server keep-alive idle seconds          [15]
#   HTTPBIN_TTL        server stops by itself after N seconds [7200; 0 = never]
#   HTTPBIN_START_TIMEOUT  seconds to wait for /get (install time not counted) [20]
#   HTTPBIN_ACCESS_LOG=1   also log every request to $HTTPBIN_STATE_DIR/gunicorn.log

_httpbin_cfg() {
    _hb_py=${HTTPBIN_PYTHON:-python3}
    _hb_venv=${HTTPBIN_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/networklayer-httpbin/venv}
    _hb_state=${HTTPBIN_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-httpbin-$(id -u)}
    # gunicorn 23 on purpose: 27.x opens a control socket at ~/.gunicorn/gunicorn.ctl
    # (shared by every instance of the user) and its gevent worker needs gevent>=24.10,
    # which httpbin's greenlet<3 pin (Python < 3.12) rules out. We use gthread anyway.
    # flasgger (Swagger UI at /, /spec.json) is an optional extra and left out.
    _hb_specs=${HTTPBIN_PIP_SPECS:-httpbin==0.10.4 gunicorn==23.0.0 Flask==3.1.3 Werkzeug==3.1.9}
    _hb_pidf=$_hb_state/gunicorn.pid   # written (and removed on exit) by gunicorn
    _hb_ourpid=$_hb_state/pid          # our own record of the master pid
    _hb_urlf=$_hb_state/url
    _hb_log=$_hb_state/gunicorn.log
}

_httpbin_err() { printf 'httpbin.sh: %s\n' "$*" >&2; }

# True when $1 is a live gunicorn master started with our pid file.
_httpbin_is_ours() {
    local pid=$1 cmd
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
    [[ $cmd == *gunicorn* && $cmd == *"--pid $_hb_pidf "* ]]
}

_httpbin_ping() { # $1 = base URL
    if command -v curl >/dev/null 2>&1; then
        curl -fsS --noproxy '*' --max-time 2 -o /dev/null "$1/get" 2>/dev/null
    else # no proxy: the server is on loopback
        "$_hb_venv/bin/python" -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/get", timeout=2).read()' "$1" 2>/dev/null
    fi
}

_httpbin_installed() {
    [[ -x $_hb_venv/bin/gunicorn && -f $_hb_venv/.networklayer-httpbin-stamp ]] &&
        [[ "$(<"$_hb_venv/.networklayer-httpbin-stamp")" == "$_hb_specs" ]]
}

_httpbin_install() {
    _httpbin_installed && return 0
    local ilog
    mkdir -p "$(dirname "$_hb_venv")" || return 1
    ilog=$_hb_venv.install.log
    if ! (
        flock -w 600 9 || exit 1
        _httpbin_installed && exit 0
        if [[ ! -x $_hb_venv/bin/python ]]; then
            "$_hb_py" -m venv "$_hb_venv" || exit 1
        fi
        # shellcheck disable=SC2086  # the specs are a word list on purpose
        "$_hb_venv/bin/python" -m pip install -q --disable-pip-version-check --no-input $_hb_specs || exit 1
        "$_hb_venv/bin/python" -c 'import httpbin.core, gunicorn' || exit 1
        printf '%s' "$_hb_specs" >"$_hb_venv/.networklayer-httpbin-stamp"
    ) 9>"$_hb_venv.lock" >"$ilog" 2>&1; then
        _httpbin_err "install into $_hb_venv failed; last lines of $ilog:"
        tail -n 15 "$ilog" >&2
        return 1
    fi
}

# Stop the recorded server; caller holds the state lock.
_httpbin_stop_locked() {
    local pid i
    pid=$(cat "$_hb_ourpid" 2>/dev/null) || pid=
    if [[ -n $pid ]] && _httpbin_is_ours "$pid"; then
        kill -TERM "$pid" 2>/dev/null
        for ((i = 0; i < 100; i++)); do # graceful timeout is 3 s; give it 10
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null && _httpbin_is_ours "$pid"; then
            kill -KILL "$pid" 2>/dev/null # its worker sees the parent gone and exits within ~1 s
        fi
    fi
    rm -f "$_hb_ourpid" "$_hb_urlf"
    return 0
}

httpbin_start() {
    _httpbin_cfg
    local lockfd pid url port deadline rc=1
    _httpbin_install || return 1
    mkdir -p "$_hb_state" || return 1
    exec {lockfd}>"$_hb_state/lock" || return 1
    if ! flock -w 60 "$lockfd"; then
        exec {lockfd}>&-
        _httpbin_err "timed out waiting for the lock $_hb_state/lock"
        return 1
    fi

    # Already running and answering? Reuse it.
    pid=$(cat "$_hb_ourpid" 2>/dev/null) || pid=
    url=$(cat "$_hb_urlf" 2>/dev/null) || url=
    if [[ -n $pid && -n $url ]] && _httpbin_is_ours "$pid" && _httpbin_ping "$url"; then
        export HTTPBIN_URL=$url HTTPBIN_PID=$pid
        exec {lockfd}>&-
        return 0
    fi
    _httpbin_stop_locked # stale or broken: clear it

    rm -f "$_hb_pidf"
    : >"$_hb_log"
    local -a cmd=()
    if [[ ${HTTPBIN_TTL:-7200} != 0 ]] && command -v timeout >/dev/null 2>&1; then
        cmd=(timeout -s TERM "${HTTPBIN_TTL:-7200}")
    fi
    cmd+=("$_hb_venv/bin/gunicorn"
        --bind "127.0.0.1:${HTTPBIN_PORT:-0}"
        --worker-class gthread --workers 1 --threads "${HTTPBIN_THREADS:-64}"
        --keep-alive "${HTTPBIN_KEEPALIVE:-15}" --graceful-timeout 3 --timeout 60
        --pid "$_hb_pidf" --error-logfile - --log-level info)
    [[ ${HTTPBIN_ACCESS_LOG:-0} == 1 ]] && cmd+=(--access-logfile -)
    cmd+=(httpbin:app)
    # Double fork: the server is not a job of the caller (a bare `wait` won't
    # block on it), has no terminal, and does not hold the caller's stdout or lock.
    (
        exec {lockfd}>&-
        cd / || exit 1
        "${cmd[@]}" </dev/null >>"$_hb_log" 2>&1 &
    )

    deadline=$((SECONDS + ${HTTPBIN_START_TIMEOUT:-20}))
    while ((SECONDS <= deadline)); do
        pid=$(cat "$_hb_pidf" 2>/dev/null) || pid=
        port=$(sed -n 's|.*Listening at: http://127\.0\.0\.1:\([0-9]*\) .*|\1|p' "$_hb_log" 2>/dev/null | head -n 1)
        if [[ -n $pid && -n $port ]] && _httpbin_ping "http://127.0.0.1:$port"; then
            url=http://127.0.0.1:$port
            printf '%s\n' "$pid" >"$_hb_ourpid"
            printf '%s\n' "$url" >"$_hb_urlf"
            export HTTPBIN_URL=$url HTTPBIN_PID=$pid
            rc=0
            break
        fi
        if grep -qE 'Shutting down: Master|Reason: |^Error: |Can.t connect to' "$_hb_log" 2>/dev/null; then
            break
        fi
        sleep 0.1
    done
    if ((rc != 0)); then
        _httpbin_err "httpbin did not start; last lines of $_hb_log:"
        tail -n 15 "$_hb_log" >&2
        pid=$(cat "$_hb_pidf" 2>/dev/null) || pid=
        if [[ -n $pid ]]; then printf '%s\n' "$pid" >"$_hb_ourpid"; fi
        _httpbin_stop_locked
    fi
    exec {lockfd}>&-
    return "$rc"
}

httpbin_stop() {
    _httpbin_cfg
    local lockfd
    if [[ ! -d $_hb_state ]]; then
        unset HTTPBIN_URL HTTPBIN_PID
        return 0
    fi
    exec {lockfd}>"$_hb_state/lock" || return 1
    flock -w 60 "$lockfd" || true
    _httpbin_stop_locked
    exec {lockfd}>&-
    unset HTTPBIN_URL HTTPBIN_PID
    return 0
}

httpbin_status() {
    _httpbin_cfg
    local pid url
    pid=$(cat "$_hb_ourpid" 2>/dev/null) || pid=
    url=$(cat "$_hb_urlf" 2>/dev/null) || url=
    if [[ -n $pid && -n $url ]] && _httpbin_is_ours "$pid" && _httpbin_ping "$url"; then
        printf 'running pid=%s url=%s\n' "$pid" "$url"
        return 0
    fi
    echo stopped
    return 1
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    case ${1:-} in
    start) httpbin_start && printf '%s\n' "$HTTPBIN_URL" ;;
    env) httpbin_start && printf 'export HTTPBIN_URL=%q HTTPBIN_PID=%q\n' "$HTTPBIN_URL" "$HTTPBIN_PID" ;;
    stop) httpbin_stop ;;
    status) httpbin_status ;;
    *)
        echo "usage: $0 start|env|stop|status   (or source it and call httpbin_start / httpbin_stop)" >&2
        exit 2
        ;;
    esac
fi
