"""Reading untrusted numbers and text, bounded before anything converts them.

Pure Python (no Django), shared by the pages, the API and the importer, so that one rule
answers every way in. A number is checked by its *text* first: at most MAX_NUMBER_TEXT
characters, ASCII white space around it, and inside only the ASCII digits 0-9 (and, for a
decimal, one point). No sign, exponent, underscore, "NaN" or "inf", and no digit of
another script: Python's int() also reads "٣", "３" and " +0_8 ", "²" is a digit to
str.isdigit(), int() of 4,301 digits raises (leading zeros count), and
Decimal("1e-99999999") turns into a fraction with a hundred-million-digit denominator. Only
then is it converted, from its significant digits. A JSON number is bounded the same way
while the document is parsed (read_json), and refused at its place ("decks: ...").

A name or a label is refused when it holds a NUL (PostgreSQL cannot store it), a lone
UTF-16 surrogate (it cannot be encoded at all), another control character or a
bidirectional control, or when nothing in it would be seen: every character a space, a
mark, a format character, one Unicode calls default-ignorable (the Hangul fillers
U+115F, U+1160, U+3164 and U+FFA0, U+180E, U+200B-U+200D, U+2060, U+FEFF, the tags
U+E0020-U+E007F...), or a blank symbol: the Braille blank U+2800, U+1D159 (visible()).

Messages are whole sentences marked as the engine marks its own (baccarat.translation: no
Django here, Django's gettext once the site is running), so a page or an API answer in
Chinese says them in Chinese.
"""

from __future__ import annotations

import bisect
import json
import math
import re
import unicodedata
from fractions import Fraction

from baccarat.translation import _, gettext_noop, pgettext

_WHOLE = re.compile(r"[0-9]+")
# Digits, an optional decimal point and decimals: no sign, exponent, underscore or space.
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]*))?|\.([0-9]+)")
# The white space a number's text may have around it: ASCII only, as typed or pasted (a
# no-break or an ideographic space is not read past, as a full-width digit is not read).
ASCII_SPACE = " \t\n\r\x0b\x0c"
# The longest text read as a number, spaces and leading zeros included: more than any
# field's number needs, and nothing longer is converted at all.
MAX_NUMBER_TEXT = 64

# The most nesting a JSON document of ours has is an object in a list in an object
# (a shoe's hands); 32 leaves room for any honest client and none for a stack bomb.
MAX_JSON_DEPTH = 32
# The most digits a whole number in a JSON document may have (a seed has up to 30): a
# longer one is refused where it stands, before int() reads it.
MAX_JSON_DIGITS = 100


class InputError(ValueError):
    """Input that is not what the field accepts. The message says what is accepted, and
    never repeats the raw input except through `shown`. `place` names where in a JSON
    document the problem is ("decks", "hands[3].seq", "body"), and `problem` says it
    without the place, for a reader that shows places its own way (the shoe importer)."""

    def __init__(self, message: str, *, place: str | None = None, problem: str | None = None):
        super().__init__(message)
        self.place = place
        self.problem = message if problem is None else problem


def shown(value: object, limit: int = 24) -> str:
    """Someone else's text, quoted for a message: cut to `limit` characters, and every
    character that is not printable (NUL, controls, a lone surrogate, a bidi override)
    written as an escape, so the message can be encoded, stored and read safely."""
    text = value if isinstance(value, str) else repr(value)
    cut = text[:limit]
    escaped = "".join(ch if ch.isprintable() else _escape(ch) for ch in cut)
    # The quotation marks are the language's own: “x” in English, 「x」 in Chinese.
    return pgettext("someone's text quoted in a message", "“{text}”").format(
        text=f"{escaped}{'…' if len(text) > limit else ''}"
    )


def at_field(field: str, problem: str) -> str:
    """A problem said of the field it is in, "cards[2]: 'Z' is not a card: ...", for a
    problem worded elsewhere (the engine, a model's validators): the API's refusals and
    the shoe files' problems alike. A translation writes its own colon."""
    return _("%(field)s: %(problem)s") % {"field": field, "problem": problem}


def _escape(ch: str) -> str:
    """ "\\x00", "\\ud800": Python's own escape for the character."""
    return ascii(ch)[1:-1]


