#!/usr/bin/env python3
"""Checks that code completion offers every case of an example's endpoint enum.

Starts `sourcekit-lsp` on the MovieDB example, opens the file of the example's endpoint type with a
probe function appended that stops at `router.request(.` (or `router.stream(.`, `router.events(.`,
`router.webSocket(.` with `--method`), asks for completion there and checks
that every case of the endpoint enum is offered, with its argument labels, such as
`details(id:language:appendToResponse:)`. The probe lives only in the editor buffer sent to the
server: nothing is written into the source tree. (A buffer for a file that is not on disk gets no
build settings, hence no semantic completion, so the probe borrows a file the target compiles.)

The expected cases are read from the enum's declaration, so the check follows the enum as it
changes. The endpoint type is the target's `EndPointType` conformer: when it is an enum, the probe
is `router.request(.`; when it is a struct wrapping an enum (`init(_ api: MovieAPI, ...)`), the
probe is `router.request(TMDBEndPoint(.`, where the wrapped enum's cases are offered.

    python3 scripts/check_completion.py [--method request|stream|events|webSocket] [--no-build] [--verbose]

Builds the target first (`swift build --target`, with `-warnings-as-errors` like the example's
own tests, so it reuses their build), because sourcekit-lsp reads the modules it depends on from
the build directory. Exits 0 when every case is offered, 1 when some are missing, 2 on any other
failure (build, server, timeout).

Environment:
    SWIFT_SCRATCH_PATH    the example builds in "$SWIFT_SCRATCH_PATH-moviedb", as its test.sh does
                          (a relative path is relative to the example)  [the example's .build]
    SOURCEKIT_LSP         the server to run                  [sourcekit-lsp next to `swift`]
    EXTRA_EXPECTED_CASE   comma-separated cases to expect in addition, such as `bogus(x:)`;
                          for checking that the check can fail
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACKAGE = ROOT / "Examples" / "MovieDB"
DEFAULT_TARGET = "TMDB"
MODULE_IMPORT = "NetworkLayer"


class CheckError(Exception):
    """A failure that is not a missing case: build, server or timeout."""


# --- Reading Swift ---------------------------------------------------------------------------------


def strip_comments_and_strings(source: str) -> str:
    """Blanks out comments and string literal contents, keeping offsets and newlines."""
    out = list(source)
    i, n = 0, len(source)

    def blank(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end == -1 else end
            blank(i, end)
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:])):
            hashes = len(re.match(r"#*", source[i:]).group(0))
            j = i + hashes
            delimiter = '"""' if source.startswith('"""', j) else '"'
            closing = delimiter + "#" * hashes
            j += len(delimiter)
            while j < n and not source.startswith(closing, j):
                j += 2 if source[j] == "\\" and not hashes else 1
            j = min(n, j + len(closing))
            blank(i + hashes + len(delimiter), j - len(closing))
            i = j
        else:
            i += 1
    return "".join(out)


def matching_close(text: str, start: int) -> int:
    """Index of the bracket closing the one at `start`."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = [pairs[text[start]]]
    for i in range(start + 1, len(text)):
        c = text[i]
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")]}":
            if c != stack.pop():
                raise CheckError(f"unbalanced {c!r} at offset {i}")
            if not stack:
                return i
    raise CheckError(f"no closing bracket for offset {start}")


