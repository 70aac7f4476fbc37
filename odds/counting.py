"""/odds/counting/: the exact edge of each bet before every hand of a shoe, a shoe the lab
deals (by seed and decks) or a visitor's own recorded shoe replayed from its cards.

Every figure comes from baccarat.odds.through_shoe by way of baccarat.simulation.shoe_walk;
the sentences from baccarat.teaching.shoe_edges. This module reads the query string and lays
the figures out: a small chart per bet (each on its own scale, so the main bets' small
swings show) and a table of the same numbers.
"""

from functools import lru_cache
from urllib.parse import urlencode

from django import forms
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_htmx.http import replace_url, reswap, retarget

from baccarat.game.cards import CardError, parse_card
from baccarat.odds.exact import MAX_DECKS
from baccarat.odds.through_shoe import EDGE_BETS
from baccarat.simulation.shoe_walk import Walk, dealt_walk, recorded_walk
from baccarat.teaching.shoe_edges import bet_name, sentences, signed_percent
from guards.echo import drawn_back
from guards.fields import WholeNumberField
from guards.inputs import MAX_NUMBER_TEXT
from tracker.models import Shoe

DEFAULT_DECKS = 8
DEFAULT_SEED = 1
MAX_SEED = 999_999_999_999  # as the lab's
MAX_SHOE_ID = 2**31 - 1
SHOES_LISTED = 20  # the visitor's most recent shoes offered for a replay
FIELD_NAMES = {
    "decks": gettext_lazy("Decks"),
    "seed": gettext_lazy("Seed"),
    "replay": gettext_lazy("Your shoe"),
}
OUTCOME_NAMES = {
    "B": gettext_lazy("Banker"),
    "P": gettext_lazy("Player"),
    "T": gettext_lazy("Tie"),
}


class CountingForm(forms.Form):
    decks = WholeNumberField(min_value=1, max_value=MAX_DECKS, required=False, label="decks")
    seed = WholeNumberField(min_value=0, max_value=MAX_SEED, required=False, label="seed")
    replay = WholeNumberField(min_value=1, max_value=MAX_SHOE_ID, required=False, label="replay")


walked = lru_cache(maxsize=64)(dealt_walk)


def replayed(request, pk):
    """The caller's own recorded shoe `pk`, walked; 404 for anyone else's or none."""
    shoe = Shoe.objects.owned_by(request).filter(pk=pk).first()
    if shoe is None:
        raise Http404(_("No shoe of yours has that number."))
    hands, letters = [], []
    for outcome, tokens in shoe.hands.values_list("outcome", "cards"):
        letters.append(outcome)
        try:
            hands.append([parse_card(token) for token in tokens] if tokens else None)
        except (CardError, TypeError):
            hands.append(None)  # not readable as cards: as good as not recorded
    return shoe, recorded_walk(shoe.decks, hands, "".join(letters))


# --- the charts: one per bet, each on its own scale ------------------------------------------

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 360, 110, 60, 8, 10, 18
CLEAR = 11  # an axis label this near another is left out: the two would overlap


def chart(walk: Walk, bet: str):
    edges = [float(x) for x in walk.edges[bet]]
    low, high = min(*edges, 0.0), max(*edges, 0.0)
    span = (high - low) or 0.01
    low, high = low - span * 0.08, high + span * 0.08

    def y(value):
        return TOP + (high - value) / (high - low) * (HEIGHT - TOP - BOTTOM)

    step = (WIDTH - LEFT - RIGHT) / max(len(edges) - 1, 1)
    points = [(LEFT + i * step, y(v)) for i, v in enumerate(edges)]
    return {
        "bet": bet,
        "name": bet_name(bet),
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "zero_y": f"{y(0):.1f}",
        "line": " ".join(f"{x:.1f},{yy:.1f}" for x, yy in points),
        "top_label": signed_percent(max(edges)) if y(0) - y(max(edges)) > CLEAR else "",
        "top_y": f"{y(max(edges)) + 4:.1f}",
        "bottom_label": signed_percent(min(edges)) if y(min(edges)) - y(0) > CLEAR else "",
        "bottom_y": f"{y(min(edges)) + 4:.1f}",
        "axis_y": HEIGHT - 4,
        "last_hand": len(edges),
        "positive": [
            {"x": f"{x:.1f}", "y": f"{yy:.1f}", "hand": i + 1}
            for i, ((x, yy), v) in enumerate(zip(points, edges, strict=True))
            if v > 0
        ],
        "count_positive": sum(v > 0 for v in edges),
    }


