"""The five roads written out a second time, plainly, from the rules' own words
(/work/shared/spec/ROADS.md as docs/roads.md states it), for the tests of the shared vectors:
the Big Road drawn cell by cell on a grid, the derived roads read as "is there a bead in that
cell" the way a dealer reads the board, and the asks by dealing the next hand and looking. It
shares nothing with baccarat/roads/scoreboard.py. Not imported by the site."""

ROWS = 6
BACK = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}


def draw(lengths):
    """Cells (col, row) of each streak, drawn as on paper: the first bead at the top of the
    column right of where the streak before started (further right past a cell already
    drawn); then down while the cell below is on the board and empty; once it cannot, along
    its row to the right, to the next empty cell, and never down again."""
    grid = set()
    drawn = []
    previous_start = None
    for length in lengths:
        x = 0 if previous_start is None else previous_start + 1
        while (x, 0) in grid:
            x += 1
        previous_start = x
        y = 0
        cells = [(x, y)]
        grid.add((x, y))
        along_the_row = False
        while len(cells) < length:
            below = (x, y + 1)
            if not along_the_row and y + 1 <= ROWS - 1 and below not in grid:
                y += 1
            else:
                along_the_row = True
                x += 1
                while (x, y) in grid:
                    x += 1
            cells.append((x, y))
            grid.add((x, y))
        drawn.append(cells)
    return drawn


def board(outcomes, banker_pairs=(), player_pairs=(), naturals=()):
    """The board in the shape of tests/road_vectors.py's geometry(), read plainly."""
    beads = [
        [n // ROWS, n - ROWS * (n // ROWS), o, n in banker_pairs, n in player_pairs, n in naturals]
        for n, o in enumerate(outcomes)
    ]
    # Each streak: its side and, per bead, [hand, ties after it].
    streaks = []
    waiting = 0  # ties before the first bead
    for hand, outcome in enumerate(outcomes):
        if outcome == "T":
            if streaks:
                streaks[-1][1][-1][1] += 1
            else:
                waiting += 1
        elif streaks and streaks[-1][0] == outcome:
            streaks[-1][1].append([hand, 0])
        else:
            streaks.append([outcome, [[hand, 0 if streaks else waiting]]])
    lengths = [len(beads_of) for _side, beads_of in streaks]
    big_road = []
    for number, (cells, (side, beads_of)) in enumerate(zip(draw(lengths), streaks, strict=True)):
        for depth, ((x, y), (hand, ties)) in enumerate(zip(cells, beads_of, strict=True)):
            big_road.append([x, y, side, ties, number, depth, hand])
    if not streaks and waiting:
        big_road.append([0, 0, None, waiting, 0, 0, None])

    derived = {}
    for road, k in BACK.items():
        marks = []
        # Every bead in the order it was dealt, with its 1-based column and row.
        for c, (_side, beads_of) in enumerate(streaks, start=1):
            for r, (hand, _ties) in enumerate(beads_of, start=1):
                mark = read(lengths, c, r, k)
                if mark:
                    marks.append([*mark, hand])
        derived[road] = lay_out(marks)

    ask = {}
    for name, side in (("banker", "B"), ("player", "P")):
        bare = [o for o in outcomes if o != "T"]
        ask[name] = {}
        for road, k in BACK.items():
            if not bare:
                ask[name][road] = None
                continue
            now = marks_of(bare, k)
            after = marks_of([*bare, side], k)
            ask[name][road] = after[-1] if len(after) > len(now) else None

    width = max((cell[0] + 1 for cell in big_road), default=0)
    return {
        "columns": [side * len(beads_of) for side, beads_of in streaks],
        "leading_ties": waiting,
        "bead_plate": beads,
        "bead_plate_width": -(-len(outcomes) // ROWS),
        "big_road": big_road,
        "big_road_width": width,
        "derived": derived,
        "ask": ask,
    }


def has(lengths, c, r):
    """Is there a bead at 1-based column c, row r of the logical board?"""
    return 1 <= c <= len(lengths) and lengths[c - 1] >= r


def read(lengths, c, r, k):
    """The mark for the bead at column c row r, looking k columns back: [colour, rule,
    column, row, compared], or None before the road starts. The columns before c are
    finished, so their lengths are final."""
    if r == 1:
        finished, reference = c - 1, c - 1 - k
        if reference < 1:
            return None
        depth = lengths[finished - 1]
        # As deep as the column that just finished, and no deeper.
        same = has(lengths, reference, depth) and not has(lengths, reference, depth + 1)
        compared = [[finished, depth], [reference, lengths[reference - 1]]]
        return ["red" if same else "blue", 1, c, r, compared]
    reference = c - k
    if reference < 1:
        return None
    blue = not has(lengths, reference, r) and has(lengths, reference, r - 1)
    return ["blue" if blue else "red", 2, c, r, [[reference, lengths[reference - 1]]]]


def marks_of(bare, k):
    """The marks (without hands) a road looking k back draws for B/P results `bare`."""
    lengths = []
    marks = []
    for i, outcome in enumerate(bare):
        if i and bare[i - 1] == outcome:
            lengths[-1] += 1
        else:
            lengths.append(1)
        mark = read(lengths, len(lengths), lengths[-1], k)
        if mark:
            marks.append(mark)
    return marks


def lay_out(marks):
    """A derived road's marks laid out as the Big Road lays out beads, a colour a streak."""
    runs = []
    for index, mark in enumerate(marks):
        if runs and marks[runs[-1][-1]][0] == mark[0]:
            runs[-1].append(index)
        else:
            runs.append([index])
    cells = []
    for column, (run, drawn) in enumerate(zip(runs, draw([len(r) for r in runs]), strict=True)):
        for depth, (index, (x, y)) in enumerate(zip(run, drawn, strict=True)):
            cells.append([x, y, marks[index][0], index, column, depth])
    return {
        "marks": marks,
        "cells": cells,
        "width": max((cell[0] + 1 for cell in cells), default=0),
    }
