#!/usr/bin/env python3
"""fault_server.py: a loopback HTTP/1.1 peer that misbehaves on purpose, for the "Faults" test suites.

Python 3 standard library only. Binds 127.0.0.1 (never another address) on a free port, prints
`PORT=<n>` on stdout once it accepts connections, serves every connection on its own thread, and
stops by itself after --ttl seconds (default 600, or $FAULT_SERVER_TTL) or on SIGTERM / SIGINT.

Every response is written with one send() on a TCP_NODELAY socket and the connection is closed
after it (`Connection: close`), so a fault is never hidden behind keep-alive.

Routes (query parameters are optional unless noted):
  /close-immediately             read the request, close without a response
  /stall?seconds=N               read the request, send nothing for N s (default 30, at most 300), close
  /close-mid-body                200 with Content-Length: 1000 and only 100 body bytes, then close
  /stall-body?seconds=N          200 with Content-Length: 1000 and 100 body bytes, then nothing for N s
                                 (default 30, at most 300), then close
  /flaky/<id>?fail=N&status=S    the first N requests (default 1) for <id> get status S (default 503),
                                 later ones 200; the body is JSON {"attempt": k} (k counts from 1)
  /rate-limited/<id>?retry_after=S[&date=1][&status=C]
                                 the first request for <id> gets C (default 429) with `Retry-After: S`
                                 (default 1, at most 604800), or with an HTTP-date S seconds ahead when
                                 date=1; later ones 200 {"attempt": k}
  /dropping/<id>?fail=N&mode=M   the first N requests (default 1) for <id> lose their connection:
                                 M=empty closes without a response (the default), M=mid-body sends
                                 100 of 1000 announced body bytes and closes, M=mid-chunk sends a chunked
                                 body cut inside its second chunk; later ones 200 {"attempt": k}
  /attempts/<id>                 200 {"id": <id>, "attempts": n}: how many requests <id> has had
  /redirect-cross-origin?to=URL[&status=C]
                                 C (default 302) to the absolute URL `to` (required), any scheme
  /echo-headers                  200 JSON {"method", "path", "headers": {name: value}}; to HEAD, the
                                 head only, with `X-Echo-Method: HEAD`
  /large-head?length=N           200 announcing N body bytes (default 500000000) and sending none: a
                                 valid answer to HEAD only
  /not-modified?length=N         304 with `Content-Length: N` (default 500000000), as a server may send
                                 the representation's length
  /conflicting-length            200 with `Content-Length: 2` and `Content-Length: 9`, and 9 body bytes
  /length-fields?fields=F&body=N&stall=S
                                 200 with the header lines of F (`Name: value` lines joined by `|`, no CR or
                                 LF) written as given, no other length, and N body bytes (default 9, at most
                                 1000000), then nothing for S s (default 0, at most 300), then close
  /many-headers?count=N          200 with N (default 20000, at most 100000) extra header lines
  /status/<code>                 that status with an empty body
  /http-version/<v>              200 with body `ok` and the status line `HTTP/<v> 200 OK`, for v = 1.0 or 1.1
  /decompress[?refuse=1]         reads the request body (Content-Length or chunked, any size) and decodes it by
                                 its Content-Encoding (gzip, deflate or none) as it arrives; 200 JSON {"sha256"
                                 of the decoded bytes, "decoded_bytes", "wire_bytes", "content_encoding"}, or 415
                                 to an encoded body when refuse=1, or 400 to one that does not decode

"Connection refused" needs no route: tests use a loopback port that nothing listens on.
Counters live per <id> in memory; use a fresh id (for example a UUID) per test.
"""

import argparse
import hashlib
import email.utils
import json
import os
import signal
import socket
import socketserver
import sys
import threading
import time
import urllib.parse
import zlib

MAX_HEAD_BYTES = 64 * 1024
MAX_BODY_BYTES = 16 * 1024 * 1024
MAX_STALL_SECONDS = 300.0
READ_TIMEOUT_SECONDS = 30.0

REASONS = {
    200: "OK", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
    500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
}

stopping = threading.Event()
attempts_lock = threading.Lock()
attempts = {}


def count_attempt(identifier):
    with attempts_lock:
        attempts[identifier] = attempts.get(identifier, 0) + 1
        return attempts[identifier]


def current_attempts(identifier):
    with attempts_lock:
        return attempts.get(identifier, 0)


def response_bytes(status, headers=(), body=b""):
    lines = ["HTTP/1.1 %d %s" % (status, REASONS.get(status, "Status"))]
    lines += ["%s: %s" % (name, value) for name, value in headers]
    if status not in (204, 304) and not 100 <= status < 200:
        lines.append("Content-Length: %d" % len(body))
    else:
        body = b""
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def json_response(status, value, headers=()):
    body = json.dumps(value, sort_keys=True).encode("utf-8")
    return response_bytes(status, [("Content-Type", "application/json")] + list(headers), body)


