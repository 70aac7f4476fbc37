"""Why the tableau has its shape (baccarat.odds.tableau_shape), and the lessons' table questions
(baccarat.teaching.table_questions): the figures, checked against a count made afresh, and the
sentences the lesson builds on them."""

from fractions import Fraction

import pytest

from baccarat.game.rules import banker_draws
from baccarat.odds.exact import odds_of_decks, percent
from baccarat.odds.tableau_shape import (
    banker_gain,
    drawing_totals,
    tableau_agreement,
    third_card_effects,
)
from baccarat.teaching.table_questions import ask_question, decided_split

WEIGHT = [16 if v == 0 else 4 for v in range(10)]  # cards of each value in a deck


def brute(v):
    """(raises, lowers, leaves on 6-9) for third card v, over pairs of card values."""
    counts, whole = [0, 0, 0], 0
    for a in range(10):
        for b in range(10):
            t = (a + b) % 10
            if t > 5:
                continue
            w = WEIGHT[a] * WEIGHT[b]
            after = (t + v) % 10
            whole += w
            counts[0] += w * (after > t)
            counts[1] += w * (after < t)
            counts[2] += w * (after >= 6)
    return tuple(Fraction(c, whole) for c in counts)


def test_the_drawing_totals_are_the_player_rule_and_sum_to_one():
    assert sorted(drawing_totals()) == [0, 1, 2, 3, 4, 5]
    assert sum(drawing_totals().values()) == 1


@pytest.mark.parametrize("v", range(10))
def test_each_third_card_effect_matches_a_fresh_count(v):
    effect = third_card_effects()[v]
    assert (effect.improves, effect.worsens, effect.strong) == brute(v)
    assert effect.rows == sum(banker_draws(b, v) for b in range(8))


def test_the_lessons_sentences_about_the_shape_hold():
    e = third_card_effects()
    assert all(e[v].improves == 1 for v in (1, 2, 3, 4))  # "always raises"
    assert all(Fraction(1, 2) < e[v].improves < 1 for v in (5, 6, 7))  # "more often than not"
    assert all(e[v].worsens > Fraction(1, 2) for v in (8, 9))  # "more often lowers"
    assert e[0].improves == e[0].worsens == 0  # "changes nothing"
    assert max(range(10), key=lambda v: e[v].strong) == 6  # "more than any other card"
    assert e[6].rows == e[7].rows == 7 and e[8].rows == 3 == min(x.rows for x in e)


def test_the_tableau_agrees_with_the_better_move_in_all_cells_but_banker_4_against_1():
    agreement = tableau_agreement()
    assert (agreement.cells, agreement.agree, agreement.exceptions) == (80, 79, ((4, 1),))
    assert 0 < banker_gain(4, 1) < Fraction(1, 100)  # drawing is better, by a hair
    assert banker_gain(7, 5) < 0 < banker_gain(0, 5)


def test_the_decided_split_is_not_50_50():
    shoe = odds_of_decks(8)
    banker, player = decided_split(8)
    assert (percent(banker), percent(player)) == ("50.68%", "49.32%")
    assert banker + player == pytest.approx(1)
    assert banker == pytest.approx(shoe.p("banker") / (shoe.p("banker") + shoe.p("player")))
    assert ask_question("decided").answer == "50.68%"


@pytest.mark.parametrize(
    "ask,back",
    [("tie-to:8", "90"), ("tie-for:9", "90"), ("tie-to:9", "100"), ("tie-for:10", "100")],
)
def test_to_1_pays_on_top_of_the_stake_and_for_1_includes_it(ask, back):
    question = ask_question(ask, stake=10)
    assert question.answer == back and question.choice(back)


@pytest.mark.parametrize("ask", ["tie-to:7", "lifts:4,5", "lifts:1", "fact:nothing", "nope"])
def test_questions_that_cannot_be_asked_are_a_value_error(ask):
    with pytest.raises(ValueError):
        ask_question(ask)


def test_the_table_facts_are_myths_and_the_dealer_error_is_raised_at_once():
    for fact in ("electronic", "live-shoe", "paytable"):
        question = ask_question(f"fact:{fact}")
        assert question.answer == "myth" and question.explanation
    assert ask_question("fact:dealer-error").answer_label.startswith("At once")
