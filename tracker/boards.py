"""What the road components draw (templates/components/road_*.html), read from a
baccarat.roads scoreboard: the tracker's shoe pages, the lessons' boards and the quiz's
road questions all draw their roads from scoreboard_context."""

from baccarat.roads import ASK_NOTE, DERIVED_ROADS, OUTCOME_NAMES, ROAD_NAMES

# Empty columns drawn on a short road, so a new shoe still looks like a board.
MIN_COLUMNS = {"bead_plate": 12, "big_road": 24, "derived": 30}


def proofs_url(page_url):
    """Where the proofs of the marks on the board at `page_url` live (see tracker/urls.py)."""
    return f"{page_url}marks/"


def big_road_beads(board):
    return [cell for cell in board.big_road if cell.outcome and cell.hand is not None]


def flag_words(board):
    """The pairs and naturals as a screen reader hears them beside the roads' pictures:
    "; Banker pairs: hands 3, 7; natural: hand 1" ("" when there are none)."""
    words = ""
    for name, flag in (("Banker pair", "banker_pair"), ("Player pair", "player_pair"),
                       ("natural", "natural")):  # fmt: skip
        numbers = [str(i + 1) for i, hand in enumerate(board.hands) if getattr(hand, flag)]
        if numbers:
            many = "s" * (len(numbers) > 1)
            words += f"; {name}{many}: hand{many} {', '.join(numbers)}"
    return words


def proof_context(board, road, index):
    """What a derived mark's proof shows (templates/tracker/mark.html#proof): the mark, its
    place on its own road, and the Big Road cells of the two columns its proof compares,
    which the page frames ("frames", as "col,row" pairs for tracker.js). None when `road`
    has no such mark."""
    derived = board.derived[road]
    if index >= len(derived.marks):
        return None
    mark = derived.marks[index]
    cell = next(cell for cell in derived.cells if cell.mark == index)
    compared = mark.columns_compared
    frames = [
        {"col": c.col, "row": c.row}
        for c in board.big_road
        if c.outcome and c.column + 1 in compared
    ]
    return {
        "road": derived,
        "mark": mark,
        "number": index + 1,
        "column": cell.column + 1,
        "compared": compared,
        "frames": frames,
        "frames_data": " ".join(f"{f['col']},{f['row']}" for f in frames),
    }


def scoreboard_context(board, marks_url):
    """What the road components and the stats panel draw, all read from `board`; each
    derived mark links to its proof under `marks_url`.

    An 80-hand shoe has some 350 road cells, redrawn on every hand recorded: they go to
    the templates as plain dicts, drawn with {% repeat %} (tracker/templatetags/road_cells.py).
    """
    stats = board.stats
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
                    "symbol": mark.symbol,
                    "column": cell.column + 1,
                    "bead_column": mark.column,
                    "bead_row": mark.row,
                }
            )
        derived.append(
            {
                "key": key,
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
    counts = [
        ("Banker", "banker", "banker", stats.banker),
        ("Player", "player", "player", stats.player),
        ("Tie", "tie", "tie", stats.tie),
        ("Banker pairs", "banker-pairs", "banker", stats.banker_pairs),
        ("Player pairs", "player-pairs", "player", stats.player_pairs),
        ("Naturals", "naturals", "", stats.naturals),
    ]
    streak = stats.current_streak
    return {
        "board": board,
        "bead_columns": max(board.bead_plate_width + 1, MIN_COLUMNS["bead_plate"]),
        "big_road_columns": max(board.big_road_width + 2, MIN_COLUMNS["big_road"]),
        "bead_plate": bead_plate,
        "pairs": pairs,
        "naturals": naturals,
        "big_road_pairs": big_road_pairs,
        "flag_words": flag_words(board),
        "ties": ties,
        "outcomes": " ".join(hand.outcome for hand in board.hands),
        "big_road": big_road,
        "column_numbers": column_numbers,
        "derived": derived,
        "counts": [
            {
                "label": label,
                "key": key,
                "css": css,
                "count": count,
                "percent": f"{100 * stats.share(count):.1f}",
            }
            for label, key, css, count in counts
        ],
        "current_streak": (OUTCOME_NAMES[streak[0]], streak[1]) if streak else None,
        "ask_note": ASK_NOTE,
        "ask": [
            {
                "key": key,
                "name": ROAD_NAMES[key],
                "marks": (board.ask["banker"][key], board.ask["player"][key]),
            }
            for key in DERIVED_ROADS
        ],
    }
