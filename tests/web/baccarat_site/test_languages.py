"""The site in English and Chinese (baccarat_site.languages): URLs, the switch, first visits,
and the committed catalogues."""

import json
import re
from pathlib import Path

import polib
import pytest
from chinese_pages import english_words, region
from django.conf import settings

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
CHINESE_BROWSERS = [
    ("zh-TW,zh;q=0.9,en;q=0.5", "zh-hant"),
    ("zh-HK", "zh-hant"),
    ("zh-MO,en;q=0.8", "zh-hant"),
    ("zh-Hant-TW", "zh-hant"),
    ("zh-CN,zh;q=0.9", "zh-hans"),
    ("zh-SG", "zh-hans"),
    ("zh-Hans", "zh-hans"),
    ("zh", "zh-hans"),
    ("en-GB,zh-TW;q=0.5", None),  # English first: stays
    ("fr-FR,de;q=0.8", None),  # nothing the site speaks: English
    ("*", None),
    ("", None),
]


def html_lang(response):
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_english_keeps_its_urls(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert html_lang(response) == "en"


@pytest.mark.parametrize(
    "prefix, lang", [("/zh-hant", "zh-Hant"), ("/zh-hans", "zh-Hans")], ids=["hant", "hans"]
)
def test_each_chinese_page_lives_under_its_prefix(client, prefix, lang):
    for path in ("/", "/rules/", "/tracker/", "/lab/", "/lessons/", "/quiz/", "/odds/"):
        response = client.get(prefix + path)
        assert response.status_code == 200, path
        assert html_lang(response) == lang, path
        assert response["Content-Language"] == prefix.strip("/")


def test_the_api_and_the_sites_files_have_no_prefix(client):
    assert client.get("/zh-hant/api/v1/odds", {"decks": 8}).status_code == 404
    assert client.get("/api/v1/odds", {"decks": 8}, HTTP_ACCEPT_LANGUAGE="zh-TW").status_code == 200
    assert client.get("/healthz", HTTP_ACCEPT_LANGUAGE="zh-TW").status_code == 200
    assert client.get("/robots.txt", HTTP_ACCEPT_LANGUAGE="zh-CN").status_code == 200


@pytest.mark.parametrize("accept, wanted", CHINESE_BROWSERS)
def test_a_first_visit_follows_the_browsers_language(client, accept, wanted):
    response = client.get("/tracker/", {"b": "1"}, HTTP_ACCEPT_LANGUAGE=accept)
    if wanted is None:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"] == f"/{wanted}/tracker/?b=1"
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]


