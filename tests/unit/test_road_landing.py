"""Where the Big Road's next beads land, read ahead of recording them, against the road
drawn after they are recorded."""

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from baccarat.roads.landing import AHEAD, big_road_landing
from baccarat.roads.scoreboard import scoreboard

shoes = st.text(alphabet="BPT", max_size=90)


def newest_bead(hands: str) -> tuple[int, int]:
    beads = [cell for cell in scoreboard(hands).big_road if cell.outcome]
    return (beads[-1].col, beads[-1].row)


@given(shoes)
def test_every_run_ahead_lands_where_the_road_puts_it(hands):
    landing = big_road_landing(scoreboard(hands))
    runs = ["".join(run) for n in range(1, AHEAD + 1) for run in product("BP", repeat=n)]
    assert sorted(landing) == sorted(["", *runs])
    for run in runs:
        assert landing[run] == newest_bead(hands + run), run


@given(shoes, st.text(alphabet="BP", max_size=AHEAD - 1))
def test_a_tie_is_written_on_the_bead_before_it(hands, run):
    """A tie dealt after `run` sits on the cell `run` ends on: the newest bead's for no run,
    the first cell when the road has no bead yet."""
    landing = big_road_landing(scoreboard(hands))
    after = scoreboard(hands + run + "T").big_road
    tied = [cell for cell in after if cell.ties][-1]
    assert landing[run] == (tied.col, tied.row)


def test_a_long_streak_turns_along_its_row_and_the_next_column_starts_beside_it():
    landing = big_road_landing(scoreboard("BBBBBBBBP"))
    assert landing[""] == (1, 0)  # the Player bead, beside the tail's start
    assert landing["P"] == (1, 1)
    assert landing["B"] == (2, 0)
    assert landing["BP"] == (3, 0)
