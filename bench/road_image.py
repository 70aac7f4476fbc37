"""What a shoe's printed sheet and its roads as an image cost, against its own page.

    .venv/bin/python bench/road_image.py [N]

Builds shoes of 80, 300 and 2,000 hands (the most a shoe holds) in a fresh SQLite database
(a temporary file, migrated here), then times N (default 10) GETs of each shoe's page (the
baseline), its print sheet, its SVG and its PNG, through the Django test client (no
network). Prints each as a ratio to the shoe page of the same shoe, the image's size, and a
calibration line; asserts nothing (machines are shared and noisy).
"""

import random
import shutil
import statistics
import sys
import time

from in_process import calibration_loop, start_site  # bench/in_process.py, beside this script

DATABASE = start_site("bench-road-image-")

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tracker.models import Hand, Shoe  # noqa: E402

SHOES = (80, 300, 2000)


def median_ms(client, url, n):
    client.get(url)  # templates compiled, caches warm
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(samples) * 1000, len(response.content)


def main(n=10):
    call_command("migrate", verbosity=0)
    client = Client()
    rng = random.Random(2000)
    print(f"calibration: Python sum(range(10**7)) {calibration_loop() * 1000:.0f} ms")
    print(f"SQLite file database, DEBUG={settings.DEBUG}, Django test client, median of {n}")
    for hands in SHOES:
        client.post("/tracker/", {"name": f"Bench {hands}", "decks": 8})
        shoe = Shoe.objects.get(name=f"Bench {hands}")
        outcomes = rng.choices("BPT", weights=[46, 45, 9], k=hands)
        Hand.objects.bulk_create(
            Hand(shoe=shoe, seq=seq, outcome=outcome, natural=rng.random() < 0.3)
            for seq, outcome in enumerate(outcomes, start=1)
        )
        base, _size = median_ms(client, f"/tracker/{shoe.pk}/", n)
        print(f"{hands} hands: shoe page {base:.0f} ms = 1.00")
        for name, path in (("print sheet", "print/"), ("SVG", "roads.svg"), ("PNG", "roads.png")):
            took, size = median_ms(client, f"/tracker/{shoe.pk}/{path}", n)
            print(f"  {name}: {took / base:.2f} × the shoe page, {size / 1024:.0f} KiB")


if __name__ == "__main__":
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
    finally:
        from django.db import connections

        connections.close_all()
        shutil.rmtree(DATABASE.parent, ignore_errors=True)
