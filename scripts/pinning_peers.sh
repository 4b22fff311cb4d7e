#!/usr/bin/env bash
# pinning_peers.sh: TLS servers on 127.0.0.1 for the certificate-pinning tests of AsyncHTTPClientTransport: Debian's
# nghttpd (package nghttp2-server), one instance per certificate, each logging its requests. Two throw-away
# certificate authorities and the servers' certificates are made with openssl.
#
# Sourced (as Integrations/scripts/test.sh does):
#   source scripts/pinning_peers.sh
#   pinning_peers_start DIR || exit 1   # exports PINNING_PEERS=DIR
#   trap pinning_peers_stop EXIT
#
# In DIR: authority-a.pem and authority-b.pem (self-signed), and for each server NAME its URL in NAME.url, its
# certificate's public-key pin as openssl computes it in NAME.pin (`sha256/…`), and nghttpd's log in NAME.log
# (`nghttpd -v`: one `:path:` line per request received). The servers:
#   current   a certificate for 127.0.0.1 signed by authority A
#   rotated   a certificate for 127.0.0.1 signed by authority B
#   expired   a certificate for 127.0.0.1 signed by authority A, valid in January 2020 only
#   wronghost a certificate for other.example signed by authority A

# shellcheck source=scripts/apt_install.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"

_pinning_pids=()

# _pinning_authority DIR NAME: a self-signed P-256 authority, DIR/authority-NAME.{pem,key}.
_pinning_authority() {
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
        -subj "/CN=NetworkLayer pinning authority $2" -addext basicConstraints=critical,CA:TRUE \
        -addext keyUsage=critical,keyCertSign,cRLSign \
        -keyout "$1/authority-$2.key" -out "$1/authority-$2.pem" 2>/dev/null
}

# _pinning_certificate DIR NAME AUTHORITY SAN [STARTDATE ENDDATE]: DIR/NAME.{pem,key}, signed by the authority,
# valid for two days from now or between the given dates (YYYYMMDDHHMMSSZ).
_pinning_certificate() {
    local dir=$1 name=$2 authority=$3 san=$4
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=$name" \
        -keyout "$dir/$name.key" -out "$dir/$name.csr" 2>/dev/null || return 1
    printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$san" >"$dir/$name.ext"
    if [[ -z ${5:-} ]]; then
        openssl x509 -req -days 2 -in "$dir/$name.csr" -CA "$dir/authority-$authority.pem" \
            -CAkey "$dir/authority-$authority.key" -CAcreateserial -extfile "$dir/$name.ext" \
            -out "$dir/$name.pem" 2>/dev/null
        return
    fi
    # `openssl x509` signs from now on only; `openssl ca` takes the dates.
    mkdir -p "$dir/ca" && : >"$dir/ca/index.txt" && echo 01 >"$dir/ca/serial"
    printf '[ca]\ndefault_ca=test\n[test]\ndatabase=%s\nnew_certs_dir=%s\nserial=%s\ndefault_md=sha256\npolicy=any\n[any]\ncommonName=supplied\n' \
        "$dir/ca/index.txt" "$dir/ca" "$dir/ca/serial" >"$dir/ca/ca.cnf"
    openssl ca -batch -notext -config "$dir/ca/ca.cnf" -cert "$dir/authority-$authority.pem" \
        -keyfile "$dir/authority-$authority.key" -startdate "$5" -enddate "$6" -extfile "$dir/$name.ext" \
        -in "$dir/$name.csr" -out "$dir/$name.pem" 2>/dev/null
}

# _pinning_serve DIR NAME: nghttpd with DIR/NAME.{pem,key} on a free port; writes DIR/NAME.url.
_pinning_serve() {
    local dir=$1 name=$2 port attempt
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    nghttpd -v -a 127.0.0.1 -d "$dir/htdocs" "$port" "$dir/$name.key" "$dir/$name.pem" \
        </dev/null >"$dir/$name.log" 2>&1 &
    _pinning_pids+=($!)
    for attempt in $(seq 1 50); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "https://127.0.0.1:$port" >"$dir/$name.url"
            printf 'sha256/%s\n' "$(openssl x509 -in "$dir/$name.pem" -pubkey -noout |
                openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64)" >"$dir/$name.pin"
            return 0
        fi
        sleep 0.1
    done
    cat "$dir/$name.log" >&2
    return 1
}

pinning_peers_start() {
    local dir=$1 name
    command -v nghttpd >/dev/null 2>&1 || apt_install nghttp2-server || return 1
    mkdir -p "$dir/htdocs"
    printf '{"page":1,"results":[]}\n' >"$dir/htdocs/small.json"
    _pinning_authority "$dir" a && _pinning_authority "$dir" b || return 1
    _pinning_certificate "$dir" current a IP:127.0.0.1 &&
        _pinning_certificate "$dir" rotated b IP:127.0.0.1 &&
        _pinning_certificate "$dir" expired a IP:127.0.0.1 20200101000000Z 20200201000000Z &&
        _pinning_certificate "$dir" wronghost a DNS:other.example || return 1
    for name in current rotated expired wronghost; do
        _pinning_serve "$dir" "$name" || {
            pinning_peers_stop
            return 1
        }
    done
    export PINNING_PEERS=$dir
}

pinning_peers_stop() {
    local pid
    for pid in "${_pinning_pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    _pinning_pids=()
}
