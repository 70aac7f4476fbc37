"""What the resolver says and refuses, in the words a dealer trainer would use."""

import ast
from pathlib import Path

import pytest

import baccarat
from baccarat.game.rules import HandError, resolve


def texts(cards):
    return {s.gate: s.text for s in resolve(cards).steps}


def test_banker_3_against_8():
    steps = texts("4 3 A K 8")
    assert steps["banker"] == (
        "Banker has 3 and the Player's third card is an 8: Banker 3 stands only against an 8."
    )


def test_third_card_value_not_total():
    # Player 5 draws a 9 (total 4); Banker 5 reads column 9, not column 4, so stands.
    res = resolve("3 5 2 K 9")
    assert res.banker_action == "stand"
    assert res.steps[2].tableau_cell == (5, 9)
    assert "a 9" in res.steps[2].text


def test_player_stood_branch_says_so():
    res = resolve("3 4 3 K 5")
    assert res.player_action == "stand" and res.banker_action == "draw"
    assert "The Player stood, so the tableau does not apply" in res.steps[2].text
    assert res.steps[2].tableau_cell is None


@pytest.mark.parametrize(
    "cards, reason",
    [
        ("4 2 4 3 5", "Player has a natural 8; no third card is dealt"),
        ("2 9 3 K 5", "Banker has a natural 9; no third card is dealt"),
        ("4 9 4 K 5", "Player has a natural 8 and Banker a natural 9; no third card is dealt"),
        ("3 4 4 3 5", "Player and Banker both stand; no third card is dealt"),
        ("4 7 A K 5 5", "The Player drew and the Banker stands; only five cards are dealt"),
        ("3 4 3 K 5 5", "The Player stood and the Banker drew; only five cards are dealt"),
        ("2 2 2 2 2 2 2", "a hand has at most six cards"),
    ],
)
def test_too_many_cards_says_why_the_hand_ended(cards, reason):
    with pytest.raises(HandError, match=reason):
        resolve(cards)


def test_unknowns_decide_what_they_can():
    # Banker 7 stands whatever the Player's third card is.
    res = resolve("4 7 A K ?")
    assert (res.player_action, res.banker_action, res.complete) == ("draw", "stand", True)
    assert res.winner is None and res.player.final_total is None and res.banker.final_total == 7
    # Banker 0-2 draws whatever it is.
    res = resolve("4 2 A K ?")
    assert res.banker_action == "draw" and res.needs == "banker_third"
    # Banker 3 depends on whether it was an 8.
    res = resolve("4 3 A K ?")
    assert res.banker_action == "undecided" and res.needs is None and not res.complete
    assert "undecided" in res.steps[-1].text
    # The Banker's move before the Player's third card is even dealt.
    res = resolve("4 7 A K")
    assert (res.needs, res.banker_action) == ("player_third", "stand")


def test_unknown_opening_card():
    res = resolve("? 5 3 2")
    assert res.natural is None and res.player_action == "undecided"
    assert res.player.initial_total is None and res.banker.initial_total == 7
    # A known natural ends the hand even beside an unknown card.
    res = resolve("? 9 3 K")
    assert res.natural is True and res.banker_action == "natural" and res.winner is None
    assert res.complete
    # Banker 7 takes no third card, natural or not; the fifth card is kept, unplaced: it
    # is the Player's third card if the Player draws, which the unknown card decides.
    res = resolve("? 5 3 2 4")
    assert res.banker_action == "stand" and res.banker.final_total == 7
    assert res.player_action == "undecided" and res.player.final_total is None
    (fifth,) = res.unplaced
    assert fifth.seats == ("player",) and fifth.text == (
        "Card 5 (4) is the Player's third card, if the Player draws: an unknown card "
        "decides that, so it is not placed yet."
    )
    # Banker 7 never draws, so no hand these cards allow deals a sixth card.
    with pytest.raises(HandError, match="card 6 \\(6\\) has no place: whatever the unknown"):
        resolve("? 5 3 2 4 6")


def test_a_total_that_stands_is_settled_beside_a_hidden_natural():
    """Player 6 takes no third card whether or not the Banker's hidden
    total is a natural, so the Player's move and final total are settled."""
    res = resolve("6 5 K ?")
    assert res.natural is None and res.player_action == "stand"
    assert res.player.final_total == 6 and res.banker.final_total is None
    assert res.banker_action == "undecided" and res.winner is None
    player = next(s for s in res.steps if s.gate == "player")
    assert player.text == (
        "Player has 6: natural or not, the Player takes no third card. A natural would end "
        "the hand; without one, the Player draws on 0–5 and stands on 6 or 7. "
        "So the Player stands."
    )
    # Player 3 would draw, but a Banker natural would stop it: undecided.
    res = resolve("3 5 K ?")
    assert res.player_action == "undecided" and res.player.final_total is None


def test_opening_needs():
    assert [resolve(c).needs for c in ("", "4", "4 2", "4 2 4")] == [
        "player_first",
        "banker_first",
        "player_second",
        "banker_second",
    ]
    # Player's natural is known before the Banker's second card.
    res = resolve("4 2 4")
    assert res.natural is True and res.needs == "banker_second" and res.winner is None


def test_the_game_core_imports_no_django():
    for path in Path(baccarat.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "django" for n in names), path
