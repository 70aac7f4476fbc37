"""The resolution of a punto banco hand, step by step, with the rules of
`baccarat.game.tableau` (the tableau as data, and the rules in words, which this module also
offers to the rest of the project).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from baccarat.game.cards import Card, as_cards, known_values, total, total_working
from baccarat.game.rules_text import (
    banker_text,
    natural_text,
    player_text,
    result_text,
    stands_text,
    too_many,
)
from baccarat.game.tableau import (
    banker_draws,
    is_natural,
    player_draws,
    tableau_draws_against,
)
from baccarat.translation import _, gettext_noop

GATES = ("natural", "player", "banker", "result")
OPENING = ("player_first", "banker_first", "player_second", "banker_second")
# Marked here, translated where shown: _(CARD_NEEDED[needs]).
CARD_NEEDED = {
    "player_first": gettext_noop("the Player's first card"),
    "banker_first": gettext_noop("the Banker's first card"),
    "player_second": gettext_noop("the Player's second card"),
    "banker_second": gettext_noop("the Banker's second card"),
    "player_third": gettext_noop("the Player's third card"),
    "banker_third": gettext_noop("the Banker's third card"),
}
SIDE_NAMES = {"player": gettext_noop("Player"), "banker": gettext_noop("Banker")}


class HandError(ValueError):
    """Cards that cannot be one punto banco hand (too many, or unplaceable)."""


# --- resolving a hand ------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One side's cards. Totals are None where a card they depend on is unknown."""

    side: str  # "player" or "banker"
    cards: tuple[Card, ...]
    initial_total: int | None
    third_card: Card | None
    final_total: int | None

    @property
    def name(self) -> str:
        """ "Player" or "Banker", in the active language."""
        return _(SIDE_NAMES[self.side])

    @property
    def third_card_value(self) -> int | None:
        return self.third_card.value if self.third_card else None

    @property
    def is_natural(self) -> bool:
        return self.initial_total is not None and is_natural(self.initial_total)

    @property
    def initial_working(self) -> str | None:
        two = self.cards[:2]
        values = known_values(two)
        if len(two) < 2 or values is None:
            return None
        return total_working(values)

    @property
    def final_working(self) -> str | None:
        values = known_values(self.cards)
        if self.final_total is None or values is None:
            return None
        return total_working(values)


@dataclass(frozen=True)
class Step:
    """One gate of the resolution and the sentence that explains its decision.

    `decision` is one of: natural, no_natural, draw, stand, undecided, banker, player,
    tie. `tableau_cell` is (Banker total, Player third-card value) when the tableau
    decided (or will decide) the Banker's move.

    `text` is worded when it is read, in the language active then (a resolution is made
    once and may be shown in any): `words` is the function that words it and its arguments.
    """

    gate: str
    decision: str
    words: tuple[Callable[..., str], *tuple[object, ...]] = field(repr=False)
    tableau_cell: tuple[int, int | None] | None = None

    @property
    def text(self) -> str:
        say, *args = self.words
        return say(*args)


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
    # Cards after the last one placed whose seat (or whether they are dealt at all)
    # depends on an unknown card: kept, never dropped or guessed.
    unplaced: tuple[Unplaced, ...] = ()

    @property
    def needs_text(self) -> str | None:
        return _(CARD_NEEDED[self.needs]) if self.needs in CARD_NEEDED else None


@dataclass(frozen=True)
class Unplaced:
    """A card dealt after an undecided step: the seats it takes in the hands the unknown
    cards allow ("player" and/or "banker" third card)."""

    index: int  # 0-based, dealing order
    card: Card
    seats: tuple[str, ...]

    @property
    def seat_text(self) -> str:
        """ "the Player's third card, if the Player draws"."""
        if self.seats == ("player",):
            return _("the Player's third card, if the Player draws")
        if self.seats == ("banker",):
            return _("the Banker's third card, if the Banker draws")
        return _(
            "the Player's third card if the Player draws, or the Banker's if the Player "
            "stands and the Banker draws"
        )

    @property
    def text(self) -> str:
        return _(
            "Card {number} ({label}) is {seat}: an unknown card decides that, so it is not "
            "placed yet."
        ).format(number=self.index + 1, label=self.card.label, seat=self.seat_text)


