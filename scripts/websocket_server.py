#!/usr/bin/env python3
"""websocket_server.py: the WebSocket peer of the integration tests, on 127.0.0.1.

The protocol is spoken by websockets (PyPI), with permessage-deflate on offer; this file only routes the
connections and reports what the server saw:

    /echo            every message comes back as it came (text as text, binary as binary). Commands, as text:
                       "!report"             a JSON text: the handshake's Authorization and offered subprotocols,
                                             the negotiated subprotocol and extensions, the bytes received on the
                                             wire so far (frames as sent, compressed or not) and the pings seen
                       "!close CODE REASON"  the server closes with that code and reason
    /close/CODE      the server closes at once with CODE and the reason "bye CODE"
    /auth/TOKEN      the handshake is refused with 401 and WWW-Authenticate unless Authorization is "Bearer TOKEN";
                     then as /echo
    /idle?drop_after=S&pings=K
                     the server sends nothing and drops the connection (TCP abort) once no frame has arrived for S
                     seconds; after K pings from the client it sends the text "alive after K pings"
    /stream?count=N&size=B
                     N binary messages of B bytes, then a close 1000
    /drop?after=N&key=K
                     the first connection with key K gets N text messages "tick i", then its TCP connection ends
                     without a close frame, as when the server is killed; later ones get "resumed", the echo of
                     the next message (within 10 s), and a close 1000
    /ticker?key=K&quotes=N
                     a price feed (Examples/Ticker): waits for {"subscribe":["AAPL",...]}, then sends N quotes
                     {"symbol":"AAPL","price":190.25} per symbol, the prices rising by 0.25 across connections; the
                     first connection with key K then ends without a close frame (as /drop), later ones close 1000
    /ticker/report?key=K
                     a plain HTTP GET: the JSON list of the subscriptions the connections with key K sent

Prints PORT=<port> on standard output once listening; stops by itself after --ttl seconds.
"""

import argparse
import asyncio
import json
import os
import sys
import threading
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.frames import Frame, Opcode
from websockets.http11 import Response


# The keys of /drop whose first connection was cut.
DROPPED = set()

# The subscriptions each key of /ticker sent, one list of symbols per connection.
SUBSCRIPTIONS: dict[str, list[list[str]]] = {}


