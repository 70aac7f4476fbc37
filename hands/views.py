"""The hand page, /hands/: enter or deal a hand and walk through it gate by gate, ask
"what if" one card were different, or open a classic example.

Everything the page says comes from baccarat.teaching.walkthrough (and baccarat.game.inference,
which works back from the final totals to one unknown card); hands/form.py reads the query
string. The page is a GET form, so every state is a shareable URL; htmx swaps the hand's
panel in place and keeps the address bar on the permalink.
"""

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django_htmx.http import push_url, reswap, retarget

from baccarat.game.cards import RANKS, CardError, parse_card, parse_cards
from baccarat.game.inference import InferenceError, infer
from baccarat.game.rules import HandError, resolve
from baccarat.game.shoe import random_hand
from baccarat.teaching.charts import tableau_rows
from baccarat.teaching.examples import classic_hands
from baccarat.teaching.felt import lay_out
from baccarat.teaching.walkthrough import (
    TABLES,
    seat_of,
    settlement_sentences,
    walkthrough,
    what_if,
)
from guards.echo import drawn_back
from hands.chances import SQUEEZE_TARGET, chance_context
from hands.form import LAST_STEP, MAX_TYPED, HandForm
from hands.permalinks import permalink

KEYPAD = [("10" if rank == "T" else rank) for rank in RANKS] + ["?"]


def typed_tokens(typed):
    return [t for t in typed.replace(",", " ").split() if t]


def edited_tokens(form):
    """The keypad and Deal buttons edit the hand: return the new tokens, or None when the
    request is not an edit."""
    edit = form.edit()
    tokens = typed_tokens(form.sent("cards"))
    if edit == "deal":
        return [str(card) for card in random_hand()]
    if edit == "add":
        return [*tokens, form.sent("add")]
    if edit == "pop":
        return tokens[:-1]
    if edit == "clear":
        return []
    return None


def read_what_if(form, resolution):
    """The comparison the what-if asks for (None when none is), or an error message."""
    if form.message("change"):
        return None, form.message("change")
    number = form.cleaned_data["change"]
    if number is None:
        return None, None
    count = len(resolution.cards)
    if not 1 <= number <= count:
        return None, _("What if: there is no card %(number)s; the hand has %(count)s.") % {
            "number": number,
            "count": count,
        }
    try:
        card = parse_card(form.cleaned_data["to"])
        return what_if(list(resolution.cards), number - 1, card), None
    except CardError as error:
        return None, _("What if: %(error)s") % {"error": error}


def read_inference(form, resolution):
    """The worked-back unknown card, when final totals are given: (inference, totals,
    errors), errors keyed "player", "banker" (a bad total) or "hand"."""
    totals = {side: form.cleaned_data.get(f"{side}_total") for side in ("player", "banker")}
    errors = {
        side: form.message(f"{side}_total")
        for side in ("player", "banker")
        if form.message(f"{side}_total")
    }
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


def kept(form):
    """The choices a permalink keeps beside the cards: a valid table other than the
    standard one."""
    table = form.cleaned_data.get("table")
    return {"table": table if table != "standard" else None}


def hands(request):
    form = HandForm(request.GET)
    form.is_valid()  # each message is shown beside its field, when there is a hand
    edited = edited_tokens(form)
    if edited is not None:
        url = permalink(edited, **kept(form))
        if not request.htmx:
            return HttpResponseRedirect(url)
        response = hand_page(request, form, typed=", ".join(edited))
        push_url(response, url)
        return response
    return hand_page(request, form, typed=form.sent("cards").strip())


def hand_page(request, form, typed):
    step = form.cleaned_data.get("step", 1)
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
        "table_kept": kept(form)["table"],
    }
    if typed:
        try:
            resolution = resolve(parse_cards(typed))
        except (CardError, HandError) as error:
            context["error"] = str(error)
        else:
            context.update(walk_context(form, resolution, step), step_error=form.message("step"))
    template = "hands/walkthrough.html#walk" if request.htmx else "hands/walkthrough.html"
    # Anything that cannot be read is a 400 that still shows the page, each message beside
    # what it is about; htmx swaps it where it swaps the walk (htmx's responseHandling, base.html).
    others = any(
        [
            context["error"],
            context.get("step_error"),
            context.get("what_if_error"),
            context.get("table_error"),
            *context.get("inference_errors", ()),
        ]
    )
    refused = others or bool(context.get("squeeze_error"))
    # The squeeze form updates only the chances it asked for, so focus stays on its button
    # (unless something else it carried cannot be read: then the whole walk says what).
    squeezing = (
        request.htmx
        and request.htmx.target == SQUEEZE_TARGET
        and not others
        and context["resolution"] is not None
    )
    if squeezing:
        template = "hands/walkthrough.html#squeeze_result"
    response = render(request, template, context, status=400 if refused else 200)
    if refused and request.htmx and not squeezing:
        retarget(response, "#walk")
        reswap(response, "outerHTML")
    return response


def fresh_from(form, resolution):
    """Which cards arrive dealt (0-based): all of a new hand, the one card a keypad key
    added, none when the same hand steps from gate to gate or asks a what-if."""
    if "add" in form.data:
        return len(resolution.cards) - 1
    if "step" in form.data or "change" in form.data or "pop" in form.data:
        return None
    return 0


def walk_context(form, resolution, step):
    tokens = [str(card) for card in resolution.cards]
    gates = walkthrough(resolution)
    comparison, what_if_error = read_what_if(form, resolution)
    banker_gate = gates[4]
    table, table_error = form.cleaned_data.get("table"), form.message("table")
    inference, totals, inference_errors = read_inference(form, resolution)
    # Permalinks keep the table and the totals given (when they are valid).
    extra = {
        **kept(form),
        "player_total": totals["player"],
        "banker_total": totals["banker"],
    }

    def link(step=None):
        return permalink(tokens, step, **extra)

    unknown = sum(not card.known for card in resolution.cards)
    return {
        "resolution": resolution,
        "spots": lay_out(resolution, fresh_from=fresh_from(form, resolution)),
        # Beside each spot: the first two cards' total once the walk has added it up,
        # every card's once the hand is settled.
        "felt_totals": "final" if step >= LAST_STEP else "two" if step >= 2 else "",
        "gates": gates,
        "current": gates[step - 1],
        "permalink": link(),
        "back_url": link(step - 1) if step > 1 else None,
        "next_url": link(step + 1) if step < LAST_STEP else None,
        "all_url": link("all"),
        "here_url": link(step),
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
            side: drawn_back(form.sent(f"{side}_total").strip(), 8) for side in ("player", "banker")
        },
        "totals": totals,
        **chance_context(form, resolution, step),
    }
