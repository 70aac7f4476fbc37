"""The players' road vocabulary ("good roads", 好路): shapes of the Big Road that players
name, found in a shoe's results.

A pattern is a description of the past, never a forecast: it names a shape the Big Road
already shows. The shapes are read from the Big Road's logical columns (ties ignored, as the
Big Road ignores them), as baccarat.roads.scoreboard builds them.

Every pattern here is a run of neighbouring columns in which each column fits a rule about
its own length, its side and (for the alternating shapes) the length of the column before it
(`Pattern.fits`). A sighting is a maximal such run whose size (`Pattern.unit`: hands, columns
or columns of one side) reaches the pattern's minimum.

The last column of a shoe is still being built. It belongs to a sighting when it fits as it
stands; a sighting is still going (`ongoing`) when it reaches the last column, or when it
stops at the column before and the last one may still fit as it grows (a double hop whose
newest column has one bead so far). The definitions and minimums, and where sources differ,
are in docs/roads.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from baccarat.roads.scoreboard import BANKER, PLAYER, Result, Scoreboard, scoreboard
from baccarat.translation import _, gettext_noop

# The shortest run this site calls a dragon (the lab's first dragon length; a test checks
# that baccarat.teaching.definitions.DRAGON says the same).
DRAGON = 8

HANDS, COLUMNS, SIDE_COLUMNS = "hands", "columns", "side columns"
# The longest column any rule below looks at is DRAGON: a column that has grown this much
# past a length has seen every length a rule could still accept.
_LOOK_AHEAD = DRAGON + 1

Fits = Callable[[int | None, int, str], bool]


@dataclass(frozen=True)
class Pattern:
    """One named shape. `fits(previous, length, side)`: may a column of `length` beads of
    `side` belong to the run, after a column of `previous` beads (None: it would start the
    run)? `minimum` is counted in `unit`: hands, columns, or columns of `side` alone."""

    slug: str
    english: str  # gettext_noop'd: show name()
    chinese: tuple[str, ...]  # as players write them, Traditional; the first is the main one
    definition_text: str  # gettext_noop'd: show definition()
    minimum: int
    unit: str
    fits: Fits = field(compare=False, repr=False)
    side: str | None = None  # the side a side pattern is about
    mainland: tuple[str, ...] = ()  # a mainland form, where it is not the Simplified spelling
    source_minimum: str = ""  # gettext_noop'd: where sources count differently

    def name(self) -> str:
        """The English name in the active language: "Ping-pong"."""
        return _(self.english)

    def definition(self) -> str:
        return _(self.definition_text).format(minimum=self.minimum)

    def differs(self) -> str:
        """Where the sources differ from the definition chosen here ("" where they agree)."""
        return _(self.source_minimum).format(minimum=self.minimum) if self.source_minimum else ""

    def weight(self, length: int, side: str) -> int:
        """What one column adds to a sighting's size."""
        if self.unit == HANDS:
            return length
        if self.unit == SIDE_COLUMNS:
            return int(side == self.side)
        return 1

    def may_fit(self, previous: int | None, length: int, side: str) -> bool:
        """May a column still being built, `length` beads so far, fit once it has grown?"""
        return any(self.fits(previous, n, side) for n in range(length, length + _LOOK_AHEAD))


def _dragon(side: str) -> Fits:
    return lambda previous, length, column_side: column_side == side and length >= DRAGON


def _every(length_ok: Callable[[int], bool]) -> Fits:
    return lambda previous, length, side: length_ok(length)


def _side_rule(side: str, length_ok: Callable[[int], bool]) -> Fits:
    """Every column of `side` passes `length_ok`; the other side's columns come between, in
    any length, but a run starts on a column of `side`."""

    def fits(previous: int | None, length: int, column_side: str) -> bool:
        if column_side == side:
            return length_ok(length)
        return previous is not None

    return fits


def _hall_rooms(single: str) -> Fits:
    """One bead of `single`, two of the other side, again and again; the run starts on the
    single."""

    def fits(previous: int | None, length: int, side: str) -> bool:
        if side == single:
            return length == 1
        return previous is not None and length == 2

    return fits


