"""The site's version, shared by every page, the service worker and every write.

`SITE_VERSION` is a short hash that changes whenever a deploy changes what a page or the API
is: `<html data-site-version>` carries it on every page (base.html, through `context`), the
service worker names its caches after it (/sw.js, baccarat_site/service_worker.py), and the
tracker's queue sends it as `X-Site-Version` with every write. A write from a page of another
version is refused with 409 (`refuse_other_versions`): a page left open across a deploy would
otherwise talk to an API it was not written for. Writes without the header (plain forms,
the JSON API) are not checked.

The value is the environment's `SITE_VERSION` when set (settings.SITE_VERSION: a release tag,
the same on every app server), else a hash computed once at start of the files that make the
pages and the API: the static files (through collectstatic's manifest when there is one: its
names carry each file's hash), the templates, the translations and the site's Python. Every
app server of one deploy computes the same value from the same files.
"""

import hashlib
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

HEADER = "X-Site-Version"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LENGTH = 12  # hex digits: enough that two deploys never share one

# What a deploy changes. tests/, docs/, bench/ and scripts/ change no page.
NOT_THE_SITE = {"tests", "docs", "bench", "scripts", "requirements", "deploy", "staticfiles"}
MADE_OF = (".py", ".html", ".txt", ".svg", ".js", ".css", ".json", ".toml", ".md", ".mo")


def _site_files(root: Path):
    """The files that make the site: templates, static files, translations and the Python of
    every package at the top of the project (the apps and the game)."""
    folders = [root / "templates", root / "locale"]
    folders += [
        path
        for path in sorted(root.iterdir())
        if (path / "__init__.py").is_file() and path.name not in NOT_THE_SITE
    ]
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.is_file():
        yield manifest  # collectstatic's names already carry each file's hash
    else:
        folders += [Path(folder) for folder in settings.STATICFILES_DIRS]
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in MADE_OF and path.is_file() and "__pycache__" not in path.parts:
                yield path


def computed(root: Path | None = None) -> str:
    """A hash of the site's files, their paths and contents."""
    root = root or Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    for path in _site_files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:LENGTH]


# Read where it is used (site_version.SITE_VERSION), not imported by value, so that a test can
# put another version in its place as a deploy would.
SITE_VERSION: str = settings.SITE_VERSION or computed()


def context(request):
    """Every page's version, for <html data-site-version> (base.html)."""
    return {"site_version": SITE_VERSION}


def stale_write_reason() -> str:
    return _(
        "The site was updated while this page was open. Reload the page: your hands are kept "
        "on this device and will be sent."
    )


def refuse_other_versions(get_response):
    """Middleware: a write that says which version of the site its page is, and names another,
    is refused with 409 and the reason in plain words (JSON under /api/), before any view
    reads it. The answer names the server's version, so the page can tell this refusal from
    any other 409."""

    def middleware(request):
        sent = request.headers.get(HEADER)
        if request.method in WRITES and sent is not None and sent.strip() != SITE_VERSION:
            reason = stale_write_reason()
            response: HttpResponse
            if request.path_info.startswith("/api/"):
                response = JsonResponse({"detail": reason}, status=409)
            else:
                response = HttpResponse(
                    reason, status=409, content_type="text/plain; charset=utf-8"
                )
            response[HEADER] = SITE_VERSION
            response["Cache-Control"] = "no-store"
            return response
        return get_response(request)

    return middleware
