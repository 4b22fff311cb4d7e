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

# shellcheck source=scripts/python_peer.sh
source "$(dirname "${BASH_SOURCE[0]}")/python_peer.sh"

_fault_server_cfg() {
    _fs_state=${FAULT_SERVER_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-fault-server-$(id -u)}
    _fs_script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/fault_server.py
    _fs_python=${FAULT_SERVER_PYTHON:-python3}
}

fault_server_start() {
    _fault_server_cfg
    python_peer_start "$_fs_state" "$_fs_python" "$_fs_script" "${FAULT_SERVER_TTL:-600}" || return 1
    FAULT_SERVER_PID=$python_peer_pid FAULT_SERVER_URL=$python_peer_url
    export FAULT_SERVER_PID FAULT_SERVER_URL
}

fault_server_stop() {
    _fault_server_cfg
    python_peer_stop "$_fs_state" "$_fs_script"
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
            python_peer_status "$_fs_state" "$_fs_script"
            ;;
        *)
            echo "usage: $0 start|stop|status" >&2
            exit 2
            ;;
    esac
fi
