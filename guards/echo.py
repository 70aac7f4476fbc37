"""What a response may say back of what the caller sent: never more than a short excerpt.

A value typed into a form is drawn again when the form is refused, the page's own address
is written into its links (the language switch, the theme switch, "Sign in"), and a
message quotes what it could not read. Each is bounded here, however long what was sent:
a refused request costs no more to answer, and carries no more of the caller's text back,
than a short one. Messages quote through guards.inputs.shown (a few dozen characters,
escaped); this module bounds the rest.

- BoundedEchoRenderer (settings.FORM_RENDERER): a form field drawn again shows what was
  typed only when it fits the field's maxlength (a browser lets no more be typed), or, for
  a field without one (a textarea), when it is at most ECHOED characters: otherwise the
  field is drawn empty, and its error says what was wrong.
- page_address / echo_context (the template variable `here`): the page's address for its
  links, its query string left out when the whole is over MAX_ADDRESS characters.
- came_from(request): the page that led here (the Referer), for an error or refusal page's
  way back: a path on this site only, and none longer than MAX_ADDRESS.
- drawn_back(text, limit): a value a view draws back into its own form (the odds page's
  dealt cards, a lesson's typed hand): itself when at most `limit` characters, else "".
- brief(value): a value in a message as Python writes it ('dark'), cut and quoted past a
  few dozen characters; excerpt(text): the start of a long text (a path on the 404 page).
"""

import reprlib
from urllib.parse import urlsplit

from django.core.exceptions import DisallowedHost
from django.forms.renderers import DjangoTemplates
from django.utils.http import url_has_allowed_host_and_scheme

from guards.inputs import shown

# The longest address the site writes back into a link or a redirect: far longer than any
# of its pages' (a lab run's is about 100 characters, a lesson with every board changed a
# few hundred), and nothing longer is carried from one page to the next.
MAX_ADDRESS = 2_048
# The most of a field without a maxlength (a textarea: a pasted shoe) drawn again when its
# form is refused: a shoe of plain outcomes, or a few hundred hands of CSV, fits.
ECHOED = 10_000


# A value too long to say whole is said by its start: a long list or text is never written
# out in full to be cut afterwards.
_BRIEF = reprlib.Repr(maxlevel=2, maxtuple=4, maxlist=4, maxdict=4, maxset=4, maxstring=40,
                      maxlong=40, maxother=40)  # fmt: skip


def brief(value: object, limit: int = 24) -> str:
    """A value for a message as Python writes it ('dark', 9, [1, 2]) when that is short and
    printable; otherwise quoted and cut by guards.inputs.shown. Never longer than about
    `limit` characters, whatever the value, and never costlier than its first characters."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool):
        text = repr(value) if value.bit_length() < 128 else _BRIEF.repr(value)
    else:
        text = _BRIEF.repr(value)
    return text if len(text) <= limit and text.isprintable() else shown(text, limit)


def excerpt(text: str, limit: int = 100) -> str:
    """The start of `text` to show where the whole would be long (a path on the 404 page)."""
    return text if len(text) <= limit else f"{text[:limit]}…"


def drawn_back(text: str, limit: int = ECHOED) -> str:
    """`text` to draw back into a form, or "" when it is longer than `limit`."""
    return text if isinstance(text, str) and len(text) <= limit else ""


def page_address(request) -> str:
    """The page's path and query, for its own links; the path alone when that is over
    MAX_ADDRESS characters, and the home page when even the path is."""
    full = request.get_full_path()
    if len(full) <= MAX_ADDRESS:
        return full
    path = full.partition("?")[0]
    return path if len(path) <= MAX_ADDRESS else "/"


def came_from(request):
    """The page that led here, as a path on this site (from the Referer), or None. Only a
    same-host address is offered back, and only its path and query: never another site, nor
    a `javascript:` link."""
    referer = request.META.get("HTTP_REFERER", "")
    if not referer:
        return None
    try:
        host = request.get_host()
        parts = urlsplit(referer)
    except (DisallowedHost, ValueError):
        return None
    if parts.scheme not in ("http", "https") or parts.netloc != host:
        return None
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if len(path) > MAX_ADDRESS:  # longer than any page's address: not written back
        return None
    # Relative and on no other host, even as a browser reads it ("//x", "/\\x").
    if not path.startswith("/") or not url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        return None
    return path


def echo_context(request):
    """Context: `here`, the page's address as its links may carry it (page_address)."""
    return {"here": page_address(request)}


class BoundedEchoRenderer(DjangoTemplates):
    """Django's template form renderer, but a widget drawn again with what the caller sent
    shows it only when it fits the field's maxlength (a browser lets no more be typed), or,
    without one (a textarea), when it is at most ECHOED characters; else it is drawn empty."""

    def render(self, template_name, context, request=None):
        widget = context.get("widget") if isinstance(context, dict) else None
        if isinstance(widget, dict) and isinstance(widget.get("value"), str):
            widget["value"] = bounded_value(widget["value"], widget.get("attrs") or {})
        return super().render(template_name, context, request)


def bounded_value(value: str, attrs: dict) -> str:
    most = attrs.get("maxlength")
    try:
        most = int(most) if most is not None else None
    except (TypeError, ValueError):
        most = None
    return drawn_back(value, ECHOED if most is None else most)
