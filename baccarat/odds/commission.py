"""The commission on a winning Banker bet, under the house policies a dealer meets: the rate,
and whether the house rounds it to its smallest chip. Amounts are whole cents (int), so
every figure is exact.

A policy is data: its rate, the chip it rounds to (None: to the cent) and which way it
rounds. The one public chart of rounded commissions we found (reference id
`dealer-vegas-aces-chart`: $1-$5 owes 25¢, $6-$10 owes 50¢) rounds UP to the chip,
never to the nearest, so every rounding policy here rounds up; the direction stays part of
the policy so a house that rounds otherwise is one more entry, not new code.

The no-commission tables (EZ Baccarat, Super 6) take none: what a winning Banker bet is
paid there is `baccarat.odds.payouts.settle`'s rule, not a number kept here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat.odds.exact import COMMISSION
from baccarat.odds.side_bets import LOWER_COMMISSION

# The bets the drill asks about, in cents: $5 to $10,000.
LEAST_BET = 5_00
MOST_BET = 10_000_00


@dataclass(frozen=True)
class HousePolicy:
    key: str  # also the skill's last word: "dealer:commission:round_25"
    rate: Fraction | None  # None: a no-commission table
    chip: int | None  # the smallest chip, in cents, the commission is rounded to; None: cents
    rounding: str  # "up" (the only direction sourced; see the module's docstring)
    table: str | None  # for a no-commission table, payouts.settle's bet: "ez_banker"...
    sources: tuple[str, ...]  # reference/sources.toml section ids (or not_found ids)

    @property
    def takes_commission(self) -> bool:
        return self.rate is not None


def _policy(
    key: str,
    rate: Fraction | None,
    chip: int | None = None,
    sources: tuple[str, ...] = (),
    table: str | None = None,
) -> HousePolicy:
    return HousePolicy(key, rate, chip, "up", table, sources)


# A house with no coin under 50 cents or $1: a page says such houses exist; that they round
# up as the 25-cent table does is the drill's assumption (the not_found entry says so).
ROUNDED_UP_BIGGER = ("dealer-888-minimum-commission", "dealer-rounding-bigger-chips")

POLICIES: dict[str, HousePolicy] = {
    p.key: p
    for p in (
        _policy("exact_5", COMMISSION, sources=("yeazel-commission-box",)),
        _policy("round_25", COMMISSION, 25, ("dealer-vegas-aces-chart",)),
        _policy("round_50", COMMISSION, 50, ROUNDED_UP_BIGGER),
        _policy("round_100", COMMISSION, 100, ROUNDED_UP_BIGGER),
        _policy("rate_4", LOWER_COMMISSION, sources=("dealer-four-percent",)),
        _policy("ez", None, table="ez_banker", sources=("woo-ez",)),
        _policy("super_6", None, table="super6_banker", sources=("jacobson-no-commission",)),
    )
}


def exact_commission(policy: HousePolicy, bet: int) -> Fraction:
    """The rate times the bet, in cents, before any rounding."""
    if policy.rate is None:
        return Fraction(0)
    return policy.rate * bet


def commission(policy: HousePolicy, bet: int) -> int:
    """The commission in cents on a winning Banker bet of `bet` cents."""
    exact = exact_commission(policy, bet)
    step = policy.chip or 1
    units = exact / step
    if policy.rounding == "up":
        whole = -(-units.numerator // units.denominator)
    else:  # to the nearest chip, halves up (no house seen doing this; kept for the data)
        whole = int(units + Fraction(1, 2))
    return whole * step


def bets_for(policy: HousePolicy, owed: int, step: int = 100) -> list[int]:
    """Every bet (cents, in whole steps, $5 to $10,000) whose commission is `owed` cents:
    the right answers to "the player pays this commission; what was the bet?". Under a
    rounding policy several bets owe the same, and each of them is right."""
    if policy.rate is None or owed <= 0:
        return []
    # The bets that owe `owed` lie between the bets that owe one chip less and `owed`.
    chip = policy.chip or 1
    low = max(LEAST_BET, int((owed - chip) / policy.rate) - step)
    high = min(MOST_BET, int(owed / policy.rate) + step)
    first = -(-low // step) * step
    return [bet for bet in range(first, high + 1, step) if commission(policy, bet) == owed]
