"""GET and POST /api/v1/odds: every published figure (docs/figures.md) through the API, the
shoe given by decks, values or ranks agreeing, and every refusal naming its field."""

from fractions import Fraction

import pytest
from django.test import Client

from baccarat.odds.exact import FEATURES, odds

URL = "/api/v1/odds"

# Published ordered six-card counts (the Wizard of Odds' baccarat appendix; Thorp, The
# Mathematics of Gambling), as docs/figures.md lists them.
MAIN_COUNTS = {
    1: (6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400),
    2: (501_543_728_128, 487_816_735_232, 103_154_274_240, 1_092_514_737_600),
    4: (34_543_624_867_840, 33_608_344_225_792, 7_145_601_996_928, 75_297_571_090_560),
    6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288, 878_869_206_895_680),
    8: (
        2_292_252_566_437_888,
        2_230_518_282_592_256,
        475_627_426_473_216,
        4_998_398_275_503_360,
    ),
}
# Published house edges per unit staked, ties pushing Banker and Player (the Wizard of Odds'
# baccarat pages; docs/figures.md), in per cent.
HOUSE_EDGES = {
    1: (1.0118, 1.2864, 15.7461, 6.3846),
    6: (1.0558, 1.2374, 14.4382, 4.9313),
    8: (1.0579, 1.2351, 14.3596, 4.8440),
}
PRINTED = 1e-6  # the published figures have six decimals (four of a percentage)


def get(client, **query):
    return client.get(URL, query)


def post(client, body):
    return client.post(URL, body, content_type="application/json")


@pytest.fixture(scope="module")
def eight_odds():
    """The 8-deck answer, asked for once (it touches no database)."""
    return Client().get(URL, {"decks": 8}).json()


# --- the published figures --------------------------------------------------------------


@pytest.mark.parametrize("decks", MAIN_COUNTS)
def test_main_counts_for_each_shoe(client, decks):
    body = get(client, decks=decks).json()
    banker, player, tie, total = MAIN_COUNTS[decks]
    counts = body["counts"]
    assert (counts["banker"], counts["player"], counts["tie"], counts["total"]) == (
        banker,
        player,
        tie,
        total,
    )
    assert body["cards"] == 52 * decks
    # Each probability is its count over the total, correctly rounded.
    assert body["banker"] == banker / total
    assert body["player"] == player / total
    assert body["tie"] == tie / total


def test_eight_decks_main_probabilities(eight_odds):
    assert eight_odds["banker"] == pytest.approx(0.458597, abs=PRINTED)
    assert eight_odds["player"] == pytest.approx(0.446247, abs=PRINTED)
    assert eight_odds["tie"] == pytest.approx(0.095156, abs=PRINTED)
    assert eight_odds["banker"] + eight_odds["player"] + eight_odds["tie"] == pytest.approx(
        1, abs=1e-12
    )


@pytest.mark.parametrize("decks", HOUSE_EDGES)
def test_house_edges_per_unit(client, decks):
    edge = get(client, decks=decks).json()["house_edge"]
    banker, player, tie_8, tie_9 = HOUSE_EDGES[decks]
    assert edge["banker"] == pytest.approx(banker / 100, abs=PRINTED)
    assert edge["player"] == pytest.approx(player / 100, abs=PRINTED)
    assert edge["tie_8_to_1"] == pytest.approx(tie_8 / 100, abs=PRINTED)
    assert edge["tie_9_to_1"] == pytest.approx(tie_9 / 100, abs=PRINTED)


def test_eight_decks_more(eight_odds):
    natural = eight_odds["natural"]
    assert natural["any"] == pytest.approx(0.343049, abs=PRINTED)
    assert natural["player"] == pytest.approx(0.189435, abs=PRINTED)
    assert natural["banker"] == pytest.approx(0.189435, abs=PRINTED)
    assert natural["both"] == pytest.approx(0.035820, abs=PRINTED)
    assert eight_odds["player_draws"] == pytest.approx(0.503414, abs=PRINTED)
    assert eight_odds["banker_draws"] == pytest.approx(0.435405, abs=PRINTED)
    cards = eight_odds["cards_dealt"]
    assert cards["4"] == pytest.approx(0.378868, abs=PRINTED)
    assert cards["5"] == pytest.approx(0.303444, abs=PRINTED)
    assert cards["6"] == pytest.approx(0.317687, abs=PRINTED)


