#!/usr/bin/env python3
"""A TMDB-compatible fake server for MovieDB's end-to-end tests (Python 3 standard library only).

Serves a small catalog (scripts/catalog: 35 movies, four lists, recommendations, videos, genres) under
/3/... the way TMDB shapes its answers, on 127.0.0.1 only. `record_har.sh` records its answers as the
sample's offline traffic (Sources/TMDB/SampleData/tmdb.har).

Shapes: lists are 20 items a page, `total_pages` is at least 1, and a page past the end is empty; list items
are the details' list keys with `genre_ids`, and recommendations add `media_type`; search matches the query
case-insensitively in `title` or `original_title`, filters `year` and `primary_release_year` by the release
date, leaves out adult titles unless asked, and sorts by popularity. The catalog is in English whatever
`language` says; image paths and video keys are placeholders.

Prints the port it bound (port 0 picks a free one) on the first line of standard output, then serves until
it is stopped.

Credentials: `api_key=<key>` in the query or `Authorization: Bearer <token>`; neither, or a wrong one,
gives 401 with TMDB code 7. Unknown movie ids give 404 / code 34, a page outside 1...500 or not an
integer 400 / code 22, an empty search query 422 / code 5 (TMDB's documented "invalid parameters"),
an unknown path 404 / code 34. Movie id 429 always answers 429 / code 25 with `Retry-After: 1`, so
clients can test rate limiting.

A 200 carries `Cache-Control: public, max-age=3600` and a strong `ETag` of its body; a request whose
`If-None-Match` names that tag gets 304 with no body, so clients can test caching and revalidation.

Each response goes out in a single write on a TCP_NODELAY socket, with Content-Length.
"""
import argparse
import hashlib
import json
import math
import os
import re
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PAGE_SIZE = 20
THROTTLED_ID = 429
SAMPLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalog")


def load(name):
    with open(os.path.join(SAMPLE_DIR, name + ".json"), encoding="utf-8") as handle:
        return json.load(handle)


MOVIES = {movie["id"]: movie for movie in load("movies")}
LISTS = load("lists")
RECOMMENDATIONS = load("recommendations")
VIDEOS = load("videos")
GENRES = load("genres")
LIST_KEYS = ["adult", "backdrop_path", "id", "original_language", "original_title", "overview", "popularity",
             "poster_path", "release_date", "title", "video", "vote_average", "vote_count"]


class TMDBError(Exception):
    def __init__(self, http_status, code, message, headers=None):
        super().__init__(message)
        self.http_status, self.code, self.message, self.headers = http_status, code, message, headers or {}


NOT_FOUND = (404, 34, "The resource you requested could not be found.")
INVALID_PAGE = (400, 22, "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.")
INVALID_KEY = (401, 7, "Invalid API key: You must be granted a valid key.")


def list_item(movie, media_type=False):
    item = {key: movie.get(key) for key in LIST_KEYS}
    item["genre_ids"] = [genre["id"] for genre in movie.get("genres", [])]
    if media_type:
        item["media_type"] = "movie"
    return item


def page_of(ids, number, media_type=False):
    start = (number - 1) * PAGE_SIZE
    results = [list_item(MOVIES[i], media_type) for i in ids[start:start + PAGE_SIZE] if i in MOVIES]
    return {"page": number, "results": results,
            "total_pages": max(1, math.ceil(len(ids) / PAGE_SIZE)), "total_results": len(ids)}


def page_number(query):
    text = query.get("page", ["1"])[0]
    if not re.fullmatch(r"[0-9]+", text) or not 1 <= int(text) <= 500:
        raise TMDBError(*INVALID_PAGE)
    return int(text)


def movie(movie_id):
    if movie_id == THROTTLED_ID:
        raise TMDBError(429, 25, "Your request count (41) is over the allowed limit of (40).", {"Retry-After": "1"})
    if movie_id not in MOVIES:
        raise TMDBError(*NOT_FOUND)
    return MOVIES[movie_id]


