#!/usr/bin/env bash
# fault_server.sh: starts and stops scripts/fault_server.py, the misbehaving loopback peer of the
# "Faults" test suites.
#
# Sourced (as scripts/test.sh does):
#   source scripts/fault_server.sh
#   fault_server_start || exit 1     # exports FAULT_SERVER_URL=http://127.0.0.1:PORT, FAULT_SERVER_PID
#   trap fault_server_stop EXIT
# Run as a command:
#   eval "$(bash scripts/fault_server.sh start)"   # prints export lines; the server keeps running
#   bash scripts/fault_server.sh stop | status
#
# fault_server_stop signals only the recorded pid, and only while it is still fault_server.py.
#
# Optional environment:
#   FAULT_SERVER_STATE_DIR  pid, url and log files; one server per dir [${TMPDIR:-/tmp}/networklayer-fault-server-$UID]
#   FAULT_SERVER_TTL        the server stops by itself after N seconds  [600; 0 = never]
#   FAULT_SERVER_PYTHON     the interpreter                              [python3]

_fault_server_cfg() {
    _fs_state=${FAULT_SERVER_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-fault-server-$(id -u)}
    _fs_script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/fault_server.py
    _fs_python=${FAULT_SERVER_PYTHON:-python3}
}

_fault_server_is_ours() { # $1 = pid
    [[ $1 =~ ^[0-9]+$ ]] && kill -0 "$1" 2>/dev/null &&
        [[ $(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null) == *fault_server.py* ]]
}

fault_server_start() {
    _fault_server_cfg
    local pid port _
    mkdir -p "$_fs_state" || return 1
    if [[ -f $_fs_state/pid && -f $_fs_state/url ]] && _fault_server_is_ours "$(<"$_fs_state/pid")"; then
        FAULT_SERVER_PID=$(<"$_fs_state/pid") FAULT_SERVER_URL=$(<"$_fs_state/url")
        export FAULT_SERVER_PID FAULT_SERVER_URL
        return 0
    fi
    rm -f "$_fs_state/pid" "$_fs_state/url" "$_fs_state/out"
    # In a subshell, so the caller's `wait` never waits for the server; no tty, own session.
    (
        setsid "$_fs_python" "$_fs_script" --ttl "${FAULT_SERVER_TTL:-600}" \
            </dev/null >"$_fs_state/out" 2>"$_fs_state/log" &
        echo $! >"$_fs_state/pid"
    )
    pid=$(<"$_fs_state/pid")
    for _ in $(seq 100); do
        port=$(sed -n 's/^PORT=\([0-9][0-9]*\)$/\1/p' "$_fs_state/out" 2>/dev/null || true)
        [[ -n $port ]] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        printf 'fault_server.sh: the server did not start:\n' >&2
        tail -n 20 "$_fs_state/log" >&2
        _fault_server_is_ours "$pid" && kill "$pid" 2>/dev/null
        return 1
    fi
    FAULT_SERVER_PID=$pid FAULT_SERVER_URL=http://127.0.0.1:$port
    echo "$FAULT_SERVER_URL" >"$_fs_state/url"
    export FAULT_SERVER_PID FAULT_SERVER_URL
}

fault_server_stop() {
    _fault_server_cfg
    local pid _
    [[ -f $_fs_state/pid ]] || return 0
    pid=$(<"$_fs_state/pid")
    if _fault_server_is_ours "$pid"; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 50); do
            _fault_server_is_ours "$pid" || break
            sleep 0.1
        done
        _fault_server_is_ours "$pid" && kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$_fs_state/pid" "$_fs_state/url" "$_fs_state/out"
    unset FAULT_SERVER_PID FAULT_SERVER_URL
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${1:-} in
        start)
            fault_server_start
            printf 'export FAULT_SERVER_URL=%s FAULT_SERVER_PID=%s\n' "$FAULT_SERVER_URL" "$FAULT_SERVER_PID"
            ;;
        stop) fault_server_stop ;;
        status)
            _fault_server_cfg
            if [[ -f $_fs_state/pid ]] && _fault_server_is_ours "$(<"$_fs_state/pid")"; then
                echo "running: $(<"$_fs_state/url") (pid $(<"$_fs_state/pid"))"
            else
                echo "not running"
                exit 1
            fi
            ;;
        *)
            echo "usage: $0 start|stop|status" >&2
            exit 2
            ;;
    esac
fi
