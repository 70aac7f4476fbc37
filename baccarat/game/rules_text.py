"""The sentences that explain a resolution's steps (baccarat.game.rules), worded when they are
read, in the language active then: one whole sentence per case, with named placeholders,
so that a translation can order its words its own way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from baccarat.game.cards import Card
from baccarat.game.tableau import (
    BANKER_WHEN_PLAYER_STOOD,
    PLAYER_RULE,
    _article,
    banker_draws,
    is_natural,
    player_draws,
    tableau_draws_against,
    tableau_row_rule,
    two_card_rule,
)
from baccarat.translation import _


class Decided(Protocol):
    """What these sentences read of a baccarat.game.rules.Step (rules imports this module to
    word its steps, so it is not imported here)."""

    @property
    def gate(self) -> str: ...
    @property
    def decision(self) -> str: ...


def natural_text(p: int | None, b: int | None) -> str:
    p_nat = p is not None and is_natural(p)
    b_nat = b is not None and is_natural(b)
    if p_nat and b_nat:
        text = _(
            "Player has a natural {player} and Banker a natural {banker}: "
            "the hand ends and no third card is dealt."
        ).format(player=p, banker=b)
        return text
    if p_nat:
        text = _(
            "Player has a natural {total}: the hand ends for both sides and no third card is dealt."
        ).format(total=p)
        return text
    if b_nat:
        text = _(
            "Banker has a natural {total}: the hand ends for both sides and no third card is dealt."
        ).format(total=b)
        return text
    if p is not None and b is not None:
        text = _(
            "Player has {player} and Banker has {banker}: neither has a natural 8 or 9, "
            "so the drawing rules apply."
        ).format(player=p, banker=b)
        return text
    if b is not None:
        text = _(
            "The Player's two-card total is not known, so whether there is a natural is "
            "undecided: a natural would end the hand before any third card."
        )
    elif p is not None:
        text = _(
            "The Banker's two-card total is not known, so whether there is a natural is "
            "undecided: a natural would end the hand before any third card."
        )
    else:
        text = _(
            "Both two-card totals are not known, so whether there is a natural is "
            "undecided: a natural would end the hand before any third card."
        )
    return text


def stands_text(who: str, t: int, fifth: Card | None = None) -> str:
    """A total that takes no third card beside a hidden two-card total: a natural would end
    the hand, and without one this total stands (the Player on 6 or 7; the Banker on 7, or
    on a total that stands against the fifth card, the Player's third if it is dealt)."""
    if who == "Player":
        text = _(
            "Player has {total}: natural or not, the Player takes no third card. A natural "
            "would end the hand; without one, the Player {rule}. So the Player stands."
        ).format(total=t, rule=two_card_rule(PLAYER_RULE))
        return text
    if not any(banker_draws(t, v) for v in (None, *range(10))):
        text = _(
            "Banker has {total}: natural or not, the Banker takes no third card. A natural "
            "would end the hand; without one, Banker {total} stands whether or not the "
            "Player draws. So the Banker stands."
        ).format(total=t)
    else:
        # A row that draws against some card stands here only against a known fifth card.
        assert fifth is not None
        text = _(
            "Banker has {total}: natural or not, the Banker takes no third card. A natural "
            "would end the hand; without one, if the Player stands, Banker {total} stands; "
            "if the Player draws, its third card is card 5, {card}, and {row_rule}. So the "
            "Banker stands."
        ).format(total=t, card=fifth.name_with_value, row_rule=tableau_row_rule(t))
    return text


def player_text(p: int) -> str:
    rule = two_card_rule(PLAYER_RULE)
    if player_draws(p):
        text = _("Player has {total}: the Player {rule}, so the Player draws.")
    else:
        text = _("Player has {total}: the Player {rule}, so the Player stands.")
    return text.format(total=p, rule=rule)


def banker_text(b: int, player_stood: bool, third: Card | None) -> str:
    if player_stood:
        rule = two_card_rule(BANKER_WHEN_PLAYER_STOOD)
        if banker_draws(b, None):
            text = _(
                "The Player stood, so the tableau does not apply: Banker {rule}, and Banker "
                "{total} draws."
            )
            return text.format(rule=rule, total=b)
        text = _(
            "The Player stood, so the tableau does not apply: Banker {rule}, and Banker "
            "{total} stands."
        )
        return text.format(rule=rule, total=b)
    row = tableau_draws_against(b)
    row_rule = tableau_row_rule(b)
    if third is None or third.value is None:
        if len(row) in (0, 10):
            if third is None:
                text = _(
                    "Banker has {total} and the Player's third card is not dealt yet, but it "
                    "does not matter: {row_rule}."
                )
            else:
                text = _(
                    "Banker has {total} and the Player's third card is unknown, but it does "
                    "not matter: {row_rule}."
                )
            return text.format(total=b, row_rule=row_rule)
        if third is None:
            text = _(
                "Banker has {total} and the Player's third card is not dealt yet: {row_rule}, "
                "so the Banker's move is undecided."
            )
        else:
            text = _(
                "Banker has {total} and the Player's third card is unknown: {row_rule}, so "
                "the Banker's move is undecided."
            )
        return text.format(total=b, row_rule=row_rule)
    v = third.value
    draws = banker_draws(b, v)
    if len(row) in (0, 10):
        text = _("Banker has {total} and the Player's third card is {card}: {row_rule}.")
    elif len(row) == 9 and not draws and _article(v) == "an":
        text = _(
            "Banker has {total} and the Player's third card is {card}: "
            "Banker {total} stands only against an {value}."
        )
    elif len(row) == 9 and not draws:
        text = _(
            "Banker has {total} and the Player's third card is {card}: "
            "Banker {total} stands only against a {value}."
        )
    elif draws:
        text = _(
            "Banker has {total} and the Player's third card is {card}: {row_rule}, so Banker draws."
        )
    else:
        text = _(
            "Banker has {total} and the Player's third card is {card}: "
            "{row_rule}, so Banker stands."
        )
    return text.format(total=b, card=third.name_with_value, value=v, row_rule=row_rule)


def result_text(p: int | None, b: int | None) -> str:
    if p is None or b is None:
        return _(
            "Every decision is made, but a card is unknown, "
            "so the final totals and the winner are not known."
        )
    if p == b:
        text = _("Player {player}, Banker {banker}: a tie; Banker and Player bets push.")
    elif p > b:
        text = _("Player {player}, Banker {banker}: Player wins with the higher total.")
    else:
        text = _("Player {player}, Banker {banker}: Banker wins with the higher total.")
    return text.format(player=p, banker=b)


def too_many(
    cards: list[Card],
    used: int,
    steps: Sequence[Decided],
    complete: bool,
    p: int | None,
    b: int | None,
) -> str:
    """Why the card after `used` cannot be part of this hand: one whole sentence per reason,
    card number `used + 1` named in it."""
    where = {"number": used + 1, "card": cards[used]}
    if not complete:
        # An unknown card leaves the hand open, but no hand it allows deals this card.
        if used + 1 == 5:
            text = _(
                "Too many cards: card {number} ({card}) has no place: whatever the unknown "
                "cards are, this hand never deals a fifth card."
            )
        elif used + 1 == 6:
            text = _(
                "Too many cards: card {number} ({card}) has no place: whatever the unknown "
                "cards are, this hand never deals a sixth card."
            )
        else:
            text = _(
                "Too many cards: card {number} ({card}) has no place: whatever the unknown "
                "cards are, this hand never deals a {number}th card."
            )
        return text.format(**where)
    natural = next((s for s in steps if s.gate == "natural"), None)
    p_natural = p is not None and is_natural(p)
    b_natural = b is not None and is_natural(b)
    if natural and natural.decision == "natural" and p_natural and b_natural:
        text = _(
            "Player has a natural {player} and Banker a natural {banker}; no third card is "
            "dealt (card {number} ({card}) has no place)."
        )
    elif natural and natural.decision == "natural" and p_natural:
        text = _(
            "Player has a natural {player}; no third card is dealt (card {number} ({card}) "
            "has no place)."
        )
    elif natural and natural.decision == "natural":
        text = _(
            "Banker has a natural {banker}; no third card is dealt (card {number} ({card}) "
            "has no place)."
        )
    else:
        player = next(s for s in steps if s.gate == "player")
        drawn = used - 4
        if drawn == 0:
            text = _(
                "Player and Banker both stand; no third card is dealt (card {number} ({card}) "
                "has no place)."
            )
        elif drawn == 2:
            text = _(
                "Player and Banker have both drawn their third card; a hand has at most six "
                "cards (card {number} ({card}) has no place)."
            )
        elif player.decision == "draw":
            text = _(
                "The Player drew and the Banker stands; only five cards are dealt (card "
                "{number} ({card}) has no place)."
            )
        else:
            text = _(
                "The Player stood and the Banker drew; only five cards are dealt (card "
                "{number} ({card}) has no place)."
            )
    return text.format(player=p, banker=b, **where)
