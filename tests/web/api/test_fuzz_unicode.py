"""Hypothesis over the whole Unicode range and every way of writing a number, against every
field of the JSON API (the pages: test_fuzz_unicode.py).

A JSON body can carry what a form cannot: a lone UTF-16 surrogate ("\\ud800", written
by json.dumps(ensure_ascii=True) as that escape), NaN and Infinity, integers of thousands
of digits, 1e309, -0.0, a float or true where a whole number is expected, nesting a
hundred thousand deep. Every body here is also sent as raw text, so numbers appear exactly
as written ("1e-20000000", "9" * 5000). For every request:

- the answer is below 500 and no exception escapes (Django's test client re-raises it);
- every answer is JSON, and every refusal's `detail` is a str (a 422 adds `errors`, a list);
- a refused write stores nothing (the tracker's shoes and hands, the accounts, the
  learner's progress);
- nothing stored is junk: no shoe name or username holds a NUL, a lone surrogate or a
  control character, and every stored hand is an outcome with cards written as the engine
  writes them.

Each numeric field also gets the raw numbers alone: every request must complete (a hang
would stop the run; no wall-clock time is asserted). API_INPUTS below is the coverage,
checked against the operations' own schemas and against the OpenAPI document. The settings,
the tricky characters and these checks are shared with the pages' fuzzing (tests/fuzzing.py).
"""

import json
import re

import fuzzing
import pytest
from django.test import Client
from fuzzing import FUZZ, TRICKY, check_write, encoded, new_client, stored, sweep, unicode_text
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from api import hands, odds, roads, shoes, simulations
from baccarat.game.cards import RANKS
from baccarat.simulation.systems import SYSTEMS

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FEW = settings(FUZZ, max_examples=30)

# --- the coverage: every input the API reads ---------------------------------------------------

# (method, URL, body or query fields, path and header parameters)
API_INPUTS = [
    ("POST", "/api/v1/hands/resolve", ("cards",), ()),
    ("GET", "/api/v1/odds", ("decks", "commission"), ()),
    ("POST", "/api/v1/odds", ("values", "ranks", "commission"), ()),
    ("POST", "/api/v1/roads", ("outcomes", "pairs"), ()),
    ("GET", "/api/v1/shoes", (), ()),
    ("POST", "/api/v1/shoes", ("name", "decks"), ()),
    ("GET", "/api/v1/shoes/{shoe_id}", (), ("path:shoe_id",)),
    (
        "POST",
        "/api/v1/shoes/{shoe_id}/hands",
        ("outcome", "player_pair", "banker_pair", "natural", "cards"),
        ("path:shoe_id", "header:Prefer", "header:Idempotency-Key"),
    ),
    ("DELETE", "/api/v1/shoes/{shoe_id}/hands/last", (), ("path:shoe_id",)),
    (
        "POST",
        "/api/v1/simulations",
        ("shoes", "decks", "seed", "strategies", "bankroll", "table_limit", "continuation"),
        (),
    ),
]
# Every write also takes any Content-Type and any body at all (test_any_body_...).
SCHEMAS = {
    ("POST", "/api/v1/hands/resolve"): hands.ResolveIn,
    ("GET", "/api/v1/odds"): odds.DecksQuery,
    ("POST", "/api/v1/odds"): odds.CompositionIn,
    ("POST", "/api/v1/roads"): roads.RoadsIn,
    ("POST", "/api/v1/shoes"): shoes.ShoeIn,
    ("POST", "/api/v1/shoes/{shoe_id}/hands"): shoes.HandIn,
    ("POST", "/api/v1/simulations"): simulations.SimulationIn,
}