class ObservedConnection(ServerConnection):
    """A connection that counts the bytes and pings it receives, and when its last frame came."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.wire_bytes = 0
        self.pings = 0
        self.frame_seen = asyncio.Event()

    def data_received(self, data: bytes) -> None:
        self.wire_bytes += len(data)
        super().data_received(data)

    def process_event(self, event) -> None:
        if isinstance(event, Frame):
            self.frame_seen.set()
            if event.opcode is Opcode.PING:
                self.pings += 1
        super().process_event(event)


def route(connection: ServerConnection) -> tuple[str, dict[str, str]]:
    parts = urlsplit(connection.request.path)
    return parts.path, {key: values[-1] for key, values in parse_qs(parts.query).items()}


def process_request(connection: ServerConnection, request):
    parts = urlsplit(request.path)
    path = parts.path
    if path == "/ticker/report":
        key = parse_qs(parts.query).get("key", [""])[-1]
        body = json.dumps(SUBSCRIPTIONS.get(key, [])).encode()
        return Response(200, "OK", Headers([
            ("Content-Type", "application/json"), ("Content-Length", str(len(body))), ("Connection", "close"),
        ]), body)
    if path.startswith("/auth/"):
        token = path.removeprefix("/auth/")
        if request.headers.get("Authorization") != f"Bearer {token}":
            return Response(401, "Unauthorized", Headers([
                ("WWW-Authenticate", 'Bearer realm="websocket"'),
                ("Content-Length", "0"),
            ]), b"")
    return None


def select_subprotocol(connection: ServerConnection, offered):
    """chat.v2, else chat.v1 when offered; no subprotocol (rather than 400) when neither is."""
    for subprotocol in ("chat.v2", "chat.v1"):
        if subprotocol in offered:
            return subprotocol
    return None


def report(connection: ObservedConnection) -> str:
    headers = connection.request.headers
    return json.dumps({
        "authorization": headers.get("Authorization"),
        "offered_subprotocols": headers.get_all("Sec-WebSocket-Protocol"),
        "subprotocol": connection.subprotocol,
        "extensions": [extension.name for extension in connection.protocol.extensions],
        "wire_bytes": connection.wire_bytes,
        "pings": connection.pings,
    })


async def echo(connection: ObservedConnection) -> None:
    async for message in connection:
        if isinstance(message, str) and message.startswith("!"):
            command, _, rest = message.partition(" ")
            if command == "!report":
                await connection.send(report(connection))
                continue
            if command == "!close":
                code, _, reason = rest.partition(" ")
                await connection.close(int(code), reason)
                return
        await connection.send(message)


async def idle(connection: ObservedConnection, query: dict[str, str]) -> None:
    drop_after = float(query.get("drop_after", "1"))
    wanted = int(query.get("pings", "3"))
    announced = False
    while True:
        connection.frame_seen.clear()
        try:
            await asyncio.wait_for(connection.frame_seen.wait(), drop_after)
        except TimeoutError:
            connection.transport.abort()
            return
        if not announced and connection.pings >= wanted:
            announced = True
            await connection.send(f"alive after {connection.pings} pings")


async def ticker(connection: ObservedConnection, query: dict[str, str]) -> None:
    subscriptions = SUBSCRIPTIONS.setdefault(query.get("key", ""), [])
    try:
        symbols = [str(symbol) for symbol in json.loads(await asyncio.wait_for(connection.recv(), 10))["subscribe"]]
    except (TimeoutError, ValueError, KeyError, TypeError):
        await connection.close(1008, 'expected {"subscribe":[...]}')
        return
    subscriptions.append(symbols)
    count = int(query.get("quotes", "2"))
    for number in range((len(subscriptions) - 1) * count, len(subscriptions) * count):
        for symbol in symbols:
            await connection.send(json.dumps({"symbol": symbol, "price": 190 + 0.25 * number}))
    if len(subscriptions) == 1:
        await asyncio.sleep(0.2)  # as in /drop: a FIN after the quotes, once the client is past its handshake
        connection.transport.close()
    else:
        await connection.close(1000, "done")


async def handler(connection: ObservedConnection) -> None:
    path, query = route(connection)
    if path.startswith("/close/"):
        code = int(path.removeprefix("/close/"))
        await connection.close(code, f"bye {code}")
    elif path == "/idle":
        await idle(connection, query)
    elif path == "/stream":
        payload = bytes(int(query.get("size", "65536")))
        for _ in range(int(query.get("count", "10"))):
            await connection.send(payload)
        await connection.close(1000, "done")
    elif path == "/drop" and query.get("key") not in DROPPED:
        DROPPED.add(query.get("key"))
        for number in range(1, int(query.get("after", "3")) + 1):
            await connection.send(f"tick {number}")
        # The end of the TCP connection without a close frame, as when the server process is killed: a FIN
        # after the ticks (an abort's RST could make the client's kernel drop ticks it has not read yet), once
        # the client is past its handshake (frames that come with the 101 and the end of the connection in one
        # read can be lost in SwiftNIO's upgrade; the socket then ends as connectionLost without them).
        await asyncio.sleep(0.2)
        connection.transport.close()
    elif path == "/drop":
        await connection.send("resumed")
        try:
            await connection.send(await asyncio.wait_for(connection.recv(), 10))
        except TimeoutError:
            pass
        await connection.close(1000, "resumed and echoed")
    elif path == "/ticker":
        await ticker(connection, query)
    else:
        await echo(connection)


async def run(ttl: float) -> None:
    async with serve(
        handler, "127.0.0.1", 0,
        create_connection=ObservedConnection,
        process_request=process_request,
        select_subprotocol=select_subprotocol,
        compression="deflate",
        ping_interval=None,
        max_size=32 * 1024 * 1024,
        max_queue=4,
    ) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        print(f"PORT={port}", flush=True)
        await server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description="the WebSocket test peer")
    parser.add_argument("--ttl", type=float, default=600, help="stop after this many seconds (0: never)")
    args = parser.parse_args()
    if args.ttl > 0:
        threading.Timer(args.ttl, os._exit, [0]).start()
    asyncio.run(run(args.ttl))


if __name__ == "__main__":
    sys.exit(main())
