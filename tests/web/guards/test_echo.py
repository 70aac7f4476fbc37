"""No response says back more than a short excerpt of what it was sent, so that no one can
make a page or an answer huge by sending a huge value: a megabyte parameter, anywhere it can
be sent, comes back as at most ECHO characters of it, in the page, the JSON or the headers
(guards.echo; messages quote through guards.inputs.shown). A view that reads no body that
big refuses it with 413 (that answer says nothing of it either); each is also sent the most
its view takes."""

import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from htmx import HTMX

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.same_on_any_database]

ECHO = 100
MARK = "\ua66e"  # ꙮ: in no page of the site, and one character however it is written
WRITTEN = (MARK, "%EA%99%AE", "\\ua66e", "%25EA%2599%25AE")
MEGABYTE = 1_000_000 // len(MARK.encode())
# The most of the mark a form body under MAX_FORM_BODY_BYTES holds, percent-escaped.
FORM = (settings.MAX_FORM_BODY_BYTES - 4_000) // len("%EA%99%AE")


def said_back(response) -> int:
    """How many characters of the mark the response holds, body and headers, however it
    writes them."""
    text = response.content.decode("utf-8", "replace")
    heads = " ".join(f"{name}: {value}" for name, value in response.items())
    return sum((text + heads).lower().count(written.lower()) for written in WRITTEN)


@pytest.fixture
def visitor(client):
    """A browser with a session and a shoe (the first write starts both)."""
    client.post("/tracker/", {"name": "Mine", "decks": "8"})
    return client


def shoe_id():
    from tracker.models import Shoe

    return Shoe.objects.get(name="Mine").pk


# --- forms posted --------------------------------------------------------------------

