"""Every redirect the site makes goes to a path on this site (no open redirect).

A browser reads `//evil.example/x` as "https://evil.example/x" (a network-path reference),
and so it reads `/\\evil.example/x`, and `/<tab>/evil.example/x` once it has dropped the tab
(browsers remove tabs and newlines from a URL before reading it). A redirect's target is
therefore either built from a path that cannot be read so (`is_local_path`), or, when it
comes from input (a form's `next` or `back`, a Referer), checked with Django's
url_has_allowed_host_and_scheme and cut down to its path on this site (`on_this_site`).

`redirects_stay_here` is the net under all of them: a middleware that checks the target of
every answer that sends the browser somewhere (Location, and htmx's HX-Redirect and
HX-Location), and sends it to the home page instead, with a warning in the log, should one
ever name another site.
"""

import json
import logging
import unicodedata
from urllib.parse import urlsplit

from django.core.exceptions import DisallowedHost
from django.utils.http import url_has_allowed_host_and_scheme

from guards.echo import MAX_ADDRESS

logger = logging.getLogger(__name__)

HOME = "/"
# The headers that send a browser elsewhere (htmx's own two besides Location).
REDIRECT_HEADERS = ("Location", "HX-Redirect", "HX-Location")


def is_local_path(url) -> bool:
    """`url` is an absolute path on this site that no browser reads as another host's
    address: "/" then anything but "/" or "\\", no backslash anywhere, no control character
    or line break anywhere."""
    if not isinstance(url, str) or not url.startswith("/"):
        return False
    if url[1:2] in ("/", "\\") or "\\" in url:
        return False
    if any(unicodedata.category(char) == "Cc" for char in url):
        return False
    return url_has_allowed_host_and_scheme(url, allowed_hosts=None)


def request_host(request) -> str | None:
    try:
        return request.get_host()
    except DisallowedHost:
        return None


def on_this_site(url, request) -> str | None:
    """A target from input (`next`, `back`, a Referer) as a path on this site, or None.
    It must pass Django's url_has_allowed_host_and_scheme for the request's own host (and
    HTTPS when the request came by HTTPS); an absolute URL to this host is cut down to its
    path, query and fragment, and what is left must be an `is_local_path`. A relative
    reference ("lab/", "?x=1") is refused too: every link on the site names its path."""
    if not url or not isinstance(url, str) or len(url) > MAX_ADDRESS:
        return None  # none of the site's pages has an address that long
    host = request_host(request)
    if host is None or not url_has_allowed_host_and_scheme(
        url, allowed_hosts={host}, require_https=request.is_secure()
    ):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    local = parts.path
    if parts.query:
        local += f"?{parts.query}"
    if parts.fragment:
        local += f"#{parts.fragment}"
    return local if is_local_path(local) else None


def goes_to(header: str, value: str) -> str:
    """The URL a redirect header sends the browser to. HX-Location may be JSON with the
    URL as its `path`."""
    if header == "HX-Location" and value.lstrip().startswith("{"):
        try:
            path = json.loads(value).get("path", "")
        except (ValueError, AttributeError):
            return value
        return path if isinstance(path, str) else value
    return value


def stays_here(url: str, request) -> bool:
    """A redirect target the site may send: a local path, a path relative to the page
    ("../", "?page=2": no scheme, no host, no leading slash, backslash or space), or an
    absolute http(s) URL to this very host (SecurityMiddleware's move to HTTPS is one)."""
    if is_local_path(url):
        return True
    if "\\" in url or any(unicodedata.category(char) == "Cc" for char in url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    if not parts.scheme and not parts.netloc and url[:1] not in ("", "/", " "):
        return url_has_allowed_host_and_scheme(url, allowed_hosts=None)
    host = request_host(request)
    if host is None:
        return False
    return (
        parts.scheme in ("http", "https")
        and url.lower().startswith(f"{parts.scheme}://")
        and parts.netloc.lower() == host.lower()
    )


def redirects_stay_here(get_response):
    """Middleware: no answer sends the browser to another site (see the module's doc)."""

    def middleware(request):
        response = get_response(request)
        for header in REDIRECT_HEADERS:
            value = response.headers.get(header)
            if value is None or stays_here(goes_to(header, value), request):
                continue
            logger.warning(
                "A redirect to another site was stopped (%s: %s); sent to %s instead",
                header,
                ascii(value[:200]),
                HOME,
            )
            response.headers[header] = HOME
        return response

    return middleware
