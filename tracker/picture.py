"""A shoe's five roads laid out as one picture: the SVG to share (templates/tracker/
roads.svg), its PNG twin (tracker.picture_png) and the printed sheet (templates/tracker/
print.html) all draw this layout, so the three show the same marks in the same places.

Every mark comes from scoreboard_context (scoreboard.boards), as the shoe page's road
templates read it; each road is a grid of cells one unit square, placed and scaled here.
The picture is a fixed width, so its size is bounded whatever the shoe's length: a long
shoe only gets smaller cells.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from baccarat.roads.scoreboard import ROWS
from baccarat.roads.tally import shares
from scoreboard.boards import DERIVED_NAMES, OUTCOME_WORDS, bead_letters, big_road_letters
from scoreboard.stats_panel import percent

WIDTH = 1200
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif"
MARGIN = 32
TITLE = 40  # the name's line
COUNTS = 30  # the counts' line
CAPTION = 30  # a road's name above its grid
GAP = 16  # between two roads
# The largest cell of each road: a short shoe's roads are not blown up past these.
BIG_CELL = {"big_road": 40, "bead_plate": 40, "derived": 24}

# The colours of the marks: the site's light scheme (static/css/site.css), and the light ink
# of a printed sheet, where the beads are rings with their letter instead of discs.
PALETTES = {
    "colour": {
        "banker": "#c62828",
        "player": "#1565c0",
        "tie": "#2e7d32",
        "on_mark": "#ffffff",
        "line": "#c9ced6",
        "ink": "#1b1b1f",
        "muted": "#5f6368",
        "paper": "#ffffff",
        "natural_fill": "#f9a825",
        "natural_line": "#5d4037",
        "filled_beads": True,
    },
    "ink": {
        "banker": "#c62828",
        "player": "#1565c0",
        "tie": "#2e7d32",
        "on_mark": "#ffffff",
        "line": "#b0b0b0",
        "ink": "#333333",
        "muted": "#666666",
        "paper": "#ffffff",
        "natural_fill": "#ffffff",
        "natural_line": "#444444",
        "filled_beads": False,
    },
}
COLOURS = {"red": "banker", "blue": "player"}


@dataclass
class Road:
    """One road's grid: `columns` × 6 cells of `cell` px at (x, y), and its marks, each a
    glyph (templates/tracker/picture_glyphs.html) at a cell: {"glyph", "col", "row"}."""

    key: str
    name: str
    columns: int
    cell: float
    x: float = 0
    y: float = 0
    marks: list = field(default_factory=list)
    texts: list = field(default_factory=list)  # tie counts: {"col", "row", "text"}

    @property
    def width(self):
        return self.columns * self.cell

    @property
    def height(self):
        return ROWS * self.cell

    @property
    def transform(self):
        return f"translate({self.x:g} {self.y:g}) scale({self.cell:.5g})"

    @property
    def caption_y(self):
        return round(self.y - 8, 2)

    @property
    def grid(self):
        """The grid's lines as one SVG path, in cells."""
        across = "".join(f"M0 {row}H{self.columns}" for row in range(ROWS + 1))
        down = "".join(f"M{col} 0V{ROWS}" for col in range(self.columns + 1))
        return across + down


def road_marks(context):
    """The five roads' marks from a scoreboard_context, Big Road first."""
    big_road = Road("big_road", _("Big Road"), context["big_road_columns"], 0)
    big_road.marks = [
        {"glyph": f"ring-{cell['outcome']}", "col": cell["col"], "row": cell["row"]}
        for cell in context["big_road"]
    ]
    big_road.marks += [
        {"glyph": f"pair-{pair['side']}", "col": pair["col"], "row": pair["row"]}
        for pair in context["big_road_pairs"]
    ]
    big_road.marks += [{"glyph": "tie", "col": tie.col, "row": tie.row} for tie in context["ties"]]
    big_road.texts = [
        {"col": tie.col, "row": tie.row, "text": str(tie.ties)}
        for tie in context["ties"]
        if tie.ties > 1
    ]
    bead_plate = Road("bead_plate", _("Bead Plate"), context["bead_columns"], 0)
    bead_plate.marks = [
        {"glyph": f"bead-{bead['outcome']}", "col": bead["col"], "row": bead["row"]}
        for bead in context["bead_plate"]
    ]
    bead_plate.marks += [
        {"glyph": f"pair-{pair['side']}", "col": pair["col"], "row": pair["row"]}
        for pair in context["pairs"]
    ]
    bead_plate.marks += [
        {"glyph": "natural", "col": natural["col"], "row": natural["row"]}
        for natural in context["naturals"]
    ]
    roads = [big_road, bead_plate]
    for entry in context["derived"]:
        road = Road(entry["key"], str(entry["name"]), entry["columns"], 0)
        road.marks = [
            {"glyph": f"{entry['key']}-{cell['color']}", "col": cell["col"], "row": cell["row"]}
            for cell in entry["cells"]
        ]
        roads.append(road)
    return roads


def count_words(stats):
    """ "80 hands · Banker 38 (47.5%) · Player 35 (43.8%) · Tie 7 (8.8%)"."""
    hands = ngettext("%(count)s hand", "%(count)s hands", stats.hands) % {"count": stats.hands}
    parts = [hands]
    for line in shares(stats):
        if line.outcome:  # Banker, Player and Tie, as the stats panel's strip lists them
            parts.append(
                _("%(outcome)s %(count)s (%(percent)s%%)")
                % {
                    "outcome": OUTCOME_WORDS[line.outcome],
                    "count": line.count,
                    "percent": percent(line.share),
                }
            )
    return pgettext("between the parts of a shoe's counts", " · ").join(parts)


