"""What the hypothesis fuzzing tests share: tests/web/api/test_fuzz_unicode.py (the JSON API),
tests/web/guards/test_fuzz_unicode.py (the pages and forms) and, for the settings,
tests/web/guards/test_fuzz_forms.py.

- FUZZ, the hypothesis settings: derandomized and bounded, so every run tries the same
  examples; a module may ask for fewer (settings(FUZZ, max_examples=...)).
- TRICKY, the characters most likely to get past a check (NUL, lone surrogates, characters
  that show nothing, combining marks, other digit systems, full-width forms, letters that
  case-fold or look like a card or an outcome), and the strategies built on them:
  tricky_character, unicode_text, spliced(), written_numbers().
- new_client(): one test client for a whole module, as a new visitor each time.
- The checks on what is stored: stored() before and after a write, check_write() (a refused
  write stores nothing; nothing stored is unfit: no name without a character to see), and
  sweep(), which tries every listed case and lists every failure.
"""

import itertools
import unicodedata
from urllib.parse import quote_from_bytes

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from baccarat.game.cards import parse_card
from guards.inputs import visible
from progress.models import LessonProgress, SkillCard, SpeedBest
from tracker.models import Hand, RecordedKey, Shoe

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- strategies ---------------------------------------------------------------------------

# Every code point, surrogates included (hypothesis leaves "Cs" out unless asked).
ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
TRICKY = [
    "\x00",
    "\ud800",
    "\udfff",
    "\udbff",
    "\ud83d",
    "\x01",
    "\x1f",
    "\x7f",
    "\x85",
    "\t",
    "\r\n",
    "\u2028",
    "\u2029",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ufffd",
    "\uffff",
    "\U0010ffff",
    "\U000e0001",
    # characters that show nothing: Hangul fillers (letters), the Braille blank, a tag
    "\u3164",
    "\u115f",
    "\uffa0",
    "\u2800",
    "\U000e0041",
    # combining marks
    "\u0301",
    "\u0338",
    "\u20dd",
    "\u0345",
    "B\u0301",
    "\u036f" * 30,
    # other digit systems, superscripts, fractions, numerals
    "٣",
    "۸",
    "३",
    "০",
    "๓",
    "߃",
    "၅",
    "᠓",
    "𝟓",
    "𝟾",
    "²",
    "⁸",
    "₅",
    "½",
    "①",
    "Ⅷ",
    "〇",
    "٫",
    # full-width forms
    "５",
    "８",
    "１０",
    "Ａ",
    "Ｋ",
    "Ｂ",
    "Ｐ",
    "Ｔ",
    "ｂ",
    "ｐ",
    "ｔ",
    "＋",
    "．",
    "％",
    # letters that case-fold or normalise into a rank, an outcome or ASCII
    "\u212a",
    "\u212b",
    "ſ",
    "ı",
    "İ",
    "ß",
    "ﬀ",
    "ǅ",
    "ǈ",
    "ꞵ",
    "ᵇ",
    "ⓑ",
    "🅱",
    # look-alikes
    "Β",
    "Р",
    "Т",
    "К",
    "Α",
    "♠",
    "♤",
    "🂡",
    "🂮",
]
tricky_character = st.sampled_from(TRICKY)
unicode_text = st.one_of(
    st.text(ANY_CHARACTER, max_size=30),
    st.lists(st.one_of(ANY_CHARACTER, tricky_character), max_size=12).map("".join),
)


def written_numbers(listed, *, decimals=False):
    """Numbers as text: each of `listed`, whole numbers of up to 41 digits, floats as repr()
    and float.hex() write them (NaN and the infinities too) and, with `decimals`, as
    Decimal writes them."""
    ways = [
        st.sampled_from(listed),
        st.integers(min_value=-(10**40), max_value=10**40).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.floats(allow_nan=False, allow_infinity=False).map(float.hex),
    ]
    if decimals:
        ways.append(st.decimals(allow_nan=True, allow_infinity=True).map(str))
    return st.one_of(*ways)


def spliced(valid):
    """A valid value with one tricky character put in somewhere."""
    return st.tuples(valid, st.integers(0, 12), tricky_character).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] :]
    )


def encoded(text):
    """Percent-encoded UTF-8; a lone surrogate goes as the bytes a careless encoder writes
    for it (ED A0 80), which is all a form or a URL can carry of one."""
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")


# --- the client -----------------------------------------------------------------------------

_users = itertools.count(1)


def new_username(stem="fuzzer"):
    """A username no other test in this run has."""
    return f"{stem}{next(_users)}"


