#!/usr/bin/env python3
"""check_snippets.py: compiles every Swift code sample of the documentation against the real libraries.

    python3 scripts/check_snippets.py [--root DIR] [--only SUBSTRING] [--list] [--verbose]

Samples are the ```swift blocks of README.md, Examples/MovieDB/README.md, Integrations/README.md and every .md
file under Sources/**/*.docc. The script writes one SwiftPM package (`<work>/package`) that depends on the
repository (products NetworkLayer and BeagleAdapter, and the integration products the samples import, with their
traits on), and, when a sample imports them, on Examples/MovieDB (TMDB) and on swift-log, swift-metrics or
swift-distributed-tracing, with one library target per sample, so that type names of different samples never
clash. One `swift build` compiles them all, in parallel, after the libraries. Warnings are reported, not fatal;
any error fails the script, printed at the Markdown file and line it comes from.

The work directory is .build-snippets, or "$SWIFT_SCRATCH_PATH-snippets" when SWIFT_SCRATCH_PATH is set
(relative paths are taken from the repository root); it holds the generated package and its build, so
a second run only compiles what changed.

How a block is compiled (its mode)
----------------------------------
Without a marker, a block whose unindented lines all start a declaration (`import`, `struct`, `enum`,
`class`, `actor`, `protocol`, `extension`, `func`, `typealias`, an `@attribute`, a modifier such as
`final`) is compiled as an ordinary source file (`file`). Any other block, one with statements or
top-level `let`/`var`, is compiled as the `main.swift` of its target (`script`), the way a script or a
playground runs it: declarations, extensions and statements can mix, and `try await` works at the top.

A block without `import` lines gets `import Foundation` and `import NetworkLayer` (plus `import
BeagleAdapter` in BeagleAdapter's catalog) and the imports of the preludes it uses; a block with its own
imports gets exactly those, so it compiles on Linux only if it imports FoundationNetworking where that module
exists, as a reader's copy must. A block without imports also gets `import FoundationNetworking` under
`#if canImport(FoundationNetworking)`, because URLRequest and URLSession live there on Linux.

Markers
-------
An HTML comment on the line(s) right before the fence changes that; DocC and GitHub do not render them.
Directives are separated by `;`:

    <!-- snippet: file -->                 an ordinary source file: declarations only
    <!-- snippet: script -->               main.swift: declarations and top-level statements
    <!-- snippet: body -->                 the body of `func snippet() async throws`
    <!-- snippet: member TYPE -->          members of `extension TYPE { … }` (a fragment of an endpoint enum)
    <!-- snippet: manifest -->             arguments of `Package(name: "App", …)` in a Package.swift,
                                           checked with `swift package dump-package`; one whose dependency
                                           is `.package(path: "…")` is also resolved, with this checkout
                                           linked in at that path
    <!-- snippet: skip: REASON -->         not compiled here; the reason is printed
    <!-- snippet: prelude NAME -->         other blocks can use this block's declarations
    <!-- snippet: uses NAME, NAME -->      compile together with these preludes (and theirs)

A Markdown file that shows a manifest, or whose samples import one of the repository's products besides
NetworkLayer, must list in its manifests every product of the repository, swift-log, swift-metrics and
swift-distributed-tracing that its shown samples import (skipped ones too), and name each integration product
with the trait that builds it (`traits: ["AsyncHTTPClient"]`); any miss fails like a compile error.

Context a sample takes for granted (a `manager`, the app's `show(_:)`) can be declared in a hidden
prelude, an HTML comment anywhere in a Markdown file, names being global to all files:

    <!-- snippet-prelude NAME [uses NAME, NAME]
    let manager = NetworkManager<MovieAPI>()
    -->

Exit status: 0 when every block compiled, 1 when one failed, 2 on a usage or setup error.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

DECLARATION_KEYWORDS = (
    "import", "struct", "enum", "class", "actor", "protocol", "extension", "func", "typealias",
    "final", "public", "internal", "fileprivate", "private", "open", "indirect", "nonisolated",
    "@",
)
MODES = ("file", "script", "body", "member", "manifest", "skip")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$")
HIDDEN_PRELUDE = re.compile(r"^\s*<!--\s*snippet-prelude\s+([\w-]+)(?:\s+uses\s+(.*?))?\s*$")
DIAGNOSTIC = re.compile(r"^(/[^:]+\.swift):(\d+):(\d+): (error|warning): (.*)$")
LINUX_SHIM = ["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"]


class SetupError(Exception):
    pass


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def identifier(text: str) -> str:
    return re.sub(r"\W", "_", text)


@dataclass
class Block:
    """A fenced Swift block, or a hidden prelude, of a Markdown file."""

    doc: Path  # relative to the root
    line: int  # 1-based line of the first code line
    code: list[str]
    marker_line: int | None = None
    mode: str | None = None  # explicit mode, else decided by `auto_mode`
    member_type: str | None = None
    skip_reason: str | None = None
    prelude: str | None = None
    uses: list[str] = field(default_factory=list)
    hidden: bool = False
    ordinal: int = 0  # k-th Swift block of its file

    @property
    def location(self) -> str:
        return f"{self.doc}:{self.line}"

    @property
    def target(self) -> str:
        # The whole relative path, so two catalogs may both have an article of the same name.
        stem = identifier("_".join(self.doc.with_suffix("").parts))
        kind = "prelude_" + identifier(self.prelude or "") if self.hidden else str(self.ordinal)
        return f"Snippet_{stem}_{kind}"

    @property
    def text(self) -> str:
        return "\n".join(self.code)

    def top_level_lines(self) -> list[str]:
        return [
            text for text in self.code
            if text.strip() and not text[0].isspace()
            and not text.startswith(("}", ")", "]", "//", "/*", "*", "#if", "#else", "#elseif", "#endif"))
        ]

    def has_imports(self) -> bool:
        return any(text.startswith("import ") for text in self.top_level_lines())

    def imports(self) -> list[str]:
        return [text.strip() for text in self.top_level_lines() if text.startswith("import ")]

    def auto_mode(self) -> str:
        if self.mode:
            return self.mode
        declares = all(text.startswith(DECLARATION_KEYWORDS) for text in self.top_level_lines())
        return "file" if declares else "script"

    def module_imports(self) -> list[str]:
        modules = ["Foundation", "NetworkLayer"]
        if "BeagleAdapter.docc" in str(self.doc):
            modules.append("BeagleAdapter")
        return [f"import {module}" for module in modules]


# --- Markdown --------------------------------------------------------------------------------------


def parse_markers(doc: Path, lines: list[str], fence_index: int, block: Block) -> None:
    """Applies the marker comments on the lines right before the fence at `fence_index`."""
    index = fence_index - 1
    markers: list[tuple[int, str]] = []
    while index >= 0 and (match := MARKER.match(lines[index])):
        markers.insert(0, (index + 1, match.group(1)))
        index -= 1
    for line, text in markers:
        block.marker_line = block.marker_line or line
        for directive in (part.strip() for part in text.split(";")):
            word, _, rest = directive.partition(" ")
            word = word.rstrip(":")
            rest = rest.strip()
            if directive.startswith("skip"):
                block.mode = "skip"
                block.skip_reason = directive[4:].lstrip(": ").strip() or "no reason given"
            elif word in ("file", "script", "body", "manifest") and not rest:
                block.mode = word
            elif word == "member" and rest:
                block.mode, block.member_type = "member", rest
            elif word == "prelude" and rest:
                block.prelude = rest
            elif word == "uses" and rest:
                block.uses += [name.strip() for name in rest.split(",") if name.strip()]
            else:
                raise SetupError(f"{doc}:{line}: unknown snippet directive {directive!r}")


def extract(root: Path, doc: Path) -> list[Block]:
    lines = (root / doc).read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    index = 0
    ordinal = 0
    while index < len(lines):
        text = lines[index]
        if match := HIDDEN_PRELUDE.match(text):
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "-->":
                end += 1
            if end == len(lines):
                raise SetupError(f"{doc}:{index + 1}: snippet-prelude is not closed with a line `-->`")
            for number in range(start, end):
                if lines[number].startswith("@"):
                    raise SetupError(f"{doc}:{number + 1}: DocC reads a line that starts with `@` as a directive, "
                                     "even in a comment; start it differently")
            uses = [name.strip() for name in (match.group(2) or "").split(",") if name.strip()]
            blocks.append(Block(doc, start + 1, lines[start:end], mode="file", prelude=match.group(1),
                                uses=uses, hidden=True))
            index = end + 1
            continue
        match = FENCE.match(text)
        if not match:
            index += 1
            continue
        indent, fence, language = match.groups()
        end = index + 1
        while end < len(lines) and not re.match(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[end]):
            end += 1
        if language == "swift":
            ordinal += 1
            code = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[index + 1:end]]
            block = Block(doc, index + 2, code, ordinal=ordinal)
            parse_markers(doc, lines, index, block)
            blocks.append(block)
        index = end + 1
    return blocks


def documents(root: Path) -> list[Path]:
    docs = [Path("README.md"), Path("Examples/MovieDB/README.md"), Path("Integrations/README.md")]
    docs += sorted(path.relative_to(root) for path in (root / "Sources").glob("**/*.docc/**/*.md"))
    return [doc for doc in docs if (root / doc).is_file()]


# --- Generated package -----------------------------------------------------------------------------


class SourceFile:
    """A generated Swift file that remembers where each of its lines comes from."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []
        self.origins: list[str | None] = []

    def add(self, text: str, origin: str | None = None) -> None:
        self.lines.append(text)
        self.origins.append(origin)

    def add_block(self, block: Block, indent: str = "") -> None:
        for offset, text in enumerate(block.code):
            self.add(indent + text if text else text, f"{block.doc}:{block.line + offset}")

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def prelude_closure(block: Block, preludes: dict[str, Block]) -> list[Block]:
    ordered: list[Block] = []

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if name in trail:
            raise SetupError(f"{block.location}: preludes use each other in a cycle: {' → '.join(trail + (name,))}")
        prelude = preludes.get(name)
        if prelude is None:
            raise SetupError(f"{block.location}: uses {name!r}, but no block is marked `prelude {name}`")
        for used in prelude.uses:
            visit(used, trail + (name,))
        if prelude not in ordered:
            ordered.append(prelude)

    for name in block.uses:
        visit(name, ())
    return ordered