def picture(context, name, width=WIDTH):
    """The whole picture, in px: the name and counts over the five roads, each as wide as
    its columns allow (a cell no larger than BIG_CELL)."""
    inner = width - 2 * MARGIN
    y = MARGIN + TITLE + COUNTS + GAP
    roads = road_marks(context)
    for road in roads:
        largest = BIG_CELL.get(road.key, BIG_CELL["derived"])
        road.cell = min(largest, inner / road.columns)
        road.x = MARGIN
        road.y = y + CAPTION
        y = road.y + road.height + GAP
    return {
        "width": width,
        "height": round(y - GAP + MARGIN),
        "margin": MARGIN,
        "name": name,
        "name_y": MARGIN + TITLE * 0.75,
        "counts": count_words(context["board"].stats),
        "counts_y": MARGIN + TITLE + COUNTS * 0.7,
        "roads": roads,
        "font": FONT,
        "letters": glyph_letters(),
    }


def glyph_letters():
    """The beads' and the Big Road rings' letters in the active language, by glyph."""
    return {**bead_letters(), **{f"ring-{k}": v for k, v in big_road_letters().items()}}


def derived_legend():
    """The derived roads' names and marks, for a key: "Big Eye Boy: hollow circles"."""
    return [(str(name), str(glyph)) for name, glyph in DERIVED_NAMES.values()]


# --- the glyphs, in a cell one unit square -------------------------------------------------
# As the shoe page draws them (templates/scoreboard/road_glyphs.html): colour is never alone,
# every mark has its letter or its = / ≠ too, so a black-and-white print still reads.

EQUAL = ((0.35, 0.434, 0.65, 0.434), (0.35, 0.566, 0.65, 0.566))
UNEQUAL = (*EQUAL, (0.566, 0.335, 0.434, 0.665))
SMALL_EQUAL = ((0.19, 0.246, 0.39, 0.246), (0.19, 0.334, 0.39, 0.334))
SMALL_UNEQUAL = (*SMALL_EQUAL, (0.334, 0.18, 0.246, 0.4))
STAR = (
    (0.83, 0.02), (0.875, 0.11), (0.975, 0.125), (0.903, 0.195), (0.92, 0.295),
    (0.83, 0.248), (0.74, 0.295), (0.757, 0.195), (0.685, 0.125), (0.785, 0.11),
)  # fmt: skip
SIDES = {"B": "banker", "P": "player", "T": "tie"}


def circle(cx, cy, r, fill="none", stroke="none", width=0.0):
    return {"shape": "circle", "cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke,
            "width": width}  # fmt: skip


def line(x1, y1, x2, y2, stroke, width):
    return {"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke,
            "width": width}  # fmt: skip


def letter(text, size, fill, y=0.5):
    return {"shape": "text", "x": 0.5, "y": y, "size": size, "fill": fill, "text": text}


def glyphs(palette, letters):
    """Each glyph's shapes, by its name in Road.marks."""
    p = PALETTES[palette]
    shapes = {}
    for outcome, side in SIDES.items():
        colour = p[side]
        if p["filled_beads"]:
            bead = [
                circle(0.5, 0.5, 0.43, fill=colour),
                letter(letters[outcome], 0.5, p["on_mark"]),
            ]
        else:
            bead = [
                circle(0.5, 0.5, 0.4, stroke=colour, width=0.07),
                letter(letters[outcome], 0.5, colour),
            ]
        shapes[f"bead-{outcome}"] = bead
        if outcome != "T":
            shapes[f"ring-{outcome}"] = [
                circle(0.5, 0.5, 0.36, stroke=colour, width=0.1),
                letter(letters[f"ring-{outcome}"], 0.44, colour),
            ]
    shapes["pair-banker"] = [circle(0.17, 0.17, 0.12, p["banker"], p["on_mark"], 0.05)]
    shapes["pair-player"] = [circle(0.83, 0.83, 0.12, p["player"], p["on_mark"], 0.05)]
    shapes["natural"] = [
        {
            "shape": "polygon",
            "points": STAR,
            "fill": p["natural_fill"],
            "stroke": p["natural_line"],
            "width": 0.03,
        }  # fmt: skip
    ]
    shapes["tie"] = [line(0.22, 0.86, 0.78, 0.14, p["tie"], 0.1)]
    for color, side in COLOURS.items():
        colour = p[side]
        symbol = EQUAL if color == "red" else UNEQUAL
        small = SMALL_EQUAL if color == "red" else SMALL_UNEQUAL
        shapes[f"big_eye_boy-{color}"] = [
            circle(0.5, 0.5, 0.36, stroke=colour, width=0.12),
            *(line(*xy, colour, 0.07) for xy in symbol),
        ]
        shapes[f"small_road-{color}"] = [
            circle(0.5, 0.5, 0.42, fill=colour),
            *(line(*xy, p["on_mark"], 0.07) for xy in symbol),
        ]
        shapes[f"cockroach_pig-{color}"] = [
            line(0.16, 0.84, 0.84, 0.16, colour, 0.13),
            *(line(*xy, colour, 0.05) for xy in small),
        ]
    return shapes
