"""The hand page, /hands/: enter or deal a hand and walk through it gate by gate, ask
"what if" one card were different, or open a classic example.

Everything the page says comes from baccarat.walkthrough (and baccarat.inference, which
works back from the final totals to one unknown card); the view only reads the query
string. The page is a GET form, so every state is a shareable URL; htmx swaps the hand's
panel in place and keeps the address bar on the permalink.
"""

from urllib.parse import urlencode

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat.cards import RANKS, CardError, parse_card, parse_cards
from baccarat.charts import tableau_rows
from baccarat.examples import classic_hands
from baccarat.felt import lay_out
from baccarat.inference import InferenceError, infer
from baccarat.rules import HandError, resolve
from baccarat.shoe import random_hand
from baccarat.walkthrough import (
    GATES,
    TABLES,
    seat_of,
    settlement_sentences,
    walkthrough,
    what_if,
)
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
            return None, _("What if: there is no card %(number)s; the hand has %(count)s.") % {
                "number": int(change),
                "count": count,
            }
        return None, _("What if: %(value)s is not a card number.") % {"value": shown(change)}
    try:
        return what_if(list(resolution.cards), position, parse_card(to)), None
    except CardError as error:
        return None, _("What if: %(error)s") % {"error": error}


def read_table(request):
    """?table=standard|ez|super6 (standard when absent): (the table or None, an error)."""
    value = request.GET.get("table", "").strip()
    if not value:
        return "standard", None
    if value in TABLES:
        return value, None
    return None, _(
        "Table: %(value)s is not a table here; choose standard, ez or super6. "
        "The bets are not settled until you choose one."
    ) % {"value": shown(value)}


def read_totals(request):
    """?player_total=&banker_total=: ({side: total or None}, {side: error})."""
    totals, errors = {}, {}
    for side in ("player", "banker"):
        value = request.GET.get(f"{side}_total", "").strip()
        totals[side] = None
        if not value:
            continue
        try:
            totals[side] = whole_number(value, field=side, low=0, high=9)
        except InputError:
            if side == "player":
                message = _(
                    "Player's final total: %(value)s is not a total; a total is a whole "
                    "number from 0 to 9."
                )
            else:
                message = _(
                    "Banker's final total: %(value)s is not a total; a total is a whole "
                    "number from 0 to 9."
                )
            errors[side] = message % {"value": shown(value)}
    return totals, errors


def read_inference(request, resolution):
    """The worked-back unknown card, when final totals are given: (inference, totals,
    errors), errors keyed "player", "banker" (a bad total) or "hand"."""
    totals, errors = read_totals(request)
    if errors or (totals["player"] is None and totals["banker"] is None):
        return None, totals, errors
    try:
        return infer(list(resolution.cards), totals["player"], totals["banker"]), totals, {}
    except InferenceError as error:
        return None, totals, {"hand": str(error)}


def table_name(table):
    """The table's name and what is different there, in the active language: "Punto banco
    (5% commission): 5% commission on Banker wins"."""
    name, rule, _bet = TABLES[table]
    return _("%(name)s: %(rule)s") % {"name": _(name), "rule": _(rule)}


def kept(request):
    """The choices a permalink keeps beside the cards: a valid table other than the
    standard one."""
    table, _error = read_table(request)
    return {"table": table if table != "standard" else None}


def hands(request):
    edited = edited_tokens(request)
    if edited is not None:
        url = permalink(edited, **kept(request))
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
        # The table dropdown: (key, name in the active language).
        "tables": [(key, _(spec[0])) for key, spec in TABLES.items()],
        "table_kept": kept(request)["table"],
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
    table, table_error = read_table(request)
    inference, totals, inference_errors = read_inference(request, resolution)
    # Permalinks keep the table and the totals given (when they are valid).
    extra = {
        **kept(request),
        "player_total": totals["player"],
        "banker_total": totals["banker"],
    }

    def link(step=None):
        return permalink(tokens, step, **extra)

    unknown = sum(not card.known for card in resolution.cards)
    return {
        "resolution": resolution,
        "spots": lay_out(resolution, fresh_from=fresh_from(request, resolution)),
        # Beside each spot: the first two cards' total once the walk has added it up,
        # every card's once the hand is settled.
        "felt_totals": "final" if step >= LAST_STEP else "two" if step >= 2 else "",
        "gates": gates,
        "current": gates[step - 1],
        "permalink": link(),
        "back_url": link(step - 1) if step > 1 else None,
        "next_url": link(step + 1) if step < LAST_STEP else None,
        "all_url": link("all"),
        "seats": [(i + 1, seat_of(i, resolution), card) for i, card in enumerate(resolution.cards)],
        "what_if": comparison,
        "what_if_error": what_if_error,
        "tableau": tableau_rows(),
        "banker_gate": banker_gate,
        # The worksheet fills in as the walk reaches each number.
        "show_totals": step >= 2,
        "show_third": step >= 4,
        "show_final": step >= LAST_STEP,
        # Settling at the chosen table (gate 6), and the unknown card worked back from the
        # final totals: an inference, shown beside the hand, never put in the hand.
        "table": table,
        "table_name": table_name(table) if table else None,
        "table_error": table_error,
        "settlement": settlement_sentences(resolution, table) if table else (),
        "offer_inference": unknown == 1 or bool(inference_errors) or inference is not None,
        "inference": inference,
        # "2 or 7": the values the card may count (numbers, so a separator is enough).
        "inference_values": pgettext("between the values a card may count", " or ").join(
            str(value) for value in inference.values
        )
        if inference
        else "",
        "inference_errors": list(inference_errors.values()),
        "invalid_totals": inference_errors,
        "totals_given": {
            side: request.GET.get(f"{side}_total", "").strip() for side in ("player", "banker")
        },
        "totals": totals,
    }
