"""The words the device needs to draw the roads itself (static/js/roads/draw.js), in the
active language: the labels a screen reader hears, the Bead Plate's and Big Road's letters,
the roads' names and the proofs' sentence templates. Every one is the server's own
(scoreboard.boards, baccarat.roads.sentences), looked up here and shipped as data, so the
device never types a sentence of its own. The templates keep their placeholders: %(name)s
for the labels, {name} for the proofs, as the server fills them."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat.roads import sentences
from baccarat.roads.scoreboard import ROWS, SYMBOLS, WATCH_OUT
from scoreboard import boards


def flag_key(flags):
    """A proof's key as text ("1,0,0" for Rule 1's (True, False, False); "blue,1" for Rule
    2's ("blue", True)): JSON keys are strings."""
    return ",".join(str(int(f)) if isinstance(f, bool) else f for f in flags)


def road_words(marks_url=None):
    """Everything draw.js writes, translated; `marks_url`: where the marks' proofs live
    (each mark links to `marks_url`<road>/<index>/)."""
    separator = pgettext("between the parts of a road's description", "; ")
    return {
        "rows": ROWS,
        "min_columns": boards.MIN_COLUMNS,
        "marks_url": marks_url,
        "bead_letters": boards.bead_letters(),
        "big_road_letters": boards.big_road_letters(),
        "bead_plate_label": boards.bead_plate_labels(),
        "big_road_label": boards.big_road_labels(),
        "flags": [list(clause) for clause in boards.flag_clauses()],
        "separators": {
            "parts": separator,
            "numbers": pgettext("between the numbers of a list", ", "),
            "columns": pgettext("between the columns of the Big Road", ", "),
        },
        "mark_labels": boards.mark_labels(),
        # The derived roads' SVG labels (templates/scoreboard/road_derived.html).
        "derived_label": {
            "one": _("%(road)s, %(marks)s mark; each opens its proof"),
            "many": _("%(road)s, %(marks)s marks; each opens its proof"),
        },
        # Their captions' notes, with the marks counted (the same template).
        "derived_note": {
            "one": _(
                "%(glyph)s; red = the board repeats, blue ≠ it breaks; %(marks)s mark; "
                "columns numbered"
            ),
            "many": _(
                "%(glyph)s; red = the board repeats, blue ≠ it breaks; %(marks)s marks; "
                "columns numbered"
            ),
        },
        "road_names": {key: str(name) for key, (name, _glyph) in boards.DERIVED_NAMES.items()},
        "glyphs": {key: str(glyph) for key, (_name, glyph) in boards.DERIVED_NAMES.items()},
        "rule_1_proofs": {flag_key(k): _(v) for k, v in sentences.RULE_1_PROOFS.items()},
        "rule_2_proofs": {flag_key(k): _(v) for k, v in sentences.RULE_2_PROOFS.items()},
        # A proof as it opens over the board (templates/tracker/mark.html#proof).
        "proof": {
            "title": _(
                "%(road)s, mark %(number)s of %(total)s (its column %(column)s): %(color)s "
                "(%(symbol)s)"
            ),
            "frames": _("On the Big Road, columns %(first)s and %(second)s are framed."),
            "watch_out_line": _("<strong>Watch out:</strong> %(watch_out)s"),
            "watch_out": {str(rule): _(text) for rule, text in WATCH_OUT.items()},
            "colors": {key: str(word) for key, word in boards.COLOR_WORDS.items()},
            "symbols": SYMBOLS,
        },
    }
