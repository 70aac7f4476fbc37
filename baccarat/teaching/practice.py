"""The practice dealer: a hand dealt from a shoe, and the questions a dealer answers about
it, gate by gate, before each one is revealed.

The correct answers are the resolution's own decisions and every explanation is the
resolution step's own sentence (`baccarat.game.rules`), so practice can never disagree with the
walkthrough or the rules page. Nothing here knows about the web.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from baccarat.game.cards import Card
from baccarat.game.rules import GATES, Resolution, resolve
from baccarat.game.shoe import random_hand
from baccarat.teaching.felt import Spot, lay_out
from baccarat.teaching.walkthrough import GATES as WALK_GATES
from baccarat.translation import _, gettext_noop, pgettext

DECKS = 8

# What each gate is called: the walkthrough's own titles (English, marked for translation:
# `title` shows one in the active language).
GATE_TITLES = dict(WALK_GATES)


@dataclass(frozen=True)
class Choice:
    value: str  # the resolution's own word for the decision: natural, draw, banker...
    label: str
    key: str  # the keyboard shortcut, one letter, unique within its question


# The labels and prompts are English, marked for translation; a question is given them in
# the active language. Answers are compared by value, the same in every language.
NATURAL_CHOICES = (
    Choice("natural", gettext_noop("Natural"), "N"),
    Choice("no_natural", gettext_noop("No natural"), "O"),
)
DRAW_CHOICES = (
    Choice("draw", gettext_noop("Draw"), "D"),
    Choice("stand", gettext_noop("Stand"), "S"),
)
RESULT_CHOICES = (
    Choice("banker", gettext_noop("Banker"), "B"),
    Choice("player", gettext_noop("Player"), "P"),
    Choice("tie", gettext_noop("Tie"), "T"),
)

# The prompts name no total and no branch: working those out is the exercise.
PROMPTS = {
    "natural": (gettext_noop("Is there a natural?"), NATURAL_CHOICES),
    "player": (gettext_noop("Does the Player draw a third card?"), DRAW_CHOICES),
    "banker": (gettext_noop("Does the Banker draw a third card?"), DRAW_CHOICES),
    "result": (gettext_noop("Who wins this hand?"), RESULT_CHOICES),
}


class AnswerError(ValueError):
    """An answer that is none of the question's choices."""


@dataclass(frozen=True)
class Question:
    gate: str  # natural | player | banker | result
    prompt: str
    choices: tuple[Choice, ...]
    answer: str  # the value of the correct choice
    explanation: str  # the resolution step's sentence, word for word
    cards_shown: int  # how many cards (dealing order) are on the table while it is asked
    # The Banker gate only: the tableau cell that decided, or None when the Player stood.
    tableau_cell: tuple[int, int | None] | None = None

    def choice(self, value: str) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def choice_of(self, value: str) -> Choice:
        """The choice `value` names, for a value already checked to name one."""
        choice = self.choice(value)
        if choice is None:
            raise ValueError(f"{value!r} does not answer the {self.gate} question")
        return choice

    @property
    def answer_choice(self) -> Choice:
        return self.choice_of(self.answer)

    @property
    def title(self) -> str:
        return _(GATE_TITLES[self.gate])

    @property
    def choices_text(self) -> str:
        """ "Natural (N) or No natural (O)" """
        named = [_("{label} ({key})").format(label=c.label, key=c.key) for c in self.choices]
        if len(named) == 1:
            return named[0]
        listed = pgettext("between the items of a list", ", ").join(named[:-1])
        return pgettext("a list of choices", "{items} or {last}").format(
            items=listed, last=named[-1]
        )


@dataclass(frozen=True)
class Grade:
    question: Question
    given: Choice

    @property
    def correct(self) -> bool:
        return self.given.value == self.question.answer

    @property
    def verdict(self) -> str:
        if self.correct:
            return pgettext("the verdict on a practice answer", "Right")
        return pgettext("the verdict on a practice answer", "Not quite")


def questions(resolution: Resolution) -> tuple[Question, ...]:
    """The questions a dealer answers for this hand, in order: the natural check, then the
    Player's and the Banker's rule when the hand reaches them, then the result."""
    if not resolution.complete or resolution.winner is None:
        raise ValueError("only a complete hand with every card known can be practised")
    # The Player's third card is on the table once the Player gate is passed; the Banker's
    # only once the Banker gate is.
    shown = {"natural": 4, "player": 4, "banker": 4 + (resolution.player.third_card is not None)}
    shown["result"] = len(resolution.cards)
    asked = []
    for step in resolution.steps:
        prompt, choices = PROMPTS[step.gate]
        asked.append(
            Question(
                gate=step.gate,
                prompt=_(prompt),
                choices=tuple(Choice(c.value, _(c.label), c.key) for c in choices),
                answer=step.decision,
                explanation=step.text,
                cards_shown=shown[step.gate],
                tableau_cell=step.tableau_cell,
            )
        )
    return tuple(asked)


