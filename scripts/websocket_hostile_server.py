#!/usr/bin/env python3
"""websocket_hostile_server.py: a WebSocket server that breaks RFC 6455 on purpose, on 127.0.0.1.

The hostile cases of the WebSocket integration tests, modelled on the Autobahn test suite's sections 1-7
(framing, pings and pongs, reserved bits, opcodes, fragmentation, UTF-8, closing). Standard library only, raw
sockets: a correct server library would refuse to send these frames.

    GET /silent      reads the handshake and never answers it
    GET /case/NAME   answers the handshake (accepting permessage-deflate for the DEFLATE_CASES), sends the frames of case NAME (see CASES), then reads the client's
                     frames until the client's close frame or the end of the connection (or 10 s pass), then ends
                     the connection: nothing is answered, but a case may wait for a pong and then send "pong-ok"
                     and a close 1000. The client's close code goes to the log.

Prints PORT=<port> on standard output once listening; stops by itself after --ttl seconds.
"""

import argparse
import asyncio
import base64
import hashlib
import os
import struct
import sys
import threading
import zlib

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


def frame(opcode, payload=b"", fin=True, rsv=0, mask=None, length=None):
    """One frame as the server sends it: unmasked unless `mask` is given; `length` may lie about the payload."""
    size = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    mask_bit = 0x80 if mask else 0
    if size < 126:
        head += bytes([mask_bit | size])
    elif size < 1 << 16:
        head += bytes([mask_bit | 126]) + struct.pack("!H", size)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", size)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def close(code, reason=b""):
    return frame(CLOSE, struct.pack("!H", code) + reason)


