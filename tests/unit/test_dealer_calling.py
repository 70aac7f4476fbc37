"""Calling the hand: the calls follow the resolution, the right call is always one of the
choices, and the hands dealt exercise the skill asked for."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.rules import resolve
from baccarat.game.shoe import random_hand
from baccarat.teaching.calling import (
    SKILLS,
    CalledHand,
    calls,
    deal_for,
    exercises,
    result_call,
    totals_call,
)


def kinds(cards):
    return [c.kind for c in calls(resolve(cards))]


def test_a_hand_with_a_natural_is_called_totals_natural_result():
    assert kinds("9,2,K,K") == ["totals", "natural", "result"]
    called = calls(resolve("9,2,K,K"))
    assert called[1].answer == "player" and called[1].spoken == "Natural nine, Player"
    assert called[2].spoken == "Player wins, nine over two"
    assert calls(resolve("9,8,K,K"))[1].answer == "both"


def test_banker_three_stands_on_a_player_third_eight():
    called = {c.kind: c for c in calls(resolve("4,2,A,A,8"))}
    assert called["player"].spoken == "Player draws"
    banker = called["banker"]
    assert (banker.answer, banker.skill, banker.cards_shown) == ("stand", "dealer:call:banker:3", 5)
    assert "8" in banker.explanation


def test_the_banker_after_the_player_stands_is_its_own_skill():
    called = {c.kind: c for c in calls(resolve("6,3,K,2,4"))}
    assert called["player"].answer == "stand"
    assert called["banker"].skill == "dealer:call:banker:stood"
    assert called["banker"].answer == "draw"


def test_the_result_offers_the_two_card_totals_as_the_usual_mistake():
    result = calls(resolve("4,A,A,3,8"))[-1]
    values = {c.value for c in result.choices}
    assert result.answer == "3-4" and "5-4" in values  # the Player before its third card
    assert result_call(6, 6) == "Tie, six"
    assert totals_call(5, 3) == "Player five, Banker three"


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_call_has_its_answer_among_distinct_choices(seed):
    resolution = resolve(random_hand(8, seed))
    for call in calls(resolution):
        values = [c.value for c in call.choices]
        assert call.answer in values and len(set(values)) == len(values) >= 2
        assert len({c.key for c in call.choices}) == len(values)
        assert call.skill in SKILLS and len(call.skill) <= 40
        assert call.explanation
    decisions = {s.gate: s.decision for s in resolution.steps}
    for call in calls(resolution):
        if call.kind in ("player", "banker"):
            assert call.answer == decisions[call.kind]


@pytest.mark.parametrize("skill", SKILLS)
def test_a_hand_is_dealt_for_every_skill_and_the_same_seed_deals_it_again(skill):
    hand = deal_for(skill, 11)
    assert any(call.skill == skill for call in hand.calls)
    assert deal_for(skill, 11).cards == hand.cards


def test_the_trap_cells_come_when_asked_for():
    assert exercises(resolve("4,2,A,A,8"), "dealer:call:banker:3", trap=True)
    assert not exercises(resolve("4,2,A,A,5,K"), "dealer:call:banker:3", trap=True)
    assert exercises(resolve("4,2,A,A,5,K"), "dealer:call:banker:3", trap=False)


def test_a_hand_read_back_must_be_complete_with_a_call_there():
    hand = deal_for("dealer:call:result", 3)
    assert CalledHand.read(hand.text(), 1).at == 1
    with pytest.raises(ValueError):
        CalledHand.read(hand.text(), len(hand.calls))
    with pytest.raises(ValueError):
        CalledHand.read("4,A", 0)


def test_a_banker_call_the_tableau_decided_names_its_row():
    called = {c.kind: c for c in calls(resolve("4,2,A,A,8"))}
    assert called["banker"].tableau_row == 3
    assert {c.kind: c for c in calls(resolve("6,3,K,2,4"))}["banker"].tableau_row is None
