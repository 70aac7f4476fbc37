"""How fast the list of your shoes and the statistics across them are with 200 shoes.

    .venv/bin/python bench/archive.py [N]

Makes 200 shoes of about 70 hands (some with cards) for one visitor in a fresh SQLite
database (a temporary file, migrated here), then times N (default 30) GETs of /tracker/ (all
200 shoes on one page, each with its Big Road thumbnail), of /tracker/stats/ (their totals
and every shoe against chance's, the reference shoes already dealt: the first request of a
process for a deck count deals them, timed once on its own) and of both with a filter.
The time is the server's: the Django test client calls the WSGI handler directly. Prints
each median with its ratio to a fixed pure-Python loop timed in the same run; asserts
nothing (machines are shared and noisy).
"""

import random
import shutil
import statistics
import sys
import time

from in_process import calibration_loop, start_site  # bench/in_process.py, beside this script

DATABASE = start_site("bench-archive-")

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tracker.models import Hand, Shoe  # noqa: E402

SHOES, HANDS = 200, 70


def fill(client):
    """SHOES shoes of the client's visitor, HANDS +- 10 hands each, written in bulk."""
    client.post("/tracker/", {"name": "Night 0", "decks": 8})
    visitor = Shoe.objects.get().visitor
    shoes = [
        Shoe(visitor=visitor, name=f"Night {n}", decks=(8, 8, 6)[n % 3]) for n in range(1, SHOES)
    ]
    Shoe.objects.bulk_create(shoes)
    rng = random.Random(200)
    hands = []
    for shoe in Shoe.objects.all():
        with_cards = shoe.pk % 4 == 0
        for seq in range(1, HANDS + rng.randint(-10, 10) + 1):
            hands.append(
                Hand(
                    shoe=shoe,
                    seq=seq,
                    outcome=rng.choices("BPT", weights=[46, 45, 9])[0],
                    player_pair=rng.random() < 0.07,
                    banker_pair=rng.random() < 0.07,
                    natural=rng.random() < 0.3,
                    cards=["9h", "Ks", "8c", "Qd"] if with_cards else None,
                )
            )
    Hand.objects.bulk_create(hands, batch_size=2000)
    return len(hands)


def timed(client, url, n):
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    # Shoes shown: the list's names, or the statistics' rows.
    shown = response.content.count(b'class="archive-name"') or response.content.count(
        b'<th scope="row"><a href="/tracker/'
    )
    return statistics.median(samples), len(response.content), shown


def main(n=30):
    call_command("migrate", verbosity=0)
    client = Client()
    hands = fill(client)
    start = time.perf_counter()
    client.get("/tracker/stats/")  # deals chance's reference shoes for 6 and 8 decks
    first = time.perf_counter() - start
    client.get("/tracker/")
    loop = calibration_loop()
    print(
        f"SQLite file database, {SHOES} shoes, {hands:,} hands, one visitor, "
        f"DEBUG={settings.DEBUG}, Django test client (no network)"
    )
    print(f"calibration: Python sum(range(10**7)) {loop * 1000:.0f} ms (best of 3)")
    print(f"first /tracker/stats/ of the process (chance's shoes dealt): {first * 1000:.0f} ms")
    for label, url in [
        ("the list, all 200 shoes on one page", "/tracker/"),
        ("the list, filtered (8 decks, 60+ hands)", "/tracker/?decks=8&least=60"),
        ("the statistics across 200 shoes", "/tracker/stats/"),
        ("the statistics, filtered (with cards)", "/tracker/stats/?cards=with"),
    ]:
        median, size, shown = timed(client, url, n)
        print(
            f"{label}: median {median * 1000:.1f} ms, {median / loop:.2f}x the calibration "
            f"({shown} shoes, {size / 1024:.0f} KiB, {n} requests)"
        )


if __name__ == "__main__":
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
    finally:
        from django.db import connections

        connections.close_all()
        shutil.rmtree(DATABASE.parent, ignore_errors=True)
