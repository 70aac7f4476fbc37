"""Calling the hand: what a dealer says aloud as a hand is dealt, step by step, and the
choices a learner picks from at each step.

The calls follow the resolution (`baccarat.game.rules.resolve`): after the four cards the
two totals ("Player five, Banker three"), the natural check, "Player draws" or "Player
stands", "Banker draws" or "Banker stands" when the hand reaches them, and the result
("Banker wins, seven over five"; "Tie, six"). Every right call is the resolution's own
decision and every reason is the walkthrough's sentence for that gate, so the calls can
never disagree with the tableau. Nothing here knows about the web.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from baccarat.game.cards import Card, parse_cards
from baccarat.game.rules import Resolution, resolve
from baccarat.game.shoe import Shoe, ShoeEmpty
from baccarat.teaching.practice import Choice
from baccarat.teaching.walkthrough import walkthrough
from baccarat.translation import _, gettext_noop

DECKS = 8
KINDS = ("totals", "natural", "player", "banker", "result")

# How a dealer says a total ("Player five"): marked here, translated where said.
NUMBER_WORDS = (
    gettext_noop("zero"), gettext_noop("one"), gettext_noop("two"), gettext_noop("three"),
    gettext_noop("four"), gettext_noop("five"), gettext_noop("six"), gettext_noop("seven"),
    gettext_noop("eight"), gettext_noop("nine"),
)  # fmt: skip

PROMPTS = {
    "totals": gettext_noop("Call the two totals."),
    "natural": gettext_noop("Is there a natural?"),
    "player": gettext_noop("Call the Player's hand."),
    "banker": gettext_noop("Call the Banker's hand."),
    "result": gettext_noop("Call the result."),
}

# The skills this drill feeds, the cases that trip learners first (the order breaks ties
# among skills never tried): Banker 3 (stands only on a Player third 8), Banker 6 (draws
# only on a Player third 6 or 7), the Player standing on 6 and 7, the rest of the tableau.
SKILLS = (
    "dealer:call:banker:3", "dealer:call:banker:6", "dealer:call:player:6",
    "dealer:call:player:7", "dealer:call:banker:4", "dealer:call:banker:5",
    "dealer:call:banker:stood", "dealer:call:natural", "dealer:call:result",
    "dealer:call:totals", "dealer:call:banker:7",
    *(f"dealer:call:banker:{b}" for b in (0, 1, 2)),
    *(f"dealer:call:player:{p}" for p in range(6)),
)  # fmt: skip
# Within a Banker skill, the Player third cards that trip learners, dealt half the time.
TRAP_THIRDS = {3: frozenset({8}), 6: frozenset({6, 7})}
MAX_HANDS = 5000  # hands dealt looking for one that exercises a skill: rare ones take ~200


def said(n: int) -> str:
    """A total as the dealer says it: "five"."""
    return _(NUMBER_WORDS[n])


def totals_call(p: int, b: int) -> str:
    return _("Player {player}, Banker {banker}").format(player=said(p), banker=said(b))


def result_call(p: int, b: int) -> str:
    if p == b:
        return _("Tie, {total}").format(total=said(p))
    if b > p:
        return _("Banker wins, {winner} over {loser}").format(winner=said(b), loser=said(p))
    return _("Player wins, {winner} over {loser}").format(winner=said(p), loser=said(b))


def natural_call(p: int, b: int) -> str:
    if p >= 8 and b >= 8:
        return _("Natural {player}, Player; natural {banker}, Banker").format(
            player=said(p), banker=said(b)
        )
    if p >= 8:
        return _("Natural {total}, Player").format(total=said(p))
    if b >= 8:
        return _("Natural {total}, Banker").format(total=said(b))
    return _("No natural")


@dataclass(frozen=True)
class Call:
    """One step of calling a hand: what is asked, the choices, the right one, and why."""

    kind: str  # one of KINDS
    skill: str
    prompt: str
    choices: tuple[Choice, ...]
    answer: str  # the value of the right choice
    spoken: str  # the right call, as the dealer says it
    explanation: str  # the walkthrough's sentences for this gate
    cards_shown: int  # cards on the table while it is asked (dealing order)
    tableau_row: int | None = None  # a Banker call the tableau decided: the Banker's total

    def choice(self, value: object) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)


def _pairs_call_choices(
    right: tuple[int, int], near: list[tuple[int, int]], word: Callable[[int, int], str]
) -> tuple[Choice, ...]:
    """Four calls: the right one and the nearest mistakes, in a fixed order that does not
    give the right one away (by Player total, then Banker)."""
    picked = [right]
    for pair in near:
        if pair not in picked and len(picked) < 4:
            picked.append(pair)
    picked.sort()
    return tuple(Choice(f"{p}-{b}", word(p, b), str(n)) for n, (p, b) in enumerate(picked, 1))


def calls(resolution: Resolution) -> tuple[Call, ...]:
    """The calls a dealer makes for a complete hand, in order."""
    if not resolution.complete or resolution.winner is None:
        raise ValueError("only a complete hand with every card known can be called")
    gates = {g.key: " ".join(g.sentences) for g in walkthrough(resolution)}
    player, banker = resolution.player, resolution.banker
    p, b = player.initial_total, banker.initial_total
    pf, bf = player.final_total, banker.final_total
    assert p is not None and b is not None and pf is not None and bf is not None
    out = [
        Call(
            "totals",
            "dealer:call:totals",
            _(PROMPTS["totals"]),
            _pairs_call_choices(
                (p, b),
                [(b, p), ((p + 1) % 10, b), (p, (b + 9) % 10), ((p + 9) % 10, b)],
                totals_call,
            ),
            f"{p}-{b}",
            totals_call(p, b),
            gates["totals"],
            4,
        )
    ]
    natural_value = "none" if p < 8 and b < 8 else "both" if p >= 8 and b >= 8 else (
        "player" if p >= 8 else "banker"
    )  # fmt: skip
    out.append(
        Call(
            "natural",
            "dealer:call:natural",
            _(PROMPTS["natural"]),
            (
                Choice("none", _("No natural"), "O"),
                Choice("player", _("Natural, Player"), "P"),
                Choice("banker", _("Natural, Banker"), "B"),
                Choice("both", _("Natural on both sides"), "N"),
            ),
            natural_value,
            natural_call(p, b),
            gates["natural"],
            4,
        )
    )
    for step in resolution.steps:
        if step.gate == "player":
            choices = (
                Choice("draw", _("Player draws"), "D"),
                Choice("stand", _("Player stands"), "S"),
            )
            skill = f"dealer:call:player:{p}"
            shown = 4
        elif step.gate == "banker":
            choices = (
                Choice("draw", _("Banker draws"), "D"),
                Choice("stand", _("Banker stands"), "S"),
            )
            skill = "dealer:call:banker:stood" if step.tableau_cell is None else (
                f"dealer:call:banker:{b}"
            )  # fmt: skip
            shown = 4 + (player.third_card is not None)
        else:
            continue
        answer = next(c for c in choices if c.value == step.decision)
        out.append(
            Call(
                step.gate,
                skill,
                _(PROMPTS[step.gate]),
                choices,
                step.decision,
                answer.label,
                gates[step.gate],
                shown,
                step.tableau_cell[0] if step.tableau_cell else None,
            )
        )
    # The usual slip at the result is to forget a third card: the two-card totals.
    near = [(p, b), (pf, b), (p, bf), ((pf + 1) % 10, bf), (pf, (bf + 1) % 10), (bf, pf)]
    out.append(
        Call(
            "result",
            "dealer:call:result",
            _(PROMPTS["result"]),
            _pairs_call_choices((pf, bf), near, result_call),
            f"{pf}-{bf}",
            result_call(pf, bf),
            gates["result"],
            len(resolution.cards),
        )
    )
    return tuple(out)


@dataclass(frozen=True)
class CalledHand:
    """A complete hand and how far its calling has gone."""

    cards: tuple[Card, ...]
    at: int = 0  # the index of the call waiting for an answer

    def __post_init__(self) -> None:
        if not 0 <= self.at < len(self.calls):
            raise ValueError(f"call {self.at} is not a call of this hand")

    @cached_property
    def resolution(self) -> Resolution:
        return resolve(list(self.cards))

    @cached_property
    def calls(self) -> tuple[Call, ...]:
        return calls(self.resolution)

    @property
    def current(self) -> Call:
        return self.calls[self.at]

    @property
    def last(self) -> bool:
        return self.at == len(self.calls) - 1

    def text(self) -> str:
        """The cards as text, to keep between requests: "4,Ah,A,3s,8"."""
        return ",".join(str(card) for card in self.cards)

    @classmethod
    def read(cls, cards: str, at: int) -> CalledHand:
        """Read back `text()` and a step; ValueError for anything that is not a complete hand
        with a call at `at`."""
        return cls(tuple(parse_cards(cards)), at)


def exercises(resolution: Resolution, skill: str, trap: bool) -> bool:
    """Does calling this hand exercise `skill` (and, with `trap`, its trap cell)?"""
    if not resolution.complete or skill in ("dealer:call:totals", "dealer:call:result"):
        return resolution.complete
    if skill == "dealer:call:natural":
        return resolution.complete and (not trap or bool(resolution.natural))
    player_skill = f"dealer:call:player:{resolution.player.initial_total}"
    for step in resolution.steps:
        if step.gate == "player" and skill == player_skill:
            return True
        if step.gate != "banker":
            continue
        if step.tableau_cell is None:
            return skill == "dealer:call:banker:stood"
        b, third = step.tableau_cell
        if skill == f"dealer:call:banker:{b}":
            return not trap or b not in TRAP_THIRDS or third in TRAP_THIRDS[b]
    return False


def deal_for(skill: str, seed: int | str) -> CalledHand:
    """A hand from a seeded 8-deck shoe that exercises `skill`: the shoe is dealt hand by
    hand until one does (a new shoe, seeded on from the first, when one runs out). The
    trap cells of a Banker total come half the time. The same seed deals the same hand."""
    rng = random.Random(f"{seed}:{skill}")
    trap = rng.random() < 0.5
    shoe_number = 0
    shoe = Shoe(DECKS, f"{seed}:{shoe_number}")
    for _attempt in range(MAX_HANDS):
        try:
            cards = shoe.deal_hand()
        except ShoeEmpty:
            shoe_number += 1
            shoe = Shoe(DECKS, f"{seed}:{shoe_number}")
            continue
        if exercises(resolve(cards), skill, trap):
            return CalledHand(tuple(cards))
    return CalledHand(tuple(cards))  # no such hand turned up: any hand still teaches
