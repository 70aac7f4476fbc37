"""The shoe file formats, and reading a shoe from CSV, JSON or a plain string of outcomes.

Reading is pure (no Django; its messages are translated through baccarat.translation, as
the engine's are): `read_shoe(text)` returns a `ShoeImport` holding either the
hands or every problem found, each with its line and character (or the hand's index in
JSON). Writing the same formats is tracker/export.py; saving a clean read as a shoe is
tracker/importing.py. One hand and its single values are tracker/exchange_hand.py; a
read's problems, tracker/exchange_problems.py.

CSV:   seq,outcome,player_pair,banker_pair,natural,cards      booleans written 0/1 (true/
       false, yes/no and blank are read too); cards as space-separated tokens ("Qh 4 ?").
JSON:  {"name": .., "decks": .., "hands": [{"seq", "outcome", "player_pair",
       "banker_pair", "natural", "cards": [..] | null}, ..]}; a bare list of hands, or of
       "B"/"P"/"T" strings, is read too.
Plain: "BPPT BBP", several lines allowed; case and white space ignored.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from baccarat.roads import OUTCOMES
from baccarat.translation import _
from guards.inputs import InputError, read_json, shown, text_problem
from tracker.exchange_hand import ShoeHand, read_cards, read_flag, read_outcome
from tracker.exchange_problems import Problem, ShoeImport

CSV_COLUMNS = ("seq", "outcome", "player_pair", "banker_pair", "natural", "cards")
FLAGS = ("player_pair", "banker_pair", "natural")
FORMATS = ("csv", "json", "plain")

MAX_BYTES = 1_000_000
MAX_HANDS = 2_000
MAX_NAME = 100


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
    first = stripped.splitlines()[0] if stripped else ""
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
                Problem(_("the file is not UTF-8 text (byte {byte})").format(byte=error.start + 1))
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
            )
        )
        return parsed
    {"csv": _read_csv, "json": _read_json, "plain": _read_plain}[kind](text, parsed)
    counted = max(parsed.counted, len(parsed.hands))
    if parsed.ok and not counted:
        parsed.add(Problem(_("there are no hands to import")))
    if counted > MAX_HANDS:
        parsed.add(
            Problem(
                _("{count} hands; a shoe can hold at most {most}").format(
                    count=f"{counted:,}", most=f"{MAX_HANDS:,}"
                )
            )
        )
    if not parsed.ok:
        parsed.hands = []
    return parsed


def _read_plain(text: str, parsed: ShoeImport) -> None:
    for number, line in enumerate(text.splitlines(), start=1):
        for position, character in enumerate(line, start=1):
            if character.isspace():
                continue
            letter = character.upper()
            if letter in OUTCOMES:
                parsed.counted += 1
                if parsed.counted <= MAX_HANDS:  # past the limit, only counted
                    parsed.hands.append(ShoeHand(letter))
            else:
                # As the engine says it (OutcomeError), the place given by the Problem:
                # "line 2, character 5: 'X' is not an outcome; use B, P or T".
                message = _("{character} is not an outcome; use B, P or T").format(
                    character=repr(character)
                )
                parsed.add(Problem(message, line=number, character=position))


def _read_csv(text: str, parsed: ShoeImport) -> None:
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    expected_seq = 1
    try:
        for row in reader:
            number = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [cell.strip().lower() for cell in row]
                if not _check_header(header, number, parsed):
                    return
                continue
            parsed.counted += 1
            if parsed.counted > MAX_HANDS:
                continue  # too many: the rest are only counted, so the refusal says how many
            seq = expected_seq
            # After a gap, expect the numbering to go on from the seq written, so a missing
            # row is reported once, not on every line after it.
            written = row[header.index("seq")].strip() if "seq" in header[: len(row)] else ""
            expected_seq = int(written) + 1 if _is_seq(written) else expected_seq + 1
            if len(row) != len(header):
                parsed.add(
                    Problem(
                        _("{count} columns, but the header has {header_count} ({header})").format(
                            count=len(row), header_count=len(header), header=",".join(header)
                        ),
                        line=number,
                    )
                )
                continue
            cells = dict(zip(header, (cell.strip() for cell in row), strict=True))
            hand = _csv_hand(cells, number, seq, parsed)
            if hand is not None:
                parsed.hands.append(hand)
    except csv.Error as error:
        parsed.add(Problem(_("not valid CSV: {error}").format(error=error), line=reader.line_num))
    if header is None:
        parsed.add(Problem(_("the file is empty; the first line must be the header")))


def _is_seq(text: str) -> bool:
    """ASCII digits, few enough to be a hand's number ("²" and "٣" are digits to
    str.isdigit(), and int() of thousands of digits raises)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _check_header(header: list[str], number: int, parsed: ShoeImport) -> bool:
    good = True
    for position, name in enumerate(header, start=1):
        if name not in CSV_COLUMNS:
            parsed.add(
                Problem(
                    _(
                        "column {position}, {name}, is not a column of a shoe; the header is "
                        "{header}"
                    ).format(position=position, name=repr(name), header=",".join(CSV_COLUMNS)),
                    line=number,
                )
            )
            good = False
        elif header.index(name) != position - 1:
            parsed.add(
                Problem(_("column {name} appears twice").format(name=repr(name)), line=number)
            )
            good = False
    if "outcome" not in header:
        parsed.add(
            Problem(
                _("the header has no outcome column; it should be {header}").format(
                    header=",".join(CSV_COLUMNS)
                ),
                line=number,
            )
        )
        good = False
    return good


