"""The odds calculator in Chinese: its tables, chart and messages under /zh-hant/."""

from tests.chinese_pages import english_words, region


def test_the_calculator_in_chinese(client):
    main = region(client.get("/zh-hant/odds/").content.decode(), "<main", "</main>")
    for words in ("機率計算器", "下一局誰贏", "莊贏", "賭場優勢", "移除一張牌的影響", "發 4 張牌"):
        assert words in main
    assert "Who wins the next hand" not in main and "cards dealt" not in main
    # Thorp and Walden are people's names, marked as English; EZ Baccarat is EZ 百家樂.
    assert english_words(main) == [] and '<span lang="en">Thorp</span>' in main


def test_a_bad_count_is_explained_in_chinese(client):
    response = client.get("/zh-hant/odds/", {"shoe": "ranks", "A": "x"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "不是數字" in html and "暫時未有機率" in html and "Not a number" not in html
