"""baccarat.simulation.shoes against the plain way: whole shoes dealt in bulk from the lookup table
must be the shoes that baccarat.game.rules.resolve deals hand by hand under the stated procedure
(tests/plain_lab.py writes it out again), and the Big Road columns and derived-road marks
counted from column lengths must be those baccarat.roads.scoreboard.scoreboard draws, on dealt shoes
and on outcome strings built to hit the corners (ties only, one column, dragons)."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_lab import deal_shoe, matrix

from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.simulation.shoes import (
    BANKER_WINS,
    CHUNK,
    NO_HAND,
    PLAYER_WINS,
    Dealt,
    chunks,
    columns,
    deal,
    deal_shoes,
    derived_marks,
    full_shoe,
    procedure,
    shuffled,
)

WORKED = "PPBTBBBPPTTBPBBBBBBBPPBPB"  # the 25-hand worked example of docs/roads.md
WORKED_MARKS = {
    "big_eye_boy": "RBRBRBBRBRRRRRBRBBR",
    "small_road": "RRBBBRRRRRBBBBB",
    "cockroach_pig": "BBRBRRRRBBBRB",
}


def one_deck_by_value():
    """52 values: four of each of ace to nine, sixteen tens and pictures (value 0)."""
    return sorted([v for v in range(1, 10) for _ in range(4)] + [0] * 16)


# --- the shoes ----------------------------------------------------------------------------


def test_the_procedure_says_what_the_test_deals():
    words = procedure(8)
    assert "416 cards" in words and "last 16 cards" in words
    assert "an ace 1" in words and "a ten or a picture 10" in words
    assert procedure(1).startswith("Each shoe of 1 deck (52 cards)")


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_shuffled_shoes_are_whole_shoes_and_repeatable(decks):
    cards = shuffled(decks, 5, 11, 3)
    assert cards.shape == (5, 52 * decks)
    for row in cards:
        assert sorted(row.tolist()) == sorted(one_deck_by_value() * decks)
    assert np.array_equal(full_shoe(decks), np.sort(cards[0]))
    assert np.array_equal(cards, shuffled(decks, 5, 11, 3))
    assert not np.array_equal(cards, shuffled(decks, 5, 11, 4)), "each chunk its own shuffle"
    assert not np.array_equal(cards, shuffled(decks, 5, 12, 3))
    assert not np.array_equal(cards, shuffled(decks, 5, -11, 3)), "negative seeds apart"
    assert len({row.tobytes() for row in cards}) == 5, "each shoe its own order"


def check_against_resolve(cards, decks):
    """deal() of a block of shoes == each shoe dealt hand by hand with resolve()."""
    dealt = deal(cards, decks)
    plain = [deal_shoe(row) for row in cards]
    assert dealt.shoes == len(cards)
    assert [dealt.letters(i) for i in range(len(cards))] == [s.letters for s in plain]
    assert dealt.hands.tolist() == [len(s.letters) for s in plain]
    assert dealt.outcomes.shape[1] == max(len(s.letters) for s in plain), "no empty column"
    assert dealt.outcomes.dtype == np.int8
    return plain


@pytest.mark.parametrize("decks", range(1, 9))
@pytest.mark.parametrize("seed", [0, 20260517, -3])
def test_dealt_shoes_are_the_shoes_resolve_deals(decks, seed):
    cards = shuffled(decks, 6 if decks > 4 else 10, seed, chunk=decks)
    plain = check_against_resolve(cards, decks)
    # The deal really uses the cards: a hand takes 4 to 6 of them, and the shoe ends
    # within a hand or two of the cut card.
    for shoe in plain:
        used = 1 + shoe.burned + sum(len(h) for h in shoe.hands)
        assert all(4 <= len(h) <= 6 for h in shoe.hands)
        assert 52 * decks - 16 <= used <= 52 * decks - 16 + 11


def test_every_burn_and_both_ways_the_cut_card_comes_out():
    """300 one-deck shoes: every first card (so every burn from 1 to 10) and the cut card
    coming out both during a hand and between two hands, each dealt as resolve() deals."""
    cards = np.concatenate([shuffled(1, 100, 5, chunk) for chunk in range(3)])
    plain = check_against_resolve(cards, 1)
    assert {s.burned for s in plain} == set(range(1, 11))
    assert Counter(s.cut_out for s in plain).keys() == {"during", "between"}


@given(order=st.permutations(one_deck_by_value()), second=st.permutations(one_deck_by_value()))
@settings(max_examples=150, deadline=None)
def test_any_order_of_the_cards_deals_as_resolve_deals(order, second):
    check_against_resolve(np.array([order], dtype=np.int8), 1)
    check_against_resolve(np.array([order + second], dtype=np.int8), 2)
    check_against_resolve(np.array([order, second], dtype=np.int8), 1)


def test_deal_shoes_is_a_chunk_of_a_run_and_checks_its_decks():
    dealt = deal_shoes(4, 7, seed=9, chunk=2)
    assert np.array_equal(dealt.outcomes, deal(shuffled(4, 7, 9, 2), 4).outcomes)
    for decks in (0, 9):
        with pytest.raises(ValueError, match="decks"):
            deal_shoes(decks, 1, 0)
    assert chunks(1) == [1] and chunks(CHUNK) == [CHUNK]
    assert chunks(2 * CHUNK + 5) == [CHUNK, CHUNK, 5]
    assert sum(chunks(99_999)) == 99_999 and max(chunks(99_999)) == CHUNK


# --- columns and derived marks, against the scoreboard -----------------------------------


def check_roads(dealt: Dealt):
    """columns() and derived_marks() of a block of shoes == what scoreboard() draws for each."""
    cols = columns(dealt)
    boards = [scoreboard(dealt.letters(i)) for i in range(dealt.shoes)]
    side = {"B": BANKER_WINS, "P": PLAYER_WINS}
    for i, board in enumerate(boards):
        mine = cols.shoe == i
        assert cols.lengths[mine].tolist() == [len(c) for c in board.columns]
        assert cols.side[mine].tolist() == [side[c[0]] for c in board.columns]
        assert cols.number[mine].tolist() == list(range(len(board.columns)))
    assert cols.longest(dealt.shoes).tolist() == [
        max((len(c) for c in b.columns), default=0) for b in boards
    ]
    # Each Banker or Player hand: the 0-based column of its shoe and its row there.
    beads = [(i, c.column, c.depth) for i, b in enumerate(boards)
             for c in sorted(b.big_road, key=lambda c: c.hand) if c.hand is not None]  # fmt: skip
    found = list(zip(cols.shoe[cols.column_of_hand].tolist(),
                     cols.number[cols.column_of_hand].tolist(),
                     cols.row_of_hand.tolist(), strict=True))  # fmt: skip
    assert found == beads
    for road, back in DERIVED_ROADS.items():
        marks = Counter(m.color for b in boards for m in b.derived[road].marks)
        assert derived_marks(cols, back) == (marks["red"], marks["blue"]), road
    return cols


def test_roads_of_the_worked_example():
    cols = check_roads(Dealt(8, matrix([WORKED])))
    assert cols.lengths.tolist() == [2, 4, 2, 1, 1, 7, 2, 1, 1, 1]
    for road, back in DERIVED_ROADS.items():
        letters = WORKED_MARKS[road]
        assert derived_marks(cols, back) == (letters.count("R"), letters.count("B"))


CORNERS = [
    ["TTTT"],  # ties only: no column, no mark, longest 0
    ["T"],
    ["B"],
    ["BBBBBBBBBBBBBBBBBBBB"],  # one column, a dragon of 20
    ["TPPPPPPPT"],
    ["BP", "PB", "BPBPBPBPBPBPBPBP"],  # every column one bead
    ["BBPP", "TTTT", "BBPPBBPPBBPP"],  # equal columns: all red
    ["BBBPBBBPPPPPPPPBTTBB", "", "P"],  # a shoe with no hand between two others
    [WORKED, "TTT", WORKED[::-1], "PBBPBBBPBBBBPBBBBBP"],
]


@pytest.mark.parametrize("shoes", CORNERS, ids=lambda s: "|".join(s)[:24])
def test_roads_of_hand_built_corners(shoes):
    check_roads(Dealt(8, matrix(shoes)))


def test_a_block_of_ties_only_has_no_column_and_no_mark():
    cols = check_roads(Dealt(8, matrix(["TT", "T", "TTTTT"])))
    assert len(cols.lengths) == 0 and cols.longest(3).tolist() == [0, 0, 0]
    assert all(derived_marks(cols, back) == (0, 0) for back in (1, 2, 3))


# Shoes as runs of one outcome, so that long columns and ties inside streaks are common.
runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 9)), max_size=14)
shoe_text = st.one_of(
    runs.map(lambda rs: "".join(letter * n for letter, n in rs)),
    st.text(alphabet="BPT", max_size=60),
    st.text(alphabet="BPT", max_size=8),
)


@given(st.lists(shoe_text, min_size=1, max_size=6))
@settings(max_examples=300, deadline=None)
def test_roads_of_any_outcomes(shoes):
    check_roads(Dealt(8, matrix(shoes)))


@pytest.mark.parametrize("decks", [1, 8])
def test_roads_of_dealt_shoes(decks):
    dealt = deal_shoes(decks, 40, seed=decks)
    assert (dealt.outcomes[:, 0] != NO_HAND).all()
    check_roads(dealt)
