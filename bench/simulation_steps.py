"""How long one POST /api/v1/simulations holds a worker, against the lab's page.

    .venv/bin/python bench/simulation_steps.py [ROUNDS]

The worst case of each, eight decks and every strategy, through the whole Django stack
(the test client, in process, on a fresh SQLite file; the budget of shoes lifted):

- baseline: the lab page's longest request, a run of lab.runs.STEP_SHOES shoes dealt at once
  (GET /lab/, a new seed each time so that nothing is cached), as many pages as the API's
  run takes requests: their longest and their median;
- the API's run of 100,000 shoes, request after request with its continuation: the longest
  request and the median one;
- the same 100,000 shoes dealt in one go (Tally.run()), what one request did before runs were
  dealt in steps.

Prints the medians of ROUNDS (3) and the ratios to the baseline measured in the same run
(the API's longest request to the longest page, the rest to the median page): the API's
requests should be about 1x, the old single request about 10x. Asserts nothing about time.
"""

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
DATABASE = Path(tempfile.mkdtemp(prefix="bench-steps-")) / "db.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")  # the test client speaks HTTP
os.environ.setdefault("DJANGO_CACHE_DIR", str(DATABASE.parent / "cache"))
for rate in ("ANON", "USER", "ADDRESS"):
    os.environ[f"DJANGO_{rate}_SIMULATED_SHOES_RATE"] = "1000000000/min"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from baccarat.simulation.chance import Tally  # noqa: E402
from baccarat.simulation.shoes import MAX_SHOES, hand_table  # noqa: E402
from baccarat.simulation.systems import SYSTEMS  # noqa: E402
from lab import runs  # noqa: E402

DECKS = 8
API = "/api/v1/simulations"

if not settings.DEBUG:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def seconds(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def lab_page(client, seed):
    query = {"shoes": runs.STEP_SHOES, "decks": DECKS, "seed": seed}
    took, response = seconds(client.get, "/lab/", query)
    assert response.status_code == 200 and 'name="state"' not in response.content.decode()
    return took


def api_run(client, seed):
    """Each request's seconds, from the first to the last continuation."""
    body = {"shoes": MAX_SHOES, "decks": DECKS, "seed": seed}
    took = []
    while body:
        elapsed, response = seconds(
            client.post, API, json.dumps(body), content_type="application/json"
        )
        assert response.status_code == 200, response.content
        took.append(elapsed)
        answer = response.json()
        body = {"continuation": answer["continuation"]} if answer["continuation"] else None
    assert answer["shoes"] == MAX_SHOES and len(took) == MAX_SHOES // runs.STEP_SHOES
    return took


def main(rounds=3):
    call_command("migrate", verbosity=0)
    hand_table()  # the one-off lookup table, built before anything is timed
    client = Client()
    lab_page(client, 1)  # warm-up
    requests = MAX_SHOES // runs.STEP_SHOES
    page_longest, page_medians, longest, medians, whole = [], [], [], [], []
    for round_ in range(rounds):
        pages = [lab_page(client, 1_000 * (round_ + 1) + page) for page in range(requests)]
        page_longest.append(max(pages))
        page_medians.append(statistics.median(pages))
        took = api_run(client, 200 + round_)
        longest.append(max(took))
        medians.append(statistics.median(took))
        elapsed, _tally = seconds(Tally(DECKS, 300 + round_, MAX_SHOES, SYSTEMS).run)
        whole.append(elapsed)
    page = statistics.median(page_medians)
    page_max = statistics.median(page_longest)
    print(f"{DECKS} decks, every strategy; medians of {rounds} rounds")
    print(
        f"baseline, {requests} lab pages of {runs.STEP_SHOES:,} shoes at once: longest "
        f"{page_max * 1000:.0f} ms, median {page * 1000:.0f} ms"
    )
    for label, values, baseline in (
        (f"API, longest of the {requests} requests of a run", longest, page_max),
        ("API, median request", medians, page),
        (f"{MAX_SHOES:,} shoes in one request, as before steps", whole, page),
    ):
        value = statistics.median(values)
        print(f"{label}: {value * 1000:.0f} ms, {value / baseline:.2f}x the baseline")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
