"""Win chances as the cards come (baccarat.odds.as_cards_come): exact, checked against the
whole-shoe odds, against a card-by-card count written here with the rules of
tests/independent_rules.py, and against the law of total probability."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANKS, parse_cards
from baccarat.game.rules import HandError, resolve
from baccarat.odds.as_cards_come import (
    Chances,
    SqueezeError,
    as_the_cards_come,
    chances,
)
from baccarat.odds.exact import ShoeError, odds, odds_of_decks, ranks_of_decks, shoe_after
from tests.independent_rules import (
    BANKER_DRAWS_AGAINST,
    BANKER_DRAWS_WHEN_PLAYER_STOOD,
    PLAYER_DRAWS_ON,
)

VALUE = {r: (0 if r in "TJQK" else 1 if r == "A" else int(r)) for r in RANKS}
PICTURES_OR_TEN = {"T", "J", "Q", "K"}


def winner(values):
    """Who wins six values dealt in order (the last ones unused if the rules stop), by the
    rules written a second time."""
    p, b = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    rest = list(values[4:])
    if p < 8 and b < 8:
        if p in PLAYER_DRAWS_ON:
            third = rest.pop(0)
            p = (p + third) % 10
            if third in BANKER_DRAWS_AGAINST.get(b, set()):
                b = (b + rest.pop(0)) % 10
        elif b in BANKER_DRAWS_WHEN_PLAYER_STOOD:
            b = (b + rest.pop(0)) % 10
    return "banker" if b > p else "player" if p > b else "tie"


def by_hand(ranks_turned, shoe):
    """The chances counted card by card: every rank the open places may take, each as many
    ways as the shoe holds, down to the sixth card."""
    ways = dict.fromkeys(("banker", "player", "tie"), 0)

    def deal(values, left, weight):
        if len(values) == 6:
            ways[winner(values)] += weight
            return
        for rank, n in left.items():
            if n:
                deal([*values, VALUE[rank]], {**left, rank: n - 1}, weight * n)

    deal([VALUE[r] for r in ranks_turned], shoe, 1)
    total = sum(ways.values())
    return Chances(*(Fraction(ways[k], total) for k in ("banker", "player", "tie")))


def averaged(before, after, shoe, ranks):
    """The chances with one more card between `before` and `after`, averaged over the
    `ranks` it may be, each weighted by how many of it the shoe holds."""
    held = sum(shoe[r] for r in ranks)
    total = [Fraction(0)] * 3
    for rank in ranks:
        if shoe[rank]:
            got = chances([*before, rank, *after], {**shoe, rank: shoe[rank] - 1})
            total = [t + Fraction(shoe[rank], held) * x for t, x in zip(total, got, strict=True)]
    return Chances(*total)


def test_before_any_card_it_is_the_whole_shoes_odds():
    shoe = odds_of_decks(8)
    assert tuple(chances([])) == (shoe.exact("banker"), shoe.exact("player"), shoe.exact("tie"))
    six = odds(decks=6)
    got = chances([], ranks_of_decks(6))
    assert tuple(got) == (six.exact("banker"), six.exact("player"), six.exact("tie"))


@pytest.mark.parametrize(
    "cards, who",
    [("4h 2s Ad Tc 8c 5d", "banker"), ("9s 2h Kd 3c", "player"), ("7 7 K K", "tie")],
)
def test_once_the_hand_is_over_it_is_certain(cards, who):
    got = chances(cards)
    assert resolve(cards).winner == who
    assert getattr(got, who) == 1
    assert sum(got) == 1


@pytest.mark.parametrize("turned", ["3 K", "3 K 2", "3 K 2 6", "A 5 4 T", "4 2 A T 8", "8 8 8"])
def test_agrees_with_a_card_by_card_count_from_one_deck(turned):
    ranks = turned.split()
    shoe = shoe_after(1, parse_cards(ranks)).ranks
    assert chances(ranks, shoe) == by_hand(ranks, shoe)


def test_a_face_down_card_is_any_card_of_the_shoe():
    # A "?" is an open place: the chances are the average over what it may be, and it
    # keeps the later cards in their seats.
    shoe = {**ranks_of_decks(1), "3": 3, "K": 3, "2": 3, "6": 3}
    assert chances("3 K 2 6 ?".split(), shoe) == by_hand("3 K 2 6".split(), shoe)
    shoe = {**ranks_of_decks(2), "3": 7, "2": 7}
    assert chances("3 ? 2", shoe) == averaged(["3"], ["2"], shoe, RANKS)
    assert chances("3 ? 2", shoe) != chances("3 2", shoe)


def test_a_card_narrowed_to_one_rank_is_that_card_turned():
    for turned, rank in (([], "7"), (["3"], "K"), (["3", "K", "2", "6"], "9"), (["4", "2"], "A")):
        shoe = shoe_after(8, parse_cards(turned)).ranks
        after = {**shoe, rank: shoe[rank] - 1}
        assert chances(turned, shoe, narrowed={rank}) == chances([*turned, rank], after)


def test_squeezes_weigh_each_rank_by_the_cards_left():
    turned = ["3", "K", "2", "6"]  # Player 5 draws, Banker 6
    shoe = shoe_after(8, parse_cards(turned)).ranks
    for squeeze in (PICTURES_OR_TEN, {"6", "7", "8"}, {"A", "9"}):
        assert chances(turned, narrowed=squeeze) == averaged(turned, [], shoe, squeeze)
    # Player 5 + a picture stays 5; the Banker's 6 stands on a 0: Banker wins, for certain.
    assert chances(turned, narrowed=PICTURES_OR_TEN).banker == 1
    # 6 or 7 to the Player (1 or 2) and the Banker draws; an 8 makes 3 and the Banker stands.
    six_to_eight = chances(turned, narrowed={"6", "7", "8"})
    assert 0 < six_to_eight.player < 1 and six_to_eight.banker > Fraction(1, 2)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(RANKS), min_size=0, max_size=5),
    st.integers(min_value=1, max_value=8),
)
def test_the_chance_before_a_card_is_the_average_after_it(ranks, decks):
    # The law of total probability: before a card comes, the chance is the average over
    # every rank it may be, weighted by how many of that rank the shoe holds.
    for n in range(len(ranks), -1, -1):
        try:
            resolution = resolve(ranks[:n])
        except HandError:
            continue
        turned = ranks[:n]
        break
    if resolution.complete:
        return
    try:
        shoe = shoe_after(decks, parse_cards(turned)).ranks
    except ShoeError:  # more of a rank than the decks hold
        return
    before = chances(turned, shoe)
    assert before == averaged(turned, [], shoe, RANKS)
    assert sum(before) == 1


def test_as_the_cards_come_gives_one_step_a_card():
    steps = as_the_cards_come("4h 2s Ad Tc 8c 5d")
    assert [n for n, _c in steps] == list(range(7))
    assert steps[0][1] == chances([])
    assert steps[-1][1] == Chances(Fraction(1), Fraction(0), Fraction(0))


def test_what_cannot_be_is_refused_naming_the_field():
    with pytest.raises(SqueezeError, match="narrowed"):
        chances("9 2 K 3", narrowed={"K"})  # the hand is over
    with pytest.raises(SqueezeError, match="narrowed"):
        chances([], narrowed=set())
    with pytest.raises(SqueezeError, match="narrowed"):
        chances([], narrowed={"11"})
    with pytest.raises(SqueezeError, match="narrowed"):
        chances([], ranks_of_decks(1) | {"K": 0}, narrowed={"K"})
    with pytest.raises(ShoeError, match="ranks"):
        chances([], {"K": -1, "A": 10})
    with pytest.raises(HandError):
        chances("9 2 K 3 5")


def test_a_face_down_card_squeezed_is_the_average_over_its_ranks():
    shoe = {**ranks_of_decks(2), "3": 7, "2": 7}
    squeezed = chances("3 ? 2", shoe, narrowed=PICTURES_OR_TEN, narrowed_at=1)
    assert squeezed == averaged(["3"], ["2"], shoe, PICTURES_OR_TEN)
    assert chances("3 ? 2", shoe, narrowed={"K"}, narrowed_at=1) == chances(
        "3 K 2", {**shoe, "K": shoe["K"] - 1}
    )
    # Only a face-down card, or the next to come, can be squeezed.
    for place in (0, 2, 4, -1):
        with pytest.raises(SqueezeError, match="narrowed_at"):
            chances("3 ? 2", shoe, narrowed={"K"}, narrowed_at=place)
    assert chances("3 ? 2", narrowed={"K"}, narrowed_at=3) == chances("3 ? 2", narrowed={"K"})
