"""The odds calculator, /odds/: the exact odds of one hand from a full shoe, from a full
shoe less the cards already dealt, or from what is left given rank by rank.

A plain GET form, so every shoe is a shareable URL; with htmx the results redraw as you
type (the results region, plus each field's message out of band). Every figure comes from
baccarat.odds.exact; odds/form.py reads the query string, and this module formats numbers
for the page.
"""

from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.shortcuts import render
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from django_htmx.http import replace_url, reswap, retarget

from baccarat.game.cards import RANKS
from baccarat.game.tableau import and_list
from baccarat.odds.bettors_view import bettors_view, removal_sentence
from baccarat.odds.exact import (
    COMMISSION,
    MAX_DECKS,
    VALUES,
    Odds,
    effect_of_removal,
    odds,
    odds_of_decks,
    ranks_of_decks,
    values_of_ranks,
)
from guards.echo import drawn_back
from guards.inputs import MAX_NUMBER_TEXT
from odds.form import DEFAULT_DECKS, MAX_DEALT_TEXT, MOST_OF_A_RANK, OddsForm

DECKS = range(1, MAX_DECKS + 1)
# (key, name on the chart's bars, the result in the tables), in the active language.
SIDES = [
    ("banker", gettext_lazy("Banker"), gettext_lazy("Banker wins")),
    ("player", gettext_lazy("Player"), gettext_lazy("Player wins")),
    ("tie", pgettext_lazy("a bar of the cards-dealt chart", "Tie"), gettext_lazy("Tie wins")),
]
VALUE_NAMES = {0: gettext_lazy("0 (10, J, Q, K)"), 1: gettext_lazy("1 (ace)")}


# --- numbers as the page prints them ----------------------------------------------------


def signed(text: str) -> str:
    """A real minus sign, which screen readers say and which lines up with the digits."""
    return text.replace("-", "−")


def percent(x: float, places: int = 4) -> str:
    return signed(f"{x * 100:.{places}f}%")


def hundred_thousandths(x: float) -> str:
    """A change in probability in units of 0.00001: -0.0000435 is "−4.35"."""
    return signed(f"{x * 100_000:+.2f}")


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


# --- the figures ---------------------------------------------------------------------------


def probability_rows(result: Odds, rows):
    return [
        {
            "label": label,
            "key": key,
            "percent": percent(result.p(key)),
            "decimal": f"{result.p(key):.6f}",
            "count": f"{result.counts[key]:,}",
        }
        for key, label in rows
    ]


# The chart's geometry, in SVG user units (about a pixel each on a phone): each group has
# a heading line, then one bar per result, its name to the left and its value after it.
BAR_X, BAR_LENGTH, BAR_HEIGHT, BAR_GAP, HEADING, GROUP_GAP = 62, 240, 20, 4, 22, 12
CHART_WIDTH = 360


def cards_dealt_chart(result: Odds):
    """Banker, Player and Tie by the number of cards dealt, as bars for an inline SVG
    (joint probabilities: each bar is P(that result and that many cards))."""
    top = max(result.p(f"{side}_{n}") for n in (4, 5, 6) for side, *_names in SIDES)
    groups, y = [], 0
    for n in (4, 5, 6):
        group: dict[str, Any] = {"cards": n, "heading_y": y + HEADING - 6, "bars": []}
        y += HEADING
        for side, name, _result in SIDES:
            value = result.p(f"{side}_{n}")
            length = BAR_LENGTH * value / top if top else 0
            group["bars"].append(
                {
                    "side": side,
                    "name": str(name),
                    "y": y,
                    "text_y": y + BAR_HEIGHT - 5,
                    "length": f"{length:.1f}",
                    "end": f"{BAR_X + length + 5:.1f}",
                    "percent": percent(value, 2),
                }
            )
            y += BAR_HEIGHT + BAR_GAP
        groups.append(group)
        y += GROUP_GAP
    return {
        "groups": groups,
        "width": CHART_WIDTH,
        "height": y - GROUP_GAP - BAR_GAP,
        "bar_x": BAR_X,
        "name_x": BAR_X - 6,
        "bar_height": BAR_HEIGHT,
    }


# The summary kept in view on a phone while the form is changed: the main bets' edges.
SUMMARY_EDGES = [
    ("banker", gettext_lazy("Banker")),
    ("player", gettext_lazy("Player")),
    ("tie_8_to_1", gettext_lazy("Tie (8 to 1)")),
]


