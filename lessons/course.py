"""The course: modules of lessons written as Markdown files in the repo, read and checked here.

No Django in this module: it reads the files and their front matter, and has each body
rendered (lessons.markdown), every directive becoming engine output or a spec the lesson page
draws (lessons.directives, lessons.blocks). A content mistake is
a ContentError at load time naming the file, the line and what is wrong, so it is caught by
the tests (and by the page that would have shown it), never printed to a learner.

Layout::

    lessons/content/lessons/
        01-foundations/
            _module.md            front matter: title, summary; the body is the module's intro
            01-the-table.md       front matter: title, summary; the body is the lesson
            02-card-values.md
        02-player-rule/
            ...

The number prefixes set the order and are not part of the URL: 02-card-values.md in
01-foundations is /lessons/foundations/card-values/. A learner's progress is kept under the
lesson's key, "foundations/card-values".

The directives a lesson can use are described for content authors in lessons/directives.py.

Translations sit beside the English files, named for their language: 01-the-table.zh-hant.md
beside 01-the-table.md, _module.zh-hant.md beside _module.md. A translation has the same
block directives as its English lesson, in the same order (the boards, hands and checks are
the same, so progress and a board's URL are the same in every language); its prose and
inline figures are its own. `load_course(language=…)` gives the course in a language: each
lesson translated into it where a file exists, else the English lesson, which says so by its
`language` ("en") so that the page can mark its text and say that it is not translated yet
(its boards and checks are drawn in the page's language even so).
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import frontmatter

from lessons import duration
from lessons.blocks import Check, Directive
from lessons.markdown import ContentError, render_markdown

CONTENT_DIR = Path(__file__).resolve().parent / "content" / "lessons"
MODULE_FILE = "_module.md"
ENGLISH = "en"
TRANSLATIONS = ("zh-hant", "zh-hans")  # the languages a file beside an English one may be in

_NUMBERED = re.compile(r"^([0-9]+)-([a-z0-9]+(?:-[a-z0-9]+)*)$")


# --- the course ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    module: str
    slug: str
    number: int  # 1-based within the module
    title: str
    summary: str
    path: Path
    parts: tuple[str | Directive, ...]  # HTML rendered from the Markdown, and block directives
    language: str = ENGLISH  # what its title, summary and parts are written in
    english_minutes: int | None = None  # a translation takes as long as its English lesson

    @property
    def key(self) -> str:
        return f"{self.module}/{self.slug}"

    @property
    def directives(self) -> tuple[Directive, ...]:
        return tuple(part for part in self.parts if isinstance(part, Directive))

    @property
    def checks(self) -> tuple[Check, ...]:
        return tuple(d.spec for d in self.directives if d.name == "check")

    @property
    def check_ids(self) -> set[str]:
        return {check.id for check in self.checks}

    def check(self, check_id: str) -> Check | None:
        return next((check for check in self.checks if check.id == check_id), None)

    def roads(self) -> tuple[Directive, ...]:
        return tuple(d for d in self.directives if d.name == "road")

    @property
    def minutes(self) -> int:
        """About how long the lesson takes: its reading and its checks and boards."""
        if self.english_minutes is not None:
            return self.english_minutes
        return duration.minutes(self.parts)

    @property
    def duration(self) -> str:
        return duration.spoken(self.minutes)


@dataclass(frozen=True)
class Module:
    slug: str
    number: int
    title: str
    summary: str
    intro: str  # HTML
    lessons: tuple[Lesson, ...]
    folder: Path | None = None
    language: str = ENGLISH  # what its title, summary and introduction are written in

    @property
    def minutes(self) -> int:
        return sum(lesson.minutes for lesson in self.lessons)

    @property
    def duration(self) -> str:
        return duration.spoken(self.minutes)


@dataclass(frozen=True)
class Course:
    modules: tuple[Module, ...]

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(lesson for module in self.modules for lesson in module.lessons)

    @property
    def duration(self) -> str:
        return duration.spoken(sum(module.minutes for module in self.modules))

    def module(self, slug: str) -> Module | None:
        return next((m for m in self.modules if m.slug == slug), None)

    def lesson(self, module: str, slug: str) -> Lesson | None:
        found = self.module(module)
        if found is None:
            return None
        return next((lesson for lesson in found.lessons if lesson.slug == slug), None)

    def by_key(self, key: str | None) -> Lesson | None:
        module, _, slug = (key or "").partition("/")
        return self.lesson(module, slug)

    def neighbours(self, lesson: Lesson) -> tuple[Lesson | None, Lesson | None]:
        """The lessons before and after this one, across module boundaries."""
        lessons = self.lessons
        index = next(i for i, other in enumerate(lessons) if other.key == lesson.key)
        before = lessons[index - 1] if index > 0 else None
        after = lessons[index + 1] if index + 1 < len(lessons) else None
        return before, after


# --- files -----------------------------------------------------------------------------------


def _front_matter(path: Path) -> tuple[dict, str, int]:
    text = path.read_text(encoding="utf-8")
    try:
        post = frontmatter.loads(text)
    except Exception as error:  # the YAML library's own errors, whatever they are
        raise ContentError(f"{path}: the front matter is not valid YAML: {error}") from None
    metadata: dict[str, Any] = dict(post.metadata)  # YAML: checked below
    for key in ("title", "summary"):
        if not isinstance(metadata.get(key), str) or not metadata[key].strip():
            raise ContentError(f"{path}: the front matter needs a {key}")
    unknown = set(metadata) - {"title", "summary"}
    if unknown:
        raise ContentError(f"{path}: unknown front matter key {sorted(unknown)[0]!r}")
    start = text.find(post.content) if post.content else len(text)
    return metadata, post.content, text.count("\n", 0, start) + 1


def _numbered(path: Path, name: str) -> tuple[int, str]:
    match = _NUMBERED.match(name)
    if not match:
        raise ContentError(f"{path}: name it NN-slug (digits, a dash, lower-case words)")
    return int(match.group(1)), match.group(2)


def translation_of(path: Path, language: str) -> Path:
    """Where the translation of an English file sits: 01-the-table.zh-hant.md."""
    return path.with_name(f"{path.stem}.{language}{path.suffix}")


def _is_translation(path: Path) -> bool:
    return any(path.name.endswith(f".{language}.md") for language in TRANSLATIONS)


def _in_language(language: str):
    """The engine's sentences (and every marked string) in `language` while a file in it is
    read: Django's translation when the site is set up, else nothing to switch."""
    try:
        from django.conf import settings
        from django.utils import translation
    except ImportError:  # the course read without the site
        return nullcontext()
    return translation.override(language) if settings.configured else nullcontext()


