"""Why the tableau has its shape, computed: what each value of the Player's third card does to
the Player's hand, how many of the Banker's rows draw against it, and in which cells drawing
gives the Banker hand more wins less losses than standing.

The model: a Player who draws had a two-card total of 0 to 5; each total is counted as often
as two cards from a full shoe make it, and each card the Banker might draw at its share of a
full shoe (an endless shoe: the few cards already out are ignored). Exact fractions; no
Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from baccarat.game.tableau import PLAYER_RULE, TABLEAU, banker_draws, player_draws
from baccarat.odds.exact import CARDS_PER_DECK_BY_VALUE

VALUES = range(10)
STRONG = 6  # a Player final total of 6 to 9: one the Player would stand on


@cache
def value_shares() -> tuple[Fraction, ...]:
    """Each card value's share of a full shoe: 0 is 16 of every 52 cards, the others 4."""
    cards = sum(CARDS_PER_DECK_BY_VALUE)
    return tuple(Fraction(n, cards) for n in CARDS_PER_DECK_BY_VALUE)


@cache
def drawing_totals() -> dict[int, Fraction]:
    """The Player's two-card totals when it draws (0 to 5), as shares of the hands where it
    draws."""
    q = value_shares()
    two = [
        sum((q[a] * q[b] for a in VALUES for b in VALUES if (a + b) % 10 == t), Fraction(0))
        for t in VALUES
    ]
    draws = [t for t in range(len(PLAYER_RULE)) if player_draws(t)]
    whole = sum((two[t] for t in draws), Fraction(0))
    return {t: two[t] / whole for t in draws}


@dataclass(frozen=True)
class ThirdCard:
    value: int
    improves: Fraction  # share of drawing hands whose total goes up
    worsens: Fraction  # …goes down (the card carries the total past 9)
    strong: Fraction  # …end on 6 to 9
    rows: int  # how many of the Banker's 8 rows (0 to 7) draw against it


@cache
def third_card_effects() -> tuple[ThirdCard, ...]:
    """For each value of the Player's third card, what it does to the Player's hand."""
    totals = drawing_totals()
    rows = []
    for v in VALUES:

        def share(test: Callable[[int, int], bool], v: int = v) -> Fraction:
            return sum((w for t, w in totals.items() if test(t, (t + v) % 10)), Fraction(0))

        rows.append(ThirdCard(
            v,
            share(lambda before, after: after > before),
            share(lambda before, after: after < before),
            share(lambda before, after: after >= STRONG),
            sum(banker_draws(b, v) for b in range(len(TABLEAU))),
        ))  # fmt: skip
    return tuple(rows)


def _result(banker: int, player: int) -> int:
    return (banker > player) - (banker < player)


@cache
def banker_gain(banker_total: int, third: int) -> Fraction:
    """How much drawing beats standing for the Banker hand in this cell: its wins less its
    losses, per hand, if it draws, less the same if it stands (positive: drawing is better)."""
    totals, q = drawing_totals(), value_shares()
    player = {t: (t + third) % 10 for t in totals}
    stand = sum((w * _result(banker_total, player[t]) for t, w in totals.items()), Fraction(0))
    draw = sum(
        (
            w * q[c] * _result((banker_total + c) % 10, player[t])
            for t, w in totals.items()
            for c in VALUES
        ),
        Fraction(0),
    )
    return draw - stand


@dataclass(frozen=True)
class Agreement:
    cells: int  # the tableau's cells
    agree: int  # cells where the tableau's move is the better one for the Banker hand
    exceptions: tuple[tuple[int, int], ...]  # (Banker total, third card) where it is not


@cache
def tableau_agreement() -> Agreement:
    cells = [(b, v) for b in range(len(TABLEAU)) for v in VALUES]
    exceptions = tuple((b, v) for b, v in cells if (banker_gain(b, v) > 0) != banker_draws(b, v))
    return Agreement(len(cells), len(cells) - len(exceptions), exceptions)
