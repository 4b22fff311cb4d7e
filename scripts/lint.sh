#!/usr/bin/env bash
# lint.sh: the project's lint, as CI runs it (a stage of scripts/test.sh) and as CONTRIBUTING.md names it.
#
#   bash scripts/lint.sh
#
# The toolchain's swift-format with the repository's .swift-format (4 spaces, 120 columns, every public
# declaration documented), in strict mode, over the Swift sources, tests and manifests of the root package and
# of every package beside it (Examples, Benchmarks, Tools, Integrations) and the fuzz harnesses. Any finding
# fails. The last line counts the files checked.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

targets=(Sources Tests Package.swift)
for package in Examples/*/ Benchmarks/ Tools/*/ Integrations/; do
    for part in Sources Tests Benchmarks Probes Package.swift; do
        if [[ -e $package$part ]]; then targets+=("$package$part"); fi
    done
done
if [[ -d Fuzz ]]; then targets+=(Fuzz); fi

swift format lint --strict --recursive "${targets[@]}" </dev/null
files=$(find "${targets[@]}" -name '*.swift' -not -path '*/.build*' | wc -l)
echo "lint: $files Swift files, no findings"