def number_text(text: object) -> str | None:
    """`text` without the ASCII white space around it, when it is short enough to be read
    as a number at all (at most MAX_NUMBER_TEXT characters); None when it is not."""
    if not isinstance(text, str) or len(text) > MAX_NUMBER_TEXT:
        return None
    return text.strip(ASCII_SPACE)


def ascii_whole(text: object) -> int | None:
    """The whole number `text` writes with the ASCII digits 0-9 alone (ASCII white space
    around them allowed), or None: no sign, point, exponent, underscore or other script,
    and at most MAX_NUMBER_TEXT characters. For a reader that words its own refusal;
    whole_number is the rule with its range and its message."""
    cleaned = number_text(text)
    if cleaned is None or not _WHOLE.fullmatch(cleaned):
        return None
    return int(cleaned.lstrip("0") or "0")


def ascii_digits(text: object) -> bool:
    """Is `text` the ASCII digits 0-9 alone (ASCII white space around them allowed), however
    many? For the words of a refusal ("too large" rather than "not a number"); it converts
    nothing."""
    return isinstance(text, str) and _WHOLE.fullmatch(text.strip(ASCII_SPACE)) is not None


def whole_number(text: str, *, field: str, low: int, high: int) -> int:
    """ "3" -> 3, for a field whose values run from `low` to `high` (both at least 0);
    surrounding ASCII spaces are allowed, anything but ASCII digits is not (no sign, no
    "٣", no "1_000", no "8.0"). The text is bounded before it is converted: "0" * 5000 +
    "1" is refused, never given to int()."""
    cleaned = number_text(text)
    if (
        cleaned is None
        or not _WHOLE.fullmatch(cleaned)
        or len(cleaned.lstrip("0")) > len(str(high))
    ):
        raise InputError(
            _("{field}: give a whole number from {low} to {high}").format(
                field=field, low=low, high=high
            )
        )
    number = int(cleaned.lstrip("0") or "0")
    if not low <= number <= high:
        raise InputError(
            _("{field}: {number} is not a whole number from {low} to {high}").format(
                field=field, number=number, low=low, high=high
            )
        )
    return number


def decimal_number(text: str, *, field: str, low: int, below: int, places: int) -> Fraction:
    """ "4.5" -> 9/2 exactly, for a field from `low` up to (not including) `below` with at
    most `places` decimals. The text is checked before it is converted."""
    cleaned = number_text(text)
    match = _DECIMAL.fullmatch(cleaned) if cleaned is not None else None
    give = _("{field}: give a number from {low} up to {below}, with at most {places} decimals")
    if match is None:
        raise InputError(give.format(field=field, low=low, below=below, places=places))
    whole = match.group(1) or "0"
    decimals = (match.group(2) or match.group(3) or "").rstrip("0")
    if len(decimals) > places or len(whole.lstrip("0")) > len(str(below)):
        raise InputError(give.format(field=field, low=low, below=below, places=places))
    number = Fraction(int(whole.lstrip("0") + decimals or "0"), 10 ** len(decimals))
    if not low <= number < below:
        raise InputError(
            _(
                "{field}: {number} is not a number from {low} up to {below}, with at most "
                "{places} decimals"
            ).format(field=field, number=cleaned, low=low, below=below, places=places)
        )
    return number


# Embeddings, overrides and isolates reorder the text around them when it is shown: a name
# holding one can display as something it is not ("Trojan Source"). Joiners and marks stay.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# What nobody sees alone: format characters, marks, spaces, separators and controls.
INVISIBLE = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc"})
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt; these ranges since
# Unicode 9): what a renderer draws as nothing at all. Most are format characters or marks
# already; not the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are letters.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
_IGNORABLE_STARTS = [start for start, _end in DEFAULT_IGNORABLE]
# Symbols drawn as nothing, neither ignorable nor a space: the Braille blank (U+2800) and
# the musical null notehead (U+1D159).
BLANK = frozenset("\u2800\U0001d159")


def visible(ch: str) -> bool:
    """Would `ch` show anything by itself? Not a space, mark, format or control character,
    nor a default-ignorable one (a Hangul filler, a variation selector, a tag), nor a blank
    symbol (the Braille blank)."""
    if ch in BLANK or unicodedata.category(ch) in INVISIBLE:
        return False
    code = ord(ch)
    index = bisect.bisect_right(_IGNORABLE_STARTS, code) - 1
    return index < 0 or code > DEFAULT_IGNORABLE[index][1]


