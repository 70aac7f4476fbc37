"""The shape of every refusal the API answers (400, 403, 404, 409, 413, 429): one sentence
naming what is wrong. (A malformed request's 422 adds pydantic's list: api.api.)

The sentence is in the language the request's Accept-Language asks for (baccarat_site.
languages); it starts with the name of the field the caller wrote, as they wrote it.
"""

from django.utils.translation import pgettext
from ninja import Schema

from guards.inputs import at_field  # noqa: F401 (the API's modules take it from here)


class ErrorOut(Schema):
    detail: str


def joined(problems: list[str]) -> str:
    """Several problems of one request, in one `detail`, in the order found."""
    return pgettext("between the problems of one refused request", "; ").join(problems)
