"""One hand of a shoe file (tracker/exchange.py), and reading its single values: an
outcome, a yes/no flag, a hand's cards; shared with the API (api/shoes.py). Pure, as the
reader is: no Django; its messages are translated through baccarat.translation."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from baccarat.game.cards import CardError, parse_card
from baccarat.game.rules import HandError, resolve
from baccarat.roads.scoreboard import OUTCOME_NAMES, OUTCOMES
from baccarat.translation import _, pgettext
from guards.inputs import at_field

MAX_CARDS = 6  # two or three cards a side

TRUE_WORDS = {"1", "true", "t", "yes", "y"}
FALSE_WORDS = {"0", "false", "f", "no", "n", ""}
OUTCOME_WORDS = {name.upper(): letter for letter, name in OUTCOME_NAMES.items()}


@dataclass(frozen=True)
class ShoeHand:
    """One hand as exported and imported: the outcome, its flags and its cards (normalised
    tokens such as "Qh", "T", "?"), or None when the cards were not recorded."""

    outcome: str
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False
    cards: tuple[str, ...] | None = None


def outcome_word(outcome: str) -> str:
    """ "Banker", "Player" or "Tie" in the active language."""
    return pgettext("the result of a hand", OUTCOME_NAMES[outcome])


def read_outcome(value: Any) -> str | None:
    """ "B", "p", " t ", "Banker" -> "B"/"P"/"T"; anything else -> None."""
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    if text in OUTCOMES:
        return text
    return OUTCOME_WORDS.get(text)


def read_flag(value: Any) -> bool | None:
    """A CSV/JSON boolean: true/false, 1/0, yes/no (blank is false); None if not one."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    return None


def read_cards(tokens: Iterable[Any], outcome: str | None) -> tuple[tuple[str, ...], list[str]]:
    """Normalise card tokens ("10♠" -> "Ts"). Returns (cards, problems); each problem names
    the card by its 0-based index as `cards[i]`, or `cards` for the hand as a whole (too
    many cards, or cards that make a different winner than `outcome`)."""
    tokens = list(tokens)
    if len(tokens) > MAX_CARDS:  # counted before any is read: one problem, however many
        return (), [
            at_field(
                "cards",
                _("{count} cards; a hand has at most {most}").format(
                    count=len(tokens), most=MAX_CARDS
                ),
            )
        ]
    cards, problems = [], []
    for index, token in enumerate(tokens):
        try:
            cards.append(parse_card(token))
        except CardError as error:
            problems.append(at_field(f"cards[{index}]", str(error)))
    if problems:
        return (), problems
    if cards:
        try:
            resolution = resolve(cards)
        except HandError as error:
            return (), [at_field("cards", str(error))]
        winner = resolution.winner and resolution.winner[0].upper()
        if outcome and winner and winner != outcome:
            return (), [
                at_field(
                    "cards",
                    _(
                        "these cards make {winner} the winner, but the outcome says {outcome}"
                    ).format(winner=outcome_word(winner), outcome=outcome_word(outcome)),
                )
            ]
    return tuple(str(card) for card in cards), []