def search(query):
    needle = query.get("query", [""])[0].strip().lower()
    if not needle:
        raise TMDBError(422, 5, "Invalid parameters: Your request parameters are incorrect.")
    include_adult = query.get("include_adult", ["false"])[0] == "true"
    years = [query[name][0] for name in ("year", "primary_release_year") if name in query]
    found = [m for m in MOVIES.values()
             if any(needle in (m.get(key) or "").lower() for key in ("title", "original_title"))
             and (include_adult or not m.get("adult"))
             and all((m.get("release_date") or "").startswith(year) for year in years)]
    found.sort(key=lambda m: -(m.get("popularity") or 0))
    return page_of([m["id"] for m in found], page_number(query))


def route(path, query):
    lists = {"now_playing": "now_playing", "popular": "popular", "top_rated": "top_rated", "upcoming": "upcoming"}
    match = re.fullmatch(r"/3/movie/([a-z_]+)", path)
    if match and match.group(1) in lists:
        entry = LISTS[lists[match.group(1)]]
        body = page_of(entry["ids"], page_number(query))
        if "dates" in entry:
            body["dates"] = entry["dates"]
        return body
    match = re.fullmatch(r"/3/movie/(\d+)(/videos|/recommendations)?", path)
    if match:
        movie_id, sub = int(match.group(1)), match.group(2)
        details = movie(movie_id)
        if sub == "/videos":
            return {"id": movie_id, "results": VIDEOS.get(str(movie_id), [])}
        if sub == "/recommendations":
            return page_of(RECOMMENDATIONS.get(str(movie_id), []), page_number(query), media_type=True)
        body = dict(details)
        appended = query.get("append_to_response", [""])[0].split(",")
        if "videos" in appended:
            body["videos"] = {"results": VIDEOS.get(str(movie_id), [])}
        if "recommendations" in appended:
            body["recommendations"] = page_of(RECOMMENDATIONS.get(str(movie_id), []), 1, media_type=True)
        return body
    if path == "/3/search/movie":
        return search(query)
    if path == "/3/genre/movie/list":
        return GENRES
    raise TMDBError(*NOT_FOUND)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-tmdb/1"

    def setup(self):
        super().setup()
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        try:
            self.check_credentials(query)
            self.respond(200, route(url.path, query), conditional=True)
        except TMDBError as error:
            body = {"status_code": error.code, "status_message": error.message, "success": False}
            self.respond(error.http_status, body, error.headers)

    def check_credentials(self, query):
        key = query.get("api_key", [None])[0]
        authorization = self.headers.get("Authorization", "")
        if key is not None:
            valid = key == self.server.api_key
        elif authorization.startswith("Bearer "):
            valid = authorization[len("Bearer "):] == self.server.bearer_token
        else:
            valid = False
        if not valid:
            raise TMDBError(*INVALID_KEY)

    def respond(self, status, body, headers=None, conditional=False):
        payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        headers = dict(headers or {})
        if conditional:
            headers["Cache-Control"] = "public, max-age=3600"
            headers["ETag"] = '"' + hashlib.sha256(payload).hexdigest()[:32] + '"'
            tags = [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]
            if headers["ETag"] in tags or "*" in tags:
                status, payload = 304, b""
        lines = [f"HTTP/1.1 {status} {self.responses.get(status, ('',))[0]}",
                 f"Server: {self.server_version}", f"Date: {self.date_time_string()}"]
        if status != 304:
            lines += ["Content-Type: application/json;charset=utf-8", f"Content-Length: {len(payload)}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if self.close_connection:
            lines.append("Connection: close")
        self.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + payload)
        self.log_request(status, len(payload))

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("fake_tmdb: " + (format % args) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (0 picks a free one)")
    parser.add_argument("--api-key", default=os.environ.get("FAKE_TMDB_API_KEY", "fake-tmdb-api-key"))
    parser.add_argument("--bearer-token", default=os.environ.get("FAKE_TMDB_BEARER_TOKEN", "fake-tmdb-bearer-token"))
    parser.add_argument("--verbose", action="store_true", help="log every request to standard error")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.api_key, server.bearer_token, server.verbose = args.api_key, args.bearer_token, args.verbose
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
