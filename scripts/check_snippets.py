#!/usr/bin/env python3
"""check_snippets.py: compiles each document's Swift samples, together, as one file against the real libraries.

    python3 scripts/check_snippets.py [--root DIR] [--only SUBSTRING] [--list] [--verbose]

The documents are README.md, Examples/MovieDB/README.md, Integrations/README.md and every .md file under
Sources/**/*.docc. All the ```swift blocks of a document, read top to bottom, must be one program a reader can
paste: the script concatenates them, in order, into one source file of one target (`main.swift` when a block has
top-level statements), with nothing hidden added. Their `import` lines are hoisted to the top, once each, as a
reader pasting them would do; a document's code must show every import it needs, only `import
FoundationNetworking` is added (under `#if canImport(FoundationNetworking)`), since URLRequest and URLSession live
there on Linux and nowhere else. So the context a block takes for granted (an endpoint enum, a `router`) is
declared once, in a visible block, and never again.

The script writes one SwiftPM package (`<work>/package`) that depends on the repository (with the traits of the
integration products the documents import) and, when a document imports them, on Examples/MovieDB (TMDB) and on
swift-log, swift-metrics, swift-distributed-tracing or swift-openapi-runtime, with one target per document. One `swift build` compiles
them all, with `-warnings-as-errors` as every build in CI; any error fails the script, printed at the Markdown
file and line it comes from.

The work directory is .build-snippets, or "$SWIFT_SCRATCH_PATH-snippets" when SWIFT_SCRATCH_PATH is set
(relative paths are taken from the repository root); it holds the generated package and its build, so
a second run only compiles what changed. SNIPPETS_BUILD_PATH names another build folder: scripts/test.sh passes
the integrations package's, built with the same flags, so SwiftNIO, AsyncHTTPClient and the rest are not compiled
a second time.

Markers
-------
An HTML comment on the line(s) right before the fence, which DocC and GitHub do not render, may say:

    <!-- snippet: manifest -->             arguments of `Package(name: "App", …)` in a Package.swift,
                                           checked with `swift package dump-package`; one whose dependency
                                           is `.package(path: "…")` is also resolved, with this checkout
                                           linked in at that path
    <!-- snippet: skip: REASON -->         not compiled here (code of another library, an Apple-only API);
                                           the reason is printed

Any other marker fails, as does the old hidden context (`snippet-prelude`, `uses`, `body`, `member`).

A Markdown file that shows a manifest, or whose samples import one of the repository's products besides
NetworkLayer, must list in its manifests every product of the repository, swift-log, swift-metrics,
swift-distributed-tracing and swift-openapi-runtime that its shown samples import (skipped ones too), and name each integration product
with the trait that builds it (`traits: ["AsyncHTTPClient"]`); any miss fails like a compile error.

Exit status: 0 when every document compiled, 1 when one failed, 2 on a usage or setup error.
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
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$")
HIDDEN_CONTEXT = re.compile(r"^\s*<!--\s*snippet-prelude\b")
GONE_DIRECTIVES = ("prelude", "uses", "body", "member", "file", "script")
DIAGNOSTIC = re.compile(r"^(/[^:]+\.swift):(\d+):(\d+): (error|warning): (.*)$")
LINUX_SHIM = ["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"]
# An unindented line that is part of a declaration, not a statement: a file with only these needs no main.swift.
DECLARATION_STARTS = (
    "import", "struct", "enum", "class", "actor", "protocol", "extension", "func", "typealias",
    "final", "public", "internal", "fileprivate", "private", "open", "indirect", "nonisolated", "@",
    "}", ")", "]", "//", "/*", "*", "#if", "#else", "#elseif", "#endif",
)


class SetupError(Exception):
    pass


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def identifier(text: str) -> str:
    return re.sub(r"\W", "_", text)


def doc_target(doc: Path) -> str:
    # The whole relative path, so two catalogs may both have an article of the same name.
    return "Snippet_" + identifier("_".join(doc.with_suffix("").parts))


@dataclass
class Block:
    """A fenced Swift block of a Markdown file."""

    doc: Path  # relative to the root
    line: int  # 1-based line of the first code line
    code: list[str]
    mode: str | None = None  # "manifest", "skip", or None: compiled with the document's other blocks
    skip_reason: str | None = None
    ordinal: int = 0  # k-th Swift block of its file

    @property
    def location(self) -> str:
        return f"{self.doc}:{self.line}"

    @property
    def target(self) -> str:
        """The target a problem of this block is filed under: its own for a manifest, else its document's."""
        return f"{doc_target(self.doc)}_{self.ordinal}" if self.mode == "manifest" else doc_target(self.doc)

    @property
    def text(self) -> str:
        return "\n".join(self.code)

    def top_level_lines(self) -> list[str]:
        return [text for text in self.code if text.strip() and not text[0].isspace()]

    def imports(self) -> list[str]:
        return [text.strip() for text in self.top_level_lines() if text.startswith("import ")]

    def has_statements(self) -> bool:
        return not all(text.startswith(DECLARATION_STARTS) for text in self.top_level_lines())


