#!/usr/bin/env python3
"""check_pages.py: keeps the sample files equal to the code of Beagle's published pages.

    python3 scripts/check_pages.py [--write-article] [--pages DIR]

Writes the page files: each holds one code block of a page of Beagle's docs, verbatim, below a header of
comments and imports that the project adds. The script finds the block in the page's text (its first line,
then to the line that closes its braces or the given last line) and applies the one edit the sample
declares, if any. The pages are not the project's to copy, so the files are written for each build and
never committed (.gitignore). It also checks that BeagleAdapter's `ViewClientProtocol` declares the view
client page's `fetch` and `prefetch` exactly, and that the bridge shown in BeagleAdapter's article equals
Sources/BeagleBridge/BeagleBridge.swift (this check needs no pages); --write-article writes the bridge into
the article instead.

The pages are read from DIR, by default ../shared/reference/beagle-docs beside the repository; when they
are not there the script says so, writes nothing and exits 0: scripts/test.sh then builds the bridge only.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
REPOSITORY = PACKAGE.parent.parent
DEFAULT_PAGES = REPOSITORY.parent / "shared" / "reference" / "beagle-docs"

FOUNDATION = [
    "import Foundation",
    "#if canImport(FoundationNetworking)",
    "import FoundationNetworking",
    "#endif",
]


@dataclass
class Sample:
    path: str
    page: str
    title: str
    first: str
    last: str | None = None  # the block's last line; None: the line that closes the first line's brace
    insert_after: str | None = None  # the declared edit: a line inserted after the line containing this
    insert: str | None = None
    append: str | None = None  # the declared edit: a line appended to the block
    imports: tuple[str, ...] = ("import BeagleAdapter",)


NETWORK = "network-layer.en.txt"
VIEW = "view-client.en.txt"

SAMPLES = [
    Sample("NetworkLayerPage/NetworkClientDefault.swift", NETWORK, "example NetworkClientDefault",
           "public class NetworkClientDefault: NetworkClient {"),
    Sample("NetworkLayerPage/HttpRequestBuilder.swift", NETWORK, "example HttpRequestBuilder",
           "public class HttpRequestBuilder {"),
    Sample("CustomClientPage/CustomNetworkClient.swift", NETWORK, "step 1, CustomNetworkClient",
           "class CustomNetworkClient: NetworkClient {",
           insert_after="//Requests implementation", insert="        return nil"),
    Sample("CustomClientPage/main.swift", NETWORK, "step 2, assigning the dependencies",
           "let dependencies = BeagleDependencies()", last="Beagle.dependencies = dependencies",
           imports=()),
    Sample("ViewClientPage/ViewClientProtocol.swift", VIEW, "the ViewClientProtocol declaration",
           "public protocol ViewClientProtocol {",
           last="    func prefetch(url: String, additionalData: HttpAdditionalData?)", append="}"),
]


def page_lines(pages: Path, name: str) -> list[str]:
    return (pages / name).read_text(encoding="utf-8").splitlines()


def block(lines: list[str], sample: Sample) -> list[str]:
    starts = [i for i, line in enumerate(lines) if line.rstrip() == sample.first]
    if len(starts) != 1:
        raise SystemExit(f"check_pages: {sample.page}: expected one line {sample.first!r}, found {len(starts)}")
    start = starts[0]
    end = None
    if sample.last is not None:
        end = next((i for i in range(start, len(lines)) if lines[i].rstrip() == sample.last), None)
    else:
        depth = 0
        for i in range(start, len(lines)):
            depth += lines[i].count("{") - lines[i].count("}")
            if depth == 0:
                end = i
                break
    if end is None:
        raise SystemExit(f"check_pages: {sample.page}: the block starting {sample.first!r} does not end")
    code = [line.rstrip() for line in lines[start:end + 1]]
    if sample.insert_after is not None:
        at = next(i for i, line in enumerate(code) if sample.insert_after in line)
        code.insert(at + 1, sample.insert)
    if sample.append is not None:
        code.append(sample.append)
    return code


def header(sample: Sample) -> list[str]:
    edit = ""
    if sample.insert is not None:
        edit = f" One line is added: `{sample.insert.strip()}` after the placeholder comment."
    if sample.append is not None:
        edit = f" The page cuts the declaration short; `{sample.append}` closes it."
    text = (f"From Beagle's docs, the iOS page {sample.page.split('.')[0]!r}, {sample.title}: the page's "
            f"code verbatim below the imports.{edit} Written by scripts/check_pages.py for each build, "
            "never committed.")
    comment, line = [], "//"
    for word in text.split():
        if len(line) + 1 + len(word) > 110:
            comment.append(line)
            line = "//"
        line += " " + word
    comment.append(line)
    imports = FOUNDATION + list(sample.imports) if sample.imports else []
    return comment + ["// swift-format-ignore-file", *imports, ""]


def protocol_signature(lines: list[str]) -> list[str]:
    """The declaration's lines without doc comments, attributes, blank lines and the closing brace."""
    kept = []
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("///") or stripped == "@discardableResult" or stripped == "}":
            continue
        kept.append(stripped.replace("any ", ""))
    return kept


