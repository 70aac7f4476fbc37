"""POST /api/v1/roads: the five scoreboard roads for a string of outcomes. Nothing stored.

`scoreboard_payload` is also the road part of a tracked shoe's answer (api/shoes.py), so
the two can never disagree. Every road rule is computed in baccarat.roads.scoreboard; this module
only shapes its output.
"""

import re
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Router, Schema
from ninja.errors import HttpError
from pydantic import BaseModel, Field, StrictStr

from api.english import in_english
from api.errors import ErrorOut, at_field
from api.renderers import json_response
from baccarat.roads.scoreboard import (
    DERIVED_ROADS,
    OutcomeError,
    Result,
    Scoreboard,
    parse_outcomes,
    scoreboard,
)
from baccarat.translation import _ as translate
from guards.echo import brief

router = Router(tags=["roads"])

MAX_HANDS = 1_000
# Generous room for white space between the letters, but a bound on what we read.
MAX_OUTCOMES_TEXT = 20_000


# --- the answer ------------------------------------------------------------------------
# Plain pydantic models, not ninja's Schema: these answers are built as dicts, and Schema
# wraps every nested object for attribute access, which took 12 ms of the 25 ms an 80-hand
# shoe's answer cost (bench/load.py). The OpenAPI document is the same.


class CountsOut(BaseModel):
    banker: int
    player: int
    tie: int


class BeadOut(BaseModel):
    col: int
    row: int
    outcome: str = Field(description="B, P or T")
    banker_pair: bool
    player_pair: bool
    natural: bool
    hand: int = Field(description="0-based index of the hand in the shoe")


class BigRoadCellOut(BaseModel):
    col: int
    row: int
    outcome: str | None = Field(
        description="B or P; null only for ties dealt before the shoe's first Banker/Player"
    )
    ties: int = Field(description="Ties drawn as a slash across this bead")
    column: int = Field(description="0-based logical column (streak) the bead belongs to")
    depth: int = Field(description="0-based position of the bead in its streak")
    hand: int | None = Field(description="0-based index of the hand that made the bead")


class MarkOut(BaseModel):
    color: str = Field(description="red (the board repeats) or blue (the board breaks)")
    rule: int = Field(description="1: a new column starts; 2: the column goes down")
    proof: str
    column: int = Field(description="1-based Big Road logical column of the bead")
    row: int = Field(description="1-based row of that bead in its column")
    symbol: str = Field(description="= for red, ≠ for blue")
    watch_out: str
    compared: list[list[int]] = Field(description="[column, its length] pairs that decided it")
    hand: int | None


class DerivedCellOut(BaseModel):
    col: int
    row: int
    color: str
    mark: int = Field(description="Index into this road's marks")


class DerivedRoadOut(BaseModel):
    marks: list[MarkOut]
    cells: list[DerivedCellOut]


class AskOut(BaseModel):
    big_eye_boy: str | None
    small_road: str | None
    cockroach_pig: str | None


class StreakOut(BaseModel):
    outcome: str
    length: int


class StatsOut(BaseModel):
    hands: int
    banker: int
    player: int
    tie: int
    banker_pairs: int
    player_pairs: int
    naturals: int
    current_streak: StreakOut | None
    longest_banker: int
    longest_player: int


class RoadsOut(BaseModel):
    hands: int
    counts: CountsOut
    columns: list[str] = Field(description="Big Road logical columns, e.g. ['PP', 'BBBB']")
    bead_plate: list[BeadOut]
    big_road: list[BigRoadCellOut]
    big_eye_boy: DerivedRoadOut
    small_road: DerivedRoadOut
    cockroach_pig: DerivedRoadOut
    ask: dict[str, AskOut] = Field(
        description="The mark each derived road would add if the next hand were Banker "
        "(`banker`) or Player (`player`); null where the road has not started. A preview "
        "of the drawing rule, never a forecast."
    )
    stats: StatsOut


