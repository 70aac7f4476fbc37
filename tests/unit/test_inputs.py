"""The one rule for numbers and the one for visible text (guards/inputs.py), over arbitrary
text: whatever a field is sent, the readers answer a number by the rule or an InputError,
never another exception (int() past 4,300 digits raises ValueError, leading zeros counted),
and they accept exactly what the rule says: ASCII digits, ASCII white space around them,
at most MAX_NUMBER_TEXT characters. The pages and the API apply it field by field:
tests/web/guards/test_one_rule.py."""

import json
import re
import unicodedata
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from guards.inputs import (
    ASCII_SPACE,
    BLANK,
    DEFAULT_IGNORABLE,
    MAX_JSON_DIGITS,
    MAX_NUMBER_TEXT,
    InputError,
    ascii_digits,
    ascii_whole,
    decimal_number,
    read_json,
    text_problem,
    visible,
    whole_number,
)

RUNS = settings(max_examples=300, deadline=None, derandomize=True, database=None)

# Text a number field may be sent: anything at all, digits of every script among it,
# ASCII digits with every kind of space, sign, point and exponent, and very long runs.
DIGITS = "0123456789٠١٢٣٤٥٦٧٨٩०१२३४५६७८९０１２３４５６７８９²³¹⁰"
number_like = st.text(st.sampled_from([*DIGITS, *" \t\n\r\x0b\x0c\xa0\u3000", *"+-._eE,"]))
anything = st.text(st.characters(codec=None, exclude_categories=()))
long_digits = st.tuples(
    st.integers(0, 6000), st.integers(0, 6000), st.sampled_from("0123456789")
).map(lambda t: "0" * t[0] + "1" * (t[1] > 0) + t[2] * t[1])
texts = st.one_of(anything, number_like, long_digits, st.integers(0, 10**70).map(str))

WHOLE = re.compile(r"[0-9]+")


def by_the_rule(text):
    """What the rule reads in `text`: its ASCII digits with ASCII white space around, or
    None."""
    if len(text) > MAX_NUMBER_TEXT:
        return None
    stripped = text.strip(ASCII_SPACE)
    return int(stripped) if WHOLE.fullmatch(stripped) else None


@RUNS
@given(text=texts, high=st.integers(0, 10**20))
@example(text="0" * 5000 + "1", high=8)
@example(text="9" * 10_000, high=8)
@example(text="+0_8.000", high=8)
@example(text=" 8 ", high=8)
@example(text="٣", high=8)
def test_whole_number_reads_ascii_digits_alone_or_refuses(text, high):
    expected = by_the_rule(text)
    try:
        number = whole_number(text, field="f", low=0, high=high)
    except InputError as error:
        assert str(error).startswith("f: ")
        assert expected is None or expected > high
    else:
        assert number == expected and 0 <= number <= high


@RUNS
@given(text=texts)
def test_ascii_whole_is_the_rule_without_a_range(text):
    assert ascii_whole(text) == by_the_rule(text)
    if ascii_whole(text) is not None:
        assert ascii_digits(text)


@RUNS
@given(number=st.integers(0, 10**40), spaces=st.text(st.sampled_from(ASCII_SPACE), max_size=2))
def test_every_whole_number_written_plainly_is_read(number, spaces):
    assert ascii_whole(f"{spaces}{number}{spaces}") == number
    assert whole_number(f"{spaces}{number:03d}{spaces}", field="f", low=0, high=10**40) == number


def test_a_number_text_longer_than_the_bound_is_no_number_whatever_its_value():
    assert ascii_whole("0" * (MAX_NUMBER_TEXT - 1) + "8") == 8
    assert ascii_whole("0" * MAX_NUMBER_TEXT + "8") is None
    assert ascii_digits("0" * MAX_NUMBER_TEXT + "8")  # digits, for the words of a refusal


@pytest.mark.parametrize(
    "text", ["²", "٣", "３", "+8", "-0", "0_8", "8.000", "1e3", "NaN", "inf", "", " ", "\xa08"]
)
def test_what_int_or_float_would_read_is_no_whole_number(text):
    assert ascii_whole(text) is None
    with pytest.raises(InputError):
        whole_number(text, field="decks", low=1, high=8)


