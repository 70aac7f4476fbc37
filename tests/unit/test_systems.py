"""baccarat.simulation.systems against the plain way: every system played hand by hand over each
shoe (tests/plain_lab.py, from the rules in systems.py's docstrings and SYSTEMS, Big Eye Boy's
ask read off baccarat.roads.scoreboard), on outcome matrices built to hit the corners, bankrolls and
table limits included, and on dealt shoes. Bets, stakes, net per hand and shoes ruined must
all agree."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_lab import matrix, play

from baccarat.simulation.shoes import BANKER_WINS, PLAYER_WINS, Dealt, columns, deal_shoes
from baccarat.simulation.systems import (
    BANKROLL,
    NO_BET,
    PROGRESSIONS,
    SYSTEMS,
    TABLE_LIMIT,
    board_before_each_hand,
)
from baccarat.simulation.systems import play as engine_play

FLAT = tuple(name for name in SYSTEMS if name not in PROGRESSIONS)
SIDE = {None: NO_BET, "B": BANKER_WINS, "P": PLAYER_WINS}


def check_system(name, shoes, bankroll=BANKROLL, limit=TABLE_LIMIT):
    """The engine's play of `name` over the shoes == the plain play of each shoe."""
    dealt = Dealt(8, matrix(shoes))
    board = board_before_each_hand(dealt, columns(dealt))
    played = engine_play(name, dealt, board, bankroll, limit)
    width = dealt.outcomes.shape[1]
    sessions = [play(name, letters, bankroll, limit) for letters in shoes]

    def padded(rows, blank):
        return [row + [blank] * (width - len(row)) for row in rows]

    assert played.sides.tolist() == padded([[SIDE[s] for s in p.sides] for p in sessions], NO_BET)
    assert played.stakes.tolist() == padded([[float(s) for s in p.stakes] for p in sessions], 0.0)
    expected_net = np.array(padded([[float(n) for n in p.net] for p in sessions], 0.0))
    assert np.allclose(played.net, expected_net.reshape(played.net.shape), rtol=0, atol=1e-9)
    assert played.ruined == sum(p.ruined for p in sessions)
    return played, sessions


runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 7)), max_size=12)
shoe_text = st.one_of(
    runs.map(lambda rs: "".join(letter * n for letter, n in rs)),
    st.text(alphabet="BPT", max_size=50),
)
blocks = st.lists(shoe_text, min_size=1, max_size=5)


@pytest.mark.parametrize("name", FLAT)
@given(shoes=blocks)
@settings(max_examples=120, deadline=None)
def test_flat_systems_bet_as_the_plain_play_does(name, shoes):
    check_system(name, shoes)


@pytest.mark.parametrize("name", PROGRESSIONS)
@given(
    shoes=blocks,
    bankroll=st.one_of(st.integers(0, 40), st.just(BANKROLL)),
    limit=st.one_of(st.integers(1, 70), st.just(TABLE_LIMIT)),
)
@settings(max_examples=300, deadline=None)
def test_progressions_bet_as_the_plain_play_does(name, shoes, bankroll, limit):
    check_system(name, shoes, bankroll, limit)


# A long shoe's worth of Banker wins leaves exact whole units only in exact arithmetic.
TWENTY_WINS = "B" * 20

CORNERS = [
    # (system, shoe, bankroll, limit, the stakes it must make)
    ("martingale", "PPPPPPPB", 100, 100, [1, 2, 4, 8, 16, 32, 1, 2]),  # 64 > 37 left
    ("martingale", "PPPPPPPB", 1000, 100, [1, 2, 4, 8, 16, 32, 64, 1]),  # the limit: 128 > 100
    ("martingale", "PPPPPB", 100, 20, [1, 2, 4, 8, 16, 1]),
    ("martingale", "PTPTTPB", 100, 100, [1, 2, 2, 4, 4, 4, 8]),  # a tie keeps the stake
    ("martingale", "PPPB", 6, 100, [1, 2, 1, 2]),  # 4 > 3 left: one unit, starting again
    ("martingale", "PPPP", 1, 100, [1, 0, 0, 0]),  # nothing left: ruined
    ("martingale", TWENTY_WINS + "PPPPPPPB", 1, 100, [1] * 20 + [1, 2, 4, 8, 1, 2, 1, 1]),
    ("one_three_two_six", "BBBBBB", 100, 100, [1, 3, 2, 6, 1, 3]),  # back to 1 after the 4th
    ("one_three_two_six", "BTBPB", 100, 100, [1, 3, 3, 2, 1]),  # tie keeps, loss resets
    ("one_three_two_six", "BBBB", 100, 2, [1, 1, 1, 1]),  # 3 > the limit of 2
    ("one_three_two_six", "BBBBB", 2, 100, [1, 1, 3, 2, 6]),  # 3 > 2.95 left, 3 <= 3.9
    ("one_three_two_six", TWENTY_WINS + "P" * 19 + "B", 1, 1, [1] * 40),
]


