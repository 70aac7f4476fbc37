"""One rule for numbers and one for visible text, on every way in (the production probe's
findings): every numeric field is read by guards.inputs (ASCII digits only, ASCII spaces
around them, the text bounded before anything converts it), and every name or label must
hold a character someone can see.

- A number with thousands of leading zeros was a 500 (int() past 4,300 digits, leading
  zeros counted); `/lab/?shoes=²` was a 500; `decks=+0_8.000` was 8 on the API; a stake in
  Arabic-Indic digits was a stake. NUMERIC_FIELDS is every numeric field of the pages and
  the API, BAD every way of writing a number that is not one: each is a 4xx naming the
  field (a page shows its form again, the problem beside the field), never a 500, and
  stores nothing. Surrounding ASCII spaces were allowed before and still are; a blank
  value is the field's documented default where it has one (a seed drawn, 8 decks, 5%
  commission, no what-if), and a refusal naming the field where it has none.
- JSON carries numbers of its own: a string where a number is wanted, 1e999999, a whole
  number of 5,000 or 10,000 digits, NaN; each is refused naming its place
  (JSON_NUMERIC_FIELDS). `{"decks": 000…1}` is not JSON at all (a leading zero), refused as
  bad syntax with its line and column.
- A name of Hangul fillers (U+3164 and its kin), the Braille blank or other characters that
  show nothing was stored; now refused through the API, the page forms and the importer,
  while one visible character among them is a name (BLANKS).
- The answers a page writes itself (a quiz choice, the practice dealer's hand number, a
  lesson check's attempt) are tokens compared exactly, never read as numbers: anything
  else, spaces included, is a 400 that counts nothing (EXACT_TOKENS).

The rule functions themselves, over arbitrary text: tests/unit/test_inputs.py.
"""

import json
import re
import unicodedata
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from fuzzing import stored
from htmx import HTMX

from baccarat.game.cards import RANKS
from tracker.models import Shoe

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
# Every refusal here comes before anything is written: the database behind cannot change it.
pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.same_on_any_database]

# Every way of writing a whole number that is not one, by the one rule.
BAD = {
    "5000 zeros then 1": "0" * 5000 + "1",
    "superscript two": "²",
    "Arabic-Indic three": "٣",
    "fullwidth three": "３",
    "plus sign": "+8",
    "minus zero": "-0",
    "underscore": "0_8",
    "decimals": "8.000",
    "exponent": "1e3",
    "NaN": "NaN",
    "inf": "inf",
    "10000 digits": "9" * 10_000,
    "the probe's decks": "+0_8.000",
    "no-break space around": "\xa08\xa0",
    "ideographic space before": "\u30008",
}
DECIMAL_FINE = {"decimals"}  # "8.000" is a number where a decimal is wanted (a commission)


@dataclass(frozen=True)
class Numeric:
    """A numeric field: where it is sent, what else the request needs, the words that name
    it in a refusal, a value it takes, and what a blank means (None: refused)."""

    method: str
    url: str
    name: str
    rest: dict = field(default_factory=dict)
    named: str = ""
    good: str = "1"
    blank: str | None = "default"
    htmx: bool = False
    decimal: bool = False

    def __str__(self):
        return f"{self.method} {self.url} {self.name}"


RANK_COUNTS = {rank: "4" for rank in RANKS}
WALK = {"cards": "4,A,A,3,8"}
ONE_UNKNOWN = {"cards": "4,3,A,?,8", "step": "all"}


def error_for(key):
    return f'data-error-for="{key}"><p class="error">'


LESSON = "/lessons/bead-plate-and-big-road/bead-plate/"
SETTLE = "/lessons/settlement/commission/"
TABLEAU = "/lessons/banker-rule/two-branches/"
ROW = "/lessons/banker-rule/easy-rows/"
LAB = {"shoes": "100", "seed": "1"}
BANKERS = "The Banker&#x27;s total must"
THIRD_CARD = "The Player&#x27;s third card must"
SHOE_PATH = "/api/v1/shoes/{value}"