def read_lesson(path: Path, module: str, number: int, slug: str | None = None) -> Lesson:
    if slug is None:
        _order, slug = _numbered(path, path.stem)
    metadata, body, first_line = _front_matter(path)
    parts = render_markdown(body, path, first_line)
    lesson = Lesson(module, slug, number, metadata["title"].strip(), metadata["summary"].strip(),
                    path, parts)  # fmt: skip
    # A lesson is complete when its checks pass: one without a check could never be
    # finished by showing what was learnt, so every lesson has at least one.
    if not lesson.checks:
        raise ContentError(f"{path}: a lesson needs at least one {{{{ check … }}}}")
    return lesson


def read_module(folder: Path, number: int) -> Module:
    _order, slug = _numbered(folder, folder.name)
    module_file = folder / MODULE_FILE
    if not module_file.exists():
        raise ContentError(f"{folder}: a module needs a {MODULE_FILE} with its title and summary")
    metadata, body, first_line = _front_matter(module_file)
    intro = render_markdown(body, module_file, first_line)
    if any(isinstance(part, Directive) for part in intro):
        raise ContentError(f"{module_file}: a module's introduction cannot hold block directives")
    translations = [p for p in folder.iterdir() if _is_translation(p)]
    for path in translations:
        original = path.with_name(path.name.split(".", 1)[0] + ".md")
        if not original.exists():
            raise ContentError(f"{path}: a translation needs its English file, {original.name}")
    files = sorted(
        (p for p in folder.iterdir() if p.name != MODULE_FILE and p not in translations),
        key=lambda p: _numbered(p, p.stem)[0],
    )
    for path in files:
        if path.suffix != ".md" or path.is_dir():
            raise ContentError(f"{path}: a module folder holds only NN-slug.md lessons")
    _no_repeats(files, lambda p: _numbered(p, p.stem))
    lessons = tuple(read_lesson(path, slug, i) for i, path in enumerate(files, start=1))
    if not lessons:
        raise ContentError(f"{folder}: the module has no lessons")
    return Module(slug, number, metadata["title"].strip(), metadata["summary"].strip(),
                  "".join(intro), lessons, folder)  # fmt: skip


