#!/usr/bin/env bash
# compression_server.sh: starts and stops scripts/compression_server.py, the peer of the br and zstd decoding
# tests: the standard library's HTTP server on 127.0.0.1, with bodies compressed by PyPI's brotli and zstandard
# (installed into a virtualenv of their own).
#
# Sourced (as scripts/test.sh does):
#   source scripts/compression_server.sh
#   compression_server_start || exit 1       # exports COMPRESSION_SERVER_URL, COMPRESSION_SERVER_PID
#   trap compression_server_stop EXIT
# Run as a command:
#   eval "$(bash scripts/compression_server.sh start)"   # prints export lines; the server keeps running
#   bash scripts/compression_server.sh stop | status
#
# Optional environment:
#   COMPRESSION_SERVER_STATE_DIR  pid, url and log files; one server per dir
#                                 [${TMPDIR:-/tmp}/networklayer-compression-server-$UID]
#   COMPRESSION_SERVER_VENV       the virtualenv       [${XDG_CACHE_HOME:-~/.cache}/networklayer-compression/venv]
#   COMPRESSION_SERVER_TTL        the server stops by itself after N seconds  [600; 0 = never]
#   COMPRESSION_SERVER_PYTHON     the interpreter that creates the virtualenv [python3]

# shellcheck source=scripts/python_peer.sh
source "$(dirname "${BASH_SOURCE[0]}")/python_peer.sh"

_compression_server_cfg() {
    _cs_state=${COMPRESSION_SERVER_STATE_DIR:-${TMPDIR:-/tmp}/networklayer-compression-server-$(id -u)}
    _cs_script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/compression_server.py
    _cs_venv=${COMPRESSION_SERVER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/networklayer-compression/venv}
    _cs_specs="brotli==1.2.1 zstandard==0.25.0"
}

compression_server_start() {
    _compression_server_cfg
    python_venv_install "$_cs_venv" "${COMPRESSION_SERVER_PYTHON:-python3}" "$_cs_specs" "import brotli, zstandard" || return 1
    python_peer_start "$_cs_state" "$_cs_venv/bin/python" "$_cs_script" "${COMPRESSION_SERVER_TTL:-600}" || return 1
    COMPRESSION_SERVER_PID=$python_peer_pid COMPRESSION_SERVER_URL=$python_peer_url
    export COMPRESSION_SERVER_PID COMPRESSION_SERVER_URL
}

compression_server_stop() {
    _compression_server_cfg
    python_peer_stop "$_cs_state" "$_cs_script"
    unset COMPRESSION_SERVER_PID COMPRESSION_SERVER_URL
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    case ${1:-} in
        start)
            compression_server_start
            printf 'export COMPRESSION_SERVER_URL=%s COMPRESSION_SERVER_PID=%s\n' "$COMPRESSION_SERVER_URL" "$COMPRESSION_SERVER_PID"
            ;;
        stop) compression_server_stop ;;
        status)
            _compression_server_cfg
            python_peer_status "$_cs_state" "$_cs_script"
            ;;
        *)
            echo "usage: $0 start|stop|status" >&2
            exit 2
            ;;
    esac
fi
