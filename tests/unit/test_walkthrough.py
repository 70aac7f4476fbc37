import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.game.cards import RANKS, parse_card
from baccarat.game.rules import resolve
from baccarat.game.shoe import Shoe, ShoeEmpty, random_hand
from baccarat.teaching.examples import classic_hands
from baccarat.teaching.walkthrough import GATES, walkthrough, what_if

ranks = st.sampled_from([*RANKS, "?"])


def test_six_gates_in_teaching_order():
    gates = walkthrough(resolve("4 3 A K 8"))
    assert [g.key for g in gates] == [key for key, _ in GATES]
    assert [g.number for g in gates] == [1, 2, 3, 4, 5, 6]
    assert all(g.status == "done" for g in gates)
    banker = gates[4]
    assert banker.branch == "tableau" and banker.tableau_cell == (3, 8)
    assert banker.sentences == (
        "Banker has 3 and the Player's third card is an 8: Banker 3 stands only against an 8.",
    )


def test_totals_explain_the_final_digit():
    gates = walkthrough(resolve("7 9 8 9"))
    assert gates[1].sentences[0] == (
        "Player: 7 + 8 = 15 → 5. Only the last digit counts, so the total is 5."
    )


def test_values_name_each_seat():
    sentences = walkthrough(resolve("Qh 3 A K 8"))[0].sentences
    assert sentences[0] == "Player's first card: Q♥ counts 0 (tens and pictures count 0)."
    assert sentences[4].startswith("Player's third card: 8 counts 8")
    # When the Player stood, the fifth card is the Banker's.
    assert walkthrough(resolve("3 4 3 K 5"))[0].sentences[4].startswith("Banker's third card")


@given(st.lists(ranks, min_size=0, max_size=6))
def test_walkthrough_agrees_with_the_resolution(tokens):
    try:
        res = resolve(tokens)
    except Exception:  # too many cards: not a hand, nothing to walk through
        return
    gates = {g.key: g for g in walkthrough(res)}
    for step in res.steps:
        # Every engine sentence appears, unchanged, in its gate.
        assert step.text in gates[step.gate].sentences
    if res.natural:
        assert gates["player"].status == gates["banker"].status == "skipped"
    if res.complete and res.winner:
        assert gates["result"].status == "done"
    if res.needs:
        assert any(g.status == "waiting" for g in gates.values())


def test_what_if_reports_the_changed_decision_and_why():
    comparison = what_if(["4", "3", "A", "K", "8"], 4, "7")
    assert comparison.seat == "Player's third card"
    keys = [c.gate for c in comparison.changes]
    assert "banker" in keys
    banker = comparison.changes[keys.index("banker")]
    assert "stands only against an 8" in banker.before
    assert "a 7" in banker.after and "so Banker draws" in banker.after
    # The changed hand is dealt as the rules deal it: the Banker now needs a third card.
    assert comparison.after.needs == "banker_third"


def test_what_if_drops_cards_the_rules_no_longer_deal():
    # Player 5 draws; make the Player's second card an 8 instead (4 + 8 = 2, still draws)...
    # ...and a 5 instead: 4 + 5 = 9, a natural, so the third card is no longer dealt.
    comparison = what_if(["4", "3", "A", "K", "8"], 2, "5")
    assert len(comparison.after.cards) == 4 and comparison.after.natural is True


def test_what_if_position_out_of_range():
    with pytest.raises(IndexError):
        what_if(["4", "3", "A", "K"], 7, "5")


def test_what_if_nothing_changes():
    assert not what_if(["4", "2", "4", "3"], 0, "4").changed_anything


def test_shoe_has_every_card_once():
    shoe = Shoe(decks=2, seed=7)
    assert len(shoe) == 104
    counts = {}
    for card in shoe.cards:
        counts[(card.rank, card.suit)] = counts.get((card.rank, card.suit), 0) + 1
    assert set(counts.values()) == {2} and len(counts) == 52


def test_same_seed_same_shuffle():
    assert [str(c) for c in random_hand(seed=3)] == [str(c) for c in random_hand(seed=3)]


def test_dealt_hands_are_complete_and_by_the_rules():
    shoe = Shoe(8, seed=11)
    dealt = 0
    for _ in range(70):
        cards = shoe.deal_hand()
        dealt += len(cards)
        res = resolve(cards)
        assert res.complete and res.needs is None and res.winner is not None
    assert len(shoe) == 416 - dealt


def test_an_exhausted_shoe_says_so_and_keeps_its_cards():
    shoe = Shoe(1, seed=2)
    with pytest.raises(ShoeEmpty):
        while True:
            left = len(shoe)
            shoe.deal_hand()
    assert len(shoe) == left


@pytest.mark.parametrize("decks", [0, 9, "8"])
def test_shoe_size_is_checked(decks):
    with pytest.raises(ValueError):
        Shoe(decks)


def test_classic_hands_show_what_their_titles_say():
    hands = {e.title: e.resolution for e in classic_hands()}
    assert hands["A natural ends everything"].natural is True
    r = hands["Player stands, Banker draws"]
    assert (r.player_action, r.banker_action) == ("stand", "draw")
    r = hands["Banker 3 meets the Player's 8"]
    assert (r.banker.initial_total, r.player.third_card_value, r.banker_action) == (3, 8, "stand")
    r = hands["Banker 6 draws only on 6 or 7"]
    assert (
        r.banker.initial_total == 6
        and r.player.third_card_value in (6, 7)
        and r.banker_action == "draw"
    )
    r = hands["Banker 7 stands against a three-card 9"]
    assert (r.banker.initial_total, r.player.final_total, r.banker_action) == (7, 9, "stand")
    r = hands["A three-card 8 is not a natural"]
    assert r.natural is False and r.player.final_total == 8 and len(r.player.cards) == 3
    r = hands["Banker 4 vs Player third card 1"]
    assert (r.banker.initial_total, r.player.third_card_value, r.banker_action) == (4, 1, "stand")
    assert all(r.complete for r in hands.values())


def test_every_opening_walks_without_error():
    for values in itertools.product("A23456789K", repeat=4):
        gates = walkthrough(resolve([parse_card(v) for v in values]))
        assert len(gates) == 6
