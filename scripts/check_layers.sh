#!/usr/bin/env bash
# check_layers.sh: the map of the core module, checked (the `layers` stage of scripts/test.sh).
#
#   bash scripts/check_layers.sh
#
# The folders of the NetworkLayer target form one order, written here and nowhere else: each folder may use
# the folders below it and none above. README's Layout table and the Architecture article's diagram show the
# same order, top to bottom. The script checks that:
#   - every Swift file of the target sits in one of these folders (none loose in Sources/Service, no other
#     folder);
#   - each folder compiles together with only the folders below it: the files of the first folder alone, then
#     of the first two, and so on up to all but the last, so a folder that names a type of a higher one fails;
#   - README's Layout table and the Architecture article's diagram list the folders in this order;
#   - Tests/NetworkLayerTests mirrors Sources: every test file sits in a folder of the same path that holds
#     source files (Support/, Integration/ and Faults/ excepted: fakes and suites against real peers).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Lowest first. A request goes down Service's folders (Client, Building, Pipeline, Caching, Transport; Stubbing
# stands in for a transport, Recording wraps one) and uses the endpoint, the encoders and the values below them.
layers=(
    Sources/Model
    Sources/EndPoint
    Sources/Encoding
    Sources/Service/Transport
    Sources/Service/Recording
    Sources/Service/Caching
    Sources/Service/Pipeline
    Sources/Service/Building
    Sources/Service/Stubbing
    Sources/Service/Client
    Sources/Manager
)
target_folders=(Sources/Model Sources/EndPoint Sources/Encoding Sources/Service Sources/Manager)
test_root=Tests/NetworkLayerTests
test_exceptions=(Support Integration Faults)

failures=0
fail() {
    printf 'check_layers: %s\n' "$*" >&2
    failures=$((failures + 1))
}

layer_of() {
    local layer
    for layer in "${layers[@]}"; do
        if [[ $1 == "$layer"/* ]]; then
            printf '%s\n' "$layer"
            return
        fi
    done
}

# Every file in a layer.
source_files=0
while IFS= read -r file; do
    source_files=$((source_files + 1))
    [[ -n $(layer_of "$file") ]] || fail "$file is in no layer; move it into one of: ${layers[*]}"
done < <(find "${target_folders[@]}" -name '*.swift' | sort)

# Each prefix of the order compiles on its own.
files=()
for ((index = 0; index < ${#layers[@]} - 1; index++)); do
    layer=${layers[index]}
    while IFS= read -r file; do files+=("$file"); done < <(find "$layer" -name '*.swift' | sort)
    # -I: the system zlib's module map (the target CZlib), which request compression imports.
    if ! swiftc -typecheck -wmo -parse-as-library -module-name NetworkLayer -package-name NetworkLayer \
        -swift-version 6 -warnings-as-errors -I Sources/Encoding/Compression/CZlib "${files[@]}"; then
        fail "the folders up to $layer do not compile without the ones above: a folder names a type of a higher one"
        break
    fi
    echo "check_layers: $layer and the folders below it: ${#files[@]} files compile without the ones above"
done

# README's Layout table and the Architecture diagram, top to bottom, against the order bottom to top.
expected=
for ((index = ${#layers[@]} - 1; index >= 0; index--)); do expected+=${layers[index]}$'\n'; done
expected=${expected%$'\n'}
pattern='Sources/(Model|EndPoint|Encoding|Manager|Service/[A-Za-z]+)'
readme=$(sed -n '/^## Layout$/,/^## /p' README.md | grep -oE "^\| \`$pattern\`" | grep -oE "$pattern" || true)
[[ $readme == "$expected" ]] || fail "README.md's Layout table lists the folders as
$readme
instead of, top to bottom,
$expected"
article=Sources/NetworkLayer.docc/Articles/Architecture.md
diagram=$(sed -n '/^```text$/,/^```$/p' "$article" | grep -oE "^ *$pattern \.+" | grep -oE "$pattern" || true)
[[ $diagram == "$expected" ]] || fail "$article's diagram lists the folders as
$diagram
instead of, top to bottom,
$expected"

# The test tree mirrors the source tree.
test_files=0
while IFS= read -r file; do
    test_files=$((test_files + 1))
    folder=$(dirname "${file#"$test_root"/}")
    [[ " ${test_exceptions[*]} " == *" ${folder%%/*} "* ]] && continue
    if [[ $folder == . ]] || ! compgen -G "Sources/$folder/*.swift" >/dev/null; then
        fail "$file: Sources/$folder holds no source file; put the test beside the path of what it tests"
    fi
done < <(find "$test_root" -name '*.swift' | sort)

((failures == 0)) || exit 1
echo "check_layers: ${#layers[@]} layers in order, $source_files files, $test_files test files mirror Sources"
