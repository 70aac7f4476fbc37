"""One card out of a full shoe: the range the table question and the FAQ state holds every
card value's effect, as the odds engine computes it, to the rounding they print."""

from __future__ import annotations

import math

import pytest
from django.utils.translation import override

from baccarat.odds.exact import effect_of_removal, shoe_of_decks
from baccarat.teaching.table_questions import ask_question, removal_figures
from reference.faq import faq


def _signed(value: float) -> str:
    return f"{value:+.3f}".replace("-", "−")


@pytest.mark.parametrize("what", ["banker", "banker_edge"])
def test_every_card_values_effect_lies_in_the_stated_range(what):
    changes = [getattr(row, what) * 100 for row in effect_of_removal(shoe_of_decks(8))]
    assert len(changes) == 10  # every value, 0 to 9, can be removed from a full shoe
    key = "chance" if what == "banker" else "edge"
    figures = removal_figures(8)
    low, high = (float(figures[f"{key}_{end}"].replace("−", "-")) for end in ("low", "high"))
    assert all(low <= change <= high for change in changes)
    # and no wider than the rounding: the extremes are within a thousandth of a point
    assert low > min(changes) - 0.001 and high < max(changes) + 0.001
    assert figures[f"{key}_low"] == _signed(math.floor(min(changes) * 1000) / 1000)


def test_the_live_shoe_answer_states_both_ranges_and_the_faq_agrees():
    figures = removal_figures(8)
    explanation = ask_question("fact:live-shoe").explanation
    chance = f"by {figures['chance_low']} to {figures['chance_high']} percentage points"
    edge = f"house edge by {figures['edge_low']} to {figures['edge_high']}"
    assert chance in explanation and edge in explanation
    assert "at most" not in explanation  # one figure for the chance, read as the edge's too
    with override("en"):
        counting = next(answer for answer in faq(8) if answer.slug == "counting")
    assert chance in counting.answer and edge in counting.answer
