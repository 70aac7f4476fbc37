import pytest

from baccarat.game.cards import (
    RANKS,
    SUITS,
    Card,
    CardError,
    parse_card,
    parse_cards,
    total,
    total_working,
)


@pytest.mark.parametrize(
    "token, rank, suit, value",
    [
        ("A", "A", None, 1),
        ("a", "A", None, 1),
        ("9", "9", None, 9),
        ("T", "T", None, 0),
        ("10", "T", None, 0),
        ("10♠", "T", "S", 0),
        ("Qh", "Q", "H", 0),
        ("qH", "Q", "H", 0),
        ("k♦", "K", "D", 0),
        ("Jc", "J", "C", 0),
        (" 7s ", "7", "S", 7),
        ("5♥", "5", "H", 5),
    ],
)
def test_parse_card(token, rank, suit, value):
    card = parse_card(token)
    assert (card.rank, card.suit, card.value) == (rank, suit, value)
    assert card.known


def test_unknown_card():
    card = parse_card("?")
    assert not card.known and card.value is None and str(card) == "?" and card.label == "?"


@pytest.mark.parametrize("token", ["", "1", "0", "11", "Z", "Qx", "QQ", "10h5", "??", "ace", "♠"])
def test_bad_tokens_are_named(token):
    with pytest.raises(CardError) as error:
        parse_card(token)
    assert f"'{token}'" in str(error.value)


def test_ace_hint():
    with pytest.raises(CardError, match="an ace is A"):
        parse_card("1")


def test_parse_cards_names_the_position():
    with pytest.raises(CardError, match=r"^Card 3: 'X'"):
        parse_cards("4h 2s X 3c")
    assert [str(c) for c in parse_cards("4h,2s  10♣ ?")] == ["4h", "2s", "Tc", "?"]


def test_every_rank_value():
    values = {r: parse_card(r).value for r in "A23456789TJQK"}
    assert values == {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "T": 0,
        "J": 0,
        "Q": 0,
        "K": 0,
    }


@pytest.mark.parametrize(
    "values, expected, working",
    [
        ([7, 8], 5, "7 + 8 = 15 → 5"),
        ([5, 5], 0, "5 + 5 = 10 → 0"),
        ([3, 4], 7, "3 + 4 = 7"),
        ([9, 9, 9], 7, "9 + 9 + 9 = 27 → 7"),
    ],
)
def test_final_digit(values, expected, working):
    assert total(values) == expected
    assert total_working(values) == working


def test_card_names_for_sentences():
    assert parse_card("8").name == "an 8"
    assert parse_card("A").name == "an ace"
    assert parse_card("K").name_with_value == "a king (value 0)"
    assert parse_card("10").name_with_value == "a 10 (value 0)"
    assert parse_card("7").name_with_value == "a 7"
    assert Card(None).name == "an unknown card"
    assert parse_card("Th").label == "10♥" and parse_card("Th").red


def test_every_card_face_is_named_with_its_count():
    names = {Card(rank, suit).face_name for rank in RANKS for suit in SUITS}
    assert len(names) == 52
    assert Card("Q", "H").face_name == "Queen of hearts, counts 0"
    assert Card("A", "S").face_name == "Ace of spades, counts 1"
    assert Card("T", "D").face_name == "10 of diamonds, counts 0"
    assert Card("7", "C").face_name == "7 of clubs, counts 7"
    assert Card("J", None).face_name == "Jack, counts 0"
    assert Card(None).face_name == "A face-down card: not known"
    for rank in RANKS:
        card = Card(rank, "S")
        assert card.face_name == f"{card.face}, counts {card.value}"
        assert card.is_court == (rank in "JQK")
        assert card.rank_label == ("10" if rank == "T" else rank)
    assert Card(None).rank_label == "" and not Card(None).is_court
