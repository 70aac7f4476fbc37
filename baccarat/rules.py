"""The punto banco drawing rules, as data, and the resolution of a hand step by step.

Everything else in the project (the chart page, walkthroughs, drills, the API, odds)
reads the rules from here. The tableau exists once: `TABLEAU` below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from baccarat.cards import Card, parse_cards, total, total_working

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

GATES = ("natural", "player", "banker", "result")
OPENING = ("player_first", "banker_first", "player_second", "banker_second")
CARD_NEEDED = {
    "player_first": "the Player's first card",
    "banker_first": "the Banker's first card",
    "player_second": "the Player's second card",
    "banker_second": "the Banker's second card",
    "player_third": "the Player's third card",
    "banker_third": "the Banker's third card",
}


class HandError(ValueError):
    """Cards that cannot be one punto banco hand (too many, or unplaceable)."""


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


# --- resolving a hand ------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One side's cards. Totals are None where a card they depend on is unknown."""

    name: str  # "Player" or "Banker"
    cards: tuple[Card, ...]
    initial_total: int | None
    third_card: Card | None
    final_total: int | None

    @property
    def third_card_value(self) -> int | None:
        return self.third_card.value if self.third_card else None

    @property
    def is_natural(self) -> bool:
        return self.initial_total is not None and is_natural(self.initial_total)

    @property
    def initial_working(self) -> str | None:
        two = self.cards[:2]
        if len(two) < 2 or not all(c.known for c in two):
            return None
        return total_working([c.value for c in two])

    @property
    def final_working(self) -> str | None:
        if self.final_total is None:
            return None
        return total_working([c.value for c in self.cards])


@dataclass(frozen=True)
class Step:
    """One gate of the resolution and the sentence that explains its decision.

    `decision` is one of: natural, no_natural, draw, stand, undecided, banker, player,
    tie. `tableau_cell` is (Banker total, Player third-card value) when the tableau
    decided (or will decide) the Banker's move.
    """

    gate: str
    decision: str
    text: str
    tableau_cell: tuple[int, int | None] | None = None


@dataclass(frozen=True)
class Resolution:
    cards: tuple[Card, ...]
    player: Hand
    banker: Hand
    natural: bool | None
    player_action: str  # natural | draw | stand | undecided
    banker_action: str  # natural | draw | stand | undecided
    winner: str | None  # banker | player | tie | None until known
    needs: str | None  # the next card the hand needs, or None
    complete: bool  # no further card will be dealt and every decision is made
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def needs_text(self) -> str | None:
        return CARD_NEEDED.get(self.needs)


def _two_card_total(cards: list[Card]) -> int | None:
    if len(cards) < 2 or not all(c.known for c in cards[:2]):
        return None
    return total([c.value for c in cards[:2]])


def _final_total(cards: list[Card]) -> int | None:
    if not all(c.known for c in cards):
        return None
    return total([c.value for c in cards])


def _natural_step(p: int | None, b: int | None) -> tuple[bool | None, Step | None]:
    p_nat = p is not None and is_natural(p)
    b_nat = b is not None and is_natural(b)
    if p_nat and b_nat:
        text = (
            f"Player has a natural {p} and Banker a natural {b}: "
            "the hand ends and no third card is dealt."
        )
        return True, Step("natural", "natural", text)
    if p_nat or b_nat:
        side, t = ("Player", p) if p_nat else ("Banker", b)
        text = f"{side} has a natural {t}: the hand ends for both sides and no third card is dealt."
        return True, Step("natural", "natural", text)
    if p is not None and b is not None:
        text = (
            f"Player has {p} and Banker has {b}: neither has a natural 8 or 9, "
            "so the drawing rules apply."
        )
        return False, Step("natural", "no_natural", text)
    unknown = {
        (True, False): "The Player's two-card total is",
        (False, True): "The Banker's two-card total is",
        (True, True): "Both two-card totals are",
    }[p is None, b is None]
    text = (
        f"{unknown} not known, so whether there is a natural is undecided, "
        "and with it everything after."
    )
    return None, Step("natural", "undecided", text)


