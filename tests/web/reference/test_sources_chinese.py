"""The sources in Chinese: our own words about each document (reference/sources.toml)
come from the overlay beside it, sources.zh-hant.toml by hand and sources.zh-hans.toml made
from it; a document's own name stays in its language, marked lang="en", lang="pt"...; the
overlay is refused if it misses any of our words or names what sources.toml does not have;
and the English pages are as they were."""

import os
import re
import runpy
import shutil
import tomllib
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from chinese_pages import english_words, main_of, region
from django.utils import translation

from lessons.course import load_course
from reference import sources_chinese
from reference.sources import SOURCES_FILE, SourcesError, load, page_context, parse

# What the sources page says in Chinese: read from reference/, not from the database.
pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

ROOT = Path(__file__).resolve().parents[3]
OVERLAY = sources_chinese.overlay_file(SOURCES_FILE, "zh-hant")
SIMPLIFIED = sources_chinese.overlay_file(SOURCES_FILE, "zh-hans")
TOML = SOURCES_FILE.read_text(encoding="utf-8")
LANGUAGES = ["zh-hant", "zh-hans"]

# Every field sources.toml has, by table: our own words (the overlay must translate each one
# given), a document's own names (not translated; the overlay may show them another way), and
# what is not prose at all. A field in none of these is new: say which it is here, and if it
# is our words, translate it in sources.zh-hant.toml.
OUR_WORDS = {
    "source": {"short", "publisher", "date", "relied_on_for", "url_note", "note"},
    "section": {"title", "covers", "seen"},
    "notes": {"title", "short", "text"},
    "not_found": {"what", "note"},
    "pages": {"name"},
}
OWN_NAMES = {"source": {"title"}, "section": {"heading", "number"}}
NOT_PROSE = {
    "source": {"id", "kind", "url", "lang", "section"},
    "section": {"id", "url"},
    "not_found": {"id"},
    "pages": {"sections"},
    "lessons": {"sections", "reviewed", "note"},
}


def entries_of_sources_toml():
    """(table, id, fields) for every entry of sources.toml, read as plain TOML."""
    data = tomllib.loads(TOML)
    for source in data["source"]:
        yield "source", source["id"], source
        for section in source["section"]:
            yield "section", section["id"], section
    for note_id, note in data["notes"].items():
        yield "notes", note_id, note
    for entry in data["not_found"]:
        yield "not_found", entry["id"], entry
    for path, page in data["pages"].items():
        yield "pages", path, page
    for key, lesson in data["lessons"].items():
        yield "lessons", key, lesson


@pytest.mark.parametrize("path", [OVERLAY, SIMPLIFIED], ids=LANGUAGES)
def test_the_overlay_translates_every_one_of_our_words(path):
    overlay = tomllib.loads(path.read_text(encoding="utf-8"))
    for table, key, fields in entries_of_sources_toml():
        for field, value in fields.items():
            known = OUR_WORDS.get(table, set()) | OWN_NAMES.get(table, set())
            assert field in known | NOT_PROSE.get(table, set()), (
                f"sources.toml [{table}] has a new field {field!r}: is it our words "
                "(translate it in sources.zh-hant.toml) or not prose?"
            )
            if field in OUR_WORDS.get(table, set()) and value:
                assert overlay[table][key][field].strip(), (table, key, field)
    # And the loader agrees: the overlay is complete, and names nothing else.
    for language in LANGUAGES:
        load(language=language)


