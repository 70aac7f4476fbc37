"""The win chances the practice dealer shows: only after an answer, only for cards with a card
after them on the table until the hand is done, and so never a certain winner (nor whether
another card comes) while a question is waiting."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import parse_cards
from baccarat.teaching.practice import PracticeHand, deal
from baccarat.teaching.practice_chances import chances_held_back, chances_seen, newly_seen
from baccarat.teaching.win_chances import chance_steps

# Every shape a hand takes: naturals for each side and a tie, both standing (the hand decided
# after four cards with no natural), each side drawing or standing, and ties without a natural.
SHAPES = {
    "natural, Player wins": "4h Ks 5d 3c",
    "natural, Banker wins": "2h 8s 3d Kc",
    "natural, tie": "9h 9s Kd Kc",
    "both stand, Banker wins": "3h 4s 3d 3c",
    "both stand, tie": "6h 6s Kd Kc",
    "Player stands, Banker draws": "3h 4s 3d Kc 5c",
    "Player draws, Banker stands, tie": "4h 3s Ad Kc 8d",
    "Player draws, Banker draws": "2h 3s 3d Kc 4d 5h",
    "Player draws, Banker 7 stands": "Ah 7s 2d Kc 5d",
}


def hands_along(cards, wrong=False):
    """The hand after each answer in turn (right ones, or the first wrong choice each time)."""
    hand = PracticeHand(tuple(parse_cards(cards)))
    yield hand
    while hand.current is not None:
        question = hand.current
        value = question.answer
        if wrong:
            value = next(c.value for c in question.choices if c.value != question.answer)
        hand, _grade = hand.answer(value)
        yield hand


def check_nothing_given_away(hand):
    seen = chances_seen(hand)
    if not hand.answers:
        assert seen == [] and newly_seen(hand) is None and not chances_held_back(hand)
        return
    everything = chance_steps(hand.resolution)
    assert seen == everything[: len(seen)]  # the walkthrough's own figures, in order
    if hand.done:
        assert seen == everything and seen[-1].decided == hand.resolution.winner
        assert not chances_held_back(hand)
        return
    # Every card shown has the chances before it: after each card but the last on the table.
    assert [step.turned for step in seen] == list(range(hand.shown))
    assert all(step.decided is None for step in seen)
    assert chances_held_back(hand)


@pytest.mark.parametrize("wrong", [False, True], ids=["right", "wrong"])
@pytest.mark.parametrize("cards", SHAPES.values(), ids=SHAPES.keys())
def test_every_shape_shows_chances_only_where_they_answer_nothing(cards, wrong):
    for hand in hands_along(cards, wrong):
        check_nothing_given_away(hand)


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_any_dealt_hand_shows_chances_only_where_they_answer_nothing(seed):
    for hand in hands_along(" ".join(str(card) for card in deal(seed).cards)):
        check_nothing_given_away(hand)


def test_each_answer_brings_the_chances_it_may():
    # Player 4 draws an 8; Banker 3 stands against it: the chances after the Player's third
    # card are certain, so they wait for the result, though the card is on the table.
    hands = list(hands_along(SHAPES["Player draws, Banker stands, tie"]))
    assert [newly_seen(hand) and newly_seen(hand).turned for hand in hands] == [
        None,  # dealt: nothing answered yet
        3,  # no natural: after the Player's second card (the Banker's second is the last)
        4,  # the Player draws: the Player's third card is turned, so the four-card chances
        None,  # the Banker stands: no card turned, nothing new
        5,  # the result: every card, and the hand decided
    ]
    assert newly_seen(hands[-1]).decided == "tie"


def test_a_natural_waits_for_the_result_before_saying_it_is_decided():
    dealt, after_natural, done = hands_along(SHAPES["natural, Player wins"])
    assert after_natural.current.gate == "result"
    assert [step.turned for step in chances_seen(after_natural)] == [0, 1, 2, 3]
    assert chances_seen(done)[-1].decided == "player"