def _player_step(p: int) -> Step:
    if player_draws(p):
        text = f"Player has {p}: the Player {two_card_rule(PLAYER_RULE)}, so the Player draws."
        return Step("player", "draw", text)
    text = f"Player has {p}: the Player {two_card_rule(PLAYER_RULE)}, so the Player stands."
    return Step("player", "stand", text)


def _banker_step(b: int, player_stood: bool, third: Card | None) -> Step:
    if player_stood:
        verb = "draws" if banker_draws(b, None) else "stands"
        text = (
            f"The Player stood, so the tableau does not apply: Banker "
            f"{two_card_rule(BANKER_WHEN_PLAYER_STOOD)}, and Banker {b} {verb}."
        )
        return Step("banker", "draw" if verb == "draws" else "stand", text)
    row = tableau_draws_against(b)
    if third is None or not third.known:
        what = "is not dealt yet" if third is None else "is unknown"
        if len(row) in (0, 10):
            text = (
                f"Banker has {b} and the Player's third card {what}, but it does not "
                f"matter: {tableau_row_rule(b)}."
            )
            return Step("banker", "draw" if row else "stand", text, (b, None))
        text = (
            f"Banker has {b} and the Player's third card {what}: "
            f"{tableau_row_rule(b)}, so the Banker's move is undecided."
        )
        return Step("banker", "undecided", text, (b, None))
    v = third.value
    draws = banker_draws(b, v)
    card = third.name_with_value
    if len(row) in (0, 10):
        text = f"Banker has {b} and the Player's third card is {card}: {tableau_row_rule(b)}."
    elif len(row) == 9 and not draws:
        text = (
            f"Banker has {b} and the Player's third card is {card}: "
            f"Banker {b} stands only against {_article(v)} {v}."
        )
    else:
        verb = "draws" if draws else "stands"
        text = (
            f"Banker has {b} and the Player's third card is {card}: "
            f"{tableau_row_rule(b)}, so Banker {verb}."
        )
    return Step("banker", "draw" if draws else "stand", text, (b, v))


def _result_step(p: int | None, b: int | None) -> Step:
    if p is None or b is None:
        return Step(
            "result",
            "undecided",
            "Every decision is made, but a card is unknown, "
            "so the final totals and the winner are not known.",
        )
    if p == b:
        return Step("result", "tie", f"Player {p}, Banker {b}: a tie; Banker and Player bets push.")
    winner = "Player" if p > b else "Banker"
    return Step(
        "result", winner.lower(), f"Player {p}, Banker {b}: {winner} wins with the higher total."
    )


def _hand(
    name: str, cards: list[Card], initial: int | None, third: Card | None, done: bool
) -> Hand:
    return Hand(
        name=name,
        cards=tuple(cards),
        initial_total=initial,
        third_card=third,
        final_total=_final_total(cards) if done and len(cards) >= 2 else None,
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
        n, f"{n}th"
    )


