#!/usr/bin/env bash
# websocket_server.sh: starts and stops the WebSocket peers of the integration tests, both on 127.0.0.1:
# scripts/websocket_server.py (Python's websockets from PyPI, installed into a virtualenv of its own) and
# scripts/websocket_hostile_server.py (the project's raw-socket server that breaks RFC 6455 on purpose; the
# standard library only).
#
# Sourced (as scripts/test.sh does):
#   source scripts/websocket_server.sh
#   websocket_server_start || exit 1   # exports WEBSOCKET_SERVER_URL and WEBSOCKET_HOSTILE_SERVER_URL
#   trap websocket_server_stop EXIT
# Run as a command:
#   eval "$(bash scripts/websocket_server.sh start)"   # prints export lines; the servers keep running
#   bash scripts/websocket_server.sh stop | status
#
# Optional environment:
#   WEBSOCKET_SERVER_STATE_DIR  pid, url and log files; one pair per dir [${TMPDIR:-/tmp}/networklayer-websocket-$UID]
#   WEBSOCKET_SERVER_VENV       the virtualenv       [${XDG_CACHE_HOME:-~/.cache}/networklayer-websockets/venv]
#   WEBSOCKET_SERVER_TTL        the servers stop by themselves after N seconds  [600; 0 = never]
#   WEBSOCKET_SERVER_PYTHON     the interpreter that creates the virtualenv [python3]

# shellcheck source=scripts/python_peer.sh
source "$(dirname "${BASH_SOURCE[0]}")/python_peer.sh"

_websocket_server_cfg() {
    _ws_state=${WEBSOCKET_SERVER_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-websocket-$(id -u)}
    _ws_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    _ws_venv=${WEBSOCKET_SERVER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/networklayer-websockets/venv}
    _ws_specs="websockets==17.4"
}

websocket_server_start() {
    _websocket_server_cfg
    python_venv_install "$_ws_venv" "${WEBSOCKET_SERVER_PYTHON:-python3}" "$_ws_specs" "import websockets.asyncio.server" ||
        return 1
    python_peer_start "$_ws_state/echo" "$_ws_venv/bin/python" "$_ws_dir/websocket_server.py" \
        "${WEBSOCKET_SERVER_TTL:-600}" || return 1
    WEBSOCKET_SERVER_URL=$python_peer_url
    python_peer_start "$_ws_state/hostile" "${WEBSOCKET_SERVER_PYTHON:-python3}" "$_ws_dir/websocket_hostile_server.py" \
        "${WEBSOCKET_SERVER_TTL:-600}" || return 1
    WEBSOCKET_HOSTILE_SERVER_URL=$python_peer_url
    export WEBSOCKET_SERVER_URL WEBSOCKET_HOSTILE_SERVER_URL
}

websocket_server_stop() {
    _websocket_server_cfg
    python_peer_stop "$_ws_state/echo" "$_ws_dir/websocket_server.py"
    python_peer_stop "$_ws_state/hostile" "$_ws_dir/websocket_hostile_server.py"
    unset WEBSOCKET_SERVER_URL WEBSOCKET_HOSTILE_SERVER_URL
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${1:-} in
        start)
            websocket_server_start
            printf 'export WEBSOCKET_SERVER_URL=%s WEBSOCKET_HOSTILE_SERVER_URL=%s\n' \
                "$WEBSOCKET_SERVER_URL" "$WEBSOCKET_HOSTILE_SERVER_URL"
            ;;
        stop) websocket_server_stop ;;
        status)
            _websocket_server_cfg
            python_peer_status "$_ws_state/echo" "$_ws_dir/websocket_server.py"
            python_peer_status "$_ws_state/hostile" "$_ws_dir/websocket_hostile_server.py"
            ;;
        *)
            echo "usage: $0 start|stop|status" >&2
            exit 2
            ;;
    esac
fi
