"""Simplified Chinese made from the Traditional catalogue, never edited: run by `make messages`.

The two scripts differ mostly by characters, which OpenCC converts (its `hk2s` profile: the
Traditional here is written as Hong Kong and Macau write it). Where usage differs, not only
the script (the Cockroach Pig is 曱甴路 in Cantonese guides and 蟑螂路 on Simplified
pages), the site's terms in locale/terms.toml replace what OpenCC gives (each row's
`hans_avoid` words by its `hans`), longest first; 「」 become “”, as the mainland quotes.
The Traditional catalogue stays the one translators edit; this file is rebuilt from it and
never edited by hand.

    .venv/bin/python scripts/simplified.py   # locale/zh_Hant -> locale/zh_Hans

It also writes the Simplified glossary, reference/content/glossary.zh-hans.toml, from the
Traditional one beside it, the same way. A term whose name a reviewed term changes (曱甴路,
which Simplified pages call 蟑螂路) keeps its Traditional name among its other names, so
the glossary can still be looked up by it: the Simplified entry is 蟑螂路, also called
曱甴路 and 小强路.

And it writes the sources' Simplified overlay, reference/sources.zh-hans.toml (our words about
each document the site cites, reference/sources_chinese.py), from sources.zh-hant.toml: every
text converted the same way; the names in other languages, marked {en:…}, have no Chinese in
them and come through as they are.
"""

import json
import re
import sys
import tomllib
from pathlib import Path

import opencc
import polib

ROOT = Path(__file__).resolve().parent.parent
TRADITIONAL = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES"
SIMPLIFIED = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES"
GLOSSARY = ROOT / "reference" / "content"


def reviewed_terms() -> list[tuple[str, str]]:
    """(what OpenCC or a Hong Kong writer gives, what Simplified pages say), longest first."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import chinese_terms

    return chinese_terms.replacements("hans")


QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})


# A road's column is 行 in Traditional (Hong Kong and Taiwan count a road's columns as 行,
# its cells down as 格: 第 3 行、新一行、同一行、左邊第二行), and a vertical column 直行; a
# mainland reader reads 行 as a row, so Simplified says 列 (第 3 列、新一列) and 竖列. Only
# 行 as that noun: after a number, a measure or a pointing word (第、一、两、每、该、这、
# 新、同、左边第二、的…), and not the first character of another word (行动、行事、行为…).
# A line of text is 行 on both sides: a message about lines (the importer's) keeps it.
COLUMN_NOUN = re.compile(
    r"(?<=[第一二三四五六七八九十两几每各该这那新同整前后上下左右边的哪末逐}0-9０-９\s])"
    r"行(?![事动为政程李业人走使])"
)
VERTICAL_COLUMN = re.compile(r"直行")


def columns(text: str) -> str:
    return COLUMN_NOUN.sub("列", VERTICAL_COLUMN.sub("竖列", text))


def simplified(text: str, converter, terms, road_columns: bool = True) -> str:
    text = converter.convert(text)
    # A column written 行 first, so that a row the terms make 行 (横排) stays a row.
    text = columns(text) if road_columns else text
    for converted, wanted in terms:
        text = text.replace(converted, wanted)
        # A name's other names keep the one it was renamed from: 曱甴路（又稱小強路、蟑螂路）
        # becomes 蟑螂路（又称小强路、曱甴路）, not 蟑螂路 twice.
        also = re.escape(wanted) + r"(\**（又称[^）]*?)" + re.escape(wanted)
        text = re.sub(also, lambda m, c=converted, w=wanted: f"{w}{m[1]}{c}", text)
    return text.translate(QUOTES)


def speaks_of_columns(msgid: str) -> bool:
    """Whether an English message's 行 are a road's columns: it speaks of columns or
    streaks (a Big Road column is one) and not of lines (the importer's and the API's lines
    of text, which are 行 to every reader)."""
    return bool(re.search(r"\b(columns?|streaks?)\b", msgid, re.I)) and not re.search(
        r"\blines?\b", msgid, re.I
    )


def convert(domain: str, converter, terms) -> None:
    source = TRADITIONAL / f"{domain}.po"
    if not source.exists():
        return
    catalogue = polib.pofile(str(source), wrapwidth=100)
    catalogue.metadata["Language"] = "zh_Hans"
    for entry in catalogue:
        road = speaks_of_columns(entry.msgid + " " + entry.msgid_plural)
        if entry.msgstr:
            entry.msgstr = simplified(entry.msgstr, converter, terms, road)
        for index, text in list(entry.msgstr_plural.items()):
            entry.msgstr_plural[index] = simplified(text, converter, terms, road)
    SIMPLIFIED.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(SIMPLIFIED / f"{domain}.po"))


# The glossary fields in Chinese, converted; the others (en, slug, gloss, group...)
# are copied as they are.
CHINESE_FIELDS = ("name", "definition")


def simplified_entry(entry: dict, converter, terms) -> dict:
    """One glossary term in Simplified. Its other names are converted by OpenCC alone and
    never by the reviewed terms: they are the other names people write, 曱甴路 among them."""
    result = dict(entry)
    for key in CHINESE_FIELDS:
        if key in entry:
            result[key] = simplified(entry[key], converter, terms)
    if "see" in entry:
        result["see"] = [simplified(name, converter, terms) for name in entry["see"]]
    other = [converter.convert(name) for name in entry.get("other", [])]
    by_characters = converter.convert(entry["name"])
    if result["name"] != by_characters:
        # A reviewed term renamed it: the Traditional name stays findable, first.
        other.insert(0, by_characters)
    other = [name for name in dict.fromkeys(other) if name != result["name"]]
    if other:
        result["other"] = other
    else:
        result.pop("other", None)
    return result


def toml_value(value) -> str:
    """A TOML string or list of strings (JSON's escapes are TOML's basic string's)."""
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)


