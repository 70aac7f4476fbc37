"""/faq/: the questions learners ask, short answers with the engine's figures, each linking
the lesson or page that teaches it; linked from every page's footer and from the glossary."""

from html import unescape

import pytest
from django.urls import resolve as resolve_url
from django.urls import reverse
from html_text import text

from baccarat.odds.exact import odds_of_decks, percent
from lessons.course import read_course
from reference.faq import faq

COURSE = read_course()


def test_the_faq_answers_8_to_12_questions_each_linking_where_it_is_taught(client):
    html = client.get(reverse("reference:faq")).content.decode()
    answers = faq()
    assert 8 <= len(answers) <= 12
    assert '<meta name="description" content="Short answers' in html
    for item in answers:
        assert f'id="{item.slug}"' in html and item.question in unescape(html)
        assert f'href="{item.link}"' in html
        match = resolve_url(item.link)
        if match.url_name == "lesson":
            assert COURSE.lesson(match.kwargs["module"], match.kwargs["lesson"])
        assert len(item.answer) < 450  # short: a few sentences, with their figures and sources


def test_the_faq_figures_are_the_engines_and_it_says_not_50_50(client):
    page = text(client.get(reverse("reference:faq")).content.decode())
    shoe = odds_of_decks(8)
    decided = shoe.p("banker") + shoe.p("player")
    assert (
        f"Banker wins {percent(shoe.p('banker') / decided)} and Player "
        f"{percent(shoe.p('player') / decided)}" in page
    )
    assert percent(shoe.edges["banker"].per_unit) in page
    assert percent(shoe.edges["tie_9_to_1"].per_unit) in page
    assert "Do the roads predict the next hand? No." in page.replace("hand? ", "hand? ")


@pytest.mark.parametrize("url_name", ["reference:home", "reference:glossary"])
def test_the_faq_is_linked_from_the_footer_and_the_glossary(client, url_name):
    html = client.get(reverse(url_name)).content.decode()
    assert f'href="{reverse("reference:faq")}"' in html


def test_the_faq_questions_are_headings_not_links_to_themselves(client):
    html = client.get(reverse("reference:faq")).content.decode()
    for item in faq():
        assert f'<h2 id="{item.slug}">' in html
        assert f'href="#{item.slug}"' not in html