def test_the_chinese_sources_say_it_in_chinese():
    with translation.override("zh-hant"):
        sources = load()
    macau = sources.source("macau-bacara")
    assert macau.short == "澳門《百家樂法定規章》"
    assert macau.title == (
        '<span lang="pt">Regulamento Oficial do Jogo de «Bacará»</span>（百家樂法定規章）'
    )
    # A name the overlay does not restate is sources.toml's, marked with the source's language.
    assert sources.sections["macau-art-1"].heading == '<span lang="pt">Material</span>'
    assert sources.source("mgc-baccarat").title == '<span lang="en">Baccarat rules</span>'
    assert sources.sections["ukgc-rts-3"].number == '<span lang="en">RTS 3</span>'
    # A lesson's Sources line: the source, then the part, as Chinese writes them.
    refs = sources.lessons["foundations/the-table"]["refs"]
    assert refs[0].label == "澳門《百家樂法定規章》：第 6 條"
    assert refs[3].label == (
        '<span lang="en">Massachusetts Gaming Commission</span>《<span lang="en">Baccarat '
        "rules</span>》：遊戲規則（整份文件）"
    )
    assert sources.lessons["big-eye-boy/rule-1"]["note"]["short"].startswith("沒有任何監管機構")
    # The terms the site uses (docs/i18n.md): 賭場優勢 for the house edge, never 莊家優勢.
    overlay = tomllib.loads(OVERLAY.read_text(encoding="utf-8"))
    text = " ".join(v for entries in overlay.values() for e in entries.values() for v in e.values())
    assert "賭場優勢" in text and "莊家優勢" not in text
    assert "補牌規則表" in text and "曱甴路" in text


def test_each_language_is_cached_on_its_own():
    assert load(language="zh-hant") is load(language="zh-hant")
    assert load(language="zh-hans") is not load(language="zh-hant")
    assert load(language="en") is load(language="fr")  # a language without an overlay
    assert load(language="en").source("macau-bacara").short == "Macau's Bacará regulation"


# --- a wrong overlay is a clear error ---------------------------------------------------------


@pytest.fixture
def copies(tmp_path):
    """sources.toml and its Traditional overlay, copied to be spoilt."""
    shutil.copy(SOURCES_FILE, tmp_path / "sources.toml")
    shutil.copy(OVERLAY, tmp_path / "sources.zh-hant.toml")
    return tmp_path


def spoil(copies, old, new, name="sources.zh-hant.toml"):
    path = copies / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_copy(copies):
    return load(copies / "sources.toml", language="zh-hant")


def test_the_copies_load(copies):
    assert load_copy(copies).source("macau-bacara").short == "澳門《百家樂法定規章》"


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        # A field of our words left out.
        (
            'covers = "公仔牌',
            'kovers = "公仔牌',
            r"\[section.'macau-art-5'\]: unknown key 'kovers'",
        ),
        ('title = "器材"\n', "", r"\[section.'macau-art-1'\]: title is missing"),
        # A name with Chinese in it must be given, so that Simplified converts it.
        ('heading = "家數"\n', "", r"\[section.'macau-art-6'\]: heading is missing"),
        # A whole entry left out.
        ("[notes.roads]", "[notes.rods]", r"\[notes.'rods'\] is not in sources.toml"),
        ('[pages."/odds/"]\nname = "機率"\n', "", r"\[pages.'/odds/'\] is missing"),
        # A field sources.toml does not have there.
        (
            "[source.jacobson-super-six]\n",
            '[source.jacobson-super-six]\nurl_note = "多餘"\n',
            r"\[source.'jacobson-super-six'\]: unknown key 'url_note'",
        ),  # fmt: skip
        (
            "[section.macau-drawing]\n",
            '[section.macau-drawing]\nnumber = "第 9 條"\n',
            r"\[section.'macau-drawing'\]: unknown key 'number'",
        ),  # fmt: skip
        # Markup other than a language's mark.
        ('title = "摘要"', 'title = "<b>摘要</b>"', "the only markup allowed is"),
        ('title = "摘要"', 'title = "{zh:摘要}"', r"\{zh:…\} does not name a language"),
        ('title = "摘要"', 'title = ""', "title must be text, not empty"),
        ("[source.mgc-baccarat]", "[sauce.mgc-baccarat]", "unknown table 'sauce'"),
    ],
)
def test_a_wrong_overlay_is_a_clear_error(copies, old, new, error):
    spoil(copies, old, new)
    with pytest.raises(SourcesError, match=error):
        load_copy(copies)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "[notes.roads]",
            '[notes.extra]\ntitle = "A note"\nshort = "A note."\n'
            'text = "Its text."\n\n[notes.roads]',
            r"\[notes.'extra'\] is missing",
        ),  # fmt: skip
        (
            'url = "https://www.888casino.com/blog/card',
            'url_note = "New words."\nurl = "https://www.888casino.com/blog/card',
            r"\[source.'jacobson-super-six'\]: url_note is missing",
        ),  # fmt: skip
        (
            '[[source]]\nid = "woo-baccarat"',
            '[[source.section]]\nid = "macau-art-99"\ntitle = "New"\ncovers = "New."\n\n'
            '[[source]]\nid = "woo-baccarat"',
            r"\[section.'macau-art-99'\] is missing",
        ),  # fmt: skip
        # A not_found entry needs the id the overlay translates it by.
        ('id = "nevada"\n', "", "not_found: id is missing or empty"),
    ],
)
def test_words_added_to_sources_toml_untranslated_are_an_error(copies, old, new, error):
    spoil(copies, old, new, name="sources.toml")
    with pytest.raises(SourcesError, match=error):
        load_copy(copies)


