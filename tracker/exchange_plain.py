"""The plain format of a shoe file (tracker/exchange.py): "BPPT BBP", several lines allowed,
case and white space ignored, every other character a problem at its line and character.

Read at C speed, whatever the text: the hands and the problems are counted with str.count,
and only the first MAX_PROBLEMS problems (tracker/exchange_problems.py) are found with a
regular expression, placed and worded; the rest are counted, never worded. A megabyte of
junk costs what reading a megabyte costs, not a sentence a character."""

from __future__ import annotations

import re

from baccarat.translation import _
from tracker.exchange_hand import ShoeHand
from tracker.exchange_problems import ShoeImport

# \s is str.isspace() exactly, and no character but these six upper-cases to B, P or T
# (tests/web/tracker/test_exchange_work.py checks both).
OUTCOME_LETTERS = "BPTbpt"
NOT_OUTCOME = re.compile(r"[^\sBPTbpt]")
# Every character str.isspace() is true of.
WHITE_SPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
# Where str.splitlines() ends a line ("\r\n" is one break, counted once by line_breaks).
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def read_plain(text: str, parsed: ShoeImport, most_hands: int) -> None:
    """Every letter a hand (B, P, T in any case), white space ignored, anything else a
    problem at its line and character. Past `most_hands` the hands are only counted."""
    parsed.counted = sum(text.count(letter) for letter in OUTCOME_LETTERS)
    written = len(text) - sum(text.count(space) for space in WHITE_SPACE)
    strangers = written - parsed.counted
    if not strangers and parsed.counted <= most_hands:
        parsed.hands = [ShoeHand(letter.upper()) for letter in "".join(text.split())]
    line, line_start, scanned = 1, 0, 0
    for match in NOT_OUTCOME.finditer(text):
        if not parsed.listing:
            break
        position = match.start()
        breaks = line_breaks(text, scanned, position)
        if breaks:
            line += breaks
            line_start = max(text.rfind(mark, scanned, position) for mark in LINE_BREAKS) + 1
        scanned = position
        character = match.group()
        # As the engine says it (OutcomeError), the place given by the Problem:
        # "line 2, character 5: 'X' is not an outcome; use B, P or T".
        parsed.say(
            lambda character=character: _("{character} is not an outcome; use B, P or T").format(
                character=repr(character)
            ),
            line=line,
            character=position - line_start + 1,
        )
    parsed.more_problems += strangers - len(parsed.problems)


def line_breaks(text: str, start: int, end: int) -> int:
    """How many lines end between `start` and `end`, as str.splitlines() ends them."""
    return sum(text.count(mark, start, end) for mark in LINE_BREAKS) - text.count(
        "\r\n", start, end
    )