def _alternating(length: int) -> Fits:
    return lambda previous, column, side: column == length


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "banker-dragon",
        gettext_noop("Banker dragon"),
        ("長莊", "長龍"),
        gettext_noop("One Big Road column of Banker, {minimum} hands or more long."),
        DRAGON,
        HANDS,
        _dragon(BANKER),
        side=BANKER,
        source_minimum=gettext_noop(
            "This site calls a run of {minimum} or more a dragon; some guides already call a "
            "run of 4 Banker hands 長莊."
        ),
    ),
    Pattern(
        "player-dragon",
        gettext_noop("Player dragon"),
        ("長閒", "長龍"),
        gettext_noop("One Big Road column of Player, {minimum} hands or more long."),
        DRAGON,
        HANDS,
        _dragon(PLAYER),
        side=PLAYER,
        source_minimum=gettext_noop(
            "This site calls a run of {minimum} or more a dragon; some guides already call a "
            "run of 4 Player hands 長閒."
        ),
    ),
    Pattern(
        "ping-pong",
        gettext_noop("Ping-pong"),
        ("單跳",),
        gettext_noop(
            "Neighbouring columns of one bead each, so that Banker and Player take turns, "
            "hand after hand: {minimum} columns or more."
        ),
        4,
        COLUMNS,
        _alternating(1),
    ),
    Pattern(
        "double-hop",
        gettext_noop("Double hops"),
        ("雙跳",),
        gettext_noop(
            "Neighbouring columns of exactly two beads each, Banker twice then Player twice "
            "and so on: {minimum} columns or more."
        ),
        4,
        COLUMNS,
        _alternating(2),
    ),
    Pattern(
        "hall-rooms-banker",
        gettext_noop("One hall, two rooms (Banker)"),
        ("一廳兩房(莊)", "一廳兩房"),
        gettext_noop(
            "One Banker, then two Player, again and again: columns of one Banker bead and of "
            "two Player beads taking turns, starting on a Banker column; {minimum} columns "
            "or more (the three hands twice)."
        ),
        4,
        COLUMNS,
        _hall_rooms(BANKER),
        side=BANKER,
    ),
    Pattern(
        "hall-rooms-player",
        gettext_noop("One hall, two rooms (Player)"),
        ("一廳兩房(閒)", "一廳兩房"),
        gettext_noop(
            "One Player, then two Banker, again and again: columns of one Player bead and of "
            "two Banker beads taking turns, starting on a Player column; {minimum} columns "
            "or more (the three hands twice)."
        ),
        4,
        COLUMNS,
        _hall_rooms(PLAYER),
        side=PLAYER,
    ),
    Pattern(
        "banker-jumps",
        gettext_noop("Banker always jumps"),
        ("逢莊跳",),
        gettext_noop(
            "Every Banker column is one bead: each Banker win is followed by a Player win, "
            "the Player columns in between of any length; {minimum} Banker columns or more."
        ),
        3,
        SIDE_COLUMNS,
        _side_rule(BANKER, lambda length: length == 1),
        side=BANKER,
    ),
    Pattern(
        "player-jumps",
        gettext_noop("Player always jumps"),
        ("逢閒跳",),
        gettext_noop(
            "Every Player column is one bead: each Player win is followed by a Banker win, "
            "the Banker columns in between of any length; {minimum} Player columns or more."
        ),
        3,
        SIDE_COLUMNS,
        _side_rule(PLAYER, lambda length: length == 1),
        side=PLAYER,
    ),
    Pattern(
        "banker-repeats",
        gettext_noop("Banker always repeats"),
        ("逢莊連",),
        gettext_noop(
            "Every Banker column is two beads or more, the Player columns in between of any "
            "length; {minimum} Banker columns or more."
        ),
        3,
        SIDE_COLUMNS,
        _side_rule(BANKER, lambda length: length >= 2),
        side=BANKER,
        source_minimum=gettext_noop(
            "One guide counts it already at the first bead of the third Banker column, after "
            "two Banker columns of two or more; here the third column must have two beads "
            "too."
        ),
    ),
    Pattern(
        "player-repeats",
        gettext_noop("Player always repeats"),
        ("逢閒連",),
        gettext_noop(
            "Every Player column is two beads or more, the Banker columns in between of any "
            "length; {minimum} Player columns or more."
        ),
        3,
        SIDE_COLUMNS,
        _side_rule(PLAYER, lambda length: length >= 2),
        side=PLAYER,
        source_minimum=gettext_noop(
            "One guide counts it already at the first bead of the third Player column, after "
            "two Player columns of two or more; here the third column must have two beads "
            "too."
        ),
    ),
    Pattern(
        "sticky-pairs",
        gettext_noop("Sticky pairs"),
        ("拍拍黐",),
        gettext_noop(
            "Neighbouring columns of two beads or more each, whichever side: {minimum} "
            "columns or more."
        ),
        3,
        COLUMNS,
        _every(lambda length: length >= 2),
        source_minimum=gettext_noop(
            "The guide's wording can be read as two neighbouring columns or as three; this "
            "site counts {minimum}."
        ),
    ),
)
BY_SLUG = {pattern.slug: pattern for pattern in PATTERNS}


@dataclass(frozen=True)
class Sighting:
    pattern: Pattern
    first_column: int  # 0-based Big Road column where it starts
    last_column: int  # inclusive
    first_hand: int  # 0-based index in the shoe's results (ties counted) of its first bead
    last_hand: int  # ... of its last bead
    hands: int  # Banker/Player hands in it
    ongoing: bool  # still going at the shoe's last hand

    @property
    def columns(self) -> int:
        return self.last_column - self.first_column + 1


Column = tuple[str, tuple[int, ...]]  # (side, the 0-based hand of each bead)


