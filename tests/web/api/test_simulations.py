"""POST /api/v1/simulations (docs/api.md): every contract field with values that
agree with each other; the same seed, the same answer; a small run dealt again here, hand by
hand, by the stated procedure and baccarat.game.rules.resolve, giving the same counts, streaks,
derived marks and flat bets; every bad value a 400 or 422 naming its field (hypothesis, never
a 500); and the budget of shoes, a 429 at the stated number.

A long run in steps: no request deals more than the lab's step (lab.runs.STEP_SHOES, the
engine's chunk dealer spied on), the continuations' last answer is the run dealt at once by
the engine, a continuation changed, garbled, too old or from the lab is a 400 naming it, and
each step is charged to the budget."""

import json
import time
from collections import Counter

import pytest
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory
from fuzzing import FUZZ
from htmx import HTMX
from hypothesis import example, given, settings
from hypothesis import strategies as st

from api.simulations import DEFAULT_SHOES, MAX_CONTINUATION, MAX_SEED_DIGITS, SimulationOut
from baccarat.game.rules import resolve
from baccarat.odds.exact import odds_of_decks
from baccarat.roads.scoreboard import DERIVED_ROADS, scoreboard
from baccarat.simulation import chance
from baccarat.simulation import shoes as simulation
from baccarat.simulation.chance import Tally
from baccarat.simulation.shoes import CHUNK, MAX_SHOES, shuffled
from baccarat.simulation.systems import PROGRESSIONS, SYSTEMS
from guards.budgets import Rate, parse_rate, simulated_shoes
from guards.inputs import MAX_JSON_DIGITS
from lab import runs
from lab.form import Run

URL = "/api/v1/simulations"
CONTRACT = {
    "shoes", "hands", "seed", "decks", "counts", "share", "longest_streak", "derived",
    "strategies", "procedure", "seconds",
}  # fmt: skip
SIDES = ("banker", "player", "tie")

# The budget of shoes is kept in the database (guards.allowances).
pytestmark = pytest.mark.django_db


def post(client, body, **extra):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **extra)


def run(client, **body):
    response = post(client, body)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture(scope="module")
def eight_run(django_db_setup, django_db_blocker):
    """200 eight-deck shoes, every strategy. Nothing is stored but the budget's charge,
    deleted after."""
    from guards.models import Allowance

    with django_db_blocker.unblock():
        answer = run(Client(), shoes=200, decks=8, seed=17)
        Allowance.objects.all().delete()
    return answer


# --- the answer ----------------------------------------------------------------------------


def test_the_answer_has_every_contract_field_and_matches_its_documented_model(eight_run):
    assert CONTRACT <= set(eight_run)
    assert set(eight_run) == set(SimulationOut.model_fields)
    SimulationOut.model_validate(eight_run)
    assert (eight_run["shoes"], eight_run["decks"], eight_run["seed"]) == (200, 8, 17)
    assert (eight_run["bankroll"], eight_run["table_limit"]) == (100, 100)
    assert isinstance(eight_run["seconds"], float) and eight_run["seconds"] >= 0


def test_counts_and_shares_agree(eight_run):
    counts, hands = eight_run["counts"], eight_run["hands"]
    assert sum(counts[side] for side in SIDES) == hands
    # About 80 hands an 8-deck shoe.
    assert 70 * eight_run["shoes"] < hands < 90 * eight_run["shoes"]
    for side in SIDES:
        assert eight_run["share"][side] == counts[side] / hands
        expected = eight_run["expected"][side]
        assert expected["low"] < expected["p"] < expected["high"]
    assert eight_run["expected"]["banker"]["p"] == odds_of_decks(8).p("banker")


def test_every_shoe_is_in_the_streak_histogram_once(eight_run):
    histogram = {int(n): count for n, count in eight_run["longest_streak"]["histogram"].items()}
    assert sum(histogram.values()) == eight_run["shoes"]
    assert sorted(histogram) == list(range(1, max(histogram) + 1))
    for n, count in eight_run["longest_streak"]["dragons"].items():
        assert count == sum(c for length, c in histogram.items() if length >= int(n))


def test_each_derived_road_draws_red_and_blue(eight_run):
    assert set(eight_run["derived"]) == set(DERIVED_ROADS)
    for road in DERIVED_ROADS:
        marks = eight_run["derived"][road]
        assert marks["red"] > 0 and marks["blue"] > 0
        # A road draws at most one mark a Banker or Player hand.
        assert (
            marks["red"] + marks["blue"]
            < eight_run["counts"]["banker"] + eight_run["counts"]["player"]
        )


