#!/usr/bin/env python3
"""public_surface.py: counts the core's public surface, per folder (the `surface` stage of scripts/test.sh).

    python3 scripts/public_surface.py [--limit N]       N: PUBLIC_SURFACE_LIMIT, else 300 (issue 37's target)

The core is the root package's `NetworkLayer` target, its files as `swift package describe` lists them
(BeagleAdapter, with the Beagle contract's mirrored declarations, is another target and is not counted). A line
counts when its first token, after any attributes, is `public` or `open`. A line under `@_spi(...)` is not part
of what a plain `import NetworkLayer` sees: it is counted apart, as spi, and not toward the limit. `@_spi` covers
its declaration (the attribute on the same line or on the lines just above) and everything inside the braces
that declaration opens. Prints a table (each top folder, then its subfolders) and exits 1 when the public total
passes the limit.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

ATTRIBUTES = r"\s*((?:@\w+(?:\([^()]*\))?\s+)*)"
PUBLIC = re.compile(ATTRIBUTES + r"(?:public|open)\s+[a-z@]")
ATTRIBUTES_ONLY = re.compile(r"\s*(?:@\w+(?:\([^()]*\))?\s*)+")
DECLARATION = re.compile(
    ATTRIBUTES + r"(?:(?:public|open|package|internal|fileprivate|private|static|class|final|override|nonisolated"
    r"|mutating|convenience|required|indirect|lazy)\s+)*"
    r"(?:func|var|let|struct|class|enum|protocol|extension|actor|init|deinit|subscript|typealias|case)\b"
)


def code_lines(text):
    """The file's lines with comments and the contents of string literals removed."""
    lines, line, i, block, multiline = [], [], 0, 0, False
    while i < len(text):
        c = text[i]
        if c == "\n":
            lines.append("".join(line))
            line, i = [], i + 1
        elif block:
            block += 1 if text.startswith("/*", i) else -1 if text.startswith("*/", i) else 0
            i += 2 if text.startswith(("/*", "*/"), i) else 1
        elif multiline:
            multiline = not text.startswith('"""', i)
            i += 3 if not multiline else 2 if c == "\\" else 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            block, i = 1, i + 2
        elif text.startswith('"""', i):
            multiline, i = True, i + 3
        elif c == '"':
            i += 1
            while i < len(text) and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
            line.append('""')
            i += text.startswith('"', i)
        else:
            line.append(c)
            i += 1
    return lines + ["".join(line)]


def count(path):
    """(public, spi) line counts of one Swift file."""
    public = spi = 0
    scopes, pending_spi, spi_brace = [False], False, False
    for line in code_lines(open(path, encoding="utf-8").read()):
        if not line.strip():
            continue
        if ATTRIBUTES_ONLY.fullmatch(line):
            pending_spi = pending_spi or "@_spi" in line
            continue
        declaration = DECLARATION.match(line)
        in_spi = scopes[-1] or pending_spi or bool(declaration and "@_spi" in declaration.group(1))
        if declaration:
            spi_brace = in_spi
        if PUBLIC.match(line):
            spi, public = (spi + 1, public) if in_spi else (spi, public + 1)
        pending_spi = False
        for c in line:
            if c == "{":
                scopes.append(scopes[-1] or spi_brace)
                spi_brace = False
            elif c == "}" and len(scopes) > 1:
                scopes.pop()
    if len(scopes) != 1:
        sys.exit(f"public_surface: {path}: braces do not balance as read; the count would be wrong")
    return public, spi


def core_files():
    described = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], check=True,
                                          capture_output=True, text=True).stdout)
    target = next(t for t in described["targets"] if t["name"] == "NetworkLayer")
    return target["path"], sorted(target["sources"])


def main():
    parser = argparse.ArgumentParser(description="Counts the core's public lines per folder.")
    parser.add_argument("--limit", type=int, default=int(os.environ.get("PUBLIC_SURFACE_LIMIT", 300)))
    limit = parser.parse_args().limit
    root, files = core_files()
    rows = collections.defaultdict(lambda: [0, 0])
    for file in files:
        parts = file.split("/")[:-1]
        folders = ["/".join(parts[:1]) or "."] + (["/".join(parts[:2])] if len(parts) > 1 else [])
        counts = count(os.path.join(root, file))
        for folder in folders:
            rows[folder] = [a + b for a, b in zip(rows[folder], counts)]
    total = [sum(rows[f][k] for f in rows if "/" not in f) for k in (0, 1)]
    print(f"{'folder (' + root + '/)':<32} {'public':>6} {'spi':>5}")
    for folder in sorted(rows, key=lambda f: (f.split("/")[0], f.count("/"), f)):
        name = "  " + folder if "/" in folder else folder
        print(f"{name:<32} {rows[folder][0]:>6} {rows[folder][1]:>5}")
    print(f"{'total':<32} {total[0]:>6} {total[1]:>5}")
    if total[0] > limit:
        print(f"{total[0]} public lines pass the limit of {limit}: make some internal, or @_spi for transport authors")
    print(f"public_surface: {total[0]} public lines, limit {limit}, {total[1]} @_spi")
    return 0 if total[0] <= limit else 1


if __name__ == "__main__":
    sys.exit(main())
