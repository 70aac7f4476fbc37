"""The shoe file formats, and reading a shoe from CSV, JSON or a plain string of outcomes.

Reading is pure (no Django; its messages are translated through baccarat.translation, as
the engine's are): `read_shoe(text)` returns a `ShoeImport` holding either the
hands or the problems found, each with its line and character (or the hand's index in
JSON): the first MAX_PROBLEMS of them, the rest counted or left unread, never worded.
Writing the same formats is tracker/export.py; saving a clean read as a shoe is
tracker/importing.py. One hand and its single values are tracker/exchange_hand.py; a
read's problems, tracker/exchange_problems.py; the plain format, tracker/exchange_plain.py.

CSV:   seq,outcome,player_pair,banker_pair,natural,cards      booleans written 0/1 (true/
       false, yes/no and blank are read too); cards as space-separated tokens ("Qh 4 ?").
JSON:  {"name": .., "decks": .., "hands": [{"seq", "outcome", "player_pair",
       "banker_pair", "natural", "cards": [..] | null}, ..]}; a bare list of hands, or of
       "B"/"P"/"T" strings, is read too.
Plain: "BPPT BBP", several lines allowed; case and white space ignored.
"""

from __future__ import annotations

import csv
import heapq
import io
import json
import re
import reprlib
from typing import Any

from baccarat.translation import _
from guards.inputs import ASCII_SPACE, InputError, ascii_whole, read_json, shown, text_problem
from tracker.exchange_hand import ShoeHand, read_cards, read_flag, read_outcome
from tracker.exchange_plain import LINE_BREAKS, line_breaks, read_plain
from tracker.exchange_problems import MAX_PROBLEMS, Problem, ShoeImport

CSV_COLUMNS = ("seq", "outcome", "player_pair", "banker_pair", "natural", "cards")
FLAGS = ("player_pair", "banker_pair", "natural")
FORMATS = ("csv", "json", "plain")

MAX_BYTES = 1_000_000
MAX_HANDS = 2_000
MAX_NAME = 100
# A CSV of more lines than this is not a shoe (a header, a line a hand, and room for as many
# blank lines again, twice over), and is refused before its rows are read.
MAX_CSV_LINES = 4 * (MAX_HANDS + 1)
# A JSON shoe has a list and an object a hand, and a list for its cards; one saved from the
# API carries its roads too, about 16 a hand (and at most about 660 hands fit in 1 MB).
# Past this many it is not a shoe, and is refused before it is parsed.
MAX_JSON_CONTAINERS = 20_000
SNIFFED = 10_000  # characters of the text looked at to tell CSV from plain


# --- import ----------------------------------------------------------------------------


def sniff_format(text: str, filename: str | None = None, declared: str | None = None) -> str:
    """The declared format, else the file's extension, else the text's look: JSON if it
    starts with { or [, CSV if the first line is a header naming `outcome`, else plain."""
    if declared:
        declared = declared.lower().strip().lstrip(".")
        if declared in ("txt", "text"):
            declared = "plain"
        if declared in FORMATS:
            return declared
    if filename:
        extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
        if extension in ("csv", "json"):
            return extension
        if extension == "txt":
            return "plain"
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        return "json"
    # The first line, from the start of the text only: a header is a short line.
    first = stripped[:SNIFFED].splitlines()[0] if stripped else ""
    columns = [column.strip().lower() for column in first.split(",")]
    if "outcome" in columns or (len(columns) > 1 and columns[0] == "seq"):
        return "csv"
    return "plain"


def read_shoe(
    text: str | bytes, filename: str | None = None, format: str | None = None
) -> ShoeImport:
    """Read an exported shoe, or a plain string of outcomes. Never raises for bad input:
    every problem goes into the returned ShoeImport's `problems`."""
    if isinstance(text, bytes):
        size = len(text)
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            parsed = ShoeImport(format or "plain")
            parsed.add(
                Problem(_("the file is not UTF-8 text (byte {byte})").format(byte=error.start + 1)),
                whole=True,
            )
            return parsed
    else:
        size = len(text.encode("utf-8", errors="replace"))
        text = text.removeprefix("\ufeff")
    kind = sniff_format(text, filename, format)
    parsed = ShoeImport(kind)
    if size > MAX_BYTES:
        parsed.add(
            Problem(
                _(
                    "the file is {size} bytes; the limit is 1 MB ({limit} bytes, and a shoe "
                    "has at most {hands} hands)"
                ).format(size=f"{size:,}", limit=f"{MAX_BYTES:,}", hands=f"{MAX_HANDS:,}")
            ),
            whole=True,
        )
        return parsed
    if kind == "plain":
        read_plain(text, parsed, MAX_HANDS)
    else:
        {"csv": _read_csv, "json": _read_json}[kind](text, parsed)
    counted = max(parsed.counted, len(parsed.hands))
    if parsed.ok and not counted:
        parsed.add(Problem(_("there are no hands to import")), whole=True)
    if counted > MAX_HANDS:
        parsed.add(
            Problem(
                _("{count} hands; a shoe can hold at most {most}").format(
                    count=f"{counted:,}", most=f"{MAX_HANDS:,}"
                )
            ),
            whole=True,
        )
    if not parsed.ok:
        parsed.hands = []
    return parsed


