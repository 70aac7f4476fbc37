"""Where to find help with gambling, in the page's language (reference/content/helplines.toml):
the footer of every page and the course's last lesson show the services that speak it."""

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

HELPLINES_FILE = Path(__file__).parent / "content" / "helplines.toml"
KEYS = {"name", "url", "phone", "tel", "lang"}


class HelplinesError(ValueError):
    """A helplines file that cannot be shown: the message says which entry and why."""


@dataclass(frozen=True)
class Helpline:
    name: str
    url: str = ""
    phone: str = ""
    tel: str = ""
    lang: str = ""  # the name's language, when it is not the page's


def _entry(table: dict, where: str) -> Helpline:
    unknown = set(table) - KEYS
    if unknown:
        raise HelplinesError(f"{where}: unknown keys {sorted(unknown)}")
    if not str(table.get("name", "")).strip():
        raise HelplinesError(f"{where}: needs a name")
    if not (table.get("url") or table.get("tel")):
        raise HelplinesError(f"{where}: needs a url or a tel to reach it by")
    if table.get("url") and not table["url"].startswith(("https://", "http://")):
        raise HelplinesError(f"{where}: url must be a web address")
    if bool(table.get("phone")) != bool(table.get("tel")):
        raise HelplinesError(f"{where}: phone (as written) and tel (E.164) go together")
    if table.get("tel") and not (table["tel"][0] == "+" and table["tel"][1:].isdigit()):
        raise HelplinesError(f"{where}: tel must be written +<digits>")
    return Helpline(**{key: str(value).strip() for key, value in table.items()})


def parse(text: str) -> dict[str, tuple[Helpline, ...]]:
    data = tomllib.loads(text)
    languages = {code for code, _name in settings.LANGUAGES}
    if set(data) != languages:
        raise HelplinesError(f"needs a list for each of the site's languages {sorted(languages)}")
    return {
        language: tuple(_entry(table, f"{language} #{n}") for n, table in enumerate(entries, 1))
        for language, entries in data.items()
    }


@cache
def all_helplines() -> dict[str, tuple[Helpline, ...]]:
    return parse(HELPLINES_FILE.read_text(encoding="utf-8"))


def helplines(language: str) -> tuple[Helpline, ...]:
    """The services for a page in `language` (English's for a language with no list)."""
    found = all_helplines()
    return found.get(language) or found[settings.LANGUAGE_CODE]
