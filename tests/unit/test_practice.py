"""The practice dealer's questions: which gates are asked, what is on the table while each
is asked, and that every right answer and explanation is the engine's own."""

import pytest

from baccarat.game.cards import parse_cards
from baccarat.game.rules import GATES, banker_draws, player_draws, resolve
from baccarat.game.shoe import random_hand
from baccarat.teaching.felt import seats
from baccarat.teaching.practice import (
    AnswerError,
    PracticeHand,
    Score,
    deal,
    grade,
    questions,
)


def hand(cards):
    return PracticeHand(tuple(parse_cards(cards)))


def answered(practice_hand, *values):
    for value in values:
        practice_hand, _ = practice_hand.answer(value)
    return practice_hand


# --- which questions -------------------------------------------------------------------


def test_a_natural_asks_only_the_natural_check_and_the_result():
    # Player 9 (4 + 5) against Banker 3: the hand ends at the first gate.
    asked = questions(resolve("4 K 5 3"))
    assert [q.gate for q in asked] == ["natural", "result"]
    assert [q.answer for q in asked] == ["natural", "player"]
    assert [q.cards_shown for q in asked] == [4, 4]


def test_both_stand():
    # Player 7, Banker 6: the Player stands, and the Banker (Player stood) stands on 6.
    asked = questions(resolve("7 6 K K"))
    assert [(q.gate, q.answer) for q in asked] == [
        ("natural", "no_natural"),
        ("player", "stand"),
        ("banker", "stand"),
        ("result", "player"),
    ]
    assert [q.cards_shown for q in asked] == [4, 4, 4, 4]


def test_player_stood_banker_draws_says_so_only_after():
    asked = questions(resolve("3 4 3 K 5"))
    banker = asked[2]
    assert (banker.gate, banker.answer, banker.tableau_cell) == ("banker", "draw", None)
    assert banker.explanation.startswith("The Player stood, so the tableau does not apply")
    # The question itself names no branch and no total.
    assert banker.prompt == "Does the Banker draw a third card?"
    assert banker.cards_shown == 4  # the Player stood: no third card on the table yet


def test_banker_3_against_the_players_8():
    asked = questions(resolve("4 3 A K 8"))
    player, banker, result = asked[1:]
    assert (player.answer, player.cards_shown) == ("draw", 4)
    # The Player's third card (the 8) is on the table when the Banker question is asked.
    assert (banker.answer, banker.cards_shown, banker.tableau_cell) == ("stand", 5, (3, 8))
    assert banker.explanation == (
        "Banker has 3 and the Player's third card is an 8: Banker 3 stands only against an 8."
    )
    assert (result.answer, result.cards_shown) == ("tie", 5)  # 4 + A + 8 = 13 → 3 against 3


def test_both_draw_shows_the_banker_card_last():
    practice = hand("2 K 3 5 4 6")  # Player 5 draws a 4; Banker 5 draws against a 4
    assert [q.cards_shown for q in practice.questions] == [4, 4, 5, 6]
    assert practice.player_shown == tuple(parse_cards("2 3"))
    assert practice.banker_shown == tuple(parse_cards("K 5"))
    practice = answered(practice, "no_natural", "draw")
    assert practice.player_shown == tuple(parse_cards("2 3 4"))
    assert practice.banker_shown == tuple(parse_cards("K 5"))
    practice = answered(practice, "draw")
    assert practice.banker_shown == tuple(parse_cards("K 5 6"))
    practice = answered(practice, "tie")  # Player 9, Banker 1: a wrong answer still moves on
    assert practice.done and practice.current is None
    assert practice.right == 3


def test_seats_in_dealing_order():
    assert seats(resolve("2 K 3 5 4 6")) == ("player", "banker") * 3
    assert seats(resolve("3 4 3 K 5")) == ("player", "banker", "player", "banker", "banker")
    assert seats(resolve("4 K 5 3")) == ("player", "banker") * 2


def test_choices_have_one_key_each_and_no_clash():
    for cards in ("4 K 5 3", "2 K 3 5 4 6"):
        for question in questions(resolve(cards)):
            keys = [c.key for c in question.choices]
            assert all(len(k) == 1 and k.isalpha() and k.isupper() for k in keys)
            assert len(set(keys)) == len(keys)
            assert "H" not in keys  # H deals a new hand
            assert question.answer in [c.value for c in question.choices]


