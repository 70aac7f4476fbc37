"""What the road components draw (templates/scoreboard/road_*.html), read from a
baccarat.roads.scoreboard scoreboard: the tracker's shoe pages, the lessons' boards and the quiz's
road questions all draw their roads from scoreboard_context."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from baccarat.roads.scoreboard import ASK_NOTE, DERIVED_ROADS, scoreboard

# Empty columns drawn on a short road, so a new shoe still looks like a board.
MIN_COLUMNS = {"bead_plate": 12, "big_road": 24, "derived": 30}

# The derived roads' names and how their marks look, as the boards show them (the engine's
# own tables are English; the same words, so one translation).
DERIVED_NAMES = {
    "big_eye_boy": (gettext_lazy("Big Eye Boy"), gettext_lazy("hollow circles")),
    "small_road": (gettext_lazy("Small Road"), gettext_lazy("solid dots")),
    "cockroach_pig": (gettext_lazy("Cockroach Pig"), gettext_lazy("slashes")),
}
# A derived mark's colour in words (its key, "red" or "blue", names its glyph).
COLOR_WORDS = {
    "red": pgettext_lazy("a derived road mark's colour", "red"),
    "blue": pgettext_lazy("a derived road mark's colour", "blue"),
}
# Each outcome as a word, where the counts, streaks and statuses name it.
OUTCOME_WORDS = {
    "B": pgettext_lazy("the result of a hand", "Banker"),
    "P": pgettext_lazy("the result of a hand", "Player"),
    "T": pgettext_lazy("the result of a hand", "Tie"),
}


def bead_letters():
    """The Bead Plate's letter for each outcome in the active language (B, P, T in English;
    莊, 閒, 和 in Chinese), as its beads draw them (road_glyphs.html)."""
    return {
        "B": pgettext("Bead Plate letter: Banker won", "B"),
        "P": pgettext("Bead Plate letter: Player won", "P"),
        "T": pgettext("Bead Plate letter: Tie", "T"),
    }


def big_road_letters():
    return {
        "B": pgettext("Big Road letter: Banker won", "B"),
        "P": pgettext("Big Road letter: Player won", "P"),
    }


def numbers_list(numbers):
    """ "3, 7, 12" ("3、7、12" in Chinese)."""
    return pgettext("between the numbers of a list", ", ").join(numbers)


def bead_plate_label(board, flags="", points=False):
    """What a screen reader hears for the Bead Plate: "Bead Plate, 25 hands: P P B T B ...",
    then the pairs and naturals (`flags`, from flag_words). `points`: each bead drawn with
    its winning point says it after its letter ("B7 P5 T6 B"; a hand without cards has none)."""
    hands = board.stats.hands
    letters = bead_letters()
    outcomes = " ".join(
        letters[hand.outcome] + (str(hand.point) if points and hand.point is not None else "")
        for hand in board.hands
    )
    labels = bead_plate_labels()
    if not board.bead_plate:
        label = labels["none"] % {"count": hands}
    else:
        label = labels["one" if hands == 1 else "many"] % {"count": hands, "outcomes": outcomes}
    return label + flags


def bead_plate_labels():
    """The Bead Plate's label with no hand, one, or several (bead_plate_label; the device
    fills them in when it draws the roads itself: scoreboard/road_words.py)."""
    return {
        "none": _("Bead Plate, %(count)s hands"),
        "one": _("Bead Plate, %(count)s hand: %(outcomes)s"),
        "many": _("Bead Plate, %(count)s hands: %(outcomes)s"),
    }


def big_road_label(board, flags=""):
    """ "Big Road, 3 columns: PP, B, BBB; 1 tie", then the pairs and naturals (`flags`)."""
    letters = big_road_letters()
    count = len(board.columns)
    columns = pgettext("between the columns of the Big Road", ", ").join(
        "".join(letters[outcome] for outcome in column) for column in board.columns
    )
    labels = big_road_labels()
    if not count:
        label = labels["none"] % {"count": count}
    else:
        label = labels["one" if count == 1 else "many"] % {"count": count, "columns": columns}
    ties = board.stats.tie
    ties_words = labels["tie" if ties == 1 else "ties"] % {"count": ties}
    return label + pgettext("between the parts of a road's description", "; ") + ties_words + flags


def big_road_labels():
    """The Big Road's label with no column, one, or several, and its ties (big_road_label;
    also shipped to the device: scoreboard/road_words.py)."""
    return {
        "none": _("Big Road, %(count)s columns"),
        "one": _("Big Road, %(count)s column: %(columns)s"),
        "many": _("Big Road, %(count)s columns: %(columns)s"),
        "tie": _("%(count)s tie"),
        "ties": _("%(count)s ties"),
    }


def proofs_url(page_url):
    """Where the proofs of the marks on the board at `page_url` live (see tracker/urls.py)."""
    return f"{page_url}marks/"


def big_road_beads(board):
    return [cell for cell in board.big_road if cell.outcome and cell.hand is not None]


def flag_words(board):
    """The pairs and naturals as a screen reader hears them beside the roads' pictures:
    "; Banker pairs: hands 3, 7; natural: hand 1" ("" when there are none)."""
    clauses = flag_clauses()
    separator = pgettext("between the parts of a road's description", "; ")
    words = ""
    for flag, one, many in clauses:
        numbers = [str(i + 1) for i, hand in enumerate(board.hands) if getattr(hand, flag)]
        if numbers:
            clause = one if len(numbers) == 1 else many
            words += separator + clause % {"hands": numbers_list(numbers)}
    return words


def flag_clauses():
    """One whole clause for each flag, one hand or several (flag_words)."""
    return (
        ("banker_pair", _("Banker pair: hand %(hands)s"), _("Banker pairs: hands %(hands)s")),
        ("player_pair", _("Player pair: hand %(hands)s"), _("Player pairs: hands %(hands)s")),
        ("natural", _("natural: hand %(hands)s"), _("naturals: hands %(hands)s")),
    )


def mark_labels():
    """Each derived mark's label, a whole sentence for each colour: "red =, column 3; for Big
    Road column 5 row 2"."""
    return {
        "red": _("red =, column %(column)s; for Big Road column %(bead_column)s row %(bead_row)s"),
        "blue": _(
            "blue ≠, column %(column)s; for Big Road column %(bead_column)s row %(bead_row)s"
        ),
    }


