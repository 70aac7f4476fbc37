"""Many tracked shoes placed among the shoes chance deals: each shoe's longest run and
Banker share, and where it falls (its percentile) among chance's shoes of as many hands and
decks; and chance's distribution for a set of shoes of those lengths, to draw beside the
tracked shoes' own.

Chance's shoes are against_chance's reference run: REFERENCE_SHOES shoes of each deck count,
dealt with REFERENCE_SEED (the same every time), computed once per deck count and kept by
the process. Each tracked shoe of n hands is set against the first n hands of every
reference shoe that ran that long, as against_chance.compare does for one shoe; the figures
for one (decks, n) are kept too, so 200 shoes cost a few hundred small look-ups.

A percentile is a mid-rank: the share of chance's shoes below the tracked shoe's figure plus
half the share equal to it. A shoe is "ordinary" on a count when its percentile lies in the
middle 95% (2.5 to 97.5): one shoe in 20 that chance deals lies outside on each count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from baccarat.roads.many_shoes import ShoeSummary
from baccarat.roads.scoreboard import BANKER
from baccarat.simulation.against_chance import REFERENCE_SEED, REFERENCE_SHOES, reference
from baccarat.translation import _

MIDDLE = (2.5, 97.5)  # the middle 95%, in percent
SHARE_STEP = 5  # the Banker-share chart's bars are this many percentage points wide
MOST_RUN = 20  # runs this long and longer share the chart's last bar


@dataclass(frozen=True)
class Chance:
    """Chance's shoes of `decks` decks cut to `hands` hands."""

    compared: int  # reference shoes that ran at least `hands` hands
    longest: np.ndarray  # the count of those shoes by their longest run (index: run)
    shares: np.ndarray  # the count of those shoes by Banker share, in SHARE_STEP bins
    banker: np.ndarray  # each of those shoes' Banker wins, sorted


