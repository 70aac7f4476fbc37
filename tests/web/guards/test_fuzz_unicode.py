"""Hypothesis over the whole Unicode range and every way of writing a number, against every
page query parameter and form field (the JSON API's fields: api/test_fuzz_unicode.py).

What a visitor can send: any code point (every category, NUL, combining marks, other
digit systems, full-width forms, letters that case-fold into a card or an outcome), and a
lone UTF-16 surrogate as the bytes a careless client writes for it (ED A0 80: Django reads
those with replacement); numbers huge, tiny, NaN, infinite, with exponents, underscores,
signs, spaces or in hex. For every request:

- the answer is below 500, and no exception escapes the view (Django's test client
  re-raises one, so it fails the test with its traceback);
- a refused write (4xx, or an account form shown again) stores nothing: the tracker's
  shoes and hands, the accounts, and the learner's progress are exactly as before;
- nothing stored is junk: no shoe name or username holds a NUL, a lone surrogate or a
  control character, and every stored hand is an outcome with cards written as the engine
  writes them.

Besides the hypothesis tests, two sweeps send every one of the targeted values, so none is
left to chance: each of NUMBER_TEXTS to every numeric field, and each of TRICKY (alone,
and put into a valid value) to every text field; they list every failure, not only the
first. Each request must complete (a hang would stop the run; no wall-clock time is
asserted). The session and CSRF cookies are fuzzed too (test_any_cookie).

INPUTS below is the coverage: every (method, URL, fields) the pages read, and
test_the_table_names_every_field_the_views_read checks it against the views' source, so a
field added later without fuzzing fails here. Derandomized and bounded, like the other fuzz
tests (test_fuzz_forms.py, test_schemathesis.py); the settings, the tricky characters and the
checks on what is stored are shared with the JSON API's (tests/fuzzing.py).
"""

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

import fuzzing
import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from fuzzing import (
    TRICKY,
    check_write,
    encoded,
    new_client,
    new_username,
    spliced,
    stored,
    sweep,
    unicode_text,
    written_numbers,
)
from htmx import HTMX
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from baccarat.game.cards import RANKS
from lessons.course import load_course
from quiz.speed import SPEED_RULES
from quiz.views import TOPICS
from tracker.models import Shoe

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[3]

FUZZ = settings(fuzzing.FUZZ, max_examples=50)
FEW = settings(FUZZ, max_examples=25)

# --- the coverage: every input a page reads --------------------------------------------------

ODDS_RANKS = tuple(RANKS)  # A 2 … 9 T J Q K: the odds page's 13 rank fields
COURSE = load_course()
ROAD_LESSON = COURSE.lesson("bead-plate-and-big-road", "dragon-tail")  # boards r1, r2; checks
LESSONS = [lesson for lesson in COURSE.lessons if lesson.roads() or lesson.checks]

# (method, URL, fields). "path:" marks a part of the URL itself; "header:" a request header.
INPUTS = [
    (
        "GET",
        "/hands/",
        (
            "cards",
            "step",
            "change",
            "to",
            "add",
            "pop",
            "deal",
            "clear",
            "table",
            "player_total",
            "banker_total",
            "rank",
            "squeeze",
            "squeezed_card",
            "header:HX-Request",
        ),  # fmt: skip
    ),
    ("GET", "/hands/practice/", ()),
    ("POST", "/hands/practice/answer/", ("hand", "gate", "answer", "header:HX-Request")),
    ("POST", "/hands/practice/deal/", ()),
    ("POST", "/hands/practice/reset-score/", ()),
    ("GET", "/odds/", ("shoe", "decks", "dealt", "commission", *ODDS_RANKS, "header:HX-Request")),
    ("GET", "/lessons/<module>/<lesson>/", ("board", "r1", "r2", "header:HX-Request")),
    (
        "POST",
        "/lessons/<module>/<lesson>/checks/<check>/",
        ("attempt", "answer", "header:HX-Request"),
    ),
    ("POST", "/lessons/<module>/<lesson>/read/", ("header:HX-Request",)),
    (
        "GET",
        "/lessons/<module>/<lesson>/marks/<outcomes>/<road>/<index>/",
        ("path:module", "path:lesson", "path:outcomes", "path:road", "path:index"),
    ),
    ("GET", "/rules/banker/<total>/", ("path:total",)),
    ("GET", "/quiz/<topic>/", ("path:topic",)),
    ("POST", "/quiz/<topic>/answer/", ("question", "answer", "unsaved", "header:HX-Request")),
    ("POST", "/quiz/<topic>/next/", ("question", "header:HX-Request")),
    ("POST", "/quiz/speed/start/", ("rule", "header:HX-Request")),
    ("POST", "/quiz/speed/answer/", ("question", "answer", "header:HX-Request")),
    ("POST", "/tracker/", ("name", "decks")),
    (
        "POST",
        "/tracker/<id>/hands/",
        ("outcome", "player_pair", "banker_pair", "natural", "header:HX-Request", "path:id"),
    ),
    ("POST", "/tracker/<id>/rename/", ("name", "path:id")),
    ("POST", "/tracker/<id>/undo/", ("header:HX-Request", "path:id")),
    ("POST", "/tracker/<id>/delete/", ("path:id",)),
    ("POST", "/tracker/import/", ("text", "file", "file:name", "format", "name", "decks")),
    ("GET", "/tracker/<id>/marks/<road>/<index>/", ("path:id", "path:road", "path:index")),
    ("GET", "/tracker/shared/<token>/", ("path:token",)),
    ("GET", "/tracker/<id>/export.csv", ("path:id",)),
    ("GET", "/tracker/sheet/", ("paper",)),
    ("GET", "/tracker/<id>/print/", ("paper", "path:id")),
    ("GET", "/tracker/shared/<token>/print/", ("paper", "path:token")),
    ("POST", "/accounts/signup/", ("username", "password1", "password2", "next")),
    ("GET", "/accounts/signup/", ("next",)),
    ("POST", "/accounts/login/", ("username", "password", "next")),
    ("GET", "/accounts/login/", ("next",)),
    ("POST", "/accounts/password/", ("old_password", "new_password1", "new_password2")),
    ("POST", "/accounts/logout/", ("next",)),
    ("ANY", "every page and the API", ("cookie:sessionid", "cookie:csrftoken")),
]
# Pages that read no field: fuzzed with any query string at all.
PLAIN_PAGES = [
    "/",
    "/rules/",
    "/rules/banker/3/",
    "/glossary/",
    "/lessons/",
    "/lessons/foundations/",
    "/quiz/",
    "/quiz/progress/",
    "/quiz/speed/",
    "/tracker/",
    "/tracker/import/",
    "/accounts/logout/",
    "/accounts/password/done/",
    "/healthz",
    "/api/v1/docs",
    "/api/v1/openapi.json",
]