def test_each_strategy_reports_its_bets(eight_run):
    strategies = eight_run["strategies"]
    assert list(strategies) == list(SYSTEMS)
    edges = odds_of_decks(8).edges
    for name, played in strategies.items():
        assert 0 < played["bets"] <= eight_run["hands"]
        assert played["staked"] >= played["bets"]  # at least one unit a bet
        assert played["per_unit_staked"] == played["net_units"] / played["staked"]
        assert ("risk_of_ruin" in played) == (name in PROGRESSIONS)
        if name in PROGRESSIONS:
            assert 0 <= played["risk_of_ruin"] <= 1
            assert played["house_edge"] == pytest.approx(float(edges["banker"].per_unit))
        else:
            assert played["staked"] == played["bets"]
    assert strategies["flat_banker"]["bets"] == eight_run["hands"]
    assert strategies["flat_player"]["bets"] == eight_run["hands"]
    counts = eight_run["counts"]
    assert strategies["flat_player"]["net_units"] == counts["player"] - counts["banker"]
    assert strategies["flat_banker"]["net_units"] == pytest.approx(
        0.95 * counts["banker"] - counts["player"]
    )


def test_the_procedure_is_said_for_the_decks(eight_run):
    assert "8 decks (416 cards)" in eight_run["procedure"] and "16 cards" in eight_run["procedure"]
    one = run(Client(), shoes=3, decks=1, seed=1)
    assert "1 deck (52 cards)" in one["procedure"]


# --- determinism ---------------------------------------------------------------------------


def without_time(answer):
    return {key: value for key, value in answer.items() if key != "seconds"}


def test_the_same_seed_gives_the_same_answer(client, eight_run):
    again = run(client, shoes=200, decks=8, seed=17)
    assert without_time(again) == without_time(eight_run)


def test_another_seed_gives_other_shoes(client, eight_run):
    other = run(client, shoes=200, decks=8, seed=18)
    assert other["counts"] != eight_run["counts"]
    negative = run(client, shoes=200, decks=8, seed=-17)
    assert negative["counts"] != eight_run["counts"]


def test_the_strategies_asked_for_change_nothing_else(client, eight_run):
    some = run(client, shoes=200, decks=8, seed=17, strategies=["martingale", "flat_player"])
    assert list(some["strategies"]) == ["martingale", "flat_player"]
    assert some["strategies"]["martingale"] == eight_run["strategies"]["martingale"]
    none = run(client, shoes=200, decks=8, seed=17, strategies=[])
    assert none["strategies"] == {}
    for key in ("hands", "counts", "longest_streak", "derived"):
        assert some[key] == none[key] == eight_run[key]


def test_bankroll_and_table_limit_reach_the_progressions(client, eight_run):
    rich = run(client, shoes=200, decks=8, seed=17, bankroll=10_000, table_limit=5_000)
    assert (rich["bankroll"], rich["table_limit"]) == (10_000, 5_000)
    assert rich["strategies"]["martingale"] != eight_run["strategies"]["martingale"]
    assert rich["strategies"]["martingale"]["risk_of_ruin"] == 0
    assert rich["strategies"]["flat_banker"] == eight_run["strategies"]["flat_banker"]


def test_defaults_and_a_drawn_seed_that_repeats_the_run(client):
    first = run(client, decks=1)
    assert first["shoes"] == DEFAULT_SHOES and list(first["strategies"]) == list(SYSTEMS)
    assert isinstance(first["seed"], int)
    second = run(client, decks=1, shoes=50)
    third = run(client, decks=1, shoes=50, seed=second["seed"])
    assert without_time(third) == without_time(second)


def test_a_seed_of_thirty_digits_is_a_seed(client):
    big = 10**MAX_SEED_DIGITS - 1
    answer = run(client, shoes=2, seed=-big)
    assert answer["seed"] == -big
    assert without_time(run(client, shoes=2, seed=-big)) == without_time(answer)
    assert run(client, shoes=2, seed=big)["counts"] != answer["counts"]


# --- the same shoes, dealt again by hand ------------------------------------------------------

RANK_OF_VALUE = ["K", "A", "2", "3", "4", "5", "6", "7", "8", "9"]  # value 0: a ten or picture
LETTER = {"banker": "B", "player": "P", "tie": "T"}


def play_hand(cards, start):
    """One hand from position `start`: four cards, then one more while the rules need it."""
    dealt = [RANK_OF_VALUE[value] for value in cards[start : start + 4]]
    hand = resolve(dealt)
    while hand.needs is not None:
        dealt.append(RANK_OF_VALUE[cards[start + len(dealt)]])
        hand = resolve(dealt)
    assert hand.complete
    return LETTER[hand.winner], len(dealt)