def rows(walk: Walk):
    table = []
    for i, cards in enumerate(walk.hands):
        exact = i < walk.exact_hands
        edges = [(bet, float(walk.edges[bet][i])) for bet in EDGE_BETS] if exact else []
        table.append(
            {
                "number": i + 1,
                "left": int(walk.ranks_left[i].sum()) if exact else None,
                "edges": [
                    {"bet": bet, "text": signed_percent(v, 3), "positive": v > 0}
                    for bet, v in edges
                ],
                "positive": any(v > 0 for _bet, v in edges),
                # Named in the row's heading: which bet is in the bettor's favour.
                "favours": [bet_name(bet) for bet, v in edges if v > 0],
                "outcome": walk.results[i] if i < len(walk.results) else "",
                "outcome_name": OUTCOME_NAMES.get(walk.results[i], "")
                if i < len(walk.results)
                else "",
                "cards": " ".join(str(card) for card in cards),
            }
        )
    return table


def counting(request):
    form = CountingForm(request.GET)
    valid = form.is_valid()
    errors = {name: f"{FIELD_NAMES[name]}: {messages[0]}" for name, messages in form.errors.items()}
    context = {
        # What was sent, drawn back to be corrected (unless too long to be a number).
        "form_seed": drawn_back(request.GET.get("seed", ""), MAX_NUMBER_TEXT),
        "decks": form.cleaned_data.get("decks") or DEFAULT_DECKS,
        "decks_choices": range(1, MAX_DECKS + 1),
        "errors": errors,
        "walk": None,
        "tracker_url": reverse("tracker:index"),
        "bets": [{"key": bet, "name": bet_name(bet)} for bet in EDGE_BETS],
        "own_shoes": list(Shoe.objects.owned_by(request).values_list("pk", "name")[:SHOES_LISTED]),
    }
    if valid:
        data = form.cleaned_data
        decks = data["decks"] or DEFAULT_DECKS
        seed = DEFAULT_SEED if data["seed"] is None else data["seed"]
        context.update(decks=decks, seed=seed, replay=data["replay"])
        if data["replay"] is not None:
            shoe, walk = replayed(request, data["replay"])
            context["shoe"] = shoe
        else:
            walk = walked(decks, seed)
        context["walk"] = walk
        context["sentences"] = sentences(walk)
        context["rows"] = rows(walk)
        context["charts"] = [chart(walk, bet) for bet in EDGE_BETS] if walk.exact_hands else []
        # The next seed: another shoe, and the same link for everyone (a page to cache).
        context["another"] = "?" + urlencode({"decks": decks, "seed": (seed + 1) % (MAX_SEED + 1)})
        # Said after each new shoe: the sentence on the main bets (the second, or the only).
        said = context["sentences"]
        context["announcement"] = said[min(1, len(said) - 1)] if said else ""
    else:
        context["announcement"] = " ".join(errors.values())
    template = "odds/counting.html#update" if request.htmx else "odds/counting.html"
    response = render(request, template, context, status=200 if valid else 400)
    if request.htmx and valid:
        replace_url(response, request.get_full_path())
    elif request.htmx:
        # A refusal shown in place (static/js/refusals.js): the messages where the results go.
        retarget(response, "#edges-results")
        reswap(response, "outerHTML")
    return response
