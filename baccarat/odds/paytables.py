"""The pay tables a dealer pays from, for every bet the site teaches, each with the source
that publishes it. The site's default version of each bet is the constant the odds engine
already prices (`baccarat.odds.exact`, `side_bets`); the alternatives houses also post are
the only numbers written here.

A line of a pay table is one winning event and what it pays "to 1": the winnings, with the
stake returned beside them. A winning Banker bet at a commission table pays 19 to 20
(0.95 to 1); a no-commission table's Banker bet is in `baccarat.odds.commission`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from baccarat.odds.exact import COMMISSION, DRAGON_7_PAYS, PAIR_PAYS, PANDA_8_PAYS, TIE_PAYS
from baccarat.odds.side_bets import (
    DRAGON_BONUS_MARGIN_PAYS,
    DRAGON_BONUS_NATURAL_PAYS,
    LOWER_COMMISSION,
    LUCKY_6_PAYS,
    PERFECT_PAIR_BOTH_PAYS,
    PERFECT_PAIR_PAYS,
)

# The Super 6 side bet (a Banker win with 6 at a no-commission table): tables post 12 to 1
# or 15 to 1 (reference id dealer-super-6-side-bet).
SUPER_6_PAYS = (12, 15)
# Lucky 6's three-card win at the other pay table Wizard of Odds lists (seen in Las Vegas).
LUCKY_6_THREE_LAS_VEGAS = 23


@dataclass(frozen=True)
class Line:
    event: str  # "win", "two" (cards), "by_9", "both"...: what has to happen
    pays: Fraction  # to 1


@dataclass(frozen=True)
class Paytable:
    key: str  # also the skill's last word: "dealer:payouts:tie_9"
    bet: str  # the bet it pays: "tie", "lucky_6"...
    lines: tuple[Line, ...]
    source: str  # a section id in reference/sources.toml
    default: bool  # the version the site's lessons and odds use

    def pays(self, event: str) -> Fraction:
        return next(line.pays for line in self.lines if line.event == event)


def _table(
    key: str,
    bet: str,
    lines: Iterable[tuple[str, Fraction | int]],
    source: str,
    default: bool = True,
) -> Paytable:
    return Paytable(
        key, bet, tuple(Line(event, Fraction(pays)) for event, pays in lines), source, default
    )


_DRAGON_BONUS = (
    ("natural", DRAGON_BONUS_NATURAL_PAYS),
    *((f"by_{points}", pays) for points, pays in DRAGON_BONUS_MARGIN_PAYS.items()),
)

PAYTABLES: dict[str, Paytable] = {
    t.key: t
    for t in (
        _table("player", "player", [("win", 1)], "woo-returns"),
        _table("banker_5", "banker", [("win", 1 - COMMISSION)], "woo-returns"),
        _table("banker_4", "banker", [("win", 1 - LOWER_COMMISSION)], "dealer-four-percent",
               default=False),
        _table("tie_8", "tie", [("win", TIE_PAYS[0])], "woo-returns"),
        _table("tie_9", "tie", [("win", TIE_PAYS[1])], "dealer-tie-nine", default=False),
        _table("player_pair", "player_pair", [("win", PAIR_PAYS)], "woo-returns"),
        _table("banker_pair", "banker_pair", [("win", PAIR_PAYS)], "woo-returns"),
        _table("dragon_7", "dragon_7", [("win", DRAGON_7_PAYS)], "woo-ez"),
        _table("panda_8", "panda_8", [("win", PANDA_8_PAYS)], "woo-ez"),
        _table("super_6_12", "super_6", [("win", SUPER_6_PAYS[0])], "dealer-super-6-side-bet"),
        _table("super_6_15", "super_6", [("win", SUPER_6_PAYS[1])], "dealer-super-6-side-bet",
               default=False),
        _table("lucky_6_macau", "lucky_6",
               [("two", LUCKY_6_PAYS["two"]), ("three", LUCKY_6_PAYS["three"])], "woo-lucky-6"),
        _table("lucky_6_vegas", "lucky_6",
               [("two", LUCKY_6_PAYS["two"]), ("three", LUCKY_6_THREE_LAS_VEGAS)], "woo-lucky-6",
               default=False),
        _table("dragon_bonus", "dragon_bonus", _DRAGON_BONUS, "woo-dragon-bonus"),
        _table("perfect_pair_1", "perfect_pair", [("one", PERFECT_PAIR_PAYS)],
               "woo-perfect-pairs"),
        _table("perfect_pair_2", "perfect_pair",
               [("one", PERFECT_PAIR_PAYS), ("both", PERFECT_PAIR_BOTH_PAYS)],
               "woo-perfect-pairs", default=False),
    )
}  # fmt: skip


def payout(table: Paytable, event: str, stake: int) -> Fraction:
    """The winnings on `stake` (cents) when `event` happens: the stake comes back beside
    them. Exact: a 19 to 20 Banker payout on an odd stake may be a fraction of a cent,
    which `payout_cents` refuses to round silently."""
    return table.pays(event) * stake


def payout_cents(table: Paytable, event: str, stake: int) -> int:
    """The winnings in whole cents; the drill only asks for stakes that pay whole cents."""
    won = payout(table, event, stake)
    if won.denominator != 1:
        raise ValueError(f"{stake} cents at {table.key} pays a fraction of a cent")
    return int(won)
