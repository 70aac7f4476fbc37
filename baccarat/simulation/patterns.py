"""What chance says about the players' road patterns (baccarat.roads.patterns), over shoes dealt
by the lab's dealer (baccarat.simulation.shoes, same seeds and chunks).

For each pattern: how many shoes show it at least once, how long a sighting lasts, and the
hand dealt after a hand at which it is going, beside every hand dealt after another one and
the exact odds of a full shoe.

The figures are dealt once, by scripts/kept_figures.py patterns (SEED, SHOES), and kept
in FIGURES_FILE: a page reads them, it never deals. The file keeps each chunk's counts apart
(every figure is a sum of counts), so a test deals the first chunk again and checks that it
matches, and that the whole is the sum of its chunks.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from baccarat.odds.exact import odds_of_decks
from baccarat.roads.patterns import (
    BY_SLUG,
    PATTERNS,
    Column,
    Pattern,
    ongoing_by_hand,
    sightings_of,
)
from baccarat.simulation.shoes import chunks, deal_shoes

SEED = 2026
SHOES = 100_000
DECKS = 8
Z95 = 1.959963984540054
FIGURES_FILE = Path(__file__).with_name("pattern_figures.json")
NEXT = ("B", "P", "T")  # the next hand's outcome, counted in this order


def columns_of(outcomes: str) -> list[Column]:
    """The Big Road's columns of a shoe's outcomes "BPT…", as big_road_columns reads them
    from the scoreboard (a test holds them equal), without drawing the other roads."""
    columns: list[tuple[str, list[int]]] = []
    for hand, outcome in enumerate(outcomes):
        if outcome == "T":
            continue
        if columns and columns[-1][0] == outcome:
            columns[-1][1].append(hand)
        else:
            columns.append((outcome, [hand]))
    return [(side, tuple(beads)) for side, beads in columns]


def count_shoes(shoes: list[str]) -> dict[str, Any]:
    """The counts every figure is made of, for these shoes' outcomes."""
    patterns: dict[str, dict[str, Any]] = {
        p.slug: {"shoes": 0, "hands": {}, "columns": {}, "next": [0, 0, 0]} for p in PATTERNS
    }
    overall = [0, 0, 0]
    hands = 0
    for outcomes in shoes:
        hands += len(outcomes)
        seen = set()
        for sighting in sightings_of(columns_of(outcomes)):
            counts = patterns[sighting.pattern.slug]
            seen.add(sighting.pattern.slug)
            for key, size in (("hands", sighting.hands), ("columns", sighting.columns)):
                counts[key][str(size)] = counts[key].get(str(size), 0) + 1
        for slug in seen:
            patterns[slug]["shoes"] += 1
        going = ongoing_by_hand(outcomes)
        for hand in range(1, len(outcomes)):
            index = NEXT.index(outcomes[hand])
            overall[index] += 1
            for slug in going[hand - 1]:
                patterns[slug]["next"][index] += 1
    return {"shoes": len(shoes), "hands": hands, "overall": overall, "patterns": patterns}


def count_chunk(chunk: int, size: int, seed: int = SEED, decks: int = DECKS) -> dict[str, Any]:
    dealt = deal_shoes(decks, size, seed, chunk)
    return count_shoes([dealt.letters(shoe) for shoe in range(dealt.shoes)])


def _add(total: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """Counts added: numbers, lists of numbers, and tables of them."""
    out = dict(total)
    for key, value in part.items():
        if isinstance(value, dict):
            out[key] = _add(total.get(key, {}), value)
        elif isinstance(value, list):
            out[key] = [a + b for a, b in zip(total.get(key, [0] * len(value)), value, strict=True)]
        else:
            out[key] = total.get(key, 0) + value
    return out


def summed(parts: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {}
    for part in parts:
        total = _add(total, part)
    return total


def deal_figures(shoes: int = SHOES, seed: int = SEED, decks: int = DECKS) -> dict[str, Any]:
    """Deal the run and count it, chunk by chunk: what FIGURES_FILE keeps."""
    started = time.process_time()
    parts = [count_chunk(n, size, seed, decks) for n, size in enumerate(chunks(shoes))]
    return {
        "seed": seed,
        "decks": decks,
        "shoes": shoes,
        "seconds": round(time.process_time() - started, 1),
        "chunks": parts,
    }


# --- the figures, read from the counts -----------------------------------------------------


@dataclass(frozen=True)
class Share:
    """A share of `total` with its 95% interval (Wilson's, good near 0 and 1 too)."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    def interval(self, z: float = Z95) -> tuple[float, float]:
        if not self.total:
            return (0.0, 1.0)
        n, p = self.total, self.value
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def holds(self, chance: float, z: float = Z95) -> bool:
        low, high = self.interval(z)
        return low <= chance <= high


def _quantile(histogram: dict[str, int], q: float) -> int:
    """The smallest size at or below which at least `q` of the sightings fall."""
    total = sum(histogram.values())
    running = 0
    for size in sorted(histogram, key=int):
        running += histogram[size]
        if running >= q * total:
            return int(size)
    return 0


@dataclass(frozen=True)
class PatternFigures:
    pattern: Pattern
    shoes: Share  # shoes that show it at least once
    sightings: int
    median_hands: int
    p90_hands: int
    median_columns: int
    p90_columns: int
    next: dict[str, Share]  # the hand after a hand where it is going: B, P, T

    @property
    def hands_after(self) -> int:
        return self.next["B"].total


@dataclass(frozen=True)
class Figures:
    seed: int
    decks: int
    shoes: int
    hands: int
    seconds: float
    overall: dict[str, Share]  # every hand dealt after another hand of its shoe
    exact: dict[str, Fraction]  # off the top of a full shoe
    patterns: dict[str, PatternFigures]


def read(data: dict[str, Any]) -> Figures:
    """The figures from the counts `deal_figures` gives."""
    total = summed(data["chunks"])
    overall_total = sum(total["overall"])
    odds = odds_of_decks(data["decks"])
    figures = {}
    for slug, counts in total["patterns"].items():
        after = sum(counts["next"])
        figures[slug] = PatternFigures(
            BY_SLUG[slug],
            Share(counts["shoes"], total["shoes"]),
            sum(counts["hands"].values()),
            _quantile(counts["hands"], 0.5),
            _quantile(counts["hands"], 0.9),
            _quantile(counts["columns"], 0.5),
            _quantile(counts["columns"], 0.9),
            {o: Share(n, after) for o, n in zip(NEXT, counts["next"], strict=True)},
        )
    return Figures(
        seed=data["seed"],
        decks=data["decks"],
        shoes=total["shoes"],
        hands=total["hands"],
        seconds=data["seconds"],
        overall={o: Share(n, overall_total) for o, n in zip(NEXT, total["overall"], strict=True)},
        exact={
            "B": odds.exact("banker"),
            "P": odds.exact("player"),
            "T": odds.exact("tie"),
        },
        patterns=figures,
    )


@cache
def figures() -> Figures:
    """The kept figures (FIGURES_FILE), read once a process."""
    return read(json.loads(FIGURES_FILE.read_text()))
