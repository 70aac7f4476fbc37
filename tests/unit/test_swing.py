"""How much a bet swings (baccarat.odds.swing): each bet's distribution of results for one
hand is checked, exactly, against every ordered deal of small shoes played by the rules
written out again here (tests/independent_rules.py) and paid by hand; its mean is minus the
house edge; and a session's figures grow as they must with the hands played."""

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from independent_rules import BANKER_DRAWS_AGAINST, BANKER_DRAWS_WHEN_PLAYER_STOOD, PLAYER_DRAWS_ON

from baccarat.odds.exact import odds, odds_of_decks
from baccarat.odds.swing import deviation, mean, outcomes, session, variance
from baccarat.teaching.table_questions import ask_question

VALUE_OF = {"K": 0, "Q": 0, "A": 1, **{str(v): v for v in range(2, 10)}}
BETS = ("banker", "player", "tie_8_to_1", "tie_9_to_1", "ez_banker", "super6_banker",
        "dragon_7", "panda_8", "player_pair")  # fmt: skip
# Small shoes, every ordered six-card deal of each enumerated: between them every result of
# every bet happens (a Dragon 7, a Panda 8, a Banker win on 6, a pair, ties).
SHOES = (
    {"A": 1, "2": 1, "3": 1, "4": 1, "5": 1, "7": 2, "8": 1, "K": 1},
    {"A": 2, "3": 1, "4": 1, "6": 2, "9": 1, "K": 2},
    {"2": 1, "3": 2, "5": 1, "6": 1, "7": 1, "8": 1, "Q": 1, "K": 1},
)


def play(cards):
    """The hand six cards in dealing order make: (Player's cards, Banker's cards)."""
    values = [VALUE_OF[card] for card in cards]
    player, banker = [values[0], values[2]], [values[1], values[3]]
    rest = iter(values[4:])
    p, b = sum(player) % 10, sum(banker) % 10
    if p >= 8 or b >= 8:
        return player, banker
    if p in PLAYER_DRAWS_ON:
        third = next(rest)
        player.append(third)
        if third in BANKER_DRAWS_AGAINST.get(b, set()):
            banker.append(next(rest))
    elif b in BANKER_DRAWS_WHEN_PLAYER_STOOD:
        banker.append(next(rest))
    return player, banker


def paid(bet, cards):
    """What one unit on `bet` makes on these six cards, by the table's own words."""
    player, banker = play(cards)
    p, b = sum(player) % 10, sum(banker) % 10
    winner = "player" if p > b else "banker" if b > p else "tie"
    if bet == "player_pair":
        return Fraction(11) if cards[0] == cards[2] else Fraction(-1)
    if bet.startswith("tie"):
        return Fraction(8 if bet == "tie_8_to_1" else 9) if winner == "tie" else Fraction(-1)
    if bet == "dragon_7":
        return Fraction(40) if winner == "banker" and b == 7 and len(banker) == 3 else Fraction(-1)
    if bet == "panda_8":
        return Fraction(25) if winner == "player" and p == 8 and len(player) == 3 else Fraction(-1)
    side = "player" if bet == "player" else "banker"
    if winner == "tie":
        return Fraction(0)
    if winner != side:
        return Fraction(-1)
    if bet == "banker":
        return Fraction(95, 100)
    if bet == "ez_banker":
        return Fraction(0) if b == 7 and len(banker) == 3 else Fraction(1)
    if bet == "super6_banker":
        return Fraction(1, 2) if b == 6 else Fraction(1)
    return Fraction(1)


def enumerated(ranks):
    return _enumerated(tuple(ranks.items()))


@cache
def _enumerated(ranks):
    """Every bet's exact distribution on this shoe, from every ordered deal of six cards."""
    cards = [rank for rank, n in ranks for _ in range(n)]
    tallies = {bet: Counter() for bet in BETS}
    deals = 0
    for deal in itertools.permutations(range(len(cards)), 6):
        hand = [cards[i] for i in deal]
        deals += 1
        for bet in BETS:
            tallies[bet][paid(bet, hand)] += 1
    return {bet: {amount: Fraction(n, deals) for amount, n in tally.items()}
            for bet, tally in tallies.items()}  # fmt: skip


@pytest.fixture(scope="module", params=SHOES, ids=lambda shoe: "".join(shoe))
def small_shoe(request):
    return odds(ranks=request.param), enumerated(request.param)


