"""Cards drawn as cards: every face the component can draw uses only symbols the sprite
has, is named with its count (or without it where a quiz asks the count), and the felt
lays a hand out as dealt."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string

from baccarat.game.cards import RANKS, SUITS, Card
from baccarat.game.rules import resolve
from baccarat.teaching.felt import lay_out

SPRITE = Path(settings.BASE_DIR) / "static" / "cards" / "cards.svg"
SYMBOLS = set(re.findall(r'<symbol id="([^"]+)"', SPRITE.read_text()))
EVERY_CARD = [Card(r, s) for r in RANKS for s in (*SUITS, None)] + [Card(None)]


def drawn(card, **options):
    return render_to_string("components/card.html", {"card": card, **options})


@pytest.mark.parametrize("size", ["", "mini"])
@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_every_face_uses_only_the_sprites_symbols_and_is_named(card, size):
    svg = drawn(card, size=size)
    used = set(re.findall(r'href="[^"#]*cards[^"#]*\.svg#([^"]+)"', svg))
    assert used <= SYMBOLS, used - SYMBOLS
    assert f'aria-label="{card.face_name}"' in svg and 'role="img"' in svg
    if not card.known:
        assert used == {"card-back"}
    elif card.suit:
        assert f"suit-{card.suit}" in used
        # The rank is printed: in both corners of a full card, once on a mini one.
        assert svg.count(f">{card.rank_label}</text>") == (1 if size else 2) + (
            1 if card.is_court and not size else 0
        )
    if card.is_court and not size:
        assert f"court-{card.rank}" in used
    assert (' red"' in svg or " red " in svg) == card.red


def test_a_quiz_card_does_not_say_what_it_counts():
    svg = drawn(Card("Q", "H"), hide_count=True)
    assert 'aria-label="Queen of hearts"' in svg and "counts" not in svg


def test_the_players_third_card_is_drawn_sideways_and_fresh_cards_in_turn():
    player, banker = lay_out(resolve("Kh 2s 3d 3c 4h 6d"), fresh_from=4)
    html = render_to_string("components/felt.html", {"spots": (player, banker), "totals": "final"})
    third = re.search(r'<svg class="([^"]*)" viewBox="([^"]*)"[^>]*aria-label="4 of hearts', html)
    assert "sideways" in third.group(1) and third.group(2) == "0 0 70 50"
    assert "deal-in deal-0" in third.group(1)
    banker_third = re.search(r'<svg class="([^"]*)"[^>]*aria-label="6 of diamonds', html)
    assert "sideways" not in banker_third.group(1) and "deal-1" in banker_third.group(1)
    assert html.count("deal-in") == 2
    totals = re.findall(r"Total <strong>(\d)</strong>", html)
    assert totals == ["7", "1"]


def test_the_walkthrough_lays_the_hand_on_the_felt(client):
    html = client.get("/hands/", {"cards": "Kh,2s,3d,3c,4h,6d", "step": 6}).content.decode()
    felt = html[html.index('<div class="felt"') :]
    names = re.findall(r'aria-label="([^"]+, counts \d)', felt)
    assert names[:3] == [
        "King of hearts, counts 0",
        "3 of diamonds, counts 3",
        "4 of hearts, counts 4",
    ]
    assert "Total <strong>7</strong>" in felt and "Total <strong>1</strong>" in felt
    # Stepping through the gates keeps the same cards without dealing them again.
    assert "deal-in" not in felt
    fresh = client.get("/hands/", {"cards": "Kh,2s,3d,3c,4h,6d"}).content.decode()
    assert fresh.count("deal-in deal-") == 6
    assert "First two" not in fresh and "Total <strong>" not in fresh
    second = client.get("/hands/", {"cards": "Kh,2s,3d,3c,4h,6d", "step": 2}).content.decode()
    assert "First two: <strong>3</strong>" in second and "First two: <strong>5</strong>" in second
