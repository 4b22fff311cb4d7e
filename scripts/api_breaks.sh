#!/usr/bin/env bash
# api_breaks.sh: the API-break check (the `api` stage of scripts/test.sh). `swift package
# diagnose-api-breaking-changes` compares the `NetworkLayer` product with the baseline commit named in
# api/baseline; every break it reports must be listed in CHANGELOG.md's first section (## Unreleased).
#
#   bash scripts/api_breaks.sh [SCRATCH_PATH [FLAG...]]
#
# SCRATCH_PATH is the build directory to use [.build-api]; FLAGs go to the build (`-Xswiftc …`). Given the
# build directory and flags of a build of the working tree that already ran, the check builds only the baseline.
#
# Listed means: inside a `### Breaking…`, `### Removed…` or `### Changed…` subsection of that section, a code span
# holds the declaration's name as the tool prints it, alone or followed by its arguments: for
# "func NetworkManager.decode(_:from:) has been removed", `NetworkManager.decode` or `NetworkManager.decode(_:from:)`
# (for an accessor such as `Router.configuration.Set()`, the property: `Router.configuration`). The tool treats
# @_spi declarations as API: their breaks are listed too. An empty or missing api/baseline passes ("no baseline
# yet"). The baseline's API is kept in SCRATCH_PATH/api-baselines, so a run after the first builds only the working
# tree. The whole package must build; the tool compares the working tree, committed or not.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch=${1:-.build-api}
shift $(($# > 0 ? 1 : 0))

baseline=$(awk '!/^#/ && NF { print $1; exit }' api/baseline 2>/dev/null || true)
if [[ -z $baseline ]]; then
    echo "api/baseline names no commit: nothing to compare with"
    echo "api_breaks: no baseline yet"
    exit 0
fi
# A shallow clone may lack the baseline: fetch it under a ref, which SwiftPM's own clone of this one needs.
if [[ $(git rev-parse --is-shallow-repository) == true ]] || ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    git fetch --quiet --depth=1 origin "+$baseline:refs/tags/api-baseline"
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
swift package --scratch-path "$scratch" "$@" diagnose-api-breaking-changes "$baseline" --products NetworkLayer \
    --baseline-dir "$scratch/api-baselines" >"$log" 2>&1 || rc=$?
cat "$log"
breaks=$(grep -o 'API breakage: .*' "$log" || true)
if [[ -z $breaks ]]; then
    ((rc == 0)) || { echo "api_breaks: the diagnosis failed (see above)" && exit 1; }
    echo "api_breaks: no break since ${baseline:0:8}"
    exit 0
fi

listing=$(awk '/^## / { section++ } section == 1 && /^### / { keep = $2 ~ /^(Breaking|Removed|Changed)/ }
    section == 1 && keep' CHANGELOG.md)
unlisted=0
while IFS= read -r line; do
    read -r _ _ kind name _ <<<"$line"
    name=${name%%(*}
    if [[ $kind == accessor ]]; then name=${name%.*}; fi
    if [[ $listing == *"\`$name\`"* || $listing == *"\`$name("* ]]; then
        echo "listed:     $line"
    else
        echo "NOT LISTED: $line; name \`$name\` under ### Breaking, Removed or Changed in CHANGELOG's Unreleased"
        unlisted=$((unlisted + 1))
    fi
done <<<"$breaks"
echo "api_breaks: $(wc -l <<<"$breaks") break(s) since ${baseline:0:8}, $unlisted not in CHANGELOG"
((unlisted == 0))
