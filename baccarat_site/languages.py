"""The site in English, Traditional Chinese and Simplified Chinese Django's way.

- Pages live under a language prefix for the translated languages (/zh-hant/tracker/…,
  /zh-hans/…); English keeps today's URLs, unprefixed (urls.py: i18n_patterns with
  prefix_default_language=False). The API, the health check and the site's files are not
  prefixed: a program asks for Chinese with Accept-Language.
- The header's switch posts to Django's set_language, which remembers the choice in a cookie
  for a year and sends the visitor to the same page in the chosen language.
- An English URL asked for by a visitor who chose Chinese, or who chose nothing and whose
  browser prefers Chinese, is answered by the same page in that Chinese
  (`to_their_language`); a visitor who chose English stays on English URLs.
- Every page names its language (<html lang>) and its other languages (hreflang links).
- The API (/api/) answers a refusal's `detail` in the language the request's Accept-Language
  prefers, and says so in Content-Language (`answers_in_their_language`); its field names,
  values, successful answers and documentation stay as they are, in English (api/english.py).
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpResponseRedirect
from django.urls import translate_url
from django.utils.cache import patch_vary_headers
from django.utils.translation import (
    get_language,
    get_language_from_path,
    override,
)
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from guards.accept_language import (
    API_PREFIX,
    ENGLISH,
    SIMPLIFIED,
    TAGS,
    TRADITIONAL,
    api_language,
    mark_language,
    preferred_language,
)
from guards.echo import page_address
from guards.redirects import is_local_path, on_this_site

# The header's switch, where room is short: as signs and menus mark the two scripts.
SHORT = {ENGLISH: "EN", TRADITIONAL: "繁", SIMPLIFIED: "简"}


def chosen_language(request) -> str | None:
    """The language this visitor chose with the switch (its cookie), if any."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return chosen if chosen in dict(settings.LANGUAGES) else None


def to_their_language(get_response):
    """Middleware, after LocaleMiddleware: a GET of an English (unprefixed) page goes to the
    same page in Chinese (302, before the English page is drawn) when the visitor chose
    Chinese with the switch, or, having chosen nothing, their browser prefers it. Unprefixed
    answers vary on both.

    Only a path no browser could read as another site's address is sent on (a request for
    "//evil.example/tracker/" would otherwise go to "//evil.example/zh-hant/tracker/":
    translate_url keeps the host it reads in "//"); any other is answered as it is, a 404."""

    def middleware(request):
        unprefixed = request.method in ("GET", "HEAD") and not get_language_from_path(
            request.path_info
        )
        if unprefixed:
            wanted = chosen_language(request) or preferred_language(
                request.headers.get("Accept-Language", "")
            )
            here = request.get_full_path()
            there = here
            if wanted not in (None, ENGLISH) and is_local_path(request.path):
                there = translate_url(here, wanted)
            # else not a page with translations (the API, a file), or not one of ours
            if there != here and is_local_path(there):
                redirect = HttpResponseRedirect(there)
                patch_vary_headers(redirect, ["Accept-Language", "Cookie"])
                return redirect
        response = get_response(request)
        if unprefixed:
            patch_vary_headers(response, ["Accept-Language", "Cookie"])
        return response

    return middleware


# The API's documentation (ninja's url names): English whatever the header says.
API_DOCUMENTS = {"openapi-view", "openapi-json"}


def answers_in_their_language(get_response):
    """Middleware, after LocaleMiddleware (which makes every unprefixed path English): an
    API request is answered in the language its Accept-Language prefers, for as long as the
    request lasts, and the answer says so (Content-Language, before LocaleMiddleware's
    default of English can be set). The documentation stays English and unmarked."""

    def middleware(request):
        if not request.path_info.startswith(API_PREFIX):
            return get_response(request)
        language = api_language(request)
        with override(language):
            response = get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and match.url_name in API_DOCUMENTS:
            return response
        return mark_language(response, language)

    return middleware


@require_POST
def choose_language(request):
    """The header's switch: Django's set_language (remember the choice, back to `next` in
    it), reading `next` in its own language. Django translates `next` as if it were in the
    language of this request, which has no prefix (English), so "/zh-hant/lab/" would not
    be found and the switch to English would stay on the Chinese page. The page it goes
    back to is a path on this site, whatever `next` (or the Referer) said."""
    try:
        path = urlsplit(request.POST.get("next", "")).path
    except ValueError:  # "//[": no address at all; set_language sends it home
        path = ""
    with override(get_language_from_path(path) or settings.LANGUAGE_CODE):
        response = set_language(request)
    # set_language lets an absolute URL to this host through ("//host/x", "http://host/x"):
    # the path on this site, or the home page.
    if "Location" in response:
        response["Location"] = on_this_site(response["Location"], request) or "/"
    return response


def languages(request):
    """Context: the page's language as <html lang> writes it, and the same page in each
    language (hreflang links and the header's switch)."""
    current = get_language()
    # A path a browser would read as another host's ("//evil.example/x", the 404 page for
    # it) would keep that host through translate_url and build_absolute_uri: the home page.
    here = page_address(request) if is_local_path(request.path) else "/"
    others = []
    for code, name in settings.LANGUAGES:
        url = translate_url(here, code)
        try:
            url = request.build_absolute_uri(url)
        except DisallowedHost:
            pass  # the 400 page for a request to another host: the path alone
        others.append(
            {
                "code": code,
                "tag": TAGS[code],
                "name": name,
                "short": SHORT[code],
                "url": url,
                "current": code == current,
            }
        )
    return {"html_lang": TAGS.get(current, current), "page_languages": others}
