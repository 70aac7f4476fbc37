"""A shoe written as CSV or JSON, in the formats tracker/exchange.py reads back."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from django.utils.text import slugify

from tracker.exchange import CSV_COLUMNS, FLAGS


def _hand_row(seq: int, hand) -> dict[str, Any]:
    return {
        "seq": seq,
        "outcome": hand.outcome,
        "player_pair": bool(hand.player_pair),
        "banker_pair": bool(hand.banker_pair),
        "natural": bool(hand.natural),
        "cards": list(hand.cards) if hand.cards is not None else None,
    }


def csv_text(hands: Iterable) -> str:
    """Hands (model Hands or ShoeHands, in dealing order) as CSV; seq counts from 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for seq, hand in enumerate(hands, start=1):
        row = _hand_row(seq, hand)
        writer.writerow(
            [
                row["seq"],
                row["outcome"],
                *(int(row[flag]) for flag in FLAGS),
                " ".join(row["cards"] or ()),
            ]
        )
    return out.getvalue()


def json_text(name: str, decks: int, hands: Iterable) -> str:
    document = {
        "name": name,
        "decks": decks,
        "hands": [_hand_row(seq, hand) for seq, hand in enumerate(hands, start=1)],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def export_csv(shoe) -> str:
    return csv_text(shoe.hands.all())


def export_json(shoe) -> str:
    return json_text(shoe.name, shoe.decks, shoe.hands.all())


def export_filename(shoe, extension: str) -> str:
    """A safe download name: "shoe-12-evening-table.csv"."""
    slug = slugify(shoe.name)[:50].strip("-")
    return f"shoe-{shoe.pk}{'-' + slug if slug else ''}.{extension}"