def deal_by_hand(cards):
    """A shoe's outcomes, "BPT…", by the procedure as the answer states it: the first card
    turned over and as many burned as it counts (ace 1, ten or picture 10); the cut card in
    front of the last 16 cards; the hand that starts at or past it is the last one."""
    cards = [int(value) for value in cards]
    burned = cards[0] or 10
    position = 1 + burned
    cut = len(cards) - 16
    outcomes = ""
    while True:
        starts = position
        outcome, used = play_hand(cards, position)
        outcomes += outcome
        position += used
        if starts >= cut:
            return outcomes


def longest_streak(outcomes):
    """The longest run of B or P, ties ignored (the Big Road's longest column)."""
    longest, run_of, last = 0, 0, None
    for letter in outcomes.replace("T", ""):
        run_of = run_of + 1 if letter == last else 1
        last = letter
        longest = max(longest, run_of)
    return longest


@pytest.mark.parametrize("decks, seed", [(8, 2024), (1, 5), (6, -3)])
def test_a_small_run_dealt_again_hand_by_hand(client, decks, seed):
    answer = run(client, shoes=20, decks=decks, seed=seed)
    shoes = [deal_by_hand(cards) for cards in shuffled(decks, 20, seed, 0)]
    counts = Counter("".join(shoes))
    assert answer["hands"] == sum(len(shoe) for shoe in shoes)
    assert answer["counts"] == {side: counts[LETTER[side]] for side in SIDES}
    histogram = Counter(longest_streak(shoe) for shoe in shoes)
    answered = {int(n): c for n, c in answer["longest_streak"]["histogram"].items() if c}
    assert answered == dict(histogram)
    # The derived roads as the scoreboard page draws them, shoe by shoe.
    for road in DERIVED_ROADS:
        colours = Counter(
            mark.color for shoe in shoes for mark in scoreboard(shoe).derived[road].marks
        )
        assert answer["derived"][road] == {"red": colours["red"], "blue": colours["blue"]}
    # Following the streak: one unit on the side of the shoe's last non-tie hand.
    net = bets = 0
    for shoe in shoes:
        side = None
        for letter in shoe:
            if side is not None:
                bets += 1
                if letter != "T":
                    net += (0.95 if side == "B" else 1) if letter == side else -1
            side = letter if letter != "T" else side
    follow = answer["strategies"]["follow_the_streak"]
    assert follow["bets"] == bets and follow["net_units"] == pytest.approx(net)


def test_a_longer_run_begins_with_the_same_shoes():
    """What the description promises: chunk 0 of 2,000 shoes starts with the 20 shoes of a
    20-shoe run."""
    assert (shuffled(8, 20, 9, 0) == shuffled(8, 2000, 9, 0)[:20]).all()


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, status, detail",
    [
        ({"shoes": 0}, 400, "shoes: 0 is not a number of shoes from 1 to 100,000"),
        ({"shoes": 100_001}, 400, "shoes: 100,001 is not a number of shoes from 1 to 100,000"),
        ({"shoes": -5}, 400, "shoes: -5 is not"),
        ({"shoes": 10**40}, 400, "shoes: a whole number of 41 digits is not"),
        ({"shoes": True}, 422, "shoes: must be a whole number"),
        ({"shoes": 20.0}, 422, "shoes: must be a whole number"),
        ({"shoes": "20"}, 422, "shoes: must be a whole number"),
        ({"shoes": None}, 422, "shoes: must be a whole number"),
        ({"decks": 9}, 400, "decks: 9 is not a number of decks from 1 to 8"),
        ({"decks": 0}, 400, "decks: 0 is not"),
        ({"decks": False}, 422, "decks: must be a whole number"),
        ({"seed": 10**30}, 400, "seed: a whole number of 31 digits is too long"),
        ({"seed": -(10**31)}, 400, "seed: a whole number of 32 digits is too long"),
        ({"seed": 1.5}, 422, "seed: must be a whole number"),
        ({"seed": "1"}, 422, "seed: must be a whole number"),
        ({"seed": True}, 422, "seed: must be a whole number"),
        ({"strategies": ["nope"]}, 400, "strategies[0]: “nope” is not a strategy; the strat"),
        ({"strategies": ["martingale", "Martingale"]}, 400, "strategies[1]: “Martingale”"),
        (
            {"strategies": ["martingale", "flat_banker", "martingale"]},
            400,
            "strategies[2]: martingale is already asked for (strategies[0])",
        ),
        ({"strategies": "martingale"}, 422, "strategies: must be a list"),
        ({"strategies": [1]}, 422, "strategies[0]: must be text"),
        ({"strategies": ["\ud800"]}, 400, "strategies[0]: character 1 is a lone"),
        ({"bankroll": 0}, 400, "bankroll: 0 is not a bankroll in units from 1 to 1,000,000"),
        ({"bankroll": 1_000_001}, 400, "bankroll: 1,000,001 is not"),
        ({"bankroll": 50.5}, 422, "bankroll: must be a whole number"),
        ({"table_limit": 0}, 400, "table_limit: 0 is not a table limit in units from 1 to"),
        ({"table_limit": [5]}, 422, "table_limit: must be a whole number"),
        ({"shoe": 20}, 422, "shoe: is not a field of this request"),
        ({"int": 20}, 422, "int: is not a field of this request"),
        ({"a b": 1}, 422, "“a b”: is not a field of this request"),
        ([], 422, "body: "),
        ("[1", 400, "body: not valid JSON"),
    ],
)
def test_bad_input_is_refused_naming_the_field(client, body, status, detail):
    if isinstance(body, dict) and "shoes" not in body:
        body = {"shoes": 2, **body}
    response = post(client, body)
    assert response.status_code == status, response.content
    assert response.json()["detail"].startswith(detail), response.json()["detail"]