def split_top_level(text: str) -> list[str]:
    """Splits on commas outside (), [], {} and <> (but not the `>` of `->`)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}" or (c == ">" and (i == 0 or text[i - 1] != "-")):
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def argument_label(parameter: str) -> str:
    """`id: Int` → `id`, `_ id: Int` → `_`, `MovieListQuery = .init()` → `_`."""
    two_names = re.match(r"^(\w+)\s+\w+\s*:(?!:)", parameter)
    if two_names:
        return two_names.group(1)
    labelled = re.match(r"^(\w+)\s*:(?!:)", parameter)
    return labelled.group(1) if labelled else "_"


def signature(name: str, parameters: list[str] | None) -> str:
    """`details`, [`id: Int`, `language: String`] → `details(id:language:)`; no list → `details`."""
    if parameters is None:
        return name
    return name + "(" + "".join(argument_label(p) + ":" for p in parameters) + ")"


IDENTIFIER = r"`?[A-Za-z_][A-Za-z0-9_]*`?"


def find_type_body(code: str, kind: str, name: str) -> tuple[str, str]:
    """The inheritance clause and the body (between the braces) of `kind name`."""
    match = re.search(rf"\b{kind}\s+{re.escape(name)}\b([^{{]*)\{{", code)
    if not match:
        raise CheckError(f"no `{kind} {name}` found")
    open_brace = match.end() - 1
    return match.group(1), code[open_brace + 1 : matching_close(code, open_brace)]


def enum_cases(source: str, enum_name: str) -> list[str]:
    """The signatures of the cases `enum_name` declares in `source`, in order."""
    code = strip_comments_and_strings(source)
    _, body = find_type_body(code, "enum", enum_name)
    # Only `case` at the body's own brace depth declares cases: `switch`/`if case` sit in members.
    depth, top_level = 0, []
    for c in body:
        depth += c == "{"
        top_level.append(c if depth == 0 else " ")
        depth -= c == "}"
    top = "".join(top_level)
    cases = []
    for declaration in re.finditer(r"(?:^|[\s;])case\s", top):
        i = declaration.end()
        while True:
            element = re.compile(r"\s*(" + IDENTIFIER + r")").match(body, i)
            if not element:
                raise CheckError(f"cannot read the case declaration at offset {i} of `enum {enum_name}`")
            name, i = element.group(1).strip("`"), element.end()
            parameters = None
            after = re.compile(r"\s*\(").match(body, i)
            if after:
                close = matching_close(body, after.end() - 1)
                parameters = split_top_level(body[after.end() : close])
                i = close + 1
            raw_value = re.compile(r"\s*=").match(body, i)
            if raw_value:
                i = raw_value.end()
                while i < len(body) and body[i] not in ",\n;}":
                    i = matching_close(body, i) + 1 if body[i] in "([{" else i + 1
            cases.append(signature(name, parameters))
            comma = re.compile(r"\s*,").match(body, i)
            if not comma:
                break
            i = comma.end()
    if not cases:
        raise CheckError(f"`enum {enum_name}` declares no cases")
    return cases


# --- The probe -------------------------------------------------------------------------------------


def swift_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*.swift") if p.is_file())


def declaring_file(files: list[Path], kind: str, name: str) -> Path:
    pattern = re.compile(rf"\b{kind}\s+{re.escape(name)}\b")
    for path in files:
        if pattern.search(strip_comments_and_strings(path.read_text(encoding="utf-8"))):
            return path
    raise CheckError(f"no file in the target declares `{kind} {name}`")


def wrapped_type(files: list[Path], wrapper: str) -> str | None:
    """`T` of the first `init(_ name: T, ...)` in the declaration or extensions of `wrapper`."""
    header = re.compile(rf"\b(?:struct|class|extension)\s+{re.escape(wrapper)}\b[^{{]*\{{")
    for path in files:
        code = strip_comments_and_strings(path.read_text(encoding="utf-8"))
        for match in header.finditer(code):
            body = code[match.end() : matching_close(code, match.end() - 1)]
            wrapped = re.search(r"\binit\s*\(\s*_\s+\w+\s*:\s*(\w+)", body)
            if wrapped:
                return wrapped.group(1)
    return None


def find_probe(target_dir: Path, enum_override: str | None, method: str) -> tuple[Path, str, str, Path]:
    """The file to probe in, its text before the cursor, the endpoint enum and the file declaring it."""
    files = swift_files(target_dir)
    conformer = re.compile(r"\b(enum|struct|class|extension)\s+(\w+)\s*:([^{]*)\{")
    endpoint = None
    for path in files:
        for match in conformer.finditer(strip_comments_and_strings(path.read_text(encoding="utf-8"))):
            if re.search(r"\bEndPointType\b", match.group(3)):
                endpoint = (match.group(1), match.group(2), path)
                break
        if endpoint:
            break
    if endpoint is None:
        raise CheckError(f"no type in {target_dir} conforms to EndPointType")
    kind, endpoint_name, endpoint_file = endpoint
    if kind == "extension":  # `extension MovieAPI: EndPointType`: is MovieAPI an enum?
        try:
            endpoint_file, kind = declaring_file(files, "enum", endpoint_name), "enum"
        except CheckError:
            kind = "struct"

    if kind == "enum" and enum_override in (None, endpoint_name):
        enum_name, call = endpoint_name, f"router.{method}(."
    else:
        # A struct wrapping the enum: its `init(_ api: TheEnum, ...)` names the enum.
        enum_name = enum_override or wrapped_type(files, endpoint_name)
        if not enum_name:
            raise CheckError(f"`{endpoint_name}` is not an enum and has no `init(_:...)` taking one; pass --enum")
        call = f"router.{method}({endpoint_name}(."

    # The endpoint's own file, in memory, with the probe appended: sourcekit-lsp gives semantic
    # completion only in files it knows belong to a target, and nothing is written to disk.
    prefix = (
        f"import {MODULE_IMPORT}\n"
        + endpoint_file.read_text(encoding="utf-8").rstrip("\n")
        + "\n\n"
        + f"func __completionProbe(router: Router<{endpoint_name}>) async throws {{\n"
        + f"    _ = try await {call}"
    )
    return endpoint_file, prefix, enum_name, declaring_file(files, "enum", enum_name)


# --- Language server ------------------------------------------------------------------------------


class LanguageServer:
    """A JSON-RPC connection to a language server over its stdin and stdout."""

    def __init__(self, command: list[str], cwd: Path, log_path: Path, verbose: bool) -> None:
        self.verbose = verbose
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            start_new_session=True,  # its own process group, so stop() also ends what it spawns
        )
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                if length is None:
                    continue
                self.messages.put(json.loads(stream.read(length)))
        except (OSError, ValueError) as error:
            self.messages.put({"readError": str(error)})
        finally:
            self.messages.put(None)

    def _send(self, message: dict) -> None:
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode("utf-8")
        try:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()
        except OSError as error:
            raise CheckError(f"sourcekit-lsp stopped reading: {error}") from error

    def notify(self, method: str, params: dict | None = None) -> None:
        self._send({"method": method, "params": params or {}})

    def request(self, method: str, params: dict, deadline: float):
        self.next_id += 1
        request_id = self.next_id
        self._send({"id": request_id, "method": method, "params": params})
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CheckError(f"timed out waiting for the answer to {method}")
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if message is None:
                raise CheckError(f"sourcekit-lsp exited (status {self.process.poll()}) during {method}")
            if "readError" in message:
                raise CheckError(f"unreadable message from sourcekit-lsp: {message['readError']}")
            if "method" in message:
                self._handle_server_message(message)
            elif message.get("id") == request_id:
                if "error" in message:
                    raise CheckError(f"{method} failed: {message['error']}")
                return message.get("result")

    def _handle_server_message(self, message: dict) -> None:
        if "id" in message:  # a request to the client: progress tokens, capability registrations
            self._send({"id": message["id"], "result": None})
        if self.verbose and message["method"] in ("window/logMessage", "window/showMessage"):
            print(f"  server: {message['params'].get('message', '')}".rstrip(), file=sys.stderr)

    def stop(self, deadline: float) -> None:
        try:
            if self.process.poll() is None:
                self.request("shutdown", {}, min(deadline, time.monotonic() + 10))
                self.notify("exit")
                self.process.wait(timeout=5)
        except (CheckError, subprocess.TimeoutExpired):
            pass
        finally:
            self.kill()

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.log.close()


def item_signature(item: dict) -> str | None:
    """The case an item offers, such as `search(_:year:)`.

    The label lists every parameter, but shows a parameter's name where its label is `_`
    (`search(query: String, year: Int?)`). `filterText` has the labels of the named parameters
    only, in order, with `_` left out (`search(:year:)`; `popular()` for `popular(MovieListQuery)`).
    """
    label = item.get("label") or item.get("insertText") or ""
    match = re.match(r"^(" + IDENTIFIER + r")\s*(?:\((.*)\))?\s*$", label.strip(), re.S)
    if not match:
        return None
    name = match.group(1).strip("`")
    if match.group(2) is None:
        return name
    parameters = split_top_level(match.group(2))
    compound = re.fullmatch(re.escape(name) + r"\(((?:\w*:)*)\)", (item.get("filterText") or "").replace(" ", ""))
    named = [bool(re.match(r"^\w+\s*:(?!:)", p)) for p in parameters]
    if compound:
        labels = iter(re.findall(r"(\w*):", compound.group(1)))
        if compound.group(1).count(":") == sum(named):
            return name + "(" + "".join(((next(labels) if n else "") or "_") + ":" for n in named) + ")"
    return signature(name, parameters)


ENUM_MEMBER = 20  # LSP CompletionItemKind.EnumMember


def offered(items: list[dict]) -> dict[str, str]:
    """Signature → the label of the first enum case item that offers it (static members don't count)."""
    found: dict[str, str] = {}
    for item in items:
        sig = item_signature(item) if item.get("kind", ENUM_MEMBER) == ENUM_MEMBER else None
        if sig and sig not in found:
            found[sig] = item.get("label", sig)
    return found


def ask_for_completion(server, uri, line, character, expected, deadline, settle_seconds, verbose):
    """Completion items at the position, asked again until all `expected` appear or time is up."""
    started = time.monotonic()
    attempt, items = 0, []
    while True:
        attempt += 1
        result = server.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character},
             "context": {"triggerKind": 2, "triggerCharacter": "."}},
            deadline,
        )
        items = result.get("items", []) if isinstance(result, dict) else (result or [])
        found = offered(items)
        missing = [sig for sig in expected if sig not in found]
        if verbose:
            print(f"  attempt {attempt}: {len(items)} items, {len(missing)} expected cases missing", file=sys.stderr)
        elapsed = time.monotonic() - started
        if not missing or elapsed >= settle_seconds or time.monotonic() + 3 >= deadline:
            if verbose:
                for item in items:
                    kind, filter_text, label = item.get("kind", "-"), item.get("filterText", ""), item.get("label", "")
                    print(f"    kind {kind:>2}  {filter_text:<40}  {label}", file=sys.stderr)
            return items, attempt
        time.sleep(1)


