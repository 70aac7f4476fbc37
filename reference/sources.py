"""The sources the site relies on (reference/sources.toml): read and checked here, shown at
/sources/ and as the "Sources" line at the end of every lesson.

A mistake in the file is a SourcesError naming what is wrong: an unknown section or lesson, a
missing field, a section number given without saying where it was read. The structure is
checked when the file is read; that every lesson key names a lesson of the course is checked
by `check_lessons`, which the /sources/ page runs (the course is read only then, so a lesson
page does not parse the whole course to show its own sources).

Chinese pages show our own words about each source in Chinese, from the overlay beside the
file (sources.zh-hant.toml by hand, sources.zh-hans.toml made from it): reference.sources_chinese
reads and checks it. `load` gives the sources in the active language.
"""

from __future__ import annotations

import datetime
import tomllib
from pathlib import Path

from django.urls import translate_url
from django.utils.translation import get_language, override

from reference import sources_chinese
from reference.citations import (
    _ID,
    _LESSON_KEY,
    _URL,
    ENGLISH,
    KINDS,
    LANGUAGE_TAG,
    LESSON_KEYS,
    SECTION_KEYS,
    SOURCE_KEYS,
    SOURCE_REQUIRED,
    SOURCES_FILE,
    TRANSLATED,
    Ref,
    Section,
    Source,
    Sources,
    SourcesError,
)