def _two_card_total(cards: list[Card]) -> int | None:
    values = known_values(cards[:2])
    if len(cards) < 2 or values is None:
        return None
    return total(values)


def _final_total(cards: list[Card]) -> int | None:
    values = known_values(cards)
    return None if values is None else total(values)


def _natural_step(p: int | None, b: int | None) -> tuple[bool | None, Step]:
    words = (natural_text, p, b)
    if (p is not None and is_natural(p)) or (b is not None and is_natural(b)):
        return True, Step("natural", "natural", words)
    if p is not None and b is not None:
        return False, Step("natural", "no_natural", words)
    return None, Step("natural", "undecided", words)


def _stands_either_way(who: str, t: int, fifth: Card | None = None) -> Step:
    """A total that takes no third card beside a hidden two-card total (see stands_text)."""
    words = (stands_text, who, t, fifth)
    if who == "Player":
        return Step("player", "stand", words)
    return Step("banker", "stand", words, (t, None))


def _without_natural(
    p: int | None, b: int | None, fifth: Card | None
) -> Iterator[tuple[bool, bool]]:
    """(Player draws, Banker draws) in each hand without a natural that the cards allow:
    every two-card total an unknown card could make, every value of an unknown or
    not-yet-dealt fifth card (which is the Player's third when the Player draws)."""
    fifth_values = range(10) if fifth is None or fifth.value is None else (fifth.value,)
    for pt in range(10) if p is None else (p,):
        for bt in range(10) if b is None else (b,):
            if is_natural(pt) or is_natural(bt):
                continue
            if player_draws(pt):
                for v in fifth_values:
                    yield True, banker_draws(bt, v)
            else:
                yield False, banker_draws(bt, None)


def _later_seats(p: int | None, b: int | None, fifth: Card | None) -> tuple[set[str], set[str]]:
    """The seats the fifth and sixth cards take in the hands the unknown cards allow."""
    seats: tuple[set[str], set[str]] = (set(), set())
    for player_draws_, banker_draws_ in _without_natural(p, b, fifth):
        if player_draws_:
            seats[0].add("player")
            if banker_draws_:
                seats[1].add("banker")
        elif banker_draws_:
            seats[0].add("banker")
    return seats


def _player_step(p: int) -> Step:
    return Step("player", "draw" if player_draws(p) else "stand", (player_text, p))


def _banker_step(b: int, player_stood: bool, third: Card | None) -> Step:
    words = (banker_text, b, player_stood, third)
    if player_stood:
        return Step("banker", "draw" if banker_draws(b, None) else "stand", words)
    if third is None or not third.known:
        row = tableau_draws_against(b)
        if len(row) in (0, 10):
            return Step("banker", "draw" if row else "stand", words, (b, None))
        return Step("banker", "undecided", words, (b, None))
    draws = banker_draws(b, third.value)
    return Step("banker", "draw" if draws else "stand", words, (b, third.value))


def _result_step(p: int | None, b: int | None) -> Step:
    if p is None or b is None:
        decision = "undecided"
    else:
        decision = "tie" if p == b else "player" if p > b else "banker"
    return Step("result", decision, (result_text, p, b))


def _hand(
    side: str, cards: list[Card], initial: int | None, third: Card | None, done: bool
) -> Hand:
    return Hand(
        side=side,
        cards=tuple(cards),
        initial_total=initial,
        third_card=third,
        final_total=_final_total(cards) if done and len(cards) >= 2 else None,
    )