def test_the_table_names_every_field_of_every_operation():
    for (method, url), schema in SCHEMAS.items():
        fields = next(f for m, u, f, _ in API_INPUTS if (m, u) == (method, url))
        assert set(fields) == set(schema.model_fields), (method, url)
    document = Client().get("/api/v1/openapi.json").json()
    listed = {(m.upper(), path) for path, ops in document["paths"].items() for m in ops}
    assert listed == {(m, u) for m, u, _f, _p in API_INPUTS}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            _m, _u, _f, parameters = next(
                row for row in API_INPUTS if row[:2] == (method.upper(), path)
            )
            for parameter in operation.get("parameters", []):
                if parameter["in"] in ("path", "header"):
                    assert f"{parameter['in']}:{parameter['name']}" in parameters


def body_fields(document, operation):
    """The properties the OpenAPI document gives an operation's JSON body."""
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    name = schema["$ref"].rsplit("/", 1)[1]
    return set(document["components"]["schemas"][name]["properties"])


def test_the_document_describes_each_body_the_operation_reads():
    """What schemathesis (test_schemathesis.py) generates bodies from."""
    document = Client().get("/api/v1/openapi.json").json()
    for method, url, fields, _parameters in API_INPUTS:
        operation = document["paths"][url][method.lower()]
        if "requestBody" in operation:
            assert body_fields(document, operation) == set(fields), (method, url)


# --- strategies ---------------------------------------------------------------------------

LONG_TEXTS = ["B" * 20_001, "x" * 101, "K" * 5_000, "\u0301" * 10_000, "\ud800" * 1_000]
NUMBER_TEXTS = [
    "9" * 5000,
    "1e999999",
    "1e-99999999",
    "1e-20000000",
    "1E400",
    "1e309",
    "5e-2",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "1_000",
    "0x1p-3",
    "0x10",
    "+5",
    "-0",
    " 5 ",
    "5.",
    ".5",
    "4.50000",
    "0.05",
    "0.0475",
    "0.00005",
    "8.0",
    "",
    " ",
    "0",
    "1",
    "8",
    "9",
    "-1",
    "٨",
    "８",
    "²",
    "8\x00",
    "0." + "0" * 5000 + "1",
]
number_text = fuzzing.written_numbers(NUMBER_TEXTS)
numbers = st.one_of(
    st.sampled_from(
        [
            0,
            1,
            8,
            9,
            -1,
            10**4000,
            -(10**400),
            2**63,
            2**64,
            0.05,
            -0.0,
            8.0,
            1e-300,
            5e-324,
            1.7976931348623157e308,
            float("nan"),
            float("inf"),
            float("-inf"),
            True,
            False,
        ]
    ),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
)
json_scalar = st.one_of(st.none(), st.booleans(), numbers, unicode_text, number_text)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(unicode_text, inner, max_size=4)
    ),
    max_leaves=10,
)


def values(*valid):
    """What one JSON field gets: half the time a valid value, else a valid string with a
    tricky character in it, Unicode junk, a number, a very long string, or any JSON value."""
    junk = [json_scalar, json_value, st.sampled_from(LONG_TEXTS)]
    texts = [v for v in valid if isinstance(v, str) and v]
    if texts:
        junk.append(fuzzing.spliced(st.sampled_from(texts)))
    if not valid:
        return st.one_of(*junk)
    return st.booleans().flatmap(lambda ok: st.sampled_from(valid) if ok else st.one_of(*junk))


def one_spoiled(valid, junk):
    """A valid list or object with one entry (or key) replaced by junk."""

    def spoil(args):
        index, value = args
        if isinstance(valid, dict):
            key = list(valid)[index % len(valid)]
            return {**valid, key: value}
        return [*valid[:index], value, *valid[index + 1 :]]

    return st.tuples(st.integers(0, len(valid) - 1), junk).map(spoil)


