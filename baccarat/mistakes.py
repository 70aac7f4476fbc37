"""The mistakes learners and new dealers make with the Banker's rule, and the myths
players repeat, each with a hand that shows the truth.

Every example is found by searching the rules, and `right`/`wrong` are the Banker
moves the correct and the mistaken reading give, so a test can check each one.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.examples import complete_hand
from baccarat.rules import (
    banker_draws,
    banker_stood_rule_text,
    player_rule_text,
    resolve,
    tableau_draws_against,
    tableau_row_rule,
)


def _verb(draws: bool) -> str:
    return "draw" if draws else "stand"


@dataclass(frozen=True)
class Mistake:
    title: str
    text: str
    cards: tuple[str, ...]
    right: str  # the Banker's real move in the example: "draw", "stand" or "natural"
    wrong: str  # what the mistaken reading would have the Banker do

    @property
    def permalink_cards(self) -> str:
        return ",".join(self.cards)


def _final_total_instead_of_third_card(b: int) -> Mistake | None:
    for p in range(6):
        for v in range(10):
            final = (p + v) % 10
            right, wrong = banker_draws(b, v), banker_draws(b, final)
            if right != wrong:
                cards = complete_hand(p, b, v)
                third = resolve(cards).player.third_card
                return Mistake(
                    "Reading the Player's new total instead of the third card",
                    f"The Player had {p} and drew {third.name_with_value}, making {final}. The "
                    f"tableau column is the third card's value, {v}, so Banker {b} must "
                    f"{_verb(right)}; reading column {final} would wrongly {_verb(wrong)}.",
                    tuple(cards),
                    _verb(right),
                    _verb(wrong),
                )
    return None


def _tableau_when_player_stood(b: int) -> Mistake | None:
    for stood_on in (6, 7):
        right, wrong = banker_draws(b, None), banker_draws(b, stood_on)
        if right != wrong:
            cards = complete_hand(stood_on, b, None)
            return Mistake(
                "Using the tableau when the Player stood",
                f"The Player stood on {stood_on}, so there is no third card. "
                f"{banker_stood_rule_text()} Banker {b} must {_verb(right)}. Treating the "
                f"Player's {stood_on} as a third card would wrongly {_verb(wrong)}.",
                tuple(cards),
                _verb(right),
                _verb(wrong),
            )
    return None


def _forgetting_the_natural(b: int) -> Mistake | None:
    if not banker_draws(b, None):
        return None  # this Banker total would stand anyway: nothing to get wrong
    cards = complete_hand(8, b, None)
    return Mistake(
        "Forgetting the natural check",
        f"Check both hands for a natural before any rule. The Player has a natural 8, so "
        f"the hand is over: Banker {b} does not draw, although with no natural it would.",
        tuple(cards),
        "natural",
        "draw",
    )


def _the_exception(b: int) -> Mistake | None:
    row = tableau_draws_against(b)
    if len(row) != 9:
        return None
    (odd,) = set(range(10)) - set(row)
    cards = complete_hand(2, b, odd)
    return Mistake(
        f"Banker {b} against {'an' if odd == 8 else 'a'} {odd}",
        f"{tableau_row_rule(b)}. Drawing out of habit here is a classic slip at the table.",
        tuple(cards),
        "stand",
        "draw",
    )


def _the_edges(b: int) -> Mistake | None:
    row = tableau_draws_against(b)
    if not 0 < len(row) < 9:
        return None
    edge = row[0] - 1  # just below the range, where the Banker still stands
    cards = complete_hand(2, b, edge)
    return Mistake(
        f"Misremembering where Banker {b}'s range starts",
        f"{tableau_row_rule(b)}. Against a third card of {edge}, just below that range, "
        f"Banker {b} stands.",
        tuple(cards),
        "stand",
        "draw",
    )


FINDERS = (
    _the_exception,
    _the_edges,
    _final_total_instead_of_third_card,
    _forgetting_the_natural,
    _tableau_when_player_stood,
)

# The mistakes every row page discusses, and what each one gets wrong in general.
GENERAL_MISTAKES = {
    _final_total_instead_of_third_card: "Reading the Player's new total instead of the third card",
    _forgetting_the_natural: "Forgetting the natural check",
    _tableau_when_player_stood: "Using the tableau when the Player stood",
}


def common_mistakes(banker_total: int) -> list[Mistake]:
    """The mistakes that really change this row's outcome, each with a hand."""
    return [m for finder in FINDERS if (m := finder(banker_total)) is not None]


def harmless_here(banker_total: int) -> list[str]:
    """General mistakes that, by luck, give the right move on this row: still wrong
    reasoning, but no hand on this row can show the difference."""
    return [title for finder, title in GENERAL_MISTAKES.items() if finder(banker_total) is None]


@dataclass(frozen=True)
class Myth:
    myth: str
    truth: str
    cards: tuple[str, ...] = ()

    @property
    def permalink_cards(self) -> str:
        return ",".join(self.cards)


def myths() -> list[Myth]:
    three_card_eight = complete_hand(4, 5, 4)
    banker_five = complete_hand(2, 5, 3)
    banker_six = complete_hand(3, 6, 7)
    return [
        Myth(
            "A three-card 8 or 9 is a natural.",
            "Only the first two cards can make a natural. A Player who draws to 8 just has "
            "8; the Banker still acts on the rules.",
            tuple(three_card_eight),
        ),
        Myth(
            "Banker always draws on 5 or less.",
            f"Only when the Player stood. After a Player third card the tableau decides: "
            f"{tableau_row_rule(5)}.",
            tuple(banker_five),
        ),
        Myth(
            "Banker 6 never draws.",
            f"{tableau_row_rule(6)}. It stands when the Player stood.",
            tuple(banker_six),
        ),
        Myth(
            "Players decide whether to draw.",
            f"Not in punto banco: every move is fixed. {player_rule_text()} Only chemin de "
            "fer and baccarat banque leave choices to a player.",
        ),
        Myth(
            "A tie loses Banker and Player bets.",
            "A tie is a push for Banker and Player bets: the stake is returned. Only a Tie "
            "bet wins.",
        ),
        Myth(
            "The scoreboard roads show what comes next.",
            "The roads record results and predict nothing. Each hand comes from a shuffled "
            "shoe; streaks and patterns on the board are what randomness looks like.",
        ),
    ]
