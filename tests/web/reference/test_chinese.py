"""The reference pages in Chinese: the rules and the FAQ say it in Chinese, and the
glossary goes both ways: every English term has its Chinese name, the Chinese page shows
each term in Chinese with the English beside it (marked lang="en"), the English page each
term's Traditional name (marked lang="zh-Hant"), and the Cockroach Pig is 曱甴路 in
Traditional and 蟑螂路 in Simplified, with its other names."""

import tomllib

import pytest
from django.urls import reverse
from django.utils import translation

from baccarat.teaching.definitions import glossary_texts
from reference.views import (
    CHINESE_GLOSSARY_FILES,
    chinese_entries,
    chinese_glossary_terms,
    glossary_terms,
)
from tests.chinese_pages import english_words, main_of

# Names Chinese pages keep in Latin letters (punto banco, the French games chemin de fer and
# baccarat banque) are marked with their language, so no word needs allowing.
ENGLISH_NAME = '<span class="term-translation" lang="en">'


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_every_english_term_has_exactly_one_chinese_entry(language):
    english = [term["name"] for term in glossary_terms()]
    entries = chinese_entries(language)
    named = [entry["en"] for entry in entries if "en" in entry]
    assert sorted(named) == sorted(english)
    for entry in entries:
        assert entry["name"] and entry["definition"] and entry["group"] in {"game", "bets", "roads"}
        if "en" not in entry:  # a word only Chinese scoreboards use
            assert entry["slug"] and entry["gloss"] and entry["gloss_definition"]


def test_the_simplified_glossary_is_made_from_the_traditional_one():
    traditional = tomllib.loads(CHINESE_GLOSSARY_FILES["zh-hant"].read_text("utf-8"))["term"]
    simplified = tomllib.loads(CHINESE_GLOSSARY_FILES["zh-hans"].read_text("utf-8"))["term"]
    assert [entry.get("en") for entry in simplified] == [entry.get("en") for entry in traditional]


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_chinese_cross_references_point_at_terms(language):
    with translation.override(language):
        terms = chinese_glossary_terms(language)
    slugs = {term["slug"] for term in terms}
    assert len(slugs) == len(terms)
    for term in terms:
        for other in term["see"]:
            assert other["slug"] in slugs, f"{term['name']} refers to unknown {other['name']}"


def test_the_traditional_glossary_shows_the_cockroach_pig_as_the_issue_says(client):
    main = main_of(client, "/zh-hant/glossary/")
    assert f'<a href="#cockroach-pig">曱甴路</a> {ENGLISH_NAME}Cockroach Pig</span>' in main
    assert "又稱：小強路、蟑螂路" in main
    # The scoreboard's own words, both ways, and what red and blue mean there.
    for words in (
        "莊問路 / 閒問路",
        "長莊 / 長閒",
        "下三路",
        "莊對 / 閒對",
        "例牌",
        "有規律",
        "無規律",
    ):
        assert words in main
    assert "紅藍不代表莊閒，也不預測下一局" in main
    # The engine's sentences, in Chinese: where Big Eye Boy's first mark comes from.
    with translation.override("zh-hant"):
        assert glossary_texts()["start:big_eye_boy"] in main
    assert "predicts nothing" not in main and "Its first mark comes from" not in main


def test_the_simplified_glossary_calls_it_the_cockroach_road(client):
    main = main_of(client, "/zh-hans/glossary/")
    assert f'<a href="#cockroach-pig">蟑螂路</a> {ENGLISH_NAME}Cockroach Pig</span>' in main
    assert "又称：曱甴路、小强路" in main
    assert "庄问路 / 闲问路" in main and "长庄 / 长闲" in main


def test_the_english_glossary_gives_each_terms_traditional_name(client):
    main = main_of(client, reverse("reference:glossary"))
    assert (
        'Chinese: <span lang="zh-Hant">曱甴路</span>; '
        'also <span lang="zh-Hant">小強路、蟑螂路</span>' in main
    )
    assert 'Chinese: <span lang="zh-Hant">大眼仔</span>' in main
    assert '<a href="#long-banker-long-player" lang="zh-Hant">長莊 / 長閒</a>' in main


@pytest.mark.parametrize(
    "url", ["/zh-hant/rules/", "/zh-hant/rules/banker/6/", "/zh-hant/faq/", "/zh-hant/"]
)
def test_chinese_reference_pages_have_no_english_left(client, url):
    main = main_of(client, url)
    assert english_words(main) == []


def test_the_rules_page_in_chinese(client):
    main = main_of(client, "/zh-hant/rules/")
    for words in ("百家樂的規則", "檢查例牌", "閒家的補牌規則", "補牌規則表", "迷思與真相"):
        assert words in main
    assert "The rules of punto banco" not in main and "Myth" not in main


def test_the_faq_says_why_banker_6_draws_in_one_chinese_sentence(client):
    main = main_of(client, "/zh-hant/faq/")
    assert "莊家 6 點只在閒家第三張牌是 6 或 7 時補牌。閒家補到這些牌後" in main
    assert 'href="/zh-hant/lessons/banker-rule/why-this-shape/"' in main
