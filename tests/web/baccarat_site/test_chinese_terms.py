"""Each Chinese text holds to the site's terms (locale/terms.toml) and to Chinese punctuation:
zh-hant never a word its column avoids (工作階段, 位址…), zh-hans never one of its own (机率,
登出, 打和…), and neither English punctuation nor stray spaces inside a Chinese sentence.
scripts/chinese_terms.py fixes what a machine can; the rest needs a person."""

import importlib.util
import re
import tomllib
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("chinese_terms", ROOT / "scripts/chinese_terms.py")
chinese_terms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chinese_terms)


@pytest.mark.parametrize("side", ["zh-hant", "zh-hans"])
def test_every_chinese_text_uses_its_own_words_and_punctuation(side):
    column = side.replace("zh-", "")
    found = [
        f"{where}: {problem}"
        for where, text in chinese_terms.texts(side)
        for problem in chinese_terms.problems(text, column)
    ]
    assert len(list(chinese_terms.texts(side))) > 1000
    assert found == []


def test_every_term_has_both_columns_and_a_note():
    for term in chinese_terms.terms():
        assert term["en"] and term["hant"] and term["hans"] and "note" in term, term
        # A word to write is never one to avoid on the same side.
        for side in ("hant", "hans"):
            assert not any(avoid in term[side] for avoid in term.get(f"{side}_avoid", [])), term


def test_the_checks_catch_what_they_are_for():
    problems = chinese_terms.problems
    assert problems("請重新整理瀏覽器的工作階段。", "hant")
    assert problems("庄赢的机率是多少？", "hans") and problems("如果打和，注码退回。", "hans")
    assert problems("莊家 6 點贏, 賠一半.", "hant")
    assert problems("見 EZ 百家樂 」", "hant") and problems("規則 (見下表)", "hant")
    # Code, placeholders, numbers, links and Latin names are not Chinese prose.
    assert not problems("第 %(number)s 張牌未知（?）；輸入 <code>9h,4d</code>", "hant")
    assert not problems("見[押和](/zh-hant/lessons/settlement/tie-bet/)一課：1,234.5 靴", "hant")
    fixed = chinese_terms.fix_traditional("莊家 6 點贏, 賠一半 (見 EZ 百家樂 ).", True)
    assert fixed == "莊家 6 點贏，賠一半（見 EZ 百家樂）。"
    assert chinese_terms.fix_traditional("第 3 行、新一行，行動", True) == "第 3 欄、新一欄，行動"


def test_the_meanings_the_chinese_got_wrong_are_put_right():
    traditional = {
        (e.msgctxt, e.msgid): e.msgstr
        for e in polib.pofile(str(ROOT / "locale/zh_Hant/LC_MESSAGES/django.po"))
    }

    def said(start, context=None):
        return next(s for (c, m), s in traditional.items() if c == context and m.startswith(start))

    # The menu names the page that walks through a hand, not a number of hands.
    assert said("Hands", "the menu: the page that walks through one hand") == "牌局講解"
    # The heat map's key names the characters its cells show.
    key = said("Your accuracy on each Banker question: A attempted")
    assert all(f"{c} =" in key for c in "試悉練通") and "A " not in key
    # Questions can repeat.
    assert "永不重複" not in said("Baccarat quizzes made by the rules engine")
    # Blue on a derived road: the Big Road does not repeat (nothing "breaks").
    assert "打破" not in said("%(glyph)s; red = the board repeats")
    # Live boards are boards to play with.
    assert "互動路單" in said("New to the game? Take the")
    # A rank is a card's face (牌面), not its points (點數).
    for english in ("Choose a card's rank", "A rank (A, 2–9, T, J, Q, K)", "Player pair: the"):
        assert "牌面" in said(english) and "點數" not in said(english), english
    # A pair is two cards of the same rank, not of the same points.
    glossary = tomllib.loads((ROOT / "reference/content/glossary.zh-hant.toml").read_text())
    pair = next(t for t in glossary["term"] if t["en"] == "Pair bets")["definition"]
    assert "牌面相同" in pair and "點數" not in pair


def test_lists_and_brackets_on_chinese_pages_are_chinese(client):
    """Lists joined in code use the page's own separator, and a figure's fraction its own
    brackets: 10、10、10 and （31/415）, not "10, 10, 10" and "(31/415)"."""
    from types import SimpleNamespace

    from django.utils.translation import override

    from hands.practice import shown

    rules = client.get("/zh-hant/rules/").content.decode()
    assert re.search(r"補牌的格數：\d+(、\d+){7}。", rules)
    odds = client.get("/zh-hans/odds/").content.decode()
    assert re.search(r"（\d+/\d+）", odds) and not re.search(r"\(\d+/\d+\)", odds)
    cards = [SimpleNamespace(label="Q♥"), SimpleNamespace(label="4")]
    with override("zh-hant"):
        assert shown(cards) == "Q♥、4"
    with override("en"):
        assert shown(cards) == "Q♥, 4"