def resolve(cards: list[Card] | list[str] | str) -> Resolution:
    """Resolve a hand from its cards in dealing order: Player, Banker, Player, Banker,
    then the third cards in the order the rules deal them (Player's first).

    Fewer cards are fine: `needs` says which card comes next. Unknown cards ("?") are
    fine: decisions that do not depend on them are made, the rest are "undecided" and
    no card is ever invented. Raises HandError when there are more cards than the hand
    can have, saying why it ended, and CardError for a token that is not a card.
    """
    if isinstance(cards, str) or (cards and not isinstance(cards[0], Card)):
        cards = parse_cards(cards)
    cards = list(cards)
    player_cards = cards[0:4:2]
    banker_cards = cards[1:4:2]
    p = _two_card_total(player_cards)
    b = _two_card_total(banker_cards)
    steps: list[Step] = []

    def finish(player_action, banker_action, needs, natural, p_done, b_done, complete, used):
        if len(cards) > used:
            raise HandError(_too_many(cards, used, steps, complete))
        player = _hand("Player", player_cards, p, player_third, p_done)
        banker = _hand("Banker", banker_cards, b, banker_third, b_done)
        winner = None
        if complete:
            steps.append(_result_step(player.final_total, banker.final_total))
            winner = {"player": "player", "banker": "banker", "tie": "tie"}.get(steps[-1].decision)
        return Resolution(
            cards=tuple(cards),
            player=player,
            banker=banker,
            natural=natural,
            player_action=player_action,
            banker_action=banker_action,
            winner=winner,
            needs=needs,
            complete=complete,
            steps=tuple(steps),
        )

    player_third = banker_third = None

    # Gate 1: the natural check. With three cards the Player's hand is already known,
    # and a Player natural ends the hand whatever the Banker's second card is.
    if len(cards) < 4:
        needs = OPENING[len(cards)]
        if p is not None and is_natural(p):
            natural, step = _natural_step(p, None)
            steps.append(step)
            return finish("natural", "natural", needs, True, False, False, False, len(cards))
        return finish("undecided", "undecided", needs, None, False, False, False, len(cards))

    natural, step = _natural_step(p, b)
    steps.append(step)
    if natural:
        return finish("natural", "natural", None, True, True, True, True, 4)
    if natural is None:
        return finish("undecided", "undecided", None, None, False, False, False, 4)

    # Gate 2: the Player's rule.
    steps.append(_player_step(p))
    player_stood = not player_draws(p)
    next_index = 4
    if not player_stood:
        if len(cards) > next_index:
            player_third = cards[next_index]
            player_cards.append(player_third)
        next_index += 1

    # Gate 3: the Banker's rule, the tableau only if the Player drew.
    steps.append(_banker_step(b, player_stood, player_third))
    banker_decision = steps[-1].decision
    if not player_stood and player_third is None:
        # Waiting for the Player's third card; the Banker's move may already be known.
        return finish("draw", banker_decision, "player_third", False, False, False, False, 4)
    player_action = "stand" if player_stood else "draw"
    if banker_decision == "undecided":
        return finish(player_action, "undecided", None, False, True, False, False, next_index)
    if banker_decision == "draw":
        if len(cards) > next_index:
            banker_third = cards[next_index]
            banker_cards.append(banker_third)
        else:
            return finish(
                player_action, "draw", "banker_third", False, True, False, False, next_index
            )
        next_index += 1
    return finish(player_action, banker_decision, None, False, True, True, True, next_index)


def _too_many(cards: list[Card], used: int, steps: list[Step], complete: bool) -> str:
    """Why the card after `used` cannot be part of this hand."""
    extra = f"card {used + 1} ({cards[used]}) has no place"
    if not complete:
        # The hand may go on, but who gets the next card depends on an unknown card.
        return (
            f"Too many cards: {extra}, because it depends on an unknown card whether "
            "another card is dealt and to whom. Give that card instead of ?."
        )
    natural = next((s for s in steps if s.gate == "natural"), None)
    if natural and natural.decision == "natural":
        reason = natural.text.split(":")[0] + "; no third card is dealt"
    else:
        player = next(s for s in steps if s.gate == "player")
        drawn = used - 4
        if drawn == 0:
            reason = "Player and Banker both stand; no third card is dealt"
        elif drawn == 2:
            reason = (
                "Player and Banker have both drawn their third card; a hand has at most six cards"
            )
        elif player.decision == "draw":
            reason = "the Player drew and the Banker stands; only five cards are dealt"
        else:
            reason = "the Player stood and the Banker drew; only five cards are dealt"
    return f"{reason[0].upper()}{reason[1:]} ({extra})."
