"""The hand pages in Chinese: the walkthrough, its table choice and the practice
dealer under /zh-hant/, with no English of their own left."""

import pytest

from tests.chinese_pages import english_words, region

pytestmark = pytest.mark.django_db


def test_the_walkthrough_settles_at_a_chinese_table(client):
    html = client.get(
        "/zh-hant/hands/", {"cards": "4h,2s,4d,3c", "step": "all", "table": "ez"}
    ).content.decode()
    main = region(html, "<main", "</main>")
    assert "賭枱：EZ 百家樂：免佣；莊家以三張牌 7 點勝出（龍7）時，押莊的注碼退回。" in main
    assert '<option value="super6">「莊 6 點贏賠一半」（免佣）</option>' in main
    for words in ("逐步講解牌局", "計算表", "第 6 步，共 6 步", "如果有一張牌不同會怎樣？"):
        assert words in main
    assert english_words(main, {"Baccarat"}) == []


def test_a_bad_table_is_refused_in_chinese(client):
    html = client.get("/zh-hant/hands/", {"cards": "4,2,4,3", "table": "mini"}).content.decode()
    assert "賭枱：這裏沒有" in html and "is not a table here" not in html


def test_the_practice_dealer_in_chinese(client):
    client.post("/zh-hant/hands/practice/deal/")
    main = region(client.get("/zh-hant/hands/practice/").content.decode(), "<main", "</main>")
    assert "練習發牌" in main and "你這次的分數" in main
    assert english_words(main) == []
