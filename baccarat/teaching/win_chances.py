"""The win chances as the cards come, in words: before any card and after each card of a hand,
the chance that the Banker, the Player or a tie wins from there (baccarat.odds.as_cards_come),
and what a squeeze does to them: the next card seen only partly, as "a picture or ten" or
"one of 6-8", or any ranks the learner ticks.

The readings of side pips ("two sides", "three sides") are left out: what they mean at the
table could not be checked in a public source, and a wrong one would teach a wrong card.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from baccarat.game.cards import RANKS, Card
from baccarat.game.rules import Resolution
from baccarat.odds.as_cards_come import Chances, as_the_cards_come, chances, squeeze_ranks
from baccarat.odds.exact import percent
from baccarat.teaching.walkthrough import seat_of
from baccarat.translation import _, gettext_noop, pgettext

# The common squeeze readings: (what the squeezer says, in words marked for translation, and
# the ranks it leaves). Translated where shown: _(SQUEEZES[key][0]).
SQUEEZES = {
    # A squeeze from the end shows no pip at the corner: a picture or a ten (they count 0).
    "picture": (gettext_noop("a picture or ten"), frozenset("TJQK")),
    "six_to_eight": (gettext_noop("one of 6–8"), frozenset("678")),
}
PLACES = 1  # the chances are written to a tenth of a percent


def _percent(value: Fraction) -> str:
    """ "46.1%"; a chance that is not 0 or 1 is never written as if it were."""
    if 0 < value < Fraction(5, 10_000):
        return _("under {share}").format(share=percent(Fraction(1, 1000), PLACES))
    if 1 > value >= Fraction(9995, 10_000):
        return _("over {share}").format(share=percent(Fraction(999, 1000), PLACES))
    return percent(value, PLACES)


@dataclass(frozen=True)
class ChanceStep:
    """The chances after `turned` cards (0: before any card)."""

    turned: int
    card: Card | None  # the card just turned, None before any
    seat: str | None  # where it went ("Banker's second card"), in the active language
    chances: Chances

    @property
    def banker(self) -> str:
        return _percent(self.chances.banker)

    @property
    def player(self) -> str:
        return _percent(self.chances.player)

    @property
    def tie(self) -> str:
        return _percent(self.chances.tie)

    @property
    def widths(self) -> tuple[float, float, float]:
        """The three parts of the bar, in percent of its width."""
        return tuple(round(float(c) * 100, 2) for c in self.chances)  # type: ignore[return-value]

    @property
    def decided(self) -> str | None:
        """ "banker", "player" or "tie" once one is certain."""
        for side, chance in zip(("banker", "player", "tie"), self.chances, strict=True):
            if chance == 1:
                return side
        return None

    @property
    def text(self) -> str:
        return chance_sentence(self)


def _after(step: ChanceStep) -> str:
    """ "After the Banker's second card (a 4)"."""
    assert step.card is not None and step.seat is not None
    return _("After the {seat} ({card})").format(seat=step.seat, card=step.card.name)


def decided_outcome(winner: str) -> str:
    """How a hand that can end only one way ends, in words: "the Banker wins"."""
    return {
        "banker": _("the Banker wins"),
        "player": _("the Player wins"),
        "tie": _("it is a tie"),
    }[winner]


def chance_sentence(step: ChanceStep) -> str:
    """ "After the Banker's second card (a 4), Banker wins 46.1%, Player 41.3%, tie 12.6%."
    Once the result is certain, it says so instead."""
    if step.decided is not None:
        outcome = decided_outcome(step.decided)
        if step.card is None:
            return _("Before any card: {outcome}, for certain.").format(outcome=outcome)
        return _("{after}, the hand is decided: {outcome}.").format(
            after=_after(step), outcome=outcome
        )
    figures = {"banker": step.banker, "player": step.player, "tie": step.tie}
    if step.card is None:
        return _("Before any card, Banker wins {banker}, Player {player}, tie {tie}.").format(
            **figures
        )
    return _("{after}, Banker wins {banker}, Player {player}, tie {tie}.").format(
        after=_after(step), **figures
    )


def chance_steps(resolution: Resolution) -> list[ChanceStep]:
    """The chances before any card and after each card of the hand, from a full eight-deck
    shoe less the cards turned."""
    steps = []
    for turned, got in as_the_cards_come(list(resolution.cards)):
        card = resolution.cards[turned - 1] if turned else None
        seat = seat_of(turned - 1, resolution) if turned else None
        steps.append(ChanceStep(turned, card, seat, got))
    return steps


@dataclass(frozen=True)
class Squeeze:
    """The next card seen partly: what it may be, and the chances then."""

    card: str  # "the Player's third card", in the active language
    reading: str  # "a picture or ten", "one of 2, 5, K"
    ranks: frozenset[str]
    before: ChanceStep
    after: Chances

    @property
    def step(self) -> ChanceStep:
        return ChanceStep(self.before.turned, None, None, self.after)

    @property
    def text(self) -> str:
        step = self.step
        if step.decided is not None:
            outcome = decided_outcome(step.decided)
            return _("If {card} is {reading}, {outcome}, for certain.").format(
                card=self.card, reading=self.reading, outcome=outcome
            )
        return _(
            "If {card} is {reading}, Banker wins {banker}, Player {player}, tie {tie}."
        ).format(
            card=self.card,
            reading=self.reading,
            banker=step.banker,
            player=step.player,
            tie=step.tie,
        )


def reading_of(ranks: frozenset[str]) -> str:
    """How a squeeze reads in words: a common reading by its name, one rank as a card ("a
    7"), several as "one of 2, 5, K" (in the order of the ranks)."""
    for name, squeezed in SQUEEZES.values():
        if ranks == squeezed:
            return _(name)
    if len(ranks) == 1:
        return Card(next(iter(ranks))).name
    labels = [Card(rank).rank_label for rank in RANKS if rank in ranks]
    return _("one of {ranks}").format(
        ranks=pgettext("between the ranks a squeezed card may be", ", ").join(labels)
    )


def next_card_name(resolution: Resolution) -> str | None:
    """The next card to come ("the Player's third card"), or None once the hand is over."""
    if resolution.complete or len(resolution.cards) >= 6:
        return None
    return resolution.needs_text or _("the next card")


def squeezable(resolution: Resolution) -> list[tuple[int, str]]:
    """The cards a squeeze may narrow, (0-based place, name): each face-down card ("card 2
    (Banker's first card)"), then the next card to come."""
    cards = [
        (i, _("card {number} ({seat})").format(number=i + 1, seat=seat_of(i, resolution)))
        for i, card in enumerate(resolution.cards)
        if not card.known
    ]
    coming = next_card_name(resolution)
    if coming is not None:
        cards.append((len(resolution.cards), coming))
    return cards


def squeeze(resolution: Resolution, ranks: Collection[str], place: int | None = None) -> Squeeze:
    """The chances with a card narrowed to `ranks`: the next to come, or the face-down card at
    `place` (SqueezeError when it cannot be: see as_cards_come.chances)."""
    squeezed = squeeze_ranks(ranks)
    cards = list(resolution.cards)
    after = chances(cards, narrowed=squeezed, narrowed_at=place)
    before = ChanceStep(len(cards), None, None, chances(cards))
    name = dict(squeezable(resolution)).get(len(cards) if place is None else place, "")
    return Squeeze(name, reading_of(squeezed), squeezed, before, after)
