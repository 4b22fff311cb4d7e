#!/usr/bin/env bash
# check_har.sh: the HAR files NetworkLayer's recorder writes parse in haralyzer (PyPI), which the
# `test` stage of scripts/test.sh runs on the files the HAR integration suites leave.
#
#   bash scripts/check_har.sh FILE...
#
# haralyzer goes into a virtualenv of its own (python_venv_install, as the test servers do); the check itself
# is scripts/check_har.py.
#
# Optional environment:
#   HARALYZER_VENV   the virtualenv   [${XDG_CACHE_HOME:-~/.cache}/networklayer-haralyzer/venv]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/python_peer.sh
source "$here/python_peer.sh"
if (($# == 0)); then
    echo "usage: $0 FILE..." >&2
    exit 2
fi
venv=${HARALYZER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/networklayer-haralyzer/venv}
python_venv_install "$venv" python3 "haralyzer==2.4.0 cached-property==2.0.1 python-dateutil==4.0.0" \
    "from haralyzer import HarParser"
"$venv/bin/python" "$here/check_har.py" "$@"
