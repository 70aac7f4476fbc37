"""Dark mode: the header's switch stores the visitor's colour scheme in a cookie,
every page writes it into <html data-theme>, and site.css gives every colour a light and a
dark value."""

import re
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
SITE_CSS = ROOT / "static" / "css" / "site.css"


def chosen(client, theme, back="/rules/"):
    return client.post("/theme/", {"theme": theme, "back": back})


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_choice_is_remembered_for_a_year(client, theme):
    response = chosen(client, theme)
    assert response.status_code == 302
    assert response.url == "/rules/"
    cookie = response.cookies["theme"]
    assert cookie.value == theme
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["samesite"] == "Lax"
    html = client.get("/rules/").text
    assert f'<html lang="en" data-theme="{theme}" data-site-version="' in html


def test_the_system_setting_forgets_the_choice(client):
    chosen(client, "dark")
    response = chosen(client, "system")
    assert response.status_code == 302
    assert response.cookies["theme"].value == ""
    assert response.cookies["theme"]["max-age"] == 0
    html = client.get("/").text
    assert '<html lang="en" data-site-version="' in html
    assert "data-theme=" not in html


@pytest.mark.parametrize("theme", ["", "blue", "Dark", "dark ", "light,dark"])
def test_anything_else_is_refused_and_nothing_is_stored(client, theme):
    response = chosen(client, theme)
    assert response.status_code == 400
    assert "theme" not in response.cookies
    text = response.text
    assert f"{theme!r} is not a colour scheme" in text.replace("&#x27;", "'")
    assert "Nothing was stored" in text


def test_a_missing_theme_is_refused(client):
    response = client.post("/theme/", {"back": "/"})
    assert response.status_code == 400
    assert "theme" not in response.cookies


@pytest.mark.parametrize(
    "back",
    ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", ""],
)
def test_the_way_back_never_leaves_the_site(client, back):
    response = chosen(client, "dark", back)
    assert response.status_code == 302
    assert response.url == "/"


def test_the_way_back_keeps_its_query(client):
    response = chosen(client, "dark", "/hands/?cards=4,A,A,3,8&step=5")
    assert response.url == "/hands/?cards=4,A,A,3,8&step=5"


def test_only_a_post_changes_it(client):
    assert client.get("/theme/?theme=dark").status_code == 405
    assert "theme" not in client.cookies


def test_a_cross_site_post_is_refused():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/theme/", {"theme": "dark", "back": "/"})
    assert response.status_code == 403
    assert "theme" not in response.cookies


def test_an_unknown_cookie_value_is_ignored(client):
    client.cookies["theme"] = "blue"
    html = client.get("/").text
    assert '<html lang="en" data-site-version="' in html
    assert "blue" not in html


def test_the_page_follows_the_system_until_told_otherwise(client):
    html = client.get("/").text
    assert '<meta name="color-scheme" content="light dark">' in html
    assert 'media="(prefers-color-scheme: light)"' in html
    assert 'media="(prefers-color-scheme: dark)"' in html
    # Both buttons are in the page; the CSS shows the one for the scheme not on screen.
    assert 'name="theme" value="dark"' in html and 'name="theme" value="light"' in html
    assert "Switch to the dark theme" in html and "Switch to the light theme" in html
    # The way back to the system setting is offered only once a choice is stored.
    assert re.search(r'<form class="theme-system"[^>]* hidden>', html)


def test_a_chosen_scheme_sets_the_bar_colour_and_offers_the_way_back(client):
    client.cookies["theme"] = "dark"
    html = client.get("/glossary/").text
    assert re.search(r'<meta name="theme-color" content="#0b2e19" media="all"', html)
    assert re.search(r'<meta name="theme-color" content="#14532d" media="not all"', html)
    form = re.search(r'<form class="theme-system"[^>]*>.*?</form>', html, re.S).group(0)
    assert " hidden" not in form.split(">")[0]
    assert '<span data-theme-chosen="dark">Colours: the dark theme, as you chose.</span>' in form
    assert '<span data-theme-chosen="light" hidden>' in form
    assert 'value="system"' in form
    assert 'name="back" value="/glossary/"' in form


def test_the_error_pages_follow_the_choice_too(client):
    client.cookies["theme"] = "dark"
    html = client.get("/no-such-page/").text
    assert '<html lang="en" data-theme="dark" data-site-version="' in html


# --- site.css: one list of colours, each with a dark value -------------------------------


def declarations(block):
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block))


def css_without_comments():
    return re.sub(r"/\*.*?\*/", "", SITE_CSS.read_text(), flags=re.S)


def split_top_level(arguments):
    depth, parts, current = 0, [], ""
    for char in arguments:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return [*parts, current.strip()]


def colour_lists():
    css = css_without_comments()
    plain = declarations(re.search(r"^:root \{(.*?)^\}", css, re.S | re.M).group(1))
    supports = css.index("@supports (color: light-dark(#000, #fff))")
    both = declarations(re.search(r"^  :root \{(.*?)^  \}", css[supports:], re.S | re.M).group(1))
    return plain, both


def test_every_dark_value_has_the_same_light_value_as_the_plain_list():
    plain, both = colour_lists()
    assert len(both) > 40
    for name, value in both.items():
        match = re.fullmatch(r"light-dark\((.*)\)", value)
        assert match, f"{name}: {value} is not light-dark(light, dark)"
        light, _dark = split_top_level(match.group(1))
        assert name in plain, f"{name}: no plain value for browsers without light-dark()"
        assert plain[name] == light, f"{name}: {plain[name]} plain, {light} in light-dark()"


HEX = r"#[0-9a-fA-F]{3,8}\b"
FUNCTION = r"\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\("
NAMED = r"(?<![\w-])(?:white|black)(?![\w-])"  # not white-space
COLOUR = re.compile(f"{HEX}|{FUNCTION}|{NAMED}")


def test_every_colour_is_a_custom_property():
    css = css_without_comments()
    outside = [
        line.strip()
        for line in css.splitlines()
        if COLOUR.search(line)
        and not re.match(r"\s*--[\w-]+:", line)
        and "light-dark(#000, #fff)" not in line
    ]
    assert outside == []


def test_the_road_glyphs_take_their_colours_from_the_stylesheet():
    glyphs = (ROOT / "templates" / "scoreboard" / "road_glyphs.html").read_text()
    assert not re.search(r'(?:fill|stroke)="#', glyphs)
    assert not re.search(r"(?:fill|stroke):#", glyphs)
