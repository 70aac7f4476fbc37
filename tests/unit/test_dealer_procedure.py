"""The shoe's procedure drill: answers from the simulation's own rule, typed numbers read
strictly, and every question reachable from its skill."""

import pytest

from baccarat.game.cards import RANKS
from baccarat.simulation.shoes import BURNED, CUT_CARD_FROM_END, burned
from baccarat.teaching.shoe_procedure import (
    CASES,
    SKILLS,
    AnswerError,
    for_skill,
    grade,
    question,
    reference,
)


@pytest.mark.parametrize(("rank", "n"), [("A", 1), ("7", 7), ("9", 9), ("T", 10), ("K", 10)])
def test_the_burn_is_the_first_card_s_count_and_ten_for_a_ten_or_picture(rank, n):
    q = question("burn", RANKS.index(rank))
    assert q.answer == str(n) and q.typed
    assert q.skill == ("dealer:procedure:burn_ten" if n == 10 else "dealer:procedure:burn")


def test_the_simulation_burns_by_the_same_rule():
    assert [int(b) for b in BURNED] == [burned(v) for v in range(10)] == [10, *range(1, 10)]


def test_the_cut_card_answers():
    assert question("cut_position", 0).answer == str(CUT_CARD_FROM_END)
    answers = [question("cut_card", i).answer for i in range(CASES["cut_card"])]
    assert answers.count("this_last") == 1 and answers.count("one_more") == 3


@pytest.mark.parametrize("text", ["10", " 10", "10\n"])
def test_a_typed_number_is_read_in_ascii_digits(text):
    assert grade(question("burn", RANKS.index("Q")), text)


@pytest.mark.parametrize("text", ["ten", "", "1.0", "1000", "-1", "½", "１０", "١٠", "\u00a010"])
def test_anything_else_is_refused(text):
    with pytest.raises(AnswerError):
        grade(question("burn", 0), text)


def test_a_choice_that_is_not_one_is_refused():
    with pytest.raises(AnswerError):
        grade(question("misdeal", 0), "void")
    assert grade(question("misdeal", 0), "burn")


@pytest.mark.parametrize("skill", SKILLS)
def test_each_skill_has_questions(skill):
    assert for_skill(skill, 1).skill == skill


def test_the_reference_says_what_was_not_read():
    rules = reference()
    assert rules[0].source == "dealer-burn-cut" and "16" in rules[0].text
    assert any(not rule.source for rule in rules)
