"""How fast the simulation lab deals, against resolving the same hands one by one.

    .venv/bin/python bench/simulation.py [SHOES]

Times baccarat.simulation.chance.Tally(...).run() over SHOES (10,000) eight-deck shoes, about
800,000 hands, with every road and three strategies (flat_banker, follow_the_streak, martingale):
the one-off build of the lookup table first, then one warm-up run, then the median of 3
runs; and the dealing alone (baccarat.simulation.shoes.deal_shoes, every chunk of the run). In the
same run, a sample of the same shuffled cards (SAMPLE_HANDS hands) is dealt one hand at a
time with baccarat.game.rules.resolve, as baccarat.game.shoe.Shoe.deal_hand deals (resolve() asked
after each card whether the hand needs another), and those hands are resolved again once
each, on their complete cards (the least resolve() can do); both are scaled to the run's
hands and the ratios printed, the second the headline. Goals: 20x faster or more; dealing
10,000 shoes in at most 1 s of server time.

Absolute figures depend on the machine, so a calibration is printed beside them: a fixed
pure-Python loop, sum(i * i for i in range(10**7)), best of 3. Prints figures; asserts
nothing about time, only that the sample's winners are the engine's.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat.game.cards import parse_card  # noqa: E402
from baccarat.game.rules import resolve  # noqa: E402
from baccarat.simulation.chance import Tally  # noqa: E402
from baccarat.simulation.shoes import (  # noqa: E402
    CHUNK,
    CUT_CARD_FROM_END,
    LETTERS,
    chunks,
    deal,
    deal_shoes,
    hand_table,
    shuffled,
)

DECKS = 8
SEED = 2026
STRATEGIES = ("flat_banker", "follow_the_streak", "martingale")
ROUNDS = 3
SAMPLE_HANDS = 20_000
CARD = {value: parse_card(rank) for value, rank in enumerate("KA23456789")}
WINNER = {"banker": "B", "player": "P", "tie": "T"}


def calibration_loop():
    """Seconds for a fixed pure-Python loop, best of 3: the machine's speed right now."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        sum(i * i for i in range(10**7))
        best = min(best, time.perf_counter() - start)
    return best


def timed(function):
    """(wall seconds, process seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return time.perf_counter() - wall, time.process_time() - cpu


def deal_by_resolve(rows):
    """Deal each shoe (a list of Card) hand by hand with resolve() until SAMPLE_HANDS
    hands: the burn, the cut card 16 from the end, the hand that starts at or past it the
    last. Returns [(shoe, "BPT…")] and each hand's cards."""
    dealt, hands = [], []
    for shoe, cards in enumerate(rows):
        first = cards[0].value
        position = 1 + (first or 10)
        cut = len(cards) - CUT_CARD_FROM_END
        letters = []
        while True:
            start = position
            hand = []
            while (resolution := resolve(hand)).needs is not None:
                hand.append(cards[position])
                position += 1
            letters.append(WINNER[resolution.winner])
            hands.append(hand)
            if start >= cut:
                break
        dealt.append((shoe, "".join(letters)))
        if len(hands) >= SAMPLE_HANDS:
            break
    return dealt, hands


def main(shoes=10_000):
    print(f"calibration: sum(i * i for i in range(10**7)) {calibration_loop() * 1000:.0f} ms")
    wall, cpu = timed(hand_table)
    print(
        f"one-off lookup table (10^6 six-value sequences played by the rules): {wall * 1000:.0f} ms"
    )

    def run():
        return Tally(DECKS, SEED, shoes, STRATEGIES).run()

    run()  # warm-up
    walls, cpus, tallies = [], [], []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        tallies.append(run())
        walls.append(time.perf_counter() - start)
        cpus.append(tallies[-1].seconds)
    tally = tallies[-1]
    full_wall, full_cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"lab run: {shoes:,} {DECKS}-deck shoes ({tally.hands:,} hands), every road and "
        f"{', '.join(STRATEGIES)}: median {full_wall * 1000:.0f} ms wall, "
        f"{full_cpu * 1000:.0f} ms server (process) time, median of {ROUNDS} after a warm-up"
    )

    sizes = chunks(shoes)
    dealing = [
        timed(lambda: [deal_shoes(DECKS, size, SEED, i) for i, size in enumerate(sizes)])
        for _ in range(ROUNDS)
    ]
    deal_wall = statistics.median(w for w, _ in dealing)
    deal_cpu = statistics.median(c for _, c in dealing)
    print(
        f"dealing alone (deal_shoes, {len(sizes)} chunks of up to {CHUNK:,} shoes): "
        f"median {deal_wall * 1000:.0f} ms wall, {deal_cpu * 1000:.0f} ms process time "
        f"(goal: <= 1,000 ms for 10,000 shoes)"
    )

    cards = shuffled(DECKS, sizes[0], SEED, 0)
    rows = [[CARD[int(v)] for v in row] for row in cards]
    start = time.perf_counter()
    sample, hands = deal_by_resolve(rows)
    card_by_card = time.perf_counter() - start
    start = time.perf_counter()
    winners = "".join(WINNER[resolve(hand).winner] for hand in hands)
    once_each = time.perf_counter() - start
    engine = deal(cards[: len(sample)], DECKS)
    for shoe, letters in sample:
        row = engine.outcomes[shoe]
        assert letters == "".join(LETTERS[o] for o in row[row >= 0]), shoe
    assert winners == "".join(letters for _, letters in sample)
    print(
        f"resolve(), a sample of {len(hands):,} hands of the same shoes ({len(sample)} "
        "shoes, winners identical to the engine's), scaled to the run's "
        f"{tally.hands:,} hands:"
    )
    for label, seconds in (
        ("dealt card by card (resolve() after each card, as Shoe.deal_hand)", card_by_card),
        ("resolved once each on its complete cards", once_each),
    ):
        per_hand = seconds / len(hands)
        scaled = per_hand * tally.hands
        print(
            f"  {label}: {per_hand * 1e6:.1f} µs a hand, {scaled:.1f} s for the run; the lab "
            f"run is {scaled / full_wall:,.0f}x faster ({scaled / deal_wall:,.0f}x dealing alone)"
        )
    print("goal: >= 20x against resolved once each")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
