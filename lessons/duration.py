"""How long a lesson takes, computed from what is in it: the words to read and the things
to do (a check to answer, a board to build, a hand to follow). Shown on the course pages so
a learner can fit a lesson into the time they have.

The rates are a dealer school's, not a skim reader's: prose that teaches is read at about
180 words a minute (against some 240 for ordinary prose), and each thing to do has its own
allowance below.
"""

from __future__ import annotations

import math
import re

from baccarat.translation import _

WORDS_A_MINUTE = 180
# Minutes for each block directive a learner works with, by name; any other block (a figure,
# a list of helplines) is read like prose, half a minute.
MINUTES_FOR = {
    "check": 1.5,  # read the question, answer, read the rule that comes back
    "road": 3.0,  # a live board: build it, watch each road's mark, open the proofs
    "hand": 1.0,  # a hand walked through gate by gate
    "settle": 1.0,
    "tableau": 1.0,
    "tableau-row": 1.0,
    "chart": 1.0,
    "over-time": 1.0,
    "swings": 1.0,
    "session": 1.0,
}
OTHER_BLOCK = 0.5

_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def words(html: str) -> int:
    """The words a reader reads in some HTML (tags are not words)."""
    return len(_WORD.findall(_TAG.sub(" ", html)))


def minutes(parts) -> int:
    """A lesson's minutes from its parts (HTML strings and Directive objects), rounded up
    to a whole minute."""
    reading = sum(words(part) for part in parts if isinstance(part, str)) / WORDS_A_MINUTE
    doing = sum(MINUTES_FOR.get(p.name, OTHER_BLOCK) for p in parts if not isinstance(p, str))
    return max(1, math.ceil(reading + doing))


def spoken(total: int) -> str:
    """ "6 min", "1 h 5 min": a duration as the course pages print it."""
    hours, rest = divmod(total, 60)
    if not hours:
        return _("{minutes} min").format(minutes=rest)
    if not rest:
        return _("{hours} h").format(hours=hours)
    return _("{hours} h {minutes} min").format(hours=hours, minutes=rest)
