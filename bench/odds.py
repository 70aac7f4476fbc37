"""How fast the exact odds engine is, against the straightforward enumeration.

    .venv/bin/python bench/odds.py [SHOES]

Times baccarat.odds.exact over random depleted 8-deck shoes (each shoe: a full shoe with
a random 0-300 cards dealt from it), checks every count against the brute-force oracle
(baccarat/odds/reference.py) on a few of them, and prints medians and the ratio. Prints
figures; asserts nothing but agreement.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat.odds.exact import count_deals, odds, shoe_of_decks, tallies  # noqa: E402
from baccarat.odds.reference import reference_counts  # noqa: E402


def depleted_shoe(rng):
    cards = [v for v, n in enumerate(shoe_of_decks(8)) for _ in range(n)]
    rng.shuffle(cards)
    left = cards[rng.randint(0, 300) :]
    return tuple(left.count(v) for v in range(10))


def main(shoes=200, oracle_shoes=5):
    rng = random.Random(2026)
    start = time.perf_counter()
    tallies()
    print(
        f"one-time tally of the 10^6 value sequences: {(time.perf_counter() - start) * 1000:.0f} ms"
    )

    compositions = [depleted_shoe(rng) for _ in range(shoes)]
    engine = []
    for values in compositions:
        start = time.perf_counter()
        count_deals(values)
        engine.append(time.perf_counter() - start)
    with_edges = []
    for values in compositions[:50]:
        start = time.perf_counter()
        edges = odds(values).edges  # every figure and edge, as the page shows them
        del edges
        with_edges.append(time.perf_counter() - start)

    oracle = []
    for values in compositions[:oracle_shoes]:
        start = time.perf_counter()
        expected = reference_counts(values)
        oracle.append(time.perf_counter() - start)
        assert count_deals(values) == expected, values

    fast, slow = statistics.median(engine), statistics.median(oracle)
    print(
        f"engine: median {fast * 1000:.3f} ms per composition, p95 "
        f"{sorted(engine)[int(len(engine) * 0.95)] * 1000:.3f} ms ({shoes} random depleted shoes)"
    )
    print(
        "engine + every figure and house edge: "
        f"median {statistics.median(with_edges) * 1000:.3f} ms"
    )
    print(
        f"oracle (straightforward enumeration): median {slow * 1000:.0f} ms per composition "
        f"({oracle_shoes} shoes, all counts identical)"
    )
    print(f"ratio: {slow / fast:,.0f}x faster")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
