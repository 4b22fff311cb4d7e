#!/usr/bin/env bash
# Generates code for every document in ../shared/reference/openapi and compiles it, each document in a target
# of its own, in a scratch package under .build that depends on NetworkLayer by path, with warnings as errors.
# Prints one line per document and exits non-zero on the first failure. Skips, saying so, without the folder.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
documents="${OPENAPI_DOCUMENTS:-$root/../shared/reference/openapi}"
if [ ! -d "$documents" ]; then
    echo "compile-reference: $documents is absent (CI has it); skipped"
    exit 0
fi
tool="$here/.build/debug/networklayer-openapi"
[ -x "$tool" ] || (cd "$here" && swift build --product networklayer-openapi >/dev/null)
scratch="$here/.build/reference-check"
mkdir -p "$scratch/Sources"
targets=()
for document in "$documents"/*.yaml "$documents"/*.yml "$documents"/*.json; do
    [ -f "$document" ] || continue
    base="$(basename "$document")"
    target="Doc_$(echo "${base%.*}" | tr -c 'A-Za-z0-9\n' '_')"
    rm -rf "$scratch/Sources/$target"
    "$tool" generate "$document" --output "$scratch/Sources/$target"
    targets+=("$target")
    echo "generated $base -> $target"
    # Documents with tags again with one enum per tag (issue 41, point 2: "or per tag, by config").
    if grep -q "^ *tags:" "$document"; then
        rm -rf "$scratch/Sources/${target}_PerTag"
        "$tool" generate "$document" --output "$scratch/Sources/${target}_PerTag" --enum-per-tag
        targets+=("${target}_PerTag")
        echo "generated $base -> ${target}_PerTag (--enum-per-tag)"
    fi
done
{
    echo '// swift-tools-version:6.2'
    echo 'import PackageDescription'
    echo 'let package = Package('
    echo '    name: "ReferenceCheck",'
    echo '    platforms: [.macOS(.v13)],'
    echo "    dependencies: [.package(name: \"NetworkLayer\", path: \"$root\")],"
    echo '    targets: ['
    for target in "${targets[@]}"; do
        echo "        .target(name: \"$target\", dependencies: [.product(name: \"NetworkLayer\", package: \"NetworkLayer\")]),"
    done
    echo '    ],'
    echo '    swiftLanguageModes: [.v6]'
    echo ')'
} > "$scratch/Package.swift"
(cd "$scratch" && swift build -Xswiftc -warnings-as-errors 2>&1 | grep -E "error|warning|Compiling|Build complete" | grep -v "^\[" ) || true
cd "$scratch" && swift build -Xswiftc -warnings-as-errors >/dev/null 2>&1
echo "compile-reference: ${#targets[@]} targets generated from the documents and compiled with -warnings-as-errors"