CARD_TOKENS = ["A", "2", "5", "9", "10", "T", "t", "J", "Q", "K", "k", "?", "Qh", "10♠", 4, 10]
card_lists = st.one_of(
    st.lists(values(*CARD_TOKENS), max_size=8),
    st.lists(st.sampled_from(CARD_TOKENS), min_size=4, max_size=6),
    one_spoiled(["Q", "4", "9", "K"], values(*CARD_TOKENS)),
    json_value,
)
outcome_strings = st.one_of(
    values("B", "P", "T", "b", " t ", "Banker", "BPPTB"),
    st.lists(st.sampled_from(["B", "P", "T", "b", " "] + TRICKY), max_size=30).map("".join),
)


def maybe(**fields):
    """A body with every field, or with each field present or left out and sometimes a junk
    key."""
    return st.one_of(
        st.fixed_dictionaries(fields),
        st.fixed_dictionaries(
            {}, optional={**fields, **{"\ud800": json_value, "extra": json_value}}
        ),
    )


# --- sending and checking -------------------------------------------------------------------

JSON = "application/json"
RAW = "\ue000raw\ue000"  # a placeholder for a number written as raw JSON text


def body_text(body, raw=None):
    """JSON text with every non-ASCII character (lone surrogates too) as an escape; NaN
    and Infinity written as Python writes them; `raw`, if given, where RAW is."""
    text = json.dumps(body, ensure_ascii=True)
    if raw is not None:
        text = text.replace(json.dumps(RAW, ensure_ascii=True), raw)
    return text


def as_header(text):
    """A header's value as a WSGI server hands it over: its UTF-8 bytes read as Latin-1."""
    return text.encode("utf-8", "surrogatepass").decode("latin-1")


def call(
    client,
    method,
    url,
    body=None,
    *,
    query=None,
    raw=None,
    data=None,
    content_type=JSON,
    headers=None,
):
    """One request (`body` as JSON text, or `data` as it is); fails the test on a 5xx, or
    on an answer that is not JSON, or a refusal without a `detail` in words."""
    if query:
        url += "?" + "&".join(f"{encoded(k)}={encoded(v)}" for k, v in query.items())
    if data is None and body is not None:
        data = body_text(body, raw)
    if data is None:
        data = b""
    response = client.generic(method, url, data, content_type=content_type, headers=headers)
    status = response.status_code
    assert status < 500, (method, url, data[:2000], response.content[:3000])
    operation = re.sub(r"shoes/[^/]+", "shoes/{id}", url.split("?")[0].rsplit("/v1/", 1)[1])
    if currently_in_test_context():  # --hypothesis-show-statistics
        event(f"{method} {operation} answered {status}")
    answer = json.loads(response.content)
    if status >= 400:
        assert isinstance(answer, dict) and isinstance(answer.get("detail"), str), answer
        if status == 422:
            assert isinstance(answer.get("errors"), list), answer
    return response


def new_shoe(client, outcomes="BPT"):
    response = call(client, "POST", "/api/v1/shoes", {"name": "Fuzzed"})
    shoe_id = response.json()["id"]
    for outcome in outcomes:
        call(client, "POST", f"/api/v1/shoes/{shoe_id}/hands", {"outcome": outcome})
    return shoe_id


# --- the stateless operations --------------------------------------------------------------


def stateless(request):
    """Resolve, odds and roads store nothing, whatever they answer."""
    before = stored()
    request()
    assert stored() == before


@FUZZ
@given(body=st.one_of(maybe(cards=card_lists), json_value))
@example(body={"cards": ["\u212a", "2", "4", "3"]})
@example(body={"cards": ["\ud800", "2", "4", "3"]})
@example(body={"cards": ["4\x00", 10**4000, 4.0, True]})
@example(body={"cards": [[[[["A"]]]]]})
def test_resolve(body):
    stateless(lambda: call(new_client(), "POST", "/api/v1/hands/resolve", body))


