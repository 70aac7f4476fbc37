"""The mistakes learners and new dealers make with the Banker's rule, and the myths
players repeat, each with a hand that shows the truth.

Every example is found by searching the rules, and `right`/`wrong` are the Banker
moves the correct and the mistaken reading give, so a test can check each one.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.game.rules import resolve
from baccarat.game.tableau import (
    banker_draws,
    banker_stood_rule_text,
    player_rule_text,
    tableau_draws_against,
    tableau_row_claim,
    tableau_row_rule,
)
from baccarat.teaching.examples import complete_hand
from baccarat.translation import _, gettext_noop


def _verb(draws: bool) -> str:
    return "draw" if draws else "stand"


@dataclass(frozen=True)
class Mistake:
    title: str
    text: str
    cards: tuple[str, ...]
    right: str  # the Banker's real move in the example: "draw", "stand" or "natural"
    wrong: str  # what the mistaken reading would have the Banker do (the same words, keys
    # in every language)

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
                assert third is not None  # the Player's total draws
                text = (
                    _("The Player had {player} and drew {card}, making {final}. The tableau "
                      "column is the third card's value, {value}, so Banker {banker} must "
                      "draw; reading column {final} would wrongly stand.")
                    if right
                    else _("The Player had {player} and drew {card}, making {final}. The "
                           "tableau column is the third card's value, {value}, so Banker "
                           "{banker} must stand; reading column {final} would wrongly draw.")
                )  # fmt: skip
                return Mistake(
                    _(GENERAL_MISTAKES[_final_total_instead_of_third_card]),
                    text.format(
                        player=p, card=third.name_with_value, final=final, value=v, banker=b
                    ),
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
            text = (
                _("The Player stood on {stood_on}, so there is no third card. {rule} Banker "
                  "{banker} must draw. Treating the Player's {stood_on} as a third card would "
                  "wrongly stand.")
                if right
                else _("The Player stood on {stood_on}, so there is no third card. {rule} "
                       "Banker {banker} must stand. Treating the Player's {stood_on} as a third "
                       "card would wrongly draw.")
            )  # fmt: skip
            return Mistake(
                _(GENERAL_MISTAKES[_tableau_when_player_stood]),
                text.format(stood_on=stood_on, rule=banker_stood_rule_text(), banker=b),
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
        _(GENERAL_MISTAKES[_forgetting_the_natural]),
        _(
            "Check both hands for a natural before any rule. The Player has a natural 8, so "
            "the hand is over: Banker {banker} does not draw, although with no natural it would."
        ).format(banker=b),
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
    title = (
        _("Banker {banker} against an {value}")
        if odd == 8
        else _("Banker {banker} against a {value}")
    )
    return Mistake(
        title.format(banker=b, value=odd),
        _("{rule}. Drawing out of habit here is a classic slip at the table.").format(
            rule=tableau_row_rule(b)
        ),
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
        _("Misremembering where Banker {banker}'s range starts").format(banker=b),
        _(
            "{rule}. Against a third card of {value}, just below that range, Banker {banker} "
            "stands."
        ).format(rule=tableau_row_rule(b), value=edge, banker=b),
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

# The mistakes every row page discusses, and what each one gets wrong in general: titles
# in English, marked for translation (show one with _(title)).
GENERAL_MISTAKES = {
    _final_total_instead_of_third_card: gettext_noop(
        "Reading the Player's new total instead of the third card"
    ),
    _forgetting_the_natural: gettext_noop("Forgetting the natural check"),
    _tableau_when_player_stood: gettext_noop("Using the tableau when the Player stood"),
}


def common_mistakes(banker_total: int) -> list[Mistake]:
    """The mistakes that really change this row's outcome, each with a hand."""
    return [m for finder in FINDERS if (m := finder(banker_total)) is not None]


def harmless_here(banker_total: int) -> list[str]:
    """General mistakes that, by luck, give the right move on this row: still wrong
    reasoning, but no hand on this row can show the difference."""
    return [_(title) for finder, title in GENERAL_MISTAKES.items() if finder(banker_total) is None]


@dataclass(frozen=True)
class Myth:
    myth: str
    truth: str
    cards: tuple[str, ...] = ()

    @property
    def permalink_cards(self) -> str:
        return ",".join(self.cards)


def myths() -> list[Myth]:
    """The myths and their truths in the active language."""
    return [myth for _english, myth in _myths()]


def find_myth(word: str) -> Myth:
    """The first myth whose English wording contains `word` (any case), in the active
    language: a lesson names its myth by an English word, whatever language it is read in.
    StopIteration when none does."""
    return next(myth for english, myth in _myths() if word.lower() in english.lower())


def _myths() -> list[tuple[str, Myth]]:
    """(the myth in English, the Myth in the active language) for every myth."""
    three_card_eight = complete_hand(4, 5, 4)
    banker_five = complete_hand(2, 5, 3)
    banker_six = complete_hand(3, 6, 7)
    myths = [
        (
            gettext_noop("A three-card 8 or 9 is a natural."),
            _(
                "Only the first two cards can make a natural. A Player who draws to 8 just has "
                "8; the Banker still acts on the rules."
            ),
            tuple(three_card_eight),
        ),
        (
            gettext_noop("Banker always draws on 5 or less."),
            _(
                "Only when the Player stood and neither hand is a natural. After a Player third "
                "card the tableau decides: {rule}."
            ).format(rule=tableau_row_rule(5)),
            tuple(banker_five),
        ),
        (
            gettext_noop("Banker 6 never draws."),
            _("{rule}. It stands when the Player stood.").format(rule=tableau_row_claim(6)),
            tuple(banker_six),
        ),
        (
            gettext_noop("Players decide whether to draw."),
            _(
                "Not in punto banco: every move is fixed. {rule} Only chemin de fer and "
                "baccarat banque leave choices to a player."
            ).format(rule=player_rule_text()),
            (),
        ),
        (
            gettext_noop("A tie loses Banker and Player bets."),
            _(
                "A tie is a push for Banker and Player bets: the stake is returned. Only a Tie "
                "bet wins."
            ),
            (),
        ),
        (
            gettext_noop("The scoreboard roads show what comes next."),
            _(
                "The roads record results and predict nothing. Each hand comes from a shuffled "
                "shoe; streaks and patterns on the board are what randomness looks like."
            ),
            (),
        ),
    ]
    return [(myth, Myth(_(myth), truth, cards)) for myth, truth, cards in myths]