def _mark(mark, watch_outs: dict, words) -> dict[str, Any]:
    # A road's rule has one warning, and a proof one of a few sentences: each looked up
    # once an answer, however many thousand marks it has.
    warning = (mark.road, mark.rule)
    if warning not in watch_outs:
        watch_outs[warning] = mark.watch_out
    return {
        "color": mark.color,
        "rule": mark.rule,
        "proof": mark.proof_in(words),
        "column": mark.column,
        "row": mark.row,
        "symbol": mark.symbol,
        "watch_out": watch_outs[warning],
        "compared": [list(pair) for pair in mark.compared],
        "hand": mark.hand,
    }


@in_english  # the marks' proofs, whatever the language of the request
def scoreboard_payload(board: Scoreboard) -> dict[str, Any]:
    """The roads answer (the RoadsOut schema) for a computed scoreboard."""
    watch_outs: dict = {}
    words = cache(translate)  # this answer's sentences, each looked up once
    stats = board.stats
    payload: dict[str, Any] = {
        "hands": stats.hands,
        "counts": {"banker": stats.banker, "player": stats.player, "tie": stats.tie},
        "columns": list(board.columns),
        "bead_plate": [
            {
                "col": bead.col,
                "row": bead.row,
                "outcome": bead.outcome,
                "banker_pair": bead.banker_pair,
                "player_pair": bead.player_pair,
                "natural": bead.natural,
                "hand": bead.hand,
            }
            for bead in board.bead_plate
        ],
        "big_road": [
            {
                "col": cell.col,
                "row": cell.row,
                "outcome": cell.outcome,
                "ties": cell.ties,
                "column": cell.column,
                "depth": cell.depth,
                "hand": cell.hand,
            }
            for cell in board.big_road
        ],
    }
    for key in DERIVED_ROADS:
        road = board.derived[key]
        payload[key] = {
            "marks": [_mark(mark, watch_outs, words) for mark in road.marks],
            "cells": [
                {"col": cell.col, "row": cell.row, "color": cell.color, "mark": cell.mark}
                for cell in road.cells
            ],
        }
    payload["ask"] = {
        side: {key: (mark.color if mark else None) for key, mark in marks.items()}
        for side, marks in board.ask.items()
    }
    streak = stats.current_streak
    payload["stats"] = {
        "hands": stats.hands,
        "banker": stats.banker,
        "player": stats.player,
        "tie": stats.tie,
        "banker_pairs": stats.banker_pairs,
        "player_pairs": stats.player_pairs,
        "naturals": stats.naturals,
        "current_streak": {"outcome": streak[0], "length": streak[1]} if streak else None,
        "longest_banker": stats.longest_banker,
        "longest_player": stats.longest_player,
    }
    return payload


# --- the request -----------------------------------------------------------------------


class RoadsIn(Schema):
    outcomes: StrictStr = Field(
        description="The hands in dealing order: B (Banker), P (Player), T (Tie). Case and "
        f"white space are ignored. At most {MAX_HANDS:,} hands.",
        examples=["PPBTBBBPPTTBPBBBBBBBPPBPB"],
    )
    pairs: list[Any] | None = Field(
        default=None,
        description='Optional, one entry per hand: {"banker_pair": true, "player_pair": '
        'false}, or a string of pair letters ("", "B", "P", "BP"), or null for none.',
    )


NOT_PAIR_LETTER = re.compile(r"[^\sBPbp]")  # \s is str.isspace(), as before
PAIR_KEYS = {
    "banker_pair": "banker_pair",
    "banker": "banker_pair",
    "player_pair": "player_pair",
    "player": "player_pair",
}


