"""Every repository path the documents name exists: README.md and docs/*.md name files and
folders (`guards/shares.py`, `tests/e2e/`, [deploy](docs/deploy.md)), and a file that moves
or goes would otherwise leave them pointing at nothing.

What counts as a path: in backticks (inline or fenced), a word that contains a `/` and whose
first part is a file or folder at the top of the repository (so `/tracker/`,
`/api/v1/shoes`, `https://…` and `DATABASE_URL=…` are not paths); `*` and `<name>` match
any name. In a Markdown link or an `src="…"`, any target that is not a web address or a bare
`#anchor`, read from the document's own folder; a link to a heading of a Markdown page
must name a heading it has."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)|\bsrc=\"([^\"]+)\"")
PLACEHOLDER = re.compile(r"<[^<>/]+>|\{[^{}/]+\}")
LEADING = "\"'(["
TRAILING = "\"')],;:.!?"


def top_level() -> set[str]:
    return {entry.name for entry in ROOT.iterdir()}


def named_paths(text: str) -> list[str]:
    """The words in backticks that look like repository paths, as written."""
    spans = FENCED.findall(text) + INLINE.findall(FENCED.sub("", text))
    tops = top_level()
    found = []
    for span in spans:
        for word in span.split():
            word = word.lstrip(LEADING).rstrip(TRAILING)
            if "/" not in word or "://" in word or word.startswith(("/", "~")):
                continue
            if word.split("/", 1)[0] in tops:
                found.append(word)
    return found


def exists(path: Path, pattern: str) -> bool:
    """Whether `pattern` (a path with `*` or placeholders perhaps) names something under
    `path`."""
    pattern = PLACEHOLDER.sub("*", pattern)
    if "*" in pattern:
        return any(path.glob(pattern.rstrip("/")))
    return (path / pattern).exists()


def slug(heading: str) -> str:
    """A heading's anchor, as Markdown renderers make it: lower case, punctuation dropped,
    spaces as hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCED.sub("", page.read_text(encoding="utf-8"))
    return {slug(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def missing_in(document: Path, text: str) -> list[str]:
    """What `text` (the document's contents) names that is not in the repository."""
    missing = [word for word in named_paths(text) if not exists(ROOT, word)]
    for match in LINK.finditer(FENCED.sub("", text)):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        target, _, anchor = target.partition("#")
        page = (document.parent / target).resolve()
        if not page.exists() or ROOT not in (page, *page.parents):
            missing.append(target)
        elif anchor and page.suffix == ".md" and anchor not in anchors(page):
            missing.append(f"{target}#{anchor}")
    return missing


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: str(d.relative_to(ROOT)))
def test_every_path_a_document_names_exists(document):
    assert missing_in(document, document.read_text(encoding="utf-8")) == []


def test_the_documents_name_paths_at_all():
    # A reader that found nothing would pass everything: the README names a few for sure.
    named = named_paths((ROOT / "README.md").read_text(encoding="utf-8"))
    assert {"scripts/screenshots.py", "tests/e2e", ".ci/run"} <= set(named)


def test_a_missing_path_is_caught_and_a_web_address_is_not_a_path():
    text = (
        "See `guards/no_such_module.py`, `tests/e2e/` and `tests/web/<app>/`; "
        "[a page](docs/nowhere.md), [a heading](docs/deploy.md#no-such-heading), "
        "[deploy](docs/deploy.md#backups); "
        "not paths: `/tracker/`, `/api/v1/shoes`, `https://example.org/a/b`, "
        "`DATABASE_URL=postgres://u@h/db`, `css/site.css`.\n"
        "```sh\n.ci/no_such_script bench/no_such_bench.py\n```\n"
    )
    assert missing_in(ROOT / "README.md", text) == [
        ".ci/no_such_script",
        "bench/no_such_bench.py",
        "guards/no_such_module.py",
        "docs/nowhere.md",
        "docs/deploy.md#no-such-heading",
    ]
