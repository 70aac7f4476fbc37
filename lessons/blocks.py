"""What a directive puts on a lesson page: the frozen specs lessons.directives reads out of a
lesson's text and lessons.drawing draws (a road board, a hand, a tableau, a chart, a table of
edges, a settled bet, an inline check), and the Directive that places one in the lesson.

Every figure in a spec is the engine's, computed when the course loads; a check's questions
come from baccarat.teaching.questions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from baccarat.game.rules import Resolution
from baccarat.odds.payouts import money
from baccarat.roads.scoreboard import DERIVED_ROADS
from baccarat.teaching.questions import (
    Question,
    bead_question,
    lowest_edge_question,
    mark_question,
    myth_question,
    question_for_skill,
    settle_question,
)
from baccarat.teaching.road_questions import case_question, plate_question
from baccarat.teaching.swings import DECKS, SwingRow
from baccarat.teaching.table_questions import ask_question
from baccarat.teaching.walkthrough import Gate
from baccarat.translation import _

MAX_HANDS = 100  # the longest board a lesson road may grow to (a shoe is about 80 hands)


@dataclass(frozen=True)
class EngineText:
    """Text computed by the engine. `items` make a list when shown as a block."""

    text: str
    items: tuple[str, ...] = ()
    kind: str = "rule"  # rule | figure

    @property
    def sentence(self) -> str:
        return self.text if self.text.endswith((".", "。")) else _("{text}.").format(text=self.text)


@dataclass(frozen=True)
class Road:
    outcomes: str
    show: tuple[str, ...]
    proofs: tuple[str, ...]
    ask: bool
    next: str | None = None  # B or P: say what that outcome would make each road compare

    @property
    def derived(self) -> tuple[str, ...]:
        return tuple(key for key in self.show if key in DERIVED_ROADS)


@dataclass(frozen=True)
class HandSpec:
    cards: tuple[str, ...]
    resolution: Resolution
    gates: tuple[Gate, ...]
    tableau: bool
    values: bool  # show the card-values gate too (the early lessons want it)


@dataclass(frozen=True)
class TableauSpec:
    row: int | None
    column: int | None = None
    whole: bool = True


@dataclass(frozen=True)
class Chart:
    kind: str  # player | banker-stood | values


@dataclass(frozen=True)
class EdgeRow:
    bet: str
    name: str
    per_unit: str
    per_resolved: str
    pushes: str | None


@dataclass(frozen=True)
class Edges:
    decks: int
    rows: tuple[EdgeRow, ...]


@dataclass(frozen=True)
class RemovalRow:
    value: int
    banker_edge: str  # the change in the house edge, in percentage points, signed
    player_edge: str


@dataclass(frozen=True)
class Removals:
    decks: int
    rows: tuple[RemovalRow, ...]


@dataclass(frozen=True)
class OverTime:
    decks: int
    stake: int
    bets: tuple[str, ...]
    names: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (bets placed, expected loss per bet type)


@dataclass(frozen=True)
class Swings:
    stake: int
    hands: int
    rows: tuple[SwingRow, ...]  # one a bet
    decks: int = DECKS  # priced for a full shoe (the pair bet needs its ranks)


@dataclass(frozen=True)
class SessionSpec:
    """A run of hands on one bet: what it costs on average and how far it swings."""

    bet: str
    bet_name: str
    stake: int
    hands: int
    expected: str  # in words: "a loss of 21.16"
    swing: str  # one standard deviation, in money
    typical: str  # the range within one standard deviation, in words
    wide: str  # within two
    decks: int = DECKS


@dataclass(frozen=True)
class SettleSpec:
    bet: str
    bet_name: str
    stake: int
    cards: tuple[str, ...]
    resolution: Resolution
    result: str  # win | lose | push
    net: str
    returned: str
    why: str
    player_pair: bool

    @property
    def result_text(self) -> str:
        return self.resolution.steps[-1].text

    @property
    def text(self) -> str:
        if self.result == "win":
            return _("wins {net}").format(net=self.net)
        if self.result == "push":
            return _("pushes: the {stake} stake comes back").format(stake=money(self.stake))
        return _("loses the {stake} stake").format(stake=money(self.stake))


@dataclass(frozen=True)
class Helplines:
    pass


@dataclass(frozen=True)
class Check:
    """An inline check. `question(lesson, attempt)` is the question on that try: generated
    questions change after a wrong answer, curated ones stay the same. A curated question
    the board cannot ask (no mark yet) is a ValueError, which the loader turns into a content
    error."""

    id: str
    source: str  # skill | mark | case | bead | plate | settle | lowest-edge | myth | ask
    value: str  # the skill, road, side, bet, bets or word
    side: str = ""
    outcomes: str = ""
    stake: int = 0
    cards: tuple[str, ...] = ()
    decks: int = 8

    def question(self, lesson_key: str, attempt: int = 0) -> Question:
        rng = random.Random(f"{lesson_key}/{self.id}/{attempt}")
        if self.source == "skill":
            return question_for_skill(self.value, rng)
        if self.source == "mark":
            return mark_question(self.value, self.side, self.outcomes)
        if self.source == "case":
            return case_question(self.value, self.side, self.outcomes)
        if self.source == "plate":
            return plate_question(int(self.value), self.outcomes)
        if self.source == "bead":
            return bead_question(self.side, self.outcomes)
        if self.source == "settle":
            return settle_question(self.value, self.stake, self.cards, rng)
        if self.source == "lowest-edge":
            return lowest_edge_question(tuple(self.value.split(",")), self.decks)
        if self.source == "ask":
            return ask_question(self.value, self.stake)
        return myth_question(self.value)


@dataclass(frozen=True)
class Directive:
    """A block directive in its place in a lesson; `spec` is what it shows."""

    name: str
    source: str  # the text between the braces
    line: int  # 1-based, in the file
    number: int  # 1-based among the lesson's directives of this name
    spec: Any  # the spec class its name selects (lessons.directives)
