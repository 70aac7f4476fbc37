"""The calculator's form bound to a query string: what it reads, and where each message
goes (the page's order: the fields as the form shows them, the grid's summary last)."""

from bound_forms import bound as bound_form

from baccarat.odds.exact import COMMISSION, ranks_of_decks
from odds.form import OddsForm


def bound(query):
    return bound_form(OddsForm, query)


def test_a_full_shoe_is_worked_out_from_its_decks():
    form = bound("shoe=decks&decks=%206%20&commission=4.5%25")
    assert form.is_valid()
    assert form.cleaned_data["ranks"] == ranks_of_decks(6)
    assert form.cleaned_data["commission"] * 1000 == 45
    assert bound("").cleaned_data["commission"] == COMMISSION


def test_each_message_is_keyed_where_the_page_shows_it_in_the_form_order():
    form = bound("shoe=dealt&decks=9&commission=x&dealt=K")
    assert list(form.messages()) == ["decks", "commission"]  # no dealt without decks
    form = bound("shoe=dealt&decks=1&commission=x&dealt=" + "7+" * 5)  # 5 sevens, 1 deck
    assert list(form.messages()) == ["commission", "dealt"]
    assert "rank 7" in form.messages()["dealt"]


def test_rank_counts_are_keyed_by_rank_and_the_grid_message_comes_last():
    form = bound("shoe=ranks&decks=junk&A=&2=-1&K=999")
    messages = form.messages()
    # The decks are not used for a shoe given rank by rank: no message for them.
    assert list(messages) == ["rank_A", "rank_2", "rank_K", "ranks"]
    assert (messages["rank_A"], messages["rank_2"], messages["rank_K"]) == (
        "Blank",
        "Negative",
        "Over 32",
    )
    assert form.cleaned_data["ranks"] is None
    # A rank left out of the address is none left; one sent blank is a question.
    assert bound("shoe=ranks&A=6").is_valid()


def test_what_was_sent_is_kept_as_sent_for_drawing_back():
    form = bound("decks=%207x&A=%203")
    assert form.sent("decks") == " 7x"
    assert form.sent("A") == " 3"
    assert form.sent("K") == "0"  # not sent: none of that rank
    assert form.sent("commission") == "5"  # not sent: the form's own default