# One client for the whole run: each Client() builds the middleware afresh, and WhiteNoise
# then reads every static file (0.1 s). A new visitor is the same client without cookies.
_client = None


def new_client(signed_in=False):
    """The shared client with no cookies: a new visitor, or a new user signed in (without a
    password: nothing hashes one)."""
    global _client
    if _client is None:
        _client = Client()
    client = _client
    client.cookies.clear()
    if signed_in:
        client.force_login(User.objects.create_user(new_username()))
    return client


# --- what is stored -----------------------------------------------------------------------


def hands_and_keys():
    """Every hand and every recorded idempotency key, in full: what a write sent again must
    leave as it was."""
    return (
        list(Hand.objects.order_by("pk").values_list()),
        list(RecordedKey.objects.order_by("pk").values_list()),
    )


# What stored() reads: each model with the fields a write could change (None: every field).
STORED = {
    "shoes": (Shoe, ("id", "name", "decks", "owner")),
    "hands": (
        Hand,
        ("id", "shoe", "seq", "outcome", "player_pair", "banker_pair", "natural", "cards"),
    ),
    "keys": (RecordedKey, ("id", "shoe", "key", "hand")),
    "users": (User, ("id", "username", "password")),
    "progress": (LessonProgress, None),
    "skills": (SkillCard, None),
    "speed": (SpeedBest, None),
}


def _select(model, names):
    meta = model._meta
    fields = meta.concrete_fields if names is None else [meta.get_field(n) for n in names]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    return f"SELECT {columns} FROM {quote(meta.db_table)} ORDER BY {quote(meta.pk.column)}"


def stored():
    """Every row a write could touch, in full: the values as the database holds them, one
    plain SELECT a table (through the ORM, reading them took a quarter of a fuzzing sweep's
    time), so compare one stored() with another, not with model values."""
    found = {}
    with connection.cursor() as cursor:
        for key, (model, names) in STORED.items():
            cursor.execute(_select(model, names))
            found[key] = cursor.fetchall()
    return found


def unfit(text):
    """The first NUL, lone surrogate or control character in `text`, or None; "" for text
    with no character anyone can see (guards.inputs.visible)."""
    found = next((ch for ch in text if unicodedata.category(ch) in ("Cc", "Cs")), None)
    if found is None and not any(visible(ch) for ch in text):
        return ""
    return found


def assert_nothing_stored_is_junk():
    for name, decks in Shoe.objects.values_list("name", "decks"):
        assert unfit(name) is None, f"stored shoe name {name!r}"
        assert name == name.strip() and 1 <= len(name) <= 100, f"stored shoe name {name!r}"
        assert 1 <= decks <= 8, decks
    for (username,) in User.objects.values_list("username"):
        assert username and unfit(username) is None, f"stored username {username!r}"
    for outcome, cards in Hand.objects.values_list("outcome", "cards"):
        assert outcome in ("B", "P", "T"), outcome
        for card in cards or []:
            assert isinstance(card, str) and str(parse_card(card)) == card, cards
    for (key,) in RecordedKey.objects.values_list("key"):
        assert 1 <= len(key) <= 255 and all(" " <= ch <= "~" for ch in key), key


def check_write(before, response, *, accepted=None):
    """A refused write stores nothing; whatever was stored is fit to store. `accepted` says
    whether the write was taken; by default, when it answered below 400."""
    if accepted is None:
        accepted = response.status_code < 400
    if not accepted:
        assert stored() == before, (response.status_code, response.content[:2000])
    assert_nothing_stored_is_junk()


def sweep(cases, attempt):
    """`attempt(case, index)` on every case, and every failure listed (not only the
    first)."""
    failures = []
    for index, case in enumerate(cases):
        try:
            attempt(case, index)
        except Exception as error:  # a failed property, or an exception out of a view
            failures.append(f"{case!r:.80}: {type(error).__name__}: {str(error)[:400]}")
    assert not failures, f"{len(failures)} of {len(cases)} failed:\n" + "\n".join(failures)


def key_steps(hands, max_size):
    """Runs of requests against one shoe for the Idempotency-Key model tests (API and page
    forms): ("new", hand) records under a new key; ("again", i, hand) sends key i again (hand
    None: the hand first sent with it; else this hand); ("bare", hand) sends a hand without a
    key; ("undo",) takes the last hand off."""
    return st.lists(
        st.one_of(
            st.tuples(st.just("new"), hands),
            st.tuples(st.just("again"), st.integers(0, 12), st.one_of(st.none(), hands)),
            st.tuples(st.just("bare"), hands),
            st.tuples(st.just("undo")),
        ),
        max_size=max_size,
    )
