"""Every generated question's answer equals what the engine (or plain arithmetic) says."""

import random

import pytest

from baccarat.game.cards import parse_card
from baccarat.game.rules import banker_draws, player_draws, resolve
from baccarat.odds.payouts import settle
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.questions import (
    GENERATORS,
    card_value,
    hand_total,
    payout,
    question_for_skill,
    random_question,
)
from baccarat.teaching.skills import BANKER_SKILLS
from baccarat.teaching.truths import truth_statements


@pytest.mark.parametrize("kind", GENERATORS)
def test_every_kind_is_well_formed(kind):
    rng = random.Random(kind)
    for _ in range(40):
        q = random_question(rng, kind)
        values = [c.value for c in q.choices]
        keys = [c.key for c in q.choices]
        assert q.answer in values, q
        assert len(set(values)) == len(values) and len(set(keys)) == len(keys)
        assert q.explanation and q.prompt and q.skill


@pytest.mark.parametrize("skill", BANKER_SKILLS)
def test_banker_questions_for_all_88_cases(skill):
    rng = random.Random(skill)
    for _ in range(3):
        q = question_for_skill(skill, rng)
        res = resolve(list(q.cards))
        assert q.skill == skill
        parts = skill.split(":")
        b = int(parts[1])
        assert res.banker.initial_total == b and res.natural is False
        if parts[0] == "banker":
            v = int(parts[2])
            assert res.player.third_card_value == v
            expected = banker_draws(b, v)
        else:
            assert res.player_action == "stand"
            expected = banker_draws(b, None)
        assert q.answer == ("draw" if expected else "stand")


@pytest.mark.parametrize("total", range(8))
def test_player_questions(total):
    q = question_for_skill(f"player:{total}", random.Random(total))
    assert resolve(list(q.cards)).player.initial_total == total
    assert q.answer == ("draw" if player_draws(total) else "stand")


def test_card_values_and_totals():
    rng = random.Random(1)
    for rank in "A23456789TJQK":
        q = card_value(rng, rank)
        assert int(q.answer) == parse_card(rank).value
    for _ in range(200):
        q = hand_total(rng)
        assert int(q.answer) == sum(parse_card(c).value for c in q.cards) % 10


def test_winner_and_natural_questions_match_the_hand():
    rng = random.Random(2)
    for _ in range(200):
        q = random_question(rng, "winner")
        assert q.answer == resolve(list(q.cards)).winner
        q = random_question(rng, "natural")
        res = resolve(list(q.cards))
        p, b = res.player.initial_total, res.banker.initial_total
        assert q.answer == ("yes" if max(p, b) >= 8 else "no")


@pytest.mark.parametrize(
    "bet, stake, back",
    [("banker", 100, "195"), ("tie", 100, "900"), ("ez_banker", 100, "100"),
     ("super6_banker", 100, "150"), ("player", 100, "200")],
)  # fmt: skip
def test_payout_questions(bet, stake, back):
    rng = random.Random(0)
    for _ in range(30):
        q = payout(rng, bet)
        if f"bet {stake} " in q.prompt:
            assert q.answer == back
            break
    else:
        pytest.fail("no question with that stake")


def test_settlements():
    dragon = resolve(["2", "3", "K", "K", "K", "4"])  # Banker 3 draws a 4: a three-card 7
    assert dragon.winner == "banker" and dragon.banker.final_total == 7
    assert settle("ez_banker", 100, dragon).result == "push"
    assert settle("banker", 100, dragon).net == 95
    assert settle("dragon_7", 10, dragon).net == 400
    tie = resolve(["6", "6", "K", "K"])
    assert settle("banker", 100, tie).result == "push" and settle("tie", 100, tie).net == 800
    with pytest.raises(ValueError):
        settle("banker", 100, resolve(["4", "3", "A", "K"]))


def test_road_questions_match_the_board():
    rng = random.Random(3)
    for _ in range(100):
        q = random_question(rng, "big_road")
        side = "B" if "Banker" in q.prompt else "P"
        before, after = scoreboard(q.outcomes), scoreboard(q.outcomes + side)
        last, new = before.big_road[-1], after.big_road[-1]
        if q.answer == "new":
            assert new.column == last.column + 1 and new.row == 0
        elif q.answer == "down":
            assert (new.col, new.row) == (last.col, last.row + 1)
        else:
            assert (new.col, new.row) == (last.col + 1, last.row)
        q = random_question(rng, "derived_mark")
        road = q.skill.split(":")[1]
        side = "banker" if "Banker" in q.prompt else "player"
        assert q.answer == scoreboard(q.outcomes).ask[side][road].color


def test_truths_are_true_statements_from_the_engine():
    assert (
        "When the Player has drawn a third card, Banker 3 draws unless the Player's third card "
        "is an 8." in truth_statements()
    )