def summary_edges(result: Odds):
    return [
        {"key": key, "name": name, "per_unit": percent(float(result.edges[key].per_unit))}
        for key, name in SUMMARY_EDGES
    ]


def edge_rows(result: Odds):
    return [
        {
            "key": key,
            "name": edge.name,
            "per_unit": percent(float(edge.per_unit)),
            "per_resolved": percent(float(edge.per_resolved)),
        }
        for key, edge in result.edges.items()
    ]


# Eleven engine calls (about 6 ms): kept for the shoes asked for again, full shoes above all.
removals_of = lru_cache(maxsize=64)(effect_of_removal)


def removal_rows(values):
    """The effect-of-removal table."""
    rows = removals_of(tuple(values))
    by_value = {row.value: row for row in rows}
    table = []
    for v in VALUES:
        row = by_value.get(v)
        table.append(
            {
                "value": VALUE_NAMES.get(v, str(v)),
                "left": values[v],
                "banker": hundred_thousandths(row.banker) if row else None,
                "player": hundred_thousandths(row.player) if row else None,
                "tie": hundred_thousandths(row.tie) if row else None,
            }
        )
    return table


def banker_total_rows(result: Odds):
    rows = []
    for t in VALUES:
        draws = result.banker_draws_given(t)
        rows.append(
            {
                "total": t,
                "percent": percent(float(result.banker_total(t))),
                "draws": percent(float(draws), 2) if draws is not None else None,
                "natural": t >= 8,
                "never": draws == 0,
            }
        )
    return rows


def results_context(result: Odds, values):
    return {
        "result": result,
        "bettors_view": bettors_view(result),
        "cards": f"{result.cards:,}",
        "total": f"{result.total:,}",
        "main": probability_rows(result, [(side, wins) for side, _name, wins in SIDES]),
        "naturals": probability_rows(
            result,
            [
                ("natural_any", _("Either side has a natural")),
                ("natural_player", _("Player has a natural")),
                ("natural_banker", _("Banker has a natural")),
                ("natural_both", _("Both have a natural")),
            ],
        ),
        "draws": probability_rows(
            result,
            [
                ("player_draws", _("Player draws a third card")),
                ("banker_draws", _("Banker draws a third card")),
            ],
        ),
        "by_cards": [
            {
                "cards": n,
                "all": percent(result.p(f"cards_{n}")),
                "sides": [percent(result.p(f"{side}_{n}")) for side, *_names in SIDES],
            }
            for n in (4, 5, 6)
        ],
        "chart": cards_dealt_chart(result),
        "specials": probability_rows(
            result,
            [
                ("banker_win_6", _("Banker wins with a total of 6 (Super 6)")),
                ("dragon_7", _("Dragon 7: Banker wins with a three-card 7")),
                ("panda_8", _("Panda 8: Player wins with a three-card 8")),
            ],
        ),
        "pair": percent(float(result.player_pair)) if result.player_pair is not None else None,
        "pair_fraction": result.player_pair,
        "edges": edge_rows(result),
        "summary": summary_edges(result),
        "banker_totals": banker_total_rows(result),
        "removals": removal_rows(values),
        # The sentence under the table, sized from the table's own largest shift.
        "removal_sentence": removal_sentence(
            removals_of(tuple(values)), result.edges["banker"].per_unit
        ),
    }


FIELD_NAMES = {
    "decks": gettext_lazy("Decks"),
    "dealt": gettext_lazy("Cards dealt"),
    "ranks": gettext_lazy("Cards left"),
    "commission": gettext_lazy("Commission"),
}


def fields_in_error(errors):
    """(id, name) of each field with a message, in the form's order: the page links to
    them, since a message beside a field can be a screen away from the results."""
    fields = []
    for key in errors:
        if key.startswith("rank_"):
            rank = key.removeprefix("rank_")
            fields.append((f"rank-{rank}", _("Rank %(rank)s") % {"rank": rank_label(rank)}))
        elif key == "ranks":
            fields.append(("rank-A", FIELD_NAMES[key]))
        else:
            fields.append((key, FIELD_NAMES[key]))
    return fields


