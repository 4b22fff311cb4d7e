#!/usr/bin/env bash
# sse_server.sh: starts and stops scripts/sse_server.py, the Server-Sent Events peer of the streaming
# integration tests: sse-starlette on uvicorn (both from PyPI, installed into a virtualenv of their own) on
# 127.0.0.1.
#
# Sourced (as scripts/test.sh does):
#   source scripts/sse_server.sh
#   sse_server_start || exit 1       # exports SSE_SERVER_URL=http://127.0.0.1:PORT, SSE_SERVER_PID
#   trap sse_server_stop EXIT
# Run as a command:
#   eval "$(bash scripts/sse_server.sh start)"   # prints export lines; the server keeps running
#   bash scripts/sse_server.sh stop | status
#
# Optional environment:
#   SSE_SERVER_STATE_DIR  pid, url and log files; one server per dir [${TMPDIR:-/tmp}/networklayer-sse-server-$UID]
#   SSE_SERVER_VENV       the virtualenv       [${XDG_CACHE_HOME:-~/.cache}/networklayer-sse/venv]
#   SSE_SERVER_TTL        the server stops by itself after N seconds  [600; 0 = never]
#   SSE_SERVER_PYTHON     the interpreter that creates the virtualenv [python3]

# shellcheck source=scripts/python_peer.sh
source "$(dirname "${BASH_SOURCE[0]}")/python_peer.sh"

_sse_server_cfg() {
    _sse_state=${SSE_SERVER_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-sse-server-$(id -u)}
    _sse_script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/sse_server.py
    _sse_venv=${SSE_SERVER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/networklayer-sse/venv}
    _sse_specs="sse-starlette==3.7.0 starlette==0.52.1 uvicorn==0.38.0"
}

sse_server_start() {
    _sse_server_cfg
    python_venv_install "$_sse_venv" "${SSE_SERVER_PYTHON:-python3}" "$_sse_specs" "import sse_starlette, uvicorn" ||
        return 1
    python_peer_start "$_sse_state" "$_sse_venv/bin/python" "$_sse_script" "${SSE_SERVER_TTL:-600}" || return 1
    SSE_SERVER_PID=$python_peer_pid SSE_SERVER_URL=$python_peer_url
    export SSE_SERVER_PID SSE_SERVER_URL
}

sse_server_stop() {
    _sse_server_cfg
    python_peer_stop "$_sse_state" "$_sse_script"
    unset SSE_SERVER_PID SSE_SERVER_URL
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${1:-} in
        start)
            sse_server_start
            printf 'export SSE_SERVER_URL=%s SSE_SERVER_PID=%s\n' "$SSE_SERVER_URL" "$SSE_SERVER_PID"
            ;;
        stop) sse_server_stop ;;
        status)
            _sse_server_cfg
            python_peer_status "$_sse_state" "$_sse_script"
            ;;
        *)
            echo "usage: $0 start|stop|status" >&2
            exit 2
            ;;
    esac
fi