@FUZZ
@given(
    query=st.fixed_dictionaries(
        {},
        optional={
            "decks": st.one_of(st.sampled_from(["1", "6", "8"]), number_text, unicode_text),
            "commission": st.one_of(
                st.sampled_from(["0.05", "0", "0.0475", "0.99"]), number_text, unicode_text
            ),
            "\u212a": unicode_text,
        },
    )
)
@example(query={"decks": "8", "commission": "1e-20000000"})
@example(query={"decks": "٨", "commission": "0.05"})
@example(query={"decks": "8", "commission": "0x1p-3"})
def test_odds_for_a_full_shoe(query):
    stateless(lambda: call(new_client(), "GET", "/api/v1/odds", query=query))


RANK_KEYS = [*RANKS, "10", "a", "t", "k", "\u212a", "ｋ", "Ｋ", "K\u0301", "\ud800", "1", "0"]
rank_counts = st.one_of(
    st.dictionaries(st.sampled_from(RANK_KEYS), values(0, 4, 32), max_size=14),
    st.fixed_dictionaries({rank: values(0, 4, 32) for rank in RANKS}),
    one_spoiled({rank: 32 for rank in RANKS}, values(0, 4)),
    st.sampled_from(RANK_KEYS).map(lambda key: {**{r: 32 for r in RANKS if r != "K"}, key: 4}),
    st.dictionaries(unicode_text, values(4), max_size=4),
    json_value,
)
value_counts = st.one_of(
    st.lists(values(0, 16, 32, 128), min_size=10, max_size=10),
    one_spoiled([128] + [32] * 9, values(0, 16, 128)),
    st.lists(values(16), max_size=12),
    json_value,
)


@FUZZ
@given(
    body=st.one_of(
        maybe(values=value_counts, commission=values(0.05, 0, 0.0475, 0.5)),
        maybe(ranks=rank_counts, commission=values(0.05, 0.04)),
        json_value,
    )
)
@example(body={"ranks": {"\u212a": 32, **{r: 32 for r in RANKS if r != "K"}}})
@example(body={"values": [128, 32, 32, 32, 32, 32, 32, 32, 32, 32], "commission": 1e-300})
@example(body={"values": [128.0, 32, 32, 32, 32, 32, 32, 32, 32, 32]})
@example(body={"values": [10**4000] * 10})  # past 4,300 digits: RAW_NUMBERS
def test_odds_for_any_shoe(body):
    stateless(lambda: call(new_client(), "POST", "/api/v1/odds", body))


pairs = st.one_of(
    st.lists(
        st.one_of(
            st.none(),
            values("", "B", "P", "BP", "b p"),
            st.dictionaries(
                st.sampled_from(["banker_pair", "player_pair", "banker", "player", "\ud800"]),
                values(True, False, 1, 0),
                max_size=3,
            ),
        ),
        max_size=6,
    ),
    json_value,
)


@FUZZ
@given(body=st.one_of(maybe(outcomes=outcome_strings, pairs=pairs), json_value))
@example(body={"outcomes": "BPT\ud800"})
@example(body={"outcomes": "BP\x00T", "pairs": ["\u212a", None, None]})
@example(body={"outcomes": "BPT", "pairs": [{"banker_pair": 1}, {"\udfff": True}, None]})
def test_roads(body):
    stateless(lambda: call(new_client(), "POST", "/api/v1/roads", body))


# A simulation's shoes are cheap only in small numbers: every test here may deal a few hundred
# (guards.budgets); a valid larger run is refused by the budget, as it would be in use.
SIMULATED_SHOES = "300/min"


@pytest.fixture(autouse=True)
def few_simulated_shoes(settings):
    settings.ANON_SIMULATED_SHOES_RATE = SIMULATED_SHOES
    settings.USER_SIMULATED_SHOES_RATE = SIMULATED_SHOES


STRATEGY_NAMES = list(SYSTEMS)
strategy_lists = st.one_of(
    st.none(),
    st.lists(values(*STRATEGY_NAMES, "Martingale", "flat banker"), max_size=4),
    one_spoiled(STRATEGY_NAMES[:3], values(*STRATEGY_NAMES)),
    json_value,
)