def _read_csv(text: str, parsed: ShoeImport) -> None:
    lines = line_breaks(text, 0, len(text)) + (not text.endswith(tuple(LINE_BREAKS)))
    if lines > MAX_CSV_LINES:
        # Not a shoe, however its rows read: refused before any is (csv.reader alone takes
        # 50 ms over a million short lines).
        parsed.add(
            Problem(
                _(
                    "{count} lines; a shoe file has a header and at most {most} hands, one a "
                    "line"
                ).format(count=f"{lines:,}", most=f"{MAX_HANDS:,}")
            ),
            whole=True,
        )
        return
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    expected_seq = 1
    try:
        for row in reader:
            line = reader.line_num
            if not any(map(str.strip, row)):
                continue
            if header is None:
                header = _read_header(row, line, parsed)
                if header is None:
                    return
                continue
            parsed.counted += 1
            if parsed.counted > MAX_HANDS or parsed.stop():
                # Too many hands, or problems enough: the rest are only counted, so the
                # refusal says how many.
                continue
            seq = expected_seq
            # After a gap, expect the numbering to go on from the seq written, so a missing
            # row is reported once, not on every line after it.
            written = row[header.index("seq")] if "seq" in header[: len(row)] else ""
            number = ascii_whole(written)  # the one rule (guards.inputs), bounded
            expected_seq = number + 1 if number is not None else expected_seq + 1
            if len(row) != len(header):
                parsed.say(
                    lambda row=row, header=header: _(
                        "{count} columns, but the header has {header_count} ({header})"
                    ).format(count=len(row), header_count=len(header), header=",".join(header)),
                    line=line,
                )
                continue
            cells = dict(zip(header, (cell.strip() for cell in row), strict=True))
            if "seq" in header:  # read by the rule: ASCII spaces around it, no other
                cells["seq"] = row[header.index("seq")].strip(ASCII_SPACE)
            hand = _csv_hand(cells, line, seq, parsed)
            if hand is not None:
                parsed.hands.append(hand)
    except csv.Error as error:
        parsed.add(Problem(_("not valid CSV: {error}").format(error=error), line=reader.line_num))
    if header is None:
        parsed.add(Problem(_("the file is empty; the first line must be the header")))


def _read_header(row: list[str], number: int, parsed: ShoeImport) -> list[str] | None:
    """The header's column names, or None (and its problems) when it is not a shoe's. A
    header longer than a shoe's columns and the problems listed is read no further."""
    most = len(CSV_COLUMNS) + MAX_PROBLEMS
    header = [cell.strip().lower() for cell in row[:most]]
    seen: set[str] = set()
    for position, name in enumerate(header, start=1):
        if parsed.stop():
            return None
        if name not in CSV_COLUMNS:
            parsed.say(
                lambda position=position, name=name: _(
                    "column {position}, {name}, is not a column of a shoe; the header is "
                    "{header}"
                ).format(position=position, name=_said(name), header=",".join(CSV_COLUMNS)),
                line=number,
            )
        elif name in seen:
            parsed.say(
                lambda name=name: _("column {name} appears twice").format(name=repr(name)),
                line=number,
            )
        seen.add(name)
    if len(row) > most:  # too long to be a shoe's; the rest of it was not read
        parsed.unread = True
        return None
    if "outcome" not in header:
        parsed.say(
            lambda: _("the header has no outcome column; it should be {header}").format(
                header=",".join(CSV_COLUMNS)
            ),
            line=number,
        )
    return None if parsed.problems else header


