"""Cards as baccarat sees them: a rank, an optional suit, and a value of 0-9.

Tens and pictures count 0, an ace 1, every other card its pip value, and a hand's
total is the final digit of the sum of its values (7 + 8 = 15, so the total is 5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from baccarat.translation import _, gettext_noop, pgettext

if TYPE_CHECKING:  # typing has TypeIs from Python 3.13; annotations are never evaluated here
    from typing_extensions import TypeIs

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
RANK_VALUES = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "T": 0, "J": 0, "Q": 0, "K": 0,
}  # fmt: skip
# Names shown to people are marked here and translated where they are shown: _(name).
RANK_NAMES = {
    "A": gettext_noop("ace"), "T": "10", "J": gettext_noop("jack"),
    "Q": gettext_noop("queen"), "K": gettext_noop("king"),
}  # fmt: skip
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": gettext_noop("spades"), "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"), "C": gettext_noop("clubs"),
}  # fmt: skip
FACE_NAMES = {
    "A": gettext_noop("Ace"), "T": "10", "J": gettext_noop("Jack"),
    "Q": gettext_noop("Queen"), "K": gettext_noop("King"),
}  # fmt: skip
# A card as a dealer says it, article included: one phrase per rank where English needs
# its own article ("an 8", "an ace"); "a {rank}" for the other numbers.
CARD_NAMES = {
    "A": gettext_noop("an ace"), "T": gettext_noop("a 10"), "J": gettext_noop("a jack"),
    "Q": gettext_noop("a queen"), "K": gettext_noop("a king"), "8": gettext_noop("an 8"),
}  # fmt: skip
UNKNOWN = "?"

# The ranks and suit letters are spelled out in both cases rather than matched with
# re.IGNORECASE, which would also take characters that case-fold into them: "K" (U+212A
# KELVIN SIGN) into K, "ſ" (U+017F LONG S) into S.
_CARD = re.compile(r"(10|[A2-9TJQKatjqk])([SHDCshdc♠♥♦♣♤♡♢♧])?")

CARD_HINT = gettext_noop(
    "write a rank A, 2-9, T (or 10), J, Q or K, optionally followed by a suit "
    "(S, H, D, C or ♠ ♥ ♦ ♣), or ? for an unknown card"
)


class CardError(ValueError):
    """A token that is not a card. The message names the token."""


@dataclass(frozen=True)
class Card:
    """One card. `rank` is None for an unknown card ("?")."""

    rank: str | None
    suit: str | None = None

    @property
    def known(self) -> bool:
        return self.rank is not None

    @property
    def value(self) -> int | None:
        return RANK_VALUES[self.rank] if self.rank else None

    @property
    def name(self) -> str:
        """How a dealer says it: "an 8", "a king", "a 10"; "an unknown card"."""
        if self.rank is None:
            return _("an unknown card")
        if self.rank in CARD_NAMES:
            return _(CARD_NAMES[self.rank])
        return _("a {rank}").format(rank=self.rank)

    @property
    def name_with_value(self) -> str:
        """ "an 8", but "a king (value 0)" where the value is not the pip."""
        if self.rank is None or self.rank in "23456789":
            return self.name
        return _("{card} (value {value})").format(card=self.name, value=self.value)

    @property
    def face(self) -> str:
        """What a drawn card shows, in words: "Queen of hearts"; "9" when no suit was
        given; "A face-down card" for "?"."""
        if self.rank is None:
            return _("A face-down card")
        face = FACE_NAMES.get(self.rank, self.rank)
        rank = _(face) if self.rank in "AJQK" else face  # numbers are not translated
        if not self.suit:
            return rank
        return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_NAMES[self.suit]))

    @property
    def face_name(self) -> str:
        """A drawn card's accessible name, its count included: "Queen of hearts, counts 0"
        ("A face-down card: not known" for "?"). A quiz that asks the count uses `face`."""
        if self.rank is None:
            return _("{face}: not known").format(face=self.face)
        return _("{face}, counts {value}").format(face=self.face, value=self.value)

    @property
    def rank_label(self) -> str:
        """The rank as a card's corner prints it: "10" for T, "" for an unknown card."""
        if self.rank is None:
            return ""
        return "10" if self.rank == "T" else self.rank

    @property
    def is_court(self) -> bool:
        """A jack, queen or king: drawn with a figure, not pips."""
        return self.rank in ("J", "Q", "K")

    @property
    def label(self) -> str:
        """What is printed on the card's corner: "Q♥", "10", "?"."""
        if self.rank is None:
            return UNKNOWN
        return self.rank_label + (SUIT_GLYPHS[self.suit] if self.suit else "")

    @property
    def red(self) -> bool:
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        if self.rank is None:
            return UNKNOWN
        return self.rank + (self.suit.lower() if self.suit else "")


