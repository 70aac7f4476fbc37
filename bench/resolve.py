"""How fast the hand resolver is, in the engine and through the API.

    .venv/bin/python bench/resolve.py

Prints figures; asserts nothing (machines are shared and noisy). Each figure is the
median of several rounds.
"""

import itertools
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")

from baccarat.game.cards import parse_card  # noqa: E402
from baccarat.game.rules import resolve  # noqa: E402

ROUNDS = 5


def every_opening():
    ranks = [parse_card(r) for r in "K A 2 3 4 5 6 7 8 9".split()]
    return [list(cards) for cards in itertools.product(ranks, repeat=4)]


def engine_figures():
    openings = every_opening()
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for cards in openings:
            resolve(cards)
        times.append(time.perf_counter() - start)
    best = statistics.median(times)
    print(
        f"engine: all 10,000 openings resolved in {best * 1000:.0f} ms "
        f"({best / len(openings) * 1e6:.1f} µs per hand, median of {ROUNDS} rounds)"
    )


def api_figures():
    import django

    django.setup()
    from django.test import Client

    client = Client()
    body = json.dumps({"cards": ["4h", "3s", "Ad", "Kc", "8c"]})
    samples = []
    for _ in range(400):
        start = time.perf_counter()
        response = client.post("/api/v1/hands/resolve", body, content_type="application/json")
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200
    samples.sort()
    median = statistics.median(samples) * 1000
    p95 = samples[int(len(samples) * 0.95)] * 1000
    print(
        f"api: POST /api/v1/hands/resolve server time median {median:.2f} ms, "
        f"p95 {p95:.2f} ms (400 requests, Django test client, no network)"
    )

    for url in ("/rules/", "/rules/banker/3/", "/hands/?cards=4h+3s+Ad+Kc+8c"):
        page = []
        for _ in range(50):
            start = time.perf_counter()
            client.get(url)
            page.append(time.perf_counter() - start)
        print(f"page: GET {url} median {statistics.median(page) * 1000:.2f} ms (50 requests)")


if __name__ == "__main__":
    engine_figures()
    api_figures()
