"""baccarat.teaching.dealing: a hand entered card by card (the tracker's card keypad)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import RANK_VALUES, RANKS
from baccarat.game.shoe import Shoe
from baccarat.teaching.dealing import KEYS, DealingError, deal, dealt


def test_every_opening_of_four_cards():
    """All 13**4 openings: natural, pairs and whether the hand is over, from first principles."""
    for cards in itertools.product(RANKS, repeat=4):
        hand = dealt(list(cards))
        player = (RANK_VALUES[cards[0]] + RANK_VALUES[cards[2]]) % 10
        banker = (RANK_VALUES[cards[1]] + RANK_VALUES[cards[3]]) % 10
        natural = player >= 8 or banker >= 8
        assert hand.natural == natural
        assert hand.player_pair == (cards[0] == cards[2])
        assert hand.banker_pair == (cards[1] == cards[3])
        both_stand = player in (6, 7) and banker >= 6
        assert hand.complete == (natural or both_stand)
        if hand.complete:
            expected = "T" if player == banker else ("P" if player > banker else "B")
            assert hand.outcome == expected
            assert hand.next_card is None and hand.next_seat is None
        else:
            assert hand.outcome is None
            # Past the opening only the Player draws first, unless the Player stood.
            assert hand.next_seat == ("player" if player <= 5 else "banker")


@given(seed=st.integers(0, 10**9))
@settings(max_examples=300)
def test_keying_a_dealt_hand_in_ends_at_its_last_card(seed):
    cards = [card.rank for card in Shoe(8, seed).deal_hand()]
    hand = dealt([])
    seats = []
    for rank in cards:
        assert not hand.complete
        seats.append(hand.next_seat)
        hand = deal(hand, rank)
    assert hand.complete and hand.tokens == cards
    assert seats[:4] == ["player", "banker", "player", "banker"]
    faces = ["10" if rank == "T" else rank for rank in cards]
    player = [card.label for card in hand.cards_of("player")]
    banker = [card.label for card in hand.cards_of("banker")]
    assert player[:2] == faces[0:4:2] and banker[:2] == faces[1:4:2]
    assert sorted(player + banker) == sorted(faces)
    # Each third card went to the seat the keypad asked for.
    assert len(player) - 2 == seats[4:].count("player")
    assert len(banker) - 2 == seats[4:].count("banker")
    with pytest.raises(DealingError, match="already over"):
        deal(hand, "K")
    assert hand.result.startswith(hand.resolution.steps[-1].text)


def test_the_result_names_the_natural_and_the_pairs():
    assert dealt("8 8 K 8").result == (
        "Player 8, Banker 6: Player wins with the higher total. With a natural and a Banker pair."
    )
    assert dealt("4 4 4 4").result == (
        "Player 8, Banker 8: a tie; Banker and Player bets push. "
        "With a natural, a Player pair and a Banker pair."
    )
    assert dealt("7 6 K Q").result == "Player 7, Banker 6: Player wins with the higher total."
    assert dealt("9 K").result is None


@pytest.mark.parametrize(
    "tokens, words",
    [
        ("9 ? 5", "unknown card"),
        ("9 Z", "is not a card"),
        ("K K K K K K K", "at most 6 cards"),
        ("4 4 2 3 7", "no place"),
    ],
)
def test_cards_that_cannot_be_the_hand_so_far(tokens, words):
    with pytest.raises(DealingError, match=words):
        dealt(tokens)


def test_the_keys_are_the_thirteen_ranks_as_printed():
    assert [rank for rank, _face, _name in KEYS] == list(RANKS)
    assert [face for _rank, face, _name in KEYS] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    ]  # fmt: skip
    assert dict((rank, name) for rank, _face, name in KEYS)["Q"] == "queen"


def test_the_summary_gives_the_winner_the_score_and_what_else_happened():
    assert dealt("9 K 5 3 2 4").summary == "Banker wins 7 to 6"
    assert dealt("7 6 K Q").summary == "Player wins 7 to 6"
    assert dealt("4 4 4 4").summary == "Tie at 8; a natural, a Player pair and a Banker pair"
    assert dealt("8 8 K 8").summary == "Player wins 8 to 6; a natural and a Banker pair"
    assert dealt("9 K").summary is None
