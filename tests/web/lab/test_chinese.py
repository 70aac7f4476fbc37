"""The lab in Chinese: its form's labels, its refusals and its results."""

import pytest
from chinese_pages import english_words, region

pytestmark = pytest.mark.django_db


def main(html):
    return region(html, '<main id="main"', "</main>")


def test_the_form_and_results_are_chinese(client):
    html = main(client.get("/zh-hant/lab/?shoes=100&decks=8&seed=5").content.decode())
    for chinese in (
        "模擬實驗室",
        "要發的牌靴數目",
        "副數",
        "種子",
        "本金",
        "限紅",
        "發牌",
        "這次模擬",
    ):
        assert chinese in html
    for english in ("Shoes to deal", "Seed", "Table limit", "Deal the shoes", "This run"):
        assert english not in html
    assert english_words(html) == []


def test_refusals_are_chinese(client):
    response = client.get("/zh-hant/lab/", {"shoes": "other", "other": "lots", "decks": "9"})
    html = main(response.content.decode())
    assert response.status_code == 400
    assert "沒有發牌。請修正上面表格中的這些欄位：" in html
    # The visitor's own text, quoted in Chinese quotation marks.
    assert "牌靴（其他）：「lots」 不是 1 至 100,000 之間的整數。" in html
    assert "副數：「9」 不是 1 至 8 之間的整數。" in html
    assert english_words(html, {"lots"}) == []
    # English is as it was.
    english = client.get("/lab/", {"shoes": "other", "other": "lots"}).content.decode()
    assert "Shoes (Other): “lots” is not a whole number from 1 to 100,000." in english
