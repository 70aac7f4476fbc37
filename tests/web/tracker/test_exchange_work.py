"""What a shoe file of junk costs the importer, asserted as work done, not time (an outside
probe once pasted 999,000 characters into /tracker/import/ took 9 s of CPU, a translated
sentence for every bad character). The importer lists at most MAX_PROBLEMS problems with
their places and words nothing more: it counts the rest where counting is cheap (plain),
or stops reading (CSV, JSON); a file that cannot be a shoe is refused before it is read.
bench/worst_bodies.py measures the CPU time of the same bodies."""

import json
import random
import re
import sys

import pytest
from counting import counted

from guards.echo import ECHOED
from tracker import exchange, exchange_hand, exchange_plain, exchange_problems
from tracker.exchange import MAX_CSV_LINES, MAX_HANDS, MAX_JSON_CONTAINERS, read_shoe
from tracker.exchange_plain import WHITE_SPACE
from tracker.exchange_problems import MAX_PROBLEMS

JUNK = "X" * 999_000


@pytest.fixture
def worded(monkeypatch):
    """How many times the importer looked a sentence up to word a problem."""
    calls = []

    def counting(translate):
        def wrapper(message):
            calls.append(message)
            return translate(message)

        return wrapper

    for module in (exchange, exchange_plain, exchange_hand):
        monkeypatch.setattr(module, "_", counting(module._))
    return calls


# --- the plain format ------------------------------------------------------------------


def test_999000_characters_of_junk_list_20_problems_and_count_the_rest(worded):
    parsed = read_shoe(JUNK)
    assert len(parsed.problems) == MAX_PROBLEMS == 20
    assert parsed.report[0] == "line 1, character 1: 'X' is not an outcome; use B, P or T"
    assert parsed.report[19] == "line 1, character 20: 'X' is not an outcome; use B, P or T"
    assert parsed.report[-1] == "… and 998,980 more problems not listed."
    assert len(parsed.report) == 21 and not parsed.hands
    # A sentence for each problem listed, none for the 998,980 others.
    assert len(worded) == MAX_PROBLEMS


def test_junk_on_many_lines_is_placed_by_line_and_counted(worded):
    parsed = read_shoe("X\n" * 499_500)
    assert [p.line for p in parsed.problems] == list(range(1, 21))
    assert {p.character for p in parsed.problems} == {1}
    assert parsed.report[-1] == "… and 499,480 more problems not listed."
    assert len(worded) == MAX_PROBLEMS


def test_far_more_hands_than_a_shoe_holds_is_one_problem():
    assert read_shoe("BP" * 499_000).report == ["998,000 hands; a shoe can hold at most 2,000"]


def test_problems_and_too_many_hands_are_both_said():
    report = read_shoe("B" * 5_000 + "Z" * 30).report
    assert len(report) == 22
    assert report[20] == "5,000 hands; a shoe can hold at most 2,000"  # always listed
    assert report[21] == "… and 10 more problems not listed."


def old_plain_problems(text):
    """The places the plain reader gave before it read at C speed: a character at a time."""
    places = []
    for number, line in enumerate(text.splitlines(), start=1):
        for position, character in enumerate(line, start=1):
            if not character.isspace() and character.upper() not in "BPT":
                places.append((number, position, repr(character)))
    return places


@pytest.mark.parametrize("seed", range(40))
def test_every_problem_keeps_its_line_and_character(seed):
    rng = random.Random(seed)
    alphabet = "BPTbpt  \t\n\r\x0b\x0c\x1c\x85\u2028\u3000xZ9é莊\r\n"
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 120)))
    text = text.removeprefix("\ufeff").lstrip()  # as sniffed: not a JSON or CSV look
    if text[:1] in ("{", "["):
        return
    parsed = read_shoe(text, format="plain")
    expected = old_plain_problems(text)
    found = [(p.line, p.character, p.message.split(" is not")[0]) for p in parsed.problems]
    assert found == expected[:MAX_PROBLEMS]
    assert parsed.more_problems == max(0, len(expected) - MAX_PROBLEMS)


def test_white_space_is_every_character_python_calls_space():
    assert set(WHITE_SPACE) == {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}


def test_only_b_p_and_t_upper_case_to_an_outcome():
    # The plain reader looks for these six letters; no other character upper-cases to one.
    assert {chr(c) for c in range(sys.maxunicode + 1) if chr(c).upper() in ("B", "P", "T")} == (
        set("BPTbpt")
    )


# --- CSV ---------------------------------------------------------------------------------


def test_a_csv_of_bad_rows_stops_at_20_problems(monkeypatch, worded):
    rows = counted(monkeypatch, exchange, "_csv_hand")
    text = "seq,outcome,player_pair,banker_pair,natural,cards\n" + "1,Z,q,q,q,Z\n" * 1_900
    parsed = read_shoe(text)
    assert len(parsed.problems) == MAX_PROBLEMS
    assert parsed.unread
    assert parsed.report[-1] == (
        "… and more problems not listed: the rest of the file was not read."
    )
    # Each row has six problems: four rows are read, and nothing is worded past the 20th.
    assert len(rows) == 4
    assert len(worded) <= MAX_PROBLEMS


def test_a_csv_of_too_many_lines_is_refused_before_a_row_is_read(monkeypatch):
    rows = counted(monkeypatch, exchange, "_csv_hand")
    parsed = read_shoe("outcome\n" + "Z\n" * 400_000)
    assert parsed.report == [
        "400,001 lines; a shoe file has a header and at most 2,000 hands, one a line"
    ]
    assert rows == []
    assert read_shoe("outcome\n" + "B\n" * (MAX_CSV_LINES - 1)).report == [
        "8,003 hands; a shoe can hold at most 2,000"
    ]