def _csv_hand(
    cells: dict[str, str], number: int, expected_seq: int, parsed: ShoeImport
) -> ShoeHand | None:
    before = len(parsed.problems) + parsed.more_problems
    seq = ascii_whole(cells.get("seq", ""))
    if cells.get("seq", "") and seq != expected_seq:
        if seq is not None:
            parsed.say(
                lambda: _("seq {seq} is out of order; expected {expected}").format(
                    seq=seq, expected=expected_seq
                ),
                line=number,
            )
        else:
            parsed.say(
                lambda: _("seq {seq} is not a whole number; expected {expected}").format(
                    seq=shown(cells["seq"]), expected=expected_seq
                ),
                line=number,
            )
    outcome = read_outcome(cells["outcome"])
    if outcome is None:
        parsed.say(
            lambda: _("outcome {value} is not B, P or T").format(value=_said(cells["outcome"])),
            line=number,
        )
    flags = {}
    for flag in FLAGS:
        value = read_flag(cells.get(flag, ""))
        if value is None:
            parsed.say(
                lambda flag=flag: _(
                    "{flag} {value} is not a yes/no value; write 1 or 0 (true/false also works)"
                ).format(flag=flag, value=_said(cells[flag])),
                line=number,
            )
        flags[flag] = bool(value)
    cards = None
    if cells.get("cards"):
        cards, problems = read_cards(re.split(r"[\s,]+", cells["cards"].strip()), outcome)
        for problem in problems:
            parsed.say(lambda problem=problem: problem, line=number)
        cards = cards or None  # no cards written: none recorded
    if outcome is None or len(parsed.problems) + parsed.more_problems > before:
        return None  # a missing outcome was said above
    return ShoeHand(outcome, cards=cards, **flags)


def _read_json(text: str, parsed: ShoeImport) -> None:
    containers = text.count("[") + text.count("{")  # at most: some may be inside strings
    if containers > MAX_JSON_CONTAINERS:
        # Not a shoe, whatever it holds: refused before it is parsed and walked.
        parsed.add(
            Problem(
                _("{count} lists and objects; a shoe file has at most {most}").format(
                    count=f"{containers:,}", most=f"{MAX_JSON_CONTAINERS:,}"
                )
            ),
            whole=True,
        )
        return
    try:
        document = read_json(text)
    except json.JSONDecodeError as error:
        parsed.add(
            Problem(
                _("not valid JSON: {error}").format(error=error.msg),
                line=error.lineno,
                character=error.colno,
            )
        )
        return
    except InputError as error:
        # Too deeply nested, NaN or Infinity, a number too long, a lone surrogate: said at
        # its place ("decks", "hands[3].outcome"), or of the whole file.
        place = error.place if error.place not in (None, "body") else None
        parsed.add(Problem(error.problem, where=place))
        return
    if isinstance(document, dict):
        # Other top-level keys are ignored: a shoe saved from the API carries its roads.
        if "hands" not in document and "history" in document:
            document["hands"] = document["history"]
        if "hands" not in document:
            parsed.add(Problem(_("no 'hands' list"), where="hands"))
            return
        hands = document["hands"]
        name = document.get("name")
        if name is not None:
            if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
                parsed.add(
                    Problem(
                        _("must be text of 1 to {most} characters").format(most=MAX_NAME),
                        where="name",
                    )
                )
            elif problem := text_problem(name.strip()):
                parsed.add(Problem(problem, where="name"))
            else:
                parsed.name = name.strip()
        decks = document.get("decks")
        if decks is not None:
            if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
                parsed.add(Problem(not_decks(decks), where="decks"))
            else:
                parsed.decks = decks
    elif isinstance(document, list):
        hands = document
    else:
        parsed.add(Problem(_("expected an object with a 'hands' list, or a list of hands")))
        return
    if not isinstance(hands, list):
        parsed.add(Problem(_("must be a list of hands"), where="hands"))
        return
    if len(hands) > MAX_HANDS:
        parsed.counted = len(hands)  # read_shoe says how many is too many
        return
    for index, entry in enumerate(hands):
        if parsed.stop():  # problems enough: the other hands are not read
            break
        hand = _json_hand(entry, index, parsed)
        if hand is not None:
            parsed.hands.append(hand)


