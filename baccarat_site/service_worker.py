"""/sw.js: the service worker that lets the tracker open and record with no signal.

Served from the site's root so that its scope is the whole site, never cached by the browser's
HTTP cache (Cache-Control: no-cache: the browser asks again on every navigation, and a deploy
is seen at once). Its text is templates/sw.js, carrying the site's version (the names of its
caches) and the app shell (baccarat_site/app_shell.py). What it does and why:
docs/offline.md, "Installing and the service worker".
"""

import json

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from baccarat_site import app_shell, site_version
from guards.accept_language import TAGS

# A navigation with no answer after this long is served from the device, when it has a copy.
NETWORK_TIMEOUT_MS = 4000
# Never intercepted: the API, the account pages and the admin, in any language.
NEVER_UNDER = ("api", "accounts", "admin")


def offline_words(language: str) -> dict[str, str]:
    """The page shown for an address the device has no copy of, in the page's language."""
    with translation.override(language):
        return {
            "lang": TAGS[language],
            "title": _("No signal"),
            "text": _(
                "This page is not kept on this device, and the site cannot be reached. The "
                "tracker works with no signal:"
            ),
            "link": _("Open the tracker"),
            "href": reverse("tracker:index"),
        }


def never() -> str:
    """A regular expression (JavaScript's) for the paths the worker leaves alone."""
    prefixes = "|".join(
        code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE
    )
    return f"^/(?:(?:{prefixes})/)?(?:{'|'.join(NEVER_UNDER)})/"


def config() -> dict:
    languages = app_shell.languages()
    return {
        "version": site_version.SITE_VERSION,
        "static": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
        "shell": list(app_shell.static_files()),
        "pages": app_shell.pages(),
        "trackerPages": app_shell.tracker_pages(),
        "offline": {language: app_shell.offline_page(language) for language in languages},
        "words": {language: offline_words(language) for language in languages},
        "prefixes": {
            language: f"/{language}/"
            for language in languages
            if language != settings.LANGUAGE_CODE
        },
        "never": never(),
        "timeout": NETWORK_TIMEOUT_MS,
    }


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    text = render_to_string("sw.js", {"config": json.dumps(config(), ensure_ascii=False)})
    return HttpResponse(text, content_type="text/javascript; charset=utf-8")