def header(block: Block, used: list[Block], file: SourceFile) -> None:
    if block.has_imports():
        return  # compiled as shown, so a sample that needs FoundationNetworking on Linux must say so
    for text in LINUX_SHIM:
        file.add(text)
    imports = block.module_imports()
    for prelude in used:
        imports += [text for text in prelude.imports() if text not in imports]
    for text in imports:
        file.add(text)


def target_files(block: Block, preludes: dict[str, Block]) -> list[SourceFile]:
    used = prelude_closure(block, preludes)
    files = []
    for prelude in used:
        file = SourceFile(f"Prelude_{identifier(prelude.prelude or '')}.swift")
        header(prelude, [], file)
        file.add_block(prelude)
        files.append(file)
    mode = block.auto_mode()
    file = SourceFile("main.swift" if mode == "script" else "Snippet.swift")
    header(block, used, file)
    if mode == "body":
        file.add("func snippet() async throws {")
        file.add_block(block, "    ")
        file.add("}")
    elif mode == "member":
        file.add(f"extension {block.member_type} {{")
        file.add_block(block, "    ")
        file.add("}")
    else:
        file.add_block(block)
    files.append(file)
    return files


# The package of each product a sample may import besides NetworkLayer's own: the MovieDB sample's, the root
# package's integrations (each behind its trait), and the server-side packages their samples use.
PRODUCT_PACKAGES = {
    "TMDB": "MovieDB",
    "NetworkLayerAsyncHTTPClient": "NetworkLayer",
    "NetworkLayerLogging": "NetworkLayer",
    "NetworkLayerMetrics": "NetworkLayer",
    "NetworkLayerTracing": "NetworkLayer",
    "Logging": "swift-log",
    "Metrics": "swift-metrics",
    "Tracing": "swift-distributed-tracing",
}
# The trait of the root package that each integration product needs.
PRODUCT_TRAITS = {
    "NetworkLayerAsyncHTTPClient": "AsyncHTTPClient",
    "NetworkLayerLogging": "Logging",
    "NetworkLayerMetrics": "Metrics",
    "NetworkLayerTracing": "Tracing",
}
# Where those packages come from, relative to the repository root or by URL and version.
PACKAGE_SOURCES = {
    "MovieDB": ("path", "Examples/MovieDB"),
    "swift-log": ("url", "https://github.com/apple/swift-log.git", "1.16.0"),
    "swift-metrics": ("url", "https://github.com/apple/swift-metrics.git", "2.5.0"),
    "swift-distributed-tracing": ("url", "https://github.com/apple/swift-distributed-tracing.git", "1.1.0"),
}
# The products whose imports a Markdown file's manifest must list: the root package's and those of the packages
# the samples use. A file shows a manifest when it imports one of them besides NetworkLayer, or shows one anyway.
MANIFEST_PRODUCTS = {"NetworkLayer", "BeagleAdapter", *PRODUCT_TRAITS, "Logging", "Metrics", "Tracing"}


