#!/usr/bin/env bash
# docs.sh: builds the DocC documentation with the toolchain's own `docc` (no plugin dependency).
#
#   bash scripts/docs.sh [output-dir]        # default output-dir: .docc-build
#
# Writes <output-dir>/NetworkLayer.doccarchive and, when Sources/BeagleAdapter/BeagleAdapter.docc
# exists, <output-dir>/BeagleAdapter.doccarchive, which links to NetworkLayer's symbols through the
# first archive instead of documenting them again. Any compiler or DocC warning fails the script.
#
# BeagleAdapter's docs link to NetworkLayer with absolute symbol links, which resolve against the
# NetworkLayer archive: ``/NetworkLayer/Router``, ``/NetworkLayer/NetworkError/cancelled``.
# A plain ``Router`` only finds BeagleAdapter's own symbols.
#
# Environment:
#   SWIFT_SCRATCH_PATH  build directory for `swift build` [.build]. Symbol graphs are kept inside
#                       it, so they stay in step with what that build directory has compiled.
#   DOCC                the docc executable [docc on PATH, else `xcrun docc`]
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
out=${1:-.docc-build}
scratch=${SWIFT_SCRATCH_PATH:-.build}
case $scratch in /*) ;; *) scratch=$root/$scratch ;; esac
case $out in /*) ;; *) out=$root/$out ;; esac

if [[ -n ${DOCC:-} ]]; then
    docc=("$DOCC")
elif command -v docc >/dev/null 2>&1; then
    docc=(docc)
elif command -v xcrun >/dev/null 2>&1; then
    docc=(xcrun docc)
else
    echo "docs.sh: docc not found; install a Swift toolchain that ships it or set DOCC" >&2
    exit 1
fi

graphs=$scratch/docs-symbol-graphs
mkdir -p "$graphs" "$out"

# Builds `target` with symbol graphs for it (and its dependencies) written to $graphs.
# When nothing changed, the compiler does not run and the graphs from the last build stay valid.
build_symbol_graphs() {
    local target=$1
    echo "==> swift build --target $target (symbol graphs)"
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -warnings-as-errors \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    if [[ ! -f $graphs/$target.symbols.json ]]; then
        echo "docs.sh: $graphs/$target.symbols.json is missing although the build is up to date;" >&2
        echo "docs.sh: remove $scratch (or pick another SWIFT_SCRATCH_PATH) and run again" >&2
        exit 1
    fi
}

# Copies only `module`'s own graphs (including its extensions of other modules) into a fresh directory.
collect_symbol_graphs() {
    local module=$1 dir=$out/.symbol-graphs/$1
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$dir/" \;
    echo "$dir"
}

# convert <module> <catalog> [extra docc flags...]
convert() {
    local module=$1 catalog=$2
    shift 2
    local symbols
    symbols=$(collect_symbol_graphs "$module")
    echo "==> docc convert $catalog"
    rm -rf "$out/$module.doccarchive"
    "${docc[@]}" convert "$catalog" \
        --additional-symbol-graph-dir "$symbols" \
        --output-path "$out/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.networklayer.$module" \
        --warnings-as-errors \
        "$@"
}

build_symbol_graphs NetworkLayer
convert NetworkLayer Sources/NetworkLayer.docc --enable-experimental-external-link-support

if [[ -d Sources/BeagleAdapter/BeagleAdapter.docc ]]; then
    build_symbol_graphs BeagleAdapter
    convert BeagleAdapter Sources/BeagleAdapter/BeagleAdapter.docc \
        --dependency "$out/NetworkLayer.doccarchive" --enable-experimental-external-link-support
fi

echo "==> documentation in $out"
