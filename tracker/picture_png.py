"""The picture of a shoe's roads (tracker.picture) as a PNG, drawn with Pillow from the same
layout and glyphs as the SVG, so the two show the same marks in the same places.

Pillow draws without anti-aliasing: the picture is drawn at SCALE times its size and
shrunk, which smooths every edge. Its words use Pillow's own scalable font (no font file
on the server); a name in a script that font lacks shows as boxes, so the SVG is offered
beside it.
"""

from functools import lru_cache
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from tracker.picture import PALETTES, glyphs

SCALE = 2
# Pillow's own font has Latin letters only: a glyph's letter in another script (莊, 閒, 和)
# is drawn as the engine's own B, P or T, which a black-and-white print still reads.
LATIN = {"B": "B", "P": "P", "T": "T", "ring-B": "B", "ring-P": "P"}


@lru_cache(maxsize=32)
def font(size):
    return ImageFont.load_default(size=size)


def draw_shape(draw, shape, x, y, cell):
    """One glyph's shape in the cell whose top left corner is at (x, y), in px."""
    kind = shape["shape"]
    if kind == "circle":
        cx, cy, r = x + shape["cx"] * cell, y + shape["cy"] * cell, shape["r"] * cell
        width = round(shape["width"] * cell) if shape["stroke"] != "none" else 0
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            fill=None if shape["fill"] == "none" else shape["fill"],
            outline=shape["stroke"] if width else None,
            width=max(width, 1) if width else 0,
        )
    elif kind == "line":
        draw.line(
            (
                x + shape["x1"] * cell,
                y + shape["y1"] * cell,
                x + shape["x2"] * cell,
                y + shape["y2"] * cell,
            ),
            fill=shape["stroke"],
            width=max(round(shape["width"] * cell), 1),
        )
    elif kind == "polygon":
        draw.polygon(
            [(x + px * cell, y + py * cell) for px, py in shape["points"]],
            fill=shape["fill"],
            outline=shape["stroke"],
        )
    else:  # text
        size = max(round(shape["size"] * cell), 6)
        draw.text(
            (x + shape["x"] * cell, y + shape["y"] * cell),
            shape["text"],
            fill=shape["fill"],
            font=font(size),
            anchor="mm",
        )


def png(layout, palette="colour"):
    """The PNG's bytes: layout["width"] × layout["height"] px."""
    p = PALETTES[palette]
    width, height = layout["width"], layout["height"]
    image = Image.new("RGB", (width * SCALE, height * SCALE), p["paper"])
    draw = ImageDraw.Draw(image)
    letters = {
        key: value if value.isascii() else LATIN[key] for key, value in layout["letters"].items()
    }
    shapes = glyphs(palette, letters)
    margin = layout["margin"] * SCALE
    draw.text((margin, layout["name_y"] * SCALE), layout["name"], fill=p["ink"],
              font=font(30 * SCALE), anchor="ls")  # fmt: skip
    draw.text((margin, layout["counts_y"] * SCALE), layout["counts"], fill=p["muted"],
              font=font(20 * SCALE), anchor="ls")  # fmt: skip
    for road in layout["roads"]:
        cell = road.cell * SCALE
        x0, y0 = road.x * SCALE, road.y * SCALE
        draw.text((x0, y0 - 8 * SCALE), road.name, fill=p["ink"], font=font(20 * SCALE),
                  anchor="ls")  # fmt: skip
        for col in range(road.columns + 1):
            draw.line((x0 + col * cell, y0, x0 + col * cell, y0 + 6 * cell), fill=p["line"])
        for row in range(7):
            draw.line((x0, y0 + row * cell, x0 + road.columns * cell, y0 + row * cell),
                      fill=p["line"])  # fmt: skip
        for mark in road.marks:
            x, y = x0 + mark["col"] * cell, y0 + mark["row"] * cell
            for shape in shapes[mark["glyph"]]:
                draw_shape(draw, shape, x, y, cell)
        for text in road.texts:
            draw.text(
                (x0 + (text["col"] + 0.3) * cell, y0 + (text["row"] + 0.3) * cell),
                text["text"],
                fill=p["tie"],
                font=font(max(round(0.34 * cell), 6)),
                anchor="mm",
            )
    image = image.reduce(SCALE)  # each pixel the mean of its SCALE × SCALE: fast, and smooth
    out = BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
