#!/usr/bin/env bash
# nghttpd.sh: Debian's nghttpd (package nghttp2-server), an HTTP/2 server over TLS with ALPN on 127.0.0.1, for the
# HTTP/2 tests of AsyncHTTPClientTransport. A throw-away certificate authority and a certificate for 127.0.0.1 are
# made with openssl; the served files are written under the state folder.
#
# Sourced (as Integrations/scripts/test.sh does):
#   source scripts/nghttpd.sh
#   nghttpd_start DIR || exit 1   # exports NGHTTPD_URL=https://127.0.0.1:PORT, NGHTTPD_CA (the authority's PEM)
#                                 # and NGHTTPD_LOG (nghttpd -v: one `[id=N]` per connection)
#   trap nghttpd_stop EXIT
#
# Served: small.json, large.bin (8 MiB of zeros), events.sse (three Server-Sent Events, text/event-stream).

# shellcheck source=scripts/apt_install.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"

_nghttpd_pid=

nghttpd_start() {
    local dir=$1 port attempt
    command -v nghttpd >/dev/null 2>&1 || apt_install nghttp2-server || return 1
    mkdir -p "$dir/htdocs"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=NetworkLayer test authority" \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
        -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null || return 1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$dir/server.key" -out "$dir/server.csr" \
        2>/dev/null || return 1
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$dir/server.ext"
    openssl x509 -req -days 2 -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
        -extfile "$dir/server.ext" -out "$dir/server.pem" 2>/dev/null || return 1
    printf '{"page":1,"results":[]}\n' >"$dir/htdocs/small.json"
    head -c 8388608 /dev/zero >"$dir/htdocs/large.bin"
    printf 'id: 1\ndata: one\n\nid: 2\ndata: two\n\nid: 3\ndata: three\n\n' >"$dir/htdocs/events.sse"
    printf 'application/json json\ntext/event-stream sse\napplication/octet-stream bin\n' >"$dir/mime.types"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    nghttpd -v -a 127.0.0.1 -d "$dir/htdocs" --mime-types-file="$dir/mime.types" "$port" \
        "$dir/server.key" "$dir/server.pem" </dev/null >"$dir/nghttpd.log" 2>&1 &
    _nghttpd_pid=$!
    for attempt in $(seq 1 50); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            export NGHTTPD_URL="https://127.0.0.1:$port" NGHTTPD_CA="$dir/ca.pem" NGHTTPD_LOG="$dir/nghttpd.log"
            return 0
        fi
        kill -0 "$_nghttpd_pid" 2>/dev/null || break
        sleep 0.1
    done
    cat "$dir/nghttpd.log" >&2
    nghttpd_stop
    return 1
}

nghttpd_stop() {
    [[ -n $_nghttpd_pid ]] || return 0
    kill -TERM "$_nghttpd_pid" 2>/dev/null || true
    wait "$_nghttpd_pid" 2>/dev/null || true
    _nghttpd_pid=
}