# Each case: the frames sent at once, and whether the server then waits for a pong and sends "pong-ok" and a
# close 1000. The expected outcome is the tests' (Integrations/Tests/.../WebSocketHostileTests.swift).
CASES = {
    # Autobahn 1 and 5: framing and fragmentation that must be reassembled.
    "split-utf8": [frame(TEXT, "κό".encode()[:3], fin=False), frame(CONTINUATION, "κό".encode()[3:]), close(1000)],
    "ping-between-fragments": [
        frame(TEXT, b"Hello, ", fin=False), frame(PING, b"between"), frame(CONTINUATION, b"world")],
    "unsolicited-pong": [frame(PONG, b"unasked"), frame(TEXT, b"after pong"), close(1000)],
    "empty-close": [frame(CLOSE)],
    # Autobahn 2: pings and pongs.
    "long-ping": [frame(PING, bytes(126))],
    "fragmented-ping": [frame(PING, b"half", fin=False), frame(CONTINUATION, b"rest")],
    "never-pongs": [],
    # Autobahn 3: reserved bits.
    "rsv1-without-extension": [frame(TEXT, b"rsv1", rsv=0b100)],
    "rsv2": [frame(TEXT, b"rsv2", rsv=0b010)],
    "rsv3-on-ping": [frame(PING, b"rsv3", rsv=0b001)],
    # Autobahn 4: opcodes.
    "unknown-data-opcode": [frame(0x3, b"three")],
    "unknown-control-opcode": [frame(0xB, b"eleven")],
    # Autobahn 5: fragmentation that must fail.
    "continuation-without-start": [frame(CONTINUATION, b"orphan")],
    "message-inside-message": [frame(TEXT, b"one", fin=False), frame(TEXT, b"two")],
    # Autobahn 6: UTF-8.
    "non-utf8-text": [frame(TEXT, b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xed\xa0\x80")],
    "non-utf8-fragment": [frame(TEXT, "κόσμε".encode(), fin=False), frame(CONTINUATION, b"\xff\xfe")],
    # Autobahn 7: closing.
    "close-invalid-code": [close(999)],
    "close-reserved-code": [close(1005)],
    "close-one-byte": [frame(CLOSE, b"\x03")],
    "close-non-utf8-reason": [close(1000, b"\xff\xfe")],
    "close-4000": [close(4000, b"application")],
    # RFC 6455, 5.1 and 10.4: masked server frames, lengths past any limit.
    "masked-frame": [frame(TEXT, b"masked", mask=b"\x01\x02\x03\x04")],
    "oversized-length": [frame(BINARY, b"", length=1 << 40)],
    "oversized-fragments": [frame(BINARY, bytes(65536), fin=False)] + [
        frame(CONTINUATION, bytes(65536), fin=False) for _ in range(3)],
}
WAITS_FOR_PONG = {"ping-between-fragments"}


def deflated(payload):
    """`payload` as permessage-deflate sends it: raw deflate, sync-flushed, without the last 4 bytes."""
    compressor = zlib.compressobj(wbits=-15)
    return (compressor.compress(payload) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]


# Cases that accept permessage-deflate when the client offers it.
DEFLATE_CASES = {
    # 64 MiB of zeros in about 64 KiB: the client must stop inflating at its limit.
    "deflate-bomb": [frame(BINARY, deflated(bytes(64 << 20)), rsv=0b100)],
    "deflate-text": [frame(TEXT, deflated("κόσμε".encode() * 1000), rsv=0b100), close(1000)],
    "deflate-corrupt": [frame(BINARY, b"\xff\xff\xff\xff not deflate", rsv=0b100)],
}


async def read_frame(reader):
    """The next frame from the client: (opcode, payload), unmasked."""
    first, second = await reader.readexactly(2)
    size = second & 0x7F
    if size == 126:
        (size,) = struct.unpack("!H", await reader.readexactly(2))
    elif size == 127:
        (size,) = struct.unpack("!Q", await reader.readexactly(8))
    mask = await reader.readexactly(4) if second & 0x80 else b"\0\0\0\0"
    payload = await reader.readexactly(size)
    return first & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def handshake(reader, writer):
    request = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    path = request[0].split(" ")[1]
    if path == "/silent":
        # Never answers the handshake: the client's own timeout must end it.
        await reader.read()
        raise ConnectionError("silent")
    fields = dict((name.strip().lower(), value.strip()) for name, _, value in
                  (line.partition(":") for line in request[1:] if ":" in line))
    accept = base64.b64encode(hashlib.sha1((fields["sec-websocket-key"] + GUID).encode()).digest()).decode()
    extension = ""
    if path.removeprefix("/case/") in DEFLATE_CASES and "permessage-deflate" in fields.get("sec-websocket-extensions", ""):
        extension = "Sec-WebSocket-Extensions: permessage-deflate\r\n"
    writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Accept: {accept}\r\n{extension}\r\n").encode())
    return path


async def serve_case(reader, writer):
    try:
        path = await handshake(reader, writer)
        name = path.removeprefix("/case/")
        for data in {**CASES, **DEFLATE_CASES}.get(name, [close(1008, b"unknown case")]):
            writer.write(data)
        await writer.drain()
        while True:
            opcode, payload = await asyncio.wait_for(read_frame(reader), 10)
            if opcode == PONG and name in WAITS_FOR_PONG:
                writer.write(frame(TEXT, b"pong-ok") + close(1000))
                await writer.drain()
            elif opcode == CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                print(f"case {name}: the client closed with {code}", file=sys.stderr, flush=True)
                break
    except (asyncio.IncompleteReadError, ConnectionError, TimeoutError, KeyError, IndexError):
        pass
    finally:
        writer.close()


async def run():
    server = await asyncio.start_server(serve_case, "127.0.0.1", 0)
    print(f"PORT={server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description="the hostile WebSocket test peer")
    parser.add_argument("--ttl", type=float, default=600, help="stop after this many seconds (0: never)")
    args = parser.parse_args()
    if args.ttl > 0:
        threading.Timer(args.ttl, os._exit, [0]).start()
    asyncio.run(run())


if __name__ == "__main__":
    sys.exit(main())
