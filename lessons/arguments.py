"""Reading a directive's arguments: its words split into positional arguments, key=value
options and bare flags, and the values they name (cards, outcomes, bets) checked against the
engine. Anything wrong is a DirectiveError saying what; the loader adds the file and line.
"""

from __future__ import annotations

from typing import overload

from baccarat.game.cards import CardError, parse_cards
from baccarat.game.rules import HandError, Resolution, resolve
from baccarat.roads.scoreboard import OutcomeError, parse_outcomes
from baccarat.translation import _
from guards.inputs import InputError, whole_number
from lessons.blocks import MAX_HANDS

# The odds engine's bets, in the order a table of edges lists them (a bare {{ edges }}).
EDGE_BETS = ("banker", "player", "tie_8_to_1", "tie_9_to_1", "ez_banker", "super6_banker",
             "dragon_7", "panda_8", "player_pair")  # fmt: skip
# The side bets a lesson names one by one (baccarat.odds.side_bets).
SIDE_EDGE_BETS = ("lucky_6", "dragon_bonus_player", "dragon_bonus_banker", "perfect_pair",
                  "perfect_pair_both", "banker_4_percent")  # fmt: skip


class DirectiveError(ValueError):
    """A directive's arguments are wrong; the loader adds where it is."""


def whole(text: str, low: int, high: int) -> int | None:
    """`text` as a whole number from `low` to `high` by the site's one rule for numbers
    (guards.inputs: ASCII digits only, so not "٣" or "²"), or None."""
    try:
        return whole_number(text, field="", low=low, high=high)
    except InputError:
        return None


class Args:
    """A directive's words: positional arguments, key=value options and flags."""

    def __init__(self, words: list[str]):
        self.positional: list[str] = []
        self.options: dict[str, str] = {}
        for word in words:
            if "=" in word:
                key, _, value = word.partition("=")
                if not key or not value:
                    raise DirectiveError(f"{word!r} is not a key=value option")
                if key in self.options:
                    raise DirectiveError(f"{key}= is given twice")
                self.options[key] = value
            else:
                self.positional.append(word)

    @overload
    def option(self, key: str) -> str | None: ...
    @overload
    def option(self, key: str, default: str) -> str: ...
    def option(self, key: str, default: str | None = None) -> str | None:
        return self.options.pop(key, default)

    def number(self, key: str, default: int, low: int, high: int) -> int:
        text = self.option(key)
        if text is None:
            return default
        number = whole(text, low, high)
        if number is None:
            raise DirectiveError(f"{key}={text}: give a whole number from {low} to {high}")
        return number

    def flag(self, name: str) -> bool:
        if name in self.positional:
            self.positional.remove(name)
            return True
        return False

    def finish(self, positional: int = 0) -> None:
        if self.options:
            raise DirectiveError(f"unknown option {next(iter(self.options))}=")
        if len(self.positional) > positional:
            raise DirectiveError(f"unexpected {' '.join(self.positional[positional:])!r}")


def one_of(what: str, value: str | None, allowed) -> str:
    """`value` if it is one of `allowed`; else the error lists them."""
    if value is None or value not in allowed:
        raise DirectiveError(f"{what} {value!r} is not one of: {', '.join(allowed)}")
    return value


def read_bet(value: str | None) -> str:
    return one_of("bet", value, EDGE_BETS + SIDE_EDGE_BETS)


def read_outcomes(text: str) -> str:
    """A board's outcomes as B/P/T letters; "-" is the empty board."""
    if text == "-":
        return ""
    try:
        letters = "".join(parse_outcomes(text))
    except OutcomeError as error:
        raise DirectiveError(f"outcomes {text!r}: {error}") from None
    if len(letters) > MAX_HANDS:
        raise DirectiveError(f"outcomes: {len(letters)} hands; a lesson board holds {MAX_HANDS}")
    return letters


def read_cards(words: list[str]) -> tuple[str, ...]:
    """Cards separated by spaces or commas, in dealing order."""
    try:
        return tuple(str(card) for card in parse_cards(" ".join(words).replace(",", " ")))
    except CardError as error:
        raise DirectiveError(str(error)) from None


def resolve_complete(cards: tuple[str, ...]) -> Resolution:
    """The engine's resolution of a hand that must be complete (a lesson shows no half hand)."""
    if not cards:
        raise DirectiveError(_("give the hand's cards in dealing order"))
    try:
        resolution = resolve(list(cards))
    except HandError as error:
        raise DirectiveError(str(error)) from None
    if not resolution.complete:
        needs = resolution.needs_text or _("a known card")
        raise DirectiveError(
            _("the hand {cards} is not complete: it needs {needs}").format(
                cards=" ".join(cards), needs=needs
            )
        )
    return resolution
