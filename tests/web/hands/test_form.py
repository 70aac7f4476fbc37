"""The hand page's form bound to a query string: what it reads, and its messages."""

from bound_forms import bound as bound_form

from hands.form import LAST_STEP, HandForm


def bound(query):
    return bound_form(HandForm, query)


def test_the_fields_read_on_their_own():
    form = bound("step=all&table=%20ez%20&player_total=7&change=2&to=%20K")
    assert form.cleaned_data["step"] == LAST_STEP
    assert form.cleaned_data["table"] == "ez"
    assert form.cleaned_data["player_total"] == 7
    assert form.cleaned_data["banker_total"] is None
    assert (form.cleaned_data["change"], form.cleaned_data["to"]) == (2, "K")
    assert bound("").cleaned_data["step"] == 1
    assert bound("").cleaned_data["table"] == "standard"


def test_each_field_that_cannot_be_read_has_its_message():
    form = bound("step=7&table=zz&banker_total=10&to=7")
    assert form.message("step").startswith("Step: “7” is not a gate")
    assert form.message("table").startswith("Table: “zz” is not a table here")
    assert form.message("banker_total").startswith("Banker's final total: “10”")
    # A what-if asked without a card number names what was (not) given.
    assert form.message("change") == "What if: “” is not a card number."
    assert form.message("player_total") is None


def test_the_first_edit_sent_is_the_one_made_unless_the_hand_is_too_long():
    assert bound("cards=4,A&pop=&add=3").edit() == "add"
    assert bound("cards=4,A&clear=").edit() == "clear"
    assert bound("cards=4,A").edit() is None
    assert bound("cards=" + "4," * 150 + "&pop=").edit() is None
    assert bound("cards=4&add=" + "x" * 9).edit() is None