def products(block: Block, used: list[Block]) -> list[str]:
    names = {"NetworkLayer"}
    for source in [block, *used]:
        if "BeagleAdapter.docc" in str(source.doc) or "import BeagleAdapter" in source.imports():
            names.add("BeagleAdapter")
        for line in source.imports():
            module = line.removeprefix("import ").strip()
            if module in PRODUCT_PACKAGES:
                names.add(module)
    return sorted(names)


def package_dependency(root: Path, name: str) -> str:
    source = PACKAGE_SOURCES[name]
    if source[0] == "path":
        return f"        .package(name: {json.dumps(name)}, path: {json.dumps(str(root / source[1]))}),"
    return f"        .package(url: {json.dumps(source[1])}, from: {json.dumps(source[2])}),"


def write_if_changed(path: Path, text: str) -> None:
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def generate(root: Path, package: Path, blocks: list[Block], preludes: dict[str, Block]) -> dict[Path, SourceFile]:
    """Writes the package; returns every generated Swift file by path."""
    sources: dict[Path, SourceFile] = {}
    targets = []
    needed_packages: set[str] = set()
    needed_traits: set[str] = set()
    for block in blocks:
        files = target_files(block, preludes)
        used = prelude_closure(block, preludes)
        product_names = products(block, used)
        needed_packages |= {PRODUCT_PACKAGES[name] for name in product_names if name in PRODUCT_PACKAGES}
        needed_traits |= {PRODUCT_TRAITS[name] for name in product_names if name in PRODUCT_TRAITS}
        dependencies = ", ".join(
            f'.product(name: "{name}", package: "{PRODUCT_PACKAGES.get(name, "NetworkLayer")}")'
            for name in product_names
        )
        targets.append(f'        .target(name: "{block.target}", dependencies: [{dependencies}]),')
        for file in files:
            path = package / "Sources" / block.target / file.name
            write_if_changed(path, file.text)
            sources[path.resolve()] = file
    wanted = {block.target for block in blocks}
    for stale in (package / "Sources").glob("*"):
        if stale.name not in wanted:
            shutil.rmtree(stale)
    for directory in (package / "Sources").glob("*"):
        for stale_file in directory.glob("*.swift"):
            if stale_file.resolve() not in sources:
                stale_file.unlink()
    traits = ", ".join(json.dumps(trait) for trait in sorted(needed_traits))
    dependencies = [f'        .package(name: "NetworkLayer", path: {json.dumps(str(root))}, traits: [{traits}]),']
    dependencies += [package_dependency(root, name) for name in sorted(needed_packages - {"NetworkLayer"})]
    manifest = "\n".join([
        "// swift-tools-version:6.2",
        "// Generated by scripts/check_snippets.py: one target per Swift block of the documentation.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "Snippets",',
        "    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],",
        "    dependencies: [",
        *dependencies,
        "    ],",
        "    targets: [",
        *targets,
        "    ],",
        "    swiftLanguageModes: [.v6]",
        ")",
        "",
    ])
    write_if_changed(package / "Package.swift", manifest)
    return sources


