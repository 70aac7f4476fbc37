"""How fast the tracker records a hand and redraws the roads.

    .venv/bin/python bench/tracker.py [N]

Builds an 80-hand shoe in a fresh SQLite database (a temporary file, migrated here), then
times N (default 200) htmx POSTs that record a hand and return the roads partial (all five
roads, the stats and the ask, out of band), each followed by an undo so the shoe stays at 80
hands; undo is timed too, as is one plain page view. The time is the server's: the Django
test client calls the WSGI handler directly, with no network in between. Prints figures;
asserts nothing (machines are shared and noisy).
"""

import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
DATABASE = Path(tempfile.mkdtemp(prefix="bench-tracker-")) / "db.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
# As in production unless asked otherwise (DJANGO_DEBUG=1 also logs every SQL query).
os.environ.setdefault("DJANGO_DEBUG", "0")
# Production refuses to start without a key (settings.py); any will do for a benchmark.
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
# The test client speaks plain HTTP: no redirect to https:// here.
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
# WhiteNoise looks for STATIC_ROOT, which only `collectstatic` creates.
warnings.filterwarnings("ignore", "No directory at")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

django.setup()
if not settings.DEBUG:
    # Production serves hashed files after `collectstatic`; the page here needs no manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tracker.models import Shoe  # noqa: E402

HANDS = 80
# What htmx sends: its header, and the form urlencoded.
HTMX = {"HTTP_HX_REQUEST": "true", "content_type": "application/x-www-form-urlencoded"}


def figures(name, samples):
    samples = sorted(samples)
    median = statistics.median(samples) * 1000
    p95 = samples[int(len(samples) * 0.95) - 1] * 1000
    print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms ({len(samples)} requests)")
    return median


def main(n=200):
    call_command("migrate", verbosity=0)
    client = Client()
    client.post("/tracker/", {"name": "Bench shoe", "decks": 8})
    shoe = Shoe.objects.get(name="Bench shoe")
    rng = random.Random(80)
    for outcome in rng.choices("BPT", weights=[46, 45, 9], k=HANDS):
        shoe.record(outcome, player_pair=rng.random() < 0.07, banker_pair=rng.random() < 0.07)
    record_url, undo_url = f"/tracker/{shoe.pk}/hands/", f"/tracker/{shoe.pk}/undo/"

    # Warm up: templates compiled and cached, connections open.
    for _ in range(10):
        client.post(record_url, "outcome=B", **HTMX)
        client.post(undo_url, **HTMX)

    recording, undoing = [], []
    for i in range(n):
        outcome = "BPT"[i % 3]
        start = time.perf_counter()
        response = client.post(record_url, f"outcome={outcome}", **HTMX)
        recording.append(time.perf_counter() - start)
        assert response.status_code == 200 and b'id="road-cockroach_pig"' in response.content
        start = time.perf_counter()
        response = client.post(undo_url, **HTMX)
        undoing.append(time.perf_counter() - start)
        assert response.status_code == 200
    assert shoe.hands.count() == HANDS

    pages = []
    for _ in range(50):
        start = time.perf_counter()
        client.get(f"/tracker/{shoe.pk}/")
        pages.append(time.perf_counter() - start)

    size = len(client.post(record_url, "outcome=B", **HTMX).content)
    print(
        f"SQLite file database, {HANDS}-hand shoe, DEBUG={settings.DEBUG}, "
        "Django test client (no network)"
    )
    figures("record a hand + roads partial (htmx POST)", recording)
    figures("undo + roads partial (htmx POST)", undoing)
    figures("whole shoe page (GET)", pages)
    print(f"partial size: {size / 1024:.1f} KiB")


if __name__ == "__main__":
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    finally:
        from django.db import connections

        connections.close_all()
        shutil.rmtree(DATABASE.parent, ignore_errors=True)
