"""The punto banco drawing rules as data, and in words.

The tableau exists once: `TABLEAU` below. Everything else in the project (the chart page,
walkthroughs, drills, the API, odds) reads the rules from here, most of it through
`baccarat.game.rules`, which resolves a hand with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from baccarat.translation import _, pgettext

DRAW, STAND = "D", "S"
NATURALS = (8, 9)

# Player's two-card total 0-7 (8 and 9 are naturals and never reach this rule).
PLAYER_RULE = "DDDDDDSS"

# Banker's two-card total 0-7 when the Player stood (no Player third card):
# the Banker then acts exactly like the Player.
BANKER_WHEN_PLAYER_STOOD = "DDDDDDSS"

# THE tableau. Row: Banker's two-card total 0-7. Column: the *value* of the Player's
# third card, 0-9 (not the Player's total). D = Banker draws, S = Banker stands.
TABLEAU = (
    # 0123456789   <- value of the Player's third card
    "DDDDDDDDDD",  # Banker 0
    "DDDDDDDDDD",  # Banker 1
    "DDDDDDDDDD",  # Banker 2
    "DDDDDDDDSD",  # Banker 3
    "SSDDDDDDSS",  # Banker 4
    "SSSSDDDDSS",  # Banker 5
    "SSSSSSDDSS",  # Banker 6
    "SSSSSSSSSS",  # Banker 7
)


# One whole sentence per total asked about, so that a translation can word each its own way.
def _total_error(which: str) -> str:
    if which == "player":
        return _("The Player's two-card total must be a whole number from 0 to {top}, not {value}")
    if which == "banker":
        return _("The Banker's two-card total must be a whole number from 0 to {top}, not {value}")
    return _(
        "The value of the Player's third card must be a whole number from 0 to {top}, not {value}"
    )


def _check_total(which: str, value: int, top: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ValueError(_total_error(which).format(top=top, value=repr(value)))


def is_natural(two_card_total: int) -> bool:
    return two_card_total in NATURALS


def player_draws(player_total: int) -> bool:
    """Does the Player, with this two-card total and no natural on the table, draw?"""
    _check_total("player", player_total, 7)
    return PLAYER_RULE[player_total] == DRAW


def banker_draws(banker_total: int, player_third_value: int | None) -> bool:
    """Does the Banker draw? `player_third_value` is None when the Player stood."""
    _check_total("banker", banker_total, 7)
    if player_third_value is None:
        return BANKER_WHEN_PLAYER_STOOD[banker_total] == DRAW
    _check_total("third", player_third_value, 9)
    return TABLEAU[banker_total][player_third_value] == DRAW


# --- describing the rules in words, from the data above --------------------------------
#
# Every sentence is translated when it is asked for (never cached: the language is the
# page's), as a whole, with named placeholders. English "a 3" / "an 8" differ, so each has
# its own sentence.


def _separator() -> str:
    return pgettext("between the items of a list", ", ")


def or_list(items: Iterable[object]) -> str:
    """["2", "3", "5"] -> "2, 3 or 5"; ["8"] -> "8"."""
    texts = [str(item) for item in items]
    if len(texts) == 1:
        return texts[0]
    return _("{items} or {last}").format(items=_separator().join(texts[:-1]), last=texts[-1])


def list_words(words: bool = False) -> tuple[str, str]:
    """What and_list joins with, translated: the separator and "{items} and {last}" (for a
    page that lists things itself, e.g. static/js/dealing.js)."""
    if words:
        return _separator(), pgettext("a list of words", "{items} and {last}")
    return _separator(), pgettext("a list of numbers", "{items} and {last}")


def and_list(items: Iterable[object], words: bool = False) -> str:
    """["0", "1", "2"] -> "0, 1 and 2". `words`: a list of words, not numbers (a
    translation may space the two differently)."""
    texts = [str(item) for item in items]
    if len(texts) == 1:
        return texts[0]
    separator, joined = list_words(words)
    return joined.format(items=separator.join(texts[:-1]), last=texts[-1])


def _span(values: Sequence[int]) -> str:
    """[2, 3, 4, 5, 6, 7] -> "2-7"; [6, 7] -> "6 or 7"; [8] -> "8"."""
    if len(values) > 2 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return or_list(values)


def _article(number: int | str) -> str:
    return "an" if str(number) in ("8", "11", "18") else "a"


@cache
def tableau_draws_against(banker_total: int) -> tuple[int, ...]:
    """The Player third-card values against which this Banker total draws."""
    return tuple(v for v in range(10) if banker_draws(banker_total, v))


def tableau_row_rule(banker_total: int) -> str:
    """One Banker row of the tableau in words, e.g. "Banker 3 draws unless the Player's
    third card is an 8"."""
    draws = tableau_draws_against(banker_total)
    stands = [v for v in range(10) if v not in draws]
    if not stands:
        text = _("Banker {total} always draws, whatever the Player's third card")
    elif not draws:
        text = _("Banker {total} always stands, whatever the Player's third card")
    elif len(stands) == 1 and _article(stands[0]) == "an":
        text = _("Banker {total} draws unless the Player's third card is an {value}")
    elif len(stands) == 1:
        text = _("Banker {total} draws unless the Player's third card is a {value}")
    else:
        text = _("Banker {total} draws only when the Player's third card is {values}")
        return text.format(total=banker_total, values=_span(list(draws)))
    return text.format(total=banker_total, value=stands[0] if stands else "")


def tableau_row_claim(banker_total: int) -> str:
    """A tableau row as a claim that stands on its own, which the row alone is not: it says
    nothing of a Player who stood (Banker 3 to 5 draw then) or of a natural (nobody draws).
    "When the Player has drawn a third card, Banker 4 draws only when the Player's third
    card is 2–7"."""
    return _("When the Player has drawn a third card, {rule}").format(
        rule=tableau_row_rule(banker_total)
    )


def tableau_cell_text(banker_total: int, player_third_value: int) -> str:
    """One cell of the tableau in words: "Banker 3 against a Player's third card of 8: the
    Banker stands. (Banker 3 draws unless the Player's third card is an 8.)" """
    if banker_draws(banker_total, player_third_value):
        text = _(
            "Banker {total} against a Player's third card of {value}: the Banker draws. ({rule}.)"
        )
    else:
        text = _(
            "Banker {total} against a Player's third card of {value}: the Banker stands. ({rule}.)"
        )
    return text.format(
        total=banker_total, value=player_third_value, rule=tableau_row_rule(banker_total)
    )


def two_card_rule(rule: str) -> str:
    """ "DDDDDDSS" -> "draws on 0–5 and stands on 6 or 7"."""
    draws = [t for t in range(8) if rule[t] == DRAW]
    stands = [t for t in range(8) if rule[t] == STAND]
    return _("draws on {draws} and stands on {stands}").format(
        draws=_span(draws), stands=_span(stands)
    )


def player_rule_text() -> str:
    # "With no natural": on either side (the quiz serves it as true; a test checks every hand).
    return _("With no natural, the Player {rule}.").format(rule=two_card_rule(PLAYER_RULE))


def banker_stood_rule_text() -> str:
    # A Player with a natural "stands" too, but then nobody draws: hence the second condition.
    return _(
        "When the Player stood and neither hand is a natural, the Banker ignores the tableau "
        "and {rule}, just like the Player."
    ).format(rule=two_card_rule(BANKER_WHEN_PLAYER_STOOD))
