"""The error pages in Chinese: under /zh-hant/ and /zh-hans/ a 404, a 429 and a
500 say everything in Chinese, the plain fallback too, and nothing is left in English."""

import pytest
from django.test import Client
from django.utils import translation

from baccarat_site import errors
from tests.chinese_pages import english_words, region

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("debug_off")]


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.parametrize(
    ("prefix", "says"),
    [
        ("/zh-hant", ("找不到頁面", "返回首頁", "錯誤 404")),
        ("/zh-hans", ("找不到页面", "返回首页", "错误 404")),
    ],
)
def test_an_unknown_chinese_page_is_a_404_in_chinese(client, prefix, says):
    response = client.get(f"{prefix}/nope/")
    assert response.status_code == 404
    main = region(response.content.decode(), "<main", "</main>")
    for words in says:
        assert words in main
    assert "Page not found" not in main and "Back to the start" not in main
    assert english_words(main) == []


def test_the_429_page_counts_in_chinese():
    with translation.override("zh-hant"):
        from django.template.loader import render_to_string

        html = render_to_string("429.html", {"retry_after": 30})
    main = region(html, "<main", "</main>")
    assert "請在 30 秒後再試。" in main and "請求太多" in main
    assert english_words(main) == []


def test_the_plain_500_fallback_is_in_the_language_asked_for():
    with translation.override("zh-hant"):
        page = errors.fallback_500()
    assert '<html lang="zh-Hant">' in page and "我們這邊出了問題" in page
    assert english_words(page) == []
    with translation.override("en"):
        page = errors.fallback_500()
    assert '<html lang="en">' in page and "Something went wrong on our side" in page
