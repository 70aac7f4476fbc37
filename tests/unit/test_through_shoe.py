"""The exact edge before every hand of a shoe (baccarat.odds.through_shoe), against the odds
engine's exact fractions, and the shoes walked hand by hand (baccarat.simulation.shoe_walk)
against the lab's own dealing."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANKS, parse_cards
from baccarat.odds.exact import ShoeError, odds
from baccarat.odds.through_shoe import BLOCK, EDGE_BETS, ODDS_KEYS, edges_of, ranks_before_hands
from baccarat.simulation.shoe_walk import (
    dealt_walk,
    edges_of_shoes,
    recorded_walk,
    shuffled_ranks,
    step_edges,
)
from baccarat.simulation.shoes import deal_shoes
from baccarat.teaching.shoe_edges import positive_hands, sentences

FULL = {rank: 32 for rank in RANKS}


def engine(ranks):
    """Each bet's exact expectation for the bettor, from the odds engine's fractions."""
    edges = odds(ranks=dict(zip(RANKS, map(int, ranks), strict=True))).edges
    return {bet: -edges[ODDS_KEYS[bet]].per_unit for bet in EDGE_BETS}


# A partial shoe: up to 8 decks' worth of each rank, at least six cards in all.
partial_shoes = st.lists(st.integers(0, 32), min_size=13, max_size=13).filter(
    lambda counts: sum(counts) >= 6
)


@settings(max_examples=60, deadline=None)
@given(st.lists(partial_shoes, min_size=1, max_size=3))
def test_every_edge_is_the_engines_exact_fraction(shoes):
    found = edges_of(np.array(shoes))
    for row, ranks in enumerate(shoes):
        for bet, exact in engine(ranks).items():
            assert abs(found[bet][row] - float(exact)) < 1e-12, (bet, ranks)


def test_many_shoes_at_once_are_each_shoe_alone():
    # More compositions than one block, so the blocks' seams are crossed.
    rng = np.random.default_rng(3)
    shoes = rng.integers(0, 33, size=(BLOCK + 7, 13))
    shoes[:, 0] += 6 - np.minimum(shoes.sum(axis=1), 6)
    together = edges_of(shoes)
    for row in (0, BLOCK - 1, BLOCK, BLOCK + 6):
        alone = edges_of(shoes[row : row + 1])
        for bet in EDGE_BETS:
            assert together[bet][row] == alone[bet][0]


def test_a_full_shoe_has_the_textbook_edges():
    found = edges_of(np.full((1, 13), 32))
    assert round(found["banker"][0] * 100, 4) == -1.0579
    assert round(found["player"][0] * 100, 4) == -1.2351
    assert round(found["tie"][0] * 100, 2) == -14.36


def test_shoes_that_cannot_be_priced_are_refused_by_name():
    with pytest.raises(ShoeError, match=r"ranks_left\[1\]: 5 cards"):
        edges_of(np.array([[32] * 13, [5] + [0] * 12]))
    with pytest.raises(ShoeError, match="shape"):
        edges_of(np.full((2, 10), 4))
    with pytest.raises(ShoeError, match="0 to 32"):
        edges_of(np.full((1, 13), 33))


def test_the_ranks_before_each_hand_are_the_shoe_less_what_came_before():
    hands = [parse_cards("9 K 8 Q"), parse_cards("A A 2 3 4"), parse_cards("T T T T")]
    with pytest.raises(ShoeError, match="7 cards of rank 5"):  # a deck has four
        ranks_before_hands(1, hands, parse_cards("7 5 5 5 5 5 5 5"))
    burned = parse_cards("3 5 5 5")
    left = ranks_before_hands(1, hands, burned)
    assert left.shape == (3, 13)
    assert left[0].sum() == 52 - 4
    assert left[1].sum() == 52 - 4 - 4 and left[2].sum() == 52 - 4 - 4 - 5
    assert left[2][RANKS.index("A")] == 2 and left[1][RANKS.index("9")] == 3
    assert left[2][RANKS.index("3")] == 4 - 1 - 1


def test_cards_of_unknown_rank_and_too_many_of_a_rank_are_refused():
    with pytest.raises(ShoeError, match="hand 1: a card of unknown rank"):
        ranks_before_hands(8, [parse_cards("9 ? 8 Q")])
    with pytest.raises(ShoeError, match="rank 9"):
        ranks_before_hands(1, [parse_cards("9 9 9 9"), parse_cards("9 K 8 Q"), []])


@pytest.mark.parametrize(("decks", "seed"), [(8, 1), (6, 42), (1, 7), (2, 2026)])
def test_a_walked_shoe_is_the_labs_first_shoe_of_that_seed(decks, seed):
    walk = dealt_walk(decks, seed)
    assert walk.results == deal_shoes(decks, 1, seed).letters(0)
    dealt = sum(len(hand) for hand in walk.hands) + len(walk.burned)
    assert dealt <= 52 * decks
    # The burn: the first card turned over counts how many go under it (a 10 or a picture 10).
    first = walk.burned[0].value or 10
    assert len(walk.burned) == 1 + first
    assert walk.exact_hands == len(walk.hands)
    # Before each hand, what is left is the shoe less every card seen so far.
    seen = len(walk.burned)
    for number, hand in enumerate(walk.hands):
        assert walk.ranks_left[number].sum() == 52 * decks - seen
        seen += len(hand)


def test_many_shoes_walked_at_once_are_each_shoe_walked_alone():
    ranks = shuffled_ranks(8, 5, 11, 0)
    starts, edges = edges_of_shoes(8, ranks)
    lab = deal_shoes(8, 5, 11)
    assert ((starts >= 0).sum(axis=1) == lab.hands).all()
    first = dealt_walk(8, 11)
    for bet in EDGE_BETS:
        assert np.array_equal(edges[bet][0][: first.exact_hands], first.edges[bet])
        assert np.isnan(edges[bet][0][first.exact_hands :]).all()


def test_a_recorded_shoe_is_exact_until_a_hand_without_its_cards():
    hands = [parse_cards("9 K 9 Q"), parse_cards("2 3 4 A 6"), None, parse_cards("9 9 8 8")]
    walk = recorded_walk(8, hands, "PBBT")
    assert walk.stopped == "missing" and walk.exact_hands == 3
    incomplete = [parse_cards("9 K 9 Q"), parse_cards("2 3 4 A"), parse_cards("9 9 8 8")]
    walk = recorded_walk(8, incomplete, "PBT")
    assert walk.stopped == "unknown" and walk.exact_hands == 2
    assert recorded_walk(8, hands[:2], "PB").stopped is None
    over = [parse_cards("9 9 9 9"), parse_cards("9 K 9 Q"), parse_cards("9 K 9 Q")]
    walk = recorded_walk(1, over, "TPP")
    assert walk.stopped == "too_many" and walk.exact_hands == 0
    assert "more of a rank" in sentences(walk)[0]


def test_the_sentences_count_the_hands_the_figures_show():
    for seed in range(1, 40):
        walk = dealt_walk(8, seed)
        said = " ".join(sentences(walk))
        for bet in ("banker", "player"):
            count = len(positive_hands(walk, bet))
            if count:
                assert f"before {count} of {walk.exact_hands} hands" in said
        if not len(positive_hands(walk, "banker")) and not len(positive_hands(walk, "player")):
            assert "Neither the Banker nor the Player bet" in said


def test_a_long_pass_cut_into_steps_prices_the_labs_shoes_of_the_chunk():
    # Shoes 3..5 of a chunk, priced alone, are those shoes of the whole chunk.
    whole = shuffled_ranks(2, 6, 9, 1)
    assert np.array_equal(shuffled_ranks(2, 5, 9, 1), whole[:5])
    starts, edges = step_edges(2, 9, 1, 3, 5)
    assert starts.shape[0] == 2
    lab = deal_shoes(2, 6, 9, chunk=1)
    assert ((starts >= 0).sum(axis=1) == lab.hands[3:5]).all()
    _all_starts, all_edges = edges_of_shoes(2, whole)
    width = edges["banker"].shape[1]
    assert np.array_equal(edges["tie"], all_edges["tie"][3:5, :width], equal_nan=True)