# fmt: off
NUMERIC_FIELDS = [
    # The odds calculator (odds/form.py): a plain GET form.
    Numeric("GET", "/odds/", "decks", {"shoe": "decks"}, error_for("decks"), "6"),
    Numeric("GET", "/odds/", "decks", {"shoe": "dealt", "dealt": "K"}, error_for("decks"), "6"),
    Numeric("GET", "/odds/", "commission", {"shoe": "decks"}, error_for("commission"), "4.5",
            decimal=True),
    Numeric("GET", "/odds/", "K", {"shoe": "ranks", **RANK_COUNTS}, error_for("rank-K"), "4",
            blank=None),
    # The simulation lab (lab/form.py): every run is a URL.
    Numeric("GET", "/lab/", "shoes", {"seed": "1"}, error_for("shoes"), "100"),
    Numeric("GET", "/lab/", "other", {"shoes": "other", "seed": "1"}, error_for("shoes"), "100",
            blank=None),
    Numeric("GET", "/lab/", "decks", LAB, error_for("decks"), "6"),
    Numeric("GET", "/lab/", "seed", {"shoes": "100"}, error_for("seed"), "7"),
    Numeric("GET", "/lab/", "bankroll", LAB, error_for("bankroll"), "50"),
    Numeric("GET", "/lab/", "limit", LAB, error_for("limit"), "50"),
    Numeric("GET", "/lab/", "cancelled", LAB, "Cancelled: “", "5"),
    # The hand page (hands/views.py).
    Numeric("GET", "/hands/", "step", WALK, 'id="step-error"', "3"),
    Numeric("GET", "/hands/", "change", {**WALK, "to": "7"}, "What if: ", "2", blank=None),
    Numeric("GET", "/hands/", "player_total", ONE_UNKNOWN, "Player&#x27;s final total: ", "3"),
    Numeric("GET", "/hands/", "banker_total", ONE_UNKNOWN, "Banker&#x27;s final total: ", "3"),
    # Lessons: a road board redrawn (htmx), a settled bet's stake, a tableau's cell.
    Numeric("GET", LESSON, "board", {}, "board: ", "1", htmx=True),
    Numeric("GET", SETTLE, "settle-1-stake", {}, "The stake must", "50"),
    Numeric("GET", TABLEAU, "tableau-1-row", {}, BANKERS, "3"),
    Numeric("GET", TABLEAU, "tableau-1-card", {}, THIRD_CARD, "5"),
    Numeric("GET", ROW, "tableau-row-1-card", {}, THIRD_CARD, "5"),
    # The tracker's forms (tracker/views.py, guards/fields.py) and a CSV file's hand numbers.
    Numeric("POST", "/tracker/", "decks", {"name": "N"}, 'id="id_decks_error"', "6", blank=None),
    Numeric("POST", "/tracker/import/", "decks", {"text": "BPT"}, 'id="id_decks_error"', "6"),
    Numeric("POST", "/tracker/import/", "csv:seq", {}, "line 2: seq “", "1"),
    # The API's numbers read from text: a query string, a path.
    Numeric("GET", "/api/v1/odds", "decks", {}, "decks: ", "6", blank=None),
    Numeric("GET", "/api/v1/odds", "commission", {"decks": "8"}, "commission: ", "0.05"),
    Numeric("GET", SHOE_PATH, "shoe_id", {}, "shoe_id: ", "{own}", blank="n/a"),
    Numeric("POST", f"{SHOE_PATH}/hands", "shoe_id", {}, "shoe_id: ", "{own}", blank="n/a"),
    Numeric("DELETE", f"{SHOE_PATH}/hands/last", "shoe_id", {}, "shoe_id: ", "{own}",
            blank="n/a"),
]
# fmt: on
API_WRITES = {f"{SHOE_PATH}/hands": {"outcome": "B"}}


def new_shoe(client):
    response = client.post("/api/v1/shoes", {"name": "Own"}, content_type="application/json")
    assert response.status_code == 201
    shoe_id = response.json()["id"]
    client.post(f"/api/v1/shoes/{shoe_id}/hands", {"outcome": "P"}, content_type="application/json")
    return shoe_id


