import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from baccarat.teaching.examples import two_and_three_card_sevens
from baccarat_site.context_processors import NAV
from reference.helplines import helplines
from reference.views import glossary_terms

PAGES = [
    "reference:home", "reference:glossary", "reference:faq", "reference:rules", "hands:walkthrough"
]  # fmt: skip


@pytest.mark.parametrize("url_name", PAGES)
def test_page_has_layout(client, url_name, settings):
    response = client.get(reverse(url_name))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en" data-site-version="' in html
    assert 'name="viewport"' in html
    assert '<nav aria-label="Main">' in html
    for _label, nav_url_name in NAV:
        assert f'href="{reverse(nav_url_name)}"' in html
    assert '<a class="skip-link" href="#main">' in html
    assert '<main id="main"' in html
    assert 'aria-live="polite"' in html


@pytest.mark.parametrize("url_name", PAGES)
def test_footer_has_responsible_use_note_and_helplines(client, url_name):
    html = client.get(reverse(url_name)).content.decode()
    footer = html[html.index('<footer class="site-footer">') :]
    assert "18+ only" in footer
    assert "never to win back losses" in footer
    assert "record results and predict nothing" in footer
    assert len(helplines("en")) >= 3
    for helpline in helplines("en"):
        assert f'href="{helpline.url}"' in footer
        assert helpline.name in footer


def test_current_page_is_marked_in_nav(client):
    html = client.get(reverse("reference:rules")).content.decode()
    current = re.findall(r'<a href="([^"]+)" aria-current="page">', html)
    assert current == [reverse("reference:rules")]


def test_home_has_no_current_nav_item(client):
    html = client.get(reverse("reference:home")).content.decode()
    assert 'aria-current="page"' not in html


def test_body_sends_csrf_token_to_htmx(client):
    response = client.get(reverse("reference:home"))
    html = response.content.decode()
    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", html)
    assert match and len(match.group(1)) >= 32


def test_htmx_is_served_from_our_static_files(client, settings):
    html = client.get(reverse("reference:home")).content.decode()
    scripts = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    htmx = [src for src in scripts if "htmx" in src]
    assert htmx, "no htmx script tag"
    for src in scripts:
        assert src.startswith(settings.STATIC_URL), f"{src} is not one of our static files"
        assert finders.find(src.removeprefix(settings.STATIC_URL)), f"{src} does not exist"
    # No script or stylesheet from a CDN (a random CSRF token may spell "cdn": look only at
    # what the page loads).
    loaded = scripts + re.findall(r'<link[^>]*\bhref="([^"]+)"', html)
    assert not [url for url in loaded if "//" in url and "testserver" not in url]
    assert not [url for url in loaded if "cdn" in url.lower() or "unpkg" in url.lower()]


def test_stylesheet_exists(client, settings):
    html = client.get(reverse("reference:home")).content.decode()
    assert f'href="{settings.STATIC_URL}css/site.css"' in html
    assert finders.find("css/site.css")


def test_home_says_where_to_start_and_is_honest(client):
    html = client.get(reverse("reference:home")).content.decode()
    assert f'href="{reverse("reference:rules")}"' in html
    assert f'href="{reverse("hands:walkthrough")}"' in html
    assert "tableau" in html
    assert "predict nothing" in html
    assert "no betting system beats the house" in html


def test_glossary_lists_terms_with_anchors(client):
    html = client.get(reverse("reference:glossary")).content.decode()
    assert '<dt id="big-eye-boy"><a href="#big-eye-boy">Big Eye Boy</a></dt>' in html
    assert 'href="#letter-b"' in html and 'id="letter-b"' in html
    assert f'href="{reverse("reference:rules")}"' in html


def test_glossary_is_alphabetical_and_complete():
    terms = glossary_terms()
    names = [term["name"] for term in terms]
    assert names == sorted(names, key=str.casefold)
    for expected in [
        "Punto banco", "Tableau", "Final-digit rule", "Commission", "Chemin de fer",
        "EZ Baccarat", "Dragon 7", "Panda 8", "Bead Plate", "Big Road", "Dragon tail",
        "Big Eye Boy", "Small Road", "Cockroach Pig", "Banker-ask / Player-ask",
        "House edge", "Effect of removal",
    ]:  # fmt: skip
        assert expected in names
    slugs = [term["slug"] for term in terms]
    assert len(set(slugs)) == len(slugs)


def test_glossary_cross_references_point_at_terms():
    terms = glossary_terms()
    slugs = {term["slug"] for term in terms}
    for term in terms:
        for other in term["see"]:
            assert other["slug"] in slugs, f"{term['name']} refers to unknown {other['name']}"


def test_glossary_roads_say_they_predict_nothing():
    by_name = {term["name"]: term["definition"] for term in glossary_terms()}
    for road in ["Bead Plate", "Big Road", "Big Eye Boy", "Small Road", "Cockroach Pig"]:
        assert "predicts nothing" in by_name[road]
    assert "not a forecast" in by_name["Banker-ask / Player-ask"]


@pytest.mark.parametrize(
    "url, section, current",
    [
        ("/rules/", "/rules/", "page"),
        ("/rules/banker/3/", "/rules/", "true"),
        ("/tracker/import/", "/tracker/", "true"),
        ("/glossary/", "/glossary/", "page"),
    ],
)
def test_nav_marks_the_section_of_the_page(client, url, section, current):
    html = client.get(url).content.decode()
    assert f'<a href="{section}" aria-current="{current}">' in html
    assert html.count("aria-current=") == 1


@pytest.mark.parametrize(
    "url",
    ["/", "/rules/", "/hands/", "/hands/practice/", "/odds/", "/lessons/", "/quiz/", "/tracker/",
     "/glossary/", "/healthz"],
)  # fmt: skip
@pytest.mark.django_db
def test_every_page_answers_head_as_get(client, url):
    # Monitors and proxies ask with HEAD; a 405 there reads as the site being down.
    get, head = client.get(url), client.head(url)
    assert get.status_code == 200, url
    assert head.status_code == 200 and head.content == b""
    assert head["Content-Type"] == get["Content-Type"]


def test_the_banker_7_page_sets_a_two_card_7_against_a_dragon_7(client):
    html = client.get(reverse("reference:banker_row", args=[7])).content.decode()
    section = html[
        html.index('id="dragon-7"') : html.index("</section>", html.index('id="dragon-7"'))
    ]
    two, three = two_and_three_card_sevens()
    for shown in (two, three):
        assert shown.example.title in section and shown.settlement.why in section
    assert "<strong>Win</strong>" in section and "<strong>Push</strong>" in section
    assert (
        'id="dragon-7"'
        not in client.get(reverse("reference:banker_row", args=[6])).content.decode()
    )


def test_the_rules_page_opens_with_its_headline_figures(client):
    html = client.get(reverse("reference:rules")).content.decode()
    glance = html[html.index('class="at-a-glance"') : html.index('class="toc"')]
    figures = re.findall(r'<a href="([^"]+)"><strong class="stat">([^<]+)</strong>', glance)
    # Published (docs/figures.md): any natural 0.343049; the rest from the engine's exact counts.
    assert figures == [
        ("#natural", "34.30%"),
        ("#player", "50.34%"),
        ("#banker", "43.54%"),
        ("#tableau", "80"),
        (reverse("odds:calculator"), "50.68%"),
    ]
    assert "49.32% to Player: not 50/50" in glance
    for anchor, _figure in figures[:4]:
        assert f'id="{anchor[1:]}"' in html