def check_view_client_protocol(pages: Path) -> list[str]:
    source = REPOSITORY / "Sources/BeagleAdapter/BeagleContract/ViewClientProtocol.swift"
    lines = source.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("public protocol ViewClientProtocol"))
    sample = SAMPLES[-1]
    page = block(page_lines(pages, sample.page), sample)
    if protocol_signature(lines[start:]) != protocol_signature(page):
        return [f"{source.relative_to(REPOSITORY)}: ViewClientProtocol differs from {sample.page}'s declaration"]
    return []


ARTICLE = REPOSITORY / "Sources/BeagleAdapter/BeagleAdapter.docc/UsingNetworkLayerWithBeagle.md"
BRIDGE = PACKAGE / "Sources/BeagleBridge/BeagleBridge.swift"
BRIDGE_MARKER = "<!-- snippet: skip: compiled by Tests/BeagleSamples"


def article_bridge_block(lines: list[str]) -> tuple[int, int]:
    """The line range of the code inside the Swift block that follows the bridge's marker."""
    marker = next(i for i, line in enumerate(lines) if line.startswith(BRIDGE_MARKER))
    if lines[marker + 1] != "```swift":
        raise SystemExit(f"check_pages: {ARTICLE.name}: no Swift block after the bridge's marker")
    end = next(i for i in range(marker + 2, len(lines)) if lines[i] == "```")
    return marker + 2, end


def check_article_bridge(write: bool) -> list[str]:
    lines = ARTICLE.read_text(encoding="utf-8").splitlines()
    start, end = article_bridge_block(lines)
    bridge = BRIDGE.read_text(encoding="utf-8").splitlines()
    if write:
        ARTICLE.write_text("\n".join(lines[:start] + bridge + lines[end:]) + "\n", encoding="utf-8")
        return []
    if lines[start:end] != bridge:
        return [f"{ARTICLE.relative_to(REPOSITORY)}: the bridge shown differs from {BRIDGE.relative_to(REPOSITORY)}"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-article", action="store_true", help="write the bridge into the article")
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES, help="the directory of the pages' text")
    args = parser.parse_args()
    problems = check_article_bridge(args.write_article)
    if not args.pages.is_dir():
        for problem in problems:
            print(f"check_pages: {problem}", file=sys.stderr)
        print(f"check_pages: skipped: the pages are not at {args.pages}; only the article's bridge was checked")
        return 1 if problems else 0
    for sample in SAMPLES:
        code = block(page_lines(args.pages, sample.page), sample)
        path = PACKAGE / "Sources" / sample.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(header(sample) + code) + "\n", encoding="utf-8")
    problems += check_view_client_protocol(args.pages)
    for problem in problems:
        print(f"check_pages: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check_pages: {len(SAMPLES)} page files written from the pages; ViewClientProtocol matches the view "
          "client page; the article shows the bridge as it is")
    return 0


if __name__ == "__main__":
    sys.exit(main())
