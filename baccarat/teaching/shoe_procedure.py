"""The shoe's procedure as a drill: the burn, the cut card and the last hand, and what the
rules say when a card comes out that should not have.

The burn and the cut card are the site's own procedure, stated once in
`baccarat.simulation.shoes` (PROCEDURE, `burned`, CUT_CARD_FROM_END) and only asked about
here. A misdeal is a regulator's rule: each case names the rule it comes from (the ids of
reference/sources.toml), and the reference says where jurisdictions differ or were not read.
Nothing here knows about the web.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from baccarat.game.cards import RANKS, Card
from baccarat.simulation.shoes import CUT_CARD_FROM_END, burned, procedure
from baccarat.teaching.practice import Choice
from baccarat.translation import _, gettext_noop

KINDS = ("burn", "cut_position", "cut_card", "misdeal")
SKILLS = (
    "dealer:procedure:burn_ten", "dealer:procedure:burn", "dealer:procedure:cut_card",
    "dealer:procedure:misdeal", "dealer:procedure:cut_position",
)  # fmt: skip
MAX_TYPED = 3  # characters: the answers are 1 to 16


class AnswerError(ValueError):
    """An answer that is none of the choices, or not a whole number where one is asked."""


# When the cut card comes out: (situation, right choice). Marked here, said where shown.
CUT_CASES = (
    (gettext_noop("The cut card comes out as the Player's second card is drawn."), "one_more"),
    (gettext_noop("The cut card comes out when the Player's third card is drawn."), "one_more"),
    (gettext_noop("The cut card comes out when the Banker's third card is drawn."), "one_more"),
    (
        gettext_noop("The cut card comes out between hands, before the next hand's first card."),
        "this_last",
    ),
)
CUT_CHOICES = (
    ("one_more", gettext_noop("Finish this hand, deal one more, then end the shoe"), "1"),
    ("this_last", gettext_noop("The next hand dealt is the last one"), "2"),
    ("void", gettext_noop("Stop: the hand in progress is void"), "3"),
    ("carry_on", gettext_noop("Put the cut card aside and deal on to the end"), "4"),
)

# A card out of turn, with what the rule read says (Louisiana's procedures for card games,
# § III-3106 C.1: cards are burned after shuffling, when exposed or dealt by mistake, for dead
# games before play resumes, and the first card when a new dealer takes over).
MISDEAL_CASES = (
    (gettext_noop("A card is exposed by mistake as it comes out of the shoe."), "burn"),
    (gettext_noop("A card is dealt by mistake, to a hand that should not have had it."), "burn"),
    (gettext_noop("A new dealer takes over the table in the middle of the shoe."), "burn_one"),
    (gettext_noop("A game was declared dead, and play is about to resume."), "burn"),
)
MISDEAL_CHOICES = (
    ("burn", gettext_noop("The card is burned (it goes to the discard rack)"), "1"),
    ("burn_one", gettext_noop("The new dealer burns the first card, then deals"), "2"),
    ("deal_on", gettext_noop("Nothing: the card stays in play"), "3"),
    ("reshuffle", gettext_noop("The whole shoe is reshuffled"), "4"),
)
MISDEAL_SOURCE = "dealer-la-3106-burn"


@dataclass(frozen=True)
class Question:
    kind: str
    case: int  # which card or situation: with `kind`, all a question needs to come back
    skill: str
    prompt: str
    choices: tuple[Choice, ...]  # empty: a whole number is typed
    answer: str
    explanation: str
    source: str  # the section of reference/sources.toml the answer rests on

    @property
    def typed(self) -> bool:
        return not self.choices

    def choice(self, value: str) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    @property
    def answer_text(self) -> str:
        chosen = self.choice(self.answer)
        return chosen.label if chosen else self.answer


def _choices(rows: tuple[tuple[str, str, str], ...]) -> tuple[Choice, ...]:
    return tuple(Choice(value, _(label), key) for value, label, key in rows)


def question(kind: str, case: int) -> Question:
    """The question of `kind` for `case` (a rank's index for the burn, a situation's index
    otherwise). ValueError for a kind or case there is not."""
    if kind == "burn":
        card = Card(RANKS[case], "S")
        n = burned(card.value or 0)
        if card.value == 0:
            why = _("{card} counts 0 in a hand, but for the burn a ten or a picture counts "
                    "10: {n} cards are burned.")  # fmt: skip
        else:
            why = _("{card} counts {value}: {n} cards are burned.")
        return Question(
            kind, case, "dealer:procedure:burn_ten" if card.value == 0 else "dealer:procedure:burn",
            _("A new shoe: the first card turned over is {card}. How many cards are burned "
              "after it?").format(card=card.face),  # fmt: skip
            (), str(n), why.format(card=card.face, value=card.value, n=n),
            "dealer-burn-cut",
        )  # fmt: skip
    if kind == "cut_position":
        if case != 0:
            raise ValueError(f"no case {case} of {kind}")
        return Question(
            kind, 0, "dealer:procedure:cut_position",
            _("How many cards from the end of the shoe does the cut card go?"), (),
            str(CUT_CARD_FROM_END),
            _("The cut card goes in front of the last {cut} cards: enough for the last two "
              "hands, which take at most 12.").format(cut=CUT_CARD_FROM_END),
            "dealer-burn-cut",
        )  # fmt: skip
    if kind == "cut_card":
        situation, answer = CUT_CASES[case]
        why = (
            _("The hand during which the cut card comes out is finished, and one more hand is "
              "dealt.")
            if answer == "one_more"
            else _("A cut card that comes out before a hand's first card makes that hand the "
                   "last.")
        )  # fmt: skip
        return Question(kind, case, "dealer:procedure:cut_card",
                        _("{situation} What now?").format(situation=_(situation)),
                        _choices(CUT_CHOICES), answer, why, "dealer-burn-cut")  # fmt: skip
    if kind == "misdeal":
        situation, answer = MISDEAL_CASES[case]
        why = {
            "burn": _("Louisiana's rule for card games: cards are burned when a card has been "
                      "exposed or dealt by mistake, and for dead games before play resumes."),
            "burn_one": _("Louisiana's rule for card games: when a dealer is relieved, the new "
                          "dealer burns the first card before play resumes."),
        }[answer]  # fmt: skip
        return Question(kind, case, "dealer:procedure:misdeal",
                        _("{situation} What does the rule say?").format(situation=_(situation)),
                        _choices(MISDEAL_CHOICES), answer, why, MISDEAL_SOURCE)  # fmt: skip
    raise ValueError(f"no kind {kind!r}")


CASES = {"burn": len(RANKS), "cut_position": 1, "cut_card": len(CUT_CASES),
         "misdeal": len(MISDEAL_CASES)}  # fmt: skip


def for_skill(skill: str, seed: int | str) -> Question:
    """A question that exercises `skill`, picked by a seeded draw."""
    rng = random.Random(f"{seed}:{skill}")
    if skill in ("dealer:procedure:burn", "dealer:procedure:burn_ten"):
        ten = skill.endswith("_ten")
        cases = [i for i, rank in enumerate(RANKS) if (Card(rank).value == 0) == ten]
        return question("burn", rng.choice(cases))
    kind = skill.removeprefix("dealer:procedure:")
    if kind not in CASES:
        raise ValueError(f"no skill {skill!r}")
    return question(kind, rng.randrange(CASES[kind]))


def grade(q: Question, given: str) -> bool:
    """Right or not. AnswerError, saying what is wanted, for an answer that is not one."""
    if not isinstance(given, str):
        raise AnswerError(_("answer: choose one of the answers."))
    if q.typed:
        # ASCII digits only, as every number the site reads (a full-width "１０" is refused
        # with the same message, not read on one page and refused on the next).
        text = given.strip(" \t\n\r\x0b\x0c")
        if not (0 < len(text) <= MAX_TYPED and text.isascii() and text.isdigit()):
            raise AnswerError(_("answer: type a whole number of cards, such as 7."))
        return int(text) == int(q.answer)
    if q.choice(given) is None:
        raise AnswerError(_("answer: choose one of the answers."))
    return given == q.answer


@dataclass(frozen=True)
class Rule:
    """One line of the procedure, as the reference section states it, and its source."""

    text: str
    source: str


def reference(decks: int = 8) -> tuple[Rule, ...]:
    """The procedure written out: the site's own (shoes.procedure) and the misdeal rule read."""
    return (
        Rule(procedure(decks), "dealer-burn-cut"),
        Rule(
            _("When a card is exposed or dealt by mistake, it is burned; after a dead game, "
              "cards are burned before play resumes; a new dealer burns the first card before "
              "dealing (Louisiana's procedures for card games)."),
            MISDEAL_SOURCE,
        ),
        Rule(
            _("Whether a hand with a card exposed or dealt in error stands, is dealt again or "
              "is void is each jurisdiction's own rule: the baccarat chapters of New Jersey, "
              "Pennsylvania and Nevada were not read here, so this drill does not say."),
            "",
        ),
    )  # fmt: skip
