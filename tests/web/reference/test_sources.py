"""/sources/: the documents the site relies on (reference/sources.toml), section by section,
with the lessons that use each; and the Sources line at the end of every lesson."""

import os
import re
from html import unescape

import pytest
from django.urls import resolve, reverse
from html_text import text

from lessons.course import load_course
from reference import sources as sources_module
from reference.sources import SOURCES_FILE, SourcesError, check_lessons, load, parse

COURSE = load_course()
SOURCES = load()
TOML = SOURCES_FILE.read_text(encoding="utf-8")


def plain(html):
    """The text of inline markup, as read: tags dropped without adding spaces."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def lesson_url(key):
    module, slug = key.split("/")
    return reverse("lessons:lesson", kwargs={"module": module, "lesson": slug})


# What the sources page and the lessons' Sources line say: read from reference/sources.toml,
# not from the database.
pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


@pytest.fixture
def page_html(client):
    response = client.get(reverse("reference:sources"))
    assert response.status_code == 200
    return response.content.decode()


def anchors(html):
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_the_page_lists_every_source_with_its_publisher_date_and_link(page_html):
    assert "<h1>Sources</h1>" in page_html
    for source in SOURCES.sources:
        assert f'id="{source.id}"' in page_html
        assert unescape(source.title) in unescape(page_html)
        assert unescape(source.publisher) in unescape(page_html)
        assert unescape(source.date) in unescape(page_html)
        # The link out: the publisher's address, opened without handing it this page.
        link = re.search(rf'<a href="{re.escape(source.url)}"([^>]*)>(.*?)</a>', page_html, re.S)
        assert link, source.id
        assert 'rel="noopener"' in link.group(1)
        assert "(another site)" in link.group(2)  # marked in words, not by colour or icon


def test_every_section_has_its_anchor_and_says_how_it_was_checked(page_html):
    for section_id, section in SOURCES.sections.items():
        item = re.search(rf'<li id="{section_id}".*?</li>\s*(?=<li id=|</ul>\s*</article>)',
                         page_html, re.S)  # fmt: skip
        assert item, section_id
        body = text(item.group(0))
        if section.seen:
            assert "Checked in:" in body and unescape(section.seen) in body
        else:
            assert "Not verified from a copy here" in body
            assert not section.number and not section.heading


def test_each_section_lists_the_lessons_that_rely_on_it_with_the_review(page_html):
    titles = {lesson.key: lesson.title for lesson in COURSE.lessons}
    for key, entry in SOURCES.lessons.items():
        for ref in entry["refs"]:
            item = re.search(rf'<li id="{ref.section.id}".*?</ul>', page_html, re.S).group(0)
            href = re.escape(lesson_url(key))
            pattern = rf'<a href="{href}">([^<]+)</a>\s*<span class="review">(.*?)</span>'
            link = re.search(pattern, item, re.S)
            assert link, (key, ref.section.id)
            assert unescape(link.group(1)) == titles[key]
            review = plain(link.group(2))
            if ref.reviewed:
                day = f"{ref.reviewed.day} {ref.reviewed:%B %Y}"
                assert review == f"Reviewed against this section on {day}."
            else:
                assert review == "Not yet reviewed against this source."


def test_every_lesson_in_the_mapping_is_in_the_course_and_every_lesson_is_mapped():
    keys = {lesson.key for lesson in COURSE.lessons}
    assert set(SOURCES.lessons) <= keys
    assert keys <= set(SOURCES.lessons), "record this lesson's sources in sources.toml"
    check_lessons(SOURCES, COURSE)


@pytest.mark.parametrize("key", [lesson.key for lesson in COURSE.lessons])
def test_every_lesson_page_shows_its_sources_line(client, key, page_html):
    html = client.get(lesson_url(key)).content.decode()
    block = re.search(r'<section class="lesson-sources".*?</section>', html, re.S)
    assert block, key
    line = block.group(0)
    assert '<h2 id="lesson-sources-h">Sources</h2>' in line
    entry = SOURCES.lessons[key]
    links = re.findall(r'href="/sources/#([^"]+)"', line)
    assert links == [ref.section.id for ref in entry["refs"]] + (
        [f"note-{entry['note']['id']}"] if entry["note"] else []
    )
    # Every section a lesson links to is an anchor on /sources/.
    assert set(links) <= anchors(page_html)
    for ref in entry["refs"]:
        item = plain(re.search(rf'href="/sources/#{ref.section.id}".*?</li>', line, re.S).group(0))
        if ref.reviewed:
            assert f"Reviewed on {ref.reviewed.day} {ref.reviewed:%B %Y}." in item
        else:
            assert "Not yet reviewed against this source." in item
        assert ("Section not verified from a copy." in item) != ref.section.verified
    if entry["note"]:
        assert unescape(entry["note"]["short"]) in text(line)


def test_only_compared_sections_carry_a_review_date():
    for key, entry in SOURCES.lessons.items():
        for ref in entry["refs"]:
            # A lesson cannot have been compared with a part of a document nobody read.
            assert ref.reviewed is None or ref.section.verified, (key, ref.section.id)


def test_the_roads_lessons_say_no_regulation_governs_the_roads(page_html):
    roads = [key for key, entry in SOURCES.lessons.items()
             if entry["note"] and entry["note"]["id"] == "roads"]  # fmt: skip
    assert {key.split("/")[0] for key in roads} >= {
        "bead-plate-and-big-road", "big-eye-boy", "small-road", "cockroach-pig"
    }  # fmt: skip
    note = re.search(r'<section id="note-roads".*?</section>', page_html, re.S).group(0)
    assert "No regulator" in text(note)
    for key in roads:
        assert f'href="{lesson_url(key)}"' in note


def test_pages_relying_on_a_source_are_real_pages(page_html):
    assert "/odds/" in SOURCES.pages
    for path in SOURCES.pages:
        resolve(path)  # a page that does not exist raises Resolver404
        assert f'href="{path}"' in page_html
    odds = {ref.section.source_id for ref in SOURCES.pages["/odds/"]["refs"]}
    assert "thorp-walden-1973" in odds


def test_no_source_has_an_empty_or_odd_url():
    for source in SOURCES.sources:
        assert source.url.startswith(("https://", "http://")), source.id
        assert source.url.strip() == source.url and " " not in source.url
    broken = TOML.replace(f'url = "{SOURCES.sources[0].url}"', 'url = ""', 1)
    with pytest.raises(SourcesError, match="url is missing or empty"):
        parse(broken)
    with pytest.raises(SourcesError, match="not a web address"):
        parse(TOML.replace(f'url = "{SOURCES.sources[0].url}"', 'url = "massgaming.com"', 1))


def test_what_could_not_be_found_is_said_on_the_page(page_html):
    section = text(re.search(r'<section id="not-found".*?</section>', page_html, re.S).group(0))
    assert "Nevada" in section
    assert len(SOURCES.not_found) >= 3
    for entry in SOURCES.not_found:
        assert unescape(entry["what"]) in section


@pytest.mark.parametrize("url_name", ["reference:home", "reference:faq"])
def test_sources_are_linked_from_the_footer_and_the_faq(client, url_name):
    html = client.get(reverse(url_name)).content.decode()
    assert f'href="{reverse("reference:sources")}"' in html


# --- a bad file is a clear error ---------------------------------------------------------------


def test_an_unknown_lesson_is_a_clear_error():
    bad = parse(TOML + '\n[lessons."foundations/no-such-lesson"]\nsections = ["macau-art-5"]\n')
    with pytest.raises(SourcesError, match="'foundations/no-such-lesson' is not in the course"):
        check_lessons(bad, COURSE)


def test_an_unknown_section_is_a_clear_error():
    bad = TOML.replace('sections = ["macau-art-5", "mgc-baccarat-rules"',
                       'sections = ["macau-art-55", "mgc-baccarat-rules"', 1)  # fmt: skip
    assert bad != TOML
    with pytest.raises(SourcesError, match="lesson 'foundations/card-values': unknown section "
                                           "'macau-art-55'"):  # fmt: skip
        parse(bad)
    with pytest.raises(SourcesError, match="page '/odds/': unknown section"):
        parse(TOML.replace('"thorp-walden-1973-abstract", "woo-returns"', '"nope", "woo-returns"'))


def test_a_review_of_a_section_the_lesson_does_not_use_is_an_error():
    bad = TOML.replace("reviewed = { macau-art-5 = 2026-12-01 }",
                       "reviewed = { macau-art-13 = 2026-12-01 }", 1)  # fmt: skip
    with pytest.raises(SourcesError, match="reviewed names 'macau-art-13'"):
        parse(bad)


def test_a_section_number_without_saying_where_it_was_read_is_an_error():
    bad = TOML.replace(
        'id = "mgc-baccarat-rules"\n', 'id = "mgc-baccarat-rules"\nnumber = "§ 11"\n'
    )
    with pytest.raises(SourcesError, match="needs `seen`"):
        parse(bad)


def test_invalid_toml_and_typos_are_clear_errors():
    with pytest.raises(SourcesError, match="sources.toml is not valid TOML"):
        parse(TOML + "\n[lessons\n")
    with pytest.raises(SourcesError, match="unknown key 'covres'"):
        parse(TOML.replace('covers = "Six to twelve', 'covres = "Six to twelve', 1))
    with pytest.raises(SourcesError, match="unknown note 'rods'"):
        parse(TOML.replace('note = "roads"', 'note = "rods"', 1))


def test_the_file_is_read_again_when_it_changes(tmp_path):
    copy = tmp_path / "sources.toml"
    copy.write_text(TOML, encoding="utf-8")
    assert sources_module.load(copy).lessons.keys() == SOURCES.lessons.keys()
    copy.write_text(TOML.replace("2026-12-01", "2026-11-30"), encoding="utf-8")
    os.utime(copy, ns=(1, 1))  # a different stamp from the first write
    reread = sources_module.load(copy)
    assert reread.lessons["settlement/super-6"]["refs"][0].reviewed.day == 30