# --- strategies ---------------------------------------------------------------------------

NUMBER_TEXTS = [
    "9" * 5000,
    "9" * 40,
    "1" + "0" * 400,
    "-" + "9" * 300,
    "0." + "0" * 5000 + "1",
    "1e999999",
    "1e-99999999",
    "1e-20000000",
    "1E400",
    "1e309",
    "5e-2",
    "4.5e0",
    "1e2",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "Infinity",
    "-Infinity",
    "∞",
    "1_000",
    "1_0",
    "0x1p-3",
    "0x10",
    "0o7",
    "0b1",
    "0X1P+2",
    "+5",
    "-5",
    "-0",
    "+0",
    "-0.0",
    " 5 ",
    "\t8\n",
    "5.",
    ".5",
    "4.50000",
    "4.5000000001",
    "0.05",
    "0.0475",
    "0.00001",
    "00000000000000000008",
    "8.0",
    "8,0",
    "1,000",
    "5%",
    "%",
    "",
    " ",
    "0",
    "1",
    "6",
    "7",
    "8",
    "9",
    "12",
    "13",
    "99",
    "100",
    "-1",
    "all",
    "٨",
    "８",
    "²",
    "८",
    "𝟖",
    "8\x00",
    "\x008",
    "8\u0301",
    "٣.٥",
    "5\u066b5",
]
number_text = written_numbers(NUMBER_TEXTS, decimals=True)
LONG_TEXTS = ["B" * 20_001, "x" * 101, "K" * 5_000, "\u0301" * 10_000, "10♠," * 2_000]


def values(*valid, numbers=True):
    """What one field gets: half the time a valid value, else Unicode junk, a number string,
    a valid value with a tricky character in it, or a very long string."""
    junk = [unicode_text, st.sampled_from(LONG_TEXTS)]
    if numbers:
        junk.append(number_text)
    if not valid:
        return st.one_of(*junk)
    junk.append(spliced(st.sampled_from(valid)))
    return st.booleans().flatmap(lambda ok: st.sampled_from(valid) if ok else st.one_of(*junk))


CARD_TOKENS = ["A", "2", "5", "9", "10", "T", "t", "J", "Q", "K", "k", "?", "Qh", "10♠", "4d"]
card_list_text = st.lists(values(*CARD_TOKENS), max_size=8).flatmap(
    lambda tokens: st.sampled_from([",", " ", ", ", "\u3001", "\xa0"]).map(
        lambda sep: sep.join(tokens)
    )
)
outcomes_text = st.one_of(
    values("B", "P", "T", "BPPTB", "bpt", "B P T"),
    st.lists(st.sampled_from(["B", "P", "T", "b", " "] + TRICKY), max_size=30).map("".join),
)

# --- sending ------------------------------------------------------------------------------

FORM = "application/x-www-form-urlencoded"
BOUNDARY = "FuzzBoundaryQ3r7MA4YWxkTrZu0gW"


def query_string(fields):
    pairs = []
    for name, value in fields.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append(f"{encoded(name)}={encoded(item)}")
    return "&".join(pairs)


def multipart(fields, file=None):
    """A multipart body written by hand, so that a field or a file name may hold any bytes
    (Django's encoder would refuse a surrogate)."""
    dash = f"--{BOUNDARY}".encode()
    parts = []
    for name, value in fields.items():
        parts += [dash, f'Content-Disposition: form-data; name="{name}"'.encode(), b""]
        parts.append(value.encode("utf-8", "surrogatepass"))
    if file is not None:
        filename, content = file
        disposition = b'Content-Disposition: form-data; name="file"; filename="%s"' % (
            filename.encode("utf-8", "surrogatepass")
        )
        parts += [dash, disposition, b"Content-Type: application/octet-stream", b"", content]
    parts += [dash + b"--", b""]
    return b"\r\n".join(parts)