def test_incomplete_or_unknown_hands_are_not_practised():
    for cards in ("4 K 5", "2 K 3 5", "2 K 3 5 ? 6"):
        with pytest.raises(ValueError):
            hand(cards)


# --- the engine decides every answer ---------------------------------------------------


def test_answers_are_the_engines_decisions_for_2000_dealt_hands():
    for seed in range(2000):
        cards = random_hand(8, seed)
        resolution = resolve(cards)
        asked = questions(resolution)
        by_gate = {q.gate: q for q in asked}
        steps = {s.gate: s.text for s in resolution.steps}
        assert [q.gate for q in asked] == [g for g in GATES if g in by_gate]
        assert {g: q.explanation for g, q in by_gate.items()} == steps
        p, b = resolution.player.initial_total, resolution.banker.initial_total
        natural = p >= 8 or b >= 8
        assert by_gate["natural"].answer == ("natural" if natural else "no_natural")
        assert by_gate["result"].answer == resolution.winner
        final_p, final_b = resolution.player.final_total, resolution.banker.final_total
        expected = "tie" if final_p == final_b else ("player" if final_p > final_b else "banker")
        assert by_gate["result"].answer == expected
        if natural:
            assert set(by_gate) == {"natural", "result"}
            continue
        assert by_gate["player"].answer == resolution.player_action
        assert by_gate["player"].answer == ("draw" if player_draws(p) else "stand")
        third = resolution.player.third_card_value
        assert by_gate["banker"].answer == resolution.banker_action
        assert by_gate["banker"].answer == ("draw" if banker_draws(b, third) else "stand")
        # Only what has been dealt by then is on the table.
        assert by_gate["banker"].cards_shown == 4 + (third is not None)
        assert by_gate["result"].cards_shown == len(cards)


def test_answering_every_question_right_shows_the_whole_hand():
    for seed in range(200):
        practice = deal(seed)
        assert practice.cards == tuple(random_hand(8, seed))  # the seed repeats the hand
        assert practice.shown == 4
        while not practice.done:
            practice, marked = practice.answer(practice.current.answer)
            assert marked.correct and marked.verdict == "Right"
        assert practice.right == len(practice.questions)
        assert practice.player_shown == practice.resolution.player.cards
        assert practice.banker_shown == practice.resolution.banker.cards


# --- grading ---------------------------------------------------------------------------


def test_grade_right_and_wrong():
    natural_check = questions(resolve("7 6 K K"))[0]
    right = grade(natural_check, "no_natural")
    assert right.correct and right.verdict == "Right" and right.given.label == "No natural"
    wrong = grade(natural_check, "natural")
    assert not wrong.correct and wrong.verdict == "Not quite"
    assert wrong.question.answer_choice.label == "No natural"


@pytest.mark.parametrize("junk", ["", "Natural", "N", "draw", "banker", "x" * 500, None, 3])
def test_grade_refuses_what_is_not_a_choice(junk):
    natural_check = questions(resolve("7 6 K K"))[0]
    with pytest.raises(AnswerError) as error:
        grade(natural_check, junk)
    assert "choose Natural (N) or No natural (O)" in str(error.value)
    assert len(str(error.value)) < 200  # a long junk answer is not echoed whole


def test_a_finished_hand_takes_no_more_answers():
    done = answered(hand("4 K 5 3"), "natural", "player")
    with pytest.raises(AnswerError):
        done.answer("player")


def test_saved_answers_are_checked():
    with pytest.raises(ValueError):
        PracticeHand(tuple(parse_cards("4 K 5 3")), ("draw",))
    with pytest.raises(ValueError):
        PracticeHand(tuple(parse_cards("4 K 5 3")), ("natural", "player", "tie"))


# --- the score -------------------------------------------------------------------------


def test_score_counts_per_gate():
    asked = questions(resolve("3 4 3 K 5"))
    score = Score()
    for question, value in zip(asked, ["no_natural", "draw", "draw", "tie"], strict=True):
        score = score.record(grade(question, value))
    assert (score.answered, score.right, score.percent) == (4, 2, 50)
    assert score.tally() == {
        "natural": [1, 1],
        "player": [1, 0],
        "banker": [1, 1],
        "result": [1, 0],
    }
    assert Score.from_tally(score.tally()) == score


@pytest.mark.parametrize(
    "tally", [None, "junk", {"natural": [1]}, {"natural": [1, 2]}, {"natural": [-1, 0]}]
)
def test_unreadable_tally_counts_nothing(tally):
    assert Score.from_tally(tally) == Score()
