"""Our own words about the sources, in Chinese: reference/sources.zh-hant.toml,
written by hand, and sources.zh-hans.toml, made from it by scripts/simplified.py.

sources.toml says in English what each document is, what we rely on it for and how we read
it. The overlay beside it says the same in Chinese, keyed by the same ids. A document's own
name (its title, its publisher's name, a heading quoted from it) is not translated: it stays
in its language, marked so (lang="en", lang="pt"...). The overlay is checked when it is read:
every id it names is one sources.toml has, and every one of our words there has its
translation, so a Chinese page never shows them in English.

The overlay, table by table (a field is given where sources.toml has it, and only then):

    [source.<id>]     short, publisher, date, relied_on_for, url_note, note; title optional
    [section.<id>]    title, covers, seen; heading and number optional
    [notes.<id>]      title, short, text
    [not_found.<id>]  what, note
    [pages."<path>"]  name

A name in another language inside the Chinese is marked with its language as the glossary
marks one, {en:Wizard of Odds} (or {pt:…}, {fr:…}, {de:…}), and shown as
<span lang="en">Wizard of Odds</span>; no other markup is allowed. A source's `title`
and a section's `heading` and `number` are the document's own: without them the Chinese page
shows sources.toml's, marked with the source's `lang`. They are given here only to show the
name another way: with its Chinese name beside it, split where it mixes two languages, or a
number as Chinese writes it (第 13 條 for Art. 13). A name with Chinese characters in it must
be given here, so that the Simplified page converts it with the rest.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from reference.citations import LANGUAGE_TAG, Ref, Section, Source, Sources, SourcesError

SEPARATOR = "："  # between a source's name and the part, in a lesson's Sources line
FOREIGN = re.compile(r"\{([^{}:]*):([^{}]+)\}")  # {en:Wizard of Odds}
CHINESE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
TABLES = ("source", "section", "notes", "not_found", "pages")


def overlay_file(path: Path, language: str) -> Path:
    """The overlay of `path` (sources.toml) in `language`: sources.zh-hant.toml beside it."""
    return path.with_name(f"{path.stem}.{language}{path.suffix}")


def marked(text: str, where: str) -> SafeString:
    """The overlay's `text` as HTML: escaped, each {en:name} a <span lang="en">name</span>."""
    parts, last = [], 0
    for match in FOREIGN.finditer(text):
        lang = match.group(1)
        if not LANGUAGE_TAG.match(lang) or lang.startswith("zh"):
            raise SourcesError(f"{where}: {{{lang}:…}} does not name a language other than Chinese")
        parts.append(_plain(text[last : match.start()], where))
        parts.append(format_html('<span lang="{}">{}</span>', lang, match.group(2)))
        last = match.end()
    parts.append(_plain(text[last:], where))
    return mark_safe("".join(parts))


def _plain(text: str, where: str) -> str:
    if any(mark in text for mark in "{}<>"):
        raise SourcesError(
            f"{where}: the only markup allowed is {{en:…}} around a name in another language "
            f"(or {{pt:…}}, {{fr:…}}...): {text!r}"
        )
    return escape(text)


def named(text: str, lang: str) -> SafeString | str:
    """A document's own name from sources.toml, marked with its language ("" stays "")."""
    return format_html('<span lang="{}">{}</span>', lang, text) if text else ""


def _given(obj, *fields: str) -> set[str]:
    return {field for field in fields if getattr(obj, field)}


def _names(obj, *fields: str) -> tuple[set[str], set[str]]:
    """Of a source's or section's own names: those the overlay must give (they have Chinese
    in them) and those it may give."""
    required = {field for field in _given(obj, *fields) if CHINESE.search(getattr(obj, field))}
    return required, _given(obj, *fields) - required


def expected(sources: Sources) -> dict[str, dict[str, tuple[set[str], set[str]]]]:
    """What the overlay of `sources` must hold: {table: {key: (required, optional fields)}}."""
    tables: dict[str, dict] = {table: {} for table in TABLES}
    for source in sources.sources:
        names, optional = _names(source, "title")
        words = {"short", "publisher", "date", "relied_on_for"} | _given(source, "url_note", "note")
        tables["source"][source.id] = (words | names, optional)
        for section in source.sections:
            names, optional = _names(section, "heading", "number")
            words = {"title", "covers"} | _given(section, "seen")
            tables["section"][section.id] = (words | names, optional)
    for note_id in sources.notes:
        tables["notes"][note_id] = ({"title", "short", "text"}, set())
    for entry in sources.not_found:
        tables["not_found"][entry["id"]] = ({"what"} | ({"note"} & set(entry)), set())
    for path in sources.pages:
        tables["pages"][path] = ({"name"}, set())
    return tables


