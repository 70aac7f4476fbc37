"""The dealing rules and the keypad's words a shoe's page ships for static/js/dealing.js
(tracker/dealing_data.py): the engine's own, read again from it, never a second copy."""

import json
import re
from html import unescape

import pytest
from django.utils import translation

from baccarat.game.cards import RANK_VALUES, RANKS
from baccarat.game.rules import resolve
from baccarat.game.tableau import banker_draws, is_natural, player_draws
from baccarat.teaching.dealing import dealt
from tracker.dealing_data import keypad_words, tableau_data


def test_the_data_is_the_engines_rules():
    """Every decision the data gives is the engine's: each two-card total for the Player and
    for a Banker whose Player stood, every cell of the tableau, the naturals."""
    data = tableau_data()
    assert [rank["rank"] for rank in data["ranks"]] == list(RANKS)
    assert {rank["rank"]: rank["value"] for rank in data["ranks"]} == RANK_VALUES
    assert [rank["label"] for rank in data["ranks"]][8:10] == ["9", "10"]
    for total in range(8):
        assert (data["player_rule"][total] == data["draw"]) == player_draws(total)
        stood = data["banker_when_player_stood"][total] == data["draw"]
        assert stood == banker_draws(total, None)
        for third in range(10):
            assert (data["tableau"][total][third] == data["draw"]) == banker_draws(total, third)
    assert [t for t in range(10) if t in data["naturals"]] == [
        t for t in range(10) if is_natural(t)
    ]
    # The dealing order: each opening card lands where the engine puts it.
    seats = resolve(["A", "2", "3", "4"])
    order = [seat.split("_")[0] for seat in data["opening"]]
    player = [card for card, seat in zip("A234", order, strict=True) if seat == "player"]
    assert [card.rank for card in seats.player.cards] == player
    assert data["max_cards"] == 6
    json.dumps(data)  # plain data


def test_the_words_are_the_servers_in_the_page_language():
    hand = dealt("4 4 4 4")
    words = keypad_words()
    said = words["summary"]
    assert said["tie"].format(total=8) + "; " in hand.summary
    assert [key for key, _word in said["extras"]] == ["natural", "player_pair", "banker_pair"]
    assert words["needs"]["banker_second"] == "the Banker's second card"
    assert words["status"] % {"number": 3, "summary": "Tie at 8"} == "Hand 3: Tie at 8."
    with translation.override("zh-hant"):
        chinese = keypad_words()
    assert chinese["status"] != words["status"]
    assert chinese["summary"]["tie"] != said["tie"]
    assert "{total}" in chinese["summary"]["tie"]


@pytest.mark.django_db
def test_a_shoe_page_ships_the_data_its_keypad_deals_by(client):
    response = client.post("/tracker/", {"name": "Data shoe", "decks": 8})
    page = client.get(response.url).content.decode()
    shipped = re.search(r'<script id="tableau-data" type="application/json">(.*?)</script>', page)
    assert json.loads(unescape(shipped.group(1))) == tableau_data()
    words = re.search(r'<script id="keypad-words" type="application/json">(.*?)</script>', page)
    assert json.loads(unescape(words.group(1))) == keypad_words()
    # A card of every rank, drawn as the keypad draws the hand so far.
    for rank in RANKS:
        assert f'<template data-keypad-card="{rank}"><svg class="playing-card mini"' in page
    assert "js/dealing.js" in page