@pytest.mark.parametrize(
    "cards, banker, player, tie",
    [
        ("4", 0.171563, 0.171563, 0.035742),
        ("5", 0.156829, 0.119931, 0.026684),
        ("6", 0.130205, 0.154752, 0.032730),
    ],
)
def test_eight_decks_by_cards_dealt(eight_odds, cards, banker, player, tie):
    split = eight_odds["by_cards"][cards]
    assert split["banker"] == pytest.approx(banker, abs=PRINTED)
    assert split["player"] == pytest.approx(player, abs=PRINTED)
    assert split["tie"] == pytest.approx(tie, abs=PRINTED)
    # Joint probabilities: the three results of a length add up to that length's share.
    assert sum(split.values()) == pytest.approx(eight_odds["cards_dealt"][cards], abs=1e-12)


@pytest.mark.parametrize(
    "key, printed, count",
    [
        ("banker_win_6", 0.053864, 269_232_304_455_680),
        ("dragon_7", 0.022534, 112_633_011_329_024),
        ("panda_8", 0.034543, 172_660_763_262_976),
    ],
)
def test_eight_decks_super_6_dragon_7_panda_8(eight_odds, key, printed, count):
    assert eight_odds[key] == pytest.approx(printed, abs=PRINTED)
    assert eight_odds["counts"][key] == count
    assert eight_odds[key] == count / eight_odds["counts"]["total"]


def test_eight_decks_side_bet_edges(eight_odds):
    edge = eight_odds["house_edge"]
    assert edge["ez_banker"] == pytest.approx(0.010183, abs=PRINTED)
    assert edge["super6_banker"] == pytest.approx(0.014581, abs=PRINTED)
    assert edge["dragon_7_40_to_1"] == pytest.approx(0.076113, abs=PRINTED)
    assert edge["panda_8_25_to_1"] == pytest.approx(0.101876, abs=PRINTED)
    assert edge["pair_11_to_1"] == pytest.approx(0.103614, abs=PRINTED)
    # Added fields (API.md allows more): Wizard of Odds' side-bet pages give the same edges.
    assert edge["lucky_6_12_or_20_to_1"] == pytest.approx(0.166836, abs=PRINTED)
    assert edge["dragon_bonus_player"] == pytest.approx(0.026517, abs=PRINTED)
    assert edge["dragon_bonus_banker"] == pytest.approx(0.093731, abs=PRINTED)
    assert edge["perfect_pair_25_to_1"] == pytest.approx(0.130294, abs=PRINTED)
    assert edge["perfect_pair_25_or_250_to_1"] == pytest.approx(0.066235, abs=PRINTED)


def test_eight_decks_pairs(eight_odds):
    assert eight_odds["player_pair"] == pytest.approx(float(Fraction(31, 415)), abs=1e-12)
    assert eight_odds["player_pair"] == pytest.approx(0.074699, abs=PRINTED)
    assert eight_odds["banker_pair"] == eight_odds["player_pair"]


def test_banker_edge_at_four_percent_commission(client):
    body = get(client, decks=8, commission=0.04).json()
    assert body["commission"] == 0.04
    assert body["house_edge"]["banker"] == pytest.approx(0.005993, abs=PRINTED)
    # Only the Banker bet changes.
    five = get(client, decks=8).json()["house_edge"]
    assert {k: v for k, v in body["house_edge"].items() if k != "banker"} == {
        k: v for k, v in five.items() if k != "banker"
    }
    assert post(client, {"values": [128] + [32] * 9, "commission": 0.04}).json()["house_edge"][
        "banker"
    ] == pytest.approx(0.005993, abs=PRINTED)


def test_the_two_house_edge_conventions(eight_odds):
    per_unit, excluded = eight_odds["house_edge"], eight_odds["house_edge_ties_excluded"]
    tie = eight_odds["tie"]
    # Ties excluded: the same loss over the bets that did not push.
    assert excluded["banker"] == pytest.approx(per_unit["banker"] / (1 - tie), rel=1e-12)
    assert excluded["player"] == pytest.approx(per_unit["player"] / (1 - tie), rel=1e-12)
    assert excluded["ez_banker"] == pytest.approx(
        per_unit["ez_banker"] / (1 - tie - eight_odds["dragon_7"]), rel=1e-12
    )
    # A bet that never pushes is the same both ways.
    assert excluded["tie_8_to_1"] == per_unit["tie_8_to_1"]
    assert excluded["dragon_7_40_to_1"] == per_unit["dragon_7_40_to_1"]


