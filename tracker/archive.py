"""Your shoes kept: the list at /tracker/ grouped by the day each shoe was started, the filter
both it and the statistics across shoes (/tracker/stats/) read from the query string, and
each shoe's counts and Big Road thumbnail.

Every figure comes from baccarat.roads.many_shoes (one pass over each shoe's hands). The
listed shoes' hands are read in one query, ordered by shoe and number, whatever the number
of shoes: tests/web/tracker/test_archive.py counts the queries.

The day is the shoe's start (Shoe.created: hands keep no time of their own) as a UTC date:
the site does not know a visitor's time zone, and the page says so.
"""

from __future__ import annotations

import datetime
from itertools import groupby
from operator import itemgetter
from urllib.parse import urlencode

from django import forms
from django.core.paginator import Paginator
from django.db import connections
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from baccarat.roads.many_shoes import ShoeSummary, summarise_rows
from baccarat.roads.scoreboard import ROWS
from guards.fields import WholeNumberField
from tracker.exchange import MAX_HANDS
from tracker.models import Hand, Shoe, validate_plain_text

PER_PAGE = 200  # shoes on one page of the list
CELL = 6  # a thumbnail bead's square, in pixels
MOST_COLUMNS = 60  # a thumbnail shows the Big Road's first columns, at most this many