def send(client, numeric, value, own=None):
    """`value` in the field, everything else the request needs as it should be; a path
    names the shoe `own` where the value says "{own}"."""
    headers = HTMX if numeric.htmx else {}
    if "{value}" in numeric.url:  # a path: the value as it is, percent-encoded
        own = own or new_shoe(client)
        url = numeric.url.format(value=quote(value.replace("{own}", str(own)), safe=""))
        body = API_WRITES.get(numeric.url)
        if numeric.method == "GET":
            return client.get(url)
        if numeric.method == "DELETE":
            return client.delete(url)
        return client.post(url, body, content_type="application/json")
    data = dict(numeric.rest)
    if numeric.name == "csv:seq":
        data["text"] = f"seq,outcome\n{value},B\n"
    else:
        data[numeric.name] = value
    if numeric.method == "GET":
        return client.get(numeric.url, data, **headers)
    return client.post(numeric.url, data, **headers)


def refused(response, numeric):
    """A 4xx naming the field: the page with the problem beside the field, or the API's
    `detail` starting with the field's name."""
    body = response.content.decode()
    if numeric.url.startswith("/api/"):  # 422 malformed; 400 a commission that is no share
        assert response.status_code in (400, 422), (response.status_code, body[:300])
        assert response.json()["detail"].startswith(numeric.named), body[:300]
    else:
        assert response.status_code == 400, (response.status_code, body[:300])
        assert numeric.named in body, (numeric.named, body[:300])


IDS = [str(numeric) for numeric in NUMERIC_FIELDS]


@pytest.mark.parametrize("numeric", NUMERIC_FIELDS, ids=IDS)
@pytest.mark.parametrize("value", list(BAD.values()), ids=list(BAD))
def test_a_number_that_is_not_ascii_digits_is_a_4xx_naming_the_field(client, numeric, value):
    if numeric.decimal and value in (BAD[key] for key in DECIMAL_FINE):
        assert send(client, numeric, value).status_code == 200  # 8%: a commission
        return
    own = new_shoe(client) if "{value}" in numeric.url else None
    before = stored()
    response = send(client, numeric, value, own)
    refused(response, numeric)
    assert stored() == before


@pytest.mark.parametrize("numeric", NUMERIC_FIELDS, ids=IDS)
def test_ascii_spaces_around_a_good_number_are_allowed(client, numeric):
    response = send(client, numeric, f" {numeric.good} ")
    assert response.status_code < 400, response.content[:500]
    assert send(client, numeric, f"\t{numeric.good}  ").status_code < 400  # tabs too


@pytest.mark.parametrize("numeric", NUMERIC_FIELDS, ids=IDS)
def test_a_blank_number_is_the_default_or_refused_naming_the_field(client, numeric):
    if numeric.blank == "n/a":
        pytest.skip("a path has no blank segment: /api/v1/shoes/ is the list of shoes")
    before = stored()
    response = send(client, numeric, "")
    if numeric.blank == "default":
        assert response.status_code < 400, response.content[:500]
    else:
        refused(response, numeric)
        assert stored() == before


def test_the_probes_own_requests():
    client = Client()
    assert client.get("/odds/", {"decks": "0" * 5000 + "1"}).status_code == 400
    assert client.get("/lab/", {"shoes": "²"}).status_code == 400
    assert client.get("/api/v1/odds", {"decks": "+0_8.000"}).status_code == 422
    page = client.get("/lessons/settlement/commission/", {"settle-1-stake": "٥٠"})
    assert page.status_code == 400 and "The stake must be a whole number" in page.content.decode()


def test_the_form_keeps_what_was_typed_in_the_lab():
    response = Client().get("/lab/", {"shoes": "²"})
    assert 'value="²"' in response.content.decode()


# --- JSON bodies --------------------------------------------------------------------------

