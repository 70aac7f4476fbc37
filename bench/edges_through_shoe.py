"""How fast the exact edge before every hand of a shoe is (baccarat.odds.through_shoe), for
one shoe as /odds/counting/ shows it and for a long pass over many of the lab's shoes.

    .venv/bin/python bench/edges_through_shoe.py [SHOES]

One 8-deck shoe: its hands' rank counts and every bet's exact edge before each (target:
under 50 ms). Then SHOES shoes (1,000 by default), the lab's shoes of seed 1 in the lab's
chunks, priced in steps of STEP_SHOES shoes (target: under a minute in all, and each step
within a lab step's STEP_SECONDS). Every figure is also printed as a ratio to the
calibration loop measured in the same run (bench/in_process.py), which compares across
machines. Prints figures; asserts nothing.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from in_process import calibration_loop  # noqa: E402

from baccarat.odds.through_shoe import edges_of, ranks_before_hands  # noqa: E402
from baccarat.simulation.shoe_walk import STEP_SHOES, dealt_walk, step_edges  # noqa: E402
from baccarat.simulation.shoes import chunks  # noqa: E402

DECKS = 8
# A lab step's budget (lab.runs.STEP_SECONDS), written here so that the script needs no Django.
LAB_STEP_SECONDS = 0.5


def main(shoes=1_000):
    calibration = calibration_loop()
    print(f"calibration: sum(range(10**7)) best of 3 took {calibration * 1000:.0f} ms")
    dealt_walk(DECKS, 0)  # the one-time tallies of the 10^6 value sequences, not timed

    passes, walks = [], []
    for seed in range(1, 31):
        walk = dealt_walk(DECKS, seed)
        start = time.perf_counter()
        edges_of(ranks_before_hands(DECKS, walk.hands, walk.burned))
        passes.append(time.perf_counter() - start)
        start = time.perf_counter()
        dealt_walk(DECKS, seed)
        walks.append(time.perf_counter() - start)
    one, dealt = statistics.median(passes), statistics.median(walks)
    print(
        f"one {DECKS}-deck shoe, exact edges before all its hands: median {one * 1000:.1f} ms "
        f"(target < 50 ms; {one / calibration:.3f} x calibration); shuffled, dealt and priced: "
        f"{dealt * 1000:.1f} ms ({dealt / calibration:.3f} x)"
    )

    steps, hands = [], 0
    started = time.perf_counter()
    for chunk, size in enumerate(chunks(shoes)):
        for first in range(0, size, STEP_SHOES):
            start = time.perf_counter()
            starts, _edges = step_edges(DECKS, 1, chunk, first, min(first + STEP_SHOES, size))
            steps.append(time.perf_counter() - start)
            hands += int((starts >= 0).sum())
    total = time.perf_counter() - started
    print(
        f"{shoes:,} shoes ({hands:,} hands) in {len(steps)} steps of at most {STEP_SHOES} shoes: "
        f"{total:.2f} s in all (target < 60 s; {total / calibration:.1f} x calibration), "
        f"{total / hands * 1e6:.1f} µs a hand"
    )
    print(
        f"a step: median {statistics.median(steps) * 1000:.0f} ms, longest "
        f"{max(steps) * 1000:.0f} ms ({max(steps) / LAB_STEP_SECONDS:.2f} x a lab step's "
        f"{LAB_STEP_SECONDS} s; {max(steps) / calibration:.2f} x calibration)"
    )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
