"""The pay tables the payout drill pays from: each against the source it cites (the numbers
written here, the source's address beside them), their house edges against
/work/shared/spec/FIGURES.md where it gives them, and the drill's questions."""

import random
from fractions import Fraction

import pytest

from baccarat.odds.commission import POLICIES
from baccarat.odds.paytables import PAYTABLES, payout_cents
from baccarat.teaching import dealer_payouts as drill
from baccarat.teaching.dealer_commission import BadQuestion
from reference.sources import load

# What each source publishes, line by line ("to 1").
PUBLISHED = {
    # https://wizardofodds.com/games/baccarat/basics/ (Player, Banker 5%, a pair at 11 to 1,
    # the Tie at 8 to 1: the returns -0.012351, -0.010579, -0.103614, -0.143596)
    "player": {"win": 1},
    "banker_5": {"win": Fraction(19, 20)},
    "tie_8": {"win": 8},
    "player_pair": {"win": 11},
    "banker_pair": {"win": 11},
    # https://dictionaryofgambling.com/gambling_terms/baccarat/t/ ("If ties pay 9:1 the
    # casino's advantage is 4.8% on ties")
    "tie_9": {"win": 9},
    # The spec's "Banker 5% edge at 4% commission" (no public page found: not_found entry)
    "banker_4": {"win": Fraction(24, 25)},
    # Wizard of Odds, EZ Baccarat, read in the copy at http://user-casino.com/games/ez-baccarat/
    # (Dragon 7 40, Panda 8 25)
    "dragon_7": {"win": 40},
    "panda_8": {"win": 25},
    # https://www.leovegas.com/en-row/blog/live-casino/baccarat-academy/side-bets-guide/super-6-side-bet
    # ("12:1 (more common) 15:1 (less common)")
    "super_6_12": {"win": 12},
    "super_6_15": {"win": 15},
    # https://wizardofodds.com/games/baccarat/side-bets/lucky-6/ (12 and 20: Macau; 12 and
    # 23: Las Vegas)
    "lucky_6_macau": {"two": 12, "three": 20},
    "lucky_6_vegas": {"two": 12, "three": 23},
    # https://wizardofodds.com/games/baccarat/side-bets/ (Dragon Bonus)
    "dragon_bonus": {
        "natural": 1,
        "by_9": 30,
        "by_8": 10,
        "by_7": 6,
        "by_6": 4,
        "by_5": 2,
        "by_4": 1,
    },  # fmt: skip
    # https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/ (and -ver2/)
    "perfect_pair_1": {"one": 25},
    "perfect_pair_2": {"one": 25, "both": 250},
}


def test_every_pay_table_is_what_its_source_publishes():
    assert set(PAYTABLES) == set(PUBLISHED)
    for key, table in PAYTABLES.items():
        assert {line.event: line.pays for line in table.lines} == PUBLISHED[key], key


def test_every_pay_table_and_house_policy_cites_a_source_the_site_lists():
    sources = load()
    known = set(sources.sections) | {entry["id"] for entry in sources.not_found}
    for table in PAYTABLES.values():
        assert table.source in known, table.key
    for policy in POLICIES.values():
        assert policy.sources and set(policy.sources) <= known, policy.key


def test_each_bet_has_one_default_table():
    for bet in {table.bet for table in PAYTABLES.values()}:
        defaults = [t.key for t in PAYTABLES.values() if t.bet == bet and t.default]
        assert len(defaults) == 1, bet


# FIGURES.md, 8 decks: the ordered 6-card counts and the edges it gives.
N = 4_998_398_275_503_360
BANKER, PLAYER, TIE = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216
DRAGON_7, PANDA_8, BANKER_6 = 112_633_011_329_024, 172_660_763_262_976, 269_232_304_455_680


def edge(won: Fraction, wins: int, loses: int) -> Fraction:
    return -(won * wins - loses) / N


@pytest.mark.parametrize(
    ("key", "wins", "loses", "published"),
    [
        ("player", PLAYER, BANKER, "1.2351"),
        ("banker_5", BANKER, PLAYER, "1.0579"),
        ("banker_4", BANKER, PLAYER, "0.5993"),
        ("tie_8", TIE, N - TIE, "14.3596"),
        ("tie_9", TIE, N - TIE, "4.8440"),
        ("dragon_7", DRAGON_7, N - DRAGON_7, "7.6113"),
        ("panda_8", PANDA_8, N - PANDA_8, "10.1876"),
        # https://www.leovegas.com/en-row/blog/live-casino/baccarat-academy/side-bets-guide/super-6-side-bet
        # ("the house edge set at a whopping 29.98%" at 12 to 1; FIGURES gives the chance)
        ("super_6_12", BANKER_6, N - BANKER_6, "29.98"),
    ],
)
def test_the_pay_tables_give_the_published_edges(key, wins, loses, published):
    won = PAYTABLES[key].lines[0].pays
    digits = len(published.split(".")[1])
    assert f"{float(edge(won, wins, loses) * 100):.{digits}f}" == published


def test_a_pair_at_11_to_1_gives_the_published_edge():
    chance = Fraction(31, 415)  # FIGURES: Player (or Banker) pair
    won = PAYTABLES["player_pair"].pays("win")
    assert f"{float((1 - (won + 1) * chance) * 100):.4f}" == "10.3614"


def test_the_drill_pays_the_winnings_and_says_the_stake_stays():
    question = drill.Question(PAYTABLES["dragon_7"], "win", 40_00, 3)
    assert question.answers == [1_600_00]
    assert "Seat 3 has $40 on Dragon 7" in question.prompt
    assert question.worked == "40 to 1: 40 × $40 = $1,600. The stake of $40 stays."
    banker = drill.Question(PAYTABLES["banker_5"], "win", 45_00, 1)
    assert banker.answers == [42_75]
    assert payout_cents(PAYTABLES["lucky_6_vegas"], "three", 10_00) == 230_00


@pytest.mark.parametrize("key", list(PAYTABLES))
def test_a_question_comes_back_from_its_data(key):
    rng = random.Random(key)
    for _ in range(20):
        question = drill.new_question(key, rng)
        assert drill.restore(question.data) == question
        assert len(question.skill) <= 40
        assert question.answers[0] > 0


@pytest.mark.parametrize(
    "data",
    [{}, {"table": "tie_8", "event": "two", "stake": 500, "seat": 1},
     {"table": "tie_8", "event": "win", "stake": 50, "seat": 1},
     {"table": "tie_8", "event": "win", "stake": 500, "seat": 9}, "x"],
)  # fmt: skip
def test_data_no_question_has_is_refused(data):
    with pytest.raises(BadQuestion):
        drill.restore(data)