def share_url(request, form):
    """This shoe's address with only what describes it: the rank counts of a full shoe, or
    the decks of one given rank by rank, are left out, so that changing the decks never
    leaves an old selection's counts in a link (or in the address bar, HX-Replace-Url)."""
    shoe = form.cleaned_data["shoe"]
    params = {"shoe": shoe}
    if shoe != "ranks":
        decks = form.sent("decks").strip() or str(DEFAULT_DECKS)
        params["decks"] = drawn_back(decks, MAX_NUMBER_TEXT)
    if shoe == "dealt":
        params["dealt"] = drawn_back(form.sent("dealt"), MAX_DEALT_TEXT)
    if shoe == "ranks":
        params.update({rank: drawn_back(form.sent(rank), MAX_NUMBER_TEXT) for rank in RANKS})
    commission = form.sent("commission").strip()
    if commission and commission != "5":
        params["commission"] = drawn_back(commission, MAX_NUMBER_TEXT)
    # Nothing longer than a field can be read is carried into the link.
    return f"{request.path}?{urlencode(params)}"


def announcement(context, errors):
    """One short sentence for screen readers after each live update."""
    if context["result"] is not None:
        figures = pgettext("between names in a list", ", ").join(
            _("%(result)s %(percent)s") % {"result": row["label"], "percent": row["percent"]}
            for row in context["main"]
        )
        return _("%(figures)s.") % {"figures": figures}
    named = [
        _("Rank %(rank)s: %(message)s")
        % {"rank": rank_label(key.removeprefix("rank_")), "message": message}
        if key.startswith("rank_")
        else message
        for key, message in errors.items()
    ]
    if not named:
        return _("No odds.")
    if len(named) == 1:
        return _("No odds. %(message)s") % {"message": named[0]}
    return _("No odds. %(message)s (%(more)s more)") % {
        "message": named[0],
        "more": len(named) - 1,
    }


# --- the page ------------------------------------------------------------------------------


def calculator(request):
    form = OddsForm(request.GET)
    form.is_valid()
    errors = form.messages()
    shoe, dealt_text = form.cleaned_data["shoe"], form.sent("dealt")
    decks, commission = form.cleaned_data.get("decks"), form.cleaned_data.get("commission")
    ranks = form.cleaned_data.get("ranks")
    context = {
        "shoe": shoe,
        "decks_choices": DECKS,
        "decks": decks,
        "typed_decks": form.sent("decks").strip() or str(DEFAULT_DECKS),
        # What was typed, drawn again to be corrected, unless it is too long to be read.
        "commission_typed": drawn_back(form.sent("commission"), MAX_NUMBER_TEXT),
        "dealt_text": drawn_back(dealt_text, MAX_DEALT_TEXT),
        "dealt": form.cleaned_data.get("dealt_cards", 0),
        "most_of_a_rank": MOST_OF_A_RANK,
        "errors": errors,
        "result": None,
    }
    if ranks is not None and not errors:
        if shoe == "decks" and commission == COMMISSION:
            result = odds_of_decks(decks)
        else:
            result = odds(ranks=ranks, commission=commission)
        context.update(results_context(result, values_of_ranks(ranks)))
    # The rank grid shows what was typed; otherwise the shoe being worked out, so picking
    # "rank by rank" starts from it.
    if shoe == "ranks":
        counts = {rank: form.sent(rank) for rank in RANKS}
    else:
        counts = ranks if ranks is not None else ranks_of_decks(decks or DEFAULT_DECKS)
    context["rank_fields"] = [
        {
            "rank": rank,
            "label": rank_label(rank),
            "value": drawn_back(str(counts[rank]), MAX_NUMBER_TEXT),  # as typed, if short
            "error": errors.get(f"rank_{rank}"),
        }
        for rank in RANKS
    ]
    context["announcement"] = announcement(context, errors)
    context["fields_in_error"] = fields_in_error(errors)
    # "Decks, Cards dealt and Commission", each a link to its field.
    context["fields_links"] = mark_safe(  # noqa: S308 (each part is escaped by format_html)
        and_list(
            [
                format_html('<a href="#{}">{}</a>', field, name)
                for field, name in context["fields_in_error"]
            ],
            words=True,
        )
        if context["fields_in_error"]
        else ""
    )
    context["share_url"] = share_url(request, form)
    template = "odds/calculator.html#update" if request.htmx else "odds/calculator.html"
    # A field that cannot be read is a 400 (the page still shows every message beside its
    # field); htmx swaps it where it swaps the results (htmx's responseHandling, base.html).
    response = render(request, template, context, status=400 if errors else 200)
    if request.htmx:
        replace_url(response, context["share_url"])
    if errors and request.htmx:
        retarget(response, "#odds-results")
        reswap(response, "outerHTML")
    return response
