"""Export and import of a shoe (tracker/exchange.py): round trips, every kind of problem
with its place, the size caps, and nothing saved when anything is wrong."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.exchange import MAX_HANDS, read_shoe, sniff_format
from tracker.exchange_hand import ShoeHand
from tracker.exchange_problems import ShoeImportError
from tracker.export import csv_text, json_text

HANDS = [
    ShoeHand("B", natural=True, cards=("4", "8h", "K", "Q")),  # Player 4, Banker 8
    ShoeHand("P", player_pair=True, cards=("9", "8s", "K", "K")),  # Player 9, Banker 8
    ShoeHand("T"),
    ShoeHand("B", banker_pair=True, player_pair=True),
    ShoeHand("P", cards=("?", "?", "?", "?")),
]

hands_strategy = st.lists(
    st.builds(
        ShoeHand,
        st.sampled_from("BPT"),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.none(),
    ),
    min_size=1,
    max_size=60,
)


def problems(text, **kwargs):
    parsed = read_shoe(text, **kwargs)
    assert not parsed.ok and parsed.hands == []
    return parsed.report


# --- round trips ---------------------------------------------------------------------------


def test_csv_round_trip():
    text = csv_text(HANDS)
    assert text.splitlines()[0] == "seq,outcome,player_pair,banker_pair,natural,cards"
    assert text.splitlines()[1] == "1,B,0,0,1,4 8h K Q"
    parsed = read_shoe(text)
    assert parsed.format == "csv" and parsed.ok, parsed.report
    assert parsed.hands == HANDS


def test_json_round_trip_keeps_name_and_decks():
    text = json_text("Table 7", 6, HANDS)
    document = json.loads(text)
    assert document["hands"][0] == {
        "seq": 1,
        "outcome": "B",
        "player_pair": False,
        "banker_pair": False,
        "natural": True,
        "cards": ["4", "8h", "K", "Q"],
    }
    assert document["hands"][2]["cards"] is None
    parsed = read_shoe(text)
    assert parsed.format == "json" and parsed.ok, parsed.report
    assert parsed.hands == HANDS
    assert (parsed.name, parsed.decks) == ("Table 7", 6)


@given(hands_strategy)
def test_round_trips_for_any_shoe(hands):
    assert read_shoe(csv_text(hands)).hands == hands
    assert read_shoe(json_text("x", 8, hands)).hands == hands
    plain = "".join(h.outcome for h in hands)
    assert [h.outcome for h in read_shoe(plain).hands] == list(plain)


def test_plain_string_several_lines():
    parsed = read_shoe("BPPT BBP\n  bpt\n\n")
    assert parsed.format == "plain" and parsed.ok
    assert "".join(h.outcome for h in parsed.hands) == "BPPTBBPBPT"


def test_csv_reads_other_spellings():
    text = (
        "\ufeffSeq, Outcome ,player_pair,banker_pair,natural,cards\r\n"
        "1,banker,true,FALSE,yes,10♠ 4 qH K\r\n"
        "2,p,,no,0,\r\n"
        "\r\n"
    )
    parsed = read_shoe(text)
    assert parsed.ok, parsed.report
    assert parsed.hands == [
        ShoeHand("B", True, False, True, ("Ts", "4", "Qh", "K")),
        ShoeHand("P"),
    ]


def test_csv_cards_may_be_split_by_commas():
    parsed = read_shoe('outcome,cards\nB,"4, 8h,K,Q"\n')
    assert parsed.hands == [ShoeHand("B", cards=("4", "8h", "K", "Q"))]


def test_csv_columns_may_be_fewer_and_in_another_order():
    parsed = read_shoe("outcome,natural\nB,1\nT,0\n")
    assert parsed.ok and parsed.hands == [ShoeHand("B", natural=True), ShoeHand("T")]


def test_json_bare_lists_and_api_history():
    assert read_shoe('["B", "p", "T"]').hands == [ShoeHand("B"), ShoeHand("P"), ShoeHand("T")]
    history = {"id": 3, "columns": ["B"], "history": [{"seq": 1, "outcome": "B"}]}
    assert read_shoe(json.dumps(history)).hands == [ShoeHand("B")]


def test_sniffing():
    assert sniff_format('  {"hands": []}') == "json"
    assert sniff_format("[]") == "json"
    assert sniff_format("seq,outcome\n1,B") == "csv"
    assert sniff_format("BPT") == "plain"
    assert sniff_format("BPT", filename="shoe.csv") == "csv"
    assert sniff_format("{", filename="shoe.txt") == "plain"
    assert sniff_format("BPT", declared="JSON") == "json"


# --- problems, each with its place ---------------------------------------------------


def test_plain_problems_name_line_and_character():
    assert problems("BPPT BBP\nBP X\n  Z") == [
        "line 2, character 4: 'X' is not an outcome; use B, P or T",
        "line 3, character 3: 'Z' is not an outcome; use B, P or T",
    ]


def test_csv_problems_name_the_line():
    text = (
        "seq,outcome,player_pair,banker_pair,natural,cards\n"
        "1,B,0,0,0,\n"
        "2,Z,0,0,0,\n"
        "3,B,maybe,0,0,\n"
        "4,P,0,0,0,4 Zh\n"
        "5,P,0\n"
        "7,P,0,0,0,\n"
        "8,B,0,0,0,4 2 4 3\n"
    )
    report = problems(text)
    assert report[0] == "line 3: outcome 'Z' is not B, P or T"
    assert report[1].startswith("line 4: player_pair 'maybe' is not a yes/no value")
    assert report[2].startswith("line 5: cards[1]: 'Zh' is not a card")
    assert report[3] == (
        "line 6: 3 columns, but the header has 6 "
        "(seq,outcome,player_pair,banker_pair,natural,cards)"
    )
    assert report[4] == "line 7: seq 7 is out of order; expected 6"
    assert report[5] == (
        "line 8: cards: these cards make Player the winner, but the outcome says Banker"
    )
    assert len(report) == 6


def test_csv_bad_header():
    report = problems("seq,outcom,natural\n1,B,0\n")
    assert report[0].startswith("line 1: column 2, 'outcom', is not a column of a shoe")
    assert any("no outcome column" in line for line in report)
    assert problems("seq,outcome,seq\n")[0] == "line 1: column 'seq' appears twice"


def test_json_parse_error_has_line_and_column():
    assert problems('{"hands": [\n  "B",\n  x]}') == [
        "line 3, character 3: not valid JSON: Expecting value"
    ]


def test_json_wrong_types_name_the_hand():
    document = {
        "name": "",
        "decks": 9,
        "hands": [
            "B",
            7,
            {"seq": 3, "outcome": "Q", "natural": "yes", "cards": ["Z"], "colour": "red"},
            {"outcome": "P", "cards": "4 4 4"},
            {"seq": 9, "player_pair": True},
        ],
    }
    report = problems(json.dumps(document))
    assert report == [
        "name: must be text of 1 to 100 characters",
        "decks: 9 is not a whole number from 1 to 8",
        'hands[1]: int is not a hand; expected an object like {"outcome": "B"} or a '
        'letter "B", "P" or "T"',
        "hands[2].colour: unknown key; a hand has seq, outcome, player_pair, banker_pair, "
        "natural, cards",
        "hands[2].outcome: 'Q' is not B, P or T",
        "hands[2].natural: 'yes' is not true or false",
        "hands[2].cards[0]: 'Z' is not a card: write a rank A, 2-9, T (or 10), J, Q or K, "
        "optionally followed by a suit (S, H, D, C or ♠ ♥ ♦ ♣), or ? for an unknown card.",
        "hands[4].seq: 9 is out of order; expected 5",
        "hands[4].outcome: missing; give B, P or T",
    ]


def test_json_top_level_shapes():
    assert problems('"BPT"', format="json") == [
        "expected an object with a 'hands' list, or a list of hands"
    ]
    assert problems('{"name": "x"}') == ["hands: no 'hands' list"]
    assert problems('{"hands": "BPT"}') == ["hands: must be a list of hands"]


def test_too_many_cards():
    report = problems("outcome,cards\nP,4 2 4 3 9\n")
    assert report[0].startswith("line 2: cards: Too many cards") or "no third card" in report[0]


def test_empty_and_size_caps():
    assert problems("") == ["there are no hands to import"]
    assert problems("seq,outcome\n") == ["there are no hands to import"]
    assert problems("B" * (MAX_HANDS + 1)) == ["2,001 hands; a shoe can hold at most 2,000"]
    assert read_shoe("BP" * (MAX_HANDS // 2)).ok
    big = problems("B" * 1_000_001)
    assert big == [
        "the file is 1,000,001 bytes; the limit is 1 MB (1,000,000 bytes, and a shoe has at "
        "most 2,000 hands)"
    ]
    assert problems(b"\xff\xfeB") == ["the file is not UTF-8 text (byte 1)"]


def test_problem_list_is_capped():
    parsed = read_shoe("X" * 500)
    assert len(parsed.problems) == 20
    assert parsed.report[-1] == "… and 480 more problems not listed."


# --- saving: one transaction, only from a clean read -----------------------------------


@pytest.mark.django_db
def test_save_creates_shoe_and_hands():
    from tracker.importing import save_shoe

    shoe = save_shoe(read_shoe(csv_text(HANDS)), name="Imported", decks=6, visitor="v1")
    assert (shoe.name, shoe.decks, shoe.visitor) == ("Imported", 6, "v1")
    hands = list(shoe.hands.all())
    assert [h.seq for h in hands] == [1, 2, 3, 4, 5]
    assert hands[0].cards == ["4", "8h", "K", "Q"] and hands[2].cards is None
    assert "".join(h.outcome for h in hands) == "BPTBP"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text",
    [
        "BPPT\nBBX",
        "seq,outcome\n1,B\n2,Q\n",
        '{"hands": ["B", "P", {"outcome": "B", "cards": ["4", "2", "4", "3"]}]}',
        '{"hands": ["B",',
        "",
    ],
)
def test_nothing_saved_on_any_problem(anonymous_request, text):
    from tracker.importing import import_shoe, save_shoe
    from tracker.models import Hand, Shoe

    request = anonymous_request
    shoe, parsed = import_shoe(request, text)
    assert shoe is None and not parsed.ok and parsed.report
    with pytest.raises(ShoeImportError):
        save_shoe(parsed, name="x", visitor="v")
    assert Shoe.objects.count() == 0 and Hand.objects.count() == 0
    assert "visitor" not in request.session


@pytest.mark.django_db
def test_import_shoe_belongs_to_the_caller(anonymous_request):
    from tracker.importing import import_shoe
    from tracker.models import Shoe

    request = anonymous_request
    shoe, parsed = import_shoe(request, json_text("Evening", 7, HANDS), filename="a.json")
    assert parsed.ok and shoe is not None
    assert (shoe.name, shoe.decks, shoe.hands.count()) == ("Evening", 7, 5)
    assert list(Shoe.objects.owned_by(request)) == [shoe]
    # The name given wins; else the file's stem.
    shoe, _ = import_shoe(request, "BPT", filename="tuesday.txt")
    assert shoe.name == "tuesday"
    shoe, _ = import_shoe(request, "BPT", name="  Mine  ", decks=1)
    assert (shoe.name, shoe.decks) == ("Mine", 1)
    shoe, parsed = import_shoe(request, "BPT", decks=9)
    assert shoe is None and parsed.report == ["decks: 9 is not a whole number from 1 to 8"]
    assert Shoe.objects.count() == 3
