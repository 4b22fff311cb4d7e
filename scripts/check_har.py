#!/usr/bin/env python3
"""check_har.py: HAR files load in haralyzer (PyPI), entry by entry.

    python check_har.py FILE...      (with haralyzer importable: scripts/check_har.sh sets that up)

For each file: HarParser reads it, every entry of every page (entries without a page land in haralyzer's
"unknown" page) gives its request and response fields, its start time parses, and the entries haralyzer
counts are the file's. Prints one line per file and exits 1 if any failed.
"""

import json
import sys

from haralyzer import HarParser


def check(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        raw = json.load(file)
    parser = HarParser(raw)
    if parser.creator.get("name") is None:
        raise ValueError("no creator name")
    count = 0
    for page in parser.pages:
        for entry in page.entries:
            request, response = entry.request, entry.response
            _ = (request.method, request.url, request.httpVersion, request.headers, request.queryString,
                 request.cookies, request.headersSize, request.bodySize)
            if "postData" in request.raw_entry:
                _ = (request.mimeType, request.text)
            _ = (response.status, response.statusText, response.httpVersion, response.headers,
                 response.headersSize, response.bodySize, response.redirectURL, response.mimeType,
                 response.contentSize, response.contentType, response.textEncoding)
            if "text" in response.raw_entry["content"]:
                _ = response.text
            if entry.startTime is None:
                raise ValueError(f"{request.method} {request.url}: startedDateTime does not parse")
            _ = (entry.time, entry.timings, entry.cache)
            count += 1
        _ = (page.get_requests, page.post_requests, page.page_size)
    expected = len(raw["log"]["entries"])
    if count != expected:
        raise ValueError(f"haralyzer saw {count} entries of {expected}")
    return f"{count} entries, {len(parser.pages)} page(s)"


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    failed = 0
    for path in sys.argv[1:]:
        try:
            print(f"check_har: {path}: {check(path)}")
        except Exception as error:  # any failure to load is the finding
            print(f"check_har: {path}: FAILED: {type(error).__name__}: {error}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
