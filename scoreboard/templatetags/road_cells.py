"""{% repeat cells 'markup' name=value ... %}: the markup once per cell, each {name}
filled from that cell's dict or from the named constants, every value escaped.

A shoe's roads redraw several hundred cells on every hand recorded. A {% for %} loop
renders each {{ variable }} as a node of its own, a few microseconds apiece; filling one
format string per cell is several times faster, and the markup still lives in the template.
"""

from django import template
from django.utils.safestring import mark_safe

from scoreboard import boards

register = template.Library()

# HTML-escaping in one C call per value; braces are doubled in constants, which are put
# into the markup before it is used as a format string.
ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
BRACES = str.maketrans({"{": "{{", "}": "}}"})


def escaped(value):
    return value if type(value) is int else str(value).translate(ESCAPES)


@register.simple_tag
def repeat(cells, markup, **constants):
    for name, value in constants.items():
        markup = markup.replace("{" + name + "}", str(escaped(value)).translate(BRACES))
    # escaped() written out inline: a function call per value is a tenth of the tag's time.
    return mark_safe(
        "".join(
            markup.format_map(
                {
                    name: value if type(value) is int else str(value).translate(ESCAPES)
                    for name, value in cell.items()
                }
            )
            for cell in cells
        )
    )


@register.simple_tag
def bead_plate_label(board, flags="", points=False):
    """The Bead Plate's label for a screen reader, in the active language (scoreboard.boards);
    `points`: with each bead's winning point, where it shows one."""
    return boards.bead_plate_label(board, flags or "", bool(points))


@register.simple_tag
def big_road_label(board, flags=""):
    """The Big Road's label for a screen reader, in the active language (scoreboard.boards)."""
    return boards.big_road_label(board, flags or "")
