"""The shapes of the sources file (reference/sources.toml): its documents, their sections,
the references lessons and pages make to them, and the words for their kinds. Read and
checked by reference.sources, translated by reference.sources_chinese."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.html import format_html
from django.utils.translation import gettext_lazy

SOURCES_FILE = Path(__file__).resolve().parent / "sources.toml"

KINDS = {
    "regulator": gettext_lazy("Regulators' rules"),
    "analysis": gettext_lazy("Analyses"),
    "standard": gettext_lazy("Standards"),
    "practice": gettext_lazy("How casinos deal: their own rules and dealer training"),
    "judgment": gettext_lazy("Court judgments"),
    "history": gettext_lazy("History"),
    "statistics": gettext_lazy("Statistics"),
    "lore": gettext_lazy("What players say: guides to reading the roads"),
}
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_LESSON_KEY = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*$")
_URL = re.compile(r"^https?://[^\s/]+\.[^\s/]+(/\S*)?$")
# A language tag as the lang attribute takes it: en, pt, fr...
LANGUAGE_TAG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$")
ENGLISH = "en"
TRANSLATED = ("zh-hant", "zh-hans")  # the languages with an overlay: sources.zh-hant.toml...

SOURCE_KEYS = {"id", "kind", "short", "title", "publisher", "date", "url", "relied_on_for",
               "url_note", "note", "section", "lang"}  # fmt: skip
SOURCE_REQUIRED = SOURCE_KEYS - {"url_note", "note", "lang"}
SECTION_KEYS = {"id", "title", "covers", "number", "heading", "url", "seen"}
LESSON_KEYS = {"sections", "reviewed", "note"}


class SourcesError(ValueError):
    """reference/sources.toml is wrong; the message says where and how."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str  # our own words for the part
    covers: str
    number: str = ""  # the document's own number: only when `seen` says where it was read
    heading: str = ""  # the document's own heading: likewise
    url: str = ""
    seen: str = ""  # where we read it; empty: not verified from a copy here
    source_id: str = ""

    @property
    def verified(self) -> bool:
        return bool(self.seen)


@dataclass(frozen=True)
class Source:
    id: str
    kind: str
    short: str
    title: str
    publisher: str
    date: str
    url: str
    relied_on_for: str
    sections: tuple[Section, ...]
    url_note: str = ""
    note: str = ""
    lang: str = ENGLISH  # the language of the document's own names: its title, its headings

    @property
    def kind_label(self) -> str:
        return str(KINDS[self.kind])


@dataclass(frozen=True)
class Ref:
    """One section a lesson or page relies on, and the day its text was compared with it."""

    section: Section
    source: Source
    reviewed: datetime.date | None = None
    separator: str = " — "  # between the source's name and the part: "：" in Chinese

    @property
    def label(self) -> str:
        """The source's short name and the part, as HTML (a Chinese label marks the
        language of the names it keeps in theirs)."""
        part = self.section.number or self.section.title
        return format_html("{}{}{}", self.source.short, self.separator, part)


@dataclass(frozen=True)
class Sources:
    sources: tuple[Source, ...]
    lessons: dict[str, dict]  # key -> {"refs": [Ref], "note": {id, short, text} | None}
    pages: dict[str, dict]  # path -> {"name": str, "refs": [Ref]}
    notes: dict[str, dict]  # id -> {"short": str, "text": str}
    not_found: tuple[dict, ...]  # {"id", "what", "note"}
    sections: dict[str, Section] = field(default_factory=dict)

    def source(self, source_id: str) -> Source:
        return next(source for source in self.sources if source.id == source_id)
