"""Simplified Chinese from the Traditional catalogue (issue 18): run by `make messages`.

The two scripts differ mostly by characters, which OpenCC converts (its `hk2s` profile: the
Traditional here is written as Hong Kong and Macau write it). Where usage differs, not only
the script (the Cockroach Pig is 曱甴路 in Cantonese guides and 蟑螂路 on Simplified
pages), the reviewed terms in locale/zh_Hans/terms.toml replace what OpenCC gives, longest
first. The Traditional catalogue stays the one translators edit; this file is rebuilt from
it and never edited by hand.

    .venv/bin/python scripts/simplified.py   # locale/zh_Hant -> locale/zh_Hans
"""

import re
import sys
import tomllib
from pathlib import Path

import opencc
import polib

ROOT = Path(__file__).resolve().parent.parent
TRADITIONAL = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES"
SIMPLIFIED = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES"
TERMS = ROOT / "locale" / "zh_Hans" / "terms.toml"


def reviewed_terms() -> list[tuple[str, str]]:
    """(what OpenCC writes, what Simplified pages say), longest first."""
    terms = tomllib.loads(TERMS.read_text(encoding="utf-8"))["term"]
    pairs = [(term["converted"], term["simplified"]) for term in terms]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


# A road's column is 第 N 行 in Traditional (Hong Kong and Taiwan count a road's columns as
# 行, its rows as 格); a mainland reader reads 行 as a row, so Simplified says 第 N 列.
COLUMN = re.compile(r"第(\s*(?:\{[a-z_]+\}|%\([a-z_]+\)s|[0-9０-９一二三四五六七八九十]+)\s*)行")


def simplified(text: str, converter, terms) -> str:
    text = converter.convert(text)
    for converted, wanted in terms:
        text = text.replace(converted, wanted)
    return COLUMN.sub(r"第\1列", text)


def convert(domain: str, converter, terms) -> None:
    source = TRADITIONAL / f"{domain}.po"
    if not source.exists():
        return
    catalogue = polib.pofile(str(source), wrapwidth=100)
    catalogue.metadata["Language"] = "zh_Hans"
    for entry in catalogue:
        if entry.msgstr:
            entry.msgstr = simplified(entry.msgstr, converter, terms)
        for index, text in list(entry.msgstr_plural.items()):
            entry.msgstr_plural[index] = simplified(text, converter, terms)
    SIMPLIFIED.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(SIMPLIFIED / f"{domain}.po"))


def main() -> int:
    converter = opencc.OpenCC("hk2s")
    terms = reviewed_terms()
    for domain in ("django", "djangojs"):
        convert(domain, converter, terms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
