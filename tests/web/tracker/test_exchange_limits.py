"""The importer's limits (tracker/exchange.py, from a security review): nesting that would
exhaust the parser, lone surrogates, NUL and control characters in names (from the file, the
form or the file's name), numbers that only look like flags or sequence numbers, empty card
lists, and the hand count of a file far over the limit. The page tests at the end post to
/tracker/import/ and check that nothing is stored."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from guards.inputs import MAX_JSON_DEPTH
from tracker.exchange import MAX_HANDS, default_name, read_shoe
from tracker.exchange_problems import ShoeImport

DEEP = "[" * 19_000  # deep enough to exhaust the parser; few enough brackets to be read
TOO_DEEP = f"lists and objects nest too deeply (at most {MAX_JSON_DEPTH} levels)"


def problems(text, **kwargs):
    parsed = read_shoe(text, **kwargs)
    assert parsed.hands == [] or parsed.ok
    return parsed.report


def hands(text, **kwargs):
    parsed = read_shoe(text, **kwargs)
    assert parsed.ok, parsed.report
    return parsed.hands


def safe(line):
    """A message fit to show: encodable, with no raw NUL, control or surrogate character."""
    line.encode("utf-8")
    return all(ch.isprintable() for ch in line)


# --- nesting and the JSON reader's other refusals ---------------------------------------


@pytest.mark.parametrize("text", [DEEP, DEEP.encode()])
def test_deep_nesting_is_one_problem_not_a_crash(text):
    assert problems(text) == [TOO_DEEP]  # sniffed as JSON
    assert problems(text, filename="shoe.json") == [TOO_DEEP]
    assert problems(text, format="json") == [TOO_DEEP]


def test_nesting_past_the_limit_but_short_of_the_stack_is_named_by_its_path():
    report = problems("[" * 40 + "]" * 40)
    assert len(report) == 1
    assert report[0] == "[0]" * MAX_JSON_DEPTH + ": " + TOO_DEEP


def test_deep_nesting_inside_a_hand_is_refused():
    cards = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    report = problems('{"hands": [{"outcome": "B", "cards": ' + cards + "}]}")
    assert len(report) == 1 and "nest too deeply" in report[0]
    assert report[0].startswith("hands[0].cards")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"hands": [{"outcome": NaN}]}', "hands[0].outcome: NaN is not a JSON number"),
        ('{"hands": ["B"], "decks": Infinity}', "decks: Infinity is not a JSON number"),
        (
            '{"hands": ["B"], "decks": 1' + "0" * 5000 + "}",
            "decks: a whole number of 5,001 digits is too long; at most 100 digits",
        ),
        (
            '{"hands": [{"seq": -' + "9" * 101 + ', "outcome": "B"}]}',
            "hands[0].seq: a whole number of 101 digits is too long; at most 100 digits",
        ),
        ('{"hands": ["B"], "decks": 1e999}', "decks: 1e999 is too large a number"),
    ],
)
def test_numbers_json_cannot_hold_are_problems_at_their_place(text, expected):
    """Each said where it stands in the file, before int() or float() reads it."""
    assert problems(text) == [expected]


def test_syntax_errors_keep_their_line_and_character():
    assert problems('{"hands": [\n  "B",\n  x]}') == [
        "line 3, character 3: not valid JSON: Expecting value"
    ]


# --- lone surrogates, NUL and control characters ----------------------------------------


@pytest.mark.parametrize(
    ("document", "where"),
    [
        ('{"name": "Table \\ud800", "hands": ["B"]}', "name"),
        ('{"hands": ["\\udfff"]}', "hands[0]"),
        ('{"hands": [{"outcome": "B\\ud800"}]}', "hands[0].outcome"),
        ('{"hands": [{"outcome": "P", "cards": ["4", "\\ud83d"]}]}', "hands[0].cards[1]"),
        ('{"hands": [{"outcome": "B", "\\ud800": 1}]}', "hands[0]"),
    ],
)
def test_a_lone_surrogate_anywhere_is_named_and_escaped(document, where):
    report = problems(document)
    assert len(report) == 1
    assert report[0].startswith(f"{where}: ")
    assert "lone UTF-16 surrogate" in report[0]
    assert safe(report[0])  # written as \ud800, never the character itself


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Table\x009", "name: character 6 is a NUL byte (\\x00), which text may not contain"),
        ("Table\x1b[31m", "name: character 6 is a control character (\\x1b)"),
        ("Two\nlines", "name: character 4 is a control character (\\"),
    ],
)
def test_a_json_name_with_nul_or_a_control_character_is_refused(name, expected):
    document = json.dumps({"name": name, "hands": ["B"]})
    report = problems(document)
    assert len(report) == 1 and report[0].startswith(expected) and safe(report[0])


def test_a_json_name_keeps_surrounding_spaces_out_of_the_check():
    assert read_shoe(json.dumps({"name": "  Table 9 \n", "hands": ["B"]})).name == "Table 9"


def test_messages_escape_what_they_echo():
    document = json.dumps(
        {
            "hands": [
                {"outcome": "B\x00", "natural": "\x07"},
                {"outcome": "P", "cards": ["4\x1b"], "\x00key": 1, "k" * 200: 2},
                "\u202eB",
            ]
        }
    )
    report = problems(document)
    assert len(report) == 6
    assert all(safe(line) for line in report), report
    assert all(len(line) < 300 for line in report), report
    csv = "seq,outcome,natural,cards\n1,B\x07,\x1b,4\x00\n\x01,B,0,\n"
    report = problems(csv)
    assert report and all(safe(line) for line in report), report


# --- flags, seq and decks are what JSON says they are -----------------------------------


@pytest.mark.parametrize("value", [1.0, 0.0, 2, -1, "1", "true", [], {}])
def test_json_flags_are_true_false_0_or_1_only(value):
    document = json.dumps({"hands": [{"outcome": "B", "natural": value}]})
    assert problems(document) == [f"hands[0].natural: {value!r} is not true or false"]


@pytest.mark.parametrize(("value", "flag"), [(True, True), (False, False), (1, True), (0, False)])
def test_json_flags_accepted(value, flag):
    document = json.dumps({"hands": [{"outcome": "B", "natural": value}]})
    assert hands(document)[0].natural is flag


@pytest.mark.parametrize(("value", "shown"), [(1.0, "1.0"), (True, "true"), ("1", '"1"')])
def test_json_seq_must_be_a_whole_number(value, shown):
    document = json.dumps({"hands": [{"seq": value, "outcome": "B"}]})
    assert problems(document) == [f"hands[0].seq: “{shown}” is not a whole number; expected 1"]
    assert hands(json.dumps({"hands": [{"seq": 1, "outcome": "B"}]}))[0].outcome == "B"


@pytest.mark.parametrize("value", [1.0, 8.0, True, "8"])
def test_json_decks_must_be_a_whole_number(value):
    document = json.dumps({"decks": value, "hands": ["B"]})
    assert problems(document) == [f"decks: {value!r} is not a whole number from 1 to 8"]


@pytest.mark.parametrize("seq", ["²", "٣", "1" * 5000, "-1", "1.0"])
def test_csv_seq_that_is_not_ascii_digits_is_a_problem_not_a_crash(seq):
    report = problems(f"seq,outcome\n1,B\n{seq},P\n")
    assert len(report) == 1
    assert (
        report[0].startswith("line 3: seq “") and "is not a whole number; expected 2" in report[0]
    )


# --- empty card lists -------------------------------------------------------------------


@pytest.mark.parametrize("cards", [[], "", "   ", None])
def test_empty_cards_in_json_mean_no_cards_recorded(cards):
    document = json.dumps({"hands": [{"outcome": "B", "cards": cards}]})
    assert hands(document)[0].cards is None


def test_empty_cards_in_csv_mean_no_cards_recorded():
    assert hands("outcome,cards\nB,\nP, \n")[0].cards is None
    assert [hand.cards for hand in hands("outcome,cards\nB,\nP, \n")] == [None, None]


@pytest.mark.django_db
def test_an_empty_cards_list_is_stored_as_null():
    from tracker.importing import save_shoe

    parsed = read_shoe('{"hands": [{"outcome": "B", "cards": []}, {"outcome": "P"}]}')
    shoe = save_shoe(parsed, name="x", visitor="v")
    assert list(shoe.hands.values_list("cards", flat=True)) == [None, None]


# --- counting a file far over the limit -------------------------------------------------


def test_a_csv_far_over_the_limit_says_how_many_hands_it_holds():
    rows = "".join(f"{seq},B\n" for seq in range(1, 3_001))
    assert problems("seq,outcome\n" + rows) == ["3,000 hands; a shoe can hold at most 2,000"]
    # Far over: refused by its lines, before a row is read.
    rows = "".join(f"{seq},B\n" for seq in range(1, 10_001))
    assert problems("seq,outcome\n" + rows) == [
        "10,001 lines; a shoe file has a header and at most 2,000 hands, one a line"
    ]
    # Blank lines are not hands; rows past the limit are only counted, not read.
    junk = "\n".join(["x,Z,not,a,row"] * 3_000)
    report = problems("outcome\n" + "B\n\n" * MAX_HANDS + junk)
    assert report == ["5,000 hands; a shoe can hold at most 2,000"]


def test_problems_before_the_limit_are_listed_with_the_count():
    report = problems("outcome\nZ\n" + "B\n" * 2_499)
    assert report == [
        "line 2: outcome 'Z' is not B, P or T",
        "2,500 hands; a shoe can hold at most 2,000",
    ]


def test_plain_and_json_far_over_the_limit_say_how_many():
    assert problems("B" * 10_000) == ["10,000 hands; a shoe can hold at most 2,000"]
    assert problems(json.dumps(["B"] * 3_000)) == ["3,000 hands; a shoe can hold at most 2,000"]
    assert problems(json.dumps({"hands": ["P"] * 2_001})) == [
        "2,001 hands; a shoe can hold at most 2,000"
    ]
    assert read_shoe("B" * MAX_HANDS).ok and read_shoe("seq,outcome\n" + "1,B\n" * 1).ok


# --- names from the form and from the file's name ---------------------------------------


@pytest.mark.parametrize(
    ("filename", "name"),
    [
        ("Evening table.csv", "Evening table"),
        ("Evening\x01table.csv", "Evening table"),
        ("\x00night\x1b[0m.json", "night [0m"),
        ("bad\ud800name.txt", "bad name"),
        ("C:\\shoes\\\x07.csv", "Imported shoe"),
        ("\x01\x02\x03", "Imported shoe"),
        (None, "Imported shoe"),
    ],
)
def test_default_name_never_holds_a_character_a_name_may_not(filename, name):
    assert default_name(ShoeImport("csv"), filename) == name


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Table\x009", "Table\x01", "bad \ud800"])
def test_import_shoe_refuses_a_name_with_nul_control_or_surrogate(anonymous_request, name):
    from tracker.importing import import_shoe
    from tracker.models import Shoe

    shoe, parsed = import_shoe(anonymous_request, "BPB", name=name)
    assert shoe is None and not parsed.ok
    assert len(parsed.report) == 1 and parsed.report[0].startswith("name: character ")
    assert safe(parsed.report[0])
    assert not Shoe.objects.exists()


@pytest.mark.django_db
def test_import_shoe_cleans_the_file_name_it_names_the_shoe_after(anonymous_request):
    from tracker.importing import import_shoe

    shoe, parsed = import_shoe(anonymous_request, b"BPB", filename="Late\x00\x1bshoe.txt")
    assert parsed.ok and shoe.name == "Late shoe"


# --- the import page --------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("as_file", [False, True])
def test_import_page_refuses_deep_nesting_with_400(client, as_file):
    from tracker.models import Hand, Shoe

    before = Shoe.objects.count()
    data = {"file": SimpleUploadedFile("deep.json", DEEP.encode())} if as_file else {"text": DEEP}
    response = client.post("/tracker/import/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert TOO_DEEP in html and 'id="import-problems"' in html
    assert Shoe.objects.count() == before and not Hand.objects.exists()


@pytest.mark.django_db
def test_import_page_refuses_a_control_character_in_the_name(client):
    from tracker.models import Shoe

    # Refused by the form, or else by the importer: either way a 400 naming the character.
    response = client.post("/tracker/import/", {"text": "BPB", "name": "Table\x019"})
    assert response.status_code == 400
    assert "character 6 is a control character (\\x01)" in response.content.decode()
    assert not Shoe.objects.exists()


@pytest.mark.django_db
def test_import_page_refuses_a_json_file_whose_name_holds_a_nul_or_surrogate(client):
    from tracker.models import Shoe

    for name in ("a\\u0000b", "a\\ud800b"):
        upload = SimpleUploadedFile(
            "shoe.json", ('{"name": "' + name + '", "hands": ["B"]}').encode()
        )
        response = client.post("/tracker/import/", {"file": upload})
        assert response.status_code == 400
        assert "name: character 2 is a" in response.content.decode()
    assert not Shoe.objects.exists()


@pytest.mark.django_db
def test_import_page_file_name_with_a_control_character(client):
    from tracker.models import Shoe

    upload = SimpleUploadedFile("evening\x01\x1btable.txt", b"BPPB")
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 302
    name = Shoe.objects.get().name
    assert name and all(ch.isprintable() for ch in name) and "table" in name