def test_a_missing_overlay_is_an_error_not_english(copies):
    (copies / "sources.zh-hant.toml").unlink()
    with pytest.raises(SourcesError, match="sources.zh-hant.toml is missing"):
        load_copy(copies)
    assert load(copies / "sources.toml", language="en").sources  # English needs none


def test_the_overlay_is_read_again_when_it_changes(copies):
    assert load_copy(copies).sections["macau-art-1"].title == "器材"
    spoil(copies, 'title = "器材"', 'title = "用具"')
    os.utime(copies / "sources.zh-hant.toml", ns=(1, 1))  # a different stamp from the copy's
    assert load_copy(copies).sections["macau-art-1"].title == "用具"


# --- the pages ----------------------------------------------------------------------------------


def without_addresses(html):
    """`html` less each web address shown as its own link's text: an address is the same in
    every language (docs/i18n.md), not English."""
    return re.sub(r'(<a href="(https?://[^"]+)"[^>]*>)\2', r"\1", html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sources_page_has_no_english_outside_marked_names(client, language):
    main = main_of(client, f"/{language}/sources/")
    assert english_words(without_addresses(main)) == []
    # Each name in its own language, marked so.
    assert '<span lang="pt">Regulamento Oficial do Jogo de «Bacará»</span>' in main
    assert '<span lang="de">Physica-Verlag</span>' in main
    assert '<span lang="fr">Trente-et-Quarante</span>' in main
    assert '<h3 id="woo-baccarat-h"><span lang="en">Baccarat</span></h3>' in main
    # The site's pages that rely on a source, in the page's language.
    assert f'<a href="/{language}/odds/">' in main and 'href="/odds/"' not in main


def test_the_traditional_sources_page_in_chinese(client):
    main = main_of(client, "/zh-hant/sources/")
    assert (
        '<p class="section-name"><strong>第 13 條「<span lang="pt">Modalidades de apostas'
        "</span>（投注項目）」</strong>：各種投注</p>"
    ) in main
    assert "<strong>第 5 條「紙牌點數」</strong>：每張牌的點數" in main
    assert "<dd>2024 年 4 月 11 日（檔案名稱所示的版本日期）</dd>" in main
    assert "沒有任何監管機構的規則規管路單上的各條路（珠盤路、大路、大眼仔、小路和曱甴路）" in main
    assert "<li><strong>澳門規章中載有補牌規則的那一條。</strong>" in main
    # The lessons that cite each source, by their titles in Chinese.
    chinese = load_course(language="zh-hant").lesson("play-responsibly", "roads-predict-nothing")
    assert f">{chinese.title}</a>" in main
    assert "What they can tell you" not in main and "No regulator" not in main


def test_the_simplified_sources_page(client):
    main = main_of(client, "/zh-hans/sources/")
    assert "<strong>第 5 条「纸牌点数」</strong>：每张牌的点数" in main
    assert "小路和蟑螂路" in main and "曱甴" not in main  # Simplified pages say 蟑螂路
    assert "澳门《百家乐法定规章》" in main


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lesson_not_yet_translated_is_listed_by_its_english_title_marked(language):
    """Lessons are being translated one by one: one still in English is marked lang="en"."""
    with translation.override(language):
        course = load_course(language=language)
        english = load_course().lesson("foundations", "the-table")
        lessons = [
            replace(lesson, title=english.title, language="en")
            if lesson.key == english.key
            else lesson
            for lesson in course.lessons
        ]
        context = page_context(SimpleNamespace(lessons=lessons), lambda lesson: lesson.key)
    titles = [
        lesson
        for group in context["groups"]
        for item in group["sources"]
        for section in item["sections"]
        for lesson in section["lessons"]
    ]
    shown = {t["url"]: (t["title"], t["lang"]) for t in titles}
    assert shown[english.key] == (english.title, "en")
    for lesson in lessons:
        if lesson.key in shown:
            # Marked English exactly when it is (zh-hans lessons come from scripts/simplified.py).
            assert shown[lesson.key] == (lesson.title, "en" if lesson.language == "en" else None)
    translated = [lesson for lesson in lessons if lesson.language == language]
    assert all(shown[lesson.key][1] is None for lesson in translated if lesson.key in shown)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sources_line_of_every_chinese_lesson_has_no_english(client, language):
    for lesson in load_course().lessons:
        html = client.get(f"/{language}/lessons/{lesson.module}/{lesson.slug}/").content.decode()
        block = region(html, '<section class="lesson-sources"', "</section>")
        assert english_words(block) == [], lesson.key
        assert f'href="/{language}/sources/#' in block, lesson.key
    block = region(
        client.get(f"/{language}/lessons/foundations/the-table/").content.decode(),
        '<section class="lesson-sources"',
        "</section>",
    )
    assert "《" in block and ("：第 6 條" in block or "：第 6 条" in block)


# --- Simplified is the Traditional converted -----------------------------------------------------


def test_the_simplified_overlay_is_the_traditional_converted():
    pytest.importorskip("opencc")
    import opencc

    script = runpy.run_path(str(ROOT / "scripts" / "simplified.py"), run_name="simplified")
    converter, terms = opencc.OpenCC("hk2s"), script["reviewed_terms"]()
    traditional = tomllib.loads(OVERLAY.read_text(encoding="utf-8"))
    text = SIMPLIFIED.read_text(encoding="utf-8")
    assert text.startswith("# The sources' overlay in Simplified Chinese") and "Do not edit" in text
    simplified = tomllib.loads(text)
    assert simplified.keys() == traditional.keys()
    for table, entries in traditional.items():
        assert list(simplified[table]) == list(entries), table
        for key, fields in entries.items():
            assert list(simplified[table][key]) == list(fields), (table, key)
            for field, value in fields.items():
                wanted = script["simplified"](value, converter, terms)
                assert simplified[table][key][field] == wanted, (table, key, field)
    # The tables in the Traditional file's order: a source, then its sections.
    headers = re.compile(r"^\[.+\]$", re.M)
    assert headers.findall(text) == headers.findall(OVERLAY.read_text(encoding="utf-8"))


# --- the English pages are as they were --------------------------------------------------------


def test_english_is_unchanged(client):
    sources = load(language="en")
    assert sources == parse(TOML)
    label = sources.lessons["foundations/the-table"]["refs"][0].label
    assert label == "Macau&#x27;s Bacará regulation — Art. 6"  # HTML, escaped as before
    main = main_of(client, "/sources/")
    assert (
        '<h3 id="macau-bacara-h" lang="en">Regulamento Oficial do Jogo de «Bacará» '
        "(百家樂法定規章, the official rules of baccarat)</h3>"
    ) in main
    assert '<p class="section-name" lang="en"><strong>Art. 13: “Modalidades de apostas' in main
    assert '<dd lang="en">11 April 2024 (the version date the file name gives)</dd>' in main
    assert '<li lang="en"><strong>Nevada&#x27;s rules of play' in main
    assert '<a href="/odds/">The odds</a>' in main
    assert "麻省" not in main and "器材" not in main
    lesson = client.get("/lessons/foundations/the-table/").content.decode()
    block = region(lesson, '<section class="lesson-sources"', "</section>")
    assert "Macau&#x27;s Bacará regulation — Art. 6</a>" in block