def big_road_columns(results: Iterable[Result | str] | str) -> list[Column]:
    """The Big Road's logical columns: each one's side and the hands of its beads."""
    return board_columns(scoreboard(results))


def board_columns(board: Scoreboard) -> list[Column]:
    """The logical columns of a scoreboard already drawn."""
    beads: dict[int, list[int]] = {}
    sides: dict[int, str] = {}
    for cell in board.big_road:
        if cell.outcome is None or cell.hand is None:
            continue  # ties before any Banker or Player hand
        beads.setdefault(cell.column, []).append(cell.hand)
        sides[cell.column] = cell.outcome
    return [(sides[n], tuple(beads[n])) for n in sorted(beads)]


def _runs(pattern: Pattern, columns: list[Column]) -> list[tuple[int, int]]:
    """Every maximal run (first, last column) of columns that fit, the last column as it
    stands."""
    runs = []
    start: int | None = None
    previous: int | None = None
    for number, (side, beads) in enumerate(columns):
        if start is None or not pattern.fits(previous, len(beads), side):
            if start is not None:
                runs.append((start, number - 1))
            start = number if pattern.fits(None, len(beads), side) else None
        previous = len(beads) if start is not None else None
    if start is not None:
        runs.append((start, len(columns) - 1))
    return runs


def _open_fits(pattern: Pattern, columns: list[Column], last: int) -> bool:
    """May the shoe's last column, which ends no run, still join the run that ends just
    before it?"""
    side, beads = columns[-1]
    return last == len(columns) - 2 and pattern.may_fit(len(columns[last][1]), len(beads), side)


def sightings_of(columns: list[Column], patterns: Iterable[Pattern] = PATTERNS) -> list[Sighting]:
    """Every maximal sighting in these Big Road columns, in order of where they start."""
    found = []
    for pattern in patterns:
        for first, last in _runs(pattern, columns):
            run = columns[first : last + 1]
            size = sum(pattern.weight(len(beads), side) for side, beads in run)
            if size < pattern.minimum:
                continue
            ongoing = last == len(columns) - 1 or _open_fits(pattern, columns, last)
            found.append(
                Sighting(
                    pattern,
                    first,
                    last,
                    run[0][1][0],
                    run[-1][1][-1],
                    sum(len(beads) for _side, beads in run),
                    ongoing,
                )
            )
    order = {pattern.slug: n for n, pattern in enumerate(PATTERNS)}
    return sorted(found, key=lambda s: (s.first_column, order[s.pattern.slug]))


def sightings(results: Iterable[Result | str] | str) -> list[Sighting]:
    """Every maximal sighting of every pattern in a shoe's results (B, P, T; ties are not
    Big Road columns), in order of where they start."""
    return sightings_of(big_road_columns(results))


def current(results: Iterable[Result | str] | str) -> list[Sighting]:
    """The sightings still going at the shoe's last hand."""
    return [s for s in sightings(results) if s.ongoing]


def ongoing_by_hand(outcomes: str, patterns: Iterable[Pattern] = PATTERNS) -> list[frozenset[str]]:
    """For each hand of a shoe (its outcomes "BPT…"), the slugs of the patterns `current`
    would find ongoing if the shoe stopped after that hand, all in one pass (chance's
    figures ask this after every hand of thousands of shoes)."""
    patterns = tuple(patterns)
    # Per pattern, the run of closed columns so far: its size and the last column's length
    # (None: no run reaches the column before the one being built).
    size = dict.fromkeys((p.slug for p in patterns), 0)
    tail: dict[str, int | None] = dict.fromkeys(size)
    side: str | None = None
    length = 0
    answer: list[frozenset[str]] = []
    now: frozenset[str] = frozenset()
    for outcome in outcomes:
        if outcome in (BANKER, PLAYER):
            if outcome == side:
                length += 1
            else:
                if side is not None:
                    for p in patterns:  # the column being built closes
                        size[p.slug], tail[p.slug] = _extend(
                            p, size[p.slug], tail[p.slug], length, side
                        )
                side, length = outcome, 1
            now = frozenset(
                p.slug for p in patterns if _going(p, size[p.slug], tail[p.slug], length, side)
            )
        answer.append(now)
    return answer


def _extend(
    pattern: Pattern, size: int, tail: int | None, length: int, side: str
) -> tuple[int, int | None]:
    """The run after one more closed column."""
    if tail is not None and pattern.fits(tail, length, side):
        return size + pattern.weight(length, side), length
    if pattern.fits(None, length, side):
        return pattern.weight(length, side), length
    return 0, None


def _going(pattern: Pattern, size: int, tail: int | None, length: int, side: str) -> bool:
    """Is a sighting ongoing while the last column has `length` beads so far?"""
    grown, grown_tail = _extend(pattern, size, tail, length, side)
    if grown_tail is not None and grown >= pattern.minimum:
        return True
    return tail is not None and size >= pattern.minimum and pattern.may_fit(tail, length, side)