SIMULATION = {"shoes": 1, "decks": 1}
JSON_NUMERIC_FIELDS = [
    ("/api/v1/shoes", {"name": "N"}, "decks"),
    ("/api/v1/simulations", SIMULATION, "shoes"),
    ("/api/v1/simulations", SIMULATION, "decks"),
    ("/api/v1/simulations", SIMULATION, "seed"),
    ("/api/v1/simulations", SIMULATION, "bankroll"),
    ("/api/v1/simulations", SIMULATION, "table_limit"),
    ("/api/v1/odds", {"values": [128] + [32] * 9}, "values[0]"),
    ("/api/v1/odds", {"ranks": {rank: 32 for rank in RANKS}}, "ranks.K"),
    ("/api/v1/odds", {"values": [128] + [32] * 9}, "commission"),
]
JSON_IDS = [f"{url} {name}" for url, _body, name in JSON_NUMERIC_FIELDS]
MARK = 12345.678  # where the number goes, in the body's text


def body_with(body, name, raw):
    """The body's JSON text with `raw`, as written, in the field `name`."""
    body = json.loads(json.dumps(body))
    path = name.replace("]", "").replace("[", ".").split(".")
    where = body
    for part in path[:-1]:
        where = where[int(part) if isinstance(where, list) else part]
    where[int(path[-1]) if isinstance(where, list) else path[-1]] = MARK
    return json.dumps(body).replace(repr(MARK), raw)


def post(client, url, text):
    return client.generic("POST", url, text.encode(), content_type="application/json")


@pytest.mark.parametrize("url, body, name", JSON_NUMERIC_FIELDS, ids=JSON_IDS)
@pytest.mark.parametrize(
    "value", [*BAD.values(), "8", " 8 ", ""], ids=[*BAD, "8", "spaces", "blank"]
)
def test_a_json_string_is_no_number(client, url, body, name, value):
    before = stored()
    response = post(client, url, body_with(body, name, json.dumps(value)))
    assert response.status_code == 422, response.content[:300]
    assert response.json()["detail"].startswith(f"{name}: ")
    assert stored() == before


RAW_NUMBERS = {
    "1e999999": ("1e999999", "is too large a number"),
    "5000 digits": ("1" + "0" * 4999, "a whole number of 5,000 digits is too long"),
    "-5000 digits": ("-" + "9" * 5000, "a whole number of 5,000 digits is too long"),
    "10000 digits": ("9" * 10_000, "a whole number of 10,000 digits is too long"),
    "NaN": ("NaN", "NaN is not a JSON number"),
    "Infinity": ("Infinity", "Infinity is not a JSON number"),
    "-Infinity": ("-Infinity", "-Infinity is not a JSON number"),
}


@pytest.mark.parametrize("url, body, name", JSON_NUMERIC_FIELDS, ids=JSON_IDS)
@pytest.mark.parametrize("raw, words", list(RAW_NUMBERS.values()), ids=list(RAW_NUMBERS))
def test_a_json_number_no_field_can_hold_is_refused_at_its_place(
    client, url, body, name, raw, words
):
    before = stored()
    response = post(client, url, body_with(body, name, raw))
    assert response.status_code == 400, response.content[:300]
    detail = response.json()["detail"]
    assert detail.startswith(f"{name}: ") and words in detail, detail
    assert stored() == before


@pytest.mark.parametrize("url, body, name", JSON_NUMERIC_FIELDS, ids=JSON_IDS)
@pytest.mark.parametrize("raw", ["8.0", "8.000", "1e3", "true"])
def test_a_json_number_that_is_not_a_whole_one_names_the_field(client, url, body, name, raw):
    before = stored()
    response = post(client, url, body_with(body, name, raw))
    if name == "commission" and raw != "true":
        assert response.status_code == 400  # a number, but no share of the win
    else:
        assert response.status_code == 422
    assert response.json()["detail"].startswith(f"{name}: ")
    assert stored() == before


@pytest.mark.parametrize("url, body, name", JSON_NUMERIC_FIELDS, ids=JSON_IDS)
def test_leading_zeros_are_not_json(client, url, body, name):
    response = post(client, url, body_with(body, name, "0" * 5000 + "1"))
    assert response.status_code == 400
    assert response.json()["detail"].startswith("body: not valid JSON: ")
    assert "(line 1, column " in response.json()["detail"]


