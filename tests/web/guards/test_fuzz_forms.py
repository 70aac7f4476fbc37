"""Hypothesis-driven requests against the main forms and query strings: whatever a visitor
types or a hand-written URL holds, the answer is never a 5xx, and a refused write stores
nothing. Derandomized and bounded, so the same examples run in every `make test`."""

import pytest
from django.test import Client
from fuzzing import FUZZ
from htmx import HTMX
from hypothesis import given
from hypothesis import strategies as st

from tracker.models import Hand, Shoe

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Anything a person or a script could type, NUL and surrogate-free (a browser cannot send a
# lone surrogate; Django's own tests cover NUL separately below).
typed = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    max_size=60,
)
card_like = st.sampled_from(
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "?", "Qh", "10♠"]
)
cards_text = st.one_of(typed, st.lists(st.one_of(card_like, typed), max_size=9).map(",".join))
number_like = st.one_of(
    typed,
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", " ", "0", "1", "6", "7", "all", "1e9", "-0", "NaN", "9" * 5000]),
)


def assert_no_server_error(response):
    assert response.status_code < 500, response.content[:2000]


def new_client_with_shoe(hands="BPT"):
    client = Client()
    response = client.post("/tracker/", {"name": "Fuzzed", "decks": "8"})
    shoe = Shoe.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    for outcome in hands:
        client.post(f"/tracker/{shoe.pk}/hands/", {"outcome": outcome})
    return client, shoe


# --- the hand walkthrough: GET parameters only ---------------------------------------------


@FUZZ
@given(
    cards=cards_text,
    step=number_like,
    change=number_like,
    to=st.one_of(card_like, typed),
    edit=st.sampled_from([None, "add", "pop", "clear", "deal"]),
    add=st.one_of(card_like, typed),
    htmx=st.booleans(),
)
def test_hand_page_never_fails(client, cards, step, change, to, edit, add, htmx):
    query = {"cards": cards, "step": step, "change": change, "to": to}
    if edit:
        query[edit] = add
    headers = HTMX if htmx else {}
    assert_no_server_error(client.get("/hands/", query, **headers))


# --- the odds calculator: GET parameters only ----------------------------------------------

RANK_FIELDS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "T", "0"]


@FUZZ
@given(
    shoe=st.one_of(st.sampled_from(["", "decks", "ranks", "dealt"]), typed),
    decks=number_like,
    commission=number_like,
    dealt=cards_text,
    ranks=st.dictionaries(st.sampled_from(RANK_FIELDS), number_like, max_size=len(RANK_FIELDS)),
    htmx=st.booleans(),
)
def test_odds_page_never_fails(client, shoe, decks, commission, dealt, ranks, htmx):
    query = {"shoe": shoe, "decks": decks, "commission": commission, "dealt": dealt, **ranks}
    headers = HTMX if htmx else {}
    assert_no_server_error(client.get("/odds/", query, **headers))


# --- the tracker's forms: writes ------------------------------------------------------------


@FUZZ
@given(name=typed, decks=number_like)
def test_starting_a_shoe_stores_one_only_when_valid(client, name, decks):
    before = Shoe.objects.count()
    response = client.post("/tracker/", {"name": name, "decks": decks})
    assert_no_server_error(response)
    if response.status_code == 302:
        assert Shoe.objects.count() == before + 1
        shoe = Shoe.objects.latest("id")
        assert shoe.name == name.strip() and 1 <= shoe.decks <= 8
    else:
        assert Shoe.objects.count() == before


@FUZZ
@given(
    outcome=st.one_of(st.sampled_from(["B", "P", "T", "b", " p ", ""]), typed),
    flags=st.sets(st.sampled_from(["player_pair", "banker_pair", "natural"])),
    junk=st.dictionaries(typed, typed, max_size=3),
    htmx=st.booleans(),
)
def test_recording_stores_exactly_one_hand_or_none(outcome, flags, junk, htmx):
    client, shoe = new_client_with_shoe()
    before = list(shoe.hands.values_list("seq", "outcome"))
    data = {**junk, "outcome": outcome, **{flag: "on" for flag in flags}}
    headers = HTMX if htmx else {}
    response = client.post(f"/tracker/{shoe.pk}/hands/", data, **headers)
    assert_no_server_error(response)
    after = list(shoe.hands.values_list("seq", "outcome"))
    if outcome.strip().upper() in ("B", "P", "T"):
        assert response.status_code in (200, 302)
        assert after == [*before, (len(before) + 1, outcome.strip().upper())]
    else:
        assert response.status_code == 400
        assert after == before


@FUZZ
@given(name=typed)
def test_renaming_changes_the_name_only_when_valid(name):
    client, shoe = new_client_with_shoe(hands="")
    response = client.post(f"/tracker/{shoe.pk}/rename/", {"name": name})
    assert_no_server_error(response)
    shoe.refresh_from_db()
    if response.status_code == 302:
        assert shoe.name == name.strip()
    else:
        assert response.status_code == 400
        assert shoe.name == "Fuzzed"


@FUZZ
@given(
    text=st.one_of(
        typed,
        st.lists(st.sampled_from(["B", "P", "T", " ", "\n", "b", "x", ",", "{", '"', "1"])).map(
            "".join
        ),
        st.sampled_from(
            [
                '{"hands": [{"outcome": "B"}]}',
                '{"name": "x", "hands": "BPT"}',
                "[1, 2]",
                "seq,outcome\n1,B\n2,Z",
                "seq,outcome\n1,B\n1,P",
                "null",
                '{"hands": [{"outcome": "B", "cards": ["Q", 4]}]}',
            ]
        ),
    ),
    as_file=st.booleans(),
    format=st.one_of(st.sampled_from(["", "csv", "json", "plain"]), typed),
    name=typed,
    decks=number_like,
)
def test_import_saves_a_whole_shoe_or_nothing(text, as_file, format, name, decks):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client()
    before = (Shoe.objects.count(), Hand.objects.count())
    data = {"format": format, "name": name, "decks": decks}
    if as_file:
        data["file"] = SimpleUploadedFile("shoe.txt", text.encode("utf-8", "surrogatepass"))
    else:
        data["text"] = text
    response = client.post("/tracker/import/", data)
    assert_no_server_error(response)
    if response.status_code == 302:
        assert Shoe.objects.count() == before[0] + 1
        shoe = Shoe.objects.latest("id")
        seqs = list(shoe.hands.values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
    else:
        assert response.status_code == 400
        assert (Shoe.objects.count(), Hand.objects.count()) == before


@FUZZ
@given(username=typed, password=typed)
def test_sign_in_with_anything_is_never_a_server_error(client, settings, username, password):
    # Django runs the real hasher even for an unknown user (timing); a fast one here.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    response = client.post("/accounts/login/", {"username": username, "password": password})
    assert_no_server_error(response)
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    "path, data",
    [
        ("/tracker/", {"name": "nul\x00here", "decks": "8"}),
        ("/tracker/import/", {"text": "BP\x00T", "name": "x"}),
        ("/accounts/login/", {"username": "a\x00", "password": "b"}),
    ],
)
def test_a_nul_character_is_refused_not_stored(client, path, data):
    before = Shoe.objects.count()
    response = client.post(path, data)
    assert_no_server_error(response)
    assert Shoe.objects.count() == before
