"""Every opening deal and every third card, checked against a second, deliberately
plain implementation of the rules written here from the printed casino chart."""

import functools
import itertools

import pytest

from baccarat.game.cards import parse_card
from baccarat.game.rules import HandError, banker_draws, player_draws, resolve
from baccarat.teaching.charts import tableau_rows

# One rank per value; the zero-valued ranks rotate so tens and pictures all get used.
ZERO_RANKS = ["T", "J", "Q", "K", "10"]
RANK_FOR = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}


@functools.cache
def card_of(value, salt=0):
    rank = RANK_FOR[value] if value else ZERO_RANKS[salt % len(ZERO_RANKS)]
    return parse_card(rank)


def reference_player_draws(p):
    return p <= 5


def reference_banker_draws(b, p3):
    """The chart as a casino dealer learns it, one branch per Banker total."""
    if p3 is None:  # the Player stood
        return b <= 5
    if b <= 2:
        return True
    if b == 3:
        return p3 != 8
    if b == 4:
        return 2 <= p3 <= 7
    if b == 5:
        return 4 <= p3 <= 7
    if b == 6:
        return p3 in (6, 7)
    return False


def reference_winner(p, b):
    return "player" if p > b else "banker" if b > p else "tie"


def test_tableau_row_counts():
    assert [row.draw_count for row in tableau_rows()] == [10, 10, 10, 9, 6, 4, 2, 0]


@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_all_80_tableau_cells(banker_total, third):
    expected = reference_banker_draws(banker_total, third)
    assert banker_draws(banker_total, third) is expected
    assert tableau_rows()[banker_total].cells[third] is expected


@pytest.mark.parametrize("total", range(8))
def test_two_card_rules(total):
    assert player_draws(total) is reference_player_draws(total)
    assert banker_draws(total, None) is reference_banker_draws(total, None)


@pytest.mark.parametrize("bad", [-1, 8, 9, 10, None, 2.5, True])
def test_rule_functions_refuse_impossible_totals(bad):
    with pytest.raises((ValueError, TypeError)):
        player_draws(bad)
    with pytest.raises((ValueError, TypeError)):
        banker_draws(bad, 3)


@pytest.mark.parametrize("bad", [-1, 10, 2.5])
def test_banker_draws_refuses_impossible_third_card_values(bad):
    with pytest.raises(ValueError):
        banker_draws(3, bad)


def check_complete(res, values, p_final, b_final, p_action, b_action, natural):
    assert res.complete and res.needs is None
    assert res.natural is natural
    assert (res.player_action, res.banker_action) == (p_action, b_action)
    assert (res.player.final_total, res.banker.final_total) == (p_final, b_final)
    assert res.winner == reference_winner(p_final, b_final)
    assert [s.gate for s in res.steps][-1] == "result"
    assert res.player.initial_total == (values[0] + values[2]) % 10
    assert res.banker.initial_total == (values[1] + values[3]) % 10


def check_refuses_extra(cards):
    with pytest.raises(HandError, match=rf"card {len(cards) + 1} .* has no place"):
        resolve([*cards, parse_card("5")])


@pytest.mark.slow  # exhaustive over every hand: make test, not make test-fast
def test_every_opening_and_every_third_card():
    """10,000 openings; for each, every Player third card and every Banker third card the
    rules deal. Checks totals, actions, winner, `needs` on the way, and the refusal of a
    card too many."""
    leaves = 0
    for n, values in enumerate(itertools.product(range(10), repeat=4)):
        opening = [card_of(v, (n + i) % 5) for i, v in enumerate(values)]
        p = (values[0] + values[2]) % 10
        b = (values[1] + values[3]) % 10
        res = resolve(opening)
        if p >= 8 or b >= 8:
            check_complete(res, values, p, b, "natural", "natural", True)
            check_refuses_extra(opening)
            leaves += 1
            continue
        if not reference_player_draws(p):
            if not reference_banker_draws(b, None):
                check_complete(res, values, p, b, "stand", "stand", False)
                check_refuses_extra(opening)
                leaves += 1
                continue
            assert (res.needs, res.player_action, res.banker_action) == (
                "banker_third",
                "stand",
                "draw",
            )
            for b3 in range(10):
                hand = [*opening, card_of(b3, n % 5)]
                check_complete(resolve(hand), values, p, (b + b3) % 10, "stand", "draw", False)
                leaves += 1
            check_refuses_extra(hand)
            continue
        assert (res.needs, res.player_action, res.complete) == ("player_third", "draw", False)
        for p3 in range(10):
            with_p3 = [*opening, card_of(p3, (n + p3) % 5)]
            p_final = (p + p3) % 10
            res = resolve(with_p3)
            if not reference_banker_draws(b, p3):
                check_complete(res, values, p_final, b, "draw", "stand", False)
                check_refuses_extra(with_p3)
                leaves += 1
                continue
            assert (res.needs, res.banker_action, res.complete) == ("banker_third", "draw", False)
            for b3 in range(10):
                hand = [*with_p3, card_of(b3, p3 % 5)]
                check_complete(resolve(hand), values, p_final, (b + b3) % 10, "draw", "draw", False)
                leaves += 1
            check_refuses_extra(hand)
    # Distinct complete hands by value: a regression guard on the walk itself.
    assert leaves == 339_400  # every complete hand, by card values: the walk skipped none
