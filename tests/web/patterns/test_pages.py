"""The players' road patterns (/patterns/) through the test client: the vocabulary, each
pattern's page with its drawn example and chance's figures, an unknown one refused, the
links to them, and the tags a tracker shoe shows while a pattern is going."""

import re

import pytest
from django.urls import reverse
from html_text import text
from htmx import HTMX

from baccarat.odds.exact import percent
from baccarat.roads.patterns import PATTERNS
from baccarat.simulation.patterns import figures
from tracker.models import Shoe

pytestmark = pytest.mark.django_db


def test_the_vocabulary_names_draws_and_links_every_pattern(client):
    response = client.get(reverse("patterns:index"))
    assert response.status_code == 200
    html = response.content.decode()
    data = figures()
    for pattern in PATTERNS:
        detail = reverse("patterns:detail", args=[pattern.slug])
        assert f'href="{detail}"' in html
        item = html[html.index(f'id="{pattern.slug}"') :]
        item = item[: item.index("</li>")]
        assert pattern.chinese[0] in item and pattern.name() in item
        # Its example drawn as a Big Road, the pattern's beads framed.
        assert 'class="road road-big-road"' in item and "#compared-frame" in item
        share = percent(data.patterns[pattern.slug].shoes.value, 1)
        assert f"Seen at least once in {share} of shoes" in text(item)
    assert "predict" in text(html) or "none of them says what comes next" in text(html)


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.slug)
def test_each_pattern_page(client, pattern):
    response = client.get(reverse("patterns:detail", args=[pattern.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    page = text(html)
    assert pattern.name() in page and pattern.chinese[0] in page
    assert pattern.definition() in page
    assert "What players say" in page and "Players say" in page
    assert "The next hand does not care." in page
    row = figures().patterns[pattern.slug]
    table = html[html.index('id="next-hand-table"') :]
    table = table[: table.index("</table>")]
    for outcome, share in row.next.items():
        cells = re.search(rf'data-outcome="{outcome}">(.*?)</tr>', table).group(1)
        assert percent(share.value) in cells
        assert percent(figures().exact[outcome]) in cells
    assert 'class="road road-big-road"' in html and "#compared-frame" in html
    assert reverse("reference:sources") + "#patterns-good-roads-definitions" in html
    # Never advice: the page reports what players say, and says the next hand does not care.
    assert not re.search(r"\byou should\b|\bpredicts\b", page, re.I)


def test_an_unknown_pattern_is_not_found(client):
    assert client.get("/patterns/no-such-shape/").status_code == 404
    assert client.get("/patterns/PING-PONG/").status_code == 404


def test_chinese_pages_answer(client):
    for path in ("/zh-hant/patterns/", "/zh-hans/patterns/ping-pong/"):
        response = client.get(path)
        assert response.status_code == 200
        assert 'lang="zh-Hant"' in response.content.decode()


def test_the_glossary_and_the_faq_link_here(client):
    for name in ("reference:glossary", "reference:faq"):
        html = client.get(reverse(name)).content.decode()
        assert f'href="{reverse("patterns:index")}"' in html, name


def start_shoe(client, outcomes):
    response = client.post(reverse("tracker:index"), {"name": "Patterns", "decks": 8})
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for outcome in outcomes:
        shoe.record(outcome)
    return shoe


def tags(html):
    block = html[html.index('class="pattern-tags"') :]
    return re.findall(r'data-pattern="([a-z-]+)">(.*?)</a>', block[: block.index("</div>")])


def test_a_shoe_shows_the_patterns_going_at_its_last_hand(client):
    shoe = start_shoe(client, "BBPBPTBP")
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    found = dict(tags(html))
    assert set(found) == {"ping-pong", "player-jumps"}
    assert text(found["ping-pong"]) == "單跳 Ping-pong — 5 hands"
    assert reverse("patterns:detail", args=["ping-pong"]) in html
    block = html[html.index('class="pattern-tags"') :]
    words = text(block[: block.index("</div>")]).lower()
    assert "bet" not in words.split() and "next" not in words.split()


def test_the_tags_are_redrawn_with_the_board(client):
    shoe = start_shoe(client, "BBPBP")
    url = reverse("tracker:record", args=[shoe.pk])
    response = client.post(url, {"outcome": "B"}, **HTMX)
    assert response.status_code == 200
    assert [slug for slug, _ in tags(response.content.decode())] == ["ping-pong"]
    response = client.post(url, {"outcome": "B"}, **HTMX)
    html = response.content.decode()
    assert tags(html) == [] and "No shape players name is going" in html


def test_an_empty_shoe_has_no_tags(client):
    shoe = start_shoe(client, "")
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert tags(html) == []
