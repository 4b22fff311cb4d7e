#!/usr/bin/env python3
"""Runs a Swift Testing binary and stops it when it stops making progress, naming what it was doing.

    python3 scripts/watch_tests.py [--stall SECONDS] [--backtrace FILE] -- TEST_BINARY [ARGS...]

The binary runs with Swift Testing's event stream written to a temporary file; its own output goes
where this script's goes. While it runs, every test writes events; when none arrives for `--stall`
seconds (default 180: the slowest test takes about 20 s under Thread Sanitizer on a loaded machine),
the run is stuck, and it is stopped:

- If the run had already ended (Swift Testing reported its summary) and only the process did not
  exit, the result is the run's own: 0 when it passed. On Linux the test process has been seen to
  hang at exit, after its summary, with its main thread parked by libdispatch and no other thread
  left to call `exit`; the tests themselves had finished.
- Otherwise the tests still running are printed by name, the threads' backtraces are written to
  `--backtrace` (when gdb is installed), and the exit status is 1.

Exits with the binary's own status when it ends by itself.
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
    names, started, ended, outcome = {}, [], set(), None
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
                messages = payload.get("messages") or [{}]
                outcome = messages[0].get("symbol")
    running = [names[test] for test in started if test in names and test not in ended]
    return running, outcome


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
            running, outcome = read_events(events)
            stalled = f"no test event for {options.stall:g} s"
            if outcome is not None and not running:
                print(f"watch_tests: the run ended ({outcome}) but its process did not exit ({stalled}); "
                      "stopping it", flush=True)
                process.kill()
                process.wait()
                return 0 if outcome == "pass" else 1
            print(f"watch_tests: stuck, {stalled}; still running: "
                  + ("; ".join(running) if running else "no test (between tests or before the first)"),
                  flush=True)
            write_backtrace(process.pid, options.backtrace)
            process.send_signal(signal.SIGKILL)
            process.wait()
            return 1
        return process.returncode


if __name__ == "__main__":
    sys.exit(main())
