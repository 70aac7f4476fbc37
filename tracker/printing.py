"""Paper and pictures: a blank road sheet to fill in by hand at the table, a shoe's roads and
counts on one printed page, and its roads as an image to share (SVG, and PNG).

The sheets are pages of the site whose header, footer and forms do not print (site.css,
"Road sheets"); their paper size is the page's own @page rule. The marks on paper and in
the images are laid out once, by tracker.picture, from the same scoreboard_context as the
shoe page's roads. Someone else's shoe is a 404, as everywhere in the tracker; a shared
shoe's sheet and images follow its share link, and go when it is revoked.
"""

import math
from dataclasses import replace

from django import forms
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from baccarat.roads.scoreboard import ROWS, scoreboard
from guards.echo import brief
from scoreboard.boards import bead_plate_label, big_road_label, scoreboard_context
from scoreboard.stats_panel import stats_panel_context
from tracker.export import export_filename
from tracker.picture import (
    FONT,
    PALETTES,
    derived_legend,
    glyph_letters,
    glyphs,
    picture,
    road_marks,
)
from tracker.picture_png import png
from tracker.views import revocable, shared_shoe_or_404
from tracker.visitors import own_shoe_or_404

# Paper in mm: its size as CSS's @page names it, and the margin printed round the sheet.
PAPERS = {
    "a4": {"name": "A4", "size": "A4", "width": 210, "height": 297, "margin": 10},
    "letter": {"name": "Letter", "size": "letter", "width": 215.9, "height": 279.4, "margin": 12.7},
}
# The blank sheet's cells, in mm: big enough to write a letter in; the derived roads take
# smaller marks, as on a casino's card. A shoe's Big Road runs to 40 columns and more, so it
# has a second strip, to go on with.
BLANK_CELLS = {"bead_plate": 6, "big_road": 5, "derived": 4.5}
# A filled sheet's cells at most, in mm: a long shoe's roads shrink to the paper's width.
FILLED_CELLS = {"bead_plate": 6, "big_road": 5.5, "derived": 4}


class PaperForm(forms.Form):
    paper = forms.CharField(required=False, strip=False)

    def clean_paper(self):
        paper = self.cleaned_data["paper"] or "a4"
        if paper not in PAPERS:
            raise forms.ValidationError(
                _("Paper: %(value)s is not a paper size here; choose A4 or Letter.")
                % {"value": brief(paper)}
            )
        return paper


def paper_of(request):
    """The paper asked for ("a4" when none), and the error when it is none we print on."""
    form = PaperForm(request.GET)
    if form.is_valid():
        return form.cleaned_data["paper"], None
    return "a4", form.errors["paper"][0]


def paper_context(request, paper, error):
    sheet = PAPERS[paper]
    return {
        "paper": paper,
        "sheet": sheet,
        "papers": [(key, value["name"]) for key, value in PAPERS.items()],
        "paper_error": error,
        # The printable width, in mm, which the roads are fitted to.
        "inner_width": sheet["width"] - 2 * sheet["margin"],
        "glyphs": glyphs("ink", glyph_letters()),
        "palette": PALETTES["ink"],
        "font": FONT,
        "legend": derived_legend(),
    }


def sized(road, cell, width):
    """`road` with its size on paper: cells of `cell` mm at most, the whole no wider than
    `width` mm."""
    road.mm = min(cell, width / road.columns)
    road.mm_width = round(road.mm * road.columns, 2)
    road.mm_height = round(road.mm * ROWS, 2)
    return road


@require_safe
def sheet(request):
    """The blank road sheet: five empty grids, as many columns as the paper holds."""
    paper, error = paper_of(request)
    context = paper_context(request, paper, error)
    width = context["inner_width"]
    roads = road_marks(scoreboard_context(scoreboard(""), ""))
    roads.insert(1, replace(roads[0], name=_("Big Road, continued")))
    for road in roads:
        cell = BLANK_CELLS.get(road.key, BLANK_CELLS["derived"])
        road.columns = math.floor(width / cell)
        sized(road, cell, width)
    context.update(roads=roads, blank=True)
    return render(request, "tracker/print.html", context, status=400 if error else 200)


def filled_sheet(request, shoe, image_urls, owner):
    paper, error = paper_of(request)
    context = paper_context(request, paper, error)
    board = scoreboard(shoe.results())
    board_context = scoreboard_context(board, "")
    width = context["inner_width"]
    roads = road_marks(board_context)
    flags = board_context["flag_words"]
    for road in roads:
        sized(road, FILLED_CELLS.get(road.key, FILLED_CELLS["derived"]), width)
        if road.key == "big_road":
            road.label = big_road_label(board, flags)
        elif road.key == "bead_plate":
            road.label = bead_plate_label(board, flags)
        else:
            road.label = road_label(road)
    stats = board.stats
    context.update(
        roads=roads,
        shoe=shoe,
        stats=stats,
        counts=stats_panel_context(stats)["counts"],
        image_urls=image_urls,
        owner=owner,
    )
    return render(request, "tracker/print.html", context, status=400 if error else 200)


def road_label(road):
    """ "Big Eye Boy, 12 marks" for a screen reader."""
    if len(road.marks) == 1:
        return _("%(road)s, %(count)s mark") % {"road": road.name, "count": len(road.marks)}
    return _("%(road)s, %(count)s marks") % {"road": road.name, "count": len(road.marks)}


def image_urls(name, *args):
    return {
        "svg": reverse(f"tracker:{name}_svg", args=args),
        "png": reverse(f"tracker:{name}_png", args=args),
    }


@require_safe
def print_shoe(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    return filled_sheet(request, shoe, image_urls("roads", shoe.pk), owner=True)


@require_safe
@revocable
def print_shared(request, token):
    shoe = shared_shoe_or_404(token)
    return filled_sheet(request, shoe, image_urls("shared_roads", token), owner=False)


# --- the image ---------------------------------------------------------------------------

IMAGE_TYPES = {"svg": "image/svg+xml; charset=utf-8", "png": "image/png"}


def shoe_picture(shoe):
    board = scoreboard(shoe.results())
    return picture(scoreboard_context(board, ""), shoe.name)


def image_response(request, shoe, extension):
    layout = shoe_picture(shoe)
    if extension == "svg":
        context = {**layout, "glyphs": glyphs("colour", layout["letters"])}
        context["palette"] = PALETTES["colour"]
        response = render(request, "tracker/roads.svg", context, content_type=IMAGE_TYPES["svg"])
    else:
        response = HttpResponse(png(layout), content_type=IMAGE_TYPES["png"])
    filename = export_filename(shoe, extension).replace("shoe-", "roads-", 1)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def roads_image(request, shoe_id, extension):
    return image_response(request, own_shoe_or_404(request, shoe_id), extension)


@require_safe
@revocable
def shared_roads_image(request, token, extension):
    return image_response(request, shared_shoe_or_404(token), extension)
