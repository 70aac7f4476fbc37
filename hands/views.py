"""The hand page, /hands/: enter or deal a hand and walk through it gate by gate, ask
"what if" one card were different, or open a classic example.

Everything the page says comes from baccarat.walkthrough; the view only reads the query
string. The page is a GET form, so every state is a shareable URL; htmx swaps the hand's
panel in place and keeps the address bar on the permalink.
"""

from urllib.parse import urlencode

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from baccarat.cards import RANKS, CardError, parse_card, parse_cards
from baccarat.charts import tableau_rows
from baccarat.examples import classic_hands
from baccarat.felt import lay_out
from baccarat.rules import HandError, resolve
from baccarat.shoe import random_hand
from baccarat.walkthrough import GATES, seat_of, walkthrough, what_if
from guards.inputs import InputError, shown, whole_number

KEYPAD = [("10" if rank == "T" else rank) for rank in RANKS] + ["?"]
LAST_STEP = len(GATES)


def permalink(tokens, step=None, **extra):
    query = {"cards": ",".join(tokens)}
    if step is not None:
        query["step"] = step
    query.update({k: v for k, v in extra.items() if v not in (None, "")})
    return f"{reverse('hands:walkthrough')}?{urlencode(query, safe=',?')}"


def typed_tokens(typed):
    return [t for t in typed.replace(",", " ").split() if t]


def edited_tokens(request):
    """The keypad and Deal buttons edit the hand: return the new tokens, or None when the
    request is not an edit."""
    tokens = typed_tokens(request.GET.get("cards", ""))
    if "deal" in request.GET:
        return [str(card) for card in random_hand()]
    if "add" in request.GET:
        return [*tokens, request.GET["add"]]
    if "pop" in request.GET:
        return tokens[:-1]
    if "clear" in request.GET:
        return []
    return None


def read_step(value):
    """?step=1..6, or "all"; anything else (0, 7, "٣") starts at the first gate."""
    if value == "all":
        return LAST_STEP
    try:
        return whole_number(value or "", field="step", low=1, high=LAST_STEP)
    except InputError:
        return 1


def read_what_if(request, resolution):
    """?change=<card number>&to=<rank>: the comparison, or an error message."""
    change, to = request.GET.get("change", ""), request.GET.get("to", "").strip()
    if not change and not to:
        return None, None
    count = len(resolution.cards)
    try:
        position = whole_number(change, field="change", low=1, high=max(count, 1)) - 1
    except InputError:
        if change.isascii() and change.isdigit() and len(change) <= 6:
            return None, f"What if: there is no card {int(change)}; the hand has {count}."
        return None, f"What if: {shown(change)} is not a card number."
    try:
        return what_if(list(resolution.cards), position, parse_card(to)), None
    except CardError as error:
        return None, f"What if: {error}"


def hands(request):
    edited = edited_tokens(request)
    if edited is not None:
        url = permalink(edited)
        if not request.htmx:
            return HttpResponseRedirect(url)
        response = hand_page(request, typed=", ".join(edited))
        response["HX-Push-Url"] = url
        return response
    return hand_page(request, typed=request.GET.get("cards", "").strip())


def hand_page(request, typed):
    step = read_step(request.GET.get("step"))
    context = {
        "typed": typed,
        "keypad": KEYPAD,
        "examples": classic_hands(),
        "resolution": None,
        "error": None,
        "step": step,
        "last_step": LAST_STEP,
    }
    if typed:
        try:
            resolution = resolve(parse_cards(typed))
        except (CardError, HandError) as error:
            context["error"] = str(error)
        else:
            context.update(walk_context(request, resolution, step))
    template = "hands/walkthrough.html#walk" if request.htmx else "hands/walkthrough.html"
    return render(request, template, context)


def fresh_from(request, resolution):
    """Which cards arrive dealt (0-based): all of a new hand, the one card a keypad key
    added, none when the same hand steps from gate to gate or asks a what-if."""
    if "add" in request.GET:
        return len(resolution.cards) - 1
    if "step" in request.GET or "change" in request.GET or "pop" in request.GET:
        return None
    return 0


def walk_context(request, resolution, step):
    tokens = [str(card) for card in resolution.cards]
    gates = walkthrough(resolution)
    comparison, what_if_error = read_what_if(request, resolution)
    banker_gate = gates[4]
    return {
        "resolution": resolution,
        "spots": lay_out(resolution, fresh_from=fresh_from(request, resolution)),
        # Beside each spot: the first two cards' total once the walk has added it up,
        # every card's once the hand is settled.
        "felt_totals": "final" if step >= LAST_STEP else "two" if step >= 2 else "",
        "gates": gates,
        "current": gates[step - 1],
        "permalink": permalink(tokens),
        "back_url": permalink(tokens, step - 1) if step > 1 else None,
        "next_url": permalink(tokens, step + 1) if step < LAST_STEP else None,
        "all_url": permalink(tokens, "all"),
        "seats": [(i + 1, seat_of(i, resolution), card) for i, card in enumerate(resolution.cards)],
        "what_if": comparison,
        "what_if_error": what_if_error,
        "tableau": tableau_rows(),
        "banker_gate": banker_gate,
        # The worksheet fills in as the walk reaches each number.
        "show_totals": step >= 2,
        "show_third": step >= 4,
        "show_final": step >= LAST_STEP,
    }