# --- Markdown --------------------------------------------------------------------------------------


def parse_markers(doc: Path, lines: list[str], fence_index: int, block: Block) -> None:
    """Applies the marker comments on the lines right before the fence at `fence_index`."""
    index = fence_index - 1
    while index >= 0 and (match := MARKER.match(lines[index])):
        for directive in (part.strip() for part in match.group(1).split(";")):
            word = directive.partition(" ")[0].rstrip(":")
            if word == "skip":
                block.mode = "skip"
                block.skip_reason = directive[4:].lstrip(": ").strip() or "no reason given"
            elif directive == "manifest":
                block.mode = "manifest"
            elif word in GONE_DIRECTIVES:
                raise SetupError(f"{doc}:{index + 1}: the marker `{word}` is gone: a document's blocks compile "
                                 "together as one file, so declare the context they need in a visible block")
            else:
                raise SetupError(f"{doc}:{index + 1}: unknown snippet directive {directive!r}")
        index -= 1


def extract(root: Path, doc: Path) -> list[Block]:
    lines = (root / doc).read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    index = 0
    ordinal = 0
    while index < len(lines):
        text = lines[index]
        if HIDDEN_CONTEXT.match(text):
            raise SetupError(f"{doc}:{index + 1}: hidden code (`snippet-prelude`) is gone: show the context the "
                             "samples need in a visible block")
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


def document_file(blocks: list[Block]) -> SourceFile:
    """One document's compiled blocks as one file: their imports hoisted, once each, then their code in order."""
    file = SourceFile("main.swift" if any(block.has_statements() for block in blocks) else "Snippets.swift")
    for text in LINUX_SHIM:
        file.add(text)
    hoisted: set[int] = set()  # Markdown lines
    imports: set[str] = set()
    for block in blocks:
        for offset in unconditional_imports(block):
            hoisted.add(block.line + offset)
            if block.code[offset] not in imports:
                imports.add(block.code[offset])
                file.add(block.code[offset], f"{block.doc}:{block.line + offset}")
    for block in blocks:
        file.add("")
        for offset, text in enumerate(block.code):
            if block.line + offset not in hoisted:
                file.add(text, f"{block.doc}:{block.line + offset}")
    return file


def unconditional_imports(block: Block) -> list[int]:
    """The offsets of a block's `import` lines that no `#if` encloses, which can move to the top of the file."""
    offsets, depth = [], 0
    for offset, text in enumerate(block.code):
        if text.startswith("#if"):
            depth += 1
        elif text.startswith("#endif"):
            depth -= 1
        elif depth == 0 and text.startswith("import "):
            offsets.append(offset)
    return offsets


# The package of each product a sample may import besides NetworkLayer's own: the MovieDB sample's, the root
# package's integrations (each behind its trait), and the server-side packages their samples use.
PRODUCT_PACKAGES = {
    "TMDB": "MovieDB",
    "NetworkLayerAsyncHTTPClient": "NetworkLayer",
    "NetworkLayerLogging": "NetworkLayer",
    "NetworkLayerMetrics": "NetworkLayer",
    "NetworkLayerTracing": "NetworkLayer",
    "NetworkLayerOpenAPIRuntime": "NetworkLayer",
    "OpenAPIRuntime": "swift-openapi-runtime",
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
    "NetworkLayerOpenAPIRuntime": "OpenAPIRuntime",
}
# Where those packages come from, relative to the repository root or by URL and version.
PACKAGE_SOURCES = {
    "MovieDB": ("path", "Examples/MovieDB"),
    "swift-log": ("url", "https://github.com/apple/swift-log.git", "1.16.0"),
    "swift-metrics": ("url", "https://github.com/apple/swift-metrics.git", "2.5.0"),
    "swift-distributed-tracing": ("url", "https://github.com/apple/swift-distributed-tracing.git", "1.1.0"),
    "swift-openapi-runtime": ("url", "https://github.com/apple/swift-openapi-runtime.git", "1.8.0"),
}
# The products whose imports a Markdown file's manifest must list: the root package's and those of the packages
# the samples use. A file shows a manifest when it imports one of them besides NetworkLayer, or shows one anyway.
MANIFEST_PRODUCTS = {
    "NetworkLayer", "BeagleAdapter", *PRODUCT_TRAITS, "Logging", "Metrics", "Tracing", "OpenAPIRuntime"
}


def products(blocks: list[Block]) -> list[str]:
    names = {"NetworkLayer"}
    for line in (line for block in blocks for line in block.imports()):
        module = line.removeprefix("import ").strip()
        if module in PRODUCT_PACKAGES or module == "BeagleAdapter":
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


