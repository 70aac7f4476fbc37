"""The shape of every refusal the API answers (400, 403, 404, 409, 413, 429): one sentence
naming what is wrong. (A malformed request's 422 adds pydantic's list: api.api.)

The sentence is in the language the request's Accept-Language asks for (baccarat_site.
languages); it starts with the name of the field the caller wrote, as they wrote it.
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from ninja import Schema


class ErrorOut(Schema):
    detail: str


def at_field(field: str, problem: str) -> str:
    """A problem said of the field it is in, "cards[2]: 'Z' is not a card: ...", for a
    problem worded elsewhere (the engine, a model's validators); a translation writes its
    own colon."""
    return _("%(field)s: %(problem)s") % {"field": field, "problem": problem}


def joined(problems: list[str]) -> str:
    """Several problems of one request, in one `detail`, in the order found."""
    return pgettext("between the problems of one refused request", "; ").join(problems)
