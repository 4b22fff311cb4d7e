#!/usr/bin/env python3
"""Runs a Swift Testing binary and stops it when it stops making progress, naming what it was doing.

    python3 scripts/watch_tests.py [--stall SECONDS] [--backtrace FILE] -- TEST_BINARY [ARGS...]

The binary runs with Swift Testing's event stream written to a temporary file; its own output goes
where this script's goes. While it runs, every test writes events; when none arrives for `--stall`
seconds (default 180; on a loaded machine under Thread Sanitizer, tests end every few seconds),
the run is stuck: the tests still running are printed by name (or that the run had ended and only
its process did not exit), the threads' backtraces are written to `--backtrace` (when gdb is
installed), the process is killed, and the exit status is 1.

The stuck run this was written for was a test waiting for a request that never came, every thread
of the process idle; its log showed nothing, since the output still buffered is lost with the
process. Exits with the binary's own status when it ends by itself.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def read_events(path):
    """The run's events so far: test names by id, and the ids of tests started and ended."""
    names, started, ended, finished = {}, [], set(), False
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line still being written
            payload = record.get("payload", {})
            if record.get("kind") == "test" and payload.get("kind") == "function":
                names[payload["id"]] = payload.get("displayName") or payload.get("name")
            kind = payload.get("kind")
            if kind == "testStarted":
                started.append(payload.get("testID"))
            elif kind == "testEnded":
                ended.add(payload.get("testID"))
            elif kind == "runEnded":
                finished = True
    running = [names[test] for test in started if test in names and test not in ended]
    return running, finished


def write_backtrace(pid, path):
    if not path or not shutil.which("gdb"):
        return
    with open(path, "w", encoding="utf-8") as output:
        subprocess.run(["gdb", "-batch", "-ex", "thread apply all bt", "-p", str(pid)],
                       stdout=output, stderr=subprocess.STDOUT, timeout=120, check=False)
    print(f"watch_tests: the threads' backtraces are in {path}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stall", type=float, default=180)
    parser.add_argument("--backtrace")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no test binary given")

    with tempfile.TemporaryDirectory() as directory:
        events = os.path.join(directory, "events.jsonl")
        open(events, "w", encoding="utf-8").close()
        process = subprocess.Popen(
            command + ["--event-stream-output-path", events, "--event-stream-version", "0"])
        last_size, last_change = 0, time.monotonic()
        while process.poll() is None:
            time.sleep(1)
            size = os.path.getsize(events)
            if size != last_size:
                last_size, last_change = size, time.monotonic()
                continue
            if time.monotonic() - last_change < options.stall:
                continue
            running, finished = read_events(events)
            if running:
                doing = "still running: " + "; ".join(running)
            elif finished:
                doing = "the run had ended, but its process did not exit"
            else:
                doing = "no test running (between tests, or before the first)"
            print(f"watch_tests: stuck, no test event for {options.stall:g} s; {doing}", flush=True)
            write_backtrace(process.pid, options.backtrace)
            process.send_signal(signal.SIGKILL)
            process.wait()
            return 1
        return process.returncode


if __name__ == "__main__":
    sys.exit(main())