# What is wrong with one character of a text, and of a JSON object's key: whole sentences,
# translated where they are said (_character_problem).
CHARACTER_PROBLEMS = {
    "bidi": gettext_noop(
        "character {position} is a bidirectional control ({escape}), which can make the "
        "text around it display in a misleading order"
    ),
    "nul": gettext_noop(
        "character {position} is a NUL byte ({escape}), which text may not contain"
    ),
    "surrogate": gettext_noop(
        "character {position} is a lone UTF-16 surrogate ({escape}), which is not a character"
    ),
    "control": gettext_noop("character {position} is a control character ({escape})"),
}
KEY_PROBLEMS = {
    "bidi": gettext_noop(
        "a key's character {position} is a bidirectional control ({escape}), which can make "
        "the text around it display in a misleading order"
    ),
    "nul": gettext_noop(
        "a key's character {position} is a NUL byte ({escape}), which text may not contain"
    ),
    "surrogate": gettext_noop(
        "a key's character {position} is a lone UTF-16 surrogate ({escape}), which is not a "
        "character"
    ),
    "control": gettext_noop("a key's character {position} is a control character ({escape})"),
}


# A name or a label is at most a few hundred characters. A form runs its validators on a
# field's whole value even when it is far over the field's length, so a longer text (its
# length refused anyway) is judged visible or not by its start only.
VISIBLE_CHECKED = 4_096


def text_problem(value: str) -> str | None:
    """What makes `value` unfit to store as a name or label, in words; None when fit. Its
    cost is bounded, however long the text: the characters no text may hold are found at C
    speed, and only the first VISIBLE_CHECKED characters are looked at for one that shows."""
    # Each different character once (a run of a thousand zero-width spaces is one).
    characters = value if len(value) <= 64 else set(value[:VISIBLE_CHECKED])
    if value and not any(visible(ch) for ch in characters):
        return _("it has no visible character")
    return _character_problem(value, CHARACTER_PROBLEMS)


# Every character _character_problem refuses: the bidirectional controls, and the categories
# Cc (U+0000-U+001F and U+007F-U+009F, NUL among them) and Cs (the surrogates), found at C
# speed rather than a character at a time.
_UNFIT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _character_problem(value: str, problems: dict[str, str]) -> str | None:
    """The first character of `value` that text may not hold, in words from `problems`."""
    found = _UNFIT.search(value)
    if found is None:
        return None
    ch = found.group()
    if ch in BIDI_CONTROLS:
        kind = "bidi"
    elif ch == "\x00":
        kind = "nul"
    elif unicodedata.category(ch) == "Cs":
        kind = "surrogate"
    else:
        kind = "control"
    return _(problems[kind]).format(position=found.start() + 1, escape=_escape(ch))


def read_json(text: str | bytes) -> object:
    """json.loads, with the ways it can fail other than bad syntax turned into InputError:
    nesting that exhausts its recursion; and, once parsed, a whole number of more than
    MAX_JSON_DIGITS digits (never given to int()), NaN or Infinity (not JSON), a number too
    large for a float, nesting deeper than MAX_JSON_DEPTH, or a lone surrogate in any string
    or key (JSON's "\\ud800" escapes make one), each named by its path ("decks: ...").
    json.JSONDecodeError still means bad syntax, with its place."""
    # Python's own readers, at C speed, unless the text has a number they could not take: a
    # run of digits past MAX_JSON_DIGITS, or an exponent of three digits (a float past 1e308
    # would be read as infinity). Only then is every number read through our hooks.
    hooks = not isinstance(text, str) or _UNUSUAL_NUMBER.search(text) is not None
    constants: list[str] = []

    def constant(name: str) -> _Unread:
        constants.append(name)
        return _no_constant(name)

    try:
        document = json.loads(
            text,
            parse_int=_bounded_int if hooks else None,
            parse_constant=constant,
            parse_float=_finite_float if hooks else None,
        )
    except RecursionError:
        raise InputError(_too_deep("body"), place="body", problem=_deep()) from None
    if isinstance(text, str) and not (hooks or constants or _may_need_walking(text)):
        return document  # no number refused, no lone surrogate, too few brackets to nest
    found = _json_problem(document)
    if found:
        place, problem = found
        raise InputError(_at(place, problem), place=place, problem=problem)
    return document


