"""The commission drill's engine: house policies as data, the commission each takes, the
bets behind a commission, and the worked answers."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.odds.commission import (
    LEAST_BET,
    MOST_BET,
    POLICIES,
    bets_for,
    commission,
)
from baccarat.teaching import dealer_commission as drill

RATED = [key for key, policy in POLICIES.items() if policy.takes_commission]
bets = st.integers(LEAST_BET // 100, MOST_BET // 100).map(lambda dollars: dollars * 100)


# The chart of rounded commissions in Vegas Aces' "How to Play Mini-Baccarat"
# (http://www.vegas-aces.com/site/articles/how-to-play-mini-baccarat-02-tie.html):
# $1-$5 owes $0.25, $6-$10 $0.50, $11-$15 $0.75, $16-$20 $1, $21-$25 $1.25, $50 $2.50,
# $100 $5, $500 $25. Rounding to the nearest quarter would make $6 owe $0.25.
@pytest.mark.parametrize(
    ("bet", "owed"),
    [(5, 25), (6, 50), (10, 50), (11, 75), (15, 75), (16, 100), (20, 100), (21, 125),
     (25, 125), (50, 250), (100, 500), (500, 2500)],
)  # fmt: skip
def test_the_25_cent_table_rounds_up_as_the_published_chart_does(bet, owed):
    assert commission(POLICIES["round_25"], bet * 100) == owed


def test_each_policy_on_one_bet():
    owed = {key: commission(POLICIES[key], 37_00) for key in RATED}
    assert owed == {"exact_5": 185, "round_25": 200, "round_50": 200, "round_100": 200,
                    "rate_4": 148}  # fmt: skip
    assert commission(POLICIES["round_100"], 41_00) == 300  # $2.05 up to $3


@given(policy=st.sampled_from(RATED), bet=bets)
def test_the_bet_is_among_the_bets_behind_its_commission(policy, bet):
    policy = POLICIES[policy]
    owed = commission(policy, bet)
    behind = bets_for(policy, owed)
    assert bet in behind
    assert all(commission(policy, other) == owed for other in behind)
    # Nothing just outside the list owes the same.
    for outside in (behind[0] - 100, behind[-1] + 100):
        if LEAST_BET <= outside <= MOST_BET:
            assert commission(policy, outside) != owed


@given(policy=st.sampled_from(["exact_5", "rate_4"]), bet=bets)
def test_an_exact_rate_has_one_bet_behind_each_commission(policy, bet):
    assert bets_for(POLICIES[policy], commission(POLICIES[policy], bet)) == [bet]


def test_the_rounded_reverse_question_accepts_every_bet_that_owes_it():
    question = drill.Question(POLICIES["round_25"], "back", 8_00)
    assert question.answers == [600, 700, 800, 900, 1000]
    assert all(question.right(bet) for bet in question.answers)
    assert not question.right(500)
    assert "from $6 to $10" in question.worked and "5 bets" in question.worked


def test_the_worked_answers():
    rounded = drill.Question(POLICIES["round_25"], "take", 125_00)
    assert rounded.worked == "5% of $125 is $6.25; rounded up to the 25¢ chip: $6.25."
    up = drill.Question(POLICIES["round_50"], "take", 8_00)
    assert up.worked == "5% of $8 is $0.40; rounded up to the 50¢ chip: $0.50."
    assert drill.Question(POLICIES["exact_5"], "back", 75_00).worked == "$3.75 is 5% of $75."
    four = drill.Question(POLICIES["rate_4"], "take", 1_250_00)
    assert four.answers == [50_00] and four.worked == "4% of $1,250 is $50."


def test_ez_pushes_a_three_card_banker_7_and_pays_other_banker_wins_even_money():
    # Player K 6 stands on 6; Banker 2 3 (5) draws a 2: a three-card 7 wins.
    dragon = drill.Question(POLICIES["ez"], "take", 40_00, "Kh 2c 6d 3s 2h")
    assert dragon.answers == [0]
    assert "Pay nothing" in dragon.worked
    # Banker 9 (natural) beats Player 6.
    natural = drill.Question(POLICIES["ez"], "take", 40_00, "Kh 9c 6d Ks")
    assert natural.answers == [40_00]


def test_super_6_pays_half_on_a_winning_6():
    six = drill.Question(POLICIES["super_6"], "take", 45_00, "Kh 6c 5d Ks Kd")
    assert six.resolution.banker.final_total == 6 and six.resolution.winner == "banker"
    assert six.answers == [22_50]


@pytest.mark.parametrize("policy", list(POLICIES))
def test_a_question_comes_back_from_its_data(policy):
    rng = random.Random(7)
    for mode in drill.MODES:
        if policy not in drill.policies_for(mode):
            continue
        question = drill.new_question(policy, mode, rng)
        again = drill.restore(question.data)
        assert again == question and again.answers == question.answers
        assert len(question.skill) <= 40
        if not POLICIES[policy].takes_commission:
            special = question.resolution
            assert special.winner == "banker"


BAD = [
    {},
    {"policy": "nope", "mode": "take", "bet": 500},
    {"policy": "ez", "mode": "back", "bet": 500},
    {"policy": "exact_5", "mode": "take", "bet": 499},
    {"policy": "exact_5", "mode": "take", "bet": "500"},
    {"policy": "ez", "mode": "take", "bet": 500, "cards": "Kh 9c 6d"},
    {"policy": "ez", "mode": "take", "bet": 500, "cards": "Kh 6c 9d Ks"},
    [1, 2],
]


@pytest.mark.parametrize("data", BAD)
def test_data_no_question_has_is_refused(data):
    with pytest.raises(drill.BadQuestion):
        drill.restore(data)


def test_bets_come_in_chip_steps_within_the_range():
    rng = random.Random(3)
    for _ in range(500):
        bet = drill.random_bet(rng)
        assert LEAST_BET <= bet <= MOST_BET and bet % 100 == 0
        if bet > 1_000_00:
            assert bet % 25_00 == 0
