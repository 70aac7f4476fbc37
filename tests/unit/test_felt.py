"""The felt: which spot each card lies in, which one lies sideways, the totals beside the
spots, and the order fresh cards arrive in, for every kind of hand."""

from hypothesis import given
from hypothesis import strategies as st

from baccarat.game.cards import RANKS, Card
from baccarat.game.rules import resolve
from baccarat.teaching.felt import lay_out, seats
from baccarat.teaching.practice import PracticeHand

ranks = st.sampled_from(RANKS)
# Six cards are always enough for a hand; the rules take as many as they need.
six_cards = st.lists(ranks, min_size=6, max_size=6)


def complete(tokens):
    """The hand these cards make, cut to the cards it uses."""
    resolution = resolve([Card(rank) for rank in tokens[:4]])
    while resolution.needs is not None:
        resolution = resolve([*resolution.cards, Card(tokens[len(resolution.cards)])])
    return resolution


@given(six_cards)
def test_each_spot_holds_its_own_cards_in_dealing_order(tokens):
    resolution = complete(tokens)
    player, banker = lay_out(resolution)
    assert [p.card for p in player.cards] == list(resolution.player.cards)
    assert [p.card for p in banker.cards] == list(resolution.banker.cards)
    assert [p.order for p in player.cards][:2] == [1, 3]
    assert [p.order for p in banker.cards][:2] == [2, 4]
    orders = sorted(p.order for p in player.cards + banker.cards)
    assert orders == list(range(1, len(resolution.cards) + 1))
    assert player.total == resolution.player.final_total
    assert banker.total == resolution.banker.final_total
    assert player.two_card_total == resolution.player.initial_total
    assert banker.two_card_total == resolution.banker.initial_total


@given(six_cards)
def test_only_the_players_third_card_lies_sideways(tokens):
    resolution = complete(tokens)
    player, banker = lay_out(resolution)
    sideways = [p for p in player.cards + banker.cards if p.sideways]
    if resolution.player.third_card is None:
        assert sideways == []
    else:
        assert sideways == [player.cards[2]] and player.cards[2].order == 5
    assert not any(p.sideways for p in banker.cards)
    # The Banker's third card is the fifth card dealt when the Player stood.
    if resolution.banker.third_card is not None:
        assert banker.cards[2].third and banker.cards[2].order == len(resolution.cards)


@given(six_cards, st.integers(min_value=0, max_value=6))
def test_fresh_cards_arrive_one_at_a_time_in_dealing_order(tokens, first):
    resolution = complete(tokens)
    placed = sorted(sum((s.cards for s in lay_out(resolution, fresh_from=first)), ()),
                    key=lambda p: p.order)  # fmt: skip
    turns = [p.turn for p in placed]
    assert turns == [None] * min(first, len(placed)) + list(range(len(placed) - first))
    assert all(p.turn is None for s in lay_out(resolution) for p in s.cards)


def test_an_unknown_card_leaves_its_spot_without_a_total():
    player, banker = lay_out(resolve("5 ? 2 K"))
    assert player.total == 7 and banker.total is None and banker.two_card_total is None
    assert seats(resolve("5 ? 2 K")) == ("player", "banker", "player", "banker")


def test_the_practice_table_shows_only_what_the_questions_have_revealed():
    # Player 0 draws (a 4), Banker 5 draws on a 4: six cards, shown four, then five, six.
    hand = PracticeHand(tuple(Card(r) for r in ("T", "2", "K", "3", "4", "6")))
    player, banker = hand.felt(0)
    assert len(player.cards) == 2 and len(banker.cards) == 2
    assert [p.turn for p in player.cards + banker.cards] == [0, 2, 1, 3]
    hand, _ = hand.answer("no_natural")  # the Player's question comes next, still 4 cards
    hand, _ = hand.answer("draw")
    assert hand.shown_before == 4
    player, banker = hand.felt(hand.shown_before)
    assert len(player.cards) == 3 and player.cards[2].sideways and player.cards[2].turn == 0
    assert len(banker.cards) == 2 and all(p.turn is None for p in banker.cards)
