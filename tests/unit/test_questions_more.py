"""The quiz's additions to baccarat.teaching.questions: the practice skill set, skill names and
kinds, digit keys, and derived-road questions for a given rule."""

import random

import pytest

from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.teaching.questions import GENERATORS, card_value, hand_total, question_for_skill
from baccarat.teaching.skills import (
    BANKER_SKILLS,
    KIND_TITLES,
    PRACTICE_SKILLS,
    SKILLS_BY_KIND,
    skill_kind,
    skill_name,
)


def test_practice_covers_every_kind_and_every_tableau_case_once():
    assert set(KIND_TITLES) == set(GENERATORS) == set(SKILLS_BY_KIND)
    assert len(PRACTICE_SKILLS) == len(set(PRACTICE_SKILLS))
    assert set(BANKER_SKILLS) | {f"player:{t}" for t in range(8)} <= set(PRACTICE_SKILLS)
    assert {skill_kind(s) for s in PRACTICE_SKILLS} == set(GENERATORS)
    # Newcomers meet every kind in the first ten skills.
    assert [skill_kind(s) for s in PRACTICE_SKILLS[:10]] == list(SKILLS_BY_KIND)


@pytest.mark.parametrize("skill", PRACTICE_SKILLS)
def test_every_practice_skill_asks_exactly_that_skill(skill):
    """Practice reviews the question's own skill, so it must be the one it asked for."""
    rng = random.Random(skill)
    for _ in range(3):
        question = question_for_skill(skill, rng)
        assert question.skill == skill
        assert skill_kind(skill) == question.kind
        assert question.answer in [c.value for c in question.choices]


@pytest.mark.parametrize("road", DERIVED_ROADS)
@pytest.mark.parametrize("rule", [1, 2])
def test_derived_questions_for_a_rule_are_decided_by_it(road, rule):
    rng = random.Random(f"{road}{rule}")
    for _ in range(20):
        question = question_for_skill(f"derived:{road}:{rule}", rng)
        side = "banker" if question.prompt.startswith("If Banker") else "player"
        mark = scoreboard(question.outcomes).ask[side][road]
        assert mark.rule == rule and mark.color == question.answer
        assert mark.proof in question.explanation


def test_digit_answers_are_typed_as_the_digit():
    rng = random.Random(5)
    for _ in range(50):
        for question in (card_value(rng), hand_total(rng)):
            assert all(c.key == c.value == c.label for c in question.choices)
            assert len(question.choices) == 4


@pytest.mark.parametrize(
    "skill, name",
    [
        ("banker:4:1", "Banker 4, Player's third card 1"),
        ("banker_stood:6", "Banker 6, Player stood"),
        ("player:5", "Player 5, no natural"),
        ("value:K", "The value of a king"),
        ("value:T", "The value of a 10"),
        ("total:3", "Three-card totals"),
        ("payout:tie", "Paying Tie at 8 to 1"),
        ("derived:small_road:2", "Small Road, Rule 2"),
        ("big_road", "Where the next bead goes"),
        ("lesson-check:foo", "lesson-check:foo"),
    ],
)
def test_skill_names(skill, name):
    assert skill_name(skill) == name


def test_every_skill_has_a_name_and_unknown_skills_no_kind():
    for skill in PRACTICE_SKILLS:
        assert skill_name(skill) != skill
    assert skill_kind("lesson-check:foo") is None
