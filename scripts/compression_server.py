#!/usr/bin/env python3
"""compression_server.py: a loopback HTTP/1.1 peer that answers in `br` and `zstd`, for the decoding tests.

The Python standard library serves; PyPI `brotli` and `zstandard` compress (scripts/compression_server.sh
installs them into a virtualenv). Binds 127.0.0.1 on a free port, prints `PORT=<n>` on stdout once it accepts
connections, serves every connection on its own thread, and stops by itself after --ttl seconds or on SIGTERM.

Routes (`coding` is `br` or `zstd`):
  /compressed?coding=C&size=N[&framing=length]
        N bytes of JSON-like text (default 1048576, at most 67108864; the same for the same N), compressed
        as it is written and sent in 8 KiB chunks (`Transfer-Encoding: chunked`), or whole with a
        `Content-Length` with framing=length. `X-Original-SHA256` and `X-Original-Length` describe the text.
        To HEAD, the head only.
  /bomb?coding=C
        1 GiB of zeros, compressed once per server (a few KB), chunked; `X-Original-Length: 1073741824`.
  /truncated?coding=C&size=N
        the first half of the compressed body of /compressed, with a `Content-Length` that says so.
  /accept-encoding
        200 text/plain: the request's `Accept-Encoding`, or nothing.
"""

import argparse
import hashlib
import http.server
import os
import random
import signal
import socketserver
import sys
import threading
import urllib.parse

import brotli
import zstandard

CHUNK = 8 * 1024
LARGEST = 64 * 1024 * 1024
BOMB_LENGTH = 1 << 30
stopping = threading.Event()
_cache = {}
_cache_lock = threading.Lock()


def text(size):
    """`size` bytes of JSON-like records, the same for the same size."""
    with _cache_lock:
        if ("text", size) in _cache:
            return _cache[("text", size)]
    rng = random.Random(size)
    words = ["movie", "title", "overview", "genre", "rating", "release", "popular", "cast", "crew", "poster"]
    parts, length, number = [], 0, 0
    while length < size:
        record = '{"id":%d,"%s":"%s %s","score":%.3f,"token":"%016x"}\n' % (
            number, rng.choice(words), rng.choice(words), rng.choice(words), rng.random() * 10,
            rng.getrandbits(64))
        parts.append(record)
        length += len(record)
        number += 1
    body = "".join(parts).encode()[:size]
    with _cache_lock:
        _cache[("text", size)] = body
    return body


class Encoder:
    """A streaming compressor of one coding."""

    def __init__(self, coding, fast=False):
        if coding == "br":
            self._compressor = brotli.Compressor(quality=5 if fast else 6)
            self._process, self._finish = self._compressor.process, self._compressor.finish
        elif coding == "zstd":
            self._compressor = zstandard.ZstdCompressor(level=1 if fast else 3).compressobj()
            self._process, self._finish = self._compressor.compress, self._compressor.flush
        else:
            raise ValueError(coding)

    def chunks(self, data_chunks):
        for chunk in data_chunks:
            out = self._process(chunk)
            if out:
                yield out
        out = self._finish()
        if out:
            yield out


def compressed(coding, size):
    return b"".join(Encoder(coding).chunks(pieces(text(size), 64 * 1024)))


def bomb(coding):
    """1 GiB of zeros in `coding`, made once."""
    key = ("bomb", coding)
    with _cache_lock:
        if key not in _cache:
            zeros = bytes(1 << 20)
            encoder = Encoder(coding, fast=True)
            _cache[key] = b"".join(encoder.chunks(zeros for _ in range(BOMB_LENGTH >> 20)))
        return _cache[key]


def pieces(data, size):
    for start in range(0, len(data), size):
        yield data[start:start + size]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_HEAD(self):
        self.answer(head_only=True)

    def do_GET(self):
        self.answer(head_only=False)

    def answer(self, head_only):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        coding = query.get("coding", "br")
        try:
            size = max(0, min(int(query.get("size", "1048576")), LARGEST))
        except ValueError:
            return self.plain(400, b"size must be a number")
        if url.path == "/accept-encoding":
            return self.plain(200, self.headers.get("Accept-Encoding", "").encode(), head_only)
        if coding not in ("br", "zstd"):
            return self.plain(400, b"coding must be br or zstd")
        if url.path == "/compressed":
            original = text(size)
            fields = {"X-Original-SHA256": hashlib.sha256(original).hexdigest(),
                      "X-Original-Length": str(len(original))}
            if query.get("framing") == "length":
                return self.whole(compressed(coding, size), coding, fields, head_only)
            return self.streamed(Encoder(coding).chunks(pieces(original, 64 * 1024)), coding, fields, head_only)
        if url.path == "/bomb":
            return self.streamed(pieces(bomb(coding), CHUNK), coding, {"X-Original-Length": str(BOMB_LENGTH)},
                                 head_only)
        if url.path == "/truncated":
            body = compressed(coding, size)
            return self.whole(body[:len(body) // 2], coding, {}, head_only)
        return self.plain(404, b"no such route")

    def plain(self, status, body, head_only=False):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def whole(self, body, coding, fields, head_only):
        self.send_response(200)
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(len(body)))
        for name, value in fields.items():
            self.send_header(name, value)
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def streamed(self, chunks, coding, fields, head_only):
        self.send_response(200)
        self.send_header("Content-Encoding", coding)
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in fields.items():
            self.send_header(name, value)
        self.end_headers()
        if head_only:
            return
        for chunk in chunks:
            for piece in pieces(chunk, CHUNK):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--ttl", type=float, default=600, help="stop after this many seconds (0 = never)")
    options = parser.parse_args()

    server = Server(("127.0.0.1", options.port), Handler)
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