def proof_context(board, road, index):
    """What a derived mark's proof shows (templates/tracker/mark.html#proof): the mark, its
    place on its own road, and the Big Road cells of the two columns its proof compares,
    which the page frames ("frames", as "col,row" pairs for tracker.js), and "then": the
    board as it was when the mark was made. None when `road` has no such mark."""
    derived = board.derived[road]
    if index >= len(derived.marks):
        return None
    mark = derived.marks[index]
    cell = next(cell for cell in derived.cells if cell.mark == index)
    compared = mark.columns_compared
    # Only the hands up to the mark: a column compared may have grown since, and its later
    # beads played no part in the mark.
    then = scoreboard(board.hands[: mark.hand + 1])
    frames = [
        {"col": c.col, "row": c.row}
        for c in then.big_road
        if c.outcome and c.column + 1 in compared
    ]
    return {
        "road": derived,
        "road_name": DERIVED_NAMES[road][0],
        "color_word": COLOR_WORDS[mark.color],
        "mark": mark,
        "number": index + 1,
        "column": cell.column + 1,
        "compared": compared,
        "frames": frames,
        "frames_data": " ".join(f"{f['col']},{f['row']}" for f in frames),
        "then": then,
    }


def scoreboard_context(board, marks_url, points=False):
    """What the road components draw, all read from `board`; each derived mark links to its
    proof under `marks_url`. `points`: the Bead Plate shows each hand's winning point, where
    its cards are known, instead of its letter (the tracker's choice; off everywhere else).

    An 80-hand shoe has some 350 road cells, redrawn on every hand recorded: they go to
    the templates as plain dicts, drawn with {% repeat %} (scoreboard/templatetags/road_cells.py).
    """
    # Pairs and ties are lists of their own, so the markup for every cell tests nothing.
    bead_plate = [
        {"outcome": bead.outcome, "col": bead.col, "row": bead.row} for bead in board.bead_plate
    ]
    pairs = [
        {"side": side, "col": bead.col, "row": bead.row}
        for bead in board.bead_plate
        for side, paired in (("banker", bead.banker_pair), ("player", bead.player_pair))
        if paired
    ]
    naturals = [{"col": bead.col, "row": bead.row} for bead in board.bead_plate if bead.natural]
    # With points on, a bead whose hand has a point is drawn as that number on its outcome's
    # shape; the others keep their letter.
    bead_points = [
        {"outcome": bead.outcome, "col": bead.col, "row": bead.row, "point": bead.point}
        for bead in board.bead_plate
        if points and bead.point is not None
    ]
    bead_lettered = (
        [
            {"outcome": bead.outcome, "col": bead.col, "row": bead.row}
            for bead in board.bead_plate
            if bead.point is None
        ]
        if bead_points
        else bead_plate
    )
    big_road = [
        {"outcome": cell.outcome, "col": cell.col, "row": cell.row}
        for cell in board.big_road
        if cell.outcome  # None only for ties dealt before the first Banker or Player
    ]
    # The Big Road shows a bead's pairs as the Bead Plate does (a tie's are on the Bead Plate).
    big_road_pairs = [
        {"side": side, "col": cell.col, "row": cell.row}
        for cell, hand in ((c, board.hands[c.hand]) for c in big_road_beads(board))
        for side, paired in (("banker", hand.banker_pair), ("player", hand.player_pair))
        if paired
    ]
    ties = [cell for cell in board.big_road if cell.ties]
    # Each column's number over its first bead: the derived roads' proofs name columns
    # ("column 21 against column 19"), and nobody should have to count them.
    column_numbers = [
        {"col": cell.col, "number": cell.column + 1}
        for cell in board.big_road
        if cell.depth == 0 and cell.outcome
    ]
    labels = mark_labels()
    derived = []
    for key, road in board.derived.items():
        cells = []
        for cell in road.cells:
            mark = road.marks[cell.mark]
            cells.append(
                {
                    "index": cell.mark,
                    "col": cell.col,
                    "row": cell.row,
                    "color": mark.color,
                    "label": labels[mark.color]
                    % {"column": cell.column + 1, "bead_column": mark.column, "bead_row": mark.row},
                }
            )
        name, glyph = DERIVED_NAMES[key]
        derived.append(
            {
                "key": key,
                "name": name,
                "glyph": glyph,
                # As on the Big Road: each column's number over its first mark.
                "column_numbers": [
                    {"col": cell.col, "number": cell.column + 1}
                    for cell in road.cells
                    if cell.depth == 0
                ],
                "road": road,
                "url": f"{marks_url}{key}/",
                "marks": len(road.marks),
                "columns": max(road.width + 2, MIN_COLUMNS["derived"]),
                "cells": cells,
            }
        )
    return {
        "board": board,
        "bead_columns": max(board.bead_plate_width + 1, MIN_COLUMNS["bead_plate"]),
        "big_road_columns": max(board.big_road_width + 2, MIN_COLUMNS["big_road"]),
        "bead_plate": bead_plate,
        "bead_points": bead_points,
        "bead_lettered": bead_lettered,
        "point_mode": points,
        "pairs": pairs,
        "naturals": naturals,
        "big_road_pairs": big_road_pairs,
        "flag_words": flag_words(board),
        "ties": ties,
        "big_road": big_road,
        "column_numbers": column_numbers,
        "derived": derived,
        "ask_note": _(ASK_NOTE),
        "ask": [
            {
                "key": key,
                "name": DERIVED_NAMES[key][0],
                "marks": tuple(
                    {"color": mark.color, "symbol": mark.symbol, "word": COLOR_WORDS[mark.color]}
                    if mark
                    else None
                    for mark in (board.ask["banker"][key], board.ask["player"][key])
                ),
            }
            for key in DERIVED_ROADS
        ],
    }
