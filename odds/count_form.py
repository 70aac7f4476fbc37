"""The query string of /odds/counting/systems/: decks, the cut card's depth, how many shoes,
the seed, and a count of your own (a tag per rank, the bet it is for, its trigger).

Every field is read by its text, bounded before it becomes a number, and refused with a
message naming it: nothing is dealt from a query that is not all right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from baccarat.game.cards import RANKS
from baccarat.odds.exact import MAX_DECKS
from baccarat.simulation.count_runs import CUT_DEPTHS
from baccarat.simulation.counting import BETS, MOST_TAG, Count, CountError, user_count
from guards.inputs import ASCII_SPACE, MAX_NUMBER_TEXT, InputError, shown, whole_number

DEFAULT_DECKS = 8
DEFAULT_CUT = 14
DEFAULT_SHOES = 20
MAX_SHOES = 2_000  # one chunk of the lab's: a bigger run is the kept one
DEFAULT_SEED = 20_261_202
MAX_SEED = 999_999_999_999
MOST_TRIGGER = 99
TAG = re.compile(r"[-−]?[0-9]{1,2}")
TRIGGER = re.compile(r"[-−]?[0-9]{1,2}(\.[0-9]{1,2})?")
TAG_FIELDS = tuple(f"tag_{rank}" for rank in RANKS)


@dataclass(frozen=True)
class Asked:
    decks: int
    cut: int
    shoes: int
    seed: int
    yours: Count | None  # None when every tag is 0


def _text(query, key: str) -> str:
    value = query.get(key, "")
    return value if len(value) <= MAX_NUMBER_TEXT else value[:MAX_NUMBER_TEXT] + "…"


def _whole(query, key: str, label: str, low: int, high: int, default: int, errors) -> int:
    text = _text(query, key)
    if not text.strip(ASCII_SPACE):
        return default
    try:
        return whole_number(text, field=label, low=low, high=high)
    except InputError as refused:
        errors[key] = str(refused)
        return default


def _signed(text: str) -> str:
    return text.strip(ASCII_SPACE).replace("−", "-")


def read(query) -> tuple[Asked | None, dict[str, str], dict[str, str]]:
    """(what was asked or None, errors by field, the values to show back in the form)."""
    errors: dict[str, str] = {}
    values = {key: _text(query, key) for key in ("decks", "cut", "shoes", "seed", "bet")}
    values.update({key: _text(query, key) for key in (*TAG_FIELDS, "trigger")})
    decks = _whole(query, "decks", _("Decks"), 1, MAX_DECKS, DEFAULT_DECKS, errors)
    cut = _whole(query, "cut", _("Cut card"), 0, 999, DEFAULT_CUT, errors)
    if "cut" not in errors and cut not in CUT_DEPTHS:
        errors["cut"] = _("Cut card: {cut} is not one of {depths}").format(
            cut=cut, depths=", ".join(map(str, CUT_DEPTHS))
        )
    shoes = _whole(query, "shoes", _("Shoes"), 1, MAX_SHOES, DEFAULT_SHOES, errors)
    seed = _whole(query, "seed", _("Seed"), 0, MAX_SEED, DEFAULT_SEED, errors)
    tags = []
    for rank, key in zip(RANKS, TAG_FIELDS, strict=True):
        text = _signed(values[key])
        if not text:
            tags.append(0)
        elif not TAG.fullmatch(text) or abs(int(text)) > MOST_TAG:
            message = _("Tag for {rank}: {value} is not a whole number from {low} to {high}")
            errors[key] = message.format(
                rank="10" if rank == "T" else rank,
                value=shown(values[key]),
                low=f"−{MOST_TAG}",  # the minus sign the help text writes
                high=MOST_TAG,
            )
            tags.append(0)
        else:
            tags.append(int(text))
    bet = values["bet"].strip(ASCII_SPACE) or BETS[0]
    if bet not in BETS:
        errors["bet"] = _("Bet: {value} is not one of the bets").format(value=shown(bet))
    trigger_text = _signed(values["trigger"]) or "2"
    if not TRIGGER.fullmatch(trigger_text):
        errors["trigger"] = _("Trigger: {value} is not a number from {low} to {high}").format(
            value=shown(values["trigger"]), low=f"−{MOST_TRIGGER}", high=MOST_TRIGGER
        )
    if errors:
        return None, errors, values
    yours = None
    if any(tags):
        try:
            yours = user_count(tags, bet, float(trigger_text))
        except CountError as refused:  # the checks above leave nothing for it to refuse
            errors["tags"] = str(refused)
            return None, errors, values
    return Asked(decks, cut, shoes, seed, yours), errors, values