def test_every_range_problem_is_named_at_once(client):
    body = {"shoes": 0, "decks": 9, "seed": 10**40, "bankroll": 0, "table_limit": 0}
    response = post(client, body)
    assert response.status_code == 400
    named = [part.split(":")[0] for part in response.json()["detail"].split("; ")]
    assert named == ["shoes", "decks", "seed", "bankroll", "table_limit"]


# hypothesis: any JSON value in each field.
SURROGATES = ["\ud800", "\udfff"]
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([0, 1, 8, 9, 100_000, 100_001, 10**30 - 1, 10**30, -(10**30), 2**64]),
        st.integers(-(10**3000), 10**3000),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
        st.sampled_from([*SYSTEMS, "", "Martingale", *SURROGATES]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
WHOLE = {"shoes": (1, 100_000), "decks": (1, 8), "bankroll": (1, 10**6), "table_limit": (1, 10**6)}
BUDGET = 300  # shoes a minute in the fuzzing below: a valid run costs little


def has_surrogate(value):
    if isinstance(value, str):
        return any(0xD800 <= ord(ch) <= 0xDFFF for ch in value)
    if isinstance(value, list):
        return any(map(has_surrogate, value))
    if isinstance(value, dict):
        return any(has_surrogate(k) or has_surrogate(v) for k, v in value.items())
    return False


def has_too_long_a_number(value):
    """A whole number of more digits than read_json converts, anywhere in `value`."""
    if type(value) is int:
        return len(str(abs(value))) > MAX_JSON_DIGITS
    if isinstance(value, list):
        return any(map(has_too_long_a_number, value))
    if isinstance(value, dict):
        return any(map(has_too_long_a_number, value.values()))
    return False


def expected_status(field, value):
    """What the API must answer for `value` in `field` (the other fields valid)."""
    if has_surrogate(value) or has_too_long_a_number(value):
        return 400  # refused as the body is read, naming the place
    if field in WHOLE:
        if type(value) is not int:
            return 422
        low, high = WHOLE[field]
        if not low <= value <= high:
            return 400
        return 400 if field == "shoes" and value > BUDGET else 200
    if field == "seed":
        if value is None:
            return 200
        if type(value) is not int:
            return 422
        return 200 if len(str(abs(value))) <= MAX_SEED_DIGITS else 400
    if value is None:
        return 200
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        return 422
    if any(name not in SYSTEMS for name in value) or len(set(value)) != len(value):
        return 400
    return 200


@pytest.fixture
def small_budget(settings):
    settings.ANON_SIMULATED_SHOES_RATE = f"{BUDGET}/min"


@pytest.mark.parametrize("field", [*WHOLE, "seed", "strategies"])
@settings(FUZZ, max_examples=80)
@given(value=json_values)
@example(value=True)
@example(value=1e3)
@example(value=[["martingale"]])
@example(value={"shoes": 1})
@example(value=["flat_banker", "flat_banker"])
def test_any_json_value_in_any_field(client, small_budget, field, value):
    cache.clear()  # each example with a whole budget
    body = {"shoes": 2} if field != "shoes" else {}
    response = post(client, {**body, field: value})
    status = response.status_code
    assert status == expected_status(field, value), (field, value, response.content)
    answer = response.json()
    if status == 200:
        SimulationOut.model_validate(answer)
    else:
        assert answer["detail"].startswith(field), (field, value, answer)


# --- the budget of shoes ---------------------------------------------------------------------


def test_the_default_budgets():
    from django.conf import settings as django_settings

    assert django_settings.ANON_SIMULATED_SHOES_RATE == "200000/min"
    assert django_settings.USER_SIMULATED_SHOES_RATE == "500000/min"
    assert simulated_shoes.rates() == (Rate(200_000, 60), Rate(500_000, 60))


def test_a_429_at_the_stated_budget_of_200000_shoes_a_minute(client, frozen_clock):
    """The real numbers, without dealing 200,000 shoes: the first 199,999 are charged
    straight to the budget, as two runs would have been."""
    request = RequestFactory().post(URL)  # from 127.0.0.1, as the test client
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    assert simulated_shoes.spend(request, 100_000) is None
    assert simulated_shoes.spend(request, 99_999) is None
    assert post(client, {"shoes": 1, "seed": 1}).status_code == 200
    refused = post(client, {"shoes": 1, "seed": 1})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    detail = refused.json()["detail"]
    assert detail.startswith("shoes: this server deals at most 200,000 shoes a minute for one")
    assert "try again in 1 second" in detail
    frozen_clock[0] += 60 * 1_000 / 200_000  # a thousand shoes' worth of the minute
    assert post(client, {"shoes": 1_000, "decks": 1, "seed": 1}).status_code == 200
    assert post(client, {"shoes": 1, "decks": 1, "seed": 1}).status_code == 429


def test_the_budget_counts_shoes_not_requests(client, settings, frozen_clock):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"
    assert post(client, {"shoes": 30, "seed": 1}).status_code == 200
    refused = post(client, {"shoes": 30, "seed": 1})
    assert refused.status_code == 429
    # 20 left; 10 more shoes come back in 12 seconds (50 a minute).
    assert refused["Retry-After"] == "12"
    assert refused.json()["detail"] == (
        "shoes: this server deals at most 50 shoes a minute for one address (a signed-in "
        "account may have 500,000 a minute); 20 are left now, so 30 more must wait: try "
        "again in 12 seconds, or ask for 20 or fewer"
    )
    # The refusal cost nothing: the 20 left are there.
    assert post(client, {"shoes": 20, "seed": 1}).status_code == 200
    assert post(client, {"shoes": 1, "seed": 1}).status_code == 429
    frozen_clock[0] += 11.9
    assert post(client, {"shoes": 10, "seed": 1}).status_code == 429
    frozen_clock[0] += 0.1
    assert post(client, {"shoes": 10, "seed": 1}).status_code == 200
    frozen_clock[0] += 60
    assert post(client, {"shoes": 50, "seed": 1}).status_code == 200


def test_a_run_larger_than_the_whole_budget_is_a_400_naming_shoes(client, settings):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"
    response = post(client, {"shoes": 51})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("shoes: 51 is too many at once: this server")
    assert "ask for at most 50" in response.json()["detail"]
    assert post(client, {"shoes": 50, "seed": 1}).status_code == 200


def test_refused_input_spends_nothing(client, settings):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"
    assert post(client, {"shoes": 50, "decks": 9}).status_code == 400
    assert post(client, {"shoes": 50, "strategies": ["x"]}).status_code == 400
    assert post(client, {"shoes": 50, "seed": 1}).status_code == 200


def test_each_address_and_each_account_has_its_own_budget(
    client, settings, frozen_clock, django_user_model
):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"
    settings.USER_SIMULATED_SHOES_RATE = "80/min"
    assert post(client, {"shoes": 50, "seed": 1}).status_code == 200
    assert post(client, {"shoes": 1, "seed": 1}).status_code == 429
    assert post(client, {"shoes": 50, "seed": 1}, REMOTE_ADDR="10.0.0.2").status_code == 200
    alice, bob = Client(), Client()
    alice.force_login(django_user_model.objects.create_user("alice"))
    bob.force_login(django_user_model.objects.create_user("bob"))
    assert post(alice, {"shoes": 80, "seed": 1}).status_code == 200
    refused = post(alice, {"shoes": 1, "seed": 1})
    assert refused.status_code == 429
    assert "at most 80 shoes a minute for one account; none are left" in refused.json()["detail"]
    assert post(bob, {"shoes": 80, "seed": 1}).status_code == 200


@pytest.mark.parametrize(
    "text, rate",
    [("200000/min", Rate(200_000, 60)), ("5000/10s", Rate(5_000, 10)), ("1/day", Rate(1, 86_400))],
)
def test_budgets_are_written_like_the_other_rates(text, rate):
    assert parse_rate(text, "X") == rate


@pytest.mark.parametrize("text", ["", "200000", "0/min", "5/0s", "5/week", "-5/min", "5/min/h"])
def test_a_mistyped_budget_stops_the_start(text):
    with pytest.raises(ImproperlyConfigured, match="amount/period"):
        parse_rate(text, "X")


# --- the document ----------------------------------------------------------------------------


def test_the_document_describes_the_operation(client):
    document = client.get("/api/v1/openapi.json").json()
    operation = document["paths"][URL]["post"]
    assert "deterministic" in operation["description"]
    assert "burned" in operation["description"] and "16 cards" in operation["description"]
    assert set(operation["responses"]) == {"200", "400", "415", "422", "429"}
    assert operation["responses"]["429"]["headers"]["Retry-After"]["required"] is True
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    body = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    assert set(body["properties"]) == set(WHOLE) | {"seed", "strategies", "continuation"}
    assert body["additionalProperties"] is False
    assert body["properties"]["shoes"]["maximum"] == 100_000
    # How a long run is dealt, with the real step, in the description and the fields.
    assert "at most 10,000 shoes" in operation["description"]
    assert '{"continuation": "…"}' in operation["description"]
    assert "10,000" in body["properties"]["continuation"]["description"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    out = document["components"]["schemas"][answer["$ref"].rsplit("/", 1)[1]]
    assert {"shoes_asked", "dealt_now", "complete", "continuation", "next_shoes"} <= set(
        out["required"]
    )


# --- a long run, step by step ------------------------------------------------------------------

MADE = ("shoes_asked", "dealt_now", "complete", "continuation", "next_shoes")


def the_run(answer):
    """An answer as the engine's Tally.answer() gives it: without `seconds` and the fields
    this module adds (bankroll and table_limit, the step's)."""
    return {
        key: value
        for key, value in answer.items()
        if key not in {"seconds", "bankroll", "table_limit", *MADE}
    }


def in_steps(client, body, *, same_body=False):
    """Every answer of a run, from its first request to its last continuation."""
    answers = [run(client, **body)]
    while answers[-1]["continuation"] is not None:
        next_body = {**body} if same_body else {}
        next_body["continuation"] = answers[-1]["continuation"]
        answers.append(run(client, **next_body))
    return answers


@pytest.fixture
def dealer_spy(monkeypatch):
    """The shoes each call of the engine's chunk dealer deals (baccarat.simulation.chance's
    deal_shoes, which every Tally deals with), cleared by the test between requests."""
    dealt = []
    real = chance.deal_shoes

    def spy(decks, shoes, seed, chunk=0):
        dealt.append(shoes)
        return real(decks, shoes, seed, chunk)

    monkeypatch.setattr(chance, "deal_shoes", spy)
    return dealt


def test_a_long_run_is_dealt_in_steps_that_add_up_to_the_run_dealt_at_once(client):
    """The real numbers: 25,000 shoes are 10,000, 10,000 and 5,000, and the last answer is
    the engine's own run of 25,000 shoes, every figure exactly (the strategies' sums too)."""
    body = {"shoes": 25_000, "decks": 1, "seed": 4_242}
    answers = in_steps(client, body)
    assert [a["shoes"] for a in answers] == [10_000, 20_000, 25_000]
    assert [a["dealt_now"] for a in answers] == [10_000, 10_000, 5_000]
    assert [a["next_shoes"] for a in answers] == [10_000, 5_000, 0]
    assert [a["complete"] for a in answers] == [False, False, True]
    assert {a["shoes_asked"] for a in answers} == {25_000}
    assert {a["seed"] for a in answers} == {4_242}
    for answer in answers:
        SimulationOut.model_validate(answer)
    at_once = Tally(1, 4_242, 25_000, tuple(SYSTEMS)).run().answer()
    at_once.pop("seconds")
    last = the_run(answers[-1])
    for key in ("counts", "longest_streak", "derived", "strategies", "hands", "share"):
        assert last[key] == at_once[key], key
    assert last == at_once
    # Each step is the run so far: the first is a run of its 10,000 shoes.
    first = Tally(1, 4_242, 10_000, tuple(SYSTEMS)).run().answer()
    first.pop("seconds")
    assert the_run(answers[0]) == first


@pytest.mark.parametrize("same_body", [False, True], ids=["alone", "with-the-body"])
def test_steps_of_odd_sizes_add_up_too(client, monkeypatch, same_body):
    """Chunks of 7 shoes and steps of at most 20: 100 shoes in steps of two chunks, the
    last of 7 and 2; the seed drawn by the first answer is the run's throughout."""
    monkeypatch.setattr(simulation, "CHUNK", 7)
    monkeypatch.setattr(runs, "STEP_SHOES", 20)
    body = {"shoes": 100, "decks": 6, "strategies": ["martingale", "follow_the_streak"]}
    answers = in_steps(client, body, same_body=same_body)
    assert [a["dealt_now"] for a in answers] == [14] * 6 + [16]
    seed = answers[0]["seed"]
    assert {a["seed"] for a in answers} == {seed}
    at_once = Tally(6, seed, 100, ("martingale", "follow_the_streak")).run().answer()
    at_once.pop("seconds")
    assert the_run(answers[-1]) == at_once
    assert answers[-1]["continuation"] is None and answers[-1]["complete"]


def test_no_request_deals_more_than_the_labs_step(client, dealer_spy):
    """The most a run may ask, 100,000 shoes: ten requests of 10,000 (five chunks each),
    each dealing what it says it dealt; one shoe more than the step is two requests."""
    answers = [run(client, shoes=MAX_SHOES, decks=1, seed=3, strategies=[])]
    per_request = [sum(dealer_spy)]
    while answers[-1]["continuation"]:
        dealer_spy.clear()
        answers.append(run(client, continuation=answers[-1]["continuation"]))
        per_request.append(sum(dealer_spy))
    assert runs.STEP_SHOES == 5 * CHUNK == 10_000
    assert per_request == [a["dealt_now"] for a in answers] == [10_000] * 10
    assert answers[-1]["shoes"] == MAX_SHOES and answers[-1]["complete"]
    dealer_spy.clear()
    over = run(client, shoes=runs.STEP_SHOES + 1, decks=1, seed=3, strategies=[])
    assert sum(dealer_spy) == over["shoes"] == runs.STEP_SHOES and over["next_shoes"] == 1
    dealer_spy.clear()
    whole = run(client, shoes=runs.STEP_SHOES, decks=1, seed=3, strategies=[])
    assert sum(dealer_spy) == runs.STEP_SHOES and whole["complete"]
    assert whole["continuation"] is None and whole["next_shoes"] == 0


def test_the_step_is_the_labs_own_constant(client, dealer_spy, monkeypatch):
    """One number, not two: a smaller lab step is a smaller API step, and the lab's pages
    deal no more than it either, at once or in steps, with or without a script."""
    monkeypatch.setattr(runs, "STEP_SHOES", 2 * CHUNK)
    answer = run(client, shoes=5 * CHUNK, decks=1, seed=8, strategies=[])
    assert sum(dealer_spy) == answer["dealt_now"] == 2 * CHUNK
    dealer_spy.clear()
    # A quick run of more shoes than a step is not dealt at once by the lab either.
    lab_run = Run(3 * CHUNK, 1, 8, ())
    assert runs.estimate(lab_run) < runs.AT_ONCE and not runs.at_once(lab_run)
    html = client.get("/lab/", {"shoes": 3 * CHUNK, "decks": 1, "seed": 8, "system": ""})
    assert dealer_spy == [] and 'name="state"' in html.content.decode()
    state = html.content.decode().split('name="state" value="')[1].split('"')[0]
    for headers in ({}, HTMX):  # 2 s a step without a script
        dealer_spy.clear()
        assert client.post("/lab/step/", {"state": state}, **headers).status_code == 200
        assert sum(dealer_spy) == 2 * CHUNK


def test_a_continuation_may_repeat_the_runs_fields_but_not_change_them(client):
    body = {"shoes": 15_000, "decks": 1, "seed": 5, "strategies": ["flat_banker"], "bankroll": 50}
    token = run(client, **body)["continuation"]
    again = run(client, **{**body, "seed": None}, continuation=token)  # null: the run's
    assert again["complete"] and again["seed"] == 5 and again["bankroll"] == 50
    for field, value in [
        ("seed", 6),
        ("shoes", 20_000),
        ("decks", 2),
        ("strategies", ["flat_player"]),
        ("strategies", None),  # null is all of them: not this run's
        ("bankroll", 100),
        ("table_limit", 7),
    ]:
        response = post(client, {"continuation": token, field: value})
        assert response.status_code == 400, (field, response.content)
        detail = response.json()["detail"]
        assert detail.startswith(f"{field}: "), detail
        assert "is not this run's" in detail and "a continuation carries on the run" in detail
    detail = post(client, {"continuation": token, "seed": 6, "decks": 1}).json()["detail"]
    assert detail.startswith("seed: 6 is not this run's (5)")
    detail = post(client, {"continuation": token, "strategies": []}).json()["detail"]
    assert detail.startswith('strategies: [] is not this run\'s (["flat_banker"])')
    # Still checked as any request is: out of range is out of range.
    response = post(client, {"continuation": token, "decks": 9})
    assert response.json()["detail"].startswith("decks: 9 is not a number of decks")


def first_token(client, shoes=15_000):
    return run(client, shoes=shoes, decks=1, seed=1, strategies=[])["continuation"]


def refused_continuation(client, token, start):
    response = post(client, {"continuation": token})
    assert response.status_code == 400, response.content
    detail = response.json()["detail"]
    assert detail.startswith(f"continuation: {start}"), detail
    return detail


def test_a_changed_or_garbled_continuation_is_a_400_naming_it(client):
    token = first_token(client)
    value, _colon, signature = token.rpartition(":")
    changed = value[:-1] + ("A" if value[-1] != "A" else "B") + ":" + signature
    for bad in (changed, token[:-1], "garbage", token + "x", token.replace(":", ";")):
        refused_continuation(client, bad, "it was changed or garbled")
    # A lab step's state is the same run written the same way, under another salt.
    lab_state = runs.sealed(runs.new_tally(Run(15_000, 1, 1, ())))
    refused_continuation(client, lab_state, "it was changed or garbled")
    # Well signed but not a run (only a leaked key could write one).
    not_a_run = signing.dumps({"decks": 8}, salt="api.simulations", compress=True)
    refused_continuation(client, not_a_run, "it cannot be read")
    refused_continuation(client, "", "it is empty")


def test_a_continuation_longer_than_any_the_server_gives_is_a_400(client):
    longest = MAX_CONTINUATION + 1
    assert 4 * len(first_token(client)) < MAX_CONTINUATION  # room for the largest runs
    detail = refused_continuation(client, "x" * longest, "32,001 characters is longer than")
    assert "(at most 32,000)" in detail


def test_a_continuation_over_an_hour_old_is_a_400_naming_it(client, monkeypatch):
    token = first_token(client)
    later = time.time() + runs.MAX_AGE + 1

    class AnHourLater:
        @staticmethod
        def time():
            return later

    monkeypatch.setattr(signing, "time", AnHourLater)
    refused_continuation(client, token, "it is more than an hour old; start the run again")
    later = time.time() + runs.MAX_AGE - 60  # a minute before: still good
    assert run(client, continuation=token)["complete"]


@settings(FUZZ, max_examples=60)
@given(
    value=st.one_of(
        st.text(max_size=300),
        st.text(alphabet=".:-_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF", min_size=20),
        st.sampled_from([0, 1.5, True, [], {}, ["x"]]),
    )
)
def test_any_continuation_is_a_400_or_422_naming_it(client, value):
    response = post(client, {"continuation": value})
    expected = 422 if not isinstance(value, str) else 400
    assert response.status_code == expected, (value, response.content)
    assert response.json()["detail"].startswith("continuation"), response.content


def test_refused_continuations_spend_nothing(client, settings, frozen_clock):
    settings.ANON_SIMULATED_SHOES_RATE = "22000/min"
    token = first_token(client)  # 10,000 of the 22,000
    assert post(client, {"continuation": "garbage"}).status_code == 400
    assert post(client, {"continuation": token, "seed": 2}).status_code == 400
    assert run(client, continuation=token)["dealt_now"] == 5_000
    assert post(client, {"shoes": 7_000, "seed": 1, "decks": 1}).status_code == 200
    assert post(client, {"shoes": 1, "seed": 1, "decks": 1}).status_code == 429


def test_each_step_is_charged_and_a_429_comes_when_the_steps_pass_the_budget(
    client, settings, frozen_clock
):
    """25,000 shoes a minute: a run of 30,000 is no longer too many at once, as each request
    is charged for its step; the third step passes the budget and must wait, and the same
    continuation then deals it."""
    settings.ANON_SIMULATED_SHOES_RATE = "25000/min"
    first = run(client, shoes=30_000, decks=1, seed=1, strategies=[])
    second = run(client, continuation=first["continuation"])
    refused = post(client, {"continuation": second["continuation"]})
    assert refused.status_code == 429
    # 5,000 are left; 5,000 more come back in 12 seconds (25,000 a minute).
    assert refused["Retry-After"] == "12"
    assert refused.json()["detail"] == (
        "continuation: this server deals at most 25,000 shoes a minute for one address (a "
        "signed-in account may have 500,000 a minute); 5,000 are left now, so the next 10,000 "
        "shoes of this run must wait: send it again in 12 seconds"
    )
    # The refusal cost nothing: 5,000 are still there.
    assert run(client, shoes=5_000, decks=1, seed=2, strategies=[])["complete"]
    frozen_clock[0] += 24  # the 10,000 of the step: 24 seconds of the minute
    third = run(client, continuation=second["continuation"])
    assert third["complete"] and third["shoes"] == 30_000
    assert post(client, {"shoes": 1, "seed": 1}).status_code == 429


def test_a_step_larger_than_the_whole_budget_is_a_400_naming_shoes(client, settings):
    settings.ANON_SIMULATED_SHOES_RATE = "5000/min"
    response = post(client, {"shoes": 30_000, "decks": 1})
    assert response.status_code == 400
    assert response.json()["detail"] == (
        "shoes: 30,000 are dealt 10,000 at a time, and 10,000 are too many at once: this "
        "server deals at most 5,000 shoes a minute for one address (a signed-in account may "
        "have 500,000 a minute); ask for at most 5,000"
    )
    assert post(client, {"shoes": 5_000, "decks": 1, "seed": 1}).status_code == 200
