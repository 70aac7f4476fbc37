"""Reading untrusted numbers and text, bounded before anything converts them.

Pure Python (no Django), shared by the pages, the API and the importer, so that one rule
answers every way in. A number is checked by its *text* first: ASCII digits only (Python's
int() also reads "٣", "²" is a digit to str.isdigit(), and Decimal("1e-99999999") turns
into a fraction with a hundred-million-digit denominator), a few digits, a few decimals;
only then is it converted. Text is refused when it holds a NUL (PostgreSQL cannot store
it), a lone UTF-16 surrogate (it cannot be encoded at all) or another control character.

Messages are whole sentences marked as the engine marks its own (baccarat.translation: no
Django here, Django's gettext once the site is running), so a page or an API answer in
Chinese says them in Chinese.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from fractions import Fraction

from baccarat.translation import _, gettext_noop, pgettext

_WHOLE = re.compile(r"[0-9]+")
# Digits, an optional decimal point and decimals: no sign, exponent, underscore or space.
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]*))?|\.([0-9]+)")

# The most nesting a JSON document of ours has is an object in a list in an object
# (a shoe's hands); 32 leaves room for any honest client and none for a stack bomb.
MAX_JSON_DEPTH = 32


class InputError(ValueError):
    """Input that is not what the field accepts. The message says what is accepted, and
    never repeats the raw input except through `shown`."""


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


def whole_number(text: str, *, field: str, low: int, high: int) -> int:
    """ "3" -> 3, for a field whose values run from `low` to `high`; surrounding spaces are
    allowed, anything but ASCII digits is not (no sign, no "٣", no "1_000")."""
    cleaned = text.strip()
    digits = len(str(high))
    if not _WHOLE.fullmatch(cleaned) or len(cleaned.lstrip("0")) > digits:
        raise InputError(
            _("{field}: give a whole number from {low} to {high}").format(
                field=field, low=low, high=high
            )
        )
    number = int(cleaned)
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
    cleaned = text.strip()
    match = _DECIMAL.fullmatch(cleaned) if len(cleaned) <= 40 else None
    give = _("{field}: give a number from {low} up to {below}, with at most {places} decimals")
    if match is None:
        raise InputError(give.format(field=field, low=low, below=below, places=places))
    whole = match.group(1) or "0"
    decimals = (match.group(2) or match.group(3) or "").rstrip("0")
    if len(decimals) > places or len(whole.lstrip("0")) > len(str(below)):
        raise InputError(give.format(field=field, low=low, below=below, places=places))
    number = Fraction(int(whole + decimals), 10 ** len(decimals))
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
INVISIBLE = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc"})


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


def text_problem(value: str) -> str | None:
    """What makes `value` unfit to store as a name or label, in words; None when fit."""
    if value and all(unicodedata.category(ch) in INVISIBLE for ch in value):
        return _("it has no visible character")
    return _character_problem(value, CHARACTER_PROBLEMS)


def _character_problem(value: str, problems: dict[str, str]) -> str | None:
    """The first character of `value` that text may not hold, in words from `problems`."""
    for position, ch in enumerate(value, start=1):
        category = unicodedata.category(ch)
        if ch in BIDI_CONTROLS:
            kind = "bidi"
        elif ch == "\x00":
            kind = "nul"
        elif category == "Cs":
            kind = "surrogate"
        elif category == "Cc":
            kind = "control"
        else:
            continue
        return _(problems[kind]).format(position=position, escape=_escape(ch))
    return None


def read_json(text: str | bytes) -> object:
    """json.loads, with the ways it can fail other than bad syntax turned into InputError:
    nesting that exhausts its recursion, an integer too long to convert, NaN or Infinity
    (not JSON), a number too large for a float; and, once parsed, nesting deeper than
    MAX_JSON_DEPTH or a lone surrogate in any string or key (JSON's "\\ud800" escapes make
    one), named by its path. json.JSONDecodeError still means bad syntax, with its place."""
    try:
        document = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise InputError(_too_deep("body")) from None
    except json.JSONDecodeError:
        raise
    except InputError:  # ours, below
        raise
    except ValueError:  # int() past Python's digit limit
        raise InputError(_("body: a number is too long")) from None
    problem = json_problem(document)
    if problem:
        raise InputError(problem)
    return document


def _no_constant(name: str):
    raise InputError(_("body: {name} is not a JSON number").format(name=name))


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise InputError(_("body: {number} is too large a number").format(number=text[:24]))
    return number


def _too_deep(place: str) -> str:
    return _("{place}: lists and objects nest too deeply (at most {most} levels)").format(
        place=place, most=MAX_JSON_DEPTH
    )


def _at(place: str, problem: str) -> str:
    """A problem said at its place in the document: "cards[2]: character 1 is ..."."""
    return _("{place}: {problem}").format(place=place, problem=problem)


def json_problem(document: object) -> str | None:
    """What is wrong with a parsed JSON document beyond its syntax: nesting deeper than
    MAX_JSON_DEPTH, or a lone surrogate in a string or key, named by its path ("cards[2]");
    None when nothing is. Iterative, so no document can exhaust the stack."""
    stack = [("", document, 0)]
    while stack:
        where, item, depth = stack.pop()
        if isinstance(item, str):
            if _has_surrogate(item):
                return _at(where or "body", text_problem(item))
            continue
        if not isinstance(item, dict | list):
            continue
        if depth >= MAX_JSON_DEPTH:
            return _too_deep(where or "body")
        if isinstance(item, dict):
            for key, value in item.items():
                if _has_surrogate(key):
                    return _at(where or "body", _character_problem(key, KEY_PROBLEMS))
                name = key if key.isprintable() else shown(key)
                stack.append((f"{where}.{name}" if where else name, value, depth + 1))
        else:
            stack.extend((f"{where}[{i}]", value, depth + 1) for i, value in enumerate(item))
    return None


def _has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)
