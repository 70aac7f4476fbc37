"""The win chances on the practice dealer's felt, shown so that they never answer a question
still to come.

The chances after k cards say, among other things, whether the hand is over after k cards
(one side then wins for certain). While a question is waiting, that alone can answer it: the
chances after the Player's third card are certain exactly when the Banker stands. So only
the chances after cards that have a card after them on the table are shown (the hand went on
past them, which the learner can already see); the chances after the last card on the table
wait until the hand is done. They are the walkthrough's own figures and sentences
(baccarat.teaching.win_chances).
"""

from __future__ import annotations

from baccarat.teaching.practice import PracticeHand
from baccarat.teaching.win_chances import ChanceStep, chance_steps


def chances_seen(hand: PracticeHand) -> list[ChanceStep]:
    """The chances the learner may see now: none before the first answer, then before any
    card and after each card but the last on the table, and every one once the hand is done."""
    if not hand.answers:
        return []
    steps = chance_steps(hand.resolution)
    if hand.done:
        return steps
    return steps[: hand.shown]


def chances_held_back(hand: PracticeHand) -> bool:
    """Whether some chances after cards on the table are kept back for now."""
    return bool(hand.answers) and not hand.done


def newly_seen(hand: PracticeHand) -> ChanceStep | None:
    """The latest chances the last answer brought into view, or None when it brought none
    (as when the Player stands: no card is turned, so nothing new may be shown)."""
    if not hand.answers:
        return None
    seen = chances_seen(hand)
    before = chances_seen(PracticeHand(hand.cards, hand.answers[:-1]))
    return seen[-1] if len(seen) > len(before) else None
