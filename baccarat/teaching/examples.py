"""Concrete hands that show a rule at work, found by asking the rules, never typed in.

A page that wants "Banker 4 against a third card of 1" calls `deal_for(...)` and gets
cards in dealing order that really produce it; `resolve` then explains the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.game.rules import Resolution, resolve
from baccarat.game.tableau import (
    banker_draws,
    player_draws,
    tableau_draws_against,
)
from baccarat.odds.payouts import Settlement, settle
from baccarat.translation import _

ZERO_RANKS = ("K", "T", "Q", "J")


def rank_for(value: int, turn: int = 0) -> str:
    """A rank with this baccarat value; for 0 the pictures and ten take turns."""
    if value == 0:
        return ZERO_RANKS[turn % len(ZERO_RANKS)]
    return "A" if value == 1 else str(value)


def two_cards_for(total: int, turn: int = 0) -> tuple[str, str]:
    """Two ranks whose total is `total`, varied by `turn` so examples don't all look alike.
    Never two cards that would read as a natural unless the total is 8 or 9."""
    first = (total + 3 + 2 * turn) % 10 or 5
    second = (total - first) % 10
    return rank_for(first, turn), rank_for(second, turn + 1)


def deal_for(
    player_total: int,
    banker_total: int,
    player_third: int | None = None,
    banker_third: int | None = None,
    turn: int = 0,
) -> list[str]:
    """Cards in dealing order (P, B, P, B, then third cards) for these totals."""
    p1, p2 = two_cards_for(player_total, turn)
    b1, b2 = two_cards_for(banker_total, turn + 1)
    cards = [p1, b1, p2, b2]
    if player_third is not None:
        cards.append(rank_for(player_third, turn + 2))
    if banker_third is not None:
        cards.append(rank_for(banker_third, turn + 3))
    return cards


def complete_hand(
    player_total: int, banker_total: int, player_third: int | None, turn: int = 0
) -> list[str]:
    """A whole hand: adds a Banker third card only when the rules deal one."""
    natural = player_total >= 8 or banker_total >= 8
    banker_third = None
    if not natural and (banker_total <= 7):
        third = player_third if player_third is not None and player_draws(player_total) else None
        if banker_draws(banker_total, third):
            banker_third = (turn * 3 + 4) % 10
    return deal_for(player_total, banker_total, player_third, banker_third, turn)


@dataclass(frozen=True)
class Example:
    title: str
    cards: tuple[str, ...]
    resolution: Resolution

    @property
    def permalink_cards(self) -> str:
        return ",".join(self.cards)


def _example(title: str, cards: list[str]) -> Example:
    return Example(title, tuple(cards), resolve(cards))


def banker_row_examples(banker_total: int) -> list[Example]:
    """Worked hands for one row of the tableau: the Player standing, the Player drawing a
    card the Banker draws against and one it stands against, and a natural."""
    b = banker_total
    examples = []
    for turn, stood_on in enumerate((6, 7)):
        draws = banker_draws(b, None)
        cards = complete_hand(stood_on, b, None, turn)
        if draws:
            title = _("Player stands on {stood_on}: Banker {total} draws (no tableau)")
        else:
            title = _("Player stands on {stood_on}: Banker {total} stands (no tableau)")
        examples.append(_example(title.format(stood_on=stood_on, total=b), cards))
        if turn == 0 and b not in (6, 7):
            break
    row = tableau_draws_against(b)
    stands = [v for v in range(10) if v not in row]
    picks = []
    if row:
        picks.append(row[len(row) // 2])
    if stands:
        picks.append(stands[-1] if b == 3 else stands[0])
    if 0 < len(row) < 9:
        # The edge of the range is where people slip: show the first value outside it too.
        edge = row[-1] + 1
        if edge <= 9 and edge not in picks:
            picks.append(edge)
    for turn, third in enumerate(picks):
        player_total = (2 + turn) % 6
        cards = complete_hand(player_total, b, third, turn)
        third_card = resolve(cards).player.third_card
        assert third_card is not None  # the Player's total draws
        name = third_card.name
        if banker_draws(b, third):
            title = _("Player {player} draws {card}: Banker {total} draws")
        else:
            title = _("Player {player} draws {card}: Banker {total} stands")
        examples.append(_example(title.format(player=player_total, card=name, total=b), cards))
    title = _("Player has a natural 8: Banker {total} does not draw").format(total=b)
    examples.append(_example(title, complete_hand(8, b, None)))
    return examples


def classic_hands() -> list[Example]:
    """The hands every dealer trainer shows, each one dealt by the rules above."""
    return [
        _example(_("A natural ends everything"), complete_hand(8, 3, None)),
        _example(_("Player stands, Banker draws"), complete_hand(6, 4, None)),
        _example(_("Banker 3 meets the Player's 8"), complete_hand(2, 3, 8)),
        _example(_("Banker 6 draws only on 6 or 7"), complete_hand(4, 6, 6)),
        _example(_("Banker 7 stands against a three-card 9"), complete_hand(4, 7, 5)),
        _example(_("A three-card 8 is not a natural"), complete_hand(3, 5, 5)),
        _example(_("Banker 4 vs Player third card 1"), complete_hand(4, 4, 1)),
    ]


@dataclass(frozen=True)
class Settled:
    """A worked hand and what one bet on it gets (baccarat.odds.payouts)."""

    example: Example
    settlement: Settlement


def two_and_three_card_sevens(bet: str = "ez_banker", stake: int = 100) -> list[Settled]:
    """Banker winning with a two-card 7 and with a three-card 7, each settled as `bet`: at
    an EZ Baccarat table the first is paid in full and the second, the Dragon 7, pushes."""
    hands = [
        # Banker 7 stands; the Player stood on 6.
        (_("Banker wins with a two-card 7"), deal_for(6, 7)),
        # The Player stood on 6, so Banker 3 draws (0–5 draw): a 4 makes a three-card 7.
        (_("Banker wins with a three-card 7 (a Dragon 7)"), deal_for(6, 3, None, 4)),
    ]
    settled = []
    for title, cards in hands:
        example = _example(title, cards)
        settled.append(Settled(example, settle(bet, stake, example.resolution)))
    return settled