def convert_glossary(converter, terms) -> None:
    source = GLOSSARY / "glossary.zh-hant.toml"
    if not source.exists():
        return
    entries = tomllib.loads(source.read_text(encoding="utf-8"))["term"]
    lines = [
        "# The glossary in Simplified Chinese (zh-hans): made from glossary.zh-hant.toml by",
        "# scripts/simplified.py (OpenCC, then locale/terms.toml). Do not edit by",
        "# hand: edit the Traditional file and run the script.",
    ]
    for entry in entries:
        lines += ["", "[[term]]"]
        for key, value in simplified_entry(entry, converter, terms).items():
            lines.append(f"{key} = {toml_value(value)}")
    (GLOSSARY / "glossary.zh-hans.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


SOURCES = ROOT / "reference"
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
TABLE_HEADER = re.compile(r"^\[[^\[\]\n]+\]", re.M)  # [source.mgc-baccarat], [pages."/odds/"]


def toml_key(key: str) -> str:
    return key if BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def convert_sources(converter, terms) -> None:
    """reference/sources.zh-hant.toml in Simplified, beside it: its tables ([source.<id>],
    [section.<id>]...) in the same order, each text converted."""
    source = SOURCES / "sources.zh-hant.toml"
    if not source.exists():
        return
    text = source.read_text(encoding="utf-8")
    overlay = tomllib.loads(text)
    # The tables in the order the file gives them (a source, then its sections...).
    order = [tomllib.loads(f"{line}\n") for line in TABLE_HEADER.findall(text)]
    lines = [
        "# The sources' overlay in Simplified Chinese (zh-hans): made from sources.zh-hant.toml",
        "# by scripts/simplified.py (OpenCC, then locale/terms.toml). Do not edit by",
        "# hand: edit the Traditional file and run the script.",
    ]
    for header in order:
        ((table, entry),) = header.items()
        ((key, _),) = entry.items()
        lines += ["", f"[{table}.{toml_key(key)}]"]
        for field, value in overlay[table][key].items():
            lines.append(f"{field} = {toml_value(simplified(value, converter, terms))}")
    (SOURCES / "sources.zh-hans.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


LESSONS = ROOT / "lessons" / "content" / "lessons"


def convert_lessons(converter, terms) -> None:
    """Each lesson (and module) translated into Traditional, in Simplified beside it
    (x.zh-hans.md is made from x.zh-hant.md: edit that one, never this); its links to the
    Traditional site go to the Simplified one. A Simplified file whose Traditional one is
    gone goes too."""
    for source in LESSONS.rglob("*.zh-hant.md"):
        text = simplified(source.read_text(encoding="utf-8"), converter, terms)
        text = text.replace("/zh-hant/", "/zh-hans/")
        target = source.with_name(source.name.replace(".zh-hant.md", ".zh-hans.md"))
        target.write_text(text, encoding="utf-8")
    for made in LESSONS.rglob("*.zh-hans.md"):
        if not made.with_name(made.name.replace(".zh-hans.md", ".zh-hant.md")).exists():
            made.unlink()


def main() -> int:
    converter = opencc.OpenCC("hk2s")
    terms = reviewed_terms()
    for domain in ("django", "djangojs"):
        convert(domain, converter, terms)
    convert_glossary(converter, terms)
    convert_sources(converter, terms)
    convert_lessons(converter, terms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