@pytest.mark.parametrize("bet", BETS)
def test_each_bet_has_the_distribution_every_deal_of_the_shoe_gives(small_shoe, bet):
    exact, brute = small_shoe
    engine = {amount: chance for amount, chance in outcomes(exact, bet) if chance}
    assert engine == brute[bet]
    assert sum(chance for _, chance in outcomes(exact, bet)) == 1
    average = sum(amount * chance for amount, chance in brute[bet].items())
    assert mean(exact, bet) == average
    assert variance(exact, bet) == sum((a - average) ** 2 * c for a, c in brute[bet].items())


def test_the_small_shoes_between_them_reach_every_result_of_every_bet():
    seen = {bet: set() for bet in BETS}
    for ranks in SHOES:
        for bet, distribution in enumerated(ranks).items():
            seen[bet] |= set(distribution)
    assert seen["banker"] == {Fraction(95, 100), 0, -1}
    assert seen["ez_banker"] == {1, 0, -1}
    assert seen["super6_banker"] == {1, Fraction(1, 2), 0, -1}
    for bet, pays in (("dragon_7", 40), ("panda_8", 25), ("player_pair", 11), ("tie_9_to_1", 9)):
        assert seen[bet] == {pays, -1}


@pytest.mark.parametrize("bet", BETS)
def test_the_mean_is_minus_the_house_edge_for_a_full_shoe(bet):
    shoe = odds_of_decks(8)
    assert mean(shoe, bet) == -shoe.edges[bet].per_unit
    assert deviation(shoe, bet) == pytest.approx(math.sqrt(variance(shoe, bet)), rel=1e-15)


def test_the_long_shots_swing_far_more_than_banker_and_player():
    shoe = odds_of_decks(8)
    sd = {bet: deviation(shoe, bet) for bet in BETS}
    # Banker and Player win or lose about the stake: their swing is near 1 unit a hand.
    assert 0.9 < sd["banker"] < sd["player"] < 1
    assert sd["tie_8_to_1"] > 2 * sd["player"]
    assert sd["dragon_7"] > sd["panda_8"] > sd["player_pair"] > sd["tie_8_to_1"]


def test_a_session_adds_up_the_edge_in_step_and_the_swing_by_the_square_root():
    shoe = odds_of_decks(8)
    one = session(shoe, "banker", 10, 1)
    evening = session(shoe, "banker", 10, 200)
    assert evening.expected == pytest.approx(200 * one.expected)
    assert evening.deviation == pytest.approx(math.sqrt(200) * one.deviation)
    assert evening.expected == pytest.approx(-float(shoe.edges["banker"].per_unit) * 10 * 200)
    low, high = evening.band(2)
    assert (low + high) / 2 == pytest.approx(evening.expected)
    assert high - low == pytest.approx(4 * evening.deviation)
    # Over a short session the swing dwarfs the expected loss; the edge catches up slowly.
    assert evening.loss_to_swing == pytest.approx(math.sqrt(200) * one.loss_to_swing)
    assert evening.loss_to_swing < 1


def test_a_session_needs_a_hand_and_a_stake():
    with pytest.raises(ValueError):
        session(odds_of_decks(8), "banker", 10, 0)
    with pytest.raises(ValueError):
        session(odds_of_decks(8), "banker", 0, 10)


UNASKABLE = (
    "swing-bigger:nothing:200",
    "swing-bigger:banker:0",
    "swing-bigger:banker",
    "swings-most:banker",
    "swings-most:banker,banker",
    "swings-most:banker,nothing",
)


@pytest.mark.parametrize("ask", UNASKABLE)
def test_a_swing_question_that_cannot_be_asked_says_so(ask):
    with pytest.raises(ValueError):
        ask_question(ask, 10)


def test_the_swing_questions_answer_by_the_figures_they_explain():
    evening = ask_question("swing-bigger:banker:200", 10)
    long_run = ask_question("swing-bigger:banker:100000", 10)
    assert (evening.answer, long_run.answer) == ("swing", "loss")
    most = ask_question("swings-most:banker,player,tie_8_to_1,dragon_7", 10)
    assert most.answer == "dragon_7"
    assert "608.49" in most.explanation  # the Dragon 7's one-hand swing per 100 staked
    assert f"{deviation(odds_of_decks(8), 'dragon_7') * 100:,.2f}" == "608.49"