def send(
    client, method, path, fields=None, *, query=None, htmx=False, body=None, content_type=FORM
):
    """One request; fails the test on a 5xx (the exception itself is re-raised by the
    client). `path` may hold any text: each segment is percent-encoded. A GET sends
    `fields` in the query string; a POST in its body, and `query` in the query string."""
    headers = HTMX if htmx else {}
    url = "/".join(encoded(part) for part in path.split("/"))
    if method == "GET":
        query = fields
    if query:
        url = f"{url}?{query_string(query)}"
    if method == "GET":
        response = client.get(url, **headers)
    else:
        data = body if body is not None else query_string(fields or {})
        response = client.generic(method, url, data, content_type=content_type, **headers)
    assert response.status_code < 500, (method, path, fields, response.content[:3000])
    if currently_in_test_context():  # --hypothesis-show-statistics
        event(f"{method} answered {response.status_code}")
    if response.status_code in (301, 302, 303, 307, 308):
        assert_stays_on_the_site(response["Location"])
    return response


def assert_stays_on_the_site(location):
    parts = urlsplit(location.replace("\\", "/"))
    assert parts.netloc in ("", "testserver") and parts.scheme in ("", "http", "https"), location


# --- what is stored -----------------------------------------------------------------------


SESSION_PROGRESS = ("learning", "course_attempts", "quiz_speed_best")


def pruned(value):
    """`value` without its empty parts: a session that says {"lessons": {}, "last": None}
    has kept no more progress than one that says nothing."""
    if isinstance(value, dict):
        value = {k: pruned(v) for k, v in value.items()}
        return {k: v for k, v in value.items() if v not in (None, [])} or None
    return value


def session_progress(client):
    """What an anonymous learner has achieved, as the session keeps it (not the question
    on screen, which a refusal may deal afresh)."""
    session = client.session
    quiz = session.get("quiz") or {}
    drill = session.get("quiz_speed") or {}
    return {
        **{key: pruned(session.get(key)) for key in SESSION_PROGRESS},
        "quiz_scores": quiz.get("scores") if isinstance(quiz, dict) else quiz,
        "practice_score": (session.get("practice") or {}).get("score"),
        "speed": (drill.get("answered"), drill.get("right")) if isinstance(drill, dict) else None,
    }


