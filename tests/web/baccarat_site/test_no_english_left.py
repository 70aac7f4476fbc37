"""No English left on a Chinese page: every page a visitor can reach from the home
page by its links, in each Chinese, with a shoe of hands in the tracker (its page, every mark's
proof, its read-only link), every lesson and quiz topic, a wrong answer's feedback, an error
page and an API error, read for Latin-letter words outside the short list of names, keys and
card ranks a Chinese page writes as they are (tests/chinese_pages.py)."""

import re
from collections import Counter
from html import unescape
from urllib.parse import urlsplit

import pytest
from chinese_pages import english_words
from htmx import HTMX

from lessons.course import load_course
from quiz.views import SESSION_KEY

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.same_on_any_database]

LANGUAGES = ["zh-hant", "zh-hans"]
# Links not to follow: they change state, leave the page's language or are not pages.
NOT_PAGES = re.compile(r"/(logout|language|theme)/|/export\.|\.(csv|json|svg|png|ico)$")
LINK = re.compile(r'href="([^"#]+)')
# A first-time visitor reaches well under this many pages; the bound stops a link loop.
MOST_PAGES = 600
# Pages of one shape (a mark's proof: the same template, another mark) are read this often.
SAMPLES = 8


def crawl(client, start: str, prefix: str) -> tuple[set[str], dict[str, list[str]]]:
    """Every page under `prefix` reachable from `start` by following links (query strings
    dropped: the same page with other inputs), and the English words each one shows."""
    seen, queue, leaks, shapes = set(), [start], {}, Counter()
    while queue and len(seen) < MOST_PAGES:
        url = queue.pop()
        shape = re.sub(r"/[BPT]{2,}/", "/S/", re.sub(r"\d+", "N", url))
        if url in seen or shapes[shape] >= SAMPLES:
            continue
        seen.add(url)
        shapes[shape] += 1
        response = client.get(url)
        assert response.status_code in (200, 302), (url, response.status_code)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        html = response.content.decode()
        if words := english_words(html):
            leaks[url] = sorted(set(words))
        for href in LINK.findall(html):
            path = urlsplit(unescape(href)).path
            if path.startswith(prefix) and not NOT_PAGES.search(path) and path not in seen:
                queue.append(path)
    assert len(seen) < MOST_PAGES, "the crawl did not end: a link loop?"
    return seen, leaks


def a_shoe(client, language: str) -> str:
    """A shoe of 30 hands with ties and pairs, recorded through the tracker's own form."""
    response = client.post(f"/{language}/tracker/", {"name": "靴", "decks": 8})
    shoe = response["Location"]
    for outcome in "BBPPPBTPBBBBPBPTPPBPBBPPPBBBPB":
        client.post(f"{shoe}hands/", {"outcome": outcome, "banker_pair": "on"}, **HTMX)
    return shoe


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_on_any_page_a_visitor_reaches(client, language):
    prefix = f"/{language}/"
    shoe = a_shoe(client, language)
    client.get(f"{prefix}quiz/mixed/")  # a question on screen
    seen, leaks = crawl(client, prefix, prefix)
    assert leaks == {}
    # What was read: the shoe (the tracker lists it) and its marks' proofs, every lesson.
    assert shoe in seen and any(url.startswith(f"{shoe}marks/") for url in seen)
    lessons = {f"{prefix}lessons/{each.module}/{each.slug}/" for each in load_course().lessons}
    assert lessons <= seen


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_in_a_signed_in_learners_pages(client, django_user_model, language):
    client.force_login(django_user_model.objects.create_user("學員甲", password="x" * 12))
    a_shoe(client, language)
    prefix = f"/{language}/"
    seen, leaks = crawl(client, prefix, prefix)
    assert leaks == {} and f"{prefix}accounts/password/" in seen


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_in_feedback_and_refusals(client, language):
    client.session  # noqa: B018 - a returning visitor: the session keeps the question
    client.get(f"/{language}/quiz/player-rule/")
    entry = client.session[SESSION_KEY]["questions"]["player-rule"]
    wrong = next(c for c in entry["question"]["choices"] if c != entry["question"]["answer"])
    answers = [
        client.post(
            f"/{language}/quiz/player-rule/answer/",
            {"question": entry["id"], "answer": wrong},
            **HTMX,
        ),
        client.post(f"/{language}/quiz/mixed/answer/", {"question": "x", "answer": "x"}),
        client.get(f"/{language}/hands/", {"cards": "Kx,9,9"}),
        client.get(f"/{language}/no-such-page/"),
        client.get(f"/{language}/tracker/999999/"),
    ]
    for response in answers:
        # The refused card is the visitor's own text, quoted back to them in the language's
        # own quotation marks (「Kx」 in Hong Kong, “Kx” on the mainland).
        words = english_words(response.content.decode(), allowed={"Kx"})
        assert words == [], response.request["PATH_INFO"]
    assert ("「Kx」" if language == "zh-hant" else "“Kx”") in answers[2].content.decode()
    # The hand page shows its form again with the problem (200), as it does in English.
    assert [r.status_code for r in answers][1:] == [400, 400, 404, 404]


@pytest.mark.parametrize(("accept", "script"), [("zh-HK", "間"), ("zh-CN", "间")])
def test_an_api_error_is_in_the_language_asked_for(client, accept, script):
    response = client.get("/api/v1/odds", {"decks": 9}, HTTP_ACCEPT_LANGUAGE=accept)
    detail = response.json()["detail"]
    assert response.status_code in (400, 422)
    assert english_words(detail, allowed={"decks"}) == [] and script in detail