@RUNS
@given(text=texts, places=st.integers(0, 6))
@example(text="1e-99999999", places=2)
@example(text="0." + "0" * 5000 + "1", places=2)
@example(text="4.50", places=2)
def test_decimal_number_reads_digits_and_one_point_or_refuses(text, places):
    try:
        number = decimal_number(text, field="f", low=0, below=100, places=places)
    except InputError:
        return
    stripped = text.strip(ASCII_SPACE)
    assert len(text) <= MAX_NUMBER_TEXT and re.fullmatch(r"[0-9]*\.?[0-9]*", stripped)
    assert isinstance(number, Fraction) and 0 <= number < 100
    assert number == Fraction(stripped if stripped[:1] != "." else "0" + stripped)
    assert (number * 10**places).denominator == 1


# --- JSON numbers --------------------------------------------------------------------------


@RUNS
@given(digits=st.integers(1, 12_000), negative=st.booleans(), leading=st.sampled_from("19"))
def test_a_json_whole_number_is_bounded_before_it_is_converted(digits, negative, leading):
    written = ("-" if negative else "") + leading + "0" * (digits - 1)
    text = '{"decks": [' + written + "]}"
    if digits <= MAX_JSON_DIGITS:
        assert read_json(text) == {"decks": [int(written)]}
    else:
        with pytest.raises(InputError) as refused:
            read_json(text)
        assert refused.value.place == "decks[0]"
        assert str(refused.value) == (
            f"decks[0]: a whole number of {digits:,} digits is too long; at most "
            f"{MAX_JSON_DIGITS} digits"
        )


@pytest.mark.parametrize(
    "written, words",
    [
        ("1e999999", "decks: 1e999999 is too large a number"),
        ("-1E400", "decks: -1E400 is too large a number"),
        ("NaN", "decks: NaN is not a JSON number"),
        ("-Infinity", "decks: -Infinity is not a JSON number"),
    ],
)
def test_json_numbers_no_field_holds_are_named_at_their_place(written, words):
    with pytest.raises(InputError, match=re.escape(words)):
        read_json('{"name": "x", "decks": ' + written + "}")


json_leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**120), 10**120), st.floats(), st.text()
)


@pytest.mark.parametrize("text", ["NaN", "1e999", "1" + "0" * 200, '"\\ud800"'])
def test_a_body_that_is_itself_unfit_is_said_of_the_body(text):
    with pytest.raises(InputError) as refused:
        read_json(text)
    assert refused.value.place == "body" and str(refused.value).startswith("body: ")


@RUNS
@given(
    document=st.recursive(
        json_leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_read_json_answers_a_document_or_an_input_error(document):
    text = json.dumps(document)
    try:
        read_json(text)
    except InputError as error:
        assert error.place and error.problem and str(error).startswith(f"{error.place}: ")


# --- visible text ----------------------------------------------------------------------------

BLANKS = "\u115f\u1160\u3164\uffa0\u2800\U0001d159\u180e\u200b\u200c\u200d\u2060\ufeff\u17b4\u17b5"
BLANKS += "".join(chr(code) for code in range(0x1D173, 0x1D17B)) + "\U000e0020\U000e007f"
blank_text = st.text(
    st.one_of(st.sampled_from(BLANKS), st.characters(categories=("Zs", "Mn", "Me", "Cf"))),
    min_size=1,
)


@RUNS
@given(text=blank_text)
def test_text_of_blanks_alone_has_no_visible_character(text):
    assert text_problem(text) == "it has no visible character"


@RUNS
@given(before=blank_text, after=blank_text, letter=st.sampled_from("K7永ㅎ€♠"))
def test_one_visible_character_among_blanks_is_enough(before, after, letter):
    name = f"{before}{letter}{after}"
    problem = text_problem(name)
    # Only a bidirectional control among the blanks can still be wrong with it.
    assert problem is None or "bidirectional control" in problem


@RUNS
@given(text=anything)
def test_text_problem_says_nothing_only_of_text_with_something_to_see(text):
    if text and text_problem(text) is None:
        assert any(visible(ch) for ch in text)
        assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def test_the_blank_characters_are_not_visible():
    assert not any(visible(ch) for ch in BLANKS)
    assert not any(visible(ch) for ch in BLANK)
    for start, end in DEFAULT_IGNORABLE:
        for code in {start, end, (start + end) // 2}:
            assert not visible(chr(code)), hex(code)
    assert all(visible(ch) for ch in "Kk7永ㅎ€♠🂡٣ᄀ")  # a Hangul letter is a letter
