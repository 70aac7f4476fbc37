"""The engine's sentences in Traditional Chinese: a hand's steps, the walkthrough,
the definitions and the rules in words come out in Chinese under zh-hant, whole, with no
English word left; in English they are exactly what they were. The words are chosen when a
sentence is read, not when the hand was resolved or a module imported."""

import re

import pytest
from django.utils import translation

from baccarat.game.inference import infer
from baccarat.game.rules import HandError, resolve
from baccarat.game.tableau import banker_stood_rule_text, player_rule_text, tableau_row_rule
from baccarat.odds.exact import odds_of_decks
from baccarat.odds.payouts import bet_name
from baccarat.teaching.dealing import dealt
from baccarat.teaching.definitions import natural_definition, starting_point, tableau_definition
from baccarat.teaching.walkthrough import settlement_sentences, walkthrough

# Latin words a Chinese sentence may keep: card ranks and the "?" card's letters, the EZ of
# EZ 百家樂.
ALLOWED = {"A", "J", "Q", "K", "EZ"}
WORD = re.compile(r"[A-Za-z]+")

HANDS = [
    "6 4 K Q 3",  # Player stands on 6; Banker 4 draws (no tableau)
    "2 3 K K 8",  # Banker 3 against an 8: stands
    "4 6 K K 6 5",  # Banker 6 draws on a 6
    "8 3 K K",  # a Player natural
    "9 9 K K",  # both naturals
    "2 7 3 K 5",  # Banker 7 stands
    "? 5 K 9 5 3",  # an unknown card: undecided, cards not placed yet
    "4 5 K 2 ?",  # the Player's third card unknown
    "3 4",  # waiting for cards
]


def english(text: str) -> list[str]:
    return [word for word in WORD.findall(text) if word not in ALLOWED]


def sentences(cards: str) -> list[str]:
    resolution = resolve(cards)
    out = [step.text for step in resolution.steps]
    out += [unplaced.text for unplaced in resolution.unplaced]
    for gate in walkthrough(resolution):
        out += [gate.title, *gate.sentences]
    for table in ("standard", "ez", "super6"):
        out += settlement_sentences(resolution, table)
    return out


@pytest.mark.parametrize("cards", HANDS)
def test_a_hands_steps_are_chinese_with_no_english_left(cards):
    english_text = sentences(cards)
    with translation.override("zh-hant"):
        chinese = sentences(cards)
    assert len(chinese) == len(english_text)
    for zh, en in zip(chinese, english_text, strict=True):
        assert re.search(r"[\u4e00-\u9fff]", zh), zh
        assert not english(zh), (zh, en)


def test_the_steps_say_what_happened_in_chinese():
    resolution = resolve("6 4 K Q 3")  # resolved in English, read in Chinese
    with translation.override("zh-hant"):
        natural, player, banker, result = (step.text for step in resolution.steps)
        assert natural == (
            "閒家 6 點，莊家 4 點：雙方都沒有例牌（8 或 9 點），所以按補牌規則進行。"
        )
        assert player == "閒家 6 點：閒家 0–5 點補牌，6 或 7 點停牌，所以閒家停牌。"
        assert banker.startswith("閒家停牌，所以不看補牌規則表：") and "莊家 4 點補牌" in banker
        assert result == "閒家 6 點，莊家 7 點：莊家點數較高，莊家勝。"
        assert resolution.player.name == "閒家" and resolution.banker.name == "莊家"
    assert result != resolution.steps[-1].text  # and back in English outside
    assert resolution.steps[-1].text == "Player 6, Banker 7: Banker wins with the higher total."


def test_a_definition_and_the_rules_in_words_are_chinese():
    with translation.override("zh-hant"):
        texts = {
            "natural": natural_definition(),
            "tableau": tableau_definition(),
            "start": starting_point("big_eye_boy"),
            "player": player_rule_text(),
            "banker_stood": banker_stood_rule_text(),
            "row 3": tableau_row_rule(3),
        }
    assert texts["natural"].startswith("頭兩張牌合共 8 或 9 點就是例牌。")
    assert "補牌規則表" in texts["tableau"]
    assert texts["row 3"] == "除非閒家第三張牌是 8，否則莊家 3 點補牌"
    for text in texts.values():
        assert not english(text), text


def test_english_is_unchanged():
    with translation.override("en"):
        assert natural_definition() == (
            "A two-card total of 8 or 9 is a natural. If either hand has one, the hand is "
            "over for both: no third card is dealt and the totals are compared."
        )
        assert tableau_row_rule(3) == "Banker 3 draws unless the Player's third card is an 8"
        steps = [step.text for step in resolve("2 3 K K 8").steps]
        assert steps == [
            "Player has 2 and Banker has 3: neither has a natural 8 or 9, so the drawing "
            "rules apply.",
            "Player has 2: the Player draws on 0–5 and stands on 6 or 7, so the Player draws.",
            "Banker has 3 and the Player's third card is an 8: Banker 3 stands only against an 8.",
            "Player 0, Banker 3: Banker wins with the higher total.",
        ]


def test_cached_names_follow_the_language_they_are_read_in():
    """An Odds is computed once per process and a bet's name is read in each language."""
    edge = odds_of_decks(8).edges["tie_8_to_1"]
    with translation.override("zh-hant"):
        assert edge.name == "和局（1 賠 8）"
        assert bet_name("dragon_7") == "龍7（1 賠 40）"
    assert edge.name == "Tie at 8 to 1"
    assert bet_name("dragon_7") == "Dragon 7 at 40 to 1"


def test_errors_and_the_tracker_summary_are_chinese():
    with translation.override("zh-hant"):
        with pytest.raises(HandError) as error:
            resolve("8 3 K K 5")
        assert str(error.value) == ("閒家拿到例牌 8 點；不發第三張牌（第 5 張牌（5）沒有位置）。")
        hand = dealt("8 3 8 K 2")  # Player 6 on a pair of 8s, Banker 3 draws a 2
        assert hand.summary == "閒家以 6 比 5 勝出；閒對"
        assert hand.result == "閒家 6 點，莊家 5 點：閒家點數較高，閒家勝。另有閒對。"
        assert infer("4 5 K ?", player_total=4).text == (
            "可以是 3 或 4：每個都會得出這些結果，所以無法分辨是哪一個。"
        )