POSTS = [
    ("/theme/", {"back": "/"}, "theme"),
    ("/theme/", {"theme": "dark"}, "back"),
    ("/language/", {"language": "zh-hant"}, "next"),
    ("/tracker/", {"decks": "8"}, "name"),
    ("/tracker/", {"name": "x"}, "decks"),
    ("/accounts/signup/", {"password1": "a", "password2": "b"}, "username"),
    ("/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}, "next"),
    ("/accounts/login/", {"password": "a"}, "username"),
    ("/accounts/login/", {"username": "a", "password": "a"}, "next"),
    ("/lab/step/", {}, "state"),
]


@pytest.mark.parametrize(("path", "fields", "target"), POSTS)
@pytest.mark.parametrize("size", [MEGABYTE, FORM])
def test_a_form_says_back_no_more_than_an_excerpt(visitor, path, fields, target, size):
    response = visitor.post(path, {**fields, target: MARK * size})
    assert response.status_code in (302, 400, 413)
    assert said_back(response) <= ECHO


@pytest.mark.parametrize("target", ["name", "outcome", "idempotency_key"])
def test_the_trackers_forms_say_back_no_more_than_an_excerpt(visitor, target):
    shoe = shoe_id()
    for path in (f"/tracker/{shoe}/rename/", f"/tracker/{shoe}/hands/", f"/tracker/{shoe}/cards/"):
        for extra in ({}, HTMX):
            response = visitor.post(path, {"outcome": "B", "card": "4", target: MARK * FORM},
                                    **extra)  # fmt: skip
            assert said_back(response) <= ECHO, (path, extra)


def test_a_lesson_check_says_back_no_more_than_an_excerpt(visitor):
    from lessons.state import course

    check = course().lesson("settlement", "commission").checks[0].id
    path = f"/lessons/settlement/commission/checks/{check}/"
    for extra in ({}, HTMX):
        response = visitor.post(path, {"attempt": "0", "answer": MARK * FORM}, **extra)
        assert response.status_code == 400 and said_back(response) <= ECHO


def test_the_quiz_and_the_practice_dealer_say_back_no_more_than_an_excerpt(visitor):
    visitor.get("/quiz/mixed/")
    question = visitor.session["quiz"]["questions"]["mixed"]["id"]
    response = visitor.post("/quiz/mixed/answer/", {"question": question, "answer": MARK * FORM})
    assert response.status_code == 400 and said_back(response) <= ECHO
    visitor.post("/hands/practice/deal/")
    number = visitor.session["practice"]["number"]
    response = visitor.post(
        "/hands/practice/answer/", {"hand": str(number), "gate": "natural", "answer": MARK * FORM}
    )
    assert response.status_code == 400 and said_back(response) <= ECHO


# --- the import: every field, and every format's problems ------------------------------


@pytest.mark.parametrize("target", ["text", "name", "format", "decks"])
def test_the_import_form_says_back_no_more_than_an_excerpt(client, target):
    data = {"text": "BPX", "name": "", "format": "", "decks": "", target: MARK * 600_000}
    response = client.post("/tracker/import/", data)
    assert response.status_code == 400 and said_back(response) <= ECHO


def nested(value, depth):
    for _level in range(depth):
        value = [value]
    return value


LONG = MARK * 300_000  # a file under the importer's 1 MB
FILES = {
    "plain": ("s.txt", "B" + LONG),
    "csv outcome": ("s.csv", "outcome\nB\n" + MARK * 100_000 + "\n"),
    "csv flag": ("s.csv", "outcome,natural\nB," + MARK * 100_000 + "\n"),
    "csv seq": ("s.csv", "seq,outcome\n" + MARK * 100_000 + ",B\n"),
    "csv header": ("s.csv", MARK * 100_000 + ",outcome\nB\n"),
    "csv cards": ("s.csv", "outcome,cards\nB," + MARK * 100_000 + "\n"),
    "json outcome": ("s.json", json.dumps({"hands": [{"outcome": LONG}]}, ensure_ascii=False)),
    "json key": ("s.json", json.dumps({"hands": [{LONG: 1}]}, ensure_ascii=False)),
    "json flag": (
        "s.json",
        json.dumps({"hands": [{"outcome": "B", "natural": [LONG]}]}, ensure_ascii=False),
    ),  # fmt: skip
    "json seq": (
        "s.json",
        json.dumps({"hands": [{"outcome": "B", "seq": LONG}]}, ensure_ascii=False),
    ),  # fmt: skip
    "json decks": ("s.json", json.dumps({"decks": LONG, "hands": ["B"]}, ensure_ascii=False)),
    "json name": ("s.json", json.dumps({"name": LONG, "hands": ["B"]}, ensure_ascii=False)),
    "json hand": ("s.json", json.dumps({"hands": [LONG]}, ensure_ascii=False)),
    "json cards": (
        "s.json",
        json.dumps({"hands": [{"outcome": "B", "cards": [LONG]}]}, ensure_ascii=False),
    ),  # fmt: skip
    "json nested key": ("s.json", json.dumps({LONG: nested("\ud800", 34)}, ensure_ascii=False)),
}


@pytest.mark.parametrize("kind", FILES)
def test_an_imports_problems_quote_no_more_than_an_excerpt(client, kind):
    name, text = FILES[kind]
    upload = SimpleUploadedFile(name, text.encode("utf-8", "surrogatepass"))
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 400
    assert said_back(response) <= ECHO


def test_a_files_name_is_said_back_short(client):
    upload = SimpleUploadedFile(MARK * 100_000 + ".txt", b"BPX")
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 400 and said_back(response) <= ECHO


# --- pages read from the address --------------------------------------------------------

LESSON = "/lessons/settlement/commission/"
GETS = [
    ("/rules/", {}, "q"),
    ("/lab/", {"shoes": "100", "decks": "8", "seed": "1"}, "seed"),
    ("/lab/", {"shoes": "100", "decks": "8", "seed": "1"}, "bankroll"),
    ("/lab/", {"shoes": "100", "decks": "8", "seed": "1"}, "system"),
    ("/lab/", {"decks": "8", "seed": "1"}, "shoes"),
    ("/odds/", {"shoe": "dealt", "decks": "8"}, "dealt"),
    ("/odds/", {"shoe": "dealt", "decks": "8"}, "commission"),
    ("/odds/", {"shoe": "dealt"}, "decks"),
    ("/odds/", {"shoe": "ranks"}, "A"),
    ("/hands/", {}, "cards"),
    ("/hands/", {"cards": "4,2,4,3"}, "add"),
    ("/hands/", {"cards": "4,2,4,3", "change": "1"}, "to"),
    ("/hands/", {"cards": "4,2,4,3"}, "table"),
    ("/hands/", {"cards": "4,2,?,3"}, "player_total"),
    ("/hands/", {"cards": "4,2,4,3"}, "step"),
    (LESSON, {}, "settle-1"),  # a lesson's settle board: the cards
    (LESSON, {}, "settle-1-bet"),
    (LESSON, {}, "settle-1-stake"),
    (LESSON, {"board": "settle-1"}, "settle-1"),
    (LESSON, {"settle-1-bet": "x"}, "r1"),  # another board's parameter rides along
    ("/lessons/foundations/naturals/", {}, "hand-1"),
    ("/lessons/big-eye-boy/rule-2/", {}, "r1"),
    ("/lessons/banker-rule/remembering/", {}, "tableau-1-row"),
    ("/accounts/login/", {}, "next"),
    ("/api/v1/odds", {"decks": "8"}, "commission"),
]


@pytest.mark.parametrize(("path", "fields", "target"), GETS)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_page_says_back_no_more_than_an_excerpt_of_its_address(client, path, fields, target,
                                                                   htmx):  # fmt: skip
    response = client.get(path, {**fields, target: MARK * MEGABYTE}, **(HTMX if htmx else {}))
    assert response.status_code < 500
    assert said_back(response) <= ECHO


def test_the_404_page_names_a_long_path_short(client):
    for path in (f"/{MARK * 100_000}/", f"/zh-hant/{MARK * 100_000}/", f"/api/v1/{MARK * 9_000}"):
        response = client.get(path)
        assert response.status_code == 404 and said_back(response) <= ECHO


# --- the API ----------------------------------------------------------------------------

API_LONG = MARK * ((settings.MAX_FORM_BODY_BYTES - 2_000) // 3)  # JSON sends it as UTF-8


def api_bodies(shoe):
    return [
        ("/api/v1/hands/resolve", {"cards": [API_LONG]}),
        ("/api/v1/hands/resolve", {"cards": ["4"], API_LONG: 1}),
        ("/api/v1/roads", {"outcomes": API_LONG}),
        ("/api/v1/roads", {"outcomes": "B", "pairs": [API_LONG]}),
        ("/api/v1/roads", {"outcomes": "B", "pairs": [{API_LONG: True}]}),
        ("/api/v1/roads", {"outcomes": "B", "pairs": [{"banker_pair": API_LONG}]}),
        ("/api/v1/roads", {"outcomes": "B", "pairs": [[MARK * 100] * 300]}),
        ("/api/v1/odds", {"ranks": {API_LONG: 1}}),
        ("/api/v1/odds", {"ranks": {"A": API_LONG}}),
        ("/api/v1/shoes", {"name": API_LONG}),
        (f"/api/v1/shoes/{shoe}/hands", {"outcome": API_LONG}),
        (f"/api/v1/shoes/{shoe}/hands", {"outcome": "B", "cards": [API_LONG]}),
        ("/api/v1/simulations", {"shoes": 1, "strategies": [API_LONG]}),
        ("/api/v1/simulations", {"shoes": 1, API_LONG: 1}),
    ]


def test_the_api_says_back_no_more_than_an_excerpt(client):
    shoe = client.post("/api/v1/shoes", {"name": "API"}, content_type="application/json")
    for path, document in api_bodies(shoe.json()["id"]):
        body = json.dumps(document, ensure_ascii=False)
        assert len(body.encode()) <= settings.MAX_FORM_BODY_BYTES
        response = client.post(path, body, content_type="application/json")
        assert response.status_code < 500, (path, response.status_code)
        assert said_back(response) <= ECHO, (path, response.content[:300])