@FUZZ
@given(
    body=st.one_of(
        maybe(
            shoes=values(1, 3, 20, 0, 100_001),
            decks=values(1, 8),
            seed=values(1, -7, 10**30 - 1, 10**30, None),
            strategies=strategy_lists,
            bankroll=values(1, 100, 1_000_000),
            table_limit=values(1, 100, 1_000_001),
            continuation=values("", "x.y.z", "a" * 40_000, None),
        ),
        json_value,
    )
)
@example(body={"shoes": 3, "strategies": ["\ud800"]})
@example(body={"shoes": 3, "strategies": ["martingale\x00"]})
@example(body={"shoes": 3, "seed": 10**4000})
@example(body={"shoes": True, "decks": 8.0, "seed": 1.5})
@example(body={"shoes": 3, "\u212a": 1})
def test_simulations(body):
    stateless(lambda: call(new_client(), "POST", "/api/v1/simulations", body))


# --- the tracker's shoes ----------------------------------------------------------------------

names = values("Table 7", "  Evening  ", "Ｔａｂｌｅ", "x" * 100)


@FUZZ
@given(body=st.one_of(maybe(name=names, decks=values(1, 8)), json_value), signed_in=st.booleans())
@example(body={"name": "nul\x00here"}, signed_in=False)
@example(body={"name": "\ud800"}, signed_in=False)
@example(body={"name": "a\udfffb", "decks": 8}, signed_in=True)
@example(body={"name": "Table", "decks": 8.0}, signed_in=False)
@example(body={"name": "Table", "decks": True}, signed_in=False)
@example(body={"name": "\u202e\u200b"}, signed_in=False)
def test_starting_a_shoe(body, signed_in):
    client = new_client(signed_in)
    before = stored()
    response = call(client, "POST", "/api/v1/shoes", body)
    check_write(before, response)
    if response.status_code < 400:
        assert response.status_code == 201
        assert len(stored()["shoes"]) == len(before["shoes"]) + 1
    call(client, "GET", "/api/v1/shoes")


prefer = st.one_of(
    st.none(),
    st.sampled_from(
        [
            "return=minimal",
            'RETURN = "minimal"',
            "return=representation",
            "handling=lenient, return=minimal; x=1",
            "return",
            "=",
            ",;,",
        ]
    ),
    fuzzing.spliced(st.just("return=minimal")),
    unicode_text,
)


@FUZZ
@given(
    body=st.one_of(
        maybe(
            outcome=outcome_strings,
            player_pair=values(True, False),
            banker_pair=values(True, False),
            natural=values(True, False),
            cards=st.one_of(st.none(), card_lists),
        ),
        json_value,
    ),
    prefer=prefer,
)
@example(body={"outcome": "\u212a"}, prefer=None)
@example(body={"outcome": "B", "cards": ["\u212a", "4", "9", "K"]}, prefer="return=minimal")
@example(body={"outcome": "B", "cards": ["\ud800"]}, prefer=None)
@example(body={"outcome": "B", "natural": 1}, prefer="\ud800")
def test_recording_a_hand(body, prefer):
    client = new_client()
    shoe_id = new_shoe(client)
    headers = {"Prefer": as_header(prefer)} if prefer is not None else None
    before = stored()
    response = call(client, "POST", f"/api/v1/shoes/{shoe_id}/hands", body, headers=headers)
    check_write(before, response)
    if response.status_code < 400:
        assert len(stored()["hands"]) == len(before["hands"]) + 1


shoe_ids = st.one_of(
    st.sampled_from(
        [
            "{own}",
            "0",
            "-1",
            "00001",
            "9" * 19,
            "9" * 30,
            "9" * 5000,
            "1e3",
            "1.0",
            "٣",
            "１",
            "\u212a",
            " 1",
        ]
    ),
    number_text,
    unicode_text,
)


