"""What the service worker keeps on the device (/sw.js, baccarat_site/service_worker.py): the
app shell, the files the tracker needs to open and record with no signal.

- Static files: every one the tracker's templates and base.html name (read from the templates
  themselves, so a script added to the tracker is kept without a list to update), htmx, and
  the icons. Only files that exist are listed: a worker whose install fails on a missing file
  would keep nothing.
- Pages, in each language: the tracker's index, its page for a shoe started offline (when the
  site has one), the scripts' sentences (jsi18n) and the manifest.
"""

import re
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from baccarat_site.site_files import manifest_path

# The templates a tracker page is drawn from (an include of another folder names its static
# files too: the card sprite in components/).
TEMPLATES = ("base.html", "tracker", "scoreboard", "components")
STATIC_IN_TEMPLATE = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]""")
# Named in no template: htmx (through {% htmx_script %}), the icons the manifest names, the
# scripts the service worker's own pages load.
ALWAYS = (
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "js/sw-register.js",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
)
# The tracker's pages: the index and a shoe's, in any language (their copies are kept as they
# are visited, so that a shoe opened once opens with no signal).
OFFLINE_PAGE = "tracker:offline"


def _exists(name: str) -> bool:
    if finders.find(name):
        return True
    try:
        return staticfiles_storage.exists(name)
    except (ValueError, OSError):
        return False


def _named_in_templates() -> list[str]:
    names: set[str] = set()
    for folder in [settings.BASE_DIR / "templates"]:
        for part in TEMPLATES:
            path = Path(folder) / part
            files = [path] if path.is_file() else sorted(path.rglob("*.html"))
            for template in files:
                names.update(STATIC_IN_TEMPLATE.findall(template.read_text()))
    return sorted(names)


@cache
def static_files() -> tuple[str, ...]:
    """The shell's static files as the pages name them (hashed in production)."""
    urls = []
    for name in sorted(set(_named_in_templates()) | set(ALWAYS)):
        if _exists(name):
            try:
                urls.append(static(name))
            except ValueError:  # in the sources but not collected: no page could name it
                continue
    return tuple(urls)


def _reversed(name: str, language: str) -> str | None:
    with translation.override(language):
        try:
            return reverse(name)
        except NoReverseMatch:
            return None


def offline_page(language: str) -> str | None:
    """The tracker's page for a shoe started with no signal, when the site has one."""
    return _reversed(OFFLINE_PAGE, language)


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def pages() -> list[str]:
    """The shell's pages, in every language."""
    found: list[str] = []
    for language in languages():
        found.append(manifest_path(language))
        for name in ("tracker:index", OFFLINE_PAGE):
            url = _reversed(name, language)
            if url:
                found.append(url)
        if language != settings.LANGUAGE_CODE:  # English pages load no catalogue (base.html)
            found.append(_reversed("javascript_catalog", language) or "")
    return [url for url in found if url]


def tracker_pages() -> str:
    """A regular expression (JavaScript's too) for the tracker pages the worker keeps as they
    are visited: the index, a shoe's page and the offline one, in every language."""
    prefixes = sorted(
        {re.escape(_reversed("tracker:index", language) or "") for language in languages()}
    )
    return "^(?:" + "|".join(prefixes) + r")(?:\d+/|offline/)?$"