def grade(question: Question, value: str) -> Grade:
    """Mark an answer. Raises AnswerError, saying what the choices are, for anything that is
    not one of them (nothing should be counted for it)."""
    given = question.choice(value) if isinstance(value, str) else None
    if given is None:
        shown = repr(value if not isinstance(value, str) or len(value) <= 20 else value[:20] + "…")
        raise AnswerError(
            _("{answer} is not an answer to “{prompt}”: choose {choices}.").format(
                answer=shown, prompt=question.prompt, choices=question.choices_text
            )
        )
    return Grade(question, given)


@dataclass(frozen=True)
class PracticeHand:
    """A complete hand and the answers given about it so far, in order."""

    cards: tuple[Card, ...]
    answers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Checked here so a hand kept between requests can never be half-valid.
        if len(self.answers) > len(self.questions):
            raise ValueError("more answers than this hand has questions")
        for question, value in zip(self.questions, self.answers, strict=False):
            if question.choice(value) is None:
                raise ValueError(f"{value!r} does not answer the {question.gate} question")

    @cached_property
    def resolution(self) -> Resolution:
        return resolve(list(self.cards))

    @cached_property
    def questions(self) -> tuple[Question, ...]:
        return questions(self.resolution)

    @property
    def current(self) -> Question | None:
        """The question waiting for an answer; None once the hand is done."""
        if self.done:
            return None
        return self.questions[len(self.answers)]

    @property
    def done(self) -> bool:
        return len(self.answers) == len(self.questions)

    @property
    def grades(self) -> tuple[Grade, ...]:
        return tuple(
            Grade(q, q.choice_of(value))
            for q, value in zip(self.questions, self.answers, strict=False)
        )

    @property
    def right(self) -> int:
        return sum(g.correct for g in self.grades)

    @property
    def shown(self) -> int:
        """How many cards are on the table now."""
        current = self.current
        return len(self.cards) if current is None else current.cards_shown

    def shown_for(self, side: str) -> tuple[Card, ...]:
        """The cards of one side ("player" or "banker") that are on the table now."""
        spot = next(spot for spot in self.felt() if spot.seat == side)
        return tuple(placed.card for placed in spot.cards)

    def felt(self, fresh_from: int | None = None) -> tuple[Spot, Spot]:
        """The Player's and the Banker's spots with the cards on the table now."""
        return lay_out(self.resolution, self.shown, fresh_from)

    @property
    def shown_before(self) -> int:
        """How many cards were on the table before the last answer revealed more."""
        return self.grades[-1].question.cards_shown if self.grades else 0

    @property
    def player_shown(self) -> tuple[Card, ...]:
        return self.shown_for("player")

    @property
    def banker_shown(self) -> tuple[Card, ...]:
        return self.shown_for("banker")

    def answer(self, value: str) -> tuple[PracticeHand, Grade]:
        """Answer the current question: the hand one question on, and the grade."""
        current = self.current
        if current is None:
            raise AnswerError(_("This hand is finished: there is no question left to answer."))
        marked = grade(current, value)
        return PracticeHand(self.cards, (*self.answers, marked.given.value)), marked


def deal(seed: int | str | None = None) -> PracticeHand:
    """A fresh hand from a shuffled 8-deck shoe; pass a seed to deal the same hand again."""
    return PracticeHand(tuple(random_hand(DECKS, seed)))


@dataclass(frozen=True)
class GateScore:
    gate: str
    answered: int = 0
    right: int = 0

    @property
    def title(self) -> str:
        return _(GATE_TITLES[self.gate])

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.answered) if self.answered else None


@dataclass(frozen=True)
class Score:
    """A session's running score, gate by gate."""

    gates: tuple[GateScore, ...] = tuple(GateScore(gate) for gate in GATES)

    @property
    def answered(self) -> int:
        return sum(g.answered for g in self.gates)

    @property
    def right(self) -> int:
        return sum(g.right for g in self.gates)

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.answered) if self.answered else None

    def record(self, marked: Grade) -> Score:
        return Score(
            tuple(
                GateScore(g.gate, g.answered + 1, g.right + marked.correct)
                if g.gate == marked.question.gate
                else g
                for g in self.gates
            )
        )

    def tally(self) -> dict[str, list[int]]:
        """Plain data to keep between requests: {gate: [answered, right]}."""
        return {g.gate: [g.answered, g.right] for g in self.gates}

    @classmethod
    def from_tally(cls, tally: object) -> Score:
        """Read back `tally()`; anything unreadable counts as nothing rather than failing."""
        tally = tally if isinstance(tally, dict) else {}
        gates = []
        for gate in GATES:
            counts = tally.get(gate)
            if (
                isinstance(counts, list | tuple)
                and len(counts) == 2
                and all(type(n) is int and n >= 0 for n in counts)
                and counts[1] <= counts[0]
            ):
                gates.append(GateScore(gate, *counts))
            else:
                gates.append(GateScore(gate))
        return cls(tuple(gates))
