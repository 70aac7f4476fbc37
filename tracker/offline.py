"""The page of a shoe started with no signal (/tracker/offline/, docs/offline.md): the shoe
page's shell with nothing of anyone's in it (the buttons, Undo, five empty roads), which the
service worker keeps for each language. Its script (static/js/offline-shoe.js) draws the
shoe kept on the device under the id in the address's fragment (#<id>), records its hands in
the device's queue, and once the site answers creates the shoe there under the shoe's own
Idempotency-Key (tracker/shoe_keys.py) and moves to it."""

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from baccarat.roads.scoreboard import scoreboard
from scoreboard.boards import proofs_url, scoreboard_context
from scoreboard.road_words import road_words
from tracker.scoreboard import board_hands, empty_keypad, landing
from tracker.views import ShoeForm


@require_safe
def offline_page(request):
    board = scoreboard([])
    marks = proofs_url(reverse("tracker:offline"))
    context = scoreboard_context(board, marks)
    context.update(
        form=ShoeForm(initial={"decks": 8}),
        landing=landing(board),
        board_hands=board_hands(board),
        road_words=road_words(marks),
        owner=True,
        # The page is kept by the service worker and shared by every shoe started on this
        # device: no key of its own (the device draws one for each hand, dealing.js).
        keypad={**empty_keypad(), "key": ""},
    )
    return render(request, "tracker/offline.html", context)
