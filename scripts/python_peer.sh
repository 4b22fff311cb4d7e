# python_peer.sh: starts and stops a loopback test peer written as a Python script that prints PORT=<port>
# on standard output once it listens on 127.0.0.1. Sourced by fault_server.sh, sse_server.sh and compression_server.sh.
#
#   python_peer_start STATE_DIR PYTHON SCRIPT TTL   starts SCRIPT --ttl TTL in its own session, or reuses the
#                                                    one STATE_DIR records; sets python_peer_pid and
#                                                    python_peer_url (http://127.0.0.1:PORT)
#   python_peer_stop STATE_DIR SCRIPT               stops the recorded peer, only while it still runs SCRIPT
#   python_peer_status STATE_DIR SCRIPT             prints "running: URL (pid PID)", or fails

_python_peer_is_ours() { # PID SCRIPT
    [[ $1 =~ ^[0-9]+$ ]] && kill -0 "$1" 2>/dev/null &&
        [[ $(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null) == *"$(basename "$2")"* ]]
}

python_peer_start() {
    local state=$1 python=$2 script=$3 ttl=$4 pid port _
    mkdir -p "$state" || return 1
    if [[ -f $state/pid && -f $state/url ]] && _python_peer_is_ours "$(<"$state/pid")" "$script"; then
        python_peer_pid=$(<"$state/pid") python_peer_url=$(<"$state/url")
        return 0
    fi
    rm -f "$state/pid" "$state/url" "$state/out"
    # In a subshell, so the caller's `wait` never waits for the server; no tty, own session.
    (
        setsid "$python" "$script" --ttl "$ttl" </dev/null >"$state/out" 2>"$state/log" &
        echo $! >"$state/pid"
    )
    pid=$(<"$state/pid")
    for _ in $(seq 100); do
        port=$(sed -n 's/^PORT=\([0-9][0-9]*\)$/\1/p' "$state/out" 2>/dev/null || true)
        [[ -n $port ]] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        printf '%s: the server did not start:\n' "$(basename "$script")" >&2
        tail -n 20 "$state/log" >&2
        _python_peer_is_ours "$pid" "$script" && kill "$pid" 2>/dev/null
        return 1
    fi
    python_peer_pid=$pid python_peer_url=http://127.0.0.1:$port
    echo "$python_peer_url" >"$state/url"
}

python_peer_stop() {
    local state=$1 script=$2 pid _
    [[ -f $state/pid ]] || return 0
    pid=$(<"$state/pid")
    if _python_peer_is_ours "$pid" "$script"; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 50); do
            _python_peer_is_ours "$pid" "$script" || break
            sleep 0.1
        done
        _python_peer_is_ours "$pid" "$script" && kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$state/pid" "$state/url" "$state/out"
}

python_peer_status() {
    local state=$1 script=$2
    if [[ -f $state/pid ]] && _python_peer_is_ours "$(<"$state/pid")" "$script"; then
        echo "running: $(<"$state/url") (pid $(<"$state/pid"))"
    else
        echo "not running"
        return 1
    fi
}

# python_venv_install VENV PYTHON SPECS CHECK: installs SPECS (a word list for pip) into the virtualenv VENV,
# created with PYTHON, unless the same SPECS are there already; CHECK is Python code that must run after.
# One install at a time per VENV (flock); the log is VENV.install.log.
python_venv_install() {
    local venv=$1 python=$2 specs=$3 check=$4 stamp=$1/.networklayer-specs
    [[ -x $venv/bin/python && -f $stamp && "$(<"$stamp")" == "$specs" ]] && return 0
    mkdir -p "$(dirname "$venv")" || return 1
    if ! (
        flock -w 600 9 || exit 1
        [[ -x $venv/bin/python && -f $stamp && "$(<"$stamp")" == "$specs" ]] && exit 0
        [[ -x $venv/bin/python ]] || "$python" -m venv "$venv" || exit 1
        # shellcheck disable=SC2086  # the specs are a word list on purpose
        "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input $specs || exit 1
        "$venv/bin/python" -c "$check" || exit 1
        printf '%s' "$specs" >"$stamp"
    ) 9>"$venv.lock" >"$venv.install.log" 2>&1; then
        printf 'python_venv_install: installing into %s failed; last lines of %s:\n' "$venv" "$venv.install.log" >&2
        tail -n 15 "$venv.install.log" >&2
        return 1
    fi
}
