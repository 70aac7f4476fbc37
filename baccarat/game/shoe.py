"""A shuffled shoe of real cards, and dealing a hand from it by the rules.

Used wherever the site needs a random hand (the practice dealer, "Deal" on the hand page)
or a random shoe. Pass a seed for a repeatable shuffle (tests, shareable practice).
"""

from __future__ import annotations

import random

from baccarat.game.cards import RANKS, SUITS, Card
from baccarat.game.rules import resolve
from baccarat.translation import _


class ShoeEmpty(Exception):
    """The shoe ran out of cards part-way through a hand."""


class Shoe:
    def __init__(self, decks: int = 8, seed: float | str | None = None):
        if not isinstance(decks, int) or not 1 <= decks <= 8:
            raise ValueError(_("a shoe has 1 to 8 decks, not {decks}").format(decks=repr(decks)))
        self.decks = decks
        self.cards = [
            Card(rank, suit) for _deck in range(decks) for suit in SUITS for rank in RANKS
        ]
        random.Random(seed).shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> Card:
        if not self.cards:
            raise ShoeEmpty(_("the shoe is empty"))
        return self.cards.pop()

    def deal_hand(self) -> list[Card]:
        """Deal one hand in dealing order, drawing a third card only when the rules do."""
        cards: list[Card] = []
        while resolve(cards).needs is not None:
            if not self.cards:
                # Put the partial hand back: nothing is dealt from an exhausted shoe.
                self.cards.extend(reversed(cards))
                raise ShoeEmpty(_("the shoe ran out of cards in the middle of a hand"))
            cards.append(self.draw())
        return cards


def random_hand(decks: int = 8, seed: float | str | None = None) -> list[Card]:
    """One hand from a freshly shuffled shoe."""
    return Shoe(decks, seed).deal_hand()