def read_pair(index: int, entry: Any) -> dict[str, bool]:
    """One `pairs` entry -> {"banker_pair": bool, "player_pair": bool}, or HttpError 400."""
    flags = {"banker_pair": False, "player_pair": False}
    where = f"pairs[{index}]"
    if entry is None:
        return flags
    if isinstance(entry, str):
        # Read at C speed, however long the string: white space and the two letters only.
        stranger = NOT_PAIR_LETTER.search(entry)
        if stranger is not None:
            raise HttpError(
                400,
                _(
                    "%(field)s: character %(position)s, %(character)s, is not a pair "
                    "letter; use B (banker pair) and/or P (player pair)"
                )
                % {
                    "field": where,
                    "position": stranger.start() + 1,
                    "character": repr(stranger.group()),
                },
            )
        flags["banker_pair"] = "B" in entry or "b" in entry
        flags["player_pair"] = "P" in entry or "p" in entry
        return flags
    if isinstance(entry, dict):
        for name, value in entry.items():
            key = PAIR_KEYS.get(name)
            if key is None:
                raise HttpError(
                    400,
                    _(
                        '%(field)s: unknown key %(key)s; use {"banker_pair": true/false, '
                        '"player_pair": true/false}, a string of pair letters ("", "B", "P" '
                        'or "BP"), or null'
                    )
                    % {"field": where, "key": brief(name)},
                )
            if not isinstance(value, bool):
                raise HttpError(
                    400,
                    _("%(field)s: must be true or false, not %(value)s")
                    % {"field": f"{where}.{name}", "value": brief(value)},
                )
            flags[key] = value
        return flags
    raise HttpError(
        400,
        _(
            '%(field)s: %(entry)s is not a pair entry; use {"banker_pair": true/false, '
            '"player_pair": true/false}, a string of pair letters ("", "B", "P" or "BP"), '
            "or null"
        )
        % {"field": where, "entry": brief(entry)},
    )


def read_outcomes(text: str) -> list[str]:
    if len(text) > MAX_OUTCOMES_TEXT:
        raise HttpError(
            400,
            _(
                "outcomes: %(length)s characters is too long; send at most %(most)s hands (a "
                "real shoe has about 80)"
            )
            % {"length": f"{len(text):,}", "most": f"{MAX_HANDS:,}"},
        )
    try:
        outcomes = parse_outcomes(text)
    except OutcomeError as error:
        raise HttpError(400, at_field("outcomes", str(error))) from None
    if len(outcomes) > MAX_HANDS:
        raise HttpError(
            400,
            _(
                "outcomes: %(count)s hands is too many; the limit is %(most)s (a real shoe has "
                "about 80)"
            )
            % {"count": f"{len(outcomes):,}", "most": f"{MAX_HANDS:,}"},
        )
    return outcomes


# Entries that do not match the hands: a sentence for each case of one and many (one entry
# for one hand is no mistake).
PAIRS_MISCOUNTED = {
    (True, False): gettext_lazy(
        "pairs: %(entries)s entry for %(hands)s hands; give one entry per hand (each B, P or T "
        "in outcomes), or leave pairs out"
    ),
    (False, True): gettext_lazy(
        "pairs: %(entries)s entries for %(hands)s hand; give one entry per hand (each B, P or T "
        "in outcomes), or leave pairs out"
    ),
    (False, False): gettext_lazy(
        "pairs: %(entries)s entries for %(hands)s hands; give one entry per hand (each B, P or T "
        "in outcomes), or leave pairs out"
    ),
}


def pairs_miscounted(entries: int, hands: int) -> str:
    return PAIRS_MISCOUNTED[entries == 1, hands == 1] % {
        "entries": f"{entries:,}",
        "hands": f"{hands:,}",
    }


@router.post(
    "",
    response={200: RoadsOut, 400: ErrorOut},
    summary="Draw the roads",
    description="The Bead Plate, Big Road (logical columns and display cells with the "
    "dragon tail), Big Eye Boy, Small Road and Cockroach Pig (each mark with its rule and "
    "proof), and the Banker/Player ask, for a sequence of outcomes. Nothing is stored.",
)
def draw_roads(request, payload: RoadsIn):
    outcomes = read_outcomes(payload.outcomes)
    if payload.pairs is None:
        results = [Result(outcome) for outcome in outcomes]
    else:
        if len(payload.pairs) != len(outcomes):
            raise HttpError(400, pairs_miscounted(len(payload.pairs), len(outcomes)))
        results = [
            Result(outcome, **read_pair(index, entry))
            for index, (outcome, entry) in enumerate(zip(outcomes, payload.pairs, strict=True))
        ]
    # Written straight to JSON, as a shoe's answer is (api.renderers.json_response): checking
    # a 1,000-hand answer against RoadsOut again took a quarter of its time. The tests check
    # the answers against the model (tests/web/api/test_roads.py).
    return json_response(scoreboard_payload(scoreboard(results)))