def _json_hand(entry: Any, index: int, parsed: ShoeImport) -> ShoeHand | None:
    where = f"hands[{index}]"
    if isinstance(entry, str):
        outcome = read_outcome(entry)
        if outcome is None:
            parsed.say(
                lambda: _("{value} is not B, P or T").format(value=_said(entry)), where=where
            )
        return ShoeHand(outcome) if outcome else None
    if not isinstance(entry, dict):
        parsed.say(
            lambda: _(
                "{type} is not a hand; expected an object like {example} or a letter "
                '"B", "P" or "T"'
            ).format(type=type(entry).__name__, example='{"outcome": "B"}'),
            where=where,
        )
        return None
    before = len(parsed.problems) + parsed.more_problems
    unknown = set(entry).difference(CSV_COLUMNS)
    # The first in order are worded, as many as the list has room for; the rest counted.
    for key in heapq.nsmallest(MAX_PROBLEMS, unknown):
        name = key if key.isprintable() and len(key) <= 24 else shown(key)
        parsed.say(
            lambda: _("unknown key; a hand has {keys}").format(keys=", ".join(CSV_COLUMNS)),
            where=f"{where}.{name}",
        )
    parsed.more_problems += max(0, len(unknown) - MAX_PROBLEMS)
    seq = entry.get("seq")
    if seq is not None and type(seq) is not int:  # not True, not 1.0, not "1"
        parsed.say(
            lambda: _("{value} is not a whole number; expected {expected}").format(
                value=shown(_said(seq) if isinstance(seq, list | dict) else json.dumps(seq)),
                expected=index + 1,
            ),
            where=f"{where}.seq",
        )
    elif seq is not None and seq != index + 1:
        parsed.say(
            lambda: _("{seq} is out of order; expected {expected}").format(
                seq=_said(seq), expected=index + 1
            ),
            where=f"{where}.seq",
        )
    if "outcome" not in entry:
        parsed.say(lambda: _("missing; give B, P or T"), where=f"{where}.outcome")
        outcome = None
    else:
        outcome = read_outcome(entry["outcome"])
        if outcome is None:
            parsed.say(
                lambda: _("{value} is not B, P or T").format(value=_said(entry["outcome"])),
                where=f"{where}.outcome",
            )
    flags = {}
    for flag in FLAGS:
        value = entry.get(flag)
        if value is None:
            flags[flag] = False
        elif isinstance(value, bool) or (type(value) is int and value in (0, 1)):  # not 1.0
            flags[flag] = bool(value)
        else:
            parsed.say(
                lambda value=value: _("{value} is not true or false").format(value=_said(value)),
                where=f"{where}.{flag}",
            )
    cards = None
    raw = entry.get("cards")
    if raw is not None:
        if isinstance(raw, str):
            raw = raw.split()
        if not isinstance(raw, list):
            parsed.say(lambda: _("must be a list of card tokens or null"), where=f"{where}.cards")
        else:
            cards, problems = read_cards(raw, outcome)
            for problem in problems:
                location, message = problem.split(": ", 1)
                parsed.say(lambda message=message: message, where=f"{where}.{location}")
            cards = cards or None  # [] or "": no cards recorded, as null
    if outcome is None or len(parsed.problems) + parsed.more_problems > before:
        return None  # a missing outcome was said above
    return ShoeHand(outcome, cards=cards, **flags)


def not_decks(decks: Any) -> str:
    """ "9 is not a whole number from 1 to 8" (a deck count refused)."""
    return _("{value} is not a whole number from 1 to 8").format(value=_said(decks))


# A value too long to say whole is said by its start: a long list or text is never written
# out in full to be cut afterwards.
_BRIEF = reprlib.Repr(maxlevel=2, maxtuple=4, maxlist=4, maxdict=4, maxstring=30, maxlong=30,
                      maxother=30)  # fmt: skip


def _said(value: Any) -> str:
    """A JSON value as Python writes it ("9", "'8'"), or quoted and cut when it is long or
    holds what should not be printed."""
    if isinstance(value, str):
        text = repr(value[:25])
    else:
        text = _BRIEF.repr(value) if isinstance(value, list | dict) else repr(value)
    return text if len(text) <= 24 and text.isprintable() else shown(text)


def default_name(parsed: ShoeImport, filename: str | None = None) -> str:
    """The JSON document's name, else the file's name without its extension, else
    "Imported shoe". A file's name is anyone's text: a character no name may hold (NUL,
    a control character, a lone surrogate) is left out of it."""
    if parsed.name:
        return parsed.name
    if filename:
        stem = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].rsplit(".", 1)[0]
        stem = " ".join("".join(" " if text_problem(ch) else ch for ch in stem).split())
        if stem:
            return stem[:MAX_NAME].strip()
    return _("Imported shoe")