class _Unread:
    """A number the parser would not convert, left where it stood, so that _json_problem
    refuses it at its path. Never seen outside read_json."""

    __slots__ = ("problem",)

    def __init__(self, problem: str):
        self.problem = problem


def _bounded_int(text: str) -> int | _Unread:
    digits = len(text) - text.startswith("-")
    if digits > MAX_JSON_DIGITS:
        return _Unread(
            _("a whole number of {digits} digits is too long; at most {most} digits").format(
                digits=f"{digits:,}", most=MAX_JSON_DIGITS
            )
        )
    return int(text)


def _no_constant(name: str) -> _Unread:
    return _Unread(_("{name} is not a JSON number").format(name=name))


def _finite_float(text: str) -> float | _Unread:
    number = float(text)
    if not math.isfinite(number):
        return _Unread(_("{number} is too large a number").format(number=text[:24]))
    return number


def _deep() -> str:
    return _("lists and objects nest too deeply (at most {most} levels)").format(
        most=MAX_JSON_DEPTH
    )


def _too_deep(place: str) -> str:
    return _at(place, _deep())


def _at(place: str, problem: str) -> str:
    """A problem said at its place in the document: "cards[2]: character 1 is ..."."""
    return _("{place}: {problem}").format(place=place, problem=problem)


# What read_json looks for in the text before it decides whether to walk the document.
_UNUSUAL_NUMBER = re.compile(rf"[0-9]{{{MAX_JSON_DIGITS + 1}}}|[eE][-+]?[0-9]{{3}}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def _may_need_walking(text: str) -> bool:
    """Could the parsed document nest deeper than MAX_JSON_DEPTH or hold a lone surrogate?
    Not if the text has no more brackets than that (inside strings or not) and no surrogate,
    raw or as a \\u escape: then the walk is skipped."""
    brackets = text.count("[") + text.count("{")
    return brackets > MAX_JSON_DEPTH or _SURROGATE_ESCAPE.search(text) is not None


def _json_problem(document: object) -> tuple[str, str] | None:
    """(place, problem) for the first thing wrong with a parsed JSON document beyond its
    syntax, in the document's order: nesting deeper than MAX_JSON_DEPTH, a lone surrogate in
    a string or key, or a number read_json would not convert, named by its path ("cards[2]",
    "body" for the whole); None when nothing is. Iterative, so no document can exhaust the
    stack; a path is written out only for the problem found, never for every value."""
    if not isinstance(document, dict | list):
        return _value_problem([], None, document)  # the body itself
    if isinstance(document, dict) and (problem := _key_problem(document)):
        return "body", problem
    path: list[str | int] = []  # the keys and indexes down to the container being read
    members = [_members(document)]
    while members:
        for key, value in members[-1]:
            kind = type(value)
            if kind is dict or kind is list:
                if len(members) >= MAX_JSON_DEPTH:
                    return _place(path, key), _deep()
                if kind is dict and (problem := _key_problem(value)):
                    return _place(path, key), problem
                path.append(key)
                members.append(_members(value))
                break
            if kind is str or kind is _Unread:
                found = _value_problem(path, key, value)
                if found:
                    return found
        else:
            members.pop()
            if path:
                path.pop()
    return None


def _members(container):
    return iter(container.items()) if isinstance(container, dict) else enumerate(container)


def _value_problem(
    path: list[str | int], key: str | int | None, value: object
) -> tuple[str, str] | None:
    if isinstance(value, _Unread):
        return _place(path, key), value.problem
    if isinstance(value, str) and _has_surrogate(value) and (problem := text_problem(value)):
        return _place(path, key), problem
    return None


def _key_problem(mapping: dict) -> str | None:
    """What is wrong with the first key of `mapping` that holds a lone surrogate."""
    if not _has_surrogate("".join(mapping)):
        return None
    key = next(key for key in mapping if _has_surrogate(key))
    return _character_problem(key, KEY_PROBLEMS)


def _place(path: list[str | int], key: str | int | None) -> str:
    """ "hands[3].cards[2]" for the keys and indexes down to a value; "body" for none."""
    place = ""
    for step in (*path, key):
        if step is None:  # no key: the document itself
            continue
        if isinstance(step, int):
            place += f"[{step}]"
        else:
            name = step if step and len(step) <= 40 and step.isprintable() else shown(step, 40)
            place = f"{place}.{name}" if place else name
    return place or "body"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(text: str) -> bool:
    return _SURROGATE.search(text) is not None
