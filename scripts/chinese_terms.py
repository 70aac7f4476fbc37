"""The site's Chinese words held to locale/terms.toml, and Chinese punctuation in Chinese
sentences: run after any Traditional text changes (a merge, new translations).

    PYTHONPATH=. .venv/bin/python scripts/chinese_terms.py   # fix zh-hant, then remake zh-hans

It rewrites the Traditional texts people edit (both catalogues' msgstr, the lessons'
.zh-hant.md files, the glossary's and the sources' .zh-hant.toml): each word a term's
`hant_avoid` lists becomes the term's `hant` (rows marked `fix = false` are left for a person),
a road's column written 行 (第 3 行、新一行) becomes 欄, and English punctuation or spaces
inside a Chinese sentence become Chinese ones. Then scripts/simplified.py remakes every
Simplified text from them. Running it twice changes nothing the second time.

tests/web/baccarat_site/test_chinese_terms.py uses `problems()` to refuse what this would
change and what it cannot (the `fix = false` rows).
"""

import re
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
TERMS = ROOT / "locale" / "terms.toml"
CATALOGUES = {
    "zh-hant": ROOT / "locale" / "zh_Hant" / "LC_MESSAGES",
    "zh-hans": ROOT / "locale" / "zh_Hans" / "LC_MESSAGES",
}
LESSONS = ROOT / "lessons" / "content" / "lessons"
REFERENCE = ROOT / "reference"


def terms() -> list[dict]:
    return _terms_in(TERMS.read_text(encoding="utf-8"))


# Each text checked asks for the terms again: the file is read each time (this script may have
# just changed it) but parsed once for the same contents.
@cache
def _terms_in(text: str) -> list[dict]:
    return tomllib.loads(text)["term"]


def replacements(side: str) -> list[tuple[str, str]]:
    """(word to avoid, word to write) for 'hant' or 'hans', longest first; only rows a
    machine may apply."""
    pairs = [
        (avoid, term[side])
        for term in terms()
        if term.get("fix", True)
        for avoid in term.get(f"{side}_avoid", [])
    ]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


def avoided(side: str) -> list[tuple[str, str]]:
    """(word to avoid, the English term it is a wrong word for), every row."""
    return [(avoid, term["en"]) for term in terms() for avoid in term.get(f"{side}_avoid", [])]


CJK = "\u3400-\u9fff\uf900-\ufaff"
OPENING = "「『（《“‘"
CLOSING = "」』）》”’，。、；：！？"
FULL = {",": "，", ";": "；", ":": "：", "?": "？", "!": "！", ".": "。"}

# What is not Chinese prose though it sits in it: code, placeholders, tags, links, numbers
# with their points and commas, a lone ? (an unknown card as it is typed), Markdown lists.
NOT_PROSE = re.compile(
    r"`[^`\n]*`|<code>.*?</code>|<[^>\n]*>|\{\{.*?\}\}|\{[\w:.]*\}|%\(\w+\)[sdfr]|%%"
    r"|\]\([^)\s]*\)|https?://\S+|/[\w/.-]*/|\d[\d,.]*\d|(?<![^\s（(])\?(?=[\s）)]|$)"
    r"|\{en:[^}]*\}|（又[称稱][^）]*）",
    re.M | re.S,
)


# In a lesson (Markdown): its front matter's keys and a list's markers (1. 2. -).
MARKDOWN = re.compile(r"^\s*(?:[-*]|\d+\.)\s+|^[a-z_]+:", re.M)


def _masked(text: str) -> str:
    """The text with its non-prose parts replaced by as many 'x's (same offsets)."""
    text = NOT_PROSE.sub(lambda m: "x" * len(m[0]), text)
    if text.startswith("---\n"):
        text = MARKDOWN.sub(lambda m: "x" * len(m[0]), text)
    return text


HAN = f"[{CJK}]"
HAN_OR_MARK = f"[{CJK}{CLOSING}]"
ROUND = re.compile(rf"\(([^()\n]*[{CJK}][^()\n]*)\)|(?<={HAN})[ ]*\(([^()\n]*)\)")
ASCII_MARK = re.compile(rf"(?<={HAN_OR_MARK})[ ]*([,;:?!.])[ ]*|[ ]*([,;:?!])[ ]*(?={HAN})")
SPACE = re.compile(rf"(?<=[{CJK}{OPENING}{CLOSING}]) +(?=[{CJK}{OPENING}{CLOSING}])"
                   rf"|(?<=\S) +(?=[{CLOSING}])|(?<=[{OPENING}{CLOSING}]) +(?=\S)")


def _round(masked: str):
    for m in ROUND.finditer(masked):
        inner = 1 if m[1] is not None else 2
        yield m.start(), m.start(inner), "（"
        yield m.end(inner), m.end(), "）"


def _marks(masked: str):
    for m in ASCII_MARK.finditer(masked):
        if m[1] or m[2] != ".":
            yield m.start(), m.end(), FULL[m[1] or m[2]]


def _spaces(masked: str):
    for m in SPACE.finditer(masked):
        yield m.start(), m.end(), ""


# A numbered heading in Chinese is 一、二、, not "1. ".
NUMBERED = re.compile(rf"(?<![\w.])([1-9]|10)\. *(?={HAN})")
NUMERALS = "一二三四五六七八九十"


