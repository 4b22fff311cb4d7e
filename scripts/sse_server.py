#!/usr/bin/env python3
"""sse_server.py: the Server-Sent Events peer of the integration tests, on 127.0.0.1.

The events are sent by sse-starlette (PyPI) on uvicorn; this file only declares the routes:

    GET /events?count=N[&retry=MS][&drop_after=K]
        events 1..N (id: i, event: tick, two data lines "event i" and "line two"), starting after the
        request's Last-Event-ID; the first event of each connection carries retry: MS. With drop_after, the
        connection is cut after K events without ending the response, as a dropped connection is. Once
        Last-Event-ID is N or more: 204, the end of the stream.
    GET /no-content   204
    GET /not-sse      200 with a JSON body
    GET /api/greetings?name=NAME&count=N[&interval_ms=MS][&gate=KEY]
        event-streams.yaml's operation (swift-openapi-generator's example): N events whose data is the JSON
        {"message": "Hello, NAME! (i)"}, the first at once and one every MS ms (200) after it. With gate, the
        second waits until POST /api/gates/KEY (or 60 s); GET /api/gates/KEY then says whether the stream ended.

Prints PORT=<port> on standard output once listening; stops by itself after --ttl seconds.
"""

import argparse
import asyncio
import json
import os
import socket
import sys
import threading

import uvicorn
from sse_starlette.sse import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


class DroppedConnection(Exception):
    """Raised inside a stream to cut its connection mid-response."""


def last_event_id(request: Request) -> int:
    try:
        return int(request.headers.get("last-event-id", "0"))
    except ValueError:
        return 0


async def events(request: Request) -> Response:
    count = int(request.query_params.get("count", "5"))
    retry = request.query_params.get("retry")
    drop_after = request.query_params.get("drop_after")
    start = last_event_id(request) + 1
    if start > count:
        return Response(status_code=204)

    async def stream():
        for sent, number in enumerate(range(start, count + 1)):
            if drop_after is not None and sent == int(drop_after):
                raise DroppedConnection()
            yield ServerSentEvent(
                data=f"event {number}\nline two",
                event="tick",
                id=str(number),
                retry=int(retry) if retry is not None and sent == 0 else None,
            )

    return EventSourceResponse(stream(), ping=3600)


GATES: dict = {}


def gate_named(key: str) -> dict:
    return GATES.setdefault(key, {"open": asyncio.Event(), "ended": False})


async def greetings(request: Request) -> Response:
    name = request.query_params.get("name", "Stranger")
    count = int(request.query_params.get("count", "10"))
    interval = float(request.query_params.get("interval_ms", "200")) / 1000
    key = request.query_params.get("gate")
    gate = gate_named(key) if key else None

    async def stream():
        for number in range(1, count + 1):
            if number == 2 and gate is not None:
                try:
                    await asyncio.wait_for(gate["open"].wait(), 60)
                except asyncio.TimeoutError:
                    pass
            elif number > 1:
                await asyncio.sleep(interval)
            yield ServerSentEvent(data=json.dumps({"message": f"Hello, {name}! ({number})"}))
        if gate is not None:
            gate["ended"] = True

    return EventSourceResponse(stream(), ping=3600)


async def gates(request: Request) -> Response:
    gate = gate_named(request.path_params["key"])
    if request.method == "POST":
        gate["open"].set()
    return JSONResponse({"opened": gate["open"].is_set(), "ended": gate["ended"]})


async def no_content(request: Request) -> Response:
    return Response(status_code=204)


async def not_sse(request: Request) -> Response:
    return JSONResponse({"events": False})


app = Starlette(routes=[
    Route("/events", events),
    Route("/no-content", no_content),
    Route("/not-sse", not_sse),
    Route("/api/greetings", greetings),
    Route("/api/gates/{key}", gates, methods=["GET", "POST"]),
])


def main() -> None:
    parser = argparse.ArgumentParser(description="the Server-Sent Events test peer")
    parser.add_argument("--ttl", type=float, default=600, help="stop after this many seconds (0: never)")
    args = parser.parse_args()
    if args.ttl > 0:
        threading.Timer(args.ttl, os._exit, [0]).start()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    print(f"PORT={sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    sys.exit(main())
