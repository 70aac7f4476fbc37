"""One reading of a typed amount and one list of time limits for every dealer drill."""

from fractions import Fraction

import pytest

from dealer import time_limit
from dealer.amounts import AmountField, cents, units
from dealer.answers import Answer
from dealer.table_forms import AnswerForm


@pytest.mark.parametrize("typed", ["３.７５", "٣", "3,75", "", "three", "+3", "3.755"])
def test_the_drills_and_the_table_refuse_the_same_text_with_the_same_words(typed):
    drill = Answer({"question": "q", "amount": typed})
    table = AnswerForm({"question": "q", "pay-1": typed}, amounts=[("pay-1", "Seat 1: pay")])
    assert not drill.is_valid() and not table.is_valid()
    [said] = drill.errors["amount"]
    assert said.startswith("Amount: ")
    assert table.problems() == ["Seat 1: pay: " + said.removeprefix("Amount: ")]


def test_the_table_reads_the_drills_cents_as_exact_units():
    form = AnswerForm({"question": "q", "pay-1": "$1,250.05"}, amounts=[("pay-1", "pay")])
    assert form.is_valid()
    assert form.cleaned_data["pay-1"] == units(cents("1,250.05")) == Fraction(125005, 100)


def test_an_amount_field_is_refused_empty_in_its_own_words():
    with pytest.raises(Exception, match="Amount: type how much"):
        AmountField().clean("")


def test_one_list_of_limits_each_labelled_in_words():
    labels = dict(time_limit.choices(time_limit.SECONDS))
    assert list(labels) == ["", "3", "5", "10", "20", "30", "60"]
    assert labels["5"] == "5 seconds" and labels[""] == "Untimed"
    assert {*time_limit.ONE_ANSWER, *time_limit.TABLE_STEP} <= {*time_limit.SECONDS}


def test_a_limit_a_drill_does_not_offer_is_refused():
    form = time_limit.LimitForm({"limit": "3"}, offered=time_limit.TABLE_STEP)
    assert not form.is_valid() and form.seconds() is None
    assert time_limit.LimitForm({"limit": "30"}, offered=time_limit.TABLE_STEP).seconds() == 30.0