@pytest.mark.parametrize(
    "raw, problem",
    [
        (json.dumps("+8"), "decks: '+8' is not a whole number from 1 to 8"),
        (json.dumps("٣"), "decks: '٣' is not a whole number from 1 to 8"),
        (json.dumps("9" * 5000), "decks: “'99999999999999999999999…” is not a whole number"),
        ("8.0", "decks: 8.0 is not a whole number from 1 to 8"),
        ("1e999999", "decks: 1e999999 is too large a number"),
        ("9" * 10_000, "decks: a whole number of 10,000 digits is too long; at most 100 digits"),
        ("NaN", "decks: NaN is not a JSON number"),
        ("0" * 5000 + "1", "line 1, character 12: not valid JSON: "),
    ],
)
def test_a_shoe_files_decks_are_a_json_whole_number(client, raw, problem):
    before = stored()
    text = '{"decks": ' + raw + ', "hands": ["B"]}'
    response = client.post("/tracker/import/", {"text": text})
    assert response.status_code == 400
    assert problem.replace("'", "&#x27;") in response.content.decode()
    assert stored() == before


@pytest.mark.parametrize("value", list(BAD.values()), ids=list(BAD))
def test_a_shoe_files_hand_number_is_a_json_whole_number(client, value):
    before = stored()
    text = json.dumps({"hands": [{"seq": value, "outcome": "B"}]})
    response = client.post("/tracker/import/", {"text": text})
    assert response.status_code == 400
    assert "hands[0].seq: " in response.content.decode()
    assert stored() == before


# --- answers the page writes itself: exact tokens, never numbers ------------------------------


def hidden(page, name):
    return re.findall(rf'name="{re.escape(name)}" value="([^"]*)"', page)


def quiz_answer(client, value):
    client.session.save()  # a browser with a session, where the question waits
    page = client.get("/quiz/hand-total/").content.decode()
    before = dict(client.session)
    assert before["quiz"]["questions"]["hand-total"]["given"] is None
    data = {"question": hidden(page, "question")[0], "answer": value}
    return client.post("/quiz/hand-total/answer/", data), before, lambda: dict(client.session)


def practice_hand(client, value):
    client.post("/hands/practice/deal/")
    page = client.get("/hands/practice/").content.decode()
    data = {"hand": value, "gate": hidden(page, "gate")[0], "answer": hidden(page, "answer")[0]}
    before = dict(client.session)
    return client.post("/hands/practice/answer/", data), before, lambda: dict(client.session)


def lesson_attempt(client, value):
    from lessons.course import load_course
    from lessons.state import lesson_url

    lesson = load_course().lesson("bead-plate-and-big-road", "dragon-tail")
    check = lesson.checks[0]
    url = f"{lesson_url(lesson)}checks/{check.id}/"
    data = {"attempt": value, "answer": check.question(lesson.key, 0).answer}
    before = dict(client.session)
    return client.post(url, data), before, lambda: dict(client.session)


EXACT_TOKENS = {"quiz answer": quiz_answer, "practice hand": practice_hand}
EXACT_TOKENS["lesson attempt"] = lesson_attempt


@pytest.mark.parametrize("answer", list(EXACT_TOKENS.values()), ids=list(EXACT_TOKENS))
@pytest.mark.parametrize(
    "value", [*BAD.values(), " 1 ", " 0 ", ""], ids=[*BAD, "spaced 1", "spaced 0", "blank"]
)
def test_a_token_the_page_wrote_is_compared_exactly_and_counts_nothing(client, answer, value):
    response, before, after = answer(client, value)
    assert response.status_code == 400, response.content[:300]
    assert after() == before
    assert stored()["progress"] == [] and stored()["skills"] == []


# --- names: at least one character someone can see ------------------------------------------