def _csv_hand(
    cells: dict[str, str], number: int, expected_seq: int, parsed: ShoeImport
) -> ShoeHand | None:
    before = len(parsed.problems) + parsed.more_problems
    if cells.get("seq", "") not in ("", str(expected_seq)):
        if _is_seq(cells["seq"]):
            message = _("seq {seq} is out of order; expected {expected}").format(
                seq=int(cells["seq"]), expected=expected_seq
            )
        else:
            message = _("seq {seq} is not a whole number; expected {expected}").format(
                seq=shown(cells["seq"]), expected=expected_seq
            )
        parsed.add(Problem(message, line=number))
    outcome = read_outcome(cells["outcome"])
    if outcome is None:
        parsed.add(
            Problem(
                _("outcome {value} is not B, P or T").format(value=repr(cells["outcome"])),
                line=number,
            )
        )
    flags = {}
    for flag in FLAGS:
        value = read_flag(cells.get(flag, ""))
        if value is None:
            parsed.add(
                Problem(
                    _(
                        "{flag} {value} is not a yes/no value; write 1 or 0 (true/false also works)"
                    ).format(flag=flag, value=repr(cells[flag])),
                    line=number,
                )
            )
        flags[flag] = bool(value)
    cards = None
    if cells.get("cards"):
        cards, problems = read_cards(re.split(r"[\s,]+", cells["cards"].strip()), outcome)
        for problem in problems:
            parsed.add(Problem(problem, line=number))
        cards = cards or None  # no cards written: none recorded
    if len(parsed.problems) + parsed.more_problems > before:
        return None
    return ShoeHand(outcome, cards=cards, **flags)


def _read_json(text: str, parsed: ShoeImport) -> None:
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
        # Too deeply nested, NaN or Infinity, a number too long, a lone surrogate: the
        # message names the place ("hands[3].outcome: ..."), or "body" for the whole file.
        parsed.add(Problem(str(error).removeprefix("body: ")))
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
        hand = _json_hand(entry, index, parsed)
        if hand is not None:
            parsed.hands.append(hand)


def _json_hand(entry: Any, index: int, parsed: ShoeImport) -> ShoeHand | None:
    where = f"hands[{index}]"
    if isinstance(entry, str):
        outcome = read_outcome(entry)
        if outcome is None:
            parsed.add(
                Problem(_("{value} is not B, P or T").format(value=repr(entry)), where=where)
            )
        return ShoeHand(outcome) if outcome else None
    if not isinstance(entry, dict):
        parsed.add(
            Problem(
                _(
                    "{type} is not a hand; expected an object like {example} or a letter "
                    '"B", "P" or "T"'
                ).format(type=type(entry).__name__, example='{"outcome": "B"}'),
                where=where,
            )
        )
        return None
    before = len(parsed.problems) + parsed.more_problems
    for key in sorted(set(entry) - set(CSV_COLUMNS)):
        name = key if key.isprintable() and len(key) <= 24 else shown(key)
        parsed.add(
            Problem(
                _("unknown key; a hand has {keys}").format(keys=", ".join(CSV_COLUMNS)),
                where=f"{where}.{name}",
            )
        )
    seq = entry.get("seq")
    if seq is not None and type(seq) is not int:  # not True, not 1.0, not "1"
        parsed.add(
            Problem(
                _("{value} is not a whole number; expected {expected}").format(
                    value=shown(json.dumps(seq)), expected=index + 1
                ),
                where=f"{where}.seq",
            )
        )
    elif seq is not None and seq != index + 1:
        parsed.add(
            Problem(
                _("{seq} is out of order; expected {expected}").format(
                    seq=repr(seq), expected=index + 1
                ),
                where=f"{where}.seq",
            )
        )
    if "outcome" not in entry:
        parsed.add(Problem(_("missing; give B, P or T"), where=f"{where}.outcome"))
        outcome = None
    else:
        outcome = read_outcome(entry["outcome"])
        if outcome is None:
            parsed.add(
                Problem(
                    _("{value} is not B, P or T").format(value=repr(entry["outcome"])),
                    where=f"{where}.outcome",
                )
            )
    flags = {}
    for flag in FLAGS:
        value = entry.get(flag)
        if value is None:
            flags[flag] = False
        elif isinstance(value, bool) or (type(value) is int and value in (0, 1)):  # not 1.0
            flags[flag] = bool(value)
        else:
            parsed.add(
                Problem(
                    _("{value} is not true or false").format(value=repr(value)),
                    where=f"{where}.{flag}",
                )
            )
    cards = None
    raw = entry.get("cards")
    if raw is not None:
        if isinstance(raw, str):
            raw = raw.split()
        if not isinstance(raw, list):
            parsed.add(Problem(_("must be a list of card tokens or null"), where=f"{where}.cards"))
        else:
            cards, problems = read_cards(raw, outcome)
            for problem in problems:
                location, message = problem.split(": ", 1)
                parsed.add(Problem(message, where=f"{where}.{location}"))
            cards = cards or None  # [] or "": no cards recorded, as null
    if len(parsed.problems) + parsed.more_problems > before:
        return None
    return ShoeHand(outcome, cards=cards, **flags)


def not_decks(decks: Any) -> str:
    """ "9 is not a whole number from 1 to 8" (a deck count refused)."""
    return _("{value} is not a whole number from 1 to 8").format(value=repr(decks))


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