class ArchiveFilter(forms.Form):
    """What the list and the statistics show, read from the query string; every field may be
    left blank. A field that cannot be read is a 400 that names it."""

    q = forms.CharField(
        label=gettext_lazy("Search your shoes"),
        max_length=100,
        required=False,
        validators=[validate_plain_text],
    )
    since = forms.DateField(
        label=gettext_lazy("Started on or after"),
        required=False,
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    until = forms.DateField(
        label=gettext_lazy("Started on or before"),
        required=False,
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    decks = WholeNumberField(label=gettext_lazy("Decks"), min_value=1, max_value=8, required=False)
    least = WholeNumberField(
        label=gettext_lazy("At least this many hands"),
        min_value=0,
        max_value=MAX_HANDS,
        required=False,
    )
    most = WholeNumberField(
        label=gettext_lazy("At most this many hands"),
        min_value=0,
        max_value=MAX_HANDS,
        required=False,
    )
    cards = forms.ChoiceField(
        label=gettext_lazy("Cards"),
        required=False,
        choices=[
            ("", gettext_lazy("Any")),
            ("with", gettext_lazy("With cards entered")),
            ("without", gettext_lazy("Outcomes only")),
        ],
        # Django's own words, which do not repeat what was sent (its default's do).
        error_messages={
            "invalid_choice": gettext_lazy(
                "Select a valid choice. That choice is not one of the available choices."
            )
        },
    )
    page = WholeNumberField(
        label=gettext_lazy("Page"), min_value=1, max_value=10_000, required=False
    )

    def __init__(self, *args, **kwargs):
        # Its own ids: the list's page has the new-shoe form's "id_decks" too.
        kwargs.setdefault("auto_id", "filter-%s")
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            self.add_error("until", _("The last day comes before the first."))
        least, most = cleaned.get("least"), cleaned.get("most")
        if least is not None and most is not None and least > most:
            self.add_error("most", _("The most hands are fewer than the least."))
        return cleaned

    def problems(self) -> list[str]:
        """Each field that cannot be read, named with its label, for the 400 page."""
        return [
            f"{self.fields[name].label}: {' '.join(map(str, errors))}"
            if name in self.fields
            else " ".join(map(str, errors))
            for name, errors in self.errors.items()
        ]

    def query(self, **changes) -> str:
        """The filter as a query string (blank fields left out), with `changes`."""
        values = {name: self.data.get(name, "") for name in self.fields}
        values.update(changes)
        return urlencode({k: v for k, v in values.items() if v not in ("", None)})

    @property
    def active(self) -> bool:
        return any(self.data.get(name) for name in self.fields if name != "page")


def filtered(request, form: ArchiveFilter):
    """The caller's shoes the valid `form` picks, newest first, with hand_count,
    card_hands (hands recorded with their cards)."""
    # Both counts from the one join: an EXISTS per shoe for the cards ran once per joined
    # hand, and took most of the page's time with 200 shoes.
    shoes = Shoe.objects.owned_by(request).annotate(
        hand_count=Count("hands"),
        card_hands=Count("hands", filter=Q(hands__cards__isnull=False)),
    )
    data = form.cleaned_data
    if data.get("q"):
        shoes = shoes.filter(name__icontains=data["q"])
    # Days as ranges of time: SQLite reads a date out of a time with a Python function,
    # which a GROUP BY over the joined hands would call once a hand.
    if data.get("since"):
        shoes = shoes.filter(created__gte=midnight(data["since"]))
    if data.get("until"):
        shoes = shoes.filter(created__lt=midnight(data["until"] + datetime.timedelta(days=1)))
    if data.get("decks") is not None:
        shoes = shoes.filter(decks=data["decks"])
    if data.get("least") is not None:
        shoes = shoes.filter(hand_count__gte=data["least"])
    if data.get("most") is not None:
        shoes = shoes.filter(hand_count__lte=data["most"])
    if data.get("cards") == "with":
        shoes = shoes.filter(card_hands__gt=0)
    elif data.get("cards") == "without":
        shoes = shoes.filter(card_hands=0)
    return shoes.order_by("-created", "-id")


def midnight(day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(), tzinfo=datetime.UTC)


def day_of(shoe) -> datetime.date:
    """The UTC date the shoe was started."""
    return shoe.created.astimezone(datetime.UTC).date()


def summaries(shoes) -> dict[int, ShoeSummary]:
    """Each shoe's summary (baccarat.roads.many_shoes), its hands read in one query, as
    plain rows: Django's per-row conversions cost more than the summaries with 200 shoes."""
    ids = [shoe.pk for shoe in shoes]
    if not ids:
        return {}
    query = (
        Hand.objects.filter(shoe_id__in=ids)
        .order_by("shoe_id", "seq")
        .values_list("shoe_id", "outcome", "banker_pair", "player_pair", "natural")
    )
    found: dict[int, ShoeSummary] = {}
    with connections[query.db].cursor() as cursor:
        cursor.execute(*query.query.sql_with_params())
        for shoe_id, rows in groupby(cursor.fetchall(), key=itemgetter(0)):
            found[shoe_id] = summarise_rows(row[1:] for row in rows)
    empty = summarise_rows(())
    return {pk: found.get(pk, empty) for pk in ids}


def thumbnail(summary: ShoeSummary) -> str:
    """The Big Road in small, as an inline SVG drawn from the engine's bead places: Banker a
    filled square, Player a hollow one, so that colour is not the only cue. Built as a
    string (every value a number or a fixed word): 200 shoes' worth of template loops cost
    more than the rest of the page."""
    banker, player = [], []
    width = 0
    for col, row, side in summary.cells():
        if col >= MOST_COLUMNS:
            continue
        width = max(width, col + 1)
        x, y = col * CELL, row * CELL
        if side == "B":
            banker.append(f"M{x + 1} {y + 1}h4v4h-4z")
        else:
            player.append(f"M{x + 1.5} {y + 1.5}h3v3h-3z")
    pixels = max(width, 1) * CELL
    return mark_safe(  # noqa: S308 (numbers and fixed words only)
        f'<svg class="thumb" aria-hidden="true" focusable="false" width="{pixels}" '
        f'height="{ROWS * CELL}" viewBox="0 0 {pixels} {ROWS * CELL}">'
        f'<rect class="thumb-ground" width="{pixels}" height="{ROWS * CELL}"/>'
        f'<path class="thumb-banker" d="{"".join(banker)}"/>'
        f'<path class="thumb-player" d="{"".join(player)}"/></svg>'
    )


def shoe_row(shoe, summary: ShoeSummary, shoe_url: str) -> dict:
    """One shoe's line of the list, its words made here rather than by template tags: the
    tags for 200 shoes took longer than everything else on the page."""
    stats = summary.stats
    created = shoe.created.astimezone(datetime.UTC)
    meta = [
        ngettext("%(count)s deck", "%(count)s decks", shoe.decks) % {"count": shoe.decks},
        ngettext("%(count)s hand", "%(count)s hands", stats.hands) % {"count": stats.hands},
    ]
    if shoe.card_hands:
        meta.append(_("cards entered"))
    return {
        "shoe": shoe,
        "url": f"{shoe_url}{shoe.pk}/",
        "stats": stats,
        "longest": summary.longest,
        "when": created.isoformat(),
        "time": f"{created:%H:%M}",
        "meta": " · ".join(meta),
        "banker": _("Banker %(count)s") % {"count": stats.banker},
        "player": _("Player %(count)s") % {"count": stats.player},
        "rest": " · ".join(
            [
                _("Tie %(count)s") % {"count": stats.tie},
                _("longest run %(run)s") % {"run": summary.longest},
            ]
        ),
        "thumbnail": thumbnail(summary) if stats.hands else "",
    }


def archive_context(request, form: ArchiveFilter) -> dict:
    """The list's page of shoes, grouped by day."""
    shoes = filtered(request, form)
    paginator = Paginator(shoes, PER_PAGE)
    page = paginator.get_page(form.cleaned_data.get("page") or 1)
    listed = list(page.object_list)
    summary = summaries(listed)
    # Reversed once: a shoe's address is this and its number.
    shoe_url = reverse("tracker:shoe", args=[0]).removesuffix("0/")
    days = [
        {"day": day, "shoes": [shoe_row(shoe, summary[shoe.pk], shoe_url) for shoe in group]}
        for day, group in groupby(listed, key=day_of)
    ]
    return {
        "days": days,
        "page": page,
        "filter": form,
        "previous_url": f"?{form.query(page=page.previous_page_number())}"
        if page.has_previous()
        else None,
        "next_url": f"?{form.query(page=page.next_page_number())}" if page.has_next() else None,
    }
