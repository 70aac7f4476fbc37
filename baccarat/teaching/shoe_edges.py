"""What a shoe walked hand by hand (baccarat.simulation.shoe_walk.Walk) says about the exact
edge, in sentences with their figures: how rarely each bet turns in the bettor's favour, by
how much at best, and why the figures stop where they stop. The page only presents these.
"""

from __future__ import annotations

import numpy as np

from baccarat.odds.exact import DRAGON_7_PAYS, PAIR_PAYS, PANDA_8_PAYS, TIE_PAYS
from baccarat.odds.through_shoe import EDGE_BETS
from baccarat.simulation.shoe_walk import Walk
from baccarat.translation import _, gettext_noop

# Short names for the columns and charts, with their pays (marked; shown with bet_name).
BET_NAMES = {
    "banker": (gettext_noop("Banker"), {}),
    "player": (gettext_noop("Player"), {}),
    "tie": (gettext_noop("Tie ({pays} to 1)"), {"pays": TIE_PAYS[0]}),
    "dragon_7": (gettext_noop("Dragon 7 ({pays} to 1)"), {"pays": DRAGON_7_PAYS}),
    "panda_8": (gettext_noop("Panda 8 ({pays} to 1)"), {"pays": PANDA_8_PAYS}),
    "player_pair": (gettext_noop("Player pair ({pays} to 1)"), {"pays": PAIR_PAYS}),
}
STOPPED = {
    "missing": gettext_noop(
        "Hand {number} was recorded without its cards, so the cards left after it are not "
        "known, and its result says something about the cards it took: the exact figures "
        "stop before hand {next}."
    ),
    "unknown": gettext_noop(
        "Hand {number} was recorded with cards not all known (a “?”, or fewer than the hand "
        "took), so the cards left after it are not known: the exact figures stop before "
        "hand {next}."
    ),
    "too_many": gettext_noop(
        "The recorded cards hold more of a rank than a shoe of {decks} decks does, so no "
        "figure here can be exact."
    ),
}


def bet_name(bet: str) -> str:
    label, values = BET_NAMES[bet]
    return _(label).format(**values)


def signed_percent(x: float, places: int = 2) -> str:
    """An edge as the page prints it, with a real minus sign: "−1.06%", "+0.12%"."""
    return f"{x * 100:+.{places}f}%".replace("-", "−")


def positive_hands(walk: Walk, bet: str) -> np.ndarray:
    """The numbers (from 1) of the hands before which `bet` favoured the bettor."""
    numbers: np.ndarray = np.flatnonzero(walk.edges[bet] > 0) + 1
    return numbers


def sentences(walk: Walk) -> list[str]:
    """The page's reading of the shoe on screen, every figure computed from it."""
    hands, exact = len(walk.hands), walk.exact_hands
    if not hands:
        return [_("This shoe has no hands yet: record some with their cards in the tracker.")]
    said = []
    if walk.stopped == "too_many":
        return [_(STOPPED["too_many"]).format(decks=walk.decks)]
    if walk.stopped:
        said.append(_(STOPPED[walk.stopped]).format(number=exact, next=exact + 1))
    if not exact:
        return said
    if exact == hands:
        text = _(
            "Before each of this shoe's {hands} hands, every figure below is exact: the cards "
            "left are counted, every way the next hand can come out of them is weighed, and "
            "nothing is estimated."
        )
    else:
        text = _(
            "Before each of the first {exact} of this shoe's {hands} hands, every figure below "
            "is exact: the cards left are counted, every way the next hand can come out of "
            "them is weighed, and nothing is estimated."
        )
    said.append(text.format(exact=exact, hands=hands))
    main = [(bet, positive_hands(walk, bet)) for bet in ("banker", "player")]
    if not any(len(numbers) for _bet, numbers in main):
        best = max(float(walk.edges[bet].max()) for bet in ("banker", "player"))
        said.append(
            _(
                "Neither the Banker nor the Player bet favoured the bettor before any hand of "
                "this shoe; at its best, one of them stood at {best} per unit staked."
            ).format(best=signed_percent(best, 3))
        )
    for bet, numbers in main:
        if not len(numbers):
            continue
        top = int(np.argmax(walk.edges[bet]))
        said.append(
            _(
                "The {bet} bet favoured the bettor before {count} of {exact} hands ({share}); "
                "at best, before hand {hand}, by {edge} per unit staked: {units} units on "
                "average on a bet of 100."
            ).format(
                bet=bet_name(bet),
                count=len(numbers),
                exact=exact,
                share=f"{len(numbers) / exact:.0%}",
                hand=top + 1,
                edge=signed_percent(float(walk.edges[bet][top]), 3),
                units=f"{float(walk.edges[bet][top]) * 100:.2f}",
            )
        )
    for bet in EDGE_BETS[2:]:
        numbers = positive_hands(walk, bet)
        if len(numbers):
            said.append(
                _(
                    "{bet}: in the bettor's favour before {count} of {exact} hands, the "
                    "first before hand {first}; at best {edge}."
                ).format(
                    bet=bet_name(bet),
                    count=len(numbers),
                    exact=exact,
                    first=int(numbers[0]),
                    edge=signed_percent(float(walk.edges[bet].max())),
                )
            )
        else:
            said.append(
                _("{bet}: never in the bettor's favour in this shoe; at best {edge}.").format(
                    bet=bet_name(bet), edge=signed_percent(float(walk.edges[bet].max()))
                )
            )
    if walk.burned:
        said.append(
            _(
                "The figures count as gone the first card turned over and the {burned} burned "
                "under it, as they are; at a table no one sees the burned cards, but unseen "
                "cards change no one's odds on average."
            ).format(burned=len(walk.burned) - 1)
        )
    return said
