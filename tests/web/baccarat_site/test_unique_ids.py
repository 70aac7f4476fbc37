"""An id names one element of a page: a second one breaks every link to it (#tableau went to
the reference's table, not its section), the label or aria reference that names it, and the
script that looks it up. Every lesson, where boards repeat components, and the main pages."""

from collections import Counter
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from lessons.course import load_course


class Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = Counter()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id":
                self.found[value] += 1


def repeated_ids(html):
    parser = Ids()
    parser.feed(html)
    return sorted(name for name, count in parser.found.items() if count > 1)


MAIN_PAGES = [
    "/",
    "/rules/",
    "/rules/banker/3/",
    "/hands/?cards=4,A,A,3,8&step=5",
    "/odds/",
    "/lab/",
    "/quiz/",
    "/quiz/speed/",
    "/glossary/",
    "/faq/",
    "/lessons/",
    "/tracker/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", MAIN_PAGES)
def test_no_main_page_repeats_an_id(client, url):
    response = client.get(url, follow=True)
    assert response.status_code == 200
    assert repeated_ids(response.content.decode()) == []


@pytest.mark.django_db
def test_no_lesson_repeats_an_id(client):
    repeated = {}
    for module in load_course().modules:
        for lesson in module.lessons:
            url = reverse("lessons:lesson", args=[module.slug, lesson.slug])
            response = client.get(url)
            assert response.status_code == 200, url
            if found := repeated_ids(response.content.decode()):
                repeated[url] = found
    assert repeated == {}, repeated


def test_the_check_finds_a_repeat():
    assert repeated_ids('<p id="a"></p><section id="a"><i id="b"></i></section>') == ["a"]
