"""The kept run of the counts (a large run dealt once, by scripts/kept_figures.py counts) and
what the published sources say, side by side with what the explorer finds.

The kept run: SHOES eight-deck shoes of seed SEED, the lab's shoes, measured for every
built-in count at each cut-card depth of CUT_DEPTHS; the page shows it beside the small
runs it deals live. tests/unit/test_count_figures.py deals the kept run's first shoes again
and checks they agree.

The sources' figures are copied here only where a stored copy of the source could be read
(reference/sources.toml says where); a claim made only in words is kept in words.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from baccarat.simulation.count_runs import CUT_DEPTHS, SUMS, CountRun, Row, row_of
from baccarat.simulation.counting import BETS, built_in
from baccarat.translation import gettext_noop

FIGURES_FILE = Path(__file__).with_name("counting_figures.json")
SEED = 20_261_202
SHOES = 4_000
DECKS = 8
FIRST_SHOES = 20  # dealt again by the test: the kept run's first shoes, at the first depth


def first_shoes() -> list[list[float]]:
    """The sums of the kept run's first FIRST_SHOES shoes, cut card at CUT_DEPTHS[0]."""
    run = CountRun(DECKS, CUT_DEPTHS[0], SEED, FIRST_SHOES, built_in()).run()
    sums: list[list[float]] = run.sums.round(9).tolist()
    return sums


def deal_figures(shoes: int = SHOES, depths: tuple[int, ...] = CUT_DEPTHS) -> dict[str, Any]:
    """The kept run's sums, per cut depth, with what it was dealt from."""
    started = time.process_time()
    counts = built_in()
    by_depth = {}
    for cut in depths:
        run = CountRun(DECKS, cut, SEED, shoes, counts).run()
        by_depth[str(cut)] = run.sums.round(9).tolist()
    return {
        "first": first_shoes(),
        "seed": SEED,
        "shoes": shoes,
        "decks": DECKS,
        "counts": [[c.key, c.bet, list(c.tags), c.trigger] for c in counts],
        "sums": SUMS,
        "by_depth": by_depth,
        "seconds": round(time.process_time() - started, 1),
    }


@cache
def kept() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIGURES_FILE.read_text())
    return data


@cache
def kept_rows(cut: int) -> tuple[Row, ...]:
    """The kept run's table at one cut depth, in the order CountRun.rows gives. Worked out
    once a process: the kept sums never change, and the exact intervals of its thousands of
    wins take seconds to solve (the explorer's page shows every depth on every request)."""
    data = kept()
    sums = data["by_depth"][str(cut)]
    keys = [(key, bet) for key, bet, _tags, _trigger in data["counts"]]
    rows = [row_of(key, bet, sums[i], False) for i, (key, bet) in enumerate(keys)]
    rows += [row_of(f"perfect_{bet}", bet, sums[len(keys) + j], True) for j, bet in enumerate(BETS)]
    return tuple(rows)


@dataclass(frozen=True)
class Claim:
    """What a source says, and which of the explorer's figures answers it."""

    section: str  # reference/sources.toml section id
    says: str  # the source's claim, in our words, marked for translation
    figures: tuple[tuple[str, str], ...]  # (label marked for translation, the source's figure)
    answer: str  # the key of the explorer's answer (odds.counts formats it)


CLAIMS = (
    Claim(
        "thorp-walden-1966-p317",
        gettext_noop(
            "From eight full decks a natural 9 on one side comes 0.09490 of the time and a "
            "natural 8 0.09453; at 9 to 1 the house keeps 5.10% and 5.47%."
        ),
        (
            (gettext_noop("Natural 9, chance"), "0.09490"),
            (gettext_noop("Natural 8, chance"), "0.09453"),
            (gettext_noop("Natural 9 at 9 to 1, house edge"), "5.10%"),
            (gettext_noop("Natural 8 at 9 to 1, house edge"), "5.47%"),
        ),
        "naturals_full_shoe",
    ),
    Claim(
        "thorp-walden-1973-abstract",
        gettext_noop(
            "No significant favourable card-counting strategy exists for the Tie, unlike the "
            "side bets on a natural 8 or 9."
        ),
        (),
        "tie_against_naturals",
    ),
    Claim(
        "jacobson-perfect-play-main-bets",
        gettext_noop(
            "With the exact edge worked out before every hand (perfect play), there was "
            "effectively never an edge on Banker or Player with more than 50 cards unseen: "
            "counting the main bets is a bust."
        ),
        (),
        "main_bets_perfect",
    ),
    Claim(
        "jacobson-dragon-panda-counts",
        gettext_noop(
            "The Dragon 7 at 40 to 1 has a house edge of 7.6110% off the top of eight decks, "
            "the Panda 8 at 25 to 1 10.1876%; in theory a counter playing both at their best "
            "wins 0.597 + 0.237 = 0.834 units a shoe, the cut card 14 cards from the end."
        ),
        (
            (gettext_noop("Dragon 7, house edge"), "7.6110%"),
            (gettext_noop("Panda 8, house edge"), "10.1876%"),
            (gettext_noop("Dragon 7, most won a shoe"), "0.597"),
            (gettext_noop("Panda 8, most won a shoe"), "0.237"),
        ),
        "dragon_panda",
    ),
)