@pytest.fixture(autouse=True)
def passwords_fast(settings):
    """Django hashes even a wrong password: a fast hasher here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def hidden(page, name):
    """The values of the inputs and buttons called `name` in a page."""
    pattern = rf'name="{re.escape(name)}" value="([^"]*)"'
    return [html.unescape(value) for value in re.findall(pattern, page)]


def real_or(data, real, strategy):
    """A field that is right when sent as the page wrote it: that, or anything else."""
    if real and data.draw(st.booleans()):
        return data.draw(st.sampled_from(real))
    return data.draw(strategy)


# --- the coverage table is complete ------------------------------------------------------------

VIEW_SOURCES = [
    "hands/views.py",
    "odds/views.py",
    "odds/form.py",  # the odds page's fields, read for odds/views.py
    "hands/form.py",  # the hand page's fields, read for hands/views.py
    "hands/practice.py",
    "quiz/views.py",
    "quiz/speed.py",
    "lessons/views.py",
    "tracker/views.py",
    "tracker/printing.py",
    "accounts/views.py",
]
READS = [
    r'request\.(?:GET|POST)(?:\.get\(|\[)"(\w+)"',
    r'"(\w+)" in request\.(?:GET|POST)',
    r'query\.get\("(\w+)"',
]  # lessons read r1, r2, … by name (request.GET[name]): INPUTS names r1 and r2


def test_the_table_names_every_field_the_views_read():
    from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

    from accounts.views import CountedPasswordChangeForm
    from hands.form import HandForm
    from odds.form import OddsForm
    from tracker.printing import PaperForm
    from tracker.views import ImportForm, RenameForm, ShoeForm

    named = {field for _method, _url, fields in INPUTS for field in fields}
    read = set()
    for source in VIEW_SOURCES:
        text = (ROOT / source).read_text()
        for pattern in READS:
            read |= {m for m in re.findall(pattern, text) if isinstance(m, str) and m}
    forms = [ShoeForm, RenameForm, ImportForm, UserCreationForm, AuthenticationForm]
    forms += [OddsForm, HandForm, PaperForm]  # the query strings of the odds, hand, sheet pages
    for form in forms:
        read |= set(form.base_fields)
    read |= set(CountedPasswordChangeForm(User()).fields)
    read |= set(OddsForm().fields)  # the odds form's rank fields are added as it is made
    assert read - named == set(), "fields the views read that INPUTS does not fuzz"


# --- the hand walkthrough ---------------------------------------------------------------


@FUZZ
@given(
    cards=st.one_of(card_list_text, values(*CARD_TOKENS)),
    step=values("1", "3", "6", "all"),
    change=values("1", "2", "4"),
    to=values(*CARD_TOKENS),
    edit=st.sampled_from([None, "add", "pop", "deal", "clear"]),
    add=values(*CARD_TOKENS),
    squeeze=values("picture", "six_to_eight", "ranks"),
    rank=values("6", "10", "K"),
    squeezed_card=values("2", "5"),
    htmx=st.booleans(),
)
@example(
    cards="\u212a,2,4,3",
    step="²",
    change="٣",
    to="\u212a",
    edit="add",
    add="\x00",
    squeeze="ranks",
    rank="\u212a",
    squeezed_card="٢",
    htmx=False,
)
def test_hand_page(cards, step, change, to, edit, add, squeeze, rank, squeezed_card, htmx):
    query = {"cards": cards, "step": step, "change": change, "to": to}
    query |= {"squeeze": squeeze, "rank": rank, "squeezed_card": squeezed_card}
    if edit:
        query[edit] = add
    send(new_client(), "GET", "/hands/", query, htmx=htmx)


# --- the practice dealer ----------------------------------------------------------------


@FUZZ
@given(data=st.data(), deal=st.booleans(), htmx=st.booleans())
def test_practice_answers(data, deal, htmx):
    client = new_client()
    if deal:
        send(client, "POST", "/hands/practice/deal/")
    page = send(client, "GET", "/hands/practice/").content.decode()
    fields = {
        "hand": real_or(data, hidden(page, "hand"), values("0", "1", "2")),
        "gate": real_or(data, hidden(page, "gate"), values("natural", "player", "banker")),
        "answer": real_or(data, hidden(page, "answer"), values("yes", "no", "draw", "stand")),
    }
    fields = data.draw(st.sampled_from([fields, {k: v for k, v in fields.items() if k != "gate"}]))
    before, progress = stored(), session_progress(client)
    response = send(client, "POST", "/hands/practice/answer/", fields, htmx=htmx)
    if response.status_code >= 400:
        assert session_progress(client) == progress
    check_write(before, response, accepted=response.status_code < 400)
    for action in ("/hands/practice/deal/", "/hands/practice/reset-score/"):
        send(client, "POST", action, {"junk": data.draw(unicode_text)}, htmx=htmx)


# --- the odds calculator -----------------------------------------------------------------


@FUZZ
@given(
    shoe=values("decks", "dealt", "ranks", ""),
    decks=values("1", "6", "8"),
    commission=values("5", "4.5", "0", "5%", "99.9999"),
    dealt=st.one_of(card_list_text, values(*CARD_TOKENS)),
    ranks=st.dictionaries(st.sampled_from(ODDS_RANKS), values("0", "4", "32"), max_size=13),
    htmx=st.booleans(),
)
@example(shoe="decks", decks="8", commission="1e-20000000", dealt="", ranks={}, htmx=False)
@example(
    shoe="ranks",
    decks="",
    commission="5",
    dealt="",
    ranks={rank: "٣" for rank in ODDS_RANKS},
    htmx=True,
)
def test_odds_page(shoe, decks, commission, dealt, ranks, htmx):
    query = {"shoe": shoe, "decks": decks, "commission": commission, "dealt": dealt, **ranks}
    send(new_client(), "GET", "/odds/", query, htmx=htmx)


# --- lessons: boards, checks, "mark as read" ---------------------------------------------------


def lesson_url(lesson):
    return f"/lessons/{lesson.module}/{lesson.slug}/"


@FUZZ
@given(
    data=st.data(),
    lesson=st.sampled_from(LESSONS),
    board=values("1", "2", "3"),
    boards=st.dictionaries(st.sampled_from(["r1", "r2", "r3", "r0"]), outcomes_text, max_size=3),
    htmx=st.booleans(),
    signed_in=st.booleans(),
)
@example(
    data=None, lesson=ROAD_LESSON, board="²", boards={"r1": "BP\u212a"}, htmx=True, signed_in=False
)
def test_lesson_boards_and_checks(data, lesson, board, boards, htmx, signed_in):
    client = new_client(signed_in)
    query = {**boards, **({"board": board} if board is not None else {})}
    send(client, "GET", lesson_url(lesson), query, htmx=htmx)
    if data is None:  # the explicit example: the board only
        return
    if lesson.checks:
        check = data.draw(st.sampled_from(lesson.checks))
        question = check.question(lesson.key, 0)
        fields = {
            "attempt": data.draw(values("0", "1")),
            "answer": data.draw(values(*(choice.value for choice in question.choices))),
        }
        before, progress = stored(), session_progress(client)
        url = f"{lesson_url(lesson)}checks/{check.id}/"
        response = send(client, "POST", url, fields, htmx=htmx)
        if response.status_code >= 400:
            assert session_progress(client) == progress
        check_write(before, response, accepted=response.status_code < 400)
    before = stored()
    response = send(
        client, "POST", f"{lesson_url(lesson)}read/", {"x": data.draw(unicode_text)}, htmx=htmx
    )
    check_write(before, response, accepted=response.status_code < 400)


# --- the quiz and the speed drill ------------------------------------------------------------


@FUZZ
@given(
    data=st.data(),
    topic=st.sampled_from(sorted(TOPICS)),
    action=st.sampled_from(["answer", "next"]),
    htmx=st.booleans(),
    signed_in=st.booleans(),
)
def test_quiz_answers(data, topic, action, htmx, signed_in):
    client = new_client(signed_in)
    # A returning visitor, whose session keeps the question on screen (reading the session
    # below would start one anyway); a first visit's form is fuzzed through `unsaved`.
    client.session  # noqa: B018 - the test client makes and saves a session when asked
    page = send(client, "GET", f"/quiz/{topic}/").content.decode()
    fields = {"question": real_or(data, hidden(page, "question"), values("q1", "1"))}
    if action == "answer":
        fields["answer"] = real_or(data, hidden(page, "answer"), values("draw", "stand", "B"))
        # A first visit's question travels in its form (quiz.unsaved), signed.
        fields["unsaved"] = real_or(data, hidden(page, "unsaved"), values("", "x.y.z"))
    before, progress = stored(), session_progress(client)
    response = send(client, "POST", f"/quiz/{topic}/{action}/", fields, htmx=htmx)
    if response.status_code >= 400:
        assert session_progress(client) == progress
    check_write(before, response, accepted=response.status_code < 400)


@FUZZ
@given(data=st.data(), rule=values(*SPEED_RULES), htmx=st.booleans(), signed_in=st.booleans())
def test_speed_drill(data, rule, htmx, signed_in):
    client = new_client(signed_in)
    send(client, "POST", "/quiz/speed/start/", {"rule": rule}, htmx=htmx)
    page = send(client, "GET", "/quiz/speed/").content.decode()
    fields = {
        "question": real_or(data, hidden(page, "question"), values("1")),
        "answer": real_or(data, hidden(page, "answer"), values("draw", "stand")),
    }
    before, progress = stored(), session_progress(client)
    response = send(client, "POST", "/quiz/speed/answer/", fields, htmx=htmx)
    if response.status_code >= 400:
        assert session_progress(client) == progress
    check_write(before, response, accepted=response.status_code < 400)


# --- the tracker ------------------------------------------------------------------------------


def new_shoe(client, hands="BPT"):
    response = send(client, "POST", "/tracker/", {"name": "Fuzzed", "decks": "8"})
    shoe_id = int(response["Location"].rstrip("/").rsplit("/", 1)[1])
    for outcome in hands:
        send(client, "POST", f"/tracker/{shoe_id}/hands/", {"outcome": outcome})
    return shoe_id


names = values("Table 7", "  Evening  ", "Ｔａｂｌｅ", "x" * 100)


@FUZZ
@given(name=names, decks=values("1", "8"), signed_in=st.booleans())
@example(name="nul\x00here", decks="8", signed_in=False)
@example(name="\ud800", decks="8", signed_in=False)
@example(name="Table", decks="٨", signed_in=False)
def test_starting_a_shoe(name, decks, signed_in):
    client = new_client(signed_in)
    before = stored()
    response = send(client, "POST", "/tracker/", {"name": name, "decks": decks})
    accepted = response.status_code == 302
    check_write(before, response, accepted=accepted)
    if accepted:
        assert len(stored()["shoes"]) == len(before["shoes"]) + 1
    else:
        assert response.status_code == 400


@FEW
@given(paper=values("a4", "letter", numbers=False), sheet=st.sampled_from(["blank", "own"]))
@example(paper="a4\x00", sheet="own")
def test_a_road_sheets_paper(paper, sheet):
    client = new_client()
    path = f"/tracker/{new_shoe(client)}/print/" if sheet == "own" else "/tracker/sheet/"
    response = send(client, "GET", path, {"paper": paper})
    assert response.status_code == (200 if paper in ("", "a4", "letter") else 400)


@FUZZ
@given(
    outcome=values("B", "P", "T", "b", " p "),
    flags=st.dictionaries(
        st.sampled_from(["player_pair", "banker_pair", "natural"]), values("on", ""), max_size=3
    ),
    junk=st.dictionaries(unicode_text, unicode_text, max_size=2),
    htmx=st.booleans(),
)
@example(outcome="\u212a", flags={}, junk={}, htmx=False)
def test_recording_a_hand(outcome, flags, junk, htmx):
    client = new_client()
    shoe_id = new_shoe(client)
    before = stored()
    data = {**junk, **flags, "outcome": outcome}
    response = send(client, "POST", f"/tracker/{shoe_id}/hands/", data, htmx=htmx)
    accepted = response.status_code < 400
    check_write(before, response, accepted=accepted)
    if accepted:
        assert len(stored()["hands"]) == len(before["hands"]) + 1


@FUZZ
@given(name=names, htmx=st.booleans(), junk=unicode_text)
@example(name="a\x00b", htmx=False, junk="")
@example(name="\udfff", htmx=False, junk="")
def test_renaming_undoing_and_deleting(name, htmx, junk):
    client = new_client()
    shoe_id = new_shoe(client, hands="B")
    before = stored()
    response = send(client, "POST", f"/tracker/{shoe_id}/rename/", {"name": name})
    check_write(before, response, accepted=response.status_code == 302)
    for action in ("undo", "undo", "delete"):
        before = stored()
        response = send(client, "POST", f"/tracker/{shoe_id}/{action}/", {"x": junk}, htmx=htmx)
        check_write(before, response, accepted=response.status_code < 400)


IMPORT_TEXTS = [
    "BPPT BBP",
    "seq,outcome\n1,B\n2,P",
    "seq,outcome,player_pair,banker_pair,natural,cards\n1,B,,,,Q 4 9 K",
    '{"name": "N", "decks": 6, "hands": ["B", {"outcome": "P"}]}',
    '{"name": "\\ud800", "hands": ["B"]}',
    '{"name": "a\\u0000b", "hands": ["B"]}',
    '{"hands": [{"outcome": "B", "seq": 1e999}]}',
    '{"hands": [{"outcome": "B", "seq": ' + "9" * 5000 + "}]}",
    '{"hands": [{"outcome": "B", "natural": NaN}]}',
    '{"hands": [{"outcome": "B", "cards": ["\\u212a", "4"]}]}',
    '{"decks": 1e-99999999, "hands": ["B"]}',
    '{"decks": 8.0, "hands": ["B"]}',
    "[" * 100_000 + "]" * 100_000,
    '{"hands": ' + "[" * 40 + "]" * 40 + "}",
    "\ufeffBPT",
]


@FUZZ
@given(
    text=st.one_of(
        st.sampled_from(IMPORT_TEXTS),
        spliced(st.sampled_from(IMPORT_TEXTS[:4])),
        outcomes_text,
        unicode_text,
    ),
    encoding=st.sampled_from(["utf-8", "utf-16", "latin-1", "surrogatepass"]),
    as_file=st.booleans(),
    filename=values("shoe.csv", "shoe.json", "shoe.txt", "noext"),
    format=values("", "csv", "json", "plain", "txt"),
    name=st.one_of(st.just(""), names),
    decks=st.one_of(st.just(""), values("1", "8")),
)
@example(
    text="BPT",
    encoding="utf-8",
    as_file=True,
    filename="\x00\x1b[31m.txt",
    format="",
    name="",
    decks="",
)
@example(
    text="BPT",
    encoding="utf-8",
    as_file=False,
    filename="",
    format="",
    name="",
    decks="1e-99999999",
)
def test_importing_a_shoe(text, encoding, as_file, filename, format, name, decks):
    client = new_client()
    fields = {"format": format, "name": name, "decks": decks}
    if as_file:
        if encoding == "surrogatepass":
            content = text.encode("utf-8", "surrogatepass")
        else:
            content = text.encode(encoding, "replace")
        body = multipart(fields, (filename, content))
    else:
        body = multipart({**fields, "text": text})
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    before = stored()
    response = send(client, "POST", "/tracker/import/", body=body, content_type=content_type)
    accepted = response.status_code == 302
    check_write(before, response, accepted=accepted)
    if not accepted:
        assert response.status_code == 400


# --- URLs themselves: ids, roads, indexes, tokens, slugs -----------------------------------------

path_part = st.one_of(
    st.sampled_from(["0", "1", "2", "big_eye_boy", "small_road", "cockroach_pig", "big_road"]),
    st.sampled_from(["B", "BPPB", "BPPB\n", "-", "\u212a", "¹", "١", "１"]),
    number_text,
    unicode_text,
)


@FUZZ
@given(
    template=st.sampled_from(
        [
            "/tracker/{a}/",
            "/tracker/{a}/export.csv",
            "/tracker/{a}/export.json",
            "/tracker/{a}/print/",
            "/tracker/{a}/roads.png",
            "/tracker/{a}/roads.svg",
            "/tracker/shared/{a}/print/",
            "/tracker/shared/{a}/roads.png",
            "/tracker/{own}/marks/{a}/{b}/",
            "/tracker/{own}/marks/big_eye_boy/{b}/",
            "/tracker/shared/{a}/",
            "/tracker/shared/{token}/marks/{a}/{b}/",
            "/lessons/{a}/{b}/",
            "/lessons/big-eye-boy/derived-roads/marks/{a}/big_eye_boy/{b}/",
            "/lessons/big-eye-boy/derived-roads/marks/BPPBPB/{a}/{b}/",
            "/rules/banker/{a}/",
            "/quiz/{a}/",
            "/hands/{a}/",
        ]
    ),
    a=path_part,
    b=path_part,
    post=st.sampled_from([None, "hands", "undo", "rename", "delete"]),
)
@example(template="/tracker/{a}/", a="9" * 5000, b="", post="hands")
@example(template="/tracker/{own}/marks/big_eye_boy/{b}/", a="", b="9" * 30, post=None)
@example(
    template="/lessons/big-eye-boy/derived-roads/marks/{a}/big_eye_boy/{b}/",
    a="BPPBPB\n",
    b="0",
    post=None,
)
def test_any_url(template, a, b, post):
    client = new_client()
    shoe_id = new_shoe(client, hands="BPPBPBBP")
    token = Shoe.objects.get(pk=shoe_id).share_token
    path = template.format(a=a, b=b, own=shoe_id, token=token)
    send(client, "GET", path)
    if post and template == "/tracker/{a}/":
        before = stored()
        response = send(client, "POST", f"/tracker/{a}/{post}/", {"outcome": "B", "name": "N"})
        check_write(before, response, accepted=response.status_code < 400)


@FEW
@given(
    page=st.sampled_from(PLAIN_PAGES),
    query=st.dictionaries(unicode_text, st.one_of(unicode_text, number_text), max_size=4),
    htmx=st.booleans(),
)
def test_pages_without_fields_take_any_query(page, query, htmx):
    send(new_client(), "GET", page, query, htmx=htmx)


# --- cookies: the session and CSRF cookies are input too -----------------------------------------


def quoted_octal(text):
    """A quoted cookie value with every byte as an octal escape: Django unquotes "\\000"
    into a NUL, so this is how a cookie carries characters a header cannot."""
    return '"' + "".join(f"\\{byte:03o}" for byte in text.encode("utf-8", "surrogatepass")) + '"'


cookie_values = st.one_of(
    unicode_text.map(lambda text: text.encode("utf-8", "surrogatepass").decode("latin-1")),
    unicode_text.map(quoted_octal),
    st.sampled_from(['"\\000abcdefghijk"', "x" * 5000, '"', "a;b", "=", "abcdefgh" * 4]),
)


@pytest.mark.filterwarnings("ignore::django.core.cache.backends.base.CacheKeyWarning")
@FUZZ
@given(
    session=cookie_values,
    csrf=cookie_values,
    target=st.sampled_from(
        [
            ("GET", "/tracker/"),
            ("GET", "/quiz/"),
            ("GET", "/lessons/"),
            ("GET", "/hands/"),
            ("POST", "/tracker/"),
            ("POST", "/api/v1/shoes"),
            ("GET", "/api/v1/shoes"),
        ]
    ),
)
@example(session='"\\000abcdefghijk"', csrf="x", target=("GET", "/tracker/"))
@example(session='"\\000abcdefghijk"', csrf="x", target=("POST", "/api/v1/shoes"))
def test_any_cookie(session, csrf, target):
    method, path = target
    client = new_client()
    before = stored()
    cookie = f"{django_settings.SESSION_COOKIE_NAME}={session}; "
    cookie += f"{django_settings.CSRF_COOKIE_NAME}={csrf}"
    if path.startswith("/api/"):
        response = client.generic(
            method, path, '{"name": "N"}', content_type="application/json", HTTP_COOKIE=cookie
        )
    else:
        response = client.generic(
            method, path, "name=N&decks=8", content_type=FORM, HTTP_COOKIE=cookie
        )
    assert response.status_code < 500, (cookie, response.content[:2000])
    if method == "POST":
        check_write(before, response, accepted=response.status_code < 400)


# --- accounts ---------------------------------------------------------------------------------

next_urls = values(
    "/tracker/",
    "/lessons/",
    "//evil.example/",
    "https://evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    numbers=False,
)
passwords = values("correct horse 9", "a much longer passphrase 42")


@FUZZ
@given(
    username=values("alice", "Ａｌｉｃｅ", "k\u212aelvin", "a.b@c+d-e"),
    password1=passwords,
    same=st.booleans(),
    password2=passwords,
    next_url=next_urls,
    in_query=st.booleans(),
)
@example(
    username="nul\x00",
    password1="correct horse 9",
    same=True,
    password2="",
    next_url="/",
    in_query=False,
)
@example(
    username="\ud800",
    password1="correct horse 9",
    same=True,
    password2="",
    next_url="/",
    in_query=False,
)
def test_signing_up(username, password1, same, password2, next_url, in_query):
    client = new_client()
    fields = {
        "username": username,
        "password1": password1,
        "password2": password1 if same else password2,
    }
    query = None
    if in_query:
        query = {"next": next_url}
        send(client, "GET", "/accounts/signup/", query)
    else:
        fields["next"] = next_url
    before = stored()
    response = send(client, "POST", "/accounts/signup/", fields, query=query)
    accepted = response.status_code == 302
    check_write(before, response, accepted=accepted)
    if accepted:
        assert len(stored()["users"]) == len(before["users"]) + 1


@FUZZ
@given(
    data=st.data(),
    next_url=next_urls,
    in_query=st.booleans(),
)
def test_signing_in_changing_password_and_out(data, next_url, in_query):
    client = new_client()
    username = new_username("fuzzed-user")
    User.objects.create_user(username, password="correct horse 9")
    send(client, "GET", "/accounts/login/", {"next": next_url})
    fields = {
        "username": real_or(data, [username], values(username.upper(), username + "\u0301")),
        "password": real_or(data, ["correct horse 9"], passwords),
    }
    query = {"next": next_url} if in_query else None
    if not in_query:
        fields["next"] = next_url
    before = stored()
    response = send(client, "POST", "/accounts/login/", fields, query=query)
    signed_in = "_auth_user_id" in client.session
    assert signed_in == (response.status_code == 302)
    if not signed_in:
        assert stored() == before
        return
    fields = {
        "old_password": real_or(data, ["correct horse 9"], passwords),
        "new_password1": data.draw(passwords),
    }
    fields["new_password2"] = real_or(data, [fields["new_password1"]], passwords)
    before = stored()
    response = send(client, "POST", "/accounts/password/", fields)
    check_write(before, response, accepted=response.status_code == 302)
    send(client, "POST", "/accounts/logout/", {"next": next_url})


# --- numbers: every numeric field, every way of writing a number ---------------------------------

NUMERIC_FIELDS = [
    ("GET", "/hands/", "step", {"cards": "4,A,A,3,8"}),
    ("GET", "/hands/", "change", {"cards": "4,A,A,3,8", "to": "7"}),
    ("GET", "/odds/", "decks", {"shoe": "decks"}),
    ("GET", "/odds/", "commission", {"shoe": "decks", "decks": "8"}),
    ("GET", "/odds/", "rank", {"shoe": "ranks", **{rank: "4" for rank in ODDS_RANKS}}),
    ("GET", ROAD_LESSON, "board", {}),
    ("POST", ROAD_LESSON, "attempt", {}),  # with the right answer to its first check
    ("POST", "/hands/practice/answer/", "hand", {}),  # a hand dealt; its gate and an answer
    ("POST", "/tracker/", "decks", {"name": "N"}),
    ("POST", "/tracker/import/", "decks", {"text": "BPT"}),
    ("POST", "/tracker/import/", "seq", {}),
]


def numeric_request(method, url, field, rest, number, htmx):
    """`number` in `field`, the other fields as they must be for the number to be read."""
    client = new_client()
    fields = dict(rest)
    if url is ROAD_LESSON:
        check = ROAD_LESSON.checks[0]
        url = lesson_url(ROAD_LESSON) + (f"checks/{check.id}/" if method == "POST" else "")
        fields["answer"] = check.question(ROAD_LESSON.key, 0).answer
        htmx = htmx or field == "board"  # ?board= is read by the htmx board update
        if field == "board":
            fields["r1"] = "BPB"
    if url == "/hands/practice/answer/":
        send(client, "POST", "/hands/practice/deal/")
        page = send(client, "GET", "/hands/practice/").content.decode()
        fields.update(gate=hidden(page, "gate")[0], answer=hidden(page, "answer")[0])
    if field == "rank":
        rank = ODDS_RANKS[len(number) % len(ODDS_RANKS)]
        fields[rank] = number
    elif field == "seq":
        fields["text"] = f"seq,outcome\n{number},B"
    else:
        fields[field] = number
    before = stored()
    response = send(client, method, url, fields, htmx=htmx)  # it completes: no hang
    if method == "POST":
        check_write(before, response, accepted=response.status_code < 400)


NUMERIC_IDS = [f"{m} {getattr(u, 'slug', u)} {f}" for m, u, f, _ in NUMERIC_FIELDS]


@pytest.mark.parametrize("method, url, field, rest", NUMERIC_FIELDS, ids=NUMERIC_IDS)
@settings(FUZZ, max_examples=15)  # and every one of NUMBER_TEXTS below
@given(number=number_text, htmx=st.booleans())
@example(number="1e-20000000", htmx=False)
@example(number="9" * 5000, htmx=True)
def test_every_numeric_field_with_every_way_of_writing_a_number(
    method, url, field, rest, number, htmx
):
    numeric_request(method, url, field, rest, number, htmx)


@pytest.mark.parametrize("method, url, field, rest", NUMERIC_FIELDS, ids=NUMERIC_IDS)
def test_every_numeric_field_with_each_listed_number(method, url, field, rest):
    sweep(
        NUMBER_TEXTS,
        lambda number, index: numeric_request(method, url, field, rest, number, index % 2 == 1),
    )


# --- every targeted character in every text field ---------------------------------------------

PASSWORD = "correct horse 9"
TEXT_FIELDS = [
    ("GET", "/hands/", "cards", "4,A,A,3,8", {}),
    ("GET", "/hands/", "to", "7", {"cards": "4,A,A,3,8", "change": "1"}),
    ("GET", "/hands/", "add", "K", {"cards": "4,A"}),
    ("GET", "/odds/", "dealt", "K,Q,4", {"shoe": "dealt", "decks": "8"}),
    ("GET", "/odds/", "shoe", "ranks", {"decks": "8", **{rank: "32" for rank in ODDS_RANKS}}),
    ("GET", "/odds/", "commission", "4.5", {"shoe": "decks", "decks": "8"}),
    ("GET", ROAD_LESSON, "r1", "BPPB", {"board": "1"}),
    ("GET", ROAD_LESSON, "r2", "BPPB", {}),
    ("POST", "/quiz/speed/start/", "rule", "banker", {}),
    ("POST", "/tracker/", "name", "Table 7", {"decks": "8"}),
    ("POST", "/tracker/{own}/hands/", "outcome", "B", {}),
    ("POST", "/tracker/{own}/rename/", "name", "Table 7", {}),
    ("POST", "/tracker/import/", "text", "BPPT", {}),
    ("POST", "/tracker/import/", "name", "Imported", {"text": "BPT"}),
    ("POST", "/tracker/import/", "format", "plain", {"text": "BPT"}),
    (
        "POST",
        "/accounts/signup/",
        "username",
        "alice",
        {"password1": PASSWORD, "password2": PASSWORD},
    ),
    ("POST", "/accounts/login/", "username", "fuzzed", {"password": PASSWORD}),
]


@pytest.mark.parametrize(
    "method, url, field, valid, rest",
    TEXT_FIELDS,
    ids=[f"{m} {getattr(u, 'slug', u)} {f}" for m, u, f, _v, _r in TEXT_FIELDS],
)
def test_every_text_field_with_each_targeted_character(method, url, field, valid, rest):
    """Each of TRICKY alone, and put into a valid value: the Kelvin sign as a card or an
    outcome, "²" as a board, NUL in a name, a combining mark on a letter..."""
    client = new_client()
    User.objects.create_user("fuzzed", password=PASSWORD)
    own = new_shoe(client)
    path = lesson_url(url) if url is ROAD_LESSON else url.replace("{own}", str(own))
    htmx = url is ROAD_LESSON and "board" in rest

    def attempt(value, index):
        before = stored()
        response = send(client, method, path, {**rest, field: value}, htmx=htmx or index % 2 == 1)
        if method == "POST":
            accepted = response.status_code < 400
            if path.startswith("/accounts/") or path == "/tracker/import/":
                accepted = response.status_code == 302
            check_write(before, response, accepted=accepted)
        if path.startswith("/accounts/"):
            client.logout()

    sweep([*TRICKY, *(valid[:1] + ch + valid[1:] for ch in TRICKY)], attempt)
