"""The road patterns written out a second time, plainly, for tests that check the engine
(baccarat/roads/patterns.py) against something it did not compute: every window of columns
tried against each shape's definition in words, the longest kept. Slow, and meant to be:
nothing here is shared with the engine's one-pass scan. Not imported by the site."""

DRAGON = 8


def columns(outcomes: str) -> list[tuple[str, list[int]]]:
    """(side, hands) per Big Road column: ties skipped, a change of side a new column."""
    found: list[tuple[str, list[int]]] = []
    for hand, outcome in enumerate(outcomes):
        if outcome == "T":
            continue
        if found and found[-1][0] == outcome:
            found[-1][1].append(hand)
        else:
            found.append((outcome, [hand]))
    return found


def _shape(slug: str, window: list[tuple[str, int]]) -> bool:
    """Does this run of (side, length) columns have the shape, taken whole?"""
    sides = [side for side, _ in window]
    lengths = [length for _, length in window]
    first = sides[0]
    if slug in ("banker-dragon", "player-dragon"):
        return len(window) == 1 and first == slug[0].upper() and lengths[0] >= DRAGON
    if slug == "ping-pong":
        return set(lengths) == {1}
    if slug == "double-hop":
        return set(lengths) == {2}
    if slug == "sticky-pairs":
        return min(lengths) >= 2
    side = "B" if slug.startswith(("banker", "hall-rooms-banker")) else "P"
    if slug.startswith("hall-rooms"):
        return first == side and all(length == (1 if s == side else 2) for s, length in window)
    mine = [length for s, length in window if s == side]
    if first != side:
        return False
    if slug.endswith("jumps"):
        return all(length == 1 for length in mine)
    return all(length >= 2 for length in mine)


def _size(slug: str, window: list[tuple[str, int]]) -> int:
    if "dragon" in slug:
        return window[0][1]
    if slug.endswith(("jumps", "repeats")):
        side = "B" if slug.startswith("banker") else "P"
        return sum(s == side for s, _ in window)
    return len(window)


MINIMUM = {
    "banker-dragon": DRAGON,
    "player-dragon": DRAGON,
    "ping-pong": 4,
    "double-hop": 4,
    "hall-rooms-banker": 4,
    "hall-rooms-player": 4,
    "banker-jumps": 3,
    "player-jumps": 3,
    "banker-repeats": 3,
    "player-repeats": 3,
    "sticky-pairs": 3,
}


def sightings(outcomes: str) -> set[tuple[str, int, int, bool]]:
    """{(slug, first column, last column, ongoing)} by trying every window."""
    cols = [(side, len(hands)) for side, hands in columns(outcomes)]
    found = set()
    for slug, minimum in MINIMUM.items():
        # A window's first part is a window too, so each start's longest window is enough.
        longest = {}
        for i in range(len(cols)):
            j = i - 1
            while j + 1 < len(cols) and _shape(slug, cols[i : j + 2]):
                j += 1
            if j >= i:
                longest[i] = j
        for i, j in longest.items():
            if any(a < i and b >= j for a, b in longest.items()):
                continue
            if _size(slug, cols[i : j + 1]) < minimum:
                continue
            ongoing = j == len(cols) - 1 or (
                j == len(cols) - 2
                and any(
                    _shape(slug, [*cols[i : j + 1], (cols[-1][0], n)])
                    for n in range(cols[-1][1], cols[-1][1] + 20)
                )
            )
            found.add((slug, i, j, ongoing))
    return found


def going(outcomes: str) -> set[str]:
    """The slugs going at the shoe's last hand."""
    return {slug for slug, _i, _j, ongoing in sightings(outcomes) if ongoing}
