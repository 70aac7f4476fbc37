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
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import frontmatter

from lessons import duration
from lessons.blocks import Check, Directive
from lessons.markdown import ContentError, render_markdown

CONTENT_DIR = Path(__file__).resolve().parent / "content" / "lessons"
MODULE_FILE = "_module.md"

_NUMBERED = re.compile(r"^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)$")


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
    metadata = dict(post.metadata)
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


def read_lesson(path: Path, module: str, number: int) -> Lesson:
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
    files = sorted(
        (p for p in folder.iterdir() if p.name != MODULE_FILE),
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
                  "".join(intro), lessons)  # fmt: skip


def _no_repeats(paths: list[Path], numbered) -> None:
    seen: dict = {}
    for path in paths:
        order, slug = numbered(path)
        for key in (order, slug):
            if key in seen:
                raise ContentError(f"{path}: the same number or slug as {seen[key]}")
            seen[key] = path


def read_course(root: Path = CONTENT_DIR) -> Course:
    folders = sorted((p for p in root.iterdir() if p.is_dir()),
                     key=lambda p: _numbered(p, p.name)[0])  # fmt: skip
    _no_repeats(folders, lambda p: _numbered(p, p.name))
    return Course(tuple(read_module(folder, i) for i, folder in enumerate(folders, start=1)))


_loaded: dict[Path, tuple[tuple, Course]] = {}


def load_course(root: Path = CONTENT_DIR) -> Course:
    """The course, read again only when a file under `root` has changed (so an edited lesson
    shows on the next request, and an unchanged course is not parsed on every page)."""
    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in root.rglob("*")))
    loaded = _loaded.get(root)
    if loaded and loaded[0] == stamp:
        return loaded[1]
    course = read_course(root)
    _loaded[root] = (stamp, course)
    return course