def complete_once(server, package, probe, prefix, expected, deadline, settle_seconds, verbose):
    """Initializes `server` on `package`, opens the probe and asks for completion after `prefix`."""
    server.request("initialize", {
        "processId": os.getpid(),
        "rootUri": package.as_uri(),
        "workspaceFolders": [{"uri": package.as_uri(), "name": package.name}],
        "capabilities": {"textDocument": {"completion": {"completionItem": {"snippetSupport": False}}}},
        # Use the modules just built rather than preparing a second copy in the background.
        "initializationOptions": {"backgroundIndexing": False},
    }, deadline)
    server.notify("initialized")

    text = prefix + "\n}\n"
    line = prefix.count("\n")
    character = len(prefix.splitlines()[-1].encode("utf-16-le")) // 2
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": probe.as_uri(), "languageId": "swift", "version": 1, "text": text}})
    return ask_for_completion(server, probe.as_uri(), line, character, expected, deadline, settle_seconds, verbose)


# --- Main --------------------------------------------------------------------------------------------


def run_build(package: Path, scratch: Path | None, target: str, deadline: float) -> None:
    command = ["swift", "build", "--package-path", str(package), "--target", target,
               "-Xswiftc", "-warnings-as-errors"]
    if scratch:
        command += ["--scratch-path", str(scratch)]
    print("==> " + " ".join(command), file=sys.stderr)
    build = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = build.communicate(timeout=max(1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired as error:
        raise CheckError("the build timed out") from error
    finally:
        if build.poll() is None:  # timed out or interrupted: end the build and the compilers it started
            os.killpg(build.pid, signal.SIGKILL)
            build.wait()
    if build.returncode != 0:
        sys.stderr.write(output.decode("utf-8", "replace")[-4000:])
        raise CheckError(f"swift build failed (exit {build.returncode})")


def sourcekit_lsp_path() -> str:
    if os.environ.get("SOURCEKIT_LSP"):
        return os.environ["SOURCEKIT_LSP"]
    swift = shutil.which("swift")
    if swift:
        beside = Path(swift).resolve().parent / "sourcekit-lsp"
        if beside.exists():
            return str(beside)
    found = shutil.which("sourcekit-lsp")
    if not found:
        raise CheckError("sourcekit-lsp not found; set SOURCEKIT_LSP")
    return found


def print_table(expected: list[str], found: dict[str, str], extra: set[str]) -> None:
    width = max(len("expected case"), *(len(s) for s in expected))
    print(f"{'expected case':<{width}}  offered as")
    print(f"{'-' * width}  {'-' * 10}")
    for sig in expected:
        note = " (injected by EXTRA_EXPECTED_CASE)" if sig in extra else ""
        print(f"{sig:<{width}}  {found.get(sig, 'MISSING')}{note}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", type=Path, default=DEFAULT_PACKAGE, help="the SwiftPM package to open")
    parser.add_argument("--target", default=DEFAULT_TARGET, help="the target the probe belongs to")
    parser.add_argument("--enum", dest="enum_name", help="the endpoint enum [the EndPointType conformer's]")
    parser.add_argument("--method", default="request", choices=["request", "stream", "events", "webSocket"],
                        help="the router method whose argument is completed [request]")
    parser.add_argument("--no-build", action="store_true", help="do not run swift build first")
    parser.add_argument("--timeout", type=float, default=180, help="overall limit in seconds [180]")
    parser.add_argument("--settle", type=float, default=60, help="how long to ask again for all cases [60]")
    parser.add_argument("--verbose", action="store_true", help="print progress and the server's messages")
    args = parser.parse_args()

    sys.stdout.reconfigure(line_buffering=True)  # keep the table in order with the messages on stderr
    started = time.monotonic()
    deadline = started + args.timeout
    signal.alarm(int(args.timeout) + 15)  # a backstop; every wait also stops at the deadline
    package = args.package.resolve()
    target_dir = package / "Sources" / args.target
    scratch = None
    if os.environ.get("SWIFT_SCRATCH_PATH"):
        scratch = package / (os.environ["SWIFT_SCRATCH_PATH"] + "-moviedb")  # absolute paths stay absolute

    server = None
    log_dir = Path(tempfile.mkdtemp(prefix="check-completion."))
    keep_log = False
    try:
        probe, prefix, enum_name, enum_file = find_probe(target_dir, args.enum_name, args.method)
        expected = enum_cases(enum_file.read_text(encoding="utf-8"), enum_name)
        extra = [s.strip() for s in os.environ.get("EXTRA_EXPECTED_CASE", "").split(",") if s.strip()]
        expected += [s for s in extra if s not in expected]
        print(f"==> expecting the {len(expected)} cases of `{enum_name}` "
              f"({enum_file.relative_to(package)}) after `{prefix.splitlines()[-1].strip()}` "
              f"appended to {probe.relative_to(package)}", file=sys.stderr)

        if not args.no_build:
            run_build(package, scratch, args.target, deadline)
        build_done = time.monotonic()

        command = [sourcekit_lsp_path()]
        if scratch:
            command += ["--scratch-path", str(scratch)]
        # Now and then a fresh server loads the package before it sees the modules just built ("no such
        # module") and then offers nothing at all; a second server, started once, sees them.
        for launch in (1, 2):
            print("==> " + " ".join(command), file=sys.stderr)
            server = LanguageServer(command, package, log_dir / f"sourcekit-lsp-{launch}.log", args.verbose)
            settle = args.settle / 2 if launch == 1 else args.settle
            items, attempts = complete_once(server, package, probe, prefix, expected, deadline, settle, args.verbose)
            server.stop(deadline)
            server = None
            if items or launch == 2 or time.monotonic() + 30 >= deadline:
                break
            print("==> sourcekit-lsp offered nothing; starting it once more", file=sys.stderr)

        found = offered(items)
        print_table(expected, found, set(extra))
        missing = [sig for sig in expected if sig not in found]
        timing = (f"{time.monotonic() - started:.1f} s in all, {time.monotonic() - build_done:.1f} s "
                  f"in sourcekit-lsp, {attempts} completion request(s), {len(items)} items")
        if missing:
            keep_log = True
            labels = ", ".join(item.get("label", "?") for item in items[:15])
            print(f"check_completion: FAILED: {len(missing)} of {len(expected)} cases of `{enum_name}` "
                  f"not offered: {', '.join(missing)}\n  first items offered: {labels or '(none)'}\n"
                  f"  server logs: {log_dir}\n  ({timing})", file=sys.stderr)
            return 1
        print(f"check_completion: all {len(expected)} cases of `{enum_name}` offered ({timing})", file=sys.stderr)
        return 0
    except CheckError as error:
        keep_log = server is not None or any(log_dir.glob("sourcekit-lsp-*.log"))
        print(f"check_completion: error: {error}", file=sys.stderr)
        if keep_log:
            print(f"  server logs: {log_dir}", file=sys.stderr)
        return 2
    finally:
        signal.alarm(0)
        if server is not None:
            server.kill()
        if not keep_log:
            shutil.rmtree(log_dir, ignore_errors=True)


def on_signal(signum, _frame):
    # Raised where the main thread is, so it unwinds through main's `finally`, which kills the server.
    if signum == signal.SIGALRM:
        raise CheckError("gave up: the overall time limit is over")
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
        signal.signal(signum, on_signal)
    sys.exit(main())