def test_a_chosen_language_wins_over_the_browsers(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert client.get("/rules/", HTTP_ACCEPT_LANGUAGE="zh-TW").status_code == 200
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    response = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Location"] == "/zh-hans/rules/"
    # A Chinese URL is in its language whatever was chosen: links can be shared.
    assert html_lang(client.get("/zh-hant/rules/")) == "zh-Hant"


def test_a_cookie_naming_no_language_is_ignored(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "xx\u0000"
    assert client.get("/rules/").status_code == 200


def test_a_post_is_never_redirected(client):
    response = client.post("/tracker/", HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.status_code != 302 or "/zh-" not in response.get("Location", "")


def test_the_switch_keeps_the_page_and_remembers(client):
    html = client.get("/lab/", {"shoes": "100", "seed": "3"}).content.decode()
    form = re.search(r'<form class="language-switch"[^>]*action="([^"]+)"', html)
    assert form.group(1) == "/language/"
    assert 'name="next" value="/lab/?shoes=100&amp;seed=3"' in html
    response = client.post("/language/", {"language": "zh-hant", "next": "/lab/?shoes=100&seed=3"})
    assert response.status_code == 302
    assert response["Location"] == "/zh-hant/lab/?shoes=100&seed=3"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "zh-hant"
    assert int(cookie["max-age"]) >= 365 * 24 * 60 * 60
    back = client.post("/language/", {"language": "en", "next": "/zh-hant/lab/?shoes=100"})
    assert back["Location"] == "/lab/?shoes=100"


def test_the_switch_refuses_another_site_and_an_unknown_language(client):
    response = client.post("/language/", {"language": "zh-hant", "next": "https://evil.example/"})
    assert response["Location"] == "/zh-hant/"  # the home page, never the other site
    response = client.post("/language/", {"language": "xx", "next": "/rules/"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_every_page_names_its_other_languages(client):
    html = client.get("/zh-hans/rules/banker/3/").content.decode()
    links = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert links == {
        "en": "http://testserver/rules/banker/3/",
        "zh-Hant": "http://testserver/zh-hant/rules/banker/3/",
        "zh-Hans": "http://testserver/zh-hans/rules/banker/3/",
        "x-default": "http://testserver/rules/banker/3/",
    }


def test_the_header_is_in_the_pages_language(client):
    html = client.get("/zh-hant/").content.decode()
    assert ">規則</a>" in html and ">百家樂學堂</a>" in html
    assert ">Rules</a>" not in html
    html = client.get("/zh-hans/").content.decode()
    assert ">规则</a>" in html and ">百家乐学堂</a>" in html


@pytest.mark.parametrize("domain", ["django", "djangojs"])
@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_the_committed_catalogues_are_compiled_from_their_po(language, domain):
    """make messages compiles the .mo that the site reads; a .po edited without it would
    show the old words (djangojs: the sentences our scripts say)."""
    folder = ROOT / "locale" / language / "LC_MESSAGES"

    def texts(entries):
        return {
            (e.msgctxt, e.msgid): e.msgstr or tuple(sorted(e.msgstr_plural.items()))
            for e in entries
            if e.msgid and (e.msgstr or e.msgstr_plural) and "fuzzy" not in e.flags
        }

    source = texts(polib.pofile(str(folder / f"{domain}.po")))
    assert source and texts(polib.mofile(str(folder / f"{domain}.mo"))) == source


def test_simplified_is_the_traditional_catalogue_converted():
    traditional = polib.pofile(str(ROOT / "locale/zh_Hant/LC_MESSAGES/django.po"))
    simplified = polib.pofile(str(ROOT / "locale/zh_Hans/LC_MESSAGES/django.po"))
    assert [(e.msgctxt, e.msgid) for e in traditional] == [(e.msgctxt, e.msgid) for e in simplified]
    for old, new in zip(traditional, simplified, strict=True):
        assert bool(old.msgstr) == bool(new.msgstr), old.msgid
        assert "曱甴" not in new.msgstr  # Simplified pages say 蟑螂路


NAV_PAGES = ["/", "/rules/", "/hands/", "/odds/", "/tracker/", "/lab/", "/lessons/", "/glossary/"]
NAV_PAGES += ["/quiz/"]


@pytest.mark.parametrize("prefix", ["/zh-hant", "/zh-hans"])
def test_no_english_in_the_header_and_footer_of_a_chinese_page(client, prefix):
    """The frame every page shares; each section's own parts are checked by its app's tests
    as it is translated."""
    for path in NAV_PAGES:
        html = client.get(prefix + path).content.decode()
        frame = region(html, "<header", "</header>") + region(html, "<footer", "</footer>")
        # The language switch names each language in its own words.
        frame = frame.replace(">English<", "><")
        assert english_words(frame) == [], path


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_numbers_are_grouped_in_chinese_as_the_engine_writes_them(client, language):
    """Django's own Chinese formats group no thousands (12345); the engine's sentences write
    12,345. baccarat_site/formats makes the templates' numbers match (CLDR's zh pattern)."""
    from django.contrib.humanize.templatetags.humanize import intcomma
    from django.utils.formats import number_format
    from django.utils.translation import override

    with override(language):
        assert number_format(1234567.5, 1, use_l10n=True, force_grouping=True) == "1,234,567.5"
        assert intcomma(100000) == "100,000"
    html = client.get(f"/{language}/lab/").content.decode()
    assert "10,000" in html and "100,000" in html
    assert not re.search(r">\s*100000\s*<", html)


# A road's column as Traditional writes it (第 3 行、新一行、该行…) left in Simplified, where
# 行 reads as a row: scripts/simplified.py writes 列 for it.
ROAD_COLUMN_AS_ROW = re.compile(
    r"(第\s*(\{\w+\}|%\(\w+\)s|\d+|[一二三四五六七八九十]+)\s*|新一|同一|该|每一)行"
)


def test_simplified_writes_a_roads_column_as_a_column_and_a_line_as_a_line():
    simplified = polib.pofile(str(ROOT / "locale/zh_Hans/LC_MESSAGES/django.po"))
    columns = lines = 0
    for entry in simplified:
        # A message about rows says 行 for them, as the mainland does.
        rows = re.search(r"\b(lines?|rows?)\b", entry.msgid)
        if re.search(r"\bcolumns?\b", entry.msgid) and not rows:
            assert not ROAD_COLUMN_AS_ROW.search(entry.msgstr), entry.msgid
            columns += "列" in entry.msgstr
        if re.search(r"\bline \{line\}", entry.msgid):
            assert "行" in entry.msgstr and "列" not in entry.msgstr, entry.msgid
            lines += 1
    assert columns > 20 and lines >= 2
    # The road modules' lessons (the tableau's speak of rows, 行 to a mainland reader).
    lessons = [
        path
        for module in ("05-*", "06-*", "07-*", "08-*")
        for path in (ROOT / "lessons/content/lessons").glob(f"{module}/*.zh-hans.md")
    ]
    assert len(lessons) > 15
    for path in lessons:
        text = path.read_text(encoding="utf-8")
        assert not ROAD_COLUMN_AS_ROW.search(text), path.name
        # A renamed road keeps its old name among its other names, not itself twice.
        assert not re.search(r"蟑螂路\**（又称[^）]*蟑螂路", text), path.name


def test_our_scripts_speak_the_pages_language(client):
    """Chinese pages load the sentences our scripts say (Django's JavaScript catalogue)
    before the scripts; English pages load none and the scripts say their English."""
    chinese = client.get("/zh-hant/odds/").content.decode()
    english = client.get("/odds/").content.decode()
    catalogue = '<script src="/zh-hant/jsi18n/" defer></script>'
    assert catalogue in chinese and chinese.index(catalogue) < chinese.index("js/refusals.js")
    assert "jsi18n" not in english
    for language, words in [("zh-hant", "沒有儲存任何內容"), ("zh-hans", "没有保存任何内容")]:
        response = client.get(f"/{language}/jsi18n/")
        text = response.content.decode()
        assert response.status_code == 200 and json.dumps(words)[1:-1] in text
        assert "selected" not in text  # the admin's sentences are not ours to send


def test_every_sentence_our_scripts_say_goes_through_the_catalogue():
    """A sentence written into a script outside gettext() would stay English on a Chinese
    page: every string literal in static/js that reads as words (a capital, then a space)
    is an argument of gettext() or ngettext()."""
    sentence = re.compile(r'"[A-Z][a-z]+ [^"\n]*"')
    earlier_argument = re.compile(r'"[^"\n]*"\s*,\s*$')
    for path in (ROOT / "static/js").glob("*.js"):
        code = re.sub(r"//[^\n]*", "", path.read_text())
        for match in sentence.finditer(code):
            before = code[: match.start()].rstrip()
            while earlier_argument.search(before):  # ngettext("one", "many", n)
                before = before[: earlier_argument.search(before).start()].rstrip()
            assert re.search(r"\b(gettext|ngettext)\($", before), f"{path.name}: {match.group()}"