# --- Building --------------------------------------------------------------------------------------


@dataclass
class Diagnostic:
    severity: str
    location: str  # Markdown file and line, or the generated file when a line has no origin
    message: str
    target: str


def parse_diagnostics(output: str, sources: dict[Path, SourceFile], package: Path) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    seen = set()
    sources_dir = (package / "Sources").resolve()
    for text in output.splitlines():
        match = DIAGNOSTIC.match(text)
        if not match:
            continue
        path, line, column, severity, message = match.groups()
        resolved = Path(path).resolve()
        try:
            target = resolved.relative_to(sources_dir).parts[0]
        except ValueError:
            target = ""
        file = sources.get(resolved)
        origin = None
        if file is not None and 1 <= int(line) <= len(file.origins):
            origin = file.origins[int(line) - 1]
        location = f"{origin}:{column}" if origin else f"{path}:{line}:{column}"
        key = (severity, location, message, target)
        if key not in seen:
            seen.add(key)
            found.append(Diagnostic(severity, location, message, target))
    return found


def swift_build(package: Path, scratch: Path, verbose: bool) -> tuple[int, str]:
    command = ["swift", "build", "--package-path", str(package), "--scratch-path", str(scratch)]
    if verbose:
        print("+ " + " ".join(command), file=sys.stderr)
    result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    return result.returncode, result.stdout