def _numbers(masked: str):
    for m in NUMBERED.finditer(masked):
        yield m.start(), m.end(), NUMERALS[int(m[1]) - 1] + "、"


PASSES = (_numbers, _round, _marks, _spaces)


def _edits(text: str, passes=PASSES) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for each piece of English punctuation or stray space in the
    Chinese prose of text."""
    masked = _masked(text)
    return sorted(edit for found in passes for edit in found(masked))


def fix_punctuation(text: str) -> str:
    # One kind at a time: a bracket made full-width lets the space beside it be seen.
    for kind in PASSES:
        for start, end, new in reversed(_edits(text, (kind,))):
            text = text[:start] + new + text[end:]
    return text


# A road's column as Traditional wrote it before: 行 after a number, a measure or a pointing
# word (第 3 行、新一行、同一行、該行、左邊第二行), not the first character of another word.
COLUMN_AS_LINE = re.compile(
    r"(?<=[第一二三四五六七八九十兩幾每各該這那新同整前後上下左右邊的哪末逐}0-9\s])"
    r"行(?![事動為政程李業人走使])"
)


def fix_traditional(text: str, road_columns: bool) -> str:
    for avoid, wanted in replacements("hant"):
        text = text.replace(avoid, wanted)
    if road_columns:
        text = COLUMN_AS_LINE.sub("欄", text)
    return fix_punctuation(text)


def problems(text: str, side: str, names_only: bool = False) -> list[str]:
    """What is wrong with one Chinese text ('hant' or 'hans'): a word its side avoids, or
    English punctuation or a stray space in a Chinese sentence (each shown in context)."""
    found = []
    prose = _masked(text)
    for avoid, english in avoided(side):
        if avoid in prose:
            at = prose.index(avoid)
            found.append(f"{avoid} (for {english!r}) in …{text[max(0, at - 12):at + 12]}…")
    if not names_only:
        for start, end, _ in _edits(text):
            found.append(f"punctuation …{text[max(0, start - 12):end + 12]}…")
    return found


def _pofiles(side: str):
    for path in sorted(CATALOGUES[side].glob("*.po")):
        yield path, polib.pofile(str(path), wrapwidth=100)


def speaks_of_columns(msgid: str) -> bool:
    return bool(re.search(r"\b(columns?|streaks?)\b", msgid, re.I)) and not re.search(
        r"\blines?\b", msgid, re.I
    )


def texts(side: str):
    """(where, text) for every Chinese text of one side the site shows."""
    for path, catalogue in _pofiles(side):
        for entry in catalogue:
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                if text:
                    yield f"{path.name}: {entry.msgid[:60]!r}", text
    for path in sorted(LESSONS.rglob(f"*.{side}.md")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    glossary = tomllib.loads((REFERENCE / "content" / f"glossary.{side}.toml").read_text("utf-8"))
    for entry in glossary["term"]:
        for field in ("name", "definition"):
            if field in entry:
                yield f"glossary {entry['name']} {field}", entry[field]
    sources = tomllib.loads((REFERENCE / f"sources.{side}.toml").read_text("utf-8"))
    for table in sources.values():
        for key, fields in table.items():
            for field, value in fields.items():
                if isinstance(value, str):
                    yield f"sources {key} {field}", value


KEY = re.compile(r"^([A-Za-z_]+) = ")


def _fix_toml(path: Path, fields: tuple[str, ...] | None = None) -> None:
    """Fix the strings of a TOML file (only those of `fields`, if given), leaving its comments
    (English), its keys and its other fields alone: a glossary's English gloss, and the other
    names people write (退注 among them), are not ours to change."""
    lines = path.read_text(encoding="utf-8").split("\n")
    fixed, key = [], None
    for line in lines:
        if line.lstrip().startswith(("#", "[")):
            key = None
        elif found := KEY.match(line):
            key = found[1]
        chinese = key is not None and (fields is None or key in fields)
        fixed.append(fix_traditional(line, road_columns=True) if chinese else line)
    path.write_text("\n".join(fixed), encoding="utf-8")


def main() -> int:
    for _, catalogue in _pofiles("zh-hant"):
        for entry in catalogue:
            road = speaks_of_columns(entry.msgid + " " + entry.msgid_plural)
            if entry.msgstr:
                entry.msgstr = fix_traditional(entry.msgstr, road)
            for index, text in list(entry.msgstr_plural.items()):
                entry.msgstr_plural[index] = fix_traditional(text, road)
        catalogue.save()
        # Wrapped again as makemessages wraps it (GNU gettext counts a Chinese character as
        # two columns; polib as one), so the file's diff shows only what changed.
        subprocess.run(["msgcat", catalogue.fpath, "-o", catalogue.fpath], check=True)
    for path in LESSONS.rglob("*.zh-hant.md"):
        path.write_text(fix_traditional(path.read_text(encoding="utf-8"), True), encoding="utf-8")
    _fix_toml(REFERENCE / "content" / "glossary.zh-hant.toml", ("name", "definition", "see"))
    _fix_toml(REFERENCE / "sources.zh-hant.toml")

    sys.path.insert(0, str(ROOT / "scripts"))
    import simplified

    return simplified.main()


if __name__ == "__main__":
    sys.exit(main())
