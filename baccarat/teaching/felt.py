"""The cards as a dealer lays them on the felt: a Player spot and a Banker spot, dealt
Player, Banker, Player, Banker, then the Player's third card and the Banker's.

A dealer turns the Player's third card sideways, so that anyone at the table sees at a
glance that the Player drew. Each spot carries the total of the cards lying in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baccarat.game.cards import Card, known_values
from baccarat.game.rules import SIDE_NAMES, Resolution
from baccarat.translation import _

SPOT_NAMES = SIDE_NAMES  # "Player", "Banker": translated where shown


def seats(resolution: Resolution) -> tuple[str, ...]:
    """Whose card each one is, in dealing order: "player" or "banker"."""
    order = ["player", "banker", "player", "banker"]
    if resolution.player.third_card is not None:
        order.append("player")
    if resolution.banker.third_card is not None:
        order.append("banker")
    return tuple(order[: len(resolution.cards)])


@dataclass(frozen=True)
class PlacedCard:
    card: Card
    seat: str  # "player" or "banker"
    order: int  # 1-based, in dealing order
    third: bool  # the seat's third card
    # Dealt since the table was last seen, and its turn among those cards (0 = first), so
    # that they arrive one at a time; None for a card that was already lying there.
    turn: int | None = None

    @property
    def sideways(self) -> bool:
        """The Player's third card, which the dealer lays crosswise."""
        return self.third and self.seat == "player"


@dataclass(frozen=True)
class Spot:
    seat: str  # "player" or "banker"
    cards: tuple[PlacedCard, ...]

    @property
    def name(self) -> str:
        return _(SPOT_NAMES[self.seat])

    @property
    def total(self) -> int | None:
        """The total of the cards in the spot; None while it is empty or a card is unknown."""
        values = known_values(placed.card for placed in self.cards)
        if not values:
            return None
        return sum(values) % 10

    @property
    def two_card_total(self) -> int | None:
        values = known_values(placed.card for placed in self.cards[:2])
        if values is None or len(values) < 2:
            return None
        return sum(values) % 10


def lay_out(
    resolution: Resolution, shown: int | None = None, fresh_from: int | None = None
) -> tuple[Spot, Spot]:
    """The Player's and the Banker's spots with the first `shown` cards (all by default).
    Cards from number `fresh_from` (0-based) on are fresh; None means none are."""
    cards: Sequence[Card] = resolution.cards[: len(resolution.cards) if shown is None else shown]
    placed: dict[str, list[PlacedCard]] = {"player": [], "banker": []}
    first_fresh = len(cards) if fresh_from is None else fresh_from
    for index, (card, seat) in enumerate(zip(cards, seats(resolution), strict=False)):
        third = len(placed[seat]) == 2
        turn = index - first_fresh if index >= first_fresh else None
        placed[seat].append(PlacedCard(card, seat, index + 1, third, turn))
    return Spot("player", tuple(placed["player"])), Spot("banker", tuple(placed["banker"]))