@pytest.mark.parametrize("name, shoe, bankroll, limit, stakes", CORNERS)
def test_progression_corners(name, shoe, bankroll, limit, stakes):
    played, [session] = check_system(name, [shoe], bankroll, limit)
    assert session.stakes == stakes
    assert played.stakes[0].tolist() == stakes


@pytest.mark.parametrize("name", PROGRESSIONS)
def test_exactly_one_unit_left_is_not_ruin(name):
    """After twenty one-unit Banker wins a one-unit bankroll holds exactly 20 units (19 won,
    in twentieths that add up exactly); losing 19 of them leaves one unit, enough to bet."""
    shoe = TWENTY_WINS + "P" * 19 + "B"
    played, [session] = check_system(name, [shoe], bankroll=1, limit=1)
    assert not session.ruined and played.ruined == 0
    assert played.stakes[0, -1] == 1 and played.net[0, -1] == pytest.approx(0.95)


@pytest.mark.parametrize("name", PROGRESSIONS)
def test_ruin_on_a_shoes_last_hand_counts_however_long_the_other_shoes_are(name):
    for shoes in (["P"], ["P", "BBBB"], ["BBBB", "P"], ["TP", "T"]):
        played, _ = check_system(name, shoes, bankroll=1, limit=100)
        assert played.ruined == 1, shoes


def test_big_eye_boy_ask_needs_two_columns_and_bets_the_red_side():
    played, [session] = check_system("big_eye_boy_ask", ["TBBBTPPBPB"])
    # No bet until the Big Road has a second column; then the side whose mark is red:
    # column 2 as long as column 1 -> a new column is red -> the other side, else the same.
    assert session.sides == [None] * 6 + ["P", "P", "B", "B"]


def test_other_flat_systems_on_a_known_shoe():
    shoe = "TBBBBPTPPPB"
    assert play("follow_the_streak", shoe).sides == [None, None, *"BBBBPPPP", "P"][: len(shoe)]
    breaks = play("break_after_three", shoe).sides
    assert breaks == [None, None, None, None, "P", "P", None, None, None, "B", "B"]
    for name in ("follow_the_streak", "break_after_three", "flat_banker", "flat_player"):
        check_system(name, [shoe])


def test_payouts_per_unit():
    played, _ = check_system("flat_banker", ["BPT"])
    assert played.net[0].tolist() == [0.95, -1.0, 0.0] and played.stakes[0].tolist() == [1, 1, 1]
    played, _ = check_system("flat_player", ["BPT"])
    assert played.net[0].tolist() == [-1.0, 1.0, 0.0]


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_systems_over_dealt_shoes(name):
    dealt = deal_shoes(8, 12, seed=17)
    check_system(name, [dealt.letters(i) for i in range(dealt.shoes)])


@pytest.mark.parametrize("name", PROGRESSIONS)
def test_progressions_over_dealt_shoes_with_a_short_bankroll(name):
    dealt = deal_shoes(6, 25, seed=4)
    played, sessions = check_system(name, [dealt.letters(i) for i in range(25)], 20, 50)
    assert 0 < played.ruined < 25, "some sessions ruined, not all: the corner is exercised"


def test_every_system_is_described_and_unknown_ones_are_refused():
    assert set(SYSTEMS) == {*FLAT, *PROGRESSIONS} and len(FLAT) == 5
    dealt = Dealt(8, matrix(["BP"]))
    with pytest.raises(ValueError, match="not a flat system"):
        engine_play("paroli", dealt, board_before_each_hand(dealt, columns(dealt)))
