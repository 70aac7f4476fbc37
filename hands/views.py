"""The hand page, /hands/: enter or deal a hand and walk through it gate by gate, ask
"what if" one card were different, or open a classic example.

Everything the page says comes from baccarat.teaching.walkthrough (and baccarat.game.inference,
which works back from the final totals to one unknown card); the view only reads the query
string. The page is a GET form, so every state is a shareable URL; htmx swaps the hand's
panel in place and keeps the address bar on the permalink.
"""

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat.game.cards import RANKS, CardError, parse_card, parse_cards
from baccarat.game.inference import InferenceError, infer
from baccarat.game.rules import HandError, resolve
from baccarat.game.shoe import random_hand
from baccarat.teaching.charts import tableau_rows
from baccarat.teaching.examples import classic_hands
from baccarat.teaching.felt import lay_out
from baccarat.teaching.walkthrough import (
    GATES,
    TABLES,
    seat_of,
    settlement_sentences,
    walkthrough,
    what_if,
)
from guards.echo import drawn_back
from guards.inputs import InputError, shown, whole_number
from hands.permalinks import permalink

KEYPAD = [("10" if rank == "T" else rank) for rank in RANKS] + ["?"]
LAST_STEP = len(GATES)
# A card number a what-if may name and be told "there is no card N": beyond, not a number.
MOST_CARD_NUMBER = 999_999


def typed_tokens(typed):
    return [t for t in typed.replace(",", " ").split() if t]


# The longest hand typed that is read or drawn again (six cards written long, "10♠, 10♥, ..."
# is about 30 characters), and the longest key the keypad sends.
MAX_TYPED = 200
MAX_KEY = 8


def edited_tokens(request):
    """The keypad and Deal buttons edit the hand: return the new tokens, or None when the
    request is not an edit."""
    if len(request.GET.get("cards", "")) > MAX_TYPED or len(request.GET.get("add", "")) > MAX_KEY:
        return None  # no hand: the page says why, and carries none of it on
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
    """?step=1..6, or "all": (the gate, None). Absent or blank, the first gate; anything
    else (0, 7, "٣", "+2", "2.0") is refused: (the first gate, a message naming the step)."""
    if value == "all":
        return LAST_STEP, None
    if value is None or not value.strip():
        return 1, None
    try:
        return whole_number(value, field="step", low=1, high=LAST_STEP), None
    except InputError:
        return 1, _(
            "Step: %(value)s is not a gate; give a whole number from 1 to %(last)s, or all. "
            "This is gate 1."
        ) % {"value": shown(value), "last": LAST_STEP}


def read_what_if(request, resolution):
    """?change=<card number>&to=<rank>: the comparison, or an error message."""
    change, to = request.GET.get("change", ""), request.GET.get("to", "").strip()
    if not change and not to:
        return None, None
    count = len(resolution.cards)
    try:
        number = whole_number(change, field="change", low=0, high=MOST_CARD_NUMBER)
    except InputError:
        return None, _("What if: %(value)s is not a card number.") % {"value": shown(change)}
    if not 1 <= number <= count:
        return None, _("What if: there is no card %(number)s; the hand has %(count)s.") % {
            "number": number,
            "count": count,
        }
    try:
        return what_if(list(resolution.cards), number - 1, parse_card(to)), None
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
        value = request.GET.get(f"{side}_total", "")
        totals[side] = None
        if not value.strip():
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
    step, step_error = read_step(request.GET.get("step"))
    context = {
        "typed": drawn_back(typed, MAX_TYPED),  # drawn again to be corrected, if not too long
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
            context.update(walk_context(request, resolution, step), step_error=step_error)
    template = "hands/walkthrough.html#walk" if request.htmx else "hands/walkthrough.html"
    # Anything that cannot be read is a 400 that still shows the page, each message beside
    # what it is about; htmx swaps it where it swaps the walk (static/js/refusals.js).
    refused = any(
        [
            context["error"],
            context.get("step_error"),
            context.get("what_if_error"),
            context.get("table_error"),
            *context.get("inference_errors", ()),
        ]
    )
    response = render(request, template, context, status=400 if refused else 200)
    if refused and request.htmx:
        response["HX-Retarget"] = "#walk"
        response["HX-Reswap"] = "outerHTML"
    return response


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
        "totals_given": {  # drawn again as typed, if it fits the field (maxlength 8)
            side: drawn_back(request.GET.get(f"{side}_total", "").strip(), 8)
            for side in ("player", "banker")
        },
        "totals": totals,
    }