def _text(table: dict, key: str, where: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise SourcesError(f"{where}: {key} must be text")
    if required and not value.strip():
        raise SourcesError(f"{where}: {key} is missing or empty")
    return value.strip()


def _no_unknown_keys(table: dict, allowed: set[str], where: str) -> None:
    unknown = set(table) - allowed
    if unknown:
        raise SourcesError(f"{where}: unknown key {sorted(unknown)[0]!r}")


def _url(value: str, where: str) -> str:
    if value and not _URL.match(value):
        raise SourcesError(f"{where}: {value!r} is not a web address (http:// or https://)")
    return value


def _section(table: dict, source_id: str, where: str) -> Section:
    _no_unknown_keys(table, SECTION_KEYS, where)
    section_id = _text(table, "id", where)
    where = f"{where} {section_id!r}"
    values = {key: _text(table, key, where, required=key in {"title", "covers"})
              for key in SECTION_KEYS - {"id"}}  # fmt: skip
    if (values["number"] or values["heading"]) and not values["seen"]:
        raise SourcesError(
            f"{where}: a section number or heading needs `seen`, saying where it was read; "
            "if it was not read, leave the number out and describe the part in `title`"
        )
    _url(values["url"], where)
    return Section(id=section_id, source_id=source_id, **values)


def _source(table: dict, index: int) -> Source:
    where = f"{SOURCES_FILE.name}: source {index + 1}"
    if not isinstance(table, dict):
        raise SourcesError(f"{where}: must be a [[source]] table")
    _no_unknown_keys(table, SOURCE_KEYS, where)
    for key in sorted(SOURCE_REQUIRED - {"section"}):
        _text(table, key, where)
    where = f"{SOURCES_FILE.name}: source {table['id']!r}"
    if table["kind"] not in KINDS:
        raise SourcesError(f"{where}: kind must be one of {', '.join(KINDS)}")
    _url(table["url"].strip(), where)
    lang = _text(table, "lang", where, required=False) or ENGLISH
    if not LANGUAGE_TAG.match(lang):
        raise SourcesError(f"{where}: lang must be a language tag, as en or pt")
    sections = table.get("section", [])
    if not isinstance(sections, list) or not sections:
        raise SourcesError(f"{where}: needs at least one [[source.section]]")
    return Source(
        id=table["id"].strip(),
        kind=table["kind"],
        short=table["short"].strip(),
        title=table["title"].strip(),
        publisher=table["publisher"].strip(),
        date=table["date"].strip(),
        url=table["url"].strip(),
        relied_on_for=table["relied_on_for"].strip(),
        url_note=_text(table, "url_note", where, required=False),
        note=_text(table, "note", where, required=False),
        lang=lang,
        sections=tuple(_section(s, table["id"], f"{where}, section") for s in sections),
    )


def _refs(ids, reviewed: dict, known: dict[str, Section], sources: dict, where: str) -> list:
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise SourcesError(f"{where}: sections must be a list of section ids")
    if len(set(ids)) != len(ids):
        raise SourcesError(f"{where}: a section is listed twice")
    refs = []
    for section_id in ids:
        if section_id not in known:
            raise SourcesError(f"{where}: unknown section {section_id!r}")
        section = known[section_id]
        refs.append(Ref(section, sources[section.source_id], reviewed.get(section_id)))
    return refs


def _lesson(key: str, table: dict, known, sources, notes) -> dict:
    where = f"{SOURCES_FILE.name}: lesson {key!r}"
    if not _LESSON_KEY.match(key):
        raise SourcesError(f"{where}: a lesson key is module/lesson, as in the lesson's URL")
    if not isinstance(table, dict):
        raise SourcesError(f"{where}: must be a table")
    _no_unknown_keys(table, LESSON_KEYS, where)
    reviewed = table.get("reviewed", {})
    if not isinstance(reviewed, dict):
        raise SourcesError(f"{where}: reviewed must be a table of section id = date")
    ids = table.get("sections", [])
    refs = _refs(ids, reviewed, known, sources, where)
    for section_id, day in reviewed.items():
        if section_id not in ids:
            raise SourcesError(f"{where}: reviewed names {section_id!r}, not one of its sections")
        if not isinstance(day, datetime.date) or isinstance(day, datetime.datetime):
            raise SourcesError(f"{where}: reviewed {section_id!r} must be a date (2026-12-01)")
    note = table.get("note")
    if note is not None and note not in notes:
        raise SourcesError(f"{where}: unknown note {note!r}")
    if not refs and note is None:
        raise SourcesError(f"{where}: needs sections, or a note saying why there are none")
    return {"refs": refs, "note": {"id": note, **notes[note]} if note else None}


def parse(text: str) -> Sources:
    """The sources in `text` (the TOML of reference/sources.toml), checked."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SourcesError(f"{SOURCES_FILE.name} is not valid TOML: {error}") from None
    unknown = set(data) - {"source", "lessons", "pages", "notes", "not_found"}
    if unknown:
        raise SourcesError(f"{SOURCES_FILE.name}: unknown table {sorted(unknown)[0]!r}")
    sources = tuple(_source(table, i) for i, table in enumerate(data.get("source", [])))
    if not sources:
        raise SourcesError(f"{SOURCES_FILE.name}: no [[source]]")
    known: dict[str, Section] = {}
    for source in sources:
        for section in source.sections:
            if (
                not _ID.match(section.id)
                or section.id in known
                or section.id in {s.id for s in sources}
            ):
                raise SourcesError(
                    f"{SOURCES_FILE.name}: section id {section.id!r} is repeated or not "
                    "lower-case words joined by hyphens"
                )
            known[section.id] = section
    by_id = {source.id: source for source in sources}
    if len(by_id) != len(sources) or not all(_ID.match(s) for s in by_id):
        raise SourcesError(f"{SOURCES_FILE.name}: source ids must be unique hyphenated words")
    notes = data.get("notes", {})
    for note_id, note in notes.items():
        where = f"{SOURCES_FILE.name}: note {note_id!r}"
        if not isinstance(note, dict):
            raise SourcesError(f"{where}: must be a table with title, short and text")
        _no_unknown_keys(note, {"title", "short", "text"}, where)
        _text(note, "title", where)
        _text(note, "short", where)
        _text(note, "text", where)
    lessons = {key: _lesson(key, table, known, by_id, notes)
               for key, table in data.get("lessons", {}).items()}  # fmt: skip
    pages = {}
    for path, table in data.get("pages", {}).items():
        where = f"{SOURCES_FILE.name}: page {path!r}"
        if not path.startswith("/") or not path.endswith("/"):
            raise SourcesError(f"{where}: a page is its path, as /odds/")
        _no_unknown_keys(table, {"name", "sections"}, where)
        refs = _refs(table.get("sections", []), {}, known, by_id, where)
        pages[path] = {"name": _text(table, "name", where), "refs": refs}
    not_found = tuple(data.get("not_found", []))
    where = f"{SOURCES_FILE.name}: not_found"
    for entry in not_found:
        _no_unknown_keys(entry, {"id", "what", "note"}, where)
        # The id is what the Chinese overlay translates it by.
        if not _ID.match(_text(entry, "id", where)):
            raise SourcesError(f"{where}: id {entry['id']!r} is not lower-case hyphenated words")
        _text(entry, "what", f"{where} {entry['id']!r}")
    if len({entry["id"] for entry in not_found}) != len(not_found):
        raise SourcesError(f"{where}: an id is repeated")
    return Sources(sources, lessons, pages, notes, not_found, known)


_loaded: dict[tuple[Path, str], tuple[tuple[int, int], Sources]] = {}


def page_language(language: str | None = None) -> str:
    """The language the sources are shown in for `language` (by default the active one):
    "zh-hant" or "zh-hans", each with its overlay, or English."""
    language = (language or get_language() or ENGLISH).lower()
    return language if language in TRANSLATED else ENGLISH


def load(path: Path = SOURCES_FILE, language: str | None = None) -> Sources:
    """The sources in `language` (by default the active one): English, or with our own words
    in Chinese from the overlay beside the file (sources.zh-hant.toml). Each language is read
    again only when one of its files has changed. A Chinese overlay that is missing, names
    something the file does not have, or leaves any of our words untranslated is a
    SourcesError: a Chinese page never falls back to English."""
    language = page_language(language)
    overlay = sources_chinese.overlay_file(path, language) if language != ENGLISH else None
    try:
        stamp = (path.stat().st_mtime_ns, overlay.stat().st_mtime_ns if overlay else 0)
    except FileNotFoundError as error:
        raise SourcesError(f"{Path(error.filename).name} is missing") from None
    loaded = _loaded.get((path, language))
    if loaded and loaded[0] == stamp:
        return loaded[1]
    if overlay:
        sources = sources_chinese.translated(load(path, ENGLISH), overlay)
    else:
        sources = parse(path.read_text(encoding="utf-8"))
    _loaded[(path, language)] = (stamp, sources)
    return sources


def check_lessons(sources: Sources, course) -> None:
    """Every lesson the file names is a lesson of the course (lessons.course)."""
    known = {lesson.key for lesson in course.lessons}
    for key in sources.lessons:
        if key not in known:
            raise SourcesError(f"{SOURCES_FILE.name}: lesson {key!r} is not in the course")


def for_lesson(key: str) -> dict | None:
    """What a lesson's Sources line shows, in the page's language: its refs and note, or None
    if none is recorded."""
    return load().lessons.get(key)


def page_context(course, lesson_url) -> dict:
    """What /sources/ shows, in the page's language: the sources by kind, each section with
    the lessons and pages that rely on it, the notes with their lessons, and what was looked
    for and not found. `course` is the course in the page's language (lessons.course);
    `lesson_url(lesson)` gives a lesson's address. On a Chinese page a lesson not yet
    translated has its English title, marked lang="en"."""
    language = page_language()
    sources = load(language=language)
    check_lessons(sources, course)
    lessons = {lesson.key: lesson for lesson in course.lessons}
    order = list(lessons)

    def title(lesson) -> dict:
        english = language != ENGLISH and lesson.language == ENGLISH
        return {"title": lesson.title, "lang": ENGLISH if english else None}

    used: dict[str, list] = {section_id: [] for section_id in sources.sections}
    for key in sorted(sources.lessons, key=order.index):
        for ref in sources.lessons[key]["refs"]:
            lesson = lessons[key]
            used[ref.section.id].append(
                {**title(lesson), "url": lesson_url(lesson), "reviewed": ref.reviewed}
            )
    on_pages: dict[str, list] = {section_id: [] for section_id in sources.sections}
    for path, page in sources.pages.items():
        for ref in page["refs"]:
            # The page in the language being read (/zh-hant/odds/ for /odds/): the path is
            # the English page's, so it is resolved in English.
            with override(ENGLISH):
                url = translate_url(path, language)
            on_pages[ref.section.id].append({"name": page["name"], "url": url})
    groups = []
    for kind, label in KINDS.items():
        members = [
            {
                "source": source,
                "sections": [
                    {"section": s, "lessons": used[s.id], "pages": on_pages[s.id]}
                    for s in source.sections
                ],
            }
            for source in sources.sources
            if source.kind == kind
        ]
        if members:
            groups.append({"kind": kind, "label": label, "sources": members})
    notes = [
        {
            "id": note_id,
            "title": note["title"],
            "text": note["text"],
            "lessons": [
                {**title(lessons[key]), "url": lesson_url(lessons[key])}
                for key in sorted(sources.lessons, key=order.index)
                if (sources.lessons[key]["note"] or {}).get("id") == note_id
            ],
        }
        for note_id, note in sources.notes.items()
    ]
    return {
        "groups": groups,
        "notes": notes,
        "not_found": sources.not_found,
        "chinese": language != ENGLISH,
    }
