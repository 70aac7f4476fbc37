"""Every statement the myth-or-truth quiz serves as true is checked against the rules engine
over every hand it deals, in the situations the statement names (and only those)."""

from __future__ import annotations

from itertools import product

import pytest

from baccarat.game.rules import resolve
from baccarat.game.tableau import TABLEAU, tableau_draws_against, tableau_row_rule
from baccarat.teaching.truths import Truth, truths

VALUES = "TA23456789"  # one rank of each value, 0 to 9


def every_hand():
    """Every hand by card values: the four first cards, then every Player third card where the
    Player draws (the Banker's third card decides nothing the statements speak of)."""
    for cards in product(VALUES, repeat=4):
        hand = resolve(list(cards))
        if hand.player_action == "draw":
            for third in VALUES:
                yield resolve([*cards, third])
        else:
            yield hand


HANDS = list(every_hand())


def holds(when: str, hand) -> bool:
    if when == "any":
        return True
    if when == "no_natural":
        return not hand.natural
    drew = hand.player_action == "draw"
    return not hand.natural and (drew if when == "player_drew" else not drew)


def counterexample(truth: Truth):
    """A hand in the statement's situation where its side does not do what it says, or None."""
    for hand in HANDS:
        own = hand.player if truth.side == "player" else hand.banker
        if not holds(truth.when, hand) or own.initial_total not in truth.totals:
            continue
        third = hand.player.third_card.value if hand.player.third_card else None
        said = (own.initial_total, third if truth.side == "banker" else None) in truth.draws
        if said != (getattr(hand, f"{truth.side}_action") == "draw"):
            return [str(card) for card in hand.cards]
    return None


@pytest.mark.parametrize("truth", truths(), ids=lambda truth: truth.text)
def test_every_truth_served_is_true_in_every_hand_it_speaks_of(truth):
    situations = [h for h in HANDS if holds(truth.when, h)]
    totals = {(h.player if truth.side == "player" else h.banker).initial_total for h in situations}
    assert set(truth.totals) <= totals  # it speaks of hands that happen
    assert truth.when != "any"  # every rule holds in some situations only
    assert counterexample(truth) is None


def test_the_rows_alone_as_once_served_are_refuted_by_the_engine():
    """Served bare, "Banker 4 draws only when the Player's third card is 2–7" speaks of every
    hand with a Banker 4; the Banker draws on 4 when the Player stood, and nobody draws after a
    natural, so the check finds a hand against the words of each row that draws at all.
    Banker 6's and 7's rows happen to hold bare: neither draws when the Player stood."""
    refuted = []
    for b in range(len(TABLEAU)):
        draws = {(b, v) for v in tableau_draws_against(b)}
        if len(draws) == 10:  # "always draws, whatever the Player's third card"
            draws.add((b, None))
        bare = Truth(f"{tableau_row_rule(b)}.", "banker", "any", (b,), frozenset(draws))
        if counterexample(bare) is not None:
            refuted.append(b)
    assert refuted == [0, 1, 2, 3, 4, 5]
