#!/usr/bin/env bash
# record_mitmproxy_har.sh: makes the HAR fixture that shows HARReplayTransport reading another tool's file.
#
#   bash scripts/record_mitmproxy_har.sh [OUT]
#
# Starts a httpbin of its own (scripts/httpbin.sh) and mitmproxy's mitmdump in reverse-proxy mode in front of
# it, both on 127.0.0.1, sends a handful of curl requests through the proxy (a GET with a query, a POST of
# JSON, a redirect followed, a gzip body, bytes, a 404) and lets mitmdump write what it saw with its `hardump`
# option when it stops. The file is kept as mitmproxy wrote it.
#
# OUT defaults to Tests/NetworkLayerTests/Service/Recording/Fixtures/mitmproxy-httpbin.har, which
# HARInteroperabilityTests replay. mitmproxy (from PyPI) goes into a virtualenv of its own; nothing is sent
# anywhere but loopback, and the requests carry no credential.
#
# Optional environment:
#   MITMPROXY_VENV   the virtualenv           [${XDG_CACHE_HOME:-~/.cache}/networklayer-mitmproxy/venv]
#   MITMPROXY_PORT   the proxy's port         [18480]
#   HTTPBIN_PORT     the httpbin's port       [18481]; fixed ports keep the URLs in the file the same
#                                             from one recording to the next
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
out=${1:-Tests/NetworkLayerTests/Service/Recording/Fixtures/mitmproxy-httpbin.har}
[[ $out == /* ]] || out=$root/$out

# mitmproxy 11.0 is the last line that runs on Python 3.11; its savehar addon has the `hardump` option.
venv=${MITMPROXY_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/networklayer-mitmproxy/venv}
specs="mitmproxy==11.0.2"
proxy_port=${MITMPROXY_PORT:-18480}

unset http_proxy https_proxy all_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY
state=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-mitmproxy.XXXXXX")
export HTTPBIN_STATE_DIR=$state/httpbin HTTPBIN_PORT=${HTTPBIN_PORT:-18481} HTTPBIN_TTL=300
# shellcheck source=scripts/python_peer.sh
source "$root/scripts/python_peer.sh"
# shellcheck source=scripts/httpbin.sh
source "$root/scripts/httpbin.sh"

proxy_pid=
cleanup() {
    if [[ -n $proxy_pid ]] && kill -0 "$proxy_pid" 2>/dev/null; then kill -TERM "$proxy_pid" 2>/dev/null || true; fi
    httpbin_stop >/dev/null 2>&1 || true
    rm -rf "$state"
}
trap cleanup EXIT

python_venv_install "$venv" python3 "$specs" "import mitmproxy.addons.savehar"
httpbin_start

# Its own confdir, so that the CA it makes on first start stays out of ~/.mitmproxy; a TTL in case this
# script dies before it stops the proxy.
(
    cd "$state"
    exec timeout -s INT 300 "$venv/bin/mitmdump" --mode "reverse:$HTTPBIN_URL" \
        --listen-host 127.0.0.1 --listen-port "$proxy_port" \
        --set confdir="$state/mitmproxy" --set hardump="$state/out.har" --quiet \
        </dev/null >"$state/mitmdump.log" 2>&1
) &
proxy_pid=$!
# Ready once the port takes a connection (a connection without a request records nothing).
for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$proxy_port") 2>/dev/null && break
    kill -0 "$proxy_pid" 2>/dev/null || break
    sleep 0.1
done
if ! (exec 3<>"/dev/tcp/127.0.0.1/$proxy_port") 2>/dev/null; then
    echo "record_mitmproxy_har: mitmdump did not start:" >&2
    cat "$state/mitmdump.log" >&2
    exit 1
fi

proxy=http://127.0.0.1:$proxy_port
send() { curl -sS --noproxy '*' --max-time 10 -o /dev/null "$@"; }
send "$proxy/get?page=2&tag=sci-fi"
send -X POST -H 'Content-Type: application/json' --data '{"title":"Dune","year":1965}' "$proxy/post"
send -L "$proxy/redirect/1"
send --compressed "$proxy/gzip"
send "$proxy/bytes/16?seed=7"
send "$proxy/status/404"

# mitmdump writes the file as it shuts down; `timeout` passes the signal on.
kill -INT "$proxy_pid"
wait "$proxy_pid" || true
proxy_pid=
if [[ ! -s $state/out.har ]]; then
    echo "record_mitmproxy_har: mitmdump wrote no HAR file:" >&2
    cat "$state/mitmdump.log" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
cp "$state/out.har" "$out"
entries=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' "$out")
echo "record_mitmproxy_har: $entries entries written to ${out#"$root"/}"