def test_a_header_of_junk_is_read_no_further_than_the_list(worded):
    parsed = read_shoe("outcome," + "x," * 400_000)
    assert len(parsed.problems) == MAX_PROBLEMS and parsed.unread
    assert len(worded) <= MAX_PROBLEMS + 1


def test_a_hand_of_fifty_thousand_cards_reads_none_of_them(monkeypatch):
    parsed_cards = counted(monkeypatch, exchange_hand, "parse_card")
    parsed = read_shoe("outcome,cards\nB," + "Z " * 50_000 + "\n")
    assert parsed.report == ["line 2: cards: 50000 cards; a hand has at most 6"]
    assert parsed_cards == []


# --- JSON ------------------------------------------------------------------------------


def test_a_json_list_of_bad_hands_stops_at_20_problems(monkeypatch, worded):
    hands = counted(monkeypatch, exchange, "_json_hand")
    document = {"hands": [{"outcome": "Z", "natural": 2, "cards": ["Z"] * 7}] * 2_000}
    parsed = read_shoe(json.dumps(document))
    assert len(parsed.problems) == MAX_PROBLEMS and parsed.unread
    assert len(hands) == 7  # three problems a hand
    assert len(worded) <= MAX_PROBLEMS + 3


def test_a_hand_of_many_unknown_keys_words_20(worded):
    document = {"hands": [{"outcome": "B", **{f"k{i:06}": 0 for i in range(50_000)}}]}
    parsed = read_shoe(json.dumps(document))
    assert len(parsed.problems) == MAX_PROBLEMS
    assert parsed.problems[0].where == "hands[0].k000000"
    assert parsed.more_problems == 50_000 - MAX_PROBLEMS
    assert len(worded) == MAX_PROBLEMS


def test_json_with_more_lists_and_objects_than_a_shoe_is_refused_unparsed(monkeypatch):
    parses = counted(monkeypatch, exchange, "read_json")
    parsed = read_shoe(json.dumps([[]] * (MAX_JSON_CONTAINERS + 1)))
    assert parsed.report == ["20,002 lists and objects; a shoe file has at most 20,000"]
    assert parses == []


def test_a_shoe_saved_from_the_api_is_under_the_limit_on_lists_and_objects():
    # What a tracked shoe's API answer holds (api.shoes.shoe_payload): about 16 lists and
    # objects a hand, and at most about 660 hands fit in the importer's 1 MB.
    from api.roads import scoreboard_payload
    from baccarat.roads.scoreboard import Result, scoreboard

    outcomes = random.Random(7).choices("BPT", weights=[46, 45, 9], k=700)
    payload = scoreboard_payload(scoreboard([Result(o) for o in outcomes]))
    payload["history"] = [
        {"seq": n, "outcome": o, "cards": ["4h", "3s", "Ad", "Kc", "8c"]}
        for n, o in enumerate(outcomes, start=1)
    ]
    text = json.dumps(payload)
    assert len(text.encode()) > exchange.MAX_BYTES  # 700 hands do not fit: fewer would
    assert text.count("[") + text.count("{") < MAX_JSON_CONTAINERS


def test_a_long_value_is_said_in_a_few_characters():
    document = {"hands": [{"outcome": "w" * 400_000, "natural": ["w" * 1000] * 500}]}
    report = read_shoe(json.dumps(document)).report
    assert len(report) == 2 and all(len(line) < 120 for line in report), report


# --- the page: refused with a 400, nothing stored, and nothing long said back ----------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "name"),
    [
        (JUNK, "plain.txt"),
        ("outcome\n" + "Z\n" * 300_000, "rows.csv"),
        ("seq,outcome\n" + "1,Z\n" * 1_900, "bad.csv"),
        (json.dumps(["Z"] * 2_000), "bad.json"),
        (json.dumps([[]] * 100_000), "nested.json"),
    ],
)
@pytest.mark.parametrize("as_file", [False, True])
def test_the_page_lists_at_most_20_problems_and_stores_nothing(client, text, name, as_file):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tracker.models import Hand, Shoe

    if as_file:
        data = {"file": SimpleUploadedFile(name, text.encode())}
    else:
        data = {"text": text, "format": name.rsplit(".", 1)[1].replace("txt", "plain")}
    response = client.post("/tracker/import/", data)
    assert response.status_code == 400
    html = response.content.decode()
    listed = re.search(r'id="import-problems".*?</ul>', html, re.S).group()
    assert 1 <= listed.count("<li>") <= MAX_PROBLEMS + 2  # the problems, "more", the count
    assert not Shoe.objects.exists() and not Hand.objects.exists()
    # The pasted text is drawn back into the form to be corrected only when it is short;
    # never a megabyte of it.
    if len(text) > ECHOED:
        assert text[:200] not in html
    assert len(html) < 100_000


@pytest.mark.django_db
def test_a_clean_import_still_saves_every_hand(client):
    from tracker.models import Shoe

    text = "seq,outcome,player_pair,banker_pair,natural,cards\n" + "".join(
        f"{n},T,0,0,0,4h 3s Ad Kc 8c\n" for n in range(1, MAX_HANDS + 1)
    )
    response = client.post("/tracker/import/", {"text": text, "name": "Full"})
    assert response.status_code == 302, response.content.decode()[:500]
    assert Shoe.objects.get(name="Full").hands.count() == MAX_HANDS


def test_a_problem_is_worded_only_once_listed(monkeypatch):
    worded = []
    parsed = exchange_problems.ShoeImport("plain")
    for number in range(100):
        parsed.say(lambda number=number: worded.append(number) or f"problem {number}", line=1)
    assert worded == list(range(MAX_PROBLEMS))
    assert parsed.more_problems == 100 - MAX_PROBLEMS
