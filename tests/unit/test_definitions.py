"""The engine's words for the terms every page defines (baccarat.teaching.definitions), the edge
ratio the Tie lesson quotes, the effect-of-removal sentence (baccarat.odds.bettors_view), and the
mistakes' wording: each sentence agrees with what the engine computes."""

import itertools
import math

import pytest

from baccarat.game.tableau import NATURALS, banker_stood_rule_text
from baccarat.odds.bettors_view import largest_shift, removal_sentence, shift_in_words
from baccarat.odds.exact import effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.teaching.definitions import (
    glossary_texts,
    natural_definition,
    naturals_text,
    starting_point,
    tableau_definition,
)
from baccarat.teaching.mistakes import common_mistakes


def test_the_natural_is_a_two_card_total():
    assert naturals_text() == " or ".join(str(n) for n in NATURALS) == "8 or 9"
    assert natural_definition().startswith("A two-card total of 8 or 9 is a natural.")


def test_the_tableau_is_read_only_when_the_player_drew():
    assert tableau_definition().startswith("When the Player has drawn a third card")
    assert "value of the Player's third card" in tableau_definition()
    assert banker_stood_rule_text().startswith(
        "When the Player stood and neither hand is a natural, the Banker ignores"
    )


def first_mark(road, outcomes):
    """(column, row) of the Big Road bead that made the road's first mark, or None."""
    marks = scoreboard(outcomes).derived[road].marks
    return (marks[0].column, marks[0].row) if marks else None


@pytest.mark.parametrize("road", DERIVED_ROADS)
def test_the_starting_point_is_where_the_roads_first_mark_comes_from(road):
    # "the bead at column k+1, row 2; or, if column k+1 has only one bead, the first bead
    # of column k+2": checked on every board of up to 9 Banker / Player results.
    column = DERIVED_ROADS[road] + 1
    assert starting_point(road) == (
        f"the bead at column {column}, row 2; or, if column {column} has only one bead, the "
        f"first bead of column {column + 1}"
    )
    for length in range(1, 10):
        for outcomes in itertools.product("BP", repeat=length):
            lengths = [len(list(g)) for _, g in itertools.groupby(outcomes)]
            mark = first_mark(road, "".join(outcomes))
            if len(lengths) >= column and lengths[column - 1] >= 2:
                assert mark == (column, 2), outcomes
            elif len(lengths) >= column + 1:
                assert mark == (column + 1, 1), outcomes
            else:
                assert mark is None, outcomes


def test_the_glossary_may_quote_each_definition_by_name():
    texts = glossary_texts()
    assert texts["natural"] == natural_definition()
    assert texts["tableau"] == tableau_definition()
    assert texts["banker_stood"] == banker_stood_rule_text()
    assert {f"start:{road}" for road in DERIVED_ROADS} <= set(texts)


def test_the_tie_at_8_to_1_costs_about_3_times_the_tie_at_9_to_1():
    shoe = odds_of_decks(8)
    ratio = shoe.edge_ratio("tie_8_to_1", "tie_9_to_1")
    assert ratio == shoe.edges["tie_8_to_1"].per_unit / shoe.edges["tie_9_to_1"].per_unit
    assert 2.9 < float(ratio) < 3.0


@pytest.mark.parametrize(
    "shift, words",
    [
        (0.0000435, "about 4 hundred-thousandths"),
        (0.0000100, "about 1 hundred-thousandth"),
        (0.0001208, "about 1 ten-thousandth"),
        (0.0004978, "about 5 ten-thousandths"),
        (0.0010307, "about 1 thousandth"),
        (0.0000098, "about 1 hundred-thousandth"),  # rounds up to the next power of ten
        (0.0000001, "less than a millionth"),
        (0.0, "nothing"),
    ],
)
def test_a_shift_in_words(shift, words):
    assert shift_in_words(shift) == words


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_removal_sentence_names_the_largest_shift_of_its_table(decks):
    # The sentence is built from the figures the table shows.
    removals = effect_of_removal(shoe_of_decks(decks))
    largest = max(abs(x) for row in removals for x in (row.banker, row.player))
    assert largest_shift(removals) == largest
    edge = odds_of_decks(decks).edges["banker"].per_unit
    sentence = removal_sentence(removals, edge)
    exponent = math.floor(math.log10(largest))
    assert 10**exponent <= largest < 10 ** (exponent + 1)
    assert shift_in_words(largest) in sentence
    assert f"the largest shift here is {largest:.7f}" in sentence
    assert f"house edge is {percent(edge, 4)}" in sentence
    assert "hundred-thousandths" not in sentence or largest < 1e-4
    assert removal_sentence([], edge) is None


def test_no_mistake_claims_to_be_the_most_common():
    # The lesson and the mistakes disagreed on "the most common slip".
    for total in range(8):
        for mistake in common_mistakes(total):
            assert "most common" not in mistake.text
