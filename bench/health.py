"""Waiting for a server the benchmarks started: shared by bench/load.py and
bench/phone_page.py."""

import time
import urllib.request


def answers_health(server, port, seconds=60):
    """Whether the server process `server` answers GET /healthz on 127.0.0.1:`port` with 200
    within `seconds`; False as soon as the process has stopped."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    return False