def check(overlay: dict, sources: Sources, name: str) -> None:
    """That `overlay` (the TOML of sources.zh-hant.toml, called `name`) names only what
    `sources` has, and translates every one of our words there."""
    unknown = set(overlay) - set(TABLES)
    if unknown:
        raise SourcesError(f"{name}: unknown table {sorted(unknown)[0]!r}")
    for table, entries in expected(sources).items():
        given = overlay.get(table, {})
        if not isinstance(given, dict):
            raise SourcesError(f"{name}: {table} must be tables, as [{table}.<id>]")
        for key in given:
            if key not in entries:
                raise SourcesError(
                    f"{name}: [{table}.{key!r}] is not in sources.toml (a typo, or an id "
                    "that has changed there?)"
                )
        for key, (required, optional) in entries.items():
            where = f"{name}: [{table}.{key!r}]"
            fields = given.get(key)
            if fields is None:
                raise SourcesError(
                    f"{where} is missing: sources.toml has it, and a Chinese page would "
                    "show it in English"
                )
            if not isinstance(fields, dict):
                raise SourcesError(f"{where} must be a table")
            for field in sorted(set(fields) - required - optional):
                raise SourcesError(
                    f"{where}: unknown key {field!r} (sources.toml has no {field} there)"
                )
            for field in sorted(required - set(fields)):
                raise SourcesError(f"{where}: {field} is missing")
            for field, value in fields.items():
                if not isinstance(value, str) or not value.strip():
                    raise SourcesError(f"{where}: {field} must be text, not empty")
                marked(value.strip(), f"{where} {field}")


def read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SourcesError(f"{path.name} is not valid TOML: {error}") from None


def translated(sources: Sources, path: Path) -> Sources:
    """`sources` (the English) with our words from the overlay at `path`, checked."""
    overlay = read(path)
    check(overlay, sources, path.name)

    def words(table: str, key: str) -> dict[str, SafeString]:
        where = f"{path.name}: [{table}.{key!r}]"
        return {
            field: marked(value.strip(), f"{where} {field}")
            for field, value in overlay[table][key].items()
        }

    by_id: dict[str, Source] = {}
    for source in sources.sources:
        mine = words("source", source.id)
        sections = tuple(
            _section(section, words("section", section.id), source.lang)
            for section in source.sections
        )
        by_id[source.id] = replace(
            source,
            short=mine["short"],
            title=mine.get("title") or named(source.title, source.lang),
            publisher=mine["publisher"],
            date=mine["date"],
            relied_on_for=mine["relied_on_for"],
            url_note=mine.get("url_note", ""),
            note=mine.get("note", ""),
            sections=sections,
        )
    known = {s.id: s for source in by_id.values() for s in source.sections}

    def refs(english: list[Ref]) -> list[Ref]:
        return [
            Ref(known[ref.section.id], by_id[ref.source.id], ref.reviewed, SEPARATOR)
            for ref in english
        ]

    notes = {note_id: words("notes", note_id) for note_id in sources.notes}
    lessons = {
        key: {
            "refs": refs(entry["refs"]),
            "note": {"id": entry["note"]["id"], **notes[entry["note"]["id"]]}
            if entry["note"]
            else None,
        }
        for key, entry in sources.lessons.items()
    }
    pages = {
        page: {"name": words("pages", page)["name"], "refs": refs(entry["refs"])}
        for page, entry in sources.pages.items()
    }
    not_found = tuple(
        {"id": entry["id"], "what": "", "note": "", **words("not_found", entry["id"])}
        for entry in sources.not_found
    )
    return Sources(tuple(by_id.values()), lessons, pages, notes, not_found, known)


def _section(section: Section, mine: dict, lang: str) -> Section:
    return replace(
        section,
        title=mine["title"],
        covers=mine["covers"],
        seen=mine.get("seen", ""),
        heading=mine.get("heading") or named(section.heading, lang),
        number=mine.get("number") or named(section.number, lang),
    )
