"""The lab's form bound to a query string: the run it asks for, and its refusals."""

from bound_forms import bound as bound_form

from baccarat.simulation.shoes import MAX_SHOES
from baccarat.simulation.systems import SYSTEMS
from lab.form import DEFAULT_RUN, LabForm, Run


def bound(query):
    return bound_form(LabForm, query)


def test_a_run_is_read_with_its_defaults():
    form = bound("shoes=10,000&seed=%207")
    assert form.is_valid()
    assert form.cleaned_data["run"] == Run(10_000, 8, 7, tuple(SYSTEMS))
    assert form.cleaned_data["cancelled"] is None
    assert bound("other=250").cleaned_data["run"].shoes == 250
    assert bound("system=").cleaned_data["run"].systems == ()
    assert bound("system=martingale&system=flat_banker").cleaned_data["run"].systems == (
        "flat_banker",
        "martingale",
    )
    assert bound("seed=20261202").cleaned_data["run"] == DEFAULT_RUN


def test_messages_name_each_field_in_the_form_order():
    form = bound("limit=0&shoes=0&seed=x&system=nope")
    assert list(form.messages()) == ["shoes", "seed", "system", "limit"]
    assert form.messages()["shoes"] == "Shoes: “0” is not a whole number from 1 to 100,000."
    form = bound("shoes=other&other=x")
    assert form.messages()["shoes"].startswith("Shoes (Other): “x”")


def test_a_cancelled_run_has_dealt_at_most_its_shoes():
    assert bound("shoes=100&seed=1&cancelled=40").cleaned_data["cancelled"] == 40
    assert list(bound("shoes=100&seed=1&cancelled=101").messages()) == ["cancelled"]
    # A refused run is bounded by the most shoes any run has.
    assert list(bound(f"shoes=x&cancelled={MAX_SHOES}").messages()) == ["shoes"]