def truncated_body():
    """A 200 head announcing 1000 body bytes, and only 100 of them."""
    head = response_bytes(200, [("Content-Type", "application/octet-stream")], b"")
    return head.replace(b"Content-Length: 0", b"Content-Length: 1000") + b"x" * 100


def raw_response(status, header_lines, body=b""):
    """A response whose header lines are written exactly as given: no Content-Length is added."""
    lines = ["HTTP/1.1 %d %s" % (status, REASONS.get(status, "Status"))] + list(header_lines) + ["Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def chunked_cut_mid_chunk():
    """A chunked 200 whose second chunk announces 100 bytes and carries 10 before the connection closes."""
    head = raw_response(200, ["Content-Type: application/octet-stream", "Transfer-Encoding: chunked"])
    return head + b"5\r\nhello\r\n64\r\n" + b"x" * 10


def int_parameter(query, name, default, low, high):
    try:
        value = int(query.get(name, [str(default)])[0])
    except ValueError:
        return default
    return max(low, min(high, value))


class BodyReader:
    """A request body read from the socket as it is asked for: Content-Length or chunked, never held whole."""

    def __init__(self, sock, headers, initial):
        self.sock, self.buffer, self.wire_bytes = sock, initial, 0
        fields = {name.lower(): value for name, value in headers}
        self.chunked = "chunked" in fields.get("transfer-encoding", "").lower()
        length = fields.get("content-length", "0")
        self.remaining = int(length) if length.isdigit() else 0

    def _fill(self, size):
        while len(self.buffer) < size:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ValueError("connection closed inside the body")
            self.buffer += chunk

    def _take(self, size):
        self._fill(size)
        data, self.buffer = self.buffer[:size], self.buffer[size:]
        self.wire_bytes += size
        return data

    def _line(self):
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ValueError("connection closed inside a chunk header")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        return line

    def chunks(self):
        if not self.chunked:
            while self.remaining > 0:
                data = self._take(min(self.remaining, 65536))
                self.remaining -= len(data)
                yield data
            return
        while True:
            size = int(self._line().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self._line():
                    pass
                return
            yield self._take(size)
            self._line()


def decompress(request):
    """Decodes the body as it arrives and answers with its digest and both sizes."""
    encoding = ""
    for name, value in request.headers:
        if name.lower() == "content-encoding":
            encoding = value.strip().lower()
    refused = encoding not in ("", "identity") and request.query.get("refuse", ["0"])[0] == "1"
    if refused or encoding not in ("", "identity", "gzip", "deflate"):
        # Read to the end first, so that the client finishes sending and reads the answer.
        for _ in request.body.chunks():
            pass
        return json_response(415, {"error": "compressed bodies refused", "content_encoding": encoding},
                             [("Accept-Encoding", "identity")])
    # 32 + 15: a gzip or a zlib stream, whichever the body is.
    decoder = zlib.decompressobj(32 + 15) if encoding in ("gzip", "deflate") else None
    digest, decoded = hashlib.sha256(), 0
    try:
        for chunk in request.body.chunks():
            data = decoder.decompress(chunk) if decoder else chunk
            digest.update(data)
            decoded += len(data)
        if decoder:
            tail = decoder.flush()
            digest.update(tail)
            decoded += len(tail)
            if not decoder.eof:
                raise zlib.error("the stream ends before its end")
    except (zlib.error, ValueError) as error:
        return json_response(400, {"error": str(error)})
    return json_response(200, {"sha256": digest.hexdigest(), "decoded_bytes": decoded,
                                "wire_bytes": request.body.wire_bytes, "content_encoding": encoding})


class Request:
    def __init__(self, method, target, headers):
        self.method = method
        parsed = urllib.parse.urlsplit(target)
        self.path = parsed.path
        self.query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        self.headers = headers


class FaultHandler(socketserver.BaseRequestHandler):
    def setup(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.request.settimeout(READ_TIMEOUT_SECONDS)

    def handle(self):
        try:
            request = self.read_request()
        except (OSError, ValueError):
            return
        if request is None:
            return
        try:
            reply = self.route(request)
            if reply is not None:
                self.request.sendall(reply)
        except OSError:
            pass

    def read_request(self):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.request.recv(65536)
            if not chunk:
                return None
            data += chunk
            if len(data) > MAX_HEAD_BYTES:
                raise ValueError("request head too large")
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = (lines[0].split(" ", 2) + ["", ""])[:3]
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
        request = Request(method, target, headers)
        if request.path == "/decompress":
            request.body = BodyReader(self.request, headers, body)
            return request
        length = 0
        for name, value in headers:
            if name.lower() == "content-length" and value.isdigit():
                length = min(int(value), MAX_BODY_BYTES)
        while len(body) < length:
            chunk = self.request.recv(65536)
            if not chunk:
                break
            body += chunk
        return request

    def route(self, request):
        parts = [part for part in request.path.split("/") if part]
        first = parts[0] if parts else ""
        if first == "close-immediately":
            return None
        if first == "stall":
            seconds = float(int_parameter(request.query, "seconds", 30, 0, int(MAX_STALL_SECONDS)))
            stopping.wait(seconds)
            return None
        if first == "close-mid-body":
            return truncated_body()
        if first == "stall-body":
            self.request.sendall(truncated_body())
            stopping.wait(float(int_parameter(request.query, "seconds", 30, 0, int(MAX_STALL_SECONDS))))
            return None
        if first == "dropping" and len(parts) == 2:
            attempt = count_attempt(parts[1])
            if attempt <= int_parameter(request.query, "fail", 1, 0, 1000):
                mode = request.query.get("mode", ["empty"])[0]
                if mode == "mid-body":
                    return truncated_body()
                return chunked_cut_mid_chunk() if mode == "mid-chunk" else None
            return json_response(200, {"attempt": attempt})
        if first == "flaky" and len(parts) == 2:
            attempt = count_attempt(parts[1])
            failures = int_parameter(request.query, "fail", 1, 0, 1000)
            status = int_parameter(request.query, "status", 503, 100, 599)
            if attempt <= failures:
                return json_response(status, {"attempt": attempt, "status": status})
            return json_response(200, {"attempt": attempt})
        if first == "rate-limited" and len(parts) == 2:
            attempt = count_attempt(parts[1])
            delay = int_parameter(request.query, "retry_after", 1, 0, 604800)
            status = int_parameter(request.query, "status", 429, 100, 599)
            if attempt == 1:
                if request.query.get("date", ["0"])[0] == "1":
                    retry_after = email.utils.formatdate(time.time() + delay, usegmt=True)
                else:
                    retry_after = str(delay)
                return json_response(status, {"attempt": attempt, "status": status}, [("Retry-After", retry_after)])
            return json_response(200, {"attempt": attempt})
        if first == "attempts" and len(parts) == 2:
            return json_response(200, {"id": parts[1], "attempts": current_attempts(parts[1])})
        if first == "redirect-cross-origin":
            target = request.query.get("to", [""])[0]
            if not urllib.parse.urlsplit(target).scheme:
                return json_response(400, {"error": "`to` must be an absolute URL"})
            return response_bytes(int_parameter(request.query, "status", 302, 300, 399), [("Location", target)])
        if first == "echo-headers":
            if request.method == "HEAD":
                return raw_response(200, ["X-Echo-Method: HEAD", "Content-Length: 0"])
            echoed = {}
            for name, value in request.headers:
                echoed[name] = echoed[name] + ", " + value if name in echoed else value
            return json_response(200, {"method": request.method, "path": request.path, "headers": echoed})
        if first == "large-head":
            length = int_parameter(request.query, "length", 500000000, 0, 10 ** 12)
            return raw_response(200, ["Content-Length: %d" % length])
        if first == "not-modified":
            length = int_parameter(request.query, "length", 500000000, 0, 10 ** 12)
            return raw_response(304, ["Content-Length: %d" % length, 'ETag: "v1"'])
        if first == "conflicting-length":
            return raw_response(200, ["Content-Length: 2", "Content-Length: 9"], b"123456789")
        if first == "length-fields":
            fields = [field for field in request.query.get("fields", [""])[0].split("|") if field]
            if any("\r" in field or "\n" in field for field in fields):
                return json_response(400, {"error": "a field must not hold CR or LF"})
            self.request.sendall(raw_response(200, fields, b"x" * int_parameter(request.query, "body", 9, 0, 1000000)))
            stopping.wait(float(int_parameter(request.query, "stall", 0, 0, int(MAX_STALL_SECONDS))))
            return None
        if first == "many-headers":
            count = int_parameter(request.query, "count", 20000, 0, 100000)
            lines = ["X-%d: v" % index for index in range(count)]
            return raw_response(200, lines + ["Content-Length: 2"], b"ok")
        if first == "http-version" and len(parts) == 2 and parts[1] in ("1.0", "1.1"):
            return response_bytes(200, body=b"ok").replace(b"HTTP/1.1", b"HTTP/" + parts[1].encode(), 1)
        if first == "decompress":
            return decompress(request)
        if first == "status" and len(parts) == 2 and parts[1].isdigit():
            return response_bytes(max(100, min(999, int(parts[1]))))
        return json_response(404, {"error": "no such route", "path": request.path})


class FaultServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--ttl", type=float, default=float(os.environ.get("FAULT_SERVER_TTL", "600")),
                        help="stop after this many seconds (default 600; 0 = never)")
    options = parser.parse_args()

    server = FaultServer(("127.0.0.1", options.port), FaultHandler)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stopping.set())
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    print("PORT=%d" % server.server_address[1], flush=True)
    stopping.wait(options.ttl if options.ttl > 0 else None)
    stopping.set()
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