@FUZZ
@given(shoe_id=shoe_ids, junk=st.one_of(st.none(), json_value))
@example(shoe_id="9" * 5000, junk=None)
@example(shoe_id="9223372036854775808", junk=None)
def test_reading_and_undoing_any_shoe_id(shoe_id, junk):
    client = new_client()
    own = new_shoe(client, outcomes="B")
    path = encoded(shoe_id.replace("{own}", str(own)))
    call(client, "GET", f"/api/v1/shoes/{path}")
    before = stored()
    data = body_text(junk) if junk is not None else b""
    response = call(client, "DELETE", f"/api/v1/shoes/{path}/hands/last", data=data)
    check_write(before, response)
    before = stored()
    response = call(client, "POST", f"/api/v1/shoes/{path}/hands", {"outcome": "B"})
    check_write(before, response)


# --- any body, any Content-Type ---------------------------------------------------------------

WRITES = [
    ("POST", "/api/v1/hands/resolve"),
    ("POST", "/api/v1/odds"),
    ("POST", "/api/v1/roads"),
    ("POST", "/api/v1/simulations"),
    ("POST", "/api/v1/shoes"),
    ("POST", "/api/v1/shoes/{own}/hands"),
    ("DELETE", "/api/v1/shoes/{own}/hands/last"),
]
RAW_BODIES = [
    b"",
    b"null",
    b"[]",
    b"{}",
    b'"text"',
    b"8",
    b"{",
    b"\xff\xfe{}",
    b"\xef\xbb\xbf{}",
    b'{"name": "\xed\xa0\x80"}',  # a surrogate written as UTF-8 bytes: not UTF-8
    b'{"name": "\xc0\xae"}',
    b'{"name": "a\x00b"}',
    b'{"\\ud800": 1}',
    b'{"name": "\\ud800"}',
    b'{"outcome": "B", "outcome": "\\u0000"}',
    b'{"cards": ["\\uDBFF\\uDFFF", "\\uDFFF\\uDBFF"]}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    b'{"cards": ' + b"[" * 33 + b"]" * 33 + b"}",
    b'{"decks": ' + b"9" * 5000 + b"}",
    b'{"decks": NaN}',
    b'{"decks": Infinity}',
    b'{"decks": -Infinity}',
    b'{"decks": 1e309}',
    b'{"decks": 1e-20000000}',
    b'{"name": "' + b"x" * 3_000_000 + b'"}',
    '{"name": "Ｔａｂｌｅ\u212a"}'.encode("utf-16"),
]
CONTENT_TYPES = [
    JSON,
    "application/json; charset=utf-8",
    "application/json; charset=UTF8",
    "APPLICATION/JSON",
    'application/json; charset="utf-8"',
    "application/json; charset=latin-1",
    "application/json; charset=utf-16",
    "application/json; charset=\xff",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "",
    "application/json;;;",
    "application/merge-patch+json",
]


@pytest.mark.parametrize("method, url", WRITES)
@FEW
@given(
    data=st.one_of(
        st.sampled_from(RAW_BODIES),
        json_value.map(lambda v: body_text(v).encode()),
        st.binary(max_size=64),
    ),
    content_type=st.sampled_from(CONTENT_TYPES),
)
@example(data=b'{"name": "\\ud800", "outcome": "B", "cards": ["\\ud800"]}', content_type=JSON)
@example(data=b"[" * 100_000 + b"]" * 100_000, content_type=JSON)
def test_any_body_with_any_content_type(method, url, data, content_type):
    client = new_client()
    url = url.format(own=new_shoe(client, outcomes="BP"))
    before = stored()
    response = call(client, method, url, data=data, content_type=content_type)
    check_write(before, response)


# --- numbers: every numeric field, every way of writing a number ---------------------------------

RAW_NUMBERS = [
    "1" + "0" * 5000,
    "9" * 4300,
    "9" * 4301,
    "-" + "9" * 5000,
    "1e309",
    "-1e309",
    "1e-400",
    "1E400",
    "1e999999999",
    "1e-20000000",
    "-0.0",
    "-0",
    "0.0",
    "8.0",
    "8.5",
    "8e0",
    "0.05",
    "5e-2",
    "5E-2",
    "0.050000000000000001",
    "0.0475",
    "4.75e-2",
    "0.00001",
    "1e-4",
    "0.9999",
    "0.99995",
    "1",
    "0",
    "8",
    "9",
    "-1",
    "true",
    "false",
    "null",
    '"8"',
    '"0.05"',
    '"\\u0668"',
    '"\\ud800"',
    "[8]",
    "{}",
    "NaN",
    "Infinity",
    "-Infinity",
    "0x10",
    "1_000",
    "+5",
    ".5",
    "05",
    "5.",
    "8 ",
    "\u0668",
    "８",
]
NUMERIC_FIELDS = [
    ("POST", "/api/v1/odds", "commission", {"values": [128] + [32] * 9}),
    ("POST", "/api/v1/odds", "values[0]", {"values": [128] + [32] * 9}),
    ("POST", "/api/v1/odds", "ranks.K", {"ranks": {rank: 32 for rank in RANKS}}),
    ("POST", "/api/v1/shoes", "decks", {"name": "N"}),
    ("POST", "/api/v1/hands/resolve", "cards[0]", {"cards": ["4", "2", "4", "3"]}),
    ("POST", "/api/v1/roads", "pairs[0].banker_pair", {"outcomes": "B", "pairs": [{}]}),
    ("POST", "/api/v1/shoes/{own}/hands", "natural", {"outcome": "B"}),
    (
        "POST",
        "/api/v1/shoes/{own}/hands",
        "cards[0]",
        {"outcome": "B", "cards": ["Q", "4", "9", "K"]},
    ),
    ("POST", "/api/v1/simulations", "shoes", {"decks": 1}),
    ("POST", "/api/v1/simulations", "seed", {"shoes": 1}),
    ("GET", "/api/v1/odds", "decks", {"commission": "0.05"}),
    ("GET", "/api/v1/odds", "commission", {"decks": "8"}),
]


def placed(body, field, value):
    """`body` with `value` where `field` ("values[0]", "ranks.K", "pairs[0].banker_pair")
    is; a field ending in ".key()" ("ranks.K.key()") has its key replaced instead."""
    body = json.loads(json.dumps(body))
    rename = field.endswith(".key()")
    path = field.removesuffix(".key()").replace("]", "").replace("[", ".").split(".")
    where = body
    for part in path[:-1]:
        where = where[int(part) if isinstance(where, list) else part]
    last = int(path[-1]) if isinstance(where, list) else path[-1]
    if rename:
        where[value] = where.pop(last)
    else:
        where[last] = value
    return body


def numeric_request(method, url, field, body, raw):
    """`raw` (JSON text) in `field` of `body`; in a query string, the number's text."""
    client = new_client()
    if "{own}" in url:
        url = url.format(own=new_shoe(client))
    before = stored()
    if method == "GET":
        text = json.loads(raw) if raw.startswith('"') else raw
        response = call(client, "GET", url, query={**body, field: str(text)})  # it completes
    else:
        response = call(client, method, url, placed(body, field, RAW), raw=raw)  # it completes
    check_write(before, response)


NUMERIC_IDS = [f"{m} {u} {f}" for m, u, f, _ in NUMERIC_FIELDS]


@pytest.mark.parametrize("method, url, field, body", NUMERIC_FIELDS, ids=NUMERIC_IDS)
@FEW  # and every one of RAW_NUMBERS below
@given(raw=st.one_of(st.sampled_from(RAW_NUMBERS), numbers.map(lambda n: body_text(n))))
@example(raw="1e-20000000")
@example(raw="1" + "0" * 5000)
def test_every_numeric_field_with_every_way_of_writing_a_number(method, url, field, body, raw):
    numeric_request(method, url, field, body, raw)


@pytest.mark.parametrize("method, url, field, body", NUMERIC_FIELDS, ids=NUMERIC_IDS)
def test_every_numeric_field_with_each_listed_number(method, url, field, body):
    sweep(RAW_NUMBERS, lambda raw, _index: numeric_request(method, url, field, body, raw))


# --- every targeted character in every text field ---------------------------------------------

SHOE = {"values": [128] + [32] * 9}
TEXT_FIELDS = [
    ("POST", "/api/v1/hands/resolve", "cards[0]", {"cards": ["4", "2", "4", "3"]}),
    ("POST", "/api/v1/hands/resolve", "cards[1]", {"cards": ["4", "Qh", "4", "3"]}),
    ("POST", "/api/v1/odds", "ranks.K.key()", {"ranks": {rank: 32 for rank in RANKS}}),
    ("POST", "/api/v1/roads", "outcomes", {"outcomes": "BPPB"}),
    ("POST", "/api/v1/roads", "pairs[0]", {"outcomes": "B", "pairs": ["BP"]}),
    (
        "POST",
        "/api/v1/roads",
        "pairs[0].banker_pair.key()",
        {"outcomes": "B", "pairs": [{"banker_pair": True}]},
    ),
    ("POST", "/api/v1/shoes", "name", {"name": "Table 7"}),
    ("POST", "/api/v1/shoes/{own}/hands", "outcome", {"outcome": "B"}),
    (
        "POST",
        "/api/v1/shoes/{own}/hands",
        "cards[0]",
        {"outcome": "B", "cards": ["Q", "4", "9", "K"]},
    ),
    ("POST", "/api/v1/shoes/{own}/hands", "Prefer", {"outcome": "B"}),
    ("POST", "/api/v1/shoes/{own}/hands", "Idempotency-Key", {"outcome": "B"}),
    ("GET", "/api/v1/odds", "commission", {"decks": "8", "commission": "0.05"}),
    ("GET", "/api/v1/odds", "decks", {"decks": "8"}),
    (
        "POST",
        "/api/v1/simulations",
        "strategies[0]",
        {"shoes": 1, "decks": 1, "strategies": ["martingale"]},
    ),
    ("POST", "/api/v1/simulations", "shoes.key()", {"shoes": 1, "decks": 1}),
]


@pytest.mark.parametrize(
    "method, url, field, body", TEXT_FIELDS, ids=[f"{m} {u} {f}" for m, u, f, _ in TEXT_FIELDS]
)
def test_every_text_field_with_each_targeted_character(method, url, field, body):
    """Each of TRICKY alone, and put into a valid value: the Kelvin sign as a card, a rank
    or an outcome, a lone surrogate in a name or a key, NUL in a card..."""
    client = new_client()
    own = new_shoe(client, outcomes="")
    path = url.replace("{own}", str(own))
    valid = {
        "ranks.K.key()": "K",
        "pairs[0].banker_pair.key()": "banker_pair",
        "Prefer": "return=minimal",
        "Idempotency-Key": "4f1c-hand-key",
        "cards[0]": body.get("cards", [""])[0],
        "cards[1]": "Qh",
        "pairs[0]": "BP",
        "strategies[0]": "martingale",
        "shoes.key()": "shoes",
    }.get(field) or body[field]

    def attempt(value, _index):
        before = stored()
        if field in ("Prefer", "Idempotency-Key"):
            response = call(client, method, path, body, headers={field: as_header(value)})
        elif method == "GET":
            response = call(client, method, path, query={**body, field: value})
        else:
            response = call(client, method, path, placed(body, field, value))
        check_write(before, response)

    sweep([*TRICKY, *(valid[:1] + ch + valid[1:] for ch in TRICKY)], attempt)
