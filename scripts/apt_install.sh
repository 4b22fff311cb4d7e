# apt_install.sh: installs Debian packages the scripts need, as root or through `sudo -n`. Source it, then:
#
#   apt_install PACKAGE...   apt-get update and install, quietly; on failure the last 20 lines of apt-get's
#                            output go to standard error and it returns 1
#   apt_require_headers HEADER:PACKAGE...   the same for the packages whose headers are missing (see below)

apt_install() {
    local log run_as=()
    if [[ $(id -u) != 0 ]]; then
        command -v sudo >/dev/null 2>&1 || {
            echo "apt_install: $* missing; install as root (no sudo here)" >&2
            return 1
        }
        run_as=(sudo -n)
    fi
    command -v apt-get >/dev/null 2>&1 || {
        echo "apt_install: $* missing, and there is no apt-get to install it; install it by hand" >&2
        return 1
    }
    echo "installing $* with apt-get" >&2
    log=$(mktemp)
    if ! {
        "${run_as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
            "${run_as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
    } </dev/null >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# apt_require_headers HEADER:PACKAGE...   on Linux, installs each PACKAGE whose HEADER is not under /usr/include,
#                                        as the system-library targets need (for example zstd.h:libzstd-dev)
apt_require_headers() {
    [[ $(uname -s) == Linux ]] || return 0
    local pair missing=()
    for pair in "$@"; do
        [[ -f /usr/include/${pair%%:*} ]] || missing+=("${pair#*:}")
    done
    ((${#missing[@]} == 0)) || apt_install "${missing[@]}"
}
