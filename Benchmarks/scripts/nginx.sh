# nginx.sh: a throw-away nginx on 127.0.0.1 for the network benchmarks. Source it, then:
#
#   bench_nginx_start DIR   installs nginx with apt-get if missing, writes DIR/nginx.conf and the
#                           served files under DIR/www, starts nginx in the foreground of a
#                           background job on a free port, and exports NETWORKLAYER_BENCH_SERVER
#                           and NETWORKLAYER_BENCH_JSON_SIZE; the same files go out over TLS, with
#                           HTTP/2 offered by ALPN, on a second port, NETWORKLAYER_BENCH_TLS_SERVER, with
#                           a certificate for 127.0.0.1 signed by a throw-away authority made with
#                           openssl, NETWORKLAYER_BENCH_TLS_AUTHORITY (its PEM)
#   bench_nginx_stop        stops that nginx (never a system service; nothing outside DIR is touched)
#
# Served: tmdb.json (the recorded TMDB page, or a small JSON document when the fixture is absent),
# blob-20m.bin, blob-200m.bin and blob-1g.bin (sparse files, so they take no disk space), also under paced-1m/ and
# paced-64m/, which send at 1 MB/s and 64 MB/s (the stream cancellation benchmarks), and under cached/ with
# `Cache-Control: max-age=3600` (the HTTP cache benchmark).

bench_nginx_pid=

bench_say() { printf '==> %s\n' "$*" >&2; }

# shellcheck source=scripts/apt_install.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/apt_install.sh"

bench_nginx_binary() {
    command -v nginx 2>/dev/null || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; }
}

bench_nginx_install() {
    [[ -n $(bench_nginx_binary) ]] && return 0
    bench_say "installing nginx with apt-get (it is only ever started by these scripts, never as a service)"
    apt_install nginx || return 1
    [[ -n $(bench_nginx_binary) ]]
}

bench_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
        echo $((20000 + RANDOM % 20000))
}

# bench_tls_certificate DIR: DIR/authority.pem, and DIR/server.{pem,key} for 127.0.0.1 signed by it.
bench_tls_certificate() {
    local dir=$1
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
        -subj "/CN=NetworkLayer benchmark authority" -addext basicConstraints=critical,CA:TRUE \
        -addext keyUsage=critical,keyCertSign,cRLSign -keyout "$dir/authority.key" -out "$dir/authority.pem" \
        2>/dev/null || return 1
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=127.0.0.1" \
        -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null || return 1
    printf 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' >"$dir/server.ext"
    openssl x509 -req -days 2 -in "$dir/server.csr" -CA "$dir/authority.pem" -CAkey "$dir/authority.key" \
        -CAcreateserial -extfile "$dir/server.ext" -out "$dir/server.pem" 2>/dev/null
}

bench_nginx_start() {
    local dir=$1 fixture=$2 port tls_port nginx attempt
    bench_nginx_install || return 1
    nginx=$(bench_nginx_binary)
    port=$(bench_free_port)
    tls_port=$(bench_free_port)
    mkdir -p "$dir/www" "$dir/tmp"
    bench_tls_certificate "$dir" || return 1
    if [[ -f $fixture ]]; then
        cp "$fixture" "$dir/www/tmdb.json"
    else
        printf '{"page":1,"results":[],"total_pages":0,"total_results":0}\n' >"$dir/www/tmdb.json"
    fi
    truncate -s 20M "$dir/www/blob-20m.bin"
    truncate -s 200M "$dir/www/blob-200m.bin"
    truncate -s 1G "$dir/www/blob-1g.bin"
    # nginx's workers run as an unprivileged user when started by root: let them read the files.
    chmod 755 "$dir" "$dir/www"
    chmod 644 "$dir/www"/*
    cat >"$dir/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    types { application/json json; application/octet-stream bin; }
    default_type application/octet-stream;
    sendfile on;
    tcp_nodelay on;
    keepalive_timeout 120s;
    keepalive_requests 1000000;
    # The HTTP/2 benchmark: the same files over TLS, HTTP/2 offered by ALPN (nginx 1.22's spelling).
    server {
        listen 127.0.0.1:$tls_port ssl http2;
        ssl_certificate $dir/server.pem;
        ssl_certificate_key $dir/server.key;
        root $dir/www;
        location / { }
    }
    server {
        listen 127.0.0.1:$port;
        root $dir/www;
        location / { }
        # The stream cancellation benchmarks' paced streams: a feed, and a fast stream.
        location /paced-1m/ {
            alias $dir/www/;
            limit_rate 1m;
        }
        location /paced-64m/ {
            alias $dir/www/;
            limit_rate 64m;
        }
        # The HTTP cache benchmark: the same files, fresh for an hour.
        location /cached/ {
            alias $dir/www/;
            add_header Cache-Control "max-age=3600";
        }
    }
}
CONF
    "$nginx" -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" </dev/null >"$dir/stdout.log" 2>&1 &
    bench_nginx_pid=$!
    for attempt in $(seq 1 50); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            export NETWORKLAYER_BENCH_SERVER="http://127.0.0.1:$port"
            export NETWORKLAYER_BENCH_TLS_SERVER="https://127.0.0.1:$tls_port"
            export NETWORKLAYER_BENCH_TLS_AUTHORITY="$dir/authority.pem"
            export NETWORKLAYER_BENCH_JSON_SIZE
            NETWORKLAYER_BENCH_JSON_SIZE=$(stat -c %s "$dir/www/tmdb.json")
            bench_say "nginx $("$nginx" -v 2>&1 | sed 's/.*\///') serving $dir/www at $NETWORKLAYER_BENCH_SERVER"
            return 0
        fi
        kill -0 "$bench_nginx_pid" 2>/dev/null || break
        sleep 0.1
    done
    cat "$dir/error.log" "$dir/stdout.log" >&2 2>/dev/null || true
    bench_nginx_stop
    return 1
}

bench_nginx_stop() {
    if [[ -n $bench_nginx_pid ]]; then
        kill -TERM "$bench_nginx_pid" 2>/dev/null || true
        wait "$bench_nginx_pid" 2>/dev/null || true
        bench_nginx_pid=
    fi
}