def generate(root: Path, package: Path, by_doc: dict[Path, list[Block]]) -> dict[Path, SourceFile]:
    """Writes the package, one target per document; returns every generated Swift file by path."""
    sources: dict[Path, SourceFile] = {}
    targets = []
    needed_packages: set[str] = set()
    needed_traits: set[str] = set()
    for doc, blocks in by_doc.items():
        product_names = products(blocks)
        needed_packages |= {PRODUCT_PACKAGES[name] for name in product_names if name in PRODUCT_PACKAGES}
        needed_traits |= {PRODUCT_TRAITS[name] for name in product_names if name in PRODUCT_TRAITS}
        dependencies = ", ".join(
            f'.product(name: "{name}", package: "{PRODUCT_PACKAGES.get(name, "NetworkLayer")}")'
            for name in product_names
        )
        targets.append(f'        .target(name: "{doc_target(doc)}", dependencies: [{dependencies}]),')
        file = document_file(blocks)
        path = package / "Sources" / doc_target(doc) / file.name
        write_if_changed(path, file.text)
        sources[path.resolve()] = file
    wanted = {doc_target(doc) for doc in by_doc}
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
        "// Generated by scripts/check_snippets.py: one target per document, its Swift blocks as one file.",
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
    command = ["swift", "build", "--package-path", str(package), "--scratch-path", str(scratch),
               "-Xswiftc", "-warnings-as-errors"]
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
    manifests = [block for block in doc_blocks if block.mode == "manifest"]
    imported: dict[str, Block] = {}
    for block in doc_blocks:
        if block in manifests:
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
    except (OSError, SetupError) as error:
        print(f"check_snippets: {error}", file=sys.stderr)
        return 2
    selected = [block for block in blocks if not args.only or args.only in str(block.doc)]
    compiled: dict[Path, list[Block]] = {}
    for block in selected:
        if block.mode is None:
            compiled.setdefault(block.doc, []).append(block)

    if args.list:
        for block in selected:
            print(f"{block.location:60} {block.mode or 'compiled':8} {block.target}")
        return 0

    work = work_directory(root)
    package = work / "package"
    try:
        sources = generate(root, package, compiled)
    except OSError as error:
        print(f"check_snippets: {error}", file=sys.stderr)
        return 2

    count = sum(len(doc_blocks) for doc_blocks in compiled.values())
    scratch = Path(os.environ.get("SNIPPETS_BUILD_PATH") or work / "build").resolve()
    print(f"==> compiling {count} Swift blocks of {plural(len(compiled), 'document')}, one file each, in {package} "
          f"(scratch {scratch})", file=sys.stderr)
    by_target, failure_log = build(package, scratch, [doc_target(doc) for doc in compiled], sources, args.verbose)
    for block in selected:
        if block.mode == "manifest":
            by_target[block.target] = check_manifest(block, work)
    for doc in dict.fromkeys(block.doc for block in selected):
        for block, diagnostic in manifest_coverage([block for block in blocks if block.doc == doc]):
            by_target.setdefault(block.target, []).append(diagnostic)

    # One row per compiled document, then one per manifest or skipped block.
    rows = []
    failures = 0
    warnings = 0
    checked = [(f"{doc} ({plural(len(doc_blocks), 'block')})", "one file", doc_target(doc), None)
               for doc, doc_blocks in compiled.items()]
    checked += [(block.location, block.mode, block.target, block.skip_reason) for block in selected if block.mode]
    for location, mode, target, skip_reason in checked:
        found = by_target.get(target, [])
        if mode == "skip" and not found:
            rows.append((location, mode, f"skipped: {skip_reason}"))
            continue
        errors = [d for d in found if d.severity == "error"]
        warnings += len(found) - len(errors)
        if errors:
            failures += 1
            rows.append((location, mode, f"FAILED ({plural(len(errors), 'error')})"))
        elif failure_log is not None and mode == "one file":
            failures += 1
            rows.append((location, mode, "FAILED (build failed, see the log)"))
        else:
            rows.append((location, mode, f"ok ({plural(len(found), 'warning')})" if found else "ok"))

    width = max(len(row[0]) for row in rows) if rows else 10
    mode_width = max(len(row[1]) for row in rows) if rows else 10
    print(f"{'DOCUMENT OR BLOCK':{width}}  {'MODE':{mode_width}}  RESULT")
    for location, mode, result in rows:
        print(f"{location:{width}}  {mode:{mode_width}}  {result}")

    for severity in ("warning", "error"):
        listed = set()
        for target in dict.fromkeys(row[2] for row in checked):
            for diagnostic in by_target.get(target, []):
                key = (diagnostic.location, diagnostic.message)
                if diagnostic.severity == severity and key not in listed:
                    listed.add(key)
                    print(f"{diagnostic.location}: {severity}: {diagnostic.message}", file=sys.stderr)
    if failure_log is not None:
        print(failure_log[-6000:], file=sys.stderr)

    skipped = sum(1 for row in rows if row[2].startswith("skipped"))
    elapsed = time.monotonic() - started
    summary = (f"{len(rows) - skipped - failures} of {len(rows) - skipped} checks passed ({count} blocks in "
               f"{plural(len(compiled), 'document')}, one file each, and the manifests), {skipped} skipped, "
               f"{plural(warnings, 'warning')} ({elapsed:.0f} s)")
    if failures:
        print(f"check_snippets: {plural(failures, 'check')} failed; {summary}", file=sys.stderr)
        return 1
    print(f"==> {summary}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