@pytest.mark.parametrize(
    "value, printed",
    [(4, -0.0000435175), (0, -0.0000373810), (1, -0.0000295798), (3, -0.0000217068)],
)
def test_effect_of_removal_on_the_player(eight_odds, value, printed):
    rows = {row["value"]: row for row in eight_odds["effect_of_removal"]}
    assert sorted(rows) == list(range(10))
    assert rows[value]["player"] == pytest.approx(printed, abs=1e-10)


def test_banker_totals(eight_odds):
    totals = eight_odds["banker_totals"]
    assert [row["total"] for row in totals] == list(range(10))
    assert sum(row["probability"] for row in totals) == pytest.approx(1, abs=1e-12)
    counts = eight_odds["counts"]
    assert totals[3]["probability"] == counts["banker_total_3"] / counts["total"]
    assert totals[3]["banker_draws"] == pytest.approx(
        counts["banker_draws_on_3"] / counts["banker_total_3"], abs=1e-15
    )
    assert totals[7]["banker_draws"] == 0 and totals[8]["banker_draws"] == 0


def test_every_count_is_in_the_answer_and_exact(eight_odds):
    result = odds(decks=8)
    assert eight_odds["counts"] == {"total": result.total, **result.counts}
    assert set(FEATURES) <= set(eight_odds["counts"])
    for key in ("banker", "player", "tie", "dragon_7", "panda_8"):
        exact = result.exact(key)
        assert abs(Fraction(eight_odds[key]) - exact) < Fraction(1, 10**9)


# --- the same shoe three ways -------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_values_and_ranks_agree_with_decks(client, decks):
    by_decks = get(client, decks=decks).json()
    values = [16 * decks] + [4 * decks] * 9
    by_values = post(client, {"values": values}).json()
    ranks = {rank: 4 * decks for rank in "A23456789TJQK"}
    by_ranks = post(client, {"ranks": ranks}).json()
    assert by_values["counts"] == by_decks["counts"] == by_ranks["counts"]
    assert by_values["house_edge"]["banker"] == by_decks["house_edge"]["banker"]
    assert by_values["values"] == by_ranks["values"] == by_decks["values"] == values
    # Pairs need ranks: a shoe given by value cannot say.
    assert by_values["player_pair"] is None and by_values["house_edge"]["pair_11_to_1"] is None
    assert by_values["house_edge"]["perfect_pair_25_to_1"] is None
    # A full shoe given by rank has known suits; one deck holds no two copies of a card.
    perfect = by_ranks["house_edge"]["perfect_pair_25_to_1"]
    assert perfect == by_decks["house_edge"]["perfect_pair_25_to_1"]
    assert (perfect is None) == (decks == 1)
    assert by_ranks["player_pair"] == by_decks["player_pair"] is not None
    assert by_ranks["ranks"] == ranks and by_values["ranks"] is None


def test_ranks_accept_10_and_lower_case_and_leave_out_zeros(client):
    body = post(client, {"ranks": {"a": 3, "10": 2, "k": 1, "9": 4}}).json()
    assert body["cards"] == 10
    assert body["ranks"] == {
        **dict.fromkeys("A23456789TJQK", 0),
        "A": 3,
        "T": 2,
        "K": 1,
        "9": 4,
    }
    assert body["values"] == [3, 3, 0, 0, 0, 0, 0, 0, 0, 4]
    assert body["counts"] == {
        "total": 10 * 9 * 8 * 7 * 6 * 5,
        **odds([3, 3] + [0] * 7 + [4]).counts,
    }


def test_a_depleted_shoe(client):
    values = [100, 30, 28, 31, 25, 32, 30, 29, 31, 27]
    body = post(client, {"values": values}).json()
    result = odds(tuple(values))
    assert body["cards"] == sum(values)
    assert body["banker"] == result.p("banker")
    assert body["house_edge"]["banker"] == float(result.edges["banker"].per_unit)