def resolve(cards: list[Card] | list[str] | str) -> Resolution:
    """Resolve a hand from its cards in dealing order: Player, Banker, Player, Banker,
    then the third cards in the order the rules deal them (Player's first).

    Fewer cards are fine: `needs` says which card comes next. Unknown cards ("?") are
    fine: decisions that do not depend on them are made, the rest are "undecided" and
    no card is ever invented; cards dealt after an undecided step are kept in `unplaced`
    with the seats they may take. Raises HandError when there are more cards than the hand
    can have, saying why it ended, and CardError for a token that is not a card.
    """
    dealt = as_cards(cards)
    player_cards = dealt[0:4:2]
    banker_cards = dealt[1:4:2]
    p = _two_card_total(player_cards)
    b = _two_card_total(banker_cards)
    steps: list[Step] = []

    def finish(
        player_action: str,
        banker_action: str,
        needs: str | None,
        natural: bool | None,
        p_done: bool,
        b_done: bool,
        complete: bool,
        used: int,
        later: Sequence[set[str]] = (),
    ) -> Resolution:
        # `later`: for the cards after `used`, the seats each may take (an unknown card
        # decides which, or whether it is dealt at all).
        unplaced = []
        for index in range(used, len(dealt)):
            seats = later[index - used] if index - used < len(later) else set()
            if not seats:
                raise HandError(too_many(dealt, index, steps, complete and index == used, p, b))
            unplaced.append(Unplaced(index, dealt[index], tuple(sorted(seats, reverse=True))))
        player = _hand("player", player_cards, p, player_third, p_done)
        banker = _hand("banker", banker_cards, b, banker_third, b_done)
        winner = None
        if complete:
            steps.append(_result_step(player.final_total, banker.final_total))
            winner = {"player": "player", "banker": "banker", "tie": "tie"}.get(steps[-1].decision)
        return Resolution(
            cards=tuple(dealt),
            player=player,
            banker=banker,
            natural=natural,
            player_action=player_action,
            banker_action=banker_action,
            winner=winner,
            needs=needs,
            complete=complete,
            steps=tuple(steps),
            unplaced=tuple(unplaced),
        )

    player_third: Card | None = None
    banker_third: Card | None = None

    # Gate 1: the natural check. With three cards the Player's hand is already known,
    # and a Player natural ends the hand whatever the Banker's second card is.
    if len(dealt) < 4:
        needs = OPENING[len(dealt)]
        if p is not None and is_natural(p):
            natural, step = _natural_step(p, None)
            steps.append(step)
            return finish("natural", "natural", needs, True, False, False, False, len(dealt))
        return finish("undecided", "undecided", needs, None, False, False, False, len(dealt))

    natural, step = _natural_step(p, b)
    steps.append(step)
    if natural:
        return finish("natural", "natural", None, True, True, True, True, 4)
    if natural is None:
        # A hidden two-card total may be a natural, which would end the hand. What is the
        # same with or without one is still decided: a total that stands takes no third
        # card either way. (Nothing draws for certain: a natural would stop it.)
        player_action = banker_action = "undecided"
        if p is not None and not player_draws(p):
            steps.append(_stands_either_way("Player", p))
            player_action = "stand"
        fifth = dealt[4] if len(dealt) > 4 else None
        if b is not None and not any(bd for _pd, bd in _without_natural(p, b, fifth)):
            steps.append(_stands_either_way("Banker", b, fifth))
            banker_action = "stand"
        later = _later_seats(p, b, fifth)
        return finish(
            player_action,
            banker_action,
            None,
            None,
            player_action == "stand",
            banker_action == "stand",
            False,
            4,
            later,
        )

    # Gate 2: the Player's rule. No natural is decided only when both totals are known.
    assert p is not None and b is not None
    steps.append(_player_step(p))
    player_stood = not player_draws(p)
    next_index = 4
    if not player_stood:
        if len(dealt) > next_index:
            player_third = dealt[next_index]
            player_cards.append(player_third)
        next_index += 1

    # Gate 3: the Banker's rule, the tableau only if the Player drew.
    steps.append(_banker_step(b, player_stood, player_third))
    banker_decision = steps[-1].decision
    if not player_stood and player_third is None:
        # Waiting for the Player's third card; the Banker's move may already be known.
        banker_done = banker_decision == "stand"
        return finish("draw", banker_decision, "player_third", False, False, banker_done, False, 4)
    player_action = "stand" if player_stood else "draw"
    if banker_decision == "undecided":
        # The Player's third card is unknown: a sixth card is the Banker's, if it draws.
        return finish(
            player_action, "undecided", None, False, True, False, False, next_index, ({"banker"},)
        )
    if banker_decision == "draw":
        if len(dealt) > next_index:
            banker_third = dealt[next_index]
            banker_cards.append(banker_third)
        else:
            return finish(
                player_action, "draw", "banker_third", False, True, False, False, next_index
            )
        next_index += 1
    return finish(player_action, banker_decision, None, False, True, True, True, next_index)
