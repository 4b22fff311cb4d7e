#!/usr/bin/env bash
# check_install.sh: installs the package as an app does, by URL, and checks what that fetches and builds.
#
#   bash scripts/check_install.sh
#
# The checkout's HEAD (committed work only) is pushed to a bare repository in a temporary folder, as branch
# `main`, and two scratch apps depend on it by its file:// URL, as README's snippets show:
#   core   the product NetworkLayer, no trait: resolving it must clone no repository but NetworkLayer's.
#   release  the same by version, `from: "0.1.0"`, with the checkout's latest version tag pushed too: it must
#          resolve to that tag (skipped in a clone without tags).
#   ahc    the trait AsyncHTTPClient and the product NetworkLayerAsyncHTTPClient: it must build, and one GET
#          to httpbin over AsyncHTTPClientTransport must print `status: 200`.
# The ahc app builds AsyncHTTPClient and SwiftNIO from scratch (a few minutes) unless INSTALL_BUILD_PATH names a
# build folder that holds them. Everything else is removed at the end.
#
# Environment:
#   HTTPBIN_URL         a running httpbin; when unset, scripts/httpbin.sh starts one for the run and stops it
#   INSTALL_BUILD_PATH  the ahc app's build folder; scripts/test.sh passes the integrations package's, which
#                       built the same dependencies with the same flags and proves they build from scratch
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost

work=$(mktemp -d "${TMPDIR:-/tmp}/networklayer-install.XXXXXX")
started_httpbin=0
cleanup() {
    local rc=$?
    if ((started_httpbin)); then httpbin_stop >/dev/null 2>&1 || true; fi
    rm -rf "$work"
    exit "$rc"
}
trap cleanup EXIT

fail() {
    printf 'check_install: error: %s\n' "$*" >&2
    exit 1
}
step() { printf '==> %s\n' "$*" >&2; }

# The trait AsyncHTTPClient builds with the system's Brotli decoder and Zstandard library (Package.swift).
# shellcheck source=scripts/apt_install.sh
source "$root/scripts/apt_install.sh"
apt_require_headers brotli/decode.h:libbrotli-dev zstd.h:libzstd-dev || fail "libbrotli-dev and libzstd-dev are missing"

repository=$work/NetworkLayer.git
git init -q --bare "$repository"
git push -q "$repository" HEAD:refs/heads/main
url=file://$repository
step "HEAD ($(git rev-parse --short HEAD)) as branch main of $url"
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
    step "note: the working tree has uncommitted changes; they are not part of this check"
fi

# An app's package: its manifest's dependency and target lines, and its main.swift.
make_app() { # NAME DEPENDENCY PRODUCTS MAIN
    mkdir -p "$work/$1/Sources/App"
    cat >"$work/$1/Package.swift" <<EOF
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [$2],
    targets: [.executableTarget(name: "App", dependencies: [$3])]
)
EOF
    printf '%s\n' "$4" >"$work/$1/Sources/App/main.swift"
}

# --- The core alone: nothing else is cloned ---------------------------------------------------------

make_app core ".package(url: \"$url\", branch: \"main\")" \
    '.product(name: "NetworkLayer", package: "NetworkLayer")' 'import NetworkLayer'
step "core: swift package resolve"
swift package --package-path "$work/core" resolve </dev/null
cloned=$(find "$work/core/.build/checkouts" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | tr '\n' ' ')
swift package --package-path "$work/core" show-dependencies </dev/null
[[ $cloned == "NetworkLayer " ]] || fail "the core alone cloned more than NetworkLayer: $cloned"
step "core: cloned NetworkLayer only"

# --- The release README's first snippet names resolves by version ----------------------------------

release=$(git tag --list '[0-9]*.[0-9]*.[0-9]*' --sort=-v:refname | head -n 1)
if [[ -n $release ]]; then
    git push -q "$repository" "refs/tags/$release"
    make_app release ".package(url: \"$url\", from: \"0.1.0\")" \
        '.product(name: "NetworkLayer", package: "NetworkLayer")' 'import NetworkLayer'
    step "release: swift package resolve, from: \"0.1.0\""
    swift package --package-path "$work/release" resolve </dev/null
    grep -q "\"version\" : \"$release\"" "$work/release/Package.resolved" ||
        fail "from: \"0.1.0\" did not resolve to the release $release: $(cat "$work/release/Package.resolved")"
    step "release: from: \"0.1.0\" resolves to $release"
else
    step "release: this clone has no version tag; skipped"
fi

# --- With the AsyncHTTPClient trait: it builds and sends a request ----------------------------------

read -r -d '' ahc_main <<'EOF' || true
import Foundation
import NetworkLayer
import NetworkLayerAsyncHTTPClient

enum Peer: EndPointType {
    case get(URL)

    var baseURL: URL {
        switch self {
        case .get(let url): url
        }
    }
    var path: String { "get" }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask { .request }
    var headers: HTTPHeaders? { nil }
}

guard let base = CommandLine.arguments.dropFirst().first.flatMap(URL.init(string:)) else {
    print("usage: App HTTPBIN_URL")
    exit(2)
}
let transport = AsyncHTTPClientTransport()
let router = Router<Peer>(transport: transport)
do {
    let response = try await router.request(.get(base))
    print("status: \(response.statusCode)")
} catch {
    print("failed: \(error)")
}
try await transport.shutdown()
EOF
make_app ahc ".package(url: \"$url\", branch: \"main\", traits: [\"AsyncHTTPClient\"])" \
    '.product(name: "NetworkLayerAsyncHTTPClient", package: "NetworkLayer")' "$ahc_main"
ahc_build=(--package-path "$work/ahc" --scratch-path "${INSTALL_BUILD_PATH:-$work/ahc/.build}")
step "ahc: swift build in ${INSTALL_BUILD_PATH:-a new folder (AsyncHTTPClient and SwiftNIO from scratch)}"
started=$SECONDS
swift build "${ahc_build[@]}" -Xswiftc -warnings-as-errors </dev/null
built=$((SECONDS - started))
# The packages the app depends on, as resolved (a shared build folder holds other packages' checkouts too).
repositories=$(swift package "${ahc_build[@]}" show-dependencies --format flatlist </dev/null | sort -u)
step "ahc: built in $built s; depends on: $(tr '\n' ' ' <<<"$repositories")"
repositories="$(wc -l <<<"$repositories") repositories"

if [[ -z ${HTTPBIN_URL:-} ]]; then
    export HTTPBIN_STATE_DIR=$work/httpbin  # a server of this run's own, never another run's
    # shellcheck source=scripts/httpbin.sh
    source "$root/scripts/httpbin.sh"
    httpbin_start
    started_httpbin=1
fi
output=$(swift run "${ahc_build[@]}" --skip-build App "$HTTPBIN_URL" </dev/null)
printf '%s\n' "$output"
[[ $output == "status: 200" ]] || fail "the app over AsyncHTTPClientTransport did not print 'status: 200'"
printf 'check_install: the core alone cloned 1 repository; with the trait AsyncHTTPClient, the app depends on %s and a GET answered 200\n' \
    "$repositories"
printf 'check_install: ok: %s s to build with the trait\n' "$built"
