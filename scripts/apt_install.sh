# apt_install.sh: installs Debian packages the scripts need, as root or through `sudo -n`. Source it, then:
#
#   apt_install PACKAGE...   apt-get update and install, quietly; on failure the last 20 lines of apt-get's
#                            output go to standard error and it returns 1

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