def quoted(token: object, limit: int = 12) -> str:
    """A token as an error message repeats it: in quotes, cut short, and with anything
    unprintable (a NUL, a lone surrogate, a control or bidi character) escaped, so that
    the message can always be encoded and shown."""
    text = token if isinstance(token, str) else repr(token)
    cut = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[:limit])
    # The quotation marks are the language's own: 'Kx' in English, 「Kx」 in Chinese.
    return pgettext("a token quoted in a message", "'{token}'").format(
        token=f"{cut}{'…' if len(text) > limit else ''}"
    )


def parse_card(token: str) -> Card:
    """Read "Qh", "10♠", "t", "9" or "?". Raises CardError naming the token."""
    if not isinstance(token, str):
        raise CardError(
            _("{token} is not a card: {hint}.").format(token=quoted(token), hint=_(CARD_HINT))
        )
    text = token.strip()
    if text == UNKNOWN:
        return Card(None)
    match = _CARD.fullmatch(text)
    if not match:
        if text in ("1", "11"):
            message = _("{token} is not a card (an ace is A): {hint}.")
        else:
            message = _("{token} is not a card: {hint}.")
        raise CardError(message.format(token=quoted(token), hint=_(CARD_HINT)))
    rank, suit = match.groups()
    rank = "T" if rank == "10" else rank.upper()
    if suit:
        suit = SUIT_SYMBOLS.get(suit, suit.upper())
    return Card(rank, suit)


def parse_cards(tokens: list[str] | str) -> list[Card]:
    """Read a list of tokens, or one string split on spaces and commas.

    Errors name the card's position as well as the token, because "card 5" is what a
    person can find in what they typed.
    """
    if isinstance(tokens, str):
        tokens = [t for t in re.split(r"[\s,]+", tokens) if t]
    cards = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(token))
        except CardError as error:
            raise CardError(
                _("Card {position}: {error}").format(position=position, error=error)
            ) from None
    return cards


def _all_cards(cards: list[Card] | list[str]) -> TypeIs[list[Card]]:
    # The first item tells: a caller passes cards or tokens, not a mixture.
    return not cards or isinstance(cards[0], Card)


def as_cards(cards: list[Card] | list[str] | str) -> list[Card]:
    """A new list of cards from cards, tokens, or one string of tokens (see parse_cards)."""
    if isinstance(cards, str) or not _all_cards(cards):
        return parse_cards(cards)
    return list(cards)


def known_values(cards: Iterable[Card]) -> list[int] | None:
    """The cards' values, or None if any of them is unknown."""
    values = []
    for card in cards:
        if card.value is None:
            return None
        values.append(card.value)
    return values


def total(values: list[int]) -> int:
    """A hand's total: only the final digit of the sum counts."""
    return sum(values) % 10


def total_working(values: list[int]) -> str:
    """The arithmetic a dealer trainer writes out: "7 + 8 = 15 → 5"."""
    text = " + ".join(str(v) for v in values)
    whole = sum(values)
    if len(values) == 1:
        return text
    if whole >= 10:
        return f"{text} = {whole} → {whole % 10}"
    return f"{text} = {whole}"
