"""The players' road patterns (baccarat/roads/patterns.py): each on hand-made shoes (there,
absent, one short of its minimum, at the start and the end of a shoe, with ties inside,
overlapping another), and over random shoes against a plain second reading
(tests/plain_patterns.py) and the shapes themselves."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.roads.patterns import (
    BY_SLUG,
    DRAGON,
    PATTERNS,
    big_road_columns,
    current,
    ongoing_by_hand,
    sightings,
)
from baccarat.simulation.patterns import columns_of
from baccarat.teaching.definitions import DRAGON as SITE_DRAGON
from tests import plain_patterns

shoes = st.text(alphabet="BBBBPPPPT", max_size=90)


def found(results):
    return {(s.pattern.slug, s.first_column, s.last_column, s.ongoing) for s in sightings(results)}


def slugs(results):
    return {s.pattern.slug for s in sightings(results)}


def test_the_dragon_is_the_sites():
    assert DRAGON == SITE_DRAGON


def test_every_pattern_is_named_and_defined():
    assert len({p.slug for p in PATTERNS}) == len(PATTERNS)
    for pattern in PATTERNS:
        assert pattern.name() and pattern.chinese and pattern.minimum >= 3
        assert str(pattern.minimum) in pattern.definition()
    assert BY_SLUG["ping-pong"].chinese[0] == "單跳"


@pytest.mark.parametrize(
    "slug, there, short",
    [
        ("banker-dragon", "B" * DRAGON, "B" * (DRAGON - 1)),
        ("player-dragon", "P" * (DRAGON + 3), "P" * (DRAGON - 1)),
        ("ping-pong", "BPBP", "BPB"),
        ("double-hop", "BBPPBBPP", "BBPPBBP"),
        ("hall-rooms-banker", "BPPBPP", "BPPBP"),
        ("hall-rooms-player", "PBBPBB", "PBBPB"),
        ("banker-jumps", "BPPPBPBPP", "BPPPBPP"),
        ("player-jumps", "PBBBPBPB", "PBBBPB"),
        ("banker-repeats", "BBPBBBPPPBB", "BBPBBBPPPB"),
        ("player-repeats", "PPBPPPBPP", "PPBPPPB"),
        ("sticky-pairs", "BBPPPBB", "BBPPPB"),
    ],
)
def test_each_pattern_there_and_one_short(slug, there, short):
    assert slug in slugs(there)
    assert slug not in slugs(short)
    # Still going at the end of the shoe, and found the same with a shoe around it.
    assert slug in {s.pattern.slug for s in current(there)}
    framed = "T" + there.replace("P", "PT", 1)
    assert slug in slugs(framed)


def test_absent_from_a_shoe_of_other_shapes():
    assert slugs("BBBPBBBBPPPPPPPB") == set()
    assert sightings("") == []
    assert sightings("TTT") == []


def test_at_the_start_and_broken_before_the_end():
    (sighting,) = [s for s in sightings("BPBPBPPPPPBBBBB") if s.pattern.slug == "ping-pong"]
    assert (sighting.first_column, sighting.last_column) == (0, 4)
    assert (sighting.first_hand, sighting.last_hand, sighting.hands) == (0, 4, 5)
    assert not sighting.ongoing


def test_at_the_end_after_other_hands():
    (sighting,) = [s for s in sightings("BBBBBPPPBPBP") if s.pattern.slug == "ping-pong"]
    assert (sighting.first_column, sighting.last_column) == (2, 5)
    # BBBBB, PPP, B, P, B, P: the PPP column is no part of it.
    assert (sighting.first_hand, sighting.last_hand) == (8, 11) and sighting.ongoing


def test_ties_inside_count_in_the_hands_not_the_shape():
    (sighting,) = [s for s in sightings("BTTPTBP") if s.pattern.slug == "ping-pong"]
    assert (sighting.first_hand, sighting.last_hand, sighting.hands) == (0, 6, 4)
    # A tie is no Big Road column: the dragon goes on through it.
    assert "banker-dragon" in slugs("BBBTBBBTTBB")


def test_overlapping_patterns():
    # B PP B PP B: one hall two rooms, and every Banker column is one bead.
    assert {"hall-rooms-banker", "banker-jumps"} <= slugs("BPPBPPB")
    # BB PP BB PP BB PP: double hops, and every column two or more.
    assert {"double-hop", "sticky-pairs", "banker-repeats", "player-repeats"} <= slugs(
        "BBPPBBPPBBPP"
    )


def test_the_column_being_built_keeps_a_shape_going():
    # Double hops with the newest column one bead so far: it may still become two.
    (hop,) = [s for s in sightings("BBPPBBPPB") if s.pattern.slug == "double-hop"]
    assert hop.last_column == 3 and hop.ongoing
    # A third bead breaks it.
    (hop,) = [s for s in sightings("BBPPBBPPBBB") if s.pattern.slug == "double-hop"]
    assert not hop.ongoing
    # A ping-pong whose last column grows loses that column.
    assert "ping-pong" in slugs("BPBPB") and "ping-pong" not in slugs("BPBPP")


@settings(max_examples=300, deadline=None)
@given(shoes)
def test_the_same_as_a_plain_reading(outcomes):
    assert found(outcomes) == plain_patterns.sightings(outcomes)


@settings(max_examples=150, deadline=None)
@given(shoes)
def test_ongoing_by_hand_is_current_after_each_hand(outcomes):
    going = ongoing_by_hand(outcomes)
    assert len(going) == len(outcomes)
    for hand in range(len(outcomes)):
        assert going[hand] == {s.pattern.slug for s in current(outcomes[: hand + 1])}


@settings(max_examples=200, deadline=None)
@given(shoes)
def test_sightings_have_their_shape_and_are_maximal(outcomes):
    columns = big_road_columns(outcomes)
    assert columns == columns_of(outcomes)
    for s in sightings(outcomes):
        run = columns[s.first_column : s.last_column + 1]
        lengths = [len(beads) for _side, beads in run]
        assert s.hands == sum(lengths)
        assert (s.first_hand, s.last_hand) == (run[0][1][0], run[-1][1][-1])
        assert all(outcomes[h] != "T" for _side, beads in run for h in beads)
        slug = s.pattern.slug
        if slug == "ping-pong":
            assert set(lengths) == {1}
        if slug == "double-hop":
            assert set(lengths) == {2}
        if slug == "sticky-pairs":
            assert min(lengths) >= 2
        if "dragon" in slug:
            assert lengths[0] >= DRAGON
        # Maximal: one more column either side breaks the shape.
        breaks = {"ping-pong": lambda n: n != 1, "double-hop": lambda n: n != 2}
        breaks["sticky-pairs"] = lambda n: n < 2
        for grown in (s.first_column - 1, s.last_column + 1):
            if 0 <= grown < len(columns) and slug in breaks:
                assert breaks[slug](len(columns[grown][1]))
