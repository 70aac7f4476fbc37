"""The roads' and questions' sentences in Chinese: a mark's proof, a quiz
question with its feedback, and a lab sentence come out in Traditional Chinese under
zh-hant, with no English word left, and exactly as before in English."""

import random
import re

from django.utils.translation import override

from baccarat.roads.scoreboard import next_hand_text, scoreboard
from baccarat.simulation.chance import Tally
from baccarat.teaching.lab_text import run_summary, share_sentences, system_name
from baccarat.teaching.questions import bead_question, mark_question, myth_question, random_question

BOARD = "BBPPPBPB"  # Big Eye Boy, Small Road and Cockroach Pig all have marks


def english_words(text):
    """Latin words of two letters or more (the letters B/P/T and card ranks are allowed)."""
    return re.findall(r"[A-Za-z]{2,}", text)


def first_proof():
    return scoreboard(BOARD).derived["big_eye_boy"].marks[0].proof


def test_a_marks_proof_is_chinese_under_zh_hant():
    with override("zh-hant"):
        proof = first_proof()
        ask = next_hand_text(scoreboard(BOARD), "P", ["big_eye_boy", "small_road"])
    assert "規則" in proof and "第 " in proof and ("紅色" in proof or "藍色" in proof)
    assert english_words(proof) == []
    assert "大眼仔" in ask and "小路" in ask and english_words(ask) == []


def test_a_marks_proof_is_unchanged_in_english():
    with override("en"):
        assert first_proof() == (
            "Column 2 goes down to row 2, so Rule 2: look at column 1, which has 2 beads. "
            "It has a bead at row 2 → red (=)."
        )


def test_a_quiz_question_and_its_feedback_are_chinese_and_answered_by_key():
    with override("zh-hant"):
        question = mark_question("big_eye_boy", "P", BOARD)
        bead = bead_question("B", BOARD)
    for text in (question.prompt, question.explanation, *(c.label for c in question.choices)):
        assert english_words(text) == [], text
    assert "大眼仔" in question.prompt and "閒家" in question.prompt
    assert {c.label for c in question.choices} == {"紅色（=）", "藍色（≠）"}
    # The answer is a key, the same in both languages: what a learner chose is compared
    # with it, never with the words shown.
    assert question.answer in ("red", "blue") and question.is_right(question.answer)
    assert "大路" in bead.prompt and english_words(bead.prompt + bead.explanation) == []
    with override("en"):
        english = mark_question("big_eye_boy", "P", BOARD)
    assert english.prompt == "If Player wins the next hand, what does Big Eye Boy add?"
    assert [c.label for c in english.choices] == ["Red (=)", "Blue (≠)"]
    assert english.answer == question.answer


def test_generated_questions_have_no_english_left_in_chinese():
    for kind in ("big_road", "derived_mark", "myth"):
        with override("zh-hant"):
            question = random_question(random.Random(kind), kind)
        for text in (question.prompt, question.explanation):
            assert english_words(text) == [], (kind, text)


def test_a_myth_is_found_by_its_english_word_in_either_language():
    with override("zh-hant"):
        question = myth_question("roads")
    assert question.prompt.startswith("迷思還是事實？") and question.answer == "myth"


def test_a_lab_sentence_is_chinese_under_zh_hant_and_unchanged_in_english():
    tally = Tally(8, 7, 2, ("flat_banker",)).run()
    with override("zh-hant"):
        summary = run_summary(tally)
        shares = share_sentences(tally)
        name = system_name("flat_banker")
    assert "靴" in summary and "局" in summary and english_words(summary) == []
    assert "莊家" in shares[0] and english_words(" ".join(shares)) == []
    assert name == "平注押莊"
    with override("en"):
        assert run_summary(tally).startswith("2 shoes of 8 decks, seed 7: ")
        assert share_sentences(tally)[0].startswith("Banker won ")
        assert system_name("flat_banker") == "Flat Banker"
