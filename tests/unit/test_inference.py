"""Working back from the final totals to the one unknown card (baccarat.game.inference).

Exhaustive: every complete hand of four to six cards, with each of its cards in turn
replaced by "?", asked with its true final totals (both, only the Player's, only the
Banker's). The inference must contain the true value, and must be exactly the values that
make the same cards, with that value in the unknown card's place, a whole hand with those
totals. An oracle written out here, independently of the engine, deals the hands.

The rules read a side's two opening cards only through their total, so a side's pair is
written as (its total, K), and the unknown card's partner as K (an unknown card beside an x
makes the totals the unknown card alone makes, turned by x): every pair of totals is
covered. The third cards take every value. A property test adds random ranks in every seat.
"""

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from independent_rules import BANKER_DRAWS_AGAINST, PLAYER_DRAWS_ON, RANK_OF

from baccarat.game.cards import RANKS, Card, parse_card
from baccarat.game.inference import RANKS_OF_VALUE, InferenceError, infer, value_words


def deal(values):
    """The final totals (Player, Banker) if `values`, in dealing order, are exactly one
    whole hand; None if the hand would need another card or end before the last one."""
    if len(values) < 4:
        return None
    pt, bt = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    rest = list(values[4:])
    if pt >= 8 or bt >= 8:
        return (pt, bt) if not rest else None
    if pt in PLAYER_DRAWS_ON:
        if not rest:
            return None
        third = rest.pop(0)
        pt = (pt + third) % 10
        banker_draws = third in BANKER_DRAWS_AGAINST[bt]
    else:
        banker_draws = bt <= 5
    if banker_draws:
        if not rest:
            return None
        bt = (bt + rest.pop(0)) % 10
    return (pt, bt) if not rest else None


def whole_hands():
    """Every whole hand of values, up to the totals of the side without the unknown card
    (see the module docstring): yields (values, position of the unknown card)."""
    for position in range(6):
        seen = set()
        for opening in itertools.product(range(10), repeat=4):
            if position < 4:
                other = 1 - position % 2  # 0: the Player's cards, 1: the Banker's
                partner = position + 2 if position < 2 else position - 2
                if opening[other + 2] != 0 or opening[partner] != 0:
                    continue  # the other side as (total, 0), the unknown's partner 0
            elif opening[2] != 0 or opening[3] != 0:
                continue  # both sides as (total, 0)
            for tail in ((), *((x,) for x in range(10)), *itertools.product(range(10), repeat=2)):
                values = (*opening, *tail)
                if position < len(values) and deal(values) and values not in seen:
                    seen.add(values)
                    yield values, position


def with_unknown(values, position):
    return [Card(None) if i == position else Card(RANK_OF[v]) for i, v in enumerate(values)]


def expected(values, position, player, banker):
    fits = []
    for v in range(10):
        trial = (*values[:position], v, *values[position + 1 :])
        totals = deal(trial)
        if totals and player in (None, totals[0]) and banker in (None, totals[1]):
            fits.append(v)
    return tuple(fits)


HANDS = list(whole_hands())


def test_the_oracle_deals_every_kind_of_hand():
    lengths = {len(values) for values, _ in HANDS}
    assert lengths == {4, 5, 6}
    assert {position for _, position in HANDS} == set(range(6))


@pytest.mark.slow  # exhaustive over every hand: make test, not make test-fast
@pytest.mark.parametrize("position", range(6))
def test_the_inference_is_exactly_the_values_that_reproduce_the_totals(position):
    asked = {}
    for values, at in HANDS:
        if at != position:
            continue
        player, banker = deal(values)
        for told in ((player, banker), (player, None), (None, banker)):
            key = (tuple(v if i != position else None for i, v in enumerate(values)), told)
            if key not in asked:
                asked[key] = infer(with_unknown(values, position), *told)
            inference = asked[key]
            assert values[position] in inference.values, (values, position, told)
            assert inference.values == expected(values, position, *told), (values, told)
    assert asked


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(RANKS), min_size=6, max_size=6), st.integers(0, 5))
def test_any_ranks_in_any_seat(ranks, seat):
    cards = [parse_card(rank) for rank in ranks]
    length = next(n for n in range(4, 7) if deal([c.value for c in cards[:n]]))
    cards, position = cards[:length], seat % length
    values = [c.value for c in cards]
    player, banker = deal(values)
    hidden = [Card(None) if i == position else c for i, c in enumerate(cards)]
    inference = infer(hidden, player, banker)
    assert values[position] in inference.values
    assert inference.values == expected(values, position, player, banker)
    assert hidden[position] == Card(None)  # the hand itself is not changed


def test_a_unique_value_says_why_the_others_fail():
    # Banker 3 + ? stands against the Player's 8 only on 4: 3+4 = 7.
    inference = infer("4,3,A,?,8", 3, 7)
    assert inference.unique and inference.values == (4,) and inference.ranks == ("4",)
    assert inference.text.startswith("The unknown card must count 4: with 0, 1, 2 or 3 the ")
    assert "the Banker's total would not be 7" in inference.text
    assert "with 5 or 6 the hand would end after four cards (five are given)" in inference.text
    assert "the hand would go on to the Banker's third card" in inference.text


def test_only_the_totals_rule_a_value_out():
    # Player 0 draws a 5; Banker 0 draws whatever it is: the unknown card is the Banker's
    # third, and only the Banker's total tells its value.
    inference = infer("K,K,K,K,5,?", 5, 7)
    assert inference.values == (7,)
    assert inference.text == (
        "The unknown card must count 7: with any other value the Banker's total would not be 7."
    )
    assert infer("K,K,K,K,5,?", 4, 7).text == "No card fits these totals: check them."


def test_two_values_can_fit():
    # Player 1 + ? against Banker 3: only a natural (7 or 8) ends the hand at four cards.
    inference = infer("?,3,A,K", None, 3)
    assert inference.values == (7, 8) and not inference.unique
    assert inference.text == (
        "It could be 7 or 8: each gives these totals, so they cannot tell which."
    )


def test_a_value_0_is_a_ten_or_a_picture():
    inference = infer("2,3,2,3,?", 4, 6)
    assert inference.values == (0,) and inference.ranks == RANKS_OF_VALUE[0]
    assert inference.text.startswith("The unknown card must count 0 (a 10 or a picture):")
    assert value_words(1) == "1 (an ace)"


def test_no_value_fits_nonsense_totals():
    inference = infer("6,5,K,?", 6, 2)
    assert inference.values == () and not inference.fits
    assert inference.text == "No card fits these totals: check them."


@pytest.mark.parametrize(
    "cards, totals, message",
    [
        ("4,3,A,K,8", (5, 3), "exactly one unknown card (?); this hand has none"),
        ("?,3,?,K", (5, 3), "this hand has 2"),
        ("4,?,A", (5, 3), "at least four cards"),
        ("4,?,A,K", (None, None), "Give the Player's final total"),
        ("4,?,A,K", (12, 3), "Player's final total must be a whole number from 0 to 9"),
        ("4,?,A,K", (5, "x"), "Banker's final total must be a whole number from 0 to 9"),
    ],
)
def test_questions_it_cannot_take(cards, totals, message):
    with pytest.raises(InferenceError, match=re.escape(message)):
        infer(cards, *totals)