def test_the_smallest_shoe(client):
    body = post(client, {"values": [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]}).json()
    assert body["tie"] == 1 and body["banker"] == 0 and body["player"] == 0
    assert body["natural"]["any"] == 0 and body["cards_dealt"]["6"] == 1
    assert body["effect_of_removal"] == []


def test_openapi_documents_the_odds(client):
    schema = client.get("/api/v1/openapi.json").json()
    assert {"get", "post"} <= set(schema["paths"]["/api/v1/odds"])


# --- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, status, field",
    [
        ({}, 422, "decks"),
        ({"decks": "eight"}, 422, "decks"),
        ({"decks": "1.5"}, 422, "decks"),
        ({"decks": 0}, 400, "decks"),
        ({"decks": 9}, 400, "decks"),
        ({"decks": -1}, 422, "decks"),  # a sign is not a digit: malformed, as "1.5" is
        ({"decks": "+8"}, 422, "decks"),
        ({"decks": "0_8"}, 422, "decks"),
        ({"decks": "8.000"}, 422, "decks"),
        ({"decks": "0" * 5000 + "1"}, 422, "decks"),
        ({"decks": 8, "commission": "lots"}, 400, "commission"),
        ({"decks": 8, "commission": 5}, 400, "commission"),
        ({"decks": 8, "commission": -0.01}, 400, "commission"),
        ({"decks": 8, "commission": 1}, 400, "commission"),
        ({"decks": 8, "commission": "nan"}, 400, "commission"),
        ({"decks": 8, "commission": "1e-20000000"}, 400, "commission"),
        ({"decks": 8, "commission": "1e-300"}, 400, "commission"),
        ({"decks": 8, "commission": "0.04751"}, 400, "commission"),
        ({"decks": 8, "commission": "inf"}, 400, "commission"),
        ({"decks": "9" * 5000}, 422, "decks"),
        ({"decks": "١"}, 422, "decks"),
    ],
)
def test_get_refusals_name_the_field(client, query, status, field):
    response = get(client, **query)
    assert response.status_code == status
    assert response.json()["detail"].startswith(f"{field}: ")


def test_a_commission_in_per_cent_is_explained(client):
    detail = get(client, decks=8, commission=5).json()["detail"]
    assert "for 5% write 0.05" in detail


@pytest.mark.parametrize(
    "body, status, field, words",
    [
        ({}, 400, "values", "neither"),
        ({"values": [32] * 10, "ranks": {"A": 32}}, 400, "ranks", "not both"),
        ({"values": [32] * 9}, 400, "values", "ten counts"),
        ({"values": [32] * 11}, 400, "values", "ten counts"),
        ({"values": [32, -1] + [32] * 8}, 400, "values[1]", "negative"),
        ({"values": [129] + [32] * 9}, 400, "values[0]", "more than 8 decks hold (128)"),
        ({"values": [32, 33] + [32] * 8}, 400, "values[1]", "more than 8 decks hold (32)"),
        ({"values": [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]}, 400, "values", "at least 6"),
        ({"values": [0] * 10}, 400, "values", "at least 6"),
        ({"values": [32, "x"] + [32] * 8}, 422, "values[1]", "whole number"),
        ({"values": [32, 1.5] + [32] * 8}, 422, "values[1]", "whole number"),
        ({"values": [32, True] + [32] * 8}, 422, "values[1]", "whole number"),
        ({"values": "32"}, 422, "values", "list"),
        ({"ranks": {"A": 3, "Z": 3}}, 400, "ranks.Z", "not a rank"),
        ({"ranks": {"A": -1, "K": 10}}, 400, "ranks.A", "negative"),
        ({"ranks": {"K": 33}}, 400, "ranks.K", "more than 8 decks hold (32)"),
        ({"ranks": {"T": 20, "10": 20}}, 400, "ranks.10", "same rank"),
        ({"ranks": {"A": 2, "K": 3}}, 400, "ranks", "at least 6"),
        ({"ranks": {"A": "3"}}, 422, "ranks.A", "whole number"),
        ({"ranks": [3, 3]}, 422, "ranks", "object"),
        ({"values": [32] * 10, "commission": 0.5 + 0.5}, 400, "commission", "share of the win"),
    ],
)
def test_post_refusals_name_the_field(client, body, status, field, words):
    response = post(client, body)
    assert response.status_code == status
    detail = response.json()["detail"]
    assert detail.startswith(f"{field}: "), detail
    assert words in detail
