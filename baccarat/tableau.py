"""The punto banco drawing rules as data, and in words.

The tableau exists once: `TABLEAU` below. Everything else in the project (the chart page,
walkthroughs, drills, the API, odds) reads the rules from here, most of it through
`baccarat.rules`, which resolves a hand with them.
"""

from __future__ import annotations

from functools import cache

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


def _check_total(name: str, value: int, top: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ValueError(f"{name} must be a whole number from 0 to {top}, not {value!r}")


def is_natural(two_card_total: int) -> bool:
    return two_card_total in NATURALS


def player_draws(player_total: int) -> bool:
    """Does the Player, with this two-card total and no natural on the table, draw?"""
    _check_total("The Player's two-card total", player_total, 7)
    return PLAYER_RULE[player_total] == DRAW


def banker_draws(banker_total: int, player_third_value: int | None) -> bool:
    """Does the Banker draw? `player_third_value` is None when the Player stood."""
    _check_total("The Banker's two-card total", banker_total, 7)
    if player_third_value is None:
        return BANKER_WHEN_PLAYER_STOOD[banker_total] == DRAW
    _check_total("The value of the Player's third card", player_third_value, 9)
    return TABLEAU[banker_total][player_third_value] == DRAW


# --- describing the rules in words, from the data above --------------------------------


def _span(values: list[int]) -> str:
    """[2, 3, 4, 5, 6, 7] -> "2-7"; [6, 7] -> "6 or 7"; [8] -> "8"."""
    if len(values) == 1:
        return str(values[0])
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    if list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values[:-1]) + f" or {values[-1]}"


def _article(number: int | str) -> str:
    return "an" if str(number) in ("8", "11", "18") else "a"


@cache
def tableau_draws_against(banker_total: int) -> tuple[int, ...]:
    """The Player third-card values against which this Banker total draws."""
    return tuple(v for v in range(10) if banker_draws(banker_total, v))


@cache
def tableau_row_rule(banker_total: int) -> str:
    """One Banker row of the tableau in words, e.g. "Banker 3 draws unless the Player's
    third card is an 8"."""
    draws = tableau_draws_against(banker_total)
    stands = [v for v in range(10) if v not in draws]
    who = f"Banker {banker_total}"
    if not stands:
        return f"{who} always draws, whatever the Player's third card"
    if not draws:
        return f"{who} always stands, whatever the Player's third card"
    if len(stands) == 1:
        return f"{who} draws unless the Player's third card is {_article(stands[0])} {stands[0]}"
    return f"{who} draws only when the Player's third card is {_span(draws)}"


def tableau_cell_text(banker_total: int, player_third_value: int) -> str:
    """One cell of the tableau in words: "Banker 3 against a Player's third card of 8: the
    Banker stands. (Banker 3 draws unless the Player's third card is an 8.)" """
    verb = "draws" if banker_draws(banker_total, player_third_value) else "stands"
    return (
        f"Banker {banker_total} against a Player's third card of {player_third_value}: "
        f"the Banker {verb}. ({tableau_row_rule(banker_total)}.)"
    )


@cache
def two_card_rule(rule: str) -> str:
    """ "DDDDDDSS" -> "draws on 0–5 and stands on 6 or 7"."""
    draws = [t for t in range(8) if rule[t] == DRAW]
    stands = [t for t in range(8) if rule[t] == STAND]
    return f"draws on {_span(draws)} and stands on {_span(stands)}"


def player_rule_text() -> str:
    return f"With no natural, the Player {two_card_rule(PLAYER_RULE)}."


def banker_stood_rule_text() -> str:
    return (
        "When the Player stood, the Banker ignores the tableau and "
        f"{two_card_rule(BANKER_WHEN_PLAYER_STOOD)}, just like the Player."
    )