def _no_repeats(paths: list[Path], numbered) -> None:
    seen: dict = {}
    for path in paths:
        order, slug = numbered(path)
        for key in (order, slug):
            if key in seen:
                raise ContentError(f"{path}: the same number or slug as {seen[key]}")
            seen[key] = path


def read_course(root: Path = CONTENT_DIR) -> Course:
    """The English course (its engine text in English, whatever language is active)."""
    folders = sorted((p for p in root.iterdir() if p.is_dir()),
                     key=lambda p: _numbered(p, p.name)[0])  # fmt: skip
    _no_repeats(folders, lambda p: _numbered(p, p.name))
    with _in_language(ENGLISH):
        return Course(tuple(read_module(folder, i) for i, folder in enumerate(folders, start=1)))


def _translated_lesson(lesson: Lesson, language: str) -> Lesson:
    path = translation_of(lesson.path, language)
    if not path.exists():
        # Not translated: its English text, and its boards and checks read again in
        # `language` (what the engine computed when the lesson was read, in it), so that
        # only the prose is English.
        local = iter(read_lesson(lesson.path, lesson.module, lesson.number, lesson.slug).parts)
        directives = (part for part in local if isinstance(part, Directive))
        parts = tuple(next(directives) if isinstance(p, Directive) else p for p in lesson.parts)
        return replace(lesson, parts=parts)
    translated = read_lesson(path, lesson.module, lesson.number, lesson.slug)
    theirs = [d.source for d in translated.directives]
    ours = [d.source for d in lesson.directives]
    if theirs != ours:
        pairs = zip(theirs, ours, strict=False)
        differ = next(
            (f"{{{{ {a} }}}} where the English has {{{{ {b} }}}}" for a, b in pairs if a != b),
            f"{len(theirs)} block directives where the English has {len(ours)}",
        )
        raise ContentError(
            f"{path}: a translation keeps its English lesson's block directives, in order; "
            f"this one has {differ}"
        )
    return replace(translated, language=language, english_minutes=lesson.minutes)


def _translated_module(module: Module, language: str) -> Module:
    lessons = tuple(_translated_lesson(lesson, language) for lesson in module.lessons)
    path = translation_of(module.folder / MODULE_FILE, language) if module.folder else None
    if path is None or not path.exists():
        return replace(module, lessons=lessons)
    metadata, body, first_line = _front_matter(path)
    intro = render_markdown(body, path, first_line)
    if any(isinstance(part, Directive) for part in intro):
        raise ContentError(f"{path}: a module's introduction cannot hold block directives")
    return replace(
        module,
        title=metadata["title"].strip(),
        summary=metadata["summary"].strip(),
        intro="".join(intro),
        lessons=lessons,
        language=language,
    )


def translate_course(english: Course, language: str) -> Course:
    """The course in `language`: every lesson and module with a file in it, read in it (its
    engine text too); the others as they are, in English."""
    with _in_language(language):
        return Course(tuple(_translated_module(module, language) for module in english.modules))


_loaded: dict[tuple[Path, str], tuple[tuple, Course]] = {}


def load_course(root: Path = CONTENT_DIR, language: str | None = ENGLISH) -> Course:
    """The course in `language` (English when it has no translations), read again only when
    a file under `root` has changed (so an edited lesson shows on the next request, and an
    unchanged course is not parsed on every page)."""
    language = (language or ENGLISH).lower()
    language = language if language in TRANSLATIONS else ENGLISH
    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in root.rglob("*")))
    loaded = _loaded.get((root, language))
    if loaded and loaded[0] == stamp:
        return loaded[1]
    if language == ENGLISH:
        course = read_course(root)
    else:
        course = translate_course(load_course(root), language)
    _loaded[(root, language)] = (stamp, course)
    return course