@lru_cache(maxsize=1024)  # one (decks, hands): 8 x 104 at most, each a few hundred bytes
def chance(decks: int, hands: int) -> Chance | None:
    ref = reference(decks)
    reaching = ref.hands >= hands
    compared = int(reaching.sum())
    if hands == 0 or compared == 0:
        return None
    longest = np.bincount(ref.longest[reaching, hands - 1], minlength=MOST_RUN + 1)
    banker = np.sort(ref.wins[BANKER][reaching, hands - 1].astype(np.int16))
    bins = np.minimum(banker * 100 // (hands * SHARE_STEP), 100 // SHARE_STEP - 1)
    shares = np.bincount(bins, minlength=100 // SHARE_STEP)
    return Chance(compared, longest, shares, banker)


def _mid_rank(below: int, equal: int, of: int) -> float:
    return 100 * (below + equal / 2) / of


@dataclass(frozen=True)
class Placed:
    """One tracked shoe among chance's shoes of as many hands and decks."""

    hands: int
    decks: int
    compared: int
    longest: int
    longest_percentile: float
    at_least: float  # the share of chance's shoes with a run at least as long
    banker_share: float
    banker_percentile: float

    @property
    def ordinary_run(self) -> bool:
        return MIDDLE[0] <= self.longest_percentile <= MIDDLE[1]

    @property
    def ordinary_share(self) -> bool:
        return MIDDLE[0] <= self.banker_percentile <= MIDDLE[1]


def place(summary: ShoeSummary, decks: int) -> Placed | None:
    """`summary` (a tracked shoe) among chance's shoes; None for a shoe with no hands, or
    longer than any of chance's."""
    stats = summary.stats
    seen = chance(decks, stats.hands)
    if seen is None:
        return None
    run = summary.longest
    runs = seen.longest
    below = int(runs[:run].sum())
    equal = int(runs[run]) if run < len(runs) else 0
    low = int(np.searchsorted(seen.banker, stats.banker, side="left"))
    high = int(np.searchsorted(seen.banker, stats.banker, side="right"))
    return Placed(
        hands=stats.hands,
        decks=decks,
        compared=seen.compared,
        longest=run,
        longest_percentile=_mid_rank(below, equal, seen.compared),
        at_least=(seen.compared - below) / seen.compared,
        banker_share=stats.share(stats.banker),
        banker_percentile=_mid_rank(low, high - low, seen.compared),
    )


@dataclass(frozen=True)
class Distribution:
    """Chance's shares for a set of shoes like the tracked ones (each bar: the share of
    chance's shoes there, averaged over the tracked shoes' lengths and decks) beside the
    tracked shoes' own counts. Bars are keyed by a run length, or a share bin's low end in
    percent."""

    keys: tuple[int, ...]
    chance: tuple[float, ...]  # shares summing to 1
    yours: tuple[int, ...]  # tracked shoes in each bar


@dataclass(frozen=True)
class Placement:
    shoes: tuple[Placed | None, ...]  # in the order given
    longest: Distribution
    banker_share: Distribution

    @property
    def placed(self) -> list[Placed]:
        return [shoe for shoe in self.shoes if shoe is not None]

    @property
    def ordinary(self) -> int:
        """Shoes ordinary on both counts."""
        return sum(shoe.ordinary_run and shoe.ordinary_share for shoe in self.placed)

    def sentences(self) -> list[str]:
        placed = self.placed
        if not placed:
            return [_("No shoe with hands to set against chance yet.")]
        outside_run = sum(not shoe.ordinary_run for shoe in placed)
        outside_share = sum(not shoe.ordinary_share for shoe in placed)
        expected = len(placed) / 20
        return [
            _(
                # xgettext:no-python-format (a percent sign, not a %-placeholder)
                "{ordinary:,} of your {shoes:,} shoes lie inside the middle 95% of chance's "
                "shoes on both counts. Chance itself puts 1 shoe in 20 outside on each count: "
                "of {shoes:,} shoes, about {expected:,.1f} on each."
            ).format(ordinary=self.ordinary, shoes=len(placed), expected=expected),
            _(
                "Outside on the longest run: {run:,}; outside on the Banker share: {share:,}."
            ).format(run=outside_run, share=outside_share),
            _(
                "The roads record what was dealt and predict nothing: a shoe outside these "
                "ranges was dealt from its cards like any other, and says nothing about the "
                "next hand or the next shoe."
            ),
        ]


def _distribution(
    keys: Sequence[int], chance_counts: list[np.ndarray], yours: np.ndarray
) -> Distribution:
    mixed = np.mean(chance_counts, axis=0) if chance_counts else np.zeros(len(keys))
    total = mixed.sum() or 1.0
    return Distribution(
        tuple(keys), tuple(float(x) for x in mixed / total), tuple(int(x) for x in yours)
    )


def place_all(shoes: Sequence[tuple[ShoeSummary, int]]) -> Placement:
    """Each (summary, decks) placed among chance's shoes, and both distributions."""
    placed = tuple(place(summary, decks) for summary, decks in shoes)
    runs, shares = [], []
    your_runs = np.zeros(MOST_RUN + 1, dtype=int)
    your_shares = np.zeros(100 // SHARE_STEP, dtype=int)
    for (summary, decks), shoe in zip(shoes, placed, strict=True):
        if shoe is None:
            continue
        seen = chance(decks, summary.stats.hands)
        assert seen is not None  # place() found it
        counts = np.zeros(MOST_RUN + 1)
        tail = seen.longest[: MOST_RUN + 1].astype(float)
        counts[: len(tail)] = tail
        counts[MOST_RUN] += seen.longest[MOST_RUN + 1 :].sum()
        runs.append(counts / seen.compared)
        shares.append(seen.shares / seen.compared)
        your_runs[min(shoe.longest, MOST_RUN)] += 1
        bin_ = min(summary.stats.banker * 100 // (shoe.hands * SHARE_STEP), 100 // SHARE_STEP - 1)
        your_shares[bin_] += 1
    return Placement(
        placed,
        _distribution(range(MOST_RUN + 1), runs, your_runs),
        _distribution(range(0, 100, SHARE_STEP), shares, your_shares),
    )


def about_chance() -> str:
    """Where chance's shoes come from, in a sentence."""
    return _(
        "Chance's shoes: {shoes:,} shoes of each deck count dealt by the real rules with a "
        "fixed seed ({seed}), the same every time; each of your shoes is set against the first "
        "hands of every one that ran as long as yours."
    ).format(shoes=REFERENCE_SHOES, seed=REFERENCE_SEED)
