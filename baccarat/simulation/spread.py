"""The spread of a progression's bankroll over a shoe: how much a player who starts each shoe
with the same bankroll holds after so many hands, counted over all the shoes of a run.

A run is dealt in chunks over several requests, and percentiles do not add up; counts do.
So each chunk counts its shoes' bankrolls at a few fixed points of the shoe (`points`) in
bins of `bin_units(bankroll)` units, the counts of chunks are added (`merged`), and the
percentiles are read from the sums (`percentile`): the same answer however the run was
split. A bin's value is its lower edge, so a percentile is the bankroll rounded down to the
bin: to the unit for a bankroll up to 399 units.
"""

from __future__ import annotations

import math

import numpy as np

LOW, MIDDLE, HIGH = 0.05, 0.5, 0.95  # the band: the middle 90% of shoes, and its median
POINTS = 20  # about as many points along a shoe
BINS = 200  # about as many bins below the starting bankroll


def most_hands(decks: int) -> int:
    """More hands than any shoe of `decks` decks can have: every hand takes four cards or more."""
    return decks * 52 // 4


def points(decks: int) -> list[int]:
    """The hands (0: before the first) after which the bankrolls are counted."""
    last = most_hands(decks)
    step = max(1, math.ceil(last / POINTS))
    return list(range(0, last + 1, step))


def bin_units(bankroll: int) -> int:
    return max(1, bankroll // BINS)


def counted(units: np.ndarray, width: int) -> list[int]:
    """Bankrolls in whole units, as [first bin, count of it, count of the next, …]."""
    bins = np.floor_divide(units, width)
    low = int(bins.min())
    return [low, *(int(c) for c in np.bincount(bins - low))]


def merged(a: list[int], b: list[int]) -> list[int]:
    if not a:
        return list(b)
    if not b:
        return list(a)
    low = min(a[0], b[0])
    high = max(a[0] + len(a) - 1, b[0] + len(b) - 1)
    out = [0] * (high - low)
    for counts in (a, b):
        for i, count in enumerate(counts[1:]):
            out[counts[0] - low + i] += count
    return [low, *out]


def percentile(counts: list[int], q: float, width: int) -> int:
    """The q-th quantile (nearest rank: the smallest value with at least q of the shoes at
    or below it), in units."""
    total = sum(counts[1:])
    if not total:
        raise ValueError("no shoes counted")
    rank = max(1, math.ceil(q * total))
    seen = 0
    for i, count in enumerate(counts[1:]):
        seen += count
        if seen >= rank:
            return (counts[0] + i) * width
    raise AssertionError("unreachable: the counts add up to total")


def band(histograms: list[list[int]], width: int) -> list[tuple[int, int, int]]:
    """(5th percentile, median, 95th percentile) at each point, in units."""
    return [
        (
            percentile(h, LOW, width),
            percentile(h, MIDDLE, width),
            percentile(h, HIGH, width),
        )
        for h in histograms
    ]


def share_below(counts: list[int], value: int, width: int) -> float:
    """The share of shoes whose bankroll is below `value` + `width`: for a percentile `value`
    (a bin's lower edge), every shoe in its bin or under it. A median's share is half or more,
    and can be much more where many shoes end on the same bankroll."""
    total = sum(counts[1:])
    if not total:
        raise ValueError("no shoes counted")
    top = value // width - counts[0]  # the value's bin, counted from the first
    return sum(counts[1 : top + 2]) / total