def check_manifest(block: Block, work: Path) -> list[Diagnostic]:
    """Checks a Package.swift fragment by loading it as the arguments of `Package(name: "App", …)`."""
    package = work / "manifests" / block.target
    file = SourceFile("Package.swift")
    for text in ["// swift-tools-version:6.2", "import PackageDescription", "", "let package = Package(",
                 '    name: "App",']:
        file.add(text)
    file.add_block(block, "    ")
    file.add(")")
    write_if_changed(package / "Package.swift", file.text)
    write_if_changed(package / "Sources/App/App.swift", "")
    path_dependency = PATH_DEPENDENCY.search(block.text) is not None and "url:" not in block.text
    if path_dependency:
        problem = link_checkout(block, package)
        if problem:
            return [Diagnostic("error", block.location, problem, block.target)]
    diagnostics = swift_package(block, file, package, "dump-package")
    if path_dependency and not diagnostics:
        diagnostics = swift_package(block, file, package, "resolve")
    return diagnostics


# A product a manifest sample names, and the traits it turns on.
MANIFEST_PRODUCT = re.compile(r'\.product\(\s*name:\s*"([^"]+)"')
MANIFEST_TRAITS = re.compile(r"traits:\s*\[([^\]]*)\]")


def manifest_coverage(doc_blocks: list[Block]) -> list[tuple[Block, Diagnostic]]:
    """Checks that a Markdown file's manifests list every product its samples import, each with its trait.

    Only the products of MANIFEST_PRODUCTS count, and only in a file that shows a manifest or imports one of the
    root package's products besides NetworkLayer. Each problem comes with the block it is reported at.
    """
    manifests = [block for block in doc_blocks if block.auto_mode() == "manifest"]
    imported: dict[str, Block] = {}
    for block in doc_blocks:
        if block.hidden or block in manifests:
            continue
        for line in block.imports():
            module = line.split()[1]
            if module in MANIFEST_PRODUCTS:
                imported.setdefault(module, block)
    beyond_core = {name for name in imported if name in PRODUCT_TRAITS or name == "BeagleAdapter"}
    if not manifests and not beyond_core:
        return []
    problems: list[tuple[Block, Diagnostic]] = []
    listed: set[str] = set()
    for manifest in manifests:
        products = set(MANIFEST_PRODUCT.findall(manifest.text))
        listed |= products
        traits = set(re.findall(r'"([^"]+)"', " ".join(MANIFEST_TRAITS.findall(manifest.text))))
        for product in sorted(products & PRODUCT_TRAITS.keys()):
            if PRODUCT_TRAITS[product] not in traits:
                message = f"names the product {product} without the trait {PRODUCT_TRAITS[product]!r}, which builds it"
                problems.append((manifest, Diagnostic("error", manifest.location, message, manifest.target)))
    for name in sorted(set(imported) - listed):
        block = manifests[0] if manifests else imported[name]
        if manifests:
            message = f"{imported[name].location} imports {name}, which no manifest of the file lists"
        else:
            message = f"imports {name}, but the file shows no manifest that lists it"
        problems.append((block, Diagnostic("error", block.location, message, block.target)))
    return problems


