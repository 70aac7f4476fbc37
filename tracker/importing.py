"""Saving an imported shoe: a clean read (tracker/exchange.py) becomes a new shoe of the
caller's, with all its hands, in one transaction; nothing is saved if anything is wrong."""

from __future__ import annotations

from django.db import transaction

from guards.inputs import text_problem
from tracker.exchange import MAX_NAME, default_name, not_decks, read_shoe
from tracker.exchange_problems import Problem, ShoeImport, ShoeImportError
from tracker.models import Hand, Shoe
from tracker.visitors import TooManyShoes, room_for_a_shoe, visitor_id


def save_shoe(parsed: ShoeImport, *, name: str, decks: int = 8, owner=None, visitor: str = ""):
    """Create the shoe and all its hands in one transaction, from a clean read only."""
    if not parsed.ok or not parsed.hands:
        raise ShoeImportError(parsed)
    with transaction.atomic():
        shoe = Shoe.objects.create(owner=owner, visitor=visitor, name=name, decks=decks)
        Hand.objects.bulk_create(
            Hand(
                shoe=shoe,
                seq=seq,
                outcome=hand.outcome,
                player_pair=hand.player_pair,
                banker_pair=hand.banker_pair,
                natural=hand.natural,
                cards=list(hand.cards) if hand.cards is not None else None,
            )
            for seq, hand in enumerate(parsed.hands, start=1)
        )
    return shoe


def import_shoe(
    request,
    text: str | bytes,
    *,
    name: str | None = None,
    decks: int | None = None,
    filename: str | None = None,
    format: str | None = None,
):
    """Read `text` and, if it is clean, save it as a new shoe of the caller (the signed-in
    user, else this browser session). Returns (shoe or None, the ShoeImport)."""
    parsed = read_shoe(text, filename=filename, format=format)
    if decks is not None and not (isinstance(decks, int) and 1 <= decks <= 8):
        parsed.add(Problem(not_decks(decks), where="decks"))
        parsed.hands = []
    name = (name or "").strip()[:MAX_NAME]
    if problem := text_problem(name):
        parsed.add(Problem(problem, where="name"))
        parsed.hands = []
    if not parsed.ok:
        return None, parsed
    name = name or default_name(parsed, filename)
    decks = decks or parsed.decks or 8
    try:
        with room_for_a_shoe(request):
            if request.user.is_authenticated:
                shoe = save_shoe(parsed, name=name, decks=decks, owner=request.user)
            else:
                visitor = visitor_id(request, create=True)
                shoe = save_shoe(parsed, name=name, decks=decks, visitor=visitor)
    except TooManyShoes as refusal:
        parsed.add(Problem(str(refusal)))
        parsed.hands = []
        return None, parsed
    return shoe, parsed