# Each shows nothing by itself: Hangul fillers (letters), the Braille blank and the musical
# null notehead (symbols), and format characters, marks and tags Unicode calls ignorable.
BLANKS = [
    "\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\U0001d159", "\u180e", "\u200b",
    "\u200c", "\u200d", "\u2060", "\ufeff", "\u17b4", "\u17b5", "\u00ad", "\u034f", "\ufe0f",
    *(chr(code) for code in range(0x1D173, 0x1D17B)), "\U000e0020", "\U000e0041",
    "\U000e007f", "\U000e0101",
]  # fmt: skip
BLANK_IDS = [f"U+{ord(ch):04X}" for ch in BLANKS]
NAMES = [(ch, f"{name} alone") for ch, name in zip(BLANKS, BLANK_IDS, strict=True)]
NAMES += [(ch * 5, f"{name} x5") for ch, name in zip(BLANKS, BLANK_IDS, strict=True)]
NAMES.append(("".join(BLANKS), "all of them"))
NAMES.append(("\u3164 \u2800\u3000\u200b", "with spaces between"))


def own_shoe(client):
    response = client.post("/api/v1/shoes", {"name": "Table"}, content_type="application/json")
    return response.json()["id"]


WAYS = {
    "api": lambda client, name: client.post(
        "/api/v1/shoes", {"name": name}, content_type="application/json"
    ),
    "page form": lambda client, name: client.post("/tracker/", {"name": name, "decks": "8"}),
    "rename": lambda client, name: client.post(
        f"/tracker/{own_shoe(client)}/rename/", {"name": name}
    ),
    "import's name": lambda client, name: client.post(
        "/tracker/import/", {"text": "BPT", "name": name}
    ),
    "shoe file's name": lambda client, name: client.post(
        "/tracker/import/", {"text": json.dumps({"name": name, "hands": ["B", "P"]})}
    ),
    "username": lambda client, name: client.post(
        "/accounts/signup/",
        {"username": name, "password1": "a fine long pass 9", "password2": "a fine long pass 9"},
    ),
}


def names_stored():
    return sorted(Shoe.objects.values_list("name", flat=True)), list(
        User.objects.values_list("username", flat=True)
    )


# Django's own username rule takes letters, digits and . @ + - _ only: a filler is a letter
# to it, a format character or a space is refused before ours is asked.
USERNAME = re.compile(r"[\w.@+-]+")


@pytest.mark.parametrize("way", list(WAYS.values()), ids=list(WAYS))
@pytest.mark.parametrize("name", [n for n, _ in NAMES], ids=[i for _, i in NAMES])
def test_a_name_that_shows_nothing_is_refused_and_nothing_stored(client, way, name):
    if way is WAYS["rename"]:
        own_shoe(client)  # made before: the rename must leave it as it was
    before = names_stored()
    response = way(client, name)
    assert response.status_code == 400, response.content[:300]
    if way is not WAYS["username"] or USERNAME.fullmatch(name):
        assert "it has no visible character" in response.content.decode()
    if way is WAYS["rename"]:
        assert names_stored() == (["Table", "Table"], [])
    else:
        assert names_stored() == before


@pytest.mark.parametrize("way", list(WAYS.values()), ids=list(WAYS))
@pytest.mark.parametrize("blank", BLANKS, ids=BLANK_IDS)
def test_one_visible_character_among_them_is_a_name(client, way, blank):
    name = f"{blank}{blank}K{blank}"
    if way is WAYS["username"] and not USERNAME.fullmatch(name):
        pytest.skip("not a username by Django's own rule, blank or not")
    response = way(client, name)
    assert response.status_code in (201, 302), response.content[:300]
    shoes, users = names_stored()
    assert name in shoes or unicodedata.normalize("NFKC", name) in users  # Django's NFKC


@pytest.mark.parametrize("blank", BLANKS, ids=BLANK_IDS)
def test_a_file_named_with_blanks_is_imported_under_a_name_someone_can_see(client, blank):
    upload = SimpleUploadedFile(f"{blank * 3}.csv", b"seq,outcome\n1,B\n")
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 302
    assert Shoe.objects.get().name == "Imported shoe"
