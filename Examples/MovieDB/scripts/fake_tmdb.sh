# fake_tmdb.sh: starts scripts/fake_tmdb.py on 127.0.0.1 for the scripts that test against it. Source it, then:
#
#   fake_tmdb_start WORK_DIR [PORT]   starts the server (PORT 0, the default, picks a free one), logging under
#                                     WORK_DIR, and exports FAKE_TMDB_URL and the credentials it accepts
#   fake_tmdb_stop                    stops it
#
# FAKE_TMDB_API_KEY and FAKE_TMDB_BEARER_TOKEN keep their values when set.

fake_tmdb_pid=""

fake_tmdb_start() {
    local work_dir=$1 port=${2:-0}
    export FAKE_TMDB_API_KEY="${FAKE_TMDB_API_KEY:-fake-tmdb-api-key}"
    export FAKE_TMDB_BEARER_TOKEN="${FAKE_TMDB_BEARER_TOKEN:-fake-tmdb-bearer-token}"
    python3 "$(dirname "${BASH_SOURCE[0]}")/fake_tmdb.py" --port "$port" >"$work_dir/port" 2>"$work_dir/server.log" &
    fake_tmdb_pid=$!
    for _ in $(seq 1 100); do
        [[ -s "$work_dir/port" ]] && break
        if ! kill -0 "$fake_tmdb_pid" 2>/dev/null; then
            echo "fake_tmdb.py failed to start:" >&2
            cat "$work_dir/server.log" >&2
            return 1
        fi
        sleep 0.1
    done
    port="$(head -n 1 "$work_dir/port")"
    if [[ -z "$port" ]]; then
        echo "fake_tmdb.py printed no port" >&2
        return 1
    fi
    export FAKE_TMDB_URL="http://127.0.0.1:$port"
}

fake_tmdb_stop() {
    if [[ -n "$fake_tmdb_pid" ]]; then
        kill "$fake_tmdb_pid" 2>/dev/null || true
        wait "$fake_tmdb_pid" 2>/dev/null || true
        fake_tmdb_pid=""
    fi
}
