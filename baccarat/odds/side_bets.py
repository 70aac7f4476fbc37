"""The side bets priced beside the main ones: Lucky 6, Dragon Bonus, Perfect Pair, and the
Banker bet at a 4% commission.

Each bet that depends on how the hand plays out is a feature of the six-card value sequences
that `baccarat.odds.exact.played` plays once; the counts for a shoe then come from the same
exact enumeration as every other figure (`side_columns` adds the columns, `side_edges` prices
them). Perfect Pair depends on suits, so it is known only for a shoe of whole decks, where
every card (rank and suit) has as many copies as there are decks.

Pays vary by house; the pay tables here are the versions the lessons cite.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from baccarat.translation import gettext_noop

# Lucky 6 (a side bet at no-commission tables): a Banker win with a total of 6, paid by how
# many cards the Banker holds. 12 and 20 to 1 is the pay table Wizard of Odds calls Macau's.
LUCKY_6_PAYS = {"two": 12, "three": 20}
# Dragon Bonus on one side: a natural win pays 1 to 1 and a tie of naturals pushes; a win
# without a natural pays by the margin (points ahead); anything else loses.
DRAGON_BONUS_NATURAL_PAYS = 1
DRAGON_BONUS_MARGIN_PAYS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}
# Perfect Pair: the first two cards of the Player's or the Banker's hand are the same card
# (rank and suit). Version 1 pays 25 to 1 if either hand has one; version 2 pays 25 to 1
# for one hand and 250 to 1 if both have one.
PERFECT_PAIR_PAYS = 25
PERFECT_PAIR_BOTH_PAYS = 250
LOWER_COMMISSION = Fraction(4, 100)

SIDES = ("player", "banker")
# Thorp and Walden (1966) priced the Nevada bets that one side's first two cards make a
# natural 8, or a natural 9, whoever wins; baccarat.odds.naturals prices them.
NATURAL_TOTALS = (8, 9)
SIDE_FEATURES = (
    "banker_win_6_two", "banker_win_6_three", "natural_tie",
    *(f"{side}_natural_win" for side in SIDES),
    *(f"{side}_by_{margin}" for side in SIDES for margin in DRAGON_BONUS_MARGIN_PAYS),
    *(f"{side}_natural_{total}" for side in SIDES for total in NATURAL_TOTALS),
)  # fmt: skip


def side_columns(
    player_final: np.ndarray,
    banker_final: np.ndarray,
    banker_draws: np.ndarray,
    natural_player: np.ndarray,
    natural_banker: np.ndarray,
) -> dict[str, np.ndarray]:
    """The side bets' features, one boolean per played value sequence. A natural stands, so
    a side with one ends on its two-card total."""
    natural = natural_player | natural_banker
    banker_wins = banker_final > player_final
    player_wins = player_final > banker_final
    columns = {
        "banker_win_6_two": banker_wins & ~banker_draws & (banker_final == 6),
        "banker_win_6_three": banker_wins & banker_draws & (banker_final == 6),
        "natural_tie": natural & (banker_final == player_final),
    }
    margin = player_final.astype(np.int8) - banker_final.astype(np.int8)
    for side, wins, own_natural, sign in (
        ("player", player_wins, natural_player, 1),
        ("banker", banker_wins, natural_banker, -1),
    ):
        # A natural ends the hand: the side that wins holds one (or the higher one).
        columns[f"{side}_natural_win"] = wins & own_natural
        for points in DRAGON_BONUS_MARGIN_PAYS:
            columns[f"{side}_by_{points}"] = ~natural & (sign * margin == points)
    for side, final, own_natural in (
        ("player", player_final, natural_player),
        ("banker", banker_final, natural_banker),
    ):
        for total in NATURAL_TOTALS:
            columns[f"{side}_natural_{total}"] = own_natural & (final == total)
    return columns


def perfect_pairs(decks: int) -> tuple[Fraction, Fraction]:
    """(one hand's first two cards are a perfect pair, both hands' are), for a full shoe of
    `decks` decks. The cards go Player, Banker, Player, Banker: the Player's pair is the 1st
    and 3rd cards, the Banker's the 2nd and 4th."""
    n = 52 * decks
    copies = decks * (decks - 1)  # ordered ways to draw two copies of one card
    one = Fraction(52 * copies, n * (n - 1))
    # Both: two different cards each drawn twice, or one card drawn four times.
    both_ways = 52 * 51 * copies * copies + 52 * copies * (decks - 2) * (decks - 3)
    both = Fraction(both_ways, n * (n - 1) * (n - 2) * (n - 3))
    return one, both


EdgeParts = tuple[str, Fraction, Fraction, tuple[tuple[str, object], ...]]


def side_edges(
    exact: Callable[[str], Fraction], banker: Fraction, player: Fraction, decks: int | None
) -> dict[str, EdgeParts]:
    """Each side bet's (label, edge per unit staked, chance of a push, label values), from a
    shoe's exact chances (`exact(feature)`). `decks` is the shoe's whole decks, when it is a
    full shoe (Perfect Pair needs it), else None."""
    two, three = exact("banker_win_6_two"), exact("banker_win_6_three")
    lucky = (LUCKY_6_PAYS["two"] + 1) * two + (LUCKY_6_PAYS["three"] + 1) * three
    edges: dict[str, EdgeParts] = {
        "lucky_6": (
            gettext_noop("Lucky 6 at {two} to 1 (two cards) or {three} to 1 (three cards)"),
            1 - lucky,
            Fraction(0),
            (("two", LUCKY_6_PAYS["two"]), ("three", LUCKY_6_PAYS["three"])),
        ),
    }
    tie = exact("natural_tie")
    for side, label in (
        ("player", gettext_noop("Dragon Bonus on Player")),
        ("banker", gettext_noop("Dragon Bonus on Banker")),
    ):
        won = (DRAGON_BONUS_NATURAL_PAYS + 1) * exact(f"{side}_natural_win") + tie
        for points, pays in DRAGON_BONUS_MARGIN_PAYS.items():
            won += (pays + 1) * exact(f"{side}_by_{points}")
        edges[f"dragon_bonus_{side}"] = (label, 1 - won, tie, ())
    edges["banker_4_percent"] = (
        # xgettext:no-python-format (a percent sign, not a %-placeholder)
        gettext_noop("Banker, {commission}% commission"),
        player - (1 - LOWER_COMMISSION) * banker,
        exact("tie"),
        (("commission", f"{float(LOWER_COMMISSION * 100):g}"),),
    )
    if decks is not None and decks >= 2:  # one deck holds no two copies of a card
        one, both = perfect_pairs(decks)
        either = 2 * one - both
        edges["perfect_pair"] = (
            gettext_noop("Perfect Pair at {pays} to 1 (either hand)"),
            1 - (PERFECT_PAIR_PAYS + 1) * either,
            Fraction(0),
            (("pays", PERFECT_PAIR_PAYS),),
        )
        edges["perfect_pair_both"] = (
            gettext_noop("Perfect Pair at {pays} to 1, or {both} to 1 for both hands"),
            1 - (PERFECT_PAIR_PAYS + 1) * (either - both) - (PERFECT_PAIR_BOTH_PAYS + 1) * both,
            Fraction(0),
            (("pays", PERFECT_PAIR_PAYS), ("both", PERFECT_PAIR_BOTH_PAYS)),
        )
    return edges
