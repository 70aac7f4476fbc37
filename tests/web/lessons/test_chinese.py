"""The course in Chinese: a lesson with a Chinese file beside its English one is
shown in Chinese, its checks and boards the same; one without says so in Chinese and shows
its English text marked lang="en", its boards and checks drawn in Chinese all the same."""

import shutil
from functools import partial
from html import unescape

import pytest
from chinese_pages import english_words, region
from htmx import HTMX

import lessons.state
from lessons.course import CONTENT_DIR, ContentError, load_course, read_course, translate_course
from progress.models import LessonProgress

pytestmark = pytest.mark.django_db

TRANSLATED = "/zh-hant/lessons/play-responsibly/roads-predict-nothing/"
UNTRANSLATED = "/zh-hant/lessons/foundations/the-table/"
NOTICE = "本課尚未翻譯，以下為英文原文。"


@pytest.fixture
def one_lesson_untranslated(tmp_path, monkeypatch):
    """The course with two lessons' Chinese files taken away (the first, and the first with
    a board), as a lesson added in English and not yet translated is: the pages read it from
    there."""
    root = tmp_path / "lessons"
    shutil.copytree(CONTENT_DIR, root)
    for pattern in ("01-foundations/01-the-table", "05-bead-plate-and-big-road/01-bead-plate"):
        for made in root.glob(f"{pattern}.zh-han*.md"):
            made.unlink()
    monkeypatch.setattr(lessons.state, "load_course", partial(load_course, root))
    return root


def main(html):
    """What the page's own parts say: its <main> less the lesson's sources (whose titles are
    the sources' own, in their language)."""
    body = region(html, '<main id="main"', "</main>")
    if '<section class="lesson-sources"' in body:
        start = body.index('<section class="lesson-sources"')
        body = body[:start] + body[body.index("</section>", start) + len("</section>") :]
    return body


def test_the_course_in_chinese_keeps_every_lesson_and_check():
    english, chinese = load_course(), load_course(language="zh-hant")
    assert [lesson.key for lesson in chinese.lessons] == [lesson.key for lesson in english.lessons]
    for mine, theirs in zip(chinese.lessons, english.lessons, strict=True):
        assert mine.check_ids == theirs.check_ids and mine.minutes == theirs.minutes
        assert [d.source for d in mine.directives] == [d.source for d in theirs.directives]
    lesson = chinese.lesson("play-responsibly", "roads-predict-nothing")
    assert lesson.language == "zh-hant" and lesson.title == "路單能告訴你甚麼，不能告訴你甚麼"
    # Every lesson and module has its Traditional file, and its Simplified one made from it.
    assert {lesson.language for lesson in chinese.lessons} == {"zh-hant"}
    assert {module.language for module in chinese.modules} == {"zh-hant"}
    simplified = load_course(language="zh-hans")
    assert {lesson.language for lesson in simplified.lessons} == {"zh-hans"}
    # English is read in English whatever language the request that loads it speaks.
    assert english.lesson("play-responsibly", "roads-predict-nothing").language == "en"


def test_a_translation_must_keep_its_lessons_directives(tmp_path):
    module = tmp_path / "01-module"
    module.mkdir()
    (module / "_module.md").write_text("---\ntitle: M\nsummary: S\n---\n")
    (module / "01-one.md").write_text(
        "---\ntitle: One\nsummary: S\n---\n\nText.\n\n{{ check value-king skill=value:K }}\n"
    )
    (module / "01-one.zh-hant.md").write_text(
        "---\ntitle: 一\nsummary: 摘要\n---\n\n文字。\n\n{{ check value-queen skill=value:Q }}\n"
    )
    with pytest.raises(ContentError, match="keeps its English lesson's block directives"):
        translate_course(read_course(tmp_path), "zh-hant")
    (module / "02-orphan.zh-hant.md").write_text("---\ntitle: 孤\nsummary: 孤\n---\n")
    with pytest.raises(ContentError, match="needs its English file"):
        read_course(tmp_path)


def test_the_index_in_chinese_is_all_chinese(client):
    page = main(client.get("/zh-hant/lessons/").content.decode())
    assert "課程" in page and "整套課程約需" in page and "尚未翻譯" not in page
    assert 'lang="en"' not in page and english_words(page) == []


def test_the_index_in_chinese_marks_the_lessons_not_translated(client, one_lesson_untranslated):
    html = client.get("/zh-hant/lessons/").content.decode()
    page = main(html)
    assert "課程" in page and "整套課程約需" in page
    assert "尚未翻譯" in page  # how many lessons show their English
    assert '<span lang="zh-hant">' not in page
    assert "路單能告訴你甚麼，不能告訴你甚麼" in page and "負責任地玩" in page
    assert '<span lang="en">Two hands, three bets</span>' in page
    assert english_words(page) == []


def test_an_untranslated_lesson_says_so_and_marks_its_english(client, one_lesson_untranslated):
    html = client.get(UNTRANSLATED).content.decode()
    page = main(html)
    assert NOTICE in page
    assert '<h1 lang="en">Two hands, three bets</h1>' in page
    assert '<div class="lesson-body" lang="en">' in page
    # Its checks and boards are in Chinese, marked so inside the English text.
    assert '<div class="lesson-live" lang="zh-Hant">' in page
    assert "小測 1 / " in page
    assert english_words(page) == []
    assert "Finish this lesson" not in page and "完成本課" in page


def test_the_translated_lesson_is_chinese(client):
    html = client.get(TRANSLATED).content.decode()
    page = main(html)
    article = region(page, '<article class="lesson"', "</article>")
    assert NOTICE not in page and 'lang="en"' not in article
    assert "<h1>路單能告訴你甚麼，不能告訴你甚麼</h1>" in page
    assert "連續結果正是隨機的模樣" in page and "加一局莊" in page
    assert "What they can tell you" not in page
    assert english_words(page) == []
    # The English page is as it was.
    english = client.get("/lessons/play-responsibly/roads-predict-nothing/").content.decode()
    assert "What they can tell you" in english and "連續" not in english


def test_checks_answer_by_key_in_chinese(client):
    lesson = load_course(language="zh-hant").lesson("play-responsibly", "roads-predict-nothing")
    check = lesson.checks[0]
    question = check.question(lesson.key, 0)
    url = f"{TRANSLATED}checks/{check.id}/"
    response = client.post(url, {"attempt": "0", "answer": question.answer}, **HTMX)
    html = unescape(response.content.decode())
    assert response.status_code == 200 and "答對了。" in html
    assert "所有小測都已通過：本課完成。" in html
    assert LessonProgress.objects.count() == 0  # anonymous: kept in the session
    html = client.get(TRANSLATED).content.decode()
    assert "本課完成" in html


def test_a_board_grows_in_chinese_in_an_untranslated_lesson(client, one_lesson_untranslated):
    lesson = next(
        lesson
        for lesson in load_course(one_lesson_untranslated, language="zh-hant").lessons
        if lesson.language == "en" and lesson.roads()
    )
    road = lesson.roads()[0]
    url = f"/zh-hant/lessons/{lesson.module}/{lesson.slug}/"
    response = client.get(url, {"board": road.number, f"r{road.number}": "BPB"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "第 3 局：" in html
    assert "加一局莊" in html and english_words(html) == []
