"""How much a bet swings: each bet's whole distribution of results for one hand, exactly, and
its standard deviation, beside the house edge (its mean) that baccarat.odds.exact gives.

A bet's result per unit staked is one of a few amounts (a Banker bet wins 0.95, pushes or
loses 1); `outcomes` gives each amount with its exact chance, read off the same counts as the
house edges, so the two can never disagree. The standard deviation is the square root of the
variance, the one figure here that is not a fraction.

Over many hands the expected results add up, and so do the variances (treating the hands as
independent, which is close for a shoe of many decks): after n hands the expected loss is n
times one hand's, the standard deviation only sqrt(n) times one hand's. That is why the swing
dominates a short session and the edge a long one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from baccarat.odds.exact import (
    COMMISSION,
    DRAGON_7_PAYS,
    PAIR_PAYS,
    PANDA_8_PAYS,
    TIE_PAYS,
    Odds,
)

ONE = Fraction(1)


def outcomes(shoe: Odds, bet: str) -> tuple[tuple[Fraction, Fraction], ...]:
    """(result per unit staked, its exact chance) for every result `bet` can have on one
    hand, the chances summing to 1. The bets are the house edges' (Odds.edges); KeyError for
    another, and for the pair bet when the shoe's ranks are not known."""
    banker, player, tie = shoe.exact("banker"), shoe.exact("player"), shoe.exact("tie")
    dragon, panda, six = shoe.exact("dragon_7"), shoe.exact("panda_8"), shoe.exact("banker_win_6")

    def long_shot(pays: int, chance: Fraction) -> tuple[tuple[Fraction, Fraction], ...]:
        return ((Fraction(pays), chance), (-ONE, 1 - chance))

    if bet == "player_pair":
        if shoe.player_pair is None:
            raise KeyError(bet)
        return long_shot(PAIR_PAYS, shoe.player_pair)
    table = {
        "banker": ((1 - COMMISSION, banker), (Fraction(0), tie), (-ONE, player)),
        "player": ((ONE, player), (Fraction(0), tie), (-ONE, banker)),
        "tie_8_to_1": long_shot(TIE_PAYS[0], tie),
        "tie_9_to_1": long_shot(TIE_PAYS[1], tie),
        "ez_banker": ((ONE, banker - dragon), (Fraction(0), tie + dragon), (-ONE, player)),
        "super6_banker": (
            (ONE, banker - six), (Fraction(1, 2), six), (Fraction(0), tie), (-ONE, player),
        ),
        "dragon_7": long_shot(DRAGON_7_PAYS, dragon),
        "panda_8": long_shot(PANDA_8_PAYS, panda),
    }  # fmt: skip
    return table[bet]


def mean(shoe: Odds, bet: str) -> Fraction:
    """The expected result of one unit staked: minus the house edge per bet placed."""
    return sum((amount * chance for amount, chance in outcomes(shoe, bet)), Fraction(0))


def variance(shoe: Odds, bet: str) -> Fraction:
    """The variance of one hand's result per unit staked, exactly."""
    average = mean(shoe, bet)
    return sum(
        ((amount - average) ** 2 * chance for amount, chance in outcomes(shoe, bet)), Fraction(0)
    )


def deviation(shoe: Odds, bet: str) -> float:
    """The standard deviation of one hand's result per unit staked."""
    return math.sqrt(variance(shoe, bet))


@dataclass(frozen=True)
class Session:
    """A run of `hands` bets of `stake` on one bet: what it costs on average, and how far a
    result typically strays from that. Money, positive = won; `expected` is negative."""

    bet: str
    stake: int
    hands: int
    expected: float  # the expected result (a loss: negative)
    deviation: float  # its standard deviation

    def band(self, deviations: int) -> tuple[float, float]:
        """The results within `deviations` standard deviations of the expected one."""
        spread = deviations * self.deviation
        return self.expected - spread, self.expected + spread

    @property
    def loss_to_swing(self) -> float:
        """The expected loss as a share of one standard deviation: small over a session,
        growing with the square root of the hands played."""
        return -self.expected / self.deviation if self.deviation else math.inf


def session(shoe: Odds, bet: str, stake: int, hands: int) -> Session:
    """`hands` bets of `stake` on `bet`, the hands taken as independent."""
    if hands < 1 or stake < 1:
        raise ValueError("a session has at least one hand of a stake of at least 1")
    return Session(
        bet,
        stake,
        hands,
        float(mean(shoe, bet) * stake * hands),
        deviation(shoe, bet) * stake * math.sqrt(hands),
    )