def swift_package(block: Block, file: SourceFile, package: Path, command: str) -> list[Diagnostic]:
    """Runs `swift package COMMAND` on a manifest sample; its errors, at the sample's lines where they have one."""
    result = subprocess.run(["swift", "package", "--package-path", str(package), command],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    diagnostics = parse_diagnostics(result.stderr, {(package / "Package.swift").resolve(): file}, package)
    for diagnostic in diagnostics:
        diagnostic.target = block.target
    if result.returncode != 0 and not any(d.severity == "error" for d in diagnostics):
        lines = [line.split("error:", 1)[1].strip() for line in result.stderr.splitlines()
                 if "error:" in line and "invalid manifests at" not in line]
        for message in lines or [f"swift package {command} exited with {result.returncode}"]:
            diagnostics.append(Diagnostic("error", block.location, f"{command}: {message}", block.target))
    return diagnostics


# `.package(path: "…")` in a manifest sample: such a sample is loaded and resolved against this checkout.
PATH_DEPENDENCY = re.compile(r'\.package\(\s*path:\s*"([^"]+)"')


def link_checkout(block: Block, package: Path) -> str | None:
    """Links this checkout in where a manifest sample's path dependencies point; a problem, or None.

    The first folder the path names after its `..` is the checkout (`../NetworkLayer`, `../NetworkLayer/Integrations`).
    The link carries the sample's own folder names, the last of which SwiftPM takes as the package's identity, so a
    sample whose `package:` does not match the folder name it tells readers to use fails here as it would for them.
    """
    root = Path(__file__).resolve().parent.parent
    for relative in PATH_DEPENDENCY.findall(block.text):
        parts = Path(relative).parts
        ups = len(parts) - len(tuple(itertools.dropwhile(lambda part: part == "..", parts)))
        if ups == len(parts):
            return f"{relative} names no folder to link the checkout at"
        place = Path(os.path.normpath(package.joinpath(*parts[:ups + 1])))
        if place.is_symlink():
            place.unlink()
        elif place.exists():
            return f"{place} exists; cannot link the checkout there"
        place.parent.mkdir(parents=True, exist_ok=True)
        place.symlink_to(root, target_is_directory=True)
    return None


def digest(package: Path, target: str) -> str:
    sha = hashlib.sha256()
    for path in sorted((package / "Sources" / target).glob("*.swift")):
        sha.update(path.name.encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def build(package: Path, scratch: Path, targets: list[str], sources: dict[Path, SourceFile],
          verbose: bool) -> tuple[dict[str, list[Diagnostic]], str | None]:
    """Builds the package; returns the diagnostics per target and, if the build failed unexplained, its log.

    SwiftPM does not repeat the warnings of targets it does not recompile, so they are kept in
    `<work>/warnings.json`, keyed by the target's generated sources.
    """
    remembered_path = package.parent / "warnings.json"
    try:
        remembered = json.loads(remembered_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        remembered = {}
    # A failed build stops before it reaches some targets: build again without the failed ones until the
    # rest builds, or fails without an error of a target to blame.
    by_target: dict[str, list[Diagnostic]] = {target: [] for target in targets}
    failed: set[str] = set()
    failure_log = None
    manifest = package / "Package.swift"
    original = manifest.read_text(encoding="utf-8")
    try:
        while True:
            status, output = swift_build(package, scratch, verbose)
            if verbose:
                print(output, file=sys.stderr)
            new_errors = set()
            for diagnostic in parse_diagnostics(output, sources, package):
                if diagnostic.target in failed or diagnostic.target not in by_target:
                    continue
                by_target[diagnostic.target].append(diagnostic)
                if diagnostic.severity == "error":
                    new_errors.add(diagnostic.target)
            if status == 0:
                break
            if not new_errors:
                failure_log = output
                break
            failed |= new_errors
            if failed == set(targets):
                break
            lines = [line for line in original.splitlines() if not any(f'"{t}"' in line for t in failed)]
            write_if_changed(manifest, "\n".join(lines) + "\n")
    finally:
        write_if_changed(manifest, original)
    updated = {}
    for target in targets:
        key = digest(package, target)
        found = by_target.get(target, [])
        if not found and remembered.get(target, {}).get("digest") == key:
            found = [Diagnostic(**entry) for entry in remembered[target]["diagnostics"]]
            by_target[target] = found
        if not any(d.severity == "error" for d in found):
            updated[target] = {"digest": key, "diagnostics": [d.__dict__ for d in found]}
    remembered_path.write_text(json.dumps(updated, indent=1), encoding="utf-8")
    return by_target, failure_log


# --- Main ------------------------------------------------------------------------------------------


def work_directory(root: Path) -> Path:
    scratch = os.environ.get("SWIFT_SCRATCH_PATH")
    path = Path(f"{scratch}-snippets") if scratch else Path(".build-snippets")
    return path if path.is_absolute() else root / path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="repository root (default: the one holding this script)")
    parser.add_argument("--only", help="check only blocks whose Markdown path contains this text")
    parser.add_argument("--list", action="store_true", help="list the blocks and their modes; build nothing")
    parser.add_argument("--verbose", action="store_true", help="print the build commands and logs")
    args = parser.parse_args()
    root = args.root.resolve()
    started = time.monotonic()

    try:
        blocks = [block for doc in documents(root) for block in extract(root, doc)]
        preludes: dict[str, Block] = {}
        for block in blocks:
            if block.prelude:
                if block.prelude in preludes:
                    raise SetupError(f"{block.location}: prelude {block.prelude!r} is already defined at "
                                     f"{preludes[block.prelude].location}")
                if block.auto_mode() != "file":
                    raise SetupError(f"{block.location}: prelude {block.prelude!r} must only declare (mode file)")
                preludes[block.prelude] = block
        selected = [block for block in blocks if not block.hidden and (not args.only or args.only in str(block.doc))]
        for block in selected:
            prelude_closure(block, preludes)  # reports unknown names before anything is built
    except (OSError, SetupError) as error:
        print(f"check_snippets: {error}", file=sys.stderr)
        return 2

    if args.list:
        for block in selected:
            print(f"{block.location:60} {block.auto_mode():8} {block.target}")
        return 0

    work = work_directory(root)
    package = work / "package"
    compiled = [block for block in selected if block.auto_mode() not in ("skip", "manifest")]
    # Hidden preludes are compiled on their own too, so an error in one is reported once, at its place.
    compiled += [block for block in blocks if block.hidden and any(
        block in prelude_closure(user, preludes) for user in compiled)]
    try:
        sources = generate(root, package, compiled, preludes)
    except (OSError, SetupError) as error:
        print(f"check_snippets: {error}", file=sys.stderr)
        return 2

    print(f"==> compiling {len(compiled)} Swift blocks in {package} (scratch {work / 'build'})", file=sys.stderr)
    by_target, failure_log = build(package, work / "build", [block.target for block in compiled], sources,
                                   args.verbose)
    for block in selected:
        if block.auto_mode() == "manifest":
            by_target[block.target] = check_manifest(block, work)
    for doc in dict.fromkeys(block.doc for block in selected):
        for block, diagnostic in manifest_coverage([block for block in blocks if block.doc == doc]):
            by_target.setdefault(block.target, []).append(diagnostic)

    rows = []
    failures = 0
    warnings = 0
    for block in (block for block in blocks if block in selected or block in compiled):
        mode = block.auto_mode()
        mode_text = f"member {block.member_type}" if mode == "member" else mode
        if block.prelude:
            mode_text = f"hidden prelude {block.prelude}" if block.hidden else f"{mode_text}, prelude {block.prelude}"
        location = f"{block.doc}:{block.marker_line or block.line - 1}" if block.hidden else block.location
        found = by_target.get(block.target, [])
        if mode == "skip" and not found:
            rows.append((location, mode_text, f"skipped: {block.skip_reason}"))
            continue
        errors = [d for d in found if d.severity == "error"]
        warnings += len(found) - len(errors)
        if errors:
            failures += 1
            rows.append((location, mode_text, f"FAILED ({plural(len(errors), 'error')})"))
        elif failure_log is not None:
            failures += 1
            rows.append((location, mode_text, "FAILED (build failed, see the log)"))
        else:
            rows.append((location, mode_text, f"ok ({plural(len(found), 'warning')})" if found else "ok"))

    width = max(len(row[0]) for row in rows) if rows else 10
    mode_width = max(len(row[1]) for row in rows) if rows else 10
    print(f"{'BLOCK':{width}}  {'MODE':{mode_width}}  RESULT")
    for location, mode, result in rows:
        print(f"{location:{width}}  {mode:{mode_width}}  {result}")

    for severity in ("warning", "error"):
        listed = set()
        for block in compiled + [b for b in selected if b.auto_mode() in ("manifest", "skip")]:
            for diagnostic in by_target.get(block.target, []):
                key = (diagnostic.location, diagnostic.message)
                if diagnostic.severity == severity and key not in listed:
                    listed.add(key)
                    print(f"{diagnostic.location}: {severity}: {diagnostic.message}", file=sys.stderr)
    if failure_log is not None:
        print(failure_log[-6000:], file=sys.stderr)

    counted = [row for row in rows if not row[2].startswith("skipped")]
    skipped = len(rows) - len(counted)
    elapsed = time.monotonic() - started
    summary = (f"{len(counted) - failures} of {len(counted)} blocks compiled (hidden preludes included), "
               f"{skipped} skipped, {plural(warnings, 'warning')} ({elapsed:.0f} s)")
    if failures:
        print(f"check_snippets: {plural(failures, 'block')} failed; {summary}", file=sys.stderr)
        return 1
    print(f"==> {summary}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
